//! The Spark job's options, as the Python side parsed them (the CLI's option names, raw
//! values), validated into the library's settings the way the CLI's `config.rs` validates
//! them, with messages naming the option.
//!
//! Two results: [`TaskSettings`], plain data shipped to every executor (serde), from which
//! each builds the same `AuditSettings`, registry and verifier; and the driver's own
//! [`DriverOptions`] (fetch settings, report paths, run-level switches).

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use pyo3::prelude::*;
use serde::{Deserialize, Serialize};

use robots_audit::audit::{AuditSettings, known_formats};
use robots_audit::crawlers::{
    AgentLists, DnsOptions, DnsVerifier, ListKind, RangeList, Registry, Verifier,
    default_ranges_dir, saved_for_audit,
};
use robots_audit::fetch::{FetchOptions, Origin, ResolveOverride, Scheme};
use robots_audit::logformat::{Format, JsonFields};
use robots_audit::units::{parse_duration, parse_instant, parse_size, parse_size_at_least};

/// The options as the Python side hands them over: a dict keyed by the CLI's option names
/// (dashes as underscores), values as typed on the command line.
#[derive(FromPyObject, Debug)]
#[pyo3(from_item_all)]
pub struct RawOptions {
    pub format: String,
    pub json_field: Vec<String>,
    pub host: Option<String>,
    pub scheme: String,
    pub robots_dir: Option<PathBuf>,
    pub resolve: Vec<String>,
    pub allow_private: bool,
    pub allow_host: Vec<String>,
    pub max_origins: usize,
    pub cache_dir: Option<PathBuf>,
    pub no_cache: bool,
    pub timeout: u64,
    pub fetch_concurrency: usize,
    pub fetch_budget: u64,
    pub crawlers: Option<PathBuf>,
    pub verify_dns: bool,
    pub dns_server: Vec<String>,
    pub dns_timeout: f64,
    pub ranges_dir: Option<PathBuf>,
    pub crawler_lists: Option<PathBuf>,
    pub since: Option<String>,
    pub until: Option<String>,
    pub leeway: String,
    pub max_line_length: String,
    pub max_memory: String,
    pub all_crawl_delay: bool,
    pub judge_automation: bool,
    pub allow_empty: bool,
    pub allow_damaged: bool,
    pub fail_on_violations: bool,
    pub no_neutralize: bool,
    pub quiet: bool,
    pub out: Option<PathBuf>,
    pub summary: Option<PathBuf>,
    pub inputs: Option<PathBuf>,
    pub spoofed: Option<PathBuf>,
    pub hosts: Option<PathBuf>,
}

/// What an executor needs to audit exactly as the CLI would: plain data, checked on the
/// driver so that building it again on an executor cannot fail.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct TaskSettings {
    format: Option<String>,
    json_fields: Vec<String>,
    default_host: Option<String>,
    https: bool,
    since_ms: Option<i64>,
    until_ms: Option<i64>,
    leeway_ms: i64,
    all_crawl_delay: bool,
    judge_automation: bool,
    /// `--max-line-length`, bytes.
    max_line_length: usize,
    /// `--max-memory`, bytes: each task's own budget (a task audits on one thread).
    memory_budget: usize,
    /// `--crawlers`: the file's text.
    crawlers_toml: Option<String>,
    /// IP range lists that replace the bundled ones: (name, JSON).
    ranges: Vec<(String, String)>,
    /// Lists of AI agents saved by `update-crawlers`: (list name, JSON), as the CLI reads them.
    agent_lists: Vec<(String, String)>,
    /// `--verify-dns`: the servers (empty: the system's) and the timeout.
    dns: Option<(Vec<SocketAddr>, Duration)>,
}

impl TaskSettings {
    fn scheme(&self) -> Scheme {
        if self.https {
            Scheme::Https
        } else {
            Scheme::Http
        }
    }

    /// The library's settings (one thread: a task audits one stream on its own thread).
    pub fn audit_settings(&self) -> Result<AuditSettings, String> {
        let format = self
            .format
            .as_deref()
            .map(|f| {
                f.parse::<Format>().map_err(|_| {
                    format!(
                        "--format: unknown log format '{f}' (known: auto, {})",
                        known_formats()
                    )
                })
            })
            .transpose()?;
        let json_fields = if self.json_fields.is_empty() {
            None
        } else {
            let mut fields = JsonFields::defaults().clone();
            for assignment in &self.json_fields {
                fields
                    .set(assignment)
                    .map_err(|e| format!("--json-field: {e}"))?;
            }
            Some(Arc::new(fields))
        };
        let default_host = self
            .default_host
            .as_deref()
            .map(|h| {
                Origin::from_host(h.as_bytes(), self.scheme()).map_err(|e| format!("--host: {e}"))
            })
            .transpose()?;
        Ok(AuditSettings {
            format,
            json_fields,
            default_host,
            scheme: self.scheme(),
            since_ms: self.since_ms,
            until_ms: self.until_ms,
            all_crawl_delay: self.all_crawl_delay,
            judge_automation: self.judge_automation,
            leeway_ms: self.leeway_ms,
            max_line_length: self.max_line_length,
            memory_budget: self.memory_budget,
            threads: 1,
            ..AuditSettings::default()
        })
    }

