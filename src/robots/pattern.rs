//! Path patterns: normalisation of rule values and request targets, and the compiled matcher.
//!
//! A pattern is split once, at compile time, into the literal pieces between its `*`s; the
//! matcher then needs no backtracking: the first piece is anchored at the start of the path,
//! every middle piece is found leftmost (`memchr::memmem`), and the last piece is either
//! found anywhere after that or, when the pattern ends in `$`, anchored at the end. For
//! patterns whose only wildcard is `*` the leftmost choice is always safe (a later start can
//! only leave less room for what follows), so this decides exactly what Google's
//! position-set matcher (`robots.cc`, `Matches`) decides, in O(|path|·|pattern|) at worst.
//! This module allocates only when compiling; matching borrows.

use memchr::memmem;

/// Whether `b` is an ASCII hex digit.
fn is_hex(b: u8) -> bool {
    b.is_ascii_hexdigit()
}

const HEX_UPPER: &[u8; 16] = b"0123456789ABCDEF";

/// Appends `bytes` to `out`, normalised as Google's reference does for rule values
/// (`MaybeEscapePattern`): the hex digits of a valid `%xx` escape are upper-cased, every byte
/// >= 0x80 is written as `%XX`, and nothing is decoded. Invalid escapes stay literal.
pub(crate) fn escape_into(bytes: &[u8], out: &mut Vec<u8>) {
    // Most values need nothing: copy the part before the first '%' or non-ASCII byte at once.
    let mut i = bytes
        .iter()
        .position(|&b| b == b'%' || b >= 0x80)
        .unwrap_or(bytes.len());
    out.extend_from_slice(&bytes[..i]);
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'%' && i + 2 < bytes.len() && is_hex(bytes[i + 1]) && is_hex(bytes[i + 2]) {
            // Google robots.cc MaybeEscapePattern: upper-case valid %xx escapes.
            out.push(b'%');
            out.push(bytes[i + 1].to_ascii_uppercase());
            out.push(bytes[i + 2].to_ascii_uppercase());
            i += 3;
        } else if b >= 0x80 {
            // RFC 9309 §2.2.2: non-ASCII octets are matched percent-encoded.
            out.push(b'%');
            out.push(HEX_UPPER[usize::from(b >> 4)]);
            out.push(HEX_UPPER[usize::from(b & 0x0F)]);
            i += 1;
        } else {
            out.push(b);
            i += 1;
        }
    }
}

/// Why `url` cannot be asked about (`check`'s URL arguments, the Python binding's `url`), or
/// None when it can: a question is a request path (`/a?b`, taken as it stands), an http(s)
/// URL with a host, or nothing (`/`, as Google's reference reads an empty URL).
/// `example.com/a` or `private/x` would otherwise be read as a host and a path below it, and
/// answered for the wrong path.
///
/// ```
/// use robots_audit::robots::question_error;
/// assert_eq!(question_error(b"/private/x"), None);
/// assert_eq!(question_error(b""), None);
/// assert_eq!(question_error(b"https://example.com/private/x"), None);
/// assert_eq!(
///     question_error(b"private/x").as_deref(),
///     Some("not a path (starting with /) nor an http(s) URL")
/// );
/// ```
pub fn question_error(url: &[u8]) -> Option<String> {
    if url.is_empty() || url.starts_with(b"/") {
        return None;
    }
    let text = String::from_utf8_lossy(url);
    Some(match url::Url::parse(&text) {
        Ok(u) if !matches!(u.scheme(), "http" | "https") => {
            format!("the scheme {:?} is not http or https", u.scheme())
        }
        Ok(u) if u.host_str().is_none_or(str::is_empty) => "the URL has no host".to_owned(),
        Ok(_) => return None,
        Err(url::ParseError::EmptyHost) => "the URL has no host".to_owned(),
        Err(url::ParseError::RelativeUrlWithoutBase) => {
            "not a path (starting with /) nor an http(s) URL".to_owned()
        }
        Err(e) => format!("not a valid URL ({e})"),
    })
}

