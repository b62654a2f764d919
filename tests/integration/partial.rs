//! The audit core as a library: partial results merge by value, so the reports do not depend
//! on how the input was split or in which order the parts came back.

use std::sync::Arc;

use proptest::prelude::*;
use robots_audit::audit::{AuditSettings, Auditor, Partial};
use robots_audit::crawlers::{Registry, Verifier};
use robots_audit::fetch::{FetchOptions, RobotsSource, RobotsStore};
use robots_audit::logformat::Format;
use robots_audit::report::{self, CsvStyle};

use crate::support::testdata;

fn auditor() -> Auditor {
    let store = RobotsStore::new(FetchOptions {
        robots_dir: Some(testdata("robots-dir")),
        ..FetchOptions::default()
    })
    .expect("a robots-dir store");
    Auditor::new(
        AuditSettings {
            // Each part is read as the whole file's format: a part of a few lines says too
            // little to detect one.
            format: Some(Format::VhostCombined),
            threads: 2,
            ..AuditSettings::default()
        },
        Arc::new(Registry::builtin()),
        Arc::new(Verifier::bundled()),
        Arc::new(store) as Arc<dyn RobotsSource>,
    )
}

/// The shipped log's lines.
fn lines() -> Vec<u8> {
    std::fs::read(testdata("access.log")).expect("testdata/access.log")
}

/// Byte offsets of the starts of `n` parts cut at line boundaries chosen by `cuts` (fractions).
fn split(data: &[u8], cuts: &[f64]) -> Vec<Vec<u8>> {
    let mut points: Vec<usize> = cuts
        .iter()
        .map(|f| {
            let at = ((data.len() as f64) * f) as usize;
            // The start of the line at or after `at`.
            match data[at.min(data.len())..].iter().position(|&b| b == b'\n') {
                Some(i) if at > 0 => at + i + 1,
                _ => 0,
            }
        })
        .collect();
    points.push(0);
    points.push(data.len());
    points.sort_unstable();
    points.dedup();
    points
        .windows(2)
        .map(|w| data[w[0]..w[1]].to_vec())
        .collect()
}

fn audit(auditor: &Auditor, part: &[u8]) -> Partial {
    auditor
        .audit_reader(part, "access.log")
        .expect("a part of a log audits")
}

/// The four reports a partial gives (not the inputs report, whose line numbers are per part).
fn reports(auditor: &Auditor, partial: Partial) -> [Vec<u8>; 4] {
    let mut f = auditor.findings(partial);
    let style = CsvStyle { neutralize: true };
    let mut v = Vec::new();
    report::write_violations(&mut v, f.violations.by_ref(), style).unwrap();
    let mut s = Vec::new();
    report::write_summary(&mut s, &f.summary, style).unwrap();
    let mut h = Vec::new();
    report::write_hosts(&mut h, &f.hosts, style).unwrap();
    let mut sp = Vec::new();
    report::write_spoofed(&mut sp, &f.spoofed, style).unwrap();
    [v, s, h, sp]
}

fn merged(parts: impl IntoIterator<Item = Partial>) -> Partial {
    let mut all = Partial::default();
    for p in parts {
        all.merge(p);
    }
    all
}

