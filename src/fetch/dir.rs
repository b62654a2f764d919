//! Saved copies: `--robots-dir DIR` holds `DIR/<host>/robots.txt`, or the dated versions of
//! the file (docs/judging.md, "Where versions come from"):
//!
//! - `robots.<STAMP>.txt`: a body in force from STAMP;
//! - `robots.<LO>-<HI>.txt`: a body that came into force after LO and no later than HI;
//! - `robots.<STAMP>.<CODE>` / `robots.<LO>-<HI>.<CODE>` (any content): the file answered
//!   HTTP status CODE from then on (4xx: no file; 429 and 5xx: unreachable).
//!
//! STAMP, LO and HI are UTC instants written `YYYYMMDDTHHMMSSZ`.
//!
//! A host folder's name is read as a `Host` header is: `<host>[:<port>]`, the host in any case
//! and Unicode or punycode, so `Example.COM`, `example.com` and `xn--mller-kva.eu` /
//! `müller.eu` name the same host. The folder speaks for the http and the https origin of
//! that host at the port it names, or at each scheme's default port when it names none:
//! `example.com` for `http://example.com` and `https://example.com`, `example.com:443` for
//! `https://example.com` and `http://example.com:443`. A folder naming the port speaks first:
//! beside `example.com`, `example.com:80` holds `http://example.com`'s versions (a site's
//! two files are two origins, RFC 9309 §2.3; `history` saves an http origin there). Canonical
//! names are the ones [`Origin::display_host`] gives (lower case, punycode, a port only when
//! not the default).
//!
//! The folder is checked when the store is made, since a version silently ignored would
//! change verdicts: a folder name that is not a host, two folders that speak for the same
//! origin alike (both naming the port, or neither), a file name that does not parse, a file that is not a regular file (a FIFO would
//! block the read forever), windows that overlap, or a host folder mixing an undated
//! `robots.txt` with dated files is an error naming the files.
//!
//! Bodies are read lazily: a history names each body file ([`SavedBody`]) with its size, and
//! the file is read when a version is judged by it, so an audit reads only the versions its
//! requests can need. Reads files only, never the network.

use std::collections::BTreeMap;
use std::fmt;
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};
use std::time::UNIX_EPOCH;

use crate::history::{Millis, Window};

use super::files::{self, Links};
use super::{
    BodyDigest, MAX_ROBOTS_BYTES, Missing, Obtained, Origin, OriginHistory, Outcome, RobotsEntry,
    Scheme, Snapshot, Version,
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

/// Why a file name is not a dated version.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NameProblem {
    /// Not `robots.<…>.txt` or `robots.<…>.<CODE>` at all.
    NotDated,
    /// A status file whose code is not 4xx or 5xx.
    Code(String),
    /// A stamp that is not an instant.
    Stamp {
        /// The stamp as written.
        stamp: String,
        /// What is wrong with it.
        problem: StampProblem,
    },
    /// `robots.<LO>-<HI>…` with LO after HI.
    Backwards {
        /// LO as written.
        lo: String,
        /// HI as written.
        hi: String,
    },
}

impl fmt::Display for NameProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NameProblem::NotDated => f.write_str(
                "not robots.txt nor a dated version (robots.<STAMP>.txt, robots.<LO>-<HI>.txt, robots.<STAMP>.<CODE>, robots.<LO>-<HI>.<CODE> with STAMP, LO and HI as YYYYMMDDTHHMMSSZ and CODE 4xx or 5xx)",
            ),
            NameProblem::Code(code) => write!(
                f,
                "status {code} is not one a dated version can hold (4xx: no file; 429 and 5xx: unreachable)"
            ),
            NameProblem::Stamp { stamp, problem } => write!(f, "{stamp} {problem}"),
            NameProblem::Backwards { lo, hi } => write!(
                f,
                "{lo} (LO) is after {hi} (HI): a version comes into force after LO and no later than HI"
            ),
        }
    }
}

/// Why a stamp is not an instant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StampProblem {
    /// Not the shape asked for.
    Shape,
    /// Digits in the right places, but a date or time that does not exist (month 13, 25 h).
    Invalid,
    /// A year after 9999 (more digits than the four of a year).
    PastYear9999,
}

