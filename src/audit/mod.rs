//! The audit core: access-log lines in, report rows out, through a partial result that
//! merges by value.
//!
//! ```text
//!  blocks ─▶ line ─▶ (origin, who) ─▶ judge ─▶ event ─▶ Partial ─merge─▶ Partial ─findings─▶ rows
//!  (pipeline)  (line.rs, intern.rs)   (rules.rs)        (aggregate.rs,   (partial.rs)  (findings.rs)
//!                                                        per worker)
//! ```
//!
//! An [`Auditor`] holds plain [`AuditSettings`], the crawler [`Registry`], the [`Verifier`]
//! and an injected [`RobotsSource`] (saved files, the network, or a [`Snapshot`] shipped with
//! a job). [`Auditor::audit_sources`] runs the parallel pipeline over files (what the CLI
//! does), [`Auditor::audit_reader`] one stream on the calling thread (what a library user or
//! a Spark task does); both give a [`Partial`]. Partials from anywhere merge with
//! [`Partial::merge`], and [`Auditor::findings`] turns the merged one into the rows the
//! writers of [`crate::report`] take.
//!
//! What goes wrong with the data is data: malformed lines are counted, an unreadable or
//! truncated input is processed up to the damage and recorded, an origin without robots.txt
//! is reported as not judged. Only an input that cannot be audited at all (not a log of the
//! format asked for, a format without hosts and no default host) is an error — and so is a
//! resource that fails under the kept requests (temporary files that cannot be written past
//! twice the memory budget, or do not come back whole; too few descriptors to merge them),
//! and so are more hosts and crawlers than the budget keeps of what cannot go to disk
//! ([`census`]): then there is an error naming it, never fewer rows. Nothing here prints,
//! exits or knows the command line.
//!
//! [`Registry`]: crate::crawlers::Registry
//! [`Verifier`]: crate::crawlers::Verifier
//! [`RobotsSource`]: crate::fetch::RobotsSource
//! [`Snapshot`]: crate::fetch::Snapshot

mod aggregate;
pub mod census;
mod counting;
mod delays;
mod findings;
#[doc(hidden)]
pub mod hooks;
mod intern;
mod line;
mod partial;
mod path_ids;
mod pipeline;
mod recent;
mod rows;
mod rules;
mod sniff;
mod source;
mod spill;
mod spool;
mod tally;

use std::io::Read;
use std::sync::Arc;

use crate::crawlers::{Registry, Verifier};
use crate::extsort::{LazyDir, SortError};
use crate::fetch::{Origin, RobotsSource, Scheme};
use crate::input::{self, Source};
use crate::logformat::{Format, JsonFields};

pub use aggregate::{
    AgentProfile, Client, CrawlerInfo, HostCounts, HostKey, InputCounts, PairAgg, SpoofAgg, Stream,
    TooOld, Verification,
};
pub use findings::{Activity, Findings, Spilled};
pub use partial::{Partial, PartialError};
pub use rows::{Conflicts, Violations};
pub use rules::{RulesFault, robots_budget};

/// How long a crawler may keep using a robots.txt after it changed, by default (RFC 9309
/// §2.4: 24 hours).
pub const DEFAULT_LEEWAY_MS: i64 = 24 * 3_600_000;

/// The default [`AuditSettings::memory_budget`]: 128 MiB.
pub const DEFAULT_MEMORY_BUDGET: usize = 128 << 20;

/// The audit's settings: plain data, validated by whoever builds them (`crate::run::Plan`),
/// and serialisable, so that one machine's settings reach every other machine of a run.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct AuditSettings {
    /// The log format; None: detected per input.
    pub format: Option<Format>,
    /// nginx-json key names, when not the defaults.
    pub json_fields: Option<Arc<JsonFields>>,
    /// The origin of requests whose line carries no host.
    pub default_host: Option<Origin>,
    /// The scheme where the log does not say.
    pub scheme: Scheme,
    /// Only requests at or after this instant (unix ms).
    pub since_ms: Option<i64>,
    /// Only requests before this instant (unix ms).
    pub until_ms: Option<i64>,
    /// Check Crawl-delay for every crawler, not only those documented to honour it.
    pub all_crawl_delay: bool,
    /// Judge HTTP libraries and automation tools under `*` too (by default only a group that
    /// names them applies).
    pub judge_automation: bool,
    /// How long a crawler may keep a robots.txt after it changed
    /// (docs/judging.md, "Versions a crawler may hold"), in ms.
    pub leeway_ms: i64,
    /// Threads that judge the lines; with more than there are inputs, the threads reading
    /// them are among them (one thread, one input: a reader and a worker).
    pub threads: usize,
    /// Bytes of log per block handed to a worker.
    pub block_size: usize,
    /// The longest log line read; a longer one is skipped as malformed ("too long") without
    /// being held in memory, so memory stays flat whatever an input inflates to.
    pub max_line_length: usize,
    /// About how much memory the requests kept for the end may take, over all workers;
    /// beyond it they go to sorted runs in temporary files. Should a run not be written,
    /// they may take up to twice this in memory before the audit fails
    /// ([`AuditError::Spill`]).
    pub memory_budget: usize,
    /// Where the temporary directory of sorted runs is made; None: the system's (`$TMPDIR`).
    pub temp_dir: Option<std::path::PathBuf>,
}

