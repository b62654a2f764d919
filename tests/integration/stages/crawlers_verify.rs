//! Crawler verification against the bundled IP range snapshots, IPv4 and IPv6, and fresh
//! copies from a range directory overriding them.

use std::net::IpAddr;
use std::path::Path;

use robots_audit::crawlers::{
    ErrorKind, RangeList, Registry, STALE_AFTER_MS, TimedVerdict, Verification, Verifier,
};

fn ip(s: &str) -> IpAddr {
    s.parse().expect("test address")
}

fn check(v: &Verifier, r: &Registry, crawler: &str, addr: &str) -> Verification {
    v.verify(r, r.by_name(crawler).expect(crawler), ip(addr))
}

#[test]
fn bundled_snapshots_have_dates_and_cover_every_named_list() {
    let r = Registry::builtin();
    let v = Verifier::bundled();
    for (name, url) in r.range_lists() {
        let list = v
            .list(name)
            .unwrap_or_else(|| panic!("no bundled snapshot for {name}"));
        assert!(url.starts_with("https://"), "{name}");
        assert!(
            list.creation_time().is_some_and(|t| t.starts_with("2026-")),
            "{name}"
        );
        assert!(list.prefix_count() > 0, "{name}");
    }
}

#[test]
fn verified_inside_published_ranges() {
    let r = Registry::builtin();
    let v = Verifier::bundled();
    for (crawler, addr) in [
        ("Googlebot", "66.249.66.1"),
        ("Googlebot", "66.249.79.255"),
        ("Googlebot", "2001:4860:4801:10::1"),
        ("Googlebot", "::ffff:66.249.66.1"), // IPv4-mapped, as dual-stack servers log it
        ("Googlebot-Image", "66.249.66.1"),
        ("AdsBot-Google", "66.249.87.1"),
        ("GPTBot", "20.171.207.1"),
        ("bingbot", "157.55.39.1"),
        ("bingbot", "40.77.167.1"),
        ("CCBot", "18.97.14.81"),
        ("CCBot", "2600:1f28:365:80b0::1"),
    ] {
        assert_eq!(
            check(&v, &r, crawler, addr),
            Verification::Verified,
            "{crawler} {addr}"
        );
    }
}

#[test]
fn spoofed_outside_published_ranges() {
    let r = Registry::builtin();
    let v = Verifier::bundled();
    for (crawler, addr) in [
        ("Googlebot", "203.0.113.7"),
        ("Googlebot", "2001:db8::7"),
        ("Googlebot", "::ffff:203.0.113.7"),
        // Another operator's addresses prove nothing.
        ("GPTBot", "66.249.66.1"),
        ("AdsBot-Google", "20.171.207.1"),
        ("bingbot", "198.51.100.1"),
        ("CCBot", "2600:1f28:365:7000::1"),
    ] {
        assert_eq!(
            check(&v, &r, crawler, addr),
            Verification::Spoofed,
            "{crawler} {addr}"
        );
    }
}

#[test]
fn unverifiable_without_published_ranges() {
    let r = Registry::builtin();
    let v = Verifier::bundled();
    for (crawler, addr) in [
        // No published ranges at all.
        ("ClaudeBot", "203.0.113.7"),
        ("Twitterbot", "203.0.113.7"),
        // Reverse DNS only (FCrDNS is not done here).
        ("YandexBot", "203.0.113.7"),
        ("Baiduspider", "203.0.113.7"),
        // OpenAI publishes no IPv6 prefixes for GPTBot: nothing to check an IPv6 address against.
        ("GPTBot", "2001:db8::7"),
    ] {
        assert_eq!(
            check(&v, &r, crawler, addr),
            Verification::Unverifiable,
            "{crawler} {addr}"
        );
    }
    assert_eq!(Verification::Unverifiable.as_str(), "unverifiable");
    assert_eq!(Verification::Verified.as_str(), "verified");
    assert_eq!(Verification::Spoofed.as_str(), "spoofed");
}

