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

/// Runs `check` with `args`, offering standard input `head` and then `#` bytes up to
/// `offered` bytes in all, for as long as the binary reads. Returns its output and how many
/// bytes it took (what it read, plus what the pipe buffered).
fn check_fed(args: &[&str], head: Vec<u8>, offered: usize) -> (std::process::Output, usize) {
    use std::io::Write;
    use std::process::Stdio;
    let filler = vec![b'#'; 1 << 16];
    let mut cmd = crate::support::bin();
    let mut child = cmd
        .arg("check")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().expect("piped");
    let writer = std::thread::spawn(move || {
        let mut written = 0;
        let mut chunks = std::iter::once(head.as_slice()).chain(std::iter::repeat(&filler[..]));
        while written < offered {
            let chunk = chunks.next().expect("endless");
            let chunk = &chunk[..chunk.len().min(offered - written)];
            match stdin.write_all(chunk) {
                Ok(()) => written += chunk.len(),
                // The binary stopped reading and exited: the pipe is broken.
                Err(_) => break,
            }
        }
        written
    });
    let o = child.wait_with_output().expect("the binary finishes");
    (o, writer.join().expect("the writer ends"))
}

/// `User-agent: *`, `Disallow: /early`, comments up to 512,000 bytes, `Disallow: /late`.
fn long_robots_txt() -> Vec<u8> {
    let mut body = b"User-agent: *\nDisallow: /early\n".to_vec();
    while body.len() < 512_000 {
        body.extend_from_slice(b"# padding padding padding padding padding padding padding\n");
    }
    body.extend_from_slice(b"Disallow: /late\n");
    body
}

#[test]
fn check_reads_robots_from_stdin_only_up_to_the_limit() {
    // Issue #14: `--robots -` read all of standard input (1 GiB in, 1 GiB of memory) though
    // only the first 512,000 bytes are used. Offer 256 MiB and count what the binary takes
    // before it has judged the URLs and gone (the pipe then breaks): the limit, one byte
    // past it and what the pipe buffers, not the lot.
    let args = ["--robots", "-", "--agent", "somebot", "/early", "/late"];
    let (o, taken) = check_fed(&args, long_robots_txt(), 256 << 20);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        taken < 8 << 20,
        "the binary took {taken} bytes of standard input"
    );
    let text = String::from_utf8(o.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("disallowed\t/early\t*\t"), "{text}");
    assert!(
        lines[1].starts_with("allowed\t/late\t"),
        "a rule past 512,000 bytes is ignored: {text}"
    );
}

#[test]
fn check_over_the_limit_under_yandex_allows_everything() {
    // docs/robots-txt.md, "Getting the file": Yandex allows everything in a file over 500 KB.
    // Reading stops one byte past the limit, which is still over it.
    let args = ["--robots", "-", "--agent", "YandexBot", "/early", "/late"];
    let (o, _) = check_fed(&args, long_robots_txt(), 600_000);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(
        text.starts_with("allowed\t/early\t\tno group applies\t\nallowed\t/late\t"),
        "{text}"
    );
}

