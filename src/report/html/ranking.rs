//! The page's "Paths" table: the (host, path)s with the most disallowed requests over all
//! crawlers, counted exactly, in bounded memory, from the violation rows as they stream by.
//!
//! Rows come in report order: by host, then kind, then crawler, then path. One path's requests
//! are therefore spread over the rows of every crawler of its host, and adding them up needs
//! all of the host's paths at once: a long-tail site has a path per request. So a host's
//! entries are kept in memory up to a budget, then sorted by path and written as a run to a
//! private temporary directory (`crate::extsort`, the same external sort as the audit's own
//! kept requests: framed and checked runs, removed on success, error and signal); at the end
//! of the host the runs are merged by path, in passes when there are more than the open-file
//! limit allows at once, and each path's total is offered to a top list of fixed length.
//! Memory holds the budget, a read buffer per open run and the top rows, whatever the number
//! of paths.
//!
//! The merge also counts, for the rules table, how many distinct paths each rule forbade.
//! The only order relied on is that a host's disallowed rows are contiguous.

use std::cmp::{Ordering, Reverse};
use std::collections::{BTreeMap, BinaryHeap};
use std::sync::Arc;

use foldhash::HashMap;

use crate::extsort::frame::Fields;
use crate::extsort::{
    Merge, OVERDRAFT, Run, RunReader, SortDir, SortError, Source, fan_in, read_buffer, reduce,
};
use crate::report::ViolationRow;

/// A rule as the rules table keys it: host, the version of robots.txt it is from, its line,
/// its text and its group.
pub type RuleKey = (Arc<str>, Option<i64>, u32, Arc<str>, Arc<str>);

/// A rule within one host (the host is the section's).
type HostRule = (Option<i64>, u32, Arc<str>, Arc<str>);

/// One path of the top list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RankedPath {
    pub host: Arc<str>,
    /// The path as requested, cut to what the page can show of it.
    pub path: String,
    pub requests: u64,
    /// Requests by crawler, in the order crawlers first came.
    pub crawlers: Vec<(Arc<str>, u64)>,
    /// The rules that decided its requests, by text: the one that decided the most first
    /// (ties by text), joined with `; `.
    pub rule: Arc<str>,
    pub first_ms: i64,
    pub last_ms: i64,
    /// Position of its first row in the stream: the last tie-break, so the order is total.
    seq: u64,
}

impl RankedPath {
    /// Most requests first, then by host and path, then by arrival.
    fn key(&self) -> (Reverse<u64>, &str, &str, u64) {
        (Reverse(self.requests), &self.host, &self.path, self.seq)
    }
}

impl Ord for RankedPath {
    fn cmp(&self, other: &RankedPath) -> Ordering {
        self.key().cmp(&other.key())
    }
}

impl PartialOrd for RankedPath {
    fn partial_cmp(&self, other: &RankedPath) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// What the ranking gives at the end.
#[derive(Debug, Default)]
pub struct Ranked {
    /// The top paths, the most requested first.
    pub top: Vec<RankedPath>,
    /// Distinct (host, path)s with disallowed requests, shown or not.
    pub distinct: u64,
    /// Distinct paths per rule.
    pub rule_paths: BTreeMap<RuleKey, u64>,
}

/// The requests of consecutive rows of one (crawler, rule, path).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Entry {
    path: Box<str>,
    seq: u64,
    crawler: u32,
    rule: u32,
    requests: u64,
    first_ms: i64,
    last_ms: i64,
}

impl Entry {
    fn order(&self, other: &Entry) -> Ordering {
        (&self.path, self.seq).cmp(&(&other.path, other.seq))
    }

    /// What it costs in memory, about.
    fn cost(&self) -> usize {
        std::mem::size_of::<Entry>() + self.path.len()
    }

    fn encode(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&(self.path.len() as u32).to_le_bytes());
        out.extend_from_slice(self.path.as_bytes());
        out.extend_from_slice(&self.seq.to_le_bytes());
        out.extend_from_slice(&self.crawler.to_le_bytes());
        out.extend_from_slice(&self.rule.to_le_bytes());
        out.extend_from_slice(&self.requests.to_le_bytes());
        out.extend_from_slice(&self.first_ms.to_le_bytes());
        out.extend_from_slice(&self.last_ms.to_le_bytes());
    }

    fn decode(bytes: &[u8]) -> Option<Entry> {
        let mut f = Fields::new(bytes);
        let len = f.u32()? as usize;
        let path = match std::str::from_utf8(f.take(len)?) {
            Ok(p) => p.into(),
            // Not what `encode` wrote: the caller reports the record as undecodable.
            Err(_) => return None,
        };
        let entry = Entry {
            path,
            seq: f.u64()?,
            crawler: f.u32()?,
            rule: f.u32()?,
            requests: f.u64()?,
            first_ms: f.u64()? as i64,
            last_ms: f.u64()? as i64,
        };
        f.is_empty().then_some(entry)
    }
}

