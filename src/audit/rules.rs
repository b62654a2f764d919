//! The rules an origin imposes on one kind of crawler, in each version of its robots.txt,
//! compiled when first needed and shared by every worker.
//!
//! Takes the source's [`OriginHistory`] of an origin and the dialect a crawler follows; gives
//! [`DialectRules`]: per version, a compiled [`RobotsTxt`], "allow all" or "not judged"
//! (docs/robots-txt.md, "Getting the file": as each dialect reads an outcome), and the
//! [`Timeline`] that says which versions a request at an instant may have been judged by. Workers keep their own `Arc` to it, so the
//! hot path takes no lock.
//!
//! What is held is bounded, since a history can hold a thousand versions of 500 KiB each:
//!
//! - **Lazily**: a version is read (a `--robots-dir` file, [`RobotsEntry::saved`]) and
//!   compiled when something first asks for it, never before.
//! - **Only the versions a request can need** (docs/judging.md, "Versions a crawler may
//!   hold"): a request at `t` may have been judged
//!   by the versions that may be in force during `[t − leeway, t]`, and an unreachable one
//!   stands for the last good version before it. With the audit bounded in time (`since`,
//!   `until`) the other versions are never read; they read as "not judged", which no request
//!   of the audit can meet. The latest version is always kept (the hosts report describes it).
//! - **Shared**: versions with the same body (by SHA-256), in any origin, are compiled once
//!   per dialect.
//! - **Bounded**: the distinct bodies of the versions an origin can need count against a
//!   budget for the run. An origin that alone needs more is not judged (its history becomes
//!   one not-judged version saying why, the same on every machine of a job); when the origins
//!   together need more, nothing more is compiled and the run fails ([`RulesCache::fault`]):
//!   whether that happens depends on the data only, never on which thread came first.

use std::collections::BTreeMap;
use std::ops::Index;
use std::sync::{Arc, Mutex, OnceLock};

use dashmap::DashMap;
use foldhash::HashSet;
use foldhash::fast::RandomState;

use crate::fetch::{BodyDigest, Origin, OriginHistory, Outcome, RobotsEntry, RobotsSource};
use crate::history::{Millis, Timeline};
use crate::robots::{Dialect, RobotsTxt};
use crate::text::thousands;

/// The least robots.txt budget of a run, whatever the memory budget: two bodies of the
/// largest size read.
const MIN_BUDGET: u64 = 1 << 20;

/// The robots.txt bodies a run may hold for a memory budget: half of it, at least 1 MiB.
pub fn robots_budget(memory_budget: usize) -> u64 {
    (memory_budget as u64 / 2).max(MIN_BUDGET)
}

/// What one version of an origin's robots.txt means for crawlers of one dialect.
pub enum Rules {
    /// Apply these rules (shared by every version with the same body).
    Compiled(Arc<RobotsTxt>),
    /// Everything is allowed (4xx, no file, or the dialect's overflow rule).
    AllowAll,
    /// Not judged: the crawler may have seen rules we cannot know (or no request of this
    /// audit can be judged by the version).
    NotJudged,
}

/// An origin's versions as one dialect reads them.
pub struct DialectRules {
    /// The versions in time (unreachable ones stand for the last good one before them).
    pub timeline: Timeline,
    /// One per version, compiled when first asked for.
    pub versions: Versions,
    /// Each version's body size (for a crawler's fetch whose response size the log records).
    pub sizes: Vec<Option<u64>>,
    /// Each version's start (`hi` of its window; None when undated): the report's
    /// `robots_version`.
    pub starts: Vec<Option<i64>>,
}

/// The versions of an origin as one dialect reads them, each compiled the first time it is
/// asked for (by index or by iteration) and kept for the run.
pub struct Versions {
    entries: Vec<Arc<RobotsEntry>>,
    /// Which versions a request of the audit can be judged by (and may be compiled).
    needed: Arc<[bool]>,
    dialect: Dialect,
    shared: Arc<Shared>,
    slots: Vec<OnceLock<Rules>>,
}

impl Versions {
    /// The number of versions.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Never true: a history has at least one version.
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Version `i`, compiled if it was not yet.
    pub fn get(&self, i: usize) -> Option<&Rules> {
        let slot = self.slots.get(i)?;
        Some(slot.get_or_init(|| self.compile(i)))
    }

    /// The latest version.
    pub fn last(&self) -> Option<&Rules> {
        self.get(self.len().checked_sub(1)?)
    }

