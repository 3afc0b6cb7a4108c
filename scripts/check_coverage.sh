#!/usr/bin/env bash
# Every live code of the examples that hand over a catalog is raised in their
# sources and named by their tests, checked by the companion the way a
# project's CI checks its own (`sponson-codes coverage --bin ...`). Their
# tests check the same with `sponson_codes::testing::assert_covered`, the
# service's included, which has no catalog to hand over.
set -euo pipefail
cd "$(dirname "$0")/.."

target="${CARGO_TARGET_DIR:-target}"
cargo build --quiet -p sponson-codes --features companion --bin sponson-codes
# One build: the examples share the runtime's features, so it is built once.
cargo build --quiet -p plan-example -p noggin-example -p firstdraft-example \
    -p ledger-example -p stash-example --bins
for program in plan noggin firstdraft ledger stash; do
    "$target/debug/sponson-codes" coverage --bin "$target/debug/$program" \
        --src "examples/$program/src" --tests "examples/$program/tests"
done
