//! Reads log files through `input` as the audit does (gzip sniffed, line-aligned blocks,
//! lines over the maximum length skipped) and prints what came out; nothing is parsed.
//! For measuring the reader alone, e.g. its peak memory on a gzip bomb:
//!
//! ```text
//! cargo build --release --example blocks
//! head -c 2G /dev/zero | gzip -9 > bomb.gz
//! /usr/bin/time -v target/release/examples/blocks bomb.gz
//! /usr/bin/time -v target/release/examples/blocks --max-line-length 18446744073709551615 bomb.gz
//! ```
//!
//! Prints, per file: lines, over-long lines, bytes of text, and the largest block buffer
//! handed over.

use std::sync::atomic::AtomicU64;

use robots_audit::input::{ReadOptions, Source, read_blocks_with, sink_with_long_lines};

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut options = ReadOptions::default();
    if let Some(i) = args.iter().position(|a| a == "--max-line-length") {
        let Some(value) = args.get(i + 1).and_then(|v| v.parse().ok()) else {
            eprintln!("blocks: --max-line-length takes a number of bytes");
            std::process::exit(2);
        };
        options = options.max_line_length(value);
        args.drain(i..i + 2);
    }
    if args.is_empty() {
        eprintln!("usage: blocks [--max-line-length BYTES] FILE...");
        std::process::exit(2);
    }
    for arg in &args {
        let source = Source::from_arg(arg.as_ref());
        let (mut biggest, mut long_lines) = (0usize, Vec::new());
        let result = read_blocks_with(
            &source,
            options,
            &AtomicU64::new(0),
            None,
            sink_with_long_lines(
                |block| {
                    biggest = biggest.max(block.capacity());
                    true
                },
                |line| {
                    long_lines.push((line.line, line.len));
                    true
                },
            ),
        );
        match result {
            Ok(stats) => {
                println!(
                    "{}: {} lines, {} too long {:?}, {} bytes of text, largest block {} bytes",
                    source.name(),
                    stats.lines,
                    stats.too_long,
                    &long_lines[..long_lines.len().min(5)],
                    stats.bytes,
                    biggest
                );
            }
            Err(e) => {
                eprintln!("blocks: {e}");
                std::process::exit(2);
            }
        }
    }
}
