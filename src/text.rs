//! Text that leaves the program: the one place where strings from logs, servers and files are
//! made safe for where they are going, and the one way a time is written.
//!
//! Log lines, User-Agent headers, robots.txt bodies, server messages and file names are
//! attacker-controlled. Whatever of them reaches a terminal, a message or a report goes
//! through one of these functions; no other module decides what is safe.
//!
//! | what is in the text                                        | [`terminal`] (messages)       | [`cell`] (CSV cell) | [`TerminalWriter`] (CSV on a terminal) |
//! |------------------------------------------------------------|-------------------------------|---------------------|----------------------------------------|
//! | C0 controls and DEL (ESC, NUL, BEL, CR, TAB, LF…)           | `\x1b`, `\t`, `\r`, `\n`      | `%1B`, `%09`…       | `%1B`… (line breaks kept)              |
//! | C1 controls U+0080–U+009F (8-bit CSI, OSC…)                | `\u{9b}`                      | `%C2%9B`            | `%C2%9B`                               |
//! | invalid UTF-8                                              | `\xff` per byte               | `%FF` per byte      | `%FF` per byte                         |
//! | bidi controls, zero-width and invisible ([`is_invisible`]) | `\u{202e}`                    | kept                | `%E2%80%AE`                            |
//! | anything else (including `\` and `%`)                      | kept                          | kept                | kept                                   |
//!
//! Why the columns differ:
//! - A terminal runs control characters (ESC starts a sequence that can retitle the window,
//!   write the clipboard, move the cursor; CR rewrites the line) and reorders or hides text
//!   on bidi and invisible characters, so all of them are shown as escapes in the notation
//!   that nginx and Apache use in their own logs. [`terminal_lines`] keeps line breaks for
//!   messages that have several lines; [`terminal_cut`] bounds the length.
//! - A report cell is data: it is kept as the client sent it wherever that is printable, and
//!   bytes that are not are written `%XX`, the way a URL carries them (a request target or a
//!   header cannot hold a raw control character in HTTP, RFC 9110 §5.5, RFC 9112 §3.2, so
//!   one in a log was decoded by the log format or is an attack). That keeps NUL out of
//!   every cell (it ends strings in many CSV consumers), keeps every record on one line, and
//!   makes a report safe to `cat`. Bidi and zero-width characters are kept in a report file
//!   (right-to-left paths carry RLM marks, emoji paths carry ZWJ; a spreadsheet confines
//!   their effect to the cell), and are encoded only when the report goes to a terminal,
//!   where they would reorder the rest of the line: [`TerminalWriter`] does that on the
//!   stream.
//!
//! The escapes are for reading, not for decoding: a backslash or a percent sign already in
//! the text is kept as it is. So every function here is idempotent (escaping escaped text
//! changes nothing), which matters because a message is often sanitised where it is made
//! and again where it is printed.
//!
//! This module does no I/O of its own and knows nothing of the rest of the crate.

use std::borrow::Cow;
use std::io::{self, Write};

/// Characters that are neither controls nor visible, and that a terminal or a text view uses
/// to reorder or hide text: bidirectional controls (the Trojan Source characters), zero-width
/// characters, invisible operators and fillers, interlinear annotation and language tags
/// (the set fd's `sanitize.rs` escapes, plus the Arabic letter mark, the line and paragraph
/// separators, the fillers and blanks that render as nothing, the combining grapheme joiner,
/// Mongolian free variation selectors and shorthand format controls: two paths that differ
/// only by one of these would read the same).
///
/// Variation selectors are not in the set: they change how the character before them is
/// drawn and are part of ordinary emoji and CJK text.
pub fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{00ad}'                      // soft hyphen
        | '\u{034f}'                    // combining grapheme joiner
        | '\u{061c}'                    // Arabic letter mark (bidi)
        | '\u{115f}' | '\u{1160}'       // Hangul choseong and jungseong fillers
        | '\u{17b4}' | '\u{17b5}'       // Khmer inherent vowels (render as nothing)
        | '\u{180b}'..='\u{180f}'       // Mongolian free variation selectors, vowel separator
        | '\u{200b}'..='\u{200f}'       // zero width space, (non-)joiner, LRM, RLM
        | '\u{2028}'..='\u{202e}'       // line and paragraph separators, bidi embeddings and overrides
        | '\u{2060}'..='\u{206f}'       // word joiner, invisible operators, bidi isolates, deprecated format
        | '\u{2800}'                    // Braille pattern blank (renders as a space)
        | '\u{3164}' | '\u{ffa0}'       // Hangul fillers
        | '\u{feff}'                    // zero width no-break space (BOM)
        | '\u{fff9}'..='\u{fffb}'       // interlinear annotation
        | '\u{1bca0}'..='\u{1bca3}'     // shorthand format controls
        | '\u{1d173}'..='\u{1d17a}'     // musical symbol format characters
        | '\u{e0000}'..='\u{e00ff}'     // language tags, and unassigned default-ignorables
        | '\u{e01f0}'..='\u{e0fff}'     // (the variation selectors supplement between is kept)
    )
}

