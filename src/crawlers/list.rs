//! The patterns of the public crawler-user-agents list (MIT; `crawler-user-agents.txt`,
//! made by `testdata/crawlers/extract.py`), for the automated clients that neither the
//! registry nor the signs of docs/identification.md, "Unknown automated clients" recognise (`Xenu
//! Link Sleuth/1.3.8`, `check_http/v2.2`, `Zabbix`). They only say "automated, and named here"; the
//! registry's own facts (tokens, verification, Crawl-delay) never come from them.
//!
//! All patterns are compiled once, on first use: the plain strings among them (all but a few
//! dozen; `Googlebot\/` is the string `Googlebot/`) into one Aho-Corasick automaton, the rest
//! into one multi-pattern regex. One regex of 1,500 patterns would rebuild its lazy DFA for
//! every new header (tens of milliseconds each); this way a header costs one scan of each.
//! The list's patterns match substrings; here a match must also start at a word boundary (not
//! right after a letter or digit), so that `RED/` does not fire inside `WIRED/3.2`.

use std::sync::LazyLock;

use aho_corasick::{AhoCorasick, AhoCorasickKind, MatchKind};
use regex_automata::meta::Regex;
use regex_automata::{Input, PatternID};

use super::Category;

/// The list's patterns: `category<TAB>pattern` lines (see the file's header).
const DATA: &str = include_str!("crawler-user-agents.txt");

/// A match is retried past a mid-word start at most this many times per header (each retry
/// scans the rest of the header: hostile headers must stay linear-ish).
const MAX_RETRIES: usize = 8;

/// A match of a list pattern in a header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ListMatch {
    /// Byte range of the match in the header.
    pub start: usize,
    pub end: usize,
    /// What the list's tags say the client is: a feed reader, an HTTP library or headless
    /// browser ([`Category::Automation`]), or `None` for any other robot.
    pub category: Option<Category>,
}

struct List {
    /// The plain-string patterns (leftmost-longest matches).
    strings: AhoCorasick,
    /// Their categories, by automaton pattern index.
    string_categories: Vec<Option<Category>>,
    /// The other patterns.
    regex: Regex,
    regex_categories: Vec<Option<Category>>,
}

static LIST: LazyLock<Option<List>> = LazyLock::new(|| compile(DATA).ok());

/// The string a pattern matches when it is a plain string: no regex syntax but `\` before
/// punctuation (`Googlebot\/`, `grub\.org`).
fn plain_string(pattern: &str) -> Option<String> {
    let mut out = String::with_capacity(pattern.len());
    let mut chars = pattern.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some(e) if e.is_ascii_punctuation() || e == ' ' => out.push(e),
                _ => return None,
            },
            '[' | ']' | '(' | ')' | '{' | '}' | '^' | '$' | '*' | '+' | '?' | '|' | '.' => {
                return None;
            }
            c => out.push(c),
        }
    }
    (!out.is_empty()).then_some(out)
}

/// Parses and compiles the list's lines; `Err` says which line is wrong.
fn compile(data: &str) -> Result<List, String> {
    let (mut strings, mut string_categories) = (Vec::new(), Vec::new());
    let (mut regexes, mut regex_categories) = (Vec::new(), Vec::new());
    for (n, line) in data.lines().enumerate() {
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        let (kind, pattern) = line
            .split_once('\t')
            .ok_or_else(|| format!("line {}: no tab", n + 1))?;
        let category = match kind {
            "-" => None,
            "feed-reader" => Some(Category::FeedReader),
            "automation" => Some(Category::Automation),
            other => return Err(format!("line {}: unknown category {other:?}", n + 1)),
        };
        match plain_string(pattern) {
            Some(s) => {
                strings.push(s);
                string_categories.push(category);
            }
            None => {
                regexes.push(pattern);
                regex_categories.push(category);
            }
        }
    }
    let strings = AhoCorasick::builder()
        .match_kind(MatchKind::LeftmostLongest)
        // A contiguous NFA, not a DFA: the DFA of these 1,450 strings (a few MiB) took longer
        // to build than a run of a million lines spent in it, since only headers with a word
        // no browser uses are scanned, each once per worker (its tables remember it).
        .kind(Some(AhoCorasickKind::ContiguousNFA))
        .build(&strings)
        .map_err(|e| e.to_string())?;
    let regex = Regex::new_many(&regexes).map_err(|e| e.to_string())?;
    Ok(List {
        strings,
        string_categories,
        regex,
        regex_categories,
    })
}

/// True if a match `ua[start..end]` starts a word: its first letter or digit is not right
/// after another (a pattern may begin with a space or a bracket: `(^| )PTST\/`).
fn at_boundary(ua: &[u8], start: usize, end: usize) -> bool {
    let first = ua[start..end]
        .iter()
        .position(u8::is_ascii_alphanumeric)
        .map_or(start, |i| start + i);
    first == 0 || !ua[first - 1].is_ascii_alphanumeric()
}

/// Compiles the list's patterns now, on the calling thread: they are otherwise compiled by
/// the first header that needs them (nearly every log has one), in the middle of the audit
/// (18 M instructions, about 4 ms).
pub(crate) fn prepare() {
    LazyLock::force(&LIST);
}

