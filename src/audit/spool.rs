//! Lines set aside while their origin's robots.txt is being obtained, to be read again once
//! it is known.
//!
//! A worker meets an origin before its robots.txt can be fetched (fetching waits until every
//! log has been read, so that which origins are fetched does not depend on thread timing).
//! Lines of such origins from clients that may be crawlers are kept here as they were read —
//! in memory up to [`MEMORY_LIMIT`], then in an anonymous temporary file that the system
//! removes when it is closed — and replayed through the same pipeline afterwards.

use std::fs::File;
use std::io::{self, BufReader, Read, Seek, Write};
use std::sync::Arc;

use crate::logformat::Format;

/// Bytes of spooled lines kept in memory before they go to a temporary file.
const MEMORY_LIMIT: usize = 8 << 20;

/// No `#Fields:` header.
const NO_HEADER: u32 = u32::MAX;

/// Spooled lines: records of `input u32 | format u8 | header u32 | line u64 | len u32 | bytes`.
#[derive(Default)]
pub struct Spool {
    buf: Vec<u8>,
    file: Option<File>,
    /// The W3C headers the records refer to.
    headers: Vec<Arc<[u8]>>,
    /// A temporary file could not be made or written: lines are kept in memory instead.
    file_failed: bool,
}

impl Spool {
    pub fn new() -> Spool {
        Spool::default()
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

    /// Moves the buffered records to the temporary file. If no file can be had, the records
    /// stay in memory: slower to hold, never lost.
    fn spill(&mut self) {
        let result = (|| -> io::Result<()> {
            if self.file.is_none() {
                self.file = Some(tempfile::tempfile()?);
            }
            if let Some(file) = &mut self.file {
                file.write_all(&self.buf)?;
            }
            Ok(())
        })();
        match result {
            Ok(()) => self.buf.clear(),
            Err(_) => self.file_failed = true,
        }
    }

    /// Calls `line(input, format, header, line number, bytes)` for every line set aside, in
    /// the order they were.
    pub fn replay(
        mut self,
        mut line: impl FnMut(usize, Format, Option<&[u8]>, u64, &[u8]),
    ) -> io::Result<()> {
        let mut emit = |rec: &[u8], headers: &[Arc<[u8]>]| {
            let input = u32::from_le_bytes(rec[0..4].try_into().unwrap_or_default()) as usize;
            let format = Format::all()
                .get(usize::from(rec[4]))
                .copied()
                .unwrap_or(Format::Combined);
            let header = u32::from_le_bytes(rec[5..9].try_into().unwrap_or_default());
            let line_no = u64::from_le_bytes(rec[9..17].try_into().unwrap_or_default());
            let header = (header != NO_HEADER).then(|| &*headers[header as usize]);
            line(input, format, header, line_no, &rec[HEAD..]);
        };
        if let Some(mut file) = self.file.take() {
            file.write_all(&self.buf)?;
            self.buf = Vec::new();
            file.rewind()?;
            let mut reader = BufReader::with_capacity(1 << 20, file);
            let mut rec = vec![0; HEAD];
            loop {
                rec.truncate(HEAD);
                match reader.read_exact(&mut rec) {
                    Ok(()) => {}
                    Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => break,
                    Err(e) => return Err(e),
                }
                let len = u32::from_le_bytes(rec[17..21].try_into().unwrap_or_default()) as usize;
                rec.resize(HEAD + len, 0);
                reader.read_exact(&mut rec[HEAD..])?;
                emit(&rec, &self.headers);
            }
        } else {
            let mut at = 0;
            while at < self.buf.len() {
                let len =
                    u32::from_le_bytes(self.buf[at + 17..at + 21].try_into().unwrap_or_default())
                        as usize;
                emit(&self.buf[at..at + HEAD + len], &self.headers);
                at += HEAD + len;
            }
        }
        Ok(())
    }
}

/// Bytes in front of each record's line.
const HEAD: usize = 4 + 1 + 4 + 8 + 4;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_come_back_as_they_went_in_from_memory_and_from_a_file() {
        let header: Arc<[u8]> = Arc::from(&b"#Fields: date time"[..]);
        for lines in [10usize, 200_000] {
            let mut spool = Spool::new();
            for i in 0..lines {
                let line = format!("line {i} {}", "x".repeat(i % 97));
                let h = (i % 3 == 0).then_some(&header);
                spool.push(
                    i % 5,
                    Format::all()[i % Format::all().len()],
                    h,
                    i as u64 + 1,
                    line.as_bytes(),
                );
            }
            assert_eq!(spool.file.is_some(), lines > 10, "{lines} lines");
            let mut seen = 0;
            spool
                .replay(|input, format, h, line_no, bytes| {
                    let i = seen;
                    assert_eq!(input, i % 5);
                    assert_eq!(format, Format::all()[i % Format::all().len()]);
                    assert_eq!(h.is_some(), i % 3 == 0);
                    assert_eq!(line_no, i as u64 + 1);
                    assert_eq!(bytes, format!("line {i} {}", "x".repeat(i % 97)).as_bytes());
                    seen += 1;
                })
                .unwrap();
            assert_eq!(seen, lines);
        }
    }
}
