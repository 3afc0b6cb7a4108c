//! The one writer: an outcome as a document in a profile's shape. Every
//! profile, the built-in Sponson envelope included, is written by
//! [`Profile::document`] (check everything, then write), and every surface
//! prints what it returns.

use std::borrow::Cow;
use std::fmt;

use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::{Map, Value};

use super::outcome::{Failure, Outcome};
use super::output::Output;
use super::profile::{Data, Layout, Profile, Status, Stream, Success};
use crate::error::warning::Warning;
use crate::json::depth::{self, MAX_LEVELS};

/// One rendered document: its text, ending in a newline, and its stream.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rendered {
    /// Where the document goes.
    pub stream: Stream,
    /// The JSON text and a final newline.
    pub text: String,
}

/// Why an outcome cannot be written in a profile: a programming error that
/// [`Profile::render`] reports as the fallback code, never a shadowed key.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum RenderError {
    /// Flattened data has a key the document itself writes.
    ReservedData(String),
    /// A detail has a key the error itself writes.
    ReservedDetail(String),
    /// A detail has a key a problem document defines or writes.
    ReservedByProblem(String),
    /// The document would nest deeper than 127 levels of arrays and objects.
    TooDeep,
    /// Data printed with no envelope (a profile without a status key) would
    /// read as a failure: an object with the code and message keys as strings.
    LooksLikeFailure,
}

impl fmt::Display for RenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RenderError::ReservedData(key) => {
                write!(
                    f,
                    "data key `{}` is reserved by the envelope",
                    key.escape_debug()
                )
            }
            RenderError::ReservedDetail(key) => {
                write!(f, "detail key `{}` is reserved", key.escape_debug())
            }
            RenderError::ReservedByProblem(key) => write!(
                f,
                "detail key `{}` is reserved by the problem document",
                key.escape_debug()
            ),
            RenderError::TooDeep => {
                write!(f, "the document would nest {}", depth::Unwritable::TooDeep)
            }
            RenderError::LooksLikeFailure => f.write_str(
                "the data would read as a failure: it has the error's code and message keys",
            ),
        }
    }
}

impl std::error::Error for RenderError {}

/// What the writer reads of an outcome, borrowed: a typed
/// [`Envelope`](crate::profile::Envelope) is written through it without a copy.
#[derive(Clone, Copy)]
pub(crate) struct View<'a> {
    pub(crate) command: &'a str,
    pub(crate) result: Result<&'a Value, FailureView<'a>>,
    pub(crate) warnings: &'a [Warning],
}

/// A failure as the writer reads it.
#[derive(Clone, Copy)]
pub(crate) struct FailureView<'a> {
    pub(crate) code: &'a str,
    pub(crate) exit: Option<u8>,
    pub(crate) message: &'a str,
    pub(crate) hint: Option<&'a str>,
    pub(crate) details: &'a Map<String, Value>,
    pub(crate) info: Option<&'static crate::code::CodeInfo>,
    pub(crate) localized: Option<&'a super::localized::LocalizedMessage>,
}

/// `value` nests at most `levels` arrays and objects.
fn within(value: &Value, levels: usize) -> Result<(), RenderError> {
    match depth::within(value, levels) {
        true => Ok(()),
        false => Err(RenderError::TooDeep),
    }
}

impl Serialize for Document<'_, '_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let (profile, view) = (self.profile, &self.view);
        let data = match (view.result, profile.success) {
            (Ok(data), Success::Bare(_)) => return data.serialize(serializer),
            (Ok(data), Success::Envelope(_)) => Some(data),
            (Err(_), _) => None,
        };
        let mut map = serializer.serialize_map(None)?;
        profile.write_head(&mut map, data.is_some(), view.command)?;
        match (view.result, profile.data) {
            (Ok(data), Data::Nested(key)) => map.serialize_entry(key, data)?,
            (Ok(Value::Object(fields)), Data::Flatten(_)) => {
                for (name, value) in fields {
                    map.serialize_entry(name, value)?;
                }
            }
            (Ok(Value::Null), Data::Flatten(_)) => {}
            (Ok(data), Data::Flatten(key)) => map.serialize_entry(key, data)?,
            (Err(failure), _) => match profile.error.nest {
                Some(key) => map.serialize_entry(key, &ErrorObject { profile, failure })?,
                None => profile.write_error(&mut map, failure)?,
            },
        }
        if let (Some(key), false) = (profile.warnings, view.warnings.is_empty()) {
            map.serialize_entry(key, view.warnings)?;
        }
        map.end()
    }
}

