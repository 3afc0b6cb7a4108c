#!/usr/bin/env bash
# The examples' error docs, locks and site, checked the way a project's CI checks
# its own: by the companion (as `cargo install sponson-codes --features
# companion` installs it), from the catalog each program's binary hands over.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/build_companion.sh
companion=target/debug/sponson-codes

"$companion" docs --check --bin target/debug/plan --out examples/plan/docs/errors.md
"$companion" lock --check --bin target/debug/plan --out examples/plan/docs/errors.lock.json
# The error index site and its llms.txt, committed beside the docs.
"$companion" site --check --bin target/debug/plan --out examples/plan/docs/errors
"$companion" check --bin target/debug/plan --lock examples/plan/docs/errors.lock.json >/dev/null 2>&1 \
    || "$companion" check --bin target/debug/plan --lock examples/plan/docs/errors.lock.json
