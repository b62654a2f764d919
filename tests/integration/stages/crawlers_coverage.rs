//! How much of the public crawler lists the identification recognises and names well, and
//! that browsers stay browsers (issue #14). Data: `testdata/crawlers/` (see its README).
//!
//! The three figures, over the committed data:
//! - **recognised**: the share of the example headers of crawler-user-agents that
//!   [`Registry::identify`] takes for an automated client (a registry entry or an unknown
//!   one), of all its examples.
//! - **named like its pattern**: the share of those examples whose reported name (the
//!   registry entry's name, or the unknown client's name: the report's `crawler` column) is
//!   like the list entry's pattern: the pattern, as a case-insensitive regex, matches inside
//!   the name (`Googlebot` for `Googlebot`, `Tiny Tiny RSS` for `Tiny Tiny RSS`), or the name
//!   occurs in the header (ignoring case) around the whole of the pattern's leftmost match
//!   there, trimmed of spaces and punctuation at its ends (`Googlebot` for `Googlebot\/`,
//!   `AhrefsBot` for `Ahrefs(Bot|SiteAudit)`; not `RSS` for `Tiny Tiny RSS`). Browser and
//!   platform words (`Mozilla`, `compatible`, …) never count as a name.
//! - **browsers misread**: headers of uap-core's test set that uap-core's device parser does
//!   not call a spider, and whose uap-core family is not an automated client (the families in
//!   [`AUTOMATED`], each one a robot, monitor, HTTP library, feed reader or scanner by its own
//!   documentation), that are taken for an automated client. Must be none.
//!
//! `cargo test --test crawlers_coverage -- --nocapture` prints the figures;
//! `COVERAGE_DUMP=FILE` also writes the examples not named like their pattern to FILE (TSV:
//! pattern, name given, header).

use std::collections::BTreeMap;

use regex::RegexBuilder;
use robots_audit::crawlers::{Identity, Registry, is_browser_token};

const LIST: &str = include_str!("../../../testdata/crawlers/crawler-user-agents.json");
const UAP: &str = include_str!("../../../testdata/crawlers/uap-core-user-agents.tsv");

/// uap-core families (of headers its device parser does not call spiders) that are not
/// browsers or apps used by a person: robots, monitors, HTTP libraries and tools, feed
/// readers and scanners.
const AUTOMATED: &[&str] = &[
    // Crawlers and robots that uap-core's spider rule misses.
    "Connector Spider",
    "FASTMobileCrawl",
    "GmailImageProxy",
    "HTTrack",
    "HuaweiSymantecSpider",
    "Huaweisymantecspider",
    "Mediapartners-Google",
    "moba-crawler",
    "mobile crawler",
    "msnbot",
    "PHPCrawl",
    "RSScrawler",
    "SSL-Crawler",
    "WebThumb",
    "Web-sniffer",
    // Uptime and performance monitors.
    "Catchpoint",
    "Monitis",
    "PingdomBot",
    "RackspaceBot",
    "Ruxit Synthetic",
    "Site24x7",
    "YottaaMonitor",
    // Servers and sync clients that fetch by themselves.
    "DAVdroid",
    "Ghost",
    // Feed readers.
    "Bloglovin",
    "Feedbin",
    "Tiny Tiny RSS",
    // Scanners.
    "OpenVAS Scanner",
    // HTTP libraries, command-line tools and headless browsers.
    "AHC",
    "Apache-HttpClient",
    "axios",
    "curl",
    "Go-http-client",
    "go-resty",
    "got",
    "GuzzleHttp",
    "HeadlessChrome",
    "HTTPie",
    "Jersey",
    "libwww-perl",
    "okhttp",
    "PhantomJS",
    "PostmanRuntime",
    "Python aiohttp",
    "Python Requests",
    "Wget",
    "wget2",
];

/// Headers of uap-core families that hold browsers too, which are robots by their own
/// documentation.
const AUTOMATED_HEADERS: &[&str] = &[
    // Pinterest's crawler ("Pinterest/0.2 (+https://www.pinterest.com/bot.html)"); the family
    // holds Pinterest's app.
    "Pinterest/0.2 (+http://www.pinterest.com/)",
];

struct Example {
    pattern: String,
    header: String,
}

fn examples() -> Vec<Example> {
    #[derive(serde::Deserialize)]
    struct Entry {
        pattern: String,
        instances: Vec<String>,
    }
    let entries: Vec<Entry> = serde_json::from_str(LIST).expect("the committed list parses");
    entries
        .into_iter()
        .flat_map(|e| {
            let pattern = e.pattern;
            e.instances.into_iter().map(move |header| Example {
                pattern: pattern.clone(),
                header,
            })
        })
        .collect()
}

/// The name the report would give a header's client, if it is taken for an automated one.
fn reported_name(r: &Registry, header: &str) -> Option<String> {
    match r.identify(header.as_bytes()) {
        Identity::Known(id) => Some(r.get(id).name.clone()),
        Identity::Unknown(bot) => Some(bot.name),
        Identity::NotCrawler => None,
    }
}

