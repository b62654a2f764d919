//! Fetching robots.txt over HTTP from the binary, against a server on 127.0.0.1 that serves
//! `testdata/robots-dir` by Host header. Every host the audit may fetch is pinned to
//! 127.0.0.1 with `--resolve` and limited with `--allow-host`; no packet leaves loopback.

use std::collections::HashMap;
use std::ffi::OsString;
use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use crate::support::{rows, run, stderr, testdata};

/// Serves `DIR/<host>/robots.txt` (404 when absent) and counts requests per Host header.
struct Server {
    port: u16,
    hits: Arc<Mutex<HashMap<String, usize>>>,
}

impl Server {
    fn start(dir: PathBuf) -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1:0");
        let port = listener.local_addr().unwrap().port();
        let hits = Arc::new(Mutex::new(HashMap::new()));
        let counter = Arc::clone(&hits);
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                let Ok(stream) = stream else { continue };
                let (dir, counter) = (dir.clone(), Arc::clone(&counter));
                std::thread::spawn(move || {
                    let mut reader = BufReader::new(&stream);
                    let mut line = String::new();
                    let _ = reader.read_line(&mut line);
                    let path = line.split(' ').nth(1).unwrap_or("").to_string();
                    let mut host = String::new();
                    loop {
                        let mut h = String::new();
                        match reader.read_line(&mut h) {
                            Ok(0) | Err(_) => return,
                            Ok(_) if h == "\r\n" => break,
                            Ok(_) => {
                                if let Some((n, v)) = h.split_once(':')
                                    && n.eq_ignore_ascii_case("host")
                                {
                                    host = v.trim().to_string();
                                }
                            }
                        }
                    }
                    *counter.lock().unwrap().entry(host.clone()).or_default() += 1;
                    let name = host.rsplit_once(':').map_or(host.as_str(), |(h, _)| h);
                    let body = (path == "/robots.txt")
                        .then(|| std::fs::read(dir.join(name).join("robots.txt")).ok())
                        .flatten();
                    // `Cache-Control` from the host's `cache-control` file, if any.
                    let cache_control =
                        std::fs::read_to_string(dir.join(name).join("cache-control"))
                            .unwrap_or_else(|_| "no-cache".to_string());
                    let mut out = &stream;
                    let _ = match body {
                        Some(b) => out
                            .write_all(format!("HTTP/1.1 200 OK\r\nContent-Length: {}\r\nCache-Control: {cache_control}\r\nConnection: close\r\n\r\n", b.len()).as_bytes())
                            .and_then(|_| out.write_all(&b)),
                        None => out.write_all(b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"),
                    };
                });
            }
        });
        Server { port, hits }
    }

    fn hits(&self) -> HashMap<String, usize> {
        self.hits.lock().unwrap().clone()
    }
}

fn args(list: &[&str]) -> Vec<OsString> {
    list.iter().map(OsString::from).collect()
}

/// `--resolve NAME:PORT:127.0.0.1 --allow-host NAME` for each name: every host fetched is
/// pinned to loopback.
fn pinned(names: &[&str], port: u16) -> Vec<OsString> {
    names
        .iter()
        .flat_map(|name| {
            args(&[
                "--resolve",
                &format!("{name}:{port}:127.0.0.1"),
                "--allow-host",
                name,
            ])
        })
        .collect()
}

fn run_args(a: &[OsString]) -> std::process::Output {
    let refs: Vec<&std::ffi::OsStr> = a.iter().map(|s| s.as_os_str()).collect();
    run(&refs, None)
}

