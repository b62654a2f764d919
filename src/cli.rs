//! Raw command-line arguments (clap derive). Nothing here is validated beyond what clap
//! checks; [`crate::config`] turns these into the library's settings.

use std::ffi::OsString;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};
use robots_audit::run;

/// `--version`: the program's version and the date of the crawler data bundled with it
/// (`robots_audit::crawlers::BUNDLED_LIST`, which a test compares with this text).
const LONG_VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    "\nbundled lists of AI agents: AI Crawler Index 1.0.10 (ai-crawler-robots), data of 2026-09-14",
    "\n(`update-crawlers` saves today's lists, which the audit then uses instead)"
);

/// Audit web access logs for crawlers that break robots.txt.
///
/// Reads access logs (gzip, multi-member gzip or plain; `-` for standard input), finds the
/// requests made by crawlers, judges each against the robots.txt of the site it was made to,
/// under the rules that crawler follows, and writes the violations as CSV.
#[derive(Debug, Parser)]
#[command(
    name = "robots-audit",
    version,
    long_version = LONG_VERSION,
    args_conflicts_with_subcommands = true
)]
#[command(
    after_help = "Exit status: 0 done; 1 violations found with --fail-on-violations (or conflicts \
                  with --fail-on-conflicts); 2 error; 130 interrupted."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,

    #[command(flatten)]
    pub audit: AuditArgs,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Judge URLs against one robots.txt file.
    Check(CheckArgs),
    /// Fetch robots.txt for origins and show the outcome.
    Fetch(FetchArgs),
    /// Download fresh copies of the crawlers' published IP-range lists.
    UpdateRanges(UpdateArgs),
    /// Download today's lists of AI agents (ai.robots.txt, the AI Crawler Index).
    ///
    /// Saves ai.robots.txt's robots.json and the AI Crawler Index's data.json in the cache
    /// directory (or --dir); the audit and `check` then prefer them to the snapshot bundled
    /// with the program (see --version), unless it is dated later. The registry's own
    /// entries always win over the lists' where both describe one agent.
    UpdateCrawlers(UpdateArgs),
    /// Import past robots.txt versions from a web archive into a --robots-dir folder.
    ///
    /// Lists each origin's captures of /robots.txt in a web archive that speaks the Wayback
    /// Machine's interface (its CDX index and `id_` replay) and saves them as dated versions
    /// in the --robots-dir layout: a run of captures with the same content is one version,
    /// named by the captures around its change (robots.<LO>-<HI>.txt); 4xx captures give
    /// status files (robots.<STAMP>.<CODE>); 3xx, 429 and 5xx captures are skipped. Then audit
    /// old logs with `--robots-dir DIR`.
    ///
    /// Only captures of the origin itself count: the same scheme, host and port (a robots.txt
    /// governs its own origin only, RFC 9309), so https://example.com ignores the archive's
    /// captures of http://example.com and of www.example.com, which it lists with them.
    History(HistoryArgs),
}

/// The main job: `robots-audit [OPTIONS] <LOG>...`
#[derive(Debug, Args)]
pub struct AuditArgs {
    /// Access log files (gzip or plain, detected by content); `-` reads standard input.
    #[arg(value_name = "LOG", required = true)]
    pub logs: Vec<OsString>,

    /// Write the violations report (CSV) here instead of standard output. For this and every
    /// report below, `-` is standard output (one report at most can go there).
    #[arg(long, short = 'o', value_name = "FILE")]
    pub out: Option<PathBuf>,

    /// Also write a summary: one row per (host, crawler).
    #[arg(long, value_name = "FILE")]
    pub summary: Option<PathBuf>,

    /// Also write one row per log file: its format, requests, malformed lines by reason
    /// (with the first one), and any read error.
    #[arg(long = "inputs", value_name = "FILE")]
    pub inputs_report: Option<PathBuf>,

    /// Also write the addresses that claimed to be a crawler and failed its verification:
    /// one row per (address, crawler), ready for a block list.
    #[arg(long, value_name = "FILE")]
    pub spoofed: Option<PathBuf>,

