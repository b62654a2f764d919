//! Bad input and bad arguments: a clear message, the right exit status, nothing lost.

use std::ffi::OsStr;

use crate::support::{Rec, rows, run, stderr, testdata};

#[test]
fn a_missing_log_is_exit_2_naming_the_file() {
    let o = run(&["no-such-file.log".as_ref()], None);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains("no-such-file.log") && err.contains("No such file"),
        "{err}"
    );
    assert!(o.stdout.is_empty());
}

/// A `--robots-dir` that is not there is named as the option's, not as a bare path (which
/// could be a log's), and nothing is written.
#[test]
fn a_missing_robots_dir_is_exit_2_naming_the_option() {
    let dir = tempfile::tempdir().unwrap();
    let (missing, out) = (dir.path().join("saved"), dir.path().join("r.csv"));
    let log = testdata("access.log");
    let o = run(
        &[
            log.as_os_str(),
            "--robots-dir".as_ref(),
            missing.as_os_str(),
            "--out".as_ref(),
            out.as_os_str(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
    let want = format!(
        "robots-audit: error: --robots-dir: cannot read {}: No such file",
        missing.display()
    );
    assert!(stderr(&o).starts_with(&want), "{}", stderr(&o));
    assert!(!out.exists());
}

#[test]
fn an_unknown_flag_is_exit_2_naming_it() {
    let o = run(&["--no-such-flag".as_ref(), "x.log".as_ref()], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--no-such-flag"), "{}", stderr(&o));
}

#[test]
fn help_and_version_exit_0() {
    for flag in ["--help", "--version"] {
        let o = run(&[flag.as_ref()], None);
        assert_eq!(o.status.code(), Some(0), "{flag}");
        assert!(!o.stdout.is_empty());
    }
    let o = run(&["check".as_ref(), "--help".as_ref()], None);
    assert!(String::from_utf8_lossy(&o.stdout).contains("--dialect"));
}

/// A standard error nobody reads any more (`2>&1 | head -1`) changes nothing of the exit
/// status: the errors a run would print are dropped, the run ends as it would (it panicked,
/// exit 101, when a message met the closed pipe).
#[test]
fn a_closed_standard_error_keeps_the_exit_status() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r.csv");
    for (args, status) in [
        (vec!["no-such-file.log".into()], 2),
        (
            vec![
                testdata("access.log.gz").into_os_string(),
                "--robots-dir".into(),
                testdata("robots-dir").into_os_string(),
                "--out".into(),
                out.clone().into_os_string(),
            ],
            0,
        ),
    ] {
        let mut child = crate::support::bin()
            .args(&args)
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        // Closed before the child can have written anything: each message meets the pipe
        // with no reader.
        drop(child.stderr.take());
        let code = child.wait().unwrap().code();
        assert_eq!(code, Some(status), "{args:?}");
    }
}

#[test]
fn a_format_without_hosts_needs_host() {
    let log = testdata("combined.log");
    let o = run(&[log.as_os_str()], None);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.contains("--host") && err.contains("combined"), "{err}");
}

#[test]
fn a_truncated_gzip_fails_the_run_and_keeps_the_old_reports_unless_allowed() {
    let gz = std::fs::read(testdata("access.log.gz")).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let cut = dir.path().join("cut.log.gz");
    let inputs = dir.path().join("inputs.csv");
    std::fs::write(&cut, &gz[..gz.len() * 6 / 10]).unwrap();
    let out = dir.path().join("r.csv");
    std::fs::write(&out, "previous report\n").unwrap();
    let robots = testdata("robots-dir");
    let args = |extra: &'static str| {
        let mut a: Vec<std::ffi::OsString> = vec![
            cut.clone().into(),
            "--robots-dir".into(),
            robots.clone().into(),
            "--out".into(),
            out.clone().into(),
            "--inputs".into(),
            inputs.clone().into(),
        ];
        if !extra.is_empty() {
            a.push(extra.into());
        }
        a
    };
    // By default the damage fails the run: exit 2, the previous report untouched.
    let a = args("");
    let o = run(&a.iter().map(|s| s.as_os_str()).collect::<Vec<_>>(), None);
    assert_eq!(o.status.code(), Some(2), "damage is an error");
    let err = stderr(&o);
    assert!(
        err.contains("cut.log.gz") && err.contains("--allow-damaged"),
        "{err}"
    );
    // The damage's line names the file once, then what went wrong.
    let damage: Vec<&str> = err.lines().filter(|l| l.contains("truncated")).collect();
    assert_eq!(damage.len(), 1, "{err}");
    assert_eq!(damage[0].matches("cut.log.gz").count(), 1, "{err}");
    assert!(
        damage[0].contains("cut.log.gz: truncated gzip stream after "),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "previous report\n");
    assert!(!inputs.exists(), "no report is written");
    // Asked for, the lines before the damage are reported, and the damage is still told.
    let a = args("--allow-damaged");
    let o = run(&a.iter().map(|s| s.as_os_str()).collect::<Vec<_>>(), None);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stderr(&o).contains("cut.log.gz"), "the damage is on stderr");
    let partial = rows(&std::fs::read(&out).unwrap());
    let full = rows(&std::fs::read(testdata("expected/violations.csv")).unwrap());
    let requests = |rs: &[Rec]| {
        rs.iter()
            .map(|r| r["requests"].parse::<u64>().unwrap())
            .sum::<u64>()
    };
    assert!(
        requests(&partial) > 0 && requests(&partial) < requests(&full),
        "partial report"
    );
    let inputs = rows(&std::fs::read(&inputs).unwrap());
    assert!(
        inputs[0]["error"].contains("truncated"),
        "the damage is in the inputs report: {:?}",
        inputs[0]
    );
}

