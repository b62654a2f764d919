//! Text into the page: the writer every part of the page goes through ([`Html`]), which
//! keeps this module's own markup apart from data, and the escaping of data ([`push_text`]),
//! numbers and times.

use std::fmt::Write as _;

use crate::text;

/// The page being written.
pub(super) struct Html {
    out: String,
    /// Characters kept of one string from the data.
    chars: usize,
}

impl Html {
    /// An empty page, cutting each string from the data to `chars` characters.
    pub(super) fn new(chars: usize) -> Html {
        Html {
            out: String::with_capacity(1 << 16),
            chars,
        }
    }

    /// Bytes written so far.
    pub(super) fn written(&self) -> usize {
        self.out.len()
    }

    /// The page written.
    pub(super) fn finish(self) -> String {
        self.out
    }

    /// Markup of this module's own (never data).
    pub(super) fn raw(&mut self, s: &str) {
        self.out.push_str(s);
    }

    /// Data, escaped and cut.
    pub(super) fn text(&mut self, s: impl AsRef<[u8]>) {
        push_text(&mut self.out, s.as_ref(), self.chars);
    }

    /// Data, escaped, cut to `chars`.
    pub(super) fn text_cut(&mut self, s: impl AsRef<[u8]>, chars: usize) {
        push_text(&mut self.out, s.as_ref(), chars);
    }

    pub(super) fn num(&mut self, n: u64) {
        push_grouped(&mut self.out, n);
    }

    pub(super) fn fmt(&mut self, args: std::fmt::Arguments<'_>) {
        self.out.write_fmt(args).expect("a String takes any text");
    }
}

/// Appends `s` (bytes from a log, a robots.txt, a file name) as HTML text, at most
/// `max_chars` characters of it and three times as many bytes of HTML (then
/// `…`). Controls and invalid UTF-8 are written `%XX` ([`text::cell`]), and so are bidi and
/// invisible characters ([`text::is_invisible`]), which would make a path read as something
/// else; `& < > " '` become character references. Safe as element text, in a double-quoted
/// attribute and inside inline SVG.
pub fn push_text(out: &mut String, s: &[u8], max_chars: usize) {
    // Every byte read gives at least one character of output, and a character is at most
    // four bytes: this much input shows `max_chars + 1` characters (so the cut is seen)
    // before any character it splits at its end. A hostile megabyte costs no more than
    // what is shown of it.
    let s = &s[..s.len().min(max_chars.saturating_add(1).saturating_mul(4))];
    let clean = text::cell(s);
    let max_bytes = max_chars.saturating_mul(BYTES_PER_CHAR);
    let start = out.len();
    let mut buf = String::new();
    for (shown, c) in clean.chars().enumerate() {
        buf.clear();
        match c {
            '&' => buf.push_str("&amp;"),
            '<' => buf.push_str("&lt;"),
            '>' => buf.push_str("&gt;"),
            '"' => buf.push_str("&quot;"),
            '\'' => buf.push_str("&#39;"),
            c if text::is_invisible(c) => {
                let mut bytes = [0; 4];
                for b in c.encode_utf8(&mut bytes).bytes() {
                    write!(buf, "%{b:02X}").expect("a String takes any text");
                }
            }
            c => buf.push(c),
        }
        if shown == max_chars || out.len() - start + buf.len() > max_bytes {
            out.push('…');
            return;
        }
        out.push_str(&buf);
    }
}

/// Bytes of HTML one character shown of the data may cost on average: text that escapes
/// to more (`&&&…` as `&amp;&amp;&amp;…`, invisible characters as `%E2%80%8B`) is cut
/// sooner, so the page's size bound holds whatever the strings. Plain text, and text in any
/// script (three bytes of UTF-8 a character), is cut at its count of characters.
pub const BYTES_PER_CHAR: usize = 3;

/// `1234567` → `1,234,567`.
fn push_grouped(out: &mut String, n: u64) {
    let digits = n.to_string();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
}

pub(super) fn grouped(n: u64) -> String {
    let mut s = String::new();
    push_grouped(&mut s, n);
    s
}

