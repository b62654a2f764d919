//! Importing the history of robots.txt from a web archive (`robots-audit history`): an
//! origin in, dated files in a `--robots-dir` folder out
//! (docs/judging.md, "Where versions come from": a web archive).
//!
//! The archive speaks the Wayback Machine's interface: captures are listed by its CDX index,
//! `<archive>/cdx/search/cdx?url=<host>/robots.txt&output=json&fl=…`, page by page with
//! `limit=` and the resumption key (never `collapse=`, which would hide the last capture of a
//! run, the one that bounds when the next version came into force), and read by replay,
//! `<archive>/web/<timestamp>id_/<original URL>`. Only captures of the origin itself count:
//! the same scheme, host and port (RFC 9309 §2.3), though the index lists `http`, `https` and
//! `www.` together. Runs of identical content become versions ([`cdx`]); the first is named by
//! its first capture, each later one by the last capture of the run before it and its own
//! first capture.
//!
//! Requests go one at a time at most `rate` per second through the tool's address guard,
//! each within `--timeout` from its first byte to its last. The listing is bounded: at most
//! [`MAX_PAGES`] pages and [`MAX_ROWS`] rows, a page without captures must not ask for more,
//! and a resumption key is at most [`MAX_KEY_BYTES`] and may not come back (only the digests
//! of those seen are kept). Bodies are kept to [`MAX_ROBOTS_BYTES`] and one byte more, so that
//! the audit reads a body that was longer as truncated, as a fetch does. Each content is read
//! once, from the first of its captures that replays (at most [`REPLAY_TRIES`] are tried).
//! Nothing is written for an origin until all of its versions are in hand and the folder,
//! with them added, is one that [`RobotsDir::scan`](crate::fetch::RobotsDir::scan) accepts; files already there are never
//! replaced, and a folder holding something other than regular files, or another folder that
//! speaks for the same origin, stops the import. An origin that fails leaves its folder as it
//! was. This module neither prints nor exits.

mod cdx;
mod client;
mod save;

use std::collections::hash_map::Entry;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::time::Duration;

use reqwest::Url;

use self::cdx::{Content, Digest, Listing, Reading, Run};
use self::client::{Answer, ArchiveClient};
use self::save::{CheckError, NewFile, Work};
use super::{
    DatedName, DirError, FetchOptions, MAX_ROBOTS_BYTES, Origin, ResolveOverride, Saved, Scheme,
    dir,
};
use crate::history::{Millis, Window};
use crate::text;

pub use self::cdx::CdxProblem;
pub use self::client::RequestError;

/// The Wayback Machine.
pub const DEFAULT_ARCHIVE: &str = "https://web.archive.org";
/// Rows asked for per index page.
pub const PAGE_ROWS: usize = 10_000;
/// Index rows read per origin at most (every URL variant the index lists counts).
pub const MAX_ROWS: usize = 1_000_000;
/// The largest index page read.
pub const MAX_PAGE_BYTES: u64 = 16 << 20;
/// Captures of one content tried on replay before the import of the origin fails.
pub const REPLAY_TRIES: usize = 3;
/// Index pages read per origin at most: full pages hold [`MAX_ROWS`] in half as many.
pub const MAX_PAGES: usize = 2 * MAX_ROWS / PAGE_ROWS;
/// The longest resumption key followed (the Wayback Machine's are under 100 bytes).
pub const MAX_KEY_BYTES: usize = 4096;

/// How to import; see each field.
#[derive(Clone, Debug)]
pub struct ArchiveOptions {
    /// The archive's base URL, e.g. [`DEFAULT_ARCHIVE`] (a path prefix is kept).
    pub archive: String,
    /// Only captures at or after this instant (unix ms).
    pub since_ms: Option<Millis>,
    /// Only captures before this instant (unix ms).
    pub until_ms: Option<Millis>,
    /// Requests per second at most.
    pub rate: f64,
    /// An origin with more versions than this is not imported (each costs a request).
    pub max_versions: usize,
    /// `--resolve` overrides, as for fetching robots.txt.
    pub resolve: Vec<ResolveOverride>,
    /// Explicit opt-in to non-global addresses.
    pub allow_private: bool,
    /// The User-Agent sent.
    pub user_agent: String,
    /// Connecting to one address.
    pub connect_timeout: Duration,
    /// One request, its body included.
    pub timeout: Duration,
    /// The longest wait made when the archive answers 429 or 503 (`Retry-After`).
    pub max_retry_wait: Duration,
}

