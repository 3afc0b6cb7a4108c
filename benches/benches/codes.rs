//! Figures 1 to 3: `from_code` on hits and misses, deserializing a code with
//! serde_json, and `code()` / `exit_code()`, each against its peers at 5, 10,
//! 20, 50, 100, 1,000 and (with the feature `large`) 10,000 codes.
//!
//! Every timed iteration goes through `BATCH` inputs picked in a fixed
//! pseudo-random order; `scripts/bench_report.py` divides by it.

use std::hint::black_box;
use std::str::FromStr;
use std::time::Duration;

use criterion::{
    criterion_group, criterion_main, BenchmarkGroup, BenchmarkId, Criterion, Throughput,
};
use sponson_codes_benches::cpu_time::CpuTime;
use sponson_codes_benches::{pick, BATCH};

#[allow(clippy::all, clippy::pedantic)]
#[path = "../src/generated/mod.rs"]
mod generated;

use generated::misses::MISSES;

/// Runs `$body!(n, ours_n, peers_n)` for every generated size.
macro_rules! for_each_size {
    ($body:ident) => {
        $body!(5, ours_5, peers_5);
        $body!(10, ours_10, peers_10);
        $body!(20, ours_20, peers_20);
        $body!(50, ours_50, peers_50);
        $body!(100, ours_100, peers_100);
        $body!(1000, ours_1000, peers_1000);
        #[cfg(feature = "large")]
        $body!(10000, ours_10000, peers_10000);
    };
}

fn configure(group: &mut BenchmarkGroup<'_, CpuTime>) {
    group
        .sample_size(40)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .throughput(Throughput::Elements(BATCH as u64));
}

fn from_code(c: &mut Criterion<CpuTime>, kind: &str) {
    let mut group = c.benchmark_group(format!("from_code_{kind}"));
    configure(&mut group);
    macro_rules! size {
        ($n:literal, $ours:ident, $peers:ident) => {{
            use generated::{$ours as ours, $peers as peers};
            let keys = if kind == "hit" {
                pick(ours::CODES, BATCH, 1)
            } else {
                pick(MISSES, BATCH, 2)
            };
            let map = peers::hash_map();
            group.bench_with_input(BenchmarkId::new("sponson", $n), &keys, |b, keys| {
                b.iter(|| {
                    for key in keys {
                        black_box(ours::Code::from_code(black_box(key)));
                    }
                });
            });
            group.bench_with_input(BenchmarkId::new("phf", $n), &keys, |b, keys| {
                b.iter(|| {
                    for key in keys {
                        black_box(peers::PHF.get(black_box(*key)).copied());
                    }
                });
            });
            group.bench_with_input(BenchmarkId::new("match", $n), &keys, |b, keys| {
                b.iter(|| {
                    for key in keys {
                        black_box(peers::PeerCode::from_str(black_box(key)).ok());
                    }
                });
            });
            group.bench_with_input(BenchmarkId::new("hashmap", $n), &keys, |b, keys| {
                b.iter(|| {
                    for key in keys {
                        black_box(map.get(black_box(*key)).copied());
                    }
                });
            });
        }};
    }
    for_each_size!(size);
    group.finish();
}

fn from_code_hit(c: &mut Criterion<CpuTime>) {
    from_code(c, "hit");
}

fn from_code_miss(c: &mut Criterion<CpuTime>) {
    from_code(c, "miss");
}

fn deserialize(c: &mut Criterion<CpuTime>) {
    let mut group = c.benchmark_group("deserialize");
    configure(&mut group);
    macro_rules! size {
        ($n:literal, $ours:ident, $peers:ident) => {{
            use generated::{$ours as ours, $peers as peers};
            let inputs: Vec<String> = pick(ours::CODES, BATCH, 3)
                .into_iter()
                .map(|code| format!("\"{code}\""))
                .collect();
            group.bench_with_input(BenchmarkId::new("sponson", $n), &inputs, |b, inputs| {
                b.iter(|| {
                    for json in inputs {
                        let code: ours::Code = serde_json::from_str(black_box(json)).unwrap();
                        black_box(code);
                    }
                });
            });
            group.bench_with_input(
                BenchmarkId::new("serde_derive", $n),
                &inputs,
                |b, inputs| {
                    b.iter(|| {
                        for json in inputs {
                            let code: peers::PeerCode =
                                serde_json::from_str(black_box(json)).unwrap();
                            black_box(code);
                        }
                    });
                },
            );
        }};
    }
    for_each_size!(size);
    group.finish();
}

fn accessors(c: &mut Criterion<CpuTime>) {
    let mut code_group = c.benchmark_group("code");
    configure(&mut code_group);
    macro_rules! size {
        ($n:literal, $ours:ident, $peers:ident) => {{
            use generated::{$ours as ours, $peers as peers};
            let ours_values = pick(ours::Code::ALL, BATCH, 4);
            let peer_values = pick(peers::PeerCode::ALL, BATCH, 4);
            code_group.bench_with_input(
                BenchmarkId::new("sponson", $n),
                &ours_values,
                |b, values| {
                    b.iter(|| {
                        for value in values {
                            black_box(black_box(value).code());
                        }
                    });
                },
            );
            code_group.bench_with_input(
                BenchmarkId::new("hand_match", $n),
                &peer_values,
                |b, values| {
                    b.iter(|| {
                        for value in values {
                            black_box(black_box(*value).code());
                        }
                    });
                },
            );
        }};
    }
    for_each_size!(size);
    code_group.finish();

    let mut exit_group = c.benchmark_group("exit_code");
    configure(&mut exit_group);
    macro_rules! size {
        ($n:literal, $ours:ident, $peers:ident) => {{
            use generated::{$ours as ours, $peers as peers};
            let ours_values = pick(ours::Code::ALL, BATCH, 5);
            let peer_values = pick(peers::PeerCode::ALL, BATCH, 5);
            exit_group.bench_with_input(
                BenchmarkId::new("sponson", $n),
                &ours_values,
                |b, values| {
                    b.iter(|| {
                        for value in values {
                            black_box(black_box(value).exit_code());
                        }
                    });
                },
            );
            exit_group.bench_with_input(
                BenchmarkId::new("hand_match", $n),
                &peer_values,
                |b, values| {
                    b.iter(|| {
                        for value in values {
                            black_box(black_box(*value).exit_code());
                        }
                    });
                },
            );
        }};
    }
    for_each_size!(size);
    exit_group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().with_measurement(CpuTime);
    targets = from_code_hit, from_code_miss, deserialize, accessors
}
criterion_main!(benches);
