//! RFC 9457 problem details: a coded error as `application/problem+json`,
//! and a problem document read back as an [`ErrorBody`].
//!
//! Pure rendering: no I/O, no HTTP types; the `axum` feature builds its
//! responses from [`Problem`]. The shape is RFC 9457's, but what is
//! written is the outcome every other document writes, decided the same
//! way: the code, the details, the fallback for details under a reserved
//! key and the depth bound.

use core::fmt;

use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::code::{CodeInfo, ErrorCode};
use crate::document::envelope::ErrorBody;
use crate::document::localized::LocalizedMessage;
use crate::document::outcome::{Failure, Outcome};
use crate::document::read::Document;
use crate::document::write::{settle, FailureView, RenderError};
use crate::error::Error;
use crate::json::depth::MAX_LEVELS;

/// The media type of a problem document.
pub const PROBLEM_CONTENT_TYPE: &str = "application/problem+json";

/// The members a problem document defines or this crate writes, which
/// details can never take: RFC 9457's five, then `code`, `hint`,
/// `retryable` and `localized_message`.
pub const RESERVED_PROBLEM_KEYS: [&str; 9] = [
    "type",
    "title",
    "status",
    "detail",
    "instance",
    "code",
    "hint",
    "retryable",
    "localized_message",
];

/// The `type` of a code without a docs URL: no semantics beyond the status.
pub const ABOUT_BLANK: &str = "about:blank";

/// A rendered problem response: the HTTP status and the exact body.
///
/// The body is one JSON object: `type` (the code's docs URL, else
/// `about:blank`), `title` (the code's `doc`; with `about:blank`, the
/// status's reason phrase, as RFC 9457 asks), `status`, `detail` (the
/// error's message), `code`, `hint` when there is one, and the details as
/// extension members. A detail under one of [`RESERVED_PROBLEM_KEYS`] would
/// overwrite a member, so such an error is rendered as its enum's fallback
/// code instead, as the envelope does.
///
/// ```
/// use sponson_codes::{Error, ErrorCodes, http::PROBLEM_CONTENT_TYPE};
///
/// #[derive(Debug, ErrorCodes)]
/// #[codes(url = "https://example.com/errors#{code}")]
/// enum Code {
///     #[code(exit = 3, doc = "Another run holds the lock.", hint = "Retry later.", http = 409)]
///     LockHeld,
///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
///     Internal,
/// }
///
/// let problem = Error::new(Code::LockHeld, "prod is locked by run 41")
///     .with_detail("run", &41)
///     .to_problem();
/// assert_eq!(problem.status, 409);
/// assert_eq!(
///     problem.body,
///     r#"{"type":"https://example.com/errors#LOCK_HELD","title":"Another run holds the lock.","status":409,"detail":"prod is locked by run 41","code":"LOCK_HELD","hint":"Retry later.","run":41}"#
/// );
/// assert_eq!(PROBLEM_CONTENT_TYPE, "application/problem+json");
///
/// let shadowing = Error::new(Code::LockHeld, "held").with_detail("status", &200).to_problem();
/// assert_eq!(shadowing.status, 500);
/// assert!(shadowing.body.contains(r#""code":"INTERNAL""#));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The HTTP status, the same as the body's `status` member.
    pub status: u16,
    /// The `application/problem+json` body.
    pub body: String,
}

impl<C: ErrorCode> Error<C> {
    /// This error as an RFC 9457 problem response; see [`Problem`].
    pub fn to_problem(&self) -> Problem {
        Problem::of(&Outcome::failed("", self), None, |_, _| {})
    }

    /// This error's problem with its message in the reader's language as
    /// the extension member `localized_message` (`{"locale", "message"}`;
    /// `detail` stays English), which an axum response also announces as
    /// its `Content-Language`. The [`fluent`](crate::profile::fluent) module makes
    /// the message from a program's `.ftl` files, for the locale the
    /// request's `Accept-Language` asks for.
    ///
    /// ```
    /// use sponson_codes::profile::LocalizedMessage;
    /// use sponson_codes::{Error, ErrorCodes};
    ///
    /// #[derive(Debug, ErrorCodes)]
    /// enum Code {
    ///     #[code(exit = 3, doc = "Another run holds the lock.", http = 409)]
    ///     LockHeld,
    ///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
    ///     Internal,
    /// }
    ///
    /// let problem = Error::new(Code::LockHeld, "prod is locked")
    ///     .to_localized_problem(LocalizedMessage::new("de", "prod ist gesperrt"));
    /// assert!(problem.body.ends_with(
    ///     r#""code":"LOCK_HELD","localized_message":{"locale":"de","message":"prod ist gesperrt"}}"#
    /// ));
    /// assert_eq!(problem.content_language().as_deref(), Some("de"));
    /// ```
    pub fn to_localized_problem(&self, localized: LocalizedMessage) -> Problem {
        let outcome = Outcome::failed("", self).with_localized_message(localized);
        Problem::of(&outcome, None, |_, _| {})
    }

