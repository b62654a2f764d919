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
                    let mut out = &stream;
                    let _ = match body {
                        Some(b) => out
                            .write_all(format!("HTTP/1.1 200 OK\r\nContent-Length: {}\r\nCache-Control: no-cache\r\nConnection: close\r\n\r\n", b.len()).as_bytes())
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
    for name in names {
        online.extend(args(&[
            "--resolve",
            &format!("{name}:{port}:127.0.0.1"),
            "--allow-host",
            name,
        ]));
    }
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
    // The site's robots.txt changes between two runs; the cache keeps both versions, and the
    // second run judges each request by the version in force at its time (spec §9).
    let site = tempfile::tempdir().unwrap();
    let host_dir = site.path().join("a.test");
    std::fs::create_dir_all(&host_dir).unwrap();
    std::fs::write(
        host_dir.join("robots.txt"),
        "User-agent: *\nDisallow: /a/\n",
    )
    .unwrap();
    let server = Server::start(site.path().to_path_buf());
    let work = tempfile::tempdir().unwrap();
    let cache = work.path().join("cache");
    let host = format!("a.test:{}", server.port);
    let resolve = format!("{host}:127.0.0.1");
    let stamp = |unix: i64| {
        jiff::Timestamp::from_second(unix)
            .unwrap()
            .strftime("%d/%b/%Y:%H:%M:%S +0000")
            .to_string()
    };
    let line = |unix: i64, path: &str| {
        format!(
            "{host} 192.0.2.1 - - [{}] \"GET {path} HTTP/1.1\" 200 5 \"-\" \"NightBot/1.0 (+https://bots.example/)\"\n",
            stamp(unix)
        )
    };
    let audit = |log: &str, extra: &[&str]| {
        let path = work.path().join("access.log");
        std::fs::write(&path, log).unwrap();
        let mut a = args(&[
            path.to_str().unwrap(),
            "--scheme",
            "http",
            "--cache-dir",
            cache.to_str().unwrap(),
            "--resolve",
            &resolve,
            "--allow-host",
            "a.test",
            "-q",
        ]);
        a.extend(args(extra));
        let o = run_args(&a);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        o
    };
    let now = || jiff::Timestamp::now().as_second();
    let t1 = now();
    audit(&line(t1, "/"), &[]);
    std::fs::write(
        host_dir.join("robots.txt"),
        "User-agent: *\nDisallow: /b/\n",
    )
    .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1100));
    let t2 = now();
    let hosts = work.path().join("hosts.csv");
    let log = [
        line(t1 - 3600, "/a/before"),
        line(t2 + 600, "/a/after"),
        line(t2 + 600, "/b/after"),
    ]
    .concat();
    let o = audit(&log, &["--leeway", "0", "--hosts", hosts.to_str().unwrap()]);
    assert_eq!(server.hits()[&host], 2, "fetched once per run");
    let v = rows(&o.stdout);
    let got: Vec<(&str, &str)> = v.iter().map(|r| (&r["path"], &r["evidence"])).collect();
    assert_eq!(
        got,
        [("/a/before", "assumed"), ("/b/after", "in-force")],
        "{v:?}"
    );
    let h = rows(&std::fs::read(&hosts).unwrap());
    assert_eq!(&h[0]["versions"], "2");
    // The fetch command shows what the cache knows.
    let o = run_args(&args(&[
        "fetch",
        &format!("http://{host}"),
        "--cache-dir",
        cache.to_str().unwrap(),
        "--resolve",
        &resolve,
    ]));
    let text = String::from_utf8_lossy(&o.stdout).into_owned();
    // Fetched a third time with the same content: still two versions, the second longer.
    assert!(text.contains("versions:  2"), "{text}");
    assert_eq!(text.matches(": rules 200 (28 bytes").count(), 2, "{text}");
}
