//! What a Spark job (or any other way of splitting an audit over machines) calls. The work is
//! the library's: [`Auditor::audit_reader`] per input, [`robots_audit::Partial::merge`],
//! [`RobotsStore`] for robots.txt, [`Auditor::findings`] and the report writers. This file
//! only moves bytes between them and Python.
//!
//! ```text
//!  driver                                   executors
//!  Driver(options) ── task_spec() ─────────▶ Task(spec)
//!    (network mode: discover pass)          Task.discover(content, name) ─▶ origins seen
//!  Driver.add_discovery(...) ◀──────────────┘
//!  Driver.fetch()  (the CLI's store, once)
//!  Driver.task_spec() (with the snapshot) ─▶ Task(spec)
//!                                           Task.audit(content, name) ─▶ Partial ─merge─▶ bytes
//!  Driver.finish(merged partial, input names) ─▶ the CLI's checks and reports
//! ```
//!
//! A task spec is versioned postcard; a partial travels in the library's own byte form.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedBytes;
use pyo3::types::PyBytes;
use serde::{Deserialize, Serialize};

use robots_audit::audit::{AuditError, AuditSettings, Auditor};
use robots_audit::crawlers::{DnsTally, Registry, Verifier};
use robots_audit::fetch::{
    Missing, Origin, OriginHistory, RobotsDir, RobotsSource, RobotsStore, Snapshot,
};
use robots_audit::report::ReportSet;
use robots_audit::run::{self, AuditPlan, Note, Plan, RunError, Stage, Stopwatch, exit};

use crate::RobotsAuditError;

/// The task spec's format version: an executor refuses a spec it would misread.
const SPEC_VERSION: u32 = 2;
const SPEC_MAGIC: &[u8; 8] = b"RASPEC\0\x01";

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    // The exit statuses, the CLI's.
    m.add("EXIT_OK", exit::OK)?;
    m.add("EXIT_VIOLATIONS", exit::VIOLATIONS)?;
    m.add("EXIT_ERROR", exit::ERROR)?;
    m.add("EXIT_INTERRUPTED", exit::INTERRUPTED)?;
    m.add_class::<Task>()?;
    m.add_class::<Partial>()?;
    m.add_class::<Driver>()?;
    Ok(())
}

fn err(msg: impl Into<String>) -> PyErr {
    RobotsAuditError::new_err(msg.into())
}

/// Where the tasks get robots.txt.
#[derive(Clone, Debug, Serialize, Deserialize)]
enum TaskRobots {
    /// Judge with these histories (robots-dir mode, or after the driver's fetch).
    Snapshot(Snapshot),
    /// The discovery pass: nothing is judged, the origins met are recorded.
    Discover,
}

/// Everything a task needs, shipped from the driver: the run's plan for the audit (the
/// driver read every file it names) and where robots.txt comes from.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct TaskSpec {
    plan: AuditPlan,
    robots: TaskRobots,
}

impl TaskSpec {
    fn to_bytes(&self) -> Vec<u8> {
        let mut out = SPEC_MAGIC.to_vec();
        out.extend_from_slice(&SPEC_VERSION.to_le_bytes());
        // Serialising plain data into a Vec cannot fail.
        out.extend(postcard::to_allocvec(self).unwrap_or_default());
        out
    }

    fn from_bytes(bytes: &[u8]) -> Result<TaskSpec, String> {
        let rest = bytes
            .strip_prefix(SPEC_MAGIC)
            .ok_or("not a robots-audit task spec")?;
        let (version, body) = rest
            .split_at_checked(4)
            .ok_or("not a robots-audit task spec")?;
        let version = u32::from_le_bytes(version.try_into().map_err(|_| "damaged task spec")?);
        if version != SPEC_VERSION {
            return Err(format!(
                "a task spec of version {version}; this build reads version {SPEC_VERSION} (the driver and the executors run different robots-audit wheels)"
            ));
        }
        postcard::from_bytes(body).map_err(|e| format!("damaged task spec: {e}"))
    }
}

