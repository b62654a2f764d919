//! The end of a run, once for every front end: [`finish`] takes the merged [`Partial`] and
//! decides whether its result can be trusted (no damaged input, no empty one, a window that
//! kept something, at least one host judged), writes every report through the
//! [`ReportSet`] (all in place together, or none), and tells what the user should hear as
//! [`Note`]s. [`RunError`] is every way a run fails; each is exit status 2 and keeps the
//! previous reports.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use super::ahead::ahead;
use super::notes::{Level, NOT_JUDGED_SHOWN, NotJudged, Totals};
use super::options::{OptionError, Window};
use super::{Note, Plan, Stage, Stopwatch, exit};
use crate::audit::{AuditError, Auditor, Findings, Partial};
use crate::extsort::SortError;
use crate::report::{
    self, ActivityBin, ConflictDigest, Limits, Page, PathError, Report, ReportError, ReportPaths,
    ReportSet,
};
use crate::text;

/// Why a run failed. Every one is exit status 2 ([`exit::ERROR`]); none leaves a report
/// changed.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// An option cannot be used.
    #[error(transparent)]
    Option(#[from] OptionError),
    /// An input cannot be read, or a report would replace an input or another report.
    #[error(transparent)]
    Paths(#[from] PathError),
    /// The robots.txt store could not be set up.
    #[cfg(feature = "net")]
    #[error(transparent)]
    Fetch(#[from] crate::fetch::FetchError),
    /// A report could not be written.
    #[error(transparent)]
    Report(ReportError),
    /// The reader of standard output went away before the report written there was
    /// complete, and the run had more to give: reports in files, an exit status.
    #[error(
        "standard output was closed before its report was complete ({0}); the reports \
         written to files were not replaced, and no verdict is given by the exit status"
    )]
    StdoutClosed(ReportError),
    /// An input cannot be audited at all; with what to do about it.
    #[error("{0}{hint}", hint = audit_hint(.0))]
    Audit(#[from] AuditError),
    /// Inputs broke off (each was a [`Note::Damaged`]), and `--allow-damaged` was not
    /// given.
    #[error(
        "{inputs} input{} could not be read to the end; the previous reports are kept \
         (--allow-damaged writes them from the lines before the damage)",
        if *inputs == 1 { "" } else { "s" }
    )]
    Damaged {
        /// How many.
        inputs: usize,
    },
    /// Inputs that could not be opened during the run (each was a [`Note::Damaged`]).
    #[error(
        "{inputs} input{} could not be opened; the previous reports are kept",
        if *inputs == 1 { "" } else { "s" }
    )]
    Unopened {
        /// How many.
        inputs: usize,
    },
    /// Inputs without a single line, and `--allow-empty` was not given.
    #[error(
        "{} is empty: no log lines at all (a failed step earlier in a pipeline looks like \
         this); the previous reports are kept (--allow-empty accepts empty input)",
        text::terminal(&inputs.join(", "))
    )]
    Empty {
        /// Their names.
        inputs: Vec<String>,
    },
    /// `--since`/`--until` left out every request, and `--allow-empty` was not given.
    #[error(
        "{window} leaves out every request: {}; the previous reports are kept (--allow-empty \
         accepts an empty window)",
        if *requests == 1 {
            format!("the 1 request read was made at {}", text::rfc3339_exact(span.0))
        } else {
            format!(
                "the {} requests read run from {} to {}",
                text::thousands(*requests),
                text::rfc3339_exact(span.0),
                text::rfc3339_exact(span.1)
            )
        }
    )]
    EmptyWindow {
        /// The window.
        window: Window,
        /// The requests read (all outside it).
        requests: u64,
        /// The earliest and latest of them (unix ms).
        span: (i64, i64),
    },
    /// Not one request read named a host, and no `--host` was given: nothing could be
    /// judged, and an empty report would read as "no violations".
    #[error(
        "none of the {} requests read{} names its host (the log's host field is empty or \
         `-`), so nothing could be judged and the previous reports are kept; give the site's \
         host with --host",
        text::thousands(*requests),
        if *windowed { " in the window" } else { "" }
    )]
    NoHosts {
        /// The requests read (in the window).
        requests: u64,
        /// Some requests were outside `--since`/`--until`.
        windowed: bool,
    },
    /// No host with crawler traffic could be judged.
    #[error("no host could be judged, so the previous reports are kept: {0}")]
    NoneJudged(NotJudged),
    /// The kept requests (sorted runs on disk) could not be read back whole.
    #[error("cannot finish the audit (the previous reports are kept): {0}")]
    Unfinished(SortError),
}

