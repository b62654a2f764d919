//! `robots-audit history`, the archive import (the library's `fetch::archive`; the versions it
//! saves are what the time model, `robots_audit::history`, judges by): import past versions of
//! robots.txt from a web archive into a `--robots-dir` folder, origin by origin. One line per origin on standard output; an origin
//! that cannot be imported is an error on standard error (nothing is written for it) while the
//! others still are.

use std::io::Write;
use std::time::Duration;

use crate::cli::HistoryArgs;
use crate::config;
use crate::console::say;
use robots_audit::fetch::{
    ArchiveError, ArchiveOptions, Imported, Importer, Origin, ResolveOverride,
};
use robots_audit::run::{OptionError, Window};
use robots_audit::text;

/// Why `history` could not run at all.
#[derive(Debug, thiserror::Error)]
pub enum HistoryCommandError {
    #[error("--resolve '{arg}': {reason}")]
    Resolve { arg: String, reason: String },
    #[error(transparent)]
    Option(#[from] OptionError),
    #[error("--rate must be more than 0 and at most 1000 requests per second, not {0}")]
    Rate(f64),
    #[error("--max-versions must be at least 1")]
    MaxVersions,
    #[error(transparent)]
    Archive(#[from] ArchiveError),
    #[error("cannot write to standard output: {0}")]
    Output(#[from] std::io::Error),
}

/// Runs `history`; returns true when every origin was imported.
pub fn run(args: &HistoryArgs, out: &mut dyn Write) -> Result<bool, HistoryCommandError> {
    let opts = options(args)?;
    let mut importer = Importer::new(&args.save, opts)?;
    let scheme = config::scheme(args.scheme);
    let mut all_ok = true;
    let mut done: Vec<Origin> = Vec::new();
    for arg in &args.origins {
        let origin = match Origin::from_url(arg, scheme) {
            Ok(origin) => origin,
            Err(e) => {
                error(&e.to_string());
                writeln!(out, "{}: not imported", text::terminal_cut(arg, 200))?;
                all_ok = false;
                continue;
            }
        };
        // The same origin twice (`example.com` and `https://example.com/`): once is enough.
        if done.contains(&origin) {
            continue;
        }
        match importer.import(&origin) {
            Ok(imported) => {
                writeln!(out, "{}", summary(&imported))?;
                if !args.quiet {
                    notes(&imported);
                }
            }
            Err(e) => {
                error(&format!("{e}; nothing written for it"));
                writeln!(out, "{origin}: not imported")?;
                all_ok = false;
            }
        }
        // A line per origin as soon as it is done: an import can take a while.
        out.flush()?;
        done.push(origin);
    }
    Ok(all_ok)
}

fn options(args: &HistoryArgs) -> Result<ArchiveOptions, HistoryCommandError> {
    let resolve = args
        .resolve
        .iter()
        .map(|r| {
            ResolveOverride::parse(r).map_err(|e| HistoryCommandError::Resolve {
                arg: text::terminal_cut(r, 200).into_owned(),
                reason: e.to_string(),
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let window = Window::read(args.since.as_deref(), args.until.as_deref())?;
    if !(args.rate.is_finite() && args.rate > 0.0 && args.rate <= 1000.0) {
        return Err(HistoryCommandError::Rate(args.rate));
    }
    if args.max_versions == 0 {
        return Err(HistoryCommandError::MaxVersions);
    }
    Ok(ArchiveOptions {
        archive: args.archive.clone(),
        since_ms: window.since_ms,
        until_ms: window.until_ms,
        rate: args.rate,
        max_versions: args.max_versions,
        resolve,
        allow_private: args.allow_private,
        timeout: Duration::from_secs(args.timeout.max(1)),
        max_retry_wait: Duration::from_secs(args.max_wait),
        ..ArchiveOptions::default()
    })
}

/// `https://example.com: 14 captures (2 skipped), 3 versions: 2 written, 1 kept, in DIR`
fn summary(i: &Imported) -> String {
    let plural =
        |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    format!(
        "{}: {} ({} skipped), {}: {} written, {} kept, in {}",
        i.origin,
        plural(i.captures, "capture", "captures"),
        i.skipped,
        plural(i.versions, "version", "versions"),
        i.written.len(),
        i.kept,
        text::terminal(i.folder.display().to_string().as_bytes())
    )
}

/// What a user should know about an import that went through.
fn notes(i: &Imported) {
    if i.captures == 0 && i.others > 0 {
        note(&format!(
            "{}: the archive lists {} of other origins (another scheme, www. or port), which a robots.txt does not govern",
            i.origin,
            if i.others == 1 {
                "1 capture".to_owned()
            } else {
                format!("{} captures", i.others)
            }
        ));
    }
    if i.versions == 0 && i.skipped > 0 {
        // Redirects, 429 and 5xx only: nothing saved, and a robots-dir without the host's
        // folder reads as a site with no robots.txt (everything allowed).
        note(&format!(
            "{}: every capture was skipped (3xx, 429 or 5xx): nothing saved for it; without a \
             folder of its own the audit reads it as a site with no robots.txt (everything \
             allowed)",
            i.origin
        ));
    }
    if i.cut > 0 {
        note(&format!(
            "{}: {} longer than {} bytes: saved with one byte more, which the audit reads as cut (truncated)",
            i.origin,
            if i.cut == 1 {
                "1 body was".to_owned()
            } else {
                format!("{} bodies were", i.cut)
            },
            robots_audit::fetch::MAX_ROBOTS_BYTES
        ));
    }
}

/// The longest message line: what the archive sends is cut where it is quoted, this bounds
/// the line whatever slips through.
const MESSAGE_CHARS: usize = 600;

fn note(msg: &str) {
    say!("robots-audit: {}", text::terminal_cut(msg, MESSAGE_CHARS));
}

fn error(msg: &str) {
    say!(
        "robots-audit: error: {}",
        text::terminal_cut(msg, MESSAGE_CHARS)
    );
}
