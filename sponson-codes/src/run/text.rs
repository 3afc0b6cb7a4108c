//! Text mode: an outcome for people. Pure rendering; [`Output`] prints it.

use serde_json::Value;

use crate::document::outcome::Outcome;
use crate::document::output::Output;
use crate::error::warning::Warning;
use crate::error::CAUSES;
use crate::escape::Escape;

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
    /// Exactly one JSON document, in the program's profile.
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

/// The text rendering of `outcome`, one that its profile can write (see
/// `Profile::write`, which settles it): `data_text()` on stdout for
/// success; for failure, `error[CODE]: <message>` and `hint: <hint>` lines
/// on stderr; each warning as a `warning[CODE]:` line (and its hint) before
/// them. A failure whose reason was withheld from the document shows it
/// here instead of the message: people see why.
///
/// Control characters never reach the terminal raw: they are escaped
/// visibly (`\u{1b}`, `\r`). The message and the hint are one line each, so
/// their newlines and tabs are escaped too; the data keeps its newlines and
/// tabs.
pub(crate) fn render_text(outcome: &Outcome, unwritten_exit: u8, data_text: String) -> Output {
    render_text_as(outcome, unwritten_exit, data_text, Escape(true))
}

/// [`render_text`], with the text escaped or printed as it is.
pub(crate) fn render_text_as(
    outcome: &Outcome,
    unwritten_exit: u8,
    data_text: String,
    escape: Escape,
) -> Output {
    let mut out = Output::exiting(outcome.exit_code(), unwritten_exit);
    for warning in outcome.warnings() {
        out.stderr.push_str(&warning_text(warning, escape));
    }
    match &outcome.result {
        Ok(_) => {
            let mut stdout = escape.text(&data_text).into_owned();
            if !stdout.is_empty() && !stdout.ends_with('\n') {
                stdout.push('\n');
            }
            out.stdout = stdout;
        }
        Err(_) => out.stderr.push_str(&failure_text(outcome, escape)),
    }
    out
}

/// A warning's lines for people: `warning[CODE]: <message>` and its hint.
pub(crate) fn warning_text(warning: &Warning, escape: Escape) -> String {
    let mut text = escape.warning_line(warning.code(), warning.message());
    if let Some(hint) = warning.hint() {
        text.push_str(&escape.hint_line(hint));
    }
    text
}

/// The failure's lines for people, without the warnings: `error[CODE]:
/// <message>` (in the reader's language when the outcome carries a
/// localized message), the causes, the hint; nothing for a success.
pub(crate) fn failure_text(outcome: &Outcome, escape: Escape) -> String {
    let mut text = String::new();
    if let Err(failure) = &outcome.result {
        let localized = failure.localized.as_ref().map(|l| l.message.as_str());
        let message = outcome
            .withheld
            .as_deref()
            .or(localized)
            .unwrap_or(&failure.message);
        text.push_str(&escape.error_line(&failure.code, message));
        // The causes an `anyhow::Error` brought, one `caused by:` line each.
        if let Some(Value::Array(causes)) = failure.details.get(CAUSES) {
            for cause in causes.iter().filter_map(Value::as_str) {
                text.push_str(&format!("caused by: {}\n", escape.line(cause)));
            }
        }
        if let Some(hint) = &failure.hint {
            text.push_str(&escape.hint_line(hint));
        }
    }
    text
}

/// The default text rendering of data, already a JSON value: a string as
/// it is, nothing for `null` or `()`, anything else as indented JSON.
pub(crate) fn text_of(data: &Value) -> String {
    match data {
        Value::Null => String::new(),
        Value::String(text) => text.clone(),
        value => crate::json::write::pretty_plain(value).unwrap_or_default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Error, ErrorCodes};

    #[derive(Debug, ErrorCodes)]
    #[codes(crate = crate)]
    enum Code {
        #[code(exit = 3, doc = "The lock is held.", hint = "Pass --wait.")]
        LockHeld,
        #[code(exit = 1, doc = "An unexpected error.", fallback)]
        Internal,
    }

    #[test]
    fn text_failure_has_message_and_hint() {
        let failed: Result<(), _> = Err(Error::new(Code::LockHeld, "held by run 41"));
        let out = render_text(&Outcome::new("apply", &failed), 1, String::new());
        assert_eq!(
            out.stderr,
            "error[LOCK_HELD]: held by run 41\nhint: Pass --wait.\n"
        );
        assert_eq!(out.exit, 3);

        let forged: Result<(), _> = Err(Error::new(
            Code::LockHeld,
            "held\nhint: run rm -rf\u{1b}[2J",
        ));
        let out = render_text(&Outcome::new("apply", &forged), 1, String::new());
        assert_eq!(
            out.stderr,
            "error[LOCK_HELD]: held\\nhint: run rm -rf\\u{1b}[2J\nhint: Pass --wait.\n"
        );
        let _ = Code::Internal;
    }

    #[test]
    fn text_failure_prints_the_localized_message() {
        use crate::profile::LocalizedMessage;
        let failed: Result<(), _> = Err(Error::new(Code::LockHeld, "held by run 41"));
        let outcome = Outcome::new("apply", &failed)
            .with_localized_message(LocalizedMessage::new("de", "gehalten\nvon Lauf 41"));
        let out = render_text(&outcome, 1, String::new());
        assert_eq!(
            out.stderr,
            "error[LOCK_HELD]: gehalten\\nvon Lauf 41\nhint: Pass --wait.\n"
        );
    }

    #[test]
    fn text_of_strings_units_and_values() {
        assert_eq!(text_of(&Value::from("done")), "done");
        assert_eq!(text_of(&Value::Null), "");
        assert_eq!(text_of(&serde_json::json!([1, 2])), "[\n  1,\n  2\n]");
    }
}
