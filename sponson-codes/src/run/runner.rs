//! The runner: every outcome of a command, a panic included, ends as exactly
//! one envelope (in JSON mode) and an exit code that agrees with it.

use core::fmt;
use core::marker::PhantomData;
use std::io::{self, Write};
use std::process::ExitCode;
use std::rc::Rc;
use std::sync::Arc;

use serde::Serialize;

use serde_json::Value;

use crate::code::{CodeInfo, EnumInfo, ErrorCode};
use crate::document::outcome::Outcome;
use crate::document::output::Output;
use crate::document::profile::{Profile, Stream};
use crate::error::panic::{catch, with_quiet_panics, PANIC_MESSAGE};
use crate::error::warning::Warning;
use crate::error::{AnyCode, Error};
use crate::escape::Escape;
use crate::json::depth::{self, Unwritable, MAX_LEVELS};
use crate::run::text::{failure_text, render_text_as, text_of, warning_text, Mode};
use crate::run::warnings::{collect_or_show, Show};

/// Runs a command's body and reports its outcome.
///
/// In JSON mode, exactly one envelope is printed, on stdout (failures on
/// stderr instead with [`errors_to_stderr`](Runner::errors_to_stderr)). In
/// text mode, the data goes to stdout and `error[CODE]: <message>` plus the hint to
/// stderr. The returned exit code is 0 for success and the code's `exit` for
/// failure. A panic in the body becomes `C`'s fallback code; a closed stdout
/// (`EPIPE`) ends quietly with the fallback's exit code.
///
/// The body must not print to stdout itself in JSON mode: a body that prints
/// runs under [`run_printing`](Runner::run_printing), which hands it a
/// writer. Panics are caught with `catch_unwind` in both modes (they need
/// `panic = "unwind"`, the default) and exit with the fallback code's exit;
/// the panic hook's message still goes to stderr in text mode.
///
/// A program that adopts JSON mode keeps what people see in text mode:
/// [`text_error`](Runner::text_error) and [`text_warning`](Runner::text_warning)
/// give its own format, [`closed_stdout_exit`](Runner::closed_stdout_exit)
/// its exit on a closed stdout.
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
#[derive(Clone)]
pub struct Runner<C> {
    core: Core,
    code: PhantomData<fn() -> C>,
}

