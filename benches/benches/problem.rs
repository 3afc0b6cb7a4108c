//! Figure 7: an error rendered as an RFC 9457 problem document, against a
//! hand-written `#[derive(Serialize)]` struct that prints the same bytes.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use serde::Serialize;
use sponson_codes::{Error, ErrorCodes};

/// Failures of the benchmark's service.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ErrorCodes)]
#[codes(url = "https://plans.example/errors#{code}")]
enum Code {
    #[code(
        exit = 3,
        doc = "Another run holds the scope's lock.",
        hint = "Wait for it, or pass --wait.",
        http = 409
    )]
    LockHeld,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

/// The problem written by hand, its members in the order the library prints them.
#[derive(Serialize)]
struct HandProblem<'a> {
    #[serde(rename = "type")]
    type_uri: &'a str,
    title: &'a str,
    status: u16,
    detail: &'a str,
    code: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    hint: Option<&'a str>,
    holder: u64,
    scope: &'a str,
    since: &'a str,
}

const MESSAGE: &str = "the lock on prod is held by run 41";
const SINCE: &str = "2026-11-30T03:12:00Z";

fn coded_error() -> Error<Code> {
    Error::new(Code::LockHeld, MESSAGE)
        .with_detail("scope", "prod")
        .with_detail("holder", &41)
        .with_detail("since", SINCE)
}

fn hand_problem(error: &Error<Code>) -> HandProblem<'_> {
    HandProblem {
        type_uri: error.info().url.unwrap_or("about:blank"),
        title: error.info().doc,
        status: error.info().http_status(),
        detail: error.message(),
        code: error.code(),
        hint: error.hint(),
        holder: 41,
        scope: "prod",
        since: SINCE,
    }
}

fn problem(c: &mut Criterion) {
    let error = coded_error();
    let ours = error.to_problem();
    let hand = serde_json::to_string(&hand_problem(&error)).unwrap();
    // Both sides must print the same bytes, or the comparison means nothing.
    assert_eq!(ours.body, hand);
    assert_eq!(
        hand,
        r#"{"type":"https://plans.example/errors#LOCK_HELD","title":"Another run holds the scope's lock.","status":409,"detail":"the lock on prod is held by run 41","code":"LOCK_HELD","hint":"Wait for it, or pass --wait.","holder":41,"scope":"prod","since":"2026-11-30T03:12:00Z"}"#
    );

    // What a service pays per failure: from the error to the body's String.
    let mut group = c.benchmark_group("problem");
    group
        .sample_size(50)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    group.bench_function("sponson", |b| {
        b.iter(|| black_box(black_box(&error).to_problem()));
    });
    group.bench_function("derived_struct", |b| {
        b.iter(|| {
            let error = black_box(&error);
            black_box((
                error.info().http_status(),
                serde_json::to_string(&hand_problem(error)).unwrap(),
            ))
        });
    });
    group.finish();
}

criterion_group!(benches, problem);
criterion_main!(benches);
