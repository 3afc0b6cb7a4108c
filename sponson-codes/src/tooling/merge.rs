//! Many programs' catalogs in one: each program named, its enums and codes
//! kept apart by that name, and every code that two programs declare
//! differently reported.
//!
//! A code string means one thing inside one program: the registry's
//! duplicate check ([`crate::registry::duplicates`]) refuses a code that two
//! enums of a program give different exits. Across programs the caller
//! always knows which program it ran, so each program's contract stays
//! whole; but an organisation that reads many programs' codes through one
//! catalog (a gateway, an agent, a dashboard that matches on the code) reads
//! one answer per code string. [`merge`] reports each code whose programs
//! disagree on what a machine reads (the exit, whether it is a warning, the
//! HTTP status, the gRPC status of an enum that speaks gRPC, whether it is
//! retryable, its number) as a contract [`Conflict`], and a
//! different one-line `doc` as a wording difference: prose, which the lock
//! leaves out too.

use core::fmt;
use std::collections::BTreeMap;

use crate::catalog::{LIBRARY_VERSION, VERSION};
use crate::tooling::catalog::{Catalog, CodeEntry, ProgramEntry};

/// The longest program name, in characters.
pub(crate) const MAX_PROGRAM_NAME: usize = 64;

/// Why `name` cannot name a program, if it cannot: a program's name is a
/// directory of the merged site and a word on its pages, so it is ASCII
/// letters, digits, `_` and `-`, starting with a letter or a digit, at most
/// 64 characters.
///
/// ```
/// use sponson_codes::companion::catalog::program_name_problem;
///
/// assert_eq!(program_name_problem("plan-cli_2"), None);
/// assert!(program_name_problem("../etc").is_some());
/// assert!(program_name_problem("").is_some());
/// ```
pub fn program_name_problem(name: &str) -> Option<String> {
    if name.is_empty() {
        return Some("a program's name cannot be empty".to_owned());
    }
    if name.chars().count() > MAX_PROGRAM_NAME {
        return Some(format!(
            "a program's name has at most {MAX_PROGRAM_NAME} characters"
        ));
    }
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-';
    if !name.chars().all(word) || !name.starts_with(|c: char| c.is_ascii_alphanumeric()) {
        return Some(format!(
            "`{}` cannot name a program: use ASCII letters, digits, `_` and `-`, starting with a letter or a digit",
            crate::escape::escape_line(name)
        ));
    }
    None
}

impl Catalog {
    /// This program's catalog as a merged catalog of one program, `name`:
    /// what [`merge`] takes. Each enum and code names the program, and
    /// [`Catalog::programs`] holds its library version and profile.
    ///
    /// ```
    /// use sponson_codes::companion::catalog::Catalog;
    ///
    /// let plan = Catalog::from_enums(&sponson_codes::registry::documented())
    ///     .named("plan")
    ///     .unwrap();
    /// assert_eq!(plan.programs[0].name, "plan");
    /// assert!(plan.codes.iter().all(|c| c.program.as_deref() == Some("plan")));
    /// ```
    pub fn named(&self, name: &str) -> Result<Catalog, MergeError> {
        if let Some(why) = program_name_problem(name) {
            return Err(MergeError::Name(why));
        }
        if !self.programs.is_empty() {
            return Err(MergeError::AlreadyMerged {
                name: name.to_owned(),
            });
        }
        let mut named = self.clone();
        let program = Some(name.to_owned());
        for e in &mut named.enums {
            e.program.clone_from(&program);
        }
        for c in &mut named.codes {
            c.program.clone_from(&program);
        }
        named.programs = vec![ProgramEntry {
            name: name.to_owned(),
            library: self.library.clone(),
            envelope: self.envelope.clone(),
        }];
        named.envelope = None;
        named.declared_profiles = Vec::new();
        Ok(named)
    }

    /// The names of the programs of a merged catalog, in order; empty for
    /// one program's catalog.
    pub fn program_names(&self) -> Vec<&str> {
        self.programs.iter().map(|p| p.name.as_str()).collect()
    }
}

