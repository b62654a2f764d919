//! A worker's interning tables and caches: host field → origin, User-Agent header → who it
//! is, (origin, User-Agent) → how its requests are judged, client → index.
//!
//! Keys are worker-local indices so the per-line work is a few hash lookups on bytes; the
//! worker turns them into values once, when it hands its [`super::Partial`] over. The first
//! time a key is seen costs a registry scan or a robots.txt group choice; after that, nothing.
//! Two caches forget entries past a bound (plain-browser headers, "not a crawler" judgements),
//! so a log whose clients rotate random User-Agents cannot grow them without end. Crawler
//! User-Agents count in the memory budget and are forgotten once a sorted run took their
//! kept requests and nothing else names them ([`Tables::forget_uas`]); User-Agents that say
//! the same share one identity, and crawlers that read an origin's rules the same share one
//! judgement. What the aggregates refer to is never forgotten.

use std::sync::Arc;

use foldhash::{HashMap, HashSet};

use crate::crawlers::{
    Bound, Category, CrawlerId, Identity, Registry, RobotsReader, ShapeCache, UnknownBot,
};
use crate::fetch::{Origin, Scheme};
use crate::robots::{Agent, Dialect, GroupId, PrefKey, RobotsTxt};
use crate::text;

use super::AuditSettings;
use super::aggregate::{AgentProfile, Client, CrawlerInfo, HostCounts, HostKey};
use super::census;
use super::recent::Recent;
use super::rules::{DialectRules, OriginRules, Rules};

/// The profile a judge keeps of a crawler: HTTP libraries and automation follow `*` only when
/// asked (`judge_automation`); an unknown crawler's own `/robots.txt` fetches are found by its
/// User-Agent, a registry crawler's by its name.
fn profile_of(reader: RobotsReader, settings: &AuditSettings, unknown: bool) -> AgentProfile {
    AgentProfile {
        obeys_star: reader.follows_star(settings.judge_automation),
        tokens: reader.tokens,
        dialect: reader.dialect,
        check_delay: false,
        fetches_by_user_agent: unknown,
        bound: reader.obeys_robots,
        conflicts_on: reader.category.and_then(Category::conflicts_on),
    }
}

/// The User-Agent id of a plain browser: no token a robots.txt group could name, so never a
/// crawler; no [`LocalUa`] is kept for it.
pub const BROWSER_UA: u32 = u32::MAX;
/// Plain-browser headers remembered before they are forgotten.
const BROWSER_UAS_MAX: usize = 1 << 16;
/// "Not a crawler" judgements remembered before they are forgotten: they grow as origins ×
/// headers with a nameable token (every phone model is one).
pub(super) const NOT_CRAWLER_JUDGES_MAX: usize = if cfg!(test) { 50 } else { 1 << 16 };

/// An origin as the worker knows it.
pub struct LocalOrigin {
    /// How the reports key it.
    pub key: HostKey,
    /// Its origin (when valid), shared by the keys of its streams.
    pub origin: Option<Arc<Origin>>,
    /// Its requests.
    pub counts: HostCounts,
    /// Its rules, once the source has them.
    pub rules: Option<Arc<OriginRules>>,
    /// The phase in which `rules` was last asked for (so a pending origin is asked again
    /// after the fetches).
    pub asked_in: Option<u8>,
    /// Requests set aside while its robots.txt was being obtained (its crawler demand).
    pub demand: u64,
}

/// A User-Agent header that is, or may be, a crawler's.
pub struct LocalUa {
    /// The report's `user_agent` cell.
    pub text: Arc<str>,
    /// Who it is: index into [`Tables`]' identities, which headers that say the same share
    /// (`Xbot/1.0 1`, `Xbot/1.0 2`, … are one unknown crawler).
    ident: u32,
}

#[derive(PartialEq, Eq, Hash)]
enum UaIdent {
    Known(CrawlerId),
    Unknown(UnknownBot),
    /// Not declared a crawler; these product tokens make it one where a robots.txt group
    /// names one of them (docs/identification.md, "Clients a group names").
    Other(Vec<String>),
}

