//! Parsing: bytes → lines → key/value pairs → raw groups → merged, compiled groups.
//!
//! Both dialects share the line splitter and the group builder; they differ in how a line
//! becomes a key and a value, which keys exist, when a user-agent line starts a new group,
//! what a rule value must look like and how long a pattern counts for precedence.

use foldhash::{HashMap, HashSet};
use std::fmt::Write as _;

use super::index::{Entry, GroupMatcher};
use super::pattern::{self, PieceArena};
use super::prefs::{self, PrefLineId, Preference, PreferenceLine, UsageMatcher, Vocabulary};
use super::yandex;
use super::{
    CleanParam, CrawlDelay, Dialect, Group, GroupId, MatcherRef, RobotsTxt, Rule, RuleId, RuleKind,
    Warning,
};

/// RFC 9309 §2.5 / Google: parse at most 500 KiB.
const GOOGLE_PARSE_LIMIT: usize = 512_000;
/// Yandex: over 500 KB the file allows everything (`constants.h`: `robots_max = 500_KB`).
const YANDEX_SIZE_LIMIT: usize = 500 * 1024;
/// Yandex 2013 documentation: "Слишком большие robots.txt (более 32 Кб) считаются полностью
/// разрешающими".
const YANDEX_LEGACY_SIZE_LIMIT: usize = 32 * 1024;
/// Yandex: at most 10,000 rules (`max_rules_count`).
const YANDEX_MAX_RULES: usize = 10_000;
/// Yandex: at most 10 KB per rule (`max_rule_length`).
const YANDEX_MAX_RULE_LEN: usize = 10 * 1024;
/// Google robots.cc: `kMaxLineLen = 2083 * 8` bytes including the terminating NUL.
const GOOGLE_MAX_LINE: usize = 2083 * 8 - 1;
/// How many rule entries may be copied into merged groups (a merged group of several raw
/// groups is compiled as one while this lasts; beyond it, its parts are asked in turn).
const MERGED_ENTRY_BUDGET: usize = 100_000;
/// The same for the `Content-Usage` lines of merged groups.
const MERGED_USAGE_BUDGET: usize = 100_000;
/// Keep at most this many warnings (an HTML page served as robots.txt has thousands of
/// invalid lines; a report needs only the first ones).
const MAX_WARNINGS: usize = 500;

const BOM: &[u8] = b"\xEF\xBB\xBF";

/// One physical line: its 1-based number and its content (no end-of-line bytes).
struct Line<'a> {
    number: u32,
    bytes: &'a [u8],
    /// The line was longer than the dialect's cap and was cut.
    truncated: bool,
}

/// Splits a body into lines ending in LF, CR or CRLF (a last line without an end counts).
/// A NUL byte ends a line's content (Google's and Yandex's parsers work on C strings).
fn lines(body: &[u8], max_line: Option<usize>) -> impl Iterator<Item = Line<'_>> {
    let mut pos = 0;
    let mut number = 0u32;
    std::iter::from_fn(move || {
        if pos >= body.len() {
            return None;
        }
        let end = memchr::memchr2(b'\n', b'\r', &body[pos..]).map_or(body.len(), |i| pos + i);
        let mut bytes = &body[pos..end];
        pos = end;
        if pos < body.len() {
            // RFC 9309 §2.2: CR, LF or CRLF end a line.
            pos += if body[pos] == b'\r' && body.get(pos + 1) == Some(&b'\n') {
                2
            } else {
                1
            };
        }
        number = number.saturating_add(1);
        let mut truncated = false;
        if let Some(max) = max_line
            && bytes.len() > max
        {
            // Google: a line keeps at most 16,663 bytes; the rest is dropped and the
            // truncated line is still parsed.
            bytes = &bytes[..max];
            truncated = true;
        }
        if let Some(nul) = memchr::memchr(0, bytes) {
            bytes = &bytes[..nul];
        }
        Some(Line {
            number,
            bytes,
            truncated,
        })
    })
}

/// `isspace` in the C locale, as both reference parsers trim with it.
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\x0B' | b'\x0C' | b'\r')
}

fn trim(mut s: &[u8]) -> &[u8] {
    while let [first, rest @ ..] = s {
        if !is_space(*first) {
            break;
        }
        s = rest;
    }
    while let [rest @ .., last] = s {
        if !is_space(*last) {
            break;
        }
        s = rest;
    }
    s
}

fn strip_comment(line: &[u8]) -> &[u8] {
    // RFC 9309 §2.2: "#" starts a comment; Google: the first "#" anywhere, even in a value.
    match memchr::memchr(b'#', line) {
        Some(i) => &line[..i],
        None => line,
    }
}

/// Text of the file as it is shown (a rule's value, a group's name, a sitemap): its UTF-8 as
/// it is, and each byte that is not UTF-8 as `%XX`, as the reports write such bytes, so that
/// `Disallow: /caf\xE9` reads `/caf%E9`, the bytes it matches, not a `U+FFFD` that matches
/// nothing.
fn lossy(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        out.push_str(chunk.valid());
        for b in chunk.invalid() {
            // Writing to a String cannot fail.
            let _ = write!(out, "%{b:02X}");
        }
    }
    out
}

