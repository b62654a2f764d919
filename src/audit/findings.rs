//! The judgement at the end: a merged [`Partial`] and the robots source → the report rows.
//!
//! Every request that some version of robots.txt forbids is judged here, with every fetch of
//! `/robots.txt` by the same crawler known (docs/judging.md, "Judging in time"): which versions it
//! may have held, whether all of them forbid it, which version's rule to cite and on what evidence.
//! Crawl-delay breaches are judged the same way.
//!
//! Two passes over the kept requests. The first judges each one for the counts (the summary,
//! the hourly activity) and finds the Crawl-delay rows. The second, [`Violations`], runs as the
//! writer asks for rows: it visits the (host, crawler, path) groups in report order and judges
//! their requests again, so only one group's rows are ever built at a time — a long-tail log's
//! hundreds of thousands of rows stream to the writer, never all in memory. Rows are keyed by
//! what the report prints and sorted by value, so the same data gives the same bytes however
//! it was split.

use std::cmp::Ordering;
use std::collections::{BTreeMap, VecDeque};
use std::sync::Arc;

use crate::crawlers::DnsTally;
use crate::extsort::{Merge, Run, SortError, Source as MergeSource, fan_in, read_buffer, reduce};
use crate::fetch::{Origin, Outcome};
use crate::history::{self, Evidence, Fetch, Held, Judgement, VersionVerdict};
use crate::report::{HostRow, InputRow, Kind, SpoofedRow, SummaryRow, ViolationRow};
use crate::robots::{Agent, GroupId, RobotsTxt, RuleId, normalize_target};
use crate::text;

use super::Auditor;
use super::aggregate::{
    AgentProfile, Client, Hit, HostKey, InputCounts, PairAgg, Stream, StreamKey, TooOld,
    Verification, by_path, kept_paths,
};
use super::partial::Partial;
use super::rules::{DialectRules, Rules};
use super::spill::{RunHit, RunRecord, RunRecords, SpillRun, StreamTable, write_from};
use super::tally::{ClientSet, MAX_IPS_PER_ROW, StatusCounts};

/// Everything the reports say. The violations stream out as they are read.
pub struct Findings {
    /// The violations report's rows, in report order, made as they are read.
    pub violations: Violations,
    /// One row per (host, crawler).
    pub summary: Vec<SummaryRow>,
    /// One row per host (per origin: http and https of a host are two).
    pub hosts: Vec<HostRow>,
    /// One row per (client, crawler) that failed verification, by address.
    pub spoofed: Vec<SpoofedRow>,
    /// Per input, by name.
    pub inputs: BTreeMap<String, InputCounts>,
    /// Violating requests per time bin, host, crawler and kind (for charts).
    pub activity: Vec<Activity>,
    /// The width of the activity's time bins, in ms: [`crate::report::time_bin_ms`] of the
    /// span of the crawler requests (a minute for a log of an hour, an hour for a week).
    pub activity_bin_ms: i64,
    /// Requests left unverifiable because they are older than the IP-range lists (or reverse
    /// DNS) can speak for.
    pub too_old_to_verify: TooOld,
    /// What reverse DNS did, when it was asked (`--verify-dns`).
    pub dns: Option<DnsTally>,
    /// How the kept requests went through temporary files, when they did.
    pub spilled: Option<Spilled>,
}

/// The kept requests that went past the memory budget to sorted runs on disk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spilled {
    /// Runs the workers wrote.
    pub runs: usize,
    /// Their bytes.
    pub bytes: u64,
    /// Runs open at once at most (from the open-file limit).
    pub fan_in: usize,
    /// Merges into new runs before the last one (0: the runs were merged at once).
    pub merges: usize,
}

impl std::fmt::Display for Spilled {
    /// A note for the user: how much went to disk, and how it came back.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the kept requests passed the memory budget: {} sorted run{} ({:.1} MiB) in \
             temporary files, merged at most {} at a time",
            text::thousands(self.runs as u64),
            if self.runs == 1 { "" } else { "s" },
            self.bytes as f64 / f64::from(1 << 20),
            self.fan_in
        )?;
        match self.merges {
            0 => Ok(()),
            1 => write!(f, " (one merge first)"),
            n => write!(f, " ({} merges first)", text::thousands(n as u64)),
        }
    }
}

/// Violating requests of one crawler on one host in one time bin.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Activity {
    /// The bin's start, unix ms (a multiple of [`Findings::activity_bin_ms`]).
    pub start_ms: i64,
    /// The host.
    pub host: Arc<str>,
    /// The crawler.
    pub crawler: Arc<str>,
    /// What was broken.
    pub kind: Kind,
    /// How many requests.
    pub requests: u64,
}

impl Findings {
    /// One `--inputs` row per input, in the order given (an input that gave nothing has a
    /// row of zeros).
    pub fn input_rows(&self, names: &[String]) -> Vec<InputRow> {
        let none = InputCounts::default();
        names
            .iter()
            .map(|name| {
                let counts = self.inputs.get(name).unwrap_or(&none);
                let first = counts.bad_examples.first();
                InputRow {
                    input: name.clone(),
                    format: counts.format.clone().unwrap_or_default(),
                    detected: counts.detected,
                    requests: counts.requests,
                    malformed: counts.bad_total(),
                    malformed_reasons: counts
                        .bad
                        .iter()
                        .map(|(r, n)| format!("{}:{n}", r.as_str()))
                        .collect::<Vec<_>>()
                        .join(" "),
                    first_malformed_line: first.map(|e| e.0),
                    first_malformed: first.map(|e| e.2.clone()).unwrap_or_default(),
                    outside_window: counts.outside_window,
                    no_host: counts.no_host,
                    error: counts.error.clone().unwrap_or_default(),
                }
            })
            .collect()
    }

