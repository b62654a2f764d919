//! The aggregates of an audit, keyed by values, and how two of them merge.
//!
//! Everything here merges commutatively and associatively: counts add, times take their
//! minimum or maximum, sets unite, and every choice between two values (a sample User-Agent,
//! the first malformed lines) is made by value — the earliest time, then the smaller text —
//! never by which part arrived first. Requests that a rule may forbid are kept one by one
//! ([`Stream`]): whether each is a violation, and under which version of robots.txt, is only
//! known once every fetch of `/robots.txt` by the same crawler has been seen
//! (docs/judging.md, "The crawler's own fetches"), so they are judged at the end
//! ([`super::findings`]).

use std::collections::{BTreeMap, BTreeSet};
use std::net::IpAddr;
use std::sync::Arc;

use serde::{Deserialize, Deserializer, Serialize};

pub use crate::crawlers::Verification;
use crate::fetch::Origin;
use crate::history::Fetch;
use crate::logformat::BadLine;
use crate::robots::{Dialect, PrefKey};

/// Malformed-line examples kept per input.
pub const BAD_EXAMPLES: usize = 3;

/// A host as the reports key it: a valid origin (scheme, host, port), or a host field that
/// is not one, with why.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum HostKey {
    /// A valid origin.
    Origin(Origin),
    /// A host field that is no origin: as logged (lower case, made printable), and the reason.
    Invalid {
        /// The report's `host` cell.
        display: String,
        /// Why it is not an origin.
        reason: String,
    },
}

impl HostKey {
    /// The report's `host` cell.
    pub fn display(&self) -> String {
        match self {
            HostKey::Origin(o) => o.display_host(),
            HostKey::Invalid { display, .. } => display.clone(),
        }
    }

    /// The origin, if valid.
    pub fn origin(&self) -> Option<&Origin> {
        match self {
            HostKey::Origin(o) => Some(o),
            HostKey::Invalid { .. } => None,
        }
    }
}

/// Per-input counts, keyed by the input's name in a [`super::Partial`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct InputCounts {
    /// Requests read (every parsed request line).
    pub requests: u64,
    /// Requests outside `since`/`until`.
    pub outside_window: u64,
    /// The earliest and the latest time of those requests (unix ms): when the window leaves
    /// out every request, the span the log covers.
    pub outside_span: Option<(i64, i64)>,
    /// Requests without a host (and no default host).
    pub no_host: u64,
    /// Requests whose line gave a User-Agent: none in a format that logs none (`common`),
    /// when no request can be told to come from a crawler.
    pub with_user_agent: u64,
    /// Malformed lines by reason.
    pub bad: BTreeMap<BadLine, u64>,
    /// Malformed lines that name a crawler of the registry (spoofers write odd lines too).
    pub bad_naming_crawler: u64,
    /// (line number, reason, printable excerpt): the lowest line numbers seen.
    pub bad_examples: Vec<(u64, BadLine, String)>,
    /// Bytes of log text read.
    pub bytes: u64,
    /// Lines read.
    pub lines: u64,
    /// The format its lines were read as (the least by name when parts disagree).
    pub format: Option<String>,
    /// The format was detected rather than named.
    pub detected: bool,
    /// Why reading broke off, if it did (its lines up to the damage were audited).
    pub error: Option<String>,
    /// It could not even be opened (`error` says why): nothing of it was read.
    pub unopened: bool,
}

impl InputCounts {
    /// Malformed lines over all reasons.
    pub fn bad_total(&self) -> u64 {
        self.bad.values().sum()
    }

    /// Keeps an example if it is among the lowest line numbers.
    pub fn add_example(&mut self, line_no: u64, reason: BadLine, excerpt: String) {
        let example = (line_no, reason, excerpt);
        if self.bad_examples.len() < BAD_EXAMPLES {
            self.bad_examples.push(example);
        } else if let Some(last) = self.bad_examples.last_mut()
            && example < *last
        {
            *last = example;
        } else {
            return;
        }
        self.bad_examples.sort();
    }

