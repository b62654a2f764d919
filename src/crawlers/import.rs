//! The public lists of AI agents that the registry imports, to know the many AI crawlers
//! that `registry.toml` does not describe one by one (docs/identification.md, "Lists of AI
//! agents").
//!
//! Two lists, each in its publisher's own JSON format ([`ListKind`]):
//! - the **AI Crawler Index** of Pathwren (data CC0-1.0): name, robots.txt token, header
//!   token, operator, category, whether it reads robots.txt, an example header, the
//!   operator's page. A snapshot is compiled in (`ai-crawler-index.json`, the `data.json` of
//!   the `ai-crawler-robots` package; its version and date are [`BUNDLED_LIST`]);
//! - **ai.robots.txt**'s `robots.json` (an object keyed by agent name, each with `operator`,
//!   `respect`, `function`, `frequency`, `description`): not bundled; `update-crawlers` saves
//!   today's copy, with a fresh AI Crawler Index, in the cache directory
//!   ([`default_lists_dir`]).
//!
//! Each list entry becomes a registry [`Crawler`] through one reviewed table of categories
//! (below: [`ACI_CATEGORIES`] for the index's categories; [`AI_ROBOTS_LABELS`] and then
//! [`AI_ROBOTS_WORDS`] for ai.robots.txt's `function` text) and fills the registry's gaps:
//! an entry of `registry.toml` always wins over an imported one (it is reviewed: that is
//! where the lists' mistakes are corrected), the AI Crawler Index wins over ai.robots.txt,
//! and a user's `--crawlers` file wins over everything. An entry is the same agent as another
//! when its name, a header pattern or its own robots.txt token equals (ignoring case) one of
//! the other's.
//!
//! What is taken, and what is not:
//! - operators as the list writes them; from ai.robots.txt only a plain name or the text of
//!   a Markdown link, never prose ("Unclear at this time.", "a company that…"): an operator
//!   that is not plainly named is left empty, never guessed;
//! - `obeys_star = false` for the index's `own-token-only`, `obeys_robots = false` for its
//!   `by-design-no` (user-triggered fetchers). ai.robots.txt's `respect` is not used: it
//!   mixes what operators document with what others observed, and a crawler that ignores
//!   robots.txt must still be judged, so that its violations are reported;
//! - no verification facts (those come from `registry.toml` only), no Crawl-delay claims;
//!   the Yandex dialect for crawlers whose operator is Yandex.
//!
//! Lists are downloaded data: each is bounded ([`MAX_LIST_BYTES`], [`MAX_LIST_AGENTS`]) and an
//! entry that cannot be a registry entry (a name that is not printable ASCII, a header token
//! that cannot be matched as a whole token) is skipped and counted ([`AgentList::skipped`]),
//! never fatal.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::LazyLock;

use serde::Deserialize;

use super::registry::Entry;
use super::{Category, Crawler, ErrorKind, RegistryError};

/// The bundled AI Crawler Index (see `testdata/crawlers/README.md` for its source).
const BUNDLED_ACI: &str = include_str!("ai-crawler-index.json");

/// What `--version` says about the bundled list: its package, version and date. A test
/// checks it against the file.
pub const BUNDLED_LIST: &str = "AI Crawler Index 1.0.10 (ai-crawler-robots), data of 2026-09-14";

/// The largest list accepted: 8 MiB (the published ones are under 200 KiB).
pub const MAX_LIST_BYTES: u64 = 8 << 20;

/// The most agents one list may hold.
pub const MAX_LIST_AGENTS: usize = 10_000;

/// The longest name, operator or header token taken from a list, in bytes.
const MAX_FIELD: usize = 100;

/// The longest documentation URL or example header taken from a list, in bytes.
const MAX_TEXT: usize = 1000;

/// `<the user's cache directory>/robots-audit/crawlers`, where `update-crawlers` saves the
/// lists, if there is a home.
pub fn default_lists_dir() -> Option<PathBuf> {
    crate::net::default_cache_dir().map(|d| d.join("crawlers"))
}

/// A list of AI agents the registry can import.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum ListKind {
    /// The AI Crawler Index (`data.json` of the `ai-crawler-robots` package).
    AiCrawlerIndex,
    /// ai.robots.txt's `robots.json`.
    AiRobotsTxt,
}

