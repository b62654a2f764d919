//! The real-world corpus (`testdata/robots/corpus/files`, a sample of Protego's test data):
//! every file parses in every dialect without panicking, and for a sample of files every
//! group's verdicts on URLs generated from its own rules agree with the regex reference.

use super::robots_support as support;

use robots_audit::robots::{Dialect, RobotsTxt, normalize_target};
use std::path::PathBuf;

fn corpus() -> Vec<(String, Vec<u8>)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("testdata/robots/corpus/files");
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .expect("corpus directory exists")
        .map(|entry| {
            let path = entry.expect("readable directory entry").path();
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            (name, std::fs::read(&path).expect("readable corpus file"))
        })
        .collect();
    files.sort();
    files
}

/// Paths derived from a pattern: `*` replaced by nothing and by text, `$` dropped, with and
/// without something after, plus a few common paths.
fn paths_for(robots: &RobotsTxt) -> Vec<Vec<u8>> {
    let mut paths: Vec<Vec<u8>> = [&b"/"[..], b"/index.html", b"/search?q=a", b"/a/b/c.php?x=1"]
        .iter()
        .map(|p| p.to_vec())
        .collect();
    for rule in robots.rules().iter().take(60) {
        let p = rule.pattern();
        if p.is_empty() {
            continue;
        }
        let body = p.strip_suffix(b"$").unwrap_or(p);
        for fill in [&b""[..], b"x", b"/a?b="] {
            let mut path = Vec::new();
            for (i, piece) in body.split(|&b| b == b'*').enumerate() {
                if i > 0 {
                    path.extend_from_slice(fill);
                }
                path.extend_from_slice(piece);
            }
            if path.first() != Some(&b'/') {
                path.insert(0, b'/');
            }
            paths.push(path.clone());
            path.extend_from_slice(b"more");
            paths.push(path.clone());
            path.truncate(path.len().saturating_sub(6));
            paths.push(path);
        }
    }
    paths
}

#[test]
fn corpus_parses_without_panic() {
    let files = corpus();
    assert!(files.len() > 1000, "corpus has {} files", files.len());
    let mut groups = 0;
    for (_, body) in &files {
        for dialect in [Dialect::Google, Dialect::Yandex, Dialect::YandexLegacy] {
            let robots = RobotsTxt::parse(body, dialect);
            groups += robots.groups().count();
            for w in robots.warnings() {
                assert!(!w.message.is_empty());
            }
        }
    }
    assert!(groups > 1000);
}

#[test]
fn corpus_sample_agrees_with_reference() {
    let mut checked = 0usize;
    for (name, body) in corpus().iter().step_by(7) {
        for dialect in [Dialect::Google, Dialect::Yandex] {
            let robots = RobotsTxt::parse(body, dialect);
            let paths = paths_for(&robots);
            for id in robots.group_ids() {
                let group = robots.group(id);
                let reference = support::ReferenceGroup::new(&robots, group);
                for path in &paths {
                    let mut normalised = Vec::new();
                    normalize_target(path, &mut normalised);
                    let want = reference.allowed(&normalised);
                    let got = robots.check(Some(id), &normalised).allowed;
                    assert_eq!(
                        got,
                        want,
                        "{name} ({dialect:?}) group {} path {:?}",
                        group.name(),
                        String::from_utf8_lossy(&normalised)
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 10_000, "only {checked} checks");
}
