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
//! Runs (docs/judging.md, "Where versions come from"): captures with the same content in a row are
//! one version. The content of a 2xx capture is its digest; of a 4xx capture (429 excepted)
//! its status code, since an error page's bytes (a date, a request id) say nothing about
//! robots.txt; a `warc/revisit` capture repeats the content of the capture it points to (by
//! digest). 3xx, 429 and 5xx captures are skipped: they neither start nor end a run.

use std::collections::HashMap;
use std::rc::Rc;

use crate::history::Millis;
use crate::text;

use super::super::Origin;

/// The fields asked for with `fl=`.
pub(crate) const FIELDS: &str = "timestamp,original,mimetype,statuscode,digest";

/// Digests kept from other origins' captures (each costs about 100 bytes).
const MAX_FOREIGN_DIGESTS: usize = 100_000;

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
    #[error("row {row}: timestamp \"{value}\" {problem}")]
    Timestamp {
        /// 1-based, the header being row 0.
        row: usize,
        /// The value, made safe to print and cut.
        value: String,
        /// What is wrong with it (`is not YYYYMMDDhhmmss`, `is after the year 9999…`).
        problem: &'static str,
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
    // serde's messages quote the values they met: cut them.
    let value: Vec<Vec<Cell>> =
        serde_json::from_slice(trimmed).map_err(|e| match e.classify() {
            serde_json::error::Category::Data => CdxProblem::Shape(cut(&e.to_string())),
            _ => CdxProblem::BadJson(cut(&e.to_string())),
        })?;
    let mut rows = value.into_iter();
    let Some(header) = rows.next() else {
        return Ok(Page::default());
    };
    let header: Vec<String> = header.into_iter().map(Cell::into_string).collect();
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
    let mut rows = rows.enumerate().map(|(i, r)| {
        (
            i + 1,
            r.into_iter().map(Cell::into_string).collect::<Vec<_>>(),
        )
    });
    while let Some((n, mut row)) = rows.next() {
        if row.is_empty() {
            // The end of the captures: a resumption key may follow, and nothing else.
            if let Some((m, key)) = rows.next() {
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
        if let Err(problem) = read_timestamp(&row[ts]) {
            return Err(CdxProblem::Timestamp {
                row: n,
                value: text::terminal_cut(&row[ts], 40).into_owned(),
                problem,
            });
        }
        let mut take = |i: usize| std::mem::take(&mut row[i]);
        page.rows.push(Row {
            timestamp: take(ts),
            original: take(orig),
            mimetype: take(mime),
            statuscode: take(status),
            digest: take(digest),
        });
    }
    Ok(page)
}

/// A field of a row: a string, or a number as some indexes send them.
#[derive(serde::Deserialize)]
#[serde(untagged)]
enum Cell {
    Text(String),
    Number(serde_json::Number),
}

impl Cell {
    fn into_string(self) -> String {
        match self {
            Cell::Text(s) => s,
            Cell::Number(n) => n.to_string(),
        }
    }
}

/// A server's text in a message: safe to print, at most 200 characters.
fn cut(message: &str) -> String {
    text::terminal_cut(message, 200).into_owned()
}

/// `YYYYMMDDhhmmss` (UTC) → unix ms.
pub(crate) fn parse_timestamp(s: &str) -> Option<Millis> {
    read_timestamp(s).ok()
}

/// `YYYYMMDDhhmmss` (UTC) → unix ms, or what is wrong with it.
fn read_timestamp(s: &str) -> Result<Millis, &'static str> {
    let digits = !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if digits && s.len() > 14 {
        return Err("is after the year 9999, the latest instant a version can be dated");
    }
    if !digits || s.len() != 14 {
        return Err("is not YYYYMMDDhhmmss");
    }
    crate::fetch::parse_stamp(&format!("{}T{}Z", &s[..8], &s[8..]))
        .ok_or("is not a valid date and time")
}

/// Unix ms → `YYYYMMDDhhmmss` (whole seconds, rounded down).
pub(crate) fn format_timestamp(ms: Millis) -> String {
    crate::fetch::stamp(ms).replace(['T', 'Z'], "")
}

/// The captured URL, normalised, when it is `origin`'s robots.txt: the same scheme, host and
/// port (RFC 9309 §2.3: a robots.txt governs its own origin only), the path exactly
/// `/robots.txt` as written (a `..`, `%2e` or `\` that a URL parser would fold away is
/// refused: it is not the URL the origin's crawlers ask for, and would climb out of the replay
/// path), no query, fragment or user.
pub(crate) fn belongs(original: &str, origin: &Origin) -> Option<String> {
    let url = url::Url::parse(original).ok()?;
    let ours = raw_path(original) == Some("/robots.txt")
        && url.path() == "/robots.txt"
        && url.query().is_none()
        && url.fragment().is_none()
        && url.username().is_empty()
        && url.password().is_none()
        && Origin::from_url(original, origin.scheme).is_ok_and(|o| &o == origin);
    ours.then(|| url.into())
}

/// The path of a URL as written: from the end of the authority to a `?` or `#`.
fn raw_path(url: &str) -> Option<&str> {
    let rest = &url[url.find("://")? + 3..];
    let path = &rest[rest.find(['/', '?', '#', '\\'])?..];
    Some(&path[..path.find(['?', '#']).unwrap_or(path.len())])
}

/// What a capture holds, as far as versions go.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum Content {
    /// A 2xx body, by digest.
    Body(Digest),
    /// A 4xx status (429 excepted): no file.
    Status(u16),
}

