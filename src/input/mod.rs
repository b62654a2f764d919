//! Input: open the log sources, sniff gzip from plain text, decompress, cut line-aligned blocks.
//!
//! Stage: first. Takes: [`Source`]s (files or standard input). Gives: owned [`Block`]s of whole
//! lines through a sink callback, and [`InputStats`] at the end. Gzip is recognised by its
//! magic bytes (`1f 8b`), never by the file name; multi-member files (from `cat a.gz b.gz` or
//! parallel compressors) are read member after member as one stream; a file in another
//! compression format (zstd, xz, bzip2, lz4, zip) is an error naming it, not a flood of
//! malformed lines. Must not: parse log
//! lines, allocate per line, or lose the lines before a damaged part of a file (they are
//! delivered before the error is returned).
//!
//! [`read_blocks`] is meant to run on a thread of its own per file, ahead of the parsers: the
//! sink typically sends each block into a bounded channel.

mod blocks;

pub use blocks::{
    Block, BlockPool, BlockSink, LONG_LINE_HEAD, Lines, LongLine, WithLongLines,
    sink_with_long_lines,
};

use std::cell::Cell;
use std::ffi::OsStr;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};

use blocks::Cutter;

/// The gzip magic bytes (RFC 1952 §2.3.1).
const GZIP_MAGIC: [u8; 2] = [0x1f, 0x8b];

/// Size of the buffer of compressed bytes in front of the inflater.
const COMPRESSED_BUF: usize = 1 << 20;

/// A block size that suits the audit: large enough to amortise channel hand-offs, small
/// enough to keep every worker busy.
pub const DEFAULT_BLOCK_SIZE: usize = 1 << 20;

/// The longest line read by default (1 MiB): a longer one is skipped as malformed ("too
/// long") without being held in memory.
pub const DEFAULT_MAX_LINE_LENGTH: usize = 1 << 20;

/// How to cut a source into blocks.
///
/// ```
/// use robots_audit::input::{DEFAULT_BLOCK_SIZE, ReadOptions};
///
/// let options = ReadOptions::default().max_line_length(64 * 1024);
/// assert_eq!(options.block_size, DEFAULT_BLOCK_SIZE);
/// assert_eq!(options.max_line_length, 64 * 1024);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReadOptions {
    /// About how many bytes of whole lines make a block ([`DEFAULT_BLOCK_SIZE`]); a line
    /// longer than this (but not over the maximum) makes one bigger block.
    pub block_size: usize,
    /// The longest line delivered, in bytes without the `\n`
    /// ([`DEFAULT_MAX_LINE_LENGTH`]). A longer line is never held whole: its bytes are
    /// dropped as they are read, and it is reported to [`BlockSink::too_long`] (its
    /// number, length and first bytes). Memory is then bounded by about `block_size` +
    /// `max_line_length` per source, whatever the input inflates to.
    pub max_line_length: usize,
}

impl Default for ReadOptions {
    fn default() -> ReadOptions {
        ReadOptions {
            block_size: DEFAULT_BLOCK_SIZE,
            max_line_length: DEFAULT_MAX_LINE_LENGTH,
        }
    }
}

impl ReadOptions {
    /// Blocks of about `block_size` bytes and no maximum line length (what [`read_blocks`]
    /// and its siblings read with).
    pub fn unbounded(block_size: usize) -> ReadOptions {
        ReadOptions {
            block_size,
            max_line_length: usize::MAX,
        }
    }

    /// These options with blocks of about `bytes`.
    pub fn block_size(self, bytes: usize) -> ReadOptions {
        ReadOptions {
            block_size: bytes,
            ..self
        }
    }

    /// These options with lines of at most `bytes`.
    pub fn max_line_length(self, bytes: usize) -> ReadOptions {
        ReadOptions {
            max_line_length: bytes,
            ..self
        }
    }
}

/// Where log lines come from.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Source {
    /// A file (plain or gzip, whatever its name).
    Path(PathBuf),
    /// Standard input (`-` on the command line).
    Stdin,
}

impl Source {
    /// `-` is standard input; anything else is a path.
    pub fn from_arg(arg: &OsStr) -> Source {
        if arg == "-" {
            Source::Stdin
        } else {
            Source::Path(PathBuf::from(arg))
        }
    }

