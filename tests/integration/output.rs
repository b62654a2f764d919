//! Where reports go: cells safe from hostile log bytes, files created and replaced as a user
//! expects (mode, links, errors, debris of killed runs).

use std::ffi::OsStr;
use std::fs;
use std::os::unix::fs::{PermissionsExt, symlink};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, SystemTime};

use crate::support::{audit, bin, rows, stderr, testdata};

/// A violation whose User-Agent and path carry an escape sequence, NUL, a right-to-left
/// override, invalid UTF-8 and a C1 CSI byte.
fn hostile_log(dir: &Path) -> PathBuf {
    let log = dir.join("evil.log");
    fs::write(
        &log,
        b"www.example.com:443 203.0.113.5 - - [20/Nov/2026:10:00:00 +0000] \
          \"GET /admin/\x1b[2Jx HTTP/1.1\" 200 5 \"-\" \
          \"GPTBot/1.2 \xe2\x80\xaeevil\x00 \xff\x9b\"\n",
    )
    .unwrap();
    log
}

fn mode(path: &Path) -> u32 {
    fs::metadata(path).unwrap().permissions().mode() & 0o7777
}

fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

/// The binary under `sh -c 'PRELUDE; exec robots-audit ARGS'`.
fn under_sh(prelude: &str, args: &[&OsStr]) -> std::process::Output {
    let base = bin();
    let mut cmd = Command::new("sh");
    cmd.arg("-c")
        .arg(format!("{prelude}\nexec \"$0\" \"$@\""))
        .arg(base.get_program())
        .args(args)
        .stdin(Stdio::null());
    for (key, value) in base.get_envs() {
        if let Some(value) = value {
            cmd.env(key, value);
        }
    }
    cmd.output().unwrap()
}

#[test]
fn hostile_log_bytes_reach_no_cell_raw() {
    let dir = tempfile::tempdir().unwrap();
    let o = audit(&hostile_log(dir.path()), &[] as &[&str]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let raw: Vec<u8> = o
        .stdout
        .iter()
        .copied()
        .filter(|&b| b < 0x20 && b != b'\n' || b == 0x7f)
        .collect();
    assert!(raw.is_empty(), "raw control bytes {raw:?} in the report");
    let text = String::from_utf8(o.stdout).expect("the report is UTF-8");
    let report = rows(text.as_bytes());
    let row = &report[0];
    assert_eq!(&row[3], "GPTBot/1.2 \u{202e}evil%00 %FF%9B", "user_agent");
    assert_eq!(&row[5], "/admin/%1B[2Jx", "path");
}

#[test]
fn a_report_on_a_terminal_shows_invisible_characters_encoded() {
    let dir = tempfile::tempdir().unwrap();
    let log = hostile_log(dir.path());
    let exe = bin().get_program().to_owned();
    // `script` runs the binary with a pseudo-terminal as its standard output (standard
    // error, with its progress bars, goes elsewhere).
    let o = Command::new("script")
        .arg("-qec")
        .arg(format!(
            "'{}' '{}' --robots-dir '{}' 2>/dev/null",
            Path::new(&exe).display(),
            log.display(),
            testdata("robots-dir").display()
        ))
        .arg("/dev/null")
        .envs(bin().get_envs().filter_map(|(k, v)| Some((k, v?))))
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{text}");
    assert!(
        text.contains("GPTBot/1.2 %E2%80%AEevil%00 %FF%9B"),
        "{text:?}"
    );
    assert!(
        !text.contains('\u{202e}') && !text.contains('\u{1b}'),
        "{text:?}"
    );
}

#[test]
fn a_full_disk_on_the_summary_names_the_summary_and_writes_no_report() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r.csv");
    let o = audit(
        &testdata("access.log"),
        &[
            OsStr::new("--out"),
            out.as_os_str(),
            OsStr::new("--summary"),
            OsStr::new("/dev/full"),
        ],
    );
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.contains("cannot write report /dev/full: "), "{err}");
    assert!(!err.contains("standard output"), "{err}");
    assert!(names(dir.path()).is_empty(), "{:?}", names(dir.path()));
}

