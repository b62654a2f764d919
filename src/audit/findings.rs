//! The judgement at the end: a merged [`Partial`] and the robots source → the report rows.
//!
//! Every request that some version of robots.txt forbids is judged here, with every fetch of
//! `/robots.txt` by the same crawler known (spec §9): which versions it may have held, whether
//! all of them forbid it, which version's rule to cite and on what evidence. Crawl-delay
//! breaches are judged the same way. Rows are built keyed by what the report prints and sorted
//! by value, so the same data gives the same bytes however it was split.

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::fetch::{Origin, Outcome};
use crate::history::{self, Evidence, Fetch, Held, Judgement, VersionVerdict};
use crate::report::{HostRow, Kind, SpoofedRow, SummaryRow, ViolationRow};
use crate::robots::{Agent, GroupId, RobotsTxt, RuleId, normalize_target};
use crate::text;

use super::Auditor;
use super::aggregate::{Client, HostKey, InputCounts, PairAgg, Stream, Verification};
use super::partial::Partial;
use super::rules::{DialectRules, Rules};
use super::tally::{ClientSet, MAX_IPS_PER_ROW, StatusCounts};

/// Everything the reports say, in report order.
#[derive(Debug)]
pub struct Findings {
    /// The violations report.
    pub violations: Vec<ViolationRow>,
    /// One row per (host, crawler).
    pub summary: Vec<SummaryRow>,
    /// One row per host (per origin: http and https of a host are two).
    pub hosts: Vec<HostRow>,
    /// One row per (client, crawler) that failed verification, by address.
    pub spoofed: Vec<SpoofedRow>,
    /// Per input, by name.
    pub inputs: BTreeMap<String, InputCounts>,
    /// Violating requests per hour, host, crawler and kind (for charts).
    pub activity: Vec<Activity>,
    /// Requests left unverifiable because they are older than the IP-range lists can speak
    /// for.
    pub too_old_to_verify: u64,
}

/// Violating requests of one crawler on one host in one hour.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Activity {
    /// The hour's start, unix ms.
    pub hour_ms: i64,
    /// The host.
    pub host: Arc<str>,
    /// The crawler.
    pub crawler: Arc<str>,
    /// What was broken.
    pub kind: Kind,
    /// How many requests.
    pub requests: u64,
}

impl Findings {
    /// Hosts whose crawler traffic was not judged: (host, crawler requests, reason).
    pub fn not_judged(&self) -> Vec<(&str, u64, &str)> {
        self.hosts
            .iter()
            .filter(|h| !h.judged && h.crawler_requests > 0)
            .map(|h| (h.host.as_str(), h.crawler_requests, h.reason.as_str()))
            .collect()
    }

    /// Requests read over all inputs.
    pub fn requests(&self) -> u64 {
        self.inputs.values().map(|c| c.requests).sum()
    }

    /// Malformed lines over all inputs.
    pub fn bad_lines(&self) -> u64 {
        self.inputs.values().map(InputCounts::bad_total).sum()
    }
}

/// A report row being built.
struct RowAcc {
    requests: u64,
    first_ms: i64,
    last_ms: i64,
    clients: ClientSet,
    sample: (i64, Client),
    statuses: StatusCounts,
    /// (line, text, group): the lesser when rows that print the same had different ones.
    rule: (u32, Arc<str>, Arc<str>),
    intervals: Option<(i64, i64)>,
}

impl RowAcc {
    fn add(&mut self, time_ms: i64, client: &Client, status: u16) {
        self.requests += 1;
        self.first_ms = self.first_ms.min(time_ms);
        self.last_ms = self.last_ms.max(time_ms);
        self.clients.insert(client.clone(), MAX_IPS_PER_ROW);
        if (time_ms, client) < (self.sample.0, &self.sample.1) {
            self.sample = (time_ms, client.clone());
        }
        self.statuses.add(status, 1);
    }
}

/// The printed key of a row, in report order: host, kind, crawler, path, robots_version,
/// then User-Agent, verification and evidence so that the order is total.
type RowKey = (
    Arc<str>,
    Kind,
    Arc<str>,
    String,
    Option<i64>,
    Arc<str>,
    Verification,
    Evidence,
);

/// Violating requests per (hour, host, crawler, kind).
type ActivityMap = BTreeMap<(i64, Arc<str>, Arc<str>, Kind), u64>;

