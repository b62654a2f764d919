//! Caddy v2 structured access logs (JSON, one entry per line).
//!
//! ```text
//! {"level":"info","ts":1795182936.25,"logger":"http.log.access","msg":"handled request",
//!  "request":{"remote_ip":"…","client_ip":"…","proto":"HTTP/2.0","method":"GET","host":"…",
//!  "uri":"/p?q","headers":{"User-Agent":["…"]},"tls":{…}},"status":200,…}
//! ```
//!
//! `ts` is float seconds (or a time string, with `time_format` set), written when the
//! response was done: the request came `duration` earlier, and that is its time, as
//! Apache's `%t` is (a request that took nine seconds would otherwise seem to follow the one
//! before it closely: a Crawl-delay breach that never was). A number with a fraction is
//! seconds (Caddy's default), an integer nanoseconds (`duration_format nano`), a string a
//! Go duration (`string`). Under `duration_format ms` a fractional number is milliseconds,
//! which the line does not say: read as seconds, a request would seem to come earlier than
//! it did (README: keep Caddy's default, `nano` or `string` for an audit). The client is
//! `client_ip` (the address after trusted proxies) else `remote_ip`; the scheme is https when
//! the request has a `tls` object. Lines of other loggers (no `request` object, or a
//! `logger` outside `http.log.access`, such as `http.log.error`) are skipped.

use std::borrow::Cow;

use super::json::{self, Value};
use super::nginx_json::{json_status, json_time, present};
use super::text::resolve_target;
use super::{BadLine, MIN_TIME_MS, Request, time};

