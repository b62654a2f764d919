//! `robots-audit update-ranges`: download fresh copies of the crawlers' published IP-range
//! lists into the cache directory, where the audit prefers them to the bundled snapshot.
//! A list that fails to download or to validate keeps its old copy and is reported.

use std::io::Write;
use std::time::Duration;

use crate::cli::UpdateRangesArgs;
use robots_audit::crawlers::{
    ListOutcome, Registry, RegistryError, UpdateError, default_ranges_dir, update_ranges,
};
use robots_audit::fetch::{FetchOptions, ResolveOverride};
use robots_audit::text;

/// Why `update-ranges` could not run.
#[derive(Debug, thiserror::Error)]
pub enum UpdateRangesError {
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

/// Runs `update-ranges`; returns true when every list was saved.
pub fn run(args: &UpdateRangesArgs, out: &mut dyn Write) -> Result<bool, UpdateRangesError> {
    let registry =
        Registry::builtin_with(args.crawlers.as_deref()).map_err(UpdateRangesError::Crawlers)?;
    let resolve = args
        .resolve
        .iter()
        .map(|r| {
            ResolveOverride::parse(r).map_err(|e| UpdateRangesError::Resolve {
                arg: r.clone(),
                reason: e.to_string(),
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let opts = FetchOptions {
        resolve,
        allow_private: args.allow_private,
        total_timeout: Duration::from_secs(args.timeout.max(1)),
        ..FetchOptions::default()
    };
    let dir = match &args.dir {
        Some(d) => d.clone(),
        None => default_ranges_dir().ok_or(UpdateRangesError::NoDir)?,
    };
    let report = update_ranges(&registry, &dir, &opts)?;
    for list in &report.lists {
        let what = match &list.outcome {
            ListOutcome::Saved {
                prefixes,
                creation_time,
                ..
            } => {
                format!(
                    "saved, {prefixes} prefixes, created {}",
                    creation_time.as_deref().unwrap_or("-")
                )
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
