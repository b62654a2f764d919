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
//! the address guard ([`address_allowed`]), on every redirect hop, so a hostile log cannot
//! point the tool at internal networks.
//!
//! This module never parses robots.txt (that is `robots`) and never fails a run: whatever
//! happens to a fetch is an [`Outcome`], reported per host.

mod cache;
mod command;
mod dir;
mod guard;
mod http;
pub(crate) use http::error_chain;
mod origin;

use std::collections::HashMap;
use std::net::IpAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, OnceLock};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use dashmap::DashMap;

pub use command::{FetchTarget, fetch_targets, rfc3339, run_fetch_command, write_target};
pub use guard::{GuardError, GuardRefusal, GuardedResolver, address_allowed};
pub use origin::{Origin, OriginError, OriginErrorKind, Scheme};

/// The most of a robots.txt body that is read and kept: 500 KiB (RFC 9309 §2.5: at least
/// 500 kibibytes must be parsed; Google parses exactly this much).
pub const MAX_ROBOTS_BYTES: usize = 512_000;

/// Redirects followed before giving up: 5, as Google does (RFC 9309 §2.3.1.2 asks for at
/// least five). The sixth makes the file unavailable (allow-all).
pub const MAX_REDIRECTS: usize = 5;

/// How long a fetched outcome is fresh without a `Cache-Control: max-age`: 24 hours
/// (RFC 9309 §2.4).
pub const DEFAULT_MAX_AGE: u64 = 24 * 60 * 60;

/// The longest `max-age` honoured, and the oldest cached copy used while the file is
/// unreachable: 30 days.
pub const MAX_CACHE_AGE: u64 = 30 * 24 * 60 * 60;

/// A `--resolve HOST:PORT:ADDRESS[,ADDRESS…]` override, as curl's option: connections to
/// HOST:PORT go to ADDRESS. The user's explicit choice, so the address guard does not
/// apply to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResolveOverride {
    /// Normalised like [`Origin::host`].
    pub host: String,
    /// The port it applies to (an origin's port, default ports included: `example.com:443`).
    pub port: u16,
    /// Where to connect instead; at least one.
    pub addrs: Vec<IpAddr>,
}

