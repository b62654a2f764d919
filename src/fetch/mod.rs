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

mod archive;
mod cache;
mod command;
mod dir;
pub(crate) mod guard;
mod http;
pub(crate) use http::error_chain;
mod origin;
mod source;

use std::collections::HashMap;
use std::net::IpAddr;
use std::path::PathBuf;
use std::sync::{Arc, Condvar, Mutex, OnceLock};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use crate::text;
use dashmap::DashMap;
use serde::{Deserialize, Serialize};

pub use archive::{
    ArchiveError, ArchiveOptions, CdxProblem, DEFAULT_ARCHIVE, ImportError, ImportErrorKind,
    Imported, Importer, RequestError, payload_digest,
};
pub use command::{FetchTarget, fetch_targets, run_fetch_command, write_target};
pub use dir::{DatedName, DirError, RobotsDir, Saved, parse_stamp, stamp};
pub use guard::{GuardError, GuardRefusal, GuardedResolver, address_allowed};
pub use origin::{Origin, OriginError, OriginErrorKind, Scheme};
pub use source::{Missing, OriginHistory, RobotsSource, Snapshot, Version};

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
        let bad = || OptionError::Resolve(text::terminal_cut(s, 200).into_owned());
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
    /// `--robots-dir` has a file that is not a version, or versions that do not fit.
    #[error(transparent)]
    Dir(#[from] dir::DirError),
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
    /// The whole fetch phase of a run: origins not fetched by then are not judged.
    pub budget: Duration,
}

impl FetchOptions {
    /// `$XDG_CACHE_HOME/robots-audit` (or the platform's equivalent), if there is a home.
    pub fn default_cache_dir() -> Option<PathBuf> {
        dirs::cache_dir().map(|d| d.join("robots-audit"))
    }
}

impl Default for FetchOptions {
    /// Network fetches, no cache, global addresses only, 500 origins, 10 s to connect, 30 s
    /// per fetch, 16 at once, 120 s for all of them.
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
            concurrency: 16,
            budget: Duration::from_secs(120),
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

/// What getting robots.txt came to (RFC 9309 §2.3.1, google column of the spec).
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

/// A counting semaphore for `concurrency` (blocking threads, not tasks); the DNS verifier
/// uses it.
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
        // A poisoned lock only means another holder panicked; the count is still right.
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

/// One origin's place in the store.
#[derive(Default)]
struct Slot {
    /// The answer the store gives, set once.
    history: OnceLock<Arc<OriginHistory>>,
    /// What a network fetch came to (written by a fetch thread, read by `settle`).
    fetched: Mutex<Option<OriginHistory>>,
}

/// The state shared with the fetch threads.
struct Inner {
    opts: FetchOptions,
    allow: guard::HostAllowList,
    http: Option<http::HttpFetcher>,
    cache: Option<cache::Cache>,
    /// `--robots-dir`, checked.
    dir: Option<dir::RobotsDir>,
    slots: DashMap<Origin, Arc<Slot>>,
    /// Origins waiting for the network, in the order they were noted.
    noted: Mutex<Vec<Origin>>,
    /// Origins whose fetch has started this run (for `max_origins`).
    started: Mutex<usize>,
    /// At most `concurrency` fetches at once, across every `settle`.
    permits: Permits,
    warnings: Mutex<Vec<String>>,
}

/// robots.txt for every origin of a run, each obtained once: from `--robots-dir`, from the
/// disk cache, or from the network. `Send + Sync`: share it by reference.
///
/// As a [`RobotsSource`], it answers at once whatever needs no network (saved files, a
/// fresh cache entry, an origin that is invalid or not allowed) and notes the rest; the
/// network fetches happen in [`RobotsSource::settle`], on threads of the store's own, at
/// most `concurrency` at once and for at most `max_origins` origins (the ones with the most
/// crawler requests), within the time budget. So nothing that reads logs ever waits on the
/// network, and the choice of origins does not depend on which thread saw them first.
pub struct RobotsStore {
    inner: Arc<Inner>,
}

impl RobotsStore {
    /// Checks the options, creates the cache directory and builds the HTTP client (none in
    /// `--robots-dir` mode).
    pub fn new(opts: FetchOptions) -> Result<RobotsStore, FetchError> {
        let allow = guard::HostAllowList::new(&opts.allow_hosts)?;
        let mut warnings = Vec::new();
        let dir = opts
            .robots_dir
            .as_deref()
            .map(dir::RobotsDir::scan)
            .transpose()?;
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
        Ok(RobotsStore {
            inner: Arc::new(Inner {
                permits: Permits::new(opts.concurrency.max(1)),
                opts,
                allow,
                http,
                cache,
                dir,
                slots: DashMap::new(),
                noted: Mutex::new(Vec::new()),
                started: Mutex::new(0),
                warnings: Mutex::new(warnings),
            }),
        })
    }