    /// This error's problem, with `status` (when given) instead of its
    /// code's own, for an answer the HTTP layer has decided (no route:
    /// 404); the fallback a document that cannot hold the error falls back
    /// to keeps its own. `settled` is given the failure the problem
    /// reports and its status.
    #[cfg(feature = "axum")]
    pub(crate) fn to_problem_at(
        &self,
        status: Option<u16>,
        settled: impl FnOnce(&Failure, u16),
    ) -> Problem {
        Problem::of(&Outcome::failed("", self), status, settled)
    }
}

impl Problem {
    /// The `Retry-After` of the response, in seconds: the problem's
    /// `retry_after` member ([`Error::with_retry_after`]), if any, unless
    /// its `retryable` is `false`: a code declared `retryable = false`
    /// tells no client when to retry, on any surface (a `retry_after`
    /// detail written by hand on one stays a detail, never a header).
    ///
    /// ```
    /// # use std::time::Duration;
    /// # use sponson_codes::{Error, ErrorCodes};
    /// # #[derive(Debug, ErrorCodes)]
    /// # enum Code {
    /// #     #[code(exit = 3, doc = "Too many requests.", retryable = true, http = 429)]
    /// #     RateLimited,
    /// #     #[code(exit = 1, doc = "An unexpected error.", fallback)]
    /// #     Internal,
    /// # }
    /// let problem = Error::new(Code::RateLimited, "slow down")
    ///     .with_retry_after(Duration::from_secs(30))
    ///     .to_problem();
    /// assert_eq!(problem.retry_after(), Some(30));
    /// assert!(problem.body.contains(r#""retryable":true,"retry_after":30"#));
    /// ```
    pub fn retry_after(&self) -> Option<u64> {
        self.members().1
    }

    /// The `Content-Language` of the response: the locale of the body's
    /// `localized_message`, if it has one (see
    /// [`Error::to_localized_problem`]).
    pub fn content_language(&self) -> Option<String> {
        let Ok(Value::Object(mut body)) = serde_json::from_str::<Value>(&self.body) else {
            return None;
        };
        LocalizedMessage::from_value(body.remove("localized_message")?).map(|l| l.locale)
    }

    /// The body's `code` and `retry_after` members, read once.
    pub(crate) fn members(&self) -> (Option<String>, Option<u64>) {
        let Ok(Value::Object(mut body)) = serde_json::from_str::<Value>(&self.body) else {
            return (None, None);
        };
        let code = match body.remove("code") {
            Some(Value::String(code)) => Some(code),
            _ => None,
        };
        let retry_after = match body.get("retryable") {
            Some(Value::Bool(false)) => None,
            _ => body.get(crate::error::RETRY_AFTER).and_then(Value::as_u64),
        };
        (code, retry_after)
    }

    /// The problem document of a failed `outcome` (a success has none:
    /// `None`), or of the fallback code when the document cannot hold it;
    /// `status` replaces the status of the outcome's own code.
    fn of_outcome(
        outcome: &Outcome,
        status: Option<u16>,
        settled: impl FnOnce(&Failure, u16),
    ) -> Option<Problem> {
        let given = outcome
            .result
            .as_ref()
            .err()
            .and_then(|failure| failure.info);
        let status_for = |info: Option<&'static CodeInfo>| match (status, info, given) {
            (Some(status), Some(info), Some(given)) if core::ptr::eq(info, given) => status,
            _ => status_of(info),
        };
        let (written, body) = settle(outcome, |outcome| match &outcome.result {
            Ok(_) => Err(RenderError::TooDeep),
            Err(failure) => {
                let document = ProblemDocument::checked(failure.view(), status_for(failure.info))?;
                let mut body = crate::json::write::line(&document).unwrap_or_default();
                body.pop();
                Ok(body)
            }
        });
        let Err(failure) = &written.result else {
            return None;
        };
        let status = status_for(failure.info);
        settled(failure, status);
        Some(Problem {
            status,
            body: body?,
        })
    }

    fn of(outcome: &Outcome, status: Option<u16>, settled: impl FnOnce(&Failure, u16)) -> Problem {
        Problem::of_outcome(outcome, status, settled).unwrap_or(Problem {
            status: 500,
            body: String::new(),
        })
    }
}

fn status_of(info: Option<&'static CodeInfo>) -> u16 {
    info.map_or(500, |info| info.http_status())
}

/// A failure's problem document, checked: its members in RFC 9457's order.
struct ProblemDocument<'a> {
    failure: FailureView<'a>,
    status: u16,
}

