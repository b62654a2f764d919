//! The temporary files and directories of this process, and how they go away.
//!
//! Two kinds of temporary things outlive a function call: a report's temporary file beside
//! its target (`report::Output`) and the private directory of sorted runs (`extsort`). Both
//! are removed by their owner when it is dropped (success or error). What this module adds
//! is what an owner cannot do itself:
//!
//! - **Signals**: once [`remove_on_signal`] was called, SIGINT and SIGTERM remove every path
//!   still listed here ([`live`]), then end the process by the same signal.
//! - **Dead runs** (`kill -9`, a crash, a power cut) leave their paths behind. Each holds an
//!   exclusive `flock` while its run is alive; a later run removes a path nobody holds a lock
//!   on once it is older than [`STALE_AFTER`] ([`lock_if_abandoned`]). The lock, not the pid,
//!   because pids are reused and a directory may be shared by machines over NFS; the minute
//!   covers the instant between a live run's creating its path and locking it. A path that
//!   cannot be locked (a file system without locks, another user's file) is never removed.

use std::fs::{self, File, OpenOptions};
use std::io;
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, SystemTime};

/// A temporary path nobody holds a lock on is left over from a dead run once it is this old.
pub const STALE_AFTER: Duration = Duration::from_secs(60);

/// The temporary paths of this process, for the signal handler.
static LIVE: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// The list of temporary paths (files or directories) to remove on a signal. Create a path
/// and list it under one guard, and unlist it under the guard that renames or removes it: a
/// signal arriving meanwhile waits, so it never misses a path nor removes one that became a
/// report.
pub fn live() -> MutexGuard<'static, Vec<PathBuf>> {
    // A panic while the list was held cannot leave it half-changed (push and remove only).
    LIVE.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Removes a file, or a directory with everything in it (symbolic links are removed, never
/// followed).
fn remove(path: &Path) -> io::Result<()> {
    match fs::symlink_metadata(path) {
        Ok(m) if m.is_dir() => fs::remove_dir_all(path),
        Ok(_) => fs::remove_file(path),
        Err(e) => Err(e),
    }
}

/// From now on, SIGINT and SIGTERM remove every temporary path still listed (report files
/// not yet in place, directories of sorted runs), then end the process by that same signal
/// (its default action), so that a shell sees status 130 or 143 and a script or `make`
/// running the program stops as it would for any interrupted command. Calling it again does
/// nothing.
///
/// For the binary to call once at start: a library embedded in another program (Python)
/// must leave that program's signal handling alone. The handling runs on a thread of its
/// own, not in a signal handler. Signals that were ignored when the process started (a
/// background job of a non-interactive shell ignores SIGINT) are caught all the same.
pub fn remove_on_signal() -> io::Result<()> {
    use signal_hook::consts::{SIGINT, SIGTERM};
    static INSTALLED: Mutex<bool> = Mutex::new(false);
    let mut installed = INSTALLED.lock().unwrap_or_else(PoisonError::into_inner);
    if *installed {
        return Ok(());
    }
    let mut signals = signal_hook::iterator::Signals::new([SIGINT, SIGTERM])?;
    std::thread::Builder::new()
        .name("robots-audit-signals".into())
        .spawn(move || {
            if let Some(signal) = signals.forever().next() {
                // Held to the end: nothing is renamed into place or created meanwhile.
                let mut live = live();
                for path in live.drain(..) {
                    let _ = remove(&path);
                }
                // Ends the process (the default action of SIGINT and SIGTERM is to
                // terminate); it aborts should the signal fail to.
                let _ = signal_hook::low_level::emulate_default_handler(signal);
            }
        })?;
    *installed = true;
    Ok(())
}

/// A regular file or a directory (`dir`; never a symbolic link), older than [`STALE_AFTER`],
/// that nobody holds a lock on: the path, locked now by us, so that no other cleanup takes
/// it while it is removed.
pub fn lock_if_abandoned(path: &Path, dir: bool) -> Option<File> {
    let old_enough = |m: &fs::Metadata| {
        m.modified()
            .ok()
            .and_then(|t| SystemTime::now().duration_since(t).ok())
            .is_some_and(|age| age >= STALE_AFTER)
    };
    match fs::symlink_metadata(path) {
        Ok(m) if (if dir { m.is_dir() } else { m.is_file() }) && old_enough(&m) => {}
        _ => return None,
    }
    let nofollow = rustix::fs::OFlags::NOFOLLOW.bits() as i32;
    let file = OpenOptions::new()
        .read(true)
        .custom_flags(nofollow)
        .open(path)
        .ok()?;
    // Locked: its run is alive. Not lockable (no lock support): cannot tell, so it stays.
    file.try_lock().ok()?;
    Some(file)
}

/// The names in `dir`, sorted (for tests that check what is left in a directory).
#[cfg(test)]
pub(crate) fn sorted_names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}
