//! Report stage: turns the audit's merged aggregates into CSV files, an HTML page and
//! terminal text.
//!
//! Takes rows that are already aggregated and sorted ([`ViolationRow`], [`SummaryRow`],
//! [`HostRow`]); gives CSV (RFC 4180 quoting, csv crate: `cells.rs`) and one self-contained HTML page
//! ([`write_html`]), written atomically through [`Output`]; a run's reports go together through
//! [`ReportSet`], in place only when every one is complete. It must not decide anything about the audit: what a row says was settled
//! upstream; this stage only makes it safe to open and to print. Before anything is written,
//! [`check_paths`] refuses reports that would replace an input or each other.
//!
//! Two dangers from attacker-controlled log contents are handled here:
//! - spreadsheet formula injection: cells starting with `=`, `+`, `-`, `@`, tab or CR are
//!   prefixed with `'` (OWASP "CSV Injection") unless neutralisation is turned off;
//! - control characters and invalid UTF-8: every cell goes through [`text::cell`] (`%XX`),
//!   and a report written to a terminal through [`text::TerminalWriter`] (see [`Output`]).

mod cells;
mod html;
mod output;
mod paths;
mod set;
mod writeback;

use std::borrow::Borrow;
use std::fmt;
use std::io::{self, Write};
use std::net::IpAddr;
use std::path::PathBuf;
use std::sync::Arc;

use crate::extsort::SortError;
use crate::text;

use cells::{Cell, Cells};

pub use html::{
    ActivityBin, ConflictDigest, Limits, Page, ViolationDigest, push_text, render, time_bin_ms,
    write_html,
};
pub use output::Output;
pub use paths::{PathError, check_input, check_paths};
pub use set::{Report, ReportPaths, ReportSet, WriteSettings};

/// Failure to write a report.
#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    /// Creating, writing or replacing the report at `path` failed (`path` as the user gave
    /// it, never the temporary file's).
    #[error("cannot write report {}: {source}", path.display())]
    Write { path: PathBuf, source: io::Error },
    /// Writing the report to standard output failed.
    #[error("cannot write to standard output: {0}")]
    Stdout(io::Error),
    /// A writer (`write_violations`, …) failed to write; it does not know where to.
    /// [`ReportError::named`] turns this into [`ReportError::Write`] or
    /// [`ReportError::Stdout`].
    #[error("cannot write report: {0}")]
    Io(io::Error),
    /// The CSV writer refused a record (not an I/O error).
    #[error("cannot write CSV: {0}")]
    Csv(csv::Error),
    /// A [`ReportError::Csv`] and the report it happened to.
    #[error("cannot write report {path}: {source}")]
    Named {
        path: String,
        source: Box<ReportError>,
    },
    /// The rows could not be read (a sorted run on disk did not come back whole): the report
    /// must not be written.
    #[error("{0}")]
    Rows(#[from] SortError),
}

impl ReportError {
    /// The same error, naming the report it happened to: `path` is [`Output::name`] (`-` for
    /// standard output).
    pub fn named(self, path: String) -> ReportError {
        match self {
            ReportError::Io(source) if path == "-" => ReportError::Stdout(source),
            ReportError::Io(source) => ReportError::Write {
                path: PathBuf::from(path),
                source,
            },
            ReportError::Csv(_) if path != "-" => ReportError::Named {
                path,
                source: Box::new(self),
            },
            other => other,
        }
    }

    /// True when the reader of standard output went away (`| head`): not worth an error.
    pub fn is_broken_pipe(&self) -> bool {
        let io = match self {
            ReportError::Write { source, .. }
            | ReportError::Stdout(source)
            | ReportError::Io(source) => Some(source),
            ReportError::Csv(e) => match e.kind() {
                csv::ErrorKind::Io(e) => Some(e),
                _ => None,
            },
            ReportError::Named { source, .. } => return source.is_broken_pipe(),
            ReportError::Rows(_) => None,
        };
        io.is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    }
}

impl From<csv::Error> for ReportError {
    fn from(e: csv::Error) -> ReportError {
        if matches!(e.kind(), csv::ErrorKind::Io(_)) {
            match e.into_kind() {
                csv::ErrorKind::Io(io) => ReportError::Io(io),
                _ => unreachable!("the kind was just matched as Io"),
            }
        } else {
            ReportError::Csv(e)
        }
    }
}

