//! W3C extended log format: IIS (`w3c`) and Amazon CloudFront standard logs (`cloudfront`).
//!
//! Both name their columns in a `#Fields:` directive, which may change mid-file (IIS after a
//! configuration change; concatenated files); `input` cuts blocks there and hands the
//! directive in force to [`super::LineParser::new`]. Without one, each format's default
//! field list is assumed. IIS separates fields with spaces (spaces inside values are written
//! as `+`); CloudFront with tabs, URL-encoding the User-Agent (`%20`).
//!
//! Mapping: time = `date` + `time` (UTC); client = `c-ip`; host = `cs-host` / `cs(Host)` (IIS),
//! `x-host-header` before `cs(Host)` (CloudFront, whose `cs(Host)` is the distribution's own
//! domain); target = `cs-uri-stem` + `?` + `cs-uri-query` unless `-`; scheme = `cs-protocol`
//! (CloudFront) or `s-port` 443/80 (IIS). In an IIS stem a `+` is a space the client sent
//! percent-encoded, so it becomes `%20` again (the same target Apache would log; a literal
//! `+` in a path is the rare loser). A space-separated value may also be quoted, as the W3C
//! format allows (`"Mozilla/5.0 (compatible; …)"`, a quote inside doubled): read so when
//! split at its spaces the line has more values than its directive names (an IIS value
//! that merely starts with `"` is read as IIS wrote it); a line with more values either way
//! is malformed, never read with its values shifted.
//!
//! Both write `time` when the response was done (CloudFront: "the time when the CloudFront
//! server finished responding to the request"), and both log `time-taken` (CloudFront in
//! seconds, IIS in milliseconds): a request's time is `time` less `time-taken` when the line
//! has it, when the request came, as Apache's `%t` is. A request that took nine seconds would
//! otherwise seem to follow the one before it closely: a Crawl-delay breach that never was.

use std::borrow::Cow;

use super::text::{plus_to_space, scheme_for_port, scheme_name, status, unescape_url};
use super::{BadLine, Format, Request, time};

/// What a column holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Col {
    Skip,
    Date,
    Time,
    Client,
    Method,
    Stem,
    Query,
    Status,
    UserAgent,
    /// A host column; lower rank wins when a line has several.
    Host(u8),
    ServerPort,
    Protocol,
    /// The size of the response's body (CloudFront `sc-content-len`; `sc-bytes` counts the
    /// headers too, and is not read).
    Bytes,
    /// How long the request took (CloudFront: seconds; IIS: milliseconds).
    TimeTaken,
}

const CLOUDFRONT_DEFAULT: &[u8] = b"#Fields: date time x-edge-location sc-bytes c-ip cs-method cs(Host) cs-uri-stem sc-status cs(Referer) cs(User-Agent) cs-uri-query cs(Cookie) x-edge-result-type x-edge-request-id x-host-header cs-protocol cs-bytes time-taken x-forwarded-for ssl-protocol ssl-cipher x-edge-response-result-type cs-protocol-version fle-status fle-encrypted-fields c-port time-to-first-byte x-edge-detailed-result-type sc-content-type sc-content-len sc-range-start sc-range-end";

const IIS_DEFAULT: &[u8] = b"#Fields: date time s-ip cs-method cs-uri-stem cs-uri-query s-port cs-username c-ip cs(User-Agent) cs(Referer) sc-status sc-substatus sc-win32-status time-taken";

/// The column layout of one `#Fields:` directive.
#[derive(Debug, Clone)]
pub(crate) struct Columns {
    cloudfront: bool,
    cols: Vec<Col>,
}