/// How the requests of one (origin, User-Agent) pair are judged.
#[derive(Clone, Copy)]
pub enum Judge {
    NotCrawler,
    /// Index into [`Tables::judged`].
    Crawler(u32),
}

/// A crawler as one origin's rules read it.
pub struct Judged {
    /// Index into [`Tables::crawlers`].
    pub crawler: u32,
    /// The registry crawler whose published addresses verify it.
    pub verify_as: Option<CrawlerId>,
    /// Its operator documents that it does not follow robots.txt (or it is an automation
    /// client no group names): counted, never judged.
    pub exempt: bool,
    /// How it reads robots.txt (kept with its requests for the judgement at the end).
    pub agent: Arc<AgentProfile>,
    /// The origin's versions as its dialect reads them.
    pub rules: Arc<DialectRules>,
    /// Its group in each version.
    pub groups: Vec<Option<GroupId>>,
    /// Each version's group name (empty when none).
    pub group_names: Vec<Arc<str>>,
    /// The usage preference its category goes against, when some version's group for it
    /// has a line saying no to it: only then can a request of it conflict, and is it asked
    /// about (docs/preferences.md, "What a conflict is").
    pub conflicts_on: Option<PrefKey>,
}

/// What a judgement of a crawler on an origin is made of, apart from what follows from it
/// (the origin's rules read by its profile).
#[derive(PartialEq, Eq, Hash)]
struct JudgedKey {
    origin: u32,
    crawler: u32,
    verify_as: Option<CrawlerId>,
    exempt: bool,
    conflicts_on: Option<PrefKey>,
    agent: AgentProfile,
}

/// Slots of the cache of host fields: far more than the hosts of most logs, so that few
/// share one.
const RECENT_HOSTS: usize = 1 << 10;
/// Slots of the cache of User-Agents: a log's few hundred most frequent headers make most of
/// its lines.
const RECENT_UAS: usize = 1 << 12;

/// The worker's tables.
#[derive(Default)]
pub struct Tables {
    pub origins: Vec<LocalOrigin>,
    pub uas: Vec<LocalUa>,
    pub crawlers: Vec<CrawlerInfo>,
    /// Each crawler's name, shared by the keys of its streams.
    pub crawler_names: Vec<Arc<str>>,
    pub judged: Vec<Judged>,
    pub clients: Vec<Client>,
    origin_ids: HashMap<HostKey, u32>,
    /// host field → origin index per scheme hint (none, http, https).
    hosts: HashMap<Box<[u8]>, [Option<u32>; 3]>,
    /// The host fields last met, with their origins as in `hosts`, in front of it.
    recent_hosts: Recent<[Option<u32>; 3], RECENT_HOSTS>,
    /// `--host` per scheme hint of the line (none, http, https), as in `hosts`.
    default_origin: [Option<u32>; 3],
    ua_ids: HashMap<Box<[u8]>, u32>,
    /// The User-Agents last met, in front of `ua_ids`; emptied when User-Agents are
    /// forgotten (their ids are given to others).
    recent_uas: Recent<u32, RECENT_UAS>,
    /// Slots of `uas` whose User-Agent was forgotten, for the next ones.
    free_uas: Vec<u32>,
    /// Bytes the User-Agent table takes (about).
    ua_bytes: usize,
    /// What the User-Agents say, each once.
    idents: Vec<Arc<UaIdent>>,
    ident_ids: HashMap<Arc<UaIdent>, u32>,
    browser_uas: usize,
    crawler_ids: HashMap<String, u32>,
    judges: HashMap<(u32, u32), Judge>,
    /// What tells two judgements apart: equal ones are one.
    judged_ids: HashMap<JudgedKey, u32>,
    /// The profiles of the judgements, each once.
    profiles: HashSet<Arc<AgentProfile>>,
    /// The group name of a version without a group for the crawler.
    no_name: Arc<str>,
    not_crawler_judges: usize,
    client_ids: HashMap<Client, u32>,
    /// The plain-browser answers of the registry by header shape: most new headers are a
    /// known browser's with other version numbers, and need no scan.
    shapes: ShapeCache,
    /// Bytes its hosts and crawler names will take until the end of the run
    /// ([`super::census`]): they never go to disk.
    pub census_bytes: u64,
}

