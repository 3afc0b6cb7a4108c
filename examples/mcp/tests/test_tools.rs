//! The example's MCP server over stdio, spoken to line by line as a client
//! would: what `mcp::Tools` answers for each kind of call. (scripts/
//! check_mcp_client.py drives it with the official Python SDK and validates
//! the results against the dated MCP schemas.)

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use serde_json::{json, Value};

/// The server's answers to `requests` (after the handshake), by request id,
/// and what it printed on stderr.
fn session(requests: &[Value]) -> (Vec<Value>, String) {
    let mut server = Command::new(env!("CARGO_BIN_EXE_mcp-plans"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the example server starts");
    let mut stdin = server.stdin.take().unwrap();
    let mut stdout = BufReader::new(server.stdout.take().unwrap());
    // `move`: dropping `send` closes the server's stdin, which ends it.
    let mut send = move |message: Value| writeln!(stdin, "{message}").unwrap();
    let mut receive = || {
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        serde_json::from_str::<Value>(&line).unwrap_or_else(|e| panic!("{e}: {line:?}"))
    };
    send(
        json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "test", "version": "1"}
        }}),
    );
    assert_eq!(receive()["result"]["serverInfo"]["name"], "plans");
    send(json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
    let mut answers = Vec::new();
    for (id, request) in requests.iter().enumerate() {
        let mut request = request.clone();
        request["jsonrpc"] = json!("2.0");
        request["id"] = json!(id + 1);
        send(request);
        let answer = receive();
        assert_eq!(answer["id"], id + 1, "{answer}");
        answers.push(answer);
    }
    drop(send);
    let output = server.wait_with_output().unwrap();
    (
        answers,
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

fn call(tool: &str, arguments: Value) -> Value {
    json!({"method": "tools/call", "params": {"name": tool, "arguments": arguments}})
}

/// A tool result's document, checked to be its text content too.
fn document(answer: &Value) -> &Value {
    let result = &answer["result"];
    let text: Value = serde_json::from_str(result["content"][0]["text"].as_str().unwrap()).unwrap();
    assert_eq!(text, result["structuredContent"], "{answer}");
    &result["structuredContent"]
}

#[test]
fn a_tool_that_succeeds_answers_with_its_data_in_the_envelope() {
    let (answers, _) = session(&[call("plan_show", json!({"name": "deploy"}))]);
    assert_eq!(answers[0]["result"]["isError"], false);
    assert_eq!(
        *document(&answers[0]),
        json!({"ok": true, "command": "plan_show", "name": "deploy", "steps": ["build", "migrate-db", "restart"]})
    );
}

#[test]
fn a_coded_error_is_a_tool_error_naming_its_tool_sync_or_async() {
    let (answers, log) = session(&[
        call("plan_show", json!({"name": "nope"})),
        call("run_start", json!({"plan": "deploy", "scope": "prod"})),
    ]);
    for answer in &answers {
        assert_eq!(answer["result"]["isError"], true, "{answer}");
        assert_eq!(document(answer)["ok"], false);
    }
    let shown = document(&answers[0]);
    assert_eq!(shown["command"], "plan_show");
    assert_eq!(shown["error"]["code"], "PLAN_NOT_FOUND");
    assert_eq!(shown["error"]["plan"], "nope");
    let started = document(&answers[1]);
    assert_eq!(started["command"], "run_start");
    assert_eq!(started["error"]["code"], "LOCK_HELD");
    assert_eq!(started["error"]["retry_after"], 30);
    // Telemetry: one event per failure, with its code.
    assert_eq!(
        log.matches("error.type=\"PLAN_NOT_FOUND\"").count(),
        1,
        "{log}"
    );
    assert_eq!(log.matches("error.type=\"LOCK_HELD\"").count(), 1, "{log}");
}

#[test]
fn arguments_that_do_not_deserialize_are_the_usage_code_as_a_tool_error() {
    let (answers, _) = session(&[
        call("plan_show", json!({"nam": "deploy"})),
        call("run_start", json!({"plan": 7, "scope": "prod"})),
    ]);
    for (answer, tool) in answers.iter().zip(["plan_show", "run_start"]) {
        assert_eq!(answer["result"]["isError"], true, "{answer}");
        let document = document(answer);
        assert_eq!(document["command"], tool);
        assert_eq!(document["error"]["code"], "BAD_ARGUMENTS");
        let message = document["error"]["message"].as_str().unwrap();
        assert!(
            message.starts_with(&format!("the arguments of tool `{tool}` are not valid: ")),
            "{message}"
        );
    }
}

#[test]
fn an_unknown_tool_and_a_malformed_call_stay_json_rpc_errors() {
    let (answers, _) = session(&[
        call("plan_delete", json!({})),
        json!({"method": "tools/call", "params": {"arguments": {}}}),
    ]);
    for answer in &answers {
        assert!(answer.get("result").is_none(), "{answer}");
        assert!(answer["error"]["code"].is_i64(), "{answer}");
    }
    assert_eq!(answers[0]["error"]["code"], -32602);
}

#[test]
fn a_panicking_tool_answers_with_the_fallback_and_the_server_goes_on() {
    let (answers, log) = session(&[
        call("panic", json!({})),
        call("plan_show", json!({"name": "deploy"})),
    ]);
    let failed = document(&answers[0]);
    assert_eq!(answers[0]["result"]["isError"], true);
    assert_eq!(failed["command"], "panic");
    assert_eq!(failed["error"]["code"], "INTERNAL");
    assert!(
        !answers[0].to_string().contains("hunter2"),
        "{}",
        answers[0]
    );
    assert_eq!(answers[1]["result"]["isError"], false);
    // The panic's text goes to stderr only, through the panic hook.
    assert!(log.contains("hunter2"), "{log}");
}

#[test]
fn each_tool_lists_an_output_schema_of_its_declared_codes_and_its_data() {
    let (answers, _) = session(&[json!({"method": "tools/list"})]);
    let tools = answers[0]["result"]["tools"].as_array().unwrap();
    let schema = |name: &str| {
        tools
            .iter()
            .find(|tool| tool["name"] == name)
            .map(|tool| tool["outputSchema"].clone())
            .unwrap_or_else(|| panic!("no tool {name}"))
    };
    let codes = |name: &str| schema(name)["$defs"]["code"]["enum"].clone();
    assert_eq!(
        codes("plan_show"),
        json!(["BAD_ARGUMENTS", "PLAN_NOT_FOUND", "INTERNAL"])
    );
    assert_eq!(
        codes("run_start"),
        json!(["BAD_ARGUMENTS", "PLAN_NOT_FOUND", "LOCK_HELD", "INTERNAL"])
    );
    assert_eq!(codes("panic"), json!(["BAD_ARGUMENTS", "INTERNAL"]));
    let show = schema("plan_show");
    assert_eq!(show["type"], "object");
    // `Plan`'s schema, from rmcp, describes the data beside the envelope.
    let data = &show["$defs"]["success"]["allOf"][0];
    assert_eq!(data["properties"]["steps"]["type"], "array", "{show}");
    assert_eq!(
        show["$defs"]["failure"]["properties"]["command"]["const"],
        "plan_show"
    );
}
