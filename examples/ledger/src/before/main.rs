//! `ledger`: keeps accounts in a plain-text ledger file.

mod book;
mod cli;
mod commands;
mod errors;

use std::io::{self, Write as _};
use std::process::ExitCode;

use errors::LedgerError;

fn run(matches: &clap::ArgMatches) -> Result<(), LedgerError> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let (name, m) = matches.subcommand().expect("a subcommand is required");
    match name {
        "init" => commands::init(m, &mut out)?,
        "open" => commands::open(m, &mut out)?,
        "add" => commands::add(m, &mut out)?,
        "balance" => commands::balance(m, &mut out)?,
        "report" => commands::report(m, &mut out)?,
        "check" => commands::check(m, &mut out)?,
        "import" => commands::import(m, &mut out)?,
        _ => unreachable!("clap knows every subcommand"),
    }
    out.flush()?;
    Ok(())
}

fn main() -> ExitCode {
    let matches = cli::command().get_matches();
    match run(&matches) {
        Ok(()) => ExitCode::SUCCESS,
        // `ledger report | head`: the reader has what it wanted.
        Err(LedgerError::Io(err)) if err.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("ledger: error: {err}");
            if let Some(hint) = err.hint() {
                eprintln!("ledger: hint: {hint}");
            }
            ExitCode::from(err.exit_code())
        }
    }
}