/// What a runner holds, whatever its code enum: the non-generic core that
/// every run goes through, so a program has one copy of it.
#[derive(Clone)]
struct Core {
    command: String,
    mode: Mode,
    errors_to_stderr: bool,
    profile: &'static Profile,
    text_error: Option<ErrorText>,
    text_warning: Option<WarningText>,
    closed_stdout_exit: Option<u8>,
    closed_stderr_exit: Option<u8>,
    escape: Escape,
    uncoded: Option<&'static CodeInfo>,
    codes: &'static EnumInfo,
    /// The program's messages in other languages, and the locale to use.
    #[cfg(feature = "fluent")]
    localized: Option<(&'static crate::profile::fluent::Messages, String)>,
}

type ErrorText = Arc<dyn Fn(Error<AnyCode>) -> String + Send + Sync>;
type WarningText = Arc<dyn Fn(&Warning) -> String + Send + Sync>;

impl<C> fmt::Debug for Runner<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let core = &self.core;
        let mut f = f.debug_struct("Runner");
        f.field("command", &core.command)
            .field("mode", &core.mode)
            .field("errors_to_stderr", &core.errors_to_stderr)
            .field("profile", &core.profile.name)
            .field("text_error", &core.text_error.is_some())
            .field("text_warning", &core.text_warning.is_some())
            .field("closed_stdout_exit", &core.closed_stdout_exit)
            .field("closed_stderr_exit", &core.closed_stderr_exit)
            .field("escape_text", &core.escape.0)
            .field("uncoded", &core.uncoded.map(|info| info.code));
        #[cfg(feature = "fluent")]
        f.field("locale", &core.localized.as_ref().map(|(_, locale)| locale));
        f.finish()
    }
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
            core: Core {
                command: command.into(),
                mode,
                errors_to_stderr: false,
                profile: crate::document::declared::declared(),
                text_error: None,
                text_warning: None,
                closed_stdout_exit: None,
                closed_stderr_exit: None,
                escape: Escape(true),
                uncoded: None,
                codes: C::ENUM,
                #[cfg(feature = "fluent")]
                localized: None,
            },
            code: PhantomData,
        }
    }

    /// A failure's message in the reader's language too, from the
    /// program's Fluent files, in the shipped locale that serves `locale`
    /// (usually [`fluent::env_locale`](crate::profile::fluent::env_locale), the
    /// environment's; `None` means English): text mode prints it in the
    /// `error[CODE]:` line, and the document carries it beside the English
    /// `message` where its profile has a `localized_message` key. A code
    /// without a message in that locale is shown in English.
    ///
    /// ```
    /// # use sponson_codes::{Error, ErrorCodes, Mode, Runner};
    /// # #[derive(Debug, ErrorCodes)]
    /// # enum Code {
    /// #     #[code(exit = 3, doc = "The lock is held.")]
    /// #     LockHeld,
    /// #     #[code(exit = 1, doc = "An unexpected error.", fallback)]
    /// #     Internal,
    /// # }
    /// use std::sync::LazyLock;
    /// use sponson_codes::profile::fluent::Messages;
    ///
    /// static MESSAGES: LazyLock<Messages> = LazyLock::new(|| {
    ///     // include_str!("../locales/de/errors.ftl") in a program
    ///     Messages::new().with_locale("de", "locales/de/errors.ftl", "LOCK_HELD = Die Sperre ist belegt.").unwrap()
    /// });
    ///
    /// let failing = || Err::<(), _>(Error::new(Code::LockHeld, "the lock is held"));
    /// let out = Runner::<Code>::new("apply", Mode::Text).messages(&MESSAGES, Some("de-DE")).render(failing);
    /// assert_eq!(out.stderr, "error[LOCK_HELD]: Die Sperre ist belegt.\n");
    /// let out = Runner::<Code>::new("apply", Mode::Json).messages(&MESSAGES, Some("de-DE")).render(failing);
    /// assert!(out.stdout.contains(
    ///     r#""message":"the lock is held","localized_message":{"locale":"de","message":"Die Sperre ist belegt."}"#
    /// ));
    /// ```
    #[cfg(feature = "fluent")]
    #[cfg_attr(docsrs, doc(cfg(feature = "fluent")))]
    #[must_use]
    pub fn messages(
        mut self,
        messages: &'static crate::profile::fluent::Messages,
        locale: Option<&str>,
    ) -> Self {
        self.core.localized = locale.map(|locale| (messages, locale.to_owned()));
        self
    }

    /// How text mode shows a failure to people, instead of
    /// `error[CODE]: <message>` and `hint: <hint>`: the program's own
    /// format, kept when it adopts JSON mode. The error it is given has
    /// its text escaped for people (its message, hint and every string of
    /// its details, where control and invisible characters show instead of
    /// acting on the terminal; newlines and tabs are kept), and what it
    /// returns goes to stderr as it is, the program's own colours
    /// included, a final newline added when missing. A failure the runner
    /// itself reports (a panic, data that cannot be rendered) is the
    /// fallback code's error, given here too.
    ///
    /// ```
    /// # use sponson_codes::{Error, ErrorCodes, Mode, Runner};
    /// # #[derive(Debug, ErrorCodes)]
    /// # enum Code {
    /// #     #[code(exit = 3, doc = "The lock is held.")]
    /// #     LockHeld,
    /// #     #[code(exit = 1, doc = "An unexpected error.", fallback)]
    /// #     Internal,
    /// # }
    /// let out = Runner::<Code>::new("apply", Mode::Text)
    ///     .text_error(|err| format!("plan: {}", err.message()))
    ///     .render(|| Err::<(), _>(Error::new(Code::LockHeld, "prod is locked")));
    /// assert_eq!((out.stderr.as_str(), out.exit), ("plan: prod is locked\n", 3));
    /// ```
    #[must_use]
    pub fn text_error(
        mut self,
        render: impl Fn(&Error<C>) -> String + Send + Sync + 'static,
    ) -> Self {
        self.core.text_error = Some(Arc::new(move |error: Error<AnyCode>| {
            render(&error.retype::<C>())
        }));
        self
    }

    /// How text mode shows a warning, instead of `warning[CODE]: <message>`
    /// and its hint; as [`text_error`](Runner::text_error), on stderr: the
    /// warning given has its text escaped, what it returns is printed as
    /// it is.
    #[must_use]
    pub fn text_warning(
        mut self,
        render: impl Fn(&Warning) -> String + Send + Sync + 'static,
    ) -> Self {
        self.core.text_warning = Some(Arc::new(render));
        self
    }

    /// The exit code when stdout is closed after a success (the reader went
    /// away, as with `| head`: `EPIPE`): the fallback code's exit unless
    /// set, so that a reader that left is never told success; a program
    /// used in pipelines may choose 0, as many Unix tools do. Only a closed
    /// pipe is a closed stdout: any other write error (a full disk) is a
    /// failure, reported on stderr with the fallback code's exit, in both
    /// modes.
    ///
    /// ```
    /// # use sponson_codes::{Error, ErrorCodes, Mode, Runner};
    /// # #[derive(Debug, ErrorCodes)]
    /// # enum Code {
    /// #     #[code(exit = 1, doc = "An unexpected error.", fallback)]
    /// #     Internal,
    /// # }
    /// let out = Runner::<Code>::new("list", Mode::Text)
    ///     .closed_stdout_exit(0)
    ///     .render(|| Ok::<_, Error<Code>>("a\nb"));
    /// assert_eq!((out.closed_stdout_exit, out.unwritten_exit), (0, 1));
    /// ```
    #[must_use]
    pub fn closed_stdout_exit(mut self, exit: u8) -> Self {
        self.core.closed_stdout_exit = Some(exit);
        self
    }

    /// The code of the body's failures that nothing coded: an
    /// `anyhow::Error` or a boxed error with no `Error<C>` in its chain, or
    /// an [`Error::fallback`]. They take the fallback code unless set; a
    /// program whose fallback keeps Rust's panic exit (101) so that scripts
    /// can tell a crash from a failure names a code of its own for them
    /// (exit 1, say). Panics, and what the runner itself reports, keep the
    /// fallback; a success stdout cannot take for a reason other than a
    /// closed pipe (a full disk) exits with this code's exit. A command
    /// with a declared set (`#[codes(commands(...))]`) lists the code.
    ///
    /// ```
    /// # use sponson_codes::{Error, ErrorCodes, Mode, Runner};
    /// #[derive(Debug, ErrorCodes)]
    /// enum Code {
    ///     #[code(exit = 1, doc = "A failure without a code of its own.")]
    ///     Failed,
    ///     #[code(exit = 101, doc = "The program stopped on a bug.", fallback)]
    ///     Bug,
    /// }
    ///
    /// let runner = Runner::<Code>::new("get", Mode::Text).uncoded(Code::Failed);
    /// let out = runner.render(|| Err::<(), _>(Error::<Code>::fallback("disk full")));
    /// assert_eq!((out.stderr.as_str(), out.exit), ("error[FAILED]: disk full\n", 1));
    /// let out = runner.render(|| -> Result<(), Error<Code>> { panic!("a bug") });
    /// assert_eq!(out.exit, 101);
    /// ```
    #[must_use]
    pub fn uncoded(mut self, code: C) -> Self {
        self.core.uncoded = Some(code.info());
        self
    }

    /// Whether text mode escapes what it prints for people (on by default):
    /// control and invisible characters in the data, the messages, hints
    /// and details of failures and warnings, which often come from outside
    /// the program (a file name, a server's reply), are shown as `\u{1b}`
    /// instead of acting on the terminal. Off, text mode prints them as they
    /// are, for a program that must print exactly what it printed before;
    /// its own formats ([`text_error`](Runner::text_error),
    /// [`text_warning`](Runner::text_warning)) are then given the text
    /// unescaped. JSON mode is the same either way: JSON escapes control
    /// characters itself.
    ///
    /// ```
    /// # use sponson_codes::{Error, ErrorCodes, Mode, Runner};
    /// # #[derive(Debug, ErrorCodes)]
    /// # enum Code {
    /// #     #[code(exit = 1, doc = "An unexpected error.", fallback)]
    /// #     Internal,
    /// # }
    /// let failed = || Err::<(), _>(Error::<Code>::fallback("no file /tmp/a\u{1b}b"));
    /// let escaped = Runner::<Code>::new("open", Mode::Text).render(failed);
    /// assert_eq!(escaped.stderr, "error[INTERNAL]: no file /tmp/a\\u{1b}b\n");
    /// let raw = Runner::<Code>::new("open", Mode::Text).escape_text(false).render(failed);
    /// assert_eq!(raw.stderr, "error[INTERNAL]: no file /tmp/a\u{1b}b\n");
    /// ```
    #[must_use]
    pub fn escape_text(mut self, on: bool) -> Self {
        self.core.escape = Escape(on);
        self
    }

    /// The exit code when stderr is closed as the runner writes the
    /// outcome there (`prog 2>&1 | head`, or `2>` a pipe whose reader
    /// left: `EPIPE`), whatever the outcome: by default a closed stderr
    /// changes nothing and the outcome keeps its own exit. A body that
    /// stopped because a write to stderr failed returns its failure as
    /// usual; the runner then finds stderr closed as it reports it. With
    /// [`closed_stdout_exit`](Runner::closed_stdout_exit), this is how a
    /// program that exits 0 on any broken pipe keeps doing so, with no
    /// code of its own for it.
    ///
    /// ```
    /// # use sponson_codes::{Error, ErrorCodes, Mode, Runner};
    /// # #[derive(Debug, ErrorCodes)]
    /// # enum Code {
    /// #     #[code(exit = 1, doc = "An unexpected error.", fallback)]
    /// #     Internal,
    /// # }
    /// struct Closed;
    /// impl std::io::Write for Closed {
    ///     fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
    ///         Err(std::io::ErrorKind::BrokenPipe.into())
    ///     }
    ///     fn flush(&mut self) -> std::io::Result<()> {
    ///         Ok(())
    ///     }
    /// }
    ///
    /// let out = Runner::<Code>::new("list", Mode::Text)
    ///     .closed_stdout_exit(0)
    ///     .closed_stderr_exit(0)
    ///     .render(|| Err::<(), _>(Error::<Code>::fallback("cannot write: Broken pipe")));
    /// assert_eq!(out.exit, 1);
    /// assert_eq!(out.write_to(Vec::new(), Closed), std::process::ExitCode::SUCCESS);
    /// ```
    #[must_use]
    pub fn closed_stderr_exit(mut self, exit: u8) -> Self {
        self.core.closed_stderr_exit = Some(exit);
        self
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
        self.core.profile = profile;
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
        self.core.errors_to_stderr = on;
        self
    }

    /// The command's name.
    pub fn command(&self) -> &str {
        &self.core.command
    }

    /// The output mode.
    pub fn mode(&self) -> Mode {
        self.core.mode
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
        self.core
            .run(&mut returning::<_, _, T, E, C>(body, |_| None))
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
        self.core.run(&mut returning::<_, _, T, E, C>(body, |data| {
            Some(text(data))
        }))
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
        self.core
            .rendered(&mut returning::<_, _, T, E, C>(body, |_| None), false)
            .0
    }

    /// Like [`render`](Runner::render), with `text` rendering the data in
    /// text mode: what [`run_with`](Runner::run_with) would print.
    ///
    /// ```
    /// # use sponson_codes::ErrorCodes;
    /// # #[derive(Debug, PartialEq, ErrorCodes)]
    /// # enum Code {
    /// #     #[code(exit = 1, doc = "An unexpected error.", fallback)]
    /// #     Internal,
    /// # }
    /// use sponson_codes::{Error, Mode, Runner};
    ///
    /// let count = || Ok::<_, Error<Code>>(3);
    /// let text = Runner::<Code>::new("count", Mode::Text).render_with(count, |n| format!("{n} steps"));
    /// assert_eq!(text.stdout, "3 steps\n");
    /// let json = Runner::<Code>::new("count", Mode::Json).render_with(count, |n| format!("{n} steps"));
    /// assert_eq!(json.stdout, "{\"ok\":true,\"command\":\"count\",\"data\":3}\n");
    /// ```
    pub fn render_with<T, E>(
        &self,
        body: impl FnOnce() -> Result<T, E>,
        text: impl FnOnce(&T) -> String,
    ) -> Output
    where
        T: Serialize,
        E: Into<Error<C>>,
    {
        self.core
            .rendered(
                &mut returning::<_, _, T, E, C>(body, |data| Some(text(data))),
                false,
            )
            .0
    }

    /// Runs a body that prints its normal output to the writer it is
    /// given: in text mode the output reaches stdout as the body writes
    /// it, as before; in JSON mode it is kept and becomes the document's
    /// data (a string; bytes
    /// that are not UTF-8 are replaced; a body that printed nothing gives
    /// no data), and the document is printed as usual. After a failure in JSON mode, the document carries the error,
    /// not what was printed.
    ///
    /// A command that printed with `println!` or to `io::stdout()` changes
    /// in one way: it writes to the writer instead (`println!(...)` becomes
    /// `writeln!(out, ...)?`, and a function that wrote to stdout takes
    /// `out: &mut dyn Write` from its caller). Nothing else does: what it
    /// writes and when stays the same. The runner cannot take over
    /// `io::stdout()` itself, so what a body still writes there bypasses
    /// it: in JSON mode it would come before the document and break it.
    ///
    /// A write that fails because stdout was closed (`EPIPE`) is an
    /// `io::Error` of kind `BrokenPipe` for the body, which may stop; the
    /// process then exits with [`closed_stdout_exit`](Runner::closed_stdout_exit).
    ///
    /// ```no_run
    /// use std::io::Write as _;
    /// # use sponson_codes::{Error, ErrorCodes, Mode, Runner};
    /// # #[derive(Debug, ErrorCodes)]
    /// # enum Code {
    /// #     #[code(exit = 1, doc = "An unexpected error.", fallback)]
    /// #     Internal,
    /// # }
    /// fn list(out: &mut dyn std::io::Write) -> std::io::Result<()> {
    ///     writeln!(out, "deploy.plan")?;
    ///     writeln!(out, "rollback.plan")
    /// }
    ///
    /// let json = std::env::args().any(|arg| arg == "--json");
    /// let exit = Runner::<Code>::new("list", Mode::from_json_flag(json))
    ///     .run_printing(|out| list(out).map_err(|e| Error::<Code>::fallback(e.to_string())));
    /// ```
    pub fn run_printing<E>(self, body: impl FnOnce(&mut dyn Write) -> Result<(), E>) -> ExitCode
    where
        E: Into<Error<C>>,
    {
        self.core.run_printing(&mut printing::<_, E, C>(body))
    }

    /// What [`run_printing`](Runner::run_printing) would print, without
    /// printing: in text mode, what the body wrote is the output's stdout,
    /// as it is (the program's own output is not escaped).
    ///
    /// ```
    /// use std::io::Write as _;
    /// # use sponson_codes::{Error, ErrorCodes, Mode, Runner};
    /// # #[derive(Debug, ErrorCodes)]
    /// # enum Code {
    /// #     #[code(exit = 1, doc = "An unexpected error.", fallback)]
    /// #     Internal,
    /// # }
    /// let body = |out: &mut dyn std::io::Write| {
    ///     writeln!(out, "deploy.plan").map_err(|e| Error::<Code>::fallback(e.to_string()))
    /// };
    /// let text = Runner::<Code>::new("list", Mode::Text).render_printing(body);
    /// assert_eq!(text.stdout, "deploy.plan\n");
    /// let json = Runner::<Code>::new("list", Mode::Json).render_printing(body);
    /// assert_eq!(json.stdout, "{\"ok\":true,\"command\":\"list\",\"data\":\"deploy.plan\\n\"}\n");
    /// ```
    pub fn render_printing<E>(&self, body: impl FnOnce(&mut dyn Write) -> Result<(), E>) -> Output
    where
        E: Into<Error<C>>,
    {
        self.core
            .rendered_printing(&mut printing::<_, E, C>(body))
            .0
    }
}

