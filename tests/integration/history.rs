//! Judging in time (docs/judging.md, "Judging in time") through the whole audit: a log and a
//! `--robots-dir` of dated versions → the report.

use std::path::Path;

use crate::support::{Rec, rows, run, stderr};

/// Writes `files` (name → content) into `dir/<host>/`.
fn versions(dir: &Path, host: &str, files: &[(&str, &str)]) {
    let folder = dir.join(host);
    std::fs::create_dir_all(&folder).unwrap();
    for (name, body) in files {
        std::fs::write(folder.join(name), body).unwrap();
    }
}

/// A vhost_combined line: `day` of November 2026 at `hour`:00 UTC.
fn line(host: &str, day: u32, hour: u32, min: u32, path: &str, status: u16, bot: &str) -> String {
    format!(
        "{host}:443 203.0.113.7 - - [{day:02}/Nov/2026:{hour:02}:{min:02}:00 +0000] \"GET {path} HTTP/1.1\" {status} 120 \"-\" \"{bot}/1.0 (+https://bots.example/{bot})\"\n"
    )
}

/// Runs the audit on `log` with the robots-dir `dir/robots`, bounded in time and memory,
/// writing each of `reports` (`--out`, `--summary`, `--hosts`) into `dir`; gives the output
/// and the rows of each report (none when it was not written).
fn run_audit(
    dir: &Path,
    log: &str,
    reports: &[&str],
    extra: &[&str],
) -> (std::process::Output, Vec<Vec<Rec>>) {
    let path = dir.join("access.log");
    std::fs::write(&path, log).unwrap();
    let files: Vec<std::path::PathBuf> = reports
        .iter()
        .map(|r| dir.join(format!("{}.csv", r.trim_start_matches('-'))))
        .collect();
    let robots = dir.join("robots");
    let mut args: Vec<&std::ffi::OsStr> = vec![
        path.as_os_str(),
        "--robots-dir".as_ref(),
        robots.as_os_str(),
    ];
    for (option, file) in reports.iter().zip(&files) {
        args.extend([std::ffi::OsStr::new(option), file.as_os_str()]);
    }
    args.push("-q".as_ref());
    args.extend(extra.iter().map(std::ffi::OsStr::new));
    let o = crate::support::run_bounded(&args, 120, 1024);
    let read = |p: &std::path::PathBuf| std::fs::read(p).map(|b| rows(&b)).unwrap_or_default();
    (o, files.iter().map(read).collect())
}

/// Runs the audit; gives (violations, summary).
fn audit(dir: &Path, log: &str, extra: &[&str]) -> (Vec<Rec>, Vec<Rec>) {
    let (o, mut reports) = run_audit(dir, log, &["--out", "--summary"], extra);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let summary = reports.pop().unwrap_or_default();
    (reports.pop().unwrap_or_default(), summary)
}

/// The worked example of docs/judging.md, "Worked example": v1 from 11-01 `Disallow: /a/`, v2 from
/// 11-03 `/a/` + `/b/`, v3 from 11-05 `/b/`, all in the `*` group.
fn worked_example(dir: &Path) {
    versions(
        &dir.join("robots"),
        "www.example.com",
        &[
            (
                "robots.20261101T000000Z.txt",
                "User-agent: *\nDisallow: /a/\n",
            ),
            (
                "robots.20261103T000000Z.txt",
                "User-agent: *\nDisallow: /a/\nDisallow: /b/\n",
            ),
            (
                "robots.20261105T000000Z.txt",
                "User-agent: *\nDisallow: /b/\n",
            ),
        ],
    );
}

/// Each row of the worked example by a bot of its own, so that one's fetch of /robots.txt
/// does not narrow another's requests.
fn worked_example_log() -> String {
    let h = "www.example.com";
    [
        line(h, 2, 10, 0, "/a/1", 200, "Row1Bot"),
        line(h, 3, 6, 0, "/b/1", 200, "Row2Bot"),
        line(h, 3, 1, 0, "/robots.txt", 200, "Row3Bot"),
        line(h, 3, 2, 0, "/b/3", 200, "Row3Bot"),
        line(h, 4, 6, 0, "/b/2", 200, "Row4Bot"),
        line(h, 4, 0, 0, "/robots.txt", 404, "Row5Bot"),
        line(h, 4, 1, 0, "/a/3", 200, "Row5Bot"),
        line(h, 5, 6, 0, "/a/2", 200, "Row6Bot"),
        line(h, 5, 6, 0, "/b/4", 200, "Row7Bot"),
        // 10-31 12:00: written as the previous day in November's terms below.
    ]
    .concat()
        + "www.example.com:443 203.0.113.7 - - [31/Oct/2026:12:00:00 +0000] \"GET /a/0 HTTP/1.1\" 200 120 \"-\" \"Row8Bot/1.0 (+https://bots.example/Row8Bot)\"\n"
}

fn find<'a>(recs: &'a [Rec], crawler: &str) -> Vec<&'a Rec> {
    recs.iter().filter(|r| &r["crawler"] == crawler).collect()
}

