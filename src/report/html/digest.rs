//! The page's view of the violations report, gathered in the single pass over its rows as
//! they stream to the CSV writer: totals, requests per host and per crawler, the rules broken
//! with their crawlers and evidence, the top crawl-delay rows, and (through `ranking`) the
//! most requested paths. [`ViolationDigest`] takes the rows; [`Digest`] is what it gives the
//! charts and tables at the end.

use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};
use std::io;
use std::sync::Arc;

use super::Limits;
use super::ranking::{PathRanking, Ranked, RuleKey};
use crate::crawlers::Verification;
use crate::extsort::SortError;
use crate::report::{Kind, ReportError, ViolationRow};

/// What the page shows of the violations report, gathered from its rows one at a time as
/// they stream to the CSV writer ([`ViolationDigest::add`], rows in report order): totals,
/// requests per host and per crawler, the rules broken, the top crawl-delay rows and the most
/// requested paths. Its memory does not grow with the rows: the tallies are per host, crawler
/// or rule (already in memory as the summary and the robots.txt files), the tables keep only
/// their top rows, and the paths, which a long-tail log has one per row, are added up one host
/// at a time and sorted in temporary files past a budget (see `ranking`).
pub struct ViolationDigest {
    limits: Limits,
    /// Rows taken (the report's row count).
    rows: u64,
    disallowed: u64,
    delayed: u64,
    /// Requests per host, [disallowed, crawl-delay].
    per_host: BTreeMap<Arc<str>, [u64; 2]>,
    /// Requests per crawler, [disallowed, crawl-delay, either from addresses marked spoofed].
    per_crawler: BTreeMap<Arc<str>, [u64; 3]>,
    rules: BTreeMap<RuleKey, RuleTally>,
    /// The rule of the latest disallowed rows and their tally, not yet in `rules`.
    rule: Option<(RuleKey, RuleTally)>,
    /// The crawl-delay rows with the most requests.
    delays: TopRows<ViolationRow>,
    delay_rows: u64,
    paths: PathRanking,
    /// The first failure to sort the paths on disk; the paths are dropped after it.
    error: Option<SortError>,
}

impl ViolationDigest {
    /// A digest for a page with `limits`, holding about `memory` bytes of one host's
    /// disallowed paths before it sorts them in temporary files.
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
            delays: TopRows::new(limits.delays),
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
        if row.verification == Verification::Spoofed.as_str() {
            bump(&mut self.per_crawler, &row.crawler, 2, row.requests);
        }
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
                self.delays.offer(row.requests, seq, || row.clone());
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
    pub(super) fn finish(mut self) -> Result<Digest, ReportError> {
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
fn bump<const N: usize>(map: &mut BTreeMap<Arc<str>, [u64; N]>, key: &Arc<str>, k: usize, n: u64) {
    match map.get_mut(&**key) {
        Some(v) => v[k] += n,
        None => map.entry(Arc::clone(key)).or_insert([0; N])[k] += n,
    }
}

/// The same text, by pointer first (rows share their texts).
fn same_text(a: &Arc<str>, b: &Arc<str>) -> bool {
    Arc::ptr_eq(a, b) || a == b
}

/// A failure to sort the page's paths on disk, saying so.
fn paths_error(e: SortError) -> io::Error {
    let kind = match &e {
        SortError::Write { source, .. } | SortError::CreateDir { source, .. } => source.kind(),
        _ => io::ErrorKind::Other,
    };
    io::Error::new(kind, format!("sorting the page's paths: {e}"))
}

/// A row among a table's top: most requests first, then report order (`seq`, the row's
/// number in its report).
#[derive(Debug)]
pub(super) struct TopRow<R> {
    requests: u64,
    seq: u64,
    pub(super) row: R,
}

impl<R> TopRow<R> {
    fn key(&self) -> (Reverse<u64>, u64) {
        (Reverse(self.requests), self.seq)
    }
}

impl<R> PartialEq for TopRow<R> {
    fn eq(&self, other: &TopRow<R>) -> bool {
        self.key() == other.key()
    }
}

impl<R> Eq for TopRow<R> {}

impl<R> Ord for TopRow<R> {
    fn cmp(&self, other: &TopRow<R>) -> std::cmp::Ordering {
        self.key().cmp(&other.key())
    }
}

impl<R> PartialOrd for TopRow<R> {
    fn partial_cmp(&self, other: &TopRow<R>) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// The `limit` rows with the most requests of a report read one at a time: a heap with the
/// least of them on top. What it keeps does not grow with the report.
#[derive(Debug)]
pub(super) struct TopRows<R> {
    limit: usize,
    heap: BinaryHeap<TopRow<R>>,
}

impl<R> TopRows<R> {
    pub(super) fn new(limit: usize) -> TopRows<R> {
        TopRows {
            limit,
            heap: BinaryHeap::new(),
        }
    }

    /// Offers the `seq`-th row of the report, with its requests; `row` makes it only if it is
    /// kept.
    pub(super) fn offer(&mut self, requests: u64, seq: u64, row: impl FnOnce() -> R) {
        let key = (Reverse(requests), seq);
        let full = self.heap.len() >= self.limit;
        if full && self.heap.peek().is_none_or(|least| key >= least.key()) {
            return;
        }
        if full {
            self.heap.pop();
        }
        self.heap.push(TopRow {
            requests,
            seq,
            row: row(),
        });
    }

    /// The rows kept, in table order.
    pub(super) fn sorted(&self) -> Vec<&TopRow<R>> {
        let mut rows: Vec<&TopRow<R>> = self.heap.iter().collect();
        rows.sort();
        rows
    }

    /// The rows kept, in table order.
    pub(super) fn into_sorted_vec(self) -> Vec<TopRow<R>> {
        self.heap.into_sorted_vec()
    }
}

/// A finished [`ViolationDigest`].
pub(super) struct Digest {
    pub(super) limits: Limits,
    pub(super) rows: u64,
    pub(super) disallowed: u64,
    pub(super) delayed: u64,
    pub(super) per_host: BTreeMap<Arc<str>, [u64; 2]>,
    /// [disallowed, crawl-delay, either from addresses marked spoofed].
    pub(super) per_crawler: BTreeMap<Arc<str>, [u64; 3]>,
    pub(super) rules: BTreeMap<RuleKey, RuleTally>,
    /// The top crawl-delay rows, in table order.
    pub(super) delays: Vec<TopRow<ViolationRow>>,
    pub(super) delay_rows: u64,
    pub(super) paths: Ranked,
}

/// Disallowed requests under one rule.
#[derive(Debug, Default)]
pub(super) struct RuleTally {
    pub(super) requests: u64,
    /// Distinct paths (from the path ranking).
    pub(super) paths: u64,
    pub(super) crawlers: BTreeMap<Arc<str>, u64>,
    /// Requests by evidence (`fetched`, `in-force`, `assumed`).
    pub(super) evidence: BTreeMap<&'static str, u64>,
}
