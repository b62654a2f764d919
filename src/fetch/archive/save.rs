//! The `--save` folder: what a host folder holds, whether it stays a valid robots-dir with
//! new files added (checked by [`RobotsDir::scan`] itself, on a copy of the names), and the
//! writes: each file to a temporary name beside it, synced, then renamed into place without
//! replacing anything; if one write fails, the files this import added are removed again.
//!
//! Temporary names start with `.`, which `RobotsDir::scan` ignores, so a run killed midway
//! never leaves a folder that the audit refuses.

use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use super::super::files::{self, Links};
use super::super::{DatedName, DirError, MAX_ROBOTS_BYTES, RobotsDir};

/// The import's scratch folders inside `--save`: `.robots-audit-import-XXXXXX`.
pub(crate) const WORK_PREFIX: &str = ".robots-audit-import-";
/// A scratch folder older than this was left by a run that died.
const STALE_WORK: Duration = Duration::from_secs(24 * 3600);
/// Serialises imports into the same `--save` folder.
const LOCK_NAME: &str = ".robots-audit-import.lock";

/// One entry of a host folder (names starting with `.` are not entries, as for the scan).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    pub(crate) name: String,
    /// Its version, when the name is one.
    pub(crate) dated: Option<DatedName>,
    /// What it is when it is not a regular file (through symbolic links, as the audit reads
    /// it): `a FIFO`, `a directory`.
    pub(crate) not_regular: Option<&'static str>,
}

/// The entries of a host folder; none if it does not exist.
pub(crate) fn entries(host_dir: &Path) -> io::Result<Vec<Entry>> {
    let listing = match fs::read_dir(host_dir) {
        Ok(listing) => listing,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(e),
    };
    let mut entries = Vec::new();
    for entry in listing {
        let entry = entry?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') {
            continue;
        }
        let not_regular = match fs::metadata(entry.path()) {
            Ok(meta) => (!meta.is_file()).then(|| files::kind_of(&meta)),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Some("a dangling symbolic link"),
            Err(e) => return Err(e),
        };
        entries.push(Entry {
            dated: DatedName::parse(&name),
            not_regular,
            name,
        });
    }
    entries.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(entries)
}

/// A scratch folder, removed when dropped: in `--save` when that folder exists (the same file
/// system as the host folders, and not `$TMPDIR`, which may be small), else in the system's
/// temporary directory, so that an import that writes nothing never creates `--save`. Made on
/// first use.
pub(crate) struct Work {
    save: PathBuf,
    dir: Option<tempfile::TempDir>,
    next: usize,
}

impl Work {
    /// A scratch folder for an import into `save`, made when first needed.
    pub(crate) fn new(save: &Path) -> Work {
        Work {
            save: save.to_owned(),
            dir: None,
            next: 0,
        }
    }

    /// A fresh path inside (the folder is made the first time; in `--save`, after removing
    /// those that runs which died left behind).
    pub(crate) fn path(&mut self, what: &str) -> io::Result<PathBuf> {
        let dir = match &mut self.dir {
            Some(dir) => dir,
            empty => {
                let mut builder = tempfile::Builder::new();
                builder.prefix(WORK_PREFIX);
                let dir = if self.save.is_dir() {
                    remove_stale(&self.save);
                    builder.tempdir_in(&self.save)?
                } else {
                    builder.tempdir()?
                };
                empty.insert(dir)
            }
        };
        self.next += 1;
        Ok(dir.path().join(format!("{}.{what}", self.next)))
    }

    /// Whether a host folder holding `names` would be accepted by [`RobotsDir::scan`]: the
    /// names are laid out as empty files in a folder of their own and scanned (the scan reads
    /// names only), so the rules are the audit's own. Errors name `host_dir`'s files. No
    /// names, an empty folder: accepted without a scan.
    pub(crate) fn check(&mut self, names: &[&str], host_dir: &Path) -> Result<(), CheckError> {
        if names.is_empty() {
            return Ok(());
        }
        let root = self.path("check").map_err(CheckError::Io)?;
        let staged = root.join("host");
        fs::create_dir_all(&staged).map_err(CheckError::Io)?;
        for name in names {
            File::create(staged.join(name)).map_err(CheckError::Io)?;
        }
        let result = RobotsDir::scan(&root);
        let _ = fs::remove_dir_all(&root);
        result
            .map(drop)
            .map_err(|e| CheckError::Invalid(relocate(e, &staged, host_dir)))
    }
}

