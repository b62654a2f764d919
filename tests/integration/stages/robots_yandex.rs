//! The yandex and yandex-legacy dialects: every example of Yandex's 2013 robots.txt
//! documentation and of `docs/robots-txt.md` (the yandex dialect).

use robots_audit::robots::{Agent, Dialect, RobotsTxt};

fn verdict(robots: &RobotsTxt, robot: &str, path: &str) -> bool {
    let tokens = [robot];
    let g = robots.group_for(&Agent {
        tokens: &tokens,
        obeys_star: true,
    });
    robots.check(g, path.as_bytes()).allowed
}

/// (body, robot, path, allowed) under `Dialect::Yandex`.
fn run_table(dialect: Dialect, table: &[(&str, &str, &str, bool)]) {
    for &(body, robot, path, want) in table {
        let robots = RobotsTxt::parse(body.as_bytes(), dialect);
        assert_eq!(
            verdict(&robots, robot, path),
            want,
            "{dialect:?}: {body:?} {robot} {path}"
        );
    }
}

const FAMILIES: &str = "User-agent: YandexBot # только основным индексирующим роботом\nDisallow: /*id=\n\nUser-agent: Yandex # всеми роботами Яндекса\nDisallow: /*sid= # кроме основного индексирующего\n\nUser-agent: * # не будет использована роботами Яндекса\nDisallow: /cgi-bin\n";

#[test]
fn yandex_robot_family_selection() {
    run_table(
        Dialect::Yandex,
        &[
            (FAMILIES, "YandexBot", "/page?id=1", false),
            (FAMILIES, "YandexBot", "/page?sid=1", false), // "/*id=" matches "sid=" too
            (FAMILIES, "YandexBot", "/cgi-bin/x", true),
            (FAMILIES, "YandexImages", "/page?sid=1", false),
            (FAMILIES, "YandexImages", "/page?id=1", true),
            (FAMILIES, "YandexImages", "/cgi-bin/x", true),
            (FAMILIES, "YandexNews", "/page?sid=1", false),
            (FAMILIES, "YandexMetrika", "/page?sid=1", false),
            (FAMILIES, "YandexPagechecker", "/page?sid=1", false),
            // Robots whose required prefix is their own name are not covered by `Yandex`.
            (FAMILIES, "YandexDirect", "/cgi-bin/x", false),
            (FAMILIES, "YandexDirect", "/page?sid=1", true),
            (FAMILIES, "YaDirectFetcher", "/cgi-bin/x", false),
            (FAMILIES, "YandexCalendar", "/cgi-bin/x", false),
            (FAMILIES, "YandexMobileBot", "/cgi-bin/x", false),
            (FAMILIES, "YandexAccessibilityBot", "/cgi-bin/x", false),
            (FAMILIES, "YandexScreenshotBot", "/cgi-bin/x", false),
            (FAMILIES, "YandexMetrika/2.0", "/cgi-bin/x", false),
            // Not a Yandex robot: `*`.
            (FAMILIES, "Googlebot", "/cgi-bin/x", false),
            // Without a `Yandex` or `*` group, access is unrestricted.
            (
                "User-agent: YandexBot\nDisallow: /\n",
                "YandexImages",
                "/x",
                true,
            ),
            // A specific group hides `Yandex` and `*`, even with no rules.
            (
                "User-agent: *\nDisallow: /\n\nUser-agent: YandexImages\n\nUser-agent: Yandex\nDisallow: /\n",
                "YandexImages",
                "/x",
                true,
            ),
            // Values are case-insensitive; a value with a version still selects.
            (
                "User-agent: YANDEXBOT/3.0\nDisallow: /\n",
                "YandexBot",
                "/x",
                false,
            ),
            (
                "User-agent: YandexBot/2.0\nDisallow: /\n",
                "YandexBot",
                "/x",
                true,
            ),
        ],
    );
}

