#!/usr/bin/env bash
# The examples' error docs, locks, sites, pages for agents and types, checked the way a project's CI checks
# its own: by the companion (as `cargo install sponson-codes --features
# companion` installs it), from the catalog each program's binary hands over.
# Then the adoption examples' own dependencies: the tooling the companion
# and the test helpers bring never reaches a program that adopts the runtime.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/build_companion.sh
companion=target/debug/sponson-codes

# The docs' first line is the command that regenerates them, `--bin` as
# given: `target/debug/...`, the workspace's target directory.
for program in plan ledger stash; do
    bin="target/debug/$program"
    docs="examples/$program/docs/errors.md"
    lock="examples/$program/docs/errors.lock.json"
    "$companion" docs --check --bin "$bin" --out "$docs"
    "$companion" lock --check --bin "$bin" --out "$lock"
    "$companion" check --bin "$bin" --lock "$lock" >/dev/null 2>&1 \
        || "$companion" check --bin "$bin" --lock "$lock"
done

# Against the lock of the release before plan renamed ENV_NOT_APPROVED (kept
# as an alias) and split PLAN_CONFLICT from SERVER_REJECTED, the check passes
# under `additive` and names both changes.
before="$("$companion" check --bin target/debug/plan --lock examples/plan/fixtures/errors.lock.before-rename.json 2>/dev/null)"
for change in "renamed code \`ENV_NOT_APPROVED\` to \`APPROVAL_REQUIRED\`" "\`SERVER_REJECTED\` was split into \`PLAN_CONFLICT\`"; do
    grep -qF "$change" <<<"$before" || { echo "check against the lock before the rename does not say: $change" >&2; echo "$before" >&2; exit 1; }
done

# The plan example's locales (English and German): a message for every live
# code in each, naming only its code's details, and every file parses.
"$companion" check --bin target/debug/plan --lock examples/plan/docs/errors.lock.json --locales examples/plan/locales >/dev/null
"$companion" messages --check --locales examples/plan/locales --bin target/debug/plan --out examples/plan/docs/messages.md

# The plan example's error index site (each code's page with its message in
# each locale) and its llms.txt, its page for agents and its types for other
# languages, committed beside its docs.
"$companion" site --check --bin target/debug/plan --out examples/plan/docs/errors --locales examples/plan/locales
"$companion" agents --check --bin target/debug/plan --out examples/plan/docs/SKILL.md
"$companion" types --lang typescript --check --bin target/debug/plan --out examples/plan/docs/errors.ts
"$companion" types --lang python --check --bin target/debug/plan --out examples/plan/docs/errors.py

# similar and pulldown-cmark come only with the features `testing` and
# `companion` (tempfile never: std writes the files, see
# tests/tests/test_dependencies.rs); strsim with `companion` too. strsim is also the
# derive's ("did you mean" in its compile errors; a proc-macro, never linked
# into the program) and clap's own suggestions', which the examples keep:
# it may reach them only through those two.
for package in ledger-example stash-example; do
    tree="$(cargo tree --quiet -p "$package" -e normal --prefix none)"
    for tooling in similar tempfile pulldown-cmark; do
        if grep -q "^$tooling v" <<<"$tree"; then
            echo "error: $package depends on $tooling, a tooling dependency:" >&2
            cargo tree -p "$package" -e normal -i "$tooling" >&2
            exit 1
        fi
    done
    if grep -q "^strsim v" <<<"$tree"; then
        users="$(cargo tree --quiet -p "$package" -e normal -i strsim --prefix none --depth 1 | grep -v '^strsim v' | sort -u)"
        if grep -qv '^\(clap_builder\|sponson-codes-derive\) v' <<<"$users"; then
            echo "error: strsim reaches $package through something other than clap:" >&2
            printf '%s\n' "$users" >&2
            exit 1
        fi
    fi
    if ! grep -q "^sponson-codes v" <<<"$tree"; then
        echo "error: $package does not depend on sponson-codes: nothing was checked" >&2
        exit 1
    fi
done

# The schema of one command lists only the codes its set declares (and their
# old names, which its readers take).
codes_of() {
    "$companion" schema --bin target/debug/plan --command "$1" \
        | python3 -c 'import json, sys; print(" ".join(json.load(sys.stdin)["$defs"]["code"]["enum"]))'
}
[ "$(codes_of validate)" = "USAGE PLAN_PARSE INTERNAL" ] || { echo "schema --command validate: $(codes_of validate)"; exit 1; }
[ "$(codes_of apply)" = "USAGE PLAN_PARSE APPROVAL_REQUIRED ENV_NOT_APPROVED LOCK_HELD INTERNAL" ] || { echo "schema --command apply: $(codes_of apply)"; exit 1; }
