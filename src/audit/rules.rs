//! The rules an origin imposes on one kind of crawler, in each version of its robots.txt,
//! compiled once per run and shared by every worker.
//!
//! Takes the source's [`OriginHistory`] of an origin and the dialect a crawler follows; gives
//! [`DialectRules`]: per version, a compiled [`RobotsTxt`], "allow all" or "not judged"
//! (docs/robots-txt.md, "Getting the file": as each dialect reads an outcome), and the [`Timeline`]
//! that says which versions a request at an instant may have been judged by. Each (origin, dialect)
//! is compiled once; workers keep their own `Arc` to it, so the hot path takes no lock.

use std::sync::{Arc, OnceLock};

use dashmap::DashMap;

use crate::fetch::{Origin, OriginHistory, Outcome, RobotsEntry, RobotsSource};
use crate::history::Timeline;
use crate::robots::{Dialect, RobotsTxt};

/// What one version of an origin's robots.txt means for crawlers of one dialect.
pub enum Rules {
    /// Apply these rules.
    Compiled(Box<RobotsTxt>),
    /// Everything is allowed (4xx, no file, or the dialect's overflow rule).
    AllowAll,
    /// Not judged: the crawler may have seen rules we cannot know.
    NotJudged,
}

/// An origin's versions as one dialect reads them.
pub struct DialectRules {
    /// The versions in time (unreachable ones stand for the last good one before them).
    pub timeline: Timeline,
    /// One per version.
    pub versions: Vec<Rules>,
    /// Each version's body size (for a crawler's fetch whose response size the log records).
    pub sizes: Vec<Option<u64>>,
    /// Each version's start (`hi` of its window; None when undated): the report's
    /// `robots_version`.
    pub starts: Vec<Option<i64>>,
}

/// An origin's history and its compiled rules per dialect.
pub struct OriginRules {
    /// The history the source gave.
    pub history: Arc<OriginHistory>,
    dialects: [OnceLock<Arc<DialectRules>>; 3],
}

impl OriginRules {
    fn new(history: Arc<OriginHistory>) -> OriginRules {
        OriginRules {
            history,
            dialects: Default::default(),
        }
    }

    /// The versions as `dialect` reads them, compiled on first need.
    pub fn dialect(&self, dialect: Dialect) -> Arc<DialectRules> {
        Arc::clone(
            self.dialects[dialect_index(dialect)]
                .get_or_init(|| Arc::new(compile(&self.history, dialect))),
        )
    }
}

/// The per-run map origin → compiled rules, on top of a [`RobotsSource`].
pub struct RulesCache {
    compiled: DashMap<Origin, Arc<OriginRules>>,
}

impl RulesCache {
    /// An empty cache.
    pub fn new() -> RulesCache {
        RulesCache {
            compiled: DashMap::new(),
        }
    }

    /// The origin's rules if the source has its history now; None while it must be fetched.
    pub fn lookup(&self, source: &dyn RobotsSource, origin: &Origin) -> Option<Arc<OriginRules>> {
        if let Some(r) = self.compiled.get(origin) {
            return Some(Arc::clone(&r));
        }
        let history = source.lookup(origin)?;
        Some(Arc::clone(
            &self
                .compiled
                .entry(origin.clone())
                .or_insert_with(|| Arc::new(OriginRules::new(history))),
        ))
    }
}

impl Default for RulesCache {
    fn default() -> RulesCache {
        RulesCache::new()
    }
}

/// The index of a dialect in per-dialect arrays.
pub fn dialect_index(d: Dialect) -> usize {
    match d {
        Dialect::Google => 0,
        Dialect::Yandex => 1,
        Dialect::YandexLegacy => 2,
    }
}

fn is_yandex(dialect: Dialect) -> bool {
    matches!(dialect, Dialect::Yandex | Dialect::YandexLegacy)
}

fn compile(history: &OriginHistory, dialect: Dialect) -> DialectRules {
    let versions: Vec<Rules> = history
        .versions()
        .iter()
        .map(|v| interpret(&v.entry, dialect))
        .collect();
    let good = |e: &RobotsEntry| !matches!(interpret_kind(e, dialect), Kind::NotJudged);
    DialectRules {
        timeline: history.timeline(good),
        sizes: history
            .versions()
            .iter()
            .map(|v| v.entry.body.as_ref().map(|b| b.len() as u64))
            .collect(),
        starts: history
            .versions()
            .iter()
            .map(|v| (!v.window.is_undated()).then_some(v.window.hi))
            .collect(),
        versions,
    }
}

/// What an outcome means, before compiling.
enum Kind {
    Parse,
    AllowAll,
    NotJudged,
}

/// docs/robots-txt.md, "Getting the file": an outcome as each dialect reads it.
fn interpret_kind(entry: &RobotsEntry, dialect: Dialect) -> Kind {
    let yandex = is_yandex(dialect);
    match entry.outcome {
        Outcome::Rules => {
            // Yandex: only 200 gives rules; any other answer means the site is open; a file
            // over the size limit allows everything (google parses the first 500 KiB instead,
            // which the engine does).
            if yandex && (entry.status.is_some_and(|s| s != 200) || entry.truncated) {
                return Kind::AllowAll;
            }
            match &entry.body {
                Some(_) => Kind::Parse,
                None => Kind::AllowAll,
            }
        }
        Outcome::AllowAll => Kind::AllowAll,
        // Yandex: any non-200 answer, network failures included, means the site is open.
        Outcome::Unreachable if yandex => Kind::AllowAll,
        Outcome::Unreachable | Outcome::NotFetched => Kind::NotJudged,
    }
}

fn interpret(entry: &RobotsEntry, dialect: Dialect) -> Rules {
    match interpret_kind(entry, dialect) {
        Kind::Parse => Rules::Compiled(Box::new(RobotsTxt::parse(entry.body_bytes(), dialect))),
        Kind::AllowAll => Rules::AllowAll,
        Kind::NotJudged => Rules::NotJudged,
    }
}
