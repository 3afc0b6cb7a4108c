//! What each command does. Output goes to the writer given, so that a
//! closed stdout is an error the caller sees.

use std::fs;
use std::io::{Read as _, Write};

use clap::ArgMatches;
use serde::Serialize;

use crate::book::{Amount, Book, Date, Txn, HEADER};
use crate::errors::LedgerError;

fn arg<'a>(m: &'a ArgMatches, name: &str) -> &'a str {
    m.get_one::<String>(name).map(String::as_str).unwrap_or("")
}

/// Reads and parses the ledger file at `path`.
pub fn load(path: &str) -> Result<Book, LedgerError> {
    let text = fs::read_to_string(path).map_err(|source| LedgerError::Read {
        path: path.to_owned(),
        source,
    })?;
    Book::parse(path, &text)
}

fn append(path: &str, lines: &[String]) -> Result<(), LedgerError> {
    let write = || -> std::io::Result<()> {
        let mut file = fs::OpenOptions::new().append(true).open(path)?;
        for line in lines {
            writeln!(file, "{line}")?;
        }
        file.sync_all()
    };
    write().map_err(|source| LedgerError::Write {
        path: path.to_owned(),
        source,
    })
}

pub fn init(m: &ArgMatches, out: &mut dyn Write) -> Result<(), LedgerError> {
    let path = arg(m, "file");
    let created = fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path);
    let mut file = match created {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            return Err(LedgerError::AlreadyExists {
                path: path.to_owned(),
            })
        }
        Err(source) => {
            return Err(LedgerError::Write {
                path: path.to_owned(),
                source,
            })
        }
    };
    writeln!(file, "{HEADER}").map_err(|source| LedgerError::Write {
        path: path.to_owned(),
        source,
    })?;
    writeln!(out, "created {path}")?;
    Ok(())
}

pub fn open(m: &ArgMatches, out: &mut dyn Write) -> Result<(), LedgerError> {
    let path = arg(m, "file");
    let mut book = load(path)?;
    let date: Date = arg(m, "date").parse()?;
    let account = arg(m, "account");
    book.open(account, date, 0)?;
    append(path, &[format!("open {date} {account}")])?;
    writeln!(out, "opened {account} on {date}")?;
    Ok(())
}

pub fn add(m: &ArgMatches, out: &mut dyn Write) -> Result<(), LedgerError> {
    let path = arg(m, "file");
    let mut book = load(path)?;
    let txn = Txn {
        date: arg(m, "date").parse()?,
        from: arg(m, "from").to_owned(),
        to: arg(m, "to").to_owned(),
        amount: arg(m, "amount").parse()?,
        memo: arg(m, "memo")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" "),
        line: 0,
    };
    let line = Book::line_of(&txn);
    book.post(txn)?;
    append(path, std::slice::from_ref(&line))?;
    writeln!(out, "{line}")?;
    Ok(())
}

/// What `balance` prints, as text or JSON.
#[derive(Debug, Serialize)]
pub struct Balances {
    pub file: String,
    pub accounts: Vec<AccountBalance>,
}

#[derive(Debug, Serialize)]
pub struct AccountBalance {
    pub account: String,
    pub balance: Amount,
}

pub fn balances(m: &ArgMatches) -> Result<Balances, LedgerError> {
    let path = arg(m, "file");
    let book = load(path)?;
    let only = m.get_one::<String>("account");
    let under = |name: &str| match only {
        Some(only) => name == only || name.starts_with(&format!("{only}:")),
        None => true,
    };
    if let Some(only) = only {
        if !book.accounts.iter().any(|a| under(&a.name)) {
            return Err(LedgerError::UnknownAccount {
                account: only.clone(),
            });
        }
    }
    let accounts = book
        .balances()
        .into_iter()
        .filter(|(name, _)| under(name))
        .map(|(account, balance)| AccountBalance { account, balance })
        .collect();
    Ok(Balances {
        file: path.to_owned(),
        accounts,
    })
}

