//! The main job: `robots-audit [OPTIONS] <LOG>...`. The run is the library's
//! ([`robots_audit::run::audit_files`]: checks, audit, reports, notes); this front end gives
//! it the console to report progress and notes to, and on a terminal adds a summary of the
//! violations per host.

use robots_audit::run::{self, Outcome, Plan, RunError};
use robots_audit::text::{self, thousands};

use crate::console::{Console, say};

/// Hosts listed in the terminal summary.
const SUMMARY_HOSTS: usize = 10;
/// Crawlers listed per host in the terminal summary.
const SUMMARY_CRAWLERS: usize = 5;

/// Runs the audit; gives the exit status.
pub fn run(plan: &Plan, console: &Console) -> Result<u8, RunError> {
    let outcome = run::audit_files(plan, console, &mut |note| console.show(&note))?;
    if console.is_interactive() {
        print_hosts(&outcome);
    }
    Ok(outcome.code)
}

/// A host in the terminal summary: its name, violating requests, and crawlers by requests.
type HostTally<'a> = (&'a str, u64, Vec<(&'a str, u64)>);

/// On a terminal, after the totals: per host (the most violating requests first) the
/// crawlers with the most violating requests.
fn print_hosts(outcome: &Outcome) {
    let mut hosts: Vec<HostTally<'_>> = outcome
        .tally
        .iter()
        .map(|(host, crawlers)| {
            let mut top: Vec<(&str, u64)> = crawlers.iter().map(|(c, n)| (&**c, *n)).collect();
            top.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
            (&**host, top.iter().map(|c| c.1).sum(), top)
        })
        .collect();
    hosts.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    for (host, requests, top) in hosts.iter().take(SUMMARY_HOSTS) {
        let list: Vec<String> = top
            .iter()
            .take(SUMMARY_CRAWLERS)
            .map(|(c, n)| format!("{} {}", text::terminal(c), thousands(*n)))
            .collect();
        say!(
            "  {}: {} violating requests ({})",
            text::terminal(host),
            thousands(*requests),
            list.join(", ")
        );
    }
    if hosts.len() > SUMMARY_HOSTS {
        say!(
            "  … and {} more hosts with violations (see the report)",
            hosts.len() - SUMMARY_HOSTS
        );
    }
}
