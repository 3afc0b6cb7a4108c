#!/usr/bin/env python3
"""Many programs' catalogs merged and built into one error index site, at scale.

Writes 50 catalogs of 200 codes (the catalogs programs hand over: one enum
each, exit classes, hints on half the codes, a markdown explanation on one
in five, HTTP statuses in half the programs, retryable codes, retired
codes, declared command sets; codes shared between programs agree on what
a machine reads, as one organisation's vocabulary would), then times the
installed companion (a release build, as `cargo install` builds it):

- `merge` of the 50 catalogs into one;
- `site` of the 50 catalogs into a fresh folder (10,000 code pages, 51
  indexes), then `site` again (nothing to write) and `site --check`;
- the filter of the search box in headless Chromium, on the merged index
  (10,000 rows in 50 sections) and on the index of one program whose one
  enum has 10,000 codes: each query set as a reader types it, timed to the
  next frame (style, layout and paint done), when scripts/check_site.sh has
  installed Chromium and playwright-core.

    python3 scripts/site_scale.py                # 50 x 200, 3 rounds, release companion
    python3 scripts/site_scale.py --smoke        # 3 x 20, 1 round, the debug companion (CI)
"""

import argparse
import hashlib
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
import smoke  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BROWSER = os.path.join(ROOT, "scripts", "browser")

SUBJECTS = ["PROVIDER", "PLAN", "LOCK", "TOKEN", "QUOTA", "CONFIG", "UPSTREAM", "STORE",
            "QUEUE", "SCHEMA", "REGION", "SECRET", "BUILD", "ARTIFACT", "ROUTE", "SESSION"]
CONDITIONS = ["TIMEOUT", "MISSING", "INVALID", "EXPIRED", "DENIED", "CONFLICT", "EXHAUSTED",
              "UNAVAILABLE", "CORRUPT", "STALE"]
EXITS = [(1, "failure"), (2, "refused before running"), (3, "a lock or a quota"),
         (4, "the upstream failed"), (5, "the input is invalid")]


def digest(text):
    return int(hashlib.sha256(text.encode()).hexdigest(), 16)


def code_entry(code, program, path, crate, web, i):
    """A code whose contract follows from its string, so programs agree."""
    h = digest(code)
    exit_code = EXITS[h % len(EXITS)][0]
    words = code.lower().replace("_", " ")
    entry = {
        "code": code, "exit": exit_code, "enum": path, "crate": crate, "variant": code.title().replace("_", ""),
        "doc": f"The {words} condition was met while the request ran.",
        "explain": "",
    }
    if h % 2 == 0:
        entry["hint"] = f"Check the `{code.split('_')[0].lower()}` settings, then run it again with `--retry`."
    if h % 5 == 0:
        entry["explain"] = (
            f"Raised when {words} happens.\n\n# Why\n\nThe service stopped before it wrote anything; "
            f"nothing needs to be undone. This paragraph is long enough to wrap on a page, and names `{code}`.\n\n"
            f"```console\n$ {program} apply --retry\n```\n\n- one cause\n- another cause, *emphasised*\n"
        )
    if web:
        entry["http"] = [400, 404, 409, 422, 429, 500, 502, 503][h % 8]
    if h % 3 == 0:
        entry["retryable"] = h % 2 == 0
    return entry


