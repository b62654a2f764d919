//! The `--html` report: the audit's findings as one self-contained page for people who will
//! not open a CSV (a manager, a site owner, a hosting company's abuse desk).
//!
//! Takes the same rows as the CSV writers ([`Page`]: summary, hosts, spoofed, inputs,
//! violating requests per hour; and the violations as a [`ViolationDigest`], gathered from
//! the rows as they stream to the CSV writer, never all in memory) and gives one HTML
//! document: headline figures, charts as inline SVG (readable without script), and tables of
//! the top rows with a count of the rest. Like the other writers it decides nothing about the
//! audit.
//!
//! What keeps the page safe to open, whoever wrote the log and the robots.txt files:
//! - every string from a log, a robots.txt or a file name goes through [`push_text`]: first
//!   [`text::cell`] (controls and invalid UTF-8 as `%XX`), then bidi and invisible characters
//!   as `%XX` too (a reader must see what a path really is), then `& < > " '` as character
//!   references. The result is safe as element text, as a double-quoted attribute value and
//!   as text inside inline SVG (which the HTML parser reads with the same rules); it is never
//!   put anywhere else (no script, no style, no URL, no unquoted attribute, no comment);
//! - nothing from the data becomes a link: a `javascript:` URL is shown as text;
//! - a `Content-Security-Policy` meta element allows nothing from the network
//!   (`default-src 'none'`) and only this page's own style sheet and script, by their
//!   SHA-256 hashes: even markup that slipped through could neither run nor load anything.
//!
//! Bounded whatever the input: each table shows its top rows ([`Limits`]) and says how many
//! more the CSV has; each string is cut to [`Limits::chars`] characters; the time chart has at
//! most [`MAX_BINS`] bars per series. With the default limits the page stays under 2 MiB
//! (tested with every table full of the costliest strings). The page is byte-identical for
//! the same findings: every order is by value, and no clock is read.

mod ranking;

use std::cmp::Reverse;
use std::collections::{BTreeMap, BTreeSet, BinaryHeap};
use std::fmt::Write as _;
use std::io::{self, Write};
use std::sync::Arc;

use base64::Engine as _;

use super::{HostRow, InputRow, Kind, ReportError, SpoofedRow, SummaryRow, ViolationRow};
use crate::text;
use ranking::{PathRanking, Ranked, RuleKey};

/// Violating requests of one crawler on one host in one hour (the audit's activity series).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hourly<'a> {
    /// The hour's start, unix ms.
    pub hour_ms: i64,
    pub host: &'a str,
    pub crawler: &'a str,
    pub kind: Kind,
    pub requests: u64,
}

/// Everything else the page shows, as the CSV writers get it.
#[derive(Clone, Copy, Debug)]
pub struct Page<'a> {
    /// One row per input, in argument order.
    pub inputs: &'a [InputRow],
    pub summary: &'a [SummaryRow],
    pub hosts: &'a [HostRow],
    pub spoofed: &'a [SpoofedRow],
    pub activity: &'a [Hourly<'a>],
    /// Requests left unverifiable because they are older than the IP-range lists (or
    /// reverse DNS) can speak for.
    pub too_old_to_verify: u64,
    /// How long a crawler may keep using a robots.txt after it changed, in ms.
    pub leeway_ms: i64,
}

/// How much of each table the page shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    pub crawlers: usize,
    pub rules: usize,
    pub paths: usize,
    pub delays: usize,
    pub spoofed: usize,
    pub hosts: usize,
    pub inputs: usize,
    /// Hosts in the per-host chart (the rest are one bar).
    pub chart_hosts: usize,
    /// Crawlers in the time charts (the rest are one series).
    pub chart_crawlers: usize,
    /// Characters of one string from the data (more are cut, with `…`).
    pub chars: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            crawlers: 50,
            rules: 50,
            paths: 100,
            delays: 50,
            spoofed: 100,
            hosts: 200,
            inputs: 50,
            chart_hosts: 15,
            chart_crawlers: 7,
            chars: 160,
        }
    }
}

/// Bars per series in a time chart at most: the hours are put into wider bins beyond that.
pub const MAX_BINS: i64 = 180;
/// Bins a time axis covers at least.
const MIN_AXIS_BINS: usize = 12;

const HOUR: i64 = 3_600_000;
const DAY: i64 = 24 * HOUR;

/// What the page shows of the violations report, gathered from its rows one at a time as
/// they stream to the CSV writer ([`ViolationDigest::add`], rows in report order): totals,
/// requests per host and per crawler, the rules broken, the top crawl-delay rows and the most
/// requested paths. Its memory does not grow with the rows: the tallies are per host, crawler
/// or rule (already in memory as the summary and the robots.txt files), the tables keep only
/// their top rows, and the paths, which a long-tail log has one per row, are added up one host
/// at a time and sorted in a temporary file past a budget (see `ranking`).
pub struct ViolationDigest {
    limits: Limits,
    /// Rows taken (the report's row count).
    rows: u64,
    disallowed: u64,
    delayed: u64,
    /// Requests per host, [disallowed, crawl-delay].
    per_host: BTreeMap<Arc<str>, [u64; 2]>,
    /// Requests per crawler, [disallowed, crawl-delay].
    per_crawler: BTreeMap<Arc<str>, [u64; 2]>,
    rules: BTreeMap<RuleKey, RuleTally>,
    /// The rule of the latest disallowed rows and their tally, not yet in `rules`.
    rule: Option<(RuleKey, RuleTally)>,
    /// The crawl-delay rows with the most requests, the least of them on top.
    delays: BinaryHeap<DelayRow>,
    delay_rows: u64,
    paths: PathRanking,
    /// The first failure to write the paths' temporary file; the paths are dropped after it.
    error: Option<io::Error>,
}

impl ViolationDigest {
    /// A digest for a page with `limits`, holding about `memory` bytes of one host's
    /// disallowed paths before it sorts them in a temporary file.
    pub fn new(limits: Limits, memory: usize) -> ViolationDigest {
        // A page shows this much of a path at most (see `push_text`).
        let keep_bytes = limits.chars.saturating_add(1).saturating_mul(4);
        ViolationDigest {
            limits,
            rows: 0,
            disallowed: 0,
            delayed: 0,
            per_host: BTreeMap::new(),
            per_crawler: BTreeMap::new(),
            rules: BTreeMap::new(),
            rule: None,
            delays: BinaryHeap::new(),
            delay_rows: 0,
            paths: PathRanking::new(limits.paths, keep_bytes, memory),
            error: None,
        }
    }

    /// Takes the next row of the violations report.
    pub fn add(&mut self, row: &ViolationRow) {
        let seq = self.rows;
        self.rows += 1;
        let k = match row.kind {
            Kind::Disallowed => 0,
            Kind::CrawlDelay => 1,
        };
        bump(&mut self.per_host, &row.host, k, row.requests);
        bump(&mut self.per_crawler, &row.crawler, k, row.requests);
        match row.kind {
            Kind::Disallowed => {
                self.disallowed += row.requests;
                // Rows under one rule mostly follow each other (a crawler's long tail under
                // `Disallow: /`): they are added up here and put in the map when it changes.
                let same = self.rule.as_ref().is_some_and(|(key, _)| {
                    same_text(&key.0, &row.host)
                        && key.1 == row.robots_version
                        && key.2 == row.rule_line
                        && same_text(&key.3, &row.rule)
                        && same_text(&key.4, &row.group)
                });
                if !same {
                    self.flush_rule();
                    self.rule = Some((
                        (
                            Arc::clone(&row.host),
                            row.robots_version,
                            row.rule_line,
                            Arc::clone(&row.rule),
                            Arc::clone(&row.group),
                        ),
                        RuleTally::default(),
                    ));
                }
                let (_, t) = self.rule.as_mut().expect("just set");
                t.requests += row.requests;
                match t.crawlers.get_mut(&*row.crawler) {
                    Some(n) => *n += row.requests,
                    None => {
                        t.crawlers.insert(Arc::clone(&row.crawler), row.requests);
                    }
                }
                *t.evidence.entry(row.evidence).or_default() += row.requests;
                if self.error.is_none()
                    && let Err(e) = self.paths.add(row, seq)
                {
                    self.error = Some(e);
                    // Nothing more is kept of the paths: the page will not be written.
                    self.paths = PathRanking::new(0, 0, 0);
                }
            }
            Kind::CrawlDelay => {
                self.delayed += row.requests;
                self.delay_rows += 1;
                let key = (Reverse(row.requests), seq);
                let full = self.delays.len() >= self.limits.delays;
                if full && self.delays.peek().is_none_or(|least| key >= least.key()) {
                    return;
                }
                if full {
                    self.delays.pop();
                }
                self.delays.push(DelayRow {
                    requests: row.requests,
                    seq,
                    row: row.clone(),
                });
            }
        }
    }

    /// Puts the rows of the current rule into the map.
    fn flush_rule(&mut self) {
        let Some((key, delta)) = self.rule.take() else {
            return;
        };
        let t = self.rules.entry(key).or_default();
        t.requests += delta.requests;
        for (crawler, n) in delta.crawlers {
            *t.crawlers.entry(crawler).or_default() += n;
        }
        for (evidence, n) in delta.evidence {
            *t.evidence.entry(evidence).or_default() += n;
        }
    }

    /// The paths merged and ranked.
    fn finish(mut self) -> Result<Digest, ReportError> {
        self.flush_rule();
        if let Some(e) = self.error.take() {
            return Err(ReportError::Io(paths_error(e)));
        }
        let ranked = self
            .paths
            .finish()
            .map_err(paths_error)
            .map_err(ReportError::Io)?;
        for (key, n) in &ranked.rule_paths {
            if let Some(t) = self.rules.get_mut(key) {
                t.paths += n;
            }
        }
        Ok(Digest {
            limits: self.limits,
            rows: self.rows,
            disallowed: self.disallowed,
            delayed: self.delayed,
            per_host: self.per_host,
            per_crawler: self.per_crawler,
            rules: self.rules,
            delays: self.delays.into_sorted_vec(),
            delay_rows: self.delay_rows,
            paths: ranked,
        })
    }
}