/// What a status code makes of a capture: `None` for the skipped ones (3xx, 429, 5xx, and
/// anything else).
pub(crate) fn content_of(status: u16, digest: Digest) -> Option<Content> {
    match status {
        200..=299 => Some(Content::Body(digest)),
        // RFC 9309 §2.3.1.4: 429 is "unreachable", like 5xx: the archive's crawler was told to
        // slow down, not that there is no file.
        400..=499 if status != 429 => Some(Content::Status(status)),
        _ => None,
    }
}

/// A digest, by its number in the [`Listing`].
pub(crate) type Digest = u32;

/// One capture of the origin's robots.txt, in 16 bytes (an index may list a million).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Capture {
    pub(crate) time: Millis,
    pub(crate) digest: Digest,
    /// Its own status code; 0 when the index gives none (`-`).
    status: u16,
    /// Its URL as the index gives it, by number.
    original: u8,
    /// A `warc/revisit` record: the content of an earlier capture with the same digest.
    revisit: bool,
}

impl Capture {
    fn status(&self) -> Option<u16> {
        (self.status != 0).then_some(self.status)
    }
}

/// How a capture's content is found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Reading {
    /// Known from the index.
    Known(Option<Content>),
    /// A revisit of a digest the index shows nowhere with a status: only a replay can tell.
    Unresolved,
}

/// What the index listed for one origin, page after page: the origin's captures within the
/// bounds, and the content of every digest the index shows with a status (from any URL it
/// listed: the same payload is the same payload under `http` or `www.`; a 2xx reading wins).
/// Each digest's text is kept once; a capture takes 16 bytes.
pub(crate) struct Listing {
    origin: Origin,
    since: Option<Millis>,
    until: Option<Millis>,
    digests: Vec<Rc<str>>,
    ids: HashMap<Rc<str>, Digest>,
    /// By digest: the status of a capture that is not a revisit, 0 when none.
    known: Vec<u16>,
    /// The URLs the origin's captures give, normalised (`https://example.com/robots.txt`,
    /// `https://www.example.com:8443/robots.txt`, …); the first is the origin's own.
    originals: Vec<String>,
    /// The origin's captures within the bounds, in the index's order.
    pub(crate) captures: Vec<Capture>,
    /// Indexes of `captures` by digest, then not revisits first, then time.
    by_digest: Vec<u32>,
    /// Rows of other origins.
    pub(crate) others: usize,
    /// Rows in all.
    pub(crate) rows: usize,
    /// By digest: whether one of the origin's 2xx captures has it.
    body: Vec<bool>,
    /// Distinct digests of the origin's 2xx captures: each is at least one version.
    pub(crate) bodies: usize,
}

impl Listing {
    /// An empty listing for `origin`'s captures in `[since, until)`.
    pub(crate) fn new(origin: Origin, since: Option<Millis>, until: Option<Millis>) -> Listing {
        Listing {
            originals: vec![origin.robots_url()],
            origin,
            since,
            until,
            digests: Vec::new(),
            ids: HashMap::new(),
            known: Vec::new(),
            captures: Vec::new(),
            by_digest: Vec::new(),
            others: 0,
            rows: 0,
            body: Vec::new(),
            bodies: 0,
        }
    }

