//! Command-line parsing with clap where a parse error is a coded envelope
//! (cargo feature `clap`).
//!
//! JSON mode is read from the raw arguments before clap parses them, so a
//! mistyped flag that comes before `--json` still gets a JSON envelope with
//! the usage code (`#[code(usage)]`, or the fallback when none is marked).
//! `--help` and `--version` are successes. In text mode clap's own output is
//! printed as clap prints it.

use core::marker::PhantomData;
use std::ffi::OsString;
use std::process::ExitCode;

use ::clap::error::{ContextKind, ContextValue, ErrorKind};
use ::clap::{CommandFactory, Parser};
use serde_json::{Map, Value};

use crate::code::ErrorCode;
use crate::error::Error;
use crate::run::output::Output;
use crate::run::profiled::render_json_in;
use crate::run::render::Mode;

/// Parses the process's arguments into `P`; on a parse error, `--help` or
/// `--version`, prints the outcome and returns the exit code to end with.
///
/// ```no_run
/// use std::process::ExitCode;
/// use sponson_codes::ErrorCodes;
///
/// #[derive(Debug, ErrorCodes)]
/// enum Code {
///     #[code(exit = 2, doc = "The command line is not valid.", usage)]
///     Usage,
///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
///     Internal,
/// }
///
/// #[derive(clap::Parser)]
/// struct Cli {
///     #[arg(long, global = true)]
///     json: bool,
/// }
///
/// fn main() -> ExitCode {
///     let cli = match sponson_codes::clap::parse::<Cli, Code>() {
///         Ok(cli) => cli,
///         Err(exit) => return exit,
///     };
///     let _ = cli.json;
///     ExitCode::SUCCESS
/// }
/// ```
pub fn parse<P: Parser, C: ErrorCode>() -> Result<P, ExitCode> {
    Parse::<C>::new().parse()
}

/// A parser with options: the JSON flag's name, and where failure envelopes go.
///
/// ```
/// # use sponson_codes::ErrorCodes;
/// # #[derive(Debug, ErrorCodes)]
/// # enum Code {
/// #     #[code(exit = 2, doc = "The command line is not valid.", usage)]
/// #     Usage,
/// #     #[code(exit = 1, doc = "An unexpected error.", fallback)]
/// #     Internal,
/// # }
/// #[derive(Debug, clap::Parser)]
/// #[command(name = "plan")]
/// struct Cli {
///     #[arg(long, global = true)]
///     json: bool,
///     #[arg(long)]
///     wait: bool,
/// }
///
/// let parse = sponson_codes::clap::Parse::<Code>::new();
/// let out = parse.parse_from::<Cli, _, _>(["plan", "--wiat", "--json"]).unwrap_err();
/// assert_eq!(out.exit, 2);
/// assert!(out.stdout.starts_with(r#"{"ok":false,"command":"plan","error":{"code":"USAGE""#));
/// ```
#[derive(Debug, Clone)]
pub struct Parse<C> {
    json_flag: String,
    errors_to_stderr: bool,
    profile: &'static crate::profile::Profile,
    code: PhantomData<fn() -> C>,
}

impl<C: ErrorCode> Default for Parse<C> {
    fn default() -> Self {
        Parse::new()
    }
}

impl<C: ErrorCode> Parse<C> {
    /// A parser whose JSON flag is `--json`.
    pub fn new() -> Self {
        Parse {
            json_flag: "--json".to_owned(),
            errors_to_stderr: false,
            profile: crate::profile::registered(),
            code: PhantomData,
        }
    }

    /// Names the flag that selects JSON mode, such as `--json`.
    ///
    /// ```
    /// # use sponson_codes::ErrorCodes;
    /// # #[derive(Debug, PartialEq, ErrorCodes)]
    /// # enum Code {
    /// #     #[code(exit = 3, doc = "The lock is held.", hint = "Pass --wait.")]
    /// #     LockHeld,
    /// #     #[code(exit = 1, doc = "An unexpected error.", fallback)]
    /// #     Internal,
    /// # }
    /// let parse = sponson_codes::clap::Parse::<Code>::new().json_flag("--machine");
    /// assert!(parse.wants_json(["plan", "--machine"]));
    /// ```
    #[must_use]
    pub fn json_flag(mut self, flag: impl Into<String>) -> Self {
        self.json_flag = flag.into();
        self
    }

    /// In JSON mode, prints failure envelopes on stderr instead of stdout.
    #[must_use]
    pub fn errors_to_stderr(mut self, on: bool) -> Self {
        self.errors_to_stderr = on;
        self
    }

    /// Prints usage errors, help and version in `profile` instead of the one
    /// declared with [`use_profile!`](crate::use_profile).
    #[must_use]
    pub fn profile(mut self, profile: &'static crate::profile::Profile) -> Self {
        self.profile = profile;
        self
    }