impl RunError {
    /// True when the reader of standard output went away (`| head`) and nothing else was
    /// lost with it ([`RunError::lost_with_stdout`]): not worth an error.
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, RunError::Report(e) if e.is_broken_pipe())
    }

    /// A broken pipe on standard output is harmless only when the report written there was
    /// all the run had to give: with reports written to files (which are then not replaced)
    /// or an exit status asked for (`--fail-on-…`), it is [`RunError::StdoutClosed`].
    pub fn lost_with_stdout(self, plan: &Plan) -> RunError {
        let more = plan.reports.writes_files()
            || plan.policy.fail_on_violations
            || plan.policy.fail_on_conflicts;
        match self {
            RunError::Report(e) if more && e.is_broken_pipe() => RunError::StdoutClosed(e),
            e => e,
        }
    }
}

impl From<ReportError> for RunError {
    /// Rows that could not be read back are the audit's failure, not the report's.
    fn from(e: ReportError) -> RunError {
        match e {
            ReportError::Rows(e) => RunError::Unfinished(e),
            e => RunError::Report(e),
        }
    }
}

/// What to do about an input that cannot be audited, in the options' words.
fn audit_hint(e: &AuditError) -> &'static str {
    match e {
        AuditError::UnknownFormat { .. } => "; name it with --format",
        AuditError::NotALog { chosen: false, .. } => "; choose the format with --format",
        // The user named the format: another one may fit, or detection (no --format).
        AuditError::NotALog { chosen: true, .. } => {
            "; is it in another format? Name that one with --format, or leave --format out to \
             detect it"
        }
        AuditError::NoHost { .. } => "; give the site's host with --host",
        _ => "",
    }
}

/// Violating requests per host and crawler.
pub type ViolationTally = BTreeMap<Arc<str>, BTreeMap<Arc<str>, u64>>;

/// [`ViolationTally`] as the rows come: the rows of one host and crawler come together (the
/// report is in host order, and crawler order within each kind), so they are summed as one
/// and looked up in the map once, not per row.
#[derive(Default)]
struct Tally {
    map: ViolationTally,
    /// The (host, crawler) of the rows being summed, and their requests so far.
    run: Option<(Arc<str>, Arc<str>, u64)>,
}

impl Tally {
    fn add(&mut self, row: &report::ViolationRow) {
        match &mut self.run {
            Some((host, crawler, n))
                if Arc::ptr_eq(host, &row.host) && Arc::ptr_eq(crawler, &row.crawler) =>
            {
                *n += row.requests;
            }
            _ => {
                self.close();
                self.run = Some((
                    Arc::clone(&row.host),
                    Arc::clone(&row.crawler),
                    row.requests,
                ));
            }
        }
    }

    /// Adds the rows being summed to the map.
    fn close(&mut self) {
        if let Some((host, crawler, n)) = self.run.take() {
            *self
                .map
                .entry(host)
                .or_default()
                .entry(crawler)
                .or_default() += n;
        }
    }

    fn into_map(mut self) -> ViolationTally {
        self.close();
        self.map
    }
}

/// A run that was done.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The exit status: [`exit::OK`], or [`exit::VIOLATIONS`] under `--fail-on-violations`
    /// (or `--fail-on-conflicts`).
    pub code: u8,
    /// Rows of the violations report.
    pub rows: usize,
    /// Violating requests per host and crawler (for a terminal's summary).
    pub tally: ViolationTally,
}

/// Checks the files of a run before it starts: every input can be read and is given once,
/// no report would replace an input or another report, and one report at most goes to
/// standard output.
pub fn check_files(inputs: &[&Path], reports: &ReportPaths) -> Result<(), RunError> {
    reports.check_stdout(inputs)?;
    Ok(report::check_paths(inputs, &reports.outputs())?)
}