impl Columns {
    /// The layout of `header` (a `#Fields:` line), or the format's default.
    pub(crate) fn new(format: Format, header: Option<&[u8]>) -> Columns {
        let cloudfront = format == Format::Cloudfront;
        let header = header
            .and_then(|h| h.strip_prefix(b"#Fields:"))
            .or_else(|| {
                let d = if cloudfront {
                    CLOUDFRONT_DEFAULT
                } else {
                    IIS_DEFAULT
                };
                d.strip_prefix(b"#Fields:")
            })
            .unwrap_or_default();
        let cols = header
            .split(|c| c.is_ascii_whitespace())
            .filter(|f| !f.is_empty())
            .map(|f| match f.to_ascii_lowercase().as_slice() {
                b"date" => Col::Date,
                b"time" => Col::Time,
                b"c-ip" => Col::Client,
                b"cs-method" => Col::Method,
                b"cs-uri-stem" => Col::Stem,
                b"cs-uri-query" => Col::Query,
                b"sc-status" => Col::Status,
                b"cs(user-agent)" => Col::UserAgent,
                b"x-host-header" => Col::Host(0),
                b"cs-host" => Col::Host(1),
                b"cs(host)" => Col::Host(2),
                b"s-port" => Col::ServerPort,
                b"cs-protocol" => Col::Protocol,
                b"sc-content-len" => Col::Bytes,
                b"time-taken" => Col::TimeTaken,
                _ => Col::Skip,
            })
            .collect();
        Columns { cloudfront, cols }
    }

    /// Parses one line: `Ok(None)` for blank lines and `#` directives.
    pub(crate) fn parse<'a>(&self, line: &'a [u8]) -> Result<Option<Request<'a>>, BadLine> {
        if line.first() == Some(&b'#') || line.iter().all(u8::is_ascii_whitespace) {
            return Ok(None);
        }
        // IIS writes a value's spaces as `+`, so its values split at spaces; a value of
        // another W3C writer may be quoted instead. Read as quoted only when split at the
        // spaces the line has more values than its directive names: an IIS value that merely
        // starts with `"` (a Referer or query the client sent so) is read as before.
        let mut v = self.values(line, false)?;
        if v.extra {
            v = match self.values(line, true) {
                Ok(quoted) if !quoted.extra => quoted,
                _ => return Err(BadLine::TooManyFields),
            };
        }
        let Values {
            date,
            time,
            client,
            method,
            stem,
            query,
            status: status_f,
            ua,
            ua_quoted,
            host,
            port,
            proto,
            bytes,
            taken,
            ..
        } = v;
        let done_ms = time::parse_w3c(
            date.ok_or(BadLine::MissingField)?,
            time.ok_or(BadLine::MissingField)?,
        )
        .ok_or(BadLine::BadTime)?;
        let taken_ms = taken.and_then(|t| {
            if self.cloudfront {
                time::parse_seconds(t)
            } else {
                // Whole milliseconds; a day at most, as `parse_seconds` reads.
                (t.len() <= 8 && t.iter().all(u8::is_ascii_digit))
                    .then(|| t.iter().fold(0i64, |n, &c| n * 10 + i64::from(c - b'0')))
                    .filter(|&ms| ms <= 86_400_000)
            }
        });
        let time_ms = (done_ms - taken_ms.unwrap_or(0)).max(super::MIN_TIME_MS);
        let status = status(status_f.ok_or(BadLine::MissingField)?)?;
        let stem = stem.ok_or(BadLine::MissingField)?;
        let stem = if self.cloudfront {
            Cow::Borrowed(stem)
        } else {
            plus_to_pct20(stem)
        };
        let target = match query {
            None => stem,
            Some(q) => {
                let mut t = Vec::with_capacity(stem.len() + 1 + q.len());
                t.extend_from_slice(&stem);
                t.push(b'?');
                t.extend_from_slice(q);
                Cow::Owned(t)
            }
        };
        let user_agent = match ua {
            None => Cow::Borrowed(&[][..]),
            Some(ua) if self.cloudfront => unescape_url(ua, false),
            // Quoted: as written, a doubled quote one.
            Some(ua) if ua_quoted => undouble(ua),
            // Quoted without a space in it (`"FooBot/1.0"`): the same header unquoted.
            Some(ua) if !self.cloudfront && whole_quoted(ua).is_some() => {
                undouble(whole_quoted(ua).unwrap_or(ua))
            }
            Some(ua) => plus_to_space(ua),
        };
        let scheme = if self.cloudfront {
            proto.and_then(scheme_name)
        } else {
            port.and_then(scheme_for_port)
        };
        Ok(Some(Request {
            host: host.map(|(_, h)| h),
            scheme,
            client: client.unwrap_or_default(),
            time_ms,
            done_ms,
            time_resolution_ms: 1000,
            method: method.unwrap_or(b"GET"),
            target,
            status,
            user_agent,
            bytes,
        }))
    }
}