/// Why [`Work::check`] could not say yes.
#[derive(Debug)]
pub(crate) enum CheckError {
    /// The folder would not be accepted.
    Invalid(DirError),
    /// The check itself failed.
    Io(io::Error),
}

/// `err` with the staged folder's paths replaced by the real folder's.
fn relocate(err: DirError, staged: &Path, real: &Path) -> DirError {
    let map = |p: PathBuf| match p.strip_prefix(staged) {
        Ok(rest) => real.join(rest),
        Err(_) => p,
    };
    match err {
        DirError::Read { path, source } => DirError::Read {
            path: map(path),
            source,
        },
        // Made by a snapshot, never by the check of a staged folder.
        DirError::Body { path, reason } => DirError::Body {
            path: map(path),
            reason,
        },
        DirError::Name { path, problem } => DirError::Name {
            path: map(path),
            problem,
        },
        DirError::NotRegular { path, kind } => DirError::NotRegular {
            path: map(path),
            kind,
        },
        DirError::Host { path, reason } => DirError::Host {
            path: map(path),
            reason,
        },
        DirError::SameOrigin {
            first,
            second,
            origin,
        } => DirError::SameOrigin {
            first: map(first),
            second: map(second),
            origin,
        },
        DirError::Mixed { path } => DirError::Mixed { path: map(path) },
        DirError::Overlap { first, second } => DirError::Overlap {
            first: map(first),
            second: map(second),
        },
    }
}

/// Removes scratch folders of dead runs (best effort: a folder that cannot be removed stays,
/// ignored by the scan).
fn remove_stale(save: &Path) {
    let Ok(listing) = fs::read_dir(save) else {
        return;
    };
    let now = SystemTime::now();
    for entry in listing.flatten() {
        let stale = entry.file_name().to_string_lossy().starts_with(WORK_PREFIX)
            && entry
                .metadata()
                .and_then(|m| m.modified())
                .ok()
                .and_then(|t| now.duration_since(t).ok())
                .is_some_and(|age| age > STALE_WORK);
        if stale {
            let _ = fs::remove_dir_all(entry.path());
        }
    }
}

/// An exclusive lock on `--save` for the time of one origin's decisions and writes, so that
/// two imports into the same folder cannot interleave; released when dropped.
pub(crate) struct Lock {
    _file: File,
}

pub(crate) fn lock(save: &Path) -> io::Result<Lock> {
    let path = save.join(LOCK_NAME);
    let named = |e: io::Error| io::Error::new(e.kind(), format!("{}: {e}", path.display()));
    let file = files::open_lock(&path).map_err(named)?;
    rustix::fs::flock(&file, rustix::fs::FlockOperation::LockExclusive)
        .map_err(|e| named(e.into()))?;
    Ok(Lock { _file: file })
}

/// Removes `save` when it holds nothing but the import lock: a folder this import made and
/// wrote nothing into. Best effort (anything else there, or a failure, leaves it as it is:
/// an empty folder is harmless).
pub(crate) fn remove_if_unused(save: &Path) {
    let Ok(listing) = fs::read_dir(save) else {
        return;
    };
    let mut names = listing.map(|e| e.map(|e| e.file_name()));
    let only_lock = names.all(|n| n.is_ok_and(|n| n == LOCK_NAME));
    if only_lock {
        let _ = fs::remove_file(save.join(LOCK_NAME));
        let _ = fs::remove_dir(save);
    }
}

/// A saved body as an import writes it: at most [`MAX_ROBOTS_BYTES`] and one byte more (a
/// FIFO or a device in its place is refused, never waited on).
pub(crate) fn read_saved(path: &Path) -> io::Result<Vec<u8>> {
    let mut body = Vec::new();
    files::open_regular(path, Links::Follow)?
        .take(MAX_ROBOTS_BYTES as u64 + 1)
        .read_to_end(&mut body)?;
    Ok(body)
}

/// A file to add: its name in the host folder and its content.
pub(crate) struct NewFile {
    pub(crate) name: String,
    pub(crate) content: Content,
}

/// Where a new file's bytes come from.
pub(crate) enum Content {
    /// These bytes.
    Bytes(Vec<u8>),
    /// A file of the scratch folder.
    Copy(PathBuf),
}

