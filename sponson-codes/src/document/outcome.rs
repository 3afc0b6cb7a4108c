//! The outcome of one command: the one value every surface renders.

use std::borrow::Cow;

use serde::Serialize;
use serde_json::{Map, Value};

use super::localized::LocalizedMessage;
use crate::code::{CodeInfo, ErrorCode};
use crate::error::warning::Warning;
use crate::error::Error;
use crate::json::depth::{self, Unwritable, MAX_LEVELS};

/// What one command produced: its name, its data or its coded failure, and
/// the warnings it raised. Built once, from the command's result, and
/// rendered by every surface: the JSON runner and text mode, MCP tool
/// results, the companion's own output and HTTP problem documents all read
/// this one value, so they report the same code and exit for it.
///
/// Data is held as a JSON value, written once through `Serialize` and
/// bounded in depth. An outcome that no document can hold (data with a key
/// the document itself writes, details under such a key, nesting deeper than
/// 127 levels) is rendered as the fallback code of its enum instead: a
/// programming error is reported, never a shadowed key.
///
/// ```
/// use sponson_codes::{Error, ErrorCodes, Outcome};
///
/// #[derive(Debug, ErrorCodes)]
/// enum Code {
///     #[code(exit = 3, doc = "Another run holds the lock.", hint = "Pass --wait.")]
///     LockHeld,
///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
///     Internal,
/// }
///
/// let held: Result<(), _> = Err(Error::new(Code::LockHeld, "held by run 41"));
/// let outcome = Outcome::new("apply", &held);
/// assert_eq!((outcome.command(), outcome.is_ok(), outcome.exit_code()), ("apply", false, 3));
///
/// let out = sponson_codes::profile::SPONSON.render(&outcome);
/// assert_eq!(out.exit, 3);
/// assert_eq!(
///     out.stdout,
///     "{\"ok\":false,\"command\":\"apply\",\"error\":{\"code\":\"LOCK_HELD\",\"message\":\"held by run 41\",\"hint\":\"Pass --wait.\"}}\n"
/// );
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    pub(crate) command: String,
    pub(crate) result: Result<Value, Failure>,
    pub(crate) warnings: Vec<Warning>,
    /// What is rendered instead of an outcome no document can hold; `None`
    /// for outcomes built from bare strings, which are refused instead.
    pub(crate) fallback: Option<&'static CodeInfo>,
    /// Why the outcome is the fallback, in words that may quote data (a
    /// `Serialize` error's): never in a document, shown on stderr only.
    pub(crate) withheld: Option<String>,
}

/// A failure as every document writes it.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Failure {
    pub(crate) code: Cow<'static, str>,
    /// 1 to 255; `None` only for a failure read without one (an
    /// [`ErrorBody`](crate::profile::ErrorBody) written back), which no shape with an
    /// exit member is given.
    pub(crate) exit: Option<u8>,
    pub(crate) message: String,
    pub(crate) hint: Option<Cow<'static, str>>,
    pub(crate) details: Map<String, Value>,
    /// The code's entry, when the failure has a listed code: what a problem
    /// document reads its status, title and type from.
    pub(crate) info: Option<&'static CodeInfo>,
    /// The message in the reader's language, when the program localized it.
    pub(crate) localized: Option<LocalizedMessage>,
}

impl Failure {
    /// The failure of a coded error.
    pub(crate) fn of<C>(error: &Error<C>) -> Failure {
        Failure::listed(
            error.info(),
            error.message().to_owned(),
            error.hint_cow(),
            error.details().as_map().clone(),
        )
    }

    /// A failure with the listed code `info`.
    pub(crate) fn listed(
        info: &'static CodeInfo,
        message: String,
        hint: Option<Cow<'static, str>>,
        details: Map<String, Value>,
    ) -> Failure {
        Failure {
            code: Cow::Borrowed(info.code),
            exit: Some(info.exit),
            message,
            hint,
            details,
            info: Some(info),
            localized: None,
        }
    }

    /// The failure that reports a programming error: the fallback code,
    /// `message`, and nothing else, so that it fits every document.
    pub(crate) fn fallback(info: &'static CodeInfo, message: String) -> Failure {
        Failure::listed(info, message, None, Map::new())
    }
}

