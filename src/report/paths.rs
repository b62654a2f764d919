//! Checks on the files of a run, made before anything is read or written: every input can be
//! read, and no report would replace an input or another report.
//!
//! Files are compared by what they are, not by how they are spelt: an existing file by its
//! device and inode (through symbolic links and hard links, `./a` and `a`, `/dev/stdin`
//! redirected from a log), a report that does not exist yet by the directory it will be
//! created in (canonical) and its name. Only regular files, and reports still to be created,
//! can clash: a FIFO, a device or a terminal may well be named twice (`--out /dev/null
//! --summary /dev/null`, or a terminal read and written).

use std::fs::{self, File};
use std::io;
use std::os::unix::fs::{FileTypeExt, MetadataExt};
use std::path::{Path, PathBuf};

use super::output::{parent_or_dot, resolve_links};

/// A file of the run that cannot be used as asked.
#[derive(Debug, thiserror::Error)]
pub enum PathError {
    /// An input cannot be read.
    #[error("cannot open {}: {source}", path.display())]
    Input { path: PathBuf, source: io::Error },
    /// An input is a directory.
    #[error("cannot read {}: it is a directory, not a log", path.display())]
    InputIsDirectory { path: PathBuf },
    /// One log given twice (through a link, `./a` and `a`): it would be counted twice.
    #[error(
        "{} and {} are the same file: each log can be given once",
        first.display(),
        second.display()
    )]
    SameInput { first: PathBuf, second: PathBuf },
    /// A report would replace an input.
    #[error(
        "{option} {} is the input {}: a report must not replace a log it reads",
        output.display(),
        input.display()
    )]
    OutputIsInput {
        option: String,
        output: PathBuf,
        input: PathBuf,
    },
    /// Two reports would be written to one file, and only the last would be kept.
    #[error(
        "{first} {} and {second} {} are the same file: each report needs a file of its own",
        first_path.display(),
        second_path.display()
    )]
    SameOutput {
        first: String,
        first_path: PathBuf,
        second: String,
        second_path: PathBuf,
    },
    /// Two reports would go to standard output (`-`, or the violations report without
    /// `--out`), mixed together.
    #[error(
        "{first} and {second} both go to standard output: one report can, give the other a file"
    )]
    SharedStdout { first: String, second: String },
    /// A report goes to standard output, which is a log of the run (`>> access.log`).
    #[error(
        "{report} goes to standard output, which is the input {}: a report must not be \
         written into a log it reads",
        input.display()
    )]
    StdoutIsInput { report: String, input: PathBuf },
    /// What a report's path names cannot be found out (a directory on the way that cannot
    /// be searched, a loop of links).
    #[error("{option} {}: {source}", path.display())]
    Output {
        option: String,
        path: PathBuf,
        source: io::Error,
    },
}

/// Checks that `path` can be read as a log: it exists, is not a directory, and can be
/// opened for reading. A FIFO, a terminal or another device (`/dev/stdin` included) is
/// checked for read permission only: opening a FIFO would take the writer's only reader
/// and end its writing (or wait for a writer that has not come yet).
pub fn check_input(path: &Path) -> Result<(), PathError> {
    let err = |source| PathError::Input {
        path: path.to_path_buf(),
        source,
    };
    let meta = fs::metadata(path).map_err(err)?;
    if meta.is_dir() {
        return Err(PathError::InputIsDirectory {
            path: path.to_path_buf(),
        });
    }
    if meta.is_file() {
        File::open(path).map_err(err)?;
    } else {
        use rustix::fs::{Access, AtFlags, CWD, accessat};
        accessat(CWD, path, Access::READ_OK, AtFlags::EACCESS).map_err(|e| err(e.into()))?;
    }
    Ok(())
}

/// What a file of the run is, for comparing.
#[derive(Debug, PartialEq, Eq)]
enum Identity {
    /// An existing regular file.
    File { dev: u64, ino: u64 },
    /// A report still to be created: its directory (canonical where it exists) and name.
    New(PathBuf),
    /// A pipe or FIFO (`-` and `/dev/stdin` reading one pipe, a named FIFO): two readers of
    /// one tear its lines between them, two writers mix their reports.
    Pipe { dev: u64, ino: u64 },
    /// A device, terminal or directory: never clashes.
    Special,
}

