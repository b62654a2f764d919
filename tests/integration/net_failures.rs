//! How network failures read: servers on 127.0.0.1 that refuse the connection, reset it,
//! answer a TLS handshake with garbage, redirect in a loop, or never answer, met by `fetch`,
//! `history` and the list updates. Each failure is one line per origin (or list) of at most a
//! couple of hundred characters: what failed and the root cause, the URL at most once, never
//! the HTTP stack's own wrapping (`error sending request for url (…)`). Every host is pinned
//! to 127.0.0.1 with `--resolve` (the library's update with `resolve`); no packet leaves
//! loopback.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::Path;
use std::sync::{Arc, Mutex};

use robots_audit::crawlers::{ListOutcome, Registry, update_ranges};
use robots_audit::net::{ClientOptions, ResolveOverride};
use socket2::{Domain, Socket, Type};

use crate::support::{run, stderr};

/// The longest failure line accepted: "a couple of hundred characters".
const LINE_MAX: usize = 220;

/// What a misbehaving server does with each connection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Misbehaviour {
    /// Nothing listens on the port.
    Refuse,
    /// The request arrives and the connection is reset (closed with the request unread,
    /// which makes the kernel answer RST: RFC 1122 §4.2.2.13).
    Reset,
    /// Bytes that are no TLS record, answered to whatever comes.
    GarbageTls,
    /// `301` to the very target asked for, forever.
    RedirectLoop,
    /// Accepts and never answers.
    Silent,
}

use Misbehaviour::{GarbageTls, RedirectLoop, Refuse, Reset, Silent};

/// Ports bound on 127.0.0.1 with nothing listening, held for the life of the test binary.
static REFUSING: Mutex<Vec<Socket>> = Mutex::new(Vec::new());

/// Starts a server on 127.0.0.1 that misbehaves so; gives its port.
fn start(how: Misbehaviour) -> u16 {
    if how == Refuse {
        // Bound and never listening: connecting is refused. A port closed again instead
        // could be handed to the next server a test starts, which then answers.
        let socket = Socket::new(Domain::IPV4, Type::STREAM, None).expect("a TCP socket");
        socket
            .bind(&SocketAddr::from(([127, 0, 0, 1], 0)).into())
            .expect("bind 127.0.0.1:0");
        let port = socket
            .local_addr()
            .ok()
            .and_then(|a| a.as_socket())
            .expect("bound")
            .port();
        REFUSING
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(socket);
        return port;
    }
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1:0");
    let port = listener.local_addr().expect("bound").port();
    // Silent connections stay open for the life of the test binary.
    let held: Arc<Mutex<Vec<TcpStream>>> = Arc::default();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(stream) = stream else { continue };
            let held = Arc::clone(&held);
            std::thread::spawn(move || misbehave(stream, how, &held));
        }
    });
    port
}

