//! `Error<C>`: a coded error with a message for people and details for programs.

pub(crate) mod allowlist;
#[cfg(feature = "anyhow")]
mod anyhow;
#[cfg(feature = "miette")]
pub(crate) mod diagnostic;
pub(crate) mod panic;
#[cfg(any(feature = "axum", feature = "tonic", feature = "rmcp"))]
pub(crate) mod panic_layer;
pub(crate) mod warning;

use core::fmt;
use core::marker::PhantomData;
use std::error::Error as StdError;

use serde::Serialize;

use crate::code::details::{Details, DetailsError};
use crate::code::{CodeInfo, ErrorCode, ErrorCodeSet};

type Source = Box<dyn StdError + Send + Sync + 'static>;

/// The code enum of an error whose enum is not known at compile time: the
/// runner's non-generic core holds `Error<AnyCode>`.
#[cfg(feature = "runner")]
#[derive(Debug)]
pub(crate) enum AnyCode {}

/// A coded error: one code of the enum `C`, a message for people, an
/// optional hint that overrides the code's own, and details for programs.
///
/// Only codes that `C` lists can be constructed, because every constructor
/// takes a value of `C` (or uses `C`'s fallback).
///
/// ```
/// use sponson_codes::{Error, ErrorCodes};
///
/// #[derive(Debug, Clone, Copy, ErrorCodes)]
/// enum Code {
///     #[code(exit = 3, doc = "Another run holds the lock.", hint = "Pass --wait.")]
///     LockHeld,
///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
///     Internal,
/// }
///
/// let err = Error::new(Code::LockHeld, "the lock on prod is held by run 41")
///     .with_detail("scope", "prod")
///     .with_detail("holder", &41);
/// assert_eq!(err.code(), "LOCK_HELD");
/// assert_eq!(err.exit_code(), 3);
/// assert_eq!(err.hint(), Some("Pass --wait."));
/// assert_eq!(err.details().get("holder"), Some(&serde_json::json!(41)));
/// assert_eq!(err.to_string(), "the lock on prod is held by run 41");
/// ```
pub struct Error<C> {
    // Boxed so that `Result<T, Error<C>>` stays one pointer wide on the error side.
    inner: Box<Inner>,
    // `fn() -> C` keeps `Error<C>` Send + Sync whatever `C` is: no `C` is stored.
    code: PhantomData<fn() -> C>,
}

struct Inner {
    info: &'static CodeInfo,
    message: String,
    hint: Option<String>,
    details: Details,
    source: Option<Source>,
    /// Why the error is the fallback, in words that may quote data (a
    /// `Serialize` error's): kept out of every document, shown on stderr only.
    withheld: Option<String>,
}

/// See [`Error::RETRY_AFTER`].
pub(crate) const RETRY_AFTER: &str = "retry_after";

/// The key of the details that keep the messages below an error's own
/// (an `anyhow::Error`'s causes), outermost first: see [`Error::causes`].
pub(crate) const CAUSES: &str = "causes";
/// The longest delay [`Error::with_retry_after`] sends, in seconds.
const MAX_RETRY_AFTER_SECONDS: u64 = i32::MAX as u64;

impl<C: ErrorCode> Error<C> {
    /// An error with `code`, `message`, and the details that `code` itself
    /// marks with `#[code(detail)]` (none for a unit variant).
    ///
    /// ```
    /// # use sponson_codes::{Error, ErrorCodes};
    /// # #[derive(Debug, ErrorCodes)]
    /// # enum Code {
    /// #     #[code(exit = 2, doc = "The plan cannot be read.")]
    /// #     PlanParse,
    /// #     #[code(exit = 1, doc = "An unexpected error.", fallback)]
    /// #     Internal,
    /// # }
    /// let err = Error::new(Code::PlanParse, "plan.yaml: line 3: expected a mapping");
    /// assert_eq!(err.message(), "plan.yaml: line 3: expected a mapping");
    /// ```
    pub fn new(code: C, message: impl Into<String>) -> Self {
        let mut details = Details::new();
        code.write_details(&mut details);
        Error::from_parts(code.info(), message.into(), details)
    }

