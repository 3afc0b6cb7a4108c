//! The command line of `plan`.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

/// Validate, apply and push plans.
#[derive(Debug, Parser)]
#[command(name = "plan", version)]
pub struct Cli {
    /// Print exactly one JSON envelope on stdout.
    #[arg(long, global = true)]
    pub json: bool,
    /// The command to run.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check that a plan file parses.
    Validate {
        /// The plan file.
        plan: PathBuf,
    },
    /// Apply a plan to an environment.
    Apply(ApplyArgs),
    /// Push a plan to the plan server and report its answer.
    Push(PushArgs),
    /// Print a sample plan with the given number of steps.
    Sample {
        /// How many steps.
        #[arg(long, default_value_t = 3)]
        steps: usize,
    },
    /// Fail with an internal error, to show what a crash looks like.
    #[command(hide = true)]
    Crash {
        /// Where the panic happens: in the command's body, while serializing
        /// a detail of its error, or while serializing its success data.
        #[arg(long = "in", value_enum, default_value_t = CrashSite::Body)]
        site: CrashSite,
    },
}

/// Where `plan crash` panics.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum CrashSite {
    /// In the body of the command.
    Body,
    /// In the `Serialize` impl of a detail of the command's error.
    Detail,
    /// In the `Serialize` impl of the command's success data.
    Data,
}

impl Command {
    /// The name the envelope's `command` field carries.
    pub fn name(&self) -> &'static str {
        match self {
            Command::Validate { .. } => "validate",
            Command::Apply(_) => "apply",
            Command::Push(_) => "push",
            Command::Sample { .. } => "sample",
            Command::Crash { .. } => "crash",
        }
    }
}

/// Arguments of `plan apply`.
#[derive(Debug, Args)]
pub struct ApplyArgs {
    /// The plan file; its lock is the file beside it named `<plan>.lock`.
    pub plan: PathBuf,
    /// The environment to apply to.
    #[arg(long, default_value = "staging")]
    pub env: String,
    /// Who approved a production run.
    #[arg(long)]
    pub approved_by: Option<String>,
    /// Wait up to this many seconds for a held lock.
    #[arg(long, value_name = "SECONDS", num_args = 0..=1, default_missing_value = "5")]
    pub wait: Option<u64>,
}

/// Arguments of `plan push`.
#[derive(Debug, Args)]
pub struct PushArgs {
    /// The plan file.
    pub plan: PathBuf,
    /// A file holding the server's response body, which stands in for the
    /// network in this example.
    #[arg(long, value_name = "FILE")]
    pub response_file: PathBuf,
}
