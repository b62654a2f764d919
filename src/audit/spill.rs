//! Kept requests beyond the memory budget: sorted runs in temporary files, merged at the end.
//!
//! A worker keeps, until the end, every request some version of robots.txt forbids
//! (docs/judging.md, "Judging in time": judged only once every fetch of `/robots.txt` is known). On
//! a log where crawlers ignore `Disallow: /` on a long-tail site that is one path per request; past
//! the worker's share of the budget it writes what it keeps to a run: records of (stream, path,
//! requests), sorted by the report's order (host, crawler, printed path, User-Agent, verification),
//! in an anonymous temporary file that the system removes when it is closed — on success, on error,
//! or when the process is killed. The judgement at the end reads the runs twice: once in any order
//! for the counts, once merged in report order for the rows.

use std::collections::HashMap;
use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Seek, Write};
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

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
    pub key: StreamKey,
    pub agent: AgentProfile,
}

/// One sorted run in a temporary file.
pub struct SpillRun {
    pub streams: Vec<RunStream>,
    file: Mutex<File>,
    pub records: u64,
    pub bytes: u64,
}

impl std::fmt::Debug for SpillRun {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SpillRun")
            .field("streams", &self.streams.len())
            .field("records", &self.records)
            .field("bytes", &self.bytes)
            .finish()
    }
}

impl SpillRun {
    /// Writes `records` (already in report order) to a new temporary file.
    pub fn write(
        streams: Vec<RunStream>,
        records: impl IntoIterator<Item = RunRecord>,
    ) -> io::Result<SpillRun> {
        let file = tempfile::tempfile()?;
        let mut out = BufWriter::with_capacity(1 << 20, file);
        let mut count = 0u64;
        let mut bytes = 0u64;
        let mut buf = Vec::new();
        for r in records {
            buf.clear();
            encode(&r, &mut buf);
            out.write_all(&(buf.len() as u32).to_le_bytes())?;
            out.write_all(&buf)?;
            count += 1;
            bytes += buf.len() as u64 + 4;
        }
        let file = out.into_inner().map_err(io::IntoInnerError::into_error)?;
        Ok(SpillRun {
            streams,
            file: Mutex::new(file),
            records: count,
            bytes,
        })
    }

    /// Reads the run from its start.
    pub fn reader(self: &Arc<SpillRun>) -> io::Result<RunReader> {
        let mut file = self
            .file
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .try_clone()?;
        file.rewind()?;
        Ok(RunReader {
            // One reader per run is open during the merge: a small buffer each.
            input: BufReader::with_capacity(64 << 10, file),
            left: self.records,
            buf: Vec::new(),
        })
    }
}

/// Reads a run's records in order.
pub struct RunReader {
    input: BufReader<File>,
    left: u64,
    buf: Vec<u8>,
}

impl RunReader {
    /// The next record, or None at the end.
    pub fn next_record(&mut self) -> io::Result<Option<RunRecord>> {
        if self.left == 0 {
            return Ok(None);
        }
        self.left -= 1;
        let mut len = [0u8; 4];
        self.input.read_exact(&mut len)?;
        self.buf.resize(u32::from_le_bytes(len) as usize, 0);
        self.input.read_exact(&mut self.buf)?;
        decode(&self.buf)
            .map(Some)
            .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidData, "damaged spill record"))
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

/// A little reader over a record's bytes.
struct Cursor<'a>(&'a [u8]);

impl<'a> Cursor<'a> {
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        let (head, rest) = self.0.split_at_checked(n)?;
        self.0 = rest;
        Some(head)
    }

    fn u32(&mut self) -> Option<u32> {
        Some(u32::from_le_bytes(self.take(4)?.try_into().ok()?))
    }
}

fn decode(bytes: &[u8]) -> Option<RunRecord> {
    let mut c = Cursor(bytes);
    let stream = c.u32()?;
    let len = c.u32()? as usize;
    let path: Box<[u8]> = c.take(len)?.into();
    let n = c.u32()? as usize;
    let mut hits = Vec::with_capacity(n.min(bytes.len() / 11));
    for _ in 0..n {
        let time_ms = i64::from_le_bytes(c.take(8)?.try_into().ok()?);
        let status = u16::from_le_bytes(c.take(2)?.try_into().ok()?);
        let client = match c.take(1)?[0] {
            4 => Client::Ip(IpAddr::from(<[u8; 4]>::try_from(c.take(4)?).ok()?)),
            6 => Client::Ip(IpAddr::from(<[u8; 16]>::try_from(c.take(16)?).ok()?)),
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
    c.0.is_empty().then_some(RunRecord { stream, path, hits })
}

/// The streams of several runs as one table: each run's stream indices mapped to it.
pub struct StreamTable {
    pub keys: Vec<StreamKey>,
    pub agents: Vec<AgentProfile>,
    index: HashMap<StreamKey, u32>,
}

impl StreamTable {
    pub fn new() -> StreamTable {
        StreamTable {
            keys: Vec::new(),
            agents: Vec::new(),
            index: HashMap::new(),
        }
    }

    /// The table index of a stream that was added.
    pub fn index(&self, key: &StreamKey) -> u32 {
        self.index[key]
    }

    /// The table index of a stream, adding it if new.
    pub fn add(&mut self, key: &StreamKey, agent: &AgentProfile) -> u32 {
        if let Some(&i) = self.index.get(key) {
            return i;
        }
        let i = self.keys.len() as u32;
        self.keys.push(key.clone());
        self.agents.push(agent.clone());
        self.index.insert(key.clone(), i);
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
    use crate::robots::Dialect;

    #[test]
    fn records_come_back_as_they_were_written() {
        let key: StreamKey = (
            Origin::from_host(b"a.example", Scheme::Https).unwrap(),
            "GPTBot".into(),
            "GPTBot/1.0".into(),
            Verification::Unverifiable,
        );
        let agent = AgentProfile {
            tokens: vec!["gptbot".into()],
            obeys_star: true,
            dialect: Dialect::Google,
            check_delay: false,
            fetches_by_user_agent: false,
        };
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
        let run =
            Arc::new(SpillRun::write(vec![RunStream { key, agent }], records.clone()).unwrap());
        assert_eq!(run.records, 1000);
        for _ in 0..2 {
            let mut reader = run.reader().unwrap();
            let mut back = Vec::new();
            while let Some(r) = reader.next_record().unwrap() {
                back.push(r);
            }
            assert_eq!(back, records, "read twice, the same both times");
        }
        assert!(decode(&[1, 0, 0]).is_none());
    }
}