    /// Whether a line number would be kept as an example (to skip making the excerpt).
    pub fn wants_example(&self, line_no: u64) -> bool {
        self.bad_examples.len() < BAD_EXAMPLES
            || self.bad_examples.last().is_some_and(|l| line_no <= l.0)
    }

    /// Adds another part's counts.
    pub fn merge(&mut self, other: InputCounts) {
        self.requests += other.requests;
        self.outside_window += other.outside_window;
        self.outside_span = match (self.outside_span, other.outside_span) {
            (Some(a), Some(b)) => Some((a.0.min(b.0), a.1.max(b.1))),
            (a, b) => a.or(b),
        };
        self.no_host += other.no_host;
        self.with_user_agent += other.with_user_agent;
        for (k, v) in other.bad {
            *self.bad.entry(k).or_default() += v;
        }
        self.bad_naming_crawler += other.bad_naming_crawler;
        for (n, r, e) in other.bad_examples {
            self.add_example(n, r, e);
        }
        self.bytes += other.bytes;
        self.lines += other.lines;
        self.format = min_some(self.format.take(), other.format);
        self.detected |= other.detected;
        self.error = min_some(self.error.take(), other.error);
        self.unopened |= other.unopened;
    }
}

/// The lesser of two optional values, a value beating none.
fn min_some<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, None) => a,
        (None, b) => b,
    }
}

/// Requests to one host.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HostCounts {
    /// All requests.
    pub requests: u64,
    /// Requests from crawlers.
    pub crawler_requests: u64,
}

impl HostCounts {
    /// Adds another part's counts.
    pub fn merge(&mut self, other: HostCounts) {
        self.requests += other.requests;
        self.crawler_requests += other.crawler_requests;
    }
}

/// A crawler as the reports name it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CrawlerInfo {
    /// The registry's name, or the product token of an unknown one.
    pub name: String,
    /// Who runs it (empty if unknown).
    pub operator: String,
    /// Its category (`unknown` for bots not in the registry).
    pub category: String,
}

/// The summary row of one (host, crawler) pair, being counted.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairAgg {
    /// All its requests.
    pub requests: u64,
    /// Requests judged against rules.
    pub checked: u64,
    /// Checked and allowed.
    pub allowed: u64,
    /// Allowed only because an older version the crawler may still have held allows it.
    pub allowed_by_leeway: u64,
    /// Checked and disallowed under every version it may have held.
    pub violations: u64,
    /// Of the violations, those from addresses marked spoofed. Counted at the end, after the
    /// parts are merged: never in a part.
    #[serde(skip)]
    pub violations_spoofed: u64,
    /// Requests that robots.txt allows (or does not bind) and that go against a usage
    /// preference every version it may have held says no to (docs/preferences.md).
    pub preference_conflicts: u64,
    /// Checked requests a rule may forbid or a usage preference may go against, judged at the
    /// end (then `allowed` or `violations`).
    pub pending: u64,
    /// Requests on hosts (or at times) whose rules cannot be known.
    pub not_judged: u64,
    /// Its requests for `/robots.txt`.
    pub robots_fetches: u64,
    /// The statuses those got.
    pub robots_statuses: BTreeMap<u16, u64>,
    /// Its first request.
    pub first_ms: i64,
    /// Its last request.
    pub last_ms: i64,
    /// Its first request for `/robots.txt`.
    pub first_robots_ms: Option<i64>,
    /// Its first other request.
    pub first_other_ms: Option<i64>,
    /// Requests by verification.
    pub verified: u64,
    /// Requests by verification.
    pub spoofed: u64,
    /// Requests by verification.
    pub unverifiable: u64,
    /// The group names that applied.
    pub groups: GroupNames,
}

