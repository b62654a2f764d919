//! A group's matcher: its compiled rules in precedence order, and the indexes that let a
//! check examine only the rules that can match the path (issue #15: both the robots.txt and
//! the paths of a log may come from an attacker).
//!
//! Small groups are scanned in precedence order; the first rule that matches decides.
//! Large groups (more than [`INDEX_THRESHOLD`] rules) are indexed twice over:
//!
//! - by first literal piece (the bytes before the first `*`, which every match must start
//!   with) in a [`PrefixIndex`]: one binary search finds the runs of rules whose first piece
//!   is a prefix of the path;
//! - by the other literal pieces in a [`PieceIndex`], an Aho-Corasick automaton over every
//!   distinct piece after a rule's first `*`. One pass over the path finds which of those
//!   pieces occur in it and where each first occurs. A rule can match only if all its pieces
//!   occur, so that is checked first, in one step per piece, before the glob matcher runs;
//!   and the matcher starts each piece's search at its first occurrence when that is far
//!   enough along (the leftmost choice is safe: see `pattern.rs`).
//!
//! A run of more than [`RUN_LIMIT`] rules with wildcards (`Disallow: /*c1`, `/*c2`, … all
//! start with `/`) is "crowded": its wildcard rules are not listed in the run but each is
//! *watched* by one of its pieces, the one fewest rules share, and examined only when the
//! automaton finds that piece.
//!
//! # The work of a check, bounded
//!
//! With `L` the path's length, a check on an indexed group does at most:
//! - one binary search over the runs, and one step per run on the chain of runs whose piece
//!   is a prefix of the path (at most one run per length, so at most `L + 1` runs);
//! - per such run, at most [`RUN_LIMIT`] wildcard rules and two prefix-only rules (duplicates
//!   are removed when compiling: two rules that match the same paths keep only the one that
//!   takes precedence, so a run holds at most `p` and `p$` among them);
//! - the glob matcher on at most [`UNFILTERED_LIMIT`] rules before the automaton has run;
//!   after that, only on rules whose every piece occurs in the path;
//! - one automaton pass (at most `2L` transitions, failure links included, and one step per
//!   piece found), only when a crowded run is on the chain or more than
//!   [`UNFILTERED_LIMIT`] wildcard rules on it need matching;
//! - for each piece found, one look at each rule watching it (its first piece, then each
//!   other piece's presence), and the matcher for those whose every piece occurs.
//!
//! The glob matcher itself never backtracks: each piece is searched once, from where the
//! previous one ended (`memmem` is linear), so one rule costs O(L + its length) at most, and
//! O(its number of pieces) when each piece's first occurrence lies after the previous one.
//! What remains unbounded by the path alone is the number of rules whose every piece occurs
//! in it but not in their order (`/*b*a` against `/ab`): each costs one linear match. Those
//! are rules the path was written to nearly match, never rules that merely exist.
//!
//! Precedence is exact: the index only skips rules that cannot match, and the first
//! matching rule in precedence order still decides, as in [`GroupMatcher::decide_unindexed`].

use std::cell::RefCell;

use foldhash::{HashMap, HashSet};

use super::pattern::{Pattern, PieceArena, Search};

/// A compiled line of one group, in precedence order: an allow/disallow rule, or a
/// `Content-Usage` line for one preference key (see `prefs.rs`).
#[derive(Clone, Debug)]
pub(crate) struct Entry {
    pub(crate) pattern: Pattern,
    pub(crate) priority: u32,
    /// Wins a tie of equal priority: an allow rule (RFC 9309 §2.2.2, the least restrictive),
    /// or a preference saying no (the most restrictive: docs/preferences.md, "One
    /// vocabulary's answer for a path").
    pub(crate) wins_ties: bool,
    /// The line's index in its table: a [`super::RuleId`] or a [`super::PrefLineId`]; file
    /// order either way.
    pub(crate) id: u32,
}

impl Entry {
    /// The precedence order within a group: longer first; on a tie the entry that
    /// [wins ties](Entry::wins_ties) first; then file order, as the reference keeps the
    /// first.
    pub(crate) fn precedes(&self, other: &Entry) -> bool {
        self.key() < other.key()
    }

    /// Sort key of [`Entry::precedes`].
    fn key(&self) -> (std::cmp::Reverse<u32>, bool, u32) {
        (std::cmp::Reverse(self.priority), !self.wins_ties, self.id)
    }
}