    /// Also write one row per host: where its robots.txt came from and what it said.
    #[arg(long, value_name = "FILE")]
    pub hosts: Option<PathBuf>,

    /// Also write the findings as one self-contained HTML page (charts and top tables; no
    /// network requests when opened).
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,

    /// Also write the usage preference conflicts: allowed requests whose crawler's purpose
    /// the site's Content-Signal or Content-Usage lines say no to (CSV).
    #[arg(long, value_name = "FILE")]
    pub preferences: Option<PathBuf>,

    /// Log format: auto (detect it from the first lines of each input), combined, common,
    /// vhost_combined, lighttpd, nginx-json, caddy, cloudflare, cloudfront, alb (or elb),
    /// w3c (or iis).
    #[arg(long, short = 'f', value_name = "NAME", default_value = run::DEFAULT_FORMAT)]
    pub format: String,

    /// nginx-json: the JSON key(s) that hold a field, `MEANING=KEY[,KEY...]`; repeatable.
    /// Meanings: host, client, time, request, method, uri, status, user_agent, scheme, bytes
    /// (the body's size, `$body_bytes_sent`), duration (seconds, `$request_time`), args (`$args`, added to a URI without a query
    /// unless it is `request_uri`'s).
    #[arg(long, value_name = "MEANING=KEY")]
    pub json_field: Vec<String>,

    /// The host for requests in logs whose format carries none (e.g. `combined`).
    #[arg(long, value_name = "HOST")]
    pub host: Option<String>,

    /// The scheme where the log does not say.
    #[arg(long, value_enum, default_value_t = SchemeArg::Https)]
    pub scheme: SchemeArg,

    #[command(flatten)]
    pub net: NetArgs,

    /// Add or override crawler definitions (same TOML format as the built-in registry).
    #[arg(long, value_name = "FILE")]
    pub crawlers: Option<PathBuf>,

    /// Also verify crawler addresses by forward-confirmed reverse DNS (PTR, then A/AAAA),
    /// for crawlers whose operator documents it; off by default (it sends DNS queries).
    #[arg(long)]
    pub verify_dns: bool,

    /// The DNS server(s) --verify-dns asks (default: the system's); repeatable.
    #[arg(long, value_name = "ADDR", requires = "verify_dns")]
    pub dns_server: Vec<String>,

