//! The CSV writer of every report: [`Cells`] hands each field to the csv crate's writer
//! (RFC 4180: a field quoted only when it needs it, its quotes doubled; `\n` after every
//! record), and makes every text cell safe on the way out: [`text::cell_str`], then formula
//! neutralisation on what that gives.
//!
//! A report of hundreds of thousands of rows spends much of its writing here, so a text
//! shared from row to row is made safe once, and numbers, times and status counts are
//! written as digits, without a string made for each.

use std::io::Write;
use std::sync::Arc;

use super::{CsvStyle, ReportError, SampleClient};
use crate::text;

/// The csv writer's buffer: no smaller than [`super::Output`]'s own, so that each hand-over
/// is one write of the file, not a copy into a buffer half full that it then overflows.
const BUFFER: usize = 64 << 10;
/// Dates [`Cells`] keeps as written.
const DAYS: usize = 4;

/// A CSV writer that makes every cell safe on the way out.
pub(super) struct Cells<W: Write> {
    csv: csv::Writer<W>,
    style: CsvStyle,
    scratch: String,
    /// A status list being written (`200:12 404:1`), its room kept from row to row.
    digits: Vec<u8>,
    /// The days of the last times written, and their dates as written (`2026-11-20T`): the
    /// times of a report's rows fall on few days (a row's robots_version on another one
    /// than its first_seen and last_seen).
    days: [Option<(i64, [u8; 11])>; DAYS],
    /// Where the next day made goes in `days`.
    next_day: usize,
    /// Per column, the shared text last written there when it needed no change: the next
    /// row's same text (the host, crawler, User-Agent, group and rule repeat row after row)
    /// is written as it is without being looked at. Held, so that its address cannot be
    /// another text's meanwhile.
    known: Vec<Option<Arc<str>>>,
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
    /// A client: an address as `Display` writes it (digits and punctuation), else text.
    Client(&'a SampleClient),
    /// A duration in ms, as seconds (whole, else with three decimals); empty when `None`.
    Seconds(Option<i64>),
}

impl<W: Write> Cells<W> {
    pub fn new(out: W, style: CsvStyle) -> Self {
        Cells {
            csv: csv::WriterBuilder::new()
                .buffer_capacity(BUFFER)
                .from_writer(out),
            style,
            scratch: String::new(),
            digits: Vec::new(),
            days: [None; DAYS],
            next_day: 0,
            known: Vec::new(),
        }
    }

