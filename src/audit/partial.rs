//! [`Partial`]: what one worker, one file or one Spark task produces — everything the reports
//! need, keyed by values — and the one `merge` that combines two of them.
//!
//! `merge` is commutative and associative: two partials merged in either order, or three in
//! any grouping, describe the same data ([`Partial::canonical`] puts one in a form where equal
//! data is equal bytes), and the reports made from them are byte-identical. That is what lets
//! the CLI's threads, several files and a cluster's executors split the work any way they
//! like. A partial serialises to a compact, versioned byte form ([`Partial::to_bytes`]).

use std::collections::BTreeMap;

use foldhash::HashMap;
use rayon::prelude::*;
use std::io::{Read, Write};

use serde::{Deserialize, Serialize};

use std::sync::Arc;

use super::aggregate::{
    Client, CrawlerInfo, FetchKey, Fetches, HostCounts, HostKey, InputCounts, PairAgg, SpoofAgg,
    Stream, StreamKey, TooOld,
};
use super::spill::SpillRun;
use crate::crawlers::DnsTally;
use crate::extsort::SortError;

/// The read buffer of a run read back into a partial.
const READ_BUFFER: usize = 64 << 10;

/// The wire format's version; a partial of another version is refused, not misread (2: plain
/// data between machines; 3: usage preference conflicts; 4: inputs that could not be opened;
/// 5: crawler requests whose client field is no address).
const FORMAT_VERSION: u32 = 5;

/// The magic bytes in front of a serialised partial.
const MAGIC: &[u8; 8] = b"RAPART\0\x01";

/// Everything an audit of some part of the input found, keyed by values.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Partial {
    /// Per input, by name.
    pub inputs: BTreeMap<String, InputCounts>,
    /// Per host.
    pub hosts: BTreeMap<HostKey, HostCounts>,
    /// Per (host, crawler): the summary.
    pub pairs: BTreeMap<(HostKey, String), PairAgg>,
    /// The crawlers named in `pairs`.
    pub crawlers: BTreeMap<String, CrawlerInfo>,
    /// Requests kept for the judgement at the end.
    pub streams: BTreeMap<StreamKey, Stream>,
    /// Crawlers' own fetches of `/robots.txt`.
    pub fetches: BTreeMap<FetchKey, Fetches>,
    /// (client, crawler) → requests that failed the claimed crawler's verification.
    pub spoofed: BTreeMap<(Client, String), SpoofAgg>,
    /// The clients that the kept requests (`Hit`s, by index) refer to.
    pub clients: Vec<Client>,
    /// Requests that could not be verified because they are older than the crawler IP-range
    /// lists (or reverse DNS) can speak for.
    pub too_old_to_verify: TooOld,
    /// What reverse DNS did for these requests, when it was asked (`--verify-dns`): a
    /// statistic of the run, not a finding, so two partials of the same data are equal
    /// whatever it says.
    pub dns: Option<DnsTally>,
    /// Kept requests written to temporary files past the memory budget (this process only:
    /// [`Partial::to_bytes`] reads them back in).
    #[serde(skip)]
    pub runs: Vec<Arc<SpillRun>>,
    /// Crawl-delay requests (`Stream::delay`) written to temporary files past the memory
    /// budget, likewise.
    #[serde(skip)]
    pub delay_runs: Vec<Arc<SpillRun>>,
}

/// Why bytes are not a partial.
#[derive(Debug, thiserror::Error)]
pub enum PartialError {
    /// Not a serialised partial at all.
    #[error("not a robots-audit partial result")]
    NotAPartial,
    /// A partial of another format version.
    #[error("a partial result of format version {0}; this build reads version {FORMAT_VERSION}")]
    Version(u32),
    /// Damaged.
    #[error("damaged partial result: {0}")]
    Damaged(String),
}

