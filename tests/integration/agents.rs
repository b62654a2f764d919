//! Logs of many distinct crawler User-Agents, crawler names and hosts (issue #24, item 6):
//! each distinct one is a report row of its own, so the run keeps one entry per agent until
//! the end. The reports must not depend on the memory budget, the thread count or how the
//! rows stream out, and memory must stay bounded.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Output;

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

/// A robots-dir `dir/name` with one host, `www.example.com`, whose robots.txt disallows
/// `/private/` to everyone.
fn private_disallowed(dir: &Path, name: &str) -> PathBuf {
    let robots = dir.join(name);
    std::fs::create_dir_all(robots.join("www.example.com")).unwrap();
    std::fs::write(
        robots.join("www.example.com/robots.txt"),
        "User-agent: *\nDisallow: /private/\n",
    )
    .unwrap();
    robots
}

/// A log of `lines` requests on a disallowed path, each from a User-Agent of its own
/// (`Xbot/1.0 <n>`: one unknown crawler), to a host whose robots.txt disallows it.
fn distinct_user_agents_log(dir: &Path, lines: usize) -> (PathBuf, PathBuf) {
    let robots = private_disallowed(dir, "robots-all");
    let path = dir.join("distinct.log");
    let mut out = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    for n in 0..lines {
        request(&mut out, n, 0, "/private/x", &format!("Xbot/1.0 {n}"));
    }
    out.flush().unwrap();
    (path, robots)
}

/// Audits `log` under `--max-memory 4M` on two workers, in at most 300 s and 450 MiB of
/// address space; gives the run and its violations report (None when not written).
fn audit_in_4m(log: &Path, robots: &Path, out: &Path) -> (Output, Option<Vec<u8>>) {
    let args: Vec<std::ffi::OsString> = vec![
        log.into(),
        "--robots-dir".into(),
        robots.into(),
        "--max-memory".into(),
        "4M".into(),
        "--threads".into(),
        "2".into(),
        "--out".into(),
        out.into(),
    ];
    let o = run_bounded(&args, 300, 450);
    let report = out.exists().then(|| std::fs::read(out).unwrap());
    (o, report)
}

#[test]
fn many_distinct_user_agents_stay_within_bounded_memory() {
    // Each User-Agent cost about 2.8 KB outside --max-memory: 150,000 of them took over
    // 600 MiB of address space. Now their requests go to sorted runs, and what stays until
    // the end (about 400 bytes a User-Agent with kept requests) counts against the limit of
    // what cannot go to disk (as much as --max-memory, at least 64 MiB): 100,000 fit in it
    // and give every row; 200,000 do not, and the run stops saying so, the report not
    // written (a guard on time and memory, not a measure).
    let tmp = tempfile::tempdir().unwrap();
    let (log, robots) = distinct_user_agents_log(tmp.path(), 100_000);
    let out = tmp.path().join("violations.csv");
    let (o, report) = audit_in_4m(&log, &robots, &out);
    assert!(o.status.success(), "{}", stderr(&o));
    let violations = report.expect("written");
    let rows = violations.iter().filter(|&&b| b == b'\n').count() - 1;
    assert_eq!(rows, 100_000, "one row per User-Agent");
    assert!(String::from_utf8_lossy(&violations).contains(",Xbot/1.0 99999,"));
    assert!(stderr(&o).contains("sorted run"), "{}", stderr(&o));

    let (log, robots) = distinct_user_agents_log(tmp.path(), 200_000);
    let out = tmp.path().join("too-many.csv");
    let (o, report) = audit_in_4m(&log, &robots, &out);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("crawler User-Agents with kept requests") && err.contains("--max-memory"),
        "the error says what there was too much of and what to do: {err}"
    );
    assert!(report.is_none(), "no report of fewer rows");
}

/// What each request of a flood has of its own.
#[derive(Clone, Copy, PartialEq)]
enum Flood {
    /// A crawler name (`Bot<i>`).
    Names,
    /// A host.
    Hosts,
    /// An address, claiming to be Googlebot from outside Google's ranges.
    Spoofers,
}

