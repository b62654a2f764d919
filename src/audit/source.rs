//! Where the judgement at the end reads the kept requests from, in report order: memory, or
//! the sorted runs the workers wrote past the memory budget merged with what is still in
//! memory.
//!
//! Two passes read them this way, each as its writer asks for rows: the violations
//! ([`super::rows::Violations`]) and the usage-preference conflicts
//! ([`super::rows::Conflicts`]). Each pass reads only the streams it judges (a [`Wanted`]
//! mask): streams that robots.txt binds for the first, streams whose crawler's use a
//! preference can go against for the second. Both share what is in memory; the runs are
//! merged once, in passes if there are more than the descriptors allow, and each pass opens
//! the result on its own. A run that cannot be read back whole is an error naming its file.

use std::cmp::Ordering;
use std::sync::Arc;

use crate::extsort::{
    Merge, SortError, Source as MergeSource, fan_in, merge_runs, read_buffer, reduce,
};
use crate::text;

use super::Auditor;
use super::aggregate::{Client, Hit, kept_paths};
use super::findings::{Spilled, StreamInfo};
use super::spill::{Input, RunHit, RunRecord, RunRecords, SpillRun, StreamTable, write_from};

/// Which streams of the table a pass reads, by table index.
pub(super) type Wanted = Arc<[bool]>;

/// A kept path, and its text as the reports print it: made once, when the judgement at the
/// end takes the path, and read from then on without the bytes being checked again. No
/// larger than the path's own box: the findings turn a stream's paths into these in place.
#[derive(Clone)]
pub(super) enum PathText {
    /// Valid UTF-8 with nothing to escape: printed as it is.
    Same(Box<str>),
    /// Printed otherwise (invalid UTF-8, control bytes): the bytes, and the printed text.
    /// Boxed: such paths are few.
    Escaped(Box<(Box<[u8]>, Box<str>)>),
}

impl PathText {
    /// The path as logged, and its printed text ([`text::cell`]): the bytes are checked
    /// once, and moved, not copied, when they print as they are.
    pub fn new(path: Box<[u8]>) -> PathText {
        match String::from_utf8(path.into_vec()) {
            Ok(s) => match text::cell_str(&s) {
                std::borrow::Cow::Borrowed(_) => PathText::Same(s.into_boxed_str()),
                std::borrow::Cow::Owned(t) => PathText::Escaped(Box::new((
                    s.into_bytes().into_boxed_slice(),
                    t.into_boxed_str(),
                ))),
            },
            Err(e) => {
                let bytes = e.into_bytes().into_boxed_slice();
                let t = text::cell(&bytes).into_owned().into_boxed_str();
                PathText::Escaped(Box::new((bytes, t)))
            }
        }
    }

    /// The path as logged.
    pub fn raw(&self) -> &[u8] {
        match self {
            PathText::Same(s) => s.as_bytes(),
            PathText::Escaped(e) => &e.0,
        }
    }

    /// The path as the reports print it.
    pub fn text(&self) -> &str {
        match self {
            PathText::Same(s) => s,
            PathText::Escaped(e) => &e.1,
        }
    }

    /// The path as logged, given back.
    fn into_raw(self) -> Box<[u8]> {
        match self {
            PathText::Same(s) => s.into_boxed_bytes(),
            PathText::Escaped(e) => e.0,
        }
    }
}

/// The kept requests of one stream in memory, by path.
pub(super) struct MemStream {
    pub info: u32,
    pub paths: Vec<PathText>,
    /// Sorted by path index.
    pub hits: Vec<(u32, Hit)>,
    /// Per path, its requests in `hits`.
    pub ranges: Vec<(u32, u32)>,
}

impl MemStream {
    fn text(&self, path: u32) -> &[u8] {
        self.paths[path as usize].text().as_bytes()
    }
}

/// The kept requests of one (stream, path), as a group hands them over: borrowed from the
/// source, until the next is asked for.
pub(super) struct Entry<'a> {
    pub info: u32,
    pub path: &'a PathText,
    pub hits: Hits<'a>,
}

