#!/usr/bin/env python3
"""Cold build time of a small program that depends on sponson-codes, with the
default features (the `tooling` feature on) and with `default-features = false`.

Each build starts from an empty target directory; the registry (downloaded
crates) stays cached, so the figure is compile time, not download time. The
two variants alternate within each round so that a change in the machine's
load falls on both. Prints one line per build and the medians.

    python3 scripts/feature_build_time.py              # 3 rounds, debug and release
    python3 scripts/feature_build_time.py --rounds 5
    python3 scripts/feature_build_time.py --source DIR  # a checkout other than this one
"""

import argparse
import os
import shutil
import statistics
import subprocess
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

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


def make_crate(root, parent, name, default_features):
    path = os.path.join(parent, name)
    os.makedirs(os.path.join(path, "src"))
    dep = os.path.join(root, "sponson-codes")
    features = "" if default_features else ", default-features = false"
    with open(os.path.join(path, "Cargo.toml"), "w") as f:
        f.write(
            f'[package]\nname = "{name}"\nversion = "0.0.0"\nedition = "2021"\npublish = false\n\n'
            f'[dependencies]\nsponson-codes = {{ path = "{dep}"{features} }}\n\n[workspace]\n'
        )
    with open(os.path.join(path, "src", "main.rs"), "w") as f:
        f.write(MAIN_RS)
    # Same dependency versions as the workspace.
    shutil.copy(os.path.join(root, "Cargo.lock"), os.path.join(path, "Cargo.lock"))
    return path


def build(path, release):
    target = os.path.join(path, "target")
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
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="sponson-features-") as tmp:
        crates = {
            "default": make_crate(args.source, tmp, "with-tooling", True),
            "no-default": make_crate(args.source, tmp, "without-tooling", False),
        }
        times = {(v, p): [] for v in crates for p in ("debug", "release")}
        for round_ in range(args.rounds):
            for profile in ("debug", "release"):
                for variant, path in crates.items():
                    seconds = build(path, profile == "release")
                    times[(variant, profile)].append(seconds)
                    load = open("/proc/loadavg").read().split()[0]
                    print(f"round {round_ + 1} {profile:7} {variant:10} {seconds:6.1f} s  (load {load})", flush=True)
        print()
        for profile in ("debug", "release"):
            with_ = statistics.median(times[("default", profile)])
            without = statistics.median(times[("no-default", profile)])
            print(
                f"{profile:7} median: default features {with_:.1f} s, "
                f"default-features = false {without:.1f} s, ratio {without / with_:.2f}"
            )


if __name__ == "__main__":
    main()