/// Google (`GetKeyAndValueFrom`): key and value of a line, or `None` if it is not a
/// `key: value` line. The separator is the first `:`; without one, whitespace separates
/// key and value only when the line has exactly two whitespace-separated words.
fn google_key_value(line: &[u8]) -> Option<(&[u8], &[u8])> {
    let line = trim(strip_comment(line));
    let (key, value) = match memchr::memchr(b':', line) {
        Some(i) => (&line[..i], &line[i + 1..]),
        None => {
            // Google-specific: some people forget the colon.
            let i = memchr::memchr2(b' ', b'\t', line)?;
            let value = trim(&line[i..]);
            if memchr::memchr2(b' ', b'\t', value).is_some() {
                return None;
            }
            (&line[..i], value)
        }
    };
    let key = trim(key);
    if key.is_empty() {
        return None;
    }
    Some((key, trim(value)))
}

/// What a line is, once its key is recognised.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Key {
    UserAgent,
    Allow,
    Disallow,
    Sitemap,
    CrawlDelay,
    Host,
    CleanParam,
    /// `Content-Signal` (or `Content-Signals`): docs/preferences.md, "The two syntaxes".
    ContentSignal,
    /// `Content-Usage`: docs/preferences.md, "The two syntaxes".
    ContentUsage,
    Unknown,
}

fn starts_with_ci(s: &[u8], prefix: &str) -> bool {
    s.len() >= prefix.len() && s[..prefix.len()].eq_ignore_ascii_case(prefix.as_bytes())
}

/// Google (`ParsedRobotsKey::Parse`): keys match case-insensitively by prefix, in the order
/// user-agent, allow, disallow, sitemap, with the frequent typos. Returns the key and
/// whether it was written other than canonically (a prefix match or a typo).
fn google_key(key: &[u8]) -> (Key, bool) {
    const CANONICAL: &[(Key, &str, &[&str])] = &[
        (Key::UserAgent, "user-agent", &["useragent", "user agent"]),
        (Key::Allow, "allow", &[]),
        (
            Key::Disallow,
            "disallow",
            &["dissallow", "dissalow", "disalow", "diasllow", "disallaw"],
        ),
        (Key::Sitemap, "sitemap", &["site-map"]),
    ];
    for &(kind, name, typos) in CANONICAL {
        if starts_with_ci(key, name) {
            return (kind, key.len() != name.len());
        }
        if typos.iter().any(|t| starts_with_ci(key, t)) {
            return (kind, true);
        }
    }
    (extension_key(key), false)
}

/// The extensions both dialects collect (exact, case-insensitive).
fn extension_key(key: &[u8]) -> Key {
    if key.eq_ignore_ascii_case(b"crawl-delay") {
        Key::CrawlDelay
    } else if key.eq_ignore_ascii_case(b"host") {
        Key::Host
    } else if key.eq_ignore_ascii_case(b"clean-param") {
        Key::CleanParam
    } else if key.eq_ignore_ascii_case(b"content-signal")
        || key.eq_ignore_ascii_case(b"content-signals")
    {
        // docs/preferences.md, "The two syntaxes": the misspelling `Content-Signals` is read
        // the same.
        Key::ContentSignal
    } else if key.eq_ignore_ascii_case(b"content-usage") {
        Key::ContentUsage
    } else {
        Key::Unknown
    }
}

/// Yandex (`NameToDirType`): keys match exactly after lower-casing and trimming.
fn yandex_key(key: &[u8]) -> Key {
    const KEYS: &[(&str, Key)] = &[
        ("user-agent", Key::UserAgent),
        ("allow", Key::Allow),
        ("disallow", Key::Disallow),
        ("sitemap", Key::Sitemap),
    ];
    KEYS.iter()
        .find(|(name, _)| key.eq_ignore_ascii_case(name.as_bytes()))
        .map_or_else(|| extension_key(key), |&(_, k)| k)
}

/// A user-agent line: `(line number, raw group, index in the raw group's agents)`.
type AgentLine = (u32, usize, usize);

/// Which crawlers a user-agent line names.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum AgentKey {
    /// The `*` group.
    Global,
    /// A lower-cased key: google, the product token (or the whole token, see
    /// [`google_whole_token`]); yandex, the whole value.
    Named(String),
    /// A value whose product token is empty (`*foo`, empty, starting with a digit); a
    /// google value starting with a digit may still have a whole-token key.
    Nobody,
}

/// Google: the key of a user-agent value.
fn google_agent_key(value: &[u8]) -> AgentKey {
    // Google-specific: "*" followed by whitespace and more is still the global group.
    if value.first() == Some(&b'*') && value.get(1).is_none_or(|&b| is_space(b)) {
        return AgentKey::Global;
    }
    // Google (`ExtractUserAgent`): the product token is the longest prefix of [A-Za-z_-].
    let len = value
        .iter()
        .position(|&b| !is_product_token_byte(b))
        .unwrap_or(value.len());
    if len == 0 {
        AgentKey::Nobody
    } else {
        AgentKey::Named(lossy(&value[..len]).to_ascii_lowercase())
    }
}

