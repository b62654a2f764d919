//! Property tests of the matcher: it agrees with a regex translation of each pattern, its
//! work is bounded by (|path| + 1)·(|pattern| + 1), and whole-group verdicts agree with a
//! longest-match reference built on the regex matcher.

use super::robots_support as support;
use proptest::prelude::*;
use robots_audit::robots::{Agent, Dialect, RobotsTxt, pattern_match_counted, pattern_matches};
use support::reference_regex;

fn pattern_strategy() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(prop::sample::select(b"/ab*$?.".to_vec()), 0..16)
}

fn path_strategy() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(prop::sample::select(b"/ab$?.*".to_vec()), 0..32)
}

#[derive(Clone, Debug)]
struct RuleSpec {
    allow: bool,
    pattern: Vec<u8>,
}

fn rules_strategy() -> impl Strategy<Value = Vec<RuleSpec>> {
    let rule = (
        any::<bool>(),
        prop::collection::vec(prop::sample::select(b"ab*$/".to_vec()), 0..8),
    )
        .prop_map(|(allow, tail)| {
            let mut pattern = vec![b'/'];
            pattern.extend(tail);
            RuleSpec { allow, pattern }
        });
    prop::collection::vec(rule, 0..40)
}

/// Longest match on top of the regex reference: google counts every byte; yandex does not
/// count `*` or a trailing `$`. Ties go to allow.
fn reference_verdict(rules: &[RuleSpec], path: &[u8], dialect: Dialect) -> bool {
    let mut best: Option<(usize, bool)> = None;
    for r in rules {
        if !reference_regex(&r.pattern).is_match(path) {
            continue;
        }
        let len = match dialect {
            Dialect::Google => r.pattern.len(),
            _ => {
                let body = r.pattern.strip_suffix(b"$").unwrap_or(&r.pattern);
                body.iter().filter(|&&b| b != b'*').count()
            }
        };
        if best.is_none_or(|(l, allow)| len > l || (len == l && r.allow && !allow)) {
            best = Some((len, r.allow));
        }
    }
    best.is_none_or(|(_, allow)| allow)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn google_matcher_agrees_with_regex_reference(pattern in pattern_strategy(), path in path_strategy()) {
        let want = reference_regex(&pattern).is_match(&path);
        prop_assert_eq!(pattern_matches(&pattern, &path), want);
        let (counted, _) = pattern_match_counted(&pattern, &path);
        prop_assert_eq!(counted, want);
    }

    #[test]
    fn matcher_steps_bounded(pattern in pattern_strategy(), path in path_strategy()) {
        let (_, steps) = pattern_match_counted(&pattern, &path);
        let bound = (path.len() as u64 + 1) * (pattern.len() as u64 + 1);
        prop_assert!(steps <= bound, "{} steps > bound {}", steps, bound);
    }

    #[test]
    fn group_verdict_agrees_with_longest_match_reference(rules in rules_strategy(), path in path_strategy()) {
        let mut path = path;
        path.insert(0, b'/');
        for dialect in [Dialect::Google, Dialect::Yandex] {
            let mut body = b"User-agent: *\n".to_vec();
            for r in &rules {
                body.extend_from_slice(if r.allow { b"Allow: " } else { b"Disallow: " });
                body.extend_from_slice(&r.pattern);
                body.push(b'\n');
            }
            let robots = RobotsTxt::parse(&body, dialect);
            let g = robots.group_for(&Agent { tokens: &["x"], obeys_star: true });
            let verdict = robots.check(g, &path);
            let robots_txt = path == b"/robots.txt";
            prop_assert_eq!(verdict.allowed, robots_txt || reference_verdict(&rules, &path, dialect), "{:?}", dialect);
            if let Some(rule) = verdict.rule {
                // The deciding rule matches and has the verdict's kind.
                let r = robots.rule(rule);
                prop_assert!(reference_regex(r.pattern()).is_match(&path));
            }
        }
    }
}

#[test]
fn google_adversarial_pattern_is_linear() {
    let pattern = b"/*a*a*a*a*a*a*a*a*b";
    let path: Vec<u8> = std::iter::once(b'/')
        .chain(std::iter::repeat_n(b'a', 10_000))
        .collect();
    let (matched, steps) = pattern_match_counted(pattern, &path);
    assert!(!matched);
    // Each piece is searched once from where the previous one ended: about 2·|path|.
    assert!(steps < 3 * path.len() as u64, "{steps} steps");
    let start = std::time::Instant::now();
    for _ in 0..100 {
        assert!(!pattern_matches(pattern, &path));
    }
    assert!(start.elapsed().as_secs() < 2);
}
