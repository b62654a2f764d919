//! Crawler verification by forward-confirmed reverse DNS (FCrDNS), as Google, Bing, Yandex,
//! Apple and others document it: the PTR name of the client address must lie in one of the
//! operator's domains (`crawl-66-249-66-1.googlebot.com` in `googlebot.com`), and a forward
//! lookup of that name must give the client address back.
//!
//! Takes a client address and the crawler's `rdns_domains`; gives a [`Verification`]. A DNS
//! failure (timeout, SERVFAIL, REFUSED, no server) is never taken for spoofing: it gives
//! [`Verification::Unverifiable`]. An address without any PTR record (NXDOMAIN or an empty
//! answer) is [`Verification::Spoofed`]: every operator that documents rDNS verification
//! gives all its crawler addresses a PTR name, so a claimed crawler without one is not theirs.
//!
//! A "no name" answer is evidence only from a resolver that answers public reverse zones: one
//! that knows only internal names (split-horizon DNS) answers NXDOMAIN for every address,
//! and would turn every genuine crawler into a spoofer. So before its first verdict the
//! verifier asks, once per run, for the names of a few crawler addresses whose PTR names
//! their operators document ([`CANARIES`]). If none comes back in its operator's domain, the
//! resolver is not trusted for the run: every check is Unverifiable, nothing more is asked,
//! and [`DnsStats::untrusted`] says why.
//!
//! Each address is looked up once per run, whatever the number of threads asking (the first
//! caller queries, concurrent callers for the same address wait for it: the fetch store's
//! once-per-key pattern), and each of its PTR names is looked up forward at most once, only
//! when it lies in a domain some crawler asked about. The resolver is hickory's, pure Rust, on
//! a small tokio runtime of its own; a semaphore bounds the queries in flight.

use std::fmt;
use std::net::{IpAddr, Ipv4Addr};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use dashmap::DashMap;
use hickory_resolver::TokioResolver;
use hickory_resolver::config::{
    ConnectionConfig, NameServerConfig, ResolveHosts, ResolverConfig, ResolverOpts,
};
use hickory_resolver::net::NetError;
use hickory_resolver::net::runtime::TokioRuntimeProvider;

use crate::net::Permits;
use hickory_resolver::proto::rr::{Name, RData};

use super::{DnsOptions, DnsTally, Verification};

/// At most this many PTR names of one address are looked up forward (a genuine crawler
/// address has one).
pub const MAX_FORWARD_NAMES: usize = 4;

/// DNS verification could not be set up.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum DnsError {
    /// The system's resolver configuration could not be read, or the resolver not built.
    #[error("cannot set up DNS resolution: {0}")]
    Resolver(String),
    /// The runtime the resolver runs on could not be started.
    #[error("cannot start the DNS runtime: {0}")]
    Runtime(#[source] std::io::Error),
    /// `nameservers` is `Some` but empty.
    #[error("no DNS server given")]
    NoServer,
}

/// A crawler address whose PTR name its operator documents, in the page that explains how
/// to verify the crawler: a resolver that answers public reverse zones gives it a name in
/// `domain`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Canary {
    /// Who documents it.
    pub operator: &'static str,
    /// The address.
    pub address: Ipv4Addr,
    /// Its name, as documented.
    pub name: &'static str,
    /// The operator's domain the name lies in (an answer anywhere in it counts: the operator
    /// may renumber).
    pub domain: &'static str,
    /// Where it is documented.
    pub source: &'static str,
}

