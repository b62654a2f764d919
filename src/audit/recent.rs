//! A small direct-mapped cache of byte strings (a line's host field, its User-Agent) → what
//! a worker's tables gave them, read before those tables' hash maps.
//!
//! Stage: helper of `intern`, on the hot path. Takes: the field as logged. Gives: the value
//! last stored for exactly these bytes in the slot they pick, or nothing (then the caller asks
//! its map, which has the last word, and stores the answer). Must not: answer for other bytes
//! than the ones stored (a slot's key is compared in full), or allocate once its slots hold
//! keys as long as the ones that come.
//!
//! Why: the maps hash every byte with foldhash, then find the entry and compare it; for a
//! host field and a User-Agent of ~100 bytes that was ~300 instructions a line. A slot found
//! by [`slot_hash`] (a few instructions per 16 bytes) and one compare is about a third of
//! that. The hash is not seeded and not meant to resist a crafted log: bytes that share a
//! slot only push each other out, and every miss goes to the (seeded) map.

/// One slot: the key last stored there (its buffer reused) and its value (`None`: empty).
#[derive(Clone)]
struct Slot<V> {
    key: Vec<u8>,
    value: Option<V>,
}

/// A direct-mapped cache of `N` slots (a power of two: the top bits of a key's hash pick its
/// slot, and a constant mask keeps every index in bounds without a check).
pub(super) struct Recent<V, const N: usize> {
    slots: Box<[Slot<V>; N]>,
}

impl<V: Copy, const N: usize> Default for Recent<V, N> {
    fn default() -> Recent<V, N> {
        Recent::new()
    }
}

impl<V: Copy, const N: usize> Recent<V, N> {
    /// How far a hash is shifted for its top bits: `64 - log2(N)`.
    const SHIFT: u32 = {
        assert!(N.is_power_of_two() && N >= 2, "a power of two of slots");
        64 - N.trailing_zeros()
    };

    /// A cache of empty slots.
    pub(super) fn new() -> Recent<V, N> {
        let empty = Slot {
            key: Vec::new(),
            value: None,
        };
        let slots: Box<[Slot<V>]> = vec![empty; N].into_boxed_slice();
        Recent {
            slots: slots
                .try_into()
                .unwrap_or_else(|_| unreachable!("N slots were made")),
        }
    }

    /// The slot `key` belongs in.
    #[inline(always)]
    pub(super) fn slot(&self, key: &[u8]) -> usize {
        (slot_hash(key) >> Self::SHIFT) as usize
    }

    /// The value stored for `key` in its slot (`slot` from [`Recent::slot`]).
    #[inline(always)]
    pub(super) fn get(&self, slot: usize, key: &[u8]) -> Option<&V> {
        let s = &self.slots[slot & (N - 1)];
        if s.key == key { s.value.as_ref() } else { None }
    }

    /// Stores `value` for `key` in its slot, in place of what was there.
    pub(super) fn put(&mut self, slot: usize, key: &[u8], value: V) {
        let s = &mut self.slots[slot & (N - 1)];
        s.key.clear();
        s.key.extend_from_slice(key);
        s.value = Some(value);
    }

    /// Empties every slot (the values they held may now mean something else).
    pub(super) fn clear(&mut self) {
        for s in self.slots.iter_mut() {
            s.value = None;
        }
    }
}

/// A hash of every byte of `key` and of its length, its top bits spread by a final multiply:
/// two words of each 16 bytes folded in by xor and rotation (the last 16 bytes read again
/// where the length is no multiple of 16), so that two headers that differ in one byte
/// anywhere (a browser's version, a phone's model) never hash alike, in about a third of
/// foldhash's instructions for a ~100-byte User-Agent.
#[inline(always)]
fn slot_hash(key: &[u8]) -> u64 {
    let word = |b: &[u8]| u64::from_le_bytes(b.try_into().expect("8 bytes"));
    let n = key.len();
    let (mut a, mut b) = (n as u64, 0u64);
    if n >= 16 {
        let mut chunks = key.chunks_exact(16);
        for c in &mut chunks {
            a = (a ^ word(&c[..8])).rotate_left(23);
            b = (b ^ word(&c[8..])).rotate_left(41);
        }
        if !chunks.remainder().is_empty() {
            let last = &key[n - 16..];
            a ^= word(&last[..8]);
            b ^= word(&last[8..]);
        }
    } else if n >= 8 {
        a ^= word(&key[..8]);
        b ^= word(&key[n - 8..]);
    } else {
        for &c in key {
            b = b << 8 | u64::from(c);
        }
    }
    // Rotations that are no multiple of 8 keep a byte read twice (in the last chunk and in
    // the tail) from cancelling itself out.
    (a ^ b.rotate_left(29)).wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every byte counts: changing any one byte of a key (any length up to 80, so every
    /// branch and the overlapping tail) changes its hash, and so does its length.
    #[test]
    fn every_byte_and_the_length_change_the_hash() {
        for len in 0..80 {
            let key: Vec<u8> = (0..len).map(|i| b'a' + (i % 26) as u8).collect();
            let h = slot_hash(&key);
            for at in 0..len {
                for delta in [1u8, 0x80, 0xff] {
                    let mut other = key.clone();
                    other[at] = other[at].wrapping_add(delta);
                    assert_ne!(slot_hash(&other), h, "len {len}, byte {at}, +{delta}");
                }
            }
            let mut longer = key.clone();
            longer.push(0);
            assert_ne!(slot_hash(&longer), h, "len {len} and a zero byte more");
        }
    }

    #[test]
    fn gives_back_only_what_was_stored_for_the_same_bytes() {
        let mut cache = Recent::<u32, 16>::new();
        let (a, b) = (&b"site1.example.net:443"[..], &b"site2.example.net:443"[..]);
        let (sa, sb) = (cache.slot(a), cache.slot(b));
        assert_eq!((cache.get(sa, a), cache.get(sb, b)), (None, None));
        // An empty key finds no value in an empty slot either.
        assert_eq!(cache.get(cache.slot(b""), b""), None);
        cache.put(sa, a, 7);
        assert_eq!(cache.get(sa, a), Some(&7));
        // Other bytes in the same slot are no hit, whatever slot they pick.
        assert_eq!(cache.get(sa, b), None);
        assert_eq!(cache.get(sb, b), None);
        cache.put(sb, b, u32::MAX);
        assert_eq!(cache.get(sb, b), Some(&u32::MAX));
        if sa == sb {
            assert_eq!(cache.get(sa, a), None, "pushed out by b");
        } else {
            assert_eq!(cache.get(sa, a), Some(&7));
        }
        cache.put(sa, b"", 3);
        assert_eq!(cache.get(sa, b""), Some(&3));
        cache.clear();
        assert_eq!((cache.get(sa, b""), cache.get(sb, b)), (None, None));
    }

    /// Keys that pick one slot push each other out and are never taken for each other.
    #[test]
    fn keys_sharing_a_slot_replace_each_other() {
        let mut cache = Recent::<u32, 2>::new();
        let keys: Vec<Vec<u8>> = (0..20).map(|i| format!("host{i}").into_bytes()).collect();
        let (x, y) = keys
            .iter()
            .enumerate()
            .flat_map(|(i, x)| keys[i + 1..].iter().map(move |y| (x, y)))
            .find(|(x, y)| cache.slot(x) == cache.slot(y))
            .expect("20 keys in 2 slots share one");
        let s = cache.slot(x);
        cache.put(s, x, 1);
        assert_eq!(cache.get(s, y), None);
        cache.put(s, y, 2);
        assert_eq!((cache.get(s, x), cache.get(s, y)), (None, Some(&2)));
    }
}
