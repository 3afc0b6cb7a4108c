#!/usr/bin/env bash
# The examples' error index site in a real browser: the four example
# programs hand the companion their catalogs (`--bin NAME=PATH`), it merges
# them and writes one site, and scripts/browser/site_test.mjs drives headless
# Chromium over it (every code listed, the search box, each page, no console
# error, no request leaving the site's folder, contrast). `.ci/run` runs it.
#
#   bash scripts/check_site.sh                # install what is missing, build, test
#   bash scripts/check_site.sh --screenshots  # also rewrite docs/site-index.png and docs/site-code.png
#
# What it needs, installed once when missing, quietly: Debian's `chromium`
# (apt-get; the machine's Node.js and npm are expected) and npm's
# `playwright-core` (pinned in scripts/browser/package-lock.json, into
# scripts/browser/node_modules). When they cannot be installed (no apt-get,
# not root, no registry), the browser test is skipped with a message saying
# what is missing; the site is still built and checked by the companion.
set -euo pipefail
cd "$(dirname "$0")/.."

screenshots=
for arg in "$@"; do
    case "$arg" in
        --screenshots) screenshots=docs ;;
        *) echo "unknown argument: $arg" >&2; exit 2 ;;
    esac
done

target=${CARGO_TARGET_DIR:-target}
chromium=${CHROMIUM:-/usr/bin/chromium}
browser_dir=scripts/browser

# Each install step prints its time, so that the figures of docs/contributing.md can be
# checked on a fresh machine.
timed() {
    local started=$SECONDS status=0
    "$@" || status=$?
    printf -- '-- %s: %d s\n' "$1" $((SECONDS - started))
    return "$status"
}

install_chromium() {
    [ -x "$chromium" ] && return 0
    if ! command -v apt-get >/dev/null || [ "$(id -u)" != 0 ]; then
        return 1
    fi
    echo "-- installing Debian's chromium (once)"
    # Quietly (apt's output is shown only if it fails), and without the
    # recommended extras (fonts, drivers) a headless run does not need.
    local log status=0
    log=$(mktemp)
    { DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium; } >"$log" 2>&1 || status=$?
    [ "$status" = 0 ] || tail -20 "$log" >&2
    rm -f "$log"
    return "$status"
}

install_playwright() {
    local want
    want=$(sed -n 's/.*"playwright-core": "\([0-9.]*\)".*/\1/p' "$browser_dir/package.json")
    if grep -qs "\"version\": \"$want\"" "$browser_dir/node_modules/playwright-core/package.json"; then
        return 0
    fi
    command -v npm >/dev/null || return 1
    echo "-- installing playwright-core $want (once)"
    (cd "$browser_dir" && npm ci --silent --no-audit --no-fund >/dev/null)
}

missing=
timed install_chromium || missing="Debian's chromium ($chromium; apt-get install chromium, as root)"
if [ -z "$missing" ]; then
    command -v node >/dev/null || missing="Node.js (node, 20 or later)"
fi
if [ -z "$missing" ]; then
    timed install_playwright || missing="npm's playwright-core (cd $browser_dir && npm ci)"
fi

bash scripts/build_companion.sh
bin=$target/debug
companion=$bin/sponson-codes
site=$target/site-check
rm -rf "$site"
mkdir -p "$site"
programs=(--bin "plan=$bin/plan" --bin "noggin=$bin/noggin" --bin "firstdraft=$bin/firstdraft" --bin "service=$bin/service")

# The examples disagree on one code's wording (a CODE_DIFFERS warning) and
# on nothing a machine reads.
"$companion" merge "${programs[@]}" --out "$site/merged.json" 2>"$site/merge.log"
"$companion" site "${programs[@]}" --out "$site/site" --title "Error codes of the examples" 2>"$site/site.log"
"$companion" site "${programs[@]}" --out "$site/site" --title "Error codes of the examples" --check 2>/dev/null
grep -q 'CODE_DIFFERS' "$site/site.log"

# A conflict planted in the service's catalog: the merge refuses it, naming
# both programs, and writes nothing.
SPONSON_CODES_CATALOG=1 "$bin/service" >"$site/service.json"
python3 - "$site/service.json" <<'EOF'
import json, sys
path = sys.argv[1]
catalog = json.load(open(path))
for code in catalog["codes"]:
    if code["code"] == "LOCK_HELD":
        code["exit"] = 4
json.dump(catalog, open(path, "w"))
EOF
if "$companion" merge --bin "plan=$bin/plan" --catalog "service=$site/service.json" --out "$site/conflict.json" 2>"$site/conflict.log"; then
    echo "the planted conflict was not refused" >&2
    exit 1
fi
grep -q '^error\[CATALOG_CONFLICT\]: .*code `LOCK_HELD` has exit 3 in `plan` and exit 4 in `service`' "$site/conflict.log" || {
    cat "$site/conflict.log" >&2
    exit 1
}
[ ! -e "$site/conflict.json" ]
echo "-- a conflict planted in the service's catalog is refused, naming plan and service"

if [ -n "$missing" ]; then
    echo "-- the browser test is SKIPPED: $missing is not installed and cannot be installed here"
    exit 0
fi
started=$SECONDS
args=(--site "$site/site" --catalog "$site/merged.json")
if [ -n "$screenshots" ]; then
    args+=(--screenshots "$screenshots")
fi
CHROMIUM="$chromium" node "$browser_dir/site_test.mjs" "${args[@]}"
printf -- '-- the browser test: %d s\n' $((SECONDS - started))
