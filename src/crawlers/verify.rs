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

use std::collections::BTreeMap;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::path::Path;
use std::sync::Arc;

use serde::Deserialize;

use super::{CrawlerId, DnsVerifier, ErrorKind, Registry, RegistryError};

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

/// The outcome of verifying a client address against a crawler's published ranges.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VerifyResult {
    /// The address is in the ranges the operator publishes for this crawler.
    Verified,
    /// The operator publishes ranges for this crawler's address family and the address is in
    /// none of them.
    Spoofed,
    /// Nothing to check against: the operator publishes no ranges (or none for this address
    /// family), or the list is not loaded.
    Unverifiable,
}

impl VerifyResult {
    /// `"verified"`, `"spoofed"` or `"unverifiable"`.
    pub fn as_str(self) -> &'static str {
        match self {
            VerifyResult::Verified => "verified",
            VerifyResult::Spoofed => "spoofed",
            VerifyResult::Unverifiable => "unverifiable",
        }
    }
}

/// One published range list, as sorted, merged, inclusive intervals.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RangeList {
    name: String,
    creation_time: Option<String>,
    prefixes: usize,
    v4: Vec<(u32, u32)>,
    v6: Vec<(u128, u128)>,
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
            creation_time: doc.creation_time,
            prefixes: doc.prefixes.len(),
            v4: merge(v4),
            v6: merge(v6),
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

/// IPv4-mapped IPv6 addresses (`::ffff:1.2.3.4`, as dual-stack servers log them) as IPv4.
fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(a) => a.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        v4 => v4,
    }
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

/// Checks client addresses against published crawler IP ranges. `Send + Sync`.
///
/// ```
/// use robots_audit::crawlers::{Registry, Verifier, VerifyResult};
///
/// let (registry, verifier) = (Registry::builtin(), Verifier::bundled());
/// let googlebot = registry.by_name("Googlebot").expect("built in");
/// let check = |ip: &str| verifier.verify(&registry, googlebot, ip.parse().expect("an address"));
/// assert_eq!(check("66.249.66.1"), VerifyResult::Verified);
/// assert_eq!(check("203.0.113.9"), VerifyResult::Spoofed);
/// let claude = registry.by_name("ClaudeBot").expect("built in");
/// assert_eq!(verifier.verify(&registry, claude, "203.0.113.9".parse().expect("an address")), VerifyResult::Unverifiable);
/// ```
#[derive(Clone, Debug)]
pub struct Verifier {
    lists: BTreeMap<String, RangeList>,
    /// Forward-confirmed reverse DNS, when enabled (`--verify-dns`).
    dns: Option<Arc<DnsVerifier>>,
}

impl Verifier {
    /// The snapshots compiled into the binary (dates: [`RangeList::creation_time`]).
    pub fn bundled() -> Verifier {
        let lists = BUNDLED
            .iter()
            .map(|&(name, json)| {
                // The bundled files are parsed by the `bundled_lists_parse` test.
                let list = RangeList::from_json(name, json).expect("bundled range lists are valid");
                (name.to_owned(), list)
            })
            .collect();
        Verifier { lists, dns: None }
    }

    /// This verifier, also checking by forward-confirmed reverse DNS the crawlers that
    /// publish rDNS domains (see [`Verifier::verify`]).
    pub fn with_dns(self, dns: DnsVerifier) -> Verifier {
        self.with_shared_dns(Arc::new(dns))
    }

    /// [`Verifier::with_dns`] with a resolver (and its cache) shared with other verifiers.
    pub fn with_shared_dns(mut self, dns: Arc<DnsVerifier>) -> Verifier {
        self.dns = Some(dns);
        self
    }

    /// The DNS verifier, if DNS checks are on (for its [`DnsVerifier::stats`]).
    pub fn dns(&self) -> Option<&DnsVerifier> {
        self.dns.as_deref()
    }

    /// The bundled snapshots, overridden by every `NAME.json` in `dir` (fresh copies saved by
    /// `update-ranges`; `NAME` is the registry's list name). Other files are ignored.
    pub fn with_range_dir(dir: &Path) -> Result<Verifier, RegistryError> {
        let mut verifier = Verifier::bundled();
        let io = |e: std::io::Error, p: &Path| {
            RegistryError::new(ErrorKind::Io, e.to_string()).with_path(p)
        };
        let mut paths: Vec<_> = std::fs::read_dir(dir)
            .map_err(|e| io(e, dir))?
            .map(|entry| entry.map(|e| e.path()))
            .collect::<Result<_, _>>()
            .map_err(|e| io(e, dir))?;
        paths.sort();
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
            let list = RangeList::from_json(name, &json).map_err(|e| e.with_path(&path))?;
            verifier.lists.insert(name.to_owned(), list);
        }
        Ok(verifier)
    }

    /// Adds or replaces one list.
    pub fn insert(&mut self, list: RangeList) {
        self.lists.insert(list.name.clone(), list);
    }

    /// The list called `name`, if loaded.
    pub fn list(&self, name: &str) -> Option<&RangeList> {
        self.lists.get(name)
    }

    /// All loaded lists, by name.
    pub fn lists(&self) -> impl Iterator<Item = &RangeList> {
        self.lists.values()
    }

    /// Is `client_ip` one of the addresses the crawler's operator publishes?
    ///
    /// Verified if it is in any of the crawler's lists. Outside them, a crawler with
    /// `rdns_domains` gets the DNS verdict when DNS checks are on ([`DnsVerifier::check`]:
    /// a DNS failure is Unverifiable, never Spoofed). Otherwise Spoofed if at least one of
    /// its lists is loaded and has prefixes of the address's family, and none holds it;
    /// Unverifiable otherwise (no published ranges, or rDNS only without DNS checks).
    pub fn verify(&self, registry: &Registry, id: CrawlerId, client_ip: IpAddr) -> VerifyResult {
        self.verify_in(&self.lists_for(registry, id), registry, id, client_ip)
    }

    /// The loaded lists of crawler `id`: what [`Verifier::verify_in`] searches. A caller that
    /// verifies many requests finds them once per crawler rather than by name per request.
    pub fn lists_for(&self, registry: &Registry, id: CrawlerId) -> Vec<&RangeList> {
        registry
            .get(id)
            .verify
            .ip_ranges
            .iter()
            .filter_map(|name| self.lists.get(name))
            .collect()
    }

    /// [`Verifier::verify`], given the crawler's lists from [`Verifier::lists_for`].
    pub fn verify_in(
        &self,
        lists: &[&RangeList],
        registry: &Registry,
        id: CrawlerId,
        client_ip: IpAddr,
    ) -> VerifyResult {
        let mut checkable = false;
        for list in lists {
            if list.contains(client_ip) {
                return VerifyResult::Verified;
            }
            checkable |= list.covers_family(client_ip);
        }
        let domains = &registry.get(id).verify.rdns_domains;
        if let Some(dns) = &self.dns
            && !domains.is_empty()
        {
            return dns.check(client_ip, domains);
        }
        if checkable {
            VerifyResult::Spoofed
        } else {
            VerifyResult::Unverifiable
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
    fn bundled_lists_parse() {
        let v = Verifier::bundled();
        assert_eq!(v.lists().count(), BUNDLED.len());
        for l in v.lists() {
            assert!(l.prefix_count() > 0, "{}", l.name());
            assert!(l.creation_time().is_some(), "{}", l.name());
        }
    }
}
