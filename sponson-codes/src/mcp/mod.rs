//! MCP: a command's outcome as the `CallToolResult` of a `tools/call`
//! request, and the output schema of a tool.
//!
//! Plain `serde_json` values in the specification's shape, so no MCP SDK is
//! needed; put them in the `result` of the JSON-RPC response. A result is
//! valid under every dated version of the specification from 2025-06-18 to
//! 2026-07-28, and an output schema is a valid `outputSchema` under each.
//! The document
//! is the one the program prints in its profile (the one declared with
//! [`use_profile!`](crate::use_profile)), so a CLI and its MCP tools share
//! one envelope.
//!
//! # Tool errors and protocol errors
//!
//! MCP tells two kinds of failure apart (SEP-1303). A tool that ran and
//! failed, its input refused included, answers with a result whose
//! `isError` is true, so that the model reads the error and can correct
//! itself: [`tool_result`]. A request the server cannot take as a tool call
//! at all (an unknown tool, a malformed request) is a JSON-RPC error, in
//! the response's `error` instead of its `result`: [`error_response`], whose
//! error object [`jsonrpc_error`] builds from an outcome.
//!
//! A JSON-RPC error object is `{"code", "message", "data"}`: `code` is the
//! code's number (`#[code(number = N)]`, [`CodeInfo::number`](crate::CodeInfo::number)),
//! or -32603, JSON-RPC's internal error, for a code that gives none;
//! `message` is the failure's message; `data` is the error object the
//! program's profile writes (Sponson's `{"code", "message", "hint"?, ...details}`),
//! so a client reads the same code string, hint and details as in every
//! other document. JSON-RPC reserves -32768 to -32000; the derive refuses
//! numbers there but for its five standard errors, so a program says that
//! its usage code is JSON-RPC's invalid params by giving it `number = -32602`.

use serde::Serialize;
use serde_json::{json, Map, Value};

use crate::code::ErrorCode;
use crate::document::declared::declared;
use crate::document::outcome::Outcome;
use crate::document::output::Output;
use crate::document::write::settle;
use crate::error::Error;

/// The MCP `CallToolResult` of a command's outcome: the document as
/// `structuredContent`, the same document as text in one `text` content
/// block (for clients that read only `content`), `isError` true exactly
/// when the command failed, that is when its exit code is not 0, and
/// `resultType: "complete"`.
///
/// With feature `tracing`, a failure is reported as a `tracing` event
/// with its `error.type` (module `telemetry`).
///
/// Valid under every dated schema from 2025-06-18 to 2026-07-28:
/// `resultType` is required from 2026-07-28 on (`"complete"` for a call
/// that has finished) and allowed before, where a result may carry other
/// members; `structuredContent` is an object, as versions before
/// 2026-07-28 require.
///
/// The document is the one a JSON-mode [`Runner`](crate::Runner) prints in
/// the program's profile: the text block holds its bytes (without the final
/// newline), and `structuredContent` is the same JSON value; the fallback
/// for data that cannot be rendered included. A document that is not an
/// object (a profile that prints bare data) is in the text block only.
///
/// ```
/// use sponson_codes::{mcp, Error, ErrorCodes};
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
/// let result = mcp::tool_result("apply", &failed);
/// assert_eq!(result["isError"], true);
/// assert_eq!(result["resultType"], "complete");
/// assert_eq!(result["structuredContent"]["error"]["code"], "LOCK_HELD");
/// assert_eq!(result["content"][0]["type"], "text");
///
/// let done = mcp::tool_result::<_, Code>("apply", &Ok(serde_json::json!({"changes": 2})));
/// assert_eq!(done["isError"], false);
/// assert_eq!(done["content"][0]["text"], r#"{"ok":true,"command":"apply","changes":2}"#);
/// ```
pub fn tool_result<T: Serialize, C: ErrorCode>(
    command: &str,
    result: &Result<T, Error<C>>,
) -> Value {
    let output = match result {
        Err(error) => match outside_set(command, error) {
            Some(outside) => declared().render(&Outcome::new(command, &Err::<T, _>(outside))),
            None => declared().render(&Outcome::new(command, result)),
        },
        Ok(_) => declared().render(&Outcome::new(command, result)),
    };
    #[cfg(feature = "tracing")]
    report(&output, crate::telemetry::Kind::of::<C>);
    result_of(&output)
}

