//! The disk cache of fetched outcomes, between runs, and the history they make
//! (docs/judging.md, "Where versions come from").
//!
//! RFC 9309 §2.4: an outcome is fresh for 24 hours by default (`Cache-Control: max-age` may say
//! otherwise). Beyond freshness, the cache keeps every distinct outcome of an origin with when
//! it was first and last fetched, so that nightly runs build the history of the file by
//! themselves: a version that was first fetched at `F` after the previous one was last
//! fetched at `L` came into force in `(L, F]`. The history is bounded: versions last fetched
//! more than [`MAX_HISTORY_DAYS`] ago are dropped, and at most [`MAX_VERSIONS`] versions and
//! [`MAX_HISTORY_BYTES`] of bodies are kept (the oldest go first).
//!
//! One file per origin, named from the origin alone (`https_example.com_443.robots`): a small
//! self-describing text header per version, then its body. Files are written to a temporary
//! name and renamed into place; they are opened without following symbolic links and without
//! waiting (a FIFO is refused, never opened for good), and read up to what a file can hold. A
//! file that cannot be read or parsed is ignored, named in a warning, and replaced by the
//! next fetch: the cache is never a reason to fail.
//!
//! Runs that share a cache (cron jobs that overlap, several sites audited at once) add their
//! fetches under an exclusive `flock` on `.robots-audit-cache.lock`, held from reading an
//! origin's file to renaming its new one into place, so that no run's version is lost to
//! another's write. The wait for it is bounded ([`LOCK_WAIT`]); a run that cannot have it
//! keeps its fetch for itself and says the cache was not written.

use std::fmt::Write as _;
use std::fs::File;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant, SystemTime};

use rustix::fs::FlockOperation;

use crate::history::Window;
use crate::text;

use super::files::{self, Links};
use super::{
    FetchError, MAX_ROBOTS_BYTES, Obtained, Origin, OriginHistory, Outcome, RobotsEntry, Version,
};

const MAGIC_V1: &str = "robots-audit cache v1";
const MAGIC_V2: &str = "robots-audit cache v2";

/// Versions last fetched longer ago than this are dropped.
pub const MAX_HISTORY_DAYS: i64 = 400;
/// At most this many versions per origin.
pub const MAX_VERSIONS: usize = 1000;
/// At most this many bytes of bodies per origin (the newest versions are kept).
pub const MAX_HISTORY_BYTES: usize = 16 << 20;
/// The most a cache file can hold: the bodies plus a header per version.
const MAX_FILE_BYTES: u64 = MAX_HISTORY_BYTES as u64 + MAX_VERSIONS as u64 * 4096 + 4096;
/// Temporary files of a killed run older than this are removed.
const STALE_TMP: Duration = Duration::from_secs(3600);
/// The lock that serialises writes to the cache, across runs.
const LOCK_NAME: &str = ".robots-audit-cache.lock";
/// The longest wait for the lock: other runs hold it for one origin's write at a time.
pub(crate) const LOCK_WAIT: Duration = Duration::from_secs(30);

/// Cached entries in one directory.
pub(crate) struct Cache {
    dir: PathBuf,
}

/// One cached version.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CachedVersion {
    /// The entry; `fetched_at` is when it was last fetched.
    pub(crate) entry: RobotsEntry,
    /// When it was first fetched (unix seconds).
    pub(crate) first_fetched: i64,
    /// Seconds after its last fetch that it stays fresh.
    pub(crate) max_age: u64,
}

/// An origin's cached versions, oldest first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Cached {
    pub(crate) versions: Vec<CachedVersion>,
}

impl Cached {
    /// The latest version, if it is a good outcome still fresh: younger than its max-age, not
    /// from the future (a clock set back), and fetched after `logs_until`, the latest a
    /// request of the logs can be from (when logs are judged): a version fetched before some
    /// of the requests cannot tell which file was in force for them.
    pub(crate) fn fresh(&self, now: i64, logs_until: Option<i64>) -> Option<&CachedVersion> {
        let v = self.versions.last()?;
        let age = now - v.entry.fetched_at;
        let good = matches!(v.entry.outcome, Outcome::Rules | Outcome::AllowAll);
        let covers = logs_until.is_none_or(|t| v.entry.fetched_at > t);
        (good && covers && age >= -60 && (age.max(0) as u64) < v.max_age).then_some(v)
    }

