//! The first pass of the judgement at the end: every kept request's verdict (docs/judging.md,
//! "The verdict") counted into the summary row of its (host, crawler) pair, and each
//! violation into the activity bins.
//!
//! The counts are kept per stream, as a [`Tally`], and added to the stream's row once: in
//! memory after each stream, from the sorted runs after the pass. Looking the row up for
//! each path, by its host and crawler name, was a sixth of the pass over sorted runs; and
//! tallies add up the same in any order, so the runs are read on as many threads as the
//! audit was given, each into [`RunCounts`] of its own, merged after (as many as a quarter
//! of the memory budget holds a tally per stream for).

use std::collections::BTreeMap;
use std::sync::Arc;

use super::aggregate::{Client, HostKey, PairAgg, pair_key};
use super::findings::{ActivityMap, PathReads, StreamInfo, Verdict};
use super::spill::{SpillRun, StreamTable};
use crate::crawlers::Verification;
use crate::extsort::{SortError, read_buffer};
use crate::report::Kind;

/// What the first pass adds to a summary row, or takes from it.
///
/// A row's `pending` and `checked` are only ever taken from in this pass, saturating at
/// zero: taking a sum at once is taking each part in turn, so tallies made in any order, on
/// any thread, and added up give the row that counting request by request gives.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Tally {
    /// A request of the stream was counted (its row is made if it had none).
    seen: bool,
    /// Requests judged that rules bind: each taken from `pending`.
    judged: u64,
    /// Of those, the ones no version could judge: taken from `checked`, counted as not
    /// judged.
    not_judged: u64,
    allowed: u64,
    allowed_by_leeway: u64,
    violations: u64,
    /// Of the violations, those of a stream of spoofed addresses.
    violations_spoofed: u64,
    preference_conflicts: u64,
}

impl Tally {
    fn absorb(&mut self, other: &Tally) {
        self.seen |= other.seen;
        self.judged += other.judged;
        self.not_judged += other.not_judged;
        self.allowed += other.allowed;
        self.allowed_by_leeway += other.allowed_by_leeway;
        self.violations += other.violations;
        self.violations_spoofed += other.violations_spoofed;
        self.preference_conflicts += other.preference_conflicts;
    }

    /// Adds this tally to its row.
    pub fn apply(&self, pair: &mut PairAgg) {
        pair.pending = pair.pending.saturating_sub(self.judged);
        pair.checked = pair.checked.saturating_sub(self.not_judged);
        pair.not_judged += self.not_judged;
        pair.allowed += self.allowed;
        pair.allowed_by_leeway += self.allowed_by_leeway;
        pair.violations += self.violations;
        pair.violations_spoofed += self.violations_spoofed;
        pair.preference_conflicts += self.preference_conflicts;
    }
}

/// What counting needs beside the tallies: the violations' activity bins, and room to read
/// a path in.
pub(super) struct Counter {
    pub activity: ActivityMap,
    scratch: (Vec<u8>, PathReads),
}

impl Counter {
    /// Nothing counted yet, in activity bins `bin_ms` wide.
    pub fn new(bin_ms: i64) -> Counter {
        Counter {
            activity: ActivityMap::with_bin(bin_ms),
            scratch: Default::default(),
        }
    }

    /// Counts into `tally` the requests of a stream (judged as `info`) to `path` made at
    /// `times` by their clients.
    pub fn count<'c>(
        &mut self,
        tally: &mut Tally,
        info: &StreamInfo,
        path: &[u8],
        times: impl Iterator<Item = (i64, &'c Client)>,
        leeway: i64,
    ) {
        tally.seen = true;
        let (scratch, reads) = &mut self.scratch;
        info.reads(path, scratch, reads);
        for (t, client) in times {
            let verdict = info.verdict(reads, t, client, leeway);
            if !info.bound {
                // Counted, never checked: only a conflict adds to its row.
                if let Verdict::Allowed {
                    conflict: Some(_), ..
                } = verdict
                {
                    tally.preference_conflicts += 1;
                }
                continue;
            }
            tally.judged += 1;
            match verdict {
                Verdict::NotJudged => tally.not_judged += 1,
                Verdict::Allowed {
                    by_leeway,
                    conflict,
                } => {
                    tally.allowed += 1;
                    tally.allowed_by_leeway += u64::from(by_leeway);
                    tally.preference_conflicts += u64::from(conflict.is_some());
                }
                Verdict::Violation { .. } => {
                    tally.violations += 1;
                    tally.violations_spoofed +=
                        u64::from(info.verification == Verification::Spoofed);
                    self.activity
                        .add(t, &info.host, &info.crawler, Kind::Disallowed);
                }
            }
        }
    }
}

