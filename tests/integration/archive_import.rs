//! The archive import, `robots-audit history` (`fetch::archive`), against an archive on 127.0.0.1 that speaks the Wayback Machine's
//! interface (CDX JSON index, `id_` replay) from canned captures. The archive's name is pinned
//! to 127.0.0.1 with `--resolve`; no packet leaves loopback.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::Output;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use robots_audit::fetch::{RobotsDir, payload_digest};

use crate::support::{Rec, mkfifo, rows, run, run_bounded, stderr};

const A: &str = "User-agent: *\nDisallow: /a/\n";
const B: &str = "User-agent: *\nDisallow: /b/\n";
/// The content of captures of other origins (http://, www.): must never be imported.
const OTHER: &str = "User-agent: *\nDisallow: /\n";

/// A request as the archive saw it.
#[derive(Clone, Debug)]
struct Req {
    /// The request target, as sent (path and query).
    target: String,
    path: String,
    query: HashMap<String, String>,
    /// Requests with the same target before this one.
    seen: usize,
    at: Instant,
}

/// An answer: status, headers, body, the Content-Length to claim when it is not the body's
/// (a truncated answer), and the pause between two bytes of the body (a server that drips).
#[derive(Clone, Debug)]
struct Reply {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
    claimed: Option<usize>,
    drip: Option<Duration>,
}

impl Reply {
    fn new(status: u16, body: impl Into<Vec<u8>>) -> Reply {
        Reply {
            status,
            headers: Vec::new(),
            body: body.into(),
            claimed: None,
            drip: None,
        }
    }

    fn header(mut self, name: &str, value: &str) -> Reply {
        self.headers.push((name.into(), value.into()));
        self
    }
}

type Handler = Arc<dyn Fn(&Req) -> Reply + Send + Sync>;

/// The archive server.
struct Archive {
    port: u16,
    hits: Arc<Mutex<Vec<Req>>>,
    max_in_flight: Arc<AtomicUsize>,
}

impl Archive {
    fn start(handler: Handler) -> Archive {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1:0");
        let port = listener.local_addr().unwrap().port();
        let hits: Arc<Mutex<Vec<Req>>> = Arc::default();
        let in_flight = Arc::new(AtomicUsize::new(0));
        let max_in_flight = Arc::new(AtomicUsize::new(0));
        let (log, max) = (Arc::clone(&hits), Arc::clone(&max_in_flight));
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                let Ok(stream) = stream else { continue };
                let (handler, log, in_flight, max) = (
                    Arc::clone(&handler),
                    Arc::clone(&log),
                    Arc::clone(&in_flight),
                    Arc::clone(&max),
                );
                std::thread::spawn(move || {
                    let mut reader = BufReader::new(&stream);
                    let mut line = String::new();
                    if reader.read_line(&mut line).unwrap_or(0) == 0 {
                        return;
                    }
                    loop {
                        let mut h = String::new();
                        match reader.read_line(&mut h) {
                            Ok(0) | Err(_) => return,
                            Ok(_) if h == "\r\n" => break,
                            Ok(_) => {}
                        }
                    }
                    let now = in_flight.fetch_add(1, Ordering::SeqCst) + 1;
                    max.fetch_max(now, Ordering::SeqCst);
                    let target = line.split(' ').nth(1).unwrap_or("").to_string();
                    let url = url::Url::parse(&format!("http://archive.test{target}"))
                        .expect("a request target");
                    let req = {
                        let mut log = log.lock().unwrap();
                        let req = Req {
                            path: url.path().to_string(),
                            query: url.query_pairs().into_owned().collect(),
                            seen: log.iter().filter(|r| r.target == target).count(),
                            target,
                            at: Instant::now(),
                        };
                        log.push(req.clone());
                        req
                    };
                    let reply = handler(&req);
                    // Counted as in flight until its answer is sent, and long enough for a
                    // client that does not wait for it to be caught sending the next one.
                    std::thread::sleep(Duration::from_millis(20));
                    in_flight.fetch_sub(1, Ordering::SeqCst);
                    let mut head = format!(
                        "HTTP/1.1 {} X\r\nContent-Length: {}\r\nConnection: close\r\n",
                        reply.status,
                        reply.claimed.unwrap_or(reply.body.len())
                    );
                    for (n, v) in &reply.headers {
                        head.push_str(&format!("{n}: {v}\r\n"));
                    }
                    head.push_str("\r\n");
                    let mut out = &stream;
                    let _ = out.write_all(head.as_bytes());
                    match reply.drip {
                        None => {
                            let _ = out.write_all(&reply.body);
                        }
                        // Until the client hangs up.
                        Some(pause) => {
                            for byte in &reply.body {
                                if out.write_all(&[*byte]).and_then(|()| out.flush()).is_err() {
                                    break;
                                }
                                std::thread::sleep(pause);
                            }
                        }
                    }
                    let _ = out.flush();
                });
            }
        });
        Archive {
            port,
            hits,
            max_in_flight,
        }
    }

    fn hits(&self) -> Vec<Req> {
        self.hits.lock().unwrap().clone()
    }

    fn cdx_hits(&self) -> Vec<Req> {
        self.hits()
            .into_iter()
            .filter(|r| r.path == "/cdx/search/cdx")
            .collect()
    }

    fn replay_hits(&self) -> Vec<String> {
        self.hits()
            .into_iter()
            .filter(|r| r.path.starts_with("/web/"))
            .map(|r| r.path)
            .collect()
    }
}

/// One capture in the canned index.
#[derive(Clone, Debug)]
struct Cap {
    ts: &'static str,
    original: String,
    mime: &'static str,
    status: &'static str,
    digest: String,
}

/// A canned archive: an index of captures (served `per_page` rows at a time with a
/// resumption key, like the Wayback Machine under `limit=`), and their bodies by digest.
struct Canned {
    caps: Vec<Cap>,
    bodies: HashMap<String, Vec<u8>>,
    per_page: usize,
}

impl Canned {
    fn new() -> Canned {
        Canned {
            caps: Vec::new(),
            bodies: HashMap::new(),
            per_page: usize::MAX,
        }
    }

    /// A capture of `url` answering `status` with `body`.
    fn cap(mut self, ts: &'static str, url: &str, status: &'static str, body: &str) -> Canned {
        let digest = payload_digest(body.as_bytes());
        self.bodies.insert(digest.clone(), body.as_bytes().to_vec());
        let mime = if status == "200" {
            "text/plain"
        } else {
            "text/html"
        };
        self.caps.push(Cap {
            ts,
            original: url.to_string(),
            mime,
            status,
            digest,
        });
        self
    }

    /// A revisit record of `body` (status `-`, as the Wayback Machine lists them).
    fn revisit(mut self, ts: &'static str, url: &str, body: &str) -> Canned {
        let digest = payload_digest(body.as_bytes());
        self.bodies.insert(digest.clone(), body.as_bytes().to_vec());
        self.caps.push(Cap {
            ts,
            original: url.to_string(),
            mime: "warc/revisit",
            status: "-",
            digest,
        });
        self
    }