    /// The name to show in messages: the path as given, or `<stdin>`.
    pub fn name(&self) -> String {
        match self {
            Source::Path(p) => p.display().to_string(),
            Source::Stdin => "<stdin>".to_owned(),
        }
    }

    /// The latest instant (unix seconds) a request in this input can be from, as far as can
    /// be told before reading it: a file's modification time (the last line written); for
    /// standard input, or a file whose time cannot be read, `now`.
    pub fn written_until(&self, now: i64) -> i64 {
        let Source::Path(path) = self else {
            return now;
        };
        std::fs::metadata(path)
            .and_then(|m| m.modified())
            .ok()
            .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
            .and_then(|d| i64::try_from(d.as_secs()).ok())
            .unwrap_or(now)
    }
}

/// What reading one source amounted to.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct InputStats {
    /// Bytes read from the source (compressed size for gzip).
    pub compressed_bytes: u64,
    /// Bytes of text (after decompression).
    pub bytes: u64,
    /// Lines read (a last line without `\n` counts, and so do the over-long ones).
    pub lines: u64,
    /// Lines over the maximum line length, skipped (each reported to [`BlockSink::too_long`]).
    pub too_long: u64,
    /// The source was gzip.
    pub gzip: bool,
    /// Gzip members read (0 for plain text).
    pub members: u64,
}

/// Why a source could not be read (to the end).
#[derive(thiserror::Error, Debug)]
pub enum InputError {
    /// The source could not be opened.
    #[error("cannot open {path}: {source}")]
    Open { path: String, source: io::Error },
    /// Reading failed part way, including a corrupt or truncated gzip stream. Every line
    /// before the damage has been delivered.
    #[error("cannot read {path}: {source}")]
    Read { path: String, source: io::Error },
}

impl InputError {
    /// The name of the source the error is about.
    pub fn path(&self) -> &str {
        match self {
            InputError::Open { path, .. } | InputError::Read { path, .. } => path,
        }
    }

    /// What went wrong, without the source's name, for a message or a report row that names
    /// the source already: `cannot open: …`, or the read error itself (`truncated gzip
    /// stream after …`).
    pub fn cause(&self) -> String {
        match self {
            InputError::Open { source, .. } => format!("cannot open: {source}"),
            InputError::Read { source, .. } => source.to_string(),
        }
    }
}

/// Total size of the source if known (a regular file's length), for progress bars.
pub fn source_len(source: &Source) -> Option<u64> {
    match source {
        Source::Path(p) => std::fs::metadata(p)
            .ok()
            .filter(|m| m.is_file())
            .map(|m| m.len()),
        Source::Stdin => None,
    }
}

/// Reads a source to the end, calling `sink` with line-aligned blocks of about
/// `options.block_size` bytes (a single line longer than that makes one bigger block; a line
/// is never split). A line over `options.max_line_length` is not delivered: its bytes are
/// dropped as they are read and it is reported to [`BlockSink::too_long`] (see
/// [`ReadOptions`]; a closure `FnMut(Block) -> bool` is a sink that only counts them in
/// [`InputStats::too_long`], [`sink_with_long_lines`] makes one that hears of each). Gzip
/// is sniffed by its magic bytes, not by name; multi-member gzip is read as one stream; a
/// file named `.gz` that is not gzip is read as plain text. A UTF-8 byte order mark at the
/// very start of the text is dropped. Block buffers come from `pool` if given (the
/// consumer refills it with [`BlockPool::give_back`]). `progress` gets the source bytes
/// read added as reading goes. The sink returns false to stop early.
///
/// On a read error or a damaged gzip stream, every line before the damage (the partial last
/// line too) has been delivered to `sink` when the error is returned.
///
/// ```no_run
/// use std::sync::atomic::AtomicU64;
/// use robots_audit::input::{Block, ReadOptions, Source, read_blocks_with};
///
/// let progress = AtomicU64::new(0);
/// let mut lines = 0;
/// let source = Source::from_arg("access.log.gz".as_ref());
/// // A closure as a sink needs its parameter's type written out.
/// let stats = read_blocks_with(&source, ReadOptions::default(), &progress, None, |block: Block| {
///     lines += block.lines().count();
///     true // keep going
/// })?;
/// // Lines over the maximum length are counted but not delivered.
/// assert_eq!(stats.lines as usize, lines + stats.too_long as usize);
/// # Ok::<(), robots_audit::input::InputError>(())
/// ```
pub fn read_blocks_with(
    source: &Source,
    options: ReadOptions,
    progress: &AtomicU64,
    pool: Option<&BlockPool>,
    sink: impl BlockSink,
) -> Result<InputStats, InputError> {
    let reader = open(source)?;
    read_blocks_from_with(reader, &source.name(), options, progress, pool, sink)
}

