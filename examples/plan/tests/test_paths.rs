//! Every path of `plan --json`, run as a subprocess: the envelope contract
//! holds on each (see `common::envelope`).

mod common;

use common::{code, envelope, Scratch};
use serde_json::json;

/// The fixed message a panic becomes; the panic text itself never enters the envelope.
const PANIC_MESSAGE: &str = "the command stopped on an unexpected internal error";

#[test]
fn success_flattens_object_data() {
    let s = Scratch::new("success");
    let run = s.plan(&["validate", "deploy.plan", "--json"]);
    let doc = envelope(&run);
    assert_eq!(run.exit, 0);
    assert_eq!(
        doc,
        json!({"ok": true, "command": "validate", "plan": "deploy.plan", "steps": ["build", "migrate-db", "restart"]})
    );
    assert!(run.stderr.is_empty(), "nothing on stderr: {}", run.stderr);
}

#[test]
fn a_step_named_like_a_yaml_alias_succeeds_with_a_warning() {
    let s = Scratch::new("anchored");
    let run = s.plan(&["validate", "anchored.plan", "--json"]);
    assert_eq!(run.exit, 0, "a warning never fails a run");
    let doc = envelope(&run);
    assert_eq!(doc["steps"], json!(["build", "*migrate"]));
    assert_eq!(doc["warnings"][0]["code"], "YAML_ANCHOR");
    assert_eq!(doc["warnings"][0]["step"], "*migrate");
}

#[test]
fn approved_production_run_succeeds_with_null_kept() {
    let s = Scratch::new("approved");
    let run = s.plan(&[
        "--json",
        "apply",
        "deploy.plan",
        "--env",
        "prod",
        "--approved-by",
        "ana",
    ]);
    let doc = envelope(&run);
    assert_eq!(doc["approved_by"], "ana");
    let staging = envelope(&s.plan(&["apply", "deploy.plan", "--json"]));
    assert!(
        staging["approved_by"].is_null(),
        "null data stays: {staging}"
    );
}

#[test]
fn coded_failure_carries_hint_and_details() {
    let s = Scratch::new("not-approved");
    let run = s.plan(&["apply", "deploy.plan", "--env", "prod", "--json"]);
    let doc = envelope(&run);
    assert_eq!(run.exit, 2);
    assert_eq!(
        doc,
        json!({"ok": false, "command": "apply", "error": {
            "code": "APPROVAL_REQUIRED",
            "message": "deploy.plan writes to prod and no approver was given",
            "hint": "Pass --approved-by <who>.",
            "retryable": false,
            "env": "prod",
            "plan": "deploy.plan"
        }})
    );
}

#[test]
fn parse_failure_has_no_hint_key_and_keeps_null_details() {
    let s = Scratch::new("parse");
    let doc = envelope(&s.plan(&["validate", "broken.plan", "--json"]));
    assert_eq!(code(&doc), "PLAN_PARSE");
    assert_eq!(doc["error"]["line"], 2);
    let missing = s.plan(&["validate", "missing.plan", "--json"]);
    let doc = envelope(&missing);
    assert!(doc["error"].get("hint").is_none());
    assert!(
        missing.stdout.contains(r#""line":null"#),
        "{}",
        missing.stdout
    );
}

#[test]
fn usage_error_before_json_flag_is_an_envelope() {
    let s = Scratch::new("usage");
    let run = s.plan(&["apply", "--frobnicate", "deploy.plan", "--json"]);
    let doc = envelope(&run);
    assert_eq!(run.exit, 2);
    assert_eq!(code(&doc), "USAGE");
    assert_eq!(doc["command"], "apply");
    assert_eq!(doc["error"]["argument"], "--frobnicate");
    assert_eq!(
        doc["error"]["message"],
        "unexpected argument '--frobnicate' found"
    );
}

#[test]
fn usage_errors_of_every_kind_are_envelopes() {
    let s = Scratch::new("usage-kinds");
    for args in [
        &["--json"][..],
        &["--json", "bogus"],
        &["--json", "apply"],
        &["--json", "sample", "--steps", "many"],
        &["--json", "apply", "deploy.plan", "--wait", "x"],
    ] {
        let doc = envelope(&s.plan(args));
        assert_eq!(code(&doc), "USAGE", "{args:?}: {doc}");
    }
}

#[test]
fn help_and_version_are_successes() {
    let s = Scratch::new("help");
    let help = envelope(&s.plan(&["--help", "--json"]));
    assert!(help["help"].as_str().unwrap().contains("Usage: plan"));
    let sub = envelope(&s.plan(&["apply", "--json", "--help"]));
    assert_eq!(sub["command"], "apply");
    let version = envelope(&s.plan(&["--json", "--version"]));
    assert_eq!(
        version["version"],
        format!("plan {}", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn panic_becomes_the_fallback_without_its_text() {
    let s = Scratch::new("panic");
    let run = s.plan(&["crash", "--json"]);
    let doc = envelope(&run);
    assert_eq!(run.exit, 1);
    assert_eq!(code(&doc), "INTERNAL");
    assert_eq!(doc["error"]["message"], PANIC_MESSAGE);
    assert!(!run.stdout.contains("step index 7"));
    assert!(!run.stdout.contains("sk-live-panic"));
    // The panic is still told, where people look for it.
    assert!(
        run.stderr.contains("step index 7 out of range"),
        "{}",
        run.stderr
    );
}

#[test]
fn panic_while_serializing_a_detail_or_data_becomes_the_fallback() {
    let s = Scratch::new("serialize-panic");
    for site in ["detail", "data"] {
        let run = s.plan(&["crash", "--in", site, "--json"]);
        let doc = envelope(&run);
        assert_eq!(run.exit, 1, "{site}");
        assert_eq!(code(&doc), "INTERNAL", "{site}");
        assert_eq!(doc["error"]["message"], PANIC_MESSAGE);
        assert!(!run.stdout.contains("cannot serialize"), "{site}");
        assert!(!run.stdout.contains("sk-live-panic"), "{site}");
        assert!(run.stderr.contains("cannot serialize"), "{}", run.stderr);
    }
}

#[test]
fn held_lock_exits_3() {
    let s = Scratch::new("lock");
    std::fs::write(s.path("deploy.plan.lock"), "run 41\n").unwrap();
    let run = s.plan(&["apply", "deploy.plan", "--json"]);
    let doc = envelope(&run);
    assert_eq!(run.exit, 3);
    assert_eq!(code(&doc), "LOCK_HELD");
    assert_eq!(doc["error"]["holder"], "run 41");
    assert_eq!(doc["error"]["lock"], "deploy.plan.lock");
    std::fs::remove_file(s.path("deploy.plan.lock")).unwrap();
    assert_eq!(s.plan(&["apply", "deploy.plan", "--json"]).exit, 0);
}
