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

use crate::crawlers::{self, CrawlerId, Identity, RangeList, Registry, Verifier, VerifyResult};
use crate::fetch::{Origin, Scheme};
use crate::input::Block;
use crate::logformat::{BadLine, Format, JsonFields, LineParser, Request};
use crate::report::cell_text;
use crate::robots::{Agent, Dialect, GroupId, RuleId, normalize_target};

use super::judge::{Judges, Rules};
use super::rows::SortedRows;
use super::tally::Hits;

/// The User-Agent id of a plain browser: no token a robots.txt group could name, so never
/// judged and never part of an aggregate; no [`LocalUa`] is kept for it.
const BROWSER_UA: u32 = u32::MAX;
/// Plain-browser headers remembered per worker before they are forgotten: a log whose
/// clients rotate random User-Agents must not grow the table without bound.
const BROWSER_UAS_MAX: usize = 1 << 16;
/// "Not a crawler" judgements remembered per worker before they are forgotten: they grow as
/// origins × headers with a nameable token (every Android device model is one), which a log
/// of many sites must not turn into unbounded memory.
/// (Small in unit tests, so that they cross it.)
const NOT_CRAWLER_JUDGES_MAX: usize = if cfg!(test) { 50 } else { 1 << 16 };
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

/// How the requests of one (origin, User-Agent) pair are judged. `Copy`, so the per-line
/// lookup costs no reference counting; the texts for the reports live in
/// [`Tables::judge_texts`].
#[derive(Clone, Copy)]
enum Judge {
    NotCrawler,
    Crawler {
        crawler: u32,
        dialect: usize,
        group: Option<GroupId>,
        /// Index in [`Tables::judge_texts`].
        texts: u32,
        verify_as: Option<CrawlerId>,
        /// (delay in ms, rule line) when Crawl-delay is checked for this pair; the rule's
        /// text is in [`JudgeTexts::delay_rule`].
        delay: Option<(u64, u32)>,
        /// The operator documents that this client does not follow robots.txt (fetches a
        /// user asked for, uptime checks): counted, never judged.
        exempt: bool,
    },
}

/// The texts a [`Judge`] gives the reports, made once per judgement rather than per request.
struct JudgeTexts {
    /// The group's name (empty when no group applies).
    group_name: Arc<str>,
    /// The Crawl-delay line, e.g. `Crawl-delay: 10` (empty when none is checked).
    delay_rule: Arc<str>,
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
    /// The judgement ([`Tables::judge_texts`] index) whose group was added to `groups` last:
    /// the same one again needs no set lookup.
    last_texts: Option<u32>,
}

/// Aggregate of one violations row. A long-tail log has hundreds of thousands of them, so
/// what repeats from row to row is shared and the row stays near 100 bytes.
pub(super) struct RowAgg {
    pub requests: u64,
    pub first_ms: i64,
    pub last_ms: i64,
    pub rule: Arc<RowRule>,
    pub hits: Hits,
}

/// The group and the rule that a violations row names, shared by the rows they decided.
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct RowRule {
    /// The rule's line in robots.txt (0 when no rule matched).
    pub line: u32,
    /// The rule as written, e.g. `Disallow: /private/`.
    pub text: Arc<str>,
    pub group: Arc<str>,
}

impl RowAgg {
    pub fn new(rule: Arc<RowRule>, time_ms: i64, client: &[u8]) -> RowAgg {
        RowAgg {
            requests: 0,
            first_ms: time_ms,
            last_ms: time_ms,
            rule,
            hits: Hits::new(time_ms, client),
        }
    }

    pub fn add(&mut self, time_ms: i64, client: &[u8], ip: Option<IpAddr>, status: u16) {
        self.requests += 1;
        self.first_ms = self.first_ms.min(time_ms);
        self.last_ms = self.last_ms.max(time_ms);
        self.hits.add(time_ms, client, ip, status);
    }

