//! Rendering in the program's envelope profile, and the warnings a command
//! attaches to its outcome.
//!
//! Sponson's profile without warnings goes through [`render_json`] as it
//! always did (the same bytes, the same speed); every other case writes a
//! checked JSON value in the profile's shape.

use std::cell::RefCell;

use serde::Serialize;

use crate::code::{ErrorCode, Warning};
use crate::envelope::depth::{self, Unwritable, MAX_LEVELS};
use crate::error::Error;
use crate::profile::{Profile, Rendered, Stream, SPONSON};
use crate::run::escape::escape_line;
use crate::run::output::Output;
use crate::run::render::{check_data, failure_exit, render_json, unrenderable_reason};

thread_local! {
    static WARNINGS: RefCell<Vec<Warning>> = const { RefCell::new(Vec::new()) };
    static QUIET_PANICS: core::cell::Cell<bool> = const { core::cell::Cell::new(false) };
}

/// Runs `body` with the panic hook silent on this thread when `quiet`: a
/// profile whose failures go to stderr promises one document there, which
/// the hook's message would precede. The hook is wrapped once per process,
/// so other threads keep theirs.
pub(crate) fn with_quiet_panics<R>(quiet: bool, body: impl FnOnce() -> R) -> R {
    if !quiet {
        return body();
    }
    static WRAP: std::sync::Once = std::sync::Once::new();
    WRAP.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !QUIET_PANICS.with(core::cell::Cell::get) {
                previous(info);
            }
        }));
    });
    let before = QUIET_PANICS.with(|q| q.replace(true));
    let result = body();
    QUIET_PANICS.with(|q| q.set(before));
    result
}

/// Attaches a warning to the outcome of the command running on this thread
/// (under [`Runner`](crate::Runner)): it is printed with the success or the
/// failure, in the profile's `warnings` list or as a `warning:` line in text
/// mode, and never changes the exit code.
///
/// Warnings raised on other threads are not seen; collect them there and
/// call `warn` from the command's thread.
///
/// ```
/// use sponson_codes::{warn, ErrorCodes, Mode, Runner, Warning, WarningCodes};
///
/// #[derive(Debug, ErrorCodes)]
/// enum Code {
///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
///     Internal,
/// }
///
/// #[derive(Debug, WarningCodes)]
/// enum Warn {
///     #[code(doc = "A YAML anchor was expanded.")]
///     YamlAnchor,
/// }
///
/// let out = Runner::<Code>::new("validate", Mode::Json).render(|| {
///     warn(Warning::plain(Warn::YamlAnchor));
///     Ok::<_, sponson_codes::Error<Code>>(())
/// });
/// assert_eq!(out.exit, 0);
/// assert_eq!(
///     out.stdout,
///     "{\"ok\":true,\"command\":\"validate\",\"warnings\":[{\"code\":\"YAML_ANCHOR\",\"message\":\"A YAML anchor was expanded.\"}]}\n"
/// );
/// ```
pub fn warn(warning: Warning) {
    WARNINGS.with(|warnings| warnings.borrow_mut().push(warning));
}

/// Takes the warnings collected on this thread.
pub(crate) fn take_warnings() -> Vec<Warning> {
    WARNINGS.with(|warnings| std::mem::take(&mut *warnings.borrow_mut()))
}

