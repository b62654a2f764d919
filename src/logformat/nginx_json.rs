//! nginx JSON logs: one object per line from `log_format name escape=json '{…}'`.
//!
//! nginx users name the keys themselves, so which key means what is configurable
//! ([`JsonFields`]); the defaults cover the usual variable names:
//!
//! ```text
//! log_format robots escape=json '{"time_iso8601":"$time_iso8601","remote_addr":"$remote_addr",'
//!   '"host":"$host","request":"$request","status":$status,"http_user_agent":"$http_user_agent"}';
//! ```
//!
//! Time may be ISO 8601, `%t`-style (`$time_local`) or unix seconds (`$msec`); status a
//! number or a string; the request either a full request line (`$request`) or a method and
//! a URI (`$request_method`, `$request_uri`; `$uri` has no query string, so `$args` is added
//! to a URI without one, unless it came from the key `request_uri`). Values are read with JSON escapes undone (and nginx's `\xHH`, for
//! configurations without `escape=json`).
//!
//! nginx writes its times when it logs the request, after the response: with
//! `$request_time` (seconds since the request's first bytes) in the line, the request is
//! timed that much earlier, when it came, as Apache's `%t` is; without it, a request that
//! took long seems to follow the one before it closely (docs/judging.md, "Crawl-delay").

use std::borrow::Cow;
use std::sync::LazyLock;

use super::json::{self, Value};
use super::text::{
    dash_empty, not_a_request, resolve_target, scheme_name, split_request_line, status,
};
use super::{BadLine, Request, time};

/// Which JSON keys hold which part of a request, each a list of names in order of preference.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct JsonFields {
    /// The Host (`$host`, `$http_host`, `$server_name`).
    pub host: Vec<String>,
    /// The client address.
    pub client: Vec<String>,
    /// The request time (ISO 8601, `$time_local` style or unix seconds).
    pub time: Vec<String>,
    /// The whole request line (`GET /p HTTP/1.1`).
    pub request: Vec<String>,
    /// The method, when there is no request line.
    pub method: Vec<String>,
    /// The request target, when there is no request line.
    pub uri: Vec<String>,
    /// The status code.
    pub status: Vec<String>,
    /// The User-Agent header.
    pub user_agent: Vec<String>,
    /// The scheme (`$scheme`).
    pub scheme: Vec<String>,
    /// The bytes sent (`$body_bytes_sent`, `$bytes_sent`).
    pub bytes: Vec<String>,
    /// How long the request took, in seconds (`$request_time`).
    pub duration: Vec<String>,
    /// The query string, added to a URI without one (`$args`, for `$uri`).
    pub args: Vec<String>,
}

impl Default for JsonFields {
    fn default() -> JsonFields {
        let v = |names: &[&str]| names.iter().map(|s| (*s).to_owned()).collect();
        JsonFields {
            host: v(&["host", "http_host", "server_name"]),
            client: v(&["remote_addr", "client_ip", "realip_remote_addr"]),
            time: v(&["time_iso8601", "time_local", "msec", "time"]),
            request: v(&["request"]),
            method: v(&["request_method", "method"]),
            uri: v(&["request_uri", "uri"]),
            status: v(&["status"]),
            user_agent: v(&["http_user_agent", "user_agent"]),
            scheme: v(&["scheme"]),
            // The body's size: `$bytes_sent` counts the headers too.
            bytes: v(&["body_bytes_sent"]),
            duration: v(&["request_time"]),
            args: v(&["args", "query_string"]),
        }
    }
}

static DEFAULTS: LazyLock<JsonFields> = LazyLock::new(JsonFields::default);

/// A field every nginx-json line needs, for [`BadLine::NoJsonKey`]: no key of the line had
/// one of its configured names.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum JsonKey {
    /// The request time.
    Time,
    /// The status code.
    Status,
    /// The request line, or the request URI.
    Request,
}

/// The meanings a key can have, as indices into the slots of [`parse`].
const HOST: usize = 0;
const CLIENT: usize = 1;
const TIME: usize = 2;
const REQUEST: usize = 3;
const METHOD: usize = 4;
const URI: usize = 5;
const STATUS: usize = 6;
const USER_AGENT: usize = 7;
const SCHEME: usize = 8;
const BYTES: usize = 9;
const DURATION: usize = 10;
const ARGS: usize = 11;