/// Parses one line.
pub(crate) fn parse(line: &[u8]) -> Result<Option<Request<'_>>, BadLine> {
    if line.iter().all(u8::is_ascii_whitespace) {
        return Ok(None);
    }
    let (mut ts, mut status, mut request, mut size) = (None, None, None, None);
    let mut duration = None;
    let mut access = true;
    json::members(line, |key, v| {
        match key {
            // The access log's entries come from `http.log.access` (or a logger below it,
            // `http.log.access.log0`); `http.log.error` writes a request that failed a second
            // time, with the same `request` and `status`: counted twice, a crawler's
            // request then seemed to follow itself within a millisecond (a Crawl-delay
            // breach that never happened).
            b"logger" => {
                access = matches!(v, Value::Str(name, _) if name.starts_with(b"http.log.access"));
            }
            b"ts" => ts = Some(v),
            b"status" => status = Some(v),
            b"size" => size = Some(v),
            b"duration" => duration = Some(v),
            b"request" => request = Some(v),
            _ => {}
        }
        Ok(())
    })?;
    let Some(Value::Obj(request)) = request.filter(|_| access) else {
        // Not an access log entry (server start-up, TLS, an error, …).
        return Ok(None);
    };
    let (done_ms, time_resolution_ms) = json_time(ts.ok_or(BadLine::MissingField)?)?;
    let time_ms = (done_ms - duration.and_then(duration_ms).unwrap_or(0)).max(MIN_TIME_MS);
    let status = json_status(present(status).ok_or(BadLine::MissingField)?)?;

    let (mut remote_ip, mut client_ip, mut method, mut host, mut uri) =
        (None, None, None, None, None);
    let (mut headers, mut tls) = (None, false);
    json::members(request, |key, v| {
        match key {
            b"remote_ip" => remote_ip = Some(v),
            b"client_ip" => client_ip = Some(v),
            b"method" => method = Some(v),
            b"host" => host = Some(v),
            b"uri" => uri = Some(v),
            b"headers" => headers = Some(v),
            b"tls" => tls = matches!(v, Value::Obj(_)),
            _ => {}
        }
        Ok(())
    })?;
    let mut user_agent = Cow::Borrowed(&[][..]);
    if let Some(Value::Obj(headers)) = headers {
        json::members(headers, |key, v| {
            if key.eq_ignore_ascii_case(b"User-Agent")
                && let Value::Arr(values) = v
                && let Some(first) = json::first_element(values)?
            {
                user_agent = first.text()?.unwrap_or_default();
            }
            Ok(())
        })?;
    }
    let client = present(client_ip)
        .or(present(remote_ip))
        .and_then(Value::raw)
        .unwrap_or_default();
    let mut host = present(host).and_then(Value::raw);
    let mut scheme = Some(if tls { "https" } else { "http" });
    let Some(Value::Str(raw_uri, escaped)) = present(uri) else {
        return Err(BadLine::MissingField);
    };
    let (origin, target) = resolve_target(raw_uri, |t| json::decode(t, escaped))?;
    if let Some((s, authority)) = origin {
        host = host.or(Some(authority));
        scheme = Some(s);
    }
    Ok(Some(Request {
        host,
        scheme,
        client,
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

/// How long the request took, in milliseconds, from `duration` as Caddy writes it: a number
/// with a fraction is seconds (the default), an integer nanoseconds (`duration_format nano`;
/// the default writes a whole number of seconds, which no measured duration is, as an
/// integer too: then read as nanoseconds, no correction), a string a Go duration.
fn duration_ms(v: Value<'_>) -> Option<i64> {
    match v {
        Value::Num(n) if n.contains(&b'.') => time::parse_seconds(n),
        Value::Num(n) => std::str::from_utf8(n)
            .ok()?
            .parse::<u64>()
            .ok()
            .map(|ns| ns / 1_000_000)
            .and_then(|ms| i64::try_from(ms).ok())
            .filter(|&ms| ms <= 86_400_000),
        Value::Str(s, false) => time::parse_go_duration(s),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Format, LineParser, detect};

    const LINE: &str = r#"{"level":"info","ts":1795182936.25,"logger":"http.log.access.log0","msg":"handled request","request":{"remote_ip":"10.0.0.2","remote_port":"41342","client_ip":"66.249.66.1","proto":"HTTP/2.0","method":"GET","host":"www.example.com","uri":"/private/a.html?x=1","headers":{"Accept":["*/*"],"User-Agent":["Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"]},"tls":{"resumed":false,"version":772,"cipher_suite":4865,"proto":"h2","server_name":"www.example.com"}},"bytes_read":0,"user_id":"","duration":0.000929675,"size":10900,"status":200,"resp_headers":{"Server":["Caddy"],"Content-Type":["text/html; charset=utf-8"]}}"#;

    #[test]
    fn access_entry() {
        let r = LineParser::new(Format::Caddy, None)
            .parse(LINE.as_bytes())
            .expect("valid")
            .expect("a request");
        super::super::assert_sample_request(&r, 1_795_182_936_250);
    }

    #[test]
    fn plain_http_remote_ip_no_ua_and_other_loggers() {
        let line = br#"{"level":"info","ts":"2026-11-20T13:55:36.250Z","logger":"http.log.access","msg":"handled request","request":{"remote_ip":"192.0.2.9","method":"HEAD","host":"example.org:8080","uri":"/a%20b","headers":{}},"status":404}"#;
        let r = LineParser::new(Format::Caddy, None)
            .parse(line)
            .expect("valid")
            .expect("a request");
        assert_eq!(r.scheme, Some("http"));
        assert_eq!(r.client, b"192.0.2.9");
        assert_eq!(r.host, Some(&b"example.org:8080"[..]));
        assert_eq!(&*r.target, b"/a%20b");
        assert_eq!(r.time_ms, 1_795_182_936_250);
        assert!(r.user_agent.is_empty());
        let startup =
            br#"{"level":"info","ts":1795182936.1,"msg":"serving initial configuration"}"#;
        assert_eq!(
            LineParser::new(Format::Caddy, None).parse(startup),
            Ok(None)
        );
    }

    /// `http.log.error` repeats a failed request with its `request` and `status`: skipped,
    /// so the request is counted once, from the access log's entry.
    #[test]
    fn error_entries_are_not_requests() {
        let error = LINE
            .replace("\"level\":\"info\"", "\"level\":\"error\"")
            .replace("http.log.access.log0", "http.log.error")
            .replace("\"status\":200", "\"status\":502");
        assert!(error.contains("http.log.error") && error.contains("\"status\":502"));
        let parser = LineParser::new(Format::Caddy, None);
        assert_eq!(parser.parse(error.as_bytes()), Ok(None));
        // Without a `logger`, an entry with a request is still one.
        let bare = LINE.replace("\"logger\":\"http.log.access.log0\",", "");
        assert!(!bare.contains("logger"));
        assert!(parser.parse(bare.as_bytes()).expect("valid").is_some());
        let access = LINE.replace("http.log.access.log0", "http.log.access");
        assert!(parser.parse(access.as_bytes()).expect("valid").is_some());
    }

    /// `ts` is when the response was done: the request is timed `duration` earlier, in each
    /// of Caddy's duration formats.
    #[test]
    fn requests_are_timed_by_when_they_came() {
        let parser = LineParser::new(Format::Caddy, None);
        let time = |duration: &str| {
            let line = LINE.replace("\"duration\":0.000929675", duration);
            parser
                .parse(line.as_bytes())
                .expect("valid")
                .expect("a request")
                .time_ms
        };
        let done = 1_795_182_936_250;
        assert_eq!(time("\"duration\":9.25"), done - 9_250);
        // The time's resolution is the time's own: one slow request does not blur the
        // intervals of every other request of its crawler.
        let line = LINE.replace("\"duration\":0.000929675", "\"duration\":9.25");
        let r = parser
            .parse(line.as_bytes())
            .expect("valid")
            .expect("a request");
        assert_eq!(r.time_resolution_ms, 10);
        assert_eq!(time("\"duration\":9250000000"), done - 9_250);
        assert_eq!(time("\"duration\":\"9.25s\""), done - 9_250);
        assert_eq!(time("\"duration\":\"1m0.5s\""), done - 60_500);
        // No duration, or one that is no duration: as written.
        assert_eq!(time("\"duration_x\":9.25"), done);
        assert_eq!(time("\"duration\":\"soon\""), done);
        assert_eq!(time("\"duration\":-9.25"), done);
    }

    #[test]
    fn detects_caddy() {
        let sample = format!("{LINE}\n{LINE}\n");
        assert_eq!(detect(sample.as_bytes()), Some(Format::Caddy));
    }
}