/// The kept requests of an [`Entry`]: (time, client, status) each.
pub(super) enum Hits<'a> {
    /// In memory, their clients by index.
    Memory(&'a [(u32, Hit)], &'a [Client]),
    /// Read back from a sorted run.
    Run(&'a [RunHit]),
}

impl<'a> Iterator for Hits<'a> {
    type Item = (i64, &'a Client, u16);

    fn next(&mut self) -> Option<Self::Item> {
        match self {
            Hits::Memory(hits, clients) => {
                let ((_, h), rest) = hits.split_first()?;
                *hits = rest;
                Some((h.time_ms, &clients[h.client as usize], h.status))
            }
            Hits::Run(hits) => {
                let (h, rest) = hits.split_first()?;
                *hits = rest;
                Some((h.time_ms, &h.client, h.status))
            }
        }
    }
}

/// Where one pass's (host, crawler, printed path) groups come from, in report order.
pub(super) enum Source {
    /// Everything in memory: (stream, path) pairs sorted once.
    Memory {
        streams: Arc<Vec<MemStream>>,
        order: std::vec::IntoIter<(u32, u32)>,
        /// The (stream, path) given last.
        last: Option<(u32, u32)>,
    },
    /// Sorted runs (and what is still in memory), merged.
    Merged {
        merge: Merge<'static, Kept, fn(&Kept, &Kept) -> Ordering>,
        /// The next record begins a group.
        starts: bool,
        /// The record given last.
        last: Option<Kept>,
    },
}

/// A kept (stream, path) on its way through the merge: its stream in the table, and its place
/// in report order.
pub(super) struct Kept {
    /// The rank of its (host, crawler) among the judged streams'.
    host_crawler: u32,
    /// The rank of its (User-Agent, verification).
    agent: u32,
    stream: u32,
    path: PathText,
    hits: Vec<RunHit>,
}

impl Kept {
    /// The printed path.
    fn text(&self) -> &[u8] {
        self.path.text().as_bytes()
    }

    /// Report order: host, crawler, printed path, User-Agent, verification (as a worker sorts
    /// its runs).
    fn order(a: &Kept, b: &Kept) -> Ordering {
        (a.host_crawler, a.text(), a.agent).cmp(&(b.host_crawler, b.text(), b.agent))
    }

    fn new(ranks: &Ranks, stream: u32, path: PathText, hits: Vec<RunHit>) -> Kept {
        let (host_crawler, agent) = ranks.of[stream as usize];
        Kept {
            host_crawler,
            agent,
            stream,
            path,
            hits,
        }
    }
}

/// Per table stream: the rank of its (host, crawler) and of its (User-Agent, verification)
/// among the judged streams' (equal values, equal ranks), so that the merge compares numbers
/// where a worker compared strings, in the same order.
pub(super) struct Ranks {
    of: Vec<(u32, u32)>,
}

impl Ranks {
    pub(super) fn new(infos: &[Option<StreamInfo>]) -> Ranks {
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

/// A worker's run being merged: its records of the streams a pass reads, with the table's
/// streams.
struct WorkerSource {
    records: RunRecords,
    /// Run stream → table stream, None where the pass does not read it.
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
                return Ok(Some(Kept::new(
                    &self.ranks,
                    s,
                    PathText::new(r.path),
                    r.hits,
                )));
            }
        }
        Ok(None)
    }
}

/// A run a merge pass wrote: its records of the streams a pass reads.
struct MergedSource {
    records: RunRecords,
    wanted: Wanted,
    ranks: Arc<Ranks>,
}

impl MergeSource<Kept> for MergedSource {
    fn next_record(&mut self) -> Result<Option<Kept>, SortError> {
        while let Some(r) = self.records.next_record()? {
            match self.wanted.get(r.stream as usize) {
                Some(true) => {
                    let path = PathText::new(r.path);
                    return Ok(Some(Kept::new(&self.ranks, r.stream, path, r.hits)));
                }
                Some(false) => {}
                None => return Err(self.records.undecodable()),
            }
        }
        Ok(None)
    }
}