/// `map[key][k] += n`, making no new `Arc` for a key already there.
fn bump(map: &mut BTreeMap<Arc<str>, [u64; 2]>, key: &Arc<str>, k: usize, n: u64) {
    match map.get_mut(&**key) {
        Some(v) => v[k] += n,
        None => map.entry(Arc::clone(key)).or_default()[k] += n,
    }
}

/// The same text, by pointer first (rows share their texts).
fn same_text(a: &Arc<str>, b: &Arc<str>) -> bool {
    Arc::ptr_eq(a, b) || a == b
}

/// A failure of the paths' temporary file, saying so.
fn paths_error(e: io::Error) -> io::Error {
    io::Error::new(
        e.kind(),
        format!("the temporary file sorting the page's paths: {e}"),
    )
}

/// A crawl-delay row among the top: most requests first, then report order.
#[derive(Debug)]
struct DelayRow {
    requests: u64,
    seq: u64,
    row: ViolationRow,
}

impl DelayRow {
    fn key(&self) -> (Reverse<u64>, u64) {
        (Reverse(self.requests), self.seq)
    }
}

impl PartialEq for DelayRow {
    fn eq(&self, other: &DelayRow) -> bool {
        self.key() == other.key()
    }
}

impl Eq for DelayRow {}

impl Ord for DelayRow {
    fn cmp(&self, other: &DelayRow) -> std::cmp::Ordering {
        self.key().cmp(&other.key())
    }
}

impl PartialOrd for DelayRow {
    fn partial_cmp(&self, other: &DelayRow) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// A finished [`ViolationDigest`].
struct Digest {
    limits: Limits,
    rows: u64,
    disallowed: u64,
    delayed: u64,
    per_host: BTreeMap<Arc<str>, [u64; 2]>,
    per_crawler: BTreeMap<Arc<str>, [u64; 2]>,
    rules: BTreeMap<RuleKey, RuleTally>,
    /// The top crawl-delay rows, in table order.
    delays: Vec<DelayRow>,
    delay_rows: u64,
    paths: Ranked,
}

/// Writes the page: `page` with the `violations` gathered as the rows streamed by.
pub fn write_html(
    mut out: impl Write,
    page: &Page<'_>,
    violations: ViolationDigest,
) -> Result<(), ReportError> {
    let html = render(page, violations)?;
    out.write_all(html.as_bytes()).map_err(ReportError::Io)?;
    out.flush().map_err(ReportError::Io)
}

/// The page as text, its tables cut to the digest's [`Limits`]. Fails only when the paths'
/// temporary file failed.
pub fn render(page: &Page<'_>, violations: ViolationDigest) -> Result<String, ReportError> {
    let v = violations.finish()?;
    let limits = &v.limits;
    let mut h = Html {
        out: String::with_capacity(1 << 16),
        chars: limits.chars,
    };
    let facts = Facts::of(page, &v);
    head(&mut h, page, &facts);
    figures(&mut h, page, &v, &facts);
    charts(&mut h, page, &v);
    crawlers_table(&mut h, page, &v);
    rules_table(&mut h, &v);
    paths_table(&mut h, &v);
    delays_table(&mut h, &v);
    spoofed_table(&mut h, page, limits);
    hosts_table(&mut h, page, limits);
    inputs_table(&mut h, page, limits);
    h.raw("<footer><p>Written by robots-audit ");
    h.raw(env!("CARGO_PKG_VERSION"));
    h.raw(
        ". Tables show their top rows; the CSV reports (<code>--out</code>, \
         <code>--summary</code>, <code>--hosts</code>, <code>--spoofed</code>) have every row. \
         Times are UTC.</p></footer>\n<script>",
    );
    h.raw(SCRIPT);
    h.raw("</script>\n</body>\n</html>\n");
    Ok(h.out)
}

/// The page being written.
struct Html {
    out: String,
    /// Characters kept of one string from the data.
    chars: usize,
}

impl Html {
    /// Markup of this module's own (never data).
    fn raw(&mut self, s: &str) {
        self.out.push_str(s);
    }

    /// Data, escaped and cut.
    fn text(&mut self, s: impl AsRef<[u8]>) {
        push_text(&mut self.out, s.as_ref(), self.chars);
    }

    /// Data, escaped, cut to `chars`.
    fn text_cut(&mut self, s: impl AsRef<[u8]>, chars: usize) {
        push_text(&mut self.out, s.as_ref(), chars);
    }

    fn num(&mut self, n: u64) {
        push_grouped(&mut self.out, n);
    }

    fn fmt(&mut self, args: std::fmt::Arguments<'_>) {
        self.out.write_fmt(args).expect("a String takes any text");
    }
}

/// Appends `s` (bytes from a log, a robots.txt, a file name) as HTML text, at most
/// `max_chars` characters of it (then `…`). Controls and invalid UTF-8 are written `%XX`
/// ([`text::cell`]), and so are bidi and invisible characters ([`text::is_invisible`]), which
/// would make a path read as something else; `& < > " '` become character references. Safe
/// as element text, in a double-quoted attribute and inside inline SVG.
pub fn push_text(out: &mut String, s: &[u8], max_chars: usize) {
    // Every byte read gives at least one character of output, and a character is at most
    // four bytes: this much input shows `max_chars + 1` characters (so the cut is seen)
    // before any character it splits at its end. A hostile megabyte costs no more than
    // what is shown of it.
    let s = &s[..s.len().min(max_chars.saturating_add(1).saturating_mul(4))];
    let clean = text::cell(s);
    for (shown, c) in clean.chars().enumerate() {
        if shown == max_chars {
            out.push('…');
            return;
        }
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c if text::is_invisible(c) => {
                let mut buf = [0; 4];
                for b in c.encode_utf8(&mut buf).bytes() {
                    write!(out, "%{b:02X}").expect("a String takes any text");
                }
            }
            c => out.push(c),
        }
    }
}

/// `1234567` → `1,234,567`.
fn push_grouped(out: &mut String, n: u64) {
    let digits = n.to_string();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
}

fn grouped(n: u64) -> String {
    let mut s = String::new();
    push_grouped(&mut s, n);
    s
}

/// `2026-11-20 13:55` (UTC) for a unix ms time.
fn minute(ms: i64) -> String {
    let t = text::rfc3339_ms(ms);
    // `YYYY-MM-DDTHH:MM:SSZ`; empty outside the years text can write.
    t.get(..16).map(|s| s.replacen('T', " ", 1)).unwrap_or(t)
}

/// The headline numbers, found once.
struct Facts<'a> {
    requests: u64,
    crawler_requests: u64,
    disallowed: u64,
    delayed: u64,
    spoofed_addresses: usize,
    /// Hosts with crawler traffic that were not judged.
    not_judged: Vec<&'a HostRow>,
    /// First and last crawler request (unix ms).
    span: Option<(i64, i64)>,
}

impl<'a> Facts<'a> {
    fn of(page: &Page<'a>, v: &Digest) -> Facts<'a> {
        let span = page.summary.iter().fold(None, |acc, r| {
            let (lo, hi) = acc.unwrap_or((r.first_seen_ms, r.last_seen_ms));
            Some((lo.min(r.first_seen_ms), hi.max(r.last_seen_ms)))
        });
        Facts {
            requests: page.inputs.iter().map(|i| i.requests).sum(),
            crawler_requests: page.hosts.iter().map(|h| h.crawler_requests).sum(),
            disallowed: v.disallowed,
            delayed: v.delayed,
            spoofed_addresses: page
                .spoofed
                .iter()
                .map(|s| s.client_ip.as_str())
                .collect::<BTreeSet<_>>()
                .len(),
            not_judged: page
                .hosts
                .iter()
                .filter(|h| !h.judged && h.crawler_requests > 0)
                .collect(),
            span,
        }
    }
}

fn head(h: &mut Html, page: &Page<'_>, facts: &Facts<'_>) {
    h.raw("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    h.fmt(format_args!(
        "<meta http-equiv=\"Content-Security-Policy\" content=\"{}\">\n",
        csp()
    ));
    h.raw(
        "<meta name=\"referrer\" content=\"no-referrer\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>robots-audit report",
    );
    if let Some((lo, hi)) = facts.span {
        h.fmt(format_args!(": {} to {} UTC", minute(lo), minute(hi)));
    }
    h.raw("</title>\n<style>");
    h.raw(STYLE);
    h.raw("</style>\n</head>\n<body>\n<header>\n<h1>robots-audit report</h1>\n<p class=\"sub\">");
    match facts.span {
        Some((lo, hi)) => h.fmt(format_args!(
            "Crawler requests from <time>{}</time> to <time>{}</time> UTC",
            minute(lo),
            minute(hi)
        )),
        None => h.raw("No crawler requests"),
    }
    h.raw(" in ");
    let shown = 5;
    for (i, input) in page.inputs.iter().take(shown).enumerate() {
        if i > 0 {
            h.raw(", ");
        }
        h.raw("<code>");
        h.text_cut(&input.input, 80);
        h.raw("</code>");
    }
    if page.inputs.len() > shown {
        h.fmt(format_args!(
            " and {} more logs",
            grouped((page.inputs.len() - shown) as u64)
        ));
    }
    h.raw(".</p>\n</header>\n<main>\n");
}

/// The policy: nothing from anywhere, but this page's own style sheet and script.
fn csp() -> String {
    format!(
        "default-src 'none'; style-src '{}'; script-src '{}'; base-uri 'none'; form-action 'none'",
        sha256(STYLE),
        sha256(SCRIPT)
    )
}

