//! Issue #15, hostile matching cost: the rule index of large groups. A check's verdict (and
//! deciding rule) is the one the unindexed scan in precedence order gives, on random rule
//! sets built to fill the index's every path; and the attack (27,500 rules
//! `Disallow: /*cN` against 8 KB paths, both attacker-controlled) costs work proportional to
//! the path, not to the rules, counted in steps (never in wall time).

use super::robots_support as support;
use proptest::prelude::*;
use robots_audit::robots::{Agent, Dialect, RobotsTxt};
use support::ReferenceGroup;

/// Issue #15: `User-agent: *` and `Disallow: /*c0` … `Disallow: /*c27499`.
fn hostile_body() -> Vec<u8> {
    let mut body = b"User-agent: *\n".to_vec();
    for n in 0..27_500 {
        body.extend_from_slice(format!("Disallow: /*c{n}\n").as_bytes());
    }
    assert!(
        body.len() <= 512_000,
        "every rule is within the parse limit"
    );
    body
}

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn path(&mut self, alphabet: &[u8], len: usize) -> Vec<u8> {
        std::iter::once(b'/')
            .chain((1..len).map(|_| alphabet[(self.next() % alphabet.len() as u64) as usize]))
            .collect()
    }
}

const PATH_LEN: usize = 8 * 1024;

/// 8 KB paths: without any `c`; random `[a-z0-9/-]`; `c0c1c2…` (a piece of some rule at
/// every `c`, about 3,000 distinct pieces); and `x…x` ending in the last rule's piece.
fn hostile_paths() -> Vec<(&'static str, Vec<u8>)> {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut dense = b"/".to_vec();
    let mut n = 0;
    while dense.len() < PATH_LEN {
        dense.extend_from_slice(format!("c{n}").as_bytes());
        n += 1;
    }
    dense.truncate(PATH_LEN);
    let mut tail = vec![b'x'; PATH_LEN - 6];
    tail[0] = b'/';
    tail.extend_from_slice(b"c27499");
    vec![
        (
            "no c",
            rng.path(b"abdefghijklmnopqrstuvwxyz0123456789/-", PATH_LEN),
        ),
        (
            "random",
            rng.path(b"abcdefghijklmnopqrstuvwxyz0123456789/-", PATH_LEN),
        ),
        ("dense", dense),
        ("tail", tail),
    ]
}

#[test]
fn hostile_wildcard_rules_cost_work_bounded_by_the_path() {
    let body = hostile_body();
    let robots = RobotsTxt::parse(&body, Dialect::Google);
    assert_eq!(robots.rules().len(), 27_500);
    let group = robots.group_for(&Agent {
        tokens: &["anybot"],
        obeys_star: true,
    });
    for (name, path) in hostile_paths() {
        let (verdict, steps) = robots.check_counted(group, &path);
        assert_eq!(verdict, robots.check_unindexed(group, &path), "{name}");
        assert_eq!(verdict, robots.check(group, &path), "{name}");
        // The bound of `index.rs`: at most 2 automaton steps per byte, one per piece found,
        // and a few per rule watching a found piece (here one rule per piece, at most 5
        // pieces found per byte of the path). Without the index a check matched every rule:
        // 27,500 searches of the path, over 200 million steps.
        let bound = 16 * path.len() as u64;
        assert!(steps <= bound, "{name}: {steps} steps > {bound}");
        let expected_rule = match name {
            "no c" => None,
            // The longest piece decides; among the 4-digit ones, the first in the file.
            "dense" => Some("/*c1000"),
            "tail" => Some("/*c27499"),
            _ => continue,
        };
        assert_eq!(
            verdict.rule.map(|r| robots.rule(r).value.as_str()),
            expected_rule,
            "{name}"
        );
    }
}

#[test]
fn hostile_merged_groups_and_anchors_agree_with_the_scan() {
    // The same attack with anchored rules, allows among them, and the rules split over two
    // groups naming the same agent (merged).
    let mut body = b"User-agent: a\n".to_vec();
    for n in 0..3_000 {
        let kind = if n % 7 == 0 { "Allow" } else { "Disallow" };
        let end = if n % 3 == 0 { "$" } else { "" };
        body.extend_from_slice(format!("{kind}: /*c{n}{end}\n").as_bytes());
        if n == 1_500 {
            body.extend_from_slice(b"User-agent: b\nDisallow: /x\nUser-agent: a\n");
        }
    }
    let robots = RobotsTxt::parse(&body, Dialect::Google);
    let group = robots.group_for(&Agent {
        tokens: &["a"],
        obeys_star: true,
    });
    for (name, path) in hostile_paths() {
        let (verdict, steps) = robots.check_counted(group, &path);
        assert_eq!(verdict, robots.check_unindexed(group, &path), "{name}");
        assert!(steps <= 16 * path.len() as u64, "{name}: {steps} steps");
    }
}

