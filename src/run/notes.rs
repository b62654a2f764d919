//! What a run tells its user besides the reports, as data: each [`Note`] knows its
//! [`Level`] and its words (its `Display`, everything from the data made printable), so the
//! CLI's console and a Spark driver say the same thing in the same words. A front end only
//! decides where a note goes: `robots-audit: {note}` on standard error, unless it is
//! [`Level::Info`] under `--quiet`.

use std::fmt;

use super::Timings;
use crate::audit::{Spilled, TooOld};
use crate::logformat::BadLine;
use crate::text::{self, counted, thousands};

/// How much a note matters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    /// Counts and statistics: silent under `--quiet`.
    Info,
    /// Something the user should know or fix, the run done all the same.
    Warning,
    /// Part of why the run fails.
    Error,
}

/// Hosts not judged listed by name in a note; the rest are counted (`--hosts` has them all).
pub const NOT_JUDGED_SHOWN: usize = 5;

/// Hosts with crawler traffic that could not be judged (no robots.txt could be had for them):
/// a line that counts them, then one line per listed host.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotJudged {
    /// The first [`NOT_JUDGED_SHOWN`]: host, crawler requests, why.
    pub listed: Vec<(String, u64, String)>,
    /// How many hosts could not be judged.
    pub hosts: usize,
    /// How many hosts had crawler traffic.
    pub with_traffic: usize,
    /// Their crawler requests.
    pub requests: u64,
}

impl fmt::Display for NotJudged {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} of {} with crawler traffic ({}) could not be judged:",
            thousands(self.hosts as u64),
            counted(self.with_traffic as u64, "host", "hosts"),
            counted(self.requests, "crawler request", "crawler requests"),
        )?;
        for (host, n, reason) in &self.listed {
            write!(
                f,
                "\n  {} ({}): {}",
                text::terminal(host),
                counted(*n, "crawler request", "crawler requests"),
                text::terminal(reason)
            )?;
        }
        if self.hosts > self.listed.len() {
            write!(
                f,
                "\n  and {} more (--hosts lists them all)",
                thousands((self.hosts - self.listed.len()) as u64)
            )?;
        }
        Ok(())
    }
}

/// The end-of-run totals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Totals {
    /// Requests read.
    pub requests: u64,
    /// Malformed lines.
    pub malformed: u64,
    /// Requests made by crawlers.
    pub crawler_requests: u64,
    /// Crawler requests that broke a rule or a Crawl-delay, each kind counted (a request
    /// that broke both is counted twice).
    pub violating: u64,
    /// Of those, the Crawl-delay breaches (shown when there are any, so that the sum is
    /// never taken for distinct requests).
    pub delayed: u64,
    /// Rows of the violations report.
    pub rows: u64,
    /// Crawler requests that went against a usage preference (shown when there are any).
    pub conflicts: u64,
}

/// One thing a run tells.
#[derive(Clone, Debug, PartialEq)]
pub enum Note {
    /// The format an input was detected to be in (no `--format`).
    FormatDetected {
        /// The input.
        input: String,
        /// The format's name.
        format: String,
    },
    /// Every input is read; robots.txt is being obtained for this many origins.
    Fetching {
        /// How many.
        origins: usize,
    },
    /// A saved copy in the cache (`what`) could not be read; the bundled snapshot serves.
    IgnoredSaved {
        /// What was ignored.
        what: &'static str,
        /// Why.
        why: String,
    },
    /// What the robots.txt store met (a cache it could not use or write).
    Robots(String),
    /// An input broke off; the lines before the damage were audited. Part of the run's
    /// failure, unless `--allow-damaged` accepted it.
    Damaged {
        /// The input.
        input: String,
        /// What broke.
        error: String,
        /// `--allow-damaged` was given.
        allowed: bool,
    },
    /// Some hosts with crawler traffic could not be judged (the others were).
    NotJudged(NotJudged),
    /// Malformed lines of an input, skipped.
    Malformed {
        /// The input.
        input: String,
        /// How many.
        lines: u64,
        /// How many by reason.
        reasons: Vec<(BadLine, u64)>,
        /// Of them, those naming a crawler.
        naming_crawler: u64,
    },
    /// One of the first malformed lines of an input.
    MalformedLine {
        /// The input.
        input: String,
        /// Its line number.
        line: u64,
        /// Why it is malformed.
        reason: BadLine,
        /// It, shortened and made printable.
        example: String,
    },
    /// Requests of an input without a host, skipped.
    NoHost {
        /// The input.
        input: String,
        /// How many.
        requests: u64,
    },
    /// An input none of whose requests has a User-Agent (a format that logs none, such as
    /// `common`): no crawler can be found in it, so its report says nothing of crawlers.
    NoUserAgent {
        /// The input.
        input: String,
        /// Its requests.
        requests: u64,
        /// The format it was read as.
        format: String,
    },
    /// Requests of an input outside `--since`/`--until`, skipped.
    OutsideWindow {
        /// The input.
        input: String,
        /// How many.
        requests: u64,
    },
    /// The kept requests went through temporary files.
    Spilled(Spilled),
    /// Crawler requests too old for the IP-range lists or reverse DNS to verify.
    TooOldToVerify(TooOld),
    /// Crawler requests marked spoofed by IP-range lists much older than them.
    SpoofedByOldLists(TooOld),
    /// Crawler requests from addresses of a site's own network (a proxy logged in place of
    /// the client): unverifiable.
    InternalClients {
        /// How many.
        requests: u64,
    },
    /// Origins whose robots.txt answered this tool 4xx while crawlers in the log got it:
    /// (origin, status).
    RefusedToUs(Vec<(String, u16)>),
    /// Crawler requests whose client field is no IP address (a host name, a list): not
    /// verifiable.
    NoClientAddress {
        /// How many.
        requests: u64,
    },
    /// The resolver failed the canary check: nothing DNS would have judged was spoofed.
    DnsUntrusted {
        /// Why (data from the network in it).
        why: String,
        /// It answered none of the canaries.
        unanswered: bool,
    },
    /// What reverse DNS did.
    DnsQueries {
        /// PTR queries.
        ptr: u64,
        /// A/AAAA queries.
        forward: u64,
        /// Queries that failed.
        failures: u64,
        /// DNS stopped answering, and the rest were left unverifiable.
        gave_up: bool,
    },
    /// The totals of the run.
    Totals(Totals),
    /// `--timings`: how long each stage took.
    Timings(Timings),
}