/// Request target → the normalised path+query that [`super::RobotsTxt::check`] takes.
///
/// Accepts a full URL (`http://h/p?q#f`) or a request target (`/p?q`, `*`, `?q`). The
/// scheme and authority of a full URL are dropped the way Google's reference
/// (`GetPathParamsQuery`) drops them; so is the `#fragment`. The result is `/` when no path
/// remains, and a `/` is put before a leading `?` or `;`. Then, as for rule values, valid
/// `%xx` escapes get upper-case hex and bytes >= 0x80 are percent-encoded; nothing is
/// decoded.
///
/// Anything that starts with `/` is an origin-form request target (RFC 9112 §3.2.1) and is
/// taken as a path as it stands: `//xmlrpc.php` stays `//xmlrpc.php` (Google's function
/// would read `xmlrpc.php` as a host there, but a log's request line has no authority).
///
/// `out` is cleared first, so one buffer can be reused for every request.
///
/// ```
/// use robots_audit::robots::normalize_target;
/// let mut out = Vec::new();
/// normalize_target(b"http://example.com/a%2fb/caf\xc3\xa9?q=1#frag", &mut out);
/// assert_eq!(out, b"/a%2Fb/caf%C3%A9?q=1");
/// normalize_target(b"?q", &mut out);
/// assert_eq!(out, b"/?q");
/// normalize_target(b"*", &mut out);
/// assert_eq!(out, b"/");
/// ```
pub fn normalize_target(raw: &[u8], out: &mut Vec<u8>) {
    out.clear();
    // The common case: an origin-form target with no fragment, escape or non-ASCII byte,
    // which all of the below would copy unchanged.
    if raw.first() == Some(&b'/') && !needs_rewrite(raw) {
        out.extend_from_slice(raw);
        return;
    }
    let path = extract_path(raw);
    if path.is_empty() {
        out.push(b'/');
        return;
    }
    if path[0] != b'/' {
        out.push(b'/');
    }
    escape_into(path, out);
}

/// Does `b` hold a `#`, a `%` or a byte >= 0x80 (what [`normalize_target`] cuts or
/// rewrites)? Eight bytes at a time: a byte equal to a needle is a zero byte of the word
/// xor the needle, found by the "has a zero byte" test (exact as a yes/no answer).
#[inline]
fn needs_rewrite(b: &[u8]) -> bool {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    let has_zero = |x: u64| x.wrapping_sub(LO) & !x & HI != 0;
    let mut words = b.chunks_exact(8);
    for word in &mut words {
        let w = u64::from_le_bytes(word.try_into().expect("chunks_exact gives 8 bytes"));
        if w & HI != 0
            || has_zero(w ^ (LO * u64::from(b'#')))
            || has_zero(w ^ (LO * u64::from(b'%')))
        {
            return true;
        }
    }
    words
        .remainder()
        .iter()
        .any(|&c| c == b'#' || c == b'%' || c >= 0x80)
}

/// The path, params and query of `url`, without the fragment; may be empty (meaning `/`).
/// Follows Google's `GetPathParamsQuery`.
fn extract_path(url: &[u8]) -> &[u8] {
    let find_any = |from: usize, set: &[u8]| -> Option<usize> {
        url.get(from..)?
            .iter()
            .position(|b| set.contains(b))
            .map(|i| i + from)
    };
    // Origin-form request target: the common case in logs, taken as it stands.
    if url.first() == Some(&b'/') {
        let end = memchr::memchr(b'#', url).unwrap_or(url.len());
        return &url[..end];
    }
    let early_path = find_any(0, b"/?;");
    let mut protocol_end = memmem::find(url, b"://");
    if let (Some(early), Some(proto)) = (early_path, protocol_end)
        && early < proto
    {
        // A path, param or query starts before "://": it is not a scheme separator.
        protocol_end = None;
    }
    let authority_start = protocol_end.map_or(0, |p| p + 3);
    let Some(path_start) = find_any(authority_start, b"/?;") else {
        return b"";
    };
    let hash = memchr::memchr(b'#', url);
    match hash {
        Some(h) if h < path_start => b"",
        Some(h) => &url[path_start..h],
        None => &url[path_start..],
    }
}