/// `sha256-<base64>`, a CSP hash source.
fn sha256(s: &str) -> String {
    use sha2::Digest as _;
    let digest = sha2::Sha256::digest(s.as_bytes());
    format!(
        "sha256-{}",
        base64::engine::general_purpose::STANDARD.encode(digest.as_slice())
    )
}

fn figures(h: &mut Html, page: &Page<'_>, v: &Digest, facts: &Facts<'_>) {
    h.raw("<section id=\"figures\">\n<h2>In figures</h2>\n<ul class=\"figures\">\n");
    let violating = facts.disallowed + facts.delayed;
    let span = match facts.span {
        Some((lo, hi)) => {
            let hours = (hi - lo) as f64 / HOUR as f64;
            if hours < 48.0 {
                format!("{hours:.1} hours")
            } else {
                format!("{:.1} days", hours / 24.0)
            }
        }
        None => "none".to_string(),
    };
    let items: [(&str, String, String); 6] = [
        ("Requests read", grouped(facts.requests), String::new()),
        (
            "Crawler requests",
            grouped(facts.crawler_requests),
            percent(facts.crawler_requests, facts.requests),
        ),
        (
            "Violating requests",
            grouped(violating),
            format!(
                "{} disallowed, {} crawl-delay; {} report rows",
                grouped(facts.disallowed),
                grouped(facts.delayed),
                grouped(v.rows)
            ),
        ),
        (
            "Spoofed addresses",
            grouped(facts.spoofed_addresses as u64),
            "claimed a crawler's name from outside its ranges".to_string(),
        ),
        (
            "Hosts not judged",
            grouped(facts.not_judged.len() as u64),
            format!(
                "of {} with crawler traffic",
                grouped(page.hosts.iter().filter(|h| h.crawler_requests > 0).count() as u64)
            ),
        ),
        ("Time span", span, "of crawler requests".to_string()),
    ];
    for (label, value, note) in items {
        // Labels and values are this module's own text; notes too.
        h.fmt(format_args!(
            "<li><span class=\"l\">{label}</span><span class=\"v\">{value}</span>"
        ));
        if !note.is_empty() {
            h.fmt(format_args!("<span class=\"d\">{note}</span>"));
        }
        h.raw("</li>\n");
    }
    h.raw("</ul>\n");
    if !facts.not_judged.is_empty() {
        h.raw("<p class=\"warn\">Not judged (their crawler requests count for nothing above):</p>\n<ul class=\"warn\">\n");
        let shown = 10;
        for host in facts.not_judged.iter().take(shown) {
            h.raw("<li><b>");
            h.text(&host.host);
            h.raw("</b> (");
            h.num(host.crawler_requests);
            h.raw(" crawler requests): ");
            if host.reason.is_empty() {
                h.text(&host.outcome);
            } else {
                h.text(&host.reason);
            }
            h.raw("</li>\n");
        }
        if facts.not_judged.len() > shown {
            h.fmt(format_args!(
                "<li>and {} more (see the hosts table)</li>\n",
                grouped((facts.not_judged.len() - shown) as u64)
            ));
        }
        h.raw("</ul>\n");
    }
    if page.too_old_to_verify > 0 {
        h.fmt(format_args!(
            "<p class=\"note\">{} crawler requests are older than the IP-range lists (or reverse \
             DNS) can speak for: they count as unverifiable.</p>\n",
            grouped(page.too_old_to_verify)
        ));
    }
    if page.leeway_ms > 0 {
        h.fmt(format_args!(
            "<p class=\"note\">A crawler may keep using a robots.txt for {} after it changed \
             (leeway, RFC 9309 §2.4).</p>\n",
            duration(page.leeway_ms)
        ));
    }
    h.raw("</section>\n");
}

fn percent(part: u64, whole: u64) -> String {
    if whole == 0 {
        return String::new();
    }
    format!("{:.1}% of all", part as f64 * 100.0 / whole as f64)
}

fn duration(ms: i64) -> String {
    let (n, unit) = if ms % DAY == 0 {
        (ms / DAY, "day")
    } else if ms % HOUR == 0 {
        (ms / HOUR, "hour")
    } else if ms % 60_000 == 0 {
        (ms / 60_000, "minute")
    } else {
        return format!("{} seconds", ms as f64 / 1000.0);
    };
    format!("{n} {unit}{}", if n == 1 { "" } else { "s" })
}

// ---------------------------------------------------------------------------------------
// Charts

/// Plot area of a time chart, in SVG units.
const W: f64 = 960.0;
const CHART_H: f64 = 260.0;
const LEFT: f64 = 64.0;
const RIGHT: f64 = 12.0;
const TOP: f64 = 12.0;
const BOTTOM: f64 = 44.0;

fn charts(h: &mut Html, page: &Page<'_>, v: &Digest) {
    let limits = &v.limits;
    h.raw("<section id=\"charts\">\n<h2>Violations over time</h2>\n");
    time_chart(
        h,
        page.activity,
        |_| true,
        "violating requests",
        "time",
        limits,
    );
    h.raw("<h2>Violations per host</h2>\n");
    host_chart(h, &v.per_host, limits);
    h.raw("<h2>Crawl-delay breaches over time</h2>\n");
    time_chart(
        h,
        page.activity,
        |k| k == Kind::CrawlDelay,
        "requests faster than the Crawl-delay",
        "delay",
        limits,
    );
    h.raw("</section>\n");
}

