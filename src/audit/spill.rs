//! Kept requests beyond the memory budget: sorted runs in temporary files, merged at the end.
//!
//! A worker keeps, until the end, every request some version of robots.txt forbids
//! (docs/judging.md, "Judging in time": judged only once every fetch of `/robots.txt` is
//! known). On a log where crawlers ignore `Disallow: /` on a long-tail site that is one path
//! per request; past the worker's share of the budget it writes what it keeps to a run:
//! records of (stream, path, requests), sorted by the report's order (host, crawler, printed
//! path, User-Agent, verification), in a file of the audit's private temporary directory
//! (`crate::extsort`, which frames and checks every record, and removes the files on success,
//! on error and on a signal). The judgement at the end reads the runs twice: once in any
//! order for the counts, once merged in report order for the rows. Any run that cannot be
//! read back whole is an error naming its file.
//!
//! The requests of crawlers whose Crawl-delay is checked (every fetching one) go out with
//! them, to a run of their own in the same records: per stream by key, each stream's requests
//! in the order the Crawl-delay walk reads them (`delays.rs`), with an empty path, a stream's
//! requests cut into records of [`DELAY_RECORD_HITS`].

use std::net::IpAddr;
use std::path::Path;
use std::sync::Arc;

use foldhash::{HashMap, HashSet};

use crate::extsort::frame::Fields;
use crate::extsort::{Run, RunReader, SortDir, SortError};

use super::aggregate::{AgentProfile, Client, StreamKey};

/// One kept request as a run stores it: its client by value.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct RunHit {
    pub time_ms: i64,
    pub client: Client,
    pub status: u16,
}

/// The kept requests of one (stream, path).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunRecord {
    /// Index into the run's streams.
    pub stream: u32,
    pub path: Box<[u8]>,
    pub hits: Vec<RunHit>,
}

/// A stream as a run names it.
#[derive(Clone, Debug)]
pub struct RunStream {
    pub key: Arc<StreamKey>,
    pub agent: Arc<AgentProfile>,
    /// The coarsest time resolution of its lines so far, in ms (Crawl-delay needs it).
    pub resolution_ms: i64,
}

/// Crawl-delay requests in one record of a run: a stream's are cut into records of at most
/// this many, so that a merge holds one short record per run, whatever the stream's size.
pub const DELAY_RECORD_HITS: usize = 256;

/// A run to merge: a worker's (its streams its own) or one a merge pass wrote (streams
/// already the table's, judged only).
pub enum Input {
    Worker(Arc<SpillRun>),
    Merged(Run),
}

/// One sorted run of a worker, in a temporary file (closed until it is read).
pub struct SpillRun {
    /// The streams its records' `stream` indices name.
    pub streams: Vec<RunStream>,
    run: Run,
}

impl std::fmt::Debug for SpillRun {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SpillRun")
            .field("streams", &self.streams.len())
            .field("records", &self.run.records())
            .field("path", &self.run.path())
            .finish()
    }
}

impl SpillRun {
    /// Writes `records` (already in report order) to a new run in `dir`. On an error nothing
    /// of it is left on disk.
    pub fn write(
        dir: &SortDir,
        streams: Vec<RunStream>,
        records: impl IntoIterator<Item = RunRecord>,
    ) -> Result<SpillRun, SortError> {
        Ok(SpillRun {
            streams,
            run: write_records(dir, records)?,
        })
    }

    /// Records in the run.
    pub fn records(&self) -> u64 {
        self.run.records()
    }

    /// Bytes of its file.
    pub fn bytes(&self) -> u64 {
        self.run.bytes()
    }

    /// The run's file (for messages, and for tests that damage it).
    pub fn path(&self) -> &Path {
        self.run.path()
    }

    /// Reads the run from its start, as run `run` of `runs` (for messages), with a read
    /// buffer of `buffer` bytes.
    pub fn reader(&self, run: usize, runs: usize, buffer: usize) -> Result<RunRecords, SortError> {
        Ok(RunRecords(self.run.open(run, runs, buffer)?))
    }
}

/// Writes `records` to a new run in `dir` (record stream indices as they are).
pub fn write_records(
    dir: &SortDir,
    records: impl IntoIterator<Item = RunRecord>,
) -> Result<Run, SortError> {
    let mut records = records.into_iter();
    write_from(dir, || Ok(records.next()))
}

/// Writes the records `next` gives until it gives None (or fails) to a new run in `dir`.
pub fn write_from(
    dir: &SortDir,
    mut next: impl FnMut() -> Result<Option<RunRecord>, SortError>,
) -> Result<Run, SortError> {
    let mut out = dir.create()?;
    let mut buf = Vec::new();
    while let Some(r) = next()? {
        buf.clear();
        encode(&r, &mut buf);
        out.push(&buf)?;
    }
    out.finish()
}

/// Reads a run's records in order.
pub struct RunRecords(RunReader);

impl RunRecords {
    /// Opens `run` as run `index` of `runs`.
    pub fn open(
        run: &Run,
        index: usize,
        runs: usize,
        buffer: usize,
    ) -> Result<RunRecords, SortError> {
        Ok(RunRecords(run.open(index, runs, buffer)?))
    }

    /// The error for the record just read, which is not what its run could have written.
    pub fn undecodable(&self) -> SortError {
        self.0.undecodable()
    }

    /// The next record, or None at the end of a run read whole.
    pub fn next_record(&mut self) -> Result<Option<RunRecord>, SortError> {
        match self.0.next_record()? {
            None => Ok(None),
            Some(bytes) => match decode(bytes) {
                Some(r) => Ok(Some(r)),
                None => Err(self.0.undecodable()),
            },
        }
    }
}