impl ListKind {
    /// Every kind, in the order of precedence (the first wins where two describe one agent).
    pub const ALL: [ListKind; 2] = [ListKind::AiCrawlerIndex, ListKind::AiRobotsTxt];

    /// Its name: the key of the registry's `[lists]` table and the saved file's stem.
    pub fn name(self) -> &'static str {
        match self {
            ListKind::AiCrawlerIndex => "ai-crawler-index",
            ListKind::AiRobotsTxt => "ai-robots-txt",
        }
    }

    /// The inverse of [`ListKind::name`].
    pub fn from_name(name: &str) -> Option<ListKind> {
        ListKind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// The file `update-crawlers` saves it as, in the lists directory.
    pub fn file_name(self) -> String {
        format!("{}.json", self.name())
    }
}

/// One list, turned into registry crawlers.
#[derive(Clone, Debug)]
pub struct AgentList {
    kind: ListKind,
    crawlers: Vec<Crawler>,
    skipped: usize,
    date: Option<String>,
    version: Option<String>,
}

impl AgentList {
    /// Reads a list in its publisher's format. Errors: not JSON of that shape, or more than
    /// [`MAX_LIST_AGENTS`] agents. Entries that cannot be registry entries are skipped and
    /// counted.
    pub fn parse(kind: ListKind, text: &str) -> Result<AgentList, RegistryError> {
        let bad = |e: serde_json::Error| {
            RegistryError::new(
                ErrorKind::Syntax,
                format!("not a {} list: {e}", kind.name()),
            )
        };
        let (entries, date, version) = match kind {
            ListKind::AiCrawlerIndex => {
                let file: AciFile = serde_json::from_str(text).map_err(bad)?;
                check_count(kind, file.crawlers.len())?;
                let date = file.data_version.or(file.generated_at);
                let entries: Vec<Option<Entry>> =
                    file.crawlers.into_iter().map(AciCrawler::entry).collect();
                (entries, date, file.version)
            }
            ListKind::AiRobotsTxt => {
                let file: BTreeMap<String, AiRobotsAgent> =
                    serde_json::from_str(text).map_err(bad)?;
                check_count(kind, file.len())?;
                let entries = file
                    .into_iter()
                    .map(|(key, agent)| agent.entry(&key))
                    .collect();
                (entries, None, None)
            }
        };
        let mut crawlers: Vec<Crawler> = Vec::with_capacity(entries.len());
        let mut skipped = 0;
        for entry in entries {
            // An entry the registry's own checks refuse is skipped like one that could not be
            // read; the same agent twice (`Meta-ExternalAgent`, `meta-externalagent`) once.
            match entry.and_then(|e| super::registry::convert(e, &BTreeMap::new()).ok()) {
                Some(c)
                    if !crawlers
                        .iter()
                        .any(|o| o.name.eq_ignore_ascii_case(&c.name)) =>
                {
                    crawlers.push(c);
                }
                Some(_) => {}
                None => skipped += 1,
            }
        }
        Ok(AgentList {
            kind,
            crawlers,
            skipped,
            date: date.filter(|d| printable(d, MAX_FIELD)),
            version: version.filter(|v| printable(v, MAX_FIELD)),
        })
    }

    /// The compiled-in AI Crawler Index.
    pub fn bundled() -> AgentList {
        BUNDLED.clone()
    }

    /// Which list it is.
    pub fn kind(&self) -> ListKind {
        self.kind
    }

    /// Its agents, as registry crawlers, in the list's order (ai.robots.txt: by name).
    pub fn crawlers(&self) -> &[Crawler] {
        &self.crawlers
    }

    /// Entries that could not be registry entries (see the module's notes).
    pub fn skipped(&self) -> usize {
        self.skipped
    }

    /// The date the list gives for its data (the AI Crawler Index's `data_version`), if any.
    pub fn date(&self) -> Option<&str> {
        self.date.as_deref()
    }

    /// The list's own version, if it gives one.
    pub fn version(&self) -> Option<&str> {
        self.version.as_deref()
    }
}

/// The bundled list, read once (the tests check that it reads).
static BUNDLED: LazyLock<AgentList> = LazyLock::new(|| {
    AgentList::parse(ListKind::AiCrawlerIndex, BUNDLED_ACI)
        .expect("the bundled ai-crawler-index.json is valid (tested)")
});