impl<'a> ProblemDocument<'a> {
    /// The document with `status`, or why it cannot hold `failure`: a
    /// detail under a member's name, or nesting deeper than every document may.
    fn checked(failure: FailureView<'a>, status: u16) -> Result<Self, RenderError> {
        for (key, value) in failure.details {
            if RESERVED_PROBLEM_KEYS.contains(&key.as_str()) {
                return Err(RenderError::ReservedByProblem(key.clone()));
            }
            if !crate::json::depth::within(value, MAX_LEVELS - 1) {
                return Err(RenderError::TooDeep);
            }
        }
        Ok(ProblemDocument { failure, status })
    }
}

impl serde::Serialize for ProblemDocument<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let failure = self.failure;
        let status = self.status;
        let (type_uri, title) = type_and_title(failure.info, status);
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("type", type_uri)?;
        map.serialize_entry("title", title)?;
        map.serialize_entry("status", &status)?;
        map.serialize_entry("detail", failure.message)?;
        map.serialize_entry("code", failure.code)?;
        if let Some(hint) = failure.hint {
            map.serialize_entry("hint", hint)?;
        }
        if let Some(retryable) = failure.retryable() {
            map.serialize_entry("retryable", &retryable)?;
        }
        if let Some(localized) = failure.localized {
            map.serialize_entry("localized_message", localized)?;
        }
        for (key, value) in failure.details {
            map.serialize_entry(key, value)?;
        }
        map.end()
    }
}

/// A problem's `type` and `title` for a code (`None`: one the program does
/// not know) at `status`: the code's docs URL and its doc, else
/// `about:blank` and the status's reason phrase, as RFC 9457 asks.
pub(crate) fn type_and_title(info: Option<&CodeInfo>, status: u16) -> (&'static str, &'static str) {
    match info.and_then(|info| info.url.map(|url| (url, info.doc))) {
        Some((url, doc)) => (url, doc),
        None => (ABOUT_BLANK, reason_phrase(status)),
    }
}

/// The reason phrase of an HTTP error status (RFC 9110 and the IANA
/// registry), or the class's name for an unregistered one.
pub(crate) fn reason_phrase(status: u16) -> &'static str {
    match status {
        400 => "Bad Request",
        401 => "Unauthorized",
        402 => "Payment Required",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        406 => "Not Acceptable",
        407 => "Proxy Authentication Required",
        408 => "Request Timeout",
        409 => "Conflict",
        410 => "Gone",
        411 => "Length Required",
        412 => "Precondition Failed",
        413 => "Content Too Large",
        414 => "URI Too Long",
        415 => "Unsupported Media Type",
        416 => "Range Not Satisfiable",
        417 => "Expectation Failed",
        421 => "Misdirected Request",
        422 => "Unprocessable Content",
        423 => "Locked",
        424 => "Failed Dependency",
        425 => "Too Early",
        426 => "Upgrade Required",
        428 => "Precondition Required",
        429 => "Too Many Requests",
        431 => "Request Header Fields Too Large",
        451 => "Unavailable For Legal Reasons",
        500 => "Internal Server Error",
        501 => "Not Implemented",
        502 => "Bad Gateway",
        503 => "Service Unavailable",
        504 => "Gateway Timeout",
        505 => "HTTP Version Not Supported",
        506 => "Variant Also Negotiates",
        507 => "Insufficient Storage",
        508 => "Loop Detected",
        511 => "Network Authentication Required",
        status if status < 500 => "Client Error",
        _ => "Server Error",
    }
}

/// Why a document could not be read as a coded problem.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ProblemError {
    /// The document is not a JSON object, or breaks a reader's rule (a
    /// repeated member, too deep, a number that cannot be read exactly).
    Json(String),
    /// The document has no string `code` member, so it names no code.
    NoCode,
    /// The extension members do not read as the details type.
    Details(String),
}

impl fmt::Display for ProblemError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProblemError::Json(err) => write!(f, "not a problem document: {err}"),
            ProblemError::NoCode => f.write_str(
                "the problem document has no string `code` member, so it names no error code",
            ),
            ProblemError::Details(err) => write!(f, "the problem's extension members: {err}"),
        }
    }
}

impl std::error::Error for ProblemError {}

