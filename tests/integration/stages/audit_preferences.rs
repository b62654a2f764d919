//! Usage preference conflicts through the audit library (docs/preferences.md, "What a
//! conflict is"; docs/judging.md, "Judging in time"): the worked example, judging in time
//! with the crawler's own fetches, fetchers robots.txt does not bind, the properties "never
//! both a violation and a conflict" and "one version for all time is the undated file", and
//! the same bytes whatever the threads, the split of the input or the memory budget.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use proptest::prelude::*;
use robots_audit::audit::{AuditSettings, Auditor, Partial, Silent};
use robots_audit::crawlers::{Registry, Verifier};
use robots_audit::fetch::{FetchOptions, RobotsSource, RobotsStore};
use robots_audit::input::Source;
use robots_audit::logformat::Format;
use robots_audit::report::{self, CsvStyle, PreferenceRow, SummaryRow, ViolationRow};
use robots_audit::robots::{Agent, Dialect, PrefKey, RobotsTxt, normalize_target};

use crate::support::testdata;

const CLAUDEBOT: &str = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)";
const GPTBOT: &str = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)";
const CHATGPT_USER: &str = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot";
const PERPLEXITYBOT: &str = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)";
const GOOGLEBOT: &str = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const FOOBOT: &str = "FooBot/1.0 (+https://foo.example/bot)";

/// Every crawler the tests send.
const CRAWLERS: [&str; 6] = [
    CLAUDEBOT,
    GPTBOT,
    CHATGPT_USER,
    PERPLEXITYBOT,
    GOOGLEBOT,
    FOOBOT,
];

const HOUR: i64 = 3_600_000;
const DAY: i64 = 24 * HOUR;
/// 2026-11-01T00:00:00Z.
const NOV1: i64 = 1_793_491_200_000;

fn nov(day: i64, hour: i64) -> i64 {
    NOV1 + (day - 1) * DAY + hour * HOUR
}

