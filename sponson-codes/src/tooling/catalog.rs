//! The catalog read back: the document a program writes with
//! [`crate::catalog::to_json`], as Rust types, for the companion and the
//! test helpers.
//!
//! The compatibility lock is a document of its own (see
//! [`crate::companion::lock`]): the contract only, without the prose.
//! [`Catalog`] writes it and reads it back, and still reads a full catalog
//! as a lock, as older versions committed one.

use core::fmt;

use serde::{Deserialize, Serialize};

use crate::catalog::{FORMAT, LIBRARY_VERSION, VERSION};
use crate::code::{
    CodeFields, CodeInfo, CodeKind, EnumFields, EnumInfo, ErrorSet, ExitClass, SetKind,
};
use crate::document::profile::Profile;
use crate::tooling::lock::{LOCK_FORMAT, LOCK_VERSION};

/// Every code of a set of enums, as a versioned JSON document.
///
/// Fields may be added in a minor release; readers ignore fields they do not
/// know, so an older tool can still read a newer catalog of the same version.
///
/// ```
/// use sponson_codes::companion::catalog::Catalog;
///
/// let json = sponson_codes::catalog::to_json();
/// let catalog = Catalog::from_json(&json).unwrap();
/// assert_eq!(catalog.version, 2);
/// assert_eq!(catalog.to_json(), json);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct Catalog {
    /// [`FORMAT`](crate::catalog::FORMAT), or
    /// [`LOCK_FORMAT`](crate::companion::lock::LOCK_FORMAT) for a lock read
    /// with [`Catalog::read_lock`].
    pub format: String,
    /// The document's version, [`VERSION`](crate::catalog::VERSION) when
    /// written by this library.
    pub version: u32,
    /// The sponson-codes version that wrote the catalog (empty in a lock).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub library: String,
    /// Every enum, in the registry's order: by crate, then where it is
    /// declared (module path and name).
    pub enums: Vec<EnumEntry>,
    /// Every code of every enum, in enum order, then declaration order.
    pub codes: Vec<CodeEntry>,
    /// The program's envelope profile, when it declares one with
    /// [`use_profile!`](crate::use_profile); absent means Sponson's shape.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub envelope: Option<EnvelopeEntry>,
    /// Every profile the program declared, when it declared several: a
    /// conflict the companion's `check` reports.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub declared_profiles: Vec<String>,
    /// The programs of a merged catalog ([`merge`](crate::companion::catalog::merge)),
    /// in the order given; empty in one program's catalog. Each enum and
    /// code of a merged catalog names its program.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub programs: Vec<ProgramEntry>,
}

/// One program of a merged [`Catalog`]: its name, and what its own catalog
/// said besides its codes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct ProgramEntry {
    /// The name it was merged under (`plan` in `--catalog plan=FILE`): a
    /// directory of the merged site.
    pub name: String,
    /// The sponson-codes version that wrote its catalog.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub library: String,
    /// Its envelope profile, when it declares one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub envelope: Option<EnvelopeEntry>,
}

/// The envelope a program prints: its profile's name, version and shape,
/// and its whole definition.
///
/// The lock records the first three so that `check` tells a shape change
/// that needs a version bump.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct EnvelopeEntry {
    /// The profile's name.
    pub profile: String,
    /// The envelope version the program writes, if its profile has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<u32>,
    /// [`Profile::shape`](crate::profile::Profile::shape): the same text for the same shape.
    pub shape: String,
    /// Every member of the profile, for the companion to print in it; absent
    /// in a lock.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub definition: Option<serde_json::Value>,
}

impl EnvelopeEntry {
    /// The record of `profile`.
    pub fn of(profile: &Profile) -> Self {
        serde_json::from_value(profile.record()).expect("a profile's record reads back")
    }

    /// The profile the definition describes (its strings leaked: one per
    /// process), or why not.
    #[cfg(feature = "companion")]
    pub(crate) fn profile(&self) -> Result<&'static Profile, String> {
        match &self.definition {
            Some(definition) => Profile::from_definition(definition),
            None => Err("the catalog's envelope has no definition".to_owned()),
        }
    }
}

