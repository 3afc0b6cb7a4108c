//! Compatibility: the live codes compared with a committed lock, the codes
//! a release promised.
//!
//! The lock holds the contract only: each code's string, exit code, enum,
//! crate, Rust variant, whether it is retired, its HTTP status when it has
//! one, whether it is retryable when it says, its number when it gives
//! one, its old names (`alias`) and the code it was split from when it has
//! them, its gRPC status when its enum speaks gRPC, and the declared error
//! sets of commands, routes and tools. The verdicts are given under a
//! compatibility [`Level`]. Prose (`doc`, `hint`, the
//! explanation, the retirement note, the enum's doc comment) is not in it, so
//! fixing a typo never makes the lock stale.
//!
//! Callers see a code string and an exit code, so codes are matched by their
//! string across all enums; a rename is told from a removal by the Rust
//! variant, which keeps its name when only its code string changes.
//!
//! The lock names an enum by where it is declared (`module::Name`), not by
//! the path users import it by (`#[codes(path = "...")]`): declaring or
//! changing that path changes nothing in the lock. Moving the enum to
//! another module changes its `enum` entries, so the lock is behind, but
//! nothing breaks: codes are matched by their string.

use core::fmt;
use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use crate::tooling::catalog::{Catalog, CodeEntry, EnumEntry, EnvelopeEntry, ReadError, SetEntry};

/// The value of a lock file's `format` field.
pub const LOCK_FORMAT: &str = "sponson-codes/lock";

/// The lock file's version: its own, apart from the catalog's.
pub const LOCK_VERSION: u32 = 1;

/// The lock file: the contract of every code, nothing else.
#[derive(Serialize, Deserialize)]
struct LockFile {
    format: String,
    version: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    envelope: Option<LockEnvelope>,
    codes: Vec<LockCode>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    sets: Vec<LockSet>,
}

/// One declared error set: the codes a command, route or tool may return.
#[derive(Serialize, Deserialize)]
struct LockSet {
    #[serde(rename = "enum")]
    enum_path: String,
    #[serde(rename = "crate")]
    crate_name: String,
    kind: String,
    name: String,
    codes: Vec<String>,
}

/// What the lock keeps of the profile: its name, version and shape.
#[derive(Serialize, Deserialize)]
struct LockEnvelope {
    profile: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    version: Option<u32>,
    shape: String,
}

/// One code's contract: what a caller or a Rust consumer can break on.
#[derive(Serialize, Deserialize)]
struct LockCode {
    code: String,
    exit: u8,
    #[serde(rename = "enum")]
    enum_path: String,
    #[serde(rename = "crate")]
    crate_name: String,
    variant: String,
    #[serde(default, skip_serializing_if = "is_false")]
    retired: bool,
    /// A warning code (its exit is 0): absent for error codes.
    #[serde(default, skip_serializing_if = "is_false")]
    warning: bool,
    /// Web clients branch on the status as scripts do on the exit code.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    http: Option<u16>,
    /// Clients retry on it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    retryable: Option<bool>,
    /// gRPC clients branch on the status.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    grpc: Option<String>,
    /// Old names readers still accept: dropping one is breaking.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    aliases: Vec<String>,
    /// The broader code this one refines.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    split_from: Option<String>,
    /// Clients of JSON-RPC and FFI branch on the number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    number: Option<i32>,
}

fn is_false(value: &bool) -> bool {
    !*value
}

impl Catalog {
    /// The lock of these codes as pretty-printed JSON with a final newline:
    /// the contract only (code, exit, enum, crate, variant, whether it is
    /// retired or a warning, HTTP status), so the same bytes for the same
    /// contract whatever the prose says.
    ///
    /// [`Catalog::read_lock`] reads it back, with empty prose.
    ///
    /// ```
    /// use sponson_codes::companion::catalog::Catalog;
    ///
    /// let live = Catalog::from_enums(&sponson_codes::registry::documented());
    /// let lock = live.to_lock_json();
    /// assert!(lock.starts_with("{\n  \"format\": \"sponson-codes/lock\",\n  \"version\": 1,"));
    /// assert!(sponson_codes::companion::lock::compare(&Catalog::read_lock(&lock).unwrap(), &live).is_unchanged());
    /// ```
    pub fn to_lock_json(&self) -> String {
        let grpc = GrpcEnums::of(self);
        let lock = LockFile {
            format: LOCK_FORMAT.to_owned(),
            version: LOCK_VERSION,
            envelope: self.envelope.as_ref().map(|e| LockEnvelope {
                profile: e.profile.clone(),
                version: e.version,
                shape: e.shape.clone(),
            }),
            codes: self
                .codes
                .iter()
                .map(|c| LockCode {
                    code: c.code.clone(),
                    exit: c.exit,
                    enum_path: declared(c).to_owned(),
                    crate_name: c.crate_name.clone(),
                    variant: c.variant.clone(),
                    retired: c.retired.is_some(),
                    warning: c.warning,
                    http: c.http,
                    retryable: c.retryable,
                    grpc: grpc.of_code(c).map(str::to_owned),
                    aliases: c.aliases.clone(),
                    split_from: c.split_from.clone(),
                    number: c.number,
                })
                .collect(),
            sets: self
                .enums
                .iter()
                .flat_map(|e| {
                    let path = e.declared_path.as_deref().unwrap_or(&e.path);
                    e.sets.iter().map(move |set| LockSet {
                        enum_path: path.to_owned(),
                        crate_name: e.crate_name.clone(),
                        kind: set.kind.clone(),
                        name: set.name.clone(),
                        codes: set.codes.clone(),
                    })
                })
                .collect(),
        };
        let mut json = serde_json::to_string_pretty(&lock)
            .expect("a lock holds only strings, numbers and booleans");
        json.push('\n');
        json
    }

    /// A lock file read as a catalog whose prose is empty.
    pub(crate) fn from_lock_value(value: serde_json::Value) -> Result<Catalog, ReadError> {
        let lock: LockFile =
            serde_json::from_value(value).map_err(|e| ReadError::Json(e.to_string()))?;
        let codes = lock
            .codes
            .into_iter()
            .map(|c| CodeEntry {
                code: c.code,
                exit: c.exit,
                doc: String::new(),
                hint: None,
                explain: String::new(),
                enum_path: c.enum_path,
                declared_path: None,
                crate_name: c.crate_name,
                variant: c.variant,
                fallback: false,
                warning: c.warning,
                usage: false,
                retired: c.retired.then(String::new),
                http: c.http,
                url: None,
                retryable: c.retryable,
                grpc: c.grpc,
                aliases: c.aliases,
                split_from: c.split_from,
                number: c.number,
                details: Vec::new(),
                program: None,
            })
            .collect();
        // An enum of a lock is what its sets need: where it is declared.
        let mut enums: Vec<EnumEntry> = Vec::new();
        for set in lock.sets {
            let at = match enums
                .iter()
                .position(|e| e.path == set.enum_path && e.crate_name == set.crate_name)
            {
                Some(at) => at,
                None => {
                    enums.push(EnumEntry::named(set.enum_path, set.crate_name));
                    enums.len() - 1
                }
            };
            enums[at].sets.push(SetEntry {
                kind: set.kind,
                name: set.name,
                codes: set.codes,
            });
        }
        Ok(Catalog {
            format: LOCK_FORMAT.to_owned(),
            version: lock.version,
            enums,
            codes,
            envelope: lock.envelope.map(|e| EnvelopeEntry {
                profile: e.profile,
                version: e.version,
                shape: e.shape,
                definition: None,
            }),
            library: String::new(),
            declared_profiles: Vec::new(),
            programs: Vec::new(),
        })
    }
}