impl ResolveOverride {
    /// Parses `HOST:PORT:ADDRESS`, where HOST may be an IDN and ADDRESS may be a
    /// comma-separated list of IPv4 or IPv6 addresses, IPv6 optionally in brackets.
    pub fn parse(s: &str) -> Result<ResolveOverride, OptionError> {
        let bad = || OptionError::Resolve(sanitize(s, 200));
        let (host, rest) = if let Some(inner) = s.strip_prefix('[') {
            let close = inner.find(']').ok_or_else(bad)?;
            (
                &s[..close + 2],
                inner[close + 1..].strip_prefix(':').ok_or_else(bad)?,
            )
        } else {
            s.split_once(':').ok_or_else(bad)?
        };
        let (port, addrs) = rest.split_once(':').ok_or_else(bad)?;
        let origin = Origin::from_host(format!("{host}:{port}").as_bytes(), Scheme::Https)
            .map_err(|_| bad())?;
        let addrs = addrs
            .split(',')
            .map(|a| {
                let a = a
                    .strip_prefix('[')
                    .and_then(|a| a.strip_suffix(']'))
                    .unwrap_or(a);
                a.parse::<IpAddr>().map_err(|_| bad())
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(ResolveOverride {
            host: origin.host,
            port: origin.port,
            addrs,
        })
    }
}

/// A bad fetch option.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum OptionError {
    /// A `--resolve` value that is not `HOST:PORT:ADDRESS`.
    #[error("invalid --resolve {0:?}: expected HOST:PORT:ADDRESS")]
    Resolve(String),
    /// An allowed-host pattern that is neither a host nor `*.` followed by a host.
    #[error("invalid allowed host pattern {0:?}: expected a host or *.domain")]
    AllowHost(String),
}

/// Errors that stop the fetch stage from starting (or the `fetch` command from writing).
/// What happens to one origin is never an error: see [`Outcome`].
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum FetchError {
    /// A bad option.
    #[error(transparent)]
    Option(#[from] OptionError),
    /// The HTTP client could not be built.
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
    /// Writing the `fetch` command's output failed.
    #[error("cannot write the output: {0}")]
    Write(#[from] std::io::Error),
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
}

impl FetchOptions {
    /// `$XDG_CACHE_HOME/robots-audit` (or the platform's equivalent), if there is a home.
    pub fn default_cache_dir() -> Option<PathBuf> {
        dirs::cache_dir().map(|d| d.join("robots-audit"))
    }
}

impl Default for FetchOptions {
    /// Network fetches, no cache, global addresses only, 500 origins, 10 s to connect, 30 s
    /// per fetch, 8 at once.
    fn default() -> FetchOptions {
        FetchOptions {
            robots_dir: None,
            resolve: Vec::new(),
            allow_private: false,
            allow_hosts: Vec::new(),
            max_origins: 500,
            cache_dir: None,
            user_agent: concat!(
                "robots-audit/",
                env!("CARGO_PKG_VERSION"),
                " (robots.txt audit; +https://crates.io/crates/robots-audit)"
            )
            .to_owned(),
            connect_timeout: Duration::from_secs(10),
            total_timeout: Duration::from_secs(30),
            concurrency: 8,
        }
    }
}

/// How an entry was obtained.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
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

/// What getting robots.txt came to (RFC 9309 §2.3.1, google column of the spec).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
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
#[derive(Clone, Debug, PartialEq, Eq)]
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
}

impl RobotsEntry {
    fn new(url: String, obtained: Obtained, outcome: Outcome, reason: Option<String>) -> Self {
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
            reason: reason.map(|r| sanitize(&r, 500)),
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

    /// The body as kept, or empty.
    pub fn body_bytes(&self) -> &[u8] {
        self.body.as_deref().unwrap_or(&[])
    }
}

struct Slot {
    /// Order of first request, for `max_origins`.
    index: usize,
    entry: OnceLock<Arc<RobotsEntry>>,
}

/// A counting semaphore for `concurrency` (blocking threads, not tasks); the DNS verifier
/// uses it too.
pub(crate) struct Permits {
    free: Mutex<usize>,
    freed: Condvar,
}

/// One held place; given back when dropped.
pub(crate) struct Permit<'a>(&'a Permits);

impl Permits {
    /// `n` places.
    pub(crate) fn new(n: usize) -> Permits {
        Permits {
            free: Mutex::new(n),
            freed: Condvar::new(),
        }
    }

    /// Waits for a place.
    pub(crate) fn acquire(&self) -> Permit<'_> {
        // A poisoned lock only means another fetch panicked; the count is still right.
        let mut free = self.free.lock().unwrap_or_else(|e| e.into_inner());
        while *free == 0 {
            free = self.freed.wait(free).unwrap_or_else(|e| e.into_inner());
        }
        *free -= 1;
        Permit(self)
    }
}

impl Drop for Permit<'_> {
    fn drop(&mut self) {
        *self.0.free.lock().unwrap_or_else(|e| e.into_inner()) += 1;
        self.0.freed.notify_one();
    }
}

/// robots.txt for every origin of a run, each obtained once. `Send + Sync`: share it by
/// reference between the audit's workers.
pub struct RobotsStore {
    opts: FetchOptions,
    slots: DashMap<Origin, Arc<Slot>>,
    next_index: AtomicUsize,
    allow: guard::HostAllowList,
    http: Option<http::HttpFetcher>,
    cache: Option<cache::Cache>,
    permits: Permits,
    warnings: Vec<String>,
}

