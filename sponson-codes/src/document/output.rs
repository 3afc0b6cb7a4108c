//! A rendered outcome, and printing it: the one place that writes to the
//! process's stdout and stderr.

use std::io::{self, Write};
use std::process::ExitCode;

/// A rendered outcome: the exact bytes for stdout and stderr, and the exit
/// code. [`Runner::render`](crate::Runner::render) returns one without
/// printing it (for tests and services); [`print`](Output::print) prints it.
///
/// ```
/// use sponson_codes::{Error, ErrorCodes, Mode, Runner};
///
/// #[derive(Debug, ErrorCodes)]
/// enum Code {
///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
///     Internal,
/// }
///
/// let out = Runner::<Code>::new("version", Mode::Json).render(|| Ok::<_, Error<Code>>("1.2.0"));
/// assert_eq!(out.stdout, "{\"ok\":true,\"command\":\"version\",\"data\":\"1.2.0\"}\n");
/// assert!(out.is_ok());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Output {
    /// What goes to stdout.
    pub stdout: String,
    /// What goes to stderr.
    pub stderr: String,
    /// The process exit code: 0 exactly for success.
    pub exit: u8,
    /// The exit code instead of 0 when stdout cannot be written (a full
    /// disk): the fallback code's, so a success that was not delivered is
    /// never reported as one.
    pub unwritten_exit: u8,
    /// The exit code instead of 0 when stdout was closed (the reader went
    /// away, as with `| head`: `EPIPE`): the fallback code's unless the
    /// program chose another with
    /// [`Runner::closed_stdout_exit`](crate::Runner::closed_stdout_exit).
    pub closed_stdout_exit: u8,
    /// The exit code when stderr was closed as the outcome was written
    /// there (`prog 2>&1 | head`: `EPIPE`), whatever the outcome: `None`
    /// keeps the outcome's own exit, as a closed stderr changes nothing by
    /// default; set with
    /// [`Runner::closed_stderr_exit`](crate::Runner::closed_stderr_exit).
    pub closed_stderr_exit: Option<u8>,
}

impl Default for Output {
    /// Nothing to print, exit 0; exit 1 if stdout cannot be written or
    /// was closed.
    fn default() -> Self {
        Output {
            stdout: String::new(),
            stderr: String::new(),
            exit: 0,
            unwritten_exit: 1,
            closed_stdout_exit: 1,
            closed_stderr_exit: None,
        }
    }
}

impl Output {
    /// Nothing to print yet, exit `exit`; `unwritten` instead of 0 when
    /// stdout cannot be written or was closed.
    pub(crate) fn exiting(exit: u8, unwritten: u8) -> Self {
        Output {
            exit,
            unwritten_exit: unwritten,
            closed_stdout_exit: unwritten,
            ..Output::default()
        }
    }

    /// The same output with a failure's document moved to stderr (where the
    /// document stays alone, so a diagnostic line is dropped).
    #[cfg(feature = "runner")]
    pub(crate) fn failure_to_stderr(mut self) -> Self {
        if self.exit != 0 && !self.stdout.is_empty() {
            self.stderr = core::mem::take(&mut self.stdout);
        }
        self
    }

    /// Whether the outcome is a success (exit code 0).
    ///
    /// ```
    /// use sponson_codes::Output;
    ///
    /// assert!(Output::default().is_ok());
    /// assert!(!Output { exit: 3, ..Output::default() }.is_ok());
    /// ```
    pub fn is_ok(&self) -> bool {
        self.exit == 0
    }

    /// Prints the outcome on the process's stdout and stderr and returns the
    /// exit code to end with; see [`write_to`](Output::write_to).
    pub fn print(&self) -> ExitCode {
        self.write_to(io::stdout().lock(), io::stderr().lock())
    }

    /// Writes the outcome and returns the exit code. When the outcome was a
    /// success and stdout cannot take it, the exit is not 0: a closed
    /// stdout (the reader went away: `EPIPE`) ends quietly with
    /// [`closed_stdout_exit`](Output::closed_stdout_exit); any other write
    /// error (a full disk) is reported on stderr and ends with
    /// [`unwritten_exit`](Output::unwritten_exit). A closed stderr ends with
    /// [`closed_stderr_exit`](Output::closed_stderr_exit) when it is set.
    ///
    /// ```
    /// use sponson_codes::Output;
    ///
    /// let output = Output { stdout: "done\n".into(), ..Output::default() };
    /// let (mut out, mut err) = (Vec::new(), Vec::new());
    /// assert_eq!(output.write_to(&mut out, &mut err), std::process::ExitCode::SUCCESS);
    /// assert_eq!(out, b"done\n");
    /// ```
    pub fn write_to(&self, mut stdout: impl Write, mut stderr: impl Write) -> ExitCode {
        let mut exit = self.exit;
        if let Err(err) = write_flushed(&mut stdout, &self.stdout) {
            let closed = err.kind() == io::ErrorKind::BrokenPipe;
            if exit == 0 {
                exit = match closed {
                    true => self.closed_stdout_exit,
                    false => self.unwritten_exit,
                };
            }
            if !closed {
                // Best effort: stderr may be gone too.
                let _ = writeln!(stderr, "error: cannot write the output: {err}");
            }
        }
        // Other stderr failures change nothing: the exit code already tells
        // the outcome.
        if let (Err(err), Some(closed)) = (
            write_flushed(&mut stderr, &self.stderr),
            self.closed_stderr_exit,
        ) {
            if err.kind() == io::ErrorKind::BrokenPipe {
                exit = closed;
            }
        }
        ExitCode::from(exit)
    }
}

fn write_flushed(to: &mut impl Write, text: &str) -> io::Result<()> {
    if text.is_empty() {
        return Ok(());
    }
    to.write_all(text.as_bytes())?;
    to.flush()
}
