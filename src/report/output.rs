//! Where a report goes: a file replaced atomically, a special file written directly, or
//! standard output.
//!
//! A regular-file target is written to a temporary file in the same directory and renamed
//! over the target only after everything was written and synced, so a full disk, a failed
//! write or a killed process leaves the previous report in place
//! (docs/reports.md, "Atomic replacement": "A report file is replaced only by a complete new
//! report"). A large report is synced in steps while it is written (`writeback.rs`), so
//! that last sync has little left to do. The reports of a run are committed together
//! ([`Output::commit_all`]): all synced, side by side, before any is renamed, so one that
//! cannot be written whole leaves every old report in place. A target that exists and is
//! not a regular file (a FIFO, a device, `/dev/stdout`, anything reached through
//! `/proc/*/fd` or `/dev/fd`) cannot be renamed over and is written directly.
//!
//! - **Symbolic links** are followed: the file at the end of the chain is replaced, with its
//!   temporary file in that file's directory, and the link stays a link (a dangling link gets
//!   its target created, as the shell's `>` would).
//! - **Mode**: a new report is created `0666` less the umask, as any file the user creates; a
//!   replaced report keeps its permission bits (`0o777`; set-id bits are not carried over)
//!   and, where the user may set it, its group.
//! - **Temporary files** are named `.<report>.robots-audit.<pid>.<n>.tmp` and hold an
//!   exclusive `flock` while their run is alive. Before a report is written, temporary files
//!   of that report left by runs that died (`kill -9`, a crash, a power cut) are removed: a
//!   file is left over when nobody holds its lock and it is older than a minute (the lock,
//!   not the pid, because pids are reused and a directory may be shared by machines over
//!   NFS, where `flock` is forwarded to the server; the minute covers the instant between a
//!   live run's creating its file and locking it). Files that cannot be locked (a file
//!   system without locks, another user's file) are never removed.
//! - **Signals**: once [`crate::tempfiles::remove_on_signal`] was called, SIGINT and SIGTERM
//!   remove every temporary file still open, then end the process by the same signal.
//! - **Terminal**: a report written to a terminal (standard output, or `--out /dev/tty`) goes
//!   through [`TerminalWriter`], so bidi and invisible characters that a file keeps are shown
//!   as `%XX` there too.

use std::ffi::{OsStr, OsString};
use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter, IsTerminal, Write};
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::os::unix::fs::{MetadataExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};

use super::ReportError;
use super::writeback::Writeback;
use crate::tempfiles::{live, lock_if_abandoned};
use crate::text::TerminalWriter;

/// Buffer between the CSV writer and the file.
const BUFFER: usize = 1 << 16;
/// Symbolic links followed to find a report's file (Linux's own limit, `ELOOP`).
const MAX_LINKS: usize = 40;
/// Marks the temporary files of this program: `.<report>.robots-audit.<pid>.<n>.tmp`.
const TEMP_TAG: &str = "robots-audit";
/// Bytes of the report's name kept in a temporary file's name (a name is at most 255).
const TEMP_NAME_KEPT: usize = 200;

/// Numbers the temporary files of this process.
static NEXT_TEMP: AtomicU64 = AtomicU64::new(0);

/// An open report destination. Call [`Output::commit`] once everything is written; dropping it
/// without committing removes the temporary file and leaves the old report untouched.
pub struct Output {
    /// The report as the user named it (`-` for standard output): what errors name.
    name: String,
    target: Target,
}

enum Target {
    Atomic(Temp),
    Direct(Sink<File>),
    Stdout(Sink<io::Stdout>),
}

/// A direct destination, made safe when it is a terminal.
enum Sink<W: Write> {
    Plain(BufWriter<W>),
    Terminal(TerminalWriter<BufWriter<W>>),
}

impl<W: Write> Sink<W> {
    fn new(w: W, terminal: bool) -> Sink<W> {
        let w = BufWriter::with_capacity(BUFFER, w);
        if terminal {
            Sink::Terminal(TerminalWriter::new(w))
        } else {
            Sink::Plain(w)
        }
    }

    fn finish(self) -> io::Result<()> {
        match self {
            Sink::Plain(mut w) => w.flush(),
            Sink::Terminal(w) => w.finish().map(drop),
        }
    }
}

impl<W: Write> Write for Sink<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Sink::Plain(w) => w.write(buf),
            Sink::Terminal(w) => w.write(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Sink::Plain(w) => w.flush(),
            Sink::Terminal(w) => w.flush(),
        }
    }
}

/// A temporary file that becomes the report at `dest` on [`Temp::sync`] then
/// [`Temp::rename`], and is removed if dropped before.
struct Temp {
    file: Option<BufWriter<File>>,
    path: PathBuf,
    dest: PathBuf,
    /// A large report goes to disk while it is written (`writeback.rs`).
    writeback: Writeback,
}

