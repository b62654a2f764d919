//! Forward-confirmed reverse DNS against a DNS server in this process.
//!
//! The server binds UDP 127.0.0.1:0 and answers PTR, A and AAAA queries from a table (or
//! not at all, or SERVFAIL), counting every query it gets. Every resolver here is given that
//! server explicitly (`DnsOptions::nameservers`), so no test reads the system's resolver
//! configuration or sends a packet anywhere but loopback. Unless a test says otherwise, the
//! server answers the canaries (the crawler addresses whose names their operators document)
//! as a resolver of public names does, so that it is trusted.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr, UdpSocket};
use std::sync::{Arc, Barrier, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use hickory_resolver::proto::op::{Message, MessageType, OpCode, ResponseCode};
use hickory_resolver::proto::rr::rdata::{A, AAAA, PTR};
use hickory_resolver::proto::rr::{Name, RData, Record, RecordType};
use robots_audit::crawlers::{
    CANARIES, CanaryAnswer, DnsOptions, DnsVerifier, MAX_FORWARD_NAMES, Registry, STALE_AFTER_MS,
    Verification, Verifier,
};

/// What the server does for one (name, type).
#[derive(Clone)]
enum Answer {
    Ptr(Vec<String>),
    Addrs(Vec<String>),
    NxDomain,
    ServFail,
    /// No answer at all: the client times out.
    Drop,
}

fn ptr(names: &[&str]) -> Answer {
    Answer::Ptr(names.iter().map(|n| n.to_string()).collect())
}

fn addrs(addrs: &[&str]) -> Answer {
    Answer::Addrs(addrs.iter().map(|a| a.to_string()).collect())
}

type Table = HashMap<(String, RecordType), Answer>;

struct DnsServer {
    addr: SocketAddr,
    queries: Arc<Mutex<HashMap<(String, RecordType), usize>>>,
    /// Some query goes unanswered (an [`Answer::Drop`]): its timeout is part of the test.
    drops: bool,
}

/// The reverse name of a canary, `1.66.249.66.in-addr.arpa`.
fn reverse(address: std::net::Ipv4Addr) -> String {
    let [a, b, c, d] = address.octets();
    format!("{d}.{c}.{b}.{a}.in-addr.arpa")
}

impl DnsServer {
    /// Serves `table` (names lower case, without the final dot) and the canaries' documented
    /// names; a name not in it is NXDOMAIN. The thread ends with the test process.
    fn start(entries: &[(&str, RecordType, Answer)]) -> DnsServer {
        let canaries: Vec<(String, RecordType, Answer)> = CANARIES
            .iter()
            .map(|c| (reverse(c.address), PTR_, ptr(&[&format!("{}.", c.name)])))
            .collect();
        let mut all: Vec<(&str, RecordType, Answer)> = canaries
            .iter()
            .map(|(n, t, a)| (n.as_str(), *t, a.clone()))
            .collect();
        all.extend(entries.iter().cloned());
        DnsServer::start_bare(&all)
    }

    /// Serves `table` alone: canaries get whatever it says (NXDOMAIN if it has no entry).
    fn start_bare(entries: &[(&str, RecordType, Answer)]) -> DnsServer {
        let table: Table = entries
            .iter()
            .map(|(n, t, a)| ((n.to_string(), *t), a.clone()))
            .collect();
        let drops = entries.iter().any(|e| matches!(e.2, Answer::Drop));
        let socket = UdpSocket::bind("127.0.0.1:0").expect("bind 127.0.0.1:0");
        let addr = socket.local_addr().expect("local addr");
        let queries = Arc::new(Mutex::new(HashMap::new()));
        let counter = Arc::clone(&queries);
        thread::spawn(move || {
            let mut buf = [0u8; 4096];
            loop {
                let Ok((len, peer)) = socket.recv_from(&mut buf) else {
                    continue;
                };
                let Ok(request) = Message::from_vec(&buf[..len]) else {
                    continue;
                };
                let Some(query) = request.queries.first().cloned() else {
                    continue;
                };
                let name = query.name().to_ascii().trim_end_matches('.').to_lowercase();
                let key = (name, query.query_type());
                *counter
                    .lock()
                    .expect("counter")
                    .entry(key.clone())
                    .or_insert(0) += 1;
                let mut response =
                    Message::new(request.metadata.id, MessageType::Response, OpCode::Query);
                response.metadata.recursion_desired = request.metadata.recursion_desired;
                response.metadata.recursion_available = true;
                response.add_query(query.clone());
                match table.get(&key).cloned().unwrap_or(Answer::NxDomain) {
                    Answer::Drop => continue,
                    Answer::NxDomain => response.metadata.response_code = ResponseCode::NXDomain,
                    Answer::ServFail => response.metadata.response_code = ResponseCode::ServFail,
                    Answer::Ptr(names) => {
                        for n in names {
                            let target = Name::from_ascii(n).expect("table name");
                            response.add_answer(Record::from_rdata(
                                query.name().clone(),
                                300,
                                RData::PTR(PTR(target)),
                            ));
                        }
                    }
                    Answer::Addrs(addrs) => {
                        for a in addrs {
                            let rdata = match a.parse::<IpAddr>().expect("table address") {
                                IpAddr::V4(v4) => RData::A(A(v4)),
                                IpAddr::V6(v6) => RData::AAAA(AAAA(v6)),
                            };
                            response.add_answer(Record::from_rdata(
                                query.name().clone(),
                                300,
                                rdata,
                            ));
                        }
                    }
                }
                let bytes = response.to_vec().expect("encodable response");
                let _ = socket.send_to(&bytes, peer);
            }
        });
        DnsServer {
            addr,
            queries,
            drops,
        }
    }

    /// A verifier asking this server alone. Where queries go unanswered, their 300 ms timeout
    /// is what the test waits through; where every query is answered, a timeout of seconds,
    /// so that a loaded machine (a whole test run) cannot turn a slow answer into none.
    fn verifier(&self) -> DnsVerifier {
        let timeout = if self.drops {
            Duration::from_millis(300)
        } else {
            Duration::from_secs(10)
        };
        DnsVerifier::new(DnsOptions {
            nameservers: Some(vec![self.addr]),
            timeout,
            attempts: 1,
            concurrency: 4,
        })
        .expect("resolver for the test server")
    }

    fn count(&self, name: &str, t: RecordType) -> usize {
        self.queries
            .lock()
            .expect("counter")
            .get(&(name.to_owned(), t))
            .copied()
            .unwrap_or(0)
    }

    /// Queries but the canaries'.
    fn total(&self) -> usize {
        let canaries: Vec<String> = CANARIES.iter().map(|c| reverse(c.address)).collect();
        self.queries
            .lock()
            .expect("counter")
            .iter()
            .filter(|((name, _), _)| !canaries.contains(name))
            .map(|(_, n)| n)
            .sum()
    }

    /// Queries for the canaries.
    fn canary_queries(&self) -> usize {
        CANARIES
            .iter()
            .map(|c| self.count(&reverse(c.address), PTR_))
            .sum()
    }
}

fn ip(s: &str) -> IpAddr {
    s.parse().expect("test address")
}

fn google() -> Vec<String> {
    vec!["googlebot.com".into(), "google.com".into()]
}

const PTR_: RecordType = RecordType::PTR;
const A_: RecordType = RecordType::A;

#[test]
fn genuine_crawler_is_verified() {
    let server = DnsServer::start(&[
        (
            "1.66.249.66.in-addr.arpa",
            PTR_,
            ptr(&["crawl-66-249-66-1.googlebot.com."]),
        ),
        (
            "crawl-66-249-66-1.googlebot.com",
            A_,
            addrs(&["66.249.66.1"]),
        ),
    ]);
    let dns = server.verifier();
    assert_eq!(
        dns.check(ip("66.249.66.1"), &google()),
        Verification::Verified
    );
    // IPv4-mapped IPv6, as dual-stack servers log it: the same address, the same cache.
    assert_eq!(
        dns.check(ip("::ffff:66.249.66.1"), &google()),
        Verification::Verified
    );
    assert_eq!(server.count("1.66.249.66.in-addr.arpa", PTR_), 1);
    assert_eq!(server.count("crawl-66-249-66-1.googlebot.com", A_), 1);
    let stats = dns.stats();
    assert_eq!(
        (stats.ptr_queries, stats.forward_queries, stats.failures),
        (1, 1, 0)
    );
}

#[test]
fn ipv6_crawler_is_verified_by_aaaa() {
    let reverse = "1.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.8.b.d.0.1.0.0.2.ip6.arpa";
    let server = DnsServer::start(&[
        (reverse, PTR_, ptr(&["crawl-v6.search.msn.com."])),
        (
            "crawl-v6.search.msn.com",
            RecordType::AAAA,
            addrs(&["2001:db8::2", "2001:db8::1"]),
        ),
    ]);
    let dns = server.verifier();
    let msn = vec!["search.msn.com".to_owned()];
    assert_eq!(dns.check(ip("2001:db8::1"), &msn), Verification::Verified);
    assert_eq!(server.count("crawl-v6.search.msn.com", A_), 0);
}

#[test]
fn names_outside_the_domains_are_spoofed() {
    let server = DnsServer::start(&[
        (
            "7.113.0.203.in-addr.arpa",
            PTR_,
            ptr(&["host-7.unrelated.example."]),
        ),
        (
            "8.113.0.203.in-addr.arpa",
            PTR_,
            ptr(&["googlebot.com.evil.example."]),
        ),
        (
            "9.113.0.203.in-addr.arpa",
            PTR_,
            ptr(&["crawl-1.notgooglebot.com."]),
        ),
        // Whatever the forward zones say, the names are not Google's.
        ("host-7.unrelated.example", A_, addrs(&["203.0.113.7"])),
        ("googlebot.com.evil.example", A_, addrs(&["203.0.113.8"])),
    ]);
    let dns = server.verifier();
    for addr in ["203.0.113.7", "203.0.113.8", "203.0.113.9"] {
        assert_eq!(
            dns.check(ip(addr), &google()),
            Verification::Spoofed,
            "{addr}"
        );
    }
    // Names outside the domains are never looked up forward.
    assert_eq!(server.count("host-7.unrelated.example", A_), 0);
    assert_eq!(server.count("googlebot.com.evil.example", A_), 0);
    assert_eq!(dns.stats().forward_queries, 0);
}

#[test]
fn forward_lookup_must_hold_the_address() {
    let server = DnsServer::start(&[
        // A spoofer controls its reverse zone, not googlebot.com.
        (
            "10.113.0.203.in-addr.arpa",
            PTR_,
            ptr(&["crawl-66-249-66-1.googlebot.com."]),
        ),
        (
            "crawl-66-249-66-1.googlebot.com",
            A_,
            addrs(&["66.249.66.1"]),
        ),
        (
            "11.113.0.203.in-addr.arpa",
            PTR_,
            ptr(&["no-such-host.googlebot.com."]),
        ),
    ]);
    let dns = server.verifier();
    assert_eq!(
        dns.check(ip("203.0.113.10"), &google()),
        Verification::Spoofed
    );
    // The name does not exist in the operator's zone (NXDOMAIN).
    assert_eq!(
        dns.check(ip("203.0.113.11"), &google()),
        Verification::Spoofed
    );
}

/// A genuine crawler address always has a PTR name (every operator documenting rDNS
/// verification says so), so an address without one is not the crawler's: NXDOMAIN on the
/// PTR query is Spoofed, not Unverifiable.
#[test]
fn no_ptr_record_is_spoofed() {
    let server = DnsServer::start(&[]);
    let dns = server.verifier();
    assert_eq!(
        dns.check(ip("203.0.113.12"), &google()),
        Verification::Spoofed
    );
    assert_eq!(server.count("12.113.0.203.in-addr.arpa", PTR_), 1);
}

#[test]
fn dns_failures_are_unverifiable() {
    let server = DnsServer::start(&[
        ("13.113.0.203.in-addr.arpa", PTR_, Answer::Drop),
        ("14.113.0.203.in-addr.arpa", PTR_, Answer::ServFail),
        (
            "15.113.0.203.in-addr.arpa",
            PTR_,
            ptr(&["crawl-15.googlebot.com."]),
        ),
        ("crawl-15.googlebot.com", A_, Answer::Drop),
    ]);
    let dns = server.verifier();
    let start = Instant::now();
    for addr in ["203.0.113.13", "203.0.113.14", "203.0.113.15"] {
        assert_eq!(
            dns.check(ip(addr), &google()),
            Verification::Unverifiable,
            "{addr}"
        );
    }
    assert!(
        start.elapsed() < Duration::from_secs(10),
        "{:?}",
        start.elapsed()
    );
    assert_eq!(dns.stats().failures, 3);
    // A failure is remembered too: the address is not asked again in this run.
    let before = server.total();
    assert_eq!(
        dns.check(ip("203.0.113.13"), &google()),
        Verification::Unverifiable
    );
    assert_eq!(server.total(), before);
}

#[test]
fn a_server_that_never_answers_is_unverifiable() {
    // A bound socket nobody reads from: queries go nowhere, no reply comes.
    let silent = UdpSocket::bind("127.0.0.1:0").expect("bind");
    let dns = DnsVerifier::new(DnsOptions {
        nameservers: Some(vec![silent.local_addr().expect("addr")]),
        timeout: Duration::from_millis(200),
        attempts: 2,
        concurrency: 1,
    })
    .expect("resolver");
    assert_eq!(
        dns.check(ip("203.0.113.16"), &google()),
        Verification::Unverifiable
    );
}

#[test]
fn each_address_is_looked_up_once_under_contention() {
    let server = DnsServer::start(&[
        (
            "2.66.249.66.in-addr.arpa",
            PTR_,
            ptr(&["crawl-66-249-66-2.googlebot.com."]),
        ),
        (
            "crawl-66-249-66-2.googlebot.com",
            A_,
            addrs(&["66.249.66.2"]),
        ),
    ]);
    let dns = Arc::new(server.verifier());
    let threads = 16;
    let barrier = Arc::new(Barrier::new(threads));
    let handles: Vec<_> = (0..threads)
        .map(|_| {
            let (dns, barrier) = (Arc::clone(&dns), Arc::clone(&barrier));
            thread::spawn(move || {
                barrier.wait();
                (0..20)
                    .map(|_| dns.check(ip("66.249.66.2"), &google()))
                    .collect::<Vec<_>>()
            })
        })
        .collect();
    for h in handles {
        let results = h.join().expect("thread");
        assert!(results.iter().all(|r| *r == Verification::Verified));
    }
    assert_eq!(server.count("2.66.249.66.in-addr.arpa", PTR_), 1);
    assert_eq!(server.count("crawl-66-249-66-2.googlebot.com", A_), 1);
    assert_eq!(server.total(), 2);
}

#[test]
fn verifier_combines_ranges_and_dns() {
    let server = DnsServer::start(&[
        (
            "20.113.0.203.in-addr.arpa",
            PTR_,
            ptr(&["crawl-203-0-113-20.googlebot.com."]),
        ),
        (
            "crawl-203-0-113-20.googlebot.com",
            A_,
            addrs(&["203.0.113.20"]),
        ),
        (
            "21.113.0.203.in-addr.arpa",
            PTR_,
            ptr(&["spider-21.yandex.com."]),
        ),
        ("spider-21.yandex.com", A_, addrs(&["203.0.113.21"])),
        ("22.113.0.203.in-addr.arpa", PTR_, Answer::Drop),
        ("24.113.0.203.in-addr.arpa", PTR_, Answer::Drop),
    ]);
    let registry = Registry::builtin();
    let verifier = Verifier::bundled().with_dns(server.verifier());
    let check = |crawler: &str, addr: &str| {
        let id = registry.by_name(crawler).expect(crawler);
        verifier.verify(&registry, id, ip(addr))
    };
    // Inside the published ranges: verified without DNS.
    assert_eq!(check("Googlebot", "66.249.66.1"), Verification::Verified);
    assert_eq!(server.total(), 0);
    // Outside the ranges, rDNS configured: the DNS verdict.
    assert_eq!(check("Googlebot", "203.0.113.20"), Verification::Verified);
    assert_eq!(check("YandexBot", "203.0.113.21"), Verification::Verified);
    assert_eq!(check("Googlebot", "203.0.113.21"), Verification::Spoofed);
    assert_eq!(check("YandexBot", "203.0.113.20"), Verification::Spoofed);
    // A failed lookup leaves the lists' verdict: spoofed by Google's own lists, which hold
    // IPv4 ranges; unverifiable for YandexBot, which publishes none.
    assert_eq!(check("Googlebot", "203.0.113.22"), Verification::Spoofed);
    assert_eq!(
        check("YandexBot", "203.0.113.24"),
        Verification::Unverifiable
    );
    // Ranges only: spoofed as without DNS, and nothing is asked.
    let before = server.total();
    assert_eq!(check("GPTBot", "203.0.113.23"), Verification::Spoofed);
    // Neither ranges nor rDNS: unverifiable.
    assert_eq!(
        check("ClaudeBot", "203.0.113.23"),
        Verification::Unverifiable
    );
    assert_eq!(server.total(), before);
    // Each address was asked for its PTR once, whatever the crawlers claiming it.
    assert_eq!(server.count("20.113.0.203.in-addr.arpa", PTR_), 1);
    assert_eq!(server.count("21.113.0.203.in-addr.arpa", PTR_), 1);
    assert!(verifier.dns().is_some());

    // Without DNS checks an rDNS-only crawler stays unverifiable.
    let plain = Verifier::bundled();
    let yandex = registry.by_name("YandexBot").expect("built in");
    assert_eq!(
        plain.verify(&registry, yandex, ip("203.0.113.21")),
        Verification::Unverifiable
    );
}

/// Issue #14: reverse DNS tells who holds an address now; it cannot say a request of years
/// ago was spoofed. Such requests are unverifiable, and DNS is not even asked.
#[test]
fn dns_does_not_judge_requests_older_than_thirty_days() {
    let server = DnsServer::start(&[
        (
            "21.113.0.203.in-addr.arpa",
            PTR_,
            ptr(&["spider-21.yandex.com."]),
        ),
        ("spider-21.yandex.com", A_, addrs(&["203.0.113.21"])),
    ]);
    let registry = Registry::builtin();
    let now = 1_800_000_000_000; // 2027-01-15T08:00:00Z
    let verifier = Verifier::bundled()
        .with_dns(server.verifier())
        .with_now_ms(now);
    assert_eq!(verifier.now_ms(), now);
    let at = |crawler: &str, addr: &str, when: i64| {
        let id = registry.by_name(crawler).expect(crawler);
        verifier.verify_at(&registry, id, ip(addr), when)
    };
    let old = now - STALE_AFTER_MS - 1;
    for addr in ["203.0.113.21", "203.0.113.99"] {
        let v = at("YandexBot", addr, old);
        assert_eq!(v.result, Verification::Unverifiable, "{addr}");
        assert!(v.dns_too_old && v.too_old(), "{addr}: {v:?}");
        assert_eq!(v.ranges_too_old, None, "Yandex publishes no ranges");
    }
    assert_eq!(server.total(), 0, "nothing asked for old requests");
    // Within 30 days of the present: DNS decides.
    assert_eq!(
        at("YandexBot", "203.0.113.21", now - STALE_AFTER_MS).result,
        Verification::Verified
    );
    let spoofed = at("YandexBot", "203.0.113.99", now - 1000);
    assert_eq!(spoofed.result, Verification::Spoofed);
    assert!(!spoofed.too_old());
    // Fresh ranges still judge a request too old for DNS (as without DNS checks).
    let dated = verifier
        .list("google-common")
        .and_then(|l| l.date_ms())
        .expect("dated");
    let v = at("Googlebot", "203.0.113.21", dated);
    assert_eq!(v.result, Verification::Spoofed, "{v:?}");
    // Too old for both.
    let v = at("Googlebot", "203.0.113.21", 1_433_116_800_000);
    assert_eq!(v.result, Verification::Unverifiable);
    assert!(v.dns_too_old && v.ranges_too_old.is_some(), "{v:?}");
}

#[test]
fn many_addresses_at_once_all_resolve() {
    // Names for 203.0.113.100..=131, all genuine; more threads than permits.
    let names: Vec<(String, String, String)> = (100..132)
        .map(|n| {
            (
                format!("{n}.113.0.203.in-addr.arpa"),
                format!("crawl-{n}.googlebot.com"),
                format!("203.0.113.{n}"),
            )
        })
        .collect();
    let mut table = Vec::new();
    for (reverse, name, addr) in &names {
        table.push((reverse.as_str(), PTR_, ptr(&[&format!("{name}.")])));
        table.push((name.as_str(), A_, addrs(&[addr])));
    }
    let server = DnsServer::start(&table);
    let dns = Arc::new(server.verifier());
    let handles: Vec<_> = names
        .iter()
        .map(|(_, _, addr)| {
            let (dns, addr) = (Arc::clone(&dns), ip(addr));
            thread::spawn(move || dns.check(addr, &google()))
        })
        .collect();
    for h in handles {
        assert_eq!(h.join().expect("thread"), Verification::Verified);
    }
    assert_eq!(server.total(), 2 * names.len());
}

#[test]
fn forward_lookups_per_address_are_bounded() {
    let many: Vec<String> = (0..20)
        .map(|n| format!("fake-{n}.googlebot.com."))
        .collect();
    let many: Vec<&str> = many.iter().map(String::as_str).collect();
    let server = DnsServer::start(&[
        ("30.113.0.203.in-addr.arpa", PTR_, ptr(&many)),
        (
            "31.113.0.203.in-addr.arpa",
            PTR_,
            ptr(&["other.example.", "crawl-31.google.com."]),
        ),
        ("crawl-31.google.com", A_, addrs(&["203.0.113.31"])),
    ]);
    let dns = server.verifier();
    assert_eq!(
        dns.check(ip("203.0.113.30"), &google()),
        Verification::Spoofed
    );
    assert_eq!(dns.stats().forward_queries, MAX_FORWARD_NAMES as u64);
    // A name in the domains after one outside them is still found.
    assert_eq!(
        dns.check(ip("203.0.113.31"), &google()),
        Verification::Verified
    );
}

/// Issue #26: a resolver that answers NXDOMAIN to everything (split-horizon DNS, a resolver
/// that knows only internal names) put genuine YandexBot addresses on the spoofed list. It
/// now fails the canary check: nothing it says is taken as evidence, and nothing more is
/// asked of it.
#[test]
fn a_resolver_that_answers_nxdomain_to_everything_is_not_trusted() {
    let server = DnsServer::start_bare(&[]);
    let registry = Registry::builtin();
    let verifier = Arc::new(Verifier::bundled().with_dns(server.verifier()));
    let handles: Vec<_> = (0..8)
        .map(|n| {
            let (verifier, registry) = (Arc::clone(&verifier), registry.clone());
            thread::spawn(move || {
                let yandex = registry.by_name("YandexBot").expect("built in");
                verifier.verify(&registry, yandex, ip(&format!("5.255.231.{n}")))
            })
        })
        .collect();
    for h in handles {
        assert_eq!(h.join().expect("thread"), Verification::Unverifiable);
    }
    // An untrusted resolver judges nothing: Google's own lists still say spoofed, as they
    // do without DNS.
    let googlebot = registry.by_name("Googlebot").expect("built in");
    assert_eq!(
        verifier.verify(&registry, googlebot, ip("203.0.113.40")),
        Verification::Spoofed
    );
    // Inside the published ranges DNS is not needed.
    assert_eq!(
        verifier.verify(&registry, googlebot, ip("66.249.66.1")),
        Verification::Verified
    );
    // Each canary asked once for the run, whatever the threads; nothing else asked.
    assert_eq!(server.canary_queries(), CANARIES.len());
    assert_eq!(server.total(), 0);
    let stats = verifier.dns().expect("DNS on").stats();
    assert_eq!((stats.ptr_queries, stats.failures), (0, 0));
    let why = stats.untrusted.expect("not trusted");
    assert!(why.answers.iter().all(|(_, a)| *a == CanaryAnswer::NoName));
    assert_eq!(
        why.to_string(),
        "the resolver has no name for 66.249.66.1, 157.55.33.18 or 17.58.101.179, crawler \
         addresses whose names Google, Microsoft and Apple document"
    );
}

/// The same server answering the canaries right is trusted: an address without a name is
/// then spoofed. One documented name is enough (an operator may renumber).
#[test]
fn one_canary_answered_is_enough() {
    let apple = CANARIES
        .iter()
        .find(|c| c.operator == "Apple")
        .expect("an Apple canary");
    let reverse_name = reverse(apple.address);
    let server = DnsServer::start_bare(&[(
        reverse_name.as_str(),
        PTR_,
        ptr(&[&format!("{}.", apple.name)]),
    )]);
    let dns = server.verifier();
    assert_eq!(
        dns.check(ip("203.0.113.41"), &["yandex.com".to_owned()]),
        Verification::Spoofed
    );
    assert_eq!(dns.stats().untrusted, None);
    assert_eq!(dns.stats().ptr_queries, 1);
}

/// A resolver that gives every address the same made-up name, or none an answer, is not
/// trusted either; the warning says what it answered.
#[test]
fn a_resolver_that_names_everything_alike_or_answers_nothing_is_not_trusted() {
    let names: Vec<String> = CANARIES.iter().map(|c| reverse(c.address)).collect();
    let wildcard: Vec<(&str, RecordType, Answer)> = names
        .iter()
        .map(|n| (n.as_str(), PTR_, ptr(&["host.corp.example."])))
        .collect();
    let server = DnsServer::start_bare(&wildcard);
    let dns = server.verifier();
    assert_eq!(
        dns.check(ip("203.0.113.42"), &google()),
        Verification::Unverifiable
    );
    let why = dns.stats().untrusted.expect("not trusted");
    assert!(
        why.answers.iter().all(
            |(_, a)| matches!(a, CanaryAnswer::Elsewhere(name) if name == "host.corp.example.")
        )
    );
    assert!(
        why.to_string().starts_with(
            "the resolver did not give documented crawler addresses their names: 66.249.66.1 \
             (Google's crawl-66-249-66-1.googlebot.com) is host.corp.example.; "
        ),
        "{why}"
    );

    let silent: Vec<(&str, RecordType, Answer)> = names
        .iter()
        .map(|n| (n.as_str(), PTR_, Answer::Drop))
        .collect();
    let server = DnsServer::start_bare(&silent);
    let dns = server.verifier();
    let start = Instant::now();
    assert_eq!(
        dns.check(ip("203.0.113.43"), &google()),
        Verification::Unverifiable
    );
    // The canaries are asked together: one timeout, not one each.
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "{:?}",
        start.elapsed()
    );
    assert_eq!(
        dns.stats().untrusted.expect("not trusted").to_string(),
        "the resolver did not answer"
    );
    assert_eq!(server.total(), 0);
}

