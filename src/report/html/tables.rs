//! The page's tables: each shows its top rows in a total order (ties by value) and says how
//! many more the CSV has. Columns of numbers are marked for the script's sorting.

use std::collections::BTreeMap;
use std::sync::Arc;

use super::digest::{Digest, TopRow};
use super::escape::{Html, grouped};
use super::{Limits, Page, ranked};
use crate::report::{HostRow, SpoofedRow, SummaryRow, ViolationRow, seconds};
use crate::text;

/// Names a cell of crawlers shows; the rest are folded.
const NAMES_SHOWN: usize = 3;
/// Bytes of folded names one cell holds at most (the page's bound): some fifty crawler names
/// of the usual length. Past it, the cell counts the rest.
const FOLDED_BYTES: usize = 1_000;

/// A column: its heading and whether it holds numbers (right-aligned, sorted as numbers).
pub(super) struct Col(pub(super) &'static str, pub(super) bool);

/// Opens a table: its section, heading, explanation and header row. `more`: the rows left
/// out (the script's filter says that it did not search them).
pub(super) fn table_start(
    h: &mut Html,
    id: &str,
    title: &str,
    about: &str,
    cols: &[Col],
    more: usize,
) {
    h.fmt(format_args!(
        "<section id=\"{id}\">\n<h2>{title}</h2>\n<p class=\"about\">{about}</p>\n\
         <div class=\"scroll\"><table class=\"data\" id=\"t-{id}\""
    ));
    if more > 0 {
        h.fmt(format_args!(" data-more=\"{more}\""));
    }
    h.raw(">\n<thead><tr>");
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
pub(super) fn table_end(h: &mut Html, more: usize, what: &str, csv: &str) {
    h.raw("</tbody>\n</table></div>\n");
    if more > 0 {
        h.fmt(format_args!(
            "<p class=\"more\">and {} more {what} ({csv} has them all)</p>\n",
            grouped(more as u64)
        ));
    }
    h.raw("</section>\n");
}

pub(super) fn empty_section(h: &mut Html, id: &str, title: &str, none: &str) {
    h.fmt(format_args!(
        "<section id=\"{id}\">\n<h2>{title}</h2>\n<p class=\"none\">{none}</p>\n</section>\n"
    ));
}

impl Html {
    pub(super) fn td_text(&mut self, s: impl AsRef<[u8]>) {
        self.raw("<td>");
        self.text(s);
        self.raw("</td>");
    }

    pub(super) fn td_code(&mut self, s: impl AsRef<[u8]>) {
        self.raw("<td class=\"t\"><code>");
        self.text(s);
        self.raw("</code></td>");
    }

    pub(super) fn td_num(&mut self, n: u64) {
        self.raw("<td class=\"n\">");
        self.num(n);
        self.raw("</td>");
    }

    /// A count of violations, or "not judged" where no request was: a 0 there would read as
    /// compliance (a fetcher a group forbids, which robots.txt does not bind).
    pub(super) fn td_verdicts(&mut self, n: u64, judged: bool) {
        if judged {
            self.td_num(n);
        } else {
            self.raw("<td class=\"n\">not judged</td>");
        }
    }

    pub(super) fn td_time(&mut self, ms: i64) {
        let t = text::rfc3339_ms(ms);
        self.fmt(format_args!("<td class=\"d\">{t}</td>"));
    }

    pub(super) fn td_opt_time(&mut self, ms: Option<i64>, none: &str) {
        match ms {
            Some(ms) => self.td_time(ms),
            None => self.fmt(format_args!("<td class=\"d\">{none}</td>")),
        }
    }

    /// The top names of a tally, `GPTBot 12, ClaudeBot 3, bingbot 2 +2 more`, the rest
    /// folded under "+2 more": on the page (the filter searches them, a click shows them),
    /// up to [`FOLDED_BYTES`] of them.
    fn td_names<'n>(&mut self, names: impl IntoIterator<Item = (&'n str, u64)>) {
        self.raw("<td>");
        let mut tally: BTreeMap<&str, u64> = BTreeMap::new();
        for (name, n) in names {
            *tally.entry(name).or_default() += n;
        }
        let ranked = ranked(tally);
        let name = |h: &mut Html, i: usize, (name, n): &(&str, u64)| {
            if i > 0 {
                h.raw(", ");
            }
            h.text_cut(name, 40);
            h.raw(" ");
            h.num(*n);
        };
        for (i, n) in ranked.iter().take(NAMES_SHOWN).enumerate() {
            name(self, i, n);
        }
        let folded = ranked.len().saturating_sub(NAMES_SHOWN);
        if folded > 0 {
            self.fmt(format_args!(
                "<details class=\"more\"><summary>+{} more</summary>",
                grouped(folded as u64)
            ));
            let start = self.written();
            let mut listed = 0;
            for (i, n) in ranked.iter().skip(NAMES_SHOWN).enumerate() {
                if self.written() - start >= FOLDED_BYTES {
                    break;
                }
                name(self, i, n);
                listed += 1;
            }
            if folded > listed {
                self.fmt(format_args!(
                    " and {} more (the CSV has them)",
                    grouped((folded - listed) as u64)
                ));
            }
            self.raw("</details>");
        }
        self.raw("</td>");
    }
}

