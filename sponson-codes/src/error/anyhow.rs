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
        // `anyhow::Error::chain` has no bound; the one walk of this crate has.
        let outermost: &(dyn std::error::Error + Send + Sync + 'static) = err.as_ref();
        if let Some(found) = find_in_chain::<C>(outermost) {
            return found.clone_without_source();
        }
        let message = err.to_string();
        let source: Box<dyn std::error::Error + Send + Sync + 'static> = err.into();
        Error::fallback(message).with_source(source)
    }
}
