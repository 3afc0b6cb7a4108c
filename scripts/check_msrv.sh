#!/usr/bin/env bash
# The library crates (sponson-codes, sponson-codes-derive) built and tested
# with the oldest Rust they declare: Debian bookworm's rustc-web and
# cargo-web 1.85, installed with apt on first use (outside the clone, in
# /usr/bin; rustup's toolchain stays first on PATH for everything else).
# With the workspace's Cargo.lock, in a target dir of its own.
#
# Every feature but `tonic`: tonic 0.14 itself needs Rust 1.88 (it uses let
# chains), so the `tonic` feature needs what tonic needs. Unit and
# integration tests run; doc tests, a compile each, are left to the main
# toolchain's run.
set -euo pipefail
cd "$(dirname "$0")/.."

version=1.85.0+dfsg3-1~deb12u3
rustc=/usr/bin/rustc
cargo=/usr/bin/cargo
if ! "$rustc" --version 2> /dev/null | grep -q '^rustc 1\.85\.'; then
    if [ "$(id -u)" != 0 ] || ! command -v apt-get > /dev/null; then
        echo "error: the MSRV check needs Debian's Rust 1.85 in /usr/bin; install it with" >&2
        echo "  apt-get install rustc-web=$version cargo-web=$version libstd-rust-web-dev=$version libstd-rust-web-1.85=$version" >&2
        exit 1
    fi
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --allow-downgrades \
        "rustc-web=$version" "cargo-web=$version" \
        "libstd-rust-web-dev=$version" "libstd-rust-web-1.85=$version" > /dev/null
fi
"$rustc" --version
"$cargo" --version

features=sponson-codes/clap,sponson-codes/anyhow,sponson-codes/axum,sponson-codes/miette
features=$features,sponson-codes/tracing,sponson-codes/companion,sponson-codes/mcp
features=$features,sponson-codes/fluent
export RUSTC="$rustc" RUSTDOC=/usr/bin/rustdoc
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-target}/msrv"
# The slow randomized runs are the main toolchain's; here, that each test
# builds and passes.
export SPONSON_CODES_SLOW_TESTS=0
"$cargo" test --locked -p sponson-codes -p sponson-codes-derive --features "$features" --lib --tests