/// What is still in memory, in report order.
struct MemorySource {
    streams: Arc<Vec<MemStream>>,
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

/// A kept (stream, path) as [`memory_order`] sorts it: everything a comparison reads, in
/// the element itself.
struct SortKey<'a> {
    /// What orders it in the current round ([`chunk`]); in the first round, with the rank of
    /// its (host, crawler) above.
    key: u128,
    text: &'a [u8],
    /// The rank of its (User-Agent, verification).
    agent: u32,
    /// (stream, path).
    at: (u32, u32),
}

/// Bytes of the printed path one round of [`sort_keys`] orders by, as one integer.
const CHUNK: usize = 8;
/// Rounds of [`sort_keys`] before paths still tied compare whole (from there on): paths that
/// share a long prefix cost whole comparisons, not a round per eight bytes.
const ROUNDS: usize = 4;

/// A path's `CHUNK` bytes from `from`, read big-endian and zero-padded, above how many of
/// them there are: orders as the bytes do up to them (a path that ends within them, being a
/// prefix of a longer one, first). Equal chunks with fewer than `CHUNK` bytes end equal
/// paths.
fn chunk(text: &[u8], from: usize) -> u128 {
    let rest = &text[from..];
    let n = rest.len().min(CHUNK);
    let mut bytes = [0u8; CHUNK];
    bytes[..n].copy_from_slice(&rest[..n]);
    (u128::from(u64::from_be_bytes(bytes)) << 8) | n as u128
}

