//! Log formats: one access-log line → a borrowed [`Request`].
//!
//! Stage: second, after `input`. Takes: one line (bytes, without `\n`/`\r`) and, for the
//! W3C-style formats, the `#Fields:` line in force. Gives: a [`Request`] that borrows from
//! the line (owned bytes only where the log's own escaping had to be undone), `Ok(None)` for
//! lines that are not requests (blank lines, `#` directives, a request line of `-`), or the
//! [`BadLine`] reason. Every format gives the same [`Request`] for the same traffic (host,
//! target, User-Agent, time, status), so the audit cannot tell which format a log was in.
//! Must not: allocate per line when nothing is escaped, percent-decode the request target
//! (robots.txt matching needs it as the client sent it), or import anything else from this
//! crate: it could be a crate of its own.
//!
//! One file per format family: [`apache`] (common, combined, vhost_combined), [`nginx_json`],
//! [`caddy`], [`cloudflare`], [`w3c`] (IIS and CloudFront), [`alb`] (ALB and classic ELB).

pub mod alb;
pub mod apache;
pub mod caddy;
pub mod cloudflare;
mod json;
pub mod nginx_json;
mod scan;
mod text;
pub(crate) mod time;
pub mod w3c;

/// A port number as logs write one (1 to 65535, digits only): for client fields too.
pub(crate) use text::is_port;

use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

pub use nginx_json::{JsonFields, JsonKey};

/// A log format that robots-audit reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Format {
    /// Apache/nginx Common Log Format: `%h %l %u %t "%r" %>s %b`.
    Common,
    /// Apache/nginx combined: common plus `"%{Referer}i" "%{User-Agent}i"` (more may follow).
    Combined,
    /// Apache `vhost_combined`: `%v:%p` in front of combined (or nginx's `$host` without
    /// a port, before the client's address).
    VhostCombined,
    /// lighttpd's default: combined with the host (`%V`) in the place of ident.
    Lighttpd,
    /// nginx `log_format … escape=json` with one JSON object per line.
    NginxJson,
    /// Caddy v2 structured access log (JSON).
    Caddy,
    /// Cloudflare Logpush HTTP requests (NDJSON).
    Cloudflare,
    /// Amazon CloudFront standard logs (W3C, tab-separated).
    Cloudfront,
    /// AWS Application (and classic) Load Balancer access logs.
    Alb,
    /// W3C extended log format as IIS writes it (space-separated, `#Fields:`).
    W3c,
}

impl Format {
    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Format::Common => "common",
            Format::Combined => "combined",
            Format::VhostCombined => "vhost_combined",
            Format::Lighttpd => "lighttpd",
            Format::NginxJson => "nginx-json",
            Format::Caddy => "caddy",
            Format::Cloudflare => "cloudflare",
            Format::Cloudfront => "cloudfront",
            Format::Alb => "alb",
            Format::W3c => "w3c",
        }
    }

    /// Can a line of this format carry the Host the request was made to? (W3C logs have it
    /// only with a `cs-host` field, nginx JSON only with a host key: [`Request::host`] is
    /// `None` on lines without one.) False for `common` and `combined`, which never do.
    pub fn has_host(self) -> bool {
        !matches!(self, Format::Common | Format::Combined)
    }

    /// Every format, in the order [`detect`] tries them: the more specific first (a
    /// `vhost_combined` line also reads as `combined`, and so does a `lighttpd` one, a
    /// `combined` one as `common`, a CloudFront one as `w3c`).
    pub fn all() -> &'static [Format] {
        &[
            Format::VhostCombined,
            Format::Lighttpd,
            Format::Combined,
            Format::Common,
            Format::NginxJson,
            Format::Caddy,
            Format::Cloudflare,
            Format::Cloudfront,
            Format::Alb,
            Format::W3c,
        ]
    }

    /// Formats whose lines are read against a `#Fields:` header.
    pub fn uses_fields_header(self) -> bool {
        matches!(self, Format::W3c | Format::Cloudfront)
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown format name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown log format {0:?} (expected one of: common, combined, vhost_combined, lighttpd, nginx-json, caddy, cloudflare, cloudfront, alb, w3c)"
)]
pub struct UnknownFormat(pub String);

impl FromStr for Format {
    type Err = UnknownFormat;