/// A robots-dir of (host, file name, body).
fn robots_dir(files: &[(&str, &str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (host, name, body) in files {
        let d = dir.path().join(host);
        std::fs::create_dir_all(&d).unwrap();
        std::fs::write(d.join(name), body).unwrap();
    }
    dir
}

/// `robots.<STAMP>.txt` for a version in force from `ms`.
fn dated(ms: i64) -> String {
    format!("robots.{}.txt", robots_audit::fetch::stamp(ms))
}

fn auditor(dir: &Path, threads: usize, budget: usize) -> Auditor {
    let store = RobotsStore::new(FetchOptions {
        robots_dir: Some(dir.to_path_buf()),
        ..FetchOptions::default()
    })
    .expect("a robots-dir store");
    Auditor::new(
        AuditSettings {
            format: Some(Format::VhostCombined),
            threads,
            memory_budget: budget,
            ..AuditSettings::default()
        },
        Arc::new(Registry::builtin()),
        Arc::new(Verifier::bundled()),
        Arc::new(store) as Arc<dyn RobotsSource>,
    )
}

/// One `vhost_combined` request line.
fn line(host: &str, ms: i64, path: &str, ua: &str, status: u16, bytes: u64) -> String {
    let t = jiff::Timestamp::from_millisecond(ms).unwrap();
    format!(
        "{host}:443 192.0.2.{} - - [{}] \"GET {path} HTTP/1.1\" {status} {bytes} \"-\" \"{ua}\"\n",
        ms / 1000 % 200 + 1,
        t.strftime("%d/%b/%Y:%H:%M:%S +0000")
    )
}

/// The rows of every report a partial gives.
struct Rows {
    violations: Vec<ViolationRow>,
    preferences: Vec<PreferenceRow>,
    summary: Vec<SummaryRow>,
    hosts: Vec<report::HostRow>,
}

fn rows(auditor: &Auditor, partial: Partial) -> Rows {
    let f = auditor.findings(partial).unwrap();
    Rows {
        violations: f.violations.map(Result::unwrap).collect(),
        preferences: f.preferences.map(Result::unwrap).collect(),
        summary: f.summary,
        hosts: f.hosts,
    }
}

/// The bytes of the violations, preferences, summary and hosts reports.
fn reports(auditor: &Auditor, partial: Partial) -> [Vec<u8>; 4] {
    let f = auditor.findings(partial).unwrap();
    let style = CsvStyle { neutralize: true };
    let (mut v, mut p, mut s, mut h) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    report::write_violations(&mut v, f.violations, style).unwrap();
    report::write_preferences(&mut p, f.preferences, style).unwrap();
    report::write_summary(&mut s, &f.summary, style).unwrap();
    report::write_hosts(&mut h, &f.hosts, style).unwrap();
    [v, p, s, h]
}

fn audit(auditor: &Auditor, log: &str) -> Partial {
    auditor.audit_reader(log.as_bytes(), "test.log").unwrap()
}

/// A preference row as (host, crawler, category, key, path, rule, line, group, evidence,
/// robots_version).
type Conflict = (
    String,
    String,
    String,
    String,
    String,
    String,
    u32,
    String,
    String,
    String,
);

fn conflicts(rows: &[PreferenceRow]) -> Vec<Conflict> {
    rows.iter()
        .map(|r| {
            (
                r.host.to_string(),
                r.crawler.to_string(),
                r.category.to_string(),
                r.key.to_string(),
                r.path.to_string(),
                r.rule.to_string(),
                r.rule_line,
                r.group.to_string(),
                r.evidence.to_string(),
                r.robots_version
                    .map(robots_audit::text::rfc3339_ms)
                    .unwrap_or_default(),
            )
        })
        .collect()
}

/// A conflict row: who (host, crawler, category, key), where, by which line, on what
/// evidence and version.
fn conflict(
    (host, crawler, category, key): (&str, &str, &str, &str),
    path: &str,
    rule: (&str, u32),
    evidence: &str,
    version: &str,
) -> Conflict {
    (
        host.into(),
        crawler.into(),
        category.into(),
        key.into(),
        path.into(),
        rule.0.into(),
        rule.1,
        "*".into(),
        evidence.into(),
        version.into(),
    )
}

fn summary_of<'a>(rows: &'a [SummaryRow], host: &str, crawler: &str) -> &'a SummaryRow {
    rows.iter()
        .find(|r| r.host == host && r.crawler == crawler)
        .unwrap_or_else(|| panic!("no summary row for {host} {crawler}"))
}