/// Builds the findings of a merged partial.
pub fn findings(auditor: &Auditor, partial: Partial) -> Findings {
    let Partial {
        inputs,
        hosts,
        mut pairs,
        crawlers,
        streams,
        fetches,
        spoofed,
        clients,
        too_old_to_verify,
    } = partial;
    let mut rows: BTreeMap<RowKey, RowAcc> = BTreeMap::new();
    let mut activity = ActivityMap::new();
    let leeway = auditor.settings.leeway_ms;
    for ((origin, crawler, ua, verification), mut stream) in streams {
        let pair = pairs
            .entry((HostKey::Origin(origin.clone()), crawler.clone()))
            .or_default();
        let Some(rules) = auditor.rules.lookup(auditor.robots.as_ref(), &origin) else {
            pair.not_judged += pair.pending;
            pair.checked -= pair.pending;
            pair.pending = 0;
            continue;
        };
        let rules = rules.dialect(stream.agent.dialect);
        let fetch_ua = if stream.agent.fetches_by_user_agent {
            ua.clone()
        } else {
            String::new()
        };
        let mut own_fetches: Vec<Fetch> = fetches
            .get(&(origin.clone(), crawler.clone(), verification, fetch_ua))
            .cloned()
            .unwrap_or_default();
        own_fetches.sort_unstable();
        let stream_ctx = StreamCtx {
            host: Arc::from(origin.display_host()),
            crawler: Arc::from(crawler.as_str()),
            ua: Arc::from(ua.as_str()),
            verification,
            rules: &rules,
            groups: groups_of(&rules, &stream),
            fetches: &own_fetches,
            leeway,
            clients: &clients,
        };
        judge_paths(&stream_ctx, &mut stream, pair, &mut rows, &mut activity);
        judge_delays(&stream_ctx, &mut stream, &mut rows, &mut activity);
    }
    let violations = rows
        .into_iter()
        .map(|(key, acc)| violation_row(key, acc))
        .collect();
    Findings {
        violations,
        summary: summary_rows(&pairs, &crawlers),
        hosts: host_rows(auditor, &hosts),
        spoofed: spoofed_rows(spoofed),
        inputs,
        activity: activity
            .into_iter()
            .map(|((hour_ms, host, crawler, kind), requests)| Activity {
                hour_ms,
                host,
                crawler,
                kind,
                requests,
            })
            .collect(),
        too_old_to_verify,
    }
}

/// What judging one stream needs.
struct StreamCtx<'a> {
    host: Arc<str>,
    crawler: Arc<str>,
    ua: Arc<str>,
    verification: Verification,
    rules: &'a DialectRules,
    groups: Vec<Option<GroupId>>,
    fetches: &'a [Fetch],
    leeway: i64,
    clients: &'a [Client],
}

impl StreamCtx<'_> {
    fn held(&self, t: i64) -> Held {
        let fetch = history::latest_fetch(self.fetches, t);
        self.rules
            .timeline
            .held(t, self.leeway, fetch, |v| self.rules.sizes[v])
    }

    fn client(&self, i: u32) -> &Client {
        &self.clients[i as usize]
    }
}

/// The stream's group in each version (as the worker chose it).
fn groups_of(rules: &DialectRules, stream: &Stream) -> Vec<Option<GroupId>> {
    let refs: Vec<&str> = stream.agent.tokens.iter().map(String::as_str).collect();
    let agent = Agent {
        tokens: &refs,
        obeys_star: stream.agent.obeys_star,
    };
    rules
        .versions
        .iter()
        .map(|r| match r {
            Rules::Compiled(robots) => robots.group_for(&agent),
            _ => None,
        })
        .collect()
}

/// The rule a version cites: (line, text, group).
fn cited(
    robots: &RobotsTxt,
    group: Option<GroupId>,
    rule: Option<RuleId>,
) -> (u32, Arc<str>, Arc<str>) {
    let name = group.map(|g| robots.group(g).name()).unwrap_or_default();
    match rule {
        Some(id) => (
            robots.rule(id).line,
            Arc::from(robots.rule(id).display()),
            Arc::from(name),
        ),
        None => (0, Arc::from(""), Arc::from(name)),
    }
}