    /// Takes one row of the index (its timestamp already checked by [`parse_page`]).
    pub(crate) fn add(&mut self, row: Row) {
        self.rows += 1;
        let Some(time) = parse_timestamp(&row.timestamp) else {
            return;
        };
        let ours = belongs(&row.original, &self.origin);
        let digest = match self.ids.get(row.digest.as_str()) {
            Some(&id) => id,
            // Other origins' digests only help to read revisits: past a point, not kept.
            None if ours.is_none() && self.digests.len() >= MAX_FOREIGN_DIGESTS => {
                self.others += 1;
                return;
            }
            None => {
                let id = Digest::try_from(self.digests.len()).unwrap_or(Digest::MAX);
                let text: Rc<str> = Rc::from(row.digest.as_str());
                self.ids.insert(Rc::clone(&text), id);
                self.digests.push(text);
                self.known.push(0);
                self.body.push(false);
                id
            }
        };
        let revisit = row.mimetype.eq_ignore_ascii_case(REVISIT);
        let status = row.statuscode.parse::<u16>().ok().filter(|&s| s != 0);
        if let (false, Some(status), false) = (revisit, status, row.digest.is_empty())
            && let Some(known) = self.known.get_mut(digest as usize)
            && (*known == 0 || !(200..300).contains(known) && (200..300).contains(&status))
        {
            *known = status;
        }
        let Some(url) = ours else {
            self.others += 1;
            return;
        };
        if self.since.is_some_and(|s| time < s) || self.until.is_some_and(|u| time >= u) {
            return;
        }
        let original = match self.originals.iter().position(|o| *o == url) {
            Some(i) => i,
            None if self.originals.len() <= usize::from(u8::MAX) => {
                self.originals.push(url);
                self.originals.len() - 1
            }
            // More spellings of the same URL than anyone writes: the origin's own will do.
            None => 0,
        };
        if !revisit
            && status.is_some_and(|s| (200..300).contains(&s))
            && let Some(seen) = self.body.get_mut(digest as usize)
            && !*seen
        {
            *seen = true;
            self.bodies += 1;
        }
        self.captures.push(Capture {
            time,
            digest,
            status: status.unwrap_or(0),
            original: u8::try_from(original).unwrap_or(0),
            revisit,
        });
    }

    /// Called once every page is in: orders the captures to replay.
    pub(crate) fn finish(&mut self) {
        let captures = &self.captures;
        let mut order: Vec<u32> = (0..u32::try_from(captures.len()).unwrap_or(u32::MAX)).collect();
        order.sort_by_key(|&i| {
            let c = &captures[i as usize];
            (c.digest, c.revisit, c.time)
        });
        self.by_digest = order;
    }

    /// The digest's text.
    pub(crate) fn digest(&self, id: Digest) -> &str {
        self.digests.get(id as usize).map_or("", |d| d)
    }

    /// At most `n` captures of a digest to replay, as (timestamp, URL): those that are not
    /// revisits first, then the oldest.
    pub(crate) fn candidates(&self, id: Digest, n: usize) -> Vec<(String, &str)> {
        let digest_of = |i: &u32| self.captures[*i as usize].digest;
        let start = self.by_digest.partition_point(|i| digest_of(i) < id);
        self.by_digest[start..]
            .iter()
            .take_while(|i| digest_of(i) == id)
            .take(n)
            .map(|&i| {
                let c = &self.captures[i as usize];
                (
                    format_timestamp(c.time),
                    self.originals[usize::from(c.original)].as_str(),
                )
            })
            .collect()
    }

