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

use robots_audit::audit::{AuditError, Auditor, Findings};
use robots_audit::fetch::{
    Missing, Origin, OriginHistory, RobotsDir, RobotsSource, RobotsStore, Snapshot,
};
use robots_audit::report::{self, CsvStyle, Output};
use robots_audit::text::{self, thousands};

use crate::RobotsAuditError;
use crate::options::{DriverOptions, RawOptions, TaskSettings};

/// The task spec's format version: an executor refuses a spec it would misread.
const SPEC_VERSION: u32 = 1;
const SPEC_MAGIC: &[u8; 8] = b"RASPEC\0\x01";

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
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

/// Everything a task needs, shipped from the driver.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct TaskSpec {
    settings: TaskSettings,
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
}

impl Discovery {
    fn merge(&mut self, other: Discovery) {
        self.seen.extend(other.seen);
        for (o, n) in other.demand {
            *self.demand.entry(o).or_default() += n;
        }
    }
}

/// An error of an input that cannot be audited at all, with what to do about it, as the
/// CLI words it.
fn audit_error(e: AuditError) -> PyErr {
    let hint = match &e {
        AuditError::UnknownFormat { .. } => "; name it with --format",
        AuditError::NotALog { .. } => "; choose the format with --format",
        AuditError::NoHost { .. } => "; give the site's host with --host",
        _ => "",
    };
    err(format!("{e}{hint}"))
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
    settings: robots_audit::audit::AuditSettings,
    registry: Arc<robots_audit::crawlers::Registry>,
    verifier: Arc<robots_audit::crawlers::Verifier>,
}

