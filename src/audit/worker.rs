//! One audit worker: parses the lines of the blocks it is given, judges crawler requests and
//! adds them to its own aggregates. Nothing here is shared or locked on the hot path.
//!
//! Each worker keeps caches keyed by what logs repeat: host field → origin, User-Agent →
//! identity, (origin, User-Agent) → the group that applies. The first time a key is seen it
//! costs a registry scan or a robots.txt lookup; after that a line costs a parse, three hash
//! lookups and one match against the group's rules. Keys are worker-local indices; the merge
//! turns them into strings once at the end.

use std::collections::BTreeMap;
use std::net::IpAddr;
use std::sync::Arc;

use foldhash::HashMap;
use foldhash::HashSet;
use foldhash::HashSetExt;

use crate::crawlers::{self, CrawlerId, Identity, Registry, Verifier, VerifyResult};
use crate::fetch::{Origin, Scheme};
use crate::input::Block;
use crate::logformat::{BadLine, Format, JsonFields, LineParser, Request};
use crate::report::cell_text;
use crate::robots::{Agent, Dialect, GroupId, normalize_target};

use super::judge::{Judges, Rules};

/// At most this many distinct client addresses are remembered per report row.
pub(super) const MAX_IPS_PER_ROW: usize = 10_000;
/// Malformed-line examples kept per input.
pub(super) const BAD_EXAMPLES: usize = 3;

/// What every worker reads.
pub(super) struct Shared<'a> {
    pub registry: &'a Registry,
    pub verifier: &'a Verifier,
    pub judges: &'a Judges,
    pub default_host: Option<&'a Origin>,
    pub scheme: Scheme,
    pub since_ms: Option<i64>,
    pub until_ms: Option<i64>,
    pub all_crawl_delay: bool,
    pub json_fields: Option<&'a Arc<JsonFields>>,
}

impl Shared<'_> {
    /// The parser for a block of this format (with the user's nginx-json key names).
    pub fn parser(&self, format: Format, header: Option<&[u8]>) -> LineParser {
        match self.json_fields {
            Some(fields) => LineParser::with_json_fields(format, header, Arc::clone(fields)),
            None => LineParser::new(format, header),
        }
    }
}

/// A block of one input, with the format its lines are in.
pub(super) struct Job {
    pub input: usize,
    pub format: Format,
    pub block: Block,
}

/// Per-input line counts.
#[derive(Default)]
pub(super) struct InputCounts {
    pub requests: u64,
    pub outside_window: u64,
    pub no_host: u64,
    pub bad: BTreeMap<BadLine, u64>,
    /// (line number, reason, sanitised excerpt), the lowest line numbers seen.
    pub bad_examples: Vec<(u64, BadLine, String)>,
}

impl InputCounts {
    pub fn bad_total(&self) -> u64 {
        self.bad.values().sum()
    }

    pub fn add_example(&mut self, line_no: u64, reason: BadLine, excerpt: String) {
        if self.bad_examples.len() < BAD_EXAMPLES {
            self.bad_examples.push((line_no, reason, excerpt));
            self.bad_examples.sort_by_key(|e| e.0);
        } else if let Some(last) = self.bad_examples.last_mut()
            && line_no < last.0
        {
            *last = (line_no, reason, excerpt);
            self.bad_examples.sort_by_key(|e| e.0);
        }
    }

    pub fn merge(&mut self, other: InputCounts) {
        self.requests += other.requests;
        self.outside_window += other.outside_window;
        self.no_host += other.no_host;
        for (k, v) in other.bad {
            *self.bad.entry(k).or_default() += v;
        }
        for (n, r, e) in other.bad_examples {
            self.add_example(n, r, e);
        }
    }
}

/// A crawler as the reports name it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct CrawlerInfo {
    pub name: String,
    pub operator: String,
    pub category: String,
    pub honours_crawl_delay: bool,
}