#[test]
fn yandex_allow_disallow_examples() {
    run_table(
        Dialect::Yandex,
        &[
            (
                "User-agent: Yandex\nDisallow: / # блокирует доступ ко всему сайту\n",
                "YandexBot",
                "/x",
                false,
            ),
            (
                "User-agent: Yandex\nDisallow: /cgi-bin\n",
                "YandexBot",
                "/cgi-bin/a",
                false,
            ),
            (
                "User-agent: Yandex\nDisallow: /cgi-bin\n",
                "YandexBot",
                "/cgi",
                true,
            ),
            (
                "User-agent: Yandex\nAllow: /cgi-bin\nDisallow: /\n",
                "YandexBot",
                "/cgi-bin/x",
                true,
            ),
            (
                "User-agent: Yandex\nAllow: /cgi-bin\nDisallow: /\n",
                "YandexBot",
                "/other",
                false,
            ),
            // Sorted by prefix length; order in the file does not matter.
            (
                "User-agent: Yandex\nAllow: /catalog\nDisallow: /\n",
                "YandexBot",
                "/catalog/x",
                true,
            ),
            (
                "User-agent: Yandex\nAllow: /catalog\nDisallow: /\n",
                "YandexBot",
                "/x",
                false,
            ),
            (
                "User-agent: Yandex\nAllow: /\nAllow: /catalog/auto\nDisallow: /catalog\n",
                "YandexBot",
                "/catalog/x",
                false,
            ),
            (
                "User-agent: Yandex\nAllow: /\nAllow: /catalog/auto\nDisallow: /catalog\n",
                "YandexBot",
                "/catalog/auto/x",
                true,
            ),
            (
                "User-agent: Yandex\nAllow: /\nAllow: /catalog/auto\nDisallow: /catalog\n",
                "YandexBot",
                "/x",
                true,
            ),
            // Equal length: Allow wins.
            (
                "User-agent: Yandex\nAllow: /\nDisallow: /\n",
                "YandexBot",
                "/x",
                true,
            ),
            (
                "User-agent: Yandex\nDisallow: /\nAllow: /\n",
                "YandexBot",
                "/x",
                true,
            ),
            // Empty Disallow means Allow: /.
            (
                "User-agent: Yandex\nDisallow: # то же, что и Allow: /\n",
                "YandexBot",
                "/x",
                true,
            ),
            (
                "User-agent: *\nDisallow: /\n\nUser-agent: Yandex\nDisallow:\n",
                "YandexBot",
                "/x",
                true,
            ),
            (
                "User-agent: Yandex\nDisallow:\nDisallow: /x\n",
                "YandexBot",
                "/x",
                false,
            ),
            // Empty Allow is ignored (current parser).
            ("User-agent: Yandex\nAllow:\n", "YandexBot", "/x", true),
            (
                "User-agent: Yandex\nAllow:\nDisallow: /a\n",
                "YandexBot",
                "/x",
                true,
            ),
        ],
    );
}

#[test]
fn yandex_legacy_empty_allow_disallows_all() {
    run_table(
        Dialect::YandexLegacy,
        &[
            (
                "User-agent: Yandex\nAllow: # то же, что и Disallow: /\n",
                "YandexBot",
                "/x",
                false,
            ),
            (
                "User-agent: Yandex\nAllow:\nAllow: /x\n",
                "YandexBot",
                "/x",
                true,
            ),
            ("User-agent: Yandex\nDisallow:\n", "YandexBot", "/x", true),
        ],
    );
}