impl Partial {
    /// Adds `other` into `self`.
    pub fn merge(&mut self, other: Partial) {
        let Partial {
            inputs,
            hosts,
            pairs,
            crawlers,
            streams,
            fetches,
            spoofed,
            clients,
            too_old_to_verify,
            dns,
            runs,
            delay_runs,
        } = other;
        self.runs.extend(runs);
        self.delay_runs.extend(delay_runs);
        for (k, v) in inputs {
            self.inputs.entry(k).or_default().merge(v);
        }
        for (k, v) in hosts {
            self.hosts.entry(k).or_default().merge(v);
        }
        for (k, v) in pairs {
            match self.pairs.get_mut(&k) {
                Some(mine) => mine.merge(v),
                None => {
                    self.pairs.insert(k, v);
                }
            }
        }
        self.crawlers.extend(crawlers);
        // The other part's clients, as indices into this part's table.
        let remap = self.adopt_clients(clients);
        // The streams both parts have, paired by walking the two sorted maps side by side,
        // then merged on the pool's threads (a stream's merge hashes all its paths; the
        // parts are merged while the workers are done), each pair on its own: the result
        // is the same whichever thread merges which.
        let mut only_theirs = Vec::new();
        let mut both = Vec::new();
        let mut mine = self.streams.iter_mut().peekable();
        for (k, mut v) in streams {
            for (_, hit) in &mut v.hits {
                hit.client = remap[hit.client as usize];
            }
            for hit in &mut v.delay {
                hit.client = remap[hit.client as usize];
            }
            while mine.next_if(|(m, _)| **m < k).is_some() {}
            match mine.next_if(|(m, _)| **m == k) {
                Some((_, m)) => both.push((m, v)),
                None => only_theirs.push((k, v)),
            }
        }
        both.into_par_iter()
            .for_each(|(mine, theirs)| merge_stream(mine, theirs));
        self.streams.extend(only_theirs);
        for (k, v) in fetches {
            self.fetches.entry(k).or_default().extend(v);
        }
        for (k, v) in spoofed {
            match self.spoofed.get_mut(&k) {
                Some(mine) => mine.merge(v),
                None => {
                    self.spoofed.insert(k, v);
                }
            }
        }
        self.too_old_to_verify.merge(too_old_to_verify);
        match (&mut self.dns, dns) {
            (Some(mine), Some(theirs)) => mine.merge(theirs),
            (mine, theirs) => *mine = mine.take().or(theirs),
        }
    }

    /// Adds `clients` to the client table; gives each one's index in it.
    fn adopt_clients(&mut self, clients: Vec<Client>) -> Vec<u32> {
        if clients.is_empty() {
            return Vec::new();
        }
        let mut index: HashMap<Client, u32> = self
            .clients
            .iter()
            .enumerate()
            .map(|(i, c)| (c.clone(), i as u32))
            .collect();
        clients
            .into_iter()
            .map(|c| {
                *index.entry(c).or_insert_with_key(|c| {
                    self.clients.push(c.clone());
                    self.clients.len() as u32 - 1
                })
            })
            .collect()
    }

    /// The same data in a canonical form: clients sorted, each stream's paths sorted and its
    /// requests sorted by value, fetches sorted. Two partials that describe the same data
    /// are equal in this form, whatever order they were built or merged in.
    pub fn canonical(mut self) -> Partial {
        let mut order: Vec<u32> = (0..self.clients.len() as u32).collect();
        order.sort_by(|&a, &b| self.clients[a as usize].cmp(&self.clients[b as usize]));
        let mut rank = vec![0u32; order.len()];
        for (new, &old) in order.iter().enumerate() {
            rank[old as usize] = new as u32;
        }
        let clients = std::mem::take(&mut self.clients);
        let mut slots: Vec<Option<Client>> = clients.into_iter().map(Some).collect();
        self.clients = order
            .iter()
            .map(|&i| {
                slots[i as usize]
                    .take()
                    .unwrap_or(Client::Other(Box::default()))
            })
            .collect();
        for stream in self.streams.values_mut() {
            let mut path_order: Vec<u32> = (0..stream.paths.len() as u32).collect();
            path_order.sort_by(|&a, &b| stream.paths[a as usize].cmp(&stream.paths[b as usize]));
            let mut path_rank = vec![0u32; path_order.len()];
            for (new, &old) in path_order.iter().enumerate() {
                path_rank[old as usize] = new as u32;
            }
            let mut paths: Vec<Option<Box<[u8]>>> = std::mem::take(&mut stream.paths)
                .into_iter()
                .map(Some)
                .collect();
            stream.paths = path_order
                .iter()
                .map(|&i| paths[i as usize].take().unwrap_or_default())
                .collect();
            for (path, hit) in &mut stream.hits {
                *path = path_rank[*path as usize];
                hit.client = rank[hit.client as usize];
            }
            for hit in &mut stream.delay {
                hit.client = rank[hit.client as usize];
            }
            stream.hits.sort_unstable();
            stream.delay.sort_unstable();
        }
        for fetches in self.fetches.values_mut() {
            fetches.sort_unstable();
        }
        self
    }

