//! Cutting a byte stream into line-aligned [`Block`]s.
//!
//! Stage: the second half of `input`. Takes: bytes from any [`Read`] (already decompressed).
//! Gives: owned blocks of whole lines, each with the number of its first line, the W3C
//! `#Fields:` line in force at its start and where its lines end (found in the one pass that
//! cuts it), and the lines over the maximum line length that were skipped ([`LongLine`]).
//! Must not: split a line, copy a block's bytes more than once (they are read straight into
//! the block's own `Vec`), hold a line longer than the maximum (its bytes are dropped as they
//! stream past: memory stays flat whatever a gzip bomb inflates to), or know any log format
//! beyond the `#Fields:` directive.

use std::io::{self, Read};
use std::sync::{Arc, Mutex};

/// The directive that starts a new W3C field list (IIS, CloudFront). Blocks are cut in front
/// of it so that one block has one field list.
const FIELDS_DIRECTIVE: &[u8] = b"#Fields:";

/// The UTF-8 byte order mark.
const UTF8_BOM: &[u8] = b"\xef\xbb\xbf";

/// Smallest read asked of the reader when a block has to grow for a very long line.
const MIN_GROW: usize = 64 * 1024;

/// How many of its first bytes an over-long line keeps as its [`LongLine::head`].
pub const LONG_LINE_HEAD: usize = 120;

/// The bytes of an over-long line kept while it is read: its head and a byte order mark.
const HEAD_KEPT: usize = LONG_LINE_HEAD + UTF8_BOM.len();

/// A line longer than the maximum line length: counted and skipped, never held whole.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LongLine {
    /// Its 1-based line number in its source.
    pub line: u64,
    /// Its full length in bytes, not counting the `\n` (a byte order mark at the start of
    /// the input is no part of the first line).
    pub len: u64,
    /// Its first bytes (at most [`LONG_LINE_HEAD`]), raw, for a malformed-line example.
    pub head: Vec<u8>,
}

/// A run of whole lines from one source, owned, ready to be sent to a worker thread.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Block {
    /// Whole lines, each ending in `\n`, except possibly the very last line of the input
    /// ([`Block::data`]). Private: the block knows where its lines end.
    data: Vec<u8>,
    /// 1-based number of the block's first line in its source.
    pub first_line: u64,
    /// The W3C `#Fields:` line in force at the block start (without `\r\n`), if the input
    /// has had one. A block never spans two different field lists.
    pub header: Option<Arc<[u8]>>,
    /// Where each `\n` of `data` is, in order: found in the pass that cuts and counts the
    /// block, so that [`Block::lines`] does not search for them again.
    ends: Vec<usize>,
}

impl Block {
    /// The block's bytes: whole lines, each ending in `\n`, except possibly the very last
    /// line of the input. CRLF is left as it is; [`Block::lines`] strips the `\r`.
    pub fn data(&self) -> &[u8] {
        &self.data
    }

    /// The block's buffer, to be used again ([`BlockPool::give_back`]).
    pub fn into_data(self) -> Vec<u8> {
        self.data
    }

    /// The room of the block's buffer, in bytes (what it holds in memory).
    pub fn capacity(&self) -> usize {
        self.data.capacity()
    }

    /// The block's lines with their 1-based line numbers, without `\n` and a trailing `\r`.
    pub fn lines(&self) -> Lines<'_> {
        Lines {
            data: &self.data,
            ends: &self.ends,
            at: 0,
            next: self.first_line,
        }
    }
}

/// Where [`super::read_blocks_with`] delivers what it reads: blocks of whole lines, and the
/// lines over the maximum line length it skipped. A closure `FnMut(Block) -> bool` is a sink
/// that lets over-long lines go (they are still counted in
/// [`super::InputStats::too_long`]; write its parameter's type, `|block: Block|`, as the
/// compiler cannot infer it through this trait); [`sink_with_long_lines`] makes one that
/// hears of them.
pub trait BlockSink {
    /// A block of whole lines; return false to stop reading.
    fn block(&mut self, block: Block) -> bool;

    /// A line over the maximum length was skipped. It comes after the block holding the
    /// lines before it and before the block holding the lines after it (whose
    /// [`Block::first_line`] counts it). Return false to stop reading.
    fn too_long(&mut self, line: LongLine) -> bool {
        let _ = line;
        true
    }
}

impl<F: FnMut(Block) -> bool> BlockSink for F {
    fn block(&mut self, block: Block) -> bool {
        self(block)
    }
}

