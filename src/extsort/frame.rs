//! The byte form of a file of records, made so that damage is found rather than read as
//! fewer records.
//!
//! ```text
//!  header   "RAFRAMES" | version u32
//!  record   length u32 (< 0xFFFF_FFFF) | CRC-32 of length and payload u32 | payload
//!  …
//!  trailer  0xFFFF_FFFF | record count u64 | CRC-32 of the count u32
//! ```
//!
//! All numbers little-endian. The checksum covers the length too, so that a stretch of zeros
//! (a hole where a file lost its blocks) is no run of empty records. A reader checks each record's checksum, that a length never
//! reaches past the end of the file, that the trailer's count is the records it read (and,
//! when the writer's count is known, that too), and that nothing follows the trailer: a file
//! cut short, cut at a record boundary, grown or changed is a [`Damage`], never a shorter
//! stream of records.

use std::io::{self, Read, Write};

/// The first bytes of a framed file.
const MAGIC: &[u8; 8] = b"RAFRAMES";
/// The format's version; a file of another version is refused, not misread.
const VERSION: u32 = 1;
/// The length field that starts the trailer instead of a record.
const TRAILER: u32 = u32::MAX;
/// Bytes of the header.
pub const HEADER_BYTES: u64 = 12;
/// Bytes in front of each record's payload.
pub const RECORD_OVERHEAD: u64 = 8;
/// Bytes of the trailer.
pub const TRAILER_BYTES: u64 = 16;

/// What is wrong with a framed file.
#[derive(Debug, thiserror::Error)]
pub enum Damage {
    /// Reading failed.
    #[error("{0}")]
    Io(#[from] io::Error),
    /// It does not start as a framed file of this version.
    #[error("not a sorted run of this version (bad header)")]
    Header,
    /// It ends before its trailer.
    #[error("truncated after {records} records")]
    Truncated {
        /// Whole records read before the end.
        records: u64,
    },
    /// A record's length reaches past the end of the file.
    #[error("record {record} claims {len} bytes, more than the file has left")]
    Length {
        /// The record (from 1).
        record: u64,
        /// What its length field says.
        len: u64,
    },
    /// A record's bytes are not what was written.
    #[error("record {record} is corrupt (checksum mismatch)")]
    Checksum {
        /// The record (from 1).
        record: u64,
    },
    /// A record's checksum holds but it does not decode as what was written.
    #[error("record {record} does not decode")]
    Decode {
        /// The record (from 1).
        record: u64,
    },
    /// The trailer is damaged, or counts other records than were read.
    #[error("the trailer counts {trailer} records, {read} were read")]
    Count {
        /// The trailer's count (0 when the trailer itself is damaged).
        trailer: u64,
        /// Records read.
        read: u64,
    },
    /// The writer wrote another number of records than the file holds.
    #[error("{written} records were written, the file holds {read}")]
    Written {
        /// Records the writer counted.
        written: u64,
        /// Records in the file.
        read: u64,
    },
    /// Bytes follow the trailer.
    #[error("bytes follow the trailer")]
    TrailingBytes,
}

impl Damage {
    /// The damage as an I/O error (kind `InvalidData` unless it is one), for callers whose
    /// errors are I/O errors.
    pub fn into_io(self) -> io::Error {
        match self {
            Damage::Io(e) => e,
            other => io::Error::new(io::ErrorKind::InvalidData, other.to_string()),
        }
    }
}

/// Reads the fields of a record's payload in order; every read is `None` past its end (a
/// record that does not decode, which callers report as [`Damage::Decode`]).
pub struct Fields<'a>(&'a [u8]);

impl<'a> Fields<'a> {
    /// Fields of `payload`.
    pub fn new(payload: &'a [u8]) -> Fields<'a> {
        Fields(payload)
    }

    /// The next `n` bytes.
    pub fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        let (head, rest) = self.0.split_at_checked(n)?;
        self.0 = rest;
        Some(head)
    }