fn judge_paths(
    ctx: &StreamCtx<'_>,
    stream: &mut Stream,
    pair: &mut PairAgg,
    rows: &mut BTreeMap<RowKey, RowAcc>,
    activity: &mut ActivityMap,
) {
    let hits = std::mem::take(&mut stream.hits);
    let mut by_path: BTreeMap<u32, Vec<_>> = BTreeMap::new();
    for (path, hit) in hits {
        by_path.entry(path).or_default().push(hit);
    }
    let mut normalized = Vec::new();
    for (path, hits) in by_path {
        let raw = &stream.paths[path as usize];
        normalize_target(raw, &mut normalized);
        let text = path_text(raw);
        // Each version's verdict on this path, found once.
        let verdicts: Vec<Option<(bool, Option<RuleId>)>> = ctx
            .rules
            .versions
            .iter()
            .enumerate()
            .map(|(v, r)| match r {
                Rules::Compiled(robots) => {
                    let verdict = robots.check(ctx.groups[v], &normalized);
                    Some((verdict.allowed, verdict.rule))
                }
                Rules::AllowAll => Some((true, None)),
                Rules::NotJudged => None,
            })
            .collect();
        let reads = |v: usize| match verdicts[v] {
            Some((false, _)) => VersionVerdict::Disallow,
            _ => VersionVerdict::Allow,
        };
        for hit in hits {
            pair.pending = pair.pending.saturating_sub(1);
            let held = ctx.held(hit.time_ms);
            match history::judge(&held, reads) {
                Judgement::NotJudged => {
                    pair.checked = pair.checked.saturating_sub(1);
                    pair.not_judged += 1;
                }
                Judgement::Allowed { by_leeway } => {
                    pair.allowed += 1;
                    pair.allowed_by_leeway += u64::from(by_leeway);
                }
                Judgement::Violation { version, evidence } => {
                    pair.violations += 1;
                    let Rules::Compiled(robots) = &ctx.rules.versions[version] else {
                        continue;
                    };
                    let rule = verdicts[version].and_then(|v| v.1);
                    let key = (
                        Arc::clone(&ctx.host),
                        Kind::Disallowed,
                        Arc::clone(&ctx.crawler),
                        text.clone(),
                        ctx.rules.starts[version],
                        Arc::clone(&ctx.ua),
                        ctx.verification,
                        evidence,
                    );
                    let acc = rows.entry(key).or_insert_with(|| RowAcc {
                        requests: 0,
                        first_ms: hit.time_ms,
                        last_ms: hit.time_ms,
                        clients: ClientSet::default(),
                        sample: (hit.time_ms, ctx.client(hit.client).clone()),
                        statuses: StatusCounts::default(),
                        rule: cited(robots, ctx.groups[version], rule),
                        intervals: None,
                    });
                    let this_rule = cited(robots, ctx.groups[version], rule);
                    if this_rule < acc.rule {
                        acc.rule = this_rule;
                    }
                    acc.add(hit.time_ms, ctx.client(hit.client), hit.status);
                    *activity
                        .entry((
                            hour(hit.time_ms),
                            Arc::clone(&ctx.host),
                            Arc::clone(&ctx.crawler),
                            Kind::Disallowed,
                        ))
                        .or_default() += 1;
                }
            }
        }
    }
}

