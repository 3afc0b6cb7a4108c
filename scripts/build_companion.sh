#!/usr/bin/env bash
# The companion and the example programs that hand it their catalogs, built in one cargo command:
# the scripts that run them (check_codes_docs.sh, check_site.sh,
# site_scale.py --smoke) share this one build, so cargo resolves their
# features once and compiles each crate once for all of them.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --quiet -p sponson-codes --features companion --bin sponson-codes \
    -p plan-example --bin plan -p noggin-example --bin noggin \
    -p firstdraft-example --bin firstdraft -p service-example --bin service \
    -p ledger-example --bin ledger -p stash-example --bin stash
