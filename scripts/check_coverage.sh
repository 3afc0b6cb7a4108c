#!/usr/bin/env bash
# Every live code of the examples that hand over a catalog is raised in their
# sources and named by their tests, checked by the companion the way a
# project's CI checks its own (`sponson-codes coverage --bin ...`). Their
# tests check the same with `sponson_codes::testing::assert_covered`, the
# service's included, which has no catalog to hand over.
set -euo pipefail
cd "$(dirname "$0")/.."

target="${CARGO_TARGET_DIR:-target}"
# The binaries the tests built (scripts/build_companion.sh says why nothing
# is built again).
bash scripts/build_companion.sh
for program in plan noggin firstdraft ledger stash; do
    "$target/debug/sponson-codes" coverage --bin "$target/debug/$program" \
        --src "examples/$program/src" --tests "examples/$program/tests"
done