/// Finishes a run: `partial` is everything the audit of `names` (the inputs, in order)
/// found, merged; `auditor` the one that judges it (its robots source holds what the audit
/// used); `reports` were opened before the work. Tells `notes` what the user should hear;
/// with `--timings`, last, the stages timed on `watch` (those of the front end before it,
/// then the judgement, the reports and their commit).
pub fn finish(
    partial: Partial,
    auditor: &Auditor,
    plan: &Plan,
    names: &[String],
    mut reports: ReportSet,
    watch: &Stopwatch,
    notes: &mut dyn FnMut(Note),
) -> Result<Outcome, RunError> {
    let policy = plan.policy;
    // What robots.txt's source met on the way (a cache entry it could not read), told once
    // the logs are read, and kept for the page with the plan's own warnings.
    let robots_warnings: Vec<Note> = auditor
        .robots()
        .warnings()
        .into_iter()
        .map(Note::Robots)
        .collect();
    for note in &robots_warnings {
        notes(note.clone());
    }
    // A run whose result cannot be trusted writes nothing.
    let (mut damaged, mut unopened) = (0, 0);
    for (name, counts) in &partial.inputs {
        if let Some(error) = &counts.error {
            // An input that could not be opened is no damage to accept: none of it was read.
            if counts.unopened {
                unopened += 1;
            } else {
                damaged += 1;
            }
            notes(Note::Damaged {
                input: name.clone(),
                error: error.clone(),
                allowed: policy.allow_damaged && !counts.unopened,
            });
        }
    }
    if unopened > 0 {
        return Err(RunError::Unopened { inputs: unopened });
    }
    if damaged > 0 && !policy.allow_damaged {
        return Err(RunError::Damaged { inputs: damaged });
    }
    if !policy.allow_empty {
        let empty: Vec<String> = names
            .iter()
            .filter(|n| partial.inputs.get(*n).is_none_or(|c| c.lines == 0))
            .cloned()
            .collect();
        if !empty.is_empty() {
            return Err(RunError::Empty { inputs: empty });
        }
        check_window(&partial, auditor)?;
    }
    // Every request without a host: a JSON log without the host key, a vhost log writing `-`
    // (a format without hosts at all stops at its first block, `AuditError::NoHost`).
    // Requests outside `--since`/`--until` are not asked for a host: of the others, none
    // had one.
    let outside: u64 = partial.inputs.values().map(|c| c.outside_window).sum();
    let in_window = partial.inputs.values().map(|c| c.requests).sum::<u64>() - outside;
    let no_host: u64 = partial.inputs.values().map(|c| c.no_host).sum();
    if in_window > 0 && no_host == in_window {
        return Err(RunError::NoHosts {
            requests: in_window,
            windowed: outside > 0,
        });
    }
    let mut findings = auditor.findings(partial).map_err(|e| match e {
        AuditError::Unfinished(e) => RunError::Unfinished(e),
        e => RunError::Audit(e),
    })?;
    watch.lap(Stage::Judgement);
    let not_judged = findings.not_judged();
    if !not_judged.is_empty() {
        let nj = NotJudged {
            listed: not_judged
                .iter()
                .take(NOT_JUDGED_SHOWN)
                .map(|(h, n, why)| (h.to_string(), *n, why.to_string()))
                .collect(),
            hosts: not_judged.len(),
            with_traffic: findings
                .hosts
                .iter()
                .filter(|h| h.crawler_requests > 0)
                .count(),
            requests: not_judged.iter().map(|h| h.1).sum(),
        };
        if nj.hosts == nj.with_traffic {
            return Err(RunError::NoneJudged(nj));
        }
        notes(Note::NotJudged(nj));
    }

    let inputs = findings.input_rows(names);
    let activity: Vec<ActivityBin<'_>> = findings
        .activity
        .iter()
        .map(|a| ActivityBin {
            start_ms: a.start_ms,
            host: &a.host,
            crawler: &a.crawler,
            kind: a.kind,
            requests: a.requests,
        })
        .collect();
    // The preference rows stream first: the page's conflicts table is made from them.
    let settings = plan.write_settings();
    // Conflicting requests, as the summary counts them: the same judgement as the rows'.
    let conflicting: u64 = findings
        .summary
        .iter()
        .map(|s| s.preference_conflicts)
        .sum();
    let conflicts = if reports.has(Report::Preferences) || reports.has(Report::Html) {
        ahead(
            findings.preferences.by_ref(),
            auditor.settings().threads,
            |rows| reports.write_preferences(rows, settings.style),
        )?
    } else {
        ConflictDigest::new(Limits::default())
    };
    // What the run says about its findings, after the reports are in place; its warnings are
    // on the page too (what `--quiet` keeps off standard error stays in the reports).
    let told = findings_notes(names, &findings);
    let warnings: Vec<String> = (plan.notes.iter().chain(&robots_warnings))
        .chain(&told)
        .filter(|n| {
            n.level() == Level::Warning
                // The page says these in its own words.
                && !matches!(n, Note::TooOldToVerify(_) | Note::SpoofedByOldLists(_))
        })
        .map(Note::to_string)
        .collect();
    let delay_checked: std::collections::BTreeSet<String> = findings
        .summary
        .iter()
        .map(|r| &r.crawler)
        .filter(|c| auditor.checks_crawl_delay(c))
        .cloned()
        .collect();
    let page = Page {
        inputs: &inputs,
        summary: &findings.summary,
        hosts: &findings.hosts,
        spoofed: &findings.spoofed,
        activity: &activity,
        activity_bin_ms: findings.activity_bin_ms,
        too_old_to_verify: findings.too_old_to_verify.requests,
        spoofed_by_old_lists: findings.too_old_to_verify.spoofed_by_old_lists,
        leeway_ms: auditor.settings().leeway_ms,
        conflicts: &conflicts,
        warnings: &warnings,
        delay_checked: &delay_checked,
    };
    let mut tally = Tally::default();
    // The rows are made on one thread and written on another when the run has two.
    let rows = ahead(
        findings.violations.by_ref(),
        auditor.settings().threads,
        |rows| {
            let rows = rows.map(|row| row.inspect(|r| tally.add(r)));
            reports.write(rows, &page, settings)
        },
    )?;
    let tally = tally.into_map();
    watch.lap(Stage::Reports);
    reports.commit()?;
    watch.lap(Stage::Commit);

    for note in told {
        notes(note);
    }
    if let Some(dns) = &findings.dns {
        notes(Note::DnsQueries {
            ptr: dns.ptr_queries,
            forward: dns.forward_queries,
            failures: dns.failures,
            gave_up: dns.gave_up,
        });
    }
    notes(Note::Totals(Totals {
        requests: findings.requests(),
        malformed: findings.bad_lines(),
        crawler_requests: findings.hosts.iter().map(|h| h.crawler_requests).sum(),
        violating: findings.violating_requests(),
        delayed: findings.crawl_delay_breaches(),
        rows: rows as u64,
        conflicts: conflicting,
    }));
    if let Some(timings) = watch.timings() {
        notes(Note::Timings(timings));
    }
    free_aside(findings);
    Ok(Outcome {
        code: if (policy.fail_on_violations && rows > 0)
            || (policy.fail_on_conflicts && conflicting > 0)
        {
            exit::VIOLATIONS
        } else {
            exit::OK
        },
        rows,
        tally,
    })
}

