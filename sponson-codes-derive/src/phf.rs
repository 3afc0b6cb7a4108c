//! The perfect hash for `from_code`, built at expansion time.
//!
//! The hash functions are a copy of `sponson-codes/src/code/hash.rs`, which
//! does the lookups at run time; both copies are tested against the same
//! vectors (`tests/tests/test_copies.rs` keeps them the same).
//! Construction follows the "hash and displace" family (PTHash): keys are
//! spread over buckets, and each bucket, largest first, gets the smallest
//! pilot that sends all of its keys to free slots of a table with exactly one
//! slot per code.

const K0: u64 = 0xa076_1d64_78bd_642f;
const K1: u64 = 0xe703_7ed1_a0b4_28db;
const K2: u64 = 0x8ebc_6af0_9c88_c6e3;

fn fold(a: u64, b: u64) -> u64 {
    let r = u128::from(a) * u128::from(b);
    (r as u64) ^ ((r >> 64) as u64)
}

fn fast_range(h: u64, n: usize) -> usize {
    ((u128::from(h) * n as u128) >> 64) as usize
}

fn word(bytes: &[u8], at: usize) -> u64 {
    let mut word = [0u8; 8];
    word.copy_from_slice(&bytes[at..at + 8]);
    u64::from_le_bytes(word)
}

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

pub fn hash(seed: u64, bytes: &[u8]) -> u64 {
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

fn slot(h: u64, pilot: u16, n: usize) -> usize {
    fast_range(fold(h ^ (u64::from(pilot) + 1).wrapping_mul(K1), K0), n)
}

pub struct Phf {
    pub seed: u64,
    pub pilots: Vec<u16>,
}

/// Builds the hash for distinct `keys`; `None` only if no seed works, which
/// for distinct keys would take astronomically bad luck.
pub fn build(keys: &[&str]) -> Option<Phf> {
    let n = keys.len();
    if n == 0 {
        return Some(Phf {
            seed: 0,
            pilots: Vec::new(),
        });
    }
    // About 2.5 keys a bucket keeps the pilot search short and the table small.
    let buckets = (n * 2).div_ceil(5).max(1);
    let mut seed: u64 = 0x5350_4f4e_534f_4e21;
    for _ in 0..64 {
        if let Some(pilots) = try_seed(keys, seed, buckets) {
            return Some(Phf { seed, pilots });
        }
        seed = fold(seed, K2).wrapping_add(K0);
    }
    None
}

fn try_seed(keys: &[&str], seed: u64, bucket_count: usize) -> Option<Vec<u16>> {
    let n = keys.len();
    let hashes: Vec<u64> = keys.iter().map(|k| hash(seed, k.as_bytes())).collect();
    let mut buckets: Vec<Vec<u64>> = vec![Vec::new(); bucket_count];
    for &h in &hashes {
        buckets[fast_range(h, bucket_count)].push(h);
    }
    let mut order: Vec<usize> = (0..bucket_count).collect();
    order.sort_by_key(|&b| (std::cmp::Reverse(buckets[b].len()), b));
    let mut taken = vec![false; n];
    let mut pilots = vec![0u16; bucket_count];
    let mut slots = Vec::new();
    for b in order {
        let bucket = &buckets[b];
        if bucket.is_empty() {
            break;
        }
        let pilot = (0..=u16::MAX).find(|&pilot| {
            slots.clear();
            for &h in bucket {
                let s = slot(h, pilot, n);
                if taken[s] || slots.contains(&s) {
                    return false;
                }
                slots.push(s);
            }
            true
        })?;
        for &s in &slots {
            taken[s] = true;
        }
        pilots[b] = pilot;
    }
    Some(pilots)
}

/// The slot of `key` under `phf`, as the runtime computes it.
pub fn lookup(phf: &Phf, key: &str, n: usize) -> usize {
    let h = hash(phf.seed, key.as_bytes());
    let pilot = phf.pilots[fast_range(h, phf.pilots.len())];
    slot(h, pilot, n)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Inputs and outputs shared with the runtime's copy of `hash`.
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
    fn every_key_gets_its_own_slot() {
        for n in [1usize, 2, 3, 10, 100, 1000, 10_000] {
            let keys: Vec<String> = (0..n).map(|i| format!("PROVIDER_TIMEOUT_{i}")).collect();
            let refs: Vec<&str> = keys.iter().map(String::as_str).collect();
            let phf = build(&refs).expect("a perfect hash");
            let mut seen = vec![false; n];
            for key in &refs {
                let index = lookup(&phf, key, n);
                assert!(!seen[index], "two keys share slot {index} at n = {n}");
                seen[index] = true;
            }
        }
    }
}
