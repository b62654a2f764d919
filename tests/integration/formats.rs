//! The same traffic written in every log format gives the same violations report, and odd
//! files get the behaviour the developers' guide states: an empty file is an error unless
//! `--allow-empty` says it is fine,
//! a binary or one-line-of-50-MB file is "not a log" (exit 2, nothing written), CRLF line
//! ends are read like LF.

use crate::support::{self, audit, rows, stderr, testdata};

#[test]
fn every_format_yields_the_same_report() {
    let reference = audit(&testdata("logs/vhost_combined.log"), &["-q"]);
    assert_eq!(reference.status.code(), Some(0), "{}", stderr(&reference));
    let recs = rows(&reference.stdout);
    assert!(!recs.is_empty(), "the sample traffic has a violation");
    assert!(recs.iter().all(|r| &r[0] == "www.example.com"));
    for (file, extra) in [
        ("logs/combined.log", &["--host", "www.example.com"][..]),
        ("logs/common.log", &["--host", "www.example.com"][..]),
        ("logs/combined.log.gz", &["--host", "www.example.com"][..]),
        (
            "logs/combined-multi.log.gz",
            &["--host", "www.example.com"][..],
        ),
        (
            "logs/combined-crlf-plain.log.gz",
            &["--host", "www.example.com"][..],
        ),
        ("logs/nginx.json", &[][..]),
        ("logs/caddy.json", &[][..]),
        ("logs/cloudflare.json", &[][..]),
        ("logs/cloudfront.log", &[][..]),
        ("logs/alb.log", &[][..]),
        ("logs/w3c.log", &[][..]),
    ] {
        // Not quiet: the warnings are looked for.
        let o = audit(&testdata(file), extra);
        assert_eq!(o.status.code(), Some(0), "{file}: {}", stderr(&o));
        let warned = stderr(&o).contains("none with a User-Agent (read as common): no crawler can be told from other clients there");
        if file.contains("common") {
            // Common Log Format has no User-Agent: no crawler can be recognised, and a
            // warning says so (the report's silence is no clean bill).
            assert_eq!(rows(&o.stdout).len(), 0, "{file}");
            assert!(warned, "{file}: {}", stderr(&o));
            continue;
        }
        assert!(!warned, "{file}: {}", stderr(&o));
        let (got, want) = (
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&reference.stdout),
        );
        // (IIS writes a space in the User-Agent as `+` and a `+` as itself: the header's
        // ` +http` is logged `++http`, and read back as it was sent.)
        assert_eq!(got, want, "{file} gives another report");
    }
}

#[test]
fn the_detected_format_is_named_on_stderr() {
    for (file, name) in [
        ("logs/caddy.json", "caddy"),
        ("logs/cloudfront.log", "cloudfront"),
        ("logs/alb.log", "alb"),
    ] {
        let o = audit::<&str>(&testdata(file), &[]);
        assert!(
            stderr(&o).contains(&format!("format {name} (detected)")),
            "{file}: {}",
            stderr(&o)
        );
    }
}