    /// Hosts whose crawler traffic was not judged: (host, crawler requests, reason).
    pub fn not_judged(&self) -> Vec<(&str, u64, &str)> {
        self.hosts
            .iter()
            .filter(|h| !h.judged && h.crawler_requests > 0)
            .map(|h| (h.host.as_str(), h.crawler_requests, h.reason.as_str()))
            .collect()
    }

    /// Requests read over all inputs.
    pub fn requests(&self) -> u64 {
        self.inputs.values().map(|c| c.requests).sum()
    }

    /// Malformed lines over all inputs.
    pub fn bad_lines(&self) -> u64 {
        self.inputs.values().map(InputCounts::bad_total).sum()
    }

    /// Violating requests over all hosts and crawlers (from the activity).
    pub fn violating_requests(&self) -> u64 {
        self.activity.iter().map(|a| a.requests).sum()
    }
}

/// A report row being built.
struct RowAcc {
    requests: u64,
    first_ms: i64,
    last_ms: i64,
    clients: ClientSet,
    sample: (i64, Client),
    statuses: StatusCounts,
    /// (line, text, group): the lesser when rows that print the same had different ones.
    rule: (u32, Arc<str>, Arc<str>),
    intervals: Option<(i64, i64)>,
}

impl RowAcc {
    fn new(time_ms: i64, client: &Client, rule: (u32, Arc<str>, Arc<str>)) -> RowAcc {
        RowAcc {
            requests: 0,
            first_ms: time_ms,
            last_ms: time_ms,
            clients: ClientSet::default(),
            sample: (time_ms, client.clone()),
            statuses: StatusCounts::default(),
            rule,
            intervals: None,
        }
    }

    fn add(&mut self, time_ms: i64, client: &Client, status: u16) {
        self.requests += 1;
        self.first_ms = self.first_ms.min(time_ms);
        self.last_ms = self.last_ms.max(time_ms);
        self.clients.insert(client.clone(), MAX_IPS_PER_ROW);
        if (time_ms, client) < (self.sample.0, &self.sample.1) {
            self.sample = (time_ms, client.clone());
        }
        self.statuses.add(status, 1);
    }
}

/// Violating requests per (time bin, host, crawler, kind).
struct ActivityMap {
    bin_ms: i64,
    counts: BTreeMap<(i64, Arc<str>, Arc<str>, Kind), u64>,
}

impl ActivityMap {
    /// Bins of the width that fits the span of the crawler requests in `pairs`.
    fn new(pairs: &BTreeMap<(HostKey, String), PairAgg>) -> ActivityMap {
        let span = pairs
            .values()
            .filter(|p| p.requests > 0)
            .map(|p| (p.first_ms, p.last_ms))
            .reduce(|(lo, hi), (first, last)| (lo.min(first), hi.max(last)));
        ActivityMap {
            bin_ms: span.map_or(3_600_000, |(lo, hi)| crate::report::time_bin_ms(lo, hi)),
            counts: BTreeMap::new(),
        }
    }

    /// One violating request at `time_ms`.
    fn add(&mut self, time_ms: i64, host: &Arc<str>, crawler: &Arc<str>, kind: Kind) {
        let bin = time_ms.div_euclid(self.bin_ms) * self.bin_ms;
        *self
            .counts
            .entry((bin, Arc::clone(host), Arc::clone(crawler), kind))
            .or_default() += 1;
    }
}

/// A stream as the judgement needs it: who, under which rules, with which own fetches.
struct StreamInfo {
    host: Arc<str>,
    crawler: Arc<str>,
    ua: Arc<str>,
    verification: Verification,
    /// Its summary row's key.
    pair: (HostKey, String),
    rules: Arc<DialectRules>,
    groups: Vec<Option<GroupId>>,
    fetches: Vec<Fetch>,
}

impl StreamInfo {
    fn held(&self, t: i64, leeway: i64) -> Held {
        let fetch = history::latest_fetch(&self.fetches, t);
        self.rules
            .timeline
            .held(t, leeway, fetch, |v| self.rules.sizes[v])
    }

    /// Each version's verdict on a path: None where a version cannot judge.
    fn verdicts(&self, path: &[u8], scratch: &mut Vec<u8>) -> Vec<Option<(bool, Option<RuleId>)>> {
        normalize_target(path, scratch);
        self.rules
            .versions
            .iter()
            .enumerate()
            .map(|(v, r)| match r {
                Rules::Compiled(robots) => {
                    let verdict = robots.check(self.groups[v], scratch);
                    Some((verdict.allowed, verdict.rule))
                }
                Rules::AllowAll => Some((true, None)),
                Rules::NotJudged => None,
            })
            .collect()
    }

    /// The sort key of a (stream, path) in report order.
    fn key<'a>(&'a self, text: &'a [u8]) -> (&'a str, &'a str, &'a [u8], &'a str, Verification) {
        (&self.host, &self.crawler, text, &self.ua, self.verification)
    }
}

/// The kept requests of one stream in memory, by path.
struct MemStream {
    info: u32,
    paths: Vec<Box<[u8]>>,
    /// The printed path where it differs from the raw bytes (invalid UTF-8, control bytes).
    texts: Vec<Option<Box<str>>>,
    /// Sorted by path index.
    hits: Vec<(u32, Hit)>,
    /// Per path, its requests in `hits`.
    ranges: Vec<(u32, u32)>,
}