/// Frees what the judgement held (every kept request in memory: tens of milliseconds of
/// `free` on a log with many) on a thread of its own, so the caller has its outcome without
/// waiting and a process that exits next never waits. Should no thread start, it is freed
/// here.
fn free_aside<T: Send + 'static>(held: T) {
    let spawned = std::thread::Builder::new()
        .name("robots-audit-free".into())
        .spawn(move || drop(held));
    // Nothing to report: on failure the closure, and with it `held`, was dropped here.
    drop(spawned);
}

/// A window that left out every request read is no audit: it fails like an empty input.
fn check_window(partial: &Partial, auditor: &Auditor) -> Result<(), RunError> {
    let settings = auditor.settings();
    let window = Window {
        since_ms: settings.since_ms,
        until_ms: settings.until_ms,
    };
    let requests: u64 = partial.inputs.values().map(|c| c.requests).sum();
    let outside: u64 = partial.inputs.values().map(|c| c.outside_window).sum();
    let span = partial
        .inputs
        .values()
        .filter_map(|c| c.outside_span)
        .reduce(|a, b| (a.0.min(b.0), a.1.max(b.1)));
    match span {
        Some(span) if window.is_set() && requests > 0 && outside == requests => {
            Err(RunError::EmptyWindow {
                window,
                requests,
                span,
            })
        }
        _ => Ok(()),
    }
}