/// Sorts by (key, printed path, agent, at), each `key` being the first round's: a round
/// orders by integers, and only the runs it leaves tied go on to the next eight bytes, so
/// paths that share long prefixes (most of a long tail's) are not compared whole again and
/// again. After [`ROUNDS`] rounds a run still tied compares what is left of its paths.
fn sort_keys(keyed: &mut [SortKey<'_>]) {
    /// Pushes the runs of `keyed[start..end]` tied on their keys, for round `round`.
    fn tied(
        keyed: &[SortKey<'_>],
        start: usize,
        end: usize,
        round: usize,
        todo: &mut Vec<(usize, usize, usize)>,
    ) {
        let mut i = start;
        while i < end {
            let j = i
                + 1
                + keyed[i + 1..end]
                    .iter()
                    .take_while(|k| k.key == keyed[i].key)
                    .count();
            if j - i > 1 {
                todo.push((i, j, round));
            }
            i = j;
        }
    }
    keyed.sort_unstable_by_key(|k| k.key);
    let mut todo = Vec::new();
    tied(keyed, 0, keyed.len(), 1, &mut todo);
    while let Some((start, end, round)) = todo.pop() {
        let run = &mut keyed[start..end];
        // Tied on `round` chunks: the paths are equal when the last was short; else each
        // has at least `from` bytes.
        let from = round * CHUNK;
        if (run[0].key & 0xff) as usize != CHUNK {
            run.sort_unstable_by_key(|k| (k.agent, k.at));
        } else if round == ROUNDS {
            run.sort_unstable_by(|a, b| {
                (&a.text[from..], a.agent, a.at).cmp(&(&b.text[from..], b.agent, b.at))
            });
        } else {
            for k in run.iter_mut() {
                k.key = chunk(k.text, from);
            }
            run.sort_unstable_by_key(|k| k.key);
            tied(keyed, start, end, round + 1, &mut todo);
        }
    }
}

/// The (stream, path) pairs in memory of the streams a pass reads, in report order: the
/// (host, crawler) and (User-Agent, verification) compared by rank, only the paths as bytes.
fn memory_order(streams: &[MemStream], ranks: &Ranks, wanted: &[bool]) -> Vec<(u32, u32)> {
    let mut order = kept_paths(streams.iter().map(|m| &m.ranges[..]));
    order.retain(|&(s, _)| wanted[streams[s as usize].info as usize]);
    // Sorted by (host and crawler, printed path, agent).
    // Each key reads its path's first bytes: asked for `AHEAD` paths before.
    let mut keyed: Vec<SortKey<'_>> = order
        .iter()
        .enumerate()
        .map(|(i, &(s, p))| {
            if let Some(&(s, p)) = order.get(i + AHEAD) {
                prefetch_bytes(streams[s as usize].text(p));
            }
            let m = &streams[s as usize];
            let text = m.text(p);
            let (host_crawler, agent) = ranks.of[m.info as usize];
            SortKey {
                key: (u128::from(host_crawler) << 72) | chunk(text, 0),
                text,
                agent,
                at: (s, p),
            }
        })
        .collect();
    sort_keys(&mut keyed);
    order.clear();
    order.extend(keyed.into_iter().map(|k| k.at));
    order
}

/// Each pass's (stream, path) pairs in memory, in report order. The pairs any pass reads are
/// sorted once, and each pass takes its own from that order: a pass's order is the order of
/// all with the pairs of the streams it does not read left out (the order never depends on
/// the pass). On the violations mix, where the preference pass reads most of what the
/// violations pass reads, that is one sort instead of two (22 and 15 ms).
fn pass_orders<const N: usize>(
    streams: &[MemStream],
    ranks: &Ranks,
    passes: &[Wanted; N],
) -> [Vec<(u32, u32)>; N] {
    let any: Vec<bool> = (0..ranks.of.len())
        .map(|i| passes.iter().any(|w| w[i]))
        .collect();
    let order = memory_order(streams, ranks, &any);
    passes.each_ref().map(|wanted| {
        if **wanted == *any {
            order.clone()
        } else {
            order
                .iter()
                .filter(|&&(s, _)| wanted[streams[s as usize].info as usize])
                .copied()
                .collect()
        }
    })
}

/// The sorted runs, merged down to as many as may be open at once, ready for each pass to
/// open (with what is still in memory). Dropped once every pass has opened them: the runs'
/// files may go then, each being open and read to its end through that.
pub(super) struct MergedRuns<'a> {
    inputs: Vec<Input>,
    memory: Arc<Vec<MemStream>>,
    table: &'a StreamTable,
    clients: Arc<Vec<Client>>,
    ranks: Arc<Ranks>,
    buffer: usize,
    stats: Spilled,
}

impl<'a> MergedRuns<'a> {
    /// Merges `runs` into as few as the passes of `passes` may all hold open at once: never
    /// more than the process's descriptors allow (`extsort::fan_in`: half of them, shared by
    /// the passes that read anything; the HTML page's own sort may need the rest meanwhile).
    /// Merging in passes keeps the records of every stream some pass reads.
    pub fn new(
        auditor: &Auditor,
        runs: Vec<Arc<SpillRun>>,
        memory: Arc<Vec<MemStream>>,
        table: &'a StreamTable,
        infos: &'a [Option<StreamInfo>],
        clients: &Arc<Vec<Client>>,
        passes: &[Wanted],
    ) -> Result<MergedRuns<'a>, SortError> {
        let active = passes.iter().filter(|w| w.contains(&true)).count().max(1);
        let any: Wanted = (0..infos.len())
            .map(|i| passes.iter().any(|w| w[i]))
            .collect();
        let fan_in = fan_in(2 * active)?;
        let mut merged = MergedRuns {
            inputs: Vec::new(),
            stats: Spilled::of(&runs, fan_in),
            memory,
            table,
            clients: Arc::clone(clients),
            ranks: Arc::new(Ranks::new(infos)),
            buffer: read_buffer(auditor.settings.memory_budget, fan_in * active),
        };
        let has_memory = merged
            .memory
            .iter()
            .any(|m| any[m.info as usize] && !m.hits.is_empty());
        let order: fn(&Kept, &Kept) -> Ordering = Kept::order;
        let mut merges = 0;
        let inputs = reduce(
            runs.into_iter().map(Input::Worker).collect(),
            fan_in - usize::from(has_memory),
            &order,
            |input: &Input, run, runs| merged.open_input(input, run, runs, &any),
            |merge| {
                let dir = auditor.spill_dir.get()?;
                let run = write_from(&dir, || {
                    Ok(merge.next_record()?.map(|k| RunRecord {
                        stream: k.stream,
                        path: k.path.into_raw(),
                        hits: k.hits,
                    }))
                })?;
                merges += 1;
                Ok(Input::Merged(run))
            },
        )?;
        merged.inputs = inputs;
        merged.stats.merges = merges;
        Ok(merged)
    }

    /// A pass over the merged runs and what is in memory for each of `passes`: the streams
    /// it names, in report order (what is in memory sorted once for all, [`pass_orders`]).
    /// A pass that reads no stream opens nothing.
    pub fn open(&self, passes: &[Wanted; 2]) -> Result<[Source; 2], SortError> {
        let [first, second] = pass_orders(&self.memory, &self.ranks, passes);
        Ok([
            self.open_pass(&passes[0], first)?,
            self.open_pass(&passes[1], second)?,
        ])
    }

    fn open_pass(
        &self,
        wanted: &Wanted,
        memory_order: Vec<(u32, u32)>,
    ) -> Result<Source, SortError> {
        if !wanted.contains(&true) {
            return Ok(Source::Memory {
                streams: Arc::clone(&self.memory),
                order: memory_order.into_iter(),
                last: None,
            });
        }
        let memory = (!memory_order.is_empty()).then(|| {
            Box::new(MemorySource {
                streams: Arc::clone(&self.memory),
                order: memory_order.into_iter(),
                clients: Arc::clone(&self.clients),
                ranks: Arc::clone(&self.ranks),
            }) as Box<dyn MergeSource<Kept> + Send>
        });
        let order: fn(&Kept, &Kept) -> Ordering = Kept::order;
        let open = |input: &Input, run, runs| self.open_input(input, run, runs, wanted);
        Ok(Source::Merged {
            merge: merge_runs(&self.inputs, open, memory, order)?,
            starts: true,
            last: None,
        })
    }

    /// How the runs went, once every pass has opened them.
    pub fn finish(self) -> Spilled {
        self.stats
    }

    fn open_input(
        &self,
        input: &Input,
        run: usize,
        runs: usize,
        wanted: &Wanted,
    ) -> Result<Box<dyn MergeSource<Kept> + Send>, SortError> {
        Ok(match input {
            Input::Worker(w) => Box::new(WorkerSource {
                records: w.reader(run, runs, self.buffer)?,
                map: w
                    .streams
                    .iter()
                    .map(|s| {
                        let i = self.table.index(&s.key);
                        wanted[i as usize].then_some(i)
                    })
                    .collect(),
                ranks: Arc::clone(&self.ranks),
            }),
            Input::Merged(m) => Box::new(MergedSource {
                records: RunRecords::open(m, run, runs, self.buffer)?,
                wanted: Arc::clone(wanted),
                ranks: Arc::clone(&self.ranks),
            }),
        })
    }
}