impl MemStream {
    fn text(&self, path: u32) -> &[u8] {
        match &self.texts[path as usize] {
            Some(t) => t.as_bytes(),
            None => &self.paths[path as usize],
        }
    }
}

fn reads(verdicts: &[Option<(bool, Option<RuleId>)>]) -> impl Fn(usize) -> VersionVerdict + '_ {
    |v| match verdicts[v] {
        Some((false, _)) => VersionVerdict::Disallow,
        _ => VersionVerdict::Allow,
    }
}

/// The counts of one path's kept requests (first pass).
#[allow(clippy::too_many_arguments)]
fn count(
    info: &StreamInfo,
    path: &[u8],
    times: impl Iterator<Item = i64>,
    leeway: i64,
    pairs: &mut BTreeMap<(HostKey, String), PairAgg>,
    activity: &mut ActivityMap,
    scratch: &mut Vec<u8>,
) {
    let verdicts = info.verdicts(path, scratch);
    let pair = pairs.entry(info.pair.clone()).or_default();
    for t in times {
        pair.pending = pair.pending.saturating_sub(1);
        match history::judge(&info.held(t, leeway), reads(&verdicts)) {
            Judgement::NotJudged => {
                pair.checked = pair.checked.saturating_sub(1);
                pair.not_judged += 1;
            }
            Judgement::Allowed { by_leeway } => {
                pair.allowed += 1;
                pair.allowed_by_leeway += u64::from(by_leeway);
            }
            Judgement::Violation { .. } => {
                pair.violations += 1;
                activity.add(t, &info.host, &info.crawler, Kind::Disallowed);
            }
        }
    }
}

/// Builds the findings of a merged partial.
pub fn findings(auditor: &Auditor, partial: Partial) -> Result<Findings, SortError> {
    let Partial {
        inputs,
        hosts,
        mut pairs,
        crawlers,
        streams,
        fetches,
        spoofed,
        clients,
        too_old_to_verify,
        dns,
        runs,
    } = partial;
    let leeway = auditor.settings.leeway_ms;
    let mut activity = ActivityMap::new(&pairs);
    let mut delay_rows = Vec::new();
    let mut scratch = Vec::new();
    // Every stream, from memory and from the runs, in one table.
    let mut table = StreamTable::new();
    for (key, stream) in &streams {
        table.add(key, &stream.agent);
    }
    for run in &runs {
        for s in &run.streams {
            table.add(&s.key, &s.agent);
        }
    }
    let infos: Vec<Option<StreamInfo>> = table
        .keys
        .iter()
        .zip(&table.agents)
        .map(|(key, agent)| stream_info(auditor, key, agent, &fetches))
        .collect();
    // Streams on origins without rules: their kept requests are not judged.
    for key in streams.keys() {
        if infos[table.index(key) as usize].is_none() {
            let pair = pairs
                .entry((HostKey::Origin(key.0.clone()), key.1.clone()))
                .or_default();
            pair.not_judged += pair.pending;
            pair.checked -= pair.pending;
            pair.pending = 0;
        }
    }
    let mut memory = Vec::new();
    for (key, mut stream) in streams {
        let i = table.index(&key);
        let Some(info) = &infos[i as usize] else {
            continue;
        };
        judge_delays(
            info,
            &stream,
            leeway,
            &clients,
            &mut delay_rows,
            &mut activity,
        );
        let mut hits = std::mem::take(&mut stream.hits);
        let ranges = by_path(&mut hits, stream.paths.len());
        let texts = stream
            .paths
            .iter()
            .map(|p| match text::cell(p) {
                std::borrow::Cow::Borrowed(_) => None,
                std::borrow::Cow::Owned(t) => Some(t.into_boxed_str()),
            })
            .collect();
        memory.push(MemStream {
            info: i,
            paths: std::mem::take(&mut stream.paths),
            texts,
            hits,
            ranges,
        });
    }
    let clients = Arc::new(clients);
    let mut spilled = None;
    // First pass: the counts, of the requests in memory, then of each run in turn.
    for m in &memory {
        let info = infos[m.info as usize]
            .as_ref()
            .expect("streams without rules were dropped");
        for (p, &(start, end)) in m.ranges.iter().enumerate() {
            if start < end {
                let times = m.hits[start as usize..end as usize]
                    .iter()
                    .map(|h| h.1.time_ms);
                count(
                    info,
                    &m.paths[p],
                    times,
                    leeway,
                    &mut pairs,
                    &mut activity,
                    &mut scratch,
                );
            }
        }
    }
    let source = if runs.is_empty() {
        Source::memory(memory, &infos)
    } else {
        // Past the memory budget: the runs are read once for the counts, then merged, with
        // what is still in memory, for the rows.
        let buffer = read_buffer(auditor.settings.memory_budget, 1);
        for (k, run) in runs.iter().enumerate() {
            let map: Vec<u32> = run.streams.iter().map(|s| table.index(&s.key)).collect();
            let mut reader = run.reader(k + 1, runs.len(), buffer)?;
            while let Some(r) = reader.next_record()? {
                let i = map[r.stream as usize];
                match &infos[i as usize] {
                    Some(info) => {
                        let times = r.hits.iter().map(|h| h.time_ms);
                        count(
                            info,
                            &r.path,
                            times,
                            leeway,
                            &mut pairs,
                            &mut activity,
                            &mut scratch,
                        );
                    }
                    None => {
                        let pair = pairs
                            .entry((
                                HostKey::Origin(table.keys[i as usize].0.clone()),
                                table.keys[i as usize].1.clone(),
                            ))
                            .or_default();
                        let n = r.hits.len() as u64;
                        pair.not_judged += n;
                        pair.checked = pair.checked.saturating_sub(n);
                        pair.pending = pair.pending.saturating_sub(n);
                    }
                }
            }
        }
        let (source, stats) = Source::merged(auditor, runs, memory, &table, &infos, &clients)?;
        spilled = Some(stats);
        source
    };
    delay_rows.sort_by(report_order);
    Ok(Findings {
        violations: Violations {
            infos,
            source,
            clients,
            leeway,
            delays: delay_rows.into_iter().peekable(),
            pending: VecDeque::new(),
            scratch: Vec::new(),
            done: false,
        },
        summary: summary_rows(&pairs, &crawlers),
        hosts: host_rows(auditor, &hosts),
        spoofed: spoofed_rows(spoofed),
        inputs,
        activity_bin_ms: activity.bin_ms,
        activity: activity
            .counts
            .into_iter()
            .map(|((start_ms, host, crawler, kind), requests)| Activity {
                start_ms,
                host,
                crawler,
                kind,
                requests,
            })
            .collect(),
        too_old_to_verify,
        dns,
        spilled,
    })
}