impl Default for ArchiveOptions {
    /// The Wayback Machine, all captures, one request per second, 1000 versions per origin,
    /// the tool's User-Agent, 10 s to connect, 60 s per request, waits of up to 5 minutes.
    fn default() -> ArchiveOptions {
        ArchiveOptions {
            archive: DEFAULT_ARCHIVE.to_owned(),
            since_ms: None,
            until_ms: None,
            rate: 1.0,
            max_versions: 1000,
            resolve: Vec::new(),
            allow_private: false,
            user_agent: FetchOptions::default().user_agent,
            connect_timeout: Duration::from_secs(10),
            timeout: Duration::from_secs(60),
            max_retry_wait: Duration::from_secs(300),
        }
    }
}

/// Why an import cannot start at all.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ArchiveError {
    /// `--archive` is not an http(s) URL without query.
    #[error(
        "invalid archive URL {0:?}: expected http:// or https:// and a host, without query (e.g. https://web.archive.org)"
    )]
    ArchiveUrl(String),
    /// The HTTP client could not be built.
    #[error("cannot set up the HTTP client: {0}")]
    Client(#[source] reqwest::Error),
    /// The `--save` path is not a folder (or cannot be looked at).
    #[error("--save {}: {source}", path.display())]
    Save {
        /// The folder.
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
}

/// Why one origin was not imported. Nothing was written for it.
#[derive(Debug, thiserror::Error)]
#[error("{origin}: {kind}")]
pub struct ImportError {
    /// The origin (`https://example.com`).
    pub origin: String,
    /// What went wrong.
    pub kind: ImportErrorKind,
}

/// What went wrong with one origin.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ImportErrorKind {
    /// A request to the archive failed: `what` says which (`the capture list <URL>`, `the
    /// capture <URL>`), the error what failed and why.
    #[error("{what}: {error}")]
    Request {
        /// The request, for a person: what was asked for and where.
        what: String,
        /// What failed.
        error: RequestError,
    },
    /// The index answered something that is not a CDX JSON page.
    #[error("the capture list {url} {problem}")]
    Cdx {
        /// The page asked for.
        url: String,
        /// What is wrong with it.
        problem: CdxProblem,
    },
    /// The index answered with an error status.
    #[error("the capture list {url} answered HTTP {status}{}", quote(snippet))]
    CdxStatus {
        /// The page asked for.
        url: String,
        /// The status.
        status: u16,
        /// The start of the answer, safe to print.
        snippet: String,
    },
    /// An index page over `MAX_PAGE_BYTES` (16 MiB), or more than `MAX_ROWS` (1,000,000) rows
    /// in all, or a resumption key that comes back.
    #[error("the capture list {url} {what}; narrow the import with --since and --until")]
    CdxTooLong {
        /// The page asked for.
        url: String,
        /// What was too much.
        what: String,
    },
    /// More versions than [`ArchiveOptions::max_versions`].
    #[error(
        "{}{found} versions (runs of distinct content) in the archive, more than --max-versions {max}; narrow the import with --since and --until, or raise --max-versions",
        if *listing { "at least " } else { "" }
    )]
    TooManyVersions {
        /// Versions found.
        found: usize,
        /// The limit.
        max: usize,
        /// Found while the captures were still being listed (the listing stopped there).
        listing: bool,
    },
    /// No capture of a content could be read back.
    #[error("cannot read the capture {url}{}: {reason}", tried(*tries))]
    Replay {
        /// The first replay URL tried.
        url: String,
        /// Captures of that content tried.
        tries: usize,
        /// The last failure.
        reason: String,
    },
    /// The host folder has an undated `robots.txt`.
    #[error(
        "{}: an undated robots.txt is there, which dated versions cannot join; move it away or import into another --save folder",
        path.display()
    )]
    Undated {
        /// The file.
        path: PathBuf,
    },
    /// The host folder is not a valid robots-dir folder already.
    #[error("{0}; fix the folder first")]
    Folder(#[source] DirError),
    /// The versions would not fit the folder's (they overlap one of its versions).
    #[error("importing would make the folder invalid: {0}")]
    WouldBreak(#[source] DirError),
    /// A saved file for the same instant holds another content.
    #[error(
        "{} holds other content than the archive's captures from {}; not replaced (remove it to import this version)",
        path.display(),
        text::rfc3339_ms(*since)
    )]
    Conflict {
        /// The file.
        path: PathBuf,
        /// When the archive's version came into force (its `HI`).
        since: Millis,
    },
    /// Reading or writing the folder failed.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file or folder.
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
}