    /// An error with `code` whose message is the code's one-line `doc`.
    ///
    /// ```
    /// # use sponson_codes::{Error, ErrorCodes};
    /// # #[derive(Debug, ErrorCodes)]
    /// # enum Code {
    /// #     #[code(exit = 2, doc = "The plan cannot be read.")]
    /// #     PlanParse,
    /// #     #[code(exit = 1, doc = "An unexpected error.", fallback)]
    /// #     Internal,
    /// # }
    /// assert_eq!(Error::plain(Code::PlanParse).message(), "The plan cannot be read.");
    /// ```
    pub fn plain(code: C) -> Self {
        let message = code.doc().to_owned();
        Error::new(code, message)
    }

    /// An error with `C`'s fallback code.
    ///
    /// ```
    /// # use sponson_codes::{Error, ErrorCodes};
    /// # #[derive(Debug, ErrorCodes)]
    /// # enum Code {
    /// #     #[code(exit = 1, doc = "An unexpected error.", fallback)]
    /// #     Internal,
    /// # }
    /// let err = Error::<Code>::fallback("config cache is corrupt");
    /// assert_eq!(err.code(), "INTERNAL");
    /// assert!(err.is_fallback());
    /// ```
    pub fn fallback(message: impl Into<String>) -> Self {
        Error::from_parts(C::FALLBACK_INFO, message.into(), Details::new())
    }

    /// An error with `C`'s usage code (`#[code(usage)]`), or its fallback
    /// when it marks none: for a command line that cannot be parsed.
    ///
    /// ```
    /// # use sponson_codes::{Error, ErrorCodes};
    /// # #[derive(Debug, ErrorCodes)]
    /// # enum Code {
    /// #     #[code(exit = 2, doc = "The command line is not valid.", usage)]
    /// #     Usage,
    /// #     #[code(exit = 1, doc = "An unexpected error.", fallback)]
    /// #     Internal,
    /// # }
    /// assert_eq!(Error::<Code>::usage("unexpected argument '--jsn'").exit_code(), 2);
    /// ```
    pub fn usage(message: impl Into<String>) -> Self {
        let info = C::USAGE_INFO.unwrap_or(C::FALLBACK_INFO);
        Error::from_parts(info, message.into(), Details::new())
    }

    pub(crate) fn from_parts(info: &'static CodeInfo, message: String, details: Details) -> Self {
        let error = Error {
            inner: Box::new(Inner {
                info,
                message,
                hint: None,
                details,
                source: None,
                withheld: None,
            }),
            code: PhantomData,
        };
        error.checked()
    }

    /// Reports a refused detail as the fallback code: a programming error
    /// must show, never vanish.
    fn checked(self) -> Self {
        self.checked_with(C::FALLBACK_INFO)
    }

    /// Replaces the code's hint for this error.
    ///
    /// ```
    /// # use sponson_codes::{Error, ErrorCodes};
    /// # #[derive(Debug, ErrorCodes)]
    /// # enum Code {
    /// #     #[code(exit = 3, doc = "The lock is held.", hint = "Pass --wait.")]
    /// #     LockHeld,
    /// #     #[code(exit = 1, doc = "An unexpected error.", fallback)]
    /// #     Internal,
    /// # }
    /// let err = Error::new(Code::LockHeld, "held").with_hint("Pass --wait 60.");
    /// assert_eq!(err.hint(), Some("Pass --wait 60."));
    /// ```
    #[must_use]
    pub fn with_hint(mut self, hint: impl Into<String>) -> Self {
        self.inner.hint = Some(hint.into());
        self
    }