/// A robots source for the discovery pass: answers nothing, records every origin asked
/// about and the crawler lines waiting on each (the CLI's store gets the same questions).
#[derive(Default)]
struct Recorder {
    seen: Mutex<BTreeSet<Origin>>,
    demand: Mutex<Vec<(Origin, u64)>>,
}

impl RobotsSource for Recorder {
    fn lookup(&self, origin: &Origin) -> Option<Arc<OriginHistory>> {
        lock(&self.seen).insert(origin.clone());
        None
    }

    fn settle(&self, demand: &[(Origin, u64)]) {
        lock(&self.demand).extend_from_slice(demand);
    }

    fn obtained(&self) -> Vec<(Origin, Arc<OriginHistory>)> {
        Vec::new()
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// What the discovery pass found in some inputs: the origins asked about and each one's
/// crawler lines, summed.
#[derive(Debug, Default, Serialize, Deserialize)]
struct Discovery {
    seen: BTreeSet<Origin>,
    demand: BTreeMap<Origin, u64>,
    /// What reverse DNS did in the pass (its answers are cached for the audit pass, so the
    /// run's statistics count them here).
    dns: Option<DnsTally>,
}

impl Discovery {
    fn merge(&mut self, other: Discovery) {
        self.seen.extend(other.seen);
        for (o, n) in other.demand {
            *self.demand.entry(o).or_default() += n;
        }
        merge_dns(&mut self.dns, other.dns);
    }
}

/// Adds a DNS tally to another, either or both absent.
fn merge_dns(mine: &mut Option<DnsTally>, theirs: Option<DnsTally>) {
    match (mine.as_mut(), theirs) {
        (Some(m), Some(t)) => m.merge(t),
        (None, t) => *mine = t,
        (Some(_), None) => {}
    }
}

/// An error of an input that cannot be audited at all, with what to do about it, in the
/// CLI's words.
fn audit_error(e: AuditError) -> PyErr {
    err(RunError::Audit(e).to_string())
}

/// One executor's audit: built once from the driver's spec, then given inputs.
#[pyclass(frozen, module = "robots_audit")]
pub struct Task {
    spec: TaskSpec,
    /// The auditor with the snapshot (None in the discovery pass).
    auditor: Option<Auditor>,
    parts: Arc<Parts>,
}

/// What every auditor of a task shares.
struct Parts {
    settings: AuditSettings,
    registry: Arc<Registry>,
    verifier: Arc<Verifier>,
}

#[pymethods]
impl Task {
    /// A task from the bytes of [`Driver::task_spec`].
    #[new]
    fn new(py: Python<'_>, spec: PyBackedBytes) -> PyResult<Task> {
        py.detach(|| {
            let spec = TaskSpec::from_bytes(&spec)?;
            let (registry, verifier) = spec
                .plan
                .registry_and_verifier()
                .map_err(|e| e.to_string())?;
            let parts = Arc::new(Parts {
                // A task audits one stream at a time, on its own thread; its memory budget
                // is the plan's.
                settings: AuditSettings {
                    threads: 1,
                    ..spec.plan.settings.clone()
                },
                registry: Arc::new(registry),
                verifier: Arc::new(verifier),
            });
            let auditor = match &spec.robots {
                TaskRobots::Snapshot(s) => Some(Auditor::new(
                    parts.settings.clone(),
                    Arc::clone(&parts.registry),
                    Arc::clone(&parts.verifier),
                    Arc::new(s.clone()),
                )),
                TaskRobots::Discover => None,
            };
            Ok(Task {
                spec,
                auditor,
                parts,
            })
        })
        .map_err(|e: String| err(e))
    }

    /// Audits one input (gzip or plain, detected by content), named `name` in the reports.
    /// Raises `RobotsAuditError` for an input that is not a log.
    fn audit(&self, py: Python<'_>, content: PyBackedBytes, name: &str) -> PyResult<Partial> {
        let auditor = self.auditor.as_ref().ok_or_else(|| {
            err("this task spec is for the discovery pass; audit with the spec made after Driver.fetch()")
        })?;
        let partial = py
            .detach(|| auditor.audit_reader(&*content, name))
            .map_err(audit_error)?;
        Ok(Partial {
            inner: Some(partial),
        })
    }

    /// The discovery pass over one input: the origins it asks robots.txt for, as bytes for
    /// [`Driver::add_discovery`].
    fn discover<'py>(
        &self,
        py: Python<'py>,
        content: PyBackedBytes,
        name: &str,
    ) -> PyResult<Bound<'py, PyBytes>> {
        let parts = Arc::clone(&self.parts);
        let found = py
            .detach(|| {
                let recorder = Arc::new(Recorder::default());
                let auditor = Auditor::new(
                    parts.settings.clone(),
                    Arc::clone(&parts.registry),
                    Arc::clone(&parts.verifier),
                    Arc::clone(&recorder) as Arc<dyn RobotsSource>,
                );
                let partial = auditor.audit_reader(&*content, name)?;
                let mut found = Discovery {
                    seen: std::mem::take(&mut *lock(&recorder.seen)),
                    dns: partial.dns,
                    ..Discovery::default()
                };
                for (o, n) in std::mem::take(&mut *lock(&recorder.demand)) {
                    *found.demand.entry(o).or_default() += n;
                }
                Ok(postcard::to_allocvec(&found).unwrap_or_default())
            })
            .map_err(audit_error)?;
        Ok(PyBytes::new(py, &found))
    }

