#!/usr/bin/env python3
"""Cold build time of a small program that depends on sponson-codes, with the
default features (the runner, no tooling) and with the tooling compiled in as
well (`features = ["companion"]`, what a program paid before the tooling moved
out of it).

Each build starts from an empty target directory; the registry (downloaded
crates) stays cached, so the figure is compile time, not download time. The
two variants alternate within each round so that a change in the machine's
load falls on both. Prints one line per build and the medians.

    python3 scripts/feature_build_time.py              # 3 rounds, debug and release
    python3 scripts/feature_build_time.py --rounds 5
    python3 scripts/feature_build_time.py --source DIR  # a checkout other than this one
    python3 scripts/feature_build_time.py --smoke       # one debug round, warm, in target/smoke (CI)
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import smoke  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The two builds of figure 12, each (default features on, further features):
# the runtime's default features, and the same with the companion's tooling.
VARIANTS = {"default": (True, []), "companion": (True, ["companion"])}
CRATE_NAMES = {"default": "without-tooling", "companion": "with-tooling"}

MAIN_RS = """\
use sponson_codes::{Error, ErrorCodes, Mode, Runner};

/// Failures of the demo.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ErrorCodes)]
enum Code {
    #[code(exit = 3, doc = "Another run holds the lock.", hint = "Pass --wait.")]
    LockHeld,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

fn main() -> std::process::ExitCode {
    let json = std::env::args().any(|arg| arg == "--json");
    Runner::<Code>::new("apply", Mode::from_json_flag(json)).run(|| {
        if std::env::args().count() > 5 {
            return Err(Error::new(Code::LockHeld, "held by run 41").with_detail("run", &41));
        }
        Ok::<_, Error<Code>>("done")
    })
}
"""


def make_crate(root, parent, name, default_features, features):
    path = os.path.join(parent, name)
    dep = os.path.join(root, "sponson-codes")
    options = "" if default_features else ", default-features = false"
    if features:
        options += ", features = %s" % json.dumps(features)
    smoke.write(
        os.path.join(path, "Cargo.toml"),
        f'[package]\nname = "{name}"\nversion = "0.0.0"\nedition = "2021"\npublish = false\n\n'
        f'[dependencies]\nsponson-codes = {{ path = "{dep}"{options} }}\n\n[workspace]\n',
    )
    smoke.write(os.path.join(path, "src", "main.rs"), MAIN_RS)
    # Same dependency versions as the workspace.
    with open(os.path.join(root, "Cargo.lock")) as f:
        smoke.write(os.path.join(path, "Cargo.lock"), f.read())
    return path


def build(path, release, smoke_run=False):
    # A smoke run builds warm, into the target dir every smoke run shares.
    target = smoke.target() if smoke_run else os.path.join(path, "target")
    if not smoke_run:
        shutil.rmtree(target, ignore_errors=True)
    cmd = ["cargo", "build", "--quiet", "--offline"] + (["--release"] if release else [])
    env = dict(os.environ, CARGO_TARGET_DIR=target, CARGO_INCREMENTAL="0" if release else "1")
    start = time.monotonic()
    subprocess.run(cmd, cwd=path, env=env, check=True)
    return time.monotonic() - start


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--source", default=ROOT, help="the workspace whose sponson-codes is built")
    parser.add_argument("--smoke", action="store_true", help="one debug round, warm, in target/smoke (CI)")
    args = parser.parse_args()
    profiles = ("debug",) if args.smoke else ("debug", "release")
    if args.smoke:
        args.rounds = 1
    with tempfile.TemporaryDirectory(prefix="sponson-features-") as tmp:
        parent = smoke.workdir("feature_build_time") if args.smoke else tmp
        crates = {
            variant: make_crate(args.source, parent, CRATE_NAMES[variant], *VARIANTS[variant]) for variant in VARIANTS
        }
        times = {(v, p): [] for v in crates for p in profiles}
        for round_ in range(args.rounds):
            for profile in profiles:
                for variant, path in crates.items():
                    seconds = build(path, profile == "release", args.smoke)
                    times[(variant, profile)].append(seconds)
                    load = open("/proc/loadavg").read().split()[0]
                    print(f"round {round_ + 1} {profile:7} {variant:10} {seconds:6.1f} s  (load {load})", flush=True)
        print()
        for profile in profiles:
            lean = statistics.median(times[("default", profile)])
            tooled = statistics.median(times[("companion", profile)])
            print(
                f"{profile:7} median: default features {lean:.1f} s, "
                f"with the companion's tooling {tooled:.1f} s, ratio {lean / tooled:.2f}"
            )


if __name__ == "__main__":
    main()