impl Temp {
    /// Creates the temporary file for `dest` (not a symbolic link) beside it, with the mode
    /// `dest` has, or `0666` less the umask for a new report.
    fn create(dest: &Path) -> io::Result<Temp> {
        let dir = parent_or_dot(dest);
        let name = dest.file_name().unwrap_or(OsStr::new("report"));
        let old = match fs::metadata(dest) {
            Ok(m) => Some(m),
            Err(e) if e.kind() == io::ErrorKind::NotFound => None,
            Err(e) => return Err(e),
        };
        let pid = std::process::id();
        // Creating and listing happen under the lock, so a signal handler never misses a file.
        let mut live = live();
        let (file, path) = loop {
            let n = NEXT_TEMP.fetch_add(1, Ordering::Relaxed);
            let path = dir.join(temp_name(name, pid, n));
            match OpenOptions::new()
                .write(true)
                .create_new(true)
                .mode(0o666)
                .open(&path)
            {
                Ok(file) => break (file, path),
                // Left by an earlier run with the same pid and still alive or too young.
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists && n < 1000 => continue,
                Err(e) => return Err(e),
            }
        };
        live.push(path.clone());
        drop(live);
        // From here on, dropping `temp` on an error removes the file.
        let mut temp = Temp {
            file: Some(BufWriter::with_capacity(BUFFER, file)),
            path,
            dest: dest.to_path_buf(),
            writeback: Writeback::default(),
        };
        let file = temp.writer().get_ref();
        // The lock tells other runs this file is alive; a file system without locks only
        // means nobody will clean this file up should the run die.
        let _ = file.try_lock();
        if let Some(old) = old {
            // Where the user may (owner, and a member of the group); else the group stays ours.
            let _ = std::os::unix::fs::fchown(file, None, Some(old.gid()));
            file.set_permissions(fs::Permissions::from_mode(old.mode() & 0o777))?;
        }
        Ok(temp)
    }

    fn writer(&mut self) -> &mut BufWriter<File> {
        self.file
            .as_mut()
            .expect("the file is taken only by sync, after which nothing is written")
    }

    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let w = self
            .file
            .as_mut()
            .expect("the file is taken only by sync, after which nothing is written");
        let n = w.write(buf)?;
        self.writeback.wrote(n, w.get_ref());
        Ok(n)
    }

    /// Flushes and syncs the file: the report is on disk whole, under its temporary name
    /// (still removed if dropped).
    fn sync(&mut self) -> io::Result<()> {
        let file = self
            .file
            .take()
            .expect("synced once: Output::sync consumes its Output");
        let file = file.into_inner().map_err(io::IntoInnerError::into_error)?;
        // The early syncs' errors are the report's; then the last sync writes the rest.
        self.writeback.finish()?;
        file.sync_all()
    }

    /// Renames the synced file over `dest`, and takes it off `live`, the list of temporary
    /// paths the caller holds (see [`Output::commit_all`]). Once renamed it is the report:
    /// dropping it removes nothing. The rename is durable once `dest`'s directory is synced
    /// ([`sync_dir`]).
    fn rename(&mut self, live: &mut Vec<PathBuf>) -> io::Result<()> {
        fs::rename(&self.path, &self.dest)?;
        live.retain(|p| p != &self.path);
        self.path = PathBuf::new();
        Ok(())
    }
}

/// Syncs a directory, so that a rename in it is durable. Not every file system can sync a
/// directory, and the report is complete either way: nothing to report.
fn sync_dir(dir: &Path) {
    if let Ok(dir) = File::open(dir) {
        let _ = dir.sync_all();
    }
}

impl Drop for Temp {
    fn drop(&mut self) {
        if self.path.as_os_str().is_empty() {
            return; // renamed into place
        }
        let mut live = live();
        let _ = fs::remove_file(&self.path);
        live.retain(|p| p != &self.path);
    }
}

/// `.<report>.robots-audit.<pid>.<n>.tmp`, with at most [`TEMP_NAME_KEPT`] bytes of the
/// report's name.
fn temp_name(report: &OsStr, pid: u32, n: u64) -> OsString {
    let kept = &report.as_bytes()[..report.len().min(TEMP_NAME_KEPT)];
    let mut name = Vec::with_capacity(kept.len() + 48);
    name.push(b'.');
    name.extend_from_slice(kept);
    name.extend_from_slice(format!(".{TEMP_TAG}.{pid}.{n}.tmp").as_bytes());
    OsString::from_vec(name)
}

/// Whether `file` is the name of a temporary file of the report `report`.
fn is_temp_of(file: &OsStr, report: &OsStr) -> bool {
    let kept = &report.as_bytes()[..report.len().min(TEMP_NAME_KEPT)];
    let Some(rest) = file.as_bytes().strip_prefix(b".") else {
        return false;
    };
    let Some(rest) = rest.strip_prefix(kept) else {
        return false;
    };
    let Some(rest) = rest
        .strip_prefix(b".")
        .and_then(|r| r.strip_prefix(TEMP_TAG.as_bytes()))
        .and_then(|r| r.strip_prefix(b"."))
        .and_then(|r| r.strip_suffix(b".tmp"))
    else {
        return false;
    };
    let mut parts = rest.split(|&b| b == b'.');
    let number =
        |p: Option<&[u8]>| p.is_some_and(|p| !p.is_empty() && p.iter().all(u8::is_ascii_digit));
    number(parts.next()) && number(parts.next()) && parts.next().is_none()
}

