//! Saved copies: `--robots-dir DIR` holds `DIR/<host>/robots.txt`, where `<host>` is
//! [`Origin::display_host`] (lower case, `:<port>` only for a non-default port, IPv6 in
//! brackets), or the dated versions of the file
//! (docs/judging.md, "Where versions come from"):
//!
//! - `robots.<STAMP>.txt`: a body in force from STAMP;
//! - `robots.<LO>-<HI>.txt`: a body that came into force after LO and no later than HI;
//! - `robots.<STAMP>.<CODE>` / `robots.<LO>-<HI>.<CODE>` (any content): the file answered
//!   HTTP status CODE from then on (4xx: no file; 429 and 5xx: unreachable).
//!
//! STAMP, LO and HI are UTC instants written `YYYYMMDDTHHMMSSZ`. The folder is checked when
//! the store is made: a file name that does not parse, windows that overlap, or a host folder
//! mixing an undated `robots.txt` with dated files is an error naming the file, since a version
//! silently ignored would change verdicts. Reads files only, never the network.

use std::collections::BTreeMap;
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::UNIX_EPOCH;

use crate::history::{Millis, Window};

use super::{
    MAX_ROBOTS_BYTES, Missing, Obtained, Origin, OriginHistory, Outcome, RobotsEntry, Scheme,
    Snapshot, Version,
};

/// What a dated file says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Saved {
    /// A body (`.txt`).
    Body,
    /// An HTTP status (`.<CODE>`).
    Status(u16),
}

/// A file name of the dated layout, parsed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DatedName {
    /// When the version came into force.
    pub window: Window,
    /// What the file holds.
    pub saved: Saved,
}

impl DatedName {
    /// The file name for a version: `robots.<STAMP>.txt`, `robots.<LO>-<HI>.404`.
    pub fn file_name(&self) -> String {
        let when = if self.window.lo == self.window.hi {
            stamp(self.window.hi)
        } else {
            format!("{}-{}", stamp(self.window.lo), stamp(self.window.hi))
        };
        match self.saved {
            Saved::Body => format!("robots.{when}.txt"),
            Saved::Status(code) => format!("robots.{when}.{code}"),
        }
    }

    /// Parses a dated file name; None when it is not one.
    pub fn parse(name: &str) -> Option<DatedName> {
        let rest = name.strip_prefix("robots.")?;
        let (when, ext) = rest.rsplit_once('.')?;
        let saved = match ext {
            "txt" => Saved::Body,
            code if code.len() == 3 && code.bytes().all(|b| b.is_ascii_digit()) => {
                let code: u16 = code.parse().ok()?;
                (400..600).contains(&code).then_some(Saved::Status(code))?
            }
            _ => return None,
        };
        let window = match when.split_once('-') {
            Some((lo, hi)) => Window {
                lo: parse_stamp(lo)?,
                hi: parse_stamp(hi)?,
            },
            None => Window::at(parse_stamp(when)?),
        };
        (window.lo <= window.hi).then_some(DatedName { window, saved })
    }
}

/// `YYYYMMDDTHHMMSSZ` → unix ms.
pub fn parse_stamp(s: &str) -> Option<Millis> {
    let b = s.as_bytes();
    if b.len() != 16 || b[8] != b'T' || b[15] != b'Z' {
        return None;
    }
    let digits = |r: std::ops::Range<usize>| -> Option<i16> {
        let part = &s[r];
        part.bytes()
            .all(|c| c.is_ascii_digit())
            .then(|| part.parse().ok())
            .flatten()
    };
    let dt = jiff::civil::DateTime::new(
        digits(0..4)?,
        digits(4..6)? as i8,
        digits(6..8)? as i8,
        digits(9..11)? as i8,
        digits(11..13)? as i8,
        digits(13..15)? as i8,
        0,
    )
    .ok()?;
    let ts = dt.to_zoned(jiff::tz::TimeZone::UTC).ok()?.timestamp();
    Some(ts.as_millisecond())
}