/// The addresses asked about before DNS is trusted: the examples of the operators' own
/// verification instructions, in three independent zones.
pub const CANARIES: &[Canary] = &[
    Canary {
        operator: "Google",
        address: Ipv4Addr::new(66, 249, 66, 1),
        name: "crawl-66-249-66-1.googlebot.com",
        domain: "googlebot.com",
        source: "https://developers.google.com/search/docs/crawling-indexing/verifying-googlebot",
    },
    Canary {
        operator: "Microsoft",
        address: Ipv4Addr::new(157, 55, 33, 18),
        name: "msnbot-157-55-33-18.search.msn.com",
        domain: "search.msn.com",
        source: "https://www.bing.com/webmasters/help/how-to-verify-bingbot-3905dc26",
    },
    Canary {
        operator: "Apple",
        address: Ipv4Addr::new(17, 58, 101, 179),
        name: "17-58-101-179.applebot.apple.com",
        domain: "applebot.apple.com",
        source: "https://support.apple.com/en-us/119829",
    },
];

/// What the resolver said about one [`Canary`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CanaryAnswer {
    /// A name in the canary's domain: the resolver answers public reverse zones.
    Named,
    /// No name at all (NXDOMAIN or an empty answer).
    NoName,
    /// Names, none in the canary's domain: the first (as the resolver gave it, at most 255
    /// bytes; data from the network, to be sanitised before it is printed).
    Elsewhere(String),
    /// No usable answer (timeout, SERVFAIL, REFUSED, no server).
    Failed,
}

/// Why a run did not trust DNS: what the resolver said about each [`Canary`] (none was
/// [`CanaryAnswer::Named`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Untrusted {
    /// Each canary with its answer, in [`CANARIES`] order.
    pub answers: Vec<(Canary, CanaryAnswer)>,
}

impl Untrusted {
    /// True if the resolver answered none of the canaries at all (unreachable, or refusing),
    /// rather than answering them wrong.
    pub fn unanswered(&self) -> bool {
        self.answers.iter().all(|(_, a)| *a == CanaryAnswer::Failed)
    }
}

impl fmt::Display for Untrusted {
    /// `the resolver has no name for 66.249.66.1, 157.55.33.18 or 17.58.101.179, crawler
    /// addresses whose names Google, Microsoft and Apple document`, or each canary's answer.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let all = |want: &CanaryAnswer| self.answers.iter().all(|(_, a)| a == want);
        let list = |parts: Vec<String>, and: &str| match parts.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} {and} {last}", rest.join(", ")),
            _ => parts.concat(),
        };
        if self.unanswered() {
            return write!(f, "the resolver did not answer");
        }
        if all(&CanaryAnswer::NoName) {
            let each = |part: fn(&Canary) -> String, and: &str| {
                list(self.answers.iter().map(|(c, _)| part(c)).collect(), and)
            };
            let addresses = each(|c| c.address.to_string(), "or");
            let operators = each(|c| c.operator.to_string(), "and");
            return write!(
                f,
                "the resolver has no name for {addresses}, crawler addresses whose names \
                 {operators} document"
            );
        }
        write!(
            f,
            "the resolver did not give documented crawler addresses their names: "
        )?;
        for (i, (canary, answer)) in self.answers.iter().enumerate() {
            if i > 0 {
                write!(f, "; ")?;
            }
            write!(
                f,
                "{} ({}'s {}) ",
                canary.address, canary.operator, canary.name
            )?;
            match answer {
                CanaryAnswer::Named => write!(f, "named"),
                CanaryAnswer::NoName => write!(f, "has no name"),
                CanaryAnswer::Elsewhere(name) => write!(f, "is {name}"),
                CanaryAnswer::Failed => write!(f, "got no answer"),
            }?;
        }
        Ok(())
    }
}

/// Counters of what DNS verification did in a run, for the summary on standard error.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DnsStats {
    /// PTR queries made (one per distinct address checked).
    pub ptr_queries: u64,
    /// A/AAAA queries made (one per distinct (address, PTR name in a crawler's domain)).
    pub forward_queries: u64,
    /// Queries that failed (timeout, SERVFAIL, …): their addresses were unverifiable.
    pub failures: u64,
    /// DNS was declared unreachable after `GIVE_UP_AFTER` (8) failures in a row.
    pub gave_up: bool,
    /// Set when the resolver failed the [`CANARIES`] check: every DNS verdict of the run was
    /// Unverifiable and nothing else was asked. The canaries' own queries are not counted
    /// above.
    pub untrusted: Option<Untrusted>,
}