    /// Seconds --verify-dns waits for one DNS answer (fractions allowed).
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = run::DEFAULT_DNS_TIMEOUT,
        requires = "verify_dns"
    )]
    pub dns_timeout: f64,

    /// IP-range lists saved by `update-ranges`, used instead of the bundled snapshot
    /// (default: the user's cache directory, when it has them).
    #[arg(long, value_name = "DIR")]
    pub ranges_dir: Option<PathBuf>,

    /// Lists of AI agents saved by `update-crawlers`, used instead of the bundled snapshot
    /// (default: the user's cache directory, when it has them).
    #[arg(long, value_name = "DIR")]
    pub crawler_lists: Option<PathBuf>,

    /// Only audit requests at or after this time (RFC 3339, or a date meaning its midnight UTC).
    #[arg(long, value_name = "TIME")]
    pub since: Option<String>,

    /// Only audit requests before this time (RFC 3339, or a date meaning its midnight UTC).
    #[arg(long, value_name = "TIME")]
    pub until: Option<String>,

    /// How long a crawler may keep using a robots.txt after it changed (RFC 9309 §2.4):
    /// `0`, `90m`, `24h`, `2d` (a bare number is seconds).
    #[arg(long, value_name = "DURATION", default_value = run::DEFAULT_LEEWAY)]
    pub leeway: String,

    /// Check Crawl-delay for every crawler, not only those that document honouring it.
    #[arg(long)]
    pub all_crawl_delay: bool,

    /// Judge HTTP libraries and automation tools (curl, python-requests, headless browsers)
    /// under `User-agent: *` too; by default only a group that names them applies.
    #[arg(long)]
    pub judge_automation: bool,

    /// Treat an empty input (no lines at all) as fine; by default it is an error, since a
    /// broken pipeline (`zcat missing.gz | robots-audit -`) looks just like it.
    #[arg(long)]
    pub allow_empty: bool,

    /// Write the reports from the lines before the damage when an input is truncated or
    /// damaged (the damage is still reported); by default such a run fails and keeps the
    /// previous reports.
    #[arg(long)]
    pub allow_damaged: bool,

    /// Exit with status 1 when the violations report has any row.
    #[arg(long)]
    pub fail_on_violations: bool,

    /// Exit with status 1 when the preferences report has any row (whether or not it is
    /// written: a conflict is not a violation, and --fail-on-violations ignores them).
    #[arg(long)]
    pub fail_on_conflicts: bool,

    /// Write cells exactly as logged, without neutralising spreadsheet formulas.
    #[arg(long)]
    pub no_neutralize: bool,

    /// Nothing on standard error but errors.
    #[arg(long, short = 'q')]
    pub quiet: bool,

    /// At the end, on standard error (with --quiet too), how long each stage of the run took:
    /// plan, start-up, read, robots.txt, replay, merge, judgement, reports, commit; wall-clock
    /// and CPU milliseconds, and how many cores each kept busy.
    #[arg(long)]
    pub timings: bool,

    /// The longest log line read (`1M`, `64K`, bytes): a longer one is skipped and counted as
    /// malformed ("too long"), never held in memory.
    #[arg(long, value_name = "SIZE", default_value = run::DEFAULT_MAX_LINE_LENGTH)]
    pub max_line_length: String,

    /// About how much memory the requests kept for the end may take (`512M`, `2G`, bytes);
    /// past it they go to sorted runs in temporary files (in $TMPDIR). With --html, the
    /// page's table of paths takes up to a quarter more before it sorts in a temporary file.
    #[arg(long, value_name = "SIZE", default_value = run::DEFAULT_MAX_MEMORY)]
    pub max_memory: String,

    /// Threads that judge the lines (default: one per core); with more than there are inputs,
    /// the threads reading the inputs are among them.
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
}

/// Where robots.txt comes from: saved copies or the network (audit and `fetch`).
#[derive(Debug, Args, Clone)]
pub struct NetArgs {
    /// Use saved robots.txt files, DIR/<host>/robots.txt, instead of the network; nothing
    /// is fetched.
    #[arg(long, value_name = "DIR")]
    pub robots_dir: Option<PathBuf>,

    /// Connect to ADDRESS when fetching from HOST:PORT (as curl's --resolve); repeatable.
    /// An address named here is allowed even if it is loopback or private.
    #[arg(long, value_name = "HOST:PORT:ADDRESS")]
    pub resolve: Vec<String>,

    /// Allow fetching from loopback, private and other non-global addresses.
    #[arg(long)]
    pub allow_private: bool,

    /// Only fetch robots.txt from hosts matching these patterns (`example.com`, `*.example.com`); repeatable.
    #[arg(long, value_name = "PATTERN")]
    pub allow_host: Vec<String>,

    /// At most this many distinct origins are fetched per run; the rest are not judged.
    #[arg(long, value_name = "N", default_value_t = run::DEFAULT_MAX_ORIGINS)]
    pub max_origins: usize,

    /// Where fetched robots.txt outcomes are kept between runs (default: robots-audit in the
    /// user's cache directory: ~/.cache/robots-audit on Linux, ~/Library/Caches/robots-audit
    /// on macOS, %LOCALAPPDATA%\robots-audit on Windows).
    #[arg(long, value_name = "DIR")]
    pub cache_dir: Option<PathBuf>,

    /// Do not read or write the robots.txt cache.
    #[arg(long)]
    pub no_cache: bool,

    /// Seconds allowed for one robots.txt fetch, redirects included.
    #[arg(long, value_name = "SECONDS", default_value_t = run::DEFAULT_TIMEOUT)]
    pub timeout: u64,

    /// robots.txt fetches in flight at once (each to a different origin).
    #[arg(long, value_name = "N", default_value_t = run::DEFAULT_FETCH_CONCURRENCY)]
    pub fetch_concurrency: usize,