pub(super) struct LocalOrigin {
    /// The origin, or why the host field could not be one.
    pub origin: Result<Origin, String>,
    /// The report's `host` cell.
    pub display: String,
    pub requests: u64,
    pub crawler_requests: u64,
    /// Rules per dialect, fetched from [`Judges`] on first need.
    rules: [Option<Arc<Rules>>; 3],
}

pub(super) struct LocalUa {
    /// The report's `user_agent` cell.
    pub text: String,
    ident: UaIdent,
}

#[derive(Clone)]
enum UaIdent {
    Known(CrawlerId),
    Unknown(crawlers::UnknownBot),
    /// Not declared a crawler; these product tokens make it one where a robots.txt group
    /// names one of them (spec §8).
    Other(Vec<String>),
}

#[derive(Clone)]
enum Judge {
    NotCrawler,
    Crawler {
        crawler: u32,
        dialect: usize,
        group: Option<GroupId>,
        /// The group's name for the reports (empty when no group applies), made once here
        /// rather than per request.
        group_name: Arc<str>,
        verify_as: Option<CrawlerId>,
        /// (delay in ms, rule text, rule line) when Crawl-delay is checked for this pair.
        delay: Option<(u64, Arc<str>, u32)>,
        /// The operator documents that this client does not follow robots.txt (fetches a
        /// user asked for, uptime checks): counted, never judged.
        exempt: bool,
    },
}

/// Aggregate of one (origin, crawler) pair: the summary row.
#[derive(Default)]
pub(super) struct PairAgg {
    pub requests: u64,
    pub checked: u64,
    pub allowed: u64,
    pub violations: u64,
    pub not_judged: u64,
    pub robots_fetches: u64,
    pub robots_statuses: BTreeMap<u16, u64>,
    pub first_ms: i64,
    pub last_ms: i64,
    pub first_robots_ms: Option<i64>,
    pub first_other_ms: Option<i64>,
    pub verified: u64,
    pub spoofed: u64,
    pub unverifiable: u64,
    /// The group names that applied (a crawler with several User-Agents may meet several).
    pub groups: std::collections::BTreeSet<String>,
}

/// Aggregate of one violations row.
pub(super) struct RowAgg {
    pub requests: u64,
    pub first_ms: i64,
    pub last_ms: i64,
    pub group: Arc<str>,
    pub rule: Arc<str>,
    pub rule_line: u32,
    pub ips: HashSet<Box<[u8]>>,
    /// The client of the earliest request (ties: the smallest address), for a deterministic sample.
    pub sample: (i64, Box<[u8]>),
    pub statuses: BTreeMap<u16, u64>,
}

impl RowAgg {
    fn new(group: Arc<str>, rule: Arc<str>, rule_line: u32, time_ms: i64, client: &[u8]) -> RowAgg {
        RowAgg {
            requests: 0,
            first_ms: time_ms,
            last_ms: time_ms,
            group,
            rule,
            rule_line,
            ips: HashSet::new(),
            sample: (time_ms, client.into()),
            statuses: BTreeMap::new(),
        }
    }

    fn add(&mut self, time_ms: i64, client: &[u8], status: u16) {
        self.requests += 1;
        self.first_ms = self.first_ms.min(time_ms);
        self.last_ms = self.last_ms.max(time_ms);
        if self.ips.len() < MAX_IPS_PER_ROW && !self.ips.contains(client) {
            self.ips.insert(client.into());
        }
        if (time_ms, client) < (self.sample.0, &*self.sample.1) {
            self.sample = (time_ms, client.into());
        }
        *self.statuses.entry(status).or_default() += 1;
    }

    pub fn merge(&mut self, other: RowAgg) {
        self.requests += other.requests;
        self.first_ms = self.first_ms.min(other.first_ms);
        self.last_ms = self.last_ms.max(other.last_ms);
        for ip in other.ips {
            if self.ips.len() >= MAX_IPS_PER_ROW {
                break;
            }
            self.ips.insert(ip);
        }
        if (other.sample.0, &*other.sample.1) < (self.sample.0, &*self.sample.1) {
            self.sample = other.sample;
        }
        for (s, n) in other.statuses {
            *self.statuses.entry(s).or_default() += n;
        }
    }
}