/// The PTR names of one address: `Err` when the lookup failed.
type PtrAnswer = Result<Vec<PtrName>, Failure>;

/// A query that got no usable answer (timeout, SERVFAIL, REFUSED, no server reachable).
#[derive(Clone, Debug)]
struct Failure;

struct PtrName {
    name: Name,
    /// Does the forward lookup of `name` give the address back? Looked up on first need.
    forward: OnceLock<Result<bool, Failure>>,
}

/// Forward-confirmed reverse DNS checks with a per-address cache. `Send + Sync`: share it
/// between the audit's workers (it is normally held by a [`super::Verifier`], see
/// [`super::Verifier::with_dns`]).
pub struct DnsVerifier {
    runtime: tokio::runtime::Runtime,
    resolver: TokioResolver,
    cache: DashMap<IpAddr, Arc<OnceLock<Arc<PtrAnswer>>>, foldhash::fast::RandomState>,
    permits: Permits,
    /// Bounds one lookup, retries and servers included, should the resolver not.
    deadline: Duration,
    ptr_queries: AtomicU64,
    forward_queries: AtomicU64,
    failures: AtomicU64,
    /// Failed lookups since the last answer (any answer, NXDOMAIN included).
    consecutive_failures: AtomicU64,
    /// Set once [`GIVE_UP_AFTER`] lookups in a row failed: DNS is unreachable, and every
    /// later lookup fails at once instead of waiting out its timeout.
    gave_up: AtomicBool,
    /// Whether the resolver answers public reverse zones ([`CANARIES`]), asked on the first
    /// check.
    trust: OnceLock<Result<(), Untrusted>>,
    /// The counters already handed out by [`DnsVerifier::take_tally`] (PTR, forward,
    /// failures).
    taken: Mutex<[u64; 3]>,
}

/// Consecutive failed lookups after which DNS counts as unreachable for the rest of the run
/// (a dead server must not make a nightly audit wait a timeout per address).
pub const GIVE_UP_AFTER: u64 = 8;

impl fmt::Debug for DnsVerifier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DnsVerifier")
            .field("cached_addresses", &self.cache.len())
            .field("stats", &self.stats())
            .finish_non_exhaustive()
    }
}

impl DnsVerifier {
    /// Builds the resolver (reading the system's configuration when `nameservers` is
    /// `None`). Sends nothing.
    pub fn new(opts: DnsOptions) -> Result<DnsVerifier, DnsError> {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(DnsError::Runtime)?;
        let _context = runtime.enter();
        let (config, mut options) = match &opts.nameservers {
            None => hickory_resolver::system_conf::read_system_conf()
                .map_err(|e| DnsError::Resolver(e.to_string()))?,
            Some(list) if list.is_empty() => return Err(DnsError::NoServer),
            Some(list) => {
                let servers = list
                    .iter()
                    .map(|addr| {
                        let connections = [ConnectionConfig::udp(), ConnectionConfig::tcp()]
                            .into_iter()
                            .map(|mut c| {
                                c.port = addr.port();
                                c
                            })
                            .collect();
                        NameServerConfig::new(addr.ip(), true, connections)
                    })
                    .collect();
                (
                    ResolverConfig::from_parts(None, Vec::new(), servers),
                    ResolverOpts::default(),
                )
            }
        };
        let servers = config.name_servers().len();
        options.timeout = opts.timeout;
        options.attempts = opts.attempts.max(1);
        // PTR and forward answers come from DNS alone: a hosts file is no operator's word.
        options.use_hosts_file = ResolveHosts::Never;
        // Names are looked up fully qualified; no search list applies.
        options.ndots = 0;
        let resolver = TokioResolver::builder_with_config(config, TokioRuntimeProvider::default())
            .with_options(options)
            .build()
            .map_err(|e| DnsError::Resolver(e.to_string()))?;
        let attempts = u32::try_from(opts.attempts.max(1)).unwrap_or(u32::MAX);
        let servers = u32::try_from(servers.max(1)).unwrap_or(u32::MAX);
        let deadline = opts
            .timeout
            .saturating_mul(attempts.saturating_mul(servers).saturating_add(1));
        Ok(DnsVerifier {
            runtime,
            resolver,
            cache: DashMap::default(),
            permits: Permits::new(opts.concurrency.max(1)),
            deadline,
            ptr_queries: AtomicU64::new(0),
            forward_queries: AtomicU64::new(0),
            failures: AtomicU64::new(0),
            consecutive_failures: AtomicU64::new(0),
            gave_up: AtomicBool::new(false),
            trust: OnceLock::new(),
            taken: Mutex::new([0; 3]),
        })
    }

