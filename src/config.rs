//! The command line's arguments ([`crate::cli`]) as the library's raw run options
//! ([`robots_audit::run::Options`]), by name: nothing is checked here. The library's
//! [`robots_audit::run::Plan`] checks them, for this front end and the Spark job alike.

use robots_audit::fetch::Scheme;
use robots_audit::run::Options;

use crate::cli::{AuditArgs, NetArgs, SchemeArg};

/// The audit's arguments as options.
pub fn options(args: AuditArgs) -> Options {
    let mut o = Options {
        logs: args.logs.into_iter().map(Into::into).collect(),
        out: args.out,
        summary: args.summary,
        hosts: args.hosts,
        spoofed: args.spoofed,
        inputs: args.inputs_report,
        html: args.html,
        format: args.format,
        json_field: args.json_field,
        host: args.host,
        scheme: scheme_name(args.scheme).to_owned(),
        crawlers: args.crawlers,
        verify_dns: args.verify_dns,
        dns_server: args.dns_server,
        dns_timeout: args.dns_timeout,
        ranges_dir: args.ranges_dir,
        crawler_lists: args.crawler_lists,
        since: args.since,
        until: args.until,
        leeway: args.leeway,
        all_crawl_delay: args.all_crawl_delay,
        judge_automation: args.judge_automation,
        allow_empty: args.allow_empty,
        allow_damaged: args.allow_damaged,
        fail_on_violations: args.fail_on_violations,
        fail_on_conflicts: args.fail_on_conflicts,
        preferences: args.preferences,
        no_neutralize: args.no_neutralize,
        quiet: args.quiet,
        timings: args.timings,
        max_line_length: args.max_line_length,
        max_memory: args.max_memory,
        threads: args.threads,
        ..Options::default()
    };
    net_options(&args.net, &mut o);
    o
}

/// The arguments that say where robots.txt comes from (the audit's and `fetch`'s), into `o`.
pub fn net_options(net: &NetArgs, o: &mut Options) {
    o.robots_dir = net.robots_dir.clone();
    o.resolve = net.resolve.clone();
    o.allow_private = net.allow_private;
    o.allow_host = net.allow_host.clone();
    o.max_origins = net.max_origins;
    o.cache_dir = net.cache_dir.clone();
    o.no_cache = net.no_cache;
    o.timeout = net.timeout;
    o.fetch_concurrency = net.fetch_concurrency;
    o.fetch_budget = net.fetch_budget;
}

/// `--scheme` as the options name it.
fn scheme_name(arg: SchemeArg) -> &'static str {
    match arg {
        SchemeArg::Http => "http",
        SchemeArg::Https => "https",
    }
}

/// `--scheme` of the commands that take origins (`fetch`, `history`).
pub fn scheme(arg: SchemeArg) -> Scheme {
    match arg {
        SchemeArg::Http => Scheme::Http,
        SchemeArg::Https => Scheme::Https,
    }
}
