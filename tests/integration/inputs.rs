//! The same log as gzip, multi-member gzip, plain, a plain file named `.gz`, and standard
//! input gives the same report.

use std::io::Write;

use flate2::Compression;
use flate2::write::GzEncoder;

use crate::support::{run, stderr, testdata};

fn report_for(log: &std::path::Path, stdin: Option<&[u8]>) -> Vec<u8> {
    let robots = testdata("robots-dir");
    let o = run(
        &[
            log.as_os_str(),
            "--robots-dir".as_ref(),
            robots.as_os_str(),
            "-q".as_ref(),
        ],
        stdin,
    );
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}: {}",
        log.display(),
        stderr(&o)
    );
    o.stdout
}

#[test]
fn every_encoding_of_the_log_gives_the_same_report() {
    let plain = std::fs::read(testdata("access.log")).unwrap();
    let reference = report_for(&testdata("access.log"), None);
    assert!(reference.len() > 1000);

    // The shipped gzip copy.
    assert_eq!(
        report_for(&testdata("access.log.gz"), None),
        reference,
        "gzip"
    );

    let dir = tempfile::tempdir().unwrap();
    // Multi-member: three gzip members cut at line boundaries, as `cat a.gz b.gz c.gz` makes.
    let lines: Vec<&[u8]> = plain.split_inclusive(|b| *b == b'\n').collect();
    let mut multi = Vec::new();
    for part in lines.chunks(lines.len().div_ceil(3)) {
        let mut enc = GzEncoder::new(Vec::new(), Compression::fast());
        for l in part {
            enc.write_all(l).unwrap();
        }
        multi.extend(enc.finish().unwrap());
    }
    let multi_path = dir.path().join("multi.log.gz");
    std::fs::write(&multi_path, &multi).unwrap();
    assert_eq!(
        report_for(&multi_path, None),
        reference,
        "multi-member gzip"
    );

    // A member boundary in the middle of a line must not split the line.
    let mut mid = Vec::new();
    let cut = plain.len() / 2 + 7;
    for part in [&plain[..cut], &plain[cut..]] {
        let mut enc = GzEncoder::new(Vec::new(), Compression::fast());
        enc.write_all(part).unwrap();
        mid.extend(enc.finish().unwrap());
    }
    let mid_path = dir.path().join("mid.gz");
    std::fs::write(&mid_path, &mid).unwrap();
    assert_eq!(
        report_for(&mid_path, None),
        reference,
        "member boundary inside a line"
    );

    // Plain text under a .gz name is read as plain text.
    let fake = dir.path().join("plain-but-named.log.gz");
    std::fs::write(&fake, &plain).unwrap();
    assert_eq!(report_for(&fake, None), reference, "plain file named .gz");

    // Standard input, gzip and plain.
    let dash = std::path::Path::new("-");
    assert_eq!(report_for(dash, Some(&plain)), reference, "plain on stdin");
    let gz = std::fs::read(testdata("access.log.gz")).unwrap();
    assert_eq!(report_for(dash, Some(&gz)), reference, "gzip on stdin");
}

