//! A group's matcher: its compiled rules in precedence order, and the index that lets a
//! check examine only the rules that can match the path.
//!
//! Small groups are scanned in precedence order; the first rule that matches decides. Large
//! groups get a [`PrefixIndex`]: every match starts with the rule's first literal piece, so
//! only the runs of rules whose first piece is a prefix of the path are examined.

use super::RuleId;
use super::pattern::{Pattern, PieceArena, Search};

/// A compiled rule of one group, in precedence order.
#[derive(Clone, Debug)]
pub(crate) struct Entry {
    pub(crate) pattern: Pattern,
    pub(crate) priority: u32,
    pub(crate) allow: bool,
    pub(crate) rule: RuleId,
}

impl Entry {
    /// The precedence order within a group: longer first; on a tie allow first (RFC 9309
    /// §2.2.2, the least restrictive); then file order, as the reference keeps the first.
    pub(crate) fn precedes(&self, other: &Entry) -> bool {
        self.key() < other.key()
    }

    /// Sort key of [`Entry::precedes`].
    fn key(&self) -> (std::cmp::Reverse<u32>, bool, u32) {
        (std::cmp::Reverse(self.priority), !self.allow, self.rule.0)
    }
}

/// Groups with more compiled rules than this get a [`PrefixIndex`].
const INDEX_THRESHOLD: usize = 12;

/// A group's rules, sorted so that the first match decides, plus (for large groups) an
/// index by literal prefix.
#[derive(Clone, Debug, Default)]
pub(crate) struct GroupMatcher {
    entries: Vec<Entry>,
    index: Option<PrefixIndex>,
}

/// The group's entries grouped by their first literal piece (the bytes before the first
/// `*`, which every match must start with), with the runs sorted by that piece and each
/// run linked to the longest other piece that is a proper prefix of it.
///
/// A query needs the runs whose piece is a prefix of the path. Let `s` be the greatest
/// piece <= the path (one binary search). Every piece that is a prefix of the path sorts
/// between itself and the path, so it is a prefix of `s` too: the candidates are exactly
/// `s`'s chain of prefix links, cut to the length `s` shares with the path.
#[derive(Clone, Debug, Default)]
struct PrefixIndex {
    runs: Vec<Run>,
    /// Entry indices per run, ascending (so in precedence order).
    run_entries: Vec<u32>,
}

#[derive(Clone, Copy, Debug)]
struct Run {
    /// The piece, as a span of the arena.
    piece: (u32, u32),
    /// The run's entries: `run_entries[start..start + len]`.
    start: u32,
    len: u32,
    /// The run whose piece is the longest proper prefix of this one's, or `NO_RUN`.
    parent: u32,
}

const NO_RUN: u32 = u32::MAX;

impl GroupMatcher {
    /// Sorts a group's entries by precedence (first match decides) and indexes large groups.
    pub(crate) fn new(mut entries: Vec<Entry>, arena: &PieceArena) -> GroupMatcher {
        // Longest first; on a tie allow first (RFC 9309 §2.2.2: the least restrictive); then
        // file order, as the reference keeps the first of equal matches.
        entries.sort_by_key(Entry::key);
        let index = (entries.len() > INDEX_THRESHOLD).then(|| prefix_index(&entries, arena));
        GroupMatcher { entries, index }
    }

    /// The entry that decides for `path`: the first in precedence order that matches.
    pub(crate) fn decide<S: Search>(
        &self,
        arena: &PieceArena,
        path: &[u8],
        search: &mut S,
    ) -> Option<&Entry> {
        let Some(index) = &self.index else {
            return self.decide_unindexed(arena, path, search);
        };
        let piece = |run: &Run| arena.span(run.piece);
        let k = index.runs.partition_point(|run| piece(run) <= path);
        let top = k.checked_sub(1)?;
        let shared = {
            let s = piece(&index.runs[top]);
            s.iter().zip(path).take_while(|(a, b)| a == b).count()
        };
        search.add(shared as u64 + 1);
        let mut best: Option<u32> = None;
        let mut current = top as u32;
        while current != NO_RUN {
            let run = &index.runs[current as usize];
            current = run.parent;
            search.add(1);
            if piece(run).len() > shared {
                continue;
            }
            let entries = &index.run_entries[run.start as usize..(run.start + run.len) as usize];
            for &i in entries {
                if best.is_some_and(|b| i >= b) {
                    break;
                }
                if arena.matches_with(&self.entries[i as usize].pattern, path, search) {
                    best = Some(i);
                    break;
                }
            }
        }
        best.map(|i| &self.entries[i as usize])
    }

    /// [`Self::decide`] without the index: every entry in precedence order until one
    /// matches. The reference the index is tested against.
    pub(crate) fn decide_unindexed<S: Search>(
        &self,
        arena: &PieceArena,
        path: &[u8],
        search: &mut S,
    ) -> Option<&Entry> {
        self.entries
            .iter()
            .find(|e| arena.matches_with(&e.pattern, path, search))
    }
}

/// Groups entries by first literal piece, runs sorted by piece (see [`PrefixIndex`]).
fn prefix_index(entries: &[Entry], arena: &PieceArena) -> PrefixIndex {
    let mut order: Vec<u32> = (0..entries.len() as u32).collect();
    // Sort by piece, then by precedence (the entry index); `sort_by` is stable anyway.
    order.sort_by(|&a, &b| {
        arena
            .first_piece(&entries[a as usize].pattern)
            .cmp(arena.first_piece(&entries[b as usize].pattern))
            .then(a.cmp(&b))
    });
    let mut runs: Vec<Run> = Vec::new();
    for (pos, &i) in order.iter().enumerate() {
        let piece = arena.first_piece(&entries[i as usize].pattern);
        match runs.last_mut() {
            Some(run) if arena.span(run.piece) == piece => run.len += 1,
            _ => runs.push(Run {
                piece: arena.first_piece_span(&entries[i as usize].pattern),
                start: pos as u32,
                len: 1,
                parent: NO_RUN,
            }),
        }
    }
    // Prefix links: in sorted order, the runs that are prefixes of the current one are on
    // a stack (a piece's prefixes sort before it, and before anything between them).
    let mut stack: Vec<u32> = Vec::new();
    for r in 0..runs.len() {
        let piece = arena.span(runs[r].piece);
        while let Some(&top) = stack.last() {
            let top_piece = arena.span(runs[top as usize].piece);
            if piece.starts_with(top_piece) {
                break;
            }
            stack.pop();
        }
        runs[r].parent = stack.last().copied().unwrap_or(NO_RUN);
        stack.push(r as u32);
    }
    PrefixIndex {
        runs,
        run_entries: order,
    }
}