/// The values of one line by what they hold (`-` and empty ones left out).
#[derive(Default)]
struct Values<'a> {
    date: Option<&'a [u8]>,
    time: Option<&'a [u8]>,
    client: Option<&'a [u8]>,
    method: Option<&'a [u8]>,
    stem: Option<&'a [u8]>,
    query: Option<&'a [u8]>,
    status: Option<&'a [u8]>,
    ua: Option<&'a [u8]>,
    ua_quoted: bool,
    /// The host column of the lowest rank, with its rank.
    host: Option<(u8, &'a [u8])>,
    port: Option<&'a [u8]>,
    proto: Option<&'a [u8]>,
    bytes: &'a [u8],
    taken: Option<&'a [u8]>,
    /// An IIS line had values past its directive's columns (trailing spaces aside).
    extra: bool,
}

impl Columns {
    /// The values of `line` by column, quoted values read as such when `quotes`.
    fn values<'a>(&self, line: &'a [u8], quotes: bool) -> Result<Values<'a>, BadLine> {
        let mut out = Values::default();
        let mut fields = Fields {
            rest: Some(line),
            sep: if self.cloudfront { b'\t' } else { b' ' },
            quotes,
        };
        let mut seen = 0;
        for &col in &self.cols {
            let Some(field) = fields.next() else { break };
            let (v, quoted) = field?;
            seen += 1;
            // `-` is the format's "no value"; an empty field (two separators in a row) is no
            // value either (an empty stem is no request target).
            if v.is_empty() || v == b"-" {
                continue;
            }
            match col {
                Col::Skip => {}
                Col::Date => out.date = Some(v),
                Col::Time => out.time = Some(v),
                Col::Client => out.client = Some(v),
                Col::Method => out.method = Some(v),
                Col::Stem => out.stem = Some(v),
                Col::Query => out.query = Some(v),
                Col::Status => out.status = Some(v),
                Col::UserAgent => {
                    out.ua = Some(v);
                    out.ua_quoted = quoted;
                }
                Col::Host(rank) => {
                    if out.host.is_none_or(|(r, _)| rank < r) {
                        out.host = Some((rank, v));
                    }
                }
                Col::ServerPort => out.port = Some(v),
                Col::Protocol => out.proto = Some(v),
                Col::Bytes => out.bytes = v,
                Col::TimeTaken => out.taken = Some(v),
            }
        }
        if seen < self.cols.len()
            && (out.date.is_none() || out.stem.is_none() || out.status.is_none())
        {
            return Err(BadLine::TooFewFields);
        }
        // CloudFront adds columns at the ends of lines over the years: only IIS lines, whose
        // extra values come from a space inside one, are held to their directive.
        if !self.cloudfront {
            for extra in fields {
                out.extra |= !extra?.0.is_empty();
            }
        }
        Ok(out)
    }
}

/// The values of a line, each with whether it was quoted (then without its quotes, a
/// doubled quote inside left doubled: see [`undouble`]).
struct Fields<'a> {
    rest: Option<&'a [u8]>,
    sep: u8,
    /// Whether a value may be quoted (space-separated lines).
    quotes: bool,
}