fn check_count(kind: ListKind, n: usize) -> Result<(), RegistryError> {
    if n > MAX_LIST_AGENTS {
        return Err(RegistryError::new(
            ErrorKind::Invalid,
            format!(
                "{} list of {n} agents: more than {MAX_LIST_AGENTS}",
                kind.name()
            ),
        ));
    }
    Ok(())
}

/// The lists a registry imports: at most one of each kind.
#[derive(Clone, Debug, Default)]
pub struct AgentLists {
    /// By kind, so in the order of precedence.
    lists: BTreeMap<ListKind, AgentList>,
}

impl AgentLists {
    /// No list: `registry.toml` alone.
    pub fn none() -> AgentLists {
        AgentLists::default()
    }

    /// The bundled snapshot (the AI Crawler Index): what [`Registry::builtin`] imports.
    ///
    /// [`Registry::builtin`]: super::Registry::builtin
    pub fn bundled() -> AgentLists {
        let mut lists = AgentLists::none();
        lists.insert(AgentList::bundled());
        lists
    }

    /// The bundled snapshot, with the lists `update-crawlers` saved in `dir` in its place:
    /// each saved list replaces one of its kind unless that one is dated later (a cache older
    /// than the program's own snapshot is not used). A missing file is no error; a file that
    /// cannot be read or parsed is.
    pub fn with_dir(dir: &Path) -> Result<AgentLists, RegistryError> {
        AgentLists::with_saved(&saved_lists(dir)?)
    }

    /// The bundled snapshot with saved lists (kind, text, as [`saved_lists`] gives them) in
    /// its place, as [`AgentLists::with_dir`].
    pub fn with_saved(saved: &[(ListKind, String)]) -> Result<AgentLists, RegistryError> {
        let mut lists = AgentLists::bundled();
        for (kind, text) in saved {
            lists.insert(AgentList::parse(*kind, text)?);
        }
        Ok(lists)
    }

    /// What an audit imports: the bundled snapshot with the lists of [`saved_for_audit`] in
    /// its place; a damaged default directory's error comes beside them, for a warning.
    pub fn for_audit(
        dir: Option<&Path>,
    ) -> Result<(AgentLists, Option<RegistryError>), RegistryError> {
        let (saved, damaged) = saved_for_audit(dir)?;
        Ok((AgentLists::with_saved(&saved)?, damaged))
    }

    /// Adds a list, replacing the one of its kind unless that one is dated later.
    pub fn insert(&mut self, list: AgentList) {
        let newer = |old: &AgentList| match (old.date(), list.date()) {
            (Some(old), Some(new)) => new >= old,
            _ => true,
        };
        if self.lists.get(&list.kind).is_none_or(newer) {
            self.lists.insert(list.kind, list);
        }
    }

    /// The lists, in the order of precedence.
    pub fn iter(&self) -> impl Iterator<Item = &AgentList> {
        self.lists.values()
    }

    /// The list of a kind, if present.
    pub fn get(&self, kind: ListKind) -> Option<&AgentList> {
        self.lists.get(&kind)
    }
}

/// Saved lists, as read from their files: each one's kind and text, in the order of
/// precedence.
pub type SavedLists = Vec<(ListKind, String)>;

/// The saved lists an audit uses: those in `dir` (errors are errors); with no `dir`, those in
/// [`default_lists_dir`] when it exists. A damaged default directory is not worth stopping a
/// nightly run for: then no saved list is used (the bundled snapshot is) and the error comes
/// beside the empty answer, for a warning.
pub fn saved_for_audit(
    dir: Option<&Path>,
) -> Result<(SavedLists, Option<RegistryError>), RegistryError> {
    saved_or_default(dir, default_lists_dir(), saved_lists)
}

/// What an audit reads from a folder of saved copies: `dir`'s (errors are errors), else
/// those of `default` when it exists, where damage is only reported beside nothing read.
pub(crate) fn saved_or_default<T: Default>(
    dir: Option<&Path>,
    default: Option<PathBuf>,
    read: impl Fn(&Path) -> Result<T, RegistryError>,
) -> Result<(T, Option<RegistryError>), RegistryError> {
    match dir {
        Some(dir) => Ok((read(dir)?, None)),
        None => match default.filter(|d| d.is_dir()) {
            Some(dir) => Ok(match read(&dir) {
                Ok(saved) => (saved, None),
                Err(e) => (T::default(), Some(e)),
            }),
            None => Ok((T::default(), None)),
        },
    }
}

