//! The rules an origin imposes on one kind of crawler, shared by all workers.
//!
//! Takes the fetch stage's [`RobotsEntry`] for an origin and the dialect a crawler follows;
//! gives a [`Rules`]: either a compiled [`RobotsTxt`] to check paths against, "allow all",
//! or "not judged" with the reason (spec §7: an origin whose robots.txt cannot be obtained
//! is not judged). Each (origin, dialect) is compiled once per run; workers keep their own
//! `Arc` to it so the hot path takes no lock.

use std::sync::{Arc, OnceLock};

use dashmap::DashMap;

use crate::fetch::{Origin, Outcome, RobotsEntry, RobotsStore};
use crate::robots::{Dialect, RobotsTxt};

/// What an origin's robots.txt means for crawlers of one dialect.
pub enum Rules {
    /// Apply these rules.
    Compiled(Box<RobotsTxt>),
    /// Everything is allowed (4xx, no file, or the dialect's overflow rule).
    AllowAll,
    /// Not judged: the crawler may have seen rules we cannot know (the hosts report gives
    /// the reason from the fetch outcome).
    NotJudged,
}

/// The per-run map (origin, dialect) → rules, on top of the once-per-origin fetch store.
pub struct Judges {
    store: RobotsStore,
    compiled: DashMap<(Origin, Dialect), Arc<OnceLock<Arc<Rules>>>>,
}

impl Judges {
    pub fn new(store: RobotsStore) -> Judges {
        Judges {
            store,
            compiled: DashMap::new(),
        }
    }

    pub fn store(&self) -> &RobotsStore {
        &self.store
    }

    /// The rules of an origin for a dialect, compiled once.
    pub fn rules(&self, origin: &Origin, dialect: Dialect) -> Arc<Rules> {
        let cell = self
            .compiled
            .entry((origin.clone(), dialect))
            .or_default()
            .clone();
        cell.get_or_init(|| Arc::new(interpret(&self.store.get(origin), dialect)))
            .clone()
    }
}

/// Spec §2: the fetch outcome, as each dialect reads it.
fn interpret(entry: &RobotsEntry, dialect: Dialect) -> Rules {
    let yandex = matches!(dialect, Dialect::Yandex | Dialect::YandexLegacy);
    match entry.outcome {
        Outcome::Rules => {
            // Yandex: only 200 gives rules; any other answer means the site is open.
            if yandex && entry.status.is_some_and(|s| s != 200) {
                return Rules::AllowAll;
            }
            // Yandex: a file over the size limit allows everything (google parses the first
            // 500 KiB instead, which the engine does).
            if yandex && entry.truncated {
                return Rules::AllowAll;
            }
            match &entry.body {
                Some(body) => Rules::Compiled(Box::new(RobotsTxt::parse(body, dialect))),
                None => Rules::AllowAll,
            }
        }
        Outcome::AllowAll => Rules::AllowAll,
        // Yandex: any non-200 answer, network failures included, means the site is open.
        Outcome::Unreachable if yandex => Rules::AllowAll,
        Outcome::Unreachable | Outcome::NotFetched => Rules::NotJudged,
    }
}
