//! Merging sorted sources with a bounded number of open runs.
//!
//! [`Merge`] merges any sorted [`Source`]s (runs being read, records in memory) by a
//! comparison the caller gives, ties going to the earlier source. [`reduce`] merges runs into
//! fewer runs, in as many passes as it takes, until at most [`fan_in`] are left, so that the
//! final merge never holds more descriptors than the process may open.

use std::cmp::Ordering;
use std::fs;

use super::SortError;

/// Runs merged at once at most, whatever the open-file limit: each takes a read buffer.
pub const MAX_FAN_IN: usize = 256;

/// Descriptors left for everything else (a report opened late, a directory listing, the
/// run a pass writes): a merge takes what is available beyond them.
const RESERVE: u64 = 8;

/// What a process without `/proc` is assumed to have open.
const ASSUMED_OPEN: u64 = 64;

/// Records in order, read one at a time; a read that fails is an error, never an end.
pub trait Source<T> {
    /// The next record, or None at the end.
    fn next_record(&mut self) -> Result<Option<T>, SortError>;
}

/// Records already in memory, sorted: the part of a sort that never went to disk.
impl<T> Source<T> for std::vec::IntoIter<T> {
    fn next_record(&mut self) -> Result<Option<T>, SortError> {
        Ok(self.next())
    }
}

/// Runs that may be open at once for a merge that takes a `1 / share` of the descriptors
/// the process has left (the open-file limit, `RLIMIT_NOFILE`, less those open now and a
/// reserve), at most [`MAX_FAN_IN`]. An error when fewer than two are left.
pub fn fan_in(share: usize) -> Result<usize, SortError> {
    let limit = rustix::process::getrlimit(rustix::process::Resource::Nofile)
        .current
        .unwrap_or(u64::MAX);
    let open = open_descriptors();
    let left = limit.saturating_sub(open).saturating_sub(RESERVE) / share.max(1) as u64;
    if left < 2 {
        return Err(SortError::Descriptors { limit, open });
    }
    Ok(left.min(MAX_FAN_IN as u64) as usize)
}

/// Descriptors this process has open (its `/proc/self/fd`, less the one reading it).
fn open_descriptors() -> u64 {
    match fs::read_dir("/proc/self/fd") {
        Ok(entries) => (entries.count() as u64).saturating_sub(1),
        Err(_) => ASSUMED_OPEN,
    }
}

/// The read buffer of each of `fan_in` runs merged within about `memory` bytes: between 8
/// and 64 KiB.
pub fn read_buffer(memory: usize, fan_in: usize) -> usize {
    (memory / fan_in.max(1)).clamp(8 << 10, 64 << 10)
}

/// Sorted sources merged into one sorted stream.
pub struct Merge<'s, T, C> {
    sources: Vec<Box<dyn Source<T> + Send + 's>>,
    /// Each source's next record.
    heads: Vec<Option<T>>,
    /// A binary min-heap of the sources that have a head.
    heap: Vec<usize>,
    cmp: C,
}

impl<'s, T, C: Fn(&T, &T) -> Ordering> Merge<'s, T, C> {
    /// Merges `sources`, each sorted by `cmp`.
    pub fn new(
        sources: Vec<Box<dyn Source<T> + Send + 's>>,
        cmp: C,
    ) -> Result<Merge<'s, T, C>, SortError> {
        let mut merge = Merge {
            heads: Vec::with_capacity(sources.len()),
            heap: Vec::with_capacity(sources.len()),
            sources,
            cmp,
        };
        for i in 0..merge.sources.len() {
            let head = merge.sources[i].next_record()?;
            if head.is_some() {
                merge.heap.push(i);
            }
            merge.heads.push(head);
        }
        for at in (0..merge.heap.len() / 2).rev() {
            merge.sift_down(at);
        }
        Ok(merge)
    }

    /// Whether source `a`'s head comes before source `b`'s.
    fn less(&self, a: usize, b: usize) -> bool {
        match (&self.heads[a], &self.heads[b]) {
            (Some(x), Some(y)) => (self.cmp)(x, y).then(a.cmp(&b)).is_lt(),
            _ => false,
        }
    }

    fn sift_down(&mut self, mut at: usize) {
        loop {
            let (l, r) = (2 * at + 1, 2 * at + 2);
            let mut least = at;
            if l < self.heap.len() && self.less(self.heap[l], self.heap[least]) {
                least = l;
            }
            if r < self.heap.len() && self.less(self.heap[r], self.heap[least]) {
                least = r;
            }
            if least == at {
                return;
            }
            self.heap.swap(at, least);
            at = least;
        }
    }

    /// The next record in order, without taking it.
    pub fn peek(&self) -> Option<&T> {
        self.heap.first().and_then(|&i| self.heads[i].as_ref())
    }

    /// The next record in order, or None when every source is at its end.
    pub fn next_record(&mut self) -> Result<Option<T>, SortError> {
        let Some(&i) = self.heap.first() else {
            return Ok(None);
        };
        let next = self.sources[i].next_record()?;
        let out = std::mem::replace(&mut self.heads[i], next);
        if self.heads[i].is_none() {
            let last = self.heap.len() - 1;
            self.heap.swap(0, last);
            self.heap.pop();
        }
        self.sift_down(0);
        Ok(out)
    }
}

