//! Every way a `ledger` command can fail; the codes, exit codes and hints
//! are declared on the enum.

use std::fmt;
use std::io;

use sponson_codes::{ErrorCodes, WarningCodes};

use crate::book::{Amount, AmountError, Date, DateError};

/// Failures of `ledger`. The exit code tells the class of failure; scripts
/// branch on the code.
#[derive(Debug, ErrorCodes)]
#[codes(exits(
    1 = "cannot read or write",
    2 = "the command line or a value on it is wrong",
    3 = "the file is not a valid ledger",
    4 = "an account is wrong",
    5 = "refused to overwrite",
    6 = "`check --strict` failed",
    101 = "a bug: the program panicked",
))]
pub enum LedgerError {
    /// The details name the file; the message has the system's reason.
    #[code(
        exit = 1,
        doc = "The ledger file cannot be read.",
        name = "FILE_UNREADABLE"
    )]
    Read {
        #[code(detail)]
        path: String,
        source: io::Error,
    },
    #[code(
        exit = 1,
        doc = "The ledger file cannot be written.",
        name = "FILE_UNWRITABLE"
    )]
    Write {
        #[code(detail)]
        path: String,
        source: io::Error,
    },
    #[code(
        exit = 1,
        doc = "Standard input or output failed.",
        name = "STDIO_FAILED"
    )]
    Io(io::Error),
    #[code(exit = 1, doc = "JSON output cannot be written.", name = "JSON_OUTPUT")]
    Json(serde_json::Error),
    #[code(
        exit = 3,
        doc = "The file has no `;; ledger v1` first line.",
        hint = "create one with `ledger init FILE`"
    )]
    NotALedger {
        #[code(detail)]
        path: String,
    },
    /// The details name the file and the line.
    #[code(exit = 3, doc = "A line of the ledger file cannot be read.")]
    Parse {
        #[code(detail)]
        path: String,
        #[code(detail)]
        line: usize,
        message: String,
    },
    #[code(exit = 2, doc = "A date given is not YYYY-MM-DD.")]
    BadDate(DateError),
    #[code(
        exit = 2,
        doc = "An amount given is not digits with at most two decimals."
    )]
    BadAmount(AmountError),
    #[code(
        exit = 4,
        doc = "The account is not declared.",
        hint = "declare it with `ledger open FILE ACCOUNT --date DATE`"
    )]
    UnknownAccount {
        #[code(detail)]
        account: String,
    },
    #[code(exit = 4, doc = "The account is declared twice.")]
    DuplicateAccount {
        #[code(detail)]
        account: String,
    },
    #[code(exit = 4, doc = "A transfer uses an account before the day it opens.")]
    NotYetOpen {
        #[code(detail)]
        account: String,
        #[code(detail)]
        opened: Date,
        #[code(detail)]
        date: Date,
    },
    #[code(exit = 6, doc = "An assets account goes below zero.")]
    Overdrawn {
        #[code(detail)]
        account: String,
        #[code(detail)]
        balance: Amount,
    },
    #[code(
        exit = 5,
        doc = "`init` refuses to overwrite a file.",
        hint = "pick another file name, or remove the old file"
    )]
    AlreadyExists {
        #[code(detail)]
        path: String,
    },
    /// The details give the line of standard input.
    #[code(
        exit = 3,
        doc = "A line of the CSV given to `import` cannot be read.",
        hint = "each line is `date,from,to,amount[,memo]`"
    )]
    Csv {
        #[code(detail)]
        line: usize,
        message: String,
    },
    /// clap's own exit code for a command line it cannot parse.
    #[code(exit = 2, doc = "The command line is not valid.", usage)]
    Usage,
    /// A panic: its message is on stderr, never in a JSON document.
    #[code(exit = 101, doc = "The program stopped on a bug.", fallback)]
    Internal,
}

impl fmt::Display for LedgerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LedgerError::Read { path, source } => write!(f, "cannot read {path}: {source}"),
            LedgerError::Write { path, source } => write!(f, "cannot write {path}: {source}"),
            LedgerError::Io(source) => write!(f, "{source}"),
            LedgerError::Json(source) => write!(f, "cannot write JSON: {source}"),
            LedgerError::NotALedger { path } => {
                write!(f, "{path} is not a ledger file (no `;; ledger v1` line)")
            }
            LedgerError::Parse {
                path,
                line,
                message,
            } => write!(f, "{path}:{line}: {message}"),
            LedgerError::BadDate(err) => write!(f, "{err}"),
            LedgerError::BadAmount(err) => write!(f, "{err}"),
            LedgerError::UnknownAccount { account } => write!(f, "no account `{account}`"),
            LedgerError::DuplicateAccount { account } => {
                write!(f, "account `{account}` is opened twice")
            }
            LedgerError::NotYetOpen {
                account,
                opened,
                date,
            } => write!(
                f,
                "account `{account}` is used on {date} but opened on {opened}"
            ),
            LedgerError::Overdrawn { account, balance } => {
                write!(f, "account `{account}` goes below zero ({balance})")
            }
            LedgerError::AlreadyExists { path } => write!(f, "{path} already exists"),
            LedgerError::Csv { line, message } => write!(f, "stdin:{line}: {message}"),
            LedgerError::Usage => write!(f, "the command line is not valid"),
            LedgerError::Internal => write!(f, "the program stopped on a bug"),
        }
    }
}

impl std::error::Error for LedgerError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            LedgerError::Read { source, .. } | LedgerError::Write { source, .. } => Some(source),
            LedgerError::Io(source) => Some(source),
            LedgerError::Json(source) => Some(source),
            LedgerError::BadDate(err) => Some(err),
            LedgerError::BadAmount(err) => Some(err),
            _ => None,
        }
    }
}

impl From<io::Error> for LedgerError {
    fn from(err: io::Error) -> Self {
        LedgerError::Io(err)
    }
}

impl From<serde_json::Error> for LedgerError {
    fn from(err: serde_json::Error) -> Self {
        LedgerError::Json(err)
    }
}

impl From<DateError> for LedgerError {
    fn from(err: DateError) -> Self {
        LedgerError::BadDate(err)
    }
}

impl From<AmountError> for LedgerError {
    fn from(err: AmountError) -> Self {
        LedgerError::BadAmount(err)
    }
}

/// Findings of `ledger check` that do not fail it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, WarningCodes)]
pub enum Warn {
    #[code(doc = "An account is opened but no transfer uses it.")]
    UnusedAccount,
}