    /// Seconds allowed for all the fetches of a run; origins not fetched by then are not
    /// judged ("fetch budget spent").
    #[arg(long, value_name = "SECONDS", default_value_t = run::DEFAULT_FETCH_BUDGET)]
    pub fetch_budget: u64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SchemeArg {
    Http,
    Https,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DialectArg {
    Google,
    Yandex,
    #[value(name = "yandex-legacy")]
    YandexLegacy,
}

/// `robots-audit check [OPTIONS] --robots <FILE> <--agent <TOKEN>|--user-agent <HEADER>> <URL>...`
///
/// Exactly one of `--agent` and `--user-agent` is required: the group `crawler` makes the
/// usage line say so.
#[derive(Debug, Args)]
#[command(group(
    clap::ArgGroup::new("crawler")
        .required(true)
        .args(["agent", "user_agent"])
))]
#[command(
    after_help = "Output: one line per URL: allowed, disallowed or not-judged, the URL, the group, the deciding rule (or why nothing decided, or why the client is not judged) and its line, then the usage preferences in force (e.g. `ai-train=no (line 2: Content-Signal: ai-train=no)`), tab-separated.\n\nExit status: 0 all allowed (or not judged); 1 any disallowed; 2 error."
)]
pub struct CheckArgs {
    /// URLs or paths to judge.
    #[arg(value_name = "URL", required = true)]
    pub urls: Vec<String>,

    /// The robots.txt body to judge against (`-` for standard input); only its first
    /// 512,000 bytes are read.
    #[arg(long, value_name = "FILE")]
    pub robots: PathBuf,

    /// The crawler's product token, compared exactly and case-insensitively with the groups
    /// (with their whole tokens if it has digits or dots, e.g. `MJ12bot`). This or
    /// --user-agent is required.
    #[arg(long, value_name = "TOKEN")]
    pub agent: Option<String>,

    /// A full User-Agent header, turned into tokens as the audit does. This or --agent is
    /// required.
    #[arg(long, value_name = "HEADER")]
    pub user_agent: Option<String>,

    /// Rules dialect; default: yandex for Yandex robots, google otherwise.
    #[arg(long, value_enum)]
    pub dialect: Option<DialectArg>,

    /// Add or override crawler definitions (used with --user-agent).
    #[arg(long, value_name = "FILE")]
    pub crawlers: Option<PathBuf>,

    /// Lists of AI agents saved by `update-crawlers`, used instead of the bundled snapshot
    /// (default: the user's cache directory, when it has them).
    #[arg(long, value_name = "DIR")]
    pub crawler_lists: Option<PathBuf>,

    /// Judge HTTP libraries and automation tools (curl, python-requests, headless browsers)
    /// under `User-agent: *` too, as the audit's option of the same name does; by default
    /// only a group that names them applies, and otherwise they are not judged.
    #[arg(long)]
    pub judge_automation: bool,
}

/// `robots-audit fetch [OPTIONS] <ORIGIN>...`
#[derive(Debug, Args)]
#[command(
    after_help = "Exit status: 0 every origin came to rules or allow-all; 2 any did not, or error."
)]
pub struct FetchArgs {
    /// Origins: `example.com`, `example.com:8080` or `https://example.com`.
    #[arg(value_name = "ORIGIN", required = true)]
    pub origins: Vec<String>,

    /// The scheme for origins given without one.
    #[arg(long, value_enum, default_value_t = SchemeArg::Https)]
    pub scheme: SchemeArg,

    #[command(flatten)]
    pub net: NetArgs,
}

/// `robots-audit update-ranges [OPTIONS]` and `robots-audit update-crawlers [OPTIONS]`
#[derive(Debug, Args)]
#[command(
    after_help = "Exit status: 0 every list saved; 2 any list failed (its old copy is kept)."
)]
pub struct UpdateArgs {
    /// Where to save the lists (default: the user's cache directory).
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,

    /// Add or override crawler definitions (and the URLs of their `[ranges]` and `[lists]`).
    #[arg(long, value_name = "FILE")]
    pub crawlers: Option<PathBuf>,

