//! The options of an audit as a front end has them: raw values by the command line's names
//! ([`Options`]), what clap and a Python call's keyword arguments both give. Nothing here is
//! checked; [`super::Plan::new`] does that, with an [`OptionError`] naming the option.
//!
//! Also here: the one reader of the times, durations and sizes people write in options, and
//! the one check of a `--since`/`--until` window, for every command that takes them.

use std::path::PathBuf;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::text;
use crate::units::{parse_duration, parse_instant, parse_size_at_least};

/// `--format`'s default: detect each input's format.
pub const DEFAULT_FORMAT: &str = "auto";
/// `--scheme`'s default.
pub const DEFAULT_SCHEME: &str = "https";
/// `--leeway`'s default (RFC 9309 §2.4: 24 hours).
pub const DEFAULT_LEEWAY: &str = "24h";
/// `--max-line-length`'s default.
pub const DEFAULT_MAX_LINE_LENGTH: &str = "1M";
/// `--max-memory`'s default.
pub const DEFAULT_MAX_MEMORY: &str = "128M";
/// `--max-origins`' default.
pub const DEFAULT_MAX_ORIGINS: usize = 500;
/// `--timeout`'s default, seconds.
pub const DEFAULT_TIMEOUT: u64 = 20;
/// `--fetch-concurrency`'s default.
pub const DEFAULT_FETCH_CONCURRENCY: usize = 16;
/// `--fetch-budget`'s default, seconds.
pub const DEFAULT_FETCH_BUDGET: u64 = 120;
/// `--dns-timeout`'s default, seconds.
pub const DEFAULT_DNS_TIMEOUT: f64 = 2.0;

/// The least `--max-memory`.
pub const LEAST_MEMORY: usize = 64 << 10;
/// The least `--max-line-length`.
pub const LEAST_LINE_LENGTH: usize = 1 << 10;

/// An option with a value that cannot be used: which option, and what is wrong with it
/// (already printable: a value quoted in it is sanitised).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{option}: {problem}")]
pub struct OptionError {
    /// The option as it is written on the command line (`--leeway`), or `<LOG>` for the
    /// logs.
    pub option: &'static str,
    /// What is wrong.
    pub problem: String,
}

impl OptionError {
    /// An error of `option`.
    pub fn new(option: &'static str, problem: impl Into<String>) -> OptionError {
        OptionError {
            option,
            problem: problem.into(),
        }
    }
}

