//! A user's `Serialize` that returns an error is a programming error like a
//! panic: the fallback code with a fixed message, the error's own text (which
//! may quote the data) on stderr only.

use serde::ser::Error as _;
use serde::{Serialize, Serializer};
use sponson_codes::{Error, ErrorCodes, Mode, Runner};

#[derive(Debug, Clone, Copy, PartialEq, Eq, ErrorCodes)]
enum Code {
    #[code(exit = 3, doc = "Another run holds the lock.", hint = "Pass --wait.")]
    LockHeld,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

const SECRET: &str = "sk-live-4f3c2a";

struct Leaky;

impl Serialize for Leaky {
    fn serialize<S: Serializer>(&self, _: S) -> Result<S::Ok, S::Error> {
        Err(S::Error::custom(format!(
            "custom serialize error with secret {SECRET}"
        )))
    }
}

#[derive(Serialize)]
struct Report {
    name: &'static str,
    token: Leaky,
}

#[test]
fn data_that_fails_to_serialize_is_the_fallback_without_its_text() {
    let out = Runner::<Code>::new("apply", Mode::Json).render(|| {
        Ok::<_, Error<Code>>(Report {
            name: "x",
            token: Leaky,
        })
    });
    assert_eq!(out.exit, 1);
    assert!(!out.stdout.contains(SECRET), "{}", out.stdout);
    let doc: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(doc["error"]["code"], "INTERNAL");
    assert_eq!(
        doc["error"]["message"],
        "cannot render the output of `apply`: the data failed to serialize"
    );
    assert!(out.stderr.contains(SECRET), "the reason is on stderr");

    let to_stderr = Runner::<Code>::new("apply", Mode::Json)
        .errors_to_stderr(true)
        .render(|| Ok::<_, Error<Code>>(Leaky));
    assert!(to_stderr.stdout.is_empty());
    // The document stays alone on stderr: the reason is not added there.
    assert!(!to_stderr.stderr.contains(SECRET));
    assert_eq!(to_stderr.stderr.lines().count(), 1);

    let text = Runner::<Code>::new("apply", Mode::Text).render(|| Ok::<_, Error<Code>>(Leaky));
    assert_eq!(text.exit, 1);
    assert!(!text.stdout.contains(SECRET));
    assert_eq!(
        text.stderr.lines().count(),
        1,
        "one line, with the reason: {}",
        text.stderr
    );
}

#[test]
fn details_that_fail_to_serialize_are_the_fallback_without_their_text() {
    for err in [
        Error::new(Code::LockHeld, "held").with_details(&Leaky),
        Error::new(Code::LockHeld, "held").with_details(&Report {
            name: "x",
            token: Leaky,
        }),
    ] {
        assert!(err.is_fallback());
        assert_eq!(
            err.message(),
            "invalid details for error code LOCK_HELD: details failed to serialize"
        );
        let out = Runner::<Code>::new("apply", Mode::Json).render(|| Err::<(), _>(err));
        assert!(!out.stdout.contains(SECRET), "{}", out.stdout);
    }
}
