//! The codes of `stash`'s failures: the exit codes are the ones `stash`
//! always had, and the codes say which failure it was.

use sponson_codes::ErrorCodes;

/// Failures of `stash`. Every failure exits 1, as it always has, except a
/// command line clap refuses (2), `verify` finding corrupt entries (3) and
/// a panic (101).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ErrorCodes)]
#[codes(exits(
    1 = "failure; for `has`, the entry is absent",
    2 = "the command line is not valid",
    3 = "`verify` found corrupt entries",
    101 = "a bug: the program panicked",
))]
pub enum Code {
    #[code(exit = 2, doc = "The command line is not valid.", usage)]
    Usage,
    /// The details name the directory looked in.
    #[code(
        exit = 1,
        doc = "There is no store here.",
        hint = "Run `stash init`, or set STASH_DIR to the store's directory."
    )]
    NoStore,
    #[code(exit = 1, doc = "`init` found a store already there.")]
    StoreExists,
    #[code(exit = 1, doc = "No entry has this name.", hint = "Run `stash list`.")]
    NotFound,
    #[code(
        exit = 1,
        doc = "An entry of this name exists.",
        hint = "Pass --force to replace it."
    )]
    NameTaken,
    #[code(exit = 1, doc = "A name has a character names cannot have.")]
    BadName,
    #[code(exit = 1, doc = "The file to store cannot be read.")]
    InputUnreadable,
    #[code(
        exit = 1,
        doc = "An entry's content is missing from the store.",
        hint = "Run `stash verify`."
    )]
    ContentMissing,
    /// Text mode prints nothing: the exit code is the answer, as `grep -q`'s.
    #[code(exit = 1, doc = "`has`: the entry does not exist.")]
    Absent,
    /// Text mode prints nothing more than `verify`'s own report; the
    /// details list the corrupt entries.
    #[code(
        exit = 3,
        doc = "`verify`: an entry's content does not match its hash."
    )]
    Corrupt,
    #[code(
        exit = 1,
        doc = "A failure without a code of its own: the message says what."
    )]
    Failed,
    /// A panic: its message is on stderr, never in a JSON document.
    #[code(exit = 101, doc = "The program stopped on a bug.", fallback)]
    Internal,
}