impl fmt::Display for StampProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            StampProblem::Shape => "is not YYYYMMDDTHHMMSSZ",
            StampProblem::Invalid => "is not a valid date and time",
            StampProblem::PastYear9999 => {
                "is after the year 9999, the latest instant a version can be dated"
            }
        })
    }
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
        DatedName::read(name).ok()
    }

    /// Parses a dated file name, or says why it is not one.
    pub fn read(name: &str) -> Result<DatedName, NameProblem> {
        let rest = name.strip_prefix("robots.").ok_or(NameProblem::NotDated)?;
        let (when, ext) = rest.rsplit_once('.').ok_or(NameProblem::NotDated)?;
        let saved = match ext {
            "txt" => Saved::Body,
            code if code.len() == 3 && code.bytes().all(|b| b.is_ascii_digit()) => {
                match code.parse::<u16>() {
                    Ok(code) if (400..600).contains(&code) => Saved::Status(code),
                    _ => return Err(NameProblem::Code(code.to_owned())),
                }
            }
            _ => return Err(NameProblem::NotDated),
        };
        let instant = |s: &str, read: Result<Millis, StampProblem>| {
            read.map_err(|problem| NameProblem::Stamp {
                stamp: s.to_owned(),
                problem,
            })
        };
        let window = match when.split_once('-') {
            Some((lo, hi)) => {
                let (lo_ms, hi_ms) = match (read_stamp(lo), read_stamp(hi)) {
                    (Ok(lo), Ok(hi)) => (lo, hi),
                    // Not two stamps at all: the whole is what is wrong.
                    (Err(StampProblem::Shape), _) | (_, Err(StampProblem::Shape)) => {
                        return Err(NameProblem::Stamp {
                            stamp: when.to_owned(),
                            problem: StampProblem::Shape,
                        });
                    }
                    (lo_ms, hi_ms) => (instant(lo, lo_ms)?, instant(hi, hi_ms)?),
                };
                let window = Window {
                    lo: lo_ms,
                    hi: hi_ms,
                };
                if window.lo > window.hi {
                    return Err(NameProblem::Backwards {
                        lo: lo.to_owned(),
                        hi: hi.to_owned(),
                    });
                }
                window
            }
            None => Window::at(instant(when, read_stamp(when))?),
        };
        Ok(DatedName { window, saved })
    }
}

/// `YYYYMMDDTHHMMSSZ` → unix ms.
pub fn parse_stamp(s: &str) -> Option<Millis> {
    read_stamp(s).ok()
}

