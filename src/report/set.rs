//! The reports of a run, as one: [`ReportSet`] opens every report asked for before the work
//! starts (so an unwritable path fails at once), writes them all from the rows, and puts them
//! in place together only when every one is complete. A run that fails in between (damaged
//! input, a sorted run that does not come back, a full disk) drops the set, and every
//! previous report stays as it was (docs/reports.md, "Atomic replacement").
//!
//! Every front end (the CLI, the Spark driver, a program embedding the library) writes its
//! reports through this one type. A new report is one [`Report`] variant: its option, and
//! the one line in [`ReportSet::write`] that writes it from the [`Page`]. The two reports
//! whose rows stream (never all in memory) are written as they come: the preferences report
//! by [`ReportSet::write_preferences`] (which gives the page its conflicts table), then the
//! violations report by [`ReportSet::write`].

use std::borrow::Borrow;
use std::path::{Path, PathBuf};

use super::{
    ConflictDigest, CsvStyle, Limits, Output, Page, PathError, PreferenceRow, ReportError,
    ViolationDigest, ViolationRow, write_hosts, write_html, write_inputs, write_preferences,
    write_spoofed, write_summary, write_violations,
};
use crate::extsort::SortError;

/// A report a run can write.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Report {
    /// `--out`: the violations (standard output when no file is named, or `-`).
    Violations,
    /// `--preferences`: the usage preference conflicts.
    Preferences,
    /// `--summary`: one row per (host, crawler).
    Summary,
    /// `--hosts`: one row per host.
    Hosts,
    /// `--spoofed`: the block list.
    Spoofed,
    /// `--inputs`: one row per log file.
    Inputs,
    /// `--html`: the findings as one page.
    Html,
}

impl Report {
    /// Every report, in the order they are written.
    pub const ALL: [Report; 7] = [
        Report::Violations,
        Report::Preferences,
        Report::Summary,
        Report::Hosts,
        Report::Spoofed,
        Report::Inputs,
        Report::Html,
    ];

    /// The option that asks for it (what messages name it by).
    pub fn option(self) -> &'static str {
        match self {
            Report::Violations => "--out",
            Report::Preferences => "--preferences",
            Report::Summary => "--summary",
            Report::Hosts => "--hosts",
            Report::Spoofed => "--spoofed",
            Report::Inputs => "--inputs",
            Report::Html => "--html",
        }
    }
}

/// The files a run writes its reports to, by report. The violations report, when not given
/// a file, goes to standard output; the others are written only when asked for. A path of
/// `-` is standard output, for any report (one report at most can have it:
/// [`ReportPaths::check_stdout`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReportPaths {
    paths: Vec<(Report, PathBuf)>,
}

/// Whether a report's path is `-`: standard output.
fn is_stdout(path: &Path) -> bool {
    path.as_os_str() == "-"
}

impl ReportPaths {
    /// Asks for `report` in `path` (again: the last one wins).
    pub fn set(&mut self, report: Report, path: PathBuf) {
        self.paths.retain(|(r, _)| *r != report);
        self.paths.push((report, path));
        self.paths.sort_by_key(|(r, _)| *r);
    }

    /// The file of `report`, if one was asked for.
    pub fn get(&self, report: Report) -> Option<&Path> {
        self.paths
            .iter()
            .find(|(r, _)| *r == report)
            .map(|(_, p)| p.as_path())
    }

    /// Every report asked for with its file, as (option, path), for
    /// [`super::check_paths`]: those written to standard output (`-`) are not files.
    pub fn outputs(&self) -> Vec<(&'static str, &Path)> {
        self.paths
            .iter()
            .filter(|(_, p)| !is_stdout(p))
            .map(|(r, p)| (r.option(), p.as_path()))
            .collect()
    }

    /// Whether a report goes to a file other than standard output itself (`-`, or a path
    /// such as `/dev/stdout` naming what standard output is): what a closed standard output
    /// would leave unreplaced.
    pub fn writes_files(&self) -> bool {
        let stdout = super::paths::stdout_identity();
        self.outputs()
            .iter()
            .any(|(_, p)| !stdout.is_some_and(|id| super::paths::is_file(p, id)))
    }

    /// `report`'s name in messages when it is written to standard output itself: the
    /// violations report without `--out`, any report given as `-`.
    fn streamed(&self, report: Report) -> Option<String> {
        match (report, self.get(report)) {
            (Report::Violations, None) => Some("the violations report (no --out)".to_string()),
            (_, Some(p)) if is_stdout(p) => Some(format!("{} -", report.option())),
            _ => None,
        }
    }

