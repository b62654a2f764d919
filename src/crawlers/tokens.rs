//! Product tokens of a User-Agent header (RFC 9309 §2.2.1;
//! docs/identification.md, "Unknown automated clients"), and the signs that an unknown client is
//! automated.
//!
//! A header is a list of products (`Name/version`) and parenthesised (or bracketed)
//! comments. The tokens are the name of each product and each word inside a comment, cut to
//! `[A-Za-z0-9_.-]` (so `rv:109.0` gives `rv`, `Yahoo!` gives `yahoo`). URLs and e-mail
//! addresses are contact details, not tokens: `+http://www.google.com/bot.html` gives no
//! `bot`. Only whole tokens ever match: a robots.txt group `bot` must not capture `mybot`.

use std::sync::LazyLock;

use foldhash::HashSet;
use memchr::memmem::Finder;

/// One word of a header, as written.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Word<'a> {
    /// The name, cut to `[A-Za-z0-9_.-]`, at least one letter, original case.
    pub text: &'a [u8],
    /// The word as written up to its first `/` (`Hatena::Crawler`, `trendictionbot0.5.0`).
    pub raw: &'a [u8],
    /// Where `raw` starts in the header.
    pub start: usize,
    /// Which element (`;`/`,`-separated part) of the header it is in, counted from 0.
    pub element: usize,
    /// Which whitespace-separated piece of the header it is, counted from 0 (pieces that
    /// give no word, such as `-` or `2.0`, count too): consecutive words of one name have
    /// consecutive positions.
    pub position: usize,
    /// Written as `Name/version`.
    pub versioned: bool,
    /// Inside a parenthesised or bracketed comment.
    pub in_comment: bool,
    /// In a comment after its `compatible` element (`(compatible; FooBot/1.0)`): where
    /// robots that wear a browser's header put their own name.
    pub after_compatible: bool,
    /// Named only as a comparison: right after `like`, `following`, `compatible with` or
    /// `similar to` (`FreshRSS/1.11 (…) like Googlebot`).
    pub reference: bool,
    /// The device-model part of an Android comment (`Linux; Android 10; CUBOT X30`) or a
    /// `… Build/…` element: a phone called "Cubot" is no robot.
    pub device: bool,
    /// One of the words every browser carries ([`is_browser_word`]), looked up once here:
    /// several questions about a header ask it of every word.
    pub browser: bool,
}

/// A header cut into words, with its contact details noted.
#[derive(Debug, Default)]
pub(crate) struct Scan<'a> {
    pub words: Vec<Word<'a>>,
    /// A `+http…`/`+www…` contact, an e-mail address, or a URL inside a comment: the
    /// conventions of declared robots (docs/identification.md, "Unknown automated clients"), never
    /// of browsers.
    pub contact: bool,
    /// The first URL or e-mail address of the header, if any (a name of last resort).
    pub first_contact: Option<&'a [u8]>,
    /// Elements seen so far (numbering for [`Word::element`]).
    elements: usize,
    /// Pieces seen so far (numbering for [`Word::position`]).
    pieces: usize,
}

/// The product tokens of a User-Agent header, per RFC 9309 §2.2.1 and
/// docs/identification.md, "Unknown automated clients": each `Name/version` and each name inside
/// the parenthesised comment; lower-case; whole tokens only; in header order, without duplicates.
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
/// crawler (docs/identification.md, "Clients a group names"): [`product_tokens`] without the ones
/// every browser carries ([`is_browser_token`]).
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
    let mut out = Distinct::new(scan.words.len());
    for w in &scan.words {
        // (Tokens are kept in lower case: a word equal to one ignoring case is a repeat, and
        // needs no lower-case copy.)
        if w.browser || out.has(w.text) {
            continue;
        }
        out.push(lower_ascii(w.text));
    }
    out.into_vec()
}

/// The lower-cased, de-duplicated names of a scan's words.
pub(crate) fn tokens_of(scan: &Scan<'_>) -> Vec<String> {
    let mut out = Distinct::new(scan.words.len());
    for w in &scan.words {
        if !out.has(w.text) {
            out.push(lower_ascii(w.text));
        }
    }
    out.into_vec()
}

/// Lower-case names without repeats, in order. A header's few words are compared in a line;
/// a crafted one of 60,000 words compared each with all before it took seconds a header, so
/// past a few dozen a set answers.
struct Distinct {
    out: Vec<String>,
    seen: Option<HashSet<String>>,
}

impl Distinct {
    /// Words up to which a line of comparisons is cheaper than hashing.
    const LINEAR: usize = 32;

    fn new(words: usize) -> Distinct {
        Distinct {
            out: Vec::with_capacity(words.min(64)),
            seen: (words > Self::LINEAR).then(HashSet::default),
        }
    }

    /// Whether a name equal to `word` ignoring case is in.
    fn has(&self, word: &[u8]) -> bool {
        match &self.seen {
            Some(seen) => seen.contains(lower_ascii(word).as_str()),
            None => self
                .out
                .iter()
                .any(|t| t.as_bytes().eq_ignore_ascii_case(word)),
        }
    }

    /// Adds a lower-case name not in yet.
    fn push(&mut self, lower: String) {
        if let Some(seen) = &mut self.seen {
            seen.insert(lower.clone());
        }
        self.out.push(lower);
    }