    /// The next `N` bytes.
    pub fn array<const N: usize>(&mut self) -> Option<[u8; N]> {
        let mut a = [0u8; N];
        a.copy_from_slice(self.take(N)?);
        Some(a)
    }

    /// A little-endian u32.
    pub fn u32(&mut self) -> Option<u32> {
        self.array().map(u32::from_le_bytes)
    }

    /// A little-endian u64.
    pub fn u64(&mut self) -> Option<u64> {
        self.array().map(u64::from_le_bytes)
    }

    /// Whether every byte was read.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// The CRC-32 of a record's length and payload.
fn checksum(len: u32, payload: &[u8]) -> u32 {
    let mut h = crc32fast::Hasher::new();
    h.update(&len.to_le_bytes());
    h.update(payload);
    h.finalize()
}

/// Writes framed records to `W`.
pub struct FrameWriter<W: Write> {
    out: W,
    records: u64,
    bytes: u64,
}

impl<W: Write> FrameWriter<W> {
    /// Writes the header.
    pub fn new(mut out: W) -> io::Result<FrameWriter<W>> {
        out.write_all(MAGIC)?;
        out.write_all(&VERSION.to_le_bytes())?;
        Ok(FrameWriter {
            out,
            records: 0,
            bytes: HEADER_BYTES,
        })
    }

    /// Writes one record.
    pub fn push(&mut self, payload: &[u8]) -> io::Result<()> {
        let len = u32::try_from(payload.len())
            .ok()
            .filter(|&n| n != TRAILER)
            .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "a record of 4 GiB"))?;
        let mut head = [0u8; 8];
        head[..4].copy_from_slice(&len.to_le_bytes());
        head[4..].copy_from_slice(&checksum(len, payload).to_le_bytes());
        self.out.write_all(&head)?;
        self.out.write_all(payload)?;
        self.records += 1;
        self.bytes += RECORD_OVERHEAD + payload.len() as u64;
        Ok(())
    }

    /// Records written so far.
    pub fn records(&self) -> u64 {
        self.records
    }

    /// Bytes written so far (header included).
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// The writer, with no trailer written: for a file whose reader is told how many records
    /// to read ([`FrameReader::next_of`]).
    pub fn into_inner(self) -> W {
        self.out
    }

    /// Writes the trailer and flushes; gives the writer back.
    pub fn finish(mut self) -> io::Result<W> {
        let count = self.records.to_le_bytes();
        let mut trailer = [0u8; TRAILER_BYTES as usize];
        trailer[..4].copy_from_slice(&TRAILER.to_le_bytes());
        trailer[4..12].copy_from_slice(&count);
        trailer[12..].copy_from_slice(&crc32fast::hash(&count).to_le_bytes());
        self.out.write_all(&trailer)?;
        self.out.flush()?;
        Ok(self.out)
    }
}

/// Reads framed records from `R`, checking everything [`FrameWriter`] wrote.
pub struct FrameReader<R: Read> {
    input: R,
    /// Bytes of the file left after what was read.
    left: u64,
    /// Records the writer counted, when known.
    written: Option<u64>,
    read: u64,
    buf: Vec<u8>,
    ended: bool,
}

impl<R: Read> FrameReader<R> {
    /// Checks the header of `len` bytes of `input`; `written` is how many records the writer
    /// said it wrote, when that is known.
    pub fn new(mut input: R, len: u64, written: Option<u64>) -> Result<FrameReader<R>, Damage> {
        let mut header = [0u8; HEADER_BYTES as usize];
        match input.read_exact(&mut header) {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => return Err(Damage::Header),
            Err(e) => return Err(Damage::Io(e)),
        }
        if &header[..8] != MAGIC || header[8..] != VERSION.to_le_bytes() {
            return Err(Damage::Header);
        }
        Ok(FrameReader {
            input,
            left: len.saturating_sub(HEADER_BYTES),
            written,
            read: 0,
            buf: Vec::new(),
            ended: false,
        })
    }