/// What a violations row is about. Ordered as the report sorts it: by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    /// Requests came faster than the group's Crawl-delay.
    CrawlDelay,
    /// A rule forbade the path.
    Disallowed,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Disallowed => "disallowed",
            Kind::CrawlDelay => "crawl-delay",
        }
    }
}

/// A row's sample client (`sample_ip`): its address, or, for a client field that is no
/// address (a Unix socket, a name), that field as the report prints it. An address is kept
/// as one and written as `Display` writes it by the report's writer: a report of hundreds of
/// thousands of rows makes no string for each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SampleClient {
    /// The client's address.
    Ip(IpAddr),
    /// A client field that is no address, as the report prints it.
    Text(Box<str>),
}

impl fmt::Display for SampleClient {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SampleClient::Ip(ip) => ip.fmt(f),
            SampleClient::Text(t) => f.write_str(t),
        }
    }
}

/// A row's `(status, requests)` pairs, sorted by status: nearly always one or two, held in
/// the row without an allocation.
pub type StatusCodes = smallvec::SmallVec<[(u16, u64); 2]>;

/// One row of the violations report (docs/reports.md, "The violations report").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ViolationRow {
    // The texts that repeat from row to row (a long-tail log has hundreds of thousands of
    // rows for a few crawlers) are shared, not copied per row.
    pub host: Arc<str>,
    pub kind: Kind,
    pub crawler: Arc<str>,
    pub user_agent: Arc<str>,
    pub group: Arc<str>,
    /// Shared by the rows of a (host, crawler, path) group.
    pub path: Arc<str>,
    pub rule: Arc<str>,
    pub rule_line: u32,
    pub requests: u64,
    pub first_seen_ms: i64,
    pub last_seen_ms: i64,
    pub verification: &'static str,
    /// When the cited version of robots.txt came into force (unix ms); None for an undated
    /// file.
    pub robots_version: Option<i64>,
    /// `fetched`, `in-force` or `assumed` (docs/judging.md, "The verdict").
    pub evidence: &'static str,
    pub client_ips: u64,
    pub sample_ip: SampleClient,
    /// `(status, count)` sorted by status.
    pub status_codes: StatusCodes,
    /// Crawl-delay rows: the shortest and the median interval between requests, in ms.
    pub min_interval_ms: Option<i64>,
    pub median_interval_ms: Option<i64>,
}

/// One row of the `--summary` report: a (host, crawler) pair.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SummaryRow {
    pub host: String,
    pub crawler: String,
    pub operator: String,
    pub category: String,
    pub requests: u64,
    pub checked: u64,
    pub allowed: u64,
    pub violations: u64,
    /// Allowed only because an older version the crawler may still have held allows it.
    pub allowed_by_leeway: u64,
    pub robots_fetches: u64,
    /// Whether the crawler asked for /robots.txt before its first other request; None when
    /// it never asked for it.
    pub robots_first: Option<bool>,
    pub robots_statuses: Vec<(u16, u64)>,
    pub first_seen_ms: i64,
    pub last_seen_ms: i64,
    pub verified: u64,
    pub spoofed: u64,
    pub unverifiable: u64,
    pub group: String,
    /// Requests that go against a usage preference (docs/preferences.md).
    pub preference_conflicts: u64,
    /// Of the violations, those from addresses marked spoofed: the crawler's operator did
    /// not make them.
    pub violations_spoofed: u64,
}

