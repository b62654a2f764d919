//! Where the audit gets each origin's robots.txt: a [`RobotsSource`] gives an origin's
//! [`OriginHistory`] (the versions of its file in time, docs/judging.md, "Versions"), either at
//! once (saved files, a fresh cache entry, a snapshot shipped with a job) or, for origins that must
//! be fetched, after [`RobotsSource::settle`], which the audit calls once the logs are read. So the
//! audit's workers never wait on the network, and which origins get fetched when there are more
//! than the limit is decided on the whole data set, not on arrival order.
//!
//! Three sources: [`super::RobotsStore`] (the network, with the disk cache, or `--robots-dir`),
//! and [`Snapshot`]: a fixed map from origin to history, serialisable, for a job that must
//! judge against the same bodies on every machine.

use std::collections::BTreeMap;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::history::{HistoryError, Timeline, Window};

use super::{Obtained, Origin, Outcome, RobotsEntry};

/// One version of an origin's robots.txt: what getting it came to, and when it came into
/// force.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Version {
    /// When it came into force ([`Window::ALWAYS`] for an undated file).
    pub window: Window,
    /// The outcome (a body, no file, unreachable) and how it was obtained.
    pub entry: Arc<RobotsEntry>,
}

/// The versions of one origin's robots.txt, in time order (docs/judging.md, "Versions"). One
/// undated version is "the file", as an audit without history has always read it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OriginHistory {
    versions: Vec<Version>,
}

impl OriginHistory {
    /// A history of one undated version.
    pub fn single(entry: Arc<RobotsEntry>) -> OriginHistory {
        OriginHistory {
            versions: vec![Version {
                window: Window::ALWAYS,
                entry,
            }],
        }
    }

    /// A history of these versions, which must be in time order with windows that do not
    /// overlap (see [`Timeline::new`]).
    pub fn new(versions: Vec<Version>) -> Result<OriginHistory, HistoryError> {
        let windows = versions.iter().map(|v| v.window).collect();
        Timeline::new(windows, &[])?;
        Ok(OriginHistory { versions })
    }

    /// The versions, oldest first; never empty.
    pub fn versions(&self) -> &[Version] {
        &self.versions
    }

    /// The latest version's entry: what the file is now, as far as the source knows.
    pub fn current(&self) -> &Arc<RobotsEntry> {
        // `new` and `single` never make an empty history.
        &self.versions[self.versions.len() - 1].entry
    }

    /// The timeline of the versions, where `good` says which outcomes can be judged by.
    pub fn timeline(&self, good: impl Fn(&RobotsEntry) -> bool) -> Timeline {
        let windows = self.versions.iter().map(|v| v.window).collect();
        let good: Vec<bool> = self.versions.iter().map(|v| good(&v.entry)).collect();
        // The windows were checked when the history was made.
        Timeline::new(windows, &good).unwrap_or_else(|_| Timeline::undated())
    }

    /// Whether any version was obtained from the network or the cache, or could not be
    /// (for the hosts report's `obtained` column the current version speaks).
    pub fn is_dated(&self) -> bool {
        !self.versions[0].window.is_undated()
    }
}

/// Where the audit gets robots.txt. `Send + Sync`: the audit's workers share one.
pub trait RobotsSource: Send + Sync {
    /// The origin's history if it can be had without waiting on the network; `None` when it
    /// must be fetched (the source notes the origin, may start fetching it in the background,
    /// and has it after [`RobotsSource::settle`]).
    fn lookup(&self, origin: &Origin) -> Option<Arc<OriginHistory>>;

    /// Obtains every origin that [`RobotsSource::lookup`] answered `None` for, within the
    /// source's limits; `demand` gives each such origin's crawler requests, so that when
    /// there are more origins than may be fetched the busiest are chosen (ties by origin).
    /// Blocks until done or the source's time budget is spent. Afterwards `lookup` answers
    /// every origin (an origin that was not fetched has a [`Outcome::NotFetched`] entry).
    fn settle(&self, demand: &[(Origin, u64)]);

    /// Every origin whose history the source has given, sorted by origin.
    fn obtained(&self) -> Vec<(Origin, Arc<OriginHistory>)>;

    /// Problems that did not stop the source (an unusable cache directory), to show once.
    fn warnings(&self) -> Vec<String> {
        Vec::new()
    }
}

/// What a [`Snapshot`] answers for an origin it does not hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Missing {
    /// No file (as `--robots-dir` treats a host without a folder): everything allowed.
    AllowAll,
    /// Not fetched: the origin is not judged.
    NotFetched,
}

/// A fixed map from origin to history: robots.txt as one machine obtained it, shipped to
/// others so that every part of a job judges against the same bodies.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Snapshot {
    histories: BTreeMap<Origin, Arc<OriginHistory>>,
    missing: Missing,
    /// The warnings of the source it was taken from, for the run's end to tell (where the
    /// snapshot was taken: the copies sent to other machines leave them).
    #[serde(skip)]
    warnings: Vec<String>,
}

impl Snapshot {
    /// A snapshot of these histories; `missing` says what other origins get.
    pub fn new(histories: BTreeMap<Origin, Arc<OriginHistory>>, missing: Missing) -> Snapshot {
        Snapshot {
            histories,
            missing,
            warnings: Vec::new(),
        }
    }

    /// A snapshot of everything `source` has obtained, with its warnings.
    pub fn of(source: &dyn RobotsSource, missing: Missing) -> Snapshot {
        Snapshot {
            warnings: source.warnings(),
            ..Snapshot::new(source.obtained().into_iter().collect(), missing)
        }
    }

    /// The histories it holds.
    pub fn histories(&self) -> &BTreeMap<Origin, Arc<OriginHistory>> {
        &self.histories
    }

    fn missing_entry(&self, origin: &Origin) -> Arc<OriginHistory> {
        let url = origin.robots_url();
        let entry = match self.missing {
            Missing::AllowAll => RobotsEntry::new(
                url,
                Obtained::RobotsDir,
                Outcome::AllowAll,
                Some("no file in robots dir".to_owned()),
            ),
            Missing::NotFetched => RobotsEntry::not_fetched(url, "not in the snapshot"),
        };
        Arc::new(OriginHistory::single(Arc::new(entry)))
    }
}

impl RobotsSource for Snapshot {
    fn lookup(&self, origin: &Origin) -> Option<Arc<OriginHistory>> {
        Some(
            self.histories
                .get(origin)
                .cloned()
                .unwrap_or_else(|| self.missing_entry(origin)),
        )
    }

    fn settle(&self, _demand: &[(Origin, u64)]) {}

    fn obtained(&self) -> Vec<(Origin, Arc<OriginHistory>)> {
        self.histories
            .iter()
            .map(|(o, h)| (o.clone(), Arc::clone(h)))
            .collect()
    }

    fn warnings(&self) -> Vec<String> {
        self.warnings.clone()
    }
}