/// Groups with more compiled rules than this are indexed.
const INDEX_THRESHOLD: usize = 12;
/// A run with more wildcard rules than this is crowded: its wildcard rules are watched by a
/// piece instead.
const RUN_LIMIT: usize = 16;
/// At most this many wildcard rules are matched in a check before the automaton is asked
/// which pieces occur in the path.
const UNFILTERED_LIMIT: u32 = 16;

const NONE: u32 = u32::MAX;

/// A group's rules, sorted so that the first match decides, plus (for large groups) the
/// indexes.
#[derive(Clone, Debug, Default)]
pub(crate) struct GroupMatcher {
    entries: Vec<Entry>,
    index: Option<Index>,
}

/// The indexes of a large group (see the module documentation).
#[derive(Clone, Debug, Default)]
struct Index {
    prefix: PrefixIndex,
    /// Per entry: its first piece and which pieces of [`Index::pieces`] follow it.
    shapes: Vec<Shape>,
    /// The piece ids of each entry's pieces after the first, in pattern order:
    /// `entry_pieces[shape.pieces.0..shape.pieces.1]`.
    entry_pieces: Vec<u32>,
    /// The automaton over those pieces; `None` when no check can need it.
    pieces: Option<PieceIndex>,
    /// Per piece, the entries of crowded runs that it watches, ascending:
    /// `watchers[watch_start[q]..watch_start[q + 1]]`.
    watch_start: Vec<u32>,
    watchers: Vec<u32>,
}

/// What a check needs to know of an entry's pattern.
#[derive(Clone, Copy, Debug)]
struct Shape {
    /// The first piece, as a span of the arena.
    first: (u32, u32),
    /// Its pieces after the first: `entry_pieces[start..end]`; empty for a prefix-only
    /// pattern (`/a`, `/a$`, `/a*`).
    pieces: (u32, u32),
    /// Must the last piece end the path? (A pattern ending `*$` ends nowhere in particular.)
    anchored: bool,
}

/// The group's entries grouped by their first literal piece, with the runs sorted by that
/// piece and each run linked to the longest other piece that is a proper prefix of it.
///
/// A query needs the runs whose piece is a prefix of the path. Let `s` be the greatest
/// piece <= the path (one binary search). Every piece that is a prefix of the path sorts
/// between itself and the path, so it is a prefix of `s` too: the candidates are exactly
/// `s`'s chain of prefix links, cut to the length `s` shares with the path.
#[derive(Clone, Debug, Default)]
struct PrefixIndex {
    runs: Vec<Run>,
    /// Entry indices per run, ascending (so in precedence order); a crowded run lists only
    /// its prefix-only entries.
    run_entries: Vec<u32>,
}

#[derive(Clone, Copy, Debug)]
struct Run {
    /// The piece, as a span of the arena.
    piece: (u32, u32),
    /// The run's listed entries: `run_entries[start..start + len]`.
    start: u32,
    len: u32,
    /// The run whose piece is the longest proper prefix of this one's, or `NONE`.
    parent: u32,
    /// The run's wildcard entries are watched by pieces, not listed.
    crowded: bool,
}

impl GroupMatcher {
    /// Sorts a group's entries by precedence (first match decides), drops the entries that
    /// can never decide, and indexes large groups.
    pub(crate) fn new(mut entries: Vec<Entry>, arena: &PieceArena) -> GroupMatcher {
        // Longest first; on a tie the entry that wins ties (for rules, allow: RFC 9309
        // §2.2.2, the least restrictive); then file order, as the reference keeps the first
        // of equal matches.
        entries.sort_by_key(Entry::key);
        // An entry that matches exactly the paths an earlier one matches never decides
        // (`/a*` and `/a`, a rule written twice): keep the first.
        let mut seen: HashSet<(Vec<&[u8]>, bool)> = HashSet::default();
        entries.retain(|e| seen.insert(canonical(arena, &e.pattern)));
        let index = (entries.len() > INDEX_THRESHOLD).then(|| Index::new(&entries, arena));
        GroupMatcher { entries, index }
    }