    /// Whether this spec is for the discovery pass.
    #[getter]
    fn discovering(&self) -> bool {
        matches!(self.spec.robots, TaskRobots::Discover)
    }
}

/// A partial audit result: what some inputs came to, mergeable with any other in any order.
#[pyclass(module = "robots_audit")]
pub struct Partial {
    /// None once merged into another.
    inner: Option<robots_audit::Partial>,
}

impl Partial {
    fn take(&mut self) -> PyResult<robots_audit::Partial> {
        self.inner
            .take()
            .ok_or_else(|| PyValueError::new_err("this partial was merged into another one"))
    }

    fn get(&self) -> PyResult<&robots_audit::Partial> {
        self.inner
            .as_ref()
            .ok_or_else(|| PyValueError::new_err("this partial was merged into another one"))
    }
}

#[pymethods]
impl Partial {
    /// An empty partial.
    #[new]
    fn new() -> Partial {
        Partial {
            inner: Some(robots_audit::Partial::default()),
        }
    }

    /// Reads the byte form of [`Partial::to_bytes`].
    #[staticmethod]
    fn from_bytes(py: Python<'_>, data: PyBackedBytes) -> PyResult<Partial> {
        let partial = py
            .detach(|| robots_audit::Partial::from_bytes(&data))
            .map_err(|e| err(e.to_string()))?;
        Ok(Partial {
            inner: Some(partial),
        })
    }

    /// The compact, versioned byte form (the library's). Fails when a run the audit sorted
    /// to a temporary file does not come back whole.
    fn to_bytes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let partial = self.get()?;
        let bytes = py
            .detach(|| partial.to_bytes())
            .map_err(|e| err(e.to_string()))?;
        Ok(PyBytes::new(py, &bytes))
    }

    /// Adds `other` into this one; `other` is used up.
    fn merge(&mut self, py: Python<'_>, other: &mut Partial) -> PyResult<()> {
        let theirs = other.take()?;
        let mine = self
            .inner
            .as_mut()
            .ok_or_else(|| PyValueError::new_err("this partial was merged into another one"))?;
        py.detach(|| mine.merge(theirs));
        Ok(())
    }

    /// Inputs counted, by name.
    fn input_names(&self) -> PyResult<Vec<String>> {
        Ok(self.get()?.inputs.keys().cloned().collect())
    }

    fn __eq__(&self, other: &Partial) -> PyResult<bool> {
        Ok(self.get()? == other.get()?)
    }
}

