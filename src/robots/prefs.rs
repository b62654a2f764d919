//! AI usage preferences (docs/preferences.md): the values of `Content-Signal` and
//! `Content-Usage` lines, how one vocabulary answers for a path, and how the two vocabularies
//! combine.
//!
//! A group's `Content-Signal` lines have no path: they are folded once, when the file is
//! parsed, into one answer per key. Its `Content-Usage` lines are compiled per key into the
//! matcher the allow/disallow rules use (`index.rs`), ordered longest path first and, on a
//! tie, `n` before `y`, with path-less lines last: the first line that matches a path decides
//! for that key, exactly as the first matching rule decides a verdict. A query allocates
//! nothing and costs what a rule check costs.

use std::convert::Infallible;

use sfv::visitor::{DictionaryVisitor, EntryVisitor, Ignored, ItemVisitor};
use sfv::{BareItemFromInput, KeyRef};

use super::index::{Entry, GroupMatcher};
use super::pattern::{PieceArena, Search};

/// A use of content that a preference line speaks of. The two vocabularies' names for the
/// same use are one key: `Content-Signal`'s `ai-train` and `Content-Usage`'s `train-ai`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PrefKey {
    /// Training or fine-tuning AI models (`ai-train`, `train-ai`).
    AiTrain,
    /// Feeding content to an AI model that answers now: retrieval, grounding, AI answers
    /// (`ai-input`; `Content-Signal` only).
    AiInput,
    /// A search index showing links and short excerpts (`search` in both vocabularies).
    Search,
}

impl PrefKey {
    /// Every key, in report order.
    pub const ALL: [PrefKey; 3] = [PrefKey::AiTrain, PrefKey::AiInput, PrefKey::Search];

    /// The key's name in reports: `ai-train`, `ai-input` or `search` (`train-ai` is reported
    /// as `ai-train`).
    ///
    /// ```
    /// use robots_audit::robots::PrefKey;
    /// assert_eq!(PrefKey::AiTrain.name(), "ai-train");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            PrefKey::AiTrain => "ai-train",
            PrefKey::AiInput => "ai-input",
            PrefKey::Search => "search",
        }
    }

    pub(crate) fn index(self) -> usize {
        self as usize
    }
}

/// Which of the two syntaxes a preference line is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Vocabulary {
    /// Cloudflare's Content Signals: `Content-Signal: search=yes, ai-train=no` (also read
    /// when misspelled `Content-Signals`). No path: it covers the whole group.
    ContentSignal,
    /// IETF aipref: `Content-Usage: [<path> ]<RFC 9651 dictionary>`, e.g.
    /// `Content-Usage: /news/ train-ai=n`.
    ContentUsage,
}

/// One value per key: `Some(true)` yes, `Some(false)` no, `None` no preference.
pub(crate) type Values = [Option<bool>; 3];

/// Index of a preference line in a [`super::RobotsTxt`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PrefLineId(pub(crate) u32);

impl PrefLineId {
    /// The line's position in [`super::RobotsTxt::preference_lines`] (file order).
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// One `Content-Signal` or `Content-Usage` line that belongs to a group and sets at least one
/// key.
#[derive(Clone, Debug)]
pub struct PreferenceLine {
    /// The syntax it is written in.
    pub vocabulary: Vocabulary,
    /// 1-based line number.
    pub line: u32,
    /// The line as written: its key, `: ` and its value, without the comment and the
    /// whitespace around them (lossy UTF-8), e.g. `Content-Signal: search=yes, ai-train=no`.
    pub text: String,
    /// `Content-Usage`: the path as written; `None` for a line without one (it covers every
    /// path) and for every `Content-Signal` line.
    pub path: Option<String>,
    pub(crate) values: Values,
    /// The pattern's precedence length in the file's dialect (as an allow/disallow rule's);
    /// 0 without a path, which loses to any matching path.
    pub(crate) priority: u32,
    /// The compiled path (`/` for a line without one, which every path matches); `None` for
    /// `Content-Signal`.
    pub(crate) pattern: Option<super::pattern::Pattern>,
}

impl PreferenceLine {
    /// What the line says for `key`: `Some(true)` for yes (`yes`, `y`), `Some(false)` for
    /// no, `None` when it does not set the key.
    pub fn value(&self, key: PrefKey) -> Option<bool> {
        self.values[key.index()]
    }

    /// The keys the line sets and their values, in [`PrefKey::ALL`] order.
    pub fn values(&self) -> impl Iterator<Item = (PrefKey, bool)> + '_ {
        PrefKey::ALL
            .into_iter()
            .filter_map(|k| self.value(k).map(|v| (k, v)))
    }
}