/// A [`BlockSink`] made of two closures: `on_block` for blocks, `on_long_line` for the
/// over-long lines skipped.
///
/// ```
/// use std::sync::atomic::AtomicU64;
/// use robots_audit::input::{ReadOptions, read_blocks_from_with, sink_with_long_lines};
///
/// let input = format!("a\n{}\nb\n", "x".repeat(100));
/// let (mut lines, mut long) = (Vec::new(), Vec::new());
/// let options = ReadOptions::default().max_line_length(50);
/// read_blocks_from_with(input.as_bytes(), "example", options, &AtomicU64::new(0), None,
///     sink_with_long_lines(
///         |block| { lines.extend(block.lines().map(|(n, l)| (n, l.to_vec()))); true },
///         |line| { long.push((line.line, line.len)); true },
///     ))?;
/// assert_eq!(lines, [(1, b"a".to_vec()), (3, b"b".to_vec())]);
/// assert_eq!(long, [(2, 100)]);
/// # Ok::<(), robots_audit::input::InputError>(())
/// ```
pub fn sink_with_long_lines<B, L>(on_block: B, on_long_line: L) -> WithLongLines<B, L>
where
    B: FnMut(Block) -> bool,
    L: FnMut(LongLine) -> bool,
{
    WithLongLines {
        on_block,
        on_long_line,
    }
}

/// The sink [`sink_with_long_lines`] makes.
#[derive(Debug)]
pub struct WithLongLines<B, L> {
    on_block: B,
    on_long_line: L,
}

impl<B, L> BlockSink for WithLongLines<B, L>
where
    B: FnMut(Block) -> bool,
    L: FnMut(LongLine) -> bool,
{
    fn block(&mut self, block: Block) -> bool {
        (self.on_block)(block)
    }

    fn too_long(&mut self, line: LongLine) -> bool {
        (self.on_long_line)(line)
    }
}

/// Iterator over the lines of a [`Block`]: see [`Block::lines`].
#[derive(Debug, Clone)]
pub struct Lines<'a> {
    data: &'a [u8],
    /// The `\n` offsets not yet passed.
    ends: &'a [usize],
    /// Where the next line starts.
    at: usize,
    next: u64,
}

impl<'a> Iterator for Lines<'a> {
    type Item = (u64, &'a [u8]);

    #[inline]
    fn next(&mut self) -> Option<(u64, &'a [u8])> {
        if self.at >= self.data.len() {
            return None;
        }
        // The last line of an input may have no `\n`.
        let end = match self.ends.split_first() {
            Some((&end, ends)) => {
                self.ends = ends;
                end
            }
            None => self.data.len(),
        };
        let mut line = &self.data[self.at..end];
        if let [head @ .., b'\r'] = line {
            line = head;
        }
        self.at = end + 1;
        let number = self.next;
        self.next += 1;
        Some((number, line))
    }
}

/// Block buffers handed back by the consumer once it is done with a block, for
/// [`super::read_blocks_pooled`] to reuse: it saves allocating and zero-filling a fresh
/// buffer per block (about a tenth of the reader's time when inflating). Share one pool
/// (`Arc<BlockPool>`) between the reader thread and the workers.
#[derive(Debug, Default)]
pub struct BlockPool {
    free: Mutex<Vec<Vec<u8>>>,
}

/// The pool keeps at most this many buffers (enough for a channel of blocks in flight).
const POOL_MAX: usize = 64;

impl BlockPool {
    /// An empty pool.
    pub fn new() -> BlockPool {
        BlockPool::default()
    }

    /// Hands a block's buffer back for reuse (a full pool drops it). Its contents do not
    /// matter; its length is kept so that reuse need not zero-fill it again.
    pub fn give_back(&self, data: Vec<u8>) {
        // A poisoned lock only means another thread panicked while pushing: the Vec of
        // buffers is still sound, so keep using it.
        let mut free = self.free.lock().unwrap_or_else(|e| e.into_inner());
        if free.len() < POOL_MAX {
            free.push(data);
        }
    }

    /// A free buffer, if any.
    fn take(&self) -> Option<Vec<u8>> {
        self.free.lock().unwrap_or_else(|e| e.into_inner()).pop()
    }
}

/// Reads a stream into blocks and hands them to a sink. Keeps its state between readers so
/// that the members of a multi-member gzip file make one stream (a line may span members).
///
/// A line longer than `max_line` is never delivered. When it is already whole in the
/// buffer (a maximum below the block size) it is cut out of the block; when it outgrows
/// the buffer, its head is kept and the rest of its bytes are read into the buffer and
/// dropped until its `\n` comes, so the buffer never grows past the larger of the block
/// size and `max_line` + [`MIN_GROW`].
pub(crate) struct Cutter<'p, S: BlockSink> {
    sink: S,
    pool: Option<&'p BlockPool>,
    block_size: usize,
    max_line: usize,
    /// The over-long line being dropped (its `line` is set when it ends) and whether it is
    /// the input's first line; `filled` is 0 while it is.
    dropping: Option<(LongLine, bool)>,
    /// Zero-initialised storage; `buf[..filled]` holds data starting at a line start.
    buf: Vec<u8>,
    filled: usize,
    /// `buf[..scanned]` is known to hold no `\n` (a line longer than a block is being read).
    scanned: usize,
    next_line: u64,
    header: Option<Arc<[u8]>>,
    /// Decompressed bytes read.
    pub(crate) bytes: u64,
    /// Lines read (over-long ones included).
    pub(crate) lines: u64,
    /// Over-long lines skipped.
    pub(crate) too_long: u64,
    /// The sink asked to stop.
    pub(crate) stopped: bool,
    /// The start of the stream has been checked for a byte order mark.
    bom_checked: bool,
}

