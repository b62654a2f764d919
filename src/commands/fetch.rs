//! `robots-audit fetch`: fetch robots.txt for origins and show the outcome, then what the
//! robots engine reads in the body: the groups and their tokens, sitemaps, and the parse
//! warnings (unknown keys, accepted typos, lines too long). It is the command a user runs to
//! see what the audit will use. Every value printed is sanitised, so a hostile server cannot
//! write to the terminal.

use std::io::{self, Write};
use std::sync::Arc;

use rayon::prelude::*;

use crate::cli::FetchArgs;
use crate::config;
use robots_audit::fetch::{
    FetchError, Obtained, Origin, OriginHistory, Outcome, RobotsEntry, RobotsSource, RobotsStore,
    Scheme,
};
use robots_audit::history::Window;
use robots_audit::robots::{Dialect, RobotsTxt};
use robots_audit::run::{self, OptionError, Options};
use robots_audit::text;

/// Why `fetch` could not run.
#[derive(Debug, thiserror::Error)]
pub enum FetchCommandError {
    #[error(transparent)]
    Option(#[from] OptionError),
    #[error(transparent)]
    Fetch(#[from] FetchError),
    #[error("cannot write to standard output: {0}")]
    Output(#[from] std::io::Error),
}

/// At most this many warnings are listed per origin.
const MAX_WARNINGS: usize = 50;

/// What `fetch` came to, besides its output.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FetchOutcome {
    /// Every origin came to rules or allow-all.
    pub all_ok: bool,
    /// What the store met that did not stop it (a cache directory it cannot create), for
    /// standard error. Plain text, not yet escaped.
    pub warnings: Vec<String>,
}

/// Runs `fetch`, writing one block per origin to `out`.
pub fn run(args: &FetchArgs, out: &mut dyn Write) -> Result<FetchOutcome, FetchCommandError> {
    let mut options = Options::default();
    config::net_options(&args.net, &mut options);
    let opts = run::fetch_options(&options)?;
    let store = RobotsStore::new(opts)?;
    let targets = fetch_targets(&store, &args.origins, config::scheme(args.scheme));
    for (i, target) in targets.iter().enumerate() {
        if i > 0 {
            writeln!(out)?;
        }
        write_target(out, target)?;
        let entry = &target.entry;
        if let (Outcome::Rules, Some(body)) = (entry.outcome, &entry.body) {
            describe(out, &RobotsTxt::parse(body, Dialect::Google))?;
        }
        if let Some(history) = target.origin.as_ref().and_then(|o| store.lookup(o)) {
            versions(out, &history)?;
        }
    }
    out.flush()?;
    Ok(FetchOutcome {
        all_ok: targets.iter().all(|t| t.ok()),
        warnings: store.warnings(),
    })
}

/// What the cache (or the robots dir) knows of the file's history, when it knows more than
/// the one version shown above.
fn versions(out: &mut dyn Write, history: &OriginHistory) -> std::io::Result<()> {
    let versions = history.versions();
    if versions.len() < 2 {
        return Ok(());
    }
    writeln!(out, "{:<10} {}", "versions:", versions.len())?;
    for v in versions {
        let when = if v.window.lo == v.window.hi {
            format!("from {}", text::rfc3339_secs(v.window.hi.div_euclid(1000)))
        } else {
            format!(
                "after {}, by {}",
                text::rfc3339_secs(v.window.lo.div_euclid(1000)),
                text::rfc3339_secs(v.window.hi.div_euclid(1000))
            )
        };
        let e = &v.entry;
        writeln!(
            out,
            "  {when}: {}{} ({} bytes, {})",
            e.outcome.as_str(),
            e.status.map(|s| format!(" {s}")).unwrap_or_default(),
            e.bytes,
            e.obtained.as_str()
        )?;
    }
    Ok(())
}

/// The engine's reading of a body (google dialect).
fn describe(out: &mut dyn Write, robots: &RobotsTxt) -> std::io::Result<()> {
    let esc = |s: &str| text::terminal(s.as_bytes()).into_owned();
    writeln!(out, "{:<10} {}", "groups:", robots.groups().count())?;
    for g in robots.groups() {
        let delay = g
            .crawl_delay
            .as_ref()
            .map(|d| format!(", {}", d.display()))
            .unwrap_or_default();
        writeln!(
            out,
            "  line {:<5} {}{}",
            g.line,
            esc(&g.name()),
            esc(&delay)
        )?;
    }
    for s in robots.sitemaps() {
        writeln!(out, "{:<10} {}", "sitemap:", esc(s))?;
    }
    let warnings = robots.warnings();
    for w in warnings.iter().take(MAX_WARNINGS) {
        writeln!(
            out,
            "{:<10} line {}: {}",
            "warning:",
            w.line,
            esc(&w.message)
        )?;
    }
    if warnings.len() > MAX_WARNINGS {
        writeln!(
            out,
            "{:<10} … and {} more",
            "warning:",
            warnings.len() - MAX_WARNINGS
        )?;
    }
    Ok(())
}

/// One command-line origin and what fetching it came to.
#[derive(Clone, Debug)]
struct FetchTarget {
    /// The argument as given.
    arg: String,
    /// Its origin; `None` if the argument is not a valid URL or host (then the entry is
    /// not-fetched with the reason).
    origin: Option<Origin>,
    /// The outcome.
    entry: Arc<RobotsEntry>,
    /// When the entry's version came into force, for a dated version (a dated file of a
    /// robots-dir, a version the cache knows); `None` for an undated one.
    window: Option<Window>,
}

impl FetchTarget {
    /// Rules or allow-all: robots.txt was obtained, or is known to be absent.
    fn ok(&self) -> bool {
        matches!(self.entry.outcome, Outcome::Rules | Outcome::AllowAll)
    }
}

/// Fetches every argument's robots.txt (in parallel, within the store's concurrency),
/// in argument order.
fn fetch_targets(store: &RobotsStore, args: &[String], default_scheme: Scheme) -> Vec<FetchTarget> {
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
fn write_target(out: &mut dyn Write, target: &FetchTarget) -> io::Result<()> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use robots_audit::fetch::FetchOptions;

    #[test]
    fn targets_print_as_blocks() {
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::create_dir(dir.path().join("example.com")).expect("a host folder");
        std::fs::write(
            dir.path().join("example.com/robots.txt"),
            b"User-agent: *\n",
        )
        .expect("a saved robots.txt");
        let store = RobotsStore::new(FetchOptions {
            robots_dir: Some(dir.path().to_owned()),
            ..FetchOptions::default()
        })
        .expect("a store on the saved copies");
        let mut out = Vec::new();
        let args = [
            "https://example.com/some/page".to_owned(),
            "bad\u{1b}[31mhost".to_owned(),
        ];
        let targets = fetch_targets(&store, &args, Scheme::Https);
        for t in &targets {
            write_target(&mut out, t).expect("writes");
        }
        assert!(!targets.iter().all(FetchTarget::ok));
        let text = String::from_utf8(out).expect("utf-8");
        assert!(text.contains("origin:    https://example.com\n"), "{text}");
        assert!(text.contains("outcome:   rules\n"), "{text}");
        assert!(text.contains("obtained:  robots-dir\n"), "{text}");
        assert!(text.contains("outcome:   not-fetched\n"), "{text}");
        assert!(!text.contains('\u{1b}'), "{text}");
        let targets = fetch_targets(&store, &args[..1], Scheme::Https);
        assert!(targets.iter().all(FetchTarget::ok));
    }
}