/// `2026-11-20 13:55` (UTC) for a unix ms time.
pub(super) fn minute(ms: i64) -> String {
    let t = text::rfc3339_ms(ms);
    // `YYYY-MM-DDTHH:MM:SSZ`; empty outside the years text can write.
    t.get(..16).map(|s| s.replacen('T', " ", 1)).unwrap_or(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn esc(s: &[u8]) -> String {
        let mut out = String::new();
        push_text(&mut out, s, 1000);
        out
    }

    #[test]
    fn markup_in_data_stays_text_in_every_context() {
        let cases: [(&[u8], &str); 6] = [
            (
                b"\"><script>alert(1)</script>",
                "&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;",
            ),
            (
                b"</svg><svg onload=alert(1)>",
                "&lt;/svg&gt;&lt;svg onload=alert(1)&gt;",
            ),
            (b"' onmouseover='x", "&#39; onmouseover=&#39;x"),
            (b"javascript:alert(1)", "javascript:alert(1)"),
            (b"&lt;b&gt; & &amp;", "&amp;lt;b&amp;gt; &amp; &amp;amp;"),
            (
                b"<!-- --><![CDATA[x]]>",
                "&lt;!-- --&gt;&lt;![CDATA[x]]&gt;",
            ),
        ];
        for (hostile, expected) in cases {
            let out = esc(hostile);
            assert_eq!(out, expected);
            assert!(!out.contains(['<', '>', '"', '\'']), "{out}");
        }
    }

    #[test]
    fn controls_invalid_utf8_and_invisible_characters_are_shown_as_bytes() {
        assert_eq!(esc(b"/a\x00b\x1b[2J\r\n\x7f"), "/a%00b%1B[2J%0D%0A%7F");
        assert_eq!(esc(b"/caf\xc3\xa9/\xff\xfe"), "/caf\u{e9}/%FF%FE");
        // C1 CSI, a right-to-left override and a zero-width space.
        assert_eq!(
            esc("/x\u{9b}y\u{202e}txt.exe\u{200b}".as_bytes()),
            "/x%C2%9By%E2%80%AEtxt.exe%E2%80%8B"
        );
        let out = esc(b"\x01\x02\x03\x08\x0b\x0c\x0e\x1f");
        assert!(!out.chars().any(char::is_control), "{out}");
    }

    #[test]
    fn long_strings_are_cut_without_splitting_an_escape() {
        let mut out = String::new();
        push_text(&mut out, "&&&&é".as_bytes(), 4);
        assert_eq!(out, "&amp;&amp;…", "12 bytes of HTML at most");
        out.clear();
        push_text(&mut out, "a&bcd".as_bytes(), 4);
        assert_eq!(out, "a&amp;bc…", "4 characters at most");
        out.clear();
        // Text in other scripts, three bytes a character, is cut by its characters.
        push_text(&mut out, "日本語テキスト".as_bytes(), 7);
        assert_eq!(out, "日本語テキスト");
        out.clear();
        push_text(&mut out, "日本語テキスト".as_bytes(), 6);
        assert_eq!(out, "日本語テキス…");
        out.clear();
        // Invisible characters cost nine bytes each as `%XX`: fewer fit.
        push_text(&mut out, "\u{200b}".repeat(10).as_bytes(), 10);
        assert_eq!(out, "%E2%80%8B%E2%80%8B%E2%80%8B…");
        out.clear();
        push_text(&mut out, b"abc", 3);
        assert_eq!(out, "abc");
        out.clear();
        push_text(&mut out, b"\x1b\x1b", 4);
        // `%1B` is three characters of the budget, the next one does not fit.
        assert_eq!(out, "%1B%…");
        // Whatever the text, a cut string costs at most three bytes a character and `…`.
        for hostile in ["&", "\u{202e}", "<", "\x1b", "é", "a"] {
            out.clear();
            push_text(&mut out, hostile.repeat(500).as_bytes(), 160);
            assert!(
                out.len() <= 160 * BYTES_PER_CHAR + '…'.len_utf8(),
                "{hostile:?}"
            );
        }
    }

    #[test]
    fn numbers_are_grouped_by_thousands() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(1_234_567), "1,234,567");
    }
}