/// One enum of a [`Catalog`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct EnumEntry {
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
    /// The enum's name.
    #[serde(default)]
    pub name: String,
    /// `module_path!()` where the enum is declared.
    #[serde(default)]
    pub module_path: String,
    /// The enum's doc comment, `""` if none ([`EnumInfo::explain`]).
    #[serde(default)]
    pub explain: String,
    /// The declared exit classes; empty when none are declared.
    #[serde(default)]
    pub exits: Vec<ExitEntry>,
    /// The fallback code (`""` for warnings, which have none).
    #[serde(default)]
    pub fallback: String,
    /// Whether the enum is `pub`.
    #[serde(default)]
    pub public: bool,
    /// Whether the enum is `#[non_exhaustive]`.
    #[serde(default)]
    pub non_exhaustive: bool,
    /// The binary that declares the enum ([`EnumInfo::bin`]); absent when a
    /// library does.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bin: Option<String>,
    /// Whether an unknown code is a deserialization error.
    #[serde(default, skip_serializing_if = "is_false")]
    pub deny_unknown: bool,
    /// `"warnings"` for warning codes; absent for error codes, so catalogs
    /// without warnings are unchanged.
    #[serde(default, skip_serializing_if = "is_errors")]
    pub kind: String,
    /// Whether every live code must have a long explanation.
    #[serde(default, skip_serializing_if = "is_false")]
    pub require_explain: bool,
    /// The gRPC `ErrorInfo.domain`, when the enum speaks gRPC.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grpc_domain: Option<String>,
    /// The declared error sets of commands, routes and tools.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sets: Vec<SetEntry>,
    /// The compatibility level the lock judges the enum by
    /// ([`EnumInfo::compat`]): `"strict"`; absent for the usual `additive`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub compat: Option<String>,
    /// The program it belongs to, in a merged catalog (see
    /// [`Catalog::programs`]); absent in one program's catalog.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub program: Option<String>,
}

/// One declared error set of an [`EnumEntry`] (see [`ErrorSet`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct SetEntry {
    /// `command`, `route` or `tool` ([`SetKind::as_str`]).
    pub kind: String,
    /// The command's words, the route as `METHOD /path`, or the tool's name.
    pub name: String,
    /// The codes it may return, the fallback and usage code included.
    pub codes: Vec<String>,
}

/// A catalog or a lock as JSON, under the one reader's rules: a repeated
/// key, nesting deeper than 127 levels, or a number that cannot be read
/// exactly is refused, as in every document.
fn read_json(json: &str) -> Result<serde_json::Value, ReadError> {
    crate::json::read::parse(json).map_err(|e| ReadError::Json(e.to_string()))
}

impl EnumEntry {
    /// An enum known only by where it is declared, as a lock names it.
    pub(crate) fn named(path: String, crate_name: String) -> Self {
        EnumEntry {
            crate_name,
            path,
            declared_path: None,
            name: String::new(),
            module_path: String::new(),
            explain: String::new(),
            exits: Vec::new(),
            fallback: String::new(),
            public: false,
            non_exhaustive: false,
            bin: None,
            deny_unknown: false,
            kind: String::new(),
            require_explain: false,
            grpc_domain: None,
            sets: Vec::new(),
            compat: None,
            program: None,
        }
    }
}

fn is_errors(kind: &String) -> bool {
    kind.is_empty() || kind == CodeKind::Errors.as_str()
}

/// One declared exit class of an [`EnumEntry`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct ExitEntry {
    /// The process exit code.
    pub exit: u8,
    /// What every code with this exit has in common.
    pub meaning: String,
}

/// One code of a [`Catalog`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct CodeEntry {
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
    /// [`EnumEntry::path`]).
    #[serde(rename = "enum")]
    pub enum_path: String,
    /// Where that enum is declared, when its path says otherwise (see
    /// [`EnumEntry::declared_path`]); the lock identifies the enum by it.
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
    /// Whether retrying can succeed, when the code declares it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retryable: Option<bool>,
    /// The gRPC status name ([`CodeInfo::grpc`]): every error code has
    /// one; the lock records it for enums with a `grpc_domain`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grpc: Option<String>,
    /// The code's earlier names, still read as it ([`CodeInfo::aliases`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub aliases: Vec<String>,
    /// The broader code this one refines ([`CodeInfo::split_from`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub split_from: Option<String>,
    /// The code's integer ([`CodeInfo::number`]), when it gives one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub number: Option<i32>,
    /// The names of the code's declared details ([`CodeInfo::details`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub details: Vec<String>,
    /// The program it belongs to, in a merged catalog; absent in one
    /// program's catalog.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub program: Option<String>,
}

fn is_false(value: &bool) -> bool {
    !*value
}

impl Catalog {
    /// The same catalog, recording `profile` as the program's envelope.
    ///
    /// ```
    /// use sponson_codes::companion::catalog::Catalog;
    /// use sponson_codes::companion::lock::compare;
    /// use sponson_codes::profile::NOGGIN;
    ///
    /// let lock = Catalog::from_enums(&[]).with_profile(&NOGGIN);
    /// let mut live = NOGGIN;
    /// live.layout = sponson_codes::profile::Layout::Compact;
    /// let report = compare(&lock, &Catalog::from_enums(&[]).with_profile(&live));
    /// assert!(report.is_breaking()); // the shape changed, envelopeVersion did not
    /// ```
    #[must_use]
    pub fn with_profile(mut self, profile: &Profile) -> Catalog {
        self.envelope = Some(EnvelopeEntry::of(profile));
        self
    }

    /// The catalog of `enums`, in the order given (the registry's order),
    /// with the profile the program declared: what
    /// [`catalog::to_json`](crate::catalog::to_json) writes, read back.
    pub fn from_enums(enums: &[&EnumInfo]) -> Catalog {
        let declared = crate::profile::all_declared();
        let value = crate::catalog::value_of(enums, declared.first().copied(), &declared);
        serde_json::from_value(value).expect("the catalog writer's document reads back")
    }

