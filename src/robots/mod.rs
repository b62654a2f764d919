//! The robots.txt engine: parse a robots.txt body once, then answer "may this crawler fetch
//! this path?" for as many requests as needed.
//!
//! This is the `robots` stage of the pipeline. It takes the bytes of a robots.txt file and a
//! [`Dialect`] (whose parser and matcher the crawler follows: Google's reference behaviour,
//! which is RFC 9309 plus Google's documented extras, or Yandex's), and gives a compiled
//! [`RobotsTxt`]: merged groups ([`Group`]), rules ([`Rule`]), AI usage preferences
//! ([`PreferenceLine`]), sitemaps, Yandex extensions and parse warnings. Queries
//! ([`RobotsTxt::group_for`], [`RobotsTxt::check`], [`RobotsTxt::preference`]) never parse
//! again and do not allocate (but for a per-thread scratch buffer that the first checks
//! against a large group with wildcard rules grow). A check's work is bounded by the path's
//! length and the rules that can match it, not by the number of rules (see `index.rs`); so
//! is a preference query's.
//!
//! It does no I/O and imports nothing else from this crate: fetching the file, turning a
//! User-Agent header into robots.txt tokens and deciding what a verdict means for a report
//! are other stages' jobs. The rules it implements are in `docs/robots-txt.md`, and for
//! `Content-Signal` and `Content-Usage` lines in `docs/preferences.md`; each rule's source is
//! cited where it is implemented.
//!
//! ```
//! use robots_audit::robots::{Agent, Dialect, RobotsTxt};
//!
//! let robots = RobotsTxt::parse(
//!     b"User-agent: *\nDisallow: /private/\n\nUser-agent: Googlebot\nDisallow: /nogoogle\n",
//!     Dialect::Google,
//! );
//! let googlebot = robots.group_for(&Agent { tokens: &["googlebot"], obeys_star: true });
//! assert!(!robots.check(googlebot, b"/nogoogle/x").allowed);
//! assert!(robots.check(googlebot, b"/private/").allowed); // the `*` group is not used
//! ```

#![warn(missing_docs)]

mod index;
mod parse;
mod pattern;
mod prefs;
mod yandex;

use std::fmt;
use std::str::FromStr;

use index::{Entry, GroupMatcher};
use pattern::{Counted, Fast, Pattern, PieceArena, Search};
pub use pattern::{normalize_target, question_error};
use prefs::UsageMatcher;
pub use prefs::{PrefKey, PrefLineId, Preference, PreferenceLine, Preferences, Vocabulary};

/// Which crawler family's parsing and matching rules to apply (docs/robots-txt.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dialect {
    /// RFC 9309 as Google's open-source reference implements it; used for every crawler that
    /// is not Yandex's.
    Google,
    /// Yandex's current parser: exact keys, Yandex robot families, length-without-`*`
    /// precedence, empty `Allow:` ignored, 500 KB / 10,000 rules / 10 KB per rule.
    Yandex,
    /// Yandex as documented in 2013: like [`Dialect::Yandex`] but an empty `Allow:` means
    /// `Disallow: /` and files over 32 KB allow everything.
    YandexLegacy,
}

impl Dialect {
    /// The dialect's name: `"google"`, `"yandex"` or `"yandex-legacy"`.
    ///
    /// ```
    /// use robots_audit::robots::Dialect;
    /// assert_eq!(Dialect::YandexLegacy.name(), "yandex-legacy");
    /// assert_eq!("yandex".parse::<Dialect>(), Ok(Dialect::Yandex));
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Dialect::Google => "google",
            Dialect::Yandex => "yandex",
            Dialect::YandexLegacy => "yandex-legacy",
        }
    }

    fn is_yandex(self) -> bool {
        matches!(self, Dialect::Yandex | Dialect::YandexLegacy)
    }
}

impl fmt::Display for Dialect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of parsing a [`Dialect`] from a string that is not one of its names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseDialectError {
    /// The string that was given.
    pub input: String,
}

impl fmt::Display for ParseDialectError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown robots.txt dialect {:?} (expected google, yandex or yandex-legacy)",
            self.input
        )
    }
}

impl std::error::Error for ParseDialectError {}

impl FromStr for Dialect {
    type Err = ParseDialectError;

    /// Parses `google`, `yandex` or `yandex-legacy` (ASCII case-insensitive).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        [Dialect::Google, Dialect::Yandex, Dialect::YandexLegacy]
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| ParseDialectError {
                input: s.to_owned(),
            })
    }
}

/// A crawler, as the engine sees it when choosing a group
/// (docs/robots-txt.md, "Choosing the group"; docs/identification.md, "robots.txt tokens").
#[derive(Clone, Copy, Debug)]
pub struct Agent<'a> {
    /// google: the crawler's robots.txt product tokens, most specific first
    /// (`["googlebot-image", "googlebot"]`). yandex: `tokens[0]` is the Yandex robot's name
    /// (`"YandexImages"`, optionally with its version, `"YandexMetrika/2.0"`).
    pub tokens: &'a [&'a str],
    /// Whether the crawler follows the `*` group when no group names it (AdsBot-Google, for
    /// one, does not).
    pub obeys_star: bool,
}

/// Index of a merged group in a [`RobotsTxt`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GroupId(u32);

