//! Fails when `docs/errors.md` or `docs/errors.lock.json` no longer match the
//! codes; run with `SPONSON_CODES_BLESS=1` to rewrite them.

use plan_example as _;

#[test]
fn error_docs_are_fresh() {
    sponson_codes::testing::assert_docs_fresh(
        "docs/errors.md",
        "cargo run -p plan-example --bin plan-codes -- docs",
    );
}

#[test]
fn error_lock_is_fresh() {
    sponson_codes::testing::assert_lock_fresh(
        "docs/errors.lock.json",
        "cargo run -p plan-example --bin plan-codes -- lock",
    );
}