impl Serialize for ErrorObject<'_, '_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        self.profile.write_error(&mut map, self.failure)?;
        map.end()
    }
}

impl FailureView<'_> {
    /// Whether the code declares itself retryable: a listed code's table
    /// says, so a failure read back without its code's entry has no value.
    pub(crate) fn retryable(&self) -> Option<bool> {
        self.info.and_then(|info| info.retryable)
    }
}

impl Failure {
    pub(crate) fn view(&self) -> FailureView<'_> {
        FailureView {
            code: &self.code,
            exit: self.exit,
            message: &self.message,
            hint: self.hint.as_deref(),
            details: &self.details,
            info: self.info,
            localized: self.localized.as_ref(),
        }
    }
}

impl Outcome {
    pub(crate) fn view(&self) -> View<'_> {
        View {
            command: &self.command,
            result: self.result.as_ref().map_err(Failure::view),
            warnings: &self.warnings,
        }
    }
}

/// The decision every document shape makes the same way: `outcome` as
/// `write` writes it, or, when the shape cannot hold it, the fallback
/// outcome that says why (without its warnings if they are what does not
/// fit). An outcome with no fallback code writes nothing.
pub(crate) fn settle<'a, D>(
    outcome: &'a Outcome,
    write: impl Fn(&Outcome) -> Result<D, RenderError>,
) -> (Cow<'a, Outcome>, Option<D>) {
    let refusal = match write(outcome) {
        Ok(written) => return (Cow::Borrowed(outcome), Some(written)),
        Err(refusal) => refusal.to_string(),
    };
    for keep_warnings in [true, false] {
        let Some(fallback) = outcome.refused(&refusal, keep_warnings) else {
            break;
        };
        if let Ok(written) = write(&fallback) {
            return (Cow::Owned(fallback), Some(written));
        }
    }
    (Cow::Borrowed(outcome), None)
}

/// What [`Profile::write`] settled on: the outcome it could write (the
/// given one, or the fallback that reports why not) and its document.
pub(crate) struct Written<'a> {
    pub(crate) outcome: Cow<'a, Outcome>,
    pub(crate) document: Option<Rendered>,
}

/// A document the profile checked it can hold: serializing it writes it,
/// and fails only if the writer itself does.
pub(crate) struct Document<'p, 'a> {
    profile: &'p Profile,
    view: View<'a>,
}

/// An error object the profile checked, written alone or nested.
pub(crate) struct ErrorObject<'p, 'a> {
    profile: &'p Profile,
    failure: FailureView<'a>,
}

impl Profile {
    /// The document of `view`, checked, or why this profile cannot hold
    /// it; `None` for a success that prints nothing (no envelope, no data).
    /// The one function that writes a document, for every profile: it
    /// checks everything (reserved keys, depth) before the first byte.
    pub(crate) fn document<'p, 'a>(
        &'p self,
        view: View<'a>,
    ) -> Result<Option<Document<'p, 'a>>, RenderError> {
        // The document's own object is level 1; what it holds is one in.
        let inner = MAX_LEVELS - 1;
        match view.result {
            Ok(data) => match self.success {
                Success::Bare(_) => match data {
                    Value::Null => return Ok(None),
                    Value::Object(fields) if self.is_failure(fields) => {
                        return Err(RenderError::LooksLikeFailure)
                    }
                    data => within(data, MAX_LEVELS)?,
                },
                Success::Envelope(_) => match (self.data, data) {
                    (Data::Flatten(_), Value::Object(fields)) => {
                        let reserved = self.data_keys();
                        for (name, value) in fields {
                            if reserved.contains(name) {
                                return Err(RenderError::ReservedData(name.clone()));
                            }
                            within(value, inner)?;
                        }
                    }
                    (_, data) => within(data, inner)?,
                },
            },
            Err(failure) => {
                let levels = match self.error.nest {
                    Some(_) => inner - 1,
                    None => inner,
                };
                self.check_error(failure, levels)?;
            }
        }
        if self.warnings.is_some() {
            // The list, each warning's object, then its details' values.
            for warning in view.warnings {
                for value in warning.details().as_map().values() {
                    within(value, inner - 2)?;
                }
            }
        }
        Ok(Some(Document {
            profile: self,
            view,
        }))
    }

