//! `miette::Diagnostic` for coded errors (feature `miette`): a CLI that
//! reports with miette shows the code, the hint and the docs link.

use core::fmt::Display;

use crate::code::ErrorCode;
use crate::error::Error;

/// `code()` is the code string, `help()` the hint, `url()` the code's docs
/// URL (`#[codes(url = "...")]`).
///
/// `Error::code` is an inherent method, so `err.code()` still returns the
/// `&str` code with `miette::Diagnostic` in scope; call the trait's as
/// `Diagnostic::code(&err)`.
///
/// ```
/// use miette::Diagnostic;
/// use sponson_codes::{Error, ErrorCodes};
///
/// #[derive(Debug, ErrorCodes)]
/// #[codes(url = "https://example.com/errors#{code}")]
/// enum Code {
///     #[code(exit = 3, doc = "Another run holds the lock.", hint = "Pass --wait.")]
///     LockHeld,
///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
///     Internal,
/// }
///
/// let err = Error::new(Code::LockHeld, "held by run 41");
/// assert_eq!(err.code(), "LOCK_HELD");
/// assert_eq!(Diagnostic::code(&err).unwrap().to_string(), "LOCK_HELD");
/// assert_eq!(err.help().unwrap().to_string(), "Pass --wait.");
/// assert_eq!(err.url().unwrap().to_string(), "https://example.com/errors#LOCK_HELD");
/// ```
impl<C: ErrorCode> miette::Diagnostic for Error<C> {
    fn code<'a>(&'a self) -> Option<Box<dyn Display + 'a>> {
        Some(Box::new(self.info().code))
    }

    fn help<'a>(&'a self) -> Option<Box<dyn Display + 'a>> {
        self.hint()
            .map(|hint| Box::new(hint) as Box<dyn Display + 'a>)
    }

    fn url<'a>(&'a self) -> Option<Box<dyn Display + 'a>> {
        self.info()
            .url
            .map(|url| Box::new(url) as Box<dyn Display + 'a>)
    }
}

impl<C: ErrorCode> Error<C> {
    /// The error as miette's plain-text report (its `NarratableReportHandler`:
    /// no colours, no terminal width), for text mode and logs.
    ///
    /// ```
    /// use sponson_codes::{Error, ErrorCodes};
    ///
    /// #[derive(Debug, ErrorCodes)]
    /// enum Code {
    ///     #[code(exit = 3, doc = "Another run holds the lock.", hint = "Pass --wait.")]
    ///     LockHeld,
    ///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
    ///     Internal,
    /// }
    ///
    /// let report = Error::new(Code::LockHeld, "held by run 41").miette_report();
    /// assert!(report.starts_with("held by run 41\n"));
    /// assert!(report.contains("LOCK_HELD"));
    /// ```
    #[cfg_attr(docsrs, doc(cfg(feature = "miette")))]
    pub fn miette_report(&self) -> String {
        let mut out = String::new();
        let handler = miette::NarratableReportHandler::new();
        // Writing into a String cannot fail.
        let _ = handler.render_report(&mut out, self);
        out
    }
}
