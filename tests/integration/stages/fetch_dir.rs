//! `--robots-dir` mode of the fetch stage, through the library API: saved copies only,
//! nothing fetched.

use std::fs;
use std::path::Path;
use std::sync::Arc;

use robots_audit::fetch::{
    FetchOptions, MAX_ROBOTS_BYTES, Obtained, Origin, Outcome, RobotsSource, RobotsStore, Scheme,
};

fn origin(host: &str) -> Origin {
    Origin::from_host(host.as_bytes(), Scheme::Https).expect("valid test host")
}

fn store(dir: &Path) -> RobotsStore {
    RobotsStore::new(FetchOptions {
        robots_dir: Some(dir.to_owned()),
        ..FetchOptions::default()
    })
    .expect("store")
}

fn save(dir: &Path, host: &str, body: &[u8]) {
    fs::create_dir_all(dir.join(host)).expect("mkdir");
    fs::write(dir.join(host).join("robots.txt"), body).expect("write");
}

#[test]
fn saved_copy_is_rules() {
    let dir = tempfile::tempdir().expect("tempdir");
    save(
        dir.path(),
        "example.com",
        b"User-agent: *\nDisallow: /private/\n",
    );
    let store = store(dir.path());
    let e = store.get(&origin("EXAMPLE.com:443"));
    assert_eq!(e.outcome, Outcome::Rules);
    assert_eq!(e.obtained, Obtained::RobotsDir);
    assert_eq!(e.body_bytes(), b"User-agent: *\nDisallow: /private/\n");
    assert_eq!(e.bytes, 34);
    assert!(!e.truncated);
    assert_eq!(e.url, "https://example.com/robots.txt");
}

#[test]
fn folder_name_has_port_only_when_not_default() {
    let dir = tempfile::tempdir().expect("tempdir");
    save(
        dir.path(),
        "example.com:8080",
        b"User-agent: *\nDisallow: /\n",
    );
    save(dir.path(), "www.xn--mller-kva.eu", b"# idn\n");
    save(dir.path(), "[2001:db8::1]", b"# v6\n");
    let store = store(dir.path());
    assert_eq!(
        store.get(&origin("example.com:8080")).outcome,
        Outcome::Rules
    );
    assert_eq!(store.get(&origin("example.com")).outcome, Outcome::AllowAll);
    assert_eq!(store.get(&origin("www.müller.eu")).body_bytes(), b"# idn\n");
    assert_eq!(
        store.get(&origin("[2001:DB8::1]:443")).body_bytes(),
        b"# v6\n"
    );
}

#[test]
fn missing_file_is_allow_all() {
    let dir = tempfile::tempdir().expect("tempdir");
    let e = store(dir.path()).get(&origin("nothing.example"));
    assert_eq!(e.outcome, Outcome::AllowAll);
    assert_eq!(e.obtained, Obtained::RobotsDir);
    assert_eq!(e.reason.as_deref(), Some("no file in robots dir"));
    assert!(e.body.is_none());
}

#[test]
fn what_is_not_a_regular_file_is_refused_when_the_store_is_made() {
    let dir = tempfile::tempdir().expect("tempdir");
    // A directory where the file should be.
    fs::create_dir_all(dir.path().join("broken.example/robots.txt")).expect("mkdir");
    let err = RobotsStore::new(FetchOptions {
        robots_dir: Some(dir.path().to_owned()),
        ..FetchOptions::default()
    })
    .err()
    .expect("refused")
    .to_string();
    assert!(
        err.ends_with("broken.example/robots.txt: not a regular file (a directory); a host folder holds robots.txt files only"),
        "{err}"
    );
}