    /// Reads the requests written to temporary files back into memory; fails, naming the
    /// file, when a run cannot be read back whole.
    fn absorb_runs(mut self) -> Result<Partial, SortError> {
        let runs = std::mem::take(&mut self.runs);
        let delay_runs = std::mem::take(&mut self.delay_runs);
        let all = runs.len() + delay_runs.len();
        let tagged = runs.iter().map(|r| (r, false));
        for (k, (run, delay)) in tagged
            .chain(delay_runs.iter().map(|r| (r, true)))
            .enumerate()
        {
            let mut reader = run.reader(k + 1, all, READ_BUFFER)?;
            let mut part = Partial::default();
            while let Some(r) = reader.next_record()? {
                let Some(s) = run.streams.get(r.stream as usize) else {
                    return Err(reader.undecodable());
                };
                let stream = part
                    .streams
                    .entry((*s.key).clone())
                    .or_insert_with(|| Stream {
                        agent: s.agent.clone(),
                        resolution_ms: s.resolution_ms,
                        paths: Vec::new(),
                        hits: Vec::new(),
                        delay: Vec::new(),
                    });
                // A request as the partial keeps it, its client added to the table.
                let clients = &mut part.clients;
                let mut hit = |h: super::spill::RunHit| {
                    clients.push(h.client);
                    super::aggregate::Hit {
                        time_ms: h.time_ms,
                        client: clients.len() as u32 - 1,
                        status: h.status,
                    }
                };
                if delay {
                    stream.delay.extend(r.hits.into_iter().map(hit));
                    continue;
                }
                let path = stream.paths.len() as u32;
                stream.paths.push(r.path);
                stream
                    .hits
                    .extend(r.hits.into_iter().map(|h| (path, hit(h))));
            }
            self.merge(part);
        }
        Ok(self)
    }

    /// The compact, versioned byte form: magic, version, then the canonical partial in
    /// postcard, deflated. Requests a run wrote to temporary files are included: a run that
    /// cannot be read back whole is an error naming its file.
    pub fn to_bytes(&self) -> Result<Vec<u8>, SortError> {
        let body = postcard::to_allocvec(&self.clone().absorb_runs()?.canonical())
            // Serialising plain data into a Vec cannot fail.
            .unwrap_or_default();
        let mut out = Vec::with_capacity(body.len() / 4 + 16);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        let mut z = flate2::write::DeflateEncoder::new(out, flate2::Compression::fast());
        // Writing into a Vec cannot fail.
        let _ = z.write_all(&body);
        Ok(z.finish().unwrap_or_default())
    }

    /// Reads [`Partial::to_bytes`]'s form.
    pub fn from_bytes(bytes: &[u8]) -> Result<Partial, PartialError> {
        let rest = bytes.strip_prefix(MAGIC).ok_or(PartialError::NotAPartial)?;
        let (version, rest) = rest.split_at_checked(4).ok_or(PartialError::NotAPartial)?;
        let version =
            u32::from_le_bytes(version.try_into().map_err(|_| PartialError::NotAPartial)?);
        if version != FORMAT_VERSION {
            return Err(PartialError::Version(version));
        }
        let mut body = Vec::new();
        flate2::read::DeflateDecoder::new(rest)
            .read_to_end(&mut body)
            .map_err(|e| PartialError::Damaged(e.to_string()))?;
        let partial: Partial =
            postcard::from_bytes(&body).map_err(|e| PartialError::Damaged(e.to_string()))?;
        partial.check().map_err(PartialError::Damaged)?;
        Ok(partial)
    }

