//! Distinct User-Agent headers per second through `Registry::identify`.
//!
//! The audit caches the identity per distinct header, so what matters is the cost of a header
//! seen for the first time. The set: every example header of the crawler-user-agents list
//! (`testdata/crawlers/bot-user-agents.txt`, ~2,100 bots) and ~3,000 generated browser headers
//! (Chrome, Edge, Firefox and Safari on desktop, Android and iOS, current version formats).
//!
//! Run: `cargo bench --bench crawlers` (optionally `-- ROUNDS`).

use std::hint::black_box;
use std::time::{Duration, Instant};

use robots_audit::crawlers::{AgentLists, Identity, Registry};

/// A small deterministic generator (xorshift), so every run sees the same headers.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        let i = usize::try_from(self.next() % items.len() as u64).unwrap_or(0);
        items[i]
    }
    fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.next() % (hi - lo)
    }
}

fn browsers(n: usize) -> Vec<String> {
    const DESKTOP: &[&str] = &[
        "Windows NT 10.0; Win64; x64",
        "Windows NT 10.0; WOW64",
        "Windows NT 6.1; Win64; x64",
        "Macintosh; Intel Mac OS X 10_15_7",
        "X11; Linux x86_64",
        "X11; Ubuntu; Linux x86_64",
        "X11; CrOS x86_64 14541.0.0",
    ];
    const ANDROID_MODELS: &[&str] = &[
        "K",
        "SM-G991B",
        "SM-A515F",
        "SM-S911B",
        "Pixel 7",
        "Pixel 8 Pro",
        "Redmi Note 12",
        "M2101K6G",
        "CPH2211",
        "moto g(30)",
        "CUBOT X30",
        "CUBOT_P40 Build/RP1A.200720.011",
        "ONEPLUS A6013",
        "V2111",
        "RMX3363",
    ];
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut out = std::collections::BTreeSet::new();
    while out.len() < n {
        let major = rng.range(100, 132);
        let build = rng.range(4000, 7000);
        let patch = rng.range(0, 250);
        let ua = match rng.next() % 6 {
            0 => format!(
                "Mozilla/5.0 ({}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/{major}.0.{build}.{patch} Safari/537.36",
                rng.pick(DESKTOP)
            ),
            1 => format!(
                "Mozilla/5.0 ({}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/{major}.0.{build}.{patch} Safari/537.36 Edg/{major}.0.{}.{}",
                rng.pick(DESKTOP),
                rng.range(2000, 3000),
                rng.range(0, 120)
            ),
            2 => format!(
                "Mozilla/5.0 ({}; rv:{major}.0) Gecko/20100101 Firefox/{major}.0",
                rng.pick(DESKTOP)
            ),
            3 => format!(
                "Mozilla/5.0 (Linux; Android {}; {}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/{major}.0.{build}.{patch} Mobile Safari/537.36",
                rng.range(9, 15),
                rng.pick(ANDROID_MODELS)
            ),
            4 => {
                let (ios, minor) = (rng.range(14, 18), rng.range(0, 7));
                format!(
                    "Mozilla/5.0 (iPhone; CPU iPhone OS {ios}_{minor} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/{ios}.{minor} Mobile/15E148 Safari/604.1"
                )
            }
            _ => format!(
                "Mozilla/5.0 (Linux; Android {}; {}; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/{major}.0.{build}.{patch} Mobile Safari/537.36 [FBAN/EMA;FBLC/en_US;FBAV/{}.0.0.{}.{}]",
                rng.range(9, 15),
                rng.pick(ANDROID_MODELS),
                rng.range(300, 460),
                rng.range(1, 40),
                rng.range(1, 200)
            ),
        };
        out.insert(ua);
    }
    out.into_iter().collect()
}

fn bots() -> Vec<String> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/testdata/crawlers/bot-user-agents.txt"
    );
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(str::to_owned)
        .collect()
}

/// Identifies every header `rounds` times; returns the best round's time.
fn measure(registry: &Registry, uas: &[String], rounds: usize) -> Duration {
    let mut best = Duration::MAX;
    for _ in 0..rounds {
        let start = Instant::now();
        for ua in uas {
            black_box(registry.identify(black_box(ua.as_bytes())));
        }
        best = best.min(start.elapsed());
    }
    best
}

fn report(label: &str, n: usize, t: Duration) {
    let per = t.as_secs_f64() / n as f64;
    println!(
        "{label:<10} {n:>6} distinct UAs  {:>8.0} ns/UA  {:>10.0} UAs/s",
        per * 1e9,
        1.0 / per
    );
}

fn main() {
    let rounds: usize = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(20);

    let start = Instant::now();
    let registry = Registry::builtin();
    println!(
        "Registry::builtin(): {} crawlers in {:.2} ms",
        registry.len(),
        start.elapsed().as_secs_f64() * 1e3
    );

    let bots = bots();
    let browsers = browsers(3000);
    let mut all: Vec<String> = bots.iter().chain(&browsers).cloned().collect();
    all.sort();
    all.dedup();

    let known = all
        .iter()
        .filter(|ua| matches!(registry.identify(ua.as_bytes()), Identity::Known(_)))
        .count();
    let unknown = all
        .iter()
        .filter(|ua| matches!(registry.identify(ua.as_bytes()), Identity::Unknown(_)))
        .count();
    println!(
        "set: {} distinct ({} bots, {} browsers): {known} known, {unknown} unknown bots, {} not crawlers",
        all.len(),
        bots.len(),
        browsers.len(),
        all.len() - known - unknown
    );

    report("bots", bots.len(), measure(&registry, &bots, rounds));
    report(
        "browsers",
        browsers.len(),
        measure(&registry, &browsers, rounds),
    );
    report("all", all.len(), measure(&registry, &all, rounds));

    // The cost of the lists of AI agents: `registry.toml` alone, the same headers.
    let start = Instant::now();
    let own = Registry::with_lists(&AgentLists::none());
    println!(
        "registry.toml alone: {} crawlers in {:.2} ms",
        own.len(),
        start.elapsed().as_secs_f64() * 1e3
    );
    report("all", all.len(), measure(&own, &all, rounds));
}