impl<'a> Iterator for Fields<'a> {
    type Item = Result<(&'a [u8], bool), BadLine>;

    fn next(&mut self) -> Option<Self::Item> {
        let rest = self.rest?;
        if self.quotes && rest.first() == Some(&b'"') {
            // The closing quote is one not doubled; a separator (or the end) must follow it.
            let mut i = 1;
            loop {
                match memchr::memchr(b'"', &rest[i..]) {
                    None => {
                        self.rest = None;
                        return Some(Err(BadLine::BadQuoting));
                    }
                    Some(at) if rest.get(i + at + 1) == Some(&b'"') => i += at + 2,
                    Some(at) => {
                        let close = i + at;
                        let value = &rest[1..close];
                        return Some(match rest.get(close + 1) {
                            None => {
                                self.rest = None;
                                Ok((value, true))
                            }
                            Some(&c) if c == self.sep => {
                                self.rest = Some(&rest[close + 2..]);
                                Ok((value, true))
                            }
                            Some(_) => {
                                self.rest = None;
                                Err(BadLine::BadQuoting)
                            }
                        });
                    }
                }
            }
        }
        match memchr::memchr(self.sep, rest) {
            Some(at) => {
                self.rest = Some(&rest[at + 1..]);
                Some(Ok((&rest[..at], false)))
            }
            None => {
                self.rest = None;
                Some(Ok((rest, false)))
            }
        }
    }
}

/// The inside of a value that is one quoted string (`"…"`, any quote inside doubled).
fn whole_quoted(value: &[u8]) -> Option<&[u8]> {
    let inner = value.strip_prefix(b"\"")?.strip_suffix(b"\"")?;
    let mut i = 0;
    while i < inner.len() {
        if inner[i] == b'"' {
            if inner.get(i + 1) != Some(&b'"') {
                return None;
            }
            i += 2;
        } else {
            i += 1;
        }
    }
    Some(inner)
}

/// A quoted value's doubled quotes as one.
fn undouble(value: &[u8]) -> Cow<'_, [u8]> {
    if memchr::memmem::find(value, b"\"\"").is_none() {
        return Cow::Borrowed(value);
    }
    let mut out = Vec::with_capacity(value.len());
    let mut i = 0;
    while i < value.len() {
        out.push(value[i]);
        i += if value[i] == b'"' { 2 } else { 1 };
    }
    Cow::Owned(out)
}

