//! Stage 4 of the pipeline: getting robots.txt for each origin, once per run.
//!
//! Takes [`Origin`]s (from the log's host fields) and gives one [`RobotsEntry`] per origin:
//! the body to parse and the outcome of getting it, classified by RFC 9309 §2.3 (2xx rules,
//! 4xx allow-all, 429/5xx/network failure unreachable, refused not-fetched). The entry
//! records enough (status, final URL, truncation, how it was obtained) for the auditor to
//! apply another dialect's reading of the same fetch.
//!
//! Where a file comes from, in order: saved copies (`--robots-dir`, then nothing is
//! fetched), the disk cache (`--cache-dir`), the network. Every network connection passes
//! the address guard ([`crate::net::address_allowed`]), on every redirect hop, so a hostile log cannot
//! point the tool at internal networks.
//!
//! This module never parses robots.txt (that is `robots`) and never fails a run: whatever
//! happens to a fetch is an [`Outcome`], reported per host.

#[cfg(feature = "net")]
pub(crate) mod allow;
#[cfg(feature = "net")]
mod archive;
#[cfg(feature = "net")]
mod cache;
mod dir;
pub(crate) mod files;
#[cfg(feature = "net")]
mod http;
mod source;
#[cfg(feature = "net")]
mod store;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::text;
use serde::{Deserialize, Serialize};

// What this stage takes (origins, and `--resolve` pins in its options), where its callers
// find it; the types live in `net`, which every download shares.
pub use crate::net::{Origin, ResolveOverride, Scheme};
#[cfg(feature = "net")]
pub use archive::{
    ArchiveError, ArchiveOptions, CdxProblem, DEFAULT_ARCHIVE, ImportError, ImportErrorKind,
    Imported, Importer, RequestError, payload_digest,
};
pub use dir::{
    DatedName, DirError, NameProblem, RobotsDir, Saved, SavedBody, StampProblem, parse_stamp, stamp,
};
pub use source::{Missing, OriginHistory, RobotsSource, Snapshot, Version};
#[cfg(feature = "net")]
pub use store::RobotsStore;

/// The most of a robots.txt body that is read and kept: 500 KiB (RFC 9309 §2.5: at least
/// 500 kibibytes must be parsed; Google parses exactly this much).
pub const MAX_ROBOTS_BYTES: usize = 512_000;

/// The SHA-256 of a robots.txt body: versions with the same digest say the same thing, so
/// they share one copy and one compiled form.
pub type BodyDigest = [u8; 32];

/// The [`BodyDigest`] of a body.
pub fn body_digest(body: &[u8]) -> BodyDigest {
    use sha2::Digest as _;
    sha2::Sha256::digest(body).into()
}

/// How long a fetched outcome is fresh without a `Cache-Control: max-age`: 24 hours
/// (RFC 9309 §2.4).
pub const DEFAULT_MAX_AGE: u64 = 24 * 60 * 60;

/// The longest `max-age` honoured: 30 days. (While the file is unreachable, the last good
/// version stands however old it is, as Google keeps its last cached copy: docs/judging.md,
/// "Versions a crawler may hold".)
pub const MAX_CACHE_AGE: u64 = 30 * 24 * 60 * 60;

/// A bad fetch option.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum OptionError {
    /// An allowed-host pattern that is neither a host nor `*.` followed by a host.
    #[error("invalid allowed host pattern {0:?}: expected a host or *.domain")]
    AllowHost(String),
}

