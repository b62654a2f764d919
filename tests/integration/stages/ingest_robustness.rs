//! No line makes a parser panic: every prefix and many one-byte changes of every sample
//! line, parsed as every format (a poor man's fuzzer, run with the tests).

use std::path::Path;

use robots_audit::logformat::{Format, LineParser};

#[test]
fn mangled_lines_never_panic() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/logs");
    let mut lines: Vec<Vec<u8>> = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("testdata/logs exists") {
        let path = entry.expect("directory entries read").path();
        if path.extension().is_some_and(|e| e == "gz") {
            continue;
        }
        let text = std::fs::read(&path).expect("sample files read");
        lines.extend(text.split(|&c| c == b'\n').map(<[u8]>::to_vec));
    }
    let fields_headers: Vec<Vec<u8>> = lines
        .iter()
        .filter(|l| l.starts_with(b"#Fields:"))
        .cloned()
        .collect();
    let mut parsers = Vec::new();
    for &format in Format::all() {
        parsers.push(LineParser::new(format, None));
        if !format.uses_fields_header() {
            continue;
        }
        for h in &fields_headers {
            parsers.push(LineParser::new(format, Some(h)));
        }
    }
    let specials = b" \t\"\\[]{}:/-+%x0\xff\x00.,";
    let mut count = 0u64;
    for line in &lines {
        for cut in 0..=line.len() {
            for p in &parsers {
                let _ = p.parse(&line[..cut]);
                count += 1;
            }
        }
        // Stepping over positions keeps the run short on long lines.
        for at in (0..line.len()).step_by(3) {
            for &s in specials {
                let mut m = line.clone();
                m[at] = s;
                for p in &parsers {
                    let _ = p.parse(&m);
                }
                count += 1;
            }
        }
    }
    assert!(count > 10_000);
}
