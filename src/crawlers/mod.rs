//! Crawlers stage: a User-Agent header → which crawler it is, and the robots.txt tokens that
//! crawler obeys; and whether a client address really belongs to the crawler it claims to be.
//!
//! Takes the raw header bytes of a log line (`&[u8]`) and gives an [`Identity`]: a crawler of
//! the registry ([`Registry::identify`]), an unknown automated client with its product tokens
//! (docs/identification.md, "Unknown automated clients"), or not a crawler at all. The registry is data (`registry.toml`, compiled in; a
//! user's file may add or override entries), with the public lists of AI agents filling its
//! gaps (`import.rs`: the AI Crawler Index, bundled, and ai.robots.txt, once
//! [`update_crawlers`] has saved it), read once and turned into one table of patterns keyed by
//! the token a match begins with, so identifying a header is one pass over its tokens whatever
//! the registry's size.
//! [`Verifier`] checks a client address against the IP ranges the operators publish (a
//! snapshot is compiled in, [`update_ranges`] saves fresh copies) and, when given a
//! [`DnsVerifier`], by forward-confirmed reverse DNS. Beyond those two opt-in network uses
//! (`--verify-dns`, `update-ranges`) this stage does no I/O but reading the files it is
//! handed, and it knows nothing of robots.txt files: it only says which tokens a crawler
//! answers to.
//!
//! Matching rule (RFC 9309 §2.2.1): a registry pattern matches a header only as a
//! *whole token*, case-insensitively: the bytes either side of it must not be letters,
//! digits, `_`, `-` or `.`. So `Googlebot` does not match inside `Googlebot-Image/1.0` nor
//! inside `mygooglebot`, and `AdsBot-Google` does not match inside `AdsBot-Google-Mobile`.
//! A match inside a URL or an e-mail address does not count (`+http://…/archive.org_bot`),
//! nor one right after the word `like` or `following` (`TelegramBot (like TwitterBot)`,
//! `Feedly/1.0 (…; like FeedFetcher-Google)`): those name another client. When several
//! patterns match, the entry with the highest `priority` wins, then the longest pattern (the
//! more specific crawler), then the leftmost match, then the earlier registry entry
//! (docs/identification.md, "Matching a header against the registry").
//!
//! Matches right after `compatible with` or `similar to` are comparisons too (`SentiBot
//! (compatible with Googlebot)`). Entries of the `automation` category (HTTP libraries,
//! headless browsers) rank below every other match, and give way to a client that says it is
//! a robot (`HeadlessChrome/87 YextBot/Java`) or whose own product comes first
//! (`W3C-checklink/4.5 libwww-perl/5.823`).
//!
//! Token-only entries (`Google-Extended`, `Applebot-Extended`: robots.txt tokens that name a
//! use of another crawler's fetches) never match a header; a header that carries one as a
//! product of its own is an unknown client claiming it, not that operator's crawler
//! (docs/identification.md, "Usage-only tokens").
//!
//! Without a registry match, a header is an unknown automated client ([`UnknownBot`]) if it
//! says so (docs/identification.md, "Unknown automated clients"): a product or comment word ending
//! in `bot` or containing `crawl`, `spider` or `scraper` (but not the device model of an Android
//! comment: a Cubot phone is no robot), a `+http…` contact, an e-mail address, or a URL inside a
//! comment; or if it carries the signs of a feed reader (`feed-id:`, `N subscribers`: an
//! [`UnknownBot`] of category feed-reader, not judged); or if a pattern of the public
//! crawler-user-agents list matches it at a word boundary (`list.rs`; the list's tags give feed
//! readers and automation their category). Its name is the product the header names, spaces
//! included (`Chef Client`, `Tiny Tiny RSS`), never a browser or platform word. Anything else is
//! not a crawler.

#[cfg(feature = "net")]
mod dns;
mod error;
mod import;
mod list;
mod registry;
mod resolver;
mod tokens;
#[cfg(feature = "net")]
mod update;
mod verify;

