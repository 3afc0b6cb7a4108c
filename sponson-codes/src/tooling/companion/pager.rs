//! Where `explain` shows its text: plain when stdout is not a terminal;
//! rendered, and through a pager, when it is, as `rustc --explain` does.
//!
//! The decision ([`decide`]) is a pure function of the environment's values
//! and of whether stdout is a terminal; only [`Env::from_process`] and the
//! caller's `IsTerminal` check read the process, and only [`page`] runs
//! anything.
//!
//! - Not a terminal: the plain text, byte for byte what `Companion::run`
//!   returns.
//! - Colour unless `NO_COLOR` is set to anything non-empty
//!   (<https://no-color.org>), or `TERM` is unset, empty or `dumb` (as git
//!   and rustc decide); without colour the layout is the same.
//! - The pager is `$PAGER`, run by `sh -c` as git runs it, so it may hold
//!   arguments, quotes and redirections. An empty `PAGER`, or `cat`, means
//!   no pager (as in git). Unset, it is `less`, unless the terminal is dumb
//!   (unset, empty or `dumb` `TERM`), where `less` cannot work; an explicit
//!   `PAGER` is used whatever `TERM` says.
//! - A pager that cannot be run, or that fails (it may have closed its
//!   input unread), leaves the text to be printed directly.
//! - `LESS=FRX` is set for the pager when `LESS` is unset, as git does:
//!   quit when the text fits on one screen, pass the colours through, leave
//!   the screen as it was. A `LESS` that is set, even empty, is kept.

use std::ffi::{OsStr, OsString};
use std::io::{self, Write};
use std::process::{Command, ExitStatus, Stdio};

use crate::tooling::markdown::terminal::Style;

/// The environment variables [`decide`] reads.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Env {
    pub(crate) pager: Option<OsString>,
    pub(crate) less: Option<OsString>,
    pub(crate) no_color: Option<OsString>,
    pub(crate) term: Option<OsString>,
}

impl Env {
    /// The process's values.
    pub(crate) fn from_process() -> Env {
        Env {
            pager: std::env::var_os("PAGER"),
            less: std::env::var_os("LESS"),
            no_color: std::env::var_os("NO_COLOR"),
            term: std::env::var_os("TERM"),
        }
    }
}

/// How `explain` shows its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Display {
    /// The plain text on stdout: stdout is not a terminal.
    Plain,
    /// Rendered for a terminal in `style`, through `pager` when there is one.
    Terminal { style: Style, pager: Option<Pager> },
}

impl Display {
    /// The style to render in, when the text is rendered at all.
    pub(crate) fn style(&self) -> Option<Style> {
        match self {
            Display::Plain => None,
            Display::Terminal { style, .. } => Some(*style),
        }
    }
}

/// A pager to run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Pager {
    pub(crate) program: Program,
    /// The value of `LESS` to set for it, when `LESS` is unset.
    pub(crate) less: Option<&'static str>,
}

/// What runs as the pager.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Program {
    /// `less`, run directly, so a system without it is a failure to spawn.
    Less,
    /// `$PAGER`, a shell command line run by `sh -c`.
    Shell(OsString),
}

/// How `explain` shows its text, given the environment's values and whether
/// stdout is a terminal. See the module's documentation for the rules.
pub(crate) fn decide(env: &Env, is_terminal: bool) -> Display {
    if !is_terminal {
        return Display::Plain;
    }
    let set = |value: &Option<OsString>| value.as_deref().is_some_and(|v| !v.is_empty());
    let capable = set(&env.term) && env.term.as_deref() != Some(OsStr::new("dumb"));
    let style = Style {
        color: capable && !set(&env.no_color),
    };
    let program = match env.pager.as_deref() {
        None if capable => Some(Program::Less),
        None => None,
        Some(pager) => {
            let trimmed = pager.to_str().map(str::trim);
            match trimmed {
                Some("" | "cat") => None,
                _ => Some(Program::Shell(pager.to_owned())),
            }
        }
    };
    let pager = program.map(|program| Pager {
        program,
        less: env.less.is_none().then_some("FRX"),
    });
    Display::Terminal { style, pager }
}