    /// Every version, oldest first, each compiled as it is reached.
    pub fn iter(&self) -> impl Iterator<Item = &Rules> {
        (0..self.len()).filter_map(|i| self.get(i))
    }

    fn compile(&self, i: usize) -> Rules {
        if !self.needed[i] {
            return Rules::NotJudged;
        }
        let entry = &self.entries[i];
        match interpret_kind(entry, self.dialect) {
            Kind::AllowAll => Rules::AllowAll,
            Kind::NotJudged => Rules::NotJudged,
            Kind::Parse => match self.shared.compiled(entry, self.dialect) {
                Some(robots) => Rules::Compiled(robots),
                None => Rules::NotJudged,
            },
        }
    }
}

impl Index<usize> for Versions {
    type Output = Rules;

    /// Version `i`, compiled if it was not yet. Panics when out of range, as a slice does.
    fn index(&self, i: usize) -> &Rules {
        let slot = &self.slots[i];
        slot.get_or_init(|| self.compile(i))
    }
}

impl<'a> IntoIterator for &'a Versions {
    type Item = &'a Rules;
    type IntoIter = Box<dyn Iterator<Item = &'a Rules> + 'a>;

    fn into_iter(self) -> Self::IntoIter {
        Box::new(self.iter())
    }
}

/// An origin's history and its compiled rules per dialect.
pub struct OriginRules {
    /// The history the source gave (or, for an origin over the budget, one not-judged
    /// version saying so).
    pub history: Arc<OriginHistory>,
    needed: Arc<[bool]>,
    shared: Arc<Shared>,
    dialects: [OnceLock<Arc<DialectRules>>; 3],
}

impl OriginRules {
    fn new(history: Arc<OriginHistory>, needed: Vec<bool>, shared: Arc<Shared>) -> OriginRules {
        OriginRules {
            history,
            needed: needed.into(),
            shared,
            dialects: Default::default(),
        }
    }

    /// The versions as `dialect` reads them (each compiled when first asked for).
    pub fn dialect(&self, dialect: Dialect) -> Arc<DialectRules> {
        Arc::clone(self.dialects[dialect_index(dialect)].get_or_init(|| {
            Arc::new(dialect_rules(
                &self.history,
                dialect,
                Arc::clone(&self.needed),
                Arc::clone(&self.shared),
            ))
        }))
    }
}

/// Why a run's robots.txt could not all be held or read: the audit fails (exit 2).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesFault {
    /// The origins of the run together need more distinct bodies than the budget.
    #[error(
        "the robots.txt versions this audit's requests can need hold more than {} bytes of distinct bodies, the most an audit holds (half of --max-memory); audit fewer hosts or a narrower time (--since, --until) at once, or raise --max-memory",
        thousands(*limit)
    )]
    OverBudget {
        /// The budget.
        limit: u64,
    },
    /// A saved body could not be read when it was needed.
    #[error("{0}")]
    Read(String),
}

/// What every origin's rules share: compiled bodies by digest, the budget's account, the
/// first fault.
struct Shared {
    compiled: DashMap<(BodyDigest, usize), Arc<OnceLock<Arc<RobotsTxt>>>, RandomState>,
    held: Mutex<Held>,
    fault: Mutex<Option<RulesFault>>,
}

/// The distinct bodies admitted so far and their bytes.
#[derive(Default)]
struct Held {
    digests: HashSet<BodyDigest>,
    bytes: u64,
}

impl Shared {
    fn new() -> Shared {
        Shared {
            compiled: DashMap::default(),
            held: Mutex::new(Held::default()),
            fault: Mutex::new(None),
        }
    }

    fn fail(&self, fault: RulesFault) {
        // A poisoned lock only means another thread panicked; the value is still whole.
        let mut first = self.fault.lock().unwrap_or_else(|e| e.into_inner());
        first.get_or_insert(fault);
    }

    /// The compiled body of a version, shared with every version of the same body; None
    /// (and a fault for the run) when a saved body cannot be read.
    fn compiled(&self, entry: &RobotsEntry, dialect: Dialect) -> Option<Arc<RobotsTxt>> {
        let read;
        let body: &[u8] = match (&entry.body, &entry.saved) {
            (Some(body), _) => body,
            (None, Some(saved)) => match saved.read() {
                Ok((bytes, _)) => {
                    read = bytes;
                    &read
                }
                Err(reason) => {
                    self.fail(RulesFault::Read(reason));
                    return None;
                }
            },
            (None, None) => return None,
        };
        let key = (crate::fetch::body_digest(body), dialect_index(dialect));
        let cell = Arc::clone(&self.compiled.entry(key).or_default());
        Some(Arc::clone(
            cell.get_or_init(|| Arc::new(RobotsTxt::parse(body, dialect))),
        ))
    }

