//! The main job on `testdata/`: golden reports, and what a reader of them can rely on.

use std::collections::BTreeSet;

use crate::support::{Rec, assert_golden, audit, rows, run, stderr, testdata};

/// Runs the audit on the shipped gzip log and returns (violations, summary, hosts, stderr).
fn audit_testdata(extra: &[&str]) -> (Vec<u8>, Vec<u8>, Vec<u8>, String) {
    audit_reports(&testdata("access.log.gz"), &testdata("robots-dir"), extra)
}

/// Runs the audit on `log` with the robots-dir `robots`, which must succeed; returns
/// (violations, summary, hosts, stderr).
fn audit_reports(
    log: &std::path::Path,
    robots: &std::path::Path,
    extra: &[&str],
) -> (Vec<u8>, Vec<u8>, Vec<u8>, String) {
    let dir = tempfile::tempdir().unwrap();
    let (v, s, h) = (
        dir.path().join("v.csv"),
        dir.path().join("s.csv"),
        dir.path().join("h.csv"),
    );
    let mut args: Vec<&std::ffi::OsStr> = vec![
        log.as_os_str(),
        "--robots-dir".as_ref(),
        robots.as_os_str(),
        "--out".as_ref(),
        v.as_os_str(),
        "--summary".as_ref(),
        s.as_os_str(),
        "--hosts".as_ref(),
        h.as_os_str(),
    ];
    args.extend(extra.iter().map(|a| std::ffi::OsStr::new(*a)));
    let out = run(&args, None);
    assert_eq!(out.status.code(), Some(0), "stderr: {}", stderr(&out));
    assert!(
        out.stdout.is_empty(),
        "the report went to --out, not stdout"
    );
    (
        std::fs::read(v).unwrap(),
        std::fs::read(s).unwrap(),
        std::fs::read(h).unwrap(),
        stderr(&out),
    )
}

#[test]
fn testdata_reports_match_the_golden_files() {
    let (v, s, h, _) = audit_testdata(&[]);
    assert_golden(&v, "expected/violations.csv");
    assert_golden(&s, "expected/summary.csv");
    assert_golden(&h, "expected/hosts.csv");
}

/// The README's first command, as written there: its arguments after `cargo run … --`.
fn quick_start_args() -> Vec<String> {
    let readme = std::fs::read_to_string(testdata("../README.md")).expect("the README");
    let start = readme
        .find("cargo run --release --locked -- testdata/access.log.gz")
        .expect("the Quick start's command");
    let block = &readme[start..start + readme[start..].find("```").expect("its block ends")];
    let command = block.replace("\\\n", " ");
    let mut words = command.split_whitespace();
    assert!(words.by_ref().any(|w| w == "--"), "{command}");
    words.map(str::to_owned).collect()
}

#[test]
fn the_quick_start_command_writes_the_golden_reports() {
    // Run from the repository's root as the README says, every report written to a
    // temporary folder instead of the clone.
    let args = quick_start_args();
    let dir = tempfile::tempdir().unwrap();
    let mut written = Vec::new();
    let mut argv: Vec<std::ffi::OsString> = Vec::new();
    let mut output_next = false;
    for arg in &args {
        if output_next {
            let path = dir.path().join(arg);
            written.push((arg.clone(), path.clone()));
            argv.push(path.into());
        } else {
            argv.push(arg.into());
        }
        output_next = matches!(
            arg.as_str(),
            "--out" | "-o" | "--summary" | "--hosts" | "--spoofed" | "--inputs" | "--preferences"
        );
    }
    let o = crate::support::bin()
        .args(&argv)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let names: Vec<&str> = written.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        [
            "report.csv",
            "summary.csv",
            "hosts.csv",
            "spoofed.csv",
            "inputs.csv",
            "preferences.csv"
        ],
        "the README's command writes every report that has a golden file"
    );
    for (name, path) in written {
        let golden = match name.as_str() {
            "report.csv" => "violations.csv".to_owned(),
            other => other.to_owned(),
        };
        assert_golden(
            &std::fs::read(&path).unwrap(),
            &format!("expected/{golden}"),
        );
    }
}

#[test]
fn what_the_readmes_commands_write_is_ignored_by_git() {
    // Every file a command of the README writes, run from the clone's root as it says: the
    // value of each output option, and a `cp`'s target.
    let readme = std::fs::read_to_string(testdata("../README.md")).expect("the README");
    let mut written = BTreeSet::new();
    for block in readme.split("```").skip(1).step_by(2) {
        let command = block.replace("\\\n", " ");
        for line in command.lines() {
            let words: Vec<&str> = line.split_whitespace().collect();
            if words.first() == Some(&"cp") && words.len() == 3 {
                written.insert(words[2].to_owned());
            }
            for pair in words.windows(2) {
                if matches!(
                    pair[0],
                    "--out"
                        | "-o"
                        | "--summary"
                        | "--hosts"
                        | "--spoofed"
                        | "--inputs"
                        | "--html"
                        | "--save"
                ) {
                    written.insert(pair[1].to_owned());
                }
            }
        }
    }
    assert!(
        written.contains("report.csv") && written.contains("robots/"),
        "{written:?}"
    );
    let root = env!("CARGO_MANIFEST_DIR");
    let git = std::process::Command::new("git")
        .args(["-C", root, "rev-parse", "--is-inside-work-tree"])
        .output();
    if !git.is_ok_and(|o| o.status.success()) {
        eprintln!("skipped: {root} is not a git work tree (or there is no git)");
        return;
    }
    let not_ignored: Vec<&String> = written
        .iter()
        .filter(|path| {
            let o = std::process::Command::new("git")
                .args([
                    "-C",
                    root,
                    "check-ignore",
                    "--no-index",
                    "-q",
                    path.as_str(),
                ])
                .output()
                .expect("git runs");
            !o.status.success()
        })
        .collect();
    assert!(
        not_ignored.is_empty(),
        "the README's commands write files git would show: {not_ignored:?}"
    );
}

#[test]
fn reports_are_byte_identical_across_runs_and_thread_counts() {
    let (a, sa, ha, _) = audit_testdata(&["--threads", "1"]);
    let (b, sb, hb, _) = audit_testdata(&["--threads", "4"]);
    assert_eq!(a, b);
    assert_eq!(sa, sb);
    assert_eq!(ha, hb);
}

#[test]
fn violations_are_sorted_by_host_kind_crawler_path() {
    let (v, _, _, _) = audit_testdata(&[]);
    let recs = rows(&v);
    assert!(
        recs.len() > 20,
        "the test data has violations: {}",
        recs.len()
    );
    let keys: Vec<(String, String, String, String)> = recs
        .iter()
        .map(|r| {
            (
                r[0].to_string(),
                r[1].to_string(),
                r[2].to_string(),
                r[5].to_string(),
            )
        })
        .collect();
    let mut sorted = keys.clone();
    sorted.sort();
    assert_eq!(keys, sorted);
}

#[test]
fn each_crawler_is_judged_by_its_own_group() {
    let (v, _, _, _) = audit_testdata(&[]);
    let recs = rows(&v);
    let find = |host: &str, crawler: &str| -> Vec<&Rec> {
        recs.iter()
            .filter(|r| &r[0] == host && &r[2] == crawler && &r[1] == "disallowed")
            .collect()
    };
    // GPTBot is named with ClaudeBot in a `Disallow: /` group on the main site.
    let gpt = find("www.example.com", "GPTBot");
    assert!(!gpt.is_empty());
    assert!(
        gpt.iter()
            .all(|r| &r[4] == "GPTBot, ClaudeBot" && &r[6] == "Disallow: /" && &r[7] == "17")
    );
    // Googlebot has its own group, so `*`'s /admin/ and /cart do not apply to it...
    let google = find("www.example.com", "Googlebot");
    assert!(!google.is_empty());
    assert!(
        google.iter().all(|r| &r[4] == "Googlebot"),
        "Googlebot follows only its group"
    );
    assert!(
        google
            .iter()
            .all(|r| r[5].starts_with("/private/") || r[5].ends_with(".pdf")),
        "{google:?}"
    );
    // ...and its image crawler falls back to nothing else when named itself.
    let image = find("www.example.com", "Googlebot-Image");
    assert!(
        image
            .iter()
            .all(|r| &r[4] == "Googlebot-Image" && r[5].starts_with("/photos/"))
    );
    // Yandex robots use the `Yandex` group (Yandex's family rule).
    let yandex = find("www.example.com", "YandexBot");
    assert!(!yandex.is_empty());
    assert!(
        yandex
            .iter()
            .all(|r| &r[4] == "Yandex" && &r[6] == "Disallow: /ru/private")
    );
    // AdsBot ignores `*`: no violations where no group names it, some where one does.
    assert!(find("www.example.com", "AdsBot-Google").is_empty());
    assert!(
        find("shop.example.com", "AdsBot-Google")
            .iter()
            .all(|r| r[5].starts_with("/landing-test/"))
    );
    // An unknown bot with a +http URL follows `*`.
    let foo: Vec<_> = recs.iter().filter(|r| &r[2] == "FooCrawler").collect();
    assert!(!foo.is_empty() && foo.iter().all(|r| &r[4] == "*"));
}