#[cfg(feature = "net")]
pub use dns::{
    CANARIES, Canary, CanaryAnswer, DnsError, DnsStats, DnsVerifier, MAX_FORWARD_NAMES, Untrusted,
};
pub use error::{ErrorKind, RegistryError};
pub use import::{
    ACI_CATEGORIES, AI_ROBOTS_LABELS, AI_ROBOTS_WORDS, AgentList, AgentLists, BUNDLED_LIST,
    ListKind, MAX_LIST_AGENTS, MAX_LIST_BYTES, SavedLists, aci_category, ai_robots_category,
    default_lists_dir, saved_for_audit, saved_lists,
};
pub(crate) use list::prepare as prepare_public_list;
pub use registry::{Registry, ShapeCache};
pub use resolver::{DnsOptions, DnsTally};
pub use tokens::{is_browser_token, nameable_tokens, product_tokens};
#[cfg(feature = "net")]
pub use update::{
    ListOutcome, ListUpdate, UpdateError, UpdateReport, update_crawlers, update_ranges,
};
pub use verify::{
    RangeList, STALE_AFTER_MS, TimedVerdict, Verification, Verifier, default_ranges_dir,
    ranges_for_audit, saved_ranges,
};

/// Index of a crawler in a [`Registry`]. Stable for the registry's lifetime: `load_extra`
/// replaces overridden entries in place and appends new ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CrawlerId(u16);

impl CrawlerId {
    /// The index of this crawler in its registry (0-based).
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// Which robots.txt parser behaviour a crawler follows (docs/robots-txt.md): the engine's dialect.
pub use crate::robots::Dialect;

/// What a crawler is for: the report contract's categories (reports write `unknown` for a
/// client of no known category). Written in the registry as the `as_str` form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Category {
    /// Builds a classic web search index.
    Search,
    /// Collects pages in bulk to train models.
    AiTraining,
    /// Builds the index an AI assistant answers and cites from.
    AiSearch,
    /// Fetches a page because a person asked an AI assistant to, and feeds it to the answer.
    AiAssistant,
    /// An AI agent browsing or acting for a user (agentic browsers, coding agents, shopping
    /// agents): it uses pages to carry out a task, not to answer with them.
    AiAgent,
    /// SEO, backlink and site-audit tooling.
    Seo,
    /// Link previews for social networks and chat apps.
    SocialPreview,
    /// Uptime, performance and change monitoring.
    Monitoring,
    /// Web archiving.
    Archiver,
    /// Feed readers and aggregators.
    FeedReader,
    /// Security or content scanners.
    Scanner,
    /// HTTP libraries, command-line downloaders and headless browsers (`python-requests`,
    /// `curl`, `HeadlessChrome`): mostly API clients, scripts and monitoring rather than
    /// crawlers, so an audit judges them only where a robots.txt group names them unless
    /// asked to judge them under `*` too.
    Automation,
    /// Anything else (ads quality checks, validation tools, …).
    Other,
}

impl Category {
    /// Every category, in declaration order.
    pub const ALL: [Category; 13] = [
        Category::Search,
        Category::AiTraining,
        Category::AiSearch,
        Category::AiAssistant,
        Category::AiAgent,
        Category::Seo,
        Category::SocialPreview,
        Category::Monitoring,
        Category::Archiver,
        Category::FeedReader,
        Category::Scanner,
        Category::Automation,
        Category::Other,
    ];

