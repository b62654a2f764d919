//! Compact tallies kept per report row: its distinct clients, a sample client and its status
//! codes ([`Hits`]).
//!
//! A long-tail log (an AI crawler ignoring `Disallow: /` on a large site) makes one row per
//! URL, most of them with one or two requests: the row count is what the report needs, but
//! each row must stay small. A hash set and a B-tree per row cost a few hundred bytes before
//! they hold anything; these start as short vectors and grow into a set only when a row is
//! busy.

use std::net::IpAddr;

use foldhash::HashSet;

/// At most this many distinct client addresses are remembered per report row.
pub(super) const MAX_IPS_PER_ROW: usize = 10_000;

/// Who made a row's requests and how they were answered: the same for a violations row and
/// a Crawl-delay row.
pub(super) struct Hits {
    /// Distinct clients, up to [`MAX_IPS_PER_ROW`].
    pub clients: ClientSet,
    /// The client of the earliest request (ties: the smallest address), for a deterministic
    /// sample.
    pub sample: (i64, Box<[u8]>),
    pub statuses: StatusCounts,
}

impl Hits {
    /// Nothing counted yet; the sample starts as this first request's client.
    pub fn new(time_ms: i64, client: &[u8]) -> Hits {
        Hits {
            clients: ClientSet::default(),
            sample: (time_ms, client.into()),
            statuses: StatusCounts::default(),
        }
    }

    /// Counts one request: its client (the parsed address, else the logged bytes) and status.
    pub fn add(&mut self, time_ms: i64, client: &[u8], ip: Option<IpAddr>, status: u16) {
        self.clients.add(ip, client, MAX_IPS_PER_ROW);
        if (time_ms, client) < (self.sample.0, &*self.sample.1) {
            self.sample = (time_ms, client.into());
        }
        self.statuses.add(status, 1);
    }

    pub fn merge(&mut self, other: Hits) {
        self.clients.merge(other.clients, MAX_IPS_PER_ROW);
        if (other.sample.0, &*other.sample.1) < (self.sample.0, &*self.sample.1) {
            self.sample = other.sample;
        }
        self.statuses.merge(other.statuses);
    }
}

/// A client address as a set key: the parsed address when the field is one, stored inline so
/// that a lookup touches the table's own memory and not a separate allocation per address
/// (the sets of a busy row otherwise cost a cache miss per request); else the logged bytes
/// (a host name, when the server logs names). Distinct keys are distinct addresses, however
/// the log spelled them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) enum ClientKey {
    Ip(IpAddr),
    Other(Box<[u8]>),
}

impl ClientKey {
    pub fn new(ip: Option<IpAddr>, client: &[u8]) -> ClientKey {
        match ip {
            Some(ip) => ClientKey::Ip(ip),
            None => ClientKey::Other(client.into()),
        }
    }

    /// Is this the key [`ClientKey::new`] makes of `ip` and `client` (without making it)?
    fn is(&self, ip: Option<IpAddr>, client: &[u8]) -> bool {
        match (self, ip) {
            (ClientKey::Ip(a), Some(b)) => *a == b,
            (ClientKey::Other(a), None) => **a == *client,
            _ => false,
        }
    }
}

/// Clients kept in a list (searched in order) before a row switches to a hash set.
const FEW_CLIENTS: usize = 8;

/// The distinct clients of a row, up to a limit the caller gives.
#[derive(Debug)]
pub(super) enum ClientSet {
    Few(Vec<ClientKey>),
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
        ClientSet::Few(Vec::new())
    }
}

impl ClientSet {
    pub fn len(&self) -> usize {
        match self {
            ClientSet::Few(v) => v.len(),
            ClientSet::Many(m) => m.ips.len() + m.names.len(),
        }
    }

    /// Adds the client of a request (its parsed address, else the logged bytes) unless the
    /// set already has it or holds `limit` clients. Nothing is allocated for a client the set
    /// has.
    pub fn add(&mut self, ip: Option<IpAddr>, client: &[u8], limit: usize) {
        if self.len() >= limit {
            return;
        }
        match self {
            ClientSet::Few(v) => {
                if !v.iter().any(|k| k.is(ip, client))
                    && let Some(many) = push_few(v, ClientKey::new(ip, client))
                {
                    *self = many;
                }
            }
            ClientSet::Many(m) => match ip {
                Some(ip) => {
                    m.ips.insert(ip);
                }
                None => {
                    if !m.names.contains(client) {
                        m.names.insert(client.into());
                    }
                }
            },
        }
    }