impl Tables {
    /// The origin of requests without a host (`--host`), if any.
    ///
    /// With the line's own scheme (an IIS `s-port`, an nginx-json `scheme`), `--host` under
    /// that scheme: `--scheme` is for logs that do not say. A `--host` without a port takes
    /// the line's scheme's default port.
    pub fn default_origin(
        &mut self,
        settings: &AuditSettings,
        scheme: Option<&'static str>,
    ) -> Option<u32> {
        let slot = match scheme {
            None => 0,
            Some("http") => 1,
            Some(_) => 2,
        };
        if self.default_origin[slot].is_none() {
            let mut origin = settings.default_host.clone()?;
            let said = match slot {
                1 => Some(Scheme::Http),
                2 => Some(Scheme::Https),
                _ => None,
            };
            if let Some(said) = said
                && said != origin.scheme
            {
                if origin.has_default_port() {
                    origin.port = said.default_port();
                }
                origin.scheme = said;
            }
            self.default_origin[slot] = Some(self.intern_origin(HostKey::Origin(origin)));
        }
        self.default_origin[slot]
    }

    /// The origin of a host field, with the line's scheme hint. Inlined into the per-line
    /// work, which nearly always finds the host in its cache slot: how the compiler splits
    /// the crate into units once decided whether this look-up was inlined, by 2% of a run's
    /// instructions (and with the cache's look-up it was no longer inlined when only asked
    /// to be, by another 2%).
    #[inline(always)]
    pub fn origin_for(
        &mut self,
        host: &[u8],
        scheme: Option<&'static str>,
        settings: &AuditSettings,
    ) -> u32 {
        let slot = match scheme {
            None => 0,
            Some("http") => 1,
            Some(_) => 2,
        };
        let at = self.recent_hosts.slot(host);
        if let Some(id) = self.recent_hosts.get(at, host).and_then(|ids| ids[slot]) {
            return id;
        }
        self.host_from_map(host, slot, at, settings)
    }

    /// [`Tables::origin_for`] of a host field not in its cache slot: from the map, or new;
    /// then cached.
    #[inline(never)]
    fn host_from_map(
        &mut self,
        host: &[u8],
        slot: usize,
        at: usize,
        settings: &AuditSettings,
    ) -> u32 {
        let id = match self.hosts.get(host).and_then(|ids| ids[slot]) {
            Some(id) => id,
            None => self.new_host(host, slot, settings),
        };
        let ids = self.hosts.get(host).copied().unwrap_or_default();
        self.recent_hosts.put(at, host, ids);
        id
    }

    /// [`Tables::origin_for`] of a host field not met before (in this slot).
    #[cold]
    #[inline(never)]
    fn new_host(&mut self, host: &[u8], slot: usize, settings: &AuditSettings) -> u32 {
        let scheme = match slot {
            1 => Scheme::Http,
            2 => Scheme::Https,
            _ => settings.scheme,
        };
        let key = match Origin::from_host(host, scheme) {
            Ok(o) => HostKey::Origin(o),
            Err(e) => HostKey::Invalid {
                display: invalid_host_display(host),
                reason: e.kind.describe().to_string(),
            },
        };
        let id = self.intern_origin(key);
        self.hosts.entry(host.into()).or_default()[slot] = Some(id);
        id
    }

    fn intern_origin(&mut self, key: HostKey) -> u32 {
        if let Some(&id) = self.origin_ids.get(&key) {
            return id;
        }
        let id = self.origins.len() as u32;
        self.census_bytes += census::HOST;
        self.origin_ids.insert(key.clone(), id);
        self.origins.push(LocalOrigin {
            origin: key.origin().cloned().map(Arc::new),
            key,
            counts: HostCounts::default(),
            rules: None,
            asked_in: None,
            demand: 0,
        });
        id
    }