    /// Records read so far.
    pub fn records(&self) -> u64 {
        self.read
    }

    /// The next of the first `count` records, or None after them, whatever follows: for a
    /// file whose writer knows how many records it wrote whole and may have failed part way
    /// through the next (which is then never read).
    pub fn next_of(&mut self, count: u64) -> Result<Option<&[u8]>, Damage> {
        let read = self.read;
        if read >= count {
            return Ok(None);
        }
        match self.next_record()? {
            Some(record) => Ok(Some(record)),
            None => Err(Damage::Written {
                written: count,
                read,
            }),
        }
    }

    /// Fills `buf` exactly, or says where the file ended.
    fn fill(input: &mut R, buf: &mut [u8], records: u64) -> Result<(), Damage> {
        match input.read_exact(buf) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => {
                Err(Damage::Truncated { records })
            }
            Err(e) => Err(Damage::Io(e)),
        }
    }

    /// The next record's payload, or None after the trailer (every check passed).
    pub fn next_record(&mut self) -> Result<Option<&[u8]>, Damage> {
        if self.ended {
            return Ok(None);
        }
        let mut head = [0u8; 8];
        Self::fill(&mut self.input, &mut head, self.read)?;
        self.left = self.left.saturating_sub(8);
        let len = u32::from_le_bytes([head[0], head[1], head[2], head[3]]);
        let crc = u32::from_le_bytes([head[4], head[5], head[6], head[7]]);
        if len == TRAILER {
            return self.trailer(crc).map(|()| None);
        }
        let record = self.read + 1;
        if u64::from(len) > self.left {
            return Err(Damage::Length {
                record,
                len: u64::from(len),
            });
        }
        self.buf.resize(len as usize, 0);
        Self::fill(&mut self.input, &mut self.buf, self.read)?;
        self.left -= u64::from(len);
        if checksum(len, &self.buf) != crc {
            return Err(Damage::Checksum { record });
        }
        self.read = record;
        Ok(Some(&self.buf))
    }

    /// The trailer, its first four bytes (`count_low`) already read in the checksum's place.
    fn trailer(&mut self, count_low: u32) -> Result<(), Damage> {
        let mut rest = [0u8; 8];
        Self::fill(&mut self.input, &mut rest, self.read)?;
        let mut count = [0u8; 8];
        count[..4].copy_from_slice(&count_low.to_le_bytes());
        count[4..].copy_from_slice(&rest[..4]);
        let crc = u32::from_le_bytes([rest[4], rest[5], rest[6], rest[7]]);
        let trailer = if crc32fast::hash(&count) == crc {
            u64::from_le_bytes(count)
        } else {
            0
        };
        if crc32fast::hash(&count) != crc || trailer != self.read {
            return Err(Damage::Count {
                trailer,
                read: self.read,
            });
        }
        if let Some(written) = self.written
            && written != self.read
        {
            return Err(Damage::Written {
                written,
                read: self.read,
            });
        }
        let mut more = [0u8; 1];
        loop {
            match self.input.read(&mut more) {
                Ok(0) => break,
                Ok(_) => return Err(Damage::TrailingBytes),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(Damage::Io(e)),
            }
        }
        self.ended = true;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn framed(records: &[&[u8]]) -> Vec<u8> {
        let mut w = FrameWriter::new(Vec::new()).unwrap();
        for r in records {
            w.push(r).unwrap();
        }
        assert_eq!(w.records(), records.len() as u64);
        let bytes = w.bytes();
        let out = w.finish().unwrap();
        assert_eq!(out.len() as u64, bytes + TRAILER_BYTES);
        out
    }

    fn read_all(bytes: &[u8], written: Option<u64>) -> Result<Vec<Vec<u8>>, Damage> {
        let mut r = FrameReader::new(bytes, bytes.len() as u64, written)?;
        let mut out = Vec::new();
        while let Some(rec) = r.next_record()? {
            out.push(rec.to_vec());
        }
        // After the end, still the end.
        assert!(r.next_record()?.is_none());
        Ok(out)
    }

    #[test]
    fn records_come_back_whole_and_in_order() {
        let records: Vec<Vec<u8>> = (0..300u32)
            .map(|i| vec![i as u8; (i as usize * 7) % 50])
            .collect();
        let refs: Vec<&[u8]> = records.iter().map(Vec::as_slice).collect();
        let bytes = framed(&refs);
        assert_eq!(read_all(&bytes, Some(300)).unwrap(), records);
        assert_eq!(read_all(&bytes, None).unwrap(), records);
        assert_eq!(
            read_all(&framed(&[]), Some(0)).unwrap(),
            Vec::<Vec<u8>>::new()
        );
    }

    #[test]
    fn every_cut_and_every_flipped_bit_is_damage_never_fewer_records() {
        let records: Vec<Vec<u8>> = (0..20u8).map(|i| vec![i; 3 + i as usize]).collect();
        let refs: Vec<&[u8]> = records.iter().map(Vec::as_slice).collect();
        let bytes = framed(&refs);
        for cut in 0..bytes.len() {
            let got = read_all(&bytes[..cut], Some(20));
            assert!(
                got.is_err(),
                "cut at {cut} of {} read as whole",
                bytes.len()
            );
            // Not even when the writer's count is unknown (another reader of the file).
            assert!(read_all(&bytes[..cut], None).is_err(), "cut at {cut}");
        }
        for at in 0..bytes.len() {
            for bit in 0..8 {
                let mut bad = bytes.clone();
                bad[at] ^= 1 << bit;
                let got = read_all(&bad, None);
                assert!(
                    got.is_err(),
                    "bit {bit} of byte {at} flipped: read as {got:?}"
                );
            }
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(matches!(
            read_all(&longer, Some(20)),
            Err(Damage::TrailingBytes)
        ));
        assert!(matches!(
            read_all(&bytes, Some(21)),
            Err(Damage::Written {
                written: 21,
                read: 20
            })
        ));
        assert!(matches!(read_all(b"", None), Err(Damage::Header)));
        assert!(matches!(
            read_all(&bytes[..HEADER_BYTES as usize + 3], None),
            Err(Damage::Truncated { records: 0 })
        ));
    }

    #[test]
    fn zeros_are_no_records() {
        let mut bytes = framed(&[]);
        let at = HEADER_BYTES as usize;
        bytes.splice(at..at, [0u8; 64]);
        assert!(matches!(
            read_all(&bytes, None),
            Err(Damage::Checksum { record: 1 })
        ));
    }

    #[test]
    fn the_first_records_of_a_file_cut_after_them_are_read_and_no_more() {
        let mut bytes = framed(&[b"one", b"two"]);
        // What a failed write leaves: the start of a third record and no trailer.
        bytes.truncate(bytes.len() - TRAILER_BYTES as usize);
        bytes.extend_from_slice(&[9, 0, 0, 0, 1, 2]);
        let mut r = FrameReader::new(&bytes[..], bytes.len() as u64, None).unwrap();
        assert_eq!(r.next_of(2).unwrap(), Some(&b"one"[..]));
        assert_eq!(r.next_of(2).unwrap(), Some(&b"two"[..]));
        assert_eq!(r.next_of(2).unwrap(), None);
        // Asked for more than are whole: an error, not the end.
        let mut r = FrameReader::new(&bytes[..], bytes.len() as u64, None).unwrap();
        assert!(r.next_of(3).is_ok());
        assert!(r.next_of(3).is_ok());
        assert!(r.next_of(3).is_err());
    }

    #[test]
    fn a_length_past_the_end_is_refused_before_anything_is_allocated() {
        let mut bytes = framed(&[b"abc"]);
        let at = HEADER_BYTES as usize;
        bytes[at..at + 4].copy_from_slice(&0xFFFF_FFF0u32.to_le_bytes());
        assert!(matches!(
            read_all(&bytes, None),
            Err(Damage::Length { record: 1, .. })
        ));
    }
}
