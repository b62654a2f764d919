//! `robots-audit check`: judge URLs against one robots.txt file, the way the audit would
//! judge a crawler's requests (README.md, "`check`").
//!
//! Output: one line per URL, in order: `allowed` or `disallowed`, a tab, the URL, then the
//! group, the deciding rule and its line (empty fields when nothing decided).
//!
//! The robots.txt is read up to the parse limit ([`MAX_ROBOTS_BYTES`], as `fetch` and the
//! audit read it) and no further: the rest of a longer file or standard input is never read,
//! and a note says so.

use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use crate::cli::{CheckArgs, DialectArg};
use robots_audit::crawlers::{AgentLists, Registry, RegistryError, RobotsReader};
use robots_audit::fetch::MAX_ROBOTS_BYTES;
use robots_audit::robots::{Agent, Dialect, RobotsTxt};
use robots_audit::text;

/// Why `check` could not run.
#[derive(Debug, thiserror::Error)]
pub enum CheckError {
    #[error("--robots {}: {source}", path.display())]
    Robots { path: PathBuf, source: io::Error },
    #[error("--crawlers: {0}")]
    Crawlers(RegistryError),
    #[error("--crawler-lists: {0}")]
    Lists(RegistryError),
    #[error("cannot write to standard output: {0}")]
    Output(#[from] io::Error),
}

/// Who is being judged: the tokens, whether `*` applies, and the dialect.
struct Judged {
    tokens: Vec<String>,
    obeys_star: bool,
    dialect: Dialect,
}

/// What `check` came to, besides its output lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckOutcome {
    /// Every URL is allowed (exit status 0; otherwise 1).
    pub all_allowed: bool,
    /// Notes for the user's terminal (standard error), e.g. that the robots.txt was longer
    /// than the parse limit and its rest was not read. Plain text, not yet escaped.
    pub notes: Vec<String>,
}

/// Runs `check`, writing one line per URL to `out`.
pub fn run(args: &CheckArgs, out: &mut dyn Write) -> Result<CheckOutcome, CheckError> {
    let body = read_robots(&args.robots)?;
    let mut notes = Vec::new();
    let (lists, damaged) =
        AgentLists::for_audit(args.crawler_lists.as_deref()).map_err(CheckError::Lists)?;
    if let Some(e) = damaged {
        notes.push(format!("ignoring the saved lists of AI agents: {e}"));
    }
    let registry =
        Registry::with_lists_and(&lists, args.crawlers.as_deref()).map_err(CheckError::Crawlers)?;
    let mut judged = match (&args.agent, &args.user_agent) {
        (Some(token), _) => judged(registry.agent_for_token(token)),
        (None, Some(header)) => judged(registry.agent_for(header.as_bytes())),
        // clap requires one of the two.
        (None, None) => Judged {
            tokens: Vec::new(),
            obeys_star: true,
            dialect: Dialect::Google,
        },
    };
    if let Some(d) = args.dialect {
        judged.dialect = match d {
            DialectArg::Google => Dialect::Google,
            DialectArg::Yandex => Dialect::Yandex,
            DialectArg::YandexLegacy => Dialect::YandexLegacy,
        };
    }
    if body.truncated {
        notes.push(truncation_note(&args.robots, judged.dialect));
    }
    let robots = RobotsTxt::parse(&body.bytes, judged.dialect);
    let refs: Vec<&str> = judged.tokens.iter().map(String::as_str).collect();
    let agent = Agent {
        tokens: &refs,
        obeys_star: judged.obeys_star,
    };
    let mut all_allowed = true;
    for url in &args.urls {
        let j = robots.judge(&agent, url.as_bytes());
        all_allowed &= j.allowed;
        let (rule, line) = match &j.rule {
            Some(r) => (r.text.as_str(), r.line.to_string()),
            None => ("", String::new()),
        };
        writeln!(
            out,
            "{}\t{}\t{}\t{}\t{}",
            if j.allowed { "allowed" } else { "disallowed" },
            text::terminal(url.as_bytes()),
            text::terminal(j.group.as_deref().unwrap_or_default().as_bytes()),
            text::terminal(rule.as_bytes()),
            line
        )?;
    }
    out.flush()?;
    Ok(CheckOutcome { all_allowed, notes })
}

/// A robots.txt body as `check` read it.
struct Body {
    /// At most [`MAX_ROBOTS_BYTES`] + 1 bytes: one byte past the limit is kept, so that the
    /// engine sees a file over it (google parses the first 512,000 bytes; yandex allows
    /// everything in a file over 500 KB).
    bytes: Vec<u8>,
    /// The file was longer than [`MAX_ROBOTS_BYTES`]; the rest was not read.
    truncated: bool,
}

