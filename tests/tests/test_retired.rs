//! Retired codes: a `#[deprecated]` variant is a retired code, it stays
//! readable, and raising it is a deprecation warning (a lint the caller can
//! allow), never an error. The warnings themselves are checked in
//! `ui/retired-code-raised.rs` and `ui/retired-without-deprecated.rs`.

use sponson_codes::{code, Error, ErrorCode, ErrorCodes};

#[derive(Debug, Clone, Copy, PartialEq, Eq, ErrorCodes)]
enum Code {
    #[code(exit = 3, doc = "Another run holds the lock.")]
    LockHeld,
    /// Older releases reported a stale lock file separately.
    #[deprecated = "use LOCK_HELD"]
    #[code(exit = 3, doc = "The lock file is stale.")]
    StaleLock,
    #[deprecated(since = "0.4.0", note = "timeouts are LOCK_HELD now")]
    #[code(
        exit = 3,
        doc = "Waiting timed out.",
        retired = "merged into LOCK_HELD"
    )]
    LockTimeout,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

#[test]
fn a_deprecated_variant_is_retired_with_its_note() {
    let retired: Vec<_> = Code::TABLE.iter().map(|c| (c.code, c.retired)).collect();
    assert_eq!(
        retired,
        [
            ("LOCK_HELD", None),
            ("STALE_LOCK", Some("use LOCK_HELD")),
            // `retired` is the docs' note when both are given.
            ("LOCK_TIMEOUT", Some("merged into LOCK_HELD")),
            ("INTERNAL", None),
        ]
    );
}

#[test]
fn retired_codes_are_still_read() {
    // Old documents name retired codes: reading them warns about nothing.
    let read: Code = serde_json::from_str("\"STALE_LOCK\"").unwrap();
    assert_eq!(read.code(), "STALE_LOCK");
    assert_eq!(
        Code::from_code("LOCK_TIMEOUT").map(|c| c.exit_code()),
        Some(3)
    );
    assert_eq!(Code::ALL.len(), 4);
}

#[test]
#[allow(deprecated)]
fn raising_a_retired_code_is_a_lint_not_an_error() {
    const STALE: Code = code!(Code, "STALE_LOCK");
    assert_eq!(STALE, Code::StaleLock);
    let error = Error::new(Code::LockTimeout, "timed out");
    assert_eq!(error.code(), "LOCK_TIMEOUT");
}

#[test]
fn a_live_code_raises_without_a_warning() {
    // This test is not `allow(deprecated)`: CI denies warnings, so a
    // deprecation here would fail the build.
    const HELD: Code = code!(Code, "LOCK_HELD");
    assert_eq!(Error::plain(HELD).code(), "LOCK_HELD");
}