/// `YYYYMMDDTHHMMSSZ` → unix ms, or what is wrong with it.
pub(crate) fn read_stamp(s: &str) -> Result<Millis, StampProblem> {
    let b = s.as_bytes();
    let digits = |part: &[u8]| !part.is_empty() && part.iter().all(u8::is_ascii_digit);
    if b.len() > 16
        && b[b.len() - 1] == b'Z'
        && b[b.len() - 8] == b'T'
        && digits(&b[..b.len() - 8])
        && digits(&b[b.len() - 7..b.len() - 1])
    {
        return Err(StampProblem::PastYear9999);
    }
    if b.len() != 16 || b[8] != b'T' || b[15] != b'Z' || !digits(&b[..8]) || !digits(&b[9..15]) {
        return Err(StampProblem::Shape);
    }
    let n = |r: std::ops::Range<usize>| -> i16 {
        // Checked just above: ASCII digits, at most four.
        s[r].parse().unwrap_or(0)
    };
    let dt = jiff::civil::DateTime::new(
        n(0..4),
        n(4..6) as i8,
        n(6..8) as i8,
        n(9..11) as i8,
        n(11..13) as i8,
        n(13..15) as i8,
        0,
    )
    .map_err(|_| StampProblem::Invalid)?;
    let ts = dt
        .to_zoned(jiff::tz::TimeZone::UTC)
        .map_err(|_| StampProblem::Invalid)?
        .timestamp();
    Ok(ts.as_millisecond())
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
    /// The folder or a host folder cannot be listed, or a file's type cannot be read.
    #[error("cannot read {}: {source}", path.display())]
    Read {
        /// The folder or file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// A saved body that cannot be read (the message names the file).
    #[error("{reason}")]
    Body {
        /// The file.
        path: PathBuf,
        /// Why, naming it.
        reason: String,
    },
    /// A file name that is neither `robots.txt` nor a dated version.
    #[error("{}: {problem}", path.display())]
    Name {
        /// The file.
        path: PathBuf,
        /// Why its name is not a version's.
        problem: NameProblem,
    },
    /// A version file that is not a regular file (a FIFO, a device, a folder).
    #[error("{}: not a regular file ({kind}); a host folder holds robots.txt files only", path.display())]
    NotRegular {
        /// The file.
        path: PathBuf,
        /// What it is (`a FIFO`).
        kind: &'static str,
    },
    /// A folder whose name is not a host.
    #[error("{}: not a host folder: {reason}", path.display())]
    Host {
        /// The folder.
        path: PathBuf,
        /// Why its name is not a host.
        reason: String,
    },
    /// Two folders that speak for the same origin.
    #[error("{} and {} both speak for {origin} (folder names are read as hosts: case, Unicode and default ports do not tell them apart); keep one", first.display(), second.display())]
    SameOrigin {
        /// The first folder, by name.
        first: PathBuf,
        /// The other.
        second: PathBuf,
        /// The origin (`https://example.com`).
        origin: String,
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

/// A body file of `--robots-dir`, read only when a version is judged by it. One per file,
/// shared by the histories of the http and https origins its folder speaks for.
#[derive(Debug)]
pub struct SavedBody {
    path: PathBuf,
    /// The digest and size of what [`SavedBody::read`] gives, once computed.
    fingerprint: OnceLock<Result<(BodyDigest, u64), String>>,
}

impl PartialEq for SavedBody {
    fn eq(&self, other: &SavedBody) -> bool {
        self.path == other.path
    }
}

impl Eq for SavedBody {}

impl SavedBody {
    fn new(path: PathBuf) -> SavedBody {
        SavedBody {
            path,
            fingerprint: OnceLock::new(),
        }
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The body: at most [`MAX_ROBOTS_BYTES`], and whether the file holds more. The error
    /// names the file.
    pub fn read(&self) -> Result<(Vec<u8>, bool), String> {
        let why = |e: io::Error| format!("cannot read {}: {e}", self.path.display());
        let file = files::open_regular(&self.path, Links::Follow).map_err(why)?;
        let mut body = Vec::new();
        file.take(MAX_ROBOTS_BYTES as u64 + 1)
            .read_to_end(&mut body)
            .map_err(why)?;
        let more = body.len() > MAX_ROBOTS_BYTES;
        body.truncate(MAX_ROBOTS_BYTES);
        Ok((body, more))
    }

    /// The digest and size of the body [`SavedBody::read`] gives, computed once by reading
    /// the file through a small buffer (nothing of it is kept).
    pub fn fingerprint(&self) -> Result<(BodyDigest, u64), String> {
        self.fingerprint
            .get_or_init(|| {
                use sha2::Digest as _;
                let why = |e: io::Error| format!("cannot read {}: {e}", self.path.display());
                let file = files::open_regular(&self.path, Links::Follow).map_err(why)?;
                let mut reader = file.take(MAX_ROBOTS_BYTES as u64);
                let mut hash = sha2::Sha256::new();
                let mut buf = vec![0u8; 64 << 10];
                let mut len = 0u64;
                loop {
                    match reader.read(&mut buf) {
                        Ok(0) => break,
                        Ok(n) => {
                            hash.update(&buf[..n]);
                            len += n as u64;
                        }
                        Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                        Err(e) => return Err(why(e)),
                    }
                }
                Ok((hash.finalize().into(), len))
            })
            .clone()
    }
}

/// One host folder's files, checked.
#[derive(Clone, Debug)]
enum HostFiles {
    Undated(Arc<SavedBody>),
    Dated(Vec<(DatedName, DatedFile)>),
}

/// A dated file: a body, or a status (whose content says nothing).
#[derive(Clone, Debug)]
enum DatedFile {
    Body(Arc<SavedBody>),
    Status(PathBuf, u16),
}

impl DatedFile {
    fn path(&self) -> &Path {
        match self {
            DatedFile::Body(body) => body.path(),
            DatedFile::Status(path, _) => path,
        }
    }
}

/// A `--robots-dir` folder, scanned and checked.
#[derive(Clone, Debug)]
pub struct RobotsDir {
    /// Every origin a host folder speaks for, with that folder's files.
    origins: BTreeMap<Origin, Arc<HostFiles>>,
}

/// Whether a host folder's name gives a port (`example.com:80`, `[2001:db8::1]:443`): such a
/// folder speaks first for its origins, before one naming the host alone (`example.com:80`
/// for `http://example.com`, where `example.com` keeps `https://example.com`).
pub(crate) fn names_port(name: &str) -> bool {
    name.rsplit_once(':').is_some_and(|(host, port)| {
        !port.is_empty()
            && port.bytes().all(|b| b.is_ascii_digit())
            && (!host.contains(':') || host.ends_with(']'))
    })
}

/// The origins a host folder's name speaks for: the http and the https origin of the host,
/// at the port the name gives or at each scheme's default.
pub(crate) fn folder_origins(name: &str) -> Result<[Origin; 2], String> {
    let one = |scheme| Origin::from_host(name.as_bytes(), scheme).map_err(|e| e.to_string());
    Ok([one(Scheme::Http)?, one(Scheme::Https)?])
}

impl RobotsDir {
    /// Lists and checks every host folder of `root`. Files and folders starting with `.` are
    /// ignored (editor and system debris), as are files beside the host folders.
    pub fn scan(root: &Path) -> Result<RobotsDir, DirError> {
        let read = |path: &Path| {
            let mut names: Vec<(String, PathBuf)> = Vec::new();
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
                names.push((name, entry.path()));
            }
            names.sort();
            Ok(names)
        };
        // Through symbolic links, as the files are read.
        let meta = |path: &Path| {
            std::fs::metadata(path).map_err(|source| DirError::Read {
                path: path.to_owned(),
                source,
            })
        };
        // Each origin's folder, and whether that folder's name gives its port.
        let mut origins: BTreeMap<Origin, (PathBuf, Arc<HostFiles>, bool)> = BTreeMap::new();
        for (host, path) in read(root)? {
            if !meta(&path)?.is_dir() {
                continue;
            }
            let speaks_for = folder_origins(&host).map_err(|reason| DirError::Host {
                path: path.clone(),
                reason,
            })?;
            let mut undated = None;
            let mut dated = Vec::new();
            for (name, file) in read(&path)? {
                let dated_name = if name == "robots.txt" {
                    None
                } else {
                    Some(DatedName::read(&name).map_err(|problem| DirError::Name {
                        path: file.clone(),
                        problem,
                    })?)
                };
                let m = meta(&file)?;
                if !m.is_file() {
                    return Err(DirError::NotRegular {
                        path: file,
                        kind: files::kind_of(&m),
                    });
                }
                match dated_name {
                    None => undated = Some(file),
                    Some(d) => {
                        let file = match d.saved {
                            Saved::Body => DatedFile::Body(Arc::new(SavedBody::new(file))),
                            Saved::Status(code) => DatedFile::Status(file, code),
                        };
                        dated.push((d, file));
                    }
                }
            }
            let files = match (undated, dated.is_empty()) {
                (Some(_), false) => return Err(DirError::Mixed { path }),
                (Some(file), true) => HostFiles::Undated(Arc::new(SavedBody::new(file))),
                (None, false) => {
                    dated.sort_by_key(|(d, _)| (d.window.hi, d.window.lo));
                    for pair in dated.windows(2) {
                        let (a, b) = (&pair[0], &pair[1]);
                        // The change to the next version comes after the change to this one.
                        if b.0.window.lo < a.0.window.hi || b.0.window.hi == a.0.window.hi {
                            return Err(DirError::Overlap {
                                first: a.1.path().to_owned(),
                                second: b.1.path().to_owned(),
                            });
                        }
                    }
                    HostFiles::Dated(dated)
                }
                // An empty folder says nothing (no file, as no folder), but may still clash.
                (None, true) => HostFiles::Dated(Vec::new()),
            };
            let files = Arc::new(files);
            let explicit = names_port(&host);
            for origin in speaks_for {
                match origins.get(&origin) {
                    Some((first, _, first_explicit)) if *first_explicit == explicit => {
                        return Err(DirError::SameOrigin {
                            first: first.clone(),
                            second: path,
                            origin: origin.to_string(),
                        });
                    }
                    // The folder naming the port speaks first for it.
                    Some((_, _, true)) => {}
                    _ => {
                        origins.insert(origin, (path.clone(), Arc::clone(&files), explicit));
                    }
                }
            }
        }
        Ok(RobotsDir {
            origins: origins
                .into_iter()
                .filter(
                    |(_, (_, files, _))| !matches!(&**files, HostFiles::Dated(d) if d.is_empty()),
                )
                .map(|(origin, (_, files, _))| (origin, files))
                .collect(),
        })
    }

    /// The whole folder as a [`Snapshot`]: every origin a host folder speaks for with its
    /// history, and "no file" for every other origin, as [`RobotsDir::history`] answers.
    /// What a job ships to other machines so that they judge as `--robots-dir` does here
    /// without knowing the origins in advance. Reads every body file once (identical bodies
    /// are held once).
    pub fn snapshot(&self) -> Result<Snapshot, DirError> {
        let mut bodies: BTreeMap<BodyDigest, Arc<[u8]>> = BTreeMap::new();
        let mut histories = BTreeMap::new();
        for origin in self.origins.keys() {
            let history = self.history(origin);
            let mut versions = Vec::with_capacity(history.versions().len());
            for v in history.versions() {
                // Every body is shipped: one that cannot be read fails the job.
                let entry =
                    load(&v.entry, &mut bodies).map_err(|(path, reason)| DirError::Body {
                        path: path.to_owned(),
                        reason,
                    })?;
                versions.push(Version {
                    window: v.window,
                    entry: Arc::new(entry),
                });
            }
            // The same windows as the history just made.
            let history = OriginHistory::new(versions).unwrap_or(history);
            histories.insert(origin.clone(), Arc::new(history));
        }
        Ok(Snapshot::new(histories, Missing::AllowAll))
    }

    /// The history of `origin` from the saved files: an undated `robots.txt` is one version
    /// for all time, dated files are versions; no folder (or an empty one) is "no file", as
    /// a 404 (all allowed). Body files are not read, only looked at (see
    /// [`RobotsEntry::saved`]); one that cannot be opened is an unreachable version.
    pub fn history(&self, origin: &Origin) -> OriginHistory {
        let url = origin.robots_url();
        match self.origins.get(origin).map(|f| &**f) {
            None => OriginHistory::single(Arc::new(RobotsEntry::new(
                url,
                Obtained::RobotsDir,
                Outcome::AllowAll,
                Some("no file in robots dir".to_owned()),
            ))),
            Some(HostFiles::Undated(body)) => {
                OriginHistory::single(Arc::new(body_entry(url, body, None)))
            }
            Some(HostFiles::Dated(files)) => {
                let versions = files
                    .iter()
                    .map(|(name, file)| Version {
                        window: name.window,
                        entry: Arc::new(match file {
                            DatedFile::Status(path, code) => {
                                status_entry(url.clone(), path, *code, name.window.hi)
                            }
                            DatedFile::Body(body) => {
                                body_entry(url.clone(), body, Some(name.window.hi))
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

/// A body file's version, its body not read: rules, with the file's size. A file that cannot
/// be looked at now (gone, not readable, too many files open) is still rules: reading it when
/// a request needs it fails the run, naming the file (a saved copy is the site's file, not
/// the site's answer: it is never taken for an unreachable site).
fn body_entry(url: String, body: &Arc<SavedBody>, since: Option<Millis>) -> RobotsEntry {
    let mut entry = RobotsEntry::new(url, Obtained::RobotsDir, Outcome::Rules, None);
    entry.saved = Some(Arc::clone(body));
    let meta = files::open_regular(body.path(), Links::Follow).and_then(|f| f.metadata());
    let mtime = match meta {
        Ok(meta) => {
            entry.bytes = meta.len().min(MAX_ROBOTS_BYTES as u64);
            entry.truncated = meta.len() > MAX_ROBOTS_BYTES as u64;
            meta.modified()
                .ok()
                .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
                .and_then(|d| i64::try_from(d.as_secs()).ok())
        }
        Err(_) => None,
    };
    if let Some(t) = since.map(|ms| ms.div_euclid(1000)).or(mtime) {
        entry.fetched_at = t;
    }
    entry
}

/// The entry with its body read (see [`RobotsEntry::saved`]), to show; a body that cannot
/// be read shows as unreachable, saying why (an audit that needs it fails when it reads it).
#[cfg(feature = "net")]
pub(crate) fn loaded(entry: &Arc<RobotsEntry>) -> Arc<RobotsEntry> {
    if entry.saved.is_none() {
        return Arc::clone(entry);
    }
    Arc::new(
        load(entry, &mut BTreeMap::new()).unwrap_or_else(|(_, reason)| {
            let mut e = RobotsEntry::new(
                entry.url.clone(),
                Obtained::RobotsDir,
                Outcome::Unreachable,
                Some(reason),
            );
            e.fetched_at = entry.fetched_at;
            e
        }),
    )
}

/// The entry with its body read (bodies with the same digest held once), for a snapshot; for
/// a body that cannot be read, its file and why.
fn load<'a>(
    entry: &'a RobotsEntry,
    bodies: &mut BTreeMap<BodyDigest, Arc<[u8]>>,
) -> Result<RobotsEntry, (&'a Path, String)> {
    let Some(saved) = &entry.saved else {
        return Ok(entry.clone());
    };
    let (body, more) = saved.read().map_err(|reason| (saved.path(), reason))?;
    let body = Arc::clone(
        bodies
            .entry(super::body_digest(&body))
            .or_insert_with(|| Arc::from(body)),
    );
    Ok(RobotsEntry {
        bytes: body.len() as u64,
        body: Some(body),
        truncated: more,
        saved: None,
        ..entry.clone()
    })
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fetch::RobotsSource;

    /// A history with the fetch times cleared (a "no file" entry is stamped when made) and
    /// saved bodies read, as a snapshot holds them.
    fn timeless(h: &OriginHistory) -> Vec<(Window, RobotsEntry)> {
        let mut bodies = BTreeMap::new();
        h.versions()
            .iter()
            .map(|v| {
                let mut e = load(&v.entry, &mut bodies).expect("the body reads");
                e.fetched_at = 0;
                (v.window, e)
            })
            .collect()
    }

    fn put(root: &Path, host: &str, name: &str, body: &str) {
        let dir = root.join(host);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(name), body).unwrap();
    }

    fn origin(url: &str) -> Origin {
        Origin::from_url(url, Scheme::Https).unwrap()
    }

    #[test]
    fn snapshot_answers_every_origin_as_the_folder_does() {
        let root = tempfile::tempdir().unwrap();
        let put = |host: &str, name: &str, body: &str| put(root.path(), host, name, body);
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
            "example.org:443",
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
        let snapshot = dir.snapshot().expect("every body reads");
        assert_eq!(
            snapshot.histories().len(),
            10,
            "{:?}",
            snapshot.histories().keys()
        );
        for url in [
            "http://example.com",
            "https://example.com",
            "http://example.com:8080",
            "https://example.com:8080",
            "http://example.org:443",
            "https://example.org",
            "http://example.org",
            "https://[2001:db8::1]",
            "https://dated.example",
            "https://empty.example",
            "https://other.example",
        ] {
            let origin = origin(url);
            let from_snapshot = snapshot.lookup(&origin).expect("a snapshot answers all");
            assert_eq!(
                timeless(&from_snapshot),
                timeless(&dir.history(&origin)),
                "{url}"
            );
            assert!(
                from_snapshot
                    .versions()
                    .iter()
                    .all(|v| v.entry.saved.is_none()),
                "a snapshot holds its bodies: {url}"
            );
        }
        // `example.org:443` speaks for https://example.org, and for http at port 443.
        assert_eq!(
            snapshot
                .lookup(&origin("https://example.org"))
                .unwrap()
                .current()
                .body_bytes(),
            b"User-agent: *\nDisallow: /c/\n"
        );
        assert_eq!(
            dir.history(&origin("http://example.org")).current().outcome,
            Outcome::AllowAll
        );
    }

    #[test]
    fn folder_names_are_read_as_hosts_and_two_for_one_origin_are_refused() {
        let root = tempfile::tempdir().unwrap();
        put(root.path(), "EXAMPLE.com", "robots.txt", "User-agent: *\n");
        put(
            root.path(),
            "müller.example",
            "robots.txt",
            "User-agent: *\n",
        );
        let dir = RobotsDir::scan(root.path()).unwrap();
        for url in ["https://example.com", "http://example.com"] {
            assert!(dir.history(&origin(url)).current().saved.is_some(), "{url}");
        }
        assert!(
            dir.history(&origin("https://xn--mller-kva.example"))
                .current()
                .saved
                .is_some()
        );

        // A folder naming the port speaks first for the origins at that port; the one naming
        // the host alone keeps the other scheme's.
        for (port, own, other) in [
            (
                "example.com:80",
                "http://example.com",
                "https://example.com",
            ),
            (
                "example.com:443",
                "https://example.com",
                "http://example.com",
            ),
        ] {
            let root = tempfile::tempdir().unwrap();
            put(root.path(), "EXAMPLE.com", "robots.txt", "User-agent: *\n");
            put(
                root.path(),
                port,
                "robots.txt",
                "User-agent: *\nDisallow: /\n",
            );
            let dir = RobotsDir::scan(root.path()).expect(port);
            let path = |url: &str| {
                let history = dir.history(&origin(url));
                let saved = history.current().saved.clone().expect("a saved file");
                saved.path.parent().unwrap().file_name().unwrap().to_owned()
            };
            assert_eq!(path(own), port, "{own}");
            assert_eq!(path(other), "EXAMPLE.com", "{other}");
        }

        // Every spelling of a host that another folder has alike: an error naming both.
        for (first, other, speaks) in [
            ("EXAMPLE.com", "example.com", "http://example.com"),
            (
                "EXAMPLE.com:443",
                "example.com:443",
                "http://example.com:443",
            ),
            ("EXAMPLE.com:80", "example.com:80", "http://example.com"),
            (
                "EXAMPLE.com",
                "xn--mller-kva.example",
                "http://xn--mller-kva.example",
            ),
        ] {
            let root = tempfile::tempdir().unwrap();
            put(root.path(), first, "robots.txt", "User-agent: *\n");
            put(
                root.path(),
                "müller.example",
                "robots.txt",
                "User-agent: *\n",
            );
            put(root.path(), other, "robots.20261101T000000Z.txt", "");
            let err = RobotsDir::scan(root.path()).expect_err(other).to_string();
            assert!(err.contains(&format!("both speak for {speaks}")), "{err}");
            let first = if other.contains("mller") {
                "müller.example"
            } else {
                first
            };
            for folder in [first, other] {
                let path = root.path().join(folder).display().to_string();
                assert!(err.contains(&path), "{err}");
            }
        }
        let root = tempfile::tempdir().unwrap();
        put(root.path(), "not a host", "robots.txt", "");
        let err = RobotsDir::scan(root.path())
            .expect_err("a space")
            .to_string();
        assert!(err.contains("not a host: not a host folder"), "{err}");
    }

    #[test]
    fn what_is_not_a_regular_file_is_refused_at_once() {
        let root = tempfile::tempdir().unwrap();
        let host = root.path().join("example.com");
        std::fs::create_dir_all(&host).unwrap();
        let fifo = host.join("robots.20261101T000000Z.txt");
        files::mkfifo(&fifo);
        let start = std::time::Instant::now();
        let err = RobotsDir::scan(root.path())
            .expect_err("a FIFO")
            .to_string();
        assert!(start.elapsed() < std::time::Duration::from_secs(5));
        assert_eq!(
            err,
            format!(
                "{}: not a regular file (a FIFO); a host folder holds robots.txt files only",
                fifo.display()
            )
        );
        std::fs::remove_file(&fifo).unwrap();
        std::fs::create_dir(host.join("robots.txt")).unwrap();
        let err = RobotsDir::scan(root.path())
            .expect_err("a folder")
            .to_string();
        assert!(err.contains("not a regular file (a directory)"), "{err}");
    }

    #[test]
    fn bodies_are_read_when_needed_and_a_file_gone_since_fails_its_reader() {
        let root = tempfile::tempdir().unwrap();
        let big = "Disallow: /x\n".repeat(40_000);
        put(
            root.path(),
            "example.com",
            "robots.20261101T000000Z.txt",
            &big,
        );
        put(
            root.path(),
            "example.com",
            "robots.20261102T000000Z.txt",
            "B",
        );
        let dir = RobotsDir::scan(root.path()).unwrap();
        let h = dir.history(&origin("https://example.com"));
        let first = &h.versions()[0].entry;
        assert_eq!(first.body, None, "not read");
        assert_eq!(first.bytes, MAX_ROBOTS_BYTES as u64);
        assert!(first.truncated);
        let saved = first.saved.as_ref().expect("a saved body");
        let (body, more) = saved.read().unwrap();
        assert_eq!(body, big.as_bytes()[..MAX_ROBOTS_BYTES]);
        assert!(more);
        assert_eq!(
            saved.fingerprint().unwrap(),
            (crate::fetch::body_digest(&body), MAX_ROBOTS_BYTES as u64)
        );
        std::fs::remove_file(root.path().join("example.com/robots.20261102T000000Z.txt")).unwrap();
        let h = dir.history(&origin("https://example.com"));
        let gone = h.current();
        // Still the site's rules, never an unreachable site: reading them is what fails (an
        // audit that needs them stops, naming the file; a snapshot cannot be made).
        assert_eq!(gone.outcome, Outcome::Rules);
        let err = gone.saved.as_ref().expect("saved").read().unwrap_err();
        assert!(err.contains("robots.20261102T000000Z.txt"), "{err}");
        let err = dir.snapshot().unwrap_err().to_string();
        assert!(err.contains("robots.20261102T000000Z.txt"), "{err}");
        let shown = loaded(gone);
        assert_eq!(shown.outcome, Outcome::Unreachable, "shown as unreadable");
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
            "robots.100000101T000000Z.txt",
        ] {
            assert_eq!(DatedName::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_name_that_is_no_version_says_why() {
        let why = |name: &str| DatedName::read(name).expect_err(name).to_string();
        let not_dated = why("notes.md");
        assert!(not_dated.starts_with("not robots.txt nor a dated version"));
        // Every form of a dated name is listed.
        for form in [
            "robots.<STAMP>.txt",
            "robots.<LO>-<HI>.txt",
            "robots.<STAMP>.<CODE>",
            "robots.<LO>-<HI>.<CODE>",
        ] {
            assert!(not_dated.contains(form), "{form}: {not_dated}");
        }
        assert_eq!(
            why("robots.20261103T000000Z-20261101T000000Z.txt"),
            "20261103T000000Z (LO) is after 20261101T000000Z (HI): a version comes into force after LO and no later than HI"
        );
        assert_eq!(
            why("robots.100000101T000000Z.txt"),
            "100000101T000000Z is after the year 9999, the latest instant a version can be dated"
        );
        assert_eq!(
            why("robots.20261301T000000Z.txt"),
            "20261301T000000Z is not a valid date and time"
        );
        assert_eq!(
            why("robots.2026-11-01.txt"),
            "2026-11-01 is not YYYYMMDDTHHMMSSZ"
        );
        assert!(why("robots.20261101T000000Z.301").starts_with("status 301 is not one"));
        let root = tempfile::tempdir().unwrap();
        put(
            root.path(),
            "example.com",
            "robots.20261103T000000Z-20261101T000000Z.txt",
            "",
        );
        let err = RobotsDir::scan(root.path())
            .expect_err("backwards")
            .to_string();
        assert!(err.contains("(LO) is after"), "{err}");
    }
}
