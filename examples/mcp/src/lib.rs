//! A small MCP server whose tools answer with the codes of one annotated
//! enum: rmcp's `#[tool]` methods return `Result<Json<T>, Error<Code>>`,
//! and `Tools` (feature `rmcp`) turns each outcome into a tool result in
//! the program's envelope, with each tool's output schema from its
//! declared codes.

use std::time::Duration;

use rmcp::handler::server::wrapper::{Json, Parameters};
use rmcp::{schemars, tool, tool_handler, tool_router, ServerHandler};
use serde::{Deserialize, Serialize};
use sponson_codes::{mcp::Tools, Error, ErrorCodes};

/// Failures of the plan tools.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ErrorCodes)]
#[codes(
    url = "https://plans.example/errors#{code}",
    tools(plan_show = [PlanNotFound], run_start = [PlanNotFound, LockHeld], panic = []),
)]
pub enum Code {
    #[code(
        exit = 2,
        doc = "The tool's arguments are not valid.",
        hint = "Send the arguments its input schema describes.",
        usage,
        number = -32602
    )]
    BadArguments,
    #[code(
        exit = 2,
        doc = "No plan has this name.",
        hint = "List the plans with plan_show.",
        number = 1001
    )]
    PlanNotFound,
    #[code(
        exit = 3,
        doc = "Another run holds the scope's lock.",
        hint = "Wait for it, then start the run again.",
        retryable = true,
        number = 1003
    )]
    LockHeld,
    #[code(exit = 1, doc = "An unexpected error.", fallback, number = -32603)]
    Internal,
}

/// What `plan_show` takes.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct Show {
    /// The plan's name.
    pub name: String,
}

/// A plan.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct Plan {
    /// Its name.
    pub name: String,
    /// Its steps, in order.
    pub steps: Vec<String>,
}

/// What `run_start` takes.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct Start {
    /// The plan to run.
    pub plan: String,
    /// Where to run it.
    pub scope: String,
}

/// A run that started.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct Run {
    /// Its number.
    pub run: u32,
    /// The plan it runs.
    pub plan: String,
    /// Where.
    pub scope: String,
}

/// The server: its tools.
#[derive(Debug, Clone)]
pub struct Plans {
    tools: Tools<Plans, Code>,
}

impl Default for Plans {
    fn default() -> Self {
        Plans::new()
    }
}

#[tool_router]
impl Plans {
    /// The server with its three tools.
    pub fn new() -> Self {
        Plans {
            tools: Tools::new(Self::tool_router()),
        }
    }

    /// Shows a plan's steps: a tool need not be `async`.
    #[tool(description = "Show a plan's steps.")]
    fn plan_show(&self, Parameters(show): Parameters<Show>) -> Result<Json<Plan>, Error<Code>> {
        plan(&show.name).map(Json)
    }

    /// Starts a run of a plan; the `prod` scope is locked by run 41.
    #[tool(description = "Start a run of a plan in a scope.")]
    async fn run_start(
        &self,
        Parameters(start): Parameters<Start>,
    ) -> Result<Json<Run>, Error<Code>> {
        let plan = plan(&start.plan)?;
        if start.scope == "prod" {
            return Err(
                Error::new(Code::LockHeld, "the lock on prod is held by run 41")
                    .with_detail("scope", "prod")
                    .with_detail("holder", "run 41")
                    .with_retry_after(Duration::from_secs(30)),
            );
        }
        Ok(Json(Run {
            run: 42,
            plan: plan.name,
            scope: start.scope,
        }))
    }

    /// Panics: what a bug in a tool answers with.
    #[tool(description = "Fail with a panic, to show what a bug in a tool answers with.")]
    async fn panic(&self) -> Result<String, Error<Code>> {
        panic!("the database password is hunter2");
    }
}

/// The plan named `name`.
fn plan(name: &str) -> Result<Plan, Error<Code>> {
    if name != "deploy" {
        return Err(
            Error::new(Code::PlanNotFound, format!("no plan is named `{name}`"))
                .with_detail("plan", name),
        );
    }
    Ok(Plan {
        name: name.to_owned(),
        steps: vec!["build".into(), "migrate-db".into(), "restart".into()],
    })
}

#[tool_handler(router = self.tools, name = "plans", version = "0.0.0")]
impl ServerHandler for Plans {}
