//! The built-in crawler registry: every entry's example headers, token orders, and the
//! identification rules of docs/identification.md on real headers.

use robots_audit::crawlers::{Category, Dialect, Identity, Registry, UnknownBot, product_tokens};

fn registry() -> Registry {
    Registry::builtin()
}

/// The registry name a header identifies as, if any.
fn known(r: &Registry, ua: &str) -> Option<String> {
    r.identify(ua.as_bytes())
        .known()
        .map(|id| r.get(id).name.clone())
}

#[test]
fn builtin_registry_loads_with_over_100_entries() {
    let r = registry();
    assert!(r.len() > 100, "{} entries", r.len());
    let mut names: Vec<String> = r.iter().map(|(_, c)| c.name.to_ascii_lowercase()).collect();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), r.len(), "names are unique");
}

#[test]
fn every_example_identifies_as_its_entry() {
    let r = registry();
    let mut failures = Vec::new();
    for (id, c) in r.iter() {
        if c.is_token_only() {
            assert!(
                c.examples.is_empty(),
                "{}: a token-only product has no header",
                c.name
            );
            continue;
        }
        // Every header pattern, in the header a robot usually sends, and the real headers the
        // entry gives (entries made from a list's name alone have none).
        let realistic = c
            .patterns
            .iter()
            .map(|p| format!("Mozilla/5.0 (compatible; {p}/1.0; +https://example.com/bot)"));
        for ua in c.examples.iter().cloned().chain(realistic) {
            let got = r.identify(ua.as_bytes());
            if got != Identity::Known(id) {
                failures.push(format!("{}: {ua:?} → {got:?}", c.name));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn every_entry_is_well_formed() {
    let r = registry();
    for (_, c) in r.iter() {
        assert!(!c.tokens.is_empty(), "{}", c.name);
        for t in &c.tokens {
            assert_eq!(t, &t.to_ascii_lowercase(), "{}", c.name);
        }
        for name in &c.verify.ip_ranges {
            assert!(r.range_url(name).is_some(), "{}: {name}", c.name);
        }
        if c.dialect == Dialect::Yandex {
            assert_eq!(
                c.tokens,
                [c.name.to_ascii_lowercase()],
                "Yandex robots: own name only"
            );
            assert!(
                !c.honours_crawl_delay,
                "{}: Yandex ignores Crawl-delay since 2018",
                c.name
            );
            assert_eq!(c.operator, "Yandex");
        }
        if c.operator == "Google" {
            assert!(
                !c.honours_crawl_delay,
                "{}: Google ignores Crawl-delay",
                c.name
            );
            assert_eq!(c.dialect, Dialect::Google);
        }
    }
}

#[test]
fn token_only_products_are_never_identified() {
    let r = registry();
    for name in ["Google-Extended", "Applebot-Extended", "Googlebot-News"] {
        let id = r.by_name(name).expect(name);
        let c = r.get(id);
        assert!(c.is_token_only(), "{name}");
        assert_eq!(r.identify(name.as_bytes()).known(), None, "{name}");
    }
    let ext = r.get(r.by_name("Google-Extended").expect("present"));
    assert_eq!(ext.tokens, ["google-extended"]);
    assert_eq!(ext.category, Category::AiTraining);
}

#[test]
fn google_family_token_order() {
    let r = registry();
    let tokens = |name: &str| r.get(r.by_name(name).expect(name)).tokens.clone();
    assert_eq!(tokens("Googlebot"), ["googlebot"]);
    assert_eq!(tokens("Googlebot-Image"), ["googlebot-image", "googlebot"]);
    assert_eq!(tokens("Googlebot-Video"), ["googlebot-video", "googlebot"]);
    assert_eq!(tokens("Googlebot-News"), ["googlebot-news", "googlebot"]);
    assert_eq!(tokens("GoogleOther"), ["googleother"]);
    assert_eq!(
        tokens("GoogleOther-Image"),
        ["googleother-image", "googleother"]
    );
    assert_eq!(
        tokens("GoogleOther-Video"),
        ["googleother-video", "googleother"]
    );
    assert_eq!(
        tokens("Google-InspectionTool"),
        ["google-inspectiontool", "googlebot"]
    );
    assert_eq!(tokens("AdsBot-Google"), ["adsbot-google"]);
    assert_eq!(tokens("AdsBot-Google-Mobile"), ["adsbot-google-mobile"]);
    assert_eq!(tokens("Mediapartners-Google"), ["mediapartners-google"]);
    assert_eq!(tokens("Storebot-Google"), ["storebot-google"]);
    assert_eq!(tokens("Applebot"), ["applebot", "googlebot"]);
}

#[test]
fn yandex_family_tokens_and_dialect() {
    let r = registry();
    for name in [
        "YandexBot",
        "YandexImages",
        "YandexMedia",
        "YandexNews",
        "YandexBlogs",
        "YandexMetrika",
        "YandexDirect",
        "YandexMobileBot",
        "YandexAccessibilityBot",
        "YandexScreenshotBot",
        "YandexCalendar",
        "YaDirectFetcher",
        "YandexPagechecker",
        "YandexCatalog",
    ] {
        let c = r.get(r.by_name(name).expect(name));
        assert_eq!(c.dialect, Dialect::Yandex, "{name}");
        assert_eq!(c.tokens, [name.to_ascii_lowercase()], "{name}");
        assert!(!c.honours_crawl_delay, "{name}");
        assert!(
            c.verify.rdns_domains.iter().any(|d| d == "yandex.ru"),
            "{name}"
        );
    }
    // The specific robot, not YandexBot.
    let ua = "Mozilla/5.0 (compatible; YandexImages/3.0; +http://yandex.com/bots)";
    assert_eq!(known(&r, ua).as_deref(), Some("YandexImages"));
    let ua = "Mozilla/5.0 (compatible; YandexMetrika/3.0; +http://yandex.com/bots)";
    assert_eq!(known(&r, ua).as_deref(), Some("YandexMetrika"));
}

#[test]
fn adsbot_ignores_star() {
    let r = registry();
    for name in ["AdsBot-Google", "AdsBot-Google-Mobile"] {
        assert!(!r.get(r.by_name(name).expect(name)).obeys_star, "{name}");
    }
    for name in [
        "Googlebot",
        "Googlebot-Image",
        "bingbot",
        "GPTBot",
        "YandexBot",
    ] {
        assert!(r.get(r.by_name(name).expect(name)).obeys_star, "{name}");
    }
}

#[test]
fn crawl_delay_facts() {
    let r = registry();
    let delay = |name: &str| r.get(r.by_name(name).expect(name)).honours_crawl_delay;
    assert!(delay("bingbot"));
    assert!(delay("ClaudeBot"));
    // "including the disallow and crawl-delay directives" (Diffbot's page).
    assert!(delay("Diffbot"));
    assert!(!delay("Googlebot"));
    assert!(!delay("YandexBot"));
    assert!(!delay("Baiduspider"));
}

/// Facts a review checked against the operators' statements: ClaudeBot keeps the groups of
/// Anthropic's retired tokens (Anthropic, quoted by 404 Media, 2024-07-30); Diffbot builds a
/// search engine and "is not used for AI training"; Mistral's index and training crawlers.
#[test]
fn operator_facts() {
    let r = registry();
    let get = |name: &str| r.get(r.by_name(name).expect(name));
    assert_eq!(
        get("ClaudeBot").tokens,
        ["claudebot", "anthropic-ai", "claude-web"]
    );
    assert_eq!(get("Diffbot").category.as_str(), "search");
    assert_eq!(get("MistralAI-Index").category.as_str(), "ai-search");
    assert_eq!(get("MistralAI-Training").category.as_str(), "ai-training");
}

#[test]
fn more_specific_crawlers_win() {
    let r = registry();
    for (ua, want) in [
        ("Googlebot-Image/1.0", "Googlebot-Image"),
        ("Googlebot-Video/1.0", "Googlebot-Video"),
        ("GoogleOther-Image/1.0", "GoogleOther-Image"),
        ("GoogleOther", "GoogleOther"),
        ("Mediapartners-Google", "Mediapartners-Google"),
        (
            "Mozilla/5.0 (iPhone; U; CPU iPhone OS 10_0 like Mac OS X; en-us) AppleWebKit/602.1.38 (KHTML, like Gecko) Version/10.0 Mobile/14A5297c Safari/602.1 (compatible; Mediapartners-Google/2.1; +http://www.google.com/bot.html)",
            "Mediapartners-Google",
        ),
        (
            "AdsBot-Google (+http://www.google.com/adsbot.html)",
            "AdsBot-Google",
        ),
        (
            "Mozilla/5.0 (Linux; Android 5.0; SM-G920A) AppleWebKit (KHTML, like Gecko) Chrome Mobile Safari (compatible; AdsBot-Google-Mobile; +http://www.google.com/mobile/adsbot.html)",
            "AdsBot-Google-Mobile",
        ),
        ("AdsBot-Google-Mobile-Apps", "AdsBot-Google-Mobile-Apps"),
        (
            "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36 (compatible; Google-InspectionTool/1.0)",
            "Google-InspectionTool",
        ),
        (
            "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
            "Slackbot-LinkExpanding",
        ),
        ("Slackbot 1.0 (+https://api.slack.com/robots)", "Slackbot"),
        (
            "Mozilla/5.0 (compatible; SemrushBot-BA; +http://www.semrush.com/bot.html)",
            "SemrushBot-BA",
        ),
        (
            "Mozilla/5.0 (compatible; SemrushBot/7~bl; +http://www.semrush.com/bot.html)",
            "SemrushBot",
        ),
        // Names the client only compares itself to do not count.
        ("TelegramBot (like TwitterBot)", "TelegramBot"),
        (
            "Feedly/1.0 (+http://www.feedly.com/fetcher.html; like FeedFetcher-Google)",
            "Feedly",
        ),
        (
            "Mozilla/5.0 (compatible; MSIE or Firefox mutant; not on Windows server;) Daumoa/4.0 (Following Mediapartners-Google)",
            "Daum",
        ),
    ] {
        assert_eq!(known(&r, ua).as_deref(), Some(want), "{ua}");
    }
}

#[test]
fn whole_token_matching() {
    let r = registry();
    // Not Googlebot: part of a longer name.
    assert_eq!(
        known(&r, "Mozilla/5.0 (compatible; MyGooglebotClone/1.0)"),
        None
    );
    assert_eq!(known(&r, "Mozilla/5.0 (compatible; Googlebot2/1.0)"), None);
    // A registry name inside a URL is not the client.
    let ua = "Mozilla/5.0 (compatible; heritrix/3.3.0 +http://archive.org/details/archive.org_bot)";
    assert_eq!(known(&r, ua).as_deref(), Some("heritrix"));
    // Case-insensitive.
    assert_eq!(known(&r, "GOOGLEBOT/2.1").as_deref(), Some("Googlebot"));
}

#[test]
fn spoofed_headers_still_name_the_crawler() {
    let r = registry();
    let ua = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    assert_eq!(known(&r, ua).as_deref(), Some("Googlebot"));
    assert_eq!(
        known(&r, "python-requests/2.31.0 Googlebot").as_deref(),
        Some("Googlebot")
    );
}

#[test]
fn unknown_bot_with_contact_url() {
    let r = registry();
    let ua = b"Mozilla/5.0 (compatible; FooBot/2.1; +https://foo.example/bot.html)";
    assert_eq!(
        r.identify(ua),
        Identity::Unknown(UnknownBot {
            name: "FooBot".into(),
            // Its own token first: a `Mozilla` group does not take it from a `FooBot` one.
            tokens: vec!["foobot".into(), "mozilla".into(), "compatible".into()],
            category: None,
            obeys_robots: true,
        })
    );
    // A contact URL alone marks a robot; its name is its product.
    let ua = b"Acme-Fetcher/0.3 (+http://acme.example/about)";
    assert_eq!(
        r.identify(ua),
        Identity::Unknown(UnknownBot {
            name: "Acme-Fetcher".into(),
            tokens: vec!["acme-fetcher".into()],
            category: None,
            obeys_robots: true,
        })
    );
    // Says "crawler" or "spider".
    for (ua, name) in [
        ("NiceCrawler/1.0", "NiceCrawler"),
        ("Mozilla/5.0 (compatible; web-spider 2.0)", "web-spider"),
        ("Mozilla/5.0 (compatible; SomeBot)", "SomeBot"),
    ] {
        match r.identify(ua.as_bytes()) {
            Identity::Unknown(bot) => assert_eq!(bot.name, name, "{ua}"),
            other => panic!("{ua}: {other:?}"),
        }
    }
}

#[test]
fn browsers_and_libraries_are_not_crawlers() {
    let r = registry();
    for ua in [
        // Desktop and mobile browsers.
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15",
        "Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0",
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0",
        // Cubot phones: "bot" in the device model.
        "Mozilla/5.0 (Linux; Android 10; CUBOT X30) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.144 Mobile Safari/537.36",
        "Mozilla/5.0 (Linux; Android 9; CUBOT_P30 Build/PPR1.180610.011) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/88.0.4324.152 Mobile Safari/537.36",
        "Dalvik/2.1.0 (Linux; U; Android 11; CUBOT KINGKONG 5 Pro Build/RP1A.200720.011)",
        // In-app browsers: Pinterest's app is not Pinterestbot.
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [Pinterest/iOS]",
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/458.0.0.38.108;FBBV/588812380]",
        // "bot" in a URL path segment, not in a product.
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 https://example.com/bot/help",
        // A version with an at sign is no e-mail address (Ecosia's browsers).
        "Mozilla/5.0 (iPhone; CPU iPhone OS 16_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari/605.1.15 (Ecosia ios@8.1.3.72)",
        "Mozilla/5.0 (Linux; Android 9; Redmi 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/101.0.4951.41 Mobile Safari/537.36 (Ecosia android@101.0.4951.41)",
        // An app whose header names its HTTP library as a component is not the library.
        "FME/2018.7.34.18312  libcurl/7.57.0 WinSSL zlib/1.2.11 WinIDN libssh2/1.7.0",
        "",
        "-",
    ] {
        assert_eq!(r.identify(ua.as_bytes()), Identity::NotCrawler, "{ua}");
    }
}

/// Issue #14: HTTP libraries and headless browsers were not recognised at all. They are the
/// `automation` category, with the robots.txt tokens a site would write for them.
#[test]
fn http_libraries_and_headless_browsers_are_automation() {
    let r = registry();
    for (ua, name, tokens) in [
        (
            "python-requests/2.31.0",
            "python-requests",
            "python-requests",
        ),
        ("Python-urllib/3.11", "Python-urllib", "python-urllib"),
        ("python-httpx/0.27.0", "python-httpx", "python-httpx"),
        ("Python/3.11 aiohttp/3.9.1", "aiohttp", "aiohttp"),
        ("curl/8.5.0", "curl", "curl"),
        ("Wget/1.21.4", "Wget", "wget"),
        ("Wget/1.14 (linux-gnu)", "Wget", "wget"),
        ("Go-http-client/1.1", "Go-http-client", "go-http-client"),
        ("Go-http-client/2.0", "Go-http-client", "go-http-client"),
        (
            "Apache-HttpClient/4.5.13 (Java/11.0.19)",
            "Apache-HttpClient",
            "apache-httpclient",
        ),
        ("okhttp/4.12.0", "okhttp", "okhttp"),
        ("libwww-perl/6.72", "libwww-perl", "libwww-perl"),
        ("axios/1.6.2", "axios", "axios"),
        (
            "node-fetch/1.0 (+https://github.com/bitinn/node-fetch)",
            "node-fetch",
            "node-fetch",
        ),
        (
            "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36",
            "HeadlessChrome",
            "headlesschrome",
        ),
    ] {
        let id = r
            .identify(ua.as_bytes())
            .known()
            .unwrap_or_else(|| panic!("{ua} is not known"));
        let c = r.get(id);
        assert_eq!(c.name, name, "{ua}");
        assert_eq!(c.category, Category::Automation, "{ua}");
        assert_eq!(c.category.as_str(), "automation");
        assert_eq!(c.tokens, [tokens], "{ua}");
        assert!(
            c.obeys_star && c.obeys_robots,
            "{ua}: the audit decides, by category"
        );
    }
    assert_eq!(
        Category::from_name("automation"),
        Some(Category::Automation)
    );
    // A crawler named in the same header wins; a robot using a library is that robot.
    assert_eq!(
        known(&r, "python-requests/2.31.0 Googlebot").as_deref(),
        Some("Googlebot")
    );
    for (ua, name, category) in [
        (
            "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/87.0.4280.88 YextBot/Java Safari/537.36",
            "YextBot",
            None,
        ),
        // A link checker of the list, which uses libwww-perl.
        (
            "W3C-checklink/4.5 [4.160] libwww-perl/5.823",
            "W3C-checklink",
            None,
        ),
        // Products built on a library: automated, named after themselves.
        (
            "2Bone_LinkChecker/1.0 libwww-perl/6.03",
            "2Bone_LinkChecker",
            Some(Category::Automation),
        ),
        (
            "DAVdroid/1.9.2-gplay (2017/11/04; dav4android; okhttp3) Android/7.1.2",
            "DAVdroid",
            Some(Category::Automation),
        ),
    ] {
        match r.identify(ua.as_bytes()) {
            Identity::Unknown(bot) => {
                assert_eq!((bot.name.as_str(), bot.category), (name, category), "{ua}");
                assert!(bot.obeys_robots);
            }
            other => panic!("{ua}: {other:?}"),
        }
    }
}

/// Issue #14: feed readers fetch the feeds their users subscribed to; they are user agents,
/// not crawlers under RFC 9309, and were judged as crawlers.
#[test]
fn feed_readers_are_counted_not_judged() {
    let r = registry();
    for (ua, name) in [
        (
            "UniversalFeedParser/5.2.1 +https://code.google.com/p/feedparser/",
            "UniversalFeedParser",
        ),
        ("Feedbin feed-id:2005098 - 2 subscribers", "Feedbin"),
        (
            "Liferea/1.10.19 (Linux; en_US.UTF-8; http://liferea.sf.net/)",
            "Liferea",
        ),
        ("FeedBurner/1.0 (http://www.FeedBurner.com)", "FeedBurner"),
        ("Tiny Tiny RSS/19.8 (http://tt-rss.org/)", "Tiny Tiny RSS"),
        (
            "Feedly/1.0 (+http://www.feedly.com/fetcher.html; like FeedFetcher-Google)",
            "Feedly",
        ),
        (
            "Mozilla/5.0 (compatible; inoreader.com; 1 subscribers)",
            "Inoreader",
        ),
        (
            "Feedfetcher-Google; (+http://www.google.com/feedfetcher.html; 1 subscribers; feed-id=728742641706423)",
            "FeedFetcher-Google",
        ),
    ] {
        let c = r.get(
            r.identify(ua.as_bytes())
                .known()
                .unwrap_or_else(|| panic!("{ua}")),
        );
        assert_eq!(c.name, name, "{ua}");
        assert_eq!(c.category, Category::FeedReader, "{ua}");
        assert!(!c.obeys_robots, "{ua}: counted, not judged");
    }
    for (_, c) in r.iter().filter(|(_, c)| c.category == Category::FeedReader) {
        assert!(
            !c.obeys_robots,
            "{}: every feed reader is not judged",
            c.name
        );
    }
    // Readers the registry does not know, by the signs feed services put in headers.
    for (ua, name) in [
        ("PostRank/2.0 (postrank.com; 1 subscribers)", "PostRank"),
        (
            "Bloglovin/1.0 (http://www.bloglovin.com; 1000 subscribers)",
            "Bloglovin",
        ),
        (
            "AcmeReader/3.1 (feed-id:8812; like FeedFetcher-Google)",
            "AcmeReader",
        ),
        ("Acme Feed Service 2.0 - 1 subscriber", "Acme Feed Service"),
    ] {
        match r.identify(ua.as_bytes()) {
            Identity::Known(id) if r.get(id).category == Category::FeedReader => {}
            Identity::Unknown(bot) => {
                assert_eq!(bot.name, name, "{ua}");
                assert_eq!(bot.category, Some(Category::FeedReader), "{ua}");
                assert!(!bot.obeys_robots, "{ua}");
            }
            other => panic!("{ua}: {other:?}"),
        }
    }
    // What the audit asks of any identity.
    let known = r.identify(b"Feedbin feed-id:2005098 - 2 subscribers");
    assert_eq!(known.category(&r), Some(Category::FeedReader));
    assert!(!known.obeys_robots(&r));
    let unknown = r.identify(b"PostRank/2.0 (postrank.com; 1 subscribers)");
    assert_eq!(unknown.category(&r), Some(Category::FeedReader));
    assert!(!unknown.obeys_robots(&r));
    let robot = r.identify(b"FooBot/1.0 (+https://foo.example/bot)");
    assert_eq!((robot.category(&r), robot.obeys_robots(&r)), (None, true));
    let curl = r.identify(b"curl/8.5.0");
    assert_eq!(curl.category(&r), Some(Category::Automation));
    assert!(curl.obeys_robots(&r));
    assert_eq!(Identity::NotCrawler.category(&r), None);
    // The sign needs a number: prose about subscribers is no feed reader.
    assert_eq!(
        r.identify(
            b"Mozilla/5.0 (X11; Linux x86_64; subscribers edition) Gecko/20100101 Firefox/125.0"
        ),
        Identity::NotCrawler
    );
}

/// Issue #14: a header that names Googlebot only as a comparison is its own client, not a
/// spoofed Googlebot.
#[test]
fn a_crawler_named_as_a_comparison_is_not_the_client() {
    let r = registry();
    assert_eq!(
        known(
            &r,
            "FreshRSS/1.11.2 (Linux; https://freshrss.org) like Googlebot"
        )
        .as_deref(),
        Some("FreshRSS")
    );
    assert_eq!(
        known(
            &r,
            "Gwene/1.0 (The gwene.org rss-to-news gateway) Googlebot"
        )
        .as_deref(),
        Some("Gwene")
    );
    for (ua, name) in [
        (
            "SentiBot www.sentibot.eu (compatible with Googlebot)",
            "SentiBot",
        ),
        (
            "Mozilla/5.0 (compatible;acapbot/0.1;treat like Googlebot)",
            "acapbot",
        ),
        (
            "FooFetcher/2.0 (+https://foo.example; similar to Googlebot)",
            "FooFetcher",
        ),
    ] {
        match r.identify(ua.as_bytes()) {
            Identity::Unknown(bot) => {
                assert_eq!(bot.name, name, "{ua}");
                // Nor is it judged by a group meant for Googlebot.
                assert!(
                    !bot.tokens.contains(&"googlebot".to_string()),
                    "{ua}: {:?}",
                    bot.tokens
                );
                assert!(bot.tokens.contains(&name.to_ascii_lowercase()), "{ua}");
            }
            other => panic!("{ua}: {other:?}"),
        }
    }
    // Not a comparison: still Googlebot (and spoofed if its address says so).
    assert_eq!(
        known(&r, "Mozilla/5.0 (compatible with anything; Googlebot/2.1)").as_deref(),
        Some("Googlebot")
    );
}

#[test]
fn product_tokens_of_real_headers() {
    assert_eq!(
        product_tokens(b"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"),
        ["mozilla", "compatible", "googlebot"]
    );
    assert_eq!(product_tokens(b"Googlebot-Image/1.0"), ["googlebot-image"]);
    assert_eq!(
        product_tokens(
            b"Mozilla/5.0 (compatible; Yahoo! Slurp; http://help.yahoo.com/help/us/ysearch/slurp)"
        ),
        ["mozilla", "compatible", "yahoo", "slurp"]
    );
    // No token `bot` from the URL, so a group `User-agent: bot` captures nothing here.
    assert!(
        !product_tokens(b"Mozilla/5.0 (compatible; mybot/1.0; +http://x.example/bot)")
            .contains(&"bot".to_string())
    );
}

#[test]
fn load_extra_overrides_and_adds() {
    let mut r = registry();
    let before = r.len();
    let googlebot = r.by_name("Googlebot").expect("present");
    r.load_extra(
        r#"
        [[crawler]]
        name = "googlebot"
        operator = "Google (local override)"
        category = "search"
        crawl_delay = true

        [[crawler]]
        name = "AcmeBot"
        operator = "Acme"
        category = "seo"
        patterns = ["AcmeBot", "Acme-Crawler"]
        tokens = ["acmebot", "acme"]
        "#,
    )
    .expect("valid extra file");
    assert_eq!(r.len(), before + 1);
    assert_eq!(r.by_name("Googlebot"), Some(googlebot), "replaced in place");
    let g = r.get(googlebot);
    assert_eq!(g.operator, "Google (local override)");
    assert!(g.honours_crawl_delay);
    assert_eq!(known(&r, "Googlebot/2.1").as_deref(), Some("googlebot"));
    assert_eq!(
        known(&r, "Mozilla/5.0 (compatible; Acme-Crawler/1.0)").as_deref(),
        Some("AcmeBot")
    );
    let acme = r.get(r.by_name("acmebot").expect("added"));
    assert_eq!(acme.tokens, ["acmebot", "acme"]);
    // A broken file changes nothing.
    assert!(r.load_extra("[[crawler]]\nname = 1").is_err());
    assert_eq!(r.len(), before + 1);
}

#[test]
fn registry_and_verifier_are_send_and_sync() {
    fn check<T: Send + Sync>() {}
    check::<Registry>();
    check::<robots_audit::crawlers::Verifier>();
    check::<Identity>();
}

#[test]
fn long_hostile_headers_are_identified_quickly() {
    let r = registry();
    // Headers are attacker-controlled: many words, elements, comparisons, contacts and list
    // matches inside words must not make identification quadratic.
    for piece in [
        "Word ",
        "a; ",
        "like Googlebot ",
        "+http://x.example/ ",
        "xZabbix ",
        "(compatible; FooBot/1.0) ",
        "1 subscribers ",
    ] {
        let ua = piece.repeat(40_000 / piece.len());
        let started = std::time::Instant::now();
        let _ = r.identify_with_tokens(ua.as_bytes());
        let took = started.elapsed();
        assert!(
            took < std::time::Duration::from_secs(2),
            "{piece:?}: {took:?}"
        );
    }
}

/// A Yandex robot is read as the version its header names: YandexMetrika/2.0 and
/// YandexMarket/2.0 obey only groups naming them, YandexNews/4.0 ignores `*`, where their
/// other versions (and the bare names) follow `Yandex` and `*`. All were read as the first
/// version of their name, and a `User-agent: Yandex` group was held against YandexMetrika/2.0.
#[test]
fn yandex_robots_are_read_as_the_version_their_header_names() {
    use robots_audit::robots::{Agent, RobotsTxt};
    let r = registry();
    let body = "User-agent: Yandex\nDisallow: /y\n\nUser-agent: *\nDisallow: /s\n";
    let both = RobotsTxt::parse(body.as_bytes(), Dialect::Yandex);
    let star = RobotsTxt::parse(b"User-agent: *\nDisallow: /s\n", Dialect::Yandex);
    let allowed = |robots: &RobotsTxt, product: &str, path: &str| {
        let ua = format!("Mozilla/5.0 (compatible; {product}; +http://yandex.com/bots)");
        let reader = r.agent_for(ua.as_bytes());
        let tokens: Vec<&str> = reader.tokens.iter().map(String::as_str).collect();
        let group = robots.group_for(&Agent {
            tokens: &tokens,
            obeys_star: reader.obeys_star,
        });
        robots.check(group, path.as_bytes()).allowed
    };
    for (product, name, yandex_group, star_group) in [
        ("YandexMetrika/2.0", "YandexMetrika/2.0", false, false),
        ("YandexMetrika/3.0", "YandexMetrika", true, true),
        ("YandexMetrika/4.0", "YandexMetrika/4.0", false, false),
        ("YandexMarket/1.0", "YandexMarket", true, true),
        ("YandexMarket/2.0", "YandexMarket/2.0", false, false),
        ("YandexNews/3.0", "YandexNews", true, true),
        ("YandexNews/4.0", "YandexNews/4.0", true, false),
    ] {
        let ua = format!("Mozilla/5.0 (compatible; {product}; +http://yandex.com/bots)");
        assert_eq!(known(&r, &ua).as_deref(), Some(name), "{product}");
        assert_eq!(
            !allowed(&both, product, "/y"),
            yandex_group,
            "{product}: Yandex"
        );
        assert_eq!(!allowed(&star, product, "/s"), star_group, "{product}: *");
    }
}

/// An unknown robot answers to its own product token before the words every browser carries:
/// a site with a `User-agent: Mozilla` (or `compatible`) group and a `FooBot` group judges
/// FooBot by its own. It was judged by the first group its header order named.
#[test]
fn an_unknown_robot_is_judged_by_its_own_group_before_a_browser_words() {
    use robots_audit::robots::{Agent, RobotsTxt};
    let r = registry();
    let ua = b"Mozilla/5.0 (compatible; FooBot/2.1; +http://foo.example/)";
    let reader = r.agent_for(ua);
    let tokens: Vec<&str> = reader.tokens.iter().map(String::as_str).collect();
    for word in ["Mozilla", "compatible"] {
        let body =
            format!("User-agent: {word}\nDisallow: /m\n\nUser-agent: FooBot\nDisallow: /f\n");
        let robots = RobotsTxt::parse(body.as_bytes(), Dialect::Google);
        let g = robots.group_for(&Agent {
            tokens: &tokens,
            obeys_star: reader.obeys_star,
        });
        assert!(robots.check(g, b"/m").allowed, "{word}");
        assert!(!robots.check(g, b"/f").allowed, "{word}");
    }
    // With no group of its own, a `Mozilla` group still names it.
    let robots = RobotsTxt::parse(b"User-agent: Mozilla\nDisallow: /m\n", Dialect::Google);
    let g = robots.group_for(&Agent {
        tokens: &tokens,
        obeys_star: reader.obeys_star,
    });
    assert!(!robots.check(g, b"/m").allowed);
}
