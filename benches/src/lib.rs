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

/// Criterion measurement of the benchmark thread's CPU time
/// (`CLOCK_THREAD_CPUTIME_ID`) instead of wall time, on Linux: on a machine
/// shared with other builds, time spent waiting for a core is not counted, so
/// the figures stay close to those of a quiet machine. Elsewhere, wall time.
pub mod cpu_time {
    use criterion::measurement::{Measurement, ValueFormatter};
    use criterion::Throughput;
    use std::time::Duration;

    /// The measurement: pass it to `Criterion::with_measurement`.
    pub struct CpuTime;

    #[cfg(target_os = "linux")]
    fn now() -> Duration {
        let time = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
        Duration::new(
            u64::try_from(time.tv_sec).unwrap_or_default(),
            u32::try_from(time.tv_nsec).unwrap_or_default(),
        )
    }

    #[cfg(not(target_os = "linux"))]
    fn now() -> Duration {
        use std::sync::OnceLock;
        use std::time::Instant;
        static START: OnceLock<Instant> = OnceLock::new();
        START.get_or_init(Instant::now).elapsed()
    }

    impl Measurement for CpuTime {
        type Intermediate = Duration;
        type Value = Duration;

        fn start(&self) -> Duration {
            now()
        }

        fn end(&self, start: Duration) -> Duration {
            now().saturating_sub(start)
        }

        fn add(&self, a: &Duration, b: &Duration) -> Duration {
            *a + *b
        }

        fn zero(&self) -> Duration {
            Duration::ZERO
        }

        fn to_f64(&self, value: &Duration) -> f64 {
            value.as_nanos() as f64
        }

        fn formatter(&self) -> &dyn ValueFormatter {
            &Nanoseconds
        }
    }

    /// Values in nanoseconds, shown in the unit that fits.
    struct Nanoseconds;

    impl ValueFormatter for Nanoseconds {
        fn scale_values(&self, ns: f64, values: &mut [f64]) -> &'static str {
            let (factor, unit) = if ns < 1.0 {
                (1e3, "ps")
            } else if ns < 1e3 {
                (1.0, "ns")
            } else if ns < 1e6 {
                (1e-3, "µs")
            } else if ns < 1e9 {
                (1e-6, "ms")
            } else {
                (1e-9, "s")
            };
            for value in values {
                *value *= factor;
            }
            unit
        }

        fn scale_throughputs(
            &self,
            _typical: f64,
            throughput: &Throughput,
            values: &mut [f64],
        ) -> &'static str {
            let (count, unit) = match *throughput {
                Throughput::Bytes(n) | Throughput::BytesDecimal(n) => (n, "B/s"),
                Throughput::Bits(n) => (n, "bit/s"),
                Throughput::Elements(n) | Throughput::ElementsAndBytes { elements: n, .. } => {
                    (n, "elem/s")
                }
            };
            for value in values {
                *value = count as f64 * 1e9 / *value;
            }
            unit
        }

        fn scale_for_machines(&self, _values: &mut [f64]) -> &'static str {
            "ns"
        }
    }
}
