//! Product tokens of a User-Agent header (RFC 9309 §2.2.1, spec §8), and the signs that an
//! unknown client is automated.
//!
//! A header is a list of products (`Name/version`) and parenthesised (or bracketed)
//! comments. The tokens are the name of each product and each word inside a comment, cut to
//! `[A-Za-z0-9_.-]` (so `rv:109.0` gives `rv`, `Yahoo!` gives `yahoo`). URLs and e-mail
//! addresses are contact details, not tokens: `+http://www.google.com/bot.html` gives no
//! `bot`. Only whole tokens ever match: a robots.txt group `bot` must not capture `mybot`.

/// One word of a header, as written.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Word<'a> {
    /// The name, cut to `[A-Za-z0-9_.-]`, at least one letter, original case.
    pub text: &'a [u8],
    /// The word as written up to its first `/` (`Hatena::Crawler`, `trendictionbot0.5.0`).
    pub raw: &'a [u8],
    /// Which element (`;`/`,`-separated part) of the header it is in, counted from 0.
    pub element: usize,
    /// Written as `Name/version`.
    pub versioned: bool,
    /// The device-model part of an Android comment (`Linux; Android 10; CUBOT X30`) or a
    /// `… Build/…` element: a phone called "Cubot" is no robot.
    pub device: bool,
}

/// A header cut into words, with its contact details noted.
#[derive(Debug, Default)]
pub(crate) struct Scan<'a> {
    pub words: Vec<Word<'a>>,
    /// A `+http…`/`+www…` contact, an e-mail address, or a URL inside a comment: the
    /// conventions of declared robots (spec §8), never of browsers.
    pub contact: bool,
    /// Elements seen so far (numbering for [`Word::element`]).
    elements: usize,
}

/// The product tokens of a User-Agent header, per RFC 9309 §2.2.1 / spec §8: each
/// `Name/version` and each name inside the parenthesised comment; lower-case; whole tokens
/// only; in header order, without duplicates.
///
/// ```
/// use robots_audit::crawlers::product_tokens;
/// let ua = b"Mozilla/5.0 (compatible; FooBot/1.2; +http://foo.example/bot.html)";
/// assert_eq!(product_tokens(ua), ["mozilla", "compatible", "foobot"]);
/// ```
pub fn product_tokens(user_agent: &[u8]) -> Vec<String> {
    tokens_of(&scan(user_agent))
}

/// The product tokens of a header that a robots.txt group could name to make the client a
/// crawler (spec §8): [`product_tokens`] without the ones every browser carries
/// ([`is_browser_token`]).
///
/// ```
/// use robots_audit::crawlers::nameable_tokens;
/// let ua = b"Mozilla/5.0 (X11; Linux x86_64) python-requests/2.32.3";
/// assert_eq!(nameable_tokens(ua), ["python-requests"]);
/// let phone = b"Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) \
///     Chrome/131.0.0.0 Mobile Safari/537.36";
/// assert_eq!(nameable_tokens(phone), ["sm-s918b"]);
/// ```
pub fn nameable_tokens(user_agent: &[u8]) -> Vec<String> {
    nameable_of(&scan(user_agent))
}

/// [`nameable_tokens`] of a scan: browser words are skipped before anything is allocated.
pub(crate) fn nameable_of(scan: &Scan<'_>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for w in &scan.words {
        if is_browser_word(w.text) {
            continue;
        }
        let lower = lower_ascii(w.text);
        if !out.contains(&lower) {
            out.push(lower);
        }
    }
    out
}

/// The lower-cased, de-duplicated names of a scan's words.
pub(crate) fn tokens_of(scan: &Scan<'_>) -> Vec<String> {
    let mut out: Vec<String> = Vec::with_capacity(scan.words.len());
    for w in &scan.words {
        let lower = lower_ascii(w.text);
        if !out.contains(&lower) {
            out.push(lower);
        }
    }
    out
}

/// `bytes` (ASCII by construction of [`Word`]) as a lower-case `String`.
pub(crate) fn lower_ascii(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|&b| char::from(b.to_ascii_lowercase()))
        .collect()
}

/// Bytes that may appear in a token name.
pub(crate) fn is_name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.')
}

