//! Compile-fail cases of the derive: each file under `tests/ui/` is one
//! mistake, and its `.stderr` is the exact error a user sees. They live in a
//! crate of their own because trybuild builds them against the crate's
//! dependencies and dev-dependencies: these few, not the test suite's.
//!
//! The `.stderr` files hold rustc 1.95's wording; rustc rewords its own notes
//! between releases, so the cases run only on 1.95 (as thiserror pins its UI
//! tests) and a toolchain update cannot fail them on wording alone. When the
//! toolchain moves, regenerate them with `TRYBUILD=overwrite` on the new
//! version, review the diff, and move the pin.

#[rustversion::attr(
    not(stable(1.95)),
    ignore = "the .stderr files hold rustc 1.95's wording"
)]
#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
}
