//! Writing a large report to disk while the rest of it is being made.
//!
//! A report is synced before it replaces the old one ([`super::output`]); for a report of
//! tens of megabytes that last `fsync` waited for all of it to reach the disk after the last
//! row (some 25 ms for 60 MB here), with nothing else left to do. [`Writeback`] asks for a
//! sync of what the file holds so far each [`SYNC_EVERY`] bytes, on a thread of its own with
//! a second descriptor of the same file, so the disk writes while the rows are still made
//! and the last sync has only the tail to write.
//!
//! It changes when bytes reach the disk, never whether: the report is still synced whole
//! before it is renamed into place, and an error of an early sync is the report's error
//! (the last sync might not see it again: on Linux a write-back error is reported once per
//! open file, and both descriptors share it). When a second descriptor or the thread cannot
//! be had (a low `RLIMIT_NOFILE`, no threads left) there is no early sync, only the last one.

use std::fs::File;
use std::io;
use std::sync::mpsc::{self, SyncSender, TrySendError};
use std::thread::JoinHandle;

/// Bytes written between two requests for an early sync.
pub(super) const SYNC_EVERY: u64 = 8 << 20;

/// Early syncs of one file: see the module's documentation.
#[derive(Default)]
pub(super) struct Writeback {
    /// Bytes written since the last request.
    unsynced: u64,
    helper: Helper,
    /// Early syncs asked for (a test's way to see that they happen).
    requested: u64,
}

#[derive(Default)]
enum Helper {
    /// None asked for yet.
    #[default]
    Idle,
    /// The syncing thread: a request on `tx` asks for one sync; the thread gives the first
    /// error it met, if any, when it ends.
    Running {
        tx: SyncSender<()>,
        thread: JoinHandle<io::Result<()>>,
    },
    /// No early syncs for this file (no descriptor or thread could be had).
    Off,
}

impl Writeback {
    /// Counts `n` bytes written to `file`; past [`SYNC_EVERY`] since the last time, asks for a
    /// sync of what the file holds (a sync still running or waiting covers it already).
    pub fn wrote(&mut self, n: usize, file: &File) {
        self.unsynced += n as u64;
        if self.unsynced < SYNC_EVERY {
            return;
        }
        self.unsynced = 0;
        if matches!(self.helper, Helper::Idle) {
            self.helper = start(file);
        }
        if let Helper::Running { tx, .. } = &self.helper {
            match tx.try_send(()) {
                Ok(()) => self.requested += 1,
                // Full: a request is waiting and will cover these bytes. Disconnected: the
                // thread ended on an error, which `finish` gives.
                Err(TrySendError::Full(())) | Err(TrySendError::Disconnected(())) => {}
            }
        }
    }

    /// Waits for the early syncs asked for; gives the first error one of them met.
    pub fn finish(&mut self) -> io::Result<()> {
        match std::mem::replace(&mut self.helper, Helper::Off) {
            Helper::Running { tx, thread } => {
                drop(tx);
                match thread.join() {
                    Ok(result) => result,
                    Err(panic) => std::panic::resume_unwind(panic),
                }
            }
            Helper::Idle | Helper::Off => Ok(()),
        }
    }

    /// Early syncs asked for so far.
    #[cfg(test)]
    pub fn requested(&self) -> u64 {
        self.requested
    }
}

impl Drop for Writeback {
    /// An abandoned report's thread is waited for too: no thread outlives its file's writer.
    fn drop(&mut self) {
        // The report is being abandoned (or `finish` already ran): an error of its early
        // syncs has nothing left to fail.
        let _ = self.finish();
    }
}

/// The syncing thread for `file`, with a descriptor of its own; [`Helper::Off`] when none
/// can be had (the last sync then does all the work, as without early syncs).
fn start(file: &File) -> Helper {
    let Ok(own) = file.try_clone() else {
        return Helper::Off;
    };
    let (tx, rx) = mpsc::sync_channel::<()>(1);
    let spawned = std::thread::Builder::new()
        .name("report-sync".into())
        .spawn(move || -> io::Result<()> {
            for () in rx {
                own.sync_data()?;
            }
            Ok(())
        });
    match spawned {
        Ok(thread) => Helper::Running { tx, thread },
        Err(_) => Helper::Off,
    }
}

#[cfg(test)]
mod tests {
    use std::io::Write;

    use super::*;

    #[test]
    fn a_sync_is_asked_for_each_sync_every_bytes_written() {
        let dir = tempfile::tempdir().unwrap();
        let mut file = File::create(dir.path().join("r.csv")).unwrap();
        let mut wb = Writeback::default();
        let chunk = vec![b'x'; 1 << 20];
        let mut written = 0u64;
        while written < 3 * SYNC_EVERY + 5 {
            file.write_all(&chunk).unwrap();
            wb.wrote(chunk.len(), &file);
            written += chunk.len() as u64;
        }
        // Asked at 1, 2 and 3 × SYNC_EVERY, unless a request was still waiting.
        let requested = wb.requested();
        assert!((1..=3).contains(&requested), "{requested}");
        wb.finish().unwrap();
        // Nothing asked below the threshold.
        let mut small = Writeback::default();
        small.wrote(SYNC_EVERY as usize - 1, &file);
        assert_eq!(small.requested(), 0);
        assert!(matches!(small.helper, Helper::Idle));
    }

    #[test]
    fn an_early_sync_error_is_the_reports_error() {
        // A character device cannot be synced (EINVAL): the error an early sync meets comes
        // out of `finish`, where the report's commit sees it.
        let null = File::options().write(true).open("/dev/null").unwrap();
        let mut wb = Writeback::default();
        wb.wrote(SYNC_EVERY as usize, &null);
        assert_eq!(wb.requested(), 1);
        let err = wb.finish().expect_err("/dev/null cannot be synced");
        assert_eq!(err.raw_os_error(), Some(22), "{err}");
        // Given once: the thread is gone.
        wb.finish().unwrap();
    }
}
