//! A small JSON scanner for one-object-per-line logs (nginx `escape=json`, Caddy, Cloudflare).
//!
//! Stage: helper of `logformat`. Takes: the bytes of one line. Gives: the members of an
//! object as (raw key, [`Value`]) with string values borrowed from the line, decoded only on
//! demand and only when they hold an escape. Must not: build a tree, allocate while
//! scanning, or insist on UTF-8 (nginx writes bytes ≥ 0x80 as they came).

use std::borrow::Cow;

use super::BadLine;
use super::text::find_quote_or_backslash;

/// A JSON value, not decoded: strings are the raw bytes between the quotes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Value<'a> {
    /// Raw string content and whether it holds a backslash escape.
    Str(&'a [u8], bool),
    /// A number as written.
    Num(&'a [u8]),
    /// An object, braces included.
    Obj(&'a [u8]),
    /// An array, brackets included.
    Arr(&'a [u8]),
    Bool(bool),
    Null,
}

impl<'a> Value<'a> {
    /// A string (decoded) or a number (as written): what a log field's text is.
    pub(crate) fn text(self) -> Result<Option<Cow<'a, [u8]>>, BadLine> {
        match self {
            Value::Str(raw, escaped) => Ok(Some(decode(raw, escaped)?)),
            Value::Num(raw) => Ok(Some(Cow::Borrowed(raw))),
            _ => Ok(None),
        }
    }

    /// A string or number without escapes, borrowed (hosts, addresses, methods).
    pub(crate) fn raw(self) -> Option<&'a [u8]> {
        match self {
            Value::Str(raw, _) | Value::Num(raw) => Some(raw),
            _ => None,
        }
    }
}

#[inline]
fn ws(s: &[u8], mut i: usize) -> usize {
    while i < s.len() && matches!(s[i], b' ' | b'\t' | b'\r' | b'\n') {
        i += 1;
    }
    i
}

/// The string starting at `s[i] == '"'`: (raw content, has escape, position after it).
#[inline]
fn string(s: &[u8], i: usize) -> Result<(&[u8], bool, usize), BadLine> {
    let start = i + 1;
    let mut j = start;
    let mut escaped = false;
    loop {
        let k =
            find_quote_or_backslash(s.get(j..).ok_or(BadLine::BadJson)?).ok_or(BadLine::BadJson)?;
        let k = j + k;
        if s[k] == b'"' {
            return Ok((&s[start..k], escaped, k + 1));
        }
        escaped = true;
        j = k + 2;
    }
}

/// Skips an object or array starting at `s[i]`; returns the position after it.
fn container(s: &[u8], i: usize) -> Result<usize, BadLine> {
    let mut depth = 0usize;
    let mut j = i;
    while j < s.len() {
        match s[j] {
            b'"' => {
                j = string(s, j)?.2;
                continue;
            }
            b'{' | b'[' => depth += 1,
            b'}' | b']' => {
                depth -= 1;
                if depth == 0 {
                    return Ok(j + 1);
                }
            }
            _ => {}
        }
        j += 1;
    }
    Err(BadLine::BadJson)
}

/// The value starting at `s[i]`: (value, position after it).
fn value(s: &[u8], i: usize) -> Result<(Value<'_>, usize), BadLine> {
    match s.get(i).ok_or(BadLine::BadJson)? {
        b'"' => {
            let (raw, esc, next) = string(s, i)?;
            Ok((Value::Str(raw, esc), next))
        }
        b'{' => {
            let end = container(s, i)?;
            Ok((Value::Obj(&s[i..end]), end))
        }
        b'[' => {
            let end = container(s, i)?;
            Ok((Value::Arr(&s[i..end]), end))
        }
        b't' if s[i..].starts_with(b"true") => Ok((Value::Bool(true), i + 4)),
        b'f' if s[i..].starts_with(b"false") => Ok((Value::Bool(false), i + 5)),
        b'n' if s[i..].starts_with(b"null") => Ok((Value::Null, i + 4)),
        b'-' | b'0'..=b'9' => {
            let end = s[i..]
                .iter()
                .position(|c| !matches!(c, b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9'))
                .map_or(s.len(), |n| i + n);
            Ok((Value::Num(&s[i..end]), end))
        }
        _ => Err(BadLine::BadJson),
    }
}

/// Calls `f` with each member of the object in `s` (whitespace around it allowed).
pub(crate) fn members<'a>(
    s: &'a [u8],
    mut f: impl FnMut(&'a [u8], Value<'a>) -> Result<(), BadLine>,
) -> Result<(), BadLine> {
    let mut i = ws(s, 0);
    if s.get(i) != Some(&b'{') {
        return Err(BadLine::BadJson);
    }
    i = ws(s, i + 1);
    if s.get(i) == Some(&b'}') {
        return Ok(());
    }
    loop {
        if s.get(i) != Some(&b'"') {
            return Err(BadLine::BadJson);
        }
        let (key, _, next) = string(s, i)?;
        i = ws(s, next);
        if s.get(i) != Some(&b':') {
            return Err(BadLine::BadJson);
        }
        i = ws(s, i + 1);
        let (v, next) = value(s, i)?;
        f(key, v)?;
        i = ws(s, next);
        match s.get(i) {
            Some(b',') => i = ws(s, i + 1),
            Some(b'}') => return Ok(()),
            _ => return Err(BadLine::BadJson),
        }
    }
}

/// The first element of an array, if any.
pub(crate) fn first_element(arr: &[u8]) -> Result<Option<Value<'_>>, BadLine> {
    let i = ws(arr, 1);
    if arr.get(i) == Some(&b']') {
        return Ok(None);
    }
    Ok(Some(value(arr, i)?.0))
}

/// One hex digit's value.
#[inline]
fn hex_digit(c: u8) -> Option<u8> {
    match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'a'..=b'f' => Some(c - b'a' + 10),
        b'A'..=b'F' => Some(c - b'A' + 10),
        _ => None,
    }
}