/// The audit end to end: YandexBot requests of today, a resolver that answers NXDOMAIN to
/// everything. No address is put on the spoofed list, and one warning says why.
#[test]
fn the_audit_builds_no_block_list_from_a_broken_resolver() {
    use crate::support::{rows, run, stderr};
    use std::ffi::OsStr;
    let dir = tempfile::tempdir().expect("temp dir");
    let robots = dir.path().join("robots");
    std::fs::create_dir_all(robots.join("www.example.com")).expect("robots dir");
    std::fs::write(
        robots.join("www.example.com/robots.txt"),
        "User-agent: *\nDisallow: /private/\n",
    )
    .expect("robots.txt");
    // Reverse DNS judges requests of the last 30 days: these are of the last minutes.
    let now = jiff::Timestamp::now();
    let mut log = String::new();
    for n in 1..=6 {
        let at = now - jiff::SignedDuration::from_secs(60 * n);
        log.push_str(&format!(
            "www.example.com:443 5.255.231.{n} - - [{}] \"GET /private/{n} HTTP/1.1\" 200 5 \"-\" \
             \"Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)\"\n",
            at.strftime("%d/%b/%Y:%H:%M:%S +0000")
        ));
    }
    let log_path = dir.path().join("access.log");
    std::fs::write(&log_path, log).expect("log");
    let audit = |server: &DnsServer| {
        let spoofed = dir.path().join("spoofed.csv");
        let server_addr = server.addr.to_string();
        let o = run(
            &[
                log_path.as_os_str(),
                OsStr::new("--robots-dir"),
                robots.as_os_str(),
                OsStr::new("--verify-dns"),
                OsStr::new("--dns-server"),
                OsStr::new(&server_addr),
                OsStr::new("--dns-timeout"),
                OsStr::new("0.5"),
                OsStr::new("--spoofed"),
                spoofed.as_os_str(),
            ],
            None,
        );
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let spoofed = rows(&std::fs::read(&spoofed).expect("spoofed report")).len();
        let verdicts: Vec<String> = rows(&o.stdout)
            .iter()
            .map(|r| r["verification"].to_string())
            .collect();
        (spoofed, verdicts, stderr(&o))
    };
    // A resolver of public names that has no name for these addresses: they are spoofed.
    let (spoofed, verdicts, err) = audit(&DnsServer::start(&[]));
    assert_eq!(spoofed, 6, "{err}");
    assert!(verdicts.iter().all(|v| v == "spoofed"), "{verdicts:?}");
    assert!(!err.contains("not trusted"), "{err}");
    // A resolver that answers NXDOMAIN to everything: nothing is spoofed.
    let (spoofed, verdicts, err) = audit(&DnsServer::start_bare(&[]));
    assert_eq!(spoofed, 0, "{err}");
    assert!(
        !verdicts.is_empty() && verdicts.iter().all(|v| v == "unverifiable"),
        "{verdicts:?}"
    );
    assert_eq!(
        err.matches("warning: reverse DNS answers were not trusted")
            .count(),
        1,
        "{err}"
    );
    assert!(
        err.contains("the resolver has no name for 66.249.66.1, 157.55.33.18 or 17.58.101.179"),
        "{err}"
    );
    // Said once, after the audit (the tally came through the partial result).
    assert_eq!(
        err.matches("robots-audit: reverse DNS: 0 PTR and 0 forward queries, 0 failed")
            .count(),
        1,
        "{err}"
    );
}