/// One answer for one key: the value and the line that decided it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Preference {
    /// `true`: the use is allowed (`yes`, `y`); `false`: the site owner says no.
    pub yes: bool,
    /// The deciding line.
    pub line: PrefLineId,
}

impl Preference {
    /// The value as reports write it: `yes` or `no`.
    pub fn value_name(self) -> &'static str {
        if self.yes { "yes" } else { "no" }
    }
}

/// The preferences in force for one path under one group: each vocabulary's answer per key,
/// and their combination ([`Preferences::get`]). Plain data, `Copy`: a query allocates
/// nothing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Preferences {
    pub(crate) signal: [Option<Preference>; 3],
    pub(crate) usage: [Option<Preference>; 3],
}

impl Preferences {
    /// The combined answer for `key`: yes when any vocabulary says yes (the crawler may read
    /// that one), else no when one says no, else `None`. The deciding line is the one that
    /// gave the answer; when both vocabularies give it, the earlier line in the file.
    pub fn get(&self, key: PrefKey) -> Option<Preference> {
        combine(self.signal[key.index()], self.usage[key.index()])
    }

    /// One vocabulary's answer for `key` alone (within a vocabulary, the most restrictive of
    /// the lines that decide wins: docs/preferences.md, "One vocabulary's answer for a path").
    pub fn of(&self, vocabulary: Vocabulary, key: PrefKey) -> Option<Preference> {
        match vocabulary {
            Vocabulary::ContentSignal => self.signal[key.index()],
            Vocabulary::ContentUsage => self.usage[key.index()],
        }
    }

    /// The deciding line when `key` is a "no" that a request can conflict with: no
    /// vocabulary says yes and at least one says no.
    pub fn no(&self, key: PrefKey) -> Option<PrefLineId> {
        self.get(key).filter(|p| !p.yes).map(|p| p.line)
    }

    /// The combined answers, for the keys that have one, in [`PrefKey::ALL`] order.
    pub fn iter(&self) -> impl Iterator<Item = (PrefKey, Preference)> + '_ {
        PrefKey::ALL
            .into_iter()
            .filter_map(|k| self.get(k).map(|p| (k, p)))
    }

    /// True when no key has an answer.
    pub fn is_empty(&self) -> bool {
        self.iter().next().is_none()
    }
}

/// Two answers for one key from different vocabularies: a yes wins (docs/preferences.md,
/// "Combining the two vocabularies": a conflict needs every vocabulary that answers to say
/// no); equal answers cite the earlier line.
pub(crate) fn combine(a: Option<Preference>, b: Option<Preference>) -> Option<Preference> {
    match (a, b) {
        (None, x) | (x, None) => x,
        (Some(a), Some(b)) if a.yes == b.yes => Some(if a.line <= b.line { a } else { b }),
        (Some(a), Some(b)) => Some(if a.yes { a } else { b }),
    }
}

/// Two answers for one key within one vocabulary, where neither outranks the other: the most
/// restrictive wins (no beats yes); equal answers cite the earlier line.
pub(crate) fn restrictive(a: Option<Preference>, b: Option<Preference>) -> Option<Preference> {
    match (a, b) {
        (None, x) | (x, None) => x,
        (Some(a), Some(b)) if a.yes == b.yes => Some(if a.line <= b.line { a } else { b }),
        (Some(a), Some(b)) => Some(if a.yes { b } else { a }),
    }
}

/// Folds a line's values into a group's `Content-Signal` answers.
pub(crate) fn fold_signal(into: &mut [Option<Preference>; 3], values: &Values, line: PrefLineId) {
    for (slot, value) in into.iter_mut().zip(values) {
        let new = value.map(|yes| Preference { yes, line });
        *slot = restrictive(*slot, new);
    }
}

/// Reads a `Content-Signal` value: `,`-separated `key=value` items, whitespace around each
/// part ignored, keys and values case-insensitive; `ai-train`, `ai-input`, `search` with
/// `yes` or `no`. Other keys, other values and items without `=` are ignored. A key given
/// twice in one line keeps the most restrictive value.
///
/// Linear in the value's length; keeps nothing but the three values.
pub(crate) fn parse_signal(value: &[u8]) -> Values {
    let mut values: Values = [None; 3];
    for item in value.split(|&b| b == b',') {
        let Some(eq) = memchr::memchr(b'=', item) else {
            continue;
        };
        let key = trim_ws(&item[..eq]);
        let yes = match trim_ws(&item[eq + 1..]) {
            v if v.eq_ignore_ascii_case(b"yes") => true,
            v if v.eq_ignore_ascii_case(b"no") => false,
            _ => continue,
        };
        let key = if key.eq_ignore_ascii_case(b"ai-train") {
            PrefKey::AiTrain
        } else if key.eq_ignore_ascii_case(b"ai-input") {
            PrefKey::AiInput
        } else if key.eq_ignore_ascii_case(b"search") {
            PrefKey::Search
        } else {
            continue;
        };
        let slot = &mut values[key.index()];
        *slot = Some(slot.unwrap_or(true) && yes);
    }
    values
}

