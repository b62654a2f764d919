//! The per-line pipeline of one worker: parse → time window → origin → who → judge → one
//! event into the worker's aggregates. Nothing here is shared or locked on the hot path.
//!
//! A request whose origin's robots.txt is not known yet (it must be fetched) and whose client
//! may be a crawler is set aside whole in the worker's [`Spool`], to be read again once the
//! fetches are done ([`Worker::replay`]); every other line is finished at once. A crawler's
//! request that every version of robots.txt it may have held allows is counted; one that some
//! version forbids is kept ([`Stream`]) for the judgement at the end, which needs the
//! crawler's fetches of `/robots.txt` from the whole data set
//! (docs/judging.md, "The crawler's own fetches").

use std::borrow::Cow;
use std::collections::BTreeSet;
use std::net::IpAddr;
use std::ops::Range;
use std::sync::Arc;

use foldhash::HashMap;

use crate::crawlers::{Category, CrawlerId, Identity, RangeList, Registry, Verifier};
use crate::extsort::{LazyDir, OVERDRAFT, SortDir, SortError};
use crate::fetch::RobotsSource;
use crate::history::Fetch;
use crate::logformat::{BadLine, Format, LineParser, Request};
use crate::robots::{PrefKey, normalize_target};
use crate::text;

use super::aggregate::{
    Client, Fetches, Hit, HostKey, InputCounts, PairAgg, SpoofAgg, Stream, TooOld, Verification,
    by_path, kept_paths,
};
use super::census::{self, Census};
use super::delays::sort_by_value;
use super::intern::{BROWSER_UA, Judge, Judged, Tables};
use super::partial::Partial;
use super::path_ids::PathIds;
use super::pipeline::Job;
use super::rules::{DialectRules, Rules, RulesCache};
use super::spill::{DELAY_RECORD_HITS, RunHit, RunRecord, RunStream, SpillRun};
use super::spool::Spool;
use super::{AuditError, AuditSettings};

/// Bytes a kept path costs beyond its own: its entry in the stream's table (8 bytes and a
/// control byte, the table at most seven-eighths full), its place in the stream's vector of
/// paths (16), each up to twice that after growing, and its allocation.
const PATH_OVERHEAD: usize = 48;

/// Bytes a distinct client of kept requests costs: its entry in the table and in the map
/// that interns it (a named client's bytes come on top).
const CLIENT_OVERHEAD: usize = 80;

/// Bytes a stream of kept requests costs beyond its requests: its entry in the map.
const STREAM_COST: usize = std::mem::size_of::<LocalStream>() + 32;

/// What every worker reads.
pub struct Shared<'a> {
    pub settings: &'a AuditSettings,
    pub registry: &'a Registry,
    pub verifier: &'a Verifier,
    pub source: &'a dyn RobotsSource,
    pub rules: &'a RulesCache,
    /// Input names, by index.
    pub inputs: &'a [String],
    /// Where runs go.
    pub spill_dir: &'a LazyDir,
}

impl Shared<'_> {
    /// The parser for a block of this format (with the user's nginx-json key names; for
    /// `--host`'s log, when the format logs no host: [`LineParser::for_host`]).
    pub fn parser(&self, format: Format, header: Option<&[u8]>) -> LineParser {
        let parser = match &self.settings.json_fields {
            Some(fields) => LineParser::with_json_fields(format, header, Arc::clone(fields)),
            None => LineParser::new(format, header),
        };
        if self.settings.default_host.is_some() {
            parser.for_host()
        } else {
            parser
        }
    }
}

/// A (host, crawler) pair being counted, with the judgement and the versions whose group
/// names it last added.
struct LocalPair {
    /// (origin, crawler).
    key: (u32, u32),
    agg: PairAgg,
    last_groups: Option<(u32, Range<usize>)>,
}

/// Requests of one (origin, User-Agent, verification) kept for the end.
struct LocalStream {
    judged: u32,
    /// Distinct request targets kept, each with its index (`hits` refer to it).
    path_ids: PathIds,
    hits: Vec<(u32, Hit)>,
    delay: Vec<Hit>,
    resolution_ms: i64,
}

/// What a spill takes from one stream: its kept requests sorted by path, each path's range
/// of them, and its paths by index.
type Taken<'a> = (Vec<(u32, Hit)>, Vec<(u32, u32)>, Vec<&'a [u8]>);

/// Requests from one client that claimed a crawler it is not.
struct LocalSpoof {
    requests: u64,
    first_ms: i64,
    last_ms: i64,
    origins: BTreeSet<u32>,
    /// (time, User-Agent index) of its earliest request.
    sample: (i64, u32),
}

/// Worker-local aggregates, keyed by indices into [`Tables`].
#[derive(Default)]
struct Aggs {
    inputs: Vec<InputCounts>,
    /// Per (origin, crawler), found by `pair_ids`, or by `judged_pairs` without hashing.
    pairs: Vec<LocalPair>,
    pair_ids: HashMap<(u32, u32), u32>,
    /// Per judged crawler (by its index in the tables), its pair's index, or `u32::MAX` before
    /// its first request: a judgement's origin and crawler never change, so a request finds
    /// its pair by the judgement it already has (three look-ups by (origin, crawler) a
    /// crawler's request before).
    judged_pairs: Vec<u32>,
    streams: HashMap<(u32, u32, Verification), LocalStream>,
    /// (origin, crawler, verification, User-Agent or `u32::MAX`) → fetches of /robots.txt,
    /// each with its client.
    fetches: HashMap<(u32, u32, Verification, u32), Fetches>,
    spoofed: HashMap<(u32, u32), LocalSpoof>,
    too_old: TooOld,
}

/// A request of a crawler being judged: what the worker found out about it.
struct Judging<'r, 'l> {
    req: &'r Request<'l>,
    origin: u32,
    ua: u32,
    verification: Verification,
    /// Index into the tables' judged crawlers.
    judged: u32,
    resolution_ms: i64,
    ip: Option<IpAddr>,
}

/// The phase a worker is in: reading the logs, or reading its spool after the fetches.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Phase {
    Read = 0,
    Replay = 1,
}

/// One audit worker.
pub struct Worker<'a> {
    shared: &'a Shared<'a>,
    tables: Tables,
    aggs: Aggs,
    spool: Spool,
    /// Kept requests written out past the memory budget.
    runs: Vec<Arc<SpillRun>>,
    /// Crawl-delay requests written out with them.
    delay_runs: Vec<Arc<SpillRun>>,
    /// Bytes the kept requests take (about), and the worker's share of the budget.
    kept: usize,
    /// Bytes the streams of kept requests take beyond their requests (about).
    streams_bytes: usize,
    /// Bytes of the tables (crawler User-Agents, streams) that the last run could not free:
    /// only what came since counts in the budget, so what must stay cannot make every
    /// request write a run.
    held: usize,
    budget: usize,
    /// A run is written when `kept` passes this: the budget, or [`OVERDRAFT`] times it after
    /// a run could not be written (so the kept requests never take more than twice
    /// `--max-memory`, and none is lost).
    limit: usize,
    /// Bytes its (host, crawler) pairs, spoofing addresses, crawler fetches of
    /// `/robots.txt` and the streams in its runs will take until the end of the run
    /// ([`census`]; its tables count its hosts and crawler names).
    census_bytes: u64,
    /// The most they may take with the tables' ([`census::limit`]).
    census_limit: u64,
    /// A run could not be written with the overdraft spent too, or what cannot go to disk
    /// passed its limit: the worker stops.
    failed: Option<AuditError>,
    phase: Phase,
    /// Crawler id → its published range lists, found once rather than per request.
    range_lists: Vec<Option<Vec<&'a RangeList>>>,
    scratch: Vec<u8>,
}

