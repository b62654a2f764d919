//! Fuzz the robots.txt engine end to end: parse an arbitrary body in every dialect, choose
//! groups for a few crawlers, normalise an arbitrary target, check it and ask for its usage
//! preferences (`Content-Signal`, `Content-Usage`). Nothing may panic; every verdict must
//! name a rule of the chosen group, and every preference a line of that group that says it.
//!
//! Input: the body, then a 0xFF byte, then the request target (no 0xFF: empty target).
//! Run: `cargo fuzz run parse_match` in this directory. Without cargo-fuzz, on stable:
//! `RUSTFLAGS="-Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4
//! -Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table
//! -Cllvm-args=-sanitizer-coverage-trace-compares" cargo build --release --target
//! x86_64-unknown-linux-gnu`, then run `target/x86_64-unknown-linux-gnu/release/parse_match
//! CORPUS_DIR -max_total_time=180`.

#![no_main]

use libfuzzer_sys::fuzz_target;
use robots_audit::robots::{
    Agent, Dialect, PrefKey, RobotsTxt, Vocabulary, normalize_target, pattern_match_counted,
};

fuzz_target!(|data: &[u8]| {
    let (body, target) = match data.iter().position(|&b| b == 0xFF) {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &[][..]),
    };
    let mut path = Vec::new();
    normalize_target(target, &mut path);
    assert!(path.starts_with(b"/"));
    for dialect in [Dialect::Google, Dialect::Yandex, Dialect::YandexLegacy] {
        let robots = RobotsTxt::parse(body, dialect);
        assert!(robots.parsed_bytes() <= body.len());
        for tokens in [&["googlebot-image", "googlebot"][..], &["YandexImages"], &["foo"]] {
            for obeys_star in [true, false] {
                let group = robots.group_for(&Agent { tokens, obeys_star });
                let verdict = robots.check(group, &path);
                if let Some(rule) = verdict.rule {
                    let group = robots.group(group.expect("a rule decided, so a group applied"));
                    assert!(group.rules().any(|r| r == rule));
                    let _ = robots.rule(rule).display();
                }
                let prefs = robots.preferences(group, &path);
                for key in PrefKey::ALL {
                    let combined = robots.preference(group, &path, key);
                    assert_eq!(combined, prefs.get(key));
                    for vocabulary in [Vocabulary::ContentSignal, Vocabulary::ContentUsage] {
                        let Some(p) = prefs.of(vocabulary, key) else {
                            continue;
                        };
                        let group = robots.group(group.expect("a preference, so a group applied"));
                        assert!(group.preference_lines().any(|l| l == p.line));
                        let line = robots.preference_line(p.line);
                        assert_eq!(line.vocabulary, vocabulary);
                        assert_eq!(line.value(key), Some(p.yes));
                        // A yes in either vocabulary wins; a no needs every one to say no.
                        let combined = combined.expect("a vocabulary answered");
                        if p.yes {
                            assert!(combined.yes);
                        }
                    }
                }
            }
        }
        for line in robots.preference_lines() {
            assert!(line.values().next().is_some(), "a kept line sets a key");
            // Its key, `: ` and its value, lossy UTF-8 (a byte may become 3).
            assert!(line.text.len() <= 3 * body.len() + 2);
        }
        for rule in robots.rules().iter().take(64) {
            let pattern = rule.value.as_bytes();
            let (_, steps) = pattern_match_counted(pattern, &path);
            // The counted matcher normalises the pattern (at most 3 bytes per byte).
            let bound = (path.len() as u64 + 1) * (3 * pattern.len() as u64 + 1);
            assert!(steps <= bound);
        }
    }
});