    /// The history these versions make: the first came into force no later than its first
    /// fetch; each later one after the previous one's last fetch and no later than its own
    /// first. Every entry is marked as obtained from the cache but the last, which is marked
    /// `latest` (how it was obtained this run).
    pub(crate) fn history(&self, latest: Obtained) -> Option<OriginHistory> {
        let n = self.versions.len();
        let versions = self
            .versions
            .iter()
            .enumerate()
            .map(|(i, v)| {
                let first = v.first_fetched * 1000;
                let window = match i.checked_sub(1) {
                    None => Window::at(first),
                    Some(p) => Window {
                        lo: (self.versions[p].entry.fetched_at * 1000).min(first),
                        hi: first,
                    },
                };
                let mut entry = v.entry.clone();
                entry.obtained = if i + 1 == n { latest } else { Obtained::Cache };
                Version {
                    window,
                    entry: Arc::new(entry),
                }
            })
            .collect();
        OriginHistory::new(versions).ok()
    }

    /// Adds a fetch: the same outcome as the latest version extends it; another is a new
    /// version. Then the bounds are applied.
    fn add(&mut self, entry: &RobotsEntry, max_age: u64, now: i64) {
        match self.versions.last_mut() {
            Some(last) if same_outcome(&last.entry, entry) => {
                last.entry.fetched_at = entry.fetched_at;
                last.entry.reason = entry.reason.clone();
                last.max_age = max_age;
            }
            _ => self.versions.push(CachedVersion {
                entry: entry.clone(),
                first_fetched: entry.fetched_at,
                max_age,
            }),
        }
        let horizon = now - MAX_HISTORY_DAYS * 86_400;
        self.versions.retain(|v| v.entry.fetched_at >= horizon);
        if self.versions.len() > MAX_VERSIONS {
            let extra = self.versions.len() - MAX_VERSIONS;
            self.versions.drain(..extra);
        }
        while self.versions.len() > 1
            && self
                .versions
                .iter()
                .map(|v| v.entry.body_bytes().len())
                .sum::<usize>()
                > MAX_HISTORY_BYTES
        {
            self.versions.remove(0);
        }
    }
}

/// Two fetches that came to the same thing: the same outcome, status and body.
fn same_outcome(a: &RobotsEntry, b: &RobotsEntry) -> bool {
    a.outcome == b.outcome
        && a.status == b.status
        && a.body_bytes() == b.body_bytes()
        && a.truncated == b.truncated
}

impl Cache {
    /// Uses (and creates) `dir`, and removes temporary files killed runs left there.
    pub(crate) fn new(dir: &Path) -> Result<Cache, FetchError> {
        std::fs::create_dir_all(dir).map_err(|source| FetchError::CacheDir {
            path: dir.to_owned(),
            source,
        })?;
        if !dir.is_dir() {
            return Err(FetchError::CacheDir {
                path: dir.to_owned(),
                source: io::Error::new(io::ErrorKind::NotADirectory, "not a directory"),
            });
        }
        if let Ok(entries) = std::fs::read_dir(dir) {
            for e in entries.flatten() {
                let name = e.file_name();
                let name = name.to_string_lossy();
                let stale = e
                    .metadata()
                    .and_then(|m| m.modified())
                    .ok()
                    .and_then(|t| SystemTime::now().duration_since(t).ok())
                    .is_some_and(|age| age > STALE_TMP);
                if name.starts_with('.') && name.ends_with(".tmp") && stale {
                    let _ = std::fs::remove_file(e.path());
                }
            }
        }
        Ok(Cache {
            dir: dir.to_owned(),
        })
    }

