//! What an audit holds until its end whatever `--max-memory` says, and the limit on it.
//!
//! The kept requests go to sorted runs past the memory budget, but some things cannot: each
//! host is a row of the hosts report, each (host, crawler) pair a row of the summary with
//! the judgement its requests are counted under, each crawler a name those rows share, each
//! (origin, crawler, User-Agent, verification) with kept requests a stream the judgement at
//! the end reads them by, each spoofing (address, crawler) a row of the spoofed report, and
//! each crawler fetch of `/robots.txt` evidence of what it read. A log can name millions of
//! them (made-up Host headers and User-Agents cost an attacker nothing), so they are counted
//! as they come, at about what each costs at the end of the run, and an audit whose count
//! passes `--max-memory` stops with an error that says how many of each it met: a clear
//! failure, never a machine out of memory and never a report with rows left out
//! (README, "Limits").

use std::fmt;

use super::partial::Partial;

/// Bytes a host takes until the end (its counts, its key, its hosts row; measured with a
/// log of 100,000 hosts of browser traffic).
pub const HOST: u64 = 800;
/// Bytes a (host, crawler) pair takes: its summary counts and row, and the judgement of its
/// crawler on its host (the group per version, its names, its profile): 100,000 pairs,
/// each on a host or with a crawler of its own, cost about 2.8 KB each.
pub const PAIR: u64 = 3_000;
/// Bytes a crawler name takes beyond its pairs (its name, operator and category).
pub const CRAWLER: u64 = 256;
/// Bytes a stream of kept requests takes at the end beyond its requests: its key in the
/// table of streams and how the end judges it.
pub const STREAM: u64 = 250;
/// Bytes a stream takes in the list of each sorted run that holds some of its requests (its
/// key, and the User-Agent it keeps when the worker forgot it). With [`STREAM`]: 500,000
/// User-Agents of one crawler, each in one run, cost about 390 bytes each.
pub const LISTED: u64 = 150;
/// Bytes a spoofing (address, crawler) takes: its address, counts, hosts and report row.
pub const SPOOFED: u64 = 1_000;
/// Bytes a crawler's fetch of `/robots.txt` takes: its time, status, size and client, in a
/// list, and at the end its address's list in the evidence by address (a review measured
/// ~270 bytes each on 300,000 fetching addresses).
pub const FETCH: u64 = 300;

/// How many of each an audit (or one worker of it) holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Census {
    /// Hosts (origins, and host fields that are none).
    pub hosts: u64,
    /// (host, crawler) pairs.
    pub pairs: u64,
    /// Crawler names.
    pub crawlers: u64,
    /// Streams of kept requests, each once (a worker knows only those in memory).
    pub streams: u64,
    /// Streams as the sorted runs list them (one per run that holds some of its requests).
    pub listed: u64,
    /// Spoofing (address, crawler) pairs.
    pub spoofed: u64,
    /// Crawler fetches of `/robots.txt`.
    pub fetches: u64,
}

impl Census {
    /// About how many bytes they take until the end of the run.
    pub fn bytes(&self) -> u64 {
        self.hosts * HOST
            + self.pairs * PAIR
            + self.crawlers * CRAWLER
            + self.streams * STREAM
            + self.listed * LISTED
            + self.spoofed * SPOOFED
            + self.fetches * FETCH
    }

    /// What a (merged) partial holds, but its streams: those in memory and those the runs
    /// list are the same streams in part, counted each once by the table the judgement
    /// builds of them.
    pub fn of(partial: &Partial) -> Census {
        Census {
            hosts: partial.hosts.len() as u64,
            pairs: partial.pairs.len() as u64,
            crawlers: partial.crawlers.len() as u64,
            streams: 0,
            listed: (partial.runs.iter().chain(&partial.delay_runs))
                .map(|r| r.streams.len() as u64)
                .sum(),
            spoofed: partial.spoofed.len() as u64,
            fetches: partial.fetches.values().map(|f| f.len() as u64).sum(),
        }
    }

    /// Whether they pass the limit of an audit with this memory budget.
    pub fn passes(&self, memory_budget: usize) -> bool {
        self.bytes() > limit(memory_budget)
    }
}

/// The least [`limit`]: a small `--max-memory` makes the kept requests go to disk early (what
/// tests and tight machines ask for), not the audit of a few thousand hosts fail.
pub const LEAST_LIMIT: u64 = 64 << 20;

/// The most an audit may hold of what cannot go to disk: as much as `--max-memory` lets the
/// kept requests take, and at least [`LEAST_LIMIT`].
pub fn limit(memory_budget: usize) -> u64 {
    (memory_budget as u64).max(LEAST_LIMIT)
}

impl fmt::Display for Census {
    /// The kinds it holds, most first (ties in this order), e.g. "200,000 crawler names,
    /// 200,000 (host, crawler) pairs and 1 host".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use crate::text::counted;
        let mut kinds: Vec<(u64, String)> = [
            (self.hosts, counted(self.hosts, "host", "hosts")),
            (
                self.pairs,
                counted(self.pairs, "(host, crawler) pair", "(host, crawler) pairs"),
            ),
            (
                self.crawlers,
                counted(self.crawlers, "crawler name", "crawler names"),
            ),
            (
                self.streams,
                counted(
                    self.streams,
                    "crawler User-Agent with kept requests",
                    "crawler User-Agents with kept requests",
                ),
            ),
            (
                self.listed,
                counted(
                    self.listed,
                    "crawler User-Agent listed by a sorted run",
                    "crawler User-Agents listed by sorted runs (once per run)",
                ),
            ),
            (
                self.spoofed,
                counted(
                    self.spoofed,
                    "spoofing (address, crawler)",
                    "spoofing (address, crawler) pairs",
                ),
            ),
            (
                self.fetches,
                counted(
                    self.fetches,
                    "crawler fetch of /robots.txt",
                    "crawler fetches of /robots.txt",
                ),
            ),
        ]
        .into_iter()
        .filter(|(n, _)| *n > 0)
        .collect();
        kinds.sort_by_key(|k| std::cmp::Reverse(k.0));
        let last = kinds.len().saturating_sub(1);
        for (i, (_, text)) in kinds.iter().enumerate() {
            let sep = match i {
                0 => "",
                _ if i == last => " and ",
                _ => ", ",
            };
            write!(f, "{sep}{text}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn says_what_it_holds_most_first() {
        let c = Census {
            hosts: 1,
            pairs: 200_000,
            crawlers: 200_001,
            ..Census::default()
        };
        assert_eq!(
            c.to_string(),
            "200,001 crawler names, 200,000 (host, crawler) pairs and 1 host"
        );
        assert_eq!(c.bytes(), HOST + 200_000 * PAIR + 200_001 * CRAWLER);
        assert!(c.passes(16 << 20));
        assert!(!c.passes(1 << 30));
        // A small budget still holds a few thousand hosts.
        let few = Census {
            hosts: 2_000,
            pairs: 2_000,
            ..Census::default()
        };
        assert!(few.bytes() > 1 << 20 && !few.passes(64 << 10));
        let one = Census {
            fetches: 1,
            ..Census::default()
        };
        assert_eq!(one.to_string(), "1 crawler fetch of /robots.txt");
    }
}
