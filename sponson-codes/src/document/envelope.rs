//! Sponson's envelope as Rust types, for programs that write or read it
//! directly:
//!
//! ```text
//! {"ok": true,  "command": "<name>", ...data}
//! {"ok": false, "command": "<name>", "error": {"code", "message", "hint"?, ...details}}
//! ```
//!
//! Both directions go through the one writer and the one reader of every
//! profile, in [`SPONSON`]'s shape.

use std::borrow::Cow;

use serde::de::{DeserializeOwned, Error as _};
use serde::ser::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

use super::profile::SPONSON;
use super::write::{FailureView, View};
use crate::code::details::Details;
use crate::code::{CodeInfo, ErrorCode, ErrorCodeSet};
use crate::error::Error;
use crate::json::depth::{to_value, MAX_LEVELS};

/// What a command printed: its name and either its data or its error.
///
/// `T` is the success data and `D` the error details. Serializing flattens
/// data that is a JSON object into the envelope, puts any other value under
/// `"data"`, and omits `null` data. Deserializing ignores keys it does not
/// know, whatever `T` is: pick typed `T` and `D` to keep only the fields you
/// read. It refuses a document that repeats a key in the envelope or its
/// error object, and one whose `ok` is true beside an `error`.
///
/// Serializing checks everything before it writes anything, and fails,
/// rather than shadowing, when object data has a key `ok`, `command` or
/// `error`, when details are not an object or take `code`, `message` or
/// `hint`, or when data or details would make the envelope nest deeper than
/// 127 levels of arrays and objects (what `serde_json` reads back); the
/// runner reports such a failure as the fallback code.
///
/// ```
/// use sponson_codes::profile::Envelope;
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
/// assert!(read.is_ok());
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
    /// use sponson_codes::profile::Envelope;
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
    /// use sponson_codes::{profile::{Envelope, ErrorBody}};
    ///
    /// let body = ErrorBody { code: "LOCK_HELD".into(), message: "held".into(), hint: None, details: serde_json::Map::new() };
    /// let envelope = Envelope::<(), _>::failure("apply", body);
    /// assert!(!envelope.is_ok());
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
    /// use sponson_codes::profile::Envelope;
    ///
    /// assert!(Envelope::<_>::success("init", ()).is_ok());
    /// ```
    pub fn is_ok(&self) -> bool {
        self.result.is_ok()
    }
}

impl<T> Envelope<T, Details> {
    /// The envelope of a command's result.
    ///
    /// ```
    /// # use sponson_codes::{Error, ErrorCodes, profile::Envelope};
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
/// use sponson_codes::{ErrorCodes, profile::Envelope};
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
    /// use sponson_codes::{Details, profile::ErrorBody};
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
    /// use sponson_codes::{Details, profile::ErrorBody};
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

/// The details of `body` as a JSON object, checked as [`Details`] checks
/// them.
fn details_of<D: Serialize + 'static>(
    details: &D,
) -> Result<Cow<'_, serde_json::Map<String, Value>>, String> {
    // `Details` checked each key and value as it was added: no copy to check,
    // but a refused insertion it recorded is refused here too.
    if let Some(details) = (details as &dyn std::any::Any).downcast_ref::<Details>() {
        return match details.problem() {
            Some(problem) => Err(problem.to_string()),
            None => Ok(Cow::Borrowed(details.as_map())),
        };
    }
    match Details::from_serialize(details) {
        Ok(details) => Ok(Cow::Owned(details.into_map())),
        // As for data: serde_json's own words.
        Err(crate::code::DetailsError::Serialize(err)) => Err(err),
        Err(err) => Err(err.to_string()),
    }
}

impl<D> ErrorBody<D> {
    fn view<'a>(&'a self, details: &'a serde_json::Map<String, Value>) -> FailureView<'a> {
        FailureView {
            code: &self.code,
            exit: None,
            message: &self.message,
            hint: self.hint.as_deref(),
            details,
            info: None,
            localized: None,
        }
    }
}

// Both check everything, through the one writer, before writing anything.
impl<D: Serialize + 'static> Serialize for ErrorBody<D> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let details = details_of(&self.details).map_err(S::Error::custom)?;
        SPONSON
            .error_object(self.view(&details))
            .map_err(S::Error::custom)?
            .serialize(serializer)
    }
}

impl<T: Serialize, D: Serialize + 'static> Serialize for Envelope<T, D> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let (data, details);
        let result = match &self.result {
            Ok(value) => {
                data = to_value(value, MAX_LEVELS).map_err(S::Error::custom)?;
                Ok(&data)
            }
            Err(error) => {
                details = details_of(&error.details).map_err(S::Error::custom)?;
                Err(error.view(&details))
            }
        };
        let view = View {
            command: &self.command,
            result,
            warnings: &[],
        };
        match SPONSON.document(view).map_err(S::Error::custom)? {
            Some(document) => document.serialize(serializer),
            None => serializer.serialize_unit(),
        }
    }
}

/// Reads through the one reader, in [`SPONSON`]'s shape: a repeated key,
/// `ok: true` beside an `error`, a missing or mistyped member are refused;
/// unknown keys are ignored whatever `T` is.
impl<'de, T: DeserializeOwned, D: DeserializeOwned> Deserialize<'de> for Envelope<T, D> {
    fn deserialize<De: Deserializer<'de>>(deserializer: De) -> Result<Self, De::Error> {
        let value = crate::json::read::deserialize(deserializer)?;
        let document = SPONSON
            .read_value::<T, D>(value)
            .map_err(De::Error::custom)?;
        Ok(Envelope {
            command: document.command.unwrap_or_default(),
            result: document.result,
        })
    }
}

/// The error object alone, under the reader's rules for it.
impl<'de, D: DeserializeOwned> Deserialize<'de> for ErrorBody<D> {
    fn deserialize<De: Deserializer<'de>>(deserializer: De) -> Result<Self, De::Error> {
        match crate::json::read::deserialize(deserializer)? {
            Value::Object(fields) => super::read::read_error(&SPONSON.error, fields)
                .map(|read| read.body)
                .map_err(De::Error::custom),
            other => Err(De::Error::custom(format_args!(
                "the error of an envelope must be an object, not {}",
                crate::json::kind(&other)
            ))),
        }
    }
}

/// Compiles and runs the examples of `docs/envelope.md` as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/envelope.md")]
struct EnvelopeDocs;
