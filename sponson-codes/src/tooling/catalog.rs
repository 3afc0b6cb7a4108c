//! The JSON catalog: every code of a program, versioned, for agents and tools.
//!
//! The compatibility lock is a document of its own (see [`crate::lock`]): the
//! contract only, without the prose. [`Catalog`] writes it and reads it back,
//! and still reads a full catalog as a lock, as older versions committed one.

use core::fmt;

use serde::{Deserialize, Serialize};

use crate::code::{CodeKind, EnumInfo};

/// The value of the catalog's `format` field.
pub const CATALOG_FORMAT: &str = "sponson-codes/catalog";

/// The catalog version this library writes, and the newest it reads.
pub const CATALOG_VERSION: u32 = 1;

/// Every code of a set of enums, as a versioned JSON document.
///
/// Fields may be added in a minor release; readers ignore fields they do not
/// know, so an older tool can still read a newer catalog of the same version.
///
/// ```
/// use sponson_codes::catalog::Catalog;
///
/// let catalog = Catalog::from_enums(&sponson_codes::registry::documented());
/// let json = catalog.to_json();
/// assert!(json.starts_with("{\n  \"format\": \"sponson-codes/catalog\",\n  \"version\": 1,"));
/// assert_eq!(Catalog::from_json(&json).unwrap(), catalog);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct Catalog {
    /// [`CATALOG_FORMAT`], or [`LOCK_FORMAT`](crate::lock::LOCK_FORMAT)
    /// for a lock read with [`Catalog::from_json`].
    pub format: String,
    /// The document's version, [`CATALOG_VERSION`] when written by this library.
    pub version: u32,
    /// Every enum, in the registry's order: by crate, then where it is
    /// declared (module path and name).
    pub enums: Vec<CatalogEnum>,
    /// Every code of every enum, in enum order, then declaration order.
    pub codes: Vec<CatalogCode>,
    /// The program's envelope profile, when it declares one with
    /// [`use_profile!`](crate::use_profile); absent means Sponson's shape.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub envelope: Option<CatalogEnvelope>,
}

/// The envelope a program prints: its profile's name, version and shape.
///
/// The lock records it so that `check` tells a shape change that needs a
/// version bump.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct CatalogEnvelope {
    /// The profile's name.
    pub profile: String,
    /// The envelope version the program writes, if its profile has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<u32>,
    /// [`Profile::shape`](crate::profile::Profile::shape): the same text for the same shape.
    pub shape: String,
}

impl CatalogEnvelope {
    /// The record of `profile`.
    pub fn of(profile: &crate::profile::Profile) -> Self {
        CatalogEnvelope {
            profile: profile.name.to_owned(),
            version: profile.version.map(|v| v.value),
            shape: profile.shape(),
        }
    }
}

/// One enum of a [`Catalog`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct CatalogEnum {
    /// The package that declares the enum.
    #[serde(rename = "crate")]
    pub crate_name: String,
    /// The path users import the enum by: its `#[codes(path = "...")]`,
    /// else where it is declared, `module::Name`.
    pub path: String,
    /// Where the enum is declared, `module::Name`, when its `path` says
    /// otherwise; absent when the two are the same.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub declared_path: Option<String>,
    /// The enum's doc comment, `""` if none.
    #[serde(default)]
    pub doc: String,
    /// The declared exit classes; empty when none are declared.
    #[serde(default)]
    pub exits: Vec<CatalogExit>,
    /// The fallback code (`""` for warnings, which have none).
    #[serde(default)]
    pub fallback: String,
    /// Whether the enum is `pub`.
    #[serde(default)]
    pub public: bool,
    /// Whether the enum is `#[non_exhaustive]`.
    #[serde(default)]
    pub non_exhaustive: bool,
    /// `"warnings"` for warning codes; absent for error codes, so catalogs
    /// without warnings are unchanged.
    #[serde(default, skip_serializing_if = "is_errors")]
    pub kind: String,
}

