#!/usr/bin/env bash
# The examples' error docs and locks, checked the way a project's CI checks
# its own: by the companion (as `cargo install sponson-codes --features
# companion` installs it), from the catalog each program's binary hands over.
set -euo pipefail
cd "$(dirname "$0")/.."

cargo build --quiet -p sponson-codes --features companion --bin sponson-codes
cargo build --quiet -p plan-example --bin plan
companion=target/debug/sponson-codes

"$companion" docs --check --bin target/debug/plan --out examples/plan/docs/errors.md
"$companion" lock --check --bin target/debug/plan --out examples/plan/docs/errors.lock.json
"$companion" check --bin target/debug/plan --lock examples/plan/docs/errors.lock.json >/dev/null 2>&1 \
    || "$companion" check --bin target/debug/plan --lock examples/plan/docs/errors.lock.json

# The schema of one command lists only the codes its set declares.
codes_of() {
    "$companion" schema --bin target/debug/plan --command "$1" \
        | python3 -c 'import json, sys; print(" ".join(json.load(sys.stdin)["$defs"]["code"]["enum"]))'
}
[ "$(codes_of validate)" = "USAGE PLAN_PARSE INTERNAL" ] || { echo "schema --command validate: $(codes_of validate)"; exit 1; }
[ "$(codes_of apply)" = "USAGE PLAN_PARSE ENV_NOT_APPROVED LOCK_HELD INTERNAL" ] || { echo "schema --command apply: $(codes_of apply)"; exit 1; }
