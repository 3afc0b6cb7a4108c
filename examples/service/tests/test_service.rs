//! The example service on 127.0.0.1, called with a real HTTP client: status,
//! content type and body on every path.

use serde_json::{json, Value};
use service_example::client::{Reply, Running};
use service_example::{Code, LOCK_HELD_BODY};
use sponson_codes::profile::ErrorBody;

const PROBLEM: &str = "application/problem+json";

/// The fixed message a panic becomes; the panic text itself never reaches the client.
const PANIC_MESSAGE: &str =
    "the server stopped handling the request on an unexpected internal error";

fn problem(reply: &Reply) -> Value {
    assert_eq!(reply.content_type, PROBLEM, "{reply:?}");
    let body: Value = serde_json::from_str(&reply.body).unwrap();
    assert_eq!(body["status"], reply.status, "{reply:?}");
    // Every problem reads back as the error body of a listed code.
    let read: ErrorBody = ErrorBody::from_problem_json(&reply.body).unwrap();
    assert!(read.is_known::<Code>(), "{reply:?}");
    body
}

#[tokio::test]
async fn every_path_answers_with_its_status_type_and_body() {
    let service = Running::start().await.unwrap();

    let found = service.call("GET", "/plans/deploy", None).await;
    assert_eq!(
        (found.status, found.content_type.as_str()),
        (200, "application/json")
    );
    assert_eq!(
        found.body,
        r#"{"name":"deploy","steps":["build","migrate-db","restart"]}"#
    );

    let missing = service.call("GET", "/plans/nope", None).await;
    assert_eq!(missing.status, 404);
    assert_eq!(
        problem(&missing),
        json!({
            "type": "https://plans.example/errors#PLAN_NOT_FOUND",
            "title": "No plan has this name.",
            "status": 404,
            "detail": "no plan is named `nope`",
            "code": "PLAN_NOT_FOUND",
            "plan": "nope"
        })
    );

    let started = service
        .call(
            "POST",
            "/runs",
            Some(r#"{"plan":"deploy","scope":"staging"}"#),
        )
        .await;
    assert_eq!(
        (started.status, started.content_type.as_str()),
        (201, "application/json")
    );
    assert_eq!(
        started.body,
        r#"{"plan":"deploy","run":42,"scope":"staging"}"#
    );

    let held = service
        .call("POST", "/runs", Some(r#"{"plan":"deploy","scope":"prod"}"#))
        .await;
    assert_eq!((held.status, held.content_type.as_str()), (409, PROBLEM));
    assert_eq!(held.body, LOCK_HELD_BODY);
    let body = problem(&held);
    // A held lock is worth retrying, after the delay the error gave.
    assert_eq!(body["retryable"], true);
    assert_eq!(body["retry_after"], 30);
    assert_eq!(held.retry_after, "30");
    // A rejection is not; and only an error with a delay has the header.
    let rejected = service.call("POST", "/validate", Some("{}")).await;
    assert_eq!(problem(&rejected)["retryable"], false);
    assert_eq!(rejected.retry_after, "");
}

/// In debug builds, a route returning a code its declared set does not list
/// answers the fallback problem, naming the route and the code.
#[tokio::test]
#[cfg(debug_assertions)]
async fn a_code_outside_a_routes_set_is_caught() {
    use axum::routing::post;
    use sponson_codes::{http, Error};
    async fn plan_missing() -> Result<(), Error<Code>> {
        Err(Error::new(Code::PlanNotFound, "no plan is named `x`"))
    }
    async fn held() -> Result<(), Error<Code>> {
        Err(service_example::lock_held())
    }
    // `POST /runs` declares only LOCK_HELD.
    let app = axum::Router::new()
        .route("/runs", post(plan_missing))
        .route("/plans/{name}", post(held))
        .route_layer(axum::middleware::from_fn(http::check_route_sets::<Code>));
    let service = Running::start_app(app).await.unwrap();
    let caught = service.call("POST", "/runs", None).await;
    assert_eq!(caught.status, 500);
    let body = problem(&caught);
    assert_eq!(body["code"], "INTERNAL");
    let detail = body["detail"].as_str().unwrap();
    assert!(
        detail.contains("route `POST /runs` returned `PLAN_NOT_FOUND`"),
        "{detail}"
    );
    // A route without a declared set may return any code.
    let free = service.call("POST", "/plans/deploy", None).await;
    assert_eq!(problem(&free)["code"], "LOCK_HELD");
}

#[tokio::test]
async fn rejected_requests_are_the_usage_code() {
    let service = Running::start().await.unwrap();
    for body in [r#"{"plan":"deploy""#, r#"{"plan":"deploy"}"#, "[]"] {
        let reply = service.call("POST", "/runs", Some(body)).await;
        assert_eq!(reply.status, 400, "{body}: {reply:?}");
        let problem = problem(&reply);
        assert_eq!(problem["code"], "BAD_REQUEST");
        assert_eq!(problem["type"], "https://plans.example/errors#BAD_REQUEST");
        assert_eq!(problem["hint"], "Send the JSON body the API documents.");
        assert!(problem["detail"].as_str().unwrap().len() > 10, "{problem}");
    }
    // No JSON content type: axum's rejection, still the usage code.
    let reply = service.call("POST", "/runs", None).await;
    assert_eq!(reply.status, 400);
    assert_eq!(problem(&reply)["code"], "BAD_REQUEST");
}

#[tokio::test]
async fn an_unknown_path_and_an_unknown_method_are_problems_too() {
    let service = Running::start().await.unwrap();
    for path in ["/nope", "/plans", "/plans/deploy/steps", "/runs/"] {
        let reply = service.call("GET", path, None).await;
        assert_eq!((reply.status, reply.allow.as_str()), (404, ""), "{path}");
        assert_eq!(
            problem(&reply),
            json!({
                "type": "https://plans.example/errors#ROUTE_NOT_FOUND",
                "title": "No route of the API has this path.",
                "status": 404,
                "detail": "no route answers this path; check the URL against the API's routes",
                "code": "ROUTE_NOT_FOUND",
                "hint": "Check the URL against the API's routes."
            }),
            "{path}"
        );
    }
    // The `Allow` header axum computes for the path is kept (RFC 9110).
    for (method, path, allow) in [
        ("POST", "/plans/deploy", "GET,HEAD"),
        ("DELETE", "/runs", "POST"),
        ("PUT", "/validate", "POST"),
    ] {
        let reply = service.call(method, path, None).await;
        assert_eq!(
            (reply.status, reply.allow.as_str()),
            (405, allow),
            "{method} {path}"
        );
        let body = problem(&reply);
        assert_eq!(body["code"], "METHOD_NOT_ALLOWED");
        assert_eq!(
            body["detail"],
            format!(
                "this path does not answer the method {method}; use one the Allow header lists"
            )
        );
    }
    // HEAD gets the status and headers, without a body.
    let head = service.call("HEAD", "/nope", None).await;
    assert_eq!((head.status, head.body.as_str()), (404, ""));
    assert_eq!(head.content_type, PROBLEM);
}

#[tokio::test]
async fn a_panicking_handler_is_the_fallback_problem_without_its_message() {
    let service = Running::start().await.unwrap();
    let reply = service.call("GET", "/panic", None).await;
    assert_eq!(reply.status, 500);
    assert_eq!(
        problem(&reply),
        json!({
            "type": "https://plans.example/errors#INTERNAL",
            "title": "An unexpected error.",
            "status": 500,
            "detail": PANIC_MESSAGE,
            "code": "INTERNAL"
        })
    );
    assert!(!reply.body.contains("hunter2"));
    // The service still answers.
    assert_eq!(service.call("GET", "/plans/deploy", None).await.status, 200);
}

#[tokio::test]
async fn the_upstream_canary_never_passes_the_allowlist() {
    let service = Running::start().await.unwrap();
    let reply = service.call("POST", "/validate", None).await;
    assert_eq!(reply.status, 502);
    let body = problem(&reply);
    assert_eq!(body["code"], "SERVER_REJECTED");
    assert_eq!(body["response"]["status"], 422);
    assert_eq!(
        body["response"]["diagnostics"][0],
        json!({"code": "unknown_step", "location": {"source_pointer": "/steps/1"}, "message": "step `migrate-db` is not defined", "severity": "error"})
    );
    for leak in ["IGNORE PREVIOUS", "sk-live", "api_token", "evil", "debug"] {
        assert!(!reply.body.contains(leak), "{leak} leaked: {}", reply.body);
    }
    // The upstream's own `type` and `title` were not copied over ours.
    assert_eq!(body["type"], "https://plans.example/errors#SERVER_REJECTED");
}

#[tokio::test]
async fn the_coded_and_the_hand_built_benchmark_routes_answer_the_same() {
    let service = Running::start().await.unwrap();
    let coded = service.call("GET", "/bench/coded", None).await;
    let manual = service.call("GET", "/bench/manual", None).await;
    assert_eq!(coded, manual);
    assert_eq!(coded.status, 409);
}
