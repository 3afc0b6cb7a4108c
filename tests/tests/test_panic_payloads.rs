//! A caught panic's payload is freed: a long-lived process that renders
//! many commands with `Runner::render` does not grow with each panic.

use std::alloc::System;

use sponson_codes::{Error, ErrorCodes, Mode, Runner};
use stats_alloc::{StatsAlloc, INSTRUMENTED_SYSTEM};

#[derive(Debug, Clone, Copy, PartialEq, Eq, ErrorCodes)]
enum Code {
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

/// Counts the bytes allocated and freed.
#[global_allocator]
static ALLOCATOR: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// The bytes allocated and not yet freed.
fn live() -> isize {
    let stats = ALLOCATOR.stats();
    // A reallocation is counted in both totals already.
    stats.bytes_allocated as isize - stats.bytes_deallocated as isize
}

fn panic_many(times: usize) {
    for mode in [Mode::Json, Mode::Text] {
        let runner = Runner::<Code>::new("serve", mode);
        for i in 0..times {
            let out = runner.render(|| -> Result<(), Error<Code>> {
                panic!("request {i} failed with a long enough message to notice")
            });
            assert_eq!(out.exit, 1);
        }
    }
}

#[test]
fn caught_panic_payloads_are_freed() {
    std::panic::set_hook(Box::new(|_| {}));
    // The first panics set up what the runtime keeps for good.
    panic_many(20);
    let before = live();
    panic_many(1_000);
    let grown = live() - before;
    let _ = std::panic::take_hook();
    // A leaked payload is a boxed string of some 60 bytes: 2,000 of them
    // would be over 100 KB.
    assert!(
        grown < 4_096,
        "{grown} bytes still allocated after 2,000 panics"
    );
}
