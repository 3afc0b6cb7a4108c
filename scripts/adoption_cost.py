#!/usr/bin/env python3
"""What adopting sponson-codes costs a program that already exists.

For each adoption example (`examples/ledger`, `examples/stash`), writes two
throwaway packages in a temporary directory (never in the repository):

- `<example>-before`: the program before adoption, from the example's
  `src/before/`, with its own dependencies only (clap, serde, serde_json,
  anyhow, clap_complete);
- `<example>-after`: the program after adoption, from the example's `src/`,
  with the same dependencies and sponson-codes by path (the features the
  example uses);

and a third pair for a program with no proc-macro dependency at all:

- `tiny-before`: a command line on std alone (its own argument loop, error
  enum, exit codes and text);
- `tiny-after`: the same with `#[derive(ErrorCodes)]`, `Error` and `Runner`
  (the default features), which bring the derive and so syn.

and, to show how much of the debug target the derive alone takes, two
library packages built the same way:

- `floor-base`: proc-macro2, quote and strsim, which a program that derives
  serde or clap's parsers builds already;
- `floor-derive`: sponson-codes-derive, which adds syn 3 and the derive;

the difference is what any adoption of the derive costs a clean debug build
before the runtime adds anything.

Each is built in debug from an empty target directory, before and after
alternating, once per round (the registry is cached: `cargo fetch` runs
first, untimed; incremental compilation off), and the CPU time (user + sys
of cargo and every compiler it ran) is the figure; on a shared machine it is
steadier than the wall time, which is printed too. Then each is built once
in release with `strip = "symbols"`, and the binary's size is compared.

The issue's targets: a clean debug build grows by at most 15%, and the
stripped release binary by at most 60 KB.

    python3 scripts/adoption_cost.py                # 3 rounds
    python3 scripts/adoption_cost.py --rounds 1 --programs tiny
    python3 scripts/adoption_cost.py --smoke        # one warm round in target/smoke (CI)
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from measure import cargo, load  # noqa: E402
import smoke  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PROGRAMS = ["ledger", "stash", "tiny"]
TARGET_BUILD_PERCENT = 15.0
TARGET_SIZE_KB = 60.0

# Each example's own dependencies, as its Cargo.toml has them.
DEPENDENCIES = {
    "ledger": 'clap = "4"\nserde = { version = "1", features = ["derive"] }\nserde_json = "1"\n',
    "stash": (
        'anyhow = "1"\nclap = { version = "4", features = ["derive"] }\nclap_complete = "4"\n'
        'serde = { version = "1", features = ["derive"] }\nserde_json = "1"\n'
    ),
    "tiny": "",
}
FEATURES = {"ledger": ["clap"], "stash": ["clap", "anyhow"], "tiny": []}

# The derive's floor: what it brings over what a program with proc-macro
# dependencies builds already.
FLOOR = {
    "floor-base": 'proc-macro2 = "1"\nquote = "1"\nstrsim = "0.11"\n',
    "floor-derive": "sponson-codes-derive = { path = %s }\n"
    % json.dumps(os.path.join(ROOT, "sponson-codes-derive")),
}

TINY_BEFORE = r'''
use std::fmt;
use std::process::ExitCode;

#[derive(Debug)]
enum AppError {
    Usage(String),
    NotANumber(String),
    TooLarge(u64),
}

impl fmt::Display for AppError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AppError::Usage(what) => write!(f, "{what}"),
            AppError::NotANumber(arg) => write!(f, "`{arg}` is not a number"),
            AppError::TooLarge(n) => write!(f, "{n} is larger than 1000"),
        }
    }
}

impl AppError {
    fn exit_code(&self) -> u8 {
        match self {
            AppError::Usage(_) => 2,
            AppError::NotANumber(_) => 3,
            AppError::TooLarge(_) => 4,
        }
    }
}

fn sum(args: &[String]) -> Result<u64, AppError> {
    if args.is_empty() {
        return Err(AppError::Usage("usage: tiny NUMBER...".to_owned()));
    }
    let mut total = 0;
    for arg in args {
        let n: u64 = arg.parse().map_err(|_| AppError::NotANumber(arg.clone()))?;
        if n > 1000 {
            return Err(AppError::TooLarge(n));
        }
        total += n;
    }
    Ok(total)
}
'''

TINY_BEFORE_MAIN = r'''
fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match sum(&args) {
        Ok(total) => {
            println!("{total}");
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("tiny: {err}");
            ExitCode::from(err.exit_code())
        }
    }
}
'''

TINY_AFTER = TINY_BEFORE.replace(
    "#[derive(Debug)]\nenum AppError {\n    Usage(String),\n    NotANumber(String),\n    TooLarge(u64),\n}",
    """#[derive(Debug, sponson_codes::ErrorCodes)]
