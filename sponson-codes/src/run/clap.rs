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
use crate::document::outcome::Outcome;
use crate::document::output::Output;
use crate::document::profile::Profile;
use crate::error::Error;
use crate::escape::escape_text;
use crate::run::text::Mode;

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
    profile: &'static Profile,
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
            profile: crate::document::declared::declared(),
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
    pub fn profile(mut self, profile: &'static Profile) -> Self {
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
                // clap's own text, in colour where clap would colour it.
                let colors = clap_colors(&err, P::command().get_color());
                Err(text_output::<C>(&err, colors).print())
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
                Err(text_output::<C>(&err, false))
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
                self.output(&Outcome::new::<_, C>(command, &Ok(data)))
            }
            _ => {
                let error = usage_error::<C>(err, &rendered);
                self.output(&Outcome::new::<(), C>(command, &Err(error)))
            }
        }
    }

    fn output(&self, outcome: &Outcome) -> Output {
        let out = self.profile.render(outcome);
        match self.errors_to_stderr {
            true => out.failure_to_stderr(),
            false => out,
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

/// clap's text for people, with the exit code: help and version on stdout
/// with 0, anything else on stderr with the usage code's exit. clap echoes
/// the arguments as they were given, so the text is escaped; in `colors`,
/// clap's styling is kept when there is nothing to escape.
fn text_output<C: ErrorCode>(err: &::clap::Error, colors: bool) -> Output {
    let plain = err.render().to_string();
    let text = match escape_text(&plain) {
        std::borrow::Cow::Borrowed(_) if colors => err.render().ansi().to_string(),
        escaped => escaped.into_owned(),
    };
    let exit = text_exit::<C>(err);
    let mut out = Output {
        exit,
        unwritten_exit: C::FALLBACK_INFO.exit,
        ..Output::default()
    };
    match exit {
        0 => out.stdout = text,
        _ => out.stderr = text,
    }
    out
}

/// Whether clap would colour `err`'s text on this process's terminal: its
/// `ColorChoice`, and for `Auto` the conventions clap follows
/// (`CLICOLOR_FORCE`, `NO_COLOR`, `CLICOLOR=0`, `TERM=dumb`, a terminal).
fn clap_colors(err: &::clap::Error, choice: ::clap::ColorChoice) -> bool {
    use std::io::IsTerminal as _;
    let set = |name: &str| std::env::var_os(name).is_some_and(|v| !v.is_empty() && v != "0");
    match choice {
        ::clap::ColorChoice::Always => true,
        ::clap::ColorChoice::Never => false,
        ::clap::ColorChoice::Auto => {
            let terminal = match err.kind() {
                ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
                    std::io::stdout().is_terminal()
                }
                _ => std::io::stderr().is_terminal(),
            };
            set("CLICOLOR_FORCE")
                || (terminal
                    && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                    && std::env::var_os("CLICOLOR").is_none_or(|v| v != "0")
                    && std::env::var_os("TERM").is_some_and(|t| t != "dumb"))
        }
    }
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
