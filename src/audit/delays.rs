//! Crawl-delay at the end: each stream's requests under a checked Crawl-delay, walked in
//! time order, become its Crawl-delay rows and its pace (the shortest and the median
//! interval between its requests), in bounded memory.
//!
//! A worker keeps every fetching request of a crawler whose Crawl-delay is checked; past its
//! share of the memory budget it writes them, with the other kept requests, to a run of their
//! own (`spill.rs`): per stream by value, each stream's requests in the order walked here
//! (time, then the client's value, then the status, so that which of two requests in the
//! same instant comes first does not depend on how the data was split). At the end the runs
//! are merged (in passes when there are more than the descriptors allow) with what is still
//! in memory, and each stream is walked as its requests come, never held whole. The median
//! interval is exact: the intervals stay in memory up to a quarter of the budget, past it
//! they are sorted into runs of their own and merged to the middle one.
//!
//! Without runs the streams are walked from memory, each sorted in place.

use std::cmp::Ordering;
use std::collections::BTreeMap;
use std::sync::Arc;

use crate::extsort::{
    LazyDir, OVERDRAFT, Run, RunReader, SortError, Source as MergeSource, fan_in, merge_runs,
    read_buffer, reduce,
};
use crate::history::{Evidence, Held};
use crate::report::{Kind, ViolationRow};

use super::Auditor;
use super::aggregate::{Client, Hit};
use super::findings::{ActivityMap, Spilled, StreamInfo};
use super::rows::{RowAcc, violation_row};
use super::rules::Rules;
use super::spill::{
    DELAY_RECORD_HITS, Input, RunHit, RunRecord, RunRecords, SpillRun, StreamTable, write_from,
};

/// Intervals in one record of an interval run.
const INTERVAL_RECORD: usize = 1024;

/// Sorts a stream's Crawl-delay requests in the order they are walked: by time, then by the
/// client's value (not its index in a table), then by status.
pub(super) fn sort_by_value(hits: &mut [Hit], clients: &[Client]) {
    let client = |i: u32| &clients[i as usize];
    hits.sort_unstable_by(|a, b| {
        (a.time_ms, client(a.client), a.status).cmp(&(b.time_ms, client(b.client), b.status))
    });
}

/// What the walks share: the judgement's settings, and where their rows and counts go.
pub(super) struct Delays<'a> {
    pub leeway: i64,
    /// Where interval runs go.
    pub dir: &'a LazyDir,
    /// The memory budget (the intervals of one stream take a quarter of it at most).
    pub budget: usize,
    pub rows: Vec<ViolationRow>,
    pub activity: &'a mut ActivityMap,
}