#[test]
fn spec_9_worked_example_through_the_audit() {
    let dir = tempfile::tempdir().unwrap();
    worked_example(dir.path());
    let (v, s) = audit(dir.path(), &worked_example_log(), &[]);
    let row = |crawler: &str| -> (String, String, String, String) {
        let r = find(&v, crawler);
        assert_eq!(r.len(), 1, "{crawler}: {v:?}");
        (
            r[0]["path"].to_string(),
            r[0]["robots_version"].to_string(),
            r[0]["evidence"].to_string(),
            r[0]["rule"].to_string(),
        )
    };
    let v1 = "2026-11-01T00:00:00Z";
    let v2 = "2026-11-03T00:00:00Z";
    let v3 = "2026-11-05T00:00:00Z";
    let owned = |p: &str, v: &str, e: &str, r: &str| (p.into(), v.into(), e.into(), r.into());
    assert_eq!(
        row("Row1Bot"),
        owned("/a/1", v1, "in-force", "Disallow: /a/")
    );
    assert_eq!(
        row("Row3Bot"),
        owned("/b/3", v2, "fetched", "Disallow: /b/")
    );
    assert_eq!(
        row("Row4Bot"),
        owned("/b/2", v2, "in-force", "Disallow: /b/")
    );
    assert_eq!(
        row("Row7Bot"),
        owned("/b/4", v3, "in-force", "Disallow: /b/")
    );
    assert_eq!(
        row("Row8Bot"),
        owned("/a/0", v1, "assumed", "Disallow: /a/")
    );
    for allowed in ["Row2Bot", "Row5Bot", "Row6Bot"] {
        assert!(find(&v, allowed).is_empty(), "{allowed} is allowed: {v:?}");
    }
    assert_eq!(v.len(), 5);
    let summary = |crawler: &str| {
        let r = find(&s, crawler);
        assert_eq!(r.len(), 1, "{crawler}");
        (
            r[0]["allowed"].to_string(),
            r[0]["allowed_by_leeway"].to_string(),
            r[0]["violations"].to_string(),
        )
    };
    let counts = |a: &str, l: &str, v: &str| (a.to_string(), l.to_string(), v.to_string());
    assert_eq!(
        summary("Row2Bot"),
        counts("1", "1", "0"),
        "allowed by the leeway"
    );
    assert_eq!(summary("Row5Bot"), counts("1", "0", "0"), "its own 404");
    assert_eq!(summary("Row6Bot"), counts("1", "0", "0"), "v3 allows");
    assert_eq!(summary("Row1Bot"), counts("0", "0", "1"));
}

#[test]
fn with_no_leeway_the_version_in_force_decides() {
    let dir = tempfile::tempdir().unwrap();
    worked_example(dir.path());
    let (v, s) = audit(dir.path(), &worked_example_log(), &["--leeway", "0"]);
    let row2 = find(&v, "Row2Bot");
    assert_eq!(row2.len(), 1, "{v:?}");
    assert_eq!(
        (&row2[0]["robots_version"], &row2[0]["evidence"]),
        ("2026-11-03T00:00:00Z", "in-force")
    );
    assert!(
        find(&s, "Row2Bot")
            .iter()
            .all(|r| &r["allowed_by_leeway"] == "0")
    );
    // Its own 404 an hour earlier excuses it only for the leeway after it: here, not at all.
    let row5 = find(&v, "Row5Bot");
    assert_eq!(row5.len(), 1, "{v:?}");
    assert_eq!(&row5[0]["evidence"], "in-force");
}

/// Ten daily versions, each disallowing a different mix of three folders, and a crawler
/// asking for the same paths every few hours: an audit of a window of days (whose versions
/// alone are compiled, and whose verdicts the workers remember per range of versions held)
/// gives exactly the rows of the whole audit that fall in it.
#[test]
fn a_window_of_days_gives_the_rows_of_the_whole_audit_in_that_window() {
    let dir = tempfile::tempdir().unwrap();
    let bodies: Vec<(String, String)> = (1..=10)
        .map(|day| {
            let mut body = String::from("User-agent: *\n");
            for k in 0..3 {
                if (day + k) % 3 != 0 {
                    body += &format!("Disallow: /d{k}/\n");
                }
            }
            (format!("robots.202611{day:02}T060000Z.txt"), body)
        })
        .collect();
    let files: Vec<(&str, &str)> = bodies
        .iter()
        .map(|(n, b)| (n.as_str(), b.as_str()))
        .collect();
    versions(&dir.path().join("robots"), "www.example.com", &files);
    let mut log = String::new();
    for day in 1..=12 {
        for hour in [1, 5, 7, 13, 23] {
            for k in 0..3 {
                // The same path all day (one row a day), another each day.
                let path = format!("/d{k}/day{day}");
                log += &line("www.example.com", day, hour, 0, &path, 200, "WinBot");
            }
        }
    }
    let (all, _) = audit(dir.path(), &log, &[]);
    assert!(all.len() > 10, "{all:?}");
    for (since, until) in [("2026-11-04", "2026-11-07"), ("2026-11-09", "2026-11-13")] {
        let (window, _) = audit(dir.path(), &log, &["--since", since, "--until", until]);
        let inside: Vec<String> = all
            .iter()
            .filter(|r| {
                let first = &r["first_seen"][..10];
                first >= since && first < until
            })
            .map(|r| format!("{r:?}"))
            .collect();
        let window: Vec<String> = window.iter().map(|r| format!("{r:?}")).collect();
        assert!(!window.is_empty());
        assert_eq!(window, inside, "{since} to {until}");
    }
}