    /// The enums the catalog describes, as the derive records them, so that
    /// everything that reads linked enums reads a catalog's too (their
    /// strings are leaked: a companion reads one catalog per process).
    pub fn enum_infos(&self) -> Vec<&'static EnumInfo> {
        self.enums.iter().map(|e| self.enum_info(e)).collect()
    }

    fn enum_info(&self, e: &EnumEntry) -> &'static EnumInfo {
        let leak = |text: &str| -> &'static str { Box::leak(text.to_owned().into_boxed_str()) };
        let kind = match e.kind.as_str() {
            "warnings" => CodeKind::Warnings,
            _ => CodeKind::Errors,
        };
        let codes: Vec<&CodeEntry> = self
            .codes
            .iter()
            .filter(|c| {
                c.enum_path == e.path && c.crate_name == e.crate_name && c.program == e.program
            })
            .collect();
        let table: Vec<CodeInfo> = codes
            .iter()
            .map(|c| {
                CodeFields {
                    code: leak(&c.code),
                    exit: c.exit,
                    doc: leak(&c.doc),
                    hint: c.hint.as_deref().map(leak),
                    explain: leak(&c.explain),
                    variant: leak(&c.variant),
                    usage: c.usage,
                    retired: c.retired.as_deref().map(leak),
                    http: c.http,
                    url: c.url.as_deref().map(leak),
                    retryable: c.retryable,
                    grpc: c.grpc.as_deref().map(leak),
                    aliases: Box::leak(
                        c.aliases
                            .iter()
                            .map(|a| leak(a))
                            .collect::<Vec<_>>()
                            .into_boxed_slice(),
                    ),
                    split_from: c.split_from.as_deref().map(leak),
                    number: c.number,
                    details: Box::leak(
                        c.details
                            .iter()
                            .map(|d| leak(d))
                            .collect::<Vec<_>>()
                            .into_boxed_slice(),
                    ),
                }
                .build()
            })
            .collect();
        let exits: Vec<ExitClass> = e
            .exits
            .iter()
            .map(|x| ExitClass::__new(x.exit, leak(&x.meaning)))
            .collect();
        let fallback = codes.iter().position(|c| c.fallback).unwrap_or(0);
        let sets: Vec<ErrorSet> = e
            .sets
            .iter()
            .filter_map(|set| {
                let codes: Vec<&'static str> = set.codes.iter().map(|c| leak(c)).collect();
                Some(ErrorSet::__new(
                    SetKind::from_name(&set.kind)?,
                    leak(&set.name),
                    Box::leak(codes.into_boxed_slice()),
                ))
            })
            .collect();
        Box::leak(Box::new(
            EnumFields {
                name: leak(&e.name),
                path: leak(&e.path),
                module_path: leak(&e.module_path),
                crate_name: leak(&e.crate_name),
                bin: e.bin.as_deref().map(leak),
                explain: leak(&e.explain),
                exits: Box::leak(exits.into_boxed_slice()),
                table: Box::leak(table.into_boxed_slice()),
                fallback,
                public: e.public,
                non_exhaustive: e.non_exhaustive,
                deny_unknown: e.deny_unknown,
                require_explain: e.require_explain,
                grpc_domain: e.grpc_domain.as_deref().map(leak),
                compat: e.compat.as_deref().map(leak),
                sets: Box::leak(sets.into_boxed_slice()),
                kind,
            }
            .build(),
        ))
    }

    /// The profile the program prints in, from the catalog's definition;
    /// Sponson's when it declares none.
    #[cfg(feature = "companion")]
    pub(crate) fn profile(&self) -> Result<&'static Profile, String> {
        match &self.envelope {
            Some(envelope) => envelope.profile(),
            None => Ok(&crate::profile::SPONSON),
        }
    }

    /// The catalog as pretty-printed JSON with a final newline, the same
    /// bytes for the same codes.
    pub fn to_json(&self) -> String {
        // Through a `Value`, whose members are sorted, as the program's
        // own writer sorts them: the same bytes from either side.
        let value = serde_json::to_value(self).expect("a catalog holds only JSON values");
        let mut json = serde_json::to_string_pretty(&value)
            .expect("a catalog holds only strings, numbers and booleans");
        json.push('\n');
        json
    }

    /// Reads a catalog a program wrote, checking the format and version
    /// first, so that a wrong file gets a clear error rather than a
    /// missing-member one, and a catalog of another version says which
    /// sponson-codes wrote it and which companion reads it.
    ///
    /// ```
    /// let err = sponson_codes::companion::catalog::Catalog::from_json(
    ///     r#"{"format": "sponson-codes/catalog", "version": 9, "library": "3.1.0"}"#,
    /// )
    /// .unwrap_err();
    /// assert!(err.to_string().contains("version 9"));
    /// assert!(err.to_string().contains("cargo install sponson-codes --version 3.1.0 --features companion"));
    /// ```
    pub fn from_json(json: &str) -> Result<Catalog, ReadError> {
        let value = read_json(json)?;
        match value.get("format").and_then(|f| f.as_str()) {
            Some(FORMAT) => {}
            _ => return Err(ReadError::NotACatalog),
        }
        match value.get("version").and_then(|v| v.as_u64()) {
            Some(v) if v == u64::from(VERSION) => {}
            Some(found) => {
                let library = value
                    .get("library")
                    .and_then(|l| l.as_str())
                    .map(str::to_owned);
                return Err(ReadError::Version { found, library });
            }
            None => return Err(ReadError::NotACatalog),
        }
        let catalog: Catalog =
            serde_json::from_value(value).map_err(|e| ReadError::Json(e.to_string()))?;
        catalog.validate()?;
        Ok(catalog)
    }

    /// Checks what the derive and [`Catalog::named`] check, so that a
    /// catalog from anywhere is held to the rules of one the library wrote:
    /// every code string is a code (1 to 64 characters of `A-Z`, `a-z`,
    /// `0-9`, `_`, `.`, `-`, or such words joined by `::`), an error code's
    /// exit is 1 to 255 and a warning's 0, every program name is a name
    /// ([`program_name_problem`](crate::companion::catalog::program_name_problem)),
    /// every enum lists a code and every code names a listed enum (and
    /// program).
    ///
    /// [`Catalog::from_json`] and [`Catalog::read_lock`] call it; a catalog
    /// deserialized some other way should too, before its names become
    /// file names, links or markup.
    ///
    /// ```
    /// use sponson_codes::companion::catalog::Catalog;
    ///
    /// let json = r#"{"format": "sponson-codes/catalog", "version": 2,
    ///   "enums": [{"crate": "app", "path": "app::Code"}],
    ///   "codes": [{"code": "../x", "exit": 1, "doc": "", "enum": "app::Code", "crate": "app", "variant": "X"}]}"#;
    /// let err = Catalog::from_json(json).unwrap_err();
    /// assert!(err.to_string().contains("the code `../x` contains '/'"));
    ///
    /// let catalog = Catalog::from_enums(&sponson_codes::registry::documented());
    /// assert!(catalog.validate().is_ok());
    /// ```
    pub fn validate(&self) -> Result<(), ReadError> {
        self.validate_codes()?;
        let mut names: Vec<&str> = Vec::with_capacity(self.programs.len());
        for program in &self.programs {
            if let Some(why) = crate::tooling::merge::program_name_problem(&program.name) {
                return Err(ReadError::Invalid(format!(
                    "a program of the catalog: {why}"
                )));
            }
            // Compared as `merge` compares them: each is a folder of the site.
            if let Some(first) = names.iter().find(|n| n.eq_ignore_ascii_case(&program.name)) {
                return Err(ReadError::Invalid(match *first == program.name {
                    true => format!("the catalog lists the program `{first}` twice"),
                    false => format!(
                        "the catalog lists the programs `{first}` and `{}`, which would share one folder of the site",
                        program.name
                    ),
                }));
            }
            names.push(&program.name);
        }
        let program_of = |program: &Option<String>, what: String| match program {
            Some(name) if !names.contains(&name.as_str()) => Err(ReadError::Invalid(format!(
                "{what} names the program `{}`, which the catalog does not list",
                crate::escape::escape_line(name)
            ))),
            None if !names.is_empty() => Err(ReadError::Invalid(format!(
                "{what} names no program, in a merged catalog"
            ))),
            _ => Ok(()),
        };
        for (i, e) in self.enums.iter().enumerate() {
            let what = format!(
                "the enum `{}` of crate `{}`",
                crate::escape::escape_line(&e.path),
                crate::escape::escape_line(&e.crate_name)
            );
            program_of(&e.program, what.clone())?;
            // Its codes name it by these three: listed twice, they would be
            // the codes of both.
            let same = |other: &EnumEntry| {
                (&other.path, &other.crate_name, &other.program)
                    == (&e.path, &e.crate_name, &e.program)
            };
            if self.enums[..i].iter().any(same) {
                return Err(ReadError::Invalid(format!("{what} is listed twice")));
            }
            if !is_errors(&e.kind) && e.kind != CodeKind::Warnings.as_str() {
                return Err(ReadError::Invalid(format!(
                    "{what} has the kind `{}`; an enum's kind is `errors` (or absent) or `warnings`",
                    crate::escape::escape_line(&e.kind)
                )));
            }
            if let Some(x) = e.exits.iter().find(|x| x.exit == 0) {
                return Err(ReadError::Invalid(format!(
                    "{what} declares the exit class {}, which means success; an exit class is 1 to 255",
                    x.exit
                )));
            }
            if !self.codes.iter().any(|c| c.belongs_to(e)) {
                return Err(ReadError::Invalid(format!(
                    "{what} lists no codes; a derived enum has at least one (an error enum, its fallback code)"
                )));
            }
        }
        for c in &self.codes {
            let what = format!("the code `{}`", c.code);
            program_of(&c.program, what.clone())?;
            let Some(e) = self.enums.iter().find(|e| c.belongs_to(e)) else {
                return Err(ReadError::Invalid(format!(
                    "{what} names the enum `{}` of crate `{}`, which the catalog does not list",
                    crate::escape::escape_line(&c.enum_path),
                    crate::escape::escape_line(&c.crate_name)
                )));
            };
            // The enum's kind decides what the companion makes of each code.
            let warnings = e.kind == CodeKind::Warnings.as_str();
            if c.warning != warnings {
                return Err(ReadError::Invalid(format!(
                    "{what} is {} but its enum `{}` holds {}; an enum holds one kind of code",
                    if c.warning { "a warning" } else { "an error" },
                    crate::escape::escape_line(&e.path),
                    if warnings { "warnings" } else { "errors" },
                )));
            }
        }
        Ok(())
    }

    /// The rules on each code alone, which a lock is held to as well.
    fn validate_codes(&self) -> Result<(), ReadError> {
        for c in &self.codes {
            if let Some(problem) = code_problem(&c.code) {
                return Err(ReadError::Invalid(format!(
                    "the code `{}` {problem}; {CODE_SHAPE}",
                    crate::escape::escape_line(&c.code)
                )));
            }
            // Old names become file names and links as codes do.
            let old = c.aliases.iter().map(|a| ("alias", a));
            for (what, name) in old.chain(c.split_from.iter().map(|s| ("split_from", s))) {
                if let Some(problem) = code_problem(name) {
                    return Err(ReadError::Invalid(format!(
                        "the {what} `{}` of `{}` {problem}; {CODE_SHAPE}",
                        crate::escape::escape_line(name),
                        c.code
                    )));
                }
            }
            if c.warning && c.exit != 0 {
                return Err(ReadError::Invalid(format!(
                    "the warning code `{}` has exit {}; a warning never ends the process, so its exit is 0",
                    c.code, c.exit
                )));
            }
            if !c.warning && c.exit == 0 {
                return Err(ReadError::Invalid(format!(
                    "the error code `{}` has exit 0, which means success; an error code's exit is 1 to 255",
                    c.code
                )));
            }
        }
        Ok(())
    }

    /// Reads a committed lock: a lock file written by
    /// [`Catalog::to_lock_json`] (its prose empty), or a full catalog of
    /// any version this library wrote, as older versions committed one.
    pub fn read_lock(json: &str) -> Result<Catalog, ReadError> {
        let value = read_json(json)?;
        let version = value.get("version").and_then(|v| v.as_u64());
        let lock = match (value.get("format").and_then(|f| f.as_str()), version) {
            (Some(LOCK_FORMAT), Some(1)) => Catalog::from_lock_value(value)?,
            (Some(FORMAT), Some(1..=2)) => {
                serde_json::from_value(value).map_err(|e| ReadError::Json(e.to_string()))?
            }
            (Some(format @ (LOCK_FORMAT | FORMAT)), Some(found)) => {
                return Err(ReadError::LockVersion {
                    lock: format == LOCK_FORMAT,
                    found,
                })
            }
            _ => return Err(ReadError::NotACatalog),
        };
        // A lock names no program, and lists only the enums its sets need.
        lock.validate_codes()?;
        Ok(lock)
    }

    /// The entries for `code`: one per enum that declares it.
    ///
    /// ```
    /// use sponson_codes::companion::catalog::Catalog;
    ///
    /// let catalog = Catalog::from_enums(&sponson_codes::registry::documented());
    /// assert_eq!(catalog.find("NO_SUCH_CODE").count(), 0);
    /// ```
    pub fn find<'a>(&'a self, code: &'a str) -> impl Iterator<Item = &'a CodeEntry> + 'a {
        self.codes.iter().filter(move |c| c.code == code)
    }
}