/// Errors that stop the fetch stage from starting.
/// What happens to one origin is never an error: see [`Outcome`].
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum FetchError {
    /// A bad option.
    #[error(transparent)]
    Option(#[from] OptionError),
    /// The HTTP client could not be built.
    #[cfg(feature = "net")]
    #[error("cannot set up the HTTP client: {0}")]
    Client(#[source] reqwest::Error),
    /// The cache directory could not be created (the store then runs without a cache and
    /// says so in [`RobotsStore::warnings`]).
    #[error("cannot create the cache directory {}: {source}", path.display())]
    CacheDir {
        /// The directory.
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// `--robots-dir` cannot be read, has a file that is not a version, or versions that do
    /// not fit (the message names the option: the paths alone do not say what they are).
    #[error("--robots-dir: {0}")]
    Dir(#[from] dir::DirError),
}

/// How robots.txt is obtained; see each field.
#[derive(Clone, Debug)]
pub struct FetchOptions {
    /// Saved copies `DIR/<host>/robots.txt`; when set nothing is fetched or cached.
    pub robots_dir: Option<PathBuf>,
    /// `--resolve` overrides; allowed even if loopback or private.
    pub resolve: Vec<ResolveOverride>,
    /// Explicit opt-in to non-global (loopback, private, link-local…) addresses.
    pub allow_private: bool,
    /// Host patterns (`example.com`, `*.example.com`) that may be fetched from, on every
    /// redirect hop; empty allows all.
    pub allow_hosts: Vec<String>,
    /// At most this many origins are fetched; later ones are not fetched.
    pub max_origins: usize,
    /// The disk cache; `None` for no cache (`--no-cache`).
    pub cache_dir: Option<PathBuf>,
    /// The User-Agent sent, naming the tool and a contact URL.
    pub user_agent: String,
    /// Connecting to one address.
    pub connect_timeout: Duration,
    /// One whole fetch, all redirect hops and the body included (each read is bounded by
    /// what remains of it).
    pub total_timeout: Duration,
    /// Fetches in flight at once.
    pub concurrency: usize,
    /// The whole fetch phase of a run: origins not fetched by then are not judged.
    pub budget: Duration,
    /// The latest instant (unix seconds) the logs of the run may hold a request from: a
    /// cached outcome last fetched at or before it is fetched again however fresh, since the
    /// file may have changed after it and before those requests (docs/judging.md, "Where
    /// versions come from"). `None` when no logs are judged (the `fetch` command).
    pub logs_written_until: Option<i64>,
}

impl Default for FetchOptions {
    /// Network fetches, no cache, global addresses only, 500 origins, 10 s to connect, 30 s
    /// per fetch, 16 at once, 120 s for all of them.
    fn default() -> FetchOptions {
        let client = crate::net::ClientOptions::default();
        FetchOptions {
            robots_dir: None,
            resolve: Vec::new(),
            allow_private: false,
            allow_hosts: Vec::new(),
            max_origins: 500,
            cache_dir: None,
            user_agent: client.user_agent,
            connect_timeout: client.connect_timeout,
            total_timeout: client.timeout,
            concurrency: 16,
            budget: Duration::from_secs(120),
            logs_written_until: None,
        }
    }
}

/// How an entry was obtained.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Obtained {
    /// From `--robots-dir`.
    RobotsDir,
    /// Fetched in this run.
    Network,
    /// From the disk cache (fresh, or stale while the site is unreachable).
    Cache,
    /// Not obtained at all (refused or over a limit).
    NotFetched,
}

impl Obtained {
    /// `robots-dir`, `network`, `cache` or `none`.
    pub fn as_str(self) -> &'static str {
        match self {
            Obtained::RobotsDir => "robots-dir",
            Obtained::Network => "network",
            Obtained::Cache => "cache",
            Obtained::NotFetched => "none",
        }
    }
}

/// What getting robots.txt came to (RFC 9309 §2.3.1; docs/robots-txt.md, "Getting the file").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Outcome {
    /// 2xx: the body is there, apply its rules ("conditional allow").
    Rules,
    /// 4xx except 429, more than 5 redirects or a redirect loop, no file in
    /// `--robots-dir`: the file is "unavailable", everything is allowed.
    AllowAll,
    /// 429, 5xx, DNS failure, timeout, reset, truncated or malformed response: the google
    /// dialect takes this as full disallow.
    Unreachable,
    /// Not attempted: the address guard refused, the host is invalid or not allowed, or
    /// the origin is over `max_origins`.
    NotFetched,
}

impl Outcome {
    /// `rules`, `allow-all`, `unreachable` or `not-fetched`.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Rules => "rules",
            Outcome::AllowAll => "allow-all",
            Outcome::Unreachable => "unreachable",
            Outcome::NotFetched => "not-fetched",
        }
    }
}

/// The robots.txt outcome for one origin.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RobotsEntry {
    /// The robots.txt URL asked for.
    pub url: String,
    /// Where the entry came from.
    pub obtained: Obtained,
    /// What it came to.
    pub outcome: Outcome,
    /// The final HTTP status, after redirects.
    pub status: Option<u16>,
    /// The last URL requested (differs from `url` after redirects).
    pub final_url: Option<String>,
    /// At most [`MAX_ROBOTS_BYTES`]; present for [`Outcome::Rules`].
    pub body: Option<Arc<[u8]>>,
    /// The body was longer than [`MAX_ROBOTS_BYTES`]; reading stopped there.
    pub truncated: bool,
    /// Bytes of body kept.
    pub bytes: u64,
    /// When it was fetched (or the saved copy's modification time), unix seconds.
    pub fetched_at: i64,
    /// Why, for unreachable and not-fetched entries (and a note for a stale cached copy).
    /// Sanitised: no control characters.
    pub reason: Option<String>,
    /// A saved file (`--robots-dir`) whose body is read only when a version is judged by it;
    /// `body` is then `None`, and `bytes` and `truncated` come from the file's size. Not
    /// serialised: a [`Snapshot`] holds its bodies.
    #[serde(skip)]
    pub saved: Option<Arc<SavedBody>>,
}

impl RobotsEntry {
    pub(crate) fn new(
        url: String,
        obtained: Obtained,
        outcome: Outcome,
        reason: Option<String>,
    ) -> Self {
        RobotsEntry {
            url,
            obtained,
            outcome,
            status: None,
            final_url: None,
            body: None,
            truncated: false,
            bytes: 0,
            fetched_at: unix_now(),
            reason: reason.map(|r| text::terminal_cut(&r, 500).into_owned()),
            saved: None,
        }
    }

    /// An entry for an origin that was not fetched, with the reason.
    pub fn not_fetched(url: String, reason: impl Into<String>) -> RobotsEntry {
        RobotsEntry::new(
            url,
            Obtained::NotFetched,
            Outcome::NotFetched,
            Some(reason.into()),
        )
    }

    /// The body as kept, or empty (also for a saved file not read yet: see
    /// [`RobotsEntry::saved`]).
    pub fn body_bytes(&self) -> &[u8] {
        self.body.as_deref().unwrap_or(&[])
    }

    /// The size of the body, kept or saved; `None` when there is none.
    pub fn body_len(&self) -> Option<u64> {
        match (&self.body, &self.saved) {
            (Some(body), _) => Some(body.len() as u64),
            (None, Some(_)) => Some(self.bytes),
            (None, None) => None,
        }
    }
}

pub(crate) fn unix_now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn as_str_names() {
        assert_eq!(Obtained::NotFetched.as_str(), "none");
        assert_eq!(Outcome::AllowAll.as_str(), "allow-all");
        assert_eq!(Outcome::NotFetched.as_str(), "not-fetched");
    }
}