    /// The error object of `failure`, checked (see [`Profile::document`]).
    pub(crate) fn error_object<'p, 'a>(
        &'p self,
        failure: FailureView<'a>,
    ) -> Result<ErrorObject<'p, 'a>, RenderError> {
        self.check_error(failure, MAX_LEVELS - 1)?;
        Ok(ErrorObject {
            profile: self,
            failure,
        })
    }

    /// Details never take a key the error (or, at the top, the document)
    /// writes, and their values nest at most `levels` deep.
    fn check_error(&self, failure: FailureView<'_>, levels: usize) -> Result<(), RenderError> {
        let reserved = self.detail_keys();
        for (name, value) in failure.details {
            if reserved.contains(name) {
                return Err(RenderError::ReservedDetail(name.clone()));
            }
            within(value, levels)?;
        }
        Ok(())
    }

    /// Status, version and command, in that order.
    fn write_head<M: SerializeMap>(
        &self,
        map: &mut M,
        ok: bool,
        command: &str,
    ) -> Result<(), M::Error> {
        match self.status {
            Status::Bool { key } => map.serialize_entry(key, &ok)?,
            Status::Text {
                key,
                ok: yes,
                error: no,
            } => map.serialize_entry(key, if ok { yes } else { no })?,
            Status::Absent => {}
        }
        if let Some(version) = self.version {
            map.serialize_entry(version.key, &version.value)?;
        }
        if let Some(key) = self.command {
            map.serialize_entry(key, command)?;
        }
        Ok(())
    }

    /// The error's own members, then its details.
    fn write_error<M: SerializeMap>(
        &self,
        map: &mut M,
        failure: FailureView<'_>,
    ) -> Result<(), M::Error> {
        let shape = &self.error;
        map.serialize_entry(shape.code, failure.code)?;
        map.serialize_entry(shape.message, failure.message)?;
        if let (Some(key), Some(hint)) = (shape.hint, failure.hint) {
            map.serialize_entry(key, hint)?;
        }
        if let (Some(key), Some(exit)) = (shape.exit, failure.exit) {
            map.serialize_entry(key, &exit)?;
        }
        if let (Some(key), Some(retryable)) = (shape.retryable, failure.retryable()) {
            map.serialize_entry(key, &retryable)?;
        }
        if let (Some(key), Some(localized)) = (shape.localized_message, failure.localized) {
            map.serialize_entry(key, localized)?;
        }
        for (name, value) in failure.details {
            map.serialize_entry(name, value)?;
        }
        Ok(())
    }

    /// The document's text in the profile's layout, and a final newline.
    pub(crate) fn text_of(&self, document: &Document<'_, '_>) -> String {
        // Keys are strings and values are JSON values: writing cannot fail.
        match self.layout {
            Layout::Compact => crate::json::write::line(document),
            Layout::Pretty => crate::json::write::pretty(document),
        }
        .unwrap_or_default()
    }

    /// Where the document of a success or a failure goes.
    pub(crate) fn stream(&self, ok: bool) -> Stream {
        match (ok, self.success) {
            (true, Success::Envelope(stream) | Success::Bare(stream)) => stream,
            (false, _) => self.failure,
        }
    }

