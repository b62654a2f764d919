//! Crawler verification by published IP ranges: is a client that claims to be a crawler
//! inside the address ranges its operator publishes?
//!
//! Each range list is in Google's JSON shape (`{"creationTime", "prefixes": [{"ipv4Prefix"}
//! | {"ipv6Prefix"}]}`; other keys are ignored). A snapshot of every list the registry names
//! is compiled in (`ranges/*.json`, with its date); `update-ranges` may save fresh copies in
//! a directory, which override the bundled ones by file name. Lookups are a binary search
//! over sorted, merged intervals. A [`Verifier`] given a [`DnsVerifier`] also checks, by
//! forward-confirmed reverse DNS, the crawlers whose operators publish rDNS domains (the
//! DNS work itself is in `dns.rs`).
//!
//! Which lists: a crawler is checked against every list its operator publishes for any of
//! its crawlers (an address in Google's special-crawler list proves Google, whatever Google
//! crawler the header names), but only the lists of its own entry (`ip_ranges`) can make it
//! spoofed.
//!
//! Time: a range list describes the addresses of its date, and reverse DNS describes the
//! present. A request older than a list's date by more than [`STALE_AFTER_MS`] is not judged
//! by that list, and one older than the present by as much is not judged by DNS: its verdict
//! is Unverifiable, marked as too old ([`TimedVerdict`]), never Spoofed. Requests newer than
//! a list are judged by it (keeping the lists fresh is `update-ranges`' job).

use std::collections::BTreeMap;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::path::{Path, PathBuf};
#[cfg(feature = "net")]
use std::sync::Arc;
use std::time::SystemTime;

use serde::{Deserialize, Serialize};

#[cfg(feature = "net")]
use super::DnsVerifier;
use super::{CrawlerId, DnsTally, ErrorKind, Registry, RegistryError};

/// The bundled snapshots: (list name, JSON text). Names are those of the registry's
/// `[ranges]` table.
const BUNDLED: &[(&str, &str)] = &[
    ("ahrefs", include_str!("ranges/ahrefs.json")),
    ("applebot", include_str!("ranges/applebot.json")),
    ("bingbot", include_str!("ranges/bingbot.json")),
    ("ccbot", include_str!("ranges/ccbot.json")),
    ("chatgpt-user", include_str!("ranges/chatgpt-user.json")),
    ("duckduckbot", include_str!("ranges/duckduckbot.json")),
    ("google-common", include_str!("ranges/google-common.json")),
    ("google-special", include_str!("ranges/google-special.json")),
    (
        "google-user-triggered",
        include_str!("ranges/google-user-triggered.json"),
    ),
    (
        "google-user-triggered-google",
        include_str!("ranges/google-user-triggered-google.json"),
    ),
    ("gptbot", include_str!("ranges/gptbot.json")),
    ("oai-searchbot", include_str!("ranges/oai-searchbot.json")),
    (
        "perplexity-user",
        include_str!("ranges/perplexity-user.json"),
    ),
    ("perplexitybot", include_str!("ranges/perplexitybot.json")),
];

/// How far back a range list (from its date) or reverse DNS (from the present) can judge a
/// request: 30 days, in milliseconds. An older request is Unverifiable, never Spoofed.
pub const STALE_AFTER_MS: i64 = 30 * 24 * 60 * 60 * 1000;

/// Whether a client address belongs to the crawler it claims to be: the outcome of verifying
/// it (published ranges, reverse DNS), the reports' `verification` column. Ordered, as the
/// audit's keys are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Verification {
    /// The address is in the ranges the operator publishes for this crawler.
    Verified,
    /// The operator publishes ranges for this crawler's address family and the address is in
    /// none of them.
    Spoofed,
    /// Nothing to check against: the operator publishes no ranges (or none for this address
    /// family), or the list is not loaded.
    Unverifiable,
}

impl Verification {
    /// `"verified"`, `"spoofed"` or `"unverifiable"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Verification::Verified => "verified",
            Verification::Spoofed => "spoofed",
            Verification::Unverifiable => "unverifiable",
        }
    }
}

