//! Running an audit over inputs: reader threads, the worker pool and the three phases.
//!
//! 1. **Read.** Each input is read on a thread of its own (at most one per worker), which
//!    inflates it, cuts line-aligned blocks, detects the format from the first block and sends
//!    the blocks into a bounded channel; a rayon pool of workers parses and judges them.
//!    When the threads asked for outnumber the readers, each reader is one of them: the pool
//!    has the others, and a reader that finds the channel full judges the block itself, so
//!    no more threads run than were asked for and none waits while another inflates.
//!    Memory is bounded by the blocks in flight (`2 × threads` queued, one per worker in hand)
//!    plus the aggregates and the spools.
//! 2. **Fetch.** The robots source obtains the origins that workers met but could not judge
//!    yet, choosing by their crawler requests over the whole data set.
//! 3. **Replay.** Each worker reads its spooled lines again, now that every origin is known.
//!
//! Each worker's aggregates become a [`Partial`]; they are merged by value, so the result does
//! not depend on which worker read which block.

use std::io::Read;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

use crossbeam_channel::TrySendError;
use rayon::prelude::*;

use crate::input::{self, Block, BlockPool, InputError, LongLine, ReadOptions, Source};
use crate::logformat::BadLine;
use crate::logformat::Format;

use super::aggregate::BAD_EXAMPLES;
use super::line::{Shared, Worker, excerpt};
use super::partial::Partial;
use super::sniff::{first_block_format, only_comments};
use super::{AuditError, AuditSettings, Auditor, Observer};

/// A block of one input, with the format its lines are in.
pub struct Job {
    pub input: usize,
    pub format: Format,
    pub block: Block,
}

/// What reading one input came to.
#[derive(Default)]
struct InputRead {
    /// The format its lines were read as, and whether it was detected.
    format: Option<(Format, bool)>,
    /// Set when the input broke off: its lines up to the damage were audited.
    error: Option<InputError>,
    /// Lines over the maximum length, skipped: how many, and the first few.
    long_lines: LongLines,
}

/// Lines over the maximum length of one input: counted as malformed ("too long").
#[derive(Default)]
struct LongLines {
    count: u64,
    examples: Vec<LongLine>,
}

impl LongLines {
    fn add(&mut self, line: LongLine) {
        self.count += 1;
        if self.examples.len() < BAD_EXAMPLES {
            self.examples.push(line);
        }
    }

    /// An input with no line short enough to read is no log: the not-a-log guard's error.
    fn not_a_log(&self, name: &str, format: Option<Format>) -> Option<AuditError> {
        let first = self.examples.first()?;
        Some(AuditError::NotALog {
            name: name.to_string(),
            format: format.map_or("log", Format::name),
            bad: self.count.min(usize::MAX as u64) as usize,
            seen: self.count.min(usize::MAX as u64) as usize,
            line: first.line,
            example: long_excerpt(first),
            chosen: format.is_some(),
        })
    }
}

/// A skipped line as a malformed-line example: its head and its length.
fn long_excerpt(line: &LongLine) -> String {
    format!("{}… ({} bytes)", excerpt(&line.head), line.len)
}

/// Audits `sources` on the auditor's threads; gives the merged partial.
pub fn audit_sources(
    auditor: &Auditor,
    sources: &[Source],
    observer: &dyn Observer,
) -> Result<Partial, AuditError> {
    let names: Vec<String> = sources.iter().map(Source::name).collect();
    let shared = auditor.shared(&names);
    let threads = auditor.settings.threads.max(1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()?;
    let (tx, rx) = crossbeam_channel::bounded::<Job>(threads * 2);
    let abort = AtomicBool::new(false);
    let fatal: Mutex<Option<AuditError>> = Mutex::new(None);
    let reads: Mutex<Vec<(usize, InputRead)>> = Mutex::new(Vec::new());
    let next_input = AtomicUsize::new(0);
    // Block buffers go back to the readers once judged: no fresh (zeroed, page-faulting)
    // megabyte per block.
    let buffers = BlockPool::new();
    let readers = sources.len().min(threads).max(1);
    // With threads to spare beyond the readers, each reader is also a worker, judging a block
    // itself when the workers are behind (the channel full), and the pool has the rest: as
    // many threads judge as were asked for, and none waits while another inflates.
    let helping = threads > readers;
    let pool_workers = if helping { threads - readers } else { threads };

    let (mut workers, helpers) = std::thread::scope(|scope| {
        let mut handles = Vec::new();
        for _ in 0..readers {
            let tx = tx.clone();
            handles.push(scope.spawn(|| {
                let tx = tx;
                let mut helper = helping.then(|| Worker::new(&shared));
                loop {
                    let i = next_input.fetch_add(1, Ordering::Relaxed);
                    if i >= sources.len() || abort.load(Ordering::Relaxed) {
                        break;
                    }
                    let feed = Feed {
                        tx: &tx,
                        abort: &abort,
                        fatal: &fatal,
                        pool: &buffers,
                    };
                    match read_source(&shared, sources, i, &feed, helper.as_mut(), observer) {
                        Ok(read) => lock(&reads).push((i, read)),
                        Err(e) => {
                            abort.store(true, Ordering::Relaxed);
                            lock(&fatal).get_or_insert(e);
                        }
                    }
                    observer.input_done(i);
                }
                helper
            }));
        }
        drop(tx);
        let judged = Mutex::new(Vec::with_capacity(threads));
        pool.scope(|s| {
            for _ in 0..pool_workers {
                s.spawn(|_| {
                    let mut worker = Worker::new(&shared);
                    for job in rx.iter() {
                        if !abort.load(Ordering::Relaxed) {
                            judge(&mut worker, &job, &abort, &fatal);
                        }
                        buffers.give_back(job.block.into_data());
                    }
                    lock(&judged).push(worker);
                });
            }
        });
        let helpers: Vec<std::thread::Result<Option<Worker<'_>>>> =
            handles.into_iter().map(|h| h.join()).collect();
        (
            judged.into_inner().unwrap_or_else(|e| e.into_inner()),
            helpers,
        )
    });
    for helper in helpers {
        match helper {
            Ok(helper) => workers.extend(helper),
            Err(panic) => std::panic::resume_unwind(panic),
        }
    }
    if let Some(e) = fatal.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(e);
    }
    settle_and_replay(&shared, &pool, &mut workers, observer)?;
    observer.merging();
    let mut partial = pool.install(|| {
        workers
            .into_par_iter()
            .map(Worker::into_partial)
            .reduce(Partial::default, |mut a, b| {
                a.merge(b);
                a
            })
    });
    for (i, read) in reads.into_inner().unwrap_or_else(|e| e.into_inner()) {
        record_read(&mut partial, &names[i], read);
    }
    Ok(partial)
}

