//! The one JSON envelope every outcome of a command is printed as.
//!
//! ```text
//! {"ok": true,  "command": "<name>", ...data}
//! {"ok": false, "command": "<name>", "error": {"code", "message", "hint"?, ...details}}
//! ```

pub(crate) mod depth;
mod read;
#[cfg(test)]
mod tests;
pub(crate) mod write;

use serde::ser::Error as _;
use serde::{Serialize, Serializer};
use serde_json::Value;

use crate::code::{CodeInfo, ErrorCode, ErrorCodeSet};
use crate::error::details::Details;
use crate::error::Error;

/// The keys of the envelope itself, which success data can never take:
/// `error` too, so that no reader can take a success for a failure.
pub const RESERVED_DATA_KEYS: [&str; 3] = ["ok", "command", "error"];

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
    /// use sponson_codes::Envelope;
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

// Both check everything before writing anything; see `write`.
impl<D: Serialize + 'static> Serialize for ErrorBody<D> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        write::error(self)
            .map_err(S::Error::custom)?
            .serialize(serializer)
    }
}

impl<T: Serialize, D: Serialize + 'static> Serialize for Envelope<T, D> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let outcome = match &self.result {
            Ok(data) => Ok(write::data(data).map_err(S::Error::custom)?),
            Err(error) => Err(write::error(error).map_err(S::Error::custom)?),
        };
        let checked = write::Checked {
            command: &self.command,
            outcome,
        };
        checked.serialize(serializer)
    }
}

/// Compiles and runs the examples of `docs/envelope.md` as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/envelope.md")]
struct EnvelopeDocs;
