//! Merging: the workers' aggregates, keyed by worker-local indices, become one data set keyed
//! by what the reports show (host, crawler, user agent, path), and then sorted report rows
//! (the violations rows stream from the workers' sorted rows: [`super::rows`]).
//!
//! Everything that reaches a report is ordered by its key here, never by arrival, so the same
//! input gives byte-identical reports however the blocks were scheduled.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use foldhash::HashMap;

use crate::crawlers::VerifyResult;
use crate::fetch::{Origin, Outcome, RobotsStore};
use crate::report::{HostRow, Kind, SpoofedRow, SummaryRow, ViolationRow, cell_text};
use crate::robots::{Dialect, RobotsTxt};

use super::rows::{SortedRows, ViolationRows, report_order};
use super::worker::{Aggregates, CrawlerInfo, DelayAgg, InputCounts, PairAgg, Tables};

type UaKey = (String, String, String, VerifyResult); // host, crawler, user agent, verification

/// One host's traffic.
#[derive(Default)]
pub(super) struct HostAgg {
    pub origin: Option<Origin>,
    pub invalid: Option<String>,
    pub requests: u64,
    pub crawler_requests: u64,
}

/// The whole run's aggregates.
#[derive(Default)]
pub(super) struct Merged {
    pub inputs: Vec<InputCounts>,
    pub hosts: BTreeMap<String, HostAgg>,
    pub pairs: BTreeMap<(String, String), (CrawlerInfo, PairAgg)>,
    /// Each worker's violations rows, sorted.
    rows: Vec<SortedRows>,
    delays: HashMap<UaKey, DelayAgg>,
    /// (client, crawler) → the spoofed traffic's aggregate.
    spoofed: BTreeMap<(String, String), Spoofed>,
}

/// Merged [`super::worker::SpoofAgg`], with names instead of indices.
struct Spoofed {
    requests: u64,
    first_ms: i64,
    last_ms: i64,
    hosts: BTreeSet<String>,
    sample_ua: (i64, String),
}

impl Merged {
    /// Adds one worker's results.
    pub fn add(&mut self, tables: Tables, aggs: Aggregates, rows: SortedRows) {
        if self.inputs.is_empty() {
            self.inputs = aggs.inputs;
        } else {
            for (mine, theirs) in self.inputs.iter_mut().zip(aggs.inputs) {
                mine.merge(theirs);
            }
        }
        for o in &tables.origins {
            let h = self.hosts.entry(o.display.clone()).or_default();
            h.requests += o.requests;
            h.crawler_requests += o.crawler_requests;
            match &o.origin {
                Ok(origin) => h.origin = Some(origin.clone()),
                Err(e) => h.invalid = Some(e.clone()),
            }
        }
        for ((origin, crawler), agg) in aggs.pairs {
            let key = (
                tables.origins[origin as usize].display.clone(),
                tables.crawlers[crawler as usize].name.clone(),
            );
            match self.pairs.get_mut(&key) {
                Some((_, mine)) => merge_pair(mine, agg),
                None => {
                    self.pairs
                        .insert(key, (tables.crawlers[crawler as usize].clone(), agg));
                }
            }
        }
        self.rows.push(rows);
        for (crawler, clients) in aggs.spoofed {
            let name = &tables.crawlers[crawler as usize].name;
            for (client, agg) in clients {
                let hosts = agg
                    .origins
                    .iter()
                    .map(|o| tables.origins[*o as usize].display.clone());
                let ua = (
                    agg.sample_ua.0,
                    tables.uas[agg.sample_ua.1 as usize].text.clone(),
                );
                let key = (cell_text(&client), name.clone());
                match self.spoofed.get_mut(&key) {
                    Some(m) => {
                        m.requests += agg.requests;
                        m.first_ms = m.first_ms.min(agg.first_ms);
                        m.last_ms = m.last_ms.max(agg.last_ms);
                        m.hosts.extend(hosts);
                        m.sample_ua = m.sample_ua.clone().min(ua);
                    }
                    None => {
                        self.spoofed.insert(
                            key,
                            Spoofed {
                                requests: agg.requests,
                                first_ms: agg.first_ms,
                                last_ms: agg.last_ms,
                                hosts: hosts.collect(),
                                sample_ua: ua,
                            },
                        );
                    }
                }
            }
        }
        for ((origin, ua, v), delay) in aggs.delays {
            let key = (
                tables.origins[origin as usize].display.clone(),
                tables.crawler_name(origin, ua).to_string(),
                tables.uas[ua as usize].text.clone(),
                v,
            );
            match self.delays.get_mut(&key) {
                Some(mine) => {
                    for (t, n) in delay.times {
                        *mine.times.entry(t).or_default() += n;
                    }
                    mine.resolution_ms = mine.resolution_ms.max(delay.resolution_ms);
                    mine.hits.merge(delay.hits);
                }
                None => {
                    self.delays.insert(key, delay);
                }
            }
        }
    }

