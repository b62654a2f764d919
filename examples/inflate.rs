//! The end-to-end bench's baseline: inflate gzip files with the same flate2 backend and read
//! size the tool uses, and throw the bytes away. `robots-audit` cannot be faster than this on
//! one gzip stream; `benches/e2e.sh` reports the tool's time as a ratio of it.
//!
//! ```text
//! cargo run --release --example inflate -- big.log.gz [more.gz ...]
//! ```
//!
//! Several files are inflated one after the other (the single-stream limit), or in parallel
//! with `--parallel`.

use std::fs::File;
use std::io::{self, Read};

use flate2::read::MultiGzDecoder;

fn inflate(path: &str) -> io::Result<u64> {
    let file = File::open(path)?;
    let mut dec = MultiGzDecoder::new(io::BufReader::with_capacity(1 << 20, file));
    let mut buf = vec![0u8; 2 << 20];
    let mut total = 0u64;
    loop {
        let n = dec.read(&mut buf)?;
        if n == 0 {
            return Ok(total);
        }
        total += n as u64;
    }
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let parallel = args.iter().any(|a| a == "--parallel");
    args.retain(|a| a != "--parallel");
    if args.is_empty() {
        eprintln!("usage: inflate [--parallel] FILE.gz...");
        std::process::exit(2);
    }
    let result: io::Result<u64> = if parallel {
        std::thread::scope(|s| {
            let handles: Vec<_> = args.iter().map(|p| s.spawn(move || inflate(p))).collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("inflate thread panicked"))
                .sum()
        })
    } else {
        args.iter().map(|p| inflate(p)).sum()
    };
    match result {
        Ok(bytes) => println!("{bytes}"),
        Err(e) => {
            eprintln!("inflate: {e}");
            std::process::exit(2);
        }
    }
}