/// The bytes of a product token in Google's reference (`ExtractUserAgent`): `[A-Za-z_-]`.
fn is_product_token_byte(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'-' || b == b'_'
}

/// docs/robots-txt.md, "google dialect: product tokens and whole tokens": the whole token of a
/// user-agent value, its value up to the first whitespace or `/`, lower-cased, when it holds a
/// byte that Google's product token stops at (`MJ12bot` → `mj12bot`, `archive.org_bot/2.1` →
/// `archive.org_bot`); `None` when the whole token is the product token itself, and for `*`
/// values.
///
/// Only a crawler whose own token has such a byte is compared with it, so the key cannot
/// collide with a product token ([`google_agent_key`]) and crawlers named by letters, `_`
/// and `-` keep the reference rule byte for byte.
fn google_whole_token(value: &[u8]) -> Option<AgentKey> {
    if value.first() == Some(&b'*') {
        return None;
    }
    let end = value
        .iter()
        .position(|&b| is_space(b) || b == b'/')
        .unwrap_or(value.len());
    let token = &value[..end];
    if token.iter().all(|&b| is_product_token_byte(b)) {
        return None;
    }
    Some(AgentKey::Named(lossy(token).to_ascii_lowercase()))
}

/// docs/identification.md, "Clients a group names": the name a user-agent value gives a
/// client that is no crawler of the registry: the value when it is one word, without a
/// `/version` or trailing `*`s, lower-cased (`python-requests/2.31` → `python-requests`);
/// `None` for `*`, an empty name and a value of several words. Whole, unlike a crawler's
/// product token: `User-agent: k2spider` names `k2spider`, never a phone whose header says
/// `Android 10; K`, and `User-agent: Microsoft URL Control` no Outlook.
fn client_name(value: &[u8]) -> Option<Box<str>> {
    if value.iter().any(|&b| is_space(b)) {
        return None;
    }
    let end = value.iter().position(|&b| b == b'/').unwrap_or(value.len());
    let mut name = &value[..end];
    while let [rest @ .., b'*'] = name {
        name = rest;
    }
    (!name.is_empty()).then(|| lossy(name).to_ascii_lowercase().into_boxed_str())
}

/// Yandex: the key of a user-agent value (lower-cased; `*` exactly is global).
fn yandex_agent_key(value: &[u8]) -> AgentKey {
    if value == b"*" {
        AgentKey::Global
    } else if value.is_empty() {
        AgentKey::Nobody
    } else {
        AgentKey::Named(lossy(value).to_ascii_lowercase())
    }
}

/// One user-agent line of a raw group.
struct AgentLineOf {
    /// The value as written (lossy UTF-8).
    value: String,
    line: u32,
    key: AgentKey,
    /// google: the whole-token key of a value whose whole token is not its product token.
    whole: Option<AgentKey>,
}

impl AgentLineOf {
    /// The keys the line names a crawler by.
    fn keys(&self) -> impl Iterator<Item = &AgentKey> {
        std::iter::once(&self.key)
            .filter(|k| **k != AgentKey::Nobody)
            .chain(&self.whole)
    }
}

/// A group as written: a run of user-agent lines and the lines after it.
#[derive(Default)]
struct RawGroup {
    agents: Vec<AgentLineOf>,
    rules: Vec<RuleId>,
    crawl_delay: Option<CrawlDelay>,
    /// An allow/disallow or preference line has been seen (google: the next user-agent
    /// starts a group).
    has_rule: bool,
    /// Its preference lines, in file order (consecutive ids, as `rules`).
    prefs: Vec<PrefLineId>,
    /// Its `Content-Signal` lines folded per key (docs/preferences.md, "One vocabulary's
    /// answer for a path").
    signal: [Option<Preference>; 3],
    /// How many of `prefs` are `Content-Usage` lines.
    usage_lines: usize,
}

struct Builder {
    dialect: Dialect,
    raw: Vec<RawGroup>,
    rules: Vec<Rule>,
    arena: PieceArena,
    sitemaps: Vec<String>,
    warnings: Vec<Warning>,
    dropped_warnings: usize,
    host: Option<String>,
    clean_params: Vec<CleanParam>,
    pref_lines: Vec<PreferenceLine>,
    scratch: Vec<u8>,
}

/// The precedence length of a normalised pattern in a dialect (docs/robots-txt.md, "Rules and
/// precedence"): google, its bytes; yandex, its bytes without `*` and a trailing `$`.
fn precedence_len(dialect: Dialect, normalised: &[u8]) -> u32 {
    let len = if dialect.is_yandex() {
        // Yandex: precedence by length not counting '*' and a trailing '$'.
        let body = normalised.strip_suffix(b"$").unwrap_or(normalised);
        body.iter().filter(|&&b| b != b'*').count()
    } else {
        // Google: the pattern's length in bytes, '*' and '$' included.
        normalised.len()
    };
    u32::try_from(len).unwrap_or(u32::MAX)
}

impl Builder {
    fn warn(&mut self, line: u32, message: impl Into<String>) {
        if self.warnings.len() < MAX_WARNINGS {
            self.warnings.push(Warning {
                line,
                message: message.into(),
            });
        } else {
            self.dropped_warnings += 1;
        }
    }

