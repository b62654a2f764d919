//! Opening files in folders that anyone with write access may fill: `--robots-dir`, the
//! `--cache-dir` and a `history --save` folder. A FIFO there blocks `open()` until some
//! writer comes (forever), a device reads without end or acts on being opened, so only
//! regular files are opened: the type is checked before the call (a device is never
//! opened), the call never waits (`O_NONBLOCK`), and the type is checked again on the open
//! file (a name swapped in between is caught). Errors say what the name is instead, e.g.
//! "not a regular file (a FIFO)", for callers to put after the path.

use std::fs::{File, Metadata, OpenOptions};
use std::io;
use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
use std::path::Path;

/// Whether a symbolic link at the path itself is followed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Links {
    /// Follow it (the user's own `--robots-dir` may link to the site's real file).
    Follow,
    /// Refuse it (the cache: a link to `/dev/zero` must not be read).
    Refuse,
}

/// What a file that is not a regular one is, for messages: `a FIFO`, `a directory`, …
pub(crate) fn kind_of(meta: &Metadata) -> &'static str {
    let t = meta.file_type();
    if t.is_file() {
        "a regular file"
    } else if t.is_dir() {
        "a directory"
    } else if t.is_fifo() {
        "a FIFO"
    } else if t.is_symlink() {
        "a symbolic link"
    } else if t.is_socket() {
        "a socket"
    } else if t.is_char_device() {
        "a character device"
    } else if t.is_block_device() {
        "a block device"
    } else {
        "not a file"
    }
}

/// The error for a name that is not a regular file.
pub(crate) fn not_regular(meta: &Metadata) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidInput,
        format!("not a regular file ({})", kind_of(meta)),
    )
}

fn metadata(path: &Path, links: Links) -> io::Result<Metadata> {
    match links {
        Links::Follow => std::fs::metadata(path),
        Links::Refuse => std::fs::symlink_metadata(path),
    }
}

fn flags(links: Links) -> i32 {
    let nofollow = match links {
        Links::Follow => 0,
        Links::Refuse => libc::O_NOFOLLOW,
    };
    libc::O_NONBLOCK | libc::O_CLOEXEC | nofollow
}

/// Opens a regular file for reading without ever waiting in `open()`; anything else (a
/// FIFO, a device, a socket, a directory, and with [`Links::Refuse`] a symbolic link) is
/// refused with an error saying what it is.
pub(crate) fn open_regular(path: &Path, links: Links) -> io::Result<File> {
    let before = metadata(path, links)?;
    if !before.is_file() {
        return Err(not_regular(&before));
    }
    let file = OpenOptions::new()
        .read(true)
        .custom_flags(flags(links))
        .open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(not_regular(&meta));
    }
    Ok(file)
}

/// Opens (creating it if missing) a lock file for writing, as [`open_regular`] opens for
/// reading: never waiting, never following a link, and only a regular file.
#[cfg_attr(
    not(feature = "net"),
    expect(
        dead_code,
        reason = "only the cache and history, which need the network, lock"
    )
)]
pub(crate) fn open_lock(path: &Path) -> io::Result<File> {
    match std::fs::symlink_metadata(path) {
        Ok(meta) if !meta.is_file() => return Err(not_regular(&meta)),
        Ok(_) => {}
        Err(e) if e.kind() == io::ErrorKind::NotFound => {}
        Err(e) => return Err(e),
    }
    let file = OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .mode(0o666)
        .custom_flags(flags(Links::Refuse))
        .open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(not_regular(&meta));
    }
    Ok(file)
}

/// Makes a FIFO at `path`, for tests, with mkfifo(1) (no unsafe code in this crate).
#[cfg(test)]
pub(crate) fn mkfifo(path: &Path) {
    let made = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(made.success(), "mkfifo {}", path.display());
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;
    use std::time::{Duration, Instant};

    #[test]
    fn a_fifo_is_refused_at_once_and_named() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("robots.txt");
        mkfifo(&path);
        let start = Instant::now();
        for links in [Links::Follow, Links::Refuse] {
            let err = open_regular(&path, links).expect_err("a FIFO");
            assert_eq!(err.to_string(), "not a regular file (a FIFO)");
        }
        let err = open_lock(&path).expect_err("a FIFO");
        assert_eq!(err.to_string(), "not a regular file (a FIFO)");
        assert!(start.elapsed() < Duration::from_secs(5), "never waits");
    }

    #[test]
    fn links_are_followed_only_when_asked_and_devices_refused() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("real.txt");
        std::fs::write(&file, "User-agent: *\n").unwrap();
        let link = dir.path().join("robots.txt");
        std::os::unix::fs::symlink(&file, &link).unwrap();
        let mut text = String::new();
        open_regular(&link, Links::Follow)
            .unwrap()
            .read_to_string(&mut text)
            .unwrap();
        assert_eq!(text, "User-agent: *\n");
        let err = open_regular(&link, Links::Refuse).expect_err("a link");
        assert_eq!(err.to_string(), "not a regular file (a symbolic link)");
        let zero = dir.path().join("zero");
        std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
        let err = open_regular(&zero, Links::Follow).expect_err("a device");
        assert_eq!(err.to_string(), "not a regular file (a character device)");
        let err = open_regular(dir.path(), Links::Follow).expect_err("a folder");
        assert_eq!(err.to_string(), "not a regular file (a directory)");
        let lock = dir.path().join(".lock");
        open_lock(&lock).expect("created");
        open_lock(&lock).expect("opened again");
    }
}