#[test]
fn range_dir_overrides_bundled_lists() {
    let r = Registry::builtin();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/crawlers/ranges");
    let v = Verifier::with_range_dir(&dir).expect("test range dir loads");
    assert_eq!(
        v.list("gptbot").and_then(|l| l.creation_time()),
        Some("2026-11-01T00:00:00.000000")
    );
    assert_eq!(
        check(&v, &r, "GPTBot", "192.0.2.10"),
        Verification::Verified
    );
    assert_eq!(
        check(&v, &r, "GPTBot", "2001:db8:1::10"),
        Verification::Verified
    );
    assert_eq!(
        check(&v, &r, "GPTBot", "20.171.207.1"),
        Verification::Spoofed,
        "the fresh copy replaces the snapshot"
    );
    // Other lists keep their bundled snapshot.
    assert_eq!(
        check(&v, &r, "Googlebot", "66.249.66.1"),
        Verification::Verified
    );
}

#[test]
fn range_dir_errors_name_the_file() {
    let missing = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/crawlers/no-such-dir");
    let e = Verifier::with_range_dir(&missing).expect_err("missing dir");
    assert_eq!(e.kind(), ErrorKind::Io);
    assert_eq!(e.path(), Some(missing.as_path()));

    let dir = std::env::temp_dir().join(format!("robots-audit-crawlers-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let bad = dir.join("bingbot.json");
    std::fs::write(&bad, r#"{"prefixes": [{"ipv4Prefix": "300.1.2.0/24"}]}"#).expect("write");
    let e = Verifier::with_range_dir(&dir).expect_err("bad prefix");
    assert_eq!(e.kind(), ErrorKind::Ranges);
    assert_eq!(e.path(), Some(bad.as_path()));
    assert_eq!(e.entry(), Some("bingbot"));
    assert!(e.to_string().contains("300.1.2.0/24"), "{e}");
    std::fs::remove_dir_all(&dir).expect("clean up");
}

/// Unix ms of a UTC instant written `YYYY-MM-DDTHH:MM:SSZ`.
fn ms(rfc3339: &str) -> i64 {
    rfc3339
        .parse::<jiff::Timestamp>()
        .expect("test instant")
        .as_millisecond()
}

fn at(v: &Verifier, r: &Registry, crawler: &str, addr: &str, when: i64) -> TimedVerdict {
    v.verify_at(r, r.by_name(crawler).expect(crawler), ip(addr), when)
}

/// Issue #14: a 2015 log judged by the 2026 snapshot called every bingbot and AhrefsBot of
/// the time spoofed (157.55.32–35.x, 65.55.52.x and 5.10.83.x are in no list of 2026).
#[test]
fn requests_older_than_the_lists_are_unverifiable_not_spoofed() {
    let r = Registry::builtin();
    let v = Verifier::bundled();
    let bing_date = v.list("bingbot").and_then(RangeList::date_ms);
    assert_eq!(bing_date, Some(ms("2026-09-02T14:41:08Z")));
    let june_2015 = ms("2015-06-01T00:00:00Z");
    for (crawler, addr, list) in [
        ("bingbot", "157.55.33.18", "bingbot"),
        ("bingbot", "65.55.52.98", "bingbot"),
        ("AhrefsBot", "5.10.83.44", "ahrefs"),
        // Inside today's ranges proves nothing about 2015 either.
        ("bingbot", "157.55.39.1", "bingbot"),
        ("Googlebot", "66.249.66.1", "google-common"),
    ] {
        let old = at(&v, &r, crawler, addr, june_2015);
        assert_eq!(old.result, Verification::Unverifiable, "{crawler} {addr}");
        assert!(old.too_old(), "{crawler} {addr}");
        assert!(!old.dns_too_old, "no DNS checks here");
        let date = v.list(list).and_then(RangeList::date_ms);
        assert!(date.is_some(), "{list}");
        assert!(old.ranges_too_old >= date, "{crawler} {addr}: {old:?}");
    }
    // The same addresses in the lists' own time are judged as before.
    let recent = ms("2026-09-10T00:00:00Z");
    for (crawler, addr, want) in [
        ("bingbot", "157.55.33.18", Verification::Spoofed),
        ("AhrefsBot", "5.10.83.44", Verification::Spoofed),
        ("bingbot", "157.55.39.1", Verification::Verified),
    ] {
        let now = at(&v, &r, crawler, addr, recent);
        assert_eq!(
            now,
            TimedVerdict {
                result: want,
                ranges_too_old: None,
                dns_too_old: false,
                spoofed_by_old_lists: None,
                internal: false,
            },
            "{crawler} {addr}"
        );
        assert_eq!(check(&v, &r, crawler, addr), want, "verify() has no age");
    }
    // Crawlers without ranges are unverifiable whatever the age, and not for their age.
    let claude = at(&v, &r, "ClaudeBot", "203.0.113.7", june_2015);
    assert_eq!(claude.result, Verification::Unverifiable);
    assert!(!claude.too_old());
}

#[test]
fn the_age_limit_is_thirty_days_before_the_list_date() {
    let r = Registry::builtin();
    let v = Verifier::bundled();
    let date = v
        .list("bingbot")
        .and_then(RangeList::date_ms)
        .expect("dated");
    assert_eq!(STALE_AFTER_MS, 30 * 86_400_000);
    let edge = date - STALE_AFTER_MS;
    assert_eq!(
        at(&v, &r, "bingbot", "198.51.100.1", edge).result,
        Verification::Spoofed
    );
    let older = at(&v, &r, "bingbot", "198.51.100.1", edge - 1);
    assert_eq!(older.result, Verification::Unverifiable);
    assert_eq!(older.ranges_too_old, Some(date));
    // Newer than the list: judged by it (update-ranges keeps lists fresh), and said to be
    // judged by a list more than 30 days older than the request, which may lack an address
    // the operator added since.
    let newer = at(&v, &r, "bingbot", "198.51.100.1", date + 400 * 86_400_000);
    assert_eq!(
        (newer.result, newer.spoofed_by_old_lists),
        (Verification::Spoofed, Some(date))
    );
    let edge = date + STALE_AFTER_MS;
    let within = at(&v, &r, "bingbot", "198.51.100.1", edge);
    assert_eq!(
        (within.result, within.spoofed_by_old_lists),
        (Verification::Spoofed, None)
    );
    let past = at(&v, &r, "bingbot", "198.51.100.1", edge + 1);
    assert_eq!(past.spoofed_by_old_lists, Some(date));
    // A verified address needs no warning, however old the list.
    let inside = at(&v, &r, "bingbot", "157.55.39.1", date + 400 * 86_400_000);
    assert_eq!(
        (inside.result, inside.spoofed_by_old_lists),
        (Verification::Verified, None)
    );
    let (lo, hi) = v.lists_dates().expect("bundled lists are dated");
    assert!(lo <= date && date <= hi);
    assert_eq!(
        (lo / 86_400_000, hi / 86_400_000),
        (date / 86_400_000, date / 86_400_000),
        "one snapshot day"
    );
}

#[test]
fn saved_copies_are_dated_by_creation_time_or_when_saved() {
    let r = Registry::builtin();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/crawlers/ranges");
    let v = Verifier::with_range_dir(&dir).expect("test range dir loads");
    let date = ms("2026-11-01T00:00:00Z");
    assert_eq!(v.list("gptbot").and_then(RangeList::date_ms), Some(date));
    assert_eq!(
        at(&v, &r, "GPTBot", "203.0.113.5", date - STALE_AFTER_MS).result,
        Verification::Spoofed
    );
    // Earlier, the saved copy is too new; the bundled one (of 2026-09-02), kept beside it,
    // judges the requests of its time; before those too, nothing does.
    let bundled = ms("2026-09-02T14:41:05Z");
    let between = at(&v, &r, "GPTBot", "203.0.113.5", date - STALE_AFTER_MS - 1);
    assert_eq!(
        (between.result, between.ranges_too_old),
        (Verification::Spoofed, None)
    );
    let before = at(
        &v,
        &r,
        "GPTBot",
        "203.0.113.5",
        bundled - STALE_AFTER_MS - 1,
    );
    assert_eq!(before.ranges_too_old, Some(date));
    assert_eq!(before.result, Verification::Unverifiable);

    // A copy without creationTime: the file's modification time, when update-ranges saved it
    // (after the bundled list's date: an older copy is not used).
    let tmp = tempfile::tempdir().expect("temp dir");
    let path = tmp.path().join("ahrefs.json");
    std::fs::write(&path, r#"{"prefixes": [{"ipv4Prefix": "192.0.2.0/24"}]}"#).expect("write");
    let saved = ms("2026-10-01T12:00:00Z");
    let when = std::time::UNIX_EPOCH + std::time::Duration::from_millis(saved as u64);
    std::fs::File::options()
        .write(true)
        .open(&path)
        .and_then(|f| f.set_modified(when))
        .expect("set mtime");
    let v = Verifier::with_range_dir(tmp.path()).expect("loads");
    assert_eq!(v.list("ahrefs").and_then(RangeList::date_ms), Some(saved));
    let old = at(
        &v,
        &r,
        "AhrefsBot",
        "203.0.113.5",
        ms("2026-08-01T00:00:00Z"),
    );
    assert_eq!(old.ranges_too_old, Some(saved));
    assert_eq!(
        at(
            &v,
            &r,
            "AhrefsBot",
            "203.0.113.5",
            ms("2026-09-15T00:00:00Z")
        )
        .result,
        Verification::Spoofed
    );
    assert_eq!(
        at(&v, &r, "AhrefsBot", "192.0.2.9", ms("2026-09-15T00:00:00Z")).result,
        Verification::Verified
    );
}

/// Issue #14: FeedFetcher-Google from 209.85.238.199, an address of Google's special-crawler
/// list, was called spoofed because only the user-triggered lists were searched.
#[test]
fn any_list_of_the_operator_vouches_for_its_crawlers() {
    let r = Registry::builtin();
    let v = Verifier::bundled();
    for (crawler, addr) in [
        ("FeedFetcher-Google", "209.85.238.199"),
        ("Google-Read-Aloud", "209.85.238.199"),
        ("AdsBot-Google", "66.249.66.1"),
        ("Googlebot", "66.249.87.1"),
        ("ChatGPT-User", "20.171.207.1"),
        // No list of their own, but their operator's.
        ("DuckAssistBot", "4.144.148.23"),
        ("AdIdxBot", "157.55.39.1"),
    ] {
        assert_eq!(
            check(&v, &r, crawler, addr),
            Verification::Verified,
            "{crawler} {addr}"
        );
    }
    // Only a crawler's own lists can make it spoofed.
    assert_eq!(
        check(&v, &r, "DuckAssistBot", "203.0.113.7"),
        Verification::Unverifiable
    );
    assert_eq!(
        check(&v, &r, "AdIdxBot", "203.0.113.7"),
        Verification::Unverifiable
    );
    assert_eq!(
        check(&v, &r, "FeedFetcher-Google", "203.0.113.7"),
        Verification::Spoofed
    );
    let feed = r.by_name("FeedFetcher-Google").expect("built in");
    let names: Vec<&str> = v.lists_for(&r, feed).iter().map(|l| l.name()).collect();
    assert_eq!(
        names[..2],
        ["google-user-triggered", "google-user-triggered-google"],
        "own lists first"
    );
    for list in ["google-common", "google-special"] {
        assert!(names.contains(&list), "{names:?}");
    }
    assert!(!names.contains(&"bingbot"), "{names:?}");
}