    fn user_agent(&mut self, line: u32, value: &[u8], new_group: bool) {
        let (key, whole) = if self.dialect.is_yandex() {
            (yandex_agent_key(value), None)
        } else {
            // docs/robots-txt.md, "google dialect: product tokens and whole tokens": the product
            // token for crawlers named by letters, `_` and `-`; the whole token for the others
            // (`MJ12bot`, `360Spider`, `archive.org_bot`).
            (google_agent_key(value), google_whole_token(value))
        };
        if key == AgentKey::Nobody && whole.is_none() {
            self.warn(
                line,
                format!("user-agent {:?} names no crawler", lossy(value)),
            );
        }
        if new_group || self.raw.is_empty() {
            self.raw.push(RawGroup::default());
        }
        let group = self.raw.last_mut();
        // `raw` is non-empty: a group was pushed just above if it was empty.
        if let Some(group) = group {
            group.agents.push(AgentLineOf {
                value: lossy(value),
                line,
                key,
                whole,
            });
        }
    }

    fn rule(&mut self, line: u32, kind: RuleKind, value: &[u8]) {
        let yandex = self.dialect.is_yandex();
        if self.raw.is_empty() {
            // RFC 9309 §2.1: rules before the first user-agent line belong to no group.
            self.warn(line, "rule before the first user-agent line ignored");
            return;
        }
        let mut effective = kind;
        let mut pattern_src: &[u8] = value;
        if yandex {
            if !value.is_empty() && value[0] != b'/' && value[0] != b'*' {
                // Yandex: a rule path must start with '/' or '*'.
                self.warn(line, "rule path does not start with '/' or '*': ignored");
                self.mark_rule();
                return;
            }
            if value.is_empty() {
                match (kind, self.dialect) {
                    // Yandex: empty Disallow means Allow: /.
                    (RuleKind::Disallow, _) => {
                        effective = RuleKind::Allow;
                        pattern_src = b"/";
                    }
                    // Yandex 2013 documentation: empty Allow means Disallow: / (legacy).
                    (RuleKind::Allow, Dialect::YandexLegacy) => {
                        effective = RuleKind::Disallow;
                        pattern_src = b"/";
                    }
                    // Yandex (current parser): an empty Allow is ignored.
                    (RuleKind::Allow, _) => {
                        self.warn(line, "empty Allow ignored");
                        self.mark_rule();
                        return;
                    }
                }
            }
        }
        let mut normalised = std::mem::take(&mut self.scratch);
        normalised.clear();
        pattern::escape_into(pattern_src, &mut normalised);
        let priority = precedence_len(self.dialect, &normalised);
        let compiled = (!normalised.is_empty()).then(|| self.arena.compile(&normalised));
        let mut index_alias = None;
        if !yandex && kind == RuleKind::Allow {
            // Google-specific: an allow of ".../index.htm[l]" also allows the directory.
            if let Some(slash) = normalised.iter().rposition(|&b| b == b'/')
                && normalised[slash..].starts_with(b"/index.htm")
            {
                let mut alias = normalised[..=slash].to_vec();
                alias.push(b'$');
                index_alias = Some((self.arena.compile(&alias), alias.len() as u32));
            }
        }
        let id = RuleId(self.rules.len() as u32);
        self.rules.push(Rule {
            kind,
            value: lossy(value),
            line,
            effective,
            pattern: normalised.clone(),
            priority,
            compiled,
            index_alias,
        });
        self.scratch = normalised;
        if let Some(group) = self.raw.last_mut() {
            group.rules.push(id);
            group.has_rule = true;
        }
    }

    /// A `Content-Signal` or `Content-Usage` line (docs/preferences.md, "Groups"): read into
    /// the group it stands in, like a rule; outside a group it is ignored.
    fn preference(&mut self, line: u32, vocabulary: Vocabulary, key: &[u8], value: &[u8]) {
        let label = match vocabulary {
            Vocabulary::ContentSignal => "Content-Signal",
            Vocabulary::ContentUsage => "Content-Usage",
        };
        if self.raw.is_empty() {
            self.warn(
                line,
                format!("{label} before the first user-agent line ignored"),
            );
            return;
        }
        let (path, values) = match vocabulary {
            Vocabulary::ContentSignal => (None, prefs::parse_signal(value)),
            Vocabulary::ContentUsage => match prefs::parse_usage(value) {
                Some(read) => read,
                None => {
                    self.warn(
                        line,
                        "Content-Usage value is not an RFC 9651 dictionary: no preference read",
                    );
                    return;
                }
            },
        };
        if values.iter().all(Option::is_none) {
            self.warn(
                line,
                format!("{label} sets none of its keys to a known value: ignored"),
            );
            return;
        }
        // The aipref grammar adds preference lines to RFC 9309's rules: like an allow or a
        // disallow, one ends the run of user-agent lines that starts its group. A line that
        // states no preference (above) is ignored as an unknown line is, and ends nothing.
        self.mark_rule();
        let (pattern, priority) = match (vocabulary, path) {
            (Vocabulary::ContentSignal, _) => (None, 0),
            // A line without a path covers every path (all start with `/`) and loses to any
            // path that matches.
            (Vocabulary::ContentUsage, None) => (Some(self.arena.compile(b"/")), 0),
            (Vocabulary::ContentUsage, Some(path)) => {
                let mut normalised = std::mem::take(&mut self.scratch);
                normalised.clear();
                // docs/preferences.md, "One vocabulary's answer for a path": paths are
                // percent-encoded and matched as rule patterns are.
                pattern::escape_into(path, &mut normalised);
                let compiled = self.arena.compile(&normalised);
                let priority = precedence_len(self.dialect, &normalised);
                self.scratch = normalised;
                (Some(compiled), priority)
            }
        };
        let id = PrefLineId(u32::try_from(self.pref_lines.len()).unwrap_or(u32::MAX));
        self.pref_lines.push(PreferenceLine {
            vocabulary,
            line,
            text: format!("{}: {}", lossy(key), lossy(value)),
            path: path.map(lossy),
            values,
            priority,
            pattern,
        });
        if let Some(group) = self.raw.last_mut() {
            group.prefs.push(id);
            match vocabulary {
                Vocabulary::ContentSignal => prefs::fold_signal(&mut group.signal, &values, id),
                Vocabulary::ContentUsage => group.usage_lines += 1,
            }
        }
    }

