//! Every way a `ledger` command can fail, with the exit code and the hint
//! each one gives.

use std::fmt;
use std::io;

use crate::book::{Amount, AmountError, Date, DateError};

#[derive(Debug)]
pub enum LedgerError {
    /// The ledger file cannot be read.
    Read {
        path: String,
        source: io::Error,
    },
    /// The ledger file cannot be written.
    Write {
        path: String,
        source: io::Error,
    },
    /// Standard input or output failed.
    Io(io::Error),
    /// JSON output cannot be written.
    Json(serde_json::Error),
    NotALedger {
        path: String,
    },
    Parse {
        path: String,
        line: usize,
        message: String,
    },
    BadDate(DateError),
    BadAmount(AmountError),
    UnknownAccount {
        account: String,
    },
    DuplicateAccount {
        account: String,
    },
    NotYetOpen {
        account: String,
        opened: Date,
        date: Date,
    },
    Overdrawn {
        account: String,
        balance: Amount,
    },
    AlreadyExists {
        path: String,
    },
    Csv {
        line: usize,
        message: String,
    },
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

impl LedgerError {
    /// 1: cannot read or write; 3: the file is wrong; 4: an account is
    /// wrong; 5: refused to overwrite; 6: `check --strict` failed; 2 is
    /// clap's, for the command line, and bad values given on it.
    pub fn exit_code(&self) -> u8 {
        match self {
            LedgerError::Read { .. }
            | LedgerError::Write { .. }
            | LedgerError::Io(_)
            | LedgerError::Json(_) => 1,
            LedgerError::BadDate(_) | LedgerError::BadAmount(_) => 2,
            LedgerError::NotALedger { .. }
            | LedgerError::Parse { .. }
            | LedgerError::Csv { .. } => 3,
            LedgerError::UnknownAccount { .. }
            | LedgerError::DuplicateAccount { .. }
            | LedgerError::NotYetOpen { .. } => 4,
            LedgerError::AlreadyExists { .. } => 5,
            LedgerError::Overdrawn { .. } => 6,
        }
    }

    pub fn hint(&self) -> Option<&'static str> {
        match self {
            LedgerError::NotALedger { .. } => Some("create one with `ledger init FILE`"),
            LedgerError::UnknownAccount { .. } => {
                Some("declare it with `ledger open FILE ACCOUNT --date DATE`")
            }
            LedgerError::AlreadyExists { .. } => {
                Some("pick another file name, or remove the old file")
            }
            LedgerError::Csv { .. } => Some("each line is `date,from,to,amount[,memo]`"),
            _ => None,
        }
    }
}
