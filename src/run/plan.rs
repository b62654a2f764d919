//! [`Plan`]: the options of a run, checked once, as the library's own settings. Everything a
//! user can get wrong in an option is found here, before anything is read or written, with
//! an [`OptionError`] naming the option; what follows may take the plan as valid.
//!
//! The part every worker needs, wherever it runs, is an [`AuditPlan`]: plain, serialisable
//! data, with the files it names (`--crawlers`, the saved IP-range lists and lists of AI
//! agents) already read, so that a machine that receives it builds the same registry and
//! verifier without reading a file. A Spark driver ships it to its executors as it is.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::Note;
use super::options::{
    LEAST_LINE_LENGTH, LEAST_MEMORY, OptionError, Options, Window, read_duration, read_size,
};
use super::timings::{Mark, Stage, StageTime};
use crate::audit::{AuditSettings, known_formats};
use crate::crawlers::{
    AgentLists, DnsOptions, RangeList, Registry, SavedLists, Verifier, ranges_for_audit,
    saved_for_audit,
};
use crate::fetch::{FetchOptions, Origin, ResolveOverride, Scheme};
use crate::input::Source;
use crate::logformat::{Format, JsonFields};
use crate::report::{CsvStyle, Report, ReportPaths, WriteSettings};

/// The most `--threads` a run takes: past a machine's cores more threads judge nothing
/// faster, and each holds a stack and a block of the log (a review's `--threads 100000`
/// ran out of memory starting them and hung).
pub const MAX_THREADS: usize = 1024;

/// What the audit itself needs, on every machine of a run: the settings, and the crawler
/// data read from the files the options name.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct AuditPlan {
    /// The audit's settings.
    pub settings: AuditSettings,
    /// `--crawlers`: the file and its text.
    pub crawlers: Option<(PathBuf, String)>,
    /// IP-range lists that replace the bundled ones (`--ranges-dir`, or `update-ranges`'
    /// saved copies).
    pub ranges: Vec<RangeList>,
    /// Lists of AI agents that replace the bundled snapshot (`--crawler-lists`, or
    /// `update-crawlers`' saved copies).
    pub agent_lists: SavedLists,
    /// `--verify-dns`: how reverse DNS is asked.
    pub dns: Option<DnsOptions>,
}

impl AuditPlan {
    /// [`AuditPlan::registry`] and [`AuditPlan::verifier`], made side by side: the verifier
    /// (its IP ranges parsed) and the crawler-user-agents list's patterns (compiled ahead of
    /// the first header that needs them) on a second thread while this one builds the
    /// registry. A run's start-up is then about the registry's build alone (on a log of 1,000
    /// lines, the three took 44 of its 61 M instructions one after another). With one
    /// thread asked for (`--threads 1`), or none to be had, they are made here in turn.
    /// Errors are the registry's first, as when made one after the other.
    pub fn registry_and_verifier(&self) -> Result<(Registry, Verifier), OptionError> {
        let helper = || {
            crate::crawlers::prepare_public_list();
            self.verifier()
        };
        std::thread::scope(|scope| {
            let spawned = (self.settings.threads > 1).then(|| {
                std::thread::Builder::new()
                    .name("robots-audit-start".into())
                    .spawn_scoped(scope, helper)
            });
            let registry = self.registry();
            let verifier = match spawned {
                Some(Ok(handle)) => match handle.join() {
                    Ok(verifier) => verifier,
                    Err(panic) => std::panic::resume_unwind(panic),
                },
                Some(Err(_)) | None => helper(),
            };
            Ok((registry?, verifier?))
        })
    }

    /// The crawler registry: built in, the lists of AI agents filling its gaps, `--crawlers`
    /// over all.
    pub fn registry(&self) -> Result<Registry, OptionError> {
        let lists = AgentLists::with_saved(&self.agent_lists)
            .map_err(|e| OptionError::new("--crawler-lists", e.to_string()))?;
        match &self.crawlers {
            None => Ok(Registry::with_lists(&lists)),
            Some((path, text)) => Registry::with_lists_and_text(&lists, Some(text))
                .map_err(|e| OptionError::new("--crawlers", e.with_path(path).to_string())),
        }
    }