impl<'a> Worker<'a> {
    pub fn new(shared: &'a Shared<'a>) -> Worker<'a> {
        let aggs = Aggs {
            inputs: vec![InputCounts::default(); shared.inputs.len()],
            ..Aggs::default()
        };
        let budget = shared.settings.memory_budget / shared.settings.threads.max(1);
        Worker {
            shared,
            tables: Tables::default(),
            aggs,
            spool: Spool::new(),
            runs: Vec::new(),
            delay_runs: Vec::new(),
            kept: 0,
            streams_bytes: 0,
            held: 0,
            budget,
            limit: budget,
            census_bytes: 0,
            census_limit: census::limit(shared.settings.memory_budget),
            failed: None,
            phase: Phase::Read,
            range_lists: Vec::new(),
            scratch: Vec::with_capacity(256),
        }
    }

    /// Lines set aside per origin while its robots.txt is being obtained.
    pub fn demand(&self) -> Vec<(crate::fetch::Origin, u64)> {
        self.tables
            .origins
            .iter()
            .filter(|o| o.demand > 0)
            .filter_map(|o| Some((o.key.origin()?.clone(), o.demand)))
            .collect()
    }

    /// Why the worker stopped: requests it could neither keep in memory nor write to a run,
    /// or more of what cannot go to disk than the budget holds. Once set, it processes
    /// nothing more.
    pub fn take_failure(&mut self) -> Option<AuditError> {
        self.failed.take()
    }

    /// Parses and judges every line of a block.
    pub fn process(&mut self, job: &Job) {
        let parser = self.shared.parser(job.format, job.block.header.as_deref());
        let counts = &mut self.aggs.inputs[job.input];
        counts.bytes += job.block.data().len() as u64;
        if self.failed.is_some() {
            return;
        }
        // Counted here and added once: the count is read only after the read.
        let mut lines = 0;
        for (line_no, line) in job.block.lines() {
            lines += 1;
            // Matched in place: moving the request out of the result was a `memcpy` call a
            // line. The parse is inlined here (only here): see `apache::parse_inlined`.
            let parsed = parser.parse_inlined(line);
            match &parsed {
                Ok(Some(req)) => {
                    if self.request(job.input, req) {
                        self.spool.push(
                            job.input,
                            job.format,
                            job.block.header.as_ref(),
                            line_no,
                            line,
                        );
                    }
                }
                Ok(None) => {}
                Err(reason) => self.malformed(job.input, line_no, line, *reason),
            }
            if !self.within_budget() {
                break;
            }
        }
        self.aggs.inputs[job.input].lines += lines;
    }

    /// Bytes that count in the worker's share of the budget: the kept requests, and the
    /// User-Agents and streams a run would free (a log of a million crawler User-Agents
    /// is as much to keep as a million requests).
    fn counted(&self) -> usize {
        let tables = self.tables.ua_bytes() + self.streams_bytes;
        self.kept + tables.saturating_sub(self.held)
    }

    /// Past the budget, writes the kept requests to a run and forgets the User-Agents
    /// nothing else names; with no request kept, only forgets. Past the limit of what
    /// cannot go to disk, stops. (The test, asked after every line, is inlined; what is done
    /// past either is not.) False once the worker failed: it reads no further. (Only
    /// [`Worker::over_budget`] sets the failure, so within the budget there is none new.)
    #[inline(always)]
    fn within_budget(&mut self) -> bool {
        if self.counted() <= self.limit
            && self.census_bytes + self.tables.census_bytes <= self.census_limit
        {
            return true;
        }
        if self.failed.is_none() {
            self.over_budget();
        }
        self.failed.is_none()
    }

    /// What the worker holds that cannot go to disk (at least what `census_bytes` and its
    /// tables' count).
    fn census(&self) -> Census {
        Census {
            hosts: self.tables.origins.len() as u64,
            pairs: self.aggs.pairs.len() as u64,
            crawlers: self.tables.crawlers.len() as u64,
            streams: self.aggs.streams.len() as u64,
            listed: (self.runs.iter().chain(&self.delay_runs))
                .map(|r| r.streams.len() as u64)
                .sum(),
            spoofed: self.aggs.spoofed.len() as u64,
            fetches: self.aggs.fetches.values().map(|f| f.len() as u64).sum(),
        }
    }

    #[cold]
    #[inline(never)]
    fn over_budget(&mut self) {
        if self.census_bytes + self.tables.census_bytes > self.census_limit {
            // What this worker alone holds is part of what the whole audit would: past the
            // limit here is past it for any split of the input.
            self.failed = Some(AuditError::TooMany {
                census: self.census(),
                budget: self.shared.settings.memory_budget,
            });
            return;
        }
        if self
            .aggs
            .streams
            .values()
            .any(|s| !s.hits.is_empty() || !s.delay.is_empty())
        {
            self.spill();
        } else {
            self.forget();
        }
    }

    /// Forgets the User-Agents that no stream, fetch of /robots.txt or spoofed address of
    /// the worker names any more (after a run took their requests).
    fn forget(&mut self) {
        let mut referenced = vec![false; self.tables.uas.len()];
        let mut mark = |ua: u32| {
            if let Some(r) = referenced.get_mut(ua as usize) {
                *r = true;
            }
        };
        self.aggs.streams.keys().for_each(|k| mark(k.1));
        self.aggs.fetches.keys().for_each(|k| mark(k.3));
        self.aggs.spoofed.values().for_each(|s| mark(s.sample.1));
        self.tables.forget_uas(&referenced);
        self.streams_bytes = self.aggs.streams.len() * STREAM_COST;
        self.held = self.tables.ua_bytes() + self.streams_bytes;
    }

    fn malformed(&mut self, input: usize, line_no: u64, line: &[u8], reason: BadLine) {
        // A crawler robots.txt is about: one of the registry's, or an unknown robot that
        // calls itself one (`FooBot/1.0`), not any automated client: a line of `curl/8.0`
        // or a formula with a URL in it names no crawler worth the mention.
        let registry = self.shared.registry;
        let names_crawler = match registry.identify(line) {
            Identity::Known(id) => registry.get(id).category != Category::Automation,
            Identity::Unknown(bot) => {
                bot.category != Some(Category::Automation) && bot.calls_itself_robot()
            }
            Identity::NotCrawler => false,
        };
        let counts = &mut self.aggs.inputs[input];
        *counts.bad.entry(reason).or_default() += 1;
        if names_crawler {
            counts.bad_naming_crawler += 1;
        }
        if counts.wants_example(line_no) {
            counts.add_example(line_no, reason, excerpt(line));
        }
    }

    /// Reads the spooled lines again, now that every origin's robots.txt is known.
    pub fn replay(&mut self) -> Result<(), AuditError> {
        self.phase = Phase::Replay;
        let spool = std::mem::take(&mut self.spool);
        spool
            .replay(|input, format, header, _line_no, line| {
                if self.failed.is_some() {
                    return;
                }
                let parser = self.shared.parser(format, header);
                // It parsed when it was spooled; every origin is known now, so nothing is spooled
                // again.
                if let Ok(Some(req)) = parser.parse(line) {
                    self.request(input, &req);
                }
                // A failure stops the replay at its next line.
                self.within_budget();
            })
            .map_err(AuditError::Spool)?;
        match self.failed.take() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// The audit's error for a run that could not be written with the overdraft spent.
    fn spill_error(&self, source: SortError) -> AuditError {
        AuditError::Spill {
            source,
            budget: self.shared.settings.memory_budget,
        }
    }

    /// Adds one request. Returns true when it must be set aside for later (read phase, its
    /// origin's robots.txt not known yet, its client possibly a crawler): then nothing of it
    /// has been counted.
    fn request(&mut self, input: usize, req: &Request<'_>) -> bool {
        let shared = self.shared;
        let settings = shared.settings;
        if settings.since_ms.is_some_and(|s| req.time_ms < s)
            || settings.until_ms.is_some_and(|u| req.time_ms >= u)
        {
            if self.fetch_before_window(req) {
                return true;
            }
            let counts = &mut self.aggs.inputs[input];
            counts.requests += 1;
            counts.with_user_agent += u64::from(!req.user_agent.is_empty());
            counts.outside_window += 1;
            let t = req.time_ms;
            counts.outside_span = Some(
                counts
                    .outside_span
                    .map_or((t, t), |(a, b)| (a.min(t), b.max(t))),
            );
            return false;
        }
        let Some(origin) = self.origin_of(req) else {
            let counts = &mut self.aggs.inputs[input];
            counts.requests += 1;
            counts.with_user_agent += u64::from(!req.user_agent.is_empty());
            counts.no_host += 1;
            return false;
        };
        let ua = self.tables.ua_for(&req.user_agent, shared.registry);
        let declared = self.tables.is_declared(ua);
        let judged_here = ua != BROWSER_UA && {
            match self.rules_known(origin) {
                Some(known) => known,
                None => {
                    self.tables.origins[origin as usize].demand += u64::from(declared);
                    return true;
                }
            }
        };
        let counts = &mut self.aggs.inputs[input];
        counts.requests += 1;
        counts.with_user_agent += u64::from(!req.user_agent.is_empty());
        let local = &mut self.tables.origins[origin as usize];
        local.counts.requests += 1;
        if !judged_here {
            return false;
        }
        // `judged_here` means the rules are known.
        let Judge::Crawler(judged_id) = self.judge(origin, ua) else {
            return false;
        };
        self.tables.origins[origin as usize].counts.crawler_requests += 1;
        let judged = &self.tables.judged[judged_id as usize];
        let crawler = judged.crawler;
        let ip = parse_ip(req.client);
        let verification = match (judged.verify_as, ip) {
            (Some(id), Some(ip)) => self.verify(id, ip, req.time_ms),
            (Some(_), None) => {
                // A host name, a list of addresses, `-`: nothing to verify, said once at the end.
                self.aggs.too_old.no_address += 1;
                Verification::Unverifiable
            }
            (None, _) => Verification::Unverifiable,
        };
        let pair_at = self.pair_of(judged_id, origin, crawler, req.time_ms);
        let pair = &mut self.aggs.pairs[pair_at].agg;
        pair.requests += 1;
        pair.first_ms = pair.first_ms.min(req.time_ms);
        pair.last_ms = pair.last_ms.max(req.time_ms);
        pair.verified_as(verification);
        if verification == Verification::Spoofed {
            let client = self.tables.client(Client::new(ip, req.client));
            let spoof = self
                .aggs
                .spoofed
                .entry((client, crawler))
                .or_insert_with(|| {
                    self.census_bytes += census::SPOOFED;
                    LocalSpoof {
                        requests: 0,
                        first_ms: req.time_ms,
                        last_ms: req.time_ms,
                        origins: BTreeSet::new(),
                        sample: (req.time_ms, ua),
                    }
                });
            spoof.requests += 1;
            spoof.first_ms = spoof.first_ms.min(req.time_ms);
            spoof.last_ms = spoof.last_ms.max(req.time_ms);
            spoof.origins.insert(origin);
            let uas = &self.tables.uas;
            let (t, i) = spoof.sample;
            if (req.time_ms, &uas[ua as usize].text) < (t, &uas[i as usize].text) {
                spoof.sample = (req.time_ms, ua);
            }
        }
        if !req.is_fetch() {
            return false;
        }
        let judging = Judging {
            req,
            origin,
            ua,
            verification,
            judged: judged_id,
            resolution_ms: i64::from(req.time_resolution_ms),
            ip,
        };
        let judged = &self.tables.judged[judged_id as usize];
        if judged.exempt {
            // Not bound, but whether it asks for robots.txt (and before what) is what an
            // operator wants to know of it too: counted as for the others.
            let pair = &mut self.aggs.pairs[pair_at].agg;
            if is_robots_txt(&req.target) {
                pair.robots_fetch(req.status, req.time_ms);
            } else {
                pair.other_request(req.time_ms);
            }
            // Its fetches of /robots.txt are also evidence of the preferences it read.
            if judged.conflicts_on.is_some() {
                self.unbound_use(&judging);
            }
            return false;
        }
        if judged.agent.check_delay {
            let client = self.kept_client(ip, req.client);
            let resolution_ms = i64::from(req.time_resolution_ms);
            let stream = self.stream(origin, ua, verification, judged_id, resolution_ms);
            let capacity = stream.delay.capacity();
            stream.delay.push(Hit {
                time_ms: req.time_ms,
                client,
                status: req.status,
            });
            self.kept += (stream.delay.capacity() - capacity) * std::mem::size_of::<Hit>();
        }
        let judged = &self.tables.judged[judged_id as usize];
        let pair = &mut self.aggs.pairs[pair_at].agg;
        // RFC 9309 §2.2.2: /robots.txt is always allowed; asking for it is evidence of which
        // rules the crawler saw (docs/judging.md, "Which requests are judged"), not a violation.
        if is_robots_txt(&req.target) {
            pair.robots_fetch(req.status, req.time_ms);
            self.own_fetch(req, ip, origin, ua, verification, judged_id);
            return false;
        }
        pair.other_request(req.time_ms);
        // Which versions the crawler may have held, before its own fetches narrow them.
        let rules = &judged.rules;
        let range = held_range(rules, req.time_ms, settings.leeway_ms);
        normalize_target(&req.target, &mut self.scratch);
        let mut disallow = false;
        // A version that cannot judge, before the one in force at `t`: the crawler's own
        // fetches, known at the end, may show it no longer held it.
        let mut unknown = false;
        for raw in range.clone() {
            let version = rules
                .timeline
                .effective(raw)
                .map(|v| (v, &rules.versions[v]));
            match version {
                None | Some((_, Rules::NotJudged)) if raw + 1 == range.end => {
                    // The version in force at `t` itself: whatever the fetches say.
                    pair.not_judged += 1;
                    return false;
                }
                None | Some((_, Rules::NotJudged)) => unknown = true,
                Some((_, Rules::AllowAll)) => {}
                Some((v, Rules::Compiled(robots))) => {
                    disallow |= !robots.check(judged.groups[v], &self.scratch).allowed;
                }
            }
        }
        pair.checked += 1;
        let entry = &mut self.aggs.pairs[pair_at];
        // The groups of every version a checked request may be judged under: the versions
        // change with the time of the request, not only with its judgement.
        let groups_of = (judged_id, range.clone());
        if entry.last_groups.as_ref() != Some(&groups_of) {
            entry.last_groups = Some(groups_of);
            for raw in range.clone() {
                if let Some(v) = rules.timeline.effective(raw) {
                    let name = &judged.group_names[v];
                    if !name.is_empty() {
                        entry.agg.groups.insert(name);
                    }
                }
            }
        }
        // Allowed by every version, and no version says no to its use: allowed, at once.
        // Otherwise a rule may forbid it or a preference go against it: judged at the end,
        // with every fetch of /robots.txt known.
        if !disallow
            && !unknown
            && !judged
                .conflicts_on
                .is_some_and(|key| says_no(judged, range, &self.scratch, key))
        {
            entry.agg.allowed += 1;
            return false;
        }
        entry.agg.pending += 1;
        self.keep(&judging);
        false
    }

    /// The origin of a request: its host with its scheme, else `--host` (with the line's
    /// scheme, if it says one); `None` with neither.
    #[inline(always)]
    fn origin_of(&mut self, req: &Request<'_>) -> Option<u32> {
        let settings = self.shared.settings;
        match req.host {
            // `-` is no host, nor `-:443` (`%{Host}i:%p` of a request without one).
            Some(host) if !host.is_empty() && host != b"-" && !host.starts_with(b"-:") => {
                Some(self.tables.origin_for(host, req.scheme, settings))
            }
            _ => self.tables.default_origin(settings, req.scheme),
        }
    }

    /// Whether the rules of `origin` are known (looked up once a phase): `None` while its
    /// robots.txt is still to come in the read phase, when the line must be set aside;
    /// `Some(false)` for an origin whose robots.txt was never obtained.
    #[inline(always)]
    fn rules_known(&mut self, origin: u32) -> Option<bool> {
        let shared = self.shared;
        let phase = self.phase as u8;
        let local = &mut self.tables.origins[origin as usize];
        if local.asked_in != Some(phase) && local.rules.is_none() {
            local.asked_in = Some(phase);
            local.rules = match &local.key {
                HostKey::Origin(o) => shared.rules.lookup(shared.source, o),
                // An invalid host is never fetched: its crawler requests are counted, not
                // judged.
                HostKey::Invalid { .. } => Some(shared.rules.invalid_host()),
            };
        }
        match (&local.rules, &local.key) {
            (Some(_), _) => Some(true),
            (None, HostKey::Origin(_)) if self.phase == Phase::Read => None,
            (None, _) => Some(false),
        }
    }

    /// How the requests of `ua` on `origin` are judged; the origin's rules must be known
    /// ([`Worker::rules_known`]). The rules are moved out and back rather than cloned: an `Arc`
    /// clone per line would write to a reference count that every worker shares.
    #[inline(always)]
    fn judge(&mut self, origin: u32, ua: u32) -> Judge {
        let shared = self.shared;
        let local = &mut self.tables.origins[origin as usize];
        let rules = local.rules.take().expect("the origin's rules are known");
        let judge = self
            .tables
            .judge_for(origin, ua, &rules, shared.registry, shared.settings);
        self.tables.origins[origin as usize].rules = Some(rules);
        judge
    }

    /// A crawler's fetch of /robots.txt within the leeway before `--since`: outside the
    /// window, so counted only as such, but evidence of which version the crawler held at
    /// the window's first requests (docs/judging.md, "The crawler's own fetches"), recorded
    /// as [`Worker::own_fetch`] records those inside it. True when the line must be set aside
    /// until its origin's robots.txt is known (its origin's robots.txt is not asked for on
    /// its account: a host with no request in the window needs none).
    #[cold]
    #[inline(never)]
    fn fetch_before_window(&mut self, req: &Request<'_>) -> bool {
        let shared = self.shared;
        let settings = shared.settings;
        let Some(since) = settings.since_ms else {
            return false;
        };
        // Evidence from when its response was done (`Worker::own_fetch`), as in the whole
        // log: a slow fetch that began before the leeway and ended within it counts.
        if req.time_ms >= since
            || req.done_ms < since.saturating_sub(settings.leeway_ms)
            || !is_robots_txt(&req.target)
            || !is_rules_fetch(req)
        {
            return false;
        }
        let Some(origin) = self.origin_of(req) else {
            return false;
        };
        let ua = self.tables.ua_for(&req.user_agent, shared.registry);
        if ua == BROWSER_UA {
            return false;
        }
        // An origin no request of the window has asked for yet: set aside without asking,
        // since asking would have it fetched on this line's account (a review found a host
        // met only before the window fetched). After the fetches it is known or not.
        let local = &self.tables.origins[origin as usize];
        if self.phase == Phase::Read
            && local.rules.is_none()
            && local.asked_in != Some(Phase::Read as u8)
        {
            return true;
        }
        match self.rules_known(origin) {
            None => return true,
            Some(false) => return false,
            Some(true) => {}
        }
        let Judge::Crawler(judged_id) = self.judge(origin, ua) else {
            return false;
        };
        let judged = &self.tables.judged[judged_id as usize];
        if judged.exempt && judged.conflicts_on.is_none() {
            return false;
        }
        let ip = parse_ip(req.client);
        let verification = match (judged.verify_as, ip) {
            (Some(id), Some(ip)) => self.verdict(id, ip, req.time_ms).result,
            _ => Verification::Unverifiable,
        };
        self.own_fetch(req, ip, origin, ua, verification, judged_id);
        false
    }

    /// A request of a client that robots.txt does not bind (docs/judging.md, "Which requests
    /// are judged", step 4) whose category goes against a preference some version says no
    /// to: a preference is about use, so its fetches are judged for conflicts, at the end,
    /// and its own fetches of /robots.txt kept as evidence of what it read.
    fn unbound_use(&mut self, j: &Judging<'_, '_>) {
        let judged = &self.tables.judged[j.judged as usize];
        let req = j.req;
        if is_robots_txt(&req.target) {
            self.own_fetch(req, j.ip, j.origin, j.ua, j.verification, j.judged);
            return;
        }
        let Some(key) = judged.conflicts_on else {
            return;
        };
        let range = held_range(&judged.rules, req.time_ms, self.shared.settings.leeway_ms);
        // A version whose rules cannot be known leaves the request unjudged, as for rules.
        let known = range.clone().all(|raw| {
            judged
                .rules
                .timeline
                .effective(raw)
                .is_some_and(|v| !matches!(judged.rules.versions[v], Rules::NotJudged))
        });
        if !known {
            return;
        }
        normalize_target(&req.target, &mut self.scratch);
        if says_no(judged, range, &self.scratch, key) {
            self.keep(j);
        }
    }

    /// Records a crawler's own fetch of /robots.txt: evidence of which version it held
    /// (docs/judging.md, "The crawler's own fetches").
    fn own_fetch(
        &mut self,
        req: &Request<'_>,
        ip: Option<IpAddr>,
        origin: u32,
        ua: u32,
        verification: Verification,
        judged_id: u32,
    ) {
        if !is_rules_fetch(req) {
            return;
        }
        let judged = &self.tables.judged[judged_id as usize];
        // An unknown crawler's fetches are matched by User-Agent.
        let fetch_ua = if judged.agent.fetches_by_user_agent {
            ua
        } else {
            u32::MAX
        };
        let key = (origin, judged.crawler, verification, fetch_ua);
        // Its client: a verified fetch speaks for every verified request of the crawler, any
        // fetch for its own address's requests (whoever sends a crawler's name could send it).
        let client = Client::new(ip, req.client);
        self.census_bytes += census::FETCH;
        self.aggs.fetches.entry(key).or_default().push((
            client,
            Fetch {
                // The body is the crawler's once the response is done: a slow fetch logged
                // after a request made while it was under way is no evidence for that one.
                time: req.done_ms,
                status: req.status,
                bytes: req.response_bytes(),
            },
        ));
    }

    /// The index of the (origin, crawler) pair of a judged crawler's request, the pair made
    /// at its first request (at `time_ms`).
    #[inline]
    fn pair_of(&mut self, judged: u32, origin: u32, crawler: u32, time_ms: i64) -> usize {
        match self.aggs.judged_pairs.get(judged as usize) {
            Some(&at) if at != u32::MAX => at as usize,
            _ => self.new_pair_of(judged, origin, crawler, time_ms),
        }
    }

    /// [`Worker::pair_of`] for a judgement's first request.
    #[cold]
    #[inline(never)]
    fn new_pair_of(&mut self, judged: u32, origin: u32, crawler: u32, time_ms: i64) -> usize {
        let aggs = &mut self.aggs;
        let census_bytes = &mut self.census_bytes;
        let at = *aggs.pair_ids.entry((origin, crawler)).or_insert_with(|| {
            *census_bytes += census::PAIR;
            aggs.pairs.push(LocalPair {
                key: (origin, crawler),
                agg: PairAgg::new(time_ms),
                last_groups: None,
            });
            u32::try_from(aggs.pairs.len() - 1).expect("fewer than 2^32 pairs")
        });
        let judged = judged as usize;
        if aggs.judged_pairs.len() <= judged {
            aggs.judged_pairs.resize(judged + 1, u32::MAX);
        }
        aggs.judged_pairs[judged] = at;
        at as usize
    }

    /// Keeps a request for the judgement at the end, past the memory budget in a sorted run.
    fn keep(&mut self, j: &Judging<'_, '_>) {
        let req = j.req;
        let client = self.kept_client(j.ip, req.client);
        let stream = self.stream(j.origin, j.ua, j.verification, j.judged, j.resolution_ms);
        let (path, new_path) = stream.path_ids.id(&req.target);
        let capacity = stream.hits.capacity();
        stream.hits.push((
            path,
            Hit {
                time_ms: req.time_ms,
                client,
                status: req.status,
            },
        ));
        // What the vectors hold, growth included (up to twice their length).
        self.kept += (stream.hits.capacity() - capacity) * std::mem::size_of::<(u32, Hit)>();
        if new_path {
            self.kept += req.target.len() + PATH_OVERHEAD;
        }
    }

    /// The client of a kept request, in the table; a new one counts as kept.
    fn kept_client(&mut self, ip: Option<IpAddr>, raw: &[u8]) -> u32 {
        let known_clients = self.tables.clients.len();
        let client = self.tables.client(Client::new(ip, raw));
        if self.tables.clients.len() > known_clients {
            self.kept += CLIENT_OVERHEAD
                + match &self.tables.clients[client as usize] {
                    Client::Ip(_) => 0,
                    Client::Other(name) => name.len(),
                };
        }
        client
    }

    /// Writes the kept requests to a sorted run (spill.rs), and the Crawl-delay requests to
    /// one of their own, and forgets them. When either run cannot be written, neither is
    /// kept: the requests stay in memory, within the [`OVERDRAFT`].
    ///
    /// The records are made one at a time as the run is written, in an order sorted by
    /// indices, so writing a run takes little memory beyond what it frees.
    fn spill(&mut self) {
        let dir = match self.shared.spill_dir.get() {
            Ok(dir) => dir,
            Err(e) => return self.not_spilled(e),
        };
        let delay_run = match self.delay_run(&dir) {
            Ok(run) => run,
            Err(e) => return self.not_spilled(e),
        };
        let tables = &self.tables;
        let mut streams = Vec::new();
        let mut kept: Vec<Taken<'_>> = Vec::new();
        for (&(origin, ua, v), s) in &mut self.aggs.streams {
            if s.hits.is_empty() {
                continue;
            }
            let Some(stream) = run_stream(tables, origin, ua, v, s) else {
                continue;
            };
            streams.push(stream);
            let mut hits = std::mem::take(&mut s.hits);
            let ranges = by_path(&mut hits, s.path_ids.len());
            let paths: Vec<&[u8]> = s.path_ids.paths().iter().map(|p| &**p).collect();
            kept.push((hits, ranges, paths));
        }
        let host: Vec<String> = streams.iter().map(|s| s.key.0.display_host()).collect();
        let mut order = kept_paths(kept.iter().map(|(_, ranges, _)| &ranges[..]));
        // Sorted by printed path: a path that prints as it is (nearly all) compares by its
        // own bytes, since text orders as its UTF-8 bytes do. Which ones do is settled once
        // per path, not in each of the sort's n log n comparisons.
        let prints_as_is: Vec<Vec<bool>> = kept
            .iter()
            .map(|(_, _, paths)| {
                paths
                    .iter()
                    .map(|p| matches!(text::cell(p), Cow::Borrowed(_)))
                    .collect()
            })
            .collect();
        let key = |&(i, p): &(u32, u32)| {
            let s = &streams[i as usize];
            let raw = kept[i as usize].2[p as usize];
            let printed: Cow<'_, [u8]> = if prints_as_is[i as usize][p as usize] {
                Cow::Borrowed(raw)
            } else {
                Cow::Owned(text::cell(raw).into_owned().into_bytes())
            };
            (&host[i as usize], &s.key.1, printed, &s.key.2, s.key.3)
        };
        order.sort_by(|a, b| key(a).cmp(&key(b)));
        let records = order.iter().map(|&(i, p)| {
            let (hits, ranges, paths) = &kept[i as usize];
            let (start, end) = ranges[p as usize];
            RunRecord {
                stream: i,
                path: paths[p as usize].into(),
                hits: hits[start as usize..end as usize]
                    .iter()
                    .map(|(_, hit)| RunHit {
                        time_ms: hit.time_ms,
                        client: tables.clients[hit.client as usize].clone(),
                        status: hit.status,
                    })
                    .collect(),
            }
        });
        let written = if streams.is_empty() {
            Ok(None)
        } else {
            SpillRun::write(&dir, streams, records).map(Some)
        };
        drop(order);
        match written {
            Ok(run) => {
                drop(kept);
                self.census_bytes += (run.iter().chain(&delay_run))
                    .map(|r| r.streams.len() as u64)
                    .sum::<u64>()
                    * census::LISTED;
                self.runs.extend(run.map(Arc::new));
                self.delay_runs.extend(delay_run.map(Arc::new));
                // A stream is made again when it keeps a request again (a log of a million
                // User-Agents would otherwise keep a million empty streams).
                self.aggs.streams.clear();
                self.compact_clients();
                self.forget();
                self.kept = 0;
                self.limit = self.budget;
            }
            // Kept in memory, within the overdraft: nothing lost.
            Err(e) => {
                // The streams taken from, in the same order (the map has not changed).
                let mut taken = kept
                    .into_iter()
                    .map(|(hits, _, _)| hits)
                    .collect::<Vec<_>>();
                taken.reverse();
                for s in self.aggs.streams.values_mut() {
                    if s.hits.is_empty()
                        && !s.path_ids.is_empty()
                        && let Some(hits) = taken.pop()
                    {
                        s.hits = hits;
                    }
                }
                self.not_spilled(e);
            }
        }
    }

    /// Writes the Crawl-delay requests to a run: per stream by key, each stream's sorted in
    /// place in the order the walk at the end reads them. Leaves them in memory (the caller
    /// forgets them once the other run is written too); None when there are none.
    fn delay_run(&mut self, dir: &SortDir) -> Result<Option<SpillRun>, SortError> {
        let tables = &self.tables;
        let mut taken: Vec<(RunStream, &[Hit])> = Vec::new();
        for (&(origin, ua, v), s) in &mut self.aggs.streams {
            if s.delay.is_empty() {
                continue;
            }
            let Some(stream) = run_stream(tables, origin, ua, v, s) else {
                continue;
            };
            sort_by_value(&mut s.delay, &tables.clients);
            taken.push((stream, &s.delay));
        }
        if taken.is_empty() {
            return Ok(None);
        }
        taken.sort_by(|a, b| a.0.key.cmp(&b.0.key));
        let (streams, delays): (Vec<RunStream>, Vec<&[Hit]>) = taken.into_iter().unzip();
        let records = delays.iter().enumerate().flat_map(|(i, hits)| {
            hits.chunks(DELAY_RECORD_HITS).map(move |chunk| RunRecord {
                stream: i as u32,
                path: Box::default(),
                hits: chunk
                    .iter()
                    .map(|hit| RunHit {
                        time_ms: hit.time_ms,
                        client: tables.clients[hit.client as usize].clone(),
                        status: hit.status,
                    })
                    .collect(),
            })
        });
        SpillRun::write(dir, streams, records).map(Some)
    }

    /// A run could not be written: the first time, the worker goes on in memory up to the
    /// [`OVERDRAFT`]; when that is spent too, it stops with the error.
    fn not_spilled(&mut self, e: SortError) {
        let most = self.budget.saturating_mul(OVERDRAFT);
        if self.limit < most && self.kept <= most {
            self.limit = most;
        } else {
            self.failed = Some(self.spill_error(e));
        }
    }

    /// After a run took the kept requests, keeps only the clients still referred to
    /// (spoofed addresses), so that the table does not grow with every address the runs took
    /// away.
    fn compact_clients(&mut self) {
        let old = self.tables.take_clients();
        let tables = &mut self.tables;
        self.aggs.spoofed = std::mem::take(&mut self.aggs.spoofed)
            .into_iter()
            .map(|((client, crawler), s)| {
                ((tables.client(old[client as usize].clone()), crawler), s)
            })
            .collect();
    }

    fn stream(
        &mut self,
        origin: u32,
        ua: u32,
        verification: Verification,
        judged: u32,
        resolution_ms: i64,
    ) -> &mut LocalStream {
        let streams_bytes = &mut self.streams_bytes;
        let stream = self
            .aggs
            .streams
            .entry((origin, ua, verification))
            .or_insert_with(|| {
                *streams_bytes += STREAM_COST;
                LocalStream {
                    judged,
                    path_ids: PathIds::default(),
                    hits: Vec::new(),
                    delay: Vec::new(),
                    resolution_ms,
                }
            });
        stream.resolution_ms = stream.resolution_ms.max(resolution_ms);
        stream
    }

    /// Whether `ip` belongs to crawler `id`, for a request made at `time_ms`: a request much
    /// older than the operator's lists (or than now, for reverse DNS) cannot be judged by
    /// them and is counted as such.
    fn verify(&mut self, id: CrawlerId, ip: IpAddr, time_ms: i64) -> Verification {
        let verdict = self.verdict(id, ip, time_ms);
        self.aggs.too_old.internal += u64::from(verdict.internal);
        if let Some(date) = verdict.spoofed_by_old_lists {
            let old = &mut self.aggs.too_old;
            old.spoofed_by_old_lists += 1;
            old.old_lists_date = old.old_lists_date.max(Some(date));
        }
        if verdict.too_old() {
            let old = &mut self.aggs.too_old;
            old.requests += 1;
            old.dns += u64::from(verdict.dns_too_old);
            old.lists_date = old.lists_date.max(verdict.ranges_too_old);
        }
        verdict.result
    }

    /// [`Worker::verify`]'s verdict, not counted (for a request outside the window).
    fn verdict(
        &mut self,
        id: CrawlerId,
        ip: IpAddr,
        time_ms: i64,
    ) -> crate::crawlers::TimedVerdict {
        let shared = self.shared;
        if self.range_lists.len() <= id.index() {
            self.range_lists.resize_with(id.index() + 1, || None);
        }
        let lists = self.range_lists[id.index()]
            .get_or_insert_with(|| shared.verifier.lists_for(shared.registry, id));
        shared
            .verifier
            .verify_at_in(lists, shared.registry, id, ip, time_ms)
    }

    /// The worker's results as a [`Partial`] keyed by values.
    pub fn into_partial(self) -> Partial {
        let Worker {
            shared,
            tables,
            aggs,
            ..
        } = self;
        let mut partial = Partial {
            too_old_to_verify: aggs.too_old,
            runs: self.runs,
            delay_runs: self.delay_runs,
            ..Partial::default()
        };
        for (i, counts) in aggs.inputs.into_iter().enumerate() {
            partial.inputs.insert(shared.inputs[i].clone(), counts);
        }
        // An origin met only in a crawler's fetch before the window (evidence, not a request
        // of the window) has no request: it is no host of the run.
        for o in tables.origins.iter().filter(|o| o.counts.requests > 0) {
            partial
                .hosts
                .entry(o.key.clone())
                .or_default()
                .merge(o.counts);
        }
        for c in &tables.crawlers {
            partial.crawlers.insert(c.name.clone(), c.clone());
        }
        for pair in aggs.pairs {
            let (origin, crawler) = pair.key;
            let key = (
                tables.origins[origin as usize].key.clone(),
                tables.crawlers[crawler as usize].name.clone(),
            );
            match partial.pairs.get_mut(&key) {
                Some(mine) => mine.merge(pair.agg),
                None => {
                    partial.pairs.insert(key, pair.agg);
                }
            }
        }
        for ((origin, ua, v), s) in aggs.streams {
            let judged = &tables.judged[s.judged as usize];
            let Some(o) = &tables.origins[origin as usize].origin else {
                continue;
            };
            let key = (
                Arc::clone(o),
                Arc::clone(&tables.crawler_names[judged.crawler as usize]),
                Arc::clone(&tables.uas[ua as usize].text),
                v,
            );
            partial.streams.insert(
                key,
                Stream {
                    agent: Arc::clone(&judged.agent),
                    resolution_ms: s.resolution_ms,
                    paths: s.path_ids.into_paths(),
                    hits: s.hits,
                    delay: s.delay,
                },
            );
        }
        for ((origin, crawler, v, ua), fetches) in aggs.fetches {
            let Some(o) = tables.origins[origin as usize].key.origin() else {
                continue;
            };
            let ua = if ua == u32::MAX {
                String::new()
            } else {
                tables.uas[ua as usize].text.to_string()
            };
            let key = (
                o.clone(),
                tables.crawlers[crawler as usize].name.clone(),
                v,
                ua,
            );
            partial.fetches.entry(key).or_default().extend(fetches);
        }
        let mut names: HashMap<u32, String> = HashMap::default();
        for ((client, crawler), s) in aggs.spoofed {
            let hosts = s
                .origins
                .iter()
                .map(|&o| {
                    names
                        .entry(o)
                        .or_insert_with(|| tables.origins[o as usize].key.display())
                        .clone()
                })
                .collect();
            let key = (
                tables.clients[client as usize].clone(),
                tables.crawlers[crawler as usize].name.clone(),
            );
            let agg = SpoofAgg {
                requests: s.requests,
                first_ms: s.first_ms,
                last_ms: s.last_ms,
                hosts,
                sample: (s.sample.0, tables.uas[s.sample.1 as usize].text.to_string()),
            };
            match partial.spoofed.get_mut(&key) {
                Some(mine) => mine.merge(agg),
                None => {
                    partial.spoofed.insert(key, agg);
                }
            }
        }
        // Moved, not copied: the table can be as large as the kept requests.
        partial.clients = tables.clients;
        partial
    }
}

