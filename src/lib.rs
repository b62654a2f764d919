//! robots-audit: find the crawlers in web access logs that break robots.txt.
//!
//! The library is the whole tool; `main.rs` only turns arguments into a [`config::Config`]
//! and errors into exit codes. Data flows one way, one module per stage:
//!
//! ```text
//!  input        logformat        crawlers           fetch            robots         audit          report
//!  bytes ──▶ line-aligned ──▶ Request<'a> ──▶ (crawler, origin) ──▶ robots.txt ──▶ verdicts ──▶ aggregates ──▶ CSV
//!  (gzip/plain,  blocks          (borrowed)      User-Agent →        once per        (per-worker,   (atomic,
//!   stdin)                                        tokens              origin          merged once)   neutralised)
//! ```
//!
//! `robots` and `logformat` import nothing else from this crate: they could be crates of
//! their own.

pub mod audit;
pub mod cli;
pub mod commands;
pub mod config;
pub mod crawlers;
pub mod fetch;
pub mod input;
pub mod logformat;
pub mod report;
pub mod robots;
pub mod text;

pub use audit::{AuditError, AuditOutcome, run};
pub use config::Config;
