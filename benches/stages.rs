//! The audit stage by stage, per line: `cargo bench --bench stages`.
//!
//! On the two mixes of `benches/e2e.sh` (`examples/genlog.rs --variety` and `--violations`,
//! 100,000 lines each, about 24 MB, written under the target directory on the first run),
//! each stage is timed alone on data made ready by the stages before it. Divan prints the
//! time per run and the lines per second; ns per line is 10⁹ / that rate.
//!
//! - `cut`: plain bytes → line-aligned blocks (`input::read_blocks_from_with`, pooled
//!   buffers, as the audit reads a plain file from memory);
//! - `split`: blocks → lines (`Block::lines`);
//! - `parse`: every line through `LineParser::parse` (`vhost_combined`);
//! - `identify`: the host field → origin and the User-Agent → who, through a worker's own
//!   tables, warm (the hidden hook `audit::hooks::Identify`: the worker's tables are not
//!   public);
//! - `judge`: the target normalised and checked against the host's robots.txt, for the lines
//!   of crawlers that robots.txt names or whose `*` group applies (counted per judged line,
//!   not per line: about 10% of the varied mix's lines, 30% of the violations mix's);
//! - `audit`: the whole audit of the plain text on one thread (`Auditor::audit_reader`:
//!   read, parse, identify, judge, aggregate, and the merge into a partial), per line.

#[allow(dead_code)] // only its bench_mix is used here
#[path = "../examples/genlog.rs"]
mod genlog;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, LazyLock};

use divan::counter::ItemsCount;
use divan::{Bencher, black_box};
use robots_audit::audit::hooks::Identify;
use robots_audit::audit::{AuditSettings, Auditor};
use robots_audit::crawlers::{Identity, Registry, Verifier};
use robots_audit::fetch::{FetchOptions, RobotsSource, RobotsStore};
use robots_audit::input::{Block, BlockPool, ReadOptions, read_blocks_from_with};
use robots_audit::logformat::{Format, LineParser};
use robots_audit::robots::{Agent, GroupId, RobotsTxt, normalize_target};

fn main() {
    divan::main();
}

const MIXES: &[&str] = &["varied", "violations"];
const LINES: u64 = 100_000;

/// One generated mix, read into memory.
struct Mix {
    plain: Vec<u8>,
    blocks: Vec<Block>,
    robots_dir: PathBuf,
}

impl Mix {
    fn lines(&self) -> impl Iterator<Item = &[u8]> {
        self.blocks.iter().flat_map(|b| b.lines().map(|(_, l)| l))
    }

    fn line_count(&self) -> usize {
        self.lines().count()
    }
}

static REGISTRY: LazyLock<Arc<Registry>> = LazyLock::new(|| Arc::new(Registry::builtin()));
static VARIED: LazyLock<Mix> = LazyLock::new(|| make_mix("varied"));
static VIOLATIONS: LazyLock<Mix> = LazyLock::new(|| make_mix("violations"));

fn mix(name: &str) -> &'static Mix {
    if name == "varied" {
        &VARIED
    } else {
        &VIOLATIONS
    }
}

/// Generates a mix (once: the bytes depend only on the arguments) and reads it.
fn make_mix(name: &str) -> Mix {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("stages");
    let robots_dir = dir.join("robots");
    let path = dir.join(format!("{name}-{LINES}.log"));
    if !path.exists() {
        std::fs::create_dir_all(&dir).expect("the target directory is writable");
        let partial = dir.join(format!("{name}.partial"));
        genlog::bench_mix(&partial, &robots_dir, LINES, name == "violations")
            .expect("the target directory is writable");
        std::fs::rename(&partial, &path).expect("the target directory is writable");
    }
    let plain = std::fs::read(&path).expect("the mix was just written");
    let mut blocks = Vec::new();
    read_blocks_from_with(
        &plain[..],
        name,
        ReadOptions::default(),
        &AtomicU64::new(0),
        None,
        |b: Block| {
            blocks.push(b);
            true
        },
    )
    .expect("reading memory does not fail");
    Mix {
        plain,
        blocks,
        robots_dir,
    }
}

#[divan::bench(args = MIXES)]
fn cut(bencher: Bencher, name: &str) {
    let mix = mix(name);
    let pool = BlockPool::new();
    let progress = AtomicU64::new(0);
    bencher
        .counter(ItemsCount::new(mix.line_count()))
        .bench_local(|| {
            let mut bytes = 0;
            read_blocks_from_with(
                &mix.plain[..],
                name,
                ReadOptions::default(),
                &progress,
                Some(&pool),
                |b: Block| {
                    bytes += b.data().len();
                    pool.give_back(b.into_data());
                    true
                },
            )
            .expect("reading memory does not fail");
            bytes
        });
}

