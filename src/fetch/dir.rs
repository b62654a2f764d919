//! Saved copies: `--robots-dir DIR` holds `DIR/<host>/robots.txt`, where `<host>` is
//! [`Origin::display_host`] (lower case, `:<port>` only for a non-default port, IPv6 in
//! brackets). Takes an origin, gives its entry; reads files only, never the network.

use std::io::{self, Read};
use std::path::Path;
use std::sync::Arc;
use std::time::UNIX_EPOCH;

use super::{MAX_ROBOTS_BYTES, Obtained, Origin, Outcome, RobotsEntry};

/// The entry for `origin` from the saved copies in `dir`: a file is rules (body capped at
/// [`MAX_ROBOTS_BYTES`]), no file is allow-all (as a 404), an unreadable file is
/// unreachable.
pub(crate) fn read(dir: &Path, origin: &Origin) -> RobotsEntry {
    let url = origin.robots_url();
    // The host is validated (no `/`, no empty or dot-only label), so this stays inside `dir`.
    let path = dir.join(origin.display_host()).join("robots.txt");
    let file = match std::fs::File::open(&path) {
        Ok(file) => file,
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            return RobotsEntry::new(
                url,
                Obtained::RobotsDir,
                Outcome::AllowAll,
                Some("no file in robots dir".to_owned()),
            );
        }
        Err(e) => return unreadable(url, &path, &e),
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
        return unreadable(url, &path, &e);
    }
    let truncated = body.len() > MAX_ROBOTS_BYTES;
    body.truncate(MAX_ROBOTS_BYTES);
    let mut entry = RobotsEntry::new(url, Obtained::RobotsDir, Outcome::Rules, None);
    entry.bytes = body.len() as u64;
    entry.body = Some(Arc::from(body));
    entry.truncated = truncated;
    if let Some(mtime) = mtime {
        entry.fetched_at = mtime;
    }
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
