//! A small gRPC service whose failures are the codes of one annotated enum,
//! answered as statuses carrying `google.rpc.ErrorInfo`.
//!
//! The handlers return `Result<Reply, Error<Code>>`, as a command or an
//! HTTP handler does; [`server`] turns the error into its status, and
//! [`sponson_codes::grpc::PanicLayer`] answers a panic with the fallback's.
//! The messages and the routing are written by hand ([`proto`], [`server`]),
//! as `tonic-build` would generate them from `proto/plans.proto`, so that
//! the example builds without `protoc`.

pub mod client;
pub mod proto;
pub mod server;

use core::time::Duration;

use serde_json::Value;
use sponson_codes::allowlist::{Allowlist, Shape};
use sponson_codes::grpc::{CodedStatus, PanicLayer};
use sponson_codes::{Details, Error, ErrorCodes};
use tonic::transport::server::TcpIncoming;
use tonic::transport::Server;

use crate::proto::{
    Empty, Plan, Run, ShowPlanRequest, ShowRunRequest, StartRunRequest, ValidateRequest,
};

/// Failures of the plan service, over gRPC.
///
/// `grpc_domain` is the `ErrorInfo.domain` of every code, and makes the
/// derive check that each code is an AIP-193 reason; `grpc` on the enum is
/// the status of codes that give neither `grpc` nor `http`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, ErrorCodes)]
#[codes(
    exits(1 = "failure", 2 = "refused before running", 3 = "the lock is held"),
    url = "https://plans.example/errors#{code}",
    grpc_domain = "plans.example",
    grpc = "FAILED_PRECONDITION"
)]
#[non_exhaustive]
pub enum Code {
    // INVALID_ARGUMENT, as every usage code.
    #[code(
        exit = 2,
        doc = "The request is not valid.",
        hint = "Send the fields the API documents.",
        usage
    )]
    BadRequest,
    // NOT_FOUND, from the HTTP status.
    #[code(exit = 2, doc = "No plan has this name.", http = 404)]
    PlanNotFound,
    #[code(exit = 2, doc = "No run has this number.", grpc = "NOT_FOUND")]
    RunNotFound,
    #[code(
        exit = 2,
        doc = "The service has no such method.",
        hint = "Check the method against proto/plans.proto.",
        grpc = "UNIMPLEMENTED"
    )]
    MethodNotFound,
    #[code(
        exit = 3,
        doc = "Another run holds the scope's lock.",
        hint = "Wait for it, or pass --wait.",
        grpc = "ABORTED",
        retryable = true
    )]
    LockHeld,
    // FAILED_PRECONDITION, the enum's `grpc`.
    #[code(
        exit = 1,
        doc = "The plan server rejected the plan.",
        retryable = false
    )]
    ServerRejected,
    // INTERNAL, as every fallback.
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

/// Serves the service on `listener` until the process ends: every path,
/// a panicking handler included, answers with a status carrying
/// `ErrorInfo`.
pub async fn serve(listener: tokio::net::TcpListener) -> Result<(), tonic::transport::Error> {
    Server::builder()
        .layer(PanicLayer::<Code>::new())
        .serve_with_incoming(server::PlansServer, TcpIncoming::from(listener))
        .await
}

/// `ShowPlan`: the plan `deploy`, or no plan.
pub async fn show_plan(request: ShowPlanRequest) -> Result<Plan, Error<Code>> {
    let name = request.name;
    if name.is_empty() {
        return Err(Error::usage("the request names no plan").with_detail("field", "name"));
    }
    if name != "deploy" {
        return Err(
            Error::new(Code::PlanNotFound, format!("no plan is named `{name}`"))
                .with_detail("plan", &name),
        );
    }
    Ok(Plan {
        name,
        steps: vec!["build".into(), "migrate-db".into(), "restart".into()],
    })
}

/// `StartRun`: run 42, except in `prod`, whose lock run 41 holds.
pub async fn start_run(request: StartRunRequest) -> Result<Run, Error<Code>> {
    let plan = show_plan(ShowPlanRequest { name: request.plan }).await?;
    if request.scope == "prod" {
        return Err(lock_held());
    }
    Ok(Run {
        run: 42,
        plan: plan.name,
        scope: request.scope,
    })
}