#[test]
fn hosts_naming_this_machine_are_never_fetched_unless_resolve_names_them() {
    let server = Server::start(testdata("robots-dir"));
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("local.log");
    let mut text = String::new();
    for (i, host) in [
        format!("localhost:{}", server.port),
        format!("127.0.0.1:{}", server.port),
    ]
    .iter()
    .enumerate()
    {
        text.push_str(&format!(
            "{host} 192.0.2.{i} - - [20/Nov/2026:10:00:0{i} +0000] \"GET /private/ HTTP/1.1\" 200 5 \"-\" \"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)\"\n"
        ));
    }
    std::fs::write(&log, text).unwrap();
    let hosts_csv = dir.path().join("hosts.csv");
    let base = args(&[
        log.to_str().unwrap(),
        "--scheme",
        "http",
        "--no-cache",
        "--timeout",
        "5",
        "--hosts",
        hosts_csv.to_str().unwrap(),
        "-q",
    ]);

    // Nothing could be judged: the run fails (a cron job must hear of it), says why for each
    // host, and writes no report.
    let o = run_args(&base);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        server.hits().is_empty(),
        "the guard let a request through: {:?}",
        server.hits()
    );
    let err = stderr(&o);
    assert!(
        err.contains("2 of 2 hosts with crawler traffic")
            && err.matches("address guard").count() == 2,
        "{err}"
    );
    assert!(
        !hosts_csv.exists(),
        "no report for a run that judged nothing"
    );

    // Named with --resolve, the user's explicit choice: fetched once each.
    let mut named = base.clone();
    for host in ["localhost", "127.0.0.1"] {
        named.extend(args(&[
            "--resolve",
            &format!("{host}:{}:127.0.0.1", server.port),
        ]));
    }
    let o = run_args(&named);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let hits = server.hits();
    assert_eq!(
        hits.get(&format!("localhost:{}", server.port)),
        Some(&1),
        "{hits:?}"
    );
    assert_eq!(
        hits.get(&format!("127.0.0.1:{}", server.port)),
        Some(&1),
        "{hits:?}"
    );
}

#[test]
fn fetched_over_http_gives_the_same_report_as_robots_dir() {
    let server = Server::start(testdata("robots-dir"));
    let port = server.port;
    let dir = tempfile::tempdir().unwrap();
    // The test data's hosts moved to the server's port (plain http).
    // (Lossy: the malformed binary lines stay malformed; both runs read the same file.)
    let text =
        String::from_utf8_lossy(&std::fs::read(testdata("access.log")).unwrap()).into_owned();
    let names = [
        "www.example.com",
        "shop.example.com",
        "blog.example.org",
        "api.example.com",
    ];
    let mut moved = text.clone();
    for name in names {
        moved = moved.replace(&format!("{name}:443 "), &format!("{name}:{port} "));
        moved = moved.replace(&format!("{name}:80 "), &format!("{name}:{port} "));
    }
    let log = dir.path().join("moved.log");
    std::fs::write(&log, moved).unwrap();
    // The same robots.txt files saved under the contract's `<host>:<port>` folder names.
    let saved = dir.path().join("saved");
    for name in names {
        let src = testdata(&format!("robots-dir/{name}/robots.txt"));
        if src.exists() {
            let d = saved.join(format!("{name}:{port}"));
            std::fs::create_dir_all(&d).unwrap();
            std::fs::copy(&src, d.join("robots.txt")).unwrap();
        }
    }
    let common = args(&[
        log.to_str().unwrap(),
        "--scheme",
        "http",
        "--no-cache",
        "-q",
    ]);

    let mut offline = common.clone();
    offline.extend(args(&["--robots-dir", saved.to_str().unwrap()]));
    let a = run_args(&offline);
    assert_eq!(a.status.code(), Some(0), "{}", stderr(&a));

    let mut online = common.clone();
    online.extend(pinned(&names, port));
    let b = run_args(&online);
    assert_eq!(b.status.code(), Some(0), "{}", stderr(&b));

    assert!(rows(&a.stdout).len() > 20);
    assert_eq!(
        String::from_utf8_lossy(&a.stdout),
        String::from_utf8_lossy(&b.stdout)
    );
    // Once per origin, however many requests and workers.
    let hits = server.hits();
    assert_eq!(hits.len(), 4, "{hits:?}");
    assert!(
        hits.values().all(|n| *n == 1),
        "fetched more than once: {hits:?}"
    );
}

#[test]
fn two_nightly_runs_build_the_history_of_a_changing_file_in_the_cache() {
    two_nightly_runs("no-cache");
}

/// A version served with `no-store` stays out of the cache, but the versions the cache
/// holds before it are still its history: a request older than it is not judged by it.
#[test]
fn a_version_served_no_store_keeps_the_history_before_it() {
    two_nightly_runs("no-store");
}

/// One site, `a.test`, served from a folder of its own on 127.0.0.1, and audits of one log
/// of it through a cache of their own.
struct Nightly {
    site: tempfile::TempDir,
    server: Server,
    work: tempfile::TempDir,
    host: String,
}

