//! RFC 9457 problem details of coded errors, and reading them back.

use serde_json::{json, Value};
use sponson_codes::{http::RESERVED_PROBLEM_KEYS, profile::ErrorBody, Error, ErrorCodes};

#[derive(Debug, Clone, Copy, PartialEq, Eq, ErrorCodes)]
#[codes(url = "https://example.com/errors#{code}")]
pub enum Web {
    #[code(
        exit = 3,
        doc = "Another run holds the lock.",
        hint = "Retry later.",
        http = 409
    )]
    LockHeld,
    #[code(exit = 2, doc = "The request is malformed.", usage)]
    BadRequest,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

/// No URL: `about:blank`, titled with the status's phrase.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ErrorCodes)]
pub enum Bare {
    #[code(exit = 3, doc = "Not here.", http = 404)]
    Missing,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

fn parse(body: &str) -> Value {
    serde_json::from_str(body).unwrap()
}

#[test]
fn members_in_order_with_details_as_extensions() {
    let problem = Error::new(Web::LockHeld, "held by run 41")
        .with_detail("run", &41)
        .with_detail("scopes", &["prod"])
        .to_problem();
    assert_eq!(problem.status, 409);
    assert_eq!(
        problem.body,
        r#"{"type":"https://example.com/errors#LOCK_HELD","title":"Another run holds the lock.","status":409,"detail":"held by run 41","code":"LOCK_HELD","hint":"Retry later.","run":41,"scopes":["prod"]}"#
    );
}

#[test]
fn without_a_url_the_type_is_about_blank_and_the_title_the_reason_phrase() {
    let problem = Error::new(Bare::Missing, "no plan `x`").to_problem();
    assert_eq!(
        parse(&problem.body),
        json!({"type": "about:blank", "title": "Not Found", "status": 404, "detail": "no plan `x`", "code": "MISSING"})
    );
    let internal = Error::<Bare>::fallback("boom").to_problem();
    assert_eq!(internal.status, 500);
    assert_eq!(parse(&internal.body)["title"], "Internal Server Error");
}

#[test]
fn usage_and_fallback_default_to_400_and_500() {
    assert_eq!(Error::<Web>::usage("bad json").to_problem().status, 400);
    assert_eq!(Error::<Web>::fallback("boom").to_problem().status, 500);
}

#[test]
fn a_detail_that_would_overwrite_a_member_turns_into_the_fallback() {
    for key in RESERVED_PROBLEM_KEYS {
        // `code` and `hint` are refused when added already; the other five
        // only when rendered as a problem.
        let problem = Error::new(Web::LockHeld, "held")
            .with_detail(key, "shadow")
            .to_problem();
        let body = parse(&problem.body);
        assert_eq!(problem.status, 500, "{key}");
        assert_eq!(body["code"], "INTERNAL", "{key}");
        assert_ne!(body["type"], "shadow");
        assert!(!problem.body.contains("shadow"), "{key}: {}", problem.body);
    }
    let problem = Error::new(Web::LockHeld, "held")
        .with_detail("status", &200)
        .to_problem();
    assert_eq!(
        parse(&problem.body)["detail"],
        "invalid details for error code LOCK_HELD: detail key `status` is reserved by the problem document"
    );
}

#[test]
fn a_problem_reads_back_as_the_error_body() {
    let error = Error::new(Web::LockHeld, "held by run 41").with_detail("run", &41);
    let body: ErrorBody = ErrorBody::from_problem_json(&error.to_problem().body).unwrap();
    assert_eq!(body, ErrorBody::from(&error));
    assert_eq!(body.kind::<Web>(), Web::LockHeld);
}

#[test]
fn reading_ignores_unknown_members_and_members_of_the_wrong_type() {
    #[derive(serde::Deserialize, Debug, PartialEq)]
    struct Run {
        run: u32,
    }
    let body: ErrorBody<Run> = ErrorBody::from_problem_json(
        r#"{"type":7,"title":"Held","status":"409","detail":"held","instance":"/runs/1","code":"LOCK_HELD","hint":null,"run":41,"trace":"x"}"#,
    )
    .unwrap();
    assert_eq!(body.message, "held");
    assert_eq!(body.hint, None);
    assert_eq!(body.details, Run { run: 41 });
    // No detail: the title is the message.
    let body: ErrorBody = ErrorBody::from_problem_json(r#"{"title":"Held","code":"X"}"#).unwrap();
    assert_eq!((body.code.as_str(), body.message.as_str()), ("X", "Held"));
    assert!(body.details.is_empty());
}

#[test]
fn a_document_without_a_code_or_not_an_object_is_refused_with_a_reason() {
    let err = ErrorBody::<sponson_codes::Details>::from_problem_json(r#"{"title":"x","code":5}"#)
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "the problem document has no string `code` member, so it names no error code"
    );
    assert!(
        ErrorBody::<sponson_codes::Details>::from_problem_json("[1]")
            .unwrap_err()
            .to_string()
            .starts_with("not a problem document")
    );
}