/// A stream of the worker as a run names it; None for one on an invalid host (never judged).
fn run_stream(
    tables: &Tables,
    origin: u32,
    ua: u32,
    v: Verification,
    s: &LocalStream,
) -> Option<RunStream> {
    let o = tables.origins[origin as usize].origin.as_ref()?;
    let judged = &tables.judged[s.judged as usize];
    Some(RunStream {
        key: Arc::new((
            Arc::clone(o),
            Arc::clone(&tables.crawler_names[judged.crawler as usize]),
            Arc::clone(&tables.uas[ua as usize].text),
            v,
        )),
        agent: Arc::clone(&judged.agent),
        resolution_ms: s.resolution_ms,
    })
}

/// The versions a crawler may have held at `t`, before its own fetches narrow them
/// (docs/judging.md, "Versions a crawler may hold").
fn held_range(rules: &DialectRules, t: i64, leeway_ms: i64) -> Range<usize> {
    if rules.versions.len() == 1 {
        0..1
    } else {
        rules
            .timeline
            .in_force_during(t.saturating_sub(leeway_ms), t)
    }
}

/// Whether some version of `range` says no to `key` for a normalised path, under the
/// crawler's group in it (docs/preferences.md, "Combining the two vocabularies").
fn says_no(judged: &Judged, range: Range<usize>, path: &[u8], key: PrefKey) -> bool {
    let rules = &judged.rules;
    range
        .filter_map(|raw| rules.timeline.effective(raw))
        .any(|v| match &rules.versions[v] {
            Rules::Compiled(robots) => robots
                .preference(judged.groups[v], path, key)
                .is_some_and(|p| !p.yes),
            Rules::AllowAll | Rules::NotJudged => false,
        })
}