#[inline]
fn hex4(b: &[u8]) -> Option<u32> {
    if b.len() < 4 {
        return None;
    }
    b[..4].iter().try_fold(0u32, |n, &c| {
        let d = (c as char).to_digit(16)?;
        Some(n * 16 + d)
    })
}

/// Decodes a JSON string's raw content: the JSON escapes (RFC 8259 §7), and nginx's `\xHH`
/// for logs written with `escape=default`. Borrowed when there is no escape.
pub(crate) fn decode(raw: &[u8], escaped: bool) -> Result<Cow<'_, [u8]>, BadLine> {
    if !escaped {
        return Ok(Cow::Borrowed(raw));
    }
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    while i < raw.len() {
        let c = raw[i];
        if c != b'\\' {
            out.push(c);
            i += 1;
            continue;
        }
        let e = *raw.get(i + 1).ok_or(BadLine::BadJson)?;
        i += 2;
        let byte = match e {
            b'"' => b'"',
            b'\\' => b'\\',
            b'/' => b'/',
            b'b' => 0x08,
            b'f' => 0x0c,
            b'n' => b'\n',
            b'r' => b'\r',
            b't' => b'\t',
            b'x' => {
                // Two hex digits exactly (`u8::from_str_radix` would take `+f` too).
                let h = raw.get(i..i + 2).ok_or(BadLine::BadJson)?;
                let (Some(hi), Some(lo)) = (hex_digit(h[0]), hex_digit(h[1])) else {
                    return Err(BadLine::BadJson);
                };
                i += 2;
                hi << 4 | lo
            }
            b'u' => {
                let mut cp = hex4(&raw[i..]).ok_or(BadLine::BadJson)?;
                i += 4;
                if (0xd800..0xdc00).contains(&cp) {
                    // A high surrogate must be followed by `\u` and a low one.
                    if raw.get(i..i + 2) != Some(b"\\u") {
                        return Err(BadLine::NotUtf8Json);
                    }
                    let lo = hex4(&raw[i + 2..]).ok_or(BadLine::BadJson)?;
                    if !(0xdc00..0xe000).contains(&lo) {
                        return Err(BadLine::NotUtf8Json);
                    }
                    i += 6;
                    cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
                }
                let ch = char::from_u32(cp).ok_or(BadLine::NotUtf8Json)?;
                let mut buf = [0; 4];
                out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
                continue;
            }
            _ => return Err(BadLine::BadJson),
        };
        out.push(byte);
    }
    Ok(Cow::Owned(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scans_members() {
        let line = br#" {"a": "x\"y", "n": -1.5e3, "o": {"k": ["v", {"z": "}"}]}, "t": true, "u": null, "e": [] } "#;
        let mut seen = Vec::new();
        members(line, |k, v| {
            seen.push((k, v));
            Ok(())
        })
        .expect("valid JSON");
        assert_eq!(seen.len(), 6);
        assert_eq!(seen[0], (&b"a"[..], Value::Str(br#"x\"y"#, true)));
        assert_eq!(seen[1].1, Value::Num(b"-1.5e3"));
        assert_eq!(seen[2].1, Value::Obj(br#"{"k": ["v", {"z": "}"}]}"#));
        assert_eq!(seen[3].1, Value::Bool(true));
        assert_eq!(seen[4].1, Value::Null);
        let Value::Arr(arr) = seen[5].1 else {
            panic!("an array")
        };
        assert_eq!(first_element(arr), Ok(None));
        assert_eq!(
            first_element(br#"[ "a", "b"]"#),
            Ok(Some(Value::Str(b"a", false)))
        );
        assert_eq!(members(b"{}", |_, _| Ok(())), Ok(()));
        for bad in [
            &b"not json"[..],
            b"{\"a\" 1}",
            b"{\"a\": 1",
            b"{\"a\": \"x}",
            b"[1]",
        ] {
            assert_eq!(members(bad, |_, _| Ok(())), Err(BadLine::BadJson));
        }
    }

    #[test]
    fn decodes_strings() {
        assert_eq!(
            decode(br#"a\"b\\c\/d\n\u00e9\ud83d\ude00\x41"#, true).as_deref(),
            Ok("a\"b\\c/d\né😀A".as_bytes())
        );
        assert_eq!(decode(b"plain", false), Ok(Cow::Borrowed(&b"plain"[..])));
        assert_eq!(decode(br"\ud800", true), Err(BadLine::NotUtf8Json));
        assert_eq!(decode(br"\q", true), Err(BadLine::BadJson));
        // `\xHH` takes two hex digits, no sign.
        assert_eq!(decode(br"\xff\x0A", true).as_deref(), Ok(&b"\xff\n"[..]));
        for bad in [&br"\x+f"[..], br"\x-0", br"\xg0", br"\x1", br"\x 1"] {
            assert_eq!(decode(bad, true), Err(BadLine::BadJson), "{bad:?}");
        }
    }
}