/// What a code string is, in the derive's words.
const CODE_SHAPE: &str = "a code is 1 to 64 characters from A-Z, a-z, 0-9, `_`, `.` and `-`, or words of them joined by `::` (`my_app::config::missing`)";

/// What makes `code` unusable as a code string, if anything: the derive's
/// rule (`code_problem` in sponson-codes-derive's `check.rs`; the derive
/// cannot share the runtime's code), applied to catalogs from anywhere,
/// since their codes become file names, links and markup.
pub(crate) fn code_problem(code: &str) -> Option<String> {
    if code.is_empty() {
        return Some("is empty".to_owned());
    }
    if let Some(bad) = code
        .chars()
        .find(|c| !c.is_ascii_alphanumeric() && !matches!(c, '_' | '.' | '-' | ':'))
    {
        return Some(format!("contains {bad:?}, which a code cannot hold"));
    }
    let words: Vec<&str> = code.split("::").collect();
    if words.iter().any(|word| word.is_empty()) {
        return Some("has an empty word between two `::`, or starts or ends with `::`".to_owned());
    }
    if words.iter().any(|word| word.contains(':')) {
        return Some("has a `:` that is not part of a `::`".to_owned());
    }
    if code.len() > 64 {
        return Some(format!("is {} characters long", code.len()));
    }
    None
}

