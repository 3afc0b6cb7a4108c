//! A coded error as a `tonic::Status`, and a status from elsewhere as the
//! fallback code.

use std::collections::HashMap;

use serde_json::Value;
use tonic::{Code, Status};
use tonic_types::{ErrorDetails, HelpLink, StatusExt};

use crate::code::{CodeInfo, ErrorCode};
use crate::document::localized::LocalizedMessage;
use crate::error::Error;

/// The metadata key of the hint, as in the envelope's error object.
pub(super) const HINT: &str = "hint";
/// The metadata key of whether the code is retryable, as in the envelope.
pub(super) const RETRYABLE: &str = "retryable";

/// An error enum whose codes a gRPC status carries: one that names its
/// domain with `#[codes(grpc_domain = "...")]`, for which the derive
/// implements this trait (with the feature `tonic`) after checking that
/// every code is an AIP-193 reason (`[A-Z][A-Z0-9_]+[A-Z0-9]`, at most 63
/// characters).
///
/// [`Error::to_status`], `Status::from`, [`PanicLayer`](super::PanicLayer)
/// and [`CodedStatus`](super::CodedStatus)'s `kind`, `info` and `is_known`
/// take only such an enum. AIP-193's `ErrorInfo` names the service its
/// reasons belong to, and a client in any language switches on the reason;
/// an enum without a domain may have codes in any case (`lock-held`), which
/// would reach clients as reasons AIP-193 refuses. So it does not convert,
/// and the compiler says what to write:
///
/// ```compile_fail,E0277
/// use sponson_codes::{Error, ErrorCodes};
///
/// #[derive(Debug, ErrorCodes)]
/// #[codes(rename_all = "kebab-case")]
/// enum Code {
///     #[code(exit = 3, doc = "The shuttle is moored.")]
///     ShuttleMoored,
///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
///     Internal,
/// }
///
/// // error[E0277]: `Code` names no gRPC domain, so its codes cannot be sent as gRPC statuses
/// let status = Error::new(Code::ShuttleMoored, "moored").to_status();
/// ```
///
/// With the domain, the derive asks for reasons AIP-193 accepts, and the
/// enum converts:
///
/// ```
/// use sponson_codes::{grpc::GrpcCodes, Error, ErrorCodes};
///
/// #[derive(Debug, ErrorCodes)]
/// #[codes(grpc_domain = "shuttles.example")]
/// enum Code {
///     #[code(exit = 3, doc = "The shuttle is moored.")]
///     ShuttleMoored,
///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
///     Internal,
/// }
///
/// assert_eq!(Code::DOMAIN, "shuttles.example");
/// let status = Error::new(Code::ShuttleMoored, "moored").to_status();
/// assert_eq!(status.code(), tonic::Code::Unknown);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` names no gRPC domain, so its codes cannot be sent as gRPC statuses",
    label = "`{Self}` has no `#[codes(grpc_domain = \"...\")]`",
    note = "add #[codes(grpc_domain = \"your.service.name\")] to the enum `{Self}`: AIP-193's `ErrorInfo` names the service its reasons belong to, and the derive then checks that every code is an AIP-193 reason (UPPER_SNAKE_CASE, at most 63 characters)"
)]
pub trait GrpcCodes: ErrorCode {
    /// The enum's `#[codes(grpc_domain = "...")]`: the
    /// `google.rpc.ErrorInfo.domain` of its codes.
    const DOMAIN: &'static str;
}

/// The `google.rpc.ErrorInfo.domain` of `C`'s codes: the enum's
/// `#[codes(grpc_domain = "...")]` ([`GrpcCodes::DOMAIN`]).
///
/// AIP-193 has the domain name the service or product the reasons belong
/// to (`pubsub.googleapis.com`).
/// [`CodedStatus::kind`](super::CodedStatus::kind) and
/// [`is_known`](super::CodedStatus::is_known) compare a status's domain
/// with this one.
///
/// ```
/// use sponson_codes::{grpc, ErrorCodes};
///
/// #[derive(ErrorCodes)]
/// #[codes(grpc_domain = "plans.example")]
/// enum Code {
///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
///     Internal,
/// }
///
/// assert_eq!(grpc::domain::<Code>(), "plans.example");
/// ```
pub fn domain<C: GrpcCodes>() -> &'static str {
    C::DOMAIN
}