#[test]
fn status_versions_and_uncertain_windows() {
    let dir = tempfile::tempdir().unwrap();
    let robots = dir.path().join("robots");
    // A host whose file disappeared (404) from 11-03, and one that became unreachable (503):
    // the unreachable version stands for the last good one before it.
    versions(
        &robots,
        "gone.example",
        &[
            (
                "robots.20261101T000000Z.txt",
                "User-agent: *\nDisallow: /\n",
            ),
            ("robots.20261103T000000Z.404", ""),
        ],
    );
    versions(
        &robots,
        "down.example",
        &[
            (
                "robots.20261101T000000Z.txt",
                "User-agent: *\nDisallow: /\n",
            ),
            ("robots.20261103T000000Z.503", "Service Unavailable"),
        ],
    );
    // A change known only to have happened after 11-02 and no later than 11-04.
    versions(
        &robots,
        "fuzzy.example",
        &[
            (
                "robots.20261101T000000Z.txt",
                "User-agent: *\nDisallow: /old/\n",
            ),
            (
                "robots.20261102T000000Z-20261104T000000Z.txt",
                "User-agent: *\nDisallow: /new/\n",
            ),
        ],
    );
    let log = [
        line("gone.example", 4, 12, 0, "/x", 200, "GoneBot"),
        line("gone.example", 2, 12, 0, "/y", 200, "GoneBot"),
        line("down.example", 4, 12, 0, "/x", 200, "DownBot"),
        line("fuzzy.example", 3, 12, 0, "/old/1", 200, "FuzzyBot"),
        line("fuzzy.example", 3, 12, 0, "/new/1", 200, "FuzzyBot"),
        line("fuzzy.example", 6, 12, 0, "/new/2", 200, "FuzzyBot"),
        line("fuzzy.example", 6, 12, 0, "/old/2", 200, "FuzzyBot"),
    ]
    .concat();
    let (v, _) = audit(dir.path(), &log, &["--leeway", "0"]);
    let paths = |crawler: &str| -> Vec<(String, String)> {
        find(&v, crawler)
            .iter()
            .map(|r| (r["path"].to_string(), r["robots_version"].to_string()))
            .collect()
    };
    // No file from 11-03: only the request before it is a violation.
    assert_eq!(
        paths("GoneBot"),
        [("/y".into(), "2026-11-01T00:00:00Z".into())]
    );
    // Unreachable from 11-03: judged by the last good version, v1.
    assert_eq!(
        paths("DownBot"),
        [("/x".into(), "2026-11-01T00:00:00Z".into())]
    );
    // On 11-03 either version may be in force: neither path is forbidden by both. By 11-06
    // only the new one is.
    assert_eq!(
        paths("FuzzyBot"),
        [("/new/2".into(), "2026-11-04T00:00:00Z".into())]
    );
}

#[test]
fn a_robots_dir_that_cannot_be_read_right_is_an_error_naming_the_file() {
    for (files, expect) in [
        (
            vec![("robots.2026-11-01.txt", "")],
            "robots.2026-11-01.txt: 2026-11-01 is not YYYYMMDDTHHMMSSZ",
        ),
        (
            vec![("robots.notes.md", "")],
            "robots.notes.md: not robots.txt nor a dated version",
        ),
        (
            vec![("robots.20261103T000000Z-20261101T000000Z.txt", "")],
            "20261103T000000Z (LO) is after 20261101T000000Z (HI)",
        ),
        (
            vec![("robots.100000101T000000Z.txt", "")],
            "100000101T000000Z is after the year 9999",
        ),
        (
            vec![("robots.txt", ""), ("robots.20261101T000000Z.txt", "")],
            "holds both robots.txt and dated versions",
        ),
        (
            vec![
                ("robots.20261101T000000Z-20261105T000000Z.txt", ""),
                ("robots.20261103T000000Z.txt", ""),
            ],
            "overlap",
        ),
    ] {
        let dir = tempfile::tempdir().unwrap();
        versions(&dir.path().join("robots"), "www.example.com", &files);
        let path = dir.path().join("access.log");
        std::fs::write(&path, line("www.example.com", 2, 0, 0, "/", 200, "ABot")).unwrap();
        let out = dir.path().join("v.csv");
        std::fs::write(&out, "previous\n").unwrap();
        let robots = dir.path().join("robots");
        let o = run(
            &[
                path.as_os_str(),
                "--robots-dir".as_ref(),
                robots.as_os_str(),
                "--out".as_ref(),
                out.as_os_str(),
            ],
            None,
        );
        assert_eq!(o.status.code(), Some(2), "{files:?}");
        assert!(stderr(&o).contains(expect), "{}", stderr(&o));
        assert_eq!(std::fs::read_to_string(&out).unwrap(), "previous\n");
    }
}

