//! `update-ranges` against an HTTP server in this process.
//!
//! The server binds 127.0.0.1:0 and answers from a table of paths, std only. The range list
//! URLs name the host `ranges.test` with the server's port, pinned to 127.0.0.1 by a
//! `--resolve` override, so nothing is resolved and no packet leaves loopback; the real
//! published URLs are never fetched.

use std::io::{BufRead, BufReader, Write};
use std::net::{IpAddr, TcpListener, TcpStream};
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::thread;

use robots_audit::crawlers::{
    ListOutcome, Registry, UpdateReport, Verifier, VerifyResult, default_ranges_dir, update_ranges,
};
use robots_audit::fetch::{FetchOptions, ResolveOverride};

const GOOD: &str = r#"{"creationTime": "2026-11-01T00:00:00.000000", "prefixes": [
    {"ipv4Prefix": "192.0.2.0/24"}, {"ipv6Prefix": "2001:db8:1::/48"}]}"#;

const OLD: &str = r#"{"creationTime": "2026-01-01T00:00:00.000000", "prefixes": [
    {"ipv4Prefix": "198.51.100.0/24"}]}"#;

struct Server {
    port: u16,
    hits: Arc<Mutex<Vec<String>>>,
}

impl Server {
    /// Serves `routes` (path → status, Location or body); other paths are 404.
    fn start(routes: Vec<(&'static str, u16, String)>) -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1:0");
        let port = listener.local_addr().expect("local addr").port();
        let hits = Arc::new(Mutex::new(Vec::new()));
        let seen = Arc::clone(&hits);
        let routes = Arc::new(routes);
        thread::spawn(move || {
            for stream in listener.incoming() {
                let Ok(stream) = stream else { continue };
                let (routes, seen) = (Arc::clone(&routes), Arc::clone(&seen));
                thread::spawn(move || serve(stream, &routes, &seen));
            }
        });
        Server { port, hits }
    }

    fn url(&self, path: &str) -> String {
        format!("http://ranges.test:{}{path}", self.port)
    }

    fn options(&self) -> FetchOptions {
        let pin = format!("ranges.test:{}:127.0.0.1", self.port);
        FetchOptions {
            resolve: vec![ResolveOverride::parse(&pin).expect("valid --resolve")],
            ..FetchOptions::default()
        }
    }

    fn hits(&self) -> Vec<String> {
        self.hits.lock().expect("hits").clone()
    }
}

fn serve(stream: TcpStream, routes: &[(&str, u16, String)], seen: &Mutex<Vec<String>>) {
    let mut reader = BufReader::new(stream.try_clone().expect("clone stream"));
    let mut line = String::new();
    if reader.read_line(&mut line).is_err() {
        return;
    }
    let path = line.split_whitespace().nth(1).unwrap_or("").to_owned();
    loop {
        let mut header = String::new();
        match reader.read_line(&mut header) {
            Ok(0) | Err(_) => return,
            Ok(_) if header == "\r\n" => break,
            Ok(_) => {}
        }
    }
    seen.lock().expect("hits").push(path.clone());
    let (status, text) = routes
        .iter()
        .find(|(p, _, _)| *p == path)
        .map_or((404, "not found".to_owned()), |(_, s, t)| (*s, t.clone()));
    let response = if (300..400).contains(&status) {
        format!(
            "HTTP/1.1 {status} Moved\r\nLocation: {text}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
        )
    } else {
        format!(
            "HTTP/1.1 {status} X\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{text}",
            text.len()
        )
    };
    let mut stream = stream;
    let _ = stream.write_all(response.as_bytes());
}

fn registry(lists: &[(&str, String)]) -> Registry {
    let mut registry = Registry::empty();
    let mut text = String::from("[ranges]\n");
    for (name, url) in lists {
        text.push_str(&format!("{name} = {url:?}\n"));
    }
    registry.load_extra(&text).expect("test registry");
    registry
}

fn outcome<'a>(report: &'a UpdateReport, name: &str) -> &'a ListOutcome {
    &report
        .lists
        .iter()
        .find(|l| l.name == name)
        .unwrap_or_else(|| panic!("{name} in the report"))
        .outcome
}

fn failure(report: &UpdateReport, name: &str) -> String {
    match outcome(report, name) {
        ListOutcome::Failed { reason } => reason.clone(),
        other => panic!("{name}: expected a failure, got {other:?}"),
    }
}

fn ip(s: &str) -> IpAddr {
    s.parse().expect("test address")
}

fn json_files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("read dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn good_list_is_saved_and_then_used() {
    let server = Server::start(vec![("/googlebot.json", 200, GOOD.to_owned())]);
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path().join("ranges");
    let reg = registry(&[("google-common", server.url("/googlebot.json"))]);
    let report = update_ranges(&reg, &dir, &server.options()).expect("update runs");
    assert_eq!((report.saved(), report.failed()), (1, 0));
    match outcome(&report, "google-common") {
        ListOutcome::Saved {
            path,
            prefixes,
            creation_time,
        } => {
            assert_eq!(path, &dir.join("google-common.json"));
            assert_eq!(*prefixes, 2);
            assert_eq!(creation_time.as_deref(), Some("2026-11-01T00:00:00.000000"));
        }
        other => panic!("expected saved, got {other:?}"),
    }
    assert_eq!(json_files(&dir), ["google-common.json"]);
    assert_eq!(server.hits(), ["/googlebot.json"]);

    // The fresh copy overrides the bundled snapshot for the built-in crawlers.
    let verifier = Verifier::with_range_dir(&dir).expect("saved lists load");
    let builtin = Registry::builtin();
    let googlebot = builtin.by_name("Googlebot").expect("built in");
    let check = |addr: &str| verifier.verify(&builtin, googlebot, ip(addr));
    assert_eq!(check("192.0.2.5"), VerifyResult::Verified);
    assert_eq!(check("2001:db8:1::1"), VerifyResult::Verified);
    assert_eq!(check("66.249.66.1"), VerifyResult::Spoofed);
}