enum AppError {
    #[code(exit = 2, doc = "The command line is not valid.", usage)]
    Usage(String),
    #[code(exit = 3, doc = "An argument is not a number.")]
    NotANumber(String),
    #[code(exit = 4, doc = "A number is larger than 1000.")]
    TooLarge(u64),
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}""",
).replace(
    "            AppError::TooLarge(n) => write!(f, \"{n} is larger than 1000\"),\n",
    "            AppError::TooLarge(n) => write!(f, \"{n} is larger than 1000\"),\n"
    "            AppError::Internal => write!(f, \"an unexpected error\"),\n",
)
# The exit codes are the attributes now.
TINY_AFTER = TINY_AFTER[: TINY_AFTER.index("impl AppError {")] + TINY_AFTER[TINY_AFTER.index("fn sum(") :]
assert "sponson_codes::ErrorCodes" in TINY_AFTER and "Internal =>" in TINY_AFTER

TINY_AFTER_MAIN = r'''
fn main() -> ExitCode {
    sponson_codes::catalog::export_if_requested();
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let json = args.iter().any(|a| a == "--json");
    args.retain(|a| a != "--json");
    sponson_codes::Runner::<AppError>::new("sum", sponson_codes::Mode::from_json_flag(json))
        .text_error(|err| format!("tiny: {}", err.message()))
        .run_with(|| sum(&args), |total| total.to_string())
}
'''


def sources(program, side):
    """{relative path: text} of the program's package sources."""
    if program == "tiny":
        text = TINY_BEFORE + TINY_BEFORE_MAIN if side == "before" else TINY_AFTER + TINY_AFTER_MAIN
        return {"src/main.rs": text}
    src = os.path.join(ROOT, "examples", program, "src")
    if side == "before":
        src = os.path.join(src, "before")
    files = {}
    for name in sorted(os.listdir(src)):
        if name.endswith(".rs"):
            with open(os.path.join(src, name)) as f:
                files[os.path.join("src", name)] = f.read()
    return files


def manifest(program, side):
    deps = DEPENDENCIES[program]
    if side == "after":
        path = json.dumps(os.path.join(ROOT, "sponson-codes"))
        deps += "sponson-codes = { path = %s, features = %s }\n" % (path, json.dumps(FEATURES[program]))
    # The examples' version: `ledger --version` prints it.
    return (
        '[package]\nname = "%s-%s"\nversion = "0.3.1"\nedition = "2021"\npublish = false\n\n'
        "[[bin]]\nname = \"%s\"\npath = \"src/main.rs\"\n\n[dependencies]\n%s"
        % (program, side, program, deps)
    )


write = smoke.write


def make_workspace(tmp, programs):
    members = []
    for program in programs:
        for side in ("before", "after"):
            name = "%s-%s" % (program, side)
            members.append(name)
            write(os.path.join(tmp, name, "Cargo.toml"), manifest(program, side))
            for path, text in sources(program, side).items():
                write(os.path.join(tmp, name, path), text)
    for name, deps in FLOOR.items():
        members.append(name)
        write(
            os.path.join(tmp, name, "Cargo.toml"),
            '[package]\nname = "%s"\nversion = "0.0.0"\nedition = "2021"\npublish = false\n\n[dependencies]\n%s'
            % (name, deps),
        )
        write(os.path.join(tmp, name, "src", "lib.rs"), "")
    write(
        os.path.join(tmp, "Cargo.toml"),
        '[workspace]\nresolver = "2"\nmembers = %s\n\n[profile.release]\nstrip = "symbols"\n' % json.dumps(members),
    )
    with open(os.path.join(ROOT, "Cargo.lock")) as f:
        # The repository's versions, so both sides build what the workspace pins.
        write(os.path.join(tmp, "Cargo.lock"), f.read())
    return members


def debug_build(tmp, name, round_index, smoke_run):
    """One debug build of the package `name`: from an empty target dir of its
    own (removed after), or warm into the smoke runs' target dir. Prints and
    returns its wall and CPU seconds."""
    target = smoke.target() if smoke_run else os.path.join(tmp, "target-%s-%d" % (name, round_index))
    wall, cpu = cargo(tmp, target, ["build", "-p", name])
    if not smoke_run:
        shutil.rmtree(target, ignore_errors=True)
    print("  round %d %-14s debug: %5.1f s wall, %5.1f s CPU" % (round_index + 1, name, wall, cpu), flush=True)
    return wall, cpu


