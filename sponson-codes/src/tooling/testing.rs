//! Test helpers that fail when committed docs or the lock are stale, or
//! when a code is never raised or never tested ([`assert_covered`]).
//!
//! ```no_run
//! // tests/codes.rs in the crate that declares the codes
//! // Name the crate that declares the codes, so it is linked and its codes
//! // are registered: `use my_app as _;`
//!
//! #[test]
//! fn error_docs_are_fresh() {
//!     sponson_codes::testing::assert_docs_fresh(
//!         "docs/errors.md",
//!         "cargo run -p my-app --bin my-app-codes -- docs",
//!     );
//! }
//!
//! #[test]
//! fn lock_is_fresh() {
//!     sponson_codes::testing::assert_lock_fresh(
//!         "docs/errors.lock.json",
//!         "cargo run -p my-app --bin my-app-codes -- lock",
//!     );
//! }
//! ```
//!
//! The page for agents and the types for other languages have the same
//! checks: [`assert_agents_fresh`] and [`assert_types_fresh`].
//!
//! Paths are relative to the working directory, which `cargo test` sets to
//! the package's directory. Setting [`BLESS_VAR`] (`SPONSON_CODES_BLESS=1`)
//! rewrites the files instead of failing. The markdown names `regenerate` on
//! its first line, so pass the command the companion binary prints, for the
//! files the helpers write to name it. The command a file records is not
//! compared: a file that differs from what would be written only there (the
//! companion run as `--bin target/debug/app` in one place and `--bin
//! /cache/debug/app` in another) is up to date, as it is for the companion's
//! `--check`.

use std::fmt;
use std::path::Path;

pub use crate::tooling::coverage;

use crate::code::EnumInfo;
use crate::tooling::catalog::Catalog;
use crate::tooling::files;
use crate::tooling::markdown::render_markdown;
use crate::tooling::stale::{self, LockState, Verdict};

pub use crate::tooling::generated::{
    assert_agents_fresh, assert_types_fresh, check_agents, check_types,
};
/// The check of a program's Fluent files (feature `fluent`).
#[cfg(feature = "fluent")]
#[cfg_attr(docsrs, doc(cfg(feature = "fluent")))]
pub use crate::tooling::locales::{assert_locales, check_locales};
/// The language of [`assert_types_fresh`] and [`check_types`] (also
/// `companion::types::Lang` with the companion).
pub use crate::tooling::types::Lang;

/// The environment variable that makes the helpers rewrite stale files.
pub const BLESS_VAR: &str = "SPONSON_CODES_BLESS";

/// What a check found, when it did not fail.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Freshness {
    /// The file already matched.
    Fresh,
    /// The file was stale or missing and has been rewritten.
    Blessed,
}

/// Why a check failed: a message with the diff and the regenerate command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stale {
    pub(crate) message: String,
}