    /// The entry that decides for `path`: the first in precedence order that matches.
    #[inline]
    pub(crate) fn decide<S: Search>(
        &self,
        arena: &PieceArena,
        path: &[u8],
        search: &mut S,
    ) -> Option<&Entry> {
        let Some(index) = &self.index else {
            return self.decide_unindexed(arena, path, search);
        };
        let best = match &index.pieces {
            None => index.decide(&self.entries, arena, path, search, None),
            Some(pieces) => SCRATCH.with(|cell| {
                let mut own = None;
                let mut shared = cell.try_borrow_mut();
                let scratch = match &mut shared {
                    Ok(scratch) => &mut **scratch,
                    // Not reached (a check calls no other check), but never worth a panic.
                    Err(_) => own.insert(Scratch::default()),
                };
                scratch.scanned = false;
                index.decide(&self.entries, arena, path, search, Some((pieces, scratch)))
            }),
        };
        (best != NONE).then(|| &self.entries[best as usize])
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

/// The pieces and end anchor of a pattern, up to what cannot change its matches: a final
/// empty piece (a trailing `*`) is dropped, and with it a `$` after it.
fn canonical<'a>(arena: &'a PieceArena, p: &Pattern) -> (Vec<&'a [u8]>, bool) {
    let mut pieces: Vec<&[u8]> = arena.pieces(p).collect();
    let mut anchored = p.anchored();
    if pieces.len() > 1 && pieces.last().is_some_and(|l| l.is_empty()) {
        pieces.pop();
        anchored = false;
    }
    (pieces, anchored)
}

/// Per-thread scratch of the automaton pass: which pieces were found (`mark[q] == epoch`)
/// and where each first occurs. Grown to the largest group seen; never cleared, only
/// re-stamped, so a check allocates nothing once the thread has seen its groups.
#[derive(Default)]
struct Scratch {
    epoch: u32,
    mark: Vec<u32>,
    first: Vec<u32>,
    found: Vec<u32>,
    /// The automaton has run on this check's path.
    scanned: bool,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

impl Scratch {
    fn begin(&mut self, pieces: usize) {
        if self.mark.len() < pieces {
            self.mark.resize(pieces, 0);
            self.first.resize(pieces, 0);
        }
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.mark.fill(0);
            self.epoch = 1;
        }
        self.found.clear();
    }

    fn has(&self, piece: u32) -> bool {
        self.mark[piece as usize] == self.epoch
    }
}

impl Index {
    fn new(entries: &[Entry], arena: &PieceArena) -> Index {
        // Piece ids for every distinct piece after a first piece.
        let mut ids: HashMap<&[u8], u32> = HashMap::default();
        let mut piece_spans: Vec<(u32, u32)> = Vec::new();
        let mut entry_pieces: Vec<u32> = Vec::new();
        let mut shapes: Vec<Shape> = Vec::with_capacity(entries.len());
        for e in entries {
            let (pieces, anchored) = canonical(arena, &e.pattern);
            let start = entry_pieces.len() as u32;
            for (k, piece) in pieces.iter().enumerate().skip(1) {
                let id = *ids.entry(piece).or_insert_with(|| {
                    piece_spans.push(arena.piece_span(&e.pattern, k));
                    (piece_spans.len() - 1) as u32
                });
                entry_pieces.push(id);
            }
            shapes.push(Shape {
                first: arena.first_piece_span(&e.pattern),
                pieces: (start, entry_pieces.len() as u32),
                anchored,
            });
        }
        let wild = |i: usize| shapes[i].pieces.0 < shapes[i].pieces.1;

        let mut prefix = prefix_index(entries, arena);
        // Crowded runs: their wildcard entries leave the run's list.
        let mut watched: Vec<u32> = Vec::new();
        let mut kept: Vec<u32> = Vec::with_capacity(prefix.run_entries.len());
        for run in &mut prefix.runs {
            let listed = &prefix.run_entries[run.start as usize..(run.start + run.len) as usize];
            let n_wild = listed.iter().filter(|&&i| wild(i as usize)).count();
            run.crowded = n_wild > RUN_LIMIT;
            let start = kept.len() as u32;
            for &i in listed {
                if run.crowded && wild(i as usize) {
                    watched.push(i);
                } else {
                    kept.push(i);
                }
            }
            run.start = start;
            run.len = kept.len() as u32 - start;
        }
        prefix.run_entries = kept;

        // Each watched entry is watched by the piece that the fewest entries have.
        let mut share = vec![0u32; piece_spans.len()];
        for shape in &shapes {
            let mut mine = entry_pieces[shape.pieces.0 as usize..shape.pieces.1 as usize].to_vec();
            mine.sort_unstable();
            mine.dedup();
            for q in mine {
                share[q as usize] += 1;
            }
        }
        let mut watch: Vec<(u32, u32)> = watched
            .iter()
            .map(|&i| {
                let shape = &shapes[i as usize];
                let mine = &entry_pieces[shape.pieces.0 as usize..shape.pieces.1 as usize];
                let q = mine
                    .iter()
                    .copied()
                    .min_by_key(|&q| {
                        let len = piece_spans[q as usize].1;
                        (share[q as usize], std::cmp::Reverse(len), q)
                    })
                    .unwrap_or(0);
                (q, i)
            })
            .collect();
        watch.sort_unstable();
        let mut watch_start = vec![0u32; piece_spans.len() + 1];
        for &(q, _) in &watch {
            watch_start[q as usize + 1] += 1;
        }
        for q in 0..piece_spans.len() {
            watch_start[q + 1] += watch_start[q];
        }
        let watchers: Vec<u32> = watch.iter().map(|&(_, i)| i).collect();

        // The automaton is needed when a crowded run exists, or when some chain of runs
        // lists more wildcard entries than a check matches unfiltered.
        let mut chain_wild = vec![0usize; prefix.runs.len()];
        let mut most = 0;
        for r in 0..prefix.runs.len() {
            // Parents come before their children in sorted order.
            let run = prefix.runs[r];
            let listed = &prefix.run_entries[run.start as usize..(run.start + run.len) as usize];
            let own = listed.iter().filter(|&&i| wild(i as usize)).count();
            let above = match run.parent {
                NONE => 0,
                p => chain_wild[p as usize],
            };
            chain_wild[r] = own + above;
            most = most.max(chain_wild[r]);
        }
        let needed = !watchers.is_empty() || most > UNFILTERED_LIMIT as usize;
        let pieces = needed.then(|| PieceIndex::new(arena, piece_spans));
        Index {
            prefix,
            shapes,
            entry_pieces,
            pieces,
            watch_start,
            watchers,
        }
    }