    /// The violations report rows, in [`report_order`], made as they are read: by host, kind,
    /// crawler, path (then user agent and verification, so that the order is total).
    pub fn violation_rows(&mut self) -> ViolationRows {
        let mut delays = Vec::new();
        for ((host, crawler, ua, v), delay) in std::mem::take(&mut self.delays) {
            if let Some(row) = crawl_delay_row(host.into(), crawler.into(), ua.into(), v, delay) {
                delays.push(row);
            }
        }
        delays.sort_unstable_by(report_order);
        ViolationRows::new(std::mem::take(&mut self.rows), delays)
    }

    /// The spoofed-traffic rows, sorted by client address then crawler: a block list.
    pub fn spoofed_rows(&self) -> Vec<SpoofedRow> {
        self.spoofed
            .iter()
            .map(|((ip, crawler), s)| SpoofedRow {
                client_ip: ip.clone(),
                crawler: crawler.clone(),
                requests: s.requests,
                hosts: s.hosts.iter().cloned().collect::<Vec<_>>().join(" "),
                first_seen_ms: s.first_ms,
                last_seen_ms: s.last_ms,
                user_agent: s.sample_ua.1.clone(),
            })
            .collect()
    }

    /// The summary rows, sorted by host then crawler.
    pub fn summary_rows(&self) -> Vec<SummaryRow> {
        self.pairs
            .iter()
            .map(|((host, crawler), (info, p))| SummaryRow {
                host: host.clone(),
                crawler: crawler.clone(),
                operator: info.operator.clone(),
                category: info.category.clone(),
                requests: p.requests,
                checked: p.checked,
                allowed: p.allowed,
                violations: p.violations,
                robots_fetches: p.robots_fetches,
                robots_first: p
                    .first_robots_ms
                    .map(|r| p.first_other_ms.is_none_or(|o| r <= o)),
                robots_statuses: p.robots_statuses.iter().map(|(s, n)| (*s, *n)).collect(),
                first_seen_ms: p.first_ms,
                last_seen_ms: p.last_ms,
                verified: p.verified,
                spoofed: p.spoofed,
                unverifiable: p.unverifiable,
                group: p
                    .groups
                    .iter()
                    .filter(|g| !g.is_empty())
                    .cloned()
                    .collect::<Vec<_>>()
                    .join("; "),
            })
            .collect()
    }

    /// The hosts rows, sorted by host.
    pub fn host_rows(&self, store: &RobotsStore) -> Vec<HostRow> {
        let entries: BTreeMap<Origin, _> = store.entries().into_iter().collect();
        self.hosts
            .iter()
            .map(|(host, agg)| {
                let entry = agg.origin.as_ref().and_then(|o| entries.get(o));
                let robots_url = agg
                    .origin
                    .as_ref()
                    .map(Origin::robots_url)
                    .unwrap_or_default();
                match (entry, &agg.invalid) {
                    (Some(e), _) => HostRow {
                        host: host.clone(),
                        robots_url,
                        obtained: e.obtained.as_str().to_string(),
                        outcome: e.outcome.as_str().to_string(),
                        status: e.status,
                        bytes: e.bytes,
                        truncated: e.truncated,
                        groups: e
                            .body
                            .as_ref()
                            .filter(|_| matches!(e.outcome, Outcome::Rules))
                            .map_or(0, |b| {
                                RobotsTxt::parse(b, Dialect::Google).groups().count() as u64
                            }),
                        requests: agg.requests,
                        crawler_requests: agg.crawler_requests,
                        judged: matches!(e.outcome, Outcome::Rules | Outcome::AllowAll),
                        reason: e.reason.clone().unwrap_or_default(),
                    },
                    (None, invalid) => HostRow {
                        host: host.clone(),
                        robots_url,
                        obtained: "none".to_string(),
                        outcome: "not-fetched".to_string(),
                        status: None,
                        bytes: 0,
                        truncated: false,
                        groups: 0,
                        requests: agg.requests,
                        crawler_requests: agg.crawler_requests,
                        judged: false,
                        reason: match invalid {
                            Some(e) => format!("invalid host: {e}"),
                            None => "no crawler requests".to_string(),
                        },
                    },
                }
            })
            .collect()
    }

