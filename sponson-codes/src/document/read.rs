//! The one reader: a document printed in a profile's shape, read back under
//! one rule set (docs/envelope.md, "Reading a document"), whichever
//! profile printed it. [`Envelope`](crate::profile::Envelope) and
//! [`ErrorBody`](crate::profile::ErrorBody) read through it; the problem reader
//! shares its JSON rules.

use core::fmt;

use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use super::envelope::ErrorBody;
use super::localized::LocalizedMessage;
use super::profile::{Data, ErrorShape, Profile, Status, Success};
use crate::code::details::Details;
use crate::error::warning::Warning;
use crate::json::read::Refusal;

/// One outcome read back: what every profile can carry, whichever it printed.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct Document<T = Value, D = Details> {
    /// The command's name, when the profile prints it.
    pub command: Option<String>,
    /// The envelope's version, when the profile has one (always the
    /// profile's own: another version is a [`ReadError::Version`]).
    pub version: Option<u32>,
    /// The data on success, the error otherwise.
    pub result: Result<T, ErrorBody<D>>,
    /// The exit code, when the profile prints it with the error.
    pub exit_code: Option<u8>,
    /// Whether the failure's code is retryable, when the profile prints it
    /// and the code declares it: the one member a client that does not know
    /// the code can read it from.
    pub retryable: Option<bool>,
    /// The failure's message in the reader's language, when the profile
    /// prints one and the program localized it.
    pub localized_message: Option<LocalizedMessage>,
    /// The warnings, when the profile prints them.
    pub warnings: Vec<Warning>,
}

impl<T, D> Document<T, D> {
    /// Whether the document tells a success.
    pub fn is_ok(&self) -> bool {
        self.result.is_ok()
    }
}

