//! Crawler verification against the bundled IP range snapshots, IPv4 and IPv6, and fresh
//! copies from a range directory overriding them.

use std::net::IpAddr;
use std::path::Path;

use robots_audit::crawlers::{ErrorKind, Registry, Verifier, VerifyResult};

fn ip(s: &str) -> IpAddr {
    s.parse().expect("test address")
}

fn check(v: &Verifier, r: &Registry, crawler: &str, addr: &str) -> VerifyResult {
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
            VerifyResult::Verified,
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
        // Googlebot's addresses are not AdsBot's: the lists are per crawler family.
        ("AdsBot-Google", "66.249.66.1"),
        ("GPTBot", "66.249.66.1"),
        ("bingbot", "198.51.100.1"),
        ("CCBot", "2600:1f28:365:7000::1"),
    ] {
        assert_eq!(
            check(&v, &r, crawler, addr),
            VerifyResult::Spoofed,
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
            VerifyResult::Unverifiable,
            "{crawler} {addr}"
        );
    }
    assert_eq!(VerifyResult::Unverifiable.as_str(), "unverifiable");
    assert_eq!(VerifyResult::Verified.as_str(), "verified");
    assert_eq!(VerifyResult::Spoofed.as_str(), "spoofed");
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
        VerifyResult::Verified
    );
    assert_eq!(
        check(&v, &r, "GPTBot", "2001:db8:1::10"),
        VerifyResult::Verified
    );
    assert_eq!(
        check(&v, &r, "GPTBot", "20.171.207.1"),
        VerifyResult::Spoofed,
        "the fresh copy replaces the snapshot"
    );
    // Other lists keep their bundled snapshot.
    assert_eq!(
        check(&v, &r, "Googlebot", "66.249.66.1"),
        VerifyResult::Verified
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