/// A command's body as the core runs it: the one part of a run that
/// depends on the command's types, one small vtable per call site.
trait Body {
    /// Runs the body, once; it prints to `out` (a body that returns its
    /// data ignores it), and its data is kept for [`value`](Body::value).
    fn run(&mut self, out: &mut dyn Write) -> Result<(), Error<AnyCode>>;

    /// The kept data as a JSON value, bounded in depth.
    fn value(&self) -> Result<Value, Unwritable>;

    /// Drops the kept data; with `text`, returns its text for people first
    /// (`None`: the default rendering of its value).
    fn finish(&mut self, text: bool) -> Option<String>;
}

/// A body that returns its data, `text` rendering it for people.
struct Returning<F, G, T, E, C> {
    body: Option<F>,
    text: Option<G>,
    data: Option<T>,
    types: PhantomData<fn() -> (E, C)>,
}

fn returning<F, G, T, E, C>(body: F, text: G) -> Returning<F, G, T, E, C>
where
    F: FnOnce() -> Result<T, E>,
    G: FnOnce(&T) -> Option<String>,
{
    Returning {
        body: Some(body),
        text: Some(text),
        data: None,
        types: PhantomData,
    }
}

impl<F, G, T, E, C> Body for Returning<F, G, T, E, C>
where
    F: FnOnce() -> Result<T, E>,
    G: FnOnce(&T) -> Option<String>,
    T: Serialize,
    E: Into<Error<C>>,
{
    fn run(&mut self, _: &mut dyn Write) -> Result<(), Error<AnyCode>> {
        let body = self.body.take().expect("a body runs once");
        match body() {
            Ok(data) => {
                self.data = Some(data);
                Ok(())
            }
            Err(error) => Err(Into::<Error<C>>::into(error).retype()),
        }
    }

    fn value(&self) -> Result<Value, Unwritable> {
        match &self.data {
            Some(data) => depth::to_value(data, MAX_LEVELS),
            None => Ok(Value::Null),
        }
    }

    fn finish(&mut self, text: bool) -> Option<String> {
        let data = self.data.take()?;
        match (text, self.text.take()) {
            (true, Some(render)) => render(&data),
            _ => None,
        }
    }
}

