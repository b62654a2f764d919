//! `robots-audit check`: one robots.txt, URLs judged in order, exit 1 on any disallowed.

use crate::support::{run, stderr, testdata};

#[test]
fn check_prints_verdicts_in_order_and_exits_1_on_disallowed() {
    let robots = testdata("robots-dir/www.example.com/robots.txt");
    let o = run(
        &[
            "check".as_ref(),
            "--robots".as_ref(),
            robots.as_os_str(),
            "--agent".as_ref(),
            "googlebot".as_ref(),
            "https://www.example.com/private/a".as_ref(),
            "/admin/users".as_ref(),
            "/docs/guide.pdf".as_ref(),
            "/docs/guide.pdf?x=1".as_ref(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let text = String::from_utf8(o.stdout).unwrap();
    let lines: Vec<Vec<&str>> = text.lines().map(|l| l.split('\t').collect()).collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(
        lines[0][..2],
        ["disallowed", "https://www.example.com/private/a"]
    );
    assert_eq!(lines[0][2..], ["Googlebot", "Disallow: /private/", "9"]);
    assert_eq!(
        lines[1][..2],
        ["allowed", "/admin/users"],
        "Googlebot does not follow `*`"
    );
    assert_eq!(lines[2][..2], ["disallowed", "/docs/guide.pdf"]);
    assert_eq!(lines[2][3], "Disallow: /*.pdf$");
    assert_eq!(
        lines[3][..2],
        ["allowed", "/docs/guide.pdf?x=1"],
        "`$` anchors the end"
    );
}

#[test]
fn check_with_a_user_agent_header_and_dialects() {
    let robots = testdata("robots-dir/www.example.com/robots.txt");
    let ua = "Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)";
    let o = run(
        &[
            "check".as_ref(),
            "--robots".as_ref(),
            robots.as_os_str(),
            "--user-agent".as_ref(),
            ua.as_ref(),
            "/ru/private/x".as_ref(),
            "/cart".as_ref(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let text = String::from_utf8(o.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with("disallowed\t/ru/private/x\tYandex\t"),
        "{text}"
    );
    assert!(
        lines[1].starts_with("allowed\t/cart\t"),
        "the Yandex group hides `*`: {text}"
    );

    let o = run(
        &[
            "check".as_ref(),
            "--robots".as_ref(),
            robots.as_os_str(),
            "--agent".as_ref(),
            "SomeBot".as_ref(),
            "/about".as_ref(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0));
    assert!(
        String::from_utf8(o.stdout)
            .unwrap()
            .starts_with("allowed\t/about\t*\t")
    );
}

#[test]
fn check_errors_are_exit_2() {
    let o = run(
        &[
            "check".as_ref(),
            "--robots".as_ref(),
            "nope.txt".as_ref(),
            "--agent".as_ref(),
            "x".as_ref(),
            "/".as_ref(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("nope.txt"));
    let o = run(
        &[
            "check".as_ref(),
            "--robots".as_ref(),
            "-".as_ref(),
            "/".as_ref(),
        ],
        Some(b""),
    );
    assert_eq!(o.status.code(), Some(2), "an agent is required");
}
