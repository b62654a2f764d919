//! Forward-confirmed reverse DNS against a DNS server in this process.
//!
//! The server binds UDP 127.0.0.1:0 and answers PTR, A and AAAA queries from a table (or
//! not at all, or SERVFAIL), counting every query it gets. Every resolver here is given that
//! server explicitly (`DnsOptions::nameservers`), so no test reads the system's resolver
//! configuration or sends a packet anywhere but loopback.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr, UdpSocket};
use std::sync::{Arc, Barrier, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use hickory_resolver::proto::op::{Message, MessageType, OpCode, ResponseCode};
use hickory_resolver::proto::rr::rdata::{A, AAAA, PTR};
use hickory_resolver::proto::rr::{Name, RData, Record, RecordType};
use robots_audit::crawlers::{
    DnsOptions, DnsVerifier, MAX_FORWARD_NAMES, Registry, STALE_AFTER_MS, Verifier, VerifyResult,
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
}

impl DnsServer {
    /// Serves `table` (names lower case, without the final dot); a name not in it is
    /// NXDOMAIN. The thread ends with the test process.
    fn start(entries: &[(&str, RecordType, Answer)]) -> DnsServer {
        let table: Table = entries
            .iter()
            .map(|(n, t, a)| ((n.to_string(), *t), a.clone()))
            .collect();
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
        DnsServer { addr, queries }
    }

    fn verifier(&self) -> DnsVerifier {
        DnsVerifier::new(DnsOptions {
            nameservers: Some(vec![self.addr]),
            timeout: Duration::from_millis(300),
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

    fn total(&self) -> usize {
        self.queries.lock().expect("counter").values().sum()
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
        VerifyResult::Verified
    );
    // IPv4-mapped IPv6, as dual-stack servers log it: the same address, the same cache.
    assert_eq!(
        dns.check(ip("::ffff:66.249.66.1"), &google()),
        VerifyResult::Verified
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
    assert_eq!(dns.check(ip("2001:db8::1"), &msn), VerifyResult::Verified);
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
            VerifyResult::Spoofed,
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
        VerifyResult::Spoofed
    );
    // The name does not exist in the operator's zone (NXDOMAIN).
    assert_eq!(
        dns.check(ip("203.0.113.11"), &google()),
        VerifyResult::Spoofed
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
        VerifyResult::Spoofed
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
            VerifyResult::Unverifiable,
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
        VerifyResult::Unverifiable
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
        VerifyResult::Unverifiable
    );
}

#[test]
fn each_address_is_looked_up_once_under_contention() {
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
    let dns = Arc::new(server.verifier());
    let threads = 16;
    let barrier = Arc::new(Barrier::new(threads));
    let handles: Vec<_> = (0..threads)
        .map(|_| {
            let (dns, barrier) = (Arc::clone(&dns), Arc::clone(&barrier));
            thread::spawn(move || {
                barrier.wait();
                (0..20)
                    .map(|_| dns.check(ip("66.249.66.1"), &google()))
                    .collect::<Vec<_>>()
            })
        })
        .collect();
    for h in handles {
        let results = h.join().expect("thread");
        assert!(results.iter().all(|r| *r == VerifyResult::Verified));
    }
    assert_eq!(server.count("1.66.249.66.in-addr.arpa", PTR_), 1);
    assert_eq!(server.count("crawl-66-249-66-1.googlebot.com", A_), 1);
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
    ]);
    let registry = Registry::builtin();
    let verifier = Verifier::bundled().with_dns(server.verifier());
    let check = |crawler: &str, addr: &str| {
        let id = registry.by_name(crawler).expect(crawler);
        verifier.verify(&registry, id, ip(addr))
    };
    // Inside the published ranges: verified without DNS.
    assert_eq!(check("Googlebot", "66.249.66.1"), VerifyResult::Verified);
    assert_eq!(server.total(), 0);
    // Outside the ranges, rDNS configured: the DNS verdict.
    assert_eq!(check("Googlebot", "203.0.113.20"), VerifyResult::Verified);
    assert_eq!(check("YandexBot", "203.0.113.21"), VerifyResult::Verified);
    assert_eq!(check("Googlebot", "203.0.113.21"), VerifyResult::Spoofed);
    assert_eq!(check("YandexBot", "203.0.113.20"), VerifyResult::Spoofed);
    assert_eq!(
        check("Googlebot", "203.0.113.22"),
        VerifyResult::Unverifiable
    );
    // Ranges only: spoofed as without DNS, and nothing is asked.
    let before = server.total();
    assert_eq!(check("GPTBot", "203.0.113.23"), VerifyResult::Spoofed);
    // Neither ranges nor rDNS: unverifiable.
    assert_eq!(
        check("ClaudeBot", "203.0.113.23"),
        VerifyResult::Unverifiable
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
        VerifyResult::Unverifiable
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
        assert_eq!(v.result, VerifyResult::Unverifiable, "{addr}");
        assert!(v.dns_too_old && v.too_old(), "{addr}: {v:?}");
        assert_eq!(v.ranges_too_old, None, "Yandex publishes no ranges");
    }
    assert_eq!(server.total(), 0, "nothing asked for old requests");
    // Within 30 days of the present: DNS decides.
    assert_eq!(
        at("YandexBot", "203.0.113.21", now - STALE_AFTER_MS).result,
        VerifyResult::Verified
    );
    let spoofed = at("YandexBot", "203.0.113.99", now - 1000);
    assert_eq!(spoofed.result, VerifyResult::Spoofed);
    assert!(!spoofed.too_old());
    // Fresh ranges still judge a request too old for DNS (as without DNS checks).
    let dated = verifier
        .list("google-common")
        .and_then(|l| l.date_ms())
        .expect("dated");
    let v = at("Googlebot", "203.0.113.21", dated);
    assert_eq!(v.result, VerifyResult::Spoofed, "{v:?}");
    // Too old for both.
    let v = at("Googlebot", "203.0.113.21", 1_433_116_800_000);
    assert_eq!(v.result, VerifyResult::Unverifiable);
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
        assert_eq!(h.join().expect("thread"), VerifyResult::Verified);
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
        VerifyResult::Spoofed
    );
    assert_eq!(dns.stats().forward_queries, MAX_FORWARD_NAMES as u64);
    // A name in the domains after one outside them is still found.
    assert_eq!(
        dns.check(ip("203.0.113.31"), &google()),
        VerifyResult::Verified
    );
}