impl CodeEntry {
    /// Whether `e` is the enum that declares this code.
    fn belongs_to(&self, e: &EnumEntry) -> bool {
        self.enum_path == e.path && self.crate_name == e.crate_name && self.program == e.program
    }
}

/// Why a document could not be read as a [`Catalog`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ReadError {
    /// The document is not valid JSON, or a member has the wrong type.
    Json(String),
    /// The document has neither `"format": "sponson-codes/catalog"` nor
    /// `"format": "sponson-codes/lock"`, or no `version`.
    NotACatalog,
    /// The document's version is not the one this library reads.
    Version {
        /// The version found.
        found: u64,
        /// The sponson-codes version that wrote it, when the document says.
        library: Option<String>,
    },
    /// A committed lock ([`Catalog::read_lock`]) of a version this library
    /// does not read.
    LockVersion {
        /// Whether it is a lock file (else a full catalog committed as one).
        lock: bool,
        /// The version found.
        found: u64,
    },
    /// The document reads, but breaks a rule every catalog the library
    /// writes keeps ([`Catalog::validate`]): the message says which.
    Invalid(String),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Json(e) | ReadError::Invalid(e) => write!(f, "the catalog is not valid: {e}"),
            ReadError::LockVersion { lock: true, found } => write!(
                f,
                "the lock is version {found}; this companion, sponson-codes {LIBRARY_VERSION}, reads lock version {LOCK_VERSION} (and full catalogs of versions 1 and {VERSION} committed as locks): check it with the companion of the sponson-codes version that wrote it"
            ),
            ReadError::LockVersion { lock: false, found } => write!(
                f,
                "the catalog is version {found}; this companion, sponson-codes {LIBRARY_VERSION}, reads catalog versions 1 and {VERSION} committed as locks (and lock version {LOCK_VERSION}): check it with the companion of the sponson-codes version that wrote it"
            ),
            ReadError::NotACatalog => write!(
                f,
                "not a code catalog: expected `\"format\": \"{FORMAT}\"` (or `\"{}\"` for a lock) and a `version`",
                crate::tooling::lock::LOCK_FORMAT
            ),
            ReadError::Version { found, library } => {
                let writer = match library {
                    Some(library) => format!("written by sponson-codes {library}"),
                    None => "written by another sponson-codes".to_owned(),
                };
                let install = match library {
                    Some(library) => format!("cargo install sponson-codes --version {library} --features companion"),
                    None => "the companion of the sponson-codes version the program uses".to_owned(),
                };
                write!(
                    f,
                    "the catalog is version {found} ({writer}); this companion, sponson-codes {LIBRARY_VERSION}, reads version {VERSION}: install {install}, or build the program with sponson-codes {LIBRARY_VERSION}"
                )
            }
        }
    }
}