fn quote(snippet: &str) -> String {
    if snippet.is_empty() {
        String::new()
    } else {
        format!(" (\"{snippet}\")")
    }
}

fn tried(tries: usize) -> String {
    if tries > 1 {
        format!(" (and {} more with the same content)", tries - 1)
    } else {
        String::new()
    }
}

/// What importing one origin came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Imported {
    /// The origin.
    pub origin: Origin,
    /// Its host folder in `--save`.
    pub folder: PathBuf,
    /// Captures of the origin's robots.txt within the bounds.
    pub captures: usize,
    /// Captures the index listed with them that belong to other origins (`http` for an
    /// `https` origin, `www.`, another port): not imported.
    pub others: usize,
    /// Of them, skipped: 3xx, 429, 5xx, and revisits whose content could not be told.
    pub skipped: usize,
    /// Versions found (runs of identical content).
    pub versions: usize,
    /// Files written, in time order.
    pub written: Vec<PathBuf>,
    /// Versions the folder had already: a file for the same instant with the same content, or
    /// the saved version before it with the same content (the run goes on).
    pub kept: usize,
    /// Bodies longer than [`MAX_ROBOTS_BYTES`], saved cut one byte after it (which tells the
    /// audit that the body went on).
    pub cut: usize,
}

/// Imports origins one after the other with one client, so the rate holds across them.
pub struct Importer {
    client: ArchiveClient,
    /// The archive's URL without a trailing `/`.
    base: String,
    save: PathBuf,
    opts: ArchiveOptions,
}

impl Importer {
    /// Checks the archive URL and `save` (a folder, or nothing yet: it is made when the first
    /// file is written) and builds the client.
    pub fn new(save: &Path, opts: ArchiveOptions) -> Result<Importer, ArchiveError> {
        let bad = || ArchiveError::ArchiveUrl(text::terminal_cut(&opts.archive, 200).into_owned());
        let url = Url::parse(&opts.archive).map_err(|_| bad())?;
        if !matches!(url.scheme(), "http" | "https")
            || client::url_origin(&url).is_none()
            || url.query().is_some()
            || url.fragment().is_some()
            || !url.username().is_empty()
            || url.password().is_some()
        {
            return Err(bad());
        }
        let not_a_folder = match std::fs::metadata(save) {
            Ok(meta) if meta.is_dir() => None,
            Ok(_) => Some(std::io::Error::new(
                std::io::ErrorKind::NotADirectory,
                "not a directory",
            )),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
            Err(e) => Some(e),
        };
        if let Some(source) = not_a_folder {
            return Err(ArchiveError::Save {
                path: save.to_owned(),
                source,
            });
        }
        Ok(Importer {
            client: ArchiveClient::new(&url, &opts).map_err(ArchiveError::Client)?,
            base: url.as_str().trim_end_matches('/').to_owned(),
            save: save.to_owned(),
            opts,
        })
    }

    /// Requests sent to the archive so far.
    pub fn requests(&self) -> usize {
        self.client.requests
    }

    /// Imports one origin's captures into `save/<host>/`; on error nothing was written.
    /// `save` is made when the first file is written: an import that writes nothing leaves
    /// no `save` behind where there was none.
    pub fn import(&mut self, origin: &Origin) -> Result<Imported, ImportError> {
        let existed = self.save.exists();
        let result = self.import_origin(origin);
        if !existed && result.as_ref().map_or(true, |i| i.written.is_empty()) {
            save::remove_if_unused(&self.save);
        }
        result.map_err(|kind| ImportError {
            origin: origin.to_string(),
            kind,
        })
    }