/// Unix ms → `YYYYMMDDTHHMMSSZ` (whole seconds).
pub fn stamp(ms: Millis) -> String {
    match jiff::Timestamp::from_millisecond(ms) {
        Ok(ts) => ts.strftime("%Y%m%dT%H%M%SZ").to_string(),
        Err(_) => String::from("00000000T000000Z"),
    }
}

/// Why `--robots-dir` cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum DirError {
    /// The folder or a host folder cannot be listed.
    #[error("cannot read {}: {source}", path.display())]
    Read {
        /// The folder.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// A file name that is neither `robots.txt` nor a dated version.
    #[error("{}: not robots.txt nor a dated version (robots.<STAMP>.txt, robots.<LO>-<HI>.txt, robots.<STAMP>.<CODE> with STAMP as YYYYMMDDTHHMMSSZ and CODE 4xx or 5xx)", path.display())]
    Name {
        /// The file.
        path: PathBuf,
    },
    /// An undated `robots.txt` beside dated files.
    #[error("{}: holds both robots.txt and dated versions; keep one or the other", path.display())]
    Mixed {
        /// The host folder.
        path: PathBuf,
    },
    /// Two versions whose windows overlap (or start at the same instant).
    #[error("{} and {} overlap: a version must come into force after the one before it", first.display(), second.display())]
    Overlap {
        /// The earlier file.
        first: PathBuf,
        /// The later file.
        second: PathBuf,
    },
}

/// One host folder's files, checked.
#[derive(Clone, Debug)]
enum HostFiles {
    Undated(PathBuf),
    Dated(Vec<(DatedName, PathBuf)>),
}

/// A `--robots-dir` folder, scanned and checked.
#[derive(Clone, Debug)]
pub struct RobotsDir {
    hosts: BTreeMap<String, HostFiles>,
}

impl RobotsDir {
    /// Lists and checks every host folder of `root`. Files and folders starting with `.` are
    /// ignored (editor and system debris).
    pub fn scan(root: &Path) -> Result<RobotsDir, DirError> {
        let read = |path: &Path| {
            let mut names: Vec<(String, PathBuf, bool)> = Vec::new();
            for entry in std::fs::read_dir(path).map_err(|source| DirError::Read {
                path: path.to_owned(),
                source,
            })? {
                let entry = entry.map_err(|source| DirError::Read {
                    path: path.to_owned(),
                    source,
                })?;
                let name = entry.file_name().to_string_lossy().into_owned();
                if name.starts_with('.') {
                    continue;
                }
                let is_dir = entry.path().is_dir();
                names.push((name, entry.path(), is_dir));
            }
            names.sort();
            Ok(names)
        };
        let mut hosts = BTreeMap::new();
        for (host, path, is_dir) in read(root)? {
            if !is_dir {
                continue;
            }
            let mut undated = None;
            let mut dated = Vec::new();
            for (name, file, _) in read(&path)? {
                if name == "robots.txt" {
                    undated = Some(file);
                } else if let Some(d) = DatedName::parse(&name) {
                    dated.push((d, file));
                } else {
                    return Err(DirError::Name { path: file });
                }
            }
            let files = match (undated, dated.is_empty()) {
                (Some(_), false) => return Err(DirError::Mixed { path }),
                (Some(file), true) => HostFiles::Undated(file),
                (None, false) => {
                    dated.sort_by_key(|(d, _)| (d.window.hi, d.window.lo));
                    for pair in dated.windows(2) {
                        let (a, b) = (&pair[0], &pair[1]);
                        // The change to the next version comes after the change to this one.
                        if b.0.window.lo < a.0.window.hi || b.0.window.hi == a.0.window.hi {
                            return Err(DirError::Overlap {
                                first: a.1.clone(),
                                second: b.1.clone(),
                            });
                        }
                    }
                    HostFiles::Dated(dated)
                }
                (None, true) => continue,
            };
            hosts.insert(host.to_ascii_lowercase(), files);
        }
        Ok(RobotsDir { hosts })
    }

