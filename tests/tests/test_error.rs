//! `Error<C>`: construction, details, and conversion from everything else.

use std::error::Error as StdError;
use std::fmt;
use std::sync::atomic::{AtomicUsize, Ordering};

use serde::Serialize;
use sponson_codes::{Error, ErrorCode, ErrorCodes};

#[derive(Debug, Clone, Copy, PartialEq, Eq, ErrorCodes)]
enum Code {
    #[code(exit = 3, doc = "Another run holds the lock.", hint = "Pass --wait.")]
    LockHeld,
    #[code(exit = 2, doc = "The command line is not valid.", usage)]
    Usage,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

/// A thiserror-style data enum: only the marked fields become details.
#[derive(Debug, ErrorCodes)]
enum FetchError {
    #[code(exit = 4, doc = "The server refused the request.")]
    Refused {
        #[code(detail)]
        status: u16,
        #[code(detail = "server_url")]
        url: String,
        // Read by Display only in real code; here it must never reach the details.
        #[allow(dead_code)]
        api_token: String,
    },
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Other(String),
}

impl fmt::Display for FetchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FetchError::Refused { status, url, .. } => write!(f, "{url} answered {status}"),
            FetchError::Other(text) => f.write_str(text),
        }
    }
}

impl StdError for FetchError {}

#[test]
fn a_listed_code_carries_message_hint_and_details() {
    let err = Error::new(Code::LockHeld, "held by run 41").with_detail("holder", "run 41");
    assert_eq!(
        (err.code(), err.exit_code(), err.message()),
        ("LOCK_HELD", 3, "held by run 41")
    );
    assert_eq!(err.hint(), Some("Pass --wait."));
    assert_eq!(err.kind(), Code::LockHeld);
    assert_eq!(err.details().get("holder").unwrap(), "run 41");
    let overridden = err.with_hint("Pass --wait 60.");
    assert_eq!(overridden.hint(), Some("Pass --wait 60."));
}

#[test]
fn typed_details_must_be_an_object() {
    #[derive(Serialize)]
    struct Lock {
        scope: &'static str,
        holder: Option<u32>,
        related: Vec<u32>,
    }
    let err = Error::new(Code::LockHeld, "held").with_details(&Lock {
        scope: "prod",
        holder: None,
        related: vec![],
    });
    assert_eq!(
        serde_json::to_value(err.details()).unwrap(),
        serde_json::json!({"scope": "prod", "holder": null, "related": []})
    );
    for bad in [
        serde_json::json!([1]),
        serde_json::json!("x"),
        serde_json::json!(3),
    ] {
        let err = Error::new(Code::LockHeld, "held").with_details(&bad);
        assert_eq!(err.code(), "INTERNAL", "{bad} is not an object");
        assert!(err
            .message()
            .contains("details must serialize to a JSON object"));
    }
}

#[test]
fn reserved_detail_keys_are_a_programming_error_not_a_shadow() {
    for key in ["code", "message", "hint"] {
        let err = Error::new(Code::LockHeld, "held").with_detail(key, "SHADOW");
        assert_eq!(err.code(), "INTERNAL");
        assert!(
            err.message().contains("LOCK_HELD"),
            "names the code: {}",
            err.message()
        );
        assert!(err.details().is_empty());
    }
    let err =
        Error::new(Code::LockHeld, "held").with_details(&serde_json::json!({"message": "SHADOW"}));
    assert_eq!(err.code(), "INTERNAL");
}

#[test]
fn data_enums_convert_with_only_marked_fields() {
    let err: Error<FetchError> = FetchError::Refused {
        status: 503,
        url: "https://plans.example".into(),
        api_token: "sk-live-123".into(),
    }
    .into();
    assert_eq!(err.code(), "REFUSED");
    assert_eq!(err.exit_code(), 4);
    assert_eq!(err.message(), "https://plans.example answered 503");
    assert_eq!(
        serde_json::to_value(err.details()).unwrap(),
        serde_json::json!({"status": 503, "server_url": "https://plans.example"})
    );
    let json = serde_json::to_string(&sponson_codes::profile::ErrorBody::from(&err)).unwrap();
    assert!(
        !json.contains("sk-live"),
        "unmarked fields never leak: {json}"
    );
}

#[test]
fn a_coded_error_in_a_source_chain_keeps_its_code() {
    #[derive(Debug)]
    struct Wrapper(Error<Code>);
    impl fmt::Display for Wrapper {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("while applying")
        }
    }
    impl StdError for Wrapper {
        fn source(&self) -> Option<&(dyn StdError + 'static)> {
            Some(&self.0)
        }
    }
    let inner = Error::new(Code::LockHeld, "held").with_detail("holder", "run 41");
    let boxed: Box<dyn StdError + Send + Sync> = Box::new(Wrapper(inner));
    let err = Error::<Code>::from(boxed);
    assert_eq!(err.code(), "LOCK_HELD");
    assert_eq!(err.message(), "held");
    assert_eq!(err.details().get("holder").unwrap(), "run 41");

    let direct: Box<dyn StdError + Send + Sync> = Box::new(Error::new(Code::LockHeld, "held"));
    assert_eq!(Error::<Code>::from(direct).code(), "LOCK_HELD");

    let io = std::io::Error::other(Error::new(Code::LockHeld, "held"));
    assert_eq!(Error::<Code>::from_dyn(&io).code(), "LOCK_HELD");
}