/// A few group names, each once, in order: a pair's groups are almost always one or two, and
/// a `BTreeSet` spends a whole node (about 280 bytes) on them, once per (host, crawler) pair
/// in every worker and again at the end. Written as a set would be.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct GroupNames(Vec<String>);

impl<'de> Deserialize<'de> for GroupNames {
    /// Read as a set: in order and each once, whatever the bytes say.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<GroupNames, D::Error> {
        let mut names = Vec::<String>::deserialize(d)?;
        names.sort_unstable();
        names.dedup();
        Ok(GroupNames(names))
    }
}

impl GroupNames {
    /// Whether `name` is one of them.
    pub fn contains(&self, name: &str) -> bool {
        self.0.binary_search_by(|n| n.as_str().cmp(name)).is_ok()
    }

    /// Adds `name` in its place, unless it is there.
    pub fn insert(&mut self, name: &str) {
        if let Err(at) = self.0.binary_search_by(|n| n.as_str().cmp(name)) {
            self.0.insert(at, name.to_owned());
        }
    }

    /// Adds every name of `other`.
    pub fn extend(&mut self, other: GroupNames) {
        for name in other.0 {
            self.insert(&name);
        }
    }

    /// The names, in order.
    pub fn iter(&self) -> impl Iterator<Item = &String> {
        self.0.iter()
    }
}

impl PairAgg {
    /// Counts a request for `/robots.txt` answered `status` at `time_ms`.
    pub fn robots_fetch(&mut self, status: u16, time_ms: i64) {
        self.robots_fetches += 1;
        *self.robots_statuses.entry(status).or_default() += 1;
        self.first_robots_ms = Some(self.first_robots_ms.map_or(time_ms, |t| t.min(time_ms)));
    }

    /// Notes a request for anything but `/robots.txt` at `time_ms` (for `robots_first`).
    pub fn other_request(&mut self, time_ms: i64) {
        self.first_other_ms = Some(self.first_other_ms.map_or(time_ms, |t| t.min(time_ms)));
    }

    /// A pair whose first request is at `time_ms`.
    pub fn new(time_ms: i64) -> PairAgg {
        PairAgg {
            first_ms: time_ms,
            last_ms: time_ms,
            ..PairAgg::default()
        }
    }

    /// Adds another part's counts.
    pub fn merge(&mut self, other: PairAgg) {
        self.requests += other.requests;
        self.checked += other.checked;
        self.allowed += other.allowed;
        self.allowed_by_leeway += other.allowed_by_leeway;
        self.violations += other.violations;
        self.violations_spoofed += other.violations_spoofed;
        self.preference_conflicts += other.preference_conflicts;
        self.pending += other.pending;
        self.not_judged += other.not_judged;
        self.robots_fetches += other.robots_fetches;
        for (s, n) in other.robots_statuses {
            *self.robots_statuses.entry(s).or_default() += n;
        }
        self.first_ms = self.first_ms.min(other.first_ms);
        self.last_ms = self.last_ms.max(other.last_ms);
        self.first_robots_ms = min_some(self.first_robots_ms, other.first_robots_ms);
        self.first_other_ms = min_some(self.first_other_ms, other.first_other_ms);
        self.verified += other.verified;
        self.spoofed += other.spoofed;
        self.unverifiable += other.unverifiable;
        self.groups.extend(other.groups);
    }

    /// Counts one request's verification.
    pub fn verified_as(&mut self, v: Verification) {
        match v {
            Verification::Verified => self.verified += 1,
            Verification::Spoofed => self.spoofed += 1,
            Verification::Unverifiable => self.unverifiable += 1,
        }
    }
}

/// Requests from one address that claimed to be one crawler and is not.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpoofAgg {
    /// How many.
    pub requests: u64,
    /// The first.
    pub first_ms: i64,
    /// The last.
    pub last_ms: i64,
    /// The hosts it reached (report names).
    pub hosts: BTreeSet<String>,
    /// The User-Agent of its earliest request (ties: the least text).
    pub sample: (i64, String),
}

