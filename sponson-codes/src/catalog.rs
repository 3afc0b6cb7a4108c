//! The catalog: every code a program links, as one versioned JSON document.
//! It is what a program hands the companion, which does everything else
//! outside the program (docs, lock, check, explain, list, schema):
//!
//! ```no_run
//! // First thing in `main`: `SPONSON_CODES_CATALOG=1 my-app` prints the
//! // catalog and exits, so that `sponson-codes docs --bin target/debug/my-app`
//! // can read it; otherwise the program runs as before.
//! sponson_codes::catalog::export_if_requested();
//! ```
//!
//! A crate without a binary writes it from a test with [`write()`], and the
//! companion reads it with `--catalog`. The catalog carries its format
//! version and the library version that wrote it, so that a companion older
//! or newer than the program says which to install instead of misreading it.
//!
//! This is the program's side: it writes the catalog. Reading one back,
//! checking and merging catalogs is the companion's, in
//! `sponson_codes::companion::catalog` (feature `companion`).

use std::io::Write as _;
use std::path::Path;

use crate::code::registry::documented;
use crate::code::EnumInfo;
use crate::document::declared::all_declared;
use crate::document::profile::Profile;
use crate::json::tree::Tree;

/// The value of the catalog's `format` member.
pub const FORMAT: &str = "sponson-codes/catalog";

/// The catalog version this library writes, and the only one its companion
/// reads. Version 2 names each enum by name and module, calls the enum's
/// doc comment `explain` (as `EnumInfo` does), records the profile's whole
/// definition and the library version.
pub const VERSION: u32 = 2;

/// The environment variable that makes [`export_if_requested`] print the
/// catalog: set to anything but empty or `0`.
pub const ENV_VAR: &str = "SPONSON_CODES_CATALOG";

/// The version of sponson-codes that writes the catalog.
pub const LIBRARY_VERSION: &str = env!("CARGO_PKG_VERSION");

/// Prints the catalog of every documented enum linked into this program on
/// stdout and exits 0, when [`ENV_VAR`] asks for it (as `clap_complete`'s
/// `CompleteEnv` does for completions); returns at once otherwise. Call it
/// first thing in `main`, before parsing arguments.
///
/// A stdout that cannot be written exits 1.
pub fn export_if_requested() {
    if !requested() {
        return;
    }
    let mut stdout = std::io::stdout().lock();
    let written = stdout
        .write_all(to_json().as_bytes())
        .and_then(|()| stdout.flush());
    std::process::exit(if written.is_ok() { 0 } else { 1 });
}

/// Whether [`ENV_VAR`] asks for the catalog.
pub fn requested() -> bool {
    std::env::var_os(ENV_VAR).is_some_and(|value| !value.is_empty() && value != "0")
}

/// The catalog of every documented enum linked into this program (see
/// [`registry::documented`](crate::registry::documented)) and the profile
/// it declared, as pretty-printed JSON with a final newline: the same bytes
/// for the same codes.
///
/// ```
/// let catalog: serde_json::Value = serde_json::from_str(&sponson_codes::catalog::to_json()).unwrap();
/// assert_eq!(catalog["format"], "sponson-codes/catalog");
/// assert_eq!(catalog["version"], 2);
/// ```
pub fn to_json() -> String {
    let profiles = all_declared();
    // Several profiles are a conflict the companion's `check` reports.
    let profile = match profiles.as_slice() {
        [] => None,
        [one] => Some(*one),
        _ => profiles.first().copied(),
    };
    let mut text = tree_of(&documented(), profile, &profiles).to_pretty();
    text.push('\n');
    text
}

/// Writes [`to_json()`] to `path`: the way a crate without a binary hands
/// its catalog to the companion, from a test.
///
/// ```no_run
/// #[test]
/// fn catalog() {
///     sponson_codes::catalog::write("target/errors.catalog.json").unwrap();
/// }
/// ```
pub fn write(path: impl AsRef<Path>) -> std::io::Result<()> {
    std::fs::write(path, to_json())
}

/// The catalog of `enums`, in the order given, recording `profile` as the
/// program's envelope and `declared` as every profile it declared.
#[cfg(feature = "testing")]
pub(crate) fn value_of(
    enums: &[&EnumInfo],
    profile: Option<&Profile>,
    declared: &[&Profile],
) -> serde_json::Value {
    tree_of(enums, profile, declared).to_value()
}

