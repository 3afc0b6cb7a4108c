//! `anyhow::Error` into a coded error (cargo feature `anyhow`).

use crate::code::ErrorCode;
use crate::error::{find_in_chain, Error};

/// An `Error<C>` anywhere in the chain (context included) keeps its code,
/// message, hint and details; anything else becomes `C`'s fallback with the
/// outermost message, keeping the whole `anyhow::Error` as its source.
///
/// ```
/// use anyhow::Context as _;
/// use sponson_codes::{Error, ErrorCodes};
///
/// #[derive(Debug, ErrorCodes)]
/// enum Code {
///     #[code(exit = 3, doc = "The lock is held.")]
///     LockHeld,
///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
///     Internal,
/// }
///
/// let held: anyhow::Result<()> = Err(Error::new(Code::LockHeld, "held by run 41").into());
/// let err: Error<Code> = held.context("applying the plan").unwrap_err().into();
/// assert_eq!(err.code(), "LOCK_HELD");
/// assert_eq!(err.message(), "held by run 41");
///
/// let other = Error::<Code>::from(anyhow::anyhow!("disk full"));
/// assert_eq!(other.code(), "INTERNAL");
/// ```
impl<C: ErrorCode> From<::anyhow::Error> for Error<C> {
    fn from(err: ::anyhow::Error) -> Self {
        if let Some(found) = err.chain().find_map(|cause| find_in_chain::<C>(cause)) {
            return Error::from_dyn(found);
        }
        let message = err.to_string();
        let source: Box<dyn std::error::Error + Send + Sync + 'static> = err.into();
        Error::fallback(message).with_source(source)
    }
}
