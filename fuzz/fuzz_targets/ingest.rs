//! Fuzz what reads attacker-controlled log bytes before the robots.txt engine: log lines in
//! every format, format detection, origin validation of a log's host field, User-Agent
//! tokens and request-target normalisation. Nothing may panic, and each part keeps the
//! promises its documentation makes (see the asserts).
//!
//! Input: a selector byte, then a parameter byte, then the payload.
//! - selector % 4 == 0: log lines. `Format::all()[param % 9]`; the payload is cut into lines
//!   as `input::Block::lines` cuts them; a `#Fields:` line sets the W3C header for the
//!   lines after it (as the audit does); with param >= 128 the nginx-json parser reads
//!   configured keys (`--json-field`).
//! - selector % 4 == 1: format detection over the payload as the first lines of a log.
//! - selector % 4 == 2: the payload as a log's host field and as a `--origin` argument.
//! - selector % 4 == 3: the payload as a User-Agent header and as a request target.
//!
//! Run: see ../README.md.

#![no_main]

use std::borrow::Cow;
use std::sync::{Arc, LazyLock};

use libfuzzer_sys::fuzz_target;
use robots_audit::crawlers::{Identity, Registry, nameable_tokens, product_tokens};
use robots_audit::fetch::{Origin, Scheme};
use robots_audit::logformat::{
    Format, JsonFields, LineParser, MAX_TIME_MS, MIN_TIME_MS, Request, detect,
};
use robots_audit::robots::normalize_target;

static REGISTRY: LazyLock<Registry> = LazyLock::new(Registry::builtin);

static CUSTOM_JSON: LazyLock<Arc<JsonFields>> = LazyLock::new(|| {
    let mut fields = JsonFields::default();
    for assignment in ["user_agent=ua,agent", "time=ts,msec", "host=vhost", "status=code"] {
        fields.set(assignment).expect("a valid assignment");
    }
    Arc::new(fields)
});

fuzz_target!(|data: &[u8]| {
    let [selector, param, payload @ ..] = data else {
        return;
    };
    match selector % 4 {
        0 => log_lines(Format::all()[usize::from(*param) % 9], *param >= 128, payload),
        1 => detection(payload),
        2 => origins(payload, if param & 1 == 0 { Scheme::Http } else { Scheme::Https }),
        _ => agents_and_targets(payload),
    }
});

/// The lines of `data` as `Block::lines` gives them: split at `\n`, one `\r` dropped.
fn lines(data: &[u8]) -> impl Iterator<Item = &[u8]> {
    let data = data.strip_suffix(b"\n").unwrap_or(data);
    data.split(|&b| b == b'\n')
        .map(|l| l.strip_suffix(b"\r").unwrap_or(l))
}

fn within(part: &[u8], line: &[u8]) -> bool {
    let range = line.as_ptr_range();
    part.is_empty()
        || (range.start <= part.as_ptr() && part.as_ptr_range().end <= range.end)
}

fn check_request(r: &Request<'_>, line: &[u8]) {
    // Borrowed parts point into the line itself.
    assert!(within(r.client, line));
    // Formats with a method field of their own default to GET without one.
    assert!(within(r.method, line) || r.method == b"GET");
    if let Some(host) = r.host {
        assert!(within(host, line));
    }
    if let Cow::Borrowed(target) = &r.target {
        assert!(within(target, line));
    }
    if let Cow::Borrowed(ua) = &r.user_agent {
        assert!(within(ua, line));
    }
    assert!(!r.method.is_empty());
    assert!(!r.target.is_empty());
    assert!(r.status <= 999);
    assert!(
        (MIN_TIME_MS..=MAX_TIME_MS).contains(&r.time_ms),
        "time {} out of range",
        r.time_ms
    );
}

fn log_lines(format: Format, custom: bool, data: &[u8]) {
    let make = |header: Option<&[u8]>| {
        if custom && format == Format::NginxJson {
            LineParser::with_json_fields(format, header, Arc::clone(&CUSTOM_JSON))
        } else {
            LineParser::new(format, header)
        }
    };
    let mut parser = make(None);
    let mut previous: &[u8] = b"";
    for line in lines(data) {
        if format.uses_fields_header() && line.starts_with(b"#Fields:") {
            parser = make(Some(line));
        }
        let first = parser.parse(line);
        if let Ok(Some(r)) = &first {
            check_request(r, line);
        }
        // The same answer again after another line (the CLF date cache must not leak).
        let _ = parser.parse(previous);
        assert_eq!(parser.parse(line), first);
        previous = line;
    }
}

