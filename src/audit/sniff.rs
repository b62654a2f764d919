//! Which format an input is in: detected from its first lines (or named by the user), then
//! checked by the not-a-log guard, so that a file that is clearly not a log of that format
//! stops the run instead of producing an empty report.

use crate::input::Block;
use crate::logformat::{self, Format};

use super::AuditError;
use super::line::{Shared, excerpt};

/// Lines looked at to detect a format.
const DETECT_LINES: usize = 100;
/// The not-a-log guard: of the first this-many lines, more than half malformed stops the run.
const GUARD_LINES: usize = 1000;
/// The guard needs at least this many lines to judge a file.
const GUARD_MIN_LINES: usize = 10;

/// The format of an input from its first block with requests: (format, detected).
pub fn first_block_format(
    shared: &Shared<'_>,
    name: &str,
    block: &Block,
) -> Result<(Format, bool), AuditError> {
    let settings = shared.settings;
    let (format, detected) = match settings.format {
        Some(f) => (f, false),
        None => {
            let sample = first_lines(block.data(), DETECT_LINES);
            let f = logformat::detect(sample).ok_or_else(|| AuditError::UnknownFormat {
                name: name.to_string(),
            })?;
            (f, true)
        }
    };
    if !format.has_host() && settings.default_host.is_none() {
        return Err(AuditError::NoHost {
            name: name.to_string(),
            format: format.name(),
        });
    }
    let parser = shared.parser(format, block.header.as_deref());
    let (mut seen, mut bad) = (0usize, 0usize);
    let mut first_bad: Option<(u64, String)> = None;
    for (line_no, line) in block.lines().take(GUARD_LINES) {
        match parser.parse(line) {
            Ok(Some(_)) => seen += 1,
            Ok(None) => {}
            Err(reason) => {
                seen += 1;
                bad += 1;
                first_bad.get_or_insert_with(|| {
                    (
                        line_no,
                        format!(
                            "{}: {}",
                            reason.as_str(),
                            excerpt(&line[..line.len().min(80)])
                        ),
                    )
                });
            }
        }
    }
    if seen >= GUARD_MIN_LINES.min(block.lines().count()).max(1) && bad * 2 > seen {
        let (line, example) = first_bad.unwrap_or_default();
        return Err(AuditError::NotALog {
            name: name.to_string(),
            format: format.name(),
            bad,
            seen,
            line,
            example,
            chosen: !detected,
        });
    }
    Ok((format, detected))
}

/// True when a block holds nothing but `#` lines and blank lines.
pub fn only_comments(block: &Block) -> bool {
    block
        .lines()
        .all(|(_, line)| line.is_empty() || line.starts_with(b"#"))
}

/// The first `n` lines of a block.
fn first_lines(data: &[u8], n: usize) -> &[u8] {
    let mut end = 0;
    for _ in 0..n {
        match memchr::memchr(b'\n', &data[end..]) {
            Some(i) => end += i + 1,
            None => return data,
        }
    }
    &data[..end]
}