/// docs/preferences.md, "Worked example", through the audit: every request of its table,
/// and a second site that says `ai-input=no` to an assistant robots.txt does not bind.
#[test]
fn spec10_worked_example_through_the_audit() {
    let example =
        std::fs::read_to_string(testdata("robots/preferences/spec10-worked-example.txt")).unwrap();
    let dir = robots_dir(&[
        ("example.com", "robots.txt", &example),
        (
            "assist.example.com",
            "robots.txt",
            "User-agent: *\nContent-Signal: ai-input=no\nDisallow: /private/\n",
        ),
    ]);
    let t = nov(20, 10);
    let requests = [
        ("example.com", "/blog/1", CLAUDEBOT),
        ("example.com", "/open/x", CLAUDEBOT),
        ("example.com", "/private/a", CLAUDEBOT),
        ("example.com", "/blog/1", GPTBOT),
        ("example.com", "/blog/1", GOOGLEBOT),
        ("example.com", "/blog/1", PERPLEXITYBOT),
        ("example.com", "/blog/1", CHATGPT_USER),
        // Robots.txt does not bind ChatGPT-User: a path it forbids still has preferences.
        ("assist.example.com", "/private/x", CHATGPT_USER),
        ("assist.example.com", "/private/x", PERPLEXITYBOT),
        ("assist.example.com", "/news/1", PERPLEXITYBOT),
        ("assist.example.com", "/news/1", GPTBOT),
        ("assist.example.com", "/news/1", GOOGLEBOT),
        ("assist.example.com", "/robots.txt", PERPLEXITYBOT),
    ];
    let log: String = requests
        .iter()
        .enumerate()
        .map(|(i, (host, path, ua))| line(host, t + i as i64 * 1000, path, ua, 200, 10))
        .collect();
    let auditor = auditor(dir.path(), 1, 1 << 30);
    let r = rows(&auditor, audit(&auditor, &log));
    let ai_input = ("Content-Signal: ai-input=no", 2);
    assert_eq!(
        conflicts(&r.preferences),
        [
            conflict(
                (
                    "assist.example.com",
                    "ChatGPT-User",
                    "ai-assistant",
                    "ai-input"
                ),
                "/private/x",
                ai_input,
                "in-force",
                ""
            ),
            conflict(
                (
                    "assist.example.com",
                    "PerplexityBot",
                    "ai-search",
                    "ai-input"
                ),
                "/news/1",
                ai_input,
                "in-force",
                ""
            ),
            conflict(
                ("example.com", "ClaudeBot", "ai-training", "ai-train"),
                "/blog/1",
                ("Content-Signal: search=yes, ai-train=no", 2),
                "in-force",
                ""
            ),
        ]
    );
    assert!(r.preferences.iter().all(|p| p.requests == 1));
    assert_eq!(r.preferences[2].operator.as_ref(), "Anthropic");
    let violations: Vec<(&str, &str, &str, &str, u32)> = r
        .violations
        .iter()
        .map(|v| (&*v.host, &*v.crawler, &*v.path, &*v.rule, v.rule_line))
        .collect();
    assert_eq!(
        violations,
        [
            (
                "assist.example.com",
                "PerplexityBot",
                "/private/x",
                "Disallow: /private/",
                3
            ),
            (
                "example.com",
                "ClaudeBot",
                "/private/a",
                "Disallow: /private/",
                4
            ),
        ]
    );
    // The summary counts them; an assistant robots.txt does not bind is never checked.
    let claude = summary_of(&r.summary, "example.com", "ClaudeBot");
    assert_eq!(
        (
            claude.checked,
            claude.allowed,
            claude.violations,
            claude.preference_conflicts
        ),
        (3, 2, 1, 1)
    );
    let assistant = summary_of(&r.summary, "assist.example.com", "ChatGPT-User");
    assert_eq!(
        (
            assistant.requests,
            assistant.checked,
            assistant.preference_conflicts
        ),
        (1, 0, 1)
    );
    for (host, crawler) in [
        ("example.com", "GPTBot"),
        ("example.com", "Googlebot"),
        ("example.com", "PerplexityBot"),
        ("example.com", "ChatGPT-User"),
        ("assist.example.com", "GPTBot"),
        ("assist.example.com", "Googlebot"),
    ] {
        assert_eq!(
            summary_of(&r.summary, host, crawler).preference_conflicts,
            0,
            "{host} {crawler}"
        );
    }
    let perplexity = summary_of(&r.summary, "assist.example.com", "PerplexityBot");
    assert_eq!(
        (
            perplexity.checked,
            perplexity.violations,
            perplexity.preference_conflicts
        ),
        (2, 1, 1)
    );
    // The hosts report: what each site's `*` group says.
    let prefs: Vec<(&str, &str)> = r
        .hosts
        .iter()
        .map(|h| (h.host.as_str(), h.preferences.as_str()))
        .collect();
    assert_eq!(
        prefs,
        [
            ("assist.example.com", "ai-input=no"),
            ("example.com", "ai-train=no;search=yes")
        ]
    );
}

