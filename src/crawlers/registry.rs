//! The crawler registry: loading `registry.toml` (built in) and users' files of the same
//! shape, and identifying a User-Agent header with one pass over its tokens.

use std::collections::BTreeMap;
use std::sync::Arc;

use foldhash::HashMap;
use serde::Deserialize;

use super::tokens::{
    declares_robot, has_feed_reader_signs, in_contact, is_name_byte, looks_automated, name_at,
    nameable_of, only_browser_words, own_tokens_of, product_before, scan, unknown_name,
};
use super::{
    AgentLists, Category, Crawler, CrawlerId, Dialect, ErrorKind, Identity, ListKind,
    RegistryError, RobotsReader, UnknownBot, VerifyMethods, list,
};

/// The built-in registry data (see the file's header for sources and licences).
const BUILTIN: &str = include_str!("registry.toml");

/// Known crawlers, and the table that finds them in a header. `Send + Sync`.
///
/// ```
/// use robots_audit::crawlers::{Dialect, Identity, Registry};
///
/// let registry = Registry::builtin();
/// let ua = b"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
/// let id = registry.identify(ua).known().expect("Googlebot is built in");
/// assert_eq!(registry.get(id).name, "Googlebot");
///
/// let id = registry.identify(b"Googlebot-Image/1.0").known().expect("built in");
/// assert_eq!(registry.get(id).tokens, ["googlebot-image", "googlebot"]);
///
/// let ua = b"Mozilla/5.0 (compatible; YandexImages/3.0; +http://yandex.com/bots)";
/// let yandex = registry.get(registry.identify(ua).known().expect("built in"));
/// assert_eq!((yandex.dialect, yandex.tokens.as_slice()), (Dialect::Yandex, &["yandeximages".to_string()][..]));
///
/// let ua = b"Mozilla/5.0 (Linux; Android 10; CUBOT X30) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36";
/// assert_eq!(registry.identify(ua), Identity::NotCrawler);
/// ```
#[derive(Clone, Debug)]
pub struct Registry {
    crawlers: Vec<Crawler>,
    /// Range list name → the URL its operator publishes it at (hook for `update-ranges`).
    ranges: BTreeMap<String, String>,
    /// The AI-agent lists → the URL each is published at (hook for `update-crawlers`).
    lists: BTreeMap<ListKind, String>,
    /// The robots.txt tokens of the token-only entries (Google-Extended, Applebot-Extended):
    /// a header that claims one is an unknown client (docs/identification.md, "Usage-only
    /// tokens").
    token_only: Vec<String>,
    /// All patterns of all crawlers, ASCII case-insensitive, every whole-token match reported
    /// (shared by clones).
    patterns: Option<Arc<Patterns>>,
    /// For each pattern of `patterns`: whose it is and how it ranks.
    owners: Vec<Owner>,
    /// Whether headers the registry does not know are looked up in the crawler-user-agents
    /// list's patterns (`list.rs`): true for the built-in registry.
    public_list: bool,
    /// Tells this build of the patterns from any other, for the [`ShapeCache`]s that hold
    /// its answers: a cache met by another registry starts afresh.
    build: u64,
}

/// The crawler a pattern belongs to, with what ranks it against other matches.
#[derive(Clone, Copy, Debug)]
struct Owner {
    id: CrawlerId,
    priority: i32,
    /// The pattern ends in `-`: it matches a token that begins with it (`bedrockbot-` and the
    /// UUID of an instance).
    prefix: bool,
}

/// The file's shape.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    #[serde(default)]
    ranges: BTreeMap<String, String>,
    #[serde(default)]
    lists: BTreeMap<String, String>,
    #[serde(default)]
    crawler: Vec<Entry>,
}

/// A registry file read over a registry: what [`Registry::load_extra`] makes of the two.
struct ReadFile {
    crawlers: Vec<Crawler>,
    ranges: BTreeMap<String, String>,
    lists: BTreeMap<ListKind, String>,
}

/// One `[[crawler]]` table (also what an imported list's agent becomes, see `import.rs`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Entry {
    pub(super) name: String,
    pub(super) operator: String,
    pub(super) category: String,
    /// Default: `[name]`. `[]` for a token-only product.
    pub(super) patterns: Option<Vec<String>>,
    /// Default: `[name]` lower-cased.
    pub(super) tokens: Option<Vec<String>>,
    /// Default: true, except for the Yandex robots that Yandex's own robot table marks as
    /// obeying only groups that name them.
    pub(super) obeys_star: Option<bool>,
    #[serde(default = "yes")]
    pub(super) obeys_robots: bool,
    #[serde(default)]
    pub(super) dialect: Option<String>,
    #[serde(default)]
    crawl_delay: bool,
    #[serde(default)]
    rdns_domains: Vec<String>,
    #[serde(default)]
    ip_ranges: Vec<String>,
    #[serde(default)]
    priority: i32,
    pub(super) docs: Option<String>,
    #[serde(default)]
    pub(super) examples: Vec<String>,
    /// Free text for reviewers; not used.
    #[serde(default)]
    #[allow(dead_code)]
    note: Option<String>,
}

impl Entry {
    /// An entry of an imported list: the registry's defaults, no verification facts, the
    /// Yandex dialect for Yandex's robots.
    pub(super) fn imported(name: &str, operator: String, category: Category) -> Entry {
        Entry {
            name: name.to_owned(),
            dialect: (operator == "Yandex").then(|| "yandex".to_owned()),
            operator,
            category: category.as_str().to_owned(),
            patterns: None,
            tokens: None,
            obeys_star: None,
            obeys_robots: true,
            crawl_delay: false,
            rdns_domains: Vec::new(),
            ip_ranges: Vec::new(),
            priority: 0,
            docs: None,
            examples: Vec::new(),
            note: None,
        }
    }
}

fn yes() -> bool {
    true
}

impl Registry {
    /// The compiled-in registry: `registry.toml`, with the bundled snapshot of the AI agent
    /// lists filling its gaps ([`AgentLists::bundled`]).
    pub fn builtin() -> Registry {
        Registry::with_lists(&AgentLists::bundled())
    }

    /// `registry.toml`, with the crawlers of `lists` filling its gaps (see `import.rs`: an
    /// entry of the file always wins, then the lists in their order of precedence; an
    /// imported crawler that is the same agent as one already present, by name, header
    /// pattern or own token, is left out).
    pub fn with_lists(lists: &AgentLists) -> Registry {
        let mut registry = Registry::unbuilt_with_lists(lists);
        registry.rebuild();
        registry
    }

    /// [`Registry::with_lists`] with a registry file's text over it (`--crawlers`: its
    /// entries win over everything, as [`Registry::load_extra`] adds them). The patterns are
    /// built once, for all of them. On error no registry is made.
    pub fn with_lists_and_text(
        lists: &AgentLists,
        extra: Option<&str>,
    ) -> Result<Registry, RegistryError> {
        let mut registry = Registry::unbuilt_with_lists(lists);
        if let Some(text) = extra {
            let file = registry.read_file(text)?;
            registry.take_file(file);
        }
        registry.try_rebuild()?;
        Ok(registry)
    }

    /// `registry.toml` and the lists' crawlers filling its gaps, without the patterns' table: the
    /// caller builds it once, when every crawler is in.
    fn unbuilt_with_lists(lists: &AgentLists) -> Registry {
        let mut registry = Registry::empty();
        // The built-in file is checked by the tests (`builtin_registry_loads` and the
        // example table), so it cannot fail at run time.
        let file = registry
            .read_file(BUILTIN)
            .expect("the built-in registry.toml is valid");
        registry.take_file(file);
        let imported: Vec<&Crawler> = lists.iter().flat_map(|l| l.crawlers()).collect();
        registry.fill_gaps(imported);
        registry.public_list = true;
        registry
    }

    /// Appends the crawlers that are not the same agent as one present (nor as one appended
    /// before them). The patterns' table is the caller's to rebuild.
    fn fill_gaps(&mut self, imported: Vec<&Crawler>) {
        let keys = |c: &Crawler| {
            let mut keys: Vec<String> = c.patterns.iter().map(|p| p.to_ascii_lowercase()).collect();
            keys.push(c.name.to_ascii_lowercase());
            keys.extend(c.tokens.first().cloned());
            keys
        };
        let mut claimed: std::collections::HashSet<String> =
            self.crawlers.iter().flat_map(keys).collect();
        for c in imported {
            // The registry stays under `u16::MAX` entries (imported lists are bounded far
            // below: `MAX_LIST_AGENTS`).
            if self.crawlers.len() >= usize::from(u16::MAX) {
                break;
            }
            let own = keys(c);
            if own.iter().any(|k| claimed.contains(k)) {
                continue;
            }
            claimed.extend(own);
            self.crawlers.push(c.clone());
        }
    }