#[test]
fn several_files_are_one_data_set() {
    // The log cut in two (like rotated files) gives the report of the whole.
    let plain = std::fs::read(testdata("access.log")).unwrap();
    let lines: Vec<&[u8]> = plain.split_inclusive(|b| *b == b'\n').collect();
    let (a, b) = lines.split_at(lines.len() / 2);
    let dir = tempfile::tempdir().unwrap();
    let (pa, pb) = (
        dir.path().join("access.log.1"),
        dir.path().join("access.log.2.gz"),
    );
    std::fs::write(&pa, a.concat()).unwrap();
    let mut enc = GzEncoder::new(Vec::new(), Compression::default());
    enc.write_all(&b.concat()).unwrap();
    std::fs::write(&pb, enc.finish().unwrap()).unwrap();
    let robots = testdata("robots-dir");
    // The later file first: logs are not sorted across files.
    let o = run(
        &[
            pb.as_os_str(),
            pa.as_os_str(),
            "--robots-dir".as_ref(),
            robots.as_os_str(),
            "-q".as_ref(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(o.stdout, report_for(&testdata("access.log"), None));
}

/// A log none of whose requests names its host (nginx-json without the host key, a vhost log
/// writing `-`) and no `--host`: exit 2 saying to give one, the previous report kept. A
/// review found exit 0 with an empty report (under `--fail-on-violations` too: a nightly job
/// read "no violations"). With some requests naming a host, the others are a warning.
#[test]
fn a_log_whose_requests_name_no_host_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let ua = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    let json = |host: Option<&str>, path: &str| {
        let host = host
            .map(|h| format!(",\"host\":\"{h}\""))
            .unwrap_or_default();
        format!(
            "{{\"time\":\"2026-11-20T00:00:00+00:00\",\"remote_addr\":\"66.249.66.1\",\"request\":\"GET {path} HTTP/1.1\",\"status\":200,\"http_user_agent\":\"{ua}\"{host}}}\n"
        )
    };
    let vhost = format!(
        "- 66.249.66.1 - - [20/Nov/2026:01:00:00 +0100] \"GET /private/a HTTP/1.1\" 200 10 \"-\" \"{ua}\"\n"
    );
    let out = dir.path().join("report.csv");
    let robots = testdata("robots-dir");
    for (name, text) in [
        (
            "nj.log",
            [json(None, "/private/a"), json(None, "/private/b")].concat(),
        ),
        ("vhost.log", vhost.repeat(2)),
    ] {
        let log = dir.path().join(name);
        std::fs::write(&log, text).unwrap();
        std::fs::write(&out, "previous\n").unwrap();
        let args = [
            log.to_str().unwrap(),
            "--robots-dir",
            robots.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
            "--fail-on-violations",
        ]
        .map(std::ffi::OsStr::new);
        let o = run(&args, None);
        assert_eq!(o.status.code(), Some(2), "{name}: {}", stderr(&o));
        assert!(
            stderr(&o).contains(
                "none of the 2 requests read names its host (the log's host field is empty or \
                 `-`), so nothing could be judged and the previous reports are kept; give the \
                 site's host with --host"
            ),
            "{name}: {}",
            stderr(&o)
        );
        assert_eq!(std::fs::read_to_string(&out).unwrap(), "previous\n");
        // With --host, they are judged.
        let mut with_host = args.to_vec();
        with_host.extend(["--host", "www.example.com"].map(std::ffi::OsStr::new));
        let o = run(&with_host, None);
        assert_eq!(o.status.code(), Some(1), "{name}: {}", stderr(&o));
    }
    // The same under a window that leaves a line out (a review found exit 0 there: the
    // line outside was counted among the requests but not among those without a host), and
    // with the host `-:443` (`%{Host}i:%p` of a request without a Host header).
    let log = dir.path().join("windowed.log");
    let at = |time: &str, host: &str| {
        format!(
            "{host} 66.249.66.1 - - [20/Nov/2026:{time} +0000] \"GET /private/a HTTP/1.1\" 200 10 \"-\" \"{ua}\"\n"
        )
    };
    std::fs::write(
        &log,
        [
            at("01:00:00", "-"),
            at("15:00:00", "-"),
            at("15:30:00", "-:443"),
        ]
        .concat(),
    )
    .unwrap();
    let o = run(
        &[
            log.to_str().unwrap(),
            "--robots-dir",
            robots.to_str().unwrap(),
            "--format",
            "vhost_combined",
            "--since",
            "2026-11-20T14:30:00Z",
            "-o",
            out.to_str().unwrap(),
        ]
        .map(std::ffi::OsStr::new),
        None,
    );
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("none of the 2 requests read in the window names its host"),
        "{}",
        stderr(&o)
    );

    // Some with a host: the others are a warning, not an error.
    let log = dir.path().join("mixed.log");
    std::fs::write(
        &log,
        [json(Some("www.example.com"), "/a"), json(None, "/b")].concat(),
    )
    .unwrap();
    let o = run(
        &[
            log.as_os_str(),
            "--robots-dir".as_ref(),
            testdata("robots-dir").as_os_str(),
            "-o".as_ref(),
            out.as_os_str(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("mixed.log: 1 request without a host skipped (give --host)")
            && stderr(&o).contains("warning: "),
        "{}",
        stderr(&o)
    );
}

/// Standard input named twice (`-` and `/dev/stdin`, one pipe): refused before anything is
/// read, where two readers tore its lines between them and the run exited 0.
#[test]
fn standard_input_named_twice_is_refused() {
    let log = std::fs::read(testdata("access.log.gz")).unwrap();
    let robots = testdata("robots-dir");
    let o = run(
        &["-", "/dev/stdin", "--robots-dir", robots.to_str().unwrap()].map(std::ffi::OsStr::new),
        Some(&log),
    );
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("are the same file: each log can be given once"),
        "{}",
        stderr(&o)
    );
    // A report into the pipe it reads: refused, where the run waited forever for the end of
    // an input it held a write end of.
    let o = run(
        &[
            "-",
            "--robots-dir",
            robots.to_str().unwrap(),
            "--summary",
            "/dev/stdin",
        ]
        .map(std::ffi::OsStr::new),
        Some(&log),
    );
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("a report must not replace a log it reads"),
        "{}",
        stderr(&o)
    );
}

/// The malformed lines' note counts those naming a crawler (of the registry, or an unknown
/// robot calling itself one), for what a spoofer or a broken logger may have cost the audit:
/// a line of `curl/8.0` or a formula with a URL in it names none (a review found both
/// counted).
#[test]
fn malformed_lines_name_a_crawler_only_when_they_do() {
    let dir = tempfile::tempdir().unwrap();
    let ua = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    let good = format!(
        "www.example.com:443 66.249.66.1 - - [20/Nov/2026:10:00:00 +0000] \"GET /a HTTP/1.1\" 200 5 \"-\" \"{ua}\"\n"
    );
    let log = dir.path().join("odd.log");
    std::fs::write(
        &log,
        [
            good.repeat(5),
            good.replace("[20/Nov", "[xx/Nov"),
            good.replace("[20/Nov", "[yy/Nov")
                .replace("Googlebot/2.1", "FooBot/1.0"),
            "curl/8.0\n".to_string(),
            "=HYPERLINK(\"http://evil.example/\",\"x\")\n".to_string(),
        ]
        .concat(),
    )
    .unwrap();
    let robots = testdata("robots-dir");
    let o = run(
        &[
            log.to_str().unwrap(),
            "--robots-dir",
            robots.to_str().unwrap(),
            "-o",
            "/dev/null",
        ]
        .map(std::ffi::OsStr::new),
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stderr(&o).contains(
            "odd.log: 4 malformed lines skipped (too few fields: 2, bad time: 2); 2 of them \
             name a crawler"
        ),
        "{}",
        stderr(&o)
    );
}