    fn import_origin(&mut self, origin: &Origin) -> Result<Imported, ImportErrorKind> {
        let folder = self.save.join(folder_name(origin));
        let io = |path: &Path| {
            let path = path.to_owned();
            move |source| ImportErrorKind::Io { path, source }
        };
        let mut work = Work::new(&self.save);
        // A folder that cannot take versions is refused before asking the archive anything.
        other_folder(&self.save, origin, &folder)?;
        let before = save::entries(&folder).map_err(io(&folder))?;
        check_folder(&mut work, &before, &[], &folder, ImportErrorKind::Folder)?;

        let listing = self.list(origin)?;
        let mut stored: HashMap<Digest, Stored> = HashMap::new();
        let mut contents: Vec<(Millis, Content)> = Vec::with_capacity(listing.captures.len());
        let mut unresolved: BTreeMap<Digest, Vec<Millis>> = BTreeMap::new();
        let mut skipped = 0;
        for c in &listing.captures {
            match listing.reading(c) {
                Reading::Known(Some(content)) => contents.push((c.time, content)),
                Reading::Known(None) => skipped += 1,
                Reading::Unresolved => unresolved.entry(c.digest).or_default().push(c.time),
            }
        }
        if unresolved.len() > self.opts.max_versions {
            return Err(ImportErrorKind::TooManyVersions {
                found: unresolved.len(),
                max: self.opts.max_versions,
                listing: false,
            });
        }
        // A revisit of a content the index shows nowhere else: its replay tells.
        for (digest, times) in unresolved {
            match self.body(&mut work, &listing, &mut stored, digest) {
                Ok(_) => contents.extend(times.into_iter().map(|t| (t, Content::Body(digest)))),
                Err(ImportErrorKind::Replay { .. }) => skipped += times.len(),
                Err(e) => return Err(e),
            }
        }
        let runs = cdx::runs(contents);
        if runs.len() > self.opts.max_versions {
            return Err(ImportErrorKind::TooManyVersions {
                found: runs.len(),
                max: self.opts.max_versions,
                listing: false,
            });
        }
        let versions = name_versions(&runs);
        let imported = |written: Vec<PathBuf>, kept: usize, cut: usize| Imported {
            origin: origin.clone(),
            folder: folder.clone(),
            captures: listing.captures.len(),
            others: listing.others,
            skipped,
            versions: versions.len(),
            written,
            kept,
            cut,
        };
        if versions.is_empty() {
            // Nothing to write: `--save` is left as it is (not even made).
            return Ok(imported(Vec::new(), 0, 0));
        }

        // From here on the folder is ours alone: read it again and decide.
        std::fs::create_dir_all(&self.save).map_err(io(&self.save))?;
        let _lock = save::lock(&self.save).map_err(io(&self.save))?;
        other_folder(&self.save, origin, &folder)?;
        let entries = save::entries(&folder).map_err(io(&folder))?;
        check_folder(&mut work, &entries, &[], &folder, ImportErrorKind::Folder)?;
        let mut kept = 0;
        let mut new: Vec<(DatedName, &Run)> = Vec::new();
        for (i, (name, run)) in versions.iter().enumerate() {
            // A saved version that came into force at the same instant is this version (a
            // file of the same name, or one an import with other bounds dated otherwise).
            let file = name.file_name();
            let same_hi = entries
                .iter()
                .filter(|e| e.dated.is_some_and(|d| d.window.hi == name.window.hi))
                .max_by_key(|e| e.name == file);
            if let Some(saved) = same_hi {
                let path = folder.join(&saved.name);
                if !self.same(&mut work, &listing, &mut stored, &path, &run.content)? {
                    return Err(ImportErrorKind::Conflict {
                        path,
                        since: name.window.hi,
                    });
                }
                kept += 1;
                continue;
            }
            // The saved version just before this one (if it comes after the previous run)
            // with the same content: the run goes on, nothing new to say.
            let previous_hi = i.checked_sub(1).map(|p| versions[p].0.window.hi);
            let before = entries
                .iter()
                .filter_map(|e| e.dated.map(|d| (d, &e.name)))
                .filter(|(d, _)| d.window.hi < name.window.hi)
                .max_by_key(|(d, _)| d.window.hi)
                .filter(|(d, _)| previous_hi.is_none_or(|p| d.window.hi > p));
            if let Some((_, saved)) = before
                && self.same(
                    &mut work,
                    &listing,
                    &mut stored,
                    &folder.join(saved),
                    &run.content,
                )?
            {
                kept += 1;
                continue;
            }
            let mut name = *name;
            if i == 0
                && self.opts.since_ms.is_some()
                && let Some((saved, _)) = before
            {
                // The first capture from `--since` on is no first capture ever: the change
                // came some time after the saved version before it was known in force (its
                // last capture is before `--since`, unknown here), not at that capture.
                name.window.lo = name.window.lo.min(saved.window.hi);
            }
            new.push((name, run));
        }
        let names: Vec<String> = new.iter().map(|(n, _)| n.file_name()).collect();
        let added: Vec<&str> = names.iter().map(String::as_str).collect();
        check_folder(
            &mut work,
            &entries,
            &added,
            &folder,
            ImportErrorKind::WouldBreak,
        )?;

        let mut files = Vec::with_capacity(new.len());
        let mut cut = 0;
        for (name, run) in &new {
            let content = match &run.content {
                Content::Body(digest) => {
                    let body = self.body(&mut work, &listing, &mut stored, *digest)?;
                    cut += usize::from(body.cut);
                    save::Content::Copy(body.path.clone())
                }
                Content::Status(code) => save::Content::Bytes(
                    format!(
                        "HTTP {code} in the archive's captures from {} (robots-audit history)\n",
                        text::rfc3339_secs(run.first.div_euclid(1000))
                    )
                    .into_bytes(),
                ),
            };
            files.push(NewFile {
                name: name.file_name(),
                content,
            });
        }
        let written = save::write_all(&folder, &files)
            .map_err(|(path, source)| ImportErrorKind::Io { path, source })?;
        Ok(imported(written, kept, cut))
    }

