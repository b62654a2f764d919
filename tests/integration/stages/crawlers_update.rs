//! `update-ranges` and `update-crawlers` against an HTTP server in this process.
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
    AgentLists, Category, ListOutcome, Registry, UpdateReport, Verification, Verifier,
    default_lists_dir, default_ranges_dir, update_crawlers, update_ranges,
};
use robots_audit::net::{ClientOptions, ResolveOverride};

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

    fn options(&self) -> ClientOptions {
        let pin = format!("ranges.test:{}:127.0.0.1", self.port);
        ClientOptions {
            resolve: vec![ResolveOverride::parse(&pin).expect("valid --resolve")],
            ..ClientOptions::default()
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

/// A saved list's (path, entries, skipped, date).
fn saved<'a>(report: &'a UpdateReport, name: &str) -> (&'a Path, usize, usize, Option<&'a str>) {
    match outcome(report, name) {
        ListOutcome::Saved {
            path,
            entries,
            skipped,
            date,
        } => (path, *entries, *skipped, date.as_deref()),
        other => panic!("{name}: expected saved, got {other:?}"),
    }
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
    assert_eq!(
        saved(&report, "google-common"),
        (
            dir.join("google-common.json").as_path(),
            2,
            0,
            Some("2026-11-01T00:00:00.000000")
        )
    );
    assert_eq!(json_files(&dir), ["google-common.json"]);
    assert_eq!(server.hits(), ["/googlebot.json"]);

    // The fresh copy overrides the bundled snapshot for the built-in crawlers.
    let verifier = Verifier::with_range_dir(&dir).expect("saved lists load");
    let builtin = Registry::builtin();
    let googlebot = builtin.by_name("Googlebot").expect("built in");
    let check = |addr: &str| verifier.verify(&builtin, googlebot, ip(addr));
    assert_eq!(check("192.0.2.5"), Verification::Verified);
    assert_eq!(check("2001:db8:1::1"), Verification::Verified);
    assert_eq!(check("66.249.66.1"), Verification::Spoofed);
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
            robots_audit::net::default_cache_dir().map(|d| d.join("ranges"))
        );
    }
}

// ---------------------------------------------------------------------------------------------
// `update-crawlers`: the lists of AI agents, in their publishers' formats (documents written
// here, not copies of the real lists).
// ---------------------------------------------------------------------------------------------

/// ai.robots.txt's format: an object keyed by agent name.
const AI_ROBOTS: &str = r#"{
    "ZetaFetcher": {"operator": "[Zeta Labs](https://zeta.example/bot)", "respect": "Yes",
                    "function": "AI Assistants", "frequency": "Only when prompted.",
                    "description": "Fetches pages for Zeta's assistant."},
    "GPTBot": {"operator": "Someone", "respect": "Yes", "function": "AI Agents",
               "frequency": "-", "description": "-"},
    "Quux Crawler 2.1": {"operator": "Unclear at this time.", "respect": "Unclear at this time.",
                         "function": "Scrapes data to train Quux's models.", "frequency": "-",
                         "description": "-"}
}"#;

/// The AI Crawler Index's format, dated after the bundled snapshot.
const ACI_NEW: &str = r#"{"version": "9.9.9", "data_version": "2030-01-01T00:00:00+00:00", "crawlers": [
    {"name": "OmegaBot", "token": "OmegaBot", "ua": "OmegaBot", "operator": "Omega",
     "category": "ai-search", "respects": "own-token-only", "docs": "https://omega.example/bot",
     "ua_example": "Mozilla/5.0 (compatible; OmegaBot/1.0; +https://omega.example/bot)"},
    {"name": "Bell\u0007Bot", "token": "BellBot", "ua": "BellBot", "category": "search"}
]}"#;

/// Dated before the bundled snapshot: not used in its place.
const ACI_OLD: &str = r#"{"version": "0.1", "data_version": "2020-01-01T00:00:00+00:00", "crawlers": [
    {"name": "OmegaBot", "token": "OmegaBot", "ua": "OmegaBot", "operator": "Omega", "category": "ai-search"}
]}"#;

/// A server of both lists: `/robots.json` and `/data.json`.
fn lists_server() -> Server {
    Server::start(vec![
        ("/robots.json", 200, AI_ROBOTS.to_owned()),
        ("/data.json", 200, ACI_NEW.to_owned()),
    ])
}

/// A registry file's `[lists]` pointed at `server`.
fn lists_toml(server: &Server, robots: &str, aci: &str) -> String {
    format!(
        "[lists]\nai-robots-txt = {:?}\nai-crawler-index = {:?}\n",
        server.url(robots),
        server.url(aci)
    )
}

/// The built-in registry with its `[lists]` pointed at `server`.
fn lists_registry(server: &Server, robots: &str, aci: &str) -> Registry {
    let mut registry = Registry::builtin();
    registry
        .load_extra(&lists_toml(server, robots, aci))
        .expect("test [lists]");
    registry
}

fn category_of(r: &Registry, ua: &str) -> Option<(String, String, Category)> {
    r.identify(ua.as_bytes()).known().map(|id| {
        let c = r.get(id);
        (c.name.clone(), c.operator.clone(), c.category)
    })
}