#[test]
fn the_library_gives_the_binarys_golden_report() {
    let auditor = auditor();
    let [v, ..] = reports(&auditor, audit(&auditor, &lines()));
    assert_eq!(
        String::from_utf8(v).unwrap(),
        std::fs::read_to_string(testdata("expected/violations.csv")).unwrap()
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn any_split_merged_in_any_order_gives_the_same_reports(
        cuts in prop::collection::vec(0.0f64..1.0, 1..5),
        order in any::<prop::sample::Index>(),
    ) {
        let auditor = auditor();
        let data = lines();
        let whole = reports(&auditor, audit(&auditor, &data));
        let mut parts: Vec<Partial> =
            split(&data, &cuts).iter().map(|p| audit(&auditor, p)).collect();
        // Merged in a rotated order, as a cluster's tasks might come back.
        let n = parts.len();
        parts.rotate_left(order.index(n));
        let merged = merged(parts);
        prop_assert_eq!(reports(&auditor, merged), whole);
    }
}

#[test]
fn merge_is_commutative_and_associative_and_survives_the_wire() {
    let auditor = auditor();
    let data = lines();
    let parts: Vec<Partial> = split(&data, &[0.31, 0.62])
        .iter()
        .map(|p| audit(&auditor, p))
        .collect();
    let [a, b, c] = [parts[0].clone(), parts[1].clone(), parts[2].clone()];
    let ab = merged([a.clone(), b.clone()]);
    let ba = merged([b.clone(), a.clone()]);
    assert_eq!(ab, ba);
    assert_eq!(ab.to_bytes(), ba.to_bytes(), "equal data, equal bytes");
    let ab_c = merged([ab.clone(), c.clone()]);
    let a_bc = merged([a.clone(), merged([b.clone(), c.clone()])]);
    assert_eq!(ab_c, a_bc);
    // A round trip through the byte form changes nothing.
    let wire = Partial::from_bytes(&ab_c.to_bytes()).expect("its own bytes");
    assert_eq!(wire, ab_c);
    assert_eq!(reports(&auditor, wire), reports(&auditor, a_bc));
    // The byte form is compact: well under the text it was made from.
    assert!(
        ab_c.to_bytes().len() < data.len() / 4,
        "{} bytes for {} of log",
        ab_c.to_bytes().len(),
        data.len()
    );
}

#[test]
fn bytes_that_are_not_a_partial_are_refused_not_misread() {
    let auditor = auditor();
    let good = audit(&auditor, &lines()).to_bytes();
    assert!(Partial::from_bytes(b"").is_err());
    assert!(Partial::from_bytes(b"not a partial at all").is_err());
    let mut other_version = good.clone();
    other_version[8] = 99;
    let e = Partial::from_bytes(&other_version).unwrap_err().to_string();
    assert!(e.contains("version 99"), "{e}");
    for cut in [9, 12, good.len() / 2, good.len() - 1] {
        assert!(Partial::from_bytes(&good[..cut]).is_err(), "cut at {cut}");
    }
}

/// A log where crawlers ignore `Disallow: /` on many distinct paths: one kept request per
/// path, enough to pass a small memory budget many times over.
fn long_tail_log(lines: usize) -> Vec<u8> {
    let bots = [
        "Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)",
        "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)",
        "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
    ];
    let mut log = Vec::new();
    for i in 0..lines {
        let host = [
            "www.example.com:443",
            "api.example.com:443",
            "www.example.com:80",
        ][i % 3];
        log.extend_from_slice(
            format!(
                "{host} 198.51.100.{} - - [20/Nov/2026:{:02}:{:02}:{:02} +0000] \"GET /private/{}?q={} HTTP/1.1\" 200 5 \"-\" \"{}\"\n",
                i % 250,
                (i / 3600) % 24,
                (i / 60) % 60,
                i % 60,
                i % 7919,
                i % 13,
                bots[i % bots.len()]
            )
            .as_bytes(),
        );
    }
    log
}

/// An auditor of `vhost_combined` lines on one thread, judging by testdata's robots-dir,
/// keeping at most `budget` bytes of requests in memory.
fn with_budget(budget: usize) -> Auditor {
    let store = RobotsStore::new(FetchOptions {
        robots_dir: Some(testdata("robots-dir")),
        ..FetchOptions::default()
    })
    .expect("a robots-dir store");
    Auditor::new(
        AuditSettings {
            format: Some(Format::VhostCombined),
            threads: 1,
            memory_budget: budget,
            ..AuditSettings::default()
        },
        Arc::new(Registry::builtin()),
        Arc::new(Verifier::bundled()),
        Arc::new(store) as Arc<dyn RobotsSource>,
    )
}

#[test]
fn past_the_memory_budget_kept_requests_go_to_runs_and_the_reports_are_the_same() {
    let log = long_tail_log(24_000);
    let big = with_budget(1 << 30);
    let all_in_memory = big.audit_reader(&log[..], "long-tail.log").unwrap();
    assert!(all_in_memory.runs.is_empty());
    let small = with_budget(64 << 10);
    let spilled = small.audit_reader(&log[..], "long-tail.log").unwrap();
    assert!(spilled.runs.len() > 5, "{} runs", spilled.runs.len());
    let expected = reports(&big, all_in_memory.clone());
    assert!(rows_in(&expected[0]) > 10_000, "a long-tail report");
    assert_eq!(reports(&small, spilled.clone()), expected);
    // Merged with another part, and through the byte form, a spilled partial says the same.
    let mut twice = spilled.clone();
    twice.merge(small.audit_reader(&log[..0], "empty.log").unwrap());
    assert_eq!(reports(&small, twice), expected);
    let wire = Partial::from_bytes(&spilled.to_bytes()).unwrap();
    assert!(wire.runs.is_empty());
    assert_eq!(wire, all_in_memory);
}

#[test]
fn a_spill_also_forgets_the_addresses_of_the_requests_it_took() {
    // Every request from an address of its own: the table of clients would otherwise grow
    // with the log, outside the budget.
    let mut log = Vec::new();
    for i in 0..30_000u32 {
        log.extend_from_slice(
            format!(
                "www.example.com:443 100.{}.{}.{} - - [20/Nov/2026:10:{:02}:{:02} +0000] \"GET /admin/{} HTTP/1.1\" 200 5 \"-\" \"FooBot/1.0 (+https://foo.example/bot)\"\n",
                64 + i / 65_536,
                (i / 256) % 256,
                i % 256,
                (i / 60) % 60,
                i % 60,
                i % 5_000,
            )
            .as_bytes(),
        );
    }
    let big = with_budget(1 << 30);
    let all_in_memory = big.audit_reader(&log[..], "addresses.log").unwrap();
    assert_eq!(all_in_memory.clients.len(), 30_000);
    let small = with_budget(64 << 10);
    let spilled = small.audit_reader(&log[..], "addresses.log").unwrap();
    assert!(spilled.runs.len() > 5, "{} runs", spilled.runs.len());
    // What is left: the addresses of the requests since the last run (and of Crawl-delay
    // and spoofed requests, none here), not one per request the runs took.
    assert!(
        spilled.clients.len() < 2_000,
        "{} clients kept",
        spilled.clients.len()
    );
    let expected = reports(&big, all_in_memory);
    assert!(rows_in(&expected[0]) >= 5_000, "a row per path");
    assert_eq!(reports(&small, spilled), expected);
}

fn rows_in(csv: &[u8]) -> usize {
    csv.iter().filter(|&&b| b == b'\n').count() - 1
}