/// Merges catalogs of named programs ([`Catalog::named`], or catalogs merged
/// before) into one, in the order given, and reports every code that two
/// programs declare differently.
///
/// The merged catalog holds every enum and code of every program, each
/// naming its program, and [`Catalog::programs`]; it has no envelope of its
/// own (each program's is in its [`ProgramEntry`]). Nothing is dropped or
/// chosen: conflicts are reported, never resolved.
///
/// ```
/// use sponson_codes::companion::catalog::{merge, Catalog};
///
/// let one = Catalog::from_enums(&sponson_codes::registry::documented());
/// let merged = merge(&[one.named("plan").unwrap(), one.named("deploy").unwrap()]).unwrap();
/// assert_eq!(merged.catalog.program_names(), ["plan", "deploy"]);
/// assert_eq!(merged.catalog.codes.len(), 2 * one.codes.len());
/// assert!(merged.conflicts.is_empty()); // the same codes agree
/// ```
pub fn merge(catalogs: &[Catalog]) -> Result<Merged, MergeError> {
    let mut merged = Catalog {
        format: crate::catalog::FORMAT.to_owned(),
        version: VERSION,
        library: LIBRARY_VERSION.to_owned(),
        enums: Vec::new(),
        codes: Vec::new(),
        envelope: None,
        declared_profiles: Vec::new(),
        programs: Vec::new(),
    };
    for catalog in catalogs {
        if catalog.programs.is_empty() {
            return Err(MergeError::Unnamed);
        }
        // A catalog deserialized without `from_json` is held to its rules
        // here, before its names reach the merged catalog.
        catalog.validate().map_err(MergeError::Invalid)?;
        for program in &catalog.programs {
            let clash = merged
                .programs
                .iter()
                .find(|p| p.name.eq_ignore_ascii_case(&program.name));
            if let Some(first) = clash {
                return Err(MergeError::Duplicate {
                    first: first.name.clone(),
                    second: program.name.clone(),
                });
            }
            merged.programs.push(program.clone());
        }
        merged.enums.extend(catalog.enums.iter().cloned());
        merged.codes.extend(catalog.codes.iter().cloned());
    }
    let conflicts = conflicts(&merged);
    Ok(Merged {
        catalog: merged,
        conflicts,
    })
}

/// A merged catalog and what the merge found.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Merged {
    /// Every program's enums and codes.
    pub catalog: Catalog,
    /// Every code that two programs declare differently, by code, then
    /// [`Field`].
    pub conflicts: Vec<Conflict>,
}

impl Merged {
    /// The conflicts of the contract (see [`Conflict::is_contract`]).
    pub fn contract_conflicts(&self) -> impl Iterator<Item = &Conflict> {
        self.conflicts.iter().filter(|c| c.is_contract())
    }
}

/// What two programs may declare differently for one code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Field {
    /// The exit code, or being a warning (which has none).
    Exit,
    /// The HTTP status, between programs that both give one.
    Http,
    /// The gRPC status, between programs whose enums speak gRPC (name a
    /// `grpc_domain`): another enum's status is only derived, never sent.
    Grpc,
    /// Whether it is retryable, between programs that both say.
    Retryable,
    /// The number (`#[code(number = N)]`), between programs that both give
    /// one: JSON-RPC and FFI clients branch on it.
    Number,
    /// The one-line `doc`: what the code means, in words.
    Doc,
}

impl Field {
    /// `exit`, `http`, `grpc`, `retryable`, `number` or `doc`, as the
    /// catalog names them.
    pub fn as_str(self) -> &'static str {
        match self {
            Field::Exit => "exit",
            Field::Http => "http",
            Field::Grpc => "grpc",
            Field::Retryable => "retryable",
            Field::Number => "number",
            Field::Doc => "doc",
        }
    }
}