    fn mark_rule(&mut self) {
        if let Some(group) = self.raw.last_mut() {
            group.has_rule = true;
        }
    }

    fn crawl_delay(&mut self, line: u32, value: &[u8]) {
        let Some(group) = self.raw.last_mut() else {
            self.warn(line, "Crawl-delay before the first user-agent line ignored");
            return;
        };
        match yandex::parse_crawl_delay(value, self.dialect.is_yandex()) {
            None => self.warn(
                line,
                format!("invalid Crawl-delay {:?} ignored", lossy(value)),
            ),
            Some(_) if group.crawl_delay.is_some() => {
                self.warn(line, "second Crawl-delay in a group ignored");
            }
            Some(millis) => group.crawl_delay = Some(CrawlDelay { millis, line }),
        }
    }

    fn host(&mut self, line: u32, value: &[u8]) {
        let value = lossy(value);
        if self.host.is_some() {
            // Yandex: only the first valid Host directive counts.
            self.warn(line, "Host ignored: only the first valid one counts");
        } else if yandex::valid_host(&value) {
            self.host = Some(value);
        } else {
            self.warn(line, format!("invalid Host {value:?} ignored"));
        }
    }

    fn clean_param(&mut self, line: u32, value: &[u8]) {
        let value = lossy(value);
        match yandex::parse_clean_param(&value) {
            Some((params, path_prefix)) => self.clean_params.push(CleanParam {
                params,
                path_prefix,
                line,
            }),
            None => self.warn(line, format!("invalid Clean-param {value:?} ignored")),
        }
    }

    fn sitemap(&mut self, line: u32, value: &[u8]) {
        if value.is_empty() {
            self.warn(line, "empty Sitemap ignored");
        } else {
            self.sitemaps.push(lossy(value));
        }
    }
}

pub(super) fn parse(body: &[u8], dialect: Dialect) -> RobotsTxt {
    let mut b = Builder {
        dialect,
        raw: Vec::new(),
        rules: Vec::new(),
        arena: PieceArena::default(),
        sitemaps: Vec::new(),
        warnings: Vec::new(),
        dropped_warnings: 0,
        host: None,
        clean_params: Vec::new(),
        pref_lines: Vec::new(),
        scratch: Vec::new(),
    };
    let parsed_bytes = match dialect {
        Dialect::Google => {
            let parsed = body.len().min(GOOGLE_PARSE_LIMIT);
            if parsed < body.len() {
                b.warn(
                    0,
                    format!(
                        "file is {} bytes: only the first {GOOGLE_PARSE_LIMIT} bytes are parsed",
                        body.len()
                    ),
                );
            }
            parse_google(&mut b, &body[..parsed]);
            parsed
        }
        Dialect::Yandex | Dialect::YandexLegacy => {
            let limit = if dialect == Dialect::Yandex {
                YANDEX_SIZE_LIMIT
            } else {
                YANDEX_LEGACY_SIZE_LIMIT
            };
            if body.len() > limit {
                // Yandex: a file over the size limit allows everything.
                b.warn(
                    0,
                    format!(
                        "file is {} bytes, over Yandex's {limit}-byte limit: everything is allowed",
                        body.len()
                    ),
                );
                0
            } else {
                parse_yandex(&mut b, body);
                body.len()
            }
        }
    };
    finish(b, parsed_bytes)
}