impl JsonFields {
    /// The default key names.
    pub fn defaults() -> &'static JsonFields {
        &DEFAULTS
    }

    /// Applies `meaning=key[,key…]` (e.g. `user_agent=ua`), replacing that meaning's names.
    /// Meanings: host, client, time, request, method, uri, status, user_agent, scheme, bytes,
    /// duration, args.
    pub fn set(&mut self, assignment: &str) -> Result<(), String> {
        let (meaning, keys) = assignment
            .split_once('=')
            .ok_or_else(|| format!("expected MEANING=KEY, got {assignment:?}"))?;
        let keys: Vec<String> = keys.split(',').map(|k| k.trim().to_owned()).collect();
        let slot = match meaning.trim() {
            "host" => &mut self.host,
            "client" => &mut self.client,
            "time" => &mut self.time,
            "request" => &mut self.request,
            "method" => &mut self.method,
            "uri" => &mut self.uri,
            "status" => &mut self.status,
            "user_agent" => &mut self.user_agent,
            "scheme" => &mut self.scheme,
            "bytes" => &mut self.bytes,
            "duration" => &mut self.duration,
            "args" => &mut self.args,
            other => return Err(format!("unknown JSON field meaning {other:?}")),
        };
        *slot = keys;
        Ok(())
    }

    fn lists(&self) -> [&[String]; 12] {
        [
            &self.host,
            &self.client,
            &self.time,
            &self.request,
            &self.method,
            &self.uri,
            &self.status,
            &self.user_agent,
            &self.scheme,
            &self.bytes,
            &self.duration,
            &self.args,
        ]
    }
}

/// Time in any of the shapes nginx variables give.
/// A JSON log's time, number or string, with how precisely it was written (see
/// [`Request::time_resolution_ms`]; a `%t`-style string is taken to the second).
pub(crate) fn json_time(v: Value<'_>) -> Result<(i64, u16), BadLine> {
    match v {
        Value::Num(n) => time::parse_epoch(n).ok_or(BadLine::BadTime),
        Value::Str(s, _) => time::parse_iso(s)
            .or_else(|| {
                time::parse_clf(
                    s.strip_prefix(b"[")
                        .unwrap_or(s)
                        .strip_suffix(b"]")
                        .unwrap_or(s),
                )
                .map(|t| (t, 1000))
            })
            .or_else(|| time::parse_epoch(s))
            .ok_or(BadLine::BadTime),
        _ => Err(BadLine::BadTime),
    }
}

/// A status as number or string.
pub(crate) fn json_status(v: Value<'_>) -> Result<u16, BadLine> {
    status(v.raw().ok_or(BadLine::BadStatus)?)
}