    /// Counts an origin's distinct bodies against the budget; false (and a fault for the run)
    /// when they do not fit beside those already admitted.
    fn admit(&self, bodies: &BTreeMap<BodyDigest, u64>, budget: u64) -> bool {
        let mut held = self.held.lock().unwrap_or_else(|e| e.into_inner());
        let new: u64 = bodies
            .iter()
            .filter(|(d, _)| !held.digests.contains(*d))
            .map(|(_, n)| n)
            .sum();
        if held.bytes + new > budget {
            drop(held);
            self.fail(RulesFault::OverBudget { limit: budget });
            return false;
        }
        held.bytes += new;
        held.digests.extend(bodies.keys().copied());
        true
    }
}

/// The per-run map origin → compiled rules, on top of a [`RobotsSource`].
pub struct RulesCache {
    origins: DashMap<Origin, Arc<OnceLock<Arc<OriginRules>>>, RandomState>,
    /// The rules of every host field that is no origin ([`RulesCache::invalid_host`]).
    invalid: OnceLock<Arc<OriginRules>>,
    shared: Arc<Shared>,
    /// The instants whose versions a request can need: `[since − leeway, until)`.
    from: Millis,
    to: Millis,
    budget: u64,
}

impl RulesCache {
    /// An empty cache for an audit of the requests in `[since, until)` (either open), with
    /// the leeway, holding at most `budget` bytes of distinct bodies.
    pub fn new(since: Option<Millis>, until: Option<Millis>, leeway: Millis, budget: u64) -> Self {
        RulesCache {
            origins: DashMap::default(),
            invalid: OnceLock::new(),
            shared: Arc::new(Shared::new()),
            from: since.map_or(Millis::MIN, |s| s.saturating_sub(leeway)),
            to: until.map_or(Millis::MAX, |u| u.saturating_sub(1)),
            budget,
        }
    }

    /// The origin's rules if the source has its history now; None while it must be fetched.
    pub fn lookup(&self, source: &dyn RobotsSource, origin: &Origin) -> Option<Arc<OriginRules>> {
        if let Some(cell) = self.origins.get(origin)
            && let Some(rules) = cell.get()
        {
            return Some(Arc::clone(rules));
        }
        let history = source.lookup(origin)?;
        let cell = Arc::clone(&self.origins.entry(origin.clone()).or_default());
        // One thread admits the origin; the others wait for it (it is counted once).
        Some(Arc::clone(
            cell.get_or_init(|| Arc::new(self.admit(history))),
        ))
    }

    /// The rules of a host field that is no origin (docs/robots-txt.md, "Which file governs
    /// a URL"): nothing is fetched for it, so a crawler's requests to it are counted and not
    /// judged (docs/judging.md, "Hosts that are not judged"), like those to an origin whose
    /// robots.txt was not fetched, rather than lost.
    pub fn invalid_host(&self) -> Arc<OriginRules> {
        Arc::clone(self.invalid.get_or_init(|| {
            let entry = RobotsEntry::not_fetched(String::new(), "invalid host");
            let history = Arc::new(OriginHistory::single(Arc::new(entry)));
            Arc::new(OriginRules::new(
                history,
                vec![true],
                Arc::clone(&self.shared),
            ))
        }))
    }

