//! The archive's capture index (CDX), read: pages of JSON rows in, captures of one origin and
//! their runs of identical content out. No I/O.
//!
//! A CDX JSON answer is an array of arrays: the first row names the fields (`timestamp`,
//! `original`, `mimetype`, `statuscode`, `digest`, …), each further row is a capture, and when
//! the answer was cut by `limit=` an empty row is followed by a row holding the resumption key.
//! Timestamps are `YYYYMMDDhhmmss` in UTC. The index lists the captures of every URL that
//! canonicalises like `<host>/robots.txt` (the Wayback Machine folds `http`/`https` and a
//! leading `www.` together), so each capture's `original` URL decides whether it belongs to
//! the origin.
//!
//! Runs (cli-contract, `robots-audit history`): captures with the same content in a row are
//! one version. The content of a 2xx capture is its digest; of a 4xx capture (429 excepted)
//! its status code, since an error page's bytes (a date, a request id) say nothing about
//! robots.txt; a `warc/revisit` capture repeats the content of the capture it points to (by
//! digest). 3xx, 429 and 5xx captures are skipped: they neither start nor end a run.

use std::collections::HashMap;

use crate::history::Millis;
use crate::text;

use super::super::Origin;

/// The fields asked for with `fl=`.
pub(crate) const FIELDS: &str = "timestamp,original,mimetype,statuscode,digest";

/// The MIME type the index gives a revisit record.
const REVISIT: &str = "warc/revisit";

/// One row of the index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Row {
    /// `YYYYMMDDhhmmss`.
    pub(crate) timestamp: String,
    /// The URL as captured.
    pub(crate) original: String,
    pub(crate) mimetype: String,
    /// A status code, or `-` (revisits).
    pub(crate) statuscode: String,
    /// Base32 SHA-1 of the payload.
    pub(crate) digest: String,
}

/// One answer of the index.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Page {
    pub(crate) rows: Vec<Row>,
    /// Where the next page starts, when the answer was cut.
    pub(crate) resume_key: Option<String>,
}

/// Why an index answer cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CdxProblem {
    /// Not JSON at all (an HTML error page, plain text).
    #[error("is not JSON (it starts with \"{start}\")")]
    NotJson {
        /// The first characters, made safe to print.
        start: String,
    },
    /// JSON, but broken (cut short, bad syntax).
    #[error("is not valid JSON: {0}")]
    BadJson(String),
    /// JSON of another shape than an array of arrays of strings.
    #[error("is not a CDX array of rows: {0}")]
    Shape(String),
    /// The header row lacks a field that was asked for.
    #[error("has no `{0}` field in its header row")]
    MissingField(&'static str),
    /// A row with an unreadable timestamp.
    #[error("row {row}: timestamp \"{value}\" is not YYYYMMDDhhmmss")]
    Timestamp {
        /// 1-based, the header being row 0.
        row: usize,
        /// The value, made safe to print.
        value: String,
    },
}

/// Reads one index answer.
pub(crate) fn parse_page(body: &[u8]) -> Result<Page, CdxProblem> {
    let trimmed = body.trim_ascii();
    // An index with no capture may answer with nothing at all.
    if trimmed.is_empty() {
        return Ok(Page::default());
    }
    if trimmed[0] != b'[' {
        return Err(CdxProblem::NotJson {
            start: text::terminal_cut(&trimmed[..trimmed.len().min(200)], 60).into_owned(),
        });
    }
    let value: Vec<serde_json::Value> =
        serde_json::from_slice(trimmed).map_err(|e| CdxProblem::BadJson(e.to_string()))?;
    let mut rows = value.into_iter();
    let Some(header) = rows.next() else {
        return Ok(Page::default());
    };
    let header = strings(header, 0)?;
    let field = |name: &'static str| {
        header
            .iter()
            .position(|h| h == name)
            .ok_or(CdxProblem::MissingField(name))
    };
    let (ts, orig, mime, status, digest) = (
        field("timestamp")?,
        field("original")?,
        field("mimetype")?,
        field("statuscode")?,
        field("digest")?,
    );
    let mut page = Page::default();
    let mut rows = rows.enumerate().map(|(i, r)| (i + 1, r));
    while let Some((n, row)) = rows.next() {
        let row = strings(row, n)?;
        if row.is_empty() {
            // The end of the captures: a resumption key may follow, and nothing else.
            if let Some((m, key)) = rows.next() {
                let key = strings(key, m)?;
                if key.len() != 1 || rows.next().is_some() {
                    return Err(CdxProblem::Shape(format!(
                        "row {m}: expected only a resumption key after the empty row"
                    )));
                }
                page.resume_key = key.into_iter().next().filter(|k| !k.is_empty());
            }
            break;
        }
        if row.len() != header.len() {
            return Err(CdxProblem::Shape(format!(
                "row {n} has {} fields, the header {}",
                row.len(),
                header.len()
            )));
        }
        if parse_timestamp(&row[ts]).is_none() {
            return Err(CdxProblem::Timestamp {
                row: n,
                value: text::terminal_cut(&row[ts], 40).into_owned(),
            });
        }
        page.rows.push(Row {
            timestamp: row[ts].clone(),
            original: row[orig].clone(),
            mimetype: row[mime].clone(),
            statuscode: row[status].clone(),
            digest: row[digest].clone(),
        });
    }
    Ok(page)
}