impl GroupId {
    /// The group's position in [`RobotsTxt::groups`].
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Index of a rule (one allow/disallow line) in a [`RobotsTxt`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RuleId(u32);

impl RuleId {
    /// The rule's position in [`RobotsTxt::rules`] (file order).
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The answer for one path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// Whether the crawler may fetch the path.
    pub allowed: bool,
    /// The line that decided, or `None` when no rule matched (and for `/robots.txt`).
    pub rule: Option<RuleId>,
}

impl Verdict {
    const ALLOWED: Verdict = Verdict {
        allowed: true,
        rule: None,
    };
}

/// Allow or disallow, as a rule line is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RuleKind {
    /// An `allow:` line.
    Allow,
    /// A `disallow:` line (or one of its accepted spellings).
    Disallow,
}

impl RuleKind {
    fn label(self) -> &'static str {
        match self {
            RuleKind::Allow => "Allow",
            RuleKind::Disallow => "Disallow",
        }
    }
}

/// One allow/disallow line of the file.
#[derive(Clone, Debug)]
pub struct Rule {
    /// The kind as written (for yandex's empty `Disallow:`, which means `Allow: /`, this is
    /// still `Disallow`; see [`Rule::effective_kind`]).
    pub kind: RuleKind,
    /// The value as written (lossy UTF-8), comment and surrounding whitespace removed.
    pub value: String,
    /// 1-based line number.
    pub line: u32,
    effective: RuleKind,
    /// The normalised pattern the matcher uses (empty: the rule never decides).
    pattern: Vec<u8>,
    /// The pattern's precedence length in the dialect (google: bytes of `pattern`; yandex:
    /// bytes without `*` and trailing `$`).
    priority: u32,
    compiled: Option<Pattern>,
    /// Google's `index.htm` rule: the derived `…/$` pattern and its precedence length.
    index_alias: Option<(Pattern, u32)>,
}

impl Rule {
    /// The line as a human would write it, e.g. `Disallow: /private/`.
    ///
    /// ```
    /// use robots_audit::robots::{Dialect, RobotsTxt};
    /// let robots = RobotsTxt::parse(b"User-agent: *\nDisallow: /private/ # no\n", Dialect::Google);
    /// assert_eq!(robots.rules()[0].display(), "Disallow: /private/");
    /// // Bytes that are not UTF-8 are shown as `%XX`: the bytes the rule matches.
    /// let latin1 = RobotsTxt::parse(b"User-agent: B\xf6t\nDisallow: /caf\xe9/\n", Dialect::Google);
    /// assert_eq!(latin1.rules()[0].display(), "Disallow: /caf%E9/");
    /// assert_eq!(latin1.groups().next().unwrap().agents, ["B%F6t"]);
    /// ```
    pub fn display(&self) -> String {
        if self.value.is_empty() {
            format!("{}:", self.kind.label())
        } else {
            format!("{}: {}", self.kind.label(), self.value)
        }
    }

    /// What the rule does when it decides: differs from [`Rule::kind`] only for yandex's
    /// empty values (`Disallow:` allows everything; legacy `Allow:` disallows everything).
    pub fn effective_kind(&self) -> RuleKind {
        self.effective
    }

    /// The normalised pattern the matcher uses (`%xx` upper-cased, bytes >= 0x80 encoded);
    /// empty when the rule never decides anything.
    pub fn pattern(&self) -> &[u8] {
        &self.pattern
    }
}

/// A `Crawl-delay` value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CrawlDelay {
    /// The delay in milliseconds (decimal seconds, fraction truncated to milliseconds).
    pub millis: u64,
    /// 1-based line number.
    pub line: u32,
}

impl CrawlDelay {
    /// The directive as it would be written, e.g. `Crawl-delay: 10` or `Crawl-delay: 0.5`.
    ///
    /// ```
    /// use robots_audit::robots::CrawlDelay;
    /// assert_eq!(CrawlDelay { millis: 10_000, line: 1 }.display(), "Crawl-delay: 10");
    /// assert_eq!(CrawlDelay { millis: 500, line: 1 }.display(), "Crawl-delay: 0.5");
    /// ```
    pub fn display(&self) -> String {
        let secs = self.millis / 1000;
        let frac = self.millis % 1000;
        if frac == 0 {
            format!("Crawl-delay: {secs}")
        } else {
            let frac = format!("{frac:03}");
            format!("Crawl-delay: {secs}.{}", frac.trim_end_matches('0'))
        }
    }
}

/// A merged group: every group of the file that names the same agents
/// (docs/robots-txt.md, "Choosing the group").
#[derive(Clone, Debug)]
pub struct Group {
    /// The user-agent values as written, first occurrence first; `*` for the global group.
    pub agents: Vec<String>,
    /// Line of the first user-agent line.
    pub line: u32,
    /// The first `Crawl-delay` of the group (parsed in every dialect; google's matcher
    /// ignores it).
    pub crawl_delay: Option<CrawlDelay>,
    /// The rules of each merged part: consecutive rule ids `start..end`.
    rule_ranges: Vec<(u32, u32)>,
    global: bool,
    matcher: MatcherRef,
    /// The preference lines of each merged part: consecutive ids `start..end`.
    pref_ranges: Vec<(u32, u32)>,
    /// Its `Content-Signal` lines folded per key (they cover the whole group).
    signal: [Option<Preference>; 3],
    /// The matcher(s) of its `Content-Usage` lines, in `RobotsTxt::usage_matchers`.
    usage: Option<MatcherRef>,
}

/// Which compiled matcher(s) answer for a group.
#[derive(Clone, Debug)]
enum MatcherRef {
    /// One matcher holds all the group's rules.
    One(u32),
    /// The group merges several parts, each with its own matcher; the best answer wins.
    Parts(Vec<u32>),
}