/// One compiled pattern: literal pieces between `*`s, and whether it ends in `$`.
///
/// The pieces live in a shared arena owned by the [`super::RobotsTxt`]; a `Pattern` holds
/// only offsets into it, so compiled rules stay small and `Send + Sync` for free.
#[derive(Clone, Debug)]
pub(crate) struct Pattern {
    /// Index of the first piece in the piece table.
    first_piece: u32,
    /// Number of pieces (>= 1; a pattern without `*` has exactly one).
    n_pieces: u32,
    /// The pattern ended in `$`: the match must reach the end of the path.
    anchored: bool,
}

impl Pattern {
    /// Whether the pattern ended in `$`.
    pub(crate) fn anchored(&self) -> bool {
        self.anchored
    }
}

/// Arena of pattern pieces: `(start, len)` into `bytes`.
#[derive(Clone, Debug, Default)]
pub(crate) struct PieceArena {
    bytes: Vec<u8>,
    pieces: Vec<(u32, u32)>,
}

impl PieceArena {
    /// Compiles a normalised pattern. A `$` is special only as the last byte; runs of `*`
    /// collapse (they match the same strings).
    pub(crate) fn compile(&mut self, pattern: &[u8]) -> Pattern {
        let (body, anchored) = match pattern.split_last() {
            Some((b'$', rest)) => (rest, true),
            _ => (pattern, false),
        };
        let first_piece = self.pieces.len() as u32;
        let mut n_pieces = 0u32;
        let mut rest = body;
        loop {
            match memchr::memchr(b'*', rest) {
                Some(i) => {
                    // Consecutive stars give empty middle pieces: skip them, except that
                    // the first piece is kept even when empty (it anchors the start).
                    if i > 0 || n_pieces == 0 {
                        self.push_piece(&rest[..i]);
                        n_pieces += 1;
                    }
                    rest = &rest[i + 1..];
                }
                None => {
                    self.push_piece(rest);
                    n_pieces += 1;
                    break;
                }
            }
        }
        Pattern {
            first_piece,
            n_pieces,
            anchored,
        }
    }

    fn push_piece(&mut self, piece: &[u8]) {
        let start = self.bytes.len() as u32;
        self.bytes.extend_from_slice(piece);
        self.pieces.push((start, piece.len() as u32));
    }

    fn piece(&self, index: u32) -> &[u8] {
        let (start, len) = self.pieces[index as usize];
        &self.bytes[start as usize..(start + len) as usize]
    }

    /// Where the literal prefix of `p` lives in the arena (see [`Self::span`]).
    pub(crate) fn first_piece_span(&self, p: &Pattern) -> (u32, u32) {
        self.pieces[p.first_piece as usize]
    }

    /// Bytes of a span from [`Self::first_piece_span`].
    #[inline]
    pub(crate) fn span(&self, (start, len): (u32, u32)) -> &[u8] {
        &self.bytes[start as usize..(start + len) as usize]
    }

    /// The literal prefix every match must start with.
    pub(crate) fn first_piece(&self, p: &Pattern) -> &[u8] {
        self.piece(p.first_piece)
    }

    /// Where piece `k` (0: the first) of `p` lives in the arena (see [`Self::span`]).
    pub(crate) fn piece_span(&self, p: &Pattern, k: usize) -> (u32, u32) {
        self.pieces[p.first_piece as usize + k]
    }

    /// The pattern's pieces, first (anchored at the start) to last.
    pub(crate) fn pieces(&self, p: &Pattern) -> impl ExactSizeIterator<Item = &[u8]> + '_ {
        (p.first_piece..p.first_piece + p.n_pieces).map(|i| self.piece(i))
    }

    /// Whether `p` matches `path` (anchored at the start of the path).
    #[inline]
    pub(crate) fn matches(&self, p: &Pattern, path: &[u8]) -> bool {
        self.matches_with(p, path, &mut Fast)
    }

    /// [`Self::matches`] with a plain substring search in place of `memmem`, counting byte
    /// comparisons, so tests can bound the work (see [`super::pattern_match_counted`]).
    pub(crate) fn matches_counted(&self, p: &Pattern, path: &[u8], steps: &mut u64) -> bool {
        let mut counted = Counted(0);
        let matched = self.matches_with(p, path, &mut counted);
        *steps += counted.0;
        matched
    }

    /// The matcher, with the substring search of `search`: the first piece anchored at the
    /// start, each middle piece found leftmost after the previous one, the last one anywhere
    /// after that or, when anchored, at the end.
    #[inline]
    pub(crate) fn matches_with<S: Search>(&self, p: &Pattern, path: &[u8], search: &mut S) -> bool {
        let first = self.piece(p.first_piece);
        if !search.starts_with(path, first) {
            return false;
        }
        search.add(1);
        if p.n_pieces == 1 {
            return !p.anchored || path.len() == first.len();
        }
        let mut pos = first.len();
        let last_index = p.first_piece + p.n_pieces - 1;
        for index in p.first_piece + 1..last_index {
            let piece = self.piece(index);
            match search.find(&path[pos..], piece) {
                Some(i) => pos += i + piece.len(),
                None => return false,
            }
        }
        let last = self.piece(last_index);
        if p.anchored {
            path.len() - pos >= last.len()
                && search.starts_with(&path[path.len() - last.len()..], last)
        } else {
            last.is_empty() || search.find(&path[pos..], last).is_some()
        }
    }
}