    /// The whole folder as a [`Snapshot`]: every origin a host folder speaks for (the http
    /// and https origins whose [`Origin::display_host`] is the folder's name) with its
    /// history, and "no file" for every other origin, as [`RobotsDir::history`] answers.
    /// What a job ships to other machines so that they judge as `--robots-dir` does here
    /// without knowing the origins in advance. Reads every body file once.
    pub fn snapshot(&self) -> Snapshot {
        let mut histories = BTreeMap::new();
        for folder in self.hosts.keys() {
            for scheme in [Scheme::Http, Scheme::Https] {
                let Ok(origin) = Origin::from_host(folder.as_bytes(), scheme) else {
                    continue;
                };
                if origin.display_host() == *folder {
                    let history = Arc::new(self.history(&origin));
                    histories.insert(origin, history);
                }
            }
        }
        Snapshot::new(histories, Missing::AllowAll)
    }

    /// The history of `origin` from the saved files: an undated `robots.txt` is one version
    /// for all time, dated files are versions; no folder (or an empty one) is "no file", as
    /// a 404 (all allowed).
    pub fn history(&self, origin: &Origin) -> OriginHistory {
        let url = origin.robots_url();
        match self.hosts.get(&origin.display_host()) {
            None => OriginHistory::single(Arc::new(RobotsEntry::new(
                url,
                Obtained::RobotsDir,
                Outcome::AllowAll,
                Some("no file in robots dir".to_owned()),
            ))),
            Some(HostFiles::Undated(path)) => {
                OriginHistory::single(Arc::new(read_body(url, path, None)))
            }
            Some(HostFiles::Dated(files)) => {
                let versions = files
                    .iter()
                    .map(|(name, path)| Version {
                        window: name.window,
                        entry: Arc::new(match name.saved {
                            Saved::Body => read_body(url.clone(), path, Some(name.window.hi)),
                            Saved::Status(code) => {
                                status_entry(url.clone(), path, code, name.window.hi)
                            }
                        }),
                    })
                    .collect();
                // Checked by `scan`: in order, not overlapping.
                OriginHistory::new(versions).unwrap_or_else(|_| {
                    OriginHistory::single(Arc::new(RobotsEntry::not_fetched(
                        url,
                        "inconsistent dated files",
                    )))
                })
            }
        }
    }
}

/// A body file: rules (capped at [`MAX_ROBOTS_BYTES`]); an unreadable file is unreachable.
fn read_body(url: String, path: &Path, since: Option<Millis>) -> RobotsEntry {
    let file = match std::fs::File::open(path) {
        Ok(file) => file,
        Err(e) => return unreadable(url, path, &e),
    };
    let mtime = file
        .metadata()
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
        .and_then(|d| i64::try_from(d.as_secs()).ok());
    let mut body = Vec::new();
    if let Err(e) = file
        .take(MAX_ROBOTS_BYTES as u64 + 1)
        .read_to_end(&mut body)
    {
        return unreadable(url, path, &e);
    }
    let truncated = body.len() > MAX_ROBOTS_BYTES;
    body.truncate(MAX_ROBOTS_BYTES);
    let mut entry = RobotsEntry::new(url, Obtained::RobotsDir, Outcome::Rules, None);
    entry.bytes = body.len() as u64;
    entry.body = Some(Arc::from(body));
    entry.truncated = truncated;
    if let Some(t) = since.map(|ms| ms.div_euclid(1000)).or(mtime) {
        entry.fetched_at = t;
    }
    entry
}