    /// Says when the same request may be tried again: the detail
    /// [`RETRY_AFTER`](Error::RETRY_AFTER), in whole seconds rounded up,
    /// in HTTP the `Retry-After` header of the problem response, and in
    /// gRPC `google.rpc.RetryInfo`.
    ///
    /// The largest delay sent is 2,147,483,647 seconds (`i32::MAX`, about
    /// 68 years); a longer one, up to `Duration::MAX`, is sent as that.
    /// Every surface carries it exactly: a JSON number, the delta-seconds
    /// of `Retry-After` (RFC 9111 has a reader that cannot hold a larger
    /// count take it as 2^31), and protobuf's `Duration`.
    ///
    /// A code declared `retryable = false` is never tried again, and no
    /// surface tells a client when to: on such a code this writes nothing,
    /// so its documents, problems and statuses carry no delay. A code that
    /// declares `retryable = true`, or nothing, carries it.
    ///
    /// ```
    /// # use std::time::Duration;
    /// # use sponson_codes::{Error, ErrorCodes};
    /// # #[derive(Debug, ErrorCodes)]
    /// # enum Code {
    /// #     #[code(exit = 3, doc = "The lock is held.", retryable = true, http = 409)]
    /// #     LockHeld,
    /// #     #[code(exit = 1, doc = "An unexpected error.", fallback)]
    /// #     Internal,
    /// # }
    /// let err = Error::new(Code::LockHeld, "held").with_retry_after(Duration::from_millis(1500));
    /// assert_eq!(err.retry_after(), Some(Duration::from_secs(2)));
    /// assert_eq!(err.details().get("retry_after").unwrap(), 2);
    /// # #[cfg(feature = "http")]
    /// assert!(err.to_problem().body.contains(r#""retryable":true"#));
    ///
    /// let forever = Error::new(Code::LockHeld, "held").with_retry_after(Duration::MAX);
    /// assert_eq!(forever.retry_after(), Some(Duration::from_secs(2_147_483_647)));
    /// ```
    #[must_use]
    pub fn with_retry_after(self, delay: core::time::Duration) -> Self {
        if self.info().retryable == Some(false) {
            return self;
        }
        let seconds = delay
            .as_secs()
            .saturating_add(u64::from(delay.subsec_nanos() > 0))
            .min(MAX_RETRY_AFTER_SECONDS);
        self.with_detail(Self::RETRY_AFTER, &seconds)
    }

    /// The detail [`with_retry_after`](Error::with_retry_after) writes:
    /// seconds, as HTTP's `Retry-After` counts them.
    pub const RETRY_AFTER: &'static str = RETRY_AFTER;

    /// The delay [`with_retry_after`](Error::with_retry_after) gave, if any.
    pub fn retry_after(&self) -> Option<core::time::Duration> {
        self.details()
            .get(Self::RETRY_AFTER)
            .and_then(serde_json::Value::as_u64)
            .map(core::time::Duration::from_secs)
    }

    /// Adds one detail; a reserved key (`code`, `message`, `hint`) turns the
    /// error into the fallback code, since it is a programming error.
    ///
    /// ```
    /// # use sponson_codes::{Error, ErrorCodes};
    /// # #[derive(Debug, ErrorCodes)]
    /// # enum Code {
    /// #     #[code(exit = 3, doc = "The lock is held.")]
    /// #     LockHeld,
    /// #     #[code(exit = 1, doc = "An unexpected error.", fallback)]
    /// #     Internal,
    /// # }
    /// let err = Error::new(Code::LockHeld, "held").with_detail("holder", &None::<String>);
    /// assert!(err.details().get("holder").unwrap().is_null());
    ///
    /// let bad = Error::new(Code::LockHeld, "held").with_detail("code", "X");
    /// assert_eq!(bad.code(), "INTERNAL");
    /// ```
    #[must_use]
    pub fn with_detail<T: Serialize + ?Sized>(mut self, key: &str, value: &T) -> Self {
        self.inner.details.insert(key, value);
        self.checked()
    }