/// How a stream is judged, or None when its origin has no rules (not judged).
fn stream_info(
    auditor: &Auditor,
    key: &StreamKey,
    agent: &AgentProfile,
    fetches: &BTreeMap<super::aggregate::FetchKey, Vec<Fetch>>,
) -> Option<StreamInfo> {
    let (origin, crawler, ua, verification) = key;
    let rules = auditor.rules.lookup(auditor.robots.as_ref(), origin)?;
    let rules = rules.dialect(agent.dialect);
    let fetch_ua = if agent.fetches_by_user_agent {
        ua.clone()
    } else {
        String::new()
    };
    let mut own: Vec<Fetch> = fetches
        .get(&(origin.clone(), crawler.clone(), *verification, fetch_ua))
        .cloned()
        .unwrap_or_default();
    own.sort_unstable();
    Some(StreamInfo {
        host: Arc::from(origin.display_host()),
        crawler: Arc::from(crawler.as_str()),
        ua: Arc::from(ua.as_str()),
        verification: *verification,
        pair: (HostKey::Origin(origin.clone()), crawler.clone()),
        groups: groups_of(&rules, agent),
        rules,
        fetches: own,
    })
}

/// The order of the violations report: host, kind, crawler, path, robots_version, then
/// User-Agent, verification and evidence so that it is total.
pub fn report_order(a: &ViolationRow, b: &ViolationRow) -> Ordering {
    let key = |r: &ViolationRow| {
        (
            r.host.clone(),
            r.kind,
            r.crawler.clone(),
            r.path.clone(),
            r.robots_version,
            r.user_agent.clone(),
            r.verification,
            r.evidence,
        )
    };
    key(a).cmp(&key(b))
}

/// The kept requests of one (stream, path), as a group hands them over.
struct Entry {
    info: u32,
    path: Box<[u8]>,
    hits: Vec<RunHit>,
}

/// Where the (host, crawler, printed path) groups come from, in report order.
enum Source {
    /// Everything in memory: (stream, path) pairs sorted once.
    Memory {
        streams: Vec<MemStream>,
        order: std::vec::IntoIter<(u32, u32)>,
        next: Option<(u32, u32)>,
    },
    /// Sorted runs (and what is still in memory), merged.
    Merged(Merge<'static, Kept, fn(&Kept, &Kept) -> Ordering>),
}

/// A kept (stream, path) on its way through the merge: its stream in the table, and its place
/// in report order.
struct Kept {
    /// The rank of its (host, crawler) among the judged streams'.
    host_crawler: u32,
    /// The rank of its (User-Agent, verification).
    agent: u32,
    stream: u32,
    /// The printed path where it differs from the raw bytes.
    text: Option<Box<str>>,
    path: Box<[u8]>,
    hits: Vec<RunHit>,
}

impl Kept {
    /// The printed path.
    fn text(&self) -> &[u8] {
        match &self.text {
            Some(t) => t.as_bytes(),
            None => &self.path,
        }
    }

    /// Report order: host, crawler, printed path, User-Agent, verification (as a worker sorts
    /// its runs).
    fn order(a: &Kept, b: &Kept) -> Ordering {
        (a.host_crawler, a.text(), a.agent).cmp(&(b.host_crawler, b.text(), b.agent))
    }