/// [`value_of`]'s tree: what [`to_json`] writes.
fn tree_of<'a>(
    enums: &[&'a EnumInfo],
    profile: Option<&Profile>,
    declared: &[&Profile],
) -> Tree<'a> {
    let mut catalog = vec![
        ("format", Tree::from(FORMAT)),
        ("version", Tree::from(u64::from(VERSION))),
        ("library", Tree::from(LIBRARY_VERSION)),
        (
            "enums",
            Tree::Array(enums.iter().map(|e| enum_entry(e)).collect()),
        ),
    ];
    let mut codes = Vec::new();
    for e in enums {
        for (i, c) in e.table.iter().enumerate() {
            codes.push(code_entry(e, i, c));
        }
    }
    catalog.push(("codes", Tree::Array(codes)));
    if let Some(profile) = profile {
        catalog.push(("envelope", profile.record_tree()));
    }
    if declared.len() > 1 {
        let names = declared.iter().map(|p| Tree::from(p.name)).collect();
        catalog.push(("declared_profiles", Tree::Array(names)));
    }
    Tree::Object(catalog)
}

fn declared_path(e: &EnumInfo) -> Option<String> {
    let declared = e.declared_path();
    (declared != e.path()).then_some(declared)
}

fn enum_entry<'a>(e: &'a EnumInfo) -> Tree<'a> {
    let mut entry = vec![
        ("crate", Tree::from(e.crate_name)),
        ("path", Tree::from(e.path())),
    ];
    if let Some(declared) = declared_path(e) {
        entry.push(("declared_path", Tree::from(declared)));
    }
    entry.push(("name", Tree::from(e.name)));
    entry.push(("module_path", Tree::from(e.module_path)));
    entry.push(("explain", Tree::from(e.explain)));
    let exits = e
        .exits
        .iter()
        .map(|x| {
            Tree::Object(vec![
                ("exit", Tree::from(u64::from(x.exit))),
                ("meaning", Tree::from(x.meaning)),
            ])
        })
        .collect();
    entry.push(("exits", Tree::Array(exits)));
    let fallback = if e.is_warnings() {
        ""
    } else {
        e.fallback_info().code
    };
    entry.push(("fallback", Tree::from(fallback)));
    entry.push(("public", Tree::from(e.public)));
    entry.push(("non_exhaustive", Tree::from(e.non_exhaustive)));
    if let Some(bin) = e.bin {
        entry.push(("bin", Tree::from(bin)));
    }
    if e.deny_unknown {
        entry.push(("deny_unknown", Tree::from(true)));
    }
    if e.is_warnings() {
        entry.push(("kind", Tree::from(e.kind.as_str())));
    }
    if e.require_explain {
        entry.push(("require_explain", Tree::from(true)));
    }
    if let Some(domain) = e.grpc_domain {
        entry.push(("grpc_domain", Tree::from(domain)));
    }
    if !e.sets.is_empty() {
        let sets = e
            .sets
            .iter()
            .map(|set| {
                Tree::Object(vec![
                    ("kind", Tree::from(set.kind.as_str())),
                    ("name", Tree::from(set.name)),
                    (
                        "codes",
                        Tree::Array(set.codes.iter().map(|c| Tree::from(*c)).collect()),
                    ),
                ])
            })
            .collect();
        entry.push(("sets", Tree::Array(sets)));
    }
    if let Some(compat) = e.compat {
        entry.push(("compat", Tree::from(compat)));
    }
    Tree::Object(entry)
}

fn code_entry<'a>(e: &'a EnumInfo, index: usize, c: &'a crate::code::CodeInfo) -> Tree<'a> {
    let mut entry = vec![
        ("code", Tree::from(c.code)),
        ("exit", Tree::from(u64::from(c.exit))),
        ("doc", Tree::from(c.doc)),
    ];
    if let Some(hint) = c.hint {
        entry.push(("hint", Tree::from(hint)));
    }
    entry.push(("explain", Tree::from(c.explain)));
    entry.push(("enum", Tree::from(e.path())));
    if let Some(declared) = declared_path(e) {
        entry.push(("declared_path", Tree::from(declared)));
    }
    entry.push(("crate", Tree::from(e.crate_name)));
    entry.push(("variant", Tree::from(c.variant)));
    if !e.is_warnings() && index == e.fallback {
        entry.push(("fallback", Tree::from(true)));
    }
    if e.is_warnings() {
        entry.push(("warning", Tree::from(true)));
    }
    if c.usage {
        entry.push(("usage", Tree::from(true)));
    }
    if let Some(retired) = c.retired {
        entry.push(("retired", Tree::from(retired)));
    }
    if let Some(http) = c.http {
        entry.push(("http", Tree::from(u64::from(http))));
    }
    if let Some(url) = c.url {
        entry.push(("url", Tree::from(url)));
    }
    if let Some(retryable) = c.retryable {
        entry.push(("retryable", Tree::from(retryable)));
    }
    if let Some(grpc) = c.grpc {
        entry.push(("grpc", Tree::from(grpc)));
    }
    if !c.aliases.is_empty() {
        let aliases = c.aliases.iter().map(|a| Tree::from(*a)).collect();
        entry.push(("aliases", Tree::Array(aliases)));
    }
    if let Some(split_from) = c.split_from {
        entry.push(("split_from", Tree::from(split_from)));
    }
    if let Some(number) = c.number {
        entry.push(("number", Tree::from(number)));
    }
    if !c.details.is_empty() {
        let details = c.details.iter().map(|d| Tree::from(*d)).collect();
        entry.push(("details", Tree::Array(details)));
    }
    Tree::Object(entry)
}

