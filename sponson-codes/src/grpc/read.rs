//! A `tonic::Status` read back: the code, the message and the details.

use core::fmt;
use core::time::Duration;

use serde::de::DeserializeOwned;
use serde_json::{Map, Value};
use tonic::Status;
use tonic_types::StatusExt;

use super::status::{domain, HINT, RETRYABLE};
use super::GrpcCodes;
use crate::code::details::Details;
use crate::code::{CodeInfo, ErrorCodeSet};
use crate::document::envelope::ErrorBody;
use crate::document::localized::LocalizedMessage;

/// A gRPC status read back as a coded error: what
/// [`ErrorBody`] holds for a document, with what only gRPC carries.
///
/// The code stays a string, so a code this program does not know (sent by
/// a newer server, say) is kept as it was; [`info`](CodedStatus::info),
/// [`kind`](CodedStatus::kind) and [`is_known`](CodedStatus::is_known) map
/// it to the fallback, as [`ErrorBody`]'s do. They also take a code of
/// another domain for unknown: AIP-193 makes a reason unique within its
/// domain only, so `NOT_FOUND`-like reasons of two services are two codes.
///
/// The details are `ErrorInfo.metadata`, without `hint` and `retryable`:
/// every value is a string, as the server sent it. A detail the server
/// wrote from a JSON value other than a string is that value's JSON text
/// (`"41"`), which `serde_json::from_str` reads back; which details were
/// strings is not on the wire. A typed `D` reads them as a struct of
/// strings. They come from another program: pass them on only through an
/// [`Allowlist`](crate::allowlist::Allowlist).
///
/// ```
/// use std::collections::HashMap;
/// use sponson_codes::{grpc::CodedStatus, ErrorCodes};
/// use tonic_types::{ErrorDetails, StatusExt};
///
/// #[derive(Debug, PartialEq, ErrorCodes)]
/// #[codes(grpc_domain = "plans.example")]
/// enum Code {
///     #[code(exit = 2, doc = "No plan has this name.", grpc = "NOT_FOUND")]
///     PlanNotFound,
///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
///     Internal,
/// }
///
/// // A newer server's code, which this client's enum does not list.
/// let metadata = HashMap::from([("region".to_owned(), "eu".to_owned()), ("hint".to_owned(), "Ask for more.".to_owned())]);
/// let status = tonic::Status::with_error_details(
///     tonic::Code::ResourceExhausted,
///     "the quota of eu is spent",
///     ErrorDetails::with_error_info("QUOTA_GONE", "plans.example", metadata),
/// );
///
/// let read: CodedStatus = CodedStatus::from_status(&status).unwrap();
/// assert_eq!(read.code, "QUOTA_GONE");
/// assert!(!read.is_known::<Code>());
/// assert_eq!(read.kind::<Code>(), Code::Internal);
/// assert_eq!(read.status, tonic::Code::ResourceExhausted);
/// assert_eq!(read.message, "the quota of eu is spent");
/// assert_eq!(read.hint.as_deref(), Some("Ask for more."));
/// assert_eq!(read.details.get("region").unwrap(), "eu");
/// ```
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct CodedStatus<D = Details> {
    /// The gRPC status code.
    pub status: tonic::Code,
    /// The code string, `ErrorInfo.reason`, exactly as sent.
    pub code: String,
    /// `ErrorInfo.domain`: the service the code belongs to.
    pub domain: String,
    /// The status message, for people; never branch on it.
    pub message: String,
    /// The remedy, when there is one: the `hint` metadata.
    pub hint: Option<String>,
    /// Whether the code is retryable, when the server's code declares it:
    /// the `retryable` metadata, `"true"` or `"false"` (any other text is
    /// ignored as if absent).
    pub retryable: Option<bool>,
    /// How long to wait before trying again: `google.rpc.RetryInfo`'s delay.
    pub retry_delay: Option<Duration>,
    /// The code's docs: the URL of the first `google.rpc.Help` link.
    pub url: Option<String>,
    /// The message in the reader's language, when the server sent one:
    /// `google.rpc.LocalizedMessage` ([`Error::to_localized_status`](crate::Error)).
    pub localized_message: Option<LocalizedMessage>,
    /// Every other entry of `ErrorInfo.metadata`, each a string.
    pub details: D,
}

/// Why a status does not read as a coded error.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum StatusError {
    /// The status carries no `google.rpc.ErrorInfo`, so it names no code:
    /// a failure of the connection or the deadline, which tonic reports on
    /// the client's side, or a server that sends none.
    NoErrorInfo,
    /// The status's details (`grpc-status-details-bin`) do not decode as a
    /// `google.rpc.Status`.
    Decode(String),
    /// The metadata do not read as the details type.
    Details(String),
}

impl fmt::Display for StatusError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StatusError::NoErrorInfo => {
                f.write_str("the status carries no google.rpc.ErrorInfo, so it names no error code")
            }
            StatusError::Decode(err) => write!(f, "the status's details do not decode: {err}"),
            StatusError::Details(err) => write!(f, "the ErrorInfo metadata: {err}"),
        }
    }
}

impl std::error::Error for StatusError {}

