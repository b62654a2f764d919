//! AWS load balancer access logs: Application Load Balancer and classic ELB.
//!
//! ```text
//! ALB:  type time elb client:port target:port req_t target_t resp_t elb_status target_status
//!       received sent "request" "user_agent" ssl_cipher ssl_protocol …
//! ELB:  time elb client:port backend:port req_t backend_t resp_t elb_status backend_status
//!       received sent "request" "user_agent" ssl_cipher ssl_protocol
//! ```
//!
//! The layouts are told apart by the first field (a timestamp starts a classic ELB line).
//! The request field holds an absolute URL (`GET https://www.example.com:443/p HTTP/1.1`):
//! host (with the port as logged), scheme and target come from it. The status is the
//! load balancer's (what the client got). A request the balancer could not parse is logged
//! as `"- http://host:80- -"`, answered 4xx: skipped; so is a connection of a classic ELB's
//! TCP or SSL listener (request `"- - - "`, statuses `-`), which is no HTTP request.
//!
//! The time of a request is when it came: a classic ELB's `time` ("when the load balancer
//! received the request"), an ALB's `request_creation_time` (field 22). An ALB's `time` is
//! when it *answered* ("the time when the load balancer generated a response"): a request
//! that took nine seconds would seem to follow the next one closely, and a crawler that
//! waited out its Crawl-delay be accused. Only a line without `request_creation_time` (logs
//! from before AWS added it) is timed by its `time`.

use std::borrow::Cow;

use super::text::{
    dash_empty, not_a_request, quoted, resolve_target, split_request_line, status,
    unescape_backslash,
};
use super::{BadLine, Request, time};

/// The next field at `at`: a quoted field (raw, has escapes) or a space-delimited one.
fn field(line: &[u8], at: usize) -> Result<(&[u8], bool, usize), BadLine> {
    if at >= line.len() {
        return Err(BadLine::TooFewFields);
    }
    let (v, escaped, end) = if line[at] == b'"' {
        quoted(line, at)?
    } else {
        let end = memchr::memchr(b' ', &line[at..]).map_or(line.len(), |i| at + i);
        (&line[at..end], false, end)
    };
    Ok((v, escaped, end + 1))
}

/// Parses one line.
pub(crate) fn parse(line: &[u8]) -> Result<Option<Request<'_>>, BadLine> {
    if line.iter().all(u8::is_ascii_whitespace) {
        return Ok(None);
    }
    // Fields in ALB positions; a classic ELB line (starting with the time) fills from 1.
    let mut f: [(&[u8], bool); 14] = [(&[], false); 14];
    let classic = line.first().is_some_and(u8::is_ascii_digit);
    let mut at = 0;
    for slot in f.iter_mut().skip(usize::from(classic)) {
        let (v, escaped, next) = field(line, at)?;
        *slot = (v, escaped);
        at = next;
    }
    let (request, req_escaped) = f[12];
    if request == b"- - - " {
        // A classic ELB's TCP or SSL listener: a connection, no HTTP request.
        return Ok(None);
    }
    let mut time_field = f[1].0;
    if !classic {
        // Fields 14 to 20, then `request_creation_time`; what a line lacks or cannot give
        // leaves `time`.
        let mut next = at;
        let mut created = None;
        for i in 14..=21 {
            let Ok((v, _, after)) = field(line, next) else {
                break;
            };
            next = after;
            if i == 21 {
                created = Some(v);
            }
        }
        if let Some(v) = created.filter(|v| time::parse_iso(v).is_some()) {
            time_field = v;
        }
    }
    let (time_ms, time_resolution_ms) = time::parse_iso(time_field).ok_or(BadLine::BadTime)?;
    // `time` is when the response was sent: the creation time, when read, came before it.
    let done_ms = if time_field == f[1].0 {
        time_ms
    } else {
        super::response_end(time_ms, time::parse_iso(f[1].0).map(|t| t.0))
    };
    let client = f[3].0;
    let client = match memchr::memrchr(b':', client) {
        Some(i) if client[i + 1..].iter().all(u8::is_ascii_digit) => &client[..i],
        _ => client,
    };
    let status = status(f[8].0)?;
    let (ua, ua_escaped) = f[13];
    let user_agent = dash_empty(if ua_escaped {
        unescape_backslash(ua)
    } else {
        Cow::Borrowed(ua)
    });
    let Some(rl) = split_request_line(request) else {
        return not_a_request(status);
    };
    let (origin, target) = resolve_target(rl.target, |t| {
        Ok(if req_escaped {
            unescape_backslash(t)
        } else {
            Cow::Borrowed(t)
        })
    })?;
    let (scheme, host) = match origin {
        Some((s, h)) => (Some(s), Some(h)),
        None => (None, None),
    };
    Ok(Some(Request {
        host,
        scheme,
        client,
        time_ms,
        done_ms,
        time_resolution_ms,
        method: rl.method,
        target,
        status,
        user_agent,
        // `sent_bytes` counts the headers too: no body's size.
        bytes: &[],
    }))
}

#[cfg(test)]
mod tests {
    use super::super::{Format, LineParser, detect};
    use super::*;

