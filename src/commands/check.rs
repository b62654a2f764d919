//! `robots-audit check`: judge URLs against one robots.txt file, the way the audit would
//! judge a crawler's requests (README.md, "`check`").
//!
//! Output: one line per URL, in order, tab-separated: `allowed`, `disallowed` or
//! `not-judged`; the URL; the group that applied; the deciding rule (or, when none decided,
//! why: `no rule matched`, `no group applies`, `/robots.txt is always allowed`; for
//! `not-judged`, why the audit would not judge the client) and its line; then the usage
//! preferences in force for the URL (docs/preferences.md), one field each:
//! `ai-train=no (line 2: Content-Signal: search=yes, ai-train=no)`.
//!
//! The robots.txt is read up to the parse limit ([`MAX_ROBOTS_BYTES`], as `fetch` and the
//! audit read it) and no further: the rest of a longer file or standard input is never read,
//! and a note says so.

use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use crate::cli::{CheckArgs, DialectArg};
use robots_audit::crawlers::{
    AgentLists, Bound, Category, Identity, Registry, RegistryError, RobotsReader,
};
use robots_audit::fetch::MAX_ROBOTS_BYTES;
use robots_audit::robots::{
    Agent, DecidingPreference, Dialect, RobotsTxt, is_robots_txt, normalize_target,
};
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
    /// An argument that is neither a path nor an http(s) URL (already escaped for a
    /// terminal).
    #[error("URL {url}: {why}")]
    Url { url: String, why: String },
    #[error("cannot write to standard output: {0}")]
    Output(#[from] io::Error),
}

/// Who is being judged: the tokens, whether `*` applies, and the dialect.
#[derive(Clone)]
struct Judged {
    tokens: Vec<String>,
    obeys_star: bool,
    dialect: Dialect,
}

/// What `check` came to, besides its output lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckOutcome {
    /// No URL is disallowed (exit status 0; otherwise 1). A client that is not judged is
    /// never disallowed.
    pub all_allowed: bool,
    /// Notes for the user's terminal (standard error), e.g. that the robots.txt was longer
    /// than the parse limit and its rest was not read. Plain text, not yet escaped.
    pub notes: Vec<String>,
    /// Warnings: the question looks wrong (an `--agent` that no group can name). Plain
    /// text, not yet escaped.
    pub warnings: Vec<String>,
}

/// Runs `check`, writing one line per URL to `out`.
pub fn run(args: &CheckArgs, out: &mut dyn Write) -> Result<CheckOutcome, CheckError> {
    // Every argument is known to be a URL or a path before anything is judged.
    for url in &args.urls {
        check_url(url)?;
    }
    let body = read_robots(&args.robots)?;
    let mut notes = Vec::new();
    let (lists, damaged) =
        AgentLists::for_audit(args.crawler_lists.as_deref()).map_err(CheckError::Lists)?;
    if let Some(e) = damaged {
        notes.push(format!("ignoring the saved lists of AI agents: {e}"));
    }
    let registry =
        Registry::with_lists_and(&lists, args.crawlers.as_deref()).map_err(CheckError::Crawlers)?;
    let mut warnings = Vec::new();
    let mut client = match (&args.agent, &args.user_agent) {
        (Some(token), _) => {
            let reader = registry.agent_for_token(token);
            if let Some(note) = token_note(token, &reader) {
                notes.push(note);
            }
            Client::Token(judged(reader))
        }
        (None, Some(header)) => client_of(&registry, header.as_bytes(), args.judge_automation),
        // clap requires one of the two.
        (None, None) => Client::Token(Judged {
            tokens: Vec::new(),
            obeys_star: true,
            dialect: Dialect::Google,
        }),
    };
    if let Some(d) = args.dialect {
        client.set_dialect(match d {
            DialectArg::Google => Dialect::Google,
            DialectArg::Yandex => Dialect::Yandex,
            DialectArg::YandexLegacy => Dialect::YandexLegacy,
        });
    }
    let dialect = client.dialect();
    if body.truncated {
        notes.push(truncation_note(&args.robots, dialect));
    }
    let robots = RobotsTxt::parse(&body.bytes, dialect);
    // Unless this file has a group for it after all (the parser keeps what a line names).
    if let (Some(token), Client::Token(_)) = (&args.agent, &client)
        && let Some(warning) = token_warning(&registry, token, dialect)
        && robots
            .group_for(&Agent {
                tokens: &[token.as_str()],
                obeys_star: false,
            })
            .is_none()
    {
        warnings.push(warning);
    }
    let standing = client.standing(&robots);
    let mut all_allowed = true;
    let mut path = Vec::new();
    for url in &args.urls {
        let shown = judge_url(&robots, &standing, url, &mut path);
        all_allowed &= shown.verdict != "disallowed";
        write!(
            out,
            "{}\t{}\t{}\t{}\t{}",
            shown.verdict,
            text::terminal(url.as_bytes()),
            text::terminal(shown.group.as_bytes()),
            text::terminal(shown.rule.as_bytes()),
            shown.line,
        )?;
        for p in &shown.preferences {
            write!(
                out,
                "\t{} (line {}: {})",
                p.setting(),
                p.line,
                text::terminal(p.text.as_bytes())
            )?;
        }
        writeln!(out)?;
    }
    out.flush()?;
    Ok(CheckOutcome {
        all_allowed,
        notes,
        warnings,
    })
}

