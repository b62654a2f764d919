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

/// The five reports a partial gives (not the inputs report, whose line numbers are per part).
fn reports(auditor: &Auditor, partial: Partial) -> [Vec<u8>; 5] {
    let mut f = auditor.findings(partial).unwrap();
    let style = CsvStyle { neutralize: true };
    let mut v = Vec::new();
    report::write_violations(&mut v, f.violations.by_ref(), style).unwrap();
    let mut p = Vec::new();
    report::write_preferences(&mut p, f.preferences.by_ref(), style).unwrap();
    let mut s = Vec::new();
    report::write_summary(&mut s, &f.summary, style).unwrap();
    let mut h = Vec::new();
    report::write_hosts(&mut h, &f.hosts, style).unwrap();
    let mut sp = Vec::new();
    report::write_spoofed(&mut sp, &f.spoofed, style).unwrap();
    [v, s, h, sp, p]
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

/// The preferences report of the shipped log: shop.example.com says `ai-train=no` to `*`
/// (but yes under `/account/help`), where GPTBot and ClaudeBot fetch what no rule forbids
/// them.
#[test]
fn the_library_gives_the_golden_preferences_report() {
    let auditor = auditor();
    let [.., p] = reports(&auditor, audit(&auditor, &lines()));
    crate::support::assert_golden(&p, "expected/preferences.csv");
    let text = String::from_utf8(p).unwrap();
    assert!(text.lines().count() > 10, "{text}");
    for row in text.lines().skip(1) {
        assert!(row.starts_with("shop.example.com,"), "{row}");
        assert!(
            row.contains(",OpenAI,ai-training,") || row.contains(",Anthropic,ai-training,"),
            "{row}"
        );
        assert!(
            row.contains(",ai-train,")
                && row.contains(",\"Content-Signal: search=yes, ai-train=no\",2,"),
            "{row}"
        );
        assert!(!row.contains(",/account/help,"), "{row}");
    }
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
    assert_eq!(
        ab.to_bytes().unwrap(),
        ba.to_bytes().unwrap(),
        "equal data, equal bytes"
    );
    let ab_c = merged([ab.clone(), c.clone()]);
    let a_bc = merged([a.clone(), merged([b.clone(), c.clone()])]);
    assert_eq!(ab_c, a_bc);
    // A round trip through the byte form changes nothing.
    let wire = Partial::from_bytes(&ab_c.to_bytes().unwrap()).expect("its own bytes");
    assert_eq!(wire, ab_c);
    assert_eq!(reports(&auditor, wire), reports(&auditor, a_bc));
    // The byte form is compact: well under the text it was made from.
    assert!(
        ab_c.to_bytes().unwrap().len() < data.len() / 4,
        "{} bytes for {} of log",
        ab_c.to_bytes().unwrap().len(),
        data.len()
    );
}

#[test]
fn bytes_that_are_not_a_partial_are_refused_not_misread() {
    let auditor = auditor();
    let good = audit(&auditor, &lines()).to_bytes().unwrap();
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
        let path = format!("/private/{}?q={}", i % 7919, i % 13);
        log.extend_from_slice(vhost_line(host, i, &path, bots[i % bots.len()]).as_bytes());
    }
    log
}

/// The `i`th line of a generated log: a `vhost_combined` GET of `path` by `ua`, from one of
/// 250 addresses, a second later than the line before.
fn vhost_line(host: &str, i: usize, path: &str, ua: &str) -> String {
    format!(
        "{host} 198.51.100.{} - - [20/Nov/2026:{:02}:{:02}:{:02} +0000] \"GET {path} HTTP/1.1\" 200 5 \"-\" \"{ua}\"\n",
        i % 250,
        (i / 3600) % 24,
        (i / 60) % 60,
        i % 60,
    )
}

/// An auditor of `vhost_combined` lines on one thread, judging by testdata's robots-dir,
/// keeping at most `budget` bytes of requests in memory.
fn with_budget(budget: usize) -> Auditor {
    with_budget_in(budget, None)
}

/// The same, with its sorted runs in `temp_dir`.
fn with_budget_in(budget: usize, temp_dir: Option<&std::path::Path>) -> Auditor {
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
            temp_dir: temp_dir.map(std::path::Path::to_path_buf),
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
    let wire = Partial::from_bytes(&spilled.to_bytes().unwrap()).unwrap();
    assert!(wire.runs.is_empty());
    assert_eq!(wire, all_in_memory);
}