/// docs/judging.md, "Judging in time", for preferences: a conflict only when every version
/// the crawler may hold says no; the row cites the latest of them, on the evidence found.
#[test]
fn preferences_are_judged_by_the_versions_the_crawler_may_hold() {
    let v3 = "User-agent: *\nContent-Usage: train-ai=n\n";
    let dir = robots_dir(&[
        (
            "t.example.com",
            &dated(nov(1, 0)),
            "User-agent: *\nContent-Signal: ai-train=no\n",
        ),
        (
            "t.example.com",
            &dated(nov(3, 0)),
            "User-agent: *\nDisallow: /x/\n",
        ),
        ("t.example.com", &dated(nov(5, 0)), v3),
    ]);
    let h = "t.example.com";
    let log = [
        // v1 alone: a conflict.
        line(h, nov(2, 10), "/a", CLAUDEBOT, 200, 10),
        // v1 or v2 (which says nothing): none.
        line(h, nov(3, 6), "/b", CLAUDEBOT, 200, 10),
        line(h, nov(4, 6), "/c", CLAUDEBOT, 200, 10),
        // v2 or v3: none.
        line(h, nov(5, 6), "/d", CLAUDEBOT, 200, 10),
        // v3 alone.
        line(h, nov(6, 6), "/e", CLAUDEBOT, 200, 10),
        // Before the history: v1 is assumed.
        line(h, nov(0, 12), "/f", CLAUDEBOT, 200, 10),
        // Its own 200 fetch of v3's size narrows v2-or-v3 to v3.
        line(h, nov(5, 1), "/robots.txt", GPTBOT, 200, v3.len() as u64),
        line(h, nov(5, 2), "/g", GPTBOT, 200, 10),
        // Its own 404: no file, so no preference either.
        line(h, nov(6, 0), "/robots.txt", GPTBOT, 404, 0),
        line(h, nov(6, 1), "/h", GPTBOT, 200, 10),
    ]
    .concat();
    let auditor = auditor(dir.path(), 1, 1 << 30);
    let r = rows(&auditor, audit(&auditor, &log));
    let signal = ("Content-Signal: ai-train=no", 2);
    let usage = ("Content-Usage: train-ai=n", 2);
    let c = |crawler, path, rule, evidence, version| {
        conflict(
            (h, crawler, "ai-training", "ai-train"),
            path,
            rule,
            evidence,
            version,
        )
    };
    assert_eq!(
        conflicts(&r.preferences),
        [
            c(
                "ClaudeBot",
                "/a",
                signal,
                "in-force",
                "2026-11-01T00:00:00Z"
            ),
            c("ClaudeBot", "/e", usage, "in-force", "2026-11-05T00:00:00Z"),
            c("ClaudeBot", "/f", signal, "assumed", "2026-11-01T00:00:00Z"),
            c("GPTBot", "/g", usage, "fetched", "2026-11-05T00:00:00Z"),
        ]
    );
    assert_eq!(
        summary_of(&r.summary, h, "ClaudeBot").preference_conflicts,
        3
    );
    assert_eq!(summary_of(&r.summary, h, "GPTBot").preference_conflicts, 1);
    assert!(r.violations.is_empty());
}

/// A site's preference lines, and groups built from them, for the properties.
const LINES: [&str; 10] = [
    "Disallow: /p/",
    "Allow: /p/q",
    "Content-Signal: ai-train=no",
    "Content-Signal: ai-train=yes, ai-input=no",
    "Content-Usage: /p/ train-ai=y",
    "Content-Usage: train-ai=n, search=n",
    "Content-Usage: /q train-ai=n",
    "Content-Signal: search=no",
    "Disallow: /q",
    "Disallow: /r$",
];

const PATHS: [&str; 6] = ["/p/1", "/p/q", "/q", "/r", "/open", "/"];

/// A robots.txt of a `*` group and a GPTBot group made of `LINES`.
fn body(star: &[usize], gptbot: &[usize]) -> String {
    let mut b = String::from("User-agent: *\n");
    for &i in star {
        b.push_str(LINES[i]);
        b.push('\n');
    }
    if !gptbot.is_empty() {
        b.push_str("\nUser-agent: GPTBot\n");
        for &i in gptbot {
            b.push_str(LINES[i]);
            b.push('\n');
        }
    }
    b
}

/// A request of the properties: crawler, path, hour after 11-01, and whether it is a fetch of
/// robots.txt (with its status).
type Request = (usize, usize, i64, Option<u16>);