#[divan::bench(args = MIXES)]
fn split(bencher: Bencher, name: &str) {
    let mix = mix(name);
    bencher
        .counter(ItemsCount::new(mix.line_count()))
        .bench_local(|| {
            let mut n = 0;
            for block in &mix.blocks {
                for (_, line) in block.lines() {
                    n += black_box(line).len();
                }
            }
            n
        });
}

#[divan::bench(args = MIXES)]
fn parse(bencher: Bencher, name: &str) {
    let mix = mix(name);
    let lines: Vec<&[u8]> = mix.lines().collect();
    let parser = LineParser::new(Format::VhostCombined, None);
    bencher
        .counter(ItemsCount::new(lines.len()))
        .bench_local(|| {
            let mut n = 0;
            for line in &lines {
                n += usize::from(matches!(parser.parse(black_box(line)), Ok(Some(_))));
            }
            n
        });
}

#[divan::bench(args = MIXES)]
fn identify(bencher: Bencher, name: &str) {
    let mix = mix(name);
    let parser = LineParser::new(Format::VhostCombined, None);
    let fields: Vec<(&[u8], Vec<u8>)> = mix
        .lines()
        .filter_map(|l| parser.parse(l).ok().flatten())
        .map(|r| (r.host.unwrap_or_default(), r.user_agent.into_owned()))
        .collect();
    let mut tables = Identify::new(&REGISTRY);
    for (host, ua) in &fields {
        tables.request(host, ua);
    }
    bencher
        .counter(ItemsCount::new(fields.len()))
        .bench_local(|| {
            let mut crawlers = 0;
            for (host, ua) in &fields {
                crawlers += usize::from(tables.request(host, ua));
            }
            crawlers
        });
}

#[divan::bench(args = MIXES)]
fn judge(bencher: Bencher, name: &str) {
    let mix = mix(name);
    let parser = LineParser::new(Format::VhostCombined, None);
    let mut files: HashMap<Vec<u8>, Option<usize>> = HashMap::new();
    let mut robots: Vec<RobotsTxt> = Vec::new();
    let mut groups: HashMap<(usize, Vec<u8>), Option<GroupId>> = HashMap::new();
    // (robots.txt, group, target) of every request a robots.txt judges.
    let mut judged: Vec<(usize, Option<GroupId>, Vec<u8>)> = Vec::new();
    for line in mix.lines() {
        let Ok(Some(req)) = parser.parse(line) else {
            continue;
        };
        if REGISTRY.identify(&req.user_agent) == Identity::NotCrawler {
            continue;
        }
        let host = req.host.unwrap_or_default();
        let name = host.split(|&c| c == b':').next().unwrap_or_default();
        let reader = REGISTRY.agent_for(&req.user_agent);
        let file = *files.entry(name.to_vec()).or_insert_with(|| {
            let path = mix
                .robots_dir
                .join(String::from_utf8_lossy(name).as_ref())
                .join("robots.txt");
            let body = std::fs::read(path).ok()?;
            robots.push(RobotsTxt::parse(&body, reader.dialect));
            Some(robots.len() - 1)
        });
        let Some(file) = file else { continue };
        let group = *groups
            .entry((file, req.user_agent.to_vec()))
            .or_insert_with(|| {
                let tokens: Vec<&str> = reader.tokens.iter().map(String::as_str).collect();
                robots[file].group_for(&Agent {
                    tokens: &tokens,
                    obeys_star: reader.obeys_star,
                })
            });
        judged.push((file, group, req.target.into_owned()));
    }
    let mut normalized = Vec::new();
    bencher
        .counter(ItemsCount::new(judged.len()))
        .bench_local(|| {
            let mut allowed = 0;
            for (file, group, target) in &judged {
                normalize_target(target, &mut normalized);
                allowed += usize::from(robots[*file].check(*group, &normalized).allowed);
            }
            allowed
        });
}

#[divan::bench(args = MIXES, sample_count = 20, sample_size = 1)]
fn audit(bencher: Bencher, name: &str) {
    let mix = mix(name);
    let store = RobotsStore::new(FetchOptions {
        robots_dir: Some(mix.robots_dir.clone()),
        ..FetchOptions::default()
    })
    .expect("a robots-dir store");
    let auditor = Auditor::new(
        AuditSettings {
            threads: 1,
            ..AuditSettings::default()
        },
        Arc::clone(&REGISTRY),
        Arc::new(Verifier::bundled()),
        Arc::new(store) as Arc<dyn RobotsSource>,
    );
    bencher
        .counter(ItemsCount::new(mix.line_count()))
        .bench_local(|| {
            auditor
                .audit_reader(&mix.plain[..], name)
                .expect("the mix is a log")
        });
}
