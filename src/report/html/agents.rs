//! The page's "AI agents" section: the AI crawlers seen and what they are for (training, AI
//! search, assistant, agent: their registry category), with their requests, violations and
//! usage preference conflicts per crawler; then the top rows of the preferences report.
//!
//! [`ConflictDigest`] takes the preferences report's rows one at a time as they stream to
//! their writer, keeping only the table's top rows and the totals, so the page's size does
//! not grow with the report.

use std::collections::BTreeMap;

use super::digest::TopRows;
use super::escape::{Html, grouped};
use super::tables::{Col, CrawlerTally, crawler_tally, empty_section, table_end, table_start, top};
use super::{Limits, Page};
use crate::report::PreferenceRow;

/// What the page shows of the preferences report (usage preference conflicts), gathered
/// from its rows as they stream by ([`ConflictDigest::add`], rows in report order): the
/// rows and requests, and the rows with the most requests.
#[derive(Debug)]
pub struct ConflictDigest {
    rows: u64,
    requests: u64,
    top: TopRows<PreferenceRow>,
}

impl ConflictDigest {
    /// A digest keeping the top `limits.conflicts` rows.
    pub fn new(limits: Limits) -> ConflictDigest {
        ConflictDigest {
            rows: 0,
            requests: 0,
            top: TopRows::new(limits.conflicts),
        }
    }

    /// Takes the next row of the preferences report.
    pub fn add(&mut self, row: &PreferenceRow) {
        let seq = self.rows;
        self.rows += 1;
        self.requests += row.requests;
        self.top.offer(row.requests, seq, || row.clone());
    }

    /// Rows taken (the report's row count).
    pub fn rows(&self) -> u64 {
        self.rows
    }

    /// Requests over all rows.
    pub fn requests(&self) -> u64 {
        self.requests
    }
}

/// What an AI crawler's category says it fetches for, in the page's words; None for a
/// crawler that is not an AI agent.
fn purpose(category: &str) -> Option<&'static str> {
    match category {
        "ai-training" => Some("training"),
        "ai-search" => Some("AI search"),
        "ai-assistant" => Some("assistant"),
        "ai-agent" => Some("agent"),
        _ => None,
    }
}

/// The purposes in the order the page lists them.
const PURPOSES: [&str; 4] = ["training", "AI search", "assistant", "agent"];

/// The "AI agents" section (AI crawlers by purpose), then the conflicts table.
pub(super) fn agents_section(h: &mut Html, page: &Page<'_>, limits: &Limits) {
    // The AI crawlers of the summary, with what they fetch for.
    let tally: BTreeMap<&str, (&str, CrawlerTally<'_>)> = crawler_tally(page.summary)
        .into_iter()
        .filter_map(|(name, t)| Some((name, (purpose(t.category)?, t))))
        .collect();
    if tally.is_empty() {
        empty_section(
            h,
            "agents",
            "AI agents",
            "No AI crawler, assistant or agent made a request.",
        );
    } else {
        // Our own words and numbers only: the section's explanation.
        let mut about = String::from(
            "Every AI crawler seen, the busiest first, by what its operator says it fetches \
             for: training models, an AI search index, a person's question to an assistant, \
             or an agent acting for a person. Not judged: robots.txt does not bind it (a \
             fetcher a person asked for) or its hosts' files could not be had, whatever a \
             group says of it. Conflicts: requests robots.txt allowed (or does \
             not bind, for fetchers a person asked for) whose use the site said no to. \
             Requests by purpose:",
        );
        for (i, p) in PURPOSES.into_iter().enumerate() {
            let (crawlers, requests) = tally
                .values()
                .filter(|(purpose, _)| *purpose == p)
                .fold((0u64, 0u64), |(c, r), (_, t)| (c + 1, r + t.requests));
            about.push_str(if i == 0 { " " } else { "; " });
            about.push_str(&format!(
                "<b>{p}</b> {} ({} crawler{})",
                grouped(requests),
                grouped(crawlers),
                if crawlers == 1 { "" } else { "s" }
            ));
        }
        about.push('.');
        let (rows, more) = top(tally.into_iter().collect(), limits.agents, |a, b| {
            (b.1.1.requests, a.0).cmp(&(a.1.1.requests, b.0))
        });
        table_start(
            h,
            "agents",
            "AI agents",
            &about,
            &[
                Col("crawler", false),
                Col("operator", false),
                Col("purpose", false),
                Col("requests", true),
                Col("disallowed", true),
                Col("conflicts", true),
                Col("verified", true),
                Col("spoofed", true),
                Col("hosts", true),
            ],
            more,
        );
        for (name, (purpose, t)) in rows {
            h.raw("<tr>");
            h.td_text(name);
            h.td_text(t.operator);
            h.td_text(purpose);
            h.td_num(t.requests);
            h.td_verdicts(t.violations, t.checked > 0 || t.violations > 0);
            for n in [t.conflicts, t.verified, t.spoofed, t.hosts] {
                h.td_num(n);
            }
            h.raw("</tr>\n");
        }
        table_end(h, more, "crawlers", "the summary CSV");
    }
    conflicts_table(h, page.conflicts);
}

/// The top rows of the preferences report.
fn conflicts_table(h: &mut Html, c: &ConflictDigest) {
    let title = "Usage preference conflicts";
    if c.rows == 0 {
        return empty_section(
            h,
            "conflicts",
            title,
            "No request went against a usage preference (Content-Signal, Content-Usage) in \
             force for it.",
        );
    }
    let rows = c.top.sorted();
    let more = (c.rows as usize).saturating_sub(rows.len());
    let about = format!(
        "{} request{} in {} row{} fetched a page whose robots.txt, in every version the \
         crawler may have held, said no to the use the crawler's category stands for: \
         training (ai-train), answering with AI now (ai-input) or a search index (search). \
         The most requested first. A conflict shows the fetch, not what was done with the \
         page.",
        grouped(c.requests),
        if c.requests == 1 { "" } else { "s" },
        grouped(c.rows),
        if c.rows == 1 { "" } else { "s" },
    );
    table_start(
        h,
        "conflicts",
        title,
        &about,
        &[
            Col("host", false),
            Col("crawler", false),
            Col("key", false),
            Col("path", false),
            Col("line", true),
            Col("preference", false),
            Col("version", false),
            Col("evidence", false),
            Col("requests", true),
            Col("verification", false),
            Col("first (UTC)", false),
            Col("last (UTC)", false),
        ],
        more,
    );
    for r in rows {
        let r = &r.row;
        h.raw("<tr>");
        h.td_text(&*r.host);
        h.td_text(&*r.crawler);
        h.td_text(r.key);
        h.td_code(r.path.as_bytes());
        h.td_num(u64::from(r.rule_line));
        h.td_code(&*r.rule);
        h.td_opt_time(r.robots_version, "undated");
        h.td_text(r.evidence);
        h.td_num(r.requests);
        h.td_text(r.verification);
        h.td_time(r.first_seen_ms);
        h.td_time(r.last_seen_ms);
        h.raw("</tr>\n");
    }
    table_end(h, more, "rows", "the preferences CSV");
}