    /// Adds the fields of `value`, which must serialize to a JSON object
    /// without reserved keys; anything else turns the error into the
    /// fallback code, since it is a programming error.
    ///
    /// ```
    /// # use sponson_codes::{Error, ErrorCodes};
    /// # #[derive(Debug, ErrorCodes)]
    /// # enum Code {
    /// #     #[code(exit = 3, doc = "The lock is held.")]
    /// #     LockHeld,
    /// #     #[code(exit = 1, doc = "An unexpected error.", fallback)]
    /// #     Internal,
    /// # }
    /// #[derive(serde::Serialize)]
    /// struct Lock {
    ///     scope: &'static str,
    ///     run: u32,
    /// }
    ///
    /// let err = Error::new(Code::LockHeld, "held").with_details(&Lock { scope: "prod", run: 41 });
    /// assert_eq!(err.details().len(), 2);
    ///
    /// let bad = Error::new(Code::LockHeld, "held").with_details(&"not an object");
    /// assert!(bad.is_fallback());
    /// ```
    #[must_use]
    pub fn with_details<T: Serialize + ?Sized>(mut self, value: &T) -> Self {
        let mut more = Details::new();
        match Details::from_serialize(value) {
            Ok(details) => more = details,
            Err(problem) => more.record(problem),
        }
        self.inner.details.extend(more);
        self.checked()
    }

    /// Keeps `source` as the error's cause, for logs and `source()`; it never
    /// enters the JSON envelope.
    ///
    /// ```
    /// # use std::error::Error as _;
    /// # use sponson_codes::{Error, ErrorCodes};
    /// # #[derive(Debug, ErrorCodes)]
    /// # enum Code {
    /// #     #[code(exit = 2, doc = "The plan cannot be read.")]
    /// #     PlanParse,
    /// #     #[code(exit = 1, doc = "An unexpected error.", fallback)]
    /// #     Internal,
    /// # }
    /// let io = std::io::Error::new(std::io::ErrorKind::NotFound, "no such file");
    /// let err = Error::new(Code::PlanParse, "cannot read plan.yaml").with_source(io);
    /// assert_eq!(err.source().unwrap().to_string(), "no such file");
    /// ```
    #[must_use]
    pub fn with_source(mut self, source: impl Into<Source>) -> Self {
        self.inner.source = Some(source.into());
        self
    }

    /// Whether the code is `C`'s fallback.
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
    /// use sponson_codes::Error;
    ///
    /// assert!(Error::new(Code::Internal, "boom").is_fallback());
    /// assert!(!Error::new(Code::LockHeld, "held").is_fallback());
    /// ```
    pub fn is_fallback(&self) -> bool {
        // Two uses of a constant may not share an address: compare the code.
        core::ptr::eq(self.inner.info, C::FALLBACK_INFO)
            || self.inner.info.code == C::FALLBACK_INFO.code
    }

    /// Whether this error's code is `code`.
    ///
    /// ```
    /// # use sponson_codes::{Error, ErrorCodes};
    /// # #[derive(Debug, ErrorCodes)]
    /// # enum Code {
    /// #     #[code(exit = 3, doc = "The lock is held.")]
    /// #     LockHeld,
    /// #     #[code(exit = 1, doc = "An unexpected error.", fallback)]
    /// #     Internal,
    /// # }
    /// assert!(Error::plain(Code::LockHeld).is(&Code::LockHeld));
    /// ```
    pub fn is(&self, code: &C) -> bool {
        self.inner.info.code == code.code()
    }

