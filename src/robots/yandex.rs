//! Yandex specifics: the table of Yandex robots and their required user-agent prefixes, and
//! the validation of `Crawl-delay`, `Host` and `Clean-param` values
//! (docs/robots-txt.md, "yandex dialect: robot families" and "Other records").
//!
//! The robot table follows Yandex's own parser (`robotstxtcfg/user_agents.h` in
//! `library/cpp/robots_txt`): each robot has a full name and the prefix a robots.txt
//! user-agent value must start with to select it.

/// A Yandex robot: its full name (with version) and required user-agent prefix.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Robot {
    pub(crate) full_name: &'static str,
    pub(crate) req_prefix: &'static str,
    pub(crate) explicit_only: bool,
}

/// Yandex: `(full name, required prefix, explicit only)`. A user-agent value selects a robot
/// when it starts with the required prefix and is a prefix of the full name (both
/// case-insensitive). "Explicit only" robots (`ExplicitDisallow` in Yandex's table) ignore
/// the `*` group: only a group that selects them restricts them. When
/// a name appears twice (YandexMetrika, YandexNews, YandexMarket), a bare name picks the
/// first entry, which is the one `User-agent: Yandex` covers; give the version to pick
/// another.
const ROBOTS: &[(&str, &str, bool)] = &[
    ("YandexBot/3.0", "Yandex", false),
    ("YandexMedia/3.0", "Yandex", false),
    ("YandexImages/3.0", "Yandex", false),
    ("YandexCatalog/3.0", "Yandex", false),
    ("YandexBlogs/0.99", "Yandex", false),
    ("YandexNews/3.0", "Yandex", false),
    ("YandexPagechecker/2.0", "Yandex", false),
    ("YandexMetrika/3.0", "Yandex", false),
    ("YandexBrowser/1.0", "Yandex", false),
    ("YandexMarket/1.0", "Yandex", false),
    ("YandexWebmaster/2.0", "Yandex", false),
    ("YandexVideo/3.0", "Yandex", false),
    ("YandexImageResizer/2.0", "Yandex", false),
    ("YandexTravel/1.0", "Yandex", false),
    ("YandexOntoDB/1.0", "Yandex", false),
    ("YandexNews/4.0", "Yandex", true),
    ("YaDirectFetcher/1.0", "YaDirectFetcher", true),
    ("YandexCalendar/1.0", "YandexCalendar", true),
    ("YandexDirect/3.0", "YandexDirect", true),
    ("YandexPartner/3.0", "YandexPartner", true),
    ("YandexRCA/1.0", "YandexRCA", true),
    ("YandexDirectDyn/1.0", "YandexDirectDyn", true),
    ("YandexMobileBot/3.0", "YandexMobileBot", true),
    ("YandexAccessibilityBot/3.0", "YandexAccessibilityBot", true),
    ("YandexScreenshotBot/3.0", "YandexScreenshotBot", true),
    ("YandexMetrika/2.0", "YandexMetrika", true),
    ("YandexMetrika/4.0", "YandexMetrika", true),
    ("YandexVideoParser/1.0", "YandexVideoParser", true),
    ("YandexMarket/2.0", "YandexMarket", true),
    ("YandexMedianaBot/1.0", "YandexMedianaBot", true),
    ("YandexSearchShop/1.0", "YandexSearchShop", true),
    ("YandexOntoDBAPI/1.0", "YandexOntoDBAPI", true),
    ("Yandex-AMPHTML", "Yandex-AMPHTML", true),
    ("YandexVideoHosting/1.0", "YandexVideoHosting", true),
    ("YandexMediaSelling/1.0", "YandexMediaSelling", true),
    ("YandexVerticals/1.0", "YandexVerticals", true),
    ("YandexTurbo/1.0", "YandexTurbo", true),
    ("YandexZenRss/1.0", "YandexZenRss", true),
    ("YandexTracker/1.0", "YandexTracker", true),
    (
        "YandexMobileScreenShotBot/1.0",
        "YandexMobileScreenShotBot",
        true,
    ),
    ("YandexFavicons/1.0", "YandexFavicons", true),
    // Robots Yandex lists (yandex.com/bots) that its parser's table does not name: Yandex
    // documents `User-agent: Yandex` as covering all its robots, so they require `Yandex`
    // alone, as the table's own general robots do.
    ("YandexVertis/3.0", "Yandex", false),
    ("YandexSpravBot/1.0", "Yandex", false),
    ("YandexRenderResourcesBot/1.0", "Yandex", false),
    ("YandexSitelinks", "Yandex", false),
    ("YandexAdNet/1.0", "Yandex", false),
    ("YandexForDomain/1.0", "Yandex", false),
    ("YandexUserproxy", "Yandex", false),
    // Listed too, documented as obeying only groups that name them (the AI Crawler Index:
    // "ignores the * group"): explicit only, and `Yandex` does not cover them.
    ("YandexAdditional/1.0", "YandexAdditional", true),
    ("YandexAdditionalBot/1.0", "YandexAdditionalBot", true),
    ("YandexComBot/3.0", "YandexComBot", true),
];