/// Cuts a header into words (see [`Word`]) and notes contact details.
pub(crate) fn scan(ua: &[u8]) -> Scan<'_> {
    let mut out = Scan::default();
    // Split into top-level text and comments; a comment runs from an opening `(` or `[` at
    // depth 0 to the bracket that closes it (nested brackets stay inside; an unclosed comment
    // runs to the end).
    let mut depth = 0usize;
    let mut start = 0usize;
    for (i, &b) in ua.iter().enumerate() {
        match b {
            b'(' | b'[' => {
                if depth == 0 {
                    scan_part(&ua[start..i], false, &mut out);
                    start = i + 1;
                }
                depth += 1;
            }
            b')' | b']' if depth > 0 => {
                depth -= 1;
                if depth == 0 {
                    scan_part(&ua[start..i], true, &mut out);
                    start = i + 1;
                }
            }
            _ => {}
        }
    }
    scan_part(&ua[start..], depth > 0, &mut out);
    out
}

/// Scans one top-level run or one comment: elements split at `;`, `,` and brackets, words at
/// whitespace.
fn scan_part<'a>(part: &'a [u8], in_comment: bool, out: &mut Scan<'a>) {
    let elements = part.split(|&b| matches!(b, b';' | b',' | b'(' | b')' | b'[' | b']'));
    let mut after_android = false;
    for element in elements {
        let element = element.trim_ascii();
        if element.is_empty() {
            continue;
        }
        out.elements += 1;
        // The element after `Android N` in an Android comment is the device model.
        let device = in_comment && (after_android || contains_ci(element, b"build/"));
        after_android = in_comment && starts_with_ci(element, b"android");
        for raw in element.split(|b| b.is_ascii_whitespace()) {
            if raw.is_empty() {
                continue;
            }
            if is_contact(raw) {
                // RFC 9309 §2.2.1 suggests `+http…` contact URLs; robots also give e-mail
                // addresses, or plain URLs in a comment. Browsers do neither.
                if raw.starts_with(b"+") || raw.contains(&b'@') || in_comment {
                    out.contact = true;
                }
                continue;
            }
            let (raw, versioned) = match raw.iter().position(|&b| b == b'/') {
                Some(slash) => (&raw[..slash], true),
                None => (raw, false),
            };
            if let Some(text) = clean_name(raw) {
                let element = out.elements - 1;
                out.words.push(Word {
                    text,
                    raw,
                    element,
                    versioned,
                    device,
                });
            }
        }
    }
}

/// A URL or an e-mail address (possibly `+`-prefixed).
pub(crate) fn is_contact(word: &[u8]) -> bool {
    let w = word.strip_prefix(b"+").unwrap_or(word);
    starts_with_ci(w, b"http:")
        || starts_with_ci(w, b"https:")
        || starts_with_ci(w, b"www.")
        || contains_ci(w, b"://")
        || (w.contains(&b'@') && w.contains(&b'.'))
}

/// The leading run of name bytes after any leading punctuation, without trailing `.`/`-`;
/// `None` unless it holds a letter.
fn clean_name(word: &[u8]) -> Option<&[u8]> {
    let start = word.iter().position(|&b| b.is_ascii_alphanumeric())?;
    let rest = &word[start..];
    let end = rest
        .iter()
        .position(|&b| !is_name_byte(b))
        .unwrap_or(rest.len());
    let mut name = &rest[..end];
    while let [head @ .., b'.' | b'-'] = name {
        name = head;
    }
    name.iter().any(u8::is_ascii_alphabetic).then_some(name)
}

/// ASCII case-insensitive prefix test.
pub(crate) fn starts_with_ci(hay: &[u8], prefix: &[u8]) -> bool {
    hay.len() >= prefix.len() && hay[..prefix.len()].eq_ignore_ascii_case(prefix)
}

/// ASCII case-insensitive substring test (short needles, short haystacks).
pub(crate) fn contains_ci(hay: &[u8], needle: &[u8]) -> bool {
    needle.is_empty()
        || hay
            .windows(needle.len())
            .any(|w| w.eq_ignore_ascii_case(needle))
}