fn is_errors(kind: &String) -> bool {
    kind.is_empty() || kind == CodeKind::Errors.as_str()
}

/// One declared exit class of a [`CatalogEnum`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct CatalogExit {
    /// The process exit code.
    pub exit: u8,
    /// What every code with this exit has in common.
    pub meaning: String,
}

/// One code of a [`Catalog`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct CatalogCode {
    /// The stable code string.
    pub code: String,
    /// The process exit code.
    pub exit: u8,
    /// One line saying what the code means.
    pub doc: String,
    /// The remedy, when there is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hint: Option<String>,
    /// The long markdown explanation (the variant's doc comment or its
    /// `explain` file), `""` if none or when read from a lock.
    #[serde(default)]
    pub explain: String,
    /// The path users import the enum that declares the code by (see
    /// [`CatalogEnum::path`]).
    #[serde(rename = "enum")]
    pub enum_path: String,
    /// Where that enum is declared, when its path says otherwise (see
    /// [`CatalogEnum::declared_path`]); the lock identifies the enum by it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub declared_path: Option<String>,
    /// The package that declares the enum.
    #[serde(rename = "crate")]
    pub crate_name: String,
    /// The Rust variant's name, which tells a renamed code from a new one.
    pub variant: String,
    /// Whether this is its enum's fallback code.
    #[serde(default, skip_serializing_if = "is_false")]
    pub fallback: bool,
    /// Whether this is a warning code (its `exit` is then 0).
    #[serde(default, skip_serializing_if = "is_false")]
    pub warning: bool,
    /// Whether this is its enum's usage-error code.
    #[serde(default, skip_serializing_if = "is_false")]
    pub usage: bool,
    /// Why the code is retired, when it is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retired: Option<String>,
    /// The HTTP status, when the enum gives statuses.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub http: Option<u16>,
    /// The docs URL, when the enum gives one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
}

fn is_false(value: &bool) -> bool {
    !*value
}

/// The profile declared with `use_profile!`, if any.
fn declared_envelope() -> Option<CatalogEnvelope> {
    if crate::profile::all_declared().is_empty() {
        None
    } else {
        Some(CatalogEnvelope::of(crate::profile::declared()))
    }
}

impl Catalog {
    /// The same catalog, recording `profile` as the program's envelope.
    ///
    /// ```
    /// use sponson_codes::catalog::Catalog;
    /// use sponson_codes::lock::compare;
    /// use sponson_codes::profile::NOGGIN;
    ///
    /// let lock = Catalog::from_enums(&[]).with_profile(&NOGGIN);
    /// let mut live = NOGGIN;
    /// live.layout = sponson_codes::profile::Layout::Compact;
    /// let report = compare(&lock, &Catalog::from_enums(&[]).with_profile(&live));
    /// assert!(report.is_breaking()); // the shape changed, envelopeVersion did not
    /// ```
    #[must_use]
    pub fn with_profile(mut self, profile: &crate::profile::Profile) -> Catalog {
        self.envelope = Some(CatalogEnvelope::of(profile));
        self
    }