/// A body that prints its output to the writer it is given.
struct Printing<F, E, C> {
    body: Option<F>,
    types: PhantomData<fn() -> (E, C)>,
}

fn printing<F, E, C>(body: F) -> Printing<F, E, C>
where
    F: FnOnce(&mut dyn Write) -> Result<(), E>,
{
    Printing {
        body: Some(body),
        types: PhantomData,
    }
}

impl<F, E, C> Body for Printing<F, E, C>
where
    F: FnOnce(&mut dyn Write) -> Result<(), E>,
    E: Into<Error<C>>,
{
    fn run(&mut self, out: &mut dyn Write) -> Result<(), Error<AnyCode>> {
        let body = self.body.take().expect("a body runs once");
        body(out).map_err(|error| Into::<Error<C>>::into(error).retype())
    }

    fn value(&self) -> Result<Value, Unwritable> {
        Ok(Value::Null)
    }

    fn finish(&mut self, text: bool) -> Option<String> {
        text.then(String::new)
    }
}

/// A printing body whose output is kept: the document's data in JSON mode
/// (`as_data`), the output's stdout in text mode.
struct Kept<'a> {
    body: &'a mut dyn Body,
    kept: Vec<u8>,
    as_data: bool,
}

impl Kept<'_> {
    /// What the body printed; bytes that are not UTF-8 are replaced.
    fn printed(&self) -> String {
        String::from_utf8_lossy(&self.kept).into_owned()
    }
}