impl Nightly {
    fn new(robots: &str) -> Nightly {
        let site = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(site.path().join("a.test")).unwrap();
        let server = Server::start(site.path().to_path_buf());
        let host = format!("a.test:{}", server.port);
        let nightly = Nightly {
            site,
            server,
            work: tempfile::tempdir().unwrap(),
            host,
        };
        nightly.serve(robots, None);
        nightly
    }

    /// From now on the site serves `robots`, with `Cache-Control: cache_control` (the
    /// server's `no-cache` when `None`).
    fn serve(&self, robots: &str, cache_control: Option<&str>) {
        let dir = self.site.path().join("a.test");
        std::fs::write(dir.join("robots.txt"), robots).unwrap();
        let file = dir.join("cache-control");
        match cache_control {
            Some(value) => std::fs::write(file, value).unwrap(),
            None => drop(std::fs::remove_file(file)),
        }
    }

    fn cache(&self) -> PathBuf {
        self.work.path().join("cache")
    }

    fn log(&self) -> PathBuf {
        self.work.path().join("access.log")
    }

    /// A request of NightBot at `unix` for `path`.
    fn line(&self, unix: i64, path: &str) -> String {
        let stamp = jiff::Timestamp::from_second(unix)
            .unwrap()
            .strftime("%d/%b/%Y:%H:%M:%S +0000");
        format!(
            "{} 192.0.2.1 - - [{stamp}] \"GET {path} HTTP/1.1\" 200 5 \"-\" \"NightBot/1.0 (+https://bots.example/)\"\n",
            self.host
        )
    }

    /// Audits the log as it is, the host pinned to the server; exit 0.
    fn audit_log(&self, extra: &[&str]) -> std::process::Output {
        let mut a = args(&[
            self.log().to_str().unwrap(),
            "--scheme",
            "http",
            "--cache-dir",
            self.cache().to_str().unwrap(),
            "--resolve",
            &format!("{}:127.0.0.1", self.host),
            "--allow-host",
            "a.test",
            "-q",
        ]);
        a.extend(args(extra));
        let o = run_args(&a);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        o
    }

    /// Writes `log` and audits it.
    fn audit(&self, log: &str, extra: &[&str]) -> std::process::Output {
        std::fs::write(self.log(), log).unwrap();
        self.audit_log(extra)
    }

    /// The fetches of robots.txt the site has answered.
    fn hits(&self) -> usize {
        self.server.hits().get(&self.host).copied().unwrap_or(0)
    }
}

fn now() -> i64 {
    jiff::Timestamp::now().as_second()
}

/// (path, evidence) of each violation row.
fn paths_and_evidence(out: &[u8]) -> Vec<(String, String)> {
    rows(out)
        .iter()
        .map(|r| (r["path"].to_owned(), r["evidence"].to_owned()))
        .collect()
}

/// The site's robots.txt changes between two runs, the second version served with
/// `Cache-Control: {second}`; the second run judges each request by the version in force at
/// its time (docs/judging.md, "Where versions come from").
fn two_nightly_runs(second: &str) {
    let site = Nightly::new("User-agent: *\nDisallow: /a/\n");
    let t1 = now();
    site.audit(&site.line(t1, "/"), &[]);
    site.serve("User-agent: *\nDisallow: /b/\n", Some(second));
    std::thread::sleep(std::time::Duration::from_millis(1100));
    let t2 = now();
    let hosts = site.work.path().join("hosts.csv");
    let log = [
        site.line(t1 - 3600, "/a/before"),
        site.line(t2 + 600, "/a/after"),
        site.line(t2 + 600, "/b/after"),
    ]
    .concat();
    let o = site.audit(&log, &["--leeway", "0", "--hosts", hosts.to_str().unwrap()]);
    assert_eq!(site.hits(), 2, "fetched once per run");
    assert_eq!(
        paths_and_evidence(&o.stdout),
        [
            ("/a/before".to_owned(), "assumed".to_owned()),
            ("/b/after".to_owned(), "in-force".to_owned())
        ]
    );
    let h = rows(&std::fs::read(&hosts).unwrap());
    assert_eq!(&h[0]["versions"], "2");
    // The fetch command shows what the cache knows.
    let o = run_args(&args(&[
        "fetch",
        &format!("http://{}", site.host),
        "--cache-dir",
        site.cache().to_str().unwrap(),
        "--resolve",
        &format!("{}:127.0.0.1", site.host),
    ]));
    let text = String::from_utf8_lossy(&o.stdout).into_owned();
    // Fetched a third time with the same content: still two versions, the second longer.
    assert!(text.contains("versions:  2"), "{text}");
    assert_eq!(text.matches(": rules 200 (28 bytes").count(), 2, "{text}");
}