    /// Writes `outcome`, or, when this profile cannot hold it, the fallback
    /// outcome that says why (see [`settle`]).
    pub(crate) fn write<'a>(&self, outcome: &'a Outcome) -> Written<'a> {
        let (outcome, node) = settle(outcome, |outcome| {
            Ok(self.document(outcome.view())?.map(|document| Rendered {
                stream: self.stream(outcome.is_ok()),
                text: self.text_of(&document),
            }))
        });
        Written {
            outcome,
            document: node.flatten(),
        }
    }

    /// What a JSON-mode program prints for `outcome` in this profile: the
    /// one document on its stream and the exit code that agrees with it.
    /// An outcome the profile cannot hold is printed as the fallback code
    /// that says why. A `Serialize` error's words, which may quote the data,
    /// go to stderr only, and not at all when the document is on stderr, so
    /// that it stays alone there.
    ///
    /// ```
    /// use sponson_codes::profile::NOGGIN;
    /// use sponson_codes::{Error, ErrorCodes, Outcome};
    ///
    /// #[derive(Debug, ErrorCodes)]
    /// #[codes(rename_all = "kebab-case")]
    /// enum Code {
    ///     #[code(exit = 2, doc = "An item needs a title.")]
    ///     TitleRequired,
    ///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
    ///     Internal,
    /// }
    ///
    /// let failed: Result<(), _> = Err(Error::new(Code::TitleRequired, "push: title required"));
    /// let out = NOGGIN.render(&Outcome::new("push", &failed));
    /// assert_eq!((out.exit, out.stdout.as_str()), (2, ""));
    /// assert!(out.stderr.starts_with("{\n  \"status\": \"error\",\n  \"envelopeVersion\": 3,\n  \"verb\": \"push\""));
    /// ```
    pub fn render(&self, outcome: &Outcome) -> Output {
        let written = self.write(outcome);
        let mut out = Output::exiting(
            written.outcome.exit_code(),
            outcome.fallback.map_or(1, |info| info.exit),
        );
        if let Some(document) = written.document {
            match document.stream {
                Stream::Stdout => out.stdout = document.text,
                Stream::Stderr => out.stderr = document.text,
            }
        }
        if let (Some(withheld), true) = (&written.outcome.withheld, out.stderr.is_empty()) {
            if let Err(failure) = &written.outcome.result {
                out.stderr = crate::escape::error_line(&failure.code, withheld);
            }
        }
        out
    }

    /// The document of a success with `data` (already a JSON value), or
    /// `None` when the profile prints no envelope for success and there is
    /// no data; the refusal when the profile cannot hold it.
    ///
    /// ```
    /// use sponson_codes::profile::{NOGGIN, SPONSON};
    /// use serde_json::json;
    ///
    /// let doc = SPONSON.render_success("validate", &json!({"steps": 3}), &[]).unwrap().unwrap();
    /// assert_eq!(doc.text, "{\"ok\":true,\"command\":\"validate\",\"steps\":3}\n");
    ///
    /// let doc = NOGGIN.render_success("where", &json!("root > a"), &[]).unwrap().unwrap();
    /// assert_eq!(doc.text, "{\n  \"status\": \"ok\",\n  \"envelopeVersion\": 3,\n  \"verb\": \"where\",\n  \"data\": \"root > a\"\n}\n");
    /// ```
    pub fn render_success(
        &self,
        command: &str,
        data: &Value,
        warnings: &[Warning],
    ) -> Result<Option<Rendered>, RenderError> {
        let outcome = Outcome::bare_success(command, data.clone()).with_warnings(warnings.to_vec());
        self.rendered(&outcome)
    }

    /// The document of a failure: the code string, message, hint, the exit
    /// code (printed where the profile says) and the details; the refusal
    /// when the profile cannot hold it.
    ///
    /// ```
    /// use sponson_codes::profile::{FIRSTDRAFT, Stream};
    /// use serde_json::{json, Map};
    ///
    /// let mut details = Map::new();
    /// details.insert("status".into(), json!(502));
    /// let doc = FIRSTDRAFT
    ///     .render_failure("push", "request_outcome_unknown", "unknown", None, 1, &details, &[])
    ///     .unwrap();
    /// assert_eq!(doc.stream, Stream::Stderr);
    /// assert_eq!(doc.text, "{\n  \"error\": \"request_outcome_unknown\",\n  \"detail\": \"unknown\",\n  \"status\": 502\n}\n");
    /// ```
    #[allow(clippy::too_many_arguments)]
    pub fn render_failure(
        &self,
        command: &str,
        code: &str,
        message: &str,
        hint: Option<&str>,
        exit: u8,
        details: &Map<String, Value>,
        warnings: &[Warning],
    ) -> Result<Rendered, RenderError> {
        let failure = Failure {
            code: Cow::Owned(code.to_owned()),
            exit: Some(exit),
            message: message.to_owned(),
            hint: hint.map(|hint| Cow::Owned(hint.to_owned())),
            details: details.clone(),
            info: None,
            localized: None,
        };
        let outcome = Outcome {
            result: Err(failure),
            ..Outcome::bare_success(command, Value::Null)
        }
        .with_warnings(warnings.to_vec());
        Ok(self.rendered(&outcome)?.unwrap_or(Rendered {
            stream: self.failure,
            text: String::new(),
        }))
    }

    fn rendered(&self, outcome: &Outcome) -> Result<Option<Rendered>, RenderError> {
        Ok(self.document(outcome.view())?.map(|document| Rendered {
            stream: self.stream(outcome.is_ok()),
            text: self.text_of(&document),
        }))
    }
}
