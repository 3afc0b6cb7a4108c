//! rmcp servers (feature `rmcp`): a `ToolRouter` whose tools answer in the
//! program's profile.
//!
//! rmcp's `#[tool]` methods return anything rmcp can turn into a
//! `CallToolResult`; `Error<C>` is such a type here, so a tool returns
//! `Result<Json<T>, Error<C>>`. Rendering the document needs the tool's
//! name, which a returned error does not know: [`Tools::call`] sets it for
//! the thread while it calls and polls the tool, and the error reads it
//! there when rmcp converts it.

use core::cell::RefCell;
use core::future::Future;
use core::marker::PhantomData;
use core::pin::Pin;
use core::task::{Context, Poll};
use std::sync::Arc;

use rmcp::handler::server::tool::{IntoCallToolResult, ToolCallContext, ToolRouter};
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock, ErrorCode as RpcCode, Tool};
use rmcp::service::MaybeSend;
use rmcp::ErrorData;
use serde_json::Value;

use super::{tool_output_schema, tool_result};
use crate::code::ErrorCode;
use crate::document::declared::declared;
use crate::error::panic_layer::{call_caught, poll_caught, CallState, SERVER_PANIC_MESSAGE};
use crate::error::Error;

/// What rmcp's `Parameters` says of arguments that do not deserialize
/// (rmcp turns the same message into a tool error of its own).
const ARGUMENTS_REFUSED: &str = "failed to deserialize parameters:";

/// What rmcp's `Json` says of data that fails to serialize, as a JSON-RPC
/// internal error.
const DATA_REFUSED: &str = "Failed to serialize structured content:";

/// An rmcp [`ToolRouter`] whose tools answer in the program's profile, with
/// `C`'s codes: the router rmcp's `#[tool_handler(router = ...)]` calls.
///
/// - A tool returning `Result<Json<T>, Error<C>>` (or `Result<String, _>`)
///   answers with the [`tool_result`] of its outcome: the document as
///   `structuredContent` and as text, `isError` true exactly on failure.
/// - Each tool's `outputSchema` is [`tool_output_schema`]: the codes its
///   declared set lists (`#[codes(tools(name = [...]))]`), with the data
///   described by the schema rmcp derived from `T`.
/// - Arguments that do not deserialize are `C`'s usage code, as a tool
///   error the model can correct (SEP-1303); an unknown tool and a
///   malformed request stay rmcp's JSON-RPC errors.
/// - A tool that panics answers with `C`'s fallback code; the panic's text
///   goes to the panic hook (stderr), never to the client. So does a tool
///   whose data fails to serialize, which rmcp's `Json` makes a JSON-RPC
///   error.
/// - With feature `tracing`, each failure is one event, as on every
///   surface.
///
/// ```
/// use rmcp::handler::server::wrapper::{Json, Parameters};
/// use rmcp::{schemars, tool, tool_handler, tool_router, ServerHandler};
/// use sponson_codes::{mcp::Tools, Error, ErrorCodes};
///
/// #[derive(Debug, ErrorCodes)]
/// #[codes(tools(plan_show = [PlanNotFound]))]
/// enum Code {
///     #[code(exit = 2, doc = "No plan has this name.")]
///     PlanNotFound,
///     #[code(exit = 2, doc = "The arguments are not valid.", usage)]
///     Usage,
///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
///     Internal,
/// }
///
/// #[derive(serde::Deserialize, schemars::JsonSchema)]
/// struct Show {
///     name: String,
/// }
///
/// #[derive(serde::Serialize, schemars::JsonSchema)]
/// struct Plan {
///     steps: Vec<String>,
/// }
///
/// #[derive(Clone)]
/// struct Plans {
///     tools: Tools<Plans, Code>,
/// }
///
/// #[tool_router]
/// impl Plans {
///     fn new() -> Self {
///         Plans { tools: Tools::new(Self::tool_router()) }
///     }
///
///     #[tool(description = "Show a plan's steps.")]
///     async fn plan_show(&self, Parameters(show): Parameters<Show>) -> Result<Json<Plan>, Error<Code>> {
///         match show.name.as_str() {
///             "deploy" => Ok(Json(Plan { steps: vec!["build".into()] })),
///             other => Err(Error::new(Code::PlanNotFound, format!("no plan is named `{other}`"))),
///         }
///     }
/// }
///
/// #[tool_handler(router = self.tools)]
/// impl ServerHandler for Plans {}
///
/// let tools = Plans::new().tools;
/// let schema = tools.get("plan_show").unwrap().output_schema.clone().unwrap();
/// assert_eq!(schema["$defs"]["code"]["enum"], serde_json::json!(["PLAN_NOT_FOUND", "USAGE", "INTERNAL"]));
/// ```
pub struct Tools<S, C> {
    router: ToolRouter<S>,
    code: PhantomData<fn() -> C>,
}

impl<S, C> Clone for Tools<S, C> {
    fn clone(&self) -> Self {
        Tools {
            router: self.router.clone(),
            code: PhantomData,
        }
    }
}

impl<S, C> core::fmt::Debug for Tools<S, C> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Tools")
            .field("router", &self.router)
            .finish()
    }
}

