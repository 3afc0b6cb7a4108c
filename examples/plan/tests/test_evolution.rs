//! How `plan`'s codes changed without breaking the programs that read it:
//! `ENV_NOT_APPROVED` was renamed `APPROVAL_REQUIRED` and keeps its old
//! name as an alias, and `PLAN_CONFLICT` was split from `SERVER_REJECTED`,
//! which stays. `fixtures/errors.lock.before-rename.json` is the lock of the
//! release before both.

mod common;

use std::path::Path;

use common::{envelope, Scratch};
use plan_example::Code;
use serde_json::Value;
use sponson_codes::profile::SPONSON;
use sponson_codes::testing::check_lock;
use sponson_codes::Details;

#[test]
fn against_the_lock_before_the_rename_both_changes_are_additive_and_named() {
    let enums = sponson_codes::registry::documented();
    let before = Path::new("fixtures/errors.lock.before-rename.json");
    // The lock is behind (it does not list the new names), and nothing breaks.
    let stale = check_lock(before, "make lock", &enums, false).unwrap_err();
    let report = stale.message();
    assert!(!report.contains("breaking"), "{report}");
    for line in [
        "additive: renamed code `ENV_NOT_APPROVED` to `APPROVAL_REQUIRED` in `plan_example::codes::Code`, keeping `ENV_NOT_APPROVED` as an alias that readers accept (additive under `additive`: a renamed code that keeps its old name as an alias)",
        "additive: `SERVER_REJECTED` was split into `PLAN_CONFLICT` (additive under `additive`: a split code, the broad code kept or retired)",
    ] {
        assert!(report.contains(line), "{line}\nin:\n{report}");
    }
    assert!(!report.contains("added code"), "{report}");
}

#[test]
fn a_document_of_an_older_run_reads_its_old_code_as_the_new_one() {
    let old = r#"{"ok":false,"command":"apply","error":{"code":"ENV_NOT_APPROVED","message":"deploy.plan writes to prod and no approver was given","hint":"Pass --approved-by <who>.","retryable":false,"env":"prod","plan":"deploy.plan"}}"#;
    let read = SPONSON.read::<Value, Details>(old).unwrap();
    let error = read.result.unwrap_err();
    assert_eq!(error.kind::<Code>(), Code::ApprovalRequired);
    assert!(error.is_known::<Code>());
    assert_eq!(error.info::<Code>().exit, 2);
    assert_eq!(
        "ENV_NOT_APPROVED".parse::<Code>(),
        Ok(Code::ApprovalRequired)
    );
    // This release writes the new name.
    let s = Scratch::new("renamed");
    let now = envelope(&s.plan(&["apply", "deploy.plan", "--env", "prod", "--json"]));
    assert_eq!(now["error"]["code"], "APPROVAL_REQUIRED");
}

#[test]
fn a_conflict_is_its_own_code_and_other_rejections_stay_server_rejected() {
    let s = Scratch::new("conflict");
    std::fs::write(
        s.path("conflict.json"),
        r#"{"title":"The plan changed on the server","status":409}"#,
    )
    .unwrap();
    let run = s.plan(&[
        "push",
        "deploy.plan",
        "--response-file",
        "conflict.json",
        "--json",
    ]);
    let doc = envelope(&run);
    assert_eq!(doc["error"]["code"], "PLAN_CONFLICT", "{doc}");
    assert_eq!(run.exit, 1);
    assert_eq!(doc["error"]["response"]["status"], 409, "{doc}");
    assert_eq!(
        Code::PlanConflict.info().split_from,
        Some("SERVER_REJECTED")
    );
    std::fs::write(s.path("invalid.json"), r#"{"status":422}"#).unwrap();
    let doc = envelope(&s.plan(&[
        "push",
        "deploy.plan",
        "--response-file",
        "invalid.json",
        "--json",
    ]));
    assert_eq!(doc["error"]["code"], "SERVER_REJECTED", "{doc}");
}

#[test]
fn the_site_keeps_a_page_at_the_old_address() {
    let old = std::fs::read_to_string("docs/errors/ENV_NOT_APPROVED.html").unwrap();
    assert!(
        old.contains("<meta http-equiv=\"refresh\" content=\"0; url=APPROVAL_REQUIRED.html\">"),
        "{old}"
    );
    assert!(
        old.contains("<a href=\"APPROVAL_REQUIRED.html\"><code>APPROVAL_REQUIRED</code></a>"),
        "{old}"
    );
    let page = std::fs::read_to_string("docs/errors/PLAN_CONFLICT.html").unwrap();
    assert!(
        page.contains("<dt>Split from</dt><dd><code>SERVER_REJECTED</code>"),
        "{page}"
    );
}

#[test]
fn the_types_read_the_old_name_as_the_new_code() {
    let ts = std::fs::read_to_string("docs/errors.ts").unwrap();
    assert!(
        ts.contains(
            "export const codeAliases = {\n  \"ENV_NOT_APPROVED\": \"APPROVAL_REQUIRED\",\n}"
        ),
        "{ts}"
    );
    assert!(
        ts.contains("export type CodeRead = Code | keyof typeof codeAliases;"),
        "{ts}"
    );
    let py = std::fs::read_to_string("docs/errors.py").unwrap();
    assert!(
        py.contains("CODE_ALIASES: Final[Mapping[str, Code]] = {\n    \"ENV_NOT_APPROVED\": \"APPROVAL_REQUIRED\",\n}"),
        "{py}"
    );
    assert!(
        py.contains("CodeRead: TypeAlias = Union[Code, Literal[\"ENV_NOT_APPROVED\"]]"),
        "{py}"
    );
}