    pub fn merge(&mut self, other: RowAgg) {
        // The same row text can come from two origins (http and https of one host) with
        // different files: the report names the lesser rule, whatever order merged them.
        if other.rule < self.rule {
            self.rule = other.rule;
        }
        self.requests += other.requests;
        self.first_ms = self.first_ms.min(other.first_ms);
        self.last_ms = self.last_ms.max(other.last_ms);
        self.hits.merge(other.hits);
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
    pub hits: Hits,
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
    /// User-Agent header → its index in `uas`, or [`BROWSER_UA`].
    ua_ids: HashMap<Box<[u8]>, u32>,
    /// Headers in `ua_ids` that map to [`BROWSER_UA`].
    browser_uas: usize,
    crawler_ids: HashMap<String, u32>,
    judges: HashMap<(u32, u32), Judge>,
    /// Entries of `judges` that are [`Judge::NotCrawler`].
    not_crawler_judges: usize,
    judge_texts: Vec<JudgeTexts>,
}

pub(super) struct Worker<'a> {
    shared: &'a Shared<'a>,
    pub tables: Tables,
    pub aggs: Aggregates,
    /// (judgement, rule) → what the rows that rule decided name: made once, not per row.
    row_rules: HashMap<(u32, Option<RuleId>), Arc<RowRule>>,
    /// Crawler id → its published range lists, found once (by name) rather than per request.
    range_lists: Vec<Option<Vec<&'a RangeList>>>,
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
            row_rules: HashMap::default(),
            range_lists: Vec::new(),
            scratch: Vec::with_capacity(256),
        }
    }

    /// The worker's results, its violations rows sorted (here, in parallel with the other
    /// workers, rather than in the merge).
    pub fn finish(mut self) -> (Tables, Aggregates, SortedRows) {
        let rows = SortedRows::new(&self.tables, std::mem::take(&mut self.aggs.rows));
        (self.tables, self.aggs, rows)
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
            texts: texts_id,
            verify_as,
            delay,
            exempt,
        } = judge
        else {
            return;
        };
        self.tables.origins[origin as usize].crawler_requests += 1;
        let ip = parse_ip(req.client);
        let verification = match (verify_as, ip) {
            (Some(id), Some(ip)) => verify(&mut self.range_lists, shared, id, ip),
            _ => VerifyResult::Unverifiable,
        };
        let tables = &self.tables;
        let texts = &tables.judge_texts[texts_id as usize];
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
        if let Some((delay_ms, rule_line)) = delay {
            let entry = self
                .aggs
                .delays
                .entry((origin, ua, verification))
                .or_insert_with(|| DelayAgg {
                    delay_ms,
                    group: texts.group_name.clone(),
                    rule: texts.delay_rule.clone(),
                    rule_line,
                    times: BTreeMap::new(),
                    resolution_ms,
                    hits: Hits::new(req.time_ms, req.client),
                });
            *entry.times.entry(req.time_ms).or_default() += 1;
            entry.resolution_ms = entry.resolution_ms.max(resolution_ms);
            entry.hits.add(req.time_ms, req.client, ip, req.status);
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
        if pair.last_texts != Some(texts_id) {
            pair.last_texts = Some(texts_id);
            if !pair.groups.contains(&*texts.group_name) {
                pair.groups.insert(texts.group_name.to_string());
            }
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
                let rule = self
                    .row_rules
                    .entry((texts_id, verdict.rule))
                    .or_insert_with(|| {
                        let (text, line) = match verdict.rule {
                            Some(id) => (robots.rule(id).display(), robots.rule(id).line),
                            None => (String::new(), 0),
                        };
                        Arc::new(RowRule {
                            line,
                            text: text.into(),
                            group: texts.group_name.clone(),
                        })
                    });
                paths
                    .entry(req.target.as_ref().into())
                    .or_insert_with(|| RowAgg::new(rule.clone(), req.time_ms, req.client))
            }
        };
        row.add(req.time_ms, req.client, ip, req.status);
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
        let ident = match registry.identify_with_tokens(ua) {
            (Identity::Known(id), _) => UaIdent::Known(id),
            (Identity::Unknown(bot), _) => UaIdent::Unknown(bot),
            (Identity::NotCrawler, tokens) => UaIdent::Other(tokens),
        };
        let id = if matches!(&ident, UaIdent::Other(tokens) if tokens.is_empty()) {
            BROWSER_UA
        } else {
            self.uas.push(LocalUa {
                text: cell_text(ua),
                ident,
            });
            self.uas.len() as u32 - 1
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
        if ua == BROWSER_UA {
            return Judge::NotCrawler;
        }
        if let Some(&j) = self.judges.get(&(origin, ua)) {
            return j;
        }
        let judge = self.new_judge(origin, ua, shared);
        // "Not a crawler" costs one new judgement when it comes back; crawler judgements
        // stay, the aggregates and the merge refer to them.
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
                // (Headers without tokens are plain browsers, never judged: `BROWSER_UA`.)
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
                    .map(|d| ((d.millis, d.line), d.display()));
                let name = group.map_or_else(String::new, |g| robots.group(g).name());
                (group, name, delay)
            }
            _ => (None, String::new(), None),
        };
        let texts = self.judge_texts.len() as u32;
        self.judge_texts.push(JudgeTexts {
            group_name: Arc::from(group_name),
            delay_rule: Arc::from(delay.as_ref().map_or("", |d| d.1.as_str())),
        });
        Judge::Crawler {
            crawler,
            dialect: dialect_index(dialect),
            group,
            texts,
            verify_as,
            delay: delay.map(|d| d.0),
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

/// Whether `ip` belongs to crawler `id`, with the crawler's lists kept in `lists` by id.
fn verify<'a>(
    lists: &mut Vec<Option<Vec<&'a RangeList>>>,
    shared: &Shared<'a>,
    id: CrawlerId,
    ip: IpAddr,
) -> VerifyResult {
    if lists.len() <= id.index() {
        lists.resize_with(id.index() + 1, || None);
    }
    let mine =
        lists[id.index()].get_or_insert_with(|| shared.verifier.lists_for(shared.registry, id));
    shared.verifier.verify_in(mine, shared.registry, id, ip)
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

/// The client field as an address. Dotted-quad IPv4, nearly every line, is read here
/// directly; anything else goes to the standard parser, which has the last word.
fn parse_ip(client: &[u8]) -> Option<IpAddr> {
    if let Some(v4) = parse_ipv4_fast(client) {
        return Some(IpAddr::V4(v4));
    }
    std::str::from_utf8(client).ok()?.parse().ok()
}

/// `a.b.c.d` with each part 0–255 written without leading zeros: exactly the strings that
/// `Ipv4Addr::from_str` accepts (it rejects leading zeros too), so `None` here only means
/// "ask the standard parser".
#[inline]
fn parse_ipv4_fast(b: &[u8]) -> Option<std::net::Ipv4Addr> {
    let mut octets = [0u8; 4];
    let mut at = 0;
    for (i, octet) in octets.iter_mut().enumerate() {
        if i > 0 {
            if b.get(at) != Some(&b'.') {
                return None;
            }
            at += 1;
        }
        let start = at;
        let mut value: u32 = 0;
        while let Some(&c) = b.get(at) {
            let d = c.wrapping_sub(b'0');
            if d > 9 || at - start == 3 {
                break;
            }
            value = value * 10 + u32::from(d);
            at += 1;
        }
        let len = at - start;
        if len == 0 || (len > 1 && b[start] == b'0') || value > 255 {
            return None;
        }
        *octet = value as u8;
    }
    (at == b.len()).then(|| std::net::Ipv4Addr::from(octets))
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
    use super::super::tally::ClientKey;
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
    fn fast_ipv4_parse_agrees_with_the_standard_parser() {
        let mut cases: Vec<String> = [
            "0.0.0.0",
            "1.2.3.4",
            "255.255.255.255",
            "66.249.66.1",
            "01.2.3.4",
            "1.2.3.04",
            "00.1.1.1",
            "256.1.1.1",
            "1.2.3.256",
            "1234.1.1.1",
            "1.2.3",
            "1.2.3.4.5",
            "1..2.3",
            " 1.2.3.4",
            "1.2.3.4 ",
            "1.2.3.",
            ".1.2.3",
            "",
            "2001:db8::1",
            "::ffff:192.0.2.1",
            "crawl-66-249-66-1.googlebot.com",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        // Every octet value and spelling (with zeros in front, too long) in each place.
        for v in [
            "0", "9", "10", "99", "100", "199", "249", "250", "255", "256", "300", "999",
        ] {
            for spelled in [v.to_string(), format!("0{v}"), format!("{v}0")] {
                for place in 0..4 {
                    let mut parts = ["7"; 4].map(String::from);
                    parts[place] = spelled.clone();
                    cases.push(parts.join("."));
                }
            }
        }
        for case in &cases {
            let std: Option<IpAddr> = case.parse().ok();
            assert_eq!(parse_ip(case.as_bytes()), std, "{case:?}");
            if let Some(fast) = parse_ipv4_fast(case.as_bytes()) {
                assert_eq!(Some(IpAddr::V4(fast)), std, "{case:?}");
            }
        }
        // The fast path does take the common case (not everything falls through to std).
        assert!(parse_ipv4_fast(b"66.249.66.1").is_some());
    }

    #[test]
    fn client_keys_count_addresses_not_spellings() {
        let a = ClientKey::new(parse_ip(b"2001:db8::1"), b"2001:db8::1");
        let b = ClientKey::new(parse_ip(b"2001:DB8:0::1"), b"2001:DB8:0::1");
        assert_eq!(a, b);
        let name = ClientKey::new(parse_ip(b"crawler.example"), b"crawler.example");
        assert_eq!(name, ClientKey::Other(Box::from(&b"crawler.example"[..])));
        assert_ne!(a, name);
    }

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
        assert!(tables.judges.is_empty(), "browsers are never judged");
        // The crawler kept its id and its text; only crawler-like headers have entries.
        assert_eq!(tables.ua_for(googlebot, &registry), crawler);
        assert_eq!(tables.uas.len(), 1);
        assert_eq!(tables.uas[crawler as usize].text.as_bytes(), googlebot);
        // A header with a token a group could name is not a plain browser.
        let lib = tables.ua_for(b"python-requests/2.32.3", &registry);
        assert_ne!(lib, BROWSER_UA);
    }

    #[test]
    fn forgotten_not_crawler_judgements_change_no_verdict() {
        use crate::fetch::{FetchOptions, RobotsStore};
        let dir = tempfile::tempdir().expect("a temp dir");
        let site = dir.path().join("a.example");
        std::fs::create_dir(&site).expect("a temp dir is writable");
        std::fs::write(
            site.join("robots.txt"),
            "User-agent: named-phone\nDisallow: /x\n",
        )
        .expect("a temp dir is writable");
        let registry = Registry::builtin();
        let verifier = Verifier::bundled();
        let judges = Judges::new(
            RobotsStore::new(FetchOptions {
                robots_dir: Some(dir.path().to_path_buf()),
                ..FetchOptions::default()
            })
            .expect("a robots dir store"),
        );
        let shared = Shared {
            registry: &registry,
            verifier: &verifier,
            judges: &judges,
            default_host: None,
            scheme: Scheme::Https,
            since_ms: None,
            until_ms: None,
            all_crawl_delay: false,
            json_fields: None,
        };
        // Phones of many models (each a nameable token no group names: "not a crawler"),
        // four times the bound, with the one model the robots.txt names in between.
        let line = |model: &str| {
            format!(
                "a.example:443 192.0.2.1 - - [20/Nov/2026:10:00:00 +0000] \"GET /x HTTP/1.1\" 200 5 \"-\" \"Mozilla/5.0 (Linux; Android 14; {model}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36\"\n"
            )
        };
        let mut data = String::new();
        let mut named = 0u64;
        for i in 0..4 * NOT_CRAWLER_JUDGES_MAX {
            data.push_str(&line(&format!("Model-{i}")));
            if i % 7 == 0 {
                data.push_str(&line("named-phone"));
                named += 1;
            }
        }
        // And all of them again: forgotten judgements are made anew.
        let data = data.repeat(2);
        let mut worker = Worker::new(&shared, 1);
        worker.process(&Job {
            input: 0,
            format: Format::VhostCombined,
            block: Block {
                data: data.into_bytes(),
                first_line: 1,
                header: None,
            },
        });
        assert!(worker.tables.judges.len() <= NOT_CRAWLER_JUDGES_MAX + 1);
        assert_eq!(worker.tables.crawlers.len(), 1);
        assert_eq!(worker.tables.crawlers[0].name, "named-phone");
        let pair = &worker.aggs.pairs[&(0, 0)];
        assert_eq!((pair.requests, pair.violations), (2 * named, 2 * named));
        assert_eq!(
            worker.aggs.inputs[0].requests,
            2 * (4 * NOT_CRAWLER_JUDGES_MAX as u64 + named)
        );
        // The merge names the rows through the crawler judgements: they were all kept.
        let ua = line("named-phone");
        let ua = ua.rsplit('"').nth(1).expect("the quoted User-Agent");
        let id = worker.tables.ua_ids[ua.as_bytes()];
        assert_eq!(worker.tables.crawler_name(0, id), "named-phone");
    }

    #[test]
    fn excerpts_are_short_and_escaped() {
        let long = vec![b'a'; 500];
        assert_eq!(excerpt(&long).chars().count(), 121);
        assert_eq!(excerpt(b"x\x1b[2Jy"), "x\\x1b[2Jy");
    }
}