/// A status file: 4xx is no file, 429 and 5xx unreachable.
fn status_entry(url: String, path: &Path, code: u16, since: Millis) -> RobotsEntry {
    let outcome = if (400..500).contains(&code) && code != 429 {
        Outcome::AllowAll
    } else {
        Outcome::Unreachable
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut entry = RobotsEntry::new(
        url,
        Obtained::RobotsDir,
        outcome,
        Some(format!("HTTP {code} ({name})")),
    );
    entry.status = Some(code);
    entry.fetched_at = since.div_euclid(1000);
    entry
}

fn unreadable(url: String, path: &Path, e: &io::Error) -> RobotsEntry {
    RobotsEntry::new(
        url,
        Obtained::RobotsDir,
        Outcome::Unreachable,
        Some(format!("cannot read {}: {e}", path.display())),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fetch::RobotsSource;

    /// A history with the fetch times cleared (a "no file" entry is stamped when made).
    fn timeless(h: &OriginHistory) -> Vec<(Window, RobotsEntry)> {
        h.versions()
            .iter()
            .map(|v| {
                let mut e = (*v.entry).clone();
                e.fetched_at = 0;
                (v.window, e)
            })
            .collect()
    }

    #[test]
    fn snapshot_answers_every_origin_as_the_folder_does() {
        let root = tempfile::tempdir().unwrap();
        let put = |host: &str, name: &str, body: &str| {
            let dir = root.path().join(host);
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(dir.join(name), body).unwrap();
        };
        put(
            "example.com",
            "robots.txt",
            "User-agent: *\nDisallow: /a/\n",
        );
        put(
            "example.com:8080",
            "robots.txt",
            "User-agent: *\nDisallow: /b/\n",
        );
        put(
            "example.com:443",
            "robots.txt",
            "User-agent: *\nDisallow: /c/\n",
        );
        put(
            "[2001:db8::1]",
            "robots.txt",
            "User-agent: *\nDisallow: /d/\n",
        );
        put(
            "dated.example",
            "robots.20261101T000000Z.txt",
            "User-agent: *\nDisallow: /e/\n",
        );
        put("dated.example", "robots.20261103T000000Z.404", "");
        std::fs::create_dir_all(root.path().join("empty.example")).unwrap();
        let dir = RobotsDir::scan(root.path()).unwrap();
        let snapshot = dir.snapshot();
        // http:443 is the folder `example.com:443`; https:443 is `example.com`.
        assert_eq!(
            snapshot.histories().len(),
            9,
            "{:?}",
            snapshot.histories().keys()
        );
        let origins = [
            "http://example.com",
            "https://example.com",
            "http://example.com:8080",
            "https://example.com:8080",
            "http://example.com:443",
            "https://example.com:80",
            "https://[2001:db8::1]",
            "https://dated.example",
            "https://empty.example",
            "https://other.example",
        ];
        for url in origins {
            let origin = Origin::from_url(url, Scheme::Https).unwrap();
            let from_snapshot = snapshot.lookup(&origin).expect("a snapshot answers all");
            assert_eq!(
                timeless(&from_snapshot),
                timeless(&dir.history(&origin)),
                "{url}"
            );
        }
        let c = Origin::from_url("http://example.com:443", Scheme::Https).unwrap();
        assert_eq!(
            snapshot.lookup(&c).unwrap().current().body_bytes(),
            b"User-agent: *\nDisallow: /c/\n"
        );
    }

    #[test]
    fn dated_names_round_trip() {
        for name in [
            "robots.20261101T000000Z.txt",
            "robots.20261102T000000Z-20261103T120000Z.txt",
            "robots.20261104T000000Z.404",
            "robots.20261104T000000Z-20261105T000000Z.503",
        ] {
            let parsed = DatedName::parse(name).unwrap_or_else(|| panic!("{name}"));
            assert_eq!(parsed.file_name(), name);
        }
        let d = DatedName::parse("robots.20261101T000000Z.txt").unwrap();
        assert_eq!(d.window, Window::at(1_793_491_200_000));
        for bad in [
            "robots.txt",
            "robots.2026-11-01.txt",
            "robots.20261101T000000.txt",
            "robots.20261301T000000Z.txt",
            "robots.20261101T250000Z.txt",
            "robots.20261101T000000Z.html",
            "robots.20261101T000000Z.200",
            "robots.20261101T000000Z.301",
            "robots.20261101T000000Z.4040",
            "robots.20261103T000000Z-20261101T000000Z.txt",
            "robots.20261101T000000Z-.txt",
            "robot.20261101T000000Z.txt",
        ] {
            assert_eq!(DatedName::parse(bad), None, "{bad}");
        }
    }
}
