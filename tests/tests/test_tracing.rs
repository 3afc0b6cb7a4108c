//! Feature `tracing`: every coded failure the runner, the axum layer and
//! the MCP helpers report is one `tracing` event with OpenTelemetry's field
//! names, and the current span records `error.type`. Each test compares the
//! whole of what a subscriber saw (target, level, every field, typed), so a
//! renamed field, a leaked detail, a second event or a missing one fails.
//!
//! The runner's cases run the `traced` binary (`src/bin/traced.rs`), since
//! a runner prints on the process's own streams; the others run in process
//! under a subscriber of the test's own (`support/capture.rs`).

use std::future::Future;
use std::process::Command;
use std::task::{Context, Poll, Waker};

use axum::body::Body;
use axum::extract::rejection::JsonRejection;
use axum::http::Request;
use axum::response::IntoResponse;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{json, Value};
use sponson_codes::http::{self, PanicLayer, Problem};
use sponson_codes::profile::{Envelope, NOGGIN};
use sponson_codes::{mcp, telemetry, Error, ErrorCodes, Mode, Outcome, Output, Runner};

#[path = "support/capture.rs"]
mod capture;

use capture::Capture;

#[derive(Debug, Clone, Copy, PartialEq, Eq, ErrorCodes)]
enum Code {
    #[code(
        exit = 3,
        doc = "Another run holds the lock.",
        hint = "Pass --wait.",
        http = 409
    )]
    LockHeld,
    #[code(exit = 2, doc = "The request is not valid.", usage)]
    Usage,
    #[code(exit = 2, doc = "No route has this path.", http = 404)]
    RouteNotFound,
    #[code(exit = 1, doc = "The plan server is down.", http = 503)]
    UpstreamDown,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

/// The runner's message for a panic, and the HTTP layer's.
const PANIC_MESSAGE: &str = "the command stopped on an unexpected internal error";
const HTTP_PANIC_MESSAGE: &str =
    "the server stopped handling the request on an unexpected internal error";

fn event(level: &str, fields: Value) -> Value {
    json!({"event": {"target": "sponson_codes", "level": level, "fields": fields}})
}

fn record(span: &str, error_type: &str) -> Value {
    json!({"record": {"span": span, "fields": {"error.type": error_type}}})
}

/// What a subscriber saw while `body` ran on this thread.
fn observe<R>(body: impl FnOnce() -> R) -> (R, Vec<Value>) {
    let capture = Capture::default();
    let value = tracing::subscriber::with_default(capture.subscriber(), body);
    (value, capture.seen())
}

fn held() -> Error<Code> {
    Error::new(Code::LockHeld, "the lock on prod is held by run 41")
        .with_detail("token", "sk-live-detail")
}

// ---- the runner, through the `traced` binary --------------------------------

struct Traced {
    exit: i32,
    stdout: String,
    /// What the subscriber saw, in order.
    seen: Vec<Value>,
    /// The rest of stderr: the command's own.
    stderr: String,
}

fn traced(args: &[&str]) -> Traced {
    let out = Command::new(env!("CARGO_BIN_EXE_traced"))
        .args(args)
        .env("RUST_BACKTRACE", "0")
        .output()
        .expect("traced runs");
    let stderr = String::from_utf8(out.stderr).unwrap();
    let (seen, own): (Vec<&str>, Vec<&str>) = stderr
        .lines()
        .partition(|line| line.starts_with("tracing "));
    let seen = seen
        .iter()
        .map(|line| serde_json::from_str(&line["tracing ".len()..]).unwrap())
        .collect();
    Traced {
        exit: out.status.code().expect("an exit code"),
        stdout: String::from_utf8(out.stdout).unwrap(),
        seen,
        stderr: own.join("\n"),
    }
}

/// The span record and the one event a process failure is.
fn process_failure(level: &str, error_type: &str, message: &str, exit: u8) -> Vec<Value> {
    vec![
        record("traced", error_type),
        event(
            level,
            json!({"error.type": error_type, "process.exit.code": exit, "message": message}),
        ),
    ]
}

