//! Benchmarks of `sponson-codes` against its peers: see `docs/benchmarks.md`
//! for the figures and the commands that reproduce them.
//!
//! The generated enums live in `src/generated/` (written by
//! `scripts/gen_bench_codes.py`) and are compiled only into the bench targets.

/// The number of inputs one timed iteration goes through; the report divides
/// a benchmark's time by it to get the time of one operation.
pub const BATCH: usize = 256;

/// `count` items of `items` in a fixed pseudo-random order, repeating items
/// when `count` exceeds `items.len()`, so that a lookup benchmark does not let
/// the branch predictor learn one key.
pub fn pick<T: Copy>(items: &[T], count: usize, seed: u64) -> Vec<T> {
    assert!(!items.is_empty(), "nothing to pick from");
    let mut state = seed;
    (0..count)
        .map(|_| {
            state = splitmix(state);
            let index = (u128::from(state) * items.len() as u128) >> 64;
            items[usize::try_from(index).expect("an index below items.len()")]
        })
        .collect()
}

fn splitmix(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