/// `/robots.txt`, with or without a query.
fn is_robots_txt(target: &[u8]) -> bool {
    let path = match memchr::memchr(b'?', target) {
        Some(q) => &target[..q],
        None => target,
    };
    path == b"/robots.txt"
}

/// Whether a request for /robots.txt is a fetch of the rules: a GET (RFC 9309 §2.3: the
/// crawler fetches the file with a GET; a HEAD gets no body, so it tells nothing of which
/// rules the crawler holds).
fn is_rules_fetch(req: &Request<'_>) -> bool {
    req.method == b"GET"
}

/// The client field as an address. Dotted-quad IPv4, nearly every line, is read here
/// directly; anything else goes to the standard parser, which has the last word. An
/// IPv4-mapped IPv6 address (`::ffff:203.0.113.9`, as a dual-stack server logs IPv4
/// clients) or a NAT64 one (`64:ff9b::203.0.113.9`) is its IPv4 address
/// ([`crate::net::client_ip`]): one client, one row of the spoofed report.
///
/// An address with the client's port, as servers logging `%h:%{remote}p` or
/// `$remote_addr:$remote_port` write it, is that address: `203.0.113.9:52114`,
/// `[2001:db8::1]:52114` (and `[2001:db8::1]`). An IPv6 address without brackets cannot
/// carry a port (`2001:db8::1:80` is an address of its own), so it is read as written.
pub fn parse_ip(client: &[u8]) -> Option<IpAddr> {
    if let Some(v4) = parse_ipv4_fast(client) {
        return Some(IpAddr::V4(v4));
    }
    let text = std::str::from_utf8(client).ok()?;
    let ip = match text.parse::<IpAddr>() {
        Ok(ip) => ip,
        Err(_) => with_port(text)?,
    };
    Some(crate::net::client_ip(ip))
}