/// One difference between the lock and the live codes.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Change {
    /// A code the lock does not list: additive.
    Added {
        /// The new code.
        code: String,
        /// The enum that declares it.
        enum_path: String,
    },
    /// A code the lock lists is now retired: additive, it stays documented.
    Retired {
        /// The retired code.
        code: String,
        /// Why it is retired.
        reason: String,
    },
    /// A code the lock lists is gone: breaking.
    Removed {
        /// The removed code.
        code: String,
        /// The enum that declared it.
        enum_path: String,
    },
    /// A code's exit code changed: breaking.
    ChangedExit {
        /// The code.
        code: String,
        /// The exit code in the lock.
        from: u8,
        /// The exit code now.
        to: u8,
    },
    /// A code's HTTP status changed: breaking when the lock recorded one
    /// (web clients branch on it), additive when the code had none.
    ChangedHttp {
        /// The code.
        code: String,
        /// The status in the lock, if it recorded one.
        from: Option<u16>,
        /// The status now.
        to: u16,
    },
    /// The same variant now has a different code string: breaking.
    Renamed {
        /// The code in the lock.
        from: String,
        /// The code now.
        to: String,
        /// The enum and variant, `path::Variant`.
        variant: String,
    },
    /// A code renamed that keeps its old name as an alias
    /// (`#[code(alias = "...")]`), so readers still accept it: additive
    /// (breaking under [`Level::Strict`], since writers write the new name).
    Aliased {
        /// The code in the lock, now an alias.
        from: String,
        /// The code now.
        to: String,
        /// The enum that declares it.
        enum_path: String,
    },
    /// A code gained an alias it did not have: additive.
    AliasAdded {
        /// The code.
        code: String,
        /// The new alias.
        alias: String,
    },
    /// An alias the lock lists is no longer read: breaking, old documents
    /// with it read as the fallback.
    AliasRemoved {
        /// The code that had it.
        code: String,
        /// The alias dropped.
        alias: String,
    },
    /// A code refined into new ones (`#[code(split_from = "...")]`):
    /// additive while the broad code is kept or retired (breaking under
    /// [`Level::Strict`], since the new codes are new), breaking when it is
    /// removed.
    Split {
        /// The broad code, which the lock lists.
        from: String,
        /// The new codes that refine it, in the live order.
        into: Vec<String>,
        /// Whether the broad code is gone from the live codes.
        removed: bool,
    },
    /// A code the lock lists as retired is raised again: breaking.
    RetiredReused {
        /// The code.
        code: String,
        /// The enum that raises it now.
        enum_path: String,
    },
    /// The envelope's shape changed and its version did not: breaking, since
    /// a consumer has no way to tell.
    EnvelopeChanged {
        /// The shape in the lock.
        from: String,
        /// The shape now.
        to: String,
        /// The profile's version key, when it has one, to name in the remedy.
        version_key: Option<String>,
    },
    /// The envelope's version changed: announced to consumers, who branch on it.
    EnvelopeVersion {
        /// The version in the lock.
        from: Option<u32>,
        /// The version now.
        to: Option<u32>,
    },
    /// The envelope gained optional members (such as `retryable`) and
    /// nothing else changed: additive, since a consumer ignores members it
    /// does not know.
    EnvelopeExtended {
        /// The shape in the lock.
        from: String,
        /// The shape now.
        to: String,
    },
    /// Whether a code is retryable changed: breaking when the lock recorded
    /// a value (clients retry on it, or stop retrying), additive when the
    /// code declares it for the first time.
    ChangedRetryable {
        /// The code.
        code: String,
        /// The value in the lock, if it recorded one.
        from: Option<bool>,
        /// The value now, if any.
        to: Option<bool>,
    },
    /// A code's gRPC status changed: breaking when the lock recorded one,
    /// additive when its enum starts speaking gRPC.
    ChangedGrpc {
        /// The code.
        code: String,
        /// The status in the lock, if it recorded one.
        from: Option<String>,
        /// The status now, if any.
        to: Option<String>,
    },
    /// A code's number (`#[code(number = N)]`) changed or was removed:
    /// breaking, since JSON-RPC and FFI clients branch on it; additive when
    /// the code gives one for the first time.
    ChangedNumber {
        /// The code.
        code: String,
        /// The number in the lock, if it recorded one.
        from: Option<i32>,
        /// The number now, if any.
        to: Option<i32>,
    },
    /// A command, route or tool may now return a code its set did not
    /// list (or declares no set any more, so may return any code): breaking
    /// when consumers were promised the set was closed, additive under a
    /// profile with [`open_codes`](crate::profile::Profile::open_codes)
    /// (noggin's "additions are non-breaking").
    SetWidened {
        /// `command`, `route` or `tool`.
        kind: String,
        /// The command, route or tool.
        name: String,
        /// The code added, or `None` when the set is no longer declared.
        code: Option<String>,
        /// Whether the profile tells consumers to expect unknown codes.
        open: bool,
    },
    /// A command, route or tool no longer returns a code, or declares its
    /// set for the first time: additive, the promise only narrows.
    SetNarrowed {
        /// `command`, `route` or `tool`.
        kind: String,
        /// The command, route or tool.
        name: String,
        /// The code removed, or `None` when the set is newly declared.
        code: Option<String>,
    },
}

/// A compatibility level: the rules by which the lock judges a change.
///
/// Chosen on the enum (`#[codes(compat = "strict")]`, [`EnumInfo::compat`](crate::registry::EnumInfo::compat))
/// or per check (`check --level strict`), which overrides it.
///
/// ```
/// use sponson_codes::companion::lock::{Change, Level};
///
/// let added: Change = Change::Added { code: "LOCK_LOST".into(), enum_path: "plan::Code".into() };
/// assert!(!added.is_breaking_under(Level::Additive));
/// assert!(added.is_breaking_under(Level::Strict));
/// assert_eq!(added.rule(), "a new code");
/// assert_eq!(Level::from_name("strict"), Some(Level::Strict));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[non_exhaustive]
pub enum Level {
    /// A new code is additive: consumers treat an unknown code as the
    /// fallback, as noggin's spec says. The default.
    #[default]
    Additive,
    /// A new code is breaking too, a renamed or split code included, for
    /// consumers that switch exhaustively or refuse unknown codes
    /// (`deny_unknown`).
    Strict,
}