/// The error `StartRun` answers in the `prod` scope: retryable, in 30
/// seconds (`google.rpc.RetryInfo`).
pub fn lock_held() -> Error<Code> {
    Error::new(Code::LockHeld, "the lock on prod is held by run 41")
        .with_detail("scope", "prod")
        .with_detail("holder", "run 41")
        .with_retry_after(Duration::from_secs(30))
}

/// `ShowRun`: asks the run store, another gRPC service. Its `NOT_FOUND`
/// is this service's `RUN_NOT_FOUND` with the one field the allowlist
/// names; any other failure of it is `INTERNAL`, its words left behind.
pub async fn show_run(request: ShowRunRequest) -> Result<Run, Error<Code>> {
    match run_store::lookup(request.run) {
        Ok(run) => Ok(run),
        Err(status) if status.code() == tonic::Code::NotFound => {
            let kept = CodedStatus::<Details>::from_status(&status)
                .ok()
                .and_then(|read| {
                    run_store::answer().project(&Value::Object(read.details.into_map()))
                })
                .unwrap_or_default();
            Err(Error::new(
                Code::RunNotFound,
                format!("no run has the number {}", request.run),
            )
            .with_details(&kept))
        }
        // `From<Status>`: the fallback, naming the status only.
        Err(status) => Err(status.into()),
    }
}

/// `Validate`: forwards the plan to the plan server (here: its recorded
/// answer) and passes on only the allowlisted part of the rejection.
pub async fn validate(_: ValidateRequest) -> Result<Empty, Error<Code>> {
    let projected = rejection()
        .project_str(UPSTREAM_REJECTION)
        .map_err(|_| Error::new(Code::ServerRejected, "the plan server's answer is not JSON"))?;
    Err(
        Error::new(Code::ServerRejected, "the plan server rejected the plan")
            .with_detail("response", &projected),
    )
}

/// `Panic`: a handler that panics.
pub async fn panics(_: Empty) -> Result<Empty, Error<Code>> {
    panic!("the database password is hunter2");
}

/// The plan server's answer to a validation, as the service received it.
pub const UPSTREAM_REJECTION: &str = include_str!("../fixtures/upstream-rejection.json");

/// The plan server's body is untrusted: only these fields reach the details.
pub fn rejection() -> Allowlist {
    let location = Allowlist::new()
        .field("source_pointer", Shape::String)
        .field("line", Shape::Integer)
        .field("column", Shape::Integer);
    let diagnostic = Allowlist::new()
        .field("code", Shape::String)
        .field("severity", Shape::String)
        .field("message", Shape::String)
        .field("location", location);
    Allowlist::new()
        .field("status", Shape::Integer)
        .field("diagnostics", Shape::array(diagnostic))
}

/// The run store, another gRPC service, as its answers were recorded.
pub mod run_store {
    use std::collections::HashMap;

    use sponson_codes::allowlist::{Allowlist, Shape};
    use tonic::Status;
    use tonic_types::{ErrorDetails, StatusExt};

    use crate::proto::Run;

    /// The store's secret, which its answers quote and no client of this
    /// service may ever see.
    pub const TOKEN: &str = "sk-live-4f9c2a7e81d3b6059e1f";

    /// The store's answer for run `run`: run 42; for run 0, `UNAVAILABLE`;
    /// for any other, `NOT_FOUND` with its own `ErrorInfo`. Both failures
    /// quote [`TOKEN`].
    pub fn lookup(run: u64) -> Result<Run, Status> {
        match run {
            42 => Ok(Run {
                run,
                plan: "deploy".into(),
                scope: "staging".into(),
            }),
            0 => Err(Status::unavailable(format!(
                "shard eu-1 is down; reconnect with {TOKEN}"
            ))),
            _ => {
                let metadata = HashMap::from([
                    ("shard".to_owned(), "eu-1".to_owned()),
                    ("token".to_owned(), TOKEN.to_owned()),
                ]);
                Err(Status::with_error_details(
                    tonic::Code::NotFound,
                    format!("no row {run} for {TOKEN}"),
                    ErrorDetails::with_error_info("ROW_MISSING", "runs.example", metadata),
                ))
            }
        }
    }

    /// What of the store's `ErrorInfo.metadata` this service passes on.
    pub fn answer() -> Allowlist {
        Allowlist::new().field("shard", Shape::String)
    }
}
