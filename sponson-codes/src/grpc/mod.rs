//! gRPC (feature `tonic`): a coded error as a [`tonic::Status`] whose
//! details carry `google.rpc.ErrorInfo`, a status read back on the client
//! ([`CodedStatus`]), and a layer that answers a panicking handler with the
//! fallback's status ([`PanicLayer`]).
//!
//! An [`Error<C>`](crate::Error) becomes a status by
//! [`Error::to_status`](crate::Error::to_status) or `Status::from`, so a
//! tonic handler returning `Result<Response<T>, Status>` can `?` a coded
//! error. What the client receives:
//!
//! | part of the status | what it holds |
//! | --- | --- |
//! | `code` | the code's gRPC status, [`CodeInfo::grpc`](crate::CodeInfo::grpc): `#[code(grpc = "...")]`, else one derived from the code's HTTP status (`INTERNAL` for the fallback, `INVALID_ARGUMENT` for the usage code) |
//! | `message` | the error's message |
//! | `ErrorInfo.reason` | the code, such as `PLAN_NOT_FOUND` |
//! | `ErrorInfo.domain` | the enum's `#[codes(grpc_domain = "...")]` ([`domain`]): only an enum that names its domain converts ([`GrpcCodes`]) |
//! | `ErrorInfo.metadata` | `hint` when there is one, `retryable` (`"true"` or `"false"`) when the code declares it, and every detail: a string as it is, any other JSON value as its JSON text (`41`, `{"line":3}`) |
//! | `Help` | one link, to the code's docs URL, when it has one |
//! | `RetryInfo` | the delay of [`Error::with_retry_after`](crate::Error::with_retry_after) (at most 2,147,483,647 seconds), unless the code declares `retryable = false` |
//!
//! `hint` and `retryable` cannot be the keys of details
//! ([`Details::RESERVED_KEYS`](crate::Details::RESERVED_KEYS)), so the
//! metadata holds what the envelope's error object holds, under the same
//! names. AIP-193 asks for metadata keys matching `[a-z][a-zA-Z0-9-_]+`, at
//! most 64 characters: details are sent under their own keys, so name them
//! so (`retry_after`, `holder`). The status is built from the error alone:
//! its source chain and anything withheld from documents are never sent, and
//! data from outside the program reaches the details only through an
//! [`Allowlist`](crate::allowlist::Allowlist), as on every surface. A
//! status too large for a client's trailers ([`MAX_STATUS_BYTES`]) is sent
//! as the fallback, saying so.
//!
//! ```
//! use sponson_codes::{grpc::CodedStatus, Error, ErrorCodes};
//! use tonic::Status;
//!
//! #[derive(Debug, Clone, Copy, PartialEq, ErrorCodes)]
//! #[codes(grpc_domain = "plans.example", url = "https://plans.example/errors#{code}")]
//! enum Code {
//!     #[code(exit = 2, doc = "No plan has this name.", http = 404)]
//!     PlanNotFound,
//!     #[code(exit = 1, doc = "An unexpected error.", fallback)]
//!     Internal,
//! }
//!
//! // The server's side: a handler's error, as tonic sends it.
//! let status = Status::from(Error::new(Code::PlanNotFound, "no plan is named `nope`").with_detail("plan", "nope"));
//! assert_eq!(status.code(), tonic::Code::NotFound);
//! assert_eq!(status.message(), "no plan is named `nope`");
//!
//! // The client's side: the code, the message and the details read back.
//! let read: CodedStatus = CodedStatus::from_status(&status).unwrap();
//! assert_eq!((read.code.as_str(), read.domain.as_str()), ("PLAN_NOT_FOUND", "plans.example"));
//! assert_eq!(read.kind::<Code>(), Code::PlanNotFound);
//! assert_eq!(read.details.get("plan").unwrap(), "nope");
//! assert_eq!(read.url.as_deref(), Some("https://plans.example/errors#PLAN_NOT_FOUND"));
//! ```
//!
//! A server adds [`PanicLayer`] to its `tonic::transport::Server`; the
//! repository's `examples/grpc` is a whole service, hand-written so that it
//! builds without `protoc`, with a client and tests on 127.0.0.1.

mod panic;
mod read;
mod status;

#[cfg(test)]
mod grpc_tests;

pub use self::panic::{PanicFuture, PanicLayer, PanicService};
pub use self::read::{CodedStatus, StatusError};
pub use self::status::{domain, GrpcCodes, MAX_STATUS_BYTES};
