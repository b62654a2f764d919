//! The private directory of a run's sorted runs, and the runs in it.
//!
//! A [`SortDir`] is made on first need in `$TMPDIR` (or a directory the caller names), named
//! `robots-audit-<pid>-<random>`, mode 0700, and listed for removal on a signal
//! (`crate::tempfiles`). It holds one descriptor, the `flock` that tells other runs it is
//! alive. Each [`Run`] is a file in it, closed once written; [`Run::open`] opens it again to
//! read. A run's file is removed when the run is dropped, the directory when the last run and
//! handle are; a directory left by a run that was killed is removed by the next one that makes
//! a directory in the same place (see `tempfiles::lock_if_abandoned`).

use std::ffi::OsStr;
use std::fs::{self, File};
use std::io::{self, BufReader, BufWriter};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError, Weak};

use super::SortError;
use super::frame::{Damage, FrameReader, FrameWriter};
use crate::tempfiles::{live, lock_if_abandoned};

/// The start of a directory's name; the pid and a random part follow.
const PREFIX: &str = "robots-audit-";
/// Buffer of a run being written.
const WRITE_BUFFER: usize = 256 << 10;

/// A private temporary directory for sorted runs; cheap to clone (all clones are one
/// directory).
#[derive(Clone, Debug)]
pub struct SortDir(Arc<DirInner>);

#[derive(Debug)]
struct DirInner {
    path: PathBuf,
    /// Open for the directory's life: its `flock` says the directory is alive.
    _lock: Option<File>,
    next: AtomicU64,
}

impl Drop for DirInner {
    fn drop(&mut self) {
        let mut live = live();
        let _ = fs::remove_dir_all(&self.path);
        live.retain(|p| p != &self.path);
    }
}

impl SortDir {
    /// Makes a new private directory in `parent` (`None`: the system's temporary directory,
    /// `$TMPDIR`), after removing the directories that dead runs left there.
    pub fn new(parent: Option<&Path>) -> Result<SortDir, SortError> {
        let parent = parent.map_or_else(std::env::temp_dir, Path::to_path_buf);
        let err = |source| SortError::CreateDir {
            parent: parent.clone(),
            source,
        };
        let path = {
            // Made and listed under the lock, so that a signal never misses it.
            let mut live = live();
            let dir = tempfile::Builder::new()
                .prefix(&format!("{PREFIX}{}-", std::process::id()))
                .rand_bytes(8)
                .permissions(fs::Permissions::from_mode(0o700))
                .tempdir_in(&parent)
                .map_err(err)?;
            let path = dir.keep();
            live.push(path.clone());
            path
        };
        // A file system without locks only means nobody can tell this directory is alive,
        // so nobody removes it either.
        let lock = File::open(&path).ok().filter(|f| f.try_lock().is_ok());
        let dir = SortDir(Arc::new(DirInner {
            path,
            _lock: lock,
            next: AtomicU64::new(0),
        }));
        dir.remove_abandoned(&parent);
        Ok(dir)
    }

    /// Its path.
    pub fn path(&self) -> &Path {
        &self.0.path
    }

    /// Removes the directories in `parent` of runs that died, owned by the same user as this
    /// one. Best effort: what cannot be read or removed stays.
    fn remove_abandoned(&self, parent: &Path) {
        let Ok(mine) = fs::symlink_metadata(self.path()) else {
            return;
        };
        let Ok(entries) = fs::read_dir(parent) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if !is_sort_dir_name(&entry.file_name()) || path == self.path() {
                continue;
            }
            let ours = fs::symlink_metadata(&path).is_ok_and(|m| m.uid() == mine.uid());
            if ours && let Some(_lock) = lock_if_abandoned(&path, true) {
                let _ = fs::remove_dir_all(&path);
            }
        }
    }

    /// A new run file in the directory.
    pub fn create(&self) -> Result<RunWriter, SortError> {
        let n = self.0.next.fetch_add(1, Ordering::Relaxed);
        let path = self.0.path.join(format!("run-{n}"));
        let err = |source| SortError::Write {
            path: path.clone(),
            source,
        };
        let file = {
            // Not while a signal is removing the directory.
            let _live = live();
            File::options()
                .write(true)
                .create_new(true)
                .open(&path)
                .map_err(err)?
        };
        // From here on, dropping the writer on an error removes the file.
        let mut writer = RunWriter {
            frames: None,
            path,
            dir: self.clone(),
        };
        let frames = FrameWriter::new(BufWriter::with_capacity(WRITE_BUFFER, file))
            .map_err(|e| writer.error(e))?;
        writer.frames = Some(frames);
        Ok(writer)
    }
}