impl Note {
    /// How much it matters.
    pub fn level(&self) -> Level {
        match self {
            Note::IgnoredSaved { .. }
            | Note::Robots(_)
            | Note::NotJudged(_)
            | Note::TooOldToVerify(_)
            | Note::SpoofedByOldLists(_)
            | Note::InternalClients { .. }
            | Note::NoClientAddress { .. }
            | Note::RefusedToUs(_)
            | Note::NoUserAgent { .. }
            | Note::NoHost { .. }
            | Note::DnsUntrusted { .. } => Level::Warning,
            Note::Damaged { allowed: false, .. } => Level::Error,
            Note::Damaged { allowed: true, .. } => Level::Warning,
            Note::FormatDetected { .. }
            | Note::Fetching { .. }
            | Note::Malformed { .. }
            | Note::MalformedLine { .. }
            | Note::OutsideWindow { .. }
            | Note::Spilled(_)
            | Note::DnsQueries { .. }
            | Note::Totals(_)
            | Note::Timings(_) => Level::Info,
        }
    }

    /// Whether it is shown: under `--quiet` only errors (the command-line contract: "nothing
    /// on standard error but errors"), and the timings, which are only ever there when asked
    /// for.
    pub fn shown(&self, quiet: bool) -> bool {
        !quiet || self.level() == Level::Error || matches!(self, Note::Timings(_))
    }
}

