//! External sorting: records past a memory budget go to sorted runs in temporary files and
//! come back merged, in order, with nothing lost in silence.
//!
//! Two stages sort more than memory holds: the audit (the requests kept for the judgement
//! at the end, `audit::spill`) and the HTML page (its ranking of paths,
//! `report::html::ranking`). Both write runs and merge them through this module; it knows
//! bytes and orders, not what the records mean.
//!
//! - **Where**: runs are files in a private directory of the run ([`SortDir`], mode 0700, in
//!   `$TMPDIR`), each closed once written and opened again to be merged, so no descriptor is
//!   held per run in between. The directory goes away when its last run does (success or
//!   error), on SIGINT and SIGTERM (`crate::tempfiles`), and, after a `kill -9`, at the
//!   next run that sorts on disk, which removes directories that no live run holds a lock on.
//! - **Framing** ([`frame`]): a header (magic, version), per record its length and a CRC-32,
//!   and a trailer with the record count. A truncated, shortened, lengthened or corrupted run
//!   is an error naming its file and which run of how many it is ([`SortError::Read`]).
//! - **Merging** ([`Merge`], [`reduce`], [`merge_runs`]): at most [`fan_in`] runs are open at once, a number
//!   derived from the process's open-file limit (`RLIMIT_NOFILE`) less the descriptors
//!   already open and a reserve; more runs than that are merged in several passes.
//!
//! A write that fails (a full disk, no descriptors, an I/O error) removes the partial file and
//! is an error for the caller to decide on; a run is only ever read back whole. Both callers
//! decide the same way: the records stay in memory up to [`OVERDRAFT`] times the budget, and
//! past that the run fails.

mod dir;
pub mod frame;
mod merge;

use std::io;
use std::path::PathBuf;

pub use dir::{LazyDir, Run, RunReader, RunWriter, SortDir};
pub use frame::Damage;
pub use merge::{MAX_FAN_IN, Merge, Source, fan_in, merge_runs, read_buffer, reduce};

/// How many times its memory budget a sort may hold when a run cannot be written (a full
/// disk, no descriptors, an I/O error): it goes on in memory up to this, tries once more, and
/// fails if that fails too. Nothing is lost either way; memory stays bounded.
pub const OVERDRAFT: usize = 2;

/// Why sorting on disk failed.
#[derive(Debug, thiserror::Error)]
pub enum SortError {
    /// The private directory could not be made.
    #[error("cannot create a temporary directory in {} ($TMPDIR): {source}", parent.display())]
    CreateDir {
        /// Where it was to be made.
        parent: PathBuf,
        /// Why not.
        source: io::Error,
    },
    /// A run could not be created or written (its partial file is removed).
    #[error("cannot write temporary file {}: {source}", path.display())]
    Write {
        /// The run's file.
        path: PathBuf,
        /// Why not.
        source: io::Error,
    },
    /// A run could not be read back whole.
    #[error(
        "cannot read back temporary file {} (sorted run {run} of {runs}): {problem}",
        path.display()
    )]
    Read {
        /// The run's file.
        path: PathBuf,
        /// Which run of the merge (from 1).
        run: usize,
        /// Of how many.
        runs: usize,
        /// What is wrong with it.
        problem: Damage,
    },
    /// Too few descriptors are left to merge even two runs.
    #[error(
        "too few file descriptors to merge sorted runs: the limit is {limit} (ulimit -n) and \
         {open} are open; raise the limit"
    )]
    Descriptors {
        /// The soft limit.
        limit: u64,
        /// Descriptors open now.
        open: u64,
    },
}