#[test]
fn a_runner_failure_is_one_warn_event_with_its_code_and_exit_code() {
    for json in [true, false] {
        let args: &[&str] = if json { &["--json", "held"] } else { &["held"] };
        let run = traced(args);
        assert_eq!(run.exit, 3);
        assert_eq!(
            run.seen,
            process_failure("WARN", "LOCK_HELD", "the lock on prod is held by run 41", 3),
            "json: {json}"
        );
        // The detail is in the document, never in the event.
        assert_eq!(json, run.stdout.contains("sk-live-detail"));
        assert!(!format!("{:?}", run.seen).contains("sk-live"));
    }
}

#[test]
fn a_runner_success_is_no_event() {
    for args in [
        &["--json", "done"][..],
        &["done"],
        &["--help"],
        &["--json", "--help"],
    ] {
        let run = traced(args);
        assert_eq!(run.exit, 0, "{args:?}");
        assert_eq!(run.seen, Vec::<Value>::new(), "{args:?}");
    }
}

#[test]
fn a_panic_is_the_fallback_at_error_level_without_the_panic_text() {
    for args in [&["--json", "crash"][..], &["crash"]] {
        let run = traced(args);
        assert_eq!(run.exit, 1);
        assert_eq!(
            run.seen,
            process_failure("ERROR", "INTERNAL", PANIC_MESSAGE, 1),
            "{args:?}"
        );
        // The panic hook still tells people on stderr; the event does not.
        assert!(run.stderr.contains("sk-live-panic"), "{}", run.stderr);
        assert!(!format!("{:?}", run.seen).contains("sk-live"));
    }
}

#[test]
fn an_outcome_no_document_can_hold_is_reported_as_the_fallback_it_is_printed_as() {
    let message = "invalid details for error code LOCK_HELD: detail key `code` is reserved";
    for args in [&["--json", "clash"][..], &["clash"]] {
        let run = traced(args);
        assert_eq!(run.exit, 1);
        assert_eq!(
            run.seen,
            process_failure("ERROR", "INTERNAL", message, 1),
            "{args:?}"
        );
    }
}

#[test]
fn exit_from_main_is_reported_with_its_exit_code() {
    let run = traced(&["exit"]);
    assert_eq!(run.exit, 3);
    assert_eq!(
        run.seen,
        process_failure("WARN", "LOCK_HELD", "the lock on prod is held by run 41", 3)
    );
}

#[test]
fn a_command_line_that_does_not_parse_is_the_usage_code_in_both_modes() {
    for args in [&["--json", "--bogus"][..], &["--bogus"]] {
        let run = traced(args);
        assert_eq!(run.exit, 2);
        assert_eq!(
            run.seen,
            process_failure("WARN", "USAGE", "unexpected argument '--bogus' found", 2),
            "{args:?}"
        );
    }
}

#[test]
fn rendering_without_printing_reports_nothing() {
    let (out, seen) =
        observe(|| Runner::<Code>::new("apply", Mode::Json).render(|| Err::<(), _>(held())));
    assert_eq!(out.exit, 3);
    assert_eq!(seen, Vec::<Value>::new());
}

// ---- MCP ---------------------------------------------------------------------

#[test]
fn an_mcp_tool_error_is_one_event_with_its_code_and_no_details() {
    let (result, seen) = observe(|| mcp::tool_result("apply", &Err::<(), _>(held())));
    assert_eq!(result["isError"], true);
    assert_eq!(
        seen,
        [event(
            "WARN",
            json!({"error.type": "LOCK_HELD", "message": "the lock on prod is held by run 41"})
        )]
    );

    let (_, seen) = observe(|| mcp::tool_result::<_, Code>("apply", &Ok(json!({"changes": 2}))));
    assert_eq!(seen, Vec::<Value>::new());
}