impl SpoofAgg {
    /// Adds another part's requests.
    pub fn merge(&mut self, other: SpoofAgg) {
        self.requests += other.requests;
        self.first_ms = self.first_ms.min(other.first_ms);
        self.last_ms = self.last_ms.max(other.last_ms);
        self.hosts.extend(other.hosts);
        if other.sample < self.sample {
            self.sample = other.sample;
        }
    }
}

/// Requests that could not be verified because they are older than what the operators'
/// IP-range lists (or reverse DNS, which tells the present) can speak for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TooOld {
    /// How many (by ranges or by DNS).
    pub requests: u64,
    /// Of them, those reverse DNS was not asked about.
    pub dns: u64,
    /// The latest date (unix ms) of a list that was too new for a request.
    pub lists_date: Option<i64>,
    /// The other way round: requests marked spoofed by their crawler's IP-range lists, every
    /// one of them older than the request by more than 30 days (an operator may have added
    /// the address since). Counted apart from `requests`: their verdict stands.
    pub spoofed_by_old_lists: u64,
    /// The latest date (unix ms) of those lists.
    pub old_lists_date: Option<i64>,
    /// Crawler requests from an address of a site's own network (loopback, private…): a
    /// proxy logged in place of the client, so unverifiable (never spoofed).
    pub internal: u64,
    /// Requests of crawlers that could be verified whose client field is no IP address (a
    /// host name, a list of addresses, `-`): unverifiable.
    pub no_address: u64,
}

impl TooOld {
    /// Adds another part's.
    pub fn merge(&mut self, other: TooOld) {
        self.requests += other.requests;
        self.dns += other.dns;
        self.lists_date = self.lists_date.max(other.lists_date);
        self.spoofed_by_old_lists += other.spoofed_by_old_lists;
        self.old_lists_date = self.old_lists_date.max(other.old_lists_date);
        self.internal += other.internal;
        self.no_address += other.no_address;
    }
}

/// A client address as logged: the parsed address when the field is one (so spellings of
/// one address are one client), else the logged bytes (a host name).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Client {
    /// An IPv4 or IPv6 address.
    Ip(IpAddr),
    /// Anything else, as logged.
    Other(Box<[u8]>),
}

impl Client {
    /// The client of a request: its parsed address, else the logged bytes.
    pub fn new(ip: Option<IpAddr>, logged: &[u8]) -> Client {
        match ip {
            Some(ip) => Client::Ip(ip),
            None => Client::Other(logged.into()),
        }
    }
}

/// One request kept for judging at the end: when, who (an index into the partial's client
/// table), and what the server answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Hit {
    /// Unix milliseconds.
    pub time_ms: i64,
    /// Index into [`super::Partial`]'s client table.
    pub client: u32,
    /// The status code.
    pub status: u16,
}

/// How a crawler reads robots.txt: what the judgement at the end needs to choose its group
/// in each version again.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct AgentProfile {
    /// Its robots.txt tokens, most specific first.
    pub tokens: Vec<String>,
    /// Whether it follows `*` when no group names it.
    pub obeys_star: bool,
    /// Its dialect.
    #[serde(with = "dialect_name")]
    pub dialect: Dialect,
    /// Whether its Crawl-delay is checked.
    pub check_delay: bool,
    /// Whether its own fetches of `/robots.txt` are matched by User-Agent (unknown crawlers)
    /// rather than by crawler name.
    pub fetches_by_user_agent: bool,
    /// Whether robots.txt's rules bind it. False for the clients that are counted but not
    /// judged (docs/judging.md, "Which requests are judged", step 4): their kept requests are
    /// judged for usage preferences only.
    pub bound: bool,
    /// The usage preference its category goes against when a site says no
    /// (docs/preferences.md, "What a conflict is"); None: it never conflicts.
    #[serde(with = "pref_key_name")]
    pub conflicts_on: Option<PrefKey>,
}