    /// A record of text cells.
    pub fn record(&mut self, cells: &[&str]) -> Result<(), ReportError> {
        for cell in cells {
            self.text(cell)?;
        }
        self.csv.write_record(None::<&[u8]>)?;
        Ok(())
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
                    self.text(t)?;
                }
                Cell::Shared(t) => {
                    if matches!(&self.known[column], Some(known) if Arc::ptr_eq(known, t)) {
                        self.csv.write_field(t.as_bytes())?;
                    } else {
                        let unchanged = self.text(t)?;
                        self.known[column] = unchanged.then(|| Arc::clone(t));
                    }
                }
                Cell::Count(n) => self.csv.write_field(itoa::Buffer::new().format(n))?,
                Cell::Time(Some(ms)) => self.time(ms)?,
                Cell::Time(None) => self.csv.write_field(b"")?,
                Cell::Statuses(pairs) => {
                    let mut out = std::mem::take(&mut self.digits);
                    out.clear();
                    let mut digits = itoa::Buffer::new();
                    for (i, &(code, n)) in pairs.iter().enumerate() {
                        if i > 0 {
                            out.push(b' ');
                        }
                        out.extend_from_slice(digits.format(code).as_bytes());
                        out.push(b':');
                        out.extend_from_slice(digits.format(n).as_bytes());
                    }
                    let written = self.csv.write_field(&out);
                    self.digits = out;
                    written?;
                }
                Cell::Client(SampleClient::Ip(ip)) => {
                    let mut out = std::mem::take(&mut self.scratch);
                    out.clear();
                    text::push_ip(&mut out, *ip);
                    let written = self.made(&out);
                    self.scratch = out;
                    written?;
                }
                Cell::Client(SampleClient::Text(t)) => {
                    self.text(t)?;
                }
                Cell::Seconds(ms) => {
                    let mut secs = std::mem::take(&mut self.scratch);
                    secs.clear();
                    if let Some(ms) = ms {
                        push_seconds(&mut secs, ms);
                    }
                    let written = self.made(&secs);
                    self.scratch = secs;
                    written?;
                }
            }
        }
        self.csv.write_record(None::<&[u8]>)?;
        Ok(())
    }

    /// A time as [`text::rfc3339_ms`] writes it: the date made once per day, the time of day
    /// digit by digit.
    fn time(&mut self, ms: i64) -> Result<(), ReportError> {
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
            let written = self.made(&time);
            self.scratch = time;
            return written;
        };
        let secs = ms.rem_euclid(DAY_MS) / 1000;
        let mut field = [0u8; 20];
        field[..11].copy_from_slice(&date);
        field[11..].copy_from_slice(b"00:00:00Z");
        for (at, value) in [(11, secs / 3600), (14, secs / 60 % 60), (17, secs % 60)] {
            field[at] = b'0' + (value / 10) as u8;
            field[at + 1] = b'0' + (value % 10) as u8;
        }
        self.csv.write_field(field)?;
        Ok(())
    }

    /// A cell of digits and punctuation the report made: nothing to escape, but a negative
    /// number (or a year before 0) starts with `-`.
    fn made(&mut self, cell: &str) -> Result<(), ReportError> {
        if self.style.neutralize && is_formula(cell.as_bytes()) {
            self.text(cell).map(|_| ())
        } else {
            self.csv.write_field(cell)?;
            Ok(())
        }
    }

    /// Writes a text cell made safe; true when it is written as it was given.
    fn text(&mut self, cell: &str) -> Result<bool, ReportError> {
        let safe = text::cell_str(cell);
        if self.style.neutralize && is_formula(safe.as_bytes()) {
            self.scratch.clear();
            self.scratch.push('\'');
            self.scratch.push_str(&safe);
            self.csv.write_field(&self.scratch)?;
            Ok(false)
        } else {
            self.csv.write_field(safe.as_bytes())?;
            Ok(matches!(safe, std::borrow::Cow::Borrowed(_)))
        }
    }

    /// Writes out what is gathered.
    pub fn finish(mut self) -> Result<(), ReportError> {
        self.csv.flush().map_err(ReportError::Io)
    }
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
        let mut next = move |n: usize| (crate::test_rng::xorshift(&mut state) % n as u64) as usize;
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
        w.csv.into_inner().expect("a Vec takes any bytes")
    }

    /// What the csv crate writes for the cells made safe as the reports always made them.
    fn by_the_csv_crate(rows: &[Vec<String>], neutralize: bool) -> Vec<u8> {
        let mut w = csv::Writer::from_writer(Vec::new());
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
        let rows: Vec<Vec<String>> = cells.chunks_exact(3).map(<[String]>::to_vec).collect();
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
        for width in [1, 2] {
            let mut w = Cells::new(Vec::new(), CsvStyle { neutralize: true });
            w.record(&vec![""; width]).unwrap();
            assert_eq!(
                bytes(w),
                by_the_csv_crate(&[vec![String::new(); width]], true)
            );
        }
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

    /// A sample client is written as its `Display` text would be as a text cell: an address
    /// by its digits, a client field that is no address made safe.
    #[test]
    fn clients_are_written_as_their_text_is() {
        let clients: Vec<SampleClient> = [
            "0.0.0.0",
            "255.255.255.255",
            "66.249.66.1",
            "10.0.100.9",
            "1.20.3.40",
            "::1",
            "::",
            "2001:db8::1",
            "::ffff:192.0.2.1",
            "fe80::1:2:3:4",
        ]
        .iter()
        .map(|ip| SampleClient::Ip(ip.parse().unwrap()))
        .chain(
            ["unix:/run/a.sock", "=1+1", "-x", "", "a\u{1b}b"]
                .iter()
                .map(|t| SampleClient::Text((*t).into())),
        )
        .collect();
        for neutralize in [true, false] {
            let style = CsvStyle { neutralize };
            let (mut typed, mut plain) =
                (Cells::new(Vec::new(), style), Cells::new(Vec::new(), style));
            for c in &clients {
                typed
                    .record_cells(&[&[Cell::Client(c), Cell::Count(1)]])
                    .unwrap();
                plain.record(&[&c.to_string(), "1"]).unwrap();
            }
            assert_eq!(
                String::from_utf8(bytes(typed)).unwrap(),
                String::from_utf8(bytes(plain)).unwrap(),
                "neutralize: {neutralize}"
            );
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
