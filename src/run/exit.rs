//! The exit status of a run, the same for every front end (`robots-audit` and
//! `python -m robots_audit.spark`): a cron job or a CI step reads it.

/// Done; no violations asked about (or none found under `--fail-on-violations`).
pub const OK: u8 = 0;

/// Violations found under `--fail-on-violations`, or usage preference conflicts under
/// `--fail-on-conflicts`.
pub const VIOLATIONS: u8 = 1;

/// An error: the run could not be done, or its result could not be trusted (the previous
/// reports are kept).
pub const ERROR: u8 = 2;

/// Interrupted by SIGINT (Ctrl-C): 128 + 2, as a shell reports a process ended by the
/// signal. The temporary files are removed, the previous reports kept. (SIGTERM gives 143.)
pub const INTERRUPTED: u8 = 130;

#[cfg(test)]
mod tests {
    #[test]
    fn interrupted_is_what_a_shell_reports_for_sigint() {
        assert_eq!(i32::from(super::INTERRUPTED), 128 + libc::SIGINT);
    }
}