impl Group {
    /// The agents joined with `", "`.
    pub fn name(&self) -> String {
        self.agents.join(", ")
    }

    /// Whether this is the merged `*` group.
    pub fn is_global(&self) -> bool {
        self.global
    }

    /// The group's allow/disallow rules in file order (empty values included).
    pub fn rules(&self) -> impl Iterator<Item = RuleId> + '_ {
        self.rule_ranges
            .iter()
            .flat_map(|&(start, end)| (start..end).map(RuleId))
    }

    /// The group's `Content-Signal` and `Content-Usage` lines that set a preference, in file
    /// order (see [`RobotsTxt::preference_line`]).
    pub fn preference_lines(&self) -> impl Iterator<Item = PrefLineId> + '_ {
        self.pref_ranges
            .iter()
            .flat_map(|&(start, end)| (start..end).map(PrefLineId))
    }

    /// Whether the group has any preference line: when it has none, every
    /// [`RobotsTxt::preferences`] under it is empty.
    pub fn has_preferences(&self) -> bool {
        !self.pref_ranges.is_empty()
    }
}

/// A parse warning: something in the file that was ignored, or accepted although not
/// written as RFC 9309 says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    /// 1-based line number (0 for the file as a whole).
    pub line: u32,
    /// What happened.
    pub message: String,
}

/// A Yandex `Clean-param` directive (docs/robots-txt.md, "Other records").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CleanParam {
    /// The parameter names, in order.
    pub params: Vec<String>,
    /// The path prefix as written (may use `*`; implicit trailing `*`); empty = every path.
    pub path_prefix: String,
    /// 1-based line number.
    pub line: u32,
}

impl CleanParam {
    /// Whether the directive applies to `path` (a normalised path+query): the prefix is
    /// matched like a rule pattern, anchored at the start, case-sensitively.
    ///
    /// ```
    /// use robots_audit::robots::{Dialect, RobotsTxt};
    /// let robots = RobotsTxt::parse(b"Clean-param: s&ref /forum*/showthread.php\n", Dialect::Yandex);
    /// let cp = &robots.clean_params()[0];
    /// assert_eq!(cp.params, ["s", "ref"]);
    /// assert!(cp.applies_to(b"/forum_old/showthread.php?s=1"));
    /// assert!(!cp.applies_to(b"/forum_old/index.php?s=1"));
    /// ```
    pub fn applies_to(&self, path: &[u8]) -> bool {
        pattern::glob_prefix_match(self.path_prefix.as_bytes(), path)
    }
}

/// A compiled robots.txt: parse once, answer many queries without re-parsing.
#[derive(Clone, Debug)]
pub struct RobotsTxt {
    dialect: Dialect,
    groups: Vec<Group>,
    matchers: Vec<GroupMatcher>,
    rules: Vec<Rule>,
    arena: PieceArena,
    global: Option<GroupId>,
    /// Lower-cased agent keys of the non-global groups, sorted: google, the product token,
    /// plus the whole token where that has other bytes (the two kinds never collide: see
    /// [`parse`]'s `google_whole_token`); yandex, the whole value.
    keys: Vec<(Box<str>, GroupId)>,
    /// The names the user-agent values give clients outside the registry, sorted
    /// ([`RobotsTxt::names_client`]).
    client_names: Vec<Box<str>>,
    sitemaps: Vec<String>,
    warnings: Vec<Warning>,
    host: Option<String>,
    clean_params: Vec<CleanParam>,
    parsed_bytes: usize,
    /// Every `Content-Signal` and `Content-Usage` line that belongs to a group and sets a
    /// preference, in file order.
    pref_lines: Vec<PreferenceLine>,
    usage_matchers: Vec<UsageMatcher>,
}

impl RobotsTxt {
    /// Parses a robots.txt body in a dialect. Never fails: whatever is not a valid line is
    /// ignored (and reported in [`RobotsTxt::warnings`]).
    ///
    /// ```
    /// use robots_audit::robots::{Agent, Dialect, RobotsTxt};
    ///
    /// let body = b"User-agent: FooBot\nDisallow: /\nAllow: /public/\n";
    /// let robots = RobotsTxt::parse(body, Dialect::Google);
    /// let group = robots.group_for(&Agent { tokens: &["foobot"], obeys_star: true });
    /// let verdict = robots.check(group, b"/private");
    /// assert!(!verdict.allowed);
    /// let rule = verdict.rule.expect("a rule decided");
    /// assert_eq!(robots.rule(rule).display(), "Disallow: /");
    /// assert!(robots.check(group, b"/public/page").allowed);
    /// ```
    pub fn parse(body: &[u8], dialect: Dialect) -> RobotsTxt {
        parse::parse(body, dialect)
    }