    fn into_vec(self) -> Vec<String> {
        self.out
    }
}

/// [`tokens_of`] without the names the header only compares its client to (`like
/// Googlebot`, `compatible with Googlebot`): the tokens an unknown robot answers to, so that a
/// `Googlebot` group does not judge `SentiBot (compatible with Googlebot)`. The words every
/// browser carries ([`is_browser_token`]: `mozilla`, `compatible`…) come after the robot's own,
/// so that a `User-agent: Mozilla` group does not take `FooBot` from its own group.
pub(crate) fn own_tokens_of(scan: &Scan<'_>) -> Vec<String> {
    let mut out = Distinct::new(scan.words.len());
    let mut browser = Distinct::new(scan.words.len());
    for w in scan.words.iter().filter(|w| !w.reference) {
        let list = if w.browser { &mut browser } else { &mut out };
        if !list.has(w.text) {
            list.push(lower_ascii(w.text));
        }
    }
    let mut out = out.into_vec();
    out.append(&mut browser.into_vec());
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
    // Room for the words of most headers at once, not grown by doubling from one.
    let mut out = Scan {
        words: Vec::with_capacity(WORDS_AT_ONCE),
        ..Scan::default()
    };
    // Split into top-level text and comments; a comment runs from an opening `(` or `[` at
    // depth 0 to the bracket that closes it (nested brackets stay inside; an unclosed comment
    // runs to the end).
    let mut depth = 0usize;
    let mut start = 0usize;
    for (i, &b) in ua.iter().enumerate() {
        match b {
            b'(' | b'[' => {
                if depth == 0 {
                    scan_part(ua, start, i, false, &mut out);
                    start = i + 1;
                }
                depth += 1;
            }
            b')' | b']' if depth > 0 => {
                depth -= 1;
                if depth == 0 {
                    scan_part(ua, start, i, true, &mut out);
                    start = i + 1;
                }
            }
            _ => {}
        }
    }
    scan_part(ua, start, ua.len(), depth > 0, &mut out);
    out
}

/// The words [`scan`] makes room for at first: a browser's header has 10 to 20.
const WORDS_AT_ONCE: usize = 24;

/// Separates the elements of a header part.
fn is_element_break(b: u8) -> bool {
    matches!(b, b';' | b',' | b'(' | b')' | b'[' | b']')
}

/// Scans `ua[from..to]`, one top-level run or one comment: elements split at `;`, `,` and
/// brackets, pieces at whitespace.
fn scan_part<'a>(ua: &'a [u8], from: usize, to: usize, in_comment: bool, out: &mut Scan<'a>) {
    let mut after_android = false;
    let mut after_compatible = false;
    let mut at = from;
    while at < to {
        // One element: `ua[at..end]`.
        let end = ua[at..to]
            .iter()
            .position(|&b| is_element_break(b))
            .map_or(to, |i| at + i);
        let element = &ua[at..end];
        let mut offset = at;
        at = end + 1;
        let trimmed = element.trim_ascii();
        if trimmed.is_empty() {
            continue;
        }
        out.elements += 1;
        let element_index = out.elements - 1;
        // The element after `Android N` in an Android comment is the device model.
        let device = in_comment && (after_android || contains_ci(trimmed, b"build/"));
        after_android = in_comment && starts_with_ci(trimmed, b"android");
        // Words that follow a comparison word name another client.
        let mut previous: [&[u8]; 2] = [b"", b""];
        for piece in element.split(|b| b.is_ascii_whitespace()) {
            let piece_start = offset;
            offset += piece.len() + 1;
            if piece.is_empty() {
                continue;
            }
            out.pieces += 1;
            let reference = is_comparison(previous);
            previous = [previous[1], piece];
            // One pass for the first `/` and the `:` or `@` that every contact but `www.`
            // holds (see `is_contact`): most pieces are then known to be none.
            let mut slash = None;
            let mut colon_or_at = false;
            for (i, &b) in piece.iter().enumerate() {
                match b {
                    b'/' if slash.is_none() => slash = Some(i),
                    b':' | b'@' => colon_or_at = true,
                    _ => {}
                }
            }
            let maybe_contact =
                colon_or_at || starts_with_ci(piece, b"www.") || starts_with_ci(piece, b"+www.");
            if maybe_contact && is_contact(piece) {
                // RFC 9309 §2.2.1 suggests `+http…` contact URLs; robots also give e-mail
                // addresses, or plain URLs in a comment. Browsers do neither.
                if piece.starts_with(b"+") || is_email(piece) || in_comment {
                    out.contact = true;
                }
                out.first_contact.get_or_insert(piece);
                continue;
            }
            let (raw, versioned) = match slash {
                Some(slash) => (&piece[..slash], true),
                None => (piece, false),
            };
            if let Some(text) = clean_name(raw) {
                out.words.push(Word {
                    text,
                    raw,
                    start: piece_start,
                    element: element_index,
                    position: out.pieces - 1,
                    versioned,
                    in_comment,
                    after_compatible,
                    reference,
                    device,
                    browser: is_browser_word(text),
                });
            }
        }
        if in_comment && trimmed.eq_ignore_ascii_case(b"compatible") {
            after_compatible = true;
        }
    }
}