/// One row of the preferences report: requests that robots.txt allows (or does not bind)
/// and that go against a usage preference in force for them (docs/reports.md, "The
/// preferences report").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PreferenceRow {
    pub host: Arc<str>,
    pub crawler: Arc<str>,
    pub operator: Arc<str>,
    pub category: Arc<str>,
    pub user_agent: Arc<str>,
    /// The group the preference line stands in.
    pub group: Arc<str>,
    /// `ai-train`, `ai-input` or `search` (`train-ai` is reported as `ai-train`).
    pub key: &'static str,
    /// Shared by the rows of a (host, crawler, path) group.
    pub path: Arc<str>,
    /// The deciding preference line as written, e.g. `Content-Signal: search=yes, ai-train=no`.
    pub rule: Arc<str>,
    pub rule_line: u32,
    pub requests: u64,
    pub first_seen_ms: i64,
    pub last_seen_ms: i64,
    pub verification: &'static str,
    /// When the cited version of robots.txt came into force (unix ms); None for an undated
    /// file.
    pub robots_version: Option<i64>,
    /// `fetched`, `in-force` or `assumed`.
    pub evidence: &'static str,
    pub client_ips: u64,
    pub sample_ip: SampleClient,
    /// `(status, count)` sorted by status.
    pub status_codes: StatusCodes,
}

/// One row of the `--spoofed` report: an address that claimed to be a crawler and failed
/// that crawler's verification.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpoofedRow {
    pub client_ip: String,
    pub crawler: String,
    pub requests: u64,
    /// The hosts it reached, space-separated.
    pub hosts: String,
    pub first_seen_ms: i64,
    pub last_seen_ms: i64,
    /// The User-Agent of its earliest request.
    pub user_agent: String,
}

/// One row of the `--inputs` report: one log file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputRow {
    pub input: String,
    pub format: String,
    /// The format was detected (not named with --format).
    pub detected: bool,
    pub requests: u64,
    pub malformed: u64,
    /// `reason:count` pairs, space-separated.
    pub malformed_reasons: String,
    pub first_malformed_line: Option<u64>,
    /// The first malformed line, shortened and escaped.
    pub first_malformed: String,
    pub outside_window: u64,
    pub no_host: u64,
    /// Why the input broke off (its lines up to the damage were audited).
    pub error: String,
}

/// One row of the `--hosts` report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostRow {
    pub host: String,
    pub robots_url: String,
    pub obtained: String,
    pub outcome: String,
    pub status: Option<u16>,
    pub bytes: u64,
    pub truncated: bool,
    pub groups: u64,
    /// Versions of the file known (dated files, the cache's history).
    pub versions: u64,
    /// When the first and the last dated version came into force (unix ms).
    pub first_version_ms: Option<i64>,
    pub last_version_ms: Option<i64>,
    pub requests: u64,
    pub crawler_requests: u64,
    pub judged: bool,
    pub reason: String,
    /// The usage preferences its latest robots.txt sets for `*`, e.g.
    /// `ai-train=no;search=yes` (docs/reports.md, "The hosts report").
    pub preferences: String,
}

impl HostRow {
    /// The origin the row is about, as warnings name it: `https://example.com` (the
    /// `host` column alone leaves out the scheme, and the http and https origins of one host
    /// can differ: one judged, one not), or the host field when it is no origin.
    pub fn origin(&self) -> &str {
        self.robots_url
            .strip_suffix("/robots.txt")
            .filter(|o| !o.is_empty())
            .unwrap_or(&self.host)
    }
}

/// Settings shared by the writers.
#[derive(Clone, Copy, Debug)]
pub struct CsvStyle {
    /// Prefix cells that a spreadsheet would run as a formula with `'`.
    pub neutralize: bool,
}

/// The cells a violation row and a preference row share, from the rule cited to the
/// statuses (`rule` … `status_codes`): the two rows have these fields by the same names.
macro_rules! evidence_cells {
    ($r:ident) => {
        [
            Cell::Shared(&$r.rule),
            Cell::Count($r.rule_line.into()),
            Cell::Count($r.requests),
            Cell::Time(Some($r.first_seen_ms)),
            Cell::Time(Some($r.last_seen_ms)),
            Cell::Text($r.verification),
            Cell::Time($r.robots_version),
            Cell::Text($r.evidence),
            Cell::Count($r.client_ips),
            Cell::Client(&$r.sample_ip),
            Cell::Statuses(&$r.status_codes),
        ]
    };
}