    /// The patterns' table and the token-only set, after the crawlers changed. Patterns are
    /// checked on the way in (`convert`), so building cannot fail on them.
    fn rebuild(&mut self) {
        self.try_rebuild()
            .expect("patterns are checked when entries are read");
    }

    /// [`Registry::rebuild`], for crawlers that include a user's file: a pattern the table
    /// cannot hold is that file's error.
    fn try_rebuild(&mut self) -> Result<(), RegistryError> {
        let (patterns, owners) = build_patterns(&self.crawlers)?;
        self.patterns = patterns;
        self.owners = owners;
        self.token_only = token_only_of(&self.crawlers);
        self.build = next_build();
        Ok(())
    }

    /// A registry with no crawlers (for tests and for users who want only their own file):
    /// it knows no crawler and does not consult the crawler-user-agents list; only the signs of
    /// docs/identification.md, "Unknown automated clients" mark unknown robots.
    pub fn empty() -> Registry {
        Registry {
            crawlers: Vec::new(),
            ranges: BTreeMap::new(),
            lists: BTreeMap::new(),
            token_only: Vec::new(),
            patterns: None,
            owners: Vec::new(),
            public_list: false,
            build: next_build(),
        }
    }

    /// Adds the crawlers of a registry file (same format as the built-in one, for
    /// `--crawlers FILE`). An entry whose name equals an existing one (ignoring case) replaces
    /// it and keeps its [`CrawlerId`]; others are appended. `[ranges]` entries add or replace
    /// range list URLs. On error nothing is changed.
    pub fn load_extra(&mut self, toml_text: &str) -> Result<(), RegistryError> {
        let file = self.read_file(toml_text)?;
        let (patterns, owners) = build_patterns(&file.crawlers)?;
        self.take_file(file);
        self.patterns = patterns;
        self.owners = owners;
        Ok(())
    }

    /// The registry's crawlers, range list URLs and list URLs with a registry file's added
    /// (as [`Registry::load_extra`] adds them), the registry left as it is.
    fn read_file(&self, toml_text: &str) -> Result<ReadFile, RegistryError> {
        let file: File = toml::from_str(toml_text)
            .map_err(|e| RegistryError::new(ErrorKind::Syntax, e.to_string()))?;
        let mut crawlers = self.crawlers.clone();
        let mut ranges = self.ranges.clone();
        ranges.extend(file.ranges);
        let mut lists = self.lists.clone();
        for (name, url) in file.lists {
            let kind = ListKind::from_name(&name).ok_or_else(|| {
                RegistryError::new(
                    ErrorKind::Invalid,
                    format!(
                        "[lists] names {name:?}, which is not a list robots-audit reads ({})",
                        ListKind::ALL.map(ListKind::name).join(", ")
                    ),
                )
            })?;
            lists.insert(kind, url);
        }
        for entry in file.crawler {
            let crawler = convert(entry, &ranges)?;
            match crawlers
                .iter()
                .position(|c| c.name.eq_ignore_ascii_case(&crawler.name))
            {
                Some(i) => crawlers[i] = crawler,
                None => crawlers.push(crawler),
            }
        }
        if crawlers.len() > usize::from(u16::MAX) {
            return Err(RegistryError::new(
                ErrorKind::Invalid,
                "more than 65535 crawlers",
            ));
        }
        Ok(ReadFile {
            crawlers,
            ranges,
            lists,
        })
    }

    /// Takes what [`Registry::read_file`] read, and its token-only set; the patterns' table is the
    /// caller's to build.
    fn take_file(&mut self, file: ReadFile) {
        self.token_only = token_only_of(&file.crawlers);
        self.crawlers = file.crawlers;
        self.ranges = file.ranges;
        self.lists = file.lists;
    }

    /// The built-in registry, plus `--crawlers FILE` when given.
    pub fn builtin_with(extra: Option<&std::path::Path>) -> Result<Registry, RegistryError> {
        Registry::with_lists_and(&AgentLists::bundled(), extra)
    }

    /// [`Registry::with_lists`], plus `--crawlers FILE` when given (its entries win over
    /// everything).
    pub fn with_lists_and(
        lists: &AgentLists,
        extra: Option<&std::path::Path>,
    ) -> Result<Registry, RegistryError> {
        let Some(path) = extra else {
            return Ok(Registry::with_lists(lists));
        };
        let text = read_registry_file(path)?;
        Registry::with_lists_and_text(lists, Some(&text)).map_err(|e| e.with_path(path))
    }

    /// [`Registry::load_extra`] on the contents of a file (`--crawlers FILE`); errors name it.
    pub fn load_file(&mut self, path: &std::path::Path) -> Result<(), RegistryError> {
        let text = read_registry_file(path)?;
        self.load_extra(&text).map_err(|e| e.with_path(path))
    }

    /// Identifies the client of a User-Agent header: one look-up of the header's tokens
    /// for registry patterns (whole tokens, case-insensitive; highest priority, then longest
    /// pattern, then leftmost, then earliest entry wins); failing that, the signs of an automated
    /// client (docs/identification.md, "Unknown automated clients"). Callers should cache the
    /// result per distinct header.
    pub fn identify(&self, user_agent: &[u8]) -> Identity {
        self.classify(user_agent, false).0
    }

    /// How the client of a User-Agent header reads robots.txt: a registry crawler's tokens,
    /// `*` rule and dialect; an unknown robot's product tokens under Google's rules; for a
    /// header that is not a crawler's, the tokens a group could name it by, `*` applying (the
    /// caller asks as if it were a crawler). The audit refines the last case
    /// (docs/identification.md, "Clients a group names": only a group naming one of its tokens
    /// makes it one), see [`Registry::reader_of`].
    pub fn agent_for(&self, user_agent: &[u8]) -> RobotsReader {
        let (identity, tokens) = self.identify_with_tokens(user_agent);
        self.reader_of(&identity).unwrap_or(RobotsReader {
            tokens,
            obeys_star: true,
            dialect: Dialect::Google,
            category: None,
            obeys_robots: true,
        })
    }

    /// How the crawler of a product token reads robots.txt: the token itself, compared exactly
    /// (as Google's reference matcher compares the token its caller passes), then the tokens
    /// the registry crawler whose first token it is falls back to (`Googlebot-Image` to
    /// `Googlebot`, as the audit judges it), with that crawler's `*` rule and dialect (Yandex
    /// robots use Yandex's rules); else the token alone, with Google's rules and `*`.
    pub fn agent_for_token(&self, token: &str) -> RobotsReader {
        let lower = token.to_ascii_lowercase();
        let crawler = self
            .crawlers
            .iter()
            .find(|c| c.tokens.first().is_some_and(|t| *t == lower));
        let fallbacks = crawler.map_or(&[][..], |c| &c.tokens[1..]);
        RobotsReader {
            tokens: std::iter::once(token.to_string())
                .chain(fallbacks.iter().cloned())
                .collect(),
            obeys_star: crawler.is_none_or(|c| c.obeys_star),
            dialect: crawler.map_or(Dialect::Google, |c| c.dialect),
            category: crawler.map(|c| c.category),
            obeys_robots: crawler.is_none_or(|c| c.obeys_robots),
        }
    }

    /// How an identified crawler reads robots.txt; `None` for [`Identity::NotCrawler`].
    pub fn reader_of(&self, identity: &Identity) -> Option<RobotsReader> {
        match identity {
            Identity::Known(id) => Some(RobotsReader::from(self.get(*id))),
            Identity::Unknown(bot) => Some(RobotsReader::from(bot)),
            Identity::NotCrawler => None,
        }
    }

    /// [`Registry::identify`], and for a client that is not a crawler its
    /// [`nameable_tokens`](super::nameable_tokens) too, from the same scan of the header
    /// (empty for crawlers).
    pub fn identify_with_tokens(&self, user_agent: &[u8]) -> (Identity, Vec<String>) {
        self.classify(user_agent, true)
    }