/// One published range list, as sorted, merged, inclusive intervals. Serialisable, so that a
/// run's plan carries the lists read on one machine to the others.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RangeList {
    name: String,
    creation_time: Option<String>,
    /// The instant the list describes (unix ms): its `creationTime`, or for a saved copy
    /// without one the file's modification time.
    date_ms: Option<i64>,
    prefixes: usize,
    v4: Vec<(u32, u32)>,
    v6: Vec<(u128, u128)>,
    /// Kept beside a newer list of its name ([`Verifier::insert`]): a request it is not too
    /// new for may be the newer one's.
    #[serde(skip)]
    older_copy: bool,
}

impl RangeList {
    /// Parses a list in Google's JSON shape. `name` is what the registry calls it.
    pub fn from_json(name: &str, json: &str) -> Result<RangeList, RegistryError> {
        #[derive(Deserialize)]
        struct Doc {
            #[serde(rename = "creationTime")]
            creation_time: Option<String>,
            prefixes: Vec<Prefix>,
        }
        #[derive(Deserialize)]
        struct Prefix {
            #[serde(rename = "ipv4Prefix")]
            v4: Option<String>,
            #[serde(rename = "ipv6Prefix")]
            v6: Option<String>,
        }
        let err = |msg: String| RegistryError::new(ErrorKind::Ranges, msg).with_entry(name);
        let doc: Doc = serde_json::from_str(json).map_err(|e| err(e.to_string()))?;
        let mut v4 = Vec::new();
        let mut v6 = Vec::new();
        for p in &doc.prefixes {
            if let Some(text) = &p.v4 {
                let (addr, len) =
                    split_prefix(text).ok_or_else(|| err(format!("bad prefix {text:?}")))?;
                let addr: Ipv4Addr = addr
                    .parse()
                    .map_err(|_| err(format!("bad prefix {text:?}")))?;
                if len > 32 {
                    return Err(err(format!("bad prefix {text:?}")));
                }
                let mask = if len == 0 { 0 } else { u32::MAX << (32 - len) };
                let start = u32::from(addr) & mask;
                v4.push((start, start | !mask));
            }
            if let Some(text) = &p.v6 {
                let (addr, len) =
                    split_prefix(text).ok_or_else(|| err(format!("bad prefix {text:?}")))?;
                let addr: Ipv6Addr = addr
                    .parse()
                    .map_err(|_| err(format!("bad prefix {text:?}")))?;
                if len > 128 {
                    return Err(err(format!("bad prefix {text:?}")));
                }
                let mask = if len == 0 {
                    0
                } else {
                    u128::MAX << (128 - len)
                };
                let start = u128::from(addr) & mask;
                v6.push((start, start | !mask));
            }
        }
        Ok(RangeList {
            name: name.to_owned(),
            date_ms: doc.creation_time.as_deref().and_then(parse_creation_time),
            creation_time: doc.creation_time,
            prefixes: doc.prefixes.len(),
            v4: merge(v4),
            v6: merge(v6),
            older_copy: false,
        })
    }

    /// The registry's name for the list.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The list's `creationTime` (the snapshot's date for bundled lists).
    pub fn creation_time(&self) -> Option<&str> {
        self.creation_time.as_deref()
    }

    /// The instant the list describes, in unix milliseconds: its `creationTime` (RFC 3339;
    /// without an offset, as Google writes it, UTC), or what [`RangeList::with_date_ms`]
    /// set. `None` if unknown: such a list judges requests of any age.
    pub fn date_ms(&self) -> Option<i64> {
        self.date_ms
    }

    /// This list, describing the instant `date_ms` (unix ms) instead.
    pub fn with_date_ms(mut self, date_ms: Option<i64>) -> RangeList {
        self.date_ms = date_ms;
        self
    }

    /// True if a request at `at_ms` is older than this list's date by more than
    /// `tolerance_ms`, so the list cannot say whether its address was the crawler's then.
    fn too_new_for(&self, at_ms: i64, tolerance_ms: i64) -> bool {
        self.date_ms
            .is_some_and(|date| at_ms < date.saturating_sub(tolerance_ms))
    }

    /// Number of prefixes in the file.
    pub fn prefix_count(&self) -> usize {
        self.prefixes
    }