/// The audit's options, raw, each field named after its option (`--json-field` is
/// `json_field`, `--inputs` is `inputs`; the logs are `logs`). [`Default`] gives the command
/// line's defaults, so a caller sets only what it was given. Deserialises from a map of
/// those names (unknown names are refused): that is how the Python binding takes keyword
/// arguments.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// The logs; `-` is standard input.
    pub logs: Vec<PathBuf>,
    /// `--out`: the violations report (standard output without it).
    pub out: Option<PathBuf>,
    pub summary: Option<PathBuf>,
    pub hosts: Option<PathBuf>,
    pub spoofed: Option<PathBuf>,
    /// `--inputs`: the per-input report.
    pub inputs: Option<PathBuf>,
    pub html: Option<PathBuf>,
    /// `--preferences`: the usage preference conflicts.
    pub preferences: Option<PathBuf>,
    pub format: String,
    pub json_field: Vec<String>,
    pub host: Option<String>,
    /// `http` or `https`.
    pub scheme: String,
    pub robots_dir: Option<PathBuf>,
    pub resolve: Vec<String>,
    pub allow_private: bool,
    pub allow_host: Vec<String>,
    pub max_origins: usize,
    pub cache_dir: Option<PathBuf>,
    pub no_cache: bool,
    /// Seconds for one robots.txt fetch.
    pub timeout: u64,
    pub fetch_concurrency: usize,
    /// Seconds for all the fetches of a run.
    pub fetch_budget: u64,
    pub crawlers: Option<PathBuf>,
    pub verify_dns: bool,
    pub dns_server: Vec<String>,
    /// Seconds.
    pub dns_timeout: f64,
    pub ranges_dir: Option<PathBuf>,
    pub crawler_lists: Option<PathBuf>,
    pub since: Option<String>,
    pub until: Option<String>,
    pub leeway: String,
    pub all_crawl_delay: bool,
    pub judge_automation: bool,
    pub allow_empty: bool,
    pub allow_damaged: bool,
    pub fail_on_violations: bool,
    pub fail_on_conflicts: bool,
    pub no_neutralize: bool,
    pub quiet: bool,
    /// `--timings`: each stage's wall and CPU time, told at the end.
    pub timings: bool,
    pub max_line_length: String,
    pub max_memory: String,
    /// None: one per core.
    pub threads: Option<usize>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            logs: Vec::new(),
            out: None,
            summary: None,
            hosts: None,
            spoofed: None,
            inputs: None,
            html: None,
            preferences: None,
            format: DEFAULT_FORMAT.to_owned(),
            json_field: Vec::new(),
            host: None,
            scheme: DEFAULT_SCHEME.to_owned(),
            robots_dir: None,
            resolve: Vec::new(),
            allow_private: false,
            allow_host: Vec::new(),
            max_origins: DEFAULT_MAX_ORIGINS,
            cache_dir: None,
            no_cache: false,
            timeout: DEFAULT_TIMEOUT,
            fetch_concurrency: DEFAULT_FETCH_CONCURRENCY,
            fetch_budget: DEFAULT_FETCH_BUDGET,
            crawlers: None,
            verify_dns: false,
            dns_server: Vec::new(),
            dns_timeout: DEFAULT_DNS_TIMEOUT,
            ranges_dir: None,
            crawler_lists: None,
            since: None,
            until: None,
            leeway: DEFAULT_LEEWAY.to_owned(),
            all_crawl_delay: false,
            judge_automation: false,
            allow_empty: false,
            allow_damaged: false,
            fail_on_violations: false,
            fail_on_conflicts: false,
            no_neutralize: false,
            quiet: false,
            timings: false,
            max_line_length: DEFAULT_MAX_LINE_LENGTH.to_owned(),
            max_memory: DEFAULT_MAX_MEMORY.to_owned(),
            threads: None,
        }
    }
}

/// A value as it may be quoted in a message: printable, and not too long.
fn quoted(value: &str) -> String {
    text::terminal_cut(value, 100).into_owned()
}

/// An instant: RFC 3339, or a bare date meaning its midnight UTC → unix ms.
pub fn read_time(option: &'static str, value: &str) -> Result<i64, OptionError> {
    parse_instant(value).ok_or_else(|| {
        OptionError::new(
            option,
            format!(
                "cannot read '{}' as a time: use RFC 3339 with its offset \
                 (2026-11-20T13:55:36Z, 2026-11-20T14:55:36+01:00) or a date (2026-11-20)",
                quoted(value)
            ),
        )
    })
}

/// A duration: `0`, `90m`, `24h`, `2d`, or seconds.
pub fn read_duration(option: &'static str, value: &str) -> Result<Duration, OptionError> {
    parse_duration(value).ok_or_else(|| {
        OptionError::new(
            option,
            format!(
                "cannot read '{}' as a duration: use 0, 90m, 24h, 2d or seconds",
                quoted(value)
            ),
        )
    })
}

/// A size in bytes (`65536`, `64K`, `128M`, `2G`), at least `least`.
pub fn read_size(option: &'static str, value: &str, least: usize) -> Result<usize, OptionError> {
    parse_size_at_least(value, least).ok_or_else(|| {
        let least = match least {
            n if n % (1 << 20) == 0 => format!("{}M", n >> 20),
            n if n % (1 << 10) == 0 => format!("{}K", n >> 10),
            n => n.to_string(),
        };
        OptionError::new(
            option,
            format!(
                "cannot read '{}' as a size: use bytes or a number with K, M or G, at least \
                 {least}",
                quoted(value)
            ),
        )
    })
}

/// The time window `[since, until)` of `--since` and `--until` (unix ms; None: open).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Window {
    /// Only at or after this instant.
    pub since_ms: Option<i64>,
    /// Only before this instant.
    pub until_ms: Option<i64>,
}