    /// Adds `key` unless the set already has it or holds `limit` clients.
    pub fn insert(&mut self, key: ClientKey, limit: usize) {
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
                ClientKey::Ip(ip) => {
                    m.ips.insert(ip);
                }
                ClientKey::Other(name) => {
                    m.names.insert(name);
                }
            },
        }
    }

    /// Adds the clients of `other`, up to `limit` in all.
    pub fn merge(&mut self, other: ClientSet, limit: usize) {
        match other {
            ClientSet::Few(v) => v.into_iter().for_each(|k| self.insert(k, limit)),
            ClientSet::Many(m) => {
                let ManyClients { ips, names } = *m;
                ips.into_iter()
                    .for_each(|ip| self.insert(ClientKey::Ip(ip), limit));
                names
                    .into_iter()
                    .for_each(|n| self.insert(ClientKey::Other(n), limit));
            }
        }
    }
}

/// Adds a key known to be new to the list of a `Few` set; past [`FEW_CLIENTS`], the set it
/// turns into instead.
fn push_few(v: &mut Vec<ClientKey>, key: ClientKey) -> Option<ClientSet> {
    if v.len() < FEW_CLIENTS {
        // Most rows never see a second client: no room for four up front.
        v.reserve_exact(1);
        v.push(key);
        return None;
    }
    let mut m = Box::<ManyClients>::default();
    for k in std::mem::take(v).into_iter().chain([key]) {
        match k {
            ClientKey::Ip(ip) => m.ips.insert(ip),
            ClientKey::Other(name) => m.names.insert(name),
        };
    }
    Some(ClientSet::Many(m))
}

/// Requests per status code, kept sorted by status. A row sees a handful of distinct codes,
/// so a sorted vector is both smaller and quicker than a map.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub(super) struct StatusCounts(Vec<(u16, u64)>);

impl StatusCounts {
    pub fn add(&mut self, status: u16, n: u64) {
        match self.0.binary_search_by_key(&status, |e| e.0) {
            Ok(i) => self.0[i].1 += n,
            Err(i) => {
                self.0.reserve_exact(1);
                self.0.insert(i, (status, n));
            }
        }
    }

    pub fn merge(&mut self, other: StatusCounts) {
        for (status, n) in other.0 {
            self.add(status, n);
        }
    }

    /// `(status, requests)` sorted by status.
    pub fn into_vec(self) -> Vec<(u16, u64)> {
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

    fn v4(i: u32) -> ClientKey {
        ClientKey::Ip(IpAddr::V4(i.into()))
    }

    #[test]
    fn client_set_counts_distinct_clients_across_the_switch_and_the_limit() {
        for limit in [3, FEW_CLIENTS, FEW_CLIENTS + 1, 50] {
            let mut set = ClientSet::default();
            // Each client twice, with a host-name client among them.
            for i in 0..40u32 {
                for _ in 0..2 {
                    set.insert(v4(i), limit);
                    set.insert(ClientKey::Other(Box::from(&b"crawler.example"[..])), limit);
                }
            }
            assert_eq!(set.len(), limit.min(41), "limit {limit}");
            assert_eq!(matches!(set, ClientSet::Many(_)), set.len() > FEW_CLIENTS);
        }
    }

    #[test]
    fn adding_a_request_client_counts_as_inserting_its_key() {
        // Addresses and host names, each seen three times, across the switch to a set.
        let clients: Vec<(Option<IpAddr>, Vec<u8>)> = (0..30u32)
            .map(|i| match i % 3 {
                0 => (None, format!("crawler-{i}.example").into_bytes()),
                _ => (Some(IpAddr::V4(i.into())), i.to_string().into_bytes()),
            })
            .collect();
        for limit in [5, FEW_CLIENTS + 3, 100] {
            let (mut added, mut inserted) = (ClientSet::default(), ClientSet::default());
            for _ in 0..3 {
                for (ip, client) in &clients {
                    added.add(*ip, client, limit);
                    inserted.insert(ClientKey::new(*ip, client), limit);
                    assert_eq!(added.len(), inserted.len(), "limit {limit}");
                }
            }
            assert_eq!(added.len(), limit.min(30), "limit {limit}");
        }
    }

    #[test]
    fn client_sets_merge_without_duplicates_up_to_the_limit() {
        let (mut a, mut b) = (ClientSet::default(), ClientSet::default());
        for i in 0..5 {
            a.insert(v4(i), 100);
        }
        for i in 3..20 {
            b.insert(v4(i), 100);
        }
        a.merge(b, 100);
        assert_eq!(a.len(), 20);
        let mut c = ClientSet::default();
        c.insert(v4(99), 100);
        a.merge(c, 20);
        assert_eq!(a.len(), 20, "the limit holds in a merge");
    }

    #[test]
    fn status_counts_stay_sorted_and_add_up() {
        let mut s: StatusCounts = [(404, 1), (200, 2), (404, 3)].into_iter().collect();
        s.add(301, 1);
        s.merge([(200, 1), (500, 4)].into_iter().collect());
        assert_eq!(s.into_vec(), vec![(200, 3), (301, 1), (404, 4), (500, 4)]);
    }
}