    /// Every row the index lists for `<host>/robots.txt` within the bounds, page by page.
    fn list(&mut self, origin: &Origin) -> Result<Listing, ImportErrorKind> {
        let mut listing = Listing::new(origin.clone(), self.opts.since_ms, self.opts.until_ms);
        // The key of the next page, and the digests of those followed (enough to see one
        // come back, whatever their size).
        let mut key: Option<String> = None;
        let mut seen: HashSet<crate::fetch::BodyDigest> = HashSet::new();
        for _ in 0..MAX_PAGES {
            let url = self.cdx_url(origin, key.as_deref());
            let url_shown = client::shown_without_query(&url);
            let answer = self
                .client
                .get(url, MAX_PAGE_BYTES, true)
                .map_err(|error| ImportErrorKind::Request {
                    what: format!("the capture list {url_shown}"),
                    error,
                })?;
            if !(200..300).contains(&answer.status) {
                return Err(ImportErrorKind::CdxStatus {
                    url: url_shown,
                    status: answer.status,
                    snippet: answer.snippet(),
                });
            }
            let too_long = |what: String| ImportErrorKind::CdxTooLong {
                url: url_shown.clone(),
                what,
            };
            if answer.over_cap {
                return Err(too_long(format!(
                    "is larger than {MAX_PAGE_BYTES} bytes a page"
                )));
            }
            let page = cdx::parse_page(&answer.body).map_err(|problem| ImportErrorKind::Cdx {
                url: url_shown.clone(),
                problem,
            })?;
            let rows = page.rows.len();
            for row in page.rows {
                listing.add(row);
            }
            // Each distinct body is a version at least: no need to list the rest.
            if listing.bodies > self.opts.max_versions {
                return Err(ImportErrorKind::TooManyVersions {
                    found: listing.bodies,
                    max: self.opts.max_versions,
                    listing: true,
                });
            }
            if listing.rows > MAX_ROWS {
                return Err(too_long(format!("lists more than {MAX_ROWS} captures")));
            }
            let Some(next) = page.resume_key else {
                listing.finish();
                return Ok(listing);
            };
            if rows == 0 {
                return Err(too_long(
                    "gives a page without captures and a resumption key for more".into(),
                ));
            }
            if next.len() > MAX_KEY_BYTES {
                return Err(too_long(format!(
                    "gives a resumption key of {} bytes, more than {MAX_KEY_BYTES}",
                    next.len()
                )));
            }
            if !seen.insert(crate::fetch::body_digest(next.as_bytes())) {
                return Err(too_long("gives a resumption key a second time".into()));
            }
            key = Some(next);
        }
        Err(ImportErrorKind::CdxTooLong {
            url: client::shown_without_query(&self.cdx_url(origin, key.as_deref())),
            what: format!("goes on past {MAX_PAGES} pages"),
        })
    }