/// The top paths, gathered one host at a time.
pub struct PathRanking {
    /// Paths in the top list.
    limit: usize,
    /// Bytes of a path kept for the page.
    keep_bytes: usize,
    /// Bytes of entries kept in memory before they go to a run.
    budget: usize,
    /// A run is written past this: the budget, or [`OVERDRAFT`] times it after a run could
    /// not be written.
    spill_at: usize,
    host: Option<Arc<str>>,
    crawlers: Vec<Arc<str>>,
    crawler_ids: HashMap<Arc<str>, u32>,
    rules: Vec<HostRule>,
    rule_ids: HashMap<HostRule, u32>,
    entries: Vec<Entry>,
    cost: usize,
    /// The private directory of the runs, made at the first.
    dir: Option<SortDir>,
    /// The current host's runs.
    runs: Vec<Run>,
    top: BinaryHeap<RankedPath>,
    distinct: u64,
    rule_paths: BTreeMap<RuleKey, u64>,
}

impl PathRanking {
    /// A ranking keeping the `limit` most requested paths, each cut to `keep_bytes`, with
    /// about `budget` bytes of one host's paths in memory.
    pub fn new(limit: usize, keep_bytes: usize, budget: usize) -> PathRanking {
        PathRanking {
            limit,
            keep_bytes,
            budget,
            spill_at: budget,
            host: None,
            crawlers: Vec::new(),
            crawler_ids: HashMap::default(),
            rules: Vec::new(),
            rule_ids: HashMap::default(),
            entries: Vec::new(),
            cost: 0,
            dir: None,
            runs: Vec::new(),
            top: BinaryHeap::new(),
            distinct: 0,
            rule_paths: BTreeMap::new(),
        }
    }

    /// Takes a disallowed row; `seq` is its position in the stream.
    pub fn add(&mut self, row: &ViolationRow, seq: u64) -> Result<(), SortError> {
        if self.host.as_deref() != Some(&*row.host) {
            self.end_host()?;
            self.host = Some(Arc::clone(&row.host));
        }
        // Consecutive rows mostly share their crawler and rule (and their texts' `Arc`s).
        let crawler = match self.entries.last() {
            Some(last) if Arc::ptr_eq(&self.crawlers[last.crawler as usize], &row.crawler) => {
                last.crawler
            }
            _ => id_of(&mut self.crawlers, &mut self.crawler_ids, &row.crawler),
        };
        let rule = match self.entries.last() {
            Some(last)
                if {
                    let r = &self.rules[last.rule as usize];
                    r.0 == row.robots_version
                        && r.1 == row.rule_line
                        && Arc::ptr_eq(&r.2, &row.rule)
                        && Arc::ptr_eq(&r.3, &row.group)
                } =>
            {
                last.rule
            }
            _ => {
                let rule: HostRule = (
                    row.robots_version,
                    row.rule_line,
                    Arc::clone(&row.rule),
                    Arc::clone(&row.group),
                );
                id_of(&mut self.rules, &mut self.rule_ids, &rule)
            }
        };
        // Rows of one path differ by User-Agent, verification, version and evidence: they
        // follow each other, and become one entry.
        if let Some(last) = self.entries.last_mut()
            && last.crawler == crawler
            && last.rule == rule
            && *last.path == *row.path
        {
            last.requests += row.requests;
            last.first_ms = last.first_ms.min(row.first_seen_ms);
            last.last_ms = last.last_ms.max(row.last_seen_ms);
            return Ok(());
        }
        let entry = Entry {
            path: (*row.path).into(),
            seq,
            crawler,
            rule,
            requests: row.requests,
            first_ms: row.first_seen_ms,
            last_ms: row.last_seen_ms,
        };
        self.cost += entry.cost();
        self.entries.push(entry);
        if self.cost > self.spill_at {
            match self.spill() {
                Ok(()) => self.spill_at = self.budget,
                // Kept in memory within the overdraft; past it, the page fails.
                Err(e) => {
                    let most = self.budget.saturating_mul(OVERDRAFT);
                    if self.spill_at >= most || self.cost > most {
                        return Err(e);
                    }
                    self.spill_at = most;
                }
            }
        }
        Ok(())
    }