impl<'a> Delays<'a> {
    /// Walks with the audit's leeway and memory budget, their activity going to `activity`.
    pub fn new(auditor: &'a Auditor, activity: &'a mut ActivityMap) -> Delays<'a> {
        Delays {
            leeway: auditor.settings.leeway_ms,
            dir: &auditor.spill_dir,
            budget: auditor.settings.memory_budget,
            rows: Vec::new(),
            activity,
        }
    }

    /// Judges one stream's requests, in memory: sorts them in place, then walks them.
    pub fn in_memory(
        &mut self,
        d: &StreamInfo,
        resolution_ms: i64,
        hits: &mut [Hit],
        clients: &[Client],
    ) -> Result<(), SortError> {
        if hits.len() < 2 {
            return Ok(());
        }
        sort_by_value(hits, clients);
        let mut walk = Walk::new(d, resolution_ms, self);
        for h in hits.iter() {
            walk.add(h.time_ms, &clients[h.client as usize], h.status, self)?;
        }
        walk.finish(self)
    }

    /// Judges every stream of the runs and of `memory` (per stream: its index in the table
    /// and its requests, client indices into `clients`), merged by stream (by key) then in
    /// walking order, one stream at a time. Gives how the runs went.
    pub fn merged(
        &mut self,
        runs: Vec<Arc<SpillRun>>,
        memory: Vec<(u32, Vec<Hit>)>,
        clients: &Arc<Vec<Client>>,
        table: &DelayTable<'_>,
    ) -> Result<Spilled, SortError> {
        let fan_in = fan_in(2)?;
        let buffer = read_buffer(self.budget, fan_in);
        let dir = self.dir;
        let mut stats = Spilled::of(&runs, fan_in);
        let mut memory: Vec<(u32, u32, Vec<Hit>)> = memory
            .into_iter()
            .filter_map(|(s, mut hits)| {
                let (stream, rank) = table.map[s as usize]?;
                sort_by_value(&mut hits, clients);
                Some((rank, stream, hits))
            })
            .collect();
        memory.sort_unstable_by_key(|m| m.0);
        let has_memory = !memory.is_empty();
        let open = |input: &Input, run: usize, runs: usize| -> Result<_, SortError> {
            let (records, map) = match input {
                Input::Worker(w) => (
                    w.reader(run, runs, buffer)?,
                    w.streams
                        .iter()
                        .map(|s| table.map[table.streams.index(&s.key) as usize])
                        .collect(),
                ),
                Input::Merged(m) => (RunRecords::open(m, run, runs, buffer)?, table.map.clone()),
            };
            Ok(Box::new(RunHits {
                records,
                map,
                at: (0, 0),
                pending: Vec::new().into_iter(),
            }) as Box<dyn MergeSource<DelayHit> + Send>)
        };
        let order: fn(&DelayHit, &DelayHit) -> Ordering = DelayHit::order;
        let inputs = reduce(
            runs.into_iter().map(Input::Worker).collect(),
            fan_in - usize::from(has_memory),
            &order,
            open,
            |merge| {
                let dir = dir.get()?;
                let run = write_from(&dir, || {
                    let Some(first) = merge.next_record()? else {
                        return Ok(None);
                    };
                    let mut hits = vec![first.hit];
                    while hits.len() < DELAY_RECORD_HITS
                        && merge.peek().is_some_and(|n| n.stream == first.stream)
                    {
                        match merge.next_record()? {
                            Some(h) => hits.push(h.hit),
                            None => break,
                        }
                    }
                    Ok(Some(RunRecord {
                        stream: first.stream,
                        path: Box::default(),
                        hits,
                    }))
                })?;
                stats.merges += 1;
                Ok(Input::Merged(run))
            },
        )?;
        let memory = has_memory.then(|| {
            Box::new(MemoryHits {
                streams: memory.into_iter(),
                at: None,
                clients: Arc::clone(clients),
            }) as Box<dyn MergeSource<DelayHit> + Send>
        });
        let mut merge = merge_runs(&inputs, open, memory, order)?;
        let mut walk: Option<(u32, Walk<'_>)> = None;
        while let Some(h) = merge.next_record()? {
            if walk.as_ref().is_none_or(|(s, _)| *s != h.stream) {
                if let Some((_, w)) = walk.take() {
                    w.finish(self)?;
                }
                // The sources map the streams that are not judged to nothing.
                let info = table.infos[h.stream as usize]
                    .as_ref()
                    .expect("only judged streams are merged");
                let w = Walk::new(info, table.resolution_ms[h.stream as usize], self);
                walk = Some((h.stream, w));
            }
            if let Some((_, w)) = &mut walk {
                w.add(h.hit.time_ms, &h.hit.client, h.hit.status, self)?;
            }
        }
        if let Some((_, w)) = walk {
            w.finish(self)?;
        }
        Ok(stats)
    }
}

/// The streams of the judgement's table as the merge of Crawl-delay requests reads them.
pub(super) struct DelayTable<'a> {
    streams: &'a StreamTable,
    /// How each stream is judged (None: not judged).
    infos: &'a [Option<StreamInfo>],
    /// Each stream's time resolution (the coarsest of its lines).
    resolution_ms: Vec<i64>,
    /// Per table stream: (itself, its rank by key), None where it is not judged.
    map: Arc<[Option<(u32, u32)>]>,
}

impl<'a> DelayTable<'a> {
    /// The streams of `table`, how each is judged, and their time resolutions.
    pub fn new(
        table: &'a StreamTable,
        infos: &'a [Option<StreamInfo>],
        resolution_ms: Vec<i64>,
    ) -> DelayTable<'a> {
        let keys = &table.keys;
        let mut by_key: Vec<u32> = (0..keys.len() as u32).collect();
        by_key.sort_unstable_by(|&a, &b| keys[a as usize].cmp(&keys[b as usize]));
        let mut map = vec![None; keys.len()];
        for (rank, &s) in by_key.iter().enumerate() {
            if infos[s as usize].is_some() {
                map[s as usize] = Some((s, rank as u32));
            }
        }
        DelayTable {
            streams: table,
            infos,
            resolution_ms,
            map: map.into(),
        }
    }
}