#[test]
fn every_worker_asking_at_once_gets_the_saved_history() {
    // Workers that ask for an origin while another is reading its folder wait for that
    // answer: none is told "to be fetched" (which made the audit say it was fetching).
    let dir = tempfile::tempdir().expect("tempdir");
    let host = dir.path().join("many.example");
    fs::create_dir_all(&host).expect("mkdir");
    for day in 0..600 {
        let stamp = 1_793_491_200 + day * 86_400;
        let name = format!(
            "robots.{}.txt",
            jiff::Timestamp::from_second(stamp)
                .expect("instant")
                .strftime("%Y%m%dT%H%M%SZ")
        );
        fs::write(
            host.join(name),
            format!("User-agent: *\nDisallow: /{day}\n"),
        )
        .expect("write");
    }
    for round in 0..5 {
        let store = store(dir.path());
        let barrier = std::sync::Barrier::new(8);
        let got: Vec<bool> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..8)
                .map(|_| {
                    s.spawn(|| {
                        barrier.wait();
                        store.lookup(&origin("many.example")).is_some()
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("thread"))
                .collect()
        });
        assert!(got.iter().all(|&g| g), "round {round}: {got:?}");
    }
}

#[test]
fn big_file_is_capped() {
    let dir = tempfile::tempdir().expect("tempdir");
    save(dir.path(), "big.example", &vec![b'#'; 600_000]);
    let e = store(dir.path()).get(&origin("big.example"));
    assert_eq!(e.outcome, Outcome::Rules);
    assert!(e.truncated);
    assert_eq!(e.bytes, MAX_ROBOTS_BYTES as u64);
    assert_eq!(e.body_bytes().len(), MAX_ROBOTS_BYTES);
    save(dir.path(), "exact.example", &vec![b'#'; MAX_ROBOTS_BYTES]);
    let e = store(dir.path()).get(&origin("exact.example"));
    assert!(!e.truncated);
}

#[test]
fn once_per_origin_and_sorted_entries() {
    let dir = tempfile::tempdir().expect("tempdir");
    save(dir.path(), "b.example", b"# b\n");
    let store = store(dir.path());
    let got: Vec<Arc<_>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..16)
            .map(|_| s.spawn(|| store.get(&origin("b.example"))))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("thread"))
            .collect()
    });
    assert!(got.iter().all(|e| Arc::ptr_eq(e, &got[0])));
    store.get(&origin("a.example"));
    let hosts: Vec<String> = store
        .entries()
        .iter()
        .map(|(o, _)| o.display_host())
        .collect();
    assert_eq!(hosts, ["a.example", "b.example"]);
}

#[test]
fn hand_built_invalid_origin_is_not_fetched() {
    let dir = tempfile::tempdir().expect("tempdir");
    save(dir.path(), "example.com", b"# x\n");
    let store = store(&dir.path().join("example.com"));
    for host in ["..", "a/b", "Example.com", ""] {
        let o = Origin {
            scheme: Scheme::Https,
            host: host.into(),
            port: 443,
        };
        let e = store.get(&o);
        assert_eq!(e.outcome, Outcome::NotFetched, "{host}");
        assert_eq!(e.reason.as_deref(), Some("invalid host"));
    }
}

#[test]
fn unusable_cache_dir_is_a_warning() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("not-a-dir");
    fs::write(&file, b"x").expect("write");
    let store = RobotsStore::new(FetchOptions {
        cache_dir: Some(file.join("cache")),
        ..FetchOptions::default()
    })
    .expect("store without cache");
    assert_eq!(store.warnings().len(), 1, "{:?}", store.warnings());
    assert!(store.warnings()[0].contains("running without a cache"));
}

#[test]
fn shipped_robots_dir_sample() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/fetch/robots-dir");
    let store = store(&dir);
    let e = store.get(&origin("example.com"));
    assert_eq!(e.outcome, Outcome::Rules);
    assert!(
        e.body_bytes()
            .starts_with(b"User-agent: *\nDisallow: /private/\n")
    );
    assert_eq!(
        store.get(&origin("example.com:8080")).body_bytes(),
        b"User-agent: *\nDisallow: /\n"
    );
    assert!(
        store
            .get(&origin("www.müller.eu"))
            .body_bytes()
            .starts_with("# www.müller.eu\n".as_bytes())
    );
    assert_eq!(
        store.get(&origin("other.example")).outcome,
        Outcome::AllowAll
    );
}
