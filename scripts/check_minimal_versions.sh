#!/usr/bin/env bash
# Every direct dependency of the library crates at the version they declare:
# the two crates are copied into a workspace of their own, resolved with
# `cargo generate-lockfile -Z direct-minimal-versions` (each direct
# dependency at its lowest declared version, everything else at the newest
# that fits), and built with every feature.
#
# -Z flags are unstable; RUSTC_BOOTSTRAP=1 lets the stable cargo take this
# one, so no nightly toolchain is needed. Its target dir is its own.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
target_dir="$(realpath -m "${CARGO_TARGET_DIR:-target}")/minimal-versions"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp -r sponson-codes sponson-codes-derive README.md LICENSE-MIT LICENSE-APACHE "$work/"
# The workspace's own manifest, with the two library crates as its only
# members: their `workspace = true` dependencies read it.
python3 - "$root/Cargo.toml" "$work/Cargo.toml" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
text = re.sub(r"members = \[.*?\]", 'members = ["sponson-codes", "sponson-codes-derive"]', text, flags=re.S)
text = re.sub(r"exclude = \[.*?\]\n", "", text)
open(sys.argv[2], "w").write(text)
PY
cd "$work"
RUSTC_BOOTSTRAP=1 cargo generate-lockfile -Z direct-minimal-versions
CARGO_TARGET_DIR="$target_dir" cargo build --locked -p sponson-codes -p sponson-codes-derive --all-features
