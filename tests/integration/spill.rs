//! The audit past its memory budget under hostile resources: a temporary directory that
//! fills up, missing, and a low open-file limit. Whatever happens, a run either writes every
//! report complete (byte-identical to an unconstrained run's) or fails with exit 2 and leaves
//! the previous reports as they were: never a report with fewer rows.
//!
//! The full-disk cases mount a small tmpfs as `$TMPDIR` in a private mount namespace
//! (`unshare -m`), which takes root. Without root they are skipped, and say so, unless
//! `ROBOTS_AUDIT_REQUIRE_ROOT` is set (as `.ci/run` sets it): then they fail instead.

use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::support::{stderr, testdata};

/// What a previous run left in each report.
const PREVIOUS: &[u8] = b"the previous report\n";

/// A gzip log of `lines` requests from three AI crawlers to distinct paths of
/// `api.example.com`, whose robots.txt disallows everything: one report row per line.
fn long_tail_log(dir: &Path, lines: usize) -> PathBuf {
    let bots = [
        "Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)",
        "Mozilla/5.0 (compatible; ClaudeBot/1.0; +claudebot@anthropic.com)",
        "CCBot/2.0 (https://commoncrawl.org/faq/)",
    ];
    let path = dir.join("long-tail.log.gz");
    let file = std::fs::File::create(&path).unwrap();
    let mut gz =
        flate2::write::GzEncoder::new(std::io::BufWriter::new(file), flate2::Compression::fast());
    for i in 0..lines {
        writeln!(
            gz,
            "api.example.com:443 203.0.{}.{} - - [20/Nov/2026:{:02}:{:02}:{:02} +0000] \"GET /v1/items/{}?page={} HTTP/1.1\" 200 5 \"-\" \"{}\"",
            (i / 250) % 256,
            i % 250,
            (i / 3600) % 24,
            (i / 60) % 60,
            i % 60,
            (i * 7919) % 1_000_003,
            i % 13,
            bots[i % 3]
        )
        .unwrap();
    }
    gz.finish().unwrap().flush().unwrap();
    path
}

/// The reports of one run, in a folder of their own.
struct Reports {
    dir: PathBuf,
}

impl Reports {
    const NAMES: [&str; 3] = ["violations.csv", "summary.csv", "page.html"];

    fn new(parent: &Path, name: &str) -> Reports {
        let dir = parent.join(name);
        std::fs::create_dir_all(&dir).unwrap();
        Reports { dir }
    }

    fn args(&self) -> Vec<OsString> {
        let mut args = Vec::new();
        for (option, name) in ["--out", "--summary", "--html"].iter().zip(Self::NAMES) {
            args.push(OsString::from(option));
            args.push(self.dir.join(name).into_os_string());
        }
        args
    }

    /// Each report as the previous run left it.
    fn write_previous(&self) {
        for name in Self::NAMES {
            std::fs::write(self.dir.join(name), PREVIOUS).unwrap();
        }
    }

    fn read(&self) -> Vec<Vec<u8>> {
        Self::NAMES
            .iter()
            .map(|n| std::fs::read(self.dir.join(n)).unwrap())
            .collect()
    }

