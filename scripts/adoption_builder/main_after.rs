//! `builder`: keeps a task list in a plain-text file. A hidden `--json`
//! prints one JSON document per run instead of text.

mod commands;
mod errors;

use std::process::ExitCode;

use sponson_codes::clap::Parse;

use errors::TaskError;

fn main() -> ExitCode {
    // `SPONSON_CODES_CATALOG=1 builder` hands the codes to the companion.
    sponson_codes::catalog::export_if_requested();
    let parsed = match Parse::<TaskError>::new().hidden_json_flag("--json").parsed_command(commands::command()) {
        Ok(parsed) => parsed,
        Err(exit) => return exit,
    };
    let runner = parsed
        .runner::<TaskError>()
        .text_error(|err| format!("builder: error: {}\n", err.message()));
    let (name, m) = parsed.value.subcommand().expect("a subcommand is required");
    match name {
        "init" => runner.run_printing(|out| commands::init(m, out)),
        "add" => runner.run_printing(|out| commands::add(m, out)),
        "list" => runner.run_printing(|out| commands::list(m, out)),
        "done" => runner.run_printing(|out| commands::done(m, out)),
        "remove" => runner.run_printing(|out| commands::remove(m, out)),
        "rename" => runner.run_printing(|out| commands::rename(m, out)),
        _ => unreachable!("clap knows every subcommand"),
    }
}