    /// [`Registry::identify_with_tokens`], remembering in `cache` the answers that every header
    /// of the same shape shares and giving them to those headers without a scan. A shape is a
    /// header but for the digits of its runs of name bytes without a letter
    /// (`Chrome/131.0.6778.69` and `Chrome/120.0.0.0` are one; `x64` and `x86` two): most new
    /// headers of a log are a browser's seen before with other version numbers (the varied
    /// bench log's 3,165 distinct headers are 38 shapes).
    ///
    /// Only plain-browser answers ([`Identity::NotCrawler`] and its tokens) are kept, and only
    /// when nothing that can read those digits took part: no registry pattern with a digit
    /// after its first run (`YandexNews/4.0`) was compared, none matched, and the
    /// crawler-user-agents list (whose regexes can read digits) was not asked. Tokens always
    /// hold a letter, and every other test asks only where digits are, not which: the answer
    /// is always the one [`Registry::identify_with_tokens`] gives.
    pub fn identify_with_tokens_cached(
        &self,
        user_agent: &[u8],
        cache: &mut ShapeCache,
    ) -> (Identity, Vec<String>) {
        if !self.shapes_kept() {
            return self.classify(user_agent, true);
        }
        let mut key = [0u8; SHAPE_MAX];
        let Some(shape) = shape_of(user_agent, &mut key) else {
            return self.classify(user_agent, true);
        };
        if cache.build != self.build {
            cache.shapes.clear();
            cache.build = self.build;
        }
        if let Some(tokens) = cache.shapes.get(shape) {
            return (Identity::NotCrawler, tokens.clone());
        }
        let (answer, shared) = self.classify_noting(user_agent, true);
        if shared {
            if cache.shapes.len() >= SHAPES_KEPT {
                cache.shapes.clear();
            }
            cache.shapes.insert(shape.into(), answer.1.clone());
        }
        answer
    }

    /// Whether shapes can be cached with this registry: no pattern begins with a run
    /// without a letter (`1234`), which a header's digits could turn into a match; the
    /// built-in one has none.
    fn shapes_kept(&self) -> bool {
        self.patterns.as_ref().is_none_or(|p| !p.letterless)
    }

    fn classify(&self, user_agent: &[u8], want_tokens: bool) -> (Identity, Vec<String>) {
        self.classify_noting(user_agent, want_tokens).0
    }

    /// [`Registry::classify`], and whether its answer is a plain browser's that every header
    /// of the same shape shares (see [`Registry::identify_with_tokens_cached`]).
    fn classify_noting(
        &self,
        user_agent: &[u8],
        want_tokens: bool,
    ) -> ((Identity, Vec<String>), bool) {
        let (known, digits_read) = self.find_known(user_agent);
        if let Some((id, _)) = known
            && self.get(id).category != Category::Automation
        {
            return ((Identity::Known(id), Vec::new()), false);
        }
        let words = scan(user_agent);
        // (Headers of browser words only, most of a log's, need no look-up.)
        let list_asked = self.public_list && !only_browser_words(&words);
        let listed = list_asked.then(|| list::find(user_agent)).flatten();
        // An HTTP library or headless browser in the header of a client that says it is a
        // robot (`HeadlessChrome/87.0 YextBot/Java`), or after the product that uses it
        // (`W3C-checklink/4.5 libwww-perl/5.823`): that client, not the library. (Asked only
        // when a library was found: most headers are browsers.)
        let library_found =
            known.is_some() || listed.is_some_and(|m| m.category == Some(Category::Automation));
        let declared = library_found && declares_robot(&words);
        if let Some((id, start)) = known
            && !declared
            && !product_before(&words, start)
        {
            return ((Identity::Known(id), Vec::new()), false);
        }
        let feed_signs = has_feed_reader_signs(user_agent);
        let listed = listed.filter(|m| !(declared && m.category == Some(Category::Automation)));
        // A library named after the client's own product (`DAVdroid/1.9 (…; okhttp3)`): the
        // client is that product, an automated one.
        let library_behind = listed.is_some_and(|m| {
            m.category == Some(Category::Automation) && product_before(&words, m.start)
        });
        if feed_signs
            || listed.is_some()
            || known.is_some()
            || looks_automated(&words)
            || self.claims_token_only(&words)
        {
            let category = if feed_signs {
                Some(Category::FeedReader)
            } else if let Some(m) = listed {
                m.category
            } else if known.is_some() && !declared {
                Some(Category::Automation)
            } else {
                None
            };
            // The list's match names the client, unless it is a library behind another
            // product or a host name (`PostRank/2.0 (postrank.com; …)`): the product then.
            let name = listed
                .filter(|_| !library_behind)
                .and_then(|m| name_at(user_agent, m.start, m.end))
                .filter(|n| !looks_like_host(n))
                .unwrap_or_else(|| unknown_name(&words));
            // The token it is reported under comes first: a group naming the robot judges
            // it before one naming a library or a word that comes before it in the header
            // (`python-requests/2.31 NewCrawler/1.0`), as RFC 9309's most specific match.
            let mut tokens = own_tokens_of(&words);
            if let Some(at) = tokens.iter().position(|t| t.eq_ignore_ascii_case(&name)) {
                tokens[..=at].rotate_right(1);
            }
            let bot = UnknownBot {
                name,
                tokens,
                category,
                // Feed readers fetch what their users subscribed to: not crawlers (RFC 9309).
                obeys_robots: category != Some(Category::FeedReader),
            };
            ((Identity::Unknown(bot), Vec::new()), false)
        } else {
            let tokens = if want_tokens {
                nameable_of(&words)
            } else {
                Vec::new()
            };
            ((Identity::NotCrawler, tokens), !digits_read && !list_asked)
        }
    }

    /// Whether the header carries, as a product of its own, the token of a token-only entry
    /// (`Google-Extended/1.0`): no real crawler sends one, so the client is an unknown one
    /// that claims it (docs/identification.md, "Usage-only tokens"), not a browser.
    fn claims_token_only(&self, words: &super::tokens::Scan<'_>) -> bool {
        !self.token_only.is_empty()
            && words.words.iter().any(|w| {
                !w.reference
                    && self
                        .token_only
                        .iter()
                        .any(|t| t.as_bytes().eq_ignore_ascii_case(w.text))
            })
    }

    /// The registry part of [`Registry::identify`]: the crawler, and where its pattern
    /// starts in the header; and whether the answer could read digits of the header's runs
    /// without a letter (a pattern with a digit after its first run was compared, or any
    /// pattern matched: see [`Registry::identify_with_tokens_cached`]).
    fn find_known(&self, ua: &[u8]) -> (Option<(CrawlerId, usize)>, bool) {
        let Some(patterns) = self.patterns.as_ref() else {
            return (None, false);
        };
        let mut matched = false;
        // (priority, length, -start, -id): the largest wins.
        let mut best: Option<(
            i32,
            usize,
            std::cmp::Reverse<usize>,
            std::cmp::Reverse<CrawlerId>,
        )> = None;
        // Whole tokens only (docs/identification.md, "Matching a header against the
        // registry"): `bot` must not match inside `mybot`, nor `Googlebot` inside
        // `Googlebot-Image`; a pattern ending in `-` begins a token. `each_match` finds no
        // other match.
        let digits_compared = patterns.each_match(ua, |pattern, start, end| {
            matched = true;
            let owner = self.owners[pattern];
            if !owner.prefix && end < ua.len() && is_name_byte(ua[end]) {
                return;
            }
            // A name inside a URL or an e-mail address is not the client's
            // (`+http://www.archive.org/details/archive.org_bot`), nor one it only compares
            // itself to (`TelegramBot (like TwitterBot)`, `Daumoa (Following Mediapartners-Google)`).
            if in_contact(ua, start, end) || is_reference(&ua[..start]) {
                return;
            }
            let rank = (
                owner.priority,
                end - start,
                std::cmp::Reverse(start),
                std::cmp::Reverse(owner.id),
            );
            if best.is_none_or(|b| rank > b) {
                best = Some(rank);
            }
        });
        let known = best.map(|(_, _, std::cmp::Reverse(start), std::cmp::Reverse(id))| (id, start));
        (known, digits_compared || matched)
    }

    /// The crawler with this id. Panics if the id is from another registry that is larger.
    pub fn get(&self, id: CrawlerId) -> &Crawler {
        &self.crawlers[id.index()]
    }

    /// The crawler named `name` (ignoring case), token-only products included.
    pub fn by_name(&self, name: &str) -> Option<CrawlerId> {
        self.crawlers
            .iter()
            .position(|c| c.name.eq_ignore_ascii_case(name))
            .map(id_of)
    }

    /// Number of crawlers (token-only products included).
    pub fn len(&self) -> usize {
        self.crawlers.len()
    }

    /// True if there are no crawlers.
    pub fn is_empty(&self) -> bool {
        self.crawlers.is_empty()
    }

    /// All crawlers in registry order.
    pub fn iter(&self) -> impl Iterator<Item = (CrawlerId, &Crawler)> {
        self.crawlers.iter().enumerate().map(|(i, c)| (id_of(i), c))
    }

