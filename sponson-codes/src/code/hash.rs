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

/// Reads the 8 bytes at `at` as a little-endian word.
#[inline(always)]
fn word(bytes: &[u8], at: usize) -> u64 {
    let mut word = [0u8; 8];
    word.copy_from_slice(&bytes[at..at + 8]);
    u64::from_le_bytes(word)
}

/// Reads a key shorter than 8 bytes as one word, without a loop.
#[inline(always)]
fn short(bytes: &[u8]) -> u64 {
    let len = bytes.len();
    if len >= 4 {
        let mut lo = [0u8; 4];
        let mut hi = [0u8; 4];
        lo.copy_from_slice(&bytes[..4]);
        hi.copy_from_slice(&bytes[len - 4..]);
        u64::from(u32::from_le_bytes(lo)) | (u64::from(u32::from_le_bytes(hi)) << 32)
    } else if len > 0 {
        u64::from(bytes[0]) | (u64::from(bytes[len / 2]) << 8) | (u64::from(bytes[len - 1]) << 16)
    } else {
        0
    }
}

/// Hashes `bytes` with no branch on the length between 8 and 32 bytes, where
/// codes live: the key is read as four words (overlapping when shorter than
/// 32 bytes) folded in two independent products.
#[inline]
pub(crate) fn hash(seed: u64, bytes: &[u8]) -> u64 {
    let len = bytes.len();
    let mut h = seed ^ K0 ^ (len as u64);
    if len < 8 {
        return fold(short(bytes) ^ K1, h ^ K2);
    }
    let mut at = 0;
    while len - at > 32 {
        h = fold(word(bytes, at) ^ K1, word(bytes, at + 8) ^ h)
            ^ fold(word(bytes, at + 16) ^ K2, word(bytes, at + 24) ^ h);
        at += 32;
    }
    // The last 8 to 32 bytes; they may overlap the blocks already folded.
    let rest = &bytes[at.min(len - 8)..];
    let n = rest.len();
    let second = if n > 16 { 8 } else { n - 8 };
    let third = n.saturating_sub(16);
    fold(word(rest, 0) ^ K1, word(rest, second) ^ h)
        ^ fold(word(rest, third) ^ K2, word(rest, n - 8) ^ h)
}

/// Whether `a` and `b` are the same bytes; for 8 to 32 bytes, four word
/// comparisons without a branch or a call.
#[inline(always)]
fn same(a: &[u8], b: &[u8]) -> bool {
    let len = a.len();
    if len != b.len() {
        return false;
    }
    if !(8..=32).contains(&len) {
        return a == b;
    }
    let second = if len > 16 { 8 } else { len - 8 };
    let third = len.saturating_sub(16);
    ((word(a, 0) ^ word(b, 0))
        | (word(a, second) ^ word(b, second))
        | (word(a, third) ^ word(b, third))
        | (word(a, len - 8) ^ word(b, len - 8)))
        == 0
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
    same(code.as_bytes(), key.as_bytes()).then_some(index as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    // The same vectors as the derive's copy: a change to either side breaks one test.
    const VECTORS: &[(u64, &str, u64)] = &[
        (0, "", 0x55ba_897d_2af3_577c),
        (12, "abc", 0xbfbe_a369_59fe_4061),
        (9, "TIMEOUT", 0xc074_313f_9adc_1211),
        (42, "é-ü.x", 0x9a23_4984_8e6a_a3c0),
        (5, "LOCK_ABC", 0xf096_ba29_791e_8c9a),
        (1, "LOCK_HELD", 0x595a_c78f_5399_3cb4),
        (6, "LOCKS_HELD_HERE!", 0x094e_b3f6_08b1_da80),
        (7, "PROVIDER_TIMEOUT_412", 0x3259_b908_3368_5eb9),
        (8, "PROVIDER_TIMEOUT_412_AB_CD_EF_GH", 0x47e5_0540_fcc2_b842),
        (
            10,
            "PROVIDER_TIMEOUT_412_AB_CD_EF_GHI",
            0xe4f4_2cae_937e_c290,
        ),
        (
            11,
            "A_CODE_OF_MORE_THAN_THIRTY_TWO_BYTES_123",
            0x4108_e845_8b83_2813,
        ),
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
    fn same_agrees_with_slice_equality_at_every_length() {
        let base: Vec<u8> = (0..40u8).map(|i| b'A' + i % 26).collect();
        for len in 0..=base.len() {
            let a = &base[..len];
            assert!(same(a, a), "len {len}");
            for at in 0..len {
                let mut b = a.to_vec();
                b[at] ^= 1;
                assert!(!same(a, &b), "len {len}, byte {at}");
            }
            if len > 0 {
                assert!(!same(a, &base[..len - 1]), "len {len} against {}", len - 1);
            }
        }
    }

    #[test]
    fn lookup_of_an_empty_table_is_a_miss() {
        assert_eq!(lookup("X", 0, &[], &[]), None);
    }
}
