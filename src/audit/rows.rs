//! The rows of the two reports made from the kept requests, as their writers ask for them:
//! [`Violations`] (requests robots.txt forbade, and Crawl-delay breaches) and [`Conflicts`]
//! (requests that go against a usage preference, docs/preferences.md).
//!
//! Each visits the (host, crawler, printed path) groups of its own pass over the kept
//! requests ([`super::source`]) in report order and judges their requests again, so only one
//! group's rows are ever built at a time — a long-tail log's hundreds of thousands of rows
//! stream to the writer, never all in memory. Rows are keyed by what the report prints and
//! sorted by value, so the same data gives the same bytes however it was split. A sorted run
//! that cannot be read back whole ends a pass with an error (and nothing after it): the report
//! it was feeding must not be written.

use std::cmp::Ordering;
use std::collections::{BTreeMap, VecDeque};
use std::sync::Arc;

use foldhash::HashMap;

use crate::extsort::SortError;
use crate::history::Evidence;
use crate::report::{Kind, PreferenceRow, ViolationRow};
use crate::robots::{GroupId, PrefKey, PrefLineId, RobotsTxt, RuleId};

use super::aggregate::{Client, Verification};
use super::findings::{PathReads, StreamInfo, Verdict, sample_client};
use super::rules::Rules;
use super::source::Source;
use super::tally::{ClientSet, MAX_IPS_PER_ROW, StatusCounts};

/// A report row being built.
pub(super) struct RowAcc {
    requests: u64,
    first_ms: i64,
    last_ms: i64,
    clients: ClientSet,
    sample: (i64, Client),
    statuses: StatusCounts,
    /// (line, text, group): the lesser when rows that print the same had different ones.
    rule: (u32, Arc<str>, Arc<str>),
    pub intervals: Option<(i64, i64)>,
}

impl RowAcc {
    pub fn new(time_ms: i64, client: &Client, rule: (u32, Arc<str>, Arc<str>)) -> RowAcc {
        RowAcc {
            requests: 0,
            first_ms: time_ms,
            last_ms: time_ms,
            clients: ClientSet::default(),
            sample: (time_ms, client.clone()),
            statuses: StatusCounts::default(),
            rule,
            intervals: None,
        }
    }

    pub fn add(&mut self, time_ms: i64, client: &Client, status: u16) {
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

/// The order of the violations report: host, kind, crawler, path, robots_version, then
/// User-Agent, verification, evidence and the cited line (its number, text and group) so
/// that it is total.
pub fn report_order(a: &ViolationRow, b: &ViolationRow) -> Ordering {
    type Key<'a> = (
        &'a str,
        Kind,
        &'a str,
        &'a str,
        Option<i64>,
        &'a str,
        u8,
        &'a str,
        (u32, &'a str, &'a str),
    );
    /// `verified`, `spoofed`, `unverifiable`: the order of [`Verification`], which the
    /// `disallowed` rows are made in (compared as text, the `crawl-delay` rows came in
    /// another one).
    fn rank(verification: &str) -> u8 {
        match verification {
            "verified" => 0,
            "spoofed" => 1,
            _ => 2,
        }
    }
    /// Borrowed, not cloned: the merge with the Crawl-delay rows compares once per row.
    fn key(r: &ViolationRow) -> Key<'_> {
        (
            &r.host,
            r.kind,
            &r.crawler,
            &r.path,
            r.robots_version,
            &r.user_agent,
            rank(r.verification),
            r.evidence,
            (r.rule_line, &r.rule, &r.group),
        )
    }
    key(a).cmp(&key(b))
}

/// A cited line: (line number, text, group).
type Line = (u32, Arc<str>, Arc<str>);

/// Cited lines a pass remembers before it starts again: a few per stream of a site.
const LINES_CACHED: usize = 4096;

/// What a row is keyed by within its (host, crawler, path) group, in report order.
type RowKey = (Option<i64>, Arc<str>, Verification, Evidence);

/// A row's key with its preference key (conflicts only) and the line it cites: requests
/// cited by different lines are different rows. (The http and https origins of one host
/// print as one host, and their files may decide one path by different lines: one row
/// named the lesser line for the requests of both.)
type FullKey = (RowKey, Option<PrefKey>, Line);