/// One stream's walk: its Crawl-delay rows as they are found, and its intervals.
///
/// A request is early when its distance from the previous one is certainly shorter than the
/// delay of every version the crawler may have held. Log times are coarse (`[…:13:55:36
/// -0700]` is to the second), so an observed interval `i` at resolution `r` only proves a
/// breach when `i + r <= delay`: the report never accuses a crawler that may have waited
/// long enough.
struct Walk<'a> {
    d: &'a StreamInfo,
    resolution_ms: i64,
    /// The previous request's time.
    last: Option<i64>,
    rows: BTreeMap<(Option<i64>, Evidence), RowAcc>,
    intervals: Intervals,
}

impl<'a> Walk<'a> {
    fn new(d: &'a StreamInfo, resolution_ms: i64, delays: &Delays<'_>) -> Walk<'a> {
        Walk {
            d,
            resolution_ms,
            last: None,
            rows: BTreeMap::new(),
            intervals: Intervals::new(delays.budget / 4),
        }
    }

    /// The next request in walking order.
    fn add(
        &mut self,
        time_ms: i64,
        client: &Client,
        status: u16,
        delays: &mut Delays<'_>,
    ) -> Result<(), SortError> {
        let Some(previous) = self.last.replace(time_ms) else {
            return Ok(());
        };
        let interval = time_ms - previous;
        self.intervals.push(interval, delays.dir)?;
        let d = self.d;
        let Held::Versions {
            versions, evidence, ..
        } = d.held(time_ms, client, delays.leeway)
        else {
            return Ok(());
        };
        // The least delay of the versions the crawler may have held; a version without one
        // (no file, no group, no Crawl-delay line) means it may not have been bound by any.
        let least = versions.iter().try_fold(u64::MAX, |least, &v| {
            let millis = match &d.rules.versions[v] {
                Rules::Compiled(robots) => d.groups[v]
                    .and_then(|g| robots.group(g).crawl_delay)
                    .map(|c| c.millis),
                _ => None,
            }?;
            Some(least.min(millis))
        });
        let Some(least) = least.filter(|_| !versions.is_empty()) else {
            return Ok(());
        };
        if interval + self.resolution_ms > least as i64 {
            return Ok(());
        }
        let Some(&version) = versions.last() else {
            return Ok(());
        };
        let Rules::Compiled(robots) = &d.rules.versions[version] else {
            return Ok(());
        };
        let Some(delay) = d.groups[version].and_then(|g| robots.group(g).crawl_delay) else {
            return Ok(());
        };
        let group = d.groups[version]
            .map(|g| robots.group(g).name())
            .unwrap_or_default();
        self.rows
            .entry((d.rules.starts[version], evidence))
            .or_insert_with(|| {
                RowAcc::new(
                    time_ms,
                    client,
                    (delay.line, Arc::from(delay.display()), Arc::from(group)),
                )
            })
            .add(time_ms, client, status);
        delays
            .activity
            .add(time_ms, &d.host, &d.crawler, Kind::CrawlDelay);
        Ok(())
    }

    /// The stream's rows, each with the crawler's pace over all its requests.
    fn finish(self, delays: &mut Delays<'_>) -> Result<(), SortError> {
        if self.rows.is_empty() {
            return Ok(());
        }
        let d = self.d;
        let pace = self.intervals.pace(delays.dir)?;
        for ((robots_version, evidence), mut acc) in self.rows {
            acc.intervals = Some(pace);
            delays.rows.push(violation_row(
                Arc::clone(&d.host),
                Kind::CrawlDelay,
                Arc::clone(&d.crawler),
                Arc::from(""),
                (robots_version, Arc::clone(&d.ua), d.verification, evidence),
                acc,
            ));
        }
        Ok(())
    }
}

/// Writes intervals, in the order `next` gives them, as a run of records of
/// [`INTERVAL_RECORD`] each.
fn write_intervals(
    dir: &LazyDir,
    mut next: impl FnMut() -> Result<Option<i64>, SortError>,
) -> Result<Run, SortError> {
    let mut out = dir.get()?.create()?;
    let mut buf = Vec::with_capacity(INTERVAL_RECORD * 8);
    loop {
        buf.clear();
        while buf.len() < INTERVAL_RECORD * 8
            && let Some(i) = next()?
        {
            buf.extend_from_slice(&i.to_le_bytes());
        }
        if buf.is_empty() {
            return out.finish();
        }
        out.push(&buf)?;
    }
}