    /// The file for an origin: `<scheme>_<host>_<port>.robots`, the host with `_` and `:`
    /// written as `%5F` and `%3A` so that the name is unique and portable. An origin pinned to
    /// other addresses (`--resolve`) has files of its own, `…@<addresses>.robots`: what a
    /// staging server answers is never taken for the public file, nor the other way round.
    pub(crate) fn path(&self, origin: &Origin, pin: &str) -> PathBuf {
        let escape = |s: &str| s.replace('_', "%5F").replace(':', "%3A");
        let host = escape(&origin.host);
        let pin = if pin.is_empty() {
            String::new()
        } else {
            format!("@{}", escape(pin))
        };
        self.dir.join(format!(
            "{}_{host}_{}{pin}.robots",
            origin.scheme, origin.port
        ))
    }

    /// The cached versions of an origin, if there is a readable file for that very origin
    /// (one that does not parse, or is for another origin, is none). An error says why a file
    /// that is there could not be read (not a regular file, permissions), naming it.
    pub(crate) fn load(&self, origin: &Origin, pin: &str) -> Result<Option<Cached>, String> {
        let path = self.path(origin, pin);
        let data = match read_capped(&path) {
            Ok(data) => data,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(e) => {
                return Err(format!(
                    "cache file {}: {e}; fetched again, and replaced",
                    path.display()
                ));
            }
        };
        // A file that does not parse (cut, edited, written by another program) is no
        // history: said, never silently dropped, since the next fetch replaces it.
        match parse(&data) {
            Some((url, cached)) if url == origin.robots_url() => Ok(Some(cached)),
            Some((url, _)) => Err(format!(
                "cache file {}: holds {}, not {}; fetched again, and replaced",
                path.display(),
                text::terminal_cut(url.as_bytes(), 200),
                origin.robots_url()
            )),
            None => Err(format!(
                "cache file {}: damaged (not a robots-audit cache file, or cut short); \
                 fetched again, and replaced: the versions it held are lost",
                path.display()
            )),
        }
    }

    /// Adds a fetch to the origin's versions and writes them atomically (temporary file +
    /// rename), under the cache's lock; gives the versions as stored.
    pub(crate) fn store(
        &self,
        origin: &Origin,
        pin: &str,
        entry: &RobotsEntry,
        max_age: u64,
    ) -> io::Result<Cached> {
        let _lock = self.lock()?;
        let cached = self.with_fetch(origin, pin, entry, max_age);
        let data = serialize(&origin.robots_url(), &cached)
            .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidData, "unstorable entry"))?;
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        let path = self.path(origin, pin);
        let tmp = self.dir.join(format!(
            ".{}.{}.{}.tmp",
            path.file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default(),
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        ));
        let result = (|| {
            let mut file = std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&tmp)?;
            file.write_all(&data)?;
            file.sync_all()?;
            std::fs::rename(&tmp, &path)
        })();
        if result.is_err() {
            let _ = std::fs::remove_file(&tmp);
        }
        result.map(|()| cached)
    }

    /// The origin's cached versions with a fetch added, in memory. Alone, for a fetch that
    /// must not be stored (`Cache-Control: no-store`): this run judges by the history the
    /// cache already holds before it, and the cache stays as it was.
    pub(crate) fn with_fetch(
        &self,
        origin: &Origin,
        pin: &str,
        entry: &RobotsEntry,
        max_age: u64,
    ) -> Cached {
        // What cannot be read is none, and is replaced when stored (the warning was given
        // when it was looked up).
        let mut cached = self.load(origin, pin).ok().flatten().unwrap_or_default();
        cached.add(entry, max_age, super::unix_now());
        cached
    }

    /// The cache's write lock, waited for at most [`LOCK_WAIT`]; released when dropped (or
    /// when the process ends, however it ends).
    fn lock(&self) -> io::Result<File> {
        let path = self.dir.join(LOCK_NAME);
        let file = files::open_lock(&path)
            .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
        let deadline = Instant::now() + LOCK_WAIT;
        loop {
            match rustix::fs::flock(&file, FlockOperation::NonBlockingLockExclusive) {
                Ok(()) => return Ok(file),
                Err(e) if e == rustix::io::Errno::WOULDBLOCK && Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(5));
                }
                Err(e) if e == rustix::io::Errno::WOULDBLOCK => {
                    return Err(io::Error::new(
                        io::ErrorKind::TimedOut,
                        format!(
                            "{}: another run held it for {} s",
                            path.display(),
                            LOCK_WAIT.as_secs()
                        ),
                    ));
                }
                Err(e) => {
                    return Err(io::Error::new(
                        io::Error::from(e).kind(),
                        format!("{}: {e}", path.display()),
                    ));
                }
            }
        }
    }
}