/// A row as strings (numbers are taken as written; some indexes send them unquoted).
fn strings(row: serde_json::Value, n: usize) -> Result<Vec<String>, CdxProblem> {
    let serde_json::Value::Array(cells) = row else {
        return Err(CdxProblem::Shape(format!("row {n} is not an array")));
    };
    cells
        .into_iter()
        .map(|c| match c {
            serde_json::Value::String(s) => Ok(s),
            serde_json::Value::Number(x) => Ok(x.to_string()),
            _ => Err(CdxProblem::Shape(format!(
                "row {n} has a field that is not a string"
            ))),
        })
        .collect()
}

/// `YYYYMMDDhhmmss` (UTC) → unix ms.
pub(crate) fn parse_timestamp(s: &str) -> Option<Millis> {
    if s.len() != 14 || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    crate::fetch::parse_stamp(&format!("{}T{}Z", &s[..8], &s[8..]))
}

/// Unix ms → `YYYYMMDDhhmmss` (whole seconds, rounded down).
pub(crate) fn format_timestamp(ms: Millis) -> String {
    crate::fetch::stamp(ms).replace(['T', 'Z'], "")
}

/// Whether a captured URL is `origin`'s robots.txt: the same scheme, host and port (RFC 9309
/// §2.3: a robots.txt governs its own origin only), the path `/robots.txt`, no query.
pub(crate) fn belongs(original: &str, origin: &Origin) -> bool {
    let Ok(url) = url::Url::parse(original) else {
        return false;
    };
    url.path() == "/robots.txt"
        && url.query().is_none()
        && url.username().is_empty()
        && url.password().is_none()
        && Origin::from_url(original, origin.scheme).is_ok_and(|o| &o == origin)
}

/// What a capture holds, as far as versions go.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum Content {
    /// A 2xx body, by digest.
    Body(String),
    /// A 4xx status (429 excepted): no file.
    Status(u16),
}

/// What a status code makes of a capture: `None` for the skipped ones (3xx, 429, 5xx, and
/// anything else).
pub(crate) fn content_of(status: u16, digest: &str) -> Option<Content> {
    match status {
        200..=299 => Some(Content::Body(digest.to_owned())),
        // RFC 9309 §2.3.1.4: 429 is "unreachable", like 5xx: the archive's crawler was told to
        // slow down, not that there is no file.
        400..=499 if status != 429 => Some(Content::Status(status)),
        _ => None,
    }
}

/// One capture of the origin's robots.txt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Capture {
    pub(crate) time: Millis,
    pub(crate) row: Row,
}

impl Capture {
    /// A `warc/revisit` record: the content of an earlier capture with the same digest.
    pub(crate) fn is_revisit(&self) -> bool {
        self.row.mimetype.eq_ignore_ascii_case(REVISIT)
    }

    /// Its own status code, if the index gives one.
    pub(crate) fn status(&self) -> Option<u16> {
        self.row.statuscode.parse().ok()
    }
}

/// The content of every digest that the index shows with a status, from captures that are
/// not revisits, of any URL the answer listed (the same payload is the same payload under
/// `http` or `www.`). A 2xx reading wins over others.
pub(crate) fn known_digests<'a>(rows: impl Iterator<Item = &'a Row>) -> HashMap<String, u16> {
    let mut known: HashMap<String, u16> = HashMap::new();
    for row in rows {
        if row.mimetype.eq_ignore_ascii_case(REVISIT) || row.digest.is_empty() {
            continue;
        }
        let Ok(status) = row.statuscode.parse::<u16>() else {
            continue;
        };
        known
            .entry(row.digest.clone())
            .and_modify(|s| {
                if !(200..300).contains(s) && (200..300).contains(&status) {
                    *s = status;
                }
            })
            .or_insert(status);
    }
    known
}

/// How a capture's content is found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Reading {
    /// Known from the index.
    Known(Option<Content>),
    /// A revisit of a digest the index shows nowhere with a status: only a replay can tell.
    Unresolved,
}