/// Audits one stream on this thread.
pub fn audit_reader(
    auditor: &Auditor,
    reader: impl Read,
    name: &str,
    observer: &dyn Observer,
) -> Result<Partial, AuditError> {
    let names = [name.to_string()];
    let shared = auditor.shared(&names);
    let mut worker = Worker::new(&shared);
    let mut format: Option<(Format, bool)> = None;
    let mut fatal: Option<AuditError> = None;
    let mut pending: Vec<Block> = Vec::new();
    let progress = AtomicU64::new(0);
    let mut long_lines = LongLines::default();
    let result = input::read_blocks_from_with(
        reader,
        name,
        read_options(&auditor.settings),
        &progress,
        None,
        input::sink_with_long_lines(
            |block: Block| {
                observer.progress(0, progress.load(Ordering::Relaxed), block.first_line);
                let f = match format {
                    Some((f, _)) => f,
                    None if only_comments(&block) => {
                        pending.push(block);
                        return true;
                    }
                    None => match first_block_format(&shared, name, &block) {
                        Ok(found) => {
                            format = Some(found);
                            observer.format(0, name, found.0, found.1);
                            for early in pending.drain(..) {
                                worker.process(&Job {
                                    input: 0,
                                    format: found.0,
                                    block: early,
                                });
                            }
                            if let Some(e) = worker.take_failure() {
                                fatal = Some(e);
                                return false;
                            }
                            found.0
                        }
                        Err(e) => {
                            fatal = Some(e);
                            return false;
                        }
                    },
                };
                worker.process(&Job {
                    input: 0,
                    format: f,
                    block,
                });
                match worker.take_failure() {
                    Some(e) => {
                        fatal = Some(e);
                        false
                    }
                    None => true,
                }
            },
            |long| {
                long_lines.add(long);
                true
            },
        ),
    );
    if format.is_none()
        && let Some(e) = long_lines.not_a_log(name, auditor.settings.format)
    {
        return Err(e);
    }
    if let Some(e) = fatal {
        return Err(e);
    }
    observer.input_done(0);
    let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build()?;
    let mut workers = vec![worker];
    settle_and_replay(&shared, &pool, &mut workers, observer)?;
    observer.merging();
    let mut partial = workers.pop().map(Worker::into_partial).unwrap_or_default();
    record_read(
        &mut partial,
        name,
        InputRead {
            format,
            error: result.err(),
            long_lines,
        },
    );
    Ok(partial)
}