    /// The URL its operator publishes the range list `name` at (for `update-ranges`).
    pub fn range_url(&self, name: &str) -> Option<&str> {
        self.ranges.get(name).map(String::as_str)
    }

    /// The range lists that vouch for crawler `id`: its own `ip_ranges` first, then those of
    /// every other crawler with the same `operator`, without repeats. An address in any of
    /// them proves the operator (see `registry.toml`); only the crawler's own can make it
    /// spoofed.
    pub fn operator_ranges(&self, id: CrawlerId) -> Vec<&str> {
        let me = self.get(id);
        let mut out: Vec<&str> = me.verify.ip_ranges.iter().map(String::as_str).collect();
        // An empty operator is nobody known: it vouches for no other entry.
        let same = |c: &&Crawler| !me.operator.is_empty() && c.operator == me.operator;
        for c in self.crawlers.iter().filter(same) {
            for name in &c.verify.ip_ranges {
                if !out.contains(&name.as_str()) {
                    out.push(name);
                }
            }
        }
        out
    }

    /// The AI-agent lists `update-crawlers` downloads: (kind, URL), in the order of
    /// precedence.
    pub fn agent_lists(&self) -> impl Iterator<Item = (ListKind, &str)> {
        self.lists.iter().map(|(k, v)| (*k, v.as_str()))
    }

    /// The token-only entries (Google-Extended, Applebot-Extended, Googlebot-News): robots.txt
    /// tokens that name a use of another crawler's fetches, never sent in a header
    /// (docs/identification.md, "Usage-only tokens").
    pub fn token_only(&self) -> impl Iterator<Item = (CrawlerId, &Crawler)> {
        self.iter().filter(|(_, c)| c.is_token_only())
    }

    /// All range lists the registry knows: (name, URL), by name.
    pub fn range_lists(&self) -> impl Iterator<Item = (&str, &str)> {
        self.ranges.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }
}

/// A new [`Registry::build`] number.
fn next_build() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

/// Plain-browser answers by header shape, for [`Registry::identify_with_tokens_cached`]: one
/// per worker (no lock). Tied to the registry that filled it (another one empties it).
#[derive(Debug, Default)]
pub struct ShapeCache {
    /// The [`Registry::build`] the answers are from.
    build: u64,
    /// Shape → the header's nameable tokens (the answer is [`Identity::NotCrawler`]).
    shapes: HashMap<Box<[u8]>, Vec<String>>,
}

/// Headers longer than this are not cached (their shape is made on the stack).
const SHAPE_MAX: usize = 512;

/// Shapes a cache holds at most (then it starts afresh): a log has a few dozen, a hostile
/// one any number, each up to [`SHAPE_MAX`] bytes.
const SHAPES_KEPT: usize = 4096;

/// The byte classes of [`shape_of`], bits to be or-ed over a run.
const PUNCT: u8 = 0;
const LETTER: u8 = 1;
const DIGIT: u8 = 2;
/// Not a name byte ([`is_name_byte`]): ends a run.
const OTHER: u8 = 4;

static SHAPE_CLASS: [u8; 256] = {
    let mut table = [OTHER; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        if byte.is_ascii_alphabetic() {
            table[b] = LETTER;
        } else if byte.is_ascii_digit() {
            table[b] = DIGIT;
        } else if matches!(byte, b'_' | b'-' | b'.') {
            table[b] = PUNCT;
        }
        b += 1;
    }
    table
};

/// The shape of a header, in `out`: the header with each run of digits inside a run of name
/// bytes without a letter (`131.0.6778.69`, `10_15_7`, `6.0.1`) written `0`; runs with a letter
/// (`x64`, `Win64`, `SM-S918B`, `360Spider`) and every other byte as they are. Two headers of
/// one shape differ only in such digits: the same runs at the same places, the same words
/// (a word holds a letter), the same bytes around them. `None` if longer than [`SHAPE_MAX`].
fn shape_of<'o>(ua: &[u8], out: &'o mut [u8; SHAPE_MAX]) -> Option<&'o [u8]> {
    if ua.len() > SHAPE_MAX {
        return None;
    }
    let mut len = 0;
    let mut at = 0;
    while let Some(&b) = ua.get(at) {
        if SHAPE_CLASS[usize::from(b)] == OTHER {
            out[len] = b;
            len += 1;
            at += 1;
            continue;
        }
        // A run of name bytes: copied whole if it holds a letter (most do), else with each
        // run of digits as one `0`.
        let start = at;
        let mut seen = 0;
        while let Some(&b) = ua.get(at) {
            let class = SHAPE_CLASS[usize::from(b)];
            if class == OTHER {
                break;
            }
            seen |= class;
            at += 1;
        }
        let run = &ua[start..at];
        if seen & LETTER != 0 {
            out[len..len + run.len()].copy_from_slice(run);
            len += run.len();
        } else {
            let mut after_digit = false;
            for &b in run {
                let digit = b.is_ascii_digit();
                if !(digit && after_digit) {
                    out[len] = if digit { b'0' } else { b };
                    len += 1;
                }
                after_digit = digit;
            }
        }
    }
    Some(&out[..len])
}

/// True if the text before a match ends with a comparison: the word `like` or `following`,
/// or `compatible with`, `similar to` (`SentiBot www.sentibot.eu (compatible with
/// Googlebot)`): the header names another client, not itself.
fn is_reference(before: &[u8]) -> bool {
    let ends_with_word = |text: &[u8], word: &[u8]| {
        text.len() >= word.len()
            && text[text.len() - word.len()..].eq_ignore_ascii_case(word)
            && text
                .len()
                .checked_sub(word.len() + 1)
                .is_none_or(|i| !is_name_byte(text[i]))
    };
    let before = before.trim_ascii_end();
    if ends_with_word(before, b"like") || ends_with_word(before, b"following") {
        return true;
    }
    [(&b"compatible"[..], &b"with"[..]), (b"similar", b"to")]
        .iter()
        .any(|(first, second)| {
            ends_with_word(before, second)
                && ends_with_word(
                    before[..before.len() - second.len()].trim_ascii_end(),
                    first,
                )
        })
}

/// `example.com`: a dot, and letters after the last one.
fn looks_like_host(name: &str) -> bool {
    name.rsplit_once('.')
        .is_some_and(|(_, tld)| tld.len() >= 2 && tld.bytes().all(|b| b.is_ascii_alphabetic()))
}

/// The id of index `i`; `load_extra` keeps the registry under `u16::MAX` entries.
fn id_of(i: usize) -> CrawlerId {
    CrawlerId(u16::try_from(i).unwrap_or(u16::MAX))
}

/// Checks one entry and turns it into a [`Crawler`].
pub(super) fn convert(
    e: Entry,
    ranges: &BTreeMap<String, String>,
) -> Result<Crawler, RegistryError> {
    let invalid =
        |msg: String| RegistryError::new(ErrorKind::Invalid, msg).with_entry(e.name.clone());
    if e.name.trim().is_empty() || e.name.trim() != e.name {
        return Err(invalid(format!("bad crawler name {:?}", e.name)));
    }
    let category = Category::from_name(&e.category)
        .ok_or_else(|| invalid(format!("unknown category {:?}", e.category)))?;
    let dialect = match e.dialect.as_deref() {
        None | Some("google") => Dialect::Google,
        Some("yandex") => Dialect::Yandex,
        Some(other) => return Err(invalid(format!("unknown dialect {other:?}"))),
    };
    let mut tokens = e
        .tokens
        .clone()
        .unwrap_or_else(|| vec![e.name.to_ascii_lowercase()]);
    if dialect == Dialect::Google {
        tokens = with_first_words(tokens);
    }
    if tokens.is_empty() {
        return Err(invalid("no robots.txt tokens".into()));
    }
    for t in &tokens {
        if t.is_empty() || t.chars().any(|c| c.is_ascii_uppercase()) || t.trim() != t || t == "*" {
            return Err(invalid(format!(
                "token {t:?} must be lower-case, trimmed, not empty or *"
            )));
        }
    }
    let patterns = e.patterns.clone().unwrap_or_else(|| vec![e.name.clone()]);
    for p in &patterns {
        let b = p.as_bytes();
        let edges_ok = matches!((b.first(), b.last()), (Some(&f), Some(&l)) if is_name_byte(f) && is_name_byte(l));
        if !p.is_ascii() || !edges_ok {
            return Err(invalid(format!(
                "pattern {p:?} must be ASCII and start and end with a letter, digit, _, - or ."
            )));
        }
    }
    for r in &e.ip_ranges {
        if !ranges.contains_key(r) {
            return Err(invalid(format!(
                "ip_ranges names {r:?}, which [ranges] does not list"
            )));
        }
    }
    let rdns_domains: Vec<String> = e
        .rdns_domains
        .iter()
        .map(|d| d.trim_start_matches('.').to_ascii_lowercase())
        .collect();
    // Yandex: YaDirectFetcher, YandexDirect, YandexCalendar… ignore `User-agent: *`.
    let obeys_star = e.obeys_star.unwrap_or_else(|| {
        dialect != Dialect::Yandex || crate::robots::yandex_obeys_star(&e.name).unwrap_or(true)
    });
    Ok(Crawler {
        name: e.name,
        operator: e.operator,
        category,
        tokens,
        obeys_star,
        dialect,
        honours_crawl_delay: e.crawl_delay,
        verify: VerifyMethods {
            rdns_domains,
            ip_ranges: e.ip_ranges,
        },
        patterns,
        priority: e.priority,
        obeys_robots: e.obeys_robots,
        docs: e.docs,
        examples: e.examples,
    })
}