/// Request times of one (origin, user agent, verification) under a Crawl-delay.
pub(super) struct DelayAgg {
    pub delay_ms: u64,
    pub group: Arc<str>,
    pub rule: Arc<str>,
    pub rule_line: u32,
    /// Request time (ms) → requests at that time. Memory is bounded by the distinct times
    /// (at most 86,400 a day at the second resolution most logs have), not by requests.
    pub times: BTreeMap<i64, u64>,
    /// The coarsest time resolution among the lines, in ms (1000 for `[10/Oct/2000:13:55:36 -0700]`).
    pub resolution_ms: i64,
    /// Distinct clients, up to [`MAX_IPS_PER_ROW`].
    pub clients: HashSet<Box<[u8]>>,
    /// The client of the earliest request (ties: the smallest address).
    pub sample: (i64, Box<[u8]>),
    pub statuses: BTreeMap<u16, u64>,
}

/// Row keys: (origin, user agent, verification).
pub(super) type RowKey = (u32, u32, VerifyResult);

/// Everything a worker produces.
#[derive(Default)]
pub(super) struct Aggregates {
    pub inputs: Vec<InputCounts>,
    pub pairs: HashMap<(u32, u32), PairAgg>,
    pub rows: HashMap<RowKey, HashMap<Box<[u8]>, RowAgg>>,
    pub delays: HashMap<RowKey, DelayAgg>,
    /// Requests whose address fails the claimed crawler's verification: crawler → client.
    pub spoofed: HashMap<u32, HashMap<Box<[u8]>, SpoofAgg>>,
}

/// Requests from one address that claimed to be one crawler and is not.
pub(super) struct SpoofAgg {
    pub requests: u64,
    pub first_ms: i64,
    pub last_ms: i64,
    /// Origins it reached (worker-local indices; names after the merge).
    pub origins: std::collections::BTreeSet<u32>,
    /// The User-Agent of its earliest request (ties: the smallest index).
    pub sample_ua: (i64, u32),
}

/// Worker-local interning tables: the indices in [`Aggregates`] refer to these.
#[derive(Default)]
pub(super) struct Tables {
    pub origins: Vec<LocalOrigin>,
    pub uas: Vec<LocalUa>,
    pub crawlers: Vec<CrawlerInfo>,
    origin_ids: HashMap<Origin, u32>,
    /// host field → origin index per scheme hint (none, http, https).
    hosts: HashMap<Box<[u8]>, [Option<u32>; 3]>,
    default_origin: Option<u32>,
    ua_ids: HashMap<Box<[u8]>, u32>,
    crawler_ids: HashMap<String, u32>,
    judges: HashMap<(u32, u32), Judge>,
}

pub(super) struct Worker<'a> {
    shared: &'a Shared<'a>,
    pub tables: Tables,
    pub aggs: Aggregates,
    scratch: Vec<u8>,
}