    /// The verifier: the bundled IP-range lists with the plan's over them, and reverse DNS
    /// when asked for (its resolver is made here; nothing is sent).
    pub fn verifier(&self) -> Result<Verifier, OptionError> {
        let verifier = Verifier::with_ranges(self.ranges.iter().cloned());
        match &self.dns {
            None => Ok(verifier),
            #[cfg(feature = "net")]
            Some(opts) => crate::crawlers::DnsVerifier::new(opts.clone())
                .map(|dns| verifier.with_dns(dns))
                .map_err(|e| OptionError::new("--verify-dns", e.to_string())),
            #[cfg(not(feature = "net"))]
            Some(_) => Err(OptionError::new(
                "--verify-dns",
                "this build of the library has no network support",
            )),
        }
    }
}

/// What a run does about what it found, and how it speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Policy {
    /// `--fail-on-violations`: exit 1 when the violations report has a row.
    pub fail_on_violations: bool,
    /// `--fail-on-conflicts`: exit 1 when the preferences report has a row.
    pub fail_on_conflicts: bool,
    /// `--allow-empty`: an empty input, or a window that leaves out every request, is fine.
    pub allow_empty: bool,
    /// `--allow-damaged`: write the reports from the lines before an input's damage.
    pub allow_damaged: bool,
    /// Prefix cells a spreadsheet would run as a formula (not `--no-neutralize`).
    pub neutralize: bool,
    /// `--quiet`: only errors.
    pub quiet: bool,
    /// `--timings`: tell each stage's wall and CPU time at the end (under `--quiet` too).
    pub timings: bool,
}

/// A run, checked: what to read, how to audit it, where robots.txt comes from, which
/// reports to write and what to do about the result.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The logs given (files and standard input); a front end that reads its inputs its own
    /// way (Spark) gives none.
    pub inputs: Vec<Source>,
    /// What every worker needs.
    pub audit: AuditPlan,
    /// Where robots.txt comes from.
    pub fetch: FetchOptions,
    /// The reports asked for.
    pub reports: ReportPaths,
    /// What to do about the result.
    pub policy: Policy,
    /// What planning met that the user should hear of (a saved copy in the cache that could
    /// not be read, so the bundled snapshot serves instead).
    pub notes: Vec<Note>,
    /// How long [`Plan::new`] took (`--timings`' first stage).
    pub planned: StageTime,
}