/// Removes the temporary files of `dest` that runs which died left behind (see the module
/// documentation for how a dead run's file is told from a live one's). Best effort: what
/// cannot be read or removed stays.
fn remove_stale_temps(dest: &Path) {
    let Some(report) = dest.file_name() else {
        return;
    };
    let Ok(entries) = fs::read_dir(parent_or_dot(dest)) else {
        return;
    };
    for entry in entries.flatten() {
        if !is_temp_of(&entry.file_name(), report) {
            continue;
        }
        let path = entry.path();
        // Removed while its lock is held, so no other cleanup takes it meanwhile.
        if let Some(_lock) = lock_if_abandoned(&path, false) {
            let _ = fs::remove_file(&path);
        }
    }
}

/// Where a report's bytes go.
enum Place {
    /// Replace this file (the end of any symbolic links; it may not exist yet).
    Replace(PathBuf),
    /// Write into the existing file directly; `regular` when it is a regular file reached
    /// through a file descriptor link (`/dev/stdout` redirected to a file).
    Direct { regular: bool },
}

/// Paths that name an open file descriptor rather than a file: never replaced.
fn is_descriptor_link(path: &Path) -> bool {
    path.starts_with("/proc") || path.starts_with("/dev/fd")
}

fn place(path: &Path) -> io::Result<Place> {
    match fs::metadata(path) {
        Ok(m) if !m.is_file() => return Ok(Place::Direct { regular: false }),
        Ok(_) => {}
        Err(e) if e.kind() == io::ErrorKind::NotFound => {}
        Err(e) => return Err(e),
    }
    Ok(match resolve_links(path)? {
        Some(end) => Place::Replace(end),
        None => Place::Direct { regular: true },
    })
}

/// The end of the chain of symbolic links starting at `path` (`path` itself if it is not a
/// link); `None` when the chain passes through a file descriptor link (`/dev/stdout`).
pub(super) fn resolve_links(path: &Path) -> io::Result<Option<PathBuf>> {
    let mut at = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        if is_descriptor_link(&at) {
            return Ok(None);
        }
        match fs::symlink_metadata(&at) {
            Ok(m) if m.file_type().is_symlink() => {
                let to = fs::read_link(&at)?;
                at = match at.parent() {
                    Some(dir) if to.is_relative() => dir.join(to),
                    _ => to,
                };
            }
            Ok(_) => return Ok(Some(at)),
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Some(at)),
            Err(e) => return Err(e),
        }
    }
    Err(rustix::io::Errno::LOOP.into())
}

/// The directory a file is in (`.` for a bare name).
pub(super) fn parent_or_dot(path: &Path) -> &Path {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

impl Output {
    /// Opens `path` for a new report: atomic replacement for a regular file or a new one
    /// (through symbolic links), direct writing for anything else. Removes the temporary
    /// files earlier runs left for this report.
    pub fn create(path: &Path) -> Result<Output, ReportError> {
        let err = |source| ReportError::Write {
            path: path.to_path_buf(),
            source,
        };
        let target = match place(path).map_err(err)? {
            Place::Direct { regular } => {
                // Appending to a regular file behind a descriptor: the shell's `>` emptied
                // it and `>>` asked for the end; writing from offset 0 would overwrite.
                let file = OpenOptions::new()
                    .write(true)
                    .append(regular)
                    .open(path)
                    .map_err(err)?;
                let terminal = file.is_terminal();
                Target::Direct(Sink::new(file, terminal))
            }
            Place::Replace(dest) => {
                remove_stale_temps(&dest);
                Target::Atomic(Temp::create(&dest).map_err(err)?)
            }
        };
        Ok(Output {
            name: path.display().to_string(),
            target,
        })
    }

    /// Standard output (no atomicity possible); a terminal gets [`TerminalWriter`]'s escapes.
    pub fn stdout() -> Output {
        let terminal = io::stdout().is_terminal();
        Output {
            name: "-".to_string(),
            target: Target::Stdout(Sink::new(io::stdout(), terminal)),
        }
    }

    /// The report as the user named it, or `-` for standard output (for messages, and for
    /// [`ReportError::named`]).
    pub fn name(&self) -> String {
        self.name.clone()
    }

    /// Flushes, syncs and (for a regular file) renames the complete report into place.
    pub fn commit(self) -> Result<(), ReportError> {
        Output::commit_all(vec![self])
    }

    /// Commits several reports together: each flushed and synced (on threads of their own
    /// when there are several: their syncs overlap), then, only once every one of them is on
    /// disk, each renamed into place and each directory synced once. A write or sync that
    /// fails (a full disk, an I/O error: where such errors come) leaves every previous report
    /// in place, not some replaced and some not; the error is the first report's, in the
    /// order given. (A rename that fails after others succeeded cannot be undone; in a
    /// directory where the temporary file was just created, it has no cause left but the
    /// directory's being changed meanwhile.)
    pub fn commit_all(outputs: Vec<Output>) -> Result<(), ReportError> {
        let synced: Vec<Result<Synced, ReportError>> = if outputs.len() > 1 {
            // Each report in a slot its thread takes it from: a thread that cannot start
            // leaves it there, for this one.
            let slots: Vec<Mutex<Option<Output>>> =
                outputs.into_iter().map(|o| Mutex::new(Some(o))).collect();
            let take = |slot: &Mutex<Option<Output>>| {
                slot.lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .take()
                    .expect("each report is taken once")
            };
            std::thread::scope(|scope| {
                let handles: Vec<_> = slots
                    .iter()
                    .map(|slot| {
                        std::thread::Builder::new()
                            .name("robots-audit-sync".into())
                            .spawn_scoped(scope, move || take(slot).sync())
                            .ok()
                    })
                    .collect();
                slots
                    .iter()
                    .zip(handles)
                    .map(|(slot, handle)| match handle {
                        Some(h) => h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)),
                        None => take(slot).sync(),
                    })
                    .collect()
            })
        } else {
            outputs.into_iter().map(Output::sync).collect()
        };
        // All or nothing: on the first failure every synced temporary file is dropped
        // (removed) with the rest.
        let mut synced = synced.into_iter().collect::<Result<Vec<Synced>, _>>()?;
        let mut dirs: Vec<PathBuf> = Vec::new();
        let placed: Result<(), ReportError> = {
            // Every rename under one hold of the list of temporary paths: a signal arriving
            // meanwhile waits until all are in place (then finds none of them to remove),
            // so an interrupt never leaves some reports new and others old. A file not
            // renamed is removed when `synced` is dropped, after the list is let go.
            let mut live = live();
            synced.iter_mut().try_for_each(|s| {
                if let Some(dir) = s.place(&mut live)?
                    && !dirs.contains(&dir)
                {
                    dirs.push(dir);
                }
                Ok(())
            })
        };
        drop(synced);
        placed?;
        for dir in &dirs {
            sync_dir(dir);
        }
        Ok(())
    }

    /// Flushes and syncs the report; nothing is replaced yet.
    fn sync(self) -> Result<Synced, ReportError> {
        let Output { name, target } = self;
        let err = |source| ReportError::Write {
            path: PathBuf::from(&name),
            source,
        };
        let target = match target {
            Target::Atomic(mut temp) => match temp.sync() {
                Ok(()) => Some(temp),
                Err(e) => return Err(err(e)),
            },
            Target::Direct(sink) => {
                sink.finish().map_err(err)?;
                None
            }
            Target::Stdout(sink) => {
                sink.finish().map_err(ReportError::Stdout)?;
                None
            }
        };
        Ok(Synced { name, temp: target })
    }
}