/// The leftmost match of a list pattern that starts at a word boundary (the longest of those
/// starting there), if any.
pub(crate) fn find(ua: &[u8]) -> Option<ListMatch> {
    let list = LIST.as_ref()?;
    let mut best: Option<ListMatch> = None;
    // Leftmost-longest: the first match at a word boundary ends the search; one elsewhere is
    // searched past from its next byte (a boundary match may overlap it).
    let mut from = 0;
    for _ in 0..=MAX_RETRIES {
        if from > ua.len() {
            break;
        }
        let Some(m) = list
            .strings
            .find(aho_corasick::Input::new(ua).range(from..))
        else {
            break;
        };
        if at_boundary(ua, m.start(), m.end()) {
            let category = list
                .string_categories
                .get(m.pattern().as_usize())
                .copied()
                .flatten();
            keep_leftmost(&mut best, m.start(), m.end(), category);
            break;
        }
        from = m.start() + 1;
    }
    let mut from = 0;
    for _ in 0..=MAX_RETRIES {
        if from > ua.len() || best.is_some_and(|b| b.start < from) {
            break;
        }
        let Some(m) = list.regex.search(&Input::new(ua).range(from..)) else {
            break;
        };
        if at_boundary(ua, m.start(), m.end()) {
            let category = category_of(&list.regex_categories, m.pattern());
            keep_leftmost(&mut best, m.start(), m.end(), category);
            break;
        }
        from = m.start() + 1;
    }
    best
}

/// Keeps in `best` the leftmost match, the longest of those starting at the same byte.
fn keep_leftmost(
    best: &mut Option<ListMatch>,
    start: usize,
    end: usize,
    category: Option<Category>,
) {
    if best.is_none_or(|b| start < b.start || (start == b.start && end > b.end)) {
        *best = Some(ListMatch {
            start,
            end,
            category,
        });
    }
}

fn category_of(categories: &[Option<Category>], id: PatternID) -> Option<Category> {
    categories.get(id.as_usize()).copied().flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_compiles() {
        let list = compile(DATA).expect("crawler-user-agents.txt compiles");
        let categories: Vec<_> = list
            .string_categories
            .iter()
            .chain(&list.regex_categories)
            .collect();
        assert!(categories.len() > 1400, "{}", categories.len());
        assert!(list.regex_categories.len() < 60, "most are plain strings");
        assert!(LIST.is_some());
        let feed = categories
            .iter()
            .filter(|c| ***c == Some(Category::FeedReader))
            .count();
        let automation = categories
            .iter()
            .filter(|c| ***c == Some(Category::Automation))
            .count();
        assert!(feed > 50 && automation > 30, "{feed} {automation}");
    }

    #[test]
    fn plain_strings_are_told_from_regexes() {
        assert_eq!(plain_string("Googlebot\\/").as_deref(), Some("Googlebot/"));
        assert_eq!(plain_string("grub\\.org").as_deref(), Some("grub.org"));
        assert_eq!(
            plain_string("Tiny Tiny RSS").as_deref(),
            Some("Tiny Tiny RSS")
        );
        for regex in ["[wW]get", "^curl", "a|b", "x.y", "\\d+", "SSL Labs$", ""] {
            assert_eq!(plain_string(regex), None, "{regex}");
        }
    }

    /// The registry skips the list for headers of browser and platform words only
    /// (`only_browser_words`): no pattern may be made of such words alone, or it would
    /// match browsers (and be skipped where it should not).
    #[test]
    fn no_pattern_is_made_of_browser_words_only() {
        use crate::crawlers::tokens::{only_browser_words, scan};
        for line in DATA.lines().filter(|l| !l.starts_with('#')) {
            let (_, pattern) = line.split_once('\t').expect("tab");
            if let Some(text) = plain_string(pattern) {
                assert!(
                    !only_browser_words(&scan(text.as_bytes())),
                    "{pattern:?} names only browser words"
                );
            }
        }
    }

    #[test]
    fn bad_lines_are_reported() {
        assert!(compile("x\tfoo").is_err_and(|e| e.contains("line 1")));
        assert!(compile("# c\nfoo").is_err_and(|e| e.contains("line 2")));
        assert!(compile("-\t(unclosed").is_err());
    }

    #[test]
    fn matches_start_at_word_boundaries() {
        let m = find(b"Xenu Link Sleuth/1.3.8").expect("in the list");
        assert_eq!((m.start, m.end, m.category), (0, 16, None));
        let m = find(b"Mozilla/5.0 (X11) HeadlessChrome/120.0 Safari/537.36").expect("in the list");
        assert_eq!(m.category, Some(Category::Automation));
        // `Zabbix` is listed; inside a longer word it is not a match.
        assert!(find(b"Zabbix").is_some());
        assert_eq!(find(b"NotZabbix/1.0"), None);
        assert_eq!(find(b""), None);
    }

    #[test]
    fn hostile_headers_give_up_after_a_few_retries() {
        // Many mid-word matches: each retry scans on, at most MAX_RETRIES + 1 scans.
        let ua = "xZabbix x[wW]get xwget ".repeat(10_000);
        let started = std::time::Instant::now();
        assert_eq!(find(ua.as_bytes()), None);
        assert!(started.elapsed() < std::time::Duration::from_secs(5));
    }
}