    fn pieces_of(&self, shape: &Shape) -> &[u32] {
        &self.entry_pieces[shape.pieces.0 as usize..shape.pieces.1 as usize]
    }

    /// The index of the deciding entry, or `NONE`. `automaton`: the piece index, when the
    /// group has one, and a scratch whose `scanned` is false.
    fn decide<S: Search>(
        &self,
        entries: &[Entry],
        arena: &PieceArena,
        path: &[u8],
        search: &mut S,
        mut automaton: Option<(&PieceIndex, &mut Scratch)>,
    ) -> u32 {
        let runs = &self.prefix.runs;
        let piece = |run: &Run| arena.span(run.piece);
        let k = runs.partition_point(|run| piece(run) <= path);
        search.add(k.max(1).ilog2() as u64 + 1);
        let Some(top) = k.checked_sub(1) else {
            // No first piece is a prefix of the path (not even an empty one): no rule
            // matches.
            return NONE;
        };
        let shared = {
            let s = piece(&runs[top]);
            s.iter().zip(path).take_while(|(a, b)| a == b).count()
        };
        search.add(shared as u64 + 1);
        let mut best = NONE;
        let mut unfiltered = UNFILTERED_LIMIT;
        let mut crowded = false;
        let mut current = top as u32;
        while current != NONE {
            let run = &runs[current as usize];
            current = run.parent;
            search.add(1);
            if piece(run).len() > shared {
                continue;
            }
            crowded |= run.crowded;
            let listed =
                &self.prefix.run_entries[run.start as usize..(run.start + run.len) as usize];
            for &i in listed {
                if i >= best {
                    break;
                }
                search.add(1);
                let shape = &self.shapes[i as usize];
                let matched = if shape.pieces.0 == shape.pieces.1 {
                    // Prefix-only: the run's piece is a prefix of the path already.
                    !shape.anchored || path.len() == (shape.first.1 as usize)
                } else {
                    match &mut automaton {
                        Some((pieces, scratch)) if scratch.scanned || unfiltered == 0 => {
                            if !scratch.scanned {
                                pieces.scan(path, search, scratch);
                            }
                            self.matches_found(pieces, arena, shape, path, search, scratch)
                        }
                        // Without an automaton no chain lists more than UNFILTERED_LIMIT
                        // wildcard entries (see `Index::new`).
                        _ => {
                            unfiltered = unfiltered.saturating_sub(1);
                            arena.matches_with(&entries[i as usize].pattern, path, search)
                        }
                    }
                };
                if matched {
                    best = i;
                    break;
                }
            }
        }
        if crowded && let Some((pieces, scratch)) = &mut automaton {
            if !scratch.scanned {
                pieces.scan(path, search, scratch);
            }
            for f in 0..scratch.found.len() {
                let q = scratch.found[f] as usize;
                let watching =
                    &self.watchers[self.watch_start[q] as usize..self.watch_start[q + 1] as usize];
                for &i in watching {
                    if i >= best {
                        break;
                    }
                    search.add(1);
                    let shape = &self.shapes[i as usize];
                    if search.starts_with(path, arena.span(shape.first))
                        && self.matches_found(pieces, arena, shape, path, search, scratch)
                    {
                        best = i;
                        break;
                    }
                }
            }
        }
        best
    }