/// Text from a log, a server or a file, for a terminal or a one-line message: control
/// characters, invalid UTF-8 and invisible characters are shown as escapes (`\t`, `\n`,
/// `\r`, `\x1b`, `\xff`, `\u{9b}`, `\u{202e}`); everything else is kept.
///
/// Takes bytes or text (`&str`, `&[u8]`, `&String`); a path's bytes are
/// `path.as_os_str().as_encoded_bytes()`. Borrows when nothing needs escaping.
///
/// ```
/// use robots_audit::text::terminal;
/// assert_eq!(terminal("a\x1b]0;pwned\x07b\u{202e}c"), "a\\x1b]0;pwned\\x07b\\u{202e}c");
/// assert_eq!(terminal(b"caf\xc3\xa9 \xff"), "caf\u{e9} \\xff");
/// ```
pub fn terminal<T: AsRef<[u8]> + ?Sized>(text: &T) -> Cow<'_, str> {
    escape(text.as_ref(), TERMINAL, None)
}

/// [`terminal`], at most `max_chars` characters of output (an escape is never split), then
/// `…` if anything was left out. Reads no more of `text` than it shows, so a hostile
/// megabyte costs no more than its first `max_chars` characters.
///
/// ```
/// use robots_audit::text::terminal_cut;
/// assert_eq!(terminal_cut("abcdef", 3), "abc…");
/// assert_eq!(terminal_cut("ab\x1bcd", 4), "ab…");
/// ```
pub fn terminal_cut<T: AsRef<[u8]> + ?Sized>(text: &T, max_chars: usize) -> Cow<'_, str> {
    escape(text.as_ref(), TERMINAL, Some(max_chars))
}

/// [`terminal`] for a message of several lines: line feeds are kept (a TOML error points at
/// a column on the next line); everything else, CR included, is escaped.
pub fn terminal_lines<T: AsRef<[u8]> + ?Sized>(text: &T) -> Cow<'_, str> {
    escape(text.as_ref(), TERMINAL_LINES, None)
}

/// Text from a log or a server as a CSV report cell: valid UTF-8 kept as it is, except that
/// control characters (C0 with TAB, CR and LF, DEL, C1) are written `%XX` per UTF-8 byte, as
/// is every byte of invalid UTF-8. A cell is thus always valid UTF-8, on one line, without
/// NUL or escape sequences, and nothing is silently replaced.
///
/// Formula neutralisation is not done here: it is the report writer's, and can be turned
/// off.
///
/// ```
/// use robots_audit::text::cell;
/// assert_eq!(cell(b"/caf\xc3\xa9/\xff\x00\x1b[2J"), "/caf\u{e9}/%FF%00%1B[2J");
/// ```
pub fn cell<T: AsRef<[u8]> + ?Sized>(text: &T) -> Cow<'_, str> {
    escape(text.as_ref(), CELL, None)
}

/// [`cell`] for text that is already a `str`: the same result, without checking UTF-8 again
/// (a report writes every cell through this).
pub fn cell_str(text: &str) -> Cow<'_, str> {
    if clean_str(text, CELL) {
        Cow::Borrowed(text)
    } else {
        escape(text.as_bytes(), CELL, None)
    }
}

/// What is escaped, and how.
#[derive(Clone, Copy)]
struct Rules {
    /// `%XX` per byte (cells) rather than backslash escapes (terminal).
    percent: bool,
    /// Line feeds pass.
    keep_newline: bool,
    /// [`is_invisible`] characters are escaped.
    invisible: bool,
}

