//! The CSV writer of every report: [`Cells`] writes RFC 4180 as the csv crate writes it by
//! default (a field quoted only when it holds a comma, a double quote, CR or LF, its quotes
//! doubled; `\n` after every record; a record of nothing at all written `""`), and makes
//! every text cell safe on the way out: [`text::cell_str`], then formula neutralisation on
//! what that gives.
//!
//! A report of hundreds of thousands of rows spends most of its writing here, so one pass of
//! eight bytes at a time settles both questions for most cells (printable ASCII without a
//! comma or a quote: copied as they are), a text shared from row to row is looked at once,
//! and numbers, times and status counts are written as digits, without a string made for
//! each.

use std::io::Write;
use std::sync::Arc;

use super::{CsvStyle, ReportError};
use crate::text;

/// Bytes gathered before they go to the writer: no fewer than [`super::Output`]'s own buffer
/// holds, so that each hand-over is one write of the file, not a copy into a buffer half
/// full that it then overflows.
const BUFFER: usize = 64 << 10;
/// Dates [`Cells`] keeps as written.
const DAYS: usize = 4;

/// A CSV writer that makes every cell safe on the way out.
pub(super) struct Cells<W: Write> {
    out: W,
    /// What is written and not yet handed to `out`: whole records only.
    buf: Vec<u8>,
    style: CsvStyle,
    /// Where the current record starts in `buf`.
    record: usize,
    /// Fields of the current record so far.
    fields: usize,
    scratch: String,
    /// The days of the last times written, and their dates as written (`2026-11-20T`): the
    /// times of a report's rows fall on few days (a row's robots_version on another one
    /// than its first_seen and last_seen).
    days: [Option<(i64, [u8; 11])>; DAYS],
    /// Where the next day made goes in `days`.
    next_day: usize,
    /// Per column, the shared text last written there as it was given, and whether it was
    /// quoted: the next row's same text (the host, crawler, User-Agent, group and rule repeat
    /// row after row) is written so again without being looked at. Held, so that its address
    /// cannot be another text's meanwhile.
    known: Vec<Option<(Arc<str>, bool)>>,
}