    /// Is `ip` a host of one of `domains` by forward-confirmed reverse DNS?
    ///
    /// Verified: a PTR name of `ip` equals one of `domains` or ends with `.` and one of them
    /// (label boundary, case-insensitive), and its A (IPv4) or AAAA (IPv6) records hold `ip`.
    /// Spoofed: no PTR record, no PTR name in the domains, or none of the first
    /// [`MAX_FORWARD_NAMES`] such names has forward records holding `ip`. Unverifiable: a
    /// lookup failed and nothing confirmed, `domains` is empty, or the resolver is not trusted
    /// (it gave none of the [`CANARIES`] its documented name; asked on the first check).
    ///
    /// Blocks the calling thread while it queries (the first time for an address); call it
    /// from worker threads, not from inside an async runtime.
    pub fn check(&self, ip: IpAddr, domains: &[String]) -> Verification {
        if domains.is_empty() || self.trust().is_err() {
            return Verification::Unverifiable;
        }
        let ip = crate::net::client_ip(ip);
        let answer = self.ptr(ip);
        let Ok(names) = answer.as_ref() else {
            return Verification::Unverifiable;
        };
        let mut failed = false;
        let in_domains = names
            .iter()
            .filter(|ptr| domains.iter().any(|d| in_domain(&ptr.name, d)));
        // A hostile reverse zone could list thousands of names in the crawler's domain, each
        // costing a forward query: only the first few are tried.
        for ptr in in_domains.take(MAX_FORWARD_NAMES) {
            match ptr.forward.get_or_init(|| self.forward(&ptr.name, ip)) {
                Ok(true) => return Verification::Verified,
                Ok(false) => {}
                Err(Failure) => failed = true,
            }
        }
        if failed {
            Verification::Unverifiable
        } else {
            Verification::Spoofed
        }
    }

    /// What was done so far.
    pub fn stats(&self) -> DnsStats {
        DnsStats {
            ptr_queries: self.ptr_queries.load(Ordering::Relaxed),
            forward_queries: self.forward_queries.load(Ordering::Relaxed),
            failures: self.failures.load(Ordering::Relaxed),
            gave_up: self.gave_up.load(Ordering::Relaxed),
            untrusted: self.trust.get().and_then(|t| t.as_ref().err().cloned()),
        }
    }

    /// What was done since the last call (the first call: since the start), as plain data
    /// that travels in a partial result: its counters sum over partials to the run's.
    pub fn take_tally(&self) -> DnsTally {
        let mut taken = self.taken.lock().unwrap_or_else(|e| e.into_inner());
        let stats = self.stats();
        let now = [stats.ptr_queries, stats.forward_queries, stats.failures];
        let [ptr, forward, failures] = [0, 1, 2].map(|i| now[i].saturating_sub(taken[i]));
        *taken = now;
        DnsTally {
            ptr_queries: ptr,
            forward_queries: forward,
            failures,
            gave_up: stats.gave_up,
            untrusted: stats.untrusted.map(|u| (u.to_string(), u.unanswered())),
        }
    }