/// Writes the violations report from rows in report order, as they come (the rows of a large
/// report are never all in memory); gives the number of rows written. A row that cannot be
/// read ends the writing with [`ReportError::Rows`]: the report is then incomplete and must
/// not be committed.
pub fn write_violations(
    out: impl Write,
    rows: impl IntoIterator<Item = Result<impl Borrow<ViolationRow>, SortError>>,
    style: CsvStyle,
) -> Result<usize, ReportError> {
    let header = [
        "host",
        "kind",
        "crawler",
        "user_agent",
        "group",
        "path",
        "rule",
        "rule_line",
        "requests",
        "first_seen",
        "last_seen",
        "verification",
        "robots_version",
        "evidence",
        "client_ips",
        "sample_ip",
        "status_codes",
        "min_interval_s",
        "median_interval_s",
    ];
    write_streamed(out, style, &header, rows, |w, r: &ViolationRow| {
        w.record_cells(&[
            &[
                Cell::Shared(&r.host),
                Cell::Text(r.kind.as_str()),
                Cell::Shared(&r.crawler),
                Cell::Shared(&r.user_agent),
                Cell::Shared(&r.group),
                Cell::Text(&r.path),
            ],
            &evidence_cells!(r),
            &[
                Cell::Seconds(r.min_interval_ms),
                Cell::Seconds(r.median_interval_ms),
            ],
        ])
    })
}

/// Writes the preferences report (docs/reports.md, "The preferences report") from rows in
/// report order, as they come, like [`write_violations`]; gives the number of rows written.
/// A row that cannot be read ends the writing with [`ReportError::Rows`]: the report is then
/// incomplete and must not be committed.
pub fn write_preferences(
    out: impl Write,
    rows: impl IntoIterator<Item = Result<impl Borrow<PreferenceRow>, SortError>>,
    style: CsvStyle,
) -> Result<usize, ReportError> {
    let header = [
        "host",
        "crawler",
        "operator",
        "category",
        "user_agent",
        "group",
        "key",
        "path",
        "rule",
        "rule_line",
        "requests",
        "first_seen",
        "last_seen",
        "verification",
        "robots_version",
        "evidence",
        "client_ips",
        "sample_ip",
        "status_codes",
    ];
    write_streamed(out, style, &header, rows, |w, r: &PreferenceRow| {
        w.record_cells(&[
            &[
                Cell::Shared(&r.host),
                Cell::Shared(&r.crawler),
                Cell::Shared(&r.operator),
                Cell::Shared(&r.category),
                Cell::Shared(&r.user_agent),
                Cell::Shared(&r.group),
                Cell::Text(r.key),
                Cell::Text(&r.path),
            ],
            &evidence_cells!(r),
        ])
    })
}

/// Writes a report whose rows come as they are made: the header, then each row through
/// `record`, never holding them all; gives the number of rows written. A row that cannot be
/// read ends the writing with [`ReportError::Rows`].
fn write_streamed<T, W: Write>(
    out: W,
    style: CsvStyle,
    header: &[&str],
    rows: impl IntoIterator<Item = Result<impl Borrow<T>, SortError>>,
    mut record: impl FnMut(&mut Cells<W>, &T) -> Result<(), ReportError>,
) -> Result<usize, ReportError> {
    let mut w = Cells::new(out, style);
    w.record(header)?;
    let mut written = 0;
    for r in rows {
        record(&mut w, r?.borrow())?;
        written += 1;
    }
    w.finish()?;
    Ok(written)
}

/// Writes the `--summary` report.
pub fn write_summary(
    out: impl Write,
    rows: &[SummaryRow],
    style: CsvStyle,
) -> Result<(), ReportError> {
    let mut w = Cells::new(out, style);
    w.record(&[
        "host",
        "crawler",
        "operator",
        "category",
        "requests",
        "checked",
        "allowed",
        "violations",
        "allowed_by_leeway",
        "robots_fetches",
        "robots_first",
        "robots_statuses",
        "first_seen",
        "last_seen",
        "verified",
        "spoofed",
        "unverifiable",
        "group",
        "preference_conflicts",
        "violations_spoofed",
    ])?;
    for r in rows {
        let robots_first = match r.robots_first {
            Some(true) => "yes",
            Some(false) => "no",
            None => "never",
        };
        w.record(&[
            &r.host,
            &r.crawler,
            &r.operator,
            &r.category,
            &r.requests.to_string(),
            &r.checked.to_string(),
            &r.allowed.to_string(),
            &r.violations.to_string(),
            &r.allowed_by_leeway.to_string(),
            &r.robots_fetches.to_string(),
            robots_first,
            &counts(&r.robots_statuses),
            &text::rfc3339_ms(r.first_seen_ms),
            &text::rfc3339_ms(r.last_seen_ms),
            &r.verified.to_string(),
            &r.spoofed.to_string(),
            &r.unverifiable.to_string(),
            &r.group,
            &r.preference_conflicts.to_string(),
            &r.violations_spoofed.to_string(),
        ])?;
    }
    w.finish()
}