/// The lists saved in `dir` (`<kind>.json`, as `update-crawlers` writes them): each present
/// file's kind and text, in the order of precedence, each checked to parse (an error names
/// the file). A missing file is no error.
pub fn saved_lists(dir: &Path) -> Result<SavedLists, RegistryError> {
    let mut out = Vec::new();
    for kind in ListKind::ALL {
        let path = dir.join(kind.file_name());
        match std::fs::metadata(&path) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
            Err(e) => {
                return Err(RegistryError::new(ErrorKind::Io, e.to_string()).with_path(path));
            }
            Ok(m) if m.len() > MAX_LIST_BYTES => {
                return Err(RegistryError::new(
                    ErrorKind::Invalid,
                    format!("larger than {MAX_LIST_BYTES} bytes"),
                )
                .with_path(path));
            }
            Ok(_) => {}
        }
        let text = std::fs::read_to_string(&path)
            .map_err(|e| RegistryError::new(ErrorKind::Io, e.to_string()).with_path(&path))?;
        AgentList::parse(kind, &text).map_err(|e| e.with_path(&path))?;
        out.push((kind, text));
    }
    Ok(out)
}

// ---------------------------------------------------------------------------------------------
// The reviewed table. Categories are those of the report contract (`Category`); where a list's
// word covers crawlers of different kinds, the table gives the usual one and `registry.toml`
// corrects the others by name (it always wins).
// ---------------------------------------------------------------------------------------------

/// The AI Crawler Index's categories. Its `dataset` builders (Common Crawl, Diffbot, LAION)
/// collect corpora that models are trained on: `ai-training`. Its `user-fetch` holds AI
/// assistants' fetchers and also Google's other user-triggered fetchers (Read Aloud,
/// Pinpoint), corrected in `registry.toml`. Its `tool` mixes crawling frameworks anyone runs
/// (Scrapy, Crawl4AI) with Google's and Yandex's special-purpose crawlers (AdsBot,
/// YandexDirect): `other`, the one category right for both.
pub const ACI_CATEGORIES: &[(&str, Category)] = &[
    ("search", Category::Search),
    ("ai-training", Category::AiTraining),
    ("dataset", Category::AiTraining),
    ("ai-search", Category::AiSearch),
    ("user-fetch", Category::AiAssistant),
    ("seo", Category::Seo),
    ("preview", Category::SocialPreview),
    ("archive", Category::Archiver),
    ("tool", Category::Other),
];

/// ai.robots.txt's category labels in `function` (compared ignoring case, spaces and a final
/// full stop). "Data providers" sell search and retrieval over the web to AI applications
/// (search APIs for models, content extraction for retrieval): `ai-search`. "Undocumented AI
/// agents" are AI-related robots whose use nobody documents: `other`, which never conflicts
/// with a usage preference, as an unknown use must not.
pub const AI_ROBOTS_LABELS: &[(&str, Category)] = &[
    ("ai assistants", Category::AiAssistant),
    ("ai agents", Category::AiAgent),
    ("ai coding agents", Category::AiAgent),
    ("ai search crawlers", Category::AiSearch),
    ("ai data scrapers", Category::AiTraining),
    ("ai data scraper", Category::AiTraining),
    ("ai data providers", Category::AiSearch),
    ("undocumented ai agents", Category::Other),
];

/// For a `function` that is not a label (older entries describe the use in a sentence): the
/// first rule whose words occur in it, as whole words ignoring case (a word ending in `*`:
/// any word starting so). Fetching for a user's prompt comes first (it may also say
/// "search"), then training, then search, then the signs of bulk collection; anything else is
/// `other`.
pub const AI_ROBOTS_WORDS: &[(&[&str], Category)] = &[
    (&["user-initiated"], Category::AiAssistant),
    (&["user", "prompts"], Category::AiAssistant),
    (&["user", "queries"], Category::AiAssistant),
    (&["train*"], Category::AiTraining),
    (&["search"], Category::AiSearch),
    (&["scrap*"], Category::AiTraining),
    (&["dataset*"], Category::AiTraining),
    (&["data", "sets"], Category::AiTraining),
    (&["data", "sold"], Category::AiTraining),
    (&["machine", "learning"], Category::AiTraining),
    (&["llm*"], Category::AiTraining),
    (&["sharing"], Category::SocialPreview),
    (&["seo"], Category::Seo),
];