    /// The names of [`Format::name`], case-insensitively, with `-` and `_` alike; also `clf`,
    /// `elb`, `iis`, `nginx` (= combined, nginx's default) and `apache` (= combined).
    fn from_str(s: &str) -> Result<Format, UnknownFormat> {
        let norm = s.trim().to_ascii_lowercase().replace('_', "-");
        Ok(match norm.as_str() {
            "common" | "clf" => Format::Common,
            "combined" | "nginx" | "apache" => Format::Combined,
            "vhost-combined" | "vhost" => Format::VhostCombined,
            "lighttpd" => Format::Lighttpd,
            "nginx-json" | "json" => Format::NginxJson,
            "caddy" => Format::Caddy,
            "cloudflare" => Format::Cloudflare,
            "cloudfront" => Format::Cloudfront,
            "alb" | "elb" => Format::Alb,
            "w3c" | "iis" => Format::W3c,
            _ => return Err(UnknownFormat(s.to_owned())),
        })
    }
}

/// The earliest [`Request::time_ms`]: 0000-01-01T00:00:00Z less a day (a date with a
/// four-digit year, less the largest UTC offset).
pub const MIN_TIME_MS: i64 = -62_167_219_200_000 - 86_400_000;

/// The longest a response is taken to last (as the logs' durations are read): an end later
/// than this after its start is a damaged field, and the start stands for it.
pub(crate) const MAX_RESPONSE_MS: i64 = 86_400_000;

/// When a response that began at `start` was done, by an end time a log gives: the end if it
/// is within [`MAX_RESPONSE_MS`] after the start, else the start.
pub(crate) fn response_end(start: i64, end: Option<i64>) -> i64 {
    end.filter(|&e| e >= start && e - start <= MAX_RESPONSE_MS)
        .unwrap_or(start)
}

/// The latest [`Request::time_ms`]: 9999-12-31T23:59:59.999Z plus a day. A time past it
/// (a unix timestamp too large for any unit) makes the line malformed ([`BadLine::BadTime`]).
pub const MAX_TIME_MS: i64 = 253_402_300_799_999 + 86_400_000;

/// One HTTP request as the log recorded it. Borrows from the line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request<'a> {
    /// Host as the log gives it, maybe with `:port` (`example.com:443`, `[::1]:8080`);
    /// `None` when the line carries none.
    pub host: Option<&'a [u8]>,
    /// `http`/`https` when the line says (a server port of 443 or 80, a URL's scheme…).
    pub scheme: Option<&'static str>,
    /// Client address as logged.
    pub client: &'a [u8],
    /// Request time, unix milliseconds UTC, within [`MIN_TIME_MS`]..=[`MAX_TIME_MS`].
    pub time_ms: i64,
    /// When the response was done, by the log: `time_ms` plus the duration the log records
    /// (nginx `$request_time`, Caddy `duration`, W3C `time-taken`, an ALB's creation time,
    /// Cloudflare's `EdgeEndTimestamp`),
    /// else `time_ms`. A crawler's fetch of robots.txt holds the body from then on.
    pub done_ms: i64,
    /// How precisely the log wrote that time, in milliseconds: 1000 for whole seconds, 100,
    /// 10 or 1 for a fraction of one, two, or three and more digits (or an integer of
    /// milliseconds and finer). The text formats (Apache, nginx, W3C) are taken as written
    /// to the second even with a fraction: never finer than the log proves.
    pub time_resolution_ms: u16,
    /// Request method as sent.
    pub method: &'a [u8],
    /// Request target (path and query) with the log's own escaping undone, never
    /// percent-decoded. An absolute-form target gives its path here and its host in `host`
    /// (unless the line had a host of its own).
    pub target: Cow<'a, [u8]>,
    /// Final status code sent to the client.
    pub status: u16,
    /// User-Agent header as the client sent it (log escaping undone); empty when absent.
    pub user_agent: Cow<'a, [u8]>,
    /// The response size as logged (digits, or `-`); empty when the format has none. Read
    /// with [`Request::response_bytes`] only where needed (a crawler's fetch of robots.txt).
    pub bytes: &'a [u8],
}