    /// The catalog of `enums`, in the order given (the registry's order).
    pub fn from_enums(enums: &[&EnumInfo]) -> Catalog {
        let mut catalog = Catalog {
            format: CATALOG_FORMAT.to_owned(),
            version: CATALOG_VERSION,
            enums: Vec::new(),
            codes: Vec::new(),
            envelope: declared_envelope(),
        };
        for e in enums {
            let path = e.path();
            let declared = e.declared_path();
            let declared_path = (declared != path).then_some(declared);
            catalog.enums.push(CatalogEnum {
                crate_name: e.crate_name.to_owned(),
                path: path.to_owned(),
                declared_path: declared_path.clone(),
                doc: e.explain.to_owned(),
                exits: e
                    .exits
                    .iter()
                    .map(|x| CatalogExit {
                        exit: x.exit,
                        meaning: x.meaning.to_owned(),
                    })
                    .collect(),
                fallback: if e.is_warnings() {
                    String::new()
                } else {
                    e.fallback_info().code.to_owned()
                },
                public: e.public,
                non_exhaustive: e.non_exhaustive,
                kind: if e.is_warnings() {
                    e.kind.as_str().to_owned()
                } else {
                    String::new()
                },
            });
            for (index, c) in e.table.iter().enumerate() {
                catalog.codes.push(CatalogCode {
                    code: c.code.to_owned(),
                    exit: c.exit,
                    doc: c.doc.to_owned(),
                    hint: c.hint.map(str::to_owned),
                    explain: c.explain.to_owned(),
                    enum_path: path.to_owned(),
                    declared_path: declared_path.clone(),
                    crate_name: e.crate_name.to_owned(),
                    variant: c.variant.to_owned(),
                    fallback: !e.is_warnings() && index == e.fallback,
                    warning: e.is_warnings(),
                    usage: c.usage,
                    retired: c.retired.map(str::to_owned),
                    http: c.http,
                    url: c.url.map(str::to_owned),
                });
            }
        }
        catalog
    }

    /// The catalog as pretty-printed JSON with a final newline, the same
    /// bytes for the same codes.
    pub fn to_json(&self) -> String {
        let mut json = serde_json::to_string_pretty(self)
            .expect("a catalog holds only strings, numbers and booleans");
        json.push('\n');
        json
    }

    /// Reads a catalog, or a lock written by [`Catalog::to_lock_json`] (its
    /// prose empty), checking the format and version first so that a wrong
    /// file gets a clear error rather than a missing-field one.
    ///
    /// ```
    /// let err = sponson_codes::catalog::Catalog::from_json(r#"{"format": "sponson-codes/catalog", "version": 9}"#)
    ///     .unwrap_err();
    /// assert!(err.to_string().contains("version 9"));
    /// ```
    pub fn from_json(json: &str) -> Result<Catalog, CatalogError> {
        let value: serde_json::Value =
            serde_json::from_str(json).map_err(|e| CatalogError::Json(e.to_string()))?;
        let lock = match value.get("format").and_then(|f| f.as_str()) {
            Some(CATALOG_FORMAT) => false,
            Some(crate::tooling::lock::LOCK_FORMAT) => true,
            _ => return Err(CatalogError::NotACatalog),
        };
        match value.get("version").and_then(|v| v.as_u64()) {
            Some(v) if v == u64::from(CATALOG_VERSION) => {}
            Some(v) => return Err(CatalogError::Version(v)),
            None => return Err(CatalogError::NotACatalog),
        }
        if lock {
            return Catalog::from_lock_value(value);
        }
        serde_json::from_value(value).map_err(|e| CatalogError::Json(e.to_string()))
    }

    /// The entries for `code`: one per enum that declares it.
    ///
    /// ```
    /// use sponson_codes::catalog::Catalog;
    ///
    /// let catalog = Catalog::from_enums(&sponson_codes::registry::documented());
    /// assert_eq!(catalog.find("NO_SUCH_CODE").count(), 0);
    /// ```
    pub fn find<'a>(&'a self, code: &'a str) -> impl Iterator<Item = &'a CatalogCode> + 'a {
        self.codes.iter().filter(move |c| c.code == code)
    }
}

/// Why a document could not be read as a [`Catalog`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum CatalogError {
    /// The document is not valid JSON, or a field has the wrong type.
    Json(String),
    /// The document has neither `"format": "sponson-codes/catalog"` nor
    /// `"format": "sponson-codes/lock"`, or no `version`.
    NotACatalog,
    /// The document's version is not one this library reads.
    Version(u64),
}