/// `a.b.c.d:port`, `[v6]:port` or `[v6]`: the address.
fn with_port(text: &str) -> Option<IpAddr> {
    let is_port = |p: &str| crate::logformat::is_port(p.as_bytes());
    if let Some(rest) = text.strip_prefix('[') {
        let (addr, after) = rest.split_once(']')?;
        let ip: std::net::Ipv6Addr = addr.parse().ok()?;
        let port_ok = after.is_empty() || after.strip_prefix(':').is_some_and(is_port);
        return port_ok.then_some(IpAddr::V6(ip));
    }
    let (addr, port) = text.rsplit_once(':')?;
    let ip: std::net::Ipv4Addr = addr.parse().ok()?;
    is_port(port).then_some(IpAddr::V4(ip))
}

/// `a.b.c.d` with each part 0–255 written without leading zeros: exactly the strings that
/// `Ipv4Addr::from_str` accepts (it rejects leading zeros too), so `None` here only means
/// "ask the standard parser". Read from a copy padded with zeros (never a digit), each part
/// as its three bytes at once: no search for the dots, no bounds check per digit.
#[inline]
fn parse_ipv4_fast(b: &[u8]) -> Option<std::net::Ipv4Addr> {
    if !(7..=15).contains(&b.len()) {
        return None;
    }
    let mut padded = [0u8; 16];
    padded[..b.len()].copy_from_slice(b);
    let mut octets = [0u8; 4];
    let mut at = 0;
    for (i, octet) in octets.iter_mut().enumerate() {
        // Each part takes at most four bytes with its dot, so the last starts at 12 at the
        // latest and its three bytes are in the copy, as is the dot after each of the others;
        // past the address the copy's bytes are zeros, which end a part.
        let part: &[u8; 3] = padded[at..at + 3].try_into().expect("three bytes");
        let [d0, d1, d2] = part.map(|c| c.wrapping_sub(b'0'));
        let (value, len) = if d0 > 9 {
            return None;
        } else if d1 > 9 {
            (u16::from(d0), 1)
        } else if d2 > 9 {
            (u16::from(d0) * 10 + u16::from(d1), 2)
        } else {
            (u16::from(d0) * 100 + u16::from(d1) * 10 + u16::from(d2), 3)
        };
        if (len > 1 && d0 == 0) || value > 255 {
            return None;
        }
        *octet = value as u8;
        at += len;
        if i < 3 {
            if padded[at] != b'.' {
                return None;
            }
            at += 1;
        }
    }
    (at == b.len()).then(|| std::net::Ipv4Addr::from(octets))
}