fn misbehave(mut stream: TcpStream, how: Misbehaviour, held: &Mutex<Vec<TcpStream>>) {
    let mut buf = [0u8; 4096];
    match how {
        Refuse => {}
        Reset => {
            // Wait for the request without reading it, then close: RST.
            let _ = stream.peek(&mut buf);
        }
        GarbageTls => {
            let _ = stream.read(&mut buf);
            let _ = stream.write_all(&b"\x16\x03\x01garbage, not a TLS record ".repeat(8));
        }
        RedirectLoop => {
            let n = stream.read(&mut buf).unwrap_or(0);
            let request = String::from_utf8_lossy(&buf[..n]);
            let target = request.split(' ').nth(1).unwrap_or("/").to_owned();
            let _ = stream.write_all(
                format!(
                    "HTTP/1.1 301 Moved Permanently\r\nLocation: {target}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                )
                .as_bytes(),
            );
        }
        Silent => {
            held.lock().unwrap_or_else(|e| e.into_inner()).push(stream);
        }
    }
}

/// A misbehaviour, the scheme it is met over, and the words its line must hold.
type Case = (Misbehaviour, &'static str, &'static str);

/// Every misbehaviour with the words its line must hold, per scheme.
fn cases() -> Vec<Case> {
    vec![
        (Refuse, "http", "cannot connect: Connection refused"),
        (Refuse, "https", "cannot connect: Connection refused"),
        (Reset, "http", "Connection reset by peer"),
        (Reset, "https", "Connection reset by peer"),
        (GarbageTls, "https", "TLS handshake failed: "),
        (Silent, "http", "timed out after 1 s"),
        (Silent, "https", "timed out after 1 s"),
    ]
}

/// The line holds what it should, is short, and shows no URL but `allowed` (once).
fn assert_line(line: &str, want: &str, allowed_url: Option<&str>) {
    assert!(line.contains(want), "{want:?} not in {line:?}");
    assert!(
        line.chars().count() <= LINE_MAX,
        "{} characters: {line}",
        line.chars().count()
    );
    for wrapping in ["error sending request", "client error (", "for url ("] {
        assert!(!line.contains(wrapping), "{line}");
    }
    assert!(
        line.matches("://").count() <= usize::from(allowed_url.is_some()) + 1,
        "a URL too many: {line}"
    );
    if let Some(url) = allowed_url {
        assert!(line.matches(url).count() <= 1, "{url} twice: {line}");
    }
}

/// The `--timeout` (seconds) a case runs under: one second where the server never answers,
/// so that the timeout is what the line says; a wide margin elsewhere, so that a loaded
/// machine (a whole test run) cannot turn a refusal, a reset or a handshake into a timeout.
fn timeout_for(how: Misbehaviour) -> u64 {
    if how == Silent { 1 } else { 30 }
}

/// The cases split by the timeout they run under (a run has one): (timeout, its cases).
fn by_timeout(cases: &[Case]) -> [(u64, Vec<&Case>); 2] {
    [false, true].map(|silent| {
        let group: Vec<_> = cases.iter().filter(|c| (c.0 == Silent) == silent).collect();
        (timeout_for(group[0].0), group)
    })
}

#[test]
fn fetch_says_each_failure_once_and_briefly() {
    let mut cases = cases();
    cases.push((RedirectLoop, "http", "redirect loop"));
    // One run for the silent servers, one for the rest: `--timeout` is the run's.
    for (timeout, group) in by_timeout(&cases) {
        let mut args: Vec<String> = vec![
            "fetch".into(),
            "--no-cache".into(),
            "--timeout".into(),
            timeout.to_string(),
        ];
        let mut expected = Vec::new();
        for (i, (how, scheme, want)) in group.iter().enumerate() {
            let port = start(*how);
            let host = format!("h{i}.test");
            args.extend(["--resolve".into(), format!("{host}:{port}:127.0.0.1")]);
            args.push(format!("{scheme}://{host}:{port}"));
            expected.push((format!("{host}:{port}"), *want));
        }
        let argv: Vec<&std::ffi::OsStr> = args.iter().map(|a| a.as_ref()).collect();
        let o = run(&argv, None);
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        let out = String::from_utf8_lossy(&o.stdout).into_owned();
        let blocks: Vec<&str> = out.split("\n\n").collect();
        assert_eq!(blocks.len(), expected.len(), "{out}");
        for (block, (host, want)) in blocks.iter().zip(&expected) {
            assert!(block.contains(&format!("://{host}\n")), "{block}");
            let reasons: Vec<&str> = block.lines().filter(|l| l.starts_with("reason:")).collect();
            assert_eq!(reasons.len(), 1, "{block}");
            // The block names the URL in `url:` and `final url:`; the reason does not again.
            assert!(!reasons[0].contains(host.as_str()), "{block}");
            assert_line(reasons[0], want, None);
        }
    }
}

/// Runs `history` for two origins against the archive at `archive`, into `save`, under
/// `--timeout` of `timeout` seconds.
fn history(archive: &str, port: u16, save: &Path, timeout: u64) -> std::process::Output {
    let resolve = format!("archive.test:{port}:127.0.0.1");
    let save = save.to_string_lossy().into_owned();
    let timeout = timeout.to_string();
    let args = [
        "history",
        "--save",
        &save,
        "--archive",
        archive,
        "--resolve",
        &resolve,
        "--timeout",
        &timeout,
        "--rate",
        "1000",
        "example.com",
        "https://other.example",
    ];
    let argv: Vec<&std::ffi::OsStr> = args.iter().map(|a| a.as_ref()).collect();
    run(&argv, None)
}

#[test]
fn history_says_each_failure_once_per_origin_and_makes_no_save_folder() {
    let mut cases = cases();
    cases.push((RedirectLoop, "http", "more than 5 redirects"));
    for (how, scheme, want) in cases {
        let port = start(how);
        let archive = format!("{scheme}://archive.test:{port}");
        let dir = tempfile::tempdir().expect("tempdir");
        let save = dir.path().join("robots");
        let o = history(&archive, port, &save, timeout_for(how));
        assert_eq!(o.status.code(), Some(2), "{how:?} {scheme}: {}", stderr(&o));
        let err = stderr(&o);
        let lines: Vec<&str> = err.lines().collect();
        assert_eq!(lines.len(), 2, "{how:?} {scheme}: {err}");
        for (line, origin) in lines
            .iter()
            .zip(["https://example.com", "https://other.example"])
        {
            assert!(
                line.starts_with(&format!(
                    "robots-audit: error: {origin}: the capture list {archive}/cdx/search/cdx: "
                )),
                "{line}"
            );
            assert!(line.ends_with("; nothing written for it"), "{line}");
            assert!(!line.contains("?url="), "{line}");
            assert_line(line, want, Some(&archive));
        }
        assert!(
            !save.exists(),
            "{how:?} {scheme}: --save was made though nothing was written"
        );
    }
}

#[test]
fn list_updates_say_each_failure_once() {
    let mut cases = cases();
    cases.push((
        RedirectLoop,
        "http",
        "redirect not followed: more than 5 redirects",
    ));
    // One update for the silent servers, one for the rest: the timeout is the update's.
    for (timeout, group) in by_timeout(&cases) {
        let mut toml = String::from("[ranges]\n");
        let mut resolve = Vec::new();
        let mut expected = Vec::new();
        for (i, (how, scheme, want)) in group.iter().enumerate() {
            let port = start(*how);
            let url = format!("{scheme}://lists.test:{port}/list-{i}.json");
            toml.push_str(&format!("list-{i} = \"{url}\"\n"));
            resolve.push(
                ResolveOverride::parse(&format!("lists.test:{port}:127.0.0.1")).expect("valid"),
            );
            expected.push((format!("list-{i}"), url, *want));
        }
        let mut registry = Registry::empty();
        registry.load_extra(&toml).expect("a registry of lists");
        let dir = tempfile::tempdir().expect("tempdir");
        let opts = ClientOptions {
            resolve,
            timeout: std::time::Duration::from_secs(timeout),
            ..ClientOptions::default()
        };
        let report = update_ranges(&registry, dir.path(), &opts).expect("the update runs");
        assert_eq!(report.lists.len(), expected.len());
        for (name, url, want) in expected {
            let list = report
                .lists
                .iter()
                .find(|l| l.name == name)
                .expect("every list is reported");
            let ListOutcome::Failed { reason } = &list.outcome else {
                panic!("{name} saved")
            };
            assert!(
                !reason.contains(&url),
                "the URL is in its own column: {reason}"
            );
            assert_line(reason, want, None);
        }
    }
}
