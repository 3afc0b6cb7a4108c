#!/usr/bin/env python3
"""The generated TypeScript and Python types, type-checked as their consumers
would: `tsc --strict` (with the stricter flags of tests/typecheck/tsconfig.json)
and `mypy --strict`, each run once over every file.

What it checks, for the plan example (Sponson's envelope), noggin,
firstdraft and tests/typecheck/hostile.catalog.json (codes that are no
identifiers, enums that share a name, a profile whose keys are no
identifiers, text that would end a comment or a docstring):

- each example's generated types and a consumer of them (tests/typecheck/
  consumers/) type-check, the consumer's exhaustive `switch` (a `never`
  check) and `match` (`assert_never`) on the code included;
- the plan example's catalog with one more code (`PLAN_STALE`) gives types
  under which the same plan consumer stops type-checking, exactly at its
  exhaustive check: the compile-time check the derive gives Rust code,
  given to the programs that read the output;
- the types of a merged catalog of plan, noggin and firstdraft, each
  program's documents in its own profile, type-check, and so does a
  consumer that reads each program's documents with that program's types;
- every generated Python module and consumer imports (runs) on this Python.

The compiler and the checker are installed on first use, pinned by
tests/typecheck/package.json and requirements.txt, into a directory outside
the clone ($SPONSON_CODES_TOOLS, else ~/.cache/sponson-codes/typecheck-<hash
of the pins>), so that later runs on the machine reuse them. It prints the
install time and the check time apart (docs/contributing.md has
the figures).

    python3 scripts/check_types.py      # after `cargo build` of the companion and the examples

The companion and the example binaries are built (quietly, reusing the
target directory) if they are not there already.
"""

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join(ROOT, "tests", "typecheck")
TARGET = os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
BIN = os.path.join(TARGET, "debug")
GROWN_CODE = "PLAN_STALE"


def run(args, **kwargs):
    return subprocess.run(args, check=True, **kwargs)


def tools_dir():
    pins = hashlib.sha256()
    for name in ("package.json", "requirements.txt"):
        with open(os.path.join(FIXTURES, name), "rb") as f:
            pins.update(f.read())
    default = os.path.join(
        os.path.expanduser("~"), ".cache", "sponson-codes", "typecheck-" + pins.hexdigest()[:12]
    )
    return os.environ.get("SPONSON_CODES_TOOLS", default)


def install(tools):
    """tsc and mypy in `tools`, installed when missing; whether it installed."""
    tsc = os.path.join(tools, "node", "node_modules", ".bin", "tsc")
    mypy = os.path.join(tools, "venv", "bin", "mypy")
    if os.path.exists(os.path.join(tools, "installed")):
        return tsc, mypy, False
    for tool in ("node", "npm", "python3"):
        if shutil.which(tool) is None:
            sys.exit(f"check_types: `{tool}` is not on PATH; the generated types cannot be checked")
    # The marker is written last: an interrupted install is never taken
    # for a finished one, and the next run starts it again.
    shutil.rmtree(tools, ignore_errors=True)
    os.makedirs(os.path.join(tools, "node"))
    shutil.copy(os.path.join(FIXTURES, "package.json"), os.path.join(tools, "node"))
    quiet = {"stdout": subprocess.DEVNULL}
    run(
        ["npm", "install", "--silent", "--no-audit", "--no-fund", "--no-update-notifier"],
        cwd=os.path.join(tools, "node"),
        **quiet,
    )
    venv = os.path.join(tools, "venv")
    run([sys.executable, "-m", "venv", venv], **quiet)
    run(
        [
            os.path.join(venv, "bin", "pip"),
            "install",
            "--quiet",
            "--disable-pip-version-check",
            "-r",
            os.path.join(FIXTURES, "requirements.txt"),
        ],
        **quiet,
    )
    with open(os.path.join(tools, "installed"), "w") as f:
        f.write("ok\n")
    return tsc, mypy, True


def build():
    """The companion and the example binaries, in the build the other CI
    scripts share (nothing new after `cargo test --workspace`)."""
    run(["bash", os.path.join(ROOT, "scripts", "build_companion.sh")], cwd=ROOT)


def companion(*args, stdin=None):
    return run(
        [os.path.join(BIN, "sponson-codes"), *args],
        cwd=ROOT,
        input=stdin,
        stdout=subprocess.DEVNULL,
        text=True,
    )


def grown_catalog():
    """The plan example's catalog with one more code."""
    printed = run(
        [os.path.join(BIN, "plan")],
        env={**os.environ, "SPONSON_CODES_CATALOG": "1"},
        stdout=subprocess.PIPE,
        text=True,
    ).stdout
    catalog = json.loads(printed)
    model = next(c for c in catalog["codes"] if c["code"] == "PLAN_PARSE")
    grown = dict(model, code=GROWN_CODE, variant="PlanStale", doc="The plan changed since it was read.")
    catalog["codes"].insert(catalog["codes"].index(model) + 1, grown)
    return json.dumps(catalog)


