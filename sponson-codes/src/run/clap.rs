//! Command-line parsing with clap where a parse error is a coded document
//! (cargo feature `clap`), for clap's derive API (`Parser`, on a struct or
//! an enum) and its builder API (`Command` in, `ArgMatches` out).
//!
//! JSON mode is chosen before clap parses, so that a mistyped flag that
//! comes before `--json` still gets a JSON document with the usage code
//! (`#[code(usage)]`, or the fallback when none is marked): by a flag the
//! program declares (`--json`, the default), by a hidden flag it does not
//! declare (taken out before clap sees the arguments, so `--help` and
//! generated completions stay as they were), by an environment variable,
//! or by the program itself. `--help` and `--version` are successes. In
//! text mode clap's own output is printed as clap prints it, escaped where
//! it echoes an argument.

use core::marker::PhantomData;
use std::ffi::OsString;
use std::process::ExitCode;

use ::clap::error::{ContextKind, ContextValue, ErrorKind};
use ::clap::{ArgMatches, Command, Parser};
use serde_json::{Map, Value};

use crate::code::{CodeInfo, Details, EnumInfo, ErrorCode};
use crate::document::outcome::Outcome;
use crate::document::output::Output;
use crate::document::profile::Profile;
use crate::error::{AnyCode, Error};
use crate::escape::escape_text;
use crate::run::runner::{Reported, Runner};
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

/// How a command line chooses JSON mode.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Switch {
    /// A flag the program declares (`--json`).
    Flag(String),
    /// A flag the program does not declare, taken out before clap parses.
    HiddenFlag(String),
    /// An environment variable set to anything but empty or `0`.
    Env(String),
    /// The program's own choice.
    Fixed(Mode),
}

/// A parser with options: how JSON mode is chosen, where failure documents
/// go, and the profile they are printed in.
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
    switch: Switch,
    errors_to_stderr: bool,
    profile: &'static Profile,
    code: PhantomData<fn() -> C>,
}

impl<C: ErrorCode> Default for Parse<C> {
    fn default() -> Self {
        Parse::new()
    }
}

/// A command line parsed: what clap made of it, the mode it chose, and the
/// name of the command that runs (the subcommand, or the program's name):
/// what a [`Runner`] needs, and [`Parsed::runner`] builds.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Parsed<T> {
    /// The parsed arguments: a `Parser` value, or clap's `ArgMatches`.
    pub value: T,
    /// JSON or text, as the command line (or the program) chose.
    pub mode: Mode,
    /// The command's name, the document's `command`.
    pub command: String,
    profile: &'static Profile,
    errors_to_stderr: bool,
}

impl<T> Parsed<T> {
    /// A runner for the parsed command, in its mode and the parser's profile.
    ///
    /// ```
    /// # use sponson_codes::ErrorCodes;
    /// # #[derive(Debug, ErrorCodes)]
    /// # enum Code {
    /// #     #[code(exit = 1, doc = "An unexpected error.", fallback)]
    /// #     Internal,
    /// # }
    /// #[derive(clap::Parser)]
    /// #[command(name = "plan")]
    /// enum Cli {
    ///     Validate { plan: String },
    ///     Apply { plan: String },
    /// }
    ///
    /// let parse = sponson_codes::clap::Parse::<Code>::new().hidden_json_flag("--json");
    /// let parsed = parse.parsed_from::<Cli, _, _>(["plan", "apply", "deploy.plan", "--json"]).unwrap();
    /// let runner = parsed.runner::<Code>();
    /// assert_eq!((runner.command(), runner.mode()), ("apply", sponson_codes::Mode::Json));
    /// ```
    pub fn runner<C: ErrorCode>(&self) -> Runner<C> {
        Runner::new(self.command.clone(), self.mode)
            .profile(self.profile)
            .errors_to_stderr(self.errors_to_stderr)
    }
}

impl<C: ErrorCode> Parse<C> {
    /// A parser whose JSON flag is `--json`, declared by the program.
    pub fn new() -> Self {
        Parse {
            switch: Switch::Flag("--json".to_owned()),
            errors_to_stderr: false,
            profile: crate::document::declared::declared(),
            code: PhantomData,
        }
    }