impl<'p, S: BlockSink> Cutter<'p, S> {
    pub(crate) fn new(
        block_size: usize,
        max_line: usize,
        pool: Option<&'p BlockPool>,
        sink: S,
    ) -> Self {
        let block_size = block_size.max(1);
        Cutter {
            sink,
            pool,
            block_size,
            max_line,
            dropping: None,
            buf: Vec::new(),
            filled: 0,
            scanned: 0,
            next_line: 1,
            header: None,
            bytes: 0,
            lines: 0,
            too_long: 0,
            stopped: false,
            bom_checked: false,
        }
    }

    /// Reads `reader` to its end (or until the sink stops), delivering every full block.
    /// A partial block stays buffered for the next reader or [`Cutter::finish`]. On an error
    /// the bytes read before it stay buffered too: call `finish` to deliver them.
    pub(crate) fn feed(&mut self, reader: &mut impl Read) -> io::Result<()> {
        while !self.stopped {
            if self.buf.is_empty() {
                self.buf = self.fresh(self.block_size);
            } else if self.filled == self.buf.len() {
                // A line longer than the block: grow until its end is in, but not past the
                // maximum line length (`cut` drops the line before the buffer is full again).
                let len = self.buf.len();
                let room = self.max_line.saturating_sub(len);
                let grow = len.min(room).max(MIN_GROW);
                self.buf.resize(len + grow, 0);
            }
            let n = match reader.read(&mut self.buf[self.filled..]) {
                Ok(0) => return Ok(()),
                Ok(n) => n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            self.bytes += n as u64;
            if self.dropping.is_some() {
                self.drop_more(n);
                continue;
            }
            self.filled += n;
            if self.filled >= self.block_size {
                self.cut();
            }
        }
        Ok(())
    }

    /// Delivers the whole lines buffered after a read failed: the bytes after the last `\n`
    /// are a line the damage cut, neither a request nor a malformed line (a review found one
    /// counted and shown as malformed, its whole original a valid request).
    pub(crate) fn finish_damaged(&mut self) {
        if !self.stopped && self.dropping.is_none() {
            let whole = memchr::memrchr(b'\n', &self.buf[..self.filled]).map_or(0, |i| i + 1);
            self.filled = whole;
        }
        self.finish();
    }

    /// Delivers what is buffered, including a last line without `\n`.
    pub(crate) fn finish(&mut self) {
        if self.stopped {
            return;
        }
        if self.dropping.is_some() {
            self.end_dropping();
        }
        if self.filled > 0 {
            let mut data = std::mem::take(&mut self.buf);
            data.truncate(self.filled);
            self.filled = 0;
            self.scanned = 0;
            self.deliver(data);
        }
    }

    /// `n` more bytes of the over-long line being dropped were read to the buffer's start:
    /// count them up to its `\n`, and keep what follows as the start of the next line.
    fn drop_more(&mut self, n: usize) {
        let Some((long, _)) = self.dropping.as_mut() else {
            return;
        };
        let newline = memchr::memchr(b'\n', &self.buf[..n]);
        let end = newline.unwrap_or(n);
        let room = HEAD_KEPT.saturating_sub(long.head.len());
        long.head.extend_from_slice(&self.buf[..end.min(room)]);
        long.len += end as u64;
        if newline.is_some() {
            self.end_dropping();
            self.buf.copy_within(end + 1..n, 0);
            self.filled = n - end - 1;
            self.scanned = 0;
            if self.filled >= self.block_size {
                self.cut();
            }
        }
    }

    /// Starts dropping the over-long partial line that fills `buf[..filled]` (no `\n` in
    /// it); the buffer goes back to a block's size.
    fn start_dropping(&mut self) {
        // Nothing was emitted before it yet: the input's first line.
        let first = !self.bom_checked;
        self.bom_checked = true;
        self.begin_dropping(0, first);
        if self.buf.len() > self.block_size {
            self.buf.truncate(self.block_size);
            self.buf.shrink_to_fit();
        }
    }

    /// Notes the over-long partial line `buf[start..filled]` as being dropped.
    fn begin_dropping(&mut self, start: usize, first: bool) {
        let long = LongLine {
            line: 0,
            len: (self.filled - start) as u64,
            head: self.buf[start..self.filled.min(start + HEAD_KEPT)].to_vec(),
        };
        self.dropping = Some((long, first));
        self.filled = 0;
        self.scanned = 0;
    }

    /// The over-long line being dropped has ended.
    fn end_dropping(&mut self) {
        if let Some((long, first)) = self.dropping.take() {
            self.push_long(long, first);
        }
    }

    /// How many bytes at the start of `data` may be the input's byte order mark, no part of
    /// its first line: those of `data` that match its first bytes, before the first line is
    /// out (a mark cut short by a read is counted too; the line is then dropped a little
    /// later, never wrongly).
    fn bom_len(&self, data: &[u8]) -> usize {
        if self.bom_checked {
            return 0;
        }
        data.iter()
            .zip(UTF8_BOM)
            .take_while(|(a, b)| a == b)
            .count()
    }

    /// Numbers an over-long line that has ended and tells the sink. The input's `first`
    /// line loses a byte order mark, as in [`Cutter::emit`]; the head is cut to its size.
    fn push_long(&mut self, mut long: LongLine, first: bool) {
        if first && long.head.starts_with(UTF8_BOM) {
            long.head.drain(..UTF8_BOM.len());
            long.len -= UTF8_BOM.len() as u64;
        }
        long.head.truncate(LONG_LINE_HEAD);
        long.line = self.next_line;
        self.next_line += 1;
        self.lines += 1;
        self.too_long += 1;
        if !self.stopped && !self.sink.too_long(long) {
            self.stopped = true;
        }
    }

    /// A buffer of `len` initialised bytes. A reused one was initialised before: `resize`
    /// only writes past its old length.
    fn fresh(&self, len: usize) -> Vec<u8> {
        match self.pool.and_then(BlockPool::take) {
            Some(mut v) => {
                v.resize(len, 0);
                v
            }
            None => vec![0; len],
        }
    }

    /// Delivers the whole lines buffered, keeping the partial last line (or starting to drop
    /// it when it is over the maximum length already).
    fn cut(&mut self) {
        let Some(i) = memchr::memrchr(b'\n', &self.buf[self.scanned..self.filled]) else {
            self.scanned = self.filled;
            if self.filled - self.bom_len(&self.buf[..self.filled]) > self.max_line {
                self.start_dropping();
            }
            return;
        };
        let end = self.scanned + i + 1;
        let tail_len = self.filled - end;
        if tail_len > self.max_line {
            // The partial last line is over the maximum already: drop it from here on, and
            // deliver the lines before it.
            self.begin_dropping(end, false);
            let next = self.fresh(self.block_size);
            let mut data = std::mem::replace(&mut self.buf, next);
            data.truncate(end);
            self.deliver(data);
            return;
        }
        let mut next = self.fresh(self.block_size.max(tail_len + MIN_GROW));
        next[..tail_len].copy_from_slice(&self.buf[end..self.filled]);
        let mut data = std::mem::replace(&mut self.buf, next);
        data.truncate(end);
        self.filled = tail_len;
        self.scanned = 0;
        self.deliver(data);
    }

    /// Emits `data` (whole lines, but for a last line at the end of the input), first cutting
    /// out the lines over the maximum length. Only data longer than the maximum can hold
    /// one, so blocks of the usual size (not above the maximum) are not searched.
    fn deliver(&mut self, data: Vec<u8>) {
        if data.len() <= self.max_line {
            self.emit(data);
            return;
        }
        let mut long = Vec::new();
        let mut start = 0;
        let bom = self.bom_len(&data);
        for end in memchr::memchr_iter(b'\n', &data).chain(std::iter::once(data.len())) {
            let bom = if start == 0 { bom } else { 0 };
            if end - start - bom > self.max_line {
                long.push((start, end));
            }
            start = end + 1;
            if start >= data.len() {
                break;
            }
        }
        if long.is_empty() {
            self.emit(data);
            return;
        }
        // Each stretch between over-long lines is copied once.
        let mut from = 0;
        for (start, end) in long {
            if start > from {
                self.emit(data[from..start].to_vec());
            }
            let first = start == 0 && !self.bom_checked;
            self.bom_checked = true;
            let long = LongLine {
                line: 0,
                len: (end - start) as u64,
                head: data[start..end.min(start + HEAD_KEPT)].to_vec(),
            };
            self.push_long(long, first);
            from = end + 1;
        }
        if from < data.len() {
            self.emit(data[from..].to_vec());
        }
    }

    /// Sends `data` (starting at a line start) to the sink, cut in front of `#Fields:` lines.
    fn emit(&mut self, mut data: Vec<u8>) {
        if !self.bom_checked {
            // Windows tools (IIS among them) may start a UTF-8 file with a byte order mark;
            // it is no part of the first line.
            self.bom_checked = true;
            if data.starts_with(UTF8_BOM) {
                data.drain(..UTF8_BOM.len());
            }
        }
        // One pass finds the line ends; then each line's first byte is all that is read to
        // find the `#Fields:` directives (only W3C logs start a line with `#`).
        let ends = line_ends(&data);
        let cuts = directives(&data, &ends);
        if cuts.is_empty() {
            self.send_cut(data, ends);
            return;
        }
        // Split from the back so each piece is copied once at most; its line ends are the
        // block's, counted from the piece's start.
        let mut ends = ends;
        let mut pieces = Vec::with_capacity(cuts.len() + 1);
        for &at in cuts.iter().rev() {
            let first = ends.partition_point(|&e| e < at);
            let piece_ends: Vec<usize> = ends.drain(first..).map(|e| e - at).collect();
            pieces.push((data.split_off(at), piece_ends));
        }
        if !data.is_empty() {
            self.send_cut(data, ends);
        }
        for (piece, ends) in pieces.into_iter().rev() {
            let end = ends.first().copied().unwrap_or(piece.len());
            let mut line = &piece[..end];
            if let [head @ .., b'\r'] = line {
                line = head;
            }
            self.header = Some(Arc::from(line));
            self.send_cut(piece, ends);
        }
    }

    /// Sends `data` to the sink as one block, its `\n` bytes found already (`ends`).
    fn send_cut(&mut self, data: Vec<u8>, ends: Vec<usize>) {
        if self.stopped || data.is_empty() {
            return;
        }
        let mut lines = ends.len() as u64;
        if data.last() != Some(&b'\n') {
            lines += 1;
        }
        let block = Block {
            data,
            first_line: self.next_line,
            header: self.header.clone(),
            ends,
        };
        self.next_line += lines;
        self.lines += lines;
        if !self.sink.block(block) {
            self.stopped = true;
        }
    }
}

/// The offset of every `\n` of `data`, in order. Found 64 bytes at a time with SSE2 on x86_64
/// (through `safe_arch`, as the log parsers' searches): a block's lines are then never
/// searched for again, which was a `memchr` call per line in the workers (~100 instructions
/// of a line of ~240 bytes) on top of the count this pass made.
fn line_ends(data: &[u8]) -> Vec<usize> {
    // Access log lines are rarely under 100 bytes.
    let mut ends = Vec::with_capacity(data.len() / 100);
    push_line_ends(data, &mut ends);
    ends
}

/// Where the lines of `data` (its line ends `ends`) that are `#Fields:` directives start, in
/// order. Only each line's first byte is read unless it is `#`: testing every byte of the
/// block for a `#` in the line-ends pass, as a filter before a search for the directive,
/// cost ~70 instructions a line of ~240 bytes.
fn directives(data: &[u8], ends: &[usize]) -> Vec<usize> {
    let mut cuts = Vec::new();
    for start in std::iter::once(0).chain(ends.iter().map(|&e| e + 1)) {
        if data.get(start) == Some(&b'#') && data[start..].starts_with(FIELDS_DIRECTIVE) {
            cuts.push(start);
        }
    }
    cuts
}

#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
fn push_line_ends(data: &[u8], ends: &mut Vec<usize>) {
    use safe_arch::{
        cmp_eq_mask_i8_m128i, load_unaligned_m128i, m128i, move_mask_i8_m128i, set_splat_i8_m128i,
    };
    // `as i8` passes the same eight bits.
    let newline = set_splat_i8_m128i(b'\n' as i8);
    let load = |chunk: &[u8], i: usize| -> m128i {
        load_unaligned_m128i(
            chunk[16 * i..16 * (i + 1)]
                .try_into()
                .expect("16 of the 64"),
        )
    };
    // One bit per byte of the 16 (bit `i` for byte `i`): the low 16 bits of `movemask`.
    let bits = |v: m128i| move_mask_i8_m128i(cmp_eq_mask_i8_m128i(v, newline)) as u64;
    let mut chunks = data.chunks_exact(64);
    let mut at = 0;
    for chunk in &mut chunks {
        let mut found = bits(load(chunk, 0))
            | bits(load(chunk, 1)) << 16
            | bits(load(chunk, 2)) << 32
            | bits(load(chunk, 3)) << 48;
        while found != 0 {
            ends.push(at + found.trailing_zeros() as usize);
            found &= found - 1;
        }
        at += 64;
    }
    for (i, &b) in chunks.remainder().iter().enumerate() {
        if b == b'\n' {
            ends.push(at + i);
        }
    }
}

#[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
fn push_line_ends(data: &[u8], ends: &mut Vec<usize>) {
    ends.extend(memchr::memchr_iter(b'\n', data));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reader that hands out at most `step` bytes per call, like a pipe.
    struct Trickle<'a> {
        data: &'a [u8],
        step: usize,
    }