#[test]
fn agent_lists_are_saved_and_then_fill_the_registrys_gaps() {
    let server = lists_server();
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path().join("crawlers");
    let reg = lists_registry(&server, "/robots.json", "/data.json");
    let report = update_crawlers(&reg, &dir, &server.options()).expect("update runs");
    assert_eq!((report.saved(), report.failed()), (2, 0), "{report:?}");
    // In the order of precedence.
    let names: Vec<&str> = report.lists.iter().map(|l| l.name.as_str()).collect();
    assert_eq!(names, ["ai-crawler-index", "ai-robots-txt"]);
    // The bell character's entry is left out.
    assert_eq!(
        saved(&report, "ai-crawler-index"),
        (
            dir.join("ai-crawler-index.json").as_path(),
            1,
            1,
            Some("2030-01-01T00:00:00+00:00")
        )
    );
    let (_, agents, _, date) = saved(&report, "ai-robots-txt");
    assert_eq!((agents, date), (3, None));
    assert_eq!(
        json_files(&dir),
        ["ai-crawler-index.json", "ai-robots-txt.json"]
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("ai-robots-txt.json")).expect("saved"),
        AI_ROBOTS
    );

    let before = Registry::builtin();
    let after = Registry::with_lists(&AgentLists::with_dir(&dir).expect("saved lists load"));
    let zeta = "Mozilla/5.0 (compatible; ZetaFetcher/1.0; +https://zeta.example/bot)";
    assert_eq!(category_of(&before, zeta), None);
    assert_eq!(
        category_of(&after, zeta),
        Some((
            "ZetaFetcher".into(),
            "Zeta Labs".into(),
            Category::AiAssistant
        ))
    );
    assert_eq!(
        category_of(&after, "Quux Crawler/2.1").map(|c| (c.1, c.2)),
        Some((String::new(), Category::AiTraining)),
        "an unclear operator stays empty"
    );
    let omega = "Mozilla/5.0 (compatible; OmegaBot/1.0; +https://omega.example/bot)";
    assert_eq!(
        category_of(&after, omega),
        Some(("OmegaBot".into(), "Omega".into(), Category::AiSearch))
    );
    let id = after.identify(omega.as_bytes()).known().expect("known");
    assert!(!after.get(id).obeys_star, "own-token-only");
    // The registry's own entry wins over the list's description of the same agent.
    let gpt = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)";
    assert_eq!(
        category_of(&after, gpt),
        Some(("GPTBot".into(), "OpenAI".into(), Category::AiTraining))
    );
    // The newer saved index replaced the bundled one: an agent only the bundled index
    // describes is no longer known by it.
    let cotoyogi = "Cotoyogi/4.0";
    assert_eq!(
        category_of(&before, cotoyogi).map(|c| c.2),
        Some(Category::AiTraining)
    );
    assert_eq!(category_of(&after, cotoyogi), None);
}

#[test]
fn a_saved_index_older_than_the_bundled_one_is_not_used() {
    let tmp = tempfile::tempdir().expect("temp dir");
    std::fs::write(tmp.path().join("ai-crawler-index.json"), ACI_OLD).expect("write");
    let lists = AgentLists::with_dir(tmp.path()).expect("loads");
    let r = Registry::with_lists(&lists);
    assert_eq!(category_of(&r, "OmegaBot/1.0"), None);
    assert!(
        category_of(&r, "Cotoyogi/4.0").is_some(),
        "the bundled index"
    );
}

