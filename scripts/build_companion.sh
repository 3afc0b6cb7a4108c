#!/usr/bin/env bash
# The companion and the example programs that hand it their catalogs: every
# binary of the workspace, in one cargo command. `--examples` (the workspace
# has none) resolves features with the dev-dependencies, as `cargo test
# --workspace` does, so after the tests have run this builds nothing new;
# the scripts that run the binaries (check_codes_docs.sh, check_coverage.sh,
# check_site.sh, site_scale.py --smoke) share it.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --quiet --workspace --bins --examples