/// A malformed line as it can be shown: at most 120 bytes, control characters escaped.
pub fn excerpt(line: &[u8]) -> String {
    let cut = &line[..line.len().min(120)];
    let mut s = text::terminal(cut).into_owned();
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
        // Strings of digits and dots (and a stray byte) of every length around an address's.
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..200_000 {
            crate::test_rng::xorshift(&mut state);
            let len = (state % 18) as usize;
            let case: String = (0..len)
                .map(|k| match (state >> (k * 3 + 8)) % 16 {
                    0..=3 => '.',
                    4 => ['0', '1', '2', '5'][(state >> (k + 2)) as usize % 4],
                    5 if k == 7 => 'x',
                    d => char::from(b'0' + (d % 10) as u8),
                })
                .collect();
            cases.push(case);
            // Three to five parts of none to four digits: addresses and near misses.
            let parts = 3 + (state >> 61) % 3;
            let part = |p: u64| -> String {
                let bits = state >> (p * 9);
                (0..bits % 5)
                    .map(|k| char::from(b'0' + ((bits >> (3 + k * 2)) % 10) as u8))
                    .collect()
            };
            cases.push((0..parts).map(part).collect::<Vec<_>>().join("."));
        }
        let mut fast_ones = 0;
        for case in &cases {
            let std: Option<IpAddr> = case.parse().ok().map(crate::net::client_ip);
            assert_eq!(parse_ip(case.as_bytes()), std, "{case:?}");
            // The fast reader takes exactly the dotted quads the standard parser does.
            let std_v4: Option<std::net::Ipv4Addr> = case.parse().ok();
            assert_eq!(parse_ipv4_fast(case.as_bytes()), std_v4, "{case:?}");
            fast_ones += usize::from(std_v4.is_some());
        }
        assert!(fast_ones > 1_000, "{fast_ones}");
        // A dual-stack server's IPv4 client is the IPv4 address.
        assert_eq!(
            parse_ip(b"::ffff:203.0.113.9"),
            Some(IpAddr::V4([203, 0, 113, 9].into()))
        );
        assert_eq!(parse_ip(b"::1"), Some("::1".parse().expect("an address")));
        assert_eq!(
            parse_ip(b"64:ff9b::66.249.66.1"),
            Some(IpAddr::V4([66, 249, 66, 1].into()))
        );
        assert!(parse_ipv4_fast(b"66.249.66.1").is_some());
        // With the client's port: the address. Without brackets an IPv6 address keeps every
        // group (`…::1:80` is an address); a port must be one.
        let ip = |s: &str| Some(s.parse::<IpAddr>().expect("an address"));
        assert_eq!(parse_ip(b"203.0.113.9:52114"), ip("203.0.113.9"));
        assert_eq!(parse_ip(b"[2001:db8::1]:443"), ip("2001:db8::1"));
        assert_eq!(parse_ip(b"[2001:db8::1]"), ip("2001:db8::1"));
        assert_eq!(parse_ip(b"[::ffff:203.0.113.9]:80"), ip("203.0.113.9"));
        assert_eq!(parse_ip(b"2001:db8::1:80"), ip("2001:db8::1:80"));
        for bad in [
            &b"203.0.113.9:65536"[..],
            b"203.0.113.9:",
            b"203.0.113.9:+80",
            b"203.0.113.9:80:80",
            b"[203.0.113.9]:80",
            b"[2001:db8::1]80",
            b"[2001:db8::1]:",
            b"2001:db8::1]:80",
            b"host.example:80",
        ] {
            assert_eq!(parse_ip(bad), None, "{:?}", String::from_utf8_lossy(bad));
        }
    }

    #[test]
    fn clients_count_addresses_not_spellings() {
        let a = Client::new(parse_ip(b"2001:db8::1"), b"2001:db8::1");
        let b = Client::new(parse_ip(b"2001:DB8:0::1"), b"2001:DB8:0::1");
        assert_eq!(a, b);
        let name = Client::new(parse_ip(b"crawler.example"), b"crawler.example");
        assert_eq!(name, Client::Other(Box::from(&b"crawler.example"[..])));
        assert_ne!(a, name);
    }

    #[test]
    fn excerpts_are_short_and_escaped() {
        let long = vec![b'a'; 500];
        assert_eq!(excerpt(&long).chars().count(), 121);
        assert_eq!(excerpt(b"x\x1b[2Jy"), "x\\x1b[2Jy");
    }
}
