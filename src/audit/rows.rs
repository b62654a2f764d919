//! Violations rows, from the workers' maps to the writer without a second copy.
//!
//! A long-tail log makes one row per URL (hundreds of thousands for a crawler that ignores
//! `Disallow: /`). Each worker sorts its own rows into report order when it finishes, in
//! parallel and in the memory it already holds ([`SortedRows`]); the writer then takes them
//! through a streaming merge ([`ViolationRows`]) that joins the rows two workers share and
//! slots in the Crawl-delay rows. No map of every row and no vector of finished rows is ever
//! built.
//!
//! Rows are keyed by what the report shows (host, crawler, path, user agent, verification):
//! two paths that print the same (a raw byte and its `%XX`, which robots.txt matching treats
//! as one URL anyway) are one row.

use std::cmp::Ordering;
use std::iter::Peekable;
use std::sync::Arc;

use foldhash::HashMap;

use crate::crawlers::VerifyResult;
use crate::report::{Kind, ViolationRow, cell_text};

use super::worker::{RowAgg, RowKey, Tables};

/// One worker's violations rows, in report order.
pub(super) struct SortedRows {
    heads: Vec<RowHead>,
    rows: Vec<PathRow>,
}

/// What the rows of one worker-local (origin, user agent, verification) key share.
struct RowHead {
    host: Arc<str>,
    crawler: Arc<str>,
    user_agent: Arc<str>,
    verification: VerifyResult,
    /// Rank of (host, crawler) among this worker's heads, equal for equal texts.
    host_crawler: u32,
    /// Rank of (user agent, verification) among this worker's heads.
    agent: u32,
}

struct PathRow {
    /// Index in [`SortedRows::heads`].
    head: u32,
    /// The path as the report prints it.
    path: Box<str>,
    agg: RowAgg,
}

impl SortedRows {
    /// Sorts a worker's rows, consuming its maps (each is freed as soon as it is emptied).
    pub fn new(tables: &Tables, rows: HashMap<RowKey, HashMap<Box<[u8]>, RowAgg>>) -> SortedRows {
        let mut heads = Vec::with_capacity(rows.len());
        let mut out = Vec::with_capacity(rows.values().map(HashMap::len).sum());
        for ((origin, ua, verification), paths) in rows {
            let head = heads.len() as u32;
            heads.push(RowHead {
                host: tables.origins[origin as usize].display.as_str().into(),
                crawler: tables.crawler_name(origin, ua).into(),
                user_agent: tables.uas[ua as usize].text.as_str().into(),
                verification,
                host_crawler: 0,
                agent: 0,
            });
            out.extend(paths.into_iter().map(|(path, agg)| PathRow {
                head,
                path: path_text(path),
                agg,
            }));
        }
        SortedRows::sorted(heads, out)
    }

    /// Sorts rows into report order (host, crawler, path, user agent, verification) by the
    /// heads' ranks; the order is total up to rows that print the same, which the merge joins.
    fn sorted(mut heads: Vec<RowHead>, mut rows: Vec<PathRow>) -> SortedRows {
        rank(
            &mut heads,
            |a, b| (&a.host, &a.crawler).cmp(&(&b.host, &b.crawler)),
            |h, r| h.host_crawler = r,
        );
        rank(
            &mut heads,
            |a, b| {
                (&a.user_agent, a.verification.as_str())
                    .cmp(&(&b.user_agent, b.verification.as_str()))
            },
            |h, r| h.agent = r,
        );
        rows.sort_unstable_by(|a, b| {
            let (ha, hb) = (&heads[a.head as usize], &heads[b.head as usize]);
            (ha.host_crawler, &a.path, ha.agent).cmp(&(hb.host_crawler, &b.path, hb.agent))
        });
        SortedRows { heads, rows }
    }
}

/// The path of a row as its cell prints it; a valid UTF-8 path keeps its allocation.
fn path_text(path: Box<[u8]>) -> Box<str> {
    match String::from_utf8(path.into_vec()) {
        Ok(text) => text.into_boxed_str(),
        Err(e) => cell_text(e.as_bytes()).into_boxed_str(),
    }
}

/// Gives each head its rank in the order `cmp` (heads that compare equal, equal ranks).
fn rank(
    heads: &mut [RowHead],
    cmp: impl Fn(&RowHead, &RowHead) -> Ordering,
    set: impl Fn(&mut RowHead, u32),
) {
    let mut order: Vec<usize> = (0..heads.len()).collect();
    order.sort_by(|&a, &b| cmp(&heads[a], &heads[b]));
    let mut ranks = vec![0; heads.len()];
    let mut r = 0;
    for (i, pair) in order.windows(2).enumerate() {
        if cmp(&heads[pair[0]], &heads[pair[1]]).is_ne() {
            r += 1;
        }
        ranks[order[i + 1]] = r;
    }
    for (h, r) in heads.iter_mut().zip(ranks) {
        set(h, r);
    }
}

