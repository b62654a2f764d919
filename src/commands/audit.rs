//! The main job: `robots-audit [OPTIONS] <LOG>...`. Validates everything a user can get wrong
//! before anything is read or written, runs the library's [`Auditor`], and writes the reports
//! (each to a temporary file, all renamed into place together only when every one is
//! complete). Decides the exit status the way a cron job needs it: a run whose result cannot be
//! trusted (damaged or empty input, no host with crawler traffic judged) fails and keeps the
//! previous reports.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use anyhow::{Context, bail};

use robots_audit::audit::{AuditError, Auditor, Findings, InputCounts};
use robots_audit::crawlers::{AgentLists, DnsVerifier, Registry, Verifier, default_ranges_dir};
use robots_audit::fetch::{RobotsSource, RobotsStore};
use robots_audit::input::Source;
use robots_audit::report::{self, CsvStyle, Output};
use robots_audit::text;

use crate::config::Config;
use crate::console::Console;
use robots_audit::text::thousands;

/// Exit status: done, no violations asked about.
pub const OK: u8 = 0;
/// Exit status: violations found under `--fail-on-violations`.
pub const VIOLATIONS: u8 = 1;
/// Exit status: an error.
pub const ERROR: u8 = 2;

/// Said when the requests kept for the end (sorted runs on disk) could not be read back.
const KEPT: &str = "cannot finish the audit (the previous reports are kept)";

/// Hosts not judged listed by name on standard error; the rest are counted (`--hosts` has
/// them all).
const NOT_JUDGED_SHOWN: usize = 5;
/// Hosts listed in the terminal summary.
const SUMMARY_HOSTS: usize = 10;

/// Runs the audit; gives the exit status.
pub fn run(config: &Config, console: &Console) -> anyhow::Result<u8> {
    // Everything that can fail for a reason the user must fix is tried before the work starts.
    check_paths(config)?;
    let registry = registry(config, console)?;
    let verifier = verifier(config, console)?;
    let store = RobotsStore::new(config.fetch.clone())?;
    let mut outputs = Outputs::open(config)?;
    for w in store.warnings() {
        console.error(&format!(
            "warning: {}",
            text::terminal(w.as_bytes()).into_owned()
        ));
    }
    let store = Arc::new(store);
    let auditor = Auditor::new(
        config.settings.clone(),
        Arc::new(registry),
        Arc::new(verifier),
        store.clone() as Arc<dyn RobotsSource>,
    );
    let partial = auditor
        .audit_sources(&config.inputs, console)
        .map_err(with_hint)?;

    // A run whose result cannot be trusted writes nothing.
    let damaged: Vec<(&String, &InputCounts)> = partial
        .inputs
        .iter()
        .filter(|(_, c)| c.error.is_some())
        .collect();
    for (name, counts) in &damaged {
        console.error(&format!(
            "error: {}: {}",
            text::terminal(name.as_bytes()).into_owned(),
            text::terminal(counts.error.as_deref().unwrap_or_default().as_bytes()).into_owned()
        ));
    }
    if !damaged.is_empty() && !config.allow_damaged {
        bail!(
            "{} input{} could not be read to the end; the previous reports are kept \
             (--allow-damaged writes them from the lines before the damage)",
            damaged.len(),
            if damaged.len() == 1 { "" } else { "s" }
        );
    }
    let empty: Vec<String> = config
        .inputs
        .iter()
        .map(Source::name)
        .filter(|n| partial.inputs.get(n).is_none_or(|c| c.lines == 0))
        .collect();
    if !empty.is_empty() && !config.allow_empty {
        bail!(
            "{} is empty: no log lines at all (a failed step earlier in a pipeline looks like \
             this); the previous reports are kept (--allow-empty accepts empty input)",
            text::terminal(empty.join(", ").as_bytes()).into_owned()
        );
    }
    let mut findings = auditor.findings(partial).context(KEPT)?;
    for w in store.warnings() {
        console.error(&format!(
            "warning: {}",
            text::terminal(w.as_bytes()).into_owned()
        ));
    }
    check_judged(&findings, console)?;

    let (rows, tally) = outputs.write(config, &mut findings).map_err(|e| {
        // Rows that could not be read back: nothing of this run is written.
        if e.downcast_ref::<report::ReportError>()
            .is_some_and(|r| matches!(r, report::ReportError::Rows(_)))
        {
            e.context(KEPT)
        } else {
            e
        }
    })?;
    outputs.commit()?;
    print_notes(config, &findings, &auditor, console);
    if console.is_interactive() {
        print_terminal_summary(&findings, rows, &tally);
    }
    Ok(if config.fail_on_violations && rows > 0 {
        VIOLATIONS
    } else {
        OK
    })
}