    /// Finds a coded error in `err` or its source chain: an `Error<C>` found
    /// there keeps its code, message, hint and details (the chain is searched
    /// outermost first); otherwise the result is the fallback code with the
    /// outermost error's message.
    ///
    /// ```
    /// # use sponson_codes::{Error, ErrorCodes};
    /// # #[derive(Debug, ErrorCodes)]
    /// # enum Code {
    /// #     #[code(exit = 3, doc = "The lock is held.")]
    /// #     LockHeld,
    /// #     #[code(exit = 1, doc = "An unexpected error.", fallback)]
    /// #     Internal,
    /// # }
    /// let io = std::io::Error::other(Error::new(Code::LockHeld, "held by run 41"));
    /// let found = Error::<Code>::from_dyn(&io);
    /// assert_eq!(found.code(), "LOCK_HELD");
    ///
    /// let plain = std::io::Error::other("disk full");
    /// assert_eq!(Error::<Code>::from_dyn(&plain).code(), "INTERNAL");
    /// ```
    pub fn from_dyn(err: &(dyn StdError + 'static)) -> Self {
        match find_in_chain::<C>(err) {
            Some(found) => found.clone_without_source(),
            None => Error::fallback(err.to_string()),
        }
    }

    fn clone_without_source(&self) -> Self {
        Error {
            inner: Box::new(Inner {
                info: self.inner.info,
                message: self.inner.message.clone(),
                hint: self.inner.hint.clone(),
                details: self.inner.details.clone(),
                source: None,
                withheld: self.inner.withheld.clone(),
            }),
            code: PhantomData,
        }
    }
}

/// What does not depend on the code enum: the runner's core handles
/// errors of any enum alike, so a program instantiates it once.
impl<C> Error<C> {
    /// The code's entry in `C`'s table.
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
    /// use sponson_codes::Error;
    ///
    /// let err = Error::new(Code::LockHeld, "held");
    /// assert_eq!(err.info().variant, "LockHeld");
    /// assert_eq!((err.code(), err.exit_code(), err.message()), ("LOCK_HELD", 3, "held"));
    /// ```
    pub fn info(&self) -> &'static CodeInfo {
        self.inner.info
    }