impl Body for Kept<'_> {
    fn run(&mut self, _: &mut dyn Write) -> Result<(), Error<AnyCode>> {
        self.body.run(&mut self.kept)
    }

    /// What the body printed, as a string; nothing printed is no data, as
    /// a body that returns `()`.
    fn value(&self) -> Result<Value, Unwritable> {
        match self.as_data && !self.kept.is_empty() {
            true => Ok(Value::String(self.printed())),
            false => Ok(Value::Null),
        }
    }

    fn finish(&mut self, text: bool) -> Option<String> {
        self.body.finish(text)
    }
}

/// A printing body whose output reaches stdout as it writes it.
struct Streaming<'a> {
    body: &'a mut dyn Body,
    stdout: Streamed,
}

impl Body for Streaming<'_> {
    fn run(&mut self, _: &mut dyn Write) -> Result<(), Error<AnyCode>> {
        self.body.run(&mut self.stdout)
    }

    fn value(&self) -> Result<Value, Unwritable> {
        Ok(Value::Null)
    }

    fn finish(&mut self, text: bool) -> Option<String> {
        self.body.finish(text)
    }
}

/// No body: the outcome of a run whose rendering panicked.
struct Nothing;

impl Body for Nothing {
    fn run(&mut self, _: &mut dyn Write) -> Result<(), Error<AnyCode>> {
        Ok(())
    }

