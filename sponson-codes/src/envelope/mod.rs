//! The one JSON envelope every outcome of a command is printed as.
//!
//! ```text
//! {"ok": true,  "command": "<name>", ...data}
//! {"ok": false, "command": "<name>", "error": {"code", "message", "hint"?, ...details}}
//! ```

pub(crate) mod flatten;

use serde::de::{DeserializeOwned, Error as _};
use serde::ser::{Error as _, SerializeMap};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::code::{CodeInfo, ErrorCode, ErrorCodeSet};
use crate::envelope::flatten::{flatten, Flat, Reserved};
use crate::error::details::{json_kind, Details, RESERVED_DETAIL_KEYS};
use crate::error::Error;

/// The keys of the envelope itself, which success data can never take.
pub const RESERVED_DATA_KEYS: [&str; 2] = ["ok", "command"];

/// What a command printed: its name and either its data or its error.
///
/// `T` is the success data and `D` the error details. Serializing flattens
/// data that is a JSON object into the envelope, puts any other value under
/// `"data"`, and omits `null` data. Deserializing ignores fields it does not
/// know: pick typed `T` and `D` to keep only the fields you read.
///
/// Serializing fails, rather than shadowing, when object data has a key `ok`
/// or `command`, or when details are not an object or take `code`, `message`
/// or `hint`; the runner reports such a failure as the fallback code.
///
/// ```
/// use sponson_codes::Envelope;
///
/// #[derive(serde::Serialize, serde::Deserialize)]
/// struct Applied {
///     changes: u32,
/// }
///
/// let printed = serde_json::to_string(&Envelope::<_>::success("apply", Applied { changes: 2 })).unwrap();
/// assert_eq!(printed, r#"{"ok":true,"command":"apply","changes":2}"#);
///
/// let read: Envelope<Applied> = serde_json::from_str(r#"{"ok":true,"command":"apply","changes":2,"new":1}"#).unwrap();
/// assert!(read.ok());
/// assert_eq!(read.result.unwrap().changes, 2);
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Envelope<T = Value, D = Details> {
    /// The command's name.
    pub command: String,
    /// The data on success, the error otherwise.
    pub result: Result<T, ErrorBody<D>>,
}

impl<T, D> Envelope<T, D> {
    /// A success envelope.
    ///
    /// ```
    /// use sponson_codes::Envelope;
    ///
    /// let envelope = Envelope::<_>::success("list", vec![1, 2]);
    /// assert_eq!(serde_json::to_string(&envelope).unwrap(), r#"{"ok":true,"command":"list","data":[1,2]}"#);
    /// ```
    pub fn success(command: impl Into<String>, data: T) -> Self {
        Envelope {
            command: command.into(),
            result: Ok(data),
        }
    }

    /// A failure envelope.
    ///
    /// ```
    /// use sponson_codes::{Envelope, ErrorBody};
    ///
    /// let body = ErrorBody { code: "LOCK_HELD".into(), message: "held".into(), hint: None, details: serde_json::Map::new() };
    /// let envelope = Envelope::<(), _>::failure("apply", body);
    /// assert!(!envelope.ok());
    /// ```
    pub fn failure(command: impl Into<String>, error: ErrorBody<D>) -> Self {
        Envelope {
            command: command.into(),
            result: Err(error),
        }
    }

    /// Whether the command succeeded: the `ok` field, true exactly when the
    /// process exited 0.
    ///
    /// ```
    /// use sponson_codes::Envelope;
    ///
    /// assert!(Envelope::<_>::success("init", ()).ok());
    /// ```
    pub fn ok(&self) -> bool {
        self.result.is_ok()
    }
}

impl<T> Envelope<T, Details> {
    /// The envelope of a command's result.
    ///
    /// ```
    /// # use sponson_codes::{Envelope, Error, ErrorCodes};
    /// # #[derive(Debug, ErrorCodes)]
    /// # enum Code {
    /// #     #[code(exit = 3, doc = "The lock is held.", hint = "Pass --wait.")]
    /// #     LockHeld,
    /// #     #[code(exit = 1, doc = "An unexpected error.", fallback)]
    /// #     Internal,
    /// # }
    /// let result: Result<(), Error<Code>> = Err(Error::new(Code::LockHeld, "held"));
    /// let envelope = Envelope::from_result("apply", &result);
    /// assert_eq!(
    ///     serde_json::to_string(&envelope).unwrap(),
    ///     r#"{"ok":false,"command":"apply","error":{"code":"LOCK_HELD","message":"held","hint":"Pass --wait."}}"#
    /// );
    /// ```
    pub fn from_result<C: ErrorCode>(
        command: impl Into<String>,
        result: &Result<T, Error<C>>,
    ) -> Envelope<&T, Details> {
        Envelope {
            command: command.into(),
            result: result.as_ref().map_err(ErrorBody::from),
        }
    }
}