/// A trusted resolver that stops answering mid-run: after a few failures in a row the rest
/// are unverifiable at once, without waiting out a timeout each.
#[test]
fn a_resolver_that_stops_answering_is_given_up() {
    let names: Vec<String> = (50..70)
        .map(|n| format!("{n}.113.0.203.in-addr.arpa"))
        .collect();
    let dropped: Vec<(&str, RecordType, Answer)> = names
        .iter()
        .map(|n| (n.as_str(), PTR_, Answer::Drop))
        .collect();
    let server = DnsServer::start(&dropped);
    let dns = Arc::new(server.verifier());
    let first: Vec<_> = (50..58)
        .map(|n| {
            let dns = Arc::clone(&dns);
            thread::spawn(move || dns.check(ip(&format!("203.0.113.{n}")), &google()))
        })
        .collect();
    for h in first {
        assert_eq!(h.join().expect("thread"), Verification::Unverifiable);
    }
    let stats = dns.stats();
    assert!(stats.gave_up && stats.untrusted.is_none(), "{stats:?}");
    let (before, start) = (server.total(), Instant::now());
    for n in 58..70 {
        assert_eq!(
            dns.check(ip(&format!("203.0.113.{n}")), &google()),
            Verification::Unverifiable
        );
    }
    assert_eq!(server.total(), before, "nothing asked after giving up");
    assert!(
        start.elapsed() < Duration::from_secs(1),
        "{:?}",
        start.elapsed()
    );
}