    /// Problems met that did not stop the store (an unusable cache directory, a cache entry
    /// that could not be written), for the caller to show once.
    pub fn warnings(&self) -> Vec<String> {
        lock(&self.inner.warnings).clone()
    }

    /// The options the store was built with.
    pub fn options(&self) -> &FetchOptions {
        &self.inner.opts
    }

    /// The robots.txt outcome for an origin, obtained once per run (fetched on this call if
    /// it must be; concurrent callers for the same origin share one fetch). For the `fetch`
    /// command and tests; the audit uses [`RobotsSource::lookup`] and
    /// [`RobotsSource::settle`].
    pub fn get(&self, origin: &Origin) -> Arc<RobotsEntry> {
        if let Some(h) = self.lookup(origin) {
            return Arc::clone(h.current());
        }
        self.settle(&[(origin.clone(), 0)]);
        // Another caller may be fetching it: its settle sets the answer.
        Arc::clone(self.slot(origin).0.history.wait().current())
    }

    /// All entries obtained so far (the current version of each history), sorted by origin.
    pub fn entries(&self) -> Vec<(Origin, Arc<RobotsEntry>)> {
        self.obtained()
            .into_iter()
            .map(|(o, h)| (o, Arc::clone(h.current())))
            .collect()
    }

    fn slot(&self, origin: &Origin) -> (Arc<Slot>, bool) {
        if let Some(slot) = self.inner.slots.get(origin) {
            return (Arc::clone(&slot), false);
        }
        let mut created = false;
        let slot = Arc::clone(&self.inner.slots.entry(origin.clone()).or_insert_with(|| {
            created = true;
            Arc::new(Slot::default())
        }));
        (slot, created)
    }
}

impl Inner {
    /// The history of an origin when it needs no network: an invalid origin, saved files, a
    /// host outside the allowed ones, a fresh cache entry.
    fn without_network(&self, origin: &Origin) -> Option<OriginHistory> {
        let url = origin.robots_url();
        let single = |entry| Some(OriginHistory::single(Arc::new(entry)));
        // The fields are public: an origin built by hand must still be one `from_host`
        // gives, or a host like `..` would reach the file system and the network.
        if Origin::from_host(origin.display_host().as_bytes(), origin.scheme).as_ref() != Ok(origin)
        {
            return single(RobotsEntry::not_fetched(url, "invalid host"));
        }
        if let Some(dir) = &self.dir {
            return Some(dir.history(origin));
        }
        if !self.allow.allows(&origin.host) {
            return single(RobotsEntry::not_fetched(
                url,
                "host not in the allowed hosts",
            ));
        }
        let (cache, pin) = self.cache_for(origin)?;
        let cached = cache.load(origin, &pin)?;
        cached.fresh(unix_now())?;
        cached.history(Obtained::Cache)
    }

    /// The cache, and the addresses `--resolve` pins the origin to (empty when none): a
    /// pinned origin (a staging server, a test) has cache files of its own, since its answer
    /// is not the public one.
    fn cache_for(&self, origin: &Origin) -> Option<(&cache::Cache, String)> {
        let pin: Vec<String> = self
            .opts
            .resolve
            .iter()
            .filter(|r| r.host == origin.host && r.port == origin.port)
            .flat_map(|r| r.addrs.iter().map(ToString::to_string))
            .collect();
        Some((self.cache.as_ref()?, pin.join(",")))
    }

    /// Fetches an origin over the network; gives its history: the cache's versions with
    /// this fetch as the latest (an unreachable file then stands for the last good version,
    /// spec §9), or this fetch alone without a cache.
    fn fetch(&self, origin: &Origin) -> OriginHistory {
        let Some(http) = &self.http else {
            // Only robots-dir mode has no client, and it never fetches.
            return OriginHistory::single(Arc::new(RobotsEntry::not_fetched(
                origin.robots_url(),
                "no HTTP client",
            )));
        };
        let fetched = http.fetch(origin);
        let cache = self
            .cache_for(origin)
            .filter(|_| !fetched.no_store && fetched.entry.outcome != Outcome::NotFetched);
        if let Some((cache, pin)) = cache {
            match cache.store(origin, &pin, &fetched.entry, fetched.max_age) {
                Ok(cached) => {
                    if let Some(history) = cached.history(Obtained::Network) {
                        return history;
                    }
                }
                Err(e) => {
                    // A cache that cannot be written only costs a fetch next run; say it once.
                    let mut warnings = lock(&self.warnings);
                    if !warnings
                        .iter()
                        .any(|w| w.starts_with("cannot write the cache"))
                    {
                        warnings.push(format!("cannot write the cache: {e}"));
                    }
                }
            }
        }
        OriginHistory::single(Arc::new(fetched.entry))
    }
}

/// Locks a mutex whose data stays consistent even if a holder panicked.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl RobotsSource for RobotsStore {
    fn lookup(&self, origin: &Origin) -> Option<Arc<OriginHistory>> {
        let (slot, created) = self.slot(origin);
        if let Some(h) = slot.history.get() {
            return Some(Arc::clone(h));
        }
        if created {
            match self.inner.without_network(origin) {
                Some(history) => {
                    let h = Arc::new(history);
                    return Some(Arc::clone(slot.history.get_or_init(|| h)));
                }
                None => lock(&self.inner.noted).push(origin.clone()),
            }
        }
        slot.history.get().cloned()
    }

