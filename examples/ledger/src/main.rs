//! `ledger`: keeps accounts in a plain-text ledger file. A hidden `--json`
//! prints one JSON document per run instead of text.

mod book;
mod cli;
mod commands;
mod errors;

use std::process::ExitCode;

use sponson_codes::clap::Parse;
use sponson_codes::Error;

use errors::LedgerError;

/// The text `ledger` has always printed for a failure.
fn text_error(err: &Error<LedgerError>) -> String {
    // The fallback is a panic, whose message the panic hook has printed.
    if err.is_fallback() {
        return String::new();
    }
    let mut text = format!("ledger: error: {}\n", err.message());
    if let Some(hint) = err.hint() {
        text.push_str(&format!("ledger: hint: {hint}\n"));
    }
    text
}

fn main() -> ExitCode {
    // `SPONSON_CODES_CATALOG=1 ledger` hands the codes to the companion.
    sponson_codes::catalog::export_if_requested();
    let parsed = match Parse::<LedgerError>::new()
        .hidden_json_flag("--json")
        .parsed_command(cli::command())
    {
        Ok(parsed) => parsed,
        Err(exit) => return exit,
    };
    let runner = parsed
        .runner::<LedgerError>()
        .text_error(text_error)
        .text_warning(|w| format!("ledger: warning: {}", w.message()))
        // `ledger report | head`: the reader has what it wanted.
        .closed_stdout_exit(0);
    let (name, m) = parsed.value.subcommand().expect("a subcommand is required");
    match name {
        "balance" => {
            let json = m.get_one::<String>("format").is_some_and(|f| f == "json");
            runner.run_with(
                || commands::balances(m),
                |b| match json {
                    true => commands::balances_json(b),
                    false => commands::balances_text(b),
                },
            )
        }
        "init" => runner.run_printing(|out| commands::init(m, out)),
        "open" => runner.run_printing(|out| commands::open(m, out)),
        "add" => runner.run_printing(|out| commands::add(m, out)),
        "report" => runner.run_printing(|out| commands::report(m, out)),
        "check" => runner.run_printing(|out| commands::check(m, out)),
        "import" => runner.run_printing(|out| commands::import(m, out)),
        _ => unreachable!("clap knows every subcommand"),
    }
}

#[cfg(test)]
mod tests {
    // `cargo test` runs in the package's directory; CI checks the same files
    // with the installed companion, from the workspace's root.
    #[test]
    fn error_docs_are_fresh() {
        sponson_codes::testing::assert_docs_fresh(
            "docs/errors.md",
            "sponson-codes docs --bin target/debug/ledger --out examples/ledger/docs/errors.md",
        );
    }

    #[test]
    fn error_lock_is_fresh() {
        sponson_codes::testing::assert_lock_fresh(
            "docs/errors.lock.json",
            "sponson-codes lock --bin target/debug/ledger --out examples/ledger/docs/errors.lock.json",
        );
    }

    /// `--format json` writes through serde_json, whose errors (a write that
    /// fails midway) are `JSON_OUTPUT`, exit 1.
    #[test]
    fn a_json_writing_error_is_json_output() {
        let failed = serde_json::to_writer(Failing, &[1, 2]).unwrap_err();
        let err = crate::errors::LedgerError::from(failed);
        assert_eq!((err.code(), err.exit_code()), ("JSON_OUTPUT", 1));
    }

    struct Failing;

    impl std::io::Write for Failing {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(std::io::Error::other("disk full"))
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn the_docs_name_the_enum_by_the_binary_crates_path() {
        let docs = std::fs::read_to_string("docs/errors.md").unwrap();
        assert!(docs.contains("`ledger::errors::LedgerError`"), "{docs}");
        assert_eq!(
            <crate::errors::LedgerError as sponson_codes::ErrorCode>::ENUM.path(),
            "ledger::errors::LedgerError"
        );
    }
}