    /// The folder holds the reports and nothing else (no temporary report file).
    fn only_reports(&self) {
        let mut names: Vec<String> = std::fs::read_dir(&self.dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        let mut expected: Vec<&str> = Self::NAMES.to_vec();
        expected.sort();
        assert_eq!(names, expected);
    }
}

/// The audit's arguments: the log, the shipped robots-dir, a 1 MiB budget on two workers.
fn audit_args(log: &Path, reports: &Reports, budget: Option<&str>) -> Vec<OsString> {
    let mut args: Vec<OsString> = vec![
        log.into(),
        "--robots-dir".into(),
        testdata("robots-dir").into(),
        "--threads".into(),
        "2".into(),
    ];
    if let Some(b) = budget {
        args.extend(["--max-memory".into(), b.into()]);
    }
    args.extend(reports.args());
    args
}

/// The reports of an unconstrained run (everything in memory).
fn reference(dir: &Path, log: &Path) -> Vec<Vec<u8>> {
    let reports = Reports::new(dir, "reference");
    let o = crate::support::bin()
        .args(audit_args(log, &reports, None))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(!stderr(&o).contains("sorted runs"), "{}", stderr(&o));
    reports.read()
}

/// How a constrained run ended.
#[derive(Debug, PartialEq)]
enum Ended {
    Complete,
    Failed,
}

/// Runs `cmd` (the binary, or a wrapper running it, with the audit's arguments for
/// `reports` and a 1 MiB budget): it ends complete or failed, nothing else. Gives how, with
/// its output.
fn run_constrained(
    cmd: &mut Command,
    log: &Path,
    reports: &Reports,
    reference: &[Vec<u8>],
    what: &str,
) -> (Ended, Output) {
    reports.write_previous();
    let o = cmd
        .args(audit_args(log, reports, Some("1M")))
        .output()
        .unwrap();
    (complete_or_failed(&o, reports, reference, what), o)
}

/// Complete (every report byte-identical to the reference) or failed (exit 2, every report
/// still the previous one); nothing else.
fn complete_or_failed(o: &Output, reports: &Reports, reference: &[Vec<u8>], what: &str) -> Ended {
    let err = stderr(o);
    let got = reports.read();
    reports.only_reports();
    match o.status.code() {
        Some(0) => {
            for (i, name) in Reports::NAMES.iter().enumerate() {
                assert!(
                    got[i] == reference[i],
                    "{what}: exit 0 but {name} differs from the unconstrained run's \
                     ({} bytes instead of {}): {err}",
                    got[i].len(),
                    reference[i].len()
                );
            }
            Ended::Complete
        }
        Some(2) => {
            for (i, name) in Reports::NAMES.iter().enumerate() {
                assert_eq!(got[i], PREVIOUS, "{what}: exit 2 but {name} was replaced");
            }
            assert!(err.contains("robots-audit: error: "), "{what}: {err}");
            Ended::Failed
        }
        other => panic!("{what}: exit {other:?}: {err}"),
    }
}

#[test]
fn a_low_open_file_limit_gives_complete_reports_or_exit_2_never_fewer_rows() {
    let dir = tempfile::tempdir().unwrap();
    let log = long_tail_log(dir.path(), 100_000);
    let reference = reference(dir.path(), &log);
    let tmp = dir.path().join("tmp");
    std::fs::create_dir(&tmp).unwrap();
    let mut ended = Vec::new();
    for limit in [12, 24, 48, 200, 400] {
        let reports = Reports::new(dir.path(), &format!("limit-{limit}"));
        let mut cmd = Command::new("sh");
        cmd.arg("-c")
            .arg(format!("ulimit -n {limit} && exec \"$0\" \"$@\""))
            .arg(env!("CARGO_BIN_EXE_robots-audit"))
            .env("TMPDIR", &tmp);
        let what = format!("ulimit -n {limit}");
        let (end, o) = run_constrained(&mut cmd, &log, &reports, &reference, &what);
        let err = stderr(&o);
        if end == Ended::Failed {
            assert!(
                err.contains("descriptors") || err.contains("Too many open files"),
                "{what}: the error says what ran out: {err}"
            );
        } else {
            assert!(err.contains("sorted runs"), "{what}: it spilled: {err}");
        }
        // The run's temporary directory went with it, whichever way it ended.
        assert_eq!(std::fs::read_dir(&tmp).unwrap().count(), 0, "{what}");
        ended.push((limit, end, err));
    }
    // Where the limit leaves room for a merge, the run completes: at 48 descriptors only in
    // several passes (more runs than can be open at once), at 200 and 400 as well.
    for (limit, end, err) in &ended {
        if *limit >= 48 {
            assert_eq!(*end, Ended::Complete, "ulimit -n {limit}: {err}");
        }
        if *limit == 48 {
            // "… merged at most N at a time (one merge first)", or "(M merges first)".
            assert!(
                err.contains("merge first)") || err.contains("merges first)"),
                "several passes: {err}"
            );
        }
    }
}

/// Whether this process may make a private mount namespace; when it may not, says so (and
/// fails under `ROBOTS_AUDIT_REQUIRE_ROOT`).
fn can_mount(test: &str) -> bool {
    let root = rustix::process::geteuid().is_root();
    let works = root
        && Command::new("unshare")
            .args(["-m", "true"])
            .status()
            .is_ok_and(|s| s.success());
    if !works {
        assert!(
            std::env::var_os("ROBOTS_AUDIT_REQUIRE_ROOT").is_none(),
            "ROBOTS_AUDIT_REQUIRE_ROOT is set but `unshare -m` is not possible here \
             (root: {root}): {test} cannot run"
        );
        eprintln!(
            "skipped {test}: it needs root for `unshare -m` (ROBOTS_AUDIT_REQUIRE_ROOT is not set)"
        );
    }
    works
}

#[test]
fn a_temporary_directory_that_fills_up_gives_complete_reports_or_exit_2_never_fewer_rows() {
    if !can_mount("the full-tmpfs test") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let log = long_tail_log(dir.path(), 100_000);
    let reference = reference(dir.path(), &log);
    let mut ended = Vec::new();
    // Nothing fits; the first runs fit and then the disk is full; room for everything.
    for size in ["16k", "1m", "4m", "256m"] {
        let mnt = dir.path().join(format!("tmpfs-{size}"));
        std::fs::create_dir(&mnt).unwrap();
        let reports = Reports::new(dir.path(), &format!("size-{size}"));
        // What is left in the tmpfs after the run is listed on standard output (the reports
        // go to files): nothing must be.
        let script = format!(
            "mount -t tmpfs -o size={size},mode=1777 tmpfs \"$T\" || exit 99\n\
             \"$0\" \"$@\"\n\
             rc=$?\n\
             ls -A \"$T\"\n\
             exit $rc"
        );
        let mut cmd = Command::new("unshare");
        cmd.args(["-m", "sh", "-c", &script])
            .arg(env!("CARGO_BIN_EXE_robots-audit"))
            .env("T", &mnt)
            .env("TMPDIR", &mnt);
        let what = format!("a tmpfs of {size}");
        let (end, o) = run_constrained(&mut cmd, &log, &reports, &reference, &what);
        let err = stderr(&o);
        if end == Ended::Failed {
            assert!(
                err.contains(&mnt.display().to_string())
                    && err.contains("No space left on device")
                    && err.contains("TMPDIR"),
                "{what}: the error names the directory, the cause and what to do: {err}"
            );
        }
        assert_eq!(
            String::from_utf8_lossy(&o.stdout),
            "",
            "{what}: temporary files left"
        );
        ended.push((size, end, err));
    }
    let outcome = |size: &str| &ended.iter().find(|e| e.0 == size).unwrap().1;
    assert_eq!(*outcome("16k"), Ended::Failed, "nothing fits in 16 KiB");
    assert_eq!(
        *outcome("1m"),
        Ended::Failed,
        "about 5 MiB of runs do not fit in 1 MiB"
    );
    assert_eq!(*outcome("256m"), Ended::Complete, "{:?}", ended[3].2);
}

#[test]
fn no_temporary_directory_at_all_keeps_twice_the_budget_in_memory_then_fails_loudly() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("no-such-dir");
    // A few thousand requests: past the budget, within twice it; then far past.
    for (lines, expected) in [(4_000, Ended::Complete), (100_000, Ended::Failed)] {
        let case = dir.path().join(format!("case-{lines}"));
        std::fs::create_dir(&case).unwrap();
        let log = long_tail_log(&case, lines);
        let reference = reference(&case, &log);
        let reports = Reports::new(&case, "constrained");
        let mut cmd = crate::support::bin();
        cmd.env("TMPDIR", &missing);
        let what = format!("{lines} requests, no $TMPDIR");
        let (end, o) = run_constrained(&mut cmd, &log, &reports, &reference, &what);
        assert_eq!(end, expected, "{what}: {}", stderr(&o));
        // Past the budget indeed: with a temporary directory, the same run writes runs.
        let tmp = case.join("tmp");
        std::fs::create_dir(&tmp).unwrap();
        let spilled = crate::support::bin()
            .args(audit_args(
                &log,
                &Reports::new(&case, "spilled"),
                Some("1M"),
            ))
            .env("TMPDIR", &tmp)
            .output()
            .unwrap();
        assert!(
            stderr(&spilled).contains("sorted run"),
            "{}",
            stderr(&spilled)
        );
        if end == Ended::Failed {
            let err = stderr(&o);
            assert!(
                err.contains(&format!(
                    "cannot create a temporary directory in {}",
                    missing.display()
                )) && err.contains("twice the memory budget")
                    && err.contains("--max-memory"),
                "{err}"
            );
        }
    }
}