/// The order of the violations report: host, kind, crawler, path, then user agent and
/// verification, so that it is total.
pub(super) fn report_order(a: &ViolationRow, b: &ViolationRow) -> Ordering {
    (
        &a.host,
        a.kind,
        &a.crawler,
        &a.path,
        &a.user_agent,
        a.verification,
    )
        .cmp(&(
            &b.host,
            b.kind,
            &b.crawler,
            &b.path,
            &b.user_agent,
            b.verification,
        ))
}

/// One worker's sorted rows, as the merge reads them.
struct Source {
    heads: Vec<RowHead>,
    rows: std::vec::IntoIter<PathRow>,
}

impl Source {
    /// The report key of the next row: (host, crawler, path, user agent, verification).
    fn peek_key(&self) -> Option<(&str, &str, &str, &str, &'static str)> {
        let row = self.rows.as_slice().first()?;
        let h = &self.heads[row.head as usize];
        Some((
            &h.host,
            &h.crawler,
            &row.path,
            &h.user_agent,
            h.verification.as_str(),
        ))
    }
}

/// The violations report's rows in report order, made one at a time from the workers' sorted
/// rows and the Crawl-delay rows.
pub(super) struct ViolationRows {
    sources: Vec<Source>,
    delays: Peekable<std::vec::IntoIter<ViolationRow>>,
    /// The next disallowed row, held while a Crawl-delay row sorts before it.
    pending: Option<ViolationRow>,
}

impl ViolationRows {
    /// `delays` must be in [`report_order`].
    pub fn new(workers: Vec<SortedRows>, delays: Vec<ViolationRow>) -> ViolationRows {
        ViolationRows {
            sources: workers
                .into_iter()
                .map(|w| Source {
                    heads: w.heads,
                    rows: w.rows.into_iter(),
                })
                .collect(),
            delays: delays.into_iter().peekable(),
            pending: None,
        }
    }

    /// The next disallowed row: the least among the sources' next rows, joined with every
    /// row that prints the same.
    fn next_disallowed(&mut self) -> Option<ViolationRow> {
        let least = (0..self.sources.len())
            .filter_map(|i| Some((self.sources[i].peek_key()?, i)))
            .min()?
            .1;
        let source = &mut self.sources[least];
        let row = source.rows.next().expect("peeked");
        let head = &source.heads[row.head as usize];
        let (host, crawler, user_agent, verification) = (
            head.host.clone(),
            head.crawler.clone(),
            head.user_agent.clone(),
            head.verification.as_str(),
        );
        let mut agg = row.agg;
        for s in &mut self.sources {
            while s.peek_key() == Some((&host, &crawler, &row.path, &user_agent, verification)) {
                agg.merge(s.rows.next().expect("peeked").agg);
            }
        }
        Some(ViolationRow {
            host,
            kind: Kind::Disallowed,
            crawler,
            user_agent,
            group: agg.rule.group.clone(),
            path: row.path.into_string(),
            rule: agg.rule.text.clone(),
            rule_line: agg.rule.line,
            requests: agg.requests,
            first_seen_ms: agg.first_ms,
            last_seen_ms: agg.last_ms,
            verification,
            client_ips: agg.hits.clients.len() as u64,
            sample_ip: cell_text(&agg.hits.sample.1),
            status_codes: agg.hits.statuses.into_vec(),
            min_interval_ms: None,
            median_interval_ms: None,
        })
    }
}

impl Iterator for ViolationRows {
    type Item = ViolationRow;