/// An audit error with what to do about it on this command line.
fn with_hint(e: AuditError) -> anyhow::Error {
    let hint = match &e {
        AuditError::UnknownFormat { .. } => "; name it with --format",
        AuditError::NotALog { chosen: false, .. } => "; choose the format with --format",
        // The user named the format: another one may fit, or detection (no --format).
        AuditError::NotALog { chosen: true, .. } => {
            "; is it in another format? Name that one with --format, or leave --format out to detect it"
        }
        AuditError::NoHost { .. } => "; give the site's host with --host",
        AuditError::Spill { .. } => "; the previous reports are kept",
        _ => "",
    };
    anyhow::anyhow!("{e}{hint}")
}

/// Every input exists, is readable and is not a directory, none is given twice, and no
/// report would overwrite an input or another report (files compared by identity).
fn check_paths(config: &Config) -> anyhow::Result<()> {
    let stdin = Path::new("/dev/stdin");
    let inputs: Vec<&Path> = config
        .inputs
        .iter()
        .map(|s| match s {
            Source::Path(p) => p.as_path(),
            Source::Stdin => stdin,
        })
        .collect();
    let mut seen = BTreeMap::new();
    for path in &inputs {
        if let Some(id) = file_id(path)
            && let Some(first) = seen.insert(id, *path)
        {
            bail!(
                "{} and {} are the same file: each log can be given once",
                first.display(),
                path.display()
            );
        }
    }
    let outputs: Vec<(&str, &Path)> = [
        ("--out", &config.out),
        ("--summary", &config.summary),
        ("--hosts", &config.hosts),
        ("--spoofed", &config.spoofed),
        ("--inputs", &config.inputs_report),
        ("--html", &config.html),
    ]
    .into_iter()
    .filter_map(|(option, path)| Some((option, path.as_deref()?)))
    .collect();
    report::check_paths(&inputs, &outputs)?;
    Ok(())
}

/// A file's identity (device, inode), through symlinks.
fn file_id(path: &Path) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(path)
        .ok()
        .filter(|m| m.is_file())
        .map(|m| (m.dev(), m.ino()))
}

/// The crawler registry: built in, with the lists of AI agents `update-crawlers` saved (else
/// the bundled snapshot) filling its gaps, and `--crawlers` over all.
fn registry(config: &Config, console: &Console) -> anyhow::Result<Registry> {
    let (lists, damaged) =
        AgentLists::for_audit(config.crawler_lists.as_deref()).context("--crawler-lists")?;
    // A damaged cache is not worth stopping a nightly run for: the bundled snapshot is used.
    if let Some(e) = damaged {
        console.error(&format!(
            "warning: ignoring the saved lists of AI agents: {}",
            text::terminal(e.to_string().as_bytes()).into_owned()
        ));
    }
    Registry::with_lists_and(&lists, config.crawlers.as_deref()).context("--crawlers")
}

/// Crawler verification: published ranges (fresh copies from `update-ranges` when there are
/// any, else the bundled snapshot), and reverse DNS when asked for.
fn verifier(config: &Config, console: &Console) -> anyhow::Result<Verifier> {
    let mut verifier = match &config.ranges_dir {
        Some(dir) => Verifier::with_range_dir(dir).context("--ranges-dir")?,
        None => match default_ranges_dir().filter(|d| d.is_dir()) {
            // A damaged cache is not worth stopping a nightly run for: fall back to the
            // bundled snapshot and say so.
            Some(dir) => Verifier::with_range_dir(&dir).unwrap_or_else(|e| {
                console.error(&format!(
                    "warning: ignoring the saved IP ranges: {}",
                    text::terminal(e.to_string().as_bytes()).into_owned()
                ));
                Verifier::bundled()
            }),
            None => Verifier::bundled(),
        },
    };
    if let Some(opts) = &config.dns {
        verifier = verifier.with_dns(DnsVerifier::new(opts.clone()).context("--verify-dns")?);
    }
    Ok(verifier)
}

