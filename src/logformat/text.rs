//! Pieces shared by the format parsers: undoing log escapes, quoted fields, request lines.
//!
//! Stage: helper of `logformat`, on the hot path. Takes: byte slices of one line. Gives:
//! borrowed slices, or owned bytes only where an escape had to be undone. Must not: decode
//! what the client itself percent-encoded in the target (robots.txt matching needs it as
//! requested), or allocate when there is nothing to undo.

use std::borrow::Cow;
use std::sync::LazyLock;

use super::{BadLine, scan};

/// The first `needle` in `hay`, for fields that are usually short (a port, a method): eight
/// bytes at a time in a word, inline. Below ~32 bytes this beats `memchr`, whose per-call
/// dispatch costs more than the search. Searches over the rest of a line go to
/// [`super::scan`], which steps 16 bytes at a time where it can (and uses this one where it
/// cannot).
#[inline(always)]
pub(crate) fn find_short(hay: &[u8], needle: u8) -> Option<usize> {
    // The two tests of `find_short2` are the same here: the compiler keeps one.
    find_short2(hay, needle, needle)
}

/// The first `a` or `b` in `hay` (one pass for both), as [`find_short`] finds one byte.
#[inline(always)]
pub(crate) fn find_short2(hay: &[u8], a: u8, b: u8) -> Option<usize> {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    let (pa, pb) = (LO * u64::from(a), LO * u64::from(b));
    let mut words = hay.chunks_exact(8);
    let mut at = 0;
    for word in &mut words {
        let w = u64::from_le_bytes(word.try_into().expect("chunks_exact gives 8 bytes"));
        let (xa, xb) = (w ^ pa, w ^ pb);
        // A zero byte of `xa` or `xb` is a match. The classic "has a zero byte" test: its
        // lowest set bit marks the first zero byte exactly (false positives come only above
        // a true one), and the little-endian load puts the first byte lowest; so the lowest
        // bit of either test is the first match.
        let found = (xa.wrapping_sub(LO) & !xa | xb.wrapping_sub(LO) & !xb) & HI;
        if found != 0 {
            return Some(at + (found.trailing_zeros() / 8) as usize);
        }
        at += 8;
    }
    words
        .remainder()
        .iter()
        .position(|&c| c == a || c == b)
        .map(|i| at + i)
}

/// The last `needle` in `hay`, for a needle expected near the end (the space before a
/// request line's protocol, the colon before a port): a plain backward loop.
#[inline(always)]
pub(crate) fn rfind_near_end(hay: &[u8], needle: u8) -> Option<usize> {
    hay.iter().rposition(|&c| c == needle)
}

#[inline]
fn hex(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// Undoes Apache's and nginx's log escaping: `\xHH`, `\"`, `\\` and Apache's `\n \r \t \b \v`
/// (Apache `ap_escape_logitem`, nginx `ngx_http_log_escape`). Any other backslash stays.
#[inline]
pub(crate) fn unescape_backslash(raw: &[u8]) -> Cow<'_, [u8]> {
    let Some(first) = memchr::memchr(b'\\', raw) else {
        return Cow::Borrowed(raw);
    };
    let mut out = Vec::with_capacity(raw.len());
    out.extend_from_slice(&raw[..first]);
    let mut i = first;
    while i < raw.len() {
        let c = raw[i];
        if c != b'\\' || i + 1 == raw.len() {
            out.push(c);
            i += 1;
            continue;
        }
        let (byte, used) = match raw[i + 1] {
            b'x' | b'X' => match (
                raw.get(i + 2).copied().and_then(hex),
                raw.get(i + 3).copied().and_then(hex),
            ) {
                (Some(h), Some(l)) => (h << 4 | l, 4),
                _ => (b'\\', 1),
            },
            b'"' => (b'"', 2),
            b'\\' => (b'\\', 2),
            b'n' => (b'\n', 2),
            b'r' => (b'\r', 2),
            b't' => (b'\t', 2),
            b'b' => (0x08, 2),
            b'v' => (0x0b, 2),
            _ => (b'\\', 1),
        };
        out.push(byte);
        i += used;
    }
    Cow::Owned(out)
}