/// The content of one capture, from the index alone.
pub(crate) fn read_capture(capture: &Capture, known: &HashMap<String, u16>) -> Reading {
    let digest = &capture.row.digest;
    if !capture.is_revisit() {
        return Reading::Known(capture.status().and_then(|s| content_of(s, digest)));
    }
    // A revisit continues the run of its digest: it holds what the capture it repeats held.
    if let Some(&status) = known.get(digest) {
        return Reading::Known(content_of(status, digest));
    }
    match capture.status() {
        Some(status) => Reading::Known(content_of(status, digest)),
        None if digest.is_empty() => Reading::Known(None),
        None => Reading::Unresolved,
    }
}

/// A run of captures with the same content.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Run {
    pub(crate) content: Content,
    /// Its first capture.
    pub(crate) first: Millis,
    /// Its last capture.
    pub(crate) last: Millis,
    /// Captures in it.
    pub(crate) captures: usize,
}

/// The runs of `captures` (each with its content, `None` for a skipped one), in time order.
/// Captures are sorted by time; of several at the same second (the index may list one twice)
/// the last listed counts, since versions are dated to the second.
pub(crate) fn runs(mut captures: Vec<(Millis, Content)>) -> Vec<Run> {
    // Stable: the index's order decides between captures of the same second.
    captures.sort_by_key(|(t, _)| *t);
    let mut deduped: Vec<(Millis, Content)> = Vec::with_capacity(captures.len());
    for (t, c) in captures {
        match deduped.last_mut() {
            Some(last) if last.0 == t => *last = (t, c),
            _ => deduped.push((t, c)),
        }
    }
    let mut runs: Vec<Run> = Vec::new();
    for (t, c) in deduped {
        match runs.last_mut() {
            Some(run) if run.content == c => {
                run.last = t;
                run.captures += 1;
            }
            _ => runs.push(Run {
                content: c,
                first: t,
                last: t,
                captures: 1,
            }),
        }
    }
    runs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fetch::Scheme;

    const HEADER: &str = r#"["timestamp","original","mimetype","statuscode","digest"]"#;

    #[test]
    fn pages_with_and_without_a_resumption_key() {
        let body = format!(
            "[{HEADER},\n[\"20261101000000\",\"https://example.com/robots.txt\",\"text/plain\",\"200\",\"AAAA\"],\n[\"20261102000000\",\"https://example.com/robots.txt\",\"warc/revisit\",\"-\",\"AAAA\"],\n[],\n[\"com%2Cexample%29%2Frobots.txt+20261102000000\"]]"
        );
        let page = parse_page(body.as_bytes()).expect("valid");
        assert_eq!(page.rows.len(), 2);
        assert_eq!(page.rows[1].mimetype, "warc/revisit");
        assert_eq!(page.rows[1].statuscode, "-");
        assert_eq!(
            page.resume_key.as_deref(),
            Some("com%2Cexample%29%2Frobots.txt+20261102000000")
        );
        // Fields found by name, in whatever order the index sends them; no key when not cut.
        let body = r#"[["digest","statuscode","mimetype","original","timestamp","length"],["D","404","text/html","http://x.example/robots.txt","20261101000000","12"]]"#;
        let page = parse_page(body.as_bytes()).expect("valid");
        assert_eq!(page.rows[0].digest, "D");
        assert_eq!(page.rows[0].statuscode, "404");
        assert_eq!(page.resume_key, None);
        assert_eq!(parse_page(b"[]").expect("empty"), Page::default());
        assert_eq!(parse_page(b" \n").expect("nothing"), Page::default());
    }

    #[test]
    fn answers_that_are_not_cdx_json() {
        match parse_page(b"<!DOCTYPE html><html>\x1b[31m Too many requests") {
            Err(CdxProblem::NotJson { start }) => {
                assert!(start.starts_with("<!DOCTYPE html>"), "{start}");
                assert!(!start.contains('\x1b'), "{start}");
            }
            other => panic!("{other:?}"),
        }
        let cut = format!("[{HEADER},[\"20261101000000\",\"https://exa");
        assert!(matches!(
            parse_page(cut.as_bytes()),
            Err(CdxProblem::BadJson(_))
        ));
        assert!(matches!(
            parse_page(br#"[{"timestamp":"1"}]"#),
            Err(CdxProblem::Shape(_))
        ));
        assert!(matches!(
            parse_page(br#"[["timestamp","original"],["20261101000000","x"]]"#),
            Err(CdxProblem::MissingField("mimetype"))
        ));
        let short = format!("[{HEADER},[\"20261101000000\",\"x\"]]");
        assert!(matches!(
            parse_page(short.as_bytes()),
            Err(CdxProblem::Shape(_))
        ));
        let bad_time = format!("[{HEADER},[\"2026-11-01\",\"x\",\"text/plain\",\"200\",\"D\"]]");
        assert!(matches!(
            parse_page(bad_time.as_bytes()),
            Err(CdxProblem::Timestamp { row: 1, .. })
        ));
        let trailing = format!("[{HEADER},[],[\"key\"],[\"more\"]]");
        assert!(matches!(
            parse_page(trailing.as_bytes()),
            Err(CdxProblem::Shape(_))
        ));
    }

    #[test]
    fn timestamps_round_trip() {
        let t = parse_timestamp("20261101123456").expect("valid");
        assert_eq!(format_timestamp(t), "20261101123456");
        assert_eq!(format_timestamp(t + 999), "20261101123456");
        for bad in [
            "2026110112345",
            "2026110112345x",
            "20261301000000",
            "202611011234567",
        ] {
            assert_eq!(parse_timestamp(bad), None, "{bad}");
        }
    }

    #[test]
    fn rfc9309_a_capture_belongs_to_its_own_origin_only() {
        let https = Origin::from_url("https://example.com", Scheme::Https).expect("origin");
        assert!(belongs("https://example.com/robots.txt", &https));
        assert!(belongs("https://EXAMPLE.com:443/robots.txt", &https));
        assert!(!belongs("http://example.com/robots.txt", &https));
        assert!(!belongs("https://www.example.com/robots.txt", &https));
        assert!(!belongs("https://example.com:8443/robots.txt", &https));
        assert!(!belongs("https://example.com/robots.txt?x=1", &https));
        assert!(!belongs("https://example.com/ROBOTS.TXT", &https));
        assert!(!belongs("https://u@example.com/robots.txt", &https));
        assert!(!belongs("example.com/robots.txt", &https));
        let http = Origin::from_url("http://example.com:8080", Scheme::Https).expect("origin");
        assert!(belongs("http://example.com:8080/robots.txt", &http));
        assert!(!belongs("http://example.com/robots.txt", &http));
    }

    fn row(status: &str, mime: &str, digest: &str) -> Row {
        Row {
            timestamp: "20261101000000".into(),
            original: "https://example.com/robots.txt".into(),
            mimetype: mime.into(),
            statuscode: status.into(),
            digest: digest.into(),
        }
    }

    #[test]
    fn revisits_take_the_content_of_their_digest() {
        let rows = [
            row("200", "text/plain", "A"),
            row("404", "text/html", "N"),
            row("404", "text/plain", "B"),
            row("200", "text/plain", "B"),
            row("-", "warc/revisit", "A"),
        ];
        let known = known_digests(rows.iter());
        assert_eq!(known.get("A"), Some(&200));
        assert_eq!(known.get("B"), Some(&200), "a 2xx reading wins");
        assert_eq!(known.len(), 3);
        let cap = |r: Row| Capture { time: 0, row: r };
        let body = |d: &str| Reading::Known(Some(Content::Body(d.into())));
        assert_eq!(
            read_capture(&cap(row("-", "warc/revisit", "A")), &known),
            body("A")
        );
        assert_eq!(
            read_capture(&cap(row("-", "warc/revisit", "N")), &known),
            Reading::Known(Some(Content::Status(404)))
        );
        assert_eq!(
            read_capture(&cap(row("-", "warc/revisit", "Z")), &known),
            Reading::Unresolved
        );
        assert_eq!(
            read_capture(&cap(row("200", "warc/revisit", "Z")), &known),
            body("Z")
        );
        for skipped in ["301", "302", "429", "500", "503", "-", "100"] {
            assert_eq!(
                read_capture(&cap(row(skipped, "text/html", "S")), &known),
                Reading::Known(None),
                "{skipped}"
            );
        }
        assert_eq!(
            read_capture(&cap(row("410", "text/html", "S")), &known),
            Reading::Known(Some(Content::Status(410)))
        );
    }

    #[test]
    fn runs_of_identical_content_keep_their_first_and_last_capture() {
        let a = || Content::Body("A".into());
        let b = || Content::Body("B".into());
        let gone = || Content::Status(404);
        let runs = runs(vec![
            (30, a()),
            (10, a()),
            (20, a()),
            (40, b()),
            (50, gone()),
            (60, gone()),
            (70, a()),
            // The same second twice: the one listed last counts.
            (80, b()),
            (80, a()),
        ]);
        let got: Vec<(Content, Millis, Millis, usize)> = runs
            .into_iter()
            .map(|r| (r.content, r.first, r.last, r.captures))
            .collect();
        assert_eq!(
            got,
            vec![
                (a(), 10, 30, 3),
                (b(), 40, 40, 1),
                (gone(), 50, 60, 2),
                (a(), 70, 80, 2),
            ]
        );
    }
}