fn lines_strategy() -> impl Strategy<Value = Vec<usize>> {
    prop::collection::vec(0..LINES.len(), 0..5)
}

fn requests_strategy() -> impl Strategy<Value = Vec<Request>> {
    prop::collection::vec(
        (
            0..CRAWLERS.len(),
            0..PATHS.len(),
            0i64..150,
            prop::option::weighted(0.15, prop::sample::select(vec![200u16, 404])),
        ),
        1..40,
    )
}

/// The log of `requests` on `host`, a second apart within an hour (the log's resolution);
/// every request's path is made unique (`?n=`), so that every row stands for one request.
fn requests_log(host: &str, requests: &[Request]) -> String {
    requests
        .iter()
        .enumerate()
        .map(|(n, &(c, p, hour, fetch))| {
            let t = nov(1, 0) + hour * HOUR + n as i64 * 1000;
            match fetch {
                Some(status) => line(host, t, "/robots.txt", CRAWLERS[c], status, 0),
                None => line(
                    host,
                    t,
                    &format!("{}?n={n}", PATHS[p]),
                    CRAWLERS[c],
                    200,
                    10,
                ),
            }
        })
        .collect()
}

/// Conflicts by (crawler, path, User-Agent, key, rule, line, group): what must not depend on
/// which version, of several with one body, is cited.
fn conflicts_by_request(rows: &[PreferenceRow]) -> BTreeMap<Vec<String>, u64> {
    let mut out = BTreeMap::new();
    for r in rows {
        let key = vec![
            r.crawler.to_string(),
            r.path.to_string(),
            r.user_agent.to_string(),
            r.key.to_string(),
            r.rule.to_string(),
            r.rule_line.to_string(),
            r.group.to_string(),
        ];
        *out.entry(key).or_default() += r.requests;
    }
    out
}

/// Each crawler of `CRAWLERS` as the engine sees it: its token, whether robots.txt binds it,
/// and the key its category conflicts with.
const AS_ENGINE_SEES: [(&str, bool, Option<PrefKey>); 6] = [
    ("claudebot", true, Some(PrefKey::AiTrain)),
    ("gptbot", true, Some(PrefKey::AiTrain)),
    ("chatgpt-user", false, Some(PrefKey::AiInput)),
    ("perplexitybot", true, Some(PrefKey::AiInput)),
    ("googlebot", true, Some(PrefKey::Search)),
    ("foobot", true, None),
];

/// What each request of `requests` comes to under one undated `body`, asked of the engine
/// directly: (violations, conflicts), as (crawler index, unique path). A crawler's own 404
/// fetch within the leeway (24 hours) before a request means no file: neither. Every client
/// of the log is unverified (a documentation address), so its fetches are its own alone:
/// those of the same address ([`line`]'s).
/// Requests as (crawler index, unique path): (violations, conflicts).
type Outcomes = (Vec<(usize, String)>, Vec<(usize, String)>);

fn oracle(body: &str, requests: &[Request]) -> Outcomes {
    let robots = RobotsTxt::parse(body.as_bytes(), Dialect::Google);
    let (mut violations, mut conflicts) = (Vec::new(), Vec::new());
    let mut last_fetch: BTreeMap<(usize, i64), (i64, u16)> = BTreeMap::new();
    let address = |t: i64| t / 1000 % 200;
    let mut timed: Vec<(i64, usize, Request)> = requests
        .iter()
        .enumerate()
        .map(|(n, &r)| (nov(1, 0) + r.2 * HOUR + n as i64 * 1000, n, r))
        .collect();
    timed.sort_unstable();
    for (t, n, (c, p, _, fetch)) in timed {
        if let Some(status) = fetch {
            last_fetch.insert((c, address(t)), (t, status));
            continue;
        }
        if last_fetch
            .get(&(c, address(t)))
            .is_some_and(|&(f, status)| status == 404 && t - f <= DAY)
        {
            continue;
        }
        let (token, bound, key) = AS_ENGINE_SEES[c];
        let group = robots.group_for(&Agent {
            tokens: &[token],
            obeys_star: true,
        });
        let target = format!("{}?n={n}", PATHS[p]);
        let mut path = Vec::new();
        normalize_target(target.as_bytes(), &mut path);
        if bound && !robots.check(group, &path).allowed {
            violations.push((c, target));
        } else if key.is_some_and(|k| robots.preferences(group, &path).no(k).is_some()) {
            conflicts.push((c, target));
        }
    }
    violations.sort();
    conflicts.sort();
    (violations, conflicts)
}

