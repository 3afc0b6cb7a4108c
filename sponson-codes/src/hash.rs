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

/// The table index of `key`, if it is listed: `slots` holds each code with its
/// table index at the slot the perfect hash gives it.
#[inline]
pub(crate) fn lookup(key: &str, seed: u64, pilots: &[u16], slots: &[(&str, u32)]) -> Option<usize> {
    if slots.is_empty() || pilots.is_empty() {
        return None;
    }
    let h = hash(seed, key.as_bytes());
    let pilot = pilots[fast_range(h, pilots.len())];
    let (code, index) = slots[slot(h, pilot, slots.len())];
    (code == key).then_some(index as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    // The same vectors as the derive's copy: a change to either side breaks one test.
    const VECTORS: &[(u64, &str, u64)] = &[
        (0, "", 0xe28f_2b20_61a2_b984),
        (1, "LOCK_HELD", 0xca00_24c0_3a95_2572),
        (7, "PROVIDER_TIMEOUT_412", 0x86c2_9246_98af_ddb1),
        (42, "é-ü.x", 0x23ed_e573_a0cb_2ced),
    ];

    #[test]
    fn hash_matches_the_shared_vectors() {
        for (seed, key, want) in VECTORS {
            assert_eq!(hash(*seed, key.as_bytes()), *want, "hash({seed}, {key:?})");
        }
    }

    #[test]
    fn slots_stay_in_range() {
        for n in 1..50 {
            for pilot in [0u16, 1, 500, u16::MAX] {
                assert!(slot(u64::MAX, pilot, n) < n);
                assert!(slot(0, pilot, n) < n);
            }
        }
    }

    #[test]
    fn lookup_of_an_empty_table_is_a_miss() {
        assert_eq!(lookup("X", 0, &[], &[]), None);
    }
}
