//! One document on every surface of a noggin-profile program: what
//! `noggin --json` prints, the MCP tool result of the same outcome (its text
//! block byte for byte, `structuredContent` as the same value), and the
//! companion's own `--json` output, all in noggin's envelope; for success, a
//! coded failure, a usage error and a panic.

use std::process::{Command, Stdio};

use noggin_example::Code;
use serde_json::Value;
use sponson_codes::profile::NOGGIN;
use sponson_codes::{mcp, Error, Mode, Output, Runner};

struct Run {
    stdout: String,
    stderr: String,
    exit: u8,
}

fn run(bin: &str, args: &[&str]) -> Run {
    let out = Command::new(bin)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs");
    Run {
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
        exit: u8::try_from(out.status.code().expect("an exit code")).unwrap(),
    }
}

/// The one document a run printed, from the stream noggin puts it on.
fn document(run: &Run) -> &str {
    match run.exit {
        0 => {
            assert!(run.stderr.is_empty(), "{}", run.stderr);
            &run.stdout
        }
        _ => {
            assert!(run.stdout.is_empty(), "{}", run.stdout);
            &run.stderr
        }
    }
}

/// The MCP tool result carries `printed` byte for byte, and agrees on failure.
fn assert_same_in_mcp(result: &Value, printed: &str, exit: u8) {
    let text = result["content"][0]["text"].as_str().unwrap();
    assert_eq!(text, printed.trim_end_matches('\n'));
    let parsed: Value = serde_json::from_str(printed).unwrap();
    assert_eq!(result["structuredContent"], parsed);
    assert_eq!(result["isError"], exit != 0);
    // And it is noggin's document.
    let doc = NOGGIN.read::<Value, Value>(printed).unwrap();
    assert_eq!(doc.is_ok(), exit == 0);
}

fn in_process<T: serde::Serialize>(
    verb: &str,
    body: impl FnOnce() -> Result<T, Error<Code>>,
) -> Output {
    Runner::<Code>::new(verb, Mode::Json).render(body)
}

#[test]
fn success_is_one_document_on_every_surface() {
    let cli = run(
        env!("CARGO_BIN_EXE_noggin"),
        &["--json", "push", "Write the report"],
    );
    assert_eq!(cli.exit, 0);
    let printed = document(&cli);
    assert!(printed.starts_with("{\n  \"status\": \"ok\",\n  \"envelopeVersion\": 3,"));
    let result = mcp::tool_result("push", &noggin_example::push(Some("Write the report")));
    assert_same_in_mcp(&result, printed, 0);
    assert_eq!(
        in_process("push", || noggin_example::push(Some("Write the report"))).stdout,
        printed
    );
}

#[test]
fn a_coded_failure_is_one_document_on_every_surface() {
    let cli = run(env!("CARGO_BIN_EXE_noggin"), &["--json", "push"]);
    assert_eq!(cli.exit, 2);
    let printed = document(&cli);
    let result = mcp::tool_result("push", &noggin_example::push(None));
    assert_same_in_mcp(&result, printed, 2);
    assert_eq!(result["structuredContent"]["error"]["exitCode"], 2);
}

#[test]
fn a_usage_error_is_one_document_on_every_surface() {
    let cli = run(env!("CARGO_BIN_EXE_noggin"), &["--json", "--bogus"]);
    assert_eq!(cli.exit, 2);
    let printed = document(&cli);
    let parse = sponson_codes::clap::Parse::<Code>::new();
    let out = parse
        .parse_from::<noggin_example::Cli, _, _>(["noggin", "--json", "--bogus"])
        .unwrap_err();
    assert_eq!(out.stderr, printed);
    assert_same_in_mcp(&mcp::tool_result_of(&out), printed, 2);
    assert_eq!(
        NOGGIN
            .read::<Value, Value>(printed)
            .unwrap()
            .result
            .unwrap_err()
            .code,
        "usage"
    );
}

#[test]
fn a_panic_is_one_document_on_every_surface() {
    let cli = run(env!("CARGO_BIN_EXE_noggin"), &["--json", "crash"]);
    assert_eq!(cli.exit, 1);
    let printed = document(&cli);
    assert!(!printed.contains("sk-live-panic"));
    // An MCP tool catches a panic by running through the runner.
    let out = in_process("crash", noggin_example::crash);
    assert_eq!(out.stderr, printed);
    assert_same_in_mcp(&mcp::tool_result_of(&out), printed, 1);
}

#[test]
fn the_companion_speaks_noggins_envelope_too() {
    let companion =
        sponson_codes::companion::Companion::new("noggin-example", "sponson-codes", ".");
    let run = |_: &str, args: &[&str]| {
        let out = companion.run(args.iter().copied());
        Run {
            stdout: out.stdout,
            stderr: out.stderr,
            exit: out.exit,
        }
    };
    let list = run("", &["list", "--json"]);
    assert_eq!(list.exit, 0);
    let doc = NOGGIN.read::<Value, Value>(document(&list)).unwrap();
    assert_eq!(doc.command.as_deref(), Some("list"));
    assert!(doc.result.unwrap()["codes"].is_array());

    for (args, code, exit) in [
        (
            &["explain", "no-such-code", "--json"][..],
            "UNKNOWN_CODE",
            1,
        ),
        (&["--bogus", "--json"][..], "USAGE", 2),
    ] {
        let failed = run("", args);
        assert_eq!(failed.exit, exit, "{args:?}");
        let doc = NOGGIN.read::<Value, Value>(document(&failed)).unwrap();
        assert_eq!(doc.exit_code, Some(exit));
        assert_eq!(doc.result.unwrap_err().code, code);
    }
}