    /// Names the flag that selects JSON mode, such as `--json`; the program
    /// declares it (clap parses it like any other flag).
    ///
    /// ```
    /// # use sponson_codes::ErrorCodes;
    /// # #[derive(Debug, PartialEq, ErrorCodes)]
    /// # enum Code {
    /// #     #[code(exit = 1, doc = "An unexpected error.", fallback)]
    /// #     Internal,
    /// # }
    /// let parse = sponson_codes::clap::Parse::<Code>::new().json_flag("--machine");
    /// assert!(parse.wants_json(["plan", "--machine"]));
    /// ```
    #[must_use]
    pub fn json_flag(mut self, flag: impl Into<String>) -> Self {
        self.switch = Switch::Flag(flag.into());
        self
    }

    /// A flag that selects JSON mode without being declared: it is taken
    /// out of the arguments before clap parses them, so the program's
    /// `--help` and its generated shell completions stay as they were.
    ///
    /// ```
    /// # use sponson_codes::ErrorCodes;
    /// # #[derive(Debug, ErrorCodes)]
    /// # enum Code {
    /// #     #[code(exit = 1, doc = "An unexpected error.", fallback)]
    /// #     Internal,
    /// # }
    /// #[derive(Debug, clap::Parser)]
    /// #[command(name = "grep")]
    /// struct Cli {
    ///     pattern: String,
    /// }
    ///
    /// let parse = sponson_codes::clap::Parse::<Code>::new().hidden_json_flag("--json");
    /// let parsed = parse.parsed_from::<Cli, _, _>(["grep", "--json", "todo"]).unwrap();
    /// assert_eq!(parsed.value.pattern, "todo");
    /// assert_eq!(parsed.mode, sponson_codes::Mode::Json);
    /// ```
    #[must_use]
    pub fn hidden_json_flag(mut self, flag: impl Into<String>) -> Self {
        self.switch = Switch::HiddenFlag(flag.into());
        self
    }

    /// JSON mode when the environment variable `name` is set to anything but
    /// empty or `0` (`MY_APP_JSON=1 my-app ...`); the arguments are not
    /// looked at.
    #[must_use]
    pub fn json_env(mut self, name: impl Into<String>) -> Self {
        self.switch = Switch::Env(name.into());
        self
    }

    /// The mode the program chose itself, whatever the arguments say.
    #[must_use]
    pub fn mode(mut self, mode: Mode) -> Self {
        self.switch = Switch::Fixed(mode);
        self
    }

