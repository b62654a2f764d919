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