/// The Yandex robot called `name` (`YandexImages`, or with a version, `YandexMetrika/2.0`),
/// compared case-insensitively; `None` for a name that is not a Yandex robot's.
pub(crate) fn robot(name: &str) -> Option<Robot> {
    let entry =
        |&(full_name, req_prefix, explicit_only): &(&'static str, &'static str, bool)| Robot {
            full_name,
            req_prefix,
            explicit_only,
        };
    if name.contains('/')
        && let Some(e) = ROBOTS.iter().find(|(f, _, _)| f.eq_ignore_ascii_case(name))
    {
        return Some(entry(e));
    }
    let bare = name.split('/').next().unwrap_or(name);
    ROBOTS
        .iter()
        .find(|(f, _, _)| f.split('/').next().unwrap_or(f).eq_ignore_ascii_case(bare))
        .map(entry)
}

impl Robot {
    /// Yandex: a user-agent value (lower-cased) selects the robot when it starts with the
    /// robot's required prefix and the robot's full name starts with it.
    pub(crate) fn selected_by(&self, value: &str) -> bool {
        starts_with_ci(value, self.req_prefix) && starts_with_ci(self.full_name, value)
    }
}

fn starts_with_ci(s: &str, prefix: &str) -> bool {
    s.len() >= prefix.len() && s.as_bytes()[..prefix.len()].eq_ignore_ascii_case(prefix.as_bytes())
}

/// Parses a `Crawl-delay` value in decimal seconds into milliseconds (fraction digits beyond
/// the third are dropped). `cap_1024`: Yandex caps the integer part at 1024
/// (docs/robots-txt.md, "Other records").
/// Accepts `10`, `0.5`, `.5`, `5.`; rejects anything else (no sign, no exponent, no unit).
pub(crate) fn parse_crawl_delay(value: &[u8], cap_1024: bool) -> Option<u64> {
    let (int, frac) = match memchr::memchr(b'.', value) {
        Some(i) => (&value[..i], Some(&value[i + 1..])),
        None => (value, None),
    };
    let all_digits = |s: &[u8]| s.iter().all(u8::is_ascii_digit);
    if !all_digits(int) || !frac.is_none_or(all_digits) {
        return None;
    }
    if int.is_empty() && frac.is_none_or(<[u8]>::is_empty) {
        return None;
    }
    let mut secs: u64 = 0;
    for &d in int {
        secs = secs.saturating_mul(10).saturating_add(u64::from(d - b'0'));
    }
    if cap_1024 {
        // Yandex: the integer part is capped at 1024 seconds.
        secs = secs.min(1024);
    }
    let mut millis: u64 = 0;
    let frac = frac.unwrap_or_default();
    for i in 0..3 {
        millis = millis * 10 + frac.get(i).map_or(0, |&d| u64::from(d - b'0'));
    }
    Some(secs.saturating_mul(1000).saturating_add(millis))
}

/// Yandex: whether a `Host:` value is valid: one RFC 952 host name (letters, digits and `-`
/// in non-empty labels that neither start nor end with `-`; no trailing dot; not an IP
/// address) and an optional port of at most 65535. No scheme, no path, no second host.
pub(crate) fn valid_host(value: &str) -> bool {
    let (host, port) = match value.rsplit_once(':') {
        Some((host, port)) => (host, Some(port)),
        None => (value, None),
    };
    if let Some(port) = port {
        // Yandex: "www.myhost.ru:100000" and "www.myhost.ru:8080/" are ignored.
        if port.is_empty() || port.len() > 5 || !port.bytes().all(|b| b.is_ascii_digit()) {
            return false;
        }
        if !(1..=65535).contains(&port.parse::<u32>().unwrap_or(0)) {
            return false;
        }
    }
    if host.is_empty() || host.len() > 253 {
        return false;
    }
    let mut all_numeric = true;
    for label in host.split('.') {
        // Yandex: "my..host.ru", ".my-host.ru" and "my-host.ru." (empty labels) are ignored.
        if label.is_empty() || label.len() > 63 {
            return false;
        }
        // Yandex: "www.my_host.ru", "http://…", "a,b", "a b", "host/" are ignored.
        if !label
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-')
        {
            return false;
        }
        // Yandex: "www.myhost-.ru" and "www.-myhost.ru" are ignored (RFC 952).
        if label.starts_with('-') || label.ends_with('-') {
            return false;
        }
        all_numeric &= label.bytes().all(|b| b.is_ascii_digit());
    }
    // Yandex: "213.180.194.129" is ignored: an IP address is not a host name.
    !all_numeric
}

