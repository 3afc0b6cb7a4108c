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

a pair for a command line without serde, from `scripts/adoption_builder/`:

- `builder-before`: a task list on clap's builder API (`clap = "4"`, no
  derive, no serde) with a hand-written error enum of 14 variants,
  `Display`, exit codes and `eprintln!`;
- `builder-after`: the same with `#[derive(ErrorCodes)]`, `Error` and
  `Runner` with the feature `clap` (`Parse::parsed_command`);

and a pair for a program with no proc-macro dependency at all (no target;
`--programs tiny`):

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

Per crate: every debug build runs with `cargo build --timings`, whose report
(`cargo-timings/cargo-timing.html`, its `UNIT_DATA`) gives each unit's wall
duration (cargo 1.95 has no `--timings=json`); those durations overlap on a
loaded machine, so each after-side is built once more, untimed, through a
rustc wrapper that records each compiler's CPU time (its rusage). A crate's
figure is all its units (build script, its run, the library).

The targets (issue 27), after / before of the clean debug build's CPU, and
the stripped release binary's growth:

- a program that already has serde and serde_json (ledger, stash):
  at most 1.10x and 60 KB;
- a program without serde (builder): at most 1.30x and 150 KB;
- in the same after-build, sponson-codes and sponson-codes-derive together
  compile in no more time than serde_derive and serde_json together
  (ledger and stash; builder builds no serde_derive).

    python3 scripts/adoption_cost.py                # 3 rounds
    python3 scripts/adoption_cost.py --rounds 1 --programs builder
    python3 scripts/adoption_cost.py --rev HEAD     # the library and examples as committed
    python3 scripts/adoption_cost.py --smoke        # one warm round in target/smoke (CI)

By default the library, the examples and `Cargo.lock` are read from the
working tree; `--rev` exports a commit into the temporary directory first,
so that edits in progress in the tree are not measured.
"""

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from measure import cargo, load  # noqa: E402
import smoke  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PROGRAMS = ["ledger", "stash", "builder", "tiny"]
DEFAULT_PROGRAMS = ["ledger", "stash", "builder"]
BUILDER = os.path.join(ROOT, "scripts", "adoption_builder")
# Where the library, the examples and Cargo.lock are read: the working tree,
# or the commit `--rev` exported.
SOURCE = ROOT

# The targets: (clean debug CPU after / before, stripped release growth in KB).
TARGETS = {"ledger": (1.10, 60.0), "stash": (1.10, 60.0), "builder": (1.30, 150.0)}

# Ours, and what the issue compares them with in the same build.
OURS = ["sponson-codes", "sponson-codes-derive"]
PEERS = ["serde_derive", "serde_json"]
# Printed per crate when a build has them (with every crate adoption adds).
NAMED = OURS + PEERS + ["syn", "serde", "serde_core", "clap_builder", "clap_derive", "proc-macro2", "quote", "inventory"]

# Each example's own dependencies, as its Cargo.toml has them.
DEPENDENCIES = {
    "ledger": 'clap = "4"\nserde = { version = "1", features = ["derive"] }\nserde_json = "1"\n',
    "stash": (
        'anyhow = "1"\nclap = { version = "4", features = ["derive"] }\nclap_complete = "4"\n'
        'serde = { version = "1", features = ["derive"] }\nserde_json = "1"\n'
    ),
    "builder": 'clap = "4"\n',
    "tiny": "",
}
FEATURES = {"ledger": ["clap"], "stash": ["clap", "anyhow"], "builder": ["clap"], "tiny": []}

# The derive's floor: what it brings over what a program with proc-macro
# dependencies builds already.
FLOOR = {
    "floor-base": 'proc-macro2 = "1"\nquote = "1"\nstrsim = "0.11"\n',
    "floor-derive": "sponson-codes-derive = { path = %s }\n",
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
    if program == "builder":
        files = {}
        for name, source in (("main", "main_" + side), ("errors", "errors_" + side), ("commands", "commands")):
            with open(os.path.join(BUILDER, source + ".rs")) as f:
                files["src/%s.rs" % name] = f.read()
        return files
    src = os.path.join(SOURCE, "examples", program, "src")
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
        path = json.dumps(os.path.join(SOURCE, "sponson-codes"))
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
        if "%s" in deps:
            deps %= json.dumps(os.path.join(SOURCE, "sponson-codes-derive"))
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
    with open(os.path.join(SOURCE, "Cargo.lock")) as f:
        # The repository's versions, so both sides build what the workspace pins.
        write(os.path.join(tmp, "Cargo.lock"), f.read())
    return members


# A rustc wrapper that appends each compiler run's package (cargo sets
# CARGO_PKG_NAME for it: a build script counts for its package) and CPU
# seconds (user + sys of its rusage) to $SPONSON_ADOPTION_LOG.
WRAPPER = r"""#!/usr/bin/env python3
import json, os, sys
args = sys.argv[1:]
pid = os.fork()
if pid == 0:
    os.execvp(args[0], args)