/// robots.txt answered the tool 404 (a firewall refusing it alone, say) while the log shows
/// a crawler getting it with 200: everything is allowed, as for a site with no file, but a
/// warning and the hosts report say the log contradicts that.
#[test]
fn a_file_refused_to_the_tool_but_served_to_crawlers_is_said() {
    let site = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(site.path().join("waf.test")).unwrap();
    let server = Server::start(site.path().to_path_buf());
    let host = format!("waf.test:{}", server.port);
    let work = tempfile::tempdir().unwrap();
    let log = work.path().join("access.log");
    let google = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    std::fs::write(
        &log,
        format!(
            "{host} 66.249.66.1 - - [20/Nov/2026:10:00:00 +0000] \"GET /robots.txt HTTP/1.1\" 200 33 \"-\" \"{google}\"\n\
             {host} 66.249.66.1 - - [20/Nov/2026:10:00:05 +0000] \"GET /private/x HTTP/1.1\" 200 10 \"-\" \"{google}\"\n"
        ),
    )
    .unwrap();
    let hosts = work.path().join("hosts.csv");
    let o = run_args(&args(&[
        log.to_str().unwrap(),
        "--scheme",
        "http",
        "--no-cache",
        "--resolve",
        &format!("{host}:127.0.0.1"),
        "--allow-host",
        "waf.test",
        "--hosts",
        hosts.to_str().unwrap(),
        "--out",
        work.path().join("v.csv").to_str().unwrap(),
    ]));
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(
        err.contains("robots.txt answered robots-audit 4xx")
            && err.contains(&format!("http://{host}: HTTP 404")),
        "{err}"
    );
    let h = rows(&std::fs::read(&hosts).unwrap());
    assert!(
        h[0]["reason"].contains("crawlers in the log got it (2xx)"),
        "{h:?}"
    );
}

/// Every file under `dir`, at any depth.
fn walk(dir: &std::path::Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(walk(&path));
        } else {
            out.push(path);
        }
    }
    out
}

/// A cache file that does not parse any more is named in a warning (its versions are lost
/// when the fetch replaces it), never dropped without a word.
#[test]
fn a_damaged_cache_file_is_said() {
    let site = Nightly::new("User-agent: *\nDisallow: /a/\n");
    let t1 = now();
    let o = site.audit(&site.line(t1, "/"), &[]);
    assert!(!stderr(&o).contains("damaged"), "{}", stderr(&o));
    let files: Vec<PathBuf> = walk(&site.cache())
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "robots"))
        .collect();
    assert_eq!(files.len(), 1, "{:?}", walk(&site.cache()));
    let mut data = std::fs::read(&files[0]).unwrap();
    data.push(b'x');
    std::fs::write(&files[0], data).unwrap();
    std::fs::write(site.log(), site.line(t1, "/a/x")).unwrap();
    let page = tempfile::tempdir().unwrap();
    let html = page.path().join("report.html");
    // Not quiet: warnings are looked for.
    let o = run_args(&args(&[
        site.log().to_str().unwrap(),
        "--scheme",
        "http",
        "--cache-dir",
        site.cache().to_str().unwrap(),
        "--resolve",
        &format!("{}:127.0.0.1", site.host),
        "--allow-host",
        "a.test",
        "--html",
        html.to_str().unwrap(),
    ]));
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(
        err.contains("warning: cache file") && err.contains("damaged"),
        "{err}"
    );
    assert_eq!(err.matches("warning: cache file").count(), 1, "{err}");
    assert_eq!(site.hits(), 2, "fetched again");
    // The page, read without the terminal, says it too.
    let page = std::fs::read_to_string(&html).unwrap();
    let warnings = &page[page.find("Warnings of the run:").expect("a warnings list")..];
    let warnings = &warnings[..warnings.find("</ul>").unwrap()];
    assert!(
        warnings.contains("warning: cache file")
            && warnings.contains("the versions it held are lost"),
        "{warnings}"
    );
}