/// The category of an AI Crawler Index category name; unknown names are `other`.
pub fn aci_category(name: &str) -> Category {
    ACI_CATEGORIES
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name.trim()))
        .map_or(Category::Other, |&(_, c)| c)
}

/// The category of an ai.robots.txt `function`, by [`AI_ROBOTS_LABELS`], then
/// [`AI_ROBOTS_WORDS`], else `other`.
pub fn ai_robots_category(function: &str) -> Category {
    let words: Vec<String> = function
        .split(|c: char| !(c.is_alphanumeric() || c == '-'))
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    let label = words.join(" ");
    if let Some(&(_, c)) = AI_ROBOTS_LABELS.iter().find(|(l, _)| *l == label) {
        return c;
    }
    let has = |rule: &str| match rule.strip_suffix('*') {
        Some(stem) => words.iter().any(|w| w.starts_with(stem)),
        None => words.iter().any(|w| w == rule),
    };
    AI_ROBOTS_WORDS
        .iter()
        .find(|(rule, _)| rule.iter().all(|w| has(w)))
        .map_or(Category::Other, |&(_, c)| c)
}

// ---------------------------------------------------------------------------------------------
// The two formats.
// ---------------------------------------------------------------------------------------------

/// The AI Crawler Index's `data.json` (the fields used; the `ai-crawler-index` package's
/// own file spells two of them differently, read too).
#[derive(Deserialize)]
struct AciFile {
    #[serde(default)]
    version: Option<String>,
    #[serde(default)]
    data_version: Option<String>,
    #[serde(default)]
    generated_at: Option<String>,
    crawlers: Vec<AciCrawler>,
}

#[derive(Deserialize)]
struct AciCrawler {
    name: String,
    #[serde(default, alias = "robots_token")]
    token: Option<String>,
    #[serde(default)]
    ua: Option<String>,
    #[serde(default)]
    operator: Option<String>,
    #[serde(default)]
    category: Option<String>,
    #[serde(default, alias = "respects_robots_txt")]
    respects: Option<String>,
    #[serde(default)]
    docs: Option<String>,
    #[serde(default)]
    ua_example: Option<String>,
}

impl AciCrawler {
    /// The registry entry it gives; `None` if it cannot be one.
    fn entry(self) -> Option<Entry> {
        let name = self.name.trim();
        if !printable(name, MAX_FIELD) || !name.is_ascii() {
            return None;
        }
        let token = self.token.as_deref().unwrap_or(name).trim();
        if !printable(token, MAX_FIELD) || !token.is_ascii() {
            return None;
        }
        // A control token (Google-Extended) has a description instead of a header token.
        let patterns = match self.ua.as_deref().map(str::trim) {
            None | Some("") => Vec::new(),
            Some(ua) if ua.starts_with('(') => Vec::new(),
            Some(ua) => vec![ua.to_owned()],
        };
        let operator = self
            .operator
            .map(|o| o.trim().to_owned())
            .filter(|o| printable(o, MAX_FIELD))
            .unwrap_or_default();
        let respects = self.respects.as_deref().map(str::trim);
        let mut entry = Entry::imported(
            name,
            operator,
            aci_category(self.category.as_deref().unwrap_or("")),
        );
        entry.patterns = Some(patterns);
        entry.tokens = Some(vec![token.to_ascii_lowercase()]);
        if respects == Some("own-token-only") {
            entry.obeys_star = Some(false);
        }
        entry.obeys_robots = respects != Some("by-design-no");
        entry.docs = self.docs.filter(|d| is_url(d));
        entry.examples = self
            .ua_example
            .filter(|h| !h.starts_with('(') && printable(h, MAX_TEXT))
            .into_iter()
            .collect();
        Some(entry)
    }
}

/// One agent of ai.robots.txt's `robots.json` (the fields used).
#[derive(Deserialize)]
struct AiRobotsAgent {
    #[serde(default)]
    operator: Option<String>,
    #[serde(default)]
    function: Option<String>,
}

