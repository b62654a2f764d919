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
    let mut child = crate::support::bin()
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
        text.starts_with("allowed\t/early\t\t\t\nallowed\t/late\t"),
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
    assert!(help.contains("Exit status: 0 all allowed; 1 any disallowed; 2 error."));

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
