//! Cloudflare Logpush HTTP request logs (NDJSON, one object per line).
//!
//! ```text
//! {"ClientIP":"…","ClientRequestHost":"www.example.com","ClientRequestMethod":"GET",
//!  "ClientRequestURI":"/p?q","ClientRequestUserAgent":"…","ClientRequestScheme":"https",
//!  "EdgeResponseStatus":200,"EdgeStartTimestamp":1795182936250000000}
//! ```
//!
//! `EdgeStartTimestamp` comes as unix nanoseconds (the default), seconds, milliseconds or an
//! RFC 3339 string, depending on the job's `timestamp_format`. The status is what the edge
//! sent the client (`EdgeResponseStatus`). Without `ClientRequestMethod` the method is GET.
//!
//! A Worker's own fetches are logged too, each on a line of its own (`"WorkerSubrequest":true`,
//! `ClientRequestSource` `edgeWorkerFetch`), as are health checks and other requests of
//! Cloudflare's (`ClientRequestSource` other than `eyeball`): they are no requests of the
//! client, who would otherwise seem to ask twice within milliseconds (a Crawl-delay breach
//! that never was) or for a path the Worker fetched on its behalf. Skipped.

use std::borrow::Cow;

use super::json::{self, Value};
use super::nginx_json::{json_status, json_time, present};
use super::text::{dash_empty, resolve_target, scheme_name};
use super::{BadLine, Request};

/// Parses one line.
pub(crate) fn parse(line: &[u8]) -> Result<Option<Request<'_>>, BadLine> {
    if line.iter().all(u8::is_ascii_whitespace) {
        return Ok(None);
    }
    let (mut client, mut host, mut method, mut uri, mut ua) = (None, None, None, None, None);
    let (mut ts, mut status, mut scheme, mut size, mut end) = (None, None, None, None, None);
    let mut clients_own = true;
    json::members(line, |key, v| {
        match key {
            b"ClientIP" => client = Some(v),
            b"ClientRequestHost" => host = Some(v),
            b"ClientRequestMethod" => method = Some(v),
            b"ClientRequestURI" => uri = Some(v),
            b"ClientRequestUserAgent" => ua = Some(v),
            b"EdgeStartTimestamp" => ts = Some(v),
            b"EdgeEndTimestamp" => end = Some(v),
            b"EdgeResponseStatus" => status = Some(v),
            b"ClientRequestScheme" => scheme = Some(v),
            // The body's size (`EdgeResponseBytes` counts the headers too).
            b"EdgeResponseBodyBytes" => size = Some(v),
            b"WorkerSubrequest" => clients_own &= !matches!(v, Value::Bool(true)),
            b"ClientRequestSource" => {
                clients_own &= !matches!(v, Value::Str(source, _) if source != b"eyeball");
            }
            _ => {}
        }
        Ok(())
    })?;
    if !clients_own {
        return Ok(None);
    }
    let (time_ms, time_resolution_ms) = json_time(present(ts).ok_or(BadLine::MissingField)?)?;
    // When the edge finished the response: a fetch of robots.txt holds its body from then
    // (a time that does not read leaves the start).
    let done_ms = super::response_end(
        time_ms,
        present(end).and_then(|v| json_time(v).ok()).map(|t| t.0),
    );
    let status = json_status(present(status).ok_or(BadLine::MissingField)?)?;
    let Some(Value::Str(raw_uri, escaped)) = present(uri) else {
        return Err(BadLine::MissingField);
    };
    let mut host = present(host).and_then(Value::raw);
    let mut scheme = present(scheme).and_then(Value::raw).and_then(scheme_name);
    let (origin, target) = resolve_target(raw_uri, |t| json::decode(t, escaped))?;
    if let Some((s, authority)) = origin {
        host = host.or(Some(authority));
        scheme = scheme.or(Some(s));
    }
    let user_agent = match present(ua) {
        Some(v) => dash_empty(v.text()?.unwrap_or_default()),
        None => Cow::Borrowed(&[][..]),
    };
    Ok(Some(Request {
        host,
        scheme,
        client: present(client).and_then(Value::raw).unwrap_or_default(),
        time_ms,
        done_ms,
        time_resolution_ms,
        method: present(method).and_then(Value::raw).unwrap_or(b"GET"),
        target,
        status,
        user_agent,
        bytes: present(size).and_then(Value::raw).unwrap_or_default(),
    }))
}

