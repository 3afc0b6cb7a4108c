//! Pure rendering of a command's outcome: what to print where, and the exit
//! code. No I/O happens here; [`Output`] does the printing.

use std::borrow::Cow;

use serde::Serialize;
use serde_json::Value;

use crate::code::ErrorCode;
use crate::envelope::write::{self, Checked, CheckedError, Data, Refused};
use crate::error::Error;
use crate::run::escape::{escape_line, escape_text, to_json_line};
use crate::run::output::Output;

/// How a command reports its outcome.
///
/// ```
/// use sponson_codes::Mode;
///
/// let json = true;
/// assert_eq!(Mode::from_json_flag(json), Mode::Json);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Mode {
    /// Exactly one JSON envelope.
    Json,
    /// The data for people on stdout; `error[CODE]: <message>` and the hint on stderr.
    #[default]
    Text,
}

impl Mode {
    /// [`Mode::Json`] when `json` is true (a `--json` flag was given).
    pub fn from_json_flag(json: bool) -> Self {
        if json {
            Mode::Json
        } else {
            Mode::Text
        }
    }
}

/// The JSON envelope of `result`, one line ending in a newline, on stdout
/// (on stderr for a failure when `errors_to_stderr` is set).
///
/// The line holds no raw U+2028, U+2029 or U+0085 (they are written as `\u`
/// escapes), so every common line splitter sees one envelope as one line.
///
/// Data that cannot be rendered (its `Serialize` fails, it is an object with
/// a key `ok`, `command` or `error`, or the envelope would nest deeper than
/// 127 levels) is a programming error, reported as `C`'s fallback code;
/// when its `Serialize` failed, the message is fixed and the reason goes to
/// stderr only, since a `Serialize` error's text may quote the data.
pub(crate) fn render_json<T: Serialize, C: ErrorCode>(
    command: &str,
    result: &Result<T, Error<C>>,
    errors_to_stderr: bool,
) -> Output {
    let mut diagnostic = String::new();
    let (json, exit) = match result {
        Ok(data) => match check_data::<T, C>(command, data) {
            Ok(data) => {
                let checked = Checked {
                    command,
                    outcome: Ok(data),
                };
                (json_line(&checked), 0)
            }
            Err(error) => {
                diagnostic = unrenderable_reason(&error);
                (failure_json(command, &error), failure_exit(&error))
            }
        },
        Err(error) => (failure_json(command, error), failure_exit(error)),
    };
    let mut out = Output {
        exit,
        stderr: diagnostic,
        ..Output::empty::<C>()
    };
    let line = json + "\n";
    if exit != 0 && errors_to_stderr {
        // The document stays alone on stderr, as with a quiet panic hook.
        out.stderr = line;
    } else {
        out.stdout = line;
    }
    out
}

/// The text rendering of `result`: `text(data)` on stdout for success;
/// `error[CODE]: <message>` and `hint: <hint>` lines on stderr for failure.
///
/// Control characters never reach the terminal raw: they are escaped
/// visibly (`\u{1b}`, `\r`). The message and the hint are one line each, so
/// their newlines and tabs are escaped too; the data keeps its newlines and
/// tabs.
pub(crate) fn render_text<T, C: ErrorCode>(
    result: &Result<T, Error<C>>,
    text: impl FnOnce(&T) -> String,
) -> Output {
    match result {
        Ok(data) => {
            let mut stdout = escape_text(&text(data)).into_owned();
            if !stdout.is_empty() && !stdout.ends_with('\n') {
                stdout.push('\n');
            }
            Output {
                stdout,
                ..Output::empty::<C>()
            }
        }
        Err(error) => {
            // rustc's `error[E0499]: ...`: the code is what people search by.
            let mut stderr = format!(
                "error[{}]: {}\n",
                escape_line(error.code()),
                escape_line(error.message())
            );
            if let Some(hint) = error.hint() {
                stderr.push_str(&format!("hint: {}\n", escape_line(hint)));
            }
            Output {
                stderr,
                exit: failure_exit(error),
                ..Output::empty::<C>()
            }
        }
    }
}

/// The default text rendering of data: a string as it is, nothing for
/// `null` or `()`, anything else as indented JSON.
pub(crate) fn text_of<T: Serialize + ?Sized>(data: &T) -> String {
    match serde_json::to_value(data) {
        Ok(Value::Null) => String::new(),
        Ok(Value::String(text)) => text,
        Ok(value) => serde_json::to_string_pretty(&value).unwrap_or_default(),
        // The error's text may quote the data: never printed for people.
        Err(_) => "(the output cannot be rendered)".to_owned(),
    }
}

