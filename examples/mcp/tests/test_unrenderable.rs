//! A tool whose data fails to serialize: rmcp's `Json` turns that into a
//! JSON-RPC internal error; `mcp::Tools` answers with the fallback code as a
//! tool result instead, as every other surface answers data it cannot
//! render.

use rmcp::handler::server::wrapper::Json;
use rmcp::{schemars, tool, tool_handler, tool_router, ServerHandler, ServiceExt};
use serde::{Serialize, Serializer};
use serde_json::{json, Value};
use sponson_codes::{mcp::Tools, Error};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

use mcp_example::Code;

/// Data whose `Serialize` fails.
#[derive(schemars::JsonSchema)]
struct Unrenderable {}

impl Serialize for Unrenderable {
    fn serialize<S: Serializer>(&self, _: S) -> Result<S::Ok, S::Error> {
        Err(serde::ser::Error::custom("a map key is not a string"))
    }
}

#[derive(Clone)]
struct Broken {
    tools: Tools<Broken, Code>,
}

#[tool_router]
impl Broken {
    #[tool(description = "Return data that fails to serialize.")]
    async fn broken(&self) -> Result<Json<Unrenderable>, Error<Code>> {
        Ok(Json(Unrenderable {}))
    }
}

#[tool_handler(router = self.tools)]
impl ServerHandler for Broken {}

#[tokio::test(flavor = "current_thread")]
async fn data_that_fails_to_serialize_is_the_fallback_as_a_tool_result() {
    let (client, server) = tokio::io::duplex(1 << 16);
    let broken = Broken {
        tools: Tools::new(Broken::tool_router()),
    };
    tokio::spawn(async move {
        if let Ok(running) = broken.serve(server).await {
            let _ = running.waiting().await;
        }
    });
    let (read, mut write) = tokio::io::split(client);
    let mut lines = BufReader::new(read).lines();
    for message in [
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "test", "version": "1"}
        }}),
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
        json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "broken", "arguments": {}}}),
    ] {
        write
            .write_all(format!("{message}\n").as_bytes())
            .await
            .unwrap();
    }
    let mut answer = Value::Null;
    while let Some(line) = lines.next_line().await.unwrap() {
        let message: Value = serde_json::from_str(&line).unwrap();
        if message["id"] == 2 {
            answer = message;
            break;
        }
    }
    assert!(answer.get("error").is_none(), "{answer}");
    let result = &answer["result"];
    assert_eq!(result["isError"], true, "{answer}");
    let document = &result["structuredContent"];
    assert_eq!(document["command"], "broken");
    assert_eq!(document["error"]["code"], "INTERNAL");
    assert_eq!(
        document["error"]["message"],
        "cannot render the output of tool `broken`: the data failed to serialize"
    );
}
