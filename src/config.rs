//! Validated configuration built from the raw arguments of [`crate::cli`] (fd's cli → config
//! split). Everything a user can get wrong is checked here, with a message naming the option,
//! so the library only ever sees valid, plain settings.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use robots_audit::audit::{AuditSettings, known_formats};
use robots_audit::crawlers::DnsOptions;
use robots_audit::fetch::{FetchOptions, Origin, ResolveOverride, Scheme};
use robots_audit::input::Source;
use robots_audit::logformat::{Format, JsonFields};
use robots_audit::units::{parse_duration, parse_instant, parse_size, parse_size_at_least};

use crate::cli::{AuditArgs, NetArgs, SchemeArg};

/// A setting the user got wrong.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("--format: unknown log format '{0}' (known: auto, {known})", known = known_formats())]
    Format(String),
    #[error("--json-field: {0}")]
    JsonField(String),
    #[error("--host: {0}")]
    Host(String),
    #[error("--resolve: {0}")]
    Resolve(String),
    #[error(
        "--{option}: cannot read '{value}' as a time: use RFC 3339 (2026-11-20T13:55:36Z) or a date (2026-11-20)"
    )]
    Time { option: &'static str, value: String },
    #[error("--since is not before --until: nothing would be audited")]
    EmptyWindow,
    #[error("--leeway: cannot read '{0}' as a duration: use 0, 90m, 24h, 2d or seconds")]
    Leeway(String),
    #[error("--dns-server: '{0}' is not an address (1.2.3.4, 1.2.3.4:5353, [::1]:53)")]
    DnsServer(String),
    #[error("--dns-timeout must be more than 0 and at most 60 seconds, not {0}")]
    DnsTimeout(f64),
    #[error(
        "--max-memory: cannot read '{0}' as a size: use bytes or a number with K, M or G, at least 64K"
    )]
    MaxMemory(String),
    #[error(
        "--max-line-length: cannot read '{0}' as a size: use bytes or a number with K or M, at least 1K"
    )]
    MaxLineLength(String),
    #[error("--threads must be at least 1")]
    Threads,
    #[error("--fetch-concurrency must be at least 1")]
    FetchConcurrency,
    #[error("standard input ('-') can be given only once")]
    StdinTwice,
}

/// Everything the main job needs, validated.
#[derive(Debug)]
pub struct Config {
    pub inputs: Vec<Source>,
    pub settings: AuditSettings,
    pub out: Option<PathBuf>,
    pub summary: Option<PathBuf>,
    pub hosts: Option<PathBuf>,
    pub spoofed: Option<PathBuf>,
    /// `--inputs`: the per-input report.
    pub inputs_report: Option<PathBuf>,
    /// `--html`: the findings as one page.
    pub html: Option<PathBuf>,
    pub fetch: FetchOptions,
    pub crawlers: Option<PathBuf>,
    /// `--verify-dns`: the resolver settings.
    pub dns: Option<DnsOptions>,
    /// `--ranges-dir`, or None for the default (the cache's copies when present).
    pub ranges_dir: Option<PathBuf>,
    /// `--crawler-lists`, or None for the default (the cache's copies when present).
    pub crawler_lists: Option<PathBuf>,
    pub fail_on_violations: bool,
    pub neutralize: bool,
    pub quiet: bool,
    /// Progress bars: only on a terminal and without --quiet.
    pub progress: bool,
    pub allow_empty: bool,
    pub allow_damaged: bool,
}