/// One pass over the kept requests, made into rows a (host, crawler, printed path) group at
/// a time: `cite` says which row a request belongs to (None: none), `make` makes a row.
struct Pass<R> {
    infos: Arc<Vec<Option<StreamInfo>>>,
    source: Source,
    clients: Arc<Vec<Client>>,
    leeway: i64,
    /// Rows made, in report order.
    pending: VecDeque<R>,
    /// The current group's rows still being counted.
    rows: GroupRows,
    /// The current group's first stream and printed path (shared by the group's rows).
    head: Option<(u32, Arc<str>)>,
    scratch: Vec<u8>,
    /// How the current entry's path reads, refilled entry after entry.
    reads: PathReads,
    /// The lines cited lately, by (stream, version, line): each text is made once for the
    /// many paths and requests that cite it, not once per path.
    lines: HashMap<(u32, usize, LineRef), Line>,
    /// An error was given: nothing more.
    done: bool,
    cite: fn(&StreamInfo, Verdict, &PathReads) -> Option<Cited>,
    make: fn(&StreamInfo, &Arc<str>, FullKey, RowAcc) -> R,
}

impl<R> Pass<R> {
    /// The next row, judging groups until one gives a row; an error ends the pass (it is
    /// given once, then nothing).
    fn next_row(&mut self) -> Option<Result<R, SortError>> {
        match self.ready()? {
            Ok(()) => self.pending.pop_front().map(Ok),
            Err(e) => Some(Err(e)),
        }
    }

    /// The next row without taking it (judging groups as `next_row` does).
    fn peek(&mut self) -> Option<Result<&R, SortError>> {
        match self.ready()? {
            Ok(()) => self.pending.front().map(Ok),
            Err(e) => Some(Err(e)),
        }
    }

    /// Judges groups until a row is pending: None when the pass is done, the error that
    /// ends it (given once, then nothing).
    fn ready(&mut self) -> Option<Result<(), SortError>> {
        if self.done {
            return None;
        }
        while self.pending.is_empty() {
            match self.fill() {
                Ok(true) => {}
                Ok(false) => return None,
                Err(e) => {
                    self.done = true;
                    return Some(Err(e));
                }
            }
        }
        Some(Ok(()))
    }

    /// Judges the next kept (stream, path) of the pass: the rows no later one can add to or
    /// come before go to `pending` (all of a group's at its end); false when none is left.
    ///
    /// Within a group, rows are in the order (robots_version, User-Agent, verification,
    /// evidence) and entries come in (User-Agent, verification) order, so a row of the
    /// group's earliest possible version ([`StreamClass::floor`](super::findings::StreamClass::floor)) is final once an entry of a
    /// later User-Agent comes: a group of a million User-Agents streams through rather than
    /// being held whole.
    fn fill(&mut self) -> Result<bool, SortError> {
        let Some(starts) = self.source.advance(&self.infos)? else {
            let any = !self.rows.is_empty();
            self.flush_all();
            return Ok(any);
        };
        if starts {
            self.flush_all();
        }
        let e = self.source.entry(&self.clients);
        if starts {
            self.head = Some((e.info, Arc::from(e.path.text())));
        }
        let d = judged(&self.infos, e.info);
        let reads = &mut self.reads;
        d.reads(e.path.raw(), &mut self.scratch, reads);
        if self.lines.len() >= LINES_CACHED {
            self.lines.clear();
        }
        for (time_ms, client, status) in e.hits {
            let verdict = d.verdict(reads, time_ms, client, self.leeway);
            let Some(Cited {
                version,
                evidence,
                line,
                key,
            }) = (self.cite)(d, verdict, reads)
            else {
                continue;
            };
            let line = self
                .lines
                .entry((e.info, version, line))
                .or_insert_with(|| line_text(d, version, line));
            let full = (
                (
                    d.rules.starts[version],
                    Arc::clone(&d.ua),
                    d.verification,
                    evidence,
                ),
                key,
                line.clone(),
            );
            let acc = self
                .rows
                .entry(full, || RowAcc::new(time_ms, client, line.clone()));
            acc.add(time_ms, client, status);
        }
        // Later entries of the group have this User-Agent and verification or greater ones,
        // and no version before the floor.
        let (floor, agent) = (d.floor, (Arc::clone(&d.ua), d.verification));
        while let Some(((version, ua, verification, _), _, _)) = self.rows.first_key() {
            if *version != floor || (&**ua, *verification) >= (&*agent.0, agent.1) {
                break;
            }
            let (key, acc) = self.rows.pop_first().expect("the first row was just seen");
            self.make_row(key, acc);
        }
        Ok(true)
    }

