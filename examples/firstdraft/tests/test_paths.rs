//! Every path of `firstdraft --json` in firstdraft's contract: the review's
//! failure object byte for byte, one JSON object on stderr for every
//! failure, exits 0/1/2, success as the program's own output, and every
//! document valid against the schema the companion prints.

use std::os::unix::net::UnixStream;
use std::path::Path;
use std::process::{Command, Stdio};

use serde_json::Value;
use sponson_codes::profile::FIRSTDRAFT;

// Linked so that its codes are registered and in the schema.
use firstdraft_example as _;

struct Run {
    stdout: String,
    stderr: String,
    exit: i32,
}

fn firstdraft_with(args: &[&str], stdout: Stdio) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_firstdraft"))
        .args(args)
        .current_dir(Path::new(env!("CARGO_MANIFEST_DIR")))
        .env("RUST_BACKTRACE", "1")
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .output()
        .expect("firstdraft runs");
    Run {
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
        exit: out.status.code().expect("an exit code, not a signal"),
    }
}

fn firstdraft(args: &[&str]) -> Run {
    firstdraft_with(args, Stdio::piped())
}

/// The one failure object on stderr; nothing on stdout; valid against the schema.
fn failure(run: &Run) -> Value {
    assert_ne!(run.exit, 0);
    assert!(run.stdout.is_empty(), "{}", run.stdout);
    let doc: Value = serde_json::from_str(&run.stderr)
        .unwrap_or_else(|e| panic!("one object on stderr ({e}): {}", run.stderr));
    valid(&doc);
    doc
}

fn valid(doc: &Value) {
    let schema = FIRSTDRAFT.schema(&sponson_codes::registry::documented());
    let validator = jsonschema::draft202012::new(&schema).unwrap();
    let errors: Vec<String> = validator.iter_errors(doc).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{doc}: {errors:?}");
}

/// The failure object of firstdraft's review, byte for byte.
const SEED_FAILURE: &str = r#"{
  "error": "request_outcome_unknown",
  "detail": "The Plan may have been accepted, but the response could not be verified...",
  "status": 502
}
"#;

#[test]
fn the_reviews_failure_object_on_stderr_with_exit_1() {
    let run = firstdraft(&[
        "push",
        "fixtures/deploy.plan",
        "--response",
        "fixtures/bad-gateway.json",
        "--json",
    ]);
    assert_eq!(run.exit, 1);
    assert_eq!(run.stderr, SEED_FAILURE);
    failure(&run);
}

#[test]
fn a_rejection_echoes_only_allowlisted_fields() {
    let run = firstdraft(&[
        "push",
        "fixtures/deploy.plan",
        "--response",
        "fixtures/rejected.json",
        "--json",
    ]);
    let doc = failure(&run);
    assert_eq!(doc["error"], "server_rejected");
    assert_eq!(doc["status"], 422);
    assert_eq!(doc["response"]["diagnostics"][0]["subject"], Value::Null);
    assert!(!run.stderr.contains("IGNORE") && !run.stderr.contains("internal trace"));
}

#[test]
fn success_prints_the_programs_own_output() {
    let run = firstdraft(&[
        "push",
        "fixtures/deploy.plan",
        "--response",
        "fixtures/created.json",
        "--json",
    ]);
    assert_eq!(run.exit, 0);
    assert_eq!(run.stdout, "{\n  \"plan_id\": \"plan_7\"\n}\n");
    assert!(run.stderr.is_empty());
    valid(&serde_json::from_str(&run.stdout).unwrap());
    let run = firstdraft(&[
        "push",
        "fixtures/deploy.plan",
        "--response",
        "fixtures/created.json",
    ]);
    assert_eq!(run.stdout, "pushed plan plan_7\n");
}

#[test]
fn an_unreadable_input_exits_1() {
    let run = firstdraft(&[
        "push",
        "missing.plan",
        "--response",
        "fixtures/created.json",
        "--json",
    ]);
    assert_eq!(run.exit, 1);
    assert_eq!(failure(&run)["error"], "local_input_unreadable");
}

#[test]
fn a_response_file_that_is_not_json_is_invalid_configuration_with_exit_2() {
    let run = firstdraft(&[
        "push",
        "fixtures/deploy.plan",
        "--response",
        "fixtures/deploy.plan",
        "--json",
    ]);
    assert_eq!(run.exit, 2);
    assert_eq!(failure(&run)["error"], "invalid_configuration");
}

#[test]
fn the_stored_plans_id_is_recorded_in_the_local_state() {
    let dir = std::env::temp_dir().join(format!("firstdraft-state-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let state = dir.join("state");
    let run = firstdraft(&[
        "push",
        "fixtures/deploy.plan",
        "--response",
        "fixtures/created.json",
        "--state",
        state.to_str().unwrap(),
    ]);
    assert_eq!(run.exit, 0, "{}", run.stderr);
    assert_eq!(std::fs::read_to_string(&state).unwrap(), "plan_7\n");

    // A state that cannot be written (a directory): the server has the
    // Plan, and the failure says which, so the caller reconciles.
    let run = firstdraft(&[
        "push",
        "fixtures/deploy.plan",
        "--response",
        "fixtures/created.json",
        "--state",
        dir.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(run.exit, 1);
    let doc = failure(&run);
    assert_eq!(doc["error"], "local_state_not_saved");
    assert_eq!(doc["plan_id"], "plan_7");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_usage_error_before_the_json_flag_is_invalid_arguments_with_exit_2() {
    let run = firstdraft(&["--frobnicate", "push", "--json"]);
    assert_eq!(run.exit, 2);
    let doc = failure(&run);
    assert_eq!(doc["error"], "invalid_arguments");
    assert_eq!(doc["argument"], "--frobnicate");
}

#[test]
fn a_panic_is_the_fallback_object_alone_on_stderr() {
    let run = firstdraft(&["crash", "--json"]);
    assert_eq!(run.exit, 1);
    assert_eq!(
        run.stderr,
        "{\n  \"error\": \"internal_error\",\n  \"detail\": \"the command stopped on an unexpected internal error\"\n}\n"
    );
    failure(&run);
}

#[test]
fn a_closed_stdout_ends_quietly_with_the_fallback_exit() {
    let (writer, reader) = UnixStream::pair().unwrap();
    drop(reader);
    let run = firstdraft_with(
        &["sample", "--count", "5000", "--json"],
        Stdio::from(std::os::fd::OwnedFd::from(writer)),
    );
    assert_eq!(run.exit, 1);
    assert!(run.stderr.is_empty(), "quiet: {}", run.stderr);
}

#[test]
fn the_companion_prints_the_same_schema() {
    let companion =
        sponson_codes::companion::Companion::new("firstdraft-example", "sponson-codes", ".");
    let out = companion.run(["schema"]);
    assert_eq!(out.exit, 0, "{}", out.stderr);
    let printed: Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(
        printed,
        FIRSTDRAFT.schema(&sponson_codes::registry::documented())
    );
}
