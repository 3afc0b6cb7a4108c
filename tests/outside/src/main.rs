//! Uses every item the derive generates, from outside the workspace.

use sponson_codes::{code, ErrorCode, ErrorCodeSet, ErrorCodes};
use std::process::ExitCode;

/// Failures of the `plan` command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, ErrorCodes)]
#[codes(exits(1 = "failure", 2 = "refused before running", 3 = "the lock is held or was lost"))]
pub enum Code {
    /// Longer markdown explanation, optional.
    #[code(exit = 2, doc = "The plan file cannot be read or is not valid YAML.")]
    PlanParse,
    #[code(exit = 2, doc = "The run writes to production and no approver was given.", hint = "Pass --approved-by <who>.")]
    EnvNotApproved,
    #[code(exit = 3, doc = "Another run holds the scope's lock.", hint = "Wait for it, or pass --wait.")]
    LockHeld,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

fn main() -> ExitCode {
    assert_eq!(Code::LockHeld.code(), "LOCK_HELD");
    assert_eq!(Code::LockHeld.exit_code(), 3);
    assert_eq!(Code::LockHeld.doc(), "Another run holds the scope's lock.");
    assert_eq!(Code::EnvNotApproved.hint(), Some("Pass --approved-by <who>."));
    assert_eq!(Code::PlanParse.explain(), "Longer markdown explanation, optional.");
    assert_eq!(Code::Internal.info().variant, "Internal");
    assert_eq!(Code::TABLE.len(), 4);
    assert_eq!(Code::FALLBACK_INFO.code, "INTERNAL");
    assert_eq!(Code::FALLBACK, Code::Internal);
    assert_eq!(<Code as ErrorCodeSet>::ALL.len(), 4);
    assert_eq!(Code::from_code("ENV_NOT_APPROVED"), Some(Code::EnvNotApproved));
    assert_eq!("PLAN_PARSE".parse::<Code>(), Ok(Code::PlanParse));
    assert!("nope".parse::<Code>().is_err());
    assert_eq!(serde_json::to_string(&Code::LockHeld).unwrap(), "\"LOCK_HELD\"");
    let unknown: Code = serde_json::from_str("\"NEW_IN_A_LATER_RELEASE\"").unwrap();
    assert_eq!(unknown, Code::Internal);
    const HELD: Code = code!(Code, "LOCK_HELD");
    assert_eq!(HELD, Code::LockHeld);
    assert!(sponson_codes::registry::registered()
        .iter()
        .any(|e| e.crate_name == "outside-user" && e.name == "Code"));
    println!("every generated item works");
    Code::LockHeld.into()
}
