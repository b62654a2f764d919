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
//!   [`text::cell`](crate::text::cell) (controls and invalid UTF-8 as `%XX`), then bidi and invisible characters
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
//! more the CSV has; each string is cut to [`Limits::chars`] characters and three bytes of
//! HTML a character ([`escape::BYTES_PER_CHAR`]); a cell's folded names take a bounded number
//! of bytes; the time chart has at most [`charts::MAX_BINS`] bars per series. With the default
//! limits the page stays under 2 MiB (tested with every table, folded cell and chart full of
//! the costliest strings). The page is byte-identical for
//! the same findings: every order is by value, and no clock is read.
//!
//! Where things are: this module puts the page together (head, headline figures, then the
//! parts); `digest` gathers the violation rows in their single pass (`ranking` ranks their
//! paths); `escape` is the writer all text goes through; `charts` draws the SVG; `tables`
//! writes the tables. The style sheet and the script are `html/style.css` and
//! `html/script.js`, included as they are: the CSP hashes are computed from them.

mod agents;
mod charts;
mod digest;
mod escape;
mod ranking;
mod tables;

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;

use base64::Engine as _;

use super::{HostRow, InputRow, Kind, ReportError, SpoofedRow, SummaryRow};
pub use agents::ConflictDigest;
pub use charts::time_bin_ms;
use digest::Digest;
pub use digest::ViolationDigest;
pub use escape::push_text;
use escape::{Html, grouped, minute};

/// Violating requests of one crawler on one host in one time bin (the audit's activity
/// series, in bins of [`Page::activity_bin_ms`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ActivityBin<'a> {
    /// The bin's start, unix ms (a multiple of the bin's width).
    pub start_ms: i64,
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
    pub activity: &'a [ActivityBin<'a>],
    /// The width of the activity's bins, in ms ([`time_bin_ms`] of the requests' span, as
    /// the audit counts them): the time charts' bins are this wide, or wider.
    pub activity_bin_ms: i64,
    /// Requests left unverifiable because they are older than the IP-range lists (or
    /// reverse DNS) can speak for.
    pub too_old_to_verify: u64,
    /// Crawler requests marked spoofed by IP-range lists more than 30 days older than them.
    pub spoofed_by_old_lists: u64,
    /// How long a crawler may keep using a robots.txt after it changed, in ms.
    pub leeway_ms: i64,
    /// The preferences report's rows as they streamed by (usage preference conflicts).
    pub conflicts: &'a ConflictDigest,
    /// The run's warnings about its findings, as standard error says them (a log with no
    /// User-Agent, clients that are no address…): under `--quiet` the page is where they
    /// stay.
    pub warnings: &'a [String],
    /// The crawlers whose requests were checked against Crawl-delay (by name): for the
    /// others a 0 would read as compliance.
    pub delay_checked: &'a BTreeSet<String>,
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
    /// AI crawlers in the "AI agents" table.
    pub agents: usize,
    /// Rows of the usage preference conflicts table.
    pub conflicts: usize,
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
            agents: 50,
            conflicts: 50,
            chart_hosts: 15,
            chart_crawlers: 7,
            chars: 160,
        }
    }
}

const MINUTE: i64 = 60_000;
const HOUR: i64 = 60 * MINUTE;
const DAY: i64 = 24 * HOUR;

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

/// The page as text, its tables cut to the digest's [`Limits`]. Fails only when sorting the
/// paths on disk failed.
pub fn render(page: &Page<'_>, violations: ViolationDigest) -> Result<String, ReportError> {
    let v = violations.finish()?;
    let limits = &v.limits;
    let mut h = Html::new(limits.chars);
    let facts = Facts::of(page, &v);
    head(&mut h, page, &facts);
    figures(&mut h, page, &v, &facts);
    charts::charts(&mut h, page, &v, facts.span);
    tables::crawlers_table(&mut h, page, &v);
    tables::rules_table(&mut h, &v);
    tables::paths_table(&mut h, &v);
    tables::delays_table(&mut h, &v);
    agents::agents_section(&mut h, page, limits);
    tables::spoofed_table(&mut h, page, limits);
    tables::hosts_table(&mut h, page, limits);
    tables::inputs_table(&mut h, page, limits);
    h.raw("</main>\n<footer><p>Written by robots-audit ");
    h.raw(env!("CARGO_PKG_VERSION"));
    h.raw(
        ". Tables show their top rows; the CSV reports (<code>--out</code>, \
         <code>--summary</code>, <code>--hosts</code>, <code>--spoofed</code>, \
         <code>--preferences</code>, <code>--inputs</code>) have every row. \
         Times are UTC.</p></footer>\n<script>",
    );
    h.raw(SCRIPT);
    h.raw("</script>\n</body>\n</html>\n");
    Ok(h.finish())
}