    /// Indices in range: a damaged or hostile partial must not make the judgement panic.
    fn check(&self) -> Result<(), String> {
        let clients = self.clients.len() as u64;
        for (key, s) in &self.streams {
            let paths = s.paths.len() as u64;
            let bad_hit = s
                .hits
                .iter()
                .any(|(p, h)| u64::from(*p) >= paths || u64::from(h.client) >= clients)
                || s.delay.iter().any(|h| u64::from(h.client) >= clients);
            if bad_hit {
                return Err(format!(
                    "a request of stream {} refers past its tables",
                    key.1
                ));
            }
        }
        Ok(())
    }
}

impl PartialEq for Partial {
    /// Equal data, whatever the order of tables inside.
    fn eq(&self, other: &Partial) -> bool {
        let (a, b) = (self.clone().canonical(), other.clone().canonical());
        a.inputs == b.inputs
            && a.hosts == b.hosts
            && a.pairs == b.pairs
            && a.crawlers == b.crawlers
            && a.streams == b.streams
            && a.fetches == b.fetches
            && a.spoofed == b.spoofed
            && a.clients == b.clients
            && a.too_old_to_verify == b.too_old_to_verify
    }
}

/// Adds `other`'s requests (client indices already this partial's) to `mine`.
fn merge_stream(mine: &mut Stream, other: Stream) {
    mine.resolution_ms = mine.resolution_ms.max(other.resolution_ms);
    // Each path moves into the index and back, none copied: a long-tail stream has
    // hundreds of thousands, and parts are merged on one thread while the others wait.
    let mut index: HashMap<Box<[u8]>, u32> =
        HashMap::with_capacity_and_hasher(mine.paths.len() + other.paths.len(), Default::default());
    let mut place = |paths: Vec<Box<[u8]>>| -> Vec<u32> {
        paths
            .into_iter()
            .map(|p| {
                let next = index.len() as u32;
                *index.entry(p).or_insert(next)
            })
            .collect()
    };
    // A part's paths are distinct (each stream's were a map's keys), so this part's keep
    // their places; were one repeated, its requests go to its first place.
    let mine_remap = place(std::mem::take(&mut mine.paths));
    if mine_remap.iter().enumerate().any(|(i, &at)| at != i as u32) {
        for (p, _) in &mut mine.hits {
            *p = mine_remap[*p as usize];
        }
    }
    let remap = place(other.paths);
    mine.paths = vec![Box::default(); index.len()];
    for (p, i) in index {
        mine.paths[i as usize] = p;
    }
    mine.hits
        .extend(other.hits.into_iter().map(|(p, h)| (remap[p as usize], h)));
    mine.delay.extend(other.delay);
    // Both parts describe the same crawler: their profiles agree; keep the lesser one so
    // that a disagreement (a registry changed between parts) cannot depend on order.
    if other.agent.tokens < mine.agent.tokens {
        mine.agent = other.agent;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audit::aggregate::{AgentProfile, Hit};

    fn stream(paths: &[&str], hits: &[(u32, i64)]) -> Stream {
        Stream {
            agent: Arc::new(AgentProfile::plain("examplebot")),
            resolution_ms: 1000,
            paths: paths.iter().map(|p| Box::from(p.as_bytes())).collect(),
            hits: hits
                .iter()
                .map(|&(p, time_ms)| {
                    (
                        p,
                        Hit {
                            time_ms,
                            client: 0,
                            status: 200,
                        },
                    )
                })
                .collect(),
            delay: Vec::new(),
        }
    }

    /// Streams only one part has are taken as they are, streams both have are merged (their
    /// requests' clients as the merged table's), whichever part is merged into which.
    #[test]
    fn parts_merge_their_streams_by_key() {
        use crate::fetch::Scheme;
        let origin =
            Arc::new(crate::fetch::Origin::from_url("https://a.example", Scheme::Https).unwrap());
        let key = |ua: &str| -> StreamKey {
            (
                Arc::clone(&origin),
                Arc::from("examplebot"),
                Arc::from(ua),
                super::super::aggregate::Verification::Unverifiable,
            )
        };
        let client = |i: u8| Client::Ip(std::net::IpAddr::from([192, 0, 2, i]));
        // Part one: streams a, c and e; part two: b, c, d and e; both a client of their own.
        let part = |uas: &[&str], path: &str, time_ms: i64, who: u8| {
            let mut p = Partial {
                clients: vec![client(who)],
                ..Partial::default()
            };
            for ua in uas {
                p.streams.insert(key(ua), stream(&[path], &[(0, time_ms)]));
            }
            p
        };
        let one = || part(&["a", "c", "e"], "/one", 1, 1);
        let two = || part(&["b", "c", "d", "e"], "/two", 2, 2);
        // Each stream's requests as (path, time, client), in a canonical order.
        type Requests = Vec<(Vec<u8>, i64, Client)>;
        let requests = |p: &Partial| -> Vec<(String, Requests)> {
            p.streams
                .iter()
                .map(|(k, s)| {
                    let mut r: Vec<_> = s
                        .hits
                        .iter()
                        .map(|(path, h)| {
                            (
                                s.paths[*path as usize].to_vec(),
                                h.time_ms,
                                p.clients[h.client as usize].clone(),
                            )
                        })
                        .collect();
                    r.sort();
                    (k.2.to_string(), r)
                })
                .collect()
        };
        let mut a = one();
        a.merge(two());
        let mut b = two();
        b.merge(one());
        let (got, other_way) = (requests(&a), requests(&b));
        assert_eq!(got, other_way);
        let hit = |path: &str, t: i64, who: u8| (path.as_bytes().to_vec(), t, client(who));
        assert_eq!(
            got,
            vec![
                ("a".to_string(), vec![hit("/one", 1, 1)]),
                ("b".to_string(), vec![hit("/two", 2, 2)]),
                ("c".to_string(), vec![hit("/one", 1, 1), hit("/two", 2, 2)]),
                ("d".to_string(), vec![hit("/two", 2, 2)]),
                ("e".to_string(), vec![hit("/one", 1, 1), hit("/two", 2, 2)]),
            ]
        );
    }

    /// Every request keeps its path through a merge, the paths stay distinct, and a path
    /// repeated in a part (never made so, but a part can be read from bytes) goes to one place.
    #[test]
    fn merged_streams_keep_each_requests_path() {
        for (mine, other) in [
            (
                stream(&["/a", "/b"], &[(0, 1), (1, 2)]),
                stream(&["/b", "/c"], &[(1, 3), (0, 4)]),
            ),
            (
                stream(&["/a", "/b", "/a"], &[(0, 1), (1, 2), (2, 3)]),
                stream(&["/c"], &[(0, 4)]),
            ),
            (stream(&[], &[]), stream(&["/c", "/a"], &[(0, 1), (1, 2)])),
        ] {
            let want: Vec<(Vec<u8>, i64)> = [&mine, &other]
                .iter()
                .flat_map(|s| {
                    s.hits
                        .iter()
                        .map(|(p, h)| (s.paths[*p as usize].to_vec(), h.time_ms))
                })
                .collect();
            let mut merged = mine;
            merge_stream(&mut merged, other);
            let got: Vec<(Vec<u8>, i64)> = merged
                .hits
                .iter()
                .map(|(p, h)| (merged.paths[*p as usize].to_vec(), h.time_ms))
                .collect();
            assert_eq!(got, want);
            let mut distinct = merged.paths.clone();
            distinct.sort();
            distinct.dedup();
            assert_eq!(distinct.len(), merged.paths.len(), "{:?}", merged.paths);
        }
    }
}