#[test]
fn yandex_special_characters_examples() {
    run_table(
        Dialect::Yandex,
        &[
            (
                "User-agent: Yandex\nDisallow: /cgi-bin/*.aspx\n",
                "YandexBot",
                "/cgi-bin/example.aspx",
                false,
            ),
            (
                "User-agent: Yandex\nDisallow: /cgi-bin/*.aspx\n",
                "YandexBot",
                "/cgi-bin/private/test.aspx",
                false,
            ),
            (
                "User-agent: Yandex\nDisallow: /cgi-bin/*.aspx\n",
                "YandexBot",
                "/cgi-bin/example.asp",
                true,
            ),
            (
                "User-agent: Yandex\nDisallow: /*private\n",
                "YandexBot",
                "/private",
                false,
            ),
            (
                "User-agent: Yandex\nDisallow: /*private\n",
                "YandexBot",
                "/cgi-bin/private",
                false,
            ),
            (
                "User-agent: Yandex\nDisallow: /cgi-bin*\n",
                "YandexBot",
                "/cgi-bin/x",
                false,
            ),
            (
                "User-agent: Yandex\nDisallow: /cgi-bin*\n",
                "YandexBot",
                "/cgi-binx",
                false,
            ),
            (
                "User-agent: Yandex\nDisallow: /example$\n",
                "YandexBot",
                "/example",
                false,
            ),
            (
                "User-agent: Yandex\nDisallow: /example$\n",
                "YandexBot",
                "/example.html",
                true,
            ),
            (
                "User-agent: Yandex\nDisallow: /example\n",
                "YandexBot",
                "/example.html",
                false,
            ),
            (
                "User-agent: Yandex\nDisallow: /example*$\n",
                "YandexBot",
                "/example.html",
                false,
            ),
            (
                "User-agent: Yandex\nDisallow: /example*$\n",
                "YandexBot",
                "/example",
                false,
            ),
            (
                "User-agent: Yandex\nDisallow: /private*html\n",
                "YandexBot",
                "/private*html",
                false,
            ),
            (
                "User-agent: Yandex\nDisallow: /private*html\n",
                "YandexBot",
                "/private/test.html",
                false,
            ),
            (
                "User-agent: Yandex\nDisallow: /private*html\n",
                "YandexBot",
                "/private/html/test.aspx",
                false,
            ),
            (
                "User-agent: Yandex\nDisallow: /private$\n",
                "YandexBot",
                "/private",
                false,
            ),
            (
                "User-agent: Yandex\nDisallow: /private$\n",
                "YandexBot",
                "/private$",
                true,
            ),
            (
                "User-agent: Yandex\nDisallow: /private$\n",
                "YandexBot",
                "/private$test",
                true,
            ),
            (
                "User-agent: Yandex\nDisallow: /add.php?*user=\n",
                "YandexBot",
                "/add.php?x=1&user=2",
                false,
            ),
            (
                "User-agent: Yandex\nDisallow: /add.php?*user=\n",
                "YandexBot",
                "/add.php?x=1",
                true,
            ),
        ],
    );
}

#[test]
fn yandex_extended_format_examples() {
    let obsolete = "User-agent: Yandex\nAllow: /obsolete/private/*.html$\nDisallow: /*.php$\nDisallow: /*/private/\nDisallow: /*/old/*.zip$\n";
    run_table(
        Dialect::Yandex,
        &[
            (
                "User-agent: Yandex\nAllow: /archive\nDisallow: /\n",
                "YandexBot",
                "/archive/2013",
                true,
            ),
            (
                "User-agent: Yandex\nAllow: /archive\nDisallow: /\n",
                "YandexBot",
                "/news",
                false,
            ),
            (obsolete, "YandexBot", "/obsolete/private/a.html", true),
            (obsolete, "YandexBot", "/obsolete/private/a.htm", false),
            (obsolete, "YandexBot", "/x/private/a", false),
            (obsolete, "YandexBot", "/index.php", false),
            (obsolete, "YandexBot", "/index.php?x", true),
            (obsolete, "YandexBot", "/a/old/b.zip", false),
            (obsolete, "YandexBot", "/a/old/b.zip.txt", true),
            // The user-agent line after a rule starts a new group, even without a blank line.
            (
                "User-agent: *\nDisallow: /\nUser-agent: Yandex\nAllow: /\n",
                "YandexBot",
                "/x",
                true,
            ),
            (
                "User-agent: *\nDisallow: /\n# комментарий1...\n# комментарий2...\nUser-agent: Yandex\nAllow: /\n",
                "YandexBot",
                "/x",
                true,
            ),
        ],
    );
}

