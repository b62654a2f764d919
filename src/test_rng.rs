//! The unit tests' generator of varied inputs: xorshift64 (13, 7, 17), so that every run of
//! a test sees the same inputs from the same seed.

/// Steps `state` (never zero) and gives its new value.
pub(crate) fn xorshift(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}
