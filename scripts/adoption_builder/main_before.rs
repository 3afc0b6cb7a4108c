//! `builder`: keeps a task list in a plain-text file.

mod commands;
mod errors;

use std::io::{self, Write as _};
use std::process::ExitCode;

use errors::TaskError;

fn run() -> Result<(), TaskError> {
    let matches = match commands::command().try_get_matches() {
        Ok(matches) => matches,
        // --help and --version.
        Err(err) if !err.use_stderr() => {
            let _ = err.print();
            return Ok(());
        }
        Err(err) => return Err(TaskError::Usage(err.render().to_string())),
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let (name, m) = matches.subcommand().expect("a subcommand is required");
    match name {
        "init" => commands::init(m, &mut out)?,
        "add" => commands::add(m, &mut out)?,
        "list" => commands::list(m, &mut out)?,
        "done" => commands::done(m, &mut out)?,
        "remove" => commands::remove(m, &mut out)?,
        "rename" => commands::rename(m, &mut out)?,
        _ => unreachable!("clap knows every subcommand"),
    }
    out.flush()?;
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(TaskError::Usage(text)) => {
            eprint!("{text}");
            ExitCode::from(2)
        }
        Err(err) => {
            eprintln!("builder: error: {err}");
            ExitCode::from(err.exit_code())
        }
    }
}