    fn reply(&self, req: &Req) -> Reply {
        if req.path == "/cdx/search/cdx" {
            let start: usize = req
                .query
                .get("resumeKey")
                .and_then(|k| k.strip_prefix("key-"))
                .map_or(0, |n| n.parse().expect("our key"));
            let end = start.saturating_add(self.per_page).min(self.caps.len());
            let mut rows: Vec<serde_json::Value> = vec![serde_json::json!([
                "urlkey",
                "timestamp",
                "original",
                "mimetype",
                "statuscode",
                "digest",
                "length"
            ])];
            for c in &self.caps[start..end] {
                rows.push(serde_json::json!([
                    "com,example)/robots.txt",
                    c.ts,
                    c.original,
                    c.mime,
                    c.status,
                    c.digest,
                    "512"
                ]));
            }
            if end < self.caps.len() {
                rows.push(serde_json::json!([]));
                rows.push(serde_json::json!([format!("key-{end}")]));
            }
            return Reply::new(200, serde_json::to_vec(&rows).unwrap())
                .header("Content-Type", "application/json");
        }
        // /web/<ts>id_/<original>
        if let Some(rest) = req.path.strip_prefix("/web/")
            && let Some((ts, original)) = rest.split_once("id_/")
            && let Some(cap) = self
                .caps
                .iter()
                .find(|c| c.ts == ts && c.original == original)
        {
            let status: u16 = cap.status.parse().unwrap_or(200);
            return Reply::new(status, self.bodies[&cap.digest].clone());
        }
        Reply::new(404, "not in the archive")
    }

    /// The archive serving these captures, with `wrap` deciding first.
    fn serve_with(
        self,
        wrap: impl Fn(&Req, &Canned) -> Option<Reply> + Send + Sync + 'static,
    ) -> Archive {
        Archive::start(Arc::new(move |req| {
            wrap(req, &self).unwrap_or_else(|| self.reply(req))
        }))
    }

    fn serve(self) -> Archive {
        self.serve_with(|_, _| None)
    }
}

/// Runs `history` against `archive` (pinned to 127.0.0.1 as `archive.test`, unless `extra`
/// names another archive), saving into `save`, at a rate that keeps tests fast (unless
/// `extra` sets one).
fn history(archive: &Archive, save: &Path, origins: &[&str], extra: &[&str]) -> Output {
    run_bounded(&history_args(archive, save, origins, extra), 120, 1024)
}

/// The arguments [`history`] runs with.
fn history_args(archive: &Archive, save: &Path, origins: &[&str], extra: &[&str]) -> Vec<String> {
    let url = format!("http://archive.test:{}", archive.port);
    let pin = format!("archive.test:{}:127.0.0.1", archive.port);
    let mut args: Vec<&str> = vec!["history"];
    if !extra.contains(&"--archive") {
        args.extend(["--archive", &url, "--resolve", &pin]);
    }
    if !extra.contains(&"--rate") {
        args.extend(["--rate", "1000"]);
    }
    let save = save.to_str().expect("a UTF-8 temporary path");
    args.extend(["--save", save]);
    args.extend(extra);
    args.extend(origins);
    args.into_iter().map(String::from).collect()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Every name in `dir`, dot files included, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = match std::fs::read_dir(dir) {
        Ok(list) => list
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect(),
        Err(_) => Vec::new(),
    };
    names.sort();
    names
}

/// `names(save)` without the lock file, which stays (empty) once an import took it.
fn save_names(save: &Path) -> Vec<String> {
    names(save)
        .into_iter()
        .filter(|n| n != ".robots-audit-import.lock")
        .collect()
}