/// The definition of "named like its pattern" above.
fn named_like(pattern: &str, header: &str, name: &str) -> bool {
    if name.is_empty() || is_browser_token(&name.to_ascii_lowercase()) {
        return false;
    }
    let rx = RegexBuilder::new(pattern)
        .case_insensitive(true)
        .build()
        .expect("the list's patterns compile");
    if rx.is_match(name) {
        return true;
    }
    let Some(m) = rx.find(header) else {
        return false;
    };
    // The match without the spaces and punctuation at its ends.
    let text = m.as_str();
    let start = m.start()
        + (text.len()
            - text
                .trim_start_matches(|c: char| !c.is_alphanumeric())
                .len());
    let end = m.start() + text.trim_end_matches(|c: char| !c.is_alphanumeric()).len();
    let (hay, needle) = (header.to_ascii_lowercase(), name.to_ascii_lowercase());
    hay.match_indices(&needle)
        .any(|(i, _)| i <= start && end <= i + needle.len())
}

struct Figures {
    total: usize,
    recognised: usize,
    named: usize,
    /// (pattern, header, name) of the examples not named like their pattern.
    misnamed: Vec<(String, String, Option<String>)>,
}

fn figures(r: &Registry) -> Figures {
    let examples = examples();
    let mut f = Figures {
        total: examples.len(),
        recognised: 0,
        named: 0,
        misnamed: Vec::new(),
    };
    for e in &examples {
        let name = reported_name(r, &e.header);
        if name.is_some() {
            f.recognised += 1;
        }
        if name
            .as_deref()
            .is_some_and(|n| named_like(&e.pattern, &e.header, n))
        {
            f.named += 1;
        } else {
            f.misnamed.push((e.pattern.clone(), e.header.clone(), name));
        }
    }
    f
}

fn percent(part: usize, whole: usize) -> f64 {
    100.0 * part as f64 / whole as f64
}

#[test]
fn crawler_user_agents_examples_are_recognised_and_named_like_their_pattern() {
    let r = Registry::builtin();
    let f = figures(&r);
    assert!(f.total > 2000, "{} examples", f.total);
    let (recognised, named) = (percent(f.recognised, f.total), percent(f.named, f.total));
    eprintln!(
        "crawler-user-agents: {} examples, recognised {} ({recognised:.1}%), named like their pattern {} ({named:.1}%)",
        f.total, f.recognised, f.named
    );
    if let Ok(path) = std::env::var("COVERAGE_DUMP") {
        let all: Vec<String> = f
            .misnamed
            .iter()
            .map(|(p, h, n)| format!("{p}\t{}\t{h}", n.as_deref().unwrap_or("-")))
            .collect();
        std::fs::write(path, all.join("\n")).expect("dump");
    }
    let sample: Vec<String> = f
        .misnamed
        .iter()
        .take(40)
        .map(|(p, h, n)| format!("{p:?} → {n:?}: {h}"))
        .collect();
    assert!(
        recognised >= 95.0,
        "recognised {recognised:.1}% < 95%; not named like their pattern (first 40):\n{}",
        sample.join("\n")
    );
    assert!(
        named >= 90.0,
        "named like the pattern {named:.1}% < 90%; first 40:\n{}",
        sample.join("\n")
    );
}

#[test]
fn no_browser_of_uap_core_is_taken_for_a_crawler() {
    let r = Registry::builtin();
    let mut browsers = 0;
    let mut misread = Vec::new();
    let mut families: BTreeMap<&str, usize> = BTreeMap::new();
    for line in UAP.lines().filter(|l| !l.starts_with('#')) {
        let mut cells = line.splitn(3, '\t');
        let (Some(_source), Some(family), Some(header)) =
            (cells.next(), cells.next(), cells.next())
        else {
            panic!("bad line {line:?}")
        };
        *families.entry(family).or_default() += 1;
        if AUTOMATED.contains(&family) || AUTOMATED_HEADERS.contains(&header) {
            continue;
        }
        browsers += 1;
        if let Some(name) = reported_name(&r, header) {
            misread.push(format!("{family}: {header} → {name}"));
        }
    }
    for family in AUTOMATED {
        assert!(families.contains_key(family), "{family} is not in the data");
    }
    for header in AUTOMATED_HEADERS {
        assert!(UAP.contains(header), "{header} is not in the data");
    }
    eprintln!(
        "uap-core: {browsers} browser headers, {} taken for crawlers",
        misread.len()
    );
    assert!(browsers > 1100, "{browsers}");
    assert!(misread.is_empty(), "{}", misread.join("\n"));
}

#[test]
fn the_named_like_rule_means_what_it_says() {
    assert!(named_like("Googlebot\\/", "Googlebot/2.1", "Googlebot"));
    assert!(named_like(
        "Ahrefs(Bot|SiteAudit)",
        "Mozilla/5.0 (compatible; AhrefsBot/7.0)",
        "AhrefsBot"
    ));
    assert!(named_like(
        "Tiny Tiny RSS",
        "Tiny Tiny RSS/19.8 (http://tt-rss.org/)",
        "Tiny Tiny RSS"
    ));
    assert!(!named_like(
        "Tiny Tiny RSS",
        "Tiny Tiny RSS/19.8 (http://tt-rss.org/)",
        "RSS"
    ));
    assert!(named_like(
        "(^| )sentry\\/",
        "Mozilla/5.0 (compatible) sentry/23.1",
        "sentry"
    ));
    assert!(!named_like(
        "Chef Client",
        "Chef Client/10.18.2 (ruby-1.9.3-p327; ohai-6.16.0; x86_64-linux; +http://opscode.com)",
        "ruby"
    ));
    assert!(!named_like(
        "^Mozilla\\/5\\.0 \\(compatible; Foo",
        "Mozilla/5.0 (compatible; Foo)",
        "Mozilla"
    ));
}