    /// Does the resolver answer public reverse zones? Asked once, on the first call.
    fn trust(&self) -> &Result<(), Untrusted> {
        self.trust.get_or_init(|| {
            let answers = self.ask_canaries();
            if answers.iter().any(|(_, a)| *a == CanaryAnswer::Named) {
                Ok(())
            } else {
                Err(Untrusted { answers })
            }
        })
    }

    /// The PTR names of the [`CANARIES`], asked all at once.
    fn ask_canaries(&self) -> Vec<(Canary, CanaryAnswer)> {
        let deadline = self.deadline;
        let mut answers: Vec<(Canary, CanaryAnswer)> = CANARIES
            .iter()
            .map(|&c| (c, CanaryAnswer::Failed))
            .collect();
        self.runtime.block_on(async {
            let mut queries = tokio::task::JoinSet::new();
            for (i, canary) in CANARIES.iter().enumerate() {
                let resolver = self.resolver.clone();
                let address = IpAddr::V4(canary.address);
                queries.spawn(async move {
                    let answer = tokio::time::timeout(
                        deadline,
                        resolver.reverse_lookup(Name::from(address)),
                    )
                    .await;
                    (i, answer)
                });
            }
            while let Some(done) = queries.join_next().await {
                let (i, answer) = match done {
                    Ok(done) => done,
                    // A query task that panicked leaves its canary Failed.
                    Err(_) => continue,
                };
                let domain = CANARIES[i].domain;
                answers[i].1 = match answer {
                    Ok(Ok(lookup)) => {
                        let names: Vec<&Name> = lookup
                            .answers()
                            .iter()
                            .filter_map(|r| match &r.data {
                                RData::PTR(ptr) => Some(&ptr.0),
                                _ => None,
                            })
                            .collect();
                        if names.iter().any(|n| in_domain(n, domain)) {
                            CanaryAnswer::Named
                        } else {
                            match names.first() {
                                Some(name) => CanaryAnswer::Elsewhere(name.to_ascii()),
                                None => CanaryAnswer::NoName,
                            }
                        }
                    }
                    Ok(Err(e)) if e.is_no_records_found() => CanaryAnswer::NoName,
                    Ok(Err(_)) | Err(_) => CanaryAnswer::Failed,
                };
            }
        });
        answers
    }

    /// The PTR names of `ip`, looked up once per run.
    fn ptr(&self, ip: IpAddr) -> Arc<PtrAnswer> {
        let slot = match self.cache.get(&ip) {
            Some(slot) => {
                // The common case once warm: answered, one clone under the shard's read lock.
                if let Some(answer) = slot.get() {
                    return Arc::clone(answer);
                }
                Arc::clone(&slot)
            }
            None => Arc::clone(&self.cache.entry(ip).or_default()),
        };
        // The map's shard lock is released above; only this address's callers wait here.
        Arc::clone(slot.get_or_init(|| Arc::new(self.lookup_ptr(ip))))
    }

    fn lookup_ptr(&self, ip: IpAddr) -> PtrAnswer {
        if self.gave_up.load(Ordering::Relaxed) {
            return Err(Failure);
        }
        self.ptr_queries.fetch_add(1, Ordering::Relaxed);
        let lookup = self.run(self.resolver.reverse_lookup(Name::from(ip)));
        match lookup {
            Ok(lookup) => Ok(lookup
                .answers()
                .iter()
                .filter_map(|r| match &r.data {
                    RData::PTR(ptr) => Some(PtrName {
                        name: ptr.0.clone(),
                        forward: OnceLock::new(),
                    }),
                    _ => None,
                })
                .collect()),
            // NXDOMAIN or an empty answer: the address has no name.
            Err(Some(e)) if e.is_no_records_found() => Ok(Vec::new()),
            Err(_) => Err(self.failed()),
        }
    }