/// A report flushed and synced under its temporary name (a file to rename), or written
/// where it goes (a special file, standard output). Dropped, its temporary file is removed.
struct Synced {
    name: String,
    temp: Option<Temp>,
}

impl Synced {
    /// Renames the report into place (`live`: the list of temporary paths, held by the
    /// caller); gives the directory to sync for it, if any.
    fn place(&mut self, live: &mut Vec<PathBuf>) -> Result<Option<PathBuf>, ReportError> {
        let Some(temp) = &mut self.temp else {
            return Ok(None);
        };
        temp.rename(live).map_err(|source| ReportError::Write {
            path: PathBuf::from(&self.name),
            source,
        })?;
        Ok(Some(parent_or_dot(&temp.dest).to_path_buf()))
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match &mut self.target {
            Target::Atomic(temp) => temp.write(buf),
            Target::Direct(sink) => sink.write(buf),
            Target::Stdout(sink) => sink.write(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.target {
            Target::Atomic(temp) => temp.writer().flush(),
            Target::Direct(sink) => sink.flush(),
            Target::Stdout(sink) => sink.flush(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::{FileTypeExt, symlink};
    use std::os::unix::process::ExitStatusExt;
    use std::process::Command;
    use std::time::{Duration, SystemTime};

    use crate::tempfiles::sorted_names as names;

    fn mode(path: &Path) -> u32 {
        fs::metadata(path).unwrap().mode() & 0o7777
    }

    /// This process's umask, read without changing it (Linux 4.7 and later).
    fn umask() -> u32 {
        let status = fs::read_to_string("/proc/self/status").unwrap();
        let line = status.lines().find(|l| l.starts_with("Umask:")).unwrap();
        u32::from_str_radix(line["Umask:".len()..].trim(), 8).unwrap()
    }

    /// Runs the test `name` of this test binary in a child process with the environment
    /// variable `ROBOTS_AUDIT_CHILD` set to `arg`, under `sh -c 'PRELUDE; exec …'`.
    fn child(name: &str, arg: &str, prelude: &str) -> Command {
        let exe = std::env::current_exe().unwrap();
        let mut cmd = Command::new("sh");
        cmd.arg("-c")
            .arg(format!("{prelude}\nexec \"$0\" \"$@\""))
            .arg(exe)
            .args(["--exact", name, "--nocapture", "--test-threads=1"])
            .env("ROBOTS_AUDIT_CHILD", arg)
            .stdout(std::process::Stdio::null());
        cmd
    }

    #[test]
    fn commit_replaces_the_old_report() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("report.csv");
        fs::write(&path, "old\n").unwrap();
        let mut out = Output::create(&path).unwrap();
        out.write_all(b"new\n").unwrap();
        // Before the commit the old report is still what readers see.
        assert_eq!(fs::read_to_string(&path).unwrap(), "old\n");
        let during = names(dir.path());
        assert_eq!(during.len(), 2, "{during:?}");
        assert!(
            during[0].starts_with(&format!(".report.csv.robots-audit.{}.", std::process::id()))
                && during[0].ends_with(".tmp"),
            "a recognisable temporary name: {during:?}"
        );
        out.commit().unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "new\n");
        // No temporary file is left behind.
        assert_eq!(names(dir.path()), ["report.csv"]);
    }

    /// Reports committed together are all replaced, or, when one cannot be written to the
    /// end, none is: whichever comes first (`/dev/full` takes what it is given only when it
    /// is flushed, in the commit, and refuses it there).
    #[test]
    fn reports_committed_together_are_all_replaced_or_none() {
        let dir = tempfile::tempdir().unwrap();
        let (a, b) = (dir.path().join("a.csv"), dir.path().join("b.csv"));
        let open = |path: &Path, text: &[u8]| {
            let mut out = Output::create(path).unwrap();
            out.write_all(text).unwrap();
            out
        };
        for full_first in [false, true] {
            fs::write(&a, "old a\n").unwrap();
            fs::write(&b, "old b\n").unwrap();
            let (a_out, b_out) = (open(&a, b"new a\n"), open(&b, b"new b\n"));
            let full = open(Path::new("/dev/full"), b"cannot fit\n");
            let outputs = if full_first {
                vec![full, a_out, b_out]
            } else {
                vec![a_out, b_out, full]
            };
            let err = Output::commit_all(outputs).unwrap_err().to_string();
            assert!(
                err.contains("/dev/full") && err.contains("No space left"),
                "{err}"
            );
            assert_eq!(fs::read_to_string(&a).unwrap(), "old a\n");
            assert_eq!(fs::read_to_string(&b).unwrap(), "old b\n");
            assert_eq!(
                names(dir.path()),
                ["a.csv", "b.csv"],
                "no temporary file left"
            );
        }
        // All can be written: all replaced, synced side by side.
        let outputs = vec![open(&a, b"new a\n"), open(&b, b"new b\n")];
        Output::commit_all(outputs).unwrap();
        assert_eq!(fs::read_to_string(&a).unwrap(), "new a\n");
        assert_eq!(fs::read_to_string(&b).unwrap(), "new b\n");
        assert_eq!(names(dir.path()), ["a.csv", "b.csv"]);
    }

    /// What the signal handler sees (it removes what is listed, holding the list): every
    /// report of a commit old, or every one new, never some of each. Watched from another
    /// thread through the same list, as often as it can be taken, while 24 reports go in.
    #[test]
    fn a_signal_during_a_commit_finds_all_reports_old_or_all_new() {
        let dir = tempfile::tempdir().unwrap();
        let paths: Vec<PathBuf> = (0..24)
            .map(|i| dir.path().join(format!("r{i}.csv")))
            .collect();
        for p in &paths {
            fs::write(p, "old\n").unwrap();
        }
        let outputs: Vec<Output> = paths
            .iter()
            .map(|p| {
                let mut out = Output::create(p).unwrap();
                out.write_all(b"new\n").unwrap();
                out
            })
            .collect();
        let done = std::sync::atomic::AtomicBool::new(false);
        let seen = std::thread::scope(|s| {
            let watcher = s.spawn(|| {
                let mut seen = std::collections::BTreeSet::new();
                while !done.load(Ordering::Relaxed) {
                    let _held = live();
                    let new = paths
                        .iter()
                        .filter(|p| fs::read(p).unwrap() == b"new\n")
                        .count();
                    seen.insert(new);
                }
                seen
            });
            Output::commit_all(outputs).unwrap();
            done.store(true, Ordering::Relaxed);
            watcher.join().unwrap()
        });
        assert!(
            seen.iter().all(|&n| n == 0 || n == paths.len()),
            "reports new, as seen under the list: {seen:?}"
        );
        assert!(paths.iter().all(|p| fs::read(p).unwrap() == b"new\n"));
    }

    #[test]
    fn an_abandoned_report_leaves_the_old_one_and_no_debris() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("report.csv");
        fs::write(&path, "old\n").unwrap();
        let mut out = Output::create(&path).unwrap();
        out.write_all(b"half a rep").unwrap();
        drop(out); // as when a write fails half-way and the error is returned
        assert_eq!(fs::read_to_string(&path).unwrap(), "old\n");
        assert_eq!(names(dir.path()), ["report.csv"]);
        let live = live();
        assert!(!live.iter().any(|p| p.starts_with(dir.path())), "{live:?}");
    }

    #[test]
    fn a_missing_directory_is_an_error_naming_the_path() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("no/such/dir/report.csv");
        let err = Output::create(&path).err().expect("must fail");
        assert!(err.to_string().contains("no/such/dir/report.csv"), "{err}");
    }

    #[test]
    fn a_new_report_honours_the_umask() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("new.csv");
        let mut out = Output::create(&path).unwrap();
        out.write_all(b"x\n").unwrap();
        out.commit().unwrap();
        assert_eq!(mode(&path), 0o666 & !umask());
    }