const TERMINAL: Rules = Rules {
    percent: false,
    keep_newline: false,
    invisible: true,
};
const TERMINAL_LINES: Rules = Rules {
    keep_newline: true,
    ..TERMINAL
};
const CELL: Rules = Rules {
    percent: true,
    keep_newline: false,
    invisible: false,
};
/// A CSV stream on its way to a terminal: its record ends pass.
const STREAM: Rules = Rules {
    percent: true,
    keep_newline: true,
    invisible: true,
};

fn needs_escape(c: char, rules: Rules) -> bool {
    if c == '\n' {
        return !rules.keep_newline;
    }
    c.is_control() || (rules.invisible && is_invisible(c))
}

/// Whether valid UTF-8 text has nothing to escape. One branch-free pass over the bytes
/// (vectorised) settles most text; only text with a byte that may start something to
/// escape is looked at character by character.
fn clean_str(s: &str, rules: Rules) -> bool {
    // Most cells are printable ASCII, which no rules escape: settled eight bytes at a time.
    if printable_ascii(s.as_bytes()) {
        return true;
    }
    let keep_newline = rules.keep_newline;
    // C1 controls are U+0080–U+009F, encoded C2 80–C2 9F: in valid UTF-8, only a C2 byte
    // can start one. Invisible characters are all outside ASCII.
    let suspect = |b: u8| {
        let c0 = (b < 0x20) & !(keep_newline & (b == b'\n'));
        let high = if rules.invisible {
            b >= 0x80
        } else {
            b == 0xc2
        };
        c0 | (b == 0x7f) | high
    };
    if !s.bytes().fold(false, |any, b| any | suspect(b)) {
        return true;
    }
    !s.chars().any(|c| needs_escape(c, rules))
}

/// Whether every byte is printable ASCII (0x20 to 0x7e), eight bytes to a word: the report
/// cells are mostly short, where a vectorised pass spends its time on the tail byte by byte.
fn printable_ascii(bytes: &[u8]) -> bool {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    let mut words = bytes.chunks_exact(8);
    for word in &mut words {
        let w = u64::from_le_bytes(word.try_into().expect("chunks_exact gives 8 bytes"));
        // A byte below 0x20 (the classic "has a byte less than n" test, exact as a yes or
        // no for n up to 0x80), or one of 0x7f and up (its low seven bits plus one carry
        // into its own high bit, never the next byte's; or its high bit is set already).
        let below = w.wrapping_sub(LO * 0x20) & !w & HI;
        let above = (((w & !HI) + LO) | w) & HI;
        if below | above != 0 {
            return false;
        }
    }
    words.remainder().iter().all(|&b| (0x20..0x7f).contains(&b))
}

/// `bytes` as it is, when it is valid UTF-8 with nothing to escape.
fn clean(bytes: &[u8], rules: Rules) -> Option<&str> {
    let s = std::str::from_utf8(bytes).ok()?;
    clean_str(s, rules).then_some(s)
}

fn escape(bytes: &[u8], rules: Rules, max_chars: Option<usize>) -> Cow<'_, str> {
    let bytes = match max_chars {
        // Output shows at most `max` characters, each of at least one input byte, and a
        // character is at most four bytes: `max + 1` characters decide whether to cut.
        Some(max) => &bytes[..bytes.len().min(max.saturating_add(1).saturating_mul(4))],
        None => bytes,
    };
    if let Some(s) = clean(bytes, rules)
        && max_chars.is_none_or(|max| s.len() <= max || s.chars().count() <= max)
    {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(bytes.len() + 16);
    // Characters of output still allowed.
    let mut room = max_chars.unwrap_or(usize::MAX);
    let mut fits = |out: &mut String, before: usize, escaped: bool| -> bool {
        // Escapes are ASCII: their length in bytes is their length in characters.
        let used = if escaped { out.len() - before } else { 1 };
        if used > room {
            out.truncate(before);
            out.push('…');
            return false;
        }
        room -= used;
        true
    };
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            let before = out.len();
            let escaped = needs_escape(c, rules);
            if escaped {
                escape_char(&mut out, c, rules);
            } else {
                out.push(c);
            }
            if !fits(&mut out, before, escaped) {
                return Cow::Owned(out);
            }
        }
        for &b in chunk.invalid() {
            let before = out.len();
            escape_byte(&mut out, b, rules);
            if !fits(&mut out, before, true) {
                return Cow::Owned(out);
            }
        }
    }
    Cow::Owned(out)
}