/// Paths that print otherwise than they are logged (a control byte, invalid UTF-8) sort by
/// their printed text in a run as at the end: `\x1b` before `!` as logged, `%1B` after it as
/// printed. Spilled, the reports are the ones made in memory.
#[test]
fn spilled_paths_that_print_escaped_keep_the_report_order() {
    let bot = "Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)";
    let mut log = Vec::new();
    for i in 0..12_000 {
        let path = match i % 4 {
            0 => format!("/private/!{}", i % 3001),
            1 => format!("/private/\\x1b{}", i % 3001),
            2 => format!("/private/\\xff{}", i % 3001),
            _ => format!("/private/{}", i % 3001),
        };
        log.extend_from_slice(vhost_line("www.example.com:443", i, &path, bot).as_bytes());
    }
    let big = with_budget(1 << 30);
    let all_in_memory = big.audit_reader(&log[..], "escaped.log").unwrap();
    assert!(all_in_memory.runs.is_empty());
    let small = with_budget(64 << 10);
    let spilled = small.audit_reader(&log[..], "escaped.log").unwrap();
    assert!(spilled.runs.len() > 5, "{} runs", spilled.runs.len());
    let expected = reports(&big, all_in_memory);
    let text = String::from_utf8_lossy(&expected[0]);
    assert!(
        text.contains("/private/%1B") && text.contains("/private/!"),
        "{text:.300}"
    );
    assert_eq!(reports(&small, spilled), expected);
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

/// Ways a run's file can be damaged between the spill and the merge.
#[derive(Clone, Copy, Debug)]
enum Damage {
    /// One byte of a record changed.
    Flip,
    /// The trailer gone: the file ends at a record boundary.
    CutAtBoundary,
    /// Cut in the middle of a record.
    CutInRecord,
    /// The file removed.
    Removed,
}

fn damage(path: &std::path::Path, how: Damage) {
    use std::os::unix::fs::FileExt;
    let len = std::fs::metadata(path).unwrap().len();
    let file = std::fs::File::options().write(true).open(path).unwrap();
    match how {
        Damage::Flip => {
            // Near the end: past whatever a reader has buffered already.
            let at = len - 40;
            let mut byte = [0u8];
            std::fs::File::open(path)
                .unwrap()
                .read_exact_at(&mut byte, at)
                .unwrap();
            file.write_at(&[byte[0] ^ 0x20], at).unwrap();
        }
        Damage::CutAtBoundary => file.set_len(len - 16).unwrap(),
        Damage::CutInRecord => file.set_len(len - 30).unwrap(),
        Damage::Removed => std::fs::remove_file(path).unwrap(),
    }
}

/// Spills `log` at a 64 KiB budget and damages, each way, the middle one of the runs `runs`
/// names: the judgement, which reads every run, fails naming it, and so does the byte form,
/// which reads the runs back into memory.
fn a_damaged_run_is_an_error_naming_it(log: &[u8], runs: fn(&Partial) -> Vec<std::path::PathBuf>) {
    for how in [
        Damage::Flip,
        Damage::CutAtBoundary,
        Damage::CutInRecord,
        Damage::Removed,
    ] {
        let tmp = tempfile::tempdir().unwrap();
        let small = with_budget_in(64 << 10, Some(tmp.path()));
        let spilled = small.audit_reader(log, "spilled.log").unwrap();
        let paths = runs(&spilled);
        assert!(paths.len() > 5, "{} runs", paths.len());
        let victim = paths.len() / 2;
        let path = &paths[victim];
        assert!(path.starts_with(tmp.path()), "{}", path.display());
        damage(path, how);
        let err = small
            .findings(spilled.clone())
            .err()
            .unwrap_or_else(|| panic!("{how:?}: findings from a damaged run"))
            .to_string();
        assert!(
            err.contains(&path.display().to_string())
                && err.contains(&format!("sorted run {} of {}", victim + 1, paths.len())),
            "{how:?}: {err}"
        );
        let err = spilled
            .to_bytes()
            .err()
            .unwrap_or_else(|| panic!("{how:?}: a byte form from a damaged run"))
            .to_string();
        assert!(err.contains(&path.display().to_string()), "{how:?}: {err}");
    }
}

#[test]
fn a_run_damaged_between_spill_and_merge_is_an_error_naming_it_never_fewer_rows() {
    a_damaged_run_is_an_error_naming_it(&long_tail_log(24_000), |p| {
        p.runs.iter().map(|r| r.path().to_path_buf()).collect()
    });
}

#[test]
fn a_run_damaged_while_it_is_merged_fails_the_report_never_fewer_rows() {
    let log = long_tail_log(24_000);
    let tmp = tempfile::tempdir().unwrap();
    let small = with_budget_in(64 << 10, Some(tmp.path()));
    let spilled = small.audit_reader(&log[..], "long-tail.log").unwrap();
    let (whole, _) = {
        let mut f = small.findings(spilled.clone()).unwrap();
        let mut v = Vec::new();
        let rows =
            report::write_violations(&mut v, f.violations.by_ref(), CsvStyle { neutralize: true })
                .unwrap();
        (v, rows)
    };
    // Counted, the runs are open for the merge; one is damaged near its end, past what has
    // been read of it yet.
    let mut f = small.findings(spilled.clone()).unwrap();
    let largest = spilled
        .runs
        .iter()
        .max_by_key(|r| r.bytes())
        .expect("runs were written");
    // Read through buffers of 8 KiB (a 64 KiB budget over many runs).
    assert!(largest.bytes() > 16 << 10, "{} bytes", largest.bytes());
    damage(largest.path(), Damage::Flip);
    let mut v = Vec::new();
    let err =
        report::write_violations(&mut v, f.violations.by_ref(), CsvStyle { neutralize: true })
            .expect_err("a report from a damaged run");
    assert!(matches!(err, report::ReportError::Rows(_)), "{err:?}");
    let msg = err.to_string();
    assert!(
        msg.contains(&largest.path().display().to_string()) && msg.contains("checksum"),
        "{msg}"
    );
    assert!(v.len() < whole.len(), "the writer stopped at the damage");
    // Nothing more comes after the error.
    assert!(f.violations.next().is_none());
}

/// A log of `lines` fetches by bingbot on `www.example.com` (`Crawl-delay: 5`), 0 to 7
/// seconds apart from a few addresses: every one is kept for the Crawl-delay judgement.
fn crawl_delay_log(lines: usize) -> Vec<u8> {
    let mut log = Vec::new();
    let mut t = 0u64;
    for i in 0..lines as u64 {
        let r = i.wrapping_mul(2_654_435_761) >> 7;
        t += r % 8;
        log.extend_from_slice(
            format!(
                "www.example.com:443 198.51.100.{} - - [{:02}/Nov/2026:{:02}:{:02}:{:02} +0000] \"GET /docs/{} HTTP/1.1\" {} 5 \"-\" \"Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)\"\n",
                r % 3,
                1 + t / 86_400,
                (t / 3600) % 24,
                (t / 60) % 60,
                t % 60,
                r % 5000,
                [200, 304][(r % 2) as usize],
            )
            .as_bytes(),
        );
    }
    log
}

#[test]
fn crawl_delay_requests_past_the_memory_budget_go_to_runs_and_come_back_whole() {
    let log = crawl_delay_log(30_000);
    let big = with_budget(1 << 30);
    let all_in_memory = big.audit_reader(&log[..], "crawl-delay.log").unwrap();
    assert!(all_in_memory.delay_runs.is_empty());
    let expected = reports(&big, all_in_memory.clone());
    let text = String::from_utf8(expected[0].clone()).unwrap();
    assert!(text.contains(",crawl-delay,"), "{text}");
    let small = with_budget(64 << 10);
    let spilled = small.audit_reader(&log[..], "crawl-delay.log").unwrap();
    assert!(
        spilled.delay_runs.len() > 5,
        "{} runs",
        spilled.delay_runs.len()
    );
    assert!(
        spilled.streams.values().all(|s| s.delay.len() < 10_000),
        "past the budget, not in memory"
    );
    assert_eq!(reports(&small, spilled.clone()), expected);
    // Through the byte form, the runs come back whole.
    let wire = Partial::from_bytes(&spilled.to_bytes().unwrap()).unwrap();
    assert!(wire.delay_runs.is_empty());
    assert_eq!(wire, all_in_memory);
    assert_eq!(reports(&small, wire), expected);
}

#[test]
fn a_crawl_delay_run_damaged_between_spill_and_merge_is_an_error_naming_it() {
    a_damaged_run_is_an_error_naming_it(&crawl_delay_log(30_000), |p| {
        p.delay_runs
            .iter()
            .map(|r| r.path().to_path_buf())
            .collect()
    });
}