/// One output line's fields, before escaping.
struct Shown {
    /// `allowed`, `disallowed` or `not-judged`.
    verdict: &'static str,
    group: String,
    /// The deciding rule, or why none decided, or why the client is not judged.
    rule: String,
    /// The deciding rule's line number, or empty.
    line: String,
    preferences: Vec<DecidingPreference>,
}

/// What the audit would make of the client's request for `url` (`path`: scratch).
fn judge_url(robots: &RobotsTxt, standing: &Standing, url: &str, path: &mut Vec<u8>) -> Shown {
    let (judged, not_judged) = match standing {
        Standing::Judged(judged) => (Some(judged), None),
        Standing::NotJudged { why, judged } => (judged.as_ref(), Some(why)),
    };
    let Some(judged) = judged else {
        return Shown {
            verdict: "not-judged",
            group: String::new(),
            rule: not_judged.cloned().unwrap_or_default(),
            line: String::new(),
            preferences: Vec::new(),
        };
    };
    let refs: Vec<&str> = judged.tokens.iter().map(String::as_str).collect();
    let agent = Agent {
        tokens: &refs,
        obeys_star: judged.obeys_star,
    };
    let j = robots.judge(&agent, url.as_bytes());
    normalize_target(url.as_bytes(), path);
    let no_group = j.group.is_none();
    let group = j.group.unwrap_or_default();
    if let Some(why) = not_judged {
        // A fetcher that robots.txt does not bind: the rules do not stop it, so its group's
        // preferences apply wherever it goes (docs/preferences.md, "What a conflict is").
        return Shown {
            verdict: "not-judged",
            group,
            rule: why.clone(),
            line: String::new(),
            preferences: robots.deciding_preferences(robots.group_for(&agent), path),
        };
    }
    let (rule, line) = match j.rule {
        Some(r) => (r.text, r.line.to_string()),
        None if is_robots_txt(path) => ("/robots.txt is always allowed".to_owned(), String::new()),
        None if no_group => ("no group applies".to_owned(), String::new()),
        None => ("no rule matched".to_owned(), String::new()),
    };
    Shown {
        verdict: if j.allowed { "allowed" } else { "disallowed" },
        group,
        rule,
        line,
        preferences: j.preferences,
    }
}

/// `Ok` for a path (starting with `/`), an absolute http(s) URL with a host or nothing (`/`);
/// otherwise the error that names the argument.
fn check_url(url: &str) -> Result<(), CheckError> {
    match robots_audit::robots::question_error(url.as_bytes()) {
        None => Ok(()),
        Some(why) => Err(CheckError::Url {
            url: format!("\"{}\"", text::terminal(url.as_bytes())),
            why,
        }),
    }
}

/// The client, as far as the registry tells before the robots.txt is read.
enum Client {
    /// `--agent TOKEN`: the rules for that token, whatever the client.
    Token(Judged),
    /// `--user-agent HEADER` of a crawler that robots.txt binds (registry or unknown robot),
    /// always or only where a group names it.
    Crawler { judged: Judged, bound: Bound },
    /// A crawler that robots.txt does not bind: counted by the audit, not judged; its usage
    /// preferences still apply (docs/preferences.md, "What a conflict is").
    Unbound { judged: Judged, why: String },
    /// A header that does not say it is a robot: judged only under a group naming one of
    /// its tokens (docs/identification.md, "Clients a group names"), else not at all.
    Other {
        tokens: Vec<String>,
        dialect: Dialect,
    },
}

/// What the audit does with the client under this robots.txt.
enum Standing {
    Judged(Judged),
    /// Not judged, and why; `judged`: how its preferences are found, if they apply.
    NotJudged {
        why: String,
        judged: Option<Judged>,
    },
}

