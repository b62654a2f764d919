//! The disk cache of fetched outcomes, between runs (RFC 9309 §2.4: cache for 24 hours by
//! default, `Cache-Control: max-age` may say otherwise; a stale copy may stand in while the
//! file is unreachable).
//!
//! One file per origin, named from the origin alone (`https_example.com_443.robots`); a
//! small self-describing text header then the body bytes. Files are written to a temporary
//! name and renamed into place. A file that cannot be read or parsed is ignored (and
//! replaced by the next fetch): the cache is never a reason to fail.

use std::fmt::Write as _;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use super::{FetchError, MAX_ROBOTS_BYTES, Obtained, Origin, Outcome, RobotsEntry};

const MAGIC: &str = "robots-audit cache v1";

/// Cached entries in one directory.
pub(crate) struct Cache {
    dir: PathBuf,
}

/// An entry read back from the cache.
pub(crate) struct Cached {
    /// As stored; `obtained` is [`Obtained::Network`] (the caller marks it as cached).
    pub(crate) entry: RobotsEntry,
    /// Seconds after `fetched_at` that it stays fresh.
    pub(crate) max_age: u64,
}

impl Cached {
    /// Fresh: younger than its max-age, and not from the future (a clock set back).
    pub(crate) fn is_fresh(&self, now: i64) -> bool {
        let age = now - self.entry.fetched_at;
        age >= -60 && (age.max(0) as u64) < self.max_age
    }
}

impl Cache {
    /// Uses (and creates) `dir`.
    pub(crate) fn new(dir: &Path) -> Result<Cache, FetchError> {
        std::fs::create_dir_all(dir).map_err(|source| FetchError::CacheDir {
            path: dir.to_owned(),
            source,
        })?;
        Ok(Cache {
            dir: dir.to_owned(),
        })
    }

    /// The file for an origin: `<scheme>_<host>_<port>.robots`, the host with `_` and `:`
    /// written as `%5F` and `%3A` so that the name is unique and portable.
    pub(crate) fn path(&self, origin: &Origin) -> PathBuf {
        let host = origin.host.replace('_', "%5F").replace(':', "%3A");
        self.dir
            .join(format!("{}_{host}_{}.robots", origin.scheme, origin.port))
    }

    /// The cached entry for an origin, if there is a readable one for that very origin.
    pub(crate) fn load(&self, origin: &Origin) -> Option<Cached> {
        let data = std::fs::read(self.path(origin)).ok()?;
        let cached = parse(&data)?;
        (cached.entry.url == origin.robots_url()).then_some(cached)
    }

    /// Stores an entry, atomically (temporary file + rename).
    pub(crate) fn store(
        &self,
        origin: &Origin,
        entry: &RobotsEntry,
        max_age: u64,
    ) -> io::Result<()> {
        let data = serialize(entry, max_age)
            .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidData, "unstorable entry"))?;
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        let path = self.path(origin);
        let tmp = self.dir.join(format!(
            ".{}.{}.{}.tmp",
            path.file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default(),
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        ));
        let result = (|| {
            let mut file = std::fs::File::create(&tmp)?;
            file.write_all(&data)?;
            file.sync_all()?;
            std::fs::rename(&tmp, &path)
        })();
        if result.is_err() {
            let _ = std::fs::remove_file(&tmp);
        }
        result
    }
}

fn serialize(entry: &RobotsEntry, max_age: u64) -> Option<Vec<u8>> {
    let one_line = |s: &str| !s.contains(['\n', '\r']);
    if !one_line(&entry.url) || !entry.final_url.as_deref().is_none_or(one_line) {
        return None;
    }
    let body = entry.body_bytes();
    let mut head = String::new();
    // Writing to a String cannot fail.
    let _ = write!(
        head,
        "{MAGIC}\nurl {}\nfetched_at {}\nmax_age {max_age}\noutcome {}\nstatus {}\nfinal_url {}\ntruncated {}\nbytes {}\nreason {}\nbody {}\n",
        entry.url,
        entry.fetched_at,
        entry.outcome.as_str(),
        entry
            .status
            .map_or_else(|| "-".to_owned(), |s| s.to_string()),
        entry.final_url.as_deref().unwrap_or("-"),
        entry.truncated,
        entry.bytes,
        // Reasons are sanitised (no control characters), so they stay on one line.
        entry
            .reason
            .as_deref()
            .map_or_else(|| "-".to_owned(), |r| super::sanitize(r, 500)),
        if entry.body.is_some() {
            body.len().to_string()
        } else {
            "-".to_owned()
        },
    );
    let mut data = head.into_bytes();
    data.extend_from_slice(body);
    Some(data)
}