/// Merges `runs` into at most `fan_in` runs, in passes that each open at most `fan_in`:
/// `open(run, i, n)` opens a run as the `i`-th of `n` (from 1, for messages), `write` writes
/// a merge to a new run. The runs merged are dropped once their merge is written, and the
/// new run goes after the others, so that every record is merged about log(runs) / log(fan_in)
/// times. Gives the runs left. Which of two equal records comes first depends on the passes:
/// callers for whom that matters break ties in `cmp`.
pub fn reduce<'s, R, T>(
    mut runs: Vec<R>,
    fan_in: usize,
    cmp: &impl Fn(&T, &T) -> Ordering,
    mut open: impl FnMut(&R, usize, usize) -> Result<Box<dyn Source<T> + Send + 's>, SortError>,
    mut write: impl FnMut(&mut Merge<'s, T, &dyn Fn(&T, &T) -> Ordering>) -> Result<R, SortError>,
) -> Result<Vec<R>, SortError> {
    let fan_in = fan_in.max(2);
    while runs.len() > fan_in {
        // Merging k runs into one leaves k - 1 fewer: merge just enough.
        let k = (runs.len() - fan_in + 1).min(fan_in);
        let n = runs.len();
        let taken: Vec<R> = runs.drain(..k).collect();
        let sources = taken
            .iter()
            .enumerate()
            .map(|(i, r)| open(r, i + 1, n))
            .collect::<Result<Vec<_>, _>>()?;
        let mut merge = Merge::new(sources, cmp as &dyn Fn(&T, &T) -> Ordering)?;
        let merged = write(&mut merge)?;
        drop(merge);
        drop(taken);
        runs.push(merged);
    }
    Ok(runs)
}

/// The last merge: the runs [`reduce`] left, each opened by `open` as the `i`-th of `n` (from
/// 1), then `memory`, the records kept in memory, when there are any.
pub fn merge_runs<'s, R, T, C: Fn(&T, &T) -> Ordering>(
    runs: &[R],
    mut open: impl FnMut(&R, usize, usize) -> Result<Box<dyn Source<T> + Send + 's>, SortError>,
    memory: Option<Box<dyn Source<T> + Send + 's>>,
    cmp: C,
) -> Result<Merge<'s, T, C>, SortError> {
    let mut sources = runs
        .iter()
        .enumerate()
        .map(|(k, run)| open(run, k + 1, runs.len()))
        .collect::<Result<Vec<_>, _>>()?;
    sources.extend(memory);
    Merge::new(sources, cmp)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::extsort::{Run, SortDir};

    /// A run of numbers being read.
    struct Reading(crate::extsort::RunReader);

    impl Source<u32> for Reading {
        fn next_record(&mut self) -> Result<Option<u32>, SortError> {
            Ok(self
                .0
                .next_record()?
                .map(|b| u32::from_le_bytes(b.try_into().unwrap())))
        }
    }

    fn write_run(dir: &SortDir, numbers: &[u32]) -> Run {
        let mut w = dir.create().unwrap();
        for n in numbers {
            w.push(&n.to_le_bytes()).unwrap();
        }
        w.finish().unwrap()
    }

    #[test]
    fn sources_merge_in_order() {
        let sources: Vec<Box<dyn Source<u32> + Send>> = vec![
            Box::new(vec![1, 4, 9].into_iter()),
            Box::new(vec![].into_iter()),
            Box::new(vec![2, 3, 10, 11].into_iter()),
            Box::new(vec![0, 4, 5].into_iter()),
        ];
        let mut m = Merge::new(sources, u32::cmp).unwrap();
        let mut out = Vec::new();
        while let Some(n) = m.next_record().unwrap() {
            out.push(n);
        }
        assert_eq!(out, [0, 1, 2, 3, 4, 4, 5, 9, 10, 11]);
    }

    #[test]
    fn many_runs_are_merged_in_passes_never_more_open_than_the_fan_in() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = SortDir::new(Some(tmp.path())).unwrap();
        let runs: Vec<Run> = (0..37u32)
            .map(|r| {
                let numbers: Vec<u32> = (0..50).map(|i| i * 37 + r).collect();
                write_run(&dir, &numbers)
            })
            .collect();
        let open_now = std::cell::Cell::new(0usize);
        let most = std::cell::Cell::new(0usize);
        let left = reduce(
            runs,
            5,
            &u32::cmp,
            |run: &Run, i, n| {
                assert!(i >= 1 && i <= n);
                open_now.set(open_now.get() + 1);
                most.set(most.get().max(open_now.get()));
                Ok(Box::new(Reading(run.open(i, n, 8192)?)) as Box<dyn Source<u32> + Send>)
            },
            |merge| {
                let mut w = dir.create()?;
                while let Some(n) = merge.next_record()? {
                    w.push(&n.to_le_bytes())?;
                }
                open_now.set(0);
                w.finish()
            },
        )
        .unwrap();
        assert!(left.len() <= 5, "{} runs left", left.len());
        assert!(most.get() <= 5, "{} open at once", most.get());
        // Only the runs left are on disk.
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), left.len());
        let sources: Vec<Box<dyn Source<u32> + Send>> = left
            .iter()
            .enumerate()
            .map(|(i, r)| Box::new(Reading(r.open(i + 1, left.len(), 8192).unwrap())) as _)
            .collect();
        let mut m = Merge::new(sources, u32::cmp).unwrap();
        let mut out = Vec::new();
        while let Some(n) = m.next_record().unwrap() {
            out.push(n);
        }
        assert_eq!(out, (0..37 * 50).collect::<Vec<u32>>());
    }

    #[test]
    fn the_fan_in_follows_the_open_file_limit() {
        let n = fan_in(1).unwrap();
        assert!((2..=MAX_FAN_IN).contains(&n));
        assert!(fan_in(2).unwrap() <= n);
        assert_eq!(read_buffer(1 << 20, 256), 8 << 10);
        assert_eq!(read_buffer(1 << 30, 256), 64 << 10);
    }
}