#[cfg(test)]
impl AgentProfile {
    /// A bound crawler of one token, Google's rules, `*` followed, no Crawl-delay checked:
    /// the profile tests need when the profile is not what they test.
    pub(crate) fn plain(token: &str) -> AgentProfile {
        AgentProfile {
            tokens: vec![token.into()],
            obeys_star: true,
            dialect: Dialect::Google,
            check_delay: false,
            fetches_by_user_agent: false,
            bound: true,
            conflicts_on: None,
        }
    }
}

/// The requests of one (origin, crawler, User-Agent, verification) that a rule may forbid or
/// a usage preference may go against, and its requests under a Crawl-delay, kept for the
/// judgement at the end.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stream {
    /// How it reads robots.txt (shared by the streams of one crawler).
    pub agent: Arc<AgentProfile>,
    /// The coarsest time resolution of its lines, in ms (1000 for `[…:13:55:36 +0000]`).
    pub resolution_ms: i64,
    /// Distinct request targets, as requested; `hits` refer to them by index.
    pub paths: Vec<Box<[u8]>>,
    /// (path index, request) for each request that a version of robots.txt disallows, or
    /// whose crawler's use a version says no to (docs/preferences.md).
    pub hits: Vec<(u32, Hit)>,
    /// Every fetching request, when its Crawl-delay is checked.
    pub delay: Vec<Hit>,
}

/// Which of a crawler's `/robots.txt` fetches narrow which of its requests
/// (docs/judging.md, "The crawler's own fetches"): the same origin, the same crawler, for
/// unknown crawlers the same User-Agent (empty for registry crawlers), and by verification:
/// a verified fetch speaks for every verified request, any fetch for its own address's.
pub type FetchKey = (Origin, String, Verification, String);

/// A stream's key: (origin, crawler, User-Agent, verification). Shared, not copied, by the
/// streams of one origin and one crawler (serialised as plain values).
pub type StreamKey = (Arc<Origin>, Arc<str>, Arc<str>, Verification);

/// The key of the summary row a stream's requests count in: its (host, crawler).
pub fn pair_key(origin: &Origin, crawler: &str) -> (HostKey, String) {
    (HostKey::Origin(origin.clone()), crawler.to_string())
}

/// The fetches of one [`FetchKey`], each with its client, in no particular order until
/// judged.
pub type Fetches = Vec<(Client, Fetch)>;

/// Serde for [`Dialect`] by its name (the engine itself knows nothing of serde).
mod dialect_name {
    use serde::{Deserialize, Deserializer, Serializer};

    use crate::robots::Dialect;

    pub fn serialize<S: Serializer>(d: &Dialect, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(d.name())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Dialect, D::Error> {
        let name = String::deserialize(d)?;
        name.parse().map_err(serde::de::Error::custom)
    }
}

/// Serde for an optional [`PrefKey`] by its report name (`ai-train`, …).
mod pref_key_name {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use crate::robots::PrefKey;