/// A cached robots.txt, however fresh, stands only for requests before it was fetched: a log
/// written after that fetch has it fetched again, so a change in between is seen; a log
/// last written before it is judged from the cache alone (docs/judging.md, "Where versions
/// come from").
#[test]
fn a_fresh_cache_is_fetched_again_for_a_log_written_after_it() {
    let site = Nightly::new("User-agent: *\nDisallow: /a/\n");
    site.serve("User-agent: *\nDisallow: /a/\n", Some("max-age=86400"));
    site.audit(&site.line(now(), "/"), &[]);
    assert_eq!(site.hits(), 1);
    site.serve("User-agent: *\nDisallow: /b/\n", Some("max-age=86400"));
    std::thread::sleep(std::time::Duration::from_millis(1100));
    let t2 = now();
    let hosts = site.work.path().join("hosts.csv");
    let report = ["--leeway", "0", "--hosts", hosts.to_str().unwrap()];
    // After this run's fetch (before it, either version may have been in force).
    let log = [site.line(t2 + 600, "/a/x"), site.line(t2 + 600, "/b/x")].concat();
    let o = site.audit(&log, &report);
    assert_eq!(site.hits(), 2, "the cache is fresh, but older than the log");
    let b_only = [("/b/x".to_owned(), "in-force".to_owned())];
    assert_eq!(paths_and_evidence(&o.stdout), b_only);
    assert_eq!(
        &rows(&std::fs::read(&hosts).unwrap())[0]["obtained"],
        "network"
    );

    // The same log, as if last written an hour ago: both versions were fetched after it.
    let log = std::fs::File::options()
        .write(true)
        .open(site.log())
        .unwrap();
    let hour_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
    log.set_modified(hour_ago).unwrap();
    drop(log);
    let o = site.audit_log(&report);
    assert_eq!(site.hits(), 2, "judged from the cache");
    assert_eq!(paths_and_evidence(&o.stdout), b_only);
    assert_eq!(
        &rows(&std::fs::read(&hosts).unwrap())[0]["obtained"],
        "cache"
    );
}

/// A server that accepts connections and never answers; it notes when each was accepted.
struct Silent {
    port: u16,
    accepted: Arc<Mutex<Vec<std::time::Instant>>>,
}

impl Silent {
    fn start() -> Silent {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1:0");
        let port = listener.local_addr().unwrap().port();
        let accepted = Arc::new(Mutex::new(Vec::new()));
        let times = Arc::clone(&accepted);
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                let Ok(stream) = stream else { continue };
                times.lock().unwrap().push(std::time::Instant::now());
                std::thread::spawn(move || {
                    // Read until the client gives up; answer nothing.
                    let mut buf = [0u8; 1024];
                    let mut s = &stream;
                    while matches!(std::io::Read::read(&mut s, &mut buf), Ok(n) if n > 0) {}
                });
            }
        });
        Silent { port, accepted }
    }
}

/// A log with one crawler request to each of `hosts`.
fn log_for(dir: &std::path::Path, hosts: &[String]) -> PathBuf {
    let log = dir.join("many.log");
    let text: String = hosts
        .iter()
        .enumerate()
        .map(|(i, h)| {
            format!(
                "{h} 192.0.2.1 - - [20/Nov/2026:10:00:{:02} +0000] \"GET /x HTTP/1.1\" 200 5 \"-\" \"Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)\"\n",
                i % 60
            )
        })
        .collect();
    std::fs::write(&log, text).unwrap();
    log
}