    /// The name used in the registry file and in reports (`"ai-training"`, …).
    pub fn as_str(self) -> &'static str {
        match self {
            Category::Search => "search",
            Category::AiTraining => "ai-training",
            Category::AiSearch => "ai-search",
            Category::AiAssistant => "ai-assistant",
            Category::AiAgent => "ai-agent",
            Category::Seo => "seo",
            Category::SocialPreview => "social-preview",
            Category::Monitoring => "monitoring",
            Category::Archiver => "archiver",
            Category::FeedReader => "feed-reader",
            Category::Scanner => "scanner",
            Category::Automation => "automation",
            Category::Other => "other",
        }
    }

    /// The inverse of [`Category::as_str`].
    pub fn from_name(name: &str) -> Option<Category> {
        Category::ALL.into_iter().find(|c| c.as_str() == name)
    }

    /// The usage preference a crawler of this category goes against when a site says no to
    /// it (docs/preferences.md, "What a conflict is"): training crawlers `ai-train`, AI
    /// search and assistants (fetching to answer with AI now) `ai-input`, search engines
    /// `search`. Every other category never conflicts: what it does with content cannot be
    /// known from a log.
    ///
    /// ```
    /// use robots_audit::crawlers::Category;
    /// use robots_audit::robots::PrefKey;
    /// assert_eq!(Category::AiAssistant.conflicts_on(), Some(PrefKey::AiInput));
    /// assert_eq!(Category::AiAgent.conflicts_on(), None);
    /// ```
    pub fn conflicts_on(self) -> Option<crate::robots::PrefKey> {
        use crate::robots::PrefKey;
        match self {
            Category::AiTraining => Some(PrefKey::AiTrain),
            Category::AiSearch | Category::AiAssistant => Some(PrefKey::AiInput),
            Category::Search => Some(PrefKey::Search),
            Category::AiAgent
            | Category::Seo
            | Category::SocialPreview
            | Category::Monitoring
            | Category::Archiver
            | Category::FeedReader
            | Category::Scanner
            | Category::Automation
            | Category::Other => None,
        }
    }
}

/// How a crawler's claimed identity can be checked: the methods its operator documents (what a
/// check of one address came to is its [`Verification`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VerifyMethods {
    /// Forward-confirmed reverse DNS: the PTR name must end with one of these domains
    /// (lower-case, without a leading dot), and its forward lookup must give the address
    /// back. Checked by [`DnsVerifier`] when the [`Verifier`] has one.
    pub rdns_domains: Vec<String>,
    /// Names of the published IP range lists (see [`Registry::range_url`] and
    /// [`Verifier`]) that hold this crawler's addresses. Empty if the operator publishes none.
    pub ip_ranges: Vec<String>,
}

impl VerifyMethods {
    /// True if the operator documents any way to verify this crawler.
    pub fn is_possible(&self) -> bool {
        !self.rdns_domains.is_empty() || !self.ip_ranges.is_empty()
    }
}

/// One crawler of the registry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Crawler {
    /// Its name as its operator writes it: `"Googlebot-Image"`, `"YandexImages"`, `"GPTBot"`.
    pub name: String,
    /// Who runs it: `"Google"`, `"OpenAI"`.
    pub operator: String,
    /// What it is for.
    pub category: Category,
    /// robots.txt tokens it obeys, most specific first, lower-case
    /// (Googlebot-Image → `["googlebot-image", "googlebot"]`). `*` is not listed: see
    /// `obeys_star`. For Yandex robots this is the robot's own name, lower-case; the robots
    /// engine chooses among `Yandex`, the robot's name and `*` by its own rules
    /// (docs/robots-txt.md, "yandex dialect: robot families").
    pub tokens: Vec<String>,
    /// False for crawlers that ignore the `*` group and obey only groups naming them
    /// (AdsBot-Google, AdsBot-Google-Mobile).
    pub obeys_star: bool,
    /// The robots.txt dialect it follows.
    pub dialect: Dialect,
    /// Whether the operator documents honouring `Crawl-delay`.
    pub honours_crawl_delay: bool,
    /// How to verify that a client claiming to be this crawler is it.
    pub verify: VerifyMethods,
    /// The header tokens that identify it (whole tokens, case-insensitive). Empty for a
    /// token-only product such as Google-Extended, which no client sends as a header.
    pub patterns: Vec<String>,
    /// Tie-breaker above pattern length: a header matching several entries is identified as
    /// the one with the highest priority (default 0).
    pub priority: i32,
    /// False if the operator documents that the crawler does not follow robots.txt at all
    /// (Google's user-triggered fetchers, for example), or it only fetches URLs that the site's
    /// owner or a user configured (uptime monitors). The audit decides what to do with that;
    /// the tokens are still given.
    pub obeys_robots: bool,
    /// The operator's page about the crawler, if any.
    pub docs: Option<String>,
    /// Real User-Agent headers of this crawler (from the public lists credited in the
    /// registry file, or the operator's documentation); tested to identify as it.
    pub examples: Vec<String>,
}