/// The one check of success data, whichever mode prints it: data that no
/// envelope can hold is a programming error, reported as `C`'s fallback code.
pub(crate) fn check_data<T: Serialize + ?Sized, C: ErrorCode>(
    command: &str,
    data: &T,
) -> Result<Data, Error<C>> {
    write::data(data).map_err(|refused| match refused {
        Refused::Rule(rule) => {
            Error::fallback(format!("cannot render the output of `{command}`: {rule}"))
        }
        // Like a panic's message, a `Serialize` error's text (which may quote
        // the data) is kept out of the document: it is the error's source,
        // which only `unrenderable_reason` prints, on stderr.
        Refused::Serialize(text) => Error::fallback(format!(
            "cannot render the output of `{command}`: the data failed to serialize"
        ))
        .with_source(text),
    })
}

/// The stderr line saying why the data's `Serialize` failed, when
/// [`check_data`] refused it for that, or nothing.
pub(crate) fn unrenderable_reason<C: ErrorCode>(error: &Error<C>) -> String {
    match std::error::Error::source(error) {
        Some(reason) => format!(
            "error[{}]: {}\n",
            escape_line(error.code()),
            escape_line(&format!("{}: {reason}", error.message()))
        ),
        None => String::new(),
    }
}

fn failure_json<C: ErrorCode>(command: &str, error: &Error<C>) -> String {
    // Details check their keys and depth as they are added: nothing to redo.
    let error = CheckedError {
        code: error.code(),
        message: error.message(),
        hint: error.hint(),
        details: Cow::Borrowed(error.details().as_map()),
    };
    let checked = Checked {
        command,
        outcome: Err(error),
    };
    json_line(&checked)
}

/// A checked envelope on one line: writing `Value`s and strings into memory
/// cannot fail.
fn json_line(checked: &Checked<'_>) -> String {
    to_json_line(checked).unwrap_or_default()
}

/// A failure's exit code: 1 to 255, as the derive checks for every code
/// (`ErrorCode` is sealed, so no table is written by hand).
pub(crate) fn failure_exit<C: ErrorCode>(error: &Error<C>) -> u8 {
    error.exit_code()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ErrorCodes;

    #[derive(Debug, ErrorCodes)]
    #[codes(crate = crate)]
    enum Code {
        #[code(exit = 3, doc = "The lock is held.", hint = "Pass --wait.")]
        LockHeld,
        #[code(exit = 1, doc = "An unexpected error.", fallback)]
        Internal,
    }

    #[test]
    fn json_failure_and_shadowing_data() {
        let failed: Result<(), _> = Err(Error::new(Code::LockHeld, "held by run 41"));
        let out = render_json("apply", &failed, false);
        assert_eq!(out.exit, 3);
        assert!(out
            .stdout
            .starts_with(r#"{"ok":false,"command":"apply","error":{"code":"LOCK_HELD""#));

        let shadow = render_json::<_, Code>("apply", &Ok(serde_json::json!({"ok": false})), false);
        assert_eq!(shadow.exit, 1);
        assert!(shadow.stdout.contains(r#""code":"INTERNAL""#));
    }

    #[test]
    fn text_failure_has_message_and_hint() {
        let failed: Result<(), _> = Err(Error::new(Code::LockHeld, "held by run 41"));
        let out = render_text(&failed, text_of);
        assert_eq!(
            out.stderr,
            "error[LOCK_HELD]: held by run 41\nhint: Pass --wait.\n"
        );
        assert_eq!(out.exit, 3);

        let forged: Result<(), _> = Err(Error::new(
            Code::LockHeld,
            "held\nhint: run rm -rf\u{1b}[2J",
        ));
        let out = render_text(&forged, text_of);
        assert_eq!(
            out.stderr,
            "error[LOCK_HELD]: held\\nhint: run rm -rf\\u{1b}[2J\nhint: Pass --wait.\n"
        );
        let _ = Code::Internal;
    }

    #[test]
    fn text_of_strings_units_and_values() {
        assert_eq!(text_of(&"done"), "done");
        assert_eq!(text_of(&()), "");
        assert_eq!(text_of(&[1, 2]), "[\n  1,\n  2\n]");
    }
}
