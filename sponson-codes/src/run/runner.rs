//! The runner: every outcome of a command, a panic included, ends as exactly
//! one envelope (in JSON mode) and an exit code that agrees with it.

use core::marker::PhantomData;
use std::process::ExitCode;

use serde::Serialize;

use crate::code::ErrorCode;
use crate::document::outcome::Outcome;
use crate::document::output::Output;
use crate::document::profile::{Profile, Stream};
use crate::error::panic::{catch, catch_panic, with_quiet_panics, PANIC_MESSAGE};
use crate::error::warning::Warning;
use crate::error::Error;
use crate::run::text::{render_text, text_of, Mode};
use crate::run::warnings::collect;

/// Runs a command's body and reports its outcome.
///
/// In JSON mode, exactly one envelope is printed, on stdout (failures on
/// stderr instead with [`errors_to_stderr`](Runner::errors_to_stderr)). In
/// text mode, the data goes to stdout and `error[CODE]: <message>` plus the hint to
/// stderr. The returned exit code is 0 for success and the code's `exit` for
/// failure. A panic in the body becomes `C`'s fallback code; a closed stdout
/// (`EPIPE`) ends quietly with the fallback's exit code.
///
/// The body must not print to stdout itself in JSON mode. Panics are caught
/// with `catch_unwind`, so they need `panic = "unwind"` (the default).
///
/// ```no_run
/// use std::process::ExitCode;
/// use sponson_codes::{Error, ErrorCodes, Mode, Runner};
///
/// #[derive(Debug, ErrorCodes)]
/// enum Code {
///     #[code(exit = 3, doc = "Another run holds the lock.", hint = "Pass --wait.")]
///     LockHeld,
///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
///     Internal,
/// }
///
/// fn main() -> ExitCode {
///     let json = std::env::args().any(|arg| arg == "--json");
///     Runner::<Code>::new("apply", Mode::from_json_flag(json)).run(|| {
///         Err::<(), _>(Error::new(Code::LockHeld, "the lock on prod is held by run 41"))
///     })
/// }
/// ```
#[derive(Debug, Clone)]
pub struct Runner<C> {
    command: String,
    mode: Mode,
    errors_to_stderr: bool,
    profile: &'static Profile,
    code: PhantomData<fn() -> C>,
}

impl<C: ErrorCode> Runner<C> {
    /// A runner for the command `command` in `mode`.
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
    /// use sponson_codes::{Mode, Runner};
    ///
    /// let runner = Runner::<Code>::new("apply", Mode::Json);
    /// assert_eq!((runner.command(), runner.mode()), ("apply", Mode::Json));
    /// ```
    pub fn new(command: impl Into<String>, mode: Mode) -> Self {
        Runner {
            command: command.into(),
            mode,
            errors_to_stderr: false,
            profile: crate::document::declared::declared(),
            code: PhantomData,
        }
    }

    /// Prints in `profile` instead of the one declared with
    /// [`use_profile!`](crate::use_profile) (Sponson's when none is).
    ///
    /// ```
    /// # use sponson_codes::{Error, ErrorCodes, Mode, Runner};
    /// # #[derive(Debug, ErrorCodes)]
    /// # #[codes(rename_all = "kebab-case")]
    /// # enum Code {
    /// #     #[code(exit = 2, doc = "The title is missing.")]
    /// #     TitleRequired,
    /// #     #[code(exit = 1, doc = "An unexpected error.", fallback)]
    /// #     Internal,
    /// # }
    /// let out = Runner::<Code>::new("push", Mode::Json)
    ///     .profile(&sponson_codes::profile::NOGGIN)
    ///     .render(|| Err::<(), _>(Error::new(Code::TitleRequired, "push: title required")));
    /// assert_eq!(out.exit, 2);
    /// assert!(out.stdout.is_empty());
    /// assert!(out.stderr.starts_with("{\n  \"status\": \"error\",\n  \"envelopeVersion\": 3,"));
    /// ```
    #[must_use]
    pub fn profile(mut self, profile: &'static Profile) -> Self {
        self.profile = profile;
        self
    }

    /// In JSON mode, prints failure envelopes on stderr instead of stdout.
    ///
    /// ```
    /// # use sponson_codes::{Error, ErrorCodes, Mode, Runner};
    /// # #[derive(Debug, ErrorCodes)]
    /// # enum Code {
    /// #     #[code(exit = 1, doc = "An unexpected error.", fallback)]
    /// #     Internal,
    /// # }
    /// let out = Runner::<Code>::new("apply", Mode::Json)
    ///     .errors_to_stderr(true)
    ///     .render(|| Err::<(), _>(Error::<Code>::fallback("boom")));
    /// assert!(out.stdout.is_empty());
    /// assert!(out.stderr.starts_with(r#"{"ok":false"#));
    /// ```
    #[must_use]
    pub fn errors_to_stderr(mut self, on: bool) -> Self {
        self.errors_to_stderr = on;
        self
    }