/// Crawl-delay: a request is early when its distance from the previous one is certainly
/// shorter than the delay of every version the crawler may have held. Log times are coarse
/// (`[…:13:55:36 -0700]` is to the second), so an observed interval `i` at resolution `r`
/// only proves a breach when `i + r <= delay`: the report never accuses a crawler that may
/// have waited long enough.
fn judge_delays(
    ctx: &StreamCtx<'_>,
    stream: &mut Stream,
    rows: &mut BTreeMap<RowKey, RowAcc>,
    activity: &mut ActivityMap,
) {
    let mut hits = std::mem::take(&mut stream.delay);
    if hits.len() < 2 {
        return;
    }
    // By value (the client's address, not its index in this partial's table): which of two
    // requests in the same instant counts as the earlier must not depend on how the data
    // was split.
    hits.sort_unstable_by(|a, b| {
        (a.time_ms, ctx.client(a.client), a.status).cmp(&(
            b.time_ms,
            ctx.client(b.client),
            b.status,
        ))
    });
    let mut intervals: Vec<i64> = hits
        .windows(2)
        .map(|w| w[1].time_ms - w[0].time_ms)
        .collect();
    let mut keys = Vec::new();
    for (i, hit) in hits.iter().enumerate().skip(1) {
        let interval = hit.time_ms - hits[i - 1].time_ms;
        let Held::Versions {
            versions, evidence, ..
        } = ctx.held(hit.time_ms)
        else {
            continue;
        };
        // The delay of each version the crawler may have held; a version without one (no
        // file, no group, no Crawl-delay line) means it may not have been bound by any.
        let delays: Option<Vec<u64>> = versions
            .iter()
            .map(|&v| match &ctx.rules.versions[v] {
                Rules::Compiled(robots) => ctx.groups[v]
                    .and_then(|g| robots.group(g).crawl_delay)
                    .map(|d| d.millis),
                _ => None,
            })
            .collect();
        let Some(least) = delays.and_then(|d| d.into_iter().min()) else {
            continue;
        };
        if interval + stream.resolution_ms > least as i64 {
            continue;
        }
        let Some(&version) = versions.last() else {
            continue;
        };
        let Rules::Compiled(robots) = &ctx.rules.versions[version] else {
            continue;
        };
        let Some(delay) = ctx.groups[version].and_then(|g| robots.group(g).crawl_delay) else {
            continue;
        };
        let group = ctx.groups[version]
            .map(|g| robots.group(g).name())
            .unwrap_or_default();
        let key = (
            Arc::clone(&ctx.host),
            Kind::CrawlDelay,
            Arc::clone(&ctx.crawler),
            String::new(),
            ctx.rules.starts[version],
            Arc::clone(&ctx.ua),
            ctx.verification,
            evidence,
        );
        let acc = rows.entry(key.clone()).or_insert_with(|| RowAcc {
            requests: 0,
            first_ms: hit.time_ms,
            last_ms: hit.time_ms,
            clients: ClientSet::default(),
            sample: (hit.time_ms, ctx.client(hit.client).clone()),
            statuses: StatusCounts::default(),
            rule: (delay.line, Arc::from(delay.display()), Arc::from(group)),
            intervals: None,
        });
        acc.add(hit.time_ms, ctx.client(hit.client), hit.status);
        keys.push(key);
        *activity
            .entry((
                hour(hit.time_ms),
                Arc::clone(&ctx.host),
                Arc::clone(&ctx.crawler),
                Kind::CrawlDelay,
            ))
            .or_default() += 1;
    }
    // The crawler's pace over all its requests: the shortest and the median interval.
    intervals.sort_unstable();
    // `intervals` has one entry fewer than `hits`, at least one.
    let pace = (intervals[0], intervals[(hits.len() - 1) / 2]);
    for key in keys {
        if let Some(acc) = rows.get_mut(&key) {
            acc.intervals = Some(pace);
        }
    }
}

fn hour(ms: i64) -> i64 {
    ms.div_euclid(3_600_000) * 3_600_000
}

/// The path of a row as its cell prints it.
fn path_text(path: &[u8]) -> String {
    text::cell(path).into_owned()
}

fn violation_row(key: RowKey, acc: RowAcc) -> ViolationRow {
    let (host, kind, crawler, path, robots_version, user_agent, verification, evidence) = key;
    ViolationRow {
        host,
        kind,
        crawler,
        user_agent,
        group: acc.rule.2,
        path,
        rule: acc.rule.1,
        rule_line: acc.rule.0,
        requests: acc.requests,
        first_seen_ms: acc.first_ms,
        last_seen_ms: acc.last_ms,
        verification: verification.as_str(),
        robots_version,
        evidence: evidence.as_str(),
        client_ips: acc.clients.len() as u64,
        sample_ip: client_text(&acc.sample.1),
        status_codes: acc.statuses.into_vec(),
        min_interval_ms: acc.intervals.map(|i| i.0),
        median_interval_ms: acc.intervals.map(|i| i.1),
    }
}

/// A client as a report cell.
fn client_text(c: &Client) -> String {
    match c {
        Client::Ip(ip) => ip.to_string(),
        Client::Other(bytes) => text::cell(bytes).into_owned(),
    }
}