    /// The registry: built in, the saved lists of AI agents filling its gaps (else the
    /// bundled snapshot), plus `--crawlers`.
    pub fn registry(&self) -> Result<Registry, String> {
        let saved = self
            .agent_lists
            .iter()
            .map(|(name, text)| {
                ListKind::from_name(name)
                    .map(|kind| (kind, text.clone()))
                    .ok_or_else(|| format!("--crawler-lists: unknown list {name}"))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let lists = AgentLists::with_saved(&saved).map_err(|e| format!("--crawler-lists: {e}"))?;
        let mut registry = Registry::with_lists(&lists);
        if let Some(text) = &self.crawlers_toml {
            registry
                .load_extra(text)
                .map_err(|e| format!("--crawlers: {e}"))?;
        }
        Ok(registry)
    }

    /// The verifier: the bundled lists with the driver's fresher ones, and DNS if asked.
    pub fn verifier(&self) -> Result<Verifier, String> {
        let mut verifier = Verifier::bundled();
        for (name, json) in &self.ranges {
            verifier.insert(
                RangeList::from_json(name, json).map_err(|e| format!("--ranges-dir: {e}"))?,
            );
        }
        if let Some((servers, timeout)) = &self.dns {
            let opts = DnsOptions {
                nameservers: (!servers.is_empty()).then(|| servers.clone()),
                timeout: *timeout,
                ..DnsOptions::default()
            };
            let dns = DnsVerifier::new(opts).map_err(|e| format!("--verify-dns: {e}"))?;
            verifier = verifier.with_dns(dns);
        }
        Ok(verifier)
    }
}

/// The driver's side of the options.
#[derive(Debug)]
pub struct DriverOptions {
    pub task: TaskSettings,
    pub fetch: FetchOptions,
    pub out: Option<PathBuf>,
    pub summary: Option<PathBuf>,
    pub hosts: Option<PathBuf>,
    pub spoofed: Option<PathBuf>,
    pub inputs_report: Option<PathBuf>,
    pub allow_empty: bool,
    pub allow_damaged: bool,
    pub fail_on_violations: bool,
    pub neutralize: bool,
    pub quiet: bool,
    /// Warnings met while validating (a damaged saved IP-range cache).
    pub warnings: Vec<String>,
}

impl DriverOptions {
    /// Validates the options, reading `--crawlers` and the IP-range lists here, once.
    pub fn new(raw: RawOptions) -> Result<DriverOptions, String> {
        let format = match raw.format.as_str() {
            "auto" => None,
            name => {
                name.parse::<Format>().map_err(|_| {
                    format!(
                        "--format: unknown log format '{name}' (known: auto, {})",
                        known_formats()
                    )
                })?;
                Some(name.to_owned())
            }
        };
        let https = match raw.scheme.as_str() {
            "https" => true,
            "http" => false,
            other => return Err(format!("--scheme: '{other}' is neither http nor https")),
        };
        let since_ms = raw
            .since
            .as_deref()
            .map(|v| parse_time("since", v))
            .transpose()?;
        let until_ms = raw
            .until
            .as_deref()
            .map(|v| parse_time("until", v))
            .transpose()?;
        if let (Some(s), Some(u)) = (since_ms, until_ms)
            && s >= u
        {
            return Err("--since is not before --until: nothing would be audited".to_owned());
        }
        let leeway = parse_duration(&raw.leeway).ok_or_else(|| {
            format!(
                "--leeway: cannot read '{}' as a duration: use 0, 90m, 24h, 2d or seconds",
                raw.leeway
            )
        })?;
        // As the CLI: at least 1 KiB a line and 64 KiB of memory.
        let max_line_length =
            parse_size_at_least(&raw.max_line_length, 1 << 10).ok_or_else(|| {
                format!(
                    "--max-line-length: cannot read '{}' as a size: use bytes or a number with K or M, at least 1K",
                    raw.max_line_length
                )
            })?;
        let memory_budget = parse_size(&raw.max_memory).ok_or_else(|| {
            format!(
                "--max-memory: cannot read '{}' as a size: use bytes or a number with K, M or G, at least 64K",
                raw.max_memory
            )
        })?;
        let dns = if raw.verify_dns {
            let servers = raw
                .dns_server
                .iter()
                .map(|a| {
                    DnsOptions::parse_server(a).ok_or_else(|| {
                        format!("--dns-server: '{a}' is not an address (1.2.3.4, 1.2.3.4:5353, [::1]:53)")
                    })
                })
                .collect::<Result<Vec<_>, _>>()?;
            if !(raw.dns_timeout.is_finite() && raw.dns_timeout > 0.0 && raw.dns_timeout <= 60.0) {
                return Err(format!(
                    "--dns-timeout must be more than 0 and at most 60 seconds, not {}",
                    raw.dns_timeout
                ));
            }
            Some((servers, Duration::from_secs_f64(raw.dns_timeout)))
        } else {
            None
        };
        let crawlers_toml = raw
            .crawlers
            .as_deref()
            .map(|p| {
                std::fs::read_to_string(p)
                    .map_err(|e| format!("--crawlers: cannot read {}: {e}", p.display()))
            })
            .transpose()?;
        let mut warnings = Vec::new();
        let ranges = match &raw.ranges_dir {
            Some(dir) => read_ranges(dir).map_err(|e| format!("--ranges-dir: {e}"))?,
            // As the CLI: the saved copies when there are any; a damaged cache is not worth
            // stopping for.
            None => match default_ranges_dir().filter(|d| d.is_dir()) {
                Some(dir) => read_ranges(&dir).unwrap_or_else(|e| {
                    warnings.push(format!("warning: ignoring the saved IP ranges: {e}"));
                    Vec::new()
                }),
                None => Vec::new(),
            },
        };
        // As the CLI: the saved lists of AI agents when there are any.
        let (saved, damaged) = saved_for_audit(raw.crawler_lists.as_deref())
            .map_err(|e| format!("--crawler-lists: {e}"))?;
        if let Some(e) = damaged {
            warnings.push(format!(
                "warning: ignoring the saved lists of AI agents: {e}"
            ));
        }
        let agent_lists = saved
            .into_iter()
            .map(|(kind, text)| (kind.name().to_owned(), text))
            .collect();
        let task = TaskSettings {
            format,
            json_fields: raw.json_field.clone(),
            default_host: raw.host.clone(),
            https,
            since_ms,
            until_ms,
            leeway_ms: i64::try_from(leeway.as_millis()).unwrap_or(i64::MAX),
            all_crawl_delay: raw.all_crawl_delay,
            judge_automation: raw.judge_automation,
            max_line_length,
            memory_budget,
            crawlers_toml,
            ranges,
            agent_lists,
            dns,
        };
        // Everything an executor builds from these is built once here, so that a bad value
        // is an error now, not on every executor.
        task.audit_settings()?;
        task.registry()?;
        let fetch = fetch_options(&raw)?;
        Ok(DriverOptions {
            task,
            fetch,
            out: raw.out,
            summary: raw.summary,
            hosts: raw.hosts,
            spoofed: raw.spoofed,
            inputs_report: raw.inputs,
            allow_empty: raw.allow_empty,
            allow_damaged: raw.allow_damaged,
            fail_on_violations: raw.fail_on_violations,
            neutralize: !raw.no_neutralize,
            quiet: raw.quiet,
            warnings,
        })
    }
}

/// Every `NAME.json` of a ranges folder, as `Verifier::with_range_dir` reads it; each is
/// checked here.
fn read_ranges(dir: &std::path::Path) -> Result<Vec<(String, String)>, String> {
    // The library's own reading, for its errors and its choice of files.
    Verifier::with_range_dir(dir).map_err(|e| e.to_string())?;
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .map(|entry| entry.map(|e| e.path()))
        .collect::<Result<_, _>>()
        .map_err(|e| format!("{}: {e}", dir.display()))?;
    paths.sort();
    let mut lists = Vec::new();
    for path in paths {
        let Some(name) = path
            .extension()
            .filter(|ext| *ext == "json")
            .and_then(|_| path.file_stem())
            .and_then(|s| s.to_str())
        else {
            continue;
        };
        let json =
            std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        RangeList::from_json(name, &json).map_err(|e| format!("{}: {e}", path.display()))?;
        lists.push((name.to_owned(), json));
    }
    Ok(lists)
}

/// The fetch settings, as the CLI builds them.
fn fetch_options(raw: &RawOptions) -> Result<FetchOptions, String> {
    let resolve = raw
        .resolve
        .iter()
        .map(|r| ResolveOverride::parse(r).map_err(|e| format!("--resolve: '{r}': {e}")))
        .collect::<Result<Vec<_>, _>>()?;
    let cache_dir = if raw.no_cache || raw.robots_dir.is_some() {
        None
    } else {
        raw.cache_dir
            .clone()
            .or_else(FetchOptions::default_cache_dir)
    };
    if raw.fetch_concurrency == 0 {
        return Err("--fetch-concurrency must be at least 1".to_owned());
    }
    Ok(FetchOptions {
        robots_dir: raw.robots_dir.clone(),
        resolve,
        allow_private: raw.allow_private,
        allow_hosts: raw.allow_host.clone(),
        max_origins: raw.max_origins,
        cache_dir,
        total_timeout: Duration::from_secs(raw.timeout.max(1)),
        concurrency: raw.fetch_concurrency,
        budget: Duration::from_secs(raw.fetch_budget),
        ..FetchOptions::default()
    })
}

/// RFC 3339 timestamp, or a bare date meaning its midnight UTC → unix milliseconds (as the
/// CLI reads it).
fn parse_time(option: &str, value: &str) -> Result<i64, String> {
    parse_instant(value).ok_or_else(|| {
        format!(
            "--{option}: cannot read '{value}' as a time: use RFC 3339 (2026-11-20T13:55:36Z) or a date (2026-11-20)"
        )
    })
}
