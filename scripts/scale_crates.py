#!/usr/bin/env python3
"""Codes spread over many crates linked into one program, at 10 and 50 crates.

Generates, in a temporary directory (never in the repository), a workspace of
K library crates with 200 codes each (the benchmarks' code shapes, prefixed
by the crate so every code is unique), a program `app` that links all of them,
its companion binary `app-codes` (`companion::main!` over the K crates), and a
program `bare` with the same `main` that links none of them. For K = 10 and
K = 50 (by default) it measures, in one run:

- build: `cargo build` of the whole workspace in debug, sponson-codes and its
  dependencies prebuilt (so the figure is the K crates and the programs),
  wall time and CPU time (user + sys of cargo and its compilers);
- start-up: the median wall time and the mean CPU time of running `app`
  (every enum registered) and `bare` (none), each doing nothing else, over
  --runs runs;
- `registered()`: the median time of one call, timed inside `app`;
- the companion: wall and CPU time of `app-codes docs --out FILE`, `lock` and
  `check` over all K x 200 codes.

    python3 scripts/scale_crates.py
    python3 scripts/scale_crates.py --crates 10,50 --codes 200 --runs 200
    python3 scripts/scale_crates.py --smoke    # 2 crates of 5 codes, one run (CI)
"""

import argparse
import json
import os
import resource
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
# The runtime's features in every generated crate (default features on too):
# `companion::main!` (app-codes) needs the companion's feature.
FEATURES = ["companion"]

APP_MAIN = '''
%(uses)s
fn main() {
    let arg = std::env::args().nth(1);
    if arg.as_deref() == Some("registered") {
        // Median of single calls, after a first call that sorts the registry.
        let enums = sponson_codes::registry::registered();
        let codes: usize = enums.iter().map(|e| e.table.len()).sum();
        let mut samples = Vec::new();
        for _ in 0..201 {
            let start = std::time::Instant::now();
            let enums = std::hint::black_box(sponson_codes::registry::registered());
            samples.push(start.elapsed().as_nanos());
            std::hint::black_box(enums.len());
        }
        samples.sort_unstable();
        println!("{} {} {}", enums.len(), codes, samples[samples.len() / 2]);
    }
}
'''


def lib_source(k, rows):
    exits = ", ".join("%d = %s" % (e, gen.rust_str(m)) for e, m in gen.EXITS)
    out = ["//! Crate %d of the generated workspace.\n\n" % k]
    out.append("/// Failures of part %d.\n" % k)
    out.append("#[derive(Debug, Clone, Copy, PartialEq, Eq, sponson_codes::ErrorCodes)]\n")
    out.append("#[codes(exits(%s))]\npub enum Code {\n" % exits)
    for code, ident, exit_code, doc, hint in rows:
        args = ["name = %s" % gen.rust_str(code), "exit = %d" % exit_code, "doc = %s" % gen.rust_str(doc)]
        if hint:
            args.append("hint = %s" % gen.rust_str(hint))
        if code.endswith("_INTERNAL"):
            args.append("fallback")
        out.append("    #[code(%s)]\n    %s,\n" % (", ".join(args), ident))
    out.append("}\n")
    return "".join(out)


write = smoke.write


def make_workspace(tmp, crates, codes):
    pool = gen.draw(codes - 1, seed=412)
    base = gen.entries(codes, pool)
    sponson = "{ path = %s, features = %s }" % (json.dumps(os.path.join(ROOT, "sponson-codes")), json.dumps(FEATURES))
    names = ["part%02d" % k for k in range(crates)]
    for k, name in enumerate(names):
        prefix = "P%02d_" % k
        rows = [(prefix + code, "P%02d" % k + ident, exit_code, doc, hint) for code, ident, exit_code, doc, hint in base]
        write(
            os.path.join(tmp, name, "Cargo.toml"),
            '[package]\nname = "%s"\nversion = "0.0.0"\nedition = "2021"\npublish = false\n\n'
            "[dependencies]\nsponson-codes = %s\n" % (name, sponson),
        )
        write(os.path.join(tmp, name, "src", "lib.rs"), lib_source(k, rows))
    deps = "".join('%s = { path = "../%s" }\n' % (n, n) for n in names)
    write(
        os.path.join(tmp, "app", "Cargo.toml"),
        '[package]\nname = "app"\nversion = "0.0.0"\nedition = "2021"\npublish = false\n\n'
        '[[bin]]\nname = "app"\npath = "src/main.rs"\n\n[[bin]]\nname = "app-codes"\npath = "src/bin/app-codes.rs"\n\n'
        "[[bin]]\nname = \"bare\"\npath = \"src/bin/bare.rs\"\n\n"
        "[dependencies]\nsponson-codes = %s\n%s" % (sponson, deps),
    )
    write(os.path.join(tmp, "app", "src", "main.rs"), APP_MAIN % {"uses": "".join("use %s as _;\n" % n for n in names)})
    write(os.path.join(tmp, "app", "src", "bin", "bare.rs"), APP_MAIN % {"uses": ""})
    write(
        os.path.join(tmp, "app", "src", "bin", "app-codes.rs"),
        "sponson_codes::companion::main!(%s);\n" % ", ".join(names),
    )
    write(
        os.path.join(tmp, "Cargo.toml"),
        '[workspace]\nresolver = "2"\nmembers = %s\n' % json.dumps(names + ["app"]),
    )
    lock = os.path.join(ROOT, "Cargo.lock")
    if os.path.exists(lock):
        with open(lock) as f:
            write(os.path.join(tmp, "Cargo.lock"), f.read())