    #[test]
    fn a_replaced_report_keeps_its_mode() {
        let dir = tempfile::tempdir().unwrap();
        for old_mode in [0o644, 0o640, 0o604, 0o664] {
            let path = dir.path().join("report.csv");
            fs::write(&path, "old\n").unwrap();
            fs::set_permissions(&path, fs::Permissions::from_mode(old_mode)).unwrap();
            let mut out = Output::create(&path).unwrap();
            out.write_all(b"new\n").unwrap();
            out.commit().unwrap();
            assert_eq!(fs::read_to_string(&path).unwrap(), "new\n");
            assert_eq!(mode(&path), old_mode, "{old_mode:o}");
        }
    }

    #[test]
    fn new_reports_get_the_mode_the_umask_gives_in_a_child_with_a_known_umask() {
        if let Ok(dir) = std::env::var("ROBOTS_AUDIT_CHILD") {
            let path = Path::new(&dir).join("r.csv");
            let mut out = Output::create(&path).unwrap();
            out.write_all(b"x\n").unwrap();
            out.commit().unwrap();
            return;
        }
        for (umask, expected) in [("022", 0o644), ("077", 0o600), ("002", 0o664)] {
            let dir = tempfile::tempdir().unwrap();
            let status = child(
                "report::output::tests::new_reports_get_the_mode_the_umask_gives_in_a_child_with_a_known_umask",
                dir.path().to_str().unwrap(),
                &format!("umask {umask}"),
            )
            .status()
            .unwrap();
            assert!(status.success());
            assert_eq!(mode(&dir.path().join("r.csv")), expected, "umask {umask}");
        }
    }