impl<D: DeserializeOwned> ErrorBody<D> {
    /// Reads a problem document as an error body: `code` is the code,
    /// `detail` the message (`title` when there is no `detail`), `hint` the
    /// hint, and the extension members the details. The other standard
    /// members and `retryable` are dropped ([`Document::from_problem_json`]
    /// reads `retryable` too), and, as RFC 9457 asks, a member of the wrong
    /// type is ignored as if absent. The text is read under the rules every
    /// reader of this crate shares: a member repeated, nesting deeper than
    /// 127 levels or a number that cannot be read exactly is refused.
    ///
    /// ```
    /// use sponson_codes::profile::ErrorBody;
    ///
    /// let body: ErrorBody = ErrorBody::from_problem_json(
    ///     r#"{"type":"https://example.com/errors#LOCK_HELD","title":"Held.","status":409,
    ///         "detail":"prod is locked","code":"LOCK_HELD","hint":7,"run":41}"#,
    /// ).unwrap();
    /// assert_eq!((body.code.as_str(), body.message.as_str()), ("LOCK_HELD", "prod is locked"));
    /// assert_eq!(body.hint, None);
    /// assert_eq!(body.details.get("run"), Some(&serde_json::json!(41)));
    /// ```
    pub fn from_problem_json(json: &str) -> Result<Self, ProblemError> {
        ErrorBody::from_problem_members(problem_members(json)?)
    }

    /// [`from_problem_json`](ErrorBody::from_problem_json) on a parsed object.
    pub fn from_problem_members(fields: Map<String, Value>) -> Result<Self, ProblemError> {
        Ok(read_problem(fields)?.0)
    }
}

impl<T, D: DeserializeOwned> Document<T, D> {
    /// Reads a problem document as a failed [`Document`], as
    /// [`ErrorBody::from_problem_json`] reads its error, with `retryable`
    /// too: the problem's `retryable` member (`None` when absent or not a
    /// boolean, as RFC 9457 ignores a member of the wrong type), as
    /// [`Profile::read`](crate::profile::Profile::read) reads an
    /// envelope's and [`CodedStatus`](crate::grpc::CodedStatus) a status's.
    /// A problem has no command, version, exit code or warnings: those are
    /// `None` and empty.
    ///
    /// ```
    /// use sponson_codes::profile::Document;
    ///
    /// let read: Document = Document::from_problem_json(
    ///     r#"{"type":"about:blank","title":"Conflict","status":409,
    ///         "detail":"prod is locked","code":"LOCK_HELD","retryable":true,"retry_after":30}"#,
    /// ).unwrap();
    /// assert_eq!(read.retryable, Some(true));
    /// let error = read.result.unwrap_err();
    /// assert_eq!(error.code, "LOCK_HELD");
    /// assert_eq!(error.details.get("retry_after"), Some(&serde_json::json!(30)));
    /// ```
    pub fn from_problem_json(json: &str) -> Result<Self, ProblemError> {
        let (body, retryable) = read_problem(problem_members(json)?)?;
        Ok(Document {
            command: None,
            version: None,
            result: Err(body),
            exit_code: None,
            retryable,
            localized_message: None,
            warnings: Vec::new(),
        })
    }
}

/// The members of a problem document's text, read under the rules every
/// reader of this crate shares: no repeated member (which `code` or
/// `status` would count?), no deeper than 127 levels, no number read other
/// than it is written.
fn problem_members(json: &str) -> Result<Map<String, Value>, ProblemError> {
    let value = crate::json::read::parse(json).map_err(|e| ProblemError::Json(e.to_string()))?;
    match value {
        Value::Object(fields) => Ok(fields),
        _ => Err(ProblemError::Json("expected a JSON object".to_owned())),
    }
}

/// A problem's members as an error body and its `retryable`.
fn read_problem<D: DeserializeOwned>(
    mut fields: Map<String, Value>,
) -> Result<(ErrorBody<D>, Option<bool>), ProblemError> {
    let mut string = |key: &str| match fields.remove(key) {
        Some(Value::String(text)) => Some(text),
        _ => None,
    };
    let code = string("code").ok_or(ProblemError::NoCode)?;
    let title = string("title");
    let message = string("detail").or(title).unwrap_or_default();
    let hint = string("hint");
    // `retryable` is the code's own (`info::<C>().retryable`), as `status`
    // is its HTTP status: neither is a detail.
    let retryable = match fields.remove("retryable") {
        Some(Value::Bool(retryable)) => Some(retryable),
        _ => None,
    };
    for key in ["type", "status", "instance"] {
        fields.remove(key);
    }
    let details =
        D::deserialize(Value::Object(fields)).map_err(|e| ProblemError::Details(e.to_string()))?;
    let body = ErrorBody {
        code,
        message,
        hint,
        details,
    };
    Ok((body, retryable))
}

#[cfg(test)]
mod tests {
    use super::reason_phrase;

    #[test]
    fn every_error_status_has_a_phrase() {
        assert_eq!(reason_phrase(409), "Conflict");
        assert_eq!(reason_phrase(499), "Client Error");
        assert_eq!(reason_phrase(599), "Server Error");
    }
}