/// The table people read: one account a line, amounts aligned.
pub fn balances_text(b: &Balances) -> String {
    let width = b
        .accounts
        .iter()
        .map(|a| a.account.len())
        .max()
        .unwrap_or(0);
    let mut text = String::new();
    for a in &b.accounts {
        text.push_str(&format!(
            "{:<width$}  {:>12}\n",
            a.account,
            a.balance.to_string()
        ));
    }
    text
}

pub fn balance(m: &ArgMatches, out: &mut dyn Write) -> Result<(), LedgerError> {
    let b = balances(m)?;
    if arg(m, "format") == "json" {
        serde_json::to_writer_pretty(&mut *out, &b)?;
        writeln!(out)?;
    } else {
        write!(out, "{}", balances_text(&b))?;
    }
    Ok(())
}

#[derive(Serialize)]
struct ReportLine<'a> {
    #[serde(flatten)]
    txn: &'a Txn,
    running: Amount,
}

pub fn report(m: &ArgMatches, out: &mut dyn Write) -> Result<(), LedgerError> {
    let book = load(arg(m, "file"))?;
    let month = match m.get_one::<String>("month") {
        Some(month) => Some(format!("{month}-01").parse::<Date>()?),
        None => None,
    };
    let json = arg(m, "format") == "json";
    let mut running = Amount(0);
    let mut first = true;
    if json {
        write!(out, "[")?;
    }
    for txn in &book.txns {
        if month.is_some_and(|m| (m.year, m.month) != (txn.date.year, txn.date.month)) {
            continue;
        }
        running = running.plus(txn.amount);
        if json {
            let sep = if first { "\n  " } else { ",\n  " };
            write!(
                out,
                "{sep}{}",
                serde_json::to_string(&ReportLine { txn, running })?
            )?;
        } else {
            writeln!(
                out,
                "{}  {:<20} {:<20} {:>12} {:>12}  {}",
                txn.date,
                txn.from,
                txn.to,
                txn.amount.to_string(),
                running.to_string(),
                txn.memo
            )?;
        }
        first = false;
    }
    if json {
        writeln!(out, "{}]", if first { "" } else { "\n" })?;
    }
    Ok(())
}

pub fn check(m: &ArgMatches, out: &mut dyn Write) -> Result<(), LedgerError> {
    let book = load(arg(m, "file"))?;
    for account in &book.accounts {
        let used = book
            .txns
            .iter()
            .any(|t| t.from == account.name || t.to == account.name);
        if !used {
            eprintln!(
                "ledger: warning: account `{}` is opened but never used",
                account.name
            );
        }
    }
    if m.get_flag("strict") {
        if let Some((account, balance)) = book.first_overdrawn() {
            return Err(LedgerError::Overdrawn { account, balance });
        }
    }
    writeln!(
        out,
        "{}: {} accounts, {} transactions, ok",
        book.path,
        book.accounts.len(),
        book.txns.len()
    )?;
    Ok(())
}

pub fn import(m: &ArgMatches, out: &mut dyn Write) -> Result<(), LedgerError> {
    let path = arg(m, "file");
    let mut book = load(path)?;
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input)?;
    let mut lines = Vec::new();
    for (index, row) in input.lines().enumerate() {
        let line = index + 1;
        if row.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = row.split(',').map(str::trim).collect();
        if !(4..=5).contains(&fields.len()) {
            return Err(LedgerError::Csv {
                line,
                message: format!("expected 4 or 5 fields, found {}", fields.len()),
            });
        }
        let txn = Txn {
            date: fields[0].parse()?,
            from: fields[1].to_owned(),
            to: fields[2].to_owned(),
            amount: fields[3].parse()?,
            memo: fields.get(4).copied().unwrap_or("").to_owned(),
            line,
        };
        lines.push(Book::line_of(&txn));
        book.post(txn)?;
    }
    append(path, &lines)?;
    writeln!(out, "imported {} transactions into {path}", lines.len())?;
    Ok(())
}
