//! Finding the structural bytes of a line (`"`, `\\`, a space…) sixteen bytes at a time.
//!
//! Stage: helper of `logformat`, on the hot path. Takes: the rest of a line from some
//! position. Gives: the offset of the first byte equal to one of one or two needles, exactly
//! as `iter().position` would. Must not: read outside the slice.
//!
//! Why not `memchr`: a text log line is a dozen short fields, and each `memchr` call costs a
//! dispatch and a setup that are more than its scan of a field of 3 to 100 bytes. These
//! searches are inlined into the parser. On x86_64 they compare 16 bytes per step with SSE2,
//! which every x86_64 CPU has (no run-time detection), through the `safe_arch` crate's safe
//! wrappers of the intrinsics (the crate forbids `unsafe` of its own).
//! A tail shorter than 16 bytes is searched by comparing the last 16 bytes of the slice again
//! (overlapping what was searched) and dropping the bits already seen; a slice shorter than 16
//! bytes goes to the word-at-a-time search of [`super::text::find_short2`]. Other targets use
//! that word search throughout (it is tested on every target against `position`).
//!
//! Measured (cachegrind, the audit of a 1 M-line varied `vhost_combined` log): the parse of
//! a line with its searches went from about 1,040 instructions (with three `memchr` calls) to
//! about 800.

#[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
use super::text::find_short2;

/// The first `needle` in `hay`.
#[inline(always)]
pub(crate) fn find(hay: &[u8], needle: u8) -> Option<usize> {
    // The two comparisons of `find2` are the same here: the compiler keeps one.
    find2(hay, needle, needle)
}

/// The first `a` or `b` in `hay`.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[inline(always)]
pub(crate) fn find2(hay: &[u8], a: u8, b: u8) -> Option<usize> {
    sse2::find2(hay, a, b)
}

/// The first `a` or `b` in `hay`.
#[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
#[inline(always)]
pub(crate) fn find2(hay: &[u8], a: u8, b: u8) -> Option<usize> {
    find_short2(hay, a, b)
}

#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
mod sse2 {
    use safe_arch::{
        bitor_m128i, cmp_eq_mask_i8_m128i, m128i, move_mask_i8_m128i, set_i64_m128i,
        set_splat_i8_m128i,
    };

    use super::super::text::find_short2;

    /// `byte` in each of the 16 lanes.
    #[inline(always)]
    fn splat(byte: u8) -> m128i {
        // `as i8` passes the same eight bits.
        set_splat_i8_m128i(byte as i8)
    }

    /// One bit per byte of `chunk` (16 bytes; bit `i` for byte `i`) that equals `a` or `b`.
    #[inline(always)]
    fn mask(chunk: &[u8], a: m128i, b: m128i) -> u32 {
        // Read as two words (the compiler makes one 16-byte load of them).
        let (lo, hi) = chunk.split_at(8);
        let word = |w: &[u8]| i64::from_le_bytes(w.try_into().expect("8 of the 16 bytes"));
        let v = set_i64_m128i(word(&hi[..8]), word(lo));
        let m = move_mask_i8_m128i(bitor_m128i(
            cmp_eq_mask_i8_m128i(v, a),
            cmp_eq_mask_i8_m128i(v, b),
        ));
        // `movemask` sets the low 16 bits only: the cast keeps them as they are.
        m as u32
    }

    #[inline(always)]
    pub(super) fn find2(hay: &[u8], a: u8, b: u8) -> Option<usize> {
        let (va, vb) = (splat(a), splat(b));
        let mut chunks = hay.chunks_exact(16);
        let mut at = 0;
        for chunk in &mut chunks {
            let m = mask(chunk, va, vb);
            if m != 0 {
                return Some(at + m.trailing_zeros() as usize);
            }
            at += 16;
        }
        let left = chunks.remainder().len();
        if left == 0 {
            return None;
        }
        if hay.len() < 16 {
            return find_short2(hay, a, b);
        }
        // The last 16 bytes: the first `16 - left` of them were searched above.
        let m = mask(&hay[hay.len() - 16..], va, vb) >> (16 - left);
        (m != 0).then(|| at + m.trailing_zeros() as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every length across the 8- and 16-byte steps and the overlapping tail, either needle at
    /// every place (and both, in either order), over fillers next to the needles and with the
    /// high bit set: the same answer as `position`, from the SIMD search and the word search
    /// (`find_short2`, which other targets use).
    #[test]
    fn finds_agree_with_position_everywhere() {
        for (a, b) in [
            (b'"', b'\\'),
            (b' ', b':'),
            (b':', b' '),
            (b' ', b' '),
            (0u8, 0xff),
            (0x80, 0x7f),
        ] {
            for filler in [a.wrapping_add(1), b.wrapping_sub(1), 0x80, 0xff, 0, 0x7f] {
                if filler == a || filler == b {
                    continue;
                }
                for len in 0..=70 {
                    let mut hay = vec![filler; len];
                    assert_eq!(find2(&hay, a, b), None);
                    assert_eq!(super::super::text::find_short2(&hay, a, b), None);
                    for at in 0..len {
                        for (first, second) in [(a, b), (b, a)] {
                            hay.fill(filler);
                            hay[at] = first;
                            if at + 5 < len {
                                hay[at + 5] = second;
                            }
                            let want = hay.iter().position(|&c| c == a || c == b);
                            assert_eq!(find2(&hay, a, b), want, "{hay:?}");
                            assert_eq!(
                                super::super::text::find_short2(&hay, a, b),
                                want,
                                "{hay:?}"
                            );
                            if a == b {
                                assert_eq!(find(&hay, a), want);
                            }
                        }
                    }
                }
            }
        }
    }
}
