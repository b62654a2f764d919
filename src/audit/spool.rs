//! Lines set aside while their origin's robots.txt is being obtained, to be read again once
//! it is known.
//!
//! A worker meets an origin before its robots.txt can be fetched (fetching waits until every
//! log has been read, so that which origins are fetched does not depend on thread timing).
//! Lines of such origins from clients that may be crawlers are kept here as they were read —
//! in memory up to [`MEMORY_LIMIT`], then in an anonymous temporary file that the system
//! removes when it is closed — and replayed through the same pipeline afterwards.
//!
//! The file holds chunks of records framed by `crate::extsort::frame` (a length and a
//! checksum each), so a file that lost or changed bytes is an error when it is read back, not
//! fewer lines. Only chunks written whole are read: when a write fails part way, the spool
//! keeps that chunk and every later line in memory and never writes to the file again, so
//! the broken tail of the file is never read.

use std::io::{self, BufReader, Read, Seek, Write};
use std::sync::Arc;

use crate::extsort::frame::{FrameReader, FrameWriter};
use crate::logformat::Format;

/// Bytes of spooled lines kept in memory before they go to a temporary file.
const MEMORY_LIMIT: usize = 8 << 20;

/// No `#Fields:` header.
const NO_HEADER: u32 = u32::MAX;

/// Where spooled chunks go: a temporary file (a stand-in in tests).
pub trait Backing: Read + Write + Seek + Send {}

impl<T: Read + Write + Seek + Send> Backing for T {}

/// Spooled lines: records of `input u32 | format u8 | header u32 | line u64 | len u32 | bytes`.
#[derive(Default)]
pub struct Spool {
    /// Records not in the file, in order after those that are.
    buf: Vec<u8>,
    /// The file, and how many chunks it holds whole.
    file: Option<FrameWriter<Box<dyn Backing>>>,
    /// The W3C headers the records refer to.
    headers: Vec<Arc<[u8]>>,
    /// A temporary file could not be made or written: lines are kept in memory instead.
    file_failed: bool,
}

impl Spool {
    pub fn new() -> Spool {
        Spool::default()
    }

    /// A spool writing its chunks to `backing` rather than to a temporary file.
    #[cfg(test)]
    fn with_backing(backing: Box<dyn Backing>) -> Spool {
        Spool {
            file: Some(FrameWriter::new(backing).expect("a test backing takes the header")),
            ..Spool::default()
        }
    }

    /// Sets a line aside.
    pub fn push(
        &mut self,
        input: usize,
        format: Format,
        header: Option<&Arc<[u8]>>,
        line_no: u64,
        line: &[u8],
    ) {
        let header = match header {
            None => NO_HEADER,
            Some(h) => match self.headers.iter().rposition(|k| Arc::ptr_eq(k, h)) {
                Some(i) => i as u32,
                None => {
                    self.headers.push(Arc::clone(h));
                    self.headers.len() as u32 - 1
                }
            },
        };
        let format = Format::all().iter().position(|f| *f == format).unwrap_or(0) as u8;
        self.buf.extend_from_slice(&(input as u32).to_le_bytes());
        self.buf.push(format);
        self.buf.extend_from_slice(&header.to_le_bytes());
        self.buf.extend_from_slice(&line_no.to_le_bytes());
        self.buf
            .extend_from_slice(&(line.len() as u32).to_le_bytes());
        self.buf.extend_from_slice(line);
        if self.buf.len() >= MEMORY_LIMIT && !self.file_failed {
            self.spill();
        }
    }

    /// Moves the buffered records to the temporary file as one chunk. If no file can be had,
    /// or the chunk cannot be written whole, the records stay in memory: slower to hold,
    /// never lost, and the file is not written again.
    fn spill(&mut self) {
        if self.file.is_none() {
            let made = tempfile::tempfile()
                .and_then(|f| FrameWriter::new(Box::new(f) as Box<dyn Backing>));
            match made {
                Ok(w) => self.file = Some(w),
                Err(_) => {
                    self.file_failed = true;
                    return;
                }
            }
        }
        if let Some(file) = &mut self.file {
            match file.push(&self.buf) {
                Ok(()) => self.buf.clear(),
                Err(_) => self.file_failed = true,
            }
        }
    }

    /// Calls `line(input, format, header, line number, bytes)` for every line set aside, in
    /// the order they were. Fails when the file does not give back what was written.
    pub fn replay(
        mut self,
        mut line: impl FnMut(usize, Format, Option<&[u8]>, u64, &[u8]),
    ) -> io::Result<()> {
        let headers = std::mem::take(&mut self.headers);
        if let Some(frames) = self.file.take() {
            let chunks = frames.records();
            // Only the chunks written whole are read: whatever a failed write left after them
            // is never looked at.
            let mut file = frames.into_inner();
            let len = file.seek(io::SeekFrom::End(0))?;
            file.rewind()?;
            let input = BufReader::with_capacity(1 << 20, file);
            let mut reader = FrameReader::new(input, len, None).map_err(|d| d.into_io())?;
            while let Some(chunk) = reader.next_of(chunks).map_err(|d| d.into_io())? {
                emit_all(chunk, &headers, &mut line)?;
            }
        }
        emit_all(&self.buf, &headers, &mut line)
    }
}

/// Bytes in front of each record's line.
const HEAD: usize = 4 + 1 + 4 + 8 + 4;

