//! Error codes as a documented, machine-readable contract.
//!
//! One annotated enum is the single source of truth for a program's failures:
//! `#[derive(ErrorCodes)]` turns it into a lookup table, the exit code of each
//! failure, the serde form that scripts and agents read, and compile errors for
//! any misuse.
//!
//! ```
//! use sponson_codes::{ErrorCode, ErrorCodes};
//!
//! /// Failures of the `plan` command line.
//! #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, ErrorCodes)]
//! #[codes(exits(1 = "failure", 2 = "refused before running", 3 = "the lock is held or was lost"))]
//! pub enum Code {
//!     #[code(exit = 2, doc = "The plan file cannot be read or is not valid YAML.")]
//!     PlanParse,
//!     #[code(exit = 3, doc = "Another run holds the scope's lock.", hint = "Wait for it, or pass --wait.")]
//!     LockHeld,
//!     #[code(exit = 1, doc = "An unexpected error.", fallback)]
//!     Internal,
//! }
//!
//! assert_eq!(Code::LockHeld.code(), "LOCK_HELD");
//! assert_eq!(Code::LockHeld.exit_code(), 3);
//! assert_eq!(Code::from_code("PLAN_PARSE"), Some(Code::PlanParse));
//! assert_eq!(sponson_codes::code!(Code, "LOCK_HELD"), Code::LockHeld);
//! assert_eq!(serde_json::to_string(&Code::LockHeld).unwrap(), r#""LOCK_HELD""#);
//! let unknown: Code = serde_json::from_str(r#""SOMETHING_NEW""#).unwrap();
//! assert_eq!(unknown, Code::Internal);
//! ```
#![deny(missing_docs)]

mod agent;
mod code;
mod envelope;
mod error;
mod http;
pub mod profile;
mod run;
#[cfg(feature = "tooling")]
mod tooling;

pub use crate::agent::mcp::{mcp_output_schema, mcp_tool_result, mcp_tool_result_of};
pub use crate::code::registry::{documented, duplicates, registered, Duplicate, Registration};
pub use crate::code::{
    CodeInfo, CodeKind, EnumInfo, ErrorCode, ErrorCodeSet, ExitClass, UnknownCode, Warning,
    WarningCode,
};
pub use crate::envelope::{Envelope, ErrorBody, RESERVED_DATA_KEYS};
pub use crate::error::allowlist::{Allowlist, Limits, ProjectError, Shape};
pub use crate::error::details::{Details, DetailsError, RESERVED_DETAIL_KEYS};
#[cfg(feature = "miette")]
pub use crate::error::diagnostic::miette_report;
pub use crate::error::Error;
#[cfg(feature = "axum")]
pub use crate::http::axum::{PanicFuture, PanicLayer, PanicService};
pub use crate::http::problem::{
    reason_phrase, Problem, ProblemError, ABOUT_BLANK, PROBLEM_CONTENT_TYPE, RESERVED_PROBLEM_KEYS,
};
#[cfg(feature = "clap")]
pub use crate::run::clap;
pub use crate::run::profiled::warn;
pub use crate::run::render::{render_json, render_text, text_of, Mode, Output};
pub use crate::run::runner::{emit, run, Runner, PANIC_MESSAGE};
#[cfg(feature = "tooling")]
pub use crate::tooling::catalog::Catalog;
#[cfg(feature = "tooling")]
pub use crate::tooling::lock::compare;
#[cfg(feature = "tooling")]
pub use crate::tooling::markdown::render_markdown;
#[cfg(feature = "tooling")]
pub use crate::tooling::{catalog, companion, lock, testing};

/// Derives [`ErrorCode`] (and, for enums of unit variants, [`ErrorCodeSet`],
/// `FromStr`, `Serialize` and `Deserialize`) from `#[code(...)]` attributes.
///
/// See the crate's README for every attribute.
pub use sponson_codes_derive::ErrorCodes;

/// Derives [`WarningCode`] from `#[code(...)]` attributes: the keys of
/// [`ErrorCodes`] without `exit`, `fallback` and `usage`, which are compile
/// errors, since a warning never ends a run. For enums of unit variants, also
/// inherent `ALL` and `from_code`, `FromStr` and serde (the code string;
/// an unknown code is an error).
pub use sponson_codes_derive::WarningCodes;

#[doc(hidden)]
pub mod __private;