impl<C: ErrorCode> Error<C> {
    /// This error as a gRPC status: the code's status, the message, and the
    /// details `google.rpc.ErrorInfo` (the code, the domain, the hint,
    /// whether the code is retryable and the details, as strings),
    /// `google.rpc.Help` (a link to the code's docs URL, when it has one)
    /// and `google.rpc.RetryInfo` (the delay of
    /// [`with_retry_after`](Error::with_retry_after), unless the code
    /// declares `retryable = false`). The [module docs](crate::grpc) list
    /// each part.
    ///
    /// `RetryInfo` carries a delay or nothing: `google.rpc.RetryInfo` tells
    /// a client how long to wait before trying again, and one without a
    /// delay would say "at once", which the program did not say. A
    /// retryable code without a delay says so in the `retryable` metadata
    /// alone. A code declared `retryable = false` never sends one, whatever
    /// the error says, as no surface sends a delay for it: gRPC clients
    /// with a retry policy act on it, and the code's declaration is the
    /// contract ([`with_retry_after`](Error::with_retry_after) writes no
    /// `retry_after` detail on such a code; one written by hand with
    /// `with_detail` stays in the metadata, as any detail).
    ///
    /// ```
    /// use std::time::Duration;
    /// use sponson_codes::{Error, ErrorCodes};
    /// use tonic_types::StatusExt;
    ///
    /// #[derive(Debug, ErrorCodes)]
    /// #[codes(grpc_domain = "plans.example", url = "https://plans.example/errors#{code}")]
    /// enum Code {
    ///     #[code(exit = 3, doc = "Another run holds the lock.", hint = "Wait for it.", grpc = "ABORTED", retryable = true)]
    ///     LockHeld,
    ///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
    ///     Internal,
    /// }
    ///
    /// let status = Error::new(Code::LockHeld, "the lock on prod is held by run 41")
    ///     .with_detail("holder", &41)
    ///     .with_retry_after(Duration::from_secs(30))
    ///     .to_status();
    /// assert_eq!(status.code(), tonic::Code::Aborted);
    ///
    /// let details = status.get_error_details();
    /// let info = details.error_info().unwrap();
    /// assert_eq!((info.reason.as_str(), info.domain.as_str()), ("LOCK_HELD", "plans.example"));
    /// assert_eq!(info.metadata["hint"], "Wait for it.");
    /// assert_eq!(info.metadata["retryable"], "true");
    /// assert_eq!(info.metadata["holder"], "41");
    /// assert_eq!(info.metadata["retry_after"], "30");
    /// assert_eq!(details.retry_info().unwrap().retry_delay, Some(Duration::from_secs(30)));
    /// assert_eq!(details.help().unwrap().links[0].url, "https://plans.example/errors#LOCK_HELD");
    /// ```
    pub fn to_status(&self) -> Status
    where
        C: GrpcCodes,
    {
        self.status_within(None)
    }

    /// [`to_status`](Error::to_status), with the message in the reader's
    /// language too, as AIP-193's `google.rpc.LocalizedMessage` detail (the
    /// status's own message stays English). The [`fluent`](crate::profile::fluent)
    /// module makes the message from a program's `.ftl` files, for the
    /// locale the request asks for.
    ///
    /// ```
    /// use sponson_codes::profile::LocalizedMessage;
    /// use sponson_codes::{Error, ErrorCodes};
    /// use tonic_types::StatusExt;
    ///
    /// #[derive(Debug, ErrorCodes)]
    /// #[codes(grpc_domain = "plans.example")]
    /// enum Code {
    ///     #[code(exit = 3, doc = "Another run holds the lock.", grpc = "ABORTED")]
    ///     LockHeld,
    ///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
    ///     Internal,
    /// }
    ///
    /// let status = Error::new(Code::LockHeld, "the lock is held")
    ///     .to_localized_status(LocalizedMessage::new("de-DE", "Die Sperre ist belegt."));
    /// assert_eq!(status.message(), "the lock is held");
    /// let details = status.get_error_details();
    /// let localized = details.localized_message().unwrap();
    /// assert_eq!((localized.locale.as_str(), localized.message.as_str()), ("de-DE", "Die Sperre ist belegt."));
    /// assert_eq!(details.error_info().unwrap().reason, "LOCK_HELD");
    ///
    /// // Read back by a client:
    /// let read = sponson_codes::grpc::CodedStatus::<sponson_codes::Details>::from_status(&status).unwrap();
    /// assert_eq!(read.localized_message.unwrap().message, "Die Sperre ist belegt.");
    /// ```
    pub fn to_localized_status(&self, localized: LocalizedMessage) -> Status
    where
        C: GrpcCodes,
    {
        self.status_within(Some(&localized))
    }