#[test]
fn silent_origins_are_fetched_at_once_and_the_fetch_phase_is_bounded() {
    let server = Silent::start();
    let dir = tempfile::tempdir().unwrap();
    let hosts: Vec<String> = (0..24)
        .map(|i| format!("h{i}.test:{}", server.port))
        .collect();
    let log = log_for(dir.path(), &hosts);
    let mut base = args(&[
        log.to_str().unwrap(),
        "--scheme",
        "http",
        "--no-cache",
        "--timeout",
        "3",
        "--fetch-concurrency",
        "8",
    ]);
    for h in &hosts {
        base.extend(args(&["--resolve", &format!("{h}:127.0.0.1")]));
    }
    // Every origin times out: none could be judged, the run says so and fails.
    let o = run_args(&base);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(err.contains("24 of 24 hosts"), "{err}");
    assert!(err.contains("timed out"), "{err}");
    assert!(
        err.contains("and 19 more"),
        "the first five and a count: {err}"
    );
    assert!(err.lines().count() < 10, "no flood: {err}");
    // No fetch ends before its 3 s timeout: the connections made in the first 2 s are the
    // fetches in flight at once.
    let accepted = server.accepted.lock().unwrap().clone();
    let first = accepted[0];
    let at_once = accepted
        .iter()
        .filter(|t| t.duration_since(first) < std::time::Duration::from_secs(2))
        .count();
    assert!(
        (2..=8).contains(&at_once),
        "fetched at once, at most 8: {at_once}"
    );
    assert_eq!(accepted.len(), 24, "each origin fetched once");
    // A budget for the whole phase shorter than one fetch: left over, said so.
    let mut budget = base.clone();
    budget.extend(args(&["--fetch-budget", "1"]));
    let o = run_args(&budget);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("fetch budget of 1 s spent"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn over_max_origins_the_busiest_are_fetched_whatever_the_thread_count() {
    let server = Server::start(testdata("robots-dir"));
    let dir = tempfile::tempdir().unwrap();
    // Thirty origins, origin i with i + 1 crawler requests; junk hosts outside --allow-host
    // in front of them are never fetched and do not count against the limit.
    let names: Vec<String> = (0..30)
        .map(|i| format!("site{i:02}.test:{}", server.port))
        .collect();
    let mut hosts: Vec<String> = (0..200)
        .map(|i| format!("junk{i}.invalid:{}", server.port))
        .collect();
    for (i, n) in names.iter().enumerate() {
        hosts.extend(std::iter::repeat_n(n.clone(), i + 1));
    }
    let log = log_for(dir.path(), &hosts);
    let run_with = |threads: &str| {
        let hosts_csv = dir.path().join(format!("hosts-{threads}.csv"));
        let mut a = args(&[
            log.to_str().unwrap(),
            "--scheme",
            "http",
            "--no-cache",
            "--max-origins",
            "10",
            "--allow-host",
            "*.test",
            "--threads",
            threads,
            "--hosts",
            hosts_csv.to_str().unwrap(),
        ]);
        for n in &names {
            a.extend(args(&["--resolve", &format!("{n}:127.0.0.1")]));
        }
        let o = run_args(&a);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let err = stderr(&o);
        (o.stdout, std::fs::read(hosts_csv).unwrap(), err)
    };
    let (v1, h1, err) = run_with("1");
    let fetched: Vec<String> = rows(&h1)
        .iter()
        .filter(|h| &h["obtained"] == "network")
        .map(|h| h["host"].to_string())
        .collect();
    // The ten with the most crawler requests: site20 … site29.
    let busiest: Vec<String> = names[20..].to_vec();
    assert_eq!(fetched, busiest);
    // Said as a warning (the run is done: exit 0); `error:` is for what fails a run.
    assert!(
        err.contains("robots-audit: warning: 220 of 230 hosts with crawler traffic"),
        "the rest are said not judged: {err}"
    );
    assert!(!err.contains("error:"), "{err}");
    let site00 = rows(&h1)
        .into_iter()
        .find(|h| h["host"].starts_with("site00"))
        .unwrap();
    assert!(
        site00["reason"].contains("over the limit of 10"),
        "{site00:?}"
    );
    assert_eq!(server.hits().values().sum::<usize>(), 10, "ten fetches");
    for threads in ["2", "4"] {
        let (v, h, _) = run_with(threads);
        assert!(v == v1 && h == h1, "--threads {threads}");
    }
}

/// A server whose every answer is a new robots.txt (`Disallow: /n<N>`, never fresh), sent to
/// `batch` requests at once: they wait for each other, so the runs that sent them store their
/// fetches in the same instant.
fn changing_server(batch: usize) -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1:0");
    let port = listener.local_addr().unwrap().port();
    let state = Arc::new((Mutex::new((0usize, 0usize)), std::sync::Condvar::new()));
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(stream) = stream else { continue };
            let state = Arc::clone(&state);
            std::thread::spawn(move || {
                let mut reader = BufReader::new(&stream);
                loop {
                    let mut h = String::new();
                    match reader.read_line(&mut h) {
                        Ok(0) | Err(_) => return,
                        Ok(_) if h == "\r\n" => break,
                        Ok(_) => {}
                    }
                }
                let (lock, arrived) = &*state;
                let mut counts = lock.lock().unwrap();
                counts.0 += 1;
                let n = counts.0;
                arrived.notify_all();
                let batch_end = n.div_ceil(batch) * batch;
                let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
                while counts.0 < batch_end && std::time::Instant::now() < deadline {
                    counts = arrived
                        .wait_timeout(counts, std::time::Duration::from_millis(50))
                        .unwrap()
                        .0;
                }
                drop(counts);
                let body = format!("User-agent: *\nDisallow: /n{n}\n");
                let mut out = &stream;
                let _ = out.write_all(
                    format!(
                        "HTTP/1.1 200 OK\r\nContent-Length: {}\r\nCache-Control: no-cache\r\nConnection: close\r\n\r\n{body}",
                        body.len()
                    )
                    .as_bytes(),
                );
            });
        }
    });
    port
}