    /// Whether an entry whose first piece is a prefix of the path matches it, knowing which
    /// pieces occur in the path and where each first occurs: the glob matcher of
    /// `pattern.rs`, skipping the searches that the first occurrences answer.
    fn matches_found<S: Search>(
        &self,
        pieces: &PieceIndex,
        arena: &PieceArena,
        shape: &Shape,
        path: &[u8],
        search: &mut S,
        scratch: &Scratch,
    ) -> bool {
        let ids = self.pieces_of(shape);
        search.add(ids.len() as u64);
        if !ids.iter().all(|&q| scratch.has(q)) {
            return false;
        }
        let mut pos = shape.first.1 as usize;
        for (k, &q) in ids.iter().enumerate() {
            let span = pieces.spans[q as usize];
            let bytes = arena.span(span);
            if k + 1 == ids.len() && shape.anchored {
                return path.len() - pos >= bytes.len()
                    && search.starts_with(&path[path.len() - bytes.len()..], bytes);
            }
            let first = scratch.first[q as usize] as usize;
            if first >= pos {
                pos = first + bytes.len();
                continue;
            }
            match search.find(&path[pos..], bytes) {
                Some(at) => pos += at + bytes.len(),
                None => return false,
            }
        }
        true
    }
}

/// Groups entries by first literal piece, runs sorted by piece (see [`PrefixIndex`]).
fn prefix_index(entries: &[Entry], arena: &PieceArena) -> PrefixIndex {
    let mut order: Vec<u32> = (0..entries.len() as u32).collect();
    // Sort by piece, then by precedence (the entry index).
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
                parent: NONE,
                crowded: false,
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
        runs[r].parent = stack.last().copied().unwrap_or(NONE);
        stack.push(r as u32);
    }
    PrefixIndex {
        runs,
        run_entries: order,
    }
}

/// An Aho-Corasick automaton over a group's pieces: a trie of the pieces with failure
/// links, its transitions stored sparsely (sorted bytes per node) except at the root.
///
/// [`PieceIndex::scan`] reports each piece once, at its first occurrence: at every position
/// it follows the output links (the nearest node on the failure chain that ends a piece)
/// only until it meets a piece already found, because every piece further along that
/// chain was found together with it. So a pass costs O(L + pieces found), however many
/// times the pieces occur.
#[derive(Clone, Debug)]
struct PieceIndex {
    /// Transitions from the root, dense (the root itself where there is none).
    root: Box<[u32; 256]>,
    /// Per node: its children are `child_byte/child_node[child_start[n]..child_start[n + 1]]`,
    /// sorted by byte.
    child_start: Vec<u32>,
    child_byte: Vec<u8>,
    child_node: Vec<u32>,
    /// Per node: the node of its longest proper suffix in the trie.
    fail: Vec<u32>,
    /// Per node: the nearest node on its failure chain (itself excluded) that ends a piece.
    output: Vec<u32>,
    /// Per node: the piece it ends, or `NONE`.
    piece_of: Vec<u32>,
    /// Per piece: its bytes in the arena.
    spans: Vec<(u32, u32)>,
}

const ROOT: u32 = 0;