/// Phases 2 and 3: the fetches, then the spooled lines.
fn settle_and_replay(
    shared: &Shared<'_>,
    pool: &rayon::ThreadPool,
    workers: &mut [Worker<'_>],
    observer: &dyn Observer,
) -> Result<(), AuditError> {
    let mut demand: std::collections::BTreeMap<crate::fetch::Origin, u64> = Default::default();
    for w in workers.iter() {
        for (origin, n) in w.demand() {
            *demand.entry(origin).or_default() += n;
        }
    }
    let demand: Vec<_> = demand.into_iter().collect();
    observer.fetching(demand.len());
    shared.source.settle(&demand);
    observer.replaying();
    pool.install(|| {
        workers
            .par_iter_mut()
            .map(Worker::replay)
            .collect::<Result<Vec<()>, _>>()
    })?;
    Ok(())
}

/// Records how an input was read in the partial.
fn record_read(partial: &mut Partial, name: &str, read: InputRead) {
    let counts = partial.inputs.entry(name.to_string()).or_default();
    if let Some((format, detected)) = read.format {
        counts.format = Some(format.name().to_string());
        counts.detected = detected;
    }
    // The counts are the input's own: its name is said where they are shown.
    counts.unopened = matches!(read.error, Some(InputError::Open { .. }));
    counts.error = read.error.map(|e| e.cause());
    if read.long_lines.count > 0 {
        *counts.bad.entry(BadLine::TooLong).or_default() += read.long_lines.count;
        counts.lines += read.long_lines.count;
        for long in &read.long_lines.examples {
            counts.add_example(long.line, BadLine::TooLong, long_excerpt(long));
        }
    }
}

/// How inputs are cut into blocks: the auditor's block size and maximum line length.
fn read_options(settings: &AuditSettings) -> ReadOptions {
    ReadOptions::default()
        .block_size(settings.block_size)
        .max_line_length(settings.max_line_length)
}

/// Where a reader sends its blocks, and what it shares with the other readers.
struct Feed<'a> {
    tx: &'a crossbeam_channel::Sender<Job>,
    /// Set when an input turned out not to be auditable: everyone stops.
    abort: &'a AtomicBool,
    /// Why a worker stopped (the first to say).
    fatal: &'a Mutex<Option<AuditError>>,
    /// Buffers of judged blocks, for the next blocks.
    pool: &'a BlockPool,
}

/// Reads one input to the end. `Err`: the input must not be audited at all.
fn read_source(
    shared: &Shared<'_>,
    sources: &[Source],
    index: usize,
    feed: &Feed<'_>,
    mut helper: Option<&mut Worker<'_>>,
    observer: &dyn Observer,
) -> Result<InputRead, AuditError> {
    let source = &sources[index];
    let name = source.name();
    let progress = AtomicU64::new(0);
    let mut format: Option<(Format, bool)> = None;
    let mut fatal: Option<AuditError> = None;
    // Blocks of header lines only (W3C's `#Version:`, a block cut at `#Fields:`) wait until
    // a block with requests shows what the format is.
    let mut pending: Vec<Block> = Vec::new();
    let Feed {
        tx,
        abort,
        fatal: stopped,
        pool,
    } = *feed;
    // False when reading must stop: the workers are gone, or this thread's worker stopped.
    let mut send = |format: Format, block: Block| {
        let job = Job {
            input: index,
            format,
            block,
        };
        let Some(worker) = helper.as_deref_mut() else {
            return tx.send(job).is_ok();
        };
        match tx.try_send(job) {
            Ok(()) => true,
            // The workers are behind: this thread judges the block.
            Err(TrySendError::Full(job)) => {
                let judged = judge(worker, &job, abort, stopped);
                pool.give_back(job.block.into_data());
                judged
            }
            Err(TrySendError::Disconnected(_)) => false,
        }
    };
    let mut long_lines = LongLines::default();
    let result = input::read_blocks_with(
        source,
        read_options(shared.settings),
        &progress,
        Some(pool),
        input::sink_with_long_lines(
            |block: Block| {
                if abort.load(Ordering::Relaxed) {
                    return false;
                }
                observer.progress(
                    index,
                    progress.load(Ordering::Relaxed),
                    block.first_line.saturating_sub(1),
                );
                let f = match format {
                    Some((f, _)) => f,
                    None if only_comments(&block) => {
                        pending.push(block);
                        return true;
                    }
                    None => match first_block_format(shared, &name, &block) {
                        Ok(found) => {
                            format = Some(found);
                            observer.format(index, &name, found.0, found.1);
                            for early in pending.drain(..) {
                                if !send(found.0, early) {
                                    return false;
                                }
                            }
                            found.0
                        }
                        Err(e) => {
                            fatal = Some(e);
                            return false;
                        }
                    },
                };
                send(f, block)
            },
            |long| {
                long_lines.add(long);
                !abort.load(Ordering::Relaxed)
            },
        ),
    );
    if fatal.is_none()
        && format.is_none()
        && let Some(e) = long_lines.not_a_log(&name, shared.settings.format)
    {
        fatal = Some(e);
    }
    if let Some(e) = fatal {
        return Err(e);
    }
    // Header-only inputs (a W3C file with no requests) still go through the workers, which
    // count their lines.
    if let Some(f) = format.map(|f| f.0).or(shared.settings.format) {
        for early in pending {
            send(f, early);
        }
    }
    Ok(InputRead {
        format,
        error: result.err(),
        long_lines,
    })
}

/// Has `worker` judge the lines of `job`; false when it stopped (its reason in `fatal`, and
/// `abort` set for everyone).
fn judge(
    worker: &mut Worker<'_>,
    job: &Job,
    abort: &AtomicBool,
    fatal: &Mutex<Option<AuditError>>,
) -> bool {
    worker.process(job);
    match worker.take_failure() {
        Some(e) => {
            abort.store(true, Ordering::Relaxed);
            lock(fatal).get_or_insert(e);
            false
        }
        None => true,
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}
