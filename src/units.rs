//! Reading the values people write on a command line or in a job's options: instants,
//! durations and sizes. The CLI and the Python binding read them the same way.

use std::time::Duration;

/// An instant as the command line takes it (`--since`, `--until`): RFC 3339, or a bare date
/// (`2026-11-20`) meaning its midnight UTC → unix milliseconds. A time of day without its
/// offset (`2026-11-20T00:45:00`) is none: the date parser read it as the day's midnight,
/// and a nightly window silently moved.
pub fn parse_instant(value: &str) -> Option<i64> {
    if let Ok(ts) = value.parse::<jiff::Timestamp>() {
        return Some(ts.as_millisecond());
    }
    let b = value.as_bytes();
    let date_only = b.len() == 10
        && b.iter().enumerate().all(|(i, c)| {
            if i == 4 || i == 7 {
                *c == b'-'
            } else {
                c.is_ascii_digit()
            }
        });
    if !date_only {
        return None;
    }
    let date: jiff::civil::Date = value.parse().ok()?;
    let ts = date.to_zoned(jiff::tz::TimeZone::UTC).ok()?.timestamp();
    Some(ts.as_millisecond())
}

/// `65536`, `64K`, `128M`, `2G` (binary units) → bytes; at least 64 KiB.
pub fn parse_size(s: &str) -> Option<usize> {
    parse_size_at_least(s, 64 << 10)
}

/// [`parse_size`] with another least value.
pub fn parse_size_at_least(s: &str, least: usize) -> Option<usize> {
    let s = s.trim();
    let (number, unit) = match s.find(|c: char| !c.is_ascii_digit()) {
        Some(i) => (&s[..i], s[i..].trim_start()),
        None => (s, ""),
    };
    let n: usize = number.parse().ok()?;
    let scale: usize = match unit.to_ascii_uppercase().trim_end_matches(['B', 'I']) {
        "" => 1,
        "K" => 1 << 10,
        "M" => 1 << 20,
        "G" => 1 << 30,
        _ => return None,
    };
    n.checked_mul(scale).filter(|&b| b >= least)
}

/// `0`, `45s`, `90m`, `24h`, `2d`, or a bare number of seconds; at most 10 years.
pub fn parse_duration(s: &str) -> Option<Duration> {
    let s = s.trim();
    let (number, unit) = match s.find(|c: char| !c.is_ascii_digit()) {
        Some(i) => (&s[..i], &s[i..]),
        None => (s, "s"),
    };
    let n: u64 = number.parse().ok()?;
    let seconds = match unit {
        "s" => 1,
        "m" => 60,
        "h" => 3600,
        "d" => 86_400,
        _ => return None,
    };
    let total = n.checked_mul(seconds)?;
    (total <= 10 * 366 * 86_400).then(|| Duration::from_secs(total))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instants_parse_as_rfc3339_or_date() {
        assert_eq!(parse_instant("1970-01-02"), Some(86_400_000));
        assert_eq!(parse_instant("1970-01-01T00:00:01Z"), Some(1000));
        assert_eq!(parse_instant("1970-01-01T01:00:00+01:00"), Some(0));
        assert_eq!(parse_instant("yesterday"), None);
        // A time of day needs its offset; a date is written whole.
        for local in [
            "2026-11-20T00:45:00",
            "2026-11-20T00:45",
            "2026-11-20 00:45:00",
            "2026-11-20T00:45:00.000",
            "20261120",
        ] {
            assert_eq!(parse_instant(local), None, "{local}");
        }
        assert_eq!(
            parse_instant("2026-11-20T00:45:00Z").map(|ms| ms % 86_400_000),
            Some(2_700_000)
        );
    }

    #[test]
    fn sizes() {
        assert_eq!(parse_size("128M"), Some(128 << 20));
        assert_eq!(parse_size("2G"), Some(2 << 30));
        assert_eq!(parse_size("64K"), Some(64 << 10));
        assert_eq!(parse_size("1 MiB"), Some(1 << 20));
        assert_eq!(parse_size("100000"), Some(100_000));
        for bad in ["", "M", "1.5G", "-1M", "12T", "1K", "99999999999999999999G"] {
            assert_eq!(parse_size(bad), None, "{bad}");
        }
    }

    #[test]
    fn durations() {
        assert_eq!(parse_duration("0"), Some(Duration::ZERO));
        assert_eq!(parse_duration("90m"), Some(Duration::from_secs(5400)));
        assert_eq!(parse_duration("24h"), Some(Duration::from_secs(86_400)));
        assert_eq!(parse_duration("2d"), Some(Duration::from_secs(172_800)));
        assert_eq!(parse_duration("30"), Some(Duration::from_secs(30)));
        for bad in [
            "",
            "h",
            "1.5h",
            "-1h",
            "3w",
            "99999999999999999999d",
            "100000d",
        ] {
            assert_eq!(parse_duration(bad), None, "{bad}");
        }
    }
}