def verdict(ok):
    return "met" if ok else "missed"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=3, help="clean debug builds of each package (median; default 3)")
    parser.add_argument("--programs", default=",".join(PROGRAMS), help="comma-separated: " + ", ".join(PROGRAMS))
    parser.add_argument("--keep", action="store_true", help="keep the generated packages and print their path")
    parser.add_argument("--json", help="also write the results to this file")
    parser.add_argument(
        "--smoke",
        action="store_true",
        help="one round into target/smoke without emptying it (warm builds), release for tiny only (CI)",
    )
    args = parser.parse_args()
    programs = [p.strip() for p in args.programs.split(",") if p.strip()]
    if args.smoke:
        args.rounds = 1
    unknown = set(programs) - set(PROGRAMS)
    if unknown:
        raise SystemExit("unknown programs: %s" % ", ".join(sorted(unknown)))

    tmp = smoke.workdir("adoption_cost") if args.smoke else tempfile.mkdtemp(prefix="sponson-adoption-")
    results = {"nproc": os.cpu_count(), "load_before": load(), "rounds": args.rounds, "programs": {}}
    try:
        make_workspace(tmp, programs)
        subprocess.run(["cargo", "fetch", "--quiet"], cwd=tmp, check=True)
        print("adoption cost, %s cores, %d round(s); load before: %s" % (os.cpu_count(), args.rounds, load()))
        for program in programs:
            cpus = {"before": [], "after": []}
            walls = {"before": [], "after": []}
            for r in range(args.rounds):
                for side in ("before", "after"):
                    wall, cpu = debug_build(tmp, "%s-%s" % (program, side), r, args.smoke)
                    walls[side].append(wall)
                    cpus[side].append(cpu)
            row = {
                side: {
                    "wall": statistics.median(walls[side]),
                    "cpu": statistics.median(cpus[side]),
                    "cpus": cpus[side],
                }
                for side in ("before", "after")
            }
            if not args.smoke or program == "tiny":
                # Sizes do not depend on a clean build: one target dir for both.
                target = smoke.target() if args.smoke else os.path.join(tmp, "target-%s-release" % program)
                for side in ("before", "after"):
                    cargo(tmp, target, ["build", "--release", "-p", "%s-%s" % (program, side)])
                    binary = os.path.join(target, "release", program)
                    row[side]["stripped_bytes"] = os.path.getsize(binary)
                    # Each side's build writes the same binary name: measure it now.
                if not args.smoke:
                    shutil.rmtree(target, ignore_errors=True)
            results["programs"][program] = row
        floor = {name: [] for name in FLOOR}
        for r in range(args.rounds):
            for name in FLOOR:
                floor[name].append(debug_build(tmp, name, r, args.smoke)[1])
        derive = statistics.median(floor["floor-derive"]) - statistics.median(floor["floor-base"])
        results["derive_floor_cpu"] = derive
        results["load_after"] = load()

        print()
        print("| program | debug CPU before | after | growth | stripped release before | after | growth |")
        print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
        for program, row in results["programs"].items():
            b, a = row["before"], row["after"]
            growth = 100.0 * (a["cpu"] - b["cpu"]) / b["cpu"]
            row["debug_growth_percent"] = growth
            size = "| n/a | n/a | n/a |"
            if "stripped_bytes" in b:
                kb = (a["stripped_bytes"] - b["stripped_bytes"]) / 1024.0
                row["size_growth_kb"] = kb
                size = "| %.0f KB | %.0f KB | %+.0f KB (%s) |" % (
                    b["stripped_bytes"] / 1024.0,
                    a["stripped_bytes"] / 1024.0,
                    kb,
                    verdict(kb <= TARGET_SIZE_KB),
                )
            print(
                "| %s | %.1f s | %.1f s | %+.0f%% (%s) %s"
                % (program, b["cpu"], a["cpu"], growth, verdict(growth <= TARGET_BUILD_PERCENT), size)
            )
        print()
        print("the derive alone (syn 3 and sponson-codes-derive, over proc-macro2, quote and strsim): %.1f s of CPU" % derive)
        for program, row in results["programs"].items():
            # tiny builds no proc macro before adoption: the base does not apply.
            if program != "tiny":
                share = 100.0 * derive / row["before"]["cpu"]
                row["derive_floor_percent"] = share
                print(
                    "  %s: %.0f%% of its clean debug build before adoption (target for all of adoption: %.0f%%)"
                    % (program, share, TARGET_BUILD_PERCENT)
                )
        print("load after: %s" % results["load_after"])
        if args.json:
            with open(args.json, "w") as f:
                json.dump(results, f, indent=2)
    finally:
        if args.keep or args.smoke:
            print("kept: %s" % tmp)
        else:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