/// In debug builds (tests included), the fallback for a code outside the
/// tool's declared set (`#[codes(tools(...))]`), naming both, as the
/// runner does for commands; `None` when the code is in it.
fn outside_set<C: ErrorCode>(tool: &str, error: &Error<C>) -> Option<Error<C>> {
    use crate::code::SetKind;
    if !cfg!(debug_assertions) || C::ENUM.allows(SetKind::Tool, tool, error.code()) {
        return None;
    }
    Some(Error::fallback(format!(
        "tool `{tool}` returned `{}`, which its declared set does not list; add `{}` to its entry in #[codes(tools(...))] on `{}`, or return one of its codes",
        error.code(),
        error.info().variant,
        C::ENUM.path(),
    )))
}

/// The MCP `CallToolResult` of an already rendered JSON outcome, such as
/// [`Runner::render`](crate::Runner::render)'s in JSON mode: its document,
/// from whichever stream the profile put it on, in the result
/// [`tool_result`] describes.
///
/// With feature `tracing`, a failure is reported as a `tracing` event
/// with its `error.type`: the code its document carries, read back in the
/// program's profile (or a built-in one), when an enum linked into the
/// program lists it, else `_OTHER`. This is the call that reports a
/// runner's rendered outcome: [`Runner::render`](crate::Runner::render)
/// reports nothing, so the failure is one event.
///
/// ```
/// use sponson_codes::{mcp, Output};
///
/// let out = Output { stdout: "{\"ok\":true,\"command\":\"init\"}\n".into(), ..Output::default() };
/// let result = mcp::tool_result_of(&out);
/// assert_eq!(result["structuredContent"], serde_json::json!({"ok": true, "command": "init"}));
/// ```
pub fn tool_result_of(output: &Output) -> Value {
    #[cfg(feature = "tracing")]
    report(output, crate::telemetry::Kind::registered);
    result_of(output)
}

fn result_of(output: &Output) -> Value {
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
    // Required from the 2026-07-28 specification on; the call has finished.
    result.insert("resultType".to_owned(), json!("complete"));
    Value::Object(result)
}

/// Reports a failed tool call to telemetry: the code its document
/// carries, read by the program's profile (or a built-in one, for an
/// output a runner rendered in another), as `kind` maps it.
#[cfg(feature = "tracing")]
fn report(output: &Output, kind: impl FnOnce(&str) -> crate::telemetry::Kind) {
    use crate::document::profile::{FIRSTDRAFT, NOGGIN, SPONSON};
    use crate::telemetry::{document_of, failure_in, wanted, Kind, Surface};
    if output.is_ok() || !wanted() {
        return;
    }
    let profiles = [declared(), &SPONSON, &NOGGIN, &FIRSTDRAFT];
    let (kind, message) = match failure_in(document_of(output), profiles) {
        Some(failure) => (kind(&failure.code), failure.message),
        None => (Kind::other(), String::new()),
    };
    crate::telemetry::report(kind, &message, Surface::Tool);
}

/// JSON-RPC's internal error: the number of a code that gives none.
const INTERNAL_ERROR: i32 = -32603;

/// The JSON-RPC 2.0 error object of a failed outcome, `None` for a
/// success: `{"code": <number>, "message": <message>, "data": <error object>}`,
/// the data being the error object the program's profile writes (the
/// [module docs](self) say why). `code` is the failure's code's number
/// (`#[code(number = N)]`), or -32603, JSON-RPC's internal error, when the
/// code gives none. An outcome no document can hold (a detail under a key
/// the error object writes) is its enum's fallback code, as every document
/// writes it. Renders only: nothing is reported to telemetry.
///
/// ```
/// use sponson_codes::{mcp, Error, ErrorCodes, Outcome};
///
/// #[derive(Debug, ErrorCodes)]
/// enum Code {
///     #[code(exit = 3, doc = "Another run holds the lock.", hint = "Pass --wait.", number = 1042)]
///     LockHeld,
///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
///     Internal,
/// }
///
/// let failed: Result<(), _> = Err(Error::new(Code::LockHeld, "held by run 41"));
/// let object = mcp::jsonrpc_error(&Outcome::new("apply", &failed)).unwrap();
/// assert_eq!(
///     object,
///     serde_json::json!({
///         "code": 1042,
///         "message": "held by run 41",
///         "data": {"code": "LOCK_HELD", "message": "held by run 41", "hint": "Pass --wait."}
///     })
/// );
/// let internal: Result<(), _> = Err(Error::new(Code::Internal, "disk full"));
/// assert_eq!(mcp::jsonrpc_error(&Outcome::new("apply", &internal)).unwrap()["code"], -32603);
/// assert_eq!(mcp::jsonrpc_error(&Outcome::new("apply", &Ok::<_, Error<Code>>(()))), None);
/// ```
pub fn jsonrpc_error(outcome: &Outcome) -> Option<Value> {
    let profile = declared();
    let (settled, data) = settle(outcome, |outcome| match &outcome.result {
        Ok(_) => Ok(None),
        Err(failure) => {
            let object = profile.error_object(failure.view())?;
            Ok(serde_json::to_value(&object).ok())
        }
    });
    let (failure, data) = match (&settled.result, data.flatten()) {
        (Err(failure), Some(data)) => (failure, data),
        _ => return None,
    };
    let number = failure
        .info
        .and_then(|info| info.number)
        .unwrap_or(INTERNAL_ERROR);
    Some(json!({"code": number, "message": failure.message, "data": data}))
}