/// Undoes URL encoding (`%HH`, and `+` as space when `plus` is set), as CloudFront and IIS
/// write the User-Agent. Invalid escapes stay as they are.
pub(crate) fn unescape_url(raw: &[u8], plus: bool) -> Cow<'_, [u8]> {
    let needs = if plus {
        memchr::memchr2(b'%', b'+', raw)
    } else {
        memchr::memchr(b'%', raw)
    };
    let Some(first) = needs else {
        return Cow::Borrowed(raw);
    };
    let mut out = Vec::with_capacity(raw.len());
    out.extend_from_slice(&raw[..first]);
    let mut i = first;
    while i < raw.len() {
        let c = raw[i];
        if c == b'%'
            && let (Some(h), Some(l)) = (
                raw.get(i + 1).copied().and_then(hex),
                raw.get(i + 2).copied().and_then(hex),
            )
        {
            out.push(h << 4 | l);
            i += 3;
            continue;
        }
        out.push(if plus && c == b'+' { b' ' } else { c });
        i += 1;
    }
    Cow::Owned(out)
}

/// `-` (the logs' "no value") as empty; other values as they are.
#[inline]
pub(crate) fn dash_empty(v: Cow<'_, [u8]>) -> Cow<'_, [u8]> {
    if &*v == b"-" { Cow::Borrowed(&[]) } else { v }
}

/// A double-quoted field starting at `line[at]` (which must be `"`). Backslash escapes are
/// skipped; a quote that is not followed by a space, a tab or the end of the line is taken as
/// part of the value (logs that do not escape quotes). Returns (value without quotes, it has
/// a backslash, position after the closing quote). Inlined always: a parse reads three quoted
/// fields a line, and a call saved and restored more registers than the `"-"` test costs.
#[inline(always)]
pub(crate) fn quoted(line: &[u8], at: usize) -> Result<(&[u8], bool, usize), BadLine> {
    if line.get(at) != Some(&b'"') {
        return Err(BadLine::BadQuoting);
    }
    // `"-"`, the usual empty Referer, without a search.
    if line.get(at + 1..at + 3) == Some(b"-\"")
        && matches!(line.get(at + 3), None | Some(b' ') | Some(b'\t'))
    {
        return Ok((&line[at + 1..at + 2], false, at + 3));
    }
    quoted_scan(line, at)
}

/// [`quoted`] by a search for the closing quote, whatever the value (`line[at]` is `"`).
#[inline(always)]
fn quoted_scan(line: &[u8], at: usize) -> Result<(&[u8], bool, usize), BadLine> {
    let start = at + 1;
    let mut i = start;
    let mut escaped = false;
    loop {
        let Some(j) = scan::find2(&line[i..], b'"', b'\\') else {
            return Err(BadLine::BadQuoting);
        };
        let j = i + j;
        if line[j] == b'\\' {
            escaped = true;
            i = j + 2;
            if i > line.len() {
                return Err(BadLine::BadQuoting);
            }
            continue;
        }
        match line.get(j + 1) {
            None | Some(b' ') | Some(b'\t') => return Ok((&line[start..j], escaped, j + 1)),
            Some(_) => i = j + 1,
        }
    }
}

/// The first `"` or `\` in `haystack`: where a JSON string ends or escapes (JSON strings
/// run long; the quoted fields of text logs use [`super::scan`]).
#[inline(always)]
pub(crate) fn find_quote_or_backslash(haystack: &[u8]) -> Option<usize> {
    QUOTE_OR_BACKSLASH.find(haystack)
}

/// That search, built once: `memchr::memchr2` rebuilds its searcher on every call, which for
/// the three quoted fields of a line cost as much as the searches themselves.
static QUOTE_OR_BACKSLASH: LazyLock<QuoteSearch> = LazyLock::new(QuoteSearch::new);

/// `"` or `\` with the widest vector search the CPU has.
enum QuoteSearch {
    #[cfg(target_arch = "x86_64")]
    Avx2(memchr::arch::x86_64::avx2::memchr::Two),
    #[cfg(target_arch = "x86_64")]
    Sse2(memchr::arch::x86_64::sse2::memchr::Two),
    Portable,
}

impl QuoteSearch {
    fn new() -> QuoteSearch {
        #[cfg(target_arch = "x86_64")]
        {
            use memchr::arch::x86_64::{avx2, sse2};
            if let Some(two) = avx2::memchr::Two::new(b'"', b'\\') {
                return QuoteSearch::Avx2(two);
            }
            if let Some(two) = sse2::memchr::Two::new(b'"', b'\\') {
                return QuoteSearch::Sse2(two);
            }
        }
        QuoteSearch::Portable
    }

    #[inline(always)]
    fn find(&self, haystack: &[u8]) -> Option<usize> {
        match self {
            #[cfg(target_arch = "x86_64")]
            QuoteSearch::Avx2(two) => two.find(haystack),
            #[cfg(target_arch = "x86_64")]
            QuoteSearch::Sse2(two) => two.find(haystack),
            QuoteSearch::Portable => memchr::memchr2(b'"', b'\\', haystack),
        }
    }
}

/// Request method: an RFC 9110 §5.6.2 token starting with a letter (ALB writes `-` for a
/// request it could not parse).
#[inline(always)]
pub(crate) fn is_method(m: &[u8]) -> bool {
    // Nearly every line's, settled by one compare.
    if m == b"GET" {
        return true;
    }
    m.first().is_some_and(u8::is_ascii_alphabetic)
        && m.len() <= 32
        && m.iter().all(|&c| TCHAR[usize::from(c)])
}

/// RFC 9110 §5.6.2 `tchar`, as a table.
static TCHAR: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = b.is_ascii_alphanumeric()
            || matches!(
                b,
                b'!' | b'#'
                    | b'$'
                    | b'%'
                    | b'&'
                    | b'\''
                    | b'*'
                    | b'+'
                    | b'-'
                    | b'.'
                    | b'^'
                    | b'_'
                    | b'`'
                    | b'|'
                    | b'~'
            );
        c += 1;
    }
    t
};

