//! The schema the companion prints accepts every document each profile
//! prints, and refuses a document that breaks the contract.

use serde_json::{json, Map, Value};
use sponson_codes::profile::{Profile, FIRSTDRAFT, NOGGIN, SPONSON};
use sponson_codes::{ErrorCode, ErrorCodes, Warning, WarningCodes};

#[derive(Debug, Clone, Copy, PartialEq, Eq, ErrorCodes)]
enum Code {
    #[code(exit = 3, doc = "Another run holds the lock.", hint = "Pass --wait.")]
    LockHeld,
    #[code(exit = 2, doc = "The command line is not valid.", usage)]
    Usage,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, WarningCodes)]
enum Warn {
    #[code(doc = "A YAML anchor was expanded.")]
    YamlAnchor,
}

fn documents(profile: &Profile) -> Vec<Value> {
    let warnings = [Warning::plain(Warn::YamlAnchor)];
    let mut out = Vec::new();
    for (data, warned) in [
        (json!({"steps": ["a"]}), &warnings[..]),
        (json!("text"), &[][..]),
        (json!(null), &[][..]),
    ] {
        if let Some(doc) = profile.render_success("apply", &data, warned).unwrap() {
            out.push(serde_json::from_str(&doc.text).unwrap());
        }
    }
    let mut details = Map::new();
    details.insert("holder".into(), json!("run 41"));
    for (code, warned) in [
        (Code::LockHeld, &warnings[..]),
        (Code::Usage, &[][..]),
        (Code::Internal, &[][..]),
    ] {
        let doc = profile
            .render_failure(
                "apply",
                code.code(),
                "m",
                code.hint(),
                code.exit_code(),
                &details,
                warned,
            )
            .unwrap();
        out.push(serde_json::from_str(&doc.text).unwrap());
    }
    out
}

#[test]
fn every_document_of_every_profile_is_valid() {
    let enums = [Code::ENUM, <Warn as sponson_codes::WarningCode>::ENUM];
    for profile in [SPONSON, NOGGIN, FIRSTDRAFT] {
        let schema = profile.schema(&enums);
        let validator = jsonschema::draft202012::new(&schema).expect("a valid 2020-12 schema");
        for doc in documents(&profile) {
            let errors: Vec<String> = validator.iter_errors(&doc).map(|e| e.to_string()).collect();
            assert!(errors.is_empty(), "{} {doc}: {errors:?}", profile.name);
        }
    }
}

#[test]
fn the_schema_refuses_a_broken_document() {
    let enums = [Code::ENUM];
    let noggin = jsonschema::draft202012::new(&NOGGIN.schema(&enums)).unwrap();
    let bad = [
        // Another version.
        json!({"status": "ok", "envelopeVersion": 2, "verb": "x", "data": 1}),
        // A code the program does not list.
        json!({"status": "error", "envelopeVersion": 3, "verb": "x",
               "error": {"code": "NOPE", "message": "m", "exitCode": 1}}),
        // No exit code.
        json!({"status": "error", "envelopeVersion": 3, "verb": "x",
               "error": {"code": "INTERNAL", "message": "m"}}),
    ];
    for doc in bad {
        assert!(!noggin.is_valid(&doc), "{doc}");
    }
    let sponson = jsonschema::draft202012::new(&SPONSON.schema(&enums)).unwrap();
    assert!(!sponson.is_valid(&json!({"ok": "yes", "command": "x"})));
}

#[test]
fn each_code_is_described_by_its_doc() {
    let schema = SPONSON.schema(&[Code::ENUM]);
    let code = &schema["$defs"]["code"];
    assert_eq!(code["enum"], json!(["LOCK_HELD", "USAGE", "INTERNAL"]));
    assert_eq!(
        code["oneOf"][0],
        json!({"const": "LOCK_HELD", "description": "Another run holds the lock."})
    );
    assert_eq!(
        schema["$schema"],
        "https://json-schema.org/draft/2020-12/schema"
    );
}

#[test]
fn the_companion_prints_the_schema_of_the_registered_profile() {
    let companion = sponson_codes::companion::Companion::new("app", "app-codes", "/src/app");
    let out = companion.run(["schema"]);
    assert_eq!(out.exit, 0, "{}", out.stderr);
    let schema: Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(
        schema,
        SPONSON.schema(&sponson_codes::registry::documented())
    );
    assert!(schema["$defs"]["code"]["enum"]
        .as_array()
        .unwrap()
        .contains(&json!("LOCK_HELD")));
    assert!(schema["$defs"]["warningCode"]["enum"]
        .as_array()
        .unwrap()
        .contains(&json!("YAML_ANCHOR")));
    let out = companion.run(["schema", "--json"]);
    let envelope: Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(envelope["profile"], "sponson");
    assert_eq!(envelope["schema"], schema);
}