/// A gzip log of `lines` fetches by bingbot, under two User-Agents (two streams), on
/// `www.example.com`, whose robots.txt sets `Crawl-delay: 5` for bingbot: every fetch is kept
/// for the Crawl-delay judgement. Intervals of 0 to 7 seconds from several addresses (some requests in
/// the same second), so that some requests are early and the pace's median is not trivial;
/// a few requests of `/search`, which bingbot may not fetch.
fn crawl_delay_log(dir: &Path, lines: usize) -> PathBuf {
    let bots = [
        "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
        "Mozilla/5.0 (compatible; bingbot/2.0;  http://www.bing.com/bingbot.htm)",
    ];
    let path = dir.join("crawl-delay.log.gz");
    let file = std::fs::File::create(&path).unwrap();
    let mut gz =
        flate2::write::GzEncoder::new(std::io::BufWriter::new(file), flate2::Compression::fast());
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    let mut seconds = [0u64; 2];
    for _ in 0..lines {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let r = state >> 33;
        // Mostly the first: one stream far past the budget on its own.
        let bot = usize::from(r.is_multiple_of(5));
        seconds[bot] += (r >> 3) % 8;
        let t = seconds[bot];
        let target = if r.is_multiple_of(97) {
            format!("/search?q={}", r % 1000)
        } else {
            format!("/docs/{}", r % 5000)
        };
        writeln!(
            gz,
            "www.example.com:443 203.0.113.{} - - [{:02}/Nov/2026:{:02}:{:02}:{:02} +0000] \"GET {target} HTTP/1.1\" {} 5 \"-\" \"{}\"",
            (r >> 8) % 5,
            1 + t / 86_400,
            (t / 3600) % 24,
            (t / 60) % 60,
            t % 60,
            [200, 200, 304, 404][((r >> 12) % 4) as usize],
            bots[bot],
        )
        .unwrap();
    }
    gz.finish().unwrap().flush().unwrap();
    path
}

