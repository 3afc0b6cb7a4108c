//! Compile-fail cases of the derive: each file under `tests/ui/` (`ui/`
//! relative to this crate, which is where trybuild resolves paths) is one
//! mistake, and its `.stderr` is the exact error a user sees.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("ui/*.rs");
}