/// A request line split: method and target still in the log's escaped form.
pub(crate) struct RequestLine<'a> {
    pub method: &'a [u8],
    pub target: &'a [u8],
}

/// Splits `METHOD SP TARGET [SP HTTP/x.y]` (HTTP/0.9 lines have no protocol; a target with
/// raw spaces, which servers log as received, runs to the last space before `HTTP/`).
/// `None` if it is not a request line at all (`-`, TLS bytes sent to a plain port…).
#[inline(always)]
pub(crate) fn split_request_line(raw: &[u8]) -> Option<RequestLine<'_>> {
    let sp = find_short(raw, b' ')?;
    let method = &raw[..sp];
    if !is_method(method) {
        return None;
    }
    let rest = &raw[sp + 1..];
    // Nearly always ` HTTP/1.1`, ` HTTP/2.0`…: eight bytes without a space after the last one.
    let n = rest.len();
    let target = if n > 9
        && rest[n - 9] == b' '
        && rest[n - 8..n - 3] == *b"HTTP/"
        && !rest[n - 3..].contains(&b' ')
    {
        &rest[..n - 9]
    } else {
        match rfind_near_end(rest, b' ') {
            Some(last) if rest[last + 1..].starts_with(b"HTTP/") => &rest[..last],
            _ => rest,
        }
    };
    if target.is_empty() || !target.starts_with(b"/") && target.contains(&b' ') {
        return None;
    }
    Some(RequestLine { method, target })
}

/// Absolute-form target (`http://host:port/path?q`, RFC 9112 §3.2.2): (scheme, authority,
/// origin-form target; `/` when the URL has no path). `None` for any other form.
#[inline(always)]
pub(crate) fn split_absolute(target: &[u8]) -> Option<(&'static str, &[u8], &[u8])> {
    // Nearly every target is origin-form (`/…`): settled by its first byte.
    if !matches!(target.first(), Some(b'h' | b'H')) {
        return None;
    }
    let (scheme, rest) = if target.len() > 8 && target[..8].eq_ignore_ascii_case(b"https://") {
        ("https", &target[8..])
    } else if target.len() > 7 && target[..7].eq_ignore_ascii_case(b"http://") {
        ("http", &target[7..])
    } else {
        return None;
    };
    let end = rest
        .iter()
        .position(|&c| matches!(c, b'/' | b'?' | b'#'))
        .unwrap_or(rest.len());
    let mut authority = &rest[..end];
    if let Some(at) = memchr::memrchr(b'@', authority) {
        authority = &authority[at + 1..];
    }
    if authority.is_empty() {
        return None;
    }
    Some((scheme, authority, &rest[end..]))
}