impl<'a> Worker<'a> {
    pub fn new(shared: &'a Shared<'a>, inputs: usize) -> Worker<'a> {
        let mut aggs = Aggregates::default();
        aggs.inputs.resize_with(inputs, InputCounts::default);
        Worker {
            shared,
            tables: Tables::default(),
            aggs,
            scratch: Vec::with_capacity(256),
        }
    }

    /// Parses and judges every line of a block.
    pub fn process(&mut self, job: &Job) {
        let parser = self.shared.parser(job.format, job.block.header.as_deref());
        let resolution = time_resolution_ms(job.format);
        for (line_no, line) in job.block.lines() {
            match parser.parse(line) {
                Ok(Some(req)) => self.request(job.input, &req, resolution),
                Ok(None) => {}
                Err(reason) => {
                    let counts = &mut self.aggs.inputs[job.input];
                    *counts.bad.entry(reason).or_default() += 1;
                    let would_keep = counts.bad_examples.len() < BAD_EXAMPLES
                        || counts.bad_examples.last().is_some_and(|l| line_no < l.0);
                    if would_keep {
                        counts.add_example(line_no, reason, excerpt(line));
                    }
                }
            }
        }
    }

    fn request(&mut self, input: usize, req: &Request<'_>, resolution_ms: i64) {
        let shared = self.shared;
        let counts = &mut self.aggs.inputs[input];
        counts.requests += 1;
        if shared.since_ms.is_some_and(|s| req.time_ms < s)
            || shared.until_ms.is_some_and(|u| req.time_ms >= u)
        {
            counts.outside_window += 1;
            return;
        }
        let origin = match req.host {
            Some(host) if !host.is_empty() && host != b"-" => {
                self.tables.origin_for(host, req.scheme, shared)
            }
            _ => match self.tables.default_origin(shared) {
                Some(o) => o,
                None => {
                    counts.no_host += 1;
                    return;
                }
            },
        };
        self.tables.origins[origin as usize].requests += 1;
        let ua = self.tables.ua_for(&req.user_agent, shared.registry);
        let judge = self.tables.judge_for(origin, ua, shared);
        let Judge::Crawler {
            crawler,
            dialect,
            group,
            group_name,
            verify_as,
            delay,
            exempt,
        } = judge
        else {
            return;
        };
        let tables = &mut self.tables;
        tables.origins[origin as usize].crawler_requests += 1;

        let verification = match verify_as {
            Some(id) => match parse_ip(req.client) {
                Some(ip) => shared.verifier.verify(shared.registry, id, ip),
                None => VerifyResult::Unverifiable,
            },
            None => VerifyResult::Unverifiable,
        };
        let pair = self
            .aggs
            .pairs
            .entry((origin, crawler))
            .or_insert_with(|| PairAgg {
                first_ms: req.time_ms,
                last_ms: req.time_ms,
                ..PairAgg::default()
            });
        pair.requests += 1;
        pair.first_ms = pair.first_ms.min(req.time_ms);
        pair.last_ms = pair.last_ms.max(req.time_ms);
        match verification {
            VerifyResult::Verified => pair.verified += 1,
            VerifyResult::Spoofed => {
                pair.spoofed += 1;
                let clients = self.aggs.spoofed.entry(crawler).or_default();
                let agg = match clients.get_mut(req.client) {
                    Some(agg) => agg,
                    None => clients.entry(req.client.into()).or_insert(SpoofAgg {
                        requests: 0,
                        first_ms: req.time_ms,
                        last_ms: req.time_ms,
                        origins: Default::default(),
                        sample_ua: (req.time_ms, ua),
                    }),
                };
                agg.requests += 1;
                agg.first_ms = agg.first_ms.min(req.time_ms);
                agg.last_ms = agg.last_ms.max(req.time_ms);
                agg.origins.insert(origin);
                agg.sample_ua = agg.sample_ua.min((req.time_ms, ua));
            }
            VerifyResult::Unverifiable => pair.unverifiable += 1,
        }

        if !req.is_fetch() || exempt {
            return;
        }
        if let Some((delay_ms, rule, rule_line)) = delay {
            let entry = self
                .aggs
                .delays
                .entry((origin, ua, verification))
                .or_insert_with(|| DelayAgg {
                    delay_ms,
                    group: group_name.clone(),
                    rule,
                    rule_line,
                    times: BTreeMap::new(),
                    resolution_ms,
                    clients: HashSet::new(),
                    sample: (req.time_ms, req.client.into()),
                    statuses: BTreeMap::new(),
                });
            *entry.times.entry(req.time_ms).or_default() += 1;
            entry.resolution_ms = entry.resolution_ms.max(resolution_ms);
            if entry.clients.len() < MAX_IPS_PER_ROW && !entry.clients.contains(req.client) {
                entry.clients.insert(req.client.into());
            }
            if (req.time_ms, req.client) < (entry.sample.0, &*entry.sample.1) {
                entry.sample = (req.time_ms, req.client.into());
            }
            *entry.statuses.entry(req.status).or_default() += 1;
        }

        // RFC 9309 §2.2.2: /robots.txt is always allowed; asking for it is evidence of which
        // rules the crawler saw, not a violation (spec §7).
        if is_robots_txt(&req.target) {
            pair.robots_fetches += 1;
            *pair.robots_statuses.entry(req.status).or_default() += 1;
            pair.first_robots_ms = Some(
                pair.first_robots_ms
                    .map_or(req.time_ms, |t| t.min(req.time_ms)),
            );
            return;
        }
        pair.first_other_ms = Some(
            pair.first_other_ms
                .map_or(req.time_ms, |t| t.min(req.time_ms)),
        );

        let local = &tables.origins[origin as usize];
        let rules = local.rules[dialect]
            .as_deref()
            .expect("judge_for filled the rules of this dialect");
        let robots = match rules {
            Rules::NotJudged => {
                pair.not_judged += 1;
                return;
            }
            Rules::AllowAll => {
                pair.checked += 1;
                pair.allowed += 1;
                return;
            }
            Rules::Compiled(robots) => robots,
        };
        pair.checked += 1;
        if !pair.groups.contains(&*group_name) {
            pair.groups.insert(group_name.to_string());
        }
        normalize_target(&req.target, &mut self.scratch);
        let verdict = robots.check(group, &self.scratch);
        if verdict.allowed {
            pair.allowed += 1;
            return;
        }
        pair.violations += 1;
        let paths = self
            .aggs
            .rows
            .entry((origin, ua, verification))
            .or_default();
        let row = match paths.get_mut(&*req.target) {
            Some(row) => row,
            None => {
                let (rule, rule_line) = match verdict.rule {
                    Some(id) => (robots.rule(id).display(), robots.rule(id).line),
                    None => (String::new(), 0),
                };
                paths.entry(req.target.as_ref().into()).or_insert_with(|| {
                    RowAgg::new(
                        group_name.clone(),
                        rule.into(),
                        rule_line,
                        req.time_ms,
                        req.client,
                    )
                })
            }
        };
        row.add(req.time_ms, req.client, req.status);
    }
}