    /// Every row of the group, in order: the group ends.
    fn flush_all(&mut self) {
        while let Some((key, acc)) = self.rows.pop_first() {
            self.make_row(key, acc);
        }
    }

    fn make_row(&mut self, key: FullKey, acc: RowAcc) {
        // Rows are only counted after their group's first entry set the head.
        let (info, path) = self.head.as_ref().expect("a group's rows follow its head");
        let d = judged(&self.infos, *info);
        self.pending.push_back((self.make)(d, path, key, acc));
    }
}

/// Rows a group holds in a sorted vector before it moves them to a B-tree.
const FEW_ROWS: usize = 16;

/// The rows of the group being counted, in key order. Most groups (a path one crawler asked
/// for) make a row or two: a short sorted vector, kept with its room from group to group,
/// holds them, where a B-tree would allocate and free a node per group. A group with more
/// rows (many User-Agents, or versions held to its end) moves to a B-tree, so that no insert
/// costs more than a few entries' move.
#[derive(Default)]
struct GroupRows {
    /// Sorted by key; empty while `many` holds any row.
    few: Vec<(FullKey, RowAcc)>,
    many: BTreeMap<FullKey, RowAcc>,
}

impl GroupRows {
    fn is_empty(&self) -> bool {
        self.few.is_empty() && self.many.is_empty()
    }

    /// The row of `key`, made by `new` when there is none.
    fn entry(&mut self, key: FullKey, new: impl FnOnce() -> RowAcc) -> &mut RowAcc {
        if self.many.is_empty() {
            match self.few.binary_search_by(|(k, _)| k.cmp(&key)) {
                Ok(i) => return &mut self.few[i].1,
                Err(i) if self.few.len() < FEW_ROWS => {
                    self.few.insert(i, (key, new()));
                    return &mut self.few[i].1;
                }
                Err(_) => self.many.extend(self.few.drain(..)),
            }
        }
        self.many.entry(key).or_insert_with(new)
    }

    fn first_key(&self) -> Option<&FullKey> {
        match self.few.first() {
            Some((key, _)) => Some(key),
            None => self.many.first_key_value().map(|(key, _)| key),
        }
    }

    fn pop_first(&mut self) -> Option<(FullKey, RowAcc)> {
        if self.few.is_empty() {
            self.many.pop_first()
        } else {
            Some(self.few.remove(0))
        }
    }
}

/// A judged stream by table index: the passes read only judged streams.
fn judged(infos: &[Option<StreamInfo>], i: u32) -> &StreamInfo {
    infos[i as usize]
        .as_ref()
        .expect("only judged streams are kept")
}

/// The row a request belongs to: the version cited, the evidence, the cited line and the
/// preference key (conflicts only).
struct Cited {
    version: usize,
    evidence: Evidence,
    line: LineRef,
    key: Option<PrefKey>,
}

/// Which line of a version a row cites, before its text is made.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum LineRef {
    /// The deciding rule (None: no rule decided).
    Rule(Option<RuleId>),
    /// A preference line.
    Preference(PrefLineId),
}

/// The violations report's rows in report order, judged as they are asked for.
pub struct Violations {
    /// The disallowed rows.
    pass: Pass<ViolationRow>,
    /// The Crawl-delay rows, in report order.
    delays: std::iter::Peekable<std::vec::IntoIter<ViolationRow>>,
}