fn encode(r: &RunRecord, out: &mut Vec<u8>) {
    out.extend_from_slice(&r.stream.to_le_bytes());
    out.extend_from_slice(&(r.path.len() as u32).to_le_bytes());
    out.extend_from_slice(&r.path);
    out.extend_from_slice(&(r.hits.len() as u32).to_le_bytes());
    for h in &r.hits {
        out.extend_from_slice(&h.time_ms.to_le_bytes());
        out.extend_from_slice(&h.status.to_le_bytes());
        match &h.client {
            Client::Ip(IpAddr::V4(a)) => {
                out.push(4);
                out.extend_from_slice(&a.octets());
            }
            Client::Ip(IpAddr::V6(a)) => {
                out.push(6);
                out.extend_from_slice(&a.octets());
            }
            Client::Other(name) => {
                out.push(0);
                out.extend_from_slice(&(name.len() as u32).to_le_bytes());
                out.extend_from_slice(name);
            }
        }
    }
}

fn decode(bytes: &[u8]) -> Option<RunRecord> {
    let mut c = Fields::new(bytes);
    let stream = c.u32()?;
    let len = c.u32()? as usize;
    let path: Box<[u8]> = c.take(len)?.into();
    let n = c.u32()? as usize;
    let mut hits = Vec::with_capacity(n.min(bytes.len() / 11));
    for _ in 0..n {
        let time_ms = i64::from_le_bytes(c.array()?);
        let status = u16::from_le_bytes(c.array()?);
        let client = match c.take(1)?[0] {
            4 => Client::Ip(IpAddr::from(c.array::<4>()?)),
            6 => Client::Ip(IpAddr::from(c.array::<16>()?)),
            0 => {
                let len = c.u32()? as usize;
                Client::Other(c.take(len)?.into())
            }
            _ => return None,
        };
        hits.push(RunHit {
            time_ms,
            client,
            status,
        });
    }
    c.is_empty().then_some(RunRecord { stream, path, hits })
}

/// The streams of several runs as one table: each run's stream indices mapped to it. Keys
/// and profiles are shared with the runs (and profiles between streams), not copied.
pub struct StreamTable {
    pub keys: Vec<Arc<StreamKey>>,
    pub agents: Vec<Arc<AgentProfile>>,
    index: HashMap<Arc<StreamKey>, u32>,
    profiles: HashSet<Arc<AgentProfile>>,
}

impl StreamTable {
    pub fn new() -> StreamTable {
        StreamTable {
            keys: Vec::new(),
            agents: Vec::new(),
            index: HashMap::default(),
            profiles: HashSet::default(),
        }
    }

    /// The table index of a stream that was added.
    pub fn index(&self, key: &StreamKey) -> u32 {
        self.index[key]
    }

    /// The table index of a stream, adding it if new.
    pub fn add(&mut self, key: &Arc<StreamKey>, agent: &Arc<AgentProfile>) -> u32 {
        if let Some(&i) = self.index.get(&**key) {
            return i;
        }
        let i = self.keys.len() as u32;
        let agent = match self.profiles.get(&**agent) {
            Some(shared) => Arc::clone(shared),
            None => {
                self.profiles.insert(Arc::clone(agent));
                Arc::clone(agent)
            }
        };
        self.keys.push(Arc::clone(key));
        self.agents.push(agent);
        self.index.insert(Arc::clone(key), i);
        i
    }
}

impl Default for StreamTable {
    fn default() -> StreamTable {
        StreamTable::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audit::aggregate::Verification;
    use crate::fetch::{Origin, Scheme};

    #[test]
    fn records_come_back_as_they_were_written() {
        let key: StreamKey = (
            Arc::new(Origin::from_host(b"a.example", Scheme::Https).unwrap()),
            "GPTBot".into(),
            "GPTBot/1.0".into(),
            Verification::Unverifiable,
        );
        let agent = AgentProfile::plain("gptbot");
        let records: Vec<RunRecord> = (0..1000u32)
            .map(|i| RunRecord {
                stream: 0,
                path: format!("/p/{i}\u{e9}").into_bytes().into(),
                hits: (0..(i % 4))
                    .map(|j| RunHit {
                        time_ms: i64::from(i) * 1000 - i64::from(j),
                        client: match j % 3 {
                            0 => Client::Ip(IpAddr::from([192, 0, 2, j as u8])),
                            1 => Client::Ip("2001:db8::7".parse().unwrap()),
                            _ => Client::Other(Box::from(&b"crawler.example"[..])),
                        },
                        status: 200 + j as u16,
                    })
                    .collect(),
            })
            .collect();
        let tmp = tempfile::tempdir().unwrap();
        let dir = SortDir::new(Some(tmp.path())).unwrap();
        let stream = RunStream {
            key: Arc::new(key),
            agent: Arc::new(agent),
            resolution_ms: 1000,
        };
        let run = SpillRun::write(&dir, vec![stream], records.clone()).unwrap();
        assert_eq!(run.records(), 1000);
        for _ in 0..2 {
            let mut reader = run.reader(1, 1, 8192).unwrap();
            let mut back = Vec::new();
            while let Some(r) = reader.next_record().unwrap() {
                back.push(r);
            }
            assert_eq!(back, records, "read twice, the same both times");
        }
        assert!(decode(&[1, 0, 0]).is_none());
    }
}
