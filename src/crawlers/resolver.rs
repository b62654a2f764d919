//! Reverse DNS as plain data: how it is asked ([`DnsOptions`]) and what it did in part of a
//! run ([`DnsTally`]). Both build without the network, so that a run's plan and a partial
//! result (which carry them between machines) do too; the resolver itself is `dns.rs`.

use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use serde::{Deserialize, Serialize};

/// How DNS verification resolves names.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DnsOptions {
    /// The name servers to ask (`--dns-server`); `None` reads the system's configuration
    /// (`/etc/resolv.conf` on Unix). Each is asked over UDP, and TCP for truncated answers.
    pub nameservers: Option<Vec<SocketAddr>>,
    /// How long to wait for one answer from one server.
    pub timeout: Duration,
    /// How many times a query is sent before it counts as failed.
    pub attempts: usize,
    /// Queries in flight at once, over all threads.
    pub concurrency: usize,
}

impl Default for DnsOptions {
    /// The system's servers, 2 s per answer, 2 attempts, 16 queries at once.
    fn default() -> DnsOptions {
        DnsOptions {
            nameservers: None,
            timeout: Duration::from_secs(2),
            attempts: 2,
            concurrency: 16,
        }
    }
}

impl DnsOptions {
    /// Parses a `--dns-server` value: an IP address, with an optional port (`9.9.9.9`,
    /// `127.0.0.1:5353`, `::1`, `[::1]:5353`); the port defaults to 53.
    ///
    /// ```
    /// use robots_audit::crawlers::DnsOptions;
    ///
    /// assert_eq!(DnsOptions::parse_server("127.0.0.1:5353"), Some("127.0.0.1:5353".parse().unwrap()));
    /// assert_eq!(DnsOptions::parse_server("::1"), Some("[::1]:53".parse().unwrap()));
    /// assert_eq!(DnsOptions::parse_server("dns.example"), None);
    /// ```
    pub fn parse_server(s: &str) -> Option<SocketAddr> {
        let s = s.trim();
        s.parse::<SocketAddr>()
            .ok()
            .or_else(|| s.parse::<IpAddr>().ok().map(|ip| SocketAddr::new(ip, 53)))
    }
}

/// What reverse DNS did for part of a run: the counters of the resolver's statistics
/// (`DnsStats`) since the last tally, and its state. Tallies of the parts of a run (its
/// workers, a cluster's tasks) add up with [`DnsTally::merge`] to the run's.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DnsTally {
    /// PTR queries made.
    pub ptr_queries: u64,
    /// A/AAAA queries made.
    pub forward_queries: u64,
    /// Queries that failed: their addresses were unverifiable.
    pub failures: u64,
    /// DNS stopped answering, and the rest were left unverifiable.
    pub gave_up: bool,
    /// The resolver failed the canary check: why (the words of `Untrusted`, with data
    /// from the network in them, to be sanitised before it is printed), and whether it
    /// answered none of the canaries at all.
    pub untrusted: Option<(String, bool)>,
}

impl DnsTally {
    /// Adds another part's tally (commutative: of two reasons not to trust, the lesser is
    /// kept).
    pub fn merge(&mut self, other: DnsTally) {
        self.ptr_queries += other.ptr_queries;
        self.forward_queries += other.forward_queries;
        self.failures += other.failures;
        self.gave_up |= other.gave_up;
        self.untrusted = match (self.untrusted.take(), other.untrusted) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tallies_add_up_in_any_order() {
        let a = DnsTally {
            ptr_queries: 3,
            forward_queries: 1,
            failures: 0,
            gave_up: false,
            untrusted: Some(("b".into(), false)),
        };
        let b = DnsTally {
            ptr_queries: 2,
            forward_queries: 0,
            failures: 2,
            gave_up: true,
            untrusted: Some(("a".into(), true)),
        };
        let (mut ab, mut ba) = (a.clone(), b.clone());
        ab.merge(b);
        ba.merge(a);
        assert_eq!(ab, ba);
        assert_eq!((ab.ptr_queries, ab.failures, ab.gave_up), (5, 2, true));
        assert_eq!(ab.untrusted, Some(("a".into(), true)));
    }
}