/// The JSON document of `result` in `profile`.
pub(crate) fn render_json_in<T: Serialize, C: ErrorCode>(
    profile: &Profile,
    command: &str,
    result: &Result<T, Error<C>>,
    errors_to_stderr: bool,
    warnings: &[Warning],
) -> Output {
    if *profile == SPONSON && warnings.is_empty() {
        return render_json(command, result, errors_to_stderr);
    }
    let unrenderable;
    // A `Serialize` error's text may quote the data: stderr only.
    let mut diagnostic = String::new();
    let error: &Error<C> = match result {
        Ok(data) => match render_data::<T, C>(profile, command, data, warnings) {
            Ok(doc) => return output::<C>(doc, 0, false),
            Err(error) => {
                diagnostic = unrenderable_reason(&error);
                unrenderable = error;
                &unrenderable
            }
        },
        Err(error) => error,
    };
    let rendered = profile.render_failure(
        command,
        error.code(),
        error.message(),
        error.hint(),
        failure_exit(error),
        error.details().as_map(),
        warnings,
    );
    let (doc, exit) = match rendered {
        Ok(doc) => (doc, failure_exit(error)),
        Err(err) => {
            // Details that take a key of this profile: the fallback, with no
            // details, cannot collide (the profile was checked at compile time).
            let fallback =
                Error::<C>::fallback(format!("cannot render the error of `{command}`: {err}"));
            let exit = failure_exit(&fallback);
            let doc = profile
                .render_failure(
                    command,
                    fallback.code(),
                    fallback.message(),
                    None,
                    exit,
                    &serde_json::Map::new(),
                    warnings,
                )
                .unwrap_or(Rendered {
                    stream: profile.failure,
                    text: String::new(),
                });
            (doc, exit)
        }
    };
    let mut out = output::<C>(Some(doc), exit, errors_to_stderr);
    // Only where the document is not on stderr: there it stays alone.
    if out.stderr.is_empty() {
        out.stderr = diagnostic;
    }
    out
}

/// The one check of success data, whichever mode prints it: data that JSON
/// mode reports as the fallback code in `profile` is the fallback code in
/// text mode too.
pub(crate) fn check_data_in<T: Serialize, C: ErrorCode>(
    profile: &Profile,
    command: &str,
    data: &T,
    warnings: &[Warning],
) -> Result<(), Error<C>> {
    if *profile == SPONSON && warnings.is_empty() {
        return check_data::<T, C>(command, data).map(drop);
    }
    render_data::<T, C>(profile, command, data, warnings).map(drop)
}

/// The success document of `data` in `profile`, or the fallback error that
/// reports why there is none.
fn render_data<T: Serialize, C: ErrorCode>(
    profile: &Profile,
    command: &str,
    data: &T,
    warnings: &[Warning],
) -> Result<Option<Rendered>, Error<C>> {
    // Bounded as the envelope's own writer is; one level is the document's.
    let problem = match depth::to_value(data, MAX_LEVELS - 1) {
        Ok(value) => match profile.render_success(command, &value, warnings) {
            Ok(doc) => return Ok(doc),
            Err(err) => err.to_string(),
        },
        Err(Unwritable::TooDeep) => format!("data nests {}", Unwritable::TooDeep),
        // As in `check_data`: the text may quote the data, so it is only the
        // error's source, for stderr.
        Err(Unwritable::Serialize(err)) => {
            let error = Error::fallback(format!(
                "cannot render the output of `{command}`: the data failed to serialize"
            ));
            return Err(error.with_source(err.to_string()));
        }
    };
    Err(Error::fallback(format!(
        "cannot render the output of `{command}`: {problem}"
    )))
}

fn output<C: ErrorCode>(doc: Option<Rendered>, exit: u8, errors_to_stderr: bool) -> Output {
    let mut out = Output {
        exit,
        ..Output::empty::<C>()
    };
    if let Some(doc) = doc {
        let stream = if exit != 0 && errors_to_stderr {
            Stream::Stderr
        } else {
            doc.stream
        };
        match stream {
            Stream::Stdout => out.stdout = doc.text,
            Stream::Stderr => out.stderr = doc.text,
        }
    }
    out
}

/// Text mode: each warning as a `warning[CODE]:` line (and its hint) on stderr,
/// before the outcome's own lines.
pub(crate) fn add_text_warnings(out: &mut Output, warnings: &[Warning]) {
    if warnings.is_empty() {
        return;
    }
    let mut lines = String::new();
    for warning in warnings {
        lines.push_str(&format!(
            "warning[{}]: {}\n",
            escape_line(warning.code()),
            escape_line(warning.message())
        ));
        if let Some(hint) = warning.hint() {
            lines.push_str(&format!("hint: {}\n", escape_line(hint)));
        }
    }
    out.stderr = lines + &out.stderr;
}