/// Reads a cache file: a regular file reached without following a symbolic link (a link to
/// `/dev/zero` must not make the cache read forever, a FIFO must not block the open), at most
/// what a cache file can hold.
fn read_capped(path: &Path) -> io::Result<Vec<u8>> {
    let file = files::open_regular(path, Links::Refuse)?;
    let mut data = Vec::new();
    file.take(MAX_FILE_BYTES + 1).read_to_end(&mut data)?;
    if data.len() as u64 > MAX_FILE_BYTES {
        return Err(io::Error::new(io::ErrorKind::InvalidData, "too large"));
    }
    Ok(data)
}

fn serialize(url: &str, cached: &Cached) -> Option<Vec<u8>> {
    let one_line = |s: &str| !s.contains(['\n', '\r']);
    if !one_line(url) {
        return None;
    }
    let mut data = format!(
        "{MAGIC_V2}\nurl {url}\nversions {}\n",
        cached.versions.len()
    )
    .into_bytes();
    for v in &cached.versions {
        let entry = &v.entry;
        if !entry.final_url.as_deref().is_none_or(one_line) {
            return None;
        }
        let body = entry.body_bytes();
        let mut head = String::new();
        // Writing to a String cannot fail.
        let _ = write!(
            head,
            "first_fetched {}\nlast_fetched {}\nmax_age {}\noutcome {}\nstatus {}\nfinal_url {}\ntruncated {}\nbytes {}\nreason {}\nbody {}\n",
            v.first_fetched,
            entry.fetched_at,
            v.max_age,
            entry.outcome.as_str(),
            entry
                .status
                .map_or_else(|| "-".to_owned(), |s| s.to_string()),
            entry.final_url.as_deref().unwrap_or("-"),
            entry.truncated,
            entry.bytes,
            // Reasons are sanitised (no control characters), so they stay on one line.
            entry.reason.as_deref().map_or_else(
                || "-".to_owned(),
                |r| text::terminal_cut(r, 500).into_owned()
            ),
            if entry.body.is_some() {
                body.len().to_string()
            } else {
                "-".to_owned()
            },
        );
        data.extend_from_slice(head.as_bytes());
        data.extend_from_slice(body);
    }
    Some(data)
}

/// A reader of the text header lines and the bodies between them.
struct Fields<'a> {
    rest: &'a [u8],
}

impl<'a> Fields<'a> {
    fn line(&mut self) -> Option<&'a str> {
        let nl = self.rest.iter().position(|&b| b == b'\n')?;
        let l = std::str::from_utf8(&self.rest[..nl]).ok()?;
        self.rest = &self.rest[nl + 1..];
        Some(l)
    }

    fn field(&mut self, name: &str) -> Option<&'a str> {
        self.line()?.strip_prefix(name)?.strip_prefix(' ')
    }

    fn bytes(&mut self, n: usize) -> Option<&'a [u8]> {
        let (head, rest) = self.rest.split_at_checked(n)?;
        self.rest = rest;
        Some(head)
    }
}

