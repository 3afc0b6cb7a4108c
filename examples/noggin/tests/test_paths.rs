//! Every path of `noggin --json` in noggin's envelope: the seed's documents
//! byte for byte, one document per outcome on the stream noggin's spec names,
//! the exit code in `error.exitCode` and the process, and every document
//! valid against the schema the companion prints.

use std::os::unix::net::UnixStream;
use std::process::{Command, Stdio};

use serde_json::Value;
use sponson_codes::profile::NOGGIN;

// Linked so that its codes are registered and in the schema.
use noggin_example as _;

struct Run {
    stdout: String,
    stderr: String,
    exit: i32,
}

fn noggin_with(args: &[&str], stdout: Stdio) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_noggin"))
        .args(args)
        .env("RUST_BACKTRACE", "1")
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .output()
        .expect("noggin runs");
    Run {
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
        exit: out.status.code().expect("an exit code, not a signal"),
    }
}

fn noggin(args: &[&str]) -> Run {
    noggin_with(args, Stdio::piped())
}

/// The one document of a run, from the stream its outcome goes to; the
/// other stream is empty; the document agrees with the exit code and the
/// schema.
fn document(run: &Run) -> Value {
    let (text, other) = if run.exit == 0 {
        (&run.stdout, &run.stderr)
    } else {
        (&run.stderr, &run.stdout)
    };
    assert!(other.is_empty(), "the other stream is empty: {other:?}");
    let doc: Value =
        serde_json::from_str(text).unwrap_or_else(|e| panic!("one document ({e}): {text}"));
    let schema = NOGGIN.schema(&sponson_codes::registry::documented());
    let validator = jsonschema::draft202012::new(&schema).unwrap();
    let errors: Vec<String> = validator.iter_errors(&doc).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{doc}: {errors:?}");
    if run.exit == 0 {
        assert_eq!(doc["status"], "ok");
    } else {
        assert_eq!(doc["status"], "error");
        assert_eq!(
            doc["error"]["exitCode"], run.exit,
            "exitCode mirrors the exit"
        );
    }
    assert_eq!(doc["envelopeVersion"], 3);
    doc
}

/// The error document of noggin's envelope spec, byte for byte.
const SEED_ERROR: &str = r#"{
  "status": "error",
  "envelopeVersion": 3,
  "verb": "push",
  "error": {
    "code": "title-required",
    "message": "push: title required (--title or positional)",
    "exitCode": 2
  }
}
"#;

#[test]
fn the_seeds_error_document_on_stderr_with_exit_2() {
    let run = noggin(&["push", "--json"]);
    assert_eq!(run.exit, 2);
    assert_eq!(run.stderr, SEED_ERROR);
    assert!(run.stdout.is_empty());
    document(&run);
}

#[test]
fn success_is_the_seeds_wrapper_on_stdout() {
    let run = noggin(&["push", "--title", "Write the report", "--json"]);
    assert_eq!(run.exit, 0);
    assert!(run.stdout.starts_with(
        "{\n  \"status\": \"ok\",\n  \"envelopeVersion\": 3,\n  \"verb\": \"push\",\n  \"data\": {\n"
    ));
    let doc = document(&run);
    assert_eq!(doc["data"]["activePath"], "Inbox > Write the report");
    // `where` is the special case: data is a plain string.
    let run = noggin(&["where", "--json"]);
    assert_eq!(document(&run)["data"], "Inbox > Write the report");
}

#[test]
fn a_runtime_error_exits_1() {
    let run = noggin(&["delete", "n9", "--json"]);
    assert_eq!(run.exit, 1);
    let doc = document(&run);
    assert_eq!(doc["error"]["code"], "item-not-found");
    assert_eq!(doc["error"]["key"], "n9");
}

#[test]
fn a_usage_error_before_the_json_flag_is_the_usage_code() {
    let run = noggin(&["--frobnicate", "push", "--json"]);
    assert_eq!(run.exit, 2);
    let doc = document(&run);
    assert_eq!(doc["error"]["code"], "usage");
    assert_eq!(doc["verb"], "push");
}

#[test]
fn a_panic_is_the_fallback_and_its_text_never_reaches_the_document() {
    let run = noggin(&["crash", "--json"]);
    assert_eq!(run.exit, 1);
    assert!(!run.stderr.contains("sk-live") && !run.stderr.contains("panicked"));
    assert_eq!(document(&run)["error"]["code"], "internal");
    // In text mode the panic hook reports it as usual.
    let run = noggin(&["crash"]);
    assert_eq!(run.exit, 1);
    assert!(run.stderr.contains("panicked"));
}

#[test]
fn a_closed_stdout_ends_quietly_with_the_fallback_exit() {
    let (writer, reader) = UnixStream::pair().unwrap();
    drop(reader);
    let run = noggin_with(
        &["sample", "--count", "5000", "--json"],
        Stdio::from(std::os::fd::OwnedFd::from(writer)),
    );
    assert_eq!(run.exit, 1);
    assert!(run.stderr.is_empty(), "quiet: {}", run.stderr);
}

#[test]
fn text_mode_names_the_code_as_rustc_does() {
    // The profile shapes the JSON document; text mode is for people.
    let run = noggin(&["push"]);
    assert_eq!(run.exit, 2);
    assert_eq!(
        run.stderr,
        "error[title-required]: push: title required (--title or positional)\n"
    );
    assert!(run.stdout.is_empty());
}

#[test]
fn the_companion_prints_the_same_schema() {
    let companion =
        sponson_codes::companion::Companion::new("noggin-example", "sponson-codes", ".");
    let out = companion.run(["schema"]);
    assert_eq!(out.exit, 0, "{}", out.stderr);
    let printed: Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(printed["title"], "One outcome in the `noggin` envelope");
    assert_eq!(
        printed["$defs"]["code"]["enum"],
        serde_json::json!(["usage", "title-required", "item-not-found", "internal"])
    );
}