    /// Connect to ADDRESS when fetching from HOST:PORT (as curl's --resolve); repeatable.
    #[arg(long, value_name = "HOST:PORT:ADDRESS")]
    pub resolve: Vec<String>,

    /// Allow fetching from loopback, private and other non-global addresses.
    #[arg(long)]
    pub allow_private: bool,

    /// Seconds allowed for one download.
    #[arg(long, value_name = "SECONDS", default_value_t = 30)]
    pub timeout: u64,
}

/// `robots-audit history [OPTIONS] <ORIGIN>...`
#[derive(Debug, Args)]
#[command(
    after_help = "Exit status: 0 every origin imported; 2 any origin could not be imported (the others still are; nothing is written for a failed one)."
)]
pub struct HistoryArgs {
    /// Origins: `example.com`, `example.com:8080` or `https://example.com`.
    #[arg(value_name = "ORIGIN", required = true)]
    pub origins: Vec<String>,

    /// The robots-dir to write dated files into (DIR/<host>/robots.<STAMP>.txt …). Files
    /// already there are kept; importing the same captures again writes nothing new.
    #[arg(long, value_name = "DIR", required = true)]
    pub save: PathBuf,

    /// The web archive: captures are listed by URL/cdx/search/cdx and read from
    /// URL/web/<timestamp>id_/<original URL>.
    #[arg(long, value_name = "URL", default_value = robots_audit::fetch::DEFAULT_ARCHIVE)]
    pub archive: String,

    /// Only captures at or after this time (RFC 3339, or a date meaning its midnight UTC).
    #[arg(long, value_name = "DATE")]
    pub since: Option<String>,

    /// Only captures before this time (RFC 3339, or a date meaning its midnight UTC).
    #[arg(long, value_name = "DATE")]
    pub until: Option<String>,

    /// The scheme for origins given without one.
    #[arg(long, value_enum, default_value_t = SchemeArg::Https)]
    pub scheme: SchemeArg,

    /// Requests per second to the archive at most (one at a time; fractions allowed).
    #[arg(long, value_name = "N", default_value_t = 1.0)]
    pub rate: f64,

    /// An origin with more versions than this is not imported (each version costs a
    /// request); narrow it with --since and --until.
    #[arg(long, value_name = "N", default_value_t = 1000)]
    pub max_versions: usize,

    /// Seconds allowed for one request to the archive.
    #[arg(long, value_name = "SECONDS", default_value_t = 60)]
    pub timeout: u64,

    /// The longest wait, in seconds, when the archive answers 429 or 503 (its Retry-After, or
    /// a backoff); an origin whose archive asks for more is given up.
    #[arg(long, value_name = "SECONDS", default_value_t = 300)]
    pub max_wait: u64,

    /// Connect to ADDRESS when connecting to the archive at HOST:PORT (as curl's --resolve);
    /// repeatable. An address named here is allowed even if it is loopback or private.
    #[arg(long, value_name = "HOST:PORT:ADDRESS")]
    pub resolve: Vec<String>,

    /// Allow connecting to loopback, private and other non-global addresses.
    #[arg(long)]
    pub allow_private: bool,

    /// Nothing on standard error but errors.
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn clap_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn logs_and_subcommands_parse() {
        let cli =
            Cli::try_parse_from(["robots-audit", "a.log", "b.log.gz", "--out", "r.csv"]).unwrap();
        assert!(cli.command.is_none());
        assert_eq!(cli.audit.logs.len(), 2);
        let cli = Cli::try_parse_from([
            "robots-audit",
            "check",
            "--robots",
            "r.txt",
            "--agent",
            "x",
            "/a",
        ])
        .unwrap();
        assert!(matches!(cli.command, Some(Command::Check(_))));
        assert!(
            Cli::try_parse_from(["robots-audit"]).is_err(),
            "a log is required"
        );
        assert!(
            Cli::try_parse_from(["robots-audit", "check", "--robots", "r", "/a"]).is_err(),
            "an agent is required"
        );
    }
}