/// Adds `files` to `host_dir` (created if missing), each complete or not at all, none
/// replacing an existing file. On failure, the files added so far are removed again (and the
/// folder, if this call created it) and the error names the file.
pub(crate) fn write_all(
    host_dir: &Path,
    files: &[NewFile],
) -> Result<Vec<PathBuf>, (PathBuf, io::Error)> {
    if files.is_empty() {
        return Ok(Vec::new());
    }
    let created = !host_dir.exists();
    fs::create_dir_all(host_dir).map_err(|e| (host_dir.to_owned(), e))?;
    let mut written: Vec<PathBuf> = Vec::new();
    for file in files {
        let path = host_dir.join(&file.name);
        if let Err(e) = write_one(host_dir, &path, &file.content) {
            for done in &written {
                let _ = fs::remove_file(done);
            }
            if created {
                let _ = fs::remove_dir(host_dir);
            }
            return Err((path, e));
        }
        written.push(path);
    }
    // The renames are durable once the folder is synced (not every file system can).
    if let Ok(dir) = File::open(host_dir) {
        let _ = dir.sync_all();
    }
    Ok(written)
}

fn write_one(host_dir: &Path, path: &Path, content: &Content) -> io::Result<()> {
    // 0666 less the umask, as any file the user makes (and as the reports are), not the
    // 0600 of a temporary file.
    let mut tmp = tempfile::Builder::new()
        .prefix(".robots-audit-")
        .suffix(".tmp")
        .permissions(fs::Permissions::from_mode(0o666))
        .tempfile_in(host_dir)?;
    match content {
        Content::Bytes(bytes) => tmp.write_all(bytes)?,
        Content::Copy(from) => {
            io::copy(&mut File::open(from)?, &mut tmp)?;
        }
    }
    tmp.as_file().sync_all()?;
    // Never replaces a file: an existing name was compared before and is left alone.
    tmp.persist_noclobber(path).map_err(|e| e.error)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn check_applies_the_scan_rules_and_names_the_real_files() {
        let save = tempfile::tempdir().expect("tempdir");
        let mut work = Work::new(save.path());
        let real = save.path().join("example.com");
        work.check(
            &[
                "robots.20261101T000000Z.txt",
                "robots.20261102T000000Z-20261103T000000Z.404",
            ],
            &real,
        )
        .expect("valid");
        work.check(&[], &real).expect("empty");
        let mut invalid = |names: &[&str]| match work.check(names, &real).expect_err("invalid") {
            CheckError::Invalid(e) => e.to_string(),
            CheckError::Io(e) => panic!("{e}"),
        };
        let msg = invalid(&["robots.txt", "robots.20261101T000000Z.txt"]);
        assert!(
            msg.contains("holds both robots.txt and dated versions"),
            "{msg}"
        );
        assert!(msg.contains(&real.display().to_string()), "{msg}");
        let msg = invalid(&[
            "robots.20261101T000000Z-20261105T000000Z.txt",
            "robots.20261103T000000Z.txt",
        ]);
        assert!(msg.contains("overlap"), "{msg}");
        assert!(
            msg.contains(
                &real
                    .join("robots.20261103T000000Z.txt")
                    .display()
                    .to_string()
            ),
            "{msg}"
        );
        let msg = invalid(&["notes.md"]);
        assert!(msg.contains("not robots.txt nor a dated version"), "{msg}");
        // The checks leave nothing behind but the scratch folder, which goes with `work`.
        drop(work);
        assert_eq!(fs::read_dir(save.path()).expect("list").count(), 0);
    }

    #[test]
    fn writes_never_replace_and_a_failure_takes_back_the_files_added() {
        let save = tempfile::tempdir().expect("tempdir");
        let host = save.path().join("example.com");
        let file = |name: &str, body: &str| NewFile {
            name: name.into(),
            content: Content::Bytes(body.as_bytes().to_vec()),
        };
        let written = write_all(&host, &[file("robots.20261101T000000Z.txt", "A")]).expect("ok");
        assert_eq!(written, vec![host.join("robots.20261101T000000Z.txt")]);
        // The second file exists already: nothing is replaced, the first one is taken back.
        let err = write_all(
            &host,
            &[
                file("robots.20261101T000000Z-20261102T000000Z.txt", "B"),
                file("robots.20261101T000000Z.txt", "other"),
            ],
        )
        .expect_err("exists");
        assert_eq!(err.0, host.join("robots.20261101T000000Z.txt"));
        assert_eq!(err.1.kind(), io::ErrorKind::AlreadyExists);
        let names: Vec<String> = fs::read_dir(&host)
            .expect("list")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, vec!["robots.20261101T000000Z.txt".to_owned()]);
        assert_eq!(
            fs::read_to_string(host.join("robots.20261101T000000Z.txt")).expect("read"),
            "A"
        );
    }
}