    /// `<archive>/cdx/search/cdx?url=<host>/robots.txt&output=json&fl=…&limit=…`, with the
    /// bounds and the resumption key.
    fn cdx_url(&self, origin: &Origin, resume: Option<&str>) -> Url {
        let mut url = Url::parse(&format!("{}/cdx/search/cdx", self.base))
            .unwrap_or_else(|_| unreachable!("the base URL was parsed in Importer::new"));
        {
            let mut q = url.query_pairs_mut();
            q.append_pair("url", &format!("{}/robots.txt", origin.display_host()))
                .append_pair("output", "json")
                .append_pair("fl", cdx::FIELDS)
                .append_pair("limit", &PAGE_ROWS.to_string())
                .append_pair("showResumeKey", "true");
            // `from` and `to` are inclusive, to the second; `until` is exclusive.
            if let Some(since) = self.opts.since_ms {
                // The first whole second at or after `since`.
                let first = since.div_euclid(1000) + i64::from(since.rem_euclid(1000) != 0);
                q.append_pair("from", &cdx::format_timestamp(first * 1000));
            }
            if let Some(until) = self.opts.until_ms {
                // The last whole second before `until`.
                let last = (until - 1).div_euclid(1000);
                q.append_pair("to", &cdx::format_timestamp(last * 1000));
            }
            if let Some(key) = resume {
                q.append_pair("resumeKey", key);
            }
        }
        url
    }

    /// The body of a content, read once from the first of its captures that replays.
    fn body<'s>(
        &mut self,
        work: &mut Work,
        listing: &Listing,
        stored: &'s mut HashMap<Digest, Stored>,
        digest: Digest,
    ) -> Result<&'s Stored, ImportErrorKind> {
        Ok(match stored.entry(digest) {
            Entry::Occupied(e) => e.into_mut(),
            Entry::Vacant(e) => e.insert(self.replay(work, listing, digest)?),
        })
    }

    fn replay(
        &mut self,
        work: &mut Work,
        listing: &Listing,
        digest: Digest,
    ) -> Result<Stored, ImportErrorKind> {
        let mut first_url = None;
        let mut last_reason = String::from("no capture of it to read");
        let mut tries = 0;
        for (timestamp, original) in listing.candidates(digest, REPLAY_TRIES) {
            let replay = format!("{}/web/{timestamp}id_/{original}", self.base);
            first_url.get_or_insert_with(|| client::shown(&replay));
            tries += 1;
            let Ok(url) = Url::parse(&replay) else {
                last_reason = "not a URL".into();
                continue;
            };
            // One byte more than the audit reads: a saved body that long was cut.
            let reason = match self.client.get(url, MAX_ROBOTS_BYTES as u64 + 1, false) {
                Ok(answer) if (200..300).contains(&answer.status) => {
                    let path = work.path("body").map_err(|source| ImportErrorKind::Io {
                        path: self.save.clone(),
                        source,
                    })?;
                    let Answer { body, .. } = answer;
                    std::fs::write(&path, &body).map_err(|source| ImportErrorKind::Io {
                        path: path.clone(),
                        source,
                    })?;
                    let cut = body.len() > MAX_ROBOTS_BYTES;
                    return Ok(Stored {
                        path,
                        digest: payload_digest(&body),
                        cut_before: cut.then(|| payload_digest(&body[..MAX_ROBOTS_BYTES])),
                        cut,
                    });
                }
                Ok(answer) => format!("HTTP {}{}", answer.status, quote(&answer.snippet())),
                // The archive is there but this capture did not come whole: try another.
                Err(
                    e @ (RequestError::Truncated { .. }
                    | RequestError::Timeout { .. }
                    | RequestError::Redirect { .. }
                    | RequestError::TooManyRedirects { .. }),
                ) => e.to_string(),
                Err(error) => {
                    return Err(ImportErrorKind::Request {
                        what: format!("the capture {}", client::shown(&replay)),
                        error,
                    });
                }
            };
            last_reason = reason;
        }
        Err(ImportErrorKind::Replay {
            url: first_url.unwrap_or_else(|| {
                format!(
                    "of digest {}",
                    text::terminal_cut(listing.digest(digest), 40)
                )
            }),
            tries,
            reason: last_reason,
        })
    }

    /// Whether the saved file at `path` holds `content`: a status file by its name's code, a
    /// body by its digest (then no request is needed) or else by its bytes.
    fn same(
        &mut self,
        work: &mut Work,
        listing: &Listing,
        stored: &mut HashMap<Digest, Stored>,
        path: &Path,
        content: &Content,
    ) -> Result<bool, ImportErrorKind> {
        let saved = path
            .file_name()
            .and_then(|n| DatedName::parse(&n.to_string_lossy()))
            .map(|d| d.saved);
        match (content, saved) {
            (Content::Status(code), Some(Saved::Status(saved))) => Ok(*code == saved),
            (Content::Body(digest), Some(Saved::Body)) => {
                let bytes = save::read_saved(path).map_err(|source| ImportErrorKind::Io {
                    path: path.to_owned(),
                    source,
                })?;
                if payload_digest(&bytes) == listing.digest(*digest) {
                    return Ok(true);
                }
                let body = self.body(work, listing, stored, *digest)?;
                let saved = payload_digest(&bytes);
                // An import before bodies were kept one byte longer saved them cut at the
                // limit itself: that is the same body too.
                Ok(body.digest == saved || body.cut_before.as_ref() == Some(&saved))
            }
            _ => Ok(false),
        }
    }
}