    /// In JSON mode, prints failure documents on stderr instead of stdout.
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
    /// appears before any `--`, or the environment variable is set, or the
    /// program chose it.
    ///
    /// ```
    /// # use sponson_codes::ErrorCodes;
    /// # #[derive(Debug, PartialEq, ErrorCodes)]
    /// # enum Code {
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
        let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
        self.front().wants_json(&args)
    }

    /// What the parse needs of this parser, its code enum as data: the
    /// front end's work is compiled once, not once per code enum.
    fn front(&self) -> Front<'_> {
        Front {
            switch: &self.switch,
            errors_to_stderr: self.errors_to_stderr,
            profile: self.profile,
            codes: C::ENUM,
            usage: C::USAGE_INFO.unwrap_or(C::FALLBACK_INFO),
        }
    }

    /// Parses the process's arguments; see [`parse`].
    pub fn parse<P: Parser>(&self) -> Result<P, ExitCode> {
        self.parsed::<P>().map(|parsed| parsed.value)
    }

    /// Parses the process's arguments into `P`, with the mode and the
    /// command's name; on a parse error, `--help` or `--version`, prints the
    /// outcome and returns the exit code to end with.
    ///
    /// ```no_run
    /// # use sponson_codes::ErrorCodes;
    /// # #[derive(Debug, ErrorCodes)]
    /// # enum Code {
    /// #     #[code(exit = 1, doc = "An unexpected error.", fallback)]
    /// #     Internal,
    /// # }
    /// # #[derive(clap::Parser)]
    /// # enum Cli { Validate }
    /// fn main() -> std::process::ExitCode {
    ///     let parsed = match sponson_codes::clap::Parse::<Code>::new().hidden_json_flag("--json").parsed::<Cli>() {
    ///         Ok(parsed) => parsed,
    ///         Err(exit) => return exit,
    ///     };
    ///     parsed.runner::<Code>().run(|| Ok::<_, sponson_codes::Error<Code>>("valid"))
    /// }
    /// ```
    pub fn parsed<P: Parser>(&self) -> Result<Parsed<P>, ExitCode> {
        let args: Vec<OsString> = std::env::args_os().collect();
        let (prepared, args) = self.prepare(&P::command(), args);
        self.on_process(prepared, P::try_parse_from(args))
    }

    /// Parses the process's arguments with clap's builder API: `command`
    /// in, its `ArgMatches` out, with the mode and the command's name (the
    /// subcommand matched, else the program's name).
    ///
    /// ```no_run
    /// # use sponson_codes::ErrorCodes;
    /// # #[derive(Debug, ErrorCodes)]
    /// # enum Code {
    /// #     #[code(exit = 1, doc = "An unexpected error.", fallback)]
    /// #     Internal,
    /// # }
    /// let command = clap::Command::new("ledger").subcommand(clap::Command::new("balance"));
    /// let parsed = sponson_codes::clap::Parse::<Code>::new().hidden_json_flag("--json").parsed_command(command);
    /// ```
    pub fn parsed_command(&self, command: Command) -> Result<Parsed<ArgMatches>, ExitCode> {
        let args: Vec<OsString> = std::env::args_os().collect();
        let (prepared, args) = self.prepare(&command, args);
        self.on_process(prepared, command.try_get_matches_from(args))
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
        self.parsed_from::<P, I, T>(args).map(|parsed| parsed.value)
    }

    /// [`parsed`](Parse::parsed) on `args` (program name first), printing
    /// nothing: a failure is the output it would print.
    pub fn parsed_from<P, I, T>(&self, args: I) -> Result<Parsed<P>, Output>
    where
        P: Parser,
        I: IntoIterator<Item = T>,
        T: Into<OsString> + Clone,
    {
        let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
        let (prepared, args) = self.prepare(&P::command(), args);
        self.parsed_in(prepared, false, P::try_parse_from(args))
            .map_err(|(out, _)| out)
    }

    /// [`parsed_command`](Parse::parsed_command) on `args` (program name
    /// first), printing nothing.
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
    /// use clap::{Arg, Command};
    ///
    /// let command = Command::new("ledger")
    ///     .subcommand(Command::new("balance").arg(Arg::new("account").long("account")));
    /// let parse = sponson_codes::clap::Parse::<Code>::new().hidden_json_flag("--json");
    /// let parsed = parse.parsed_command_from(command.clone(), ["ledger", "balance", "--json"]).unwrap();
    /// assert_eq!(parsed.command, "balance");
    /// let out = parse.parsed_command_from(command, ["ledger", "balance", "--acount", "x", "--json"]).unwrap_err();
    /// let doc: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    /// assert_eq!(doc["error"]["kind"], "unknown_argument");
    /// assert_eq!(doc["error"]["suggestion"], "--account");
    /// ```
    pub fn parsed_command_from<I, T>(
        &self,
        command: Command,
        args: I,
    ) -> Result<Parsed<ArgMatches>, Output>
    where
        I: IntoIterator<Item = T>,
        T: Into<OsString> + Clone,
    {
        let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
        let (prepared, args) = self.prepare(&command, args);
        self.parsed_in(prepared, false, command.try_get_matches_from(args))
            .map_err(|(out, _)| out)
    }

    /// The name of the command `args` run: the subcommand named (by name or
    /// alias) on the command line, else the program's name.
    ///
    /// ```
    /// # use sponson_codes::ErrorCodes;
    /// # #[derive(Debug, ErrorCodes)]
    /// # enum Code {
    /// #     #[code(exit = 1, doc = "An unexpected error.", fallback)]
    /// #     Internal,
    /// # }
    /// let command = clap::Command::new("ledger").subcommand(clap::Command::new("balance").alias("bal"));
    /// let parse = sponson_codes::clap::Parse::<Code>::new();
    /// assert_eq!(parse.command_name(&command, ["ledger", "bal"]), "balance");
    /// assert_eq!(parse.command_name(&command, ["ledger", "--help"]), "ledger");
    /// ```
    pub fn command_name<I, T>(&self, command: &Command, args: I) -> String
    where
        I: IntoIterator<Item = T>,
        T: Into<OsString>,
    {
        let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
        command_name(command, &self.front().for_clap(args))
    }

    /// See [`Front::prepare`].
    fn prepare(&self, command: &Command, args: Vec<OsString>) -> (Prepared, Vec<OsString>) {
        self.front().prepare(command, args)
    }

    /// Parses for the process: failures, help and version are printed.
    fn on_process<T>(
        &self,
        prepared: Prepared,
        parsed: Result<T, ::clap::Error>,
    ) -> Result<Parsed<T>, ExitCode> {
        self.parsed_in(prepared, true, parsed)
            .map_err(|(out, reported)| {
                reported.send(out.exit);
                out.print()
            })
    }

    /// What clap made of the arguments; `terminal`: colour clap's text as
    /// clap would on this process's terminal. A failure is the output to
    /// print and what it reports to telemetry, which only the process's own
    /// parse sends.
    fn parsed_in<T>(
        &self,
        prepared: Prepared,
        terminal: bool,
        parsed: Result<T, ::clap::Error>,
    ) -> Result<Parsed<T>, (Output, Reported)> {
        match parsed {
            Ok(value) => Ok(Parsed {
                value,
                mode: prepared.mode,
                command: prepared.name,
                profile: self.profile,
                errors_to_stderr: self.errors_to_stderr,
            }),
            Err(err) => Err(self.front().failed(prepared, terminal, &err)),
        }
    }
}