    pub fn serialize<S: Serializer>(k: &Option<PrefKey>, s: S) -> Result<S::Ok, S::Error> {
        k.map(PrefKey::name).serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<PrefKey>, D::Error> {
        match Option::<String>::deserialize(d)? {
            None => Ok(None),
            Some(name) => PrefKey::ALL
                .into_iter()
                .find(|k| k.name() == name)
                .map(Some)
                .ok_or_else(|| serde::de::Error::custom(format!("unknown preference {name}"))),
        }
    }
}

/// Every (stream, path) that has kept requests, given each stream's ranges from [`by_path`].
pub(super) fn kept_paths<'a>(ranges: impl Iterator<Item = &'a [(u32, u32)]>) -> Vec<(u32, u32)> {
    ranges
        .enumerate()
        .flat_map(|(s, ranges)| {
            ranges
                .iter()
                .enumerate()
                .filter(|(_, r)| r.0 < r.1)
                .map(move |(p, _)| (s as u32, p as u32))
        })
        .collect()
}

/// Sorts a stream's kept requests by path index and gives each path's range of them
/// (`(start, end)`, empty for a path without requests).
pub(super) fn by_path(hits: &mut [(u32, Hit)], paths: usize) -> Vec<(u32, u32)> {
    hits.sort_by_key(|h| h.0);
    let mut ranges = vec![(0u32, 0u32); paths];
    let mut at = 0;
    while at < hits.len() {
        let path = hits[at].0;
        let end = at + hits[at..].iter().take_while(|h| h.0 == path).count();
        ranges[path as usize] = (at as u32, end as u32);
        at = end;
    }
    ranges
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn group_names_are_a_set_and_travel_as_one() {
        let mut a = GroupNames::default();
        for name in ["googlebot", "*", "googlebot", "bingbot"] {
            a.insert(name);
        }
        assert_eq!(a.iter().collect::<Vec<_>>(), ["*", "bingbot", "googlebot"]);
        assert!(a.contains("*") && !a.contains("gptbot"));
        let mut b = GroupNames::default();
        b.insert("gptbot");
        b.insert("*");
        a.extend(b);
        assert_eq!(
            a.iter().collect::<Vec<_>>(),
            ["*", "bingbot", "googlebot", "gptbot"]
        );
        // The bytes of a partial are those of the set it replaced, and read back as a set.
        let set: BTreeSet<String> = a.iter().cloned().collect();
        let bytes = postcard::to_stdvec(&a).unwrap();
        assert_eq!(bytes, postcard::to_stdvec(&set).unwrap());
        assert_eq!(postcard::from_bytes::<GroupNames>(&bytes).unwrap(), a);
        let unsorted = postcard::to_stdvec(&vec!["b", "a", "b"]).unwrap();
        let read: GroupNames = postcard::from_bytes(&unsorted).unwrap();
        assert_eq!(read.iter().collect::<Vec<_>>(), ["a", "b"]);
    }

    #[test]
    fn bad_line_examples_keep_the_lowest_line_numbers_whatever_the_order() {
        let lines = [50, 7, 30, 2, 90, 1];
        let mut a = InputCounts::default();
        for n in lines {
            a.add_example(n, BadLine::TooFewFields, format!("line {n}"));
        }
        let mut b = InputCounts::default();
        for n in lines.iter().rev() {
            b.add_example(*n, BadLine::TooFewFields, format!("line {n}"));
        }
        let numbers: Vec<u64> = a.bad_examples.iter().map(|e| e.0).collect();
        assert_eq!(numbers, vec![1, 2, 7]);
        assert_eq!(a.bad_examples, b.bad_examples);
    }

    #[test]
    fn spoofed_samples_are_chosen_by_value() {
        let agg = |t, ua: &str| SpoofAgg {
            requests: 1,
            first_ms: t,
            last_ms: t,
            hosts: BTreeSet::from([format!("h{t}")]),
            sample: (t, ua.to_string()),
        };
        let mut ab = agg(5, "zzz");
        ab.merge(agg(5, "aaa"));
        let mut ba = agg(5, "aaa");
        ba.merge(agg(5, "zzz"));
        assert_eq!(ab, ba);
        assert_eq!(ab.sample.1, "aaa", "a tie in time goes to the lesser text");
        assert_eq!(ab.requests, 2);
    }

    #[test]
    fn input_counts_merge_in_any_order() {
        let part = |requests, format: &str, error: Option<&str>| InputCounts {
            requests,
            format: Some(format.to_string()),
            error: error.map(str::to_string),
            ..InputCounts::default()
        };
        let mut ab = part(3, "combined", None);
        ab.merge(part(4, "common", Some("truncated")));
        let mut ba = part(4, "common", Some("truncated"));
        ba.merge(part(3, "combined", None));
        assert_eq!(ab, ba);
        assert_eq!(ab.requests, 7);
    }
}