#[test]
fn check_usage_shows_that_an_agent_is_required() {
    // Issue #14: the usage line hid `--agent`/`--user-agent` among the options.
    let want = "Usage: robots-audit check [OPTIONS] --robots <FILE> <--agent <TOKEN>|--user-agent <HEADER>> <URL>...";
    let o = run(&["check".as_ref(), "--help".as_ref()], None);
    assert_eq!(o.status.code(), Some(0));
    let help = String::from_utf8(o.stdout).unwrap();
    assert!(help.contains(want), "{help}");
    assert!(
        help.contains("Exit status: 0 all allowed (or not judged); 1 any disallowed; 2 error.")
    );

    let o = run(
        &[
            "check".as_ref(),
            "--robots".as_ref(),
            "r.txt".as_ref(),
            "/".as_ref(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains("required arguments were not provided")
            && err.contains("<--agent <TOKEN>|--user-agent <HEADER>>"),
        "{err}"
    );
    // Not both.
    let o = run(
        &[
            "check".as_ref(),
            "--robots".as_ref(),
            "r.txt".as_ref(),
            "--agent".as_ref(),
            "a".as_ref(),
            "--user-agent".as_ref(),
            "b".as_ref(),
            "/".as_ref(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("cannot be used with"), "{}", stderr(&o));
}

#[test]
fn fetch_help_states_the_exit_status() {
    // Issue #14: `fetch --help` did not say what its exit status means.
    let o = run(&["fetch".as_ref(), "--help".as_ref()], None);
    assert_eq!(o.status.code(), Some(0));
    let help = String::from_utf8(o.stdout).unwrap();
    assert!(
        help.contains(
            "Exit status: 0 every origin came to rules or allow-all; 2 any did not, or error."
        ),
        "{help}"
    );
}

/// Runs `check --robots - ARGS…` with `robots` on standard input; returns the status, the
/// output's lines split into fields, and standard error.
fn check_stdin(robots: &str, args: &[&str]) -> (Option<i32>, Vec<Vec<String>>, String) {
    let mut all: Vec<&std::ffi::OsStr> = vec!["check".as_ref(), "--robots".as_ref(), "-".as_ref()];
    all.extend(args.iter().map(std::ffi::OsStr::new));
    let o = run(&all, Some(robots.as_bytes()));
    let text = String::from_utf8(o.stdout.clone()).unwrap();
    let lines = text
        .lines()
        .map(|l| l.split('\t').map(str::to_owned).collect())
        .collect();
    (o.status.code(), lines, stderr(&o))
}

#[test]
fn check_warns_when_agent_is_given_a_whole_header() {
    // Issue #26: `--agent` with a whole header matched nothing, silently.
    let robots = "User-agent: MJ12bot\nDisallow: /\n";
    let header = "Mozilla/5.0 (compatible; MJ12bot/v1.4.8)";
    let (status, lines, err) = check_stdin(robots, &["--agent", header, "/a"]);
    assert_eq!(status, Some(0), "{err}");
    assert_eq!(lines.len(), 1);
    assert!(
        err.contains("robots-audit: warning: --agent \"Mozilla/5.0 (compatible; MJ12bot/v1.4.8)\" is not a product token")
            && err.contains("--agent mj12bot")
            && err.contains("--user-agent"),
        "{err}"
    );
    // The token itself, or the header where it belongs: no warning, and the group applies.
    for args in [["--agent", "MJ12bot"], ["--user-agent", header]] {
        let (status, lines, err) = check_stdin(robots, &[args[0], args[1], "/a"]);
        assert_eq!(status, Some(1), "{args:?}: {err}");
        assert_eq!(lines[0][..3], ["disallowed", "/a", "MJ12bot"]);
        assert!(!err.contains("warning"), "{args:?}: {err}");
    }
    // A Yandex robot's name may carry its version.
    let (_, _, err) = check_stdin(
        "User-agent: YandexMetrika\nDisallow: /\n",
        &["--agent", "YandexMetrika/2.0", "--dialect", "yandex", "/a"],
    );
    assert!(!err.contains("warning"), "{err}");
}

#[test]
fn check_rejects_arguments_that_are_not_urls() {
    // Issue #26: `'not a url'` and `'http://'` printed `allowed`. (The file, not standard
    // input: the binary stops before reading it.)
    let robots = testdata("robots-dir/www.example.com/robots.txt");
    let check = |args: &[&str]| {
        let mut all: Vec<&std::ffi::OsStr> = vec!["check".as_ref(), "--robots".as_ref()];
        all.push(robots.as_os_str());
        all.extend(args.iter().map(std::ffi::OsStr::new));
        let o = run(&all, None);
        let out = String::from_utf8(o.stdout.clone()).unwrap();
        (o.status.code(), out, stderr(&o))
    };
    for (bad, why) in [
        (
            "not a url",
            "not a path (starting with /) nor an http(s) URL",
        ),
        ("http://", "the URL has no host"),
        (
            "example.com/a",
            "not a path (starting with /) nor an http(s) URL",
        ),
        (
            "ftp://example.com/a",
            "the scheme \"ftp\" is not http or https",
        ),
    ] {
        let (status, out, err) = check(&["--agent", "x", "/ok", bad]);
        assert_eq!(status, Some(2), "{bad:?}: {err}");
        assert!(out.is_empty(), "{bad:?}: nothing is judged: {out}");
        assert!(
            err.contains(&format!("robots-audit: error: URL \"{bad}\": {why}")),
            "{bad:?}: {err}"
        );
    }
    // A control character in the argument is shown escaped.
    let (status, _, err) = check(&["--agent", "x", "no\x1b[2Jpe"]);
    assert_eq!(status, Some(2));
    assert!(err.contains("URL \"no\\x1b[2Jpe\""), "{err}");
    // Paths and http(s) URLs are fine.
    let (status, out, _) = check(&[
        "--agent",
        "x",
        "/a b",
        "//x",
        "HTTPS://Example.COM",
        "http://[::1]:8080/p?q",
        "",
    ]);
    assert_eq!(status, Some(0));
    assert_eq!(out.lines().count(), 5);
    // Nothing is `/`, as Google's reference reads an empty URL.
    assert!(
        out.ends_with("\nallowed\t\t*\tno rule matched\t\n"),
        "{out}"
    );
}

#[test]
fn check_does_not_judge_clients_the_audit_does_not_judge() {
    // Issue #26: a browser header was judged under `*`, though the audit never judges
    // browsers. `not-judged`, why, and exit 0, for each kind of client the audit leaves out.
    let robots = "User-agent: *\nDisallow: /a\nContent-Signal: ai-train=no\n\nUser-agent: FooFetch\nDisallow: /b\n";
    let chrome = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";
    let table: &[(&str, &[&str], &str)] = &[
        (chrome, &[], "a browser, not a crawler"),
        (
            "Mozilla/5.0 (X11; Linux x86_64) BarFetch/1.0",
            &[],
            "no group names its tokens (barfetch)",
        ),
        (
            "Tiny Tiny RSS/21.11 (https://tt-rss.org/)",
            &[],
            "is a feed reader",
        ),
        (
            "python-requests/2.31.0",
            &[],
            "only with --judge-automation",
        ),
        (
            "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ChatGPT-User/1.0; +https://openai.com/bot",
            &[],
            "ChatGPT-User (ai-assistant) is a fetcher that robots.txt does not bind",
        ),
    ];
    for &(header, extra, why) in table {
        let mut args = vec!["--user-agent", header];
        args.extend_from_slice(extra);
        args.push("/a");
        let (status, lines, err) = check_stdin(robots, &args);
        assert_eq!(status, Some(0), "{header}: {err}");
        assert_eq!(lines[0][..2], ["not-judged", "/a"], "{header}");
        assert!(lines[0][3].contains(why), "{header}: {:?}", lines[0]);
    }
    // The fetcher that robots.txt does not bind still has its group's preferences, even
    // where a rule would stop a crawler (docs/preferences.md).
    let (_, lines, _) = check_stdin(robots, &["--user-agent", table[4].0, "/a"]);
    assert_eq!(lines[0][2], "*");
    assert_eq!(
        lines[0][5..],
        ["ai-train=no (line 3: Content-Signal: ai-train=no)"]
    );

    // Judged as the audit judges them: a header whose token a group names (docs/
    // identification.md, "Clients a group names"), by that
    // group alone; automation with --judge-automation, or where a group names it.
    let (status, lines, _) = check_stdin(
        robots,
        &[
            "--user-agent",
            "Mozilla/5.0 (X11; Linux x86_64) FooFetch/1.0",
            "/a",
            "/b",
        ],
    );
    assert_eq!(status, Some(1));
    assert_eq!(lines[0][..3], ["allowed", "/a", "FooFetch"]);
    assert_eq!(
        lines[1][..5],
        ["disallowed", "/b", "FooFetch", "Disallow: /b", "6"]
    );
    let (status, lines, _) = check_stdin(
        robots,
        &[
            "--user-agent",
            "python-requests/2.31.0",
            "--judge-automation",
            "/a",
        ],
    );
    assert_eq!(status, Some(1));
    assert_eq!(lines[0][..3], ["disallowed", "/a", "*"]);
    let (status, lines, _) = check_stdin(
        "User-agent: python-requests\nDisallow: /a\n",
        &["--user-agent", "python-requests/2.31.0", "/a"],
    );
    assert_eq!(status, Some(1));
    assert_eq!(lines[0][..3], ["disallowed", "/a", "python-requests"]);
}

/// An unknown robot is judged by the group naming the robot it is reported as, before one
/// naming a library that comes first in its header (a review found `python-requests/2.31
/// NewCrawler/1.0` reported as NewCrawler and judged by the `python-requests` group: a false
/// violation of a site that allowed it by name, and the reverse missed).
#[test]
fn an_unknown_robot_is_judged_by_its_own_group_first() {
    let robots = "User-agent: *\nDisallow: /private/\n\nUser-agent: python-requests\nDisallow: /\n\n\
                  User-agent: NewCrawler\nAllow: /\nDisallow: /mine/\n";
    let ua = "python-requests/2.31 NewCrawler/1.0 (+http://new.example/bot)";
    let (status, lines, _) = check_stdin(robots, &["--user-agent", ua, "/page", "/mine/x"]);
    assert_eq!(status, Some(1));
    assert_eq!(lines[0][..3], ["allowed", "/page", "NewCrawler"]);
    assert_eq!(
        lines[1][..4],
        ["disallowed", "/mine/x", "NewCrawler", "Disallow: /mine/"]
    );
    // With no group of its own, the library's group still judges it.
    let (status, lines, _) = check_stdin(
        "User-agent: *\nAllow: /\n\nUser-agent: python-requests\nDisallow: /\n",
        &["--user-agent", ua, "/page"],
    );
    assert_eq!(status, Some(1));
    assert_eq!(lines[0][..3], ["disallowed", "/page", "python-requests"]);
}

#[test]
fn check_says_why_no_rule_decided() {
    // Issue #26: an allowed URL with no matching rule printed two empty fields.
    let robots = "User-agent: *\nDisallow: /private/\n\nUser-agent: adsbot-google\nDisallow: /\n";
    let (status, lines, _) =
        check_stdin(robots, &["--agent", "somebot", "/public", "/robots.txt?x"]);
    assert_eq!(status, Some(0));
    assert_eq!(lines[0], ["allowed", "/public", "*", "no rule matched", ""]);
    assert_eq!(
        lines[1],
        [
            "allowed",
            "/robots.txt?x",
            "*",
            "/robots.txt is always allowed",
            ""
        ]
    );
    // AdsBot-Google ignores `*`: with no group of its own, none applies.
    let (status, lines, _) = check_stdin(
        "User-agent: *\nDisallow: /\n",
        &["--agent", "AdsBot-Google", "/x"],
    );
    assert_eq!(status, Some(0));
    assert_eq!(lines[0], ["allowed", "/x", "", "no group applies", ""]);
}

#[test]
fn check_prints_the_preferences_in_force() {
    // Issue #27, docs/preferences.md: after the verdict fields, the usage
    // preferences in force for the URL and crawler, with the deciding line. The worked
    // example of docs/preferences.md.
    let robots =
        std::fs::read_to_string(testdata("robots/preferences/spec10-worked-example.txt")).unwrap();
    let robots = robots.as_str();
    let claude = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)";
    let (status, lines, err) = check_stdin(
        robots,
        &["--user-agent", claude, "/blog/1", "/open/x", "/private/a"],
    );
    assert_eq!(status, Some(1), "{err}");
    let signal = "Content-Signal: search=yes, ai-train=no";
    assert_eq!(
        lines[0],
        [
            "allowed",
            "/blog/1",
            "*",
            "no rule matched",
            "",
            &format!("ai-train=no (line 2: {signal})"),
            &format!("search=yes (line 2: {signal})"),
        ]
    );
    assert_eq!(
        lines[1][5..],
        [
            "ai-train=yes (line 3: Content-Usage: /open/ train-ai=y)".to_owned(),
            format!("search=yes (line 2: {signal})"),
        ]
    );
    // A disallowed URL has no preferences: none is attached to what may not be fetched.
    assert_eq!(
        lines[2],
        ["disallowed", "/private/a", "*", "Disallow: /private/", "4"]
    );
    let (status, lines, _) = check_stdin(robots, &["--agent", "GPTBot", "/blog/1"]);
    assert_eq!(status, Some(0));
    assert_eq!(
        lines[0],
        [
            "allowed",
            "/blog/1",
            "GPTBot",
            "Allow: /",
            "8",
            "ai-train=yes (line 7: Content-Signal: ai-train=yes)"
        ]
    );
    // A file without preference lines adds no field.
    let (_, lines, _) = check_stdin("User-agent: *\nDisallow: /x\n", &["--agent", "a", "/y"]);
    assert_eq!(lines[0].len(), 5);
}

/// `check --user-agent` and the audit decide alike whether a client is judged (one decision,
/// `crawlers::RobotsReader::bound`): for a crawler of every category of the registry, under a
/// file whose `*` disallows the path, with and without a group naming the crawler, with and
/// without `--judge-automation`.
#[test]
fn check_and_the_audit_judge_the_same_clients_in_every_category() {
    use robots_audit::crawlers::{Category, Identity, Registry};

    let registry = Registry::builtin();
    // One example header per category, and the name the audit's reports give its client.
    let mut clients: Vec<(Category, String, String, String)> = Vec::new();
    for category in Category::ALL {
        let (_, crawler) = registry
            .iter()
            .find(|(_, c)| c.category == category && !c.examples.is_empty())
            .unwrap_or_else(|| panic!("no registry crawler of category {category:?}"));
        let header = crawler.examples[0].clone();
        let name = match registry.identify(header.as_bytes()) {
            Identity::Known(id) => registry.get(id).name.clone(),
            Identity::Unknown(bot) => bot.name.clone(),
            Identity::NotCrawler => panic!("{header} is no crawler"),
        };
        clients.push((category, header, name, crawler.tokens[0].clone()));
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let log = dir.path().join("access.log");
    let lines: String = clients
        .iter()
        .map(|(_, header, _, _)| {
            format!(
                "203.0.113.9 - - [20/Nov/2026:10:00:00 +0000] \"GET /private/page HTTP/1.1\" 200 10 \"-\" \"{header}\"\n"
            )
        })
        .collect();
    std::fs::write(&log, lines).expect("the log");
    let mut judged_somewhere = [false, false];
    for (named, judge_automation) in [(false, false), (true, false), (false, true)] {
        let robots_dir = dir
            .path()
            .join(format!("robots-{named}-{judge_automation}"));
        std::fs::create_dir_all(robots_dir.join("www.example.com")).expect("a host folder");
        let mut body = String::new();
        if named {
            for (_, _, _, token) in &clients {
                body.push_str(&format!("User-agent: {token}\nDisallow: /private/\n\n"));
            }
        }
        body.push_str("User-agent: *\nDisallow: /private/\n");
        let robots = robots_dir.join("www.example.com/robots.txt");
        std::fs::write(&robots, &body).expect("robots.txt");
        let summary = dir
            .path()
            .join(format!("summary-{named}-{judge_automation}.csv"));
        let mut args: Vec<&std::ffi::OsStr> = vec![
            log.as_os_str(),
            "--host".as_ref(),
            "www.example.com".as_ref(),
            "--robots-dir".as_ref(),
            robots_dir.as_os_str(),
            "--summary".as_ref(),
            summary.as_os_str(),
            "--out".as_ref(),
            "/dev/null".as_ref(),
            "--quiet".as_ref(),
        ];
        if judge_automation {
            args.push("--judge-automation".as_ref());
        }
        let o = run(&args, None);
        assert!(o.status.code().is_some_and(|c| c <= 1), "{}", stderr(&o));
        let summary = std::fs::read(&summary).expect("the summary");
        let rows = crate::support::rows(&summary);
        for (category, header, name, _) in &clients {
            let row = rows
                .iter()
                .find(|r| &r[1] == name)
                .unwrap_or_else(|| panic!("no summary row for {name}: {rows:?}"));
            let checked: u64 = row[5].parse().expect("a count of checked requests");
            let mut args: Vec<&std::ffi::OsStr> = vec![
                "check".as_ref(),
                "--robots".as_ref(),
                robots.as_os_str(),
                "--user-agent".as_ref(),
                header.as_ref(),
                "/private/page".as_ref(),
            ];
            if judge_automation {
                args.push("--judge-automation".as_ref());
            }
            let o = run(&args, None);
            let out = String::from_utf8(o.stdout).expect("utf-8");
            let verdict = out.split('\t').next().unwrap_or_default();
            assert_eq!(
                verdict != "not-judged",
                checked > 0,
                "{category:?} ({name}), named {named}, --judge-automation {judge_automation}: \
                 check says {out:?}, the audit checked {checked}"
            );
            judged_somewhere[usize::from(checked > 0)] = true;
        }
    }
    // Both answers occur, so the comparison compares something.
    assert_eq!(judged_somewhere, [true, true]);
}

/// `--agent` with a registry crawler's token reads as the audit judges that crawler: its own
/// group, else the group of the token it falls back to; and a token a group names after all
/// (the parser keeps a non-ASCII name) draws no warning that none can.
#[test]
fn an_agent_token_falls_back_as_its_crawler_does() {
    let dir = tempfile::tempdir().unwrap();
    let robots = dir.path().join("robots.txt");
    std::fs::write(
        &robots,
        "User-agent: Googlebot\nDisallow: /g/\n\nUser-agent: msnbot\nDisallow: /m/\n\nUser-agent: Bötbot\nDisallow: /b/\n",
    )
    .unwrap();
    let check = |agent: &str, url: &str| {
        let o = run(
            &[
                "check".as_ref(),
                "--robots".as_ref(),
                robots.as_os_str(),
                "--agent".as_ref(),
                agent.as_ref(),
                url.as_ref(),
            ],
            None,
        );
        let line = String::from_utf8_lossy(&o.stdout).into_owned();
        let fields: Vec<String> = line.trim_end().split('\t').map(String::from).collect();
        (o.status.code(), fields, stderr(&o))
    };
    let (code, fields, _) = check("Googlebot-Image", "/g/1.png");
    assert_eq!(
        (code, &fields[..3]),
        (
            Some(1),
            &["disallowed", "/g/1.png", "Googlebot"].map(String::from)[..]
        )
    );
    let (code, fields, _) = check("bingbot", "/m/x");
    assert_eq!(
        (code, &fields[..3]),
        (
            Some(1),
            &["disallowed", "/m/x", "msnbot"].map(String::from)[..]
        )
    );
    // A token of no registry crawler is itself only: `*` is absent, nothing applies.
    let (code, fields, _) = check("Foobot", "/g/1.png");
    assert_eq!(
        (code, &fields[..2]),
        (Some(0), &["allowed", "/g/1.png"].map(String::from)[..])
    );
    let (code, fields, err) = check("Bötbot", "/b/x");
    assert_eq!(
        (code, &fields[..3]),
        (
            Some(1),
            &["disallowed", "/b/x", "Bötbot"].map(String::from)[..]
        )
    );
    assert!(!err.contains("warning"), "{err}");
}

/// The Yandex robots that Yandex's parser table lacks are covered by `User-agent: Yandex`,
/// as Yandex documents for all its robots: they were judged by `*` (here: everything
/// disallowed) under a `Yandex` group that allows them.
#[test]
fn every_yandex_robot_follows_the_yandex_group() {
    let dir = tempfile::tempdir().unwrap();
    let robots = dir.path().join("robots.txt");
    std::fs::write(
        &robots,
        "User-agent: *\nDisallow: /\n\nUser-agent: Yandex\nAllow: /\nDisallow: /admin\n",
    )
    .unwrap();
    for robot in [
        "YandexBot/3.0",
        "YandexVertis/3.0",
        "YandexSpravBot/1.0",
        "YandexRenderResourcesBot/1.0",
        "YandexAdNet/1.0",
    ] {
        let header = format!("Mozilla/5.0 (compatible; {robot}; +http://yandex.com/bots)");
        let o = run(
            &[
                "check".as_ref(),
                "--robots".as_ref(),
                robots.as_os_str(),
                "--user-agent".as_ref(),
                header.as_ref(),
                "/page".as_ref(),
                "/admin/x".as_ref(),
            ],
            None,
        );
        let text = String::from_utf8(o.stdout).unwrap();
        let verdicts: Vec<(&str, &str)> = text
            .lines()
            .map(|l| {
                let cells: Vec<&str> = l.split('\t').collect();
                (cells[0], cells.get(2).copied().unwrap_or(""))
            })
            .collect();
        assert_eq!(
            verdicts,
            [("allowed", "Yandex"), ("disallowed", "Yandex")],
            "{robot}: {text}"
        );
    }
}