fn read_robots(path: &Path) -> Result<Body, CheckError> {
    let err = |source| CheckError::Robots {
        path: path.to_path_buf(),
        source,
    };
    if path == Path::new("-") {
        read_capped(io::stdin().lock()).map_err(err)
    } else {
        read_capped(std::fs::File::open(path).map_err(err)?).map_err(err)
    }
}

/// Reads at most [`MAX_ROBOTS_BYTES`] + 1 bytes: never the whole of an endless or huge
/// input (docs/robots-txt.md, "Getting the file": content beyond 512,000 bytes is ignored).
fn read_capped(reader: impl Read) -> io::Result<Body> {
    let mut bytes = Vec::new();
    reader
        .take(MAX_ROBOTS_BYTES as u64 + 1)
        .read_to_end(&mut bytes)?;
    let truncated = bytes.len() > MAX_ROBOTS_BYTES;
    Ok(Body { bytes, truncated })
}

/// The note for a robots.txt longer than [`MAX_ROBOTS_BYTES`], saying what the dialect makes
/// of it (docs/robots-txt.md, "Getting the file").
fn truncation_note(path: &Path, dialect: Dialect) -> String {
    let what = match dialect {
        Dialect::Google => format!("only the first {MAX_ROBOTS_BYTES} are used"),
        Dialect::Yandex | Dialect::YandexLegacy => {
            "over Yandex's size limit, so everything is allowed".to_owned()
        }
    };
    format!(
        "--robots {}: longer than {MAX_ROBOTS_BYTES} bytes: {what} (the rest was not read)",
        path.display()
    )
}

/// `--agent TOKEN` or `--user-agent HEADER`, as the registry reads them.
fn judged(reader: RobotsReader) -> Judged {
    Judged {
        tokens: reader.tokens,
        obeys_star: reader.obeys_star,
        dialect: reader.dialect,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::CheckArgs;

    /// A reader of `len` bytes that counts how many were taken from it.
    struct Counting {
        left: usize,
        taken: usize,
    }

    impl Read for Counting {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = buf.len().min(self.left);
            buf[..n].fill(b'#');
            self.left -= n;
            self.taken += n;
            Ok(n)
        }
    }

    #[test]
    fn read_capped_stops_one_byte_past_the_limit() {
        let mut input = Counting {
            left: 8 * MAX_ROBOTS_BYTES,
            taken: 0,
        };
        let body = read_capped(&mut input).unwrap();
        assert_eq!(input.taken, MAX_ROBOTS_BYTES + 1);
        assert_eq!(body.bytes.len(), MAX_ROBOTS_BYTES + 1);
        assert!(body.truncated);

        let mut input = Counting {
            left: MAX_ROBOTS_BYTES,
            taken: 0,
        };
        let body = read_capped(&mut input).unwrap();
        assert_eq!(body.bytes.len(), MAX_ROBOTS_BYTES);
        assert!(!body.truncated, "exactly the limit is not over it");
    }

    #[test]
    fn a_long_file_is_noted_and_judged_by_its_first_bytes() {
        let mut body = b"User-agent: *\nDisallow: /early\n".to_vec();
        while body.len() < MAX_ROBOTS_BYTES {
            body.extend_from_slice(b"# padding padding padding padding padding padding\n");
        }
        body.extend_from_slice(b"Disallow: /late\n");
        let path = std::env::temp_dir().join(format!(
            "robots-audit-check-long-{}.txt",
            std::process::id()
        ));
        std::fs::write(&path, &body).unwrap();
        let args = |dialect| CheckArgs {
            urls: vec!["/early".to_owned(), "/late".to_owned()],
            robots: path.clone(),
            agent: Some("somebot".to_owned()),
            user_agent: None,
            dialect,
            crawlers: None,
            // No saved lists there: the bundled snapshot, whatever the user's cache holds.
            crawler_lists: Some(path.with_extension("no-lists")),
        };
        let mut out = Vec::new();
        let outcome = run(&args(None), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].starts_with("disallowed\t/early\t*\t"), "{text}");
        assert!(
            lines[1].starts_with("allowed\t/late\t"),
            "past the limit: {text}"
        );
        assert!(!outcome.all_allowed);
        assert_eq!(outcome.notes.len(), 1);
        assert!(
            outcome.notes[0].contains("longer than 512000 bytes: only the first 512000 are used"),
            "{:?}",
            outcome.notes
        );

        // Yandex: a file over 500 KB allows everything.
        let mut out = Vec::new();
        let outcome = run(&args(Some(DialectArg::Yandex)), &mut out).unwrap();
        assert!(outcome.all_allowed, "{}", String::from_utf8_lossy(&out));
        assert!(outcome.notes[0].contains("everything is allowed"));
        std::fs::remove_file(&path).unwrap();
    }
}