fn escape_char(out: &mut String, c: char, rules: Rules) {
    if rules.percent {
        let mut buf = [0u8; 4];
        for &b in c.encode_utf8(&mut buf).as_bytes() {
            escape_byte(out, b, rules);
        }
        return;
    }
    match c {
        '\t' => out.push_str("\\t"),
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        c if c.is_ascii() => escape_byte(out, c as u8, rules),
        c => {
            out.push_str("\\u{");
            let v = u32::from(c);
            let digits = (32 - v.leading_zeros()).div_ceil(4).max(1);
            for place in (0..digits).rev() {
                out.push(char::from(HEX_LOWER[(v >> (place * 4)) as usize & 0xf]));
            }
            out.push('}');
        }
    }
}

const HEX_LOWER: &[u8; 16] = b"0123456789abcdef";
const HEX_UPPER: &[u8; 16] = b"0123456789ABCDEF";

fn escape_byte(out: &mut String, b: u8, rules: Rules) {
    let (lead, hex) = if rules.percent {
        ("%", HEX_UPPER)
    } else {
        ("\\x", HEX_LOWER)
    };
    out.push_str(lead);
    out.push(char::from(hex[usize::from(b >> 4)]));
    out.push(char::from(hex[usize::from(b & 0xf)]));
}

/// A writer for text bound for a terminal, such as a CSV report written to standard output
/// when that is a terminal: line feeds pass, and control characters, invisible characters
/// and invalid UTF-8 are written `%XX` per byte, as [`cell`] writes them (so a report cell
/// reads the same on a terminal as in a file, except for the invisible characters a file
/// keeps).
///
/// A character split between two writes is held until its end arrives; [`finish`]
/// (`TerminalWriter::finish`) writes what is left of an unfinished one as invalid bytes and
/// flushes. Dropping the writer instead loses those (at most three) bytes.
///
/// [`finish`]: TerminalWriter::finish
pub struct TerminalWriter<W: Write> {
    inner: W,
    /// The start of a character whose end has not been written yet (at most three bytes).
    pending: Vec<u8>,
}

impl<W: Write> TerminalWriter<W> {
    pub fn new(inner: W) -> TerminalWriter<W> {
        TerminalWriter {
            inner,
            pending: Vec::with_capacity(4),
        }
    }

    /// Writes the rest of an unfinished character (as invalid bytes), flushes, and gives back
    /// the inner writer.
    pub fn finish(mut self) -> io::Result<W> {
        let rest = std::mem::take(&mut self.pending);
        self.inner
            .write_all(escape(&rest, STREAM, None).as_bytes())?;
        self.inner.flush()?;
        Ok(self.inner)
    }
}

/// Where the last, possibly unfinished, character of `bytes` starts: the length of the part
/// that can be written now.
fn complete_up_to(bytes: &[u8]) -> usize {
    let n = bytes.len();
    // Step back over at most three continuation bytes to the lead byte of the last character.
    let mut start = n;
    while start > 0 && n - start < 3 && bytes[start - 1] & 0xc0 == 0x80 {
        start -= 1;
    }
    if start == 0 {
        return n;
    }
    let lead = bytes[start - 1];
    let len = match lead {
        0xc2..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf4 => 4,
        _ => return n, // ASCII, a stray continuation byte or an invalid lead: nothing to wait for
    };
    if n - (start - 1) < len { start - 1 } else { n }
}

impl<W: Write> Write for TerminalWriter<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let joined;
        let data: &[u8] = if self.pending.is_empty() {
            buf
        } else {
            joined = [self.pending.as_slice(), buf].concat();
            &joined
        };
        let ready = complete_up_to(data);
        self.inner
            .write_all(escape(&data[..ready], STREAM, None).as_bytes())?;
        let rest = data[ready..].to_vec();
        self.pending = rest;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        // An unfinished character stays pending: flushing must not split it.
        self.inner.flush()
    }
}

/// A Unix time in milliseconds as RFC 3339 in UTC with whole seconds, e.g.
/// `2026-11-20T13:55:36Z` (the milliseconds are dropped, not rounded). Empty when the time
/// is outside the years −9999 to 9999.
///
/// ```
/// use robots_audit::text::rfc3339_ms;
/// assert_eq!(rfc3339_ms(1_795_182_936_999), "2026-11-20T13:55:36Z");
/// ```
pub fn rfc3339_ms(ms: i64) -> String {
    let mut out = String::with_capacity(20);
    push_rfc3339_ms(&mut out, ms);
    out
}