/// The line a truncation cut is part of the damage, no malformed line of the log (a review
/// found it counted and shown as one, its whole original a valid request).
#[test]
fn the_line_a_truncation_cut_is_no_malformed_line() {
    use std::io::Write;
    let dir = tempfile::tempdir().unwrap();
    let text: String = (0..2000)
        .map(|i| {
            format!(
                "www.example.com:443 198.51.100.{} - - [20/Nov/2026:10:{:02}:{:02} +0000] \"GET /page/{i} HTTP/1.1\" 200 512 \"-\" \"Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0\"\n",
                i % 250 + 1,
                i / 60 % 60,
                i % 60
            )
        })
        .collect();
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(text.as_bytes()).unwrap();
    let gz = gz.finish().unwrap();
    let robots = testdata("robots-dir");
    let inputs = dir.path().join("inputs.csv");
    // Cut at several places: each ends inside a line, most likely.
    for tenths in [3, 5, 7] {
        let cut = dir.path().join("cut.log.gz");
        std::fs::write(&cut, &gz[..gz.len() * tenths / 10]).unwrap();
        let o = run(
            &[
                cut.as_os_str(),
                "--robots-dir".as_ref(),
                robots.as_os_str(),
                "--inputs".as_ref(),
                inputs.as_os_str(),
                "--out".as_ref(),
                "/dev/null".as_ref(),
                "--allow-damaged".as_ref(),
            ],
            None,
        );
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let row = &rows(&std::fs::read(&inputs).unwrap())[0];
        assert!(row["error"].contains("truncated"), "{row:?}");
        assert_eq!(&row["malformed"], "0", "{row:?}");
        let requests: u64 = row["requests"].parse().unwrap();
        assert!(requests > 0 && requests < 2000, "{row:?}");
    }
}

