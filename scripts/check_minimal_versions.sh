#!/usr/bin/env bash
# Every direct dependency of the library crates at the version they declare:
# the two crates are copied into a workspace of their own, resolved with
# `cargo generate-lockfile -Z direct-minimal-versions` (each direct
# dependency at its lowest declared version, everything else at the newest
# that fits), and checked (`cargo check`) with every feature.
#
# The features whose dependency asks more of the others than the crates do
# (`rmcp`: its schemars needs serde 1.0.194 and serde_json 1.0.127) cannot
# take part in that resolution: with them, no lockfile has serde and
# serde_json at the versions the crates declare. So the crates are first
# checked without them, and then checked with them, each of those
# dependencies (rmcp, utoipa) at its declared version and the rest at the
# newest.
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
# The build without rmcp and utoipa still has their `cfg`s.
text = text.replace('check-cfg = ["cfg(docsrs)"]', 'check-cfg = ["cfg(docsrs)", \'cfg(feature, values("rmcp", "utoipa"))\']')
open(sys.argv[2], "w").write(text)
PY
cd "$work"
cp sponson-codes/Cargo.toml "$work/Cargo.toml.full"
# Without the features that pull rmcp and utoipa.
python3 - sponson-codes/Cargo.toml <<'PY'
import re, sys
path = sys.argv[1]
text = open(path).read()
text = re.sub(r"^(rmcp|utoipa) = .*\n", "", text, flags=re.M)
open(path, "w").write(text)
PY
RUSTC_BOOTSTRAP=1 cargo generate-lockfile -Z direct-minimal-versions
# A check, not a build: what an older dependency can break is the API the
# crates use, which type-checking finds; code generation would add a third
# of the time and find nothing more.
CARGO_TARGET_DIR="$target_dir" cargo check --locked -p sponson-codes -p sponson-codes-derive --all-features

# With them: rmcp and utoipa at their declared versions. One the
# workspace's own lock holds at that version is built there already, by
# every build of the workspace, so only the others are checked here.
cp "$work/Cargo.toml.full" sponson-codes/Cargo.toml
rm Cargo.lock
cargo generate-lockfile
features=()
for dependency in rmcp utoipa; do
    version="$(sed -n "s/^$dependency = { version = \"[>=]*\([0-9.]*\).*/\1/p" sponson-codes/Cargo.toml | head -1)"
    version="$(python3 -c 'import sys; v = sys.argv[1].split("."); print(".".join(v + ["0"] * (3 - len(v))))' "$version")"
    if python3 -c 'import re, sys; sys.exit(not re.search("name = \"%s\"\nversion = \"%s\"\n" % (sys.argv[2], re.escape(sys.argv[3])), open(sys.argv[1]).read()))' \
        "$root/Cargo.lock" "$dependency" "$version"; then
        echo "$dependency $version: the workspace's lock holds it, and the workspace builds it"
        continue
    fi
    cargo update --quiet -p "$dependency" --precise "$version"
    echo "$dependency $version: checked here"
    features+=("$dependency")
done
if [ "${#features[@]}" -gt 0 ]; then
    # Only these features: the rest were checked at their minimal versions above.
    CARGO_TARGET_DIR="$target_dir" cargo check --locked -p sponson-codes --features "$(IFS=,; echo "${features[*]}")"
fi