def lay_out(work):
    """Each directory of `work`: a generated errors.ts and errors.py, the
    consumer of that program, and what the checkers need."""
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    shutil.copy(os.path.join(FIXTURES, "tsconfig.json"), work)
    # Package names, so that mypy and Python tell one `errors` from another.
    plans = {
        "fresh_plan": "plan",
        "grown_plan": "plan",
        "noggin": "noggin",
        "firstdraft": "firstdraft",
        "hostile": "hostile",
        "merged": "merged",
    }
    for package, consumer in plans.items():
        directory = os.path.join(work, package)
        os.makedirs(directory)
        open(os.path.join(directory, "__init__.py"), "w").close()
        for ext in ("ts", "py"):
            shutil.copy(
                os.path.join(FIXTURES, "consumers", f"{consumer}.{ext}"),
                os.path.join(directory, f"consumer.{ext}"),
            )
    for ext in ("ts", "py"):
        # The plan example's committed files (scripts/check_codes_docs.sh
        # checks that they are fresh).
        shutil.copy(
            os.path.join(ROOT, "examples", "plan", "docs", f"errors.{ext}"),
            os.path.join(work, "fresh_plan", f"errors.{ext}"),
        )
    grown = grown_catalog()
    # Three programs, each in its own profile, in one merged catalog.
    merged = os.path.join(work, "merged.catalog.json")
    bins = [arg for p in ("plan", "noggin", "firstdraft") for arg in ("--bin", f"{p}={os.path.join(BIN, p)}")]
    companion("merge", *bins, "--out", merged)
    for lang, ext in (("typescript", "ts"), ("python", "py")):
        out = os.path.join(work, "grown_plan", f"errors.{ext}")
        companion("types", "--lang", lang, "--catalog", "-", "--out", out, stdin=grown)
        for program in ("noggin", "firstdraft"):
            out = os.path.join(work, program, f"errors.{ext}")
            companion("types", "--lang", lang, "--bin", os.path.join(BIN, program), "--out", out)
        hostile = os.path.join(FIXTURES, "hostile.catalog.json")
        out = os.path.join(work, "hostile", f"errors.{ext}")
        companion("types", "--lang", lang, "--catalog", hostile, "--out", out)
        out = os.path.join(work, "merged", f"errors.{ext}")
        companion("types", "--lang", lang, "--catalog", merged, "--out", out)
    return list(plans)


def marked_line(path, mark):
    with open(path) as f:
        for number, line in enumerate(f, 1):
            if mark in line:
                return number
    sys.exit(f"check_types: {path} has no line with `{mark}`")


def verdict(tool, output, pattern, work, expected_file, mark):
    """Fails unless the only errors are at the exhaustive check of the grown
    consumer, naming the new code; prints what was found."""
    errors = []
    for line in output.splitlines():
        found = re.match(pattern, line)
        if found:
            errors.append((os.path.normpath(found.group("file")), int(found.group("line")), line))
    expected = os.path.normpath(expected_file)
    at = marked_line(os.path.join(work, expected), mark)
    unexpected = [e for e in errors if (e[0], e[1]) != (expected, at) or GROWN_CODE not in e[2]]
    if unexpected or not errors:
        print(output)
        if not errors:
            sys.exit(f"check_types: {tool} passed the grown catalog's consumer: its exhaustive check did not fail")
        sys.exit(f"check_types: {tool} reported {len(unexpected)} unexpected error(s)")
    print(f"{tool}: every generated file and fresh consumer type-checks; the consumer of the grown catalog fails, as it must:")
    for _, _, line in errors:
        print(f"  {line.strip()}")


def main():
    work = os.path.join(TARGET, "typecheck")
    tools = tools_dir()
    started = time.monotonic()
    tsc, mypy, installed = install(tools)
    if installed:
        print(f"installed tsc and mypy in {tools} ({time.monotonic() - started:.1f} s)")
    else:
        print(f"tsc and mypy already installed in {tools}")

    build()
    packages = lay_out(work)

    started = time.monotonic()
    ts = subprocess.run([tsc, "-p", "tsconfig.json", "--pretty", "false"], cwd=work, capture_output=True, text=True)
    tsc_seconds = time.monotonic() - started
    verdict(
        "tsc --strict",
        ts.stdout + ts.stderr,
        r"^(?P<file>[^()\s]+)\((?P<line>\d+),\d+\): error ",
        work,
        "grown_plan/consumer.ts",
        "const unhandled: never = code",
    )

    started = time.monotonic()
    py = subprocess.run(
        [mypy, "--strict", "--no-incremental", "--python-version", "3.11", *packages],
        cwd=work,
        capture_output=True,
        text=True,
    )
    mypy_seconds = time.monotonic() - started
    verdict(
        "mypy --strict",
        py.stdout + py.stderr,
        r"^(?P<file>[^:\s]+):(?P<line>\d+): error: ",
        work,
        "grown_plan/consumer.py",
        "assert_never(code)",
    )

    # The generated modules run, not only type-check.
    imports = "; ".join(f"import {p}.consumer" for p in packages)
    run([sys.executable, "-c", imports], cwd=work)
    print(f"python3: every generated module and consumer imports")
    print(f"check: tsc {tsc_seconds:.1f} s, mypy {mypy_seconds:.1f} s")


if __name__ == "__main__":
    main()
