//! The derive's inherent methods: `Code::X.code()` resolves without an
//! import, and stays unambiguous with another trait's `code()` in scope (as
//! with `miette::Diagnostic`, whose `code()` would otherwise be E0034).

use sponson_codes::{ErrorCode, ErrorCodes};

/// A stand-in for `miette::Diagnostic`: a second trait with a `code()` method.
trait Diagnostic {
    fn code(&self) -> Option<String>;
    fn doc(&self) -> u32;
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ErrorCodes)]
enum Code {
    /// The lock file names its holder.
    #[code(exit = 3, doc = "Another run holds the lock.", hint = "Pass --wait.")]
    LockHeld,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

impl Diagnostic for Code {
    fn code(&self) -> Option<String> {
        Some(format!("diagnostic::{self:?}"))
    }
    fn doc(&self) -> u32 {
        7
    }
}

#[derive(Debug, ErrorCodes)]
enum WithData {
    #[code(exit = 2, doc = "Bad input.")]
    Bad {
        #[code(detail)]
        field: u32,
    },
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

impl Diagnostic for WithData {
    fn code(&self) -> Option<String> {
        None
    }
    fn doc(&self) -> u32 {
        0
    }
}

#[test]
fn inherent_methods_win_over_both_traits() {
    // Both `ErrorCode` and `Diagnostic` are in scope: the inherent methods are
    // picked, with no E0034.
    assert_eq!(Code::LockHeld.code(), "LOCK_HELD");
    assert_eq!(Code::LockHeld.exit_code(), 3);
    assert_eq!(Code::LockHeld.doc(), "Another run holds the lock.");
    assert_eq!(Code::LockHeld.hint(), Some("Pass --wait."));
    assert_eq!(Code::LockHeld.explain(), "The lock file names its holder.");
    assert_eq!(Code::LockHeld.info().variant, "LockHeld");
    assert_eq!(WithData::Bad { field: 1 }.code(), "BAD");
    assert_eq!(WithData::Internal.exit_code(), 1);
    // The other trait stays reachable by its path.
    assert_eq!(
        Diagnostic::code(&Code::LockHeld).as_deref(),
        Some("diagnostic::LockHeld")
    );
    assert_eq!(Diagnostic::doc(&Code::Internal), 7);
}

#[test]
fn inherent_methods_agree_with_the_trait() {
    for code in Code::ALL {
        assert_eq!(code.code(), ErrorCode::code(code));
        assert_eq!(code.exit_code(), ErrorCode::exit_code(code));
        assert_eq!(code.doc(), ErrorCode::doc(code));
        assert_eq!(code.hint(), ErrorCode::hint(code));
        assert_eq!(code.explain(), ErrorCode::explain(code));
        assert!(std::ptr::eq(code.info(), ErrorCode::info(code)));
    }
}