/// [`rfc3339_ms`] appended to `out` (nothing outside the years −9999 to 9999).
pub fn push_rfc3339_ms(out: &mut String, ms: i64) {
    const DAY_MS: i64 = 86_400_000;
    let (year, month, day) = crate::logformat::time::civil_from_days(ms.div_euclid(DAY_MS));
    // Digit by digit: `strftime` interprets its format, `format!` pads through the
    // formatting machinery, and a calendar type checks its fields, on every call, each
    // several times this; a report writes two or three times per row.
    let Ok(year @ 0..=9999) = u16::try_from(year) else {
        // Years before 0 (written with their sign) or past 9999 (out of range: nothing).
        if let Ok(ts) = jiff::Timestamp::from_millisecond(ms) {
            out.push_str(&ts.strftime("%Y-%m-%dT%H:%M:%SZ").to_string());
        }
        return;
    };
    let secs = ms.rem_euclid(DAY_MS) / 1000;
    let mut text = *b"0000-00-00T00:00:00Z";
    let fields = [
        (0..4, u32::from(year)),
        (5..7, month),
        (8..10, day),
        (11..13, (secs / 3600) as u32),
        (14..16, (secs / 60 % 60) as u32),
        (17..19, (secs % 60) as u32),
    ];
    for (at, mut value) in fields {
        for digit in text[at].iter_mut().rev() {
            *digit = b'0' + (value % 10) as u8;
            value /= 10;
        }
    }
    out.push_str(std::str::from_utf8(&text).expect("ASCII digits and punctuation"));
}

/// `ip` appended to `out` as its `Display` writes it. An IPv4 address (nearly every client)
/// digit by digit, without the formatting machinery (padding support, a stack buffer, then a
/// copy): a report writes one per row.
///
/// ```
/// let mut out = String::from("at ");
/// robots_audit::text::push_ip(&mut out, "66.249.66.1".parse().unwrap());
/// assert_eq!(out, "at 66.249.66.1");
/// ```
pub fn push_ip(out: &mut String, ip: std::net::IpAddr) {
    match ip {
        std::net::IpAddr::V4(ip) => {
            for (i, octet) in ip.octets().into_iter().enumerate() {
                if i > 0 {
                    out.push('.');
                }
                if octet >= 100 {
                    out.push(char::from(b'0' + octet / 100));
                }
                if octet >= 10 {
                    out.push(char::from(b'0' + octet / 10 % 10));
                }
                out.push(char::from(b'0' + octet % 10));
            }
        }
        std::net::IpAddr::V6(ip) => {
            use std::fmt::Write as _;
            write!(out, "{ip}").expect("a String takes any text");
        }
    }
}

/// A Unix time in seconds as RFC 3339 in UTC, e.g. `2026-11-20T13:55:36Z`; [`rfc3339_ms`]
/// for whole seconds. Empty outside the years −9999 to 9999.
pub fn rfc3339_secs(secs: i64) -> String {
    secs.checked_mul(1000).map_or_else(String::new, rfc3339_ms)
}

/// [`rfc3339_ms`] with the milliseconds where there are any (`2026-11-20T01:00:00.501Z`):
/// for messages that set instants against each other, where a cut one can seem to contradict
/// what it is compared with.
///
/// ```
/// use robots_audit::text::rfc3339_exact;
///
/// assert_eq!(rfc3339_exact(1_795_136_400_501), "2026-11-20T01:00:00.501Z");
/// assert_eq!(rfc3339_exact(1_795_136_400_000), "2026-11-20T01:00:00Z");
/// assert_eq!(rfc3339_exact(-1), "1969-12-31T23:59:59.999Z");
/// ```
pub fn rfc3339_exact(ms: i64) -> String {
    let mut out = rfc3339_ms(ms);
    let frac = ms.rem_euclid(1000);
    if frac != 0 && out.ends_with('Z') {
        out.insert_str(out.len() - 1, &format!(".{frac:03}"));
    }
    out
}

/// `1234567` → `1,234,567`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Bytes in binary units with one decimal: `512 B`, `19.9 MiB` (at most 10 characters below
/// 1024 TiB).
pub fn human_bytes(n: u64) -> String {
    const UNITS: [&str; 4] = ["KiB", "MiB", "GiB", "TiB"];
    if n < 1024 {
        return format!("{n} B");
    }
    let mut value = n as f64 / 1024.0;
    let mut unit = 0;
    while value >= 1024.0 && unit < UNITS.len() - 1 {
        value /= 1024.0;
        unit += 1;
    }
    format!("{value:.1} {}", UNITS[unit])
}

