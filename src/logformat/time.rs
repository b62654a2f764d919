//! Timestamps as logs write them → unix milliseconds UTC.
//!
//! Stage: helper of `logformat`, on the hot path. Takes: the bytes of one timestamp (Apache
//! `%t`, ISO 8601 / RFC 3339, W3C date + time, unix seconds/milli/nanoseconds). Gives:
//! milliseconds since 1970-01-01T00:00:00Z, offsets applied. Must not: allocate, consult the
//! local time zone, or accept out-of-range fields (month 13, 31 April, hour 24…).

/// Days from 1970-01-01 to the given proleptic Gregorian date (Howard Hinnant's
/// `days_from_civil`, <https://howardhinnant.github.io/date_algorithms.html>).
#[inline]
pub(crate) fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400; // [0, 399]
    let m = i64::from(m);
    let mp = (m + 9) % 12; // March = 0
    let doy = (153 * mp + 2) / 5 + i64::from(d) - 1; // [0, 365]
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy; // [0, 146096]
    era * 146_097 + doe - 719_468
}

/// The proleptic Gregorian date (year, month, day) of a count of days from 1970-01-01, the
/// inverse of [`days_from_civil`] (Howard Hinnant's `civil_from_days`, same source).
#[inline]
pub(crate) fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097; // [0, 146096]
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365; // [0, 399]
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100); // [0, 365]
    let mp = (5 * doy + 2) / 153; // March = 0
    // In range by construction: a day of 1 to 31, a month of 1 to 12.
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