/// [`read_blocks_with`] with no maximum line length (a line of any length is delivered
/// whole, in one block as long as the line: a gzip bomb's endless line is held in memory
/// whole). Reading hostile logs wants [`read_blocks_with`] and a [`ReadOptions`].
pub fn read_blocks(
    source: &Source,
    block_size: usize,
    progress: &AtomicU64,
    sink: impl FnMut(Block) -> bool,
) -> Result<InputStats, InputError> {
    read_blocks_with(
        source,
        ReadOptions::unbounded(block_size),
        progress,
        None,
        sink,
    )
}

/// Opens a source for reading.
fn open(source: &Source) -> Result<Box<dyn Read>, InputError> {
    let open_error = |e| InputError::Open {
        path: source.name(),
        source: e,
    };
    Ok(match source {
        Source::Path(p) => {
            let file = File::open(p).map_err(open_error)?;
            let meta = file.metadata().map_err(open_error)?;
            Box::new(WholeFile {
                file,
                length: meta.is_file().then_some(meta.len()),
                read: 0,
            })
        }
        Source::Stdin => Box::new(io::stdin().lock()),
    })
}

/// A file read to its end, which must be no sooner than the length a regular file had when
/// it was opened: a file cut while it is read (logrotate's `copytruncate` empties the log
/// it has just copied) would otherwise end early as if its last lines were all there were.
struct WholeFile {
    file: File,
    /// The length when opened, for a regular file.
    length: Option<u64>,
    read: u64,
}

impl Read for WholeFile {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.file.read(buf)?;
        self.read += n as u64;
        if let Some(length) = self.length
            && n == 0
            && !buf.is_empty()
            && self.read < length
        {
            return Err(io::Error::new(
                io::ErrorKind::UnexpectedEof,
                Shrunk {
                    read: self.read,
                    length,
                },
            ));
        }
        Ok(n)
    }
}

/// A file that ended before the length it had when opened.
#[derive(Debug)]
struct Shrunk {
    read: u64,
    length: u64,
}

impl std::fmt::Display for Shrunk {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the file was cut while it was read: it ended after {} bytes, and had {} when \
             opened (a log rotation's copytruncate? its copy holds the lines)",
            self.read, self.length
        )
    }
}

impl std::error::Error for Shrunk {}

/// [`read_blocks`] (no maximum line length) taking block buffers from `pool`.
pub fn read_blocks_pooled(
    source: &Source,
    block_size: usize,
    progress: &AtomicU64,
    pool: &BlockPool,
    sink: impl FnMut(Block) -> bool,
) -> Result<InputStats, InputError> {
    let options = ReadOptions::unbounded(block_size);
    read_blocks_with(source, options, progress, Some(pool), sink)
}

/// [`read_blocks`] (no maximum line length) on any reader; `name` is used in errors.
pub fn read_blocks_from(
    reader: impl Read,
    name: &str,
    block_size: usize,
    progress: &AtomicU64,
    sink: impl FnMut(Block) -> bool,
) -> Result<InputStats, InputError> {
    let options = ReadOptions::unbounded(block_size);
    read_blocks_from_with(reader, name, options, progress, None, sink)
}

/// [`read_blocks_from`] (no maximum line length) with an optional [`BlockPool`].
pub fn read_blocks_from_pooled(
    reader: impl Read,
    name: &str,
    block_size: usize,
    progress: &AtomicU64,
    pool: Option<&BlockPool>,
    sink: impl FnMut(Block) -> bool,
) -> Result<InputStats, InputError> {
    let options = ReadOptions::unbounded(block_size);
    read_blocks_from_with(reader, name, options, progress, pool, sink)
}