/// What reverse DNS did travels in the partial results: audited in two parts with one
/// resolver, the parts' tallies add up to the resolver's own statistics, and survive the
/// byte form a Spark task ships.
#[test]
fn the_dns_tally_of_partials_adds_up_to_the_resolvers() {
    use robots_audit::audit::{AuditSettings, Auditor, Partial};
    use robots_audit::fetch::RobotsDir;
    let dir = tempfile::tempdir().expect("temp dir");
    let robots = dir.path().join("robots");
    std::fs::create_dir_all(robots.join("www.example.com")).expect("robots dir");
    std::fs::write(
        robots.join("www.example.com/robots.txt"),
        "User-agent: *\nDisallow: /private/\n",
    )
    .expect("robots.txt");
    let now = jiff::Timestamp::now() - jiff::SignedDuration::from_secs(60);
    let line = |n: u32| {
        format!(
            "www.example.com:443 5.255.231.{n} - - [{}] \"GET /private/{n} HTTP/1.1\" 200 5 \"-\" \
             \"Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)\"\n",
            now.strftime("%d/%b/%Y:%H:%M:%S +0000")
        )
    };
    let server = DnsServer::start(&[]);
    let dns = Arc::new(server.verifier());
    let auditor = Auditor::new(
        AuditSettings::default(),
        Arc::new(Registry::builtin()),
        Arc::new(Verifier::bundled().with_shared_dns(Arc::clone(&dns))),
        Arc::new(
            RobotsDir::scan(&robots)
                .and_then(|d| d.snapshot())
                .expect("robots dir"),
        ),
    );
    let first: String = (1..=3).map(line).collect();
    let second: String = (4..=7).map(line).collect();
    let a = auditor
        .audit_reader(first.as_bytes(), "a.log")
        .expect("audit");
    let b = auditor
        .audit_reader(second.as_bytes(), "b.log")
        .expect("audit");
    let (ta, tb) = (
        a.dns.clone().expect("DNS on"),
        b.dns.clone().expect("DNS on"),
    );
    assert_eq!((ta.ptr_queries, tb.ptr_queries), (3, 4));
    let b = Partial::from_bytes(&b.to_bytes().expect("bytes")).expect("partial");
    let mut merged = a;
    merged.merge(b);
    let total = merged.dns.expect("DNS on");
    let stats = dns.stats();
    assert_eq!(
        (total.ptr_queries, total.forward_queries, total.failures),
        (stats.ptr_queries, stats.forward_queries, stats.failures)
    );
    assert_eq!(total.ptr_queries, 7);
    assert_eq!(total.untrusted, None);
}
