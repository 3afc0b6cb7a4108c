//! The perfect hash for `from_code`, built at expansion time.
//!
//! The hash functions are a copy of `sponson-codes/src/hash.rs`, which does the
//! lookups at run time; both copies are tested against the same vectors.
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

pub fn hash(seed: u64, bytes: &[u8]) -> u64 {
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
