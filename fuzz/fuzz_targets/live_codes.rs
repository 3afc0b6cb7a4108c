//! The live codes the lock targets compare committed locks with: a usage
//! code, HTTP statuses, a code string that is not the variant's name, a
//! retired code, and warnings in a public exhaustive enum (a notice).
// Registered for the catalog, never raised.
#![allow(dead_code)]

use sponson_codes::{ErrorCodes, WarningCodes};

/// Failures of a deploy tool.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ErrorCodes)]
#[codes(exits(1 = "failure", 2 = "refused before running", 3 = "the lock is held"))]
#[non_exhaustive]
pub enum Code {
    #[code(exit = 2, doc = "The command line is not valid.", usage)]
    Usage,
    #[code(
        exit = 3,
        doc = "Another run holds the lock.",
        hint = "Pass --wait.",
        http = 409
    )]
    LockHeld,
    #[code(exit = 2, doc = "The plan cannot be read.", name = "plan.parse")]
    PlanParse,
    #[code(exit = 3, doc = "The old lock.", retired = "0.3")]
    OldLock,
    #[code(exit = 1, doc = "The server rejected the plan.", http = 502)]
    ServerRejected,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

/// Warnings of the deploy tool.
#[derive(Debug, Clone, Copy, WarningCodes)]
pub enum Warn {
    #[code(doc = "A YAML anchor was expanded.")]
    YamlAnchor,
}