    /// Hosts whose crawler traffic was not judged, with the reason.
    pub fn not_judged(&self, store: &RobotsStore) -> Vec<(String, u64, String)> {
        self.host_rows(store)
            .into_iter()
            .filter(|h| !h.judged && h.crawler_requests > 0)
            .map(|h| (h.host, h.crawler_requests, h.reason))
            .collect()
    }
}

fn merge_pair(mine: &mut PairAgg, other: PairAgg) {
    mine.requests += other.requests;
    mine.checked += other.checked;
    mine.allowed += other.allowed;
    mine.violations += other.violations;
    mine.not_judged += other.not_judged;
    mine.robots_fetches += other.robots_fetches;
    for (s, n) in other.robots_statuses {
        *mine.robots_statuses.entry(s).or_default() += n;
    }
    mine.first_ms = mine.first_ms.min(other.first_ms);
    mine.last_ms = mine.last_ms.max(other.last_ms);
    mine.first_robots_ms = min_opt(mine.first_robots_ms, other.first_robots_ms);
    mine.first_other_ms = min_opt(mine.first_other_ms, other.first_other_ms);
    mine.verified += other.verified;
    mine.spoofed += other.spoofed;
    mine.unverifiable += other.unverifiable;
    mine.groups.extend(other.groups);
}

fn min_opt(a: Option<i64>, b: Option<i64>) -> Option<i64> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, None) => a,
        (None, b) => b,
    }
}

/// Crawl-delay: requests whose distance from the previous one is certainly shorter than the
/// group's delay. Log times are coarse (`[…:13:55:36 -0700]` is to the second), so an
/// observed interval `i` at resolution `r` only proves a breach when `i + r <= delay`: the
/// report never accuses a crawler that may have waited long enough.
fn crawl_delay_row(
    host: Arc<str>,
    crawler: Arc<str>,
    ua: Arc<str>,
    v: VerifyResult,
    d: DelayAgg,
) -> Option<ViolationRow> {
    let total: u64 = d.times.values().sum();
    if total < 2 {
        return None;
    }
    let delay = d.delay_ms as i64;
    let proves = |interval: i64| interval + d.resolution_ms <= delay;
    // Intervals between consecutive requests, as (length, how many): requests logged at the
    // same time are zero apart; distinct times are apart by their difference.
    let mut intervals: Vec<(i64, u64)> = Vec::with_capacity(d.times.len());
    let zeros: u64 = d.times.values().map(|n| n - 1).sum();
    if zeros > 0 {
        intervals.push((0, zeros));
    }
    // The early requests, as (time, how many).
    let mut early: Vec<(i64, u64)> = Vec::new();
    let mut previous: Option<i64> = None;
    for (&t, &n) in &d.times {
        if let Some(p) = previous {
            intervals.push((t - p, 1));
            if proves(t - p) {
                early.push((t, 1));
            }
        }
        if n > 1 && proves(0) {
            early.push((t, n - 1));
        }
        previous = Some(t);
    }
    let early_count: u64 = early.iter().map(|e| e.1).sum();
    if early_count == 0 {
        return None;
    }
    intervals.sort_unstable();
    let median = {
        let middle = (total - 1) / 2;
        let mut seen = 0;
        intervals
            .iter()
            .find(|(_, n)| {
                seen += n;
                seen > middle
            })
            .map_or(0, |(len, _)| *len)
    };
    let first_early = early.iter().map(|e| e.0).min().unwrap_or_default();
    let last_early = early.iter().map(|e| e.0).max().unwrap_or_default();
    Some(ViolationRow {
        host,
        kind: Kind::CrawlDelay,
        crawler,
        user_agent: ua,
        group: d.group,
        path: String::new(),
        rule: d.rule,
        rule_line: d.rule_line,
        requests: early_count,
        first_seen_ms: first_early,
        last_seen_ms: last_early,
        verification: v.as_str(),
        client_ips: d.hits.clients.len() as u64,
        sample_ip: cell_text(&d.hits.sample.1),
        status_codes: d.hits.statuses.into_vec(),
        min_interval_ms: Some(intervals[0].0),
        median_interval_ms: Some(median),
    })
}