/// Yandex: parses `p1[&p2…] [path-prefix]`. Parameter names use letters, digits and
/// `+-=_%[]{}():.`, separated by single `&`s; the prefix uses letters, digits and `.-/*_,;:%`;
/// the whole rule is at most 500 characters. Returns the names and the prefix.
pub(crate) fn parse_clean_param(value: &str) -> Option<(Vec<String>, String)> {
    // Yandex: "Действует ограничение на длину правила — 500 символов".
    if value.is_empty() || value.chars().count() > 500 {
        return None;
    }
    let (params, prefix) = match value.split_once(|c: char| c.is_ascii_whitespace()) {
        Some((params, prefix)) => (params, prefix.trim()),
        None => (value, ""),
    };
    let param_ok = |b: u8| b.is_ascii_alphanumeric() || b"+-=_&%[]{}():.".contains(&b);
    if !params.bytes().all(param_ok) || params.contains("&&") {
        return None;
    }
    let prefix_ok = |b: u8| b.is_ascii_alphanumeric() || b".-/*_,;:%".contains(&b);
    if !prefix.bytes().all(prefix_ok) {
        return None;
    }
    let names: Vec<String> = params
        .split('&')
        .filter(|p| !p.is_empty())
        .map(str::to_owned)
        .collect();
    if names.is_empty() {
        return None;
    }
    Some((names, prefix.to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yandex_host_examples() {
        // Yandex 2013 documentation: "Примеры игнорируемых директив Host".
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
            "",
            "host:",
            "host:0",
        ] {
            assert!(!valid_host(bad), "{bad:?} should be invalid");
        }
        for good in [
            "myhost.ru",
            "www.myhost.ru",
            "www.glavnoye-zerkalo.ru",
            "domen.myhost.ru",
            "myhost.ru:8080",
            "myhost.ru:65535",
        ] {
            assert!(valid_host(good), "{good:?} should be valid");
        }
    }

    #[test]
    fn yandex_crawl_delay_values() {
        let table: &[(&str, Option<u64>)] = &[
            ("2", Some(2000)),
            ("4.5", Some(4500)),
            ("0.5", Some(500)),
            (".5", Some(500)),
            ("5.", Some(5000)),
            ("1.23456", Some(1234)),
            ("2000", Some(1_024_000)),
            ("", None),
            (".", None),
            ("-1", None),
            ("1e3", None),
            ("10s", None),
            ("1,5", None),
        ];
        for &(value, want) in table {
            assert_eq!(parse_crawl_delay(value.as_bytes(), true), want, "{value:?}");
        }
        assert_eq!(parse_crawl_delay(b"2000", false), Some(2_000_000));
    }

    #[test]
    fn yandex_clean_param_syntax() {
        let ok = |v: &str| parse_clean_param(v).expect(v);
        assert_eq!(
            ok("ref /some_dir/get_book.pl"),
            (vec!["ref".into()], "/some_dir/get_book.pl".into())
        );
        assert_eq!(ok("sid&sort /forumt/*.php").0, ["sid", "sort"]);
        assert_eq!(
            ok("someTrash&otherTrash"),
            (vec!["someTrash".into(), "otherTrash".into()], String::new())
        );
        assert!(parse_clean_param("a&&b /x").is_none());
        assert!(parse_clean_param("a /x /y").is_none());
        assert!(parse_clean_param("a<b /x").is_none());
        assert!(parse_clean_param(&format!("a /{}", "x".repeat(500))).is_none());
    }

    #[test]
    fn yandex_robot_families() {
        let sel =
            |robot_name: &str, value: &str| robot(robot_name).expect(robot_name).selected_by(value);
        assert!(sel("YandexBot", "yandex"));
        assert!(sel("YandexBot", "yandexbot"));
        assert!(sel("YandexImages", "yandex"));
        assert!(sel("YandexMetrika", "yandex"));
        assert!(!sel("YandexMetrika/2.0", "yandex"));
        assert!(sel("YandexMetrika/2.0", "yandexmetrika"));
        assert!(!sel("YandexDirect", "yandex"));
        assert!(sel("YandexDirect", "yandexdirect"));
        assert!(!sel("YaDirectFetcher", "yandex"));
        assert!(!sel("YandexCalendar", "yandex"));
        assert!(!sel("YandexBot", "yandexbo*"));
        assert!(!sel("YandexBot", "*"));
        assert!(robot("Googlebot").is_none());
        assert!(!robot("YandexBot").expect("known").explicit_only);
        assert!(robot("YaDirectFetcher").expect("known").explicit_only);
        assert!(robot("YandexMetrika/2.0").expect("known").explicit_only);
        assert!(!robot("YandexMetrika").expect("known").explicit_only);
        // Listed by Yandex, not in its parser's table: `Yandex` covers them.
        for name in [
            "YandexVertis",
            "YandexSitelinks",
            "YandexAdNet",
            "YandexUserproxy",
        ] {
            assert!(sel(name, "yandex"), "{name}");
            assert!(sel(name, &name.to_ascii_lowercase()), "{name}");
            assert!(!sel(name, "yandexbot"), "{name}");
        }
        assert!(!sel("YandexAdditional", "yandex"));
        assert!(sel("YandexAdditional", "yandexadditional"));
        assert!(!sel("YandexAdditionalBot", "yandexadditional"));
        assert!(robot("YandexComBot").expect("known").explicit_only);
    }
}