/// A token of several words (`kangaroo bot`) followed by its first word (`kangaroo`), unless
/// the tokens have it already: in the google dialect a group is keyed by one word
/// (`User-agent: Kangaroo Bot` names `kangaroo`), so the whole name can never be a group's
/// key and the crawler would answer to no group written for it (docs/identification.md,
/// "robots.txt tokens").
fn with_first_words(tokens: Vec<String>) -> Vec<String> {
    let mut out: Vec<String> = Vec::with_capacity(tokens.len());
    for t in &tokens {
        let first = t
            .split(|c: char| c.is_ascii_whitespace() || c == '/')
            .next()
            .unwrap_or_default();
        if !out.contains(t) {
            out.push(t.clone());
        }
        if first.len() < t.len()
            && !first.is_empty()
            && !tokens.iter().chain(&out).any(|o| o == first)
        {
            out.push(first.to_string());
        }
    }
    out
}

/// The text of a registry file (`--crawlers FILE`); an error names the file.
fn read_registry_file(path: &std::path::Path) -> Result<String, RegistryError> {
    std::fs::read_to_string(path)
        .map_err(|e| RegistryError::new(ErrorKind::Io, e.to_string()).with_path(path))
}

/// The own robots.txt tokens of the token-only entries.
fn token_only_of(crawlers: &[Crawler]) -> Vec<String> {
    crawlers
        .iter()
        .filter(|c| c.is_token_only())
        .filter_map(|c| c.tokens.first().cloned())
        .collect()
}

/// Every pattern of every crawler, found by the token a match must begin with.
///
/// A match counts only as a whole token (docs/identification.md, "Matching a header against
/// the registry"): it begins where a run of name bytes ([`is_name_byte`]) begins, and patterns
/// begin and end with a name byte (`convert` checks). So the run a match begins with is the
/// pattern's own first run, whole: right after it the pattern has a byte that is no name
/// byte, or the pattern ends there and so must the token. One look-up per run of the header
/// finds every pattern that can match, where an automaton over all patterns walked every
/// byte and reported matches inside words only to see them refused. A pattern that is one
/// run ending in `-` begins a token (`bedrockbot-` and an instance's UUID): it is compared
/// with the start of each run instead.
#[derive(Debug)]
struct Patterns {
    /// Each pattern as written, compared ignoring ASCII case.
    patterns: Vec<Box<[u8]>>,
    /// A pattern's first run in lower case → the patterns beginning with it.
    by_first_run: HashMap<Box<[u8]>, Vec<u32>>,
    /// For each lower-case first byte, bit `n` (`n` < 63) or 63 (longer) is set when some key of
    /// `by_first_run` has that first byte and length: most runs of a header (`Mozilla`,
    /// `AppleWebKit`, versions) are none, and this tells so without hashing them.
    first_runs: [u64; 256],
    /// The patterns of one run that end in `-`: a run that begins with one matches it.
    prefixes: Vec<u32>,
    /// For each pattern, whether it holds a digit after its first run (`YandexNews/4.0`):
    /// whether it matches can then depend on the digits of a header's runs without a letter
    /// (see [`Registry::identify_with_tokens_cached`]).
    digits_after_first_run: Vec<bool>,
    /// Some pattern's first run (or a prefix pattern) holds no letter (`1234`): a header's
    /// runs without a letter are then looked up too, and no shape is cached.
    letterless: bool,
}

/// The runs looked up in [`Patterns::by_first_run`] are lower-cased on the stack up to this
/// length; a longer one (none in the registry) is lower-cased on the heap.
const RUN_ON_STACK: usize = 64;

/// Each byte in lower case if it is a name byte ([`is_name_byte`]), else 0: a header's runs
/// are cut and lower-cased in one pass.
static LOWER_NAME_BYTE: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        if byte.is_ascii_alphanumeric() || matches!(byte, b'_' | b'-' | b'.') {
            table[b] = byte.to_ascii_lowercase();
        }
        b += 1;
    }
    table
};

/// The bit of [`Patterns::first_runs`] for a run of `len` bytes.
fn length_bit(len: usize) -> u64 {
    1 << len.min(63)
}

impl Patterns {
    fn new(patterns: Vec<String>) -> Result<Patterns, String> {
        let mut out = Patterns {
            patterns: Vec::with_capacity(patterns.len()),
            by_first_run: HashMap::default(),
            first_runs: [0; 256],
            prefixes: Vec::new(),
            digits_after_first_run: Vec::new(),
            letterless: false,
        };
        for (i, p) in patterns.into_iter().enumerate() {
            let index = u32::try_from(i).map_err(|_| "too many patterns".to_string())?;
            let bytes = p.into_bytes().into_boxed_slice();
            let run = bytes.iter().take_while(|&&b| is_name_byte(b)).count();
            if run == 0 || !bytes.last().copied().is_some_and(is_name_byte) {
                // `convert` refuses them: such a pattern could begin where no run does.
                return Err(format!(
                    "pattern {:?} must start and end with a letter, digit, _, - or .",
                    String::from_utf8_lossy(&bytes)
                ));
            }
            out.letterless |= !bytes[..run].iter().any(u8::is_ascii_alphabetic);
            out.digits_after_first_run
                .push(bytes[run..].iter().any(u8::is_ascii_digit));
            if run == bytes.len() && bytes.ends_with(b"-") {
                out.prefixes.push(index);
            } else {
                let key = bytes[..run].to_ascii_lowercase();
                out.first_runs[usize::from(key[0])] |= length_bit(run);
                out.by_first_run
                    .entry(key.into_boxed_slice())
                    .or_default()
                    .push(index);
            }
            out.patterns.push(bytes);
        }
        Ok(out)
    }

    /// Calls `found(pattern, start, end)` for every pattern that matches at the start of a
    /// run of `ua` (ignoring ASCII case), with the byte after it no name byte unless the
    /// pattern ends in `-`: exactly the matches that begin and end as whole tokens. True if a
    /// pattern with a digit after its first run was compared.
    fn each_match(&self, ua: &[u8], mut found: impl FnMut(usize, usize, usize)) -> bool {
        let mut digits_compared = false;
        let mut lower = [0u8; RUN_ON_STACK];
        let mut at = 0;
        while at < ua.len() {
            if LOWER_NAME_BYTE[usize::from(ua[at])] == 0 {
                at += 1;
                continue;
            }
            let start = at;
            while let Some(&b) = ua.get(at) {
                let l = LOWER_NAME_BYTE[usize::from(b)];
                if l == 0 {
                    break;
                }
                if let Some(slot) = lower.get_mut(at - start) {
                    *slot = l;
                }
                at += 1;
            }
            let len = at - start;
            let candidates: &[u32] =
                if self.first_runs[usize::from(lower[0])] & length_bit(len) == 0 {
                    &[]
                } else if let Some(run) = lower.get(..len) {
                    self.by_first_run.get(run).map_or(&[], Vec::as_slice)
                } else {
                    self.by_first_run
                        .get(&*ua[start..at].to_ascii_lowercase())
                        .map_or(&[], Vec::as_slice)
                };
            for &p in candidates {
                digits_compared |= self.digits_after_first_run[p as usize];
                self.compare(ua, start, p as usize, &mut found);
            }
            // (A prefix pattern is one run: no digit after it.)
            for &p in &self.prefixes {
                if self.patterns[p as usize].len() <= len {
                    self.compare(ua, start, p as usize, &mut found);
                }
            }
        }
        digits_compared
    }