/// The origin-form of what follows the authority: `/p?q` as is, `?q` → `/?q`, `` → `/`.
pub(crate) fn origin_form(path: Cow<'_, [u8]>) -> Cow<'_, [u8]> {
    if path.first() == Some(&b'/') {
        return path;
    }
    let mut out = Vec::with_capacity(path.len() + 1);
    out.push(b'/');
    out.extend_from_slice(&path);
    Cow::Owned(out)
}

/// An absolute-form target split into (scheme, authority) and its origin-form path; any
/// other target as it is. `decode` undoes the log's escaping of the path.
pub(crate) type Origin<'a> = Option<(&'static str, &'a [u8])>;

#[inline]
pub(crate) fn resolve_target<'a>(
    raw: &'a [u8],
    decode: impl Fn(&'a [u8]) -> Result<Cow<'a, [u8]>, BadLine>,
) -> Result<(Origin<'a>, Cow<'a, [u8]>), BadLine> {
    match split_absolute(raw) {
        Some((scheme, authority, path)) => {
            Ok((Some((scheme, authority)), origin_form(decode(path)?)))
        }
        None => Ok((None, decode(raw)?)),
    }
}

/// What a line whose request field is not a request means: with a 4xx status the server
/// rejected bytes that were no request (nothing to audit, `Ok(None)`); otherwise the line is
/// not what the format says (`BadRequestLine`).
#[inline]
pub(crate) fn not_a_request<T>(status: u16) -> Result<Option<T>, BadLine> {
    if (400..500).contains(&status) {
        Ok(None)
    } else {
        Err(BadLine::BadRequestLine)
    }
}

/// Scheme named in a log field.
#[inline]
pub(crate) fn scheme_name(s: &[u8]) -> Option<&'static str> {
    if s.eq_ignore_ascii_case(b"https") || s.eq_ignore_ascii_case(b"wss") {
        Some("https")
    } else if s.eq_ignore_ascii_case(b"http") || s.eq_ignore_ascii_case(b"ws") {
        Some("http")
    } else {
        None
    }
}

/// Undoes IIS's User-Agent encoding: `+` stands for a space, and a `+` the client sent
/// stays `+`, so the two cannot be told apart. A run of them is read as spaces and one `+`
/// last: ` +http://…`, the contact URL robots give (RFC 9309 §2.2.1), is logged `++http://…`;
/// two spaces in a row are rare in a header.
pub(crate) fn plus_to_space(raw: &[u8]) -> Cow<'_, [u8]> {
    if memchr::memchr(b'+', raw).is_none() {
        return Cow::Borrowed(raw);
    }
    Cow::Owned(
        raw.iter()
            .enumerate()
            .map(|(i, &c)| {
                let last_of_a_run = i > 0 && raw[i - 1] == b'+' && raw.get(i + 1) != Some(&b'+');
                if c == b'+' && !last_of_a_run { b' ' } else { c }
            })
            .collect(),
    )
}

/// Parses a status code of 1 to 3 digits.
#[inline]
pub(crate) fn status(b: &[u8]) -> Result<u16, BadLine> {
    if b.is_empty() || b.len() > 3 {
        return Err(BadLine::BadStatus);
    }
    let mut n = 0u16;
    for &c in b {
        let d = c.wrapping_sub(b'0');
        if d > 9 {
            return Err(BadLine::BadStatus);
        }
        n = n * 10 + u16::from(d);
    }
    Ok(n)
}