/// A stream's intervals, for its shortest and its exact median: in memory up to a budget,
/// past it in sorted runs merged at the end.
struct Intervals {
    memory: Vec<i64>,
    /// Intervals in memory at most: the budget's worth, or [`OVERDRAFT`] times it after a
    /// run could not be written.
    spill_at: usize,
    budget: usize,
    count: u64,
    runs: Vec<Run>,
}

impl Intervals {
    /// Intervals that keep about `bytes` in memory.
    fn new(bytes: usize) -> Intervals {
        let budget = (bytes / std::mem::size_of::<i64>()).max(INTERVAL_RECORD);
        Intervals {
            memory: Vec::new(),
            spill_at: budget,
            budget,
            count: 0,
            runs: Vec::new(),
        }
    }

    fn push(&mut self, interval: i64, dir: &LazyDir) -> Result<(), SortError> {
        self.memory.push(interval);
        self.count += 1;
        if self.memory.len() < self.spill_at {
            return Ok(());
        }
        match self.spill(dir) {
            Ok(()) => self.spill_at = self.budget,
            // Kept in memory within the overdraft; past it, the judgement fails.
            Err(e) => {
                let most = self.budget.saturating_mul(OVERDRAFT);
                if self.spill_at >= most {
                    return Err(e);
                }
                self.spill_at = most;
            }
        }
        Ok(())
    }

    /// Sorts the intervals in memory and writes them as a run.
    fn spill(&mut self, dir: &LazyDir) -> Result<(), SortError> {
        self.memory.sort_unstable();
        let mut sorted = self.memory.iter().copied();
        self.runs.push(write_intervals(dir, || Ok(sorted.next()))?);
        self.memory.clear();
        Ok(())
    }

    /// The shortest and the median interval (of `n` sorted intervals, the one at `n / 2`);
    /// at least one interval was pushed. Runs are read with buffers of the intervals' own
    /// share of the budget.
    fn pace(mut self, dir: &LazyDir) -> Result<(i64, i64), SortError> {
        let middle = (self.count / 2) as usize;
        if self.runs.is_empty() {
            let (below, median, _) = self.memory.select_nth_unstable(middle);
            let least = below.iter().copied().min().unwrap_or(*median);
            return Ok((least.min(*median), *median));
        }
        self.memory.sort_unstable();
        let fan_in = fan_in(1)?;
        let buffer = read_buffer(self.budget * std::mem::size_of::<i64>(), fan_in);
        let open = |run: &Run, i: usize, n: usize| -> Result<_, SortError> {
            Ok(Box::new(IntervalRun {
                reader: run.open(i, n, buffer)?,
                pending: Vec::new().into_iter(),
            }) as Box<dyn MergeSource<i64> + Send>)
        };
        let has_memory = !self.memory.is_empty();
        let runs = reduce(
            std::mem::take(&mut self.runs),
            fan_in - usize::from(has_memory),
            &i64::cmp,
            open,
            |merge| write_intervals(dir, || merge.next_record()),
        )?;
        let memory = has_memory.then(|| {
            Box::new(std::mem::take(&mut self.memory).into_iter())
                as Box<dyn MergeSource<i64> + Send>
        });
        let mut merge = merge_runs(&runs, open, memory, i64::cmp)?;
        let least = merge.peek().copied();
        let mut median = None;
        for _ in 0..=middle {
            median = merge.next_record()?;
        }
        // The runs (each read back whole, or an error above) and the memory hold `count`
        // intervals, at least one: the first and the middle one are among them.
        Ok((
            least.expect("at least one interval"),
            median.expect("the middle of the intervals"),
        ))
    }
}

/// An interval run being read.
struct IntervalRun {
    reader: RunReader,
    pending: std::vec::IntoIter<i64>,
}

impl MergeSource<i64> for IntervalRun {
    fn next_record(&mut self) -> Result<Option<i64>, SortError> {
        loop {
            if let Some(i) = self.pending.next() {
                return Ok(Some(i));
            }
            let Some(bytes) = self.reader.next_record()? else {
                return Ok(None);
            };
            if bytes.is_empty() || bytes.len() % 8 != 0 {
                return Err(self.reader.undecodable());
            }
            let chunk: Vec<i64> = bytes
                .chunks_exact(8)
                .map(|b| i64::from_le_bytes(b.try_into().expect("chunks of eight")))
                .collect();
            self.pending = chunk.into_iter();
        }
    }
}