fn parse_google(b: &mut Builder, body: &[u8]) {
    // Google: any prefix of the UTF-8 BOM at the very start is skipped.
    let bom = BOM.iter().zip(body).take_while(|(x, y)| x == y).count();
    for line in lines(&body[bom..], Some(GOOGLE_MAX_LINE)) {
        let n = line.number;
        if line.truncated {
            b.warn(
                n,
                format!("line longer than {GOOGLE_MAX_LINE} bytes: the rest is ignored"),
            );
        }
        let Some((key, value)) = google_key_value(line.bytes) else {
            if !trim(strip_comment(line.bytes)).is_empty() {
                b.warn(n, "not a key: value line, ignored");
            }
            continue;
        };
        let (kind, tolerated) = google_key(key);
        if tolerated {
            b.warn(n, format!("key {:?} accepted as {kind:?}", lossy(key)));
        }
        match kind {
            Key::UserAgent => {
                // Google: a user-agent line after a rule starts a new group.
                let new_group = b.raw.last().is_some_and(|g| g.has_rule);
                b.user_agent(n, value, new_group);
            }
            Key::Allow => b.rule(n, RuleKind::Allow, value),
            Key::Disallow => b.rule(n, RuleKind::Disallow, value),
            Key::Sitemap => b.sitemap(n, value),
            Key::CrawlDelay => b.crawl_delay(n, value),
            Key::Host => b.host(n, value),
            Key::CleanParam => b.clean_param(n, value),
            Key::ContentSignal => b.preference(n, Vocabulary::ContentSignal, key, value),
            Key::ContentUsage => b.preference(n, Vocabulary::ContentUsage, key, value),
            Key::Unknown => b.warn(n, format!("unknown key {:?} ignored", lossy(key))),
        }
    }
}

fn parse_yandex(b: &mut Builder, body: &[u8]) {
    // Yandex: a complete BOM at the start of the first line is skipped.
    let body = body.strip_prefix(BOM).unwrap_or(body);
    let mut prev_key = Key::UserAgent;
    let mut blank_since_prev = false;
    for line in lines(body, None) {
        let n = line.number;
        let content = strip_comment(line.bytes);
        if trim(content).is_empty() {
            // Yandex: a line that is empty once its comment is removed counts as blank.
            blank_since_prev = true;
            continue;
        }
        let Some(colon) = memchr::memchr(b':', content) else {
            // Yandex: a line without ':' is not a robots.txt line; it changes nothing.
            b.warn(n, "not a key: value line, ignored");
            continue;
        };
        let key = trim(&content[..colon]);
        let value = trim(&content[colon + 1..]);
        let kind = yandex_key(key);
        match kind {
            Key::UserAgent => {
                // Yandex: a user-agent line after another directive or a blank line starts
                // a new group.
                let new_group = prev_key != Key::UserAgent || blank_since_prev;
                b.user_agent(n, value, new_group);
            }
            Key::Allow => b.rule(n, RuleKind::Allow, value),
            Key::Disallow => b.rule(n, RuleKind::Disallow, value),
            Key::Sitemap => b.sitemap(n, value),
            Key::CrawlDelay => b.crawl_delay(n, value),
            Key::Host => b.host(n, value),
            Key::CleanParam => b.clean_param(n, value),
            Key::ContentSignal => b.preference(n, Vocabulary::ContentSignal, key, value),
            Key::ContentUsage => b.preference(n, Vocabulary::ContentUsage, key, value),
            Key::Unknown => b.warn(n, format!("unknown key {:?} ignored", lossy(key))),
        }
        prev_key = kind;
        blank_since_prev = false;
    }
}

