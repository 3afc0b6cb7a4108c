//! `stash`: keeps named snippets of text in a local store.

mod cli;
mod commands;
mod store;

use std::fmt;
use std::io::Write as _;
use std::process::ExitCode;

use clap::Parser as _;

use cli::Cli;

/// Ends the program with this exit code and prints nothing, as `grep -q`.
#[derive(Debug)]
pub struct SilentExit(pub u8);

impl fmt::Display for SilentExit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "exit {}", self.0)
    }
}

impl std::error::Error for SilentExit {}

fn run(cli: Cli) -> anyhow::Result<()> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    match cli {
        Cli::Init => commands::init(&mut out)?,
        Cli::Put {
            name,
            file,
            force,
            tags,
        } => commands::put(&name, file.as_deref(), force, &tags, &mut out)?,
        Cli::Get { name } => commands::get(&name, &mut out)?,
        Cli::List { tag, json } => commands::list(tag.as_deref(), json, &mut out)?,
        Cli::Rm { name } => commands::rm(&name, &mut out)?,
        Cli::Has { name } => commands::has(&name)?,
        Cli::Verify { quiet } => commands::verify(quiet, &mut out)?,
        Cli::Completions { shell } => commands::completions(shell, &mut out)?,
    }
    out.flush()?;
    Ok(())
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => match err.downcast_ref::<SilentExit>() {
            Some(SilentExit(code)) => ExitCode::from(*code),
            None => {
                eprintln!("stash: {err:#}");
                ExitCode::FAILURE
            }
        },
    }
}