/// The `error` object of a failure envelope.
///
/// The code stays a string, so a code this program does not know (printed by
/// a newer program, say) is kept as it was; [`info`](ErrorBody::info) and
/// [`kind`](ErrorBody::kind) map it to the fallback.
///
/// ```
/// use sponson_codes::{Envelope, ErrorCodes};
///
/// #[derive(Debug, PartialEq, ErrorCodes)]
/// enum Code {
///     #[code(exit = 3, doc = "The lock is held.")]
///     LockHeld,
///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
///     Internal,
/// }
///
/// let read: Envelope = serde_json::from_str(
///     r#"{"ok":false,"command":"apply","error":{"code":"QUOTA_GONE","message":"no quota","region":"eu"}}"#,
/// ).unwrap();
/// let error = read.result.unwrap_err();
/// assert_eq!(error.code, "QUOTA_GONE");
/// assert_eq!(error.kind::<Code>(), Code::Internal);
/// assert_eq!(error.details.get("region").unwrap(), "eu");
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct ErrorBody<D = Details> {
    /// The code string, exactly as printed.
    pub code: String,
    /// The message for people; never branch on it.
    pub message: String,
    /// The remedy, when there is one.
    pub hint: Option<String>,
    /// Every other field of the error object.
    pub details: D,
}

impl<D> ErrorBody<D> {
    /// The code's entry in `C`'s table, or `C`'s fallback for a code that
    /// `C` does not list.
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
    /// use sponson_codes::{ErrorBody, Details};
    ///
    /// let body = ErrorBody { code: "LOCK_HELD".into(), message: "held".into(), hint: None, details: Details::new() };
    /// assert_eq!(body.info::<Code>().exit, 3);
    /// ```
    pub fn info<C: ErrorCode>(&self) -> &'static CodeInfo {
        C::ENUM.get(&self.code).unwrap_or(C::FALLBACK_INFO)
    }

    /// The code as a value of `C`, or `C`'s fallback for an unknown code.
    pub fn kind<C: ErrorCodeSet>(&self) -> C {
        C::from_code_or_fallback(&self.code)
    }

    /// Whether `C` lists the code.
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
    /// use sponson_codes::{ErrorBody, Details};
    ///
    /// let body = ErrorBody { code: "NEW_CODE".into(), message: "m".into(), hint: None, details: Details::new() };
    /// assert!(!body.is_known::<Code>());
    /// assert_eq!(body.kind::<Code>(), Code::Internal);
    /// ```
    pub fn is_known<C: ErrorCode>(&self) -> bool {
        C::ENUM.get(&self.code).is_some()
    }
}

impl<C: ErrorCode> From<&Error<C>> for ErrorBody<Details> {
    fn from(error: &Error<C>) -> Self {
        ErrorBody {
            code: error.code().to_owned(),
            message: error.message().to_owned(),
            hint: error.hint().map(str::to_owned),
            details: error.details().clone(),
        }
    }
}

impl<C: ErrorCode> From<Error<C>> for ErrorBody<Details> {
    fn from(error: Error<C>) -> Self {
        ErrorBody::from(&error)
    }
}

/// Details refuse the keys of the error object.
const DETAIL_KEYS: Reserved = Reserved {
    keys: &RESERVED_DETAIL_KEYS,
    refuse: |key| format!("detail key `{}` is reserved", key.escape_debug()),
};

/// Object data refuses the keys of the envelope.
const DATA_KEYS: Reserved = Reserved {
    keys: &RESERVED_DATA_KEYS,
    refuse: |key| format!("data key `{key}` is reserved by the envelope"),
};