impl Window {
    /// Reads `--since` and `--until`; a window that holds no instant is an error.
    pub fn read(since: Option<&str>, until: Option<&str>) -> Result<Window, OptionError> {
        let since_ms = since.map(|v| read_time("--since", v)).transpose()?;
        let until_ms = until.map(|v| read_time("--until", v)).transpose()?;
        if let (Some(s), Some(u)) = (since_ms, until_ms)
            && s >= u
        {
            return Err(OptionError::new(
                "--since",
                format!(
                    "{} is not before --until {}: the window holds no time",
                    text::rfc3339_ms(s),
                    text::rfc3339_ms(u)
                ),
            ));
        }
        Ok(Window { since_ms, until_ms })
    }

    /// Whether either end is set.
    pub fn is_set(&self) -> bool {
        self.since_ms.is_some() || self.until_ms.is_some()
    }
}

impl std::fmt::Display for Window {
    /// `--since 2026-11-20T00:00:00Z --until 2026-11-21T00:00:00Z`, as far as it is set.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let ends = [("--since", self.since_ms), ("--until", self.until_ms)];
        let set: Vec<String> = ends
            .iter()
            .filter_map(|(o, t)| Some(format!("{o} {}", text::rfc3339_exact((*t)?))))
            .collect();
        write!(f, "{}", set.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_parse_as_rfc3339_or_date() {
        assert_eq!(read_time("--since", "1970-01-02"), Ok(86_400_000));
        assert_eq!(read_time("--since", "1970-01-01T00:00:01Z"), Ok(1000));
        assert_eq!(read_time("--since", "1970-01-01T01:00:00+01:00"), Ok(0));
        let e = read_time("--until", "yesterday").unwrap_err().to_string();
        assert!(
            e.starts_with("--until: cannot read 'yesterday' as a time"),
            "{e}"
        );
        // A hostile value is quoted printable.
        let e = read_time("--until", "\x1b]0;x\x07")
            .unwrap_err()
            .to_string();
        assert!(!e.contains('\x1b') && e.contains("\\x1b"), "{e}");
    }

    #[test]
    fn sizes_and_durations_name_their_least() {
        assert_eq!(read_size("--max-memory", "64K", LEAST_MEMORY), Ok(64 << 10));
        let e = read_size("--max-line-length", "12", LEAST_LINE_LENGTH).unwrap_err();
        assert_eq!(e.option, "--max-line-length");
        assert!(e.problem.ends_with("at least 1K"), "{e}");
        assert_eq!(
            read_duration("--leeway", "90m"),
            Ok(Duration::from_secs(5400))
        );
        assert!(read_duration("--leeway", "soon").is_err());
    }

    #[test]
    fn a_window_must_hold_time() {
        let w = Window::read(Some("2026-11-20"), Some("2026-11-21")).unwrap();
        assert_eq!(
            w.to_string(),
            "--since 2026-11-20T00:00:00Z --until 2026-11-21T00:00:00Z"
        );
        assert!(Window::read(None, None).is_ok_and(|w| !w.is_set()));
        let e = Window::read(Some("2026-11-21"), Some("2026-11-20")).unwrap_err();
        assert_eq!(e.option, "--since");
        assert!(e.to_string().contains("is not before --until"), "{e}");
        assert!(Window::read(Some("2026-11-21"), Some("2026-11-21")).is_err());
    }

    #[test]
    fn options_read_from_names_with_the_command_line_defaults() {
        let o: Options = serde_json::from_str(r#"{"leeway": "0", "json_field": ["a=b"]}"#).unwrap();
        assert_eq!(o.leeway, "0");
        assert_eq!(o.json_field, ["a=b"]);
        assert_eq!(o.max_memory, DEFAULT_MAX_MEMORY);
        let e = serde_json::from_str::<Options>(r#"{"leeeway": "0"}"#).unwrap_err();
        assert!(e.to_string().contains("unknown field `leeeway`"), "{e}");
    }
}