/// The host folder an origin's versions go to: its host as [`Origin::display_host`] writes it,
/// with `:80` for an http origin at its default port, since a folder naming the host alone
/// speaks for the https origin too (docs/judging.md, "Where versions come from"): the http
/// file's versions must never stand for the https origin's, nor the reverse.
fn folder_name(origin: &Origin) -> String {
    if origin.scheme == Scheme::Http && origin.has_default_port() {
        format!("{}:{}", origin.display_host(), origin.port)
    } else {
        origin.display_host()
    }
}

/// Refuses to import into `folder` when another folder of `save` speaks for the origin alike
/// (`EXAMPLE.com` beside `example.com`: the audit would refuse the two), or names its port
/// where ours names the host alone (`example.com:443` beside `example.com`: it speaks first,
/// and what we wrote would never be read for this origin). Ours naming the port beside one
/// naming the host alone is no clash: ours speaks first.
fn other_folder(save: &Path, origin: &Origin, folder: &Path) -> Result<(), ImportErrorKind> {
    let io = |source| ImportErrorKind::Io {
        path: save.to_owned(),
        source,
    };
    let listing = match std::fs::read_dir(save) {
        Ok(listing) => listing,
        // No `--save` yet: no other folder either.
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(io(e)),
    };
    let mut names: Vec<(String, PathBuf)> = Vec::new();
    for entry in listing {
        let entry = entry.map_err(io)?;
        names.push((
            entry.file_name().to_string_lossy().into_owned(),
            entry.path(),
        ));
    }
    names.sort();
    for (name, path) in names {
        if name.starts_with('.') || path == folder {
            continue;
        }
        // Alike, the two clash; a folder naming the port beside ours naming the host alone
        // speaks first: what we wrote would never be read for this origin.
        let ours_explicit = folder
            .file_name()
            .is_some_and(|f| dir::names_port(&f.to_string_lossy()));
        let clash = !ours_explicit || dir::names_port(&name);
        if clash && dir::folder_origins(&name).is_ok_and(|o| o.contains(origin)) && path.is_dir() {
            return Err(ImportErrorKind::Folder(DirError::SameOrigin {
                first: path,
                second: folder.to_owned(),
                origin: origin.to_string(),
            }));
        }
    }
    Ok(())
}

/// Checks that the folder's entries, with `added`, make a folder the audit accepts.
fn check_folder(
    work: &mut Work,
    entries: &[save::Entry],
    added: &[&str],
    folder: &Path,
    wrap: fn(DirError) -> ImportErrorKind,
) -> Result<(), ImportErrorKind> {
    if let Some((e, kind)) = entries
        .iter()
        .find_map(|e| e.not_regular.map(|kind| (e, kind)))
    {
        return Err(wrap(DirError::NotRegular {
            path: folder.join(&e.name),
            kind,
        }));
    }
    if entries.iter().any(|e| e.name == "robots.txt") {
        return Err(ImportErrorKind::Undated {
            path: folder.join("robots.txt"),
        });
    }
    let mut names: Vec<&str> = entries.iter().map(|e| e.name.as_str()).collect();
    names.extend_from_slice(added);
    work.check(&names, folder).map_err(|e| match e {
        CheckError::Invalid(e) => wrap(e),
        CheckError::Io(source) => ImportErrorKind::Io {
            path: folder.to_owned(),
            source,
        },
    })
}

