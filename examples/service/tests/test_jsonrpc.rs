//! The service's codes as JSON-RPC 2.0 errors: every code has a number, and
//! its error object carries that number and, in `data`, the same error
//! object the service writes everywhere else.

use serde_json::json;
use service_example::Code;
use sponson_codes::{mcp, Error, ErrorCode, Outcome};

#[test]
fn every_code_is_a_json_rpc_error_with_its_number() {
    for info in Code::TABLE {
        let code = Code::from_code(info.code).unwrap();
        let number = info
            .number
            .unwrap_or_else(|| panic!("{} has no number", info.code));
        let failed: Result<(), _> = Err(Error::new(code, "it failed"));
        let object = mcp::jsonrpc_error(&Outcome::new("show_plan", &failed)).unwrap();
        assert_eq!(object["code"], number, "{}", info.code);
        assert_eq!(object["message"], "it failed");
        assert_eq!(object["data"]["code"], info.code);
        assert_eq!(object["data"]["message"], "it failed");
        match info.hint {
            Some(hint) => assert_eq!(object["data"]["hint"], hint),
            None => assert!(object["data"].get("hint").is_none()),
        }
    }
}

#[test]
fn the_standard_errors_are_the_ones_json_rpc_defines() {
    assert_eq!(Code::BadRequest.info().number, Some(-32602)); // invalid params
    assert_eq!(Code::RouteNotFound.info().number, Some(-32601)); // method not found
    assert_eq!(Code::Internal.info().number, Some(-32603)); // internal error
}

#[test]
fn an_unknown_tool_is_a_protocol_error_and_a_failed_tool_a_result() {
    let unknown = Error::new(Code::RouteNotFound, "no tool `plan_delete`");
    assert_eq!(
        mcp::error_response(json!("req-1"), &unknown),
        json!({
            "jsonrpc": "2.0",
            "id": "req-1",
            "error": {
                "code": -32601,
                "message": "no tool `plan_delete`",
                "data": {
                    "code": "ROUTE_NOT_FOUND",
                    "message": "no tool `plan_delete`",
                    "hint": "Check the URL against the API's routes."
                }
            }
        })
    );
    let held: Result<(), _> = Err(Error::new(Code::LockHeld, "held by run 41"));
    let result = mcp::tool_result("start_run", &held);
    assert_eq!(result["isError"], true);
    assert_eq!(result["structuredContent"]["error"]["code"], "LOCK_HELD");
}
