//! robots-audit: find the crawlers in web access logs that break robots.txt.
//!
//! The library is the whole engine; the `robots-audit` binary turns arguments into settings,
//! calls it and prints. Data flows one way, one module per stage:
//!
//! ```text
//!  input ──▶ logformat ──▶ crawlers ──▶ audit ◀── fetch (robots source) ◀── history
//!  bytes,     Request<'a>   User-Agent   per line: origin → who → judge → event → Partial
//!  blocks     (borrowed)    → crawler,   merge (by value) → findings (judged in time) → rows
//!                           tokens                                                │
//!                                        robots: parse once, match (no I/O)       ▼
//!                                                                             report (CSV)
//! ```
//!
//! Around the pipeline, [`run`] is the run itself, once for every front end: options by name
//! → a checked [`Plan`] → the audit → [`run::finish`] (the checks on the result, every report
//! through [`report::ReportSet`], the notes as data). A program of its own audits a log in a
//! few lines:
//!
//! ```no_run
//! use robots_audit::{Options, Plan, Silent, audit_files};
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let options = Options {
//!     logs: vec!["access.log.gz".into()],
//!     robots_dir: Some("robots-dir".into()),
//!     out: Some("report.csv".into()),
//!     ..Options::default()
//! };
//! let outcome = audit_files(&Plan::new(&options)?, &Silent, &mut |note| eprintln!("{note}"))?;
//! println!("{} violations", outcome.rows);
//! # Ok(())
//! # }
//! ```
//!
//! `robots`, `logformat` and `history` import nothing else from this crate: they could be
//! crates of their own. Nothing in the library prints or exits.

pub mod audit;
pub mod crawlers;
pub mod extsort;
pub mod fetch;
pub mod history;
pub mod input;
pub mod logformat;
pub mod net;
pub mod report;
pub mod robots;
pub mod run;
pub mod tempfiles;
#[cfg(test)]
mod test_rng;
pub mod text;
pub mod units;

pub use audit::{AuditError, AuditSettings, Auditor, Findings, Observer, Partial, Silent};
#[cfg(feature = "net")]
pub use run::audit_files;
pub use run::{Note, OptionError, Options, Outcome, Plan, RunError};