    fn value(&self) -> Result<Value, Unwritable> {
        Ok(Value::Null)
    }

    fn finish(&mut self, text: bool) -> Option<String> {
        text.then(String::new)
    }
}

impl Core {
    /// Runs `body`, prints its outcome and returns the exit code.
    fn run(&self, body: &mut dyn Body) -> ExitCode {
        let (out, reported) = self.rendered(body, true);
        reported.send(out.exit);
        out.print()
    }

    /// The fallback error with `message`.
    fn fallback(&self, message: impl Into<String>) -> Error<AnyCode> {
        Error::of_info(self.codes.fallback_info(), message.into())
    }

    /// See [`Runner::run_printing`].
    fn run_printing(&self, body: &mut dyn Body) -> ExitCode {
        if self.mode == Mode::Json {
            return self.run(&mut Kept {
                body,
                kept: Vec::new(),
                as_data: true,
            });
        }
        let mut streaming = Streaming {
            body,
            stdout: Streamed {
                inner: io::stdout(),
                closed: false,
            },
        };
        let (out, reported) = self.rendered(&mut streaming, true);
        let _ = streaming.stdout.flush();
        reported.send(out.exit);
        // The reader went away. With an exit chosen for that, a body
        // that stopped on the write that failed has not failed.
        match (streaming.stdout.closed, out.exit, self.closed_stdout_exit) {
            (true, 0, _) => Output {
                exit: out.closed_stdout_exit,
                ..out
            }
            .print(),
            (true, _, Some(exit)) => Output {
                exit,
                stderr: String::new(),
                ..out
            }
            .print(),
            _ => out.print(),
        }
    }

    /// See [`Runner::render_printing`]; also the failure its output reports.
    fn rendered_printing(&self, body: &mut dyn Body) -> (Output, Reported) {
        let mut kept = Kept {
            body,
            kept: Vec::new(),
            as_data: self.mode == Mode::Json,
        };
        let (out, reported) = self.rendered(&mut kept, false);
        match self.mode {
            // The program's own output, as it is: what the body wrote.
            Mode::Text => (
                Output {
                    stdout: kept.printed(),
                    ..out
                },
                reported,
            ),
            Mode::Json => (out, reported),
        }
    }

    /// The output of `body` in the runner's mode, and the failure it
    /// reports (which only the printing methods send). `printing`: the
    /// output is printed, so in text mode each warning reaches stderr as it
    /// is raised, not with the output.
    fn rendered(&self, body: &mut dyn Body, printing: bool) -> (Output, Reported) {
        // Where the failure document goes to stderr, the panic hook's text
        // would come before it; the document reports the panic.
        let failure_stream = match self.errors_to_stderr {
            true => Stream::Stderr,
            false => self.profile.failure,
        };
        let quiet = self.mode == Mode::Json && failure_stream == Stream::Stderr;
        with_quiet_panics(quiet, || {
            let (result, warnings) = collect_or_show(self.show(printing), || {
                catch(|| body.run(&mut io::sink()).map_err(|error| self.coded(error)))
                    .unwrap_or_else(|| Err(self.fallback(PANIC_MESSAGE)))
            });
            let result = result.map_err(|error| self.within_set(error));
            // Rendering runs a `Serialize` and a `Display` of the program's:
            // a panic there ends as the fallback like any other.
            let kept = warnings.clone();
            catch(|| self.output(result, warnings, body)).unwrap_or_else(|| {
                self.output(Err(self.fallback(PANIC_MESSAGE)), kept, &mut Nothing)
            })
        })
    }