impl Outcome {
    /// The outcome of `command` whose body returned `result`.
    ///
    /// Success data is serialized here, once. Data whose `Serialize` fails
    /// or that nests deeper than a document holds is the fallback code; a
    /// `Serialize` error's text (which may quote the data) is kept for
    /// stderr only.
    pub fn new<T, C>(command: impl Into<String>, result: &Result<T, Error<C>>) -> Outcome
    where
        T: Serialize,
        C: ErrorCode,
    {
        Outcome::of(command, result.as_ref())
    }

    /// [`Outcome::new`] on a borrowed result.
    pub(crate) fn of<T, C>(command: impl Into<String>, result: Result<&T, &Error<C>>) -> Outcome
    where
        T: Serialize + ?Sized,
        C: ErrorCode,
    {
        let command = command.into();
        match result {
            Ok(data) => {
                Outcome::of_data(command, depth::to_value(data, MAX_LEVELS), C::FALLBACK_INFO)
            }
            Err(error) => Outcome::failed_with(command, error, C::FALLBACK_INFO),
        }
    }

    /// The success of `command` with its data serialized (or why it could
    /// not be), `fallback` reporting data that cannot be: the part of
    /// [`Outcome::new`] that depends on neither the data's type nor the
    /// code enum, so a program has one copy of it.
    pub(crate) fn of_data(
        command: String,
        data: Result<Value, Unwritable>,
        fallback: &'static CodeInfo,
    ) -> Outcome {
        let mut withheld = None;
        let result = match data {
            Ok(value) => Ok(value),
            Err(Unwritable::TooDeep) => Err(Failure::fallback(
                fallback,
                format!(
                    "cannot render the output of `{command}`: data nests {}",
                    Unwritable::TooDeep
                ),
            )),
            Err(Unwritable::Serialize(err)) => {
                let message = format!(
                    "cannot render the output of `{command}`: the data failed to serialize"
                );
                withheld = Some(format!("{message}: {err}"));
                Err(Failure::fallback(fallback, message))
            }
        };
        Outcome {
            command,
            result,
            warnings: Vec::new(),
            fallback: Some(fallback),
            withheld,
        }
    }

    #[cfg(feature = "runner")]
    /// The outcome of `command` that failed with `error`, its parts moved
    /// in, not copied.
    pub(crate) fn taking_error<C>(
        command: &str,
        error: Error<C>,
        fallback: &'static CodeInfo,
    ) -> Outcome {
        let (info, message, hint, details, withheld) = error.into_parts();
        Outcome {
            command: command.to_owned(),
            result: Err(Failure::listed(info, message, hint, details)),
            warnings: Vec::new(),
            fallback: Some(fallback),
            withheld,
        }
    }

    /// The outcome of `command` that failed with `error`.
    #[cfg_attr(not(any(feature = "runner", feature = "http")), allow(dead_code))]
    pub(crate) fn failed<C: ErrorCode>(command: impl Into<String>, error: &Error<C>) -> Outcome {
        Outcome::failed_with(command.into(), error, C::FALLBACK_INFO)
    }

    /// [`Outcome::failed`], `fallback` reporting an outcome no document
    /// can hold.
    pub(crate) fn failed_with<C>(
        command: String,
        error: &Error<C>,
        fallback: &'static CodeInfo,
    ) -> Outcome {
        Outcome {
            command,
            result: Err(Failure::of(error)),
            warnings: Vec::new(),
            fallback: Some(fallback),
            withheld: error.withheld().map(str::to_owned),
        }
    }

    /// A success of `command` with `data`, already a JSON value; with no
    /// fallback code to report a refusal, an outcome built this way that a
    /// document cannot hold renders nothing but the refusal (see
    /// [`Profile::render_success`](crate::profile::Profile::render_success)).
    pub(crate) fn bare_success(command: &str, data: Value) -> Outcome {
        Outcome {
            command: command.to_owned(),
            result: Ok(data),
            warnings: Vec::new(),
            fallback: None,
            withheld: None,
        }
    }

    /// The same outcome with `warnings` attached: they are written with the
    /// success or the failure and never change the exit code.
    #[must_use]
    pub fn with_warnings(mut self, warnings: Vec<Warning>) -> Outcome {
        self.warnings = warnings;
        self
    }

    /// The command's name.
    pub fn command(&self) -> &str {
        &self.command
    }