/// The substring search a match uses, and its step counter: [`Fast`] (memchr's `memmem`,
/// nothing counted) for queries, [`Counted`] (a plain search counting byte comparisons) for
/// tests that bound the work.
pub(crate) trait Search {
    /// Whether `hay` starts with `needle`.
    fn starts_with(&mut self, hay: &[u8], needle: &[u8]) -> bool;
    /// The first position of `needle` in `hay`.
    fn find(&mut self, hay: &[u8], needle: &[u8]) -> Option<usize>;
    /// Counts `n` steps of other work.
    fn add(&mut self, n: u64);
}

/// [`Search`] with `memmem`, counting nothing.
pub(crate) struct Fast;

impl Search for Fast {
    #[inline]
    fn starts_with(&mut self, hay: &[u8], needle: &[u8]) -> bool {
        hay.starts_with(needle)
    }

    #[inline]
    fn find(&mut self, hay: &[u8], needle: &[u8]) -> Option<usize> {
        memmem::find(hay, needle)
    }

    #[inline]
    fn add(&mut self, _: u64) {}
}

/// [`Search`] by plain comparison, counting every byte compared (and one step for each
/// failed length test and each [`Search::add`]ed step).
pub(crate) struct Counted(pub(crate) u64);

impl Search for Counted {
    fn starts_with(&mut self, hay: &[u8], needle: &[u8]) -> bool {
        starts_with_counted(hay, needle, &mut self.0)
    }

    fn find(&mut self, hay: &[u8], needle: &[u8]) -> Option<usize> {
        find_counted(hay, needle, &mut self.0)
    }

    fn add(&mut self, n: u64) {
        self.0 += n;
    }
}

/// Whether `pattern` (literal bytes and `*`, with an implicit trailing `*`) matches the start
/// of `path`. Used for Yandex `Clean-param` prefixes; no `$` anchoring there.
pub(crate) fn glob_prefix_match(pattern: &[u8], path: &[u8]) -> bool {
    let mut pieces = pattern.split(|&b| b == b'*');
    // `split` always yields at least one (possibly empty) piece.
    let first = pieces.next().unwrap_or_default();
    if !path.starts_with(first) {
        return false;
    }
    let mut pos = first.len();
    for piece in pieces.filter(|p| !p.is_empty()) {
        match memmem::find(&path[pos..], piece) {
            Some(i) => pos += i + piece.len(),
            None => return false,
        }
    }
    true
}

fn starts_with_counted(hay: &[u8], needle: &[u8], steps: &mut u64) -> bool {
    if hay.len() < needle.len() {
        *steps += 1;
        return false;
    }
    for (a, b) in hay.iter().zip(needle) {
        *steps += 1;
        if a != b {
            return false;
        }
    }
    true
}

