//! Figure 5: rendering the markdown docs of an enum with 10,000 codes (with
//! the feature `large`; 1,000 codes without it).

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use sponson_codes::ErrorCode;
use sponson_codes_benches::cpu_time::CpuTime;

#[cfg(feature = "large")]
#[allow(clippy::all, clippy::pedantic)]
#[path = "../src/generated/ours_10000.rs"]
mod ours;

#[cfg(not(feature = "large"))]
#[allow(clippy::all, clippy::pedantic)]
#[path = "../src/generated/ours_1000.rs"]
mod ours;

fn render_markdown(c: &mut Criterion<CpuTime>) {
    let enums = [<ours::Code as ErrorCode>::ENUM];
    let mut group = c.benchmark_group("render_markdown");
    group
        .sample_size(30)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    group.bench_function(ours::CODES.len().to_string(), |b| {
        b.iter(|| {
            let markdown = sponson_codes::companion::markdown::render_markdown(
                black_box(&enums),
                "cargo run -- docs",
            );
            black_box(markdown.len())
        });
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().with_measurement(CpuTime);
    targets = render_markdown
}
criterion_main!(benches);
