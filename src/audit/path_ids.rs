//! The distinct targets a stream keeps, each with the index its requests refer to.
//!
//! A stream of the violations mix keeps hundreds of thousands of distinct targets, many with
//! long query strings. A map keyed by the targets' bytes hashed each target three times (to
//! look it up, to insert it, and again whenever the map grew, reading every kept target back
//! from wherever it was allocated): `perf` put 2% of such a run in that last re-hashing alone.
//! Here each target is hashed once; the table holds its index and 32 bits of its hash, which
//! is all that growing the table reads, and the targets themselves sit in a vector by index,
//! as the end of the run wants them.

use std::hash::BuildHasher;

use hashbrown::HashTable;
use hashbrown::hash_table::Entry;

/// Targets by index, and a table finding a target's index.
pub struct PathIds<S = foldhash::fast::RandomState> {
    /// (index, the low 32 bits of the target's hash).
    table: HashTable<(u32, u32)>,
    paths: Vec<Box<[u8]>>,
    hasher: S,
}

impl Default for PathIds {
    fn default() -> Self {
        Self::with_hasher(foldhash::fast::RandomState::default())
    }
}

/// The table's hash of a target from the 32 bits kept: spread over 64 bits, since the table
/// takes the slot from the low bits and a tag from the top seven.
fn spread(h: u32) -> u64 {
    u64::from(h).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ u64::from(h)
}

impl<S: BuildHasher> PathIds<S> {
    pub fn with_hasher(hasher: S) -> Self {
        PathIds {
            table: HashTable::new(),
            paths: Vec::new(),
            hasher,
        }
    }

    /// The index of `path`, and whether it is new (then kept, with the next index).
    pub fn id(&mut self, path: &[u8]) -> (u32, bool) {
        let h = self.hasher.hash_one(path) as u32;
        let paths = &self.paths;
        match self.table.entry(
            spread(h),
            |&(id, known)| known == h && *paths[id as usize] == *path,
            |&(_, known)| spread(known),
        ) {
            Entry::Occupied(e) => (e.get().0, false),
            Entry::Vacant(e) => {
                let id = u32::try_from(self.paths.len()).expect("fewer than 2^32 targets");
                e.insert((id, h));
                self.paths.push(path.into());
                (id, true)
            }
        }
    }

    pub fn len(&self) -> usize {
        self.paths.len()
    }

    pub fn is_empty(&self) -> bool {
        self.paths.is_empty()
    }

    /// The targets, by index.
    pub fn paths(&self) -> &[Box<[u8]>] {
        &self.paths
    }

    /// The targets, by index, the table dropped.
    pub fn into_paths(self) -> Vec<Box<[u8]>> {
        self.paths
    }
}

#[cfg(test)]
mod tests {
    use std::hash::BuildHasherDefault;
    use std::hash::Hasher;

    use super::*;

    /// A hasher giving every input the same hash: every look-up meets every kept target.
    #[derive(Default)]
    struct Same;

    impl Hasher for Same {
        fn finish(&self) -> u64 {
            7
        }
        fn write(&mut self, _: &[u8]) {}
    }

    fn targets(n: usize) -> Vec<Vec<u8>> {
        (0..n)
            .map(|i| format!("/shop/item?id={i}&ref=x{}", "y".repeat(i % 40)).into_bytes())
            .collect()
    }

    fn indexes_in_order_of_arrival<S: BuildHasher>(mut ids: PathIds<S>) {
        let all = targets(3_000);
        for (i, t) in all.iter().enumerate() {
            assert_eq!(ids.id(t), (i as u32, true), "first sight of target {i}");
        }
        for (i, t) in all.iter().enumerate().rev() {
            assert_eq!(ids.id(t), (i as u32, false), "second sight of target {i}");
        }
        // A prefix, an extension and the empty target are other targets.
        assert!(ids.id(b"/shop/item?id=1&ref=").1);
        assert!(ids.id(b"/shop/item?id=1&ref=xyz").1);
        assert!(ids.id(b"").1);
        assert!(!ids.id(b"").1);
        assert_eq!(ids.len(), all.len() + 3);
        let paths = ids.into_paths();
        for (i, t) in all.iter().enumerate() {
            assert_eq!(&*paths[i], &t[..], "target {i} by its index");
        }
        assert_eq!(&*paths[all.len() + 2], b"");
    }

    #[test]
    fn each_target_gets_the_index_of_its_first_sight() {
        indexes_in_order_of_arrival(PathIds::default());
    }

    #[test]
    fn targets_of_equal_hashes_are_told_apart_by_their_bytes() {
        indexes_in_order_of_arrival(PathIds::with_hasher(BuildHasherDefault::<Same>::default()));
    }
}
