//! `update-ranges` and `update-crawlers`: fresh copies of the crawler data that operators and
//! list keepers publish.
//!
//! [`update_ranges`] takes the registry's `[ranges]` table (list name → URL) and a directory;
//! downloads each list and saves it as `DIR/<name>.json`, the naming
//! [`super::Verifier::with_range_dir`] reads. [`update_crawlers`] does the same for the
//! registry's `[lists]` table (the AI agent lists, saved as `DIR/<kind>.json`, the naming
//! [`super::AgentLists::with_dir`] reads). A download is checked before it replaces anything:
//! it must be a 2xx answer of bounded size ([`MAX_RANGES_BYTES`], [`super::MAX_LIST_BYTES`])
//! that parses as what it should be ([`RangeList::from_json`] with at least one prefix;
//! [`super::AgentList::parse`] with at least one agent). It is written to a temporary file in
//! the same directory and renamed over the old copy, so a reader sees the old list or the new
//! one, never half of one; a bad download leaves the old copy as it was. What happened to each
//! list is data, in the [`UpdateReport`]; only a directory that cannot be created or a client
//! that cannot be built stop the update.
//!
//! Connections go through the address guard of every download ([`crate::net::GuardedResolver`],
//! [`address_allowed`](crate::net::address_allowed)) on every redirect hop, and `--resolve` overrides apply as in the
//! fetch stage ([`ClientOptions::resolve`]; the port connected to is the URL's).

use std::io::{Read, Write};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use reqwest::blocking::Client;

use super::{AgentList, ListKind, MAX_LIST_BYTES, RangeList, Registry};
use crate::net::client::{ClientSettings, Failure, failure, guarded_client, root_cause};
use crate::net::{ClientOptions, MAX_REDIRECTS, Pins};
use crate::text;

/// The largest range list accepted: 8 MiB (the published lists are tens of KiB).
pub const MAX_RANGES_BYTES: u64 = 8 << 20;

/// What became of one list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ListOutcome {
    /// Downloaded, valid, and saved as `path`.
    Saved {
        /// The file written.
        path: PathBuf,
        /// What the list holds: prefixes of a range list, agents of an AI agent list.
        entries: usize,
        /// Entries left out because they cannot be registry entries (agent lists only; see
        /// [`AgentList::skipped`]).
        skipped: usize,
        /// The date the list gives itself (a range list's `creationTime`, an agent list's
        /// data date), if any.
        date: Option<String>,
    },
    /// Not saved; any older copy is kept. The reason is sanitised for a terminal.
    Failed {
        /// Why (`HTTP 404`, `invalid list: …`, `address guard: …`).
        reason: String,
    },
}

/// One list of the update.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListUpdate {
    /// The registry's name for the list.
    pub name: String,
    /// Where it was downloaded from.
    pub url: String,
    /// What came of it.
    pub outcome: ListOutcome,
}

/// Every list of an update, in the registry's order (ranges by name, agent lists by
/// precedence).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UpdateReport {
    /// One entry per `[ranges]` (or `[lists]`) list.
    pub lists: Vec<ListUpdate>,
}

impl UpdateReport {
    /// Lists saved.
    pub fn saved(&self) -> usize {
        self.lists
            .iter()
            .filter(|l| matches!(l.outcome, ListOutcome::Saved { .. }))
            .count()
    }

    /// Lists not saved (the caller should exit non-zero when any).
    pub fn failed(&self) -> usize {
        self.lists.len() - self.saved()
    }
}

