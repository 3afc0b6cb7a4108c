//! The error codes of `plan`: the single source of its failure contract.

use sponson_codes::{ErrorCodes, WarningCodes};

/// Failures of the `plan` command line.
///
/// Scripts and agents branch on the code string; the exit code tells the
/// class of failure, and `retryable` whether running again can succeed.
/// Each command lists the codes it may return; every one may also return
/// `USAGE` and `INTERNAL`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, ErrorCodes)]
#[codes(
    exits(1 = "failure", 2 = "refused before running", 3 = "the lock is held or was lost"),
    groups(reads_plan = [PlanParse]),
    commands(
        validate = [reads_plan],
        apply = [reads_plan, ApprovalRequired, LockHeld],
        push = [reads_plan, ServerRejected, PlanConflict],
        sample = [],
        crash = [LockHeld],
    ),
    // The messages of locales/<locale>/*.ftl may name only their code's
    // details, checked at compile time.
    locales = "locales",
)]
pub enum Code {
    /// Raised for a mistyped flag, a missing argument or an unknown
    /// subcommand, before anything runs.
    #[code(
        exit = 2,
        doc = "The command line is not valid.",
        hint = "Run `plan --help` for usage.",
        usage
    )]
    Usage,
    /// The details name the file and, for a syntax error, the line.
    #[code(
        exit = 2,
        doc = "The plan file cannot be read or is not a valid plan.",
        retryable = false
    )]
    PlanParse,
    #[code(
        exit = 2,
        doc = "The run writes to production and no approver was given.",
        hint = "Pass --approved-by <who>.",
        retryable = false,
        alias = "ENV_NOT_APPROVED"
    )]
    ApprovalRequired,
    /// The details name the lock file and the run that holds it.
    #[code(
        exit = 3,
        doc = "Another run holds the scope's lock.",
        hint = "Wait for it, or pass --wait.",
        retryable = true
    )]
    LockHeld,
    /// The details carry the server's response, reduced to the fields `plan`
    /// knows: nothing else the server sent is echoed.
    #[code(
        exit = 1,
        doc = "The server rejected the plan.",
        hint = "Fix what `error.response.diagnostics` names, then push again.",
        retryable = false
    )]
    ServerRejected,
    /// The server answered HTTP 409: it holds a newer version of the plan.
    /// Earlier releases of `plan` reported it as `SERVER_REJECTED`.
    #[code(
        exit = 1,
        doc = "The server holds a newer version of the plan.",
        hint = "Pull the server's plan, merge it into yours, then push again.",
        retryable = false,
        split_from = "SERVER_REJECTED"
    )]
    PlanConflict,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

/// Findings of `plan` that do not stop a run.
///
/// A warning never fails a run and never changes its exit code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, WarningCodes)]
pub enum Warn {
    /// A step named `&name` or `*name` looks like a YAML anchor or alias.
    /// Plan files are not YAML: the step is run under that literal name,
    /// which is rarely what was meant.
    #[code(
        doc = "A step looks like a YAML anchor or alias and was read literally.",
        hint = "Write the step's name out in full."
    )]
    YamlAnchor,
}