    /// The stable code string, such as `LOCK_HELD`.
    pub fn code(&self) -> &'static str {
        self.inner.info.code
    }

    /// The process exit code of this error's code.
    pub fn exit_code(&self) -> u8 {
        self.inner.info.exit
    }

    /// The message for people.
    pub fn message(&self) -> &str {
        &self.inner.message
    }

    /// The hint: this error's override, else the code's hint, if any.
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
    /// use sponson_codes::Error;
    ///
    /// assert_eq!(Error::new(Code::LockHeld, "held").hint(), Some("Pass --wait."));
    /// assert_eq!(Error::new(Code::Internal, "boom").hint(), None);
    /// ```
    pub fn hint(&self) -> Option<&str> {
        self.inner.hint.as_deref().or(self.inner.info.hint)
    }

    /// The details, a JSON object.
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
    /// use sponson_codes::Error;
    ///
    /// let err = Error::new(Code::LockHeld, "held").with_detail("holder", "run 41");
    /// assert_eq!(err.details().len(), 1);
    /// ```
    pub fn details(&self) -> &Details {
        &self.inner.details
    }

    /// The messages below this error's own, outermost first: its `causes`
    /// detail, which an `anyhow::Error` converted into a coded error keeps
    /// (feature `anyhow`). Empty when there are none.
    ///
    /// ```
    /// # use sponson_codes::ErrorCodes;
    /// # #[derive(Debug, PartialEq, ErrorCodes)]
    /// # enum Code {
    /// #     #[code(exit = 1, doc = "An unexpected error.", fallback)]
    /// #     Internal,
    /// # }
    /// use sponson_codes::Error;
    ///
    /// let err = Error::new(Code::Internal, "cannot take the lock")
    ///     .with_detail("causes", &["opening /run/plan.lock", "permission denied"]);
    /// assert_eq!(err.causes().collect::<Vec<_>>(), ["opening /run/plan.lock", "permission denied"]);
    /// ```
    pub fn causes(&self) -> impl Iterator<Item = &str> {
        self.inner
            .details
            .get(CAUSES)
            .and_then(serde_json::Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(serde_json::Value::as_str)
    }

    /// The message and its [`causes`](Error::causes) as anyhow's `{:?}`
    /// prints them: the message, then `Caused by:` and each cause on an
    /// indented line, numbered when there are several. (A `main` that
    /// returns an `anyhow::Result` prints `Error: ` before it.) The other
    /// form, anyhow's `{:#}` (the message and the causes on one line, each
    /// after `: `), is this error's `{:#}`.
    ///
    /// ```
    /// # use sponson_codes::ErrorCodes;
    /// # #[derive(Debug, PartialEq, ErrorCodes)]
    /// # enum Code {
    /// #     #[code(exit = 1, doc = "An unexpected error.", fallback)]
    /// #     Internal,
    /// # }
    /// use sponson_codes::Error;
    ///
    /// let err = Error::new(Code::Internal, "cannot take the lock")
    ///     .with_detail("causes", &["opening /run/plan.lock", "permission denied"]);
    /// assert_eq!(
    ///     err.report(),
    ///     "cannot take the lock\n\nCaused by:\n    0: opening /run/plan.lock\n    1: permission denied"
    /// );
    /// assert_eq!(
    ///     format!("{err:#}"),
    ///     "cannot take the lock: opening /run/plan.lock: permission denied"
    /// );
    /// ```
    pub fn report(&self) -> String {
        let mut text = self.inner.message.clone();
        let causes: Vec<&str> = self.causes().collect();
        if causes.is_empty() {
            return text;
        }
        text.push_str("\n\nCaused by:");
        let numbered = causes.len() > 1;
        for (n, cause) in causes.into_iter().enumerate() {
            text.push('\n');
            for (i, line) in cause.split('\n').enumerate() {
                match (i, numbered) {
                    (0, true) => text.push_str(&format!("{n: >5}: ")),
                    (_, true) => text.push_str("\n       "),
                    (0, false) => text.push_str("    "),
                    (_, false) => text.push_str("\n    "),
                }
                text.push_str(line);
            }
        }
        text
    }

    /// The error's parts, moved out: its code's entry, the message, the
    /// hint (this error's, else the code's), the details and what was
    /// withheld.
    #[allow(clippy::type_complexity)]
    #[cfg(feature = "runner")]
    pub(crate) fn into_parts(
        self,
    ) -> (
        &'static CodeInfo,
        String,
        Option<std::borrow::Cow<'static, str>>,
        serde_json::Map<String, serde_json::Value>,
        Option<String>,
    ) {
        let inner = *self.inner;
        let hint = match inner.hint {
            Some(hint) => Some(hint.into()),
            None => inner.info.hint.map(Into::into),
        };
        (
            inner.info,
            inner.message,
            hint,
            inner.details.into_map(),
            inner.withheld,
        )
    }

    /// The hint as a document holds it: the code's own is borrowed, not copied.
    pub(crate) fn hint_cow(&self) -> Option<std::borrow::Cow<'static, str>> {
        match &self.inner.hint {
            Some(hint) => Some(hint.clone().into()),
            None => self.inner.info.hint.map(Into::into),
        }
    }

    /// Why the error is the fallback, in words withheld from every
    /// document (they may quote data), for stderr only.
    pub(crate) fn withheld(&self) -> Option<&str> {
        self.inner.withheld.as_deref()
    }

    /// Reports a refused detail as `fallback`: a programming error must
    /// show, never vanish.
    ///
    /// A `Serialize` error's text may quote the value that failed, so like a
    /// panic's message it is withheld: the runner shows it on stderr only.
    pub(crate) fn checked_with(mut self, fallback: &'static CodeInfo) -> Self {
        if let Some(problem) = self.inner.details.problem() {
            let code = self.inner.info.code;
            self.inner.message = match problem {
                DetailsError::Serialize(text) => {
                    self.inner.withheld = Some(format!(
                        "the details of error code {code} failed to serialize: {text}"
                    ));
                    format!("invalid details for error code {code}: details failed to serialize")
                }
                problem => format!("invalid details for error code {code}: {problem}"),
            };
            self.inner.info = fallback;
            self.inner.hint = None;
            self.inner.details = Details::new();
        }
        self
    }

    /// An error with the code `info`, `message` and `details`, checked,
    /// `fallback` reporting refused details.
    #[cfg(feature = "clap")]
    pub(crate) fn from_parts_with(
        info: &'static CodeInfo,
        message: String,
        details: Details,
        fallback: &'static CodeInfo,
    ) -> Self {
        let mut error = Error::of_info(info, message);
        error.inner.details = details;
        error.checked_with(fallback)
    }

    /// The same error with its text escaped for people (control and
    /// invisible characters shown, newlines and tabs kept): its message,
    /// hint, withheld reason and every string of its details, what came
    /// from outside the program; as it is when `escape` is off. What a
    /// program's own text format is given.
    #[cfg(feature = "runner")]
    pub(crate) fn for_people(mut self, escape: crate::escape::Escape) -> Self {
        use crate::escape::escape_in_place;
        if !escape.0 {
            return self;
        }
        let inner = &mut *self.inner;
        escape_in_place(&mut inner.message);
        inner.hint.iter_mut().for_each(escape_in_place);
        inner.withheld.iter_mut().for_each(escape_in_place);
        inner.details.escape_strings();
        self
    }

    /// The same error with the code `info` instead: its message, details
    /// and source kept, its hint its own or the new code's.
    #[cfg(feature = "runner")]
    pub(crate) fn recoded(mut self, info: &'static CodeInfo) -> Self {
        self.inner.info = info;
        self
    }

    /// The same error as an `Error<D>`: the code enum is only a marker,
    /// so this moves one pointer.
    #[cfg(feature = "runner")]
    pub(crate) fn retype<D>(self) -> Error<D> {
        Error {
            inner: self.inner,
            code: PhantomData,
        }
    }

    /// An error with the code `info` and `message`, unchecked (no details
    /// to check): the fallback error of the runner's core.
    #[cfg(feature = "runner")]
    pub(crate) fn of_info(info: &'static CodeInfo, message: String) -> Self {
        Error {
            inner: Box::new(Inner {
                info,
                message,
                hint: None,
                details: Details::new(),
                source: None,
                withheld: None,
            }),
            code: PhantomData,
        }
    }
}