fn summary_rows(
    pairs: &BTreeMap<(HostKey, String), PairAgg>,
    crawlers: &BTreeMap<String, super::aggregate::CrawlerInfo>,
) -> Vec<SummaryRow> {
    // http and https of one host print the same: one row.
    let mut by_name: BTreeMap<(String, String), PairAgg> = BTreeMap::new();
    for ((host, crawler), p) in pairs {
        match by_name.get_mut(&(host.display(), crawler.clone())) {
            Some(mine) => mine.merge(p.clone()),
            None => {
                by_name.insert((host.display(), crawler.clone()), p.clone());
            }
        }
    }
    by_name
        .into_iter()
        .map(|((host, crawler), p)| {
            let info = crawlers.get(&crawler);
            SummaryRow {
                host,
                operator: info.map(|i| i.operator.clone()).unwrap_or_default(),
                category: info.map(|i| i.category.clone()).unwrap_or_default(),
                crawler,
                requests: p.requests,
                checked: p.checked,
                allowed: p.allowed,
                violations: p.violations,
                allowed_by_leeway: p.allowed_by_leeway,
                robots_fetches: p.robots_fetches,
                robots_first: p
                    .first_robots_ms
                    .map(|r| p.first_other_ms.is_none_or(|o| r <= o)),
                robots_statuses: p.robots_statuses.iter().map(|(s, n)| (*s, *n)).collect(),
                first_seen_ms: p.first_ms,
                last_seen_ms: p.last_ms,
                verified: p.verified,
                spoofed: p.spoofed,
                unverifiable: p.unverifiable,
                group: p
                    .groups
                    .iter()
                    .filter(|g| !g.is_empty())
                    .cloned()
                    .collect::<Vec<_>>()
                    .join("; "),
            }
        })
        .collect()
}

fn host_rows(
    auditor: &Auditor,
    hosts: &BTreeMap<HostKey, super::aggregate::HostCounts>,
) -> Vec<HostRow> {
    let mut out: Vec<HostRow> = hosts
        .iter()
        .map(|(key, counts)| {
            let base = HostRow {
                host: key.display(),
                robots_url: key.origin().map(Origin::robots_url).unwrap_or_default(),
                obtained: "none".to_string(),
                outcome: "not-fetched".to_string(),
                status: None,
                bytes: 0,
                truncated: false,
                groups: 0,
                versions: 0,
                first_version_ms: None,
                last_version_ms: None,
                requests: counts.requests,
                crawler_requests: counts.crawler_requests,
                judged: false,
                reason: String::new(),
            };
            let origin = match key {
                HostKey::Invalid { reason, .. } => {
                    return HostRow {
                        reason: format!("invalid host: {reason}"),
                        ..base
                    };
                }
                HostKey::Origin(o) => o,
            };
            let rules = (counts.crawler_requests > 0)
                .then(|| auditor.rules.lookup(auditor.robots.as_ref(), origin))
                .flatten();
            let Some(rules) = rules else {
                return HostRow {
                    reason: "no crawler requests".to_string(),
                    ..base
                };
            };
            let history = &rules.history;
            let e = history.current();
            let google = rules.dialect(crate::robots::Dialect::Google);
            let groups = match google.versions.last() {
                Some(Rules::Compiled(robots)) => robots.groups().count() as u64,
                _ => 0,
            };
            let dated: Vec<i64> = google.starts.iter().flatten().copied().collect();
            HostRow {
                obtained: e.obtained.as_str().to_string(),
                outcome: e.outcome.as_str().to_string(),
                status: e.status,
                bytes: e.bytes,
                truncated: e.truncated,
                groups,
                versions: history.versions().len() as u64,
                first_version_ms: dated.first().copied(),
                last_version_ms: dated.last().copied(),
                judged: history
                    .versions()
                    .iter()
                    .any(|v| matches!(v.entry.outcome, Outcome::Rules | Outcome::AllowAll)),
                reason: e.reason.clone().unwrap_or_default(),
                ..base
            }
        })
        .collect();
    out.sort_by(|a, b| (&a.host, &a.robots_url).cmp(&(&b.host, &b.robots_url)));
    out
}

fn spoofed_rows(
    spoofed: BTreeMap<(Client, String), super::aggregate::SpoofAgg>,
) -> Vec<SpoofedRow> {
    // Keyed by the parsed address: sorted numerically (IPv4 before IPv6, names last).
    spoofed
        .into_iter()
        .map(|((client, crawler), s)| SpoofedRow {
            client_ip: client_text(&client),
            crawler,
            requests: s.requests,
            hosts: s.hosts.into_iter().collect::<Vec<_>>().join(" "),
            first_seen_ms: s.first_ms,
            last_seen_ms: s.last_ms,
            user_agent: s.sample.1,
        })
        .collect()
}