_, status, usage = os.wait4(pid, 0)
if "CARGO_PKG_NAME" in os.environ:
    with open(os.environ["SPONSON_ADOPTION_LOG"], "a") as f:
        f.write(json.dumps([os.environ["CARGO_PKG_NAME"], usage.ru_utime + usage.ru_stime]) + "\n")
sys.exit(os.waitstatus_to_exitcode(status))
"""


def unit_durations(target):
    """{package: wall seconds} from the report of the last `cargo build
    --timings` into `target` (its `UNIT_DATA`: one entry per unit, the
    build script, its run and the library each apart, summed per package),
    and the package versions it saw; the reports are removed after."""
    reports = os.path.join(target, "cargo-timings")
    with open(os.path.join(reports, "cargo-timing.html")) as f:
        html = f.read()
    shutil.rmtree(reports, ignore_errors=True)
    found = re.search(r"const UNIT_DATA = (\[.*?\]);\n", html, re.S)
    if not found:
        raise SystemExit("no UNIT_DATA in cargo's timing report: has its format changed?")
    durations, versions = {}, {}
    for unit in json.loads(found.group(1)):
        durations[unit["name"]] = durations.get(unit["name"], 0.0) + unit["duration"]
        versions.setdefault(unit["name"], set()).add(unit["version"])
    return durations, versions


def debug_build(tmp, name, round_index, smoke_run):
    """One debug build of the package `name` with `--timings`: from an empty
    target dir of its own (removed after), or warm into the smoke runs'
    target dir. Prints its wall and CPU seconds; returns them and the
    per-package durations of `unit_durations`."""
    target = smoke.target() if smoke_run else os.path.join(tmp, "target-%s-%d" % (name, round_index))
    wall, cpu = cargo(tmp, target, ["build", "--timings", "-p", name])
    units = unit_durations(target)
    if not smoke_run:
        shutil.rmtree(target, ignore_errors=True)
    print("  round %d %-14s debug: %5.1f s wall, %5.1f s CPU" % (round_index + 1, name, wall, cpu), flush=True)
    return wall, cpu, units


def crate_cpu(tmp, name):
    """{package: CPU seconds of its compiler runs} in one more clean debug
    build of `name`, untimed, through the wrapper."""
    wrapper = os.path.join(tmp, "rustc-wrapper.py")
    write(wrapper, WRAPPER)
    os.chmod(wrapper, 0o755)
    log = os.path.join(tmp, "crates-%s.log" % name)
    target = os.path.join(tmp, "target-%s-crates" % name)
    env = dict(
        os.environ,
        CARGO_TARGET_DIR=target,
        CARGO_INCREMENTAL="0",
        CARGO_TERM_COLOR="never",
        RUSTC_WRAPPER=wrapper,
        SPONSON_ADOPTION_LOG=log,
    )
    subprocess.run(["cargo", "build", "--quiet", "-p", name], cwd=tmp, env=env, check=True)
    cpu = {}
    with open(log) as f:
        for line in f:
            package, seconds = json.loads(line)
            cpu[package] = cpu.get(package, 0.0) + seconds
    os.remove(log)
    shutil.rmtree(target, ignore_errors=True)
    return cpu


def verdict(ok):
    return "met" if ok else "missed"


def ratio(a, b):
    """a / b; a warm smoke build can take no time at all."""
    return a / b if b else float("inf")


def median_units(runs):
    """The median per package over rounds (a package missing from a round
    counts 0 there)."""
    names = set().union(*runs) if runs else set()
    return {name: statistics.median([run.get(name, 0.0) for run in runs]) for name in names}


def crate_report(program, row):
    """Prints the per-crate table of `program`'s builds and the comparison
    of ours with serde_derive and serde_json; records it in `row`."""
    before, after, cpu = row["before"]["units"], row["after"]["units"], row.get("crate_cpu", {})
    added = sorted(set(after) - set(before) - {"%s-after" % program}, key=lambda n: -cpu.get(n, after[n]))
    shown = [n for n in NAMED if n in after and n not in added] + added
    print()
    print("%s: per crate (wall: cargo --timings, median; CPU: one wrapped after-build)" % program)
    print("| crate | version | wall before | wall after | CPU after | added by adoption |")
    print("| --- | --- | ---: | ---: | ---: | --- |")
    for name in shown:
        print(
            "| %s | %s | %s | %.2f s | %s | %s |"
            % (
                name,
                ", ".join(sorted(row["after"]["versions"].get(name, []))),
                "%.2f s" % before[name] if name in before else "",
                after[name],
                "%.2f s" % cpu[name] if name in cpu else "?",
                "yes" if name in added else "",
            )
        )
    row["added_crates"] = added
    row["added_wall"] = sum(after[n] for n in added)
    row["added_cpu"] = sum(cpu.get(n, 0.0) for n in added)
    print(
        "added by adoption: %d crates, %.1f s of unit wall time, %.1f s of CPU (ours: %s)"
        % (len(added), row["added_wall"], row["added_cpu"], " + ".join(OURS))
    )
    if not all(p in after for p in PEERS):
        print("ours against serde_derive + serde_json: n/a, this build has no %s" % ", ".join(p for p in PEERS if p not in after))
        return
    ours_wall, peers_wall = sum(after.get(n, 0.0) for n in OURS), sum(after[n] for n in PEERS)
    row["ours_wall"], row["peers_wall"] = ours_wall, peers_wall
    line = "ours %.2f s against serde_derive + serde_json %.2f s of wall: %.2fx" % (
        ours_wall,
        peers_wall,
        ratio(ours_wall, peers_wall),
    )
    if all(n in cpu for n in OURS + PEERS):
        ours_cpu, peers_cpu = sum(cpu[n] for n in OURS), sum(cpu[n] for n in PEERS)
        row["ours_cpu"], row["peers_cpu"] = ours_cpu, peers_cpu
        line += "; %.2f s against %.2f s of CPU: %.2fx (target 1.00x: %s)" % (
            ours_cpu,
            peers_cpu,
            ratio(ours_cpu, peers_cpu),
            verdict(ours_cpu <= peers_cpu),
        )
    print(line)


def main():
    global SOURCE
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=3, help="clean debug builds of each package (median; default 3)")
    parser.add_argument(
        "--programs", default=",".join(DEFAULT_PROGRAMS), help="comma-separated: " + ", ".join(PROGRAMS)
    )
    parser.add_argument("--keep", action="store_true", help="keep the generated packages and print their path")
    parser.add_argument("--json", help="also write the results to this file")
    parser.add_argument("--rev", help="measure the library and examples of this commit, not the working tree")
    parser.add_argument(
        "--smoke",
        action="store_true",
        help="one round into target/smoke without emptying it (warm builds), release for tiny only, "
        "no wrapped build (CI)",
    )
    args = parser.parse_args()
    programs = [p.strip() for p in args.programs.split(",") if p.strip()]
    if args.smoke:
        args.rounds = 1
        if "--programs" not in sys.argv:
            programs = PROGRAMS
    unknown = set(programs) - set(PROGRAMS)
    if unknown:
        raise SystemExit("unknown programs: %s" % ", ".join(sorted(unknown)))

    tmp = smoke.workdir("adoption_cost") if args.smoke else tempfile.mkdtemp(prefix="sponson-adoption-")
    results = {"nproc": os.cpu_count(), "load_before": load(), "rounds": args.rounds, "programs": {}}
    try:
        if args.rev:
            # Beside the generated workspace, not in it: cargo would take
            # the library's packages for members of both.
            SOURCE = tmp.rstrip("/") + "-source"
            commit = subprocess.run(
                ["git", "rev-parse", "--short", args.rev + "^{commit}"],
                cwd=ROOT, check=True, stdout=subprocess.PIPE, text=True,
            ).stdout.strip()
            os.makedirs(SOURCE, exist_ok=True)
            archive = subprocess.Popen(["git", "archive", commit], cwd=ROOT, stdout=subprocess.PIPE)
            subprocess.run(["tar", "-x", "-C", SOURCE], stdin=archive.stdout, check=True)
            if archive.wait() != 0:
                raise SystemExit("git archive %s failed" % commit)
            results["rev"] = commit
            print("library and examples of commit %s" % commit)
        make_workspace(tmp, programs)
        subprocess.run(["cargo", "fetch", "--quiet"], cwd=tmp, check=True)
        print("adoption cost, %s cores, %d round(s); load before: %s" % (os.cpu_count(), args.rounds, load()))
        for program in programs:
            cpus = {"before": [], "after": []}
            walls = {"before": [], "after": []}
            units = {"before": [], "after": []}
            versions = {"before": {}, "after": {}}
            for r in range(args.rounds):
                for side in ("before", "after"):
                    wall, cpu, (durations, seen) = debug_build(tmp, "%s-%s" % (program, side), r, args.smoke)
                    walls[side].append(wall)
                    cpus[side].append(cpu)
                    units[side].append(durations)
                    for name, vs in seen.items():
                        versions[side].setdefault(name, set()).update(vs)
            row = {
                side: {
                    "wall": statistics.median(walls[side]),
                    "cpu": statistics.median(cpus[side]),
                    "cpus": cpus[side],
                    "walls": walls[side],
                    "units": median_units(units[side]),
                    "versions": versions[side],
                }
                for side in ("before", "after")
            }
            if not args.smoke:
                row["crate_cpu"] = crate_cpu(tmp, "%s-after" % program)
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
        print(
            "| program | debug CPU before | after | after / before | target | debug wall before | after "
            "| stripped release before | after | growth | target |"
        )
        print("| --- | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | --- |")
        for program, row in results["programs"].items():
            b, a = row["before"], row["after"]
            cpu_ratio = ratio(a["cpu"], b["cpu"])
            row["debug_cpu_ratio"] = cpu_ratio
            build_target, size_target = TARGETS.get(program, (None, None))
            size = "| n/a | n/a | n/a | |"
            if "stripped_bytes" in b:
                kb = (a["stripped_bytes"] - b["stripped_bytes"]) / 1024.0
                row["size_growth_kb"] = kb
                size = "| %.0f KB | %.0f KB | %+.0f KB | %s |" % (
                    b["stripped_bytes"] / 1024.0,
                    a["stripped_bytes"] / 1024.0,
                    kb,
                    "<= %.0f KB: %s" % (size_target, verdict(kb <= size_target)) if size_target else "none",
                )
            print(
                "| %s | %.1f s | %.1f s | %.2fx | %s | %.1f s | %.1f s %s"
                % (
                    program,
                    b["cpu"],
                    a["cpu"],
                    cpu_ratio,
                    "<= %.2fx: %s" % (build_target, verdict(cpu_ratio <= build_target)) if build_target else "none",
                    b["wall"],
                    a["wall"],
                    size,
                )
            )
        for program, row in results["programs"].items():
            # What 1.30x or 1.10x would need: a program whose build before
            # adoption takes this long.
            build_target = TARGETS.get(program, (None, None))[0]
            added = row["after"]["cpu"] - row["before"]["cpu"]
            if build_target:
                print(
                    "  %s: adoption adds %.1f s of CPU; %.2fx holds for a program whose clean debug build "
                    "takes at least %.1f s before" % (program, added, build_target, added / (build_target - 1.0))
                )
        for program, row in results["programs"].items():
            crate_report(program, row)
        print()
        print("the derive alone (syn 3 and sponson-codes-derive, over proc-macro2, quote and strsim): %.1f s of CPU" % derive)
        print("load after: %s" % results["load_after"])
        if args.json:
            with open(args.json, "w") as f:
                json.dump(results, f, indent=2, default=sorted)
    finally:
        if SOURCE != ROOT:
            shutil.rmtree(SOURCE, ignore_errors=True)
        if args.keep or args.smoke:
            print("kept: %s" % tmp)
        else:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
