//! MCP tool results: a command's outcome as the `CallToolResult` of a
//! `tools/call` request (MCP specification 2025-06-18 and later).
//!
//! Plain `serde_json` values in the specification's shape, so no MCP SDK is
//! needed; put them in the `result` of the JSON-RPC response.

use serde::Serialize;
use serde_json::{json, Map, Value};

use crate::code::ErrorCode;
use crate::error::Error;
use crate::run::output::Output;
use crate::run::render::render_json;

/// The MCP `CallToolResult` of a command's outcome: the envelope as
/// `structuredContent`, the same envelope as text in one `text` content
/// block (for clients that read only `content`), and `isError` true exactly
/// when the command failed, that is when its exit code is not 0.
///
/// The envelope is the one a JSON-mode [`Runner`](crate::Runner) prints, byte for byte, including
/// its fallback for data that cannot be rendered.
///
/// ```
/// use sponson_codes::{mcp_tool_result, Error, ErrorCodes};
///
/// #[derive(Debug, ErrorCodes)]
/// enum Code {
///     #[code(exit = 3, doc = "Another run holds the lock.", hint = "Pass --wait.")]
///     LockHeld,
///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
///     Internal,
/// }
///
/// let failed: Result<(), _> = Err(Error::new(Code::LockHeld, "held by run 41"));
/// let result = mcp_tool_result("apply", &failed);
/// assert_eq!(result["isError"], true);
/// assert_eq!(result["structuredContent"]["error"]["code"], "LOCK_HELD");
/// assert_eq!(result["content"][0]["type"], "text");
///
/// let done = mcp_tool_result::<_, Code>("apply", &Ok(serde_json::json!({"changes": 2})));
/// assert_eq!(done["isError"], false);
/// assert_eq!(done["content"][0]["text"], r#"{"ok":true,"command":"apply","changes":2}"#);
/// ```
pub fn mcp_tool_result<T: Serialize, C: ErrorCode>(
    command: &str,
    result: &Result<T, Error<C>>,
) -> Value {
    mcp_tool_result_of(&render_json(command, result, false))
}

/// The MCP `CallToolResult` of an already rendered JSON outcome (from
/// [`Runner::render`](crate::Runner::render) in JSON mode, failures on stdout).
///
/// ```
/// use sponson_codes::{mcp_tool_result_of, Output};
///
/// let out = Output { stdout: "{\"ok\":true,\"command\":\"init\"}\n".into(), ..Output::default() };
/// let result = mcp_tool_result_of(&out);
/// assert_eq!(result["structuredContent"], serde_json::json!({"ok": true, "command": "init"}));
/// ```
pub fn mcp_tool_result_of(output: &Output) -> Value {
    let text = output.stdout.trim_end_matches('\n');
    let text = if text.is_empty() {
        output.stderr.trim_end_matches('\n')
    } else {
        text
    };
    let structured: Value = serde_json::from_str(text).unwrap_or(Value::Null);
    let mut result = Map::new();
    result.insert(
        "content".to_owned(),
        json!([{"type": "text", "text": text}]),
    );
    // `structuredContent` must be an object; a text that is not an envelope
    // stays in `content` only.
    if structured.is_object() {
        result.insert("structuredContent".to_owned(), structured);
    }
    result.insert("isError".to_owned(), Value::Bool(!output.is_ok()));
    Value::Object(result)
}

/// A JSON Schema of `C`'s envelope for a tool's `outputSchema`: the
/// companion's schema of the default profile ([`SPONSON`](crate::profile::SPONSON)`.schema`),
/// with the `"type": "object"` at its root that MCP asks of an output schema
/// (every envelope is an object).
///
/// ```
/// use sponson_codes::{mcp_output_schema, ErrorCodes};
///
/// #[derive(Debug, ErrorCodes)]
/// enum Code {
///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
///     Internal,
/// }
///
/// let schema = mcp_output_schema::<Code>();
/// assert_eq!(schema["type"], "object");
/// assert!(schema.to_string().contains("INTERNAL"));
/// ```
pub fn mcp_output_schema<C: ErrorCode>() -> Value {
    let mut schema = crate::profile::SPONSON.schema(&[C::ENUM]);
    if let Value::Object(members) = &mut schema {
        members.insert("type".to_owned(), json!("object"));
    }
    schema
}
