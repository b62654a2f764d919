//! Logs of many distinct crawler User-Agents, crawler names and hosts (issue #24, item 6):
//! each distinct one is a report row of its own, so the run keeps one entry per agent until
//! the end. The reports must not depend on the memory budget, the thread count or how the
//! rows stream out, and memory must stay bounded.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::support::{run_bounded, stderr};

/// 2026-11-20T00:00:00Z, the day of the logs.
const DAY: &str = "20/Nov/2026";

/// A robots-dir where `www.example.com` has two dated versions, so that rows of one
/// (host, crawler, path) cite different `robots_version`s: the first, in force from the day
/// before, disallows `/a/`; the second, from 06:00, disallows `/a/` and `/b/`.
fn dated_robots_dir(dir: &Path) -> PathBuf {
    let robots = dir.join("robots");
    let www = robots.join("www.example.com");
    std::fs::create_dir_all(&www).unwrap();
    std::fs::write(
        www.join("robots.20261119T000000Z.txt"),
        "User-agent: *\nDisallow: /a/\n",
    )
    .unwrap();
    std::fs::write(
        www.join("robots.20261120T060000Z.txt"),
        "User-agent: *\nDisallow: /a/\nDisallow: /b/\n",
    )
    .unwrap();
    robots
}

/// Writes a request of client `n` (its address and minute within the hour) at `hour`.
fn request(out: &mut impl Write, n: usize, hour: usize, target: &str, ua: &str) {
    writeln!(
        out,
        "www.example.com:443 198.51.100.{} - - [{DAY}:{hour:02}:{:02}:{:02} +0000] \"GET {target} HTTP/1.1\" 200 5 \"-\" \"{ua}\"",
        n % 250 + 1,
        (n / 60) % 60,
        n % 60,
    )
    .unwrap();
}

/// `agents` distinct `Xbot/1.0 <n>` User-Agents (one crawler name), each on `/a/x` and
/// `/b/x` at two times of the day (under each version), and as many `Bot<n>` crawler names:
/// every line a violation row of its own but those on `/b/` before 06:00.
fn many_agents_log(dir: &Path, agents: usize) -> PathBuf {
    let path = dir.join("agents.log");
    let mut out = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    for i in 0..agents {
        // Descending, so that the log's order is not the report's.
        let n = agents - i;
        for (hour, target) in [(3, "/a/x"), (9, "/a/x"), (3, "/b/x"), (9, "/b/x")] {
            for ua in [
                format!("Xbot/1.0 {n}"),
                format!("Bot{n}/2.0 (+http://b.example/)"),
            ] {
                request(&mut out, n, hour, target, &ua);
            }
        }
    }
    out.flush().unwrap();
    path
}

/// Runs an audit with its reports in `out`; gives (violations, summary) and stderr.
fn audit(log: &Path, robots: &Path, out: &Path, extra: &[&str]) -> (Vec<u8>, Vec<u8>, String) {
    std::fs::create_dir_all(out).unwrap();
    let mut args: Vec<std::ffi::OsString> = vec![
        log.into(),
        "--robots-dir".into(),
        robots.into(),
        "--out".into(),
        out.join("violations.csv").into(),
        "--summary".into(),
        out.join("summary.csv").into(),
        // Versions replaced are not held on: each request is judged by the one in force.
        "--leeway".into(),
        "0".into(),
    ];
    args.extend(extra.iter().map(Into::into));
    let o = run_bounded(&args, 300, 4096);
    assert!(
        matches!(o.status.code(), Some(0 | 1)),
        "{:?}: {}",
        o.status,
        stderr(&o)
    );
    (
        std::fs::read(out.join("violations.csv")).unwrap(),
        std::fs::read(out.join("summary.csv")).unwrap(),
        stderr(&o),
    )
}

#[test]
fn many_user_agents_give_the_same_rows_whatever_the_budget_and_threads() {
    let tmp = tempfile::tempdir().unwrap();
    let robots = dated_robots_dir(tmp.path());
    let agents = 3000;
    let log = many_agents_log(tmp.path(), agents);
    let (violations, summary, _) = audit(&log, &robots, &tmp.path().join("large"), &[]);
    // Every line is a row but those on /b/ before 06:00: three per User-Agent.
    let rows = violations.iter().filter(|&&b| b == b'\n').count() - 1;
    assert_eq!(
        rows,
        2 * 3 * agents,
        "one row per (User-Agent, path, version)"
    );
    let text = String::from_utf8_lossy(&violations);
    assert!(text.contains(",Xbot/1.0 17,") && text.contains("Bot17/2.0 (+http://b.example/)"));
    for (name, extra) in [
        ("small", &["--max-memory", "1M"][..]),
        (
            "small-one-thread",
            &["--max-memory", "1M", "--threads", "1"][..],
        ),
        ("three-threads", &["--threads", "3"][..]),
    ] {
        let (v, s, err) = audit(&log, &robots, &tmp.path().join(name), extra);
        assert!(v == violations, "{name}: the violations differ ({err})");
        assert!(s == summary, "{name}: the summary differs ({err})");
        if name.starts_with("small") {
            assert!(err.contains("sorted run"), "{name}: it spilled: {err}");
        }
    }
}

/// A log of `lines` requests on a disallowed path, each from a User-Agent of its own
/// (`Xbot/1.0 <n>`: one unknown crawler), to a host whose robots.txt disallows it.
fn distinct_user_agents_log(dir: &Path, lines: usize) -> (PathBuf, PathBuf) {
    let robots = dir.join("robots-all");
    std::fs::create_dir_all(robots.join("www.example.com")).unwrap();
    std::fs::write(
        robots.join("www.example.com/robots.txt"),
        "User-agent: *\nDisallow: /private/\n",
    )
    .unwrap();
    let path = dir.join("distinct.log");
    let mut out = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    for n in 0..lines {
        request(&mut out, n, 0, "/private/x", &format!("Xbot/1.0 {n}"));
    }
    out.flush().unwrap();
    (path, robots)
}

#[test]
fn many_distinct_user_agents_stay_within_bounded_memory() {
    // Each User-Agent cost about 2.8 KB outside --max-memory: 150,000 of them took over
    // 600 MiB of address space; now the run takes under 300 MiB (a guard, not a measure).
    let tmp = tempfile::tempdir().unwrap();
    let lines = 150_000;
    let (log, robots) = distinct_user_agents_log(tmp.path(), lines);
    let out = tmp.path().join("violations.csv");
    let args: Vec<std::ffi::OsString> = vec![
        log.into(),
        "--robots-dir".into(),
        robots.into(),
        "--max-memory".into(),
        "4M".into(),
        "--threads".into(),
        "2".into(),
        "--out".into(),
        out.clone().into(),
    ];
    let o = run_bounded(&args, 300, 450);
    assert!(o.status.success(), "{}", stderr(&o));
    let violations = std::fs::read(&out).unwrap();
    let rows = violations.iter().filter(|&&b| b == b'\n').count() - 1;
    assert_eq!(rows, lines, "one row per User-Agent");
    assert!(String::from_utf8_lossy(&violations).contains(",Xbot/1.0 149999,"));
}