impl Crawler {
    /// True for a robots.txt control token that no crawler sends as a User-Agent
    /// (Google-Extended, Applebot-Extended, Googlebot-News: docs/identification.md,
    /// "Usage-only tokens"): never the result of `identify`, and a header claiming it is an
    /// unknown client.
    pub fn is_token_only(&self) -> bool {
        self.patterns.is_empty()
    }
}

/// An automated client that is not in the registry
/// (docs/identification.md, "Unknown automated clients").
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct UnknownBot {
    /// The name to report (the `crawler` column): the product the header names as written,
    /// spaces included (`"FooBot"`, `"Tiny Tiny RSS"`, `"Chef Client"`); never a browser or
    /// platform word. See `tokens.rs` for how it is chosen.
    pub name: String,
    /// The product tokens of the header, lower-case, in header order, without duplicates:
    /// what robots.txt groups are matched against. [`product_tokens`] without the names the
    /// header only compares its client to (`like Googlebot`, `compatible with Googlebot`).
    pub tokens: Vec<String>,
    /// What kind of client it is, when the header says so: [`Category::FeedReader`] for the
    /// signs of a feed reader (`feed-id:`, `N subscribers`) or a feed reader of the
    /// crawler-user-agents list, [`Category::Automation`] for an HTTP library or headless
    /// browser of that list. `None`: an unknown robot.
    pub category: Option<Category>,
    /// False when the client is not a crawler under RFC 9309 and is not judged, only counted
    /// (feed readers fetch what their users subscribed to), as a registry entry's
    /// [`Crawler::obeys_robots`].
    pub obeys_robots: bool,
}

impl UnknownBot {
    /// Whether its name says it is a robot (a bot word of its own: `FooBot`,
    /// `SomeCrawler`), as the header scan reads one, rather than only an automated client
    /// (a contact URL, a library).
    pub fn calls_itself_robot(&self) -> bool {
        tokens::declares_robot(&tokens::scan(self.name.as_bytes()))
    }
}

/// What a User-Agent header says about its client.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Identity {
    /// A crawler of the registry (possibly spoofed: see [`Verifier`]).
    Known(CrawlerId),
    /// An automated client not in the registry
    /// (docs/identification.md, "Unknown automated clients": says bot/crawler/spider, or carries a
    /// `+http…` contact URL).
    Unknown(UnknownBot),
    /// Not a crawler (browsers, libraries that are not declared as bots). Its product tokens
    /// are still available via [`product_tokens`] for the "a robots.txt group names one of
    /// its tokens" rule.
    NotCrawler,
}

/// How a client reads robots.txt, as far as its User-Agent header (or product token) tells:
/// the tokens robots.txt groups are matched against, whether the `*` group applies when no
/// group names it, and the dialect. What `check`, the audit and the Python binding all judge
/// a client by; see [`Registry::agent_for`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RobotsReader {
    /// Tokens, lower-case, most specific first.
    pub tokens: Vec<String>,
    /// Whether it follows `*` when no group names it.
    pub obeys_star: bool,
    /// Whose rules it follows.
    pub dialect: Dialect,
    /// What kind of client it is, when known (feed readers and automation are not judged by
    /// default: see [`Category`]).
    pub category: Option<Category>,
    /// False for clients that do not read robots.txt at all (feed readers fetch what users
    /// subscribed to).
    pub obeys_robots: bool,
}