/// The driver of a job: the plan, the robots.txt (saved files, or fetched once with the
/// CLI's store), and at the end the library's `run::finish`, as the CLI's.
///
/// `Driver(options, local_inputs)`: `options` is a dict of the CLI's options by name (see
/// `robots_audit.spark`); `local_inputs` the inputs that are files on this machine, checked
/// as the CLI checks them (no report may overwrite an input). Report files are opened now
/// (as temporary files), so that an unwritable one fails before any work.
#[pyclass(unsendable, module = "robots_audit")]
pub struct Driver {
    plan: Plan,
    /// The registry the tasks build, built once here (the findings name its crawlers).
    registry: Arc<Registry>,
    store: Arc<RobotsStore>,
    snapshot: Option<Snapshot>,
    discovery: Discovery,
    /// What reverse DNS did in the discovery pass, for the run's statistics.
    discovered_dns: Option<DnsTally>,
    /// The reports, open until the finish (None after it, or once discarded).
    reports: Option<ReportSet>,
    /// Lines for standard error, in order; taken by [`Driver::take_messages`].
    messages: Vec<String>,
    /// `--timings`: the stages as the driver sees them (the tasks' passes are "read").
    watch: Stopwatch,
}

impl Driver {
    /// A note of the run as the CLI prints it (notes are silent under `--quiet`).
    fn show(&mut self, note: &Note) {
        if note.shown(self.plan.policy.quiet) {
            self.messages.push(format!("robots-audit: {note}"));
        }
    }

    fn start(options: &Bound<'_, PyAny>, local_inputs: &[PathBuf]) -> Result<Driver, String> {
        let options = crate::options::options(options).map_err(|e| e.to_string())?;
        let plan = Plan::new(&options).map_err(|e| e.to_string())?;
        let watch = Stopwatch::after(&plan);
        let mut messages = Vec::new();
        for note in &plan.notes {
            if note.shown(plan.policy.quiet) {
                messages.push(format!("robots-audit: {note}"));
            }
        }
        // As the CLI's run, in its order: files, registry, verifier, store, reports.
        let inputs: Vec<&Path> = local_inputs.iter().map(PathBuf::as_path).collect();
        run::check_files(&inputs, &plan.reports).map_err(|e| e.to_string())?;
        let (registry, _) = plan
            .audit
            .registry_and_verifier()
            .map_err(|e| e.to_string())?;
        let store = RobotsStore::new(plan.fetch.clone()).map_err(|e| e.to_string())?;
        // --robots-dir: the whole folder, read once here; nothing is fetched.
        let snapshot = match &plan.fetch.robots_dir {
            Some(dir) => Some(
                RobotsDir::scan(dir)
                    .and_then(|d| d.snapshot())
                    .map_err(|e| e.to_string())?,
            ),
            None => None,
        };
        let reports = ReportSet::open(&plan.reports).map_err(|e| e.to_string())?;
        watch.lap(Stage::StartUp);
        Ok(Driver {
            plan,
            registry: Arc::new(registry),
            store: Arc::new(store),
            snapshot,
            discovery: Discovery::default(),
            discovered_dns: None,
            reports: Some(reports),
            messages,
            watch,
        })
    }

    fn finish_inner(
        &mut self,
        mut partial: robots_audit::Partial,
        names: &[String],
    ) -> Result<u8, String> {
        // The tasks' pass over the logs, read and judged, their parts merged.
        self.watch.lap(Stage::Read);
        merge_dns(&mut partial.dns, self.discovered_dns.take());
        let snapshot = self
            .snapshot
            .clone()
            .ok_or("robots.txt is not known yet: call fetch() after the discovery pass")?;
        let reports = self
            .reports
            .take()
            .ok_or("the reports of this driver were written already")?;
        let auditor = Auditor::new(
            self.plan.audit.settings.clone(),
            Arc::clone(&self.registry),
            // Findings verify nothing: verification happened in the tasks.
            Arc::new(Verifier::bundled()),
            Arc::new(snapshot),
        );
        // What the CLI says as it reads each input, said once the tasks are done.
        let mut notes: Vec<Note> = names
            .iter()
            .filter_map(|name| {
                let counts = partial.inputs.get(name).filter(|c| c.detected)?;
                Some(Note::FormatDetected {
                    input: name.clone(),
                    format: counts.format.clone()?,
                })
            })
            .collect();
        let done = run::finish(
            partial,
            &auditor,
            &self.plan,
            names,
            reports,
            &self.watch,
            &mut |n| notes.push(n),
        );
        for note in &notes {
            self.show(note);
        }
        done.map(|outcome| outcome.code).map_err(|e| e.to_string())
    }
}

