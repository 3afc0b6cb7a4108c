//! `anyhow::Error` into a coded error (cargo feature `anyhow`).

use crate::code::ErrorCode;
use crate::error::{chain, find_in_chain, Error, CAUSES};

/// The outermost `Error<C>` in the chain wins, context included (an
/// `Error<C>` given to `.context(...)` is found as anyhow finds context):
/// its code, message, hint and details. Anything else becomes `C`'s
/// fallback with the outermost message, keeping the whole `anyhow::Error`
/// as its source. Either way, the messages below the one reported are kept
/// as the `causes` detail (a list of strings, outermost first; a message
/// repeated right below itself, as an `io::Error` and the error it wraps
/// say it, kept once), which text mode shows as `caused by:` lines. The
/// error reads back in both of anyhow's forms: its `{:#}` is anyhow's
/// `{:#}` (`outer: cause: cause`), and [`Error::report`] is anyhow's `{:?}`
/// (the message, then `Caused by:` and the indented causes), both from the
/// error reported down: contexts above an `Error<C>` in the chain are not
/// in it.
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
/// let io: anyhow::Result<()> = Err(std::io::Error::other("permission denied").into());
/// let err: Error<Code> = io
///     .context("opening /run/plan.lock")
///     .context(Error::new(Code::LockHeld, "cannot take the lock"))
///     .unwrap_err()
///     .into();
/// assert_eq!((err.code(), err.message()), ("LOCK_HELD", "cannot take the lock"));
/// assert_eq!(err.details().get("causes"), Some(&serde_json::json!(["opening /run/plan.lock", "permission denied"])));
/// assert_eq!(format!("{err:#}"), "cannot take the lock: opening /run/plan.lock: permission denied");
/// assert_eq!(err.report(), "cannot take the lock\n\nCaused by:\n    0: opening /run/plan.lock\n    1: permission denied");
///
/// let other = Error::<Code>::from(anyhow::anyhow!("disk full"));
/// assert_eq!(other.code(), "INTERNAL");
/// ```
impl<C: ErrorCode> From<::anyhow::Error> for Error<C> {
    fn from(err: ::anyhow::Error) -> Self {
        // `anyhow::Error::chain` has no bound; the one walk of this crate has.
        let outermost: &(dyn std::error::Error + Send + Sync + 'static) = err.as_ref();
        let mut messages: Vec<String> = chain(outermost).map(ToString::to_string).collect();
        // An `io::Error` and the error it wraps say the same thing once.
        messages.dedup();
        // anyhow finds a context's type; the chain walk finds sources.
        let found = err
            .downcast_ref::<Error<C>>()
            .or_else(|| find_in_chain::<C>(outermost));
        if let Some(found) = found {
            let at = messages
                .iter()
                .position(|m| m == found.message())
                .unwrap_or(0);
            return with_causes(found.clone_without_source(), &messages[at + 1..]);
        }
        let message = messages.first().cloned().unwrap_or_default();
        let causes = messages.get(1..).unwrap_or_default().to_vec();
        let source: Box<dyn std::error::Error + Send + Sync + 'static> = err.into();
        with_causes(Error::fallback(message), &causes).with_source(source)
    }
}

fn with_causes<C: ErrorCode>(error: Error<C>, causes: &[String]) -> Error<C> {
    if causes.is_empty() || error.details().get(CAUSES).is_some() {
        return error;
    }
    error.with_detail(CAUSES, causes)
}