/// The crawler index of a row's crawler name.
fn crawler_index(name: &str) -> usize {
    [
        "ClaudeBot",
        "GPTBot",
        "ChatGPT-User",
        "PerplexityBot",
        "Googlebot",
        "FooBot",
    ]
    .iter()
    .position(|c| *c == name)
    .unwrap_or_else(|| panic!("{name}"))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Request by request, the audit's violations and conflicts under one undated file are
    /// what the engine answers, with the crawler's own 404 fetches taken into account.
    #[test]
    fn the_audit_answers_as_the_engine_does_request_by_request(
        star in lines_strategy(),
        gptbot in lines_strategy(),
        requests in requests_strategy(),
    ) {
        let body = body(&star, &gptbot);
        let dir = robots_dir(&[("p.example.com", "robots.txt", &body)]);
        let auditor = auditor(dir.path(), 1, 1 << 30);
        let r = rows(&auditor, audit(&auditor, &requests_log("p.example.com", &requests)));
        let mut violations: Vec<(usize, String)> = r
            .violations
            .iter()
            .map(|v| (crawler_index(&v.crawler), v.path.to_string()))
            .collect();
        let mut conflicts: Vec<(usize, String)> = r
            .preferences
            .iter()
            .map(|p| (crawler_index(&p.crawler), p.path.to_string()))
            .collect();
        violations.sort();
        conflicts.sort();
        prop_assert_eq!((violations, conflicts), oracle(&body, &requests));
    }

    /// docs/preferences.md, "What a preference does not do": a request a rule forbids is a
    /// violation and never also a conflict, whatever the versions and the fetches; and the
    /// summary counts exactly the rows.
    #[test]
    fn a_request_is_never_both_a_violation_and_a_conflict(
        versions in prop::collection::vec((lines_strategy(), lines_strategy()), 1..4),
        requests in requests_strategy(),
    ) {
        let files: Vec<(String, String)> = versions
            .iter()
            .enumerate()
            .map(|(i, (star, gptbot))| (dated(nov(1, 0) + i as i64 * 30 * HOUR), body(star, gptbot)))
            .collect();
        let files: Vec<(&str, &str, &str)> = files
            .iter()
            .map(|(name, body)| ("p.example.com", name.as_str(), body.as_str()))
            .collect();
        let dir = robots_dir(&files);
        let auditor = auditor(dir.path(), 1, 1 << 30);
        let r = rows(&auditor, audit(&auditor, &requests_log("p.example.com", &requests)));
        let violated: std::collections::BTreeSet<(&str, &str)> = r
            .violations
            .iter()
            .map(|v| (&*v.crawler, &*v.path))
            .collect();
        for p in &r.preferences {
            prop_assert!(
                !violated.contains(&(&*p.crawler, &*p.path)),
                "{} {} is both", p.crawler, p.path
            );
            prop_assert_eq!(p.requests, 1);
        }
        let counted: u64 = r.summary.iter().map(|s| s.preference_conflicts).sum();
        prop_assert_eq!(counted, r.preferences.len() as u64);
        for s in &r.summary {
            prop_assert!(s.preference_conflicts + s.violations <= s.requests);
        }
    }

    /// docs/preferences.md, "What a conflict is", with docs/judging.md: one body for all time
    /// — undated, or as several dated versions — gives the same conflicts; only the version
    /// cited and the evidence can differ.
    #[test]
    fn one_version_for_all_time_gives_the_same_conflicts_as_the_undated_file(
        star in lines_strategy(),
        gptbot in lines_strategy(),
        starts in prop::collection::btree_set(0i64..150, 1..4),
        requests in requests_strategy(),
    ) {
        let body = body(&star, &gptbot);
        let undated = robots_dir(&[("p.example.com", "robots.txt", &body)]);
        let names: Vec<String> = starts.iter().map(|&h| dated(nov(1, 0) + h * HOUR)).collect();
        let files: Vec<(&str, &str, &str)> = names
            .iter()
            .map(|n| ("p.example.com", n.as_str(), body.as_str()))
            .collect();
        let dated = robots_dir(&files);
        let log = requests_log("p.example.com", &requests);
        let a = auditor(undated.path(), 1, 1 << 30);
        let b = auditor(dated.path(), 1, 1 << 30);
        let (ra, rb) = (rows(&a, audit(&a, &log)), rows(&b, audit(&b, &log)));
        prop_assert_eq!(conflicts_by_request(&ra.preferences), conflicts_by_request(&rb.preferences));
        let counts = |r: &Rows| -> Vec<(String, u64)> {
            r.summary.iter().map(|s| (s.crawler.clone(), s.preference_conflicts)).collect()
        };
        prop_assert_eq!(counts(&ra), counts(&rb));
        prop_assert!(ra.preferences.iter().all(|p| p.robots_version.is_none()));
    }
}