    /// True if the list has any prefix of `ip`'s family.
    pub fn covers_family(&self, ip: IpAddr) -> bool {
        match canonical(ip) {
            IpAddr::V4(_) => !self.v4.is_empty(),
            IpAddr::V6(_) => !self.v6.is_empty(),
        }
    }

    /// True if `ip` (IPv4-mapped IPv6 counts as IPv4) is inside one of the prefixes.
    pub fn contains(&self, ip: IpAddr) -> bool {
        match canonical(ip) {
            IpAddr::V4(a) => lookup(&self.v4, u32::from(a)),
            IpAddr::V6(a) => lookup(&self.v6, u128::from(a)),
        }
    }
}

/// A list's `creationTime` as unix ms: RFC 3339 with an offset
/// (`2026-09-02T14:41:10+00:00`), or a civil date-time taken as UTC, as Google writes it
/// (`2024-04-08T15:46:47.000000`), or a bare date.
fn parse_creation_time(text: &str) -> Option<i64> {
    let text = text.trim();
    if let Ok(ts) = text.parse::<jiff::Timestamp>() {
        return Some(ts.as_millisecond());
    }
    let utc = |dt: jiff::civil::DateTime| {
        jiff::tz::Offset::UTC
            .to_timestamp(dt)
            .ok()
            .map(|ts| ts.as_millisecond())
    };
    if let Ok(dt) = text.parse::<jiff::civil::DateTime>() {
        return utc(dt);
    }
    text.parse::<jiff::civil::Date>()
        .ok()
        .and_then(|d| utc(d.to_datetime(jiff::civil::Time::midnight())))
}

/// `"1.2.3.0/24"` → `("1.2.3.0", 24)`.
fn split_prefix(text: &str) -> Option<(&str, u32)> {
    let (addr, len) = text.trim().split_once('/')?;
    Some((addr, len.parse().ok()?))
}

/// Sorts intervals and merges overlapping or adjacent ones.
fn merge<T: Ord + Copy + Succ>(mut v: Vec<(T, T)>) -> Vec<(T, T)> {
    v.sort_unstable();
    let mut out: Vec<(T, T)> = Vec::with_capacity(v.len());
    for (s, e) in v {
        match out.last_mut() {
            Some(last) if s <= last.1.succ() => last.1 = last.1.max(e),
            _ => out.push((s, e)),
        }
    }
    out
}

/// Binary search: the last interval starting at or before `x` must end at or after it.
fn lookup<T: Ord + Copy>(v: &[(T, T)], x: T) -> bool {
    let i = v.partition_point(|&(s, _)| s <= x);
    i > 0 && v[i - 1].1 >= x
}

/// IPv4-mapped (`::ffff:1.2.3.4`) and NAT64 (`64:ff9b::1.2.3.4`) addresses as IPv4
/// ([`crate::net::client_ip`]).
fn canonical(ip: IpAddr) -> IpAddr {
    crate::net::client_ip(ip)
}

/// The next address, saturating (for merging adjacent intervals).
trait Succ {
    fn succ(self) -> Self;
}

impl Succ for u32 {
    fn succ(self) -> Self {
        self.saturating_add(1)
    }
}

impl Succ for u128 {
    fn succ(self) -> Self {
        self.saturating_add(1)
    }
}

/// A verdict at the time of the request ([`Verifier::verify_at`]): the result, and whether it
/// is Unverifiable only because the request is too old for the lists or for DNS.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TimedVerdict {
    /// The verdict for the report's `verification` column.
    pub result: Verification,
    /// `Some(date)` when the result is Unverifiable and a range list of the crawler's
    /// operator that holds prefixes of the address's family could not be used because the
    /// request is older than the list's date by more than [`STALE_AFTER_MS`]; `date` is that
    /// list's date (unix ms; the latest, if several). The date to print in the warning.
    pub ranges_too_old: Option<i64>,
    /// True when the result is Unverifiable and reverse DNS would have been asked but the
    /// request is older than the present by more than [`STALE_AFTER_MS`].
    pub dns_too_old: bool,
    /// `Some(date)` when the result is Spoofed by range lists every one of which is older
    /// than the request by more than [`STALE_AFTER_MS`] (the operator may have added the
    /// address since): the latest of their dates (unix ms), for a warning. The verdict stands.
    pub spoofed_by_old_lists: Option<i64>,
    /// True when the result is Unverifiable because the address is of a site's own network
    /// (loopback, private…: [`crate::net::internal_class`]), a proxy logged in place of the
    /// client, which no list nor DNS can call the crawler's or not.
    pub internal: bool,
}