    /// The top list and the counts.
    pub fn finish(mut self) -> Result<Ranked, SortError> {
        self.end_host()?;
        Ok(Ranked {
            top: self.top.into_sorted_vec(),
            distinct: self.distinct,
            rule_paths: self.rule_paths,
        })
    }

    /// Sorts the entries in memory and writes them as a run.
    fn spill(&mut self) -> Result<(), SortError> {
        // Stable: it merges the stretches already in order (one per crawler) rather than
        // sorting from scratch.
        self.entries.sort_by(Entry::order);
        let dir = match &self.dir {
            Some(d) => d,
            None => self.dir.insert(SortDir::new(None)?),
        };
        let mut out = dir.create()?;
        let mut buf = Vec::new();
        for e in &self.entries {
            buf.clear();
            e.encode(&mut buf);
            out.push(&buf)?;
        }
        self.runs.push(out.finish()?);
        self.entries.clear();
        self.cost = 0;
        Ok(())
    }

    /// Merges the host's entries by path and offers each path to the top list.
    fn end_host(&mut self) -> Result<(), SortError> {
        let Some(host) = self.host.take() else {
            return Ok(());
        };
        let mut memory = std::mem::take(&mut self.entries);
        memory.sort_by(Entry::order);
        self.cost = 0;
        let runs = std::mem::take(&mut self.runs);
        let mut sources: Vec<Box<dyn Source<Entry> + Send>> = Vec::new();
        let mut kept = Vec::new();
        if !runs.is_empty() {
            // At most as many runs open as the descriptors allow (one place for the entries in
            // memory), each with a read buffer: together about the budget.
            let fan_in = fan_in(1)?;
            let buffer = read_buffer(self.budget, fan_in);
            let open = |run: &Run, i: usize, n: usize| -> Result<_, SortError> {
                Ok(Box::new(Entries(run.open(i, n, buffer)?)) as Box<dyn Source<Entry> + Send>)
            };
            let dir = self.dir.clone();
            kept = reduce(runs, fan_in - 1, &Entry::order, open, |merge| {
                let dir = dir
                    .as_ref()
                    .expect("runs were written, so the directory exists");
                let mut out = dir.create()?;
                let mut buf = Vec::new();
                while let Some(e) = merge.next_record()? {
                    buf.clear();
                    e.encode(&mut buf);
                    out.push(&buf)?;
                }
                out.finish()
            })?;
            for (i, run) in kept.iter().enumerate() {
                sources.push(open(run, i + 1, kept.len())?);
            }
        }
        sources.push(Box::new(memory.into_iter()));
        let mut merge = Merge::new(sources, Entry::order)?;
        let mut group: Option<Group> = None;
        while let Some(e) = merge.next_record()? {
            match &mut group {
                Some(g) if *g.first.path == *e.path => g.add(&e),
                _ => {
                    if let Some(g) = group.take() {
                        self.offer(&host, g);
                    }
                    group = Some(Group::new(e));
                }
            }
        }
        if let Some(g) = group.take() {
            self.offer(&host, g);
        }
        // The host's runs go (their files with them).
        drop(merge);
        drop(kept);
        self.crawlers.clear();
        self.crawler_ids.clear();
        self.rules.clear();
        self.rule_ids.clear();
        Ok(())
    }

    /// The rules of a path's requests, by text, the one that decided the most first: a path
    /// asked for under several versions or groups was forbidden by each of their rules.
    fn rule_texts(&self, g: &Group) -> Arc<str> {
        if let [(rule, _)] = g.rules[..] {
            return Arc::clone(&self.rules[rule as usize].2);
        }
        let mut texts: Vec<(&str, u64)> = Vec::new();
        for &(rule, n) in &g.rules {
            let text = &*self.rules[rule as usize].2;
            match texts.iter_mut().find(|(t, _)| *t == text) {
                Some(t) => t.1 += n,
                None => texts.push((text, n)),
            }
        }
        texts.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        let texts: Vec<&str> = texts.iter().map(|(t, _)| *t).collect();
        Arc::from(texts.join("; "))
    }