impl Source {
    /// A pass over the kept requests in memory for each of `passes` ([`pass_orders`]).
    pub fn memory<const N: usize>(
        streams: Arc<Vec<MemStream>>,
        infos: &[Option<StreamInfo>],
        passes: &[Wanted; N],
    ) -> [Source; N] {
        pass_orders(&streams, &Ranks::new(infos), passes).map(|order| Source::Memory {
            streams: Arc::clone(&streams),
            order: order.into_iter(),
            last: None,
        })
    }

    /// Moves to the next kept (stream, path) in report order ([`Source::entry`]) and says
    /// whether it begins a new (host, crawler, printed path) group; None when none is left.
    /// Entries come one at a time, so a group of many User-Agents is never held whole.
    pub fn advance(&mut self, infos: &[Option<StreamInfo>]) -> Result<Option<bool>, SortError> {
        match self {
            Source::Memory {
                streams,
                order,
                last,
            } => {
                let Some(e) = order.next() else {
                    *last = None;
                    return Ok(None);
                };
                prefetch_ahead(streams, order.as_slice());
                let head = |(s, p): (u32, u32)| {
                    let m = &streams[s as usize];
                    let i = infos[m.info as usize]
                        .as_ref()
                        .expect("only judged streams are kept");
                    (&i.host, &i.crawler, m.text(p))
                };
                let starts = last.is_none_or(|l| head(l) != head(e));
                *last = Some(e);
                Ok(Some(starts))
            }
            Source::Merged {
                merge,
                starts,
                last,
            } => {
                *last = merge.next_record()?;
                let Some(k) = last else {
                    return Ok(None);
                };
                let begins = *starts;
                // In report order, so a group's entries come in User-Agent and verification
                // order too.
                *starts = merge
                    .peek()
                    .is_none_or(|n| n.host_crawler != k.host_crawler || n.text() != k.text());
                Ok(Some(begins))
            }
        }
    }