#[test]
fn the_size_of_a_crawlers_own_fetch_tells_which_version_it_got() {
    // v2 came into force at some instant of (11-02, 11-04]. A fetch on 11-03 could have got
    // either; the log's response size (28 bytes, v2's body) says which.
    let dir = tempfile::tempdir().unwrap();
    let v1 = "User-agent: *\nDisallow: /a/\n"; // 28 bytes
    let v2 = "User-agent: *\nDisallow: /b/\n\n"; // 29 bytes
    versions(
        &dir.path().join("robots"),
        "www.example.com",
        &[
            ("robots.20261101T000000Z.txt", v1),
            ("robots.20261102T000000Z-20261104T000000Z.txt", v2),
        ],
    );
    // nginx JSON's `body_bytes_sent`: the body's size (an Apache-style log's may count the
    // headers: a vhost_combined line's size narrows nothing).
    let fetch = |bot: &str, size: usize| {
        format!(
            "{{\"time_iso8601\":\"2026-11-03T01:00:00+00:00\",\"remote_addr\":\"203.0.113.7\",\"host\":\"www.example.com\",\"request\":\"GET /robots.txt HTTP/1.1\",\"status\":200,\"body_bytes_sent\":{size},\"http_user_agent\":\"{bot}/1.0 (+https://bots.example/{bot})\"}}\n"
        )
    };
    let request = |bot: &str| {
        format!(
            "{{\"time_iso8601\":\"2026-11-03T02:00:00+00:00\",\"remote_addr\":\"203.0.113.7\",\"host\":\"www.example.com\",\"request\":\"GET /b/1 HTTP/1.1\",\"status\":200,\"body_bytes_sent\":10,\"http_user_agent\":\"{bot}/1.0 (+https://bots.example/{bot})\"}}\n"
        )
    };
    let log = [
        fetch("SizedBot", v2.len()),
        request("SizedBot"),
        fetch("UnsizedBot", 999),
        request("UnsizedBot"),
    ]
    .concat();
    let (v, _) = audit(dir.path(), &log, &[]);
    let sized = find(&v, "SizedBot");
    assert_eq!(sized.len(), 1, "{v:?}");
    assert_eq!(
        (&sized[0]["robots_version"], &sized[0]["evidence"]),
        ("2026-11-04T00:00:00Z", "fetched")
    );
    // A size that matches no version narrows nothing: v1 (which allows /b/1) may be held.
    assert!(find(&v, "UnsizedBot").is_empty(), "{v:?}");
    // The same size in a log whose size may count the headers (a review found a 30-byte
    // v1 fetched with 250 bytes of headers pinned to a 280-byte v2) narrows nothing either.
    let vhost = format!(
        "www.example.com:443 203.0.113.7 - - [03/Nov/2026:01:00:00 +0000] \"GET /robots.txt HTTP/1.1\" 200 {} \"-\" \"SizedBot/1.0 (+https://bots.example/SizedBot)\"\n",
        v2.len()
    ) + &line("www.example.com", 3, 2, 0, "/b/1", 200, "SizedBot");
    let (v, _) = audit(dir.path(), &vhost, &[]);
    assert!(find(&v, "SizedBot").is_empty(), "{v:?}");
}

/// Runs the audit; gives the output, the violations and the hosts report (empty when not
/// written).
fn audit_bounded(
    dir: &Path,
    log: &str,
    extra: &[&str],
) -> (std::process::Output, Vec<Rec>, Vec<Rec>) {
    let (o, mut reports) = run_audit(dir, log, &["--out", "--hosts"], extra);
    let hosts = reports.pop().unwrap_or_default();
    (o, reports.pop().unwrap_or_default(), hosts)
}

/// `n` dated versions of ~`size` bytes, one a day from 11-01; version `i` is `kind(i)` (its
/// own body, or one of a few shared ones), and all disallow `/all/`.
fn big_versions(dir: &Path, n: u32, size: usize, kind: impl Fn(u32) -> u32) {
    let folder = dir.join("robots").join("www.example.com");
    std::fs::create_dir_all(&folder).unwrap();
    for i in 0..n {
        let day = jiff::civil::date(2026, 11, 1)
            .checked_add(jiff::Span::new().days(i64::from(i)))
            .unwrap();
        let name = format!("robots.{}T000000Z.txt", day.strftime("%Y%m%d"));
        let k = kind(i);
        let mut body = format!("User-agent: *\nDisallow: /all/\nDisallow: /only{k}/\n");
        while body.len() < size {
            body.push_str(&format!("Disallow: /v{k}/p{}/*x\n", body.len()));
        }
        std::fs::write(folder.join(name), body).unwrap();
    }
}