    /// The status, or the fallback's when it would not fit in the trailers.
    fn status_within(&self, localized: Option<&LocalizedMessage>) -> Status
    where
        C: GrpcCodes,
    {
        let status = self.status_as_is(localized);
        let size = trailer_size(&status);
        if size <= MAX_STATUS_BYTES {
            return status;
        }
        Error::<C>::fallback(format!(
            "invalid details for error code {}: the gRPC status would take {size} bytes of trailers, more than {MAX_STATUS_BYTES}",
            self.code()
        ))
        .status_as_is(None)
    }

    /// The status of this error, whatever its size.
    fn status_as_is(&self, localized: Option<&LocalizedMessage>) -> Status
    where
        C: GrpcCodes,
    {
        let info = self.info();
        let mut metadata = HashMap::with_capacity(self.details().len() + 2);
        if let Some(hint) = self.hint() {
            metadata.insert(HINT.to_owned(), hint.to_owned());
        }
        if let Some(retryable) = info.retryable {
            metadata.insert(RETRYABLE.to_owned(), retryable.to_string());
        }
        for (key, value) in self.details().as_map() {
            metadata.insert(key.clone(), text(value));
        }
        let mut details = ErrorDetails::with_error_info(info.code, domain::<C>(), metadata);
        if let Some(url) = info.url {
            details.set_help(vec![HelpLink::new(
                format!(
                    "What error code {} means and what to do about it",
                    info.code
                ),
                url,
            )]);
        }
        if let Some(delay) = self.retry_after()
            && info.retryable != Some(false)
        {
            details.set_retry_info(Some(delay));
        }
        if let Some(localized) = localized {
            details.set_localized_message(localized.locale.clone(), localized.message.clone());
        }
        Status::with_error_details(status_code(info), self.message(), details)
    }
}

/// The most a status built by [`Error::to_status`] takes in a response's
/// trailers, counted as HTTP/2 counts a header list (RFC 9113: each
/// field's name, value and 32 bytes): its `grpc-status`, `grpc-message`
/// (the message, percent-encoded) and `grpc-status-details-bin` (the
/// details, base64). Half of the 16 KiB that hyper's HTTP/2 client, and so
/// tonic's, accepts by default, the rest left for the program's own
/// metadata: a client refuses larger trailers as a protocol error, with no
/// status at all.
///
/// An error whose status would take more is sent as its enum's fallback
/// instead, with a message saying so, as a document that cannot hold an
/// error's details is: an allowlist keeps up to 64 KiB by default
/// ([`Limits`](crate::allowlist::Limits)), so give one that relays to gRPC
/// a smaller `max_total_bytes`.
///
/// ```
/// use sponson_codes::{grpc::MAX_STATUS_BYTES, Error, ErrorCodes};
///
/// #[derive(Debug, ErrorCodes)]
/// #[codes(grpc_domain = "plans.example")]
/// enum Code {
///     #[code(exit = 2, doc = "The plan is not valid.", http = 422)]
///     PlanInvalid,
///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
///     Internal,
/// }
///
/// let huge = "x".repeat(MAX_STATUS_BYTES);
/// let status = Error::new(Code::PlanInvalid, "the plan is not valid").with_detail("source", &huge).to_status();
/// assert_eq!(status.code(), tonic::Code::Internal);
/// assert!(status.message().starts_with("invalid details for error code PLAN_INVALID: the gRPC status would take"));
/// ```
pub const MAX_STATUS_BYTES: usize = 8 << 10;

/// The trailers `status` takes, as [`MAX_STATUS_BYTES`] counts them.
fn trailer_size(status: &Status) -> usize {
    let mut trailers = http::HeaderMap::new();
    if status.add_header(&mut trailers).is_err() {
        // Not writable as headers at all: as if too large.
        return usize::MAX;
    }
    trailers
        .iter()
        .map(|(name, value)| name.as_str().len() + value.len() + 32)
        .sum()
}