    /// The (stream, path) [`Source::advance`] moved to, borrowed (not copied) from where it
    /// is held.
    pub fn entry<'a>(&'a self, clients: &'a [Client]) -> Entry<'a> {
        match self {
            Source::Memory { streams, last, .. } => {
                let (s, p) = last.expect("advance gave an entry");
                let m = &streams[s as usize];
                let (start, end) = m.ranges[p as usize];
                Entry {
                    info: m.info,
                    path: &m.paths[p as usize],
                    hits: Hits::Memory(&m.hits[start as usize..end as usize], clients),
                }
            }
            Source::Merged { last, .. } => {
                let k = last.as_ref().expect("advance gave an entry");
                Entry {
                    info: k.stream,
                    path: &k.path,
                    hits: Hits::Run(&k.hits),
                }
            }
        }
    }
}

/// How far ahead of the path being read the loops over kept paths ask for its bytes
/// ([`prefetch_ahead`] also for its requests, and twice as far for where they are).
pub(super) const AHEAD: usize = 6;

/// Asks the CPU for what the entries ahead in report order will read: the kept paths and
/// requests were last touched long before (report order visits them in no order of
/// memory), so each entry's first reads waited on main memory. Two steps: the place of an
/// entry's path and requests `2 × AHEAD` entries ahead, the bytes themselves `AHEAD` ahead.
/// A hint only: what is read, and so every result, is the same without it.
#[inline]
fn prefetch_ahead(streams: &[MemStream], order: &[(u32, u32)]) {
    if let Some(&(s, p)) = order.get(2 * AHEAD) {
        let m = &streams[s as usize];
        prefetch(&m.paths[p as usize]);
        prefetch(&m.ranges[p as usize]);
    }
    if let Some(&(s, p)) = order.get(AHEAD) {
        let m = &streams[s as usize];
        prefetch_bytes(m.paths[p as usize].text().as_bytes());
        if let Some(hit) = m.hits.get(m.ranges[p as usize].0 as usize) {
            prefetch(hit);
        }
    }
}

/// A prefetch of the first cache lines of `bytes` (a path: the few lines most are).
#[inline]
pub(super) fn prefetch_bytes(bytes: &[u8]) {
    for line in bytes.chunks(64).take(4) {
        prefetch(&line[0]);
    }
}