impl PieceIndex {
    fn new(arena: &PieceArena, spans: Vec<(u32, u32)>) -> PieceIndex {
        // The trie, built from the pieces in sorted order: each piece shares its path with
        // the previous one up to their common prefix, and children arrive in byte order.
        let mut order: Vec<u32> = (0..spans.len() as u32).collect();
        order.sort_unstable_by_key(|&q| arena.span(spans[q as usize]));
        let mut children: Vec<Vec<(u8, u32)>> = vec![Vec::new()];
        let mut piece_of: Vec<u32> = vec![NONE];
        // `stack[d]`: the node at depth d + 1 on the previous piece's path.
        let mut stack: Vec<u32> = Vec::new();
        let mut previous: &[u8] = &[];
        for q in order {
            let bytes = arena.span(spans[q as usize]);
            let common = bytes
                .iter()
                .zip(previous)
                .take_while(|(a, b)| a == b)
                .count();
            stack.truncate(common);
            for &b in &bytes[common..] {
                let parent = stack.last().copied().unwrap_or(ROOT);
                let n = children.len() as u32;
                children.push(Vec::new());
                piece_of.push(NONE);
                children[parent as usize].push((b, n));
                stack.push(n);
            }
            // Pieces are distinct and non-empty, so each ends at its own node.
            if let Some(&end) = stack.last() {
                piece_of[end as usize] = q;
            }
            previous = bytes;
        }
        let mut child_start = Vec::with_capacity(children.len() + 1);
        let mut child_byte = Vec::new();
        let mut child_node = Vec::new();
        for list in &children {
            child_start.push(child_byte.len() as u32);
            child_byte.extend(list.iter().map(|&(b, _)| b));
            child_node.extend(list.iter().map(|&(_, n)| n));
        }
        child_start.push(child_byte.len() as u32);
        let mut root = Box::new([ROOT; 256]);
        for (b, n) in &children[ROOT as usize] {
            root[usize::from(*b)] = *n;
        }
        let mut index = PieceIndex {
            root,
            child_start,
            child_byte,
            child_node,
            fail: vec![ROOT; children.len()],
            output: vec![NONE; children.len()],
            piece_of,
            spans,
        };
        // Failure and output links, breadth first (a suffix is shallower than its node).
        let mut queue = std::collections::VecDeque::new();
        queue.push_back(ROOT);
        while let Some(node) = queue.pop_front() {
            for &(b, child) in &children[node as usize] {
                let fail = if node == ROOT {
                    ROOT
                } else {
                    let mut f = index.fail[node as usize];
                    loop {
                        if let Some(next) = index.child(f, b) {
                            break next;
                        }
                        if f == ROOT {
                            break ROOT;
                        }
                        f = index.fail[f as usize];
                    }
                };
                index.fail[child as usize] = fail;
                index.output[child as usize] = if index.piece_of[fail as usize] != NONE {
                    fail
                } else {
                    index.output[fail as usize]
                };
                queue.push_back(child);
            }
        }
        index
    }

    fn child(&self, node: u32, b: u8) -> Option<u32> {
        let range =
            self.child_start[node as usize] as usize..self.child_start[node as usize + 1] as usize;
        let bytes = &self.child_byte[range.clone()];
        let at = if bytes.len() <= 8 {
            bytes.iter().position(|&c| c == b)
        } else {
            bytes.binary_search(&b).ok()
        };
        at.map(|k| self.child_node[range.start + k])
    }