/// The first `n` of `v` in the order `by` (a total order: the result does not depend on
/// the order `v` came in), and how many were left out. Only the first `n` are sorted.
pub(super) fn top<T>(
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

/// One crawler's rows of the summary, added up over its hosts.
#[derive(Default)]
pub(super) struct CrawlerTally<'a> {
    pub(super) operator: &'a str,
    pub(super) category: &'a str,
    pub(super) requests: u64,
    pub(super) verified: u64,
    pub(super) spoofed: u64,
    pub(super) unverifiable: u64,
    /// Disallowed requests (the summary's `violations`).
    pub(super) violations: u64,
    /// Requests judged (the summary's `checked`): with none, a count of violations is no
    /// sign of compliance.
    pub(super) checked: u64,
    pub(super) conflicts: u64,
    pub(super) hosts: u64,
    /// From the violation rows: disallowed and crawl-delay requests, and those of either
    /// from addresses marked spoofed.
    disallowed: u64,
    delayed: u64,
    by_spoofers: u64,
}

/// The summary per crawler, by name.
pub(super) fn crawler_tally(summary: &[SummaryRow]) -> BTreeMap<&str, CrawlerTally<'_>> {
    let mut tally: BTreeMap<&str, CrawlerTally<'_>> = BTreeMap::new();
    for r in summary {
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
        t.violations += r.violations;
        t.checked += r.checked;
        t.conflicts += r.preference_conflicts;
        t.hosts += 1;
    }
    tally
}

pub(super) fn crawlers_table(h: &mut Html, page: &Page<'_>, v: &Digest) {
    let limits = &v.limits;
    let mut tally = crawler_tally(page.summary);
    for (crawler, [disallowed, delayed, by_spoofers]) in &v.per_crawler {
        let t = tally.entry(crawler).or_default();
        t.disallowed += disallowed;
        t.delayed += delayed;
        t.by_spoofers += by_spoofers;
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
         unverifiable: nothing to check against. Not judged: none of its requests was \
         (robots.txt does not bind it, its hosts' files could not be had, or it asked only \
         for /robots.txt). Crawl-delay not checked: its operator documents no Crawl-delay \
         (--all-crawl-delay checks every crawler). By spoofers: the disallowed and \
         crawl-delay requests from spoofed addresses, which the crawler's operator did not \
         make.",
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
            Col("by spoofers", true),
            Col("hosts", true),
        ],
        more,
    );
    for (name, t) in rows {
        h.raw("<tr>");
        h.td_text(name);
        h.td_text(t.operator);
        h.td_text(t.category);
        for n in [t.requests, t.verified, t.spoofed, t.unverifiable] {
            h.td_num(n);
        }
        let judged = t.checked > 0 || t.disallowed + t.delayed > 0;
        h.td_verdicts(t.disallowed, judged);
        if judged && t.delayed == 0 && !page.delay_checked.contains(name) {
            // Its operator documents no Crawl-delay (and no --all-crawl-delay).
            h.raw("<td class=\"n\">not checked</td>");
        } else {
            h.td_verdicts(t.delayed, judged);
        }
        h.td_num(t.by_spoofers);
        h.td_num(t.hosts);
        h.raw("</tr>\n");
    }
    table_end(h, more, "crawlers", "the summary CSV");
}