    #[test]
    fn a_symlink_is_kept_and_its_target_replaced_in_the_target_directory() {
        let dir = tempfile::tempdir().unwrap();
        let reports = dir.path().join("reports");
        let links = dir.path().join("links");
        fs::create_dir_all(&reports).unwrap();
        fs::create_dir_all(&links).unwrap();
        let target = reports.join("report.csv");
        fs::write(&target, "old\n").unwrap();
        fs::set_permissions(&target, fs::Permissions::from_mode(0o640)).unwrap();
        // A relative link, through a second (absolute) link.
        let first = links.join("latest.csv");
        let second = links.join("current.csv");
        symlink("../reports/report.csv", &first).unwrap();
        symlink(&first, &second).unwrap();
        let mut out = Output::create(&second).unwrap();
        out.write_all(b"new\n").unwrap();
        assert_eq!(
            names(&links),
            ["current.csv", "latest.csv"],
            "no temporary beside the link"
        );
        assert_eq!(
            names(&reports).len(),
            2,
            "the temporary is beside the target"
        );
        out.commit().unwrap();
        assert!(
            fs::symlink_metadata(&second)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert!(
            fs::symlink_metadata(&first)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(fs::read_to_string(&target).unwrap(), "new\n");
        assert_eq!(mode(&target), 0o640);
        assert_eq!(names(&reports), ["report.csv"]);

        // A dangling link gets its target created.
        let dangling = links.join("next.csv");
        symlink("../reports/next.csv", &dangling).unwrap();
        let mut out = Output::create(&dangling).unwrap();
        out.write_all(b"first\n").unwrap();
        out.commit().unwrap();
        assert!(
            fs::symlink_metadata(&dangling)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(
            fs::read_to_string(reports.join("next.csv")).unwrap(),
            "first\n"
        );

        // A loop is an error naming the path given.
        let a = links.join("a.csv");
        let b = links.join("b.csv");
        symlink(&b, &a).unwrap();
        symlink(&a, &b).unwrap();
        let err = Output::create(&a).err().expect("a loop must fail");
        assert!(err.to_string().contains("a.csv"), "{err}");
    }

    #[test]
    fn special_files_are_written_directly() {
        // A FIFO, read by a thread.
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("fifo");
        let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
        assert!(made.success());
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || fs::read_to_string(fifo).unwrap())
        };
        let mut out = Output::create(&fifo).unwrap();
        out.write_all(b"through the fifo\n").unwrap();
        out.commit().unwrap();
        assert_eq!(reader.join().unwrap(), "through the fifo\n");
        assert_eq!(names(dir.path()), ["fifo"]);
        assert!(fs::metadata(&fifo).unwrap().file_type().is_fifo());

        // /dev/null takes anything.
        let mut out = Output::create(Path::new("/dev/null")).unwrap();
        out.write_all(b"gone\n").unwrap();
        out.commit().unwrap();
    }

    #[test]
    fn dev_stdout_redirected_to_a_file_is_written_there_not_replaced() {
        if std::env::var("ROBOTS_AUDIT_CHILD").is_ok() {
            let mut out = Output::create(Path::new("/dev/stdout")).unwrap();
            out.write_all(b"REPORT\n").unwrap();
            out.commit().unwrap();
            return;
        }
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("out.txt");
        let status = child(
            "report::output::tests::dev_stdout_redirected_to_a_file_is_written_there_not_replaced",
            "1",
            &format!("exec >>'{}'", file.display()),
        )
        .status()
        .unwrap();
        assert!(status.success());
        let text = fs::read_to_string(&file).unwrap();
        // The test harness writes its own lines around ours, and ours was not overwritten.
        assert!(text.contains("REPORT\n"), "{text:?}");
        assert!(
            text.contains("running 1 test"),
            "appended, not replaced: {text:?}"
        );
        assert_eq!(names(dir.path()), ["out.txt"]);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_full_device_is_an_error_naming_it() {
        let mut out = Output::create(Path::new("/dev/full")).unwrap();
        let big = vec![b'x'; 1 << 20];
        let res = out.write_all(&big).and_then(|_| out.flush());
        assert_eq!(res.unwrap_err().raw_os_error(), Some(28), "ENOSPC");
        let mut out = Output::create(Path::new("/dev/full")).unwrap();
        out.write_all(b"small").unwrap();
        let err = out.commit().unwrap_err().to_string();
        assert!(err.starts_with("cannot write report /dev/full: "), "{err}");
    }

    /// A write that fails half-way (here: the file size limit, as a full disk would) keeps
    /// the old report, leaves no temporary file, and the error names the report.
    #[test]
    fn a_full_disk_keeps_the_old_report() {
        if let Ok(path) = std::env::var("ROBOTS_AUDIT_CHILD") {
            let path = Path::new(&path);
            let mut out = Output::create(path).unwrap();
            let big = vec![b'x'; 1 << 20];
            let err = match out.write_all(&big).and_then(|()| out.flush()) {
                Err(e) => ReportError::Io(e).named(out.name()),
                Ok(()) => out
                    .commit()
                    .expect_err("the file size limit must stop the write"),
            };
            println!("ERROR<{err}>");
            return;
        }
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("report.csv");
        fs::write(&path, "old report\n").unwrap();
        // Writes past 100 blocks fail with EFBIG (SIGXFSZ ignored, so it does not kill).
        let o = child(
            "report::output::tests::a_full_disk_keeps_the_old_report",
            path.to_str().unwrap(),
            "trap '' XFSZ; ulimit -f 100",
        )
        .stdout(std::process::Stdio::piped())
        .output()
        .unwrap();
        let stdout = String::from_utf8_lossy(&o.stdout);
        assert!(
            o.status.success(),
            "{stdout}{}",
            String::from_utf8_lossy(&o.stderr)
        );
        let err = stdout
            .split("ERROR<")
            .nth(1)
            .and_then(|s| s.split('>').next())
            .unwrap_or_else(|| panic!("no error reported: {stdout}"));
        // The report's name, and not the temporary file's.
        let efbig = io::Error::from_raw_os_error(27);
        assert_eq!(
            err,
            format!("cannot write report {}: {efbig}", path.display())
        );
        assert_eq!(fs::read_to_string(&path).unwrap(), "old report\n");
        assert_eq!(names(dir.path()), ["report.csv"]);
    }

    /// A report past the early-sync step is synced in steps as it is written and committed
    /// whole, byte for byte.
    #[test]
    fn a_large_report_synced_in_steps_is_committed_whole() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("report.csv");
        fs::write(&path, "old report\n").unwrap();
        let mut out = Output::create(&path).unwrap();
        let mut want = Vec::new();
        let mut row = 0u64;
        while (want.len() as u64) < 2 * super::super::writeback::SYNC_EVERY + 12_345 {
            let line = format!("row {row},{}\n", "x".repeat((row % 200) as usize));
            out.write_all(line.as_bytes()).unwrap();
            want.extend_from_slice(line.as_bytes());
            row += 1;
        }
        let Target::Atomic(temp) = &out.target else {
            panic!("a regular file is replaced atomically");
        };
        assert!(temp.writeback.requested() >= 1);
        // Not in place before the commit.
        assert_eq!(fs::read_to_string(&path).unwrap(), "old report\n");
        out.commit().unwrap();
        assert!(fs::read(&path).unwrap() == want, "the report differs");
        assert_eq!(names(dir.path()), ["report.csv"]);
    }

    #[test]
    fn temporary_names_are_recognised_exactly() {
        let report = OsStr::new("r.csv");
        let name = temp_name(report, 4242, 7);
        assert_eq!(name, ".r.csv.robots-audit.4242.7.tmp");
        assert!(is_temp_of(&name, report));
        for other in [
            ".r.csv.robots-audit.4242.tmp",
            ".r.csv.robots-audit.x.7.tmp",
            ".r.csv.robots-audit.1.2.3.tmp",
            ".r.csv.robots-audit.1.2.tmp.bak",
            ".rr.csv.robots-audit.1.2.tmp",
            ".r.csv.4ZxQ2a.tmp",
            "r.csv",
        ] {
            assert!(!is_temp_of(OsStr::new(other), report), "{other}");
        }
        assert!(!is_temp_of(&name, OsStr::new("r.cs")));
        // A long report name is shortened to fit, and still recognised.
        let long = OsString::from("x".repeat(255));
        let name = temp_name(&long, u32::MAX, u64::MAX);
        assert!(name.len() <= 255, "{}", name.len());
        assert!(is_temp_of(&name, &long));
    }

    fn age(path: &Path, by: Duration) {
        let f = File::options().write(true).open(path).unwrap();
        f.set_modified(SystemTime::now() - by).unwrap();
    }

    #[test]
    fn stale_temporary_files_of_dead_runs_are_removed_and_live_ones_kept() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("r.csv");
        fs::write(&path, "old\n").unwrap();
        let dead = dir.path().join(".r.csv.robots-audit.999999.0.tmp");
        let young = dir.path().join(".r.csv.robots-audit.999999.1.tmp");
        let alive = dir.path().join(".r.csv.robots-audit.999998.0.tmp");
        let other_report = dir.path().join(".s.csv.robots-audit.999999.0.tmp");
        let not_ours = dir.path().join(".r.csv.4ZxQ2a.tmp");
        for p in [&dead, &young, &alive, &other_report, &not_ours] {
            fs::write(p, "half a report").unwrap();
        }
        for p in [&dead, &alive, &other_report, &not_ours] {
            age(p, Duration::from_secs(7200));
        }
        // A live run holds the lock on its file (flock locks belong to the open file, so
        // this one conflicts with the one the cleanup takes, as another process's would).
        let holder = File::open(&alive).unwrap();
        holder.try_lock().unwrap();

        let mut out = Output::create(&path).unwrap();
        out.write_all(b"new\n").unwrap();
        out.commit().unwrap();
        assert!(!dead.exists(), "a dead run's file is removed");
        for p in [&young, &alive, &other_report, &not_ours] {
            assert!(p.exists(), "{} kept", p.display());
        }
        drop(holder);
        assert_eq!(fs::read_to_string(&path).unwrap(), "new\n");
    }