/// Calls `line` for each record of `records`.
fn emit_all(
    mut records: &[u8],
    headers: &[Arc<[u8]>],
    line: &mut impl FnMut(usize, Format, Option<&[u8]>, u64, &[u8]),
) -> io::Result<()> {
    let damaged = || io::Error::new(io::ErrorKind::InvalidData, "a damaged spooled line");
    while !records.is_empty() {
        let (head, rest) = records.split_at_checked(HEAD).ok_or_else(damaged)?;
        let u32_at =
            |at: usize| u32::from_le_bytes([head[at], head[at + 1], head[at + 2], head[at + 3]]);
        let len = u32_at(17) as usize;
        let (bytes, rest) = rest.split_at_checked(len).ok_or_else(damaged)?;
        let input = u32_at(0) as usize;
        let format = Format::all()
            .get(usize::from(head[4]))
            .copied()
            .ok_or_else(damaged)?;
        let header = match u32_at(5) {
            NO_HEADER => None,
            h => Some(headers.get(h as usize).ok_or_else(damaged)?.as_ref()),
        };
        let mut line_no = [0u8; 8];
        line_no.copy_from_slice(&head[9..17]);
        line(input, format, header, u64::from_le_bytes(line_no), bytes);
        records = rest;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn push_lines(spool: &mut Spool, lines: usize, header: &Arc<[u8]>) {
        for i in 0..lines {
            let line = format!("line {i} {}", "x".repeat(i % 97));
            let h = (i % 3 == 0).then_some(header);
            spool.push(
                i % 5,
                Format::all()[i % Format::all().len()],
                h,
                i as u64 + 1,
                line.as_bytes(),
            );
        }
    }

    /// Replays `spool`, checking every line is the one `push_lines` set aside in its place;
    /// gives how many came back.
    fn replay_checked(spool: Spool) -> io::Result<usize> {
        let mut seen = 0;
        spool.replay(|input, format, h, line_no, bytes| {
            let i = seen;
            assert_eq!(input, i % 5);
            assert_eq!(format, Format::all()[i % Format::all().len()]);
            assert_eq!(h.is_some(), i % 3 == 0);
            assert_eq!(line_no, i as u64 + 1);
            assert_eq!(bytes, format!("line {i} {}", "x".repeat(i % 97)).as_bytes());
            seen += 1;
        })?;
        Ok(seen)
    }

    #[test]
    fn lines_come_back_as_they_went_in_from_memory_and_from_a_file() {
        let header: Arc<[u8]> = Arc::from(&b"#Fields: date time"[..]);
        for lines in [10usize, 200_000] {
            let mut spool = Spool::new();
            push_lines(&mut spool, lines, &header);
            assert_eq!(spool.file.is_some(), lines > 10, "{lines} lines");
            assert_eq!(replay_checked(spool).unwrap(), lines);
        }
    }

    /// A file that takes `room` bytes, then fails every write (a disk filling up), possibly
    /// part way through one.
    struct FillsUp {
        data: io::Cursor<Vec<u8>>,
        room: usize,
    }

    impl Read for FillsUp {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            self.data.read(buf)
        }
    }

    impl Write for FillsUp {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            let left = self.room.saturating_sub(self.data.get_ref().len());
            if left == 0 {
                return Err(io::Error::from_raw_os_error(28));
            }
            self.data.write(&buf[..buf.len().min(left)])
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    impl Seek for FillsUp {
        fn seek(&mut self, to: io::SeekFrom) -> io::Result<u64> {
            self.data.seek(to)
        }
    }

    #[test]
    fn a_write_that_fails_part_way_leaves_no_partial_chunk_to_be_read() {
        // Room for the header and one chunk, and half of the next: the second write stops
        // part way, as on a disk that fills up.
        let header: Arc<[u8]> = Arc::from(&b"#Fields: date time"[..]);
        let room = 12 + 8 + MEMORY_LIMIT + 150 + MEMORY_LIMIT / 2;
        let mut spool = Spool::with_backing(Box::new(FillsUp {
            data: io::Cursor::new(Vec::new()),
            room,
        }));
        push_lines(&mut spool, 400_000, &header);
        assert!(spool.file_failed, "the second chunk did not fit");
        assert_eq!(spool.file.as_ref().map(FrameWriter::records), Some(1));
        assert_eq!(replay_checked(spool).unwrap(), 400_000);
    }

    #[test]
    fn a_truncated_spool_file_is_an_error_not_fewer_lines() {
        let header: Arc<[u8]> = Arc::from(&b"#Fields: date time"[..]);
        let spooled = || {
            let file = tempfile::tempfile().unwrap();
            let handle = file.try_clone().unwrap();
            let mut spool = Spool::with_backing(Box::new(file));
            push_lines(&mut spool, 400_000, &header);
            assert!(spool.file.as_ref().map_or(0, FrameWriter::records) >= 2);
            (spool, handle)
        };
        let (spool, handle) = spooled();
        let len = handle.metadata().unwrap().len();
        assert_eq!(
            replay_checked(spool).unwrap(),
            400_000,
            "whole, all come back"
        );
        // Cut after the header (before the first chunk), in the middle, one byte short.
        for cut in [12, len / 2, len - 1] {
            let (spool, handle) = spooled();
            handle.set_len(cut).unwrap();
            let err = replay_checked(spool).expect_err("a cut spool file read as whole");
            assert_eq!(
                err.kind(),
                io::ErrorKind::InvalidData,
                "cut at {cut}: {err}"
            );
            let msg = err.to_string();
            assert!(
                msg.contains("truncated") || msg.contains("more than the file has left"),
                "{msg}"
            );
        }
    }
}
