//! The `--html` page: its content from the shipped log, its bytes from run to run, its size
//! on a long-tail log, and what a real browser makes of it (headless Chromium, with hostile
//! log lines and robots.txt rules).
//!
//! The browser test needs Debian's `chromium` (or `$CHROMIUM`). Without one it is skipped,
//! unless `ROBOTS_AUDIT_REQUIRE_BROWSER` is set, as `.ci/run` sets it: there a missing
//! browser fails the test.

use std::ffi::OsStr;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::support::{audit, run, stderr, testdata};

/// Audits `log` with `robots` and `extra` arguments, writing the page; gives its text.
fn page(log: &Path, robots: &Path, extra: &[&OsStr], dir: &Path) -> String {
    let html = dir.join("report.html");
    let mut args: Vec<&OsStr> = vec![
        log.as_os_str(),
        OsStr::new("--robots-dir"),
        robots.as_os_str(),
        OsStr::new("--out"),
        OsStr::new("/dev/null"),
        OsStr::new("--html"),
        html.as_os_str(),
    ];
    args.extend_from_slice(extra);
    let o = run(&args, None);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    fs::read_to_string(&html).expect("the page is UTF-8")
}

/// The HTML of section `id`.
fn section<'a>(html: &'a str, id: &str) -> &'a str {
    let start = html
        .find(&format!("<section id=\"{id}\">"))
        .unwrap_or_else(|| panic!("no section {id}"));
    let len = html[start..].find("</section>").expect("sections close");
    &html[start..start + len]
}

#[test]
fn the_page_shows_the_testdata_findings() {
    let dir = tempfile::tempdir().unwrap();
    let html = page(
        &testdata("access.log.gz"),
        &testdata("robots-dir"),
        &[],
        dir.path(),
    );
    // Headline figures agree with the golden CSVs: 3,990 requests read (inputs.csv), 136
    // report rows (violations.csv), 20 spoofed addresses (spoofed.csv).
    let figures = section(&html, "figures");
    assert!(
        figures.contains("<span class=\"v\">3,990</span>"),
        "{figures}"
    );
    assert!(figures.contains("136 report rows"), "{figures}");
    assert!(
        figures.contains("Spoofed addresses</span><span class=\"v\">20</span>"),
        "{figures}"
    );
    let violating: u64 =
        crate::support::rows(&fs::read(testdata("expected/violations.csv")).unwrap())
            .iter()
            .map(|r| r["requests"].parse::<u64>().unwrap())
            .sum();
    assert!(
        figures.contains(&format!(
            "Violations</span><span class=\"v\">{violating}</span>"
        )),
        "{violating}: {figures}"
    );
    assert!(figures.contains("(a request can be both)"), "{figures}");
    // Crawlers, paths and rules from the log and the robots.txt files.
    let crawlers = section(&html, "crawlers");
    for name in ["GPTBot", "ClaudeBot", "bingbot", "AhrefsBot", "Googlebot"] {
        assert!(crawlers.contains(&format!("<td>{name}</td>")), "{name}");
    }
    let paths = section(&html, "paths");
    assert!(paths.contains("<code>/internal/metrics</code>"), "{paths}");
    assert!(section(&html, "rules").contains("<code>Disallow: /admin/</code>"));
    // bingbot's one Crawl-delay row: an undated file is in force by assumption, whatever
    // the crawler fetched (its own fetch made a second, `fetched`, row of the same rule).
    let delays = section(&html, "delays");
    assert!(delays.contains("<code>Crawl-delay: 5</code>"));
    assert_eq!(
        delays
            .matches("<td class=\"d\">undated</td><td>in-force</td>")
            .count(),
        1,
        "{delays}"
    );
    assert!(!delays.contains("<td>fetched</td>"), "{delays}");
    assert!(section(&html, "hosts").contains("no file in robots dir"));
    // Issue #27: the AI crawlers by purpose, and the requests that went against
    // shop.example.com's `ai-train=no` (summary.csv's preference_conflicts: 14 + 13).
    let agents = section(&html, "agents");
    assert!(agents.contains("<b>training</b> "), "{agents}");
    for name in ["GPTBot", "ClaudeBot"] {
        assert!(agents.contains(&format!("<td>{name}</td>")), "{name}");
    }
    assert!(
        !agents.contains("<td>Googlebot</td>"),
        "a search engine is no AI agent"
    );
    let conflicts = section(&html, "conflicts");
    assert!(conflicts.contains("27 requests in 17 rows"), "{conflicts}");
    assert!(conflicts.contains("<code>Content-Signal: search=yes, ai-train=no</code>"));
    assert!(
        conflicts.contains("<td>shop.example.com</td>") && !conflicts.contains("www.example.com")
    );
    assert!(
        figures.contains("Preference conflicts</span><span class=\"v\">27</span>"),
        "{figures}"
    );
    // Charts, with real dates on the time axis.
    assert!(html.contains("<svg id=\"chart-time\""));
    assert!(html.contains(">2026-11-20</text>"));
    assert!(html.contains("<svg id=\"chart-hosts\""));
    // Issue #26: 1.1 hours of requests fill the time axis in bars of a minute, with ticks
    // every ten minutes up to 01:00; not hourly bars on an axis of 12 hours.
    for id in ["time", "delay"] {
        let start = html.find(&format!("<svg id=\"chart-{id}\"")).unwrap();
        let chart = &html[start..start + html[start..].find("</svg>").unwrap()];
        assert!(chart.contains("per minute, UTC</title>"), "{id}");
        let ticks: Vec<&str> = chart
            .split("text-anchor=\"")
            .skip(1)
            .filter_map(|t| t.split_once("\">")?.1.split_once("</text>"))
            .map(|(label, _)| label)
            .filter(|label| label.len() == 5 && label.as_bytes()[2] == b':')
            .collect();
        assert_eq!(
            ticks,
            [
                "00:00", "00:10", "00:20", "00:30", "00:40", "00:50", "01:00"
            ],
            "{id}"
        );
    }
}