    /// Checks that at most one report goes to standard output: the violations report when
    /// `--out` names no file, any report whose path is `-`, and any whose path is standard
    /// output itself (`/dev/stdout`, or the file standard output is redirected to). Two
    /// would be mixed there, or one written into a file the other then replaces.
    pub fn check_stdout(&self, inputs: &[&Path]) -> Result<(), PathError> {
        let stdout = super::paths::stdout_identity();
        // The report written to standard output itself: not into a log of the run
        // (`>> access.log`).
        if let Some(report) = Report::ALL.into_iter().find_map(|r| self.streamed(r)) {
            let log = stdout.and_then(|id| inputs.iter().find(|i| super::paths::is_file(i, id)));
            if let Some(log) = log {
                return Err(PathError::StdoutIsInput {
                    report,
                    input: log.to_path_buf(),
                });
            }
        }
        let mut on_stdout = Report::ALL.into_iter().filter_map(|report| {
            match (self.streamed(report), self.get(report)) {
                (Some(name), _) => Some(name),
                (None, Some(p)) if stdout.is_some_and(|id| super::paths::is_file(p, id)) => {
                    Some(format!(
                        "{} {} (standard output itself)",
                        report.option(),
                        p.display()
                    ))
                }
                _ => None,
            }
        });
        match (on_stdout.next(), on_stdout.next()) {
            (Some(first), Some(second)) => Err(PathError::SharedStdout { first, second }),
            _ => Ok(()),
        }
    }
}

/// How the reports are written.
#[derive(Clone, Copy, Debug)]
pub struct WriteSettings {
    /// The CSV cells.
    pub style: CsvStyle,
    /// Bytes the HTML page's table of paths may take before it sorts on disk.
    pub html_memory: usize,
}

/// The report files of a run, open (as temporary files) until [`ReportSet::commit`] puts
/// them in place together.
pub struct ReportSet {
    /// The violations report: a file, or standard output.
    violations: Output,
    /// The other reports asked for, in [`Report::ALL`] order.
    others: Vec<(Report, Output)>,
}

impl ReportSet {
    /// Opens every report of `paths`: temporary files beside their targets, nothing
    /// replaced yet (standard output for the violations report without a file and for any
    /// report given as `-`; [`ReportPaths::check_stdout`] is the caller's, through
    /// `run::check_files`). An error names the report's file.
    pub fn open(paths: &ReportPaths) -> Result<ReportSet, ReportError> {
        let violations = match paths.get(Report::Violations) {
            Some(p) if !is_stdout(p) => Output::create(p)?,
            _ => Output::stdout(),
        };
        let mut others = Vec::new();
        for report in Report::ALL {
            if let (false, Some(path)) = (report == Report::Violations, paths.get(report)) {
                let out = if is_stdout(path) {
                    Output::stdout()
                } else {
                    Output::create(path)?
                };
                others.push((report, out));
            }
        }
        Ok(ReportSet { violations, others })
    }

    /// Whether `report` is among those written.
    pub fn has(&self, report: Report) -> bool {
        report == Report::Violations || self.others.iter().any(|(r, _)| *r == report)
    }

    /// Writes the preferences report (when asked for) as `rows` stream by, and gives their
    /// digest: the row and request counts and the top rows, for the HTML page's conflicts
    /// table and for `--fail-on-conflicts`. A row that cannot be read ends it with
    /// [`ReportError::Rows`]; any other error names the report's file. Nothing is in place
    /// until [`ReportSet::commit`].
    pub fn write_preferences(
        &mut self,
        rows: impl IntoIterator<Item = Result<impl Borrow<PreferenceRow>, SortError>>,
        style: CsvStyle,
    ) -> Result<ConflictDigest, ReportError> {
        let mut digest = ConflictDigest::new(Limits::default());
        let rows = rows
            .into_iter()
            .map(|row| row.inspect(|r| digest.add(r.borrow())));
        match self
            .others
            .iter_mut()
            .find(|(r, _)| *r == Report::Preferences)
        {
            Some((_, out)) => {
                write_preferences(&mut *out, rows, style).map_err(|e| e.named(out.name()))?;
            }
            None => {
                for row in rows {
                    row.map_err(ReportError::Rows)?;
                }
            }
        }
        Ok(digest)
    }