    #[test]
    fn a_signal_removes_the_temporary_files_and_directories_and_ends_the_process_by_it() {
        if let Ok(dir) = std::env::var("ROBOTS_AUDIT_CHILD") {
            crate::tempfiles::remove_on_signal().unwrap();
            crate::tempfiles::remove_on_signal().unwrap(); // twice is once
            let dir = Path::new(&dir);
            let mut a = Output::create(&dir.join("a.csv")).unwrap();
            let mut b = Output::create(&dir.join("b.csv")).unwrap();
            a.write_all(b"half").unwrap();
            a.flush().unwrap();
            b.write_all(b"half").unwrap();
            b.flush().unwrap();
            // A directory of sorted runs (the audit's, the page's) goes the same way.
            let runs = crate::extsort::SortDir::new(Some(dir)).unwrap();
            let mut run = runs.create().unwrap();
            run.push(b"a record").unwrap();
            let _run = run.finish().unwrap();
            fs::write(dir.join("ready"), "").unwrap();
            std::thread::sleep(Duration::from_secs(60));
            panic!("the signal did not end the process");
        }
        for (signal, number) in [("TERM", 15), ("INT", 2)] {
            let dir = tempfile::tempdir().unwrap();
            fs::write(dir.path().join("a.csv"), "old a\n").unwrap();
            let mut c = child(
                "report::output::tests::a_signal_removes_the_temporary_files_and_directories_and_ends_the_process_by_it",
                dir.path().to_str().unwrap(),
                "",
            )
            .stdout(std::process::Stdio::null())
            .spawn()
            .unwrap();
            let ready = dir.path().join("ready");
            let start = std::time::Instant::now();
            while !ready.exists() {
                assert!(
                    start.elapsed() < Duration::from_secs(30),
                    "the child never got ready"
                );
                std::thread::sleep(Duration::from_millis(10));
            }
            assert_eq!(names(dir.path()).len(), 5, "{:?}", names(dir.path()));
            let kill = Command::new("kill")
                .args([format!("-{signal}"), c.id().to_string()])
                .status()
                .unwrap();
            assert!(kill.success());
            let status = c.wait().unwrap();
            assert_eq!(status.signal(), Some(number), "{status:?}");
            assert_eq!(names(dir.path()), ["a.csv", "ready"]);
            assert_eq!(
                fs::read_to_string(dir.path().join("a.csv")).unwrap(),
                "old a\n"
            );
        }
    }