/// Parses a cache file (v2, or v1 as one version); gives its URL and versions.
fn parse(data: &[u8]) -> Option<(String, Cached)> {
    let mut f = Fields { rest: data };
    let magic = f.line()?;
    let url = f.field("url")?.to_owned();
    let cached = match magic {
        MAGIC_V1 => {
            let fetched_at: i64 = f.field("fetched_at")?.parse().ok()?;
            let max_age = f.field("max_age")?.parse().ok()?;
            let entry = parse_entry(&mut f, &url, fetched_at)?;
            Cached {
                versions: vec![CachedVersion {
                    entry,
                    first_fetched: fetched_at,
                    max_age,
                }],
            }
        }
        MAGIC_V2 => {
            let n: usize = f.field("versions")?.parse().ok()?;
            if n > MAX_VERSIONS {
                return None;
            }
            let mut versions = Vec::with_capacity(n);
            for _ in 0..n {
                let first_fetched = f.field("first_fetched")?.parse().ok()?;
                let last_fetched = f.field("last_fetched")?.parse().ok()?;
                let max_age = f.field("max_age")?.parse().ok()?;
                let entry = parse_entry(&mut f, &url, last_fetched)?;
                versions.push(CachedVersion {
                    entry,
                    first_fetched,
                    max_age,
                });
            }
            Cached { versions }
        }
        _ => return None,
    };
    f.rest.is_empty().then_some((url, cached))
}