impl Request<'_> {
    /// The response size, when the log records one as a plain number.
    pub fn response_bytes(&self) -> Option<u64> {
        let digits = self.bytes;
        if digits.is_empty() || digits.len() > 19 || !digits.iter().all(u8::is_ascii_digit) {
            return None;
        }
        Some(
            digits
                .iter()
                .fold(0u64, |n, d| n * 10 + u64::from(d - b'0')),
        )
    }

    /// Does this request fetch a resource, so that robots.txt applies? CONNECT and
    /// asterisk-form targets (`OPTIONS *`, the HTTP/2 preface `PRI *`) do not.
    pub fn is_fetch(&self) -> bool {
        !self.method.eq_ignore_ascii_case(b"CONNECT") && &*self.target != b"*"
    }
}

/// Why a line could not be read as a request of its format.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum BadLine {
    /// The line ends before a required field.
    TooFewFields,
    /// The line has more fields than its `#Fields:` directive names (a space inside an
    /// unquoted IIS value).
    TooManyFields,
    /// The timestamp is missing, malformed or out of range.
    BadTime,
    /// The request line is not `METHOD TARGET [PROTOCOL]` (and the server did not answer 4xx).
    BadRequestLine,
    /// The status is not a number of 1 to 3 digits.
    BadStatus,
    /// A quoted field is not closed.
    BadQuoting,
    /// The virtual host field is not `host:port`.
    BadHost,
    /// A JSON string escape gives no valid UTF-8 (a lone surrogate `\ud800`).
    NotUtf8Json,
    /// The line is not a JSON object.
    BadJson,
    /// A field the format needs is absent (or `-`).
    MissingField,
    /// No key of an nginx-json line has one of the names configured for a field it needs:
    /// the log names it otherwise (`--json-field MEANING=KEY`).
    NoJsonKey(JsonKey),
    /// The line is longer than the maximum line length: skipped unread by `input` (see
    /// `input::ReadOptions::max_line_length`), never seen by a parser.
    TooLong,
}

impl BadLine {
    /// A short name for reports.
    pub fn as_str(self) -> &'static str {
        match self {
            BadLine::TooFewFields => "too few fields",
            BadLine::TooManyFields => "too many fields",
            BadLine::BadTime => "bad time",
            BadLine::BadRequestLine => "bad request line",
            BadLine::BadStatus => "bad status",
            BadLine::BadQuoting => "bad quoting",
            BadLine::BadHost => "bad host",
            BadLine::NotUtf8Json => "JSON string not UTF-8",
            BadLine::BadJson => "bad JSON",
            BadLine::MissingField => "missing field",
            BadLine::NoJsonKey(JsonKey::Time) => {
                "no time key (name yours with --json-field time=KEY)"
            }
            BadLine::NoJsonKey(JsonKey::Status) => {
                "no status key (name yours with --json-field status=KEY)"
            }
            BadLine::NoJsonKey(JsonKey::Request) => {
                "no request key (name yours with --json-field request=KEY or uri=KEY)"
            }
            BadLine::TooLong => "too long",
        }
    }
}

impl fmt::Display for BadLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Parses lines of one format. Cheap to create (no allocation but for a W3C field list):
/// make one per block, with the block's `#Fields:` header.
///
/// ```
/// use robots_audit::logformat::{Format, LineParser};
///
/// let parser = LineParser::new(Format::Combined, None);
/// let line = br#"66.249.66.1 - - [20/Nov/2026:14:55:36 +0100] "GET /a?b HTTP/1.1" 200 512 "-" "Googlebot/2.1""#;
/// let request = parser.parse(line).unwrap().unwrap();
/// assert_eq!(&*request.target, b"/a?b");
/// assert_eq!(request.time_ms, 1_795_182_936_000); // 2026-11-20T13:55:36Z
/// assert_eq!(&*request.user_agent, b"Googlebot/2.1");
/// // A 408 with no request line is a real line but no request.
/// let line = br#"66.249.66.1 - - [20/Nov/2026:14:55:36 +0100] "-" 408 - "-" "-""#;
/// assert_eq!(parser.parse(line), Ok(None));
/// ```
#[derive(Debug, Clone)]
pub struct LineParser {
    format: Format,
    columns: Option<w3c::Columns>,
    json: Option<Arc<JsonFields>>,
    /// Whether an absolute-form target's authority is the request's host in a format that
    /// logs no host ([`LineParser::for_host`]).
    target_host: bool,
}

