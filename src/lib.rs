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
//! `robots`, `logformat` and `history` import nothing else from this crate: they could be
//! crates of their own. Nothing in the library prints or exits.

pub mod audit;
pub mod crawlers;
pub mod extsort;
pub mod fetch;
pub mod history;
pub mod input;
pub mod logformat;
pub mod report;
pub mod robots;
pub mod tempfiles;
pub mod text;
pub mod units;

pub use audit::{AuditError, AuditSettings, Auditor, Findings, Partial};