impl RobotsStore {
    /// Checks the options, creates the cache directory and builds the HTTP client (none in
    /// `--robots-dir` mode).
    pub fn new(opts: FetchOptions) -> Result<RobotsStore, FetchError> {
        let allow = guard::HostAllowList::new(&opts.allow_hosts)?;
        let mut warnings = Vec::new();
        let (http, cache) = if opts.robots_dir.is_some() {
            (None, None)
        } else {
            // A cache that cannot be set up costs fetches, never the run.
            let cache = match opts.cache_dir.as_deref().map(cache::Cache::new) {
                Some(Err(e)) => {
                    warnings.push(format!("{e}; running without a cache"));
                    None
                }
                Some(Ok(cache)) => Some(cache),
                None => None,
            };
            (Some(http::HttpFetcher::new(&opts, allow.clone())?), cache)
        };
        let permits = Permits::new(opts.concurrency.max(1));
        Ok(RobotsStore {
            opts,
            slots: DashMap::new(),
            next_index: AtomicUsize::new(0),
            allow,
            http,
            cache,
            permits,
            warnings,
        })
    }

    /// Problems met while setting up that did not stop the store (an unusable cache
    /// directory), for the caller to show once.
    pub fn warnings(&self) -> &[String] {
        &self.warnings
    }

    /// The options the store was built with.
    pub fn options(&self) -> &FetchOptions {
        &self.opts
    }

    /// The robots.txt outcome for an origin, obtained once per run: the first caller
    /// fetches, concurrent callers for the same origin wait for it, nobody fetches twice.
    /// Never fails: failures are outcomes.
    pub fn get(&self, origin: &Origin) -> Arc<RobotsEntry> {
        let slot = match self.slots.get(origin) {
            Some(slot) => Arc::clone(&slot),
            None => Arc::clone(&self.slots.entry(origin.clone()).or_insert_with(|| {
                Arc::new(Slot {
                    index: self.next_index.fetch_add(1, Ordering::Relaxed),
                    entry: OnceLock::new(),
                })
            })),
        };
        // The map's shard lock is released above; only this origin's callers wait here.
        Arc::clone(
            slot.entry
                .get_or_init(|| Arc::new(self.obtain(origin, slot.index))),
        )
    }

    /// All entries obtained so far, sorted by origin (for the hosts report).
    pub fn entries(&self) -> Vec<(Origin, Arc<RobotsEntry>)> {
        let mut all: Vec<_> = self
            .slots
            .iter()
            .filter_map(|kv| {
                kv.value()
                    .entry
                    .get()
                    .map(|e| (kv.key().clone(), Arc::clone(e)))
            })
            .collect();
        all.sort_by(|a, b| a.0.cmp(&b.0));
        all
    }

