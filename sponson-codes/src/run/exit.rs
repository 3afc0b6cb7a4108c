//! `main` returning a coded result.

use std::process::{ExitCode, Termination};

use crate::code::ErrorCode;
use crate::document::outcome::Outcome;
use crate::error::Error;
use crate::run::runner::Reported;
use crate::run::text::render_text;

/// What `main` returns when it returns a coded result: a failure prints its
/// text form on stderr (`error[CODE]: <message>` and the hint, escaped as
/// everywhere people read) and exits with its code's exit; a success exits
/// 0.
///
/// `fn main() -> Result<(), Error<Code>>` cannot do this: std's
/// `Termination` for `Result` prints the error's `Debug` and exits 1
/// whatever the code says, and a crate cannot change that impl. So `main`
/// returns this type, made from the result with `into()`:
///
/// ```no_run
/// use sponson_codes::{Error, ErrorCodes, Exit};
///
/// #[derive(Debug, ErrorCodes)]
/// enum Code {
///     #[code(exit = 3, doc = "Another run holds the lock.", hint = "Pass --wait.")]
///     LockHeld,
///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
///     Internal,
/// }
///
/// fn run() -> Result<(), Error<Code>> {
///     Err(Error::new(Code::LockHeld, "the lock on prod is held by run 41"))
/// }
///
/// fn main() -> Exit<Code> {
///     run().into() // prints `error[LOCK_HELD]: ...` and exits 3
/// }
/// ```
///
/// For JSON mode, a panic caught, or the program's own text format, run
/// the body through a [`Runner`](crate::Runner) instead.
#[derive(Debug)]
#[must_use]
pub struct Exit<C>(Result<(), Error<C>>);

impl<C: ErrorCode> Exit<C> {
    /// The exit code it ends the process with.
    ///
    /// ```
    /// # use sponson_codes::{Error, ErrorCodes, Exit};
    /// # #[derive(Debug, ErrorCodes)]
    /// # enum Code {
    /// #     #[code(exit = 3, doc = "The lock is held.")]
    /// #     LockHeld,
    /// #     #[code(exit = 1, doc = "An unexpected error.", fallback)]
    /// #     Internal,
    /// # }
    /// let exit: Exit<Code> = Err::<(), _>(Error::plain(Code::LockHeld)).into();
    /// assert_eq!(exit.exit_code(), 3);
    /// ```
    pub fn exit_code(&self) -> u8 {
        match &self.0 {
            Ok(()) => 0,
            Err(error) => error.exit_code(),
        }
    }

    /// The text it prints on stderr: nothing for a success.
    pub fn text(&self) -> String {
        match &self.0 {
            Ok(()) => String::new(),
            Err(error) => render_text(&Outcome::failed("", error), 1, String::new()).stderr,
        }
    }
}

impl<C, E: Into<Error<C>>> From<Result<(), E>> for Exit<C> {
    fn from(result: Result<(), E>) -> Self {
        Exit(result.map_err(Into::into))
    }
}

impl<C: ErrorCode> Termination for Exit<C> {
    fn report(self) -> ExitCode {
        use std::io::Write as _;
        if let Err(error) = &self.0 {
            Reported::failure(C::ENUM, || (error.code(), error.message().to_owned()))
                .send(error.exit_code());
        }
        let text = self.text();
        // Best effort: a closed stderr changes nothing about the exit.
        let _ = std::io::stderr().lock().write_all(text.as_bytes());
        ExitCode::from(self.exit_code())
    }
}
