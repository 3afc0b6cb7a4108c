//! The stale checks of the files made for the programs and agents that read
//! a program's output (the types, the page for agents), as
//! [`testing::check_docs`](crate::testing::check_docs) checks the docs.
//! Re-exported from [`testing`](crate::testing).

use std::path::Path;

use crate::code::EnumInfo;
use crate::document::profile::Profile;
use crate::tooling::files;
use crate::tooling::markdown::render_agents;
use crate::tooling::stale::{self, Verdict};
use crate::tooling::testing::{bless_requested, Freshness, Stale, BLESS_VAR};
use crate::tooling::types::{render_types, Lang};

/// Panics with a diff and the regenerate command when the page for agents
/// at `path` differs from what the documented enums and the declared
/// profile generate; rewrites it instead when [`BLESS_VAR`] is set.
///
/// ```no_run
/// // tests/codes.rs, beside `assert_docs_fresh`
/// sponson_codes::testing::assert_agents_fresh(
///     "docs/SKILL.md",
///     "sponson-codes agents --bin target/debug/my-app",
/// );
/// ```
#[track_caller]
pub fn assert_agents_fresh(path: impl AsRef<Path>, regenerate: &str) {
    let enums = crate::code::registry::documented();
    let profile = crate::profile::declared();
    if let Err(stale) = check_agents(
        path.as_ref(),
        regenerate,
        &enums,
        profile,
        bless_requested(),
    ) {
        panic!("{stale}");
    }
}

/// Compares the page for agents at `path` with what `enums` in `profile`
/// generate; with `bless`, rewrites a stale or missing file.
///
/// ```
/// use sponson_codes::testing::{check_agents, Freshness};
///
/// let dir = std::env::temp_dir().join(format!("sponson-agents-{}", std::process::id()));
/// let path = dir.join("SKILL.md");
/// let enums = sponson_codes::registry::documented();
/// let profile = &sponson_codes::profile::SPONSON;
/// assert!(check_agents(&path, "make agents", &enums, profile, false).is_err());
/// assert_eq!(check_agents(&path, "make agents", &enums, profile, true), Ok(Freshness::Blessed));
/// assert_eq!(check_agents(&path, "make agents", &enums, profile, false), Ok(Freshness::Fresh));
/// # std::fs::remove_dir_all(dir).unwrap();
/// ```
pub fn check_agents(
    path: &Path,
    regenerate: &str,
    enums: &[&EnumInfo],
    profile: &Profile,
    bless: bool,
) -> Result<Freshness, Stale> {
    check(
        path,
        regenerate,
        &render_agents(enums, profile, regenerate),
        bless,
    )
}

/// Panics with a diff and the regenerate command when the types in `lang`
/// at `path` differ from what the documented enums and the declared profile
/// generate; rewrites them instead when [`BLESS_VAR`] is set.
///
/// ```no_run
/// use sponson_codes::testing::Lang;
///
/// sponson_codes::testing::assert_types_fresh(
///     "docs/errors.ts",
///     Lang::TypeScript,
///     "sponson-codes types --lang typescript --bin target/debug/my-app",
/// );
/// ```
#[track_caller]
pub fn assert_types_fresh(path: impl AsRef<Path>, lang: Lang, regenerate: &str) {
    let enums = crate::code::registry::documented();
    let profile = crate::profile::declared();
    let bless = bless_requested();
    if let Err(stale) = check_types(path.as_ref(), lang, regenerate, &enums, profile, bless) {
        panic!("{stale}");
    }
}

/// Compares the types in `lang` at `path` with what `enums` in `profile`
/// generate; with `bless`, rewrites a stale or missing file.
///
/// ```
/// use sponson_codes::testing::{check_types, Freshness, Lang};
///
/// let dir = std::env::temp_dir().join(format!("sponson-types-{}", std::process::id()));
/// let path = dir.join("errors.py");
/// let enums = sponson_codes::registry::documented();
/// let profile = &sponson_codes::profile::SPONSON;
/// let check = |bless| check_types(&path, Lang::Python, "make types", &enums, profile, bless);
/// assert!(check(false).is_err());
/// assert_eq!(check(true), Ok(Freshness::Blessed));
/// assert_eq!(check(false), Ok(Freshness::Fresh));
/// # std::fs::remove_dir_all(dir).unwrap();
/// ```
pub fn check_types(
    path: &Path,
    lang: Lang,
    regenerate: &str,
    enums: &[&EnumInfo],
    profile: &Profile,
    bless: bool,
) -> Result<Freshness, Stale> {
    let types = render_types(lang, enums, profile, regenerate);
    check(path, regenerate, &types, bless)
}

/// The file at `path` against `contents`, worded as the docs' check words it.
fn check(path: &Path, regenerate: &str, contents: &str, bless: bool) -> Result<Freshness, Stale> {
    let shown = path.display().to_string();
    let current = files::read_optional(path).map_err(|e| Stale {
        message: format!("cannot read `{shown}`: {e}"),
    })?;
    let or_bless = format!(", or run the tests with {BLESS_VAR}=1");
    let message = match Verdict::of(current.as_deref(), contents) {
        Verdict::Fresh => return Ok(Freshness::Fresh),
        _ if bless => {
            return files::write_atomic(path, contents)
                .map(|()| Freshness::Blessed)
                .map_err(|e| Stale {
                    message: format!("cannot write `{shown}`: {e}"),
                })
        }
        Verdict::Missing => format!("{}{or_bless}\n", stale::missing(&shown, regenerate)),
        Verdict::Stale { diff } => {
            format!("{}{or_bless}\n{diff}", stale::stale(&shown, regenerate))
        }
    };
    Err(Stale { message })
}