/// Hosts with crawler traffic that could not be judged: an error line (even under --quiet);
/// when none could be judged at all, the run fails.
fn check_judged(findings: &Findings, console: &Console) -> anyhow::Result<()> {
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
    let mut listed: Vec<String> = not_judged
        .iter()
        .take(NOT_JUDGED_SHOWN)
        .map(|(host, n, reason)| {
            format!(
                "{} ({} crawler requests): {}",
                text::terminal(host.as_bytes()).into_owned(),
                thousands(*n),
                text::terminal(reason.as_bytes()).into_owned()
            )
        })
        .collect();
    if not_judged.len() > NOT_JUDGED_SHOWN {
        listed.push(format!(
            "and {} more (--hosts lists them all)",
            not_judged.len() - NOT_JUDGED_SHOWN
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
        bail!("{what}; no host could be judged, so the previous reports are kept");
    }
    console.error(&format!("error: {what}"));
    Ok(())
}

/// The report files of a run, open as temporary files until committed together.
struct Outputs {
    out: Output,
    summary: Option<Output>,
    hosts: Option<Output>,
    spoofed: Option<Output>,
    inputs: Option<Output>,
    html: Option<Output>,
}

impl Outputs {
    fn open(config: &Config) -> anyhow::Result<Outputs> {
        let open = |p: &Option<std::path::PathBuf>| p.as_deref().map(Output::create).transpose();
        Ok(Outputs {
            out: match config.out.as_deref() {
                Some(p) => Output::create(p)?,
                None => Output::stdout(),
            },
            summary: open(&config.summary)?,
            hosts: open(&config.hosts)?,
            spoofed: open(&config.spoofed)?,
            inputs: open(&config.inputs_report)?,
            html: open(&config.html)?,
        })
    }

    /// Writes every report; gives the violations report's rows and their requests per host
    /// and crawler (taken as the rows stream by).
    fn write(
        &mut self,
        config: &Config,
        findings: &mut Findings,
    ) -> anyhow::Result<(usize, ViolationTally)> {
        let style = CsvStyle {
            neutralize: config.neutralize,
        };
        let mut tally = ViolationTally::default();
        // The page takes the rows as they go to the CSV: one pass, never all in memory. Its
        // table of paths sorts on disk past a quarter of --max-memory.
        let mut digest = self.html.is_some().then(|| {
            report::ViolationDigest::new(
                report::Limits::default(),
                config.settings.memory_budget / 4,
            )
        });
        let rows = findings.violations.by_ref().map(|r| {
            r.inspect(|r| {
                *tally
                    .entry(r.host.to_string())
                    .or_default()
                    .entry(r.crawler.to_string())
                    .or_default() += r.requests;
                if let Some(d) = &mut digest {
                    d.add(r);
                }
            })
        });
        let rows = report::write_violations(&mut self.out, rows, style)
            .map_err(|e| e.named(self.out.name()))?;
        let names: Vec<String> = config.inputs.iter().map(|s| s.name()).collect();
        let inputs = findings.input_rows(&names);
        if let Some(o) = &mut self.summary {
            report::write_summary(&mut *o, &findings.summary, style)
                .map_err(|e| e.named(o.name()))?;
        }
        if let Some(o) = &mut self.hosts {
            report::write_hosts(&mut *o, &findings.hosts, style).map_err(|e| e.named(o.name()))?;
        }
        if let Some(o) = &mut self.spoofed {
            report::write_spoofed(&mut *o, &findings.spoofed, style)
                .map_err(|e| e.named(o.name()))?;
        }
        if let Some(o) = &mut self.inputs {
            report::write_inputs(&mut *o, &inputs, style).map_err(|e| e.named(o.name()))?;
        }
        if let (Some(o), Some(digest)) = (&mut self.html, digest) {
            // The page's conflicts table takes the preference rows as they are made.
            let mut conflicts = report::ConflictDigest::new(report::Limits::default());
            for row in findings.preferences.by_ref() {
                conflicts.add(&row.map_err(report::ReportError::Rows)?);
            }
            let activity: Vec<report::ActivityBin<'_>> = findings
                .activity
                .iter()
                .map(|a| report::ActivityBin {
                    start_ms: a.start_ms,
                    host: &a.host,
                    crawler: &a.crawler,
                    kind: a.kind,
                    requests: a.requests,
                })
                .collect();
            let page = report::Page {
                inputs: &inputs,
                summary: &findings.summary,
                hosts: &findings.hosts,
                spoofed: &findings.spoofed,
                activity: &activity,
                activity_bin_ms: findings.activity_bin_ms,
                too_old_to_verify: findings.too_old_to_verify.requests,
                leeway_ms: config.settings.leeway_ms,
                conflicts: &conflicts,
            };
            report::write_html(&mut *o, &page, digest).map_err(|e| e.named(o.name()))?;
        }
        Ok((rows, tally))
    }

    fn commit(self) -> anyhow::Result<()> {
        for o in [
            Some(self.out),
            self.summary,
            self.hosts,
            self.spoofed,
            self.inputs,
            self.html,
        ]
        .into_iter()
        .flatten()
        {
            o.commit()?;
        }
        Ok(())
    }
}

/// Counts every user should see: malformed lines (with the first examples), lines outside
/// the window, requests without a host; DNS statistics.
fn print_notes(config: &Config, findings: &Findings, auditor: &Auditor, console: &Console) {
    for source in &config.inputs {
        let name = source.name();
        let Some(counts) = findings.inputs.get(&name) else {
            continue;
        };
        let name = text::terminal(name.as_bytes()).into_owned();
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
            console.note(&format!(
                "{name}: {} malformed lines skipped ({}){claims}",
                thousands(bad),
                reasons.join(", ")
            ));
            for (line, reason, example) in &counts.bad_examples {
                console.note(&format!("{name}:{line}: {}: {example}", reason.as_str()));
            }
        }
        if counts.no_host > 0 {
            console.note(&format!(
                "{name}: {} requests without a host skipped (give --host)",
                thousands(counts.no_host)
            ));
        }
        if counts.outside_window > 0 {
            console.note(&format!(
                "{name}: {} requests outside --since/--until skipped",
                thousands(counts.outside_window)
            ));
        }
    }
    if let Some(spilled) = &findings.spilled {
        console.note(&spilled.to_string());
    }
    let old = &findings.too_old_to_verify;
    if old.requests > 0 {
        let date = old
            .lists_date
            .map(|ms| text::rfc3339_ms(ms)[..10].to_string())
            .unwrap_or_default();
        let by_ranges = old.requests - old.dns;
        let mut what = Vec::new();
        if by_ranges > 0 {
            what.push(format!(
                "{} older than the crawler IP-range lists (of {date}) by more than 30 days",
                thousands(by_ranges)
            ));
        }
        if old.dns > 0 {
            what.push(format!(
                "{} too old for reverse DNS, which tells only where an address points today",
                thousands(old.dns)
            ));
        }
        console.note(&format!(
            "warning: {} crawler requests are marked unverifiable, not spoofed: {} (lists              describe the present; `robots-audit update-ranges` refreshes them)",
            thousands(old.requests),
            what.join("; ")
        ));
    }
    if let Some(dns) = auditor.verifier().dns() {
        let s = dns.stats();
        if let Some(why) = &s.untrusted {
            console.error(&format!(
                "warning: reverse DNS answers were not trusted, so what DNS would have judged is \
                 unverifiable, not spoofed: {} ({})",
                text::terminal(why.to_string().as_bytes()),
                if why.unanswered() {
                    "check --dns-server and the network"
                } else {
                    "a resolver that knows only internal names, such as split-horizon DNS, does \
                     this; name one that answers public names with --dns-server"
                }
            ));
        }
        console.note(&format!(
            "reverse DNS: {} PTR and {} forward queries, {} failed{}",
            s.ptr_queries,
            s.forward_queries,
            s.failures,
            if s.gave_up {
                "; DNS did not answer, so the rest were left unverifiable"
            } else {
                ""
            }
        ));
    }
}

/// Violating requests per host and crawler.
type ViolationTally = BTreeMap<String, BTreeMap<String, u64>>;

/// A host in the terminal summary: its name, violating requests, and crawlers by requests.
type HostTally<'a> = (&'a str, u64, Vec<(&'a str, u64)>);

/// On a terminal: labelled totals, then per host the crawlers with the most violating
/// requests.
fn print_terminal_summary(findings: &Findings, rows: usize, tally: &ViolationTally) {
    let crawler_requests: u64 = findings.hosts.iter().map(|h| h.crawler_requests).sum();
    let violating = findings.violating_requests();
    eprintln!(
        "robots-audit: requests read: {}; malformed lines: {}; crawler requests: {}; violating requests: {}; report rows: {}",
        thousands(findings.requests()),
        thousands(findings.bad_lines()),
        thousands(crawler_requests),
        thousands(violating),
        thousands(rows as u64)
    );
    let mut hosts: Vec<HostTally<'_>> = tally
        .iter()
        .map(|(host, crawlers)| {
            let host: &str = host;
            let mut top: Vec<(&str, u64)> =
                crawlers.iter().map(|(c, n)| (c.as_str(), *n)).collect();
            top.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
            (host, top.iter().map(|c| c.1).sum(), top)
        })
        .collect();
    hosts.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    for (host, requests, top) in hosts.iter().take(SUMMARY_HOSTS) {
        let list: Vec<String> = top
            .iter()
            .take(5)
            .map(|(c, n)| {
                format!(
                    "{} {}",
                    text::terminal(c.as_bytes()).into_owned(),
                    thousands(*n)
                )
            })
            .collect();
        eprintln!(
            "  {}: {} violating requests ({})",
            text::terminal(host.as_bytes()).into_owned(),
            thousands(*requests),
            list.join(", ")
        );
    }
    if hosts.len() > SUMMARY_HOSTS {
        eprintln!(
            "  … and {} more hosts with violations (see the report)",
            hosts.len() - SUMMARY_HOSTS
        );
    }
}
