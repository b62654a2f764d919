//! AI usage preferences through the binary (docs/preferences.md): the worked example's
//! requests in a generated log, audited as a user would, show in the summary
//! (`preference_conflicts`), the hosts report (`preferences`) and the HTML page's "AI agents"
//! section. The rows themselves are tested through the library (`stages/audit_preferences.rs`).

use std::ffi::OsStr;
use std::fs;

use crate::support::{rows, run, stderr, testdata};

#[test]
fn the_worked_example_through_the_binary() {
    let dir = tempfile::tempdir().unwrap();
    let robots = dir.path().join("robots");
    fs::create_dir_all(robots.join("example.com")).unwrap();
    fs::copy(
        testdata("robots/preferences/spec10-worked-example.txt"),
        robots.join("example.com/robots.txt"),
    )
    .unwrap();
    let claude = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)";
    let gpt = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)";
    let google = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    let perplexity = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)";
    let requests = [
        ("/blog/1", claude),
        ("/open/x", claude),
        ("/private/a", claude),
        ("/blog/1", gpt),
        ("/blog/1", google),
        ("/blog/1", perplexity),
        // ClaudeBot again on the blog: two requests, one conflict row.
        ("/blog/1", claude),
    ];
    let log: String = requests
        .iter()
        .enumerate()
        .map(|(i, (path, ua))| {
            format!(
                "203.0.113.{} - - [20/Nov/2026:10:00:{i:02} +0000] \"GET {path} HTTP/1.1\" 200 512 \"-\" \"{ua}\"\n",
                i + 1
            )
        })
        .collect();
    let log_path = dir.path().join("access.log");
    fs::write(&log_path, log).unwrap();
    let (out, summary, hosts, html, prefs) = (
        dir.path().join("v.csv"),
        dir.path().join("s.csv"),
        dir.path().join("h.csv"),
        dir.path().join("r.html"),
        dir.path().join("p.csv"),
    );
    let args: Vec<&OsStr> = vec![
        log_path.as_os_str(),
        OsStr::new("--host"),
        OsStr::new("example.com"),
        OsStr::new("--robots-dir"),
        robots.as_os_str(),
        OsStr::new("--out"),
        out.as_os_str(),
        OsStr::new("--summary"),
        summary.as_os_str(),
        OsStr::new("--hosts"),
        hosts.as_os_str(),
        OsStr::new("--html"),
        html.as_os_str(),
        OsStr::new("--preferences"),
        prefs.as_os_str(),
        OsStr::new("--fail-on-violations"),
    ];
    let o = run(&args, None);
    // ClaudeBot's /private/a is a violation; conflicts are not.
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let violations = rows(&fs::read(&out).unwrap());
    assert_eq!(violations.len(), 1);
    assert_eq!(
        (&violations[0]["crawler"], &violations[0]["path"]),
        ("ClaudeBot", "/private/a")
    );
    // The preferences report: ClaudeBot's two blog requests, one row, with the line cited.
    let conflicts = rows(&fs::read(&prefs).unwrap());
    let got: Vec<(&str, &str, &str, &str, &str)> = conflicts
        .iter()
        .map(|r| {
            (
                &r["crawler"][..],
                &r["category"][..],
                &r["key"][..],
                &r["path"][..],
                &r["requests"][..],
            )
        })
        .collect();
    assert_eq!(
        got,
        [("ClaudeBot", "ai-training", "ai-train", "/blog/1", "2")]
    );
    assert!(
        stderr(&o).contains("; preference conflicts: 2\n"),
        "{}",
        stderr(&o)
    );
    // Conflicts are not violations: exit 1 under --fail-on-conflicts only when there is a
    // conflict, whether the report is written or not, and 0 without either flag.
    let base = &args[..5];
    let code = |extra: &[&str]| {
        let all: Vec<&OsStr> = base
            .iter()
            .copied()
            .chain(extra.iter().map(OsStr::new))
            .collect();
        run(&all, None).status.code()
    };
    assert_eq!(code(&[]), Some(0));
    assert_eq!(code(&["--fail-on-conflicts"]), Some(1));
    // A window without ClaudeBot's blog requests: a violation, no conflict.
    let window = [
        "--since",
        "2026-11-20T10:00:01Z",
        "--until",
        "2026-11-20T10:00:05Z",
    ];
    assert_eq!(
        code(&[&window[..], &["--fail-on-conflicts"]].concat()),
        Some(0)
    );
    assert_eq!(
        code(&[&window[..], &["--fail-on-violations"]].concat()),
        Some(1)
    );
    let summary = rows(&fs::read(&summary).unwrap());
    let conflicts: Vec<(&str, &str)> = summary
        .iter()
        .map(|r| (&r["crawler"], &r["preference_conflicts"]))
        .collect();
    assert_eq!(
        conflicts,
        [
            ("ClaudeBot", "2"),
            ("GPTBot", "0"),
            ("Googlebot", "0"),
            ("PerplexityBot", "0")
        ]
    );
    let hosts = rows(&fs::read(&hosts).unwrap());
    assert_eq!(&hosts[0]["preferences"], "ai-train=no;search=yes");
    let page = fs::read_to_string(&html).unwrap();
    let start = page.find("<section id=\"conflicts\">").unwrap();
    let conflicts = &page[start..start + page[start..].find("</section>").unwrap()];
    assert!(
        conflicts.contains("2 requests in 1 row fetched"),
        "{conflicts}"
    );
    assert!(conflicts.contains(
        "<td>example.com</td><td>ClaudeBot</td><td>ai-train</td><td class=\"t\"><code>/blog/1</code></td>\
         <td class=\"n\">2</td><td class=\"t\"><code>Content-Signal: search=yes, ai-train=no</code></td>"
    ), "{conflicts}");
}
