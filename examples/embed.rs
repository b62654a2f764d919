//! The library as a product: a program of its own audits a log as `robots-audit` does, with
//! the same checks, reports and notes, in a few lines.
//!
//! `cargo run --example embed -- testdata/access.log.gz testdata/robots-dir > report.csv`
//! writes the violations report on standard output (the same bytes as
//! `testdata/expected/violations.csv`) and the run's notes on standard error.

use robots_audit::{Options, Plan, Silent, audit_files};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args_os().skip(1);
    let (Some(log), Some(robots_dir)) = (args.next(), args.next()) else {
        return Err("usage: embed LOG ROBOTS_DIR".into());
    };
    let options = Options {
        logs: vec![log.into()],
        robots_dir: Some(robots_dir.into()),
        ..Options::default()
    };
    let plan = Plan::new(&options)?;
    let outcome = audit_files(&plan, &Silent, &mut |note| eprintln!("{note}"))?;
    eprintln!("{} rows, exit status {}", outcome.rows, outcome.code);
    Ok(())
}