fn parse(data: &[u8]) -> Option<Cached> {
    let mut rest = data;
    let mut line = || -> Option<&str> {
        let nl = rest.iter().position(|&b| b == b'\n')?;
        let l = std::str::from_utf8(&rest[..nl]).ok()?;
        rest = &rest[nl + 1..];
        Some(l)
    };
    let mut field = |name: &str| -> Option<String> {
        let l = line()?;
        let value = l.strip_prefix(name)?.strip_prefix(' ')?;
        Some(value.to_owned())
    };
    if field("robots-audit")? != "cache v1" {
        return None;
    }
    let url = field("url")?;
    let fetched_at = field("fetched_at")?.parse().ok()?;
    let max_age = field("max_age")?.parse().ok()?;
    let outcome = match field("outcome")?.as_str() {
        "rules" => Outcome::Rules,
        "allow-all" => Outcome::AllowAll,
        _ => return None,
    };
    let status = match field("status")?.as_str() {
        "-" => None,
        s => Some(s.parse().ok()?),
    };
    let final_url = match field("final_url")? {
        s if s == "-" => None,
        s => Some(s),
    };
    let truncated = field("truncated")?.parse().ok()?;
    let bytes = field("bytes")?.parse().ok()?;
    let reason = match field("reason")? {
        s if s == "-" => None,
        s => Some(s),
    };
    let body_len = field("body")?;
    let body = match body_len.as_str() {
        "-" if rest.is_empty() => None,
        "-" => return None,
        n => {
            let n: usize = n.parse().ok()?;
            if n != rest.len() || n > MAX_ROBOTS_BYTES {
                return None;
            }
            Some(Arc::from(rest))
        }
    };
    if outcome == Outcome::Rules && body.is_none() {
        return None;
    }
    Some(Cached {
        entry: RobotsEntry {
            url,
            obtained: Obtained::Network,
            outcome,
            status,
            final_url,
            body,
            truncated,
            bytes,
            fetched_at,
            reason,
        },
        max_age,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fetch::Scheme;

    fn entry() -> RobotsEntry {
        let mut e = RobotsEntry::new(
            "https://example.com/robots.txt".into(),
            Obtained::Network,
            Outcome::Rules,
            None,
        );
        e.status = Some(200);
        e.final_url = Some("https://www.example.com/robots.txt".into());
        e.body = Some(Arc::from(&b"User-agent: *\nDisallow: /x\n\x00\xff"[..]));
        e.bytes = 28;
        e
    }

    #[test]
    fn round_trip() {
        let e = entry();
        let data = serialize(&e, 3600).expect("storable");
        let c = parse(&data).expect("parses");
        assert_eq!(c.entry, e);
        assert_eq!(c.max_age, 3600);
        let mut a = e.clone();
        a.outcome = Outcome::AllowAll;
        a.body = None;
        a.status = Some(404);
        a.reason = Some("HTTP 404".into());
        assert_eq!(
            parse(&serialize(&a, 1).expect("storable"))
                .expect("parses")
                .entry,
            a
        );
    }

    #[test]
    fn corrupt_data_is_ignored() {
        let data = serialize(&entry(), 3600).expect("storable");
        assert!(parse(&data[..data.len() - 1]).is_none());
        assert!(parse(b"").is_none());
        assert!(parse(b"robots-audit cache v2\n").is_none());
        let mut bad = data.clone();
        bad.extend_from_slice(b"more");
        assert!(parse(&bad).is_none());
    }

    #[test]
    fn freshness() {
        let mut c = parse(&serialize(&entry(), 100).expect("storable")).expect("parses");
        c.entry.fetched_at = 1000;
        assert!(c.is_fresh(1050));
        assert!(!c.is_fresh(1100));
        assert!(!c.is_fresh(500));
    }

    #[test]
    fn file_names_are_safe_and_distinct() {
        let cache = Cache {
            dir: PathBuf::from("/c"),
        };
        let o = |h: &str, s| Origin::from_host(h.as_bytes(), s).expect("valid");
        assert_eq!(
            cache.path(&o("example.com", Scheme::Https)),
            Path::new("/c/https_example.com_443.robots")
        );
        assert_eq!(
            cache.path(&o("[2001:db8::1]:8080", Scheme::Http)),
            Path::new("/c/http_2001%3Adb8%3A%3A1_8080.robots")
        );
        assert_ne!(
            cache.path(&o("a_b", Scheme::Http)),
            cache.path(&o("a", Scheme::Http))
        );
    }
}