    /// The index of a User-Agent header, or [`BROWSER_UA`]. Inlined, as
    /// [`Tables::origin_for`].
    #[inline(always)]
    pub fn ua_for(&mut self, ua: &[u8], registry: &Registry) -> u32 {
        let at = self.recent_uas.slot(ua);
        if let Some(&id) = self.recent_uas.get(at, ua) {
            return id;
        }
        self.ua_from_map(ua, at, registry)
    }

    /// [`Tables::ua_for`] of a header not in its cache slot: from the map, or new; then
    /// cached.
    #[inline(never)]
    fn ua_from_map(&mut self, ua: &[u8], at: usize, registry: &Registry) -> u32 {
        let id = match self.ua_ids.get(ua) {
            Some(&id) => id,
            None => self.new_ua(ua, registry),
        };
        self.recent_uas.put(at, ua, id);
        id
    }

    /// [`Tables::ua_for`] of a header not met before (or forgotten since).
    #[cold]
    #[inline(never)]
    fn new_ua(&mut self, ua: &[u8], registry: &Registry) -> u32 {
        let ident = match registry.identify_with_tokens_cached(ua, &mut self.shapes) {
            (Identity::Known(id), _) => UaIdent::Known(id),
            (Identity::Unknown(bot), _) => UaIdent::Unknown(bot),
            (Identity::NotCrawler, tokens) => UaIdent::Other(tokens),
        };
        let id = if matches!(&ident, UaIdent::Other(tokens) if tokens.is_empty()) {
            BROWSER_UA
        } else {
            let ident = match self.ident_ids.get(&ident) {
                Some(&i) => i,
                None => {
                    let i = self.idents.len() as u32;
                    let ident = Arc::new(ident);
                    self.ident_ids.insert(Arc::clone(&ident), i);
                    self.idents.push(ident);
                    i
                }
            };
            let local = LocalUa {
                text: Arc::from(text::cell(ua)),
                ident,
            };
            self.ua_bytes += ua_cost(ua.len(), local.text.len());
            match self.free_uas.pop() {
                Some(slot) => {
                    self.uas[slot as usize] = local;
                    slot
                }
                None => {
                    self.uas.push(local);
                    self.uas.len() as u32 - 1
                }
            }
        };
        // Browsers cost only a new identification when they come back; crawler-like headers
        // keep their ids, which the aggregates refer to.
        insert_forgettable(
            &mut self.ua_ids,
            &mut self.browser_uas,
            BROWSER_UAS_MAX,
            ua.into(),
            id,
            |&id| id == BROWSER_UA,
        );
        id
    }

    /// Bytes the crawler User-Agents remembered take (about): what [`Tables::forget_uas`]
    /// can give back.
    pub fn ua_bytes(&self) -> usize {
        self.ua_bytes
    }

    /// Forgets the User-Agents that `referenced` does not mark (nothing the worker holds
    /// names them: their kept requests went to a run), with their judgements; one that comes
    /// back is identified again. So a log of a million distinct crawler User-Agents holds
    /// only those since the last run.
    pub fn forget_uas(&mut self, referenced: &[bool]) {
        let kept = |id: u32| referenced.get(id as usize).copied().unwrap_or(false);
        self.ua_ids.retain(|_, id| *id == BROWSER_UA || kept(*id));
        // A forgotten header's id goes to the next new one.
        self.recent_uas.clear();
        self.judges.retain(|&(_, ua), _| kept(ua));
        self.free_uas.clear();
        self.ua_bytes = 0;
        for (id, ua) in self.uas.iter_mut().enumerate() {
            if kept(id as u32) {
                // The header as logged is about as long as its printed text.
                self.ua_bytes += ua_cost(ua.text.len(), ua.text.len());
            } else {
                ua.text = Arc::from("");
                self.free_uas.push(id as u32);
            }
        }
        // The lowest slots first.
        self.free_uas.reverse();
    }

    /// Whether a User-Agent index is a declared crawler (registry or unknown bot).
    pub fn is_declared(&self, ua: u32) -> bool {
        ua != BROWSER_UA
            && !matches!(
                *self.idents[self.uas[ua as usize].ident as usize],
                UaIdent::Other(_)
            )
    }