    fn next(&mut self) -> Option<ViolationRow> {
        if self.pending.is_none() {
            self.pending = self.next_disallowed();
        }
        match (&self.pending, self.delays.peek()) {
            (Some(p), Some(d)) if report_order(d, p).is_lt() => self.delays.next(),
            (Some(_), _) => self.pending.take(),
            (None, _) => self.delays.next(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::worker::RowRule;
    use super::*;

    fn rule(line: u32) -> Arc<RowRule> {
        Arc::new(RowRule {
            line,
            text: format!("Disallow: /r{line}").into(),
            group: "*".into(),
        })
    }

    /// A row's aggregate from its requests: (time, client, status).
    fn agg(rule_line: u32, hits: &[(i64, &str, u16)]) -> RowAgg {
        let mut a = RowAgg::new(rule(rule_line), hits[0].0, hits[0].1.as_bytes());
        for &(t, client, status) in hits {
            a.add(t, client.as_bytes(), client.parse().ok(), status);
        }
        a
    }

    fn head(host: &str, crawler: &str) -> RowHead {
        RowHead {
            host: host.into(),
            crawler: crawler.into(),
            user_agent: format!("{crawler}/1.0").into(),
            verification: VerifyResult::Unverifiable,
            host_crawler: 0,
            agent: 0,
        }
    }

    /// One worker's rows: (head index, raw path, aggregate).
    fn worker(heads: Vec<RowHead>, rows: Vec<(u32, &[u8], RowAgg)>) -> SortedRows {
        let rows = rows
            .into_iter()
            .map(|(head, path, agg)| PathRow {
                head,
                path: path_text(path.into()),
                agg,
            })
            .collect();
        SortedRows::sorted(heads, rows)
    }

    fn delay_row(host: &str) -> ViolationRow {
        ViolationRow {
            host: host.into(),
            kind: Kind::CrawlDelay,
            crawler: "bingbot".into(),
            user_agent: "bingbot/2.0".into(),
            group: "bingbot".into(),
            path: String::new(),
            rule: "Crawl-delay: 10".into(),
            rule_line: 2,
            requests: 4,
            first_seen_ms: 0,
            last_seen_ms: 9_000,
            verification: "verified",
            client_ips: 1,
            sample_ip: "192.0.2.9".into(),
            status_codes: vec![(200, 4)],
            min_interval_ms: Some(1_000),
            median_interval_ms: Some(3_000),
        }
    }

    fn keys(rows: &[ViolationRow]) -> Vec<(&str, Kind, &str, &str)> {
        rows.iter()
            .map(|r| (&*r.host, r.kind, &*r.crawler, r.path.as_str()))
            .collect()
    }

    #[test]
    fn rows_stream_in_report_order_and_rows_two_workers_share_are_joined() {
        let a = worker(
            vec![head("b.example", "GPTBot"), head("a.example", "GPTBot")],
            vec![
                (0, b"/z", agg(3, &[(1_000, "192.0.2.1", 200)])),
                (1, b"/y", agg(3, &[(1_000, "192.0.2.1", 200)])),
                (0, b"/a", agg(3, &[(5_000, "192.0.2.2", 200)])),
            ],
        );
        let b = worker(
            vec![head("b.example", "GPTBot")],
            vec![(
                0,
                b"/a",
                agg(3, &[(2_000, "192.0.2.1", 403), (3_000, "192.0.2.2", 200)]),
            )],
        );
        let rows: Vec<ViolationRow> =
            ViolationRows::new(vec![a, b], vec![delay_row("a.example")]).collect();
        assert_eq!(
            keys(&rows),
            [
                ("a.example", Kind::CrawlDelay, "bingbot", ""),
                ("a.example", Kind::Disallowed, "GPTBot", "/y"),
                ("b.example", Kind::Disallowed, "GPTBot", "/a"),
                ("b.example", Kind::Disallowed, "GPTBot", "/z"),
            ]
        );
        let joined = &rows[2];
        assert_eq!(joined.requests, 3);
        assert_eq!((joined.first_seen_ms, joined.last_seen_ms), (2_000, 5_000));
        assert_eq!(joined.client_ips, 2, "192.0.2.2 came to both workers");
        assert_eq!(
            joined.sample_ip, "192.0.2.1",
            "the client of the earliest request"
        );
        assert_eq!(joined.status_codes, [(200, 2), (403, 1)]);
        assert_eq!((joined.rule_line, &*joined.rule), (3, "Disallow: /r3"));
    }

    #[test]
    fn rows_that_print_the_same_are_one_row() {
        // A raw byte and its %XX print the same; so do two origins with one display name.
        let w = worker(
            vec![head("a.example", "GPTBot"), head("a.example", "GPTBot")],
            vec![
                (0, b"/caf\xe9", agg(3, &[(1_000, "192.0.2.1", 200)])),
                (0, b"/caf%E9", agg(3, &[(2_000, "192.0.2.2", 200)])),
                (1, b"/caf%E9", agg(3, &[(3_000, "192.0.2.3", 200)])),
            ],
        );
        let rows: Vec<ViolationRow> = ViolationRows::new(vec![w], Vec::new()).collect();
        assert_eq!(
            keys(&rows),
            [("a.example", Kind::Disallowed, "GPTBot", "/caf%E9")]
        );
        assert_eq!((rows[0].requests, rows[0].client_ips), (3, 3));
    }

    #[test]
    fn a_joined_row_names_the_lesser_rule_whatever_the_merge_order() {
        let make = |line| {
            worker(
                vec![head("a.example", "GPTBot")],
                vec![(0, b"/p", agg(line, &[(1_000, "192.0.2.1", 200)]))],
            )
        };
        for workers in [vec![make(7), make(3)], vec![make(3), make(7)]] {
            let rows: Vec<ViolationRow> = ViolationRows::new(workers, Vec::new()).collect();
            assert_eq!(rows.len(), 1);
            assert_eq!((rows[0].rule_line, rows[0].requests), (3, 2));
        }
    }

    #[test]
    fn nothing_to_report_streams_only_the_crawl_delay_rows() {
        let rows: Vec<ViolationRow> =
            ViolationRows::new(vec![worker(Vec::new(), Vec::new())], vec![delay_row("h")])
                .collect();
        assert_eq!(keys(&rows), [("h", Kind::CrawlDelay, "bingbot", "")]);
        assert_eq!(ViolationRows::new(Vec::new(), Vec::new()).count(), 0);
    }
}
