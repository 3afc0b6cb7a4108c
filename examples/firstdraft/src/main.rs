//! `firstdraft`: push plans; with `--json`, a failure is one JSON object on stderr.

use std::process::ExitCode;

use firstdraft_example::{Cli, Code, Command};
use sponson_codes::{Mode, Runner};

fn main() -> ExitCode {
    // `SPONSON_CODES_CATALOG=1` hands the codes to the companion.
    sponson_codes::catalog::export_if_requested();
    let cli = match sponson_codes::clap::parse::<Cli, Code>() {
        Ok(cli) => cli,
        Err(exit) => return exit,
    };
    let runner = Runner::<Code>::new(cli.command.name(), Mode::from_json_flag(cli.json));
    match &cli.command {
        Command::Push {
            plan,
            response,
            state,
        } => runner.run_with(
            || firstdraft_example::push(plan, response, state.as_deref()),
            |pushed| format!("pushed plan {}", pushed.plan_id),
        ),
        Command::Sample { count } => runner.run(|| firstdraft_example::sample(*count)),
        Command::Crash => runner.run(firstdraft_example::crash),
    }
}