/// An IIS stem's `+` (a space) as `%20`.
fn plus_to_pct20(stem: &[u8]) -> Cow<'_, [u8]> {
    if memchr::memchr(b'+', stem).is_none() {
        return Cow::Borrowed(stem);
    }
    let mut out = Vec::with_capacity(stem.len() + 8);
    for &c in stem {
        if c == b'+' {
            out.extend_from_slice(b"%20");
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::super::{LineParser, detect};
    use super::*;

    const IIS: &str = "#Software: Microsoft Internet Information Services 10.0
#Version: 1.0
#Date: 2026-11-20 13:55:36
#Fields: date time s-ip cs-method cs-uri-stem cs-uri-query s-port cs-username c-ip cs(User-Agent) cs(Referer) sc-status sc-substatus sc-win32-status time-taken
2026-11-20 13:55:36 10.0.0.4 GET /private/a.html x=1 443 - 66.249.66.1 Mozilla/5.0+(compatible;+Googlebot/2.1;++http://www.google.com/bot.html) - 200 0 0 15
2026-11-20 13:55:37 10.0.0.4 GET /my+folder/ - 80 - 192.0.2.1 - - 404 0 2 1
#Fields: date time c-ip cs-host cs-method cs-uri-stem sc-status cs(User-Agent)
2026-11-20 13:55:38 192.0.2.2 www.example.com:8443 HEAD / 301 curl/8.5.0
";

    fn parse_all(format: Format, text: &str) -> Vec<Result<Option<Request<'_>>, BadLine>> {
        let mut parser = LineParser::new(format, None);
        text.lines()
            .map(|line| {
                if line.starts_with("#Fields:") {
                    parser = LineParser::new(format, Some(line.as_bytes()));
                }
                parser.parse(line.as_bytes())
            })
            .collect()
    }

    #[test]
    fn iis_lines_and_a_fields_change() {
        let out = parse_all(Format::W3c, IIS);
        assert!(out[..4].iter().all(|r| r == &Ok(None)));
        let r = out[4].clone().expect("valid").expect("a request");
        // Written when done, 15 ms (`time-taken`) after the request came.
        assert_eq!(r.time_ms, 1_795_182_936_000 - 15);
        assert_eq!(r.client, b"66.249.66.1");
        assert_eq!(r.scheme, Some("https"));
        assert_eq!(r.host, None);
        assert_eq!(&*r.target, b"/private/a.html?x=1");
        // IIS writes a space as `+` and leaves a `+` as it is: `; +http` became `;++http`,
        // and reads back as the header the client sent.
        assert_eq!(
            &*r.user_agent,
            b"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"
        );
        let r = out[5].clone().expect("valid").expect("a request");
        assert_eq!(&*r.target, b"/my%20folder/");
        assert_eq!(r.scheme, Some("http"));
        assert!(r.user_agent.is_empty());
        assert_eq!(r.status, 404);
        let r = out[7].clone().expect("valid").expect("a request");
        assert_eq!(r.host, Some(&b"www.example.com:8443"[..]));
        assert_eq!(r.method, b"HEAD");
        assert_eq!(&*r.user_agent, b"curl/8.5.0");
        assert_eq!(r.scheme, None);
    }

    /// A value may be quoted (a doubled quote inside is one); a line with more values than
    /// its directive names is malformed, not read shifted; trailing spaces are no values.
    #[test]
    fn quoted_values_and_extra_values() {
        let text = "#Fields: date time c-ip cs-host cs-method cs-uri-stem sc-status cs(User-Agent) time-taken
2026-11-20 13:55:36 66.249.66.1 www.example.com GET /private/a 200 \"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)\" 9000
2026-11-20 13:55:36 66.249.66.1 www.example.com GET /private/a 200 \"say \"\"hi\"\"\" 12 \n2026-11-20 13:55:36 66.249.66.1 www.example.com GET /private/a 200 Mozilla/5.0 (compatible;+Googlebot/2.1) 5
2026-11-20 13:55:36 66.249.66.1 www.example.com GET /private/a 200 \"open 5
2026-11-20 13:55:36 66.249.66.1 www.example.com GET /private/a 200 \"a\"b 5
2026-11-20 13:55:36 66.249.66.1 www.example.com GET /private/a 200 - x
";
        let out = parse_all(Format::W3c, text);
        let r = out[1].clone().expect("valid").expect("a request");
        assert_eq!(
            &*r.user_agent,
            b"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"
        );
        // Done at 13:55:36, nine seconds after it came.
        assert_eq!(r.time_ms, 1_795_182_936_000 - 9_000);
        let r = out[2].clone().expect("valid").expect("a request");
        assert_eq!(&*r.user_agent, b"say \"hi\"");
        assert_eq!(out[3], Err(BadLine::TooManyFields));
        // A value that only starts with a quote (a Referer, a query the client sent so) is
        // read as IIS writes it, not as a quoted one.
        let r = out[4].clone().expect("valid").expect("a request");
        assert_eq!(&*r.user_agent, b"\"open");
        let r = out[5].clone().expect("valid").expect("a request");
        assert_eq!(&*r.user_agent, b"\"a\"b");
        // A quoted value without a space: unquoted, as a header it is.
        let quoted = "#Fields: date time c-ip cs-method cs-uri-stem sc-status cs(User-Agent)
2026-11-20 13:55:36 66.249.66.1 GET /a 200 \"FooBot/1.0\"
2026-11-20 13:55:36 66.249.66.1 GET /a 200 \"Foo\"\"Bot\"
";
        let q = parse_all(Format::W3c, quoted);
        let ua = |i: usize| {
            q[i].clone()
                .expect("valid")
                .expect("a request")
                .user_agent
                .into_owned()
        };
        assert_eq!(ua(1), b"FooBot/1.0");
        assert_eq!(ua(2), b"Foo\"Bot");
        // A `time-taken` that is no number of milliseconds: the time as written.
        let r = out[6].clone().expect("valid").expect("a request");
        assert_eq!(r.time_ms, 1_795_182_936_000);
    }

    const CLOUDFRONT: &str = "#Version: 1.0
#Fields: date time x-edge-location sc-bytes c-ip cs-method cs(Host) cs-uri-stem sc-status cs(Referer) cs(User-Agent) cs-uri-query cs(Cookie) x-edge-result-type x-edge-request-id x-host-header cs-protocol cs-bytes time-taken x-forwarded-for ssl-protocol ssl-cipher x-edge-response-result-type cs-protocol-version fle-status fle-encrypted-fields c-port time-to-first-byte x-edge-detailed-result-type sc-content-type sc-content-len sc-range-start sc-range-end
2026-11-20\t13:55:36\tLAX1-C1\t5120\t66.249.66.1\tGET\td111111abcdef8.cloudfront.net\t/private/a.html\t200\t-\tMozilla/5.0%20(compatible;%20Googlebot/2.1;%20+http://www.google.com/bot.html)\tx=1\t-\tHit\tSOX4xwn4XV6Q4rgb7XiVGOHms_BGlTAC4KyHmureZmBNrjGdRLiNIQ==\twww.example.com\thttps\t23\t0.001\t-\tTLSv1.3\tTLS_AES_128_GCM_SHA256\tHit\tHTTP/2.0\t-\t-\t11040\t0.001\tHit\ttext/html\t5120\t-\t-
";

    #[test]
    fn cloudfront_line() {
        let out = parse_all(Format::Cloudfront, CLOUDFRONT);
        assert_eq!(out[0], Ok(None));
        let r = out[2].clone().expect("valid").expect("a request");
        assert_eq!(r.host, Some(&b"www.example.com"[..]));
        assert_eq!(r.scheme, Some("https"));
        assert_eq!(r.client, b"66.249.66.1");
        // Written when done, 0.001 s (`time-taken`) after the request came.
        assert_eq!(r.time_ms, 1_795_182_936_000 - 1);
        assert_eq!(&*r.target, b"/private/a.html?x=1");
        assert_eq!(
            &*r.user_agent,
            b"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"
        );
        // Without the header, the default CloudFront fields apply.
        let line = CLOUDFRONT.lines().nth(2).expect("three lines");
        let r = LineParser::new(Format::Cloudfront, None)
            .parse(line.as_bytes())
            .expect("valid")
            .expect("a request");
        assert_eq!(&*r.target, b"/private/a.html?x=1");
        assert_eq!(
            LineParser::new(Format::Cloudfront, None).parse(b"2026-11-20\t13:55:36"),
            Err(BadLine::TooFewFields)
        );
    }

    /// Found by fuzzing (`ingest`): two spaces where the stem goes gave a request with an
    /// empty target.
    #[test]
    fn empty_fields_are_no_values() {
        let header = "#Fields: date time s-ip cs-method cs-uri-stem cs-uri-query s-port c-ip cs(User-Agent) sc-status";
        let parser = LineParser::new(Format::W3c, Some(header.as_bytes()));
        let line = "2026-11-20 13:55:40 10.0.0.4 POST  - 443 192.0.2.1 curl/8 201";
        assert_eq!(parser.parse(line.as_bytes()), Err(BadLine::MissingField));
        // An empty User-Agent or query is simply absent.
        let line = "2026-11-20 13:55:40 10.0.0.4 GET /a  443 192.0.2.1  200";
        let r = parser
            .parse(line.as_bytes())
            .expect("valid")
            .expect("a request");
        assert_eq!((&*r.target, &*r.user_agent), (&b"/a"[..], &b""[..]));
        let header = "#Fields: date time c-ip cs-method cs-uri-stem sc-status";
        let cloudfront = LineParser::new(Format::Cloudfront, Some(header.as_bytes()));
        let line = "2026-11-20\t13:55:36\t192.0.2.1\tGET\t\t200";
        assert_eq!(
            cloudfront.parse(line.as_bytes()),
            Err(BadLine::MissingField)
        );
    }

    #[test]
    fn detects_w3c_and_cloudfront() {
        assert_eq!(detect(IIS.as_bytes()), Some(Format::W3c));
        assert_eq!(detect(CLOUDFRONT.as_bytes()), Some(Format::Cloudfront));
    }
}
