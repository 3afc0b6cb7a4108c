//! Whether a committed generated file (the docs, the lock) is behind what the
//! codes generate, and how to say so: one verdict and one wording, read by the
//! companion's `--check` and `check` and by the test helpers alike.

use crate::tooling::catalog::Catalog;
use crate::tooling::diff::{describe, MAX_DIFF_LINES};
use crate::tooling::lock::{compare, Compatibility};

/// A committed file against the contents that would be written now.
pub(crate) enum Verdict {
    Fresh,
    Missing,
    /// The file differs; `diff` is capped in lines shown.
    Stale {
        diff: String,
    },
}

impl Verdict {
    pub(crate) fn of(current: Option<&[u8]>, fresh: &str) -> Verdict {
        match current {
            None => Verdict::Missing,
            Some(current) if current == fresh.as_bytes() => Verdict::Fresh,
            Some(current) => Verdict::Stale {
                diff: describe(current, fresh, MAX_DIFF_LINES),
            },
        }
    }

    /// The diff of a stale file, empty otherwise.
    pub(crate) fn diff(self) -> String {
        match self {
            Verdict::Stale { diff } => diff,
            Verdict::Fresh | Verdict::Missing => String::new(),
        }
    }
}

/// The message for a file that does not exist yet.
pub(crate) fn missing(shown: &str, regenerate: &str) -> String {
    format!("`{shown}` does not exist; generate it with `{regenerate}`")
}

/// The message for a file that differs from what would be written.
pub(crate) fn stale(shown: &str, regenerate: &str) -> String {
    format!("`{shown}` is stale; regenerate it with `{regenerate}`")
}

/// The most changes a message names; the rest are counted.
const MAX_IN_MESSAGE: usize = 10;

/// The committed lock compared with the live codes.
pub(crate) struct LockState {
    pub(crate) report: Compatibility,
    /// Whether the file differs from what `lock` would write.
    stale: bool,
    /// A capped diff of the file against what `lock` would write.
    pub(crate) diff: String,
}

impl LockState {
    /// Reads the lock's bytes against `live`; `Err` says why they cannot be read.
    pub(crate) fn compare(bytes: &[u8], live: &Catalog, shown: &str) -> Result<LockState, String> {
        // Read lossily, a byte that is not UTF-8 inside a code would become
        // U+FFFD, and the code a rename of it: refused instead.
        let text = core::str::from_utf8(bytes).map_err(|e| {
            let utf16 = bytes.starts_with(&[0xFF, 0xFE]) || bytes.starts_with(&[0xFE, 0xFF]);
            format!(
                "cannot read the lock file `{shown}`: it is not valid UTF-8: byte {} is the first that is not{}",
                e.valid_up_to(),
                if utf16 { " (it starts with a UTF-16 byte order mark)" } else { "" }
            )
        })?;
        let old = Catalog::read_lock(text).map_err(|e| {
            let mut message = format!("cannot read the lock file `{shown}`: {e}");
            // A BOM is the usual reason; say so.
            if text.starts_with('\u{feff}') {
                message.push_str("; it starts with a byte order mark (U+FEFF)");
            }
            message
        })?;
        let fresh = live.to_lock_json();
        let stale = bytes != fresh.as_bytes();
        Ok(LockState {
            report: compare(&old, live),
            stale,
            diff: if stale {
                describe(bytes, &fresh, MAX_DIFF_LINES)
            } else {
                String::new()
            },
        })
    }

    /// Each change, additive or breaking, as a line.
    pub(crate) fn changes(&self) -> Vec<String> {
        self.report
            .changes
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    /// Why the lock is behind, or `None` when it is up to date.
    pub(crate) fn behind(&self, shown: &str, regenerate: &str) -> Option<String> {
        if !self.stale {
            return None;
        }
        let why = match self.report.changes.len() {
            0 => "its codes and exits are unchanged but the file differs (order, the modules enums are declared in, variant names or an older format)".to_owned(),
            1 => "1 additive change".to_owned(),
            n => format!("{n} additive changes"),
        };
        Some(format!(
            "the lock `{shown}` is behind: {why}; update it with `{regenerate}`"
        ))
    }

    /// The message naming the breaking changes (the first few, and a count
    /// of the rest), and every breaking change as a line.
    pub(crate) fn breaking(&self, shown: &str) -> (String, Vec<String>) {
        let breaking: Vec<String> = self.report.breaking().map(ToString::to_string).collect();
        let mut listed = breaking
            .iter()
            .take(MAX_IN_MESSAGE)
            .map(String::as_str)
            .collect::<Vec<_>>()
            .join("; ");
        if breaking.len() > MAX_IN_MESSAGE {
            listed.push_str(&format!(
                "; and {} more (see `breaking` in the details)",
                breaking.len() - MAX_IN_MESSAGE
            ));
        }
        let message = format!(
            "{} breaking change(s) against `{shown}`: {listed}",
            breaking.len()
        );
        (message, breaking)
    }
}

/// What to do about breaking changes.
pub(crate) fn accept_breaking(regenerate: &str) -> String {
    format!("undo the changes, or for a major release accept them with `{regenerate}`")
}