/// The fields of one entry after its times, and its body.
fn parse_entry(f: &mut Fields<'_>, url: &str, fetched_at: i64) -> Option<RobotsEntry> {
    let outcome = match f.field("outcome")? {
        "rules" => Outcome::Rules,
        "allow-all" => Outcome::AllowAll,
        "unreachable" => Outcome::Unreachable,
        _ => return None,
    };
    let status = match f.field("status")? {
        "-" => None,
        s => Some(s.parse().ok()?),
    };
    let final_url = match f.field("final_url")? {
        "-" => None,
        s => Some(s.to_owned()),
    };
    let truncated = f.field("truncated")?.parse().ok()?;
    let bytes = f.field("bytes")?.parse().ok()?;
    let reason = match f.field("reason")? {
        "-" => None,
        s => Some(s.to_owned()),
    };
    let body = match f.field("body")? {
        "-" => None,
        n => {
            let n: usize = n.parse().ok()?;
            if n > MAX_ROBOTS_BYTES {
                return None;
            }
            Some(Arc::from(f.bytes(n)?))
        }
    };
    if outcome == Outcome::Rules && body.is_none() {
        return None;
    }
    Some(RobotsEntry {
        url: url.to_owned(),
        obtained: Obtained::Network,
        outcome,
        status,
        final_url,
        body,
        truncated,
        bytes,
        fetched_at,
        reason,
        saved: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fetch::Scheme;

    fn entry(body: &[u8], at: i64) -> RobotsEntry {
        let mut e = RobotsEntry::new(
            "https://example.com/robots.txt".into(),
            Obtained::Network,
            Outcome::Rules,
            None,
        );
        e.status = Some(200);
        e.final_url = Some("https://www.example.com/robots.txt".into());
        e.body = Some(Arc::from(body));
        e.bytes = body.len() as u64;
        e.fetched_at = at;
        e
    }

    #[test]
    fn round_trip_of_a_history() {
        let mut c = Cached::default();
        c.add(
            &entry(b"User-agent: *\nDisallow: /x\n\x00\xff", 1000),
            3600,
            1000,
        );
        let mut gone = entry(b"", 2000);
        gone.outcome = Outcome::AllowAll;
        gone.body = None;
        gone.status = Some(404);
        gone.reason = Some("HTTP 404".into());
        c.add(&gone, 60, 2000);
        let data = serialize("https://example.com/robots.txt", &c).expect("storable");
        let (url, back) = parse(&data).expect("parses");
        assert_eq!(url, "https://example.com/robots.txt");
        assert_eq!(back, c);
    }

    #[test]
    fn the_same_outcome_extends_a_version_and_a_new_one_starts_a_window() {
        let mut c = Cached::default();
        c.add(&entry(b"A", 1_000), 60, 1_000);
        c.add(&entry(b"A", 2_000), 60, 2_000);
        c.add(&entry(b"B", 5_000), 60, 5_000);
        assert_eq!(c.versions.len(), 2);
        assert_eq!(
            (c.versions[0].first_fetched, c.versions[0].entry.fetched_at),
            (1_000, 2_000)
        );
        let h = c.history(Obtained::Network).expect("a history");
        let w: Vec<Window> = h.versions().iter().map(|v| v.window).collect();
        // B came after A's last fetch and no later than its own first.
        assert_eq!(
            w,
            [
                Window::at(1_000_000),
                Window {
                    lo: 2_000_000,
                    hi: 5_000_000
                }
            ]
        );
        assert_eq!(h.versions()[0].entry.obtained, Obtained::Cache);
        assert_eq!(h.versions()[1].entry.obtained, Obtained::Network);
    }

    #[test]
    fn history_is_bounded_in_age_count_and_bytes() {
        let day = 86_400;
        let now = 1_000 * day;
        let mut c = Cached::default();
        for i in 0..(MAX_VERSIONS as i64 + 50) {
            let t = now - 300 * day + i * 60;
            c.add(&entry(format!("v{i}").as_bytes(), t), 60, t);
        }
        assert_eq!(c.versions.len(), MAX_VERSIONS, "the oldest are dropped");
        assert_eq!(c.versions[0].entry.body_bytes(), b"v50");
        // Far in the future, everything but the new version is older than the horizon.
        c.add(&entry(b"late", now + 500 * day), 60, now + 500 * day);
        assert_eq!(c.versions.len(), 1);
        let big = vec![b'x'; MAX_ROBOTS_BYTES];
        let mut c = Cached::default();
        for i in 0..40 {
            let mut body = big.clone();
            body[0] = i;
            c.add(&entry(&body, now + i64::from(i)), 60, now + i64::from(i));
        }
        let total: usize = c.versions.iter().map(|v| v.entry.body_bytes().len()).sum();
        assert!(total <= MAX_HISTORY_BYTES, "{total}");
        assert_eq!(c.versions.last().expect("kept").entry.body_bytes()[0], 39);
    }

    #[test]
    fn corrupt_data_is_ignored() {
        let mut c = Cached::default();
        c.add(&entry(b"A", 1_000), 60, 1_000);
        let data = serialize("https://example.com/robots.txt", &c).expect("storable");
        assert!(parse(&data[..data.len() - 1]).is_none());
        assert!(parse(b"").is_none());
        assert!(parse(b"robots-audit cache v3\n").is_none());
        let mut bad = data.clone();
        bad.extend_from_slice(b"more");
        assert!(parse(&bad).is_none());
        // A version count past the bound is refused before anything is allocated for it.
        assert!(parse(b"robots-audit cache v2\nurl u\nversions 99999999\n").is_none());
    }

    #[test]
    fn version_1_files_are_read_as_one_version() {
        let v1 = b"robots-audit cache v1\nurl https://example.com/robots.txt\nfetched_at 1000\nmax_age 60\noutcome rules\nstatus 200\nfinal_url -\ntruncated false\nbytes 2\nreason -\nbody 2\nAB";
        let (_, c) = parse(v1).expect("v1 parses");
        assert_eq!(c.versions.len(), 1);
        assert_eq!(c.versions[0].entry.body_bytes(), b"AB");
        assert_eq!(c.versions[0].first_fetched, 1000);
    }

    #[test]
    fn freshness() {
        let mut c = Cached::default();
        c.add(&entry(b"A", 1000), 100, 1000);
        assert!(c.fresh(1050, None).is_some());
        assert!(c.fresh(1100, None).is_none());
        assert!(c.fresh(500, None).is_none(), "from the future");
        // Logs last written before the fetch are covered by it; written at or after it, not.
        assert!(c.fresh(1050, Some(999)).is_some());
        assert!(c.fresh(1050, Some(1000)).is_none());
        assert!(c.fresh(1050, Some(1040)).is_none());
        let mut down = entry(b"", 1060);
        down.outcome = Outcome::Unreachable;
        down.body = None;
        c.add(&down, 100, 1060);
        assert!(
            c.fresh(1070, None).is_none(),
            "an unreachable latest version is never fresh"
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_cache_file_that_is_a_link_or_huge_is_not_read() {
        let dir = tempfile::tempdir().expect("tempdir");
        let cache = Cache::new(dir.path()).expect("cache");
        let o = Origin::from_host(b"example.com", Scheme::Https).expect("valid");
        std::os::unix::fs::symlink("/dev/zero", cache.path(&o, "")).expect("symlink");
        assert!(cache.load(&o, "").is_err());
        std::fs::remove_file(cache.path(&o, "")).expect("rm");
        let f = std::fs::File::create(cache.path(&o, "")).expect("create");
        f.set_len(MAX_FILE_BYTES + 10).expect("sparse file");
        assert!(read_capped(&cache.path(&o, "")).is_err());
    }

    #[test]
    fn a_fifo_in_the_cache_is_named_and_never_waited_on() {
        let dir = tempfile::tempdir().expect("tempdir");
        let cache = Cache::new(dir.path()).expect("cache");
        let o = Origin::from_host(b"example.com", Scheme::Https).expect("valid");
        let now = super::super::unix_now();
        let path = cache.path(&o, "");
        files::mkfifo(&path);
        let start = Instant::now();
        let err = cache.load(&o, "").expect_err("a FIFO");
        assert_eq!(
            err,
            format!(
                "cache file {}: not a regular file (a FIFO); fetched again, and replaced",
                path.display()
            )
        );
        // A fetch replaces it with a cache file.
        cache.store(&o, "", &entry(b"A", now), 60).expect("stored");
        assert_eq!(
            cache
                .load(&o, "")
                .expect("read")
                .expect("cached")
                .versions
                .len(),
            1
        );
        let lock = dir.path().join(LOCK_NAME);
        std::fs::remove_file(&lock).expect("rm");
        files::mkfifo(&lock);
        let err = cache
            .store(&o, "", &entry(b"B", now + 1), 60)
            .expect_err("a FIFO lock");
        assert!(
            err.to_string()
                .ends_with(".robots-audit-cache.lock: not a regular file (a FIFO)"),
            "{err}"
        );
        assert!(start.elapsed() < Duration::from_secs(10));
    }

    #[test]
    fn a_write_waits_for_the_lock_another_run_holds() {
        let dir = tempfile::tempdir().expect("tempdir");
        let cache = Cache::new(dir.path()).expect("cache");
        let o = Origin::from_host(b"example.com", Scheme::Https).expect("valid");
        let now = super::super::unix_now();
        cache.store(&o, "", &entry(b"A", now), 60).expect("stored");
        let held = cache.lock().expect("lock");
        let start = Instant::now();
        std::thread::scope(|s| {
            let writer = s.spawn(|| cache.store(&o, "", &entry(b"B", now + 1), 60));
            std::thread::sleep(Duration::from_millis(300));
            drop(held);
            writer
                .join()
                .expect("thread")
                .expect("stored after the wait");
        });
        assert!(start.elapsed() >= Duration::from_millis(300));
        let versions = cache.load(&o, "").expect("read").expect("cached").versions;
        let bodies: Vec<&[u8]> = versions.iter().map(|v| v.entry.body_bytes()).collect();
        assert_eq!(bodies, [b"A".as_slice(), b"B".as_slice()]);
    }

    #[test]
    fn file_names_are_safe_and_distinct() {
        let cache = Cache {
            dir: PathBuf::from("/c"),
        };
        let o = |h: &str, s| Origin::from_host(h.as_bytes(), s).expect("valid");
        assert_eq!(
            cache.path(&o("example.com", Scheme::Https), ""),
            Path::new("/c/https_example.com_443.robots")
        );
        assert_eq!(
            cache.path(&o("[2001:db8::1]:8080", Scheme::Http), ""),
            Path::new("/c/http_2001%3Adb8%3A%3A1_8080.robots")
        );
        assert_ne!(
            cache.path(&o("a_b", Scheme::Http), ""),
            cache.path(&o("a", Scheme::Http), "")
        );
        assert_eq!(
            cache.path(&o("example.com", Scheme::Https), "127.0.0.1,::1"),
            Path::new("/c/https_example.com_443@127.0.0.1,%3A%3A1.robots")
        );
    }
}
