//! Parsing speed per format: `cargo bench --bench logformat`.
//!
//! Parses an in-memory block of ~10k generated, varied lines (browsers and bots, query
//! strings) over and over and prints MB/s and lines/s on one core.

mod support;

use std::hint::black_box;
use std::time::{Duration, Instant};

use robots_audit::logformat::{Format, LineParser};

fn bench(name: &str, format: Format, data: &[u8]) {
    let parser = LineParser::new(format, None);
    let lines: Vec<&[u8]> = data
        .split(|&c| c == b'\n')
        .filter(|l| !l.is_empty())
        .collect();
    // Warm up, and check every line parses.
    let ok = lines
        .iter()
        .filter(|l| matches!(parser.parse(l), Ok(Some(_))))
        .count();
    assert_eq!(ok, lines.len(), "{name}: every generated line parses");
    let mut rounds = 0u64;
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(2) {
        for line in &lines {
            // Split lines from the block as the audit does, then parse.
            let r = parser.parse(black_box(line));
            black_box(&r);
        }
        rounds += 1;
    }
    let secs = start.elapsed().as_secs_f64();
    let bytes = data.len() as f64 * rounds as f64;
    let n = lines.len() as f64 * rounds as f64;
    println!(
        "{name:<16} {:>8.0} MB/s {:>8.2} M lines/s  ({} bytes/line avg)",
        bytes / secs / 1e6,
        n / secs / 1e6,
        data.len() / lines.len()
    );
}

/// The same, iterating the lines of the block with memchr inside the timed loop.
fn bench_block(name: &str, format: Format, data: &[u8]) {
    let parser = LineParser::new(format, None);
    let mut rounds = 0u64;
    let mut lines = 0u64;
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(2) {
        let mut rest = data;
        while let Some(i) = memchr::memchr(b'\n', rest) {
            let r = parser.parse(black_box(&rest[..i]));
            black_box(&r);
            rest = &rest[i + 1..];
            lines += 1;
        }
        rounds += 1;
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{name:<16} {:>8.0} MB/s {:>8.2} M lines/s  (block + line split)",
        data.len() as f64 * rounds as f64 / secs / 1e6,
        lines as f64 / secs / 1e6
    );
}

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return;
    }
    let combined = support::combined_lines(10_000, false);
    let vhost = support::combined_lines(10_000, true);
    let common: Vec<u8> = combined
        .split(|&c| c == b'\n')
        .filter(|l| !l.is_empty())
        .flat_map(|l| {
            // Cut the referer and User-Agent off.
            let cut = l
                .windows(2)
                .position(|w| w == b" \"")
                .and_then(|first| {
                    l[first + 2..]
                        .windows(2)
                        .position(|w| w == b" \"")
                        .map(|i| first + 2 + i)
                })
                .unwrap_or(l.len());
            let mut v = l[..cut].to_vec();
            v.push(b'\n');
            v
        })
        .collect();
    bench("combined", Format::Combined, &combined);
    bench_block("combined", Format::Combined, &combined);
    bench("vhost_combined", Format::VhostCombined, &vhost);
    bench("common", Format::Common, &common);
    bench(
        "nginx-json",
        Format::NginxJson,
        &support::nginx_json_lines(10_000),
    );
    bench("w3c", Format::W3c, &support::w3c_lines(10_000));
    bench("alb", Format::Alb, &support::alb_lines(10_000));
}