impl From<&Crawler> for RobotsReader {
    fn from(c: &Crawler) -> RobotsReader {
        RobotsReader {
            tokens: c.tokens.clone(),
            obeys_star: c.obeys_star,
            dialect: c.dialect,
            category: Some(c.category),
            obeys_robots: c.obeys_robots,
        }
    }
}

/// Whether robots.txt binds a client, as the audit judges it (docs/judging.md, "Which requests
/// are judged", steps 3 and 4): one decision for the audit and `check`, given by
/// [`RobotsReader::bound`]. (The Python binding's `can_fetch` answers another question, a
/// crawler author's: what the file says to a client sending that header, `*` included.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// robots.txt does not bind it (feed readers, user-triggered fetchers, monitors: the
    /// registry's `obeys_robots = false`): its requests are counted, never judged; its usage
    /// preferences still apply.
    Never,
    /// An HTTP library or automation tool while automation is not judged: `*` does not apply
    /// to it, so it is judged only under a group that names one of its tokens.
    WhereNamed,
    /// Judged: under the group that names it, else under `*` when it follows `*`.
    Always,
}

impl Bound {
    /// Whether the client is judged under a robots.txt that has (`named`) or has not a group
    /// naming one of its tokens (`*` aside).
    pub fn judged(self, named: bool) -> bool {
        match self {
            Bound::Never => false,
            Bound::WhereNamed => named,
            Bound::Always => true,
        }
    }
}

impl RobotsReader {
    /// Whether robots.txt binds this client; `judge_automation` is the audit's option of that
    /// name (automation judged under `*` too).
    pub fn bound(&self, judge_automation: bool) -> Bound {
        if !self.obeys_robots {
            Bound::Never
        } else if self.category == Some(Category::Automation) && !judge_automation {
            Bound::WhereNamed
        } else {
            Bound::Always
        }
    }

    /// Whether `*` applies to it when no group names it, as the audit judges: never for an
    /// automation client unless automation is judged.
    pub fn follows_star(&self, judge_automation: bool) -> bool {
        self.obeys_star && (self.category != Some(Category::Automation) || judge_automation)
    }
}

/// An unknown robot: its product tokens, under Google's rules, `*` applying.
impl From<&UnknownBot> for RobotsReader {
    fn from(bot: &UnknownBot) -> RobotsReader {
        RobotsReader {
            tokens: bot.tokens.clone(),
            obeys_star: true,
            dialect: Dialect::Google,
            category: bot.category,
            obeys_robots: bot.obeys_robots,
        }
    }
}

impl Identity {
    /// The registry id, if known.
    pub fn known(&self) -> Option<CrawlerId> {
        match self {
            Identity::Known(id) => Some(*id),
            _ => None,
        }
    }

    /// True unless `NotCrawler`.
    pub fn is_crawler(&self) -> bool {
        !matches!(self, Identity::NotCrawler)
    }

    /// What kind of client it is: the registry entry's category, or what an unknown client's
    /// header says ([`UnknownBot::category`]: feed reader, automation); `None` for an unknown
    /// robot and for `NotCrawler`.
    pub fn category(&self, registry: &Registry) -> Option<Category> {
        match self {
            Identity::Known(id) => Some(registry.get(*id).category),
            Identity::Unknown(bot) => bot.category,
            Identity::NotCrawler => None,
        }
    }

    /// False when the client is counted but not judged: a registry entry with
    /// `obeys_robots = false` (user-triggered fetchers, monitors, feed readers) or an unknown
    /// feed reader. True for `NotCrawler` (judged where a group names one of its tokens).
    pub fn obeys_robots(&self, registry: &Registry) -> bool {
        match self {
            Identity::Known(id) => registry.get(*id).obeys_robots,
            Identity::Unknown(bot) => bot.obeys_robots,
            Identity::NotCrawler => true,
        }
    }
}