/// `robots-audit-<pid>-<8 random characters>`.
fn is_sort_dir_name(name: &OsStr) -> bool {
    let Some(rest) = name.as_bytes().strip_prefix(PREFIX.as_bytes()) else {
        return false;
    };
    let Some(dash) = rest.iter().position(|&b| b == b'-') else {
        return false;
    };
    let (pid, random) = (&rest[..dash], &rest[dash + 1..]);
    !pid.is_empty()
        && pid.iter().all(u8::is_ascii_digit)
        && random.len() == 8
        && random.iter().all(u8::is_ascii_alphanumeric)
}

/// A [`SortDir`] made on first need and shared while anything uses it: a second one is made
/// only after every run of the first is gone (and the first with them).
#[derive(Debug, Default)]
pub struct LazyDir {
    parent: Option<PathBuf>,
    dir: Mutex<Weak<DirInner>>,
}

impl LazyDir {
    /// Directories in `parent` (`None`: `$TMPDIR`).
    pub fn new(parent: Option<PathBuf>) -> LazyDir {
        LazyDir {
            parent,
            dir: Mutex::new(Weak::new()),
        }
    }

    /// The directory, made now if there is none.
    pub fn get(&self) -> Result<SortDir, SortError> {
        let mut dir = self.dir.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(inner) = dir.upgrade() {
            return Ok(SortDir(inner));
        }
        let made = SortDir::new(self.parent.as_deref())?;
        *dir = Arc::downgrade(&made.0);
        Ok(made)
    }
}

/// A run being written. Dropped before [`RunWriter::finish`], its file is removed: a run
/// that was not written whole is never read.
pub struct RunWriter {
    frames: Option<FrameWriter<BufWriter<File>>>,
    path: PathBuf,
    dir: SortDir,
}

impl RunWriter {
    fn error(&self, source: io::Error) -> SortError {
        SortError::Write {
            path: self.path.clone(),
            source,
        }
    }

    fn frames(&mut self) -> &mut FrameWriter<BufWriter<File>> {
        self.frames
            .as_mut()
            .expect("set when made, taken only by finish, which consumes the writer")
    }

    /// Writes one record.
    pub fn push(&mut self, record: &[u8]) -> Result<(), SortError> {
        self.frames().push(record).map_err(|e| self.error(e))
    }

    /// Records written so far.
    pub fn records(&mut self) -> u64 {
        self.frames().records()
    }

    /// Writes the trailer and closes the file.
    pub fn finish(mut self) -> Result<Run, SortError> {
        let frames = self
            .frames
            .take()
            .expect("set when made, taken only here, and finish consumes the writer");
        let records = frames.records();
        let bytes = frames.bytes() + super::frame::TRAILER_BYTES;
        let result = frames
            .finish()
            .and_then(|w| w.into_inner().map_err(io::IntoInnerError::into_error));
        match result {
            Ok(file) => {
                drop(file);
                let run = Run {
                    dir: self.dir.clone(),
                    path: std::mem::take(&mut self.path),
                    records,
                    bytes,
                };
                Ok(run)
            }
            Err(e) => Err(self.error(e)),
        }
    }
}

impl Drop for RunWriter {
    fn drop(&mut self) {
        if !self.path.as_os_str().is_empty() {
            let _ = fs::remove_file(&self.path);
        }
    }
}

/// A sorted run: a closed file in a [`SortDir`], removed when the run is dropped.
#[derive(Debug)]
pub struct Run {
    dir: SortDir,
    path: PathBuf,
    records: u64,
    bytes: u64,
}

impl Run {
    /// Records in it.
    pub fn records(&self) -> u64 {
        self.records
    }

    /// Bytes of its file.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// Its file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The directory it is in.
    pub fn dir(&self) -> &SortDir {
        &self.dir
    }

    /// Opens it to read from the start, as run `run` of `runs` (for messages), with a read
    /// buffer of `buffer` bytes.
    pub fn open(&self, run: usize, runs: usize, buffer: usize) -> Result<RunReader, SortError> {
        let damage = |problem| SortError::Read {
            path: self.path.clone(),
            run,
            runs,
            problem,
        };
        let file = File::open(&self.path).map_err(|e| damage(Damage::Io(e)))?;
        let len = file.metadata().map_err(|e| damage(Damage::Io(e)))?.len();
        let frames = FrameReader::new(
            BufReader::with_capacity(buffer, file),
            len,
            Some(self.records),
        )
        .map_err(damage)?;
        Ok(RunReader {
            frames,
            path: self.path.clone(),
            run,
            runs,
        })
    }
}

impl Drop for Run {
    fn drop(&mut self) {
        let _ = fs::remove_file(&self.path);
    }
}

/// Reads a run's records in order; holds the run's one open descriptor.
pub struct RunReader {
    frames: FrameReader<BufReader<File>>,
    path: PathBuf,
    run: usize,
    runs: usize,
}

