//! The conversions without a network: what a status holds, what a client
//! reads back, and the panic layer around plain tower services. The same
//! paths over real gRPC on 127.0.0.1 are `examples/grpc/tests`.

use core::future::{ready, Future};
use core::pin::pin;
use core::task::{Context, Poll, Waker};
use core::time::Duration;
use std::collections::HashMap;

use serde_json::json;
use tonic::{Code as Grpc, Status};
use tonic_types::{ErrorDetails, StatusExt};

use super::status::{code_named, name_of, CODES};
use super::{CodedStatus, PanicLayer, StatusError};
use crate::code::{Details, ErrorCode};
use crate::error::Error;
use crate::ErrorCodes;

const CANARY: &str = "canary-7f3a-secret";

#[allow(dead_code)]
#[derive(Debug, Clone, Copy, PartialEq, ErrorCodes)]
#[codes(crate = crate, grpc_domain = "plans.example", url = "https://plans.example/errors#{code}")]
enum Code {
    #[code(
        exit = 2,
        doc = "The request is not valid.",
        hint = "Send a plan name.",
        usage
    )]
    BadRequest,
    #[code(exit = 2, doc = "No plan has this name.", http = 404)]
    PlanNotFound,
    #[code(
        exit = 3,
        doc = "Another run holds the lock.",
        hint = "Wait for it.",
        grpc = "ABORTED",
        retryable = true
    )]
    LockHeld,
    #[code(
        exit = 3,
        doc = "The scope is frozen.",
        grpc = "FAILED_PRECONDITION",
        retryable = false
    )]
    ScopeFrozen,
    #[code(exit = 1, doc = "The plan server is down.", http = 503)]
    Unavailable,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

