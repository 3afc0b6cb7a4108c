//! `plan`: validate, apply and push plans; `--json` prints one envelope.

use std::process::ExitCode;

use plan_example::cli::{Cli, Command};
use plan_example::{commands, locales, Code};
use sponson_codes::{Mode, Runner};

fn main() -> ExitCode {
    // `SPONSON_CODES_CATALOG=1` hands the codes to the companion.
    sponson_codes::catalog::export_if_requested();
    let cli = match sponson_codes::clap::parse::<Cli, Code>() {
        Ok(cli) => cli,
        Err(exit) => return exit,
    };
    // A failure's message in the language of the environment too
    // (`LANG=de_DE.UTF-8`): text mode prints it, documents carry it.
    let runner = Runner::<Code>::new(cli.command.name(), Mode::from_json_flag(cli.json))
        .messages(&locales::MESSAGES, locales::locale().as_deref());
    match &cli.command {
        Command::Validate { plan } => runner.run_with(
            || commands::validate(plan),
            |v| format!("{}: {} steps", v.plan, v.steps.len()),
        ),
        Command::Apply(args) => runner.run_with(
            || commands::apply(args),
            |a| format!("applied {} steps to {}", a.applied.len(), a.env),
        ),
        Command::Push(args) => runner.run(|| commands::push(args)),
        Command::Sample { steps } => runner.run_with(
            || commands::sample(*steps),
            |s| s.steps.iter().map(|step| format!("- {step}\n")).collect(),
        ),
        Command::Crash { site } => runner.run(|| commands::crash(*site)),
    }
}