#[test]
fn crawl_delay_requests_past_the_budget_go_to_runs_and_the_reports_are_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let log = crawl_delay_log(dir.path(), 200_000);
    let reference = reference(dir.path(), &log);
    let violations = String::from_utf8(reference[0].clone()).unwrap();
    let delay_rows: Vec<&str> = violations
        .lines()
        .filter(|l| l.contains(",crawl-delay,"))
        .collect();
    assert!(
        delay_rows.iter().any(|l| l.contains("bingbot/2.0; +http"))
            && delay_rows.iter().any(|l| l.contains("bingbot/2.0;  http")),
        "Crawl-delay rows of both streams: {delay_rows:#?}"
    );
    // Nothing but Crawl-delay requests and a few of /search: the runs are theirs.
    spilled_as_reference(dir.path(), &log, &reference, &["1", "2"]);
}

/// Audits `log` under a 1 MiB budget with each of `threads`: it spills, and every report
/// is the unconstrained run's (`reference`), with no temporary file left.
fn spilled_as_reference(dir: &Path, log: &Path, reference: &[Vec<u8>], threads: &[&str]) {
    let tmp = dir.join("tmp");
    std::fs::create_dir(&tmp).unwrap();
    for threads in threads {
        let reports = Reports::new(dir, &format!("small-{threads}"));
        let mut args = audit_args(log, &reports, Some("1M"));
        // After "--threads".
        args[4] = threads.into();
        let o = crate::support::bin()
            .args(args)
            .env("TMPDIR", &tmp)
            .output()
            .unwrap();
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(0), "{err}");
        assert!(err.contains("sorted runs"), "it spilled: {err}");
        let got = reports.read();
        for (i, name) in Reports::NAMES.iter().enumerate() {
            assert!(
                got[i] == reference[i],
                "--threads {threads}: {name} differs from the unconstrained run's: {err}"
            );
        }
        assert_eq!(std::fs::read_dir(&tmp).unwrap().count(), 0, "files left");
    }
}