    /// Writes every report: the violations as `rows` stream by (never all in memory; the
    /// HTML page takes what it shows as they go), then the others from `page`. Gives the
    /// violations report's rows. A row that cannot be read ends it with
    /// [`ReportError::Rows`]; any other error names the report's file. Nothing is in place
    /// until [`ReportSet::commit`].
    pub fn write(
        &mut self,
        rows: impl IntoIterator<Item = Result<impl Borrow<ViolationRow>, SortError>>,
        page: &Page<'_>,
        settings: WriteSettings,
    ) -> Result<usize, ReportError> {
        let style = settings.style;
        let mut digest = self
            .has(Report::Html)
            .then(|| ViolationDigest::new(Limits::default(), settings.html_memory));
        let rows = rows.into_iter().map(|row| {
            row.inspect(|r| {
                if let Some(d) = &mut digest {
                    d.add(r.borrow());
                }
            })
        });
        let out = &mut self.violations;
        let written = write_violations(&mut *out, rows, style).map_err(|e| e.named(out.name()))?;
        for (report, out) in &mut self.others {
            let w = &mut *out;
            match report {
                Report::Violations | Report::Preferences => Ok(()),
                Report::Summary => write_summary(w, page.summary, style),
                Report::Hosts => write_hosts(w, page.hosts, style),
                Report::Spoofed => write_spoofed(w, page.spoofed, style),
                Report::Inputs => write_inputs(w, page.inputs, style),
                Report::Html => match digest.take() {
                    Some(digest) => write_html(w, page, digest),
                    None => Ok(()),
                },
            }
            .map_err(|e| e.named(out.name()))?;
        }
        Ok(written)
    }

    /// Puts every report in place: all synced (side by side), then, once every one is on
    /// disk, all renamed over their targets ([`Output::commit_all`]). A report that cannot
    /// be written whole leaves every previous report as it was.
    pub fn commit(self) -> Result<(), ReportError> {
        let mut outputs = vec![self.violations];
        outputs.extend(self.others.into_iter().map(|(_, out)| out));
        Output::commit_all(outputs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_report_has_its_own_option() {
        let options: std::collections::BTreeSet<&str> =
            Report::ALL.iter().map(|r| r.option()).collect();
        assert_eq!(options.len(), Report::ALL.len());
        let mut sorted = Report::ALL;
        sorted.sort();
        assert_eq!(sorted, Report::ALL, "ALL is in written order");
    }

    #[test]
    fn paths_keep_one_file_per_report_in_order() {
        let mut paths = ReportPaths::default();
        paths.set(Report::Html, "a.html".into());
        paths.set(Report::Summary, "s.csv".into());
        paths.set(Report::Html, "b.html".into());
        assert_eq!(
            paths.outputs(),
            vec![
                ("--summary", Path::new("s.csv")),
                ("--html", Path::new("b.html"))
            ]
        );
        assert_eq!(paths.get(Report::Violations), None);
    }

    #[test]
    fn nothing_is_in_place_before_commit_and_all_is_after() {
        let dir = tempfile::tempdir().unwrap();
        let mut paths = ReportPaths::default();
        for (report, name) in [
            (Report::Violations, "v.csv"),
            (Report::Summary, "s.csv"),
            (Report::Inputs, "i.csv"),
            (Report::Html, "r.html"),
            (Report::Preferences, "p.csv"),
        ] {
            paths.set(report, dir.path().join(name));
        }
        std::fs::write(dir.path().join("s.csv"), b"old").unwrap();
        let settings = WriteSettings {
            style: CsvStyle { neutralize: true },
            html_memory: 1 << 20,
        };
        let mut set = ReportSet::open(&paths).unwrap();
        let no_conflicts: Vec<Result<PreferenceRow, SortError>> = Vec::new();
        let conflicts = set.write_preferences(no_conflicts, settings.style).unwrap();
        assert_eq!(conflicts.rows(), 0);
        let page = Page {
            inputs: &[],
            summary: &[],
            hosts: &[],
            spoofed: &[],
            activity: &[],
            activity_bin_ms: 60_000,
            too_old_to_verify: 0,
            spoofed_by_old_lists: 0,
            leeway_ms: 0,
            conflicts: &conflicts,
            warnings: &[],
            delay_checked: &std::collections::BTreeSet::new(),
        };
        let none: Vec<Result<ViolationRow, SortError>> = Vec::new();
        assert_eq!(set.write(none, &page, settings).unwrap(), 0);
        assert_eq!(std::fs::read(dir.path().join("s.csv")).unwrap(), b"old");
        assert!(!dir.path().join("v.csv").exists());
        set.commit().unwrap();
        assert!(
            std::fs::read_to_string(dir.path().join("s.csv"))
                .unwrap()
                .starts_with("host,")
        );
        assert!(
            std::fs::read_to_string(dir.path().join("p.csv"))
                .unwrap()
                .starts_with("host,crawler,operator,category,user_agent,group,key,")
        );
        assert!(
            std::fs::read_to_string(dir.path().join("r.html"))
                .unwrap()
                .contains("<html")
        );
        // A set dropped unwritten leaves the reports in place as they were.
        let before = std::fs::read(dir.path().join("v.csv")).unwrap();
        drop(ReportSet::open(&paths).unwrap());
        assert_eq!(std::fs::read(dir.path().join("v.csv")).unwrap(), before);
    }
}