impl Level {
    /// The level's name: `additive` or `strict`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Level::Additive => "additive",
            Level::Strict => "strict",
        }
    }

    /// The level named `name` by [`as_str`](Level::as_str).
    pub fn from_name(name: &str) -> Option<Self> {
        [Level::Additive, Level::Strict]
            .into_iter()
            .find(|level| level.as_str() == name)
    }

    /// The strictest level the `catalog`'s enums choose
    /// (`#[codes(compat = "...")]`), [`Level::Additive`] when none does.
    pub fn of(catalog: &Catalog) -> Level {
        catalog
            .enums
            .iter()
            .filter_map(|e| e.compat.as_deref().and_then(Level::from_name))
            .max()
            .unwrap_or_default()
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Change {
    /// Whether the change breaks the promise the lock records, under the
    /// usual level, [`Level::Additive`].
    pub fn is_breaking(&self) -> bool {
        self.is_breaking_under(Level::Additive)
    }

    /// Whether the change breaks the promise under `level`: what breaks
    /// under [`Level::Additive`] breaks under every level, and
    /// [`Level::Strict`] adds a new code string (added, renamed with an
    /// alias, or split from another).
    pub fn is_breaking_under(&self, level: Level) -> bool {
        let new_string = matches!(
            self,
            Change::Added { .. } | Change::Aliased { .. } | Change::Split { .. }
        );
        self.breaks_additive() || (level == Level::Strict && new_string)
    }

    /// The rule the verdict applies, as the verdict names it: `a new
    /// code`, `a removed code`, `a changed exit code`, ...
    pub fn rule(&self) -> &'static str {
        match self {
            Change::Added { .. } => "a new code",
            Change::Retired { .. } => "a retired code",
            Change::Removed { .. } => "a removed code",
            Change::ChangedExit { .. } => "a changed exit code",
            Change::ChangedHttp { from: None, .. } => "a first HTTP status",
            Change::ChangedHttp { .. } => "a changed HTTP status",
            Change::Renamed { .. } => "a renamed code",
            Change::Aliased { .. } => "a renamed code that keeps its old name as an alias",
            Change::AliasAdded { .. } => "a new alias",
            Change::AliasRemoved { .. } => "a dropped alias",
            Change::Split { removed: false, .. } => "a split code, the broad code kept or retired",
            Change::Split { removed: true, .. } => "a split code, the broad code removed",
            Change::RetiredReused { .. } => "a retired code raised again",
            Change::EnvelopeChanged { .. } => "a changed envelope shape with the same version",
            Change::EnvelopeVersion { .. } => "a new envelope version",
            Change::EnvelopeExtended { .. } => "new optional envelope members",
            Change::ChangedRetryable { from: None, .. } => "a first retryable",
            Change::ChangedRetryable { .. } => "a changed retryable",
            Change::ChangedGrpc { from: None, .. } => "a first gRPC status",
            Change::ChangedGrpc { .. } => "a changed gRPC status",
            Change::ChangedNumber { from: None, .. } => "a first number",
            Change::ChangedNumber { .. } => "a changed number",
            Change::SetWidened { open: true, .. } => "a widened set, open codes",
            Change::SetWidened { .. } => "a widened set",
            Change::SetNarrowed { .. } => "a narrowed set",
        }
    }

    /// Whether the change breaks under [`Level::Additive`].
    fn breaks_additive(&self) -> bool {
        !matches!(
            self,
            Change::Added { .. }
                | Change::Retired { .. }
                | Change::Aliased { .. }
                | Change::AliasAdded { .. }
                | Change::Split { removed: false, .. }
                | Change::ChangedHttp { from: None, .. }
                | Change::EnvelopeVersion { .. }
                | Change::EnvelopeExtended { .. }
                | Change::ChangedRetryable { from: None, .. }
                | Change::ChangedGrpc { from: None, .. }
                | Change::ChangedNumber { from: None, .. }
                | Change::SetWidened { open: true, .. }
                | Change::SetNarrowed { .. }
        )
    }
}

impl fmt::Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Change::Added { code, enum_path } => {
                write!(f, "added code `{code}` in `{enum_path}`")
            }
            Change::Retired { code, reason } => write!(f, "retired code `{code}` ({reason})"),
            Change::Removed { code, enum_path } => write!(
                f,
                "removed code `{code}` from `{enum_path}`; keep the variant with `#[code(..., retired = \"...\")]` instead"
            ),
            Change::ChangedExit { code, from, to } => write!(
                f,
                "changed the exit code of `{code}` from {from} to {to}; scripts branch on it, so add a new code instead"
            ),
            Change::ChangedHttp {
                code,
                from: Some(from),
                to,
            } => write!(
                f,
                "changed the HTTP status of `{code}` from {from} to {to}; web clients branch on it, so add a new code instead"
            ),
            Change::ChangedHttp {
                code,
                from: None,
                to,
            } => write!(f, "gave `{code}` the HTTP status {to}"),
            Change::Renamed { from, to, variant } => write!(
                f,
                "renamed code `{from}` to `{to}` (variant `{variant}`); keep `{from}` readable with `alias = \"{from}\"`, keep the code with `name = \"{from}\"`, or retire it and add `{to}` as a new variant"
            ),
            Change::Aliased {
                from,
                to,
                enum_path,
            } => write!(
                f,
                "renamed code `{from}` to `{to}` in `{enum_path}`, keeping `{from}` as an alias that readers accept"
            ),
            Change::AliasAdded { code, alias } => {
                write!(f, "gave `{code}` the alias `{alias}`")
            }
            Change::AliasRemoved { code, alias } => write!(
                f,
                "dropped the alias `{alias}` of `{code}`; documents with `{alias}` now read as the fallback, so keep it with `alias = \"{alias}\"`"
            ),
            Change::Split {
                from,
                into,
                removed,
            } => {
                let into: Vec<String> = into.iter().map(|c| format!("`{c}`")).collect();
                write!(f, "`{from}` was split into {}", into.join(", "))?;
                if *removed {
                    write!(
                        f,
                        "; `{from}` is gone, so programs that branch on it break: keep it, retired with `#[deprecated = \"...\"]`"
                    )?;
                }
                Ok(())
            }
            Change::RetiredReused { code, enum_path } => write!(
                f,
                "reused retired code `{code}` in `{enum_path}`; retired codes are never reused, pick a new code"
            ),
            Change::EnvelopeChanged {
                from,
                to,
                version_key: Some(key),
            } => write!(
                f,
                "changed the envelope's shape from `{from}` to `{to}` without changing `{key}`; bump the profile's version so consumers can tell"
            ),
            Change::EnvelopeChanged { from, to, .. } => write!(
                f,
                "changed the envelope's shape from `{from}` to `{to}`; consumers parse it, so give the profile a version and bump it, or keep the shape"
            ),
            Change::EnvelopeVersion { from, to } => {
                let shown = |v: &Option<u32>| v.map_or("none".to_owned(), |v| v.to_string());
                write!(
                    f,
                    "envelope version {} -> {}; consumers must adapt to the new shape",
                    shown(from),
                    shown(to)
                )
            }
            Change::EnvelopeExtended { from, to } => write!(
                f,
                "the envelope's shape gained optional members (`{from}` -> `{to}`)"
            ),
            Change::ChangedRetryable {
                code,
                from: None,
                to,
            } => write!(f, "declared `{code}` retryable = {}", shown_bool(*to)),
            Change::ChangedRetryable { code, from, to } => write!(
                f,
                "changed whether `{code}` is retryable from {} to {}; clients decide whether to retry on it, so add a new code instead",
                shown_bool(*from),
                shown_bool(*to)
            ),
            Change::ChangedGrpc {
                code,
                from: None,
                to,
            } => write!(
                f,
                "gave `{code}` the gRPC status {}",
                to.as_deref().unwrap_or("none")
            ),
            Change::ChangedGrpc { code, from, to } => write!(
                f,
                "changed the gRPC status of `{code}` from {} to {}; gRPC clients branch on it, so add a new code instead",
                from.as_deref().unwrap_or("none"),
                to.as_deref().unwrap_or("none")
            ),
            Change::ChangedNumber {
                code,
                from: None,
                to,
            } => write!(f, "gave `{code}` the number {}", shown_number(*to)),
            Change::ChangedNumber { code, from, to } => write!(
                f,
                "changed the number of `{code}` from {} to {}; clients branch on it, so add a new code instead",
                shown_number(*from),
                shown_number(*to)
            ),
            Change::SetWidened {
                kind,
                name,
                code,
                open,
            } => {
                match code {
                    Some(code) => write!(f, "{kind} `{name}` may now return `{code}`")?,
                    None => write!(
                        f,
                        "{kind} `{name}` no longer declares its codes, so it may return any"
                    )?,
                }
                if *open {
                    Ok(())
                } else {
                    f.write_str("; consumers were promised its set, so declare the code in a new command, or give the profile open_codes() if consumers handle unknown codes")
                }
            }
            Change::SetNarrowed {
                kind,
                name,
                code: Some(code),
            } => write!(f, "{kind} `{name}` no longer returns `{code}`"),
            Change::SetNarrowed {
                kind,
                name,
                code: None,
            } => write!(f, "{kind} `{name}` declares the codes it may return"),
        }
    }
}

fn shown_number(value: Option<i32>) -> String {
    value.map_or_else(|| "none".to_owned(), |n| n.to_string())
}