/// What became of text given to a pager.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Paged {
    /// The pager ran and exited with success (it may have quit before
    /// reading it all: the reader chose to).
    Shown,
    /// The pager could not be run: nothing was shown.
    NotRun,
    /// The pager ran and failed, as `less --bad-option` does: it may have
    /// closed its input unread, so the text may not have been shown.
    Failed(ExitStatus),
}

impl Pager {
    /// How to name the pager in a message: its command line.
    pub(crate) fn name(&self) -> String {
        match &self.program {
            Program::Less => "less".to_owned(),
            Program::Shell(line) => line.to_string_lossy().into_owned(),
        }
    }
}

/// Runs `pager` with `text` on its standard input, and waits for it to
/// exit. A pager that quits before reading everything (a broken pipe) and
/// exits with success has still shown the text. The pager could not be run
/// when it cannot be spawned, or when the shell running `$PAGER` exits with
/// 126 or 127 (the command cannot be executed or was not found). Any other
/// failure is [`Paged::Failed`]: whether it read the text cannot be told
/// (a pipe takes a short text whether or not it is read), so it may not
/// have been shown.
pub(crate) fn page(pager: &Pager, text: &str) -> io::Result<Paged> {
    let mut command = match &pager.program {
        Program::Less => Command::new("less"),
        Program::Shell(line) => {
            let mut sh = Command::new("sh");
            sh.arg("-c").arg(line);
            sh
        }
    };
    if let Some(less) = pager.less {
        command.env("LESS", less);
    }
    let mut child = match command.stdin(Stdio::piped()).spawn() {
        Ok(child) => child,
        Err(_) => return Ok(Paged::NotRun),
    };
    if let Some(mut stdin) = child.stdin.take() {
        match stdin.write_all(text.as_bytes()) {
            // The pager quit early: what it showed is shown.
            Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
                let _ = child.wait();
                return Err(e);
            }
            _ => {}
        }
        // Dropped here: the pager sees the end of its input.
    }
    let status = child.wait()?;
    Ok(if not_run(status) {
        Paged::NotRun
    } else if status.success() {
        Paged::Shown
    } else {
        Paged::Failed(status)
    })
}

/// Whether a shell's exit status says it could not run the command.
fn not_run(status: ExitStatus) -> bool {
    matches!(status.code(), Some(126 | 127))
}

#[cfg(test)]
mod tests {
    use super::*;

    const COLOR: Style = Style { color: true };
    const PLAIN: Style = Style { color: false };

    fn env(
        pager: Option<&str>,
        less: Option<&str>,
        no_color: Option<&str>,
        term: Option<&str>,
    ) -> Env {
        Env {
            pager: pager.map(OsString::from),
            less: less.map(OsString::from),
            no_color: no_color.map(OsString::from),
            term: term.map(OsString::from),
        }
    }

    fn pager(program: Program, less: Option<&'static str>) -> Option<Pager> {
        Some(Pager { program, less })
    }

    #[test]
    fn not_a_terminal_is_plain_whatever_the_environment() {
        for e in [
            Env::default(),
            env(Some("less -R"), Some(""), None, Some("xterm-256color")),
            env(None, None, Some("1"), Some("dumb")),
        ] {
            assert_eq!(decide(&e, false), Display::Plain);
            assert_eq!(decide(&e, false).style(), None);
        }
    }

    #[test]
    fn an_unset_pager_is_less_with_less_set_to_frx() {
        assert_eq!(
            decide(&env(None, None, None, Some("xterm")), true),
            Display::Terminal {
                style: COLOR,
                pager: pager(Program::Less, Some("FRX")),
            }
        );
    }

    #[test]
    fn a_set_less_is_kept_even_empty() {
        for less in ["-R", ""] {
            let display = decide(&env(None, Some(less), None, Some("xterm")), true);
            assert_eq!(
                display,
                Display::Terminal {
                    style: COLOR,
                    pager: pager(Program::Less, None),
                }
            );
        }
    }

