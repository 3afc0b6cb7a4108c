//! The runner: every outcome of a command, a panic included, ends as exactly
//! one envelope (in JSON mode) and an exit code that agrees with it.

use core::marker::PhantomData;
use std::panic::{self, AssertUnwindSafe};
use std::process::ExitCode;

use serde::Serialize;

use crate::code::ErrorCode;
use crate::error::Error;
use crate::profile::{Profile, Stream};
use crate::run::output::Output;
use crate::run::profiled::{
    add_text_warnings, check_data_in, render_json_in, take_warnings, with_quiet_panics,
};
use crate::run::render::{render_text, text_of, unrenderable_reason, Mode};

/// The message of the fallback error a panic becomes; the panic's own
/// message and backtrace go to stderr only, through the panic hook.
pub(crate) const PANIC_MESSAGE: &str = "the command stopped on an unexpected internal error";

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
            profile: crate::profile::registered(),
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
        // Rendering runs inside the guard too: a panicking `Serialize` or
        // `Display` must end as an envelope like any other panic.
        drop(take_warnings());
        // Where failures go to stderr, the panic hook's text would come
        // before the one document there; the document reports the panic.
        let quiet = self.mode == Mode::Json && self.profile.failure == Stream::Stderr;
        let guarded = with_quiet_panics(quiet, || {
            catch_panic::<_, C>(|| {
                let result = body().map_err(Into::into);
                let warnings = take_warnings();
                Ok(match self.mode {
                    Mode::Json => render_json_in(
                        self.profile,
                        &self.command,
                        &result,
                        self.errors_to_stderr,
                        &warnings,
                    ),
                    // The same check as JSON mode's, so both exit alike.
                    Mode::Text => {
                        let mut out = match result.as_ref().map(|data| {
                            check_data_in::<T, C>(self.profile, &self.command, data, &warnings)
                        }) {
                            Ok(Err(unrenderable)) => {
                                // People see why on stderr: its first line gets the reason.
                                let reason = unrenderable_reason(&unrenderable);
                                let mut out = render_text(&Err::<T, _>(unrenderable), text);
                                if !reason.is_empty() {
                                    let rest = out.stderr.split_once('\n').map_or("", |(_, r)| r);
                                    out.stderr = reason + rest;
                                }
                                out
                            }
                            _ => render_text(&result, text),
                        };
                        add_text_warnings(&mut out, &warnings);
                        out
                    }
                })
            })
        });
        guarded.unwrap_or_else(|error| {
            let warnings = take_warnings();
            let error = Err::<(), _>(error);
            match self.mode {
                Mode::Json => render_json_in(
                    self.profile,
                    &self.command,
                    &error,
                    self.errors_to_stderr,
                    &warnings,
                ),
                Mode::Text => {
                    let mut out = render_text(&error, |_| String::new());
                    add_text_warnings(&mut out, &warnings);
                    out
                }
            }
        })
    }
}

/// Frees a caught panic's payload, so a long-lived process that renders
/// many commands does not grow. Dropping it runs user code that may panic
/// again; only such a second payload is leaked, never unwound.
pub(crate) fn drop_payload(payload: Box<dyn core::any::Any + Send>) {
    if let Err(again) = panic::catch_unwind(AssertUnwindSafe(move || drop(payload))) {
        core::mem::forget(again);
    }
}

/// Runs `body`; a panic in it becomes `C`'s fallback error with
/// [`PANIC_MESSAGE`]. The panic's own message and backtrace go to stderr
/// only, through the panic hook. Every caught panic goes through here.
pub(crate) fn catch_panic<T, C: ErrorCode>(
    body: impl FnOnce() -> Result<T, Error<C>>,
) -> Result<T, Error<C>> {
    panic::catch_unwind(AssertUnwindSafe(body)).unwrap_or_else(|payload| {
        drop_payload(payload);
        Err(Error::fallback(PANIC_MESSAGE))
    })
}
