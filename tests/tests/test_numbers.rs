//! `#[code(number = N)]`, a code's integer, on every surface it reaches
//! (the table, the catalog, the lock, the docs, the page for agents, the
//! site, the types), and the JSON-RPC 2.0 error objects built from it.

use serde_json::{json, Value};
use sponson_codes::companion::catalog::Catalog;
use sponson_codes::companion::lock::compare;
use sponson_codes::companion::site::{render_site, SiteOptions};
use sponson_codes::companion::types::{render_types, Lang};
use sponson_codes::profile::SPONSON;
use sponson_codes::{mcp, Error, ErrorCode, ErrorCodes, Outcome};

/// Failures of a plan service that also answers JSON-RPC.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ErrorCodes)]
pub enum Rpc {
    #[code(
        exit = 3,
        doc = "Another run holds the lock.",
        hint = "Pass --wait.",
        number = 1042
    )]
    LockHeld,
    #[code(exit = 4, doc = "No such plan.")]
    PlanMissing,
    #[code(exit = 2, doc = "The request is malformed.", usage, number = -32602)]
    Usage,
    #[code(exit = 1, doc = "An unexpected error.", fallback, number = -32603)]
    Internal,
}

/// Codes without numbers: no surface mentions numbers for them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ErrorCodes)]
pub enum Bare {
    #[code(exit = 3, doc = "Another run holds the lock.")]
    LockHeld,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

#[test]
fn the_table_keeps_each_codes_number() {
    let numbers: Vec<Option<i32>> = Rpc::TABLE.iter().map(|c| c.number).collect();
    assert_eq!(numbers, [Some(1042), None, Some(-32602), Some(-32603)]);
}

#[test]
fn the_catalog_records_the_number_only_when_given_and_reads_back_equal() {
    let catalog = Catalog::from_enums(&[Rpc::ENUM]);
    let value: Value = serde_json::from_str(&catalog.to_json()).unwrap();
    assert_eq!(value["codes"][0]["number"], 1042);
    assert!(value["codes"][1].get("number").is_none(), "{value}");
    assert_eq!(value["codes"][2]["number"], -32602);
    assert_eq!(catalog.enum_infos()[0].table, Rpc::TABLE);
}

/// `Rpc` as a later release might change its numbers.
mod next {
    use sponson_codes::ErrorCodes;

    #[derive(Debug, Clone, Copy, PartialEq, Eq, ErrorCodes)]
    pub enum Rpc {
        #[code(
            exit = 3,
            doc = "Another run holds the lock.",
            hint = "Pass --wait.",
            number = 1043
        )]
        LockHeld,
        #[code(exit = 4, doc = "No such plan.", number = 2004)]
        PlanMissing,
        #[code(exit = 2, doc = "The request is malformed.", usage)]
        Usage,
        #[code(exit = 1, doc = "An unexpected error.", fallback, number = -32603)]
        Internal,
    }
}

#[test]
fn the_lock_breaks_on_a_changed_or_removed_number_and_adds_a_new_one() {
    let lock = Catalog::read_lock(&Catalog::from_enums(&[Rpc::ENUM]).to_lock_json()).unwrap();
    assert!(compare(&lock, &Catalog::from_enums(&[Rpc::ENUM])).is_unchanged());
    let json = Catalog::from_enums(&[<next::Rpc as ErrorCode>::ENUM])
        .to_json()
        .replace("::next::Rpc", "::Rpc");
    let report = compare(&lock, &Catalog::from_json(&json).unwrap());
    let text = report.to_string();
    for line in [
        "breaking: changed the number of `LOCK_HELD` from 1042 to 1043; clients branch on it, so add a new code instead",
        "breaking: changed the number of `USAGE` from -32602 to none; clients branch on it, so add a new code instead",
        "additive: gave `PLAN_MISSING` the number 2004",
    ] {
        assert!(text.contains(line), "{line}\nin:\n{text}");
    }
}

#[test]
fn the_docs_add_a_number_column_only_when_a_code_has_one() {
    let md = sponson_codes::companion::markdown::render_markdown(&[Rpc::ENUM], "regen");
    assert!(
        md.contains("| Code | Exit | Number | Meaning | Hint |"),
        "{md}"
    );
    assert!(
        md.contains("| 3 | 1042 | Another run holds the lock. | Pass --wait. |"),
        "{md}"
    );
    assert!(md.contains("| 4 |  | No such plan. |  |"), "{md}");
    let bare = sponson_codes::companion::markdown::render_markdown(&[Bare::ENUM], "regen");
    assert!(bare.contains("| Code | Exit | Meaning | Hint |"), "{bare}");
}