#[test]
fn runs_sharing_a_cache_lose_none_of_each_others_versions() {
    let port = changing_server(3);
    let cache = tempfile::tempdir().unwrap();
    let origin = format!("http://site.test:{port}");
    let resolve = format!("site.test:{port}:127.0.0.1");
    let rounds = 4;
    for _ in 0..rounds {
        let runs: Vec<crate::support::Bounded> = (0..3)
            .map(|_| {
                crate::support::Bounded::start(
                    &[
                        "fetch",
                        origin.as_str(),
                        "--resolve",
                        resolve.as_str(),
                        "--cache-dir",
                        cache.path().to_str().unwrap(),
                        "--timeout",
                        "20",
                    ],
                    60,
                    1024,
                )
            })
            .collect();
        for run in runs {
            let o = run.wait();
            assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        }
    }
    // One cache file for the origin, holding every fetch as a version of its own.
    let files: Vec<PathBuf> = std::fs::read_dir(cache.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "robots"))
        .collect();
    assert_eq!(files.len(), 1, "{files:?}");
    let text = String::from_utf8_lossy(&std::fs::read(&files[0]).unwrap()).into_owned();
    let mut kept: Vec<usize> = text
        .lines()
        .filter_map(|l| l.strip_prefix("Disallow: /n")?.parse().ok())
        .collect();
    kept.sort_unstable();
    assert_eq!(kept, (1..=3 * rounds).collect::<Vec<_>>(), "{text}");
}

#[test]
fn fetch_from_a_robots_dir_names_its_times_for_what_they_are() {
    // Nothing is fetched from a robots-dir: an undated file shows when it was modified, a
    // dated version when it came into force, a host without a file no time at all.
    let dir = tempfile::tempdir().unwrap();
    let undated = dir.path().join("undated.example");
    std::fs::create_dir_all(&undated).unwrap();
    let file = undated.join("robots.txt");
    std::fs::write(&file, "User-agent: *\nDisallow: /private/\n").unwrap();
    let modified = std::time::UNIX_EPOCH + std::time::Duration::from_secs(1_577_934_245);
    std::fs::File::options()
        .write(true)
        .open(&file)
        .unwrap()
        .set_modified(modified)
        .unwrap();
    let dated = dir.path().join("dated.example");
    std::fs::create_dir_all(&dated).unwrap();
    std::fs::write(dated.join("robots.20261101T000000Z.txt"), "User-agent: *\n").unwrap();
    let o = run_args(&args(&[
        "fetch",
        "--robots-dir",
        dir.path().to_str().unwrap(),
        "undated.example",
        "dated.example",
        "nothere.example",
    ]));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = String::from_utf8_lossy(&o.stdout).into_owned();
    let blocks: Vec<&str> = text.split("\n\n").collect();
    assert_eq!(blocks.len(), 3, "{text}");
    assert!(!text.contains("fetched:"), "{text}");
    assert!(
        blocks[0].contains("\nmodified:  2020-01-02T03:04:05Z\n"),
        "{}",
        blocks[0]
    );
    assert!(
        blocks[1].contains("\nin force:  from 2026-11-01T00:00:00Z\n"),
        "{}",
        blocks[1]
    );
    assert!(
        !blocks[2].contains("modified:") && !blocks[2].contains("in force:"),
        "{}",
        blocks[2]
    );
}