#[test]
fn an_mcp_protocol_error_is_one_event_and_its_error_object_alone_none() {
    let (response, seen) = observe(|| mcp::error_response(json!(1), &held()));
    assert_eq!(response["error"]["data"]["code"], "LOCK_HELD");
    assert_eq!(
        seen,
        [event(
            "WARN",
            json!({"error.type": "LOCK_HELD", "message": "the lock on prod is held by run 41"})
        )]
    );

    let failed = Outcome::new("apply", &Err::<(), _>(held()));
    let (_, seen) = observe(|| mcp::jsonrpc_error(&failed));
    assert_eq!(seen, Vec::<Value>::new());
}

#[test]
fn a_runners_rendered_panic_handed_to_mcp_is_one_event_in_either_profile() {
    for profile in [&sponson_codes::profile::SPONSON, &NOGGIN] {
        let (result, seen) = observe(|| {
            let out = Runner::<Code>::new("apply", Mode::Json)
                .profile(profile)
                .render(|| -> Result<(), Error<Code>> { panic!("the token is sk-live-1") });
            mcp::tool_result_of(&out)
        });
        assert_eq!(result["isError"], true);
        assert_eq!(
            seen,
            [event(
                "ERROR",
                json!({"error.type": "INTERNAL", "message": PANIC_MESSAGE})
            )],
            "{}",
            profile.name
        );
    }
}

// ---- codes read back ---------------------------------------------------------

#[test]
fn a_code_read_back_that_no_enum_lists_is_other() {
    assert_eq!(telemetry::OTHER, "_OTHER");
    assert_eq!(telemetry::error_type::<Code>("LOCK_HELD"), "LOCK_HELD");
    assert_eq!(telemetry::error_type::<Code>("lock_held"), "_OTHER");
    let read: Envelope = serde_json::from_str(
        r#"{"ok":false,"command":"apply","error":{"code":"QUOTA_GONE","message":"no quota"}}"#,
    )
    .unwrap();
    let body = read.result.unwrap_err();
    assert_eq!(telemetry::error_type::<Code>(&body.code), "_OTHER");

    // The library's own readers: a document handed to MCP, a problem made a response.
    let newer = Output {
        stdout:
            r#"{"ok":false,"command":"apply","error":{"code":"QUOTA_GONE","message":"no quota"}}"#
                .to_owned()
                + "\n",
        exit: 1,
        ..Output::default()
    };
    let (_, seen) = observe(|| mcp::tool_result_of(&newer));
    assert_eq!(
        seen,
        [event(
            "ERROR",
            json!({"error.type": "_OTHER", "message": "no quota"})
        )]
    );

    let problem = Problem {
        status: 422,
        body: r#"{"type":"about:blank","title":"Unprocessable Content","status":422,"detail":"no quota","code":"QUOTA_GONE"}"#
            .to_owned(),
    };
    let (_, seen) = observe(|| problem.into_response());
    assert_eq!(
        seen,
        [event(
            "WARN",
            json!({"error.type": "_OTHER", "http.response.status_code": 422, "message": "no quota"})
        )]
    );
}

// ---- axum --------------------------------------------------------------------

async fn start_run(
    request: Result<Json<Value>, JsonRejection>,
) -> Result<&'static str, Error<Code>> {
    let Json(_) = request?;
    Err(held())
}

fn app() -> Router {
    Router::new()
        .route("/runs", post(start_run))
        .route("/plans", get(|| async { "[]" }))
        .route(
            "/upstream",
            get(|| async { Error::new(Code::UpstreamDown, "the plan server did not answer") }),
        )
        .route(
            "/panic",
            get(|| async {
                panic!("the database password is hunter2");
                #[allow(unreachable_code)]
                ""
            }),
        )
        .fallback(http::not_found(Code::RouteNotFound))
        .layer(PanicLayer::<Code>::new())
}

/// The status `app` answers `method path` with `body`; the handlers never
/// wait, so the first poll completes.
fn call(method: &str, path: &str, body: &'static str) -> u16 {
    call_app(app(), method, path, body)
}