/// One code that programs of a merge declare differently in one [`Field`].
///
/// ```
/// use sponson_codes::companion::catalog::{merge, Catalog, Field};
/// use sponson_codes::{ErrorCode, ErrorCodes};
///
/// #[derive(Debug, ErrorCodes)]
/// enum Code {
///     #[code(exit = 3, doc = "Another run holds the lock.")]
///     LockHeld,
///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
///     Internal,
/// }
///
/// let plan = Catalog::from_enums(&[Code::ENUM]);
/// let mut other = plan.clone();
/// for code in &mut other.codes {
///     code.exit = 7;
/// }
/// let merged = merge(&[plan.named("plan").unwrap(), other.named("deploy").unwrap()]).unwrap();
/// let first = &merged.conflicts[0];
/// assert_eq!(first.field, Field::Exit);
/// assert!(first.is_contract());
/// assert!(first.to_string().contains("in `plan` and exit 7 in `deploy`"), "{first}");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Conflict {
    /// The code string.
    pub code: String,
    /// What differs.
    pub field: Field,
    /// Each value given (as shown: `exit 3`, `a warning`, `HTTP 409`,
    /// `retryable`, the doc quoted), with the programs that give it, in the
    /// merge's order.
    pub values: Vec<(String, Vec<String>)>,
}

impl Conflict {
    /// Whether it is a difference a machine reads (the exit, being a
    /// warning, the HTTP status, retryable), not only of wording (`doc`).
    pub fn is_contract(&self) -> bool {
        self.field != Field::Doc
    }

    /// Every program named, in the merge's order.
    pub fn programs(&self) -> Vec<&str> {
        self.values
            .iter()
            .flat_map(|(_, programs)| programs.iter().map(String::as_str))
            .collect()
    }
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let groups: Vec<String> = self
            .values
            .iter()
            .map(|(value, programs)| {
                let names: Vec<String> = programs.iter().map(|p| format!("`{p}`")).collect();
                format!("{value} in {}", and_list(&names))
            })
            .collect();
        match self.field {
            Field::Doc => write!(
                f,
                "code `{}` is worded differently: {}",
                self.code,
                and_list(&groups)
            ),
            _ => write!(f, "code `{}` has {}", self.code, and_list(&groups)),
        }
    }
}

/// How a code's value of `field` is shown in a conflict; `None` when the
/// code does not declare it.
fn shown(field: Field, c: &CodeEntry, grpc_enums: &[(Option<&str>, &str)]) -> Option<String> {
    match field {
        Field::Exit => Some(match c.warning {
            true => "a warning".to_owned(),
            false => format!("exit {}", c.exit),
        }),
        Field::Http => c.http.map(|s| format!("HTTP {s}")),
        Field::Grpc => c
            .grpc
            .as_ref()
            .filter(|_| grpc_enums.contains(&(c.program.as_deref(), c.enum_path.as_str())))
            .map(|s| format!("gRPC {s}")),
        Field::Retryable => c.retryable.map(|r| match r {
            true => "retryable".to_owned(),
            false => "not retryable".to_owned(),
        }),
        Field::Number => c.number.map(|n| format!("number {n}")),
        Field::Doc => Some(format!("{:?}", c.doc)),
    }
}

/// `a`, `a and b`, `a, b and c`.
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// Why catalogs could not be merged.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum MergeError {
    /// A program's name is not one (see [`program_name_problem`]).
    Name(String),
    /// [`Catalog::named`] was given a catalog merged already; its programs
    /// have their names.
    AlreadyMerged {
        /// The name it was given.
        name: String,
    },
    /// [`merge`] was given a program's catalog that no name was given.
    Unnamed,
    /// Two programs have one name (compared ignoring ASCII case, since
    /// each is a directory of the merged site).
    Duplicate {
        /// The first program's name.
        first: String,
        /// The second's.
        second: String,
    },
    /// A catalog given to [`merge`] breaks a rule of every catalog (see
    /// [`Catalog::validate`]).
    Invalid(crate::tooling::catalog::ReadError),
}

