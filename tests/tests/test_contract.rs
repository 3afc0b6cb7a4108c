//! The parts of a code's contract beyond its exit: whether it is
//! retryable, its gRPC status, and the declared error sets of commands,
//! routes and tools, on every surface they reach (the table, the document,
//! the problem, the reader, the schema, the docs, the catalog and the lock).

use std::time::Duration;

use serde_json::{json, Value};
use sponson_codes::companion::catalog::Catalog;
use sponson_codes::companion::lock::{compare, Change};
use sponson_codes::profile::{FIRSTDRAFT, NOGGIN, SPONSON};
use sponson_codes::registry::SetKind;
use sponson_codes::{mcp, Error, ErrorCode, ErrorCodes, Outcome};

/// Failures of a deploy tool that speaks a CLI, HTTP, MCP and gRPC.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ErrorCodes)]
#[codes(
    grpc_domain = "deploy.example.com",
    groups(lock = [LockHeld, LockLost], reads = [PlanParse]),
    commands(apply = [reads, lock, Unapproved], show = [reads], "remote add" = []),
    routes("POST /runs" = [lock, Unapproved]),
    tools(plan_apply = [lock]),
)]
pub enum Deploy {
    #[code(
        exit = 3,
        doc = "Another run holds the lock.",
        http = 409,
        retryable = true
    )]
    LockHeld,
    #[code(
        exit = 3,
        doc = "The lock was lost.",
        retryable = true,
        grpc = "ABORTED"
    )]
    LockLost,
    #[code(
        exit = 2,
        doc = "The plan cannot be read.",
        http = 422,
        retryable = false
    )]
    PlanParse,
    #[code(exit = 2, doc = "No approver was given.", http = 403)]
    Unapproved,
    #[code(exit = 2, doc = "The request is malformed.", usage)]
    Usage,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

#[test]
fn the_table_keeps_what_each_code_declares() {
    assert_eq!(Deploy::LockHeld.info().retryable, Some(true));
    assert_eq!(Deploy::PlanParse.info().retryable, Some(false));
    assert_eq!(Deploy::Unapproved.info().retryable, None);
    // Each status: the code's own, else from its HTTP status, the fallback
    // INTERNAL and the usage code INVALID_ARGUMENT.
    let grpc: Vec<_> = Deploy::TABLE.iter().map(|c| c.grpc.unwrap()).collect();
    assert_eq!(
        grpc,
        [
            "ABORTED",
            "ABORTED",
            "FAILED_PRECONDITION",
            "PERMISSION_DENIED",
            "INVALID_ARGUMENT",
            "INTERNAL"
        ]
    );
    assert_eq!(Deploy::ENUM.grpc_domain, Some("deploy.example.com"));
}

#[test]
fn sets_resolve_groups_in_table_order_with_the_fallback_and_usage_code() {
    let apply = Deploy::ENUM.set(SetKind::Command, "apply").unwrap();
    assert_eq!(
        apply.codes,
        [
            "LOCK_HELD",
            "LOCK_LOST",
            "PLAN_PARSE",
            "UNAPPROVED",
            "USAGE",
            "INTERNAL"
        ]
    );
    let remote = Deploy::ENUM.set(SetKind::Command, "remote add").unwrap();
    assert_eq!(remote.codes, ["USAGE", "INTERNAL"]);
    let route = Deploy::ENUM.set(SetKind::Route, "POST /runs").unwrap();
    assert!(route.contains("UNAPPROVED") && !route.contains("PLAN_PARSE"));
    assert!(!Deploy::ENUM.allows(SetKind::Tool, "plan_apply", "PLAN_PARSE"));
    // A command that declares nothing may return anything.
    assert!(Deploy::ENUM.allows(SetKind::Command, "status", "PLAN_PARSE"));
    // A route and a command of the same name are different sets.
    assert!(Deploy::ENUM.set(SetKind::Route, "apply").is_none());
}