#[test]
fn the_page_for_agents_gives_each_codes_number() {
    let page = sponson_codes::companion::markdown::render_agents(&[Rpc::ENUM], &SPONSON, "regen");
    assert!(
        page.contains("- **Number:** 1042 (the `code` of a JSON-RPC error)\n"),
        "{page}"
    );
    let missing = page.split("### `PLAN_MISSING`").nth(1).unwrap();
    let missing = missing.split("### ").next().unwrap();
    assert!(!missing.contains("**Number:**"), "{missing}");
}

#[test]
fn the_site_shows_the_number_on_the_codes_page_and_in_llms_txt() {
    let files = render_site(&Catalog::from_enums(&[Rpc::ENUM]), &SiteOptions::new());
    let page = |path: &str| {
        files
            .iter()
            .find(|f| f.path == path)
            .map(|f| f.contents.as_str())
            .unwrap()
    };
    assert!(
        page("LOCK_HELD.html").contains("<dt>Number</dt><dd>1042</dd>"),
        "{}",
        page("LOCK_HELD.html")
    );
    assert!(!page("PLAN_MISSING.html").contains("<dt>Number</dt>"));
    assert!(
        page("llms.txt").contains("exit 3, number 1042"),
        "{}",
        page("llms.txt")
    );
}

#[test]
fn the_types_map_each_code_to_its_number() {
    let ts = render_types(Lang::TypeScript, &[Rpc::ENUM], &SPONSON, "regen");
    assert!(
        ts.contains(
            "export const rpcNumber = {\n  \"LOCK_HELD\": 1042,\n  \"USAGE\": -32602,\n  \"INTERNAL\": -32603,\n} as const satisfies Partial<Record<Rpc, number>>;\n"
        ),
        "{ts}"
    );
    let py = render_types(Lang::Python, &[Rpc::ENUM], &SPONSON, "regen");
    assert!(
        py.contains(
            "RPC_NUMBER: Final[Mapping[Rpc, int]] = {\n    \"LOCK_HELD\": 1042,\n    \"USAGE\": -32602,\n    \"INTERNAL\": -32603,\n}\n"
        ),
        "{py}"
    );
    // An enum without numbers has no map.
    let bare = render_types(Lang::TypeScript, &[Bare::ENUM], &SPONSON, "regen");
    assert!(!bare.contains("Number"), "{bare}");
    let bare = render_types(Lang::Python, &[Bare::ENUM], &SPONSON, "regen");
    assert!(!bare.contains("NUMBER"), "{bare}");
}

#[test]
fn a_failure_is_a_json_rpc_error_whose_data_is_the_profiles_error_object() {
    let held: Result<(), _> =
        Err(Error::new(Rpc::LockHeld, "held by run 41").with_detail("run", &41));
    let object = mcp::jsonrpc_error(&Outcome::new("apply", &held)).unwrap();
    assert_eq!(
        object,
        json!({
            "code": 1042,
            "message": "held by run 41",
            "data": {"code": "LOCK_HELD", "message": "held by run 41", "hint": "Pass --wait.", "run": 41}
        })
    );
    let done: Result<(), Error<Rpc>> = Ok(());
    assert_eq!(mcp::jsonrpc_error(&Outcome::new("apply", &done)), None);
}

#[test]
fn a_code_without_a_number_is_json_rpcs_internal_error() {
    let missing: Result<(), _> = Err(Error::new(Rpc::PlanMissing, "no plan `deploy`"));
    let object = mcp::jsonrpc_error(&Outcome::new("show", &missing)).unwrap();
    assert_eq!(object["code"], -32603);
    assert_eq!(object["data"]["code"], "PLAN_MISSING");
}

#[test]
fn details_no_document_can_hold_are_the_fallback_codes_error() {
    let shadowing: Result<(), _> =
        Err(Error::new(Rpc::LockHeld, "held").with_detail("hint", &"mine"));
    let object = mcp::jsonrpc_error(&Outcome::new("apply", &shadowing)).unwrap();
    assert_eq!(object["code"], -32603);
    assert_eq!(object["data"]["code"], "INTERNAL");
}

#[test]
fn a_protocol_error_is_a_json_rpc_error_response_not_a_tool_result() {
    let unknown = Error::new(Rpc::Usage, "unknown tool `plan_delete`");
    let response = mcp::error_response(json!(7), &unknown);
    assert_eq!(
        response,
        json!({
            "jsonrpc": "2.0",
            "id": 7,
            "error": {
                "code": -32602,
                "message": "unknown tool `plan_delete`",
                "data": {"code": "USAGE", "message": "unknown tool `plan_delete`"}
            }
        })
    );
    assert!(response.get("result").is_none());
}
