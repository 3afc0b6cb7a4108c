//! A small plan pusher in the style of firstdraft: every handled failure is
//! one JSON object on stderr, `{"error": "<code>", "detail": "...", ...}`,
//! exits 0/1/2, and success prints the program's own output. One line
//! chooses it: `sponson_codes::use_profile!(sponson_codes::profile::FIRSTDRAFT)`.

use std::path::{Path, PathBuf};

use clap::{Parser, Subcommand};
use serde::Serialize;
use serde_json::Value;
use sponson_codes::{
    allowlist::{Allowlist, Shape},
    Error, ErrorCodes,
};

sponson_codes::use_profile!(sponson_codes::profile::FIRSTDRAFT);

/// Failures of `firstdraft plan push`. Agents branch on the code (`error`),
/// never on `detail`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, ErrorCodes)]
#[codes(rename_all = "snake_case", exits(1 = "failure", 2 = "called wrong"))]
#[non_exhaustive]
pub enum Code {
    #[code(exit = 2, doc = "The command line is not valid.", usage)]
    InvalidArguments,
    #[code(exit = 2, doc = "The configuration is missing or not valid.")]
    InvalidConfiguration,
    #[code(exit = 1, doc = "A local file could not be read; nothing was sent.")]
    LocalInputUnreadable,
    /// Stop and reconcile before pushing again: the server may have stored
    /// the Plan.
    #[code(exit = 1, doc = "The request failed and its outcome is unknown.")]
    RequestOutcomeUnknown,
    #[code(exit = 1, doc = "The server rejected the Plan and said why.")]
    ServerRejected,
    #[code(
        exit = 1,
        doc = "The server accepted the Plan but local state was not saved."
    )]
    LocalStateNotSaved,
    /// Not part of firstdraft's list: sponson-codes needs a code for bugs
    /// and panics, so that every outcome is a coded object.
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    InternalError,
}

/// Push plans.
#[derive(Debug, Parser)]
#[command(name = "firstdraft", version)]
pub struct Cli {
    /// Print failures as one JSON object on stderr.
    #[arg(long, global = true)]
    pub json: bool,
    /// The command.
    #[command(subcommand)]
    pub command: Command,
}

/// The commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Push a plan; the response file stands in for the network.
    Push {
        /// The plan file.
        plan: PathBuf,
        /// A JSON file `{"status": N, "body": ...}`: the server's answer.
        #[arg(long, value_name = "FILE")]
        response: PathBuf,
        /// The local state file, where the stored Plan's id is recorded.
        #[arg(long, value_name = "FILE")]
        state: Option<PathBuf>,
    },
    /// Print many lines (to show a closed stdout).
    Sample {
        /// How many.
        #[arg(long, default_value_t = 3)]
        count: usize,
    },
    /// Fail with an internal error, to show what a crash looks like.
    #[command(hide = true)]
    Crash,
}

impl Command {
    /// The command's name.
    pub fn name(&self) -> &'static str {
        match self {
            Command::Push { .. } => "push",
            Command::Sample { .. } => "sample",
            Command::Crash => "crash",
        }
    }
}

/// What a successful push prints.
#[derive(Debug, Serialize)]
pub struct Pushed {
    /// The stored Plan's id.
    pub plan_id: String,
}

/// The detail of an unverifiable outcome, as firstdraft's review shows it.
pub const OUTCOME_UNKNOWN: &str =
    "The Plan may have been accepted, but the response could not be verified...";

/// `push`; with `state`, the stored Plan's id is recorded there.
pub fn push(plan: &Path, response: &Path, state: Option<&Path>) -> Result<Pushed, Error<Code>> {
    let unreadable = |path: &Path, err: std::io::Error| {
        Error::new(
            Code::LocalInputUnreadable,
            format!("cannot read {}: {err}", path.display()),
        )
    };
    std::fs::read(plan).map_err(|err| unreadable(plan, err))?;
    let text = std::fs::read_to_string(response).map_err(|err| unreadable(response, err))?;
    let answer: Value = serde_json::from_str(&text).map_err(|err| {
        Error::new(
            Code::InvalidConfiguration,
            format!("{} is not a response file: {err}", response.display()),
        )
    })?;
    let status = answer["status"].as_u64().unwrap_or(0);
    let body = &answer["body"];
    match (
        status,
        body["plan_id"].as_str(),
        body["diagnostics"].is_array(),
    ) {
        (200..=299, Some(id), _) => {
            if let Some(state) = state {
                save(state, id)?;
            }
            Ok(Pushed {
                plan_id: id.to_owned(),
            })
        }
        (422, _, true) => {
            let response = rejection().project(body).ok_or_else(|| unknown(status))?;
            Err(
                Error::new(Code::ServerRejected, "The server rejected the Plan.")
                    .with_detail("status", &status)
                    .with_detail("response", &response),
            )
        }
        _ => Err(unknown(status)),
    }
}

/// Records the stored Plan's id in the local state file. The server has the
/// Plan already, so a failure says so and carries the id: the caller
/// reconciles instead of pushing again.
fn save(state: &Path, plan_id: &str) -> Result<(), Error<Code>> {
    std::fs::write(state, format!("{plan_id}\n")).map_err(|err| {
        Error::new(
            Code::LocalStateNotSaved,
            format!(
                "the server stored plan {plan_id}, but {} could not be written: {err}",
                state.display()
            ),
        )
        .with_detail("plan_id", plan_id)
    })
}

/// An answer that cannot be validated: the Plan may or may not be stored.
fn unknown(status: u64) -> Error<Code> {
    Error::new(Code::RequestOutcomeUnknown, OUTCOME_UNKNOWN).with_detail("status", &status)
}

/// The fields of a rejection that are echoed; nothing else the server sent is.
fn rejection() -> Allowlist {
    let diagnostic = Allowlist::new()
        .field("code", Shape::String)
        .field("severity", Shape::String)
        .field("message", Shape::String)
        .field("subject", Shape::String.nullable());
    Allowlist::new()
        .field("code", Shape::String)
        .field("diagnostics", Shape::array(diagnostic))
}

/// `sample`.
pub fn sample(count: usize) -> Result<Vec<String>, Error<Code>> {
    Ok((0..count).map(|i| format!("line {i}")).collect())
}

/// `crash`.
pub fn crash() -> Result<(), Error<Code>> {
    let plans: Vec<u8> = Vec::new();
    panic!(
        "index 3 out of range for {} plans (token sk-live-panic-4f9c)",
        plans.len()
    );
}