/// The counts of the sorted runs: a tally per stream (by its index in the stream table).
pub(super) struct RunCounts {
    tallies: Vec<Tally>,
    counter: Counter,
}

impl RunCounts {
    fn new(streams: usize, bin_ms: i64) -> RunCounts {
        RunCounts {
            tallies: vec![Tally::default(); streams],
            counter: Counter::new(bin_ms),
        }
    }

    /// `n` requests of stream `stream`, whose origin has no rules, that rules bind: not
    /// judged.
    fn not_judged(&mut self, stream: u32, n: u64) {
        let tally = &mut self.tallies[stream as usize];
        tally.seen = true;
        tally.judged += n;
        tally.not_judged += n;
    }

    fn absorb(&mut self, other: RunCounts) {
        for (mine, theirs) in self.tallies.iter_mut().zip(&other.tallies) {
            mine.absorb(theirs);
        }
        self.counter.activity.absorb(other.counter.activity);
    }

    /// Adds the tallies to their rows; gives the activity bins.
    pub fn apply(
        self,
        pairs: &mut BTreeMap<(HostKey, String), PairAgg>,
        table: &StreamTable,
        infos: &[Option<StreamInfo>],
    ) -> ActivityMap {
        for (i, tally) in self.tallies.iter().enumerate() {
            if !tally.seen {
                continue;
            }
            let pair = match &infos[i] {
                Some(info) => pair_of(pairs, info),
                None => pairs
                    .entry(pair_key(&table.keys[i].0, &table.keys[i].1))
                    .or_default(),
            };
            tally.apply(pair);
        }
        self.counter.activity
    }
}

/// The summary row a stream's requests count in.
pub(super) fn pair_of<'p>(
    pairs: &'p mut BTreeMap<(HostKey, String), PairAgg>,
    info: &StreamInfo,
) -> &'p mut PairAgg {
    if pairs.contains_key(&info.pair) {
        pairs.get_mut(&info.pair).expect("just found")
    } else {
        pairs.entry(info.pair.clone()).or_default()
    }
}

/// What the audit's settings give [`count_runs`].
pub(super) struct RunPass<'a> {
    pub table: &'a StreamTable,
    pub infos: &'a [Option<StreamInfo>],
    pub leeway: i64,
    /// Threads to read runs on, at most.
    pub threads: usize,
    /// The memory budget: the threads' read buffers share it, their tallies take a quarter
    /// of it at most.
    pub budget: usize,
    /// Activity bins' width.
    pub bin_ms: i64,
}

/// Counts the requests of every sorted run, the runs shared among `pass.threads` threads
/// (every thread's share in run order). On an error, gives the one of the earliest run that
/// failed: the error reading the runs in turn meets.
pub(super) fn count_runs(
    runs: &[Arc<SpillRun>],
    pass: &RunPass<'_>,
) -> Result<RunCounts, SortError> {
    let threads = pass_threads(pass.threads, runs.len(), pass.table.keys.len(), pass.budget);
    let buffer = read_buffer(pass.budget, threads);
    let share = |first: usize| -> (RunCounts, Option<(usize, SortError)>) {
        let mut counts = RunCounts::new(pass.table.keys.len(), pass.bin_ms);
        for k in (first..runs.len()).step_by(threads) {
            if let Err(e) = count_run(&runs[k], k, runs.len(), buffer, pass, &mut counts) {
                return (counts, Some((k, e)));
            }
        }
        (counts, None)
    };
    let shares: Vec<(RunCounts, Option<(usize, SortError)>)> = std::thread::scope(|scope| {
        // A share whose thread cannot be had is read here, after this thread's own.
        let others: Vec<_> = (1..threads)
            .map(|t| {
                std::thread::Builder::new()
                    .spawn_scoped(scope, move || share(t))
                    .map_err(|_| t)
            })
            .collect();
        let mut shares = vec![share(0)];
        for other in others {
            shares.push(match other {
                Ok(thread) => match thread.join() {
                    Ok(s) => s,
                    Err(panic) => std::panic::resume_unwind(panic),
                },
                Err(t) => share(t),
            });
        }
        shares
    });
    let mut counts: Option<RunCounts> = None;
    let mut first_error: Option<(usize, SortError)> = None;
    for (share, error) in shares {
        if let Some((k, e)) = error
            && first_error.as_ref().is_none_or(|(first, _)| k < *first)
        {
            first_error = Some((k, e));
        }
        match &mut counts {
            Some(counts) => counts.absorb(share),
            None => counts = Some(share),
        }
    }
    match first_error {
        Some((_, e)) => Err(e),
        None => Ok(counts.expect("one share at least")),
    }
}