def timed(args, cwd, env=None):
    before = os.times()
    start = time.perf_counter()
    proc = subprocess.run(args, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - start
    after = os.times()
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    return proc, wall, cpu


def check(proc, what):
    if proc.returncode != 0:
        sys.stderr.write(proc.stdout + proc.stderr)
        raise SystemExit("%s failed (exit %d)" % (what, proc.returncode))


def startup(binary, runs):
    """Median wall time of one run, and mean CPU time (user + sys) of one run.

    The CPU time comes from the kernel's accounting of the finished children
    (microseconds), so it does not count the time spent waiting for a core.
    """
    samples = []
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([binary], check=True)
        samples.append(time.perf_counter() - start)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return statistics.median(samples), cpu / runs


def measure(crates, codes, runs, target, smoke_run=False):
    # A smoke run keeps its crates where the next one finds them built.
    tmp = smoke.workdir("scale_crates") if smoke_run else tempfile.mkdtemp(prefix="sponson-scale-%d-" % crates)
    try:
        make_workspace(tmp, crates, codes)
        env = dict(os.environ, CARGO_TARGET_DIR=target, CARGO_INCREMENTAL="0", CARGO_TERM_COLOR="never")
        # Dependencies first, untimed: the figure is the generated crates.
        check(timed(["cargo", "build", "-p", "sponson-codes"], tmp, env)[0], "building sponson-codes")
        proc, wall, cpu = timed(["cargo", "build", "--workspace"], tmp, env)
        check(proc, "building the workspace")
        out = {"crates": crates, "codes": crates * codes, "build_wall": wall, "build_cpu": cpu}
        bin_dir = os.path.join(target, "debug")
        app = os.path.join(bin_dir, "app")
        bare = os.path.join(bin_dir, "bare")
        out["startup_app"], out["startup_app_cpu"] = startup(app, runs)
        out["startup_bare"], out["startup_bare_cpu"] = startup(bare, runs)
        proc = subprocess.run([app, "registered"], stdout=subprocess.PIPE, text=True, check=True)
        enums, listed, nanos = proc.stdout.split()
        out["registered_enums"] = int(enums)
        out["registered_codes"] = int(listed)
        out["registered_ns"] = int(nanos)
        companion = os.path.join(bin_dir, "app-codes")
        docs = os.path.join(tmp, "errors.md")
        for name, args in (
            ("docs", [companion, "docs", "--out", docs]),
            ("lock", [companion, "lock"]),
            ("check", [companion, "check"]),
        ):
            proc, wall, cpu = timed(args, os.path.join(tmp, "app"))
            check(proc, "app-codes %s" % name)
            out[name] = wall
            out[name + "_cpu"] = cpu
        out["docs_bytes"] = os.path.getsize(docs)
        return out
    finally:
        if not smoke_run:
            shutil.rmtree(tmp, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--crates", default="10,50", help="comma-separated crate counts (default 10,50)")
    parser.add_argument("--codes", type=int, default=200, help="codes per crate (default 200)")
    parser.add_argument("--runs", type=int, default=200, help="runs of each program for start-up (default 200)")
    parser.add_argument("--json", help="also write the results to this file")
    parser.add_argument("--smoke", action="store_true", help="2 crates of 5 codes, one run, in target/smoke (CI)")
    args = parser.parse_args()
    if args.smoke:
        args.crates, args.codes, args.runs = "2", 5, 1
    target = smoke.target() if args.smoke else tempfile.mkdtemp(prefix="sponson-scale-target-")
    results = {"nproc": os.cpu_count(), "load_before": load(), "runs": []}
    print("%s cores; load before: %s" % (os.cpu_count(), load()), flush=True)
    try:
        for crates in [int(c) for c in args.crates.split(",") if c.strip()]:
            if not args.smoke:
                shutil.rmtree(os.path.join(target, "debug", "incremental"), ignore_errors=True)
            results["runs"].append(measure(crates, args.codes, args.runs, target, args.smoke))
            r = results["runs"][-1]
            print(
                "%d crates, %d codes: build %.1f s wall (%.1f s CPU); start-up %.2f ms wall, %.2f ms CPU with the "
                "registry, %.2f ms wall, %.2f ms CPU without; registered() %d ns (%d enums, %d codes); "
                "docs %.2f s wall, %.2f s CPU (%d bytes); lock %.2f s, %.2f s CPU; check %.2f s, %.2f s CPU"
                % (
                    r["crates"],
                    r["codes"],
                    r["build_wall"],
                    r["build_cpu"],
                    r["startup_app"] * 1e3,
                    r["startup_app_cpu"] * 1e3,
                    r["startup_bare"] * 1e3,
                    r["startup_bare_cpu"] * 1e3,
                    r["registered_ns"],
                    r["registered_enums"],
                    r["registered_codes"],
                    r["docs"],
                    r["docs_cpu"],
                    r["docs_bytes"],
                    r["lock"],
                    r["lock_cpu"],
                    r["check"],
                    r["check_cpu"],
                ),
                flush=True,
            )
    finally:
        if not args.smoke:
            shutil.rmtree(target, ignore_errors=True)
    results["load_after"] = load()
    print("load after: %s" % results["load_after"])
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=2)


if __name__ == "__main__":
    sys.exit(main())