#[test]
fn what_must_never_be_a_violation() {
    let (v, _, _, _) = audit_testdata(&[]);
    let recs = rows(&v);
    // robots.txt requests are never violations.
    assert!(recs.iter().all(|r| &r[5] != "/robots.txt"));
    // A host without robots.txt allows everything.
    assert!(recs.iter().all(|r| &r[0] != "blog.example.org"));
    // Browsers are not crawlers, even a phone model with "bot" in its name.
    let crawlers: BTreeSet<&str> = recs.iter().map(|r| &r[2]).collect();
    for browserish in [
        "Mozilla",
        "Chrome",
        "Safari",
        "Firefox",
        "Cubot",
        "curl",
        "python-requests",
    ] {
        assert!(
            !crawlers.contains(browserish),
            "{browserish} reported as a crawler: {crawlers:?}"
        );
    }
    // On the main site the longer `Allow: /admin/public/` beats `Disallow: /admin/` for `*`.
    assert!(recs.iter().all(|r| !(&r[0] == "www.example.com"
        && &r[4] == "*"
        && r[5].starts_with("/admin/public/"))));
}

#[test]
fn crawl_delay_bursts_are_reported_for_crawlers_that_honour_it() {
    let (v, _, _, _) = audit_testdata(&[]);
    let recs = rows(&v);
    let delay: Vec<_> = recs.iter().filter(|r| &r[1] == "crawl-delay").collect();
    assert!(
        !delay.is_empty(),
        "bingbot's bursts break its 5 s Crawl-delay"
    );
    for r in &delay {
        assert_eq!(
            &r[2], "bingbot",
            "only crawlers documented to honour Crawl-delay: {r:?}"
        );
        assert_eq!(&r[6], "Crawl-delay: 5");
        assert_eq!(&r[5], "", "crawl-delay rows have no path");
        let min: f64 = r["min_interval_s"].parse().unwrap();
        assert!(min + 1.0 <= 5.0, "only certain breaches: {r:?}");
    }
    // Yandex stopped honouring Crawl-delay in 2018: its group's delay is not checked by default…
    assert!(delay.iter().all(|r| !r[2].starts_with("Yandex")));
}

#[test]
fn summary_and_hosts_tell_the_whole_story() {
    let (_, s, h, _) = audit_testdata(&[]);
    let summary = rows(&s);
    for r in &summary {
        let (checked, allowed, violations): (u64, u64, u64) = (
            r[5].parse().unwrap(),
            r[6].parse().unwrap(),
            r[7].parse().unwrap(),
        );
        assert_eq!(checked, allowed + violations, "{r:?}");
    }
    let hosts = rows(&h);
    let names: Vec<&str> = hosts.iter().map(|r| &r[0]).collect();
    assert_eq!(
        names,
        [
            "api.example.com",
            "blog.example.org",
            "shop.example.com",
            "www.example.com"
        ]
    );
    let blog = hosts.iter().find(|r| &r[0] == "blog.example.org").unwrap();
    assert_eq!(&blog[3], "allow-all");
    assert_eq!(
        &blog[1], "http://blog.example.org/robots.txt",
        "port 80 in the log means http"
    );
    let www = hosts.iter().find(|r| &r[0] == "www.example.com").unwrap();
    assert_eq!((&www[2], &www[3]), ("robots-dir", "rules"));
}

#[test]
fn malformed_lines_are_counted_on_stderr_and_quiet_silences_it() {
    let (_, _, _, err) = audit_testdata(&[]);
    assert!(err.contains("malformed lines skipped"), "{err}");
    // Warnings only: with lists as fresh as the log, none.
    let fresh = fresh_ranges();
    let ranges = fresh.path().to_str().unwrap();
    let (_, _, _, err) = audit_testdata(&["--quiet", "--ranges-dir", ranges]);
    assert_eq!(err, "");
}

/// Under cron (standard error not a terminal, as here) a run ends with one line of totals,
/// the figures of the reports; `--quiet` leaves it out.
#[test]
fn a_run_ends_with_its_totals_unless_quiet() {
    let (v, s, h, err) = audit_testdata(&[]);
    let last = err.lines().last().unwrap_or_default();
    let sum = |csv: &[u8], column: &str| -> u64 {
        rows(csv)
            .iter()
            .map(|r| r[column].parse::<u64>().unwrap())
            .sum()
    };
    let (violating, crawler_requests) = (sum(&v, "requests"), sum(&h, "crawler_requests"));
    let delayed: u64 = rows(&v)
        .iter()
        .filter(|r| &r["kind"] == "crawl-delay")
        .map(|r| r["requests"].parse::<u64>().unwrap())
        .sum();
    // The shipped log has usage preference conflicts: the line ends with their requests.
    let conflicts = sum(&s, "preference_conflicts");
    assert_eq!(
        last,
        format!(
            "robots-audit: requests read: 3,990; malformed lines: 10; crawler requests: {}; \
             violating requests: {violating} ({} disallowed, {delayed} too soon under \
             Crawl-delay; a request can be both); report rows: {}; preference conflicts: \
             {conflicts}",
            robots_audit::text::thousands(crawler_requests),
            violating - delayed,
            rows(&v).len()
        ),
        "{err}"
    );
    assert!(violating > delayed && delayed > 0 && crawler_requests > violating && conflicts > 0);
    assert_eq!(err.matches("requests read:").count(), 1, "{err}");
    let (_, _, _, err) = audit_testdata(&["--quiet"]);
    assert!(!err.contains("requests read:"), "{err}");
}

/// `--timings` tells each stage's wall and CPU time last, under `--quiet` too, and changes
/// nothing else.
#[test]
fn timings_come_last_stage_by_stage_and_change_no_report() {
    let (v, s, h, plain) = audit_testdata(&[]);
    let (tv, ts, th, err) = audit_testdata(&["--timings"]);
    assert_eq!((&tv, &ts, &th), (&v, &s, &h), "the reports are the same");
    let at = err.find("robots-audit: timings:\n").expect(&err);
    // Everything before is what the run says without the flag; the timings are last.
    assert_eq!(&err[..at], plain, "{err}");
    let block = &err[at..];
    let lines: Vec<&str> = block.lines().collect();
    assert_eq!(lines[0], "robots-audit: timings:");
    let head: Vec<&str> = lines[1].split_whitespace().collect();
    assert_eq!(
        head,
        ["stage", "wall", "ms", "CPU", "ms", "CPU/wall"],
        "{block}"
    );
    let stages: Vec<(&str, f64, f64)> = lines[2..]
        .iter()
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            assert_eq!(f.len(), 4, "{l}");
            let ratio_ok = f[3] == "-" || f[3].parse::<f64>().is_ok();
            assert!(ratio_ok, "{l}");
            (f[0], f[1].parse().expect(l), f[2].parse().expect(l))
        })
        .collect();
    let names: Vec<&str> = stages.iter().map(|s| s.0).collect();
    assert_eq!(
        names,
        [
            "plan",
            "start-up",
            "read",
            "robots.txt",
            "replay",
            "merge",
            "judgement",
            "reports",
            "commit",
            "total"
        ],
        "{block}"
    );
    // The total is the stages added (each shown to a tenth of a millisecond).
    let (parts, total) = stages.split_at(stages.len() - 1);
    let sum: f64 = parts.iter().map(|s| s.1).sum();
    assert!((sum - total[0].1).abs() <= 0.05 * 10.0, "{block}");
    let cpu: f64 = parts.iter().map(|s| s.2).sum();
    assert!((cpu - total[0].2).abs() <= 0.05 * 10.0, "{block}");
    assert!(total[0].1 > 0.0, "{block}");

    // Asked for, they are told under --quiet, alone.
    let fresh = fresh_ranges();
    let ranges = fresh.path().to_str().unwrap();
    let (_, _, _, err) = audit_testdata(&["--timings", "--quiet", "--ranges-dir", ranges]);
    assert!(err.starts_with("robots-audit: timings:\n"), "{err}");
    assert_eq!(err.lines().count(), 12, "{err}");
}