/// Reads a `Content-Usage` value: an optional path (from a leading `/` to the first space or
/// tab), then an RFC 9651 dictionary, parsed strictly (a value that is not one sets nothing,
/// as the aipref vocabulary says). Keys `train-ai` and `search` with the tokens `y` or `n`;
/// other keys, other values and all parameters are ignored; a key given twice keeps its last
/// value (RFC 9651 §4.2.2).
///
/// Returns the path and the values, or `None` when the dictionary does not parse. Linear in
/// the value's length; keeps nothing but the path and the three values.
pub(crate) fn parse_usage(value: &[u8]) -> Option<(Option<&[u8]>, Values)> {
    let (path, dictionary) = match value.first() {
        Some(b'/') => {
            let end = memchr::memchr2(b' ', b'\t', value).unwrap_or(value.len());
            (Some(&value[..end]), trim_ws(&value[end..]))
        }
        _ => (None, value),
    };
    let values = sfv::Parser::new(dictionary)
        .parse_dictionary_with_visitor(UsageVisitor([None; 3]))
        .ok()?;
    Some((path, values))
}

/// Collects the `train-ai` and `search` values of a dictionary as it is parsed.
struct UsageVisitor(Values);

impl<'de> DictionaryVisitor<'de> for UsageVisitor {
    type Out = Values;
    type Error = Infallible;

    fn entry(&mut self, key: &'de KeyRef) -> Result<impl EntryVisitor<'de>, Self::Error> {
        let key = match key.as_str() {
            "train-ai" => Some(PrefKey::AiTrain),
            "search" => Some(PrefKey::Search),
            _ => None,
        };
        Ok(key.map(|k| {
            // RFC 9651: a later instance of a key replaces the earlier one, whatever it is.
            let slot = &mut self.0[k.index()];
            *slot = None;
            UsageEntry(slot)
        }))
    }

    fn finish(self) -> Result<Self::Out, Self::Error> {
        Ok(self.0)
    }
}

/// The value of one known key: only the tokens `y` and `n` mean something.
struct UsageEntry<'a>(&'a mut Option<bool>);

impl<'de> EntryVisitor<'de> for UsageEntry<'_> {
    type Error = Infallible;

    fn item(self) -> Result<impl ItemVisitor<'de>, Self::Error> {
        let slot = self.0;
        Ok(move |item: BareItemFromInput<'de>| {
            if let BareItemFromInput::Token(token) = item {
                *slot = match token.as_str() {
                    "y" => Some(true),
                    "n" => Some(false),
                    _ => None,
                };
            }
            Ok::<_, Infallible>(Ignored)
        })
    }

    fn inner_list(self) -> Result<impl sfv::visitor::InnerListVisitor<'de>, Self::Error> {
        // An inner list is not a token: the key keeps no preference.
        Ok(Ignored)
    }
}

fn trim_ws(mut s: &[u8]) -> &[u8] {
    while let [b' ' | b'\t', rest @ ..] = s {
        s = rest;
    }
    while let [rest @ .., b' ' | b'\t'] = s {
        s = rest;
    }
    s
}

/// A group's `Content-Usage` lines, compiled: per key, the lines that set it in precedence
/// order (see the module documentation).
#[derive(Clone, Debug, Default)]
pub(crate) struct UsageMatcher {
    keys: [GroupMatcher; 3],
}

impl UsageMatcher {
    /// Compiles the `Content-Usage` lines among `ids`.
    pub(crate) fn new(
        lines: &[PreferenceLine],
        ids: impl Iterator<Item = PrefLineId>,
        arena: &PieceArena,
    ) -> UsageMatcher {
        let mut entries: [Vec<Entry>; 3] = Default::default();
        for id in ids {
            let line = &lines[id.index()];
            let Some(pattern) = &line.pattern else {
                continue;
            };
            for (key, yes) in line.values() {
                entries[key.index()].push(Entry {
                    pattern: pattern.clone(),
                    priority: line.priority,
                    // Equal paths combine most restrictively: a no wins the tie.
                    wins_ties: !yes,
                    id: id.0,
                });
            }
        }
        UsageMatcher {
            keys: entries.map(|e| GroupMatcher::new(e, arena)),
        }
    }