    /// Calls `found` if pattern `p` is at `ua[start..]`, ignoring ASCII case.
    fn compare(
        &self,
        ua: &[u8],
        start: usize,
        p: usize,
        found: &mut impl FnMut(usize, usize, usize),
    ) {
        let pattern = &self.patterns[p];
        let end = start + pattern.len();
        if ua
            .get(start..end)
            .is_some_and(|at| at.eq_ignore_ascii_case(pattern))
        {
            found(p, start, end);
        }
    }
}

/// Every pattern of every crawler, to be found in headers.
fn build_patterns(
    crawlers: &[Crawler],
) -> Result<(Option<Arc<Patterns>>, Vec<Owner>), RegistryError> {
    let mut patterns: Vec<String> = Vec::new();
    let mut owners = Vec::new();
    for (i, c) in crawlers.iter().enumerate() {
        for p in &c.patterns {
            patterns.push(p.clone());
            owners.push(Owner {
                id: id_of(i),
                priority: c.priority,
                prefix: p.ends_with('-'),
            });
        }
    }
    if patterns.is_empty() {
        return Ok((None, owners));
    }
    let patterns = Patterns::new(patterns)
        .map_err(|e| RegistryError::new(ErrorKind::Invalid, format!("patterns: {e}")))?;
    Ok((Some(Arc::new(patterns)), owners))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every robot of the registry read in the yandex dialect is one of the robots engine's
    /// Yandex robots: a name it lacks is compared exactly, and a `Yandex` group would not
    /// cover it (docs/robots-txt.md, "yandex dialect: robot families").
    #[test]
    fn every_yandex_robot_of_the_registry_is_known_to_the_engine() {
        let registry = Registry::builtin();
        let missing: Vec<&str> = registry
            .iter()
            .map(|(_, c)| c)
            .filter(|c| c.dialect == Dialect::Yandex)
            .filter(|c| {
                let token = c.tokens.first().map_or("", String::as_str);
                crate::robots::yandex_obeys_star(token).is_none()
            })
            .map(|c| c.name.as_str())
            .collect();
        assert!(missing.is_empty(), "{missing:?}");
    }

    /// An editor's Electron header is its built-in browser's, sent for a person: identified,
    /// counted, never judged (a developer previewing a page is no crawler breaking `*`).
    #[test]
    fn editors_built_in_browsers_are_not_bound() {
        let registry = Registry::builtin();
        for (header, name) in [
            (
                "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Code/1.85.1 Chrome/114.0.5735.289 Electron/25.9.7 Safari/537.36",
                "Code",
            ),
            (
                "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Cursor/0.42.3 Chrome/124.0.6367.243 Electron/30.4.0 Safari/537.36",
                "Cursor",
            ),
            (
                "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Trae/1.0.12 Chrome/122.0.6261.156 Electron/29.4.6 Safari/537.36",
                "Trae",
            ),
        ] {
            let Identity::Known(id) = registry.identify(header.as_bytes()) else {
                panic!("{header}: not identified");
            };
            let c = registry.get(id);
            assert_eq!(c.name, name);
            assert!(!c.obeys_robots, "{name}");
        }
    }

    #[test]
    fn a_token_of_several_words_is_followed_by_its_first_word_once() {
        let v = |t: &[&str]| t.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let cases: [(&[&str], &[&str]); 5] = [
            (&["kangaroo bot"], &["kangaroo bot", "kangaroo"]),
            (
                &["sogou web spider", "sogou"],
                &["sogou web spider", "sogou"],
            ),
            (&["foo bar", "foo baz"], &["foo bar", "foo", "foo baz"]),
            (&["gptbot"], &["gptbot"]),
            (&["acme/2", "acme"], &["acme/2", "acme"]),
        ];
        for (tokens, want) in cases {
            assert_eq!(with_first_words(v(tokens)), v(want), "{tokens:?}");
        }
    }

    #[test]
    fn agent_for_reads_a_header_as_the_audit_identifies_it() {
        let registry = Registry::builtin();
        let image = registry.agent_for(b"Googlebot-Image/1.0");
        assert_eq!(image.tokens, ["googlebot-image", "googlebot"]);
        assert_eq!(image.dialect, Dialect::Google);
        assert_eq!(image.category, Some(Category::Search));
        let yandex = registry.agent_for(b"Mozilla/5.0 (compatible; YandexBot/3.0)");
        assert_eq!(yandex.dialect, Dialect::Yandex);
        let unknown = registry.agent_for(b"FooBot/2.1 (+https://foo.example/bot)");
        assert_eq!(unknown.tokens, ["foobot"]);
        assert!(unknown.obeys_star);
        assert_eq!(unknown.category, None);
        let feed = registry.agent_for(b"Feedbin feed-id:1373711 - 2 subscribers");
        assert!(!feed.obeys_robots, "{feed:?}");
        // Not a crawler: the tokens a group could name it by, `*` applying for the caller.
        let curlish = registry.agent_for(b"Mozilla/5.0 (X11; Linux x86_64) Acme/4.2");
        assert_eq!(curlish.tokens, ["acme"]);
        assert!(curlish.obeys_star);
    }

    #[test]
    fn agent_for_token_keeps_the_token_and_takes_the_crawlers_rules() {
        let registry = Registry::builtin();
        let yandex = registry.agent_for_token("YandexBot");
        assert_eq!(yandex.tokens, ["YandexBot"]);
        assert_eq!(yandex.dialect, Dialect::Yandex);
        // The audit judges Googlebot-Image by a `Googlebot` group when none names it.
        let image = registry.agent_for_token("Googlebot-Image");
        assert_eq!(image.tokens, ["Googlebot-Image", "googlebot"]);
        let other = registry.agent_for_token("NoSuchBot");
        assert_eq!(other.tokens, ["NoSuchBot"]);
        assert_eq!((other.dialect, other.obeys_star), (Dialect::Google, true));
    }

    /// The look-up by first run finds the whole-token matches that an automaton over every
    /// pattern finds with the byte on each side checked, as the registry once found them.
    #[test]
    fn patterns_are_found_as_an_automaton_finds_whole_tokens() {
        let registry = Registry::builtin();
        let patterns = registry
            .patterns
            .as_ref()
            .expect("the built-in registry has patterns");
        let automaton = aho_corasick::AhoCorasick::builder()
            .ascii_case_insensitive(true)
            .match_kind(aho_corasick::MatchKind::Standard)
            .build(patterns.patterns.iter().map(|p| &p[..]))
            .expect("builds");
        let mut headers: Vec<Vec<u8>> = include_str!("../../testdata/crawlers/bot-user-agents.txt")
            .lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| l.as_bytes().to_vec())
            .collect();
        let mut state = 7u64;
        let mut below = |n: usize| (crate::test_rng::xorshift(&mut state) % n as u64) as usize;
        let bits: [&[u8]; 10] = [
            b" ", b"-", b".", b"/", b"(", b"X", b"like ", b"\xff", b"1", b";",
        ];
        for _ in 0..20_000 {
            // Patterns glued to each other and to the bytes around tokens.
            let mut h = Vec::new();
            for _ in 0..below(6) + 1 {
                if below(2) == 0 {
                    let p = &patterns.patterns[below(patterns.patterns.len())];
                    if below(2) == 0 {
                        h.extend(p.to_ascii_uppercase());
                    } else {
                        h.extend_from_slice(p);
                    }
                } else {
                    h.extend_from_slice(bits[below(bits.len())]);
                }
            }
            headers.push(h);
        }
        let owners = &registry.owners;
        for ua in &headers {
            let ua = &ua[..];
            let whole = |p: usize, start: usize, end: usize| {
                (start == 0 || !is_name_byte(ua[start - 1]))
                    && (owners[p].prefix || end == ua.len() || !is_name_byte(ua[end]))
            };
            let mut want: Vec<(usize, usize, usize)> = automaton
                .find_overlapping_iter(ua)
                .map(|m| (m.pattern().as_usize(), m.start(), m.end()))
                .filter(|&(p, s, e)| whole(p, s, e))
                .collect();
            let mut got = Vec::new();
            patterns.each_match(ua, |p, s, e| {
                if whole(p, s, e) {
                    got.push((p, s, e));
                }
            });
            want.sort_unstable();
            got.sort_unstable();
            assert_eq!(got, want, "{:?}", String::from_utf8_lossy(ua));
        }
    }

    #[test]
    fn identify_with_tokens_is_identify_plus_one_scan_of_the_same_tokens() {
        let registry = Registry::builtin();
        let bots = include_str!("../../testdata/crawlers/bot-user-agents.txt");
        let browsers = [
            "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
            "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36",
            "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
            "python-requests/2.32.3",
            "curl/8.5.0",
            "Mozilla/5.0 MOZILLA/5.0 (compatible) Opera/9.80 OPR/1",
            "",
        ];
        let mut not_crawlers = 0;
        for ua in bots.lines().filter(|l| !l.starts_with('#')).chain(browsers) {
            let (identity, tokens) = registry.identify_with_tokens(ua.as_bytes());
            assert_eq!(identity, registry.identify(ua.as_bytes()), "{ua}");
            // The tokens, as the audit computed them before: all product tokens, then the
            // browser ones removed.
            let want: Vec<String> = match identity {
                Identity::NotCrawler => {
                    not_crawlers += 1;
                    crate::crawlers::product_tokens(ua.as_bytes())
                        .into_iter()
                        .filter(|t| !crate::crawlers::is_browser_token(t))
                        .collect()
                }
                _ => Vec::new(),
            };
            assert_eq!(tokens, want, "{ua}");
            assert_eq!(
                crate::crawlers::nameable_tokens(ua.as_bytes()),
                crate::crawlers::product_tokens(ua.as_bytes())
                    .into_iter()
                    .filter(|t| !crate::crawlers::is_browser_token(t))
                    .collect::<Vec<_>>(),
                "{ua}"
            );
        }
        assert!(not_crawlers >= browsers.len() - 1, "{not_crawlers}");
    }

    #[test]
    fn shapes_differ_only_in_digits_of_runs_without_a_letter() {
        let shape = |ua: &str| {
            let mut out = [0u8; SHAPE_MAX];
            shape_of(ua.as_bytes(), &mut out).map(<[u8]>::to_vec)
        };
        let chrome = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.69 Safari/537.36";
        assert_eq!(
            shape(chrome).as_deref(),
            Some(&b"Mozilla/0.0 (Windows NT 0.0; Win64; x64) AppleWebKit/0.0 (KHTML, like Gecko) Chrome/0.0.0.0 Safari/0.0"[..])
        );
        assert_eq!(
            shape(chrome),
            shape(&chrome.replace("131.0.6778.69", "9.1.2.3"))
        );
        assert_eq!(
            shape("iPhone OS 17_1_2 like"),
            shape("iPhone OS 9_0_12 like")
        );
        // A digit glued to a letter, or one more or fewer number in a run, is another shape.
        for (a, b) in [
            ("Win64; x64", "Win64; x86"),
            ("Win64; x64", "Win32; x64"),
            ("SM-S918B", "SM-S911B"),
            ("Chrome/1.2", "Chrome/1.2.3"),
            ("Chrome/1", "Chrome/1."),
            ("Build/MMB29P", "Build/MMB30P"),
            ("a 1", "a 1-"),
        ] {
            assert_ne!(shape(a), shape(b), "{a} {b}");
        }
        assert_eq!(shape(&"1".repeat(SHAPE_MAX)), Some(b"0".to_vec()));
        assert_eq!(shape(&"1".repeat(SHAPE_MAX + 1)), None);
    }

    /// Headers of one shape that must be told apart: the cache must not answer for the
    /// second with the first's answer, whichever comes first.
    #[test]
    fn a_cached_shape_never_answers_for_a_header_it_does_not_fit() {
        let check = |registry: &Registry, headers: &[&str]| {
            for order in [headers.to_vec(), headers.iter().rev().copied().collect()] {
                let mut cache = ShapeCache::default();
                for ua in order {
                    assert_eq!(
                        registry.identify_with_tokens_cached(ua.as_bytes(), &mut cache),
                        registry.identify_with_tokens(ua.as_bytes()),
                        "{ua}"
                    );
                }
            }
        };
        // A pattern with digits after its first run: `Acme/2.0` is a crawler, `Acme/3.0` a
        // client with a token of its own (no list is asked: the cache could take it).
        let mut acme = Registry::empty();
        acme.load_extra(
            "[[crawler]]\nname = \"Acme\"\noperator = \"Acme\"\ncategory = \"other\"\npatterns = [\"Acme/2.0\"]",
        )
        .expect("valid");
        let (crawler, other) = ("Mozilla/5.0 (X11) Acme/2.0", "Mozilla/5.0 (X11) Acme/3.0");
        assert!(acme.identify(crawler.as_bytes()).is_crawler());
        assert_eq!(acme.identify(other.as_bytes()), Identity::NotCrawler);
        check(&acme, &[other, crawler]);
        // A pattern without a letter in its first run: no shape is cached.
        let mut digits = Registry::empty();
        digits
            .load_extra(
                "[[crawler]]\nname = \"Digits\"\noperator = \"N\"\ncategory = \"other\"\npatterns = [\"1234\"]",
            )
            .expect("valid");
        assert!(digits.identify(b"Mozilla/5.0 (X11) 1234").is_crawler());
        check(&digits, &["Mozilla/5.0 (X11) 99", "Mozilla/5.0 (X11) 1234"]);
        // The built-in registry: a registry pattern with a version, digits glued to letters.
        let builtin = Registry::builtin();
        let win = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
        check(
            &builtin,
            &[
                win,
                &win.replace("x64", "x65"),
                &win.replace("Win64", "Win65"),
                &win.replace("131.0.0.0", "7.1"),
                &win.replace("Chrome/131.0.0.0", "YandexNews/5.0"),
                &win.replace("Chrome/131.0.0.0", "YandexNews/4.0"),
                "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
                "Mozilla/5.0 (Linux; Android 14; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36",
            ],
        );
    }

    /// The cache gives what the registry gives on the example headers of the registry and
    /// of the test corpora, as written and with other digits, all through one cache.
    #[test]
    fn cached_answers_are_the_registrys() {
        let registry = Registry::builtin();
        let mut cache = ShapeCache::default();
        let bots = include_str!("../../testdata/crawlers/bot-user-agents.txt");
        let uap = include_str!("../../testdata/crawlers/uap-core-user-agents.tsv");
        let examples: Vec<String> = registry
            .iter()
            .flat_map(|(_, c)| c.examples.clone())
            .chain(
                bots.lines()
                    .filter(|l| !l.starts_with('#'))
                    .map(String::from),
            )
            .chain(
                uap.lines()
                    .filter(|l| !l.starts_with('#'))
                    .filter_map(|l| l.split('\t').nth(2).map(String::from)),
            )
            .collect();
        let mut seed = 0x9e37_79b9_u32;
        let mut digit = || {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            char::from(b'0' + (seed % 10) as u8)
        };
        let mut hits = 0;
        for ua in &examples {
            for round in 0..4 {
                // Round 0 as written; then every digit changed, in round 3 each made two.
                let ua: String = ua
                    .chars()
                    .flat_map(|c| match (round, c.is_ascii_digit()) {
                        (0, _) | (_, false) => vec![c],
                        (3, true) => vec![digit(), digit()],
                        _ => vec![digit()],
                    })
                    .collect();
                let mut key = [0u8; SHAPE_MAX];
                hits += shape_of(ua.as_bytes(), &mut key)
                    .is_some_and(|shape| cache.shapes.contains_key(shape))
                    as usize;
                let cached = registry.identify_with_tokens_cached(ua.as_bytes(), &mut cache);
                assert_eq!(cached, registry.identify_with_tokens(ua.as_bytes()), "{ua}");
            }
        }
        assert!(hits > 200, "{hits}");
    }

    #[test]
    fn yandex_robots_that_ignore_star_say_so_by_default() {
        let r = Registry::builtin();
        let star = |name: &str| {
            r.iter()
                .find(|(_, c)| c.name == name)
                .map(|(_, c)| c.obeys_star)
        };
        assert_eq!(star("YandexBot"), Some(true));
        assert_eq!(
            star("YaDirectFetcher"),
            Some(false),
            "Yandex's table: explicit groups only"
        );
        assert_eq!(star("YandexDirect"), Some(false));
        assert_eq!(star("Googlebot"), Some(true));
        assert_eq!(star("AdsBot-Google"), Some(false));
    }

    const SMALL: &str = r#"
        [ranges]
        example = "https://example.com/ranges.json"

        [[crawler]]
        name = "Googlebot"
        operator = "Google"
        category = "search"

        [[crawler]]
        name = "Googlebot-Image"
        operator = "Google"
        category = "search"
        tokens = ["googlebot-image", "googlebot"]
        ip_ranges = ["example"]

        [[crawler]]
        name = "Bot"
        operator = "Nobody"
        category = "other"
    "#;

    fn small() -> Registry {
        let mut r = Registry::empty();
        r.load_extra(SMALL).expect("SMALL is valid");
        r
    }

    #[test]
    fn whole_tokens_only() {
        let r = small();
        let name = |ua: &str| {
            r.identify(ua.as_bytes())
                .known()
                .map(|id| r.get(id).name.clone())
        };
        assert_eq!(
            name("Googlebot-Image/1.0").as_deref(),
            Some("Googlebot-Image")
        );
        assert_eq!(name("googlebot/2.1").as_deref(), Some("Googlebot"));
        assert_eq!(name("Mozilla/5.0 (compatible; mybot/1.0)"), None);
        assert_eq!(name("xGooglebot/1.0"), None);
        assert_eq!(name("Bot"), Some("Bot".into()));
        assert_eq!(
            name("Mozilla/5.0 (compatible; Bot/1.0)"),
            Some("Bot".into())
        );
        assert_eq!(name("see http://x.example/bot.html"), None);
    }

    #[test]
    fn longest_pattern_wins() {
        let r = small();
        let id = r
            .identify(b"Bot/1 Googlebot-Image/1.0")
            .known()
            .expect("known");
        assert_eq!(r.get(id).name, "Googlebot-Image");
    }

    #[test]
    fn priority_beats_length_and_references_do_not_count() {
        let mut r = small();
        r.load_extra(
            "[[crawler]]\nname = \"Daum\"\noperator = \"Kakao\"\ncategory = \"search\"\npatterns = [\"Daumoa\"]\npriority = 1",
        )
        .expect("valid");
        let name = |ua: &str| {
            r.identify(ua.as_bytes())
                .known()
                .map(|id| r.get(id).name.clone())
        };
        assert_eq!(
            name("Daumoa/4.0 Googlebot-Image/1.0").as_deref(),
            Some("Daum")
        );
        // Only compared to: not the client.
        assert_eq!(name("FooFetcher/1.0 (like Googlebot)"), None);
        assert_eq!(name("Foo (Following Googlebot)"), None);
        assert_eq!(name("Foo (unlike Googlebot)").as_deref(), Some("Googlebot"));
        // Inside a URL or an e-mail address: not the client.
        assert_eq!(name("Foo/1.0 (+https://example.com/Googlebot)"), None);
        assert_eq!(name("Foo/1.0 (googlebot@example.com)"), None);
    }

    #[test]
    fn load_file_names_the_file() {
        let mut r = small();
        let missing = std::path::Path::new("/nonexistent/crawlers.toml");
        let e = r.load_file(missing).expect_err("missing file");
        assert_eq!(e.kind(), ErrorKind::Io);
        assert_eq!(e.path(), Some(missing));
    }

    #[test]
    fn bad_entries_are_rejected() {
        for text in [
            "[[crawler]]\nname = \"X\"\noperator = \"Y\"\ncategory = \"nope\"",
            "[[crawler]]\nname = \"X\"\noperator = \"Y\"\ncategory = \"seo\"\ntokens = [\"X\"]",
            "[[crawler]]\nname = \"X\"\noperator = \"Y\"\ncategory = \"seo\"\ntokens = []",
            "[[crawler]]\nname = \"X\"\noperator = \"Y\"\ncategory = \"seo\"\npatterns = [\" X\"]",
            "[[crawler]]\nname = \"X\"\noperator = \"Y\"\ncategory = \"seo\"\nip_ranges = [\"none\"]",
            "[[crawler]]\nname = \"X\"\noperator = \"Y\"\ncategory = \"seo\"\ndialect = \"bing\"",
            "[[crawler]]\nname = \"X\"\noperator = \"Y\"\ncategory = \"seo\"\nfrobs = 1",
            "not toml [",
        ] {
            let mut r = small();
            let err = r.load_extra(text).expect_err(text);
            assert!(
                matches!(err.kind(), ErrorKind::Invalid | ErrorKind::Syntax),
                "{err}"
            );
            assert_eq!(r.len(), 3, "nothing changes on error");
        }
    }

    #[test]
    fn imported_agents_fill_gaps_only() {
        let mut r = small();
        let list = crate::crawlers::AgentList::parse(
            crate::crawlers::ListKind::AiRobotsTxt,
            r#"{
                "googlebot": {"operator": "Someone", "function": "AI Agents"},
                "GOOGLEBOT-IMAGE": {"operator": "Someone", "function": "AI Agents"},
                "NewAgent": {"operator": "New Co", "function": "AI Agents"},
                "newagent": {"operator": "Other Co", "function": "AI Assistants"}
            }"#,
        )
        .expect("parses");
        let before = r.len();
        r.fill_gaps(list.crawlers().iter().collect());
        r.rebuild();
        assert_eq!(r.len(), before + 1, "only NewAgent is new");
        let google = r.get(r.by_name("Googlebot").expect("kept"));
        assert_eq!(
            (google.operator.as_str(), google.category),
            ("Google", Category::Search)
        );
        let id = r.identify(b"NewAgent/1.0").known().expect("imported");
        assert_eq!(r.get(id).operator, "New Co");
        assert_eq!(r.get(id).category, Category::AiAgent);
        // The same agent again, from a later list: the first one stays.
        let again = crate::crawlers::AgentList::parse(
            crate::crawlers::ListKind::AiRobotsTxt,
            r#"{"NEWAGENT": {"operator": "Third Co", "function": "AI Assistants"}}"#,
        )
        .expect("parses");
        r.fill_gaps(again.crawlers().iter().collect());
        r.rebuild();
        assert_eq!(r.len(), before + 1);
        assert_eq!(r.get(id).operator, "New Co");
    }

    /// `--crawlers`: the registry built once with the file's text over the lists is the one
    /// that loading the file into the finished registry made (an entry replacing one by
    /// name keeps its place, a new one comes last), and a bad file is the same error.
    #[test]
    fn a_users_file_over_the_lists_in_one_build() {
        let lists = AgentLists::bundled();
        let text = "[[crawler]]\nname = \"Googlebot\"\noperator = \"Mine\"\ncategory = \"other\"\n\
                    examples = [\"Googlebot/2.1\"]\n\
                    [[crawler]]\nname = \"ExampleBot\"\noperator = \"Example\"\n\
                    category = \"search\"\nexamples = [\"ExampleBot/1.0\"]\n";
        let once = Registry::with_lists_and_text(&lists, Some(text)).expect("valid");
        let mut twice = Registry::with_lists(&lists);
        twice.load_extra(text).expect("valid");
        let names = |r: &Registry| r.iter().map(|(_, c)| c.name.clone()).collect::<Vec<_>>();
        assert_eq!(names(&once), names(&twice));
        assert_eq!(names(&once).last().map(String::as_str), Some("ExampleBot"));
        let google = once.by_name("Googlebot").expect("replaced in place");
        assert_eq!(once.get(google).operator, "Mine");
        for ua in [
            "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
            "ExampleBot/1.0 (+https://example.com/bot)",
            "Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)",
            "Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0",
            "SomeNewCrawler/0.1 (+https://new.example/bot)",
        ] {
            assert_eq!(
                once.identify(ua.as_bytes()),
                twice.identify(ua.as_bytes()),
                "{ua}"
            );
        }
        assert!(matches!(
            once.identify(b"ExampleBot/1.0"),
            Identity::Known(id) if once.get(id).name == "ExampleBot"
        ));
        let bad = "[[crawler]]\nname = \"X\"\n";
        let e = Registry::with_lists_and_text(&lists, Some(bad)).expect_err("no operator");
        let mut r = Registry::with_lists(&lists);
        assert_eq!(
            e.to_string(),
            r.load_extra(bad).expect_err("no operator").to_string()
        );
        assert_eq!(
            names(&Registry::with_lists_and_text(&lists, None).expect("no file")),
            names(&Registry::with_lists(&lists))
        );
    }

    #[test]
    fn an_empty_operator_vouches_for_nobody() {
        let mut r = Registry::empty();
        r.load_extra(
            "[ranges]\nx = \"https://x.example/r.json\"\n\
             [[crawler]]\nname = \"A\"\noperator = \"\"\ncategory = \"other\"\nip_ranges = [\"x\"]\n\
             [[crawler]]\nname = \"B\"\noperator = \"\"\ncategory = \"other\"\n",
        )
        .expect("valid");
        let (a, b) = (r.by_name("A").expect("A"), r.by_name("B").expect("B"));
        assert_eq!(r.operator_ranges(a), ["x"]);
        assert!(
            r.operator_ranges(b).is_empty(),
            "{:?}",
            r.operator_ranges(b)
        );
    }

    #[test]
    fn empty_registry_knows_nobody() {
        let r = Registry::empty();
        assert!(r.is_empty());
        assert_eq!(r.identify(b"curl/8.5.0"), Identity::NotCrawler);
        let Identity::Unknown(bot) = r.identify(b"Googlebot/2.1") else {
            panic!("a bot name alone marks an unknown robot")
        };
        assert_eq!(bot.name, "Googlebot");
    }
}