impl Plan {
    /// Checks `options` and reads the files they name (`--crawlers`, the saved crawler
    /// data). The first option found wrong is the error.
    pub fn new(options: &Options) -> Result<Plan, OptionError> {
        let started = Mark::now();
        let o = options;
        let inputs: Vec<Source> = o
            .logs
            .iter()
            .map(|p| Source::from_arg(p.as_os_str()))
            .collect();
        if inputs.iter().filter(|s| matches!(s, Source::Stdin)).count() > 1 {
            return Err(OptionError::new(
                "<LOG>",
                "standard input ('-') can be given only once",
            ));
        }
        let format = match o.format.as_str() {
            "auto" => None,
            name => Some(name.parse::<Format>().map_err(|_| {
                OptionError::new(
                    "--format",
                    format!(
                        "unknown log format '{}' (known: auto, {})",
                        crate::text::terminal_cut(name, 100),
                        known_formats()
                    ),
                )
            })?),
        };
        let json_fields = if o.json_field.is_empty() {
            None
        } else if let Some(f) = format.filter(|f| *f != Format::NginxJson) {
            // Said of a format that has no keys: the user meant another format, or a log
            // read by the keys they gave.
            return Err(OptionError::new(
                "--json-field",
                format!(
                    "names nginx-json keys, and --format is {}: give --format nginx-json (or auto)",
                    f.name()
                ),
            ));
        } else {
            let mut fields = JsonFields::defaults().clone();
            for assignment in &o.json_field {
                fields
                    .set(assignment)
                    .map_err(|e| OptionError::new("--json-field", e))?;
            }
            Some(Arc::new(fields))
        };
        let scheme = match o.scheme.as_str() {
            "https" => Scheme::Https,
            "http" => Scheme::Http,
            other => {
                return Err(OptionError::new(
                    "--scheme",
                    format!(
                        "'{}' is neither http nor https",
                        crate::text::terminal_cut(other, 100)
                    ),
                ));
            }
        };
        let default_host = o
            .host
            .as_deref()
            .map(|h| {
                Origin::from_host(h.as_bytes(), scheme)
                    .map_err(|e| OptionError::new("--host", e.to_string()))
            })
            .transpose()?;
        let window = Window::read(o.since.as_deref(), o.until.as_deref())?;
        let leeway = read_duration("--leeway", &o.leeway)?;
        let threads = match o.threads {
            Some(0) => return Err(OptionError::new("--threads", "must be at least 1")),
            Some(n) if n > MAX_THREADS => {
                return Err(OptionError::new(
                    "--threads",
                    format!("at most {MAX_THREADS} (each holds a stack and a block of the log)"),
                ));
            }
            Some(n) => n,
            None => std::thread::available_parallelism().map_or(2, |n| n.get().min(MAX_THREADS)),
        };
        let settings = AuditSettings {
            format,
            json_fields,
            default_host,
            scheme,
            since_ms: window.since_ms,
            until_ms: window.until_ms,
            all_crawl_delay: o.all_crawl_delay,
            judge_automation: o.judge_automation,
            leeway_ms: i64::try_from(leeway.as_millis()).unwrap_or(i64::MAX),
            threads,
            memory_budget: read_size("--max-memory", &o.max_memory, LEAST_MEMORY)?,
            max_line_length: read_size("--max-line-length", &o.max_line_length, LEAST_LINE_LENGTH)?,
            ..AuditSettings::default()
        };
        let dns = dns_options(o)?;
        let crawlers = o
            .crawlers
            .as_ref()
            .map(|path| {
                std::fs::read_to_string(path)
                    .map(|text| (path.clone(), text))
                    .map_err(|e| {
                        OptionError::new(
                            "--crawlers",
                            format!("cannot read {}: {e}", path.display()),
                        )
                    })
            })
            .transpose()?;
        let mut notes = Vec::new();
        let (ranges, damaged) = ranges_for_audit(o.ranges_dir.as_deref())
            .map_err(|e| OptionError::new("--ranges-dir", e.to_string()))?;
        if let Some(e) = damaged {
            notes.push(Note::IgnoredSaved {
                what: "the saved IP ranges",
                why: e.to_string(),
            });
        }
        let (agent_lists, damaged) = saved_for_audit(o.crawler_lists.as_deref())
            .map_err(|e| OptionError::new("--crawler-lists", e.to_string()))?;
        if let Some(e) = damaged {
            notes.push(Note::IgnoredSaved {
                what: "the saved lists of AI agents",
                why: e.to_string(),
            });
        }
        let mut fetch = fetch_options(o)?;
        // A cached robots.txt stands for the logs only if fetched after their last line; logs
        // a front end reads its own way (none given here) may run up to now.
        let now = crate::fetch::unix_now();
        fetch.logs_written_until = Some(
            inputs
                .iter()
                .map(|s| s.written_until(now))
                .max()
                .unwrap_or(now),
        );
        let mut reports = ReportPaths::default();
        for (report, path) in [
            (Report::Violations, &o.out),
            (Report::Summary, &o.summary),
            (Report::Hosts, &o.hosts),
            (Report::Spoofed, &o.spoofed),
            (Report::Inputs, &o.inputs),
            (Report::Html, &o.html),
            (Report::Preferences, &o.preferences),
        ] {
            if let Some(path) = path {
                reports.set(report, path.clone());
            }
        }
        check_reports_spare_read_files(o, &reports)?;
        Ok(Plan {
            inputs,
            audit: AuditPlan {
                settings,
                crawlers,
                ranges,
                agent_lists,
                dns,
            },
            fetch,
            reports,
            policy: Policy {
                fail_on_violations: o.fail_on_violations,
                fail_on_conflicts: o.fail_on_conflicts,
                allow_empty: o.allow_empty,
                allow_damaged: o.allow_damaged,
                neutralize: !o.no_neutralize,
                quiet: o.quiet,
                timings: o.timings,
            },
            notes,
            planned: started.stage_to_now(Stage::Plan),
        })
    }