/// A word that says "robot" (spec §8: bot, crawler, spider): `FooBot`, `robot`,
/// `SomeCrawler`, `Baiduspider`, `trendictionbot0.5.0`, `Hatena::Crawler`. Never a URL (URLs
/// give no words) nor a phone model (`CUBOT X30`).
pub(crate) fn is_bot_word(word: &Word<'_>) -> bool {
    if word.device {
        return false;
    }
    let w = word.raw;
    // `trendictionbot0.5.0`: a version glued to the name.
    let end = w
        .iter()
        .rposition(|b| !(b.is_ascii_digit() || *b == b'.'))
        .map_or(0, |i| i + 1);
    let w = &w[..end];
    let ends_bot = w.len() >= 3 && w[w.len() - 3..].eq_ignore_ascii_case(b"bot");
    ends_bot
        || contains_ci(w, b"bot-")
        || contains_ci(w, b"bot_")
        || contains_ci(w, b"crawl")
        || contains_ci(w, b"spider")
        || contains_ci(w, b"scraper")
}

/// A bot word that names no product by itself (`Foo Crawler`, `Linguee Bot`).
fn is_generic_bot_word(word: &Word<'_>) -> bool {
    [
        &b"bot"[..],
        b"robot",
        b"crawler",
        b"crawl",
        b"spider",
        b"scraper",
        b"webcrawler",
    ]
    .iter()
    .any(|g| word.text.eq_ignore_ascii_case(g))
}

/// True for the product tokens every browser carries (`mozilla`, `applewebkit`, `chrome`,
/// …). Spec §8 makes a client a crawler when a robots.txt group names one of its tokens;
/// these are left out of that rule, or a site with a `User-agent: Mozilla` group would turn
/// every visitor into a crawler.
pub fn is_browser_token(token: &str) -> bool {
    is_browser_word(token.as_bytes())
}

/// [`is_browser_token`] on a word as written (any case).
fn is_browser_word(word: &[u8]) -> bool {
    const BROWSERS: &[&[u8]] = &[
        b"edg",
        b"edge",
        b"opr",
        b"opera",
        b"samsungbrowser",
        b"crios",
        b"fxios",
        b"yabrowser",
    ];
    GENERIC
        .iter()
        .chain(BROWSERS)
        .any(|g| word.eq_ignore_ascii_case(g))
}

/// Words that say nothing about which product a header belongs to.
const GENERIC: &[&[u8]] = &[
    b"mozilla",
    b"compatible",
    b"applewebkit",
    b"khtml",
    b"like",
    b"gecko",
    b"chrome",
    b"safari",
    b"version",
    b"mobile",
    b"linux",
    b"windows",
    b"nt",
    b"win64",
    b"x64",
    b"wow64",
    b"x11",
    b"x86_64",
    b"macintosh",
    b"intel",
    b"mac",
    b"os",
    b"u",
    b"iphone",
    b"ipad",
    b"cpu",
    b"android",
    b"build",
    b"firefox",
    b"rv",
    b"trident",
    b"msie",
    b"wv",
    b"en",
    b"en-us",
    b"en-gb",
    b"x",
    b"ubuntu",
    b"arm",
    b"touch",
    b"i686",
    b"cros",
];

/// The name to report for an unknown automated client, always one of its product tokens as
/// written (the report's `crawler` column): its first bot-like word (the first word of that
/// word's element when the bot word is generic: `SISTRIX` for `SISTRIX Crawler`); else its
/// first versioned, non-generic product; else its first non-generic word; else its first word.
pub(crate) fn unknown_name(scan: &Scan<'_>) -> String {
    let text = |bytes: &[u8]| -> String { bytes.iter().map(|&b| char::from(b)).collect() };
    let generic = |w: &Word<'_>| GENERIC.iter().any(|g| w.text.eq_ignore_ascii_case(g));
    for (i, w) in scan.words.iter().enumerate() {
        if !is_bot_word(w) {
            continue;
        }
        if !is_generic_bot_word(w) {
            return text(w.text);
        }
        let first = scan.words[..i]
            .iter()
            .rposition(|p| p.element != w.element)
            .map_or(0, |j| j + 1);
        if let Some(head) = scan.words[first..i].iter().find(|p| !generic(p)) {
            return text(head.text);
        }
    }
    let pick = scan
        .words
        .iter()
        .find(|w| w.versioned && !w.device && !generic(w) && !is_generic_bot_word(w))
        .or_else(|| {
            scan.words
                .iter()
                .find(|w| !w.device && !generic(w) && !is_generic_bot_word(w))
        })
        .or_else(|| scan.words.first());
    pick.map_or_else(|| String::from("unknown"), |w| text(w.text))
}