fn read(path: PathBuf) -> String {
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The main example: runs of one digest (a revisit among them), a redirect and a 503 skipped,
/// two different 404 pages making one status version, the first content coming back, and
/// captures of `http://` and `www.` that belong to other origins.
fn main_example() -> Canned {
    let u = "https://example.com/robots.txt";
    Canned::new()
        .cap("20261101000000", u, "200", A)
        .cap(
            "20261101000000",
            "http://example.com/robots.txt",
            "200",
            OTHER,
        )
        .cap("20261102000000", u, "200", A)
        .cap(
            "20261102060000",
            "https://www.example.com/robots.txt",
            "200",
            OTHER,
        )
        .revisit("20261102120000", u, A)
        .cap("20261103000000", u, "301", "moved")
        .cap("20261103060000", u, "503", "down for maintenance")
        .cap("20261104000000", u, "200", B)
        .cap(
            "20261105000000",
            u,
            "404",
            "<html>not found, request 1</html>",
        )
        .cap(
            "20261105120000",
            u,
            "404",
            "<html>not found, request 2</html>",
        )
        .cap("20261106000000", u, "200", A)
}

const MAIN_FILES: [&str; 4] = [
    "robots.20261101T000000Z.txt",
    "robots.20261102T120000Z-20261104T000000Z.txt",
    "robots.20261104T000000Z-20261105T000000Z.404",
    "robots.20261105T120000Z-20261106T000000Z.txt",
];

#[test]
fn runs_of_identical_content_become_versions_named_by_the_captures_around_each_change() {
    let archive = main_example().serve();
    let save = tempfile::tempdir().unwrap();
    let o = history(&archive, save.path(), &["example.com"], &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let folder = save.path().join("example.com");
    assert_eq!(names(&folder), MAIN_FILES);
    assert_eq!(read(folder.join(MAIN_FILES[0])), A);
    assert_eq!(read(folder.join(MAIN_FILES[1])), B);
    assert_eq!(read(folder.join(MAIN_FILES[3])), A);
    assert_eq!(
        stdout(&o),
        format!(
            "https://example.com: 9 captures (2 skipped), 4 versions: 4 written, 0 kept, in {}\n",
            folder.display()
        )
    );
    // Only the captures of https://example.com itself were imported, and nothing else was
    // created in the folder.
    assert_eq!(save_names(save.path()), ["example.com"]);
    // The audit accepts the folder.
    let dir = RobotsDir::scan(save.path()).expect("a valid robots-dir");
    let origin = robots_audit::fetch::Origin::from_url(
        "https://example.com",
        robots_audit::fetch::Scheme::Https,
    )
    .unwrap();
    assert_eq!(dir.history(&origin).versions().len(), 4);
    // Each content was read once (A from its first capture), nothing else replayed; one
    // request at a time; the index was never asked to collapse anything.
    assert_eq!(
        archive.replay_hits(),
        [
            "/web/20261101000000id_/https://example.com/robots.txt",
            "/web/20261104000000id_/https://example.com/robots.txt",
        ]
    );
    assert_eq!(archive.max_in_flight.load(Ordering::SeqCst), 1);
    let cdx = archive.cdx_hits();
    assert_eq!(cdx.len(), 1);
    let q = &cdx[0].query;
    assert_eq!(q["url"], "example.com/robots.txt");
    assert_eq!(q["output"], "json");
    assert!(
        q["fl"].contains("digest") && q["fl"].contains("timestamp"),
        "{q:?}"
    );
    assert!(!cdx[0].target.contains("collapse"), "{}", cdx[0].target);
}

/// A site's http and https files are two origins: imported one after the other, each lands
/// in a folder of its own (`example.com:80` for http), and the audit judges each origin's
/// requests by its own file, never by the other's.
#[test]
fn the_http_and_https_origins_of_a_host_never_share_a_folder() {
    let archive = main_example().serve();
    let save = tempfile::tempdir().unwrap();
    for origin in ["https://example.com", "http://example.com"] {
        let o = history(&archive, save.path(), &[origin], &[]);
        assert_eq!(o.status.code(), Some(0), "{origin}: {}", stderr(&o));
    }
    assert_eq!(save_names(save.path()), ["example.com", "example.com:80"]);
    assert_eq!(names(&save.path().join("example.com")), MAIN_FILES);
    let http = save.path().join("example.com:80");
    assert_eq!(names(&http), ["robots.20261101T000000Z.txt"]);
    assert_eq!(read(http.join("robots.20261101T000000Z.txt")), OTHER);
    let dir = RobotsDir::scan(save.path()).expect("a valid robots-dir");
    let versions = |url: &str| {
        let origin =
            robots_audit::fetch::Origin::from_url(url, robots_audit::fetch::Scheme::Https).unwrap();
        dir.history(&origin).versions().len()
    };
    assert_eq!(versions("https://example.com"), 4);
    assert_eq!(versions("http://example.com"), 1);
    // A folder of the user's naming the port speaks first for https: an import that would
    // go beside it, never read, is refused.
    let shadowed = tempfile::tempdir().unwrap();
    std::fs::create_dir(shadowed.path().join("example.com:443")).unwrap();
    std::fs::write(
        shadowed.path().join("example.com:443").join("robots.txt"),
        A,
    )
    .unwrap();
    let o = history(&archive, shadowed.path(), &["https://example.com"], &[]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("both speak for"), "{}", stderr(&o));
    assert_eq!(save_names(shadowed.path()), ["example.com:443"]);
    // Two folders naming the port alike still clash.
    std::fs::create_dir(save.path().join("EXAMPLE.com:80")).unwrap();
    std::fs::write(save.path().join("EXAMPLE.com:80").join("robots.txt"), "x").unwrap();
    assert!(RobotsDir::scan(save.path()).is_err());
}

#[test]
fn importing_the_same_captures_again_writes_nothing_and_reads_no_body_again() {
    let archive = main_example().serve();
    let dir = tempfile::tempdir().unwrap();
    // A --save folder that does not exist yet is made for the first file.
    let save = dir.path().join("new").join("robots");
    let first = history(&archive, &save, &["example.com"], &[]);
    assert_eq!(first.status.code(), Some(0), "{}", stderr(&first));
    let folder = save.join("example.com");
    let modified = |name: &str| {
        std::fs::metadata(folder.join(name))
            .unwrap()
            .modified()
            .unwrap()
    };
    let before: Vec<_> = MAIN_FILES.iter().map(|n| modified(n)).collect();
    let replays = archive.replay_hits().len();
    let again = history(&archive, &save, &["https://example.com/"], &[]);
    assert_eq!(again.status.code(), Some(0), "{}", stderr(&again));
    assert!(
        stdout(&again).contains("4 versions: 0 written, 4 kept"),
        "{}",
        stdout(&again)
    );
    assert_eq!(names(&folder), MAIN_FILES);
    let after: Vec<_> = MAIN_FILES.iter().map(|n| modified(n)).collect();
    assert_eq!(before, after, "no file was rewritten");
    // The saved bodies match the index's digests: nothing needed reading again.
    assert_eq!(archive.replay_hits().len(), replays);
}

#[test]
fn digests_the_archive_computes_otherwise_are_compared_by_content() {
    // An archive whose digests are not the SHA-1 of what it replays (some digest the payload
    // before decoding): a second import reads the bodies again and still writes nothing.
    let mut canned = main_example();
    for cap in &mut canned.caps {
        let body = canned.bodies[&cap.digest].clone();
        cap.digest = format!("X{}", &cap.digest[1..]);
        canned.bodies.insert(cap.digest.clone(), body);
    }
    let archive = canned.serve();
    let save = tempfile::tempdir().unwrap();
    let first = history(&archive, save.path(), &["example.com"], &[]);
    assert_eq!(first.status.code(), Some(0), "{}", stderr(&first));
    let again = history(&archive, save.path(), &["example.com"], &[]);
    assert_eq!(again.status.code(), Some(0), "{}", stderr(&again));
    assert!(
        stdout(&again).contains("0 written, 4 kept"),
        "{}",
        stdout(&again)
    );
    assert_eq!(names(&save.path().join("example.com")), MAIN_FILES);
    assert_eq!(archive.replay_hits().len(), 4);
}

/// An import from `--since` on, into a folder an earlier import filled: its first version
/// came into force some time after the saved one before it, not at its first capture there
/// (the full import knows more and says less than that: never more).
#[test]
fn an_import_from_since_on_dates_its_first_change_by_the_saved_version_before_it() {
    let archive = main_example().serve();
    let save = tempfile::tempdir().unwrap();
    let first = history(
        &archive,
        save.path(),
        &["example.com"],
        &["--until", "2026-11-03"],
    );
    assert_eq!(first.status.code(), Some(0), "{}", stderr(&first));
    let later = history(
        &archive,
        save.path(),
        &["example.com"],
        &["--since", "2026-11-03"],
    );
    assert_eq!(later.status.code(), Some(0), "{}", stderr(&later));
    assert_eq!(
        names(&save.path().join("example.com")),
        [
            "robots.20261101T000000Z-20261104T000000Z.txt",
            MAIN_FILES[0],
            MAIN_FILES[2],
            MAIN_FILES[3],
        ]
    );
    RobotsDir::scan(save.path()).expect("a valid robots-dir");
}

/// An origin whose captures are all skipped (a redirect, an outage) saves nothing, and a
/// note says what the audit will make of that.
#[test]
fn an_origin_with_only_skipped_captures_is_said() {
    let u = "https://moved.example/robots.txt";
    let archive = Canned::new()
        .cap("20261103000000", u, "301", "moved")
        .cap("20261103060000", u, "503", "down")
        .serve();
    let save = tempfile::tempdir().unwrap();
    let o = history(&archive, save.path(), &["moved.example"], &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("2 captures (2 skipped), 0 versions"),
        "{}",
        stdout(&o)
    );
    assert!(
        stderr(&o).contains("every capture was skipped (3xx, 429 or 5xx): nothing saved"),
        "{}",
        stderr(&o)
    );
    assert!(save_names(save.path()).is_empty());
}

#[test]
fn since_and_until_are_passed_to_the_index_and_bound_the_captures() {
    // The canned index ignores the bounds: the import applies them too.
    let archive = main_example().serve();
    let save = tempfile::tempdir().unwrap();
    let o = history(
        &archive,
        save.path(),
        &["example.com"],
        &["--since", "2026-11-02", "--until", "2026-11-05T06:00:00Z"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let q = &archive.cdx_hits()[0].query;
    assert_eq!(q["from"], "20261102000000");
    assert_eq!(q["to"], "20261105055959");
    // 11-02 A, 11-02T12 A (revisit), 301, 503, 11-04 B, 11-05 404.
    assert_eq!(
        names(&save.path().join("example.com")),
        [
            "robots.20261102T000000Z.txt",
            "robots.20261102T120000Z-20261104T000000Z.txt",
            "robots.20261104T000000Z-20261105T000000Z.404",
        ]
    );
}

#[test]
fn pages_are_followed_by_their_resumption_key_to_the_last_capture_of_a_run() {
    let mut canned = main_example();
    canned.per_page = 2;
    let archive = canned.serve();
    let save = tempfile::tempdir().unwrap();
    let o = history(&archive, save.path(), &["example.com"], &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(names(&save.path().join("example.com")), MAIN_FILES);
    let cdx = archive.cdx_hits();
    assert_eq!(cdx.len(), 6, "11 rows, 2 a page");
    assert_eq!(cdx[1].query["resumeKey"], "key-2");
    assert_eq!(cdx[5].query["resumeKey"], "key-10");
    assert!(
        cdx.iter()
            .all(|r| r.query["url"] == "example.com/robots.txt")
    );
}

#[test]
fn a_revisit_of_a_content_the_index_lists_nowhere_else_is_read_to_learn_it() {
    // The capture it repeats is outside the bounds (or under another URL the index did not
    // list): the replay tells what it holds.
    let u = "https://example.com/robots.txt";
    let archive = Canned::new()
        .cap("20261101000000", u, "200", A)
        .revisit("20261103000000", u, B)
        .cap("20261104000000", u, "200", A)
        .serve();
    let save = tempfile::tempdir().unwrap();
    let o = history(&archive, save.path(), &["example.com"], &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let folder = save.path().join("example.com");
    assert_eq!(
        names(&folder),
        // Sorted by name: `-` comes before `.`.
        [
            "robots.20261101T000000Z-20261103T000000Z.txt",
            "robots.20261101T000000Z.txt",
            "robots.20261103T000000Z-20261104T000000Z.txt",
        ]
    );
    assert_eq!(
        read(folder.join("robots.20261101T000000Z-20261103T000000Z.txt")),
        B
    );
}

#[test]
fn an_index_answer_that_is_not_json_fails_that_origin_and_the_others_still_import() {
    let u = "https://example.com/robots.txt";
    let archive = Canned::new()
        .cap("20261101000000", u, "200", A)
        .serve_with(|req, _| {
            (req.query.get("url").map(String::as_str) == Some("broken.example/robots.txt")).then(
                || {
                    Reply::new(
                        200,
                        "<!DOCTYPE html><html>\x1b[2J Wayback Machine is down</html>",
                    )
                },
            )
        });
    let save = tempfile::tempdir().unwrap();
    // An earlier version of the broken origin is already saved: it must stay as it is.
    let broken = save.path().join("broken.example");
    std::fs::create_dir_all(&broken).unwrap();
    std::fs::write(broken.join("robots.20261001T000000Z.txt"), A).unwrap();
    let o = history(
        &archive,
        save.path(),
        &["broken.example", "example.com"],
        &[],
    );
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains(
            "robots-audit: error: https://broken.example: the capture list http://archive.test:"
        ) && err.contains("is not JSON (it starts with \"<!DOCTYPE html><html>"),
        "{err}"
    );
    assert!(err.contains("nothing written for it"), "{err}");
    assert!(
        !err.contains('\x1b'),
        "the archive's text is made safe: {err:?}"
    );
    assert_eq!(names(&broken), ["robots.20261001T000000Z.txt"]);
    assert_eq!(read(broken.join("robots.20261001T000000Z.txt")), A);
    assert_eq!(
        names(&save.path().join("example.com")),
        ["robots.20261101T000000Z.txt"]
    );
    let out = stdout(&o);
    assert!(out.starts_with("https://broken.example: not imported\nhttps://example.com: 1 capture (0 skipped), 1 version: 1 written"), "{out}");
}

#[test]
fn an_index_error_status_is_quoted() {
    let archive = Canned::new().serve_with(|req, _| {
        (req.path == "/cdx/search/cdx").then(|| Reply::new(500, "java.lang.OutOfMemoryError"))
    });
    let save = tempfile::tempdir().unwrap();
    let o = history(&archive, save.path(), &["example.com"], &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("answered HTTP 500 (\"java.lang.OutOfMemoryError\")"),
        "{}",
        stderr(&o)
    );
    assert_eq!(save_names(save.path()), Vec::<String>::new());
}

/// A saved version older than the main example's captures, to see it survive failures.
fn with_saved_version(save: &Path) -> PathBuf {
    let folder = save.join("example.com");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(folder.join("robots.20261001T000000Z.txt"), OTHER).unwrap();
    folder
}

/// The folder holds the saved version only, as it was, and no temporary file is left
/// anywhere in `--save`.
fn assert_untouched(save: &Path, folder: &Path) {
    assert_eq!(names(folder), ["robots.20261001T000000Z.txt"]);
    assert_eq!(read(folder.join("robots.20261001T000000Z.txt")), OTHER);
    assert_eq!(save_names(save), ["example.com"]);
}

#[test]
fn a_truncated_body_writes_nothing_and_leaves_no_temporary_file() {
    let b = payload_digest(B.as_bytes());
    let archive = main_example().serve_with(move |req, canned| {
        let cap = canned
            .caps
            .iter()
            .find(|c| req.path.contains(&format!("/{}id_/", c.ts)))?;
        (cap.digest == b).then(|| Reply {
            claimed: Some(5000),
            ..Reply::new(200, &B.as_bytes()[..10])
        })
    });
    let save = tempfile::tempdir().unwrap();
    let folder = with_saved_version(save.path());
    let o = history(&archive, save.path(), &["example.com"], &[]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains("cannot read the capture http://archive.test:")
            && err.contains("/web/20261104000000id_/https://example.com/robots.txt: ")
            && err.contains("truncated answer after 10 bytes"),
        "{err}"
    );
    assert_untouched(save.path(), &folder);
}

#[test]
fn a_capture_that_404s_on_replay_is_read_from_another_capture_of_the_same_content() {
    let u = "https://example.com/robots.txt";
    let canned = || {
        Canned::new()
            .cap("20261101000000", u, "200", A)
            .cap("20261102000000", u, "200", B)
            .cap("20261103000000", u, "200", B)
            .cap("20261104000000", u, "200", A)
    };
    let archive = canned().serve_with(|req, _| {
        req.path
            .starts_with("/web/20261102000000id_/")
            .then(|| Reply::new(404, "Wayback Machine has not archived that URL."))
    });
    let save = tempfile::tempdir().unwrap();
    let o = history(&archive, save.path(), &["example.com"], &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let folder = save.path().join("example.com");
    assert_eq!(
        read(folder.join("robots.20261101T000000Z-20261102T000000Z.txt")),
        B
    );
    assert!(
        archive
            .replay_hits()
            .contains(&"/web/20261103000000id_/https://example.com/robots.txt".to_string())
    );

    // When no capture of that content replays, the origin fails and says which.
    let archive = canned().serve_with(|req, _| {
        (req.path.starts_with("/web/20261102") || req.path.starts_with("/web/20261103"))
            .then(|| Reply::new(404, "Wayback Machine has not archived that URL."))
    });
    let save = tempfile::tempdir().unwrap();
    let folder = with_saved_version(save.path());
    let o = history(&archive, save.path(), &["example.com"], &[]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("/web/20261102000000id_/https://example.com/robots.txt (and 1 more with the same content): HTTP 404 (\"Wayback Machine has not archived that URL.\")"),
        "{}",
        stderr(&o)
    );
    assert_untouched(save.path(), &folder);
}

#[test]
fn an_archive_that_is_down_is_an_error_for_each_origin() {
    // A port nobody listens on any more.
    let port = {
        let l = TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap().port()
    };
    let down = Archive {
        port,
        hits: Arc::default(),
        max_in_flight: Arc::default(),
    };
    let save = tempfile::tempdir().unwrap();
    let folder = with_saved_version(save.path());
    let o = history(&down, save.path(), &["example.com", "other.example"], &[]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    // One line per origin: the origin, the request (without its query, which only repeats
    // the origin), what failed and why; the URL once.
    assert_eq!(err.lines().count(), 2, "{err}");
    for origin in ["https://example.com", "https://other.example"] {
        assert!(
            err.contains(&format!(
                "robots-audit: error: {origin}: the capture list http://archive.test:{port}/cdx/search/cdx: cannot connect: "
            )) && err.contains("; nothing written for it"),
            "{err}"
        );
    }
    assert!(
        !err.contains("?url=") && !err.contains("error sending request"),
        "{err}"
    );
    assert_untouched(save.path(), &folder);
}

#[test]
fn too_many_requests_waits_as_retry_after_says_then_goes_on() {
    let archive = main_example().serve_with(|req, _| {
        (req.path == "/cdx/search/cdx" && req.seen == 0)
            .then(|| Reply::new(429, "slow down").header("Retry-After", "1"))
    });
    let save = tempfile::tempdir().unwrap();
    let o = history(&archive, save.path(), &["example.com"], &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(names(&save.path().join("example.com")), MAIN_FILES);
    let cdx = archive.cdx_hits();
    assert_eq!(cdx.len(), 2);
    let waited = cdx[1].at - cdx[0].at;
    assert!(waited >= Duration::from_millis(990), "waited {waited:?}");
}

#[test]
fn a_retry_after_longer_than_the_import_waits_gives_up_at_once() {
    let archive = main_example().serve_with(|req, _| {
        (req.path == "/cdx/search/cdx")
            .then(|| Reply::new(429, "slow down").header("Retry-After", "3600"))
    });
    let save = tempfile::tempdir().unwrap();
    let start = Instant::now();
    let o = history(&archive, save.path(), &["example.com"], &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("the archive answers HTTP 429 and asks to wait 3600 s (Retry-After), more than the 300 s this import waits"),
        "{}",
        stderr(&o)
    );
    assert_eq!(archive.hits().len(), 1, "no retry");
    assert!(start.elapsed() < Duration::from_secs(30));

    // A wait within the bound, again and again: retried three times, then given up.
    let archive = main_example().serve_with(|req, _| {
        (req.path == "/cdx/search/cdx").then(|| Reply::new(503, "busy").header("Retry-After", "0"))
    });
    let o = history(&archive, save.path(), &["example.com"], &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("keeps answering HTTP 503 after 3 retries"),
        "{}",
        stderr(&o)
    );
    assert_eq!(archive.hits().len(), 4);
    assert_eq!(save_names(save.path()), Vec::<String>::new());
}

#[test]
fn a_folder_with_an_undated_robots_txt_is_refused_before_any_request() {
    let archive = main_example().serve();
    let save = tempfile::tempdir().unwrap();
    let folder = save.path().join("example.com");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(folder.join("robots.txt"), OTHER).unwrap();
    let o = history(&archive, save.path(), &["example.com"], &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains(&format!(
            "{}: an undated robots.txt is there, which dated versions cannot join",
            folder.join("robots.txt").display()
        )),
        "{}",
        stderr(&o)
    );
    assert!(archive.hits().is_empty(), "{:?}", archive.hits());
    assert_eq!(names(&folder), ["robots.txt"]);
}

#[test]
fn a_saved_file_of_the_same_name_and_other_content_is_never_replaced() {
    let archive = main_example().serve();
    let save = tempfile::tempdir().unwrap();
    let folder = save.path().join("example.com");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(folder.join(MAIN_FILES[1]), "edited by hand\n").unwrap();
    let o = history(&archive, save.path(), &["example.com"], &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains(&format!(
            "{} holds other content than the archive's captures from 2026-11-04T00:00:00Z; not replaced",
            folder.join(MAIN_FILES[1]).display()
        )),
        "{}",
        stderr(&o)
    );
    assert_eq!(names(&folder), [MAIN_FILES[1]]);
    assert_eq!(read(folder.join(MAIN_FILES[1])), "edited by hand\n");
}

#[test]
fn a_version_an_import_with_other_bounds_dated_otherwise_is_the_same_version() {
    // Imported from 11-05 on first: the 404 version then starts "at" its first capture.
    let archive = main_example().serve();
    let save = tempfile::tempdir().unwrap();
    let o = history(
        &archive,
        save.path(),
        &["example.com"],
        &["--since", "2026-11-05"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let folder = save.path().join("example.com");
    assert_eq!(
        names(&folder),
        [
            "robots.20261105T000000Z.404",
            "robots.20261105T120000Z-20261106T000000Z.txt"
        ]
    );
    // All of it now: the same change, now known to lie after 11-04, is not saved again.
    let o = history(&archive, save.path(), &["example.com"], &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("4 versions: 2 written, 2 kept"),
        "{}",
        stdout(&o)
    );
    assert_eq!(
        names(&folder),
        [
            MAIN_FILES[0],
            MAIN_FILES[1],
            "robots.20261105T000000Z.404",
            MAIN_FILES[3]
        ]
    );
    RobotsDir::scan(save.path()).expect("a valid robots-dir");
}

#[test]
fn captures_of_other_origins_are_not_imported_and_the_user_is_told() {
    let archive = main_example().serve();
    let dir = tempfile::tempdir().unwrap();
    // A --save folder that does not exist yet: with nothing to write, it is not made.
    let save = dir.path().join("robots");
    let o = history(&archive, &save, &["http://www.example.com"], &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        format!(
            "http://www.example.com: 0 captures (0 skipped), 0 versions: 0 written, 0 kept, in {}\n",
            save.join("www.example.com:80").display()
        )
    );
    assert!(!save.exists(), "--save made with nothing written in it");
    assert!(
        stderr(&o)
            .contains("http://www.example.com: the archive lists 11 captures of other origins"),
        "{}",
        stderr(&o)
    );
    assert!(archive.replay_hits().is_empty());
}

#[test]
fn versions_that_would_overlap_saved_ones_are_refused() {
    let archive = main_example().serve();
    let save = tempfile::tempdir().unwrap();
    let folder = save.path().join("example.com");
    std::fs::create_dir_all(&folder).unwrap();
    let saved = "robots.20261103T000000Z-20261105T060000Z.txt";
    std::fs::write(folder.join(saved), OTHER).unwrap();
    let o = history(&archive, save.path(), &["example.com"], &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("importing would make the folder invalid: ")
            && stderr(&o).contains("overlap"),
        "{}",
        stderr(&o)
    );
    assert_eq!(names(&folder), [saved]);
}

#[test]
fn a_run_that_continues_a_saved_version_is_not_saved_twice() {
    let u = "https://example.com/robots.txt";
    let archive = Canned::new()
        .cap("20261101000000", u, "200", A)
        .cap("20261102000000", u, "200", A)
        .cap("20261104000000", u, "200", B)
        .serve();
    let save = tempfile::tempdir().unwrap();
    let folder = save.path().join("example.com");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(folder.join("robots.20261020T000000Z.txt"), A).unwrap();
    let o = history(&archive, save.path(), &["example.com"], &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("2 versions: 1 written, 1 kept"),
        "{}",
        stdout(&o)
    );
    assert_eq!(
        names(&folder),
        [
            "robots.20261020T000000Z.txt",
            "robots.20261102T000000Z-20261104T000000Z.txt",
        ]
    );
}

#[test]
fn a_body_over_500_kib_keeps_one_byte_more_than_read_and_gzip_is_decoded() {
    let big: String = "Disallow: /x\n".repeat(50_000); // 650,000 bytes
    let u = "https://example.com/robots.txt";
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(B.as_bytes()).unwrap();
    let gz = gz.finish().unwrap();
    let archive = Canned::new()
        .cap("20261101000000", u, "200", &big)
        .cap("20261102000000", u, "200", B)
        .serve_with(move |req, _| {
            req.path
                .starts_with("/web/20261102000000id_/")
                .then(|| Reply::new(200, gz.clone()).header("Content-Encoding", "gzip"))
        });
    let save = tempfile::tempdir().unwrap();
    let o = history(&archive, save.path(), &["example.com"], &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let folder = save.path().join("example.com");
    let saved = std::fs::read(folder.join("robots.20261101T000000Z.txt")).unwrap();
    // The 512,000 bytes the audit reads, and one that tells it the body went on.
    assert_eq!(saved.len(), 512_001);
    assert_eq!(saved, big.as_bytes()[..512_001]);
    assert_eq!(
        read(folder.join("robots.20261101T000000Z-20261102T000000Z.txt")),
        B
    );
    assert!(
        stderr(&o).contains(
            "https://example.com: 1 body was longer than 512000 bytes: saved with one byte more, which the audit reads as cut (truncated)"
        ),
        "{}",
        stderr(&o)
    );
    // The audit sees the version of 11-01 as cut.
    let h = hosts_report(save.path(), save.path(), 1);
    // The hosts report describes the latest version (B, whole); its first is the cut one.
    assert_eq!(&h[0]["truncated"], "no");
    let dir = RobotsDir::scan(save.path()).unwrap();
    let origin = robots_audit::fetch::Origin::from_url(
        "https://example.com",
        robots_audit::fetch::Scheme::Https,
    )
    .unwrap();
    let history = dir.history(&origin);
    let first = &history.versions()[0].entry;
    assert!(first.truncated);
    assert_eq!(first.bytes, 512_000);
}

/// The hosts report of an audit, with the robots-dir `robots`, of one request to
/// example.com on `day` of November 2026 (files written in `dir`).
fn hosts_report(dir: &Path, robots: &Path, day: u32) -> Vec<Rec> {
    let log = dir.join("access.log");
    std::fs::write(
        &log,
        format!("example.com:443 203.0.113.7 - - [{day:02}/Nov/2026:12:00:00 +0000] \"GET /x HTTP/1.1\" 200 120 \"-\" \"TestBot/1.0 (+https://bots.example/TestBot)\"\n"),
    )
    .unwrap();
    let hosts = dir.join("hosts.csv");
    let o = run_bounded(
        &[
            log.as_os_str(),
            "--robots-dir".as_ref(),
            robots.as_os_str(),
            "--hosts".as_ref(),
            hosts.as_os_str(),
            "--out".as_ref(),
            dir.join("v.csv").as_os_str(),
            "-q".as_ref(),
        ],
        60,
        1024,
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    rows(&std::fs::read(&hosts).unwrap())
}

#[test]
fn a_cut_body_that_is_the_latest_version_shows_truncated_in_the_hosts_report() {
    let big: String = "Disallow: /x\n".repeat(50_000);
    let u = "https://example.com/robots.txt";
    let archive = Canned::new().cap("20261101000000", u, "200", &big).serve();
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("robots");
    let o = history(&archive, &save, &["example.com"], &["-q"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let h = hosts_report(dir.path(), &save, 2);
    assert_eq!((&h[0]["truncated"], &h[0]["bytes"]), ("yes", "512000"));
}

#[test]
fn more_versions_than_allowed_stop_the_listing_and_the_origin() {
    let mut canned = main_example();
    canned.per_page = 2;
    let archive = canned.serve();
    let save = tempfile::tempdir().unwrap();
    // Two distinct bodies show on the fourth page (rows 7 and 8): the listing stops there.
    let o = history(
        &archive,
        save.path(),
        &["example.com"],
        &["--max-versions", "1"],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("https://example.com: at least 2 versions (runs of distinct content) in the archive, more than --max-versions 1"),
        "{}",
        stderr(&o)
    );
    assert_eq!(archive.cdx_hits().len(), 4);
    assert!(archive.replay_hits().is_empty());
    // Runs of one content can still be more versions than allowed.
    let o = history(
        &archive,
        save.path(),
        &["example.com"],
        &["--max-versions", "3"],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("https://example.com: 4 versions (runs of distinct content)"),
        "{}",
        stderr(&o)
    );
    assert_eq!(save_names(save.path()), Vec::<String>::new());
}

#[test]
fn requests_go_one_at_a_time_at_the_rate_asked() {
    let archive = main_example().serve();
    let save = tempfile::tempdir().unwrap();
    // The last --rate wins over the helper's.
    let o = history(&archive, save.path(), &["example.com"], &["--rate", "5"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let hits = archive.hits();
    assert_eq!(hits.len(), 3);
    for pair in hits.windows(2) {
        let gap = pair[1].at - pair[0].at;
        // 200 ms apart when sent; what the server sees carries some jitter (busy machine).
        assert!(gap >= Duration::from_millis(150), "{gap:?}");
    }
    assert_eq!(archive.max_in_flight.load(Ordering::SeqCst), 1);
}

#[test]
fn the_address_guard_keeps_the_archive_off_loopback_unless_allowed() {
    let archive = main_example().serve();
    let save = tempfile::tempdir().unwrap();
    let url = format!("http://127.0.0.1:{}", archive.port);
    let args = |extra: &[&str]| {
        let mut a: Vec<String> = ["history", "--archive", &url, "--rate", "1000", "--save"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        a.push(save.path().display().to_string());
        a.extend(extra.iter().map(|s| s.to_string()));
        a.push("example.com".into());
        a
    };
    let refs = |a: &[String]| -> Output {
        let r: Vec<&std::ffi::OsStr> = a.iter().map(std::ffi::OsStr::new).collect();
        run(&r, None)
    };
    let o = refs(&args(&[]));
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("address guard: address 127.0.0.1 is loopback"),
        "{}",
        stderr(&o)
    );
    assert!(archive.hits().is_empty());
    let o = refs(&args(&["--allow-private"]));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(names(&save.path().join("example.com")), MAIN_FILES);
}

#[test]
fn bad_arguments_are_errors_before_any_request() {
    let archive = main_example().serve();
    let save = tempfile::tempdir().unwrap();
    for (extra, expect) in [
        (vec!["--rate", "0"], "--rate must be more than 0"),
        (
            vec!["--since", "yesterday"],
            "--since: cannot read 'yesterday' as a time",
        ),
        (
            vec!["--since", "2026-11-02", "--until", "2026-11-01"],
            "--since: 2026-11-02T00:00:00Z is not before --until 2026-11-01T00:00:00Z",
        ),
        (
            vec!["--archive", "ftp://archive.test/"],
            "invalid archive URL \"ftp://archive.test/\"",
        ),
    ] {
        let o = history(&archive, save.path(), &["example.com"], &extra);
        assert_eq!(o.status.code(), Some(2), "{extra:?}");
        assert!(stderr(&o).contains(expect), "{extra:?}: {}", stderr(&o));
    }
    // One bad origin among good ones: an error for it, the others imported.
    let o = history(&archive, save.path(), &["exa mple.com", "example.com"], &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("invalid host \"exa mple.com\""),
        "{}",
        stderr(&o)
    );
    assert_eq!(names(&save.path().join("example.com")), MAIN_FILES);
    assert_eq!(archive.cdx_hits().len(), 1);
}

#[test]
fn imported_versions_judge_last_months_log() {
    // A from 11-01; B replaced it after the capture of 11-02 and by 11-03.
    let u = "https://example.com/robots.txt";
    let archive = Canned::new()
        .cap("20261101000000", u, "200", A)
        .cap("20261102000000", u, "200", A)
        .cap("20261103000000", u, "200", B)
        .cap("20261106000000", u, "200", B)
        .serve();
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("robots");
    let o = history(&archive, &save, &["example.com"], &["-q"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let line = |day: u32, path: &str| {
        format!(
            "example.com:443 203.0.113.7 - - [{day:02}/Nov/2026:12:00:00 +0000] \"GET {path} HTTP/1.1\" 200 120 \"-\" \"TestBot/1.0 (+https://bots.example/TestBot)\"\n"
        )
    };
    let log = dir.path().join("access.log");
    std::fs::write(
        &log,
        [line(1, "/a/1"), line(5, "/b/1"), line(5, "/a/2")].concat(),
    )
    .unwrap();
    let out = dir.path().join("v.csv");
    let o = run(
        &[
            log.as_os_str(),
            "--robots-dir".as_ref(),
            save.as_os_str(),
            "--out".as_ref(),
            out.as_os_str(),
            "-q".as_ref(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v = rows(&std::fs::read(&out).unwrap());
    let got: Vec<(String, String, String, String)> = v
        .iter()
        .map(|r| {
            (
                r["path"].to_string(),
                r["rule"].to_string(),
                r["robots_version"].to_string(),
                r["evidence"].to_string(),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            (
                "/a/1".to_string(),
                "Disallow: /a/".to_string(),
                "2026-11-01T00:00:00Z".to_string(),
                "in-force".to_string()
            ),
            (
                "/b/1".to_string(),
                "Disallow: /b/".to_string(),
                "2026-11-03T00:00:00Z".to_string(),
                "in-force".to_string()
            ),
        ]
    );
}

/// A CDX page of `rows` (capture rows as JSON arrays) with a resumption key.
fn cdx_page(rows: &[serde_json::Value], key: Option<&str>) -> Reply {
    let mut all = vec![serde_json::json!([
        "timestamp",
        "original",
        "mimetype",
        "statuscode",
        "digest"
    ])];
    all.extend(rows.iter().cloned());
    if let Some(key) = key {
        all.push(serde_json::json!([]));
        all.push(serde_json::json!([key]));
    }
    Reply::new(200, serde_json::to_vec(&all).unwrap())
}

fn a_row(ts: &str) -> serde_json::Value {
    serde_json::json!([
        ts,
        "https://example.com/robots.txt",
        "text/plain",
        "200",
        payload_digest(A.as_bytes())
    ])
}

#[test]
fn index_pages_without_captures_that_ask_for_more_stop_the_listing() {
    let archive = Canned::new().serve_with(|req, _| {
        (req.path == "/cdx/search/cdx").then(|| cdx_page(&[], Some(&format!("key-{}", req.seen))))
    });
    let save = tempfile::tempdir().unwrap();
    let o = history(&archive, save.path(), &["example.com"], &[]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("gives a page without captures and a resumption key for more"),
        "{}",
        stderr(&o)
    );
    assert_eq!(archive.cdx_hits().len(), 1);
    assert_eq!(save_names(save.path()), Vec::<String>::new());
}

#[test]
fn an_index_that_never_ends_stops_at_the_page_bound() {
    // One capture a page, a new key each time, for ever.
    let archive = Canned::new().serve_with(|req, _| {
        (req.path == "/cdx/search/cdx").then(|| {
            let n = archive_page_number(req);
            cdx_page(&[a_row("20261101000000")], Some(&format!("key-{}", n + 1)))
        })
    });
    let save = tempfile::tempdir().unwrap();
    let o = history(&archive, save.path(), &["example.com"], &[]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("goes on past 200 pages"),
        "{}",
        stderr(&o)
    );
    assert_eq!(archive.cdx_hits().len(), 200);
}

/// The page an index request asks for (`key-N` → N; the first is 0).
fn archive_page_number(req: &Req) -> usize {
    req.query
        .get("resumeKey")
        .and_then(|k| k.strip_prefix("key-"))
        .map_or(0, |n| n.parse().unwrap())
}

#[test]
fn a_huge_resumption_key_is_refused_and_no_line_echoes_it() {
    let huge = "k".repeat(1 << 20);
    let archive = Canned::new().serve_with(move |req, _| {
        (req.path == "/cdx/search/cdx").then(|| cdx_page(&[a_row("20261101000000")], Some(&huge)))
    });
    let save = tempfile::tempdir().unwrap();
    let o = history(&archive, save.path(), &["example.com"], &[]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains("gives a resumption key of 1048576 bytes, more than 4096"),
        "{err}"
    );
    assert!(err.len() < 2000, "{} bytes on standard error", err.len());
    assert_eq!(archive.cdx_hits().len(), 1);

    // A long key within the bound, then a failure: the URL that carries it is cut.
    let long = "k".repeat(4000);
    let archive = Canned::new().serve_with(move |req, _| {
        (req.path == "/cdx/search/cdx").then(|| match req.query.get("resumeKey") {
            None => cdx_page(&[a_row("20261101000000")], Some(&long)),
            Some(_) => Reply::new(500, "x".repeat(10_000)),
        })
    });
    let o = history(&archive, save.path(), &["example.com"], &[]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(err.contains("answered HTTP 500"), "{err}");
    assert!(err.lines().all(|l| l.len() < 1000), "{err}");
}

#[test]
fn an_archive_that_sends_a_byte_a_second_is_cut_off_at_the_timeout() {
    // The index page, then a capture's body: each drips for far longer than --timeout.
    for slow in ["/cdx/", "/web/"] {
        let archive = main_example().serve_with(move |req, canned| {
            req.path.starts_with(slow).then(|| Reply {
                drip: Some(Duration::from_millis(200)),
                ..canned.reply(req)
            })
        });
        let save = tempfile::tempdir().unwrap();
        let start = Instant::now();
        let o = history(&archive, save.path(), &["example.com"], &["--timeout", "2"]);
        assert_eq!(o.status.code(), Some(2), "{slow}: {}", stderr(&o));
        assert!(
            stderr(&o).contains("timed out after 2 s"),
            "{slow}: {}",
            stderr(&o)
        );
        // Each request gives up after 2 s (a body is tried from 3 captures).
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "{slow}: {:?}",
            start.elapsed()
        );
        assert_eq!(save_names(save.path()), Vec::<String>::new());
    }
}

#[test]
fn a_redirect_to_another_port_of_the_archive_is_not_followed() {
    let elsewhere = main_example().serve();
    let to = format!("http://archive.test:{}/cdx/search/cdx", elsewhere.port);
    let archive = Canned::new().serve_with(move |req, _| {
        (req.path == "/cdx/search/cdx").then(|| Reply::new(302, "").header("Location", &to))
    });
    let save = tempfile::tempdir().unwrap();
    let pin = format!("archive.test:{}:127.0.0.1", elsewhere.port);
    let o = history(
        &archive,
        save.path(),
        &["example.com"],
        &["--resolve", &pin],
    );
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("another origin (scheme, host or port) than the archive's"),
        "{}",
        stderr(&o)
    );
    assert!(elsewhere.hits().is_empty(), "{:?}", elsewhere.hits());
}

#[test]
fn a_capture_url_with_dot_segments_is_not_the_origins_and_never_replayed() {
    let u = "https://example.com/robots.txt";
    let archive = Canned::new()
        .cap("20261101000000", u, "200", A)
        .cap(
            "20261102000000",
            "https://example.com/../../robots.txt",
            "200",
            OTHER,
        )
        .cap(
            "20261103000000",
            "https://example.com/%2e%2e/robots.txt",
            "200",
            OTHER,
        )
        .serve();
    let save = tempfile::tempdir().unwrap();
    let o = history(&archive, save.path(), &["example.com"], &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        names(&save.path().join("example.com")),
        ["robots.20261101T000000Z.txt"]
    );
    assert_eq!(
        archive.replay_hits(),
        ["/web/20261101000000id_/https://example.com/robots.txt"]
    );
}

#[test]
fn a_timestamp_past_the_year_9999_is_named_as_such() {
    let archive = Canned::new().serve_with(|req, _| {
        (req.path == "/cdx/search/cdx").then(|| cdx_page(&[a_row("100000101000000")], None))
    });
    let save = tempfile::tempdir().unwrap();
    let o = history(&archive, save.path(), &["example.com"], &[]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains(
            "row 1: timestamp \"100000101000000\" is after the year 9999, the latest instant a version can be dated"
        ),
        "{}",
        stderr(&o)
    );
}

/// This process's umask (Linux), which the binary inherits.
fn umask() -> u32 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status.lines().find(|l| l.starts_with("Umask:")).unwrap();
    u32::from_str_radix(line["Umask:".len()..].trim(), 8).unwrap()
}

#[test]
fn saved_files_get_the_mode_any_new_file_gets() {
    use std::os::unix::fs::PermissionsExt;
    let archive = main_example().serve();
    let save = tempfile::tempdir().unwrap();
    let o = history(&archive, save.path(), &["example.com"], &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    for name in MAIN_FILES {
        let path = save.path().join("example.com").join(name);
        let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o666 & !umask(), "{name}: {mode:o}");
    }
}

#[test]
fn a_fifo_in_the_save_folder_is_refused_at_once() {
    let archive = main_example().serve();
    // A FIFO where a version is saved, then where the lock is.
    let save = tempfile::tempdir().unwrap();
    let folder = save.path().join("example.com");
    std::fs::create_dir_all(&folder).unwrap();
    let version = folder.join(MAIN_FILES[0]);
    mkfifo(&version);
    let o = history(&archive, save.path(), &["example.com"], &[]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains(&format!(
            "{}: not a regular file (a FIFO)",
            version.display()
        )),
        "{}",
        stderr(&o)
    );
    assert!(
        archive.hits().is_empty(),
        "refused before asking the archive"
    );
    std::fs::remove_file(&version).unwrap();
    let lock = save.path().join(".robots-audit-import.lock");
    let _ = std::fs::remove_file(&lock);
    mkfifo(&lock);
    let o = history(&archive, save.path(), &["example.com"], &[]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains(".robots-audit-import.lock: not a regular file (a FIFO)"),
        "{}",
        stderr(&o)
    );
    assert_eq!(names(&folder), Vec::<String>::new());
}

#[test]
fn another_folder_for_the_same_origin_stops_the_import() {
    let archive = main_example().serve();
    let save = tempfile::tempdir().unwrap();
    let upper = save.path().join("EXAMPLE.com");
    std::fs::create_dir_all(&upper).unwrap();
    std::fs::write(upper.join("robots.20261001T000000Z.txt"), OTHER).unwrap();
    let o = history(&archive, save.path(), &["example.com"], &[]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains(&format!(
            "{} and {} both speak for https://example.com",
            upper.display(),
            save.path().join("example.com").display()
        )),
        "{err}"
    );
    assert!(archive.hits().is_empty());
    assert!(!save.path().join("example.com").exists());
}

#[test]
fn a_save_path_that_is_not_a_folder_stops_the_run_before_any_request() {
    let archive = main_example().serve();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("robots");
    std::fs::write(&file, "not a folder\n").unwrap();
    let o = history(&archive, &file, &["example.com"], &[]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains(&format!("--save {}: not a directory", file.display())),
        "{err}"
    );
    assert_eq!(read(file), "not a folder\n");
    assert!(archive.cdx_hits().is_empty() && archive.replay_hits().is_empty());
}