    /// The dialect the file was parsed in.
    pub fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// The group that applies to a crawler (docs/robots-txt.md, "Choosing the group"), or `None`
    /// when no group applies (everything is allowed).
    ///
    /// google: each of `agent.tokens` in turn is compared with the groups' user-agent
    /// values, case-insensitively; the first token that some group names wins; else the
    /// merged `*` group if `agent.obeys_star`; else `None`. How a token is compared depends
    /// on the token (docs/robots-txt.md, "google dialect: product tokens and whole tokens"):
    /// - a token of letters, `_` and `-` only (`googlebot-image`) is compared exactly with
    ///   each value's product token, its longest prefix of `[A-Za-z_-]`, as Google's
    ///   reference does (`Googlebot/2.1` names `googlebot`; `Bot2000` names `bot`);
    /// - any other token (`mj12bot`, `360spider`, `archive.org_bot`) is compared exactly with
    ///   each value's whole token, the value up to its first whitespace or `/`
    ///   (`MJ12bot/1.5` names `mj12bot`; `Bot2000` does not name `bot2000x`).
    ///
    /// yandex: `tokens[0]` is a Yandex robot's name; a group applies when its value
    /// (lower-cased) starts with the robot's required prefix and is a prefix of the robot's
    /// full name, and the longest such value wins (so `YandexBot` hides `Yandex`, and
    /// `Yandex` hides `*`). A name that is not a known Yandex robot is compared exactly with
    /// the whole user-agent values. Yandex's parser never cuts a value to a product token
    /// (`YandexMetrika/2.0` keeps its version), so the whole-token rule of docs/robots-txt.md needs
    /// nothing more in this dialect.
    ///
    /// ```
    /// use robots_audit::robots::{Agent, Dialect, RobotsTxt};
    /// let robots = RobotsTxt::parse(
    ///     b"User-agent: *\nCrawl-delay: 5\n\nUser-agent: MJ12bot\nDisallow: /\n",
    ///     Dialect::Google,
    /// );
    /// let mj12bot = robots.group_for(&Agent { tokens: &["mj12bot"], obeys_star: true });
    /// assert_eq!(mj12bot.map(|g| robots.group(g).name()).as_deref(), Some("MJ12bot"));
    /// assert!(!robots.check(mj12bot, b"/page").allowed);
    /// let other = robots.group_for(&Agent { tokens: &["mj12botx"], obeys_star: true });
    /// assert_eq!(other, robots.global_group());
    ///
    /// let robots = RobotsTxt::parse(
    ///     b"User-agent: YandexBot\nDisallow: /a\n\nUser-agent: Yandex\nDisallow: /b\n\nUser-agent: *\nDisallow: /c\n",
    ///     Dialect::Yandex,
    /// );
    /// let name = |id| robots.group(id).name();
    /// let group = |robot| robots.group_for(&Agent { tokens: &[robot], obeys_star: true });
    /// assert_eq!(group("YandexBot").map(name).as_deref(), Some("YandexBot"));
    /// assert_eq!(group("YandexImages").map(name).as_deref(), Some("Yandex")); // `Yandex` covers it
    /// assert_eq!(group("YandexDirect").map(name).as_deref(), Some("*")); // `Yandex` does not
    /// ```
    pub fn group_for(&self, agent: &Agent<'_>) -> Option<GroupId> {
        if self.dialect.is_yandex()
            && let Some(robot) = agent.tokens.first().and_then(|t| yandex::robot(t))
        {
            let best = self
                .keys
                .iter()
                .filter(|(key, _)| robot.selected_by(key))
                .max_by_key(|(key, _)| key.len());
            if let Some(&(_, id)) = best {
                return Some(id);
            }
            return self.global.filter(|_| agent.obeys_star);
        }
        for token in agent.tokens {
            if let Some(id) = self.lookup(token) {
                return Some(id);
            }
        }
        self.global.filter(|_| agent.obeys_star)
    }

    fn lookup(&self, token: &str) -> Option<GroupId> {
        if token.is_empty() {
            return None;
        }
        self.keys
            .binary_search_by(|(key, _)| cmp_ignore_ascii_case(key, token))
            .ok()
            .map(|i| self.keys[i].1)
    }

    /// The verdict for a normalised path+query (see [`normalize_target`]) under a group
    /// (`None`: no group applies, everything is allowed). Does not allocate (see the module
    /// documentation for the one exception).
    ///
    /// `/robots.txt` itself is always allowed (RFC 9309 §2.2.2, "the /robots.txt URI is
    /// implicitly allowed"): any path that is exactly `/robots.txt`, with or without a query,
    /// since a query does not make it a different file to the server that answers it.
    ///
    /// google: the matching rule with the longest pattern decides, allow on a tie; yandex:
    /// the longest not counting `*` and a trailing `$`, allow on a tie.
    ///
    /// ```
    /// use robots_audit::robots::{Agent, Dialect, RobotsTxt};
    /// let robots = RobotsTxt::parse(b"User-agent: *\nDisallow: /\nAllow: /$\n", Dialect::Google);
    /// let all = robots.group_for(&Agent { tokens: &["anybot"], obeys_star: true });
    /// assert!(robots.check(all, b"/").allowed);
    /// assert!(!robots.check(all, b"/page.html").allowed);
    /// assert!(robots.check(all, b"/robots.txt").allowed);
    /// assert!(robots.check(None, b"/page.html").allowed);
    /// ```
    pub fn check(&self, group: Option<GroupId>, path: &[u8]) -> Verdict {
        self.check_with::<_, false>(group, path, &mut Fast)
    }

    /// [`RobotsTxt::check`] counting its work: index lookups, automaton steps and the byte
    /// comparisons of the glob matcher (which searches by plain comparison here, see
    /// [`pattern_match_counted`]). For tests that bound the work of a check.
    #[doc(hidden)]
    pub fn check_counted(&self, group: Option<GroupId>, path: &[u8]) -> (Verdict, u64) {
        let mut counted = Counted(0);
        let verdict = self.check_with::<_, false>(group, path, &mut counted);
        (verdict, counted.0)
    }

    /// [`RobotsTxt::check`] without the rule index: every rule of the group in precedence
    /// order until one matches. The reference the index is tested against.
    #[doc(hidden)]
    pub fn check_unindexed(&self, group: Option<GroupId>, path: &[u8]) -> Verdict {
        self.check_with::<_, true>(group, path, &mut Fast)
    }

