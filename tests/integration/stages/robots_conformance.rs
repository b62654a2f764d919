//! Conformance of the google dialect: Google's reference test suite (as data), the examples
//! of `docs/robots-txt.md` ("Choosing the group", "Rules and precedence") and RFC 9309's
//! examples.

use robots_audit::robots::{Agent, Dialect, RobotsTxt, normalize_target};

/// Verdict of the google dialect for one agent token (obeying `*`) and a raw URL.
fn google_allowed(body: &str, agent: &str, url: &str) -> bool {
    allowed_bytes(body.as_bytes(), agent, url.as_bytes(), Dialect::Google)
}

fn allowed_bytes(body: &[u8], agent: &str, url: &[u8], dialect: Dialect) -> bool {
    let robots = RobotsTxt::parse(body, dialect);
    let tokens = [agent];
    let group = robots.group_for(&Agent {
        tokens: &tokens,
        obeys_star: true,
    });
    let mut path = Vec::new();
    normalize_target(url, &mut path);
    robots.check(group, &path).allowed
}

fn unescape(s: &str) -> String {
    s.replace("\\n", "\n")
}

#[test]
fn google_reference_suite() {
    let tsv = include_str!("../../../testdata/robots/vectors/google-reference-assertions.tsv");
    let names =
        include_str!("../../../testdata/robots/vectors/google-reference-assertions.testnames.txt");
    let names: Vec<&str> = names.lines().collect();
    let mut rows = 0;
    let mut failures = Vec::new();
    for (i, line) in tsv.lines().skip(1).enumerate() {
        let row = i + 1;
        let cols: Vec<&str> = line.split('\t').collect();
        assert_eq!(cols.len(), 4, "row {row} has {} columns", cols.len());
        let (body, agent, url) = (unescape(cols[0]), cols[1], cols[2]);
        let mut expected = match cols[3] {
            "true" => true,
            "false" => false,
            other => panic!("row {row}: bad allowed value {other:?}"),
        };
        // Rows 64 and 66: the reference expects a percent-encoded URL and so does not match a
        // raw `ツ`. robots-audit normalises every request target first (`normalize_target`
        // encodes bytes >= 0x80), so the raw `ツ` becomes %E3%83%84 and the Allow rule
        // matches: allowed. Assert that, and that these are the rows with a raw `ツ` URL.
        if row == 64 || row == 66 {
            assert!(
                url.contains('ツ') && !expected,
                "row {row} is not the raw-ツ row"
            );
            expected = true;
        }
        rows += 1;
        if google_allowed(&body, agent, url) != expected {
            failures.push(format!(
                "row {row} ({}): agent {agent:?} url {url:?} expected allowed={expected}",
                names.get(i).copied().unwrap_or("?")
            ));
        }
    }
    assert_eq!(rows, 145);
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// docs/robots-txt.md, "Rules and precedence", path examples (Google's documentation): (rule,
/// matches, does not match).
const PATH_TABLE: &[(&str, &[&str], &[&str])] = &[
    ("/", &["/", "/anything", "/a/b?c"], &[]),
    ("/*", &["/", "/anything", "/a/b?c"], &[]),
    (
        "/fish",
        &[
            "/fish",
            "/fish.html",
            "/fish/salmon.html",
            "/fishheads",
            "/fishheads/yummy.html",
            "/fish.php?id=anything",
        ],
        &["/Fish.asp", "/catfish", "/?id=fish"],
    ),
    (
        "/fish*",
        &[
            "/fish",
            "/fish.html",
            "/fish/salmon.html",
            "/fishheads",
            "/fishheads/yummy.html",
            "/fish.php?id=anything",
        ],
        &["/Fish.asp", "/catfish", "/?id=fish"],
    ),
    (
        "/fish/",
        &["/fish/", "/fish/?id=anything", "/fish/salmon.htm"],
        &["/fish", "/fish.html", "/Fish/Salmon.asp"],
    ),
    (
        "/*.php",
        &[
            "/filename.php",
            "/folder/filename.php",
            "/folder/filename.php?parameters",
            "/folder/any.php.file.html",
            "/filename.php/",
        ],
        &["/", "/windows.PHP"],
    ),
    (
        "/*.php$",
        &["/filename.php", "/folder/filename.php"],
        &[
            "/filename.php?parameters",
            "/filename.php/",
            "/filename.php5",
            "/windows.PHP",
        ],
    ),
    (
        "/fish*.php",
        &["/fish.php", "/fishheads/catfish.php?parameters"],
        &["/Fish.PHP"],
    ),
];

#[test]
fn google_path_examples() {
    for &(rule, yes, no) in PATH_TABLE {
        let body = format!("User-agent: *\nDisallow: {rule}\n");
        for path in yes {
            assert!(
                !google_allowed(&body, "anybot", path),
                "{rule} should match {path}"
            );
        }
        for path in no {
            assert!(
                google_allowed(&body, "anybot", path),
                "{rule} should not match {path}"
            );
        }
    }
}

#[test]
fn google_precedence_examples() {
    // docs/robots-txt.md, "Rules and precedence", google: (url, allow, disallow, allowed).
    let table: &[(&str, &str, &str, bool)] = &[
        ("http://example.com/page", "/p", "/", true),
        ("http://example.com/folder/page", "/folder", "/folder", true),
        ("http://example.com/page.htm", "/page", "/*.htm", false),
        ("http://example.com/", "/$", "/", true),
        ("http://example.com/page.htm", "/$", "/", false),
        // `Disallow: /*` (2) beats `Allow: /` (1).
        ("http://example.com/x", "/", "/*", false),
        // docs/robots-txt.md, "Rules and precedence", yandex contrast: google ties at 11 and
        // allows.
        (
            "http://example.com/1/private/",
            "/*/private/",
            "/1/private/",
            true,
        ),
    ];
    for &(url, allow, disallow, want) in table {
        for body in [
            format!("User-agent: *\nAllow: {allow}\nDisallow: {disallow}\n"),
            format!("User-agent: *\nDisallow: {disallow}\nAllow: {allow}\n"),
        ] {
            assert_eq!(google_allowed(&body, "anybot", url), want, "{body:?} {url}");
        }
    }
}

#[test]
fn google_empty_values_never_decide() {
    let body = "User-agent: *\nDisallow:\nAllow:\n";
    assert!(google_allowed(body, "x", "/a"));
    let robots = RobotsTxt::parse(b"User-agent: *\nAllow:\nDisallow: /\n", Dialect::Google);
    let g = robots.global_group();
    let v = robots.check(g, b"/a");
    assert!(!v.allowed);
    assert_eq!(robots.rule(v.rule.expect("Disallow: / decides")).line, 3);
}

#[test]
fn google_index_html_allows_directory() {
    let body = "User-agent: *\nAllow: /d/index.html\nDisallow: /\n";
    assert!(google_allowed(body, "x", "/d/"));
    assert!(!google_allowed(body, "x", "/d/?q"));
    assert!(google_allowed(body, "x", "/d/index.html"));
    assert!(!google_allowed(body, "x", "/d/index.htm"));
    assert!(!google_allowed(body, "x", "/d/other"));
    // The deciding line is the allow line.
    let robots = RobotsTxt::parse(body.as_bytes(), Dialect::Google);
    let v = robots.check(robots.global_group(), b"/d/");
    assert_eq!(
        robots
            .rule(v.rule.expect("the index.html allow decides"))
            .line,
        2
    );
}

/// docs/robots-txt.md, "Choosing the group": groups `googlebot-news` (1), `*` (2), `googlebot` (3).
#[test]
fn google_group_selection_example() {
    let body = b"user-agent: googlebot-news\n(group 1)\ndisallow: /1\n\nuser-agent: *\ndisallow: /2\n\nuser-agent: googlebot\ndisallow: /3\n";
    let robots = RobotsTxt::parse(body, Dialect::Google);
    let table: &[(&[&str], &str)] = &[
        (&["googlebot-news", "googlebot"], "/1"),
        (&["googlebot"], "/3"),
        (&["googlebot-image", "googlebot"], "/3"),
        (&["otherbot"], "/2"),
        (&["otherbot-news", "otherbot"], "/2"),
    ];
    for &(tokens, blocked) in table {
        let g = robots.group_for(&Agent {
            tokens,
            obeys_star: true,
        });
        for path in ["/1", "/2", "/3"] {
            let want = path != blocked;
            assert_eq!(
                robots.check(g, path.as_bytes()).allowed,
                want,
                "{tokens:?} {path}"
            );
        }
    }
    // A crawler that does not obey `*` gets no group.
    assert_eq!(
        robots.group_for(&Agent {
            tokens: &["adsbot-google"],
            obeys_star: false
        }),
        None
    );
}

/// docs/robots-txt.md, "google dialect: product tokens and whole tokens", issue #14: crawlers whose
/// token has digits or dots are named by a group's whole token (its value up to the first
/// whitespace or `/`); crawlers named by letters, `_` and `-` keep Google's product-token rule
/// byte for byte.
/// (body, crawler tokens, the group that applies (its name, `None`: no group)).
const SPEC4_WHOLE_TOKEN_TABLE: &[(&str, &[&str], Option<&str>)] = &[
    // The crawlers of the issue, each with a `*` group beside its own.
    (
        "User-agent: *\nDisallow: /x\n\nUser-agent: MJ12bot\nDisallow: /\n",
        &["mj12bot"],
        Some("MJ12bot"),
    ),
    (
        "User-agent: *\nDisallow: /x\n\nUser-agent: archive.org_bot\nDisallow: /\n",
        &["archive.org_bot"],
        Some("archive.org_bot"),
    ),
    (
        "User-agent: *\nDisallow: /x\n\nUser-agent: 360Spider\nDisallow: /\n",
        &["360spider"],
        Some("360Spider"),
    ),
    (
        "User-agent: *\nDisallow: /x\n\nUser-agent: Mail.RU_Bot\nDisallow: /\n",
        &["mail.ru_bot"],
        Some("Mail.RU_Bot"),
    ),
    // Case-insensitive; the value is cut at the first `/` or whitespace.
    (
        "User-agent: mj12BOT/1.5\nDisallow: /\n",
        &["MJ12bot"],
        Some("mj12BOT/1.5"),
    ),
    (
        "User-agent: MJ12bot (Majestic)\nDisallow: /\n",
        &["mj12bot"],
        Some("MJ12bot (Majestic)"),
    ),
    // Whole tokens only: `Bot2000` does not capture `Bot2000x`, nor `MJ` `MJ12bot`.
    ("User-agent: Bot2000\nDisallow: /\n", &["bot2000x"], None),
    (
        "User-agent: Bot2000\nDisallow: /\n",
        &["bot2000"],
        Some("Bot2000"),
    ),
    (
        "User-agent: *\nDisallow: /x\n\nUser-agent: MJ\nDisallow: /\n",
        &["mj12bot"],
        Some("*"),
    ),
    ("User-agent: MJ12bot.x\nDisallow: /\n", &["mj12bot"], None),
    // Letters-only crawlers: Google's rule byte for byte (`Bot2000` → `bot`, `MJ12bot` → `mj`).
    (
        "User-agent: Bot2000\nDisallow: /\n",
        &["bot"],
        Some("Bot2000"),
    ),
    (
        "User-agent: *\nDisallow: /x\n\nUser-agent: MJ12bot\nDisallow: /\n",
        &["mj"],
        Some("MJ12bot"),
    ),
    (
        "User-agent: archive.org_bot\nDisallow: /\n",
        &["archive"],
        Some("archive.org_bot"),
    ),
    // A later token of the crawler may be the one named.
    (
        "User-agent: *\nDisallow: /x\n\nUser-agent: MJ12bot\nDisallow: /\n",
        &["majestic", "mj12bot"],
        Some("MJ12bot"),
    ),
    // `*`-values are never whole tokens.
    ("User-agent: *12\nDisallow: /\n", &["*12"], None),
];

#[test]
fn google_spec4_whole_token_groups() {
    for &(body, tokens, want) in SPEC4_WHOLE_TOKEN_TABLE {
        let robots = RobotsTxt::parse(body.as_bytes(), Dialect::Google);
        let g = robots.group_for(&Agent {
            tokens,
            obeys_star: true,
        });
        let name = g.map(|g| robots.group(g).name());
        assert_eq!(name.as_deref(), want, "{body:?} for {tokens:?}");
        // The named group's `Disallow: /` (or, for `*`, `Disallow: /x`) applies.
        let blocked = if want == Some("*") { "/x" } else { "/page" };
        assert_eq!(
            robots.check(g, blocked.as_bytes()).allowed,
            want.is_none(),
            "{body:?} for {tokens:?}"
        );
        for &token in tokens {
            if want.is_some_and(|w| w != "*") && tokens.len() == 1 {
                assert!(robots.names_agent(token), "{body:?} names {token}");
            }
        }
    }
}

#[test]
fn google_spec4_named_group_hides_star_crawl_delay() {
    // Issue #14: MJ12bot got a crawl-delay row from the `*` group it does not follow.
    let body =
        b"User-agent: *\nCrawl-delay: 10\nDisallow: /tmp/\n\nUser-agent: MJ12bot\nDisallow: /\n";
    let robots = RobotsTxt::parse(body, Dialect::Google);
    let g = robots
        .group_for(&Agent {
            tokens: &["mj12bot"],
            obeys_star: true,
        })
        .expect("the MJ12bot group applies");
    assert_eq!(robots.group(g).name(), "MJ12bot");
    assert_eq!(robots.group(g).crawl_delay, None);
    let v = robots.check(Some(g), b"/index.html");
    assert!(!v.allowed);
    assert_eq!(robots.rule(v.rule.expect("a rule decides")).line, 6);
    // The `*` group no longer calls `360Spider` a line naming no crawler.
    let robots = RobotsTxt::parse(b"User-agent: 360Spider\nDisallow: /\n", Dialect::Google);
    assert!(robots.warnings().is_empty(), "{:?}", robots.warnings());
    assert_eq!(robots.groups().count(), 1);
}

#[test]
fn google_spec4_whole_token_and_product_groups_merge_separately() {
    // `MJ` (product key `mj`) and `MJ12bot` (product key `mj`, whole token `mj12bot`): a
    // crawler called `mj` follows both groups merged; MJ12bot only its own.
    let body = b"User-agent: MJ\nDisallow: /a\n\nUser-agent: MJ12bot\nDisallow: /b\n";
    let robots = RobotsTxt::parse(body, Dialect::Google);
    let group = |token: &str| {
        let tokens = [token];
        robots.group_for(&Agent {
            tokens: &tokens,
            obeys_star: true,
        })
    };
    let mj = group("mj");
    assert_eq!(
        mj.map(|g| robots.group(g).name()).as_deref(),
        Some("MJ, MJ12bot")
    );
    assert!(!robots.check(mj, b"/a").allowed);
    assert!(!robots.check(mj, b"/b").allowed);
    let mj12 = group("mj12bot");
    assert_eq!(
        mj12.map(|g| robots.group(g).name()).as_deref(),
        Some("MJ12bot")
    );
    assert!(robots.check(mj12, b"/a").allowed);
    assert!(!robots.check(mj12, b"/b").allowed);
}

/// docs/robots-txt.md, "yandex dialect: robot families": Yandex's parser compares whole values, so
/// tokens with digits or dots need nothing new there; a non-Yandex name is compared with the whole
/// value.
#[test]
fn yandex_spec4_whole_values() {
    let body = b"User-agent: *\nDisallow: /x\n\nUser-agent: MJ12bot\nDisallow: /\n\nUser-agent: YandexMetrika/2.0\nDisallow: /m\n";
    let robots = RobotsTxt::parse(body, Dialect::Yandex);
    let name = |token: &str| {
        let tokens = [token];
        robots
            .group_for(&Agent {
                tokens: &tokens,
                obeys_star: true,
            })
            .map(|g| robots.group(g).name())
    };
    assert_eq!(name("MJ12bot").as_deref(), Some("MJ12bot"));
    assert_eq!(name("MJ12botx").as_deref(), Some("*"));
    assert_eq!(name("MJ").as_deref(), Some("*"));
    assert_eq!(
        name("YandexMetrika/2.0").as_deref(),
        Some("YandexMetrika/2.0")
    );
}

#[test]
fn google_merging_example() {
    let body = b"user-agent: googlebot-news\ndisallow: /fish\n\nuser-agent: *\ndisallow: /carrots\n\nuser-agent: googlebot-news\ndisallow: /shrimp\n";
    let robots = RobotsTxt::parse(body, Dialect::Google);
    let g = robots.group_for(&Agent {
        tokens: &["googlebot-news"],
        obeys_star: true,
    });
    assert!(!robots.check(g, b"/fish").allowed);
    assert!(!robots.check(g, b"/shrimp").allowed);
    assert!(robots.check(g, b"/carrots").allowed);
    let group = robots.group(g.expect("googlebot-news has a group"));
    assert_eq!(group.agents, ["googlebot-news"]);
    assert_eq!(group.rules().count(), 2);
    assert_eq!(robots.groups().count(), 2);
}

#[test]
fn google_line_syntax_table() {
    // (body, agent, url, allowed): Google-specific parsing from
    // docs/robots-txt.md, "google dialect".
    let table: &[(&str, &str, &str, bool)] = &[
        // Missing colon with exactly two words works; with three it is ignored.
        ("user-agent foobot\ndisallow /x\n", "foobot", "/x", false),
        ("user-agent foobot\ndisallow /x y\n", "foobot", "/x", true),
        // Prefix keys and typos.
        ("User-agent: a\nDisallowed: /x\n", "a", "/x", false),
        ("useragent: a\ndissallow: /x\n", "a", "/x", false),
        ("user agent: a\ndisalow: /x\n", "a", "/x", false),
        ("User-agent: a\ndiasllow: /x\n", "a", "/x", false),
        ("User-agent: a\ndisallaw: /x\n", "a", "/x", false),
        ("User-agent: a\ndissalow: /x\n", "a", "/x", false),
        // Comments: the first '#' anywhere.
        ("User-agent: a\nDisallow: /a#b\n", "a", "/a", false),
        ("User-agent: a # comment\nDisallow: /a\n", "a", "/a", false),
        // Whitespace inside a value is kept.
        ("User-agent: a\nDisallow: /a b\n", "a", "/a", true),
        ("User-agent: a\nDisallow: /a b\n", "a", "/a b", false),
        // Unknown keys, sitemaps and blank lines do not end a group.
        (
            "User-agent: a\nCrawl-delay: 5\n\nUser-agent: b\nDisallow: /\n",
            "a",
            "/",
            false,
        ),
        (
            "User-agent: a\nSitemap: http://x/s.xml\nUser-agent: b\nDisallow: /\n",
            "a",
            "/",
            false,
        ),
        // A user-agent line after a rule starts a new group.
        (
            "User-agent: a\nDisallow: /x\nUser-agent: b\nDisallow: /y\n",
            "a",
            "/y",
            true,
        ),
        (
            "User-agent: a\nAllow:\nUser-agent: b\nDisallow: /\n",
            "a",
            "/y",
            true,
        ),
        // Product token: longest [A-Za-z_-] prefix; compared exactly.
        (
            "User-agent: Googlebot/2.1\nDisallow: /\n",
            "googlebot",
            "/",
            false,
        ),
        ("User-agent: Bot2000\nDisallow: /\n", "bot", "/", false),
        ("User-agent: mybot\nDisallow: /\n", "bot", "/", true),
        // `* junk` is global; `*foo` matches nobody.
        ("User-agent: * junk\nDisallow: /\n", "x", "/", false),
        ("User-agent: *foo\nDisallow: /\n", "x", "/", true),
        // CR, CRLF, mixed; BOM prefixes; NUL ends the line.
        ("User-agent: a\rDisallow: /x\r", "a", "/x", false),
        ("User-agent: a\r\nDisallow: /x\r\n", "a", "/x", false),
        ("User-agent: a\r\n\rDisallow: /x\n", "a", "/x", false),
        ("\u{feff}User-agent: a\nDisallow: /x", "a", "/x", false),
        ("User-agent: a\nDisallow: /x\0/y\n", "a", "/x/z", false),
        // Rules before the first user-agent line are ignored.
        ("Disallow: /\nUser-agent: a\nAllow: /x\n", "a", "/y", true),
        // A named group with no rules hides `*`.
        (
            "User-agent: *\nDisallow: /\n\nUser-agent: a\n",
            "a",
            "/y",
            true,
        ),
    ];
    for &(body, agent, url, want) in table {
        assert_eq!(
            google_allowed(body, agent, url),
            want,
            "{body:?} {agent} {url}"
        );
    }
}

#[test]
fn google_bom_prefixes_skipped() {
    for bom in [&b"\xEF"[..], b"\xEF\xBB", b"\xEF\xBB\xBF"] {
        let mut body = bom.to_vec();
        body.extend_from_slice(b"User-agent: a\nDisallow: /x\n");
        assert!(
            !allowed_bytes(&body, "a", b"/x", Dialect::Google),
            "{bom:?}"
        );
    }
}

#[test]
fn google_pattern_normalisation() {
    // Raw UTF-8 and its percent-encoding mean the same; hex case does not matter.
    assert!(!google_allowed(
        "User-agent: *\nDisallow: /ツ\n",
        "x",
        "/%E3%83%84"
    ));
    assert!(!google_allowed(
        "User-agent: *\nDisallow: /%e3%83%84\n",
        "x",
        "/ツ"
    ));
    // Nothing is decoded: %62%61%7A is not baz (RFC 9309 §2.2.2 would decode it).
    assert!(google_allowed(
        "User-agent: *\nDisallow: /%62%61%7A\n",
        "x",
        "/baz"
    ));
    // Invalid escapes stay literal.
    assert!(!google_allowed(
        "User-agent: *\nDisallow: /%zz\n",
        "x",
        "/%zz"
    ));
}

#[test]
fn google_percent_2a_is_not_a_wildcard() {
    // RFC 9309 §2.2.3 says %2A in a rule matches a literal '*' in the URL and '*' is the
    // wildcard; Google compares bytes without decoding: `%2A` matches only "%2A".
    let body = "User-agent: *\nDisallow: /path/file-with-a-%2A.html\n";
    assert!(google_allowed(body, "x", "/path/file-with-a-*.html"));
    assert!(!google_allowed(body, "x", "/path/file-with-a-%2A.html"));
    // And %24 is not an end anchor.
    let body = "User-agent: *\nDisallow: /path/foo-%24\n";
    assert!(google_allowed(body, "x", "/path/foo-$"));
    assert!(!google_allowed(body, "x", "/path/foo-%24"));
}

#[test]
fn google_line_cap_and_size_limit() {
    // A 20,000-byte rule is cut to the first 16,663 bytes of its line, and still parsed.
    let long = format!("/{}", "a".repeat(20_000));
    let body = format!("User-agent: *\nDisallow: {long}\n");
    let robots = RobotsTxt::parse(body.as_bytes(), Dialect::Google);
    assert_eq!(robots.rules()[0].value.len(), 16_663 - "Disallow: ".len());
    assert!(robots.warnings().iter().any(|w| w.line == 2));
    // Content beyond 512,000 bytes is ignored.
    let mut body = b"User-agent: *\n".to_vec();
    body.resize(512_000 - 12, b'\n');
    body.extend_from_slice(b"Disallow: /x\nDisallow: /y\n");
    let robots = RobotsTxt::parse(&body, Dialect::Google);
    assert_eq!(robots.parsed_bytes(), 512_000);
    let g = robots.global_group();
    assert!(!robots.check(g, b"/x").allowed);
    assert!(robots.check(g, b"/y").allowed);
}

#[test]
fn google_crawl_delay_parsed() {
    let robots = RobotsTxt::parse(
        b"User-agent: bingbot\nCrawl-delay: 0.5\nCrawl-delay: 9\nDisallow: /x\n",
        Dialect::Google,
    );
    let g = robots.group(
        robots
            .group_for(&Agent {
                tokens: &["bingbot"],
                obeys_star: false,
            })
            .expect("bingbot has a group"),
    );
    let delay = g.crawl_delay.expect("line 2 sets the delay");
    assert_eq!((delay.millis, delay.line), (500, 2));
    assert_eq!(delay.display(), "Crawl-delay: 0.5");
}

#[test]
fn google_sitemaps_and_warnings() {
    let robots = RobotsTxt::parse(
        b"Sitemap: http://a/s1.xml\nsite-map: http://a/s2.xml\nUser-agent: a\nFoo: bar\nDisallow /a b\n",
        Dialect::Google,
    );
    assert_eq!(robots.sitemaps(), ["http://a/s1.xml", "http://a/s2.xml"]);
    let lines: Vec<u32> = robots.warnings().iter().map(|w| w.line).collect();
    assert_eq!(lines, [2, 4, 5]);
}

/// RFC 9309 §5.1, "Simple Example".
#[test]
fn rfc9309_simple_example() {
    let body = "User-Agent: *\nDisallow: *.gif$\nDisallow: /example/\nAllow: /publications/\n\nUser-Agent: foobot\nDisallow:/\nAllow:/example/page.html\nAllow:/example/allowed.gif\n\nUser-Agent: barbot\nUser-Agent: bazbot\nDisallow: /example/page.html\n\nUser-Agent: quxbot\n\nEOF\n";
    let table: &[(&str, &str, bool)] = &[
        ("foobot", "/example/page.html", true),
        ("foobot", "/example/allowed.gif", true),
        ("foobot", "/other", false),
        ("barbot", "/example/page.html", false),
        ("bazbot", "/example/page.html", false),
        ("barbot", "/example/other.gif", true),
        ("quxbot", "/example/page.html", true),
        ("quxbot", "/a.gif", true),
        ("otherbot", "/a.gif", false),
        ("otherbot", "/a.gif?x", true),
        ("otherbot", "/example/x", false),
        ("otherbot", "/publications/x", true),
    ];
    for &(agent, path, want) in table {
        assert_eq!(google_allowed(body, agent, path), want, "{agent} {path}");
    }
}

/// RFC 9309 §5.2, "Longest Match".
#[test]
fn rfc9309_longest_match() {
    let body =
        "User-Agent: foobot\nAllow: /example/page/\nDisallow: /example/page/disallowed.gif\n";
    assert!(!google_allowed(
        body,
        "foobot",
        "/example/page/disallowed.gif"
    ));
    assert!(google_allowed(body, "foobot", "/example/page/"));
    assert!(google_allowed(body, "foobot", "/example/page/other.gif"));
}

/// RFC 9309 §2.2.2 encoding table, where Google agrees (all but decoding `%62%61%7A`).
#[test]
fn rfc9309_encoding_table() {
    let table: &[(&str, &str)] = &[
        ("/foo/bar?baz=quz", "/foo/bar?baz=quz"),
        (
            "/foo/bar?baz=https%3A%2F%2Ffoo.bar",
            "/foo/bar?baz=https%3A%2F%2Ffoo.bar",
        ),
        ("/foo/bar/ツ", "/foo/bar/%E3%83%84"),
        ("/foo/bar/%E3%83%84", "/foo/bar/%E3%83%84"),
    ];
    for &(rule, url) in table {
        let body = format!("User-agent: *\nDisallow: {rule}\n");
        assert!(!google_allowed(&body, "x", url), "{rule} vs {url}");
    }
}

#[test]
fn google_unreserved_escapes_not_decoded() {
    // RFC 9309 §2.2.2 maps `/foo/bar/%62%61%7A` to `/foo/bar/baz`; Google does not decode.
    let body = "User-agent: *\nDisallow: /foo/bar/%62%61%7A\n";
    assert!(google_allowed(body, "x", "/foo/bar/baz"));
    assert!(!google_allowed(body, "x", "/foo/bar/%62%61%7A"));
}

/// RFC 9309 §2.2.2: /robots.txt is implicitly allowed.
#[test]
fn rfc9309_robots_txt_implicitly_allowed() {
    let body = "User-agent: *\nDisallow: /\n";
    assert!(google_allowed(body, "x", "http://example.com/robots.txt"));
    assert!(google_allowed(body, "x", "/robots.txt?cache=1"));
    assert!(!google_allowed(body, "x", "/robots.txt.bak"));
}

#[test]
fn google_names_agent_and_group_names() {
    let robots = RobotsTxt::parse(
        b"User-agent: FooBot/1.0\nUser-agent: BarBot\nDisallow: /\n\nUser-agent: *\nUser-agent: foobot\nAllow: /\n",
        Dialect::Google,
    );
    assert!(robots.names_agent("FOOBOT"));
    assert!(robots.names_agent("barbot"));
    assert!(!robots.names_agent("*"));
    assert!(!robots.names_agent("bot"));
    let names: Vec<String> = robots.groups().map(|g| g.name()).collect();
    // foobot is in both raw groups, barbot only in the first: two different merged groups.
    assert_eq!(names, ["FooBot/1.0, foobot", "BarBot", "*"]);
    let foo = robots.group_for(&Agent {
        tokens: &["foobot"],
        obeys_star: true,
    });
    assert!(robots.check(foo, b"/x").allowed); // Allow: / ties Disallow: / → allow
    let bar = robots.group_for(&Agent {
        tokens: &["barbot"],
        obeys_star: true,
    });
    assert!(!robots.check(bar, b"/x").allowed);
}

/// Letters-only name for a number, so it is a whole product token.
fn letters(mut n: usize) -> String {
    let mut s = String::from("bot");
    loop {
        s.push(char::from(b'a' + (n % 26) as u8));
        n /= 26;
        if n == 0 {
            return s;
        }
    }
}

#[test]
fn google_hostile_merging_stays_linear() {
    // One group names 3,000 agents and has 10,000 rules; each agent is also named by a
    // small group of its own, so every agent's merged group differs. Copying the rules into
    // each merged group would take 30 million entries; the parts are shared instead.
    let (agents, rules) = (3_000, 10_000);
    let mut body = String::new();
    for k in 0..agents {
        body.push_str(&format!("User-agent: {}\n", letters(k)));
    }
    for r in 0..rules {
        body.push_str(&format!("Disallow: /r{r}\n"));
    }
    for k in 0..agents {
        body.push_str(&format!("User-agent: {}\nAllow: /keep\n", letters(k)));
    }
    assert!(body.len() < 512_000);
    let start = std::time::Instant::now();
    let robots = RobotsTxt::parse(body.as_bytes(), Dialect::Google);
    assert!(
        start.elapsed().as_secs() < 10,
        "parse took {:?}",
        start.elapsed()
    );
    assert_eq!(robots.groups().count(), agents);
    for k in [0, 1, agents / 2, agents - 1] {
        let name = letters(k);
        let tokens = [name.as_str()];
        let g = robots.group_for(&Agent {
            tokens: &tokens,
            obeys_star: true,
        });
        assert!(robots.check(g, b"/keep").allowed);
        assert!(robots.check(g, b"/x").allowed);
        let v = robots.check(g, b"/r1234");
        assert!(!v.allowed);
        assert_eq!(
            robots.rule(v.rule.expect("Disallow: /r1234 decides")).value,
            "/r1234"
        );
        assert_eq!(robots.group(g.expect("named")).rules().count(), rules + 1);
    }
}