    /// The line that decides `key` for a normalised path, as an entry (to compare across the
    /// parts of a merged group).
    pub(crate) fn decide<'m, S: Search>(
        &'m self,
        arena: &PieceArena,
        path: &[u8],
        key: PrefKey,
        search: &mut S,
    ) -> Option<&'m Entry> {
        self.keys[key.index()].decide(arena, path, search)
    }
}

/// The answer a `Content-Usage` entry gives.
pub(crate) fn answer(entry: &Entry) -> Preference {
    Preference {
        yes: !entry.wins_ties,
        line: PrefLineId(entry.id),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(train: Option<bool>, input: Option<bool>, search: Option<bool>) -> Values {
        [train, input, search]
    }

    #[test]
    fn content_signal_values() {
        let table: &[(&str, Values)] = &[
            ("search=yes, ai-train=no", v(Some(false), None, Some(true))),
            (
                "search=yes,ai-input=no,ai-train=no",
                v(Some(false), Some(false), Some(true)),
            ),
            (
                "AI-Train = No ,  Search=YES",
                v(Some(false), None, Some(true)),
            ),
            // A key given twice in a line: the most restrictive value.
            (
                "ai-train=yes, ai-train=no, ai-train=yes",
                v(Some(false), None, None),
            ),
            // Unknown keys and values, items without `=`, empty items.
            ("use=no, ai-train=maybe, search, ,,=no", v(None, None, None)),
            ("train-ai=n", v(None, None, None)),
            ("", v(None, None, None)),
        ];
        for &(value, want) in table {
            assert_eq!(parse_signal(value.as_bytes()), want, "{value:?}");
        }
    }

    #[test]
    fn content_usage_values() {
        fn ok(value: &str) -> (Option<&[u8]>, Values) {
            parse_usage(value.as_bytes()).expect(value)
        }
        assert_eq!(ok("train-ai=n"), (None, v(Some(false), None, None)));
        assert_eq!(
            ok("/news/ train-ai=n, search=y"),
            (Some(&b"/news/"[..]), v(Some(false), None, Some(true)))
        );
        assert_eq!(
            ok("/a\t  train-ai=y ,search=n"),
            (Some(&b"/a"[..]), v(Some(true), None, Some(false)))
        );
        // Parameters are ignored; the last instance of a key wins, whatever it is.
        assert_eq!(
            ok("train-ai;allow=n, train-ai=y").1,
            v(Some(true), None, None)
        );
        assert_eq!(
            ok("train-ai=y, train-ai, search=n, search=\"n\"").1,
            v(None, None, None)
        );
        // Unknown keys and values, and non-token values, set nothing.
        assert_eq!(
            ok("bots=n, train-ai=maybe, search=?0, ai-train=n").1,
            v(None, None, None)
        );
        assert_eq!(ok("train-ai=(n y)").1, v(None, None, None));
        // `;` starts parameters, not another key: only `train-ai` is set.
        assert_eq!(ok("train-ai=n;search=y").1, v(Some(false), None, None));
        assert_eq!(
            ok("/only-a-path"),
            (Some(&b"/only-a-path"[..]), v(None, None, None))
        );
        // Not an RFC 9651 dictionary: upper-case keys, `;` lists, stray text.
        for bad in [
            "Train-AI=n",
            "train-ai=n; search=y x",
            "train-ai=n,",
            "/p train-ai=n junk",
            "train-ai=\"n",
        ] {
            assert_eq!(parse_usage(bad.as_bytes()), None, "{bad:?}");
        }
    }

    #[test]
    fn vocabularies_combine_towards_yes_and_fold_towards_no() {
        let p = |yes, line| {
            Some(Preference {
                yes,
                line: PrefLineId(line),
            })
        };
        // Across vocabularies: any yes wins.
        assert_eq!(combine(p(false, 1), p(true, 5)), p(true, 5));
        assert_eq!(combine(p(true, 5), p(false, 1)), p(true, 5));
        assert_eq!(combine(p(false, 7), p(false, 3)), p(false, 3));
        assert_eq!(combine(None, p(false, 3)), p(false, 3));
        assert_eq!(combine(None, None), None);
        // Within one: no wins.
        assert_eq!(restrictive(p(true, 1), p(false, 5)), p(false, 5));
        assert_eq!(restrictive(p(true, 4), p(true, 2)), p(true, 2));
        let mut signal = [None; 3];
        fold_signal(&mut signal, &v(Some(true), None, Some(true)), PrefLineId(0));
        fold_signal(
            &mut signal,
            &v(Some(false), Some(true), None),
            PrefLineId(1),
        );
        assert_eq!(signal, [p(false, 1), p(true, 1), p(true, 0)]);
    }
}