/// The headline numbers, found once.
struct Facts<'a> {
    requests: u64,
    /// Of them, those in the time window and with a host: what crawler requests are a share of.
    audited: u64,
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
        let requests: u64 = page.inputs.iter().map(|i| i.requests).sum();
        let left_out: u64 = page
            .inputs
            .iter()
            .map(|i| i.outside_window + i.no_host)
            .sum();
        let mut not_judged: Vec<&HostRow> = page
            .hosts
            .iter()
            .filter(|h| !h.judged && h.crawler_requests > 0)
            .collect();
        // The hosts with the most crawler requests first, as the hosts table has them.
        not_judged.sort_by(|a, b| tables::host_order(a, b));
        Facts {
            requests,
            audited: requests.saturating_sub(left_out),
            crawler_requests: page.hosts.iter().map(|h| h.crawler_requests).sum(),
            disallowed: v.disallowed,
            delayed: v.delayed,
            spoofed_addresses: page
                .spoofed
                .iter()
                .map(|s| s.client_ip.as_str())
                .collect::<BTreeSet<_>>()
                .len(),
            not_judged,
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
            if hi - lo < 60_000 {
                format!("{:.0} seconds", (hi - lo) as f64 / 1000.0)
            } else if hours < 1.0 {
                format!("{:.1} minutes", hours * 60.0)
            } else if hours < 48.0 {
                format!("{hours:.1} hours")
            } else {
                format!("{:.1} days", hours / 24.0)
            }
        }
        None => "none".to_string(),
    };
    let items: [(&str, String, String); 7] = [
        ("Requests read", grouped(facts.requests), String::new()),
        (
            "Crawler requests",
            grouped(facts.crawler_requests),
            if facts.audited == facts.requests {
                percent(facts.crawler_requests, facts.audited, "of all")
            } else {
                // Requests outside the window or without a host are in no host's count.
                percent(
                    facts.crawler_requests,
                    facts.audited,
                    "of those in the window with a host",
                )
            },
        ),
        (
            // Counted by kind: a request both disallowed and too soon is two violations, so
            // this is no count of requests (it can exceed the crawler requests).
            "Violations",
            grouped(violating),
            format!(
                "{} disallowed requests, {} too soon under Crawl-delay (a request can be both); \
                 {} report rows",
                grouped(facts.disallowed),
                grouped(facts.delayed),
                grouped(v.rows)
            ),
        ),
        (
            "Preference conflicts",
            grouped(page.conflicts.requests()),
            format!(
                "requests a site said no to the use of (ai-train, ai-input, search); {} rows",
                grouped(page.conflicts.rows())
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
        h.raw("<p class=\"warn\">Not judged (none of their crawler requests was checked against rules, so they add no violation above):</p>\n<ul class=\"warn\">\n");
        let shown = 10;
        for host in facts.not_judged.iter().take(shown) {
            h.raw("<li><b>");
            h.text(host.origin());
            h.raw("</b> (");
            h.num(host.crawler_requests);
            h.raw(if host.crawler_requests == 1 {
                " crawler request): "
            } else {
                " crawler requests): "
            });
            if host.reason.is_empty() {
                h.text(&host.outcome);
            } else {
                h.text(&host.reason);
            }
            h.raw("</li>\n");
        }
        if facts.not_judged.len() > shown {
            h.fmt(format_args!(
                "<li>and {} more, with fewer crawler requests (the hosts CSV, --hosts, has \
                 them all: judged no)</li>\n",
                grouped((facts.not_judged.len() - shown) as u64)
            ));
        }
        h.raw("</ul>\n");
    }
    if !page.warnings.is_empty() {
        h.raw("<p class=\"warn\">Warnings of the run:</p>\n<ul class=\"warn\">\n");
        for warning in page.warnings {
            h.raw("<li>");
            // The run's own sentence, whose data parts are cut already: whole, as on the
            // terminal (its end says what was lost).
            h.text_cut(warning, 1000);
            h.raw("</li>\n");
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
    if page.spoofed_by_old_lists > 0 {
        h.fmt(format_args!(
            "<p class=\"note\">{} crawler requests are marked spoofed by IP-range lists more \
             than 30 days older than them: their operators may have added the addresses since \
             (<code>robots-audit update-ranges</code> refreshes the lists).</p>\n",
            grouped(page.spoofed_by_old_lists)
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

/// `part` of `whole` as a percentage with one decimal, never rounded up to 100.0 (nor down to
/// 0.0) when it is not all (or none).
fn percent(part: u64, whole: u64, of: &str) -> String {
    if whole == 0 {
        return String::new();
    }
    let p = part as f64 * 100.0 / whole as f64;
    let p = if part < whole { p.min(99.9) } else { p };
    let p = if part > 0 { p.max(0.1) } else { p };
    format!("{p:.1}% {of}")
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

/// `(name, count)` by count, most first, ties by name.
fn ranked<K: Ord + Copy>(counts: BTreeMap<K, u64>) -> Vec<(K, u64)> {
    let mut v: Vec<(K, u64)> = counts.into_iter().collect();
    v.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    v
}

// ---------------------------------------------------------------------------------------
// The page's own style sheet and script (their hashes are in the CSP).

const STYLE: &str = include_str!("html/style.css");

/// Sorting and filtering of the tables. Reads nothing but the page (and `#sort=` or `#q=`
/// in its address, to open a view already sorted or filtered), writes nothing but text
/// content and attributes: no markup from data is ever parsed.
const SCRIPT: &str = include_str!("html/script.js");

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::{PreferenceRow, ViolationRow};
    use charts::MAX_BINS;
    use std::sync::Arc;

    #[test]
    fn a_share_is_never_rounded_to_all_or_none() {
        assert_eq!(percent(9_995, 10_000, "of all"), "99.9% of all");
        assert_eq!(percent(10_000, 10_000, "of all"), "100.0% of all");
        assert_eq!(percent(1, 100_000, "of all"), "0.1% of all");
        assert_eq!(percent(0, 100_000, "of all"), "0.0% of all");
        assert_eq!(percent(1, 3, "of x"), "33.3% of x");
        assert_eq!(percent(1, 0, "of all"), "");
    }

    #[test]
    fn durations_in_words() {
        assert_eq!(duration(DAY), "1 day");
        assert_eq!(duration(90 * 60_000), "90 minutes");
        assert_eq!(duration(1500), "1.5 seconds");
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
            sample_ip: crate::report::SampleClient::Ip("192.0.2.1".parse().unwrap()),
            status_codes: crate::report::StatusCodes::from_slice(&[(200, requests)]),
            min_interval_ms: None,
            median_interval_ms: None,
        }
    }

    /// No usage preference conflicts.
    static NO_CONFLICTS: std::sync::LazyLock<ConflictDigest> =
        std::sync::LazyLock::new(|| ConflictDigest::new(Limits::default()));
    /// No crawler checked against Crawl-delay.
    static NO_DELAYS: BTreeSet<String> = BTreeSet::new();

    fn page_of<'a>(activity: &'a [ActivityBin<'a>], hosts: &'a [HostRow]) -> Page<'a> {
        Page {
            conflicts: &NO_CONFLICTS,
            inputs: &[],
            summary: &[],
            hosts,
            spoofed: &[],
            activity,
            too_old_to_verify: 0,
            spoofed_by_old_lists: 0,
            warnings: &[],
            delay_checked: &NO_DELAYS,
            activity_bin_ms: HOUR,
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
        let activity = [ActivityBin {
            start_ms: 1_795_132_800_000,
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
        // The script's filter is told that 20 rows are not on the page.
        assert!(paths.contains("<table class=\"data\" id=\"t-paths\" data-more=\"20\">"));
        // The most requested first.
        assert!(paths.find("/p00").unwrap() < paths.find("/p01").unwrap());
    }

    /// Issue #26: a crawler folded into "+N more" is on the page, for the filter to find.
    #[test]
    fn folded_crawlers_are_on_the_page() {
        let rows: Vec<ViolationRow> = [("a", 5), ("b", 4), ("c", 3), ("GPTBot", 1), ("e", 1)]
            .iter()
            .map(|(c, n)| violation("example.com", c, "/x", Kind::Disallowed, *n))
            .collect();
        let html = page(&page_of(&[], &[]), &rows, Limits::default());
        let paths = &html[html.find("id=\"paths\"").unwrap()..];
        assert!(
            paths.contains(
                "<td>a 5, b 4, c 3<details class=\"more\"><summary>+2 more</summary>\
                 GPTBot 1, e 1</details></td>"
            ),
            "{paths}"
        );
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

    /// Issue #26: two rows of one crawler under one rule differ by their evidence (or
    /// version, or User-Agent); the table shows what tells them apart.
    #[test]
    fn the_delays_table_shows_what_tells_its_rows_apart() {
        let row = |evidence: &'static str, agent: &str| {
            let mut v = violation("example.com", "bingbot", "", Kind::CrawlDelay, 5);
            v.rule = Arc::from("Crawl-delay: 5");
            v.evidence = evidence;
            v.user_agent = Arc::from(agent);
            v
        };
        let rows = [
            row("fetched", "bingbot/2.0"),
            row("in-force", "bingbot/2.0"),
            row("in-force", "bingbot/2.1"),
        ];
        let html = page(&page_of(&[], &[]), &rows, Limits::default());
        let delays = &html[html.find("id=\"delays\"").unwrap()..];
        let delays = &delays[..delays.find("</section>").unwrap()];
        assert!(
            delays.contains("<th scope=\"col\">evidence</th>"),
            "{delays}"
        );
        assert!(
            delays.contains("<td class=\"d\">undated</td><td>fetched</td><td class=\"n\">5</td>"),
            "{delays}"
        );
        // The fetched row is alone of its kind: no User-Agent. The two in-force rows show theirs.
        assert_eq!(delays.matches("<code class=\"ua\">").count(), 2, "{delays}");
        assert!(delays.contains("<td>bingbot<br><code class=\"ua\">bingbot/2.1</code></td>"));
    }

    #[test]
    fn the_time_chart_stacks_top_crawlers_and_groups_the_rest() {
        let t0 = 1_795_132_800_000;
        let names = ["a", "b", "c"];
        let activity: Vec<ActivityBin<'_>> = (0..3)
            .flat_map(|hour| {
                names.iter().enumerate().map(move |(i, c)| ActivityBin {
                    start_ms: t0 + hour * HOUR,
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

    /// A row of the preferences report.
    fn conflict(crawler: &str, path: &str, requests: u64) -> PreferenceRow {
        PreferenceRow {
            host: "example.com".into(),
            crawler: crawler.into(),
            operator: "Anthropic".into(),
            category: "ai-training".into(),
            user_agent: format!("{crawler}/1.0").into(),
            group: "*".into(),
            key: "ai-train",
            path: path.into(),
            rule: "Content-Signal: search=yes, ai-train=no".into(),
            rule_line: 2,
            requests,
            first_seen_ms: 1_795_132_800_000,
            last_seen_ms: 1_795_136_400_000,
            verification: "unverifiable",
            robots_version: None,
            evidence: "in-force",
            client_ips: 1,
            sample_ip: crate::report::SampleClient::Ip("192.0.2.1".parse().unwrap()),
            status_codes: crate::report::StatusCodes::from_slice(&[(200, requests)]),
        }
    }

    fn summary_row(crawler: &str, category: &str, requests: u64, conflicts: u64) -> SummaryRow {
        SummaryRow {
            host: "example.com".into(),
            crawler: crawler.into(),
            operator: "Op".into(),
            category: category.into(),
            requests,
            checked: requests,
            allowed: requests,
            violations: 0,
            allowed_by_leeway: 0,
            robots_fetches: 0,
            robots_first: None,
            robots_statuses: vec![],
            first_seen_ms: 1_795_132_800_000,
            last_seen_ms: 1_795_136_400_000,
            verified: requests,
            spoofed: 0,
            unverifiable: 0,
            group: "*".into(),
            preference_conflicts: conflicts,
            violations_spoofed: 0,
        }
    }

    /// Issue #27: what the AI crawlers fetch for, and the requests that went against a
    /// site's usage preferences, the most requested first.
    #[test]
    fn the_ai_agents_section_shows_purposes_and_the_top_conflicts() {
        let summary = [
            summary_row("ClaudeBot", "ai-training", 40, 30),
            summary_row("GPTBot", "ai-training", 20, 0),
            summary_row("PerplexityBot", "ai-search", 7, 2),
            summary_row("ChatGPT-User", "ai-assistant", 5, 5),
            summary_row("Googlebot", "search", 900, 0),
        ];
        let mut conflicts = ConflictDigest::new(Limits::default());
        for i in 0..60u64 {
            conflicts.add(&conflict("ClaudeBot", &format!("/p{i:02}"), 1 + i % 3));
        }
        let p = Page {
            summary: &summary,
            conflicts: &conflicts,
            ..page_of(&[], &[])
        };
        let html = page(&p, &[], Limits::default());
        let agents = &html[html.find("<section id=\"agents\">").unwrap()..];
        let agents = &agents[..agents.find("</section>").unwrap()];
        assert!(
            agents.contains(
                "Requests by purpose: <b>training</b> 60 (2 crawlers); <b>AI search</b> 7 \
                 (1 crawler); <b>assistant</b> 5 (1 crawler); <b>agent</b> 0 (0 crawlers)."
            ),
            "{agents}"
        );
        // The busiest first; a search engine is not an AI agent.
        assert!(
            agents.find("<td>ClaudeBot</td>").unwrap() < agents.find("<td>GPTBot</td>").unwrap()
        );
        assert!(!agents.contains("Googlebot"));
        assert!(agents.contains(
            "<td>ChatGPT-User</td><td>Op</td><td>assistant</td><td class=\"n\">5</td>\
             <td class=\"n\">0</td><td class=\"n\">5</td>"
        ));
        let table = &html[html.find("<section id=\"conflicts\">").unwrap()..];
        let table = &table[..table.find("</section>").unwrap()];
        assert_eq!(table.matches("<tr>").count(), 1 + 50);
        assert!(table.contains("and 10 more rows (the preferences CSV has them all)"));
        assert!(table.contains("data-more=\"10\""));
        // Most requests first, ties in report order: /p02 (3 requests) leads.
        let first = &table[table.find("<tbody>").unwrap()..];
        assert!(
            first.starts_with(
                "<tbody>\n<tr><td>example.com</td><td>ClaudeBot</td><td>ai-train</td>\
                 <td class=\"t\"><code>/p02</code></td><td class=\"n\">2</td>\
                 <td class=\"t\"><code>Content-Signal: search=yes, ai-train=no</code></td>"
            ),
            "{first}"
        );
        let figures = &html[html.find("<section id=\"figures\">").unwrap()..];
        assert!(figures.contains("Preference conflicts</span><span class=\"v\">120</span>"));
        // None: the sections say so.
        let html = page(&page_of(&[], &[]), &[], Limits::default());
        assert!(html.contains("No AI crawler, assistant or agent made a request."));
        assert!(html.contains("No request went against a usage preference"));
    }

    #[test]
    fn hostile_conflict_rows_give_no_markup_of_their_own() {
        let payload = "\"><script>alert(1)</script><img src=x onerror=alert(2)>";
        let mut c = conflict(payload, payload, 3);
        c.rule = Arc::from(format!("Content-Usage: {payload}"));
        let mut conflicts = ConflictDigest::new(Limits::default());
        conflicts.add(&c);
        let p = Page {
            conflicts: &conflicts,
            ..page_of(&[], &[])
        };
        let html = page(&p, &[], Limits::default());
        assert_eq!(
            html.matches("<script").count(),
            1,
            "only the page's own script"
        );
        assert!(!html.contains("<img"));
        assert!(html.contains("<code>&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;</code>"));
    }

    #[test]
    fn the_page_is_bounded_whatever_the_strings() {
        // Every string as long and as expensive to escape as it can be; every path and rule
        // broken by 16 crawlers or more; full time charts.
        let long = "&".repeat(2_000);
        let mut rows: Vec<ViolationRow> = (0..5_000)
            .map(|i| {
                let mut v = violation(
                    &format!("h{}.example", i % 3),
                    &format!("{long}{i}"),
                    &format!("{long}{}", i % 100),
                    if i % 2 == 0 {
                        Kind::Disallowed
                    } else {
                        Kind::CrawlDelay
                    },
                    1,
                );
                v.rule = Arc::from(format!("{long}{}", i % 50));
                v.group = Arc::from(long.as_str());
                v
            })
            .collect();
        // Report order: a host's rows together.
        rows.sort_by(|a, b| (&a.host, a.kind).cmp(&(&b.host, b.kind)));
        let t0 = 1_795_132_800_000;
        let names: Vec<String> = (0..20).map(|c| format!("{long}{c}")).collect();
        let activity: Vec<ActivityBin<'_>> = (0..MAX_BINS)
            .flat_map(|b| {
                names.iter().flat_map(move |c| {
                    [Kind::Disallowed, Kind::CrawlDelay].map(|kind| ActivityBin {
                        start_ms: t0 + b * HOUR,
                        host: "h0.example",
                        crawler: c,
                        kind,
                        requests: 1 + b as u64,
                    })
                })
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
                preferences: long.clone(),
            })
            .collect();
        let summary: Vec<SummaryRow> = (0..5_000)
            .map(|i| SummaryRow {
                host: format!("h{i}.example"),
                crawler: format!("{long}{i}"),
                operator: long.clone(),
                // Every AI purpose, and crawlers of no AI purpose.
                category: [
                    "ai-training",
                    "ai-search",
                    "ai-assistant",
                    "ai-agent",
                    "search",
                ][i % 5]
                    .to_string(),
                requests: 1,
                checked: 1,
                allowed: 0,
                violations: 1,
                allowed_by_leeway: 0,
                robots_fetches: 0,
                robots_first: None,
                robots_statuses: vec![],
                first_seen_ms: t0,
                last_seen_ms: t0 + (MAX_BINS - 1) * HOUR,
                verified: 0,
                spoofed: 1,
                unverifiable: 0,
                group: long.clone(),
                preference_conflicts: 1,
                violations_spoofed: 1,
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
        let mut conflicts = ConflictDigest::new(Limits::default());
        for i in 0..5_000 {
            let mut c = conflict(&format!("{long}{i}"), &format!("{long}{i}"), 1 + i % 7);
            c.host = Arc::from(format!("{long}{i}"));
            c.user_agent = Arc::from(long.as_str());
            conflicts.add(&c);
        }
        let p = Page {
            inputs: &inputs,
            summary: &summary,
            spoofed: &spoofed,
            conflicts: &conflicts,
            ..page_of(&activity, &hosts)
        };
        let html = page(&p, &rows, Limits::default());
        eprintln!("worst-case page: {} bytes", html.len());
        // What was meant to be full is.
        assert_eq!(
            html.matches("<rect class=\"s7\"").count(),
            2 * MAX_BINS as usize
        );
        assert!(html.contains("more (the CSV has them)</details>"));
        // The footer names every CSV that has the rows a table cut.
        for option in ["--preferences", "--inputs", "--spoofed"] {
            assert!(html.contains(&format!("<code>{option}</code>")), "{option}");
        }
        for id in [
            "crawlers",
            "rules",
            "paths",
            "delays",
            "agents",
            "conflicts",
            "spoofed",
            "hosts",
            "inputs",
        ] {
            let table = &html[html.find(&format!("<section id=\"{id}\">")).unwrap()..];
            let table = &table[..table.find("</section>").unwrap()];
            assert!(table.contains("<p class=\"more\">"), "{id} is full");
        }
        assert!(html.len() < 2 << 20, "{} bytes", html.len());
    }
}
