//! Inflate speed: `cargo bench --bench input`.
//!
//! Inflates a generated gzip of realistic log lines three ways: through `read_blocks_from`
//! (sniffing, member loop, line-aligned blocks handed over by value), through a bare
//! `MultiGzDecoder` read into a reused buffer (the floor), and the plain text through
//! `read_blocks_from` (block cutting alone). Prints MB/s of text and the ratio.

mod support;

use std::hint::black_box;
use std::io::{Read, Write};
use std::sync::atomic::AtomicU64;
use std::time::Instant;

use flate2::Compression;
use flate2::read::MultiGzDecoder;
use flate2::write::GzEncoder;
use robots_audit::input::read_blocks_from;

fn best_of<F: FnMut() -> u64>(runs: usize, mut f: F) -> (f64, u64) {
    let mut best = f64::MAX;
    let mut out = 0;
    for _ in 0..runs {
        let start = Instant::now();
        out = f();
        best = best.min(start.elapsed().as_secs_f64());
    }
    (best, out)
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
    let mbs = |secs: f64| text.len() as f64 / secs / 1e6;

    let (bare, n) = best_of(3, || {
        let mut dec = MultiGzDecoder::new(&gz[..]);
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
        total
    });
    assert_eq!(n, text.len() as u64);
    println!("bare MultiGzDecoder      {:>7.0} MB/s", mbs(bare));

    let progress = AtomicU64::new(0);
    for block_size in [1 << 20, 2 << 20, 4 << 20] {
        let (ours, n) = best_of(3, || {
            let mut total = 0u64;
            read_blocks_from(&gz[..], "bench", block_size, &progress, |b| {
                total += b.data.len() as u64;
                black_box(b);
                true
            })
            .expect("the gzip is whole");
            total
        });
        assert_eq!(n, text.len() as u64);
        println!(
            "read_blocks gzip {:>2} MiB {:>7.0} MB/s  ({:.2}x the bare decoder's time)",
            block_size >> 20,
            mbs(ours),
            ours / bare
        );
    }
    let (plain, _) = best_of(3, || {
        let mut total = 0u64;
        read_blocks_from(&text[..], "bench", 2 << 20, &progress, |b| {
            total += b.data.len() as u64;
            black_box(b);
            true
        })
        .expect("memory reads");
        total
    });
    println!("read_blocks plain 2 MiB  {:>7.0} MB/s", mbs(plain));
}