impl Tables {
    fn default_origin(&mut self, shared: &Shared<'_>) -> Option<u32> {
        if self.default_origin.is_none() {
            let origin = shared.default_host?.clone();
            self.default_origin = Some(self.intern_origin(Ok(origin), String::new()));
        }
        self.default_origin
    }

    fn origin_for(
        &mut self,
        host: &[u8],
        scheme: Option<&'static str>,
        shared: &Shared<'_>,
    ) -> u32 {
        let slot = match scheme {
            None => 0,
            Some("http") => 1,
            Some(_) => 2,
        };
        if let Some(id) = self.hosts.get(host).and_then(|ids| ids[slot]) {
            return id;
        }
        let scheme = match slot {
            1 => Scheme::Http,
            2 => Scheme::Https,
            _ => shared.scheme,
        };
        let origin = Origin::from_host(host, scheme).map_err(|e| e.to_string());
        let id = self.intern_origin(origin, cell_text(host).to_lowercase());
        self.hosts.entry(host.into()).or_default()[slot] = Some(id);
        id
    }

    fn intern_origin(&mut self, origin: Result<Origin, String>, raw: String) -> u32 {
        if let Ok(o) = &origin
            && let Some(&id) = self.origin_ids.get(o)
        {
            return id;
        }
        let id = self.origins.len() as u32;
        let display = match &origin {
            Ok(o) => {
                self.origin_ids.insert(o.clone(), id);
                o.display_host()
            }
            Err(_) => raw,
        };
        self.origins.push(LocalOrigin {
            origin,
            display,
            requests: 0,
            crawler_requests: 0,
            rules: [None, None, None],
        });
        id
    }