/// A stacked bar chart of requests per time bin, one series per top crawler and one for
/// the rest; the bins are hours, or wider so that there are at most [`MAX_BINS`].
fn time_chart(
    h: &mut Html,
    activity: &[Hourly<'_>],
    kind: impl Fn(Kind) -> bool,
    what: &str,
    id: &str,
    limits: &Limits,
) {
    let rows: Vec<&Hourly<'_>> = activity
        .iter()
        .filter(|a| kind(a.kind) && a.requests > 0)
        .collect();
    let (Some(first), Some(last)) = (
        rows.iter().map(|a| a.hour_ms).min(),
        rows.iter().map(|a| a.hour_ms).max(),
    ) else {
        h.fmt(format_args!("<p class=\"none\">No {what}.</p>\n"));
        return;
    };
    // Series: the crawlers with the most requests (ties by name), then the rest as one.
    let mut per_crawler: BTreeMap<&str, u64> = BTreeMap::new();
    for a in &rows {
        *per_crawler.entry(a.crawler).or_default() += a.requests;
    }
    let ranked = ranked(per_crawler);
    let top: Vec<&str> = ranked
        .iter()
        .take(limits.chart_crawlers)
        .map(|c| c.0)
        .collect();
    let rest: u64 = ranked.iter().skip(limits.chart_crawlers).map(|c| c.1).sum();
    let series = top.len() + usize::from(rest > 0);
    let bin = bin_width(first, last);
    let x0 = first.div_euclid(bin) * bin;
    let bins = ((last.div_euclid(bin) * bin - x0) / bin + 1) as usize;
    // A short log does not get bars as wide as the page: the axis covers at least
    // MIN_AXIS_BINS bins from the first.
    let x1 = x0 + bins.max(MIN_AXIS_BINS) as i64 * bin;
    // counts[bin][series]
    let mut counts = vec![vec![0u64; series]; bins];
    for a in &rows {
        let b = ((a.hour_ms.div_euclid(bin) * bin - x0) / bin) as usize;
        let s = top
            .iter()
            .position(|c| *c == a.crawler)
            .unwrap_or(top.len());
        counts[b][s] += a.requests;
    }
    let max = counts
        .iter()
        .map(|c| c.iter().sum::<u64>())
        .max()
        .unwrap_or(0);
    let (y_step, y_max) = nice_axis(max);
    let plot_w = W - LEFT - RIGHT;
    let plot_h = CHART_H - TOP - BOTTOM;
    let x_of = |t: i64| LEFT + (t - x0) as f64 / (x1 - x0) as f64 * plot_w;
    let y_of = |v: u64| TOP + plot_h - v as f64 / y_max as f64 * plot_h;
    h.fmt(format_args!(
        "<figure>\n<div class=\"scroll\"><svg id=\"chart-{id}\" viewBox=\"0 0 {W} {CHART_H}\" role=\"img\" \
         aria-labelledby=\"chart-{id}-t\"><title id=\"chart-{id}-t\">{} per {}, UTC</title>\n",
        capitalised(what),
        bin_name(bin)
    ));
    // Horizontal grid and the y axis.
    let mut v = 0;
    while v <= y_max {
        let y = y_of(v);
        h.fmt(format_args!(
            "<line class=\"grid\" x1=\"{LEFT}\" x2=\"{:.1}\" y1=\"{y:.1}\" y2=\"{y:.1}\"/>\
             <text class=\"ax\" x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>\n",
            W - RIGHT,
            LEFT - 6.0,
            y + 4.0,
            grouped(v)
        ));
        v += y_step;
    }
    // Bars.
    let bar_w = plot_w / bins.max(MIN_AXIS_BINS) as f64;
    let gap = if bar_w > 4.0 { 1.0 } else { 0.0 };
    for (b, per_series) in counts.iter().enumerate() {
        let t = x0 + b as i64 * bin;
        let mut below = 0;
        for (s, &n) in per_series.iter().enumerate() {
            if n == 0 {
                continue;
            }
            let (y_top, y_bottom) = (y_of(below + n), y_of(below));
            below += n;
            h.fmt(format_args!(
                "<rect class=\"s{}\" x=\"{:.1}\" y=\"{y_top:.1}\" width=\"{:.1}\" height=\"{:.1}\"><title>",
                series_class(s, top.len()),
                x_of(t) + gap / 2.0,
                (bar_w - gap).max(0.5),
                y_bottom - y_top
            ));
            match top.get(s) {
                Some(name) => h.text_cut(name, 60),
                None => h.raw("other crawlers"),
            }
            h.fmt(format_args!(
                ": {} requests, {} to {} UTC</title></rect>\n",
                grouped(n),
                minute(t),
                minute(t + bin)
            ));
        }
    }
    // The time axis: ticks at round UTC times, the date written whenever it changes.
    let step = tick_step(x1 - x0, bin);
    let mut t = x0.div_euclid(step) * step;
    if t < x0 {
        t += step;
    }
    let mut last_date = String::new();
    h.fmt(format_args!(
        "<line class=\"axis\" x1=\"{LEFT}\" x2=\"{:.1}\" y1=\"{:.1}\" y2=\"{:.1}\"/>\n",
        W - RIGHT,
        TOP + plot_h,
        TOP + plot_h
    ));
    while t <= x1 {
        let x = x_of(t);
        let stamp = minute(t);
        let (date, time) = stamp.split_once(' ').unwrap_or((&stamp, ""));
        let anchor = if x < LEFT + 30.0 {
            "start"
        } else if x > W - RIGHT - 30.0 {
            "end"
        } else {
            "middle"
        };
        h.fmt(format_args!(
            "<line class=\"axis\" x1=\"{x:.1}\" x2=\"{x:.1}\" y1=\"{:.1}\" y2=\"{:.1}\"/>",
            TOP + plot_h,
            TOP + plot_h + 4.0
        ));
        if step < DAY {
            h.fmt(format_args!(
                "<text class=\"ax\" x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"{anchor}\">{time}</text>",
                TOP + plot_h + 16.0
            ));
            if date != last_date {
                h.fmt(format_args!(
                    "<text class=\"ax\" x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"{anchor}\">{date}</text>",
                    TOP + plot_h + 30.0
                ));
            }
        } else {
            h.fmt(format_args!(
                "<text class=\"ax\" x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"{anchor}\">{date}</text>",
                TOP + plot_h + 16.0
            ));
        }
        last_date = date.to_string();
        h.raw("\n");
        t += step;
    }
    h.raw("</svg></div>\n<figcaption>");
    h.raw(&capitalised(what));
    h.fmt(format_args!(" per {} (UTC), by crawler:", bin_name(bin)));
    h.raw("<ul class=\"legend\">");
    for (s, (name, n)) in ranked.iter().take(limits.chart_crawlers).enumerate() {
        h.fmt(format_args!(
            "<li><span class=\"sw s{}\"></span>",
            series_class(s, top.len())
        ));
        h.text_cut(name, 60);
        h.fmt(format_args!(" ({})</li>", grouped(*n)));
    }
    if rest > 0 {
        h.fmt(format_args!(
            "<li><span class=\"sw s{}\"></span>{} other crawlers ({})</li>",
            series_class(top.len(), top.len()),
            grouped((ranked.len() - top.len()) as u64),
            grouped(rest)
        ));
    }
    h.raw("</ul></figcaption>\n</figure>\n");
}

/// The palette class of series `s` of `named` named ones: the rest are grey.
fn series_class(s: usize, named: usize) -> usize {
    if s >= named { PALETTE_OTHER } else { s }
}

/// Class of the "other" series (grey).
const PALETTE_OTHER: usize = 7;

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(first) => first.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// Bins of whole hours, as few as give at most [`MAX_BINS`] bins over `first..=last`.
fn bin_width(first: i64, last: i64) -> i64 {
    let fits = |w: i64| last.div_euclid(w) - first.div_euclid(w) < MAX_BINS;
    for hours in [1, 2, 3, 6, 12, 24, 48, 7 * 24, 14 * 24, 28 * 24] {
        if fits(hours * HOUR) {
            return hours * HOUR;
        }
    }
    // Longer than 14 years of 28-day bins: whole days, as many as needed.
    let days = ((last - first) / DAY / (MAX_BINS - 1)) + 1;
    let mut w = days * DAY;
    while !fits(w) {
        w += DAY;
    }
    w
}

fn bin_name(bin: i64) -> String {
    match bin {
        HOUR => "hour".to_string(),
        DAY => "day".to_string(),
        b if b % DAY == 0 => format!("{} days", b / DAY),
        b => format!("{} hours", b / HOUR),
    }
}

/// Time between ticks on an axis of `span` ms: a round UTC step, at least a bin, giving at
/// most eight ticks.
fn tick_step(span: i64, bin: i64) -> i64 {
    [
        HOUR,
        2 * HOUR,
        3 * HOUR,
        6 * HOUR,
        12 * HOUR,
        DAY,
        2 * DAY,
        7 * DAY,
        14 * DAY,
        28 * DAY,
        91 * DAY,
        364 * DAY,
    ]
    .into_iter()
    .find(|&s| s >= bin && span / s <= 8)
    .unwrap_or_else(|| (span / 8 / DAY + 1) * DAY)
}

/// A round step for an axis up to at least `max`, and the axis's top: four or five steps.
fn nice_axis(max: u64) -> (u64, u64) {
    let raw = max.div_ceil(4).max(1);
    let mut magnitude = 1u64;
    while magnitude.saturating_mul(10) <= raw {
        magnitude *= 10;
    }
    let step = [1, 2, 5, 10]
        .into_iter()
        .map(|m| m * magnitude)
        .find(|&s| s >= raw)
        .unwrap_or(10 * magnitude);
    (step, max.div_ceil(step).max(1) * step)
}

/// Violating requests per host as horizontal bars (disallowed and crawl-delay stacked), the
/// hosts with the most first, the rest as one bar.
fn host_chart(h: &mut Html, per_host: &BTreeMap<Arc<str>, [u64; 2]>, limits: &Limits) {
    if per_host.is_empty() {
        h.raw("<p class=\"none\">No violations.</p>\n");
        return;
    }
    let mut hosts: Vec<(&str, [u64; 2])> = per_host.iter().map(|(k, n)| (&**k, *n)).collect();
    hosts.sort_by(|a, b| (b.1[0] + b.1[1]).cmp(&(a.1[0] + a.1[1])).then(a.0.cmp(b.0)));
    let others = hosts.split_off(hosts.len().min(limits.chart_hosts));
    let rest = others
        .iter()
        .fold([0u64; 2], |acc, o| [acc[0] + o.1[0], acc[1] + o.1[1]]);
    let bars = hosts.len() + usize::from(!others.is_empty());
    let max = hosts
        .iter()
        .map(|h| h.1[0] + h.1[1])
        .chain([rest[0] + rest[1]])
        .max()
        .unwrap_or(1)
        .max(1);
    const ROW: f64 = 24.0;
    const LABEL: f64 = 240.0;
    const VALUE: f64 = 90.0;
    let height = TOP + bars as f64 * ROW + 4.0;
    let plot_w = W - LABEL - VALUE;
    h.fmt(format_args!(
        "<figure>\n<div class=\"scroll\"><svg id=\"chart-hosts\" viewBox=\"0 0 {W} {height:.0}\" role=\"img\" \
         aria-labelledby=\"chart-hosts-t\"><title id=\"chart-hosts-t\">Violating requests per host</title>\n"
    ));
    for (i, (name, n)) in hosts
        .iter()
        .map(|(name, n)| (Some(*name), *n))
        .chain((!others.is_empty()).then_some((None, rest)))
        .enumerate()
    {
        let y = TOP + i as f64 * ROW;
        h.fmt(format_args!(
            "<text class=\"ax\" x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">",
            LABEL - 8.0,
            y + 15.0
        ));
        match name {
            Some(name) => h.text_cut(name, 30),
            None => h.fmt(format_args!("{} other hosts", grouped(others.len() as u64))),
        }
        h.raw("</text>");
        let mut x = LABEL;
        for (k, &v) in n.iter().enumerate() {
            if v == 0 {
                continue;
            }
            let w = v as f64 / max as f64 * plot_w;
            h.fmt(format_args!(
                "<rect class=\"s{k}\" x=\"{x:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\"><title>{}: {}</title></rect>",
                y + 3.0,
                w.max(0.5),
                ROW - 6.0,
                ["disallowed", "crawl-delay"][k],
                grouped(v)
            ));
            x += w;
        }
        h.fmt(format_args!(
            "<text class=\"ax\" x=\"{:.1}\" y=\"{:.1}\">{}</text>\n",
            x + 6.0,
            y + 15.0,
            grouped(n[0] + n[1])
        ));
    }
    h.raw(
        "</svg></div>\n<figcaption>Violating requests per host: \
         <ul class=\"legend\"><li><span class=\"sw s0\"></span>disallowed</li>\
         <li><span class=\"sw s1\"></span>crawl-delay</li></ul></figcaption>\n</figure>\n",
    );
}

/// `(name, count)` by count, most first, ties by name.
fn ranked<K: Ord + Copy>(counts: BTreeMap<K, u64>) -> Vec<(K, u64)> {
    let mut v: Vec<(K, u64)> = counts.into_iter().collect();
    v.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    v
}

// ---------------------------------------------------------------------------------------
// Tables

/// A column: its heading and whether it holds numbers (right-aligned, sorted as numbers).
struct Col(&'static str, bool);

/// Opens a table: its section, heading, explanation and header row.
fn table_start(h: &mut Html, id: &str, title: &str, about: &str, cols: &[Col]) {
    h.fmt(format_args!(
        "<section id=\"{id}\">\n<h2>{title}</h2>\n<p class=\"about\">{about}</p>\n\
         <div class=\"scroll\"><table class=\"data\" id=\"t-{id}\">\n<thead><tr>"
    ));
    for Col(name, numeric) in cols {
        if *numeric {
            h.fmt(format_args!("<th class=\"n\" scope=\"col\">{name}</th>"));
        } else {
            h.fmt(format_args!("<th scope=\"col\">{name}</th>"));
        }
    }
    h.raw("</tr></thead>\n<tbody>\n");
}

/// Closes a table, saying how many rows it left out.
fn table_end(h: &mut Html, more: usize, what: &str, csv: &str) {
    h.raw("</tbody>\n</table></div>\n");
    if more > 0 {
        h.fmt(format_args!(
            "<p class=\"more\">and {} more {what} ({csv} has them all)</p>\n",
            grouped(more as u64)
        ));
    }
    h.raw("</section>\n");
}

fn empty_section(h: &mut Html, id: &str, title: &str, none: &str) {
    h.fmt(format_args!(
        "<section id=\"{id}\">\n<h2>{title}</h2>\n<p class=\"none\">{none}</p>\n</section>\n"
    ));
}

impl Html {
    fn td_text(&mut self, s: impl AsRef<[u8]>) {
        self.raw("<td>");
        self.text(s);
        self.raw("</td>");
    }

    fn td_code(&mut self, s: impl AsRef<[u8]>) {
        self.raw("<td class=\"t\"><code>");
        self.text(s);
        self.raw("</code></td>");
    }

    fn td_num(&mut self, n: u64) {
        self.raw("<td class=\"n\">");
        self.num(n);
        self.raw("</td>");
    }

    fn td_time(&mut self, ms: i64) {
        let t = text::rfc3339_ms(ms);
        self.fmt(format_args!("<td class=\"d\">{t}</td>"));
    }

    fn td_opt_time(&mut self, ms: Option<i64>, none: &str) {
        match ms {
            Some(ms) => self.td_time(ms),
            None => self.fmt(format_args!("<td class=\"d\">{none}</td>")),
        }
    }

    /// The top names of a tally, `GPTBot 12, ClaudeBot 3 +2 more`.
    fn td_names<'n>(&mut self, names: impl IntoIterator<Item = (&'n str, u64)>) {
        self.raw("<td>");
        let mut tally: BTreeMap<&str, u64> = BTreeMap::new();
        for (name, n) in names {
            *tally.entry(name).or_default() += n;
        }
        let ranked = ranked(tally);
        for (i, (name, n)) in ranked.iter().take(3).enumerate() {
            if i > 0 {
                self.raw(", ");
            }
            self.text_cut(name, 40);
            self.raw(" ");
            self.num(*n);
        }
        if ranked.len() > 3 {
            self.fmt(format_args!(" +{} more", ranked.len() - 3));
        }
        self.raw("</td>");
    }
}

