//! The network store: robots.txt for every origin of a run, each obtained once (a saved
//! file, the disk cache, or a fetch on the store's own threads after the logs are read).

use std::collections::HashMap;
use std::sync::{Arc, Condvar, Mutex, OnceLock};
use std::time::Instant;

use dashmap::DashMap;

use super::{
    FetchError, FetchOptions, Obtained, Origin, OriginHistory, Outcome, RobotsEntry, RobotsSource,
    allow, cache, dir, http, unix_now,
};
use crate::net::Permits;

/// One origin's place in the store.
#[derive(Default)]
struct Slot {
    /// The answer without the network (saved files, a fresh cache entry, a refusal), sought
    /// once: callers that come while it is sought wait for it (so none of them notes the
    /// origin for a fetch it does not need).
    local: OnceLock<Option<Arc<OriginHistory>>>,
    /// The answer the store gives, set once.
    history: OnceLock<Arc<OriginHistory>>,
    /// The latest version with its body read, for [`RobotsStore::get`].
    loaded: OnceLock<Arc<RobotsEntry>>,
    /// What a network fetch came to (written by a fetch thread, read by `settle`).
    fetched: Mutex<Option<OriginHistory>>,
}

/// The state shared with the fetch threads.
struct Inner {
    opts: FetchOptions,
    allow: allow::HostAllowList,
    http: Option<http::HttpFetcher>,
    cache: Option<cache::Cache>,
    /// `--robots-dir`, checked.
    dir: Option<dir::RobotsDir>,
    slots: DashMap<Origin, Arc<Slot>, foldhash::fast::RandomState>,
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
        let allow = allow::HostAllowList::new(&opts.allow_hosts)?;
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
                slots: DashMap::default(),
                noted: Mutex::new(Vec::new()),
                started: Mutex::new(0),
                warnings: Mutex::new(warnings),
            }),
        })
    }

    /// The options the store was built with.
    pub fn options(&self) -> &FetchOptions {
        &self.inner.opts
    }

    /// The robots.txt outcome for an origin, obtained once per run (fetched on this call if
    /// it must be; concurrent callers for the same origin share one fetch). For the `fetch`
    /// command and tests; the audit uses [`RobotsSource::lookup`] and
    /// [`RobotsSource::settle`]. A saved file's body is read for it.
    pub fn get(&self, origin: &Origin) -> Arc<RobotsEntry> {
        if let Some(h) = self.lookup(origin) {
            let slot = self.slot(origin);
            return Arc::clone(slot.loaded.get_or_init(|| dir::loaded(h.current())));
        }
        self.settle(&[(origin.clone(), 0)]);
        // Another caller may be fetching it: its settle sets the answer.
        Arc::clone(self.slot(origin).history.wait().current())
    }

    /// All entries obtained so far (the current version of each history), sorted by origin.
    pub fn entries(&self) -> Vec<(Origin, Arc<RobotsEntry>)> {
        self.obtained()
            .into_iter()
            .map(|(o, h)| (o, Arc::clone(h.current())))
            .collect()
    }

    fn slot(&self, origin: &Origin) -> Arc<Slot> {
        if let Some(slot) = self.inner.slots.get(origin) {
            return Arc::clone(&slot);
        }
        Arc::clone(&self.inner.slots.entry(origin.clone()).or_default())
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
        let cached = match cache.load(origin, &pin) {
            Ok(cached) => cached?,
            Err(warning) => {
                self.warn(warning);
                return None;
            }
        };
        cached.fresh(unix_now(), self.opts.logs_written_until)?;
        cached.history(Obtained::Cache)
    }

    /// Adds a warning for the caller to show, once.
    fn warn(&self, warning: String) {
        let mut warnings = lock(&self.warnings);
        if !warnings.contains(&warning) {
            warnings.push(warning);
        }
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
    /// docs/judging.md, "Versions a crawler may hold"), or this fetch alone without a cache.
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
            .filter(|_| fetched.entry.outcome != Outcome::NotFetched);
        if let Some((cache, pin)) = cache {
            if fetched.no_store {
                // Kept out of the cache, yet the latest of the versions it holds: a
                // `no-store` answer does not make the versions before it unknown.
                let cached = cache.with_fetch(origin, &pin, &fetched.entry, fetched.max_age);
                if let Some(history) = cached.history(Obtained::Network) {
                    return history;
                }
                return OriginHistory::single(Arc::new(fetched.entry));
            }
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
        let slot = self.slot(origin);
        if let Some(h) = slot.history.get() {
            return Some(Arc::clone(h));
        }
        let local = slot.local.get_or_init(|| {
            let local = self.inner.without_network(origin).map(Arc::new);
            if local.is_none() {
                lock(&self.inner.noted).push(origin.clone());
            }
            local
        });
        match local {
            Some(h) => Some(Arc::clone(slot.history.get_or_init(|| Arc::clone(h)))),
            None => slot.history.get().cloned(),
        }
    }

    fn settle(&self, demand: &[(Origin, u64)]) {
        let inner = &self.inner;
        let pending: Vec<Origin> = std::mem::take(&mut *lock(&inner.noted))
            .into_iter()
            .filter(|o| self.slot(o).history.get().is_none())
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
            let slot = self.slot(origin);
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

    /// Problems met that did not stop the store (an unusable cache directory, a cache entry
    /// that could not be read or written), for the caller to show once.
    fn warnings(&self) -> Vec<String> {
        lock(&self.inner.warnings).clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_is_send_and_sync() {
        fn check<T: Send + Sync>() {}
        check::<RobotsStore>();
    }
}