#[test]
fn hostile_chain_of_prefixes_costs_work_bounded_by_the_path() {
    // No run is crowded (8 wildcard rules each), but the runs `/a`, `/aa`, `/aaa`, … chain:
    // a path of `a`s has every one of them as a prefix, 2,400 wildcard rules in all. Only
    // UNFILTERED_LIMIT (16) of them are matched before the automaton says that no `z…`
    // piece occurs; the others cost a look each.
    let mut body = b"User-agent: *\n".to_vec();
    for k in 1..=300 {
        for j in 0..8 {
            body.extend_from_slice(format!("Disallow: /{}*z{j}x{k}\n", "a".repeat(k)).as_bytes());
        }
    }
    body.extend_from_slice(b"Allow: /a\n");
    assert!(body.len() <= 512_000);
    let robots = RobotsTxt::parse(&body, Dialect::Google);
    let group = robots.global_group();
    let mut path = vec![b'a'; PATH_LEN];
    path[0] = b'/';
    let (verdict, steps) = robots.check_counted(group, &path);
    assert!(verdict.allowed);
    assert_eq!(verdict, robots.check_unindexed(group, &path));
    // 16 plain searches of the path (one step per byte each), the automaton pass, and a few
    // steps per rule on the chain. Without the filter: 2,400 searches, 19 million steps.
    let bound = 16 * path.len() as u64 + 4 * path.len() as u64 + 8 * 2_400;
    assert!(steps <= bound, "{steps} steps > {bound}");
    // And when a piece does occur, the rule decides.
    path.extend_from_slice(b"z3x120");
    let verdict = robots.check(group, &path);
    assert_eq!(verdict, robots.check_unindexed(group, &path));
    assert_eq!(
        verdict.rule.map(|r| robots.rule(r).value.clone()),
        Some(format!("/{}*z3x120", "a".repeat(120)))
    );
}

/// A rule: allow or disallow, and its pattern.
#[derive(Clone, Debug)]
struct RuleSpec {
    allow: bool,
    pattern: Vec<u8>,
}

/// Rules sharing a few first pieces (`/`, `/a`, `/ab`, …, and none: a pattern starting with
/// `*`), so that runs are long (crowded) or chained (`/` → `/a` → `/ab`), with pieces from
/// a small alphabet so that they occur in the paths.
fn rules_strategy() -> impl Strategy<Value = Vec<RuleSpec>> {
    let rule = (
        any::<bool>(),
        prop::sample::select(vec![&b""[..], b"/", b"/", b"/a", b"/ab", b"/b", b"/a/"]),
        prop::collection::vec(prop::sample::select(b"ab*$/".to_vec()), 0..8),
    )
        .prop_map(|(allow, first, tail)| {
            let mut pattern = first.to_vec();
            if first.is_empty() {
                pattern.push(b'*');
            }
            pattern.extend(tail);
            RuleSpec { allow, pattern }
        });
    prop::collection::vec(rule, 0..160)
}

fn path_strategy() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(prop::sample::select(b"/ab$?.".to_vec()), 0..48).prop_map(|mut p| {
        p.insert(0, b'/');
        p
    })
}

fn body_of(rules: &[RuleSpec]) -> Vec<u8> {
    let mut body = b"User-agent: *\n".to_vec();
    for r in rules {
        body.extend_from_slice(if r.allow { b"Allow: " } else { b"Disallow: " });
        body.extend_from_slice(&r.pattern);
        body.push(b'\n');
    }
    body
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn index_agrees_with_the_unindexed_scan_and_the_reference(
        rules in rules_strategy(),
        paths in prop::collection::vec(path_strategy(), 1..12),
    ) {
        let body = body_of(&rules);
        for dialect in [Dialect::Google, Dialect::Yandex] {
            let robots = RobotsTxt::parse(&body, dialect);
            let group = robots.group_for(&Agent { tokens: &["x"], obeys_star: true });
            let reference = group.map(|g| ReferenceGroup::new(&robots, robots.group(g)));
            for path in &paths {
                let verdict = robots.check(group, path);
                prop_assert_eq!(verdict, robots.check_unindexed(group, path), "{:?}", dialect);
                prop_assert_eq!(robots.check_counted(group, path).0, verdict);
                let want = reference.as_ref().is_none_or(|r| r.allowed(path));
                prop_assert_eq!(verdict.allowed, want, "{:?}", dialect);
            }
        }
    }
}