/// The first `n` of `v` in the order `by` (a total order: the result does not depend on
/// the order `v` came in), and how many were left out. Only the first `n` are sorted.
fn top<T>(
    mut v: Vec<T>,
    n: usize,
    mut by: impl FnMut(&T, &T) -> std::cmp::Ordering,
) -> (Vec<T>, usize) {
    let more = v.len().saturating_sub(n);
    if more > 0 && n > 0 {
        v.select_nth_unstable_by(n - 1, &mut by);
    }
    v.truncate(n);
    v.sort_by(by);
    (v, more)
}

#[derive(Default)]
struct CrawlerTally<'a> {
    operator: &'a str,
    category: &'a str,
    requests: u64,
    verified: u64,
    spoofed: u64,
    unverifiable: u64,
    disallowed: u64,
    delayed: u64,
    hosts: u64,
}

fn crawlers_table(h: &mut Html, page: &Page<'_>, v: &Digest) {
    let limits = &v.limits;
    let mut tally: BTreeMap<&str, CrawlerTally<'_>> = BTreeMap::new();
    for r in page.summary {
        let t = tally.entry(&r.crawler).or_default();
        // Rows are sorted by host then crawler: the first non-empty one, by value.
        if t.operator.is_empty() {
            t.operator = &r.operator;
        }
        if t.category.is_empty() {
            t.category = &r.category;
        }
        t.requests += r.requests;
        t.verified += r.verified;
        t.spoofed += r.spoofed;
        t.unverifiable += r.unverifiable;
        t.hosts += 1;
    }
    for (crawler, [disallowed, delayed]) in &v.per_crawler {
        let t = tally.entry(crawler).or_default();
        t.disallowed += disallowed;
        t.delayed += delayed;
    }
    if tally.is_empty() {
        return empty_section(h, "crawlers", "Crawlers", "No crawler requests.");
    }
    let (rows, more) = top(tally.into_iter().collect(), limits.crawlers, |a, b| {
        (b.1.disallowed + b.1.delayed, b.1.requests, a.0).cmp(&(
            a.1.disallowed + a.1.delayed,
            a.1.requests,
            b.0,
        ))
    });
    table_start(
        h,
        "crawlers",
        "Crawlers",
        "Every crawler seen, the most violating first. Verified: the address is in the \
         operator's published ranges; spoofed: it claimed the name from elsewhere; \
         unverifiable: nothing to check against.",
        &[
            Col("crawler", false),
            Col("operator", false),
            Col("category", false),
            Col("requests", true),
            Col("verified", true),
            Col("spoofed", true),
            Col("unverifiable", true),
            Col("disallowed", true),
            Col("crawl-delay", true),
            Col("hosts", true),
        ],
    );
    for (name, t) in rows {
        h.raw("<tr>");
        h.td_text(name);
        h.td_text(t.operator);
        h.td_text(t.category);
        for n in [
            t.requests,
            t.verified,
            t.spoofed,
            t.unverifiable,
            t.disallowed,
            t.delayed,
            t.hosts,
        ] {
            h.td_num(n);
        }
        h.raw("</tr>\n");
    }
    table_end(h, more, "crawlers", "the summary CSV");
}

/// Disallowed requests under one rule.
#[derive(Debug, Default)]
struct RuleTally {
    requests: u64,
    /// Distinct paths (from the path ranking).
    paths: u64,
    crawlers: BTreeMap<Arc<str>, u64>,
    /// Requests by evidence (`fetched`, `in-force`, `assumed`).
    evidence: BTreeMap<&'static str, u64>,
}

fn rules_table(h: &mut Html, v: &Digest) {
    if v.rules.is_empty() {
        return empty_section(h, "rules", "Rules broken", "No rule was broken.");
    }
    let (rows, more) = top(v.rules.iter().collect(), v.limits.rules, |a, b| {
        b.1.requests.cmp(&a.1.requests).then(a.0.cmp(b.0))
    });
    table_start(
        h,
        "rules",
        "Rules broken",
        "The robots.txt lines that forbade the most requests, with the version of the file \
         they are from (when it came into force; “undated” for a file without a history) \
         and how the crawler is known to have had it: fetched (it fetched that version, per \
         the log), in-force (it was the file in force, allowing for the leeway) or assumed \
         (the request is older than the known history).",
        &[
            Col("host", false),
            Col("line", true),
            Col("rule", false),
            Col("group", false),
            Col("version", false),
            Col("requests", true),
            Col("paths", true),
            Col("crawlers", false),
            Col("evidence", false),
        ],
    );
    for ((host, version, line, rule, group), t) in rows {
        h.raw("<tr>");
        h.td_text(&**host);
        h.td_num(u64::from(*line));
        h.td_code(&**rule);
        h.td_code(&**group);
        h.td_opt_time(*version, "undated");
        h.td_num(t.requests);
        h.td_num(t.paths);
        h.td_names(t.crawlers.iter().map(|(c, n)| (&**c, *n)));
        h.raw("<td>");
        for (i, (e, n)) in t.evidence.iter().enumerate() {
            if i > 0 {
                h.raw(", ");
            }
            h.raw(e);
            h.raw(" ");
            h.num(*n);
        }
        h.raw("</td></tr>\n");
    }
    table_end(h, more, "rules", "the violations CSV");
}

fn paths_table(h: &mut Html, v: &Digest) {
    let ranked = &v.paths;
    if ranked.top.is_empty() {
        return empty_section(h, "paths", "Paths", "No disallowed path was requested.");
    }
    let more = (ranked.distinct as usize).saturating_sub(ranked.top.len());
    table_start(
        h,
        "paths",
        "Paths",
        "The disallowed paths requested most, as requested.",
        &[
            Col("host", false),
            Col("path", false),
            Col("requests", true),
            Col("crawlers", false),
            Col("rule", false),
            Col("first (UTC)", false),
            Col("last (UTC)", false),
        ],
    );
    for p in &ranked.top {
        h.raw("<tr>");
        h.td_text(&*p.host);
        h.td_code(&p.path);
        h.td_num(p.requests);
        h.td_names(p.crawlers.iter().map(|(c, n)| (&**c, *n)));
        h.td_code(&*p.rule);
        h.td_time(p.first_ms);
        h.td_time(p.last_ms);
        h.raw("</tr>\n");
    }
    table_end(h, more, "paths", "the violations CSV");
}

fn delays_table(h: &mut Html, v: &Digest) {
    if v.delays.is_empty() {
        return empty_section(
            h,
            "delays",
            "Crawl-delay breaches",
            "No crawler came faster than its Crawl-delay.",
        );
    }
    let more = (v.delay_rows as usize).saturating_sub(v.delays.len());
    table_start(
        h,
        "delays",
        "Crawl-delay breaches",
        "Crawlers that came faster than the Crawl-delay their group asked for, and how fast \
         they came over all their requests.",
        &[
            Col("host", false),
            Col("crawler", false),
            Col("rule", false),
            Col("requests", true),
            Col("shortest interval (s)", true),
            Col("median interval (s)", true),
            Col("verification", false),
            Col("first (UTC)", false),
            Col("last (UTC)", false),
        ],
    );
    for DelayRow { row: r, .. } in &v.delays {
        h.raw("<tr>");
        h.td_text(&*r.host);
        h.td_text(&*r.crawler);
        h.td_code(&*r.rule);
        h.td_num(r.requests);
        for ms in [r.min_interval_ms, r.median_interval_ms] {
            match ms {
                Some(ms) => h.fmt(format_args!("<td class=\"n\">{}</td>", super::seconds(ms))),
                None => h.raw("<td class=\"n\"></td>"),
            }
        }
        h.raw("<td>");
        h.raw(r.verification);
        h.raw("</td>");
        h.td_time(r.first_seen_ms);
        h.td_time(r.last_seen_ms);
        h.raw("</tr>\n");
    }
    table_end(h, more, "rows", "the violations CSV");
}

