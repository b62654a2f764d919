//! Inflate speed: `cargo bench --bench input`.
//!
//! Inflates a generated gzip of realistic log lines three ways: through `read_blocks_from_with`
//! (sniffing, member loop, line-aligned blocks handed over by value), through a bare
//! `MultiGzDecoder` read into a reused buffer (the floor), and the plain text through
//! `read_blocks_from_with` (block cutting alone). Prints MB/s of text and the ratio.

mod support;

use std::hint::black_box;
use std::io::{Read, Write};
use std::sync::atomic::AtomicU64;
use std::time::Instant;

use flate2::Compression;
use flate2::read::MultiGzDecoder;
use flate2::write::GzEncoder;
use robots_audit::input::{Block, BlockPool, ReadOptions, read_blocks_from_with};

/// A named way of reading the input; returns the bytes of text it saw.
type Variant<'a> = (&'a str, Box<dyn FnMut() -> u64 + 'a>);

/// Runs every variant `rounds` times, interleaved so that a busy machine slows them all
/// alike, and keeps each one's best time.
fn interleaved(rounds: usize, variants: &mut [Variant<'_>]) -> Vec<f64> {
    let mut best = vec![f64::MAX; variants.len()];
    for _ in 0..rounds {
        for (i, (_, f)) in variants.iter_mut().enumerate() {
            let start = Instant::now();
            black_box(f());
            best[i] = best[i].min(start.elapsed().as_secs_f64());
        }
    }
    best
}

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return;
    }
    let mb: usize = std::env::var("INPUT_BENCH_MB")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100);
    let text = {
        let chunk = support::combined_lines(50_000, false);
        let mut t = Vec::with_capacity(mb << 20);
        while t.len() < mb << 20 {
            t.extend_from_slice(&chunk);
        }
        t
    };
    let mut enc = GzEncoder::new(Vec::new(), Compression::default());
    enc.write_all(&text)
        .expect("writing to a Vec does not fail");
    let gz = enc.finish().expect("writing to a Vec does not fail");
    println!(
        "text {} MB, gzip {} MB (ratio {:.1})",
        text.len() >> 20,
        gz.len() >> 20,
        text.len() as f64 / gz.len() as f64
    );
    let progress = AtomicU64::new(0);
    let pool = BlockPool::new();
    let expect = text.len() as u64;
    let ours = |block_size: usize, pooled: bool, input: &'static [u8]| {
        let (progress, pool) = (&progress, &pool);
        move || {
            let mut total = 0u64;
            // As the audit reads: with the default maximum line length.
            read_blocks_from_with(
                input,
                "bench",
                ReadOptions::default().block_size(block_size),
                progress,
                pooled.then_some(pool),
                |b: Block| {
                    total += b.data().len() as u64;
                    if pooled {
                        pool.give_back(b.into_data());
                    } else {
                        black_box(b);
                    }
                    true
                },
            )
            .expect("the input is whole");
            assert_eq!(total, expect);
            total
        }
    };
    let gz: &'static [u8] = Box::leak(gz.into_boxed_slice());
    let plain: &'static [u8] = Box::leak(text.into_boxed_slice());
    let mut variants: Vec<Variant<'_>> = vec![
        (
            "bare MultiGzDecoder",
            Box::new(move || {
                let mut dec = MultiGzDecoder::new(gz);
                let mut buf = vec![0u8; 1 << 20];
                let mut total = 0u64;
                loop {
                    let n = dec.read(&mut buf).expect("the gzip is whole");
                    if n == 0 {
                        break;
                    }
                    black_box(&buf[..n]);
                    total += n as u64;
                }
                assert_eq!(total, expect);
                total
            }),
        ),
        ("read_blocks gzip 1 MiB", Box::new(ours(1 << 20, false, gz))),
        ("read_blocks gzip 2 MiB", Box::new(ours(2 << 20, false, gz))),
        ("read_blocks gzip 4 MiB", Box::new(ours(4 << 20, false, gz))),
        ("pooled gzip 1 MiB", Box::new(ours(1 << 20, true, gz))),
        ("pooled gzip 4 MiB", Box::new(ours(4 << 20, true, gz))),
        (
            "read_blocks plain 1 MiB",
            Box::new(ours(1 << 20, false, plain)),
        ),
        ("pooled plain 1 MiB", Box::new(ours(1 << 20, true, plain))),
    ];
    let best = interleaved(5, &mut variants);
    for ((name, _), secs) in variants.iter().zip(&best) {
        println!(
            "{name:<24} {:>7.0} MB/s  ({:.2}x the bare decoder's time)",
            expect as f64 / secs / 1e6,
            secs / best[0]
        );
    }
}
