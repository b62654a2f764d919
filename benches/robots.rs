//! robots.txt engine throughput: checks per second on a typical (7 KB, www.google.com) and a
//! large (100 KB, www.covers.com) real robots.txt from `testdata/robots/corpus/files`, with
//! a realistic path mix (half derived from the file's own rules, half common site paths).
//!
//! - `robots_audit_compiled`: parsed once; each query normalises the target and checks it.
//! - `robots_audit_check_only`: the same with targets normalised ahead of time.
//! - `texting_robots`: the same workload through the `texting_robots` crate (compiled once
//!   per agent, as it is designed to be used).
//! - `robots_audit_reparse`: parse + group_for + check for every query, the way Google's
//!   reference library works; shows what compiling once buys.
//! - `robots_audit_hostile`: issue #15's attack, both sides attacker-controlled: 27,500 rules
//!   `Disallow: /*cN` (N = 0..27,500, one `*` group, just under the 512,000-byte parse limit)
//!   against 2,000 distinct 8 KB paths of random `[a-z0-9/-]` (so some `cN` pieces occur in
//!   each path and some rules match). The matcher's cost per check must not grow with the
//!   rules that cannot match.
//!
//! - `robots_audit_preference`: the audit's question for an allowed request of an AI
//!   training crawler (docs/preferences.md): the `ai-train` preference of the same targets,
//!   on the same files with a `Content-Signal` line and one `Content-Usage` line per rule of
//!   the file (same paths) added to the `*` group. Compare with `robots_audit_check_only`.
//!
//! Run: `cargo bench --bench robots`.

use divan::counter::ItemsCount;
use divan::{Bencher, black_box};
use robots_audit::robots::{Agent, Dialect, PrefKey, RobotsTxt, normalize_target};

fn main() {
    divan::main();
}

const TYPICAL: &[u8] = include_bytes!("../testdata/robots/corpus/files/www.google.com");
const LARGE: &[u8] = include_bytes!("../testdata/robots/corpus/files/www.covers.com");
const AGENT: &str = "examplebot";
const PATHS: usize = 1000;

/// A small deterministic generator (xorshift64*), so every run uses the same paths.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[(self.next() % items.len() as u64) as usize]
    }
}

fn body(which: &str) -> &'static [u8] {
    if which == "typical" { TYPICAL } else { LARGE }
}

/// Request targets as they appear in logs: half built from the file's rule values (with the
/// wildcards filled in and something appended), half common paths of a site.
fn workload(body: &[u8]) -> Vec<String> {
    let robots = RobotsTxt::parse(body, Dialect::Google);
    let patterns: Vec<String> = robots
        .rules()
        .iter()
        .map(|r| r.value.clone())
        .filter(|v| !v.is_empty())
        .collect();
    let common = [
        "/",
        "/index.html",
        "/about/team",
        "/products/12345?color=red&size=m",
        "/search?q=robots+txt&page=2",
        "/static/js/app.3f9c2.js",
        "/images/logo.png",
        "/blog/2024/05/a-long-article-title-with-words",
        "/user/profile/settings",
        "/api/v2/items?id=77",
        "/news/sports/football/match-report-123.html",
        "/wp-admin/admin-ajax.php",
    ];
    let fills = ["", "x", "abc/def", "12?ref=home"];
    let tails = ["", "/", "page.html", "?utm_source=feed", "/sub/item-42"];
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    (0..PATHS)
        .map(|i| {
            if i % 2 == 0 && !patterns.is_empty() {
                let pattern = &patterns[(rng.next() % patterns.len() as u64) as usize];
                let fill = rng.pick(&fills);
                let mut path = pattern.trim_end_matches('$').replace('*', fill);
                if !path.starts_with('/') {
                    path.insert(0, '/');
                }
                path.push_str(rng.pick(&tails));
                path
            } else {
                let mut path = rng.pick(&common).to_owned();
                path.push_str(rng.pick(&tails));
                path
            }
        })
        .collect()
}

/// [`workload`], normalised ahead of time.
fn normalized_workload(body: &[u8]) -> Vec<Vec<u8>> {
    workload(body)
        .iter()
        .map(|p| {
            let mut out = Vec::new();
            normalize_target(p.as_bytes(), &mut out);
            out
        })
        .collect()
}

#[divan::bench(args = ["typical", "large"])]
fn robots_audit_compiled(bencher: Bencher, which: &str) {
    let body = body(which);
    let paths = workload(body);
    let robots = RobotsTxt::parse(body, Dialect::Google);
    let group = robots.group_for(&Agent {
        tokens: &[AGENT],
        obeys_star: true,
    });
    let mut buf = Vec::new();
    bencher
        .counter(ItemsCount::new(paths.len()))
        .bench_local(|| {
            let mut allowed = 0usize;
            for path in &paths {
                normalize_target(path.as_bytes(), &mut buf);
                allowed += usize::from(robots.check(group, &buf).allowed);
            }
            allowed
        });
}