fn call_app(mut app: Router, method: &str, path: &str, body: &'static str) -> u16 {
    use tower_service::Service as _;
    let request = Request::builder()
        .method(method)
        .uri(path)
        .header("content-type", "application/json")
        .body(Body::from(body))
        .unwrap();
    let future = core::pin::pin!(app.call(request));
    match future.poll(&mut Context::from_waker(Waker::noop())) {
        Poll::Ready(response) => response.unwrap().status().as_u16(),
        Poll::Pending => panic!("the handlers never wait"),
    }
}

fn http_event(level: &str, error_type: &str, status: u16, message: &str) -> Value {
    event(
        level,
        json!({"error.type": error_type, "http.response.status_code": status, "message": message}),
    )
}

#[test]
fn an_axum_problem_is_one_event_with_its_status_code() {
    let (status, seen) = observe(|| call("POST", "/runs", "{}"));
    assert_eq!(status, 409);
    assert_eq!(
        seen,
        [http_event(
            "WARN",
            "LOCK_HELD",
            409,
            "the lock on prod is held by run 41"
        )]
    );

    // A rejection `?`-ed in the handler: the usage code.
    let (status, seen) = observe(|| call("POST", "/runs", "{"));
    assert_eq!(status, 400);
    let [only] = &seen[..] else {
        panic!("{seen:?}")
    };
    let fields = &only["event"]["fields"];
    assert_eq!(
        (&fields["error.type"], &fields["http.response.status_code"]),
        (&json!("USAGE"), &json!(400))
    );
    assert_eq!(only["event"]["level"], "WARN");

    // A 5xx is an error, whatever the code.
    let (status, seen) = observe(|| call("GET", "/upstream", ""));
    assert_eq!(status, 503);
    assert_eq!(
        seen,
        [http_event(
            "ERROR",
            "UPSTREAM_DOWN",
            503,
            "the plan server did not answer"
        )]
    );

    let (status, seen) = observe(|| call("GET", "/nowhere", ""));
    assert_eq!(status, 404);
    assert_eq!(
        seen,
        [http_event(
            "WARN",
            "ROUTE_NOT_FOUND",
            404,
            "no route answers this path; check the URL against the API's routes"
        )]
    );

    let (status, seen) = observe(|| call("GET", "/plans", ""));
    assert_eq!(status, 200);
    assert_eq!(seen, Vec::<Value>::new());
}

#[test]
fn a_problem_no_document_can_hold_is_reported_as_the_fallback_it_is_sent_as() {
    let clash = Error::new(Code::LockHeld, "held").with_detail("status", &200);
    let (response, seen) = observe(|| clash.into_response());
    assert_eq!(response.status(), 500);
    let [only] = &seen[..] else {
        panic!("{seen:?}")
    };
    let fields = &only["event"]["fields"];
    assert_eq!(
        (
            &only["event"]["level"],
            &fields["error.type"],
            &fields["http.response.status_code"]
        ),
        (&json!("ERROR"), &json!("INTERNAL"), &json!(500))
    );
    assert!(
        fields["message"]
            .as_str()
            .unwrap()
            .starts_with("invalid details for error code LOCK_HELD"),
        "{only}"
    );
}

#[test]
fn a_panicking_handler_is_the_fallback_at_error_level_without_the_panic_text() {
    let (status, seen) = observe(|| call("GET", "/panic", ""));
    assert_eq!(status, 500);
    assert_eq!(
        seen,
        [http_event("ERROR", "INTERNAL", 500, HTTP_PANIC_MESSAGE)]
    );
}

