//! `robots-audit fetch`: fetch robots.txt for origins and show the outcome, then what the
//! robots engine reads in the body: the groups and their tokens, sitemaps, and the parse
//! warnings (unknown keys, accepted typos, lines too long). It is the command a user runs to
//! see what the audit will use.

use std::io::Write;

use crate::cli::FetchArgs;
use crate::config;
use robots_audit::fetch::{
    FetchError, OriginHistory, Outcome, RobotsSource, RobotsStore, fetch_targets, write_target,
};
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

/// Runs `fetch`; returns true when every origin came to rules or allow-all.
pub fn run(args: &FetchArgs, out: &mut dyn Write) -> Result<bool, FetchCommandError> {
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
    Ok(targets.iter().all(|t| t.ok()))
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