#[test]
fn yandex_precedence_ignores_stars() {
    // docs/robots-txt.md, "Rules and precedence": `Disallow: /1/private/` (11) beats
    // `Allow: /*/private/` (10) under yandex; google counts the star and ties at 11, so allows.
    let body = b"User-agent: *\nAllow: /*/private/\nDisallow: /1/private/\n";
    let y = RobotsTxt::parse(body, Dialect::Yandex);
    assert!(!verdict(&y, "YandexBot", "/1/private/"));
    let g = RobotsTxt::parse(body, Dialect::Google);
    assert!(verdict(&g, "googlebot", "/1/private/"));
    // A trailing `$` does not count either: `/a$` (2) ties `/a` (2) → allow.
    let y = RobotsTxt::parse(
        b"User-agent: *\nDisallow: /a$\nAllow: /a\n",
        Dialect::Yandex,
    );
    assert!(verdict(&y, "YandexBot", "/a"));
}

#[test]
fn yandex_group_splitting() {
    run_table(
        Dialect::Yandex,
        &[
            // A blank line between user-agent lines starts a new group: A gets nothing.
            (
                "User-agent: A\n\nUser-agent: B\nDisallow: /\n",
                "a",
                "/x",
                true,
            ),
            (
                "User-agent: A\n\nUser-agent: B\nDisallow: /\n",
                "b",
                "/x",
                false,
            ),
            (
                "User-agent: A\nUser-agent: B\nDisallow: /\n",
                "a",
                "/x",
                false,
            ),
            // So does another directive between them.
            (
                "User-agent: A\nCrawl-delay: 1\nUser-agent: B\nDisallow: /\n",
                "a",
                "/x",
                true,
            ),
            (
                "User-agent: A\nHost: a.ru\nUser-agent: B\nDisallow: /\n",
                "a",
                "/x",
                true,
            ),
            (
                "User-agent: A\nFoo: bar\nUser-agent: B\nDisallow: /\n",
                "a",
                "/x",
                true,
            ),
            // A comment-only line counts as blank (Yandex's reader empties it).
            (
                "User-agent: A\n# c\nUser-agent: B\nDisallow: /\n",
                "a",
                "/x",
                true,
            ),
            // A line without ':' changes nothing.
            (
                "User-agent: A\njunk\nUser-agent: B\nDisallow: /\n",
                "a",
                "/x",
                false,
            ),
            // Blank lines between rules do not end the group.
            (
                "User-agent: A\nDisallow: /x\n\nDisallow: /y\n",
                "a",
                "/y",
                false,
            ),
            // Rules before the first user-agent are ignored.
            (
                "Disallow: /\nUser-agent: A\nDisallow: /y\n",
                "a",
                "/x",
                true,
            ),
            // Yandex has no typos and no missing-colon tolerance.
            ("User-agent: A\nDisalow: /x\n", "a", "/x", true),
            ("User-agent: A\nDisallow /x\n", "a", "/x", true),
            ("Useragent: A\nDisallow: /x\n", "a", "/x", true),
            // A rule must start with '/' or '*'.
            ("User-agent: A\nDisallow: x\n", "a", "/x", true),
            ("User-agent: A\nDisallow: *x\n", "a", "/ax", false),
        ],
    );
}

#[test]
fn yandex_sitemaps() {
    let r = RobotsTxt::parse(
        b"User-agent: Yandex\nAllow: /\nSitemap: http://mysite.ru/site_structure/my_sitemaps1.xml\nSitemap: http://mysite.ru/site_structure/my_sitemaps2.xml\n",
        Dialect::Yandex,
    );
    assert_eq!(
        r.sitemaps(),
        [
            "http://mysite.ru/site_structure/my_sitemaps1.xml",
            "http://mysite.ru/site_structure/my_sitemaps2.xml"
        ]
    );
}

