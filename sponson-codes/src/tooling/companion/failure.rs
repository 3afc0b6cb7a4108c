//! The companion's own failures: its code enum, and how a failure is printed.

use crate::{ErrorCodes, WarningCodes};

/// Failures of the companion docs binary, printed in its JSON envelope.
///
/// ```
/// use sponson_codes::companion::CompanionCode;
/// use sponson_codes::ErrorCode;
///
/// assert_eq!(CompanionCode::DocsStale.code(), "DOCS_STALE");
/// assert_eq!(CompanionCode::Usage.exit_code(), 2);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, ErrorCodes)]
#[codes(
    crate = crate,
    exits(1 = "a check failed or a file could not be used", 2 = "the command line is not valid")
)]
#[non_exhaustive]
pub enum CompanionCode {
    /// The arguments do not name a command, or a flag is unknown or lacks its
    /// value. Nothing was read or written.
    #[code(
        exit = 2,
        usage,
        doc = "The command line is not valid.",
        hint = "Run with --help to see the commands."
    )]
    Usage,
    /// `docs --check` (or `types --check`, `agents --check`) compared the
    /// committed file with what the linked code enums generate, and they
    /// differ. The details carry a capped diff and the command that
    /// regenerates the file.
    #[code(
        exit = 1,
        doc = "The committed docs differ from what the code generates.",
        hint = "Run the regenerate command and commit the result."
    )]
    DocsStale,
    /// `lock --check` found codes that differ from the committed lock. When
    /// every change is additive, regenerating the lock is safe.
    #[code(
        exit = 1,
        doc = "The lock file differs from the live codes.",
        hint = "Run the regenerate command and commit the result."
    )]
    LockStale,
    /// `check` needs a lock file to compare against.
    #[code(
        exit = 1,
        doc = "The lock file does not exist.",
        hint = "Write it with the `lock` command and commit it."
    )]
    LockMissing,
    /// The lock file is not JSON, not a code catalog, or a catalog of a
    /// version this library does not read.
    #[code(
        exit = 1,
        doc = "The lock file cannot be read as a code catalog.",
        hint = "Regenerate it with the `lock` command."
    )]
    LockInvalid,
    /// A code was removed, renamed, given another exit code, or a retired code
    /// was raised again. Each change is named in the message.
    #[code(
        exit = 1,
        doc = "A change to the codes breaks the promise the lock records."
    )]
    BreakingChange,
    /// Two enums declare the same code string with different exit codes, or
    /// one retires a code that another still raises.
    #[code(
        exit = 1,
        doc = "One code string is declared by several enums that disagree."
    )]
    DuplicateCode,
    /// Crates linked into the program declare different envelope profiles
    /// with `use_profile!`, so the runner and the companion could disagree on
    /// the shape consumers parse.
    #[code(
        exit = 1,
        doc = "Several different envelope profiles are declared.",
        hint = "Keep one `use_profile!`, in the program's library crate."
    )]
    ProfileConflict,
    /// `explain` was given a code that no linked enum declares. Close codes are
    /// suggested in the details.
    #[code(
        exit = 1,
        doc = "No linked enum declares the code.",
        hint = "Run the `list` command to see every code."
    )]
    UnknownCode,
    /// A file could not be read, or the new file could not be written or
    /// moved into place. An existing file is left as it was.
    #[code(exit = 1, doc = "A file could not be read or written.")]
    Io,
    /// `docs`, `lock` or `coverage` found no code enum to document: no catalog was
    /// given (`--bin`, `--catalog`), and none is linked into the companion
    /// binary (`companion::main!` names no crate that declares codes).
    /// Nothing was written.
    #[code(
        exit = 1,
        doc = "No error code enum is given or linked into the companion.",
        hint = "Pass the program with --bin target/debug/my-app, or its catalog with --catalog FILE."
    )]
    NothingLinked,
    /// The catalog given with `--catalog`, or printed by the program given
    /// with `--bin`, is not a catalog this companion reads: not JSON, too
    /// large, of another version (the message says which sponson-codes
    /// wrote it and which companion to install), or breaking a rule every
    /// catalog keeps (a code that is not a code string, an error code with
    /// exit 0, a program name that is not a name, an enum without codes).
    /// Each failure's hint says what to do about its cause.
    #[code(exit = 1, doc = "The program's catalog cannot be read.")]
    CatalogInvalid,
    /// The program given with `--bin` could not be run, failed, took too
    /// long, or printed something else than its catalog: it does not call
    /// `sponson_codes::catalog::export_if_requested()` first thing in `main`.
    #[code(
        exit = 1,
        doc = "The program did not hand over its catalog.",
        hint = "Call sponson_codes::catalog::export_if_requested() first thing in main."
    )]
    ProgramFailed,
    /// `coverage` found a live code that nothing in the sources raises or
    /// no test mentions, a retired code that is raised, or a live code
    /// without the long explanation its enum requires; or none of the
    /// program's enums is declared in the sources given. The details list
    /// each gap with what to add where.
    #[code(
        exit = 1,
        doc = "A code is never raised or never tested, or a retired code is raised.",
        hint = "Raise each code where its failure happens and test it, or retire it."
    )]
    CoverageGap,
    /// `merge` or `site` read programs that declare one code string with
    /// different exits, HTTP or gRPC statuses or retryability (or a warning in one,
    /// an error in another): consumers that read many programs' codes
    /// through one catalog would get two answers for it. Each conflict names
    /// the programs; nothing was written. Make them agree, give one of the
    /// codes another name (a breaking change for its program, which its lock
    /// reports), or pass `--allow-conflicts` to merge them as they are, each
    /// reported as a `CODE_DIFFERS` warning.
    #[code(
        exit = 1,
        doc = "Programs merged into one catalog declare one code differently.",
        hint = "Make them agree, rename one of the codes, or pass --allow-conflicts."
    )]
    CatalogConflict,
    /// `check --locales DIR` found a live error code without a message in
    /// a shipped locale, a message that names a variable which is not one
    /// of its code's details, or a Fluent file that does not parse; each
    /// problem names its file and, where it has one, its line.
    #[code(
        exit = 1,
        doc = "A locale's Fluent files lack a code's message, name a variable that is not a detail, or do not parse.",
        hint = "Fix each file and line named: add the message, or name only the code's details."
    )]
    LocalesInvalid,
    /// A bug in the companion itself; please report it.
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

/// Findings of the companion that do not fail its command.
///
/// ```
/// use sponson_codes::companion::CompanionWarning;
///
/// assert_eq!(CompanionWarning::ExhaustiveEnum.code(), "EXHAUSTIVE_ENUM");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, WarningCodes)]
#[codes(crate = crate)]
#[non_exhaustive]
pub enum CompanionWarning {
    /// A public enum is not `#[non_exhaustive]`, so adding a code to it
    /// breaks Rust crates that `match` on it exhaustively. Add
    /// `#[non_exhaustive]` before its first release.
    #[code(
        doc = "A public code enum is not `#[non_exhaustive]`.",
        hint = "Add #[non_exhaustive] to the enum."
    )]
    ExhaustiveEnum,
    /// Programs merged into one catalog word one code's `doc` differently,
    /// or declare it differently and `--allow-conflicts` let the merge go
    /// on. Each program's pages show its own definition.
    #[code(
        doc = "Programs merged into one catalog declare one code differently.",
        hint = "Make the programs agree on the code, or give one of them another code."
    )]
    CodeDiffers,
}

/// A failure of one companion command.
pub(crate) type Failure = crate::error::Error<CompanionCode>;