    fn new(ranks: &Ranks, stream: u32, path: Box<[u8]>, hits: Vec<RunHit>) -> Kept {
        let (host_crawler, agent) = ranks.of[stream as usize];
        let text = match text::cell(&path) {
            std::borrow::Cow::Borrowed(_) => None,
            std::borrow::Cow::Owned(t) => Some(t.into_boxed_str()),
        };
        Kept {
            host_crawler,
            agent,
            stream,
            text,
            path,
            hits,
        }
    }
}

/// Per table stream: the rank of its (host, crawler) and of its (User-Agent, verification)
/// among the judged streams' (equal values, equal ranks), so that the merge compares numbers
/// where a worker compared strings, in the same order.
struct Ranks {
    of: Vec<(u32, u32)>,
}

impl Ranks {
    fn new(infos: &[Option<StreamInfo>]) -> Ranks {
        fn dense<K: Ord>(keys: Vec<(K, usize)>, n: usize) -> Vec<u32> {
            let mut keys = keys;
            keys.sort();
            let mut rank = vec![0u32; n];
            let mut r = 0u32;
            for (i, (k, s)) in keys.iter().enumerate() {
                if i > 0 && keys[i - 1].0 != *k {
                    r += 1;
                }
                rank[*s] = r;
            }
            rank
        }
        let judged = || {
            infos
                .iter()
                .enumerate()
                .filter_map(|(s, i)| Some((i.as_ref()?, s)))
        };
        let host_crawler = dense(
            judged()
                .map(|(i, s)| ((&*i.host, &*i.crawler), s))
                .collect(),
            infos.len(),
        );
        let agent = dense(
            judged()
                .map(|(i, s)| ((&*i.ua, i.verification), s))
                .collect(),
            infos.len(),
        );
        Ranks {
            of: host_crawler.into_iter().zip(agent).collect(),
        }
    }
}

/// A run to merge: a worker's (its streams its own) or one a merge pass wrote (streams
/// already the table's, judged only).
enum Input {
    Worker(Arc<SpillRun>),
    Merged(Run),
}

/// A worker's run being merged: its records of judged streams, with the table's streams.
struct WorkerSource {
    records: RunRecords,
    /// Run stream → table stream, None where it is not judged.
    map: Vec<Option<u32>>,
    ranks: Arc<Ranks>,
}

impl MergeSource<Kept> for WorkerSource {
    fn next_record(&mut self) -> Result<Option<Kept>, SortError> {
        while let Some(r) = self.records.next_record()? {
            // Indices within the run's own table: a record naming another is damage the
            // checksum cannot see (a run written wrong), and is refused.
            let Some(map) = self.map.get(r.stream as usize) else {
                return Err(self.records.undecodable());
            };
            if let Some(s) = *map {
                return Ok(Some(Kept::new(&self.ranks, s, r.path, r.hits)));
            }
        }
        Ok(None)
    }
}

/// A run a merge pass wrote.
struct MergedSource {
    records: RunRecords,
    ranks: Arc<Ranks>,
}

impl MergeSource<Kept> for MergedSource {
    fn next_record(&mut self) -> Result<Option<Kept>, SortError> {
        match self.records.next_record()? {
            None => Ok(None),
            Some(r) if (r.stream as usize) < self.ranks.of.len() => {
                Ok(Some(Kept::new(&self.ranks, r.stream, r.path, r.hits)))
            }
            Some(_) => Err(self.records.undecodable()),
        }
    }
}

/// What is still in memory, in report order.
struct MemorySource {
    streams: Vec<MemStream>,
    order: std::vec::IntoIter<(u32, u32)>,
    clients: Arc<Vec<Client>>,
    ranks: Arc<Ranks>,
}

impl MergeSource<Kept> for MemorySource {
    fn next_record(&mut self) -> Result<Option<Kept>, SortError> {
        let Some((s, p)) = self.order.next() else {
            return Ok(None);
        };
        let m = &self.streams[s as usize];
        let (start, end) = m.ranges[p as usize];
        let hits = run_hits(&m.hits[start as usize..end as usize], &self.clients);
        Ok(Some(Kept::new(
            &self.ranks,
            m.info,
            m.paths[p as usize].clone(),
            hits,
        )))
    }
}

/// Kept requests with their clients by value.
fn run_hits(hits: &[(u32, Hit)], clients: &[Client]) -> Vec<RunHit> {
    hits.iter()
        .map(|(_, h)| RunHit {
            time_ms: h.time_ms,
            client: clients[h.client as usize].clone(),
            status: h.status,
        })
        .collect()
}

/// The (stream, path) pairs in memory, in report order.
fn memory_order(streams: &[MemStream], infos: &[Option<StreamInfo>]) -> Vec<(u32, u32)> {
    let mut order = kept_paths(streams.iter().map(|m| &m.ranges[..]));
    let key = |&(s, p): &(u32, u32)| {
        let m = &streams[s as usize];
        infos[m.info as usize].as_ref().map(|i| i.key(m.text(p)))
    };
    order.sort_unstable_by(|a, b| key(a).cmp(&key(b)));
    order
}

impl Source {
    fn memory(streams: Vec<MemStream>, infos: &[Option<StreamInfo>]) -> Source {
        let order = memory_order(&streams, infos);
        Source::Memory {
            streams,
            order: order.into_iter(),
            next: None,
        }
    }

    /// The runs and what is in memory, merged. Never more runs are open at once than the
    /// process's descriptors allow (`extsort::fan_in`, half of them: the HTML page's own
    /// sort may need the rest meanwhile); more runs are merged first in passes.
    fn merged(
        auditor: &Auditor,
        runs: Vec<Arc<SpillRun>>,
        memory: Vec<MemStream>,
        table: &StreamTable,
        infos: &[Option<StreamInfo>],
        clients: &Arc<Vec<Client>>,
    ) -> Result<(Source, Spilled), SortError> {
        let mut stats = Spilled {
            runs: runs.len(),
            bytes: runs.iter().map(|r| r.bytes()).sum(),
            fan_in: 0,
            merges: 0,
        };
        let ranks = Arc::new(Ranks::new(infos));
        let fan_in = fan_in(2)?;
        stats.fan_in = fan_in;
        let buffer = read_buffer(auditor.settings.memory_budget, fan_in);
        let open = |input: &Input, run: usize, runs: usize| -> Result<_, SortError> {
            Ok(match input {
                Input::Worker(w) => Box::new(WorkerSource {
                    records: w.reader(run, runs, buffer)?,
                    map: w
                        .streams
                        .iter()
                        .map(|s| {
                            let i = table.index(&s.key);
                            infos[i as usize].as_ref().map(|_| i)
                        })
                        .collect(),
                    ranks: Arc::clone(&ranks),
                }) as Box<dyn MergeSource<Kept> + Send>,
                Input::Merged(m) => Box::new(MergedSource {
                    records: RunRecords::open(m, run, runs, buffer)?,
                    ranks: Arc::clone(&ranks),
                }),
            })
        };
        let order: fn(&Kept, &Kept) -> Ordering = Kept::order;
        let has_memory = memory.iter().any(|m| !m.hits.is_empty());
        let inputs = reduce(
            runs.into_iter().map(Input::Worker).collect(),
            fan_in - usize::from(has_memory),
            &order,
            open,
            |merge| {
                let dir = auditor.spill_dir.get()?;
                let run = write_from(&dir, || {
                    Ok(merge.next_record()?.map(|k| RunRecord {
                        stream: k.stream,
                        path: k.path,
                        hits: k.hits,
                    }))
                })?;
                stats.merges += 1;
                Ok(Input::Merged(run))
            },
        )?;
        let mut sources = inputs
            .iter()
            .enumerate()
            .map(|(k, input)| open(input, k + 1, inputs.len()))
            .collect::<Result<Vec<_>, _>>()?;
        if has_memory {
            let order = memory_order(&memory, infos);
            sources.push(Box::new(MemorySource {
                streams: memory,
                order: order.into_iter(),
                clients: Arc::clone(clients),
                ranks,
            }));
        }
        // The runs' files may go now: each is open, and read to its end through that.
        drop(inputs);
        Ok((Source::Merged(Merge::new(sources, order)?), stats))
    }