impl LineParser {
    /// A parser for `format`; `header` is the `#Fields:` line in force, if any (W3C and
    /// CloudFront; without one their usual default fields are assumed).
    pub fn new(format: Format, header: Option<&[u8]>) -> LineParser {
        let columns = format
            .uses_fields_header()
            .then(|| w3c::Columns::new(format, header));
        LineParser {
            format,
            columns,
            json: None,
            target_host: true,
        }
    }

    /// This parser for a log known to be `--host`'s alone: in a format that logs no host
    /// (`common`, `combined`), an absolute-form target (`GET http://other.example/x`) gives
    /// its path, never its authority or scheme (a vhost line among them keeps its host). The server wrote the line in that site's
    /// log, whatever name the client put in the request line (a server that does not serve
    /// the name answers from its default site); the name would move the request to a host
    /// with no rules, where nothing is forbidden.
    pub fn for_host(self) -> LineParser {
        LineParser {
            target_host: self.format.has_host(),
            ..self
        }
    }

    /// A parser whose JSON formats read the fields named in `fields` (nginx-json: which key
    /// holds the host, time, request…).
    pub fn with_json_fields(
        format: Format,
        header: Option<&[u8]>,
        fields: Arc<JsonFields>,
    ) -> LineParser {
        LineParser {
            json: Some(fields),
            ..LineParser::new(format, header)
        }
    }

    /// The format this parser reads.
    pub fn format(&self) -> Format {
        self.format
    }

    /// `Ok(Some(request))` for a request; `Ok(None)` for a line to skip silently (blank, a
    /// `#` directive of the W3C formats, a request that never was one: `-` or junk answered
    /// with 4xx); `Err(reason)` for a malformed line.
    #[inline(always)]
    pub fn parse<'a>(&self, line: &'a [u8]) -> Result<Option<Request<'a>>, BadLine> {
        self.parse_with(line, apache::parse)
    }

    /// [`LineParser::parse`] with the Apache-family parser inlined into the caller: for the
    /// audit's loop over a block's lines alone (see [`apache::parse_inlined`]).
    #[inline(always)]
    pub(crate) fn parse_inlined<'a>(&self, line: &'a [u8]) -> Result<Option<Request<'a>>, BadLine> {
        self.parse_with(line, apache::parse_inlined)
    }

    /// [`LineParser::parse`], the Apache-family lines read by `apache`.
    #[inline(always)]
    fn parse_with<'a>(
        &self,
        line: &'a [u8],
        apache: ApacheParse<'a>,
    ) -> Result<Option<Request<'a>>, BadLine> {
        let line = match line {
            [0, ..] => without_leading_nuls(line),
            _ => line,
        };
        match self.format {
            Format::Common => apache(line, apache::Layout::Common, self.target_host),
            Format::Combined => apache(line, apache::Layout::Combined, self.target_host),
            Format::VhostCombined => apache(line, apache::Layout::VhostCombined, self.target_host),
            Format::Lighttpd => apache(line, apache::Layout::Lighttpd, self.target_host),
            Format::NginxJson => {
                let fields = self
                    .json
                    .as_deref()
                    .unwrap_or_else(|| JsonFields::defaults());
                nginx_json::parse(line, fields)
            }
            Format::Caddy => caddy::parse(line),
            Format::Cloudflare => cloudflare::parse(line),
            Format::Cloudfront | Format::W3c => match &self.columns {
                Some(columns) => columns.parse(line),
                None => w3c::Columns::new(self.format, None).parse(line),
            },
            Format::Alb => alb::parse(line),
        }
    }
}

/// An Apache-family line parser: the line, its layout, whether an absolute target names
/// the host ([`apache::parse`]).
type ApacheParse<'a> = fn(&'a [u8], apache::Layout, bool) -> Result<Option<Request<'a>>, BadLine>;

/// A line without the NUL bytes before it: what `logrotate`'s `copytruncate` leaves at the
/// start of a log whose writer kept its offset (the file is truncated, the next write lands
/// where the old end was, and the hole before it reads as zeros). The line after the hole is
/// a whole request; an input that is all zeros is blank.
#[cold]
#[inline(never)]
fn without_leading_nuls(line: &[u8]) -> &[u8] {
    let start = line.iter().position(|&b| b != 0).unwrap_or(line.len());
    &line[start..]
}