    impl Read for Trickle<'_> {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            let n = self.step.min(out.len()).min(self.data.len());
            out[..n].copy_from_slice(&self.data[..n]);
            self.data = &self.data[n..];
            Ok(n)
        }
    }

    fn cut_all(input: &[u8], block_size: usize, step: usize) -> Vec<Block> {
        let mut blocks = Vec::new();
        let mut cutter = Cutter::new(block_size, usize::MAX, None, |b| {
            blocks.push(b);
            true
        });
        let mut reader = Trickle { data: input, step };
        cutter
            .feed(&mut reader)
            .expect("in-memory reads do not fail");
        cutter.finish();
        blocks
    }

    #[test]
    fn line_ends_and_directives_are_found_at_every_offset() {
        let positions =
            |data: &[u8]| -> Vec<usize> { (0..data.len()).filter(|&i| data[i] == b'\n').collect() };
        for len in [
            0, 1, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 200, 1000,
        ] {
            for step in [1, 7, 16] {
                let mut data: Vec<u8> = (0..len)
                    .map(|i| if i % step == 0 { b'\n' } else { b'a' })
                    .collect();
                let ends = line_ends(&data);
                assert!(directives(&data, &ends).is_empty(), "len {len}");
                assert_eq!(ends, positions(&data), "len {len} step {step}");
                for at in 0..len {
                    // A `#` alone is no directive.
                    let old = data[at];
                    data[at] = b'#';
                    let ends = line_ends(&data);
                    assert!(directives(&data, &ends).is_empty(), "len {len} at {at}");
                    assert_eq!(ends, positions(&data), "len {len} at {at}");
                    data[at] = old;
                    // `#Fields:` counts where it starts a line.
                    let Some(room) = data.get_mut(at..at + FIELDS_DIRECTIVE.len()) else {
                        continue;
                    };
                    let old = room.to_vec();
                    room.copy_from_slice(FIELDS_DIRECTIVE);
                    let ends = line_ends(&data);
                    let starts_line = at == 0 || data[at - 1] == b'\n';
                    let want = if starts_line { vec![at] } else { vec![] };
                    assert_eq!(
                        directives(&data, &ends),
                        want,
                        "len {len} at {at} step {step}"
                    );
                    assert_eq!(ends, positions(&data), "len {len} at {at}");
                    data[at..at + FIELDS_DIRECTIVE.len()].copy_from_slice(&old);
                }
            }
        }
    }

    #[test]
    fn blocks_are_line_aligned_and_complete() {
        let mut input = Vec::new();
        for i in 0..1000 {
            input.extend_from_slice(format!("line {i} {}\n", "x".repeat(i % 37)).as_bytes());
        }
        for (size, step) in [(1, 1), (7, 3), (64, 1000), (1000, 17), (1 << 20, 4096)] {
            let blocks = cut_all(&input, size, step);
            let joined: Vec<u8> = blocks.iter().flat_map(|b| b.data().to_vec()).collect();
            assert_eq!(joined, input, "size {size} step {step}");
            let mut expect = 1;
            for b in &blocks {
                assert!(b.data().ends_with(b"\n"));
                assert_eq!(b.first_line, expect);
                for (n, line) in b.lines() {
                    assert_eq!(n, expect);
                    assert!(line.starts_with(format!("line {} ", n - 1).as_bytes()));
                    expect += 1;
                }
            }
            assert_eq!(expect, 1001);
        }
    }

    #[test]
    fn long_line_makes_one_bigger_block() {
        let long = "y".repeat(10_000);
        let input = format!("a\n{long}\nb\n");
        let blocks = cut_all(input.as_bytes(), 100, 4096);
        assert!(blocks.iter().any(|b| b.data().len() > 10_000));
        let lines: Vec<(u64, Vec<u8>)> = blocks
            .iter()
            .flat_map(|b| b.lines().map(|(n, l)| (n, l.to_vec())).collect::<Vec<_>>())
            .collect();
        assert_eq!(
            lines,
            vec![
                (1, b"a".to_vec()),
                (2, long.into_bytes()),
                (3, b"b".to_vec())
            ]
        );
    }

    #[test]
    fn crlf_and_missing_final_newline() {
        let blocks = cut_all(b"one\r\ntwo\r\nthree", 4, 2);
        let lines: Vec<(u64, &[u8])> = blocks.iter().flat_map(|b| b.lines()).collect();
        assert_eq!(
            lines,
            vec![(1, &b"one"[..]), (2, &b"two"[..]), (3, &b"three"[..])]
        );
    }

    #[test]
    fn fields_lines_start_blocks_and_set_header() {
        let input = b"#Version: 1.0\n#Fields: a b\n1 2\n3 4\n#Fields: b a\r\n5 6\n";
        let blocks = cut_all(input, 1 << 20, 1 << 20);
        assert_eq!(blocks.len(), 3);
        assert_eq!(blocks[0].data(), b"#Version: 1.0\n");
        assert_eq!(blocks[0].header, None);
        assert_eq!(blocks[1].first_line, 2);
        assert_eq!(blocks[1].header.as_deref(), Some(&b"#Fields: a b"[..]));
        assert_eq!(blocks[2].first_line, 5);
        assert_eq!(blocks[2].header.as_deref(), Some(&b"#Fields: b a"[..]));
        // The header stays in force for later blocks.
        let blocks = cut_all(b"#Fields: x\n1\n2\n3\n4\n", 2, 1);
        assert!(blocks.len() > 2);
        assert!(
            blocks
                .iter()
                .all(|b| b.header.as_deref() == Some(&b"#Fields: x"[..]))
        );
    }

    #[test]
    fn byte_order_mark_is_dropped() {
        let blocks = cut_all(b"\xef\xbb\xbf#Fields: a\n1\n", 1 << 20, 1);
        assert_eq!(blocks[0].data(), b"#Fields: a\n1\n");
        assert_eq!(blocks[0].header.as_deref(), Some(&b"#Fields: a"[..]));
        // Only at the start of the stream.
        let blocks = cut_all(b"a\n\xef\xbb\xbfb\n", 2, 1);
        let data: Vec<u8> = blocks.iter().flat_map(|b| b.data().to_vec()).collect();
        assert_eq!(data, b"a\n\xef\xbb\xbfb\n");
    }

    /// What a capped cut gives: blocks and over-long lines, in the order the sink heard of
    /// them (a line number per event: the first of a block, or the over-long line's).
    struct Capped {
        blocks: Vec<Block>,
        long: Vec<LongLine>,
        order: Vec<u64>,
        lines: u64,
        too_long: u64,
    }

    fn cut_capped(input: &[u8], block_size: usize, step: usize, max_line: usize) -> Capped {
        let (mut blocks, mut long) = (Vec::new(), Vec::new());
        let order = std::cell::RefCell::new(Vec::new());
        let mut cutter = Cutter::new(
            block_size,
            max_line,
            None,
            sink_with_long_lines(
                |b: Block| {
                    order.borrow_mut().push(b.first_line);
                    blocks.push(b);
                    true
                },
                |l: LongLine| {
                    order.borrow_mut().push(l.line);
                    long.push(l);
                    true
                },
            ),
        );
        let mut reader = Trickle { data: input, step };
        cutter
            .feed(&mut reader)
            .expect("in-memory reads do not fail");
        cutter.finish();
        let (lines, too_long) = (cutter.lines, cutter.too_long);
        drop(cutter);
        Capped {
            blocks,
            long,
            order: order.into_inner(),
            lines,
            too_long,
        }
    }

    /// The reference: every line of `input` (a byte order mark at its start dropped) with its
    /// number, as delivered (with the `#Fields:` line in force) or as too long.
    #[allow(clippy::type_complexity)]
    fn reference(
        input: &[u8],
        max_line: usize,
    ) -> (Vec<(u64, Vec<u8>, Option<Vec<u8>>)>, Vec<LongLine>) {
        let input = input.strip_prefix(UTF8_BOM).unwrap_or(input);
        let body = input.strip_suffix(b"\n").unwrap_or(input);
        let (mut kept, mut long, mut header) = (Vec::new(), Vec::new(), None);
        if input.is_empty() {
            return (kept, long);
        }
        for (i, line) in body.split(|&b| b == b'\n').enumerate() {
            let n = i as u64 + 1;
            if line.len() > max_line {
                long.push(LongLine {
                    line: n,
                    len: line.len() as u64,
                    head: line[..line.len().min(LONG_LINE_HEAD)].to_vec(),
                });
                continue;
            }
            let line = line.strip_suffix(b"\r").unwrap_or(line);
            if line.starts_with(FIELDS_DIRECTIVE) {
                header = Some(line.to_vec());
            }
            kept.push((n, line.to_vec(), header.clone()));
        }
        (kept, long)
    }

    #[test]
    fn over_long_lines_are_skipped_with_their_numbers() {
        let long = |n: usize, c: u8| vec![c; n];
        let mut inputs: Vec<Vec<u8>> = vec![
            [&b"a\n"[..], &long(300, b'x'), b"\nb\n"].concat(),
            [&long(300, b'x')[..], b"\nafter\n"].concat(),
            [&b"before\n"[..], &long(300, b'x')].concat(),
            long(5000, 0),
            [UTF8_BOM, &long(300, b'y'), b"\r\nsecond\r\n"].concat(),
            [UTF8_BOM, b"short\n", &long(300, b'y'), b"\n"].concat(),
        ];
        // Lines of every length around the maximum, and W3C headers, one of them too long.
        let mut mixed = Vec::new();
        for i in 0..200usize {
            if i % 50 == 7 {
                mixed.extend_from_slice(format!("#Fields: f{i}\n").as_bytes());
            }
            if i == 120 {
                mixed.extend_from_slice(b"#Fields: ");
                mixed.extend_from_slice(&long(400, b'h'));
                mixed.push(b'\n');
            }
            mixed.extend_from_slice(&long(i * 3 % 230, b'a' + (i % 26) as u8));
            mixed.extend_from_slice(if i % 3 == 0 { b"\r\n" } else { b"\n" });
        }
        inputs.push(mixed);
        for input in &inputs {
            for max_line in [0, 5, 99, 100, 150, 229, 10_000] {
                let (want_kept, want_long) = reference(input, max_line);
                for (block_size, step) in [(1, 1), (7, 3), (64, 1000), (256, 17), (1 << 20, 4096)] {
                    let what = format!("max {max_line} block {block_size} step {step}");
                    let got = cut_capped(input, block_size, step, max_line);
                    let kept: Vec<(u64, Vec<u8>, Option<Vec<u8>>)> = got
                        .blocks
                        .iter()
                        .flat_map(|b| {
                            b.lines()
                                .map(|(n, l)| {
                                    (n, l.to_vec(), b.header.as_deref().map(<[u8]>::to_vec))
                                })
                                .collect::<Vec<_>>()
                        })
                        .collect();
                    assert_eq!(kept, want_kept, "{what}");
                    assert_eq!(got.long, want_long, "{what}");
                    // Each over-long line is heard of between the blocks around it.
                    assert!(got.order.windows(2).all(|w| w[0] < w[1]), "{what}");
                    let total = (want_kept.len() + want_long.len()) as u64;
                    assert_eq!((got.lines, got.too_long), (total, want_long.len() as u64));
                    // No block holds more than a block or a longest line (and one growth).
                    let bound = block_size.max(max_line.saturating_add(MIN_GROW));
                    for b in &got.blocks {
                        assert!(b.data().len() <= bound, "{what}: {}", b.data().len());
                    }
                }
            }
        }
    }

    /// A reader of `len` zero bytes (no newline) that never holds them.
    struct Zeros(u64);

    impl Read for Zeros {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            let n = out.len().min(usize::try_from(self.0).unwrap_or(usize::MAX));
            out[..n].fill(0);
            self.0 -= n as u64;
            Ok(n)
        }
    }

    #[test]
    fn endless_line_keeps_the_buffer_small() {
        let max_line = 100_000;
        let mut biggest = 0;
        let mut long = Vec::new();
        let mut lines = Vec::new();
        let mut cutter = Cutter::new(
            4096,
            max_line,
            None,
            sink_with_long_lines(
                |b: Block| {
                    lines.extend(b.lines().map(|(n, l)| (n, l.to_vec())));
                    true
                },
                |l: LongLine| {
                    long.push(l);
                    true
                },
            ),
        );
        cutter.feed(&mut &b"one\n"[..]).expect("reads");
        cutter.feed(&mut Zeros(64 << 20)).expect("reads");
        biggest = biggest.max(cutter.buf.len());
        cutter.feed(&mut &b"\ntwo\n"[..]).expect("reads");
        biggest = biggest.max(cutter.buf.len());
        cutter.finish();
        drop(cutter);
        assert!(biggest <= max_line + MIN_GROW, "{biggest}");
        assert_eq!(lines, [(1, b"one".to_vec()), (3, b"two".to_vec())]);
        assert_eq!(long.len(), 1);
        assert_eq!((long[0].line, long[0].len), (2, 64 << 20));
        assert_eq!(long[0].head, vec![0; LONG_LINE_HEAD]);
    }

    #[test]
    fn sink_can_stop_at_an_over_long_line() {
        let (mut blocks, mut long) = (0, 0);
        let mut cutter = Cutter::new(
            4,
            10,
            None,
            sink_with_long_lines(
                |_: Block| {
                    blocks += 1;
                    true
                },
                |_: LongLine| {
                    long += 1;
                    false
                },
            ),
        );
        let input = [&b"a\n"[..], &[b'x'; 50], b"\nb\n", &[b'y'; 50], b"\n"].concat();
        cutter.feed(&mut &input[..]).expect("reads");
        cutter.finish();
        assert!(cutter.stopped);
        drop(cutter);
        assert_eq!((blocks, long), (1, 1));
    }

    #[test]
    fn sink_can_stop() {
        let mut seen = 0;
        let mut cutter = Cutter::new(2, usize::MAX, None, |_| {
            seen += 1;
            false
        });
        cutter
            .feed(&mut &b"a\nb\nc\nd\n"[..])
            .expect("in-memory reads do not fail");
        cutter.finish();
        assert!(cutter.stopped);
        drop(cutter);
        assert_eq!(seen, 1);
    }
}