/// True if the two pieces before a word make it a comparison: `like X`, `following X`,
/// `compatible with X`, `similar to X`.
fn is_comparison(previous: [&[u8]; 2]) -> bool {
    let [before, last] = previous;
    last.eq_ignore_ascii_case(b"like")
        || last.eq_ignore_ascii_case(b"following")
        || (last.eq_ignore_ascii_case(b"with") && before.eq_ignore_ascii_case(b"compatible"))
        || (last.eq_ignore_ascii_case(b"to") && before.eq_ignore_ascii_case(b"similar"))
}

/// A URL or an e-mail address (possibly `+`-prefixed).
pub(crate) fn is_contact(word: &[u8]) -> bool {
    let w = word.strip_prefix(b"+").unwrap_or(word);
    // Each form but `www.` holds a `:` or an `@`, which most words (asked of every word of
    // a header) lack.
    if !w.iter().any(|&b| b == b':' || b == b'@') {
        return starts_with_ci(w, b"www.");
    }
    starts_with_ci(w, b"http:")
        || starts_with_ci(w, b"https:")
        || starts_with_ci(w, b"www.")
        || contains_ci(w, b"://")
        || is_email(w)
}

/// `local@domain.tld` (possibly `+`-prefixed or punctuated): a `/`-free local part and a
/// domain whose last label is letters. `ios@8.1.3.72` (Ecosia's version) is none, nor
/// `Name/x@y.z`.
fn is_email(word: &[u8]) -> bool {
    let w = word.strip_prefix(b"+").unwrap_or(word);
    let Some(at) = w.iter().position(|&b| b == b'@') else {
        return false;
    };
    let (local, domain) = (&w[..at], &w[at + 1..]);
    let domain = domain
        .iter()
        .position(|&b| !(b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-')))
        .map_or(domain, |end| &domain[..end]);
    let domain = domain.strip_suffix(b".").unwrap_or(domain);
    let tld = domain
        .iter()
        .rposition(|&b| b == b'.')
        .map(|dot| &domain[dot + 1..]);
    !local.is_empty()
        && !local.contains(&b'/')
        && tld.is_some_and(|t| t.len() >= 2 && t.iter().all(u8::is_ascii_alphabetic))
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

/// A word that says "robot" (docs/identification.md, "Unknown automated clients": bot, crawler,
/// spider): `FooBot`, `robot`, `SomeCrawler`, `Baiduspider`, `trendictionbot0.5.0`,
/// `Hatena::Crawler`. Never a URL (URLs give no words) nor a phone model (`CUBOT X30`).
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
    // The verb in prose (`Crawl your own stuff with http://grub.org`) names no robot.
    let verb = [&b"crawl"[..], b"crawls", b"crawled", b"crawling"]
        .iter()
        .any(|v| w.eq_ignore_ascii_case(v));
    let ends_bot = w.len() >= 3 && w[w.len() - 3..].eq_ignore_ascii_case(b"bot");
    !verb && (ends_bot || holds_robot_part(w))
}

/// Whether `w` holds `bot-`, `bot_`, `crawl`, `spider` or `scraper`, ignoring ASCII case: one
/// pass that compares only where a byte begins one of them (this is asked of every word of
/// most headers, and nearly always says no).
fn holds_robot_part(w: &[u8]) -> bool {
    let at = |i: usize, part: &[u8]| starts_with_ci(&w[i..], part);
    // (The parts are four bytes or more: none begins in a word's last three.)
    (0..w.len().saturating_sub(3)).any(|i| match w[i] | 0x20 {
        b'b' => at(i, b"bot-") || at(i, b"bot_"),
        b'c' => at(i, b"crawl"),
        b's' => at(i, b"spider") || at(i, b"scraper"),
        _ => false,
    })
}

/// A word that names no product by itself (`Foo Crawler`, `Linguee Bot`, `Web Crawler`).
fn is_generic_bot_word(word: &Word<'_>) -> bool {
    [
        &b"bot"[..],
        b"bots",
        b"robot",
        b"robots",
        b"crawler",
        b"crawl",
        b"spider",
        b"scraper",
        b"webcrawler",
        b"webbot",
        b"web",
        b"search",
        b"engine",
        b"the",
        b"a",
        b"an",
    ]
    .iter()
    .any(|g| word.text.eq_ignore_ascii_case(g))
}

/// True for the product tokens every browser carries (`mozilla`, `applewebkit`, `chrome`,
/// …). docs/identification.md, "Clients a group names" makes a client a crawler when a robots.txt
/// group names one of its tokens; these are left out of that rule, or a site with a `User-agent:
/// Mozilla` group would turn every visitor into a crawler.
pub fn is_browser_token(token: &str) -> bool {
    is_browser_word(token.as_bytes())
}

/// [`is_browser_token`] on a word as written (any case). Asked of every word of every header
/// a worker meets for the first time, so a look-up of the word in lower case, not a
/// comparison with each of the hundred words in turn.
fn is_browser_word(word: &[u8]) -> bool {
    static WORDS: LazyLock<HashSet<&'static [u8]>> =
        LazyLock::new(|| GENERIC.iter().chain(BROWSERS).copied().collect());
    let mut lower = [0u8; LONGEST_BROWSER_WORD];
    let Some(lower) = lower.get_mut(..word.len()) else {
        return false;
    };
    for (l, b) in lower.iter_mut().zip(word) {
        *l = b.to_ascii_lowercase();
    }
    WORDS.contains(&*lower)
}

/// The browsers' own product names.
const BROWSERS: &[&[u8]] = &[
    b"edg",
    b"edge",
    b"opr",
    b"opera",
    b"samsungbrowser",
    b"crios",
    b"fxios",
    b"yabrowser",
    // DuckDuckGo's browser (`… Mobile DuckDuckGo/5 Safari/537.36`): sites write
    // `User-agent: DuckDuckGo` for its search crawler, DuckDuckBot.
    b"duckduckgo",
];

/// The length of the longest word of [`GENERIC`] and [`BROWSERS`]: no longer word is one.
const LONGEST_BROWSER_WORD: usize = {
    let (generic, browsers) = (longest(GENERIC), longest(BROWSERS));
    if generic > browsers {
        generic
    } else {
        browsers
    }
};

/// The length of the longest of `words`.
const fn longest(words: &[&[u8]]) -> usize {
    let mut longest = 0;
    let mut i = 0;
    while i < words.len() {
        if words[i].len() > longest {
            longest = words[i].len();
        }
        i += 1;
    }
    longest
}

/// Words that say nothing about which product a header belongs to (lower case: see
/// [`is_browser_word`]).
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
    // Older browsers' and phones' platform words: never a product's name.
    b"sv1",
    b"slcc1",
    b"slcc2",
    b"slcc3",
    b"net",
    b"clr",
    b"media",
    b"center",
    b"pc",
    b"infopath.1",
    b"infopath.2",
    b"infopath.3",
    b"tablet",
    b"desktop",
    b"win32",
    b"win95",
    b"win98",
    b"ppc",
    b"i386",
    b"amd64",
    b"aarch64",
    b"arm64",
    b"iemobile",
    b"docomo",
    b"up.browser",
    b"mmp",
    b"gui",
    b"profile",
    b"configuration",
    b"midp",
    b"cldc",
    b"presto",
    b"webkit",
    b"chromium",
    b"unknown",
    b"thunderbird",
    b"seamonkey",
    b"iceweasel",
    b"netscape",
];

/// Words that are a version rather than a name: `v1`, `V2`, or digits with a dot and at most
/// two letters (`2.0b`, `v1.1`, `3.0x`); not `2Bone_LinkChecker`, `360Spider` nor `2ip`.
fn is_version_word(word: &Word<'_>) -> bool {
    let t = word.text;
    let t = t
        .strip_prefix(b"v")
        .or_else(|| t.strip_prefix(b"V"))
        .unwrap_or(t);
    if !t.first().is_some_and(u8::is_ascii_digit) {
        return false;
    }
    let letters = t.iter().filter(|b| b.is_ascii_alphabetic()).count();
    let rest_ok = t.iter().all(|&b| b.is_ascii_alphanumeric() || b == b'.');
    rest_ok && (letters == 0 || (letters <= 2 && t.contains(&b'.')))
}

/// Phone makers' product names (`KDDI-CA31`, `Nokia6820`, `SAMSUNG-SGH-E250`): the device a
/// robot pretends to be, not the robot.
fn is_phone_product(text: &[u8]) -> bool {
    [
        &b"kddi-"[..],
        b"samsung-",
        b"nokia",
        b"sonyericsson",
        b"blackberry",
        b"lg-",
        b"mot-",
        b"sie-",
        b"sharp-",
        b"sanyo",
        b"portalmmm",
        b"vodafone",
        b"sec-",
    ]
    .iter()
    .any(|p| starts_with_ci(text, p))
}

/// A comment element of one word like `en`, `en-US`, `zh_CN`: a language, not a name.
/// `alone`: the word is the only one of its element.
fn is_language(w: &Word<'_>, alone: bool) -> bool {
    let t = w.text;
    let letters = |s: &[u8]| s.len() == 2 && s.iter().all(u8::is_ascii_alphabetic);
    w.in_comment
        && alone
        && match t.len() {
            2 => letters(t),
            5 => letters(&t[..2]) && matches!(t[2], b'-' | b'_') && letters(&t[3..]),
            _ => false,
        }
}

/// Whether `words[i]` can be part of a product's name: not a browser or platform word, a
/// version, a language, a device model nor a comparison.
fn is_name_word(words: &[Word<'_>], i: usize) -> bool {
    let w = &words[i];
    // Words come in element order: a word is alone in its element when its neighbours are
    // in others.
    let alone = (i == 0 || words[i - 1].element != w.element)
        && words.get(i + 1).is_none_or(|n| n.element != w.element);
    !(w.browser || is_version_word(w) || w.reference || w.device || is_language(w, alone))
}

/// True if the header names nothing but browsers and platforms: no word that could be part
/// of a product's name, and no URL or e-mail address. Such a header (most of a log's) needs
/// no look-up in the crawler-user-agents list: a pattern matching it would match browsers.
pub(crate) fn only_browser_words(scan: &Scan<'_>) -> bool {
    scan.first_contact.is_none() && (0..scan.words.len()).all(|i| !is_name_word(&scan.words, i))
}

/// Consecutive words of one element that together name a product (`Tiny Tiny RSS`,
/// `SISTRIX Crawler`): the words `words[first..=last]`.
#[derive(Clone, Copy, Debug)]
struct Phrase {
    first: usize,
    last: usize,
}

/// The name phrases of a header: runs of consecutive words of one element that are not
/// browser or platform words, versions, languages, device models or comparisons; a
/// `Name/version` word ends its phrase.
fn phrases(words: &[Word<'_>]) -> Vec<Phrase> {
    let mut out: Vec<Phrase> = Vec::new();
    let mut current: Option<Phrase> = None;
    for (i, w) in words.iter().enumerate() {
        if !is_name_word(words, i) {
            out.extend(current.take());
            continue;
        }
        match &mut current {
            Some(p)
                if words[p.last].element == w.element
                    && words[p.last].position + 1 == w.position
                    && !words[p.last].versioned =>
            {
                p.last = i;
            }
            _ => {
                out.extend(current.take());
                current = Some(Phrase { first: i, last: i });
            }
        }
    }
    out.extend(current);
    out
}

/// At most this many words make a name (the last ones, nearest the product's version).
const NAME_WORDS: usize = 5;

/// A phrase as the report writes it: its words as written (up to any `/`, without
/// punctuation at their ends), one space apart.
fn phrase_text(words: &[Word<'_>], p: Phrase) -> String {
    let first = p.first.max((p.last + 1).saturating_sub(NAME_WORDS));
    let mut out = String::new();
    for w in &words[first..=p.last] {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(&word_text(w));
    }
    out
}

/// A word as written, trimmed of punctuation at its ends (`Y!J-ASR`, `Hatena::Crawler`,
/// `Let's`); its clean name when it holds anything but printable ASCII.
fn word_text(w: &Word<'_>) -> String {
    let raw = w.raw;
    let start = raw
        .iter()
        .position(u8::is_ascii_alphanumeric)
        .unwrap_or(raw.len());
    let end = raw
        .iter()
        .rposition(u8::is_ascii_alphanumeric)
        .map_or(start, |i| i + 1);
    let written = &raw[start..end.max(start)];
    let bytes = if !written.is_empty() && written.iter().all(u8::is_ascii_graphic) {
        written
    } else {
        w.text
    };
    bytes.iter().map(|&b| char::from(b)).collect()
}

/// The host of a contact URL or e-mail address (`+http://www.example.com/bot` →
/// `example.com`), if it has one.
fn contact_host(contact: &[u8]) -> Option<String> {
    let c = contact.strip_prefix(b"+").unwrap_or(contact);
    let rest = match c.iter().position(|&b| b == b'@') {
        Some(at) if is_email(c) => &c[at + 1..],
        _ => match c.windows(3).position(|w| w == b"://") {
            Some(i) => &c[i + 3..],
            None => c,
        },
    };
    let end = rest
        .iter()
        .position(|&b| !(b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-')))
        .unwrap_or(rest.len());
    let host = rest[..end].trim_ascii_end();
    let host = host.strip_suffix(b".").unwrap_or(host);
    let host = if starts_with_ci(host, b"www.") {
        &host[4..]
    } else {
        host
    };
    (host.contains(&b'.') && host.iter().any(u8::is_ascii_alphabetic))
        .then(|| host.iter().map(|&b| char::from(b)).collect())
}

/// The name to report for an unknown automated client (the report's `crawler` column): a
/// product the header names, as written, spaces included. In order of preference:
/// 1. the first name phrase holding a bot word (`FooBot`, `SISTRIX Crawler`,
///    `Linguee Bot`); a phrase of generic words only (`Web Crawler`, `bot`) gives the name
///    before it instead (`Grover/1.18 (Web Crawler)` → `Grover`);
/// 2. the first name in a comment after `compatible` (`(compatible; ichiro/mobile goo)`);
/// 3. the first `Name/version` outside comments that is no phone (`Chef Client/10.18.2`,
///    `Tiny Tiny RSS/1.11`);
/// 4. any other name phrase outside comments;
/// 5. the host of its contact URL or e-mail address (`+http://tweetedtimes.com` →
///    `tweetedtimes.com`);
/// 6. a name phrase in a comment;
/// 7. its first word, or `unknown`.
///
/// Browser and platform words (`Mozilla`, `compatible`, `SV1`, `DoCoMo`, …), versions,
/// languages, device models and names it only compares itself to (`like Googlebot`) are
/// never the name.
pub(crate) fn unknown_name(scan: &Scan<'_>) -> String {
    let mut name = choose_name(scan);
    // Hostile headers may hold words of any length: a name stays a name.
    if name.len() > MAX_NAME {
        name.truncate(MAX_NAME);
    }
    name
}

/// The longest name [`unknown_name`] gives, in bytes (names are ASCII).
const MAX_NAME: usize = 100;

/// [`unknown_name`] before it is bounded.
fn choose_name(scan: &Scan<'_>) -> String {
    let words = &scan.words;
    let all = phrases(words);
    let generic = |p: &Phrase| words[p.first..=p.last].iter().all(is_generic_bot_word);
    for (i, p) in all.iter().enumerate() {
        if !words[p.first..=p.last].iter().any(is_bot_word) {
            continue;
        }
        if !generic(p) {
            return phrase_text(words, *p);
        }
        if let Some(before) = all[..i].iter().rev().find(|q| !generic(q)) {
            return phrase_text(words, *before);
        }
    }
    let pick = all
        .iter()
        .find(|p| words[p.first].after_compatible && !generic(p))
        .or_else(|| {
            all.iter().find(|p| {
                let last = &words[p.last];
                last.versioned
                    && !last.in_comment
                    && !is_phone_product(words[p.first].text)
                    && !generic(p)
            })
        })
        .or_else(|| {
            all.iter()
                .find(|p| !words[p.first].in_comment && !generic(p))
        });
    if let Some(p) = pick {
        return phrase_text(words, *p);
    }
    if let Some(host) = scan.first_contact.and_then(contact_host) {
        return host;
    }
    if let Some(p) = all.iter().find(|p| !generic(p)) {
        return phrase_text(words, *p);
    }
    words
        .first()
        .map_or_else(|| String::from("unknown"), word_text)
}

/// The name of the product at `ua[start..end]` (where a pattern of the crawler-user-agents
/// list matched): the match without punctuation at its ends, widened to the whole words it
/// touches and cut before anything but letters, digits, `_-.!:'&` and spaces
/// (`Googlebot/2.1` → `Googlebot`, `…PingdomTMS/2020.2` → `PingdomTMS`, `Tiny Tiny RSS/19.8`
/// → `Tiny Tiny RSS`). `None` when the match lies in a URL or e-mail address, or gives no
/// name, or only a browser or platform word: the caller then names the client from its
/// words.
pub(crate) fn name_at(ua: &[u8], start: usize, end: usize) -> Option<String> {
    let keep = |b: u8| is_name_byte(b) || matches!(b, b' ' | b'!' | b':' | b'\'' | b'&');
    let (mut start, mut end) = (start, end.min(ua.len()));
    while start < end && !ua[start].is_ascii_alphanumeric() {
        start += 1;
    }
    while end > start && !ua[end - 1].is_ascii_alphanumeric() {
        end -= 1;
    }
    if start >= end || in_contact(ua, start, end) {
        return None;
    }
    if let Some(cut) = ua[start..end].iter().position(|&b| !keep(b)) {
        end = start + cut;
    }
    while start > 0 && is_name_byte(ua[start - 1]) {
        start -= 1;
    }
    while end < ua.len() && is_name_byte(ua[end]) {
        end += 1;
    }
    let name = ua[start..end].trim_ascii();
    let name = name
        .iter()
        .rposition(u8::is_ascii_alphanumeric)
        .map_or(&name[..0], |i| &name[..=i]);
    let usable = !name.is_empty()
        && name.len() <= 64
        && name.iter().any(u8::is_ascii_alphabetic)
        && !is_browser_word(name);
    usable.then(|| name.iter().map(|&b| char::from(b)).collect())
}

/// True if the match `ua[start..end]` lies in a URL or e-mail address (the word around it, cut
/// at whitespace, `;`, `,` and brackets).
pub(crate) fn in_contact(ua: &[u8], start: usize, end: usize) -> bool {
    let is_sep =
        |b: &u8| b.is_ascii_whitespace() || matches!(b, b';' | b',' | b'(' | b')' | b'[' | b']');
    let left = ua[..start].iter().rposition(is_sep).map_or(0, |i| i + 1);
    let right = ua[end..]
        .iter()
        .position(is_sep)
        .map_or(ua.len(), |i| end + i);
    is_contact(&ua[left..right])
}

/// The signs of a feed reader, in any client: a feed id (`feed-id:1162088860`,
/// `feed-id=728742641706423`) or a subscriber count (`1 subscriber`, `1000 subscribers`),
/// which feed services put in their headers.
pub(crate) fn has_feed_reader_signs(ua: &[u8]) -> bool {
    // The header in lower case, searched for each word: this runs on every header a worker
    // meets, and copying it (on the stack unless long) and two substring searches cost a few
    // hundred instructions, a tenth of one case-insensitive multi-pattern scan.
    static FEED_ID: LazyLock<Finder<'static>> = LazyLock::new(|| Finder::new(b"feed-id"));
    static SUBSCRIBER: LazyLock<Finder<'static>> = LazyLock::new(|| Finder::new(b"subscriber"));
    let mut on_stack = [0u8; LOWER_ON_STACK];
    let mut on_heap = Vec::new();
    let lower = match on_stack.get_mut(..ua.len()) {
        Some(lower) => lower,
        None => {
            on_heap.resize(ua.len(), 0);
            &mut on_heap[..]
        }
    };
    for (l, &b) in lower.iter_mut().zip(ua) {
        *l = b.to_ascii_lowercase();
    }
    let lower = &*lower;
    let feed_id = FEED_ID
        .find_iter(lower)
        .any(|at| matches!(lower.get(at + 7), Some(b':' | b'=')));
    // `N subscriber(s)`: a number before the word.
    feed_id
        || SUBSCRIBER.find_iter(lower).any(|at| {
            let before = ua[..at].trim_ascii_end();
            before.len() < at && before.last().is_some_and(u8::is_ascii_digit)
        })
}

/// Headers up to this long are lower-cased on the stack by [`has_feed_reader_signs`].
const LOWER_ON_STACK: usize = 512;

/// Whether an unregistered client declares itself automated
/// (docs/identification.md, "Unknown automated clients").
pub(crate) fn looks_automated(scan: &Scan<'_>) -> bool {
    scan.contact || scan.words.iter().any(is_bot_word)
}

/// Language runtimes that HTTP libraries name after themselves (`Python/3.11 aiohttp/3.9`,
/// `GuzzleHttp/7 PHP/8.2`): not a product of their own.
fn is_runtime_word(text: &[u8]) -> bool {
    [
        &b"python"[..],
        b"cpython",
        b"pypy",
        b"php",
        b"java",
        b"ruby",
        b"jruby",
        b"perl",
        b"node",
        b"nodejs",
        b"go",
        b"dart",
    ]
    .iter()
    .any(|r| text.eq_ignore_ascii_case(r))
}

/// Whether a product outside comments comes before byte `start` of the header (the start of
/// a library's name): then the header is that product's, which uses the library
/// (`W3C-checklink/4.5 libwww-perl/5.823`, `PHP-Curl-Class/4.13.0 (…) PHP/7.4 curl/7.69`).
pub(crate) fn product_before(scan: &Scan<'_>, start: usize) -> bool {
    scan.words.iter().any(|w| {
        w.start < start
            && !w.in_comment
            && !w.reference
            && !w.browser
            && !is_runtime_word(w.text)
            && !is_version_word(w)
    })
}

/// Whether the header says its client is a robot: a bot word of its own, not one it only
/// compares itself to.
pub(crate) fn declares_robot(scan: &Scan<'_>) -> bool {
    scan.words.iter().any(|w| !w.reference && is_bot_word(w))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Past a few dozen words the repeats are found by a set: the same names, in the same
    /// order, as comparing each word with those before it.
    #[test]
    fn many_words_keep_their_first_spelling_once() {
        let words: Vec<String> = (0..200).map(|i| format!("Bot{}", i % 70)).collect();
        let header = words.join(" ");
        let scanned = scan(header.as_bytes());
        let mut want: Vec<String> = Vec::new();
        for w in &scanned.words {
            let lower = lower_ascii(w.text);
            if !want.contains(&lower) {
                want.push(lower);
            }
        }
        assert_eq!(want.len(), 70);
        assert_eq!(tokens_of(&scanned), want);
        let upper = header.replace("Bot1", "BOT1");
        assert_eq!(tokens_of(&scan(upper.as_bytes())), want);
        // An unknown robot's own tokens, its browser words after them, each once.
        let robot = format!("FooBot/1.0 {header} Mozilla/5.0 mozilla/4.0");
        let own = own_tokens_of(&scan(robot.as_bytes()));
        assert_eq!(own.len(), 72, "{own:?}");
        assert_eq!(own.first().map(String::as_str), Some("foobot"));
        assert_eq!(own.last().map(String::as_str), Some("mozilla"));
    }

    /// The look-up answers as comparing the word with each browser word in any case did,
    /// for every browser word in three cases, each cut short and grown by a byte, and words
    /// longer than any.
    #[test]
    fn browser_words_are_found_in_any_case() {
        let by_comparison = |word: &[u8]| {
            GENERIC
                .iter()
                .chain(BROWSERS)
                .any(|g| word.eq_ignore_ascii_case(g))
        };
        let mut words: Vec<Vec<u8>> = vec![Vec::new(), b"x".repeat(40)];
        for g in GENERIC.iter().chain(BROWSERS) {
            assert!(g.iter().all(|b| !b.is_ascii_uppercase()), "{g:?}");
            for word in [g.to_vec(), g.to_ascii_uppercase(), {
                let mut w = g.to_vec();
                w[0] = w[0].to_ascii_uppercase();
                w
            }] {
                words.push(word[..word.len() - 1].to_vec());
                words.push([&word[..], b"s"].concat());
                words.push([&word[..], &word[..]].concat());
                words.push(word);
            }
        }
        let mut found = 0;
        for w in &words {
            assert_eq!(
                is_browser_word(w),
                by_comparison(w),
                "{:?}",
                String::from_utf8_lossy(w)
            );
            found += usize::from(is_browser_word(w));
        }
        // Each word in its three cases, and the few that are another cut short (`edg`).
        assert!(found >= 3 * (GENERIC.len() + BROWSERS.len()), "{found}");
    }

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
        let name = |ua: &str| unknown_name(&scan(ua.as_bytes()));
        let s = scan(b"Mozilla/5.0 (compatible; FooBot/1.0; +https://foo.example/bot)");
        assert!(looks_automated(&s));
        assert_eq!(unknown_name(&s), "FooBot");
        let s = scan(b"Mozilla/5.0 (compatible; Acme Fetch/2.0; +https://acme.example/)");
        assert!(looks_automated(&s));
        assert_eq!(unknown_name(&s), "Acme Fetch");
        let s = scan(b"Mozilla/5.0 (compatible; +http://tweetedtimes.com)");
        assert!(looks_automated(&s));
        assert_eq!(unknown_name(&s), "tweetedtimes.com", "the contact's host");
        for (ua, want) in [
            // Names with spaces, the generic word included.
            (
                "Mozilla/5.0 (compatible; SISTRIX Crawler; http://crawler.sistrix.net/)",
                "SISTRIX Crawler",
            ),
            (
                "Linguee Bot (http://www.linguee.com/bot; bot@linguee.com)",
                "Linguee Bot",
            ),
            (
                "Mozilla/5.0 (Windows; U; Windows NT 6.0; en-GB; rv:1.0; trendictionbot0.5.0; trendiction search; http://www.trendiction.de/bot)",
                "trendictionbot0.5.0",
            ),
            (
                "Synapse (bot; +https://github.com/matrix-org/synapse)",
                "Synapse",
            ),
            // A generic robot word names the product before it.
            ("Grover/Grover-1.18 (Web Crawler)", "Grover"),
            ("Y!J-ASR/0.1 crawler (http://www.yahoo-help.jp/)", "Y!J-ASR"),
            ("Hatena::Russia::Crawler/0.01", "Hatena::Russia::Crawler"),
            // The verb is prose, not a robot's name.
            (
                "Mozilla/4.0 (compatible; grub-client-1.5.3; Crawl your own stuff with http://grub.org)",
                "grub-client-1.5.3",
            ),
            // A name it only compares itself to is not its name.
            (
                "Mozilla/5.0 (compatible;acapbot/0.1;treat like Googlebot)",
                "acapbot",
            ),
            (
                "SentiBot www.sentibot.eu (compatible with Googlebot)",
                "SentiBot",
            ),
            // Versions glued to a name do not start one; names may start with digits.
            ("2ip bot/1.1 (+http://2ip.io)", "2ip bot"),
            (
                "Mozilla/5.0 (compatible; 007ac9 Crawler; http://crawler.007ac9.net/)",
                "007ac9 Crawler",
            ),
        ] {
            assert_eq!(name(ua), want, "{ua}");
        }
        let s = scan(b"Hatena::Russia::Crawler/0.01");
        assert!(looks_automated(&s));
        let s = scan(b"");
        assert!(!looks_automated(&s));
        assert_eq!(unknown_name(&s), "unknown");
        let long = format!("{}Bot/1.0", "X".repeat(5000));
        assert_eq!(unknown_name(&scan(long.as_bytes())).len(), MAX_NAME);
    }

    /// Issue #14: unknown robots were named after a browser or platform word or the last word
    /// of a name with spaces (`Client`, `RSS`, `SV1`, `Desktop`, `Mozilla`, `DoCoMo`, …).
    #[test]
    fn names_are_products_never_platform_words() {
        let name = |ua: &str| unknown_name(&scan(ua.as_bytes()));
        for (ua, want) in [
            (
                "Chef Client/10.18.2 (ruby-1.9.3-p327; ohai-6.16.0; x86_64-linux; +http://opscode.com)",
                "Chef Client",
            ),
            ("Tiny Tiny RSS/1.11 (http://tt-rss.org/)", "Tiny Tiny RSS"),
            ("Xenu Link Sleuth/1.3.8", "Xenu Link Sleuth"),
            ("MetaURI API/2.0 +metauri.com", "MetaURI API"),
            (
                "Mozilla/4.0 (compatible; MSIE 6.0; Windows NT 5.1; SV1;  http://www.changedetection.com/bot.html )",
                "changedetection.com",
            ),
            (
                "Mozilla/4.0 (compatible; MSIE 6.0; Windows NT 5.1; SV1; .NET CLR 1.1.4322; Media Center PC 4.0; +http://example.com/checker)",
                "example.com",
            ),
            (
                "Audisto Crawler (desktop; +https://audisto.com/bot)",
                "Audisto Crawler",
            ),
            (
                "DoCoMo/2.0 P900i(c100;TB;W24H11) (compatible; ichiro/mobile goo; +http://help.goo.ne.jp/door/crawler.html)",
                "ichiro",
            ),
            (
                "KDDI-CA31 UP.Browser/6.2.0.7.3.129 (GUI) MMP/2.0 (compatible; ichiro/mobile goo; +http://help.goo.ne.jp/help/article/1142/)",
                "ichiro",
            ),
            (
                "Mozilla/5.0 (Windows; U; Windows NT 5.0; en-US; rv:1.7.10) Gecko/20050716 Thunderbird/1.0.6 - WebCrawler http://cognitiveseo.com/bot.html",
                "cognitiveseo.com",
            ),
            (
                "Mozilla/5.0 (compatible; MSIE 7.0 +http://www.europarchive.org)",
                "europarchive.org",
            ),
            (
                "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/49.0.2623.75 Safari/537.36 Google Favicon",
                "Google Favicon",
            ),
            ("Uptimebot.org - Free website monitoring", "Uptimebot.org"),
            (
                "WP Time Capsule API/1.0 ( https://cron.wptimecapsule.com/ )",
                "WP Time Capsule API",
            ),
        ] {
            let got = name(ua);
            assert_eq!(got, want, "{ua}");
            assert!(!is_browser_token(&got.to_ascii_lowercase()), "{got}");
        }
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