/// An enum of another domain, without URLs.
#[allow(dead_code)]
#[derive(Debug, Clone, Copy, PartialEq, ErrorCodes)]
#[codes(crate = crate, grpc_domain = "plain.example")]
enum Plain {
    #[code(exit = 2, doc = "Missing.", http = 404)]
    Missing,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

fn error_info(status: &Status) -> tonic_types::ErrorInfo {
    status
        .check_error_details()
        .unwrap()
        .error_info()
        .cloned()
        .unwrap()
}

/// Every byte the client can see: the message, the encoded details and the
/// metadata (the trailers), and the status's own `Debug`.
fn everything(status: &Status) -> String {
    format!(
        "{} {} {:?} {:?}",
        status.message(),
        String::from_utf8_lossy(status.details()),
        status.metadata(),
        status
    )
}

#[test]
fn every_canonical_status_name_is_its_tonic_code() {
    for (name, code) in CODES {
        assert_eq!(code_named(name), code);
        assert_eq!(name_of(code), name);
        // tonic's own numbering is google.rpc.Code's.
        assert_eq!(Grpc::from_i32(code as i32), code);
    }
    assert_eq!(code_named("NotFound"), Grpc::Unknown);
}

#[test]
fn each_code_is_sent_with_its_status_message_and_error_info() {
    let cases = [
        (Error::usage("no plan name"), Grpc::InvalidArgument),
        (Error::new(Code::PlanNotFound, "no plan"), Grpc::NotFound),
        (Error::new(Code::LockHeld, "held"), Grpc::Aborted),
        (
            Error::new(Code::ScopeFrozen, "frozen"),
            Grpc::FailedPrecondition,
        ),
        (Error::new(Code::Unavailable, "down"), Grpc::Unavailable),
        (Error::<Code>::fallback("boom"), Grpc::Internal),
    ];
    for (error, expected) in cases {
        let status = Status::from(error.clone_for_test());
        assert_eq!(status.code(), expected, "{}", error.code());
        assert_eq!(status.message(), error.message());
        let info = error_info(&status);
        assert_eq!(info.reason, error.code());
        assert_eq!(info.domain, "plans.example");
    }
    let plain = Error::new(Plain::Missing, "gone").to_status();
    assert_eq!(plain.code(), Grpc::NotFound);
    assert_eq!(error_info(&plain).domain, "plain.example");
    assert!(plain.get_details_help().is_none(), "no URL, no Help");
}

impl<C: ErrorCode> Error<C> {
    fn clone_for_test(&self) -> Self {
        Error::from_parts(
            self.info(),
            self.message().to_owned(),
            self.details().clone(),
        )
    }
}

#[test]
fn details_are_strings_and_json_text_beside_the_hint_and_retryable() {
    let status = Error::new(Code::LockHeld, "held")
        .with_hint("Wait for run 41.")
        .with_detail("holder", "run 41")
        .with_detail("run", &41)
        .with_detail("stale", &false)
        .with_detail("note", &None::<String>)
        .with_detail("where", &json!({"line": 3, "steps": ["a", "b"]}))
        .to_status();
    let metadata = error_info(&status).metadata;
    let expected: HashMap<String, String> = [
        ("hint", "Wait for run 41."),
        ("retryable", "true"),
        ("holder", "run 41"),
        ("run", "41"),
        ("stale", "false"),
        ("note", "null"),
        ("where", r#"{"line":3,"steps":["a","b"]}"#),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_owned(), v.to_owned()))
    .collect();
    assert_eq!(metadata, expected);

    // No hint, retryable undeclared: neither key.
    let bare = error_info(&Error::new(Code::PlanNotFound, "no plan").to_status()).metadata;
    assert!(bare.is_empty(), "{bare:?}");
    let frozen = error_info(&Error::new(Code::ScopeFrozen, "frozen").to_status()).metadata;
    assert_eq!(frozen["retryable"], "false");
}

#[test]
fn help_links_the_codes_url() {
    let help = Error::new(Code::PlanNotFound, "no plan")
        .to_status()
        .get_details_help()
        .unwrap();
    assert_eq!(help.links.len(), 1);
    assert_eq!(
        help.links[0].url,
        "https://plans.example/errors#PLAN_NOT_FOUND"
    );
    assert!(help.links[0].description.contains("PLAN_NOT_FOUND"));
}

#[test]
fn retry_info_carries_the_delay_unless_the_code_is_not_retryable() {
    let delay = |error: Error<Code>| {
        error
            .to_status()
            .get_details_retry_info()
            .and_then(|retry| retry.retry_delay)
    };
    let later = Duration::from_millis(2500);
    assert_eq!(
        delay(Error::new(Code::LockHeld, "held").with_retry_after(later)),
        Some(Duration::from_secs(3)),
        "whole seconds, as the detail holds them"
    );
    assert_eq!(
        delay(Error::new(Code::PlanNotFound, "undeclared").with_retry_after(later)),
        Some(Duration::from_secs(3))
    );
    assert_eq!(delay(Error::new(Code::LockHeld, "no delay")), None);
}

#[test]
fn a_code_declared_not_retryable_sends_no_delay_at_all() {
    let later = Duration::from_secs(3);
    let frozen = Error::new(Code::ScopeFrozen, "frozen").with_retry_after(later);
    let status = frozen.to_status();
    assert!(status.get_details_retry_info().is_none());
    assert!(!error_info(&status).metadata.contains_key("retry_after"));
    assert_eq!(error_info(&status).metadata["retryable"], "false");
    // A delay written by hand is a detail, never a RetryInfo.
    let by_hand = Error::new(Code::ScopeFrozen, "frozen").with_detail("retry_after", &3);
    assert!(by_hand.to_status().get_details_retry_info().is_none());
}

#[test]
fn a_delay_too_long_to_send_is_the_largest_retry_info_instead_of_zero() {
    let status = Error::new(Code::LockHeld, "held")
        .with_retry_after(Duration::MAX)
        .to_status();
    let largest = Duration::from_secs(2_147_483_647);
    assert_eq!(
        status
            .get_details_retry_info()
            .and_then(|retry| retry.retry_delay),
        Some(largest)
    );
    assert_eq!(error_info(&status).metadata["retry_after"], "2147483647");
    let read: CodedStatus = CodedStatus::from_status(&status).unwrap();
    assert_eq!(read.retry_delay, Some(largest));
}

#[derive(Debug)]
struct Leaky;

impl core::fmt::Display for Leaky {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "connect to db with password {CANARY}")
    }
}

impl std::error::Error for Leaky {}

struct FailsToSerialize;

impl serde::Serialize for FailsToSerialize {
    fn serialize<S: serde::Serializer>(&self, _: S) -> Result<S::Ok, S::Error> {
        Err(serde::ser::Error::custom(format_args!(
            "cannot write {CANARY}"
        )))
    }
}

#[test]
fn the_canary_never_reaches_the_status() {
    // A source, what is withheld from documents, and what the allowlist drops.
    let with_source = Error::new(Code::Unavailable, "the plan server is down").with_source(Leaky);
    let withheld = Error::new(Code::PlanNotFound, "no plan").with_details(&FailsToSerialize);
    assert!(withheld.is_fallback());
    assert!(withheld.withheld().unwrap().contains(CANARY));
    let body = format!(r#"{{"status": 503, "token": "{CANARY}", "region": "eu"}}"#);
    let kept = crate::allowlist::Allowlist::new()
        .field("status", crate::allowlist::Shape::Integer)
        .project_str(&body)
        .unwrap();
    let projected =
        Error::new(Code::Unavailable, "the plan server refused").with_detail("upstream", &kept);
    for error in [with_source, withheld, projected] {
        let status = error.to_status();
        assert!(!everything(&status).contains(CANARY), "{status:?}");
    }

    // A status from another service: its message and details stay behind.
    let mut upstream = Status::with_error_details(
        Grpc::NotFound,
        format!("no row for {CANARY}"),
        ErrorDetails::with_error_info(
            "ROW_MISSING",
            "db.example",
            HashMap::from([("token".to_owned(), CANARY.to_owned())]),
        ),
    );
    upstream
        .metadata_mut()
        .insert("x-token", CANARY.parse().unwrap());
    let relayed = Error::<Code>::from(upstream);
    assert!(relayed.is_fallback());
    let status = relayed.to_status();
    assert_eq!(status.code(), Grpc::Internal);
    assert_eq!(status.message(), "a gRPC call failed with status NOT_FOUND");
    assert!(!everything(&status).contains(CANARY), "{status:?}");
}

#[test]
fn a_status_reads_back_as_it_was_sent() {
    let sent = Error::new(Code::LockHeld, "the lock on prod is held by run 41")
        .with_detail("holder", "run 41")
        .with_detail("run", &41)
        .with_retry_after(Duration::from_secs(30));
    let read: CodedStatus = CodedStatus::from_status(&sent.to_status()).unwrap();
    assert_eq!(read.status, Grpc::Aborted);
    assert_eq!(
        (read.code.as_str(), read.domain.as_str()),
        ("LOCK_HELD", "plans.example")
    );
    assert_eq!(read.message, "the lock on prod is held by run 41");
    assert_eq!(read.hint.as_deref(), Some("Wait for it."));
    assert_eq!(read.retryable, Some(true));
    assert_eq!(read.retry_delay, Some(Duration::from_secs(30)));
    assert_eq!(
        read.url.as_deref(),
        Some("https://plans.example/errors#LOCK_HELD")
    );
    assert_eq!(
        serde_json::Value::Object(read.details.as_map().clone()),
        json!({"holder": "run 41", "run": "41", "retry_after": "30"})
    );
    assert!(read.is_known::<Code>());
    assert_eq!(read.kind::<Code>(), Code::LockHeld);
    assert_eq!(read.info::<Code>().exit, 3);

    #[derive(serde::Deserialize)]
    struct Lock {
        holder: String,
        run: String,
    }
    let typed: CodedStatus<Lock> = CodedStatus::from_status(&sent.to_status()).unwrap();
    assert_eq!(
        (typed.details.holder.as_str(), typed.details.run.as_str()),
        ("run 41", "41")
    );
}

fn with_info(reason: &str, domain: &str, metadata: &[(&str, &str)]) -> Status {
    let metadata: HashMap<String, String> = metadata
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect();
    Status::with_error_details(
        Grpc::FailedPrecondition,
        "m",
        ErrorDetails::with_error_info(reason, domain, metadata),
    )
}

#[test]
fn unknown_codes_and_other_domains_are_the_fallback() {
    let newer: CodedStatus =
        CodedStatus::from_status(&with_info("QUOTA_GONE", "plans.example", &[])).unwrap();
    assert_eq!(newer.code, "QUOTA_GONE");
    assert!(!newer.is_known::<Code>());
    assert_eq!(newer.kind::<Code>(), Code::Internal);
    assert_eq!(newer.info::<Code>().code, "INTERNAL");

    let elsewhere: CodedStatus =
        CodedStatus::from_status(&with_info("LOCK_HELD", "db.example", &[])).unwrap();
    assert!(!elsewhere.is_known::<Code>());
    assert_eq!(elsewhere.kind::<Code>(), Code::Internal);

    let plain: CodedStatus =
        CodedStatus::from_status(&Error::new(Plain::Missing, "gone").to_status()).unwrap();
    assert!(plain.is_known::<Plain>());
    assert!(!plain.is_known::<Code>());
}

#[test]
fn what_does_not_read_is_refused_or_ignored() {
    let read = |status: &Status| CodedStatus::<Details>::from_status(status);
    assert_eq!(
        read(&Status::unavailable("tcp connect error")),
        Err(StatusError::NoErrorInfo)
    );
    // `grpc-status-details-bin` that is no google.rpc.Status.
    let mut headers = http::HeaderMap::new();
    headers.insert("grpc-status", http::HeaderValue::from_static("13"));
    headers.insert(
        "grpc-status-details-bin",
        http::HeaderValue::from_static("//8"),
    );
    let garbage = Status::from_header_map(&headers).unwrap();
    assert!(matches!(read(&garbage), Err(StatusError::Decode(_))));
    // Metadata a document's error object could not hold as details.
    let clash = with_info("LOCK_HELD", "plans.example", &[("message", "x")]);
    assert!(matches!(read(&clash), Err(StatusError::Details(_))));
    // A retryable that is not a boolean is ignored, as if absent.
    let odd = read(&with_info(
        "LOCK_HELD",
        "plans.example",
        &[("retryable", "maybe")],
    ))
    .unwrap();
    assert_eq!(odd.retryable, None);
    assert!(odd.details.is_empty());
    for err in [
        StatusError::NoErrorInfo,
        StatusError::Decode("x".into()),
        StatusError::Details("y".into()),
    ] {
        assert!(!err.to_string().is_empty());
    }
}

// The panic layer around plain tower services: no runtime, no network.

#[derive(Clone, Copy)]
enum Behaviour {
    Answer,
    PanicInCall,
    PanicInPoll,
}

#[derive(Clone, Copy)]
struct Handler(Behaviour);

type Reply = Result<http::Response<String>, core::convert::Infallible>;

impl tower_service::Service<&'static str> for Handler {
    type Response = http::Response<String>;
    type Error = core::convert::Infallible;
    type Future = core::pin::Pin<Box<dyn Future<Output = Reply>>>;

    fn poll_ready(&mut self, _: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, request: &'static str) -> Self::Future {
        match self.0 {
            Behaviour::Answer => Box::pin(ready(Ok(http::Response::new(request.to_owned())))),
            Behaviour::PanicInCall => panic!("the database password is {CANARY}"),
            Behaviour::PanicInPoll => Box::pin(async move { explode() }),
        }
    }
}

fn explode() -> Reply {
    panic!("the database password is {CANARY}")
}

fn respond(behaviour: Behaviour) -> http::Response<String> {
    use tower_layer::Layer;
    use tower_service::Service;
    let mut service = PanicLayer::<Code>::new().layer(Handler(behaviour));
    let future = pin!(service.call("answered"));
    match future.poll(&mut Context::from_waker(Waker::noop())) {
        Poll::Ready(Ok(response)) => response,
        Poll::Ready(Err(never)) => match never {},
        Poll::Pending => panic!("the handlers are ready at once"),
    }
}

#[test]
fn a_panicking_handler_is_the_fallbacks_status_without_the_panic_text() {
    assert_eq!(respond(Behaviour::Answer).into_body(), "answered");
    for behaviour in [Behaviour::PanicInCall, Behaviour::PanicInPoll] {
        let response = respond(behaviour);
        let status = Status::from_header_map(response.headers()).unwrap();
        assert_eq!(status.code(), Grpc::Internal);
        assert_eq!(
            status.message(),
            "the server stopped handling the request on an unexpected internal error"
        );
        assert_eq!(error_info(&status).reason, "INTERNAL");
        assert_eq!(response.headers()["content-type"], "application/grpc");
        assert!(response.body().is_empty());
        let headers = format!("{:?}", response.headers());
        assert!(
            !headers.contains(CANARY) && !headers.contains("password"),
            "{headers}"
        );
    }
}

#[test]
fn a_status_too_large_for_a_clients_trailers_is_the_fallback_saying_so() {
    use super::MAX_STATUS_BYTES;
    let sized = |bytes: usize| {
        Error::new(Code::PlanNotFound, "no plan")
            .with_detail("source", &"x".repeat(bytes))
            .to_status()
    };
    // Comfortably below: sent as it is.
    let fits = sized(MAX_STATUS_BYTES / 2);
    assert_eq!(fits.code(), Grpc::NotFound);
    assert_eq!(error_info(&fits).reason, "PLAN_NOT_FOUND");

    let refused = sized(MAX_STATUS_BYTES);
    assert_eq!(refused.code(), Grpc::Internal);
    assert!(
        refused.message().starts_with(
            "invalid details for error code PLAN_NOT_FOUND: the gRPC status would take "
        ),
        "{}",
        refused.message()
    );
    assert!(refused
        .message()
        .ends_with(&format!("bytes of trailers, more than {MAX_STATUS_BYTES}")));
    let info = error_info(&refused);
    assert_eq!((info.reason.as_str(), info.metadata.len()), ("INTERNAL", 0));

    // A message is counted too, percent-encoded: 3 bytes for each space.
    let wordy = Error::new(Code::PlanNotFound, " ".repeat(MAX_STATUS_BYTES / 4)).to_status();
    assert_eq!(wordy.code(), Grpc::Internal);
}