#[test]
fn a_failed_write_names_the_report_and_keeps_the_old_one() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r.csv");
    fs::write(&out, "previous report\n").unwrap();
    let log = testdata("access.log");
    let robots = testdata("robots-dir");
    // Writes past 10 blocks fail with EFBIG as on a full disk (SIGXFSZ ignored so that it
    // does not kill); the report is larger than that.
    let o = under_sh(
        "trap '' XFSZ; ulimit -f 10",
        &[
            log.as_os_str(),
            OsStr::new("--robots-dir"),
            robots.as_os_str(),
            OsStr::new("--out"),
            out.as_os_str(),
        ],
    );
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let err = stderr(&o);
    let efbig = std::io::Error::from_raw_os_error(27);
    assert!(
        err.contains(&format!("cannot write report {}: {efbig}", out.display())),
        "{err}"
    );
    assert!(
        !err.contains(".r.csv."),
        "the temporary file is not named: {err}"
    );
    assert_eq!(fs::read_to_string(&out).unwrap(), "previous report\n");
    assert_eq!(names(dir.path()), ["r.csv"]);
}

#[test]
fn new_reports_honour_the_umask_and_replaced_ones_keep_their_mode() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("new.csv");
    let summary = dir.path().join("summary.csv");
    fs::write(&summary, "old\n").unwrap();
    fs::set_permissions(&summary, fs::Permissions::from_mode(0o604)).unwrap();
    let log = testdata("access.log");
    let robots = testdata("robots-dir");
    for (umask, new_mode) in [("022", 0o644), ("027", 0o640)] {
        let _ = fs::remove_file(&out);
        let o = under_sh(
            &format!("umask {umask}"),
            &[
                log.as_os_str(),
                OsStr::new("--robots-dir"),
                robots.as_os_str(),
                OsStr::new("--out"),
                out.as_os_str(),
                OsStr::new("--summary"),
                summary.as_os_str(),
            ],
        );
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        assert_eq!(mode(&out), new_mode, "umask {umask}");
        assert_eq!(mode(&summary), 0o604, "the replaced report keeps its mode");
        assert_ne!(fs::read_to_string(&summary).unwrap(), "old\n");
    }
}