impl TimedVerdict {
    /// True if the request could not be verified only because of its age: count it for the
    /// warning. Implies `result == Unverifiable`.
    pub fn too_old(&self) -> bool {
        self.ranges_too_old.is_some() || self.dns_too_old
    }

    fn plain(result: Verification) -> TimedVerdict {
        TimedVerdict {
            result,
            ranges_too_old: None,
            dns_too_old: false,
            spoofed_by_old_lists: None,
            internal: false,
        }
    }
}

/// Checks client addresses against published crawler IP ranges. `Send + Sync`.
///
/// ```
/// use robots_audit::crawlers::{Registry, Verifier, Verification};
///
/// let (registry, verifier) = (Registry::builtin(), Verifier::bundled());
/// let googlebot = registry.by_name("Googlebot").expect("built in");
/// let check = |ip: &str| verifier.verify(&registry, googlebot, ip.parse().expect("an address"));
/// assert_eq!(check("66.249.66.1"), Verification::Verified);
/// assert_eq!(check("203.0.113.9"), Verification::Spoofed);
/// let claude = registry.by_name("ClaudeBot").expect("built in");
/// assert_eq!(verifier.verify(&registry, claude, "203.0.113.9".parse().expect("an address")), Verification::Unverifiable);
///
/// // A request of 2015 cannot be judged by the lists of 2026.
/// let t_2015 = 1_433_116_800_000; // 2015-06-01T00:00:00Z in unix ms
/// let old = verifier.verify_at(&registry, googlebot, "203.0.113.9".parse().expect("an address"), t_2015);
/// assert_eq!(old.result, Verification::Unverifiable);
/// assert!(old.too_old());
/// ```
#[derive(Clone, Debug)]
pub struct Verifier {
    lists: BTreeMap<String, RangeList>,
    /// Copies of a list older than the one in `lists` (a saved copy older than the bundled
    /// one): each still speaks for the requests of its time, which the newer is too new for.
    older: BTreeMap<String, Vec<RangeList>>,
    /// Forward-confirmed reverse DNS, when enabled (`--verify-dns`).
    #[cfg(feature = "net")]
    dns: Option<Arc<DnsVerifier>>,
    /// The present that DNS answers describe (unix ms): the clock when the verifier was
    /// made, unless set by [`Verifier::with_now_ms`].
    now_ms: i64,
}

/// `<the user's cache directory>/robots-audit/ranges` (see
/// [`crate::net::default_cache_dir`]), if there is a home: where
/// `update-ranges` saves the lists.
pub fn default_ranges_dir() -> Option<PathBuf> {
    crate::net::default_cache_dir().map(|d| d.join("ranges"))
}

/// Every `NAME.json` in `dir` (fresh copies saved by `update-ranges`; `NAME` is the
/// registry's list name), by name; other files are ignored. A saved copy is dated by its
/// `creationTime`, or without one by the file's modification time (when `update-ranges` saved
/// it). An error names the file.
pub fn saved_ranges(dir: &Path) -> Result<Vec<RangeList>, RegistryError> {
    let io =
        |e: std::io::Error, p: &Path| RegistryError::new(ErrorKind::Io, e.to_string()).with_path(p);
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .map_err(|e| io(e, dir))?
        .map(|entry| entry.map(|e| e.path()))
        .collect::<Result<_, _>>()
        .map_err(|e| io(e, dir))?;
    paths.sort();
    let mut lists = Vec::new();
    for path in paths {
        let Some(name) = path
            .extension()
            .filter(|ext| *ext == "json")
            .and_then(|_| path.file_stem())
            .and_then(|s| s.to_str())
        else {
            continue;
        };
        let json = std::fs::read_to_string(&path).map_err(|e| io(e, &path))?;
        let mut list = RangeList::from_json(name, &json).map_err(|e| e.with_path(&path))?;
        if list.date_ms.is_none() {
            let saved = std::fs::metadata(&path)
                .and_then(|m| m.modified())
                .map_err(|e| io(e, &path))?;
            let ms = saved
                .duration_since(SystemTime::UNIX_EPOCH)
                .ok()
                .and_then(|d| i64::try_from(d.as_millis()).ok());
            list = list.with_date_ms(ms);
        }
        lists.push(list);
    }
    Ok(lists)
}

