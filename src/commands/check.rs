//! `robots-audit check`: judge URLs against one robots.txt file, the way the audit would
//! judge a crawler's requests (cli-contract "robots-audit check").
//!
//! Output: one line per URL, in order: `allowed` or `disallowed`, a tab, the URL, then the
//! group, the deciding rule and its line (empty fields when nothing decided).

use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use crate::cli::{CheckArgs, DialectArg};
use robots_audit::crawlers::{self, Identity, Registry, RegistryError};
use robots_audit::robots::{Agent, Dialect, RobotsTxt, normalize_target};
use robots_audit::text;

/// Why `check` could not run.
#[derive(Debug, thiserror::Error)]
pub enum CheckError {
    #[error("--robots {}: {source}", path.display())]
    Robots { path: PathBuf, source: io::Error },
    #[error("--crawlers: {0}")]
    Crawlers(RegistryError),
    #[error("cannot write to standard output: {0}")]
    Output(#[from] io::Error),
}

/// Who is being judged: the tokens, whether `*` applies, and the dialect.
struct Judged {
    tokens: Vec<String>,
    obeys_star: bool,
    dialect: Dialect,
}

/// Runs `check`; returns true when every URL is allowed.
pub fn run(args: &CheckArgs, out: &mut dyn Write) -> Result<bool, CheckError> {
    let body = read_robots(&args.robots)?;
    let registry =
        Registry::builtin_with(args.crawlers.as_deref()).map_err(CheckError::Crawlers)?;
    let mut judged = match (&args.agent, &args.user_agent) {
        (Some(token), _) => judged_by_token(&registry, token),
        (None, Some(header)) => judged_by_header(&registry, header),
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
    let robots = RobotsTxt::parse(&body, judged.dialect);
    let refs: Vec<&str> = judged.tokens.iter().map(String::as_str).collect();
    let group = robots.group_for(&Agent {
        tokens: &refs,
        obeys_star: judged.obeys_star,
    });
    let mut all_allowed = true;
    let mut path = Vec::new();
    for url in &args.urls {
        normalize_target(url.as_bytes(), &mut path);
        let verdict = robots.check(group, &path);
        all_allowed &= verdict.allowed;
        let (rule, line) = match verdict.rule {
            Some(id) => (robots.rule(id).display(), robots.rule(id).line.to_string()),
            None => (String::new(), String::new()),
        };
        let group_name = group.map(|g| robots.group(g).name()).unwrap_or_default();
        writeln!(
            out,
            "{}\t{}\t{}\t{}\t{}",
            if verdict.allowed {
                "allowed"
            } else {
                "disallowed"
            },
            text::terminal(url.as_bytes()).into_owned(),
            text::terminal(group_name.as_bytes()).into_owned(),
            text::terminal(rule.as_bytes()).into_owned(),
            line
        )?;
    }
    out.flush()?;
    Ok(all_allowed)
}

fn read_robots(path: &Path) -> Result<Vec<u8>, CheckError> {
    let err = |source| CheckError::Robots {
        path: path.to_path_buf(),
        source,
    };
    if path == Path::new("-") {
        let mut body = Vec::new();
        io::stdin().read_to_end(&mut body).map_err(err)?;
        Ok(body)
    } else {
        std::fs::read(path).map_err(err)
    }
}

/// `--agent TOKEN`: compared exactly; the dialect follows the registry's crawler of that
/// token (Yandex robots use Yandex's rules).
fn judged_by_token(registry: &Registry, token: &str) -> Judged {
    let lower = token.to_ascii_lowercase();
    let crawler = registry
        .iter()
        .map(|(_, c)| c)
        .find(|c| c.tokens.first().is_some_and(|t| *t == lower));
    Judged {
        tokens: vec![token.to_string()],
        obeys_star: crawler.is_none_or(|c| c.obeys_star),
        dialect: crawler.map_or(Dialect::Google, |c| c.dialect),
    }
}

/// `--user-agent HEADER`: identified as the audit does.
fn judged_by_header(registry: &Registry, header: &str) -> Judged {
    match registry.identify(header.as_bytes()) {
        Identity::Known(id) => {
            let c = registry.get(id);
            Judged {
                tokens: c.tokens.clone(),
                obeys_star: c.obeys_star,
                dialect: c.dialect,
            }
        }
        Identity::Unknown(bot) => Judged {
            tokens: bot.tokens,
            obeys_star: true,
            dialect: Dialect::Google,
        },
        Identity::NotCrawler => Judged {
            tokens: crawlers::nameable_tokens(header.as_bytes()),
            obeys_star: true,
            dialect: Dialect::Google,
        },
    }
}