def catalog(n, codes, web):
    program = f"svc{n:02}"
    crate = f"svc-{n:02}"
    path = f"svc{n:02}::Code"
    names = ["USAGE"]
    k = 0
    while len(names) < codes - 1:
        # Every program picks its own, overlapping, set of codes.
        pick = digest(f"{program}/{k}") % (len(SUBJECTS) * len(CONDITIONS) * 100)
        subject, rest = divmod(pick, len(CONDITIONS) * 100)
        condition, number = divmod(rest, 100)
        name = f"{SUBJECTS[subject]}_{CONDITIONS[condition]}_{number:03}"
        if name not in names:
            names.append(name)
        k += 1
    names.append("INTERNAL")
    entries = [code_entry(c, program, path, crate, web, i) for i, c in enumerate(names)]
    entries[0].update(exit=2, usage=True, doc="The command line is not valid.")
    entries[0].pop("retryable", None)
    entries[-1].update(exit=1, fallback=True, doc="An unexpected error.")
    entries[-1].pop("retryable", None)
    if web:
        entries[0]["http"], entries[-1]["http"] = 400, 500
    for e in entries[5:7]:
        e["retired"] = "replaced by a more precise code"
    live = [e["code"] for e in entries if "retired" not in e]
    sets = [{"kind": "command", "name": f"command-{j}", "codes": live[1 + 20 * j:21 + 20 * j] + ["USAGE", "INTERNAL"]}
            for j in range(min(5, len(live) // 20))]
    return {
        "format": "sponson-codes/catalog", "version": 2, "library": "0.1.0",
        "enums": [{
            "crate": crate, "path": path, "name": "Code", "module_path": program,
            "explain": f"Failures of `{program}`.", "exits": [{"exit": x, "meaning": m} for x, m in EXITS],
            "fallback": "INTERNAL", "public": True, "non_exhaustive": True, "sets": sets,
        }],
        "codes": entries,
    }


def run(cmd):
    """Wall and CPU seconds (user + sys of the child) of one command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"{' '.join(cmd[:3])} ... failed ({done.returncode}):\n{done.stderr[-2000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def size(path):
    files, total = 0, 0
    for dirpath, _, names in os.walk(path):
        for name in names:
            files += 1
            total += os.path.getsize(os.path.join(dirpath, name))
    return files, total


def browser_bench(site, rounds):
    chromium = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    if not (os.path.exists(chromium) and os.path.isdir(os.path.join(BROWSER, "node_modules", "playwright-core"))
            and shutil.which("node")):
        print("-- the browser figures are skipped: run scripts/check_site.sh once to install Chromium and playwright-core")
        return None
    out = subprocess.run(["node", os.path.join(BROWSER, "site_test.mjs"), "--bench", "--site", site, "--rounds", str(rounds)],
                         capture_output=True, text=True, env={**os.environ, "CHROMIUM": chromium})
    if out.returncode != 0:
        sys.exit(f"the browser bench failed:\n{out.stdout}\n{out.stderr}")
    result = json.loads(out.stdout.strip().splitlines()[-1])
    if result["console_errors"] or result["outside_requests"]:
        sys.exit(f"the browser bench saw errors or requests leaving the site: {result}")
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--programs", type=int, default=50)
    parser.add_argument("--codes", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--smoke", action="store_true", help="3 programs of 20 codes, one round, the debug companion")
    args = parser.parse_args()
    if args.smoke:
        args.programs, args.codes, args.rounds = 3, 20, 1

    if args.smoke:
        # The debug build the other CI scripts share.
        subprocess.run(["bash", os.path.join(ROOT, "scripts", "build_companion.sh")], check=True)
    else:
        subprocess.run(["cargo", "build", "--quiet", "--release", "-p", "sponson-codes", "--features", "companion",
                        "--bin", "sponson-codes"], cwd=ROOT, check=True)
    target = os.environ.get("CARGO_TARGET_DIR") or os.path.join(ROOT, "target")
    companion = os.path.join(os.path.abspath(target), "debug" if args.smoke else "release", "sponson-codes")

    work = smoke.workdir("site_scale") if args.smoke else tempfile.mkdtemp(prefix="site-scale-")
    sources = []
    for n in range(args.programs):
        path = os.path.join(work, f"svc{n:02}.json")
        smoke.write(path, json.dumps(catalog(n, args.codes, web=n % 2 == 0), indent=1) + "\n")
        sources += ["--catalog", f"svc{n:02}={path}"]
    total_codes = args.programs * args.codes
    print(f"== {args.programs} catalogs of {args.codes} codes ({total_codes} codes), {args.rounds} round(s), {companion}")

    figures = {}
    merged = os.path.join(work, "merged.json")
    site = os.path.join(work, "site")
    steps = [
        ("merge", lambda: [companion, "merge", *sources, "--out", merged], lambda: os.path.exists(merged) and os.remove(merged)),
        ("site, written", lambda: [companion, "site", *sources, "--out", site], lambda: shutil.rmtree(site, ignore_errors=True)),
        ("site, up to date", lambda: [companion, "site", *sources, "--out", site], lambda: None),
        ("site --check", lambda: [companion, "site", *sources, "--out", site, "--check"], lambda: None),
    ]
    for name, cmd, reset in steps:
        walls, cpus = [], []
        for _ in range(args.rounds):
            reset()
            wall, cpu = run(cmd())
            walls.append(wall)
            cpus.append(cpu)
        figures[name] = {"wall_s": statistics.median(walls), "cpu_s": statistics.median(cpus)}
        print(f"{name:<18} wall {figures[name]['wall_s']:7.2f} s   cpu {figures[name]['cpu_s']:7.2f} s")
    files, total = size(site)
    print(f"the site: {files} files, {total / 1e6:.1f} MB")
    figures["site"] = {"files": files, "bytes": total}

    # One program whose one enum has every code: one index, one table.
    single = os.path.join(work, "single.json")
    one = catalog(0, total_codes, web=True)
    smoke.write(single, json.dumps(one) + "\n")
    single_site = os.path.join(work, "single-site")
    shutil.rmtree(single_site, ignore_errors=True)
    wall, cpu = run([companion, "site", "--catalog", single, "--out", single_site])
    figures["one enum, site"] = {"wall_s": wall, "cpu_s": cpu}
    print(f"{'one enum of all, site':<18} wall {wall:7.2f} s   cpu {cpu:7.2f} s")

    for name, path in [("merged index", site), ("one enum's index", single_site)]:
        result = browser_bench(path, rounds=1 if args.smoke else 15)
        if result is None:
            break
        figures[f"browser, {name}"] = result
        frame, script = result["to_next_frame_ms"], result["filter_script_ms"]
        print(f"browser, {name}: {result['rows']} rows, loaded in {result['load_ms']} ms; per query "
              f"(n={result['queries']}): filter {script['median']:.1f} ms median, {script['p95']:.1f} p95; "
              f"to the next frame {frame['median']:.1f} ms median, {frame['p95']:.1f} p95, {frame['max']:.1f} max")
    print(json.dumps(figures))
    if not args.smoke:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