#[divan::bench(args = ["typical", "large"])]
fn robots_audit_check_only(bencher: Bencher, which: &str) {
    let body = body(which);
    let paths = normalized_workload(body);
    let robots = RobotsTxt::parse(body, Dialect::Google);
    let group = robots.group_for(&Agent {
        tokens: &[AGENT],
        obeys_star: true,
    });
    bencher
        .counter(ItemsCount::new(paths.len()))
        .bench_local(|| {
            let mut allowed = 0usize;
            for path in &paths {
                allowed += usize::from(robots.check(group, path).allowed);
            }
            allowed
        });
}

/// The file with a `*` group of usage preferences added: a `Content-Signal` line and a
/// `Content-Usage` line for each rule value of the file (alternating `n` and `y`).
fn with_preferences(body: &[u8]) -> Vec<u8> {
    let robots = RobotsTxt::parse(body, Dialect::Google);
    let mut out = body.to_vec();
    out.extend_from_slice(b"\nUser-agent: *\nContent-Signal: search=yes, ai-train=no\n");
    for (i, rule) in robots.rules().iter().enumerate() {
        if rule.value.starts_with('/') {
            let value = if i % 2 == 0 { "n" } else { "y" };
            let line = format!("Content-Usage: {} train-ai={value}\n", rule.value);
            out.extend_from_slice(line.as_bytes());
        }
    }
    out
}

#[divan::bench(args = ["typical", "large"])]
fn robots_audit_preference(bencher: Bencher, which: &str) {
    let file = body(which);
    let body = with_preferences(file);
    let paths = normalized_workload(file);
    let robots = RobotsTxt::parse(&body, Dialect::Google);
    let group = robots.group_for(&Agent {
        tokens: &[AGENT],
        obeys_star: true,
    });
    assert!(robots.preference_lines().len() > 10);
    bencher
        .counter(ItemsCount::new(paths.len()))
        .bench_local(|| {
            let mut no = 0usize;
            for path in &paths {
                let answer = robots.preference(group, path, PrefKey::AiTrain);
                no += usize::from(answer.is_some_and(|p| !p.yes));
            }
            no
        });
}

#[divan::bench(args = ["typical", "large"])]
fn texting_robots(bencher: Bencher, which: &str) {
    let body = body(which);
    let paths = workload(body);
    // texting_robots compiles per agent; `new` only fails on unparsable input, and the bench
    // files are real robots.txt files it parses.
    let robot = texting_robots::Robot::new(AGENT, body).expect("texting_robots parses the file");
    bencher
        .counter(ItemsCount::new(paths.len()))
        .bench_local(|| {
            let mut allowed = 0usize;
            for path in &paths {
                allowed += usize::from(robot.allowed(path));
            }
            allowed
        });
}

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

/// 2,000 distinct 8 KB paths of random `[a-z0-9/-]`.
fn hostile_paths() -> Vec<Vec<u8>> {
    const ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789/-";
    let mut rng = Rng(0xD1B5_4A32_D192_ED03);
    (0..2_000)
        .map(|_| {
            std::iter::once(b'/')
                .chain((1..8 * 1024).map(|_| rng.pick(ALPHABET)))
                .collect()
        })
        .collect()
}

#[divan::bench(sample_count = 3, sample_size = 1)]
fn robots_audit_hostile(bencher: Bencher) {
    let body = hostile_body();
    let paths = hostile_paths();
    let robots = RobotsTxt::parse(&body, Dialect::Google);
    assert_eq!(robots.rules().len(), 27_500);
    let group = robots.group_for(&Agent {
        tokens: &[AGENT],
        obeys_star: true,
    });
    bencher
        .counter(ItemsCount::new(paths.len()))
        .bench_local(|| {
            let mut allowed = 0usize;
            for path in &paths {
                allowed += usize::from(robots.check(group, path).allowed);
            }
            allowed
        });
}

#[divan::bench(args = ["typical", "large"], sample_count = 10, sample_size = 1)]
fn robots_audit_reparse(bencher: Bencher, which: &str) {
    let body = body(which);
    let paths = workload(body);
    let mut buf = Vec::new();
    bencher
        .counter(ItemsCount::new(paths.len()))
        .bench_local(|| {
            let mut allowed = 0usize;
            for path in &paths {
                let robots = RobotsTxt::parse(black_box(body), Dialect::Google);
                let group = robots.group_for(&Agent {
                    tokens: &[AGENT],
                    obeys_star: true,
                });
                normalize_target(path.as_bytes(), &mut buf);
                allowed += usize::from(robots.check(group, &buf).allowed);
            }
            allowed
        });
}