    /// A failure of the body: with the fallback code (nothing coded it),
    /// the code chosen for uncoded failures, if any; the panics the runner
    /// caught keep the fallback.
    fn coded(&self, error: Error<AnyCode>) -> Error<AnyCode> {
        match self.uncoded {
            Some(info) if error.code() == self.codes.fallback_info().code => error.recoded(info),
            _ => error,
        }
    }

    /// In debug builds (tests included), a code outside the command's
    /// declared set (`#[codes(commands(...))]`) is the fallback, with a
    /// message naming both: the set is a promise to the program's callers,
    /// and a test that reaches the code should fail where it is raised.
    /// Release builds keep the code, which callers handle as any other.
    fn within_set(&self, error: Error<AnyCode>) -> Error<AnyCode> {
        use crate::code::SetKind;
        if !cfg!(debug_assertions)
            || self
                .codes
                .allows(SetKind::Command, &self.command, error.code())
        {
            return error;
        }
        self.fallback(format!(
            "command `{}` returned `{}`, which its declared set does not list; add `{}` to its entry in #[codes(commands(...))] on `{}`, or return one of its codes",
            self.command,
            error.code(),
            error.info().variant,
            self.codes.path(),
        ))
    }

    /// The printed form of the body's outcome in the runner's mode: the one
    /// document the profile writes, or the text for people of the same
    /// settled outcome, so that both modes exit alike; and the failure it
    /// reports.
    fn output(
        &self,
        result: Result<(), Error<AnyCode>>,
        warnings: Vec<Warning>,
        body: &mut dyn Body,
    ) -> (Output, Reported) {
        let fallback = self.codes.fallback_info();
        if self.mode == Mode::Json {
            let outcome = match result {
                Ok(()) => Outcome::of_data(self.command.clone(), body.value(), fallback),
                Err(error) => Outcome::taking_error(&self.command, error, fallback),
            };
            body.finish(false);
            let outcome = self.localized(outcome);
            return self.json_output(outcome.with_warnings(warnings));
        }
        // Text mode checks the data as JSON mode would, so both exit alike.
        let outcome = match &result {
            Ok(()) => Outcome::of_data(self.command.clone(), body.value(), fallback),
            Err(error) => Outcome::failed_with(self.command.clone(), error, fallback),
        }
        .with_warnings(warnings);
        let outcome = self.localized(outcome);
        let written = self.profile.write(&outcome);
        let data_text = match (&outcome.result, written.outcome.is_ok()) {
            (Ok(value), true) => body.finish(true).unwrap_or_else(|| text_of(value)),
            _ => {
                body.finish(false);
                String::new()
            }
        };
        self.text_output(&outcome, written.outcome.as_ref(), data_text, result.err())
    }

    /// `outcome` with its failure's localized message, when the runner
    /// was given messages and a locale that has one.
    fn localized(&self, outcome: Outcome) -> Outcome {
        #[cfg(feature = "fluent")]
        if let Some((messages, locale)) = &self.localized {
            return messages.localize_outcome(outcome, Some(locale));
        }
        outcome
    }

    /// `out` with the exits of a success stdout cannot take: the
    /// uncoded failures' (the fallback's unless chosen), or the one chosen
    /// for a closed stdout.
    fn unwritable(&self, out: Output) -> Output {
        let fallback = self.uncoded.unwrap_or(self.codes.fallback_info()).exit;
        Output {
            unwritten_exit: fallback,
            closed_stdout_exit: self.closed_stdout_exit.unwrap_or(fallback),
            closed_stderr_exit: self.closed_stderr_exit,
            ..out
        }
    }

    fn json_output(&self, outcome: Outcome) -> (Output, Reported) {
        let out = self.unwritable(self.profile.render(&outcome));
        let out = match self.errors_to_stderr {
            true => out.failure_to_stderr(),
            false => out,
        };
        let reported = Reported::read(self.codes, self.profile, &out);
        (out, reported)
    }

    /// Text mode, once the outcome is settled: `settled` is `outcome`, or
    /// the fallback that reports why it could not be written; `error` is
    /// the body's own error, if it failed. Also the failure it reports.
    fn text_output(
        &self,
        outcome: &Outcome,
        settled: &Outcome,
        data_text: String,
        error: Option<Error<AnyCode>>,
    ) -> (Output, Reported) {
        let reported = Reported::settled(self.codes, settled);
        let fallback = self.codes.fallback_info().exit;
        let mut out = self.unwritable(render_text_as(settled, fallback, data_text, self.escape));
        if self.text_error.is_none() && self.text_warning.is_none() {
            return (out, reported);
        }
        // The program's own text: its warnings, then its failure.
        let mut stderr = String::new();
        for warning in settled.warnings() {
            stderr.push_str(&self.warning_text(warning));
        }
        match (&self.text_error, error, settled.is_ok()) {
            (_, _, true) => {}
            (Some(render), Some(error), false) if core::ptr::eq(settled, outcome) => {
                stderr.push_str(&lines(render(error.for_people(self.escape))));
            }
            (Some(render), _, false) => {
                // The runner's own failure: the fallback that reports it.
                let message = settled.failure_message().unwrap_or_default();
                let error = self.fallback(settled.withheld.as_deref().unwrap_or(message));
                stderr.push_str(&lines(render(error.for_people(self.escape))));
            }
            (None, _, false) => stderr.push_str(&failure_text(settled, self.escape)),
        }
        out.stderr = stderr;
        (out, reported)
    }

