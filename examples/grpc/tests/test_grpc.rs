//! The example service on 127.0.0.1, called with tonic's client over real
//! HTTP/2: the status, the message and the `google.rpc` details on every
//! path, read raw and through the library's reader.

use std::collections::HashMap;
use std::time::Duration;

use grpc_example::client::{start, PlansClient};
use grpc_example::proto::Empty;
use grpc_example::run_store::TOKEN;
use grpc_example::Code;
use serde_json::json;
use sponson_codes::grpc::CodedStatus;
use sponson_codes::Details;
use tonic::{Code as Grpc, Status};
use tonic_types::StatusExt;

/// The fixed message a panic becomes; the panic text never reaches the client.
const PANIC_MESSAGE: &str =
    "the server stopped handling the request on an unexpected internal error";

/// What the client received, checked the same way on every path: the
/// status carries one `ErrorInfo` in the service's domain whose reason
/// is a listed code, sent with that code's status and `Help` link.
fn received(status: &Status) -> CodedStatus {
    let details = status.check_error_details().expect("details that decode");
    let info = details.error_info().expect("an ErrorInfo on every path");
    assert_eq!(info.domain, "plans.example", "{status:?}");
    let read: CodedStatus = CodedStatus::from_status(status).unwrap();
    assert!(read.is_known::<Code>(), "{status:?}");
    let code = read.kind::<Code>();
    assert_eq!(
        Some(read.status),
        code.info().grpc.map(grpc_named),
        "{status:?}"
    );
    assert_eq!(
        read.url,
        Some(format!("https://plans.example/errors#{}", read.code))
    );
    read
}

fn grpc_named(name: &str) -> Grpc {
    let codes = [
        ("INVALID_ARGUMENT", Grpc::InvalidArgument),
        ("NOT_FOUND", Grpc::NotFound),
        ("UNIMPLEMENTED", Grpc::Unimplemented),
        ("ABORTED", Grpc::Aborted),
        ("FAILED_PRECONDITION", Grpc::FailedPrecondition),
        ("INTERNAL", Grpc::Internal),
    ];
    codes.iter().find(|(n, _)| *n == name).expect(name).1
}

/// The metadata of the status's `ErrorInfo`, as sent.
fn metadata(status: &Status) -> HashMap<String, String> {
    status
        .get_details_error_info()
        .expect("an ErrorInfo")
        .metadata
}

fn strings(pairs: &[(&str, &str)]) -> HashMap<String, String> {
    pairs
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect()
}

/// Everything a client can see of a status: message, encoded details,
/// the response's metadata, and tonic's own `Debug` of it.
fn everything(status: &Status) -> String {
    format!(
        "{} {} {:?} {:?}",
        status.message(),
        String::from_utf8_lossy(status.details()),
        status.metadata(),
        status
    )
}

#[tokio::test]
async fn every_method_answers_its_reply_or_its_codes_status() {
    let (_, mut client) = start().await.unwrap();

    let plan = client.show_plan("deploy").await.unwrap();
    assert_eq!(plan.steps, ["build", "migrate-db", "restart"]);

    let missing = client.show_plan("nope").await.unwrap_err();
    assert_eq!(
        (missing.code(), missing.message()),
        (Grpc::NotFound, "no plan is named `nope`")
    );
    let read = received(&missing);
    assert_eq!(read.kind::<Code>(), Code::PlanNotFound);
    assert_eq!(metadata(&missing), strings(&[("plan", "nope")]));
    assert_eq!(
        (read.hint, read.retryable, read.retry_delay),
        (None, None, None)
    );

    let unnamed = client.show_plan("").await.unwrap_err();
    assert_eq!(unnamed.code(), Grpc::InvalidArgument);
    assert_eq!(received(&unnamed).kind::<Code>(), Code::BadRequest);
    assert_eq!(
        metadata(&unnamed),
        strings(&[
            ("hint", "Send the fields the API documents."),
            ("field", "name")
        ])
    );

    let run = client.start_run("deploy", "staging").await.unwrap();
    assert_eq!((run.run, run.scope.as_str()), (42, "staging"));
    let no_plan = client.start_run("nope", "staging").await.unwrap_err();
    assert_eq!(received(&no_plan).kind::<Code>(), Code::PlanNotFound);

    let found = client.show_run(42).await.unwrap();
    assert_eq!(found.plan, "deploy");
}

#[tokio::test]
async fn a_held_lock_is_retryable_with_its_retry_info() {
    let (_, mut client) = start().await.unwrap();
    let held = client.start_run("deploy", "prod").await.unwrap_err();
    assert_eq!(
        (held.code(), held.message()),
        (Grpc::Aborted, "the lock on prod is held by run 41")
    );
    assert_eq!(
        held.get_details_retry_info().unwrap().retry_delay,
        Some(Duration::from_secs(30))
    );
    assert_eq!(
        metadata(&held),
        strings(&[
            ("hint", "Wait for it, or pass --wait."),
            ("retryable", "true"),
            ("holder", "run 41"),
            ("scope", "prod"),
            ("retry_after", "30"),
        ])
    );
    let help = held.get_details_help().unwrap();
    assert_eq!(help.links.len(), 1);
    assert_eq!(help.links[0].url, "https://plans.example/errors#LOCK_HELD");

    let read = received(&held);
    assert_eq!(read.kind::<Code>(), Code::LockHeld);
    assert_eq!(read.hint.as_deref(), Some("Wait for it, or pass --wait."));
    assert_eq!(
        (read.retryable, read.retry_delay),
        (Some(true), Some(Duration::from_secs(30)))
    );
    assert_eq!(
        serde_json::Value::Object(read.details.as_map().clone()),
        json!({"holder": "run 41", "scope": "prod", "retry_after": "30"})
    );
}

