//! Fails when `docs/errors.md` or `docs/errors.lock.json` no longer match the
//! codes; run with `SPONSON_CODES_BLESS=1` to rewrite them. CI checks the
//! same files with the installed companion, from the workspace's root, as the
//! regenerate commands say.

use plan_example as _;

#[test]
fn error_docs_are_fresh() {
    sponson_codes::testing::assert_docs_fresh(
        "docs/errors.md",
        "sponson-codes docs --bin target/debug/plan --out examples/plan/docs/errors.md",
    );
}

#[test]
fn error_lock_is_fresh() {
    sponson_codes::testing::assert_lock_fresh(
        "docs/errors.lock.json",
        "sponson-codes lock --bin target/debug/plan --out examples/plan/docs/errors.lock.json",
    );
}

#[test]
fn every_code_is_raised_and_tested() {
    sponson_codes::testing::assert_covered();
}