/// Writes the `--spoofed` report.
pub fn write_spoofed(
    out: impl Write,
    rows: &[SpoofedRow],
    style: CsvStyle,
) -> Result<(), ReportError> {
    let mut w = Cells::new(out, style);
    w.record(&[
        "client_ip",
        "crawler",
        "requests",
        "hosts",
        "first_seen",
        "last_seen",
        "user_agent",
    ])?;
    for r in rows {
        w.record(&[
            &r.client_ip,
            &r.crawler,
            &r.requests.to_string(),
            &r.hosts,
            &text::rfc3339_ms(r.first_seen_ms),
            &text::rfc3339_ms(r.last_seen_ms),
            &r.user_agent,
        ])?;
    }
    w.finish()
}

/// Writes the `--inputs` report.
pub fn write_inputs(
    out: impl Write,
    rows: &[InputRow],
    style: CsvStyle,
) -> Result<(), ReportError> {
    let mut w = Cells::new(out, style);
    w.record(&[
        "input",
        "format",
        "detected",
        "requests",
        "malformed",
        "malformed_reasons",
        "first_malformed_line",
        "first_malformed",
        "outside_window",
        "no_host",
        "error",
    ])?;
    for r in rows {
        w.record(&[
            &r.input,
            &r.format,
            if r.detected { "yes" } else { "no" },
            &r.requests.to_string(),
            &r.malformed.to_string(),
            &r.malformed_reasons,
            &r.first_malformed_line
                .map(|n| n.to_string())
                .unwrap_or_default(),
            &r.first_malformed,
            &r.outside_window.to_string(),
            &r.no_host.to_string(),
            &r.error,
        ])?;
    }
    w.finish()
}

/// Writes the `--hosts` report.
pub fn write_hosts(out: impl Write, rows: &[HostRow], style: CsvStyle) -> Result<(), ReportError> {
    let mut w = Cells::new(out, style);
    w.record(&[
        "host",
        "robots_url",
        "obtained",
        "outcome",
        "status",
        "bytes",
        "truncated",
        "groups",
        "versions",
        "first_version",
        "last_version",
        "requests",
        "crawler_requests",
        "judged",
        "reason",
        "preferences",
    ])?;
    for r in rows {
        w.record(&[
            &r.host,
            &r.robots_url,
            &r.obtained,
            &r.outcome,
            &r.status.map(|s| s.to_string()).unwrap_or_default(),
            &r.bytes.to_string(),
            if r.truncated { "yes" } else { "no" },
            &r.groups.to_string(),
            &r.versions.to_string(),
            &r.first_version_ms.map(text::rfc3339_ms).unwrap_or_default(),
            &r.last_version_ms.map(text::rfc3339_ms).unwrap_or_default(),
            &r.requests.to_string(),
            &r.crawler_requests.to_string(),
            if r.judged { "yes" } else { "no" },
            &r.reason,
            &r.preferences,
        ])?;
    }
    w.finish()
}

/// `200:12 404:1`
fn counts(pairs: &[(u16, u64)]) -> String {
    // Written digit by digit rather than through `format!`'s machinery.
    let mut s = String::new();
    let mut digits = itoa::Buffer::new();
    for (i, &(code, n)) in pairs.iter().enumerate() {
        if i > 0 {
            s.push(' ');
        }
        s.push_str(digits.format(code));
        s.push(':');
        s.push_str(digits.format(n));
    }
    s
}