#[test]
fn bad_list_keeps_the_old_copy() {
    let server = Server::start(vec![
        ("/not-json.json", 200, "<html>moved</html>".to_owned()),
        (
            "/bad-prefix.json",
            200,
            r#"{"prefixes": [{"ipv4Prefix": "10.0.0.0/33"}]}"#.to_owned(),
        ),
        ("/empty.json", 200, r#"{"prefixes": []}"#.to_owned()),
    ]);
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path();
    for name in ["a", "b", "c"] {
        std::fs::write(dir.join(format!("{name}.json")), OLD).expect("old copy");
    }
    let reg = registry(&[
        ("a", server.url("/not-json.json")),
        ("b", server.url("/bad-prefix.json")),
        ("c", server.url("/empty.json")),
    ]);
    let report = update_ranges(&reg, dir, &server.options()).expect("update runs");
    assert_eq!((report.saved(), report.failed()), (0, 3));
    for name in ["a", "b", "c"] {
        let reason = failure(&report, name);
        assert!(reason.starts_with("invalid list"), "{name}: {reason}");
        let kept = std::fs::read_to_string(dir.join(format!("{name}.json"))).expect("kept");
        assert_eq!(kept, OLD, "{name}");
    }
    // No temporary file is left behind.
    assert_eq!(json_files(dir), ["a.json", "b.json", "c.json"]);
    // The old copies still load.
    let verifier = Verifier::with_range_dir(dir).expect("old lists load");
    assert_eq!(verifier.list("a").expect("a").prefix_count(), 1);
}

#[test]
fn http_errors_are_reported_per_list() {
    let server = Server::start(vec![
        ("/ok.json", 200, GOOD.to_owned()),
        ("/boom.json", 503, "busy".to_owned()),
    ]);
    let tmp = tempfile::tempdir().expect("temp dir");
    let reg = registry(&[
        ("gone", server.url("/missing.json")),
        ("busy", server.url("/boom.json")),
        ("fine", server.url("/ok.json")),
    ]);
    let report = update_ranges(&reg, tmp.path(), &server.options()).expect("update runs");
    assert_eq!((report.saved(), report.failed()), (1, 2));
    assert_eq!(failure(&report, "gone"), "HTTP 404");
    assert_eq!(failure(&report, "busy"), "HTTP 503");
    assert_eq!(json_files(tmp.path()), ["fine.json"]);
    // In the registry's (name) order.
    let names: Vec<&str> = report.lists.iter().map(|l| l.name.as_str()).collect();
    assert_eq!(names, ["busy", "fine", "gone"]);
}

#[test]
fn address_guard_applies_to_urls_and_redirects() {
    let server = Server::start(vec![("/ok.json", 200, GOOD.to_owned())]);
    // The redirect target is only known once the port is: serve it from a second server.
    let literal = format!("http://127.0.0.1:{}/ok.json", server.port);
    let redirector = Server::start(vec![("/to-literal", 302, literal.clone())]);
    let tmp = tempfile::tempdir().expect("temp dir");
    let reg = registry(&[
        ("direct", literal.clone()),
        ("redirected", redirector.url("/to-literal")),
    ]);
    let mut opts = redirector.options();
    opts.resolve.extend(server.options().resolve);
    let report = update_ranges(&reg, tmp.path(), &opts).expect("update runs");
    for name in ["direct", "redirected"] {
        let reason = failure(&report, name);
        assert!(reason.contains("address guard"), "{name}: {reason}");
    }
    // The loopback literal was never connected to.
    assert!(server.hits().is_empty(), "{:?}", server.hits());
    assert_eq!(redirector.hits(), ["/to-literal"]);

    // Named by --resolve, the literal is the user's choice and allowed.
    let vouch = format!("127.0.0.1:{}:127.0.0.1", server.port);
    opts.resolve
        .push(ResolveOverride::parse(&vouch).expect("valid --resolve"));
    let report = update_ranges(&reg, tmp.path(), &opts).expect("update runs");
    assert_eq!((report.saved(), report.failed()), (2, 0), "{report:?}");
}

#[test]
fn unsafe_list_names_are_refused() {
    let server = Server::start(vec![("/ok.json", 200, GOOD.to_owned())]);
    let tmp = tempfile::tempdir().expect("temp dir");
    let reg = registry(&[
        ("\"../escape\"", server.url("/ok.json")),
        ("\".hidden\"", server.url("/ok.json")),
    ]);
    let report = update_ranges(&reg, tmp.path(), &server.options()).expect("update runs");
    assert_eq!(report.failed(), 2);
    assert!(server.hits().is_empty());
    assert!(json_files(tmp.path()).is_empty());
}

#[test]
fn default_dir_is_under_the_cache_dir() {
    if let Some(dir) = default_ranges_dir() {
        assert!(dir.ends_with("robots-audit/ranges"), "{}", dir.display());
        assert_eq!(
            Some(dir.clone()),
            FetchOptions::default_cache_dir().map(|d| d.join("ranges"))
        );
    }
}