impl<C: ErrorCodeSet> Error<C> {
    /// The code as a value of `C` (for enums whose variants are all units).
    ///
    /// ```
    /// # use sponson_codes::{Error, ErrorCodes};
    /// # #[derive(Debug, PartialEq, ErrorCodes)]
    /// # enum Code {
    /// #     #[code(exit = 3, doc = "The lock is held.")]
    /// #     LockHeld,
    /// #     #[code(exit = 1, doc = "An unexpected error.", fallback)]
    /// #     Internal,
    /// # }
    /// assert_eq!(Error::plain(Code::LockHeld).kind(), Code::LockHeld);
    /// ```
    pub fn kind(&self) -> C {
        C::from_code_or_fallback(self.inner.info.code)
    }
}

impl<C: ErrorCode + StdError> Error<C> {
    /// Like [`from_dyn`](Error::from_dyn), and also finds a value of a data
    /// enum `C` itself in the chain (which the `From` conversions cannot,
    /// since they do not require `C: std::error::Error`).
    ///
    /// ```
    /// use std::fmt;
    /// use sponson_codes::{Error, ErrorCodes};
    ///
    /// #[derive(Debug, ErrorCodes)]
    /// enum FetchError {
    ///     #[code(exit = 4, doc = "The server refused the request.")]
    ///     Refused {
    ///         #[code(detail)]
    ///         status: u16,
    ///     },
    ///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
    ///     Other,
    /// }
    ///
    /// impl fmt::Display for FetchError {
    ///     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    ///         f.write_str("the server refused the request")
    ///     }
    /// }
    ///
    /// impl std::error::Error for FetchError {}
    ///
    /// let wrapped = std::io::Error::other(FetchError::Refused { status: 503 });
    /// let err = Error::<FetchError>::from_chain(&wrapped);
    /// assert_eq!(err.code(), "REFUSED");
    /// assert_eq!(err.details().get("status"), Some(&serde_json::json!(503)));
    /// ```
    pub fn from_chain(err: &(dyn StdError + 'static)) -> Self {
        for current in chain(err) {
            if let Some(found) = current.downcast_ref::<Error<C>>() {
                return found.clone_without_source();
            }
            if let Some(value) = current.downcast_ref::<C>() {
                return Error::new_displayed(value);
            }
        }
        Error::fallback(err.to_string())
    }
}

impl<C: ErrorCode> Error<C> {
    /// An error from a value of `C` whose message is its `Display`.
    fn new_displayed(value: &C) -> Self
    where
        C: fmt::Display,
    {
        let mut details = Details::new();
        value.write_details(&mut details);
        Error::from_parts(value.info(), value.to_string(), details)
    }
}

/// How many errors of a source chain are looked at: a cyclic `source()`
/// must end, and no real chain is this long.
const MAX_CHAIN: usize = 64;

/// `err` and its sources, outermost first, at most [`MAX_CHAIN`] of them:
/// every walk of a source chain goes through here.
fn chain<'a>(
    err: &'a (dyn StdError + 'static),
) -> impl Iterator<Item = &'a (dyn StdError + 'static)> {
    core::iter::successors(Some(err), |current| source_of(*current)).take(MAX_CHAIN)
}