impl Violations {
    pub(super) fn new(
        infos: Arc<Vec<Option<StreamInfo>>>,
        source: Source,
        clients: Arc<Vec<Client>>,
        leeway: i64,
        delays: Vec<ViolationRow>,
    ) -> Violations {
        Violations {
            pass: Pass {
                infos,
                source,
                clients,
                leeway,
                pending: VecDeque::new(),
                rows: GroupRows::default(),
                head: None,
                scratch: Vec::new(),
                reads: PathReads::default(),
                lines: HashMap::default(),
                done: false,
                cite: |d, verdict, reads| {
                    let Verdict::Violation { version, evidence } = verdict else {
                        return None;
                    };
                    let Rules::Compiled(_) = &d.rules.versions[version] else {
                        return None;
                    };
                    let rule = reads.verdicts[version].and_then(|v| v.1);
                    Some(Cited {
                        version,
                        evidence,
                        line: LineRef::Rule(rule),
                        key: None,
                    })
                },
                make: |d, path, (row, _, _), acc| {
                    violation_row(
                        Arc::clone(&d.host),
                        Kind::Disallowed,
                        Arc::clone(&d.crawler),
                        Arc::clone(path),
                        row,
                        acc,
                    )
                },
            },
            delays: delays.into_iter().peekable(),
        }
    }
}

impl Iterator for Violations {
    type Item = Result<ViolationRow, SortError>;

    fn next(&mut self) -> Option<Result<ViolationRow, SortError>> {
        if self.pass.done {
            return None;
        }
        let disallowed_first = match self.pass.peek() {
            // The pass ends at its error: nothing after it.
            Some(Err(e)) => return Some(Err(e)),
            Some(Ok(p)) => self
                .delays
                .peek()
                .is_none_or(|d| !report_order(d, p).is_lt()),
            None => false,
        };
        if disallowed_first {
            self.pass.next_row()
        } else {
            self.delays.next().map(Ok)
        }
    }
}

/// The usage preference report's rows (docs/reports.md, "The preferences report") in report
/// order — host, crawler, path, robots_version, then User-Agent, verification, evidence and
/// key — judged as they are asked for.
pub struct Conflicts(Pass<PreferenceRow>);

impl Conflicts {
    pub(super) fn new(
        infos: Arc<Vec<Option<StreamInfo>>>,
        source: Source,
        clients: Arc<Vec<Client>>,
        leeway: i64,
    ) -> Conflicts {
        Conflicts(Pass {
            infos,
            source,
            clients,
            leeway,
            pending: VecDeque::new(),
            rows: GroupRows::default(),
            head: None,
            scratch: Vec::new(),
            reads: PathReads::default(),
            lines: HashMap::default(),
            done: false,
            cite: |d, verdict, reads| {
                let Verdict::Allowed {
                    conflict: Some((version, evidence)),
                    ..
                } = verdict
                else {
                    return None;
                };
                let Rules::Compiled(_) = &d.rules.versions[version] else {
                    return None;
                };
                let line = reads.no.get(version).copied().flatten()?;
                Some(Cited {
                    version,
                    evidence,
                    line: LineRef::Preference(line),
                    key: d.conflicts_on,
                })
            },
            make: |d, path, ((robots_version, user_agent, verification, evidence), key, _), acc| {
                PreferenceRow {
                    host: Arc::clone(&d.host),
                    crawler: Arc::clone(&d.crawler),
                    operator: Arc::clone(&d.operator),
                    category: Arc::clone(&d.category),
                    user_agent,
                    group: acc.rule.2,
                    key: key.map_or("", PrefKey::name),
                    path: Arc::clone(path),
                    rule: acc.rule.1,
                    rule_line: acc.rule.0,
                    requests: acc.requests,
                    first_seen_ms: acc.first_ms,
                    last_seen_ms: acc.last_ms,
                    verification: verification.as_str(),
                    robots_version,
                    evidence: evidence.as_str(),
                    client_ips: acc.clients.len() as u64,
                    sample_ip: sample_client(&acc.sample.1),
                    status_codes: acc.statuses.into_codes(),
                }
            },
        })
    }
}

impl Iterator for Conflicts {
    type Item = Result<PreferenceRow, SortError>;