/// How the audit judges the client of a User-Agent header (docs/judging.md, "Which requests
/// are judged", steps 3 and 4): the audit's own decision, [`RobotsReader::bound`].
fn client_of(registry: &Registry, header: &[u8], judge_automation: bool) -> Client {
    let (identity, tokens) = registry.identify_with_tokens(header);
    let name = match &identity {
        Identity::Known(id) => registry.get(*id).name.clone(),
        Identity::Unknown(bot) => bot.name.clone(),
        Identity::NotCrawler => String::new(),
    };
    let Some(reader) = registry.reader_of(&identity) else {
        return Client::Other {
            tokens,
            dialect: Dialect::Google,
        };
    };
    let category = reader.category;
    let bound = reader.bound(judge_automation);
    let judged = Judged {
        obeys_star: reader.follows_star(judge_automation),
        tokens: reader.tokens,
        dialect: reader.dialect,
    };
    if bound == Bound::Never {
        let why = if category == Some(Category::FeedReader) {
            format!(
                "{} is a feed reader: it fetches what its users subscribed to, and robots.txt does not bind it",
                quoted(&name)
            )
        } else {
            let what = category.map_or_else(String::new, |c| format!(" ({})", c.as_str()));
            format!(
                "{}{what} is a fetcher that robots.txt does not bind (the registry says it does not follow robots.txt): the audit counts its requests, does not judge them",
                quoted(&name)
            )
        };
        return Client::Unbound { judged, why };
    }
    Client::Crawler { judged, bound }
}

impl Client {
    fn dialect(&self) -> Dialect {
        match self {
            Client::Token(j)
            | Client::Crawler { judged: j, .. }
            | Client::Unbound { judged: j, .. } => j.dialect,
            Client::Other { dialect, .. } => *dialect,
        }
    }

    fn set_dialect(&mut self, dialect: Dialect) {
        match self {
            Client::Token(j)
            | Client::Crawler { judged: j, .. }
            | Client::Unbound { judged: j, .. } => {
                j.dialect = dialect;
            }
            Client::Other { dialect: d, .. } => *d = dialect,
        }
    }

    /// The rest of the audit's decision, which depends on the groups of the file.
    fn standing(self, robots: &RobotsTxt) -> Standing {
        match self {
            Client::Token(judged) => Standing::Judged(judged),
            Client::Unbound { judged, why } => Standing::NotJudged {
                why,
                judged: Some(judged),
            },
            Client::Crawler { judged, bound } => {
                let refs: Vec<&str> = judged.tokens.iter().map(String::as_str).collect();
                let named = robots
                    .group_for(&Agent {
                        tokens: &refs,
                        obeys_star: false,
                    })
                    .is_some();
                if !bound.judged(named) {
                    Standing::NotJudged {
                        why: "an HTTP library or automation tool that no group names: the audit judges it under `*` only with --judge-automation".to_owned(),
                        judged: None,
                    }
                } else {
                    Standing::Judged(judged)
                }
            }
            Client::Other { tokens, dialect } => {
                match tokens.iter().find(|t| robots.names_client(t)) {
                    // docs/identification.md, "Clients a group names": a group naming one of its
                    // tokens makes it a crawler of that name.
                    Some(named) => Standing::Judged(Judged {
                        tokens: vec![named.clone()],
                        obeys_star: false,
                        dialect,
                    }),
                    None if tokens.is_empty() => Standing::NotJudged {
                        why: "a browser, not a crawler: the audit never judges browsers".to_owned(),
                        judged: None,
                    },
                    None => Standing::NotJudged {
                        why: format!(
                            "not a crawler: the header does not say it is a robot, and no group names its tokens ({})",
                            tokens.join(", ")
                        ),
                        judged: None,
                    },
                }
            }
        }
    }
}

/// A crawler's name in a message.
fn quoted(name: &str) -> String {
    if name.is_empty() {
        "the client".to_owned()
    } else {
        name.to_owned()
    }
}

/// A warning when `--agent` cannot be a robots.txt product token (a whole header, a
/// `Name/version`): no group can name it, so it silently falls to `*` or to nothing.
fn token_warning(registry: &Registry, token: &str, dialect: Dialect) -> Option<String> {
    let yandex = matches!(dialect, Dialect::Yandex | Dialect::YandexLegacy);
    // Product tokens are letters, digits, `-`, `_` and `.`; Yandex robot names may carry a
    // version (`YandexMetrika/2.0`).
    let token_byte =
        |b: u8| b.is_ascii_alphanumeric() || b"-_.".contains(&b) || (yandex && b == b'/');
    if !token.is_empty() && token.bytes().all(token_byte) {
        return None;
    }
    let hint = registry
        .agent_for(token.as_bytes())
        .tokens
        .first()
        .map(|t| format!(" (for this header: --agent {t})"))
        .unwrap_or_default();
    Some(format!(
        "--agent {:?} is not a product token, so no group can name it: give the token{hint}, or the whole header with --user-agent",
        token
    ))
}

/// A note when `--agent` is the token of a registry crawler that robots.txt does not bind.
fn token_note(token: &str, reader: &RobotsReader) -> Option<String> {
    (!reader.obeys_robots).then(|| {
        format!(
            "--agent {token}: the registry says this crawler does not follow robots.txt, so the audit counts its requests and does not judge them; these are the rules for its token"
        )
    })
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
            judge_automation: false,
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
