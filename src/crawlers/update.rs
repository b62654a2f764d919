//! `update-ranges`: fresh copies of the published crawler IP range lists.
//!
//! Takes the registry's `[ranges]` table (list name → URL) and a directory; downloads each
//! list and saves it as `DIR/<name>.json`, the naming [`super::Verifier::with_range_dir`]
//! reads. A download is checked before it replaces anything: it must be a 2xx answer of at
//! most [`MAX_RANGES_BYTES`] that parses as a range list ([`RangeList::from_json`]) with at
//! least one prefix. It is written to a temporary file in the same directory and renamed
//! over the old copy, so a reader sees the old list or the new one, never half of one; a bad
//! download leaves the old copy as it was. What happened to each list is data, in the
//! [`UpdateReport`]; only a directory that cannot be created or a client that cannot be
//! built stop the update.
//!
//! Connections go through the fetch stage's address guard ([`GuardedResolver`],
//! [`address_allowed`]) on every redirect hop, and `--resolve` overrides apply as in the
//! fetch stage ([`FetchOptions::resolve`]; the port connected to is the URL's).

use std::io::{Read, Write};
use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};

use reqwest::blocking::Client;

use super::{RangeList, Registry};
use crate::fetch::client::{ClientSettings, guarded_client, vouched_literals};
use crate::fetch::error_chain;
use crate::fetch::{FetchOptions, MAX_REDIRECTS, address_allowed};
use crate::text;

/// The largest range list accepted: 8 MiB (the published lists are tens of KiB).
pub const MAX_RANGES_BYTES: u64 = 8 << 20;

/// `<the user's cache directory>/robots-audit/ranges` (see
/// [`FetchOptions::default_cache_dir`]), if there is a home.
pub fn default_ranges_dir() -> Option<PathBuf> {
    FetchOptions::default_cache_dir().map(|d| d.join("ranges"))
}

