#!/usr/bin/env python3
"""Cold build of a small program using sponson-codes, against the peer stack.

Writes throwaway crates in a temporary directory (never in the repository),
each a three-code program, at the three layers a program adopts one at a
time:

- `codes`: the code table alone (sponson-codes with default-features = false:
  the derive, `code!`, `FromStr`, serde), an error struct written by hand;
- `error`: the coded `Error` and its JSON document (feature `error`);
- `runner`: the same, run through `Runner` (the default features: one JSON
  envelope on every path);

and the nearest equivalent of each with the peers:

- `codes`: thiserror for the error type, strum (`EnumString`, `IntoStaticStr`,
  `EnumMessage`) and serde's derives for the code enum, an exit-code `match`;
- `error` and `runner`: the same, printing a JSON envelope of derived
  structs with serde_json.

Each is built from an empty target directory (the registry is cached:
`cargo fetch` runs first, untimed), debug and release, one after the other,
with incremental compilation off. It prints the wall time and the CPU time
(user + sys of cargo and every compiler it ran) of each build; on a shared
machine the CPU time is the steadier figure.

    python3 scripts/cold_build.py
    python3 scripts/cold_build.py --profiles debug --rounds 3
    python3 scripts/cold_build.py --smoke    # debug, one round, warm builds in target/smoke (CI)
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
# The runtime's features at each level, as figure 9 measured them: None keeps
# the default features; a list turns them off and enables the list.
OURS_FEATURES = {"codes": [], "error": ["error"], "runner": None}

OURS_ENUM = '''
/// Failures of the program.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, sponson_codes::ErrorCodes)]
#[codes(exits(1 = "failure", 2 = "refused before running", 3 = "the lock is held"))]
pub enum Code {
    #[code(exit = 2, doc = "The plan file cannot be read.", hint = "Check the path.")]
    PlanParse,
    #[code(exit = 3, doc = "Another run holds the lock.", hint = "Pass --wait.")]
    LockHeld,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

'''

# The codes layer has no `Error`: the program keeps its own error type.
OURS_CODES_APPLY = '''
#[derive(Debug)]
pub struct AppError {
    code: Code,
    message: String,
}

impl std::fmt::Display for AppError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for AppError {}

fn apply(arg: Option<String>) -> Result<u32, AppError> {
    match arg.as_deref() {
        Some("held") => Err(AppError { code: sponson_codes::code!(Code, "LOCK_HELD"), message: "held by another run".into() }),
        Some(other) => other.parse().map_err(|_| AppError { code: Code::PlanParse, message: format!("not a number: {other}") }),
        None => Ok(0),
    }
}
'''

OURS_APPLY = '''
fn apply(arg: Option<String>) -> Result<u32, sponson_codes::Error<Code>> {
    match arg.as_deref() {
        Some("held") => Err(sponson_codes::Error::new(Code::LockHeld, "held by another run")),
        Some(other) => other
            .parse()
            .map_err(|_| sponson_codes::Error::new(Code::PlanParse, format!("not a number: {other}"))),
        None => Ok(0),
    }
}
'''

OURS_CODES_MAIN = '''
fn main() -> std::process::ExitCode {
    match apply(std::env::args().nth(1)) {
        Ok(n) => {
            println!("{n}");
            std::process::ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{}: {e}", e.code.code());
            std::process::ExitCode::from(e.code)
        }
    }
}
'''

OURS_ERROR_MAIN = '''
fn main() -> std::process::ExitCode {
    let result = apply(std::env::args().nth(1)).map(|n| serde_json::json!({ "applied": n }));
    let exit = match &result {
        Ok(_) => 0,
        Err(e) => e.exit_code(),
    };
    let envelope = sponson_codes::profile::Envelope::from_result("apply", &result);
    println!("{}", serde_json::to_string(&envelope).unwrap());
    std::process::ExitCode::from(exit)
}
'''

OURS_RUNNER_MAIN = '''
fn main() -> std::process::ExitCode {
    let json = std::env::args().any(|a| a == "--json");
    let runner = sponson_codes::Runner::<Code>::new("apply", sponson_codes::Mode::from_json_flag(json));
    runner.run(|| apply(std::env::args().nth(1)).map(|n| serde_json::json!({ "applied": n })))
}
'''

PEER_ENUM = '''
/// Failures of the program.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, strum::EnumString, strum::IntoStaticStr,
         strum::EnumMessage, strum::EnumIter, serde::Serialize, serde::Deserialize)]
pub enum Code {
    #[strum(serialize = "PLAN_PARSE", message = "The plan file cannot be read.", detailed_message = "Check the path.")]
    #[serde(rename = "PLAN_PARSE")]
    PlanParse,
    #[strum(serialize = "LOCK_HELD", message = "Another run holds the lock.", detailed_message = "Pass --wait.")]
    #[serde(rename = "LOCK_HELD")]
    LockHeld,
    #[strum(serialize = "INTERNAL", message = "An unexpected error.")]
    #[serde(rename = "INTERNAL", other)]
    Internal,
}

impl Code {
    fn exit_code(self) -> u8 {
        match self {
            Code::PlanParse => 2,
            Code::LockHeld => 3,
            Code::Internal => 1,
        }
    }
}

#[derive(Debug, thiserror::Error)]
#[error("{message}")]
pub struct AppError {
    code: Code,
    message: String,
}

fn apply(arg: Option<String>) -> Result<u32, AppError> {
    match arg.as_deref() {
        Some("held") => Err(AppError { code: Code::LockHeld, message: "held by another run".into() }),
        Some(other) => other.parse().map_err(|_| AppError {
            code: Code::PlanParse,
            message: format!("not a number: {other}"),
        }),
        None => Ok(0),
    }
}
'''

PEER_CODES_MAIN = '''
fn main() -> std::process::ExitCode {
    match apply(std::env::args().nth(1)) {
        Ok(n) => {
            println!("{n}");
            std::process::ExitCode::SUCCESS
        }
        Err(e) => {
            let code: &'static str = e.code.into();
            eprintln!("{code}: {e}");
            std::process::ExitCode::from(e.code.exit_code())
        }
    }
}
'''

PEER_RUNNER = '''
#[derive(serde::Serialize)]
struct Body<'a> {
    code: Code,
    message: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    hint: Option<&'static str>,
}

#[derive(serde::Serialize)]
struct Envelope<'a> {
    ok: bool,
    command: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    applied: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<Body<'a>>,
}

fn run() -> std::process::ExitCode {
    use strum::EnumMessage;
    let result = apply(std::env::args().nth(1));
    let (envelope, exit) = match &result {
        Ok(n) => (Envelope { ok: true, command: "apply", applied: Some(*n), error: None }, 0),
        Err(e) => (
            Envelope {
                ok: false,
                command: "apply",
                applied: None,
                error: Some(Body { code: e.code, message: &e.message, hint: e.code.get_detailed_message() }),
            },
            e.code.exit_code(),
        ),
    };
    println!("{}", serde_json::to_string(&envelope).unwrap());
    std::process::ExitCode::from(exit)
}
'''

PEER_RUNNER_MAIN = '''
fn main() -> std::process::ExitCode {
    run()
}
'''

LEVELS = ["codes", "error", "runner"]


def sources(side, level):
    if side == "ours":
        return OURS_ENUM + {
            "codes": OURS_CODES_APPLY + OURS_CODES_MAIN,
            "error": OURS_APPLY + OURS_ERROR_MAIN,
            "runner": OURS_APPLY + OURS_RUNNER_MAIN,
        }[level]
    main = {
        "codes": PEER_CODES_MAIN,
        "error": PEER_RUNNER + PEER_RUNNER_MAIN,
        "runner": PEER_RUNNER + PEER_RUNNER_MAIN,
    }[level]
    return PEER_ENUM + main


def dependencies(side, level):
    if side == "ours":
        path = json.dumps(os.path.join(ROOT, "sponson-codes"))
        features = OURS_FEATURES[level]
        if features is None:
            deps = "sponson-codes = { path = %s }\n" % path
        else:
            deps = "sponson-codes = { path = %s, default-features = false, features = %s }\n" % (
                path,
                json.dumps(features),
            )
        if level != "codes":
            deps += 'serde_json = "1"\n'
        return deps
    deps = (
        'thiserror = "2"\n'
        'strum = { version = "0.28", features = ["derive"] }\n'
        'serde = { version = "1", features = ["derive"] }\n'
    )
    if level != "codes":
        deps += 'serde_json = "1"\n'
    return deps


write = smoke.write


def make_workspace(tmp):
    members = []
    for side in ("ours", "peer"):
        for level in LEVELS:
            name = "%s-%s" % (side, level)
            members.append(name)
            write(
                os.path.join(tmp, name, "Cargo.toml"),
                '[package]\nname = "%s"\nversion = "0.0.0"\nedition = "2021"\npublish = false\n\n'
                "[dependencies]\n%s" % (name, dependencies(side, level)),
            )
            write(os.path.join(tmp, name, "src", "main.rs"), sources(side, level))
    write(
        os.path.join(tmp, "Cargo.toml"),
        '[workspace]\nresolver = "2"\nmembers = %s\n' % json.dumps(members),
    )
    lock = os.path.join(ROOT, "Cargo.lock")
    if os.path.exists(lock):
        # The repository's versions, so both sides build what the workspace pins.
        with open(lock) as f:
            write(os.path.join(tmp, "Cargo.lock"), f.read())
    return members


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--profiles", default="debug,release", help="comma-separated: debug, release")
    parser.add_argument("--rounds", type=int, default=1, help="cold builds of each program (median; default 1)")
    parser.add_argument("--keep", action="store_true", help="keep the generated crates and print their path")
    parser.add_argument("--json", help="also write the results to this file")
    parser.add_argument(
        "--smoke",
        action="store_true",
        help="debug, one round, into target/smoke without emptying it: warm builds, not cold (CI)",
    )
    args = parser.parse_args()
    if args.smoke:
        args.profiles, args.rounds = "debug", 1

    # A smoke run keeps its crates and builds where the next one finds them.
    tmp = smoke.workdir("cold_build") if args.smoke else tempfile.mkdtemp(prefix="sponson-cold-build-")
    results = {"nproc": os.cpu_count(), "load_before": load(), "builds": {}}
    try:
        members = make_workspace(tmp)
        subprocess.run(["cargo", "fetch"], cwd=tmp, check=True, stdout=subprocess.DEVNULL)
        print("cold builds, %s cores; load before: %s" % (os.cpu_count(), load()))
        print("| profile | program | sponson-codes wall | CPU | peers wall | CPU | CPU ratio |")
        print("| --- | --- | ---: | ---: | ---: | ---: | ---: |")
        for profile in [p.strip() for p in args.profiles.split(",") if p.strip()]:
            flag = ["--release"] if profile == "release" else []
            for level in LEVELS:
                row = {}
                for side in ("ours", "peer"):
                    name = "%s-%s" % (side, level)
                    walls, cpus = [], []
                    for r in range(args.rounds):
                        if args.smoke:
                            wall, cpu = cargo(tmp, smoke.target(), ["build", "-p", name] + flag)
                        else:
                            target = os.path.join(tmp, "target-%s-%s-%d" % (name, profile, r))
                            wall, cpu = cargo(tmp, target, ["build", "-p", name] + flag)
                            shutil.rmtree(target, ignore_errors=True)
                        walls.append(wall)
                        cpus.append(cpu)
                    row[side] = {"wall": statistics.median(walls), "cpu": statistics.median(cpus)}
                results["builds"]["%s/%s" % (profile, level)] = row
                print(
                    "| %s | %s | %.1f s | %.1f s | %.1f s | %.1f s | %.2f× |"
                    % (
                        profile,
                        level,
                        row["ours"]["wall"],
                        row["ours"]["cpu"],
                        row["peer"]["wall"],
                        row["peer"]["cpu"],
                        row["ours"]["cpu"] / row["peer"]["cpu"],
                    ),
                    flush=True,
                )
        results["load_after"] = load()
        print("load after: %s" % results["load_after"])
        if args.json:
            with open(args.json, "w") as f:
                json.dump(results, f, indent=2)
        assert members
    finally:
        if args.keep or args.smoke:
            print("kept: %s" % tmp)
        else:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