impl Stale {
    /// The full message.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for Stale {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Stale {}

/// Whether [`BLESS_VAR`] asks to rewrite files: set to anything but `0` or empty.
pub fn bless_requested() -> bool {
    std::env::var_os(BLESS_VAR).is_some_and(|v| !v.is_empty() && v != "0")
}

/// Panics with a diff and the regenerate command when the markdown at `path`
/// differs from what the documented enums generate; rewrites it instead when
/// [`BLESS_VAR`] is set.
#[track_caller]
pub fn assert_docs_fresh(path: impl AsRef<Path>, regenerate: &str) {
    let enums = crate::code::registry::documented();
    if let Err(stale) = check_docs(path.as_ref(), regenerate, &enums, bless_requested()) {
        panic!("{stale}");
    }
}

/// Panics with the changes and the regenerate command when the lock at
/// `path` differs from the documented enums' catalog, naming each breaking
/// change; rewrites it instead when [`BLESS_VAR`] is set.
#[track_caller]
pub fn assert_lock_fresh(path: impl AsRef<Path>, regenerate: &str) {
    let enums = crate::code::registry::documented();
    if let Err(stale) = check_lock(path.as_ref(), regenerate, &enums, bless_requested()) {
        panic!("{stale}");
    }
}

/// Panics, naming each code and what to add where, unless every live code
/// of the package under test is raised in its `src/` and exercised by a
/// test (under `tests/` or in a `#[cfg(test)]` module), no retired code is
/// raised, and, for an enum with `#[codes(require_explain)]`, every live
/// code has a long explanation. See [`coverage::check`] for what counts.
///
/// The package is the one `cargo test` runs (`CARGO_PKG_NAME`), its
/// directory `CARGO_MANIFEST_DIR`; its enums are those of the registry of
/// the test binary, so name the crate that declares them (`use my_app as
/// _;`) in an integration test, or call this from the unit tests of a
/// binary that declares its codes itself.
///
/// ```no_run
/// // tests/codes.rs in the package that declares the codes
/// // use my_app as _; // link the crate, so that its codes are registered
///
/// #[test]
/// fn every_code_is_raised_and_tested() {
///     sponson_codes::testing::assert_covered();
/// }
/// ```
#[track_caller]
pub fn assert_covered() {
    let package = std::env::var("CARGO_PKG_NAME").unwrap_or_default();
    let dir = std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_else(|| ".".into());
    let dir = Path::new(&dir);
    if let Err(why) = check_package(&package, dir) {
        panic!("{why}");
    }
}

/// [`assert_covered`] for `package`, whose directory is `dir`.
fn check_package(package: &str, dir: &Path) -> Result<coverage::Coverage, String> {
    let enums: Vec<&EnumInfo> = crate::code::registry::documented()
        .into_iter()
        .filter(|e| e.crate_name == package)
        .collect();
    if enums.is_empty() {
        return Err(format!(
            "no code enum of the package `{package}` is linked into this test binary: name the crate that \
             declares them (`use my_app as _;`), or check a binary's codes from its own unit tests"
        ));
    }
    let sources = crate::tooling::coverage::read::read(
        (&dir.join("src"), "src"),
        (&dir.join("tests"), "tests"),
        false,
    )
    .map_err(|err| err.to_string())?;
    let coverage = coverage::check(&enums, &sources);
    if !coverage.skipped().is_empty() {
        return Err(format!(
            "{} of `{package}` not declared under src/ (or not with the variants the registry has): {}",
            if coverage.skipped().len() == 1 { "an enum is" } else { "enums are" },
            coverage.skipped().join(", ")
        ));
    }
    if !coverage.is_covered() {
        return Err(coverage.to_string());
    }
    Ok(coverage)
}

/// Compares the markdown at `path` with what `enums` generate; with `bless`,
/// rewrites a stale or missing file.
///
/// ```
/// use sponson_codes::testing::{check_docs, Freshness};
///
/// let dir = std::env::temp_dir().join(format!("sponson-docs-{}", std::process::id()));
/// let path = dir.join("errors.md");
/// let enums = sponson_codes::registry::documented();
/// assert!(check_docs(&path, "make docs", &enums, false).is_err());
/// assert_eq!(check_docs(&path, "make docs", &enums, true), Ok(Freshness::Blessed));
/// assert_eq!(check_docs(&path, "make docs", &enums, false), Ok(Freshness::Fresh));
/// # std::fs::remove_dir_all(dir).unwrap();
/// ```
pub fn check_docs(
    path: &Path,
    regenerate: &str,
    enums: &[&EnumInfo],
    bless: bool,
) -> Result<Freshness, Stale> {
    let markdown = render_markdown(enums, regenerate);
    let current = read(path)?;
    let shown = path.display().to_string();
    let message = match Verdict::of(current.as_deref(), &markdown) {
        Verdict::Fresh => return Ok(Freshness::Fresh),
        _ if bless => return write(path, &markdown),
        Verdict::Missing => format!("{}{}\n", stale::missing(&shown, regenerate), or_bless()),
        Verdict::Stale { diff } => {
            format!("{}{}\n{diff}", stale::stale(&shown, regenerate), or_bless())
        }
    };
    Err(Stale { message })
}

/// What the test helpers add to the companion's wording.
fn or_bless() -> String {
    format!(", or run the tests with {BLESS_VAR}=1")
}

/// Compares the lock at `path` with the contract of `enums`, naming each
/// breaking change; with `bless`, rewrites a stale or missing lock. Prose
/// (`doc`, `hint`, explanations) is not in the lock, so editing it never
/// makes the lock stale.
///
/// ```
/// use sponson_codes::testing::{check_lock, Freshness};
///
/// let dir = std::env::temp_dir().join(format!("sponson-lock-{}", std::process::id()));
/// let path = dir.join("errors.lock.json");
/// let enums = sponson_codes::registry::documented();
/// let err = check_lock(&path, "make lock", &enums, false).unwrap_err();
/// assert!(err.message().contains("make lock"));
/// assert_eq!(check_lock(&path, "make lock", &enums, true), Ok(Freshness::Blessed));
/// assert_eq!(check_lock(&path, "make lock", &enums, false), Ok(Freshness::Fresh));
/// # std::fs::remove_dir_all(dir).unwrap();
/// ```
pub fn check_lock(
    path: &Path,
    regenerate: &str,
    enums: &[&EnumInfo],
    bless: bool,
) -> Result<Freshness, Stale> {
    let live = Catalog::from_enums(enums);
    let json = live.to_lock_json();
    let current = read(path)?;
    if current.as_deref() == Some(json.as_bytes()) {
        return Ok(Freshness::Fresh);
    }
    if bless {
        return write(path, &json);
    }
    let shown = path.display().to_string();
    let Some(current) = current else {
        return Err(Stale {
            message: format!("{}{}\n", stale::missing(&shown, regenerate), or_bless()),
        });
    };
    let state = LockState::compare(&current, &live, &shown).map_err(|why| Stale {
        message: format!(
            "{why}; regenerate it with `{regenerate}`{}\n{}",
            or_bless(),
            Verdict::of(Some(&current), &json).diff()
        ),
    })?;
    let message = if state.report.is_breaking() {
        let (message, _) = state.breaking(&shown);
        format!(
            "{message}\n{} or {BLESS_VAR}=1\n{}",
            stale::accept_breaking(regenerate),
            state.report
        )
    } else {
        let behind = state.behind(&shown, regenerate).unwrap_or_default();
        format!("{behind}{}\n{}{}", or_bless(), state.report, state.diff)
    };
    Err(Stale { message })
}

fn read(path: &Path) -> Result<Option<Vec<u8>>, Stale> {
    files::read_optional(path).map_err(|e| Stale {
        message: format!("cannot read `{}`: {e}", path.display()),
    })
}

fn write(path: &Path, contents: &str) -> Result<Freshness, Stale> {
    files::write_atomic(path, contents)
        .map(|()| Freshness::Blessed)
        .map_err(|e| Stale {
            message: format!("cannot write `{}`: {e}", path.display()),
        })
}