#[test]
fn yandex_host_directive() {
    let host = |body: &str| {
        RobotsTxt::parse(body.as_bytes(), Dialect::Yandex)
            .host()
            .map(str::to_owned)
    };
    assert_eq!(
        host(
            "User-Agent: *\nDisallow: /forum\nDisallow: /cgi-bin\nHost: www.glavnoye-zerkalo.ru\n"
        )
        .as_deref(),
        Some("www.glavnoye-zerkalo.ru")
    );
    assert_eq!(
        host("User-Agent: *\nDisallow:\nHost: www.myhost.ru\n").as_deref(),
        Some("www.myhost.ru")
    );
    // Only the first counts, wherever it is.
    assert_eq!(
        host("Host: myhost.ru # используется\n\nUser-agent: *\nDisallow: /cgi-bin\n\nUser-agent: Yandex\nDisallow: /cgi-bin\nHost: www.myhost.ru # не используется\n").as_deref(),
        Some("myhost.ru")
    );
    assert_eq!(
        host("User-Agent: *\nDisallow:\nHost: domen.myhost.ru\n").as_deref(),
        Some("domen.myhost.ru")
    );
    // Every ignored example of the 2013 docs; an invalid one does not block a later valid one.
    for bad in [
        "www.myhost-.ru",
        "www.-myhost.ru",
        "www.myhost.ru:100000",
        "www.my_host.ru",
        ".my-host.ru:8000",
        "my-host.ru.",
        "my..host.ru",
        "www.myhost.ru/",
        "www.myhost.ru:8080/",
        "http://www.myhost.ru",
        "213.180.194.129",
        "www.firsthost.ru,www.secondhost.ru",
        "www.firsthost.ru www.secondhost.ru",
    ] {
        assert_eq!(host(&format!("Host: {bad}\n")), None, "{bad}");
        assert_eq!(
            host(&format!("Host: {bad}\nHost: ok.ru\n")).as_deref(),
            Some("ok.ru"),
            "{bad}"
        );
    }
}

#[test]
fn yandex_crawl_delay() {
    let r = RobotsTxt::parse(
        b"User-agent: Yandex\nCrawl-delay: 2 # 2 seconds\n\nUser-agent: *\nDisallow: /search\nCrawl-delay: 4.5\nCrawl-delay: 7\n",
        Dialect::Yandex,
    );
    let delay = |robot: &str| {
        let tokens = [robot];
        let g = r
            .group_for(&Agent {
                tokens: &tokens,
                obeys_star: true,
            })
            .expect("both robots fall in a group");
        r.group(g).crawl_delay.map(|d| d.millis)
    };
    assert_eq!(delay("YandexBot"), Some(2000));
    assert_eq!(delay("other"), Some(4500));
    // The integer part is capped at 1024 seconds.
    let r = RobotsTxt::parse(b"User-agent: *\nCrawl-delay: 5000.25\n", Dialect::Yandex);
    assert_eq!(
        r.group(r.global_group().expect("the file has a * group"))
            .crawl_delay
            .expect("the delay is valid")
            .millis,
        1_024_250
    );
}

#[test]
fn yandex_clean_param() {
    let r = RobotsTxt::parse(
        b"User-agent: Yandex\nDisallow:\nClean-param: ref /some_dir/get_book.pl\nClean-param: abc /forum/showthread.php\nClean-param: sid&sort /forumt/*.php\nClean-param: someTrash&otherTrash\nClean-param: s&ref /forum*/showthread.php\nClean-param: bad&&x /a\n",
        Dialect::Yandex,
    );
    let cps = r.clean_params();
    assert_eq!(cps.len(), 5);
    assert_eq!(cps[0].params, ["ref"]);
    assert_eq!(cps[0].path_prefix, "/some_dir/get_book.pl");
    assert_eq!(cps[0].line, 3);
    assert!(cps[0].applies_to(b"/some_dir/get_book.pl?ref=site_1&book_id=123"));
    assert!(cps[1].applies_to(b"/forum/showthread.php?s=681498b9648949605&t=8243"));
    assert!(cps[2].applies_to(b"/forumt/index.php?sid=1"));
    assert_eq!(cps[3].params, ["someTrash", "otherTrash"]);
    assert!(cps[3].applies_to(b"/anything"));
    assert!(cps[4].applies_to(b"/forum_new/showthread.php?s=1e71c417a&t=8243&ref=9896"));
    // Case-sensitive.
    assert!(!cps[0].applies_to(b"/Some_dir/get_book.pl"));
    assert!(r.warnings().iter().any(|w| w.line == 8));
}

