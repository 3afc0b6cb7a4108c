//! `stash`: keeps named snippets of text in a local store. `STASH_JSON=1`
//! prints one JSON document per run instead of text.

mod cli;
mod codes;
mod commands;
mod store;

use std::process::ExitCode;

use serde_json::Value;
use sponson_codes::clap::Parse;
use sponson_codes::Error;

use cli::Cli;
use codes::Code;

/// The coded error of a failure: the code of the `Error<Code>` given as
/// context or bailed with, else `FAILED`, so that only a panic is the
/// fallback. `stash` has always shown the whole chain, contexts above the
/// coded one included: the message is the outermost and the causes all the
/// others.
fn coded(err: anyhow::Error) -> Error<Code> {
    let messages: Vec<String> = err.chain().map(ToString::to_string).collect();
    let found = Error::<Code>::from(err);
    let code = match found.is_fallback() {
        true => Code::Failed,
        false => found.kind(),
    };
    let mut error = Error::new(code, messages[0].clone());
    if found.hint() != code.hint() {
        error = error.with_hint(found.hint().unwrap_or_default());
    }
    for (key, value) in found.details().as_map() {
        if key != "causes" {
            error = error.with_detail(key, value);
        }
    }
    match messages.len() {
        1 => error,
        _ => error.with_detail("causes", &messages[1..]),
    }
}

/// The text `stash` has always printed for a failure: anyhow's `{:#}`.
fn text_error(err: &Error<Code>) -> String {
    // Silent exits print nothing; a panic's message the panic hook printed.
    if err.is(&Code::Absent) || err.is(&Code::Corrupt) || err.is_fallback() {
        return String::new();
    }
    let mut text = format!("stash: {}", err.message());
    if let Some(Value::Array(causes)) = err.details().get("causes") {
        for cause in causes.iter().filter_map(Value::as_str) {
            text.push_str(": ");
            text.push_str(cause);
        }
    }
    text
}

fn main() -> ExitCode {
    // `SPONSON_CODES_CATALOG=1 stash` hands the codes to the companion.
    sponson_codes::catalog::export_if_requested();
    // An environment variable, not a flag: `list --json` is taken.
    let parsed = match Parse::<Code>::new().json_env("STASH_JSON").parsed::<Cli>() {
        Ok(parsed) => parsed,
        Err(exit) => return exit,
    };
    let runner = parsed
        .runner::<Code>()
        .text_error(text_error)
        // `stash list | head` has always exited 1.
        .closed_stdout_exit(1);
    match parsed.value {
        Cli::Init => runner.run_printing(|out| commands::init(out).map_err(coded)),
        Cli::Put {
            name,
            file,
            force,
            tags,
        } => runner.run_printing(|out| {
            commands::put(&name, file.as_deref(), force, &tags, out).map_err(coded)
        }),
        Cli::Get { name } => runner.run_printing(|out| commands::get(&name, out).map_err(coded)),
        Cli::List { tag, json } => runner.run_with(
            || commands::listed(tag.as_deref()).map_err(coded),
            |entries| match json {
                true => format!("{}\n", serde_json::to_string(entries).unwrap_or_default()),
                false => commands::listed_text(entries),
            },
        ),
        Cli::Rm { name } => runner.run_printing(|out| commands::rm(&name, out).map_err(coded)),
        Cli::Has { name } => runner.run(|| commands::has(&name).map_err(coded)),
        Cli::Verify { quiet } => {
            runner.run_printing(|out| commands::verify(quiet, out).map_err(coded))
        }
        Cli::Completions { shell } => {
            runner.run_printing(|out| commands::completions(shell, out).map_err(coded))
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn error_docs_are_fresh() {
        sponson_codes::testing::assert_docs_fresh(
            "docs/errors.md",
            "sponson-codes docs --bin target/debug/stash --out examples/stash/docs/errors.md",
        );
    }

    #[test]
    fn error_lock_is_fresh() {
        sponson_codes::testing::assert_lock_fresh(
            "docs/errors.lock.json",
            "sponson-codes lock --bin target/debug/stash --out examples/stash/docs/errors.lock.json",
        );
    }
}