// Both impls write details and data straight into the envelope's map; a
// refused key or a failing `Serialize` stops them midway, after part of the
// envelope was written, so a caller must discard the output on error (as
// `render_json` does: it prints only a complete `to_string`).
impl<D: Serialize> Serialize for ErrorBody<D> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("code", &self.code)?;
        map.serialize_entry("message", &self.message)?;
        if let Some(hint) = &self.hint {
            map.serialize_entry("hint", hint)?;
        }
        let kind = match flatten(&self.details, &mut map, &DETAIL_KEYS)? {
            Flat::Written => return map.end(),
            Flat::NotObject(kind) => kind,
            Flat::Value(other) => json_kind(&other),
        };
        Err(S::Error::custom(format_args!(
            "details must serialize to a JSON object, not {kind}"
        )))
    }
}

impl<T: Serialize, D: Serialize> Serialize for Envelope<T, D> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("ok", &self.ok())?;
        map.serialize_entry("command", &self.command)?;
        match &self.result {
            // Object data is flattened; any other value, which `flatten`
            // stopped at before writing anything, goes under `data`.
            Ok(data) => match flatten(data, &mut map, &DATA_KEYS)? {
                Flat::Written => {}
                Flat::NotObject(_) => map.serialize_entry("data", data)?,
                Flat::Value(other) => map.serialize_entry("data", &other)?,
            },
            Err(error) => map.serialize_entry("error", error)?,
        }
        map.end()
    }
}

impl<'de, D: DeserializeOwned> Deserialize<'de> for ErrorBody<D> {
    fn deserialize<De: serde::Deserializer<'de>>(deserializer: De) -> Result<Self, De::Error> {
        let Value::Object(mut fields) = Value::deserialize(deserializer)? else {
            return Err(De::Error::custom(
                "the error of an envelope must be an object",
            ));
        };
        let code =
            take_string(&mut fields, "code")?.ok_or_else(|| De::Error::missing_field("code"))?;
        let message = take_string(&mut fields, "message")?
            .ok_or_else(|| De::Error::missing_field("message"))?;
        let hint = take_string(&mut fields, "hint")?;
        let details = D::deserialize(Value::Object(fields)).map_err(De::Error::custom)?;
        Ok(ErrorBody {
            code,
            message,
            hint,
            details,
        })
    }
}

/// Removes `key`; `null` reads as absent, anything but a string is an error.
fn take_string<E: serde::de::Error>(
    fields: &mut Map<String, Value>,
    key: &'static str,
) -> Result<Option<String>, E> {
    match fields.remove(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(text)) => Ok(Some(text)),
        Some(other) => Err(E::custom(format_args!(
            "`{key}` must be a string, not {}",
            json_kind(&other)
        ))),
    }
}

impl<'de, T: DeserializeOwned, D: DeserializeOwned> Deserialize<'de> for Envelope<T, D> {
    fn deserialize<De: serde::Deserializer<'de>>(deserializer: De) -> Result<Self, De::Error> {
        let Value::Object(mut fields) = Value::deserialize(deserializer)? else {
            return Err(De::Error::custom("an envelope must be a JSON object"));
        };
        let ok = match fields.remove("ok") {
            Some(Value::Bool(ok)) => ok,
            Some(other) => {
                return Err(De::Error::custom(format_args!(
                    "`ok` must be a boolean, not {}",
                    json_kind(&other)
                )))
            }
            None => return Err(De::Error::missing_field("ok")),
        };
        let command = take_string(&mut fields, "command")?
            .ok_or_else(|| De::Error::missing_field("command"))?;
        let result = if ok {
            Ok(read_data(fields).map_err(De::Error::custom)?)
        } else {
            let error = fields
                .remove("error")
                .ok_or_else(|| De::Error::missing_field("error"))?;
            Err(ErrorBody::deserialize(error).map_err(De::Error::custom)?)
        };
        Ok(Envelope { command, result })
    }
}

/// Data is the rest of the envelope when that reads as `T`, else its `data`
/// field, else `null` (omitted data).
fn read_data<T: DeserializeOwned>(mut fields: Map<String, Value>) -> Result<T, serde_json::Error> {
    let flattened = match T::deserialize(Value::Object(fields.clone())) {
        Ok(data) => return Ok(data),
        Err(err) => err,
    };
    match fields.remove("data") {
        Some(data) if fields.is_empty() => T::deserialize(data),
        None if fields.is_empty() => T::deserialize(Value::Null).map_err(|_| flattened),
        _ => Err(flattened),
    }
}

/// Compiles and runs the examples of `docs/envelope.md` as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/envelope.md")]
struct EnvelopeDocs;