/// A duration in ms as seconds: whole, else with three decimals.
fn seconds(ms: i64) -> String {
    let mut s = String::new();
    cells::push_seconds(&mut s, ms);
    s
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A disallowed row of `path` by a User-Agent `ua` (other tests start from it too).
    pub(crate) fn row(path: &str, ua: &str) -> ViolationRow {
        ViolationRow {
            host: "example.com".into(),
            kind: Kind::Disallowed,
            crawler: "GPTBot".into(),
            user_agent: ua.into(),
            group: "*".into(),
            path: path.into(),
            rule: "Disallow: /private/".into(),
            rule_line: 3,
            requests: 2,
            first_seen_ms: 1_763_646_936_000,
            last_seen_ms: 1_763_646_937_500,
            verification: "unverifiable",
            robots_version: None,
            evidence: "in-force",
            client_ips: 1,
            sample_ip: SampleClient::Ip("203.0.113.9".parse().unwrap()),
            status_codes: StatusCodes::from_slice(&[(200, 1), (403, 1)]),
            min_interval_ms: None,
            median_interval_ms: None,
        }
    }

    fn written(rows: &[ViolationRow], neutralize: bool) -> String {
        let mut buf = Vec::new();
        write_violations(&mut buf, rows.iter().map(Ok), CsvStyle { neutralize }).unwrap();
        String::from_utf8(buf).unwrap()
    }

    #[test]
    fn header_has_the_contract_columns_in_order() {
        let text = written(&[], true);
        let header = text.lines().next().unwrap();
        assert!(header.starts_with(
            "host,kind,crawler,user_agent,group,path,rule,rule_line,requests,first_seen,last_seen,verification"
        ));
    }

    #[test]
    fn row_fields_and_timestamps() {
        let text = written(&[row("/private/a?x=1", "GPTBot/1.2")], true);
        let line = text.lines().nth(1).unwrap();
        assert_eq!(
            line,
            "example.com,disallowed,GPTBot,GPTBot/1.2,*,/private/a?x=1,Disallow: /private/,3,2,\
             2025-11-20T13:55:36Z,2025-11-20T13:55:37Z,unverifiable,,in-force,1,203.0.113.9,200:1 403:1,,"
        );
    }

    #[test]
    fn shared_cells_are_made_safe_on_every_row_they_need_it() {
        // Rows sharing one text (as the audit's rows share their host, crawler, User-Agent,
        // group and rule) must each be written as a row of their own would be.
        let formula: Arc<str> = "=HYPERLINK(\"x\")".into();
        let control: Arc<str> = "bot\u{1b}[2J".into();
        let clean: Arc<str> = "Disallow: /private/".into();
        let mut rows = Vec::new();
        for (i, (host, ua)) in [
            (&formula, &control),
            (&formula, &control),
            (&clean, &clean),
            (&clean, &clean),
            (&formula, &clean),
        ]
        .into_iter()
        .enumerate()
        {
            let mut r = row(&format!("/p{i}"), "");
            r.host = Arc::clone(host);
            r.user_agent = Arc::clone(ua);
            rows.push(r);
        }
        for neutralize in [true, false] {
            let together = written(&rows, neutralize);
            let alone: Vec<String> = rows
                .iter()
                .map(|r| written(std::slice::from_ref(r), neutralize))
                .collect();
            let lines: Vec<&str> = together.lines().skip(1).collect();
            for (line, one) in lines.iter().zip(&alone) {
                assert_eq!(Some(*line), one.lines().nth(1), "neutralize: {neutralize}");
            }
            assert!(!together.contains('\u{1b}'));
        }
        assert_eq!(written(&rows, true).matches("'=HYPERLINK").count(), 3);
    }

    #[test]
    fn formula_cells_are_neutralised_by_default_and_kept_raw_on_request() {
        for bad in ["=HYPERLINK(\"http://x\")", "+1", "-2+3", "@SUM(A1)"] {
            let text = written(&[row("/p", bad)], true);
            let mut rdr = csv::Reader::from_reader(text.as_bytes());
            let rec = rdr.records().next().unwrap().unwrap();
            assert_eq!(&rec[3], format!("'{bad}"), "neutralised");
            let text = written(&[row("/p", bad)], false);
            let mut rdr = csv::Reader::from_reader(text.as_bytes());
            let rec = rdr.records().next().unwrap().unwrap();
            assert_eq!(&rec[3], bad, "raw");
        }
        // A leading tab or CR never reaches a cell raw, neutralised or not.
        for (bad, cell) in [("\tx", "%09x"), ("\rx", "%0Dx")] {
            for neutralize in [true, false] {
                let text = written(&[row("/p", bad)], neutralize);
                let mut rdr = csv::Reader::from_reader(text.as_bytes());
                let rec = rdr.records().next().unwrap().unwrap();
                assert_eq!(&rec[3], cell);
            }
        }
        // Ordinary cells are untouched.
        let text = written(&[row("/p", "Mozilla/5.0")], true);
        assert!(text.contains(",Mozilla/5.0,"));
    }

    #[test]
    fn quotes_and_commas_survive_a_round_trip_and_line_breaks_are_encoded() {
        let ua = "evil\"bot\nnext,line\r";
        let text = written(&[row("/a,b", ua)], true);
        assert_eq!(text.lines().count(), 2, "one line per record: {text:?}");
        let mut rdr = csv::Reader::from_reader(text.as_bytes());
        let rec = rdr.records().next().unwrap().unwrap();
        assert_eq!(&rec[3], "evil\"bot%0Anext,line%0D");
        assert_eq!(&rec[5], "/a,b");
    }

    #[test]
    fn no_control_character_or_nul_is_written_raw() {
        // What the audit hands over is valid UTF-8, but may hold anything else a log held.
        let mut r = row("/x\0y\u{1b}[2J", "Bot\u{9b}31m\u{7}");
        r.group = "*\0".into();
        r.rule = "Disallow: /x\u{7f}".into();
        for neutralize in [true, false] {
            let text = written(std::slice::from_ref(&r), neutralize);
            let bad: Vec<char> = text
                .chars()
                .filter(|&c| c.is_control() && c != '\n')
                .collect();
            assert!(bad.is_empty(), "raw {bad:?} in {text:?}");
            let mut rdr = csv::Reader::from_reader(text.as_bytes());
            let rec = rdr.records().next().unwrap().unwrap();
            assert_eq!(&rec[3], "Bot%C2%9B31m%07");
            assert_eq!(&rec[4], "*%00");
            assert_eq!(&rec[5], "/x%00y%1B[2J");
            assert_eq!(&rec[6], "Disallow: /x%7F");
        }
    }

    #[test]
    fn a_failed_write_is_named_after_the_report_it_was_for() {
        struct Full;
        impl Write for Full {
            fn write(&mut self, _: &[u8]) -> io::Result<usize> {
                Err(io::Error::from_raw_os_error(28))
            }
            fn flush(&mut self) -> io::Result<()> {
                Err(io::Error::from_raw_os_error(28))
            }
        }
        let style = CsvStyle { neutralize: true };
        let e = write_summary(Full, &[], style).unwrap_err();
        let named = e.named("summary.csv".to_string()).to_string();
        assert!(
            named.starts_with("cannot write report summary.csv: ")
                && !named.contains("standard output"),
            "{named}"
        );
        let e = write_hosts(Full, &[], style)
            .unwrap_err()
            .named("-".to_string());
        assert!(matches!(e, ReportError::Stdout(_)), "{e}");
        let e =
            write_violations(Full, [] as [Result<ViolationRow, SortError>; 0], style).unwrap_err();
        assert!(matches!(e.named("r.csv".into()), ReportError::Write { .. }));
    }

    #[test]
    fn rows_that_cannot_be_read_fail_the_report_and_are_not_blamed_on_it() {
        let damaged = SortError::Read {
            path: "/tmp/robots-audit-1-abcdefgh/run-4".into(),
            run: 5,
            runs: 9,
            problem: crate::extsort::Damage::Truncated { records: 12 },
        };
        let rows = vec![
            Ok(row("/a", "GPTBot/1.2")),
            Err(damaged),
            Ok(row("/b", "x")),
        ];
        let mut buf = Vec::new();
        let e = write_violations(&mut buf, rows, CsvStyle { neutralize: true }).unwrap_err();
        let e = e.named("report.csv".into());
        assert!(matches!(e, ReportError::Rows(_)), "{e:?}");
        let msg = e.to_string();
        assert!(
            msg.contains("run-4")
                && msg.contains("sorted run 5 of 9")
                && !msg.contains("report.csv"),
            "{msg}"
        );
        assert!(!e.is_broken_pipe());
    }

    #[test]
    fn terminal_escaping_removes_every_control_character() {
        let s = text::terminal(b"a\x1b[31mred\x07\x7f\xc2\x9b\xff\\ ok \xe2\x9c\x93\xe2\x80\xae")
            .into_owned();
        assert_eq!(
            s,
            "a\\x1b[31mred\\x07\\x7f\\u{9b}\\xff\\ ok \u{2713}\\u{202e}"
        );
        assert!(!s.chars().any(|c| c.is_control()));
    }

    #[test]
    fn cell_text_keeps_utf8_and_encodes_invalid_bytes() {
        assert_eq!(
            text::cell("/caf\u{e9}".as_bytes()).into_owned(),
            "/caf\u{e9}"
        );
        assert_eq!(text::cell(b"/a\xffb").into_owned(), "/a%FFb");
        assert_eq!(text::cell(b"/a\x00b").into_owned(), "/a%00b");
    }

    fn preference_row(path: &str, ua: &str) -> PreferenceRow {
        PreferenceRow {
            host: "example.com".into(),
            crawler: "ClaudeBot".into(),
            operator: "Anthropic".into(),
            category: "ai-training".into(),
            user_agent: ua.into(),
            group: "*".into(),
            key: "ai-train",
            path: path.into(),
            rule: "Content-Signal: search=yes, ai-train=no".into(),
            rule_line: 2,
            requests: 3,
            first_seen_ms: 1_763_646_936_000,
            last_seen_ms: 1_763_646_937_500,
            verification: "unverifiable",
            robots_version: Some(1_793_491_200_000),
            evidence: "fetched",
            client_ips: 2,
            sample_ip: SampleClient::Ip("203.0.113.9".parse().unwrap()),
            status_codes: StatusCodes::from_slice(&[(200, 2), (304, 1)]),
        }
    }

    #[test]
    fn preferences_report_has_the_contract_columns_and_safe_cells() {
        let rows = [
            preference_row("/blog/1", "ClaudeBot/1.0"),
            preference_row("/x\u{1b}[2J", "=cmd|' /C calc'!A0"),
        ];
        let mut buf = Vec::new();
        let n = write_preferences(&mut buf, rows.iter().map(Ok), CsvStyle { neutralize: true })
            .unwrap();
        assert_eq!(n, 2);
        let text = String::from_utf8(buf).unwrap();
        let mut lines = text.lines();
        assert_eq!(
            lines.next().unwrap(),
            "host,crawler,operator,category,user_agent,group,key,path,rule,rule_line,requests,\
             first_seen,last_seen,verification,robots_version,evidence,client_ips,sample_ip,\
             status_codes"
        );
        assert_eq!(
            lines.next().unwrap(),
            "example.com,ClaudeBot,Anthropic,ai-training,ClaudeBot/1.0,*,ai-train,/blog/1,\
             \"Content-Signal: search=yes, ai-train=no\",2,3,2025-11-20T13:55:36Z,\
             2025-11-20T13:55:37Z,unverifiable,2026-11-01T00:00:00Z,fetched,2,203.0.113.9,\
             200:2 304:1"
        );
        let mut rdr = csv::Reader::from_reader(text.as_bytes());
        let hostile = rdr.records().nth(1).unwrap().unwrap();
        assert_eq!(&hostile[4], "'=cmd|' /C calc'!A0");
        assert_eq!(&hostile[7], "/x%1B[2J");
        // Rows that cannot be read fail the report.
        let damaged = SortError::Descriptors { limit: 8, open: 8 };
        let e = write_preferences(
            Vec::new(),
            [Ok(preference_row("/a", "x")), Err(damaged)],
            CsvStyle { neutralize: true },
        )
        .unwrap_err();
        assert!(matches!(e, ReportError::Rows(_)), "{e:?}");
    }

    #[test]
    fn seconds_formatting() {
        assert_eq!(seconds(10_000), "10");
        assert_eq!(seconds(500), "0.500");
        assert_eq!(text::rfc3339_ms(0), "1970-01-01T00:00:00Z");
    }
}