#[test]
fn a_file_that_is_not_a_log_stops_the_run_and_keeps_the_old_report() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r.csv");
    std::fs::write(&out, "previous report\n").unwrap();
    let not_log = dir.path().join("notes.txt");
    std::fs::write(&not_log, "dear diary\n".repeat(50)).unwrap();
    let log = testdata("access.log");
    let robots = testdata("robots-dir");
    let o = run(
        &[
            log.as_os_str(),
            not_log.as_os_str(),
            "--format".as_ref(),
            "vhost_combined".as_ref(),
            "--robots-dir".as_ref(),
            robots.as_os_str(),
            "--out".as_ref(),
            out.as_os_str(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains("notes.txt") && err.contains("not a vhost_combined log"),
        "{err}"
    );
    // The format was chosen: the hint does not ask to choose it.
    assert!(
        err.contains("is it in another format? Name that one with --format, or leave --format out to detect it")
            && !err.contains("choose the format"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "previous report\n");
    let debris: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(debris.len(), 2, "no temporary files left: {debris:?}");
}

#[test]
fn an_unwritable_report_is_exit_2_and_an_unknown_format_is_named() {
    let log = testdata("access.log");
    let robots = testdata("robots-dir");
    let o = run(
        &[
            log.as_os_str(),
            "--robots-dir".as_ref(),
            robots.as_os_str(),
            "--out".as_ref(),
            "/no/such/dir/r.csv".as_ref(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("/no/such/dir/r.csv"), "{}", stderr(&o));

    let o = run(
        &[log.as_os_str(), "--format".as_ref(), "apache2".as_ref()],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("--format") && stderr(&o).contains("apache2"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_full_disk_is_exit_2() {
    let log = testdata("access.log");
    let robots = testdata("robots-dir");
    let o = run(
        &[
            log.as_os_str(),
            "--robots-dir".as_ref(),
            robots.as_os_str(),
            "--out".as_ref(),
            "/dev/full".as_ref(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("/dev/full"), "{}", stderr(&o));
}

#[test]
fn control_characters_from_a_log_never_reach_the_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("evil.log");
    let mut text = Vec::new();
    for i in 0..20 {
        text.extend_from_slice(
            format!(
                "www.example.com:443 192.0.2.{i} - - [20/Nov/2026:10:00:{i:02} +0000] \"GET /private/x HTTP/1.1\" 200 5 \"-\" \"EvilBot/1.0 (+http://e.example/) \x1b]0;pwned\x07\"\n"
            )
            .as_bytes(),
        );
    }
    text.extend_from_slice(b"\x1b[2J\x1b[31mgarbage line with escapes\n");
    std::fs::write(&log, &text).unwrap();
    let robots = testdata("robots-dir");
    let o = run(
        &[
            log.as_os_str(),
            OsStr::new("--robots-dir"),
            robots.as_os_str(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        !o.stderr.contains(&0x1b),
        "raw ESC on stderr: {}",
        stderr(&o)
    );
    assert!(
        stderr(&o).contains("\\x1b[2J"),
        "the bad line is shown escaped: {}",
        stderr(&o)
    );
}

/// A window that leaves out every request is no audit: like an empty input, exit 2 naming
/// the window and the span the logs cover, the previous report kept, unless --allow-empty.
#[test]
fn a_window_that_leaves_out_every_request_fails_unless_allowed() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r.csv");
    std::fs::write(&out, "previous report\n").unwrap();
    let log = testdata("access.log.gz");
    let robots = testdata("robots-dir");
    let run_window = |since: &str, until: &str, extra: &[&str]| {
        let mut a: Vec<&OsStr> = vec![
            log.as_os_str(),
            "--robots-dir".as_ref(),
            robots.as_os_str(),
            "--out".as_ref(),
            out.as_os_str(),
            "--since".as_ref(),
            since.as_ref(),
            "--until".as_ref(),
            until.as_ref(),
        ];
        a.extend(extra.iter().map(OsStr::new));
        run(&a, None)
    };
    let o = run_window("2027-01-01", "2027-02-01", &[]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains(
            "robots-audit: error: --since 2027-01-01T00:00:00Z --until 2027-02-01T00:00:00Z \
             leaves out every request: the 3,990 requests read run from \
             2026-11-20T00:00:00Z to 2026-11-20T01:05:20Z; the previous reports are kept \
             (--allow-empty accepts an empty window)"
        ),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "previous report\n");
    // Asked for: an empty report, exit 0.
    let o = run_window("2027-01-01", "2027-02-01", &["--allow-empty"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(rows(&std::fs::read(&out).unwrap()).len(), 0);
    // A window that keeps some requests is an audit.
    let o = run_window("2026-11-20T00:30:00Z", "2026-11-20T01:00:00Z", &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(!rows(&std::fs::read(&out).unwrap()).is_empty());

    // Times with milliseconds are told with them: cut to the second, a window from
    // 01:00:00.501 seemed to leave out a request at 01:00:00 (a review).
    let json = dir.path().join("ms.json");
    std::fs::write(
        &json,
        "{\"time\":\"2026-11-20T01:00:00.500+00:00\",\"remote_addr\":\"66.249.66.1\",\
         \"request\":\"GET /a HTTP/1.1\",\"status\":200,\"host\":\"www.example.com\",\
         \"http_user_agent\":\"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)\"}\n",
    )
    .unwrap();
    let o = run(
        &[
            json.as_os_str(),
            "--robots-dir".as_ref(),
            robots.as_os_str(),
            "--out".as_ref(),
            out.as_os_str(),
            "--since".as_ref(),
            "2026-11-20T01:00:00.501Z".as_ref(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains(
            "--since 2026-11-20T01:00:00.501Z leaves out every request: the 1 request read was \
             made at 2026-11-20T01:00:00.500Z;"
        ),
        "{}",
        stderr(&o)
    );
}

/// A file name with a line break in it cannot forge a line of the tool's own on standard
/// error: the lines after an error's first are indented.
#[test]
fn a_line_break_in_a_file_name_forges_no_line() {
    let forged = "missing\nrobots-audit: requests read: 0; violating requests: 0";
    let o = run(&[forged.as_ref(), "--no-cache".as_ref()], None);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    let own: Vec<&str> = err
        .lines()
        .filter(|l| l.starts_with("robots-audit:"))
        .collect();
    assert_eq!(own.len(), 1, "{err}");
    assert!(
        own[0].starts_with("robots-audit: error: cannot open missing"),
        "{err}"
    );
    assert!(err.contains("\n  robots-audit: requests read: 0"), "{err}");
}