fn detection(sample: &[u8]) {
    let Some(format) = detect(sample) else {
        return;
    };
    // The winner reads at least half of the non-blank sampled lines, and one request.
    let sample = sample.strip_prefix(b"\xef\xbb\xbf").unwrap_or(sample);
    let mut parser = LineParser::new(format, None);
    let (mut seen, mut fine, mut requests) = (0usize, 0usize, 0usize);
    for line in sample
        .split(|&c| c == b'\n')
        .map(|l| l.strip_suffix(b"\r").unwrap_or(l))
        .filter(|l| !l.iter().all(u8::is_ascii_whitespace))
        .take(100)
    {
        seen += 1;
        if format.uses_fields_header() && line.starts_with(b"#Fields:") {
            parser = LineParser::new(format, Some(line));
        }
        match parser.parse(line) {
            Ok(Some(_)) => {
                fine += 1;
                requests += 1;
            }
            Ok(None) => fine += 1,
            Err(_) => {}
        }
    }
    assert!(requests > 0, "{format} detected without a request");
    assert!(fine * 2 >= seen, "{format} reads {fine} of {seen} lines");
}

fn check_origin(o: &Origin, scheme: Scheme) {
    assert!(!o.host.is_empty() && o.host.len() <= 253);
    assert!(
        o.host
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b"-.:_".contains(&b)),
        "{:?}",
        o.host
    );
    assert_ne!(o.port, 0);
    // What the report prints reads back as the same origin.
    let again = Origin::from_host(o.display_host().as_bytes(), scheme)
        .unwrap_or_else(|e| panic!("{:?} does not read back: {e}", o.display_host()));
    assert_eq!(&again, o);
    let again = Origin::from_url(&o.to_string(), Scheme::Http)
        .unwrap_or_else(|e| panic!("{o} does not read back: {e}"));
    assert_eq!(&again, o);
    assert!(o.robots_url().ends_with("/robots.txt"));
}

fn origins(data: &[u8], scheme: Scheme) {
    if let Ok(o) = Origin::from_host(data, scheme) {
        assert_eq!(o.scheme, scheme);
        check_origin(&o, scheme);
    }
    if let Ok(text) = std::str::from_utf8(data)
        && let Ok(o) = Origin::from_url(text, scheme)
    {
        check_origin(&o, o.scheme);
    }
}

fn agents_and_targets(data: &[u8]) {
    let tokens = product_tokens(data);
    let nameable = nameable_tokens(data);
    for (i, t) in tokens.iter().enumerate() {
        assert!(!t.is_empty());
        assert_eq!(t, &t.to_ascii_lowercase(), "tokens are lower-case");
        assert!(!tokens[..i].contains(t), "no duplicate token");
    }
    for t in &nameable {
        assert!(tokens.contains(t), "{t:?} nameable but not a product token");
    }
    match REGISTRY.identify(data) {
        Identity::Known(id) => assert!(id.index() < REGISTRY.len()),
        Identity::Unknown(bot) => {
            // Its own tokens: the product tokens less those the header only compares its
            // client to (`like X`, `compatible with X`), which may come first or again later.
            for (i, t) in bot.tokens.iter().enumerate() {
                assert!(tokens.contains(t), "{t:?} answered to but not a product token");
                assert!(!bot.tokens[..i].contains(t), "no duplicate token");
            }
            assert!(!bot.name.is_empty());
        }
        Identity::NotCrawler => {}
    }
    let (identity, with_tokens) = REGISTRY.identify_with_tokens(data);
    assert_eq!(identity, REGISTRY.identify(data));
    if identity == Identity::NotCrawler {
        assert_eq!(with_tokens, nameable);
    }

    let mut path = Vec::new();
    normalize_target(data, &mut path);
    assert!(path.starts_with(b"/"));
    assert!(path.is_ascii(), "bytes >= 0x80 are percent-encoded");
    assert!(!path.contains(&b'#'), "the fragment is cut");
    let mut again = Vec::new();
    normalize_target(&path, &mut again);
    assert_eq!(again, path, "normalising is idempotent");
}