/// A Crawl-delay request on its way through the merge.
struct DelayHit {
    /// Its stream's rank by value.
    rank: u32,
    /// Its stream in the table.
    stream: u32,
    hit: RunHit,
}

impl DelayHit {
    /// By stream, then in walking order (time, client, status: `RunHit`'s own order).
    fn order(a: &DelayHit, b: &DelayHit) -> Ordering {
        (a.rank, &a.hit).cmp(&(b.rank, &b.hit))
    }
}

/// A run of Crawl-delay requests being read, one request at a time.
struct RunHits {
    records: RunRecords,
    /// Run stream → (table stream, rank), None where it is not judged.
    map: Arc<[Option<(u32, u32)>]>,
    /// The current record's stream.
    at: (u32, u32),
    pending: std::vec::IntoIter<RunHit>,
}

impl MergeSource<DelayHit> for RunHits {
    fn next_record(&mut self) -> Result<Option<DelayHit>, SortError> {
        loop {
            if let Some(hit) = self.pending.next() {
                return Ok(Some(DelayHit {
                    stream: self.at.0,
                    rank: self.at.1,
                    hit,
                }));
            }
            let Some(r) = self.records.next_record()? else {
                return Ok(None);
            };
            // An index past the run's own table is damage the checksum cannot see.
            match self.map.get(r.stream as usize) {
                None => return Err(self.records.undecodable()),
                Some(None) => {}
                Some(Some(at)) => {
                    self.at = *at;
                    self.pending = r.hits.into_iter();
                }
            }
        }
    }
}

/// The Crawl-delay requests still in memory: (rank, stream, requests in walking order), by
/// rank.
struct MemoryHits {
    streams: std::vec::IntoIter<(u32, u32, Vec<Hit>)>,
    at: Option<(u32, u32, std::vec::IntoIter<Hit>)>,
    clients: Arc<Vec<Client>>,
}

impl MergeSource<DelayHit> for MemoryHits {
    fn next_record(&mut self) -> Result<Option<DelayHit>, SortError> {
        loop {
            if let Some((rank, stream, hits)) = &mut self.at
                && let Some(h) = hits.next()
            {
                return Ok(Some(DelayHit {
                    rank: *rank,
                    stream: *stream,
                    hit: RunHit {
                        time_ms: h.time_ms,
                        client: self.clients[h.client as usize].clone(),
                        status: h.status,
                    },
                }));
            }
            match self.streams.next() {
                Some((rank, stream, hits)) => self.at = Some((rank, stream, hits.into_iter())),
                None => return Ok(None),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pace_past_the_budget_is_the_one_sorted_in_memory_gives() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = LazyDir::new(Some(tmp.path().to_path_buf()));
        let mut state = 7u64;
        for n in [1usize, 2, 3, 1023, 1024, 1025, 4096, 20_001] {
            let values: Vec<i64> = (0..n)
                .map(|_| {
                    state = state
                        .wrapping_mul(6_364_136_223_846_793_005)
                        .wrapping_add(1);
                    // Many equal values, and a few far apart.
                    match state >> 60 {
                        0 => (state >> 20) as i64 % 1_000_000_000,
                        _ => ((state >> 33) % 50) as i64 * 1000,
                    }
                })
                .collect();
            // One record's worth in memory: past it, runs.
            let mut small = Intervals::new(INTERVAL_RECORD * 8);
            let mut big = Intervals::new(1 << 30);
            for &v in &values {
                small.push(v, &dir).unwrap();
                big.push(v, &dir).unwrap();
            }
            assert_eq!(small.runs.len(), n / INTERVAL_RECORD, "{n} intervals");
            assert!(big.runs.is_empty());
            let mut sorted = values.clone();
            sorted.sort_unstable();
            let expected = (sorted[0], sorted[n / 2]);
            assert_eq!(small.pace(&dir).unwrap(), expected, "{n} intervals");
            assert_eq!(big.pace(&dir).unwrap(), expected, "{n} intervals");
        }
        // The interval runs went with the walks.
        assert_eq!(std::fs::read_dir(tmp.path()).unwrap().count(), 0);
    }
}
