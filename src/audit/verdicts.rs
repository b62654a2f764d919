//! A worker's memo of what the rules say of a request target: (rules, group per version,
//! versions the crawler may hold, target) → verdict, so that the same path of the same site
//! for the same group is matched once per worker, not once per request.
//!
//! A verdict is a pure function of its key: the origin's versions as one dialect reads them
//! (one [`DialectRules`]), the crawler's group in each of them and the usage preference its
//! category goes against (together a *class*: every User-Agent of a crawler, and every
//! crawler with the same groups, shares one), the range of versions it may hold at the
//! request's instant (docs/judging.md, "Versions a crawler may hold": a time-dependent
//! history gives different ranges at different times, and each range is its own entry), and
//! the raw request target (its normalisation is a function of it). Nothing in a run changes
//! any of these, so nothing is ever invalidated; the memo is bounded by forgetting all of it
//! when its paths pass [`MAX_BYTES`].

use std::ops::Range;
use std::sync::Arc;

use foldhash::HashMap;

use crate::robots::{GroupId, PrefKey};

use super::rules::DialectRules;

/// Bytes of targets (and their entries) one worker remembers before it forgets them all.
pub const MAX_BYTES: usize = 2 << 20;

/// Targets longer than this are matched every time: a long target is nearly always a unique
/// query, which would only push out the ones that repeat.
pub const MAX_TARGET: usize = 256;

/// What an entry costs beyond its target's bytes (its slot and allocation).
const ENTRY_OVERHEAD: usize = 40;

/// What the rules say of one request target, for a crawler holding one range of versions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Some version it may hold cannot be known: the request is not judged.
    NotJudged,
    /// Every version allows it and none says no to its use: allowed at once.
    Allowed,
    /// Some version disallows it or says no to its use: kept for the judgement at the end.
    Keep,
}

/// Target → verdict, for one class and range of versions.
type Targets = HashMap<Box<[u8]>, Verdict>;

/// The identity of everything but the time and the target that a verdict depends on.
#[derive(PartialEq, Eq, Hash)]
struct ClassKey {
    /// The address of the rules (kept alive by `Verdicts::pinned`, so never reused).
    rules: usize,
    groups: Vec<Option<GroupId>>,
    conflicts_on: Option<PrefKey>,
}

/// One worker's memo.
#[derive(Default)]
pub struct Verdicts {
    /// Judge index → class, `u32::MAX` until first asked.
    class_of: Vec<u32>,
    classes: HashMap<ClassKey, u32>,
    /// The rules each class refers to, held so that their address stays theirs.
    pinned: Vec<Arc<DialectRules>>,
    /// (class, first version, end of versions) → target → verdict.
    entries: HashMap<(u32, u32, u32), Targets>,
    bytes: usize,
}

impl Verdicts {
    /// The class of judge `judged` (an index that names the same judge for the worker's
    /// life), found once per judge.
    pub fn class(
        &mut self,
        judged: u32,
        rules: &Arc<DialectRules>,
        groups: &[Option<GroupId>],
        conflicts_on: Option<PrefKey>,
    ) -> u32 {
        let i = judged as usize;
        if let Some(&class) = self.class_of.get(i)
            && class != u32::MAX
        {
            return class;
        }
        if self.class_of.len() <= i {
            self.class_of.resize(i + 1, u32::MAX);
        }
        let key = ClassKey {
            rules: Arc::as_ptr(rules) as usize,
            groups: groups.to_vec(),
            conflicts_on,
        };
        let next = self.classes.len() as u32;
        let class = *self.classes.entry(key).or_insert_with(|| {
            self.pinned.push(Arc::clone(rules));
            next
        });
        self.class_of[i] = class;
        class
    }

    /// The verdict for `target` under `class` holding the versions `range`: remembered, or
    /// found by `decide` and remembered.
    pub fn get_or_decide(
        &mut self,
        class: u32,
        range: &Range<usize>,
        target: &[u8],
        decide: impl FnOnce() -> Verdict,
    ) -> Verdict {
        if target.len() > MAX_TARGET {
            return decide();
        }
        let key = (class, range.start as u32, range.end as u32);
        if let Some(&v) = self.entries.get(&key).and_then(|m| m.get(target)) {
            return v;
        }
        let verdict = decide();
        let cost = target.len() + ENTRY_OVERHEAD;
        if self.bytes + cost > MAX_BYTES {
            self.entries.clear();
            self.bytes = 0;
        }
        self.bytes += cost;
        self.entries
            .entry(key)
            .or_default()
            .insert(target.into(), verdict);
        verdict
    }
}
