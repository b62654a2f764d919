//! A gzip bomb: a line of 256 MiB of zeros (no newline) that gzip packs into a few hundred
//! KiB, between ordinary lines. Reading it must neither hold the line nor lose its
//! neighbours: the line is reported once as too long, with its length, and no block delivered
//! is bigger than a block or the maximum line length.

use std::io::Write;
use std::sync::atomic::AtomicU64;

use flate2::Compression;
use flate2::write::GzEncoder;
use robots_audit::input::{
    Block, DEFAULT_MAX_LINE_LENGTH, LONG_LINE_HEAD, LongLine, ReadOptions, Source,
    read_blocks_with, sink_with_long_lines,
};

const BOMB: usize = 256 << 20;

const BEFORE: &str = "192.0.2.1 - - [20/Nov/2026:13:55:36 +0000] \"GET /a HTTP/1.1\" 200 5 \"-\" \"curl/8\"\n\
                      192.0.2.2 - - [20/Nov/2026:13:55:37 +0000] \"GET /b HTTP/1.1\" 200 5 \"-\" \"curl/8\"\n";
const AFTER: &str =
    "192.0.2.3 - - [20/Nov/2026:13:55:38 +0000] \"GET /c HTTP/1.1\" 200 5 \"-\" \"curl/8\"\n";

fn gzip(data: &[u8]) -> Vec<u8> {
    let mut enc = GzEncoder::new(Vec::new(), Compression::best());
    enc.write_all(data).expect("writing to a Vec does not fail");
    enc.finish().expect("writing to a Vec does not fail")
}

/// The bomb as a gzip file: two lines, `GET ` and 256 MiB of zeros, then a line. The zeros
/// are compressed once per MiB and the members repeated (gzip reads a multi-member file as
/// one stream), which keeps the test quick to build.
fn bomb_file() -> tempfile::NamedTempFile {
    let mut file = tempfile::NamedTempFile::new().expect("a temp file");
    let zeros = gzip(&vec![0u8; 1 << 20]);
    let out = file.as_file_mut();
    out.write_all(&gzip(format!("{BEFORE}GET ").as_bytes()))
        .expect("temp file writes");
    for _ in 0..BOMB >> 20 {
        out.write_all(&zeros).expect("temp file writes");
    }
    out.write_all(&gzip(format!("\n{AFTER}").as_bytes()))
        .expect("temp file writes");
    file
}

#[test]
fn gzip_bomb_line_is_skipped_in_bounded_memory() {
    let file = bomb_file();
    let compressed = std::fs::metadata(file.path()).expect("temp file").len();
    assert!(compressed < 512 << 10, "a bomb: {compressed} bytes of gzip");
    let source = Source::Path(file.path().to_owned());

    let options = ReadOptions::default().block_size(64 * 1024);
    let mut lines: Vec<(u64, String)> = Vec::new();
    let mut long: Vec<LongLine> = Vec::new();
    let mut biggest = 0;
    let stats = read_blocks_with(
        &source,
        options,
        &AtomicU64::new(0),
        None,
        sink_with_long_lines(
            |block| {
                biggest = biggest.max(block.capacity());
                for (n, line) in block.lines() {
                    lines.push((n, String::from_utf8_lossy(line).into_owned()));
                }
                true
            },
            |line| {
                long.push(line);
                true
            },
        ),
    )
    .expect("the bomb is valid gzip");

    let want: Vec<(u64, String)> = BEFORE
        .lines()
        .enumerate()
        .map(|(i, l)| (i as u64 + 1, l.to_owned()))
        .chain([(4, AFTER.trim_end().to_owned())])
        .collect();
    assert_eq!(lines, want);
    assert_eq!(long.len(), 1);
    assert_eq!(long[0].line, 3);
    assert_eq!(long[0].len, BOMB as u64 + 4);
    assert_eq!(long[0].head.len(), LONG_LINE_HEAD);
    assert!(long[0].head.starts_with(b"GET \0\0"));
    assert_eq!((stats.lines, stats.too_long), (4, 1));
    assert_eq!(
        stats.bytes,
        (BEFORE.len() + 4 + BOMB + 1 + AFTER.len()) as u64
    );
    // No buffer handed over is bigger than a block or the longest line allowed (and the
    // one step of growth past it that shows a line is too long).
    assert!(
        biggest <= DEFAULT_MAX_LINE_LENGTH + 64 * 1024,
        "a block of {biggest} bytes"
    );

    // A closure is a sink too: over-long lines are then only counted.
    let mut count = 0;
    let stats = read_blocks_with(
        &source,
        ReadOptions::default(),
        &AtomicU64::new(0),
        None,
        |block: Block| {
            count += block.lines().count();
            biggest = biggest.max(block.capacity());
            true
        },
    )
    .expect("the bomb is valid gzip");
    assert_eq!((count, stats.too_long), (3, 1));
    assert!(biggest <= DEFAULT_MAX_LINE_LENGTH + 64 * 1024, "{biggest}");
}
