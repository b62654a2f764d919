//! The `robots-audit` binary: arguments in, exit code out. The engine is the library
//! (`robots_audit`); this crate holds what belongs to the command line: the arguments
//! ([`cli`]), their mapping to the library's run options ([`config`]), the commands
//! ([`commands`]) and standard error ([`console`]). Exit statuses are the library's
//! (`robots_audit::run::exit`); SIGINT and SIGTERM end the process by the signal after the
//! temporary files are removed (a shell sees 130 or 143).

mod cli;
mod commands;
mod config;
mod console;

use std::io::{self, IsTerminal};
use std::process::ExitCode;

use clap::Parser;

use cli::{Cli, Command};
use commands::update::Data;
use console::{Console, say};
use robots_audit::run::exit::{ERROR, OK, VIOLATIONS};
use robots_audit::run::{Plan, RunError};
use robots_audit::text;

fn main() -> ExitCode {
    // Reports and sorted runs are written to temporary files: an interrupted run removes them.
    if let Err(e) = robots_audit::tempfiles::remove_on_signal() {
        say!(
            "robots-audit: warning: cannot watch for signals: {}",
            text::terminal(&e.to_string())
        );
    }
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // clap prints help and version to stdout with success; usage errors exit 2.
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { ERROR } else { OK });
        }
    };
    match run(cli) {
        Ok(code) => ExitCode::from(code),
        Err(e) if is_broken_pipe(&e) => ExitCode::from(OK),
        Err(e) => {
            say!("robots-audit: error: {}", escape_lines(&message(&e)));
            ExitCode::from(ERROR)
        }
    }
}

fn run(cli: Cli) -> anyhow::Result<u8> {
    match cli.command {
        Some(Command::Check(args)) => {
            let outcome = commands::check::run(&args, &mut io::stdout().lock())?;
            for warning in &outcome.warnings {
                say!("robots-audit: warning: {}", escape_lines(warning));
            }
            for note in &outcome.notes {
                say!("robots-audit: note: {}", escape_lines(note));
            }
            Ok(if outcome.all_allowed { OK } else { VIOLATIONS })
        }
        Some(Command::UpdateRanges(args)) => {
            let all_saved = commands::update::run(Data::Ranges, &args, &mut io::stdout().lock())?;
            Ok(if all_saved { OK } else { ERROR })
        }
        Some(Command::UpdateCrawlers(args)) => {
            let all_saved = commands::update::run(Data::Crawlers, &args, &mut io::stdout().lock())?;
            Ok(if all_saved { OK } else { ERROR })
        }
        Some(Command::Fetch(args)) => {
            let outcome = commands::fetch::run(&args, &mut io::stdout().lock())?;
            for warning in &outcome.warnings {
                say!("robots-audit: warning: {}", escape_lines(warning));
            }
            Ok(if outcome.all_ok { OK } else { ERROR })
        }
        Some(Command::History(args)) => {
            let all_ok = commands::history::run(&args, &mut io::stdout().lock())?;
            Ok(if all_ok { OK } else { ERROR })
        }
        None => {
            let plan = Plan::new(&config::options(cli.audit))?;
            let quiet = plan.policy.quiet;
            let console = Console::new(quiet, io::stderr().is_terminal() && !quiet, &plan.inputs);
            Ok(commands::audit::run(&plan, &console)?)
        }
    }
}

/// A message for the terminal: its own line breaks kept (a TOML error points at a column on
/// the next line), each line after the first indented (a file name with a line break in it
/// cannot forge a line of the tool's own, `robots-audit: …`), every other control character
/// escaped.
fn escape_lines(text: &str) -> String {
    text.trim_end()
        .split('\n')
        .map(|l| text::terminal(l.as_bytes()).into_owned())
        .collect::<Vec<_>>()
        .join("\n  ")
}

/// The error and its causes, each cause added only when its text is not already part of the
/// message (library errors often quote their source).
fn message(e: &anyhow::Error) -> String {
    let mut text = String::new();
    for cause in e.chain() {
        let part = cause.to_string();
        if !text.contains(&part) {
            if !text.is_empty() {
                text.push_str(": ");
            }
            text.push_str(&part);
        }
    }
    text
}

/// `robots-audit ... | head`: the reader left; that is not an error (ripgrep does the same).
fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<io::Error>()
            .is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe)
            || c.downcast_ref::<robots_audit::report::ReportError>()
                .is_some_and(|r| r.is_broken_pipe())
            || c.downcast_ref::<RunError>()
                .is_some_and(RunError::is_broken_pipe)
    })
}