#[test]
fn the_page_is_byte_identical_across_runs_and_thread_counts() {
    let dir = tempfile::tempdir().unwrap();
    let log = testdata("access.log.gz");
    let robots = testdata("robots-dir");
    let one = page(
        &log,
        &robots,
        &[OsStr::new("--threads"), OsStr::new("1")],
        dir.path(),
    );
    let two = page(
        &log,
        &robots,
        &[OsStr::new("--threads"), OsStr::new("2")],
        dir.path(),
    );
    let again = page(
        &log,
        &robots,
        &[OsStr::new("--threads"), OsStr::new("2")],
        dir.path(),
    );
    assert!(one == two, "1 and 2 threads differ");
    assert!(two == again, "two runs differ");
}

#[test]
fn the_page_is_replaced_only_by_a_complete_page() {
    let dir = tempfile::tempdir().unwrap();
    let html = dir.path().join("report.html");
    fs::write(&html, "previous").unwrap();
    // An input that cannot be read: the run fails before writing anything.
    let o = audit(
        &dir.path().join("missing.log"),
        &[OsStr::new("--html"), html.as_os_str()],
    );
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert_eq!(fs::read_to_string(&html).unwrap(), "previous");
    // The page may not replace an input.
    let log = dir.path().join("access.log");
    fs::copy(testdata("access.log"), &log).unwrap();
    let o = audit(&log, &[OsStr::new("--html"), log.as_os_str()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--html"), "{}", stderr(&o));
    assert_eq!(
        fs::read(&log).unwrap(),
        fs::read(testdata("access.log")).unwrap()
    );
    // And no temporary file is left behind.
    let names: Vec<String> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(names.iter().all(|n| !n.ends_with(".tmp")), "{names:?}");
}

/// Writes a robots-dir where every host forbids everything.
fn forbid_all(dir: &Path, hosts: &[String]) -> PathBuf {
    let robots = dir.join("robots");
    for host in hosts {
        fs::create_dir_all(robots.join(host)).unwrap();
        fs::write(
            robots.join(host).join("robots.txt"),
            "User-agent: *\nDisallow: /\n",
        )
        .unwrap();
    }
    robots
}

#[test]
fn a_long_tail_of_200000_violations_gives_a_page_within_the_bound() {
    // 200,000 distinct violation rows over 40 days: 8 hosts, known and unknown crawlers,
    // every path different and long.
    let dir = tempfile::tempdir().unwrap();
    let hosts: Vec<String> = (0..8).map(|i| format!("site{i}.example")).collect();
    let robots = forbid_all(dir.path(), &hosts);
    let agents = [
        "Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)",
        "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)",
        "Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)",
        "Mozilla/5.0 (compatible; SemrushBot/7~bl; +http://www.semrush.com/bot.html)",
    ];
    let log = dir.path().join("tail.log");
    let mut w = std::io::BufWriter::new(fs::File::create(&log).unwrap());
    let rows = 200_000u64;
    let start = 1_795_132_800u64; // 2026-11-20T00:00:00Z
    for i in 0..rows {
        let t = jiff_free_clf(start + i * 40 * 86_400 / rows);
        let agent = if i % 5 == 4 {
            format!(
                "Mozilla/5.0 (compatible; TailBot{}/1.0; +http://tail.example/bot)",
                i / 5 % 300
            )
        } else {
            agents[(i % 4) as usize].to_string()
        };
        writeln!(
            w,
            "{host}:443 192.0.2.{a} - - [{t}] \"GET /catalogue/{i}/{pad} HTTP/1.1\" 200 512 \"-\" \"{agent}\"",
            host = hosts[(i % 8) as usize],
            a = i % 250 + 1,
            pad = "x".repeat(120),
        )
        .unwrap();
    }
    w.flush().unwrap();
    drop(w);
    let out = dir.path().join("v.csv");
    let html_path = dir.path().join("report.html");
    let o = run(
        &[
            log.as_os_str(),
            OsStr::new("--robots-dir"),
            robots.as_os_str(),
            OsStr::new("--out"),
            out.as_os_str(),
            OsStr::new("--html"),
            html_path.as_os_str(),
            OsStr::new("--quiet"),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let csv_rows = fs::read(&out)
        .unwrap()
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        - 1;
    assert_eq!(csv_rows as u64, rows, "every violation is its own row");
    let html = fs::read_to_string(&html_path).unwrap();
    eprintln!(
        "page: {} bytes for {} rows ({} bytes of CSV)",
        html.len(),
        csv_rows,
        fs::metadata(&out).unwrap().len()
    );
    assert!(html.len() < 2 << 20, "{} bytes", html.len());
    // The top 100 paths are shown, the rest counted.
    let paths = section(&html, "paths");
    assert_eq!(paths.matches("<tr>").count(), 1 + 100);
    assert!(paths.contains("and 199,900 more paths"), "{paths}");
    // 4 known crawlers and 300 unknown ones: 50 shown.
    let crawlers = section(&html, "crawlers");
    assert!(
        crawlers.contains("and 254 more crawlers"),
        "{}",
        &crawlers[crawlers.find("</tbody>").unwrap()..]
    );
    // 40 days of hours: six-hour bins, 161 of them, for each of 8 series.
    let chart = &html[html.find("<svg id=\"chart-time\"").unwrap()..];
    let chart = &chart[..chart.find("</svg>").unwrap()];
    assert!(chart.contains("per 6 hours, UTC</title>"));
    assert!(chart.matches("<rect").count() <= 161 * 8);
}

#[test]
fn the_page_is_the_same_when_its_paths_are_sorted_on_disk() {
    // 6,000 paths on two hosts, each requested by three crawlers (1 to 4 times each): a
    // path's total is spread over three stretches of the report. Under --max-memory 64K the
    // page adds them up through temporary files; it must give the same page, and each
    // total must be the sum of the path's rows in the CSV.
    let dir = tempfile::tempdir().unwrap();
    let hosts: Vec<String> = (0..2).map(|i| format!("shop{i}.example")).collect();
    let robots = forbid_all(dir.path(), &hosts);
    let agents = [
        "Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)",
        "Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)",
        "Mozilla/5.0 (compatible; SemrushBot/7~bl; +http://www.semrush.com/bot.html)",
    ];
    let log = dir.path().join("tail.log");
    let mut w = std::io::BufWriter::new(fs::File::create(&log).unwrap());
    let start = 1_795_132_800u64; // 2026-11-20T00:00:00Z
    let mut k = 0;
    for i in 0..6_000u64 {
        for (a, agent) in agents.iter().enumerate() {
            for _ in 0..1 + (i + a as u64) % 4 {
                k += 1;
                writeln!(
                    w,
                    "{host}:443 192.0.2.{ip} - - [{t}] \"GET /item/{i}/{pad} HTTP/1.1\" 200 512 \"-\" \"{agent}\"",
                    host = hosts[(i % 2) as usize],
                    ip = k % 250 + 1,
                    t = jiff_free_clf(start + k),
                    pad = "y".repeat(60),
                )
                .unwrap();
            }
        }
    }
    w.flush().unwrap();
    drop(w);
    let run_with = |memory: &str, name: &str| -> (String, Vec<u8>) {
        let out = dir.path().join(format!("{name}.csv"));
        let html = dir.path().join(format!("{name}.html"));
        let o = run(
            &[
                log.as_os_str(),
                OsStr::new("--robots-dir"),
                robots.as_os_str(),
                OsStr::new("--out"),
                out.as_os_str(),
                OsStr::new("--html"),
                html.as_os_str(),
                OsStr::new("--max-memory"),
                OsStr::new(memory),
                OsStr::new("--quiet"),
            ],
            None,
        );
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        (fs::read_to_string(&html).unwrap(), fs::read(&out).unwrap())
    };
    let (small, csv) = run_with("64K", "small");
    let (large, _) = run_with("1G", "large");
    assert!(small == large, "the page depends on --max-memory");
    // The oracle: the CSV's rows added up per (host, path), most first, ties by value.
    let mut totals: std::collections::BTreeMap<(String, String), u64> = Default::default();
    for r in crate::support::rows(&csv) {
        *totals
            .entry((r["host"].to_string(), r["path"].to_string()))
            .or_default() += r["requests"].parse::<u64>().unwrap();
    }
    assert_eq!(totals.len(), 6_000);
    let mut expected: Vec<((String, String), u64)> = totals.into_iter().collect();
    expected.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    expected.truncate(100);
    let paths = section(&small, "paths");
    let shown: Vec<((String, String), u64)> = paths
        .split("<tr><td>")
        .skip(1)
        .map(|row| {
            let cell = |after: &str, before: &str| {
                let s = &row[row.find(after).unwrap() + after.len()..];
                s[..s.find(before).unwrap()].to_string()
            };
            (
                (cell("", "</td>"), cell("<code>", "</code>")),
                cell("<td class=\"n\">", "</td>")
                    .replace(',', "")
                    .parse()
                    .unwrap(),
            )
        })
        .collect();
    assert_eq!(shown, expected);
    // Path 1 (mod 4): 2 + 3 + 4 requests from its three crawlers.
    assert_eq!(expected[0].1, 9, "a path's total over its three crawlers");
    assert!(paths.contains("and 5,900 more paths"), "{paths}");
}

/// A unix time as a CLF time in UTC, `20/Nov/2026:00:00:00 +0000`.
fn jiff_free_clf(secs: u64) -> String {
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
    let days = (secs / 86_400) as i64;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    let s = secs % 86_400;
    format!(
        "{day:02}/{}/{year}:{:02}:{:02}:{:02} +0000",
        MONTHS[(month - 1) as usize],
        s / 3600,
        s / 60 % 60,
        s % 60
    )
}

// ---------------------------------------------------------------------------------------
// In a real browser

/// The browser to test with: `$CHROMIUM`, else `chromium` on the PATH. None when there is
/// none and the environment does not require one.
fn chromium() -> Option<PathBuf> {
    let found = std::env::var_os("CHROMIUM").map(PathBuf::from).or_else(|| {
        std::env::var_os("PATH").and_then(|paths| {
            std::env::split_paths(&paths)
                .map(|p| p.join("chromium"))
                .find(|p| p.is_file())
        })
    });
    if found.is_none() {
        assert!(
            std::env::var_os("ROBOTS_AUDIT_REQUIRE_BROWSER").is_none(),
            "ROBOTS_AUDIT_REQUIRE_BROWSER is set but there is no chromium (install Debian's \
             chromium package, or name one in $CHROMIUM)"
        );
        eprintln!("skipped: no chromium, and ROBOTS_AUDIT_REQUIRE_BROWSER is not set");
    }
    found
}

/// `chromium --headless --dump-dom URL`: the DOM after the page's script ran, and what the
/// browser logged.
fn dump_dom(browser: &Path, url: &str) -> (String, String) {
    dump_dom_with(browser, url, &[])
}

/// [`dump_dom`] with more of the browser's flags.
fn dump_dom_with(browser: &Path, url: &str, flags: &[&str]) -> (String, String) {
    let profile = tempfile::tempdir().unwrap();
    let mut child = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--enable-logging=stderr",
            "--v=0",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .args(flags)
        .arg("--dump-dom")
        .arg(url)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("chromium starts");
    // Read both pipes while waiting, so a chatty browser never blocks on a full pipe.
    let mut out_pipe = child.stdout.take().unwrap();
    let mut err_pipe = child.stderr.take().unwrap();
    let out = std::thread::spawn(move || {
        let mut s = Vec::new();
        std::io::Read::read_to_end(&mut out_pipe, &mut s).unwrap();
        s
    });
    let err = std::thread::spawn(move || {
        let mut s = Vec::new();
        std::io::Read::read_to_end(&mut err_pipe, &mut s).unwrap();
        s
    });
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        if Instant::now() > deadline {
            child.kill().unwrap();
            child.wait().unwrap();
            panic!("chromium did not finish in 120 s");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    (
        String::from_utf8_lossy(&out.join().unwrap()).into_owned(),
        String::from_utf8_lossy(&err.join().unwrap()).into_owned(),
    )
}

/// The browser and a folder holding `report.html` made from testdata; None without a browser.
fn browser_and_testdata_page() -> Option<(PathBuf, tempfile::TempDir)> {
    let browser = chromium()?;
    let dir = tempfile::tempdir().unwrap();
    page(
        &testdata("access.log.gz"),
        &testdata("robots-dir"),
        &[],
        dir.path(),
    );
    Some((browser, dir))
}

/// Log lines and robots.txt rules written to break out of every context the page has.
fn hostile_site(dir: &Path) -> (PathBuf, PathBuf) {
    let robots = dir.join("robots");
    let host = robots.join("evil.example");
    fs::create_dir_all(&host).unwrap();
    fs::write(
        host.join("robots.txt"),
        "User-agent: *\n\
         Content-Signal: ai-input=no, x=</td><script>document.title='pwned-signal'</script>\n\
         Disallow: /\"><svg/onload=document.title='pwned-rule'>\n\
         Disallow: /\n\
         \n\
         User-agent: GPTBot\n\
         Disallow: /</style></svg><script>document.title='pwned-group'</script>\n\
         Disallow: /\n",
    )
    .unwrap();
    let log = dir.join("evil.log");
    let line = |path: &[u8], agent: &[u8], n: u8| {
        let mut l =
            format!("evil.example:443 192.0.2.{n} - - [20/Nov/2026:10:{n:02}:00 +0000] \"GET ")
                .into_bytes();
        l.extend_from_slice(path);
        l.extend_from_slice(b" HTTP/1.1\" 200 5 \"-\" \"");
        l.extend_from_slice(agent);
        l.extend_from_slice(b"\"\n");
        l
    };
    let gpt = b"Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)".as_slice();
    let mut text = Vec::new();
    for (n, (path, agent)) in [
        (b"/\"><svg/onload=document.title='pwned-rule'>".as_slice(), b"Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)".as_slice()),
        (b"/</svg><script>document.title='pwned-path'</script>", gpt),
        (b"/javascript:document.title='pwned-js'", gpt),
        (b"/ctl/\x1b[2J\x00\xff\xfe/\xe2\x80\xaetxt.exe", gpt),
        (b"/</style></svg><script>document.title='pwned-group'</script>", gpt),
        // An assistant robots.txt does not bind, fetching what the site said no to feeding
        // an AI answer: a conflict row, its path and the preference line hostile.
        (
            b"/</td><img/src/onerror=document.title='pwned-conflict'>".as_slice(),
            b"Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot".as_slice(),
        ),
        // Claims GPTBot from an address outside OpenAI's: its User-Agent is shown in the
        // spoofed table.
        (
            b"/agent",
            b"Mozilla/5.0 (compatible; GPTBot/1.2; <img/src/onerror=document.title='pwned-agent'>) \\\"><script>document.title='pwned-quote'</script>",
        ),
    ]
    .into_iter()
    .enumerate()
    {
        text.extend(line(path, agent, n as u8 + 1));
    }
    fs::write(&log, text).unwrap();
    (log, robots)
}

#[test]
fn in_a_real_browser_the_page_renders_and_hostile_strings_stay_text() {
    let Some(browser) = chromium() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let (log, robots) = hostile_site(dir.path());
    let html_text = page(
        &log,
        &robots,
        &[
            OsStr::new("--spoofed"),
            dir.path().join("s.csv").as_os_str(),
        ],
        dir.path(),
    );
    let url = format!("file://{}", dir.path().join("report.html").display());
    let (dom, log_text) = dump_dom(&browser, &url);
    assert!(dom.contains("</html>"), "no DOM dumped: {log_text}");

    // The page's own script ran (the CSP let it, by its hash) and logged no error; nothing
    // was refused (no request was attempted, no inline code from data was found).
    assert!(
        dom.contains("data-script=\"ran\""),
        "the script did not run: {log_text}"
    );
    for bad in ["Uncaught", "Refused to", "Content Security Policy", "ERR_"] {
        assert!(
            !log_text.contains(bad),
            "{bad} in the browser's log:\n{log_text}"
        );
    }
    // The filter boxes the script adds.
    assert!(dom.matches("<input type=\"search\"").count() >= 4);

    // No payload became markup: one script element (the page's own), no title change, no
    // element from the data, every payload visible as text.
    assert_eq!(dom.matches("<script").count(), 1, "{dom}");
    let title = &dom[dom.find("<title>").unwrap()..dom.find("</title>").unwrap()];
    assert!(title.starts_with("<title>robots-audit report"), "{title}");
    for element in ["<img", "<svg/", "<svg onload", "onload=\"", "onerror=\""] {
        assert!(!dom.contains(element), "{element} in the DOM");
    }
    for text in [
        "/\"&gt;&lt;svg/onload=document.title='pwned-rule'&gt;",
        "/&lt;/svg&gt;&lt;script&gt;document.title='pwned-path'&lt;/script&gt;",
        "Disallow: /&lt;/style&gt;&lt;/svg&gt;&lt;script&gt;document.title='pwned-group'&lt;/script&gt;",
        "/javascript:document.title='pwned-js'",
        "/ctl/%1B[2J%00%FF%FE/%E2%80%AEtxt.exe",
    ] {
        assert!(dom.contains(text), "{text} not shown as text");
    }
    // The hostile User-Agent (its `\"` unescaped by the log format) is text too.
    assert!(
        section(&dom, "spoofed").contains(
            "&lt;img/src/onerror=document.title='pwned-agent'&gt;) \"&gt;&lt;script&gt;document.title='pwned-quote'&lt;/script&gt;"
        ),
        "agent"
    );
    // The conflicts table shows the hostile path and preference line as text.
    let conflicts = section(&dom, "conflicts");
    for text in [
        "/&lt;/td&gt;&lt;img/src/onerror=document.title='pwned-conflict'&gt;",
        "Content-Signal: ai-input=no, x=&lt;/td&gt;&lt;script&gt;document.title='pwned-signal'&lt;/script&gt;",
    ] {
        assert!(
            conflicts.contains(text),
            "{text} not shown as text: {conflicts}"
        );
    }
    // And the javascript: path is no link (the page has none from data).
    assert!(!dom.contains("<a "), "a link in the page");
    // A chart is there, drawn.
    assert!(dom.contains("<svg id=\"chart-time\"") && dom.contains("<rect class=\"s0\""));
    // Crawlers and paths from the log, as a reader sees them.
    let crawlers = section(&dom, "crawlers");
    assert!(crawlers.contains("GPTBot") && crawlers.contains("AhrefsBot"));
    assert!(html_text.contains("Disallow: /"));
}

#[test]
fn in_a_real_browser_the_tables_sort_and_filter() {
    let Some((browser, dir)) = browser_and_testdata_page() else {
        return;
    };
    // The page opens sorted by crawler name (column 0, ascending) and with the paths
    // filtered to GPTBot's.
    let url = format!(
        "file://{}#sort=crawlers:0:asc&q=paths:gptbot",
        dir.path().join("report.html").display()
    );
    let (dom, log_text) = dump_dom(&browser, &url);
    assert!(!log_text.contains("Uncaught"), "{log_text}");
    let crawlers = section(&dom, "crawlers");
    let names: Vec<&str> = crawlers
        .split("<tr>")
        .skip(2)
        .map(|row| {
            let cell = &row[row.find("<td>").unwrap() + 4..];
            &cell[..cell.find("</td>").unwrap()]
        })
        .collect();
    let mut sorted = names.clone();
    sorted.sort_by_key(|n| n.to_lowercase());
    assert_eq!(names, sorted);
    assert!(names.len() > 5, "{names:?}");
    assert!(crawlers.contains("aria-sort=\"ascending\""));
    // Issue #26: the filter finds GPTBot in every row it broke, also where GPTBot is folded
    // into "+N more" (and unfolds it there), and says how many rows of how many it shows.
    let mut all = std::collections::BTreeSet::new();
    let mut gptbot = std::collections::BTreeSet::new();
    for r in crate::support::rows(&fs::read(testdata("expected/violations.csv")).unwrap()) {
        if &r["kind"] == "disallowed" {
            let pair = (r["host"].to_string(), r["path"].to_string());
            if &r["crawler"] == "GPTBot" {
                gptbot.insert(pair.clone());
            }
            all.insert(pair);
        }
    }
    assert!(all.len() <= 100, "the whole table is on the page");
    let paths = section(&dom, "paths");
    let rows: Vec<&str> = paths.split("<tr").skip(2).collect();
    assert_eq!(rows.len(), all.len());
    let shown: Vec<&str> = rows
        .iter()
        .copied()
        .filter(|row| !row.starts_with(" hidden"))
        .collect();
    assert_eq!(shown.len(), gptbot.len(), "{shown:?}");
    assert!(shown.iter().all(|row| row.contains("GPTBot")), "{shown:?}");
    let unfolded: Vec<&&str> = shown
        .iter()
        .filter(|row| {
            let folded = row.find("<details").map(|at| &row[at..]);
            folded.is_some_and(|d| {
                d.starts_with("<details class=\"more\" open") && d.contains("GPTBot")
            }) && !row[..row.find("<details").unwrap()].contains("GPTBot")
        })
        .collect();
    assert!(
        !unfolded.is_empty(),
        "no row where GPTBot was folded: {shown:?}"
    );
    assert!(
        paths.contains(&format!(
            "<span class=\"count\" aria-live=\"polite\">{} of {} rows</span>",
            gptbot.len(),
            all.len()
        )),
        "{paths}"
    );
    // A table without a filter says nothing.
    assert!(section(&dom, "rules").contains("<span class=\"count\" aria-live=\"polite\"></span>"));
}

/// Issue #26: at 1,400 pixels no table is cut behind a scrollbar. The page is measured in
/// a frame of that width by a page of the test's own (reading the frame needs
/// `--allow-file-access-from-files`; the report's policy does not apply to it).
#[test]
fn in_a_real_browser_no_table_is_cut_at_1400_pixels() {
    let Some((browser, dir)) = browser_and_testdata_page() else {
        return;
    };
    let (out, log_text) = cut_tables(&browser, dir.path());
    // Three charts and nine tables, none cut.
    assert_eq!(out, "12 measured; cut: ", "{log_text}");
}

/// A crawler whose name is one unbroken word of 3,000 letters (a User-Agent is the
/// client's to write) wraps in its cells: the counts beside it stay in view.
#[test]
fn in_a_real_browser_a_name_without_spaces_cuts_no_table() {
    let Some(browser) = chromium() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("robots").join("long.example");
    fs::create_dir_all(&site).unwrap();
    fs::write(site.join("robots.txt"), "User-agent: *\nDisallow: /\n").unwrap();
    let name = format!("{}Bot", "W".repeat(3000));
    let log = dir.path().join("long.log");
    fs::write(
        &log,
        format!(
            "long.example:443 192.0.2.1 - - [20/Nov/2026:10:00:00 +0000] \"GET /a HTTP/1.1\" 200 5 \"-\" \"{name}/1.0 (+https://bots.example/)\"\n"
        ),
    )
    .unwrap();
    let html = page(&log, &dir.path().join("robots"), &[], dir.path());
    assert!(html.contains(&name[..30]), "the name is on the page");
    let (out, log_text) = cut_tables(&browser, dir.path());
    assert!(out.ends_with("measured; cut: "), "{out} {log_text}");
}

/// Loads `dir/report.html` in a frame 1400 pixels wide and names each of its scrolling
/// boxes (charts, tables) wider than the frame: `N measured; cut: ID W > 1400, …`.
fn cut_tables(browser: &Path, dir: &Path) -> (String, String) {
    let measure = dir.join("measure.html");
    fs::write(
        &measure,
        r#"<!DOCTYPE html><html><body>
<iframe id="f" src="report.html" width="1400" height="1000"></iframe>
<pre id="out"></pre>
<script>
document.getElementById('f').addEventListener('load', function () {
  var out = [], n = 0;
  this.contentDocument.querySelectorAll('.scroll').forEach(function (s) {
    n += 1;
    if (s.scrollWidth > s.clientWidth) {
      out.push(s.firstElementChild.id + ' ' + s.scrollWidth + ' > ' + s.clientWidth);
    }
  });
  document.getElementById('out').textContent = n + ' measured; cut: ' + out.join(', ');
});
</script></body></html>"#,
    )
    .unwrap();
    let url = format!("file://{}", measure.display());
    let (dom, log_text) = dump_dom_with(browser, &url, &["--allow-file-access-from-files"]);
    let open = "<pre id=\"out\">";
    let out = &dom[dom.find(open).expect("measured") + open.len()..];
    let out = &out[..out.find("</pre>").unwrap()];
    (out.to_owned(), log_text)
}

/// What a review found the page leaving out or overstating: a log with no User-Agent read as
/// a clean bill of health (the run's warning only on standard error, and nothing at all
/// under `--quiet`); a crawler whose Crawl-delay is not checked showed "0" breaches; a
/// window made crawler requests a share of requests it left out.
#[test]
fn the_page_says_what_the_run_could_not_judge() {
    let dir = tempfile::tempdir().unwrap();
    // common: no User-Agent at all.
    let html = page(
        &testdata("logs/common.log"),
        &testdata("robots-dir"),
        &["--host", "www.example.com", "-q"].map(OsStr::new),
        dir.path(),
    );
    let figures = section(&html, "figures");
    assert!(
        figures.contains("Warnings of the run:") && figures.contains("none with a User-Agent"),
        "{figures}"
    );
    assert!(
        html.contains("</main>\n<footer>"),
        "the main element closes"
    );

    // Saved IP-range and AI-agent lists the run could not read: the bundled ones stood in.
    let cache = dir.path().join("cache");
    for (sub, file) in [
        ("ranges", "google-common.json"),
        ("crawlers", "ai-robots-txt.json"),
    ] {
        fs::create_dir_all(cache.join("robots-audit").join(sub)).unwrap();
        fs::write(cache.join("robots-audit").join(sub).join(file), "{oops").unwrap();
    }
    let html_path = dir.path().join("saved.html");
    let o = crate::support::bin()
        .env("XDG_CACHE_HOME", &cache)
        .args([
            testdata("logs/combined.log.gz").as_os_str(),
            OsStr::new("--host"),
            OsStr::new("www.example.com"),
            OsStr::new("--robots-dir"),
            testdata("robots-dir").as_os_str(),
            OsStr::new("-o"),
            OsStr::new("/dev/null"),
            OsStr::new("--html"),
            html_path.as_os_str(),
            OsStr::new("-q"),
        ])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stderr(&o), "", "quiet");
    let figures = fs::read_to_string(&html_path).unwrap();
    let figures = section(&figures, "figures");
    for what in ["the saved IP ranges", "the saved lists of AI agents"] {
        assert!(
            figures.contains(&format!("<li>warning: ignoring {what}: ")),
            "{what}: {figures}"
        );
    }

    // GPTBot's operator documents no Crawl-delay: not checked, not "0".
    let robots = dir.path().join("robots");
    fs::create_dir_all(robots.join("www.example.com")).unwrap();
    fs::write(
        robots.join("www.example.com/robots.txt"),
        "User-agent: *\nCrawl-delay: 10\nDisallow: /private/\n",
    )
    .unwrap();
    let log = dir.path().join("gpt.log");
    let gpt = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)";
    let text: String = (0..6)
        .map(|i| {
            format!(
                "www.example.com:443 20.171.207.{} - - [20/Nov/2026:10:00:{:02} +0000] \"GET /p{i} HTTP/1.1\" 200 5 \"-\" \"{gpt}\"\n",
                i + 1,
                i * 10
            )
        })
        .collect();
    fs::write(&log, &text).unwrap();
    let html = page(&log, &robots, &[], dir.path());
    let crawlers = section(&html, "crawlers");
    let row = &crawlers[crawlers.find("<td>GPTBot</td>").expect("GPTBot's row")..];
    let row = &row[..row.find("</tr>").unwrap()];
    assert!(row.contains("<td class=\"n\">not checked</td>"), "{row}");
    let html = page(
        &log,
        &robots,
        &["--all-crawl-delay"].map(OsStr::new),
        dir.path(),
    );
    let crawlers = section(&html, "crawlers");
    let row = &crawlers[crawlers.find("<td>GPTBot</td>").expect("GPTBot's row")..];
    let row = &row[..row.find("</tr>").unwrap()];
    assert!(!row.contains("not checked"), "{row}");

    // Every request is a crawler's; half are outside the window.
    let html = page(
        &log,
        &robots,
        &["--since", "2026-11-20T10:00:30Z"].map(OsStr::new),
        dir.path(),
    );
    let figures = section(&html, "figures");
    assert!(
        figures.contains("100.0% of those in the window with a host"),
        "{figures}"
    );
}