/// A prefetch of the cache line holding `at` (nothing where the CPU has no such hint).
#[inline(always)]
pub(super) fn prefetch<T>(at: &T) {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse"))]
    safe_arch::prefetch_t0(at);
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse")))]
    let _ = at;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Paths over three bytes (a zero byte among them, which the chunks pad with) and of
    /// lengths around every chunk boundary and past the rounds, so most share long prefixes,
    /// some are prefixes of others and some are equal.
    fn paths() -> Vec<Vec<u8>> {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = move |n: u64| crate::test_rng::xorshift(&mut state) % n;
        let alphabet = [0u8, b'a', 0xff];
        (0..3000)
            .map(|_| {
                let len = next((ROUNDS * CHUNK + 12) as u64) as usize;
                // A long shared stem, then a short tail of few choices.
                let stem = next(len as u64 + 1) as usize;
                (0..len)
                    .map(|i| {
                        if i < stem {
                            b'a'
                        } else {
                            alphabet[next(3) as usize]
                        }
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn a_path_takes_no_more_room_than_its_bytes_box() {
        // So that the findings make a stream's paths into these in place, never holding
        // both at once.
        assert_eq!(
            std::mem::size_of::<PathText>(),
            std::mem::size_of::<Box<[u8]>>()
        );
    }

    #[test]
    fn a_path_keeps_its_bytes_and_prints_as_a_cell() {
        for raw in [
            &b"/a/b?c=1"[..],
            b"",
            "/caf\u{e9}".as_bytes(),
            b"/x\x00y\x1b[2J",
            b"/bad\xff\xfe",
            "/c1\u{9b}".as_bytes(),
            b"/\xc3",
        ] {
            let path = PathText::new(raw.into());
            assert_eq!(path.raw(), raw);
            assert_eq!(path.text(), text::cell(raw));
            assert_eq!(
                matches!(path, PathText::Same(_)),
                path.text().as_bytes() == raw,
                "{raw:?}"
            );
            assert_eq!(&*path.clone().into_raw(), raw);
        }
    }

    #[test]
    fn each_pass_reads_its_own_pairs_in_the_order_sorting_them_alone_gives() {
        let paths = paths();
        // Streams of a few (host, crawler) and agent ranks, each with some of the paths.
        let n = 12usize;
        let ranks = Ranks {
            of: (0..n as u32).map(|i| (i % 4, i % 3)).collect(),
        };
        let streams: Vec<MemStream> = (0..n)
            .map(|i| {
                let mine: Vec<PathText> = paths
                    .iter()
                    .skip(i)
                    .step_by(5)
                    .map(|p| PathText::new(p.as_slice().into()))
                    .collect();
                MemStream {
                    info: i as u32,
                    ranges: (0..mine.len() as u32).map(|p| (p, p + 1)).collect(),
                    hits: Vec::new(),
                    paths: mine,
                }
            })
            .collect();
        let wanted = |f: fn(usize) -> bool| -> Wanted { (0..n).map(f).collect() };
        for passes in [
            [wanted(|i| i % 2 == 0), wanted(|i| i % 3 == 0)],
            [wanted(|_| true), wanted(|i| i < 5)],
            [wanted(|i| i > 7), wanted(|_| false)],
            [wanted(|i| i % 4 == 1), wanted(|i| i % 4 == 1)],
        ] {
            let got = pass_orders(&streams, &ranks, &passes);
            for (k, w) in passes.iter().enumerate() {
                let alone = memory_order(&streams, &ranks, w);
                assert!(
                    alone.iter().all(|&(s, _)| w[s as usize]),
                    "pass {k} reads only its streams"
                );
                assert_eq!(got[k], alone, "pass {k}");
            }
            assert!(got.iter().any(|o| !o.is_empty()));
        }
    }

    #[test]
    fn rounds_of_chunks_sort_as_whole_comparisons_do() {
        let paths = paths();
        let keys = |ranks: u32| -> Vec<SortKey<'_>> {
            paths
                .iter()
                .enumerate()
                .map(|(i, text)| {
                    let rank = i as u32 % ranks;
                    SortKey {
                        key: (u128::from(rank) << 72) | chunk(text, 0),
                        text,
                        agent: (i as u32 / 7) % 3,
                        at: (i as u32 % 5, i as u32),
                    }
                })
                .collect()
        };
        for ranks in [1, 3] {
            let mut sorted = keys(ranks);
            sort_keys(&mut sorted);
            let mut expected = keys(ranks);
            expected.sort_by(|a, b| {
                (a.key >> 72, a.text, a.agent, a.at).cmp(&(b.key >> 72, b.text, b.agent, b.at))
            });
            let order = |k: &[SortKey<'_>]| k.iter().map(|k| k.at).collect::<Vec<_>>();
            assert_eq!(order(&sorted), order(&expected));
        }
        // The data has what the rounds must get right.
        let mut texts: Vec<&[u8]> = paths.iter().map(Vec::as_slice).collect();
        texts.sort();
        assert!(texts.windows(2).any(|w| w[0] == w[1]), "equal paths");
        assert!(
            texts
                .windows(2)
                .any(|w| w[0] != w[1] && w[1].starts_with(w[0])),
            "a path that is a prefix of another"
        );
        assert!(
            texts.windows(2).any(|w| w[0].len() > ROUNDS * CHUNK
                && w[1].starts_with(&w[0][..ROUNDS * CHUNK])
                && w[0] != w[1]),
            "paths tied past the rounds"
        );
    }
}