    /// Why the run cannot be reported (robots.txt over the budget, or unreadable): checked
    /// once the logs are read.
    pub fn fault(&self) -> Option<RulesFault> {
        self.shared
            .fault
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// An origin's rules: the versions its requests can need, counted against the budget.
    fn admit(&self, history: Arc<OriginHistory>) -> OriginRules {
        let needed = self.needed(&history);
        let mut bodies: BTreeMap<BodyDigest, u64> = BTreeMap::new();
        for (v, _) in history.versions().iter().zip(&needed).filter(|(_, n)| **n) {
            if v.entry.outcome != Outcome::Rules {
                continue;
            }
            let fingerprint = match (&v.entry.body, &v.entry.saved) {
                (Some(body), _) => Ok((crate::fetch::body_digest(body), body.len() as u64)),
                (None, Some(saved)) => saved.fingerprint(),
                (None, None) => continue,
            };
            match fingerprint {
                Ok((digest, bytes)) => {
                    bodies.insert(digest, bytes);
                }
                Err(reason) => self.shared.fail(RulesFault::Read(reason)),
            }
        }
        let own: u64 = bodies.values().sum();
        if own > self.budget {
            let current = history.current();
            let mut entry = RobotsEntry::not_fetched(
                current.url.clone(),
                format!(
                    "the versions of its robots.txt this audit can need hold {} bytes ({} distinct bodies), more than the {} an audit holds (half of --max-memory); audit a narrower time (--since, --until), keep fewer versions or raise --max-memory",
                    thousands(own),
                    thousands(bodies.len() as u64),
                    thousands(self.budget)
                ),
            );
            entry.obtained = current.obtained;
            let refused = Arc::new(OriginHistory::single(Arc::new(entry)));
            return OriginRules::new(refused, vec![true], Arc::clone(&self.shared));
        }
        let needed = if self.shared.admit(&bodies, self.budget) {
            needed
        } else {
            // The run fails: nothing more is compiled.
            vec![false; needed.len()]
        };
        OriginRules::new(history, needed, Arc::clone(&self.shared))
    }

    /// Which versions a request in the audit's time can be judged by (docs/judging.md,
    /// "Versions a crawler may hold"): those that may be in force during
    /// `[since − leeway, until)`, the last good version before them (an unreachable version
    /// stands for it), and the latest.
    fn needed(&self, history: &OriginHistory) -> Vec<bool> {
        let versions = history.versions();
        let n = versions.len();
        let range = history
            .timeline(|_| true)
            .in_force_during(self.from, self.to);
        // Good in every dialect's reading: a body or no file (yandex reads more as good, so
        // its stand-in is never earlier than this one).
        let good = |i: usize| {
            matches!(
                versions[i].entry.outcome,
                Outcome::Rules | Outcome::AllowAll
            )
        };
        let start = (0..=range.start)
            .rev()
            .find(|&i| good(i))
            .unwrap_or(range.start);
        let mut needed = vec![false; n];
        needed[start..range.end].fill(true);
        needed[n - 1] = true;
        needed
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

fn dialect_rules(
    history: &OriginHistory,
    dialect: Dialect,
    needed: Arc<[bool]>,
    shared: Arc<Shared>,
) -> DialectRules {
    let good = |e: &RobotsEntry| !matches!(interpret_kind(e, dialect), Kind::NotJudged);
    let entries: Vec<Arc<RobotsEntry>> = history
        .versions()
        .iter()
        .map(|v| Arc::clone(&v.entry))
        .collect();
    DialectRules {
        timeline: history.timeline(good),
        sizes: entries.iter().map(|e| e.body_len()).collect(),
        starts: history
            .versions()
            .iter()
            .map(|v| (!v.window.is_undated()).then_some(v.window.hi))
            .collect(),
        versions: Versions {
            slots: entries.iter().map(|_| OnceLock::new()).collect(),
            entries,
            needed,
            dialect,
            shared,
        },
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
            if entry.body.is_some() || entry.saved.is_some() {
                Kind::Parse
            } else {
                // Rules without a body cannot be known.
                Kind::NotJudged
            }
        }
        Outcome::AllowAll => Kind::AllowAll,
        // Yandex: any non-200 answer, network failures included, means the site is open.
        Outcome::Unreachable if yandex => Kind::AllowAll,
        Outcome::Unreachable | Outcome::NotFetched => Kind::NotJudged,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fetch::{Missing, RobotsDir, Scheme, Snapshot, Version};
    use crate::history::Window;

    const DAY: Millis = 86_400_000;
    /// 2026-11-01T00:00:00Z.
    const NOV1: Millis = 1_793_491_200_000;

    fn origin(host: &str) -> Origin {
        Origin::from_host(host.as_bytes(), Scheme::Https).unwrap()
    }

    fn body(text: &str) -> Arc<RobotsEntry> {
        let mut e = RobotsEntry::new(
            "https://example.com/robots.txt".into(),
            crate::fetch::Obtained::Network,
            Outcome::Rules,
            None,
        );
        e.body = Some(Arc::from(text.as_bytes()));
        e.bytes = text.len() as u64;
        Arc::new(e)
    }

    fn history(entries: Vec<Arc<RobotsEntry>>) -> Arc<OriginHistory> {
        let versions = entries
            .into_iter()
            .enumerate()
            .map(|(i, entry)| Version {
                window: Window::at(NOV1 + i as i64 * DAY),
                entry,
            })
            .collect();
        Arc::new(OriginHistory::new(versions).unwrap())
    }

    fn source(histories: Vec<(&str, Arc<OriginHistory>)>) -> Snapshot {
        Snapshot::new(
            histories
                .into_iter()
                .map(|(h, history)| (origin(h), history))
                .collect(),
            Missing::AllowAll,
        )
    }

    fn compiled(cache: &RulesCache) -> usize {
        cache.shared.compiled.len()
    }

    #[test]
    fn versions_are_compiled_when_first_asked_for_and_once_per_body() {
        let a = "User-agent: *\nDisallow: /a/\n";
        let h = history(vec![
            body(a),
            body("User-agent: *\nDisallow: /b/\n"),
            body(a),
        ]);
        let src = source(vec![
            ("example.com", h),
            ("example.org", history(vec![body(a)])),
        ]);
        let cache = RulesCache::new(None, None, DAY, 1 << 20);
        let google = cache
            .lookup(&src, &origin("example.com"))
            .unwrap()
            .dialect(Dialect::Google);
        assert_eq!(compiled(&cache), 0, "nothing before it is asked for");
        let Rules::Compiled(first) = &google.versions[2] else {
            panic!("rules");
        };
        assert_eq!(compiled(&cache), 1);
        let Rules::Compiled(again) = &google.versions[0] else {
            panic!("rules");
        };
        assert!(Arc::ptr_eq(first, again), "the same body is compiled once");
        // Another origin with that body shares it too; the other body is compiled on its own.
        let other = cache
            .lookup(&src, &origin("example.org"))
            .unwrap()
            .dialect(Dialect::Google);
        let Some(Rules::Compiled(shared)) = other.versions.last() else {
            panic!("rules");
        };
        assert!(Arc::ptr_eq(first, shared));
        assert_eq!(google.versions.iter().count(), 3);
        assert_eq!(compiled(&cache), 2);
        assert_eq!(cache.fault(), None);
    }

    #[test]
    fn within_a_time_window_only_the_versions_a_request_can_need_are_read() {
        let root = tempfile::tempdir().unwrap();
        let host = root.path().join("example.com");
        std::fs::create_dir_all(&host).unwrap();
        // v0..v5 daily from 11-01; v3 (11-04) answered 503; v5 is the latest.
        for day in 0..6 {
            let at = crate::fetch::stamp(NOV1 + day * DAY);
            if day == 3 {
                std::fs::write(host.join(format!("robots.{at}.503")), "").unwrap();
            } else {
                let text = format!("User-agent: *\nDisallow: /{day}/\n");
                std::fs::write(host.join(format!("robots.{at}.txt")), text).unwrap();
            }
        }
        let dir = RobotsDir::scan(root.path()).unwrap();
        let src = source(vec![(
            "example.com",
            Arc::new(dir.history(&origin("example.com"))),
        )]);
        // Requests of 11-04 12:00 to 11-05 00:00:00.999 only, leeway 6 h: they may hold the
        // versions in force from 11-04 06:00 (v3, and v2, which its outage stands for) to the
        // last instant (v4, in force from 11-05 00:00 on); v5 is the latest.
        let since = NOV1 + 3 * DAY + DAY / 2;
        let cache = RulesCache::new(Some(since), Some(NOV1 + 4 * DAY + 1000), DAY / 4, 1 << 20);
        let rules = cache.lookup(&src, &origin("example.com")).unwrap();
        assert_eq!(*rules.needed, [false, false, true, true, true, true]);
        // The versions no request can need are never read: remove them first.
        for day in [0, 1] {
            let at = crate::fetch::stamp(NOV1 + day * DAY);
            std::fs::remove_file(host.join(format!("robots.{at}.txt"))).unwrap();
        }
        let google = rules.dialect(Dialect::Google);
        let kinds: Vec<&str> = google
            .versions
            .iter()
            .map(|r| match r {
                Rules::Compiled(_) => "rules",
                Rules::AllowAll => "allow",
                Rules::NotJudged => "not judged",
            })
            .collect();
        assert_eq!(
            kinds,
            [
                "not judged",
                "not judged",
                "rules",
                "not judged",
                "rules",
                "rules"
            ]
        );
        assert_eq!(google.timeline.effective(3), Some(2));
        assert_eq!(cache.fault(), None, "nothing unreadable was read");
        // Without a window, every version can be needed.
        let all = RulesCache::new(None, None, DAY, 1 << 20);
        let rules = all.lookup(&src, &origin("example.com")).unwrap();
        assert!(rules.needed.iter().all(|&n| n));
    }

    #[test]
    fn an_origin_needing_more_than_the_budget_is_not_judged_and_says_why() {
        let big = |c: char| body(&format!("User-agent: *\n{}", c.to_string().repeat(400_000)));
        // Three versions, two bodies: 800,028 bytes of distinct bodies.
        let h = history(vec![big('a'), big('b'), big('a')]);
        let src = source(vec![
            ("example.com", h),
            ("example.org", history(vec![body("x")])),
        ]);
        let cache = RulesCache::new(None, None, DAY, 800_000);
        let rules = cache.lookup(&src, &origin("example.com")).unwrap();
        let current = rules.history.current();
        assert_eq!(current.outcome, Outcome::NotFetched);
        assert_eq!(current.obtained, crate::fetch::Obtained::Network);
        let reason = current.reason.as_deref().unwrap();
        assert!(
            reason.starts_with("the versions of its robots.txt this audit can need hold 800,028 bytes (2 distinct bodies), more than the 800,000"),
            "{reason}"
        );
        assert!(matches!(
            rules.dialect(Dialect::Google).versions[0],
            Rules::NotJudged
        ));
        // It is not counted: the other origin fits, and the run is whole.
        let other = cache.lookup(&src, &origin("example.org")).unwrap();
        assert!(matches!(
            other.dialect(Dialect::Google).versions[0],
            Rules::Compiled(_)
        ));
        assert_eq!(cache.fault(), None);
        assert_eq!(compiled(&cache), 1);
    }

    #[test]
    fn origins_that_together_need_more_than_the_budget_fail_the_run_whatever_the_order() {
        let big = |c: char| body(&"#".repeat(300_000).replace('#', &c.to_string()));
        let shared_body = big('s');
        let src = source(vec![
            (
                "a.example",
                history(vec![big('a'), Arc::clone(&shared_body)]),
            ),
            ("b.example", history(vec![Arc::clone(&shared_body)])),
            ("c.example", history(vec![big('c')])),
        ]);
        for order in [["a", "b", "c"], ["c", "b", "a"], ["b", "c", "a"]] {
            // a and b share a body: 600,000 bytes; with c 900,000.
            let fits = RulesCache::new(None, None, DAY, 900_000);
            let tight = RulesCache::new(None, None, DAY, 899_999);
            for name in order {
                let o = origin(&format!("{name}.example"));
                for cache in [&fits, &tight] {
                    let _ = cache
                        .lookup(&src, &o)
                        .unwrap()
                        .dialect(Dialect::Google)
                        .versions
                        .iter()
                        .count();
                }
            }
            assert_eq!(fits.fault(), None, "{order:?}");
            assert_eq!(
                tight.fault(),
                Some(RulesFault::OverBudget { limit: 899_999 }),
                "{order:?}"
            );
            // Nothing more is compiled once the budget is out: at most what fit.
            let held: u64 = tight.shared.held.lock().unwrap().bytes;
            assert!(held <= 899_999, "{held}");
        }
    }

    #[test]
    fn a_body_that_cannot_be_read_when_needed_fails_the_run() {
        let root = tempfile::tempdir().unwrap();
        let host = root.path().join("example.com");
        std::fs::create_dir_all(&host).unwrap();
        std::fs::write(host.join("robots.txt"), "User-agent: *\nDisallow: /\n").unwrap();
        let dir = RobotsDir::scan(root.path()).unwrap();
        let src = source(vec![(
            "example.com",
            Arc::new(dir.history(&origin("example.com"))),
        )]);
        std::fs::remove_file(host.join("robots.txt")).unwrap();
        let cache = RulesCache::new(None, None, DAY, 1 << 20);
        let rules = cache.lookup(&src, &origin("example.com")).unwrap();
        assert!(matches!(
            rules.dialect(Dialect::Google).versions[0],
            Rules::NotJudged
        ));
        match cache.fault() {
            Some(RulesFault::Read(reason)) => {
                assert!(
                    reason.starts_with("cannot read ") && reason.contains("robots.txt"),
                    "{reason}"
                );
            }
            other => panic!("{other:?}"),
        }
    }
}