/// An update that could not start.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum UpdateError {
    /// The directory could not be created.
    #[error("cannot create the directory {}: {source}", path.display())]
    Dir {
        /// The directory.
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// The HTTP client could not be built.
    #[error("cannot set up the HTTP client: {0}")]
    Client(#[source] reqwest::Error),
}

/// Downloads every list of `registry`'s `[ranges]` table into `dir` (created if missing),
/// one after the other, with `opts`' user agent, timeouts, `resolve` overrides and
/// `allow_private`.
pub fn update_ranges(
    registry: &Registry,
    dir: &Path,
    opts: &ClientOptions,
) -> Result<UpdateReport, UpdateError> {
    let lists: Vec<(&str, &str)> = registry.range_lists().collect();
    update_all(&lists, dir, opts, |name, url, downloader| {
        let body = downloader.get(url, MAX_RANGES_BYTES)?;
        let text = std::str::from_utf8(&body).map_err(|_| "invalid list: not UTF-8".to_owned())?;
        let list = RangeList::from_json(name, text).map_err(|e| format!("invalid list: {e}"))?;
        if list.prefix_count() == 0 {
            return Err("invalid list: no prefixes".into());
        }
        let path = downloader.save(dir, name, &body)?;
        Ok(ListOutcome::Saved {
            path,
            entries: list.prefix_count(),
            skipped: 0,
            date: list.creation_time().map(str::to_owned),
        })
    })
}

/// Downloads every AI agent list of `registry`'s `[lists]` table into `dir` (created if
/// missing), as [`update_ranges`] does range lists: each must parse in its own format
/// ([`AgentList::parse`]) and give at least one agent.
pub fn update_crawlers(
    registry: &Registry,
    dir: &Path,
    opts: &ClientOptions,
) -> Result<UpdateReport, UpdateError> {
    let lists: Vec<(ListKind, &str)> = registry.agent_lists().collect();
    let named: Vec<(&str, &str)> = lists.iter().map(|(k, url)| (k.name(), *url)).collect();
    update_all(&named, dir, opts, |name, url, downloader| {
        let kind = ListKind::from_name(name).ok_or_else(|| format!("unknown list {name:?}"))?;
        let body = downloader.get(url, MAX_LIST_BYTES)?;
        let text = std::str::from_utf8(&body).map_err(|_| "invalid list: not UTF-8".to_owned())?;
        let list = AgentList::parse(kind, text).map_err(|e| format!("invalid list: {e}"))?;
        if list.crawlers().is_empty() {
            return Err("invalid list: no agents".into());
        }
        let path = downloader.save(dir, name, &body)?;
        Ok(ListOutcome::Saved {
            path,
            entries: list.crawlers().len(),
            skipped: list.skipped(),
            date: list.date().map(str::to_owned),
        })
    })
}

/// Creates `dir`, then runs `one` for each (name, URL), one after the other; a failure is that
/// list's outcome, sanitised for a terminal.
fn update_all(
    lists: &[(&str, &str)],
    dir: &Path,
    opts: &ClientOptions,
    one: impl Fn(&str, &str, &Downloader) -> Result<ListOutcome, String>,
) -> Result<UpdateReport, UpdateError> {
    std::fs::create_dir_all(dir).map_err(|source| UpdateError::Dir {
        path: dir.to_owned(),
        source,
    })?;
    let downloader = Downloader::new(opts)?;
    let lists = lists
        .iter()
        .map(|&(name, url)| ListUpdate {
            name: name.to_owned(),
            url: url.to_owned(),
            outcome: match check_name(name).and_then(|()| one(name, url, &downloader)) {
                Ok(outcome) => outcome,
                Err(reason) => ListOutcome::Failed {
                    reason: text::terminal_cut(&reason, 500).into_owned(),
                },
            },
        })
        .collect();
    Ok(UpdateReport { lists })
}

/// A list name becomes a file name: nothing that could leave the directory or hide the file.
fn check_name(name: &str) -> Result<(), String> {
    let safe = !name.is_empty()
        && !name.starts_with('.')
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'));
    if safe {
        Ok(())
    } else {
        Err(format!("list name {name:?} cannot be a file name"))
    }
}

struct Downloader {
    client: Client,
    /// The limit on one request (for the message when it passes).
    timeout: std::time::Duration,
    /// `--resolve`, for the guard's check of IP-literal hosts.
    pins: Pins,
}

impl Downloader {
    fn new(opts: &ClientOptions) -> Result<Downloader, UpdateError> {
        // As in the fetch stage, `--resolve` cannot send an IP literal elsewhere; it only
        // vouches for the literal when it lists that very address.
        let pins = Pins::new(&opts.resolve, opts.allow_private);
        let policy_pins = pins.clone();
        let policy = reqwest::redirect::Policy::custom(move |attempt| {
            if attempt.previous().len() > MAX_REDIRECTS {
                return attempt.error(format!("more than {MAX_REDIRECTS} redirects"));
            }
            match policy_pins.url(attempt.url()) {
                Err(refusal) => attempt.error(format!("address guard: {refusal}")),
                Ok(()) => attempt.follow(),
            }
        });
        let mut builder = guarded_client(&ClientSettings {
            user_agent: &opts.user_agent,
            connect_timeout: opts.connect_timeout,
            timeout: opts.timeout,
            allow_private: opts.allow_private,
        })
        // Ranges are fetched by reqwest's redirects, each hop checked by the policy.
        .redirect(policy);
        // reqwest pins a name whatever the port (the port connected to is the URL's): the
        // addresses of a name's every pin, together.
        let mut pinned: Vec<(&str, Vec<SocketAddr>)> = Vec::new();
        for (host, _, addrs) in pins.names() {
            match pinned.iter_mut().find(|(h, _)| *h == host) {
                Some((_, list)) => list.extend(addrs),
                None => pinned.push((host, addrs)),
            }
        }
        for (host, addrs) in pinned {
            builder = builder.resolve_to_addrs(host, &addrs);
        }
        let client = builder.build().map_err(UpdateError::Client)?;
        Ok(Downloader {
            client,
            timeout: opts.timeout,
            pins,
        })
    }

    /// The body of a 2xx answer of at most `max` bytes from `url`; `Err` says why not.
    fn get(&self, url: &str, max: u64) -> Result<Vec<u8>, String> {
        let parsed = reqwest::Url::parse(url).map_err(|e| format!("invalid URL: {e}"))?;
        if !matches!(parsed.scheme(), "http" | "https") {
            return Err(format!("unsupported scheme {}", parsed.scheme()));
        }
        if let Err(refusal) = self.pins.url(&parsed) {
            return Err(format!("address guard: {refusal}"));
        }
        let response = self
            .client
            .get(parsed)
            .send()
            .map_err(|e| match failure(&e) {
                Failure::TimedOut => format!("timed out after {} s", self.timeout.as_secs()),
                other => other.to_string(),
            })?;
        let status = response.status();
        if !status.is_success() {
            return Err(format!("HTTP {}", status.as_u16()));
        }
        let mut body = Vec::new();
        response
            .take(max + 1)
            .read_to_end(&mut body)
            .map_err(|e| format!("reading the body: {}", root_cause(&e)))?;
        if body.len() as u64 > max {
            return Err(format!("larger than {max} bytes"));
        }
        Ok(body)
    }

    /// Saves a checked body as `dir/<name>.json`; gives the path.
    fn save(&self, dir: &Path, name: &str, body: &[u8]) -> Result<PathBuf, String> {
        let path = dir.join(format!("{name}.json"));
        save(dir, &path, body).map_err(|e| format!("cannot save {}: {e}", path.display()))?;
        Ok(path)
    }
}

/// Writes `bytes` to a temporary file in `dir` (not named `*.json`, so never read as a
/// list) and renames it over `path`.
fn save(dir: &Path, path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut tmp = tempfile::Builder::new()
        .prefix(".update-")
        .suffix(".tmp")
        .tempfile_in(dir)?;
    tmp.write_all(bytes)?;
    tmp.as_file().sync_all()?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}