/// A warning of the robots.txt store (here: a cache directory that cannot be created) is
/// shown once, however many origins are fetched without the cache, by the audit and by the
/// `fetch` command (which used to drop it).
#[test]
fn a_warning_of_the_store_is_shown_once() {
    let server = Server::start(testdata("robots-dir"));
    let port = server.port;
    let dir = tempfile::tempdir().unwrap();
    let names = ["www.example.com", "shop.example.com", "api.example.com"];
    let mut log = String::new();
    for name in names {
        log.push_str(&format!(
            "{name}:{port} 203.0.113.9 - - [20/Nov/2026:10:00:00 +0000] \"GET /private/x HTTP/1.1\" 200 10 \"-\" \"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)\"\n"
        ));
    }
    let log_path = dir.path().join("access.log");
    std::fs::write(&log_path, log).unwrap();
    let not_a_dir = dir.path().join("a-file");
    std::fs::write(&not_a_dir, b"").unwrap();
    let mut a = args(&[
        log_path.to_str().unwrap(),
        "--scheme",
        "http",
        "--cache-dir",
        not_a_dir.join("cache").to_str().unwrap(),
        "--out",
        dir.path().join("v.csv").to_str().unwrap(),
    ]);
    a.extend(pinned(&names, port));
    let o = run_args(&a);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert_eq!(server.hits().len(), names.len(), "{err}");
    assert_eq!(
        err.matches("cannot create the cache directory").count(),
        1,
        "{err}"
    );
    let mut a = args(&[
        "fetch",
        "--scheme",
        "http",
        "--cache-dir",
        not_a_dir.join("cache").to_str().unwrap(),
    ]);
    a.extend(pinned(&names, port));
    a.extend(
        names
            .iter()
            .map(|name| OsString::from(format!("{name}:{port}"))),
    );
    let o = run_args(&a);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert_eq!(
        err.matches("warning: cannot create the cache directory")
            .count(),
        1,
        "{err}"
    );
}

/// A crawler's fetch of /robots.txt just before `--since` is evidence for its host's
/// requests in the window, never a reason to fetch a host that has none (a review found a
/// host met only in such a line fetched over the network).
#[test]
fn a_host_met_only_before_the_window_is_not_fetched() {
    let server = Server::start(testdata("robots-dir"));
    let port = server.port;
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("pre.log");
    let googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    let line = |host: &str, time: &str, path: &str| {
        format!(
            "{host}:{port} 66.249.66.1 - - [20/Nov/2026:{time} +0000] \"GET {path} HTTP/1.1\" 200 5 \"-\" \"{googlebot}\"\n"
        )
    };
    std::fs::write(
        &log,
        [
            line("shop.example.com", "09:00:00", "/robots.txt"),
            line("www.example.com", "09:30:00", "/robots.txt"),
            line("www.example.com", "10:30:00", "/private/a"),
        ]
        .concat(),
    )
    .unwrap();
    let mut a = args(&[
        log.to_str().unwrap(),
        "--scheme",
        "http",
        "--no-cache",
        "--since",
        "2026-11-20T10:00:00Z",
        "-q",
    ]);
    a.extend(pinned(&["www.example.com", "shop.example.com"], port));
    let o = run_args(&a);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let hits = server.hits();
    assert_eq!(
        hits.get(&format!("www.example.com:{port}")),
        Some(&1),
        "{hits:?}"
    );
    assert_eq!(
        hits.get(&format!("shop.example.com:{port}")),
        None,
        "{hits:?}"
    );
    // The window's request is judged.
    let found: Vec<(String, String)> = rows(&o.stdout)
        .iter()
        .map(|r| (r["host"].to_owned(), r["path"].to_owned()))
        .collect();
    assert_eq!(
        found,
        [(format!("www.example.com:{port}"), "/private/a".to_owned())]
    );
}
