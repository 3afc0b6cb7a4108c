//! Each command's declared codes (`#[codes(commands(...))]`) and whether a
//! code is worth retrying: in the documents, the schema of each command, and
//! the debug-build check that a command returns only what it declared.

mod common;

use clap::CommandFactory;
use common::{envelope, fixture, Scratch};
use plan_example::cli::Cli;
use plan_example::Code;
use sponson_codes::profile::SPONSON;
use sponson_codes::registry::SetKind;
use sponson_codes::{Error, ErrorCode, Mode, Runner};

#[test]
fn every_subcommand_declares_the_codes_it_may_return() {
    for sub in Cli::command().get_subcommands() {
        let name = sub.get_name();
        assert!(
            Code::ENUM.set(SetKind::Command, name).is_some(),
            "`plan {name}` declares no set in #[codes(commands(...))]"
        );
    }
}

#[test]
fn a_held_lock_is_retryable_and_a_refusal_is_not() {
    let s = Scratch::new("retryable");
    std::fs::write(s.path("deploy.plan.lock"), "run 41\n").unwrap();
    let held = envelope(&s.plan(&["apply", "deploy.plan", "--json"]));
    assert_eq!(held["error"]["code"], "LOCK_HELD");
    assert_eq!(held["error"]["retryable"], true);
    let refused = envelope(&s.plan(&["validate", "broken.plan", "--json"]));
    assert_eq!(refused["error"]["retryable"], false);
    // The fallback says nothing, so the key is absent: unknown, not retryable.
    let crash = envelope(&s.plan(&["crash", "--json"]));
    assert_eq!(crash["error"]["code"], "INTERNAL");
    assert!(crash["error"].get("retryable").is_none(), "{crash}");
}

/// What each command prints is valid against its own narrowed schema, and
/// another command's code is not.
#[test]
fn each_command_is_valid_against_the_schema_of_its_own_codes() {
    let enums = sponson_codes::registry::documented();
    let validator = |command: &str| {
        let schema = SPONSON.schema_for(&enums, SetKind::Command, command);
        jsonschema::draft202012::new(&schema).unwrap()
    };
    let s = Scratch::new("schema-per-command");
    std::fs::copy(fixture("rejection.json"), s.path("rejection.json")).unwrap();
    let runs: &[&[&str]] = &[
        &["validate", "broken.plan", "--json"],
        &["apply", "deploy.plan", "--env", "prod", "--json"],
        &[
            "push",
            "deploy.plan",
            "--response-file",
            "rejection.json",
            "--json",
        ],
        &["sample", "--json"],
        &["crash", "--json"],
    ];
    for args in runs {
        let doc = envelope(&s.plan(args));
        let errors: Vec<String> = validator(args[0])
            .iter_errors(&doc)
            .map(|e| e.to_string())
            .collect();
        assert!(errors.is_empty(), "plan {args:?}: {doc}: {errors:?}");
    }
    let push_rejected = envelope(&s.plan(runs[2]));
    let mut as_validate = push_rejected.clone();
    as_validate["command"] = "validate".into();
    assert!(
        !validator("validate").is_valid(&as_validate),
        "`validate` never returns SERVER_REJECTED: {as_validate}"
    );
}

/// A change that makes `validate` return `LOCK_HELD` fails its tests: in
/// debug builds the runner reports the code outside the declared set as the
/// fallback, naming the command, the code and where to declare it.
#[test]
#[cfg(debug_assertions)]
fn a_code_outside_the_commands_set_is_caught_in_debug_builds() {
    let held = || Err::<(), _>(Error::new(Code::LockHeld, "held by run 41"));
    let outside = Runner::<Code>::new("validate", Mode::Json).render(held);
    let doc: serde_json::Value = serde_json::from_str(&outside.stdout).unwrap();
    assert_eq!(doc["error"]["code"], "INTERNAL");
    let message = doc["error"]["message"].as_str().unwrap();
    assert!(
        message.contains("command `validate` returned `LOCK_HELD`")
            && message.contains("#[codes(commands(...))]")
            && message.contains("LockHeld"),
        "{message}"
    );
    assert_eq!(outside.exit, 1);
    let inside = Runner::<Code>::new("apply", Mode::Json).render(held);
    assert!(
        inside.stdout.contains(r#""code":"LOCK_HELD""#),
        "{}",
        inside.stdout
    );
    assert_eq!(inside.exit, 3);
}