    /// The input files to check before the run ([`super::check_files`]): the logs given,
    /// standard input as `/dev/stdin` (a log redirected with `<` is then the file it is).
    pub fn input_paths(&self) -> Vec<&Path> {
        self.inputs
            .iter()
            .map(|s| match s {
                Source::Path(p) => p.as_path(),
                Source::Stdin => Path::new("/dev/stdin"),
            })
            .collect()
    }

    /// The names of the inputs given, in order (the `--inputs` report's order).
    pub fn input_names(&self) -> Vec<String> {
        self.inputs.iter().map(Source::name).collect()
    }

    /// How the reports are written: the cells, and the HTML page's share of `--max-memory`
    /// (a quarter) before its table of paths sorts on disk.
    pub fn write_settings(&self) -> WriteSettings {
        WriteSettings {
            style: CsvStyle {
                neutralize: self.policy.neutralize,
            },
            html_memory: self.audit.settings.memory_budget / 4,
        }
    }
}

/// `--verify-dns` and its servers and timeout; `--dns-server` without it is an error.
fn dns_options(o: &Options) -> Result<Option<DnsOptions>, OptionError> {
    if !o.verify_dns {
        if !o.dns_server.is_empty() {
            return Err(OptionError::new("--dns-server", "requires --verify-dns"));
        }
        return Ok(None);
    }
    let servers = o
        .dns_server
        .iter()
        .map(|a| {
            DnsOptions::parse_server(a).ok_or_else(|| {
                OptionError::new(
                    "--dns-server",
                    format!(
                        "'{}' is not an address (1.2.3.4, 1.2.3.4:5353, [::1]:53)",
                        crate::text::terminal_cut(a, 100)
                    ),
                )
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    if !(o.dns_timeout.is_finite() && o.dns_timeout > 0.0 && o.dns_timeout <= 60.0) {
        return Err(OptionError::new(
            "--dns-timeout",
            format!(
                "must be more than 0 and at most 60 seconds, not {}",
                o.dns_timeout
            ),
        ));
    }
    Ok(Some(DnsOptions {
        nameservers: (!servers.is_empty()).then_some(servers),
        timeout: Duration::from_secs_f64(o.dns_timeout),
        ..DnsOptions::default()
    }))
}

/// Where robots.txt comes from (the audit's and the `fetch` command's options): saved
/// copies, or the network with its cache, limits and address guard.
pub fn fetch_options(o: &Options) -> Result<FetchOptions, OptionError> {
    let resolve = o
        .resolve
        .iter()
        .map(|r| {
            ResolveOverride::parse(r).map_err(|_| {
                OptionError::new(
                    "--resolve",
                    format!(
                        "{:?}: expected HOST:PORT:ADDRESS",
                        crate::text::terminal_cut(r, 200)
                    ),
                )
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    // The patterns are only read when something is fetched (with the network).
    #[cfg(feature = "net")]
    for pattern in &o.allow_host {
        crate::fetch::allow::HostAllowList::new(std::slice::from_ref(pattern)).map_err(|_| {
            OptionError::new(
                "--allow-host",
                format!(
                    "{:?}: expected a host or *.domain",
                    crate::text::terminal_cut(pattern, 200)
                ),
            )
        })?;
    }
    if o.fetch_concurrency == 0 {
        return Err(OptionError::new(
            "--fetch-concurrency",
            "must be at least 1",
        ));
    }
    if o.no_cache && o.cache_dir.is_some() {
        return Err(OptionError::new(
            "--cache-dir",
            "and --no-cache contradict each other: give one",
        ));
    }
    let cache_dir = if o.no_cache || o.robots_dir.is_some() {
        None
    } else {
        o.cache_dir.clone().or_else(crate::net::default_cache_dir)
    };
    Ok(FetchOptions {
        robots_dir: o.robots_dir.clone(),
        resolve,
        allow_private: o.allow_private,
        allow_hosts: o.allow_host.clone(),
        max_origins: o.max_origins,
        cache_dir,
        total_timeout: Duration::from_secs(o.timeout.max(1)),
        concurrency: o.fetch_concurrency,
        budget: Duration::from_secs(o.fetch_budget),
        ..FetchOptions::default()
    })
}

/// No report may be written over a file the run reads besides its logs (which
/// [`super::check_files`] compares): a saved robots.txt in a host folder of `--robots-dir`
/// (files beside the host folders are not read), a saved list in `--ranges-dir` or
/// `--crawler-lists`, the `--crawlers` file. The next run would read the report as one of
/// them.
fn check_reports_spare_read_files(o: &Options, reports: &ReportPaths) -> Result<(), OptionError> {
    // Each folder, and how deep below it the files it reads are (1: in it).
    let folders = [
        ("--robots-dir", &o.robots_dir, 2),
        ("--ranges-dir", &o.ranges_dir, 1),
        ("--crawler-lists", &o.crawler_lists, 1),
    ];
    for (option, path) in reports.outputs() {
        // Where the report will be written: an existing file (through its links), or the
        // folder it will be made in, as it is on disk, and its name.
        let folder_of = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        let place = match std::fs::canonicalize(path) {
            Ok(place) => place,
            Err(_) => match (std::fs::canonicalize(folder_of), path.file_name()) {
                (Ok(parent), Some(name)) => parent.join(name),
                // A folder that is not there: the report cannot be made, as opening it says.
                _ => continue,
            },
        };
        for (folder_option, folder, depth) in folders {
            let Some(folder) = folder else { continue };
            if let Ok(folder) = std::fs::canonicalize(folder)
                && place
                    .strip_prefix(&folder)
                    .is_ok_and(|below| below.components().count() >= depth)
            {
                return Err(OptionError::new(
                    option,
                    format!(
                        "{} is inside {folder_option} {}: a report must not be written among \
                         the files the run reads",
                        path.display(),
                        folder.display()
                    ),
                ));
            }
        }
        if let Some(crawlers) = &o.crawlers
            && std::fs::canonicalize(crawlers).is_ok_and(|c| c == place)
        {
            return Err(OptionError::new(
                option,
                format!(
                    "{} is the --crawlers file: a report must not replace a file the run reads",
                    path.display()
                ),
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(set: impl FnOnce(&mut Options)) -> Result<Plan, OptionError> {
        let mut o = Options {
            no_cache: true,
            ranges_dir: None,
            ..Options::default()
        };
        set(&mut o);
        Plan::new(&o)
    }

    /// A report inside a folder the run reads, or over the `--crawlers` file, is refused: the
    /// next run would read it as a saved robots.txt or list.
    #[test]
    fn reports_are_refused_among_the_files_the_run_reads() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let robots = dir.path().join("robots");
        std::fs::create_dir_all(robots.join("example.com")).expect("a host folder");
        let saved = robots.join("example.com/robots.txt");
        std::fs::write(&saved, "User-agent: *\n").expect("a saved robots.txt");
        let crawlers = dir.path().join("crawlers.toml");
        std::fs::write(&crawlers, "").expect("a crawlers file");
        for (out, option) in [
            (saved.clone(), "--robots-dir"),
            (robots.join("example.com/new.csv"), "--robots-dir"),
            (crawlers.clone(), "--crawlers"),
        ] {
            let err = plan(|o| {
                o.robots_dir = Some(robots.clone());
                o.crawlers = Some(crawlers.clone());
                o.summary = Some(out.clone());
            })
            .expect_err("refused");
            assert_eq!(err.option, "--summary");
            assert!(err.problem.contains(option), "{}", err.problem);
        }
        for beside in [dir.path().join("summary.csv"), robots.join("summary.csv")] {
            let ok = plan(|o| {
                o.robots_dir = Some(robots.clone());
                o.summary = Some(beside.clone());
            });
            assert!(
                ok.is_ok(),
                "{beside:?}: files beside the host folders are not read"
            );
        }
    }

    /// Options that contradict each other are refused, naming one (a review found them
    /// accepted, one of them silently ignored).
    #[test]
    fn contradicting_options_are_refused() {
        let err = plan(|o| {
            o.format = "combined".into();
            o.json_field = vec!["host=h".into()];
        })
        .unwrap_err();
        assert_eq!(err.option, "--json-field");
        assert!(err.problem.contains("--format is combined"), "{err:?}");
        for format in ["auto", "nginx-json"] {
            let p = plan(|o| {
                o.format = format.into();
                o.json_field = vec!["host=h".into()];
            });
            assert!(p.is_ok(), "{format}");
        }
        let err = plan(|o| {
            o.no_cache = true;
            o.cache_dir = Some("cache".into());
        })
        .unwrap_err();
        assert_eq!(err.option, "--cache-dir");
    }

    #[test]
    fn defaults_make_a_plan() {
        let p = plan(|_| {}).unwrap();
        assert_eq!(p.audit.settings.leeway_ms, 24 * 3_600_000);
        assert_eq!(p.audit.settings.memory_budget, 128 << 20);
        assert_eq!(p.reports.get(Report::Violations), None);
        assert!(p.policy.neutralize && !p.policy.quiet);
        assert_eq!(p.fetch.cache_dir, None);
    }

    /// `--timings` begins with the planning, timed by `Plan::new` itself; without the flag the
    /// stopwatch keeps nothing.
    #[test]
    fn the_timings_begin_with_the_plan() {
        let p = plan(|o| o.timings = true).unwrap();
        assert_eq!(p.planned.stage, Stage::Plan);
        let watch = super::super::Stopwatch::after(&p);
        watch.lap(Stage::StartUp);
        let t = watch.timings().expect("asked for");
        assert_eq!(t.stages[0], p.planned);
        assert_eq!(t.stages[1].stage, Stage::StartUp);
        assert_eq!(t.stages.len(), 2);
        let p = plan(|_| {}).unwrap();
        assert_eq!(super::super::Stopwatch::after(&p).timings(), None);
    }

    #[test]
    fn each_bad_option_is_named() {
        type Set = Box<dyn FnOnce(&mut Options)>;
        let cases: Vec<(&str, Set)> = vec![
            ("--format", Box::new(|o| o.format = "nope".into())),
            (
                "--json-field",
                Box::new(|o| o.json_field = vec!["nope".into()]),
            ),
            ("--scheme", Box::new(|o| o.scheme = "ftp".into())),
            ("--host", Box::new(|o| o.host = Some("exa mple.com".into()))),
            ("--since", Box::new(|o| o.since = Some("soon".into()))),
            ("--leeway", Box::new(|o| o.leeway = "soon".into())),
            ("--threads", Box::new(|o| o.threads = Some(0))),
            ("--threads", Box::new(|o| o.threads = Some(MAX_THREADS + 1))),
            ("--max-memory", Box::new(|o| o.max_memory = "1K".into())),
            (
                "--max-line-length",
                Box::new(|o| o.max_line_length = "12".into()),
            ),
            (
                "--dns-server",
                Box::new(|o| o.dns_server = vec!["1.1.1.1".into()]),
            ),
            (
                "--dns-timeout",
                Box::new(|o| {
                    o.verify_dns = true;
                    o.dns_timeout = 0.0;
                }),
            ),
            ("--resolve", Box::new(|o| o.resolve = vec!["nope".into()])),
            #[cfg(feature = "net")]
            (
                "--allow-host",
                Box::new(|o| o.allow_host = vec!["a b".into()]),
            ),
            ("--fetch-concurrency", Box::new(|o| o.fetch_concurrency = 0)),
            (
                "--crawlers",
                Box::new(|o| o.crawlers = Some("/nonexistent/c.toml".into())),
            ),
            (
                "--ranges-dir",
                Box::new(|o| o.ranges_dir = Some("/nonexistent".into())),
            ),
            ("<LOG>", Box::new(|o| o.logs = vec!["-".into(), "-".into()])),
        ];
        for (option, set) in cases {
            let e = plan(set).unwrap_err();
            assert_eq!(e.option, option, "{e}");
            assert!(e.to_string().starts_with(&format!("{option}: ")), "{e}");
        }
    }

    #[test]
    fn registry_and_verifier_made_side_by_side_are_those_made_in_turn() {
        // Side by side, and in turn on the one thread asked for.
        for threads in [2, 1] {
            made_side_by_side_or_in_turn(threads);
        }
    }

    fn made_side_by_side_or_in_turn(threads: usize) {
        use crate::crawlers::{Identity, Verification};
        let p = plan(|o| o.threads = Some(threads)).unwrap();
        assert_eq!(p.audit.settings.threads, threads);
        let (registry, verifier) = p.audit.registry_and_verifier().unwrap();
        let alone = p.audit.registry().unwrap();
        assert_eq!(registry.len(), alone.len());
        // A registry crawler, a client only the public list names (its patterns compiled on
        // the helper thread), a browser.
        for ua in [
            &b"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"[..],
            b"Xenu Link Sleuth/1.3.8",
            b"Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
        ] {
            assert_eq!(registry.identify(ua), alone.identify(ua));
        }
        assert!(matches!(
            registry.identify(b"Xenu Link Sleuth/1.3.8"),
            Identity::Unknown(_)
        ));
        let googlebot = registry.by_name("Googlebot").unwrap();
        let check = |ip: &str| verifier.verify(&registry, googlebot, ip.parse().unwrap());
        assert_eq!(check("66.249.66.1"), Verification::Verified);
        assert_eq!(check("203.0.113.9"), Verification::Spoofed);
        // The registry's error, as when it is made first.
        let mut bad = p.audit.clone();
        bad.crawlers = Some(("c.toml".into(), "[[crawler]\n".into()));
        let e = bad.registry_and_verifier().unwrap_err();
        assert_eq!(e.option, "--crawlers", "{e}");
        assert!(e.to_string().contains("c.toml"), "{e}");
    }

    #[test]
    fn the_audit_plan_travels_as_bytes() {
        let p = plan(|o| {
            o.leeway = "90m".into();
            o.format = "nginx-json".into();
            o.host = Some("example.com".into());
            o.json_field = vec!["host=h".into()];
        })
        .unwrap();
        let bytes = postcard::to_allocvec(&p.audit).unwrap();
        let back: AuditPlan = postcard::from_bytes(&bytes).unwrap();
        assert_eq!(back.settings.leeway_ms, 90 * 60_000);
        assert_eq!(back.settings.format, Some(Format::NginxJson));
        assert_eq!(back.settings.default_host, p.audit.settings.default_host);
        assert_eq!(back.settings.json_fields, p.audit.settings.json_fields);
        assert_eq!(back.ranges, p.audit.ranges);
        back.registry().unwrap();
    }
}