/// [`read_blocks_with`] on any reader; `name` is used in errors.
pub fn read_blocks_from_with(
    reader: impl Read,
    name: &str,
    options: ReadOptions,
    progress: &AtomicU64,
    pool: Option<&BlockPool>,
    sink: impl BlockSink,
) -> Result<InputStats, InputError> {
    let consumed = Cell::new(0u64);
    let mut raw = Counting {
        inner: reader,
        progress,
        count: &consumed,
    };
    let mut cutter = Cutter::new(options.block_size, options.max_line_length, pool, sink);
    let mut stats = InputStats::default();
    let read_error = |source: io::Error| InputError::Read {
        path: name.to_owned(),
        source,
    };

    let mut magic = [0u8; 10];
    let sniffed = read_up_to(&mut raw, &mut magic).map_err(read_error)?;
    let magic = &magic[..sniffed];
    if let Some(what) = other_compression(magic) {
        return Err(read_error(io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "{what}-compressed input is not supported (only gzip and plain text): \
                 decompress it first and read it from standard input with `-`"
            ),
        )));
    }
    let mut stream = magic.chain(raw);
    let result = if magic.starts_with(&GZIP_MAGIC) {
        stats.gzip = true;
        let result = read_gzip(&mut stream, &mut cutter, &mut stats.members);
        result.map_err(|e| gzip_error(e, consumed.get(), cutter.bytes, stats.members))
    } else {
        cutter.feed(&mut stream)
    };
    // Deliver what was read, also after an error: the damage comes after it (and the line
    // it cut is part of it).
    if result.is_ok() {
        cutter.finish();
    } else {
        cutter.finish_damaged();
    }
    stats.compressed_bytes = consumed.get();
    stats.bytes = cutter.bytes;
    stats.lines = cutter.lines;
    stats.too_long = cutter.too_long;
    result.map(|()| stats).map_err(read_error)
}

/// Reads gzip members one after the other into `cutter` (what `MultiGzDecoder` does, but
/// counting members and tolerating zero padding after the last one, as gzip(1) does).
fn read_gzip<R: Read, S: BlockSink>(
    reader: R,
    cutter: &mut Cutter<'_, S>,
    members: &mut u64,
) -> io::Result<()> {
    let mut input = BufReader::with_capacity(COMPRESSED_BUF, reader);
    loop {
        let mut member = flate2::bufread::GzDecoder::new(input);
        cutter.feed(&mut member)?;
        *members += 1;
        input = member.into_inner();
        if cutter.stopped {
            return Ok(());
        }
        // Another member, zero padding, or the end.
        loop {
            let rest = input.fill_buf()?;
            if rest.is_empty() {
                return Ok(());
            }
            if rest[0] == GZIP_MAGIC[0] {
                break;
            }
            if rest.iter().all(|&b| b == 0) {
                let n = rest.len();
                input.consume(n);
                continue;
            }
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                "data after the last gzip member is not gzip",
            ));
        }
    }
}

/// Names a compression format other than gzip from its magic bytes, so that such a file
/// gets a clear error instead of a flood of malformed lines.
fn other_compression(magic: &[u8]) -> Option<&'static str> {
    if magic.starts_with(&[0x28, 0xb5, 0x2f, 0xfd]) {
        Some("zstd")
    } else if magic.starts_with(&[0xfd, b'7', b'z', b'X', b'Z', 0]) {
        Some("xz")
    } else if magic.len() == 10
        && magic.starts_with(b"BZh")
        && (b'1'..=b'9').contains(&magic[3])
        && magic[4..] == *b"1AY&SY"
    {
        Some("bzip2")
    } else if magic.starts_with(&[0x04, 0x22, 0x4d, 0x18]) {
        Some("lz4")
    } else if magic.starts_with(b"PK\x03\x04") {
        Some("zip")
    } else {
        None
    }
}

/// Says where a gzip stream broke, in the source's own terms.
fn gzip_error(e: io::Error, compressed: u64, bytes: u64, members: u64) -> io::Error {
    // The file itself ended early: that is the news, whatever the gzip stream was.
    if e.get_ref().is_some_and(|inner| inner.is::<Shrunk>()) {
        return e;
    }
    let member = members + 1;
    let msg = if e.kind() == io::ErrorKind::UnexpectedEof {
        format!(
            "truncated gzip stream after {compressed} bytes (in member {member}, \
             {bytes} bytes decompressed, read up to their last whole line)"
        )
    } else {
        format!(
            "corrupt gzip stream after {compressed} bytes (in member {member}, \
             {bytes} bytes decompressed, read up to their last whole line): {e}"
        )
    };
    io::Error::new(e.kind(), msg)
}