    /// The content of one capture, from the index alone.
    pub(crate) fn reading(&self, capture: &Capture) -> Reading {
        let id = capture.digest;
        if !capture.revisit {
            return Reading::Known(capture.status().and_then(|s| content_of(s, id)));
        }
        // A revisit continues the run of its digest: it holds what the capture it repeats held.
        match self.known.get(id as usize) {
            Some(&status) if status != 0 => return Reading::Known(content_of(status, id)),
            _ => {}
        }
        match capture.status() {
            Some(status) => Reading::Known(content_of(status, id)),
            None if self.digest(id).is_empty() => Reading::Known(None),
            None => Reading::Unresolved,
        }
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
        let ours = |url: &str| belongs(url, &https);
        let own = Some("https://example.com/robots.txt".to_owned());
        assert_eq!(ours("https://example.com/robots.txt"), own);
        assert_eq!(
            ours("https://EXAMPLE.com:443/robots.txt"),
            own,
            "normalised"
        );
        for other in [
            "http://example.com/robots.txt",
            "https://www.example.com/robots.txt",
            "https://example.com:8443/robots.txt",
            "https://example.com/robots.txt?x=1",
            "https://example.com/robots.txt#x",
            "https://example.com/ROBOTS.TXT",
            "https://u@example.com/robots.txt",
            "example.com/robots.txt",
            // Paths a parser folds into /robots.txt are not the origin's robots.txt, and their
            // `..` would climb out of /web/<timestamp>id_/ in the replay URL.
            "https://example.com/../../robots.txt",
            "https://example.com/a/../robots.txt",
            "https://example.com/./robots.txt",
            "https://example.com/%2e%2e/robots.txt",
            "https://example.com\\robots.txt",
            "https://example.com/robots\t.txt",
        ] {
            assert_eq!(ours(other), None, "{other}");
        }
        let http = Origin::from_url("http://example.com:8080", Scheme::Https).expect("origin");
        assert!(belongs("http://example.com:8080/robots.txt", &http).is_some());
        assert!(belongs("http://example.com/robots.txt", &http).is_none());
    }

    #[test]
    fn timestamps_say_what_is_wrong_with_them() {
        let problem = |ts: &str| {
            let body = format!(
                "[{HEADER},[\"{ts}\",\"https://example.com/robots.txt\",\"text/plain\",\"200\",\"D\"]]"
            );
            parse_page(body.as_bytes()).expect_err(ts).to_string()
        };
        assert_eq!(
            problem("100000101000000"),
            "row 1: timestamp \"100000101000000\" is after the year 9999, the latest instant a version can be dated"
        );
        assert_eq!(
            problem("20261301000000"),
            "row 1: timestamp \"20261301000000\" is not a valid date and time"
        );
        assert_eq!(
            problem("2026-11-01"),
            "row 1: timestamp \"2026-11-01\" is not YYYYMMDDhhmmss"
        );
        // serde's message quotes what it met: cut.
        let long = format!("[[\"{}\"]]", "x".repeat(100_000));
        let shape = parse_page(format!("[{{\"a\":\"{}\"}}]", "y".repeat(100_000)).as_bytes())
            .expect_err("shape")
            .to_string();
        assert!(shape.len() < 400, "{}", shape.len());
        assert!(parse_page(long.as_bytes()).is_err());
    }

    fn row(ts: &str, url: &str, status: &str, mime: &str, digest: &str) -> Row {
        Row {
            timestamp: ts.into(),
            original: url.into(),
            mimetype: mime.into(),
            statuscode: status.into(),
            digest: digest.into(),
        }
    }

    const U: &str = "https://example.com/robots.txt";