    /// The next group's entries, in order; empty when none is left.
    fn group(
        &mut self,
        infos: &[Option<StreamInfo>],
        clients: &[Client],
    ) -> Result<Vec<Entry>, SortError> {
        let info = |i: u32| {
            infos[i as usize]
                .as_ref()
                .expect("only judged streams are kept")
        };
        match self {
            Source::Memory {
                streams,
                order,
                next,
            } => {
                let Some(first) = next.take().or_else(|| order.next()) else {
                    return Ok(Vec::new());
                };
                let text_of = |(s, p): (u32, u32)| streams[s as usize].text(p);
                let head = |e: (u32, u32)| {
                    let i = info(streams[e.0 as usize].info);
                    (&i.host, &i.crawler, text_of(e))
                };
                let mut entries = vec![first];
                for e in order.by_ref() {
                    if head(e) == head(first) {
                        entries.push(e);
                    } else {
                        *next = Some(e);
                        break;
                    }
                }
                Ok(entries
                    .into_iter()
                    .map(|(s, p)| {
                        let m = &streams[s as usize];
                        let (start, end) = m.ranges[p as usize];
                        Entry {
                            info: m.info,
                            path: m.paths[p as usize].clone(),
                            hits: run_hits(&m.hits[start as usize..end as usize], clients),
                        }
                    })
                    .collect())
            }
            Source::Merged(merge) => {
                let Some(first) = merge.next_record()? else {
                    return Ok(Vec::new());
                };
                let mut group = vec![first];
                // In report order, so a group's entries come in User-Agent and verification
                // order too.
                while merge.peek().is_some_and(|k| {
                    k.host_crawler == group[0].host_crawler && k.text() == group[0].text()
                }) {
                    let Some(k) = merge.next_record()? else {
                        break;
                    };
                    group.push(k);
                }
                Ok(group
                    .into_iter()
                    .map(|k| Entry {
                        info: k.stream,
                        path: k.path,
                        hits: k.hits,
                    })
                    .collect())
            }
        }
    }
}

/// The violations report's rows in report order, judged as they are asked for. A sorted run
/// that cannot be read back whole ends it with an error (and nothing after it): the report
/// it was feeding must not be written.
pub struct Violations {
    infos: Vec<Option<StreamInfo>>,
    source: Source,
    clients: Arc<Vec<Client>>,
    leeway: i64,
    /// The Crawl-delay rows, in report order.
    delays: std::iter::Peekable<std::vec::IntoIter<ViolationRow>>,
    /// The current group's disallowed rows, in report order.
    pending: VecDeque<ViolationRow>,
    scratch: Vec<u8>,
    /// An error was given: nothing more.
    done: bool,
}

impl Violations {
    /// Judges the next (host, crawler, printed path) group into `pending`; false when none
    /// is left.
    fn fill(&mut self) -> Result<bool, SortError> {
        let entries = self.source.group(&self.infos, &self.clients)?;
        let Some(first) = entries.first() else {
            return Ok(false);
        };
        let mut rows: BTreeMap<(Option<i64>, Arc<str>, Verification, Evidence), RowAcc> =
            BTreeMap::new();
        for e in &entries {
            let d = self.infos[e.info as usize]
                .as_ref()
                .expect("only judged streams are kept");
            let verdicts = d.verdicts(&e.path, &mut self.scratch);
            for hit in &e.hits {
                let Judgement::Violation { version, evidence } =
                    history::judge(&d.held(hit.time_ms, self.leeway), reads(&verdicts))
                else {
                    continue;
                };
                let Rules::Compiled(robots) = &d.rules.versions[version] else {
                    continue;
                };
                let rule = cited(
                    robots,
                    d.groups[version],
                    verdicts[version].and_then(|v| v.1),
                );
                let acc = rows
                    .entry((
                        d.rules.starts[version],
                        Arc::clone(&d.ua),
                        d.verification,
                        evidence,
                    ))
                    .or_insert_with(|| RowAcc::new(hit.time_ms, &hit.client, rule.clone()));
                if rule < acc.rule {
                    acc.rule = rule;
                }
                acc.add(hit.time_ms, &hit.client, hit.status);
            }
        }
        let d = self.infos[first.info as usize]
            .as_ref()
            .expect("only judged streams are kept");
        let path = text::cell(&first.path).into_owned();
        for ((robots_version, ua, verification, evidence), acc) in rows {
            self.pending.push_back(violation_row(
                Arc::clone(&d.host),
                Kind::Disallowed,
                Arc::clone(&d.crawler),
                path.clone(),
                (robots_version, ua, verification, evidence),
                acc,
            ));
        }
        Ok(true)
    }
}

impl Iterator for Violations {
    type Item = Result<ViolationRow, SortError>;

