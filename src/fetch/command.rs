//! The `fetch` command: fetch robots.txt for origins given on the command line and show
//! each outcome as a readable block. Takes arguments (URLs or `host[:port]`), gives text;
//! every value printed is sanitised, so a hostile server cannot write to the terminal.
//!
//! The parsed view of each body (groups, sitemaps, warnings) belongs to the `robots`
//! engine: the integrator prints it after [`write_target`]'s block, from
//! [`FetchTarget::entry`].

use std::io::{self, Write};
use std::sync::Arc;

use rayon::prelude::*;

use super::{Obtained, Origin, Outcome, RobotsEntry, RobotsSource, RobotsStore, Scheme};
use crate::history::Window;
use crate::text;

/// One command-line origin and what fetching it came to.
#[derive(Clone, Debug)]
pub struct FetchTarget {
    /// The argument as given.
    pub arg: String,
    /// Its origin; `None` if the argument is not a valid URL or host (then the entry is
    /// not-fetched with the reason).
    pub origin: Option<Origin>,
    /// The outcome.
    pub entry: Arc<RobotsEntry>,
    /// When the entry's version came into force, for a dated version (a dated file of a
    /// robots-dir, a version the cache knows); `None` for an undated one.
    pub window: Option<Window>,
}

impl FetchTarget {
    /// Rules or allow-all: robots.txt was obtained, or is known to be absent.
    pub fn ok(&self) -> bool {
        matches!(self.entry.outcome, Outcome::Rules | Outcome::AllowAll)
    }
}

/// Fetches every argument's robots.txt (in parallel, within the store's concurrency),
/// in argument order.
pub fn fetch_targets(
    store: &RobotsStore,
    args: &[String],
    default_scheme: Scheme,
) -> Vec<FetchTarget> {
    args.par_iter()
        .map(|arg| match Origin::from_url(arg, default_scheme) {
            Ok(origin) => {
                let entry = store.get(&origin);
                let window = store
                    .lookup(&origin)
                    .and_then(|h| h.versions().last().map(|v| v.window))
                    .filter(|w| *w != Window::ALWAYS);
                FetchTarget {
                    arg: arg.clone(),
                    entry,
                    origin: Some(origin),
                    window,
                }
            }
            Err(e) => FetchTarget {
                arg: arg.clone(),
                origin: None,
                entry: Arc::new(RobotsEntry::not_fetched(String::new(), e.to_string())),
                window: None,
            },
        })
        .collect()
}

/// Writes one target's block: `name: value` lines, values sanitised.
pub fn write_target(out: &mut dyn Write, target: &FetchTarget) -> io::Result<()> {
    let e = &target.entry;
    let line = |out: &mut dyn Write, name: &str, value: &str| {
        writeln!(
            out,
            "{name:<10} {}",
            text::terminal_cut(value, 2000).into_owned()
        )
    };
    let origin = target
        .origin
        .as_ref()
        .map_or_else(|| target.arg.clone(), ToString::to_string);
    line(out, "origin:", &origin)?;
    if !e.url.is_empty() {
        line(out, "url:", &e.url)?;
    }
    line(out, "outcome:", e.outcome.as_str())?;
    line(
        out,
        "status:",
        &e.status.map_or_else(|| "-".to_owned(), |s| s.to_string()),
    )?;
    line(out, "final url:", e.final_url.as_deref().unwrap_or("-"))?;
    line(out, "bytes:", &e.bytes.to_string())?;
    line(out, "truncated:", if e.truncated { "yes" } else { "no" })?;
    line(out, "obtained:", e.obtained.as_str())?;
    if let Some((name, value)) = when(target) {
        line(out, name, &value)?;
    }
    line(out, "reason:", e.reason.as_deref().unwrap_or("-"))?;
    Ok(())
}

/// The time line of a target's block, named for what the time is: when it was fetched (from
/// the network, or the cache's copy), when a saved file's version came into force (a dated
/// file) or when the file was last modified (an undated one); none when nothing was fetched
/// or there is no file.
fn when(target: &FetchTarget) -> Option<(&'static str, String)> {
    let e = &target.entry;
    let secs = |ms: i64| text::rfc3339_secs(ms.div_euclid(1000));
    match e.obtained {
        Obtained::Network | Obtained::Cache => Some(("fetched:", text::rfc3339_secs(e.fetched_at))),
        Obtained::RobotsDir => match target.window {
            Some(w) if w.lo == w.hi => Some(("in force:", format!("from {}", secs(w.hi)))),
            Some(w) => Some((
                "in force:",
                format!("after {}, by {}", secs(w.lo), secs(w.hi)),
            )),
            // An undated file: its time is its modification time.
            None if e.outcome == Outcome::Rules => {
                Some(("modified:", text::rfc3339_secs(e.fetched_at)))
            }
            None => None,
        },
        Obtained::NotFetched => None,
    }
}