fn spoofed_table(h: &mut Html, page: &Page<'_>, limits: &Limits) {
    if page.spoofed.is_empty() {
        return empty_section(
            h,
            "spoofed",
            "Spoofed addresses",
            "No address claimed a crawler's name from outside its ranges.",
        );
    }
    // Rows come by address: that breaks the ties.
    let (rows, more) = top(
        page.spoofed.iter().enumerate().collect(),
        limits.spoofed,
        |a: &(usize, &SpoofedRow), b: &(usize, &SpoofedRow)| {
            b.1.requests.cmp(&a.1.requests).then(a.0.cmp(&b.0))
        },
    );
    table_start(
        h,
        "spoofed",
        "Spoofed addresses",
        "Addresses that called themselves a crawler whose operator publishes where it \
         crawls from, and were not there.",
        &[
            Col("address", false),
            Col("claimed", false),
            Col("requests", true),
            Col("hosts", false),
            Col("first (UTC)", false),
            Col("last (UTC)", false),
            Col("user agent", false),
        ],
    );
    for (_, r) in rows {
        h.raw("<tr>");
        h.td_code(&r.client_ip);
        h.td_text(&r.crawler);
        h.td_num(r.requests);
        h.td_text(&r.hosts);
        h.td_time(r.first_seen_ms);
        h.td_time(r.last_seen_ms);
        h.td_code(&r.user_agent);
        h.raw("</tr>\n");
    }
    table_end(h, more, "addresses", "the spoofed CSV (--spoofed)");
}

fn hosts_table(h: &mut Html, page: &Page<'_>, limits: &Limits) {
    if page.hosts.is_empty() {
        return empty_section(h, "hosts", "Hosts", "No hosts.");
    }
    let (rows, more) = top(
        page.hosts.iter().collect(),
        limits.hosts,
        |a: &&HostRow, b: &&HostRow| {
            (b.crawler_requests, b.requests)
                .cmp(&(a.crawler_requests, a.requests))
                .then((&a.host, &a.robots_url).cmp(&(&b.host, &b.robots_url)))
        },
    );
    table_start(
        h,
        "hosts",
        "Hosts and their robots.txt",
        "Where each host's robots.txt came from and what it said; versions are the dated \
         versions of the file known (robots-dir history or the fetch cache).",
        &[
            Col("host", false),
            Col("robots.txt", false),
            Col("from", false),
            Col("outcome", false),
            Col("bytes", true),
            Col("groups", true),
            Col("versions", true),
            Col("first version", false),
            Col("last version", false),
            Col("requests", true),
            Col("crawler requests", true),
            Col("judged", false),
            Col("reason", false),
        ],
    );
    for r in rows {
        h.raw("<tr>");
        h.td_text(&r.host);
        // Shown, never linked: a URL from a log is text.
        h.td_code(&r.robots_url);
        h.td_text(&r.obtained);
        h.raw("<td>");
        h.text(&r.outcome);
        if let Some(status) = r.status {
            h.fmt(format_args!(" (HTTP {status})"));
        }
        if r.truncated {
            h.raw(", truncated");
        }
        h.raw("</td>");
        h.td_num(r.bytes);
        h.td_num(r.groups);
        h.td_num(r.versions);
        h.td_opt_time(r.first_version_ms, "");
        h.td_opt_time(r.last_version_ms, "");
        h.td_num(r.requests);
        h.td_num(r.crawler_requests);
        h.raw(if r.judged {
            "<td>yes</td>"
        } else {
            "<td class=\"bad\">no</td>"
        });
        h.td_text(&r.reason);
        h.raw("</tr>\n");
    }
    table_end(h, more, "hosts", "the hosts CSV (--hosts)");
}

fn inputs_table(h: &mut Html, page: &Page<'_>, limits: &Limits) {
    if page.inputs.is_empty() {
        return;
    }
    let more = page.inputs.len().saturating_sub(limits.inputs);
    table_start(
        h,
        "inputs",
        "Logs read",
        "Each input in the order given.",
        &[
            Col("input", false),
            Col("format", false),
            Col("requests", true),
            Col("malformed", true),
            Col("malformed, by reason", false),
            Col("outside the window", true),
            Col("without a host", true),
            Col("error", false),
        ],
    );
    for r in page.inputs.iter().take(limits.inputs) {
        h.raw("<tr>");
        h.td_code(&r.input);
        h.raw("<td>");
        h.text(&r.format);
        if r.detected {
            h.raw(" (detected)");
        }
        h.raw("</td>");
        h.td_num(r.requests);
        h.td_num(r.malformed);
        h.td_text(&r.malformed_reasons);
        h.td_num(r.outside_window);
        h.td_num(r.no_host);
        h.td_text(&r.error);
        h.raw("</tr>\n");
    }
    table_end(h, more, "logs", "the inputs CSV (--inputs)");
}

// ---------------------------------------------------------------------------------------
// The page's own style sheet and script (their hashes are in the CSP).