/// Whether an unregistered client declares itself automated (spec §8).
pub(crate) fn looks_automated(scan: &Scan<'_>) -> bool {
    scan.contact || scan.words.iter().any(is_bot_word)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_of_a_browser() {
        let ua =
            b"Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:109.0) Gecko/20100101 Firefox/115.0";
        assert_eq!(
            product_tokens(ua),
            [
                "mozilla", "windows", "nt", "win64", "x64", "rv", "gecko", "firefox"
            ]
        );
    }

    #[test]
    fn urls_and_emails_give_no_tokens() {
        let ua = b"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
        assert_eq!(product_tokens(ua), ["mozilla", "compatible", "googlebot"]);
        let ua = b"Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)";
        assert_eq!(
            product_tokens(ua),
            [
                "mozilla",
                "applewebkit",
                "khtml",
                "like",
                "gecko",
                "compatible",
                "claudebot"
            ]
        );
        assert!(scan(ua).contact);
    }

    #[test]
    fn product_names_keep_dots_and_underscores() {
        let ua = b"Mozilla/5.0 (compatible; archive.org_bot +http://archive.org/details/archive.org_bot)";
        assert_eq!(
            product_tokens(ua),
            ["mozilla", "compatible", "archive.org_bot"]
        );
        assert_eq!(product_tokens(b"ia_archiver"), ["ia_archiver"]);
        assert_eq!(product_tokens(b"Yahoo! Slurp"), ["yahoo", "slurp"]);
    }

    #[test]
    fn device_models_are_not_bots() {
        let ua = b"Mozilla/5.0 (Linux; Android 10; CUBOT X30) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36";
        let s = scan(ua);
        assert!(!looks_automated(&s), "{s:?}");
        let ua = b"Dalvik/2.1.0 (Linux; U; Android 9; CUBOT_KINGKONG_3 Build/PPR1.180610.011)";
        assert!(!looks_automated(&scan(ua)));
    }

    #[test]
    fn unknown_names() {
        let s = scan(b"Mozilla/5.0 (compatible; FooBot/1.0; +https://foo.example/bot)");
        assert!(looks_automated(&s));
        assert_eq!(unknown_name(&s), "FooBot");
        let s = scan(b"Mozilla/5.0 (compatible; Acme Fetch/2.0; +https://acme.example/)");
        assert!(looks_automated(&s));
        assert_eq!(unknown_name(&s), "Fetch");
        let s = scan(b"Mozilla/5.0 (compatible; SISTRIX Crawler; http://crawler.sistrix.net/)");
        assert_eq!(unknown_name(&s), "SISTRIX");
        let s = scan(b"Linguee Bot (http://www.linguee.com/bot; bot@linguee.com)");
        assert_eq!(unknown_name(&s), "Linguee");
        let s = scan(b"Mozilla/5.0 (compatible; +http://tweetedtimes.com)");
        assert!(looks_automated(&s));
        assert_eq!(unknown_name(&s), "Mozilla", "no better product token");
        let s = scan(b"Mozilla/5.0 (Windows; U; Windows NT 6.0; en-GB; rv:1.0; trendictionbot0.5.0; trendiction search; http://www.trendiction.de/bot)");
        assert_eq!(unknown_name(&s), "trendictionbot0.5.0");
        let s = scan(b"Hatena::Russia::Crawler/0.01");
        assert!(looks_automated(&s));
        let s = scan(b"Synapse (bot; +https://github.com/matrix-org/synapse)");
        assert_eq!(unknown_name(&s), "Synapse");
        let s = scan(b"");
        assert!(!looks_automated(&s));
        assert_eq!(unknown_name(&s), "unknown");
    }

    #[test]
    fn unbalanced_comments_do_not_panic() {
        for ua in [
            &b"(("[..],
            b"))",
            b"a (b; c",
            b"a) b (",
            b"[x(y]z)",
            b"+",
            b"/",
            b"\xff\xfe(\xff)",
        ] {
            let _ = product_tokens(ua);
        }
    }
}
