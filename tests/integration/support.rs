//! Running the binary and comparing reports.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The binary, as a `Command` (through `Deref`), with a cache directory of its own
/// (`XDG_CACHE_HOME`): empty, so that no user's cache and no other run's changes what a test
/// sees, and removed with this value, so that a test run leaves nothing behind. Keep it until
/// the process it starts has ended.
pub struct Bin {
    cmd: Command,
    _cache: tempfile::TempDir,
}

impl std::ops::Deref for Bin {
    type Target = Command;
    fn deref(&self) -> &Command {
        &self.cmd
    }
}

impl std::ops::DerefMut for Bin {
    fn deref_mut(&mut self) -> &mut Command {
        &mut self.cmd
    }
}

/// A cache directory for one run of the binary, removed when dropped.
pub fn test_cache() -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix("robots-audit-test-cache-")
        .tempdir()
        .expect("a temporary cache directory")
}

pub fn bin() -> Bin {
    let cache = test_cache();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_robots-audit"));
    cmd.env("XDG_CACHE_HOME", cache.path());
    Bin { cmd, _cache: cache }
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

/// Each data row's values of the columns `names`, in order.
pub fn columns(csv_bytes: &[u8], names: &[&str]) -> Vec<Vec<String>> {
    rows(csv_bytes)
        .iter()
        .map(|r| names.iter().map(|n| r[*n].to_owned()).collect())
        .collect()
}

/// A run of the binary bounded in memory (its address space, `ulimit -v`) and in time (it is
/// killed past the deadline and the test fails): the guard that a hostile input neither hangs
/// nor blows up, for tests of such inputs.
pub struct Bounded {
    child: std::process::Child,
    /// Its cache directory, removed after it (see [`Bin`]).
    _cache: tempfile::TempDir,
    deadline: std::time::Instant,
    secs: u64,
    stdout: std::thread::JoinHandle<Vec<u8>>,
    stderr: std::thread::JoinHandle<Vec<u8>>,
}

impl Bounded {
    /// Starts the binary with `args`, at most `mem_mib` MiB of address space, to be done
    /// within `secs` seconds.
    pub fn start<S: AsRef<std::ffi::OsStr>>(args: &[S], secs: u64, mem_mib: u64) -> Bounded {
        let cache = test_cache();
        let mut cmd = Command::new("sh");
        cmd.arg("-c")
            .arg(format!("ulimit -v {}; exec \"$0\" \"$@\"", mem_mib * 1024))
            .arg(env!("CARGO_BIN_EXE_robots-audit"))
            .args(args)
            .env("XDG_CACHE_HOME", cache.path())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = cmd.spawn().expect("the binary runs");
        let drain = |mut pipe: Box<dyn std::io::Read + Send>| {
            std::thread::spawn(move || {
                let mut data = Vec::new();
                let _ = pipe.read_to_end(&mut data);
                data
            })
        };
        let stdout = drain(Box::new(child.stdout.take().expect("piped")));
        let stderr = drain(Box::new(child.stderr.take().expect("piped")));
        Bounded {
            child,
            _cache: cache,
            deadline: std::time::Instant::now() + std::time::Duration::from_secs(secs),
            secs,
            stdout,
            stderr,
        }
    }

    /// Waits for it; a run past its deadline is killed and fails the test.
    pub fn wait(mut self) -> Output {
        loop {
            if let Some(status) = self.child.try_wait().expect("waits") {
                return Output {
                    status,
                    stdout: self.stdout.join().expect("stdout"),
                    stderr: self.stderr.join().expect("stderr"),
                };
            }
            if std::time::Instant::now() > self.deadline {
                let _ = self.child.kill();
                let _ = self.child.wait();
                let err = self.stderr.join().unwrap_or_default();
                panic!(
                    "still running after {} s (killed): {}",
                    self.secs,
                    String::from_utf8_lossy(&err)
                );
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
    }
}

/// [`Bounded::start`] and [`Bounded::wait`].
pub fn run_bounded<S: AsRef<std::ffi::OsStr>>(args: &[S], secs: u64, mem_mib: u64) -> Output {
    Bounded::start(args, secs, mem_mib).wait()
}

/// Makes a FIFO at `path` (mkfifo(1): the tests hold no unsafe code either).
pub fn mkfifo(path: &Path) {
    let made = Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(made.success(), "mkfifo {}", path.display());
}
