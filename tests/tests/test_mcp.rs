//! MCP tool results in the shape of the specification's `CallToolResult`,
//! as every dated version from 2025-06-18 to 2026-07-28 defines it:
//! `content` (required, content blocks; a text block is `type` and `text`),
//! `structuredContent` (an object before 2026-07-28, any value since),
//! `isError` (a boolean) and `resultType` (required since 2026-07-28,
//! `"complete"` for a finished call; older versions allow the member).
//! `test_mcp_schemas.rs` validates the same results against the
//! specification's own schema files.

use serde_json::{json, Value};
use sponson_codes::profile::{NOGGIN, SPONSON};
use sponson_codes::{mcp, Error, ErrorCodes, Mode, Runner};

#[derive(Debug, Clone, Copy, ErrorCodes)]
pub enum Code {
    #[code(exit = 3, doc = "Another run holds the lock.", hint = "Pass --wait.")]
    LockHeld,
    #[code(exit = 2, doc = "Bad arguments.", usage)]
    Usage,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

/// Checks `result` against the specification's shape and returns its envelope.
fn checked(result: &Value) -> &Value {
    let object = result.as_object().expect("a CallToolResult is an object");
    let keys: Vec<&str> = object.keys().map(String::as_str).collect();
    assert_eq!(
        keys,
        ["content", "isError", "resultType", "structuredContent"],
        "{result}"
    );
    assert_eq!(result["resultType"], "complete", "{result}");
    let content = result["content"].as_array().expect("content is an array");
    assert_eq!(content.len(), 1);
    assert_eq!(content[0].as_object().unwrap().len(), 2);
    assert_eq!(content[0]["type"], "text");
    let text = content[0]["text"].as_str().expect("a text block has text");
    let structured = &result["structuredContent"];
    assert!(structured.is_object());
    // The text block is the same envelope, for clients that read only `content`.
    assert_eq!(&serde_json::from_str::<Value>(text).unwrap(), structured);
    assert_eq!(result["isError"], !structured["ok"].as_bool().unwrap());
    structured
}

#[test]
fn success_failure_and_fallback_are_tool_results() {
    let done = mcp::tool_result::<_, Code>("apply", &Ok(json!({"changes": 2})));
    assert_eq!(
        checked(&done),
        &json!({"ok": true, "command": "apply", "changes": 2})
    );
    assert_eq!(done["isError"], false);

    let failed: Result<(), _> =
        Err(Error::new(Code::LockHeld, "held by run 41").with_detail("run", &41));
    let failed = mcp::tool_result("apply", &failed);
    assert_eq!(failed["isError"], true);
    assert_eq!(
        checked(&failed),
        &json!({"ok": false, "command": "apply", "error": {"code": "LOCK_HELD", "message": "held by run 41", "hint": "Pass --wait.", "run": 41}})
    );

    // Data that would shadow the envelope is the fallback code, and an error.
    let shadow = mcp::tool_result::<_, Code>("apply", &Ok(json!({"ok": false})));
    assert_eq!(shadow["isError"], true);
    assert_eq!(checked(&shadow)["error"]["code"], "INTERNAL");

    let usage: Result<(), _> = Err(Error::<Code>::usage("unexpected argument"));
    assert_eq!(
        checked(&mcp::tool_result("apply", &usage))["error"]["code"],
        "USAGE"
    );
}

#[test]
fn every_tool_result_validates_against_the_output_schema() {
    let schema = mcp::output_schema::<Code>();
    // The specification requires `type: "object"` at the root of an outputSchema.
    assert_eq!(schema["type"], "object");
    let validator = jsonschema::draft202012::new(&schema).expect("a valid 2020-12 schema");
    let outcomes = [
        mcp::tool_result::<_, Code>("apply", &Ok(json!({"changes": 2}))),
        mcp::tool_result::<(), Code>("apply", &Err(Error::new(Code::LockHeld, "held"))),
        mcp::tool_result::<(), Code>("apply", &Err(Error::usage("bad flag"))),
    ];
    for outcome in &outcomes {
        let envelope = &outcome["structuredContent"];
        assert!(validator.is_valid(envelope), "{envelope}");
    }
    let unknown =
        json!({"ok": false, "command": "apply", "error": {"code": "NOT_A_CODE", "message": "m"}});
    assert!(!validator.is_valid(&unknown));
}

#[test]
fn a_panic_in_either_profile_is_a_complete_tool_result() {
    for profile in [&SPONSON, &NOGGIN] {
        let out = Runner::<Code>::new("apply", Mode::Json)
            .profile(profile)
            .render(|| -> Result<(), Error<Code>> { panic!("the token is sk-live-1") });
        let result = mcp::tool_result_of(&out);
        assert_eq!(
            (&result["isError"], &result["resultType"]),
            (&json!(true), &json!("complete")),
            "{result}"
        );
        let text = result["content"][0]["text"].as_str().unwrap();
        assert_eq!(
            serde_json::from_str::<Value>(text).unwrap(),
            result["structuredContent"]
        );
        assert!(result["structuredContent"].is_object());
        assert!(!text.contains("sk-live"), "{text}");
    }
}