    /// Whether the command succeeded.
    pub fn is_ok(&self) -> bool {
        self.result.is_ok()
    }

    /// The process exit code: 0 for success, the code's exit for failure.
    /// A document that cannot hold the outcome reports the fallback's exit
    /// instead; [`Output::exit`](crate::Output::exit) is the one printed.
    pub fn exit_code(&self) -> u8 {
        match &self.result {
            Ok(_) => 0,
            Err(failure) => failure.exit.unwrap_or(1),
        }
    }

    /// The failure's message, when the command failed (for the runner's
    /// text mode).
    #[cfg(feature = "runner")]
    pub(crate) fn failure_message(&self) -> Option<&str> {
        self.result
            .as_ref()
            .err()
            .map(|failure| failure.message.as_str())
    }

    /// The same outcome with the failure's message in the reader's
    /// language beside its own (nothing for a success): documents write it
    /// where their profile has a `localized_message` key, and text mode
    /// prints it instead of the English message. The
    /// [`fluent`](crate::profile::fluent) module makes it from a program's `.ftl`
    /// files; [`Runner::messages`](crate::Runner) localizes every run.
    ///
    /// ```
    /// use sponson_codes::profile::{LocalizedMessage, SPONSON};
    /// use sponson_codes::{Error, ErrorCodes, Outcome};
    ///
    /// #[derive(Debug, ErrorCodes)]
    /// enum Code {
    ///     #[code(exit = 3, doc = "Another run holds the lock.")]
    ///     LockHeld,
    ///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
    ///     Internal,
    /// }
    ///
    /// let held: Result<(), _> = Err(Error::new(Code::LockHeld, "held by run 41"));
    /// let outcome = Outcome::new("apply", &held)
    ///     .with_localized_message(LocalizedMessage::new("de-DE", "gehalten von Lauf 41"));
    /// assert_eq!(
    ///     SPONSON.render(&outcome).stdout,
    ///     concat!(
    ///         r#"{"ok":false,"command":"apply","error":{"code":"LOCK_HELD","message":"held by run 41","#,
    ///         r#""localized_message":{"locale":"de-DE","message":"gehalten von Lauf 41"}}}"#,
    ///         "\n"
    ///     )
    /// );
    /// ```
    #[must_use]
    pub fn with_localized_message(mut self, localized: LocalizedMessage) -> Outcome {
        if let Err(failure) = &mut self.result {
            failure.localized = Some(localized);
        }
        self
    }

    /// The failure's localized message, if it has one (see
    /// [`with_localized_message`](Outcome::with_localized_message)).
    ///
    /// ```
    /// # use sponson_codes::{ErrorCodes, Outcome};
    /// # #[derive(Debug, ErrorCodes)]
    /// # enum Code {
    /// #     #[code(exit = 1, doc = "An unexpected error.", fallback)]
    /// #     Internal,
    /// # }
    /// let done: Result<(), sponson_codes::Error<Code>> = Ok(());
    /// assert_eq!(Outcome::new("run", &done).localized_message(), None);
    /// ```
    pub fn localized_message(&self) -> Option<&LocalizedMessage> {
        self.result.as_ref().err()?.localized.as_ref()
    }

    /// The failure's code and details, for the localizer.
    #[cfg(feature = "fluent")]
    pub(crate) fn failure_parts(&self) -> Option<(&str, &Map<String, Value>)> {
        let failure = self.result.as_ref().err()?;
        Some((&failure.code, &failure.details))
    }

    /// The warnings attached.
    pub fn warnings(&self) -> &[Warning] {
        &self.warnings
    }

    /// The outcome that reports why this one cannot be written: the
    /// fallback code with `reason`, the warnings kept when `keep_warnings`.
    pub(crate) fn refused(&self, reason: &str, keep_warnings: bool) -> Option<Outcome> {
        let info = self.fallback?;
        let message = match &self.result {
            Ok(_) => format!("cannot render the output of `{}`: {reason}", self.command),
            Err(failure) => format!("invalid details for error code {}: {reason}", failure.code),
        };
        Some(Outcome {
            command: self.command.clone(),
            result: Err(Failure::fallback(info, message)),
            warnings: if keep_warnings {
                self.warnings.clone()
            } else {
                Vec::new()
            },
            fallback: self.fallback,
            withheld: self.withheld.clone(),
        })
    }
}