/// Detects the format from the first lines of an input (up to ~100 lines as one slice).
///
/// The rule: every format parses every sampled non-blank line; the winner is the **first
/// format in [`Format::all`] order (the more specific first) that reads at least half of
/// them**, at least one as a request. A line is read when it parses as a request or as a
/// line to skip (a `#` directive, a `-` request answered 4xx). `None` if no format reads
/// half of the lines.
///
/// Why not simply the format that reads the most lines: the general formats read the lines
/// of the specific ones (`combined` takes a `vhost_combined` line's `host:port` for the
/// client and the client for the ident; `common` ignores what follows the status), so one
/// odd line would tip a `vhost_combined` log to `combined` and every line would be misread.
/// Under the majority rule the odd lines are malformed lines of the detected format, counted
/// and shown as such.
///
/// ```
/// use robots_audit::logformat::{Format, detect};
///
/// let good = r#"www.example.com:443 192.0.2.1 - - [20/Nov/2026:14:55:36 +0100] "GET / HTTP/1.1" 200 5 "-" "curl/8""#;
/// let odd = r#"www.example.com 192.0.2.1 - - [20/Nov/2026:14:55:36 +0100] "GET / HTTP/1.1" 200 5 "-" "curl/8""#;
/// let sample = format!("{good}\n{good}\n{odd}\n");
/// assert_eq!(detect(sample.as_bytes()), Some(Format::VhostCombined));
/// ```
pub fn detect(sample: &[u8]) -> Option<Format> {
    let sample = sample.strip_prefix(b"\xef\xbb\xbf").unwrap_or(sample);
    let lines: Vec<&[u8]> = sample
        .split(|&c| c == b'\n')
        .map(|l| l.strip_suffix(b"\r").unwrap_or(l))
        .filter(|l| !l.iter().all(u8::is_ascii_whitespace))
        .take(100)
        .collect();
    if lines.is_empty() {
        return None;
    }
    Format::all().iter().copied().find(|&format| {
        let mut parser = LineParser::new(format, None);
        let (mut requests, mut read) = (0usize, 0usize);
        for line in &lines {
            if format.uses_fields_header() && line.starts_with(b"#Fields:") {
                parser = LineParser::new(format, Some(line));
            }
            match parser.parse(line) {
                Ok(Some(_)) => {
                    requests += 1;
                    read += 1;
                }
                Ok(None) => read += 1,
                Err(_) => {}
            }
        }
        requests > 0 && read * 2 >= lines.len()
    })
}