/// What became of one list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ListOutcome {
    /// Downloaded, valid, and saved as `path`.
    Saved {
        /// The file written.
        path: PathBuf,
        /// Prefixes in the list.
        prefixes: usize,
        /// The list's `creationTime`, if it has one.
        creation_time: Option<String>,
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

/// Every list of an update, in the registry's (name) order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UpdateReport {
    /// One entry per `[ranges]` list.
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
    #[error("cannot create the range directory {}: {source}", path.display())]
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
/// `allow_private` (its robots.txt-specific fields are not used).
pub fn update_ranges(
    registry: &Registry,
    dir: &Path,
    opts: &FetchOptions,
) -> Result<UpdateReport, UpdateError> {
    std::fs::create_dir_all(dir).map_err(|source| UpdateError::Dir {
        path: dir.to_owned(),
        source,
    })?;
    let downloader = Downloader::new(opts)?;
    let lists = registry
        .range_lists()
        .map(|(name, url)| ListUpdate {
            name: name.to_owned(),
            url: url.to_owned(),
            outcome: match downloader.update(name, url, dir) {
                Ok(outcome) => outcome,
                Err(reason) => ListOutcome::Failed {
                    reason: text::terminal_cut(&reason, 500).into_owned(),
                },
            },
        })
        .collect();
    Ok(UpdateReport { lists })
}

struct Downloader {
    client: Client,
    /// `--resolve` entries whose host is an IP literal: they vouch for that literal.
    vouched: Vec<(IpAddr, u16)>,
    allow_private: bool,
}

impl Downloader {
    fn new(opts: &FetchOptions) -> Result<Downloader, UpdateError> {
        // As in the fetch stage, `--resolve` cannot send an IP literal elsewhere; it only
        // vouches for the literal when it lists that very address.
        let vouched = vouched_literals(&opts.resolve);
        let allow_private = opts.allow_private;
        let policy_vouched = vouched.clone();
        let policy = reqwest::redirect::Policy::custom(move |attempt| {
            if attempt.previous().len() > MAX_REDIRECTS {
                return attempt.error(format!("more than {MAX_REDIRECTS} redirects"));
            }
            match literal_refusal(attempt.url(), &policy_vouched, allow_private) {
                Some(refusal) => attempt.error(refusal),
                None => attempt.follow(),
            }
        });
        let mut builder = guarded_client(&ClientSettings {
            user_agent: &opts.user_agent,
            connect_timeout: opts.connect_timeout,
            timeout: opts.total_timeout,
            allow_private,
        })
        // Ranges are fetched by reqwest's redirects, each hop checked by the policy.
        .redirect(policy);
        let mut pinned: Vec<(&str, Vec<SocketAddr>)> = Vec::new();
        for o in opts
            .resolve
            .iter()
            .filter(|o| o.host.parse::<IpAddr>().is_err())
        {
            let addrs = o.addrs.iter().map(|&a| SocketAddr::new(a, o.port));
            match pinned.iter_mut().find(|(host, _)| *host == o.host) {
                Some((_, list)) => list.extend(addrs),
                None => pinned.push((&o.host, addrs.collect())),
            }
        }
        for (host, addrs) in pinned {
            builder = builder.resolve_to_addrs(host, &addrs);
        }
        let client = builder.build().map_err(UpdateError::Client)?;
        Ok(Downloader {
            client,
            vouched,
            allow_private,
        })
    }

    /// Downloads, checks and saves one list; `Err` says why nothing was saved.
    fn update(&self, name: &str, url: &str, dir: &Path) -> Result<ListOutcome, String> {
        // The name becomes a file name: nothing that could leave `dir` or hide the file.
        let safe = !name.is_empty()
            && !name.starts_with('.')
            && name
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'));
        if !safe {
            return Err(format!("list name {name:?} cannot be a file name"));
        }
        let parsed = reqwest::Url::parse(url).map_err(|e| format!("invalid URL: {e}"))?;
        if !matches!(parsed.scheme(), "http" | "https") {
            return Err(format!("unsupported scheme {}", parsed.scheme()));
        }
        if let Some(refusal) = literal_refusal(&parsed, &self.vouched, self.allow_private) {
            return Err(refusal);
        }
        let response = self
            .client
            .get(parsed)
            .send()
            .map_err(|e| error_chain(&e))?;
        let status = response.status();
        if !status.is_success() {
            return Err(format!("HTTP {}", status.as_u16()));
        }
        let mut body = Vec::new();
        response
            .take(MAX_RANGES_BYTES + 1)
            .read_to_end(&mut body)
            .map_err(|e| format!("reading the body: {}", error_chain(&e)))?;
        if body.len() as u64 > MAX_RANGES_BYTES {
            return Err(format!("larger than {MAX_RANGES_BYTES} bytes"));
        }
        let text = std::str::from_utf8(&body).map_err(|_| "invalid list: not UTF-8".to_owned())?;
        let list = RangeList::from_json(name, text).map_err(|e| format!("invalid list: {e}"))?;
        if list.prefix_count() == 0 {
            return Err("invalid list: no prefixes".into());
        }
        let path = dir.join(format!("{name}.json"));
        save(dir, &path, &body).map_err(|e| format!("cannot save {}: {e}", path.display()))?;
        Ok(ListOutcome::Saved {
            path,
            prefixes: list.prefix_count(),
            creation_time: list.creation_time().map(str::to_owned),
        })
    }
}

/// Writes `bytes` to a temporary file in `dir` (not named `*.json`, so never read as a
/// list) and renames it over `path`.
fn save(dir: &Path, path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut tmp = tempfile::Builder::new()
        .prefix(".ranges-")
        .suffix(".tmp")
        .tempfile_in(dir)?;
    tmp.write_all(bytes)?;
    tmp.as_file().sync_all()?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// Why a URL whose host is an IP literal may not be fetched, if it may not: names are
/// checked by [`GuardedResolver`] when resolved, literals never are.
fn literal_refusal(
    url: &reqwest::Url,
    vouched: &[(IpAddr, u16)],
    allow_private: bool,
) -> Option<String> {
    let ip = match url.host()? {
        url::Host::Ipv4(a) => IpAddr::V4(a),
        url::Host::Ipv6(a) => IpAddr::V6(a),
        url::Host::Domain(_) => return None,
    };
    let port = url.port_or_known_default().unwrap_or(0);
    if vouched.contains(&(ip, port)) {
        return None;
    }
    address_allowed(ip, allow_private)
        .err()
        .map(|refusal| format!("address guard: {refusal}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literal_hosts_pass_the_guard() {
        let url = |s: &str| reqwest::Url::parse(s).expect("test URL");
        let vouched = [("127.0.0.1".parse().expect("addr"), 8080)];
        assert!(literal_refusal(&url("http://example.com/x"), &[], false).is_none());
        assert!(literal_refusal(&url("http://127.0.0.1:8080/x"), &vouched, false).is_none());
        assert!(literal_refusal(&url("http://127.0.0.1:8081/x"), &vouched, false).is_some());
        assert!(literal_refusal(&url("http://[::1]/x"), &[], false).is_some());
        assert!(literal_refusal(&url("http://10.0.0.1/x"), &[], true).is_none());
    }
}
