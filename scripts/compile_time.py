#!/usr/bin/env python3
"""Compile time of `#[derive(ErrorCodes)]` against the peer stack.

Generates, in a temporary directory (never in the repository), a workspace
with two library crates declaring the same N error codes with the same
metadata (code string, exit code, one-line doc, hint, doc comment):

- `ours`: one enum with `#[derive(ErrorCodes)]` (sponson-codes by path);
- `peer`: one enum with strum's `EnumString`, `IntoStaticStr`, `EnumIter`
  and `EnumMessage`, serde's `Serialize` and `Deserialize` (with
  `#[serde(other)]` on the fallback), and a hand-written exit-code `match`.

Both also derive `Debug, Clone, Copy, PartialEq, Eq, Hash`. Dependencies are
built first; then each crate is rebuilt alone, alternating between the two,
with incremental compilation off, and the median wall time of each and their
ratio are printed, for debug and release. Before that, unless --skip-cold,
the cold build of each side's dependency tree is timed from an empty target
directory: sponson-codes with everything it pulls in, against strum (derive)
plus serde (derive).

    python3 scripts/compile_time.py                 # N = 1000, 5 rounds
    python3 scripts/compile_time.py --n 100 --rounds 3 --profiles debug
    python3 scripts/compile_time.py --smoke    # N = 5, one debug round, no cold builds (CI)
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
import gen_bench_codes as gen  # noqa: E402
from measure import load  # noqa: E402
import smoke  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The runtime's features in `ours`, as figure 6 measured them: the default
# features and nothing more.
DEFAULT_FEATURES = True
FEATURES = []
DERIVES = "Debug, Clone, Copy, PartialEq, Eq, Hash"


def doc_comment(i, doc):
    if i % 5 != 2:
        return ""
    return (
        "    /// Raised when the %s; the run stops before it changes anything.\n"
        "    ///\n    /// See the operator guide for the usual causes.\n" % doc[4:-1]
    )


def ours_source(rows):
    exits = ", ".join("%d = %s" % (e, gen.rust_str(m)) for e, m in gen.EXITS)
    out = ["use sponson_codes::ErrorCodes;\n\n/// Failures of a program.\n"]
    out.append("#[derive(%s, ErrorCodes)]\n#[codes(exits(%s))]\npub enum Code {\n" % (DERIVES, exits))
    for i, (code, ident, exit_code, doc, hint) in enumerate(rows):
        args = ["name = %s" % gen.rust_str(code), "exit = %d" % exit_code, "doc = %s" % gen.rust_str(doc)]
        if hint:
            args.append("hint = %s" % gen.rust_str(hint))
        if code == "INTERNAL":
            args.append("fallback")
        out.append(doc_comment(i, doc))
        out.append("    #[code(%s)]\n    %s,\n" % (", ".join(args), ident))
    out.append("}\n")
    return "".join(out)


def peer_source(rows):
    out = ["/// Failures of a program.\n"]
    out.append(
        "#[derive(%s, strum::EnumString, strum::IntoStaticStr, strum::EnumIter, strum::EnumMessage, "
        "serde::Serialize, serde::Deserialize)]\npub enum Code {\n" % DERIVES
    )
    for i, (code, ident, _exit, doc, hint) in enumerate(rows):
        strum = ["serialize = %s" % gen.rust_str(code), "message = %s" % gen.rust_str(doc)]
        if hint:
            strum.append("detailed_message = %s" % gen.rust_str(hint))
        out.append(doc_comment(i, doc))
        out.append("    #[strum(%s)]\n" % ", ".join(strum))
        if code == "INTERNAL":
            out.append("    #[serde(other)]\n")
        out.append("    #[serde(rename = %s)]\n    %s,\n" % (gen.rust_str(code), ident))
    out.append("}\n\nimpl Code {\n    /// The process exit code.\n    pub fn exit_code(self) -> u8 {\n        match self {\n")
    for _code, ident, exit_code, _doc, _hint in rows:
        out.append("            Code::%s => %d,\n" % (ident, exit_code))
    out.append("        }\n    }\n}\n")
    return "".join(out)


write = smoke.write


def make_workspace(tmp, n):
    pool = gen.draw(n - 1, seed=412)
    rows = gen.entries(n, pool)
    write(
        os.path.join(tmp, "Cargo.toml"),
        '[workspace]\nresolver = "2"\nmembers = ["ours", "peer"]\n',
    )
    sponson = "path = %s" % json.dumps(os.path.join(ROOT, "sponson-codes"))
    if not DEFAULT_FEATURES:
        sponson += ", default-features = false"
    if FEATURES:
        sponson += ", features = %s" % json.dumps(FEATURES)
    write(
        os.path.join(tmp, "ours", "Cargo.toml"),
        '[package]\nname = "ours"\nversion = "0.0.0"\nedition = "2021"\npublish = false\n\n'
        "[dependencies]\nsponson-codes = { %s }\n" % sponson,
    )
    write(
        os.path.join(tmp, "peer", "Cargo.toml"),
        '[package]\nname = "peer"\nversion = "0.0.0"\nedition = "2021"\npublish = false\n\n'
        '[dependencies]\nstrum = { version = "0.28", features = ["derive"] }\n'
        'serde = { version = "1", features = ["derive"] }\n',
    )
    write(os.path.join(tmp, "ours", "src", "lib.rs"), ours_source(rows))
    write(os.path.join(tmp, "peer", "src", "lib.rs"), peer_source(rows))
    lock = os.path.join(ROOT, "Cargo.lock")
    if os.path.exists(lock):
        # The repository's versions, so both sides build what the workspace pins.
        with open(lock) as f:
            write(os.path.join(tmp, "Cargo.lock"), f.read())


def cargo(tmp, target, args, quiet=True):
    env = dict(os.environ, CARGO_TARGET_DIR=target, CARGO_INCREMENTAL="0", CARGO_TERM_COLOR="never")
    start = time.perf_counter()
    proc = subprocess.run(
        ["cargo"] + args,
        cwd=tmp,
        env=env,
        stdout=subprocess.PIPE if quiet else None,
        stderr=subprocess.PIPE if quiet else None,
        text=True,
    )
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        sys.stderr.write(proc.stderr or "")
        raise SystemExit("cargo %s failed" % " ".join(args))
    return elapsed


def profile_args(profile):
    return ["--release"] if profile == "release" else []


def cold(tmp, profile):
    """Wall time of building each side's dependency tree from nothing."""
    times = {}
    for side, packages in (("ours", ["sponson-codes"]), ("peer", ["strum", "serde"])):
        target = os.path.join(tmp, "target-cold-%s-%s" % (side, profile))
        shutil.rmtree(target, ignore_errors=True)
        args = ["build"] + profile_args(profile)
        for package in packages:
            args += ["-p", package]
        times[side] = cargo(tmp, target, args)
        shutil.rmtree(target, ignore_errors=True)
    return times