    const ALB: &str = r#"https 2026-11-20T13:55:36.250000Z app/my-loadbalancer/50dc6c495c0c9188 66.249.66.1:2817 10.0.0.1:80 0.086 0.048 0.037 200 200 0 57 "GET https://www.example.com:443/private/a.html?x=1 HTTP/1.1" "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" ECDHE-RSA-AES128-GCM-SHA256 TLSv1.2 arn:aws:elasticloadbalancing:us-east-2:123456789012:targetgroup/my-targets/73e2d6bc24d8a067 "Root=1-58337281-1d84f3d73c47ec4e58577259" "www.example.com" "arn:aws:acm:us-east-2:123456789012:certificate/12345678-1234-1234-1234-123456789012" 1 2026-11-20T13:55:36.100000Z "forward" "-" "-" "10.0.0.1:80" "200" "-" "-" TID_1234abcd"#;

    fn req(line: &str) -> Request<'_> {
        LineParser::new(Format::Alb, None)
            .parse(line.as_bytes())
            .unwrap_or_else(|e| panic!("{e}: {line}"))
            .unwrap_or_else(|| panic!("not a request: {line}"))
    }

    #[test]
    fn alb_line() {
        let r = req(ALB);
        assert_eq!(r.host, Some(&b"www.example.com:443"[..]));
        assert_eq!(r.scheme, Some("https"));
        assert_eq!(r.client, b"66.249.66.1");
        // When the request came (`request_creation_time`), not when it was answered.
        assert_eq!(r.time_ms, 1_795_182_936_100);
        assert_eq!(r.method, b"GET");
        assert_eq!(&*r.target, b"/private/a.html?x=1");
        assert_eq!(r.status, 200);
        assert_eq!(
            &*r.user_agent,
            b"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"
        );
    }

    #[test]
    fn classic_elb_and_oddities() {
        let r = req(
            r#"2026-11-20T13:55:36.000000Z my-loadbalancer 192.0.2.9:2817 10.0.0.1:80 0.000073 0.001048 0.000057 404 404 0 29 "HEAD http://www.example.com:80/a HTTP/1.1" "curl/7.38.0" - -"#,
        );
        assert_eq!(r.host, Some(&b"www.example.com:80"[..]));
        assert_eq!(r.scheme, Some("http"));
        assert_eq!(r.client, b"192.0.2.9");
        assert_eq!(r.status, 404);
        assert_eq!(&*r.user_agent, b"curl/7.38.0");
        let junk = r#"http 2026-11-20T13:55:36.250000Z app/lb/50dc 192.0.2.9:2817 - -1 -1 -1 400 - 0 0 "- http://www.example.com:80- -" "-" - - - "-" "-" "-" - 2026-11-20T13:55:36.250000Z "-" "-" "-" "-" "-" "-" "-""#;
        assert_eq!(
            LineParser::new(Format::Alb, None).parse(junk.as_bytes()),
            Ok(None)
        );
        assert_eq!(
            LineParser::new(Format::Alb, None).parse(b"https 2026-11-20T13:55:36Z x"),
            Err(BadLine::TooFewFields)
        );
    }

    /// An ALB's `time` is when it answered: a request is timed by when it came
    /// (`request_creation_time`), else (older lines) by `time`.
    #[test]
    fn alb_requests_are_timed_by_their_creation() {
        let slow = ALB
            .replace("0.086 0.048 0.037", "0.001 8.998 0.001")
            .replace(
                "1 2026-11-20T13:55:36.100000Z",
                "1 2026-11-20T13:55:27.000000Z",
            );
        assert_eq!(req(&slow).time_ms, 1_795_182_927_000);
        // Cut before field 22, or with no time there: `time`.
        let cut = ALB.split(" 1 2026-11-20T13:55:36.100000Z").next().unwrap();
        assert_eq!(req(cut).time_ms, 1_795_182_936_250);
        let odd = ALB.replace("1 2026-11-20T13:55:36.100000Z", "1 -");
        assert_eq!(req(&odd).time_ms, 1_795_182_936_250);
    }

    /// A classic ELB's TCP listener logs connections: no request, not malformed.
    #[test]
    fn classic_elb_connections_are_no_requests() {
        let tcp = r#"2026-11-20T13:55:43.945958Z my-loadbalancer 192.168.131.39:2817 10.0.0.1:80 0.001069 0.000028 0.000041 - - 82 305 "- - - " "-" - -"#;
        assert_eq!(
            LineParser::new(Format::Alb, None).parse(tcp.as_bytes()),
            Ok(None)
        );
        // One request among connections: the log is still told, then read.
        let http = r#"2026-11-20T13:55:36.000000Z my-loadbalancer 192.0.2.9:2817 10.0.0.1:80 0.000073 0.001048 0.000057 404 404 0 29 "HEAD http://www.example.com:80/a HTTP/1.1" "curl/7.38.0" - -"#;
        let sample = format!("{http}\n{tcp}\n{tcp}\n");
        assert_eq!(detect(sample.as_bytes()), Some(Format::Alb));
    }

    #[test]
    fn detects_alb() {
        let sample = format!("{ALB}\n{ALB}\n");
        assert_eq!(detect(sample.as_bytes()), Some(Format::Alb));
    }
}