#[test]
fn sponsons_error_object_says_whether_the_code_is_retryable() {
    let out = SPONSON.render(&Outcome::new(
        "apply",
        &Err::<(), _>(Error::new(Deploy::LockHeld, "held")),
    ));
    assert_eq!(
        out.stdout,
        "{\"ok\":false,\"command\":\"apply\",\"error\":{\"code\":\"LOCK_HELD\",\"message\":\"held\",\"retryable\":true}}\n"
    );
    let undeclared = SPONSON.render(&Outcome::new(
        "apply",
        &Err::<(), _>(Error::new(Deploy::Unapproved, "no")),
    ));
    assert!(
        !undeclared.stdout.contains("retryable"),
        "{}",
        undeclared.stdout
    );
    let read = SPONSON
        .read::<Value, sponson_codes::Details>(&out.stdout)
        .unwrap();
    assert_eq!(read.retryable, Some(true));
    assert!(read.result.unwrap_err().details.is_empty());
}

#[test]
fn noggin_and_firstdraft_keep_their_shapes() {
    for profile in [NOGGIN, FIRSTDRAFT] {
        let out = profile.render(&Outcome::new(
            "apply",
            &Err::<(), _>(Error::new(Deploy::LockHeld, "held")),
        ));
        let printed = format!("{}{}", out.stdout, out.stderr);
        assert!(
            !printed.contains("retryable"),
            "{}: {printed}",
            profile.name
        );
        assert!(!profile.reserved_detail_keys().contains(&"retryable"));
    }
    assert!(SPONSON.reserved_detail_keys().contains(&"retryable"));
}

#[test]
fn retryable_is_reserved_for_details() {
    let shadowing = Error::new(Deploy::LockHeld, "held").with_detail("retryable", &false);
    assert!(shadowing.is_fallback(), "{shadowing:?}");
}

#[test]
fn a_reader_refuses_a_retryable_that_is_not_a_boolean() {
    let text = r#"{"ok":false,"command":"apply","error":{"code":"LOCK_HELD","message":"held","retryable":"yes"}}"#;
    let err = SPONSON
        .read::<Value, sponson_codes::Details>(text)
        .unwrap_err();
    assert!(err.to_string().contains("retryable"), "{err}");
}

#[test]
fn a_problem_carries_retryable_and_the_retry_delay() {
    let problem = Error::new(Deploy::LockHeld, "held")
        .with_retry_after(Duration::from_millis(2_001))
        .to_problem();
    let body: Value = serde_json::from_str(&problem.body).unwrap();
    assert_eq!(body["retryable"], true);
    assert_eq!(body["retry_after"], 3);
    assert_eq!(problem.retry_after(), Some(3));
    let plain = Error::new(Deploy::Unapproved, "no").to_problem();
    assert_eq!(plain.retry_after(), None);
    assert!(!plain.body.contains("retryable"));
    assert_eq!(
        Error::new(Deploy::LockHeld, "held")
            .with_retry_after(Duration::ZERO)
            .retry_after(),
        Some(Duration::ZERO)
    );
}

#[test]
fn a_delay_too_long_to_send_is_sent_as_the_largest_one_instead_of_wrapping() {
    let largest = 2_147_483_647; // i32::MAX seconds, about 68 years
    let error = Error::new(Deploy::LockHeld, "held").with_retry_after(Duration::MAX);
    assert_eq!(error.retry_after(), Some(Duration::from_secs(largest)));
    let problem = error.to_problem();
    let body: Value = serde_json::from_str(&problem.body).unwrap();
    assert_eq!(body["retry_after"], largest);
    assert_eq!(problem.retry_after(), Some(largest));
    // Just above the largest, and the largest itself, are the largest too.
    for delay in [
        Duration::from_secs(largest),
        Duration::new(largest, 1),
        Duration::from_secs(u64::MAX),
    ] {
        let error = Error::new(Deploy::LockHeld, "held").with_retry_after(delay);
        assert_eq!(error.retry_after(), Some(Duration::from_secs(largest)));
    }
}

