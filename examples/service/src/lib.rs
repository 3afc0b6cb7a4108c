//! A small web service whose failures are the codes of one annotated enum,
//! answered as RFC 9457 problem details. Each request runs in a span that
//! declares `error.type`; with the runtime's feature `tracing`, every
//! problem it answers is a `tracing` event carrying the code as
//! `error.type` and the status as `http.response.status_code`, and the
//! request's span records the code too. `GET /openapi.json` serves the
//! API's OpenAPI document ([`ApiDoc`]), where each route's declared codes
//! are its problem responses.

pub mod client;

use axum::extract::rejection::{JsonRejection, PathRejection};
use axum::extract::{Path, Request};
use axum::http::{header, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use sponson_codes::{
    allowlist::{Allowlist, Shape},
    http::{self, openapi::Problems, PanicLayer},
    Error, ErrorCodes,
};
use utoipa::{OpenApi, ToSchema};

/// Failures of the plan service.
///
/// Each code has a number, the `code` of its JSON-RPC errors: JSON-RPC's
/// own standard errors for the request that is not valid (invalid params),
/// the route that does not exist (method not found) and the fallback
/// (internal error), and numbers of the service's own for the rest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, ErrorCodes)]
#[codes(
    exits(1 = "failure", 2 = "refused before running", 3 = "the lock is held"),
    url = "https://plans.example/errors#{code}",
    routes(
        "GET /plans/{name}" = [PlanNotFound],
        "POST /runs" = [LockHeld],
        "POST /validate" = [ServerRejected],
    ),
)]
#[non_exhaustive]
pub enum Code {
    #[code(
        exit = 2,
        doc = "The request is not valid.",
        hint = "Send the JSON body the API documents.",
        usage,
        number = -32602
    )]
    BadRequest,
    #[code(exit = 2, doc = "No plan has this name.", http = 404, number = 1001)]
    PlanNotFound,
    #[code(
        exit = 2,
        doc = "No route of the API has this path.",
        hint = "Check the URL against the API's routes.",
        http = 404,
        number = -32601
    )]
    RouteNotFound,
    #[code(
        exit = 2,
        doc = "The route does not take this method.",
        hint = "Use one of the methods the Allow header lists.",
        http = 405,
        number = 1002
    )]
    MethodNotAllowed,
    #[code(
        exit = 3,
        doc = "Another run holds the scope's lock.",
        hint = "Wait for it, or pass --wait.",
        http = 409,
        retryable = true,
        number = 1003
    )]
    LockHeld,
    #[code(
        exit = 1,
        doc = "The plan server rejected the plan.",
        http = 502,
        retryable = false,
        number = 1004
    )]
    ServerRejected,
    #[code(exit = 1, doc = "An unexpected error.", fallback, number = -32603)]
    Internal,
}

/// A plan.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct Plan {
    /// Its name.
    pub name: String,
    /// Its steps, in order.
    pub steps: Vec<String>,
}

/// What `POST /runs` takes.
#[derive(Debug, Deserialize, ToSchema)]
pub struct RunRequest {
    /// The plan to run.
    pub plan: String,
    /// Where to run it.
    pub scope: String,
}

/// The error `POST /runs` answers for the `prod` scope, the example's
/// one lock conflict; also what `GET /bench/coded` returns.
pub fn lock_held() -> Error<Code> {
    Error::new(Code::LockHeld, "the lock on prod is held by run 41")
        .with_detail("scope", "prod")
        .with_detail("holder", "run 41")
        .with_retry_after(std::time::Duration::from_secs(30))
}

/// The body of [`lock_held`]'s problem, written out by hand: what a service
/// without this library would send, for the benchmark.
pub const LOCK_HELD_BODY: &str = r#"{"type":"https://plans.example/errors#LOCK_HELD","title":"Another run holds the scope's lock.","status":409,"detail":"the lock on prod is held by run 41","code":"LOCK_HELD","hint":"Wait for it, or pass --wait.","retryable":true,"holder":"run 41","retry_after":30,"scope":"prod"}"#;

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

/// The plan server's answer to a validation, as the service received it.
pub const UPSTREAM_REJECTION: &str = include_str!("../fixtures/upstream-rejection.json");

/// The OpenAPI document of the service's routes: the success responses
/// written on each handler, and the problem responses of the codes its
/// route declares in `#[codes(routes(...))]`, added by `Problems`.
#[derive(OpenApi)]
#[openapi(
    info(title = "plan service", description = "Plans and their runs."),
    paths(show_plan, start_run, validate),
    modifiers(&PROBLEMS),
)]
pub struct ApiDoc;