#[test]
fn versions_past_the_robots_budget_leave_the_host_not_judged_and_say_why() {
    // 40 distinct versions of 100 KB: 4 MB of rules against a budget of half of 4 MiB.
    let dir = tempfile::tempdir().unwrap();
    big_versions(dir.path(), 40, 100_000, |i| i);
    let log = line("www.example.com", 20, 12, 0, "/all/x", 200, "ABot");
    let (o, _, _) = audit_bounded(dir.path(), &log, &["--max-memory", "4M"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains("https://www.example.com (1 crawler request): the versions of its robots.txt this audit can need hold 4,0")
            && err.contains("(40 distinct bodies), more than the 2,097,152 an audit holds"),
        "{err}"
    );
    // With the audit bounded in time, only the versions its requests can need count (and
    // are read): those in force from 11-20 − 24 h to 11-21.
    let (o, v, h) = audit_bounded(
        dir.path(),
        &log,
        &[
            "--max-memory",
            "4M",
            "--since",
            "2026-11-20",
            "--until",
            "2026-11-21",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(v.len(), 1);
    assert_eq!(&v[0]["robots_version"], "2026-11-20T00:00:00Z");
    assert_eq!(&h[0]["versions"], "40");
    assert_eq!(&h[0]["judged"], "yes");
}

#[test]
fn versions_with_the_same_body_are_held_once() {
    // 300 versions alternating between two bodies of 100 KB: 200 KB to hold, not 30 MB.
    let dir = tempfile::tempdir().unwrap();
    big_versions(dir.path(), 300, 100_000, |i| i % 2);
    let log = [
        line("www.example.com", 20, 12, 0, "/all/x", 200, "ABot"),
        line("www.example.com", 21, 12, 0, "/only1/x", 200, "ABot"),
    ]
    .concat();
    let (o, v, _) = audit_bounded(dir.path(), &log, &["--max-memory", "4M"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // On 11-21 at noon the crawler may hold the version of 11-20 (`/only1/`) or of 11-21
    // (`/only0/`): only `/all/` is forbidden by both.
    let paths: Vec<&str> = v.iter().map(|r| &r["path"]).collect();
    assert_eq!(paths, ["/all/x"]);
}

#[test]
fn host_folders_that_name_the_same_origin_are_an_error_naming_both() {
    for (a, b) in [
        ("EXAMPLE.com", "example.com"),
        ("example.com:443", "Example.COM:443"),
        ("müller.example", "xn--mller-kva.example"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let robots = dir.path().join("robots");
        versions(
            &robots,
            a,
            &[("robots.txt", "User-agent: *\nDisallow: /\n")],
        );
        versions(&robots, b, &[("robots.20261101T000000Z.txt", "")]);
        let log = line("example.com", 20, 12, 0, "/x", 200, "ABot");
        let (o, _, _) = audit_bounded(dir.path(), &log, &[]);
        assert_eq!(o.status.code(), Some(2), "{a} {b}");
        let err = stderr(&o);
        for folder in [a, b] {
            assert!(
                err.contains(&robots.join(folder).display().to_string()),
                "{a} {b}: {err}"
            );
        }
        assert!(err.contains("both speak for"), "{err}");
    }
}

#[test]
fn host_folders_are_read_as_hosts() {
    // Upper case, a default port, a Unicode name: each is the host its name says.
    let dir = tempfile::tempdir().unwrap();
    let robots = dir.path().join("robots");
    for folder in ["SHOP.example", "blog.example:443", "müller.example"] {
        versions(
            &robots,
            folder,
            &[("robots.txt", "User-agent: *\nDisallow: /private/\n")],
        );
    }
    let log = [
        line("shop.example", 20, 12, 0, "/private/1", 200, "ABot"),
        line("blog.example", 20, 12, 0, "/private/2", 200, "ABot"),
        line(
            "xn--mller-kva.example",
            20,
            12,
            0,
            "/private/3",
            200,
            "ABot",
        ),
    ]
    .concat();
    let (o, v, h) = audit_bounded(dir.path(), &log, &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(v.len(), 3, "{v:?}");
    assert!(
        h.iter()
            .all(|r| &r["obtained"] == "robots-dir" && &r["outcome"] == "rules")
    );
}

#[test]
fn a_fifo_in_the_robots_dir_is_an_error_naming_it_at_once() {
    for name in ["robots.txt", "robots.20261101T000000Z.txt"] {
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().join("robots").join("www.example.com");
        std::fs::create_dir_all(&folder).unwrap();
        let fifo = folder.join(name);
        crate::support::mkfifo(&fifo);
        let log = line("www.example.com", 20, 12, 0, "/x", 200, "ABot");
        let (o, _, _) = audit_bounded(dir.path(), &log, &[]);
        assert_eq!(o.status.code(), Some(2), "{name}");
        assert!(
            stderr(&o).contains(&format!("{}: not a regular file (a FIFO)", fifo.display())),
            "{}",
            stderr(&o)
        );
    }
}

#[test]
fn nothing_is_said_to_be_fetched_under_a_robots_dir() {
    // Workers meet the origin at once while its 300 versions are being listed.
    let dir = tempfile::tempdir().unwrap();
    big_versions(dir.path(), 300, 10_000, |i| i);
    let log: String = (0..40_000)
        .map(|i| line("www.example.com", 20, 12, i % 60, "/all/x", 200, "ABot"))
        .collect();
    let path = dir.path().join("access.log");
    std::fs::write(&path, log).unwrap();
    let robots = dir.path().join("robots");
    let out = dir.path().join("v.csv");
    for _ in 0..3 {
        let o = crate::support::run_bounded(
            &[
                path.as_os_str(),
                "--robots-dir".as_ref(),
                robots.as_os_str(),
                "--out".as_ref(),
                out.as_os_str(),
                "--threads".as_ref(),
                "4".as_ref(),
            ],
            120,
            1024,
        );
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        assert!(!stderr(&o).contains("fetching"), "{}", stderr(&o));
    }
}

/// A vhost_combined line of `FooBot` on www.example.com: `day` of November 2026 at
/// `hour`:00 UTC, with its method.
fn foo_line(method: &str, day: u32, hour: u32, path: &str, status: u16) -> String {
    format!(
        "www.example.com:443 192.0.2.1 - - [{day:02}/Nov/2026:{hour:02}:00:00 +0000] \"{method} {path} HTTP/1.1\" {status} 10 \"-\" \"Mozilla/5.0 (compatible; FooBot/1.0; +http://foo.example/bot)\"\n"
    )
}

/// A window's first requests are judged with the crawler's fetches of /robots.txt in the
/// leeway before it, as the whole audit judges them: the fetches were dropped with the rest
/// of what came before `--since`, and FooBot, told 404 an hour before the window, was
/// reported for requests the whole log allows.
#[test]
fn a_window_is_judged_with_the_fetches_in_the_leeway_before_it() {
    let dir = tempfile::tempdir().unwrap();
    worked_example(dir.path());
    let log = [
        foo_line("GET", 2, 23, "/robots.txt", 404),
        foo_line("GET", 3, 1, "/a/x", 200),
        foo_line("GET", 3, 2, "/a/y", 200),
    ]
    .concat();
    let (whole, _) = audit(dir.path(), &log, &[]);
    assert!(whole.is_empty(), "its own 404 allows both: {whole:?}");
    // A host met only in such a fetch is no host of the window.
    let elsewhere = foo_line("GET", 2, 23, "/robots.txt", 404).replace("www.example.com", "x.test");
    let (o, reports) = run_audit(
        dir.path(),
        &(elsewhere + &log),
        &["--hosts"],
        &["--since", "2026-11-03"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let hosts: Vec<&str> = reports[0].iter().map(|r| &r["host"]).collect();
    assert_eq!(hosts, ["www.example.com"]);
    let (window, summary) = audit(dir.path(), &log, &["--since", "2026-11-03"]);
    assert!(window.is_empty(), "{window:?}");
    let foo = find(&summary, "FooBot");
    assert_eq!(foo.len(), 1, "{summary:?}");
    assert_eq!(
        (
            &foo[0]["requests"],
            &foo[0]["allowed"],
            &foo[0]["robots_fetches"]
        ),
        ("2", "2", "0"),
        "the fetch is evidence, not one of the window's requests"
    );
    // A fetch older than the leeway before the window narrows nothing, inside it or not.
    for extra in [
        &["--leeway", "1h"][..],
        &["--leeway", "1h", "--since", "2026-11-03"],
    ] {
        let (v, _) = audit(dir.path(), &log, extra);
        let rows: Vec<(&str, &str, &str)> = v
            .iter()
            .map(|r| (&r["path"], &r["rule"], &r["evidence"]))
            .collect();
        assert_eq!(
            rows,
            [
                ("/a/x", "Disallow: /a/", "in-force"),
                ("/a/y", "Disallow: /a/", "in-force")
            ],
            "{extra:?}"
        );
    }
}

/// Only a GET of /robots.txt is a fetch of the rules: a HEAD gets no body, so it tells
/// nothing of which version the crawler holds, and was taken as proof that it held the one
/// in force (`evidence` `fetched`).
#[test]
fn a_head_of_robots_txt_is_no_fetch_of_the_rules() {
    let dir = tempfile::tempdir().unwrap();
    worked_example(dir.path());
    let log = |method: &str| {
        [
            foo_line(method, 3, 1, "/robots.txt", 200),
            foo_line("GET", 3, 2, "/b/3", 200),
        ]
        .concat()
    };
    let (v, _) = audit(dir.path(), &log("GET"), &[]);
    assert_eq!(v.len(), 1, "{v:?}");
    assert_eq!(
        (&v[0]["robots_version"], &v[0]["evidence"]),
        ("2026-11-03T00:00:00Z", "fetched")
    );
    let (v, s) = audit(dir.path(), &log("HEAD"), &[]);
    assert!(v.is_empty(), "v1, in the leeway, allows /b/3: {v:?}");
    let foo = find(&s, "FooBot");
    assert_eq!(
        (&foo[0]["allowed_by_leeway"], &foo[0]["robots_fetches"]),
        ("1", "1"),
        "a request for /robots.txt all the same"
    );
}

/// A version that cannot judge (a 503 with no file before it) within the leeway before a
/// request does not make the request "not judged" when the crawler's own fetch shows it held
/// the version after it; and its 404 fetch later lets it fetch anything (docs/judging.md,
/// "The crawler's own fetches").
#[test]
fn an_unreachable_start_is_no_excuse_once_the_crawler_fetched_the_file() {
    let dir = tempfile::tempdir().unwrap();
    versions(
        &dir.path().join("robots"),
        "www.example.com",
        &[
            ("robots.20261101T000000Z.503", ""),
            (
                "robots.20261102T000000Z.txt",
                "User-agent: *\nDisallow: /a/\n",
            ),
        ],
    );
    let log = [
        foo_line("GET", 2, 1, "/robots.txt", 200),
        foo_line("GET", 2, 2, "/a/1", 200),
        foo_line("GET", 2, 3, "/robots.txt", 404),
        foo_line("GET", 2, 4, "/a/2", 200),
    ]
    .concat();
    let (v, s) = audit(dir.path(), &log, &[]);
    let got: Vec<(&str, &str)> = v.iter().map(|r| (&r["path"], &r["evidence"])).collect();
    assert_eq!(got, [("/a/1", "fetched")], "{v:?}");
    let foo = find(&s, "FooBot");
    assert_eq!(
        (
            &foo[0]["checked"],
            &foo[0]["allowed"],
            &foo[0]["violations"]
        ),
        ("2", "1", "1"),
        "{foo:?}"
    );
}

/// The summary's `group` names the groups of every version its checked requests were judged
/// under, whichever request a worker met first (it named the first one's alone, so the
/// order of the lines, the threads and the files changed the report).
#[test]
fn the_summary_names_the_groups_of_every_version_in_any_order() {
    let dir = tempfile::tempdir().unwrap();
    versions(
        &dir.path().join("robots"),
        "a.test",
        &[
            (
                "robots.20261101T000000Z.txt",
                "User-agent: *\nDisallow: /x/\n",
            ),
            (
                "robots.20261110T000000Z.txt",
                "User-agent: FooBot\nDisallow: /y/\n",
            ),
        ],
    );
    let early = line("a.test", 5, 1, 0, "/p", 200, "FooBot");
    let late = line("a.test", 15, 1, 0, "/q", 200, "FooBot");
    for log in [[&early, &late], [&late, &early]] {
        let (_, s) = audit(dir.path(), &log.map(String::as_str).concat(), &[]);
        let foo = find(&s, "FooBot");
        assert_eq!(&foo[0]["group"], "*; FooBot", "{log:?}");
    }
}

/// A crawler's fetch of /robots.txt narrows what it held only when it surely came before the
/// request: in a log to the second, a fetch logged in the same second as a request may have
/// followed it (a review found the request then a `fetched` violation of a version the
/// crawler could not have had yet), and a fetch never narrows itself (it was a breach of
/// the Crawl-delay that fetch first told of). A second earlier, it narrows.
#[test]
fn a_fetch_narrows_only_what_surely_came_after_it() {
    let dir = tempfile::tempdir().unwrap();
    worked_example(dir.path());
    let at = |sec: u32, path: &str| {
        format!(
            "www.example.com:443 192.0.2.1 - - [03/Nov/2026:02:00:{sec:02} +0000] \"GET {path} HTTP/1.1\" 200 10 \"-\" \"Mozilla/5.0 (compatible; FooBot/1.0; +http://foo.example/bot)\"\n"
        )
    };
    // v2 (from 11-03) adds `Disallow: /b/`; v1, within the leeway, allows /b/3.
    let (v, s) = audit(
        dir.path(),
        &[at(5, "/b/3"), at(5, "/robots.txt")].concat(),
        &[],
    );
    assert!(v.is_empty(), "{v:?}");
    assert_eq!(&find(&s, "FooBot")[0]["allowed_by_leeway"], "1");
    let (v, _) = audit(
        dir.path(),
        &[at(4, "/robots.txt"), at(5, "/b/3")].concat(),
        &[],
    );
    let got: Vec<(&str, &str)> = v.iter().map(|r| (&r["path"], &r["evidence"])).collect();
    assert_eq!(got, [("/b/3", "fetched")]);
    // A 404 in the same second may have come first: it allows everything, whichever came
    // first (not narrowing by it would accuse); a second earlier, it surely did.
    let not_found = at(5, "/robots.txt").replace("\" 200 10", "\" 404 10");
    for log in [
        [at(5, "/a/1"), not_found.clone()].concat(),
        [not_found.replace(":00:05 ", ":00:04 "), at(5, "/a/1")].concat(),
    ] {
        let (v, s) = audit(dir.path(), &log, &[]);
        assert!(v.is_empty(), "{v:?}");
        assert_eq!(&find(&s, "FooBot")[0]["allowed"], "1");
    }
    // Milliseconds: one line to the second among them changes nothing (the order is sure
    // at a second), so a window that leaves it out gives the same verdicts in it.
    let json = |time: &str, path: &str, status: u16| {
        format!(
            "{{\"time\":\"2026-11-03T{time}+00:00\",\"remote_addr\":\"192.0.2.1\",\"host\":\"www.example.com\",\"request\":\"GET {path} HTTP/1.1\",\"status\":{status},\"http_user_agent\":\"Mozilla/5.0 (compatible; FooBot/1.0; +http://foo.example/bot)\"}}\n"
        )
    };
    let log = [
        json("00:00:00", "/b/0", 200),
        json("02:00:04.000", "/robots.txt", 200),
        json("02:00:04.500", "/b/3", 200),
        json("02:00:05.100", "/b/4", 200),
    ]
    .concat();
    let rows = |extra: &[&str]| -> Vec<(String, String)> {
        let (o, mut reports) = run_audit(dir.path(), &log, &["--out"], extra);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        reports
            .pop()
            .unwrap_or_default()
            .iter()
            .filter(|r| &r["path"] != "/b/0")
            .map(|r| (r["path"].to_string(), r["evidence"].to_string()))
            .collect()
    };
    let whole = rows(&[]);
    assert_eq!(whole, [("/b/4".to_string(), "fetched".to_string())]);
    assert_eq!(rows(&["--since", "2026-11-03T01:00:00Z"]), whole);

    // A slow fetch: nginx logs it when done (02:00:10), ten seconds (`$request_time`) after
    // it came. Its body was the crawler's at 02:00:10 only: no evidence for /b/3 at 02:00:05
    // (a review found it a `fetched` violation), evidence for /b/4 at 02:00:12.
    let took = |time: &str, path: &str, secs: &str| {
        json(time, path, 200).replace(
            "\"status\"",
            &format!("\"request_time\":\"{secs}\",\"status\""),
        )
    };
    let slow = [
        took("02:00:10", "/robots.txt", "10.000"),
        took("02:00:05", "/b/3", "0.010"),
        took("02:00:12", "/b/4", "0.010"),
    ]
    .concat();
    let slow_rows = |log: &str, extra: &[&str]| -> Vec<(String, String)> {
        let (o, mut reports) = run_audit(dir.path(), log, &["--out"], extra);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        reports
            .pop()
            .unwrap_or_default()
            .iter()
            .map(|r| (r["path"].to_string(), r["evidence"].to_string()))
            .collect()
    };
    assert_eq!(
        slow_rows(&slow, &[]),
        [("/b/4".to_string(), "fetched".to_string())]
    );
    // A slow 404 that began more than the leeway (1h) before --since and ended within it:
    // the window's verdicts are the whole log's (the review of this fix found the window
    // judge by what the whole log's fetch allowed).
    let not_found = json("02:00:05", "/robots.txt", 404)
        .replace("\"status\"", "\"request_time\":\"10.000\",\"status\"");
    let log = [not_found, json("03:00:00", "/b/5", 200)].concat();
    let whole = slow_rows(&log, &["--leeway", "1h"]);
    assert!(whole.is_empty(), "{whole:?}");
    assert_eq!(
        slow_rows(&log, &["--leeway", "1h", "--since", "2026-11-03T02:59:59Z"]),
        whole
    );

    // Crawl-delay: 10 from 11-20 only; bingbot (from its own published range) fetches the
    // file between two requests.
    versions(
        &dir.path().join("robots"),
        "www.example.com",
        &[
            (
                "robots.20261101T000000Z.txt",
                "User-agent: *\nDisallow: /private/\n",
            ),
            (
                "robots.20261120T000000Z.txt",
                "User-agent: *\nCrawl-delay: 10\nDisallow: /private/\n",
            ),
        ],
    );
    let bing = |sec: u32, path: &str| {
        format!(
            "www.example.com:443 157.55.39.1 - - [20/Nov/2026:12:00:{sec:02} +0000] \"GET {path} HTTP/1.1\" 200 10 \"-\" \"Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)\"\n"
        )
    };
    let delays = |log: &str| -> Vec<(String, String)> {
        let (v, _) = audit(dir.path(), log, &[]);
        v.iter()
            .filter(|r| &r["kind"] == "crawl-delay")
            .map(|r| (r["requests"].to_string(), r["min_interval_s"].to_string()))
            .collect()
    };
    assert_eq!(
        delays(&[bing(0, "/a"), bing(2, "/robots.txt"), bing(30, "/c")].concat()),
        []
    );
    assert_eq!(
        delays(&[bing(0, "/robots.txt"), bing(2, "/a"), bing(30, "/c")].concat()),
        [("1".to_string(), "2".to_string())]
    );
}
