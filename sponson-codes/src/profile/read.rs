//! Reading a document printed in a profile's shape.

use core::fmt;

use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use super::{Data, Profile, Status, Success};
use crate::code::Warning;
use crate::envelope::ErrorBody;
use crate::error::details::Details;

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
    /// Not JSON, or a field of the wrong type.
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
        }
    }
}

impl std::error::Error for ReadError {}

fn json(err: impl fmt::Display) -> ReadError {
    ReadError::Json(err.to_string())
}

fn take_string(fields: &mut Map<String, Value>, key: &str) -> Result<Option<String>, ReadError> {
    match fields.remove(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(text)) => Ok(Some(text)),
        Some(_) => Err(ReadError::Json(format!("`{key}` must be a string"))),
    }
}

impl Profile {
    /// Reads one document this profile printed. Unknown fields are ignored
    /// (or kept in `Value` data and `Details`); an unknown code keeps its
    /// string. With no status key (firstdraft), a document is a failure when
    /// it has the code and message keys as strings; a consumer that knows the
    /// stream should prefer it.
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
    /// ```
    pub fn read<T: DeserializeOwned, D: DeserializeOwned>(
        &self,
        text: &str,
    ) -> Result<Document<T, D>, ReadError> {
        let value: Value = serde_json::from_str(text).map_err(json)?;
        self.read_value(value)
    }

    /// [`read`](Profile::read) from a parsed value.
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
        let ok = match self.status {
            Status::Bool { key } => match fields.remove(key) {
                Some(Value::Bool(ok)) => ok,
                Some(_) => return Err(ReadError::Json(format!("`{key}` must be a boolean"))),
                None => return Err(ReadError::Missing(key)),
            },
            Status::Text { key, ok, error } => {
                match take_string(&mut fields, key)?.ok_or(ReadError::Missing(key))? {
                    text if text == ok => true,
                    text if text == error => false,
                    text => return Err(ReadError::Status(format!("{key} `{text}`"))),
                }
            }
            Status::Absent => {
                let is_text = |key| matches!(fields.get(key), Some(Value::String(_)));
                !(is_text(self.error.code) && is_text(self.error.message))
            }
        };
        if ok && bare {
            return bare_success(Value::Object(fields));
        }
        let version = match self.version {
            Some(version) => match fields.remove(version.key) {
                Some(Value::Number(n)) if n.as_u64() == Some(u64::from(version.value)) => {
                    Some(version.value)
                }
                Some(Value::Number(n)) => {
                    return Err(ReadError::Version {
                        found: n.as_u64(),
                        expected: version.value,
                    })
                }
                _ => {
                    return Err(ReadError::Version {
                        found: None,
                        expected: version.value,
                    })
                }
            },
            None => None,
        };
        let command = match self.command {
            Some(key) => take_string(&mut fields, key)?,
            None => None,
        };
        let warnings = match self.warnings.and_then(|key| fields.remove(key)) {
            Some(list) => serde_json::from_value(list).map_err(json)?,
            None => Vec::new(),
        };
        let mut exit_code = None;
        let result = if ok {
            Ok(match self.data {
                Data::Nested(key) => {
                    T::deserialize(fields.remove(key).unwrap_or(Value::Null)).map_err(json)?
                }
                Data::Flatten(key) => flattened(fields, key)?,
            })
        } else {
            let mut error = match self.error.nest {
                Some(key) => match fields.remove(key) {
                    Some(Value::Object(error)) => error,
                    Some(_) => return Err(ReadError::Json(format!("`{key}` must be an object"))),
                    None => return Err(ReadError::Missing(key)),
                },
                None => fields,
            };
            let code = take_string(&mut error, self.error.code)?
                .ok_or(ReadError::Missing(self.error.code))?;
            let message = take_string(&mut error, self.error.message)?.unwrap_or_default();
            let hint = match self.error.hint {
                Some(key) => take_string(&mut error, key)?,
                None => None,
            };
            if let Some(key) = self.error.exit {
                exit_code = error
                    .remove(key)
                    .and_then(|v| v.as_u64())
                    .and_then(|n| u8::try_from(n).ok());
            }
            let details = D::deserialize(Value::Object(error)).map_err(json)?;
            Err(ErrorBody {
                code,
                message,
                hint,
                details,
            })
        };
        Ok(Document {
            command,
            version,
            result,
            exit_code,
            warnings,
        })
    }
}

fn bare_success<T: DeserializeOwned, D>(value: Value) -> Result<Document<T, D>, ReadError> {
    Ok(Document {
        command: None,
        version: None,
        result: Ok(T::deserialize(value).map_err(json)?),
        exit_code: None,
        warnings: Vec::new(),
    })
}

/// The rest of the document when that reads as `T`, else its data key, else
/// `null` (no data).
fn flattened<T: DeserializeOwned>(
    mut fields: Map<String, Value>,
    key: &str,
) -> Result<T, ReadError> {
    let whole = match T::deserialize(Value::Object(fields.clone())) {
        Ok(data) => return Ok(data),
        Err(err) => err,
    };
    match fields.remove(key) {
        Some(data) if fields.is_empty() => T::deserialize(data).map_err(json),
        None if fields.is_empty() => T::deserialize(Value::Null).map_err(|_| json(whole)),
        _ => Err(json(whole)),
    }
}