// utoipa's `modifiers` takes `&NAME`: the modifier is a const.
const PROBLEMS: Problems<Code> = Problems::new();

/// The service's routes; a path no route has, a method a route does not
/// take and a panicking handler are problems too.
pub fn app() -> Router {
    Router::new()
        .route("/plans/{name}", get(show_plan))
        .route("/runs", post(start_run))
        .route("/validate", post(validate))
        .route("/openapi.json", get(openapi))
        .route("/panic", get(panics))
        .route("/bench/coded", get(bench_coded))
        .route("/bench/manual", get(bench_manual))
        // After the routes: axum gives the 405 fallback to those registered so far.
        .fallback(http::not_found(Code::RouteNotFound))
        .method_not_allowed_fallback(http::method_not_allowed(Code::MethodNotAllowed))
        // Debug builds catch a route returning a code its set does not list.
        .route_layer(axum::middleware::from_fn(http::check_route_sets::<Code>))
        .layer(PanicLayer::<Code>::new())
        // Outermost, so the panic layer's problem is answered inside the span.
        .layer(middleware::from_fn(in_request_span))
}

/// Runs the request in a span named `request` that declares `error.type`
/// (quoted: `type` is a keyword), which a problem response records; a
/// `tracing-opentelemetry` layer makes it the span's attribute.
async fn in_request_span(request: Request, next: Next) -> Response {
    use tracing::Instrument as _;
    let span = tracing::info_span!(
        "request",
        "http.request.method" = %request.method(),
        "url.path" = request.uri().path(),
        "error.type" = tracing::field::Empty,
    );
    next.run(request).instrument(span).await
}

/// Shows a plan.
#[utoipa::path(
    get,
    path = "/plans/{name}",
    params(("name" = String, Path, description = "The plan's name.")),
    responses((status = 200, description = "The plan.", body = Plan)),
)]
async fn show_plan(name: Result<Path<String>, PathRejection>) -> Result<Json<Plan>, Error<Code>> {
    let Path(name) = name?;
    if name != "deploy" {
        return Err(
            Error::new(Code::PlanNotFound, format!("no plan is named `{name}`"))
                .with_detail("plan", &name),
        );
    }
    Ok(Json(Plan {
        name,
        steps: vec!["build".into(), "migrate-db".into(), "restart".into()],
    }))
}

/// Starts a run of a plan in a scope.
#[utoipa::path(
    post,
    path = "/runs",
    request_body = RunRequest,
    responses((
        status = 201,
        description = "The run started: its number, plan and scope.",
        body = serde_json::Value,
    )),
)]
async fn start_run(
    request: Result<Json<RunRequest>, JsonRejection>,
) -> Result<(StatusCode, Json<Value>), Error<Code>> {
    let Json(request) = request?;
    if request.scope == "prod" {
        return Err(lock_held());
    }
    Ok((
        StatusCode::CREATED,
        Json(serde_json::json!({"run": 42, "plan": request.plan, "scope": request.scope})),
    ))
}

/// Forwards the plan to the plan server (here: its recorded answer) and
/// passes on only the allowlisted part of the rejection.
#[utoipa::path(
    post,
    path = "/validate",
    responses((
        status = 200,
        description = "The plan server accepted the plan.",
        body = serde_json::Value,
    )),
)]
async fn validate() -> Result<Json<Value>, Error<Code>> {
    let projected: Map<String, Value> = rejection()
        .project_str(UPSTREAM_REJECTION)
        .map_err(|_| Error::new(Code::ServerRejected, "the plan server's answer is not JSON"))?;
    Err(
        Error::new(Code::ServerRejected, "the plan server rejected the plan")
            .with_detail("response", &projected),
    )
}

async fn openapi() -> Json<utoipa::openapi::OpenApi> {
    Json(ApiDoc::openapi())
}

async fn panics() -> &'static str {
    panic!("the database password is hunter2");
}

async fn bench_coded() -> Error<Code> {
    lock_held()
}

async fn bench_manual() -> Response {
    (
        StatusCode::CONFLICT,
        [
            (header::CONTENT_TYPE, "application/problem+json"),
            (header::RETRY_AFTER, "30"),
        ],
        LOCK_HELD_BODY,
    )
        .into_response()
}

/// Serves [`app`] on `listener` until the process ends.
pub async fn serve(listener: tokio::net::TcpListener) -> std::io::Result<()> {
    axum::serve(listener, app()).await
}