/// The sample request the format tests write in each format: Googlebot asking for a page
/// under /private/ on www.example.com over https.
#[cfg(test)]
pub(crate) fn assert_sample_request(r: &Request<'_>, time_ms: i64) {
    assert_eq!(r.host, Some(&b"www.example.com"[..]));
    assert_eq!(r.scheme, Some("https"));
    assert_eq!(r.client, b"66.249.66.1");
    assert_eq!(r.time_ms, time_ms);
    assert_eq!(r.method, b"GET");
    assert_eq!(&*r.target, b"/private/a.html?x=1");
    assert_eq!(r.status, 200);
    assert!(
        r.user_agent
            .starts_with(b"Mozilla/5.0 (compatible; Googlebot/2.1")
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for &f in Format::all() {
            assert_eq!(f.name().parse::<Format>(), Ok(f));
            assert_eq!(f.to_string(), f.name());
        }
        assert_eq!("ELB".parse::<Format>(), Ok(Format::Alb));
        assert_eq!(
            "vhost-combined".parse::<Format>(),
            Ok(Format::VhostCombined)
        );
        assert!("nope".parse::<Format>().is_err());
        assert_eq!(Format::all().len(), 10);
        assert!(!Format::Combined.has_host() && Format::VhostCombined.has_host());
    }

    /// Issue #15: every number of every format, at and past its range. Out-of-range values
    /// make the line malformed (never a wrapped number, a date in 1677 or a panic).
    #[test]
    fn out_of_range_numbers_are_malformed() {
        let time = |format: Format, line: &str| {
            LineParser::new(format, None)
                .parse(line.as_bytes())
                .map(|r| r.map(|r| r.time_ms))
        };
        let status = |format: Format, line: &str| {
            LineParser::new(format, None)
                .parse(line.as_bytes())
                .map(|r| r.map(|r| r.status))
        };
        // Cloudflare's EdgeStartTimestamp: 19 digits are nanoseconds, whatever their value
        // (i64::MAX + 1 is 2262-04-11, not 1677), 20 digits are no time.
        let cf = |ts: &str| {
            format!(
                r#"{{"ClientIP":"192.0.2.1","ClientRequestHost":"example.org","ClientRequestURI":"/","EdgeResponseStatus":200,"EdgeStartTimestamp":{ts}}}"#
            )
        };
        for (ts, want) in [
            ("9223372036854775807", Ok(Some(9_223_372_036_854))),
            ("9223372036854775808", Ok(Some(9_223_372_036_854))),
            ("9999999999999999999", Ok(Some(9_999_999_999_999))),
            ("10000000000000000000", Err(BadLine::BadTime)),
            ("18446744073709551616", Err(BadLine::BadTime)),
            // Seconds with a fraction: i64::MAX milliseconds, and 2^64 ms, are past 9999.
            ("9223372036854775.807", Err(BadLine::BadTime)),
            ("18446744073709551.616", Err(BadLine::BadTime)),
            ("9999999999999999999.9", Err(BadLine::BadTime)),
            ("253402387199.999", Ok(Some(MAX_TIME_MS))),
            ("253402387200.000", Err(BadLine::BadTime)),
            ("-1", Err(BadLine::BadTime)),
            ("1e9", Err(BadLine::BadTime)),
            ("1.7e9", Err(BadLine::BadTime)),
            ("\"9223372036854775808\"", Ok(Some(9_223_372_036_854))),
        ] {
            assert_eq!(time(Format::Cloudflare, &cf(ts)), want, "{ts}");
        }
        // Caddy's float seconds and nginx's `$msec`, through the same reader.
        let caddy = |ts: &str| {
            format!(
                r#"{{"ts":{ts},"request":{{"remote_ip":"192.0.2.1","method":"GET","host":"h","uri":"/"}},"status":200}}"#
            )
        };
        assert_eq!(
            time(Format::Caddy, &caddy("1795182936.25")),
            Ok(Some(1_795_182_936_250))
        );
        for ts in ["9223372036854775808.5", "1e300", "99999999999999999999.0"] {
            assert_eq!(
                time(Format::Caddy, &caddy(ts)),
                Err(BadLine::BadTime),
                "{ts}"
            );
        }
        let nginx = |ts: &str, status: &str| {
            format!(
                r#"{{"msec":{ts},"remote_addr":"192.0.2.1","request":"GET / HTTP/1.1","status":{status}}}"#
            )
        };
        assert_eq!(
            time(Format::NginxJson, &nginx("18446744073709551.616", "200")),
            Err(BadLine::BadTime)
        );
        // Statuses: three digits at most (65536 would wrap a u16), as numbers or strings.
        for (value, want) in [
            ("999", Ok(Some(999))),
            ("\"404\"", Ok(Some(404))),
            ("1000", Err(BadLine::BadStatus)),
            ("65535", Err(BadLine::BadStatus)),
            ("65536", Err(BadLine::BadStatus)),
            ("\"65536\"", Err(BadLine::BadStatus)),
            ("18446744073709551816", Err(BadLine::BadStatus)),
            ("-200", Err(BadLine::BadStatus)),
            ("2e2", Err(BadLine::BadStatus)),
            ("200.0", Err(BadLine::BadStatus)),
        ] {
            let line = nginx("1795182936.250", value);
            assert_eq!(status(Format::NginxJson, &line), want, "nginx-json {value}");
            let line = cf("1795182936").replace("200", value);
            assert_eq!(
                status(Format::Cloudflare, &line),
                want,
                "cloudflare {value}"
            );
            let line = caddy("1795182936.25").replace("200", value);
            assert_eq!(status(Format::Caddy, &line), want, "caddy {value}");
        }
        let clf = |status: &str| {
            format!(
                r#"192.0.2.1 - - [20/Nov/2026:13:55:36 +0000] "GET / HTTP/1.1" {status} 5 "-" "x""#
            )
        };
        assert_eq!(status(Format::Combined, &clf("599")), Ok(Some(599)));
        assert_eq!(
            status(Format::Common, &clf("65536")),
            Err(BadLine::BadStatus)
        );
        assert_eq!(
            status(Format::Combined, &clf("65536")),
            Err(BadLine::BadStatus)
        );
        let alb = |status: &str| {
            format!(
                r#"https 2026-11-20T13:55:36.000000Z app/lb/1 192.0.2.1:2817 10.0.0.1:80 0.001 0.002 0.000 {status} 200 0 100 "GET https://h:443/ HTTP/1.1" "x" - -"#
            )
        };
        assert_eq!(status(Format::Alb, &alb("503")), Ok(Some(503)));
        assert_eq!(status(Format::Alb, &alb("65536")), Err(BadLine::BadStatus));
        let iis = |status: &str| {
            format!("2026-11-20 13:55:36 10.0.0.4 GET / - 443 - 192.0.2.1 x - {status} 0 0 15")
        };
        assert_eq!(status(Format::W3c, &iis("200")), Ok(Some(200)));
        assert_eq!(status(Format::W3c, &iis("65536")), Err(BadLine::BadStatus));
        // vhost_combined's `%p`: a port number, 1 to 65535.
        let vhost = |port: &str| format!("www.example.com:{port} {}", clf("200"));
        assert!(matches!(
            LineParser::new(Format::VhostCombined, None).parse(vhost("65535").as_bytes()),
            Ok(Some(_))
        ));
        for port in ["65536", "0", "99999", "4294967376", "18446744073709551696"] {
            assert_eq!(
                status(Format::VhostCombined, &vhost(port)),
                Err(BadLine::BadHost),
                "port {port}"
            );
        }
        // Dates: four-digit years only, so from 0000 to 9999 (and offsets under a day).
        assert_eq!(
            time(
                Format::Combined,
                &clf("200").replace("20/Nov/2026:13:55:36", "01/Jan/0000:00:00:00")
            ),
            Ok(Some(MIN_TIME_MS + 86_400_000))
        );
        let iso =
            |t: &str| nginx("0", "200").replace(r#""msec":0"#, &format!(r#""time_iso8601":"{t}""#));
        assert_eq!(
            time(Format::NginxJson, &iso("9999-12-31T23:59:59.999-23:59")),
            Ok(Some(253_402_300_799_999 + 86_340_000))
        );
        assert_eq!(
            time(Format::NginxJson, &iso("0000-01-01T00:00:00+23:59")),
            Ok(Some(MIN_TIME_MS + 86_400_000 - 86_340_000))
        );
        for t in [
            "10000-01-01T00:00:00Z",
            "2026-11-20T13:55:36+24:00",
            "2026-11-20T13:55:36+99:99",
            "2026-13-20T13:55:36Z",
            "2026-11-20T13:55:61Z",
            "+002026-11-20T13:55:36Z",
        ] {
            assert_eq!(
                time(Format::NginxJson, &iso(t)),
                Err(BadLine::BadTime),
                "{t}"
            );
        }
        // A fraction of any length is read to the millisecond, without overflow.
        let long_fraction = format!("2026-11-20T13:55:36.{}Z", "9".repeat(400));
        assert_eq!(
            time(Format::NginxJson, &iso(&long_fraction)),
            Ok(Some(1_795_182_936_999))
        );
    }

    #[test]
    fn fetches() {
        let mut r = Request {
            host: None,
            scheme: None,
            client: b"192.0.2.1",
            time_ms: 0,
            done_ms: 0,
            time_resolution_ms: 1000,
            method: b"GET",
            target: Cow::Borrowed(b"/"),
            status: 200,
            user_agent: Cow::Borrowed(b""),
            bytes: b"-",
        };
        assert!(r.is_fetch());
        assert_eq!(r.response_bytes(), None);
        for (raw, size) in [
            (&b"512"[..], Some(512)),
            (b"0", Some(0)),
            (b"", None),
            (b"1e3", None),
            (b"99999999999999999999", None),
        ] {
            r.bytes = raw;
            assert_eq!(r.response_bytes(), size, "{raw:?}");
        }
        r.method = b"OPTIONS";
        assert!(r.is_fetch());
        r.target = Cow::Borrowed(b"*");
        assert!(!r.is_fetch());
        r.method = b"CONNECT";
        r.target = Cow::Borrowed(b"example.com:443");
        assert!(!r.is_fetch());
    }
}