    /// Marks in `scratch` every piece that occurs in `path`, with its first position.
    fn scan<S: Search>(&self, path: &[u8], search: &mut S, scratch: &mut Scratch) {
        scratch.begin(self.spans.len());
        scratch.scanned = true;
        let mut node = ROOT;
        for (end, &b) in path.iter().enumerate() {
            // Each failure link taken makes the node shallower, and each byte makes it at
            // most one deeper: at most 2L transitions in all.
            loop {
                search.add(1);
                if node == ROOT {
                    node = self.root[usize::from(b)];
                    break;
                }
                if let Some(next) = self.child(node, b) {
                    node = next;
                    break;
                }
                node = self.fail[node as usize];
            }
            let mut out = if self.piece_of[node as usize] != NONE {
                node
            } else {
                self.output[node as usize]
            };
            while out != NONE {
                let q = self.piece_of[out as usize];
                if scratch.has(q) {
                    break;
                }
                search.add(1);
                scratch.mark[q as usize] = scratch.epoch;
                scratch.first[q as usize] = (end + 1 - self.spans[q as usize].1 as usize) as u32;
                scratch.found.push(q);
                out = self.output[out as usize];
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::robots::{Dialect, MatcherRef, RobotsTxt};

    /// The matcher of the file's only (or `*`) group.
    fn matcher(robots: &RobotsTxt) -> &GroupMatcher {
        let group = robots.groups.first().expect("a group");
        match &group.matcher {
            MatcherRef::One(m) => &robots.matchers[*m as usize],
            MatcherRef::Parts(_) => panic!("one part"),
        }
    }

    #[test]
    fn entries_matching_the_same_paths_keep_the_first() {
        let body = b"User-agent: *\nDisallow: /a\nDisallow: /a*\nAllow: /a*$\nDisallow: /a\nDisallow: /a$\n";
        let robots = RobotsTxt::parse(body, Dialect::Google);
        let m = matcher(&robots);
        // `/a*$` (4 bytes, an allow) takes precedence over `/a*` and `/a`, which match the
        // same paths; `/a$` matches fewer.
        let kept: Vec<&str> = m
            .entries
            .iter()
            .map(|e| robots.rules()[e.id as usize].value.as_str())
            .collect();
        assert_eq!(kept, ["/a*$", "/a$"]);
        let v = robots.check(robots.global_group(), b"/abc");
        assert!(v.allowed);
        assert_eq!(robots.rule(v.rule.expect("a rule")).line, 4);
    }

    #[test]
    fn a_crowded_run_is_watched_by_its_rarest_pieces() {
        let mut body = b"User-agent: *\n".to_vec();
        for n in 0..20 {
            body.extend_from_slice(format!("Disallow: /*x{n}y*common\n").as_bytes());
        }
        body.extend_from_slice(b"Disallow: /private\n");
        let robots = RobotsTxt::parse(&body, Dialect::Google);
        let index = matcher(&robots).index.as_ref().expect("indexed");
        let root = index
            .prefix
            .runs
            .iter()
            .find(|r| r.piece.1 == 1)
            .expect("run `/`");
        assert!(root.crowded);
        assert!(index.pieces.is_some());
        let watched: Vec<&[u8]> = (0..index.watch_start.len() - 1)
            .filter(|&q| index.watch_start[q] < index.watch_start[q + 1])
            .map(|q| {
                robots
                    .arena
                    .span(index.pieces.as_ref().expect("built").spans[q])
            })
            .collect();
        assert_eq!(watched.len(), 20);
        assert!(watched.iter().all(|p| p.starts_with(b"x")), "{watched:?}");
        // A path with no `x<n>y` costs no rule examination beyond the scan.
        let group = robots.global_group();
        let path = b"/common/common/common";
        let (v, steps) = robots.check_counted(group, path);
        assert!(v.allowed);
        assert!(steps < 4 * path.len() as u64, "{steps}");
        let v = robots.check(group, b"/x7y/common");
        assert_eq!(robots.rule(v.rule.expect("a rule")).value, "/*x7y*common");
        assert_eq!(v, robots.check_unindexed(group, b"/x7y/common"));
    }

    #[test]
    fn a_typical_file_needs_no_automaton() {
        // www.google.com's robots.txt: many wildcard rules, but no crowded run and no chain
        // of runs with more than UNFILTERED_LIMIT of them, so checks never scan.
        let body = include_bytes!("../../testdata/robots/corpus/files/www.google.com");
        let robots = RobotsTxt::parse(body, Dialect::Google);
        let index = matcher(&robots).index.as_ref().expect("indexed");
        assert!(index.pieces.is_none());
        assert!(index.prefix.runs.iter().all(|r| !r.crowded));
    }

    #[test]
    fn canonical_forms() {
        let mut arena = PieceArena::default();
        let mut canon = |p: &[u8]| {
            let c = arena.compile(p);
            let (pieces, anchored) = canonical(&arena, &c);
            (
                pieces.iter().map(|p| p.to_vec()).collect::<Vec<_>>(),
                anchored,
            )
        };
        assert_eq!(canon(b"/a*"), (vec![b"/a".to_vec()], false));
        assert_eq!(canon(b"/a*$"), (vec![b"/a".to_vec()], false));
        assert_eq!(canon(b"/a$"), (vec![b"/a".to_vec()], true));
        assert_eq!(
            canon(b"/a**b$"),
            (vec![b"/a".to_vec(), b"b".to_vec()], true)
        );
        assert_eq!(canon(b"*"), (vec![b"".to_vec()], false));
    }
}