    /// How warnings are shown as they are raised: on stderr in text mode
    /// when the output is printed; else they are kept for the output.
    fn show(&self, printing: bool) -> Option<Show> {
        if !printing || self.mode != Mode::Text {
            return None;
        }
        let core = self.clone();
        Some(Rc::new(move |warning: &Warning| {
            // Best effort, as the output's own stderr.
            let text = core.warning_text(warning);
            let _ = io::stderr().lock().write_all(text.as_bytes());
        }))
    }

    /// A warning's text for people: the program's own format, given the
    /// warning escaped, or `warning[CODE]:` and the hint.
    fn warning_text(&self, warning: &Warning) -> String {
        match &self.text_warning {
            Some(render) => lines(render(&warning.clone().for_people(self.escape))),
            None => warning_text(warning, self.escape),
        }
    }
}

/// The failure an output reports to telemetry (feature `tracing`): its
/// code and message as the document carries them, after the writer's
/// decision. Nothing without the feature.
#[derive(Debug, Default)]
#[must_use]
pub(crate) struct Reported(#[cfg(feature = "tracing")] Option<(crate::telemetry::Kind, String)>);

impl Reported {
    /// The failure of a settled outcome, if it is one.
    pub(crate) fn settled(codes: &'static EnumInfo, outcome: &Outcome) -> Reported {
        #[cfg(feature = "tracing")]
        return Reported(
            outcome
                .result
                .as_ref()
                .err()
                .filter(|_| crate::telemetry::wanted())
                .map(|failure| {
                    (
                        crate::telemetry::Kind::in_enum(codes, &failure.code),
                        failure.message.clone(),
                    )
                }),
        );
        #[cfg(not(feature = "tracing"))]
        {
            let _ = (codes, outcome);
            Reported()
        }
    }

    /// The failure `make` gives, as its code and message; made only when
    /// something would see the report.
    pub(crate) fn failure(
        codes: &'static EnumInfo,
        make: impl FnOnce() -> (&'static str, String),
    ) -> Reported {
        #[cfg(feature = "tracing")]
        {
            if !crate::telemetry::wanted() {
                return Reported::default();
            }
            let (code, message) = make();
            Reported(Some((
                crate::telemetry::Kind::in_enum(codes, code),
                message,
            )))
        }
        #[cfg(not(feature = "tracing"))]
        {
            let _ = (codes, make);
            Reported()
        }
    }

    /// The failure of a JSON-mode output, read back by `profile`, which
    /// wrote it; read only when something would see the report.
    pub(crate) fn read(codes: &'static EnumInfo, profile: &Profile, out: &Output) -> Reported {
        #[cfg(feature = "tracing")]
        {
            use crate::telemetry::{document_of, failure_in, wanted, Kind};
            if out.is_ok() || !wanted() {
                return Reported::default();
            }
            Reported(Some(match failure_in(document_of(out), [profile]) {
                Some(failure) => (Kind::in_enum(codes, &failure.code), failure.message),
                // A document the profile could not write: the fallback's
                // exit, no code to tell.
                None => (Kind::other(), String::new()),
            }))
        }
        #[cfg(not(feature = "tracing"))]
        {
            let _ = (codes, profile, out);
            Reported()
        }
    }

    /// Reports the failure, if any, as the process's, ending with `exit`.
    pub(crate) fn send(self, exit: u8) {
        #[cfg(feature = "tracing")]
        if let Some((kind, message)) = self.0 {
            crate::telemetry::report(kind, &message, crate::telemetry::Surface::Process(exit));
        }
        #[cfg(not(feature = "tracing"))]
        let _ = exit;
    }
}

/// Text a program renders for people, as it is (what it quotes was
/// escaped before it was given), on lines of its own.
fn lines(mut text: String) -> String {
    if !text.is_empty() && !text.ends_with('\n') {
        text.push('\n');
    }
    text
}

/// Stdout as a body writes to it, remembering whether it was closed.
struct Streamed {
    inner: io::Stdout,
    closed: bool,
}

impl Write for Streamed {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let written = self.inner.write(bytes);
        if let Err(err) = &written {
            self.closed |= err.kind() == io::ErrorKind::BrokenPipe;
        }
        written
    }

    fn flush(&mut self) -> io::Result<()> {
        let flushed = self.inner.flush();
        if let Err(err) = &flushed {
            self.closed |= err.kind() == io::ErrorKind::BrokenPipe;
        }
        flushed
    }
}