    /// The check, with the substring search of `search`; `UNINDEXED`: without the index.
    fn check_with<S: Search, const UNINDEXED: bool>(
        &self,
        group: Option<GroupId>,
        path: &[u8],
        search: &mut S,
    ) -> Verdict {
        // RFC 9309 §2.2.2: the /robots.txt URI is implicitly allowed.
        if is_robots_txt(path) {
            return Verdict::ALLOWED;
        }
        let Some(group) = group else {
            return Verdict::ALLOWED;
        };
        let best = match &self.groups[group.index()].matcher {
            MatcherRef::One(m) => self.decide::<S, UNINDEXED>(*m, path, search),
            MatcherRef::Parts(parts) => {
                let mut best: Option<&Entry> = None;
                for &m in parts {
                    if let Some(e) = self.decide::<S, UNINDEXED>(m, path, search)
                        && best.is_none_or(|b| e.precedes(b))
                    {
                        best = Some(e);
                    }
                }
                best
            }
        };
        match best {
            Some(entry) => Verdict {
                allowed: entry.wins_ties,
                rule: Some(RuleId(entry.id)),
            },
            None => Verdict::ALLOWED,
        }
    }

    /// The entry of matcher `m` that decides for `path`.
    #[inline]
    fn decide<S: Search, const UNINDEXED: bool>(
        &self,
        m: u32,
        path: &[u8],
        search: &mut S,
    ) -> Option<&Entry> {
        let m = &self.matchers[m as usize];
        if UNINDEXED {
            m.decide_unindexed(&self.arena, path, search)
        } else {
            m.decide(&self.arena, path, search)
        }
    }

    /// The answer for one preference key on a normalised path (see [`normalize_target`])
    /// under a group (`None`: no group applies, so no preference does), both vocabularies
    /// combined as [`Preferences::get`] combines them (docs/preferences.md, "Combining the two
    /// vocabularies"). Costs what a
    /// [`RobotsTxt::check`] costs, for that key's lines only, and allocates nothing: the call
    /// for the audit's hot path, where a crawler's category tells which key it can conflict
    /// with.
    ///
    /// Preferences never change whether a path may be fetched, and this does not ask: a
    /// caller asks only for what [`RobotsTxt::check`] allowed (a preference is attached to
    /// what may be crawled). `/robots.txt` itself has no preferences: reading the rules is
    /// not a use of the site's content.
    ///
    /// ```
    /// use robots_audit::robots::{Agent, Dialect, PrefKey, RobotsTxt};
    /// let robots = RobotsTxt::parse(
    ///     b"User-agent: *\nContent-Signal: search=yes, ai-train=no\nContent-Usage: /open/ train-ai=y\n",
    ///     Dialect::Google,
    /// );
    /// let group = robots.group_for(&Agent { tokens: &["claudebot"], obeys_star: true });
    /// let no = robots.preference(group, b"/blog/1", PrefKey::AiTrain).expect("set");
    /// assert!(!no.yes);
    /// let line = robots.preference_line(no.line);
    /// assert_eq!((line.line, line.text.as_str()), (2, "Content-Signal: search=yes, ai-train=no"));
    /// // Under `/open/`, Content-Usage says yes: a yes in either vocabulary wins.
    /// assert!(robots.preference(group, b"/open/x", PrefKey::AiTrain).expect("set").yes);
    /// assert_eq!(robots.preference(group, b"/blog/1", PrefKey::AiInput), None);
    /// ```
    pub fn preference(
        &self,
        group: Option<GroupId>,
        path: &[u8],
        key: PrefKey,
    ) -> Option<Preference> {
        self.preference_with(group, path, key, &mut Fast)
    }

    /// [`RobotsTxt::preference`] counting its work as [`RobotsTxt::check_counted`] does. For
    /// tests that bound the work of a query.
    #[doc(hidden)]
    pub fn preference_counted(
        &self,
        group: Option<GroupId>,
        path: &[u8],
        key: PrefKey,
    ) -> (Option<Preference>, u64) {
        let mut counted = Counted(0);
        let answer = self.preference_with(group, path, key, &mut counted);
        (answer, counted.0)
    }

    fn preference_with<S: Search>(
        &self,
        group: Option<GroupId>,
        path: &[u8],
        key: PrefKey,
        search: &mut S,
    ) -> Option<Preference> {
        let group = &self.groups[group?.index()];
        if group.pref_ranges.is_empty() || is_robots_txt(path) {
            return None;
        }
        let usage = self.usage(group, path, key, search);
        prefs::combine(group.signal[key.index()], usage)
    }

    /// Every key's answer on a normalised path under a group, per vocabulary and combined
    /// (see [`RobotsTxt::preference`], which answers for one key). Allocates nothing.
    ///
    /// ```
    /// use robots_audit::robots::{Dialect, PrefKey, RobotsTxt, Vocabulary};
    /// let robots = RobotsTxt::parse(
    ///     b"User-agent: *\nContent-Usage: train-ai=n, search=y\nContent-Usage: /news/ train-ai=y\n",
    ///     Dialect::Google,
    /// );
    /// let all = robots.global_group();
    /// let prefs = robots.preferences(all, b"/news/today");
    /// let shown: Vec<String> = prefs
    ///     .iter()
    ///     .map(|(key, p)| format!("{}={} (line {})", key.name(), p.value_name(), robots.preference_line(p.line).line))
    ///     .collect();
    /// assert_eq!(shown, ["ai-train=yes (line 3)", "search=yes (line 2)"]);
    /// assert_eq!(prefs.of(Vocabulary::ContentSignal, PrefKey::Search), None);
    /// assert_eq!(robots.preferences(all, b"/blog").no(PrefKey::AiTrain).map(|id| id.index()), Some(0));
    /// ```
    pub fn preferences(&self, group: Option<GroupId>, path: &[u8]) -> Preferences {
        let mut out = Preferences::default();
        let Some(group) = group.map(|g| &self.groups[g.index()]) else {
            return out;
        };
        if group.pref_ranges.is_empty() || is_robots_txt(path) {
            return out;
        }
        out.signal = group.signal;
        for key in PrefKey::ALL {
            out.usage[key.index()] = self.usage(group, path, key, &mut Fast);
        }
        out
    }