    /// Do the A or AAAA records of `name` (the family of `ip`) hold `ip`?
    fn forward(&self, name: &Name, ip: IpAddr) -> Result<bool, Failure> {
        if self.gave_up.load(Ordering::Relaxed) {
            return Err(Failure);
        }
        self.forward_queries.fetch_add(1, Ordering::Relaxed);
        let mut fqdn = name.clone();
        fqdn.set_fqdn(true);
        let lookup = match ip {
            IpAddr::V4(_) => self.run(self.resolver.ipv4_lookup(fqdn)),
            IpAddr::V6(_) => self.run(self.resolver.ipv6_lookup(fqdn)),
        };
        match lookup {
            Ok(lookup) => Ok(lookup.answers().iter().any(|r| match &r.data {
                RData::A(a) => IpAddr::V4(a.0) == ip,
                RData::AAAA(a) => IpAddr::V6(a.0) == ip,
                _ => false,
            })),
            // The operator's zone says the name does not exist (or has no address).
            Err(Some(e)) if e.is_no_records_found() => Ok(false),
            Err(_) => Err(self.failed()),
        }
    }

    /// Runs one query under a permit and the deadline; `Err(None)` if the deadline passed.
    fn run<T>(
        &self,
        query: impl Future<Output = Result<T, NetError>>,
    ) -> Result<T, Option<NetError>> {
        let _permit = self.permits.acquire();
        let answer = self
            .runtime
            .block_on(async { tokio::time::timeout(self.deadline, query).await })
            .map_err(|_elapsed| None)?;
        // NXDOMAIN is an answer too: the server is there.
        if answer.is_ok() || answer.as_ref().is_err_and(NetError::is_no_records_found) {
            self.consecutive_failures.store(0, Ordering::Relaxed);
        }
        answer.map_err(Some)
    }

    fn failed(&self) -> Failure {
        self.failures.fetch_add(1, Ordering::Relaxed);
        if self.consecutive_failures.fetch_add(1, Ordering::Relaxed) + 1 >= GIVE_UP_AFTER {
            self.gave_up.store(true, Ordering::Relaxed);
        }
        Failure
    }
}

/// Is `name` equal to `domain` or below it, comparing whole labels case-insensitively? A
/// label holding a dot (`googlebot.com` as one label) matches nothing, and
/// `googlebot.com.evil.example` is not in `googlebot.com`.
fn in_domain(name: &Name, domain: &str) -> bool {
    let domain = domain.trim_matches('.');
    if domain.is_empty() {
        return false;
    }
    let mut labels = name.iter().rev();
    for want in domain.rsplit('.') {
        match labels.next() {
            Some(label) if label.eq_ignore_ascii_case(want.as_bytes()) => {}
            _ => return false,
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(s: &str) -> Name {
        Name::from_ascii(s).expect("test name")
    }

    #[test]
    fn domains_match_at_label_boundaries() {
        for (n, d, yes) in [
            ("crawl-66-249-66-1.googlebot.com.", "googlebot.com", true),
            ("CRAWL-1.GoogleBot.COM.", "googlebot.com", true),
            ("googlebot.com.", "googlebot.com", true),
            ("googlebot.com", "googlebot.com", true),
            ("x.googlebot.com.", ".googlebot.com", true),
            ("notgooglebot.com.", "googlebot.com", false),
            ("googlebot.com.evil.example.", "googlebot.com", false),
            ("com.", "googlebot.com", false),
            ("a.googlebot\\.com.", "googlebot.com", false),
            ("a.b.search.msn.com.", "search.msn.com", true),
            ("a.msn.com.", "search.msn.com", false),
            ("x.googlebot.com.", "", false),
        ] {
            assert_eq!(in_domain(&name(n), d), yes, "{n} in {d}");
        }
    }

    #[test]
    fn empty_server_list_is_an_error() {
        let opts = DnsOptions {
            nameservers: Some(Vec::new()),
            ..DnsOptions::default()
        };
        assert!(matches!(DnsVerifier::new(opts), Err(DnsError::NoServer)));
    }
}