/// Threads for the pass over `runs` runs of `streams` streams: at most the audit's, one per
/// run at most, and no more than a quarter of the memory `budget` holds tallies for (each
/// thread has one per stream; one thread always has them).
fn pass_threads(threads: usize, runs: usize, streams: usize, budget: usize) -> usize {
    let tallies = streams.max(1) * std::mem::size_of::<Tally>();
    threads.min(runs).min(budget / 4 / tallies).max(1)
}

/// Counts the requests of run `k` (of `runs`).
fn count_run(
    run: &SpillRun,
    k: usize,
    runs: usize,
    buffer: usize,
    pass: &RunPass<'_>,
    counts: &mut RunCounts,
) -> Result<(), SortError> {
    let map: Vec<u32> = run
        .streams
        .iter()
        .map(|s| pass.table.index(&s.key))
        .collect();
    let mut reader = run.reader(k + 1, runs, buffer)?;
    while let Some(r) = reader.next_record()? {
        let i = map[r.stream as usize];
        match &pass.infos[i as usize] {
            Some(info) => {
                let times = r.hits.iter().map(|h| (h.time_ms, &h.client));
                let tally = &mut counts.tallies[i as usize];
                counts
                    .counter
                    .count(tally, info, &r.path, times, pass.leeway);
            }
            // Not judged; only requests that rules bind were counted as checked.
            None if pass.table.agents[i as usize].bound => {
                counts.not_judged(i, r.hits.len() as u64);
            }
            None => {}
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(judged: u64, not_judged: u64, allowed: u64, violations: u64) -> Tally {
        Tally {
            seen: true,
            judged,
            not_judged,
            allowed,
            allowed_by_leeway: allowed / 2,
            violations,
            violations_spoofed: violations / 3,
            preference_conflicts: 1,
        }
    }

    /// Request by request, as the pass once counted: each taken from `pending` and, when not
    /// judged, from `checked`, saturating.
    fn one_by_one(pair: &mut PairAgg, t: &Tally) {
        for n in 0..t.judged {
            pair.pending = pair.pending.saturating_sub(1);
            if n < t.not_judged {
                pair.checked = pair.checked.saturating_sub(1);
                pair.not_judged += 1;
            }
        }
        pair.allowed += t.allowed;
        pair.allowed_by_leeway += t.allowed_by_leeway;
        pair.violations_spoofed += t.violations_spoofed;
        pair.violations += t.violations;
        pair.preference_conflicts += t.preference_conflicts;
    }

    #[test]
    fn the_pass_takes_the_threads_its_tallies_have_room_for() {
        let tally = std::mem::size_of::<Tally>();
        // Room to spare: the audit's threads, or one per run when there are fewer.
        assert_eq!(pass_threads(2, 36, 334, 16 << 20), 2);
        assert_eq!(pass_threads(8, 3, 334, 16 << 20), 3);
        // A quarter of the budget holds the tallies of two threads, not of eight.
        let streams = 100_000;
        assert_eq!(pass_threads(8, 50, streams, 8 * streams * tally), 2);
        // Not even one thread's fits: one all the same (the rows need their counts).
        assert_eq!(pass_threads(8, 50, streams, streams * tally), 1);
        assert_eq!(pass_threads(0, 0, 0, 0), 1);
    }

    #[test]
    fn tallies_in_any_order_give_the_row_of_counting_one_by_one() {
        // Rows with fewer pending and checked than the tallies take (the saturation), and
        // with more.
        for (pending, checked) in [(0, 0), (3, 2), (7, 9), (40, 40)] {
            let start = PairAgg {
                pending,
                checked,
                not_judged: 2,
                allowed: 5,
                ..PairAgg::default()
            };
            let parts = [
                tally(4, 1, 2, 1),
                tally(0, 0, 0, 0),
                tally(6, 6, 0, 0),
                tally(3, 0, 1, 2),
            ];
            let mut want = start.clone();
            for t in &parts {
                one_by_one(&mut want, t);
            }
            // Applied one at a time, in both orders, and summed first.
            for order in [[0, 1, 2, 3], [3, 2, 1, 0]] {
                let mut got = start.clone();
                for i in order {
                    parts[i].apply(&mut got);
                }
                assert_eq!(got, want, "pending {pending}, checked {checked}, {order:?}");
            }
            let mut sum = Tally::default();
            for t in &parts {
                sum.absorb(t);
            }
            let mut got = start.clone();
            sum.apply(&mut got);
            assert_eq!(got, want, "pending {pending}, checked {checked}, summed");
            assert!(got.pending <= pending && got.checked <= checked);
        }
    }
}
