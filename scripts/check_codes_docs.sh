#!/usr/bin/env bash
# The examples' error docs, locks, pages for agents and types, checked the way a project's CI checks
# its own: by the companion (as `cargo install sponson-codes --features
# companion` installs it), from the catalog each program's binary hands over.
set -euo pipefail
cd "$(dirname "$0")/.."

cargo build --quiet -p sponson-codes --features companion --bin sponson-codes
cargo build --quiet -p plan-example --bin plan
companion=target/debug/sponson-codes

"$companion" docs --check --bin target/debug/plan --out examples/plan/docs/errors.md
"$companion" lock --check --bin target/debug/plan --out examples/plan/docs/errors.lock.json
"$companion" agents --check --bin target/debug/plan --out examples/plan/docs/SKILL.md
"$companion" types --lang typescript --check --bin target/debug/plan --out examples/plan/docs/errors.ts
"$companion" types --lang python --check --bin target/debug/plan --out examples/plan/docs/errors.py
"$companion" check --bin target/debug/plan --lock examples/plan/docs/errors.lock.json >/dev/null 2>&1 \
    || "$companion" check --bin target/debug/plan --lock examples/plan/docs/errors.lock.json