/// A log of `n` requests on an allowed path, each with a crawler name, a host or a spoofing
/// address of its own, with robots.txt for none of those hosts but one.
fn flood_log(dir: &Path, n: usize, flood: Flood) -> (PathBuf, PathBuf) {
    let robots = private_disallowed(dir, "robots-one");
    let path = dir.join("flood.log");
    let mut out = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    let googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    for i in 0..n {
        let (host, address, ua) = match flood {
            Flood::Hosts => (
                format!("h{i}.example.com:443"),
                "66.249.66.1".to_owned(),
                googlebot.to_owned(),
            ),
            Flood::Names => (
                "www.example.com:443".to_owned(),
                "66.249.66.1".to_owned(),
                format!("Bot{i}/2.0 (+http://b.example/)"),
            ),
            Flood::Spoofers => (
                "www.example.com:443".to_owned(),
                // Public addresses outside Google's ranges (198.18.0.0/15, once used here, is
                // for benchmarks: no crawler sends from it, so it is never spoofed).
                format!("45.{}.{}.{}", 18 + i / 62_500, i / 250 % 250, i % 250 + 1),
                googlebot.to_owned(),
            ),
        };
        writeln!(
            out,
            "{host} {address} - - [{DAY}:03:{:02}:{:02} +0000] \"GET /ok HTTP/1.1\" 200 5 \"-\" \"{ua}\"",
            (i / 60) % 60,
            i % 60,
        )
        .unwrap();
    }
    out.flush().unwrap();
    (path, robots)
}

#[test]
fn distinct_crawler_names_hosts_and_spoofers_past_the_limit_stop_the_run_at_any_split() {
    // 25,000 crawler names (or hosts with a crawler), each a summary row and a judgement that
    // cannot go to disk (about 3.3 KB each at the end), or 70,000 spoofing addresses (a
    // spoofed row each, about 1 KB): more than the 64 MiB a small --max-memory still holds
    // of them. At 16M the run stops with exit 2, whether one worker sees them all or each of
    // two sees a part (then the whole is counted after the merge), the previous report kept;
    // at 128M every row is there.
    let tmp = tempfile::tempdir().unwrap();
    for (flood, n, noun, report) in [
        (Flood::Names, 25_000, "crawler names", "--summary"),
        (Flood::Hosts, 25_000, "hosts", "--hosts"),
        (
            Flood::Spoofers,
            70_000,
            "spoofing (address, crawler) pairs",
            "--spoofed",
        ),
    ] {
        let (log, robots) = flood_log(tmp.path(), n, flood);
        let out = tmp.path().join(format!("{noun}.csv"));
        let audit = |budget: &str, threads: &str| {
            std::fs::write(&out, "previous\n").unwrap();
            let args: Vec<std::ffi::OsString> = vec![
                log.clone().into(),
                "--robots-dir".into(),
                robots.clone().into(),
                "--max-memory".into(),
                budget.into(),
                "--threads".into(),
                threads.into(),
                "-q".into(),
                "--out".into(),
                tmp.path().join("violations.csv").into(),
                report.into(),
                out.clone().into(),
            ];
            let o = run_bounded(&args, 300, 600);
            (o, std::fs::read(&out).unwrap())
        };
        for threads in ["1", "2"] {
            let (o, kept) = audit("16M", threads);
            let err = stderr(&o);
            assert_eq!(o.status.code(), Some(2), "{noun}, {threads} threads: {err}");
            assert!(
                err.contains(&format!(" {noun}")) && err.contains("raise --max-memory"),
                "{noun}, {threads} threads: the error says what and what to do: {err}"
            );
            assert_eq!(
                kept, b"previous\n",
                "{noun}, {threads} threads: report kept"
            );
        }
        let (o, written) = audit("128M", "2");
        assert!(o.status.success(), "{noun}: {}", stderr(&o));
        let rows = written.iter().filter(|&&b| b == b'\n').count() - 1;
        assert_eq!(rows, n, "{noun}: one row each");
    }
}
