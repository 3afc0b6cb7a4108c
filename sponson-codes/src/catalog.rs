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

use std::io::Write as _;
use std::path::Path;

use serde_json::{json, Map, Value};

use crate::code::registry::documented;
use crate::code::EnumInfo;
use crate::document::declared::all_declared;
use crate::document::profile::Profile;

#[cfg(feature = "testing")]
#[cfg_attr(docsrs, doc(cfg(feature = "testing")))]
pub use crate::tooling::catalog::{
    Catalog, CodeEntry, EnumEntry, EnvelopeEntry, ExitEntry, ProgramEntry, ReadError,
};
#[cfg(feature = "testing")]
#[cfg_attr(docsrs, doc(cfg(feature = "testing")))]
pub use crate::tooling::merge::{merge, program_name_problem, Conflict, Field, MergeError, Merged};

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
    let mut text = serde_json::to_string_pretty(&value_of(&documented(), profile, &profiles))
        .unwrap_or_default();
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
pub(crate) fn value_of(
    enums: &[&EnumInfo],
    profile: Option<&Profile>,
    declared: &[&Profile],
) -> Value {
    let mut catalog = Map::new();
    catalog.insert("format".into(), json!(FORMAT));
    catalog.insert("version".into(), json!(VERSION));
    catalog.insert("library".into(), json!(LIBRARY_VERSION));
    catalog.insert(
        "enums".into(),
        Value::Array(enums.iter().map(|e| enum_entry(e)).collect()),
    );
    let codes = enums
        .iter()
        .flat_map(|e| {
            e.table
                .iter()
                .enumerate()
                .map(move |(i, c)| code_entry(e, i, c))
        })
        .collect();
    catalog.insert("codes".into(), Value::Array(codes));
    if let Some(profile) = profile {
        catalog.insert("envelope".into(), profile.record());
    }
    if declared.len() > 1 {
        let names: Vec<&str> = declared.iter().map(|p| p.name).collect();
        catalog.insert("declared_profiles".into(), json!(names));
    }
    Value::Object(catalog)
}

fn declared_path(e: &EnumInfo) -> Option<String> {
    let declared = e.declared_path();
    (declared != e.path()).then_some(declared)
}

fn enum_entry(e: &EnumInfo) -> Value {
    let mut entry = Map::new();
    entry.insert("crate".into(), json!(e.crate_name));
    entry.insert("path".into(), json!(e.path()));
    if let Some(declared) = declared_path(e) {
        entry.insert("declared_path".into(), json!(declared));
    }
    entry.insert("name".into(), json!(e.name));
    entry.insert("module_path".into(), json!(e.module_path));
    entry.insert("explain".into(), json!(e.explain));
    let exits: Vec<Value> = e
        .exits
        .iter()
        .map(|x| json!({"exit": x.exit, "meaning": x.meaning}))
        .collect();
    entry.insert("exits".into(), Value::Array(exits));
    let fallback = if e.is_warnings() {
        ""
    } else {
        e.fallback_info().code
    };
    entry.insert("fallback".into(), json!(fallback));
    entry.insert("public".into(), json!(e.public));
    entry.insert("non_exhaustive".into(), json!(e.non_exhaustive));
    if e.deny_unknown {
        entry.insert("deny_unknown".into(), json!(true));
    }
    if e.is_warnings() {
        entry.insert("kind".into(), json!(e.kind.as_str()));
    }
    if e.require_explain {
        entry.insert("require_explain".into(), json!(true));
    }
    if let Some(domain) = e.grpc_domain {
        entry.insert("grpc_domain".into(), json!(domain));
    }
    if !e.sets.is_empty() {
        let sets: Vec<Value> = e
            .sets
            .iter()
            .map(|set| json!({"kind": set.kind.as_str(), "name": set.name, "codes": set.codes}))
            .collect();
        entry.insert("sets".into(), Value::Array(sets));
    }
    Value::Object(entry)
}

fn code_entry(e: &EnumInfo, index: usize, c: &crate::code::CodeInfo) -> Value {
    let mut entry = Map::new();
    entry.insert("code".into(), json!(c.code));
    entry.insert("exit".into(), json!(c.exit));
    entry.insert("doc".into(), json!(c.doc));
    if let Some(hint) = c.hint {
        entry.insert("hint".into(), json!(hint));
    }
    entry.insert("explain".into(), json!(c.explain));
    entry.insert("enum".into(), json!(e.path()));
    if let Some(declared) = declared_path(e) {
        entry.insert("declared_path".into(), json!(declared));
    }
    entry.insert("crate".into(), json!(e.crate_name));
    entry.insert("variant".into(), json!(c.variant));
    if !e.is_warnings() && index == e.fallback {
        entry.insert("fallback".into(), json!(true));
    }
    if e.is_warnings() {
        entry.insert("warning".into(), json!(true));
    }
    if c.usage {
        entry.insert("usage".into(), json!(true));
    }
    if let Some(retired) = c.retired {
        entry.insert("retired".into(), json!(retired));
    }
    if let Some(http) = c.http {
        entry.insert("http".into(), json!(http));
    }
    if let Some(url) = c.url {
        entry.insert("url".into(), json!(url));
    }
    if let Some(retryable) = c.retryable {
        entry.insert("retryable".into(), json!(retryable));
    }
    if let Some(grpc) = c.grpc {
        entry.insert("grpc".into(), json!(grpc));
    }
    Value::Object(entry)
}