/// A string that is empty or `-` counts as absent.
pub(crate) fn present(v: Option<Value<'_>>) -> Option<Value<'_>> {
    v.filter(|v| !matches!(v, Value::Null | Value::Str(b"" | b"-", _)))
}

/// Parses one line with the given key names.
pub(crate) fn parse<'a>(
    line: &'a [u8],
    fields: &JsonFields,
) -> Result<Option<Request<'a>>, BadLine> {
    if line.iter().all(u8::is_ascii_whitespace) {
        return Ok(None);
    }
    let lists = fields.lists();
    // Per meaning: the value found and the rank of its key (lower is preferred).
    let mut slots: [(usize, Option<Value<'a>>); 12] = [(usize::MAX, None); 12];
    json::members(line, |key, v| {
        for (meaning, names) in lists.iter().enumerate() {
            if let Some(rank) = names.iter().position(|n| n.as_bytes() == key)
                && rank < slots[meaning].0
            {
                slots[meaning] = (rank, Some(v));
            }
        }
        Ok(())
    })?;
    let get = |m: usize| present(slots[m].1);
    // A needed field: no key of its names (the log names it otherwise), or no value.
    let need = |m: usize, key: JsonKey| match slots[m].1 {
        None => Err(BadLine::NoJsonKey(key)),
        Some(_) => get(m).ok_or(BadLine::MissingField),
    };

    let (logged_ms, time_resolution_ms) = json_time(need(TIME, JsonKey::Time)?)?;
    let took_ms = get(DURATION)
        .and_then(Value::raw)
        .and_then(time::parse_seconds);
    let time_ms = (logged_ms - took_ms.unwrap_or(0)).max(super::MIN_TIME_MS);
    let done_ms = logged_ms;
    let status = json_status(need(STATUS, JsonKey::Status)?)?;
    let client = get(CLIENT).and_then(Value::raw).unwrap_or_default();
    let mut host = get(HOST).and_then(Value::raw);
    let mut scheme = get(SCHEME).and_then(Value::raw).and_then(scheme_name);
    let user_agent = match get(USER_AGENT) {
        Some(v) => dash_empty(v.text()?.unwrap_or_default()),
        None => Cow::Borrowed(&[][..]),
    };
    let (method, raw_target, escaped) = if let Some(req) = slots[REQUEST].1 {
        let Value::Str(raw, escaped) = req else {
            return Err(BadLine::BadRequestLine);
        };
        let Some(rl) = split_request_line(raw) else {
            return not_a_request(status);
        };
        (rl.method, rl.target, escaped)
    } else {
        let Value::Str(raw, escaped) = need(URI, JsonKey::Request)? else {
            return Err(BadLine::MissingField);
        };
        let method = get(METHOD).and_then(Value::raw).unwrap_or(b"GET");
        (method, raw, escaped)
    };
    let (origin, mut target) = resolve_target(raw_target, |t| json::decode(t, escaped))?;
    // Never for `$request_uri` (the key `request_uri`): it is the URI as requested, and a
    // rewrite that set arguments of its own (`/index.php?q=$1`) leaves `$args` holding them.
    // Another key (`uri`, or one the user named for `$uri`) has no query of its own.
    let from_uri = slots[REQUEST].1.is_none()
        && fields
            .uri
            .get(slots[URI].0)
            .is_some_and(|key| key != "request_uri");
    if from_uri
        && !target.contains(&b'?')
        && let Some(args) = get(ARGS)
        && let Some(args) = args.text()?
        && !args.is_empty()
    {
        // `$uri` and `$args`: the target as requested.
        let mut whole = target.into_owned();
        whole.push(b'?');
        whole.extend_from_slice(&args);
        target = Cow::Owned(whole);
    }
    if let Some((s, authority)) = origin {
        host = host.or(Some(authority));
        scheme = scheme.or(Some(s));
    }
    Ok(Some(Request {
        host,
        scheme,
        client,
        time_ms,
        done_ms,
        time_resolution_ms,
        method,
        target,
        status,
        user_agent,
        bytes: get(BYTES).and_then(Value::raw).unwrap_or_default(),
    }))
}

#[cfg(test)]
mod tests {
    use super::super::{Format, LineParser, detect};
    use super::*;
    use std::sync::Arc;

    const LINE: &str = r#"{"time_iso8601":"2026-11-20T14:55:36+01:00","remote_addr":"66.249.66.1","host":"www.example.com","request":"GET /private/a.html?x=1 HTTP/1.1","status":200,"body_bytes_sent":5120,"http_referer":"","http_user_agent":"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)","scheme":"https"}"#;

    #[test]
    fn default_fields() {
        let r = LineParser::new(Format::NginxJson, None)
            .parse(LINE.as_bytes())
            .expect("valid")
            .expect("a request");
        super::super::assert_sample_request(&r, 1_795_182_936_000);
        assert!(matches!(r.user_agent, Cow::Borrowed(_)));
    }

    #[test]
    fn escapes_time_local_and_split_request() {
        let line = r#"{"time_local":"20/Nov/2026:14:55:36 +0100","remote_addr":"2001:db8::7","request_method":"GET","request_uri":"/q?s=\"a\"\u00e9","status":"404","http_user_agent":"Bot \"x\"/1.0"}"#;
        let r = LineParser::new(Format::NginxJson, None)
            .parse(line.as_bytes())
            .expect("valid")
            .expect("a request");
        assert_eq!(r.time_ms, 1_795_182_936_000);
        assert_eq!(r.host, None);
        assert_eq!(&*r.target, "/q?s=\"a\"é".as_bytes());
        assert_eq!(r.status, 404);
        assert_eq!(&*r.user_agent, br#"Bot "x"/1.0"#);
    }

    /// nginx logs when the response is done: `$request_time` before that is when the request
    /// came. `$uri` has no query: `$args` is added to it (never to a URI with one).
    #[test]
    fn request_time_and_args() {
        let p = LineParser::new(Format::NginxJson, None);
        let line = br#"{"msec":"1795182945.250","request_time":"9.250","remote_addr":"157.55.39.1","host":"www.example.com","request_method":"GET","uri":"/search","args":"q=shoes","status":200,"http_user_agent":"x"}"#;
        let r = p.parse(line).expect("valid").expect("a request");
        assert_eq!(r.time_ms, 1_795_182_936_000);
        assert_eq!(&*r.target, b"/search?q=shoes");
        let line = br#"{"msec":"1795182945.250","request_time":"soon","remote_addr":"157.55.39.1","request_uri":"/search?q=boots","args":"q=shoes","status":200}"#;
        let r = p.parse(line).expect("valid").expect("a request");
        assert_eq!(r.time_ms, 1_795_182_945_250);
        assert_eq!(&*r.target, b"/search?q=boots");
        let line = br#"{"msec":"1795182945.250","request":"GET /search HTTP/1.1","args":"q=shoes","status":200}"#;
        let r = p.parse(line).expect("valid").expect("a request");
        assert_eq!(&*r.target, b"/search");
        let line = br#"{"msec":"1795182945.250","uri":"/search","args":"","status":200}"#;
        let r = p.parse(line).expect("valid").expect("a request");
        assert_eq!(&*r.target, b"/search");
        // `$request_uri` without a query, after a rewrite set `$args`: as requested.
        let line =
            br#"{"msec":"1795182945.250","request_uri":"/node/1","args":"q=node/1","status":200}"#;
        let r = p.parse(line).expect("valid").expect("a request");
        assert_eq!(&*r.target, b"/node/1");
        // `$uri` and `$args` under keys of the user's naming.
        let mut fields = JsonFields::default();
        fields.set("uri=path").expect("valid");
        fields.set("args=query").expect("valid");
        let named = LineParser::with_json_fields(Format::NginxJson, None, Arc::new(fields));
        let line = br#"{"msec":"1795182945.250","path":"/search","query":"q=x","status":200}"#;
        let r = named.parse(line).expect("valid").expect("a request");
        assert_eq!(&*r.target, b"/search?q=x");
    }

    #[test]
    fn configured_fields_and_oddities() {
        let mut fields = JsonFields::default();
        fields.set("user_agent=ua").expect("valid");
        fields.set("time=ts").expect("valid");
        assert!(fields.set("nope=x").is_err());
        let parser = LineParser::with_json_fields(Format::NginxJson, None, Arc::new(fields));
        let line = br#"{"ts":1795182936.250,"remote_addr":"192.0.2.1","request":"GET http://h.example/p HTTP/1.1","status":301,"ua":"curl/8"}"#;
        let r = parser.parse(line).expect("valid").expect("a request");
        assert_eq!(r.time_ms, 1_795_182_936_250);
        assert_eq!(r.host, Some(&b"h.example"[..]));
        assert_eq!(r.scheme, Some("http"));
        assert_eq!(&*r.target, b"/p");
        assert_eq!(&*r.user_agent, b"curl/8");
        let p = LineParser::new(Format::NginxJson, None);
        assert_eq!(
            p.parse(br#"{"time_iso8601":"2026-11-20T14:55:36+01:00","request":"-","status":400}"#),
            Ok(None)
        );
        assert_eq!(
            p.parse(br#"{"remote_addr":"x","request":"GET / HTTP/1.1","status":200}"#),
            Err(BadLine::NoJsonKey(JsonKey::Time))
        );
        assert_eq!(
            p.parse(br#"{"time":"-","request":"GET / HTTP/1.1","status":200}"#),
            Err(BadLine::MissingField)
        );
        assert_eq!(p.parse(b"not json"), Err(BadLine::BadJson));
        assert_eq!(p.parse(b""), Ok(None));
    }

    /// Issue #14: a log that names its keys otherwise is told which `--json-field` to give,
    /// one needed field after the other.
    #[test]
    fn custom_keys_point_to_json_field() {
        let line = br#"{"ts":"2026-11-20T13:55:36Z","ip":"192.0.2.1","code":200,"path":"/p","ua":"curl/8"}"#;
        let mut fields = JsonFields::default();
        let mut errors = Vec::new();
        for assignment in ["time=ts", "status=code", "uri=path"] {
            let parser =
                LineParser::with_json_fields(Format::NginxJson, None, Arc::new(fields.clone()));
            errors.push(
                parser
                    .parse(line)
                    .expect_err("a needed key is named otherwise"),
            );
            fields.set(assignment).expect("valid");
        }
        assert_eq!(
            errors,
            [
                BadLine::NoJsonKey(JsonKey::Time),
                BadLine::NoJsonKey(JsonKey::Status),
                BadLine::NoJsonKey(JsonKey::Request)
            ]
        );
        let messages: Vec<String> = errors.iter().map(ToString::to_string).collect();
        assert!(
            messages[0].contains("--json-field time=KEY"),
            "{}",
            messages[0]
        );
        assert!(
            messages[1].contains("--json-field status=KEY"),
            "{}",
            messages[1]
        );
        assert!(
            messages[2].contains("--json-field request=KEY"),
            "{}",
            messages[2]
        );
        assert!(messages[2].contains("uri=KEY"), "{}", messages[2]);
        // With every needed key named, the line reads.
        let parser = LineParser::with_json_fields(Format::NginxJson, None, Arc::new(fields));
        let r = parser.parse(line).expect("valid").expect("a request");
        assert_eq!((&*r.target, r.status), (&b"/p"[..], 200));
    }

    #[test]
    fn detects_nginx_json() {
        let sample = format!("{LINE}\n{LINE}\n");
        assert_eq!(detect(sample.as_bytes()), Some(Format::NginxJson));
    }
}
