//! The run around the pipeline, once for every front end: options in, reports and notes out.
//!
//! ```text
//!  CLI (clap) ─┐                                             ┌─▶ Notes (data) ─▶ console / driver
//!  Python kw ──┼─▶ Options ─▶ Plan ─▶ Auditor ─▶ Partial ─▶ finish
//!  Spark args ─┘   (raw, by    (checked)  (tasks)   (merged)   └─▶ ReportSet (CSV, HTML, …)
//!                   name)
//! ```
//!
//! A front end maps its own arguments to [`Options`] (by the command line's names), and
//! renders the [`Note`]s it is given; everything else happens here: [`Plan::new`] checks the
//! options (an [`OptionError`] names the one at fault), [`check_files`] the files, the
//! [`AuditPlan`] builds what every worker needs (and travels to other machines as it is),
//! and [`finish()`] decides whether the result can be trusted, writes every report through
//! [`crate::report::ReportSet`] and says what the user should hear. [`audit_files`] is all
//! of it for logs on this machine: what `robots-audit` does. The exit status is [`exit`]'s.
//!
//! Like the rest of the library, nothing here prints or exits.

mod ahead;
pub mod exit;
mod finish;
mod notes;
mod options;
mod plan;
mod timings;

pub use finish::{Outcome, RunError, ViolationTally, check_files, finish};
pub use notes::{Level, NOT_JUDGED_SHOWN, NotJudged, Note, Totals};
pub use options::{
    DEFAULT_DNS_TIMEOUT, DEFAULT_FETCH_BUDGET, DEFAULT_FETCH_CONCURRENCY, DEFAULT_FORMAT,
    DEFAULT_LEEWAY, DEFAULT_MAX_LINE_LENGTH, DEFAULT_MAX_MEMORY, DEFAULT_MAX_ORIGINS,
    DEFAULT_SCHEME, DEFAULT_TIMEOUT, OptionError, Options, Window, read_duration, read_size,
    read_time,
};
pub use plan::{AuditPlan, Plan, Policy, fetch_options};
pub use timings::{Stage, StageTime, Stopwatch, Timed, Timings};

#[cfg(feature = "net")]
use crate::audit::Observer;

/// The whole run over the logs of `plan` (files and standard input on this machine): check
/// the files, build the registry, the verifier and the robots.txt store, open the reports,
/// audit in parallel (telling `observer` how it goes), and [`finish()`]. Every note, the
/// plan's own first, goes to `notes` as it comes.
#[cfg(feature = "net")]
pub fn audit_files(
    plan: &Plan,
    observer: &dyn Observer,
    notes: &mut dyn FnMut(Note),
) -> Result<Outcome, RunError> {
    use std::sync::Arc;

    use crate::audit::Auditor;
    use crate::fetch::{RobotsSource, RobotsStore};
    use crate::report::ReportSet;

    let watch = Stopwatch::after(plan);
    for note in &plan.notes {
        notes(note.clone());
    }
    // Everything that can fail for a reason the user must fix is tried before the work.
    check_files(&plan.input_paths(), &plan.reports)?;
    let (registry, verifier) = plan.audit.registry_and_verifier()?;
    let store = Arc::new(RobotsStore::new(plan.fetch.clone())?);
    let reports = ReportSet::open(&plan.reports)?;
    let auditor = Auditor::new(
        plan.audit.settings.clone(),
        Arc::new(registry),
        Arc::new(verifier),
        Arc::clone(&store) as Arc<dyn RobotsSource>,
    );
    watch.lap(Stage::StartUp);
    let timed = Timed {
        inner: observer,
        watch: &watch,
    };
    let partial = auditor.audit_sources(&plan.inputs, &timed)?;
    watch.lap(Stage::Merge);
    finish(
        partial,
        &auditor,
        plan,
        &plan.input_names(),
        reports,
        &watch,
        notes,
    )
    .map_err(|e| e.lost_with_stdout(plan))
}
