//! `robots-audit update-ranges` and `update-crawlers`: download fresh copies of the crawlers'
//! published IP-range lists, and of the public lists of AI agents, into the cache directory,
//! where the audit prefers them to the bundled snapshots. A list that fails to download or to
//! validate keeps its old copy and is reported.

use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use crate::cli::UpdateArgs;
use robots_audit::crawlers::{
    ListOutcome, Registry, RegistryError, UpdateError, default_lists_dir, default_ranges_dir,
    update_crawlers, update_ranges,
};
use robots_audit::net::{ClientOptions, ResolveOverride};
use robots_audit::text;

/// Which data an update downloads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Data {
    /// `update-ranges`: the registry's `[ranges]`.
    Ranges,
    /// `update-crawlers`: the registry's `[lists]` of AI agents.
    Crawlers,
}

/// Why an update could not run.
#[derive(Debug, thiserror::Error)]
pub enum UpdateCommandError {
    #[error("--crawlers: {0}")]
    Crawlers(RegistryError),
    #[error("--resolve '{arg}': {reason}")]
    Resolve { arg: String, reason: String },
    #[error("no cache directory is known for this user; name one with --dir")]
    NoDir,
    #[error(transparent)]
    Update(#[from] UpdateError),
    #[error("cannot write to standard output: {0}")]
    Output(#[from] std::io::Error),
}

/// Runs `update-ranges` or `update-crawlers`; returns true when every list was saved.
pub fn run(data: Data, args: &UpdateArgs, out: &mut dyn Write) -> Result<bool, UpdateCommandError> {
    let registry =
        Registry::builtin_with(args.crawlers.as_deref()).map_err(UpdateCommandError::Crawlers)?;
    let resolve = args
        .resolve
        .iter()
        .map(|r| {
            ResolveOverride::parse(r).map_err(|e| UpdateCommandError::Resolve {
                arg: r.clone(),
                reason: e.to_string(),
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let opts = ClientOptions {
        resolve,
        allow_private: args.allow_private,
        timeout: Duration::from_secs(args.timeout.max(1)),
        ..ClientOptions::default()
    };
    let default_dir: fn() -> Option<PathBuf> = match data {
        Data::Ranges => default_ranges_dir,
        Data::Crawlers => default_lists_dir,
    };
    let dir = match &args.dir {
        Some(d) => d.clone(),
        None => default_dir().ok_or(UpdateCommandError::NoDir)?,
    };
    let report = match data {
        Data::Ranges => update_ranges(&registry, &dir, &opts)?,
        Data::Crawlers => update_crawlers(&registry, &dir, &opts)?,
    };
    for list in &report.lists {
        let what = match &list.outcome {
            ListOutcome::Saved {
                entries,
                skipped,
                date,
                ..
            } => {
                let date = date.as_deref().unwrap_or("-");
                match data {
                    Data::Ranges => format!("saved, {entries} prefixes, created {date}"),
                    Data::Crawlers if *skipped > 0 => format!(
                        "saved, {entries} agents ({skipped} left out: not usable as registry entries), data of {date}"
                    ),
                    Data::Crawlers => format!("saved, {entries} agents, data of {date}"),
                }
            }
            ListOutcome::Failed { reason } => format!("FAILED: {reason}"),
        };
        writeln!(
            out,
            "{}\t{}\t{}",
            text::terminal(list.name.as_bytes()).into_owned(),
            text::terminal(list.url.as_bytes()).into_owned(),
            text::terminal(what.as_bytes()).into_owned()
        )?;
    }
    writeln!(
        out,
        "{} saved, {} failed, in {}",
        report.saved(),
        report.failed(),
        text::terminal(dir.display().to_string().as_bytes()).into_owned()
    )?;
    out.flush()?;
    Ok(report.failed() == 0)
}