    fn ua_for(&mut self, ua: &[u8], registry: &Registry) -> u32 {
        if let Some(&id) = self.ua_ids.get(ua) {
            return id;
        }
        let ident = match registry.identify(ua) {
            Identity::Known(id) => UaIdent::Known(id),
            Identity::Unknown(bot) => UaIdent::Unknown(bot),
            Identity::NotCrawler => UaIdent::Other(
                crawlers::product_tokens(ua)
                    .into_iter()
                    .filter(|t| !crawlers::is_browser_token(t))
                    .collect(),
            ),
        };
        let id = self.uas.len() as u32;
        self.uas.push(LocalUa {
            text: cell_text(ua),
            ident,
        });
        self.ua_ids.insert(ua.into(), id);
        id
    }

    fn crawler_index(&mut self, info: CrawlerInfo) -> u32 {
        if let Some(&id) = self.crawler_ids.get(&info.name) {
            return id;
        }
        let id = self.crawlers.len() as u32;
        self.crawler_ids.insert(info.name.clone(), id);
        self.crawlers.push(info);
        id
    }

    /// The rules of an origin for a dialect, fetched from the shared map once per worker.
    fn rules(&mut self, origin: u32, dialect: Dialect, judges: &Judges) -> Arc<Rules> {
        let local = &mut self.origins[origin as usize];
        let slot = &mut local.rules[dialect_index(dialect)];
        if let Some(r) = slot {
            return r.clone();
        }
        let rules = match &local.origin {
            Ok(o) => judges.rules(o, dialect),
            Err(_) => Arc::new(Rules::NotJudged),
        };
        *slot = Some(rules.clone());
        rules
    }

    fn judge_for(&mut self, origin: u32, ua: u32, shared: &Shared<'_>) -> Judge {
        // Most lines are browsers without a token any group could name: no lookup needed.
        if matches!(&self.uas[ua as usize].ident, UaIdent::Other(tokens) if tokens.is_empty()) {
            return Judge::NotCrawler;
        }
        if let Some(j) = self.judges.get(&(origin, ua)) {
            return j.clone();
        }
        let judge = self.new_judge(origin, ua, shared);
        self.judges.insert((origin, ua), judge.clone());
        judge
    }

    fn new_judge(&mut self, origin: u32, ua: u32, shared: &Shared<'_>) -> Judge {
        let registry = shared.registry;
        // Who is it: name, the tokens it obeys, its dialect.
        let mut exempt = false;
        let (info, tokens, obeys_star, dialect, verify_as): (
            CrawlerInfo,
            Vec<String>,
            bool,
            Dialect,
            _,
        ) = match self.uas[ua as usize].ident.clone() {
            UaIdent::Known(id) => {
                let c = registry.get(id);
                exempt = !c.obeys_robots;
                (
                    CrawlerInfo {
                        name: c.name.clone(),
                        operator: c.operator.clone(),
                        category: c.category.as_str().to_string(),
                        honours_crawl_delay: c.honours_crawl_delay,
                    },
                    c.tokens.clone(),
                    c.obeys_star,
                    c.dialect,
                    Some(id),
                )
            }
            UaIdent::Unknown(bot) => (
                CrawlerInfo {
                    name: bot.name.clone(),
                    operator: String::new(),
                    category: "unknown".to_string(),
                    honours_crawl_delay: false,
                },
                bot.tokens,
                true,
                Dialect::Google,
                None,
            ),
            UaIdent::Other(tokens) => {
                if tokens.is_empty() {
                    return Judge::NotCrawler;
                }
                // Spec §8: a client whose header carries a token that a group names is a
                // crawler of that name, under those rules.
                let rules = self.rules(origin, Dialect::Google, shared.judges);
                let Rules::Compiled(robots) = &*rules else {
                    return Judge::NotCrawler;
                };
                let Some(named) = tokens.iter().find(|t| robots.names_agent(t)) else {
                    return Judge::NotCrawler;
                };
                (
                    CrawlerInfo {
                        name: named.clone(),
                        operator: String::new(),
                        category: "unknown".to_string(),
                        honours_crawl_delay: false,
                    },
                    vec![named.clone()],
                    true,
                    Dialect::Google,
                    None,
                )
            }
        };
        let honours = info.honours_crawl_delay;
        let crawler = self.crawler_index(info);
        let rules = self.rules(origin, dialect, shared.judges);
        let (group, group_name, delay) = match &*rules {
            Rules::Compiled(robots) => {
                let refs: Vec<&str> = tokens.iter().map(String::as_str).collect();
                let group = robots.group_for(&Agent {
                    tokens: &refs,
                    obeys_star,
                });
                let delay = group
                    .and_then(|g| robots.group(g).crawl_delay.as_ref())
                    .filter(|_| honours || shared.all_crawl_delay)
                    .map(|d| (d.millis, Arc::from(d.display()), d.line));
                let name = group.map_or_else(String::new, |g| robots.group(g).name());
                (group, Arc::from(name), delay)
            }
            _ => (None, Arc::from(""), None),
        };
        Judge::Crawler {
            crawler,
            dialect: dialect_index(dialect),
            group,
            group_name,
            verify_as,
            delay,
            exempt,
        }
    }
}

