//! `miette::Diagnostic` on coded errors, with every code accessor still
//! unambiguous when both traits are imported.

use miette::Diagnostic;
use sponson_codes::{Error, ErrorCodes};

#[derive(Debug, Clone, Copy, PartialEq, Eq, ErrorCodes)]
#[codes(url = "https://example.com/errors#{code}")]
pub enum Code {
    #[code(exit = 3, doc = "Another run holds the lock.", hint = "Pass --wait.")]
    LockHeld,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

#[test]
fn code_calls_stay_unambiguous_with_both_traits_in_scope() {
    let err = Error::new(Code::LockHeld, "held by run 41");
    // Inherent `Error::code` wins over `Diagnostic::code`.
    let code: &str = err.code();
    assert_eq!(code, "LOCK_HELD");
    // The enum's inherent `code()`: no import needed.
    let code: &str = Code::LockHeld.code();
    assert_eq!(code, "LOCK_HELD");
    assert_eq!(Diagnostic::code(&err).unwrap().to_string(), "LOCK_HELD");
}

#[test]
fn help_is_the_hint_and_url_the_docs_link() {
    let err = Error::new(Code::LockHeld, "held by run 41").with_hint("Pass --wait 60.");
    assert_eq!(err.help().unwrap().to_string(), "Pass --wait 60.");
    assert_eq!(
        err.url().unwrap().to_string(),
        "https://example.com/errors#LOCK_HELD"
    );
    assert!(Error::<Code>::fallback("boom").help().is_none());
}

#[test]
fn the_report_names_the_code_hint_and_link() {
    let report = Error::new(Code::LockHeld, "held by run 41").miette_report();
    for part in [
        "held by run 41",
        "LOCK_HELD",
        "Pass --wait.",
        "https://example.com/errors#LOCK_HELD",
    ] {
        assert!(report.contains(part), "{part} missing from:\n{report}");
    }
}