    #[test]
    fn a_terminal_gets_the_report_with_invisible_characters_encoded() {
        // `--out /dev/tty` style: a terminal opened directly. `script` gives the child a
        // pseudo-terminal as its standard output.
        if std::env::var("ROBOTS_AUDIT_CHILD").is_ok() {
            let mut out = Output::create(Path::new("/dev/stdout")).unwrap();
            out.write_all("<a\u{202e}b\u{200b}c>\n".as_bytes()).unwrap();
            out.commit().unwrap();
            let mut out = Output::stdout();
            out.write_all("<d\u{202e}e>\n".as_bytes()).unwrap();
            out.commit().unwrap();
            return;
        }
        let exe = std::env::current_exe().unwrap();
        let name =
            "report::output::tests::a_terminal_gets_the_report_with_invisible_characters_encoded";
        let o = Command::new("script")
            .args(["-qec"])
            .arg(format!(
                "'{}' --exact {name} --nocapture --test-threads=1",
                exe.display()
            ))
            .arg("/dev/null")
            .env("ROBOTS_AUDIT_CHILD", "1")
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&o.stdout);
        assert!(o.status.success(), "{text}");
        assert!(text.contains("<a%E2%80%AEb%E2%80%8Bc>"), "{text:?}");
        assert!(text.contains("<d%E2%80%AEe>"), "{text:?}");
        assert!(!text.contains('\u{202e}'), "{text:?}");
    }
}
