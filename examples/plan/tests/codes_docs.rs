//! Fails when `docs/errors.md`, `docs/errors.lock.json`, the page for agents
//! (`docs/SKILL.md`) or the types for other languages (`docs/errors.ts`,
//! `docs/errors.py`) no longer match the codes; run with
//! `SPONSON_CODES_BLESS=1` to rewrite them. CI checks the
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

#[test]
fn agents_page_is_fresh() {
    sponson_codes::testing::assert_agents_fresh(
        "docs/SKILL.md",
        "sponson-codes agents --bin target/debug/plan --out examples/plan/docs/SKILL.md",
    );
}

#[test]
fn types_are_fresh() {
    use sponson_codes::testing::Lang;
    sponson_codes::testing::assert_types_fresh(
        "docs/errors.ts",
        Lang::TypeScript,
        "sponson-codes types --lang typescript --bin target/debug/plan --out examples/plan/docs/errors.ts",
    );
    sponson_codes::testing::assert_types_fresh(
        "docs/errors.py",
        Lang::Python,
        "sponson-codes types --lang python --bin target/debug/plan --out examples/plan/docs/errors.py",
    );
}