/// Fills `buf` unless the reader ends first; returns how much was read.
fn read_up_to(reader: &mut impl Read, buf: &mut [u8]) -> io::Result<usize> {
    let mut filled = 0;
    while filled < buf.len() {
        match reader.read(&mut buf[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(filled)
}

/// Counts the bytes read from the source, for the stats and the progress bar.
struct Counting<'a, R> {
    inner: R,
    progress: &'a AtomicU64,
    count: &'a Cell<u64>,
}

impl<R: Read> Read for Counting<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.count.set(self.count.get() + n as u64);
        self.progress.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use flate2::Compression;
    use flate2::write::GzEncoder;
    use std::io::Write;

    fn gzip(data: &[u8]) -> Vec<u8> {
        let mut enc = GzEncoder::new(Vec::new(), Compression::fast());
        enc.write_all(data).expect("writing to a Vec does not fail");
        enc.finish().expect("writing to a Vec does not fail")
    }

    fn sample(lines: usize) -> Vec<u8> {
        let mut out = Vec::new();
        for i in 0..lines {
            out.extend_from_slice(
                format!(
                    "192.0.2.{} - - [20/Nov/2026:13:55:{:02} +0000] \"GET /p/{i}?q={} HTTP/1.1\" 200 {} \"-\" \"Mozilla/5.0 (compatible; Googlebot/2.1)\"\n",
                    i % 250,
                    i % 60,
                    i * 7,
                    i * 13
                )
                .as_bytes(),
            );
        }
        out
    }

    fn read_all(input: &[u8], block_size: usize) -> (Result<InputStats, InputError>, Vec<u8>) {
        let progress = AtomicU64::new(0);
        let mut out = Vec::new();
        let mut next_line = 1;
        let r = read_blocks_from(input, "test.log", block_size, &progress, |b| {
            assert_eq!(b.first_line, next_line);
            next_line += b.lines().count() as u64;
            out.extend_from_slice(b.data());
            true
        });
        if let Ok(stats) = &r {
            assert_eq!(stats.compressed_bytes, input.len() as u64);
            assert_eq!(progress.load(Ordering::Relaxed), input.len() as u64);
            assert_eq!(stats.lines, next_line - 1);
        }
        (r, out)
    }

    #[test]
    fn plain_and_gzip_read_the_same() {
        let text = sample(5000);
        let (r, out) = read_all(&text, 64 * 1024);
        let stats = r.expect("plain text reads");
        assert_eq!(out, text);
        assert!(!stats.gzip);
        assert_eq!(stats.members, 0);
        assert_eq!(stats.lines, 5000);

        let gz = gzip(&text);
        let (r, out) = read_all(&gz, 64 * 1024);
        let stats = r.expect("gzip reads");
        assert_eq!(out, text);
        assert!(stats.gzip);
        assert_eq!(stats.members, 1);
        assert_eq!(stats.bytes, text.len() as u64);
        assert_eq!(stats.lines, 5000);
    }

    /// A file cut while it is read (logrotate's `copytruncate`) is an error after the lines
    /// read before the cut, plain or gzip; one that grows is read to its new end.
    #[test]
    fn a_file_cut_while_it_is_read_is_an_error() {
        let text = sample(20_000);
        // More than the 1 MiB read ahead of the inflater.
        let long = sample(80_000);
        let dir = tempfile::tempdir().expect("a temporary directory");
        for (name, data, whole) in [
            ("plain.log", text.clone(), text.len()),
            ("log.gz", gzip(&long), long.len()),
        ] {
            let path = dir.path().join(name);
            std::fs::write(&path, &data).expect("the log is written");
            let source = Source::Path(path.clone());
            let progress = AtomicU64::new(0);
            let mut delivered = 0;
            let options = ReadOptions::unbounded(16 * 1024);
            let r = read_blocks_with(&source, options, &progress, None, |b: Block| {
                if delivered == 0 {
                    let file = std::fs::File::options().write(true).open(&path);
                    file.and_then(|f| f.set_len(100)).expect("the log is cut");
                }
                delivered += b.data().len();
                true
            });
            let err = r.expect_err("a cut file is an error").to_string();
            assert!(err.contains(name), "{err}");
            assert!(
                err.contains("cut while it was read")
                    && err.contains(&format!("had {} when", data.len())),
                "{err}"
            );
            assert!(delivered > 0 && delivered < whole, "{name}: {delivered}");
        }
        // Lines added while it is read are read too.
        let path = dir.path().join("growing.log");
        std::fs::write(&path, &text).expect("the log is written");
        let progress = AtomicU64::new(0);
        let mut appended = false;
        let mut delivered = 0;
        let options = ReadOptions::unbounded(16 * 1024);
        let source = Source::Path(path.clone());
        let stats = read_blocks_with(&source, options, &progress, None, |b: Block| {
            if !appended {
                let mut f = std::fs::File::options()
                    .append(true)
                    .open(&path)
                    .expect("opens");
                f.write_all(b"one more line\n").expect("appends");
                appended = true;
            }
            delivered += b.data().len();
            true
        })
        .expect("a growing file reads");
        assert_eq!(delivered, text.len() + 14);
        assert_eq!(stats.lines, 20_001);
    }

    #[test]
    fn multi_member_gzip_reads_all_members() {
        let text = sample(3000);
        // Cut mid-line, as `split -b` + gzip would.
        let (a, b) = text.split_at(text.len() / 2 + 17);
        let mut gz = gzip(a);
        gz.extend_from_slice(&gzip(b));
        gz.extend_from_slice(&gzip(b""));
        let (r, out) = read_all(&gz, 10_000);
        let stats = r.expect("multi-member gzip reads");
        assert_eq!(out, text);
        assert_eq!(stats.members, 3);
        assert_eq!(stats.lines, 3000);
    }

    #[test]
    fn zero_padding_after_gzip_is_ignored_but_garbage_is_an_error() {
        let text = sample(10);
        let mut gz = gzip(&text);
        gz.extend_from_slice(&[0; 512]);
        let (r, out) = read_all(&gz, 1 << 20);
        assert!(r.is_ok());
        assert_eq!(out, text);
        let mut gz = gzip(&text);
        gz.extend_from_slice(b"hello\n");
        let (r, out) = read_all(&gz, 1 << 20);
        assert_eq!(out, text);
        let msg = r.expect_err("trailing garbage is reported").to_string();
        assert!(msg.contains("test.log"), "{msg}");
    }

    #[test]
    fn truncated_gzip_delivers_lines_before_damage_then_errs() {
        let text = sample(20_000);
        let gz = gzip(&text);
        for cut in [gz.len() - 4, gz.len() / 2, 30] {
            let (r, out) = read_all(&gz[..cut], 16 * 1024);
            let err = r.expect_err("truncated gzip is an error");
            let msg = err.to_string();
            assert!(msg.contains("test.log"), "{msg}");
            assert!(msg.contains("gzip stream after"), "{msg}");
            assert!(matches!(err, InputError::Read { .. }));
            // What was delivered is a prefix of the text.
            assert!(text.starts_with(&out));
            if cut == gz.len() - 4 {
                // Only the trailer is missing: all text was inflated.
                assert_eq!(out, text);
                assert!(msg.contains("truncated"), "{msg}");
            }
            if cut == gz.len() / 2 {
                assert!(out.len() > text.len() / 4);
            }
        }
    }

    #[test]
    fn corrupt_gzip_is_an_error() {
        let text = sample(2000);
        let mut gz = gzip(&text);
        let mid = gz.len() / 2;
        for b in &mut gz[mid..mid + 64] {
            *b ^= 0x5a;
        }
        let (r, out) = read_all(&gz, 16 * 1024);
        assert!(r.is_err());
        assert!(text.starts_with(&out));
    }

    #[test]
    fn odd_inputs() {
        // Empty.
        let (r, out) = read_all(b"", 1024);
        let stats = r.expect("empty input reads");
        assert!(out.is_empty());
        assert_eq!(stats.lines, 0);
        // One byte, and the first gzip magic byte alone.
        let (r, out) = read_all(b"x", 1024);
        assert_eq!(r.expect("one byte reads").lines, 1);
        assert_eq!(out, b"x");
        let (r, _) = read_all(&[0x1f], 1024);
        assert!(!r.expect("plain").gzip);
        // Binary junk is text as far as input is concerned.
        let junk: Vec<u8> = (0..=255u8).cycle().take(10_000).collect();
        let (r, out) = read_all(&junk, 1000);
        assert!(r.is_ok());
        assert_eq!(out, junk);
    }

    #[test]
    fn files_plain_named_gz_and_gzip_named_log() {
        let dir = std::env::temp_dir().join(format!("robots-audit-input-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir is writable");
        let text = sample(100);
        let plain_gz = dir.join("plain.log.gz");
        let gzip_log = dir.join("gzip.log");
        std::fs::write(&plain_gz, &text).expect("temp dir is writable");
        std::fs::write(&gzip_log, gzip(&text)).expect("temp dir is writable");
        let progress = AtomicU64::new(0);
        for (path, is_gzip) in [(&plain_gz, false), (&gzip_log, true)] {
            let source = Source::from_arg(path.as_os_str());
            let mut out = Vec::new();
            let stats = read_blocks(&source, 1000, &progress, |b| {
                out.extend_from_slice(b.data());
                true
            })
            .expect("temp file reads");
            assert_eq!(out, text);
            assert_eq!(stats.gzip, is_gzip);
            assert_eq!(source_len(&source), Some(stats.compressed_bytes));
        }
        let missing = Source::Path(dir.join("missing.log"));
        let err = read_blocks(&missing, 1000, &progress, |_| true).expect_err("missing file");
        assert!(matches!(err, InputError::Open { .. }));
        assert!(err.to_string().contains("missing.log"));
        std::fs::remove_dir_all(&dir).expect("temp dir is removable");
    }

    #[test]
    fn pooled_reads_the_same() {
        let text = sample(5000);
        let gz = gzip(&text);
        let pool = BlockPool::new();
        let progress = AtomicU64::new(0);
        for input in [&text, &gz] {
            let mut out = Vec::new();
            let mut next_line = 1;
            read_blocks_from_pooled(&input[..], "t", 4096, &progress, Some(&pool), |b| {
                assert_eq!(b.first_line, next_line);
                next_line += b.lines().count() as u64;
                out.extend_from_slice(b.data());
                pool.give_back(b.into_data());
                true
            })
            .expect("reads");
            assert_eq!(out, text);
        }
    }

    #[test]
    fn other_compressions_are_named() {
        for (magic, what) in [
            (&[0x28, 0xb5, 0x2f, 0xfd, 0x24, 0x05][..], "zstd"),
            (&b"\xfd7zXZ\x00\x00\x04"[..], "xz"),
            (&b"BZh91AY&SY\x01\x02"[..], "bzip2"),
        ] {
            let (r, out) = read_all(magic, 1024);
            let msg = r.expect_err("not gzip nor text").to_string();
            assert!(msg.contains(what) && msg.contains("test.log"), "{msg}");
            assert!(out.is_empty());
        }
        // Text that merely starts like bzip2's magic is text.
        let (r, out) = read_all(b"BZh9 is not a log\n", 1024);
        assert!(r.is_ok());
        assert_eq!(out, b"BZh9 is not a log\n");
    }

    #[test]
    fn source_from_arg() {
        assert_eq!(Source::from_arg(OsStr::new("-")), Source::Stdin);
        assert_eq!(Source::Stdin.name(), "<stdin>");
        assert_eq!(
            Source::from_arg(OsStr::new("a.log")).name(),
            "a.log".to_owned()
        );
        assert_eq!(source_len(&Source::Stdin), None);
    }

    /// A reader that fails after some bytes, like a disk error.
    struct FailAfter<'a>(&'a [u8]);

    impl Read for FailAfter<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.0.is_empty() {
                return Err(io::Error::other("device error"));
            }
            let n = buf.len().min(self.0.len()).min(5);
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    /// The whole lines before a read error are delivered; the line it cut is part of the
    /// damage, no line of the log.
    #[test]
    fn read_error_delivers_the_whole_lines_then_errs() {
        let progress = AtomicU64::new(0);
        let mut out = Vec::new();
        let err = read_blocks_from(FailAfter(b"one\ntwo\nthr"), "disk.log", 4, &progress, |b| {
            out.extend_from_slice(b.data());
            true
        })
        .expect_err("read error is reported");
        assert_eq!(out, b"one\ntwo\n");
        assert!(err.to_string().contains("disk.log: device error"));
    }
}