#[test]
fn a_code_outside_a_routes_set_is_one_event_the_fallbacks_in_debug_builds() {
    #[derive(Debug, ErrorCodes)]
    #[codes(routes("POST /runs" = [LockHeld], "POST /plans" = [LockHeld]))]
    enum Routed {
        #[code(exit = 3, doc = "Another run holds the lock.", http = 409)]
        LockHeld,
        #[code(exit = 2, doc = "No such plan.", http = 404)]
        PlanNotFound,
        #[code(exit = 1, doc = "An unexpected error.", fallback)]
        Internal,
    }
    async fn start() -> Result<(), Error<Routed>> {
        Err(Error::new(Routed::PlanNotFound, "no plan `x`"))
    }
    async fn plan() -> Result<(), Error<Routed>> {
        Err(Error::new(Routed::LockHeld, "held"))
    }
    let _ = Routed::Internal;
    let app = || {
        Router::new()
            .route("/runs", post(start))
            .route("/plans", post(plan))
            .route_layer(axum::middleware::from_fn(http::check_route_sets::<Routed>))
    };
    let levels_and_codes = |seen: &[Value]| -> Vec<(Value, Value)> {
        seen.iter()
            .map(|seen| {
                (
                    seen["event"]["level"].clone(),
                    seen["event"]["fields"]["error.type"].clone(),
                )
            })
            .collect()
    };
    let (status, seen) = observe(|| call_app(app(), "POST", "/runs", ""));
    if cfg!(debug_assertions) {
        assert_eq!(status, 500);
        assert_eq!(
            levels_and_codes(&seen),
            [(json!("ERROR"), json!("INTERNAL"))],
            "one failure, one event: the fallback the client receives"
        );
        assert!(
            seen[0]["event"]["fields"]["message"]
                .as_str()
                .unwrap()
                .contains("route `POST /runs` returned `PLAN_NOT_FOUND`"),
            "{seen:?}"
        );
    } else {
        assert_eq!(status, 404);
        assert_eq!(
            levels_and_codes(&seen),
            [(json!("WARN"), json!("PLAN_NOT_FOUND"))]
        );
    }

    // A code the set lists is its own one event, as without the layer.
    let (status, seen) = observe(|| call_app(app(), "POST", "/plans", ""));
    assert_eq!(status, 409);
    assert_eq!(seen, [http_event("WARN", "LOCK_HELD", 409, "held")]);
}

// ---- the current span --------------------------------------------------------

#[test]
fn the_current_span_records_error_type_when_it_declares_it() {
    let (_, seen) = observe(|| {
        let span = tracing::info_span!("request", "error.type" = tracing::field::Empty);
        let _entered = span.enter();
        call("POST", "/runs", "{}")
    });
    assert_eq!(
        seen,
        [
            record("request", "LOCK_HELD"),
            http_event(
                "WARN",
                "LOCK_HELD",
                409,
                "the lock on prod is held by run 41"
            )
        ]
    );

    let (_, seen) = observe(|| {
        let span = tracing::info_span!("tool", "error.type" = tracing::field::Empty);
        span.in_scope(|| mcp::tool_result("apply", &Err::<(), _>(Error::plain(Code::Usage))))
    });
    assert_eq!(seen[0], record("tool", "USAGE"));
    assert_eq!(seen.len(), 2);

    // A span that does not declare the field is left as it is; the event stays.
    let (_, seen) = observe(|| {
        let span = tracing::info_span!("tool", other = 1);
        span.in_scope(|| mcp::tool_result("apply", &Err::<(), _>(held())))
    });
    assert_eq!(
        seen,
        [event(
            "WARN",
            json!({"error.type": "LOCK_HELD", "message": "the lock on prod is held by run 41"})
        )]
    );
}

#[test]
fn the_message_is_one_line_with_control_characters_escaped() {
    let forged = Error::new(Code::LockHeld, "held\nsponson_codes: forged\u{1b}[2J");
    let (_, seen) = observe(|| mcp::tool_result("apply", &Err::<(), _>(forged)));
    assert_eq!(
        seen,
        [event(
            "WARN",
            json!({"error.type": "LOCK_HELD", "message": "held\\nsponson_codes: forged\\u{1b}[2J"})
        )]
    );
}