/// A site that says no to every AI use beside one that says nothing, visited by crawlers of
/// every kind on a long tail of paths: many conflict rows, violations among them, fetches of
/// robots.txt, assistants robots.txt does not bind.
fn busy_log(lines: usize) -> String {
    (0..lines)
        .map(|i| {
            let host = ["no.example.com", "quiet.example.com", "no.example.com"][i % 3];
            let path = match i % 11 {
                0 => "/robots.txt".to_string(),
                1 | 2 => format!("/private/{}", i % 997),
                3 => format!("/open/{}", i % 89),
                _ => format!("/blog/{}?q={}", i % 4001, i % 7),
            };
            let t = nov(20, 0) + (i as i64) * 700;
            line(host, t, &path, CRAWLERS[i % CRAWLERS.len()], 200, 10)
        })
        .collect()
}

fn busy_robots() -> tempfile::TempDir {
    robots_dir(&[
        (
            "no.example.com",
            "robots.txt",
            "User-agent: *\nContent-Signal: search=yes, ai-train=no, ai-input=no\nContent-Usage: /open/ train-ai=y\nDisallow: /private/\n",
        ),
        (
            "quiet.example.com",
            "robots.txt",
            "User-agent: *\nDisallow: /private/\n",
        ),
    ])
}

/// Lines `from..to` of `log` (whole lines).
fn part(log: &str, from: usize, to: usize) -> String {
    log.lines()
        .skip(from)
        .take(to - from)
        .map(|l| format!("{l}\n"))
        .collect()
}