    /// One path's total: counted, and kept if it is among the top.
    fn offer(&mut self, host: &Arc<str>, g: Group) {
        self.distinct += 1;
        for &(rule, _) in &g.rules {
            let (version, line, text, group) = &self.rules[rule as usize];
            *self
                .rule_paths
                .entry((
                    Arc::clone(host),
                    *version,
                    *line,
                    Arc::clone(text),
                    Arc::clone(group),
                ))
                .or_default() += 1;
        }
        if self.limit == 0 {
            return;
        }
        // Most paths of a long tail cannot make the list: known without building their row.
        if self.top.len() >= self.limit
            && self.top.peek().is_some_and(|worst| {
                (
                    Reverse(g.requests),
                    &**host,
                    cut(&g.first.path, self.keep_bytes),
                ) > (Reverse(worst.requests), &*worst.host, worst.path.as_str())
            })
        {
            return;
        }
        let ranked = RankedPath {
            host: Arc::clone(host),
            path: cut(&g.first.path, self.keep_bytes).to_string(),
            requests: g.requests,
            crawlers: g
                .crawlers
                .iter()
                .map(|&(c, n)| (Arc::clone(&self.crawlers[c as usize]), n))
                .collect(),
            rule: self.rule_texts(&g),
            first_ms: g.first_ms,
            last_ms: g.last_ms,
            seq: g.first.seq,
        };
        if self.top.len() < self.limit {
            self.top.push(ranked);
        } else if self.top.peek().is_some_and(|worst| ranked < *worst) {
            self.top.pop();
            self.top.push(ranked);
        }
    }
}

/// The index of `key` in `names`, added if new.
fn id_of<K: Clone + Eq + std::hash::Hash>(
    names: &mut Vec<K>,
    ids: &mut HashMap<K, u32>,
    key: &K,
) -> u32 {
    if let Some(&id) = ids.get(key) {
        return id;
    }
    let id = names.len() as u32;
    names.push(key.clone());
    ids.insert(key.clone(), id);
    id
}

/// `s` cut to at most `bytes` bytes, at a character boundary.
fn cut(s: &str, bytes: usize) -> &str {
    if s.len() <= bytes {
        return s;
    }
    let mut end = bytes;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    &s[..end]
}

/// The entries of one path over all runs, in arrival order.
struct Group {
    /// The first in report order: its path, rule and position.
    first: Entry,
    requests: u64,
    first_ms: i64,
    last_ms: i64,
    crawlers: Vec<(u32, u64)>,
    /// Distinct rules (a path has few), with the requests each decided.
    rules: Vec<(u32, u64)>,
}

impl Group {
    fn new(e: Entry) -> Group {
        let mut g = Group {
            requests: 0,
            first_ms: e.first_ms,
            last_ms: e.last_ms,
            crawlers: Vec::new(),
            rules: Vec::new(),
            first: e.clone(),
        };
        g.add(&e);
        g
    }

    fn add(&mut self, e: &Entry) {
        self.requests += e.requests;
        self.first_ms = self.first_ms.min(e.first_ms);
        self.last_ms = self.last_ms.max(e.last_ms);
        match self.crawlers.iter_mut().find(|c| c.0 == e.crawler) {
            Some(c) => c.1 += e.requests,
            None => self.crawlers.push((e.crawler, e.requests)),
        }
        match self.rules.iter_mut().find(|r| r.0 == e.rule) {
            Some(r) => r.1 += e.requests,
            None => self.rules.push((e.rule, e.requests)),
        }
    }
}

/// A run of entries being read.
struct Entries(RunReader);