/// Is `port` a TCP port number: 1 to 5 digits, 1 to 65535? (A `%p` of 0 or past 65535 is
/// no port a request came to.)
#[inline]
pub(crate) fn is_port(port: &[u8]) -> bool {
    if port.is_empty() || port.len() > 5 || !port.iter().all(u8::is_ascii_digit) {
        return false;
    }
    // At most 99999: no overflow in a u32.
    let n = port.iter().fold(0u32, |n, &c| n * 10 + u32::from(c - b'0'));
    (1..=65_535).contains(&n)
}

/// Scheme for a server port: 443 → https, 80 → http, others unknown.
#[inline]
pub(crate) fn scheme_for_port(port: &[u8]) -> Option<&'static str> {
    match port {
        b"443" => Some("https"),
        b"80" => Some("http"),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The request-line split as it was before its fast path: the reference.
    fn split_by_last_space(raw: &[u8]) -> Option<(&[u8], &[u8])> {
        let sp = raw.iter().position(|&c| c == b' ')?;
        let method = &raw[..sp];
        let tchar = |c: u8| c.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&c);
        if !(method.first().is_some_and(u8::is_ascii_alphabetic)
            && method.len() <= 32
            && method.iter().all(|&c| tchar(c)))
        {
            return None;
        }
        let rest = &raw[sp + 1..];
        let target = match rest.iter().rposition(|&c| c == b' ') {
            Some(last) if rest[last + 1..].starts_with(b"HTTP/") => &rest[..last],
            _ => rest,
        };
        if target.is_empty() || !target.starts_with(b"/") && target.contains(&b' ') {
            return None;
        }
        Some((method, target))
    }

    #[test]
    fn request_line_split_agrees_with_the_last_space_rule() {
        let mut cases: Vec<Vec<u8>> = [
            "GET /a?b=c HTTP/1.1",
            "GET / HTTP/2.0",
            "GET /a HTTP/1 1",
            "GET /a HTTP/11 ",
            "GET /a b HTTP/1.1",
            "GET /a  HTTP/1.1",
            "GET  HTTP/1.1",
            "GET HTTP/1.1",
            "GET /HTTP/1.1",
            "GET /a HTTP/1.1 HTTP/1.1",
            "GET /a XTTP/1.1",
            "GET /",
            "GET",
            "G3T /x HTTP/1.1",
            "3ET /x HTTP/1.1",
            "GET x y HTTP/1.1",
            "M-SEARCH * HTTP/1.1",
            "-",
            "\x16\x03\x01",
        ]
        .iter()
        .map(|s| s.as_bytes().to_vec())
        .collect();
        // Every byte as a method character, and in each place of the protocol.
        for c in 0..=255u8 {
            cases.push([&b"G"[..], &[c], b"T /p HTTP/1.1"].concat());
            for place in 0..9 {
                let mut line = b"GET /p HTTP/1.1".to_vec();
                line[6 + place] = c;
                cases.push(line);
            }
        }
        for case in &cases {
            let got = split_request_line(case).map(|r| (r.method, r.target));
            assert_eq!(
                got,
                split_by_last_space(case),
                "{:?}",
                String::from_utf8_lossy(case)
            );
        }
    }

    #[test]
    fn find_short_agrees_with_position_everywhere() {
        // Every length up to three words and a bit, the needle at every place (and nowhere),
        // over fillers that trip the word trick: the bytes just above and below the needle
        // (borrows), 0x80 and 0xff (the high bit), and the needle twice in one word.
        for needle in [b' ', b':', 0u8, 0x80, 0xff] {
            for filler in [
                needle.wrapping_add(1),
                needle.wrapping_sub(1),
                0x80,
                0xff,
                0,
            ] {
                if filler == needle {
                    continue;
                }
                for len in 0..=27 {
                    let mut hay = vec![filler; len];
                    assert_eq!(find_short(&hay, needle), None, "{needle} in {hay:?}");
                    assert_eq!(rfind_near_end(&hay, needle), None);
                    for at in 0..len {
                        hay.fill(filler);
                        hay[at] = needle;
                        if at + 3 < len {
                            hay[at + 3] = needle;
                        }
                        assert_eq!(find_short(&hay, needle), Some(at), "{needle} in {hay:?}");
                        let last = hay.iter().rposition(|&c| c == needle);
                        assert_eq!(rfind_near_end(&hay, needle), last);
                    }
                }
            }
        }
    }

    #[test]
    fn backslash_escapes() {
        assert!(matches!(unescape_backslash(b"/plain"), Cow::Borrowed(_)));
        assert_eq!(&*unescape_backslash(br#"a\"b\\c"#), br#"a"b\c"#);
        assert_eq!(&*unescape_backslash(br"\x16\x03\x01"), b"\x16\x03\x01");
        assert_eq!(&*unescape_backslash(br"caf\xC3\xA9"), "café".as_bytes());
        assert_eq!(&*unescape_backslash(br"tab\there"), b"tab\there");
        assert_eq!(&*unescape_backslash(br"\xZZ \q end\"), br"\xZZ \q end\");
        assert_eq!(&*unescape_backslash(br"\x4"), br"\x4");
    }

    #[test]
    fn url_escapes() {
        assert_eq!(
            &*unescape_url(b"Mozilla/5.0%20(X11;%20Linux)", false),
            b"Mozilla/5.0 (X11; Linux)"
        );
        assert_eq!(&*unescape_url(b"a+b%2Bc", true), b"a b+c");
        assert_eq!(&*unescape_url(b"a+b", false), b"a+b");
        assert_eq!(&*unescape_url(b"100%", false), b"100%");
        assert_eq!(&*unescape_url(b"%4", false), b"%4");
        assert_eq!(&*unescape_url(b"%zz%41", false), b"%zzA");
    }

    #[test]
    fn every_quote_search_agrees_with_memchr2() {
        let mut searches = vec![QuoteSearch::Portable];
        #[cfg(target_arch = "x86_64")]
        {
            use memchr::arch::x86_64::{avx2, sse2};
            searches.extend(avx2::memchr::Two::new(b'"', b'\\').map(QuoteSearch::Avx2));
            searches.extend(sse2::memchr::Two::new(b'"', b'\\').map(QuoteSearch::Sse2));
        }
        // Lengths across the scalar, 16- and 32-byte paths; the needle at every place.
        for len in 0..100 {
            for at in 0..=len {
                for needle in [b'"', b'\\'] {
                    let mut hay = vec![b'a'; len];
                    if at < len {
                        hay[at] = needle;
                    }
                    let want = memchr::memchr2(b'"', b'\\', &hay);
                    for search in &searches {
                        assert_eq!(search.find(&hay), want, "len {len}, at {at}");
                    }
                    assert_eq!(find_quote_or_backslash(&hay), want);
                }
            }
        }
    }

    #[test]
    fn iis_pluses_read_back_as_the_header() {
        let read = |raw: &[u8]| String::from_utf8(plus_to_space(raw).into_owned()).unwrap();
        assert_eq!(
            read(b"FooFetcher/1.0++http://foo.example/"),
            "FooFetcher/1.0 +http://foo.example/"
        );
        assert_eq!(
            read(b"Mozilla/5.0+(X11;+Linux)"),
            "Mozilla/5.0 (X11; Linux)"
        );
        assert_eq!(read(b"a+++b"), "a  +b");
        assert_eq!(read(b"+a+"), " a ");
        assert_eq!(read(b"no-plus"), "no-plus");
    }

    #[test]
    fn quoted_fields() {
        let line = br#""GET / HTTP/1.1" 200 "a \"quoted\" UA" "raw "quote"d inside""#;
        let (v, e, next) = quoted(line, 0).expect("well quoted");
        assert_eq!((v, e), (&b"GET / HTTP/1.1"[..], false));
        let (v, e, next) = quoted(line, next + 5).expect("escaped quotes");
        assert_eq!((v, e), (&br#"a \"quoted\" UA"#[..], true));
        let (v, _, next) = quoted(line, next + 1).expect("raw quotes");
        assert_eq!(v, br#"raw "quote"d inside"#);
        assert_eq!(next, line.len());
        assert_eq!(quoted(b"\"open", 0).err(), Some(BadLine::BadQuoting));
        assert_eq!(quoted(b"\"open\\", 0).err(), Some(BadLine::BadQuoting));
    }

    /// The `"-"` shortcut reads as the search would, whatever follows the dash, on fields
    /// cut from real lines (escaped quotes, raw quotes, a dash at the end of the line).
    #[test]
    fn quoted_dash_shortcut_agrees_with_the_search() {
        let fields: [&[u8]; 14] = [
            br#""-""#,
            br#""-" "Mozilla/5.0""#,
            b"\"-\"\t\"x\"",
            br#""-"x" "ua""#,
            br#""-""-""#,
            br#""-\" "ua""#,
            br#""-\"" "ua""#,
            br#""--" 1"#,
            br#""-"#,
            br#""""#,
            br#""a \"quoted\" UA" "-""#,
            br#""raw "quote"d inside" "-""#,
            br#""-\\" "-""#,
            br#""GET / HTTP/1.1" 200 512 "-" "curl/8.5""#,
        ];
        for field in fields {
            let mut at = 0;
            // Every quoted field of the text in turn, as a parser walks them.
            while let Some(q) = field[at..].iter().position(|&c| c == b'"') {
                let at_q = at + q;
                let fast = quoted(field, at_q);
                assert_eq!(
                    fast,
                    quoted_scan(field, at_q),
                    "{:?} at {at_q}",
                    field.escape_ascii()
                );
                match fast {
                    Ok((_, _, next)) => at = next,
                    Err(_) => break,
                }
            }
        }
    }

    #[test]
    fn request_lines() {
        let r = split_request_line(b"GET /a?b=c HTTP/1.1").expect("a request");
        assert_eq!((r.method, r.target), (&b"GET"[..], &b"/a?b=c"[..]));
        let r = split_request_line(b"GET /").expect("HTTP/0.9");
        assert_eq!(r.target, b"/");
        let r = split_request_line(b"GET /a b HTTP/1.0").expect("raw space");
        assert_eq!(r.target, b"/a b");
        assert!(split_request_line(b"-").is_none());
        assert!(split_request_line(br"\x16\x03\x01\x00\xa5\x01").is_none());
        assert!(split_request_line(b"GET  HTTP/1.1").is_none());
        let r = split_request_line(b"CONNECT example.com:443 HTTP/1.1").expect("connect");
        assert_eq!(r.target, b"example.com:443");
    }

    #[test]
    fn absolute_targets() {
        assert_eq!(
            split_absolute(b"http://example.com/p?q"),
            Some(("http", &b"example.com"[..], &b"/p?q"[..]))
        );
        assert_eq!(
            split_absolute(b"HTTPS://user@[::1]:8443?x"),
            Some(("https", &b"[::1]:8443"[..], &b"?x"[..]))
        );
        assert_eq!(split_absolute(b"/http://x"), None);
        assert_eq!(&*origin_form(Cow::Borrowed(b"?x")), b"/?x");
        assert_eq!(&*origin_form(Cow::Borrowed(b"")), b"/");
    }

    #[test]
    fn statuses() {
        assert_eq!(status(b"200"), Ok(200));
        assert_eq!(status(b"0"), Ok(0));
        assert_eq!(status(b"999"), Ok(999));
        // Past three digits (a u16 would wrap at 65536), signs, fractions, exponents, blanks.
        for bad in [
            &b"-"[..],
            b"",
            b"2000",
            b"65535",
            b"65536",
            b"4294967496",
            b"-1",
            b"+20",
            b"2e2",
            b"20.",
            b" 20",
        ] {
            assert_eq!(status(bad), Err(BadLine::BadStatus), "{bad:?}");
        }
    }

    #[test]
    fn ports() {
        for good in [&b"1"[..], b"80", b"443", b"8080", b"65535", b"00080"] {
            assert!(is_port(good), "{good:?}");
        }
        for bad in [
            &b""[..],
            b"0",
            b"00000",
            b"65536",
            b"99999",
            b"100000",
            b"4294967376",
            b"18446744073709551696",
            b"-80",
            b"+80",
            b"8 0",
        ] {
            assert!(!is_port(bad), "{bad:?}");
        }
    }
}