/// Why a document does not read in a profile.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ReadError {
    /// Not JSON, or a member of the wrong type.
    Json(String),
    /// A key the profile always prints is missing.
    Missing(&'static str),
    /// The status value is neither the success nor the failure value.
    Status(String),
    /// The version differs from the one this reader was built for.
    Version {
        /// The version found, if any.
        found: Option<u64>,
        /// The profile's version.
        expected: u32,
    },
    /// A key appears twice in one object: parsers disagree on which counts.
    Duplicate(String),
    /// The document nests deeper than 127 levels of arrays and objects.
    TooDeep,
    /// A number that cannot be read exactly (too long, or beyond what a
    /// 64-bit number holds).
    Number(String),
    /// The document says two things: a success that carries an error.
    Contradiction(String),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Json(problem) => write!(f, "not a document of this profile: {problem}"),
            ReadError::Missing(key) => write!(f, "the document has no `{key}`"),
            ReadError::Status(value) => write!(f, "unknown status {value}"),
            ReadError::Version {
                found: Some(found),
                expected,
            } => write!(
                f,
                "envelope version {found} is not version {expected}, the one this reader understands; update the reader"
            ),
            ReadError::Version {
                found: None,
                expected,
            } => write!(f, "the document has no envelope version; expected {expected}"),
            ReadError::Duplicate(key) => write!(
                f,
                "the key `{}` appears twice in one object; a document must not repeat a key",
                key.escape_debug()
            ),
            ReadError::TooDeep => {
                f.write_str("the document nests more than 127 levels of arrays and objects")
            }
            ReadError::Number(why) => write!(f, "{why}; send such a number as a string"),
            ReadError::Contradiction(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for ReadError {}

impl From<Refusal> for ReadError {
    fn from(refusal: Refusal) -> Self {
        match refusal {
            Refusal::Json(err) => ReadError::Json(err),
            Refusal::Duplicate(key) => ReadError::Duplicate(key),
            Refusal::TooDeep => ReadError::TooDeep,
            Refusal::Number(why) => ReadError::Number(why),
        }
    }
}

/// A number without a fraction (`3` or `3.0`, which JSON does not tell
/// apart), as JSON Schema's `integer` reads it.
fn integer(n: &serde_json::Number) -> Option<u64> {
    n.as_u64().or_else(|| {
        n.as_f64()
            .filter(|f| f.fract() == 0.0 && *f >= 0.0 && *f <= u32::MAX.into())
            .map(|f| f as u64)
    })
}

fn json(err: impl fmt::Display) -> ReadError {
    ReadError::Json(err.to_string())
}

fn wrong(key: &str, what: &str) -> ReadError {
    ReadError::Json(format!("`{}` must be {what}", key.escape_debug()))
}

/// Removes `key`, which must be a string when present.
fn take_string(fields: &mut Map<String, Value>, key: &str) -> Result<Option<String>, ReadError> {
    match crate::json::take(fields, key) {
        None => Ok(None),
        Some(Value::String(text)) => Ok(Some(text)),
        Some(_) => Err(wrong(key, "a string")),
    }
}

/// Removes `key`, which must be a string.
fn require_string(fields: &mut Map<String, Value>, key: &'static str) -> Result<String, ReadError> {
    take_string(fields, key)?.ok_or(ReadError::Missing(key))
}

impl Profile {
    /// Reads one document this profile printed, under the rules every
    /// reader of this crate shares: a key repeated in one object, nesting
    /// deeper than 127 levels and a number that cannot be read exactly are
    /// refused; so is a success that carries the error key. Every member
    /// the profile always prints must be there with its type; unknown
    /// members are ignored (or kept in `Value` data and `Details`); an
    /// unknown code keeps its string. With no status key (firstdraft), a
    /// document is a failure when it has the code and message keys as
    /// strings; a consumer that knows the stream should prefer it.
    ///
    /// ```
    /// use sponson_codes::profile::{ReadError, NOGGIN};
    ///
    /// let printed = r#"{"status": "error", "envelopeVersion": 3, "verb": "push",
    ///     "error": {"code": "title-required", "message": "push: title required", "exitCode": 2}}"#;
    /// let doc = NOGGIN.read::<serde_json::Value, serde_json::Value>(printed).unwrap();
    /// assert_eq!(doc.command.as_deref(), Some("push"));
    /// assert_eq!(doc.exit_code, Some(2));
    /// assert_eq!(doc.result.unwrap_err().code, "title-required");
    ///
    /// let newer = printed.replace("\"envelopeVersion\": 3", "\"envelopeVersion\": 4");
    /// assert!(matches!(NOGGIN.read::<(), ()>(&newer), Err(ReadError::Version { found: Some(4), expected: 3 })));
    /// let twice = printed.replace("\"verb\": \"push\"", "\"verb\": \"push\", \"verb\": \"pull\"");
    /// assert!(matches!(NOGGIN.read::<(), ()>(&twice), Err(ReadError::Duplicate(_))));
    /// ```
    pub fn read<T: DeserializeOwned, D: DeserializeOwned>(
        &self,
        text: &str,
    ) -> Result<Document<T, D>, ReadError> {
        let value = crate::json::read::parse(text)?;
        self.read_value(value)
    }

    /// [`read`](Profile::read) from a parsed value: every rule but the
    /// ones on the text (a parsed value has no repeated keys, and its
    /// numbers are what the parser made of them).
    pub fn read_value<T: DeserializeOwned, D: DeserializeOwned>(
        &self,
        value: Value,
    ) -> Result<Document<T, D>, ReadError> {
        let bare = matches!(self.success, Success::Bare(_));
        let mut fields = match value {
            Value::Object(fields) => fields,
            other if bare => return bare_success(other),
            _ => return Err(ReadError::Json("a document must be a JSON object".into())),
        };
        if bare && !self.is_failure(&fields) {
            return bare_success(Value::Object(fields));
        }
        let ok = match self.status {
            Status::Bool { key } => match crate::json::take(&mut fields, key) {
                Some(Value::Bool(ok)) => ok,
                Some(_) => return Err(wrong(key, "a boolean")),
                None => return Err(ReadError::Missing(key)),
            },
            Status::Text { key, ok, error } => match require_string(&mut fields, key)? {
                text if text == ok => true,
                text if text == error => false,
                text => {
                    return Err(ReadError::Status(format!(
                        "{key} `{}`",
                        text.escape_debug()
                    )))
                }
            },
            Status::Absent => false,
        };
        let version = match self.version {
            Some(version) => match crate::json::take(&mut fields, version.key) {
                Some(Value::Number(n)) if integer(&n) == Some(u64::from(version.value)) => {
                    Some(version.value)
                }
                found => {
                    return Err(ReadError::Version {
                        found: match found {
                            Some(Value::Number(n)) => integer(&n),
                            _ => None,
                        },
                        expected: version.value,
                    })
                }
            },
            None => None,
        };
        let command = match self.command {
            Some(key) => Some(require_string(&mut fields, key)?),
            None => None,
        };
        let warnings = match self
            .warnings
            .and_then(|key| crate::json::take(&mut fields, key))
        {
            Some(list) => read_warnings(list)?,
            None => Vec::new(),
        };
        let mut exit_code = None;
        let mut retryable = None;
        let mut localized_message = None;
        let result = if ok {
            if let Some(key) = self.error.nest.filter(|key| fields.contains_key(*key)) {
                return Err(ReadError::Contradiction(format!(
                    "the document tells a success but has an `{key}`"
                )));
            }
            Ok(match self.data {
                Data::Nested(key) => T::deserialize(
                    crate::json::take(&mut fields, key).ok_or(ReadError::Missing(key))?,
                )
                .map_err(json)?,
                Data::Flatten(key) => flattened(fields, key)?,
            })
        } else {
            let error = match self.error.nest {
                Some(key) => match crate::json::take(&mut fields, key) {
                    Some(Value::Object(error)) => error,
                    Some(_) => return Err(wrong(key, "an object")),
                    None => return Err(ReadError::Missing(key)),
                },
                None => fields,
            };
            let read = read_error(&self.error, error)?;
            exit_code = read.exit;
            retryable = read.retryable;
            localized_message = read.localized;
            Err(read.body)
        };
        Ok(Document {
            command,
            version,
            result,
            exit_code,
            retryable,
            localized_message,
            warnings,
        })
    }

    /// Whether the object of a profile whose success prints no envelope is
    /// a failure's document: its status says so, or, with no status key,
    /// it has the code and message keys as strings. The writer refuses bare
    /// data for which this holds, so that what it prints reads back as it
    /// was meant.
    pub(crate) fn is_failure(&self, fields: &Map<String, Value>) -> bool {
        match self.status {
            Status::Bool { key } => fields.get(key) == Some(&Value::Bool(false)),
            Status::Text { key, error, .. } => {
                fields.get(key).and_then(Value::as_str) == Some(error)
            }
            Status::Absent => {
                let text = |key| matches!(fields.get(key), Some(Value::String(_)));
                text(self.error.code) && text(self.error.message)
            }
        }
    }
}

/// An error object read: the body, and the members the shape prints
/// beside it.
pub(crate) struct ReadFailure<D> {
    pub(crate) body: ErrorBody<D>,
    pub(crate) exit: Option<u8>,
    pub(crate) retryable: Option<bool>,
    pub(crate) localized: Option<LocalizedMessage>,
}

/// The error object's members: code and message are required strings, the
/// hint a string when present, the exit (where the shape prints one) an
/// integer from 1 to 255, `retryable` (where it prints one) a boolean when
/// present, `localized_message` (where it prints one) an object of the
/// strings `locale` and `message` when present; every other member is a
/// detail.
pub(crate) fn read_error<D: DeserializeOwned>(
    shape: &ErrorShape,
    mut error: Map<String, Value>,
) -> Result<ReadFailure<D>, ReadError> {
    let code = require_string(&mut error, shape.code)?;
    let message = require_string(&mut error, shape.message)?;
    let hint = match shape.hint {
        Some(key) => take_string(&mut error, key)?,
        None => None,
    };
    let exit = match shape.exit {
        Some(key) => match crate::json::take(&mut error, key) {
            Some(Value::Number(n)) => match integer(&n).and_then(|n| u8::try_from(n).ok()) {
                Some(exit) if exit > 0 => Some(exit),
                _ => return Err(wrong(key, "an exit code from 1 to 255")),
            },
            Some(_) => return Err(wrong(key, "an exit code from 1 to 255")),
            None => return Err(ReadError::Missing(key)),
        },
        None => None,
    };
    let retryable = match shape
        .retryable
        .map(|key| (key, crate::json::take(&mut error, key)))
    {
        Some((_, Some(Value::Bool(retryable)))) => Some(retryable),
        Some((key, Some(_))) => return Err(wrong(key, "a boolean")),
        _ => None,
    };
    let localized = match shape
        .localized_message
        .and_then(|key| Some((key, crate::json::take(&mut error, key)?)))
    {
        Some((key, value)) => Some(
            LocalizedMessage::from_value(value)
                .ok_or_else(|| wrong(key, "an object of the strings `locale` and `message`"))?,
        ),
        None => None,
    };
    let details = D::deserialize(Value::Object(error)).map_err(json)?;
    Ok(ReadFailure {
        body: ErrorBody {
            code,
            message,
            hint,
            details,
        },
        exit,
        retryable,
        localized,
    })
}

/// A warnings list: objects with a string `code` and `message`, and a
/// string `hint` when present.
fn read_warnings(list: Value) -> Result<Vec<Warning>, ReadError> {
    let Value::Array(items) = list else {
        return Err(wrong("warnings", "an array"));
    };
    items
        .into_iter()
        .map(|item| match item {
            Value::Object(fields) => Warning::from_fields(fields).map_err(ReadError::Json),
            _ => Err(wrong("a warning", "an object")),
        })
        .collect()
}

fn bare_success<T: DeserializeOwned, D>(value: Value) -> Result<Document<T, D>, ReadError> {
    Ok(Document {
        command: None,
        version: None,
        result: Ok(T::deserialize(value).map_err(json)?),
        exit_code: None,
        retryable: None,
        localized_message: None,
        warnings: Vec::new(),
    })
}

/// Flattened data: the rest of the document when that reads as `T` (object
/// data was flattened), else its data key, else `null` (data was omitted).
/// Other keys are ignored. A `T` that holds nothing (zero-sized, like `()`)
/// and reads from `null` ignores the data, whatever it is.
fn flattened<T: DeserializeOwned>(fields: Map<String, Value>, key: &str) -> Result<T, ReadError> {
    if core::mem::size_of::<T>() == 0 {
        if let Ok(nothing) = T::deserialize(Value::Null) {
            return Ok(nothing);
        }
    }
    let rest = Value::Object(fields);
    let whole = match T::deserialize(&rest) {
        Ok(data) => return Ok(data),
        Err(err) => err,
    };
    match rest.get(key) {
        Some(data) => T::deserialize(data).map_err(json),
        None => T::deserialize(Value::Null).map_err(|_| json(whole)),
    }
}