#[pymethods]
impl Task {
    /// A task from the bytes of [`Driver::task_spec`].
    #[new]
    fn new(py: Python<'_>, spec: PyBackedBytes) -> PyResult<Task> {
        py.detach(|| {
            let spec = TaskSpec::from_bytes(&spec)?;
            let parts = Arc::new(Parts {
                settings: spec.settings.audit_settings()?,
                registry: Arc::new(spec.settings.registry()?),
                verifier: Arc::new(spec.settings.verifier()?),
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
                auditor.audit_reader(&*content, name)?;
                let mut found = Discovery {
                    seen: std::mem::take(&mut *lock(&recorder.seen)),
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

/// The report files of a run, open as temporary files until committed together (as the
/// CLI's).
struct Outputs {
    out: Output,
    summary: Option<Output>,
    hosts: Option<Output>,
    spoofed: Option<Output>,
    inputs: Option<Output>,
}

impl Outputs {
    fn open(o: &DriverOptions) -> Result<Outputs, String> {
        let open = |p: &Option<PathBuf>| {
            p.as_deref()
                .map(Output::create)
                .transpose()
                .map_err(|e| e.to_string())
        };
        Ok(Outputs {
            out: match o.out.as_deref() {
                Some(p) => Output::create(p).map_err(|e| e.to_string())?,
                None => Output::stdout(),
            },
            summary: open(&o.summary)?,
            hosts: open(&o.hosts)?,
            spoofed: open(&o.spoofed)?,
            inputs: open(&o.inputs_report)?,
        })
    }

    fn write(
        &mut self,
        o: &DriverOptions,
        names: &[String],
        findings: &mut Findings,
    ) -> Result<usize, String> {
        let style = CsvStyle {
            neutralize: o.neutralize,
        };
        let named = |e: report::ReportError, out: &Output| match e {
            // Rows that could not be read back: nothing of this run is written.
            report::ReportError::Rows(e) => {
                format!("cannot finish the audit (the previous reports are kept): {e}")
            }
            e => e.named(out.name()).to_string(),
        };
        let rows = report::write_violations(&mut self.out, findings.violations.by_ref(), style)
            .map_err(|e| named(e, &self.out))?;
        if let Some(out) = &mut self.summary {
            report::write_summary(&mut *out, &findings.summary, style)
                .map_err(|e| named(e, out))?;
        }
        if let Some(out) = &mut self.hosts {
            report::write_hosts(&mut *out, &findings.hosts, style).map_err(|e| named(e, out))?;
        }
        if let Some(out) = &mut self.spoofed {
            report::write_spoofed(&mut *out, &findings.spoofed, style)
                .map_err(|e| named(e, out))?;
        }
        if let Some(out) = &mut self.inputs {
            report::write_inputs(&mut *out, &findings.input_rows(names), style)
                .map_err(|e| named(e, out))?;
        }
        Ok(rows)
    }

    fn commit(self) -> Result<(), String> {
        for o in [
            Some(self.out),
            self.summary,
            self.hosts,
            self.spoofed,
            self.inputs,
        ]
        .into_iter()
        .flatten()
        {
            o.commit().map_err(|e| e.to_string())?;
        }
        Ok(())
    }
}

fn term(s: &str) -> String {
    text::terminal(s.as_bytes()).into_owned()
}

/// The driver of a job: the options, the robots.txt (saved files, or fetched once with the
/// CLI's store), and at the end the CLI's checks and reports.
///
/// `Driver(options, local_inputs)`: `options` is a dict of the CLI's options (see
/// `robots_audit.spark`); `local_inputs` the inputs that are files on this machine, checked
/// as the CLI checks them (no report may overwrite an input). Report files are opened now
/// (as temporary files), so that an unwritable one fails before any work.
#[pyclass(unsendable, module = "robots_audit")]
pub struct Driver {
    options: DriverOptions,
    store: Option<Arc<RobotsStore>>,
    snapshot: Option<Snapshot>,
    discovery: Discovery,
    outputs: Option<Outputs>,
    /// Lines for standard error, in order; taken by [`Driver::take_messages`].
    messages: Vec<String>,
}

impl Driver {
    fn say(&mut self, line: String) {
        self.messages.push(format!("robots-audit: {line}"));
    }

    fn note(&mut self, line: String) {
        if !self.options.quiet {
            self.say(line);
        }
    }

    fn store_warnings(&mut self) {
        if let Some(store) = self.store.clone() {
            for w in store.warnings() {
                self.say(format!("warning: {}", term(&w)));
            }
        }
    }

    /// The CLI's notes: malformed lines with examples, requests without a host or outside
    /// the window.
    fn notes(&mut self, names: &[String], findings: &Findings) {
        for name in names {
            let Some(counts) = findings.inputs.get(name) else {
                continue;
            };
            let name = term(name);
            let bad = counts.bad_total();
            if bad > 0 {
                let reasons: Vec<String> = counts
                    .bad
                    .iter()
                    .map(|(r, n)| format!("{}: {}", r.as_str(), thousands(*n)))
                    .collect();
                let claims = if counts.bad_naming_crawler > 0 {
                    format!(
                        "; {} of them name a crawler",
                        thousands(counts.bad_naming_crawler)
                    )
                } else {
                    String::new()
                };
                self.note(format!(
                    "{name}: {} malformed lines skipped ({}){claims}",
                    thousands(bad),
                    reasons.join(", ")
                ));
                for (line, reason, example) in &counts.bad_examples {
                    self.note(format!("{name}:{line}: {}: {example}", reason.as_str()));
                }
            }
            if counts.no_host > 0 {
                self.note(format!(
                    "{name}: {} requests without a host skipped (give --host)",
                    thousands(counts.no_host)
                ));
            }
            if counts.outside_window > 0 {
                self.note(format!(
                    "{name}: {} requests outside --since/--until skipped",
                    thousands(counts.outside_window)
                ));
            }
        }
        if let Some(spilled) = &findings.spilled {
            self.note(spilled.to_string());
        }
    }

    /// Hosts with crawler traffic that could not be judged: an error line; none judged at
    /// all fails the run (as the CLI).
    fn check_judged(&mut self, findings: &Findings) -> Result<(), String> {
        let not_judged = findings.not_judged();
        if not_judged.is_empty() {
            return Ok(());
        }
        let with_traffic = findings
            .hosts
            .iter()
            .filter(|h| h.crawler_requests > 0)
            .count();
        let requests: u64 = not_judged.iter().map(|h| h.1).sum();
        const SHOWN: usize = 5;
        let mut listed: Vec<String> = not_judged
            .iter()
            .take(SHOWN)
            .map(|(host, n, reason)| {
                format!(
                    "{} ({} crawler requests): {}",
                    term(host),
                    thousands(*n),
                    term(reason)
                )
            })
            .collect();
        if not_judged.len() > SHOWN {
            listed.push(format!(
                "and {} more (--hosts lists them all)",
                not_judged.len() - SHOWN
            ));
        }
        let what = format!(
            "{} of {} hosts with crawler traffic ({} crawler requests) could not be judged: {}",
            not_judged.len(),
            with_traffic,
            thousands(requests),
            listed.join("; ")
        );
        if not_judged.len() == with_traffic {
            return Err(format!(
                "{what}; no host could be judged, so the previous reports are kept"
            ));
        }
        self.say(format!("error: {what}"));
        Ok(())
    }

    fn finish_inner(
        &mut self,
        partial: robots_audit::Partial,
        names: &[String],
    ) -> Result<u8, String> {
        let snapshot = self
            .snapshot
            .clone()
            .ok_or("robots.txt is not known yet: call fetch() after the discovery pass")?;
        let task = &self.options.task;
        let auditor = Auditor::new(
            task.audit_settings()?,
            Arc::new(task.registry()?),
            // Findings verify nothing: verification happened in the tasks.
            Arc::new(robots_audit::crawlers::Verifier::bundled()),
            Arc::new(snapshot),
        );
        let damaged: Vec<(String, String)> = partial
            .inputs
            .iter()
            .filter_map(|(n, c)| Some((n.clone(), c.error.clone()?)))
            .collect();
        for (name, error) in &damaged {
            self.say(format!("error: {}: {}", term(name), term(error)));
        }
        if !damaged.is_empty() && !self.options.allow_damaged {
            return Err(format!(
                "{} input{} could not be read to the end; the previous reports are kept \
                 (--allow-damaged writes them from the lines before the damage)",
                damaged.len(),
                if damaged.len() == 1 { "" } else { "s" }
            ));
        }
        let empty: Vec<&str> = names
            .iter()
            .filter(|n| partial.inputs.get(*n).is_none_or(|c| c.lines == 0))
            .map(String::as_str)
            .collect();
        if !empty.is_empty() && !self.options.allow_empty {
            return Err(format!(
                "{} is empty: no log lines at all (a failed step earlier in a pipeline looks like \
                 this); the previous reports are kept (--allow-empty accepts empty input)",
                term(&empty.join(", "))
            ));
        }
        let mut findings = auditor
            .findings(partial)
            .map_err(|e| format!("cannot finish the audit (the previous reports are kept): {e}"))?;
        self.check_judged(&findings)?;
        let mut outputs = self
            .outputs
            .take()
            .ok_or("the reports of this driver were written already")?;
        let rows = outputs.write(&self.options, names, &mut findings)?;
        outputs.commit()?;
        self.notes(names, &findings);
        Ok(if self.options.fail_on_violations && rows > 0 {
            1
        } else {
            0
        })
    }
}

#[pymethods]
impl Driver {
    #[new]
    fn new(options: RawOptions, local_inputs: Vec<PathBuf>) -> PyResult<Driver> {
        let options = DriverOptions::new(options).map_err(err)?;
        let inputs: Vec<&Path> = local_inputs.iter().map(PathBuf::as_path).collect();
        let outputs: Vec<(&str, &Path)> = [
            ("--out", &options.out),
            ("--summary", &options.summary),
            ("--hosts", &options.hosts),
            ("--spoofed", &options.spoofed),
            ("--inputs", &options.inputs_report),
        ]
        .into_iter()
        .filter_map(|(option, path)| Some((option, path.as_deref()?)))
        .collect();
        report::check_paths(&inputs, &outputs).map_err(|e| err(e.to_string()))?;
        let store = RobotsStore::new(options.fetch.clone()).map_err(|e| err(e.to_string()))?;
        // --robots-dir: the whole folder, read once here; nothing is fetched.
        let snapshot = match &options.fetch.robots_dir {
            Some(dir) => Some(
                RobotsDir::scan(dir)
                    .map_err(|e| err(e.to_string()))?
                    .snapshot(),
            ),
            None => None,
        };
        let outputs = Outputs::open(&options).map_err(err)?;
        let mut driver = Driver {
            messages: options.warnings.clone(),
            options,
            store: Some(Arc::new(store)),
            snapshot,
            discovery: Discovery::default(),
            outputs: Some(outputs),
        };
        driver.store_warnings();
        Ok(driver)
    }

    /// Whether the tasks must first find the origins (no `--robots-dir`): then run a
    /// discovery pass, give its results to `add_discovery`, and call `fetch`.
    #[getter]
    fn needs_discovery(&self) -> bool {
        self.snapshot.is_none()
    }

    /// The bytes every task is built from: the settings and, once known, the robots.txt
    /// snapshot (before that, a spec for the discovery pass).
    fn task_spec<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        let spec = TaskSpec {
            settings: self.options.task.clone(),
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
        let store = self
            .store
            .clone()
            .ok_or_else(|| err("no robots.txt store"))?;
        let discovery = std::mem::take(&mut self.discovery);
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
        self.store_warnings();
        Ok(n)
    }

    /// Checks the merged partial as the CLI does (damaged or empty inputs, hosts not judged),
    /// writes every report with the CLI's writers and renames them into place together.
    /// `names` are the inputs' names in argument order (the `--inputs` report's order).
    /// Gives the exit status (0, or 1 for violations under `--fail-on-violations`); raises
    /// `RobotsAuditError` where the CLI exits 2, and then writes nothing.
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

    /// The lines for standard error gathered so far (warnings, errors, notes), in order.
    fn take_messages(&mut self) -> Vec<String> {
        std::mem::take(&mut self.messages)
    }
}
