//! One document on every surface of a program with its own profile: the
//! runner's JSON (the CLI), the clap front end's usage errors, MCP tool
//! results (text block byte for byte, `structuredContent` as the same value)
//! and the companion's own `--json` output are all written in the profile
//! the program declared, for success, a coded failure, a usage error and a
//! panic.

use serde_json::{json, Value};
use sponson_codes::companion::Companion;
use sponson_codes::{mcp, Error, ErrorCodes, Mode, Output, Runner};

#[path = "support/mine.rs"]
mod mine;
use mine::MINE;

sponson_codes::use_profile!(MINE);

#[derive(Debug, Clone, Copy, PartialEq, Eq, ErrorCodes)]
pub enum Code {
    #[code(exit = 2, doc = "The command line is not valid.", usage)]
    Usage,
    #[code(exit = 4, doc = "The disk is full.", hint = "Free some space.")]
    DiskFull,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

#[derive(Debug, clap::Parser)]
#[command(name = "sync")]
struct Cli {
    #[arg(long, global = true)]
    json: bool,
}

/// The one document of `out`, from the stream the profile puts it on.
fn document(out: &Output) -> &str {
    match out.exit {
        0 => {
            assert!(out.stderr.is_empty(), "{}", out.stderr);
            &out.stdout
        }
        _ => {
            assert!(out.stdout.is_empty(), "{}", out.stdout);
            &out.stderr
        }
    }
}

/// `printed` is the program's document: in its profile, and the same bytes
/// in the MCP result.
fn assert_everywhere(printed: &str, result: &Value, exit: u8) {
    let doc = MINE.read::<Value, Value>(printed).unwrap();
    assert_eq!(doc.version, Some(2));
    assert_eq!(doc.is_ok(), exit == 0);
    if exit != 0 {
        assert_eq!(doc.exit_code, Some(exit));
    }
    assert_eq!(result["content"][0]["text"], printed.trim_end_matches('\n'));
    assert_eq!(
        result["structuredContent"],
        serde_json::from_str::<Value>(printed).unwrap()
    );
    assert_eq!(result["isError"], exit != 0);
}

fn cli<T: serde::Serialize>(body: impl FnOnce() -> Result<T, Error<Code>>) -> Output {
    Runner::<Code>::new("sync", Mode::Json).render(body)
}

#[test]
fn the_declared_profile_is_the_one_every_surface_reads() {
    assert_eq!(sponson_codes::profile::declared().name, "mine");
}

#[test]
fn success() {
    let body = || Ok::<_, Error<Code>>(json!({"files": 3}));
    let out = cli(body);
    let printed = document(&out);
    assert_eq!(
        printed,
        "{\"result\":\"success\",\"apiVersion\":2,\"op\":\"sync\",\"payload\":{\"files\":3}}\n"
    );
    assert_everywhere(printed, &mcp::tool_result("sync", &body()), 0);
}

#[test]
fn a_coded_failure() {
    let body = || {
        Err::<(), _>(Error::new(Code::DiskFull, "no space left on /data").with_detail("free", &0))
    };
    let out = cli(body);
    let printed = document(&out);
    assert!(printed.starts_with("{\"result\":\"failure\",\"apiVersion\":2,\"op\":\"sync\",\"failure\":{\"id\":\"DISK_FULL\""));
    assert_everywhere(printed, &mcp::tool_result("sync", &body()), 4);
}

#[test]
fn a_usage_error() {
    let out = sponson_codes::clap::Parse::<Code>::new()
        .parse_from::<Cli, _, _>(["sync", "--bogus", "--json"])
        .unwrap_err();
    let printed = document(&out);
    let doc = MINE.read::<Value, Value>(printed).unwrap();
    assert_eq!(doc.result.unwrap_err().code, "USAGE");
    assert_everywhere(printed, &mcp::tool_result_of(&out), 2);
}

#[test]
fn a_panic() {
    let out = cli(|| -> Result<(), Error<Code>> { panic!("secret {}", 42) });
    let printed = document(&out);
    assert!(!printed.contains("secret"));
    assert_eq!(
        MINE.read::<Value, Value>(printed)
            .unwrap()
            .result
            .unwrap_err()
            .code,
        "INTERNAL"
    );
    assert_everywhere(printed, &mcp::tool_result_of(&out), 1);
}

#[test]
fn the_companion_speaks_the_programs_profile() {
    let companion = Companion::new("sync", "sync-codes", "/nonexistent");
    let list = companion.run(["list", "--json"]);
    let doc = MINE.read::<Value, Value>(document(&list)).unwrap();
    assert_eq!(doc.command.as_deref(), Some("list"));
    assert_eq!(doc.result.unwrap()["codes"][1]["code"], "DISK_FULL");
    for (args, code, exit) in [
        (&["explain", "NOPE", "--json"][..], "UNKNOWN_CODE", 1),
        (&["--bogus", "--json"][..], "USAGE", 2),
    ] {
        let out = companion.run(args.iter().copied());
        assert_eq!(out.exit, exit, "{args:?}");
        let doc = MINE.read::<Value, Value>(document(&out)).unwrap();
        assert_eq!(doc.exit_code, Some(exit));
        assert_eq!(doc.result.unwrap_err().code, code);
    }
}