/// docs/reports.md, "Determinism": the same bytes in every report at 1, 2 and 7 threads,
/// with the input in one file or three, merged from parts in any order, and past a tiny
/// memory budget (sorted runs on disk).
#[test]
fn preference_rows_are_the_same_bytes_whatever_the_threads_the_split_and_the_budget() {
    let robots = busy_robots();
    let log = busy_log(30_000);
    let files = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| -> PathBuf {
        let p = files.path().join(name);
        std::fs::write(&p, text).unwrap();
        p
    };
    let whole = write("whole.log", &log);
    let thirds = [
        write("a.log", &part(&log, 0, 9_000)),
        write("b.log", &part(&log, 9_000, 21_000)),
        write("c.log", &part(&log, 21_000, 30_000)),
    ];
    let by_sources = |threads: usize, budget: usize, paths: &[PathBuf]| {
        let a = auditor(robots.path(), threads, budget);
        let sources: Vec<Source> = paths.iter().map(|p| Source::Path(p.clone())).collect();
        let partial = a.audit_sources(&sources, &Silent).unwrap();
        let spilled = !partial.runs.is_empty();
        (reports(&a, partial), spilled)
    };
    let (expected, spilled) = by_sources(1, 1 << 30, std::slice::from_ref(&whole));
    assert!(!spilled);
    let prefs = String::from_utf8(expected[1].clone()).unwrap();
    assert!(prefs.lines().count() > 2_000, "a long tail of conflicts");
    assert!(prefs.contains(",ChatGPT-User,OpenAI,ai-assistant,"));
    assert!(prefs.contains(",ai-input,/private/"), "unbound, still used");
    assert!(
        !prefs.contains("quiet.example.com") && !prefs.contains(",ai-train,/open/"),
        "nothing where nothing says no"
    );
    assert!(
        prefs.contains(",ai-input,/open/"),
        "Content-Usage speaks of training only"
    );
    for threads in [2, 7] {
        assert!(
            by_sources(threads, 1 << 30, std::slice::from_ref(&whole)).0 == expected,
            "{threads} threads"
        );
        assert!(
            by_sources(threads, 1 << 30, &thirds).0 == expected,
            "{threads} threads, three files"
        );
    }
    for threads in [1, 2] {
        let (got, spilled) = by_sources(threads, 64 << 10, &thirds);
        assert!(spilled, "the budget is passed");
        assert!(got == expected, "{threads} threads past the budget");
    }
    // Parts audited apart and merged in another order, one of them through the byte form.
    let a = auditor(robots.path(), 1, 1 << 30);
    let mut merged = Partial::default();
    for p in [&thirds[2], &thirds[0], &thirds[1]] {
        let text = std::fs::read_to_string(p).unwrap();
        let part = audit(&a, &text);
        merged.merge(Partial::from_bytes(&part.to_bytes().unwrap()).unwrap());
    }
    assert!(reports(&a, merged) == expected, "merged parts");
}

/// A driver that judges what several tasks read (the Spark job) reads every host's rules at
/// once: when they hold more than the budget there, the findings fail as the CLI's audit does
/// (a review found the job leave out a host's versions and write its violations as none,
/// exit 0, where each task had stayed under the budget with one host).
#[test]
fn findings_fail_when_the_rules_they_read_exceed_the_budget() {
    let hosts = ["a.example.com", "b.example.com", "c.example.com"];
    // About 430 KB each, each its own: one fits half of 2 MiB, three do not.
    let bodies: Vec<String> = hosts
        .iter()
        .map(|h| {
            std::iter::once("User-agent: *\nDisallow: /private/\n".to_owned())
                .chain((0..13_000).map(|i| format!("Disallow: /{h}/{i:05}/x\n")))
                .collect()
        })
        .collect();
    let files: Vec<(&str, &str, &str)> = hosts
        .iter()
        .zip(&bodies)
        .map(|(h, b)| (*h, "robots.txt", b.as_str()))
        .collect();
    let dir = robots_dir(&files);
    let mut merged: Option<Partial> = None;
    for host in hosts {
        let task = auditor(dir.path(), 1, 2 << 20);
        let log = line(host, nov(2, 0), "/private/a", CLAUDEBOT, 200, 10);
        let part = audit(&task, &log);
        match &mut merged {
            Some(m) => m.merge(part),
            None => merged = Some(part),
        }
    }
    let merged = merged.unwrap();
    let driver = auditor(dir.path(), 1, 2 << 20);
    let err = match driver.findings(merged.clone()) {
        Ok(_) => panic!("the findings read more rules than the budget holds"),
        Err(e) => e.to_string(),
    };
    assert!(err.contains("more than 1,048,576 bytes"), "{err}");
    // With room for them, every host's violation is found.
    let roomy = auditor(dir.path(), 1, 8 << 20);
    let r = rows(&roomy, merged);
    let mut found: Vec<String> = r.violations.iter().map(|v| v.host.to_string()).collect();
    found.sort();
    assert_eq!(found, hosts);
}