/// What an audit verifies with besides the bundled snapshots: the lists of `dir` when given
/// (an error if they cannot be read), else those of [`default_ranges_dir`] when it exists. A
/// damaged default directory is not worth stopping a nightly run for: its error comes beside
/// no lists, for a warning.
pub fn ranges_for_audit(
    dir: Option<&Path>,
) -> Result<(Vec<RangeList>, Option<RegistryError>), RegistryError> {
    super::import::saved_or_default(dir, default_ranges_dir(), saved_ranges)
}

/// The clock, in unix ms (0 if it is set before 1970).
fn clock_ms() -> i64 {
    SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

impl Verifier {
    /// The snapshots compiled into the binary (dates: [`RangeList::date_ms`], 2026-09-02).
    pub fn bundled() -> Verifier {
        let lists = BUNDLED
            .iter()
            .map(|&(name, json)| {
                // The bundled files are parsed by the `bundled_lists_parse` test.
                let list = RangeList::from_json(name, json).expect("bundled range lists are valid");
                (name.to_owned(), list)
            })
            .collect();
        Verifier {
            lists,
            older: BTreeMap::new(),
            #[cfg(feature = "net")]
            dns: None,
            now_ms: clock_ms(),
        }
    }

    /// This verifier, also checking by forward-confirmed reverse DNS the crawlers that
    /// publish rDNS domains (see [`Verifier::verify`]).
    #[cfg(feature = "net")]
    pub fn with_dns(self, dns: DnsVerifier) -> Verifier {
        self.with_shared_dns(Arc::new(dns))
    }

    /// [`Verifier::with_dns`] with a resolver (and its cache) shared with other verifiers.
    #[cfg(feature = "net")]
    pub fn with_shared_dns(mut self, dns: Arc<DnsVerifier>) -> Verifier {
        self.dns = Some(dns);
        self
    }

    /// This verifier, taking `now_ms` (unix ms) as the present that reverse DNS describes
    /// (default: the clock when the verifier was made). For tests and reproducible runs.
    pub fn with_now_ms(mut self, now_ms: i64) -> Verifier {
        self.now_ms = now_ms;
        self
    }

    /// The present that reverse DNS answers describe (unix ms).
    pub fn now_ms(&self) -> i64 {
        self.now_ms
    }

    /// The DNS verifier, if DNS checks are on (for its [`DnsVerifier::stats`]).
    #[cfg(feature = "net")]
    pub fn dns(&self) -> Option<&DnsVerifier> {
        self.dns.as_deref()
    }

    /// The bundled snapshots, overridden by every `NAME.json` in `dir` (see
    /// [`saved_ranges`]).
    pub fn with_range_dir(dir: &Path) -> Result<Verifier, RegistryError> {
        Ok(Verifier::with_ranges(saved_ranges(dir)?))
    }

    /// The bundled snapshots, overridden by `lists` (by name); a list dated before the
    /// bundled one of its name (a copy `update-ranges` saved before the binary was updated,
    /// or one kept for old logs) is kept beside it rather than over it: alone it would put
    /// addresses the operator has added since on the block list, yet it speaks for requests
    /// of its own time, which the newer list is too new for.
    pub fn with_ranges(lists: impl IntoIterator<Item = RangeList>) -> Verifier {
        let mut verifier = Verifier::bundled();
        for list in lists {
            verifier.insert(list);
        }
        verifier
    }

    /// What reverse DNS did since the last call, when DNS checks are on (see
    /// `DnsVerifier::take_tally`): an audit puts it in its partial result.
    pub fn take_dns_tally(&self) -> Option<DnsTally> {
        #[cfg(feature = "net")]
        return self.dns.as_ref().map(|d| d.take_tally());
        #[cfg(not(feature = "net"))]
        None
    }

    /// Adds one list: it replaces the list of its name, unless that one is dated later; the
    /// older of the two is kept beside the newer ([`Verifier::with_ranges`]).
    pub fn insert(&mut self, list: RangeList) {
        let Some(current) = self.lists.get(&list.name) else {
            self.lists.insert(list.name.clone(), list);
            return;
        };
        let later = matches!((current.date_ms, list.date_ms), (Some(c), Some(d)) if c > d);
        let older = if later {
            list
        } else {
            self.lists
                .insert(list.name.clone(), list)
                .expect("the list of that name, just seen")
        };
        // An undated list has no time of its own to speak for: the newer one stands alone.
        if older.date_ms.is_some() {
            let older = RangeList {
                older_copy: true,
                ..older
            };
            self.older
                .entry(older.name.clone())
                .or_default()
                .push(older);
        }
    }

    /// The list called `name`, if loaded.
    pub fn list(&self, name: &str) -> Option<&RangeList> {
        self.lists.get(name)
    }

    /// All loaded lists, by name.
    pub fn lists(&self) -> impl Iterator<Item = &RangeList> {
        self.lists.values()
    }

    /// The earliest and the latest date of the loaded lists (unix ms), if any has one: the
    /// span of "the lists' date" for messages.
    pub fn lists_dates(&self) -> Option<(i64, i64)> {
        let mut dates = self.lists.values().filter_map(RangeList::date_ms);
        let first = dates.next()?;
        Some(dates.fold((first, first), |(lo, hi), d| (lo.min(d), hi.max(d))))
    }

    /// Is `client_ip` one of the addresses the crawler's operator publishes, judged as of
    /// the lists' dates and the present (for a request whose time is unknown)?
    ///
    /// Verified if it is in any list of the crawler's operator ([`Verifier::lists_for`]).
    /// Outside them, a crawler with `rdns_domains` gets the DNS verdict when DNS checks are
    /// on ([`DnsVerifier::check`]), unless DNS failed (no answer, an untrusted resolver): a
    /// failure is never Spoofed and takes nothing from the lists' verdict. Otherwise
    /// Spoofed if at least one of its own lists (`ip_ranges`) is loaded and has prefixes of
    /// the address's family; Unverifiable otherwise (no published ranges, or rDNS only
    /// without DNS checks).
    pub fn verify(&self, registry: &Registry, id: CrawlerId, client_ip: IpAddr) -> Verification {
        self.verify_in(&self.lists_for(registry, id), registry, id, client_ip)
    }

    /// [`Verifier::verify`] for a request made at `at_ms` (unix ms): a list whose date is
    /// more than [`STALE_AFTER_MS`] after the request is not used, nor DNS for a request
    /// more than that before [`Verifier::now_ms`]. What they would have decided is then
    /// Unverifiable, with the reason in the [`TimedVerdict`].
    pub fn verify_at(
        &self,
        registry: &Registry,
        id: CrawlerId,
        client_ip: IpAddr,
        at_ms: i64,
    ) -> TimedVerdict {
        self.verify_at_in(
            &self.lists_for(registry, id),
            registry,
            id,
            client_ip,
            at_ms,
        )
    }

    /// The loaded lists that vouch for crawler `id`: those of every crawler of its operator
    /// (the same `operator` text), its own first. What [`Verifier::verify_in`] and
    /// [`Verifier::verify_at_in`] search. A caller that verifies many requests finds them
    /// once per crawler rather than by name per request.
    pub fn lists_for(&self, registry: &Registry, id: CrawlerId) -> Vec<&RangeList> {
        let mut out: Vec<&RangeList> = Vec::new();
        for name in registry.operator_ranges(id) {
            if let Some(list) = self.lists.get(name)
                && !out.iter().any(|l| l.name == list.name)
            {
                out.push(list);
            }
        }
        // Older copies after the newest: each is used for the requests it is not too new for.
        let newest = out.len();
        for i in 0..newest {
            out.extend(self.older.get(&out[i].name).into_iter().flatten());
        }
        out
    }

    /// [`Verifier::verify`], given the crawler's lists from [`Verifier::lists_for`].
    pub fn verify_in(
        &self,
        lists: &[&RangeList],
        registry: &Registry,
        id: CrawlerId,
        client_ip: IpAddr,
    ) -> Verification {
        self.judge(lists, registry, id, client_ip, None).result
    }

    /// [`Verifier::verify_at`], given the crawler's lists from [`Verifier::lists_for`].
    pub fn verify_at_in(
        &self,
        lists: &[&RangeList],
        registry: &Registry,
        id: CrawlerId,
        client_ip: IpAddr,
        at_ms: i64,
    ) -> TimedVerdict {
        self.judge(lists, registry, id, client_ip, Some(at_ms))
    }

    fn judge(
        &self,
        lists: &[&RangeList],
        registry: &Registry,
        id: CrawlerId,
        client_ip: IpAddr,
        at_ms: Option<i64>,
    ) -> TimedVerdict {
        let crawler = registry.get(id);
        // Own lists that could say "spoofed", and the latest date of a list too new to be used.
        let mut checkable = false;
        let mut too_old: Option<i64> = None;
        // The latest date of the own lists that could say "spoofed" (`None` while any has no
        // date: its age is unknown).
        let mut own_date: Option<Option<i64>> = None;
        let too_new = |list: &RangeList| {
            at_ms.is_some_and(|at| list.date_ms.is_some() && list.too_new_for(at, STALE_AFTER_MS))
        };
        for list in lists {
            if !list.covers_family(client_ip) {
                continue;
            }
            if too_new(list) {
                // An older copy of the list that is not too new speaks for the request.
                let older_speaks = lists
                    .iter()
                    .any(|l| l.name == list.name && l.covers_family(client_ip) && !too_new(l));
                if let (false, Some(date)) = (older_speaks, list.date_ms) {
                    too_old = Some(too_old.map_or(date, |d| d.max(date)));
                }
                continue;
            }
            // Each request is judged by the newest copy of a list it is not too new for.
            if list.older_copy
                && lists
                    .iter()
                    .any(|l| l.name == list.name && l.date_ms > list.date_ms && !too_new(l))
            {
                continue;
            }
            if list.contains(client_ip) {
                return TimedVerdict::plain(Verification::Verified);
            }
            if crawler.verify.ip_ranges.contains(&list.name) {
                checkable = true;
                own_date = Some(match own_date {
                    None => list.date_ms,
                    Some(d) => d.zip(list.date_ms).map(|(a, b)| a.max(b)),
                });
            }
        }
        // No list holds a proxy's address: neither verified nor spoofed, and no DNS asked.
        if crate::net::internal_class(client_ip).is_some() {
            return TimedVerdict {
                internal: true,
                ..TimedVerdict::plain(Verification::Unverifiable)
            };
        }
        #[cfg_attr(not(feature = "net"), allow(unused_mut))]
        let mut dns_too_old = false;
        #[cfg(feature = "net")]
        if let Some(dns) = &self.dns
            && !crawler.verify.rdns_domains.is_empty()
        {
            // Reverse DNS tells who holds the address now, not then.
            if at_ms.is_some_and(|at| at < self.now_ms.saturating_sub(STALE_AFTER_MS)) {
                dns_too_old = true;
            } else {
                // A failure (no answer, an untrusted resolver) leaves the lists' verdict.
                let verdict = dns.check(client_ip, &crawler.verify.rdns_domains);
                if verdict != Verification::Unverifiable {
                    return TimedVerdict::plain(verdict);
                }
            }
        }
        if checkable && too_old.is_none() {
            let old = own_date
                .flatten()
                .filter(|&date| at_ms.is_some_and(|at| date < at.saturating_sub(STALE_AFTER_MS)));
            TimedVerdict {
                spoofed_by_old_lists: old,
                ..TimedVerdict::plain(Verification::Spoofed)
            }
        } else {
            TimedVerdict {
                result: Verification::Unverifiable,
                ranges_too_old: too_old,
                dns_too_old,
                spoofed_by_old_lists: None,
                internal: false,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIST: &str = r#"{"creationTime": "2026-01-01T00:00:00.000000", "syncToken": "1",
        "prefixes": [{"ipv4Prefix": "10.0.0.0/24"}, {"ipv4Prefix": "10.0.1.0/24"},
                     {"ipv4Prefix": "192.0.2.7/32"}, {"ipv6Prefix": "2001:db8::/32"},
                     {"ipv4Prefix": "10.0.0.128/25"}]}"#;

    #[test]
    fn lookups() {
        let l = RangeList::from_json("t", LIST).expect("valid");
        assert_eq!(
            l.v4,
            vec![(0x0a00_0000, 0x0a00_01ff), (0xc000_0207, 0xc000_0207)]
        );
        for (ip, inside) in [
            ("10.0.0.0", true),
            ("10.0.1.255", true),
            ("10.0.2.0", false),
            ("9.255.255.255", false),
            ("192.0.2.7", true),
            ("192.0.2.8", false),
            ("::ffff:10.0.0.5", true),
            ("2001:db8:ffff::1", true),
            ("2001:db9::1", false),
            ("::", false),
        ] {
            let ip: IpAddr = ip.parse().expect("test address");
            assert_eq!(l.contains(ip), inside, "{ip}");
        }
        assert_eq!(l.creation_time(), Some("2026-01-01T00:00:00.000000"));
        assert_eq!(l.prefix_count(), 5);
    }

    #[test]
    fn bad_lists() {
        for json in [
            r#"{"prefixes": [{"ipv4Prefix": "10.0.0.0/33"}]}"#,
            r#"{"prefixes": [{"ipv4Prefix": "10.0.0/24"}]}"#,
            r#"{"prefixes": [{"ipv6Prefix": "2001:db8::"}]}"#,
            r#"{"nope": []}"#,
            "not json",
        ] {
            let e = RangeList::from_json("bad", json).expect_err(json);
            assert_eq!(e.kind(), ErrorKind::Ranges);
            assert_eq!(e.entry(), Some("bad"));
        }
        let all = RangeList::from_json(
            "all",
            r#"{"prefixes": [{"ipv4Prefix": "0.0.0.0/0"}, {"ipv6Prefix": "::/0"}]}"#,
        )
        .expect("valid");
        assert!(all.contains("255.255.255.255".parse().expect("addr")));
        assert!(all.contains("ffff::1".parse().expect("addr")));
    }

    #[test]
    fn creation_times_in_the_published_shapes() {
        let day = 86_400_000;
        let base = 20_551 * day; // 2026-04-08T00:00:00Z
        for (text, want) in [
            // Google's lists: no offset, microseconds (UTC).
            ("2026-04-08T15:46:47.000000", Some(base + 56_807_000)),
            ("2026-04-08T15:46:47+00:00", Some(base + 56_807_000)),
            ("2026-04-08T17:46:47+02:00", Some(base + 56_807_000)),
            ("2026-04-08T15:46:47.0000000Z", Some(base + 56_807_000)),
            ("2026-04-08", Some(base)),
            (" 2026-04-08 ", Some(base)),
            ("yesterday", None),
            ("", None),
        ] {
            assert_eq!(parse_creation_time(text), want, "{text:?}");
        }
        let l = RangeList::from_json("t", LIST).expect("valid");
        assert_eq!(l.date_ms(), parse_creation_time("2026-01-01T00:00:00Z"));
        let undated = RangeList::from_json("u", r#"{"prefixes": []}"#).expect("valid");
        assert_eq!(undated.date_ms(), None);
        assert!(
            !undated.too_new_for(0, STALE_AFTER_MS),
            "an undated list judges any age"
        );
        assert_eq!(undated.with_date_ms(Some(5)).date_ms(), Some(5));
    }

    #[test]
    fn bundled_lists_parse() {
        let v = Verifier::bundled();
        assert_eq!(v.lists().count(), BUNDLED.len());
        for l in v.lists() {
            assert!(l.prefix_count() > 0, "{}", l.name());
            assert!(l.creation_time().is_some(), "{}", l.name());
            assert!(l.date_ms().is_some(), "{}", l.name());
        }
    }
}