    /// The command's name.
    pub fn command(&self) -> &str {
        &self.command
    }

    /// The output mode.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// Runs `body`, prints its outcome and returns the exit code. In text
    /// mode, data that is a string is printed as it is, `()` and `None` as
    /// nothing, anything else as indented JSON.
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
    /// use sponson_codes::{Error, Mode, Runner};
    ///
    /// let exit = Runner::<Code>::new("apply", Mode::Text).run(|| Ok::<_, Error<Code>>(()));
    /// assert_eq!(exit, std::process::ExitCode::SUCCESS);
    /// ```
    pub fn run<T, E>(self, body: impl FnOnce() -> Result<T, E>) -> ExitCode
    where
        T: Serialize,
        E: Into<Error<C>>,
    {
        self.run_with(body, |data| text_of(data))
    }

    /// Like [`run`](Runner::run), with `text` rendering the data in text mode.
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
    /// use sponson_codes::{Error, Mode, Runner};
    ///
    /// let exit = Runner::<Code>::new("count", Mode::Text)
    ///     .run_with(|| Ok::<_, Error<Code>>(3), |n| format!("{n} steps"));
    /// assert_eq!(exit, std::process::ExitCode::SUCCESS);
    /// ```
    pub fn run_with<T, E>(
        self,
        body: impl FnOnce() -> Result<T, E>,
        text: impl FnOnce(&T) -> String,
    ) -> ExitCode
    where
        T: Serialize,
        E: Into<Error<C>>,
    {
        self.render_with(body, text).print()
    }

    /// Runs `body` and renders its outcome without printing it: what
    /// [`run`](Runner::run) would print, for tests and services.
    /// [`Output::print`] prints it.
    ///
    /// ```
    /// # use sponson_codes::{ErrorCodes, Mode, Runner};
    /// # #[derive(Debug, ErrorCodes)]
    /// # enum Code {
    /// #     #[code(exit = 1, doc = "An unexpected error.", fallback)]
    /// #     Internal,
    /// # }
    /// let out = Runner::<Code>::new("apply", Mode::Json)
    ///     .render(|| -> Result<(), sponson_codes::Error<Code>> { panic!("secret state {}", 42) });
    /// assert_eq!(out.exit, 1);
    /// assert!(!out.stdout.contains("secret state"));
    /// ```
    pub fn render<T, E>(&self, body: impl FnOnce() -> Result<T, E>) -> Output
    where
        T: Serialize,
        E: Into<Error<C>>,
    {
        self.render_with(body, |data| text_of(data))
    }

    fn render_with<T, E>(
        &self,
        body: impl FnOnce() -> Result<T, E>,
        text: impl FnOnce(&T) -> String,
    ) -> Output
    where
        T: Serialize,
        E: Into<Error<C>>,
    {
        // Where the failure document goes to stderr, the panic hook's text
        // would come before it; the document reports the panic.
        let failure_stream = match self.errors_to_stderr {
            true => Stream::Stderr,
            false => self.profile.failure,
        };
        let quiet = self.mode == Mode::Json && failure_stream == Stream::Stderr;
        with_quiet_panics(quiet, || {
            let (result, warnings) = collect(|| catch_panic(|| body().map_err(Into::into)));
            // Rendering runs a `Serialize` and a `Display` of the program's:
            // a panic there ends as the fallback like any other.
            let kept = warnings.clone();
            catch(|| self.output(result, warnings, text)).unwrap_or_else(|| {
                let panicked = Err::<(), _>(Error::<C>::fallback(PANIC_MESSAGE));
                self.output(panicked, kept, |()| String::new())
            })
        })
    }

    /// The printed form of `result` in the runner's mode: the one document
    /// the profile writes, or the text for people of the same settled
    /// outcome, so that both modes exit alike.
    fn output<T: Serialize>(
        &self,
        result: Result<T, Error<C>>,
        warnings: Vec<Warning>,
        text: impl FnOnce(&T) -> String,
    ) -> Output {
        let (outcome, data) = Outcome::taking(&self.command, result);
        let outcome = outcome.with_warnings(warnings);
        match self.mode {
            Mode::Json => {
                let out = self.profile.render(&outcome);
                match self.errors_to_stderr {
                    true => out.failure_to_stderr(),
                    false => out,
                }
            }
            Mode::Text => {
                let written = self.profile.write(&outcome);
                let settled = written.outcome.as_ref();
                render_text(settled, C::FALLBACK_INFO.exit, || {
                    match (data, settled.is_ok()) {
                        (Some(data), true) => text(&data),
                        _ => String::new(),
                    }
                })
            }
        }
    }
}