impl Config {
    /// Validates the audit arguments. `stderr_is_terminal` decides whether progress is shown.
    pub fn from_args(args: AuditArgs, stderr_is_terminal: bool) -> Result<Config, ConfigError> {
        let format = match args.format.as_str() {
            "auto" => None,
            name => Some(
                name.parse::<Format>()
                    .map_err(|_| ConfigError::Format(name.to_string()))?,
            ),
        };
        let json_fields = if args.json_field.is_empty() {
            None
        } else {
            let mut fields = JsonFields::defaults().clone();
            for assignment in &args.json_field {
                fields.set(assignment).map_err(ConfigError::JsonField)?;
            }
            Some(Arc::new(fields))
        };
        let scheme = scheme(args.scheme);
        let default_host = args
            .host
            .as_deref()
            .map(|h| {
                Origin::from_host(h.as_bytes(), scheme)
                    .map_err(|e| ConfigError::Host(e.to_string()))
            })
            .transpose()?;
        let inputs: Vec<Source> = args.logs.iter().map(|a| Source::from_arg(a)).collect();
        if inputs.iter().filter(|s| matches!(s, Source::Stdin)).count() > 1 {
            return Err(ConfigError::StdinTwice);
        }
        let since_ms = args
            .since
            .as_deref()
            .map(|v| parse_time("since", v))
            .transpose()?;
        let until_ms = args
            .until
            .as_deref()
            .map(|v| parse_time("until", v))
            .transpose()?;
        if let (Some(s), Some(u)) = (since_ms, until_ms)
            && s >= u
        {
            return Err(ConfigError::EmptyWindow);
        }
        let leeway =
            parse_duration(&args.leeway).ok_or_else(|| ConfigError::Leeway(args.leeway.clone()))?;
        let dns = if args.verify_dns {
            let servers = args
                .dns_server
                .iter()
                .map(|a| {
                    DnsOptions::parse_server(a).ok_or_else(|| ConfigError::DnsServer(a.clone()))
                })
                .collect::<Result<Vec<_>, _>>()?;
            if !(args.dns_timeout.is_finite() && args.dns_timeout > 0.0 && args.dns_timeout <= 60.0)
            {
                return Err(ConfigError::DnsTimeout(args.dns_timeout));
            }
            Some(DnsOptions {
                nameservers: (!servers.is_empty()).then_some(servers),
                timeout: Duration::from_secs_f64(args.dns_timeout),
                ..DnsOptions::default()
            })
        } else {
            None
        };
        let threads = match args.threads {
            Some(0) => return Err(ConfigError::Threads),
            Some(n) => n,
            None => std::thread::available_parallelism().map_or(2, |n| n.get()),
        };
        let memory_budget = parse_size(&args.max_memory)
            .ok_or_else(|| ConfigError::MaxMemory(args.max_memory.clone()))?;
        let max_line_length = parse_size_at_least(&args.max_line_length, 1 << 10)
            .ok_or_else(|| ConfigError::MaxLineLength(args.max_line_length.clone()))?;
        let settings = AuditSettings {
            format,
            json_fields,
            default_host,
            scheme,
            since_ms,
            until_ms,
            all_crawl_delay: args.all_crawl_delay,
            judge_automation: args.judge_automation,
            leeway_ms: i64::try_from(leeway.as_millis()).unwrap_or(i64::MAX),
            threads,
            memory_budget,
            max_line_length,
            ..AuditSettings::default()
        };
        Ok(Config {
            inputs,
            settings,
            out: args.out,
            summary: args.summary,
            hosts: args.hosts,
            spoofed: args.spoofed,
            inputs_report: args.inputs_report,
            html: args.html,
            fetch: fetch_options(&args.net)?,
            crawlers: args.crawlers,
            dns,
            ranges_dir: args.ranges_dir,
            crawler_lists: args.crawler_lists,
            fail_on_violations: args.fail_on_violations,
            neutralize: !args.no_neutralize,
            quiet: args.quiet,
            progress: stderr_is_terminal && !args.quiet,
            allow_empty: args.allow_empty,
            allow_damaged: args.allow_damaged,
        })
    }
}

pub fn scheme(arg: SchemeArg) -> Scheme {
    match arg {
        SchemeArg::Http => Scheme::Http,
        SchemeArg::Https => Scheme::Https,
    }
}

/// The fetch settings shared by the audit and the `fetch` command.
pub fn fetch_options(net: &NetArgs) -> Result<FetchOptions, ConfigError> {
    let robots_dir = net.robots_dir.clone();
    let resolve = net
        .resolve
        .iter()
        .map(|r| ResolveOverride::parse(r).map_err(|e| ConfigError::Resolve(format!("'{r}': {e}"))))
        .collect::<Result<Vec<_>, _>>()?;
    let cache_dir = if net.no_cache || robots_dir.is_some() {
        None
    } else {
        net.cache_dir
            .clone()
            .or_else(FetchOptions::default_cache_dir)
    };
    if net.fetch_concurrency == 0 {
        return Err(ConfigError::FetchConcurrency);
    }
    Ok(FetchOptions {
        robots_dir,
        resolve,
        allow_private: net.allow_private,
        allow_hosts: net.allow_host.clone(),
        max_origins: net.max_origins,
        cache_dir,
        total_timeout: Duration::from_secs(net.timeout.max(1)),
        concurrency: net.fetch_concurrency,
        budget: Duration::from_secs(net.fetch_budget),
        ..FetchOptions::default()
    })
}

/// RFC 3339 timestamp, or a bare date meaning its midnight UTC → unix milliseconds.
fn parse_time(option: &'static str, value: &str) -> Result<i64, ConfigError> {
    parse_instant(value).ok_or_else(|| ConfigError::Time {
        option,
        value: value.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_parse_as_rfc3339_or_date() {
        assert_eq!(parse_time("since", "1970-01-02").unwrap(), 86_400_000);
        assert_eq!(parse_time("since", "1970-01-01T00:00:01Z").unwrap(), 1000);
        assert_eq!(parse_time("since", "1970-01-01T01:00:00+01:00").unwrap(), 0);
        let e = parse_time("until", "yesterday").unwrap_err().to_string();
        assert!(e.contains("--until") && e.contains("yesterday"), "{e}");
    }
}
