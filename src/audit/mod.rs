//! Audit stage: the parallel pipeline from log files to report rows.
//!
//! Takes a validated [`Config`]; gives the reports on disk and an [`AuditOutcome`] for the exit
//! code. Input files are read on their own threads (one per file being read, at most one per
//! worker), which inflate and cut line-aligned blocks into a bounded channel; a rayon pool of
//! workers parses and judges the blocks into per-worker aggregates ([`worker`]), merged once
//! at the end ([`merge`]) and written by one writer; the violations rows, the one part that
//! grows with a long-tail log, are sorted by each worker and streamed to the writer
//! ([`rows`]). Memory is bounded by the blocks in flight (`2 × workers` queued, one per
//! worker in hand) plus the aggregates.
//!
//! What goes wrong with the data is data: malformed lines are counted, an unreadable or
//! truncated input is processed up to the damage and reported, an origin without robots.txt
//! is reported as not judged. Only a setting that makes the whole run meaningless (a log that
//! is not in the format asked for, a format without hosts and no `--host`, an output that
//! cannot be created) stops the run before a report is written.

mod judge;
mod merge;
mod rows;
mod tally;
mod worker;

use std::collections::BTreeMap;
use std::fs::File;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use indicatif::{MultiProgress, ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::config::{Config, known_formats};
use crate::crawlers::{
    DnsError, DnsVerifier, Registry, RegistryError, Verifier, default_ranges_dir,
};
use crate::fetch::{FetchError, RobotsStore};
use crate::input::{self, InputError, Source};
use crate::logformat::{self, Format};
use crate::report::{self, CsvStyle, Output, ReportError, escape_for_terminal};

use judge::Judges;
use merge::Merged;
use worker::{Job, Shared, Worker};

/// Bytes of log per block handed to a worker.
const BLOCK_SIZE: usize = input::DEFAULT_BLOCK_SIZE;
/// Lines looked at to detect a format.
const DETECT_LINES: usize = 100;
/// The not-a-log guard: of the first this-many lines, more than half malformed stops the run.
const GUARD_LINES: usize = 1000;
/// A host in the terminal summary: its name, violating requests, and crawlers by requests.
type HostTally<'a> = (&'a str, u64, Vec<(&'a str, u64)>);

/// Hosts listed in the terminal summary.
const SUMMARY_HOSTS: usize = 10;
/// The guard needs at least this many lines to judge a file.
const GUARD_MIN_LINES: usize = 10;

/// An error that stops the audit before any report is written.
#[derive(Debug, thiserror::Error)]
pub enum AuditError {
    #[error("cannot open {}: {source}", path.display())]
    Open {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{name}: cannot tell the log format from the first lines; name it with --format (known: {known})", known = known_formats())]
    UnknownFormat { name: String },
    #[error("{name}: the {format} format carries no host; give the site's host with --host")]
    NoHost { name: String, format: &'static str },
    #[error(
        "{name}: not a {format} log: {bad} of its first {seen} lines are malformed (line {line}: {example}); choose the format with --format"
    )]
    NotALog {
        name: String,
        format: &'static str,
        bad: usize,
        seen: usize,
        line: u64,
        example: String,
    },
    #[error("--crawlers: {0}")]
    Crawlers(RegistryError),
    #[error("--ranges-dir: {0}")]
    Ranges(RegistryError),
    #[error("--verify-dns: {0}")]
    Dns(#[from] DnsError),
    #[error(transparent)]
    Fetch(#[from] FetchError),
    #[error(transparent)]
    Report(#[from] ReportError),
    #[error("cannot start worker threads: {0}")]
    Threads(#[from] rayon::ThreadPoolBuildError),
}

/// How a completed audit went.
#[derive(Debug, Default)]
pub struct AuditOutcome {
    /// Rows in the violations report.
    pub violations: usize,
    /// Inputs that could not be read to the end (their lines up to the damage were audited).
    pub input_errors: Vec<InputError>,
    /// Malformed lines over all inputs.
    pub bad_lines: u64,
}

/// Messages for standard error: silent with `--quiet`, routed around progress bars.
struct Console {
    quiet: bool,
    bars: Option<MultiProgress>,
}

impl Console {
    fn note(&self, msg: &str) {
        if self.quiet {
            return;
        }
        let line = format!("robots-audit: {msg}");
        match &self.bars {
            Some(bars) => {
                // A failure to draw a progress line is not worth failing over.
                let _ = bars.println(line);
            }
            None => eprintln!("{line}"),
        }
    }
}

/// Runs the audit described by `config`: reads the logs, judges the crawler requests and
/// writes the reports.
pub fn run(config: &Config) -> Result<AuditOutcome, AuditError> {
    // Everything that can fail for a reason the user must fix is tried before the work starts.
    for source in &config.inputs {
        if let Source::Path(path) = source {
            File::open(path).map_err(|e| AuditError::Open {
                path: path.clone(),
                source: e,
            })?;
        }
    }
    let registry =
        Registry::builtin_with(config.crawlers.as_deref()).map_err(AuditError::Crawlers)?;
    let verifier = verifier(config)?;
    let mut out = match config.out.as_deref() {
        Some(p) => Output::create(p)?,
        None => Output::stdout(),
    };
    let mut summary_out = config.summary.as_deref().map(Output::create).transpose()?;
    let mut hosts_out = config.hosts.as_deref().map(Output::create).transpose()?;
    let mut inputs_out = config
        .inputs_report
        .as_deref()
        .map(Output::create)
        .transpose()?;
    let mut spoofed_out = config.spoofed.as_deref().map(Output::create).transpose()?;
    let judges = Judges::new(RobotsStore::new(config.fetch.clone())?);

    let console = Console {
        quiet: config.quiet,
        bars: config
            .progress
            .then(|| MultiProgress::with_draw_target(ProgressDrawTarget::stderr())),
    };
    let shared = Shared {
        registry: &registry,
        verifier: &verifier,
        judges: &judges,
        default_host: config.default_host.as_ref(),
        scheme: config.scheme,
        since_ms: config.since_ms,
        until_ms: config.until_ms,
        all_crawl_delay: config.all_crawl_delay,
        json_fields: config.json_fields.as_ref(),
    };
    let (mut merged, reads) = read_and_judge(config, &shared, &console)?;

    // Every report is written to its temporary file first; they are renamed into place
    // together only when all of them were written.
    let style = CsvStyle {
        neutralize: config.neutralize,
    };
    // Violations per host and crawler for the terminal summary, taken as the rows stream by.
    let mut tally = ViolationTally::default();
    let rows = merged.violation_rows().inspect(|r| {
        if config.progress {
            tally.add(r);
        }
    });
    let violations =
        report::write_violations(&mut out, rows, style).map_err(|e| e.named(out.name()))?;
    if let Some(o) = &mut summary_out {
        report::write_summary(&mut *o, &merged.summary_rows(), style)
            .map_err(|e| e.named(o.name()))?;
    }
    if let Some(o) = &mut hosts_out {
        report::write_hosts(&mut *o, &merged.host_rows(judges.store()), style)
            .map_err(|e| e.named(o.name()))?;
    }
    if let Some(o) = &mut spoofed_out {
        report::write_spoofed(&mut *o, &merged.spoofed_rows(), style)
            .map_err(|e| e.named(o.name()))?;
    }
    if let Some(o) = &mut inputs_out {
        report::write_inputs(&mut *o, &input_rows(config, &merged, &reads), style)
            .map_err(|e| e.named(o.name()))?;
    }
    for o in [Some(out), summary_out, hosts_out, spoofed_out, inputs_out]
        .into_iter()
        .flatten()
    {
        o.commit()?;
    }

    let bad_lines = merged.inputs.iter().map(|c| c.bad_total()).sum();
    if let Some(dns) = verifier.dns() {
        let s = dns.stats();
        console.note(&format!(
            "reverse DNS: {} PTR and {} forward queries, {} failed{}",
            s.ptr_queries,
            s.forward_queries,
            s.failures,
            if s.gave_up {
                "; DNS did not answer, so the rest were left unverifiable"
            } else {
                ""
            }
        ));
    }
    print_notes(config, &merged, &judges, &console);
    if config.progress {
        print_terminal_summary(&merged, violations, tally);
    }
    Ok(AuditOutcome {
        violations,
        input_errors: reads.into_iter().filter_map(|r| r.error).collect(),
        bad_lines,
    })
}

/// One row per input for `--inputs`: how it was read and what was wrong with it.
fn input_rows(config: &Config, merged: &Merged, reads: &[InputRead]) -> Vec<report::InputRow> {
    config
        .inputs
        .iter()
        .zip(&merged.inputs)
        .zip(reads)
        .map(|((source, counts), read)| {
            let first = counts.bad_examples.first();
            report::InputRow {
                input: source.name(),
                format: read
                    .format
                    .map(|f| f.name().to_string())
                    .unwrap_or_default(),
                detected: config.format.is_none(),
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
                error: read
                    .error
                    .as_ref()
                    .map(|e| e.to_string())
                    .unwrap_or_default(),
            }
        })
        .collect()
}

/// Crawler verification: published ranges (fresh copies from `update-ranges` when there are
/// any, else the bundled snapshot), and reverse DNS when asked for.
fn verifier(config: &Config) -> Result<Verifier, AuditError> {
    let mut verifier = match &config.ranges_dir {
        Some(dir) => Verifier::with_range_dir(dir).map_err(AuditError::Ranges)?,
        None => match default_ranges_dir().filter(|d| d.is_dir()) {
            // A damaged cache is not worth stopping a nightly run for: fall back to the
            // bundled snapshot and say so.
            Some(dir) => Verifier::with_range_dir(&dir).unwrap_or_else(|e| {
                if !config.quiet {
                    eprintln!(
                        "robots-audit: ignoring the saved IP ranges: {}",
                        escape_for_terminal(e.to_string().as_bytes())
                    );
                }
                Verifier::bundled()
            }),
            None => Verifier::bundled(),
        },
    };
    if let Some(opts) = &config.dns {
        verifier = verifier.with_dns(DnsVerifier::new(opts.clone())?);
    }
    Ok(verifier)
}

/// Reads every input on reader threads and judges its blocks on the worker pool.
fn read_and_judge(
    config: &Config,
    shared: &Shared<'_>,
    console: &Console,
) -> Result<(Merged, Vec<InputRead>), AuditError> {
    let inputs = &config.inputs;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(config.threads)
        .build()?;
    let (tx, rx) = crossbeam_channel::bounded::<Job>(config.threads * 2);
    let abort = AtomicBool::new(false);
    let fatal: Mutex<Option<AuditError>> = Mutex::new(None);
    let reads: Mutex<Vec<(usize, InputRead)>> = Mutex::new(Vec::new());
    let next_input = AtomicUsize::new(0);
    // Block buffers go back to the readers once judged: no fresh (zeroed, page-faulting)
    // megabyte per block.
    let buffers = input::BlockPool::new();
    let readers = inputs.len().min(config.threads).max(1);
    let bars: Vec<Option<ProgressBar>> = inputs.iter().map(|s| progress_bar(console, s)).collect();

    let results = std::thread::scope(|scope| {
        for _ in 0..readers {
            let tx = tx.clone();
            scope.spawn(|| {
                let tx = tx;
                loop {
                    let i = next_input.fetch_add(1, Ordering::Relaxed);
                    if i >= inputs.len() || abort.load(Ordering::Relaxed) {
                        break;
                    }
                    let feed = Feed {
                        tx: &tx,
                        abort: &abort,
                        pool: &buffers,
                    };
                    match read_input(config, shared, i, &feed, bars[i].as_ref(), console) {
                        Ok(read) => reads.lock().expect("no panics while held").push((i, read)),
                        Err(e) => {
                            abort.store(true, Ordering::Relaxed);
                            fatal.lock().expect("no panics while held").get_or_insert(e);
                        }
                    }
                }
            });
        }
        drop(tx);
        pool.broadcast(|_| {
            let mut worker = Worker::new(shared, inputs.len());
            for job in rx.iter() {
                if !abort.load(Ordering::Relaxed) {
                    worker.process(&job);
                }
                buffers.give_back(job.block.data);
            }
            worker.finish()
        })
    });
    for bar in bars.iter().flatten() {
        bar.finish_and_clear();
    }
    if let Some(e) = fatal.into_inner().expect("no panics while held") {
        return Err(e);
    }
    let mut merged = Merged::default();
    for (tables, aggs, rows) in results {
        merged.add(tables, aggs, rows);
    }
    let mut by_input: Vec<InputRead> = inputs.iter().map(|_| InputRead::default()).collect();
    for (i, read) in reads.into_inner().expect("no panics while held") {
        by_input[i] = read;
    }
    Ok((merged, by_input))
}

/// Where a reader sends its blocks, and what it shares with the other readers.
struct Feed<'a> {
    tx: &'a crossbeam_channel::Sender<Job>,
    /// Set when an input turned out not to be auditable: everyone stops.
    abort: &'a AtomicBool,
    /// Buffers of judged blocks, for the next blocks.
    pool: &'a input::BlockPool,
}

/// What reading one input came to.
#[derive(Default)]
struct InputRead {
    /// The format its lines were read as (None: no line to tell, e.g. an empty file).
    format: Option<Format>,
    /// Set when the input broke off: its lines up to the damage were audited.
    error: Option<InputError>,
}

/// Reads one input to the end. `Err`: the input must not be audited at all.
fn read_input(
    config: &Config,
    shared: &Shared<'_>,
    index: usize,
    feed: &Feed<'_>,
    bar: Option<&ProgressBar>,
    console: &Console,
) -> Result<InputRead, AuditError> {
    let source = &config.inputs[index];
    let name = source.name();
    let progress = AtomicU64::new(0);
    let mut format: Option<Format> = None;
    let mut fatal: Option<AuditError> = None;
    // Blocks of header lines only (W3C's `#Version:`, a block cut at `#Fields:`) wait until
    // a block with requests shows what the format is.
    let mut pending: Vec<input::Block> = Vec::new();
    let Feed { tx, abort, pool } = *feed;
    let result = input::read_blocks_pooled(source, BLOCK_SIZE, &progress, pool, |block| {
        if abort.load(Ordering::Relaxed) {
            return false;
        }
        if let Some(bar) = bar {
            bar.set_position(progress.load(Ordering::Relaxed));
            let lines = block.first_line.saturating_sub(1);
            let secs = bar.elapsed().as_secs_f64().max(0.001);
            bar.set_message(format!("{:.0} lines/s", lines as f64 / secs));
        }
        let f = match format {
            Some(f) => f,
            None if only_comments(&block) => {
                pending.push(block);
                return true;
            }
            None => match first_block_format(config, shared, &name, &block, console) {
                Ok(f) => {
                    format = Some(f);
                    for early in pending.drain(..) {
                        if tx
                            .send(Job {
                                input: index,
                                format: f,
                                block: early,
                            })
                            .is_err()
                        {
                            return false;
                        }
                    }
                    f
                }
                Err(e) => {
                    fatal = Some(e);
                    return false;
                }
            },
        };
        tx.send(Job {
            input: index,
            format: f,
            block,
        })
        .is_ok()
    });
    if let Some(e) = fatal {
        return Err(e);
    }
    Ok(InputRead {
        format,
        error: result.err(),
    })
}

/// Chooses the format of an input from its first block and runs the not-a-log guard.
fn first_block_format(
    config: &Config,
    shared: &Shared<'_>,
    name: &str,
    block: &input::Block,
    console: &Console,
) -> Result<Format, AuditError> {
    let format = match config.format {
        Some(f) => f,
        None => {
            let sample = first_lines(&block.data, DETECT_LINES);
            let f = logformat::detect(sample).ok_or_else(|| AuditError::UnknownFormat {
                name: name.to_string(),
            })?;
            console.note(&format!(
                "{}: format {} (detected)",
                escape_for_terminal(name.as_bytes()),
                f.name()
            ));
            f
        }
    };
    if !format.has_host() && config.default_host.is_none() {
        return Err(AuditError::NoHost {
            name: name.to_string(),
            format: format.name(),
        });
    }
    // The guard: a file that is clearly not a log of this format stops the run instead of
    // producing an empty report.
    let parser = shared.parser(format, block.header.as_deref());
    let (mut seen, mut bad) = (0usize, 0usize);
    let mut first_bad: Option<(u64, String)> = None;
    for (line_no, line) in block.lines().take(GUARD_LINES) {
        match parser.parse(line) {
            Ok(Some(_)) => seen += 1,
            Ok(None) => {}
            Err(_) => {
                seen += 1;
                bad += 1;
                first_bad.get_or_insert_with(|| {
                    (line_no, escape_for_terminal(&line[..line.len().min(80)]))
                });
            }
        }
    }
    if seen >= GUARD_MIN_LINES.min(block.lines().count()).max(1) && bad * 2 > seen {
        let (line, example) = first_bad.unwrap_or_default();
        return Err(AuditError::NotALog {
            name: name.to_string(),
            format: format.name(),
            bad,
            seen,
            line,
            example,
        });
    }
    Ok(format)
}

/// True when a block holds nothing but `#` lines and blank lines.
fn only_comments(block: &input::Block) -> bool {
    block
        .lines()
        .all(|(_, line)| line.is_empty() || line.starts_with(b"#"))
}

/// The first `n` lines of a block.
fn first_lines(data: &[u8], n: usize) -> &[u8] {
    let mut end = 0;
    for _ in 0..n {
        match memchr::memchr(b'\n', &data[end..]) {
            Some(i) => end += i + 1,
            None => return data,
        }
    }
    &data[..end]
}

fn progress_bar(console: &Console, source: &Source) -> Option<ProgressBar> {
    let bars = console.bars.as_ref()?;
    let bar = match input::source_len(source) {
        Some(len) => ProgressBar::new(len).with_style(
            ProgressStyle::with_template(
                "{prefix:20!} [{bar:30}] {bytes}/{total_bytes} {bytes_per_sec} {msg} ETA {eta}",
            )
            .expect("a valid template")
            .progress_chars("=> "),
        ),
        None => ProgressBar::new_spinner().with_style(
            ProgressStyle::with_template("{prefix:20!} {spinner} {bytes} {bytes_per_sec} {msg}")
                .expect("a valid template"),
        ),
    };
    bar.set_prefix(escape_for_terminal(source.name().as_bytes()));
    Some(bars.add(bar))
}

/// Counts every user should see: malformed lines (with the first examples), lines outside
/// the window, hosts not judged.
fn print_notes(config: &Config, merged: &Merged, judges: &Judges, console: &Console) {
    if config.quiet {
        return;
    }
    for (source, counts) in config.inputs.iter().zip(&merged.inputs) {
        let name = escape_for_terminal(source.name().as_bytes());
        let bad = counts.bad_total();
        if bad > 0 {
            let reasons: Vec<String> = counts
                .bad
                .iter()
                .map(|(r, n)| format!("{}: {n}", r.as_str()))
                .collect();
            console.note(&format!(
                "{name}: {bad} malformed lines skipped ({})",
                reasons.join(", ")
            ));
            for (line, reason, example) in &counts.bad_examples {
                console.note(&format!("{name}:{line}: {}: {example}", reason.as_str()));
            }
        }
        if counts.no_host > 0 {
            console.note(&format!(
                "{name}: {} requests without a host skipped (give --host)",
                counts.no_host
            ));
        }
        if counts.outside_window > 0 {
            console.note(&format!(
                "{name}: {} requests outside --since/--until skipped",
                counts.outside_window
            ));
        }
    }
    for (host, requests, reason) in merged.not_judged(judges.store()) {
        console.note(&format!(
            "{}: {requests} crawler requests not judged: {}",
            escape_for_terminal(host.as_bytes()),
            escape_for_terminal(reason.as_bytes())
        ));
    }
}

/// On a terminal: per host, the crawlers with the most violating requests.
/// Violating requests per host and crawler.
#[derive(Default)]
struct ViolationTally(BTreeMap<Arc<str>, BTreeMap<Arc<str>, u64>>);

impl ViolationTally {
    fn add(&mut self, r: &report::ViolationRow) {
        *self
            .0
            .entry(r.host.clone())
            .or_default()
            .entry(r.crawler.clone())
            .or_default() += r.requests;
    }
}

fn print_terminal_summary(merged: &Merged, rows: usize, tally: ViolationTally) {
    let total: u64 = merged.inputs.iter().map(|c| c.requests).sum();
    eprintln!("robots-audit: {total} requests read, {rows} report rows");
    // The hosts with the most violating requests first; the report has the rest.
    let mut hosts: Vec<HostTally<'_>> = tally
        .0
        .iter()
        .map(|(host, crawlers)| {
            let host: &str = host;
            let mut top: Vec<(&str, u64)> = crawlers.iter().map(|(c, n)| (&**c, *n)).collect();
            top.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
            (host, top.iter().map(|c| c.1).sum(), top)
        })
        .collect();
    hosts.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    for (host, requests, top) in hosts.iter().take(SUMMARY_HOSTS) {
        let list: Vec<String> = top
            .iter()
            .take(5)
            .map(|(c, n)| format!("{} {n}", escape_for_terminal(c.as_bytes())))
            .collect();
        eprintln!(
            "  {} ({requests}): {}",
            escape_for_terminal(host.as_bytes()),
            list.join(", ")
        );
    }
    if hosts.len() > SUMMARY_HOSTS {
        eprintln!(
            "  … and {} more hosts with violations (see the report)",
            hosts.len() - SUMMARY_HOSTS
        );
    }
}
