//! The ledger file: dates, amounts, accounts and transactions, parsed and
//! checked line by line.
//!
//! ```text
//! ;; ledger v1
//! open 2024-01-01 assets:cash
//! open 2024-01-01 expenses:food
//! 2024-01-03 assets:cash -> expenses:food 12.50 lunch with ana
//! ```

use std::fmt;
use std::str::FromStr;

use serde::{Serialize, Serializer};

use crate::errors::LedgerError;

/// The first line of every ledger file.
pub const HEADER: &str = ";; ledger v1";

/// A calendar date, `YYYY-MM-DD`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    pub year: u16,
    pub month: u8,
    pub day: u8,
}

/// A date that is not `YYYY-MM-DD` or not on the calendar.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DateError {
    pub input: String,
}

impl fmt::Display for DateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` is not a date (YYYY-MM-DD)", self.input)
    }
}

impl std::error::Error for DateError {}

fn days_in(year: u16, month: u8) -> u8 {
    match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if (year.is_multiple_of(4) && !year.is_multiple_of(100)) || year.is_multiple_of(400) => {
            29
        }
        2 => 28,
        _ => 0,
    }
}

impl FromStr for Date {
    type Err = DateError;

    fn from_str(s: &str) -> Result<Date, DateError> {
        let err = || DateError {
            input: s.to_owned(),
        };
        let parts: Vec<&str> = s.split('-').collect();
        let [y, m, d] = parts.as_slice() else {
            return Err(err());
        };
        if y.len() != 4 || m.len() != 2 || d.len() != 2 {
            return Err(err());
        }
        let year: u16 = y.parse().map_err(|_| err())?;
        let month: u8 = m.parse().map_err(|_| err())?;
        let day: u8 = d.parse().map_err(|_| err())?;
        if day == 0 || day > days_in(year, month) {
            return Err(err());
        }
        Ok(Date { year, month, day })
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

impl Serialize for Date {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// An amount of money in cents.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct Amount(pub i64);

/// An amount that is not `123` or `123.45`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AmountError {
    pub input: String,
}

impl fmt::Display for AmountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not an amount (digits, then at most two decimals)",
            self.input
        )
    }
}

impl std::error::Error for AmountError {}

impl FromStr for Amount {
    type Err = AmountError;

    fn from_str(s: &str) -> Result<Amount, AmountError> {
        let err = || AmountError {
            input: s.to_owned(),
        };
        let (units, cents) = match s.split_once('.') {
            Some((units, cents)) if (1..=2).contains(&cents.len()) => (units, cents),
            Some(_) => return Err(err()),
            None => (s, "00"),
        };
        let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
        if !digits(units) || !digits(cents) || units.len() > 16 {
            return Err(err());
        }
        let units: i64 = units.parse().map_err(|_| err())?;
        let scale = if cents.len() == 1 { 10 } else { 1 };
        let cents: i64 = cents.parse::<i64>().map_err(|_| err())? * scale;
        Ok(Amount(units * 100 + cents))
    }
}

impl fmt::Display for Amount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        write!(f, "{sign}{}.{:02}", abs / 100, abs % 100)
    }
}

impl Serialize for Amount {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl Amount {
    /// The sum; amounts this large never occur in a real ledger.
    pub fn plus(self, other: Amount) -> Amount {
        Amount(self.0.checked_add(other.0).expect("amount overflow"))
    }

    pub fn minus(self, other: Amount) -> Amount {
        Amount(self.0.checked_sub(other.0).expect("amount overflow"))
    }
}

/// An account, declared by an `open` line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Account {
    pub name: String,
    pub opened: Date,
    #[serde(skip)]
    pub line: usize,
}

/// A transfer of `amount` from one account to another.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Txn {
    pub date: Date,
    pub from: String,
    pub to: String,
    pub amount: Amount,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub memo: String,
    #[serde(skip)]
    pub line: usize,
}

/// A parsed ledger file.
#[derive(Debug, Clone, Default)]
pub struct Book {
    pub path: String,
    pub accounts: Vec<Account>,
    pub txns: Vec<Txn>,
}

/// Account names: lowercase words joined by `:`, as `assets:cash`.
pub fn valid_account(name: &str) -> bool {
    !name.is_empty()
        && name.split(':').all(|word| {
            !word.is_empty()
                && word
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        })
}

impl Book {
    /// Parses the text of the file at `path`.
    pub fn parse(path: &str, text: &str) -> Result<Book, LedgerError> {
        let mut lines = text.lines().enumerate();
        match lines.next() {
            Some((_, first)) if first.trim_end() == HEADER => {}
            _ => {
                return Err(LedgerError::NotALedger {
                    path: path.to_owned(),
                })
            }
        }
        let mut book = Book {
            path: path.to_owned(),
            ..Book::default()
        };
        for (index, raw) in lines {
            let line = index + 1;
            let text = raw.trim();
            if text.is_empty() || text.starts_with('#') {
                continue;
            }
            let parse_error = |message: String| LedgerError::Parse {
                path: path.to_owned(),
                line,
                message,
            };
            let words: Vec<&str> = text.split_whitespace().collect();
            if words[0] == "open" {
                let [_, date, name] = words.as_slice() else {
                    return Err(parse_error("expected `open DATE ACCOUNT`".to_owned()));
                };
                let opened: Date = date
                    .parse()
                    .map_err(|e: DateError| parse_error(e.to_string()))?;
                book.open(name, opened, line)?;
                continue;
            }
            if words.len() < 5 || words[2] != "->" {
                return Err(parse_error(
                    "expected `DATE FROM -> TO AMOUNT [MEMO]` or `open DATE ACCOUNT`".to_owned(),
                ));
            }
            let date: Date = words[0]
                .parse()
                .map_err(|e: DateError| parse_error(e.to_string()))?;
            let amount: Amount = words[4]
                .parse()
                .map_err(|e: AmountError| parse_error(e.to_string()))?;
            let txn = Txn {
                date,
                from: words[1].to_owned(),
                to: words[3].to_owned(),
                amount,
                memo: words[5..].join(" "),
                line,
            };
            book.post(txn)?;
        }
        Ok(book)
    }

    /// Declares an account.
    pub fn open(&mut self, name: &str, opened: Date, line: usize) -> Result<(), LedgerError> {
        if !valid_account(name) {
            return Err(LedgerError::Parse {
                path: self.path.clone(),
                line,
                message: format!("`{name}` is not an account name (like `assets:cash`)"),
            });
        }
        if self.account(name).is_some() {
            return Err(LedgerError::DuplicateAccount {
                account: name.to_owned(),
            });
        }
        self.accounts.push(Account {
            name: name.to_owned(),
            opened,
            line,
        });
        Ok(())
    }

    pub fn account(&self, name: &str) -> Option<&Account> {
        self.accounts.iter().find(|a| a.name == name)
    }

    /// Adds a transaction, checking both accounts are open on its date.
    pub fn post(&mut self, txn: Txn) -> Result<(), LedgerError> {
        for name in [&txn.from, &txn.to] {
            let account = self
                .account(name)
                .ok_or_else(|| LedgerError::UnknownAccount {
                    account: name.clone(),
                })?;
            if txn.date < account.opened {
                return Err(LedgerError::NotYetOpen {
                    account: name.clone(),
                    opened: account.opened,
                    date: txn.date,
                });
            }
        }
        self.txns.push(txn);
        Ok(())
    }

    /// The balance of every account, in the order they were opened.
    pub fn balances(&self) -> Vec<(String, Amount)> {
        let mut out: Vec<(String, Amount)> = self
            .accounts
            .iter()
            .map(|a| (a.name.clone(), Amount(0)))
            .collect();
        for txn in &self.txns {
            for (name, balance) in out.iter_mut() {
                if *name == txn.from {
                    *balance = balance.minus(txn.amount);
                }
                if *name == txn.to {
                    *balance = balance.plus(txn.amount);
                }
            }
        }
        out
    }

    /// The first `assets:` account that goes below zero, in date order, and
    /// its balance then.
    pub fn first_overdrawn(&self) -> Option<(String, Amount)> {
        let mut txns: Vec<&Txn> = self.txns.iter().collect();
        txns.sort_by_key(|t| (t.date, t.line));
        let mut running: Vec<(String, Amount)> = Vec::new();
        for txn in txns {
            let at = match running.iter().position(|(n, _)| *n == txn.from) {
                Some(at) => at,
                None => {
                    running.push((txn.from.clone(), Amount(0)));
                    running.len() - 1
                }
            };
            running[at].1 = running[at].1.minus(txn.amount);
            if let Some(to) = running.iter_mut().find(|(n, _)| *n == txn.to) {
                to.1 = to.1.plus(txn.amount);
            } else {
                running.push((txn.to.clone(), txn.amount));
            }
            let (name, balance) = &running[at];
            if name.starts_with("assets:") && balance.0 < 0 {
                return Some((name.clone(), *balance));
            }
        }
        None
    }

    /// One line of the file for `txn`.
    pub fn line_of(txn: &Txn) -> String {
        let mut line = format!("{} {} -> {} {}", txn.date, txn.from, txn.to, txn.amount);
        if !txn.memo.is_empty() {
            line.push(' ');
            line.push_str(&txn.memo);
        }
        line
    }
}