fn shown_bool(value: Option<bool>) -> &'static str {
    match value {
        Some(true) => "true",
        Some(false) => "false",
        None => "unknown",
    }
}

/// A finding that does not fail the check; the companion reports each as a
/// warning (`EXHAUSTIVE_ENUM`).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Notice {
    /// A public enum of a library is not `#[non_exhaustive]`, so adding a
    /// code breaks Rust consumers that `match` on it exhaustively. An enum
    /// declared in a binary ([`EnumEntry::bin`]) has no such consumers.
    Exhaustive {
        /// The enum's path.
        enum_path: String,
    },
}

impl fmt::Display for Notice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Notice::Exhaustive { enum_path } => write!(
                f,
                "public enum `{enum_path}` is not `#[non_exhaustive]`: adding a code breaks crates that match on it; add `#[non_exhaustive]`"
            ),
        }
    }
}

/// The result of comparing the live codes with a lock.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct Compatibility {
    /// Every change, breaking ones first, then by code.
    pub changes: Vec<Change>,
    /// Findings about the live enums that do not fail the check.
    pub notices: Vec<Notice>,
    /// The level the verdicts are given under: the live enums' own
    /// (`#[codes(compat = "...")]`, [`Level::of`]), or the one
    /// [`under`](Compatibility::under) sets.
    pub level: Level,
}

impl Compatibility {
    /// The same changes judged under `level` (`check --level strict`),
    /// breaking ones first.
    ///
    /// ```
    /// use sponson_codes::companion::catalog::Catalog;
    /// use sponson_codes::companion::lock::{compare, Level};
    ///
    /// let live = Catalog::from_enums(&sponson_codes::registry::documented());
    /// let report = compare(&live, &live).under(Level::Strict);
    /// assert_eq!(report.level, Level::Strict);
    /// assert!(!report.is_breaking());
    /// ```
    #[must_use]
    pub fn under(mut self, level: Level) -> Compatibility {
        self.level = level;
        self.changes.sort_by_key(|c| !c.is_breaking_under(level));
        self
    }

    /// Whether any change is breaking under [`level`](Compatibility::level).
    pub fn is_breaking(&self) -> bool {
        self.changes.iter().any(|c| self.breaks(c))
    }

    /// The breaking changes under [`level`](Compatibility::level).
    pub fn breaking(&self) -> impl Iterator<Item = &Change> {
        self.changes.iter().filter(|c| self.breaks(c))
    }

    /// Whether `change` breaks under [`level`](Compatibility::level).
    pub fn breaks(&self, change: &Change) -> bool {
        change.is_breaking_under(self.level)
    }

    /// `change` with its verdict: what changed, then which rule of which
    /// level judged it, as in ``added code `X` in `m::Code` (breaking under
    /// `strict`: a new code)``.
    pub fn verdict(&self, change: &Change) -> String {
        let kind = if self.breaks(change) {
            "breaking"
        } else {
            "additive"
        };
        format!(
            "{change} ({kind} under `{}`: {})",
            self.level,
            change.rule()
        )
    }

    /// Whether the live codes equal the lock's (no changes at all).
    pub fn is_unchanged(&self) -> bool {
        self.changes.is_empty()
    }
}

impl fmt::Display for Compatibility {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for change in &self.changes {
            let kind = if self.breaks(change) {
                "breaking"
            } else {
                "additive"
            };
            writeln!(f, "{kind}: {}", self.verdict(change))?;
        }
        for notice in &self.notices {
            writeln!(f, "warning: {notice}")?;
        }
        Ok(())
    }
}

/// Compares the `live` codes with the `lock`.
///
/// ```
/// use sponson_codes::companion::catalog::Catalog;
/// use sponson_codes::companion::lock::compare;
///
/// let live = Catalog::from_enums(&sponson_codes::registry::documented());
/// let report = compare(&live, &live);
/// assert!(report.is_unchanged() && !report.is_breaking());
/// ```
pub fn compare(lock: &Catalog, live: &Catalog) -> Compatibility {
    let lock_codes: BTreeSet<&str> = lock.codes.iter().map(|c| c.code.as_str()).collect();
    let mut changes = Vec::new();
    let mut renamed_to = BTreeSet::new();
    // Indexed once: looking each locked code up in the live list made a
    // check of 10,000 codes quadratic (seconds).
    let mut live_by_code: BTreeMap<&str, Vec<&CodeEntry>> = BTreeMap::new();
    // The lock names enums by where they are declared; messages name them
    // by the path users know when the enum is still there.
    let mut paths: BTreeMap<&str, &str> = BTreeMap::new();
    // An old name a live code still reads (`alias`), and every string a
    // live reader accepts.
    let mut live_by_alias: BTreeMap<&str, &CodeEntry> = BTreeMap::new();
    let mut live_strings: BTreeSet<&str> = BTreeSet::new();
    for code in &live.codes {
        live_by_code
            .entry(code.code.as_str())
            .or_default()
            .push(code);
        paths.insert(declared(code), code.enum_path.as_str());
        live_strings.insert(code.code.as_str());
        for alias in &code.aliases {
            live_by_alias.entry(alias.as_str()).or_insert(code);
            live_strings.insert(alias.as_str());
        }
    }
    let lock_strings: BTreeSet<&str> = lock
        .codes
        .iter()
        .flat_map(|c| std::iter::once(c.code.as_str()).chain(c.aliases.iter().map(String::as_str)))
        .collect();
    // The codes split from a code the lock lists, by that code.
    let mut splits: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for new in &live.codes {
        if let Some(from) = new.split_from.as_deref() {
            if lock_codes.contains(from) && !lock_codes.contains(new.code.as_str()) {
                splits.entry(from).or_default().push(new.code.as_str());
            }
        }
    }
    let (lock_grpc, live_grpc) = (GrpcEnums::of(lock), GrpcEnums::of(live));
    let shown = |old: &CodeEntry| -> String {
        let path = declared(old);
        paths.get(path).copied().unwrap_or(path).to_owned()
    };
    for old in &lock.codes {
        let mut now: Vec<&CodeEntry> = live_by_code
            .get(old.code.as_str())
            .cloned()
            .unwrap_or_default();
        // Renamed, keeping the old name as an alias: the rest of the
        // contract is compared with the code it is now.
        if now.is_empty() {
            if let Some(new) = live_by_alias.get(old.code.as_str()) {
                renamed_to.insert(new.code.as_str());
                changes.push(Change::Aliased {
                    from: old.code.clone(),
                    to: new.code.clone(),
                    enum_path: new.enum_path.clone(),
                });
                now.push(new);
            }
        }
        for alias in &old.aliases {
            if !live_strings.contains(alias.as_str()) {
                changes.push(Change::AliasRemoved {
                    code: old.code.clone(),
                    alias: alias.clone(),
                });
            }
        }
        if now.is_empty() && splits.contains_key(old.code.as_str()) {
            // Reported as the split, which says the broad code is gone.
            continue;
        }
        if now.is_empty() {
            // The same variant under a new string is a rename, not a removal.
            let same_variant = live.codes.iter().find(|c| {
                declared(c) == declared(old)
                    && c.variant == old.variant
                    && !lock_codes.contains(c.code.as_str())
            });
            match same_variant {
                Some(new) => {
                    renamed_to.insert(new.code.as_str());
                    changes.push(Change::Renamed {
                        from: old.code.clone(),
                        to: new.code.clone(),
                        variant: format!("{}::{}", new.enum_path, old.variant),
                    });
                }
                None => changes.push(Change::Removed {
                    code: old.code.clone(),
                    enum_path: shown(old),
                }),
            }
            continue;
        }
        for new in &now {
            if new.exit != old.exit {
                changes.push(Change::ChangedExit {
                    code: old.code.clone(),
                    from: old.exit,
                    to: new.exit,
                });
            }
            if let Some(change) = changed_http(old, new) {
                changes.push(change);
            }
            if old.retryable != new.retryable {
                changes.push(Change::ChangedRetryable {
                    code: old.code.clone(),
                    from: old.retryable,
                    to: new.retryable,
                });
            }
            let (from, to) = (lock_grpc.of_code(old), live_grpc.of_code(new));
            if from != to {
                changes.push(Change::ChangedGrpc {
                    code: old.code.clone(),
                    from: from.map(str::to_owned),
                    to: to.map(str::to_owned),
                });
            }
            if old.number != new.number {
                changes.push(Change::ChangedNumber {
                    code: old.code.clone(),
                    from: old.number,
                    to: new.number,
                });
            }
            if old.retired.is_some() && new.retired.is_none() {
                changes.push(Change::RetiredReused {
                    code: old.code.clone(),
                    enum_path: new.enum_path.clone(),
                });
            }
        }
        if old.retired.is_none() {
            if let Some(new) = now.iter().find(|c| declared(c) == declared(old)) {
                if let Some(reason) = &new.retired {
                    changes.push(Change::Retired {
                        code: old.code.clone(),
                        reason: reason.clone(),
                    });
                }
            }
        }
    }
    let split: BTreeSet<&str> = splits.values().flatten().copied().collect();
    for new in &live.codes {
        let code = new.code.as_str();
        if !lock_codes.contains(code) && !renamed_to.contains(code) && !split.contains(code) {
            changes.push(Change::Added {
                code: new.code.clone(),
                enum_path: new.enum_path.clone(),
            });
        }
        for alias in &new.aliases {
            if !lock_strings.contains(alias.as_str()) {
                changes.push(Change::AliasAdded {
                    code: new.code.clone(),
                    alias: alias.clone(),
                });
            }
        }
    }
    for (from, into) in splits {
        changes.push(Change::Split {
            from: from.to_owned(),
            into: into.into_iter().map(str::to_owned).collect(),
            removed: !live_strings.contains(from),
        });
    }
    changes.extend(envelope_change(lock, live));
    set_changes(lock, live, &mut changes);
    changes.sort_by_key(|c| !c.is_breaking());
    changes.dedup();
    let notices = live
        .enums
        .iter()
        // Only a library's `pub` enum can be matched on by another crate.
        .filter(|e| e.public && e.bin.is_none() && !e.non_exhaustive)
        .map(|e| Notice::Exhaustive {
            enum_path: e.path.clone(),
        })
        .collect();
    Compatibility {
        changes,
        notices,
        level: Level::Additive,
    }
    .under(Level::of(live))
}