#[test]
fn out_through_a_symlink_replaces_the_file_it_points_to() {
    let dir = tempfile::tempdir().unwrap();
    let reports = dir.path().join("reports");
    fs::create_dir(&reports).unwrap();
    let target = reports.join("2026-11-20.csv");
    fs::write(&target, "stale\n").unwrap();
    let link = dir.path().join("latest.csv");
    symlink("reports/2026-11-20.csv", &link).unwrap();
    let o = audit(
        &testdata("access.log"),
        &[OsStr::new("--out"), link.as_os_str()],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(
        fs::read(&target).unwrap(),
        fs::read(testdata("expected/violations.csv")).unwrap()
    );
    assert_eq!(names(dir.path()), ["latest.csv", "reports"]);
    assert_eq!(names(&reports), ["2026-11-20.csv"]);
}

#[test]
fn a_killed_run_leaves_a_temporary_file_that_the_next_run_removes() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r.csv");
    // A run reading a pipe that never ends: its report's temporary file is open.
    let mut cmd = bin();
    let mut run = cmd
        .args(["-", "--robots-dir"])
        .arg(testdata("robots-dir"))
        .arg("--out")
        .arg(&out)
        .arg("--quiet")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    let temp = loop {
        if let Some(name) = names(dir.path()).into_iter().next() {
            break dir.path().join(name);
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "no temporary file"
        );
        std::thread::sleep(Duration::from_millis(10));
    };
    let name = temp.file_name().unwrap().to_string_lossy().into_owned();
    assert!(
        name.starts_with(&format!(".r.csv.robots-audit.{}.", run.id())) && name.ends_with(".tmp"),
        "{name}"
    );
    // A run that is alive keeps its file, however old it looks.
    let f = fs::File::options().write(true).open(&temp).unwrap();
    f.set_modified(SystemTime::now() - Duration::from_secs(3600))
        .unwrap();
    let o = audit(
        &testdata("access.log"),
        &[OsStr::new("--out"), out.as_os_str()],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(temp.exists(), "a live run's file was removed");

    run.kill().unwrap(); // SIGKILL: nothing is cleaned up
    run.wait().unwrap();
    assert!(temp.exists());
    let o = audit(
        &testdata("access.log"),
        &[OsStr::new("--out"), out.as_os_str()],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(names(dir.path()), ["r.csv"], "the dead run's file is gone");
}

#[test]
fn a_terminated_run_removes_its_temporary_files_and_keeps_the_old_report() {
    use std::os::unix::process::ExitStatusExt;
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r.csv");
    let summary = dir.path().join("s.csv");
    fs::write(&out, "previous report\n").unwrap();
    for signal in ["-TERM", "-INT"] {
        let mut cmd = bin();
        let mut run = cmd
            .args(["-", "--robots-dir"])
            .arg(testdata("robots-dir"))
            .arg("--out")
            .arg(&out)
            .arg("--summary")
            .arg(&summary)
            .arg("--quiet")
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let start = std::time::Instant::now();
        while names(dir.path()).len() < 3 {
            assert!(
                start.elapsed() < Duration::from_secs(30),
                "no temporary files"
            );
            std::thread::sleep(Duration::from_millis(10));
        }
        // Held open until the end: `wait` would close the pipe, and the run, reading its end
        // before the signal is handled, would finish on its own.
        let _stdin = run.stdin.take();
        let killed = Command::new("kill")
            .arg(signal)
            .arg(run.id().to_string())
            .status()
            .unwrap();
        assert!(killed.success());
        let status = run.wait().unwrap();
        let number = if signal == "-TERM" { 15 } else { 2 };
        assert_eq!(
            status.signal(),
            Some(number),
            "ended by the signal: {status:?}"
        );
        assert_eq!(names(dir.path()), ["r.csv"], "{signal}: no debris");
        assert_eq!(fs::read_to_string(&out).unwrap(), "previous report\n");
    }
}

#[test]
fn reports_never_overwrite_an_input_or_each_other() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("access.log");
    fs::copy(testdata("access.log"), &log).unwrap();
    let original = fs::read(&log).unwrap();
    let report = dir.path().join("r.csv");
    fs::write(&report, "previous report\n").unwrap();
    let link = dir.path().join("link-to-log");
    symlink(&log, &link).unwrap();
    let respelled = dir.path().join(".").join("access.log");
    let cases: Vec<(Vec<&OsStr>, &str)> = vec![
        // --out naming the log, by another spelling and through a link.
        (vec!["--out".as_ref(), link.as_os_str()], "--out"),
        (vec!["--out".as_ref(), respelled.as_os_str()], "--out"),
        // Two reports on one file.
        (
            vec![
                "--out".as_ref(),
                report.as_os_str(),
                "--summary".as_ref(),
                report.as_os_str(),
            ],
            "--summary",
        ),
    ];
    for (extra, option) in cases {
        let o = audit(&log, &extra);
        assert_eq!(o.status.code(), Some(2), "{extra:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(option), "{}", stderr(&o));
        assert_eq!(fs::read(&log).unwrap(), original, "the log is untouched");
        assert_eq!(fs::read_to_string(&report).unwrap(), "previous report\n");
    }
    // A directory given as a log: refused before anything is written.
    let o = audit(dir.path(), &[OsStr::new("--out"), report.as_os_str()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("directory"), "{}", stderr(&o));
    assert_eq!(fs::read_to_string(&report).unwrap(), "previous report\n");
    assert_eq!(names(dir.path()), ["access.log", "link-to-log", "r.csv"]);
}

/// `-` as a report's file is standard output, for `--out` as for the others, and never a
/// file named `-`; two reports there are refused before anything is written.
#[test]
fn a_dash_is_standard_output_for_one_report() {
    let dir = tempfile::tempdir().unwrap();
    let log = testdata("access.log");
    let robots = testdata("robots-dir");
    let run_in = |extra: &[&OsStr]| {
        let mut cmd = bin();
        cmd.current_dir(dir.path())
            .arg(&log)
            .arg("--robots-dir")
            .arg(&robots)
            .args(extra)
            .stdin(Stdio::null());
        cmd.output().unwrap()
    };
    let (violations, summary) = (dir.path().join("v.csv"), dir.path().join("s.csv"));
    let o = run_in(&[
        "--out".as_ref(),
        violations.as_os_str(),
        "--summary".as_ref(),
        summary.as_os_str(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let (want_violations, want_summary) =
        (fs::read(&violations).unwrap(), fs::read(&summary).unwrap());
    assert!(rows(&want_violations).len() > 1 && rows(&want_summary).len() > 1);
    fs::remove_file(&violations).unwrap();
    fs::remove_file(&summary).unwrap();

    let o = run_in(&["--out".as_ref(), "-".as_ref()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(o.stdout, want_violations);
    let o = run_in(&[
        "-o".as_ref(),
        violations.as_os_str(),
        "--summary".as_ref(),
        "-".as_ref(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(o.stdout, want_summary);
    assert_eq!(fs::read(&violations).unwrap(), want_violations);
    assert_eq!(names(dir.path()), ["v.csv"], "no file named -");

    fs::write(&violations, "previous report\n").unwrap();
    for (extra, said) in [
        (
            vec!["--summary", "-"],
            "the violations report (no --out) and --summary - both go to standard output",
        ),
        (
            vec!["--out", "-", "--hosts", "-"],
            "--out - and --hosts - both go to standard output",
        ),
        (
            vec!["--html", "-", "--out", "v.csv", "--inputs", "-"],
            "--inputs - and --html - both go to standard output",
        ),
    ] {
        let extra: Vec<&OsStr> = extra.iter().map(OsStr::new).collect();
        let o = run_in(&extra);
        assert_eq!(o.status.code(), Some(2), "{extra:?}");
        assert!(stderr(&o).contains(said), "{extra:?}: {}", stderr(&o));
        assert!(o.stdout.is_empty(), "{extra:?}: nothing written");
        assert_eq!(names(dir.path()), ["v.csv"], "{extra:?}");
        assert_eq!(
            fs::read_to_string(&violations).unwrap(),
            "previous report\n"
        );
    }
}

/// A report whose path is standard output itself (`/dev/stdout`, or the file standard output
/// is redirected to) counts as on standard output: beside another report there, both are
/// refused, where they were mixed (or one written into a file the other then replaced).
/// The null device keeps nothing, so any number of reports may go there.
#[test]
fn a_path_that_is_standard_output_counts_as_standard_output() {
    let dir = tempfile::tempdir().unwrap();
    let log = testdata("access.log");
    let robots = testdata("robots-dir");
    let run_to = |stdout: Stdio, extra: &[&str]| {
        let mut cmd = bin();
        cmd.current_dir(dir.path())
            .arg(&log)
            .arg("--robots-dir")
            .arg(&robots)
            .args(extra)
            .stdin(Stdio::null())
            .stdout(stdout);
        cmd.output().unwrap()
    };
    let alone = run_to(Stdio::piped(), &["--out", "/dev/stdout"]);
    assert_eq!(alone.status.code(), Some(0), "{}", stderr(&alone));
    assert!(rows(&alone.stdout).len() > 1);
    for (extra, said) in [
        (
            vec!["--out", "/dev/stdout", "--summary", "-"],
            "--out /dev/stdout (standard output itself) and --summary - both go to standard output",
        ),
        (
            vec!["--summary", "/dev/stdout"],
            "the violations report (no --out) and --summary /dev/stdout (standard output itself)",
        ),
    ] {
        let o = run_to(Stdio::piped(), &extra);
        assert_eq!(o.status.code(), Some(2), "{extra:?}");
        assert!(stderr(&o).contains(said), "{extra:?}: {}", stderr(&o));
        assert!(o.stdout.is_empty(), "{extra:?}: nothing written");
    }

    // Standard output redirected to the file `--out` names: the summary would have gone into
    // the old report's file, unlinked by the new one's rename.
    let report = dir.path().join("all.csv");
    fs::write(&report, "previous report\n").unwrap();
    let redirected = fs::OpenOptions::new().append(true).open(&report).unwrap();
    let o = run_to(
        redirected.into(),
        &["--out", report.to_str().unwrap(), "--summary", "-"],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("(standard output itself) and --summary - both go to standard output"),
        "{}",
        stderr(&o)
    );
    assert_eq!(fs::read_to_string(&report).unwrap(), "previous report\n");
    assert_eq!(names(dir.path()), ["all.csv"]);

    // Into the null device, both: nothing is mixed where nothing is kept.
    let o = run_to(Stdio::null(), &["--out", "/dev/null", "--summary", "-"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

/// A log of `copies` copies of the shipped one, each with its own query on every path: a
/// violations report of many rows, far more than a pipe holds.
fn many_rows_log(dir: &Path, copies: usize) -> PathBuf {
    let access = fs::read(testdata("access.log")).unwrap();
    let mut log = Vec::new();
    for i in 0..copies {
        let tag = format!("?copy={i} HTTP/1.1\"");
        for line in access.split_inclusive(|&b| b == b'\n') {
            let text = String::from_utf8_lossy(line).replace(" HTTP/1.1\"", &tag);
            log.extend_from_slice(text.as_bytes());
        }
    }
    let path = dir.join("many.log");
    fs::write(&path, log).unwrap();
    path
}

/// The report on standard output read in part (`| head`): a quiet exit 0 when it was all the
/// run had to give; an error, with the other reports kept, when the run also wrote reports to
/// files or had a verdict to give by its exit status.
#[test]
fn a_reader_of_standard_output_that_goes_away_loses_nothing_else_silently() {
    use std::io::Read;
    let dir = tempfile::tempdir().unwrap();
    let log = many_rows_log(dir.path(), 30);
    let summary = dir.path().join("summary.csv");
    let robots = testdata("robots-dir");
    let run = |extra: &[&OsStr]| {
        fs::write(&summary, "the previous summary\n").unwrap();
        let mut child = bin()
            .arg(&log)
            .arg("--robots-dir")
            .arg(&robots)
            .arg("-q")
            .args(extra)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut head = [0u8; 100];
        child.stdout.take().unwrap().read_exact(&mut head).unwrap();
        // The read end is closed here, as `head -c 100` closes it.
        let o = child.wait_with_output().unwrap();
        (o, fs::read_to_string(&summary).unwrap())
    };
    // Standard output named by its path (`-o /dev/stdout`, as `-o -`) is no file left
    // unreplaced: a review found exit 2 there where `-o -` gave 0.
    for extra in [
        &[][..],
        &["-o".as_ref(), "-".as_ref()][..],
        &["-o".as_ref(), "/dev/stdout".as_ref()][..],
    ] {
        let (o, kept) = run(extra);
        assert_eq!(o.status.code(), Some(0), "{extra:?}: {}", stderr(&o));
        assert!(!stderr(&o).contains("error"), "{}", stderr(&o));
        assert_eq!(kept, "the previous summary\n");
    }
    for extra in [
        &["--summary".as_ref(), summary.as_os_str()][..],
        &["--fail-on-violations".as_ref()][..],
    ] {
        let (o, kept) = run(extra);
        assert_eq!(o.status.code(), Some(2), "{extra:?}: {}", stderr(&o));
        assert!(
            stderr(&o).contains("standard output was closed before its report was complete"),
            "{}",
            stderr(&o)
        );
        assert_eq!(kept, "the previous summary\n", "{extra:?}");
    }
}

/// The report on standard output appended to a log of the run (`>> access.log`) is refused
/// before anything is read or written.
#[test]
fn standard_output_appending_to_a_log_of_the_run_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("access.log");
    fs::copy(testdata("access.log"), &log).unwrap();
    let before = fs::read(&log).unwrap();
    let appended = fs::OpenOptions::new().append(true).open(&log).unwrap();
    let o = bin()
        .arg(&log)
        .arg("--robots-dir")
        .arg(testdata("robots-dir"))
        .arg("-q")
        .stdin(Stdio::null())
        .stdout(appended)
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("goes to standard output, which is the input"),
        "{}",
        stderr(&o)
    );
    assert_eq!(fs::read(&log).unwrap(), before, "the log is as it was");
}