const STYLE: &str = r#"
:root{color-scheme:light;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;color:#1d1d1f;background:#fff}
body{max-width:76rem;margin:0 auto;padding:.75rem 1rem 2rem}
h1{font-size:1.6rem;margin:.5rem 0 .25rem}
h2{font-size:1.2rem;margin:2rem 0 .5rem;padding-bottom:.2rem;border-bottom:1px solid #d0d0d7}
.sub,.about,.note,.more,.none,figcaption,footer{color:#4a4a55;font-size:.9rem}
.figures{display:grid;grid-template-columns:repeat(auto-fill,minmax(11rem,1fr));gap:.6rem;list-style:none;padding:0;margin:0}
.figures li{border:1px solid #d0d0d7;border-radius:6px;padding:.5rem .7rem}
.figures .l{display:block;font-size:.85rem;color:#4a4a55}
.figures .v{display:block;font-size:1.45rem;font-weight:650;font-variant-numeric:tabular-nums}
.figures .d{display:block;font-size:.78rem;color:#4a4a55}
.warn{color:#8a1c00}
ul.warn{margin-top:0}
figure{margin:0 0 1rem}
svg{display:block;width:100%;height:auto;max-width:60rem}
svg .ax{font-size:11px;fill:#4a4a55}
svg .grid{stroke:#e4e4ea;stroke-width:1}
svg .axis{stroke:#6b6b76;stroke-width:1}
.s0{fill:#0072b2;background:#0072b2}.s1{fill:#e69f00;background:#e69f00}.s2{fill:#009e73;background:#009e73}
.s3{fill:#cc79a7;background:#cc79a7}.s4{fill:#56b4e9;background:#56b4e9}.s5{fill:#d55e00;background:#d55e00}
.s6{fill:#7a6a00;background:#7a6a00}.s7{fill:#9a9aa5;background:#9a9aa5}
.legend{list-style:none;padding:0;margin:.3rem 0 0;display:flex;flex-wrap:wrap;gap:.2rem 1.1rem}
.sw{display:inline-block;width:.8em;height:.8em;margin-right:.35em;vertical-align:-.05em;-webkit-print-color-adjust:exact;print-color-adjust:exact}
.scroll{overflow-x:auto}
table{border-collapse:collapse;font-size:.84rem;min-width:100%}
th,td{padding:.28rem .5rem;border-bottom:1px solid #e4e4ea;text-align:left;vertical-align:top}
thead th{border-bottom:2px solid #b8b8c2;white-space:nowrap;background:#f6f6f9}
.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
td.d{white-space:nowrap;font-variant-numeric:tabular-nums}
td.t{overflow-wrap:anywhere;min-width:10rem;max-width:32rem}
td.bad{color:#8a1c00;font-weight:600}
code{font:.95em ui-monospace,"SFMono-Regular",Menlo,Consolas,monospace}
tbody tr:nth-child(even){background:#fafafc}
th button{font:inherit;font-weight:600;color:inherit;background:none;border:0;padding:0;cursor:pointer;text-align:inherit}
th[aria-sort=ascending] button::after{content:" \25B2"}
th[aria-sort=descending] button::after{content:" \25BC"}
input.filter{font:inherit;font-size:.85rem;margin:.2rem 0 .4rem;padding:.25rem .45rem;width:16rem;max-width:100%;border:1px solid #b8b8c2;border-radius:4px}
@media (max-width:40rem){body{padding:.5rem}.figures{grid-template-columns:1fr 1fr}td.t{min-width:7rem}svg{min-width:40rem}svg .ax{font-size:14px}}
@media print{body{max-width:none;padding:0;font-size:11px}input.filter{display:none}.scroll{overflow:visible}
tr,figure,.figures li{break-inside:avoid}h2{break-after:avoid}thead{display:table-header-group}
svg rect{-webkit-print-color-adjust:exact;print-color-adjust:exact}}
"#;

/// Sorting and filtering of the tables. Reads nothing but the page (and `#sort=` or `#q=`
/// in its address, to open a view already sorted or filtered), writes nothing but text
/// content and attributes: no markup from data is ever parsed.
const SCRIPT: &str = r#"
(function () {
  'use strict';
  var each = function (list, f) { Array.prototype.forEach.call(list, f); };
  var value = function (cell, numeric) {
    var s = cell.textContent;
    if (!numeric) return s.toLowerCase();
    var n = parseFloat(s.replace(/[^0-9.\-]/g, ''));
    return isNaN(n) ? -Infinity : n;
  };
  var sortBy = function (table, col, descending) {
    var body = table.tBodies[0];
    var head = table.tHead.rows[0].cells;
    var numeric = head[col].classList.contains('n');
    var rows = Array.prototype.slice.call(body.rows).map(function (r, i) {
      return { row: r, key: value(r.cells[col], numeric), i: i };
    });
    rows.sort(function (a, b) {
      var c = a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
      return (descending ? -c : c) || a.i - b.i;
    });
    each(head, function (th) { th.removeAttribute('aria-sort'); });
    head[col].setAttribute('aria-sort', descending ? 'descending' : 'ascending');
    each(rows, function (r) { body.appendChild(r.row); });
  };
  var filter = function (table, input, q) {
    input.value = q;
    q = q.toLowerCase();
    each(table.tBodies[0].rows, function (r) {
      r.hidden = q !== '' && r.textContent.toLowerCase().indexOf(q) < 0;
    });
  };
  var inputs = {};
  each(document.querySelectorAll('table.data'), function (table) {
    each(table.tHead.rows[0].cells, function (th, col) {
      var b = document.createElement('button');
      b.type = 'button';
      while (th.firstChild) b.appendChild(th.firstChild);
      th.appendChild(b);
      b.addEventListener('click', function () {
        var numeric = th.classList.contains('n');
        var now = th.getAttribute('aria-sort');
        sortBy(table, col, now ? now === 'ascending' : numeric);
      });
    });
    var input = document.createElement('input');
    input.type = 'search';
    input.className = 'filter';
    input.placeholder = 'Filter rows';
    input.setAttribute('aria-label', 'Filter the rows of ' + table.id.slice(2));
    input.addEventListener('input', function () { filter(table, input, input.value); });
    table.parentNode.parentNode.insertBefore(input, table.parentNode);
    inputs[table.id] = input;
  });
  each(location.hash.slice(1).split('&'), function (part) {
    var kv = part.split('='), arg = decodeURIComponent(kv.slice(1).join('=')).split(':');
    var table = document.getElementById('t-' + arg[0]);
    if (!table) return;
    if (kv[0] === 'sort' && table.tHead.rows[0].cells[+arg[1]]) {
      sortBy(table, +arg[1], arg[2] === 'desc');
    } else if (kv[0] === 'q') {
      filter(table, inputs[table.id], arg.slice(1).join(':'));
    }
  });
  document.documentElement.setAttribute('data-script', 'ran');
})();
"#;

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    fn esc(s: &[u8]) -> String {
        let mut out = String::new();
        push_text(&mut out, s, 1000);
        out
    }

    #[test]
    fn markup_in_data_stays_text_in_every_context() {
        let cases: [(&[u8], &str); 6] = [
            (
                b"\"><script>alert(1)</script>",
                "&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;",
            ),
            (
                b"</svg><svg onload=alert(1)>",
                "&lt;/svg&gt;&lt;svg onload=alert(1)&gt;",
            ),
            (b"' onmouseover='x", "&#39; onmouseover=&#39;x"),
            (b"javascript:alert(1)", "javascript:alert(1)"),
            (b"&lt;b&gt; & &amp;", "&amp;lt;b&amp;gt; &amp; &amp;amp;"),
            (
                b"<!-- --><![CDATA[x]]>",
                "&lt;!-- --&gt;&lt;![CDATA[x]]&gt;",
            ),
        ];
        for (hostile, expected) in cases {
            let out = esc(hostile);
            assert_eq!(out, expected);
            assert!(!out.contains(['<', '>', '"', '\'']), "{out}");
        }
    }

    #[test]
    fn controls_invalid_utf8_and_invisible_characters_are_shown_as_bytes() {
        assert_eq!(esc(b"/a\x00b\x1b[2J\r\n\x7f"), "/a%00b%1B[2J%0D%0A%7F");
        assert_eq!(esc(b"/caf\xc3\xa9/\xff\xfe"), "/caf\u{e9}/%FF%FE");
        // C1 CSI, a right-to-left override and a zero-width space.
        assert_eq!(
            esc("/x\u{9b}y\u{202e}txt.exe\u{200b}".as_bytes()),
            "/x%C2%9By%E2%80%AEtxt.exe%E2%80%8B"
        );
        let out = esc(b"\x01\x02\x03\x08\x0b\x0c\x0e\x1f");
        assert!(!out.chars().any(char::is_control), "{out}");
    }

    #[test]
    fn long_strings_are_cut_without_splitting_an_escape() {
        let mut out = String::new();
        push_text(&mut out, "&&&&é".as_bytes(), 3);
        assert_eq!(out, "&amp;&amp;&amp;…");
        out.clear();
        push_text(&mut out, b"abc", 3);
        assert_eq!(out, "abc");
        out.clear();
        push_text(&mut out, b"\x1b\x1b", 4);
        // `%1B` is three characters of the budget, the next one does not fit.
        assert_eq!(out, "%1B%…");
    }

    #[test]
    fn grouped_numbers_and_axes() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(1_234_567), "1,234,567");
        assert_eq!(duration(DAY), "1 day");
        assert_eq!(duration(90 * 60_000), "90 minutes");
        assert_eq!(duration(1500), "1.5 seconds");
        assert_eq!(nice_axis(0), (1, 1));
        assert_eq!(nice_axis(7), (2, 8));
        assert_eq!(nice_axis(100), (50, 100));
        assert_eq!(nice_axis(1234), (500, 1500));
        let (step, top) = nice_axis(u64::MAX / 2);
        assert!(top >= u64::MAX / 2 && step > 0);
    }

    #[test]
    fn bins_stay_few_and_ticks_stay_round() {
        let t0 = 1_795_132_800_000; // 2026-11-20T00:00:00Z
        assert_eq!(bin_width(t0, t0), HOUR);
        assert_eq!(bin_width(t0, t0 + 100 * HOUR), HOUR);
        assert_eq!(bin_width(t0, t0 + 30 * DAY), 6 * HOUR);
        assert_eq!(bin_width(t0, t0 + 365 * DAY), 7 * DAY);
        for span in [0, HOUR, 7 * DAY, 400 * DAY, 20 * 365 * DAY] {
            let bin = bin_width(t0, t0 + span);
            assert!((t0 + span) / bin - t0 / bin < MAX_BINS, "{span}");
            let step = tick_step(span + bin, bin);
            assert!(step >= bin && (span + bin) / step <= 8, "{span}");
        }
    }

    fn violation(host: &str, crawler: &str, path: &str, kind: Kind, requests: u64) -> ViolationRow {
        ViolationRow {
            host: host.into(),
            kind,
            crawler: crawler.into(),
            user_agent: format!("{crawler}/1.0").into(),
            group: "*".into(),
            path: path.into(),
            rule: "Disallow: /private/".into(),
            rule_line: 3,
            requests,
            first_seen_ms: 1_795_132_800_000,
            last_seen_ms: 1_795_136_400_000,
            verification: "verified",
            robots_version: None,
            evidence: "in-force",
            client_ips: 1,
            sample_ip: "192.0.2.1".into(),
            status_codes: vec![(200, requests)],
            min_interval_ms: None,
            median_interval_ms: None,
        }
    }

    fn page_of<'a>(activity: &'a [Hourly<'a>], hosts: &'a [HostRow]) -> Page<'a> {
        Page {
            inputs: &[],
            summary: &[],
            hosts,
            spoofed: &[],
            activity,
            too_old_to_verify: 0,
            leeway_ms: DAY,
        }
    }

    /// The rows as the page takes them, one at a time.
    fn digest(rows: &[ViolationRow], limits: Limits) -> ViolationDigest {
        let mut d = ViolationDigest::new(limits, 1 << 20);
        for r in rows {
            d.add(r);
        }
        d
    }

    /// The page of `rows` and `page`.
    fn page(page: &Page<'_>, rows: &[ViolationRow], limits: Limits) -> String {
        render(page, digest(rows, limits)).unwrap()
    }

    #[test]
    fn hostile_rows_give_no_markup_of_their_own() {
        let payload = "\"><script>alert(1)</script></svg><img src=x onerror=alert(2)>";
        let mut v = violation("example.com", payload, payload, Kind::Disallowed, 3);
        v.rule = Arc::from(format!("Disallow: {payload}"));
        v.group = Arc::from(payload);
        let activity = [Hourly {
            hour_ms: 1_795_132_800_000,
            host: "example.com",
            crawler: payload,
            kind: Kind::Disallowed,
            requests: 3,
        }];
        let html = page(&page_of(&activity, &[]), &[v], Limits::default());
        assert_eq!(
            html.matches("<script").count(),
            1,
            "only the page's own script"
        );
        assert!(!html.contains("<img"), "no element from the data");
        assert!(!html.contains("onerror=alert(2)>"));
        assert!(html.contains("&lt;/svg&gt;&lt;img src=x onerror=alert(2)&gt;"));
        // The crawler's name is in the chart's tooltip and legend, escaped.
        assert!(
            html.contains("<title>&quot;&gt;&lt;script&gt;"),
            "chart tooltip"
        );
    }

    #[test]
    fn the_policy_allows_only_the_pages_own_style_and_script() {
        let html = page(&page_of(&[], &[]), &[], Limits::default());
        let csp = csp();
        assert!(html.contains(&format!(
            "<meta http-equiv=\"Content-Security-Policy\" content=\"{csp}\">"
        )));
        assert!(csp.starts_with("default-src 'none'; "), "{csp}");
        // The hashes are of exactly what is between the tags.
        let between = |open: &str, close: &str| {
            let start = html.find(open).unwrap() + open.len();
            let end = start + html[start..].find(close).unwrap();
            html[start..end].to_string()
        };
        assert_eq!(sha256(&between("<style>", "</style>")), sha256(STYLE));
        assert!(csp.contains(&format!("style-src '{}'", sha256(STYLE))));
        assert!(csp.contains(&format!("script-src '{}'", sha256(SCRIPT))));
        assert_eq!(between("<script>", "</script>"), SCRIPT);
        // Known answer: SHA-256 of "abc".
        assert_eq!(
            sha256("abc"),
            "sha256-ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0="
        );
        // Nothing that could be fetched.
        for bad in ["http:", "https:", "//", "src=", "href=", "url(", "@import"] {
            assert!(!html.contains(bad), "{bad}");
        }
    }

    #[test]
    fn tables_show_their_top_rows_and_count_the_rest() {
        let rows: Vec<ViolationRow> = (0..30)
            .map(|i| {
                violation(
                    "example.com",
                    "GPTBot",
                    &format!("/p{i:02}"),
                    Kind::Disallowed,
                    100 - i,
                )
            })
            .collect();
        let limits = Limits {
            paths: 10,
            ..Limits::default()
        };
        let html = page(&page_of(&[], &[]), &rows, limits);
        let paths = &html[html.find("id=\"paths\"").unwrap()..];
        let paths = &paths[..paths.find("</section>").unwrap()];
        assert_eq!(paths.matches("<tr>").count(), 1 + 10);
        assert!(paths.contains("<code>/p09</code>") && !paths.contains("<code>/p10</code>"));
        assert!(paths.contains("and 20 more paths"), "{paths}");
        // The most requested first.
        assert!(paths.find("/p00").unwrap() < paths.find("/p01").unwrap());
    }

    #[test]
    fn a_rule_counts_each_path_once_whatever_its_rows() {
        // One path in two rows (two User-Agents of one crawler), another in one.
        let mut rows = vec![
            violation("example.com", "GPTBot", "/private/a", Kind::Disallowed, 2),
            violation("example.com", "GPTBot", "/private/a", Kind::Disallowed, 3),
            violation("example.com", "GPTBot", "/private/b", Kind::Disallowed, 1),
        ];
        rows[1].user_agent = Arc::from("GPTBot/2.0");
        let html = page(&page_of(&[], &[]), &rows, Limits::default());
        let rules = &html[html.find("id=\"rules\"").unwrap()..];
        let rules = &rules[..rules.find("</section>").unwrap()];
        // version, requests, paths.
        assert!(
            rules.contains(
                "<td class=\"d\">undated</td><td class=\"n\">6</td><td class=\"n\">2</td>"
            ),
            "{rules}"
        );
        let paths = &html[html.find("id=\"paths\"").unwrap()..];
        assert!(
            paths.contains("<td class=\"t\"><code>/private/a</code></td><td class=\"n\">5</td>")
        );
    }

    #[test]
    fn a_rule_that_comes_back_after_another_is_one_row() {
        let mut rows = vec![
            violation("example.com", "GPTBot", "/a", Kind::Disallowed, 2),
            violation("example.com", "GPTBot", "/b", Kind::Disallowed, 3),
            violation("example.com", "GPTBot", "/c", Kind::Disallowed, 4),
        ];
        rows[1].rule = Arc::from("Disallow: /b");
        rows[1].rule_line = 4;
        let html = page(&page_of(&[], &[]), &rows, Limits::default());
        let rules = &html[html.find("id=\"rules\"").unwrap()..];
        let rules = &rules[..rules.find("</section>").unwrap()];
        assert_eq!(rules.matches("<tr>").count(), 1 + 2, "{rules}");
        // Disallow: /private/ (line 3): 6 requests on 2 paths, before Disallow: /b.
        let first = rules.find("<code>Disallow: /private/</code>").unwrap();
        assert!(first < rules.find("<code>Disallow: /b</code>").unwrap());
        assert!(
            rules[first..]
                .contains("<td class=\"n\">6</td><td class=\"n\">2</td><td>GPTBot 6</td>"),
            "{rules}"
        );
    }

    #[test]
    fn the_delays_table_keeps_the_rows_with_most_requests_ties_in_report_order() {
        let rows: Vec<ViolationRow> = [("a", 5), ("b", 9), ("c", 5)]
            .iter()
            .map(|(c, n)| {
                let mut v = violation("example.com", c, "", Kind::CrawlDelay, *n);
                v.rule = Arc::from("Crawl-delay: 10");
                v
            })
            .collect();
        let limits = Limits {
            delays: 2,
            ..Limits::default()
        };
        let html = page(&page_of(&[], &[]), &rows, limits);
        let delays = &html[html.find("id=\"delays\"").unwrap()..];
        let delays = &delays[..delays.find("</section>").unwrap()];
        let b = delays.find("<td>b</td>").expect("b is shown");
        let a = delays.find("<td>a</td>").expect("a is shown");
        assert!(b < a, "{delays}");
        assert!(!delays.contains("<td>c</td>"), "{delays}");
        assert!(delays.contains("and 1 more rows"), "{delays}");
    }

    #[test]
    fn the_time_chart_stacks_top_crawlers_and_groups_the_rest() {
        let t0 = 1_795_132_800_000;
        let names = ["a", "b", "c"];
        let activity: Vec<Hourly<'_>> = (0..3)
            .flat_map(|hour| {
                names.iter().enumerate().map(move |(i, c)| Hourly {
                    hour_ms: t0 + hour * HOUR,
                    host: "example.com",
                    crawler: c,
                    kind: Kind::Disallowed,
                    requests: 10 * (3 - i as u64),
                })
            })
            .collect();
        let limits = Limits {
            chart_crawlers: 2,
            ..Limits::default()
        };
        let html = page(&page_of(&activity, &[]), &[], limits);
        let chart = &html[html.find("<svg id=\"chart-time\"").unwrap()..];
        let chart = &chart[..chart.find("</figure>").unwrap()];
        // Three hours, three series each (a, b, and c as "other").
        assert_eq!(chart.matches("<rect").count(), 9, "{chart}");
        assert_eq!(
            chart.matches("<rect class=\"s7\"").count(),
            3,
            "other: grey bars"
        );
        assert!(chart.contains("<span class=\"sw s7\"></span>1 other crawlers (30)"));
        assert!(
            chart.contains(
                "<title>a: 30 requests, 2026-11-20 00:00 to 2026-11-20 01:00 UTC</title>"
            )
        );
        assert!(chart.contains("1 other crawlers (30)"));
        // Real UTC dates on the axis.
        assert!(chart.contains(">2026-11-20</text>") && chart.contains(">00:00</text>"));
        // No crawl-delay activity: that chart says so.
        assert!(html.contains("No requests faster than the Crawl-delay."));
    }

    #[test]
    fn the_same_findings_give_the_same_bytes() {
        let rows: Vec<ViolationRow> = ["b", "a", "c"]
            .iter()
            .map(|c| violation("example.com", c, "/x", Kind::Disallowed, 5))
            .collect();
        let mut reversed = rows.clone();
        reversed.reverse();
        let a = page(&page_of(&[], &[]), &rows, Limits::default());
        let b = page(&page_of(&[], &[]), &rows, Limits::default());
        assert_eq!(a, b);
        // Ties are broken by value, not by the order rows came in.
        let c = page(&page_of(&[], &[]), &reversed, Limits::default());
        let crawlers = |html: &str| {
            let s = &html[html.find("id=\"crawlers\"").unwrap()..];
            s[..s.find("</section>").unwrap()].to_string()
        };
        assert_eq!(crawlers(&a), crawlers(&c));
    }

    #[test]
    fn the_page_is_bounded_whatever_the_strings() {
        // Every string as long and as expensive to escape as it can be.
        let long = "&".repeat(2_000);
        let rows: Vec<ViolationRow> = (0..5_000)
            .map(|i| {
                let mut v = violation(
                    &format!("h{i}.example"),
                    &format!("{long}{i}"),
                    &format!("{long}{i}"),
                    if i % 2 == 0 {
                        Kind::Disallowed
                    } else {
                        Kind::CrawlDelay
                    },
                    1,
                );
                v.rule = Arc::from(format!("{long}{i}"));
                v.group = Arc::from(long.as_str());
                v
            })
            .collect();
        let hosts: Vec<HostRow> = (0..5_000)
            .map(|i| HostRow {
                host: format!("h{i}.example"),
                robots_url: format!("{long}{i}"),
                obtained: long.clone(),
                outcome: long.clone(),
                status: None,
                bytes: 0,
                truncated: false,
                groups: 0,
                versions: 0,
                first_version_ms: None,
                last_version_ms: None,
                requests: 1,
                crawler_requests: 1,
                judged: false,
                reason: long.clone(),
            })
            .collect();
        let summary: Vec<SummaryRow> = (0..5_000)
            .map(|i| SummaryRow {
                host: format!("h{i}.example"),
                crawler: format!("{long}{i}"),
                operator: long.clone(),
                category: long.clone(),
                requests: 1,
                checked: 1,
                allowed: 0,
                violations: 1,
                allowed_by_leeway: 0,
                robots_fetches: 0,
                robots_first: None,
                robots_statuses: vec![],
                first_seen_ms: 0,
                last_seen_ms: 1,
                verified: 0,
                spoofed: 1,
                unverifiable: 0,
                group: long.clone(),
            })
            .collect();
        let spoofed: Vec<SpoofedRow> = (0..5_000)
            .map(|i| SpoofedRow {
                client_ip: format!("{long}{i}"),
                crawler: long.clone(),
                requests: 1,
                hosts: long.clone(),
                first_seen_ms: 0,
                last_seen_ms: 1,
                user_agent: long.clone(),
            })
            .collect();
        let inputs: Vec<InputRow> = (0..5_000)
            .map(|i| InputRow {
                input: format!("{long}{i}"),
                format: long.clone(),
                detected: true,
                requests: 1,
                malformed: 0,
                malformed_reasons: long.clone(),
                first_malformed_line: None,
                first_malformed: long.clone(),
                outside_window: 0,
                no_host: 0,
                error: long.clone(),
            })
            .collect();
        let p = Page {
            inputs: &inputs,
            summary: &summary,
            spoofed: &spoofed,
            ..page_of(&[], &hosts)
        };
        let html = page(&p, &rows, Limits::default());
        eprintln!("worst-case page: {} bytes", html.len());
        assert!(html.len() < 2 << 20, "{} bytes", html.len());
    }
}