/// A lock or catalog without an envelope record is Sponson's shape.
fn envelope_change(lock: &Catalog, live: &Catalog) -> Option<Change> {
    let record = |c: &Catalog| {
        c.envelope
            .clone()
            .unwrap_or_else(|| EnvelopeEntry::of(&crate::profile::SPONSON))
    };
    let (old, new) = (record(lock), record(live));
    if old.version != new.version {
        return Some(Change::EnvelopeVersion {
            from: old.version,
            to: new.version,
        });
    }
    if old.shape != new.shape && only_gained_optional_members(&old.shape, &new.shape) {
        return Some(Change::EnvelopeExtended {
            from: old.shape,
            to: new.shape,
        });
    }
    if old.shape != new.shape {
        // The shape names the version key: `...; version=envelopeVersion; ...`.
        let version_key = new
            .shape
            .split("; ")
            .find_map(|part| part.strip_prefix("version="))
            .filter(|key| *key != "none")
            .map(str::to_owned);
        return Some(Change::EnvelopeChanged {
            from: old.shape,
            to: new.shape,
            version_key,
        });
    }
    None
}

/// Whether `new` is `old` with optional error members (`key?`) added and
/// nothing else changed: the parts of a shape are `name=value; ...`, and
/// the error's members are listed in braces, optional ones with `?`.
fn only_gained_optional_members(old: &str, new: &str) -> bool {
    let members = |part: &str| -> Option<(String, Vec<String>)> {
        let (head, rest) = part.split_once('{')?;
        let list = rest.strip_suffix('}')?;
        Some((
            head.to_owned(),
            list.split(',').map(str::to_owned).collect(),
        ))
    };
    let (old_parts, new_parts): (Vec<&str>, Vec<&str>) =
        (old.split("; ").collect(), new.split("; ").collect());
    if old_parts.len() != new_parts.len() {
        return false;
    }
    old_parts.iter().zip(&new_parts).all(|(old, new)| {
        if old == new {
            return true;
        }
        match (members(old), members(new)) {
            (Some((old_head, old_list)), Some((new_head, new_list))) => {
                old_head == new_head
                    && old_list.iter().all(|m| new_list.contains(m))
                    && new_list
                        .iter()
                        .filter(|m| !old_list.contains(m))
                        .all(|m| m.ends_with('?'))
            }
            _ => false,
        }
    })
}

/// The declared sets compared: a code a set gains widens the promise, one
/// it loses narrows it; a set that appears narrows (the command promised
/// nothing before), one that disappears widens. Whether widening breaks
/// consumers is the live profile's to say ([`Profile::open_codes`]).
fn set_changes(lock: &Catalog, live: &Catalog, changes: &mut Vec<Change>) {
    type Key<'a> = (&'a str, &'a str, &'a str);
    fn sets(catalog: &Catalog) -> BTreeMap<Key<'_>, &SetEntry> {
        catalog
            .enums
            .iter()
            .flat_map(|e| {
                let path = e.declared_path.as_deref().unwrap_or(&e.path);
                e.sets
                    .iter()
                    .map(move |set| ((path, set.kind.as_str(), set.name.as_str()), set))
            })
            .collect()
    }
    let open = live
        .envelope
        .as_ref()
        .and_then(|e| e.definition.as_ref())
        .and_then(|d| d.get("open_codes"))
        .and_then(serde_json::Value::as_bool)
        .unwrap_or(false);
    let (old, new) = (sets(lock), sets(live));
    // A code that stands for one a set listed (renamed, keeping the old
    // name as an alias; or split from it) widens nothing: the split and
    // the rename are judged as such.
    let mut stands_for: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for c in &live.codes {
        let old_names = c.aliases.iter().chain(&c.split_from).map(String::as_str);
        stands_for.entry(&c.code).or_default().extend(old_names);
    }
    let renamed = |old_code: &str, set: &SetEntry| {
        set.codes.iter().any(|c| {
            live.codes
                .iter()
                .any(|l| &l.code == c && l.aliases.iter().any(|a| a == old_code))
        })
    };
    for (key, old_set) in &old {
        let (_, kind, name) = *key;
        let widened = |code: Option<String>| Change::SetWidened {
            kind: kind.to_owned(),
            name: name.to_owned(),
            code,
            open,
        };
        let Some(new_set) = new.get(key) else {
            changes.push(widened(None));
            continue;
        };
        let known = |code: &String| {
            old_set.codes.contains(code)
                || stands_for
                    .get(code.as_str())
                    .is_some_and(|olds| olds.iter().any(|o| old_set.codes.iter().any(|c| c == o)))
        };
        for code in new_set.codes.iter().filter(|c| !known(c)) {
            changes.push(widened(Some(code.clone())));
        }
        for code in old_set
            .codes
            .iter()
            .filter(|c| !new_set.codes.contains(c) && !renamed(c, new_set))
        {
            changes.push(Change::SetNarrowed {
                kind: kind.to_owned(),
                name: name.to_owned(),
                code: Some(code.clone()),
            });
        }
    }
    for (_, kind, name) in new.keys().filter(|key| !old.contains_key(*key)) {
        changes.push(Change::SetNarrowed {
            kind: (*kind).to_owned(),
            name: (*name).to_owned(),
            code: None,
        });
    }
}