/// The next error in the chain; `io::Error::source` skips the error it wraps,
/// so that one is looked at too.
fn source_of<'a>(err: &'a (dyn StdError + 'static)) -> Option<&'a (dyn StdError + 'static)> {
    match err.downcast_ref::<std::io::Error>() {
        Some(io) => io.get_ref().map(|inner| inner as &(dyn StdError + 'static)),
        None => err.source(),
    }
}

/// The first `Error<C>` in `err`'s source chain, `err` included.
fn find_in_chain<'a, C: ErrorCode>(err: &'a (dyn StdError + 'static)) -> Option<&'a Error<C>> {
    chain(err).find_map(|current| current.downcast_ref::<Error<C>>())
}

impl<C> fmt::Debug for Error<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Error")
            .field("code", &self.inner.info.code)
            .field("message", &self.inner.message)
            .field("hint", &self.inner.hint)
            .field("details", &self.inner.details.as_map())
            .field("source", &self.inner.source)
            .finish()
    }
}

/// The message; `{:#}` adds the [`causes`](Error::causes), each after
/// `: `, as anyhow's `{:#}` does.
impl<C> fmt::Display for Error<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.inner.message)?;
        if f.alternate() {
            for cause in self.causes() {
                write!(f, ": {cause}")?;
            }
        }
        Ok(())
    }
}

impl<C> StdError for Error<C> {
    fn source(&self) -> Option<&(dyn StdError + 'static)> {
        self.inner
            .source
            .as_deref()
            .map(|source| source as &(dyn StdError + 'static))
    }
}

/// A data enum deriving `ErrorCodes` (thiserror style): the message is its
/// `Display`, the details only its fields marked `#[code(detail)]`.
impl<C: ErrorCode + fmt::Display> From<C> for Error<C> {
    fn from(value: C) -> Self {
        Error::new_displayed(&value)
    }
}

impl<C: ErrorCode> From<Box<dyn StdError + Send + Sync + 'static>> for Error<C> {
    fn from(err: Box<dyn StdError + Send + Sync + 'static>) -> Self {
        match err.downcast::<Error<C>>() {
            Ok(coded) => *coded,
            Err(err) => {
                let mut coded = Error::from_dyn(&*err);
                if coded.is_fallback() && find_in_chain::<C>(&*err).is_none() {
                    coded.inner.source = Some(err);
                }
                coded
            }
        }
    }
}

impl<C: ErrorCode> From<Box<dyn StdError + 'static>> for Error<C> {
    fn from(err: Box<dyn StdError + 'static>) -> Self {
        match err.downcast::<Error<C>>() {
            Ok(coded) => *coded,
            Err(err) => Error::from_dyn(&*err),
        }
    }
}
