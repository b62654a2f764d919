//! `robots_audit._native`: the Python face of the robots-audit library.
//!
//! Two parts, both thin: [`engine`] (a robots.txt body parsed once and asked about URLs the
//! way protego is asked, crawler identification) and [`job`] (what a Spark job's driver and
//! executors call: the audit of one input into a partial result, the merge of partials, the
//! robots.txt fetch and the reports, all the library's own code). The Python package
//! (`python/robots_audit/`) wraps them; nothing here prints or exits.
//!
//! Every error is a Python exception: [`RobotsAuditError`] for what went wrong with the data
//! or the options, `ValueError`/`TypeError` for bad arguments. A panic in Rust becomes
//! PyO3's `PanicException`, never a crash of the interpreter.

mod engine;
mod job;
mod options;

use pyo3::prelude::*;

pyo3::create_exception!(
    robots_audit,
    RobotsAuditError,
    pyo3::exceptions::PyException,
    "An audit that cannot run or finish: bad options, an input that is not a log, a report that cannot be written."
);

/// Text for a terminal (the CLI's sanitiser): control, invisible and invalid characters as
/// escapes. The Spark job passes every line it prints through it, Spark's messages included
/// (they quote file names, which a folder of logs may make hostile).
#[pyfunction]
fn terminal(text: &str) -> String {
    robots_audit::text::terminal(text).into_owned()
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("RobotsAuditError", m.py().get_type::<RobotsAuditError>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(terminal, m)?)?;
    engine::register(m)?;
    job::register(m)?;
    Ok(())
}