fn find_counted(hay: &[u8], needle: &[u8], steps: &mut u64) -> Option<usize> {
    if needle.len() > hay.len() {
        *steps += 1;
        return None;
    }
    (0..=hay.len() - needle.len()).find(|&start| starts_with_counted(&hay[start..], needle, steps))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalize_fast_path_agrees_with_the_full_rewrite() {
        // The full rewrite alone, as normalize_target did it before its fast path.
        fn full(raw: &[u8]) -> Vec<u8> {
            let mut out = Vec::new();
            let path = extract_path(raw);
            if path.is_empty() {
                out.push(b'/');
                return out;
            }
            if path[0] != b'/' {
                out.push(b'/');
            }
            escape_into(path, &mut out);
            out
        }
        let mut out = Vec::new();
        for len in 1..=40 {
            let base: Vec<u8> = (0..len).map(|i| b"/a1?=;b&"[i % 8]).collect();
            let mut cases = vec![base.clone()];
            for at in 0..len {
                for c in [b'#', b'%', 0x80, 0xff, 0xc3, b'a' ^ 0x80, b'$', b'&', b'"'] {
                    let mut v = base.clone();
                    v[at] = c;
                    cases.push(v.clone());
                    if at + 2 < len {
                        v[at + 1] = b'4';
                        v[at + 2] = b'f';
                        cases.push(v);
                    }
                }
            }
            for case in cases {
                normalize_target(&case, &mut out);
                assert_eq!(out, full(&case), "{:?}", String::from_utf8_lossy(&case));
            }
        }
    }

    fn m(pattern: &str, path: &str) -> bool {
        let mut arena = PieceArena::default();
        let p = arena.compile(pattern.as_bytes());
        let fast = arena.matches(&p, path.as_bytes());
        let mut steps = 0;
        assert_eq!(fast, arena.matches_counted(&p, path.as_bytes(), &mut steps));
        fast
    }

    #[test]
    fn google_pattern_basics() {
        let table: &[(&str, &str, bool)] = &[
            ("/", "/anything", true),
            ("/*", "/", true),
            ("/fish", "/fish.html", true),
            ("/fish", "/Fish", false),
            ("/fish*", "/fishheads", true),
            ("/*.php", "/a/b.php?x", true),
            ("/*.php$", "/a/b.php?x", false),
            ("/*.php$", "/a/b.php", true),
            ("/fish*.php", "/fishheads/catfish.php?parameters", true),
            ("/a$b", "/a$b/c", true),
            ("/a$b", "/ab", false),
            ("$", "/", false),
            ("/$", "/", true),
            ("/$", "/x", false),
            (
                "/*a*a*a*a*a*a*a*a*b",
                "/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
                false,
            ),
            ("/**x", "/ax", true),
            ("/a*$", "/abc", true),
            ("/a*bc$", "/abcbc", true),
            ("/a*bc$", "/abcb", false),
            ("*", "/", true),
        ];
        for &(pattern, path, want) in table {
            assert_eq!(m(pattern, path), want, "{pattern} vs {path}");
        }
    }

    #[test]
    fn google_escape_pattern() {
        let mut out = Vec::new();
        escape_into(b"/a%2fb%zz%4", &mut out);
        assert_eq!(out, b"/a%2Fb%zz%4");
        out.clear();
        escape_into("/ツ".as_bytes(), &mut out);
        assert_eq!(out, b"/%E3%83%84");
    }

    #[test]
    fn google_normalize_target_table() {
        let table: &[(&[u8], &[u8])] = &[
            (b"", b"/"),
            (b"http://foo.bar", b"/"),
            (b"http://foo.bar/", b"/"),
            (b"http://foo.bar/x/y?q#f", b"/x/y?q"),
            (b"http://foo.bar?q", b"/?q"),
            (b"http://foo.bar;p", b"/;p"),
            (b"http://foo.bar#f/x", b"/"),
            (b"http://foo.bar//folder/a", b"//folder/a"),
            (b"//foo.bar/x", b"//foo.bar/x"),
            (b"//xmlrpc.php", b"//xmlrpc.php"),
            (b"/a://b", b"/a://b"),
            (b"/x#y", b"/x"),
            (b"?q", b"/?q"),
            (b";p", b"/;p"),
            (b"*", b"/"),
            (b"foo.bar/x", b"/x"),
            (b"/%e3%83%84", b"/%E3%83%84"),
            (b"/\xe3\x83\x84", b"/%E3%83%84"),
        ];
        let mut out = Vec::new();
        for &(raw, want) in table {
            normalize_target(raw, &mut out);
            assert_eq!(out, want, "{}", String::from_utf8_lossy(raw));
        }
    }
}
