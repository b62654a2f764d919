//! The judgement at the end: a merged [`Partial`] and the robots source → the report rows.
//!
//! Every kept request — one that some version of robots.txt forbids, or whose crawler's use
//! some version says no to — is judged here, with every fetch of `/robots.txt` by the same
//! crawler known (docs/judging.md, "Judging in time"): which versions it may have held,
//! whether all of them forbid it (a violation), else whether all of them say no to its use
//! (a usage preference conflict, docs/preferences.md), which version's line to cite and on
//! what evidence. Crawl-delay breaches are judged the same way.
//!
//! Three passes over the kept requests. The first judges each one for the counts (the
//! summary, the hourly activity); the Crawl-delay rows come before it, from each stream's
//! requests under a checked Crawl-delay walked in time order (`delays.rs`). The others run
//! as the writers ask for rows ([`Violations`], [`Conflicts`]: `rows.rs`), each over its own
//! reading of the kept requests in report order (`source.rs`).

use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use foldhash::HashMap;

use crate::crawlers::DnsTally;
use crate::extsort::SortError;
use crate::fetch::{Obtained, Origin, Outcome};
use crate::history::{self, Evidence, Fetch, Held, Ruling, VersionVerdict};
use crate::report::{HostRow, InputRow, Kind, SampleClient, SpoofedRow, SummaryRow};
use crate::robots::{Agent, GroupId, PrefKey, PrefLineId, RobotsTxt, RuleId, normalize_target};
use crate::text;

use super::aggregate::{
    AgentProfile, Client, CrawlerInfo, Fetches, Hit, HostKey, InputCounts, PairAgg, TooOld,
    Verification, by_path, pair_key,
};
use super::census::Census;
use super::counting::{Counter, RunPass, Tally, count_runs, pair_of};
use super::delays::{DelayTable, Delays};
use super::partial::Partial;
use super::rows::{Conflicts, Violations, report_order};
use super::rules::{DialectRules, Rules};
use super::source::{AHEAD, MemStream, MergedRuns, PathText, Source, Wanted, prefetch_bytes};
use super::spill::StreamTable;
use super::{AuditError, Auditor};

/// Everything the reports say. The violations and the preference conflicts stream out as
/// they are read.
pub struct Findings {
    /// The violations report's rows, in report order, made as they are read.
    pub violations: Violations,
    /// The preferences report's rows (requests that go against a usage preference), in
    /// report order, made as they are read.
    pub preferences: Conflicts,
    /// One row per (host, crawler).
    pub summary: Vec<SummaryRow>,
    /// One row per host (per origin: http and https of a host are two).
    pub hosts: Vec<HostRow>,
    /// Origins whose robots.txt answered this tool 4xx (no file: all allowed) while crawlers
    /// in the log got it with a 2xx: (origin, the status the tool got). A firewall or bot
    /// filter answering the tool otherwise makes "no file" a guess the log contradicts.
    pub refused: Vec<(String, u16)>,
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

impl Spilled {
    /// The workers' `runs`, to be merged at most `fan_in` at a time, before any merge.
    pub(super) fn of(runs: &[Arc<super::spill::SpillRun>], fan_in: usize) -> Spilled {
        Spilled {
            runs: runs.len(),
            bytes: runs.iter().map(|r| r.bytes()).sum(),
            fan_in,
            merges: 0,
        }
    }