#[test]
fn bad_agent_lists_keep_the_old_copies() {
    let server = Server::start(vec![
        ("/html", 200, "<html>moved</html>".to_owned()),
        ("/empty", 200, r#"{"crawlers": []}"#.to_owned()),
        ("/robots-as-index", 200, AI_ROBOTS.to_owned()),
    ]);
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path();
    std::fs::write(dir.join("ai-robots-txt.json"), AI_ROBOTS).expect("old copy");
    std::fs::write(dir.join("ai-crawler-index.json"), ACI_NEW).expect("old copy");
    for (robots, aci) in [("/html", "/empty"), ("/missing", "/robots-as-index")] {
        let reg = lists_registry(&server, robots, aci);
        let report = update_crawlers(&reg, dir, &server.options()).expect("update runs");
        assert_eq!((report.saved(), report.failed()), (0, 2), "{report:?}");
        for l in &report.lists {
            let ListOutcome::Failed { reason } = &l.outcome else {
                panic!("{l:?}")
            };
            assert!(
                reason.starts_with("invalid list") || reason == "HTTP 404",
                "{}: {reason}",
                l.name
            );
        }
        assert_eq!(
            std::fs::read_to_string(dir.join("ai-robots-txt.json")).expect("kept"),
            AI_ROBOTS
        );
        assert_eq!(
            std::fs::read_to_string(dir.join("ai-crawler-index.json")).expect("kept"),
            ACI_NEW
        );
        assert_eq!(
            json_files(dir),
            ["ai-crawler-index.json", "ai-robots-txt.json"]
        );
    }
    // A damaged saved list is an error for whoever reads it, naming the file.
    std::fs::write(dir.join("ai-robots-txt.json"), "{").expect("damage");
    let e = AgentLists::with_dir(dir).expect_err("damaged");
    assert_eq!(e.path(), Some(dir.join("ai-robots-txt.json").as_path()));
}

#[test]
fn agent_list_urls_pass_the_address_guard() {
    let server = Server::start(vec![("/robots.json", 200, AI_ROBOTS.to_owned())]);
    let tmp = tempfile::tempdir().expect("temp dir");
    let literal = format!("http://127.0.0.1:{}/robots.json", server.port);
    let mut reg = Registry::empty();
    reg.load_extra(&format!("[lists]\nai-robots-txt = {literal:?}\n"))
        .expect("test [lists]");
    let report = update_crawlers(&reg, tmp.path(), &server.options()).expect("update runs");
    assert!(failure(&report, "ai-robots-txt").contains("address guard"));
    assert!(server.hits().is_empty(), "{:?}", server.hits());
}

#[test]
fn lists_the_program_cannot_read_are_refused_in_the_registry() {
    let mut reg = Registry::empty();
    let e = reg
        .load_extra("[lists]\nsome-other-list = \"https://example.com/list.json\"\n")
        .expect_err("unknown list");
    assert!(e.to_string().contains("ai-robots-txt"), "{e}");
}

#[test]
fn default_lists_dir_is_under_the_cache_dir() {
    if let Some(dir) = default_lists_dir() {
        assert!(dir.ends_with("robots-audit/crawlers"), "{}", dir.display());
    }
}

/// The command line: `update-crawlers` saves, then `check` and the audit use the saved lists
/// with `--crawler-lists`.
#[test]
fn update_crawlers_then_check_and_audit_with_the_saved_lists() {
    use crate::support::{audit, run, stderr};

    let server = lists_server();
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path().join("lists");
    let crawlers = tmp.path().join("crawlers.toml");
    std::fs::write(&crawlers, lists_toml(&server, "/robots.json", "/data.json")).expect("write");
    let pin = format!("ranges.test:{}:127.0.0.1", server.port);
    let o = run(
        &[
            "update-crawlers".as_ref(),
            "--dir".as_ref(),
            dir.as_os_str(),
            "--crawlers".as_ref(),
            crawlers.as_os_str(),
            "--resolve".as_ref(),
            pin.as_ref(),
        ],
        None,
    );
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{out}{}", stderr(&o));
    assert!(
        out.contains("ai-crawler-index\t")
            && out.contains(
                "saved, 1 agents (1 left out: not usable as registry entries), data of 2030-01-01"
            )
            && out.contains("saved, 3 agents, data of -")
            && out.contains("2 saved, 0 failed"),
        "{out}"
    );

    // OmegaBot ignores `*` by the saved index: allowed where `*` is disallowed.
    let robots = tmp.path().join("robots.txt");
    std::fs::write(&robots, "User-agent: *\nDisallow: /\n").expect("write");
    let check = |lists: Option<&std::path::Path>| {
        let mut args: Vec<&std::ffi::OsStr> = vec![
            "check".as_ref(),
            "--robots".as_ref(),
            robots.as_os_str(),
            "--user-agent".as_ref(),
            "Mozilla/5.0 (compatible; OmegaBot/1.0)".as_ref(),
        ];
        if let Some(l) = lists {
            args.extend(["--crawler-lists".as_ref(), l.as_os_str()]);
        }
        args.push("https://example.com/page".as_ref());
        let o = run(&args, None);
        String::from_utf8_lossy(&o.stdout)
            .split('\t')
            .next()
            .unwrap_or("")
            .to_owned()
    };
    assert_eq!(check(None), "disallowed");
    assert_eq!(check(Some(&dir)), "allowed");

    // The audit's summary names the agent, its operator and its category.
    let log = tmp.path().join("zeta.log");
    std::fs::write(
        &log,
        "www.example.com:443 192.0.2.1 - - [20/Nov/2026:10:00:00 +0000] \"GET /about HTTP/1.1\" 200 10 \"-\" \"Mozilla/5.0 (compatible; ZetaFetcher/1.0; +https://zeta.example/bot)\"\n",
    )
    .expect("write");
    let summary = tmp.path().join("summary.csv");
    let lists = [
        "--crawler-lists".as_ref(),
        dir.as_os_str(),
        "--summary".as_ref(),
        summary.as_os_str(),
        "-q".as_ref(),
    ];
    let o = audit(&log, &lists);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = std::fs::read_to_string(&summary).expect("summary");
    assert!(
        text.lines()
            .any(|l| l.starts_with("www.example.com,ZetaFetcher,Zeta Labs,ai-assistant,1,")),
        "{text}"
    );

    // A --crawler-lists folder that cannot be read is an error naming the option.
    std::fs::write(dir.join("ai-robots-txt.json"), "{").expect("damage");
    let o = audit(&log, &lists);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--crawler-lists"), "{}", stderr(&o));
}