impl fmt::Display for MergeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MergeError::Name(why) => f.write_str(why),
            MergeError::AlreadyMerged { name } => write!(
                f,
                "the catalog named `{name}` is merged already; give it without a name, and its programs keep theirs"
            ),
            MergeError::Unnamed => f.write_str(
                "each program's catalog needs a name to be merged under, as in --catalog plan=plan.json",
            ),
            MergeError::Duplicate { first, second } if first == second => {
                write!(f, "two programs are named `{first}`; give each its own name")
            }
            MergeError::Invalid(err) => write!(f, "cannot merge: {err}"),
            MergeError::Duplicate { first, second } => write!(
                f,
                "the programs `{first}` and `{second}` would share one directory of the site; give them names that differ in more than case"
            ),
        }
    }
}

impl std::error::Error for MergeError {}

/// Every code that two programs of `merged` declare differently.
fn conflicts(merged: &Catalog) -> Vec<Conflict> {
    let order: BTreeMap<&str, usize> = merged
        .programs
        .iter()
        .enumerate()
        .map(|(i, p)| (p.name.as_str(), i))
        .collect();
    // The enums whose gRPC statuses are part of their contract.
    let grpc_enums: Vec<(Option<&str>, &str)> = merged
        .enums
        .iter()
        .filter(|e| e.grpc_domain.is_some())
        .map(|e| (e.program.as_deref(), e.path.as_str()))
        .collect();
    let mut by_code: BTreeMap<&str, Vec<&CodeEntry>> = BTreeMap::new();
    for code in &merged.codes {
        by_code.entry(code.code.as_str()).or_default().push(code);
    }
    let mut out = Vec::new();
    for (code, entries) in by_code {
        let programs: Vec<&str> = entries
            .iter()
            .filter_map(|c| c.program.as_deref())
            .collect();
        let first = programs.first().copied();
        if programs.iter().all(|p| Some(*p) == first) {
            continue;
        }
        let fields = [
            Field::Exit,
            Field::Http,
            Field::Grpc,
            Field::Retryable,
            Field::Number,
            Field::Doc,
        ];
        for field in fields {
            let value = |entry: &CodeEntry| shown(field, entry, &grpc_enums);
            // Each value with its programs, a program once per value.
            let mut values: Vec<(String, Vec<String>)> = Vec::new();
            for entry in &entries {
                let (Some(program), Some(value)) = (entry.program.as_deref(), value(entry)) else {
                    continue;
                };
                match values.iter_mut().find(|(v, _)| *v == value) {
                    Some((_, programs)) if programs.iter().any(|p| p == program) => {}
                    Some((_, programs)) => programs.push(program.to_owned()),
                    None => values.push((value, vec![program.to_owned()])),
                }
            }
            if values.len() < 2 {
                continue;
            }
            // Values that one program alone gives differently from itself
            // are that program's own duplicate check's.
            let named: Vec<&str> = values
                .iter()
                .flat_map(|(_, p)| p.iter().map(String::as_str))
                .collect();
            if named.iter().all(|p| *p == named[0]) {
                continue;
            }
            for (_, programs) in &mut values {
                programs.sort_by_key(|p| order.get(p.as_str()).copied().unwrap_or(usize::MAX));
            }
            values.sort_by_key(|(_, programs)| {
                programs
                    .first()
                    .and_then(|p| order.get(p.as_str()).copied())
                    .unwrap_or(usize::MAX)
            });
            out.push(Conflict {
                code: code.to_owned(),
                field,
                values,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tooling::catalog::EnumEntry;

    fn code(name: &str, exit: u8, doc: &str) -> CodeEntry {
        serde_json::from_value(serde_json::json!({
            "code": name, "exit": exit, "doc": doc, "enum": "app::Code",
            "crate": "app", "variant": name,
        }))
        .unwrap()
    }

    fn catalog(codes: Vec<CodeEntry>) -> Catalog {
        let e: EnumEntry = serde_json::from_value(serde_json::json!({
            "crate": "app", "path": "app::Code",
        }))
        .unwrap();
        Catalog {
            format: crate::catalog::FORMAT.to_owned(),
            version: VERSION,
            library: "0.1.0".to_owned(),
            enums: vec![e],
            codes,
            envelope: None,
            declared_profiles: Vec::new(),
            programs: Vec::new(),
        }
    }

    #[test]
    fn programs_are_named_and_kept_apart() {
        let a = catalog(vec![code("LOCK_HELD", 3, "Held.")]);
        let merged = merge(&[a.named("a").unwrap(), a.named("b").unwrap()]).unwrap();
        assert_eq!(merged.catalog.enums.len(), 2);
        assert!(merged.conflicts.is_empty());
        // Each enum reads back with its own program's codes only.
        let infos = merged.catalog.enum_infos();
        assert_eq!(infos.len(), 2);
        assert!(infos.iter().all(|e| e.table.len() == 1));
        // And the merged catalog reads back as it was written.
        assert_eq!(
            Catalog::from_json(&merged.catalog.to_json()).unwrap(),
            merged.catalog
        );
    }

    #[test]
    fn merge_refuses_a_catalog_whose_names_would_leave_the_site() {
        // Deserialized directly, without `from_json`'s checks: the merge
        // holds it to them before passing its names on.
        let plan = catalog(vec![code("LOCK_HELD", 3, "Held.")])
            .named("plan")
            .unwrap();
        for (edit, words) in [
            ("../esc", "`../esc` cannot name a program"),
            ("<img src=x onerror=alert(9)>", "cannot name a program"),
        ] {
            let mut hostile = plan.clone();
            hostile.programs[0].name = edit.to_owned();
            hostile.enums[0].program = Some(edit.to_owned());
            hostile.codes[0].program = Some(edit.to_owned());
            let err = merge(&[hostile]).unwrap_err();
            assert!(matches!(err, MergeError::Invalid(_)), "{err:?}");
            let message = err.to_string();
            assert!(message.contains(words), "{message}");
        }
        let mut hostile = plan;
        hostile.codes[0].code = "sub/../../x".to_owned();
        let message = merge(&[hostile]).unwrap_err().to_string();
        assert!(
            message.contains("the code `sub/../../x` contains '/'"),
            "{message}"
        );
    }

    #[test]
    fn differences_name_every_program_and_tell_contract_from_wording() {
        let mut held = code("LOCK_HELD", 3, "Held.");
        held.http = Some(409);
        let a = catalog(vec![held.clone(), code("INTERNAL", 1, "Bug.")]);
        let mut other = held.clone();
        other.exit = 4;
        other.http = Some(423);
        let b = catalog(vec![other, code("INTERNAL", 1, "A bug.")]);
        let mut third = held;
        third.http = None;
        let c = catalog(vec![third]);
        let merged = merge(&[
            a.named("plan").unwrap(),
            b.named("service").unwrap(),
            c.named("cli").unwrap(),
        ])
        .unwrap();
        let lines: Vec<String> = merged.conflicts.iter().map(ToString::to_string).collect();
        assert_eq!(
            lines,
            [
                r#"code `INTERNAL` is worded differently: "Bug." in `plan` and "A bug." in `service`"#,
                "code `LOCK_HELD` has exit 3 in `plan` and `cli` and exit 4 in `service`",
                // `cli` gives no status: no difference.
                "code `LOCK_HELD` has HTTP 409 in `plan` and HTTP 423 in `service`",
            ]
        );
        assert_eq!(merged.contract_conflicts().count(), 2);
        assert!(!merged.conflicts[0].is_contract());
        assert_eq!(merged.conflicts[1].programs(), ["plan", "cli", "service"]);
    }

    #[test]
    fn numbers_conflict_between_programs_that_both_give_one() {
        let held = |number: Option<i32>| {
            let mut c = code("LOCK_HELD", 3, "Held.");
            c.number = number;
            catalog(vec![c])
        };
        let merged = merge(&[
            held(Some(1042)).named("plan").unwrap(),
            held(Some(-32000 + 1)).named("runs").unwrap(),
            // A program that gives no number: no difference.
            held(None).named("cli").unwrap(),
        ])
        .unwrap();
        let lines: Vec<String> = merged.conflicts.iter().map(ToString::to_string).collect();
        assert_eq!(
            lines,
            ["code `LOCK_HELD` has number 1042 in `plan` and number -31999 in `runs`"]
        );
        assert_eq!(merged.conflicts[0].field, Field::Number);
        assert_eq!(Field::Number.as_str(), "number");
        assert!(merged.conflicts[0].is_contract());
    }

    #[test]
    fn grpc_statuses_conflict_only_between_enums_that_speak_grpc() {
        let held = |status: &str| {
            let mut c = code("LOCK_HELD", 3, "Held.");
            c.grpc = Some(status.to_owned());
            c
        };
        let speaking = |status: &str| {
            let mut c = catalog(vec![held(status)]);
            c.enums[0].grpc_domain = Some("plans.example".to_owned());
            c
        };
        let merged = merge(&[
            speaking("ABORTED").named("plan").unwrap(),
            speaking("UNAVAILABLE").named("runs").unwrap(),
            // A status derived for an enum that never sends one is not part
            // of its contract.
            catalog(vec![held("FAILED_PRECONDITION")])
                .named("cli")
                .unwrap(),
        ])
        .unwrap();
        let lines: Vec<String> = merged.conflicts.iter().map(ToString::to_string).collect();
        assert_eq!(
            lines,
            ["code `LOCK_HELD` has gRPC ABORTED in `plan` and gRPC UNAVAILABLE in `runs`"]
        );
        assert_eq!(merged.conflicts[0].field, Field::Grpc);
        assert!(merged.conflicts[0].is_contract());
    }

    #[test]
    fn a_warning_and_an_error_of_one_code_conflict() {
        let mut warning = code("SLOW", 0, "Slow.");
        warning.warning = true;
        let mut warnings = catalog(vec![warning]);
        warnings.enums[0].kind = "warnings".to_owned();
        let merged = merge(&[
            warnings.named("a").unwrap(),
            catalog(vec![code("SLOW", 1, "Slow.")]).named("b").unwrap(),
        ])
        .unwrap();
        assert_eq!(
            merged.conflicts[0].to_string(),
            "code `SLOW` has a warning in `a` and exit 1 in `b`"
        );
    }

    #[test]
    fn what_cannot_be_merged_says_why() {
        let a = catalog(vec![code("X", 1, "X.")]);
        assert!(matches!(a.named("../x"), Err(MergeError::Name(_))));
        assert!(matches!(a.named(""), Err(MergeError::Name(_))));
        assert!(a.named(&"a".repeat(65)).is_err());
        let named = a.named("a").unwrap();
        assert_eq!(
            named.named("b").unwrap_err(),
            MergeError::AlreadyMerged { name: "b".into() }
        );
        assert_eq!(
            merge(std::slice::from_ref(&a)).unwrap_err(),
            MergeError::Unnamed
        );
        let err = merge(&[named.clone(), a.named("A").unwrap()]).unwrap_err();
        assert!(
            err.to_string().contains("differ in more than case"),
            "{err}"
        );
        let err = merge(&[named.clone(), named]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "two programs are named `a`; give each its own name"
        );
    }

    #[test]
    fn a_merged_catalog_merges_again_with_its_programs() {
        let a = catalog(vec![code("X", 1, "X.")]);
        let first = merge(&[a.named("a").unwrap(), a.named("b").unwrap()]).unwrap();
        let again = merge(&[first.catalog, a.named("c").unwrap()]).unwrap();
        assert_eq!(again.catalog.program_names(), ["a", "b", "c"]);
    }
}
