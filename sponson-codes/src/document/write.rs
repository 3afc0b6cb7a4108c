//! The one writer: an outcome as a document in a profile's shape. Every
//! profile, the built-in Sponson envelope included, is written by
//! [`Profile::document`], and every surface prints what it returns.

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

/// A member's value as it is written.
#[derive(Debug)]
pub(crate) enum Node<'a> {
    Value(&'a Value),
    Text(&'a str),
    Number(u64),
    Bool(bool),
    /// An object whose keys are written in the order given.
    Object(Vec<(&'a str, Node<'a>)>),
    Warnings(&'a [Warning]),
}

impl Node<'_> {
    /// Whether the node nests at most `levels` arrays and objects.
    pub(crate) fn within(&self, levels: usize) -> bool {
        match self {
            Node::Value(value) => depth::within(value, levels),
            Node::Text(_) | Node::Number(_) | Node::Bool(_) => true,
            Node::Object(members) => {
                levels > 0 && members.iter().all(|(_, node)| node.within(levels - 1))
            }
            // The list, each warning's object, then its details' values.
            Node::Warnings(warnings) => {
                levels > 1
                    && warnings.iter().all(|warning| {
                        warning
                            .details()
                            .as_map()
                            .values()
                            .all(|value| depth::within(value, levels - 2))
                    })
            }
        }
    }
}

impl Serialize for Node<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Node::Value(value) => value.serialize(serializer),
            Node::Text(text) => serializer.serialize_str(text),
            Node::Number(n) => serializer.serialize_u64(*n),
            Node::Bool(b) => serializer.serialize_bool(*b),
            Node::Object(members) => {
                let mut map = serializer.serialize_map(Some(members.len()))?;
                for (key, node) in members {
                    map.serialize_entry(key, node)?;
                }
                map.end()
            }
            Node::Warnings(warnings) => warnings.serialize(serializer),
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

impl Profile {
    /// The document of `outcome`, or why this profile cannot hold it;
    /// `None` for a success that prints nothing (no envelope, no data).
    /// The one function that writes a document, for every profile.
    pub(crate) fn document<'a>(
        &self,
        outcome: &'a Outcome,
    ) -> Result<Option<Node<'a>>, RenderError> {
        let node = match &outcome.result {
            Ok(data) => match self.success {
                Success::Bare(_) => match data {
                    Value::Null => return Ok(None),
                    Value::Object(fields) if self.is_failure(fields) => {
                        return Err(RenderError::LooksLikeFailure)
                    }
                    data => Node::Value(data),
                },
                Success::Envelope(_) => Node::Object(self.success_members(outcome, data)?),
            },
            Err(failure) => Node::Object(self.failure_members(outcome, failure)?),
        };
        match node.within(MAX_LEVELS) {
            true => Ok(Some(node)),
            false => Err(RenderError::TooDeep),
        }
    }

    fn success_members<'a>(
        &self,
        outcome: &'a Outcome,
        data: &'a Value,
    ) -> Result<Vec<(&'a str, Node<'a>)>, RenderError> {
        let mut doc = self.head(true, &outcome.command);
        match self.data {
            Data::Nested(key) => doc.push((key, Node::Value(data))),
            Data::Flatten(key) => match data {
                Value::Object(fields) => {
                    let reserved = self.reserved_data_keys();
                    for (name, value) in fields {
                        if reserved.contains(&name.as_str()) {
                            return Err(RenderError::ReservedData(name.clone()));
                        }
                        doc.push((name, Node::Value(value)));
                    }
                }
                Value::Null => {}
                other => doc.push((key, Node::Value(other))),
            },
        }
        self.push_warnings(&mut doc, &outcome.warnings);
        Ok(doc)
    }

    fn failure_members<'a>(
        &self,
        outcome: &'a Outcome,
        failure: &'a Failure,
    ) -> Result<Vec<(&'a str, Node<'a>)>, RenderError> {
        let error = self.error_members(failure)?;
        let mut doc = self.head(false, &outcome.command);
        match self.error.nest {
            Some(key) => doc.push((key, Node::Object(error))),
            None => doc.extend(error),
        }
        self.push_warnings(&mut doc, &outcome.warnings);
        Ok(doc)
    }

    /// The error's own members, then its details.
    pub(crate) fn error_members<'a>(
        &self,
        failure: &'a Failure,
    ) -> Result<Vec<(&'a str, Node<'a>)>, RenderError> {
        let shape = &self.error;
        let mut error = vec![
            (shape.code, Node::Text(&failure.code)),
            (shape.message, Node::Text(&failure.message)),
        ];
        if let (Some(key), Some(hint)) = (shape.hint, &failure.hint) {
            error.push((key, Node::Text(hint)));
        }
        if let (Some(key), Some(exit)) = (shape.exit, failure.exit) {
            error.push((key, Node::Number(u64::from(exit))));
        }
        let reserved = self.reserved_detail_keys();
        for (name, value) in &failure.details {
            if reserved.contains(&name.as_str()) {
                return Err(RenderError::ReservedDetail(name.clone()));
            }
            error.push((name, Node::Value(value)));
        }
        Ok(error)
    }

    /// Status, version and command, in that order.
    fn head<'a>(&self, ok: bool, command: &'a str) -> Vec<(&'a str, Node<'a>)> {
        let mut doc = Vec::new();
        match self.status {
            Status::Bool { key } => doc.push((key, Node::Bool(ok))),
            Status::Text {
                key,
                ok: yes,
                error: no,
            } => doc.push((key, Node::Text(if ok { yes } else { no }))),
            Status::Absent => {}
        }
        if let Some(version) = self.version {
            doc.push((version.key, Node::Number(u64::from(version.value))));
        }
        if let Some(key) = self.command {
            doc.push((key, Node::Text(command)));
        }
        doc
    }

    fn push_warnings<'a>(&self, doc: &mut Vec<(&'a str, Node<'a>)>, warnings: &'a [Warning]) {
        if let (Some(key), false) = (self.warnings, warnings.is_empty()) {
            doc.push((key, Node::Warnings(warnings)));
        }
    }

    /// The document's text in the profile's layout, and a final newline.
    pub(crate) fn text_of(&self, node: &Node<'_>) -> String {
        // Keys are strings and values are JSON values: writing cannot fail.
        let mut text = match self.layout {
            Layout::Compact => crate::json::write::line(node),
            Layout::Pretty => crate::json::write::pretty(node),
        }
        .unwrap_or_default();
        text.push('\n');
        text
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
            Ok(self.document(outcome)?.map(|node| Rendered {
                stream: self.stream(outcome.is_ok()),
                text: self.text_of(&node),
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
        let mut out = Output {
            exit: written.outcome.exit_code(),
            unwritten_exit: outcome.fallback.map_or(1, |info| info.exit),
            ..Output::default()
        };
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
            hint: hint.map(str::to_owned),
            details: details.clone(),
            info: None,
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
        Ok(self.document(outcome)?.map(|node| Rendered {
            stream: self.stream(outcome.is_ok()),
            text: self.text_of(&node),
        }))
    }
}