impl Tables {
    /// The crawler name a (origin, user agent) pair was judged as.
    pub fn crawler_name(&self, origin: u32, ua: u32) -> &str {
        match self.judges.get(&(origin, ua)) {
            Some(Judge::Crawler { crawler, .. }) => &self.crawlers[*crawler as usize].name,
            _ => "",
        }
    }
}

fn dialect_index(d: Dialect) -> usize {
    match d {
        Dialect::Google => 0,
        Dialect::Yandex => 1,
        Dialect::YandexLegacy => 2,
    }
}

/// How precisely a format records request times.
fn time_resolution_ms(format: Format) -> i64 {
    match format {
        Format::Caddy | Format::Cloudflare | Format::NginxJson | Format::Alb => 1,
        _ => 1000,
    }
}

/// `/robots.txt`, with or without a query.
fn is_robots_txt(target: &[u8]) -> bool {
    let path = match memchr::memchr(b'?', target) {
        Some(q) => &target[..q],
        None => target,
    };
    path == b"/robots.txt"
}

fn parse_ip(client: &[u8]) -> Option<IpAddr> {
    std::str::from_utf8(client).ok()?.parse().ok()
}

/// A malformed line as it can be shown: at most 120 bytes, control characters escaped.
fn excerpt(line: &[u8]) -> String {
    let cut = &line[..line.len().min(120)];
    let mut s = crate::report::escape_for_terminal(cut);
    if line.len() > cut.len() {
        s.push('…');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn robots_txt_requests_are_recognised_with_or_without_query() {
        assert!(is_robots_txt(b"/robots.txt"));
        assert!(is_robots_txt(b"/robots.txt?x=1"));
        assert!(!is_robots_txt(b"/robots.txt.bak"));
        assert!(!is_robots_txt(b"/a/robots.txt"));
    }

    #[test]
    fn bad_line_examples_keep_the_lowest_line_numbers() {
        let mut c = InputCounts::default();
        for n in [50, 7, 30, 2, 90, 1] {
            c.add_example(n, BadLine::TooFewFields, format!("line {n}"));
        }
        let lines: Vec<u64> = c.bad_examples.iter().map(|e| e.0).collect();
        assert_eq!(lines, vec![1, 2, 7]);
    }

    #[test]
    fn excerpts_are_short_and_escaped() {
        let long = vec![b'a'; 500];
        assert_eq!(excerpt(&long).chars().count(), 121);
        assert_eq!(excerpt(b"x\x1b[2Jy"), "x\\x1b[2Jy");
    }
}