#[cfg(test)]
mod tests {
    use super::super::tally::Hits;
    use super::*;
    use std::sync::Arc;

    fn delay(times: &[i64], delay_ms: u64, resolution_ms: i64) -> DelayAgg {
        DelayAgg {
            delay_ms,
            group: Arc::from("bingbot"),
            rule: Arc::from("Crawl-delay: 10"),
            rule_line: 4,
            times: times.iter().fold(BTreeMap::new(), |mut m, t| {
                *m.entry(*t).or_default() += 1;
                m
            }),
            resolution_ms,
            hits: {
                let client = b"192.0.2.1";
                let first = times.iter().copied().min().unwrap_or_default();
                let mut hits = Hits::new(first, client);
                for &t in times {
                    hits.add(t, client, Some([192, 0, 2, 1].into()), 200);
                }
                hits
            },
        }
    }

    fn row(times: &[i64], delay_ms: u64, resolution_ms: i64) -> Option<ViolationRow> {
        crawl_delay_row(
            "h".into(),
            "bingbot".into(),
            "ua".into(),
            VerifyResult::Unverifiable,
            delay(times, delay_ms, resolution_ms),
        )
    }

    #[test]
    fn crawl_delay_counts_only_certain_breaches_out_of_order_input() {
        // Times arrive unsorted (two files, two workers); delay 10 s, second resolution.
        let r = row(&[30_000, 0, 9_000, 20_000, 21_000], 10_000, 1000).expect("a breach");
        // Sorted: 0, 9000, 20000, 21000, 30000 → intervals 9, 11, 1, 9 s.
        // 9 + 1 <= 10 → early (twice), 1 + 1 <= 10 → early; 11 is fine.
        assert_eq!(r.requests, 3);
        assert_eq!(r.first_seen_ms, 9_000);
        assert_eq!(r.last_seen_ms, 30_000);
        assert_eq!(r.min_interval_ms, Some(1_000));
        assert_eq!(r.median_interval_ms, Some(9_000));
        assert_eq!(r.kind, Kind::CrawlDelay);
        assert_eq!(r.path, "");
    }

    #[test]
    fn requests_logged_in_the_same_second_are_zero_apart() {
        // Three requests in one second, one 20 s later: two zero intervals (early under a
        // 5 s delay at second resolution: 0 + 1 <= 5), one of 20 s (fine).
        let r = row(&[0, 0, 0, 20_000], 5_000, 1000).expect("a breach");
        assert_eq!(r.requests, 2);
        assert_eq!((r.first_seen_ms, r.last_seen_ms), (0, 0));
        assert_eq!(r.min_interval_ms, Some(0));
        assert_eq!(r.median_interval_ms, Some(0), "intervals 0, 0, 20 s");
        assert_eq!(r.client_ips, 1);
    }

    #[test]
    fn an_interval_that_may_have_been_long_enough_is_not_a_breach() {
        // 9.x s observed as 9 at second resolution could be 9.999 s: under a 9.5 s delay
        // that is not provably early.
        assert!(row(&[0, 9_000], 9_500, 1000).is_none());
        // At millisecond resolution 9 s is provably under 9.5 s.
        assert!(row(&[0, 9_000], 9_500, 1).is_some());
        // A single request has no interval.
        assert!(row(&[5], 10_000, 1).is_none());
    }
}