#[test]
fn a_code_declared_not_retryable_sends_no_delay_in_its_document_or_problem() {
    let frozen =
        Error::new(Deploy::PlanParse, "bad plan").with_retry_after(Duration::from_secs(60));
    assert_eq!(frozen.retry_after(), None);
    assert!(frozen.details().get(Error::<Deploy>::RETRY_AFTER).is_none());
    let problem = frozen.to_problem();
    let body: Value = serde_json::from_str(&problem.body).unwrap();
    assert_eq!(body["retryable"], false);
    assert!(body.get("retry_after").is_none(), "{body}");
    assert_eq!(problem.retry_after(), None, "no Retry-After header");

    // A delay written by hand under the key is a detail, never a header.
    let by_hand = Error::new(Deploy::PlanParse, "bad plan")
        .with_detail(Error::<Deploy>::RETRY_AFTER, &60)
        .to_problem();
    assert_eq!(by_hand.retry_after(), None);

    // A code that declares nothing, or `retryable = true`, sends it.
    for code in [Deploy::Unapproved, Deploy::LockHeld] {
        let problem = Error::new(code, "later")
            .with_retry_after(Duration::from_secs(60))
            .to_problem();
        assert_eq!(problem.retry_after(), Some(60), "{code:?}");
    }
}

#[test]
fn a_problems_retryable_reads_back_as_the_envelopes_does() {
    use sponson_codes::profile::Document;
    for (code, retryable) in [
        (Deploy::LockHeld, Some(true)),
        (Deploy::PlanParse, Some(false)),
        (Deploy::Unapproved, None),
    ] {
        let problem = Error::new(code, "failed")
            .with_detail("run", &41)
            .to_problem();
        let read: Document = Document::from_problem_json(&problem.body).unwrap();
        assert_eq!(read.retryable, retryable, "{code:?}");
        let body = read.result.unwrap_err();
        assert_eq!(body.code, code.info().code);
        assert_eq!(body.message, "failed");
        assert_eq!(body.details.get("run"), Some(&json!(41)));
        assert!(body.details.get("retryable").is_none());

        // The envelope of the same error says the same.
        let printed = SPONSON.render(&Outcome::new(
            "apply",
            &Err::<(), _>(Error::new(code, "failed")),
        ));
        let document = SPONSON
            .read::<Value, sponson_codes::Details>(&printed.stdout)
            .unwrap();
        assert_eq!(document.retryable, retryable, "{code:?}");
    }
    // As RFC 9457 asks, a member of the wrong type is ignored as if absent.
    let odd: Document =
        Document::from_problem_json(r#"{"code":"LOCK_HELD","retryable":"yes"}"#).unwrap();
    assert_eq!(odd.retryable, None);
    assert!(odd.command.is_none() && odd.exit_code.is_none());
}

#[test]
fn the_schema_of_a_command_lists_only_its_codes_and_exits() {
    let schema = SPONSON.schema_for(&[Deploy::ENUM], SetKind::Command, "show");
    assert_eq!(
        schema["$defs"]["code"]["enum"],
        json!(["PLAN_PARSE", "USAGE", "INTERNAL"])
    );
    assert_eq!(
        schema["$defs"]["failure"]["properties"]["command"]["const"],
        "show"
    );
    let noggin = NOGGIN.schema_for(&[Deploy::ENUM], SetKind::Command, "show");
    assert_eq!(
        noggin["$defs"]["failure"]["properties"]["error"]["properties"]["exitCode"]["enum"],
        json!([1, 2])
    );
    let retryable = &schema["$defs"]["failure"]["properties"]["error"]["properties"]["retryable"];
    assert_eq!(retryable["type"], "boolean");
}

#[test]
fn the_companion_prints_the_schema_of_one_command_and_refuses_an_unknown_one() {
    let companion = sponson_codes::companion::Companion::new("deploy", "deploy", "/src/deploy");
    let out = companion.run(["schema", "--command", "show"]);
    assert_eq!(out.exit, 0, "{}", out.stderr);
    let schema: Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(
        schema,
        SPONSON.schema_for(
            &sponson_codes::registry::documented(),
            SetKind::Command,
            "show"
        )
    );
    let typo = companion.run(["schema", "--command", "aply"]);
    assert_eq!(typo.exit, 2);
    assert!(
        typo.stderr
            .contains("no enum declares the codes of command `aply`; did you mean `apply`?"),
        "{}",
        typo.stderr
    );
    let both = companion.run(["schema", "--command", "show", "--tool", "plan_apply"]);
    assert_eq!(both.exit, 2, "{}", both.stderr);
}

#[test]
fn an_mcp_tool_schema_lists_only_the_tools_codes() {
    let schema = mcp::tool_output_schema::<Deploy>("plan_apply");
    assert_eq!(
        schema["$defs"]["code"]["enum"],
        json!(["LOCK_HELD", "LOCK_LOST", "USAGE", "INTERNAL"])
    );
    assert_eq!(schema["type"], "object");
}

#[test]
#[cfg(debug_assertions)]
fn an_mcp_tool_returning_a_code_outside_its_set_is_caught_in_debug_builds() {
    let outside = mcp::tool_result(
        "plan_apply",
        &Err::<(), _>(Error::new(Deploy::PlanParse, "x")),
    );
    assert_eq!(outside["structuredContent"]["error"]["code"], "INTERNAL");
    let message = outside["structuredContent"]["error"]["message"]
        .as_str()
        .unwrap();
    assert!(
        message.contains("tool `plan_apply` returned `PLAN_PARSE`"),
        "{message}"
    );
    let inside = mcp::tool_result(
        "plan_apply",
        &Err::<(), _>(Error::new(Deploy::LockLost, "x")),
    );
    assert_eq!(inside["structuredContent"]["error"]["code"], "LOCK_LOST");
}

#[test]
fn the_docs_show_the_columns_and_each_sets_codes() {
    let md = sponson_codes::companion::markdown::render_markdown(&[Deploy::ENUM], "regen");
    assert!(
        md.contains("| Code | Exit | HTTP | gRPC | Retryable | Meaning | Hint |"),
        "{md}"
    );
    assert!(
        md.contains("| `LOCK_HELD` | 3 | 409 | `ABORTED` | yes | Another run holds the lock. |  |"),
        "{md}"
    );
    assert!(
        md.contains("| `UNAPPROVED` | 2 | 403 | `PERMISSION_DENIED` |  |"),
        "{md}"
    );
    assert!(md.contains("### Commands"), "{md}");
    assert!(
        md.contains("every one may also return `INTERNAL` and `USAGE`"),
        "{md}"
    );
    assert!(
        md.contains("| `apply` | `LOCK_HELD`, `LOCK_LOST`, `PLAN_PARSE`, `UNAPPROVED` |"),
        "{md}"
    );
    assert!(md.contains("| `remote add` | none of its own |"), "{md}");
    assert!(
        md.contains("### Routes") && md.contains("| `POST /runs` |"),
        "{md}"
    );
    assert!(
        md.contains("### Tools") && md.contains("| `plan_apply` |"),
        "{md}"
    );
}

#[test]
fn the_catalog_records_everything_and_reads_back_equal() {
    let catalog = Catalog::from_enums(&[Deploy::ENUM]);
    let value: Value = serde_json::from_str(&catalog.to_json()).unwrap();
    assert_eq!(value["enums"][0]["grpc_domain"], "deploy.example.com");
    assert_eq!(value["enums"][0]["sets"][0]["kind"], "command");
    assert_eq!(value["enums"][0]["sets"][0]["name"], "apply");
    assert_eq!(value["codes"][0]["retryable"], true);
    assert_eq!(value["codes"][0]["grpc"], "ABORTED");
    let infos = catalog.enum_infos();
    assert_eq!(infos[0].sets, Deploy::ENUM.sets);
    assert_eq!(infos[0].table, Deploy::TABLE);
}

/// Changes of `Deploy` as a later release might make them.
mod next {
    use sponson_codes::ErrorCodes;

    #[derive(Debug, Clone, Copy, PartialEq, Eq, ErrorCodes)]
    #[codes(
        grpc_domain = "deploy.example.com",
        groups(lock = [LockHeld, LockLost], reads = [PlanParse]),
        commands(apply = [reads, LockHeld, Unapproved], show = [reads, Unapproved], "remote add" = []),
        routes("POST /runs" = [lock, Unapproved]),
        tools(plan_apply = [lock]),
    )]
    pub enum Deploy {
        #[code(
            exit = 3,
            doc = "Another run holds the lock.",
            http = 409,
            retryable = false
        )]
        LockHeld,
        #[code(
            exit = 3,
            doc = "The lock was lost.",
            retryable = true,
            grpc = "UNAVAILABLE"
        )]
        LockLost,
        #[code(
            exit = 2,
            doc = "The plan cannot be read.",
            http = 422,
            retryable = false
        )]
        PlanParse,
        #[code(
            exit = 2,
            doc = "No approver was given.",
            http = 403,
            retryable = false
        )]
        Unapproved,
        #[code(exit = 2, doc = "The request is malformed.", usage)]
        Usage,
        #[code(exit = 1, doc = "An unexpected error.", fallback)]
        Internal,
    }
}