#[test]
fn runs_counted_on_one_thread_or_several_give_the_unconstrained_reports() {
    // The first pass over the runs shares them among the audit's threads, each counting into
    // tallies of its own: one, two and three threads (more threads than runs to some) must
    // add up to the summary of the run that kept everything in memory, row for row.
    let dir = tempfile::tempdir().unwrap();
    let log = long_tail_log(dir.path(), 60_000);
    let reference = reference(dir.path(), &log);
    spilled_as_reference(dir.path(), &log, &reference, &["1", "2", "3"]);
}

/// Many inputs under a low open-file limit, with `--allow-damaged --allow-empty`: complete
/// reports or exit 2, whatever could not be opened. An input that could not be opened was
/// taken for damage those options accept, and a saved robots.txt that could not be opened
/// for an unreachable site: either way exit 0 with reports short of rows.
#[test]
fn many_inputs_under_a_low_open_file_limit_are_all_read_or_the_run_fails() {
    let dir = tempfile::tempdir().unwrap();
    let logs_dir = dir.path().join("logs");
    std::fs::create_dir(&logs_dir).unwrap();
    let access = std::fs::read(testdata("access.log")).unwrap();
    let lines: Vec<&[u8]> = access.split_inclusive(|&b| b == b'\n').collect();
    let mut logs = Vec::new();
    for (i, part) in lines.chunks(100).enumerate() {
        let path = logs_dir.join(format!("part-{i:02}.log"));
        std::fs::write(&path, part.concat()).unwrap();
        logs.push(path);
    }
    assert!(logs.len() > 30);
    let args = |reports: &Reports| {
        let mut args: Vec<OsString> = logs.iter().map(|p| p.clone().into_os_string()).collect();
        args.extend(["--robots-dir".into(), testdata("robots-dir").into()]);
        for a in ["--threads", "2", "--allow-damaged", "--allow-empty", "-q"] {
            args.push(a.into());
        }
        args.extend(reports.args());
        args
    };
    let reports = Reports::new(dir.path(), "reference");
    let o = crate::support::bin().args(args(&reports)).output().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let reference = reports.read();
    let mut ended = Vec::new();
    for limit in 5..=14 {
        let reports = Reports::new(dir.path(), &format!("limit-{limit}"));
        reports.write_previous();
        let o = Command::new("sh")
            .arg("-c")
            .arg(format!("ulimit -n {limit} && exec \"$0\" \"$@\""))
            .arg(env!("CARGO_BIN_EXE_robots-audit"))
            .args(args(&reports))
            .output()
            .unwrap();
        let what = format!("ulimit -n {limit}");
        ended.push(complete_or_failed(&o, &reports, &reference, &what));
    }
    // The limits span both ends.
    assert_eq!(ended.first(), Some(&Ended::Failed), "{ended:?}");
    assert_eq!(ended.last(), Some(&Ended::Complete), "{ended:?}");
}