    /// The `Content-Usage` answer for `key` under a group: its longest matching path, a no
    /// on a tie, path-less lines last (docs/preferences.md, "One vocabulary's answer for a
    /// path").
    fn usage<S: Search>(
        &self,
        group: &Group,
        path: &[u8],
        key: PrefKey,
        search: &mut S,
    ) -> Option<Preference> {
        let mut decide =
            |m: u32| self.usage_matchers[m as usize].decide(&self.arena, path, key, search);
        let best = match group.usage.as_ref()? {
            MatcherRef::One(m) => decide(*m),
            MatcherRef::Parts(parts) => {
                let mut best: Option<&Entry> = None;
                for &m in parts {
                    if let Some(e) = decide(m)
                        && best.is_none_or(|b| e.precedes(b))
                    {
                        best = Some(e);
                    }
                }
                best
            }
        };
        best.map(prefs::answer)
    }

    /// [`RobotsTxt::preferences`] combined, with the deciding lines' texts: owned, for
    /// showing. Like [`RobotsTxt::preferences`], it does not ask whether the path may be
    /// fetched ([`RobotsTxt::judge`] does).
    pub fn deciding_preferences(
        &self,
        group: Option<GroupId>,
        path: &[u8],
    ) -> Vec<DecidingPreference> {
        self.preferences(group, path)
            .iter()
            .map(|(key, p)| {
                let line = self.preference_line(p.line);
                DecidingPreference {
                    key,
                    yes: p.yes,
                    text: line.text.clone(),
                    line: line.line,
                }
            })
            .collect()
    }

    /// A preference line by id.
    pub fn preference_line(&self, id: PrefLineId) -> &PreferenceLine {
        &self.pref_lines[id.index()]
    }

    /// Every `Content-Signal` and `Content-Usage` line that belongs to a group and sets a
    /// preference, in file order.
    pub fn preference_lines(&self) -> &[PreferenceLine] {
        &self.pref_lines
    }

    /// A group by id.
    pub fn group(&self, id: GroupId) -> &Group {
        &self.groups[id.index()]
    }

    /// A rule by id.
    pub fn rule(&self, id: RuleId) -> &Rule {
        &self.rules[id.index()]
    }

    /// Every allow/disallow line that belongs to a group, in file order.
    pub fn rules(&self) -> &[Rule] {
        &self.rules
    }

    /// The merged groups, in file order (by their first user-agent line).
    pub fn groups(&self) -> impl Iterator<Item = &Group> {
        self.groups.iter()
    }

    /// The ids of [`RobotsTxt::groups`], in the same order.
    pub fn group_ids(&self) -> impl Iterator<Item = GroupId> + use<> {
        (0..self.groups.len() as u32).map(GroupId)
    }

    /// The id of the merged `*` group, if the file has one.
    pub fn global_group(&self) -> Option<GroupId> {
        self.global
    }

    /// True when some group (not `*`) names this token, compared as in
    /// [`RobotsTxt::group_for`] (ASCII case-insensitive; whole tokens for tokens with digits
    /// or dots).
    ///
    /// ```
    /// use robots_audit::robots::{Dialect, RobotsTxt};
    /// let robots = RobotsTxt::parse(b"User-agent: MyBot/1.0\nDisallow: /\n", Dialect::Google);
    /// assert!(robots.names_agent("mybot"));
    /// assert!(!robots.names_agent("bot"));
    /// let robots = RobotsTxt::parse(b"User-agent: 360Spider\nDisallow: /\n", Dialect::Google);
    /// assert!(robots.names_agent("360spider"));
    /// assert!(!robots.names_agent("360"));
    /// ```
    pub fn names_agent(&self, token: &str) -> bool {
        self.lookup(token).is_some()
    }

    /// True when some user-agent line names a client outside the crawler registry by this
    /// token (docs/identification.md, "Clients a group names"): its value, one word without
    /// a `/version`, equals the token ignoring ASCII case. Stricter than
    /// [`RobotsTxt::names_agent`], which reads a value as a crawler does (Google's product
    /// token: `k2spider` names `k`): a client the file names becomes a crawler, so the name
    /// must be the one the site wrote, not a prefix of it.
    ///
    /// ```
    /// use robots_audit::robots::{Dialect, RobotsTxt};
    /// let body = b"User-agent: k2spider\nUser-agent: python-requests/2.31\nDisallow: /\n";
    /// let robots = RobotsTxt::parse(body, Dialect::Google);
    /// assert!(robots.names_client("K2Spider") && robots.names_client("python-requests"));
    /// assert!(robots.names_agent("k") && !robots.names_client("k"));
    /// let robots = RobotsTxt::parse(b"User-agent: GSA Index Warmer\nDisallow: /\n", Dialect::Google);
    /// assert!(!robots.names_client("gsa"));
    /// ```
    pub fn names_client(&self, token: &str) -> bool {
        self.client_names
            .binary_search_by(|name| cmp_ignore_ascii_case(name, token))
            .is_ok()
    }

