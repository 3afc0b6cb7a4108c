//! Figure 4: serializing an error envelope with three details to a `Vec<u8>`,
//! against a hand-written `#[derive(Serialize)]` struct that prints the same
//! bytes; and a runner's whole JSON path (error to printed line) against
//! building and printing that struct.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use serde::Serialize;
use sponson_codes::{profile::Envelope, Error, ErrorCodes, Mode, Runner};
use sponson_codes_benches::cpu_time::CpuTime;

/// Failures of the benchmark's command.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ErrorCodes)]
enum Code {
    #[code(
        exit = 3,
        doc = "Another run holds the scope's lock.",
        hint = "Wait for it, or pass --wait."
    )]
    LockHeld,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

/// The envelope written by hand: the shape a program would derive without
/// sponson-codes, its fields in the order the envelope prints them.
#[derive(Serialize)]
struct HandEnvelope {
    ok: bool,
    command: String,
    error: HandError,
}

#[derive(Serialize)]
struct HandError {
    code: &'static str,
    message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    hint: Option<String>,
    holder: u64,
    scope: String,
    since: String,
}

const MESSAGE: &str = "the lock on prod is held by run 41";
const SINCE: &str = "2026-11-30T03:12:00Z";

fn coded_error() -> Error<Code> {
    Error::new(Code::LockHeld, MESSAGE)
        .with_detail("scope", "prod")
        .with_detail("holder", &41)
        .with_detail("since", SINCE)
}

fn hand_envelope(error: &Error<Code>) -> HandEnvelope {
    HandEnvelope {
        ok: false,
        command: "apply".to_owned(),
        error: HandError {
            code: error.code(),
            message: error.message().to_owned(),
            hint: error.hint().map(str::to_owned),
            holder: 41,
            scope: "prod".to_owned(),
            since: SINCE.to_owned(),
        },
    }
}

fn envelope(c: &mut Criterion<CpuTime>) {
    let result: Result<(), Error<Code>> = Err(coded_error());
    let error = result.as_ref().unwrap_err();
    let ours = Envelope::from_result("apply", &result);
    let hand = hand_envelope(error);
    // Both sides must print the same bytes, or the comparison means nothing.
    let printed = serde_json::to_vec(&ours).unwrap();
    assert_eq!(printed, serde_json::to_vec(&hand).unwrap());
    assert_eq!(
        std::str::from_utf8(&printed).unwrap(),
        r#"{"ok":false,"command":"apply","error":{"code":"LOCK_HELD","message":"the lock on prod is held by run 41","hint":"Wait for it, or pass --wait.","holder":41,"scope":"prod","since":"2026-11-30T03:12:00Z"}}"#
    );

    let mut group = c.benchmark_group("envelope");
    group
        .sample_size(50)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    let mut buf = Vec::with_capacity(512);
    group.bench_function("sponson", |b| {
        b.iter(|| {
            buf.clear();
            serde_json::to_writer(&mut buf, black_box(&ours)).unwrap();
            black_box(buf.len())
        });
    });
    group.bench_function("derived_struct", |b| {
        b.iter(|| {
            buf.clear();
            serde_json::to_writer(&mut buf, black_box(&hand)).unwrap();
            black_box(buf.len())
        });
    });
    group.finish();

    // What a program pays per failure: building the envelope from the error,
    // then serializing it.
    let mut group = c.benchmark_group("envelope_build");
    group
        .sample_size(50)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    group.bench_function("sponson", |b| {
        b.iter(|| {
            buf.clear();
            let envelope = Envelope::from_result("apply", black_box(&result));
            serde_json::to_writer(&mut buf, &envelope).unwrap();
            black_box(buf.len())
        });
    });
    group.bench_function("derived_struct", |b| {
        b.iter(|| {
            buf.clear();
            let envelope = hand_envelope(black_box(error));
            serde_json::to_writer(&mut buf, &envelope).unwrap();
            black_box(buf.len())
        });
    });
    group.finish();

    // The whole JSON path of a run: the body's error to the printed
    // document, through the one writer every profile shares.
    let runner = Runner::<Code>::new("apply", Mode::Json);
    let line = runner.render(|| Err::<(), _>(coded_error())).stdout;
    assert_eq!(line.trim_end().as_bytes(), printed);
    let mut group = c.benchmark_group("runner");
    group
        .sample_size(50)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    group.bench_function("sponson", |b| {
        b.iter(|| black_box(runner.render(|| Err::<(), _>(coded_error())).stdout.len()));
    });
    group.bench_function("derived_struct", |b| {
        b.iter(|| {
            let error = coded_error();
            let mut line = serde_json::to_string(&hand_envelope(black_box(&error))).unwrap();
            line.push('\n');
            black_box(line.len())
        });
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().with_measurement(CpuTime);
    targets = envelope
}
criterion_main!(benches);