impl std::error::Error for ReadError {}

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
    fn an_old_name_that_is_not_a_code_string_is_refused() {
        let catalog = Catalog::from_enums(&[&E]);
        for (member, value) in [
            ("aliases", serde_json::json!(["<b>x</b>"])),
            ("aliases", serde_json::json!(["../index"])),
            ("split_from", serde_json::json!("a b")),
        ] {
            let mut json = serde_json::to_value(&catalog).unwrap();
            json["codes"][0][member] = value;
            let error = Catalog::from_json(&json.to_string()).unwrap_err();
            let shown = error.to_string();
            let what = if member == "aliases" { "alias" } else { member };
            assert!(shown.contains(&format!("the {what} `")), "{shown}");
            assert!(shown.contains("of `LOCK_HELD`"), "{shown}");
        }
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
    fn a_repeated_key_is_refused_in_a_catalog_and_a_lock() {
        // Parsers disagree on which copy counts, so the one reader's rule holds
        // here as for documents: refused, never the last copy kept.
        let catalog = Catalog::from_enums(&[&E]).to_json();
        let twice = catalog.replacen(
            "\"format\": \"sponson-codes/catalog\",",
            "\"format\": \"sponson-codes/catalog\", \"version\": 9,",
            1,
        );
        let err = Catalog::from_json(&twice).unwrap_err().to_string();
        assert!(err.contains("`version` appears twice"), "{err}");
        let lock = Catalog::from_enums(&[&E]).to_lock_json();
        let twice = lock.replacen("\"version\": 1,", "\"version\": 1, \"version\": 1,", 1);
        let err = Catalog::read_lock(&twice).unwrap_err().to_string();
        assert!(err.contains("`version` appears twice"), "{err}");
    }

    #[test]
    fn the_writer_and_the_reader_agree_member_for_member() {
        let written = crate::catalog::value_of(&[&E], Some(&crate::profile::NOGGIN), &[]);
        let read: Catalog = serde_json::from_value(written.clone()).unwrap();
        assert_eq!(serde_json::to_value(&read).unwrap(), written);
        // The enums read back are the enums written.
        assert_eq!(read.enum_infos(), [&E]);
        assert_eq!(
            read.envelope.unwrap().definition.unwrap(),
            crate::profile::NOGGIN.definition()
        );
    }

    #[test]
    fn a_catalog_of_another_version_names_both_versions_and_what_to_install() {
        for (found, library, words) in [
            (
                3,
                Some("0.9.0"),
                "cargo install sponson-codes --version 0.9.0 --features companion",
            ),
            (
                1,
                None,
                "the companion of the sponson-codes version the program uses",
            ),
        ] {
            let mut json = serde_json::json!({"format": "sponson-codes/catalog", "version": found});
            if let Some(library) = library {
                json["library"] = library.into();
            }
            let err = Catalog::from_json(&json.to_string())
                .unwrap_err()
                .to_string();
            assert!(
                err.contains(&format!("the catalog is version {found}")),
                "{err}"
            );
            assert!(err.contains(&format!("reads version {VERSION}")), "{err}");
            assert!(err.contains(words), "{err}");
        }
    }

    #[test]
    fn an_enum_without_codes_is_refused_errors_and_warnings_alike() {
        // What the companion makes of an enum names its codes (an error
        // enum's fallback, a warnings enum's first code in the docs); a
        // derived enum always has at least one.
        let json = r#"{"format":"sponson-codes/catalog","version":2,"enums":[{"crate":"app","path":"app::Code"}],"codes":[]}"#;
        let err = Catalog::from_json(json).unwrap_err().to_string();
        assert!(err.starts_with("the catalog is not valid"), "{err}");
        assert!(err.contains("`app::Code`"), "{err}");
        let warnings = json.replace(
            r#""path":"app::Code""#,
            r#""path":"app::Code","kind":"warnings""#,
        );
        let err = Catalog::from_json(&warnings).unwrap_err().to_string();
        assert!(
            err.contains("the enum `app::Code` of crate `app` lists no codes"),
            "{err}"
        );
    }

    /// The catalog of `E` as a JSON value, to edit into a hostile one.
    fn catalog_value() -> serde_json::Value {
        serde_json::to_value(Catalog::from_enums(&[&E])).unwrap()
    }

    fn refusal(value: &serde_json::Value) -> String {
        let err = Catalog::from_json(&value.to_string()).unwrap_err();
        assert!(matches!(err, ReadError::Invalid(_)), "{err:?}");
        err.to_string()
    }

    #[test]
    fn an_enum_listed_twice_is_refused() {
        // Found by the read_catalog fuzz target: the same enum as errors and
        // as warnings made its error codes warnings with their exits.
        let mut value = catalog_value();
        let mut again = value["enums"][0].clone();
        again["kind"] = "warnings".into();
        value["enums"].as_array_mut().unwrap().push(again);
        let err = refusal(&value);
        assert!(
            err.contains("the enum `demo::errors::Code` of crate `demo` is listed twice"),
            "{err}"
        );
    }

    #[test]
    fn a_code_of_an_enum_the_catalog_does_not_list_is_refused() {
        let mut value = catalog_value();
        value["codes"][0]["enum"] = "demo::errors::Other".into();
        let err = refusal(&value);
        assert!(
            err.contains("the code `LOCK_HELD` names the enum `demo::errors::Other` of crate `demo`, which the catalog does not list"),
            "{err}"
        );
    }

    #[test]
    fn codes_that_are_not_code_strings_are_refused_by_the_derive_s_rule() {
        // Each of these became a file name, a link or markup in what the
        // companion writes.
        for (code, why) in [
            ("sub/../../x", "contains '/'"),
            ("/etc/x", "contains '/'"),
            ("javascript:alert(1)", "contains '('"),
            ("<img src=x onerror=alert(1)>", "contains '<'"),
            ("A`B", "contains '`'"),
            ("", "is empty"),
            ("a:b", "has a `:` that is not part of a `::`"),
            (&"X".repeat(65), "is 65 characters long"),
        ] {
            let mut value = catalog_value();
            value["codes"][0]["code"] = code.into();
            let err = refusal(&value);
            assert!(err.contains(why), "{code}: {err}");
            assert!(err.contains("a code is 1 to 64 characters"), "{err}");
            assert!(!err.contains('\n'), "{err}");
        }
        // What the derive accepts reads.
        for code in ["my_app::config::missing", "auth.expired", "E0499", "a-b"] {
            let mut value = catalog_value();
            value["codes"][0]["code"] = code.into();
            assert!(Catalog::from_json(&value.to_string()).is_ok(), "{code}");
        }
    }

    #[test]
    fn an_error_code_with_exit_0_is_refused_and_a_warning_needs_exit_0() {
        let mut value = catalog_value();
        value["codes"][0]["exit"] = 0.into();
        let err = refusal(&value);
        assert!(
            err.contains("the error code `LOCK_HELD` has exit 0, which means success"),
            "{err}"
        );
        let mut value = catalog_value();
        value["codes"][0]["warning"] = true.into();
        let err = refusal(&value);
        assert!(
            err.contains("the warning code `LOCK_HELD` has exit 3"),
            "{err}"
        );
        // A warning in an enum of errors (and an error among warnings)
        // would be made an error with exit 0 by the enums it gives.
        let mut value = catalog_value();
        value["codes"][0]["warning"] = true.into();
        value["codes"][0]["exit"] = 0.into();
        let err = refusal(&value);
        assert!(
            err.contains(
                "the code `LOCK_HELD` is a warning but its enum `demo::errors::Code` holds errors"
            ),
            "{err}"
        );
        let mut value = catalog_value();
        value["enums"][0]["kind"] = "warnings".into();
        let err = refusal(&value);
        assert!(err.contains("is an error but its enum"), "{err}");
        // A kind that is neither: the fuzzer's `warniNgs`.
        value["enums"][0]["kind"] = "warniNgs".into();
        let err = refusal(&value);
        assert!(err.contains("has the kind `warniNgs`"), "{err}");
        let mut value = catalog_value();
        value["enums"][0]["exits"][0]["exit"] = 0.into();
        let err = refusal(&value);
        assert!(err.contains("declares the exit class 0"), "{err}");
    }

    #[test]
    fn program_names_that_are_not_names_are_refused_in_a_merged_catalog() {
        let one = Catalog::from_enums(&[&E]).named("plan").unwrap();
        for name in ["../esc", "<img src=x onerror=alert(9)>", "", "a/b"] {
            let mut value = serde_json::to_value(&one).unwrap();
            value["programs"][0]["name"] = name.into();
            for e in value["enums"].as_array_mut().unwrap() {
                e["program"] = name.into();
            }
            for c in value["codes"].as_array_mut().unwrap() {
                c["program"] = name.into();
            }
            let err = refusal(&value);
            assert!(err.contains("program"), "{name}: {err}");
        }
        // An enum naming a program the catalog does not list.
        let mut value = serde_json::to_value(&one).unwrap();
        value["enums"][0]["program"] = "other".into();
        let err = refusal(&value);
        assert!(
            err.contains("names the program `other`, which the catalog does not list"),
            "{err}"
        );
        // The same program twice.
        let mut value = serde_json::to_value(&one).unwrap();
        let program = value["programs"][0].clone();
        value["programs"].as_array_mut().unwrap().push(program);
        let err = refusal(&value);
        assert!(err.contains("lists the program `plan` twice"), "{err}");
        value["programs"][1]["name"] = "Plan".into();
        let err = refusal(&value);
        assert!(
            err.contains("the programs `plan` and `Plan`, which would share one folder"),
            "{err}"
        );
    }

    #[test]
    fn a_lock_is_held_to_the_same_rules() {
        let lock = Catalog::from_enums(&[&E]).to_lock_json();
        let hostile = lock.replace("\"LOCK_HELD\"", "\"../x\"");
        assert_ne!(hostile, lock);
        let err = Catalog::read_lock(&hostile).unwrap_err().to_string();
        assert!(err.contains("the code `../x` contains '/'"), "{err}");
    }

    #[test]
    fn a_lock_of_another_version_names_the_lock_and_both_versions() {
        let lock = Catalog::from_enums(&[&E]).to_lock_json();
        let newer = lock.replacen("\"version\": 1", "\"version\": 2", 1);
        assert_ne!(newer, lock);
        let err = Catalog::read_lock(&newer).unwrap_err().to_string();
        assert!(err.starts_with("the lock is version 2;"), "{err}");
        assert!(err.contains("reads lock version 1"), "{err}");
        assert!(!err.contains("catalog is version"), "{err}");
        // A full catalog committed as a lock names the catalog's versions.
        let catalog = Catalog::from_enums(&[&E]).to_json();
        let newer = catalog.replacen("\"version\": 2", "\"version\": 3", 1);
        let err = Catalog::read_lock(&newer).unwrap_err().to_string();
        assert!(err.starts_with("the catalog is version 3"), "{err}");
        assert!(err.contains("reads catalog versions 1 and 2"), "{err}");
    }

    #[test]
    fn unknown_fields_are_ignored_and_wrong_files_are_named() {
        let mut value = serde_json::to_value(Catalog::from_enums(&[&E])).unwrap();
        value["extra"] = serde_json::json!(true);
        value["codes"][0]["extra"] = serde_json::json!(1);
        assert!(Catalog::from_json(&value.to_string()).is_ok());
        assert_eq!(
            Catalog::from_json("{}").unwrap_err(),
            ReadError::NotACatalog
        );
        assert_eq!(
            Catalog::from_json(r#"{"format":"sponson-codes/catalog","version":1}"#).unwrap_err(),
            ReadError::Version {
                found: 1,
                library: None
            }
        );
        let err = Catalog::from_json("{").unwrap_err().to_string();
        assert!(err.starts_with("the catalog is not valid"), "{err}");
    }
}