impl AiRobotsAgent {
    /// The registry entry of the agent keyed `key`; `None` if it cannot be one.
    fn entry(self, key: &str) -> Option<Entry> {
        let name = without_version(key.trim());
        if !printable(name, MAX_FIELD) || !name.is_ascii() {
            return None;
        }
        let (operator, docs) = self
            .operator
            .as_deref()
            .map(operator_of)
            .unwrap_or_default();
        let mut entry = Entry::imported(
            name,
            operator,
            ai_robots_category(self.function.as_deref().unwrap_or("")),
        );
        entry.docs = docs;
        Some(entry)
    }
}

/// A list key without the version some carry (`iaskspider/2.0`, `Brightbot 1.0`): the
/// agent's name, as its header token is.
fn without_version(key: &str) -> &str {
    let is_version = |s: &str| {
        let s = s.strip_prefix(['v', 'V']).unwrap_or(s);
        !s.is_empty()
            && s.starts_with(|c: char| c.is_ascii_digit())
            && s.chars().all(|c| c.is_ascii_digit() || c == '.')
    };
    match key.rfind(['/', ' ']) {
        Some(i) if i > 0 && is_version(&key[i + 1..]) => key[..i].trim_end(),
        _ => key,
    }
}

/// The operator ai.robots.txt names, and the link it gives: the text of a Markdown link
/// (`[Ai2](https://allenai.org/crawler)`), or a plain name of at most four words; nothing for
/// prose, a bare URL or "Unclear at this time." (never a guess).
fn operator_of(text: &str) -> (String, Option<String>) {
    let text = text.trim();
    if let Some(rest) = text.strip_prefix('[')
        && let Some((label, tail)) = rest.split_once("](")
        && let Some(url) = tail.strip_suffix(')')
    {
        let label = label.trim();
        let url = url.trim();
        let docs = is_url(url).then(|| url.to_owned());
        return if plain_name(label) {
            (label.to_owned(), docs)
        } else {
            (String::new(), docs)
        };
    }
    if plain_name(text) {
        (text.to_owned(), None)
    } else {
        (String::new(), None)
    }
}

/// A name rather than a sentence: printable, at most four words, no sentence punctuation,
/// not a URL, not a way of saying "unknown", not starting with a lower-case article.
fn plain_name(text: &str) -> bool {
    let lower = text.to_lowercase();
    printable(text, MAX_FIELD)
        && !text.is_empty()
        && text.split_whitespace().count() <= 4
        && !text.contains([',', ';', ':', '(', ')', '[', ']'])
        && !text.ends_with('.')
        && !lower.starts_with("http")
        && ![
            "unclear", "unknown", "n/a", "none", "the ", "a ", "an ", "anyone",
        ]
        .iter()
        .any(|w| lower.starts_with(w))
}

/// An http(s) URL of printable ASCII, of bounded length.
fn is_url(text: &str) -> bool {
    (text.starts_with("https://") || text.starts_with("http://"))
        && text.is_ascii()
        && printable(text, MAX_TEXT)
        && !text.contains(' ')
}

