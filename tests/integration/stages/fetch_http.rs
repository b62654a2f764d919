//! The fetch stage over HTTP, against a real server in this process.
//!
//! The server binds 127.0.0.1:0 and answers from a route function (canned responses by
//! Host header and path), std only, as cargo's test support does. Every host name a test
//! fetches is pinned to 127.0.0.1 with a `--resolve` override (or is the literal
//! 127.0.0.1), and every store is limited to `*.test`, `localhost` or `127.0.0.1` by its
//! allow-list, so no test can send a packet (not even a DNS query) anywhere but loopback.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use robots_audit::fetch::{
    FetchOptions, MAX_ROBOTS_BYTES, Obtained, Origin, Outcome, ResolveOverride, RobotsEntry,
    RobotsSource, RobotsStore, Scheme,
};

/// What the server does for one request.
enum Reply {
    /// A status, extra headers and a body (with its Content-Length).
    Canned(u16, Vec<(&'static str, String)>, Vec<u8>),
    /// A redirect with this status to this Location.
    Redirect(u16, String),
    /// Headers promising 100 bytes, 10 bytes, then nothing for 3 s.
    Stall,
    /// Headers promising 1000 bytes, 10 bytes, then close.
    CloseMidBody,
    /// These bytes as they are, then close.
    Raw(&'static [u8]),
    /// A 2 MiB body, written slowly; reports (bytes written, write failed) on the channel.
    Huge(mpsc::Sender<(usize, bool)>),
}

fn ok(body: &str) -> Reply {
    Reply::Canned(
        200,
        vec![("Content-Type", "text/plain".into())],
        body.as_bytes().to_vec(),
    )
}

fn status(code: u16) -> Reply {
    Reply::Canned(code, Vec::new(), format!("status {code}\n").into_bytes())
}

type Route = dyn Fn(&str, &str) -> Reply + Send + Sync;

struct Server {
    port: u16,
    /// Requests seen, by "host path".
    hits: Arc<Mutex<HashMap<String, usize>>>,
}

impl Server {
    /// Serves `route(host, path)` on 127.0.0.1, a thread per connection, one request per
    /// connection. The threads end with the test process.
    fn start(route: impl Fn(&str, &str) -> Reply + Send + Sync + 'static) -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1:0");
        let port = listener.local_addr().expect("local addr").port();
        let hits = Arc::new(Mutex::new(HashMap::new()));
        let route: Arc<Route> = Arc::new(route);
        let counter = Arc::clone(&hits);
        thread::spawn(move || {
            for stream in listener.incoming() {
                let Ok(stream) = stream else { continue };
                let route = Arc::clone(&route);
                let counter = Arc::clone(&counter);
                thread::spawn(move || serve(stream, &*route, &counter));
            }
        });
        Server { port, hits }
    }

    fn hits(&self, host: &str, path: &str) -> usize {
        let hits = self.hits.lock().expect("hits lock");
        hits.get(&format!("{host} {path}")).copied().unwrap_or(0)
    }

    fn total_hits(&self) -> usize {
        self.hits.lock().expect("hits lock").values().sum()
    }

    /// Options that pin each host to 127.0.0.1 on this server's port.
    fn options(&self, hosts: &[&str]) -> FetchOptions {
        FetchOptions {
            resolve: hosts
                .iter()
                .map(|h| {
                    ResolveOverride::parse(&format!("{h}:{}:127.0.0.1", self.port))
                        .expect("override")
                })
                .collect(),
            allow_hosts: vec!["*.test".into(), "localhost".into()],
            connect_timeout: Duration::from_secs(2),
            total_timeout: Duration::from_secs(5),
            ..FetchOptions::default()
        }
    }

    fn origin(&self, host: &str) -> Origin {
        Origin::from_host(format!("{host}:{}", self.port).as_bytes(), Scheme::Http)
            .expect("valid test host")
    }

    fn url(&self, host: &str, path: &str) -> String {
        format!("http://{host}:{}{path}", self.port)
    }

    fn fetch(&self, host: &str, extra_hosts: &[&str]) -> Arc<RobotsEntry> {
        let mut hosts = vec![host];
        hosts.extend_from_slice(extra_hosts);
        let store = RobotsStore::new(self.options(&hosts)).expect("store");
        store.get(&self.origin(host))
    }
}

fn serve(stream: TcpStream, route: &Route, hits: &Mutex<HashMap<String, usize>>) {
    let _ = stream.set_read_timeout(Some(Duration::from_secs(5)));
    let mut reader = BufReader::new(&stream);
    let mut request_line = String::new();
    if reader.read_line(&mut request_line).is_err() {
        return;
    }
    let path = request_line.split(' ').nth(1).unwrap_or("").to_owned();
    let mut host = String::new();
    loop {
        let mut line = String::new();
        match reader.read_line(&mut line) {
            Ok(0) | Err(_) => return,
            Ok(_) if line == "\r\n" => break,
            Ok(_) => {
                if let Some((name, value)) = line.split_once(':')
                    && name.eq_ignore_ascii_case("host")
                {
                    let value = value.trim();
                    host = value.rsplit_once(':').map_or(value, |(h, _)| h).to_owned();
                }
            }
        }
    }
    *hits
        .lock()
        .expect("hits lock")
        .entry(format!("{host} {path}"))
        .or_default() += 1;
    let mut out = &stream;
    let head = |code: u16, extra: &str, len: usize| {
        format!("HTTP/1.1 {code} X\r\nContent-Length: {len}\r\nConnection: close\r\n{extra}\r\n")
    };
    match route(&host, &path) {
        Reply::Canned(code, headers, body) => {
            let extra: String = headers
                .iter()
                .map(|(n, v)| format!("{n}: {v}\r\n"))
                .collect();
            let _ = out.write_all(head(code, &extra, body.len()).as_bytes());
            let _ = out.write_all(&body);
        }
        Reply::Redirect(code, location) => {
            let _ = out.write_all(head(code, &format!("Location: {location}\r\n"), 0).as_bytes());
        }
        Reply::Stall => {
            let _ = out.write_all(head(200, "", 100).as_bytes());
            let _ = out.write_all(b"User-agen");
            let _ = out.flush();
            thread::sleep(Duration::from_secs(3));
        }
        Reply::Raw(bytes) => {
            let _ = out.write_all(bytes);
        }
        Reply::CloseMidBody => {
            let _ = out.write_all(head(200, "", 1000).as_bytes());
            let _ = out.write_all(b"User-agent");
        }
        Reply::Huge(report) => {
            const TOTAL: usize = 2 * 1024 * 1024;
            let chunk = vec![b'#'; 64 * 1024];
            let mut sent = 0;
            let mut failed = out.write_all(head(200, "", TOTAL).as_bytes()).is_err();
            while !failed && sent < TOTAL {
                match out.write_all(&chunk) {
                    Ok(()) => sent += chunk.len(),
                    Err(_) => failed = true,
                }
                thread::sleep(Duration::from_millis(10));
            }
            let _ = report.send((sent, failed));
        }
    }
    let _ = stream.shutdown(std::net::Shutdown::Write);
    // Drain what the client still sends so the close is orderly.
    let _ = (&stream).read(&mut [0; 512]);
}

#[test]
fn ok_200_is_rules() {
    let server = Server::start(|_, path| match path {
        "/robots.txt" => ok("User-agent: *\nDisallow: /private/\n"),
        _ => status(404),
    });
    let e = server.fetch("a.test", &[]);
    assert_eq!(e.outcome, Outcome::Rules, "{e:?}");
    assert_eq!(e.obtained, Obtained::Network);
    assert_eq!(e.status, Some(200));
    assert_eq!(e.body_bytes(), b"User-agent: *\nDisallow: /private/\n");
    assert_eq!(e.bytes, 34);
    assert!(!e.truncated);
    assert_eq!(e.url, server.url("a.test", "/robots.txt"));
    assert_eq!(e.final_url.as_deref(), Some(e.url.as_str()));
    assert_eq!(e.reason, None);
}

#[test]
fn html_200_is_rules() {
    let html = "<!DOCTYPE html><html><body><h1>Welcome</h1></body></html>\n";
    let server = Server::start(move |_, _| {
        Reply::Canned(200, vec![("Content-Type", "text/html".into())], html.into())
    });
    let e = server.fetch("a.test", &[]);
    assert_eq!(e.outcome, Outcome::Rules);
    assert_eq!(e.body_bytes(), html.as_bytes());
}

#[test]
fn redirect_chain_301_301_200() {
    let server = Server::start(|_, path| match path {
        "/robots.txt" => Reply::Redirect(301, "/r1".into()),
        "/r1" => Reply::Redirect(301, "r2".into()),
        "/r2" => ok("User-agent: *\n"),
        _ => status(404),
    });
    let e = server.fetch("a.test", &[]);
    assert_eq!(e.outcome, Outcome::Rules, "{e:?}");
    assert_eq!(e.status, Some(200));
    assert_eq!(
        e.final_url.as_deref(),
        Some(server.url("a.test", "/r2").as_str())
    );
    assert_eq!(e.body_bytes(), b"User-agent: *\n");
}

fn chain(redirects: usize) -> impl Fn(&str, &str) -> Reply + Send + Sync {
    move |_, path| {
        let n: usize = path
            .strip_prefix("/hop")
            .and_then(|n| n.parse().ok())
            .unwrap_or(0);
        if n < redirects {
            Reply::Redirect(302, format!("/hop{}", n + 1))
        } else {
            ok("User-agent: *\nDisallow: /\n")
        }
    }
}

#[test]
fn five_redirects_are_followed() {
    let server = Server::start(chain(5));
    let e = server.fetch("a.test", &[]);
    assert_eq!(e.outcome, Outcome::Rules, "{e:?}");
    assert_eq!(server.total_hits(), 6);
}

#[test]
fn sixth_redirect_is_allow_all() {
    let server = Server::start(chain(6));
    let e = server.fetch("a.test", &[]);
    assert_eq!(e.outcome, Outcome::AllowAll, "{e:?}");
    assert_eq!(e.status, Some(302));
    assert_eq!(e.reason.as_deref(), Some("more than 5 redirects"));
    // The sixth redirect's target is never asked for.
    assert_eq!(server.hits("a.test", "/hop6"), 0);
    assert_eq!(server.total_hits(), 6);
}

#[test]
fn redirect_loop_is_allow_all() {
    let server = Server::start(|_, path| match path {
        "/robots.txt" => Reply::Redirect(301, "/loop".into()),
        _ => Reply::Redirect(307, "/robots.txt".into()),
    });
    let e = server.fetch("a.test", &[]);
    assert_eq!(e.outcome, Outcome::AllowAll, "{e:?}");
    assert_eq!(e.reason.as_deref(), Some("redirect loop"));
    assert_eq!(server.total_hits(), 2);
}

#[test]
fn redirect_to_another_host() {
    let port = Arc::new(Mutex::new(0u16));
    let p = Arc::clone(&port);
    // a.test and b.test are both pinned to this server; the redirect names b.test.
    let server = Server::start(move |host, _| match host {
        "a.test" => Reply::Redirect(
            301,
            format!("http://b.test:{}/robots.txt", p.lock().expect("lock")),
        ),
        _ => ok("# from b\n"),
    });
    *port.lock().expect("lock") = server.port;
    let e = server.fetch("a.test", &["b.test"]);
    assert_eq!(e.outcome, Outcome::Rules, "{e:?}");
    assert_eq!(e.body_bytes(), b"# from b\n");
    assert_eq!(e.url, server.url("a.test", "/robots.txt"));
    assert_eq!(
        e.final_url.as_deref(),
        Some(server.url("b.test", "/robots.txt").as_str())
    );
    assert_eq!(server.hits("a.test", "/robots.txt"), 1);
    assert_eq!(server.hits("b.test", "/robots.txt"), 1);
}

#[test]
fn status_outcomes() {
    let server = Server::start(|host, _| {
        let code = host
            .strip_prefix('s')
            .and_then(|h| h.strip_suffix(".test"))
            .and_then(|c| c.parse().ok())
            .unwrap_or(500);
        status(code)
    });
    let table = [
        (401, Outcome::AllowAll),
        (403, Outcome::AllowAll),
        (404, Outcome::AllowAll),
        (410, Outcome::AllowAll),
        (418, Outcome::AllowAll),
        (429, Outcome::Unreachable),
        (500, Outcome::Unreachable),
        (503, Outcome::Unreachable),
        (204, Outcome::Rules),
    ];
    let hosts: Vec<String> = table.iter().map(|(c, _)| format!("s{c}.test")).collect();
    let host_refs: Vec<&str> = hosts.iter().map(String::as_str).collect();
    let store = RobotsStore::new(server.options(&host_refs)).expect("store");
    for ((code, want), host) in table.iter().zip(&hosts) {
        let e = store.get(&server.origin(host));
        assert_eq!(e.outcome, *want, "HTTP {code}: {e:?}");
        assert_eq!(e.status, Some(*code), "HTTP {code}");
        assert_eq!(e.obtained, Obtained::Network);
        if *want == Outcome::Rules {
            assert!(e.body.is_some());
        } else {
            assert!(e.body.is_none(), "HTTP {code}");
            assert_eq!(e.reason.as_deref(), Some(format!("HTTP {code}").as_str()));
        }
    }
}

#[test]
fn huge_body_is_cut_and_not_downloaded() {
    let (tx, rx) = mpsc::channel();
    let tx = Mutex::new(tx);
    let server = Server::start(move |_, _| Reply::Huge(tx.lock().expect("lock").clone()));
    let e = server.fetch("a.test", &[]);
    assert_eq!(e.outcome, Outcome::Rules, "{e:?}");
    assert!(e.truncated);
    assert_eq!(e.bytes, MAX_ROBOTS_BYTES as u64);
    assert_eq!(e.body_bytes().len(), MAX_ROBOTS_BYTES);
    let (sent, failed) = rx
        .recv_timeout(Duration::from_secs(10))
        .expect("server report");
    assert!(failed, "the server could send all {sent} bytes");
    assert!(sent < 2 * 1024 * 1024, "sent {sent}");
}

#[test]
fn stall_after_headers_times_out() {
    let server = Server::start(|_, _| Reply::Stall);
    let opts = FetchOptions {
        total_timeout: Duration::from_millis(800),
        ..server.options(&["a.test"])
    };
    let store = RobotsStore::new(opts).expect("store");
    let start = Instant::now();
    let e = store.get(&server.origin("a.test"));
    assert_eq!(e.outcome, Outcome::Unreachable, "{e:?}");
    assert!(e.body.is_none());
    let reason = e.reason.as_deref().expect("reason");
    assert!(reason.contains("timed out"), "{reason}");
    assert!(
        start.elapsed() < Duration::from_millis(2500),
        "{:?}",
        start.elapsed()
    );
}

#[test]
fn close_mid_body_is_unreachable() {
    let server = Server::start(|_, _| Reply::CloseMidBody);
    let e = server.fetch("a.test", &[]);
    assert_eq!(e.outcome, Outcome::Unreachable, "{e:?}");
    assert_eq!(e.status, Some(200));
    assert!(e.body.is_none());
    let reason = e.reason.as_deref().expect("reason");
    assert!(reason.starts_with("truncated response"), "{reason}");
}

#[test]
fn once_per_origin_under_contention() {
    let server = Server::start(|_, _| {
        thread::sleep(Duration::from_millis(200));
        ok("User-agent: *\n")
    });
    let store = RobotsStore::new(server.options(&["a.test", "b.test"])).expect("store");
    let a = server.origin("a.test");
    let b = server.origin("b.test");
    let got: Vec<Arc<RobotsEntry>> = thread::scope(|s| {
        let handles: Vec<_> = (0..24)
            .map(|i| {
                let (store, o) = (&store, if i % 3 == 0 { &b } else { &a });
                s.spawn(move || store.get(o))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("thread"))
            .collect()
    });
    assert!(got.iter().all(|e| e.outcome == Outcome::Rules));
    assert_eq!(server.hits("a.test", "/robots.txt"), 1);
    assert_eq!(server.hits("b.test", "/robots.txt"), 1);
    assert_eq!(store.entries().len(), 2);
    assert!(Arc::ptr_eq(&store.get(&a), &got[1]));
}

#[test]
fn guard_refuses_localhost_without_resolve() {
    let server = Server::start(|_, _| ok("User-agent: *\n"));
    // No --resolve: "localhost" is resolved by the system (from /etc/hosts) to loopback.
    let store = RobotsStore::new(server.options(&[])).expect("store");
    let e = store.get(&server.origin("localhost"));
    assert_eq!(e.outcome, Outcome::NotFetched, "{e:?}");
    assert_eq!(e.obtained, Obtained::NotFetched);
    let reason = e.reason.as_deref().expect("reason");
    assert!(
        reason.contains("address guard") && reason.contains("loopback"),
        "{reason}"
    );
    assert_eq!(server.total_hits(), 0);
}

#[test]
fn resolve_override_allows_localhost() {
    let server = Server::start(|_, _| ok("User-agent: *\n"));
    let e = server.fetch("localhost", &[]);
    assert_eq!(e.outcome, Outcome::Rules, "{e:?}");
    assert_eq!(server.hits("localhost", "/robots.txt"), 1);
}

#[test]
fn guard_refuses_ip_literal_hosts() {
    let server = Server::start(|_, _| ok("User-agent: *\n"));
    let mut opts = server.options(&[]);
    opts.allow_hosts.clear();
    let store = RobotsStore::new(opts).expect("store");
    let e = store.get(&server.origin("127.0.0.1"));
    assert_eq!(e.outcome, Outcome::NotFetched, "{e:?}");
    assert_eq!(
        e.reason.as_deref(),
        Some("address guard: address 127.0.0.1 is loopback")
    );
    assert_eq!(server.total_hits(), 0);
}

#[test]
fn guard_checks_every_redirect_hop() {
    let port = Arc::new(Mutex::new(0u16));
    let p = Arc::clone(&port);
    let server = Server::start(move |_, _| {
        Reply::Redirect(
            302,
            format!("http://127.0.0.1:{}/robots.txt", p.lock().expect("lock")),
        )
    });
    *port.lock().expect("lock") = server.port;
    let mut opts = server.options(&["a.test"]);
    opts.allow_hosts.clear();
    let store = RobotsStore::new(opts).expect("store");
    let e = store.get(&server.origin("a.test"));
    assert_eq!(e.outcome, Outcome::NotFetched, "{e:?}");
    assert!(e.reason.as_deref().expect("reason").contains("loopback"));
    assert_eq!(server.total_hits(), 1);
}

#[test]
fn allow_list_applies_to_redirect_hops() {
    let port = Arc::new(Mutex::new(0u16));
    let p = Arc::clone(&port);
    let server = Server::start(move |host, _| match host {
        "a.test" => Reply::Redirect(
            302,
            format!("http://b.test:{}/robots.txt", p.lock().expect("lock")),
        ),
        _ => ok("# b\n"),
    });
    *port.lock().expect("lock") = server.port;
    let opts = FetchOptions {
        allow_hosts: vec!["a.test".into()],
        ..server.options(&["a.test", "b.test"])
    };
    let store = RobotsStore::new(opts).expect("store");
    let e = store.get(&server.origin("a.test"));
    assert_eq!(e.outcome, Outcome::NotFetched, "{e:?}");
    assert!(
        e.reason
            .as_deref()
            .expect("reason")
            .contains("not in the allowed hosts")
    );
    assert_eq!(server.hits("b.test", "/robots.txt"), 0);
    let e = store.get(&server.origin("b.test"));
    assert_eq!(e.outcome, Outcome::NotFetched);
    assert_eq!(e.reason.as_deref(), Some("host not in the allowed hosts"));
}

#[test]
fn max_origins_limits_fetches() {
    let server = Server::start(|_, _| ok("User-agent: *\n"));
    let opts = FetchOptions {
        max_origins: 1,
        ..server.options(&["a.test", "b.test"])
    };
    let store = RobotsStore::new(opts).expect("store");
    assert_eq!(store.get(&server.origin("a.test")).outcome, Outcome::Rules);
    let e = store.get(&server.origin("b.test"));
    assert_eq!(e.outcome, Outcome::NotFetched);
    assert!(
        e.reason
            .as_deref()
            .expect("reason")
            .contains("limit of 1 origins")
    );
    assert_eq!(server.total_hits(), 1);
}

/// A store with a cache, reaching the server as the IP literal 127.0.0.1 with
/// `allow_private` (an origin pinned by `--resolve` bypasses the cache).
fn cached_store(dir: &Path) -> RobotsStore {
    let opts = FetchOptions {
        cache_dir: Some(dir.to_owned()),
        allow_private: true,
        allow_hosts: vec!["127.0.0.1".into()],
        connect_timeout: Duration::from_secs(2),
        total_timeout: Duration::from_secs(5),
        ..FetchOptions::default()
    };
    RobotsStore::new(opts).expect("store")
}

#[test]
fn cache_fresh_hit_avoids_request() {
    let dir = tempfile::tempdir().expect("tempdir");
    let server = Server::start(|_, _| ok("User-agent: *\nDisallow: /x\n"));
    let first = cached_store(dir.path()).get(&server.origin("127.0.0.1"));
    assert_eq!(first.obtained, Obtained::Network);
    let second = cached_store(dir.path()).get(&server.origin("127.0.0.1"));
    assert_eq!(second.obtained, Obtained::Cache, "{second:?}");
    assert_eq!(second.outcome, Outcome::Rules);
    assert_eq!(second.body_bytes(), first.body_bytes());
    assert_eq!(second.status, Some(200));
    assert_eq!(server.total_hits(), 1);
}

#[test]
fn cache_expired_refetches() {
    let dir = tempfile::tempdir().expect("tempdir");
    let server = Server::start(|_, _| {
        Reply::Canned(
            200,
            vec![("Cache-Control", "public, max-age=0".into())],
            b"# x\n".to_vec(),
        )
    });
    cached_store(dir.path()).get(&server.origin("127.0.0.1"));
    let again = cached_store(dir.path()).get(&server.origin("127.0.0.1"));
    assert_eq!(again.obtained, Obtained::Network);
    assert_eq!(server.total_hits(), 2);
}

#[test]
fn cache_corrupt_file_is_replaced() {
    let dir = tempfile::tempdir().expect("tempdir");
    let server = Server::start(|_, _| ok("# fresh\n"));
    let file = dir
        .path()
        .join(format!("http_127.0.0.1_{}.robots", server.port));
    std::fs::write(&file, b"robots-audit cache v1\nurl garbage\n\xff\xfe").expect("write");
    let e = cached_store(dir.path()).get(&server.origin("127.0.0.1"));
    assert_eq!(e.obtained, Obtained::Network);
    assert_eq!(e.outcome, Outcome::Rules);
    let stored = std::fs::read(&file).expect("replaced");
    assert!(stored.starts_with(b"robots-audit cache v2\nurl http://127.0.0.1:"));
    assert!(stored.ends_with(b"# fresh\n"));
    let again = cached_store(dir.path()).get(&server.origin("127.0.0.1"));
    assert_eq!(again.obtained, Obtained::Cache);
    assert_eq!(server.total_hits(), 1);
}

#[test]
fn cache_stands_in_while_unreachable() {
    let dir = tempfile::tempdir().expect("tempdir");
    let down = Arc::new(AtomicBool::new(false));
    let d = Arc::clone(&down);
    let server = Server::start(move |_, _| {
        if d.load(Ordering::SeqCst) {
            status(503)
        } else {
            Reply::Canned(
                200,
                vec![("Cache-Control", "max-age=0".into())],
                b"# old\n".to_vec(),
            )
        }
    });
    cached_store(dir.path()).get(&server.origin("127.0.0.1"));
    down.store(true, Ordering::SeqCst);
    let store = cached_store(dir.path());
    let e = store.get(&server.origin("127.0.0.1"));
    assert_eq!(server.total_hits(), 2);
    // The file is unreachable now; the history keeps the copy fetched before, which the
    // unreachable version stands for when requests are judged
    // (docs/judging.md, "Versions a crawler may hold").
    assert_eq!(e.outcome, Outcome::Unreachable, "{e:?}");
    let history = store.lookup(&server.origin("127.0.0.1")).expect("settled");
    let versions = history.versions();
    assert_eq!(versions.len(), 2);
    assert_eq!(versions[0].entry.obtained, Obtained::Cache);
    assert_eq!(versions[0].entry.body_bytes(), b"# old\n");
    let timeline = history.timeline(|e| e.outcome == Outcome::Rules);
    assert_eq!(timeline.effective(1), Some(0));
    // Without a cache the same fetch is unreachable, with nothing to stand for it.
    let e = server.fetch("a.test", &[]);
    assert_eq!(e.outcome, Outcome::Unreachable);
}

#[test]
fn resolve_pinned_origins_have_a_cache_of_their_own() {
    let dir = tempfile::tempdir().expect("tempdir");
    let server = Server::start(|_, _| ok("# staging\n"));
    let store = || {
        RobotsStore::new(FetchOptions {
            cache_dir: Some(dir.path().to_owned()),
            ..server.options(&["a.test"])
        })
        .expect("store")
    };
    assert_eq!(
        store().get(&server.origin("a.test")).obtained,
        Obtained::Network
    );
    assert_eq!(
        store().get(&server.origin("a.test")).obtained,
        Obtained::Cache
    );
    assert_eq!(server.total_hits(), 1);
    // Kept apart from what the public a.test would be cached as (beside the lock that
    // serialises writes to the cache).
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .expect("dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|n| n != ".robots-audit-cache.lock")
        .collect();
    assert_eq!(
        names,
        [format!("http_a.test_{}@127.0.0.1.robots", server.port)]
    );
}

#[test]
fn resolve_vouches_for_an_ip_literal_naming_itself() {
    let server = Server::start(|_, _| ok("User-agent: *\n"));
    let mut opts = server.options(&["127.0.0.1"]);
    opts.allow_hosts.clear();
    let store = RobotsStore::new(opts).expect("store");
    let e = store.get(&server.origin("127.0.0.1"));
    assert_eq!(e.outcome, Outcome::Rules, "{e:?}");
    assert_eq!(server.total_hits(), 1);
}

#[test]
fn malformed_or_missing_response_is_unreachable() {
    let server = Server::start(|host, _| match host {
        "garbage.test" => Reply::Raw(b"this is not HTTP\r\n\r\n"),
        "empty.test" => Reply::Raw(b""),
        _ => Reply::Raw(b"HTTP/1.1 301 Moved\r\nContent-Length: 0\r\n\r\n"),
    });
    let store = RobotsStore::new(server.options(&["garbage.test", "empty.test", "noloc.test"]))
        .expect("store");
    for host in ["garbage.test", "empty.test", "noloc.test"] {
        let e = store.get(&server.origin(host));
        assert_eq!(e.outcome, Outcome::Unreachable, "{host}: {e:?}");
        assert!(e.reason.is_some(), "{host}");
    }
    let e = store.get(&server.origin("noloc.test"));
    assert_eq!(e.reason.as_deref(), Some("unexpected HTTP status 301"));
}

#[test]
fn concurrency_caps_fetches_in_flight() {
    use std::sync::atomic::AtomicUsize;
    let in_flight = Arc::new(AtomicUsize::new(0));
    let peak = Arc::new(AtomicUsize::new(0));
    let (f, p) = (Arc::clone(&in_flight), Arc::clone(&peak));
    let server = Server::start(move |_, _| {
        let now = f.fetch_add(1, Ordering::SeqCst) + 1;
        p.fetch_max(now, Ordering::SeqCst);
        thread::sleep(Duration::from_millis(100));
        f.fetch_sub(1, Ordering::SeqCst);
        ok("# x\n")
    });
    let hosts = ["a.test", "b.test", "c.test", "d.test"];
    let opts = FetchOptions {
        concurrency: 2,
        ..server.options(&hosts)
    };
    let store = RobotsStore::new(opts).expect("store");
    thread::scope(|s| {
        for host in hosts {
            let (store, origin) = (&store, server.origin(host));
            s.spawn(move || assert_eq!(store.get(&origin).outcome, Outcome::Rules));
        }
    });
    assert_eq!(server.total_hits(), 4);
    assert!(
        peak.load(Ordering::SeqCst) <= 2,
        "peak {}",
        peak.load(Ordering::SeqCst)
    );
}

#[test]
fn cache_no_store_is_not_written() {
    let dir = tempfile::tempdir().expect("tempdir");
    let server = Server::start(|_, _| {
        Reply::Canned(
            200,
            vec![("Cache-Control", "no-store".into())],
            b"# x\n".to_vec(),
        )
    });
    cached_store(dir.path()).get(&server.origin("127.0.0.1"));
    assert_eq!(std::fs::read_dir(dir.path()).expect("dir").count(), 0);
    cached_store(dir.path()).get(&server.origin("127.0.0.1"));
    assert_eq!(server.total_hits(), 2);
}

#[test]
fn cache_keeps_4xx_outcomes() {
    let dir = tempfile::tempdir().expect("tempdir");
    let server = Server::start(|_, _| status(404));
    let first = cached_store(dir.path()).get(&server.origin("127.0.0.1"));
    assert_eq!(first.outcome, Outcome::AllowAll);
    let second = cached_store(dir.path()).get(&server.origin("127.0.0.1"));
    assert_eq!(second.outcome, Outcome::AllowAll);
    assert_eq!(second.obtained, Obtained::Cache);
    assert_eq!(second.status, Some(404));
    assert_eq!(second.reason.as_deref(), Some("HTTP 404"));
    assert_eq!(server.total_hits(), 1);
}

#[test]
fn tls_to_a_plain_http_server_is_unreachable() {
    // Exercises the rustls client (ring provider) up to the handshake, on loopback.
    let server = Server::start(|_, _| ok("# not over TLS\n"));
    let mut opts = server.options(&["a.test"]);
    opts.total_timeout = Duration::from_secs(3);
    let store = RobotsStore::new(opts).expect("store");
    let origin = Origin::from_host(format!("a.test:{}", server.port).as_bytes(), Scheme::Https)
        .expect("valid");
    let e = store.get(&origin);
    assert_eq!(e.outcome, Outcome::Unreachable, "{e:?}");
    assert_eq!(e.url, format!("https://a.test:{}/robots.txt", server.port));
}

/// A body sent compressed (though nothing asked for it) is read decompressed, as a crawler
/// that accepts it reads it, up to 500 KiB of it; one in an encoding the tool does not read
/// is unreachable, never parsed as the text of a file with no rules.
#[test]
fn compressed_bodies_are_read_decompressed() {
    let rules = "User-agent: *\nDisallow: /private/\n";
    let gzip = |data: &[u8]| {
        let mut z = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        z.write_all(data).unwrap();
        z.finish().unwrap()
    };
    let zlib = {
        let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
        z.write_all(rules.as_bytes()).unwrap();
        z.finish().unwrap()
    };
    let (gz, bomb) = (gzip(rules.as_bytes()), gzip(&vec![b'#'; 5 << 20]));
    assert!(bomb.len() < 64 << 10, "a small file that inflates to 5 MiB");
    let server = Server::start(move |host, _| {
        let (encoding, body) = match host {
            "gz.test" => ("gzip", gz.clone()),
            "xgz.test" => ("x-gzip", gz.clone()),
            "zlib.test" => ("deflate", zlib.clone()),
            "bomb.test" => ("gzip", bomb.clone()),
            _ => ("br", b"\x0b\x02\x80not brotli".to_vec()),
        };
        Reply::Canned(200, vec![("Content-Encoding", encoding.into())], body)
    });
    for host in ["gz.test", "xgz.test", "zlib.test"] {
        let e = server.fetch(host, &[]);
        assert_eq!(e.outcome, Outcome::Rules, "{host}: {e:?}");
        assert_eq!(e.body_bytes(), rules.as_bytes(), "{host}");
        assert_eq!(e.bytes, rules.len() as u64, "{host}");
    }
    let e = server.fetch("bomb.test", &[]);
    assert_eq!(
        (e.outcome, e.truncated, e.bytes),
        (Outcome::Rules, true, 512_000),
        "{e:?}"
    );
    let e = server.fetch("br.test", &[]);
    assert_eq!(e.outcome, Outcome::Unreachable, "{e:?}");
    assert!(
        e.reason
            .as_deref()
            .is_some_and(|r| r.contains("Content-Encoding: br")),
        "{e:?}"
    );
}