#[inline]
fn is_leap(y: i64) -> bool {
    (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
}

#[inline]
fn days_in_month(y: i64, m: u32) -> u32 {
    match m {
        2 if is_leap(y) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Two ASCII digits.
#[inline]
fn d2(b: &[u8]) -> Option<u32> {
    let (a, c) = (b[0].wrapping_sub(b'0'), b[1].wrapping_sub(b'0'));
    (a < 10 && c < 10).then(|| u32::from(a) * 10 + u32::from(c))
}

/// Four ASCII digits.
#[inline]
fn d4(b: &[u8]) -> Option<u32> {
    Some(d2(&b[..2])? * 100 + d2(&b[2..4])?)
}

/// Days since 1970 of a date, or `None` for an impossible one (month 13, 31 April…).
#[inline]
fn civil_days(y: u32, mo: u32, d: u32) -> Option<i64> {
    let y = i64::from(y);
    if !(1..=12).contains(&mo) || d == 0 || d > days_in_month(y, mo) {
        return None;
    }
    Some(days_from_civil(y, mo, d))
}

/// The parts of a fixed-width `%t` that repeat from line to line, the date and the offset
/// (`10/Oct/2000` and ` -0700`), as three words: bytes 0..8, 3..11 and 18..26 with the
/// seconds (18..20) masked out. Three compares of words instead of a 17-byte array.
type ClfDay = [u64; 3];

/// Is `a` the same day as `b`? The words compared as words: the derived `==` of the arrays
/// became a 16-byte vector load of the words just stored one by one, which the processor
/// cannot forward from those stores (perf: 4% of the varied mix's time on that load).
#[inline(always)]
fn same_day(a: &ClfDay, b: &ClfDay) -> bool {
    (a[0] ^ b[0]) | (a[1] ^ b[1]) | (a[2] ^ b[2]) == 0
}

/// [`ClfDay`] of a fixed-width `%t` (`b.len() == 26`).
#[inline(always)]
fn clf_day(b: &[u8]) -> ClfDay {
    let word = |at: usize| u64::from_le_bytes(b[at..at + 8].try_into().expect("8 bytes"));
    [word(0), word(3), word(18) & !0xffff]
}

thread_local! {
    /// The last fixed-width `%t` day read on this thread and its midnight in unix ms UTC
    /// (offset applied): lines come in date order from one server, so nearly every line
    /// repeats it and only the clock is left to read. The zeroed initial key is no day (its
    /// byte 2 is not `/`), so it never matches.
    static LAST_CLF_DAY: std::cell::Cell<(ClfDay, i64)> =
        const { std::cell::Cell::new(([0; 3], 0)) };
}

/// Milliseconds for a civil date (checked here) and a time of day already read by [`clock`]
/// (seconds of the day; a leap second may make it 86,400).
#[inline]
fn civil_ms(y: u32, mo: u32, d: u32, clock: u32, ms: u32) -> Option<i64> {
    let days = civil_days(y, mo, d)?;
    Some((days * 86_400 + i64::from(clock)) * 1000 + i64::from(ms))
}

/// An optional fraction of a second (`.123456`) at the start of `b`: (milliseconds, bytes used).
#[inline]
fn fraction(b: &[u8]) -> (u32, usize) {
    if b.first() != Some(&b'.') && b.first() != Some(&b',') {
        return (0, 0);
    }
    let mut ms = 0;
    let mut i = 1;
    while i < b.len() && b[i].is_ascii_digit() {
        if i <= 3 {
            ms = ms * 10 + u32::from(b[i] - b'0');
        }
        i += 1;
    }
    for _ in i..4 {
        ms *= 10;
    }
    if i == 1 {
        return (0, 0);
    }
    (ms, i)
}

/// Month abbreviation as Apache and nginx write it (English, case as written).
#[inline]
fn month(b: &[u8]) -> Option<u32> {
    Some(match b {
        b"Jan" => 1,
        b"Feb" => 2,
        b"Mar" => 3,
        b"Apr" => 4,
        b"May" => 5,
        b"Jun" => 6,
        b"Jul" => 7,
        b"Aug" => 8,
        b"Sep" => 9,
        b"Oct" => 10,
        b"Nov" => 11,
        b"Dec" => 12,
        _ => return None,
    })
}

/// A `+hhmm` / `-hhmm` (or `+hh:mm`) offset in minutes east of UTC: (minutes, bytes used).
#[inline]
fn offset(b: &[u8]) -> Option<(i64, usize)> {
    let sign = match b.first()? {
        b'+' => 1,
        b'-' => -1,
        b'Z' | b'z' => return Some((0, 1)),
        _ => return None,
    };
    let (h, m, used) = if b.len() >= 6 && b[3] == b':' {
        (d2(&b[1..3])?, d2(&b[4..6])?, 6)
    } else if b.len() >= 5 {
        (d2(&b[1..3])?, d2(&b[3..5])?, 5)
    } else if b.len() >= 3 {
        (d2(&b[1..3])?, 0, 3)
    } else {
        return None;
    };
    if h > 23 || m > 59 {
        return None;
    }
    Some((sign * i64::from(h * 60 + m), used))
}

/// Apache/nginx `%t` without the brackets: `10/Oct/2000:13:55:36 -0700`, optionally with a
/// fraction after the seconds (`13:55:36.123`).
#[inline(always)]
pub(crate) fn parse_clf(b: &[u8]) -> Option<i64> {
    if b.len() < 26 || b[2] != b'/' || b[6] != b'/' || b[11] != b':' {
        return None;
    }
    let clock = i64::from(clock(b[12..20].try_into().expect("8 of the 26 bytes"))?) * 1000;
    if b.len() == 26 && b[20] == b' ' {
        // The layout servers write: `10/Oct/2000:13:55:36 -0700`.
        let day = clf_day(b);
        let (last, midnight) = LAST_CLF_DAY.get();
        if same_day(&day, &last) {
            return Some(midnight + clock);
        }
        let (off, used) = offset(&b[21..])?;
        if used != 5 {
            return None;
        }
        let midnight = clf_days(b)? * 86_400_000 - off * 60_000;
        LAST_CLF_DAY.set((day, midnight));
        return Some(midnight + clock);
    }
    // With a fraction of a second, or another offset layout.
    let (ms, used) = fraction(&b[20..]);
    let rest = &b[20 + used..];
    if rest.first() != Some(&b' ') {
        return None;
    }
    let (off, used) = offset(&rest[1..])?;
    if used + 1 != rest.len() {
        return None;
    }
    Some(clf_days(b)? * 86_400_000 + clock + i64::from(ms) - off * 60_000)
}

/// `hh:mm:ss` (of `%t`, ISO 8601 and W3C times alike) as seconds of the day, or `None` when a
/// byte is out of place or the hour is over 23, the minute over 59 or the second over 60 (a
/// leap second): what reading the three pairs of digits and the two colons one by one gives
/// (tested against it for every clock and every byte in every place), as one 8-byte word.
#[inline(always)]
fn clock(b: &[u8; 8]) -> Option<u32> {
    const HI: u64 = 0x8080_8080_8080_8080;
    // What each byte must be at least, little-endian (the first byte lowest): `0` for a
    // digit, `:` for a separator; and 0x7f less what it may be above that (9, or 0).
    const LEAST: u64 = 0x3030_3a30_303a_3030;
    const ROOM: u64 = 0x7676_7f76_767f_7676;
    let w = u64::from_le_bytes(*b);
    // Per byte, with every byte under 0x80, nothing crosses into the next byte: the high bit
    // of `w | HI` less `LEAST` says the byte is at least its least; then `w - LEAST` holds
    // each byte's excess (at most 0x4f), and adding `ROOM` sets a high bit where it is over.
    let at_least = (w | HI).wrapping_sub(LEAST) & HI;
    let excess = w.wrapping_sub(LEAST);
    if w & HI != 0 || at_least != HI || excess.wrapping_add(ROOM) & HI != 0 {
        return None;
    }
    // Each digit times ten plus the next: bytes 0, 3 and 6 are the hour, minute and second.
    let pairs = excess * 10 + (excess >> 8);
    let (h, mi, s) = (pairs & 0xff, pairs >> 24 & 0xff, pairs >> 48 & 0xff);
    if h > 23 || mi > 59 || s > 60 {
        return None;
    }
    Some((h * 3600 + mi * 60 + s) as u32)
}

/// Days since 1970 of the date at the start of a `%t` (`10/Oct/2000`), separators checked.
#[inline]
fn clf_days(b: &[u8]) -> Option<i64> {
    civil_days(d4(&b[7..11])?, month(&b[3..6])?, d2(&b[0..2])?)
}

/// How precisely a time with `used` bytes of [`fraction`] (the `.` and its digits) was
/// written, in milliseconds: 1000 for whole seconds, 100, 10 or 1 for one, two, or three and
/// more digits.
#[inline]
fn fraction_resolution(used: usize) -> u16 {
    match used {
        0 => 1000,
        2 => 100,
        3 => 10,
        _ => 1,
    }
}

/// ISO 8601 / RFC 3339: `2026-11-20T13:55:36[.123456](Z|±hh:mm|±hhmm)`; a space may stand for
/// the `T`; no offset means UTC (as in W3C logs). Gives the time and how precisely it was
/// written (1000 ms without a fraction, see [`fraction_resolution`]).
pub(crate) fn parse_iso(b: &[u8]) -> Option<(i64, u16)> {
    if b.len() < 19 || b[4] != b'-' || b[7] != b'-' {
        return None;
    }
    if !matches!(b[10], b'T' | b't' | b' ') {
        return None;
    }
    let y = d4(&b[0..4])?;
    let mo = d2(&b[5..7])?;
    let d = d2(&b[8..10])?;
    let time = clock(b[11..19].try_into().expect("8 of the 19 bytes"))?;
    let (ms, used) = fraction(&b[19..]);
    let rest = &b[19 + used..];
    let off = if rest.is_empty() {
        0
    } else {
        let (off, used) = offset(rest)?;
        if used != rest.len() {
            return None;
        }
        off
    };
    Some((
        civil_ms(y, mo, d, time, ms)? - off * 60_000,
        fraction_resolution(used),
    ))
}

/// W3C `date` (`2026-11-20`) and `time` (`13:55:36`, maybe with a fraction), both UTC.
pub(crate) fn parse_w3c(date: &[u8], time: &[u8]) -> Option<i64> {
    if date.len() != 10 || date[4] != b'-' || date[7] != b'-' {
        return None;
    }
    let (hms, rest) = time.split_first_chunk::<8>()?;
    let (ms, used) = fraction(rest);
    if used != rest.len() {
        return None;
    }
    civil_ms(
        d4(&date[0..4])?,
        d2(&date[5..7])?,
        d2(&date[8..10])?,
        clock(hms)?,
        ms,
    )
}

/// A unix timestamp as a number: seconds with an optional fraction (`1763646936.123`), or an
/// integer in seconds, milliseconds, microseconds or nanoseconds told apart by size (a
/// timestamp between 2001 and 2286 in any of these units has its own number of digits).
/// `None` for a time after [`MAX_TIME_MS`](super::MAX_TIME_MS) (a number too large for any
/// unit: up to 19 digits are read without overflow, and seconds past 9999 are refused).
/// Gives the time and how precisely it was written: whole seconds 1000 ms, a fraction as
/// [`fraction_resolution`] says, an integer of a finer unit 1 ms.
pub(crate) fn parse_epoch(b: &[u8]) -> Option<(i64, u16)> {
    let (int, frac) = match memchr::memchr(b'.', b) {
        Some(i) => (&b[..i], Some(&b[i..])),
        None => (b, None),
    };
    if int.is_empty() || int.len() > 19 || !int.iter().all(u8::is_ascii_digit) {
        return None;
    }
    // 19 digits fit a u64 (10^19 - 1 < 2^64), not always an i64.
    let n: u64 = int.iter().fold(0u64, |n, &c| n * 10 + u64::from(c - b'0'));
    let (ms, resolution) = if let Some(frac) = frac {
        let (ms, used) = fraction(frac);
        if used != frac.len() || used == 0 {
            return None;
        }
        (
            n.checked_mul(1000)?.checked_add(u64::from(ms))?,
            fraction_resolution(used),
        )
    } else {
        match int.len() {
            0..=11 => (n * 1000, 1000),
            12..=14 => (n, 1),
            15..=17 => (n / 1000, 1),
            _ => (n / 1_000_000, 1),
        }
    };
    i64::try_from(ms)
        .ok()
        .filter(|&ms| ms <= super::MAX_TIME_MS)
        .map(|ms| (ms, resolution))
}

/// A day in milliseconds: the longest duration read.
const DAY_MS: i64 = 86_400_000;

/// How long a request took, written as decimal seconds (`0.048`, `9`, `8.998`: Caddy's
/// `duration`, CloudFront's `time-taken`, nginx's `$request_time`), in milliseconds (a finer
/// fraction cut). `None` for anything else, or for more than a day (no request lasts that
/// long; a field meaning something else does).
pub(crate) fn parse_seconds(b: &[u8]) -> Option<i64> {
    let dot = memchr::memchr(b'.', b).unwrap_or(b.len());
    let (int, frac) = b.split_at(dot);
    if int.is_empty() || int.len() > 5 || !int.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let secs = int.iter().fold(0i64, |n, &c| n * 10 + i64::from(c - b'0'));
    let ms = if frac.is_empty() {
        0
    } else {
        let (ms, used) = fraction(frac);
        if used != frac.len() {
            return None;
        }
        i64::from(ms)
    };
    Some(secs * 1000 + ms).filter(|&ms| ms <= DAY_MS)
}

/// A Go duration string (`9.5s`, `350ms`, `1m2.5s`, `1.2µs`: Caddy's `duration` under
/// `duration_format string`), in milliseconds (finer parts cut); `None` for anything else
/// or for more than a day.
pub(crate) fn parse_go_duration(b: &[u8]) -> Option<i64> {
    const UNITS: [(&[u8], f64); 7] = [
        (b"ns", 1e-6),
        (b"us", 1e-3),
        ("\u{b5}s".as_bytes(), 1e-3),
        ("\u{3bc}s".as_bytes(), 1e-3),
        (b"ms", 1.0),
        (b"s", 1e3),
        (b"m", 60e3),
    ];
    if b == b"0" {
        return Some(0);
    }
    if b.is_empty() {
        return None;
    }
    let mut rest = b;
    let mut total = 0.0f64;
    while !rest.is_empty() {
        let digits = rest
            .iter()
            .position(|c| !c.is_ascii_digit() && *c != b'.')
            .unwrap_or(rest.len());
        let number: f64 = std::str::from_utf8(&rest[..digits]).ok()?.parse().ok()?;
        rest = &rest[digits..];
        // The longest unit that fits: `ms` before `m`, `h` apart.
        let (len, scale) = if rest.first() == Some(&b'h') {
            (1, 3_600e3)
        } else {
            UNITS
                .iter()
                .filter(|(u, _)| rest.starts_with(u))
                .map(|(u, f)| (u.len(), *f))
                .max_by_key(|&(len, _)| len)?
        };
        rest = &rest[len..];
        total += number * scale;
    }
    (total <= DAY_MS as f64).then_some(total as i64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_in_seconds_and_go_strings() {
        assert_eq!(parse_seconds(b"0.048"), Some(48));
        assert_eq!(parse_seconds(b"9"), Some(9_000));
        assert_eq!(parse_seconds(b"8.9987"), Some(8_998));
        assert_eq!(parse_seconds(b"86400"), Some(86_400_000));
        for bad in [&b""[..], b"-1", b"1e3", b".5", b"86401", b"1.2.3", b"9s"] {
            assert_eq!(parse_seconds(bad), None, "{bad:?}");
        }
        assert_eq!(parse_go_duration(b"9.5s"), Some(9_500));
        assert_eq!(parse_go_duration(b"350ms"), Some(350));
        assert_eq!(parse_go_duration(b"1m2.5s"), Some(62_500));
        assert_eq!(parse_go_duration(b"1h"), Some(3_600_000));
        assert_eq!(parse_go_duration("1.2\u{b5}s".as_bytes()), Some(0));
        assert_eq!(parse_go_duration(b"0"), Some(0));
        for bad in [&b""[..], b"9", b"9x", b"-1s", b"25h"] {
            assert_eq!(parse_go_duration(bad), None, "{bad:?}");
        }
    }

    fn iso(b: &[u8]) -> Option<i64> {
        parse_iso(b).map(|(t, _)| t)
    }

    fn epoch(b: &[u8]) -> Option<i64> {
        parse_epoch(b).map(|(t, _)| t)
    }

    #[test]
    fn civil_days() {
        assert_eq!(days_from_civil(1970, 1, 1), 0);
        assert_eq!(days_from_civil(2000, 3, 1), 11_017);
        assert_eq!(days_from_civil(1969, 12, 31), -1);
        assert_eq!(days_from_civil(2026, 11, 20), 20_777);
    }

    #[test]
    fn clf_times() {
        // 2000-10-10T20:55:36Z
        assert_eq!(
            parse_clf(b"10/Oct/2000:13:55:36 -0700"),
            Some(971_211_336_000)
        );
        assert_eq!(
            parse_clf(b"10/Oct/2000:20:55:36 +0000"),
            Some(971_211_336_000)
        );
        assert_eq!(
            parse_clf(b"11/Oct/2000:05:25:36 +0830"),
            Some(971_211_336_000)
        );
        assert_eq!(
            parse_clf(b"10/Oct/2000:20:55:36.250 +0000"),
            Some(971_211_336_250)
        );
        assert_eq!(
            parse_clf(b"29/Feb/2024:00:00:00 +0000"),
            Some(1_709_164_800_000)
        );
        for bad in [
            &b"29/Feb/2023:00:00:00 +0000"[..],
            b"31/Apr/2023:00:00:00 +0000",
            b"10/Foo/2000:13:55:36 -0700",
            b"10/Oct/2000:24:00:00 +0000",
            b"10/Oct/2000:13:60:00 +0000",
            b"10/Oct/2000:13:55:36 +2500",
            b"10/Oct/2000:13:55:36",
            b"10/Oct/2000:13:55:36 -0700 junk",
            b"1/Oct/2000:13:55:36 -0700",
        ] {
            assert_eq!(parse_clf(bad), None, "{}", String::from_utf8_lossy(bad));
        }
    }

    /// The clock read as one word agrees with reading its bytes one by one: every clock from
    /// 00:00:00 to 99:99:99, and each byte of a few clocks set to every value.
    #[test]
    fn clock_word_agrees_with_the_bytes() {
        fn by_bytes(b: &[u8; 8]) -> Option<u32> {
            if b[2] != b':' || b[5] != b':' {
                return None;
            }
            let (h, mi, s) = (d2(&b[0..2])?, d2(&b[3..5])?, d2(&b[6..8])?);
            (h <= 23 && mi <= 59 && s <= 60).then_some(h * 3600 + mi * 60 + s)
        }
        let text = |h: u32, m: u32, s: u32| -> [u8; 8] {
            format!("{h:02}:{m:02}:{s:02}")
                .into_bytes()
                .try_into()
                .unwrap()
        };
        for h in 0..100 {
            for m in 0..100 {
                for s in 0..100 {
                    let b = text(h, m, s);
                    assert_eq!(clock(&b), by_bytes(&b), "{}", String::from_utf8_lossy(&b));
                }
            }
        }
        for base in [
            text(0, 0, 0),
            text(23, 59, 60),
            text(13, 55, 36),
            text(9, 9, 9),
        ] {
            for at in 0..8 {
                for byte in 0..=255u8 {
                    let mut b = base;
                    b[at] = byte;
                    assert_eq!(clock(&b), by_bytes(&b), "{b:?}");
                }
            }
        }
    }

    #[test]
    fn clf_date_cache_changes_no_answer() {
        // The same date again (from the cache), an impossible date after a good one, a bad
        // time on a cached date, then the good date again: each as parsed on its own.
        let seq: [&[u8]; 12] = [
            b"28/Feb/2023:23:59:59 +0000",
            b"28/Feb/2023:00:00:01 -0130",
            b"29/Feb/2023:00:00:00 +0000",
            b"28/Feb/2023:24:00:00 +0000",
            b"28/Feb/2023:12:00:00 +0000",
            b"01/Mar/2023:00:00:00 +0000",
            b"28/Feb/2023:12:00:00.5 +0000",
            // 26 bytes, but a fraction and a two-digit offset (not the fixed layout).
            b"28/Feb/2023:12:00:00.5 +01",
            b"28/Feb/2023:12:00:00 +0000",
            b"28/Feb/2023:12:00:00 +2400",
            b"28/Feb/2023:12:00:00 Z0000",
            b"28/Feb/2023:12:00:00 +0000",
        ];
        let want = [
            Some(1_677_628_799_000),
            Some(1_677_547_801_000),
            None,
            None,
            Some(1_677_585_600_000),
            Some(1_677_628_800_000),
            Some(1_677_585_600_500),
            Some(1_677_585_600_500 - 3_600_000),
            Some(1_677_585_600_000),
            None,
            None,
            Some(1_677_585_600_000),
        ];
        for (b, w) in seq.iter().zip(want) {
            assert_eq!(parse_clf(b), w, "{}", String::from_utf8_lossy(b));
        }
        // A fresh thread (an empty cache) agrees.
        std::thread::spawn(move || {
            for (b, w) in seq.iter().zip(want).rev() {
                assert_eq!(parse_clf(b), w, "{}", String::from_utf8_lossy(b));
            }
        })
        .join()
        .expect("the checks pass");
    }

    #[test]
    fn iso_times() {
        assert_eq!(iso(b"2000-10-10T20:55:36Z"), Some(971_211_336_000));
        assert_eq!(iso(b"2000-10-10T13:55:36-07:00"), Some(971_211_336_000));
        assert_eq!(iso(b"2000-10-10T13:55:36-0700"), Some(971_211_336_000));
        assert_eq!(iso(b"2000-10-10T20:55:36.186641Z"), Some(971_211_336_186));
        assert_eq!(iso(b"2000-10-10 20:55:36"), Some(971_211_336_000));
        assert_eq!(iso(b"2000-13-10T20:55:36Z"), None);
        assert_eq!(iso(b"2000-10-10T20:55:36Zx"), None);
    }

    #[test]
    fn w3c_and_epoch_times() {
        assert_eq!(parse_w3c(b"2000-10-10", b"20:55:36"), Some(971_211_336_000));
        assert_eq!(
            parse_w3c(b"2000-10-10", b"20:55:36.5"),
            Some(971_211_336_500)
        );
        assert_eq!(parse_w3c(b"2000-10-32", b"20:55:36"), None);
        assert_eq!(epoch(b"971211336"), Some(971_211_336_000));
        assert_eq!(epoch(b"971211336.25"), Some(971_211_336_250));
        assert_eq!(epoch(b"1763646936"), Some(1_763_646_936_000));
        assert_eq!(epoch(b"1763646936123"), Some(1_763_646_936_123));
        assert_eq!(epoch(b"1763646936123456"), Some(1_763_646_936_123));
        assert_eq!(epoch(b"1763646936123456789"), Some(1_763_646_936_123));
        assert_eq!(epoch(b"17636x"), None);
        assert_eq!(epoch(b"1.2.3"), None);
    }

    /// Issue #15 (found by fuzzing): 19 digits past i64::MAX overflowed the sum (a panic in
    /// debug builds, a date in 1677 in release builds).
    #[test]
    fn epoch_bounds() {
        use super::super::MAX_TIME_MS;
        assert_eq!(epoch(b"0"), Some(0));
        assert_eq!(epoch(b"9223372036854775807"), Some(9_223_372_036_854));
        assert_eq!(epoch(b"9223372036854775808"), Some(9_223_372_036_854));
        assert_eq!(epoch(b"9999999999999999999"), Some(9_999_999_999_999));
        assert_eq!(epoch(b"10000000000000000000"), None);
        assert_eq!(epoch(b"99999999999"), Some(99_999_999_999_000));
        assert_eq!(epoch(b"99999999999.999"), Some(99_999_999_999_999));
        assert_eq!(epoch(b"253402387199.999"), Some(MAX_TIME_MS));
        assert_eq!(epoch(b"253402387200"), Some(253_402_387_200));
        assert_eq!(epoch(b"253402387200.0"), None);
        assert_eq!(epoch(b"9223372036854775.807"), None);
        assert_eq!(epoch(b"9999999999999999999.999"), None);
        assert_eq!(epoch(b"1.99999999999999999999999"), Some(1_999));
        for bad in [&b""[..], b".5", b"5.", b"-1", b"+1", b"1e9", b" 1"] {
            assert_eq!(epoch(bad), None, "{bad:?}");
        }
    }

    /// A time is as precise as it was written: whole seconds are 1000 ms apart whatever the
    /// unit they are read into; each digit of a fraction makes it ten times finer.
    #[test]
    fn resolutions_follow_what_was_written() {
        let res = |r: Option<(i64, u16)>| r.map(|(_, r)| r);
        assert_eq!(res(parse_iso(b"2026-11-20T14:55:04+01:00")), Some(1000));
        assert_eq!(res(parse_iso(b"2026-11-20T13:55:04Z")), Some(1000));
        assert_eq!(res(parse_iso(b"2026-11-20T13:55:04.2Z")), Some(100));
        assert_eq!(res(parse_iso(b"2026-11-20T13:55:04.25Z")), Some(10));
        assert_eq!(res(parse_iso(b"2026-11-20T13:55:04.250Z")), Some(1));
        assert_eq!(res(parse_iso(b"2026-11-20T13:55:04,186641Z")), Some(1));
        assert_eq!(res(parse_epoch(b"1795182904")), Some(1000));
        assert_eq!(res(parse_epoch(b"1795182904.2")), Some(100));
        assert_eq!(res(parse_epoch(b"1795182904.25")), Some(10));
        assert_eq!(res(parse_epoch(b"1795182904.250")), Some(1));
        assert_eq!(res(parse_epoch(b"1795182904250")), Some(1));
        assert_eq!(res(parse_epoch(b"1795182904250000000")), Some(1));
    }
}