fn identity(path: &Path) -> io::Result<Identity> {
    match fs::metadata(path) {
        Ok(m) if m.is_file() => {
            return Ok(Identity::File {
                dev: m.dev(),
                ino: m.ino(),
            });
        }
        Ok(m) if m.file_type().is_fifo() => {
            return Ok(Identity::Pipe {
                dev: m.dev(),
                ino: m.ino(),
            });
        }
        Ok(_) => return Ok(Identity::Special),
        Err(e) if e.kind() == io::ErrorKind::NotFound => {}
        Err(e) => return Err(e),
    }
    // Not there yet: where the report will be created, at the end of any symbolic links.
    let Some(end) = resolve_links(path)? else {
        return Ok(Identity::Special);
    };
    let place = match (fs::canonicalize(parent_or_dot(&end)), end.file_name()) {
        (Ok(dir), Some(name)) => dir.join(name),
        // A missing directory: the report cannot be created, which creating it will say;
        // until then its absolute spelling is the best identity there is.
        _ => std::path::absolute(&end)?,
    };
    Ok(Identity::New(place))
}

/// What standard output is, as a file: its device and inode, for finding a report path that
/// names it (`/dev/stdout`, or the file it is redirected to). `None` when it is closed, or
/// when it is the null device, where any number of reports may go since nothing is kept.
pub(super) fn stdout_identity() -> Option<(u64, u64)> {
    use rustix::fs::{FileType, fstat, major, minor};
    let st = fstat(std::io::stdout()).ok()?;
    let null = FileType::from_raw_mode(st.st_mode) == FileType::CharacterDevice
        && (major(st.st_rdev), minor(st.st_rdev)) == (1, 3);
    (!null).then_some((st.st_dev, st.st_ino))
}

/// Whether `path`, at the end of its links, is the file `id` ([`stdout_identity`]). A path
/// that cannot be looked at is not: the checks of the reports' paths say what is wrong with it.
pub(super) fn is_file(path: &Path, id: (u64, u64)) -> bool {
    fs::metadata(path).is_ok_and(|m| (m.dev(), m.ino()) == id)
}