    /// Two sorts on disk as one: their runs and merges added, the lesser fan-in.
    pub(super) fn and(self, other: Spilled) -> Spilled {
        Spilled {
            runs: self.runs + other.runs,
            bytes: self.bytes + other.bytes,
            fan_in: self.fan_in.min(other.fan_in),
            merges: self.merges + other.merges,
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

    /// Hosts whose crawler traffic was not judged: (origin, crawler requests, reason).
    pub fn not_judged(&self) -> Vec<(&str, u64, &str)> {
        self.hosts
            .iter()
            .filter(|h| !h.judged && h.crawler_requests > 0)
            .map(|h| (h.origin(), h.crawler_requests, h.reason.as_str()))
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

    /// Of [`Self::violating_requests`], the requests that came too soon under a Crawl-delay
    /// (a disallowed request can be one too, and is then counted under both).
    pub fn crawl_delay_breaches(&self) -> u64 {
        self.activity
            .iter()
            .filter(|a| a.kind == Kind::CrawlDelay)
            .map(|a| a.requests)
            .sum()
    }
}

/// (bin start, address of the host's name, address of the crawler's name, kind).
type BinKey = (i64, usize, usize, Kind);

/// Violating requests per (time bin, host, crawler, kind).
pub(super) struct ActivityMap {
    bin_ms: i64,
    /// (bin, host, crawler, kind) → requests, the names by the address of the stream's own
    /// copies (fixed while the findings are made): a request is counted with no string
    /// compared or copied, and the counts are summed by value once, in [`Self::into_counts`].
    counts: HashMap<BinKey, (Arc<str>, Arc<str>, u64)>,
}

impl ActivityMap {
    /// Bins of the width that fits the span of the crawler requests in `pairs`.
    fn new(pairs: &BTreeMap<(HostKey, String), PairAgg>) -> ActivityMap {
        let span = pairs
            .values()
            .filter(|p| p.requests > 0)
            .map(|p| (p.first_ms, p.last_ms))
            .reduce(|(lo, hi), (first, last)| (lo.min(first), hi.max(last)));
        ActivityMap::with_bin(span.map_or(3_600_000, |(lo, hi)| crate::report::time_bin_ms(lo, hi)))
    }

    /// No requests yet, in bins `bin_ms` wide.
    pub(super) fn with_bin(bin_ms: i64) -> ActivityMap {
        ActivityMap {
            bin_ms,
            counts: HashMap::default(),
        }
    }

    /// Its bins' width, in ms.
    pub(super) fn bin_ms(&self) -> i64 {
        self.bin_ms
    }

    /// Adds the requests of `other`, whose bins are as wide and whose names are the same
    /// streams' copies.
    pub(super) fn absorb(&mut self, other: ActivityMap) {
        debug_assert_eq!(self.bin_ms, other.bin_ms);
        for (key, (host, crawler, n)) in other.counts {
            self.counts.entry(key).or_insert((host, crawler, 0)).2 += n;
        }
    }

    /// One violating request at `time_ms`.
    pub(super) fn add(&mut self, time_ms: i64, host: &Arc<str>, crawler: &Arc<str>, kind: Kind) {
        let bin = time_ms.div_euclid(self.bin_ms) * self.bin_ms;
        let key = (
            bin,
            Arc::as_ptr(host) as *const u8 as usize,
            Arc::as_ptr(crawler) as *const u8 as usize,
            kind,
        );
        self.counts
            .entry(key)
            .or_insert_with(|| (Arc::clone(host), Arc::clone(crawler), 0))
            .2 += 1;
    }

    /// The counts by value, one per (bin, host, crawler, kind), in that order. The names'
    /// copies are few (one per stream class), so each is ranked by its value once and the
    /// bins are sorted by numbers: a map keyed by the names compared two names in each of
    /// its n log n comparisons (3.8 ms of the violations mix's end on one thread, now 2.1).
    fn into_counts(self) -> Vec<Activity> {
        let ranks = |names: HashMap<usize, &Arc<str>>| -> HashMap<usize, u32> {
            let mut names: Vec<(usize, &Arc<str>)> = names.into_iter().collect();
            names.sort_unstable_by(|a, b| a.1.cmp(b.1));
            let mut ranks = HashMap::default();
            let mut rank = 0;
            for (i, &(at, name)) in names.iter().enumerate() {
                // Copies of one name share its rank.
                if i > 0 && *names[i - 1].1 != *name {
                    rank += 1;
                }
                ranks.insert(at, rank);
            }
            ranks
        };
        let hosts = ranks(self.counts.iter().map(|(k, v)| (k.1, &v.0)).collect());
        let crawlers = ranks(self.counts.iter().map(|(k, v)| (k.2, &v.1)).collect());
        let mut bins: Vec<((i64, u32, u32, Kind), Activity)> = self
            .counts
            .into_iter()
            .map(
                |((bin, host, crawler, kind), (host_name, crawler_name, n))| {
                    (
                        (bin, hosts[&host], crawlers[&crawler], kind),
                        Activity {
                            start_ms: bin,
                            host: host_name,
                            crawler: crawler_name,
                            kind,
                            requests: n,
                        },
                    )
                },
            )
            .collect();
        // Equal keys are one bin counted under copies of its names: summed below, so their
        // order does not matter.
        bins.sort_unstable_by_key(|b| b.0);
        let mut out: Vec<Activity> = Vec::with_capacity(bins.len());
        let mut last = None;
        for (key, bin) in bins {
            match out.last_mut() {
                Some(same) if last == Some(key) => same.requests += bin.requests,
                _ => out.push(bin),
            }
            last = Some(key);
        }
        out
    }
}

/// A stream as the judgement needs it: who, under which rules, with which own fetches. What
/// it shares with the other streams of its crawler on its origin (every User-Agent of an
/// unknown crawler is a stream of its own) is one [`StreamClass`], which it reads as.
pub(super) struct StreamInfo {
    class: Arc<StreamClass>,
    pub ua: Arc<str>,
    pub verification: Verification,
    /// Its own fetches for a request from any address: a verified stream's verified fetches
    /// (every verified address is the crawler's), else none. Sorted.
    fetches: Arc<Vec<Fetch>>,
    /// Its own fetches by address, whatever their verification (shared by the streams of
    /// its crawler and User-Agent on its origin). Each sorted.
    by_client: Arc<HashMap<Client, Vec<Fetch>>>,
}

/// How much earlier than a request a crawler's fetch of `/robots.txt` must be logged to have
/// surely come first: a second, the coarsest resolution of the logs read. Not the stream's
/// own resolution: that depends on which lines a window keeps (one line to the second among
/// lines to the millisecond makes the stream's), and a window's verdicts are the whole log's
/// verdicts in it; nor the request's alone, since the fetch's line may be coarser.
const FETCH_ORDER_MS: i64 = 1000;

/// What the streams of one (origin, crawler, way of reading robots.txt) share.
pub(super) struct StreamClass {
    pub host: Arc<str>,
    pub crawler: Arc<str>,
    pub operator: Arc<str>,
    pub category: Arc<str>,
    /// Its summary row's key.
    pub pair: (HostKey, String),
    /// Whether robots.txt's rules bind it (else its requests are judged for usage
    /// preferences only).
    pub bound: bool,
    /// The usage preference its category goes against, if any.
    pub conflicts_on: Option<PrefKey>,
    pub rules: Arc<DialectRules>,
    pub groups: Vec<Option<GroupId>>,
    /// The earliest `robots_version` a row of its (host, crawler) can cite, over every
    /// stream of that pair: rows of that version are final once the rows pass their
    /// User-Agent (`rows.rs`).
    pub floor: Option<i64>,
}

impl std::ops::Deref for StreamInfo {
    type Target = StreamClass;

    /// A stream reads as its class.
    fn deref(&self) -> &StreamClass {
        &self.class
    }
}

/// How each version of an origin's robots.txt reads one path for one stream.
#[derive(Default)]
pub(super) struct PathReads {
    /// Each version's verdict: None where a version cannot judge.
    pub verdicts: Vec<Option<(bool, Option<RuleId>)>>,
    /// Each version's "no" to the stream's use of the path, with its deciding line; empty
    /// when its crawler's use never conflicts.
    pub no: Vec<Option<PrefLineId>>,
}

/// What one kept request comes to.
pub(super) enum Verdict {
    /// The rules the crawler held cannot be known.
    NotJudged,
    /// Robots.txt allows it, or does not bind its crawler (`by_leeway` is then false).
    Allowed {
        /// Allowed only thanks to the leeway.
        by_leeway: bool,
        /// Every version the crawler may hold says no to its use: the latest of them, and
        /// how they were found (docs/preferences.md, "What a conflict is").
        conflict: Option<(usize, Evidence)>,
    },
    /// Disallowed under every version the crawler may hold (never also a conflict).
    Violation {
        /// The version cited: the latest of them.
        version: usize,
        /// How they were found.
        evidence: Evidence,
    },
}

impl PathReads {
    fn rules(&self) -> impl Fn(usize) -> VersionVerdict + '_ {
        |v| match self.verdicts[v] {
            Some((false, _)) => VersionVerdict::Disallow,
            _ => VersionVerdict::Allow,
        }
    }

    /// The latest version and the evidence when every version of `held` says no to the use
    /// (judged as a rule is: docs/preferences.md, "What a conflict is").
    fn conflict(&self, held: &Held) -> Option<(usize, Evidence)> {
        if self.no.is_empty() {
            return None;
        }
        let says_no = |v: usize| match self.no[v] {
            Some(_) => VersionVerdict::Disallow,
            None => VersionVerdict::Allow,
        };
        match history::judge(held, says_no) {
            Ruling::Violation { version, evidence } => Some((version, evidence)),
            Ruling::NotJudged | Ruling::Allowed { .. } => None,
        }
    }
}

impl StreamInfo {
    /// The versions the crawler may have held for a request at `t`. Its latest fetch of
    /// `/robots.txt` narrows them when it surely came before the request: logged at least a
    /// second earlier ([`FETCH_ORDER_MS`]). A fetch in the same second as a request of a log
    /// to the second may have followed it, and a fetch never narrows itself (the Crawl-delay
    /// walk judges the fetch as a request too): then the request may have been made with or
    /// without what that fetch got, and both count. A body is one of the versions in force
    /// within the leeway, which are held as with no fetch logged; a "no file" (4xx) may have
    /// come first, and allows everything.
    pub(super) fn held(&self, t: i64, client: &Client, leeway: i64) -> Held {
        let mut latest = history::latest_fetch(&self.fetches, t);
        if !self.by_client.is_empty()
            && let Some(own) = self.by_client.get(client)
        {
            // The later of the two, as in one list sorted by value.
            latest = latest.max(history::latest_fetch(own, t));
        }
        if latest.is_some_and(|f| {
            f.time.saturating_add(FETCH_ORDER_MS) > t
                && f.time >= t.saturating_sub(leeway)
                && f.got_no_file()
        }) {
            return Held::NoFile;
        }
        let fetch = latest.filter(|f| f.time.saturating_add(FETCH_ORDER_MS) <= t);
        self.rules
            .timeline
            .held(t, leeway, fetch, |v| self.rules.sizes[v])
    }

    /// How each version reads a path: its verdict, and its "no" to the stream's use, in
    /// `reads` (its vectors refilled, not made anew, path after path).
    pub fn reads(&self, path: &[u8], scratch: &mut Vec<u8>, reads: &mut PathReads) {
        normalize_target(path, scratch);
        let versions = &self.rules.versions;
        reads.verdicts.clear();
        reads.verdicts.extend(versions.iter().zip(&self.groups).map(
            |(rules, &group)| match rules {
                Rules::Compiled(robots) => {
                    let verdict = robots.check(group, scratch);
                    Some((verdict.allowed, verdict.rule))
                }
                Rules::AllowAll => Some((true, None)),
                Rules::NotJudged => None,
            },
        ));
        reads.no.clear();
        if let Some(key) = self.conflicts_on {
            reads
                .no
                .extend(versions.iter().zip(&self.groups).map(|(rules, &group)| {
                    let Rules::Compiled(robots) = rules else {
                        return None;
                    };
                    robots
                        .preference(group, scratch, key)
                        .filter(|p| !p.yes)
                        .map(|p| p.line)
                }));
        }
    }

    /// What a request of the path `reads` made at `t` by `client` comes to.
    pub fn verdict(&self, reads: &PathReads, t: i64, client: &Client, leeway: i64) -> Verdict {
        let held = self.held(t, client, leeway);
        if !self.bound {
            return Verdict::Allowed {
                by_leeway: false,
                conflict: reads.conflict(&held),
            };
        }
        match history::judge(&held, reads.rules()) {
            Ruling::NotJudged => Verdict::NotJudged,
            Ruling::Violation { version, evidence } => Verdict::Violation { version, evidence },
            Ruling::Allowed { by_leeway } => Verdict::Allowed {
                by_leeway,
                conflict: reads.conflict(&held),
            },
        }
    }
}

/// Builds the findings of a merged partial.
pub fn findings(auditor: &Auditor, partial: Partial) -> Result<Findings, AuditError> {
    // What cannot go to disk; the streams are counted once the table has them.
    let census = Census::of(&partial);
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
        delay_runs,
    } = partial;
    let leeway = auditor.settings.leeway_ms;
    let mut activity = ActivityMap::new(&pairs);
    // Every stream, from memory and from the runs, in one table, with its time resolution:
    // the coarsest of its parts'.
    let mut table = StreamTable::new();
    let mut resolution: Vec<i64> = Vec::new();
    let mut coarsest = |i: u32, r: i64| match resolution.get_mut(i as usize) {
        Some(known) => *known = (*known).max(r),
        None => resolution.push(r),
    };
    for (key, stream) in &streams {
        coarsest(
            table.add(&Arc::new(key.clone()), &stream.agent),
            stream.resolution_ms,
        );
    }
    for run in runs.iter().chain(&delay_runs) {
        for s in &run.streams {
            coarsest(table.add(&s.key, &s.agent), s.resolution_ms);
        }
    }
    let census = Census {
        streams: table.keys.len() as u64,
        ..census
    };
    if census.passes(auditor.settings.memory_budget) {
        return Err(AuditError::TooMany {
            census,
            budget: auditor.settings.memory_budget,
        });
    }
    let infos = stream_infos(auditor, &table, &fetches, &crawlers);
    // The rules are read again here: where they are not the workers' (a Spark driver reads
    // every host's, each task a few), the budget may be met here first, and a version left
    // out would judge its requests by nothing.
    auditor.robots_held()?;
    // Streams on origins without rules: their kept requests are not judged.
    for key in streams.keys() {
        if infos[table.index(key) as usize].is_none() {
            let pair = pairs.entry(pair_key(&key.0, &key.1)).or_default();
            pair.not_judged += pair.pending;
            pair.checked -= pair.pending;
            pair.pending = 0;
        }
    }
    // Crawl-delay: each stream walked from memory (beside the first pass, below), or, past the
    // memory budget, from the runs merged with what is still in memory.
    let mut delay_memory = Vec::new();
    let mut memory = Vec::new();
    for (key, mut stream) in streams {
        let i = table.index(&key);
        if infos[i as usize].is_none() {
            continue;
        }
        if !stream.delay.is_empty() {
            delay_memory.push((i, std::mem::take(&mut stream.delay)));
        }
        let mut hits = std::mem::take(&mut stream.hits);
        let ranges = by_path(&mut hits, stream.paths.len());
        // Each path is read through once here, long after it was kept: asked for a few
        // paths before (as `source::prefetch_ahead` does).
        let mut raw = std::mem::take(&mut stream.paths).into_iter();
        let mut paths = Vec::with_capacity(raw.len());
        while let Some(path) = raw.next() {
            if let Some(ahead) = raw.as_slice().get(AHEAD - 1) {
                prefetch_bytes(ahead);
            }
            paths.push(PathText::new(path));
        }
        memory.push(MemStream {
            info: i,
            paths,
            hits,
            ranges,
        });
    }
    let clients = Arc::new(clients);
    let bin_ms = activity.bin_ms();
    // The walks of the streams whose Crawl-delay requests are all in memory: their rows and
    // activity.
    let walk_memory = |delay_memory: Vec<(u32, Vec<Hit>)>| {
        let mut activity = ActivityMap::with_bin(bin_ms);
        let mut delays = Delays::new(auditor, &mut activity);
        for (i, mut hits) in delay_memory {
            let info = infos[i as usize].as_ref().expect("kept above");
            delays.in_memory(info, resolution[i as usize], &mut hits, &clients)?;
        }
        let rows = delays.rows;
        Ok::<_, SortError>((rows, activity))
    };
    let mut spilled = None;
    // Past the memory budget, every stream is walked here, from the runs merged with what is
    // still in memory; else beside the first pass, below.
    let mut merged_walks = None;
    if !delay_runs.is_empty() {
        let mut activity = ActivityMap::with_bin(bin_ms);
        let mut delays = Delays::new(auditor, &mut activity);
        let table = DelayTable::new(&table, &infos, resolution.clone());
        let memory = std::mem::take(&mut delay_memory);
        spilled = Some(delays.merged(delay_runs, memory, &clients, &table)?);
        let rows = delays.rows;
        merged_walks = Some((rows, activity));
    }
    // The two passes that make rows: violations (streams robots.txt binds) and usage
    // preference conflicts (streams whose crawler's use can conflict).
    let wanted = |pick: fn(&StreamInfo) -> bool| -> Wanted {
        infos.iter().map(|i| i.as_ref().is_some_and(pick)).collect()
    };
    let passes = [wanted(|i| i.bound), wanted(|i| i.conflicts_on.is_some())];
    let memory = Arc::new(memory);
    // First pass: the counts ([`super::counting`]), of the requests in memory (each stream
    // counted whole, then added to its row), then of the runs. With every request in memory,
    // the passes' report order is sorted meanwhile on a second thread (the workers are done):
    // both only read the requests. The streams are counted as they are taken from `next`, so
    // that the thread done first with its other work (the sort, or the Crawl-delay walks)
    // counts those the other has not taken yet: on the varied mix the counts alone took 10 ms
    // and the sort beside them 3. Each stream's tally is added to its row afterwards, in the
    // streams' order.
    let count_memory = |next: &AtomicUsize| {
        let mut counter = Counter::new(bin_ms);
        let mut tallies = Vec::new();
        loop {
            let at = next.fetch_add(1, Ordering::Relaxed);
            let Some(m) = memory.get(at) else {
                break;
            };
            let info = infos[m.info as usize]
                .as_ref()
                .expect("streams without rules were dropped");
            let mut tally = Tally::default();
            for (p, &(start, end)) in m.ranges.iter().enumerate() {
                if let Some(ahead) = m.paths.get(p + AHEAD) {
                    prefetch_bytes(ahead.raw());
                }
                if start < end {
                    let times = m.hits[start as usize..end as usize]
                        .iter()
                        .map(|h| (h.1.time_ms, &clients[h.1.client as usize]));
                    counter.count(&mut tally, info, m.paths[p].raw(), times, leeway);
                }
            }
            tallies.push((at, tally));
        }
        (tallies, counter.activity)
    };
    let next = AtomicUsize::new(0);
    let apply = |pairs: &mut BTreeMap<(HostKey, String), PairAgg>,
                 mut tallies: Vec<(usize, Tally)>| {
        tallies.sort_unstable_by_key(|t| t.0);
        for (at, tally) in tallies {
            let info = infos[memory[at].info as usize]
                .as_ref()
                .expect("counted above");
            tally.apply(pair_of(pairs, info));
        }
    };
    let ([violations, conflicts], (counted, walked)) = if runs.is_empty() {
        // One sort for both passes beside the Crawl-delay walks, then both threads count.
        let sort_then_count = || {
            let orders = Source::memory(Arc::clone(&memory), &infos, &passes);
            (orders, count_memory(&next))
        };
        let walk_then_count = || {
            let walked = walk_memory(std::mem::take(&mut delay_memory));
            (count_memory(&next), walked)
        };
        let ((orders, (mut tallies, mut counted)), ((more, activity), walked)) = both(
            auditor.settings.threads > 1,
            sort_then_count,
            walk_then_count,
        );
        tallies.extend(more);
        apply(&mut pairs, tallies);
        counted.absorb(activity);
        (orders, (counted, walked))
    } else {
        // Past the memory budget: the runs are read once for the counts (on the audit's
        // threads), then merged, with what is still in memory, for the rows.
        let walked = walk_memory(std::mem::take(&mut delay_memory));
        let (tallies, mut counted) = count_memory(&next);
        apply(&mut pairs, tallies);
        let pass = RunPass {
            table: &table,
            infos: &infos,
            leeway,
            threads: auditor.settings.threads,
            budget: auditor.settings.memory_budget,
            bin_ms,
        };
        counted.absorb(count_runs(&runs, &pass)?.apply(&mut pairs, &table, &infos));
        let merged = MergedRuns::new(auditor, runs, memory, &table, &infos, &clients, &passes)?;
        let sources = merged.open(&passes)?;
        let kept = merged.finish();
        spilled = Some(spilled.map_or(kept, |delay: Spilled| delay.and(kept)));
        (sources, (counted, walked))
    };
    let (mut delay_rows, walked) = walked?;
    activity.absorb(walked);
    activity.absorb(counted);
    if let Some((rows, walked)) = merged_walks {
        delay_rows.extend(rows);
        activity.absorb(walked);
    }
    delay_rows.sort_by(report_order);
    let infos = Arc::new(infos);
    let (hosts_rows, refused) = host_rows(auditor, &hosts, &pairs);
    Ok(Findings {
        violations: Violations::new(
            Arc::clone(&infos),
            violations,
            Arc::clone(&clients),
            leeway,
            delay_rows,
        ),
        preferences: Conflicts::new(infos, conflicts, clients, leeway),
        refused,
        summary: summary_rows(pairs, &crawlers),
        hosts: hosts_rows,
        spoofed: spoofed_rows(spoofed),
        inputs,
        activity_bin_ms: activity.bin_ms,
        activity: activity.into_counts(),
        too_old_to_verify,
        dns,
        spilled,
    })
}

/// `a` and `b`, on two threads when `parallel` (`a` on a new one), else one after the other;
/// a panic of either is the caller's.
fn both<A: Send, B>(parallel: bool, a: impl FnOnce() -> A + Send, b: impl FnOnce() -> B) -> (A, B) {
    if !parallel {
        return (a(), b());
    }
    std::thread::scope(|scope| {
        let a = scope.spawn(a);
        let b = b();
        match a.join() {
            Ok(a) => (a, b),
            Err(panic) => std::panic::resume_unwind(panic),
        }
    })
}

/// A crawler's own fetches on an origin (docs/judging.md, "The crawler's own fetches"):
/// the verified ones, which speak for every verified request, and every one by its address,
/// which speaks for that address's requests.
type OwnFetches = (Arc<Vec<Fetch>>, Arc<HashMap<Client, Vec<Fetch>>>);

/// The [`OwnFetches`] of an (origin, crawler, User-Agent) in `fetches`.
fn own_fetches_of(
    fetches: &BTreeMap<super::aggregate::FetchKey, Fetches>,
    origin: &Origin,
    crawler: &str,
    ua: &str,
) -> OwnFetches {
    let mut pooled = Vec::new();
    let mut by_client: HashMap<Client, Vec<Fetch>> = HashMap::default();
    for v in [
        Verification::Verified,
        Verification::Unverifiable,
        Verification::Spoofed,
    ] {
        let key = (origin.clone(), crawler.to_string(), v, ua.to_string());
        for (client, fetch) in fetches.get(&key).into_iter().flatten() {
            if v == Verification::Verified {
                pooled.push(*fetch);
            }
            by_client.entry(client.clone()).or_default().push(*fetch);
        }
    }
    pooled.sort_unstable();
    for list in by_client.values_mut() {
        list.sort_unstable();
    }
    (Arc::new(pooled), Arc::new(by_client))
}

/// How each stream of the table is judged, or None when its origin has no rules (not
/// judged). Streams of one (origin, crawler, profile) share their [`StreamClass`].
fn stream_infos(
    auditor: &Auditor,
    table: &StreamTable,
    fetches: &BTreeMap<super::aggregate::FetchKey, Fetches>,
    crawlers: &BTreeMap<String, CrawlerInfo>,
) -> Vec<Option<StreamInfo>> {
    // Each (origin, crawler, User-Agent)'s fetches, made once for all its streams.
    let mut own_fetches: HashMap<(Origin, String, String), OwnFetches> = HashMap::default();
    // The table shares equal profiles: one pointer per profile.
    let mut ids: HashMap<(&Origin, &str, *const AgentProfile), usize> = HashMap::default();
    let mut classes: Vec<Option<StreamClass>> = Vec::new();
    let of: Vec<usize> = table
        .keys
        .iter()
        .zip(&table.agents)
        .map(|(key, agent)| {
            let (origin, crawler, _, _) = &**key;
            *ids.entry((&**origin, &**crawler, Arc::as_ptr(agent)))
                .or_insert_with(|| {
                    classes.push(stream_class(auditor, origin, crawler, agent, crawlers));
                    classes.len() - 1
                })
        })
        .collect();
    drop(ids);
    // The earliest version any stream of a (host, crawler) can cite.
    let mut floors: HashMap<(Arc<str>, Arc<str>), Option<i64>> = HashMap::default();
    for c in classes.iter().flatten() {
        floors
            .entry((Arc::clone(&c.host), Arc::clone(&c.crawler)))
            .and_modify(|f| *f = (*f).min(c.floor))
            .or_insert(c.floor);
    }
    let classes: Vec<Option<Arc<StreamClass>>> = classes
        .into_iter()
        .map(|c| {
            c.map(|mut c| {
                c.floor = floors[&(Arc::clone(&c.host), Arc::clone(&c.crawler))];
                Arc::new(c)
            })
        })
        .collect();
    table
        .keys
        .iter()
        .zip(&table.agents)
        .zip(of)
        .map(|((key, agent), class)| {
            let class = Arc::clone(classes[class].as_ref()?);
            let (origin, crawler, ua, verification) = &**key;
            let fetch_ua = if agent.fetches_by_user_agent {
                ua.to_string()
            } else {
                String::new()
            };
            let (pooled, by_client) = own_fetches
                .entry(((**origin).clone(), crawler.to_string(), fetch_ua))
                .or_insert_with_key(|(o, c, u)| own_fetches_of(fetches, o, c, u))
                .clone();
            Some(StreamInfo {
                class,
                ua: Arc::clone(ua),
                verification: *verification,
                // Only a verified request reads every verified address's fetches.
                fetches: if *verification == Verification::Verified {
                    pooled
                } else {
                    Arc::default()
                },
                by_client,
            })
        })
        .collect()
}

/// What the streams of a crawler with one profile on one origin share, or None when the
/// origin has no rules.
fn stream_class(
    auditor: &Auditor,
    origin: &Origin,
    crawler: &str,
    agent: &AgentProfile,
    crawlers: &BTreeMap<String, CrawlerInfo>,
) -> Option<StreamClass> {
    let rules = auditor.rules.lookup(auditor.robots.as_ref(), origin)?;
    let rules = rules.dialect(agent.dialect);
    let info = crawlers.get(crawler);
    Some(StreamClass {
        host: Arc::from(origin.display_host()),
        crawler: Arc::from(crawler),
        operator: Arc::from(info.map_or("", |i| i.operator.as_str())),
        category: Arc::from(info.map_or("", |i| i.category.as_str())),
        pair: pair_key(origin, crawler),
        bound: agent.bound,
        conflicts_on: agent.conflicts_on,
        groups: groups_of(&rules, agent),
        floor: rules.starts.iter().copied().min().flatten(),
        rules,
    })
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

/// A client as a report cell.
pub(super) fn client_text(c: &Client) -> String {
    match c {
        Client::Ip(ip) => {
            let mut out = String::with_capacity(15);
            text::push_ip(&mut out, *ip);
            out
        }
        Client::Other(bytes) => text::cell(bytes).into_owned(),
    }
}

/// A row's sample client: the address itself (written by the report's writer), or the text
/// of a client field that is no address.
pub(super) fn sample_client(c: &Client) -> SampleClient {
    match c {
        Client::Ip(ip) => SampleClient::Ip(*ip),
        Client::Other(bytes) => SampleClient::Text(text::cell(bytes).into()),
    }
}

fn summary_rows(
    pairs: BTreeMap<(HostKey, String), PairAgg>,
    crawlers: &BTreeMap<String, super::aggregate::CrawlerInfo>,
) -> Vec<SummaryRow> {
    // http and https of one host print the same: one row. The pairs move, not copied.
    let mut by_name: BTreeMap<(String, String), PairAgg> = BTreeMap::new();
    for ((host, crawler), p) in pairs {
        let key = (host.display(), crawler);
        match by_name.get_mut(&key) {
            Some(mine) => mine.merge(p),
            None => {
                by_name.insert(key, p);
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
                preference_conflicts: p.preference_conflicts,
                violations_spoofed: p.violations_spoofed,
            }
        })
        .collect()
}

/// The hosts report's `preferences`: what the `*` group sets, per key, for the site's root
/// `/` (`ai-train=no;search=yes`); a key that only lines with a longer path set is
/// `per-path` (docs/reports.md, "The hosts report").
fn star_preferences(robots: &RobotsTxt) -> String {
    let Some(star) = robots.global_group() else {
        return String::new();
    };
    let root = robots.preferences(Some(star), b"/");
    let set = |key: PrefKey| {
        robots
            .group(star)
            .preference_lines()
            .any(|id| robots.preference_line(id).value(key).is_some())
    };
    PrefKey::ALL
        .into_iter()
        .filter_map(|key| {
            let value = match root.get(key) {
                Some(p) => p.value_name(),
                None if set(key) => "per-path",
                None => return None,
            };
            Some(format!("{}={value}", key.name()))
        })
        .collect::<Vec<_>>()
        .join(";")
}

/// One row per host, and the origins whose file this tool was refused (a 4xx, read as no
/// file) while a crawler's own fetch of it in the log got a 2xx, with the status the tool
/// got, by origin.
fn host_rows(
    auditor: &Auditor,
    hosts: &BTreeMap<HostKey, super::aggregate::HostCounts>,
    pairs: &BTreeMap<(HostKey, String), PairAgg>,
) -> (Vec<HostRow>, Vec<(String, u16)>) {
    let crawlers_got: std::collections::BTreeSet<&HostKey> = pairs
        .iter()
        .filter(|(_, p)| p.robots_statuses.keys().any(|s| (200..300).contains(s)))
        .map(|((key, _), _)| key)
        .collect();
    let mut refused: BTreeMap<String, u16> = BTreeMap::new();
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
                preferences: String::new(),
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
            let (groups, preferences) = match google.versions.last() {
                Some(Rules::Compiled(robots)) => {
                    (robots.groups().count() as u64, star_preferences(robots))
                }
                _ => (0, String::new()),
            };
            let dated: Vec<i64> = google.starts.iter().flatten().copied().collect();
            let mut reason = e.reason.clone().unwrap_or_default();
            if matches!(e.obtained, Obtained::Network | Obtained::Cache)
                && e.outcome == Outcome::AllowAll
                && let Some(status) = e.status.filter(|s| (400..500).contains(s))
                && crawlers_got.contains(key)
            {
                reason
                    .push_str("; crawlers in the log got it (2xx): refused to robots-audit alone?");
                refused.insert(origin.to_string(), status);
            }
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
                reason,
                preferences,
                ..base
            }
        })
        .collect();
    out.sort_by(|a, b| (&a.host, &a.robots_url).cmp(&(&b.host, &b.robots_url)));
    (out, refused.into_iter().collect())
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn activity_is_summed_by_the_names_values_in_their_order() {
        // Names in copies of their own (as each stream class holds), added in a scrambled
        // order, against the counts by value in a map keyed by the names.
        let names =
            |list: &[&str]| -> Vec<Arc<str>> { list.iter().map(|&n| Arc::from(n)).collect() };
        let hosts = [
            names(&["b.example", "a.example", "c.example"]),
            names(&["a.example", "b.example"]),
        ];
        let crawlers = [
            names(&["Googlebot", "bingbot", "GPTBot"]),
            names(&["bingbot", "Googlebot"]),
        ];
        let mut map = ActivityMap::with_bin(60_000);
        let mut want: BTreeMap<(i64, String, String, Kind), u64> = BTreeMap::new();
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..2_000 {
            crate::test_rng::xorshift(&mut state);
            let copy = (state % 2) as usize;
            let host = &hosts[copy][(state >> 8) as usize % hosts[copy].len()];
            let crawler = &crawlers[copy][(state >> 16) as usize % crawlers[copy].len()];
            let kind = if state >> 24 & 1 == 0 {
                Kind::Disallowed
            } else {
                Kind::CrawlDelay
            };
            let t = (state >> 32) as i64 % 600_000 - 300_000;
            map.add(t, host, crawler, kind);
            let bin = t.div_euclid(60_000) * 60_000;
            *want
                .entry((bin, host.to_string(), crawler.to_string(), kind))
                .or_default() += 1;
        }
        let got: Vec<(i64, String, String, Kind, u64)> = map
            .into_counts()
            .into_iter()
            .map(|a| {
                (
                    a.start_ms,
                    a.host.to_string(),
                    a.crawler.to_string(),
                    a.kind,
                    a.requests,
                )
            })
            .collect();
        let want: Vec<(i64, String, String, Kind, u64)> = want
            .into_iter()
            .map(|((b, h, c, k), n)| (b, h, c, k, n))
            .collect();
        assert_eq!(got, want);
    }

    #[test]
    fn client_text_writes_addresses_as_display_does() {
        use std::net::{IpAddr, Ipv4Addr};
        for ip in [
            Ipv4Addr::new(0, 0, 0, 0),
            Ipv4Addr::new(255, 255, 255, 255),
            Ipv4Addr::new(66, 249, 66, 1),
            Ipv4Addr::new(10, 0, 100, 9),
            Ipv4Addr::new(1, 20, 3, 40),
        ] {
            assert_eq!(client_text(&Client::Ip(IpAddr::V4(ip))), ip.to_string());
        }
        let v6: IpAddr = "2001:db8::1".parse().unwrap();
        assert_eq!(client_text(&Client::Ip(v6)), "2001:db8::1");
        let other = Client::Other(b"unix:\x1b".to_vec().into_boxed_slice());
        assert_eq!(client_text(&other), "unix:%1B");
    }
}