    #[test]
    fn a_listing_keeps_the_origins_captures_and_what_every_digest_holds() {
        let origin = Origin::from_url("https://example.com", Scheme::Https).expect("origin");
        let day = |d: u32| parse_timestamp(&format!("202611{d:02}000000")).expect("time");
        let mut listing = Listing::new(origin, Some(day(2)), Some(day(9)));
        let rows = [
            // Outside the bounds, and of other origins: they still tell what a digest holds.
            row("20261101000000", U, "200", "text/plain", "A"),
            row(
                "20261102000000",
                "http://example.com/robots.txt",
                "404",
                "text/html",
                "N",
            ),
            row(
                "20261102000000",
                "https://www.example.com/robots.txt",
                "404",
                "text/html",
                "B",
            ),
            row(
                "20261103000000",
                "https://www.example.com/robots.txt",
                "200",
                "text/plain",
                "B",
            ),
            // The origin's, within the bounds.
            row("20261104000000", U, "-", "warc/revisit", "A"),
            row("20261105000000", U, "-", "warc/revisit", "N"),
            row("20261106000000", U, "-", "warc/revisit", "Z"),
            row("20261106000000", U, "200", "warc/revisit", "Y"),
            row("20261107000000", U, "301", "text/html", "S"),
            row("20261107000000", U, "429", "text/html", "S"),
            row("20261107000000", U, "503", "text/html", "S"),
            row("20261108000000", U, "410", "text/html", "G"),
            row("20261108000000", U, "200", "text/plain", "B"),
            // After the bounds.
            row("20261109000000", U, "200", "text/plain", "B"),
        ];
        for r in rows {
            listing.add(r);
        }
        listing.finish();
        assert_eq!((listing.rows, listing.others), (14, 3));
        // Distinct 2xx contents of the origin's own captures within the bounds: B only (Y is a
        // revisit, A's 2xx capture is outside the bounds).
        assert_eq!(listing.bodies, 1);
        let readings: Vec<Reading> = listing
            .captures
            .iter()
            .map(|c| listing.reading(c))
            .collect();
        let id = |d: &str| {
            (0..listing.digests.len() as Digest)
                .find(|&i| listing.digest(i) == d)
                .expect("listed")
        };
        let body = |d: &str| Reading::Known(Some(Content::Body(id(d))));
        assert_eq!(
            readings,
            vec![
                // A revisit holds what its digest holds: a body, a 404 (from another URL).
                body("A"),
                Reading::Known(Some(Content::Status(404))),
                // Nothing says what Z holds: only its replay can.
                Reading::Unresolved,
                // A revisit with a status of its own.
                body("Y"),
                Reading::Known(None),
                Reading::Known(None),
                Reading::Known(None),
                Reading::Known(Some(Content::Status(410))),
                // B shows 404 under www. and 200 too: the 2xx reading wins.
                body("B"),
            ]
        );
        // Replay candidates: the origin's own captures within the bounds only.
        assert_eq!(
            listing.candidates(id("A"), 3),
            [("20261104000000".to_owned(), U)]
        );
        assert_eq!(
            listing.candidates(id("B"), 3),
            [("20261108000000".to_owned(), U)]
        );
    }

    #[test]
    fn other_origins_digests_are_kept_up_to_a_bound() {
        let origin = Origin::from_url("https://example.com", Scheme::Https).expect("origin");
        let mut listing = Listing::new(origin, None, None);
        let www = "https://www.example.com/robots.txt";
        for i in 0..MAX_FOREIGN_DIGESTS {
            listing.add(row(
                "20261101000000",
                www,
                "200",
                "text/plain",
                &format!("W{i}"),
            ));
        }
        listing.add(row("20261102000000", www, "200", "text/plain", "LATE"));
        listing.add(row("20261103000000", U, "-", "warc/revisit", "W7"));
        listing.add(row("20261103000000", U, "-", "warc/revisit", "LATE"));
        assert_eq!(listing.digests.len(), MAX_FOREIGN_DIGESTS + 1);
        assert_eq!(listing.others, MAX_FOREIGN_DIGESTS + 1);
        let readings: Vec<Reading> = listing
            .captures
            .iter()
            .map(|c| listing.reading(c))
            .collect();
        assert_eq!(
            readings,
            [Reading::Known(Some(Content::Body(7))), Reading::Unresolved]
        );
    }

    #[test]
    fn replay_candidates_prefer_captures_that_are_not_revisits_then_the_oldest() {
        let origin = Origin::from_url("https://example.com", Scheme::Https).expect("origin");
        let mut listing = Listing::new(origin, None, None);
        let port = "https://example.com:443/robots.txt";
        for r in [
            row("20261105000000", U, "-", "warc/revisit", "A"),
            row("20261104000000", port, "200", "text/plain", "A"),
            row("20261101000000", U, "-", "warc/revisit", "A"),
            row("20261102000000", U, "200", "text/plain", "B"),
            row("20261103000000", U, "200", "text/plain", "A"),
            row("20261106000000", U, "200", "text/plain", "A"),
        ] {
            listing.add(r);
        }
        listing.finish();
        let ts = |t: &str| t.to_owned();
        // Every capture is replayed by its URL normalised (`:443` is the origin's own URL).
        assert_eq!(
            listing.candidates(0, 3),
            [
                (ts("20261103000000"), U),
                (ts("20261104000000"), U),
                (ts("20261106000000"), U)
            ]
        );
        assert_eq!(listing.candidates(1, 3), [(ts("20261102000000"), U)]);
        assert_eq!(listing.candidates(2, 3), []);
        assert_eq!(std::mem::size_of::<Capture>(), 16);
    }

    #[test]
    fn runs_of_identical_content_keep_their_first_and_last_capture() {
        let a = || Content::Body(0);
        let b = || Content::Body(1);
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