    /// Empties the client table and gives what it held, for a caller that re-interns the
    /// clients it still refers to (after a spill took the requests that named the rest).
    pub fn take_clients(&mut self) -> Vec<Client> {
        self.client_ids = HashMap::default();
        std::mem::take(&mut self.clients)
    }

    /// The index of a client.
    pub fn client(&mut self, client: Client) -> u32 {
        if let Some(&id) = self.client_ids.get(&client) {
            return id;
        }
        let id = self.clients.len() as u32;
        self.clients.push(client.clone());
        self.client_ids.insert(client, id);
        id
    }

    fn crawler_index(&mut self, info: CrawlerInfo) -> u32 {
        if let Some(&id) = self.crawler_ids.get(&info.name) {
            return id;
        }
        let id = self.crawlers.len() as u32;
        self.census_bytes += census::CRAWLER;
        self.crawler_ids.insert(info.name.clone(), id);
        self.crawler_names.push(Arc::from(info.name.as_str()));
        self.crawlers.push(info);
        id
    }

    /// How requests of this (origin, User-Agent) are judged; the origin's rules must be
    /// known. Inlined, as [`Tables::origin_for`].
    #[inline]
    pub fn judge_for(
        &mut self,
        origin: u32,
        ua: u32,
        rules: &OriginRules,
        registry: &Registry,
        settings: &AuditSettings,
    ) -> Judge {
        if ua == BROWSER_UA {
            return Judge::NotCrawler;
        }
        if let Some(&j) = self.judges.get(&(origin, ua)) {
            return j;
        }
        let judge = self.new_judge(origin, ua, rules, registry, settings);
        // "Not a crawler" costs one new judgement when it comes back; crawler judgements
        // stay, the aggregates refer to them.
        insert_forgettable(
            &mut self.judges,
            &mut self.not_crawler_judges,
            NOT_CRAWLER_JUDGES_MAX,
            (origin, ua),
            judge,
            |j| matches!(j, Judge::NotCrawler),
        );
        judge
    }