pub(super) fn rules_table(h: &mut Html, v: &Digest) {
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
        more,
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

pub(super) fn paths_table(h: &mut Html, v: &Digest) {
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
        more,
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

pub(super) fn delays_table(h: &mut Html, v: &Digest) {
    if v.delays.is_empty() {
        return empty_section(
            h,
            "delays",
            "Crawl-delay breaches",
            "No crawler checked for Crawl-delay came faster than it (the crawlers whose \
             operators document honouring it; --all-crawl-delay checks every crawler).",
        );
    }
    let more = (v.delay_rows as usize).saturating_sub(v.delays.len());
    table_start(
        h,
        "delays",
        "Crawl-delay breaches",
        "Crawlers that came faster than the Crawl-delay their group asked for, and how fast \
         they came over all their requests. A crawler has a row per version of the file and \
         evidence (as in the rules table), and per User-Agent, shown when it tells two rows \
         apart.",
        &[
            Col("host", false),
            Col("crawler", false),
            Col("rule", false),
            Col("version", false),
            Col("evidence", false),
            Col("requests", true),
            Col("shortest interval (s)", true),
            Col("median interval (s)", true),
            Col("verification", false),
            Col("first (UTC)", false),
            Col("last (UTC)", false),
        ],
        more,
    );
    // Rows that only their User-Agent tells apart.
    let key = |r: &ViolationRow| {
        (
            Arc::clone(&r.host),
            Arc::clone(&r.crawler),
            Arc::clone(&r.rule),
            r.robots_version,
            r.evidence,
            r.verification,
        )
    };
    let mut seen = BTreeMap::new();
    for TopRow { row, .. } in &v.delays {
        *seen.entry(key(row)).or_insert(0u32) += 1;
    }
    for TopRow { row: r, .. } in &v.delays {
        h.raw("<tr>");
        h.td_text(&*r.host);
        if seen.get(&key(r)).is_some_and(|&n| n > 1) {
            h.raw("<td>");
            h.text(&*r.crawler);
            h.raw("<br><code class=\"ua\">");
            h.text(&*r.user_agent);
            h.raw("</code></td>");
        } else {
            h.td_text(&*r.crawler);
        }
        h.td_code(&*r.rule);
        h.td_opt_time(r.robots_version, "undated");
        h.raw("<td>");
        h.raw(r.evidence);
        h.raw("</td>");
        h.td_num(r.requests);
        for ms in [r.min_interval_ms, r.median_interval_ms] {
            match ms {
                Some(ms) => h.fmt(format_args!("<td class=\"n\">{}</td>", seconds(ms))),
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

pub(super) fn spoofed_table(h: &mut Html, page: &Page<'_>, limits: &Limits) {
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
        more,
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
    table_end(
        h,
        more,
        "(address, crawler) rows",
        "the spoofed CSV (--spoofed)",
    );
}

/// The hosts table's order, the most crawler requests first (the not-judged list's too).
pub(super) fn host_order(a: &HostRow, b: &HostRow) -> std::cmp::Ordering {
    (b.crawler_requests, b.requests)
        .cmp(&(a.crawler_requests, a.requests))
        .then((&a.host, &a.robots_url).cmp(&(&b.host, &b.robots_url)))
}

pub(super) fn hosts_table(h: &mut Html, page: &Page<'_>, limits: &Limits) {
    if page.hosts.is_empty() {
        return empty_section(h, "hosts", "Hosts", "No hosts.");
    }
    let (rows, more) = top(page.hosts.iter().collect(), limits.hosts, |a, b| {
        host_order(a, b)
    });
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
        more,
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

pub(super) fn inputs_table(h: &mut Html, page: &Page<'_>, limits: &Limits) {
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
        more,
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