impl Default for AuditSettings {
    fn default() -> AuditSettings {
        AuditSettings {
            format: None,
            json_fields: None,
            default_host: None,
            scheme: Scheme::Https,
            since_ms: None,
            until_ms: None,
            all_crawl_delay: false,
            judge_automation: false,
            leeway_ms: DEFAULT_LEEWAY_MS,
            threads: std::thread::available_parallelism().map_or(2, |n| n.get()),
            block_size: input::DEFAULT_BLOCK_SIZE,
            max_line_length: input::DEFAULT_MAX_LINE_LENGTH,
            memory_budget: DEFAULT_MEMORY_BUDGET,
            temp_dir: None,
        }
    }
}

/// An input that cannot be audited at all.
#[derive(Debug, thiserror::Error)]
pub enum AuditError {
    /// No format reads the first lines.
    #[error("{name}: cannot tell the log format from the first lines (known formats: {known})", known = known_formats())]
    UnknownFormat {
        /// The input.
        name: String,
    },
    /// A format without hosts and no default host.
    #[error("{name}: the {format} format carries no host, and no default host was given")]
    NoHost {
        /// The input.
        name: String,
        /// The format.
        format: &'static str,
    },
    /// Most of the first lines are malformed in the chosen format.
    #[error(
        "{name}: not a {format} log: {bad} of its first {seen} lines are malformed (line {line}: {example})"
    )]
    NotALog {
        /// The input.
        name: String,
        /// The format.
        format: &'static str,
        /// Malformed lines among the first.
        bad: usize,
        /// Lines looked at.
        seen: usize,
        /// The first malformed line's number.
        line: u64,
        /// It, shortened and made printable.
        example: String,
        /// The format was named by the user, not detected.
        chosen: bool,
    },
    /// The spool of set-aside lines could not be read back.
    #[error("cannot read back the lines set aside while robots.txt was fetched: {0}")]
    Spool(std::io::Error),
    /// Kept requests could neither go to a sorted run on disk nor stay in memory (twice the
    /// budget).
    #[error(
        "{source}; the requests kept for the judgement at the end passed twice the memory \
         budget ({} bytes) with nowhere to go: free space in the temporary directory \
         ($TMPDIR), point TMPDIR at a larger file system, or raise --max-memory",
        crate::text::thousands(*budget as u64)
    )]
    Spill {
        /// Why the run could not be written.
        source: SortError,
        /// The memory budget.
        budget: usize,
    },
    /// The logs hold more of what cannot go to disk (hosts, crawlers, streams, spoofing
    /// addresses, crawler fetches of /robots.txt: [`census`]) than the memory budget keeps.
    #[error(
        "the logs hold more than an audit keeps of what cannot go to temporary files ({}: as \
         much as --max-memory, at least {}): at least {census}, about {} until the end of \
         the run; raise --max-memory (made-up Host headers or User-Agents in bulk look like \
         this)",
        crate::text::human_bytes(census::limit(*budget)),
        crate::text::human_bytes(census::LEAST_LIMIT),
        crate::text::human_bytes(census.bytes())
    )]
    TooMany {
        /// What the audit (or one worker of it) held when it passed the limit.
        census: census::Census,
        /// The memory budget.
        budget: usize,
    },
    /// The kept requests (sorted runs on disk) could not be read back whole, or merged.
    #[error(transparent)]
    Unfinished(#[from] SortError),
    /// Worker threads could not be started.
    #[error("cannot start worker threads: {0}")]
    Threads(#[from] rayon::ThreadPoolBuildError),
    /// The robots.txt the requests need could not all be held or read.
    #[error(transparent)]
    Robots(#[from] RulesFault),
}

/// The format names, for messages.
pub fn known_formats() -> String {
    Format::all()
        .iter()
        .map(|f| f.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// What an audit tells as it goes, for a progress display. Every method has an empty default.
pub trait Observer: Sync {
    /// Input `input` (named `name`) is read as `format`, detected or named by the user.
    fn format(&self, _input: usize, _name: &str, _format: Format, _detected: bool) {}
    /// Input `input` has had `bytes` of its source read, up to line `lines`.
    fn progress(&self, _input: usize, _bytes: u64, _lines: u64) {}
    /// Input `input` is read to its end (or its damage).
    fn input_done(&self, _input: usize) {}
    /// Every input is read; robots.txt is being obtained for `origins` origins (0: none).
    fn fetching(&self, _origins: usize) {}
    /// robots.txt is known for every origin; the lines set aside until then are judged.
    fn replaying(&self) {}
    /// Every line is judged; the workers' parts are being merged.
    fn merging(&self) {}
}

/// An observer that ignores everything.
pub struct Silent;

impl Observer for Silent {}

/// The audit: settings, who crawlers are, how to verify them, and where robots.txt comes
/// from.
pub struct Auditor {
    settings: AuditSettings,
    registry: Arc<Registry>,
    verifier: Arc<Verifier>,
    robots: Arc<dyn RobotsSource>,
    rules: rules::RulesCache,
    /// The private temporary directory of sorted runs, made on first need.
    spill_dir: LazyDir,
}

impl Auditor {
    /// An auditor. The robots source is asked for each origin met; sources that need the
    /// network are settled between reading and replaying ([`RobotsSource::settle`]).
    pub fn new(
        settings: AuditSettings,
        registry: Arc<Registry>,
        verifier: Arc<Verifier>,
        robots: Arc<dyn RobotsSource>,
    ) -> Auditor {
        Auditor {
            rules: rules::RulesCache::new(
                settings.since_ms,
                settings.until_ms,
                settings.leeway_ms,
                robots_budget(settings.memory_budget),
            ),
            spill_dir: LazyDir::new(settings.temp_dir.clone()),
            settings,
            registry,
            verifier,
            robots,
        }
    }

    /// Its settings.
    pub fn settings(&self) -> &AuditSettings {
        &self.settings
    }

    /// Whether the requests of the crawler reports call `crawler` are checked against
    /// Crawl-delay: its operator documents honouring it, or `--all-crawl-delay`.
    pub fn checks_crawl_delay(&self, crawler: &str) -> bool {
        self.settings.all_crawl_delay
            || self
                .registry
                .by_name(crawler)
                .is_some_and(|id| self.registry.get(id).honours_crawl_delay)
    }

    /// Its robots source.
    pub fn robots(&self) -> &Arc<dyn RobotsSource> {
        &self.robots
    }

    /// Its verifier.
    pub fn verifier(&self) -> &Verifier {
        &self.verifier
    }

    /// Audits files (and standard input) in parallel on `settings.threads` workers.
    pub fn audit_sources(
        &self,
        sources: &[Source],
        observer: &dyn Observer,
    ) -> Result<Partial, AuditError> {
        let mut partial = pipeline::audit_sources(self, sources, observer)?;
        self.robots_held()?;
        partial.dns = self.verifier.take_dns_tally();
        Ok(partial)
    }

    /// Audits one stream (gzip or plain) on the calling thread; `name` is the input's name
    /// in the reports.
    pub fn audit_reader(&self, reader: impl Read, name: &str) -> Result<Partial, AuditError> {
        let mut partial = pipeline::audit_reader(self, reader, name, &Silent)?;
        self.robots_held()?;
        partial.dns = self.verifier.take_dns_tally();
        Ok(partial)
    }

    /// Whether every robots.txt version the requests needed was held and read: when not, the
    /// verdicts are incomplete and the audit fails.
    fn robots_held(&self) -> Result<(), AuditError> {
        match self.rules.fault() {
            Some(fault) => Err(fault.into()),
            None => Ok(()),
        }
    }

    /// The report rows of a (merged) partial. Fails when a sorted run cannot be read back
    /// whole (or the runs cannot be merged): never fewer rows. The rows themselves
    /// ([`Findings::violations`]) may still fail as they are read, for the same reasons.
    /// Fails too when the partial holds more than the budget keeps of what cannot go to disk
    /// ([`census`]: the workers stopped at the limit each on its own, this is the limit on
    /// the whole).
    pub fn findings(&self, partial: Partial) -> Result<Findings, AuditError> {
        findings::findings(self, partial)
    }

    fn shared<'a>(&'a self, inputs: &'a [String]) -> line::Shared<'a> {
        line::Shared {
            settings: &self.settings,
            registry: &self.registry,
            verifier: &self.verifier,
            source: self.robots.as_ref(),
            rules: &self.rules,
            inputs,
            spill_dir: &self.spill_dir,
        }
    }
}
