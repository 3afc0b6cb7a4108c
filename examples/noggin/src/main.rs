//! `noggin`: a small outliner; `--json` prints noggin's envelope.

use std::process::ExitCode;

use noggin_example::{Cli, Code, Verb};
use sponson_codes::{Mode, Runner};

fn main() -> ExitCode {
    // `SPONSON_CODES_CATALOG=1` hands the codes to the companion.
    sponson_codes::catalog::export_if_requested();
    let cli = match sponson_codes::clap::parse::<Cli, Code>() {
        Ok(cli) => cli,
        Err(exit) => return exit,
    };
    let runner = Runner::<Code>::new(cli.verb.name(), Mode::from_json_flag(cli.json));
    match &cli.verb {
        Verb::Push { title, title_flag } => {
            runner.run(|| noggin_example::push(title_flag.as_deref().or(title.as_deref())))
        }
        Verb::Where => runner.run(noggin_example::where_),
        Verb::Delete { key } => runner.run(|| noggin_example::delete(key)),
        Verb::Sample { count } => runner.run(|| noggin_example::sample(*count)),
        Verb::Crash => runner.run(noggin_example::crash),
    }
}