#[test]
fn an_empty_file_is_an_error_unless_allowed() {
    let dir = tempfile::tempdir().unwrap();
    let empty = dir.path().join("empty.log");
    std::fs::write(&empty, b"").unwrap();
    let out = dir.path().join("r.csv");
    std::fs::write(&out, "previous report\n").unwrap();
    // `zcat missing.gz | robots-audit -` looks like this: a cron job must hear of it.
    let o = audit(&empty, &["--out", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("empty.log is empty"), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "previous report\n");
    let o = support::run(
        &[
            "-".as_ref(),
            "--robots-dir".as_ref(),
            testdata("robots-dir").as_os_str(),
        ],
        Some(b""),
    );
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("<stdin> is empty"), "{}", stderr(&o));
    // Asked for, an empty input is an empty report.
    let o = audit::<&str>(&empty, &["--allow-empty"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(rows(&o.stdout).len(), 0);
    assert!(
        String::from_utf8_lossy(&o.stdout).starts_with("host,kind,"),
        "the header is still written"
    );
}

#[test]
fn binary_and_one_huge_line_are_not_logs() {
    let dir = tempfile::tempdir().unwrap();
    let binary = dir.path().join("binary.log");
    let bytes: Vec<u8> = (0..200_000u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    std::fs::write(&binary, &bytes).unwrap();
    let huge = dir.path().join("huge.log");
    let mut line = vec![b'a'; 50 << 20];
    line.push(b'\n');
    std::fs::write(&huge, &line).unwrap();
    for path in [&binary, &huge] {
        let out = dir.path().join("r.csv");
        let o = audit(
            path,
            &[
                "--format",
                "combined",
                "--host",
                "www.example.com",
                "--out",
                out.to_str().unwrap(),
            ],
        );
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        let err = stderr(&o);
        assert!(err.contains("not a combined log"), "{err}");
        assert!(!err.contains("choose the format"), "{err}");
        assert!(
            err.len() < 2000,
            "the message stays short: {} bytes",
            err.len()
        );
        assert!(!out.exists(), "no report is written for a run that stopped");
    }
    // Without --format, the tool says it cannot tell.
    let o = audit::<&str>(&binary, &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("cannot tell the log format"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn crlf_line_ends_give_the_same_report() {
    let plain = std::fs::read(testdata("access.log")).unwrap();
    let mut crlf = Vec::with_capacity(plain.len() + 5000);
    for line in plain.split_inclusive(|b| *b == b'\n') {
        crlf.extend_from_slice(&line[..line.len() - 1]);
        crlf.extend_from_slice(b"\r\n");
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("crlf.log");
    std::fs::write(&path, &crlf).unwrap();
    let a = audit(&testdata("access.log"), &["-q"]);
    let b = audit(&path, &["-q"]);
    assert_eq!(b.status.code(), Some(0), "{}", stderr(&b));
    assert_eq!(a.stdout, b.stdout);
}

#[test]
fn nginx_json_keys_are_the_admins_choice() {
    let text = std::fs::read_to_string(testdata("logs/nginx.json")).unwrap();
    let renamed = text
        .replace("\"http_user_agent\":", "\"ua\":")
        .replace("\"host\":", "\"vhost\":");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("renamed.json");
    std::fs::write(&path, renamed).unwrap();
    let reference = audit(&testdata("logs/nginx.json"), &["-q"]);
    let o = audit(
        &path,
        &[
            "-q",
            "--format",
            "nginx-json",
            "--json-field",
            "user_agent=ua",
            "--json-field",
            "host=vhost",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(!rows(&o.stdout).is_empty());
    assert_eq!(o.stdout, reference.stdout);
    // Without the mapping the renamed log has no User-Agent and no host: nothing is judged.
    let o = audit(
        &path,
        &["-q", "--format", "nginx-json", "--host", "www.example.com"],
    );
    assert_eq!(rows(&o.stdout).len(), 0, "{}", stderr(&o));
    // A meaning that does not exist is named.
    let o = audit(&path, &["--json-field", "colour=c"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--json-field"), "{}", stderr(&o));
}

#[test]
fn an_over_long_line_is_counted_as_malformed_and_the_rest_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let good = std::fs::read(testdata("access.log")).unwrap();
    let mut log = Vec::new();
    for (i, l) in good.split_inclusive(|&b| b == b'\n').enumerate() {
        log.extend_from_slice(l);
        if i == 100 {
            // A 3 MiB line (a pasted blob, a gzip bomb's zeros).
            log.extend(std::iter::repeat_n(b'x', 3 << 20));
            log.push(b'\n');
        }
    }
    let path = dir.path().join("long.log");
    std::fs::write(&path, &log).unwrap();
    let inputs = dir.path().join("inputs.csv");
    let o = audit(&path, &["--inputs", inputs.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let row = &rows(&std::fs::read(&inputs).unwrap())[0];
    assert!(row["malformed_reasons"].contains("too long:1"), "{row:?}");
    assert!(
        stderr(&o).contains(":102: too long: xxxx"),
        "{}",
        stderr(&o)
    );
    // The report is the one of the log without that line.
    let plain = audit(&testdata("access.log"), &[] as &[&str]);
    assert_eq!(o.stdout, plain.stdout);
    // The limit can be set.
    let o = audit(
        &path,
        &[
            "--max-line-length",
            "1K",
            "--inputs",
            inputs.to_str().unwrap(),
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let row = &rows(&std::fs::read(&inputs).unwrap())[0];
    let reasons = &row["malformed_reasons"];
    let too_long: u64 = reasons
        .find("too long:")
        .map(|i| &reasons[i + "too long:".len()..])
        .and_then(|n| n.split(' ').next()?.parse().ok())
        .unwrap_or(0);
    assert_eq!(too_long, 1, "only the 3 MiB line is over 1K here: {row:?}");
}

/// A Crawl-delay breach is proved only as precisely as the log wrote the times
/// (docs/judging.md, "Log time resolution"), whatever the format: JSON logs whose times are
/// whole seconds (nginx's `$time_iso8601`, Caddy's integer `ts`, Cloudflare's RFC 3339 or
/// unix seconds) were taken as milliseconds, and requests logged 4 s apart under
/// `Crawl-delay: 4.5` were reported early though they may have been nearly 5 s apart.
#[test]
fn crawl_delay_breaches_need_times_as_precise_as_the_proof() {
    let dir = tempfile::tempdir().unwrap();
    let robots = dir.path().join("robots");
    std::fs::create_dir_all(robots.join("www.example.com")).unwrap();
    std::fs::write(
        robots.join("www.example.com/robots.txt"),
        "User-agent: bingbot\nCrawl-delay: 4.5\n",
    )
    .unwrap();
    const UA: &str = "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)";
    // 2026-11-20T13:55:00Z and every 4 s after it.
    let start = 1_795_182_900u64;
    let nginx = |s: u64, frac: &str| {
        format!(
            r#"{{"time_iso8601":"2026-11-20T14:55:{:02}{frac}+01:00","remote_addr":"157.55.39.38","host":"www.example.com","scheme":"https","request":"GET /p{s} HTTP/1.1","status":200,"body_bytes_sent":100,"http_referer":"","http_user_agent":"{UA}"}}"#,
            s - start
        )
    };
    let caddy = |s: u64, frac: &str| {
        format!(
            r#"{{"level":"info","ts":{s}{frac},"logger":"http.log.access","msg":"handled request","request":{{"remote_ip":"157.55.39.38","client_ip":"157.55.39.38","proto":"HTTP/1.1","method":"GET","host":"www.example.com","uri":"/p{s}","headers":{{"User-Agent":["{UA}"]}}}},"status":200,"size":100}}"#
        )
    };
    let cloudflare_iso = |s: u64, frac: &str| {
        format!(
            r#"{{"ClientIP":"157.55.39.38","ClientRequestHost":"www.example.com","ClientRequestMethod":"GET","ClientRequestScheme":"https","ClientRequestURI":"/p{s}","ClientRequestUserAgent":"{UA}","EdgeResponseBytes":100,"EdgeResponseStatus":200,"EdgeStartTimestamp":"2026-11-20T13:55:{:02}{frac}Z"}}"#,
            s - start
        )
    };
    let cloudflare_unix = |s: u64, frac: &str| {
        format!(
            r#"{{"ClientIP":"157.55.39.38","ClientRequestHost":"www.example.com","ClientRequestMethod":"GET","ClientRequestScheme":"https","ClientRequestURI":"/p{s}","ClientRequestUserAgent":"{UA}","EdgeResponseBytes":100,"EdgeResponseStatus":200,"EdgeStartTimestamp":{s}{frac}}}"#
        )
    };
    type Line<'a> = &'a dyn Fn(u64, &str) -> String;
    let makers: [(&str, Line); 4] = [
        ("nginx-json", &nginx),
        ("caddy", &caddy),
        ("cloudflare, RFC 3339", &cloudflare_iso),
        ("cloudflare, unix seconds", &cloudflare_unix),
    ];
    for (name, line) in makers {
        for (frac, early) in [("", None), (".000", Some("3"))] {
            let log = dir.path().join("access.json");
            let text: String = (0..4).map(|i| line(start + 4 * i, frac) + "\n").collect();
            std::fs::write(&log, text).unwrap();
            let o = support::run(
                &[
                    log.as_os_str(),
                    "--robots-dir".as_ref(),
                    robots.as_os_str(),
                    "-q".as_ref(),
                ],
                None,
            );
            assert_eq!(o.status.code(), Some(0), "{name}: {}", stderr(&o));
            let recs = rows(&o.stdout);
            let delay: Vec<_> = recs.iter().filter(|r| &r[1] == "crawl-delay").collect();
            match early {
                None => assert!(delay.is_empty(), "{name}, whole seconds: {recs:?}"),
                Some(n) => {
                    assert_eq!(delay.len(), 1, "{name}, milliseconds: {recs:?}");
                    assert_eq!(&delay[0][6], "Crawl-delay: 4.5", "{name}");
                    assert_eq!(&delay[0][8], n, "{name}: the requests after the first");
                }
            }
        }
    }
}

/// A line that says its scheme (an IIS `s-port`, an nginx-json `scheme`) is judged by that
/// scheme's robots.txt even when its host comes from `--host`: `--scheme` is for logs that
/// do not say.
#[test]
fn the_lines_scheme_counts_when_the_host_comes_from_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let robots = dir.path().join("robots");
    for (folder, body) in [
        ("site.test:80", "User-agent: *\nDisallow: /\n"),
        ("site.test:443", "User-agent: *\nDisallow: /private/\n"),
    ] {
        std::fs::create_dir_all(robots.join(folder)).unwrap();
        std::fs::write(robots.join(folder).join("robots.txt"), body).unwrap();
    }
    let google = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    let iis = dir.path().join("iis.log");
    std::fs::write(
        &iis,
        format!(
            "#Fields: date time s-ip cs-method cs-uri-stem cs-uri-query s-port cs-username c-ip cs(User-Agent) sc-status\n\
             2026-11-20 13:55:37 10.0.0.4 GET /plain - 80 - 66.249.66.1 {} 200\n\
             2026-11-20 13:55:38 10.0.0.4 GET /secure - 443 - 66.249.66.1 {} 200\n",
            google.replace(' ', "+"),
            google.replace(' ', "+"),
        ),
    )
    .unwrap();
    let nginx = dir.path().join("nginx.json");
    std::fs::write(
        &nginx,
        format!(
            "{{\"time_iso8601\":\"2026-11-20T13:55:37Z\",\"remote_addr\":\"66.249.66.1\",\"scheme\":\"http\",\"request\":\"GET /plain HTTP/1.1\",\"status\":200,\"http_user_agent\":\"{google}\"}}\n\
             {{\"time_iso8601\":\"2026-11-20T13:55:38Z\",\"remote_addr\":\"66.249.66.1\",\"scheme\":\"https\",\"request\":\"GET /secure HTTP/1.1\",\"status\":200,\"http_user_agent\":\"{google}\"}}\n"
        ),
    )
    .unwrap();
    for log in [&iis, &nginx] {
        let hosts = dir.path().join("hosts.csv");
        let o = support::run(
            &[
                log.as_os_str(),
                "--robots-dir".as_ref(),
                robots.as_os_str(),
                "--host".as_ref(),
                "site.test".as_ref(),
                "--hosts".as_ref(),
                hosts.as_os_str(),
                "-q".as_ref(),
            ],
            None,
        );
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let paths: Vec<(String, String)> = rows(&o.stdout)
            .iter()
            .map(|r| (r["path"].to_string(), r["rule"].to_string()))
            .collect();
        assert_eq!(
            paths,
            [("/plain".to_string(), "Disallow: /".to_string())],
            "{log:?}"
        );
        let urls: Vec<String> = rows(&std::fs::read(&hosts).unwrap())
            .iter()
            .map(|r| r["robots_url"].to_string())
            .collect();
        assert_eq!(
            urls,
            [
                "http://site.test/robots.txt",
                "https://site.test/robots.txt"
            ],
            "{log:?}"
        );
    }
}

/// A log that carries no host is `--host`'s: an absolute-form request target gives its path,
/// never its host or scheme. A review found `GET http://unrelated.example/private/b` in a
/// combined log moved to a host with no rules (allowed, and a site in the hosts report the
/// operator does not run), and `GET http://example.com:443/…` to an origin of its own.
#[test]
fn an_absolute_target_in_a_log_without_hosts_is_the_given_hosts() {
    let dir = tempfile::tempdir().unwrap();
    let robots = dir.path().join("robots");
    std::fs::create_dir_all(robots.join("example.com")).unwrap();
    std::fs::write(
        robots.join("example.com/robots.txt"),
        "User-agent: *\nDisallow: /private/\n",
    )
    .unwrap();
    let google = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    let log: String = [
        "/private/a",
        "http://unrelated.example/private/b",
        "http://example.com:443/private/c",
        "https://example.com:80/private/d",
    ]
    .iter()
    .enumerate()
    .map(|(i, target)| {
        format!(
            "203.0.113.5 - - [20/Nov/2026:10:00:0{i} +0000] \"GET {target} HTTP/1.1\" 200 5 \"-\" \"{google}\"\n"
        )
    })
    .collect();
    let path = dir.path().join("access.log");
    std::fs::write(&path, log).unwrap();
    let hosts = dir.path().join("hosts.csv");
    // The (host, path) of each violation, and the hosts report's hosts.
    let audit = || {
        let o = support::run(
            &[
                path.as_os_str(),
                "--host".as_ref(),
                "example.com".as_ref(),
                "--robots-dir".as_ref(),
                robots.as_os_str(),
                "--hosts".as_ref(),
                hosts.as_os_str(),
                "-q".as_ref(),
            ],
            None,
        );
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        (
            support::columns(&o.stdout, &["host", "path"]),
            support::columns(&std::fs::read(&hosts).unwrap(), &["host"]),
        )
    };
    let mut want: Vec<Vec<String>> = ["/private/a", "/private/b", "/private/c", "/private/d"]
        .iter()
        .map(|p| vec!["example.com".to_owned(), (*p).to_owned()])
        .collect();
    assert_eq!(
        audit(),
        (want.clone(), vec![vec!["example.com".to_owned()]])
    );

    // A vhost line among them (`zcat access.log other_vhosts_access.log`) still names its
    // own host, an absolute target's scheme included (the review of this fix found it
    // moved to --host).
    std::fs::create_dir_all(robots.join("shop.example.net")).unwrap();
    std::fs::write(
        robots.join("shop.example.net/robots.txt"),
        "User-agent: *\nDisallow: /shop-private/\n",
    )
    .unwrap();
    let mut log = std::fs::read_to_string(&path).unwrap();
    for target in ["/shop-private/x", "http://shop.example.net/shop-private/y"] {
        log.push_str(&format!(
            "shop.example.net:443 66.249.66.2 - - [20/Nov/2026:10:01:00 +0000] \"GET {target} HTTP/1.1\" 200 5 \"-\" \"{google}\"\n"
        ));
    }
    std::fs::write(&path, log).unwrap();
    for p in ["/shop-private/x", "/shop-private/y"] {
        want.push(vec!["shop.example.net".to_owned(), p.to_owned()]);
    }
    let hosts_want = ["example.com", "shop.example.net"].map(|h| vec![h.to_owned()]);
    assert_eq!(audit(), (want, hosts_want.to_vec()));
}
