//! Running the binary and comparing reports.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

pub fn bin() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_robots-audit"));
    // No user cache, no network: every audit test uses --robots-dir.
    cmd.env(
        "XDG_CACHE_HOME",
        std::env::temp_dir().join("robots-audit-test-cache"),
    );
    cmd
}

pub fn testdata(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("testdata")
        .join(rel)
}

/// Runs the binary with `args`, feeding `stdin`.
pub fn run(args: &[&std::ffi::OsStr], stdin: Option<&[u8]>) -> Output {
    let mut cmd = bin();
    cmd.args(args).stdin(if stdin.is_some() {
        Stdio::piped()
    } else {
        Stdio::null()
    });
    cmd.stdout(Stdio::piped()).stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("the binary runs");
    if let Some(data) = stdin {
        let mut pipe = child.stdin.take().expect("piped");
        pipe.write_all(data).expect("stdin accepted");
    }
    child.wait_with_output().expect("the binary finishes")
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Runs the audit on `log` with the shipped `--robots-dir` and `extra` arguments.
pub fn audit<S: AsRef<std::ffi::OsStr>>(log: &Path, extra: &[S]) -> Output {
    let robots = testdata("robots-dir");
    let mut args: Vec<&std::ffi::OsStr> =
        vec![log.as_os_str(), "--robots-dir".as_ref(), robots.as_os_str()];
    args.extend(extra.iter().map(AsRef::as_ref));
    run(&args, None)
}

/// Compares `actual` with the golden file, or rewrites it under ROBOTS_AUDIT_BLESS=1.
pub fn assert_golden(actual: &[u8], golden: &str) {
    let path = testdata(golden);
    if std::env::var_os("ROBOTS_AUDIT_BLESS").is_some() {
        std::fs::create_dir_all(path.parent().expect("golden files live in a folder")).unwrap();
        std::fs::write(&path, actual).unwrap();
        return;
    }
    let expected = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    if actual != expected.as_slice() {
        let a = String::from_utf8_lossy(actual);
        let e = String::from_utf8_lossy(&expected);
        let diff: Vec<String> = a
            .lines()
            .zip(e.lines())
            .enumerate()
            .filter(|(_, (x, y))| x != y)
            .take(5)
            .map(|(i, (x, y))| format!("line {}:\n  got      {x}\n  expected {y}", i + 1))
            .collect();
        panic!(
            "{} differs ({} vs {} lines):\n{}",
            path.display(),
            a.lines().count(),
            e.lines().count(),
            diff.join("\n")
        );
    }
}

/// A data row of a CSV report: cells by position or by column name.
#[derive(Clone, Debug)]
pub struct Rec {
    cells: csv::StringRecord,
    header: std::sync::Arc<csv::StringRecord>,
}

impl std::ops::Index<usize> for Rec {
    type Output = str;
    fn index(&self, i: usize) -> &str {
        &self.cells[i]
    }
}

impl std::ops::Index<&str> for Rec {
    type Output = str;
    fn index(&self, name: &str) -> &str {
        let i = self
            .header
            .iter()
            .position(|h| h == name)
            .unwrap_or_else(|| panic!("no column {name} in {:?}", self.header));
        &self.cells[i]
    }
}

/// The data rows of a CSV report, parsed.
pub fn rows(csv_bytes: &[u8]) -> Vec<Rec> {
    let mut reader = csv::Reader::from_reader(csv_bytes);
    let header = std::sync::Arc::new(reader.headers().expect("a header row").clone());
    reader
        .records()
        .map(|r| Rec {
            cells: r.expect("valid CSV"),
            header: header.clone(),
        })
        .collect()
}