    /// The judgement of an (origin, User-Agent) not met before (or forgotten since): out of
    /// line, as the misses of the other look-ups.
    #[cold]
    #[inline(never)]
    fn new_judge(
        &mut self,
        origin: u32,
        ua: u32,
        origin_rules: &OriginRules,
        registry: &Registry,
        settings: &AuditSettings,
    ) -> Judge {
        let judge_automation = settings.judge_automation;
        let ident = Arc::clone(&self.idents[self.uas[ua as usize].ident as usize]);
        let (info, verify_as, bound, mut profile, honours) = match &*ident {
            UaIdent::Known(id) => {
                let c = registry.get(*id);
                let reader = RobotsReader::from(c);
                (
                    CrawlerInfo {
                        name: c.name.clone(),
                        operator: c.operator.clone(),
                        category: c.category.as_str().to_string(),
                    },
                    Some(*id),
                    reader.bound(judge_automation),
                    profile_of(reader, settings, false),
                    c.honours_crawl_delay,
                )
            }
            UaIdent::Unknown(bot) => {
                let reader = RobotsReader::from(bot);
                (
                    CrawlerInfo {
                        name: bot.name.clone(),
                        operator: String::new(),
                        category: bot.category.map_or("unknown", Category::as_str).to_string(),
                    },
                    None,
                    // Feed readers and the like: counted, not judged.
                    reader.bound(judge_automation),
                    profile_of(reader, settings, true),
                    false,
                )
            }
            UaIdent::Other(tokens) => {
                // docs/identification.md, "Clients a group names": a client whose header carries a
                // token that a group names (in any version) is a crawler of that name, under the
                // groups that name it.
                let google = origin_rules.dialect(Dialect::Google);
                let named = tokens.iter().find(|t| {
                    google.versions.iter().any(|r| match r {
                        Rules::Compiled(robots) => robots.names_client(t),
                        _ => false,
                    })
                });
                let Some(named) = named else {
                    return Judge::NotCrawler;
                };
                (
                    CrawlerInfo {
                        name: named.clone(),
                        operator: String::new(),
                        category: "unknown".to_string(),
                    },
                    None,
                    // Named by a group: judged under it.
                    Bound::Always,
                    AgentProfile {
                        tokens: vec![named.clone()],
                        obeys_star: false,
                        dialect: Dialect::Google,
                        check_delay: false,
                        fetches_by_user_agent: true,
                        bound: true,
                        conflicts_on: None,
                    },
                    false,
                )
            }
        };
        let rules = origin_rules.dialect(profile.dialect);
        let refs: Vec<&str> = profile.tokens.iter().map(String::as_str).collect();
        let agent = Agent {
            tokens: &refs,
            obeys_star: profile.obeys_star,
        };
        let mut groups = Vec::with_capacity(rules.versions.len());
        let mut group_names = Vec::with_capacity(rules.versions.len());
        let mut delays = false;
        let mut says_no = false;
        for version in &rules.versions {
            let (group, name) = match version {
                Rules::Compiled(robots) => {
                    let group = robots.group_for(&agent);
                    if let Some(g) = group {
                        delays |= robots.group(g).crawl_delay.is_some();
                        says_no |= profile
                            .conflicts_on
                            .is_some_and(|key| group_says_no(robots, g, key));
                    }
                    (
                        group,
                        group.map(|g| robots.group(g).name()).unwrap_or_default(),
                    )
                }
                _ => (None, String::new()),
            };
            groups.push(group);
            group_names.push(if name.is_empty() {
                Arc::clone(&self.no_name)
            } else {
                Arc::from(name)
            });
        }
        // Judged, or only counted (an automation client that no group names, unless asked).
        let exempt = !bound.judged(groups.iter().any(Option::is_some));
        profile.check_delay = delays && (honours || settings.all_crawl_delay);
        profile.bound = !exempt;
        let crawler = self.crawler_index(info);
        let conflicts_on = profile.conflicts_on.filter(|_| says_no);
        // Every User-Agent of an unknown crawler (`Xbot/1.0 <n>`) reads the same on an
        // origin: one judgement for all of them.
        let key = JudgedKey {
            origin,
            crawler,
            verify_as,
            exempt,
            conflicts_on,
            agent: profile,
        };
        if let Some(&id) = self.judged_ids.get(&key) {
            return Judge::Crawler(id);
        }
        // One profile for the crawler's judgements on every origin.
        let agent = match self.profiles.get(&key.agent) {
            Some(shared) => Arc::clone(shared),
            None => {
                let agent = Arc::new(key.agent.clone());
                self.profiles.insert(Arc::clone(&agent));
                agent
            }
        };
        self.judged_ids.insert(key, self.judged.len() as u32);
        self.judged.push(Judged {
            crawler,
            verify_as,
            exempt,
            agent,
            rules,
            groups,
            group_names,
            conflicts_on,
        });
        Judge::Crawler(self.judged.len() as u32 - 1)
    }
}

/// Whether some preference line of a group says no to `key`: only then can a request under
/// it conflict with that key.
fn group_says_no(robots: &RobotsTxt, group: GroupId, key: PrefKey) -> bool {
    robots
        .group(group)
        .preference_lines()
        .any(|id| robots.preference_line(id).value(key) == Some(false))
}

/// What one remembered crawler User-Agent of `raw` bytes (`text` as printed) costs: its
/// entry, its text, its key in the look-up map and its judgements' entries.
fn ua_cost(raw: usize, text: usize) -> usize {
    std::mem::size_of::<LocalUa>() + raw + text + 96
}

/// Inserts `key → value` into a cache map that may forget the entries `forgettable` picks:
/// `count` of them are in the map, and when they reach `max` they are all dropped before
/// the next goes in. The other entries (what aggregates refer to) always stay.
fn insert_forgettable<K: std::hash::Hash + Eq, V>(
    map: &mut HashMap<K, V>,
    count: &mut usize,
    max: usize,
    key: K,
    value: V,
    forgettable: fn(&V) -> bool,
) {
    if forgettable(&value) {
        if *count >= max {
            map.retain(|_, v| !forgettable(v));
            *count = 0;
        }
        *count += 1;
    }
    map.insert(key, value);
}