/// The JSON-RPC 2.0 response to request `id` that fails with `error`: an
/// MCP protocol error, such as an unknown tool or a malformed request,
/// which is not a tool result (the [module docs](self) tell the two
/// apart). Its `error` is [`jsonrpc_error`]'s object.
///
/// With feature `tracing`, the failure is reported as a `tracing` event
/// with its `error.type`, as a tool result's is.
///
/// ```
/// use serde_json::json;
/// use sponson_codes::{mcp, Error, ErrorCodes};
///
/// #[derive(Debug, ErrorCodes)]
/// enum Code {
///     #[code(exit = 2, doc = "The request is malformed.", usage, number = -32602)]
///     Usage,
///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
///     Internal,
/// }
///
/// // A `tools/call` naming a tool the server does not have.
/// let response = mcp::error_response(json!(7), &Error::new(Code::Usage, "unknown tool `plan_delete`"));
/// assert_eq!(
///     response,
///     json!({
///         "jsonrpc": "2.0",
///         "id": 7,
///         "error": {
///             "code": -32602,
///             "message": "unknown tool `plan_delete`",
///             "data": {"code": "USAGE", "message": "unknown tool `plan_delete`"}
///         }
///     })
/// );
/// ```
pub fn error_response<C: ErrorCode>(id: Value, error: &Error<C>) -> Value {
    let outcome = Outcome::failed("", error);
    let object = jsonrpc_error(&outcome);
    #[cfg(feature = "tracing")]
    if let Some(object) = &object {
        use crate::telemetry::{report, wanted, Kind, Surface};
        if wanted() {
            let code = object["data"]
                .get(declared().error.code)
                .and_then(Value::as_str);
            let message = object["message"].as_str().unwrap_or_default();
            report(
                Kind::of::<C>(code.unwrap_or_default()),
                message,
                Surface::Tool,
            );
        }
    }
    json!({"jsonrpc": "2.0", "id": id, "error": object})
}

/// A JSON Schema of `C`'s documents in the program's profile, for a tool's
/// `outputSchema`: the companion's schema (`Profile::schema`, JSON Schema
/// 2020-12, the dialect MCP assumes), with the `"type": "object"` at its
/// root that the specification asked of an output schema up to 2025-11-25.
///
/// ```
/// use sponson_codes::{mcp, ErrorCodes};
///
/// #[derive(Debug, ErrorCodes)]
/// enum Code {
///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
///     Internal,
/// }
///
/// let schema = mcp::output_schema::<Code>();
/// assert_eq!(schema["type"], "object");
/// assert!(schema.to_string().contains("INTERNAL"));
/// ```
pub fn output_schema<C: ErrorCode>() -> Value {
    object_root(declared().schema(&[C::ENUM]))
}

/// [`output_schema`] for the tool `tool`: only the codes its declared set
/// lists (`#[codes(tools(tool = [...]))]`), and its name as the command.
///
/// ```
/// use sponson_codes::{mcp, ErrorCodes};
///
/// #[derive(Debug, ErrorCodes)]
/// #[codes(tools(plan_show = []))]
/// enum Code {
///     #[code(exit = 3, doc = "Another run holds the lock.")]
///     LockHeld,
///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
///     Internal,
/// }
///
/// let schema = mcp::tool_output_schema::<Code>("plan_show");
/// assert_eq!(schema["$defs"]["code"]["enum"], serde_json::json!(["INTERNAL"]));
/// assert!(mcp::output_schema::<Code>().to_string().contains("LOCK_HELD"));
/// ```
pub fn tool_output_schema<C: ErrorCode>(tool: &str) -> Value {
    object_root(declared().schema_for(&[C::ENUM], crate::code::SetKind::Tool, tool))
}

fn object_root(mut schema: Value) -> Value {
    if let Value::Object(members) = &mut schema {
        members.insert("type".to_owned(), json!("object"));
    }
    schema
}

#[cfg(feature = "rmcp")]
mod rmcp;
#[cfg(feature = "rmcp")]
#[cfg_attr(docsrs, doc(cfg(feature = "rmcp")))]
pub use self::rmcp::Tools;