/// A parser's settings with its code enum as data.
struct Front<'a> {
    switch: &'a Switch,
    errors_to_stderr: bool,
    profile: &'static Profile,
    codes: &'static EnumInfo,
    /// The usage code, or the fallback when the enum marks none.
    usage: &'static CodeInfo,
}

impl Front<'_> {
    /// See [`Parse::wants_json`].
    fn wants_json(&self, args: &[OsString]) -> bool {
        match self.switch {
            Switch::Flag(flag) | Switch::HiddenFlag(flag) => args
                .iter()
                .skip(1)
                .take_while(|arg| *arg != "--")
                .any(|arg| arg == flag.as_str()),
            Switch::Env(name) => std::env::var_os(name).is_some_and(|v| !v.is_empty() && v != "0"),
            Switch::Fixed(mode) => *mode == Mode::Json,
        }
    }

    /// The arguments clap parses: a hidden JSON flag taken out.
    fn for_clap(&self, args: Vec<OsString>) -> Vec<OsString> {
        let Switch::HiddenFlag(flag) = self.switch else {
            return args;
        };
        let mut ended = false;
        args.into_iter()
            .enumerate()
            .filter(|(i, arg)| {
                ended |= arg == "--";
                *i == 0 || ended || arg != flag.as_str()
            })
            .map(|(_, arg)| arg)
            .collect()
    }

    /// What parsing `args` needs to know before clap takes them: the mode
    /// they ask for, the command's name and clap's colour choice; and the
    /// arguments clap parses.
    fn prepare(&self, command: &Command, args: Vec<OsString>) -> (Prepared, Vec<OsString>) {
        let mode = Mode::from_json_flag(self.wants_json(&args));
        let args = self.for_clap(args);
        let prepared = Prepared {
            mode,
            name: command_name(command, &args),
            color: command.get_color(),
        };
        (prepared, args)
    }

    /// The output of a parse that did not give arguments to run with: a
    /// usage error, help or version.
    fn failed(
        &self,
        prepared: Prepared,
        terminal: bool,
        err: &::clap::Error,
    ) -> (Output, Reported) {
        if prepared.mode == Mode::Json {
            let out = self.render(prepared.name, err);
            let reported = Reported::read(self.codes, self.profile, &out);
            return (out, reported);
        }
        let colors = terminal && clap_colors(err, prepared.color);
        let out = self.text_output(err, colors);
        let reported = match out.exit {
            0 => Reported::default(),
            _ => Reported::failure(self.codes, || {
                let error = self.usage_error(err, &err.render().to_string());
                (error.code(), error.message().to_owned())
            }),
        };
        (out, reported)
    }

    fn render(&self, command: String, err: &::clap::Error) -> Output {
        let rendered = err.render().to_string();
        match err.kind() {
            kind @ (ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => {
                let key = match kind {
                    ErrorKind::DisplayHelp => "help",
                    _ => "version",
                };
                let data = one_field(key, rendered.trim_end());
                let fallback = self.codes.fallback_info();
                self.output(&Outcome::of_data(
                    command,
                    Ok(Value::Object(data)),
                    fallback,
                ))
            }
            _ => {
                let error = self.usage_error(err, &rendered);
                let fallback = self.codes.fallback_info();
                self.output(&Outcome::failed_with(command, &error, fallback))
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

    /// The usage error for `err`: clap's first line as the message; as
    /// details, what an agent needs to correct the call: clap's error kind
    /// (`unknown_argument`, `invalid_value`, ...), the bad argument, the
    /// best suggestion clap makes, the valid values, and the usage line.
    fn usage_error(&self, err: &::clap::Error, rendered: &str) -> Error<AnyCode> {
        let message = if err.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
            "a required argument or subcommand is missing".to_owned()
        } else {
            let first = rendered.lines().next().unwrap_or_default();
            first.strip_prefix("error: ").unwrap_or(first).to_owned()
        };
        let mut details = Details::new();
        details.insert("kind", &snake_case(&format!("{:?}", err.kind())));
        if let Some(ContextValue::String(arg)) = err.get(ContextKind::InvalidArg) {
            details.insert("argument", arg);
        }
        let suggested = [
            ContextKind::SuggestedArg,
            ContextKind::SuggestedSubcommand,
            ContextKind::SuggestedValue,
        ]
        .into_iter()
        .find_map(|kind| match err.get(kind) {
            Some(ContextValue::String(one)) => Some(one.clone()),
            // clap orders its suggestions by similarity, the best last.
            Some(ContextValue::Strings(many)) => many.last().cloned(),
            _ => None,
        });
        if let Some(suggested) = suggested {
            details.insert("suggestion", &suggested);
        }
        if let Some(ContextValue::Strings(valid)) = err.get(ContextKind::ValidValue) {
            details.insert("valid_values", valid);
        }
        if let Some(usage) = rendered
            .lines()
            .find_map(|line| line.trim_start().strip_prefix("Usage: "))
        {
            details.insert("usage", usage.trim_end());
        }
        Error::from_parts_with(self.usage, message, details, self.codes.fallback_info())
    }

    /// clap's text for people, with the exit code: help and version on
    /// stdout with 0, anything else on stderr with the usage code's exit.
    /// clap echoes the arguments as they were given, so the text is escaped;
    /// in `colors`, clap's styling is kept when there is nothing to escape.
    fn text_output(&self, err: &::clap::Error, colors: bool) -> Output {
        let plain = err.render().to_string();
        let text = match escape_text(&plain) {
            std::borrow::Cow::Borrowed(_) if colors => err.render().ansi().to_string(),
            escaped => escaped.into_owned(),
        };
        // 0 for help and version, else the usage code's (or the fallback's).
        let exit = match err.kind() {
            ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => 0,
            _ => self.usage.exit,
        };
        let mut out = Output::exiting(exit, self.codes.fallback_info().exit);
        match exit {
            0 => out.stdout = text,
            _ => out.stderr = text,
        }
        out
    }
}

/// What is known of a command line before clap parses it.
struct Prepared {
    mode: Mode,
    /// The command's name, the document's `command`.
    name: String,
    /// clap's colour choice for the command.
    color: ::clap::ColorChoice,
}

/// `UnknownArgument` as `unknown_argument`.
fn snake_case(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 4);
    for (i, c) in name.chars().enumerate() {
        if c.is_uppercase() && i > 0 {
            out.push('_');
        }
        out.extend(c.to_lowercase());
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

/// The subcommand named on the command line, if any, else the program's name.
fn command_name(cmd: &Command, args: &[OsString]) -> String {
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