/// How a host field that is no origin is shown (its row of the hosts report, its summary
/// rows): as logged, in lower case, made safe for a cell, and cut after
/// [`INVALID_HOST_SHOWN`] bytes (a valid host with its port has at most 259), so that a
/// line of garbage does not fill a report; fields alike up to the cut share a row.
fn invalid_host_display(host: &[u8]) -> String {
    if host.len() <= INVALID_HOST_SHOWN {
        return text::cell(host).into_owned().to_lowercase();
    }
    format!(
        "{}…",
        text::cell(&host[..INVALID_HOST_SHOWN]).to_lowercase()
    )
}

/// See [`invalid_host_display`].
const INVALID_HOST_SHOWN: usize = 100;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn browser_headers_are_remembered_in_bounded_memory() {
        let registry = Registry::builtin();
        let mut tables = Tables::default();
        let googlebot: &[u8] =
            b"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
        let crawler = tables.ua_for(googlebot, &registry);
        assert_ne!(crawler, BROWSER_UA);
        // A client rotating random browser headers, past the bound.
        for i in 0..BROWSER_UAS_MAX + 100 {
            let ua = format!(
                "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/{i}.0.0.0 Safari/537.36"
            );
            assert_eq!(tables.ua_for(ua.as_bytes(), &registry), BROWSER_UA);
            assert!(tables.ua_ids.len() <= BROWSER_UAS_MAX + 1);
        }
        assert!(tables.browser_uas <= 100, "{}", tables.browser_uas);
        // The crawler kept its id and its text; only crawler-like headers have entries.
        assert_eq!(tables.ua_for(googlebot, &registry), crawler);
        assert_eq!(tables.uas.len(), 1);
        assert_eq!(tables.uas[crawler as usize].text.as_bytes(), googlebot);
    }

    /// A forgotten User-Agent's id goes to the next new one: the cache in front of the map
    /// must not answer the old header with it.
    #[test]
    fn forgotten_user_agents_are_identified_again() {
        let registry = Registry::builtin();
        let mut tables = Tables::default();
        let (a, b, c): (&[u8], &[u8], &[u8]) = (
            b"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
            b"Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
            b"Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)",
        );
        let (ia, ib) = (tables.ua_for(a, &registry), tables.ua_for(b, &registry));
        assert_eq!((ia, ib), (0, 1));
        assert_eq!(tables.ua_for(a, &registry), ia);
        // Forgets a, keeps b.
        tables.forget_uas(&[false, true]);
        let ic = tables.ua_for(c, &registry);
        assert_eq!(ic, ia, "c takes a's slot");
        let again = tables.ua_for(a, &registry);
        assert_ne!(again, ic);
        assert_eq!(tables.uas[again as usize].text.as_bytes(), a);
        assert_eq!(tables.uas[ic as usize].text.as_bytes(), c);
        assert_eq!(tables.ua_for(b, &registry), ib);
    }

    /// A host field is answered per scheme hint, from the cache as from the map.
    #[test]
    fn hosts_are_told_apart_by_scheme_hint() {
        let settings = AuditSettings::default();
        let mut tables = Tables::default();
        let host: &[u8] = b"shop.example.com";
        let https = tables.origin_for(host, Some("https"), &settings);
        assert_eq!(tables.origin_for(host, Some("https"), &settings), https);
        let http = tables.origin_for(host, Some("http"), &settings);
        assert_ne!(http, https);
        for _ in 0..2 {
            assert_eq!(tables.origin_for(host, Some("https"), &settings), https);
            assert_eq!(tables.origin_for(host, Some("http"), &settings), http);
        }
        let other = tables.origin_for(b"www.example.com", Some("https"), &settings);
        assert_ne!(other, https);
        assert_eq!(tables.origins.len(), 3);
    }
}