    fn settle(&self, demand: &[(Origin, u64)]) {
        let inner = &self.inner;
        let pending: Vec<Origin> = std::mem::take(&mut *lock(&inner.noted))
            .into_iter()
            .filter(|o| self.slot(o).0.history.get().is_none())
            .collect();
        if pending.is_empty() {
            return;
        }
        // Over the limit: the origins with the most crawler requests, then by origin, so the
        // choice is the same whatever order the logs were read in.
        let wanted: HashMap<&Origin, u64> = demand.iter().map(|(o, n)| (o, *n)).collect();
        let mut ranked = pending;
        ranked.sort_by(|a, b| {
            let (na, nb) = (
                wanted.get(a).copied().unwrap_or(0),
                wanted.get(b).copied().unwrap_or(0),
            );
            nb.cmp(&na).then_with(|| a.cmp(b))
        });
        // The limit counts the origins fetched in the whole run, whatever the calls.
        let limit = inner.opts.max_origins;
        let room = {
            let mut started = lock(&inner.started);
            let room = limit.saturating_sub(*started).min(ranked.len());
            *started += room;
            room
        };
        let chosen: Vec<Origin> = ranked.iter().take(room).cloned().collect();
        for origin in ranked.iter().skip(room) {
            let entry = RobotsEntry::not_fetched(
                origin.robots_url(),
                format!(
                    "over the limit of {limit} origins fetched per run (the busiest by crawler requests are fetched)"
                ),
            );
            let _ = self
                .slot(origin)
                .0
                .history
                .set(Arc::new(OriginHistory::single(Arc::new(entry))));
        }
        // The fetch threads: `concurrency` of them, each taking the next origin. They are
        // not joined: when the budget is spent, a fetch still running finishes (within its
        // own timeout) on its own, and its answer is not used.
        let start = Instant::now();
        let queue = Arc::new(Mutex::new(chosen.clone().into_iter()));
        let progress = Arc::new((Mutex::new(0usize), Condvar::new()));
        let threads = inner.opts.concurrency.clamp(1, chosen.len().max(1));
        for _ in 0..threads {
            let (inner, queue, progress) = (
                Arc::clone(&self.inner),
                Arc::clone(&queue),
                Arc::clone(&progress),
            );
            std::thread::spawn(move || {
                loop {
                    let Some(origin) = lock(&queue).next() else {
                        break;
                    };
                    let history = {
                        let _permit = inner.permits.acquire();
                        inner.fetch(&origin)
                    };
                    if let Some(slot) = inner.slots.get(&origin).map(|s| Arc::clone(&s)) {
                        *lock(&slot.fetched) = Some(history);
                    }
                    *lock(&progress.0) += 1;
                    progress.1.notify_all();
                }
            });
        }
        // Wait for them, within the budget for the whole phase.
        let deadline = start + inner.opts.budget;
        let mut done = lock(&progress.0);
        while *done < chosen.len() {
            let now = Instant::now();
            if now >= deadline {
                break;
            }
            done = progress
                .1
                .wait_timeout(done, deadline - now)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
        drop(done);
        let budget = inner.opts.budget.as_secs_f64();
        for origin in &chosen {
            let slot = self.slot(origin).0;
            let history = lock(&slot.fetched).take().unwrap_or_else(|| {
                OriginHistory::single(Arc::new(RobotsEntry::not_fetched(
                    origin.robots_url(),
                    format!("fetch budget of {budget} s spent before it was fetched"),
                )))
            });
            let _ = slot.history.set(Arc::new(history));
        }
    }

    fn obtained(&self) -> Vec<(Origin, Arc<OriginHistory>)> {
        let mut all: Vec<_> = self
            .inner
            .slots
            .iter()
            .filter_map(|kv| {
                kv.value()
                    .history
                    .get()
                    .map(|h| (kv.key().clone(), Arc::clone(h)))
            })
            .collect();
        all.sort_by(|a, b| a.0.cmp(&b.0));
        all
    }

    fn warnings(&self) -> Vec<String> {
        RobotsStore::warnings(self)
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