    fn next(&mut self) -> Option<Result<PreferenceRow, SortError>> {
        self.0.next_row()
    }
}

/// The text of the line a version of a stream's rules cites. Only compiled versions cite
/// lines (the passes' `cite` sees to it).
fn line_text(d: &StreamInfo, version: usize, line: LineRef) -> Line {
    let Rules::Compiled(robots) = &d.rules.versions[version] else {
        return (0, Arc::from(""), Arc::from(""));
    };
    match line {
        LineRef::Rule(rule) => cited(robots, d.groups[version], rule),
        LineRef::Preference(id) => cited_preference(robots, d.groups[version], id),
    }
}

/// The rule a version cites: (line, text, group).
pub(super) fn cited(
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

/// The preference line a version cites: (line, text as written, group).
fn cited_preference(
    robots: &RobotsTxt,
    group: Option<GroupId>,
    id: PrefLineId,
) -> (u32, Arc<str>, Arc<str>) {
    let name = group.map(|g| robots.group(g).name()).unwrap_or_default();
    let line = robots.preference_line(id);
    (line.line, Arc::from(line.text.as_str()), Arc::from(name))
}

pub(super) fn violation_row(
    host: Arc<str>,
    kind: Kind,
    crawler: Arc<str>,
    path: Arc<str>,
    (robots_version, user_agent, verification, evidence): RowKey,
    acc: RowAcc,
) -> ViolationRow {
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
        sample_ip: sample_client(&acc.sample.1),
        status_codes: acc.statuses.into_codes(),
        min_interval_ms: acc.intervals.map(|i| i.0),
        median_interval_ms: acc.intervals.map(|i| i.1),
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn key(agents: &[Arc<str>], k: u64) -> FullKey {
        (
            (
                [None, Some(1), Some(2)][(k % 3) as usize],
                Arc::clone(&agents[(k / 3 % 40) as usize]),
                [Verification::Verified, Verification::Spoofed][(k / 120 % 2) as usize],
                [Evidence::Fetched, Evidence::InForce][(k / 240 % 2) as usize],
            ),
            None,
            (1, Arc::from("Disallow: /"), Arc::from("*")),
        )
    }

    proptest! {
        /// A group's rows come out once each, in key order, with every request counted,
        /// whether they stay in the short vector or move to the B-tree mid-group, taken from
        /// the front as `fill` does or all at the end as `flush_all` does.
        #[test]
        fn group_rows_keep_key_order_and_lose_no_request(
            distinct in prop_oneof![1u64..=FEW_ROWS as u64 + 1, 1u64..480],
            ops in prop::collection::vec((0u64..480, 0usize..6), 1..2000),
        ) {
            let agents: Vec<Arc<str>> = (0..40).map(|i| Arc::from(format!("bot/{i:02}"))).collect();
            let client = Client::Ip(std::net::IpAddr::from([192, 0, 2, 1]));
            let rule: Line = (1, Arc::from("Disallow: /"), Arc::from("*"));
            let mut rows = GroupRows::default();
            let mut model: BTreeMap<FullKey, u64> = BTreeMap::new();
            let (mut out, mut expected) = (Vec::new(), Vec::new());
            for (step, (k, pops)) in ops.into_iter().enumerate() {
                let key = key(&agents, k % distinct);
                *model.entry(key.clone()).or_default() += 1;
                rows.entry(key, || RowAcc::new(step as i64, &client, rule.clone()))
                    .add(step as i64, &client, 200);
                // Now and then a few rows from the front, as a group's stream goes on.
                for _ in 0..pops.saturating_sub(3) {
                    prop_assert_eq!(rows.first_key(), model.first_key_value().map(|e| e.0));
                    let Some((key, acc)) = rows.pop_first() else {
                        break;
                    };
                    out.push((key, acc.requests));
                    expected.push(model.pop_first().expect("the model has as many rows"));
                }
            }
            while let Some((key, acc)) = rows.pop_first() {
                out.push((key, acc.requests));
            }
            expected.extend(model);
            prop_assert!(rows.is_empty());
            prop_assert_eq!(out, expected);
        }
    }
}