/// `n` with thousands separators and the noun that fits it: `1 line`, `1,234 lines`.
pub fn counted(n: u64, one: &str, many: &str) -> String {
    format!("{} {}", thousands(n), if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counted_fits_the_noun_to_the_number() {
        assert_eq!(counted(1, "line", "lines"), "1 line");
        assert_eq!(counted(0, "line", "lines"), "0 lines");
        assert_eq!(counted(1234, "request", "requests"), "1,234 requests");
    }

    #[test]
    fn thousands_separators() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(1_234_567), "1,234,567");
    }

    /// No character a terminal would act on, and nothing invisible.
    fn terminal_safe(s: &str) -> bool {
        !s.chars().any(|c| c.is_control() || is_invisible(c))
    }

    #[test]
    fn terminal_escapes_escape_sequences_and_keeps_text() {
        // An OSC 52 clipboard write, a CSI colour, a title change, a CR line forgery.
        let attack = "ok\x1b]52;c;cHduZWQ=\x07 \x1b[31mred\x1b[0m \x1b]0;pwned\x1b\\ A\rFAKE";
        let s = terminal(attack);
        assert_eq!(
            s,
            "ok\\x1b]52;c;cHduZWQ=\\x07 \\x1b[31mred\\x1b[0m \\x1b]0;pwned\\x1b\\ A\\rFAKE"
        );
        assert!(terminal_safe(&s));
        for plain in [
            "hello",
            "caf\u{e9} \u{6587}\u{6863} \u{1f980}",
            "a\\b%41",
            "",
        ] {
            assert!(matches!(terminal(plain), Cow::Borrowed(_)), "{plain:?}");
            assert_eq!(terminal(plain), plain);
        }
    }

    #[test]
    fn terminal_escapes_every_control_character() {
        for c in (0u32..0x20).chain(0x7f..0xa0).filter_map(char::from_u32) {
            let s = format!("a{c}b");
            let e = terminal(&s);
            assert!(terminal_safe(&e), "U+{:04X} -> {e:?}", u32::from(c));
            assert!(e.len() > 3, "escaped, not dropped: {e:?}");
        }
        assert_eq!(terminal("\0\t\n\r\x7f"), "\\x00\\t\\n\\r\\x7f");
        // C1 CSI and OSC start escape sequences on terminals that take 8-bit controls.
        assert_eq!(
            terminal("\u{9b}31m\u{9d}0;x\u{9c}"),
            "\\u{9b}31m\\u{9d}0;x\\u{9c}"
        );
    }

    #[test]
    fn terminal_escapes_bidi_and_invisible_characters() {
        // Trojan Source: the override would show "gnp.exe" as "exe.png".
        assert_eq!(
            terminal("safe\u{202e}gnp.exe\u{202c}"),
            "safe\\u{202e}gnp.exe\\u{202c}"
        );
        for c in [
            '\u{200b}',
            '\u{200c}',
            '\u{200d}',
            '\u{200e}',
            '\u{200f}',
            '\u{202a}',
            '\u{202d}',
            '\u{2066}',
            '\u{2069}',
            '\u{2060}',
            '\u{feff}',
            '\u{00ad}',
            '\u{061c}',
            '\u{2028}',
            '\u{e0041}',
            // A review found these kept: "/ad\u{34f}min" read as "/admin".
            '\u{034f}',
            '\u{180b}',
            '\u{2800}',
            '\u{1bca0}',
            '\u{e0080}',
        ] {
            let s = format!("x{c}y");
            assert_eq!(terminal(&s), format!("x\\u{{{:x}}}y", u32::from(c)));
        }
        // A zero-width joiner inside an emoji sequence is shown too: a terminal cannot tell.
        assert_eq!(
            terminal("\u{1f468}\u{200d}\u{1f469}"),
            "\u{1f468}\\u{200d}\u{1f469}"
        );
        // Variation selectors are ordinary text.
        assert_eq!(terminal("\u{2764}\u{fe0f}"), "\u{2764}\u{fe0f}");
    }

    #[test]
    fn invalid_utf8_is_shown_byte_by_byte() {
        assert_eq!(terminal(b"a\xffb\xc3"), "a\\xffb\\xc3");
        // Overlong and surrogate encodings are invalid, not decoded.
        assert_eq!(
            terminal(b"\xc0\xaf\xed\xa0\x80"),
            "\\xc0\\xaf\\xed\\xa0\\x80"
        );
        // A lone C1 byte is invalid UTF-8 (and CSI to an 8-bit terminal).
        assert_eq!(terminal(b"\x9b2J"), "\\x9b2J");
    }

    #[test]
    fn escaping_is_idempotent() {
        let hostile: &[u8] =
            b"a\x1b[2J\x00\\x1b \xff %41 \xe2\x80\xae \xc2\x9b\n\r\t\xe2\x80\x8d end";
        for f in [terminal::<[u8]>, terminal_lines::<[u8]>, cell::<[u8]>] {
            let once = f(hostile).into_owned();
            assert_eq!(f(once.as_bytes()), once);
        }
        let once = terminal_cut(hostile, 12).into_owned();
        assert_eq!(terminal_cut(once.as_str(), 12), once);
    }

    #[test]
    fn terminal_lines_keeps_line_feeds_only() {
        assert_eq!(
            terminal_lines("line 1\nline 2\r\x1b[Kfake\n  ^"),
            "line 1\nline 2\\r\\x1b[Kfake\n  ^"
        );
    }

    #[test]
    fn terminal_cut_counts_output_characters_and_never_splits_an_escape() {
        assert_eq!(terminal_cut("abcdef", 3), "abc…");
        assert_eq!(terminal_cut("abc", 3), "abc");
        assert!(matches!(terminal_cut("abc", 3), Cow::Borrowed(_)));
        assert_eq!(terminal_cut("", 0), "");
        assert_eq!(terminal_cut("a", 0), "…");
        // `\x1b` is four characters: it does not fit in the two left after "ab".
        assert_eq!(terminal_cut("ab\x1bcd", 4), "ab…");
        assert_eq!(terminal_cut("ab\x1bcd", 6), "ab\\x1b…");
        assert_eq!(terminal_cut("ab\x1bcd", 8), "ab\\x1bcd");
        // Multi-byte characters count as one.
        assert_eq!(
            terminal_cut("\u{e9}\u{e9}\u{e9}\u{e9}", 3),
            "\u{e9}\u{e9}\u{e9}…"
        );
        assert_eq!(terminal_cut("\u{1f980}\u{1f980}", 2), "\u{1f980}\u{1f980}");
    }

    #[test]
    fn very_long_input_is_cut_without_reading_it_all() {
        let mut long = vec![b'x'; 20_000_000];
        long.extend_from_slice(b"\x1b[2J");
        let s = terminal_cut(&long, 120);
        assert_eq!(s.chars().count(), 121);
        assert!(s.ends_with('…'));
        // 20 MB of four-byte characters, cut after 100 of them.
        let crabs = "\u{1f980}".repeat(5_000_000);
        let s = terminal_cut(&crabs, 100);
        assert_eq!(s.chars().count(), 101);
        // Unbounded escaping of a long hostile input stays linear and complete.
        let hostile = b"\x1b\x00\xff\xe2\x80\xae".repeat(1_000_000);
        let s = terminal(&hostile);
        assert_eq!(s.len(), 1_000_000 * (4 + 4 + 4 + 8));
        assert!(terminal_safe(&s));
    }

    #[test]
    fn cells_keep_text_and_percent_encode_what_is_not_printable() {
        assert_eq!(cell("/caf\u{e9}?q=1"), "/caf\u{e9}?q=1");
        assert!(matches!(cell("Mozilla/5.0 (X11)"), Cow::Borrowed(_)));
        assert_eq!(cell(b"/a\xffb"), "/a%FFb");
        assert_eq!(cell(b"nul\x00here"), "nul%00here");
        assert_eq!(cell("\x1b]0;pwned\x07"), "%1B]0;pwned%07");
        assert_eq!(cell("a\tb\r\nc\x7f"), "a%09b%0D%0Ac%7F");
        assert_eq!(cell("\u{9b}31m"), "%C2%9B31m");
        // Bidi and zero-width characters are text in a file.
        assert_eq!(
            cell("\u{5d0}\u{200f}/\u{1f468}\u{200d}\u{1f469}"),
            "\u{5d0}\u{200f}/\u{1f468}\u{200d}\u{1f469}"
        );
        // What was already percent-encoded stays as it is.
        assert_eq!(cell("/a%20b"), "/a%20b");
        let s = cell(b"\x00\x01\x1b\x7f\xc2\x80\xc2\x9f\xff\xfe");
        assert!(!s.chars().any(char::is_control), "{s}");
    }

    #[test]
    fn cell_str_agrees_with_cell() {
        for t in [
            "plain",
            "caf\u{e9}",
            "\u{9b}x",
            "a\u{85}b",
            "\u{a0}\u{c2}\u{9f}",
            "x\0\x1b\x7f\n",
            "\u{202e}\u{200d}",
            "\u{1f980}\u{c0}",
        ] {
            assert_eq!(cell_str(t), cell(t), "{t:?}");
        }
    }

    fn through_terminal_writer(pieces: &[&[u8]]) -> String {
        let mut w = TerminalWriter::new(Vec::new());
        for p in pieces {
            w.write_all(p).unwrap();
            w.flush().unwrap();
        }
        String::from_utf8(w.finish().unwrap()).unwrap()
    }

    #[test]
    fn terminal_writer_encodes_what_a_terminal_would_act_on() {
        let csv = "host,ua\nexample.com,\u{202e}gnp.exe \u{200b}x \u{1f980}\n".as_bytes();
        assert_eq!(
            through_terminal_writer(&[csv]),
            "host,ua\nexample.com,%E2%80%AEgnp.exe %E2%80%8Bx \u{1f980}\n"
        );
        assert_eq!(
            through_terminal_writer(&[b"a\x1b[2J\rb\x00\xff\n"]),
            "a%1B[2J%0Db%00%FF\n"
        );
    }

    #[test]
    fn terminal_writer_joins_characters_split_between_writes() {
        let text = "x\u{202e}y\u{e9}\u{1f980}z\n".as_bytes();
        let whole = through_terminal_writer(&[text]);
        assert_eq!(whole, "x%E2%80%AEy\u{e9}\u{1f980}z\n");
        for cut in 0..=text.len() {
            let (a, b) = text.split_at(cut);
            assert_eq!(through_terminal_writer(&[a, b]), whole, "cut at {cut}");
        }
        let bytes: Vec<&[u8]> = text.chunks(1).collect();
        assert_eq!(through_terminal_writer(&bytes), whole);
        // A character left unfinished at the end is shown as the bytes it had.
        assert_eq!(through_terminal_writer(&[b"ab\xe2\x80"]), "ab%E2%80");
    }

    #[test]
    fn seconds_and_milliseconds_agree() {
        assert_eq!(rfc3339_ms(0), "1970-01-01T00:00:00Z");
        assert_eq!(rfc3339_secs(0), "1970-01-01T00:00:00Z");
        assert_eq!(rfc3339_secs(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(rfc3339_secs(1_795_182_936), "2026-11-20T13:55:36Z");
        assert_eq!(rfc3339_secs(-1), "1969-12-31T23:59:59Z");
        assert_eq!(rfc3339_ms(-1), "1969-12-31T23:59:59Z");
        assert_eq!(rfc3339_secs(i64::MAX), "");
        assert_eq!(rfc3339_secs(i64::MIN), "");
        for s in [-86_401, 0, 1, 59, 86_399, 951_868_799, 4_107_542_399] {
            assert_eq!(rfc3339_secs(s), rfc3339_ms(s * 1000 + 999), "{s}");
        }
    }

    #[test]
    fn times_are_written_as_strftime_would() {
        let strftime = |ms: i64| {
            jiff::Timestamp::from_millisecond(ms)
                .map(|t| t.strftime("%Y-%m-%dT%H:%M:%SZ").to_string())
                .unwrap_or_default()
        };
        // From before year 0 to past 9999 (out of range: empty), in steps that land on every
        // field's carries, leap days and sub-second remainders.
        let (min, max) = (-63_000_000_000_000_i64, 254_000_000_000_000_i64);
        let mut ms = min;
        while ms < max {
            assert_eq!(rfc3339_ms(ms), strftime(ms), "at {ms} ms");
            ms += 86_399_999 * 37 + 1_234;
        }
        for ms in [-1, 951_782_400_000, 951_868_799_999, 4_107_542_399_000] {
            assert_eq!(rfc3339_ms(ms), strftime(ms), "at {ms} ms");
        }
    }
}
