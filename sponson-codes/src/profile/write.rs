//! Writing one outcome in a profile's shape.

use core::fmt;

use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::{Map, Value};

use super::{Data, Layout, Profile, Status, Stream, Success};
use crate::code::Warning;

/// One rendered document: its text, ending in a newline, and its stream.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rendered {
    /// Where the document goes.
    pub stream: Stream,
    /// The JSON text and a final newline.
    pub text: String,
}

/// Why an outcome cannot be written in a profile: a programming error the
/// runner reports as the fallback code, never a shadowed key.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum RenderError {
    /// Flattened data has a key the document itself writes.
    ReservedData(String),
    /// A detail has a key the error itself writes.
    ReservedDetail(String),
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
        }
    }
}

impl std::error::Error for RenderError {}

/// An object whose keys are written in the order given.
struct Ordered<'a>(Vec<(&'a str, Entry<'a>)>);

enum Entry<'a> {
    Value(&'a Value),
    Owned(Value),
    Object(Ordered<'a>),
    Warnings(&'a [Warning]),
}

impl Serialize for Ordered<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (key, entry) in &self.0 {
            match entry {
                Entry::Value(value) => map.serialize_entry(key, value)?,
                Entry::Owned(value) => map.serialize_entry(key, value)?,
                Entry::Object(object) => map.serialize_entry(key, object)?,
                Entry::Warnings(warnings) => map.serialize_entry(key, warnings)?,
            }
        }
        map.end()
    }
}

impl Profile {
    /// The document of a success with `data` (already a JSON value), or
    /// `None` when the profile prints no envelope for success and there is
    /// no data.
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
        let stream = match self.success {
            Success::Bare(stream) => {
                if data.is_null() {
                    return Ok(None);
                }
                return Ok(Some(self.finish(stream, data)));
            }
            Success::Envelope(stream) => stream,
        };
        let mut doc = self.head(true, command);
        match self.data {
            Data::Nested(key) => doc.push((key, Entry::Value(data))),
            Data::Flatten(key) => match data {
                Value::Object(fields) => {
                    let reserved = self.reserved_data_keys();
                    for (name, value) in fields {
                        let taken = reserved.contains(&name.as_str())
                            || (!warnings.is_empty() && self.warnings == Some(name.as_str()));
                        if taken {
                            return Err(RenderError::ReservedData(name.clone()));
                        }
                        doc.push((name, Entry::Value(value)));
                    }
                }
                Value::Null => {}
                other => doc.push((key, Entry::Value(other))),
            },
        }
        self.push_warnings(&mut doc, warnings);
        Ok(Some(self.finish(stream, &Ordered(doc))))
    }

    /// The document of a failure: the code string, message, hint, the exit
    /// code (printed where the profile says) and the details.
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
        let reserved = self.reserved_detail_keys();
        let mut error: Vec<(&str, Entry)> = Vec::new();
        let shape = &self.error;
        error.push((shape.code, Entry::Owned(Value::String(code.to_owned()))));
        error.push((
            shape.message,
            Entry::Owned(Value::String(message.to_owned())),
        ));
        if let (Some(key), Some(hint)) = (shape.hint, hint) {
            error.push((key, Entry::Owned(Value::String(hint.to_owned()))));
        }
        if let Some(key) = shape.exit {
            error.push((key, Entry::Owned(Value::from(exit))));
        }
        for (name, value) in details {
            let top = shape.nest.is_none();
            let taken = reserved.contains(&name.as_str())
                || (top && !warnings.is_empty() && self.warnings == Some(name.as_str()));
            if taken {
                return Err(RenderError::ReservedDetail(name.clone()));
            }
            error.push((name, Entry::Value(value)));
        }
        let mut doc = self.head(false, command);
        match shape.nest {
            Some(key) => doc.push((key, Entry::Object(Ordered(error)))),
            None => doc.extend(error),
        }
        self.push_warnings(&mut doc, warnings);
        Ok(self.finish(self.failure, &Ordered(doc)))
    }

    /// Status, version and command, in that order.
    fn head<'a>(&self, ok: bool, command: &'a str) -> Vec<(&'a str, Entry<'a>)> {
        let mut doc = Vec::new();
        match self.status {
            Status::Bool { key } => doc.push((key, Entry::Owned(Value::Bool(ok)))),
            Status::Text {
                key,
                ok: yes,
                error: no,
            } => {
                let text = if ok { yes } else { no };
                doc.push((key, Entry::Owned(Value::String(text.to_owned()))));
            }
            Status::Absent => {}
        }
        if let Some(version) = self.version {
            doc.push((version.key, Entry::Owned(Value::from(version.value))));
        }
        if let Some(key) = self.command {
            doc.push((key, Entry::Owned(Value::String(command.to_owned()))));
        }
        doc
    }

    fn push_warnings<'a>(&self, doc: &mut Vec<(&'a str, Entry<'a>)>, warnings: &'a [Warning]) {
        if let (Some(key), false) = (self.warnings, warnings.is_empty()) {
            doc.push((key, Entry::Warnings(warnings)));
        }
    }

    fn finish<T: Serialize + ?Sized>(&self, stream: Stream, value: &T) -> Rendered {
        // Keys are strings and values are JSON values: writing cannot fail.
        let mut text = match self.layout {
            // One line for every line splitter, as `render_json` writes.
            Layout::Compact => crate::run::escape::to_json_line(value),
            // These characters can only stand inside strings in JSON text,
            // so escaping them afterwards is as valid as while writing.
            Layout::Pretty => serde_json::to_string_pretty(value).map(|text| {
                text.replace('\u{2028}', "\\u2028")
                    .replace('\u{2029}', "\\u2029")
                    .replace('\u{85}', "\\u0085")
            }),
        }
        .unwrap_or_default();
        text.push('\n');
        Rendered { stream, text }
    }
}