    fn obtain(&self, origin: &Origin, index: usize) -> RobotsEntry {
        let url = origin.robots_url();
        // The fields are public: an origin built by hand must still be one `from_host`
        // gives, or a host like `..` would reach the file system and the network.
        if Origin::from_host(origin.display_host().as_bytes(), origin.scheme).as_ref() != Ok(origin)
        {
            return RobotsEntry::not_fetched(url, "invalid host");
        }
        if let Some(dir) = &self.opts.robots_dir {
            return dir::read(dir, origin);
        }
        if index >= self.opts.max_origins {
            return RobotsEntry::not_fetched(
                url,
                format!(
                    "over the limit of {} origins fetched per run",
                    self.opts.max_origins
                ),
            );
        }
        if !self.allow.allows(&origin.host) {
            return RobotsEntry::not_fetched(url, "host not in the allowed hosts");
        }
        // An origin sent elsewhere by --resolve (a staging server, a test) neither reads nor
        // writes the cache: its answer is not the public one.
        let pinned = self
            .opts
            .resolve
            .iter()
            .any(|r| r.host == origin.host && r.port == origin.port);
        let cache = self.cache.as_ref().filter(|_| !pinned);
        let cached = cache.and_then(|c| c.load(origin));
        let now = unix_now();
        if let Some(c) = &cached
            && c.is_fresh(now)
        {
            let mut entry = c.entry.clone();
            entry.obtained = Obtained::Cache;
            return entry;
        }
        let Some(http) = &self.http else {
            // Only robots-dir mode has no client, and it returned above.
            return RobotsEntry::not_fetched(url, "no HTTP client");
        };
        let fetched = {
            let _permit = self.permits.acquire();
            http.fetch(origin)
        };
        match fetched.entry.outcome {
            Outcome::Unreachable => {
                // RFC 9309 §2.4: a cached copy may be used while the file is unreachable.
                if let Some(c) = cached
                    && c.entry.outcome == Outcome::Rules
                    && now.saturating_sub(c.entry.fetched_at) < MAX_CACHE_AGE as i64
                {
                    let mut entry = c.entry;
                    entry.obtained = Obtained::Cache;
                    entry.reason = Some(sanitize(
                        &format!(
                            "unreachable now ({}); using the copy cached at unix time {}",
                            fetched.entry.reason.as_deref().unwrap_or("no reason"),
                            entry.fetched_at
                        ),
                        500,
                    ));
                    return entry;
                }
            }
            Outcome::Rules | Outcome::AllowAll => {
                if let Some(cache) = cache
                    && !fetched.no_store
                {
                    // A cache that cannot be written only costs a fetch next run.
                    let _ = cache.store(origin, &fetched.entry, fetched.max_age);
                }
            }
            Outcome::NotFetched => {}
        }
        fetched.entry
    }
}

/// The resolve overrides by (host, port).
fn overrides_by_key(opts: &FetchOptions) -> HashMap<(String, u16), Vec<IpAddr>> {
    let mut map: HashMap<(String, u16), Vec<IpAddr>> = HashMap::new();
    for o in &opts.resolve {
        map.entry((o.host.clone(), o.port))
            .or_default()
            .extend(o.addrs.iter().copied());
    }
    map
}

fn unix_now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

/// `s` made safe for a terminal or a report, cut to `max_chars` characters with `…`:
/// [`crate::text::terminal_cut`].
pub fn sanitize(s: &str, max_chars: usize) -> String {
    crate::text::terminal_cut(s, max_chars).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resolve_override_parses_like_curl() {
        let o = ResolveOverride::parse("Example.com:443:127.0.0.1").expect("valid");
        assert_eq!(o.host, "example.com");
        assert_eq!(o.port, 443);
        assert_eq!(o.addrs, vec![IpAddr::from([127, 0, 0, 1])]);
        let o = ResolveOverride::parse("www.müller.eu:8080:[::1],10.0.0.2").expect("valid");
        assert_eq!(o.host, "www.xn--mller-kva.eu");
        assert_eq!(o.addrs.len(), 2);
        let o = ResolveOverride::parse("[2001:db8::1]:80:127.0.0.1").expect("valid");
        assert_eq!(o.host, "2001:db8::1");
        for bad in [
            "example.com",
            "example.com:80",
            "example.com:x:127.0.0.1",
            "a b:80:1.2.3.4",
            "example.com:80:nope",
        ] {
            assert!(ResolveOverride::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn sanitize_escapes_controls() {
        assert_eq!(sanitize("a\nb\x1bc\u{202e}d", 100), "a\\nb\\x1bc\\u{202e}d");
        assert_eq!(sanitize("abcdef", 3), "abc…");
    }

    #[test]
    fn store_is_send_and_sync() {
        fn check<T: Send + Sync>() {}
        check::<RobotsStore>();
    }

    #[test]
    fn as_str_names() {
        assert_eq!(Obtained::NotFetched.as_str(), "none");
        assert_eq!(Outcome::AllowAll.as_str(), "allow-all");
        assert_eq!(Outcome::NotFetched.as_str(), "not-fetched");
    }
}