/// What the run says about its findings once the reports are in place, in the order it
/// says it: each input's counts, the spill, verification, refusals, DNS trust.
fn findings_notes(names: &[String], findings: &Findings) -> Vec<Note> {
    let mut told = Vec::new();
    for name in names {
        if let Some(counts) = findings.inputs.get(name) {
            input_notes(name, counts, &mut |n| told.push(n));
        }
    }
    if let Some(spilled) = findings.spilled {
        told.push(Note::Spilled(spilled));
    }
    let too_old = findings.too_old_to_verify;
    if too_old.requests > 0 {
        told.push(Note::TooOldToVerify(too_old));
    }
    if too_old.spoofed_by_old_lists > 0 {
        told.push(Note::SpoofedByOldLists(too_old));
    }
    if too_old.internal > 0 {
        told.push(Note::InternalClients {
            requests: too_old.internal,
        });
    }
    if !findings.refused.is_empty() {
        told.push(Note::RefusedToUs(findings.refused.clone()));
    }
    if too_old.no_address > 0 {
        told.push(Note::NoClientAddress {
            requests: too_old.no_address,
        });
    }
    if let Some((why, unanswered)) = findings.dns.as_ref().and_then(|d| d.untrusted.as_ref()) {
        told.push(Note::DnsUntrusted {
            why: why.clone(),
            unanswered: *unanswered,
        });
    }
    told
}

/// What an input's counts tell: malformed lines with the first examples, requests without a
/// host, requests outside the window.
fn input_notes(name: &str, counts: &crate::audit::InputCounts, notes: &mut dyn FnMut(Note)) {
    let bad = counts.bad_total();
    if bad > 0 {
        notes(Note::Malformed {
            input: name.to_owned(),
            lines: bad,
            reasons: counts.bad.iter().map(|(r, n)| (*r, *n)).collect(),
            naming_crawler: counts.bad_naming_crawler,
        });
        for (line, reason, example) in &counts.bad_examples {
            notes(Note::MalformedLine {
                input: name.to_owned(),
                line: *line,
                reason: *reason,
                example: example.clone(),
            });
        }
    }
    if counts.requests > 0 && counts.with_user_agent == 0 {
        notes(Note::NoUserAgent {
            input: name.to_owned(),
            requests: counts.requests,
            format: counts.format.clone().unwrap_or_default(),
        });
    }
    if counts.no_host > 0 {
        notes(Note::NoHost {
            input: name.to_owned(),
            requests: counts.no_host,
        });
    }
    if counts.outside_window > 0 {
        notes(Note::OutsideWindow {
            input: name.to_owned(),
            requests: counts.outside_window,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::ViolationRow;

    fn row(host: &Arc<str>, crawler: &Arc<str>, requests: u64) -> ViolationRow {
        ViolationRow {
            host: Arc::clone(host),
            crawler: Arc::clone(crawler),
            requests,
            ..crate::report::tests::row("/p", "x")
        }
    }

    #[test]
    fn the_tally_sums_every_row_by_name() {
        // Runs of one (host, crawler), one that comes back later, and equal names in copies
        // of their own (as http and https of a host print the same).
        let (a, a2, b): (Arc<str>, Arc<str>, Arc<str>) =
            ("a.example".into(), "a.example".into(), "b.example".into());
        let (bot, bot2, other): (Arc<str>, Arc<str>, Arc<str>) =
            ("Bot".into(), "Bot".into(), "Other".into());
        let rows = [
            row(&a, &bot, 1),
            row(&a, &bot, 2),
            row(&a2, &bot2, 4),
            row(&a, &other, 8),
            row(&b, &bot, 16),
            row(&a, &bot, 32),
            row(&b, &bot2, 64),
        ];
        let mut tally = Tally::default();
        let mut expected = ViolationTally::new();
        for r in &rows {
            tally.add(r);
            *expected
                .entry(r.host.clone())
                .or_default()
                .entry(r.crawler.clone())
                .or_default() += r.requests;
        }
        let got = tally.into_map();
        assert_eq!(got, expected);
        assert_eq!(got["a.example"]["Bot"], 39);
        assert_eq!(got["b.example"]["Bot"], 80);
    }
}