impl fmt::Display for Note {
    /// The note's line without the program's name: `warning: …`, `error: …`, or the words
    /// alone for [`Level::Info`]. Printable whatever the data.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.level() {
            Level::Info => {}
            Level::Warning => f.write_str("warning: ")?,
            Level::Error => f.write_str("error: ")?,
        }
        let t = |s: &str| text::terminal(s).into_owned();
        match self {
            Note::FormatDetected { input, format } => {
                write!(f, "{}: format {} (detected)", t(input), t(format))
            }
            Note::Fetching { origins } => write!(
                f,
                "fetching robots.txt for {origins} origin{}",
                if *origins == 1 { "" } else { "s" }
            ),
            Note::IgnoredSaved { what, why } => write!(f, "ignoring {what}: {}", t(why)),
            Note::Robots(w) => f.write_str(&t(w)),
            Note::Damaged { input, error, .. } => write!(f, "{}: {}", t(input), t(error)),
            Note::NotJudged(n) => write!(f, "{n}"),
            Note::Malformed {
                input,
                lines,
                reasons,
                naming_crawler,
            } => {
                let reasons: Vec<String> = reasons
                    .iter()
                    .map(|(r, n)| format!("{}: {}", r.as_str(), thousands(*n)))
                    .collect();
                write!(
                    f,
                    "{}: {} skipped ({})",
                    t(input),
                    counted(*lines, "malformed line", "malformed lines"),
                    reasons.join(", ")
                )?;
                if *naming_crawler > 0 {
                    write!(f, "; {} of them name a crawler", thousands(*naming_crawler))?;
                }
                Ok(())
            }
            Note::MalformedLine {
                input,
                line,
                reason,
                example,
            } => write!(
                f,
                "{}:{line}: {}: {}",
                t(input),
                reason.as_str(),
                t(example)
            ),
            Note::NoHost { input, requests } => write!(
                f,
                "{}: {} without a host skipped (give --host)",
                t(input),
                counted(*requests, "request", "requests")
            ),
            Note::NoUserAgent {
                input,
                requests,
                format,
            } => write!(
                f,
                "{}: {}, none with a User-Agent (read as {}): no crawler can be told from other clients there, so none is found or judged",
                t(input),
                counted(*requests, "request", "requests"),
                t(format)
            ),
            Note::OutsideWindow { input, requests } => write!(
                f,
                "{}: {} outside --since/--until skipped",
                t(input),
                counted(*requests, "request", "requests")
            ),
            Note::Spilled(s) => write!(f, "{s}"),
            Note::TooOldToVerify(old) => {
                let date = old
                    .lists_date
                    .map(|ms| text::rfc3339_ms(ms).chars().take(10).collect::<String>())
                    .unwrap_or_default();
                let by_ranges = old.requests - old.dns;
                let mut what = Vec::new();
                if by_ranges > 0 {
                    what.push(format!(
                        "{} older than the crawler IP-range lists (of {date}) by more than 30 days",
                        thousands(by_ranges)
                    ));
                }
                if old.dns > 0 {
                    what.push(format!(
                        "{} too old for reverse DNS, which tells only where an address points today",
                        thousands(old.dns)
                    ));
                }
                write!(
                    f,
                    "{} marked unverifiable, not spoofed: {} (lists describe the present; \
                     `robots-audit update-ranges` refreshes them)",
                    if old.requests == 1 {
                        "1 crawler request is".to_owned()
                    } else {
                        format!("{} crawler requests are", thousands(old.requests))
                    },
                    what.join("; ")
                )
            }
            Note::SpoofedByOldLists(old) => write!(
                f,
                "{} marked spoofed by crawler IP-range lists more than 30 days older than \
                 {} (of {}): an operator may have added the {} since; \
                 `robots-audit update-ranges` refreshes the lists",
                if old.spoofed_by_old_lists == 1 {
                    "1 crawler request is".to_owned()
                } else {
                    format!(
                        "{} crawler requests are",
                        thousands(old.spoofed_by_old_lists)
                    )
                },
                if old.spoofed_by_old_lists == 1 {
                    "it"
                } else {
                    "them"
                },
                old.old_lists_date
                    .map(|ms| text::rfc3339_ms(ms).chars().take(10).collect::<String>())
                    .unwrap_or_default(),
                if old.spoofed_by_old_lists == 1 {
                    "address"
                } else {
                    "addresses"
                },
            ),
            Note::InternalClients { requests } => write!(
                f,
                "{} from loopback, private or other addresses no crawler sends from across \
                 the internet (a proxy or load balancer logged in place of the client?): \
                 unverifiable, never marked spoofed; log the client's own address \
                 (X-Forwarded-For through mod_remoteip or real_ip) to verify them",
                if *requests == 1 {
                    "1 crawler request came".to_owned()
                } else {
                    format!("{} crawler requests came", thousands(*requests))
                }
            ),
            Note::RefusedToUs(hosts) => {
                write!(
                    f,
                    "robots.txt answered robots-audit 4xx (no file: everything allowed) where \
                     crawlers in the log got it with a 2xx; a firewall or bot filter refusing \
                     this tool alone makes those verdicts wrong (save the file the crawlers get \
                     and use --robots-dir):"
                )?;
                for (origin, status) in hosts {
                    write!(f, "\n{origin}: HTTP {status}")?;
                }
                Ok(())
            }
            Note::NoClientAddress { requests } => write!(
                f,
                "{} a client field that is no IP address (a host name from HostnameLookups, a \
                 list of forwarded addresses, `-`): unverifiable, never marked spoofed; log the \
                 client's address alone (Apache %a, nginx $remote_addr) to verify them",
                if *requests == 1 {
                    "1 crawler request had".to_owned()
                } else {
                    format!("{} crawler requests had", thousands(*requests))
                }
            ),
            Note::DnsUntrusted { why, unanswered } => write!(
                f,
                "reverse DNS answers were not trusted, so DNS judged nothing (addresses the \
                 published lists do not settle are unverifiable, not spoofed): {} ({})",
                t(why),
                if *unanswered {
                    "check --dns-server and the network"
                } else {
                    "a resolver that knows only internal names, such as split-horizon DNS, does \
                     this; name one that answers public names with --dns-server"
                }
            ),
            Note::DnsQueries {
                ptr,
                forward,
                failures,
                gave_up,
            } => write!(
                f,
                "reverse DNS: {ptr} PTR and {forward} forward queries, {failures} failed{}",
                if *gave_up {
                    "; DNS did not answer, so the rest were left unverifiable"
                } else {
                    ""
                }
            ),
            Note::Totals(n) => {
                write!(
                    f,
                    "requests read: {}; malformed lines: {}; crawler requests: {}; violating \
                     requests: {}",
                    thousands(n.requests),
                    thousands(n.malformed),
                    thousands(n.crawler_requests),
                    thousands(n.violating),
                )?;
                if n.delayed > 0 {
                    write!(
                        f,
                        " ({} disallowed, {} too soon under Crawl-delay; a request can be both)",
                        thousands(n.violating - n.delayed),
                        thousands(n.delayed)
                    )?;
                }
                write!(f, "; report rows: {}", thousands(n.rows))?;
                if n.conflicts > 0 {
                    write!(f, "; preference conflicts: {}", thousands(n.conflicts))?;
                }
                Ok(())
            }
            Note::Timings(t) => write!(f, "{t}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_label_the_line_and_quiet_keeps_errors_alone() {
        let damaged = |allowed| Note::Damaged {
            input: "a.gz".into(),
            error: "unexpected end of file".into(),
            allowed,
        };
        assert_eq!(
            damaged(false).to_string(),
            "error: a.gz: unexpected end of file"
        );
        assert_eq!(
            damaged(true).to_string(),
            "warning: a.gz: unexpected end of file"
        );
        let partial = Note::NotJudged(NotJudged {
            listed: vec![("a.example".into(), 3, "fetch budget spent".into())],
            hosts: 2,
            with_traffic: 5,
            requests: 1234,
        });
        assert_eq!(
            partial.to_string(),
            "warning: 2 of 5 hosts with crawler traffic (1,234 crawler requests) could not be \
             judged:\n  a.example (3 crawler requests): fetch budget spent\n  and 1 more \
             (--hosts lists them all)"
        );
        let totals = Note::Totals(Totals {
            requests: 3990,
            malformed: 3,
            crawler_requests: 2000,
            violating: 148,
            delayed: 0,
            rows: 40,
            conflicts: 0,
        });
        assert_eq!(
            totals.to_string(),
            "requests read: 3,990; malformed lines: 3; crawler requests: 2,000; violating \
             requests: 148; report rows: 40"
        );
        let with_conflicts = Note::Totals(Totals {
            conflicts: 1207,
            ..match totals {
                Note::Totals(t) => t,
                _ => unreachable!("made above as totals"),
            }
        });
        assert!(
            with_conflicts
                .to_string()
                .ends_with("; report rows: 40; preference conflicts: 1,207")
        );
        // Crawl-delay breaches are counted with the disallowed requests: the line says so.
        let with_delays = Note::Totals(Totals {
            delayed: 9,
            ..match totals {
                Note::Totals(t) => t,
                _ => unreachable!("made above as totals"),
            }
        });
        assert!(with_delays.to_string().ends_with(
            "violating requests: 148 (139 disallowed, 9 too soon under Crawl-delay; a request \
             can be both); report rows: 40"
        ));
        assert!(!totals.shown(true) && totals.shown(false));
        // `--quiet`: nothing but errors (the command-line contract).
        assert!(!partial.shown(true) && partial.shown(false));
        assert!(damaged(false).shown(true) && !damaged(true).shown(true));
    }

    #[test]
    fn one_of_a_thing_is_said_in_the_singular() {
        let one = Note::Malformed {
            input: "a.log".into(),
            lines: 1,
            reasons: vec![(BadLine::BadTime, 1)],
            naming_crawler: 0,
        };
        assert!(
            one.to_string()
                .starts_with("a.log: 1 malformed line skipped ("),
            "{one}"
        );
        let host = Note::NotJudged(NotJudged {
            listed: vec![("a.example".into(), 1, "HTTP 503".into())],
            hosts: 1,
            with_traffic: 1,
            requests: 1,
        });
        assert_eq!(
            host.to_string(),
            "warning: 1 of 1 host with crawler traffic (1 crawler request) could not be judged:\n  \
             a.example (1 crawler request): HTTP 503"
        );
    }

    #[test]
    fn data_is_printed_escaped() {
        let n = Note::NoHost {
            input: "evil\x1b[2J.log".into(),
            requests: 1,
        };
        let s = n.to_string();
        assert!(!s.contains('\x1b') && s.contains("evil\\x1b[2J.log"), "{s}");
    }
}