/// No control characters, at most `max` bytes.
fn printable(text: &str, max: usize) -> bool {
    text.len() <= max && !text.chars().any(char::is_control)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bundled_list_reads_and_is_the_one_version_names() {
        let list = AgentList::bundled();
        assert_eq!(list.kind(), ListKind::AiCrawlerIndex);
        assert_eq!(list.skipped(), 0);
        assert!(list.crawlers().len() >= 150, "{}", list.crawlers().len());
        let version = list.version().expect("the bundled list has a version");
        let date = list.date().expect("the bundled list has a date");
        assert!(
            BUNDLED_LIST.contains(&format!("Index {version} ")),
            "{version}"
        );
        assert!(BUNDLED_LIST.ends_with(&date[..10]), "{date}");
    }

    #[test]
    fn aci_entries_take_token_header_and_robots_facts() {
        let json = r#"{"version": "9", "data_version": "2026-10-01T00:00:00+00:00", "crawlers": [
            {"name": "FooBot", "token": "FooBot", "ua": "FooBot", "operator": "Foo Inc",
             "category": "dataset", "respects": "own-token-only", "docs": "https://foo.example/bot",
             "ua_example": "Mozilla/5.0 (compatible; FooBot/1.0)"},
            {"name": "Foo-Extended", "robots_token": "Foo-Extended", "ua": "(control token only)",
             "operator": "Foo Inc", "category": "ai-training"},
            {"name": "Foo-User", "token": "Foo-User", "ua": "Foo-User", "operator": "Foo Inc",
             "category": "user-fetch", "respects_robots_txt": "by-design-no"},
            {"name": "YaFoo", "token": "YaFoo", "ua": "YaFoo", "operator": "Yandex", "category": "search"},
            {"name": "Bad\u0007Name", "ua": "Bad"},
            {"name": "Spaced", "ua": " starts with space (", "category": "tool"}
        ]}"#;
        let list = AgentList::parse(ListKind::AiCrawlerIndex, json).expect("parses");
        assert_eq!(list.date(), Some("2026-10-01T00:00:00+00:00"));
        assert_eq!(list.version(), Some("9"));
        assert_eq!(
            list.skipped(),
            2,
            "a control character, a pattern that cannot match"
        );
        let by = |n: &str| {
            list.crawlers()
                .iter()
                .find(|c| c.name == n)
                .unwrap_or_else(|| panic!("{n}"))
        };
        let foo = by("FooBot");
        assert_eq!(foo.category, Category::AiTraining);
        assert_eq!(foo.operator, "Foo Inc");
        assert_eq!(foo.tokens, ["foobot"]);
        assert_eq!(foo.patterns, ["FooBot"]);
        assert!(!foo.obeys_star && foo.obeys_robots);
        assert_eq!(foo.docs.as_deref(), Some("https://foo.example/bot"));
        assert_eq!(foo.examples, ["Mozilla/5.0 (compatible; FooBot/1.0)"]);
        assert!(foo.verify.rdns_domains.is_empty() && !foo.honours_crawl_delay);
        assert!(by("Foo-Extended").is_token_only());
        let user = by("Foo-User");
        assert_eq!(user.category, Category::AiAssistant);
        assert!(!user.obeys_robots);
        assert_eq!(by("YaFoo").dialect, crate::robots::Dialect::Yandex);
    }

    #[test]
    fn ai_robots_entries_take_name_operator_and_function() {
        let json = r#"{
            "AcmeBot": {"operator": "[Acme](https://acme.example/bot)", "respect": "No",
                        "function": "AI Search Crawlers", "frequency": "x", "description": "y"},
            "acmebot": {"operator": "Someone else", "function": "AI Agents"},
            "Brightish 1.0": {"operator": "Brightish Ltd", "function": "LLM/AI training."},
            "askspider/2.0": {"operator": "Unclear at this time.", "function": "Crawls sites to provide answers to user queries."},
            "Prose": {"operator": "Prose Co, a company that makes things", "function": "Unclear at this time."},
            "Helper": {"operator": "the Chinese company Helper", "function": "AI Assistants"},
            "Odd\nName": {"function": "AI Agents"}
        }"#;
        let list = AgentList::parse(ListKind::AiRobotsTxt, json).expect("parses");
        assert_eq!(list.skipped(), 1);
        let by = |n: &str| {
            list.crawlers()
                .iter()
                .find(|c| c.name == n)
                .unwrap_or_else(|| panic!("{n}: {:?}", list.crawlers()))
        };
        // The same agent twice (keys differing in case): once, the first by key order.
        assert_eq!(list.crawlers().len(), 5);
        let acme = by("AcmeBot");
        assert_eq!(acme.operator, "Acme");
        assert_eq!(acme.docs.as_deref(), Some("https://acme.example/bot"));
        assert_eq!(acme.category, Category::AiSearch);
        assert!(acme.obeys_robots, "respect is not used");
        assert_eq!(acme.patterns, ["AcmeBot"]);
        assert_eq!(acme.tokens, ["acmebot"]);
        let bright = by("Brightish");
        assert_eq!(bright.operator, "Brightish Ltd");
        assert_eq!(bright.category, Category::AiTraining);
        let ask = by("askspider");
        assert_eq!(ask.operator, "");
        assert_eq!(ask.category, Category::AiAssistant);
        assert_eq!(by("Prose").operator, "");
        assert_eq!(by("Prose").category, Category::Other);
        assert_eq!(by("Helper").operator, "");
    }

    #[test]
    fn the_function_table_reads_labels_then_words() {
        for (function, want) in [
            ("AI Assistants", Category::AiAssistant),
            ("AI Coding Agents", Category::AiAgent),
            ("Undocumented AI Agents", Category::Other),
            ("AI data scraper", Category::AiTraining),
            ("AI Data Providers", Category::AiSearch),
            (
                "Scrapes data to train someone's products.",
                Category::AiTraining,
            ),
            ("Search result generation.", Category::AiSearch),
            (
                "Retrieves pages for user-initiated prompts.",
                Category::AiAssistant,
            ),
            ("Takes action based on user prompts.", Category::AiAssistant),
            // Whole words: "research" is not "search".
            ("Market research for brands.", Category::Other),
            (
                "Scrapes data for search engine and LLMs.",
                Category::AiSearch,
            ),
            ("Builds datasets for experiments.", Category::AiTraining),
            ("Ostensibly only for sharing.", Category::SocialPreview),
            ("Checks URLs for an SEO writing assistant.", Category::Seo),
            ("Unclear at this time.", Category::Other),
            ("", Category::Other),
        ] {
            assert_eq!(ai_robots_category(function), want, "{function:?}");
        }
        assert_eq!(aci_category("dataset"), Category::AiTraining);
        assert_eq!(aci_category("user-fetch"), Category::AiAssistant);
        assert_eq!(aci_category("tool"), Category::Other);
        assert_eq!(aci_category("something-new"), Category::Other);
    }

    #[test]
    fn versions_and_operators_are_read_conservatively() {
        assert_eq!(without_version("iaskspider/2.0"), "iaskspider");
        assert_eq!(without_version("Brightbot 1.0"), "Brightbot");
        assert_eq!(without_version("MistralAI-User/1.0"), "MistralAI-User");
        assert_eq!(without_version("Kangaroo Bot"), "Kangaroo Bot");
        assert_eq!(without_version("360Spider"), "360Spider");
        assert_eq!(operator_of("ByteDance").0, "ByteDance");
        assert_eq!(operator_of("Meta/Facebook").0, "Meta/Facebook");
        assert_eq!(operator_of("Unclear at this time.").0, "");
        assert_eq!(operator_of("https://example.com/bot").0, "");
        assert_eq!(operator_of("Anyone who downloads the client").0, "");
        assert_eq!(
            operator_of("[Large-scale Artificial Intelligence Open Network](https://x.example)"),
            (String::new(), Some("https://x.example".to_owned()))
        );
    }

    #[test]
    fn bad_lists_are_errors() {
        for (kind, text) in [
            (ListKind::AiCrawlerIndex, "<html>"),
            (ListKind::AiCrawlerIndex, r#"{"crawlers": 3}"#),
            (ListKind::AiRobotsTxt, "[1, 2]"),
            (ListKind::AiRobotsTxt, r#"{"A": 3}"#),
        ] {
            let e = AgentList::parse(kind, text).expect_err(text);
            assert_eq!(e.kind(), ErrorKind::Syntax, "{e}");
        }
        let many: Vec<String> = (0..=MAX_LIST_AGENTS)
            .map(|i| format!("\"A{i}\": {{}}"))
            .collect();
        let e = AgentList::parse(ListKind::AiRobotsTxt, &format!("{{{}}}", many.join(",")))
            .expect_err("too many");
        assert_eq!(e.kind(), ErrorKind::Invalid);
    }

    #[test]
    fn a_later_list_replaces_an_earlier_one_only() {
        let dated = |date: &str, name: &str| {
            AgentList::parse(
                ListKind::AiCrawlerIndex,
                &format!(r#"{{"data_version": "{date}", "crawlers": [{{"name": "{name}", "ua": "{name}"}}]}}"#),
            )
            .expect("parses")
        };
        let mut lists = AgentLists::none();
        lists.insert(dated("2026-09-01T00:00:00+00:00", "Old"));
        lists.insert(dated("2026-10-01T00:00:00+00:00", "New"));
        lists.insert(dated("2026-08-01T00:00:00+00:00", "Older"));
        let kept = lists.get(ListKind::AiCrawlerIndex).expect("one");
        assert_eq!(kept.crawlers()[0].name, "New");
        assert_eq!(lists.iter().count(), 1);
    }
}