/// Merges raw groups by agent key, compiles each merged group's rules, applies Yandex's
/// overflow limits.
fn finish(mut b: Builder, parsed_bytes: usize) -> RobotsTxt {
    let mut client_names: Vec<Box<str>> = b
        .raw
        .iter()
        .flat_map(|g| &g.agents)
        .filter_map(|a| client_name(a.value.as_bytes()))
        .collect();
    client_names.sort_unstable();
    client_names.dedup();
    // Every key → the raw groups naming it, in file order. All `*` groups merge (RFC 9309
    // §2.2.1), and so do all groups naming the same agent.
    // Also every key's user-agent lines: `(line, value)`.
    let mut key_order: Vec<AgentKey> = Vec::new();
    let mut key_groups: HashMap<AgentKey, (Vec<usize>, Vec<AgentLine>)> = HashMap::default();
    for (gi, raw) in b.raw.iter().enumerate() {
        for (ai, agent) in raw.agents.iter().enumerate() {
            for key in agent.keys() {
                let (list, lines) = key_groups.entry(key.clone()).or_insert_with(|| {
                    key_order.push(key.clone());
                    Default::default()
                });
                if list.last() != Some(&gi) {
                    list.push(gi);
                }
                lines.push((agent.line, gi, ai));
            }
        }
    }

    // Keys naming exactly the same raw groups share one merged group.
    struct Pending {
        keys: Vec<AgentKey>,
        raw: Vec<usize>,
        /// The keys' user-agent lines: `(line, raw group, index in its agents)`.
        lines: Vec<AgentLine>,
        global: bool,
    }
    let mut pending: Vec<Pending> = Vec::new();
    let mut by_raw_set: HashMap<Vec<usize>, usize> = HashMap::default();
    for key in key_order {
        let (raw, lines) = key_groups.remove(&key).unwrap_or_default();
        let global = key == AgentKey::Global;
        if !global {
            if let Some(&pi) = by_raw_set.get(&raw) {
                pending[pi].keys.push(key);
                pending[pi].lines.extend(lines);
                continue;
            }
            by_raw_set.insert(raw.clone(), pending.len());
        }
        pending.push(Pending {
            keys: vec![key],
            raw,
            lines,
            global,
        });
    }

    // Yandex counts its limits per robot: a group over them gives the robots it applies to
    // everything, and leaves the others as they are.
    let mut overflowed = vec![false; pending.len()];
    if b.dialect.is_yandex() {
        for (pi, p) in pending.iter().enumerate() {
            if let Some(reason) = yandex_overflow(&b, &p.raw) {
                let line = p.lines.iter().map(|l| l.0).min().unwrap_or(0);
                b.warn(line, reason);
                overflowed[pi] = true;
            }
        }
    }

    // Each raw group's rules are compiled once; a merged group of several raw groups gets
    // its own merged copy while the budget lasts, and otherwise asks each part in turn (so a
    // hostile file cannot make the copies quadratic).
    let mut matchers: Vec<GroupMatcher> = Vec::new();
    let mut raw_matcher: Vec<Option<u32>> = vec![None; b.raw.len()];
    let mut budget = MERGED_ENTRY_BUDGET;
    // The same for `Content-Usage` lines.
    let mut usage_matchers: Vec<UsageMatcher> = Vec::new();
    let mut raw_usage: Vec<Option<u32>> = vec![None; b.raw.len()];
    let mut usage_budget = MERGED_USAGE_BUDGET;
    let mut groups: Vec<Group> = Vec::new();
    for (p, &overflowed) in pending.iter().zip(&overflowed) {
        let mut lines = p.lines.clone();
        lines.sort_unstable();
        // A line's product and whole-token keys may both be in this group.
        lines.dedup();
        let line = lines.first().map_or(0, |l| l.0);
        let mut agents: Vec<String> = Vec::new();
        let mut seen: HashSet<&str> = HashSet::default();
        for &(_, gi, ai) in &lines {
            let shown = if p.global {
                "*"
            } else {
                b.raw[gi].agents[ai].value.as_str()
            };
            if seen.insert(shown) {
                agents.push(shown.to_owned());
            }
        }
        // A group over Yandex's limits has no rules: everything is allowed.
        let rules_of = |gi: usize| -> &[RuleId] {
            if overflowed {
                &[]
            } else {
                b.raw[gi].rules.as_slice()
            }
        };
        let rule_ranges = id_ranges(p.raw.iter().map(|&gi| rules_of(gi)));
        let total: usize = p.raw.iter().map(|&gi| rules_of(gi).len()).sum();
        let mut raw_matcher_of = |gi: usize, matchers: &mut Vec<GroupMatcher>| {
            *raw_matcher[gi].get_or_insert_with(|| {
                matchers.push(compile_group(&b.rules, &b.raw[gi].rules, &b.arena));
                (matchers.len() - 1) as u32
            })
        };
        let matcher = if overflowed {
            matchers.push(compile_group(&b.rules, &[], &b.arena));
            MatcherRef::One((matchers.len() - 1) as u32)
        } else if p.raw.len() == 1 {
            MatcherRef::One(raw_matcher_of(p.raw[0], &mut matchers))
        } else if total <= budget {
            budget -= total;
            let ids: Vec<RuleId> = p
                .raw
                .iter()
                .flat_map(|&gi| b.raw[gi].rules.iter().copied())
                .collect();
            matchers.push(compile_group(&b.rules, &ids, &b.arena));
            MatcherRef::One((matchers.len() - 1) as u32)
        } else {
            MatcherRef::Parts(
                p.raw
                    .iter()
                    .map(|&gi| raw_matcher_of(gi, &mut matchers))
                    .collect(),
            )
        };
        let crawl_delay = p.raw.iter().find_map(|&gi| b.raw[gi].crawl_delay);
        let pref_ranges = id_ranges(p.raw.iter().map(|&gi| b.raw[gi].prefs.as_slice()));
        let mut signal = [None; 3];
        for &gi in &p.raw {
            for (into, part) in signal.iter_mut().zip(b.raw[gi].signal) {
                *into = prefs::restrictive(*into, part);
            }
        }
        let usage = compile_usage(
            &b,
            &p.raw,
            &mut usage_matchers,
            &mut raw_usage,
            &mut usage_budget,
        );
        groups.push(Group {
            agents,
            line,
            crawl_delay,
            rule_ranges,
            global: p.global,
            matcher,
            pref_ranges,
            signal,
            usage,
        });
    }

    // Groups in file order; remember where each key's group went.
    let mut order: Vec<usize> = (0..groups.len()).collect();
    order.sort_by_key(|&i| groups[i].line);
    let mut new_index = vec![0u32; groups.len()];
    for (new, &old) in order.iter().enumerate() {
        new_index[old] = new as u32;
    }
    let mut keys: Vec<(Box<str>, GroupId)> = Vec::new();
    let mut global = None;
    for (pi, p) in pending.iter().enumerate() {
        let id = GroupId(new_index[pi]);
        for key in &p.keys {
            match key {
                AgentKey::Global => global = Some(id),
                AgentKey::Named(k) => keys.push((k.clone().into_boxed_str(), id)),
                AgentKey::Nobody => {}
            }
        }
    }
    keys.sort_by(|a, c| a.0.cmp(&c.0));
    let mut slots: Vec<Option<Group>> = groups.into_iter().map(Some).collect();
    let groups: Vec<Group> = order.iter().filter_map(|&i| slots[i].take()).collect();

    if b.dropped_warnings > 0 {
        let dropped = b.dropped_warnings;
        b.warnings.push(Warning {
            line: 0,
            message: format!("{dropped} more warnings not kept"),
        });
    }
    RobotsTxt {
        dialect: b.dialect,
        groups,
        matchers,
        rules: b.rules,
        arena: b.arena,
        global,
        keys,
        client_names,
        sitemaps: b.sitemaps,
        warnings: b.warnings,
        host: b.host,
        clean_params: b.clean_params,
        parsed_bytes,
        pref_lines: b.pref_lines,
        usage_matchers,
    }
}