#[cfg(all(test, feature = "testing"))]
mod tests {
    use std::collections::BTreeSet;

    use crate::code::ErrorCode;
    use crate::json::tree::Tree;
    use crate::profile::{FIRSTDRAFT, NOGGIN};
    use crate::{ErrorCodes, WarningCode, WarningCodes};

    /// An enum that gives the catalog every optional member to write.
    #[allow(dead_code)]
    #[derive(Debug, Clone, Copy, PartialEq, ErrorCodes)]
    #[codes(
        crate = crate,
        path = "every::Code",
        deny_unknown,
        require_explain,
        grpc_domain = "every.example",
        url = "https://every.example/errors#{code}",
        compat = "strict",
        commands(apply = [LockHeld])
    )]
    enum Every {
        /// Wait for the other run.
        #[code(
            exit = 3,
            doc = "Another run holds the lock.",
            hint = "Wait.",
            http = 409,
            retryable = true,
            grpc = "ABORTED",
            number = 1042,
            alias = "LOCKED",
            split_from = "PLAN_V1"
        )]
        LockHeld,
        /// Plans are migrated on read.
        #[code(exit = 2, doc = "The v1 plan format.", retired = "0.3")]
        PlanV1,
        /// The command line is wrong.
        #[code(exit = 2, doc = "The request is malformed.", usage)]
        Usage,
        /// A bug.
        #[code(exit = 1, doc = "An unexpected error.", fallback)]
        Internal,
    }

    #[allow(dead_code)]
    #[derive(Debug, Clone, Copy, PartialEq, WarningCodes)]
    #[codes(crate = crate)]
    enum Notes {
        #[code(doc = "The plan is old.")]
        PlanOld,
    }

    /// Every member name of the objects in `tree`; of the envelope (the
    /// profile as data, described where profiles are), only its own.
    fn members(tree: &Tree<'_>, names: &mut BTreeSet<&'static str>) {
        match tree {
            Tree::Object(entries) => {
                for (name, value) in entries {
                    names.insert(name);
                    if *name == "envelope" {
                        if let Tree::Object(own) = value {
                            names.extend(own.iter().map(|(name, _)| *name));
                        }
                    } else {
                        members(value, names);
                    }
                }
            }
            Tree::Array(items) => items.iter().for_each(|item| members(item, names)),
            _ => {}
        }
    }

    #[test]
    fn every_member_the_catalog_writes_is_documented_in_docs_codes_md() {
        let docs = include_str!("../../docs/codes.md");
        let start = docs.find("## The JSON catalog").expect("the section");
        let section = &docs[start..];
        let section = &section[..section[3..]
            .find("\n## ")
            .map_or(section.len(), |end| end + 3)];
        // Declared in a binary, as cargo says when it compiles one.
        let every = crate::code::EnumInfo {
            bin: Some("app"),
            ..*Every::ENUM
        };
        let tree = super::tree_of(
            &[&every, Notes::ENUM],
            Some(&NOGGIN),
            &[&NOGGIN, &FIRSTDRAFT],
        );
        let mut names = BTreeSet::new();
        members(&tree, &mut names);
        let undocumented: Vec<_> = names
            .into_iter()
            .filter(|name| {
                !section.contains(&format!("`{name}`")) && !section.contains(&format!("\"{name}\""))
            })
            .collect();
        assert!(
            undocumented.is_empty(),
            "docs/codes.md's JSON catalog section does not name {undocumented:?}"
        );
    }

    /// The catalog is written without serde_json; its text is what
    /// serde_json writes for the same value, byte for byte.
    #[test]
    fn the_catalog_text_is_serde_jsons_for_its_value() {
        let enums = crate::registry::registered();
        assert!(enums.len() > 3, "the test build registers enums");
        for (profile, declared) in [
            (Some(&NOGGIN), vec![&NOGGIN, &FIRSTDRAFT]),
            (Some(&FIRSTDRAFT), vec![&FIRSTDRAFT]),
            (None, vec![]),
        ] {
            let tree = super::tree_of(&enums, profile, &declared);
            let expected = serde_json::to_string_pretty(&tree.to_value()).unwrap();
            assert_eq!(tree.to_pretty(), expected);
        }
    }
}