#[test]
fn yandex_size_limits() {
    let mut body = b"User-agent: *\nDisallow: /\n".to_vec();
    body.resize(32 * 1024 + 1, b'\n');
    // Over 32 KB: legacy allows everything; current still parses.
    let legacy = RobotsTxt::parse(&body, Dialect::YandexLegacy);
    assert_eq!(legacy.parsed_bytes(), 0);
    assert!(verdict(&legacy, "YandexBot", "/x"));
    let current = RobotsTxt::parse(&body, Dialect::Yandex);
    assert!(!verdict(&current, "YandexBot", "/x"));
    // Over 500 KB: everything allowed.
    body.resize(500 * 1024 + 1, b'\n');
    let current = RobotsTxt::parse(&body, Dialect::Yandex);
    assert!(verdict(&current, "YandexBot", "/x"));
    assert!(current.warnings().iter().any(|w| w.line == 0));
    body.truncate(500 * 1024);
    assert!(!verdict(
        &RobotsTxt::parse(&body, Dialect::Yandex),
        "YandexBot",
        "/x"
    ));
}

#[test]
fn yandex_rule_limits() {
    // 10,001 rules: everything allowed; 10,000: still parsed.
    for (n, want) in [(10_000, false), (10_001, true)] {
        let mut body = String::from("User-agent: *\nDisallow: /\n");
        for i in 1..n {
            body.push_str(&format!("Disallow: /p{i}\n"));
        }
        let r = RobotsTxt::parse(body.as_bytes(), Dialect::Yandex);
        assert_eq!(verdict(&r, "YandexBot", "/x"), want, "{n} rules");
    }
    // A rule over 10 KB: everything allowed.
    let body = format!(
        "User-agent: *\nDisallow: /\nDisallow: /{}\n",
        "a".repeat(10 * 1024)
    );
    assert!(verdict(
        &RobotsTxt::parse(body.as_bytes(), Dialect::Yandex),
        "YandexBot",
        "/x"
    ));
    let body = format!(
        "User-agent: *\nDisallow: /\nDisallow: /{}\n",
        "a".repeat(10 * 1024 - 2)
    );
    assert!(!verdict(
        &RobotsTxt::parse(body.as_bytes(), Dialect::Yandex),
        "YandexBot",
        "/x"
    ));
}

/// The limits are Yandex's per robot: a group over them gives the robots it applies to
/// everything, and leaves the others' groups as they are (it made the whole file allow
/// everything, so a Yandex group's rules went unenforced over another robot's long list).
#[test]
fn yandex_rule_limits_count_per_group() {
    let mut body =
        String::from("User-agent: Yandex\nDisallow: /private\n\nUser-agent: SomeSEOBot\n");
    for i in 0..10_001 {
        body.push_str(&format!("Disallow: /p{i}\n"));
    }
    let r = RobotsTxt::parse(body.as_bytes(), Dialect::Yandex);
    assert!(
        !verdict(&r, "YandexBot", "/private"),
        "the Yandex group stands"
    );
    assert!(verdict(&r, "YandexBot", "/p1"));
    assert!(
        verdict(&r, "someseobot", "/p1"),
        "the group over the limit allows all"
    );
    assert!(
        r.warnings()
            .iter()
            .any(|w| w.message.contains("10001 rules")),
        "{:?}",
        r.warnings()
    );
    let body = format!(
        "User-agent: Yandex\nDisallow: /private\n\nUser-agent: Googlebot\nDisallow: /{}\n",
        "a".repeat(10 * 1024)
    );
    let r = RobotsTxt::parse(body.as_bytes(), Dialect::Yandex);
    assert!(!verdict(&r, "YandexBot", "/private"));
}

#[test]
fn yandex_non_yandex_names_match_whole_values() {
    let r = RobotsTxt::parse(
        b"User-agent: Googlebot\nDisallow: /\n\nUser-agent: *\nDisallow: /x\n",
        Dialect::Yandex,
    );
    assert!(!verdict(&r, "googlebot", "/a"));
    assert!(verdict(&r, "bingbot", "/a"));
    assert!(!verdict(&r, "bingbot", "/x"));
    assert!(r.names_agent("GOOGLEBOT"));
}
