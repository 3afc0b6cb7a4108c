//! Reads arbitrary bytes as an RFC 9457 problem document with
//! `ErrorBody::from_problem_json`, as a client reads a service's answer.
//!
//! - What reads has no repeated member and nests at most 127 levels, by a
//!   second reader's count, and is what a reading of the RFC's rules, done
//!   here on serde_json's parse, gives: `code` the code, `detail` (else
//!   `title`, else empty) the message, `hint` the hint, the other members
//!   but the RFC's the details; a member of the wrong type is as absent.
//! - `Details` and `Value` details read the same, but for what `Details`
//!   refuses of its own rules.
//! - What reads, raised again as a coded error with that message, hint and
//!   details, renders as a problem that reads back to the same body.
#![no_main]

mod strict;

use libfuzzer_sys::fuzz_target;
use serde_json::{Map, Value};
use sponson_codes::http::RESERVED_PROBLEM_KEYS;
use sponson_codes::profile::ErrorBody;
use sponson_codes::{Details, Error, ErrorCodes};

#[derive(Debug, Clone, Copy, PartialEq, Eq, ErrorCodes)]
enum Code {
    // No hint of its own: the body's hint, or none, is the one rendered.
    #[code(exit = 3, doc = "Another run holds the lock.", http = 409)]
    LockHeld,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

/// What the RFC's rules give for `fields`.
fn expected(mut fields: Map<String, Value>) -> Option<ErrorBody<Value>> {
    let mut string = |key: &str| match fields.remove(key) {
        Some(Value::String(text)) => Some(text),
        _ => None,
    };
    let code = string("code")?;
    let detail = string("detail");
    let title = string("title");
    let hint = string("hint");
    for key in RESERVED_PROBLEM_KEYS {
        fields.remove(key);
    }
    Some(ErrorBody {
        code,
        message: detail.or(title).unwrap_or_default(),
        hint,
        details: Value::Object(fields),
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let read = ErrorBody::<Value>::from_problem_json(text);
    let typed = ErrorBody::<Details>::from_problem_json(text);
    match (&read, &typed) {
        (Ok(body), Ok(typed)) => {
            assert_eq!(body.details.as_object(), Some(typed.details.as_map()));
            assert_eq!(
                (&body.code, &body.message, &body.hint),
                (&typed.code, &typed.message, &typed.hint)
            );
        }
        (Err(_), Err(_)) => {}
        // `Details` refuses only its own reserved keys (of which a problem's
        // details can hold `message`) and what nests deeper than an error
        // holds.
        (Ok(body), Err(err)) => {
            let details = body.details.as_object().unwrap();
            let reserved = Details::RESERVED_KEYS
                .iter()
                .any(|key| details.contains_key(*key));
            let deepest = details.values().map(strict::depth).max();
            assert!(
                reserved || deepest > Some(125),
                "Details refused {body:?}: {err}"
            );
        }
        (Err(err), Ok(_)) => panic!("Details read what Value refused: {err}"),
    }
    let Ok(body) = read else {
        return;
    };
    let parsed = strict::parse(text)
        .expect("what reads has no repeated member and nests at most 127 levels");
    let Value::Object(fields) = parsed else {
        panic!("only an object reads");
    };
    assert_eq!(expected(fields), Some(body.clone()));
    let details = body.details.as_object().unwrap();
    for key in RESERVED_PROBLEM_KEYS {
        assert!(!details.contains_key(key), "{key} in the details");
    }

    // An error's details never take `message`, and nest at most 125
    // levels (they sit in the envelope's error object); a problem's
    // members may do both.
    let reserved = Details::RESERVED_KEYS
        .iter()
        .any(|key| details.contains_key(*key));
    if reserved || details.values().any(|value| strict::depth(value) > 125) {
        return;
    }
    let mut error = Error::new(Code::LockHeld, body.message.as_str());
    if let Some(hint) = &body.hint {
        error = error.with_hint(hint.as_str());
    }
    for (key, value) in details {
        error = error.with_detail(key, value);
    }
    let problem = error.to_problem();
    assert_eq!(problem.status, 409, "{}", problem.body);
    assert!(!problem.body.contains('\n'));
    let members = strict::parse(&problem.body).expect("a problem is one strict JSON object");
    assert_eq!(members["status"], 409);
    let again =
        ErrorBody::<Value>::from_problem_json(&problem.body).expect("a rendered problem reads");
    assert_eq!(
        again,
        ErrorBody {
            code: "LOCK_HELD".to_owned(),
            ..body
        }
    );
});