    /// Whether `args` (program name first) ask for JSON mode: the JSON flag
    /// appears before any `--`.
    ///
    /// ```
    /// # use sponson_codes::ErrorCodes;
    /// # #[derive(Debug, PartialEq, ErrorCodes)]
    /// # enum Code {
    /// #     #[code(exit = 3, doc = "The lock is held.", hint = "Pass --wait.")]
    /// #     LockHeld,
    /// #     #[code(exit = 1, doc = "An unexpected error.", fallback)]
    /// #     Internal,
    /// # }
    /// let parse = sponson_codes::clap::Parse::<Code>::new();
    /// assert!(parse.wants_json(["plan", "--bogus", "--json"]));
    /// assert!(!parse.wants_json(["plan", "--", "--json"]));
    /// ```
    pub fn wants_json<I, T>(&self, args: I) -> bool
    where
        I: IntoIterator<Item = T>,
        T: Into<OsString>,
    {
        args.into_iter()
            .skip(1)
            .map(Into::into)
            .take_while(|arg| arg != "--")
            .any(|arg| arg == self.json_flag.as_str())
    }

    /// Parses the process's arguments; see [`parse`].
    pub fn parse<P: Parser>(&self) -> Result<P, ExitCode> {
        let args: Vec<OsString> = std::env::args_os().collect();
        let mode = Mode::from_json_flag(self.wants_json(args.iter().cloned()));
        match P::try_parse_from(&args) {
            Ok(parsed) => Ok(parsed),
            Err(err) if mode == Mode::Text => {
                // clap's own output, colours and all; only the exit code is ours.
                // Help that could not be printed (a closed stdout) is no success.
                match err.print() {
                    Ok(()) => Err(ExitCode::from(text_exit::<C>(&err))),
                    Err(_) => Err(ExitCode::from(C::FALLBACK_INFO.exit)),
                }
            }
            Err(err) => Err(self.render::<P>(&args, &err).print()),
        }
    }

    /// Parses `args` (program name first); on failure returns what
    /// [`parse`](Parse::parse) would print, without printing it. Text mode
    /// output here is clap's, without colours.
    pub fn parse_from<P, I, T>(&self, args: I) -> Result<P, Output>
    where
        P: Parser,
        I: IntoIterator<Item = T>,
        T: Into<OsString> + Clone,
    {
        let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
        match P::try_parse_from(&args) {
            Ok(parsed) => Ok(parsed),
            Err(err) if !self.wants_json(args.iter().cloned()) => {
                // clap echoes the arguments as they were given.
                let text = crate::run::escape::escape_text(&err.render().to_string()).into_owned();
                let exit = text_exit::<C>(&err);
                Err(if exit == 0 {
                    Output {
                        stdout: text,
                        ..Output::empty::<C>()
                    }
                } else {
                    Output {
                        stderr: text,
                        exit,
                        ..Output::empty::<C>()
                    }
                })
            }
            Err(err) => Err(self.render::<P>(&args, &err)),
        }
    }

    fn render<P: CommandFactory>(&self, args: &[OsString], err: &::clap::Error) -> Output {
        let command = command_name::<P>(args);
        let rendered = err.render().to_string();
        match err.kind() {
            kind @ (ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => {
                let key = match kind {
                    ErrorKind::DisplayHelp => "help",
                    _ => "version",
                };
                let data = one_field(key, rendered.trim_end());
                render_json_in::<_, C>(
                    self.profile,
                    &command,
                    &Ok(data),
                    self.errors_to_stderr,
                    &[],
                )
            }
            _ => {
                let error = usage_error::<C>(err, &rendered);
                render_json_in::<(), C>(
                    self.profile,
                    &command,
                    &Err(error),
                    self.errors_to_stderr,
                    &[],
                )
            }
        }
    }
}

/// The usage error for `err`: clap's first line as the message, the bad
/// argument and the usage line as details.
fn usage_error<C: ErrorCode>(err: &::clap::Error, rendered: &str) -> Error<C> {
    let message = if err.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
        "a required argument or subcommand is missing".to_owned()
    } else {
        let first = rendered.lines().next().unwrap_or_default();
        first.strip_prefix("error: ").unwrap_or(first).to_owned()
    };
    let mut error = Error::<C>::usage(message);
    if let Some(ContextValue::String(arg)) = err.get(ContextKind::InvalidArg) {
        error = error.with_detail("argument", arg);
    }
    if let Some(usage) = rendered
        .lines()
        .find_map(|line| line.trim_start().strip_prefix("Usage: "))
    {
        error = error.with_detail("usage", usage.trim_end());
    }
    error
}

/// The exit code for a clap outcome: 0 for help and version, else the
/// usage code's (or the fallback's).
fn text_exit<C: ErrorCode>(err: &::clap::Error) -> u8 {
    match err.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => 0,
        _ => C::USAGE_INFO.unwrap_or(C::FALLBACK_INFO).exit,
    }
}

/// The subcommand named on the command line, if any, else the program's name.
fn command_name<P: CommandFactory>(args: &[OsString]) -> String {
    let cmd = P::command();
    args.iter()
        .skip(1)
        .filter_map(|arg| arg.to_str())
        .find_map(|arg| {
            cmd.get_subcommands()
                .find(|sub| sub.get_name() == arg || sub.get_all_aliases().any(|a| a == arg))
                .map(|sub| sub.get_name().to_owned())
        })
        .unwrap_or_else(|| cmd.get_name().to_owned())
}

fn one_field(key: &str, text: &str) -> Map<String, Value> {
    let mut map = Map::new();
    map.insert(key.to_owned(), Value::String(text.to_owned()));
    map
}