/// One cell of a report's row: text from the log or a robots.txt, made safe on the way out,
/// or a number or time the report writes itself (digits and punctuation, never in need of
/// escaping), written without a string made for it.
pub(super) enum Cell<'a> {
    Text(&'a str),
    /// Text shared from row to row.
    Shared(&'a Arc<str>),
    Count(u64),
    /// Unix ms, as RFC 3339; empty when `None`.
    Time(Option<i64>),
    /// `(status, count)` pairs as `200:12 404:1`.
    Statuses(&'a [(u16, u64)]),
    /// A duration in ms, as seconds (whole, else with three decimals); empty when `None`.
    Seconds(Option<i64>),
}

impl<W: Write> Cells<W> {
    pub fn new(out: W, style: CsvStyle) -> Self {
        Cells {
            out,
            buf: Vec::with_capacity(BUFFER + (4 << 10)),
            style,
            record: 0,
            fields: 0,
            scratch: String::new(),
            days: [None; DAYS],
            next_day: 0,
            known: Vec::new(),
        }
    }

    /// A record of text cells.
    pub fn record(&mut self, cells: &[&str]) -> Result<(), ReportError> {
        for cell in cells {
            self.text(cell);
        }
        self.end_record()
    }

    /// [`Cells::record`] of typed cells, given in parts that follow one another.
    pub fn record_cells(&mut self, parts: &[&[Cell<'_>]]) -> Result<(), ReportError> {
        let width = parts.iter().map(|p| p.len()).sum();
        if self.known.len() < width {
            self.known.resize(width, None);
        }
        for (column, cell) in parts.iter().flat_map(|p| p.iter()).enumerate() {
            match *cell {
                Cell::Text(t) => {
                    self.text(t);
                }
                Cell::Shared(t) => match &self.known[column] {
                    Some((known, quoted)) if Arc::ptr_eq(known, t) => {
                        let quoted = *quoted;
                        self.field(t.as_bytes(), false, quoted);
                    }
                    _ => {
                        let as_given = self.text(t);
                        self.known[column] = as_given.map(|quoted| (Arc::clone(t), quoted));
                    }
                },
                Cell::Count(n) => {
                    self.start_field();
                    self.buf
                        .extend_from_slice(itoa::Buffer::new().format(n).as_bytes());
                }
                Cell::Time(Some(ms)) => self.time(ms),
                Cell::Time(None) => self.field(b"", false, false),
                Cell::Statuses(pairs) => {
                    self.start_field();
                    let mut digits = itoa::Buffer::new();
                    for (i, &(code, n)) in pairs.iter().enumerate() {
                        if i > 0 {
                            self.buf.push(b' ');
                        }
                        self.buf.extend_from_slice(digits.format(code).as_bytes());
                        self.buf.push(b':');
                        self.buf.extend_from_slice(digits.format(n).as_bytes());
                    }
                }
                Cell::Seconds(ms) => {
                    let mut secs = std::mem::take(&mut self.scratch);
                    secs.clear();
                    if let Some(ms) = ms {
                        push_seconds(&mut secs, ms);
                    }
                    self.digits(&secs);
                    self.scratch = secs;
                }
            }
        }
        self.end_record()
    }

    /// A time as [`text::rfc3339_ms`] writes it: the date made once per day, the time of day
    /// digit by digit.
    fn time(&mut self, ms: i64) {
        const DAY_MS: i64 = 86_400_000;
        let day = ms.div_euclid(DAY_MS);
        let known = self.days.iter().flatten().find(|(known, _)| *known == day);
        let date = match known {
            Some(&(_, date)) => Some(date),
            None => day.checked_mul(DAY_MS).and_then(|start| {
                let mut midnight = std::mem::take(&mut self.scratch);
                midnight.clear();
                text::push_rfc3339_ms(&mut midnight, start);
                // Years 0 to 9999 only: others are written whole, below.
                let date =
                    (midnight.len() == 20 && midnight.as_bytes()[0].is_ascii_digit()).then(|| {
                        let mut date = [0u8; 11];
                        date.copy_from_slice(&midnight.as_bytes()[..11]);
                        date
                    });
                self.scratch = midnight;
                if let Some(date) = date {
                    self.days[self.next_day] = Some((day, date));
                    self.next_day = (self.next_day + 1) % DAYS;
                }
                date
            }),
        };
        let Some(date) = date else {
            let mut time = std::mem::take(&mut self.scratch);
            time.clear();
            text::push_rfc3339_ms(&mut time, ms);
            self.digits(&time);
            self.scratch = time;
            return;
        };
        let secs = ms.rem_euclid(DAY_MS) / 1000;
        let mut clock = *b"00:00:00Z";
        for (at, value) in [(0, secs / 3600), (3, secs / 60 % 60), (6, secs % 60)] {
            clock[at] = b'0' + (value / 10) as u8;
            clock[at + 1] = b'0' + (value % 10) as u8;
        }
        self.start_field();
        self.buf.extend_from_slice(&date);
        self.buf.extend_from_slice(&clock);
    }

    /// Digits and punctuation the report made: nothing to escape or quote, but a negative
    /// number (or a year before 0) starts with `-`.
    fn digits(&mut self, cell: &str) {
        let neutral = self.style.neutralize && is_formula(cell.as_bytes());
        self.field(cell.as_bytes(), neutral, false);
    }

    /// Writes a text cell made safe; `Some(quoted)` when it is written as it was given.
    fn text(&mut self, cell: &str) -> Option<bool> {
        let bytes = cell.as_bytes();
        if plain(bytes) {
            // Nothing to escape, nothing to quote.
            let neutral = self.style.neutralize && is_formula(bytes);
            self.field(bytes, neutral, false);
            return (!neutral).then_some(false);
        }
        let safe = text::cell_str(cell);
        let neutral = self.style.neutralize && is_formula(safe.as_bytes());
        let quoted = needs_quotes(safe.as_bytes());
        self.field(safe.as_bytes(), neutral, quoted);
        (matches!(safe, std::borrow::Cow::Borrowed(_)) && !neutral).then_some(quoted)
    }

    /// The delimiter before a field that is not the record's first.
    fn start_field(&mut self) {
        if self.fields > 0 {
            self.buf.push(b',');
        }
        self.fields += 1;
    }

    /// A field of `bytes` (already safe), after `'` when `neutral`, in quotes (its own
    /// doubled) when `quoted`.
    fn field(&mut self, bytes: &[u8], neutral: bool, quoted: bool) {
        self.start_field();
        if quoted {
            self.buf.push(b'"');
        }
        if neutral {
            self.buf.push(b'\'');
        }
        if quoted {
            for (i, part) in bytes.split(|&b| b == b'"').enumerate() {
                if i > 0 {
                    self.buf.extend_from_slice(b"\"\"");
                }
                self.buf.extend_from_slice(part);
            }
            self.buf.push(b'"');
        } else {
            self.buf.extend_from_slice(bytes);
        }
    }

    /// Ends the record; whole records go to the writer once enough are gathered.
    fn end_record(&mut self) -> Result<(), ReportError> {
        if self.buf.len() == self.record {
            // A record of nothing (one empty field) would read back as no record at all.
            self.buf.extend_from_slice(b"\"\"");
        }
        self.buf.push(b'\n');
        self.fields = 0;
        if self.buf.len() >= BUFFER {
            self.out.write_all(&self.buf).map_err(ReportError::Io)?;
            self.buf.clear();
        }
        self.record = self.buf.len();
        Ok(())
    }

    /// Writes out what is gathered.
    pub fn finish(mut self) -> Result<(), ReportError> {
        self.out.write_all(&self.buf).map_err(ReportError::Io)?;
        self.buf.clear();
        self.out.flush().map_err(ReportError::Io)
    }
}

/// Whether every byte is printable ASCII (0x20 to 0x7e) other than a comma or a double quote:
/// a cell with nothing to escape ([`text::cell_str`] gives it back as it is) and nothing to
/// quote. Eight bytes to a word: report cells are mostly short.
fn plain(bytes: &[u8]) -> bool {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    // A zero byte in `w`: exact as a yes or no.
    let zero = |w: u64| w.wrapping_sub(LO) & !w & HI;
    let mut words = bytes.chunks_exact(8);
    for word in &mut words {
        let w = u64::from_le_bytes(word.try_into().expect("chunks_exact gives 8 bytes"));
        // A byte below 0x20 (the classic "has a byte less than n", exact as a yes or no for
        // n up to 0x80), or one of 0x7f and up (its low seven bits plus one carry into its
        // own high bit, never the next byte's; or its high bit is set already).
        let below = w.wrapping_sub(LO * 0x20) & !w & HI;
        let above = (((w & !HI) + LO) | w) & HI;
        let special = zero(w ^ (LO * u64::from(b','))) | zero(w ^ (LO * u64::from(b'"')));
        if below | above | special != 0 {
            return false;
        }
    }
    words
        .remainder()
        .iter()
        .all(|&b| (0x20..0x7f).contains(&b) && b != b',' && b != b'"')
}

/// Whether a field must be quoted to read back as itself.
fn needs_quotes(bytes: &[u8]) -> bool {
    bytes
        .iter()
        .any(|&b| matches!(b, b',' | b'"' | b'\r' | b'\n'))
}

/// OWASP CSV injection: a cell a spreadsheet would evaluate.
pub(super) fn is_formula(cell: &[u8]) -> bool {
    matches!(
        cell.first(),
        Some(b'=' | b'+' | b'-' | b'@' | b'\t' | b'\r')
    )
}

/// `ms` as seconds: whole, else with three decimals.
pub(super) fn push_seconds(out: &mut String, ms: i64) {
    use std::fmt::Write as _;
    if ms % 1000 == 0 {
        out.push_str(itoa::Buffer::new().format(ms / 1000));
    } else {
        write!(out, "{:.3}", ms as f64 / 1000.0).expect("a String takes any text");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Cells of every byte class the writer tells apart (printable, comma, quote, CR, LF,
    /// other controls, DEL, C1, other non-ASCII, formula starts), at lengths on both sides
    /// of a word.
    fn cells() -> Vec<String> {
        let atoms = [
            "a", "Z", " ", ",", "\"", "\r", "\n", "\t", "\0", "\u{1b}", "\u{7f}", "\u{9b}",
            "\u{e9}", "\u{2713}", "=", "+", "-", "@", "'", "%", "~",
        ];
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        let mut out = vec![String::new()];
        out.extend(atoms.iter().map(|a| a.to_string()));
        for _ in 0..4000 {
            let len = next(20);
            // Mostly plain bytes, as real cells are.
            let s: String = (0..len)
                .map(|_| {
                    if next(4) == 0 {
                        atoms[next(atoms.len())]
                    } else {
                        atoms[next(2)]
                    }
                })
                .collect();
            out.push(s);
        }
        out
    }

    /// Everything a writer over a vector wrote.
    fn bytes(w: Cells<Vec<u8>>) -> Vec<u8> {
        let Cells { mut out, buf, .. } = w;
        out.extend_from_slice(&buf);
        out
    }

    /// What the csv crate writes for the cells made safe as the reports always made them.
    fn by_the_csv_crate(rows: &[Vec<String>], neutralize: bool) -> Vec<u8> {
        let mut w = csv::WriterBuilder::new()
            .flexible(true)
            .from_writer(Vec::new());
        for row in rows {
            let safe: Vec<String> = row
                .iter()
                .map(|c| {
                    let c = text::cell_str(c).into_owned();
                    if neutralize && is_formula(c.as_bytes()) {
                        format!("'{c}")
                    } else {
                        c
                    }
                })
                .collect();
            w.write_record(&safe).unwrap();
        }
        w.into_inner().unwrap()
    }

    #[test]
    fn cells_are_written_as_the_csv_crate_writes_them_made_safe() {
        let cells = cells();
        let rows: Vec<Vec<String>> = cells.chunks(3).map(<[String]>::to_vec).collect();
        for neutralize in [true, false] {
            let mut w = Cells::new(Vec::new(), CsvStyle { neutralize });
            for row in &rows {
                let row: Vec<&str> = row.iter().map(String::as_str).collect();
                w.record(&row).unwrap();
            }
            let got = bytes(w);
            assert_eq!(
                String::from_utf8_lossy(&got),
                String::from_utf8_lossy(&by_the_csv_crate(&rows, neutralize)),
                "neutralize: {neutralize}"
            );
        }
        // A record of one empty field, as the csv crate writes it.
        let mut w = Cells::new(Vec::new(), CsvStyle { neutralize: true });
        w.record(&[""]).unwrap();
        w.record(&["", ""]).unwrap();
        assert_eq!(
            bytes(w),
            by_the_csv_crate(&[vec![String::new()], vec![String::new(); 2]], true)
        );
    }

    #[test]
    fn shared_cells_are_written_as_text_cells_are() {
        // The same texts as shared cells (each looked at once, then known) and as text.
        let cells: Vec<Arc<str>> = cells().iter().map(|c| Arc::from(c.as_str())).collect();
        for neutralize in [true, false] {
            let style = CsvStyle { neutralize };
            let (mut shared, mut plain) =
                (Cells::new(Vec::new(), style), Cells::new(Vec::new(), style));
            for c in cells.iter().chain(&cells) {
                for _ in 0..2 {
                    shared
                        .record_cells(&[&[Cell::Shared(c), Cell::Count(7), Cell::Shared(c)]])
                        .unwrap();
                    plain.record(&[c, "7", c]).unwrap();
                }
            }
            assert_eq!(bytes(shared), bytes(plain), "neutralize: {neutralize}");
        }
    }

    #[test]
    fn plain_is_exact_for_every_byte_at_every_place() {
        for b in 0..=255u8 {
            for len in [1, 7, 8, 9, 16, 17] {
                for at in [0, len / 2, len - 1] {
                    let mut bytes = vec![b'a'; len];
                    bytes[at] = b;
                    let expected = (0x20..0x7f).contains(&b) && b != b',' && b != b'"';
                    assert_eq!(plain(&bytes), expected, "byte {b:#x} at {at} of {len}");
                }
            }
        }
        assert!(plain(b""));
    }

    #[test]
    fn times_are_written_as_rfc3339_ms_writes_them() {
        const DAY_MS: i64 = 86_400_000;
        let mut times = vec![
            0,
            -1,
            1,
            999,
            1000,
            DAY_MS - 1,
            DAY_MS,
            -DAY_MS,
            -DAY_MS - 1,
            1_763_646_936_000,
            1_763_646_936_999,
            -62_167_219_200_000,
            -62_167_219_200_001,
            253_402_300_799_999,
            253_402_300_800_000,
            i64::MIN,
            i64::MIN + 1,
            i64::MAX,
        ];
        // Runs of times on one day, and back to days seen before, more of them than are
        // kept.
        let mut t = 1_763_600_000_000i64;
        for k in 0..500 {
            t += (k * 7_919_113) % 9_000_000;
            times.push(t);
            times.push(t - 3 * DAY_MS);
            times.push(t - (k % 7) * DAY_MS);
        }
        for neutralize in [true, false] {
            let mut w = Cells::new(Vec::new(), CsvStyle { neutralize });
            let mut expected = String::new();
            for &ms in &times {
                w.record_cells(&[&[Cell::Time(Some(ms))]]).unwrap();
                let text = text::rfc3339_ms(ms);
                if neutralize && is_formula(text.as_bytes()) {
                    expected.push('\'');
                } else if text.is_empty() {
                    expected.push_str("\"\"");
                }
                expected.push_str(&text);
                expected.push('\n');
            }
            assert_eq!(String::from_utf8(bytes(w)).unwrap(), expected);
        }
    }

    #[test]
    fn numbers_times_and_statuses_are_written_as_digits() {
        let mut w = Cells::new(Vec::new(), CsvStyle { neutralize: true });
        w.record_cells(&[&[
            Cell::Count(0),
            Cell::Count(u64::MAX),
            Cell::Time(Some(1_763_646_936_000)),
            Cell::Time(None),
            Cell::Time(Some(-62_198_755_200_000)),
            Cell::Statuses(&[(200, 12), (404, 1)]),
            Cell::Statuses(&[]),
            Cell::Seconds(Some(10_000)),
            Cell::Seconds(Some(500)),
            Cell::Seconds(None),
        ]])
        .unwrap();
        let before_0 = text::rfc3339_ms(-62_198_755_200_000);
        assert!(before_0.starts_with('-'), "{before_0}");
        assert_eq!(
            String::from_utf8(bytes(w)).unwrap(),
            format!(
                "0,18446744073709551615,2025-11-20T13:55:36Z,,'{before_0},200:12 404:1,,10,\
                 0.500,\n"
            )
        );
    }
}