/// The `Content-Usage` matcher of a merged group made of the raw groups `raw`: none when they
/// have no such line; the one raw group's own when one has; a merged copy while `budget`
/// lasts; else each part's, asked in turn (as for rules: a hostile file cannot make the
/// copies quadratic).
fn compile_usage(
    b: &Builder,
    raw: &[usize],
    matchers: &mut Vec<UsageMatcher>,
    raw_usage: &mut [Option<u32>],
    budget: &mut usize,
) -> Option<MatcherRef> {
    let parts: Vec<usize> = raw
        .iter()
        .copied()
        .filter(|&gi| b.raw[gi].usage_lines > 0)
        .collect();
    let mut raw_matcher_of = |gi: usize, matchers: &mut Vec<UsageMatcher>| {
        *raw_usage[gi].get_or_insert_with(|| {
            let ids = b.raw[gi].prefs.iter().copied();
            matchers.push(UsageMatcher::new(&b.pref_lines, ids, &b.arena));
            (matchers.len() - 1) as u32
        })
    };
    let total: usize = parts.iter().map(|&gi| b.raw[gi].usage_lines).sum();
    match parts[..] {
        [] => None,
        [gi] => Some(MatcherRef::One(raw_matcher_of(gi, matchers))),
        _ if total <= *budget => {
            *budget -= total;
            let ids = parts.iter().flat_map(|&gi| b.raw[gi].prefs.iter().copied());
            matchers.push(UsageMatcher::new(&b.pref_lines, ids, &b.arena));
            Some(MatcherRef::One((matchers.len() - 1) as u32))
        }
        _ => Some(MatcherRef::Parts(
            parts
                .iter()
                .map(|&gi| raw_matcher_of(gi, matchers))
                .collect(),
        )),
    }
}

/// A line id of the file's tables: a rule's or a preference line's.
trait LineId: Copy {
    fn get(self) -> u32;
}

impl LineId for RuleId {
    fn get(self) -> u32 {
        self.0
    }
}

impl LineId for PrefLineId {
    fn get(self) -> u32 {
        self.0
    }
}

/// The ranges `start..end` of the ids of each part's lines, skipping parts without any. A raw
/// group's lines of one kind are consecutive ids: each is pushed to the file's list and to the
/// last raw group at the same time.
fn id_ranges<'a, T: LineId + 'a>(parts: impl Iterator<Item = &'a [T]>) -> Vec<(u32, u32)> {
    parts
        .filter_map(|ids| Some((ids.first()?.get(), ids.last()?.get() + 1)))
        .collect()
}

/// Yandex: more than 10,000 rules for a robot, or a rule over 10 KB among them, gives that
/// robot everything; `raw` are the raw groups of one merged group (the rules of the robots
/// it applies to). Returns the reason.
fn yandex_overflow(b: &Builder, raw: &[usize]) -> Option<String> {
    let rules = || raw.iter().flat_map(|&gi| b.raw[gi].rules.iter());
    if let Some(rule) = rules()
        .map(|id| &b.rules[id.index()])
        .find(|r| r.value.len() > YANDEX_MAX_RULE_LEN)
    {
        return Some(format!(
            "rule on line {} is over Yandex's {YANDEX_MAX_RULE_LEN}-byte limit: its group allows \
             everything",
            rule.line
        ));
    }
    let count = rules().count();
    (count > YANDEX_MAX_RULES).then(|| {
        format!(
            "the group has {count} rules, over Yandex's limit of {YANDEX_MAX_RULES}: it allows \
             everything"
        )
    })
}

/// Sorts a group's rules by precedence (first match decides) and indexes large groups.
fn compile_group(rules: &[Rule], ids: &[RuleId], arena: &PieceArena) -> GroupMatcher {
    let mut entries: Vec<Entry> = Vec::new();
    for &id in ids {
        let rule = &rules[id.index()];
        let allow = rule.effective == RuleKind::Allow;
        if let Some(pattern) = &rule.compiled {
            entries.push(Entry {
                pattern: pattern.clone(),
                priority: rule.priority,
                wins_ties: allow,
                id: id.0,
            });
        }
        if let Some((pattern, priority)) = &rule.index_alias {
            entries.push(Entry {
                pattern: pattern.clone(),
                priority: *priority,
                wins_ties: allow,
                id: id.0,
            });
        }
    }
    GroupMatcher::new(entries, arena)
}