impl fmt::Display for CatalogError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CatalogError::Json(e) => write!(f, "the catalog is not valid: {e}"),
            CatalogError::NotACatalog => write!(
                f,
                "not a code catalog: expected `\"format\": \"{CATALOG_FORMAT}\"` (or `\"{}\"` for a lock) and a `version`",
                crate::tooling::lock::LOCK_FORMAT
            ),
            CatalogError::Version(v) => write!(
                f,
                "catalog version {v} is not supported (this sponson-codes reads version {CATALOG_VERSION}); upgrade sponson-codes or regenerate the file"
            ),
        }
    }
}

impl std::error::Error for CatalogError {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ErrorCode, ErrorCodes};

    /// Demo.
    #[derive(Debug, Clone, Copy, ErrorCodes)]
    #[codes(crate = crate, path = "demo::errors::Code", exits(1 = "failure", 3 = "lock"))]
    pub enum Code {
        /// The lock file names the holder.
        #[code(exit = 3, doc = "Another run holds the lock.", hint = "Pass --wait.")]
        LockHeld,
        #[code(exit = 3, doc = "The old lock.", retired = "0.3")]
        OldLock,
        #[code(exit = 1, doc = "An unexpected error.", fallback)]
        Internal,
    }

    /// Declared in `demo::errors` of crate `demo`, where the derive would
    /// give this test module and `sponson-codes`.
    static E: EnumInfo = EnumInfo {
        module_path: "demo::errors",
        crate_name: "demo",
        ..*<Code as ErrorCode>::ENUM
    };

    #[test]
    fn round_trips_and_omits_empty_optionals() {
        let catalog = Catalog::from_enums(&[&E]);
        let json = catalog.to_json();
        assert_eq!(Catalog::from_json(&json).unwrap(), catalog);
        let value: serde_json::Value = serde_json::from_str(&json).unwrap();
        let lock_held = &value["codes"][0];
        assert_eq!(lock_held["enum"], "demo::errors::Code");
        assert_eq!(lock_held["crate"], "demo");
        assert_eq!(lock_held["hint"], "Pass --wait.");
        assert!(lock_held.get("retired").is_none() && lock_held.get("fallback").is_none());
        assert_eq!(value["codes"][1]["retired"], "0.3");
        assert_eq!(value["enums"][0]["fallback"], "INTERNAL");
    }

    #[test]
    fn enums_are_named_by_the_path_users_import_them_by() {
        // Where `E` is declared is its path: no second path is written.
        let value = serde_json::to_value(Catalog::from_enums(&[&E])).unwrap();
        assert!(value["enums"][0].get("declared_path").is_none());
        assert!(value["codes"][0].get("declared_path").is_none());

        let e = EnumInfo {
            path: "demo::Code",
            ..E
        };
        let catalog = Catalog::from_enums(&[&e]);
        let value = serde_json::to_value(&catalog).unwrap();
        assert_eq!(value["enums"][0]["path"], "demo::Code");
        assert_eq!(value["enums"][0]["declared_path"], "demo::errors::Code");
        assert_eq!(value["codes"][0]["enum"], "demo::Code");
        assert_eq!(value["codes"][0]["declared_path"], "demo::errors::Code");
        assert_eq!(Catalog::from_json(&catalog.to_json()).unwrap(), catalog);
    }

    #[test]
    fn unknown_fields_are_ignored_and_wrong_files_are_named() {
        let mut value = serde_json::to_value(Catalog::from_enums(&[&E])).unwrap();
        value["extra"] = serde_json::json!(true);
        value["codes"][0]["extra"] = serde_json::json!(1);
        assert!(Catalog::from_json(&value.to_string()).is_ok());
        assert_eq!(
            Catalog::from_json("{}").unwrap_err(),
            CatalogError::NotACatalog
        );
        assert_eq!(
            Catalog::from_json(r#"{"format":"sponson-codes/catalog","version":2}"#).unwrap_err(),
            CatalogError::Version(2)
        );
        let err = Catalog::from_json("{").unwrap_err().to_string();
        assert!(err.starts_with("the catalog is not valid"), "{err}");
    }
}