/// The catalog of `next::Deploy` as if declared where `Deploy` is, as a new
/// release of the same crate would declare it.
fn next_release() -> Catalog {
    let json = Catalog::from_enums(&[<next::Deploy as ErrorCode>::ENUM])
        .to_json()
        .replace("::next::Deploy", "::Deploy");
    Catalog::from_json(&json).unwrap()
}

#[test]
fn the_lock_tells_each_change_of_the_contract() {
    let lock = Catalog::read_lock(&Catalog::from_enums(&[Deploy::ENUM]).to_lock_json()).unwrap();
    assert!(compare(&lock, &Catalog::from_enums(&[Deploy::ENUM])).is_unchanged());
    let report = compare(&lock, &next_release());
    let text = report.to_string();
    for line in [
        "breaking: changed whether `LOCK_HELD` is retryable from true to false",
        "breaking: changed the gRPC status of `LOCK_LOST` from ABORTED to UNAVAILABLE",
        "breaking: command `show` may now return `UNAPPROVED`; consumers were promised its set",
        "additive: command `apply` no longer returns `LOCK_LOST`",
        "additive: declared `UNAPPROVED` retryable = false",
    ] {
        assert!(text.contains(line), "{line}\nin:\n{text}");
    }
    // Under noggin's "additions are non-breaking", widening a set is not.
    let open = compare(&lock, &next_release().with_profile(&NOGGIN));
    let widened = open
        .changes
        .iter()
        .find(|c| matches!(c, Change::SetWidened { .. }))
        .unwrap();
    assert!(!widened.is_breaking(), "{widened}");
}

#[test]
fn a_shape_that_gains_an_optional_member_is_additive() {
    // A lock written before `retryable` joined Sponson's error object.
    let live = Catalog::from_enums(&[]).with_profile(&SPONSON);
    let mut lock: Value = serde_json::from_str(&live.to_lock_json()).unwrap();
    let shape = lock["envelope"]["shape"]
        .as_str()
        .unwrap()
        .replace(",retryable?", "");
    lock["envelope"]["shape"] = shape.into();
    let lock = Catalog::read_lock(&lock.to_string()).unwrap();
    let report = compare(&lock, &live);
    assert!(!report.is_breaking(), "{report}");
    assert!(
        matches!(report.changes[..], [Change::EnvelopeExtended { .. }]),
        "{report}"
    );
    // Losing a member is still breaking.
    let report = compare(&live, &lock);
    assert!(report.is_breaking(), "{report}");
}
