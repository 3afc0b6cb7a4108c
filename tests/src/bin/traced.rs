//! `traced [--json] <command>`: a command line whose coded failures are
//! `tracing` events, for `tests/test_tracing.rs`. It runs under a span that
//! declares `error.type`, and a subscriber that keeps every event and span
//! record (`tests/support/capture.rs`); after the command's own output it
//! prints each of them on stderr as a line `tracing {...}`.

use std::process::{ExitCode, Termination};

use sponson_codes::{clap::Parse, Error, ErrorCodes, Exit};

#[path = "../../tests/support/capture.rs"]
mod capture;

#[derive(Debug, ErrorCodes)]
enum Code {
    #[code(exit = 3, doc = "Another run holds the lock.", hint = "Pass --wait.")]
    LockHeld,
    #[code(exit = 2, doc = "The command line is not valid.", usage)]
    Usage,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

#[derive(clap::Parser)]
enum Cli {
    /// Fails with LOCK_HELD, a detail carrying a secret.
    Held,
    /// Succeeds.
    Done,
    /// Panics with a secret in the message.
    Crash,
    /// Fails with details no document can hold: the runner reports the fallback.
    Clash,
    /// Fails with LOCK_HELD through `Exit`, as a `main` returning a coded result.
    Exit,
}

fn held() -> Error<Code> {
    Error::new(Code::LockHeld, "the lock on prod is held by run 41")
        .with_detail("token", "sk-live-detail")
}

fn run() -> ExitCode {
    let parsed = match Parse::<Code>::new()
        .hidden_json_flag("--json")
        .parsed::<Cli>()
    {
        Ok(parsed) => parsed,
        Err(exit) => return exit,
    };
    let runner = parsed.runner::<Code>();
    match parsed.value {
        Cli::Held => runner.run(|| Err::<(), _>(held())),
        Cli::Done => runner.run(|| Ok::<_, Error<Code>>("done")),
        Cli::Crash => {
            runner.run(|| -> Result<(), Error<Code>> { panic!("the token is sk-live-panic") })
        }
        Cli::Clash => runner.run(|| {
            Err::<(), _>(Error::new(Code::LockHeld, "held").with_detail("code", "shadowed"))
        }),
        Cli::Exit => Exit::<Code>::from(Err::<(), _>(held())).report(),
    }
}

fn main() -> ExitCode {
    let capture = capture::Capture::default();
    tracing::subscriber::set_global_default(capture.subscriber()).expect("the only subscriber");
    let span = tracing::info_span!("traced", "error.type" = tracing::field::Empty);
    let exit = span.in_scope(run);
    for seen in capture.seen() {
        eprintln!("tracing {seen}");
    }
    exit
}