    #[test]
    fn a_set_pager_is_a_shell_command_line() {
        let display = decide(
            &env(Some("cat > '/tmp/a b'"), None, None, Some("xterm")),
            true,
        );
        assert_eq!(
            display,
            Display::Terminal {
                style: COLOR,
                pager: pager(Program::Shell("cat > '/tmp/a b'".into()), Some("FRX")),
            }
        );
    }

    #[test]
    fn an_empty_pager_or_cat_means_no_pager() {
        for value in ["", "  ", "cat"] {
            assert_eq!(
                decide(&env(Some(value), None, None, Some("xterm")), true),
                Display::Terminal {
                    style: COLOR,
                    pager: None,
                },
                "PAGER={value:?}"
            );
        }
    }

    #[test]
    fn no_color_set_to_anything_turns_escapes_off_but_still_pages() {
        assert_eq!(
            decide(&env(None, None, Some("1"), Some("xterm")), true),
            Display::Terminal {
                style: PLAIN,
                pager: pager(Program::Less, Some("FRX")),
            }
        );
        // An empty NO_COLOR is as good as unset.
        assert_eq!(
            decide(&env(None, None, Some(""), Some("xterm")), true).style(),
            Some(COLOR)
        );
    }

    #[test]
    fn a_dumb_or_unknown_terminal_gets_no_colour_and_no_default_less() {
        for term in [Some("dumb"), Some(""), None] {
            assert_eq!(
                decide(&env(None, None, None, term), true),
                Display::Terminal {
                    style: PLAIN,
                    pager: None,
                },
                "TERM={term:?}"
            );
            // A pager the user chose is still used.
            assert_eq!(
                decide(&env(Some("more"), None, None, term), true),
                Display::Terminal {
                    style: PLAIN,
                    pager: pager(Program::Shell("more".into()), Some("FRX")),
                }
            );
        }
    }

    #[cfg(unix)]
    mod run {
        use super::super::*;

        fn shell(line: &str) -> Pager {
            Pager {
                program: Program::Shell(line.into()),
                less: Some("FRX"),
            }
        }

        #[test]
        fn the_pager_reads_the_text_with_less_set() {
            let dir = tempfile::tempdir().unwrap();
            let out = dir.path().join("out");
            let env = dir.path().join("env");
            let line = format!(
                "cat > '{}'; printf %s \"$LESS\" > '{}'",
                out.display(),
                env.display()
            );
            assert_eq!(page(&shell(&line), "text\n").unwrap(), Paged::Shown);
            assert_eq!(std::fs::read_to_string(&out).unwrap(), "text\n");
            assert_eq!(std::fs::read_to_string(&env).unwrap(), "FRX");
        }

        #[test]
        fn a_pager_that_quits_early_has_shown_the_text() {
            // More than a pipe holds, so the write meets the closed pipe.
            let text = "line\n".repeat(100_000);
            assert_eq!(page(&shell("exit 0"), &text).unwrap(), Paged::Shown);
            assert_eq!(
                page(&shell("head -n 1 >/dev/null"), &text).unwrap(),
                Paged::Shown
            );
        }

        #[test]
        fn a_pager_that_fails_has_not_shown_the_text() {
            // Closes its input unread and fails at once, as `less --bad-option`.
            let failed = page(&shell("exec 0<&-; exit 1"), "text\n").unwrap();
            assert!(matches!(failed, Paged::Failed(status) if status.code() == Some(1)));
            // The same after reading it all, and with more than a pipe holds.
            let text = "line\n".repeat(100_000);
            let failed = page(&shell("cat >/dev/null; exit 3"), &text).unwrap();
            assert!(matches!(failed, Paged::Failed(status) if status.code() == Some(3)));
            let failed = page(&shell("exec 0<&-; exit 1"), &text).unwrap();
            assert!(matches!(failed, Paged::Failed(_)));
        }

        #[test]
        fn a_pager_the_shell_cannot_find_was_not_run() {
            let missing = shell("/nonexistent/sponson-pager 2>/dev/null");
            assert_eq!(page(&missing, "text\n").unwrap(), Paged::NotRun);
        }
    }
}