    fn next(&mut self) -> Option<Result<ViolationRow, SortError>> {
        if self.done {
            return None;
        }
        while self.pending.is_empty() {
            match self.fill() {
                Ok(true) => {}
                Ok(false) => break,
                Err(e) => {
                    self.done = true;
                    return Some(Err(e));
                }
            }
        }
        match (self.pending.front(), self.delays.peek()) {
            (Some(p), Some(d)) if report_order(d, p).is_lt() => self.delays.next(),
            (Some(_), _) => self.pending.pop_front(),
            (None, _) => self.delays.next(),
        }
        .map(Ok)
    }
}

/// The stream's group in each version (as the worker chose it).
fn groups_of(rules: &DialectRules, profile: &AgentProfile) -> Vec<Option<GroupId>> {
    let refs: Vec<&str> = profile.tokens.iter().map(String::as_str).collect();
    let agent = Agent {
        tokens: &refs,
        obeys_star: profile.obeys_star,
    };
    rules
        .versions
        .iter()
        .map(|r| match r {
            Rules::Compiled(robots) => robots.group_for(&agent),
            _ => None,
        })
        .collect()
}

/// The rule a version cites: (line, text, group).
fn cited(
    robots: &RobotsTxt,
    group: Option<GroupId>,
    rule: Option<RuleId>,
) -> (u32, Arc<str>, Arc<str>) {
    let name = group.map(|g| robots.group(g).name()).unwrap_or_default();
    match rule {
        Some(id) => (
            robots.rule(id).line,
            Arc::from(robots.rule(id).display()),
            Arc::from(name),
        ),
        None => (0, Arc::from(""), Arc::from(name)),
    }
}

/// Crawl-delay: a request is early when its distance from the previous one is certainly
/// shorter than the delay of every version the crawler may have held. Log times are coarse
/// (`[…:13:55:36 -0700]` is to the second), so an observed interval `i` at resolution `r`
/// only proves a breach when `i + r <= delay`: the report never accuses a crawler that may
/// have waited long enough.
fn judge_delays(
    d: &StreamInfo,
    stream: &Stream,
    leeway: i64,
    clients: &[Client],
    out: &mut Vec<ViolationRow>,
    activity: &mut ActivityMap,
) {
    let mut hits = stream.delay.clone();
    if hits.len() < 2 {
        return;
    }
    let client = |i: u32| &clients[i as usize];
    // By value (the client's address, not its index in this partial's table): which of two
    // requests in the same instant counts as the earlier must not depend on how the data
    // was split.
    hits.sort_unstable_by(|a, b| {
        (a.time_ms, client(a.client), a.status).cmp(&(b.time_ms, client(b.client), b.status))
    });
    let mut intervals: Vec<i64> = hits
        .windows(2)
        .map(|w| w[1].time_ms - w[0].time_ms)
        .collect();
    let mut rows: BTreeMap<(Option<i64>, Evidence), RowAcc> = BTreeMap::new();
    for (i, hit) in hits.iter().enumerate().skip(1) {
        let interval = hit.time_ms - hits[i - 1].time_ms;
        let Held::Versions {
            versions, evidence, ..
        } = d.held(hit.time_ms, leeway)
        else {
            continue;
        };
        // The delay of each version the crawler may have held; a version without one (no
        // file, no group, no Crawl-delay line) means it may not have been bound by any.
        let delays: Option<Vec<u64>> = versions
            .iter()
            .map(|&v| match &d.rules.versions[v] {
                Rules::Compiled(robots) => d.groups[v]
                    .and_then(|g| robots.group(g).crawl_delay)
                    .map(|c| c.millis),
                _ => None,
            })
            .collect();
        let Some(least) = delays.and_then(|d| d.into_iter().min()) else {
            continue;
        };
        if interval + stream.resolution_ms > least as i64 {
            continue;
        }
        let Some(&version) = versions.last() else {
            continue;
        };
        let Rules::Compiled(robots) = &d.rules.versions[version] else {
            continue;
        };
        let Some(delay) = d.groups[version].and_then(|g| robots.group(g).crawl_delay) else {
            continue;
        };
        let group = d.groups[version]
            .map(|g| robots.group(g).name())
            .unwrap_or_default();
        rows.entry((d.rules.starts[version], evidence))
            .or_insert_with(|| {
                RowAcc::new(
                    hit.time_ms,
                    client(hit.client),
                    (delay.line, Arc::from(delay.display()), Arc::from(group)),
                )
            })
            .add(hit.time_ms, client(hit.client), hit.status);
        activity.add(hit.time_ms, &d.host, &d.crawler, Kind::CrawlDelay);
    }
    // The crawler's pace over all its requests: the shortest and the median interval.
    intervals.sort_unstable();
    // `intervals` has one entry fewer than `hits`, at least one.
    let pace = (intervals[0], intervals[(hits.len() - 1) / 2]);
    for ((robots_version, evidence), mut acc) in rows {
        acc.intervals = Some(pace);
        out.push(violation_row(
            Arc::clone(&d.host),
            Kind::CrawlDelay,
            Arc::clone(&d.crawler),
            String::new(),
            (robots_version, Arc::clone(&d.ua), d.verification, evidence),
            acc,
        ));
    }
}

fn violation_row(
    host: Arc<str>,
    kind: Kind,
    crawler: Arc<str>,
    path: String,
    (robots_version, user_agent, verification, evidence): (
        Option<i64>,
        Arc<str>,
        Verification,
        Evidence,
    ),
    acc: RowAcc,
) -> ViolationRow {
    ViolationRow {
        host,
        kind,
        crawler,
        user_agent,
        group: acc.rule.2,
        path,
        rule: acc.rule.1,
        rule_line: acc.rule.0,
        requests: acc.requests,
        first_seen_ms: acc.first_ms,
        last_seen_ms: acc.last_ms,
        verification: verification.as_str(),
        robots_version,
        evidence: evidence.as_str(),
        client_ips: acc.clients.len() as u64,
        sample_ip: client_text(&acc.sample.1),
        status_codes: acc.statuses.into_vec(),
        min_interval_ms: acc.intervals.map(|i| i.0),
        median_interval_ms: acc.intervals.map(|i| i.1),
    }
}

/// A client as a report cell.
fn client_text(c: &Client) -> String {
    match c {
        Client::Ip(ip) => ip.to_string(),
        Client::Other(bytes) => text::cell(bytes).into_owned(),
    }
}

fn summary_rows(
    pairs: &BTreeMap<(HostKey, String), PairAgg>,
    crawlers: &BTreeMap<String, super::aggregate::CrawlerInfo>,
) -> Vec<SummaryRow> {
    // http and https of one host print the same: one row.
    let mut by_name: BTreeMap<(String, String), PairAgg> = BTreeMap::new();
    for ((host, crawler), p) in pairs {
        match by_name.get_mut(&(host.display(), crawler.clone())) {
            Some(mine) => mine.merge(p.clone()),
            None => {
                by_name.insert((host.display(), crawler.clone()), p.clone());
            }
        }
    }
    by_name
        .into_iter()
        .map(|((host, crawler), p)| {
            let info = crawlers.get(&crawler);
            SummaryRow {
                host,
                operator: info.map(|i| i.operator.clone()).unwrap_or_default(),
                category: info.map(|i| i.category.clone()).unwrap_or_default(),
                crawler,
                requests: p.requests,
                checked: p.checked,
                allowed: p.allowed,
                violations: p.violations,
                allowed_by_leeway: p.allowed_by_leeway,
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
            }
        })
        .collect()
}

fn host_rows(
    auditor: &Auditor,
    hosts: &BTreeMap<HostKey, super::aggregate::HostCounts>,
) -> Vec<HostRow> {
    let mut out: Vec<HostRow> = hosts
        .iter()
        .map(|(key, counts)| {
            let base = HostRow {
                host: key.display(),
                robots_url: key.origin().map(Origin::robots_url).unwrap_or_default(),
                obtained: "none".to_string(),
                outcome: "not-fetched".to_string(),
                status: None,
                bytes: 0,
                truncated: false,
                groups: 0,
                versions: 0,
                first_version_ms: None,
                last_version_ms: None,
                requests: counts.requests,
                crawler_requests: counts.crawler_requests,
                judged: false,
                reason: String::new(),
            };
            let origin = match key {
                HostKey::Invalid { reason, .. } => {
                    return HostRow {
                        reason: format!("invalid host: {reason}"),
                        ..base
                    };
                }
                HostKey::Origin(o) => o,
            };
            let rules = (counts.crawler_requests > 0)
                .then(|| auditor.rules.lookup(auditor.robots.as_ref(), origin))
                .flatten();
            let Some(rules) = rules else {
                return HostRow {
                    reason: "no crawler requests".to_string(),
                    ..base
                };
            };
            let history = &rules.history;
            let e = history.current();
            let google = rules.dialect(crate::robots::Dialect::Google);
            let groups = match google.versions.last() {
                Some(Rules::Compiled(robots)) => robots.groups().count() as u64,
                _ => 0,
            };
            let dated: Vec<i64> = google.starts.iter().flatten().copied().collect();
            HostRow {
                obtained: e.obtained.as_str().to_string(),
                outcome: e.outcome.as_str().to_string(),
                status: e.status,
                bytes: e.bytes,
                truncated: e.truncated,
                groups,
                versions: history.versions().len() as u64,
                first_version_ms: dated.first().copied(),
                last_version_ms: dated.last().copied(),
                judged: history
                    .versions()
                    .iter()
                    .any(|v| matches!(v.entry.outcome, Outcome::Rules | Outcome::AllowAll)),
                reason: e.reason.clone().unwrap_or_default(),
                ..base
            }
        })
        .collect();
    out.sort_by(|a, b| (&a.host, &a.robots_url).cmp(&(&b.host, &b.robots_url)));
    out
}

fn spoofed_rows(
    spoofed: BTreeMap<(Client, String), super::aggregate::SpoofAgg>,
) -> Vec<SpoofedRow> {
    // Keyed by the parsed address: sorted numerically (IPv4 before IPv6, names last).
    spoofed
        .into_iter()
        .map(|((client, crawler), s)| SpoofedRow {
            client_ip: client_text(&client),
            crawler,
            requests: s.requests,
            hosts: s.hosts.into_iter().collect::<Vec<_>>().join(" "),
            first_seen_ms: s.first_ms,
            last_seen_ms: s.last_ms,
            user_agent: s.sample.1,
        })
        .collect()
}