impl<D: DeserializeOwned> CodedStatus<D> {
    /// Reads `status`: the code from `ErrorInfo.reason`, the domain, the
    /// message, the hint and the details from `ErrorInfo.metadata`, the
    /// delay of `RetryInfo` and the first `Help` link. Detail messages of
    /// other types are ignored. A status without `ErrorInfo` is
    /// [`StatusError::NoErrorInfo`]: what the client does then (retry an
    /// `UNAVAILABLE`, say) depends on [`status.code()`](tonic::Status::code)
    /// alone.
    ///
    /// ```
    /// use sponson_codes::grpc::{CodedStatus, StatusError};
    ///
    /// let refused = tonic::Status::unavailable("tcp connect error");
    /// assert_eq!(CodedStatus::<sponson_codes::Details>::from_status(&refused), Err(StatusError::NoErrorInfo));
    /// ```
    pub fn from_status(status: &Status) -> Result<Self, StatusError> {
        let details = status
            .check_error_details()
            .map_err(|err| StatusError::Decode(err.to_string()))?;
        let info = details.error_info().ok_or(StatusError::NoErrorInfo)?;
        let mut metadata: Map<String, Value> = info
            .metadata
            .iter()
            .map(|(key, value)| (key.clone(), Value::String(value.clone())))
            .collect();
        let hint = match metadata.remove(HINT) {
            Some(Value::String(hint)) => Some(hint),
            _ => None,
        };
        let retryable = match metadata.remove(RETRYABLE) {
            Some(Value::String(text)) => text.parse().ok(),
            _ => None,
        };
        let details_read = D::deserialize(Value::Object(metadata))
            .map_err(|err| StatusError::Details(err.to_string()))?;
        Ok(CodedStatus {
            status: status.code(),
            code: info.reason.clone(),
            domain: info.domain.clone(),
            message: status.message().to_owned(),
            hint,
            retryable,
            retry_delay: details.retry_info().and_then(|retry| retry.retry_delay),
            url: details
                .help()
                .and_then(|help| help.links.first())
                .map(|link| link.url.clone()),
            localized_message: details
                .localized_message()
                .map(|l| LocalizedMessage::new(l.locale.clone(), l.message.clone())),
            details: details_read,
        })
    }
}

impl<D> CodedStatus<D> {
    /// Whether `C` lists the code, in `C`'s [`domain`].
    ///
    /// ```
    /// # use std::collections::HashMap;
    /// # use sponson_codes::{grpc::CodedStatus, ErrorCodes};
    /// # use tonic_types::{ErrorDetails, StatusExt};
    /// #[derive(Debug, PartialEq, ErrorCodes)]
    /// #[codes(grpc_domain = "plans.example")]
    /// enum Code {
    ///     #[code(exit = 2, doc = "No plan has this name.", grpc = "NOT_FOUND")]
    ///     PlanNotFound,
    ///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
    ///     Internal,
    /// }
    ///
    /// let sent_by = |domain: &str| {
    ///     let info = ErrorDetails::with_error_info("PLAN_NOT_FOUND", domain, HashMap::new());
    ///     let status = tonic::Status::with_error_details(tonic::Code::NotFound, "no plan", info);
    ///     CodedStatus::<sponson_codes::Details>::from_status(&status).unwrap()
    /// };
    /// assert!(sent_by("plans.example").is_known::<Code>());
    /// // The same reason from another service is another code.
    /// assert!(!sent_by("billing.example").is_known::<Code>());
    /// assert_eq!(sent_by("billing.example").kind::<Code>(), Code::Internal);
    /// ```
    pub fn is_known<C: GrpcCodes>(&self) -> bool {
        self.listed::<C>().is_some()
    }

    /// The code's entry in `C`'s table, or `C`'s fallback for a code that
    /// `C` does not list or that belongs to another domain.
    pub fn info<C: GrpcCodes>(&self) -> &'static CodeInfo {
        self.listed::<C>().unwrap_or(C::FALLBACK_INFO)
    }

    /// The code as a value of `C`, or `C`'s fallback for a code that `C`
    /// does not list or that belongs to another domain.
    pub fn kind<C: ErrorCodeSet + GrpcCodes>(&self) -> C {
        match self.listed::<C>() {
            Some(info) => C::from_code_or_fallback(info.code),
            None => C::FALLBACK,
        }
    }

    fn listed<C: GrpcCodes>(&self) -> Option<&'static CodeInfo> {
        if self.domain != domain::<C>() {
            return None;
        }
        C::ENUM.get(&self.code)
    }
}

/// The code, message, hint and details, as a document's error object
/// holds them; what only gRPC carries is dropped.
///
/// ```
/// # use sponson_codes::{grpc::CodedStatus, profile::ErrorBody, Error, ErrorCodes};
/// # #[derive(Debug, ErrorCodes)]
/// # #[codes(grpc_domain = "plans.example")]
/// # enum Code {
/// #     #[code(exit = 2, doc = "No plan has this name.", http = 404)]
/// #     PlanNotFound,
/// #     #[code(exit = 1, doc = "An unexpected error.", fallback)]
/// #     Internal,
/// # }
/// let status = Error::new(Code::PlanNotFound, "no plan is named `nope`").to_status();
/// let body: ErrorBody = CodedStatus::from_status(&status).unwrap().into();
/// assert_eq!((body.code.as_str(), body.message.as_str()), ("PLAN_NOT_FOUND", "no plan is named `nope`"));
/// ```
impl<D> From<CodedStatus<D>> for ErrorBody<D> {
    fn from(read: CodedStatus<D>) -> Self {
        ErrorBody {
            code: read.code,
            message: read.message,
            hint: read.hint,
            details: read.details,
        }
    }
}