/// The file name of each run: the first by its first capture, each later one by the last
/// capture of the run before it and its own first capture.
fn name_versions(runs: &[Run]) -> Vec<(DatedName, &Run)> {
    runs.iter()
        .enumerate()
        .map(|(i, run)| {
            let window = match i {
                0 => Window::at(run.first),
                _ => Window {
                    lo: runs[i - 1].last,
                    hi: run.first,
                },
            };
            let saved = match run.content {
                Content::Body(_) => Saved::Body,
                Content::Status(code) => Saved::Status(code),
            };
            (DatedName { window, saved }, run)
        })
        .collect()
}

/// A body read back from the archive, in the scratch folder.
struct Stored {
    path: PathBuf,
    /// Its own digest (which the index's may not be, if the archive digests otherwise).
    digest: String,
    /// For a cut body, the digest of its first [`MAX_ROBOTS_BYTES`].
    cut_before: Option<String>,
    /// It was longer than [`MAX_ROBOTS_BYTES`].
    cut: bool,
}

/// The index's digest of a payload: SHA-1, in base32 (RFC 4648) without padding.
///
/// ```
/// // The digest every CDX index gives an empty payload.
/// assert_eq!(
///     robots_audit::fetch::payload_digest(b""),
///     "3I42H3S6NNFQ2MSVX7XZKYAYSCX5QBYJ"
/// );
/// ```
pub fn payload_digest(bytes: &[u8]) -> String {
    let hash = ring::digest::digest(&ring::digest::SHA1_FOR_LEGACY_USE_ONLY, bytes);
    base32(hash.as_ref())
}

fn base32(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 32] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
    let mut out = String::with_capacity(bytes.len().div_ceil(5) * 8);
    let (mut buffer, mut bits) = (0u32, 0u32);
    for &b in bytes {
        buffer = (buffer << 8) | u32::from(b);
        bits += 8;
        while bits >= 5 {
            bits -= 5;
            out.push(char::from(ALPHABET[((buffer >> bits) & 31) as usize]));
        }
    }
    if bits > 0 {
        out.push(char::from(ALPHABET[((buffer << (5 - bits)) & 31) as usize]));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digests_are_base32_sha1_as_the_index_writes_them() {
        // RFC 4648 §10 test vectors.
        for (input, expected) in [
            ("f", "MY"),
            ("fo", "MZXQ"),
            ("foo", "MZXW6"),
            ("foob", "MZXW6YQ"),
            ("fooba", "MZXW6YTB"),
            ("foobar", "MZXW6YTBOI"),
        ] {
            assert_eq!(base32(input.as_bytes()), expected);
        }
        // The empty payload's digest, which every CDX index shows, and `sha1sum | base32`.
        assert_eq!(payload_digest(b""), "3I42H3S6NNFQ2MSVX7XZKYAYSCX5QBYJ");
        assert_eq!(payload_digest(b"abc"), "VGMT4NSHA2AWVOR6EVYXQUGCNSONBWE5");
    }

    fn run(content: Content, first: Millis, last: Millis) -> Run {
        Run {
            content,
            first,
            last,
            captures: 1,
        }
    }

    #[test]
    fn versions_are_named_by_the_captures_around_each_change() {
        let s = 1_000;
        let runs = [
            run(Content::Body(0), 10 * s, 30 * s),
            run(Content::Status(404), 40 * s, 60 * s),
            run(Content::Body(1), 70 * s, 70 * s),
        ];
        let named: Vec<String> = name_versions(&runs)
            .iter()
            .map(|(n, _)| n.file_name())
            .collect();
        assert_eq!(
            named,
            [
                "robots.19700101T000010Z.txt",
                "robots.19700101T000030Z-19700101T000040Z.404",
                "robots.19700101T000100Z-19700101T000110Z.txt",
            ]
        );
    }
}