/// Checks every input with [`check_input`] and that no log is given twice, then that no
/// report (`outputs`: the option that named it, e.g. `"--summary"`, and its path) is an input
/// or the same file as another report. The first problem found is the error; nothing is created or changed.
///
/// Standard input read as `-` can be checked as the input `/dev/stdin`: a log redirected
/// with `<` is then recognised as the file it is.
pub fn check_paths(inputs: &[&Path], outputs: &[(&str, &Path)]) -> Result<(), PathError> {
    let mut input_ids: Vec<(&Path, Identity)> = Vec::with_capacity(inputs.len());
    for &input in inputs {
        check_input(input)?;
        let id = identity(input).map_err(|source| PathError::Input {
            path: input.to_path_buf(),
            source,
        })?;
        if let (Identity::File { .. } | Identity::Pipe { .. }, Some((first, _))) =
            (&id, input_ids.iter().find(|(_, i)| *i == id))
        {
            return Err(PathError::SameInput {
                first: first.to_path_buf(),
                second: input.to_path_buf(),
            });
        }
        input_ids.push((input, id));
    }
    let mut output_ids: Vec<(&str, &Path, Identity)> = Vec::with_capacity(outputs.len());
    for &(option, output) in outputs {
        let id = identity(output).map_err(|source| PathError::Output {
            option: option.to_string(),
            path: output.to_path_buf(),
            source,
        })?;
        if id == Identity::Special {
            continue;
        }
        // A pipe both read and written: the report is opened before the input ends, and the
        // run, holding a write end of its own input, waits for an end that never comes.
        if let Some((input, _)) = input_ids.iter().find(|(_, i)| *i == id) {
            return Err(PathError::OutputIsInput {
                option: option.to_string(),
                output: output.to_path_buf(),
                input: input.to_path_buf(),
            });
        }
        if let Some((first, first_path, _)) = output_ids.iter().find(|(_, _, o)| *o == id) {
            return Err(PathError::SameOutput {
                first: first.to_string(),
                first_path: first_path.to_path_buf(),
                second: option.to_string(),
                second_path: output.to_path_buf(),
            });
        }
        output_ids.push((option, output, id));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::{PermissionsExt, symlink};
    use std::process::Command;

    struct Dir {
        tmp: tempfile::TempDir,
    }

    impl Dir {
        fn new() -> Dir {
            Dir {
                tmp: tempfile::tempdir().unwrap(),
            }
        }
        fn file(&self, name: &str) -> PathBuf {
            let p = self.tmp.path().join(name);
            fs::write(&p, "log line\n").unwrap();
            p
        }
        fn path(&self, name: &str) -> PathBuf {
            self.tmp.path().join(name)
        }
        /// A FIFO named `name` (mkfifo(1): the tests hold no unsafe code either).
        fn fifo(&self, name: &str) -> PathBuf {
            let p = self.path(name);
            assert!(Command::new("mkfifo").arg(&p).status().unwrap().success());
            p
        }
    }

    #[test]
    fn an_output_naming_an_input_is_refused_however_it_is_spelt() {
        let d = Dir::new();
        let log = d.file("access.log");
        fs::create_dir(d.path("sub")).unwrap();
        let link = d.path("latest.log");
        symlink(&log, &link).unwrap();
        let hard = d.path("hard.log");
        fs::hard_link(&log, &hard).unwrap();
        for spelling in [
            log.clone(),
            d.path("sub/../access.log"),
            d.path("./access.log"),
            link.clone(),
            hard.clone(),
        ] {
            let err = check_paths(&[&log], &[("--out", &spelling)]).unwrap_err();
            assert!(matches!(err, PathError::OutputIsInput { .. }), "{err}");
            let msg = err.to_string();
            assert!(
                msg.starts_with(&format!(
                    "--out {} is the input {}",
                    spelling.display(),
                    log.display()
                )),
                "{msg}"
            );
        }
        // The input given through the link, the report by its name.
        let err = check_paths(&[&link], &[("--hosts", &log)]).unwrap_err();
        assert!(matches!(err, PathError::OutputIsInput { ref option, .. } if option == "--hosts"));
        // Other reports in the same folder are fine.
        check_paths(
            &[&log],
            &[("--out", &d.path("r.csv")), ("--summary", &d.path("s.csv"))],
        )
        .unwrap();
    }

    #[test]
    fn two_reports_in_one_file_are_refused_existing_or_not() {
        let d = Dir::new();
        let log = d.file("access.log");
        fs::create_dir(d.path("sub")).unwrap();
        // Not there yet, spelt two ways.
        let err = check_paths(
            &[&log],
            &[
                ("--out", &d.path("r.csv")),
                ("--summary", &d.path("sub/../r.csv")),
            ],
        )
        .unwrap_err();
        assert!(matches!(err, PathError::SameOutput { .. }), "{err}");
        assert!(err.to_string().starts_with("--out "), "{err}");
        assert!(err.to_string().contains(" and --summary "), "{err}");
        // An existing report and a link to it.
        let report = d.file("report.csv");
        let link = d.path("link.csv");
        symlink("report.csv", &link).unwrap();
        let err = check_paths(
            &[&log],
            &[
                ("--out", &d.path("x.csv")),
                ("--summary", &report),
                ("--hosts", &link),
            ],
        )
        .unwrap_err();
        match err {
            PathError::SameOutput { first, second, .. } => {
                assert_eq!((first.as_str(), second.as_str()), ("--summary", "--hosts"));
            }
            other => panic!("{other}"),
        }
        // A dangling link and the file it will create.
        let dangling = d.path("next-link.csv");
        symlink("next.csv", &dangling).unwrap();
        let err = check_paths(
            &[&log],
            &[("--out", &dangling), ("--summary", &d.path("next.csv"))],
        )
        .unwrap_err();
        assert!(matches!(err, PathError::SameOutput { .. }), "{err}");
    }

    #[test]
    fn special_files_may_be_named_twice() {
        let d = Dir::new();
        let log = d.file("access.log");
        let null = Path::new("/dev/null");
        check_paths(
            &[&log],
            &[("--out", null), ("--summary", null), ("--hosts", null)],
        )
        .unwrap();
        // A FIFO read as input and written as a report would hang the run: it holds a write
        // end of its own input, whose end never comes.
        let fifo = d.fifo("fifo");
        let err = check_paths(&[&fifo], &[("--out", &fifo)]).unwrap_err();
        assert!(matches!(err, PathError::OutputIsInput { .. }), "{err}");
    }

    /// One pipe or FIFO named twice as input would have two readers tearing its lines
    /// between them (a review found `cat log | robots-audit - /dev/stdin` audit torn lines,
    /// exit 0); named for two reports, it would get both mixed.
    #[test]
    fn one_pipe_is_not_two_inputs_nor_two_reports() {
        let d = Dir::new();
        let fifo = d.fifo("fifo");
        let link = d.path("link");
        symlink(&fifo, &link).unwrap();
        let err = check_paths(&[&fifo, &link], &[]).unwrap_err();
        assert!(matches!(err, PathError::SameInput { .. }), "{err}");
        let log = d.file("access.log");
        let err = check_paths(&[&log], &[("--out", &fifo), ("--summary", &link)]).unwrap_err();
        assert!(matches!(err, PathError::SameOutput { .. }), "{err}");
        // Two FIFOs are two.
        let other = d.fifo("other");
        check_paths(&[&fifo, &other], &[]).unwrap();
    }

    #[test]
    fn inputs_are_checked_before_anything_else() {
        let d = Dir::new();
        let log = d.file("access.log");
        let missing = d.path("missing.log");
        let err = check_paths(&[&log, &missing], &[("--out", &log)]).unwrap_err();
        assert!(matches!(err, PathError::Input { .. }), "{err}");
        assert!(err.to_string().contains("missing.log"), "{err}");

        let folder = d.path("logs");
        fs::create_dir(&folder).unwrap();
        let err = check_input(&folder).unwrap_err();
        assert!(matches!(err, PathError::InputIsDirectory { .. }), "{err}");
        assert_eq!(
            err.to_string(),
            format!(
                "cannot read {}: it is a directory, not a log",
                folder.display()
            )
        );
    }

    #[test]
    fn an_unreadable_input_is_refused() {
        let d = Dir::new();
        let log = d.file("secret.log");
        fs::set_permissions(&log, fs::Permissions::from_mode(0o000)).unwrap();
        // root reads anything; the check is then rightly silent.
        let root = fs::File::open(&log).is_ok();
        let res = check_input(&log);
        if root {
            assert!(res.is_ok());
        } else {
            let err = res.unwrap_err();
            assert!(matches!(err, PathError::Input { .. }), "{err}");
        }
    }

    #[test]
    fn a_fifo_input_is_checked_without_opening_it() {
        let d = Dir::new();
        let fifo = d.fifo("fifo");
        // Opening a FIFO for reading with no writer would block this test forever.
        check_input(&fifo).unwrap();
        // A writer waiting for its reader is not disturbed: it still waits.
        let mut writer = Command::new("sh")
            .arg("-c")
            .arg(format!("echo line > '{}'", fifo.display()))
            .spawn()
            .unwrap();
        std::thread::sleep(std::time::Duration::from_millis(50));
        check_input(&fifo).unwrap();
        std::thread::sleep(std::time::Duration::from_millis(50));
        assert!(
            writer.try_wait().unwrap().is_none(),
            "the writer was let through"
        );
        assert_eq!(fs::read_to_string(&fifo).unwrap(), "line\n");
        assert!(writer.wait().unwrap().success());
    }

    #[test]
    fn standard_input_redirected_from_a_log_is_that_log() {
        if let Ok(out) = std::env::var("ROBOTS_AUDIT_CHILD") {
            let err =
                check_paths(&[Path::new("/dev/stdin")], &[("--out", Path::new(&out))]).unwrap_err();
            assert!(matches!(err, PathError::OutputIsInput { .. }), "{err}");
            return;
        }
        let d = Dir::new();
        let log = d.file("access.log");
        let exe = std::env::current_exe().unwrap();
        let status = Command::new(exe)
            .args([
                "--exact",
                "report::paths::tests::standard_input_redirected_from_a_log_is_that_log",
                "--test-threads=1",
            ])
            .env("ROBOTS_AUDIT_CHILD", &log)
            .stdin(fs::File::open(&log).unwrap())
            .stdout(std::process::Stdio::null())
            .status()
            .unwrap();
        assert!(status.success());
    }
}