/// The enums of a catalog whose gRPC statuses are promises: those with a
/// `grpc_domain`. A lock records a status only for them, so all of its
/// statuses count.
struct GrpcEnums<'a>(Option<BTreeSet<(&'a str, &'a str)>>);

impl<'a> GrpcEnums<'a> {
    fn of(catalog: &'a Catalog) -> Self {
        if catalog.format == LOCK_FORMAT {
            return GrpcEnums(None);
        }
        GrpcEnums(Some(
            catalog
                .enums
                .iter()
                .filter(|e| e.grpc_domain.is_some())
                .map(|e| (e.path.as_str(), e.crate_name.as_str()))
                .collect(),
        ))
    }

    fn of_code(&self, code: &'a CodeEntry) -> Option<&'a str> {
        match &self.0 {
            Some(enums)
                if !enums.contains(&(code.enum_path.as_str(), code.crate_name.as_str())) =>
            {
                None
            }
            _ => code.grpc.as_deref(),
        }
    }
}

/// Where the enum of `code` is declared: what the lock names it by.
fn declared(code: &CodeEntry) -> &str {
    code.declared_path.as_deref().unwrap_or(&code.enum_path)
}

/// A status the lock recorded must stay; a status given for the first time
/// is only news. A code without a status answers 400 (usage) or 500.
fn changed_http(old: &CodeEntry, new: &CodeEntry) -> Option<Change> {
    let to = new.http.unwrap_or(if new.usage { 400 } else { 500 });
    let from = match old.http {
        Some(from) if from != to => Some(from),
        None if new.http.is_some() => None,
        _ => return None,
    };
    Some(Change::ChangedHttp {
        code: old.code.clone(),
        from,
        to,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::code::{CodeInfo, EnumInfo};
    use crate::ErrorCode;

    /// Declares `$name::Code` with these variants, each with `doc = "doc"`;
    /// the first is the fallback.
    macro_rules! codes {
        ($name:ident: $first:ident $(, $variant:ident($($key:ident = $value:literal),*))* $(,)?) => {
            mod $name {
                #[derive(Debug, Clone, Copy, crate::ErrorCodes)]
                #[codes(crate = crate)]
                pub enum Code {
                    #[code(exit = 1, doc = "doc", fallback)]
                    $first,
                    $(#[code(doc = "doc", $($key = $value),*)] $variant,)*
                }
            }
        };
    }

    codes!(locked: Internal, Keep(exit = 2), Gone(exit = 2), Renamed(exit = 2, name = "OLD_NAME"),
        Once(exit = 2, retired = "1.0"));
    codes!(live: Internal, Keep(exit = 3), Renamed(exit = 2, name = "NEW_NAME"),
        Again(exit = 2, name = "ONCE"), Fresh(exit = 2), Later(exit = 2, retired = "1.0"));
    codes!(before: Internal, A(exit = 2));
    codes!(after: Internal, A(exit = 2, retired = "1.0"), B(exit = 2));

    const LOCKED: &EnumInfo = <locked::Code as ErrorCode>::ENUM;
    const LIVE: &EnumInfo = <live::Code as ErrorCode>::ENUM;
    const BEFORE: &EnumInfo = <before::Code as ErrorCode>::ENUM;
    const AFTER: &EnumInfo = <after::Code as ErrorCode>::ENUM;

    /// `e` as the enum `m::Code` of crate `c` that the assertions name (the
    /// derive names it by the module it is declared in and the crate it is
    /// compiled in).
    const fn enum_of(e: &'static EnumInfo, non_exhaustive: bool) -> EnumInfo {
        EnumInfo {
            name: "Code",
            path: "m::Code",
            module_path: "m",
            crate_name: "c",
            non_exhaustive,
            ..*e
        }
    }

    /// The enum of `enum_of`, declared in `module_path` and imported by `path`.
    const fn enum_at(
        e: &'static EnumInfo,
        path: &'static str,
        module_path: &'static str,
    ) -> EnumInfo {
        EnumInfo {
            path,
            module_path,
            ..enum_of(e, true)
        }
    }

    fn catalog(e: &EnumInfo) -> Catalog {
        Catalog::from_enums(&[e])
    }

    #[test]
    fn each_breaking_change_is_named() {
        let lock = catalog(&enum_of(LOCKED, true));
        let live = catalog(&enum_of(LIVE, false));
        let report = compare(&lock, &live);
        let text = report.to_string();
        let expected = "\
breaking: changed the exit code of `KEEP` from 2 to 3; scripts branch on it, so add a new code instead (breaking under `additive`: a changed exit code)
breaking: removed code `GONE` from `m::Code`; keep the variant with `#[code(..., retired = \"...\")]` instead (breaking under `additive`: a removed code)
breaking: renamed code `OLD_NAME` to `NEW_NAME` (variant `m::Code::Renamed`); keep `OLD_NAME` readable with `alias = \"OLD_NAME\"`, keep the code with `name = \"OLD_NAME\"`, or retire it and add `NEW_NAME` as a new variant (breaking under `additive`: a renamed code)
breaking: reused retired code `ONCE` in `m::Code`; retired codes are never reused, pick a new code (breaking under `additive`: a retired code raised again)
additive: added code `FRESH` in `m::Code` (additive under `additive`: a new code)
additive: added code `LATER` in `m::Code` (additive under `additive`: a new code)
warning: public enum `m::Code` is not `#[non_exhaustive]`: adding a code breaks crates that match on it; add `#[non_exhaustive]`
";
        assert_eq!(text, expected);
        assert!(report.is_breaking());
    }

    #[test]
    fn only_an_enum_other_crates_can_see_gets_the_exhaustive_notice() {
        let in_library = catalog(&enum_of(BEFORE, false));
        assert_eq!(
            compare(&in_library, &in_library).notices,
            [Notice::Exhaustive {
                enum_path: "m::Code".into()
            }]
        );
        // `pub` in a binary: no crate can depend on it to match on it.
        let in_binary = catalog(&EnumInfo {
            bin: Some("app"),
            ..enum_of(BEFORE, false)
        });
        assert_eq!(in_binary.enums[0].bin.as_deref(), Some("app"));
        assert_eq!(compare(&in_binary, &in_binary).notices, []);
    }

    #[test]
    fn adding_and_retiring_are_additive() {
        let report = compare(
            &catalog(&enum_of(BEFORE, true)),
            &catalog(&enum_of(AFTER, true)),
        );
        assert!(!report.is_breaking(), "{report}");
        assert_eq!(
            report.changes,
            [
                Change::Retired {
                    code: "A".into(),
                    reason: "1.0".into()
                },
                Change::Added {
                    code: "B".into(),
                    enum_path: "m::Code".into()
                },
            ]
        );
        assert!(report.notices.is_empty());
    }

    #[test]
    fn dropping_a_retired_code_is_a_removal() {
        let report = compare(
            &catalog(&enum_of(AFTER, true)),
            &catalog(&EnumInfo {
                table: &BEFORE.table[..1],
                ..enum_of(BEFORE, true)
            }),
        );
        let removed: Vec<_> = report.breaking().map(ToString::to_string).collect();
        assert_eq!(removed.len(), 2, "{report}");
        assert!(removed.iter().any(|r| r.starts_with("removed code `A`")));
    }

    mod prose {
        #[derive(Debug, Clone, Copy, crate::ErrorCodes)]
        #[codes(crate = crate)]
        pub enum Code {
            #[code(exit = 1, doc = "doc", fallback)]
            Internal,
            /// explain
            #[code(exit = 2, doc = "doc", hint = "hint", retired = "note")]
            A,
        }
    }
    mod prose_edited {
        #[derive(Debug, Clone, Copy, crate::ErrorCodes)]
        #[codes(crate = crate)]
        pub enum Code {
            #[code(exit = 1, doc = "a new doc", hint = "a hint", fallback)]
            Internal,
            /// explain, with a typo fixed
            #[code(exit = 2, doc = "doc, fixed", retired = "another note")]
            A,
        }
    }
    const PROSE: &EnumInfo = <prose::Code as ErrorCode>::ENUM;
    const PROSE_EDITED: &EnumInfo = <prose_edited::Code as ErrorCode>::ENUM;

    #[test]
    fn prose_never_changes_the_lock() {
        let before = catalog(&enum_of(PROSE, true));
        let after = catalog(&enum_of(PROSE_EDITED, true));
        assert_ne!(before, after);
        assert_eq!(before.to_lock_json(), after.to_lock_json());
        assert!(compare(&before, &after).is_unchanged());
        let lock = before.to_lock_json();
        for prose in ["doc", "hint", "explain", "note"] {
            assert!(!lock.contains(&format!("\"{prose}\"")), "{lock}");
        }
    }

    #[test]
    fn a_lock_reads_back_as_the_contract() {
        let live = catalog(&enum_of(LOCKED, true));
        let lock = Catalog::read_lock(&live.to_lock_json()).unwrap();
        assert!(compare(&lock, &live).is_unchanged());
        assert_eq!(lock.to_lock_json(), live.to_lock_json());
        assert_eq!(lock.codes[4].retired.as_deref(), Some(""));
        // A full catalog is still read as a lock, as older versions wrote it.
        let old = Catalog::read_lock(&live.to_json()).unwrap();
        assert!(compare(&old, &live).is_unchanged());
    }

    codes!(http_before: Internal, A(exit = 2, http = 409), B(exit = 2));
    codes!(http_after: Internal, A(exit = 2, http = 422), B(exit = 2, http = 404));
    codes!(http_dropped: Internal, A(exit = 2), B(exit = 2));

    /// The derive gives every code of an enum that speaks HTTP a status (500
    /// unless it says one), so it cannot make the codes this test needs
    /// without one next to one with a status: those are set here.
    const fn without_status(code: CodeInfo) -> CodeInfo {
        CodeInfo { http: None, ..code }
    }
    const DERIVED_BEFORE: &[CodeInfo] = <http_before::Code as ErrorCode>::TABLE;
    static HTTP_BEFORE_TABLE: [CodeInfo; 3] = [
        without_status(DERIVED_BEFORE[0]),
        DERIVED_BEFORE[1],
        without_status(DERIVED_BEFORE[2]),
    ];
    const DERIVED_AFTER: &[CodeInfo] = <http_after::Code as ErrorCode>::TABLE;
    static HTTP_AFTER_TABLE: [CodeInfo; 3] = [
        without_status(DERIVED_AFTER[0]),
        DERIVED_AFTER[1],
        DERIVED_AFTER[2],
    ];
    static HTTP_BEFORE: EnumInfo = EnumInfo {
        table: &HTTP_BEFORE_TABLE,
        ..*<http_before::Code as ErrorCode>::ENUM
    };
    static HTTP_AFTER: EnumInfo = EnumInfo {
        table: &HTTP_AFTER_TABLE,
        ..*<http_after::Code as ErrorCode>::ENUM
    };
    const HTTP_DROPPED: &EnumInfo = <http_dropped::Code as ErrorCode>::ENUM;

    #[test]
    fn a_changed_http_status_is_breaking_a_first_one_additive() {
        let lock = catalog(&enum_of(&HTTP_BEFORE, true));
        let report = compare(&lock, &catalog(&enum_of(&HTTP_AFTER, true)));
        assert_eq!(
            report.to_string(),
            "breaking: changed the HTTP status of `A` from 409 to 422; web clients branch on it, so add a new code instead (breaking under `additive`: a changed HTTP status)\n\
             additive: gave `B` the HTTP status 404 (additive under `additive`: a first HTTP status)\n"
        );
        // Dropping the status falls back to 500: also a change clients see.
        let report = compare(&lock, &catalog(&enum_of(HTTP_DROPPED, true)));
        assert_eq!(
            report.breaking().map(ToString::to_string).collect::<Vec<_>>(),
            ["changed the HTTP status of `A` from 409 to 500; web clients branch on it, so add a new code instead"]
        );
        let same = compare(&lock, &lock);
        assert!(same.is_unchanged());
        // The status is part of the lock file, and read back from it.
        let file = Catalog::read_lock(&lock.to_lock_json()).unwrap();
        assert!(lock.to_lock_json().contains("\"http\": 409"));
        assert!(compare(&file, &lock).is_unchanged());
    }

    #[test]
    fn declaring_a_path_changes_nothing_in_the_lock() {
        let declared = catalog(&enum_of(LOCKED, true));
        let imported = catalog(&enum_at(LOCKED, "app::Code", "m"));
        // The catalog shows the path users import the enum by...
        assert_eq!(imported.enums[0].path, "app::Code");
        assert_eq!(imported.enums[0].declared_path.as_deref(), Some("m::Code"));
        assert_eq!(imported.codes[0].enum_path, "app::Code");
        assert_eq!(declared.enums[0].declared_path, None);
        // ...and the lock names it by where it is declared, so its bytes do not change.
        assert_eq!(imported.to_lock_json(), declared.to_lock_json());
        assert!(!imported.to_lock_json().contains("app::Code"));
        let lock = Catalog::read_lock(&declared.to_lock_json()).unwrap();
        let report = compare(&lock, &imported);
        assert!(report.is_unchanged(), "{report}");
        // A full catalog used as the lock keeps both paths.
        let full = Catalog::read_lock(&imported.to_json()).unwrap();
        assert_eq!(full, imported);
        assert!(compare(&full, &imported).is_unchanged());
    }

    #[test]
    fn changes_against_a_lock_name_the_path_users_import_by() {
        let lock = Catalog::read_lock(&catalog(&enum_of(LOCKED, true)).to_lock_json()).unwrap();
        let live = catalog(&enum_at(LIVE, "app::Code", "m"));
        let text = compare(&lock, &live).to_string();
        // The rename is still told by the variant of the same declared enum.
        assert!(
            text.contains("renamed code `OLD_NAME` to `NEW_NAME` (variant `app::Code::Renamed`)"),
            "{text}"
        );
        assert!(
            text.contains("removed code `GONE` from `app::Code`"),
            "{text}"
        );
        assert!(text.contains("added code `FRESH` in `app::Code`"), "{text}");
        assert!(!text.contains("m::Code"), "{text}");
    }

    #[test]
    fn moving_an_enum_to_another_module_is_not_breaking() {
        let before = catalog(&enum_of(LOCKED, true));
        let moved = catalog(&enum_at(LOCKED, "m::Code", "m::errors"));
        let lock = Catalog::read_lock(&before.to_lock_json()).unwrap();
        let report = compare(&lock, &moved);
        assert!(!report.is_breaking(), "{report}");
        assert!(report.is_unchanged(), "{report}");
        // The lock records where the enum is declared: it is behind, not broken.
        assert_ne!(before.to_lock_json(), moved.to_lock_json());
        assert!(moved
            .to_lock_json()
            .contains("\"enum\": \"m::errors::Code\""));
    }

    codes!(named: Internal, LockHeld(exit = 3), RequestFailed(exit = 4));
    codes!(renamed: Internal, LockBusy(exit = 3, alias = "LOCK_HELD"),
        RequestFailed(exit = 4, retired = "2.0: split"), RequestTimeout(exit = 4, split_from = "REQUEST_FAILED"),
        RequestRefused(exit = 4, split_from = "REQUEST_FAILED"));
    codes!(unaliased: Internal, LockBusy(exit = 3), RequestFailed(exit = 4, retired = "2.0: split"),
        RequestTimeout(exit = 4, split_from = "REQUEST_FAILED"),
        RequestRefused(exit = 4, split_from = "REQUEST_FAILED"));

    /// The lock of `e` as `m::Code`, read back as `check` reads it.
    fn locked(e: &'static EnumInfo) -> Catalog {
        Catalog::read_lock(&catalog(&enum_of(e, true)).to_lock_json()).unwrap()
    }

    #[test]
    fn a_rename_that_keeps_its_old_name_as_an_alias_and_a_split_are_additive() {
        let lock = locked(<named::Code as ErrorCode>::ENUM);
        let live = catalog(&enum_of(<renamed::Code as ErrorCode>::ENUM, true));
        let report = compare(&lock, &live);
        assert_eq!(report.level, Level::Additive);
        assert!(!report.is_breaking(), "{report}");
        let text = report.to_string();
        for line in [
            "additive: renamed code `LOCK_HELD` to `LOCK_BUSY` in `m::Code`, keeping `LOCK_HELD` as an alias that readers accept (additive under `additive`: a renamed code that keeps its old name as an alias)",
            "additive: `REQUEST_FAILED` was split into `REQUEST_TIMEOUT`, `REQUEST_REFUSED` (additive under `additive`: a split code, the broad code kept or retired)",
            "additive: retired code `REQUEST_FAILED` (2.0: split)",
        ] {
            assert!(text.contains(line), "{line}\nin:\n{text}");
        }
        // Neither an unrelated addition nor a removal.
        assert!(!text.contains("added code"), "{text}");
        assert!(!text.contains("removed code"), "{text}");
        // The lock records both, so that dropping the alias later is seen.
        let json = live.to_lock_json();
        assert!(
            json.contains("\"aliases\": [\n        \"LOCK_HELD\"\n      ]"),
            "{json}"
        );
        assert!(
            json.contains("\"split_from\": \"REQUEST_FAILED\""),
            "{json}"
        );
    }

    #[test]
    fn a_rename_without_the_alias_and_a_dropped_alias_break() {
        let lock = locked(<named::Code as ErrorCode>::ENUM);
        let live = catalog(&enum_of(<unaliased::Code as ErrorCode>::ENUM, true));
        let report = compare(&lock, &live);
        assert!(report.is_breaking(), "{report}");
        let lock = locked(<renamed::Code as ErrorCode>::ENUM);
        let report = compare(&lock, &live);
        let breaking: Vec<String> = report.breaking().map(|c| report.verdict(c)).collect();
        assert_eq!(
            breaking,
            ["dropped the alias `LOCK_HELD` of `LOCK_BUSY`; documents with `LOCK_HELD` now read as the fallback, so keep it with `alias = \"LOCK_HELD\"` (breaking under `additive`: a dropped alias)"]
        );
        // An alias given again is news, not a break.
        let report = compare(
            &locked(<unaliased::Code as ErrorCode>::ENUM),
            &catalog(&enum_of(<renamed::Code as ErrorCode>::ENUM, true)),
        );
        assert!(!report.is_breaking(), "{report}");
        assert!(
            report
                .to_string()
                .contains("additive: gave `LOCK_BUSY` the alias `LOCK_HELD`"),
            "{report}"
        );
    }

    #[test]
    fn a_split_whose_broad_code_is_gone_breaks_as_the_split() {
        let lock = locked(<named::Code as ErrorCode>::ENUM);
        // The derive refuses a `split_from` naming no code; a catalog
        // edited by hand may still lack it.
        let mut live = catalog(&enum_of(<renamed::Code as ErrorCode>::ENUM, true));
        live.codes
            .retain(|c| c.code != "REQUEST_FAILED" && c.code != "REQUEST_REFUSED");
        let report = compare(&lock, &live);
        let breaking: Vec<String> = report.breaking().map(ToString::to_string).collect();
        assert_eq!(
            breaking,
            ["`REQUEST_FAILED` was split into `REQUEST_TIMEOUT`; `REQUEST_FAILED` is gone, so programs that branch on it break: keep it, retired with `#[deprecated = \"...\"]`"]
        );
    }

    #[test]
    fn under_strict_a_new_code_string_breaks_and_each_verdict_names_its_rule() {
        let lock = locked(<named::Code as ErrorCode>::ENUM);
        let live = catalog(&enum_of(<renamed::Code as ErrorCode>::ENUM, true));
        let report = compare(&lock, &live).under(Level::Strict);
        let text = report.to_string();
        for line in [
            "breaking: renamed code `LOCK_HELD` to `LOCK_BUSY` in `m::Code`, keeping `LOCK_HELD` as an alias that readers accept (breaking under `strict`: a renamed code that keeps its old name as an alias)",
            "breaking: `REQUEST_FAILED` was split into `REQUEST_TIMEOUT`, `REQUEST_REFUSED` (breaking under `strict`: a split code, the broad code kept or retired)",
            "additive: retired code `REQUEST_FAILED` (2.0: split) (additive under `strict`: a retired code)",
        ] {
            assert!(text.contains(line), "{line}\nin:\n{text}");
        }
        let lock = catalog(&enum_of(BEFORE, true));
        let live = catalog(&enum_of(AFTER, true));
        assert!(!compare(&lock, &live).is_breaking());
        let strict = compare(&lock, &live).under(Level::Strict);
        assert!(strict.is_breaking());
        assert_eq!(
            strict.to_string().lines().next(),
            Some("breaking: added code `B` in `m::Code` (breaking under `strict`: a new code)")
        );
    }

    codes!(strict_enum: Internal, A(exit = 2), B(exit = 2));

    #[test]
    fn an_enum_that_chooses_strict_is_judged_under_it() {
        let mut live = catalog(&enum_of(<strict_enum::Code as ErrorCode>::ENUM, true));
        assert!(!compare(&catalog(&enum_of(BEFORE, true)), &live).is_breaking());
        live.enums[0].compat = Some("strict".to_owned());
        let report = compare(&catalog(&enum_of(BEFORE, true)), &live);
        assert_eq!(report.level, Level::Strict);
        assert!(report.is_breaking(), "{report}");
        // A check's own level overrides the enum's.
        assert!(!report.under(Level::Additive).is_breaking());
    }

    #[test]
    fn a_set_that_lists_a_renamed_or_split_code_is_not_widened() {
        let set = |codes: &[&str]| SetEntry {
            kind: "command".to_owned(),
            name: "apply".to_owned(),
            codes: codes.iter().map(|c| (*c).to_owned()).collect(),
        };
        let mut lock = catalog(&enum_of(<named::Code as ErrorCode>::ENUM, true));
        lock.enums[0].sets = vec![set(&["LOCK_HELD", "REQUEST_FAILED", "INTERNAL"])];
        let mut live = catalog(&enum_of(<renamed::Code as ErrorCode>::ENUM, true));
        live.enums[0].sets = vec![set(&["LOCK_BUSY", "REQUEST_TIMEOUT", "INTERNAL"])];
        let report = compare(&lock, &live);
        assert!(!report.is_breaking(), "{report}");
        let text = report.to_string();
        assert!(!text.contains("may now return"), "{text}");
        assert!(!text.contains("no longer returns `LOCK_HELD`"), "{text}");
        // The broad code the command no longer returns is news.
        assert!(
            text.contains("command `apply` no longer returns `REQUEST_FAILED`"),
            "{text}"
        );
        // A code that stands for nothing the set listed still widens it.
        live.enums[0].sets = vec![set(&[
            "LOCK_BUSY",
            "REQUEST_TIMEOUT",
            "REQUEST_REFUSED",
            "INTERNAL",
        ])];
        lock.enums[0].sets = vec![set(&["LOCK_HELD", "INTERNAL"])];
        let text = compare(&lock, &live).to_string();
        assert!(
            text.contains("breaking: command `apply` may now return `REQUEST_TIMEOUT`"),
            "{text}"
        );
    }
}