#[test]
fn combined_log_with_host() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("c.csv");
    let o = audit(
        &testdata("combined.log"),
        &["--host", "www.example.com", "--out", out.to_str().unwrap()],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("format combined (detected)"),
        "{}",
        stderr(&o)
    );
    let v = std::fs::read(&out).unwrap();
    assert!(rows(&v).iter().all(|r| &r[0] == "www.example.com"));
    assert_golden(&v, "expected/combined-violations.csv");
}

#[test]
fn time_window_limits_what_is_audited() {
    let (all, _, _, _) = audit_testdata(&[]);
    let (window, _, _, err) = audit_testdata(&[
        "--since",
        "2026-11-20T00:30:00Z",
        "--until",
        "2026-11-20T01:00:00Z",
    ]);
    let (all, window) = (rows(&all), rows(&window));
    assert!(!window.is_empty() && window.len() < all.len());
    for r in &window {
        assert!(
            &r[9] >= "2026-11-20T00:30:00Z" && &r[10] < "2026-11-20T01:00:00Z",
            "{r:?}"
        );
    }
    assert!(err.contains("outside --since/--until"), "{err}");
}

#[test]
fn fail_on_violations_sets_exit_status_1() {
    let o = audit(&testdata("access.log.gz"), &["--fail-on-violations", "-q"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        rows(&o.stdout).len() > 1,
        "without --out the report goes to stdout"
    );
}

#[test]
fn spoofed_crawlers_are_listed_per_address() {
    let dir = tempfile::tempdir().unwrap();
    let spoofed = dir.path().join("spoofed.csv");
    let o = audit(
        &testdata("access.log.gz"),
        &["--spoofed", spoofed.to_str().unwrap(), "-q"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let bytes = std::fs::read(&spoofed).unwrap();
    assert_golden(&bytes, "expected/spoofed.csv");
    let recs = rows(&bytes);
    assert!(
        !recs.is_empty(),
        "the scraper calling itself Googlebot is caught"
    );
    for r in &recs {
        // The generator's scraper uses 198.51.100.0/24; Google's crawlers use 66.249.64.0/19.
        assert!(r[0].starts_with("198.51.100."), "{r:?}");
        assert_eq!(&r[1], "Googlebot");
    }
    let mut ips: Vec<&str> = recs.iter().map(|r| &r[0]).collect();
    let n = ips.len();
    ips.dedup();
    assert_eq!(ips.len(), n, "one row per address and crawler");
    // Sorted as addresses, not as text (`198.51.100.9` before `198.51.100.14`).
    let parsed: Vec<std::net::IpAddr> = ips.iter().map(|ip| ip.parse().unwrap()).collect();
    let mut sorted = parsed.clone();
    sorted.sort();
    assert_eq!(parsed, sorted);
    assert!(
        ips.iter().any(|ip| ip.len() == 12) && ips.iter().any(|ip| ip.len() == 14),
        "{ips:?}"
    );
}

/// A robots-dir under `dir` with one site's robots.txt: its path.
fn site_robots(dir: &std::path::Path, host: &str, body: &str) -> std::path::PathBuf {
    let robots = dir.join("robots");
    std::fs::create_dir_all(robots.join(host)).unwrap();
    std::fs::write(robots.join(host).join("robots.txt"), body).unwrap();
    robots
}

/// A Googlebot request for `/about` on www.example.com from each client, as logged.
fn googlebot_from(clients: &[&str]) -> String {
    clients
        .iter()
        .map(|ip| {
            format!(
                "www.example.com:443 {ip} - - [20/Nov/2026:10:00:00 +0000] \"GET /about HTTP/1.1\" 200 5 \"-\" \"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)\"\n"
            )
        })
        .collect()
}

/// A crawler's User-Agent from an address of the site's own network (a proxy logged in place
/// of the client) or one no host on the internet has (`0.0.0.0`, broadcast, multicast,
/// reserved: a review found them on the block list, where a firewall may read `0.0.0.0` as
/// everyone) is unverifiable, with a warning, never a spoofer for a block list; one from a
/// public address outside the crawler's ranges still is. Googlebot's own address behind
/// NAT64 (`64:ff9b::66.249.66.1`) is verified.
#[test]
fn addresses_of_the_sites_own_network_are_never_listed_as_spoofed() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("proxied.log");
    let clients = [
        "127.0.0.1",
        "10.0.0.5",
        "172.16.0.9",
        "192.168.1.20",
        "100.64.0.7",
        "::1",
        "fd00::5",
        "::ffff:10.1.1.1",
        "0.0.0.0",
        "::",
        "255.255.255.255",
        "224.0.0.1",
        "ff02::1",
        "240.0.0.1",
        "198.18.0.1",
        "64:ff9b:1::a00:1",
        "198.51.100.7",
        // The same address as a dual-stack server logs it: one row of the block list.
        "::ffff:198.51.100.7",
        "64:ff9b::66.249.66.1",
    ];
    std::fs::write(&log, googlebot_from(&clients)).unwrap();
    let spoofed = dir.path().join("spoofed.csv");
    let (_, summary, _, err) = audit_reports(
        &log,
        &testdata("robots-dir"),
        &["--spoofed", spoofed.to_str().unwrap()],
    );
    let listed: Vec<String> = rows(&std::fs::read(&spoofed).unwrap())
        .iter()
        .map(|r| r[0].to_string())
        .collect();
    assert_eq!(listed, ["198.51.100.7"]);
    let s = rows(&summary);
    assert_eq!(
        (&s[0]["spoofed"], &s[0]["unverifiable"], &s[0]["verified"]),
        ("2", "16", "1"),
        "{s:?}"
    );
    assert!(
        err.contains(
            "16 crawler requests came from loopback, private or other addresses no crawler \
             sends from across the internet"
        ),
        "{err}"
    );
}

/// The http and https origins of one host print as one host; where their files decide a path
/// by different lines, each line has its row. One row once cited the lesser line (the https
/// file's `Disallow: /a`, line 2) for the requests of both, though the http file's line 2 is
/// `Allow: /b` and its `Disallow: /` (line 3) decided its request.
#[test]
fn a_row_cites_the_line_that_decided_each_of_its_requests() {
    let dir = tempfile::tempdir().unwrap();
    let robots = dir.path().join("robots");
    for (folder, body) in [
        ("www.example.com", "User-agent: *\nDisallow: /a\n"),
        (
            "www.example.com:80",
            "User-agent: *\nAllow: /b\nDisallow: /\n",
        ),
    ] {
        std::fs::create_dir_all(robots.join(folder)).unwrap();
        std::fs::write(robots.join(folder).join("robots.txt"), body).unwrap();
    }
    let log = dir.path().join("access.log");
    let line = |port: u16, sec: u32| {
        format!(
            "www.example.com:{port} 66.249.66.1 - - [20/Nov/2026:10:00:{sec:02} +0000] \"GET /a HTTP/1.1\" 200 5 \"-\" \"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)\"\n"
        )
    };
    std::fs::write(&log, [line(443, 0), line(80, 5), line(80, 9)].concat()).unwrap();
    let (v, _, _, _) = audit_reports(&log, &robots, &[]);
    let recs = rows(&v);
    let got: Vec<(String, String, String)> = recs
        .iter()
        .map(|r| {
            (
                r["rule"].to_string(),
                r["rule_line"].to_string(),
                r["requests"].to_string(),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            ("Disallow: /a".to_string(), "2".to_string(), "1".to_string()),
            ("Disallow: /".to_string(), "3".to_string(), "2".to_string()),
        ]
    );
}

/// Crawl-delay rows come in the documented order of verification (verified, spoofed,
/// unverifiable), as the disallowed rows do: compared as text, spoofed came first.
#[test]
fn crawl_delay_rows_come_in_the_order_of_verification() {
    let dir = tempfile::tempdir().unwrap();
    let robots = site_robots(
        dir.path(),
        "www.example.com",
        "User-agent: *\nCrawl-delay: 10\nDisallow: /private/\n",
    );
    let log = dir.path().join("access.log");
    let line = |ip: &str, sec: u32| {
        format!(
            "www.example.com:443 {ip} - - [20/Nov/2026:10:00:{sec:02} +0000] \"GET /p{sec} HTTP/1.1\" 200 5 \"-\" \"Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)\"\n"
        )
    };
    let text: String = [
        line("157.55.39.1", 0),
        line("203.0.113.9", 1),
        line("157.55.39.1", 2),
        line("203.0.113.9", 3),
    ]
    .concat();
    std::fs::write(&log, text).unwrap();
    let (v, _, _, _) = audit_reports(&log, &robots, &[]);
    let got: Vec<(String, String)> = rows(&v)
        .iter()
        .map(|r| (r["kind"].to_string(), r["verification"].to_string()))
        .collect();
    assert_eq!(
        got,
        [
            ("crawl-delay".to_string(), "verified".to_string()),
            ("crawl-delay".to_string(), "spoofed".to_string()),
        ]
    );
}

/// The summary and the HTML page say which of a crawler's violations came from spoofed
/// addresses: a review found "Googlebot, Google, violations 9" where every one of the nine
/// was a spoofer's, and the real Googlebot's requests were all allowed.
#[test]
fn violations_by_spoofers_are_told_apart() {
    let dir = tempfile::tempdir().unwrap();
    let robots = site_robots(
        dir.path(),
        "www.example.com",
        "User-agent: *\nDisallow: /private/\n",
    );
    let log = dir.path().join("access.log");
    let line = |ip: &str, path: &str| {
        format!(
            "www.example.com:443 {ip} - - [20/Nov/2026:10:00:00 +0000] \"GET {path} HTTP/1.1\" 200 5 \"-\" \"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)\"\n"
        )
    };
    let text: String = [
        line("66.249.66.1", "/a"),
        line("66.249.66.1", "/private/1"),
        line("198.51.100.7", "/private/2"),
        line("198.51.100.7", "/private/3"),
    ]
    .concat();
    std::fs::write(&log, text).unwrap();
    let html = dir.path().join("page.html");
    let (_, summary, _, _) = audit_reports(&log, &robots, &["--html", html.to_str().unwrap()]);
    let s = rows(&summary);
    assert_eq!(
        (&s[0]["violations"], &s[0]["violations_spoofed"]),
        ("3", "2"),
        "{s:?}"
    );
    let page = std::fs::read_to_string(&html).unwrap();
    let crawlers = &page[page.find("id=\"crawlers\"").unwrap()..];
    let row = &crawlers[crawlers.find("<td>Googlebot</td>").unwrap()..];
    let row = &row[..row.find("</tr>").unwrap()];
    assert!(crawlers.contains("by spoofers"), "the column is named");
    let cells: Vec<&str> = row
        .split("<td class=\"n\">")
        .skip(1)
        .map(|c| &c[..c.find("</td>").unwrap()])
        .collect();
    // requests, verified, spoofed, unverifiable, disallowed, crawl-delay, by spoofers, hosts
    // (Googlebot's operator documents no Crawl-delay: not checked.)
    assert_eq!(
        cells,
        ["4", "2", "2", "0", "3", "not checked", "2", "1"],
        "{row}"
    );
}

/// A client logged with its port (`%h:%{remote}p`) is its address: a spoofer so logged makes
/// the block list, its port dropped, one row for its two ports. A client field that is no
/// address (a host name, a forwarded list) is unverifiable, and a warning says so.
#[test]
fn clients_logged_with_a_port_are_verified_and_others_are_counted() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("ports.log");
    let clients = [
        "198.51.100.7:52114",
        "198.51.100.7:443",
        "[2a02:c7c:1234::9]:8080",
        "crawl.example.net",
        "198.51.100.8, 66.249.66.1",
        "198.51.100.9:99999",
    ];
    std::fs::write(&log, googlebot_from(&clients)).unwrap();
    let spoofed = dir.path().join("spoofed.csv");
    let (_, summary, _, err) = audit_reports(
        &log,
        &testdata("robots-dir"),
        &["--spoofed", spoofed.to_str().unwrap()],
    );
    let listed: Vec<(String, String)> = rows(&std::fs::read(&spoofed).unwrap())
        .iter()
        .map(|r| (r[0].to_string(), r["requests"].to_string()))
        .collect();
    assert_eq!(
        listed,
        [
            ("198.51.100.7".to_string(), "2".to_string()),
            ("2a02:c7c:1234::9".to_string(), "1".to_string())
        ]
    );
    let s = rows(&summary);
    assert_eq!(
        (&s[0]["spoofed"], &s[0]["unverifiable"]),
        ("3", "3"),
        "{s:?}"
    );
    assert!(
        err.contains("3 crawler requests had a client field that is no IP address"),
        "{err}"
    );
}

/// A fetcher robots.txt does not bind (ChatGPT-User) under a group that forbids it: not
/// judged, and the page says so rather than a 0 that reads as compliance; its fetch of
/// robots.txt is counted as any crawler's.
#[test]
fn fetchers_robots_txt_does_not_bind_are_shown_not_judged() {
    let dir = tempfile::tempdir().unwrap();
    let robots = site_robots(
        dir.path(),
        "ex.com",
        "User-agent: ChatGPT-User\nDisallow: /\n\nUser-agent: *\nAllow: /\n",
    );
    let ua = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot";
    let log = dir.path().join("a.log");
    std::fs::write(
        &log,
        format!(
            "ex.com:443 20.42.10.176 - - [20/Nov/2026:01:00:00 +0000] \"GET /robots.txt HTTP/1.1\" 200 5 \"-\" \"{ua}\"\n\
             ex.com:443 20.42.10.176 - - [20/Nov/2026:01:00:05 +0000] \"GET /article HTTP/1.1\" 200 5 \"-\" \"{ua}\"\n"
        ),
    )
    .unwrap();
    let html = dir.path().join("r.html");
    let (violations, summary, _, err) =
        audit_reports(&log, &robots, &["--html", html.to_str().unwrap()]);
    assert_eq!(rows(&violations).len(), 0, "{err}");
    let s = rows(&summary);
    assert_eq!(
        (
            &s[0]["crawler"],
            &s[0]["checked"],
            &s[0]["robots_fetches"],
            &s[0]["robots_first"]
        ),
        ("ChatGPT-User", "0", "1", "yes"),
        "{s:?}"
    );
    let page = std::fs::read_to_string(&html).unwrap();
    for section in ["agents", "crawlers"] {
        let at = page.find(&format!("<section id=\"{section}\">")).unwrap();
        let part = &page[at..];
        let part = &part[..part.find("</section>").unwrap()];
        let row = &part[part.find("<td>ChatGPT-User</td>").expect(section)..];
        let row = &row[..row.find("</tr>").unwrap()];
        assert!(row.contains("not judged"), "{section}: {row}");
    }
}

/// A fetcher robots.txt does not bind still judged for preferences: its own 404 fetch of
/// robots.txt shows it read no preferences, so its request a minute later conflicts with none
/// (its counted fetch must stay evidence too).
#[test]
fn a_not_bound_fetchers_own_fetch_still_narrows_its_preferences() {
    let dir = tempfile::tempdir().unwrap();
    let robots = site_robots(
        dir.path(),
        "p.example.com",
        "User-agent: *\nContent-Signal: ai-input=no\nAllow: /\n",
    );
    let ua = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot";
    let log = dir.path().join("a.log");
    let line = |time: &str, path: &str, status: u16| {
        format!(
            "p.example.com:443 20.42.10.176 - - [20/Nov/2026:{time} +0000] \"GET {path} HTTP/1.1\" {status} 5 \"-\" \"{ua}\"\n"
        )
    };
    std::fs::write(
        &log,
        [
            line("01:00:00", "/robots.txt", 404),
            line("01:01:00", "/page", 200),
        ]
        .concat(),
    )
    .unwrap();
    let prefs = dir.path().join("p.csv");
    let (_, summary, _, err) =
        audit_reports(&log, &robots, &["--preferences", prefs.to_str().unwrap()]);
    assert_eq!(rows(&std::fs::read(&prefs).unwrap()).len(), 0, "{err}");
    let s = rows(&summary);
    assert_eq!(
        (&s[0]["robots_fetches"], &s[0]["preference_conflicts"]),
        ("1", "0")
    );
}

#[test]
fn summary_says_whether_robots_txt_came_first() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("first.log");
    let bing = "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)";
    let gpt = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)";
    let yandex = "Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)";
    let lines = [
        // bingbot: robots.txt, then a page → yes. Logged out of order on purpose.
        ("www.example.com", "10:00:05", "/about", bing, 200),
        ("www.example.com", "10:00:01", "/robots.txt", bing, 200),
        // GPTBot: a page, then robots.txt → no.
        ("www.example.com", "10:00:02", "/", gpt, 200),
        ("www.example.com", "10:00:09", "/robots.txt", gpt, 404),
        // YandexBot: never asks.
        ("www.example.com", "10:00:03", "/about", yandex, 200),
    ];
    let text: String = lines
        .iter()
        .map(|(h, t, p, ua, s)| format!("{h}:443 192.0.2.1 - - [20/Nov/2026:{t} +0000] \"GET {p} HTTP/1.1\" {s} 10 \"-\" \"{ua}\"\n"))
        .collect();
    std::fs::write(&log, text).unwrap();
    let summary = dir.path().join("s.csv");
    let robots = testdata("robots-dir");
    let o = run(
        &[
            log.as_os_str(),
            "--robots-dir".as_ref(),
            robots.as_os_str(),
            "--summary".as_ref(),
            summary.as_os_str(),
            "-q".as_ref(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let recs = rows(&std::fs::read(&summary).unwrap());
    let get = |crawler: &str| {
        recs.iter()
            .find(|r| &r[1] == crawler)
            .unwrap_or_else(|| panic!("{crawler}: {recs:?}"))
    };
    assert_eq!(
        (
            &get("bingbot")["robots_fetches"],
            &get("bingbot")["robots_first"],
            &get("bingbot")["robots_statuses"]
        ),
        ("1", "yes", "200:1")
    );
    assert_eq!(
        (
            &get("GPTBot")["robots_fetches"],
            &get("GPTBot")["robots_first"],
            &get("GPTBot")["robots_statuses"]
        ),
        ("1", "no", "404:1")
    );
    assert_eq!(
        (
            &get("YandexBot")["robots_fetches"],
            &get("YandexBot")["robots_first"]
        ),
        ("0", "never")
    );
    // robots.txt requests are counted but not judged.
    assert_eq!(
        (&get("GPTBot")[5], &get("GPTBot")[7]),
        ("1", "1"),
        "GPTBot: / checked and disallowed"
    );
}

#[test]
fn dns_failures_never_turn_into_accusations() {
    // --verify-dns against a loopback port where nothing answers: every lookup fails. A DNS
    // failure is never "spoofed", nor does it take back the published lists' verdicts: the
    // report is the one a run without DNS writes (the scraper outside Google's ranges still
    // spoofed by Google's own lists; an earlier version made it "unverifiable", shortening
    // the block list for asking more).
    let log = testdata("access.log.gz");
    let robots = testdata("robots-dir");
    let base = [log.as_os_str(), "--robots-dir".as_ref(), robots.as_os_str()];
    let o = run(
        &[
            &base[..],
            &[
                "--verify-dns".as_ref(),
                "--dns-server".as_ref(),
                "127.0.0.1:1".as_ref(),
                "--dns-timeout".as_ref(),
                "0.2".as_ref(),
            ],
        ]
        .concat(),
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let without = run(&base, None);
    assert_eq!(without.status.code(), Some(0), "{}", stderr(&without));
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&without.stdout)
    );
    let recs = rows(&o.stdout);
    let google: Vec<_> = recs.iter().filter(|r| &r[2] == "Googlebot").collect();
    assert!(
        google
            .iter()
            .any(|r| &r[11] == "spoofed" && r["sample_ip"].starts_with("198.51.100."))
    );
    assert!(
        google
            .iter()
            .any(|r| &r[11] == "verified" && r["sample_ip"].starts_with("66.249."))
    );
    // The resolver fails the canary check (issue #26): nothing more is asked of it, instead
    // of waiting out a timeout per address, and one warning says so.
    assert_eq!(
        stderr(&o)
            .matches(
                "warning: reverse DNS answers were not trusted, so DNS judged nothing \
                 (addresses the published lists do not settle are unverifiable, not spoofed): \
                 the resolver did not answer (check --dns-server"
            )
            .count(),
        1,
        "{}",
        stderr(&o)
    );

    // --dns-server needs --verify-dns; a bad address is named.
    let o = run(
        &[
            log.as_os_str(),
            "--dns-server".as_ref(),
            "127.0.0.1".as_ref(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
    let o = run(
        &[
            log.as_os_str(),
            "--verify-dns".as_ref(),
            "--dns-server".as_ref(),
            "nowhere".as_ref(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("--dns-server") && stderr(&o).contains("nowhere"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn inputs_report_counts_malformed_lines_per_file() {
    let dir = tempfile::tempdir().unwrap();
    let inputs = dir.path().join("inputs.csv");
    let (log, combined) = (testdata("access.log.gz"), testdata("combined.log"));
    let robots = testdata("robots-dir");
    let o = run(
        &[
            log.as_os_str(),
            combined.as_os_str(),
            "--host".as_ref(),
            "www.example.com".as_ref(),
            "--robots-dir".as_ref(),
            robots.as_os_str(),
            "--inputs".as_ref(),
            inputs.as_os_str(),
            "-q".as_ref(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let bytes = std::fs::read(&inputs).unwrap();
    // Names the files by path: compare the golden with the paths made relative.
    let prefix = format!("{}/", testdata("access.log").parent().unwrap().display());
    let text = String::from_utf8(bytes).unwrap().replace(&prefix, "");
    assert_golden(text.as_bytes(), "expected/combined-inputs.csv");
    let recs = rows(text.as_bytes());
    assert_eq!(recs.len(), 2);
    assert_eq!(
        (&recs[0][0], &recs[0][1], &recs[0][2]),
        ("access.log.gz", "vhost_combined", "yes")
    );
    assert_eq!(
        &recs[0][4], "10",
        "one malformed line in every 397 of 4,000"
    );
    assert_eq!(&recs[0][6], "397");
    assert_eq!((&recs[1][1], &recs[1][4]), ("combined", "0"));
}

#[test]
fn every_report_is_byte_identical_at_any_thread_count_even_with_ties() {
    // Ties everywhere: a spoofer sending two User-Agents in the same second (the sample must
    // be chosen by value), one host over http and https (two origins, one name), a crawler
    // bursting under its Crawl-delay, two inputs read by different threads; and enough
    // lines that every worker gets blocks.
    let dir = tempfile::tempdir().unwrap();
    let mut files = Vec::new();
    // Each Googlebot spoofer's earliest (time, User-Agent): the sample the report must give.
    let mut samples: std::collections::BTreeMap<String, (u32, &str)> = Default::default();
    for part in 0..2 {
        let mut text = String::new();
        for i in 0..30_000u32 {
            let (port, ua) = match i % 5 {
                0 => (
                    443,
                    "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html) aaa",
                ),
                1 => (
                    80,
                    "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html) zzz",
                ),
                2 => (
                    443,
                    "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
                ),
                3 => (
                    80,
                    "Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)",
                ),
                _ => (
                    443,
                    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Firefox/133.0",
                ),
            };
            let second = (i / 10) % 60;
            let minute = (i / 600) % 60;
            if i % 5 < 2 {
                let ip = format!("198.51.100.{}", (i / 7) % 200 + part);
                let seen = samples.entry(ip).or_insert((u32::MAX, ua));
                *seen = (*seen).min((minute * 60 + second, ua));
            }
            text.push_str(&format!(
                "www.example.com:{port} 198.51.100.{} - - [20/Nov/2026:10:{minute:02}:{second:02} +0000] \"GET /private/{} HTTP/1.1\" 200 5 \"-\" \"{ua}\"\n",
                (i / 7) % 200 + part,
                i % 97
            ));
        }
        let path = dir.path().join(format!("part{part}.log"));
        std::fs::write(&path, text).unwrap();
        files.push(path);
    }
    let robots = testdata("robots-dir");
    let run_with = |threads: &str| {
        let out: Vec<std::path::PathBuf> = ["v", "s", "h", "sp"]
            .iter()
            .map(|n| dir.path().join(format!("{n}-{threads}.csv")))
            .collect();
        let mut args: Vec<&std::ffi::OsStr> = files.iter().map(|f| f.as_os_str()).collect();
        args.extend([
            "--robots-dir".as_ref(),
            robots.as_os_str(),
            "--threads".as_ref(),
            threads.as_ref(),
            "--out".as_ref(),
            out[0].as_os_str(),
            "--summary".as_ref(),
            out[1].as_os_str(),
            "--hosts".as_ref(),
            out[2].as_os_str(),
            "--spoofed".as_ref(),
            out[3].as_os_str(),
            "-q".as_ref(),
        ]);
        let o = run(&args, None);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        out.iter()
            .map(|p| std::fs::read(p).unwrap())
            .collect::<Vec<_>>()
    };
    let first = run_with("1");
    assert!(rows(&first[3]).len() > 100, "spoofers are listed");
    assert_eq!(
        rows(&first[2])
            .iter()
            .filter(|h| &h[0] == "www.example.com")
            .count(),
        2,
        "http and https are two origins of one host"
    );
    assert!(rows(&first[0]).iter().any(|r| &r[1] == "crawl-delay"));
    for threads in ["2", "4", "8", "2", "8", "3"] {
        let again = run_with(threads);
        for (report, (a, b)) in ["violations", "summary", "hosts", "spoofed"]
            .iter()
            .zip(first.iter().zip(&again))
        {
            assert!(
                a == b,
                "--threads {threads}: the {report} report differs:\n{}\n---\n{}",
                String::from_utf8_lossy(a),
                String::from_utf8_lossy(b)
            );
        }
    }
    // A spoofer that sent both User-Agents in its first second is sampled by the lesser text.
    let spoofed = rows(&first[3]);
    let google: Vec<_> = spoofed
        .iter()
        .filter(|r| &r["crawler"] == "Googlebot")
        .collect();
    assert_eq!(google.len(), samples.len());
    for r in google {
        assert_eq!(&r["user_agent"], samples[&r["client_ip"]].1, "{r:?}");
    }
    assert!(
        samples.values().any(|s| s.1.ends_with("aaa"))
            && samples.values().any(|s| s.1.ends_with("zzz"))
    );
}

#[test]
fn a_small_memory_budget_gives_the_same_reports_and_leaves_no_temporary_files() {
    let dir = tempfile::tempdir().unwrap();
    let tmp = dir.path().join("tmp");
    std::fs::create_dir(&tmp).unwrap();
    let mut text = String::new();
    for i in 0..20_000u32 {
        text.push_str(&format!(
            "www.example.com:443 198.51.100.{} - - [20/Nov/2026:10:{:02}:{:02} +0000] \"GET /private/{i} HTTP/1.1\" 200 5 \"-\" \"Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)\"\n",
            i % 250,
            (i / 60) % 60,
            i % 60
        ));
    }
    let log = dir.path().join("long-tail.log");
    std::fs::write(&log, &text).unwrap();
    let robots = testdata("robots-dir");
    let run_with = |extra: &[&str], log: &std::path::Path| {
        let mut cmd = crate::support::bin();
        cmd.env("TMPDIR", &tmp)
            .arg(log)
            .arg("--robots-dir")
            .arg(&robots)
            .args(["--summary", "/dev/null", "-q"])
            .args(extra);
        cmd.output().unwrap()
    };
    let whole = run_with(&[], &log);
    assert_eq!(whole.status.code(), Some(0), "{}", stderr(&whole));
    assert!(rows(&whole.stdout).len() >= 20_000);
    for threads in ["1", "2"] {
        let small = run_with(&["--max-memory", "64K", "--threads", threads], &log);
        assert_eq!(small.status.code(), Some(0), "{}", stderr(&small));
        assert!(
            small.stdout == whole.stdout,
            "--threads {threads}: the reports differ"
        );
        assert_eq!(
            std::fs::read_dir(&tmp).unwrap().count(),
            0,
            "no temporary file left"
        );
    }
    // A run that fails after spilling (the second input is damaged) leaves none either.
    let gz = std::fs::read(testdata("access.log.gz")).unwrap();
    let cut = dir.path().join("cut.log.gz");
    std::fs::write(&cut, &gz[..gz.len() / 2]).unwrap();
    let mut cmd = crate::support::bin();
    let o = cmd
        .env("TMPDIR", &tmp)
        .args([log.as_os_str(), cut.as_os_str()])
        .args(["--robots-dir".as_ref(), robots.as_os_str()])
        .args(["--max-memory", "64K", "-q"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        std::fs::read_dir(&tmp).unwrap().count(),
        0,
        "no temporary file left"
    );
}

#[test]
fn old_logs_are_not_judged_by_todays_ip_ranges() {
    // 2015: bingbot from addresses it used then, and a spoofer claiming Googlebot. Today's
    // lists (2026) cannot call either spoofed: both are unverifiable, and one warning says why.
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("2015.log");
    std::fs::write(
        &log,
        "www.example.com:443 157.55.33.18 - - [12/Mar/2015:10:00:00 +0000] \"GET /search?q=x HTTP/1.1\" 200 5 \"-\" \"Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)\"\n\
         www.example.com:443 65.55.52.7 - - [12/Mar/2015:10:00:30 +0000] \"GET / HTTP/1.1\" 200 5 \"-\" \"Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)\"\n\
         www.example.com:443 203.0.113.9 - - [12/Mar/2015:10:01:00 +0000] \"GET / HTTP/1.1\" 200 5 \"-\" \"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)\"\n",
    )
    .unwrap();
    let spoofed = dir.path().join("spoofed.csv");
    let summary = dir.path().join("summary.csv");
    let o = audit(
        &log,
        &[
            "--spoofed",
            spoofed.to_str().unwrap(),
            "--summary",
            summary.to_str().unwrap(),
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        rows(&std::fs::read(&spoofed).unwrap()).is_empty(),
        "no block list entry"
    );
    for r in rows(&std::fs::read(&summary).unwrap()) {
        assert_eq!((&r["spoofed"], &r["verified"]), ("0", "0"), "{r:?}");
    }
    let err = stderr(&o);
    assert!(
        err.contains("3 crawler requests are marked unverifiable")
            && err.contains("2026-09-02")
            && err.contains("update-ranges"),
        "{err}"
    );
    assert_eq!(
        err.matches("unverifiable").count(),
        1,
        "one warning line: {err}"
    );
}

/// A request marked spoofed by IP-range lists much older than it may come from an address
/// its operator added since: the run says so, with the lists' date, and says nothing once the
/// lists are as fresh as the log (same prefixes, the verdicts unchanged).
#[test]
fn spoofed_by_lists_much_older_than_the_log_is_said() {
    let (v, _, _, err) = audit_testdata(&[]);
    assert!(
        err.contains(
            "warning: 22 crawler requests are marked spoofed by crawler IP-range lists more \
             than 30 days older than them (of 2026-09-02): an operator may have added the \
             addresses since; `robots-audit update-ranges` refreshes the lists"
        ),
        "{err}"
    );
    let fresh = fresh_ranges();
    let dir = fresh.path().to_str().unwrap();
    let (v_fresh, _, _, err) = audit_testdata(&["--ranges-dir", dir]);
    assert!(!err.contains("marked spoofed"), "{err}");
    assert_eq!(v, v_fresh, "the same verdicts");
}

/// The bundled IP-range lists dated the shipped log's day (2026-11-20), in a folder for
/// `--ranges-dir`: the same prefixes, without the warning that lists much older than the log
/// gave its spoofed verdicts.
fn fresh_ranges() -> tempfile::TempDir {
    let fresh = tempfile::tempdir().unwrap();
    let bundled = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/crawlers/ranges");
    for entry in std::fs::read_dir(&bundled).unwrap() {
        let path = entry.unwrap().path();
        let mut list: serde_json::Value =
            serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
        list["creationTime"] = "2026-11-20T00:00:00Z".into();
        std::fs::write(
            fresh.path().join(path.file_name().unwrap()),
            list.to_string(),
        )
        .unwrap();
    }
    fresh
}

/// A saved IP-range list dated before the bundled one of its name (a cache `update-ranges`
/// filled before the binary was updated, or a copy kept for old logs) speaks for the requests
/// of its time and no later: alone, it put the real Googlebot at an address Google added
/// since on the block list; dropped, old logs lost their only list. A saved list newer than
/// the bundled one is used.
#[test]
fn a_saved_range_list_older_than_the_bundled_one_speaks_for_its_time() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("access.log");
    let line = |day: &str, ip: &str| {
        format!(
            "www.example.com:443 {ip} - - [{day}:12:00:00 +0000] \"GET / HTTP/1.1\" 200 10 \"-\" \
             \"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)\"\n"
        )
    };
    let ranges = dir.path().join("ranges");
    std::fs::create_dir_all(&ranges).unwrap();
    let spoofed = dir.path().join("spoofed.csv");
    let listed = |text: &str, date: &str| -> Vec<String> {
        std::fs::write(&log, text).unwrap();
        std::fs::write(
            ranges.join("google-common.json"),
            format!(
                r#"{{"creationTime": "{date}", "prefixes": [{{"ipv4Prefix": "66.249.64.0/27"}}]}}"#
            ),
        )
        .unwrap();
        let o = audit(
            &log,
            &[
                "--ranges-dir",
                ranges.to_str().unwrap(),
                "--spoofed",
                spoofed.to_str().unwrap(),
            ],
        );
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        rows(&std::fs::read(&spoofed).unwrap())
            .iter()
            .map(|r| r["client_ip"].to_string())
            .collect()
    };
    let now = line("20/Nov/2026", "66.249.66.1");
    // Older than the bundled list: the bundled one judges this year's request.
    assert_eq!(listed(&now, "2025-06-01T00:00:00Z"), Vec::<String>::new());
    // Newer: it judges, and 66.249.66.1 is not in it.
    assert_eq!(listed(&now, "2026-11-01T00:00:00Z"), ["66.249.66.1"]);
    // A log of that old list's time: the bundled list is too new for it, the old one speaks
    // and verifies Googlebot (dropped, it left the request unverifiable). An address outside
    // it stays unverifiable, not spoofed: Google's other lists of that time are not there.
    let then = [
        line("05/Jun/2025", "66.249.64.5"),
        line("05/Jun/2025", "203.0.113.9"),
    ]
    .concat();
    assert_eq!(listed(&then, "2025-06-01T00:00:00Z"), Vec::<String>::new());
    let summary = dir.path().join("summary.csv");
    let o = audit(
        &log,
        &[
            "--ranges-dir",
            ranges.to_str().unwrap(),
            "--summary",
            summary.to_str().unwrap(),
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let s = rows(&std::fs::read(&summary).unwrap());
    assert_eq!(
        (&s[0]["verified"], &s[0]["spoofed"], &s[0]["unverifiable"]),
        ("1", "0", "1"),
        "{s:?}"
    );
}

/// A crawler's requests to a host field that is no origin are counted as not judged (its
/// summary row, the hosts report, the warning), never lost; the line after the zeros that
/// `logrotate`'s `copytruncate` leaves is a request.
#[test]
fn crawler_requests_to_an_invalid_host_are_counted_not_lost() {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("robots").join("www.example.com");
    std::fs::create_dir_all(&site).unwrap();
    std::fs::write(
        site.join("robots.txt"),
        "User-agent: *\nDisallow: /private/\n",
    )
    .unwrap();
    let ua = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    let line = |host: &str, second: u32, path: &str| {
        format!(
            "{host} 66.249.66.1 - - [20/Nov/2026:14:55:{second:02} +0100] \"GET {path} HTTP/1.1\" 200 100 \"-\" \"{ua}\"\n"
        )
    };
    let mut log = vec![0u8; 4096];
    log.extend(line("www.example.com:443", 1, "/private/1").bytes());
    log.extend(line("www.example.com:443", 2, "/private/2").bytes());
    log.extend(line("www.example.com..:443", 3, "/private/3").bytes());
    let log_path = dir.path().join("access.log");
    std::fs::write(&log_path, &log).unwrap();
    let robots = dir.path().join("robots");
    let (v, s, h, err) = audit_reports(&log_path, &robots, &["--format", "vhost_combined"]);
    // The line after the zeros is the site's violation, as the next one.
    let violations = rows(&v);
    let paths: BTreeSet<(&str, &str)> = violations.iter().map(|r| (&r[0][..], &r[5][..])).collect();
    assert_eq!(
        paths,
        BTreeSet::from([
            ("www.example.com", "/private/1"),
            ("www.example.com", "/private/2"),
        ]),
    );
    // The invalid host's request: Googlebot's, counted, not checked.
    let summary = rows(&s);
    let invalid: Vec<&Rec> = summary
        .iter()
        .filter(|r| &r[0] == "www.example.com..:443")
        .collect();
    assert_eq!(invalid.len(), 1, "{summary:?}");
    assert_eq!(
        (&invalid[0][1][..], &invalid[0][4][..], &invalid[0][5][..]),
        ("Googlebot", "1", "0")
    );
    let hosts = rows(&h);
    let row = hosts
        .iter()
        .find(|r| &r[0] == "www.example.com..:443")
        .expect("its hosts row");
    assert_eq!(
        (&row[11][..], &row[12][..], &row[13][..], &row[14][..]),
        ("1", "1", "no", "invalid host: empty or over-long label")
    );
    assert!(
        err.contains("1 of 2 hosts with crawler traffic (1 crawler request) could not be judged")
            && err.contains("www.example.com..:443 (1 crawler request): invalid host"),
        "{err}"
    );
}

/// A group names a client outside the registry by its whole name (docs/identification.md,
/// "Clients a group names"): a review found every Android Chrome visitor (`Android 10; K`)
/// reported as crawler `k` breaking `User-agent: k2spider` (Wikipedia's list, copied widely),
/// since Google's reading of that value is `k`; and a site's `Microsoft URL Control` group
/// judging Outlook.
#[test]
fn a_group_names_a_client_by_its_whole_name() {
    let dir = tempfile::tempdir().unwrap();
    let robots = site_robots(
        dir.path(),
        "www.example.com",
        "User-agent: k2spider\nDisallow: /\n\nUser-agent: Microsoft URL Control\nDisallow: /\n\n\
         User-agent: FooFetch/1.0\nDisallow: /\n\nUser-agent: DuckDuckGo\nDisallow: /\n\n\
         User-agent: *\nDisallow: /private/\n",
    );
    let clients = [
        "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
        "Microsoft Office/16.0 (Windows NT 10.0; Microsoft Outlook 16.0.17928; Pro)",
        "k2spider/1.0",
        "Mozilla/5.0 (X11; Linux x86_64) FooFetch/2.0",
        "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/131.0.0.0 Mobile DuckDuckGo/5 Safari/537.36",
    ];
    let log: String = clients
        .iter()
        .enumerate()
        .map(|(i, ua)| {
            format!(
                "www.example.com:443 198.51.100.{} - - [20/Nov/2026:10:00:0{i} +0000] \"GET /page{i} HTTP/1.1\" 200 5 \"-\" \"{ua}\"\n",
                i + 1
            )
        })
        .collect();
    let path = dir.path().join("access.log");
    std::fs::write(&path, log).unwrap();
    let o = run(
        &[
            path.as_os_str(),
            "--robots-dir".as_ref(),
            robots.as_os_str(),
            "-q".as_ref(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // The two the file names, and only they (by crawler).
    assert_eq!(
        crate::support::columns(&o.stdout, &["path", "crawler", "group"]),
        [
            ["/page3", "foofetch", "FooFetch/1.0"],
            ["/page2", "k2spider", "k2spider"],
        ],
        "{}",
        String::from_utf8_lossy(&o.stdout)
    );
}

/// Audits `lines` as one log with the saved `robots` and `extra` options: each violation
/// row's values of the columns `cols`.
fn audit_lines(
    dir: &std::path::Path,
    robots: &std::path::Path,
    lines: &[String],
    extra: &[&str],
    cols: &[&str],
) -> Vec<Vec<String>> {
    let path = dir.join("access.log");
    std::fs::write(&path, lines.concat()).unwrap();
    let mut args: Vec<&std::ffi::OsStr> = vec![
        path.as_os_str(),
        "--robots-dir".as_ref(),
        robots.as_os_str(),
        "-q".as_ref(),
    ];
    args.extend(extra.iter().map(std::ffi::OsStr::new));
    let o = run(&args, None);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    crate::support::columns(&o.stdout, cols)
}

/// docs/judging.md, "The crawler's own fetches": an unverified fetch of /robots.txt speaks
/// only for its own address. A review found one line from any address sending ClaudeBot's
/// name (which no list verifies) erase the real ClaudeBot's violations for a day with a 4xx,
/// or make an allowed request a `fetched` violation with a 200; and the real Googlebot's own
/// 404, logged when its address was too old to verify, ignored for its verified requests two
/// hours later.
#[test]
fn an_unverified_fetch_speaks_only_for_its_own_address() {
    let dir = tempfile::tempdir().unwrap();
    let robots = dir.path().join("robots");
    std::fs::create_dir_all(robots.join("www.example.com")).unwrap();
    std::fs::write(
        robots.join("www.example.com/robots.20261101T000000Z.txt"),
        "User-agent: *\nDisallow:\n",
    )
    .unwrap();
    std::fs::write(
        robots.join("www.example.com/robots.20261120T100000Z.txt"),
        "User-agent: *\nDisallow: /private/\n",
    )
    .unwrap();
    let claude = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)";
    let google = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    let line = |ip: &str, time: &str, path: &str, status: u16, ua: &str| {
        format!(
            "www.example.com:443 {ip} - - [{time} +0000] \"GET {path} HTTP/1.1\" {status} 5 \"-\" \"{ua}\"\n"
        )
    };
    let audit_log = |lines: &[String]| {
        audit_lines(
            dir.path(),
            &robots,
            lines,
            &[],
            &["path", "verification", "evidence"],
        )
    };
    let real = [
        line(
            "160.79.104.10",
            "21/Nov/2026:10:05:00",
            "/private/a",
            200,
            claude,
        ),
        line(
            "160.79.104.10",
            "21/Nov/2026:12:05:00",
            "/private/b",
            200,
            claude,
        ),
    ];
    let both = |extra: String| -> Vec<String> {
        let mut lines = vec![extra];
        lines.extend(real.iter().cloned());
        lines
    };
    let two = [
        ["/private/a", "unverifiable", "in-force"],
        ["/private/b", "unverifiable", "in-force"],
    ];
    assert_eq!(audit_log(&real), two);
    // Another address's 4xx in ClaudeBot's name hides nothing ...
    let other = line(
        "203.0.113.50",
        "21/Nov/2026:10:00:00",
        "/robots.txt",
        403,
        "ClaudeBot",
    );
    assert_eq!(audit_log(&both(other)), two);
    // ... while the crawler's own does, as documented.
    let own = line(
        "160.79.104.10",
        "21/Nov/2026:10:00:00",
        "/robots.txt",
        404,
        claude,
    );
    assert_eq!(audit_log(&both(own)), Vec::<Vec<String>>::new());

    // Within the leeway of the change, the real crawler's request is allowed; another
    // address's 200 of the new file is no evidence against it.
    let before_change = [
        line(
            "160.79.104.10",
            "20/Nov/2026:09:00:00",
            "/robots.txt",
            200,
            claude,
        ),
        line(
            "160.79.104.10",
            "20/Nov/2026:11:00:00",
            "/private/a",
            200,
            claude,
        ),
    ];
    assert_eq!(audit_log(&before_change), Vec::<Vec<String>>::new());
    let mut with_other = before_change.to_vec();
    with_other.push(line(
        "203.0.113.50",
        "20/Nov/2026:10:30:00",
        "/robots.txt",
        200,
        "ClaudeBot",
    ));
    assert_eq!(audit_log(&with_other), Vec::<Vec<String>>::new());

    // Googlebot's 404 at 04:00 on 3 August, more than 30 days before the bundled lists
    // (2026-09-02) and so unverifiable, speaks for its verified requests of that evening.
    let googlebot = [
        line(
            "66.249.66.1",
            "03/Aug/2026:04:00:00",
            "/robots.txt",
            404,
            google,
        ),
        line(
            "66.249.66.1",
            "03/Aug/2026:22:00:00",
            "/private/a",
            200,
            google,
        ),
    ];
    std::fs::write(
        robots.join("www.example.com/robots.20260701T000000Z.txt"),
        "User-agent: *\nDisallow: /private/\n",
    )
    .unwrap();
    assert_eq!(audit_log(&googlebot), Vec::<Vec<String>>::new());
    assert_eq!(
        audit_log(&googlebot[1..]),
        [["/private/a", "verified", "in-force"]]
    );
}

/// docs/judging.md, "The crawler's own fetches": an address's own fetches speak for its own
/// requests whatever either's verification. A review found the real Googlebot's 403, logged
/// when the older list verified its address, ignored for its request six hours later, after
/// a newer list (without that range) made it spoofed.
#[test]
fn an_address_s_own_verified_fetch_speaks_for_its_spoofed_request() {
    let dir = tempfile::tempdir().unwrap();
    let robots = site_robots(
        dir.path(),
        "www.example.com",
        "User-agent: *\nDisallow: /b/\n",
    );
    // Google's list as bundled, dated 2026-11-01, without 66.249.66.0/24.
    let bundled: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("src/crawlers/ranges/google-common.json"),
        )
        .unwrap(),
    )
    .unwrap();
    let mut newer = bundled.clone();
    newer["creationTime"] = "2026-11-01T00:00:00+00:00".into();
    let prefixes = newer["prefixes"].as_array_mut().unwrap();
    let before = prefixes.len();
    prefixes.retain(|p| !p.to_string().contains("66.249.66."));
    assert!(prefixes.len() < before);
    let ranges = dir.path().join("ranges");
    std::fs::create_dir_all(&ranges).unwrap();
    std::fs::write(ranges.join("google-common.json"), newer.to_string()).unwrap();
    let google = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    let line = |time: &str, path: &str, status: u16| {
        format!(
            "www.example.com:443 66.249.66.1 - - [{time} +0000] \"GET {path} HTTP/1.1\" {status} 5 \"-\" \"{google}\"\n"
        )
    };
    let audit_log = |lines: &[String]| {
        audit_lines(
            dir.path(),
            &robots,
            lines,
            &["--ranges-dir", ranges.to_str().unwrap()],
            &["path", "verification"],
        )
    };
    // Its request alone, within the 30 days before the newer list that speaks for it:
    // spoofed, a violation.
    let request = line("02/Oct/2026:02:00:00", "/b/own", 200);
    assert_eq!(
        audit_log(std::slice::from_ref(&request)),
        [["/b/own", "spoofed"]]
    );
    // Its own 403 six hours earlier, before those 30 days, verified by the bundled list of
    // its time: no file.
    let fetch = line("01/Oct/2026:20:00:00", "/robots.txt", 403);
    assert_eq!(audit_log(&[fetch, request]), Vec::<Vec<String>>::new());
}