#[cfg(test)]
mod tests {
    use super::super::{Format, LineParser, detect};
    use super::*;

    const LINE: &str = r#"{"CacheCacheStatus":"miss","ClientIP":"66.249.66.1","ClientRequestHost":"www.example.com","ClientRequestMethod":"GET","ClientRequestProtocol":"HTTP/2","ClientRequestScheme":"https","ClientRequestURI":"/private/a.html?x=1","ClientRequestUserAgent":"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)","EdgeResponseBytes":5120,"EdgeResponseStatus":200,"EdgeStartTimestamp":1795182936250000000,"OriginResponseStatus":200,"RayID":"8e2f1c2d3b4a5f6e"}"#;

    /// A Worker's subrequests and Cloudflare's own requests are no requests of the client.
    #[test]
    fn subrequests_are_skipped() {
        let p = LineParser::new(Format::Cloudflare, None);
        let tagged = |extra: &str| LINE.replace("\"RayID\"", &format!("{extra},\"RayID\""));
        for own in [
            r#""WorkerSubrequest":true"#,
            r#""ClientRequestSource":"edgeWorkerFetch""#,
            r#""ClientRequestSource":"edgeHealthCheck""#,
        ] {
            assert_eq!(p.parse(tagged(own).as_bytes()), Ok(None), "{own}");
        }
        for client in [
            r#""WorkerSubrequest":false"#,
            r#""ClientRequestSource":"eyeball""#,
        ] {
            assert!(p.parse(tagged(client).as_bytes()).expect("valid").is_some());
        }
    }

    /// The edge's end of the response is when a fetch's body was the client's.
    #[test]
    fn the_end_of_the_response() {
        let p = LineParser::new(Format::Cloudflare, None);
        let with = |end: &str| {
            LINE.replace(
                "\"RayID\"",
                &format!("\"EdgeEndTimestamp\":{end},\"RayID\""),
            )
        };
        let line = with("1795182946250000000");
        let r = p.parse(line.as_bytes()).expect("valid").expect("a request");
        assert_eq!(
            (r.time_ms, r.done_ms),
            (1_795_182_936_250, 1_795_182_946_250)
        );
        // Before the start, more than a day after it, or unreadable: the start.
        for end in ["1795182926250000000", "1795269336251000000", "\"soon\""] {
            let line = with(end);
            let r = p.parse(line.as_bytes()).expect("valid").expect("a request");
            assert_eq!(r.done_ms, r.time_ms, "{end}");
        }
    }

    #[test]
    fn logpush_line() {
        let r = LineParser::new(Format::Cloudflare, None)
            .parse(LINE.as_bytes())
            .expect("valid")
            .expect("a request");
        super::super::assert_sample_request(&r, 1_795_182_936_250);
    }

    #[test]
    fn timestamp_formats() {
        let p = LineParser::new(Format::Cloudflare, None);
        for ts in ["1795182936", "\"2026-11-20T13:55:36Z\"", "1795182936000"] {
            let line = format!(
                r#"{{"ClientIP":"192.0.2.1","ClientRequestHost":"example.org","ClientRequestURI":"/","EdgeResponseStatus":404,"EdgeStartTimestamp":{ts}}}"#
            );
            let r = p.parse(line.as_bytes()).expect("valid").expect("a request");
            assert_eq!(r.time_ms, 1_795_182_936_000, "{ts}");
            assert_eq!(r.method, b"GET");
            assert_eq!(r.scheme, None);
        }
        assert_eq!(
            p.parse(br#"{"ClientIP":"192.0.2.1","EdgeResponseStatus":200,"EdgeStartTimestamp":1}"#),
            Err(BadLine::MissingField)
        );
    }

    #[test]
    fn detects_cloudflare() {
        let sample = format!("{LINE}\n{LINE}\n");
        assert_eq!(detect(sample.as_bytes()), Some(Format::Cloudflare));
    }
}