impl RunReader {
    /// The next record, or None at the end of a run found whole.
    pub fn next_record(&mut self) -> Result<Option<&[u8]>, SortError> {
        match self.frames.next_record() {
            Ok(record) => Ok(record),
            Err(problem) => Err(SortError::Read {
                path: self.path.clone(),
                run: self.run,
                runs: self.runs,
                problem,
            }),
        }
    }

    /// The error for the record just read, whose checksum held but which does not decode.
    pub fn undecodable(&self) -> SortError {
        SortError::Read {
            path: self.path.clone(),
            run: self.run,
            runs: self.runs,
            problem: Damage::Decode {
                record: self.frames.records(),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::tempfiles::sorted_names as names;

    #[test]
    fn runs_are_closed_files_in_a_private_directory_removed_with_the_last_of_them() {
        let tmp = tempfile::tempdir().unwrap();
        let lazy = LazyDir::new(Some(tmp.path().to_path_buf()));
        let dir = lazy.get().unwrap();
        assert!(is_sort_dir_name(dir.path().file_name().unwrap()));
        let mode = fs::metadata(dir.path()).unwrap().mode() & 0o777;
        assert_eq!(mode, 0o700);
        let mut w = dir.create().unwrap();
        w.push(b"one").unwrap();
        w.push(b"two").unwrap();
        let run = w.finish().unwrap();
        assert_eq!(run.records(), 2);
        // The same directory while anything uses it.
        assert_eq!(lazy.get().unwrap().path(), dir.path());
        drop(dir);
        let path = run.dir().path().to_path_buf();
        assert_eq!(names(&path), ["run-0"]);
        let mut r = run.open(1, 1, 4096).unwrap();
        assert_eq!(r.next_record().unwrap(), Some(&b"one"[..]));
        assert_eq!(r.next_record().unwrap(), Some(&b"two"[..]));
        assert_eq!(r.next_record().unwrap(), None);
        drop(r);
        // A writer dropped before it finished leaves no file.
        let mut w = run.dir().create().unwrap();
        w.push(b"half").unwrap();
        drop(w);
        assert_eq!(names(&path), ["run-0"]);
        drop(run);
        assert!(!path.exists(), "the directory goes with its last run");
        assert!(names(tmp.path()).is_empty());
        assert!(!live().contains(&path));
        // The next need makes a new one.
        let again = lazy.get().unwrap();
        assert_ne!(again.path(), path);
    }

    #[test]
    fn a_damaged_run_is_an_error_naming_its_file_and_place() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = SortDir::new(Some(tmp.path())).unwrap();
        let mut w = dir.create().unwrap();
        for i in 0..100u32 {
            w.push(&i.to_le_bytes()).unwrap();
        }
        let run = w.finish().unwrap();
        let len = fs::metadata(run.path()).unwrap().len();
        // Cut at a record boundary: what a lost tail of the file looks like.
        File::options()
            .write(true)
            .open(run.path())
            .unwrap()
            .set_len(len - 16 - 12)
            .unwrap();
        let mut r = run.open(3, 7, 4096).unwrap();
        let mut read = 0;
        let err = loop {
            match r.next_record() {
                Ok(Some(_)) => read += 1,
                Ok(None) => panic!("a cut run read as whole after {read} records"),
                Err(e) => break e,
            }
        };
        assert_eq!(read, 99);
        let msg = err.to_string();
        assert!(
            msg.contains(&run.path().display().to_string())
                && msg.contains("sorted run 3 of 7")
                && msg.contains("truncated after 99 records"),
            "{msg}"
        );
    }

    #[test]
    fn directories_of_dead_runs_are_removed_and_live_ones_kept() {
        let tmp = tempfile::tempdir().unwrap();
        let age = |p: &Path| {
            let old = std::time::SystemTime::now() - std::time::Duration::from_secs(7200);
            File::open(p).unwrap().set_modified(old).unwrap();
        };
        let dead = tmp.path().join("robots-audit-999999-abcdEF12");
        let alive = tmp.path().join("robots-audit-999998-abcdEF12");
        let young = tmp.path().join("robots-audit-999997-abcdEF12");
        let other = tmp.path().join("robots-audit-notes");
        for d in [&dead, &alive, &young, &other] {
            fs::create_dir(d).unwrap();
            fs::write(d.join("run-0"), "x").unwrap();
        }
        for d in [&dead, &alive, &other] {
            age(d);
        }
        let holder = File::open(&alive).unwrap();
        holder.try_lock().unwrap();
        let dir = SortDir::new(Some(tmp.path())).unwrap();
        assert!(!dead.exists(), "a dead run's directory is removed");
        for d in [&alive, &young, &other] {
            assert!(d.exists(), "{} kept", d.display());
        }
        drop(holder);
        drop(dir);
    }
}
