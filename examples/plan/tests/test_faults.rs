//! `plan` under fault: a stdout whose reader is gone before anything is
//! written, arguments that are not UTF-8, and a panic. Each run ends in the
//! exit code docs/envelope.md documents, as an exit code (never a signal),
//! with no panic text in stdout and no second panic on stderr.

use std::ffi::{OsStr, OsString};
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::os::unix::net::UnixStream;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use plan_example::Code;
use serde_json::Value;

fn fixture(name: &str) -> OsString {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures")
        .join(name)
        .into_os_string()
}

fn os(arg: &str) -> OsString {
    OsString::from(arg)
}

/// Bytes that are not UTF-8, as an argument.
fn bad(bytes: &[u8]) -> OsString {
    OsString::from_vec(bytes.to_vec())
}

struct Run {
    exit: i32,
    stdout: Vec<u8>,
    stderr: String,
}

fn plan(args: &[OsString], stdout: Stdio) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_plan"))
        .args(args)
        .env_remove("RUST_BACKTRACE")
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .output()
        .expect("the plan binary runs");
    Run {
        exit: out
            .status
            .code()
            .unwrap_or_else(|| panic!("{args:?}: ended by a signal: {:?}", out.status)),
        stdout: out.stdout,
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// Runs `plan` with a stdout whose reading end is closed before it starts:
/// every write fails with `EPIPE`.
fn plan_with_closed_stdout(args: &[OsString]) -> Run {
    let (writer, reader) = UnixStream::pair().unwrap();
    drop(reader);
    plan(args, Stdio::from(std::os::fd::OwnedFd::from(writer)))
}

fn panics_in(text: &str) -> usize {
    text.matches("panicked").count()
}

/// The one JSON document of a JSON-mode run.
fn document(run: &Run) -> Value {
    let text = std::str::from_utf8(&run.stdout).expect("stdout is UTF-8");
    let docs: Vec<Value> = serde_json::Deserializer::from_str(text)
        .into_iter()
        .collect::<Result<_, _>>()
        .unwrap_or_else(|err| panic!("stdout is not JSON ({err}): {text:?}"));
    assert_eq!(docs.len(), 1, "one document: {text:?}");
    assert_eq!(text.trim_end().lines().count(), 1, "one line: {text:?}");
    for needle in ["panicked", "stack backtrace", ".rs:"] {
        assert!(!text.contains(needle), "stdout leaks {needle:?}: {text}");
    }
    let doc = docs.into_iter().next().unwrap();
    assert_eq!(doc["ok"].as_bool(), Some(run.exit == 0), "{doc}");
    doc
}

const FALLBACK_EXIT: i32 = 1;

#[test]
fn closed_stdout_before_any_write_ends_with_the_documented_exit() {
    let plan_file = fixture("deploy.plan");
    let cases: Vec<(Vec<OsString>, i32, &str)> = vec![
        // Successes that cannot be printed: the fallback's exit.
        (
            vec![os("--json"), os("validate"), plan_file.clone()],
            FALLBACK_EXIT,
            "success, JSON",
        ),
        (
            vec![os("validate"), plan_file.clone()],
            FALLBACK_EXIT,
            "success, text",
        ),
        (
            vec![os("--json"), os("sample"), os("--steps"), os("100000")],
            FALLBACK_EXIT,
            "large success",
        ),
        (
            vec![os("--json"), os("--help")],
            FALLBACK_EXIT,
            "help, JSON",
        ),
        // Failures keep their own exit: it already tells the outcome.
        (
            vec![
                os("--json"),
                os("apply"),
                plan_file.clone(),
                os("--env"),
                os("prod"),
            ],
            i32::from(Code::ApprovalRequired.exit_code()),
            "coded failure, JSON",
        ),
        (
            vec![os("--json"), os("--frobnicate")],
            i32::from(Code::Usage.exit_code()),
            "usage error, JSON",
        ),
        (
            vec![os("--json"), os("crash")],
            i32::from(Code::Internal.exit_code()),
            "panic, JSON",
        ),
    ];
    for (args, want, what) in cases {
        let run = plan_with_closed_stdout(&args);
        assert_eq!(run.exit, want, "{what}: {args:?}; stderr: {}", run.stderr);
        let own_panic = usize::from(what.starts_with("panic"));
        assert_eq!(
            panics_in(&run.stderr),
            own_panic,
            "{what}: no panic but the command's own: {}",
            run.stderr
        );
        if own_panic == 0 {
            assert!(
                run.stderr.is_empty(),
                "{what}: a closed pipe is quiet: {}",
                run.stderr
            );
        }
    }
}

#[test]
fn closed_stdout_in_text_mode_keeps_errors_on_stderr() {
    let args = [os("apply"), fixture("deploy.plan"), os("--env"), os("prod")];
    let run = plan_with_closed_stdout(&args);
    assert_eq!(run.exit, i32::from(Code::ApprovalRequired.exit_code()));
    assert!(
        run.stderr.starts_with("error[APPROVAL_REQUIRED]: "),
        "{}",
        run.stderr
    );
    assert_eq!(panics_in(&run.stderr), 0);
}

/// docs/envelope.md: a closed stdout ends with the fallback's exit code, also
/// when clap prints `--help` or `--version` itself in text mode.
#[test]
fn closed_stdout_in_text_mode_help_is_a_failure() {
    for flag in ["--help", "--version"] {
        let run = plan_with_closed_stdout(&[os(flag)]);
        assert_eq!(run.exit, FALLBACK_EXIT, "{flag}");
    }
}

#[test]
fn arguments_that_are_not_utf8_end_with_the_documented_exit() {
    let plan_file = fixture("deploy.plan");
    let usage = i32::from(Code::Usage.exit_code());
    let cases: Vec<(Vec<OsString>, i32, Option<&str>)> = vec![
        // A path need not be UTF-8: the file is simply not there.
        (
            vec![os("--json"), os("validate"), bad(b"no-such-\xff\xfe.plan")],
            i32::from(Code::PlanParse.exit_code()),
            Some("PLAN_PARSE"),
        ),
        (
            vec![os("--json"), os("validate"), os("--"), bad(b"\x80.plan")],
            i32::from(Code::PlanParse.exit_code()),
            Some("PLAN_PARSE"),
        ),
        // A text value must be UTF-8: a usage error.
        (
            vec![
                os("--json"),
                os("apply"),
                plan_file.clone(),
                os("--env"),
                bad(b"pr\xffod"),
            ],
            usage,
            Some("USAGE"),
        ),
        (
            vec![
                os("--json"),
                os("apply"),
                plan_file.clone(),
                bad(b"--approved-by=\xc3\x28"),
            ],
            usage,
            Some("USAGE"),
        ),
        // Not a subcommand, not a flag.
        (
            vec![os("--json"), bad(b"\xffvalidate")],
            usage,
            Some("USAGE"),
        ),
        (
            vec![bad(b"--js\xffon"), os("validate"), plan_file.clone()],
            usage,
            None,
        ),
        (vec![os("--json"), bad(b"--\xff")], usage, Some("USAGE")),
        // Overlong and surrogate encodings are not UTF-8 either.
        (
            vec![os("--json"), os("sample"), os("--steps"), bad(b"\xc0\xb3")],
            usage,
            Some("USAGE"),
        ),
        (
            vec![
                os("--json"),
                os("sample"),
                os("--steps"),
                bad(b"\xed\xa0\x80"),
            ],
            usage,
            Some("USAGE"),
        ),
    ];
    for (args, want, code) in cases {
        let run = plan(&args, Stdio::piped());
        assert_eq!(run.exit, want, "{args:?}; stderr: {}", run.stderr);
        assert_eq!(panics_in(&run.stderr), 0, "{args:?}: {}", run.stderr);
        match code {
            Some(code) => {
                let doc = document(&run);
                assert_eq!(doc["error"]["code"], code, "{args:?}: {doc}");
                // Whatever is echoed of the bad bytes is valid JSON text.
                assert!(doc["error"]["message"].is_string());
            }
            None => {
                assert!(run.stdout.is_empty(), "text mode: {:?}", run.stdout);
                assert!(!run.stderr.is_empty(), "clap explains on stderr");
            }
        }
    }
}

#[test]
fn a_path_that_is_not_utf8_is_echoed_lossily_not_dropped() {
    let path = bad(b"dir-\xff/plan");
    let run = plan(
        &[os("--json"), os("validate"), path.clone()],
        Stdio::piped(),
    );
    let doc = document(&run);
    let shown = doc["error"]["path"].as_str().expect("the path detail");
    assert_eq!(shown, String::from_utf8_lossy(OsStr::new(&path).as_bytes()));
}
