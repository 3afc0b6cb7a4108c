//! HTTP: a coded error as an RFC 9457 problem document
//! (`application/problem+json`), a problem read back, and (feature `axum`)
//! axum responses, extractor rejections, the handlers that answer axum's own
//! 404 and 405 with problems (`not_found`, `method_not_allowed`) and a layer
//! for panicking handlers.
//!
//! ```
//! use sponson_codes::{http, Error, ErrorCodes};
//!
//! #[derive(Debug, ErrorCodes)]
//! enum Code {
//!     #[code(exit = 3, doc = "Another run holds the lock.", http = 409)]
//!     LockHeld,
//!     #[code(exit = 1, doc = "An unexpected error.", fallback)]
//!     Internal,
//! }
//!
//! let problem: http::Problem = Error::new(Code::LockHeld, "held").to_problem();
//! assert_eq!(problem.status, 409);
//! assert_eq!(http::PROBLEM_CONTENT_TYPE, "application/problem+json");
//! ```

#[cfg(feature = "axum")]
mod axum;
#[cfg(feature = "utoipa")]
#[cfg_attr(docsrs, doc(cfg(feature = "utoipa")))]
pub mod openapi;
pub(crate) mod problem;

#[cfg(feature = "axum")]
#[cfg_attr(docsrs, doc(cfg(feature = "axum")))]
pub use self::axum::{
    check_route_sets, method_not_allowed, not_found, PanicFuture, PanicLayer, PanicService,
};
pub use self::problem::{
    Problem, ProblemError, ABOUT_BLANK, PROBLEM_CONTENT_TYPE, RESERVED_PROBLEM_KEYS,
};