    /// The `Sitemap:` values, in file order.
    pub fn sitemaps(&self) -> &[String] {
        &self.sitemaps
    }

    /// What was ignored or tolerated, with line numbers.
    pub fn warnings(&self) -> &[Warning] {
        &self.warnings
    }

    /// The first valid Yandex `Host:` directive (docs/robots-txt.md, "Other records").
    pub fn host(&self) -> Option<&str> {
        self.host.as_deref()
    }

    /// The Yandex `Clean-param:` directives, in file order (docs/robots-txt.md, "Other records").
    pub fn clean_params(&self) -> &[CleanParam] {
        &self.clean_params
    }

    /// How many bytes of the body were parsed: the whole body unless it was over the
    /// dialect's size limit (google: the first 512,000 bytes; yandex: none, the file allows
    /// everything).
    pub fn parsed_bytes(&self) -> usize {
        self.parsed_bytes
    }
}

impl RobotsTxt {
    /// The verdict for a raw request target (a URL, or a path and query as a log writes it)
    /// with what a caller shows for it: [`RobotsTxt::group_for`], [`normalize_target`] and
    /// [`RobotsTxt::check`] in one call, the answer owned.
    ///
    /// ```
    /// use robots_audit::robots::{Agent, Dialect, RobotsTxt};
    /// let robots = RobotsTxt::parse(b"User-agent: *\nDisallow: /private/\n", Dialect::Google);
    /// let anybot = Agent { tokens: &["anybot"], obeys_star: true };
    /// assert!(!robots.judge(&anybot, b"https://example.com/private/x").allowed);
    /// assert!(robots.judge(&anybot, b"/public/").allowed);
    /// ```
    pub fn judge(&self, agent: &Agent<'_>, target: &[u8]) -> Judgement {
        let group = self.group_for(agent);
        let mut path = Vec::new();
        normalize_target(target, &mut path);
        let verdict = self.check(group, &path);
        let preferences = if verdict.allowed {
            self.deciding_preferences(group, &path)
        } else {
            Vec::new()
        };
        Judgement {
            allowed: verdict.allowed,
            group: group.map(|g| self.group(g).name()),
            rule: verdict.rule.map(|id| {
                let rule = self.rule(id);
                DecidingRule {
                    text: rule.display(),
                    line: rule.line,
                }
            }),
            preferences,
        }
    }
}

/// The answer of [`judge`] and [`RobotsTxt::judge`]: a [`Verdict`] with the texts a caller
/// shows in place of its ids (which mean nothing once the parsed file is gone).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judgement {
    /// Whether the crawler may fetch the target.
    pub allowed: bool,
    /// The user-agent value(s) of the group that applied, as [`Group::name`] gives them
    /// (`*` for the global group); `None` when no group applies (everything is allowed).
    pub group: Option<String>,
    /// The line that decided; `None` when no rule matched, and for `/robots.txt`.
    pub rule: Option<DecidingRule>,
    /// The usage preferences in force for the target, both vocabularies combined
    /// ([`RobotsTxt::preferences`]), in [`PrefKey::ALL`] order; empty when the target is
    /// disallowed (preferences are attached only to what may be fetched).
    pub preferences: Vec<DecidingPreference>,
}

/// One usage preference in force for a [`Judgement`]'s target, with the line that decided it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DecidingPreference {
    /// The key (`train-ai` is [`PrefKey::AiTrain`]).
    pub key: PrefKey,
    /// `true` for yes, `false` for no.
    pub yes: bool,
    /// The deciding line as written ([`PreferenceLine::text`]).
    pub text: String,
    /// Its 1-based line number in the file.
    pub line: u32,
}

impl DecidingPreference {
    /// `key=value` as reports write it, e.g. `ai-train=no`.
    pub fn setting(&self) -> String {
        format!(
            "{}={}",
            self.key.name(),
            if self.yes { "yes" } else { "no" }
        )
    }
}

/// The allow/disallow line that decided a [`Judgement`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DecidingRule {
    /// The line as [`Rule::display`] writes it, e.g. `Disallow: /private/`.
    pub text: String,
    /// Its 1-based line number in the file.
    pub line: u32,
}