def warm(tmp, profile, rounds, target):
    """Median wall time of rebuilding each crate alone, dependencies prebuilt."""
    cargo(tmp, target, ["build", "-p", "ours", "-p", "peer"] + profile_args(profile))
    samples = {"ours": [], "peer": []}
    for r in range(rounds):
        order = ["ours", "peer"] if r % 2 == 0 else ["peer", "ours"]
        for side in order:
            lib = os.path.join(tmp, side, "src", "lib.rs")
            with open(lib, "a") as f:
                f.write("// round %d\n" % r)
            samples[side].append(cargo(tmp, target, ["build", "-p", side] + profile_args(profile)))
    return samples


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n", type=int, default=1000, help="number of codes (default 1000)")
    parser.add_argument("--rounds", type=int, default=5, help="rebuilds of each crate per profile (default 5)")
    parser.add_argument("--profiles", default="debug,release", help="comma-separated: debug, release")
    parser.add_argument("--skip-cold", action="store_true", help="skip the cold builds of the dependency trees")
    parser.add_argument("--keep", action="store_true", help="keep the generated workspace and print its path")
    parser.add_argument("--json", help="also write the results to this file")
    parser.add_argument("--smoke", action="store_true", help="N = 5, one debug round, no cold builds (CI)")
    args = parser.parse_args()
    if args.smoke:
        args.n, args.rounds, args.profiles, args.skip_cold = 5, 1, "debug", True
    if args.n < 2:
        parser.error("--n must be at least 2")

    # A smoke run keeps its crates and builds where the next one finds them.
    tmp = smoke.workdir("compile_time") if args.smoke else tempfile.mkdtemp(prefix="sponson-compile-time-")
    target = smoke.target() if args.smoke else os.path.join(tmp, "target")
    results = {"n": args.n, "rounds": args.rounds, "nproc": os.cpu_count(), "profiles": {}}
    try:
        make_workspace(tmp, args.n)
        print("N = %d codes, %d rounds, %s cores; load before: %s" % (args.n, args.rounds, os.cpu_count(), load()))
        for profile in [p.strip() for p in args.profiles.split(",") if p.strip()]:
            entry = {}
            if not args.skip_cold:
                entry["cold"] = cold(tmp, profile)
                print(
                    "%-7s cold dependency tree: sponson-codes %.1f s, strum + serde %.1f s"
                    % (profile, entry["cold"]["ours"], entry["cold"]["peer"])
                )
            samples = warm(tmp, profile, args.rounds, target)
            ours = statistics.median(samples["ours"])
            peer = statistics.median(samples["peer"])
            entry.update(samples=samples, ours=ours, peer=peer, ratio=ours / peer, load=load())
            results["profiles"][profile] = entry
            print(
                "%-7s ErrorCodes %.2f s, strum + serde + match %.2f s, ratio %.2f  (samples: %s / %s; load: %s)"
                % (
                    profile,
                    ours,
                    peer,
                    ours / peer,
                    " ".join("%.2f" % s for s in samples["ours"]),
                    " ".join("%.2f" % s for s in samples["peer"]),
                    entry["load"],
                )
            )
        if args.json:
            with open(args.json, "w") as f:
                json.dump(results, f, indent=2)
    finally:
        if args.keep or args.smoke:
            print("workspace kept in", tmp)
        else:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
