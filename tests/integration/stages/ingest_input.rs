//! Input from standard input: the test binary runs itself as a child with a pipe on stdin.

use std::io::Write;
use std::process::{Command, Stdio};
use std::sync::atomic::AtomicU64;

use robots_audit::input::{Source, read_blocks};

const CHILD: &str = "ROBOTS_AUDIT_INGEST_STDIN_CHILD";

/// In the child: read stdin through `read_blocks` and print what came out.
#[test]
fn stdin_child() {
    if std::env::var_os(CHILD).is_none() {
        return;
    }
    let progress = AtomicU64::new(0);
    let mut lines = Vec::new();
    let stats = read_blocks(&Source::Stdin, 8, &progress, |b| {
        for (n, line) in b.lines() {
            lines.push(format!("{n}:{}", String::from_utf8_lossy(line)));
        }
        true
    })
    .expect("stdin reads");
    println!(
        "RESULT gzip={} lines={} [{}]",
        stats.gzip,
        stats.lines,
        lines.join("|")
    );
}

fn run_child(input: &[u8]) -> String {
    let exe = std::env::current_exe().expect("the test binary has a path");
    let mut child = Command::new(exe)
        .args([
            "--exact",
            "stages::ingest_input::stdin_child",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(CHILD, "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the test binary runs");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    stdin.write_all(input).expect("the child reads stdin");
    drop(stdin);
    let out = child.wait_with_output().expect("the child finishes");
    assert!(out.status.success());
    let out = String::from_utf8(out.stdout).expect("the child prints UTF-8");
    // libtest prints "test stdin_child ... " on the same line before the output.
    let (_, result) = out
        .split_once("RESULT ")
        .expect("the child prints a result");
    result.lines().next().unwrap_or_default().to_owned()
}

#[test]
fn stdin_plain_and_gzip() {
    let text = b"first line\r\nsecond line\nthird";
    assert_eq!(
        run_child(text),
        "gzip=false lines=3 [1:first line|2:second line|3:third]"
    );
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    enc.write_all(text).expect("writing to a Vec does not fail");
    let gz = enc.finish().expect("writing to a Vec does not fail");
    assert_eq!(
        run_child(&gz),
        "gzip=true lines=3 [1:first line|2:second line|3:third]"
    );
}