impl Source<Entry> for Entries {
    fn next_record(&mut self) -> Result<Option<Entry>, SortError> {
        match self.0.next_record()? {
            None => Ok(None),
            Some(bytes) => match Entry::decode(bytes) {
                Some(e) => Ok(Some(e)),
                None => Err(self.0.undecodable()),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::Kind;

    fn row(host: &str, crawler: &str, ua: &str, path: &str, requests: u64, t: i64) -> ViolationRow {
        ViolationRow {
            host: host.into(),
            kind: Kind::Disallowed,
            crawler: crawler.into(),
            user_agent: ua.into(),
            group: "*".into(),
            path: path.into(),
            rule: "Disallow: /".into(),
            rule_line: 2,
            requests,
            first_seen_ms: t,
            last_seen_ms: t + 1000,
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

    /// Rows in report order: hosts, then crawlers, then paths; path `i` of host `h` gets
    /// `(i * 7 + h) % 13 + 1` requests from each crawler, over two User-Agents.
    fn stream(hosts: usize, crawlers: usize, paths: usize) -> Vec<ViolationRow> {
        let mut rows = Vec::new();
        for h in 0..hosts {
            for c in 0..crawlers {
                let mut names: Vec<String> = (0..paths).map(|i| format!("/p/{i}")).collect();
                names.sort();
                for name in names {
                    let i: usize = name[3..].parse().unwrap();
                    let n = ((i * 7 + h) % 13 + 1) as u64;
                    for ua in ["a", "b"] {
                        rows.push(row(
                            &format!("h{h}.example"),
                            &format!("Bot{c}"),
                            &format!("Bot{c}/{ua}"),
                            &name,
                            n,
                            (i * 1000) as i64,
                        ));
                    }
                }
            }
        }
        rows
    }

    /// The ranking of `rows`, and the runs the last host had in its file.
    fn rank(rows: &[ViolationRow], limit: usize, budget: usize) -> (Ranked, usize) {
        let mut r = PathRanking::new(limit, 1 << 20, budget);
        for (seq, row) in rows.iter().enumerate() {
            r.add(row, seq as u64).unwrap();
        }
        let runs = r.runs.len();
        assert_eq!(r.dir.is_some(), runs > 0);
        if let Some(dir) = &r.dir {
            assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), runs);
        }
        (r.finish().unwrap(), runs)
    }

    #[test]
    fn paths_are_summed_over_crawlers_in_memory_and_through_runs_alike() {
        let rows = stream(3, 4, 500);
        // The oracle: a plain map of every (host, path).
        let mut totals: BTreeMap<(String, String), u64> = BTreeMap::new();
        for r in &rows {
            *totals
                .entry((r.host.to_string(), r.path.to_string()))
                .or_default() += r.requests;
        }
        let mut expected: Vec<((String, String), u64)> = totals.into_iter().collect();
        expected.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        expected.truncate(40);

        let (in_memory, spilled) = rank(&rows, 40, 1 << 30);
        assert_eq!(spilled, 0);
        // A budget of a few entries: many runs per host.
        let (on_disk, spilled) = rank(&rows, 40, 2_000);
        assert!(spilled > 10, "{spilled} runs");
        for ranked in [&in_memory, &on_disk] {
            assert_eq!(ranked.distinct, 3 * 500);
            let got: Vec<((String, String), u64)> = ranked
                .top
                .iter()
                .map(|p| ((p.host.to_string(), p.path.clone()), p.requests))
                .collect();
            assert_eq!(got, expected);
            // Each top path: every crawler, twice its per-crawler count (two User-Agents).
            for p in &ranked.top {
                assert_eq!(p.crawlers.len(), 4);
                assert!(p.crawlers.iter().all(|c| c.1 * 4 == p.requests));
            }
            assert_eq!(
                ranked.rule_paths.values().copied().collect::<Vec<_>>(),
                vec![500; 3]
            );
        }
        assert_eq!(in_memory.top, on_disk.top);
    }

    #[test]
    fn a_path_counts_once_per_rule_however_many_rows_it_has() {
        let mut rows = vec![
            row("a.example", "GPTBot", "GPTBot/1", "/x", 2, 0),
            row("a.example", "GPTBot", "GPTBot/2", "/x", 3, 5000),
            row("a.example", "GPTBot", "GPTBot/1", "/y", 1, 0),
            row("a.example", "bingbot", "bingbot/2", "/x", 4, 0),
        ];
        rows[3].rule = "Disallow: /x".into();
        let (ranked, _) = rank(&rows, 10, 1 << 20);
        assert_eq!(ranked.distinct, 2);
        let x = &ranked.top[0];
        assert_eq!((x.path.as_str(), x.requests), ("/x", 9));
        assert_eq!(
            x.crawlers,
            vec![(Arc::from("GPTBot"), 5), (Arc::from("bingbot"), 4)]
        );
        assert_eq!((x.first_ms, x.last_ms), (0, 6000));
        // Both rules that forbade it, the one of the most requests (5 against 4) first; the
        // first row's alone told the page's reader that `Disallow: /` decided all 9.
        assert_eq!(&*x.rule, "Disallow: /; Disallow: /x");
        let paths: Vec<(&str, u64)> = ranked.rule_paths.iter().map(|(k, n)| (&*k.3, *n)).collect();
        assert_eq!(paths, vec![("Disallow: /", 2), ("Disallow: /x", 1)]);
    }

    #[test]
    fn kept_paths_are_cut_at_a_character_boundary() {
        let mut r = PathRanking::new(5, 4, 1 << 20);
        r.add(&row("a.example", "GPTBot", "g", "/ééé", 1, 0), 0)
            .unwrap();
        assert_eq!(r.finish().unwrap().top[0].path, "/é");
        assert_eq!(cut("/ééé", 4), "/é");
        assert_eq!(cut("abc", 10), "abc");
    }
}