#[tokio::test]
async fn the_upstream_canary_never_passes_the_allowlist() {
    let (_, mut client) = start().await.unwrap();

    // The plan server's JSON body, through the allowlist: a JSON detail is
    // its JSON text in the metadata.
    let rejected = client.validate("deploy").await.unwrap_err();
    assert_eq!(rejected.code(), Grpc::FailedPrecondition);
    let read = received(&rejected);
    assert_eq!(read.kind::<Code>(), Code::ServerRejected);
    assert_eq!(read.retryable, Some(false));
    let response: serde_json::Value =
        serde_json::from_str(read.details.get("response").unwrap().as_str().unwrap()).unwrap();
    assert_eq!(response["status"], 422);
    assert_eq!(
        response["diagnostics"][0],
        json!({"code": "unknown_step", "location": {"source_pointer": "/steps/1"}, "message": "step `migrate-db` is not defined", "severity": "error"})
    );

    // The run store's NOT_FOUND, message and ErrorInfo of its own: only the
    // one field the allowlist names is passed on, under this service's code.
    let no_run = client.show_run(7).await.unwrap_err();
    assert_eq!(
        (no_run.code(), no_run.message()),
        (Grpc::NotFound, "no run has the number 7")
    );
    assert_eq!(received(&no_run).kind::<Code>(), Code::RunNotFound);
    assert_eq!(metadata(&no_run), strings(&[("shard", "eu-1")]));

    // Any other failure of the store: the fallback, naming only its status.
    let down = client.show_run(0).await.unwrap_err();
    assert_eq!(
        (down.code(), down.message()),
        (Grpc::Internal, "a gRPC call failed with status UNAVAILABLE")
    );
    assert_eq!(received(&down).kind::<Code>(), Code::Internal);
    assert!(metadata(&down).is_empty());

    for status in [&rejected, &no_run, &down] {
        let seen = everything(status);
        for leak in [
            TOKEN,
            "sk-live",
            "api_token",
            "IGNORE PREVIOUS",
            "evil",
            "ROW_MISSING",
            "runs.example",
        ] {
            assert!(!seen.contains(leak), "{leak} leaked: {seen}");
        }
    }
}

#[tokio::test]
async fn a_panicking_handler_is_the_fallbacks_status_without_its_message() {
    let (_, mut client) = start().await.unwrap();
    let panicked = client.panic().await.unwrap_err();
    assert_eq!(
        (panicked.code(), panicked.message()),
        (Grpc::Internal, PANIC_MESSAGE)
    );
    let read = received(&panicked);
    assert_eq!(read.kind::<Code>(), Code::Internal);
    assert!(metadata(&panicked).is_empty());
    assert!(!everything(&panicked).contains("hunter2"));
    // The service, and the same connection, still answer.
    assert!(client.show_plan("deploy").await.is_ok());
}

#[tokio::test]
async fn a_method_or_service_the_server_lacks_is_a_coded_status_too() {
    let (_, mut client) = start().await.unwrap();
    for path in [
        "/plans.v1.Plans/DeletePlan",
        "/plans.v1.Other/ShowPlan",
        "/grpc.health.v1.Health/Check",
    ] {
        let status = client
            .call::<Empty, Empty>(path, Empty {})
            .await
            .unwrap_err();
        assert_eq!(
            (status.code(), status.message()),
            (
                Grpc::Unimplemented,
                "the service plans.v1.Plans has no such method"
            ),
            "{path}"
        );
        let read = received(&status);
        assert_eq!(read.kind::<Code>(), Code::MethodNotFound, "{path}");
        assert_eq!(
            read.hint.as_deref(),
            Some("Check the method against proto/plans.proto.")
        );
    }
}

/// What a client built against an older release of the codes lists: no
/// `LOCK_HELD` yet, the same domain.
mod older {
    use sponson_codes::ErrorCodes;

    #[derive(Debug, Clone, Copy, PartialEq, Eq, ErrorCodes)]
    #[codes(grpc_domain = "plans.example")]
    pub enum Code {
        #[code(exit = 2, doc = "No plan has this name.", http = 404)]
        PlanNotFound,
        #[code(exit = 1, doc = "An unexpected error.", fallback)]
        Internal,
    }
}

#[tokio::test]
async fn a_code_the_client_does_not_list_keeps_its_string_and_reads_as_the_fallback() {
    let (addr, _) = start().await.unwrap();
    let mut client = PlansClient::connect(addr).await.unwrap();

    let held = client.start_run("deploy", "prod").await.unwrap_err();
    let read: CodedStatus<Details> = CodedStatus::from_status(&held).unwrap();
    assert_eq!(read.code, "LOCK_HELD");
    assert!(!read.is_known::<older::Code>());
    assert_eq!(read.kind::<older::Code>(), older::Code::Internal);
    assert_eq!(read.info::<older::Code>().code, "INTERNAL");
    // What every client can still act on without knowing the code.
    assert_eq!(
        (read.status, read.retryable, read.retry_delay),
        (Grpc::Aborted, Some(true), Some(Duration::from_secs(30)))
    );

    // A code it does list reads as itself.
    let missing = client.show_plan("nope").await.unwrap_err();
    let read: CodedStatus = CodedStatus::from_status(&missing).unwrap();
    assert_eq!(read.kind::<older::Code>(), older::Code::PlanNotFound);
}