impl<S: MaybeSend + 'static, C: ErrorCode> Tools<S, C> {
    /// The tools of `router` (what `#[tool_router]` generates), each given
    /// its output schema in the program's profile.
    pub fn new(mut router: ToolRouter<S>) -> Self {
        for route in router.map.values_mut() {
            let mut schema = tool_output_schema::<C>(&route.attr.name);
            if let Some(data) = &route.attr.output_schema {
                schema = declared().with_data(schema, &Value::Object((**data).clone()));
            }
            if let Value::Object(schema) = schema {
                route.attr.output_schema = Some(Arc::new(schema));
            }
        }
        Tools {
            router,
            code: PhantomData,
        }
    }

    /// Calls the tool the request names: its outcome as a tool result in
    /// the program's profile (see [`Tools`]); an unknown or disabled tool
    /// is rmcp's own JSON-RPC error.
    pub async fn call(
        &self,
        context: ToolCallContext<'_, S>,
    ) -> Result<CallToolResponse, ErrorData> {
        let route = match self.router.map.get(context.name()) {
            Some(route) if self.router.has_route(context.name()) => route,
            _ => return self.router.call(context).await,
        };
        let name: Arc<str> = Arc::from(context.name());
        let call = &route.call;
        let answer = InTool::new(name.clone(), || call(context)).await;
        let failed =
            |error: Error<C>| Ok(call_tool_result(tool_result(&name, &Err::<(), _>(error))));
        match answer {
            None => failed(Error::fallback(SERVER_PANIC_MESSAGE)),
            Some(Ok(CallToolResponse::Complete(result))) if result.is_error != Some(true) => {
                match data_of(&result) {
                    Some(data) => Ok(call_tool_result(tool_result::<_, C>(&name, &Ok(data)))),
                    None => Ok(CallToolResponse::Complete(result)),
                }
            }
            Some(Err(error))
                if error.code == RpcCode::INVALID_PARAMS
                    && error.message.starts_with(ARGUMENTS_REFUSED) =>
            {
                let why = error.message[ARGUMENTS_REFUSED.len()..].trim_start();
                failed(Error::usage(format!(
                    "the arguments of tool `{name}` are not valid: {why}"
                )))
            }
            // As every surface answers data it cannot render; the serializer's
            // words may quote the data, so they are left out.
            Some(Err(error))
                if error.code == RpcCode::INTERNAL_ERROR
                    && error.message.starts_with(DATA_REFUSED) =>
            {
                failed(Error::fallback(format!(
                    "cannot render the output of tool `{name}`: the data failed to serialize"
                )))
            }
            Some(other) => other,
        }
    }

    /// Every enabled tool, sorted by name, with its output schema.
    pub fn list_all(&self) -> Vec<Tool> {
        self.router.list_all()
    }

    /// The tool named `name`, when it is there and enabled.
    pub fn get(&self, name: &str) -> Option<&Tool> {
        self.router.get(name)
    }

    /// The router inside.
    pub fn router(&self) -> &ToolRouter<S> {
        &self.router
    }
}

/// The data of a tool's successful result: its structured content, the
/// text of a result that is one text block, `null` for no content; `None`
/// for other content (images, several blocks), which passes as it is.
fn data_of(result: &CallToolResult) -> Option<Value> {
    if let Some(data) = &result.structured_content {
        return Some(data.clone());
    }
    match result.content.as_slice() {
        [] => Some(Value::Null),
        [block] => block.as_text().map(|text| Value::String(text.text.clone())),
        _ => None,
    }
}

/// A [`tool_result`] as rmcp's type; the two are the same JSON.
fn call_tool_result(result: Value) -> CallToolResponse {
    match serde_json::from_value::<CallToolResult>(result) {
        Ok(result) => CallToolResponse::Complete(result),
        // Unreachable: the result is in the specification's shape.
        Err(error) => CallToolResponse::Complete(CallToolResult::error(vec![ContentBlock::text(
            error.to_string(),
        )])),
    }
}

impl<C: ErrorCode> IntoCallToolResult for Error<C> {
    /// The failure's [`tool_result`], for the tool [`Tools::call`] runs
    /// (`""` outside one).
    fn into_call_tool_result(self) -> Result<CallToolResponse, ErrorData> {
        let tool = TOOL.with(|tool| tool.borrow().clone());
        let tool = tool.as_deref().unwrap_or_default();
        Ok(call_tool_result(tool_result(tool, &Err::<(), _>(self))))
    }
}

std::thread_local! {
    /// The tool [`Tools::call`] is calling or polling on this thread.
    static TOOL: RefCell<Option<Arc<str>>> = const { RefCell::new(None) };
}

/// Runs `body` with `tool` as the thread's tool, the previous one put back
/// after it, a panic included.
fn in_tool<R>(tool: &Arc<str>, body: impl FnOnce() -> R) -> R {
    struct Restore(Option<Arc<str>>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let previous = self.0.take();
            TOOL.with(|tool| *tool.borrow_mut() = previous);
        }
    }
    let _restore = Restore(TOOL.with(|slot| slot.borrow_mut().replace(tool.clone())));
    body()
}

/// A tool's call and future, each step with its name set and a panic
/// caught: `None` when the tool panicked.
struct InTool<F> {
    tool: Arc<str>,
    state: CallState<F>,
}

impl<F: Future> InTool<F> {
    fn new(tool: Arc<str>, call: impl FnOnce() -> F) -> Self {
        let state = in_tool(&tool, || call_caught(call));
        InTool { tool, state }
    }
}

impl<F: Future> Future for InTool<F> {
    type Output = Option<F::Output>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        // `CallState` boxes the future: `InTool` is `Unpin`.
        let this = self.get_mut();
        let tool = this.tool.clone();
        match in_tool(&tool, || poll_caught(&mut this.state, cx)) {
            None => Poll::Ready(None),
            Some(Poll::Ready(output)) => Poll::Ready(Some(output)),
            Some(Poll::Pending) => Poll::Pending,
        }
    }
}