#[test]
fn anything_else_becomes_the_fallback_with_its_source() {
    let boxed: Box<dyn StdError + Send + Sync> = "disk full".into();
    let err = Error::<Code>::from(boxed);
    assert_eq!((err.code(), err.message()), ("INTERNAL", "disk full"));
    assert!(err.is_fallback());
    assert_eq!(err.source().unwrap().to_string(), "disk full");

    // A coded error of another enum is not this enum's code.
    let other: Box<dyn StdError + Send + Sync> =
        Box::new(Error::<FetchError>::from(FetchError::Other("x".into())));
    assert_eq!(Error::<Code>::from(other).code(), "INTERNAL");
}

#[test]
fn anyhow_errors_convert() {
    use anyhow::Context as _;
    let held: anyhow::Result<()> = Err(Error::new(Code::LockHeld, "held").into());
    let err: Error<Code> = held.context("applying").context("plan").unwrap_err().into();
    assert_eq!(err.code(), "LOCK_HELD");
    let io: anyhow::Result<()> = Err(std::io::Error::other("disk full").into());
    let err: Error<Code> = io.context("writing the receipt").unwrap_err().into();
    assert_eq!(
        (err.code(), err.message()),
        ("INTERNAL", "writing the receipt")
    );
    assert!(err.source().is_some());
}

#[test]
fn usage_uses_the_marked_code() {
    assert_eq!(Error::<Code>::usage("bad flag").code(), "USAGE");
    assert_eq!(Code::USAGE_INFO.map(|i| i.exit), Some(2));
    // An enum without a usage code falls back.
    assert_eq!(Error::<FetchError>::usage("bad flag").code(), "OTHER");
}

#[test]
fn error_is_one_pointer_wide() {
    assert_eq!(
        std::mem::size_of::<Error<Code>>(),
        std::mem::size_of::<usize>()
    );
    fn send_sync<T: Send + Sync>() {}
    send_sync::<Error<Code>>();
}

#[test]
fn from_chain_finds_a_data_enum_value() {
    let refused = FetchError::Refused {
        status: 503,
        url: "https://plans.example".into(),
        api_token: "sk-live-123".into(),
    };
    let err = anyhow::Error::new(refused).context("pushing the plan");
    let coded = Error::<FetchError>::from_chain(err.as_ref());
    assert_eq!(coded.code(), "REFUSED");
    assert_eq!(coded.message(), "https://plans.example answered 503");
    assert_eq!(coded.details().len(), 2);
    // The `From` conversion cannot look for the enum itself: fallback.
    let plain = anyhow::Error::new(FetchError::Other("x".into()));
    assert_eq!(
        Error::<FetchError>::from_chain(plain.as_ref()).code(),
        "OTHER"
    );
    let io = std::io::Error::other("disk full");
    assert_eq!(Error::<FetchError>::from_chain(&io).message(), "disk full");
}

#[test]
fn details_holding_a_refused_key_passed_on_whole_are_the_fallback() {
    let mut details = sponson_codes::Details::new();
    details.insert("scope", "prod");
    details.insert("code", "SHADOW");
    assert!(details.problem().is_some());
    let err = Error::new(Code::LockHeld, "held").with_details(&details);
    assert!(err.is_fallback(), "{err:?}");
    assert!(err.details().is_empty());
    assert!(serde_json::to_value(&details).is_err());
}

#[test]
fn a_cyclic_source_chain_through_anyhow_ends() {
    #[derive(Debug)]
    struct Cycle(AtomicUsize);
    impl fmt::Display for Cycle {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("an error that is its own source")
        }
    }
    impl StdError for Cycle {
        fn source(&self) -> Option<&(dyn StdError + 'static)> {
            // Fails the test instead of hanging it when a walk has no bound.
            let calls = self.0.fetch_add(1, Ordering::Relaxed);
            assert!(
                calls < 10_000,
                "the source chain was walked without a bound"
            );
            Some(self)
        }
    }
    let err: Error<Code> = anyhow::Error::new(Cycle(AtomicUsize::new(0))).into();
    assert_eq!(err.code(), "INTERNAL");
    assert_eq!(err.message(), "an error that is its own source");
}

#[test]
fn anyhow_context_that_is_a_coded_error_keeps_its_code() {
    use anyhow::Context as _;
    // The program says what failed with a coded error as context.
    let io: anyhow::Result<()> = Err(std::io::Error::other("permission denied").into());
    let err: Error<Code> = io
        .context("opening /run/plan.lock")
        .context(Error::new(Code::LockHeld, "cannot take the lock"))
        .unwrap_err()
        .into();
    assert_eq!(err.code(), "LOCK_HELD");
    assert_eq!(err.message(), "cannot take the lock");
    // The causes below it are kept, for programs and for people.
    assert_eq!(
        err.details().get("causes"),
        Some(&serde_json::json!([
            "opening /run/plan.lock",
            "permission denied"
        ]))
    );
    // The outermost coded error wins.
    let inner: anyhow::Result<()> = Err(Error::new(Code::Usage, "bad flag").into());
    let err: Error<Code> = inner
        .context(Error::new(Code::LockHeld, "outer"))
        .unwrap_err()
        .into();
    assert_eq!((err.code(), err.message()), ("LOCK_HELD", "outer"));
    assert_eq!(
        err.details().get("causes"),
        Some(&serde_json::json!(["bad flag"]))
    );
}

#[test]
fn anyhow_errors_without_a_code_keep_every_cause() {
    use anyhow::Context as _;
    let io: anyhow::Result<()> = Err(std::io::Error::other("disk full").into());
    let err: Error<Code> = io.context("writing the receipt").unwrap_err().into();
    assert_eq!(
        (err.code(), err.message()),
        ("INTERNAL", "writing the receipt")
    );
    assert_eq!(
        err.details().get("causes"),
        Some(&serde_json::json!(["disk full"]))
    );
}