#[pymethods]
impl Driver {
    #[new]
    fn new(options: &Bound<'_, PyAny>, local_inputs: Vec<PathBuf>) -> PyResult<Driver> {
        Driver::start(options, &local_inputs).map_err(err)
    }

    /// Whether the tasks must first find the origins (no `--robots-dir`): then run a
    /// discovery pass, give its results to `add_discovery`, and call `fetch`.
    #[getter]
    fn needs_discovery(&self) -> bool {
        self.snapshot.is_none()
    }

    /// The bytes every task is built from: the plan's audit part and, once known, the
    /// robots.txt snapshot (before that, a spec for the discovery pass).
    fn task_spec<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        let spec = TaskSpec {
            plan: self.plan.audit.clone(),
            robots: match &self.snapshot {
                Some(s) => TaskRobots::Snapshot(s.clone()),
                None => TaskRobots::Discover,
            },
        };
        PyBytes::new(py, &spec.to_bytes())
    }

    /// Adds what a discovery task found.
    fn add_discovery(&mut self, data: PyBackedBytes) -> PyResult<()> {
        let found: Discovery =
            postcard::from_bytes(&data).map_err(|e| err(format!("damaged discovery: {e}")))?;
        self.discovery.merge(found);
        Ok(())
    }

    /// Obtains robots.txt for every origin the discovery pass met, once, as the CLI does:
    /// the disk cache, then the network through the address guard, the busiest origins
    /// first when there are more than `--max-origins`. Gives the number of origins.
    fn fetch(&mut self, py: Python<'_>) -> PyResult<usize> {
        if self.snapshot.is_some() {
            return Ok(0);
        }
        // The discovery pass.
        self.watch.lap(Stage::Read);
        let store = Arc::clone(&self.store);
        let mut discovery = std::mem::take(&mut self.discovery);
        self.discovered_dns = discovery.dns.take();
        if !discovery.demand.is_empty() {
            self.show(&Note::Fetching {
                origins: discovery.demand.len(),
            });
        }
        let snapshot = py.detach(|| {
            for origin in &discovery.seen {
                store.lookup(origin);
            }
            let demand: Vec<(Origin, u64)> = discovery.demand.into_iter().collect();
            store.settle(&demand);
            Snapshot::of(store.as_ref(), Missing::NotFetched)
        });
        let n = snapshot.histories().len();
        self.snapshot = Some(snapshot);
        self.watch.lap(Stage::Robots);
        // Its warnings are the snapshot's, told by `finish` as the CLI's are.
        Ok(n)
    }

    /// Finishes the run as the CLI does (`run::finish`: damaged or empty inputs, a window
    /// that left everything out, hosts not judged; every report written and renamed into
    /// place together). `names` are the inputs' names in argument order (the `--inputs`
    /// report's order). Gives the exit status (`EXIT_OK`, or `EXIT_VIOLATIONS` under
    /// `--fail-on-violations`); raises `RobotsAuditError` where the CLI exits 2, and then
    /// writes nothing. The notes are in `take_messages()` either way.
    fn finish(
        &mut self,
        py: Python<'_>,
        partial: &mut Partial,
        names: Vec<String>,
    ) -> PyResult<u8> {
        let partial = partial.take()?;
        // Releasing the GIL needs a Send closure; the driver is not Send (its output files
        // are not), so the judgement runs with the GIL held.
        let _ = py;
        self.finish_inner(partial, &names).map_err(err)
    }

    /// Gives up the run: the reports' temporary files are removed and the previous reports
    /// stay as they were (an interrupted job calls it).
    fn discard(&mut self) {
        self.reports = None;
    }

    /// The lines for standard error gathered so far (warnings, errors, notes), in order.
    fn take_messages(&mut self) -> Vec<String> {
        std::mem::take(&mut self.messages)
    }
}
