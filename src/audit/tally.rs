//! Compact tallies kept per report row: its distinct clients and its status codes.
//!
//! A long-tail log (an AI crawler ignoring `Disallow: /` on a large site) makes one row per
//! URL, most of them with one or two requests: the row count is what the report needs, but
//! each row must stay small. A hash set and a B-tree per row cost a few hundred bytes before
//! they hold anything; these start as short vectors and grow into a set only when a row is
//! busy.

use std::net::IpAddr;

use foldhash::HashSet;
use smallvec::SmallVec;

use super::aggregate::Client;
use crate::report::StatusCodes;

/// At most this many distinct client addresses are remembered per report row.
pub(super) const MAX_IPS_PER_ROW: usize = 10_000;

/// Clients kept in a list (searched in order) before a row switches to a hash set.
const FEW_CLIENTS: usize = 8;

/// The distinct clients of a row, up to a limit the caller gives.
#[derive(Debug)]
pub(super) enum ClientSet {
    /// Nearly every row has one client: held without an allocation.
    Few(SmallVec<[Client; 1]>),
    /// Boxed: most rows are `Few`, and every row pays for the size of the largest variant.
    Many(Box<ManyClients>),
}

/// The clients of a busy row: addresses and names apart, so that a name is looked up by the
/// logged bytes, with no key made for a client the row has already seen.
#[derive(Debug, Default)]
pub(super) struct ManyClients {
    ips: HashSet<IpAddr>,
    names: HashSet<Box<[u8]>>,
}

impl Default for ClientSet {
    fn default() -> ClientSet {
        ClientSet::Few(SmallVec::new())
    }
}

impl ClientSet {
    pub fn len(&self) -> usize {
        match self {
            ClientSet::Few(v) => v.len(),
            ClientSet::Many(m) => m.ips.len() + m.names.len(),
        }
    }

    /// Adds `key` unless the set already has it or holds `limit` clients.
    pub fn insert(&mut self, key: Client, limit: usize) {
        if self.len() >= limit {
            return;
        }
        match self {
            ClientSet::Few(v) => {
                if !v.contains(&key)
                    && let Some(many) = push_few(v, key)
                {
                    *self = many;
                }
            }
            ClientSet::Many(m) => match key {
                Client::Ip(ip) => {
                    m.ips.insert(ip);
                }
                Client::Other(name) => {
                    m.names.insert(name);
                }
            },
        }
    }
}

/// Adds a key known to be new to the list of a `Few` set; past [`FEW_CLIENTS`], the set it
/// turns into instead.
fn push_few(v: &mut SmallVec<[Client; 1]>, key: Client) -> Option<ClientSet> {
    if v.len() < FEW_CLIENTS {
        // Most rows never see a second client: no room for four when they spill.
        v.reserve_exact(1);
        v.push(key);
        return None;
    }
    let mut m = Box::<ManyClients>::default();
    for k in std::mem::take(v).into_iter().chain([key]) {
        match k {
            Client::Ip(ip) => m.ips.insert(ip),
            Client::Other(name) => m.names.insert(name),
        };
    }
    Some(ClientSet::Many(m))
}

/// Requests per status code, kept sorted by status. A row sees a handful of distinct codes,
/// so a sorted vector is both smaller and quicker than a map, and nearly always one or two,
/// which it holds without an allocation.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub(super) struct StatusCounts(StatusCodes);

impl StatusCounts {
    pub fn add(&mut self, status: u16, n: u64) {
        match self.0.binary_search_by_key(&status, |e| e.0) {
            Ok(i) => self.0[i].1 += n,
            Err(i) => {
                self.0.insert(i, (status, n));
            }
        }
    }

    /// `(status, requests)` sorted by status.
    pub fn into_codes(self) -> StatusCodes {
        self.0
    }
}

impl FromIterator<(u16, u64)> for StatusCounts {
    fn from_iter<I: IntoIterator<Item = (u16, u64)>>(iter: I) -> StatusCounts {
        let mut counts = StatusCounts::default();
        for (status, n) in iter {
            counts.add(status, n);
        }
        counts
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v4(i: u32) -> Client {
        Client::Ip(IpAddr::V4(i.into()))
    }

    #[test]
    fn client_set_counts_distinct_clients_across_the_switch_and_the_limit() {
        for limit in [3, FEW_CLIENTS, FEW_CLIENTS + 1, 50] {
            let mut set = ClientSet::default();
            // Each client twice, with a host-name client among them.
            for i in 0..40u32 {
                for _ in 0..2 {
                    set.insert(v4(i), limit);
                    set.insert(Client::Other(Box::from(&b"crawler.example"[..])), limit);
                }
            }
            assert_eq!(set.len(), limit.min(41), "limit {limit}");
            assert_eq!(matches!(set, ClientSet::Many(_)), set.len() > FEW_CLIENTS);
        }
    }

    #[test]
    fn status_counts_stay_sorted_and_add_up() {
        let mut s: StatusCounts = [(404, 1), (200, 2), (404, 3)].into_iter().collect();
        s.add(301, 1);
        s.add(500, 4);
        assert_eq!(
            s.into_codes().as_slice(),
            [(200, 2), (301, 1), (404, 4), (500, 4)]
        );
    }
}