/// One call for simple users: parse `body` in `dialect`, choose the group for `agent`
/// (docs/robots-txt.md, "Choosing the group") and judge `target` (a URL, or a path and query as a
/// log writes it: see [`normalize_target`]).
///
/// `agent` is the crawler as the engine sees it: its robots.txt product tokens, most
/// specific first (`["googlebot-image", "googlebot"]`; for the yandex dialects the Yandex
/// robot's name), and whether it follows the `*` group when no group names it. To judge
/// many targets, parse once with [`RobotsTxt::parse`] and call [`RobotsTxt::judge`] or
/// [`RobotsTxt::check`]: this function parses the body again on every call.
///
/// ```
/// use robots_audit::robots::{self, Agent, Dialect};
///
/// let body = b"User-agent: *\nDisallow: /\n\nUser-agent: FooBot\nAllow: /\nDisallow: /private/ # keep out\n";
/// let foobot = Agent { tokens: &["foobot"], obeys_star: true };
///
/// let j = robots::judge(body, Dialect::Google, &foobot, b"https://example.com/private/a?b=1");
/// assert!(!j.allowed);
/// assert_eq!(j.group.as_deref(), Some("FooBot"));
/// let rule = j.rule.expect("a rule decided");
/// assert_eq!((rule.text.as_str(), rule.line), ("Disallow: /private/", 6));
///
/// let j = robots::judge(body, Dialect::Google, &foobot, b"/about");
/// assert!(j.allowed);
/// assert_eq!(j.rule.map(|r| r.line), Some(5)); // `Allow: /`
///
/// // A crawler that no group names and that ignores `*`: no group, everything allowed.
/// let adsbot = Agent { tokens: &["adsbot-google"], obeys_star: false };
/// let j = robots::judge(body, Dialect::Google, &adsbot, b"/private/a");
/// assert_eq!((j.allowed, j.group, j.rule), (true, None, None));
///
/// // Usage preferences in force for an allowed target (docs/preferences.md).
/// let body = b"User-agent: *\nContent-Signal: search=yes, ai-train=no\n";
/// let j = robots::judge(body, Dialect::Google, &foobot, b"/blog/1");
/// let shown: Vec<(String, u32)> = j.preferences.iter().map(|p| (p.setting(), p.line)).collect();
/// assert_eq!(shown, [("ai-train=no".to_owned(), 2), ("search=yes".to_owned(), 2)]);
/// ```
pub fn judge(body: &[u8], dialect: Dialect, agent: &Agent<'_>, target: &[u8]) -> Judgement {
    RobotsTxt::parse(body, dialect).judge(agent, target)
}

/// Whether a Yandex robot follows the `*` group: `Some(false)` for the robots that Yandex's
/// own table marks as obeying only groups that select them (YaDirectFetcher, YandexDirect,
/// YandexCalendar, YandexMobileBot, YandexScreenshotBot, YandexMetrika/2.0, …),
/// `Some(true)` for the others, `None` for a name that is not a Yandex robot's. For the
/// crawler registry's [`Agent::obeys_star`].
///
/// ```
/// use robots_audit::robots::yandex_obeys_star;
/// assert_eq!(yandex_obeys_star("YandexBot"), Some(true));
/// assert_eq!(yandex_obeys_star("YaDirectFetcher"), Some(false));
/// assert_eq!(yandex_obeys_star("Googlebot"), None);
/// ```
pub fn yandex_obeys_star(name: &str) -> Option<bool> {
    yandex::robot(name).map(|r| !r.explicit_only)
}

/// Whether a normalised path (see [`normalize_target`]) is `/robots.txt`, with or without a
/// query: the file every crawler may read (RFC 9309 §2.2.2), which no rule decides and no
/// preference is attached to.
///
/// ```
/// use robots_audit::robots::is_robots_txt;
/// assert!(is_robots_txt(b"/robots.txt?x=1"));
/// assert!(!is_robots_txt(b"/a/robots.txt"));
/// ```
pub fn is_robots_txt(path: &[u8]) -> bool {
    const ROBOTS: &[u8] = b"/robots.txt";
    path.starts_with(ROBOTS) && matches!(path.get(ROBOTS.len()), None | Some(b'?'))
}

fn cmp_ignore_ascii_case(a: &str, b: &str) -> std::cmp::Ordering {
    a.bytes()
        .map(|c| c.to_ascii_lowercase())
        .cmp(b.bytes().map(|c| c.to_ascii_lowercase()))
}

/// Matches one pattern as written (normalised first, as rule values are) against a
/// normalised path, with the same matcher [`RobotsTxt::check`] uses. For tests and tools.
#[doc(hidden)]
pub fn pattern_matches(pattern: &[u8], path: &[u8]) -> bool {
    let mut normalised = Vec::new();
    pattern::escape_into(pattern, &mut normalised);
    let mut arena = PieceArena::default();
    let compiled = arena.compile(&normalised);
    arena.matches(&compiled, path)
}

/// [`pattern_matches`] with a step count: the same algorithm with a plain substring search,
/// counting byte comparisons. The count is at most `(|path| + 1) * (|pattern| + 1)`.
#[doc(hidden)]
pub fn pattern_match_counted(pattern: &[u8], path: &[u8]) -> (bool, u64) {
    let mut normalised = Vec::new();
    pattern::escape_into(pattern, &mut normalised);
    let mut arena = PieceArena::default();
    let compiled = arena.compile(&normalised);
    let mut steps = 0;
    let matched = arena.matches_counted(&compiled, path, &mut steps);
    (matched, steps)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn robots_txt_is_send_and_sync() {
        fn assert_send_sync<T: Send + Sync>() {}
        assert_send_sync::<RobotsTxt>();
    }

    #[test]
    fn dialect_names_round_trip() {
        for d in [Dialect::Google, Dialect::Yandex, Dialect::YandexLegacy] {
            assert_eq!(d.name().parse::<Dialect>(), Ok(d));
        }
        assert!("bing".parse::<Dialect>().is_err());
    }

    #[test]
    fn rfc9309_robots_txt_always_allowed() {
        assert!(is_robots_txt(b"/robots.txt"));
        assert!(is_robots_txt(b"/robots.txt?x=1"));
        assert!(!is_robots_txt(b"/robots.txt.bak"));
        assert!(!is_robots_txt(b"/a/robots.txt"));
    }

    #[test]
    fn crawl_delay_display() {
        let d = |millis| CrawlDelay { millis, line: 1 }.display();
        assert_eq!(d(4500), "Crawl-delay: 4.5");
        assert_eq!(d(1), "Crawl-delay: 0.001");
        assert_eq!(d(0), "Crawl-delay: 0");
    }
}