/// A handler returning `Result<Response<T>, Status>` can `?` a coded
/// error: see [`Error::to_status`].
///
/// ```
/// use sponson_codes::{Error, ErrorCodes};
/// use tonic::{Response, Status};
///
/// #[derive(Debug, ErrorCodes)]
/// #[codes(grpc_domain = "plans.example")]
/// enum Code {
///     #[code(exit = 2, doc = "No plan has this name.", grpc = "NOT_FOUND")]
///     PlanNotFound,
///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
///     Internal,
/// }
///
/// fn find(name: &str) -> Result<String, Error<Code>> {
///     Err(Error::new(Code::PlanNotFound, format!("no plan is named `{name}`")))
/// }
///
/// fn show_plan(name: &str) -> Result<Response<String>, Status> {
///     Ok(Response::new(find(name)?))
/// }
///
/// assert_eq!(show_plan("nope").unwrap_err().code(), tonic::Code::NotFound);
/// ```
impl<C: GrpcCodes> From<Error<C>> for Status {
    fn from(error: Error<C>) -> Self {
        error.to_status()
    }
}

/// A status from another service (a call the handler made) is `C`'s
/// fallback code, whose message names the status and nothing more: the
/// other service's message and details are its own words, which may hold
/// what it never meant this program's clients to see. The status is kept as
/// the error's [`source`](std::error::Error::source), for logs.
///
/// To pass on part of what the other service said, read it
/// ([`CodedStatus::from_status`](super::CodedStatus::from_status)) and put
/// only what an [`Allowlist`](crate::allowlist::Allowlist) keeps into the
/// details.
///
/// ```
/// use std::error::Error as _;
/// use sponson_codes::{Error, ErrorCodes};
///
/// #[derive(Debug, ErrorCodes)]
/// enum Code {
///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
///     Internal,
/// }
///
/// let upstream = tonic::Status::not_found("no row for token sk-12345");
/// let err = Error::<Code>::from(upstream);
/// assert_eq!(err.code(), "INTERNAL");
/// assert_eq!(err.message(), "a gRPC call failed with status NOT_FOUND");
/// assert!(err.source().unwrap().to_string().contains("sk-12345"));
/// ```
impl<C: ErrorCode> From<Status> for Error<C> {
    fn from(status: Status) -> Self {
        let message = format!("a gRPC call failed with status {}", name_of(status.code()));
        Error::fallback(message).with_source(status)
    }
}

/// A detail as `ErrorInfo.metadata` holds it: a string as it is, anything
/// else as its JSON text.
pub(super) fn text(value: &Value) -> String {
    match value {
        Value::String(text) => text.clone(),
        other => other.to_string(),
    }
}

/// The status a code is sent with; `UNKNOWN` for an entry without one
/// (warnings, which never become errors).
fn status_code(info: &CodeInfo) -> Code {
    info.grpc.map_or(Code::Unknown, code_named)
}

/// Every canonical status, by the name `google.rpc.Code` gives it.
pub(super) const CODES: [(&str, Code); 17] = [
    ("OK", Code::Ok),
    ("CANCELLED", Code::Cancelled),
    ("UNKNOWN", Code::Unknown),
    ("INVALID_ARGUMENT", Code::InvalidArgument),
    ("DEADLINE_EXCEEDED", Code::DeadlineExceeded),
    ("NOT_FOUND", Code::NotFound),
    ("ALREADY_EXISTS", Code::AlreadyExists),
    ("PERMISSION_DENIED", Code::PermissionDenied),
    ("RESOURCE_EXHAUSTED", Code::ResourceExhausted),
    ("FAILED_PRECONDITION", Code::FailedPrecondition),
    ("ABORTED", Code::Aborted),
    ("OUT_OF_RANGE", Code::OutOfRange),
    ("UNIMPLEMENTED", Code::Unimplemented),
    ("INTERNAL", Code::Internal),
    ("UNAVAILABLE", Code::Unavailable),
    ("DATA_LOSS", Code::DataLoss),
    ("UNAUTHENTICATED", Code::Unauthenticated),
];

/// The status named `name`; the derive only writes canonical names, so
/// anything else is `UNKNOWN`.
pub(super) fn code_named(name: &str) -> Code {
    CODES
        .iter()
        .find(|(canonical, _)| *canonical == name)
        .map_or(Code::Unknown, |(_, code)| *code)
}

/// The canonical name of `code`.
pub(super) fn name_of(code: Code) -> &'static str {
    CODES
        .iter()
        .find(|(_, canonical)| *canonical == code)
        .map_or("UNKNOWN", |(name, _)| name)
}
