//! Types for the programs that read a program's output, in TypeScript and
//! Python, generated from its codes and its envelope profile: per enum a
//! union of its code strings and the exit of each code, the warning codes,
//! and the documents the program prints (success and failure, told apart by
//! the profile's status member).
//!
//! What a consumer may rely on, and what the files do about it:
//!
//! - **Unknown codes.** A newer version of the program may print a code this
//!   file does not list (a new code is additive). The documents' code
//!   members are therefore open (`UnknownCode`, any string), and a
//!   consumer keeps a default branch. One that wants the compiler to tell
//!   it about new codes maps the member with `asCode` / `as_code` (an
//!   unknown code becomes the enum's fallback, as the program's own reader
//!   takes it) and switches exhaustively on the result: regenerating the
//!   file after the program gains a code then stops that switch from
//!   type-checking until the code is handled, and an older file still
//!   handles the new code at run time, as the fallback.
//! - **Retired codes** stay in the unions, marked deprecated: older output,
//!   and programs not yet upgraded, still print them.
//! - **Codes that are not identifiers** (`title-required`,
//!   `my_app::config::missing`) are string literals and quoted keys, never
//!   names.
//! - **Names** are the enum's (`Code`), the same in both languages; enums
//!   that share a name, or take one the files use themselves (`Warning`,
//!   `Envelope`, ...), are named by their path (`my_app::Code` is
//!   `MyAppCode`).
//! - **A merged catalog** gives each program its own part of the file, in
//!   its own profile, every name there starting with the program's name
//!   (`QuarryCode`, `QuarryFailure`, `NogginEnvelope`); `ErrorCode`,
//!   `WarningCode` and `ErrorExit` are every program's together.
//! - **A profile whose success prints no envelope** (firstdraft's) has no
//!   member to tell the two apart: `Success<Data>` is the data itself, and
//!   `isFailure` / `is_failure` reads a document as the program's reader
//!   does (the exit code, 0 exactly for success, tells them apart too).
//!
//! ```
//! use sponson_codes::companion::types::{render_types, Lang};
//! use sponson_codes::{ErrorCode, ErrorCodes};
//!
//! #[derive(ErrorCodes)]
//! enum Code {
//!     #[code(exit = 3, doc = "Another run holds the lock.")]
//!     LockHeld,
//!     #[code(exit = 1, doc = "An unexpected error.", fallback)]
//!     Internal,
//! }
//!
//! let ts = render_types(Lang::TypeScript, &[Code::ENUM], &sponson_codes::profile::SPONSON, "make types");
//! assert!(ts.contains("export type Code =\n  | \"LOCK_HELD\"\n  | \"INTERNAL\";\n"));
//! let py = render_types(Lang::Python, &[Code::ENUM], &sponson_codes::profile::SPONSON, "make types");
//! assert!(py.contains("class Failure(TypedDict):\n"));
//! ```

mod names;
mod python;
mod typescript;

use crate::code::{CodeInfo, EnumInfo, SetKind};
use crate::document::profile::Profile;
use crate::escape::escape_line;
use crate::tooling::markdown::ProgramCodes;

use self::names::Named;

/// A language the companion writes types for.
///
/// ```
/// use sponson_codes::companion::types::Lang;
///
/// let names: Vec<&str> = Lang::ALL.iter().map(|lang| lang.name()).collect();
/// assert_eq!(names, ["typescript", "python"]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Lang {
    /// TypeScript: string-literal unions, `as const` objects, and the
    /// documents as object types, checked under `tsc --strict`.
    TypeScript,
    /// Python 3.11 and later: `Literal` aliases and `TypedDict` documents
    /// from `typing` alone, checked under `mypy --strict`.
    Python,
}

impl Lang {
    /// Every language, in the order `--help` lists them.
    ///
    /// ```
    /// assert_eq!(sponson_codes::companion::types::Lang::ALL.len(), 2);
    /// ```
    pub const ALL: [Lang; 2] = [Lang::TypeScript, Lang::Python];

    /// The language `--lang` names: `typescript` (or `ts`), `python` (or `py`).
    ///
    /// ```
    /// use sponson_codes::companion::types::Lang;
    ///
    /// assert_eq!(Lang::from_name("ts"), Some(Lang::TypeScript));
    /// assert_eq!(Lang::from_name("python"), Some(Lang::Python));
    /// assert_eq!(Lang::from_name("rust"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Lang> {
        match name {
            "typescript" | "ts" => Some(Lang::TypeScript),
            "python" | "py" => Some(Lang::Python),
            _ => None,
        }
    }

    /// The language's name as `--lang` takes it.
    ///
    /// ```
    /// assert_eq!(sponson_codes::companion::types::Lang::Python.name(), "python");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Lang::TypeScript => "typescript",
            Lang::Python => "python",
        }
    }

    /// Where the companion writes the file without `--out`, relative to the
    /// package: `docs/errors.ts`, `docs/errors.py`.
    ///
    /// ```
    /// assert_eq!(sponson_codes::companion::types::Lang::TypeScript.default_path(), "docs/errors.ts");
    /// ```
    pub const fn default_path(self) -> &'static str {
        match self {
            Lang::TypeScript => "docs/errors.ts",
            Lang::Python => "docs/errors.py",
        }
    }
}

/// The types of `enums` and of the documents `profile` prints, in `lang`,
/// the same bytes for the same input. The first line says the file is
/// generated and names `regenerate`, the command that writes it again.
/// See the [module docs](self) for what the files promise.
///
/// ```
/// use sponson_codes::companion::types::{render_types, Lang};
/// use sponson_codes::profile::NOGGIN;
///
/// let ts = render_types(Lang::TypeScript, &sponson_codes::registry::documented(), &NOGGIN, "make types");
/// assert!(ts.starts_with("// Generated by sponson-codes; do not edit. Regenerate with: make types\n"));
/// assert!(ts.contains("  status: \"error\";\n"));
/// ```
pub fn render_types(
    lang: Lang,
    enums: &[&EnumInfo],
    profile: &Profile,
    regenerate: &str,
) -> String {
    let model = Model::new(enums, profile, regenerate);
    match lang {
        Lang::TypeScript => typescript::render(&model),
        Lang::Python => python::render(&model),
    }
}

/// The types of each program of a merged catalog, each in its own profile:
/// every top-level name of a program's types starts with the program's
/// name (`QuarryFailure`, `NogginEnvelope`, `QuarryCode`), and
/// `ErrorCode`, `WarningCode` and `ErrorExit` are every program's together.
pub(crate) fn render_types_of_programs(
    lang: Lang,
    programs: &[ProgramCodes<'_>],
    regenerate: &str,
) -> String {
    let model = Model::of_programs(programs, regenerate);
    match lang {
        Lang::TypeScript => typescript::render(&model),
        Lang::Python => python::render(&model),
    }
}

/// What both renderers read: each program's section, and the header's
/// words.
pub(crate) struct Model<'a> {
    /// One section for one program's file; one per program, each named,
    /// for a merged catalog's.
    pub(crate) sections: Vec<Section<'a>>,
    /// The regenerate command, on one line.
    pub(crate) regenerate: String,
    /// The crates that declare the codes, or the programs of a merged
    /// catalog, as `` `a`, `b` ``.
    pub(crate) program: String,
}

/// One program's part of the file: its enums, named, and its profile.
pub(crate) struct Section<'a> {
    /// The program's name, in a merged catalog's file.
    pub(crate) name: Option<&'a str>,
    /// What the section's own names start with: nothing in one program's
    /// file, the program's name as a name (`Quarry`) in a merged catalog's.
    pub(crate) prefix: String,
    pub(crate) errors: Vec<Named<'a>>,
    pub(crate) warnings: Vec<Named<'a>>,
    pub(crate) profile: &'a Profile,
}

impl<'a> Model<'a> {
    fn new(enums: &[&'a EnumInfo], profile: &'a Profile, regenerate: &str) -> Model<'a> {
        let mut crates: Vec<&str> = Vec::new();
        for e in enums {
            if !crates.contains(&e.crate_name) {
                crates.push(e.crate_name);
            }
        }
        let program = match crates.as_slice() {
            [] => "the program".to_owned(),
            crates => listed(crates, ", "),
        };
        Model {
            sections: vec![Section::new(
                None,
                String::new(),
                names::name_all(enums),
                profile,
            )],
            regenerate: escape_line(regenerate).into_owned(),
            program,
        }
    }

    fn of_programs(programs: &[ProgramCodes<'a>], regenerate: &str) -> Model<'a> {
        let program_names: Vec<&str> = programs.iter().map(|p| p.name).collect();
        let mut taken = names::reserved();
        let prefixes = names::prefixes(&program_names, &mut taken);
        let sections = programs
            .iter()
            .zip(prefixes)
            .map(|(p, prefix)| {
                let named = names::name_in(&p.enums, &prefix, &mut taken);
                Section::new(Some(p.name), prefix, named, p.profile)
            })
            .collect();
        Model {
            sections,
            regenerate: escape_line(regenerate).into_owned(),
            program: listed(&program_names, " and "),
        }
    }

    /// Whether the file is a merged catalog's: a section per program, and
    /// every program's codes together after them.
    pub(crate) fn merged(&self) -> bool {
        self.sections.iter().any(|s| s.name.is_some())
    }

    /// Each program's profile, as `` `quarry` in `sponson`, `noggin` in
    /// `noggin` ``.
    pub(crate) fn profiles(&self) -> String {
        self.sections
            .iter()
            .map(|s| {
                format!(
                    "`{}` in `{}`",
                    escape_line(s.name.unwrap_or_default()),
                    escape_line(s.profile.name)
                )
            })
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The first error enum of the file, for the header's example.
    pub(crate) fn first_error(&self) -> Option<&Named<'a>> {
        self.sections.iter().find_map(|s| s.errors.first())
    }
}

impl<'a> Section<'a> {
    fn new(
        name: Option<&'a str>,
        prefix: String,
        named: Vec<Named<'a>>,
        profile: &'a Profile,
    ) -> Section<'a> {
        let (warnings, errors): (Vec<_>, Vec<_>) =
            named.into_iter().partition(|n| n.info.is_warnings());
        Section {
            name,
            prefix,
            errors,
            warnings,
            profile,
        }
    }

    /// The section's name for one of the file's own types: `Failure`, or
    /// `QuarryFailure` in a merged catalog's file.
    pub(crate) fn own(&self, word: &str) -> String {
        format!("{}{word}", self.prefix)
    }

    /// Every exit the error codes use, sorted.
    pub(crate) fn exits(&self) -> Vec<u8> {
        let mut exits: Vec<u8> = self
            .errors
            .iter()
            .flat_map(|n| n.info.table.iter().map(|c| c.exit))
            .collect();
        exits.sort_unstable();
        exits.dedup();
        exits
    }
}

/// `names` as `` `a`, `b` `` (or `` `a`, `b` and `c` `` with `last` ` and `),
/// each escaped.
fn listed(names: &[&str], last: &str) -> String {
    let mut quoted: Vec<String> = names
        .iter()
        .map(|c| format!("`{}`", escape_line(c)))
        .collect();
    let tail = quoted.pop().unwrap_or_default();
    match quoted.is_empty() {
        true => tail,
        false => format!("{}{last}{tail}", quoted.join(", ")),
    }
}

/// The declared sets of one kind, with the codes of each in the order the
/// set lists them.
pub(crate) fn sets(e: &EnumInfo, kind: SetKind) -> Vec<(&'static str, &'static [&'static str])> {
    e.sets
        .iter()
        .filter(|set| set.kind == kind)
        .map(|set| (set.name, set.codes))
        .collect()
}

/// The kinds of declared set, with the word the names use.
pub(crate) const SET_KINDS: [(SetKind, &str); 3] = [
    (SetKind::Command, "Command"),
    (SetKind::Route, "Route"),
    (SetKind::Tool, "Tool"),
];

/// What a code's comment says: its doc, its hint, and its retirement.
pub(crate) fn code_note(e: &EnumInfo, c: &CodeInfo) -> String {
    let mut note = one_line(c.doc);
    if c.usage {
        note.push_str(" (The usage code.)");
    } else if !e.is_warnings() && core::ptr::eq(c, e.fallback_info()) {
        note.push_str(" (The fallback code.)");
    }
    if let Some(hint) = c.hint {
        note.push_str(&format!(" Hint: {}", one_line(hint)));
    }
    note
}

/// `text` on one line, every control character escaped.
pub(crate) fn one_line(text: &str) -> String {
    let joined = text.split_whitespace().collect::<Vec<_>>().join(" ");
    escape_line(&joined).into_owned()
}

/// The lines of a doc comment's markdown, each escaped, without the blank
/// lines around them.
pub(crate) fn doc_lines(text: &str) -> Vec<String> {
    text.trim()
        .lines()
        .map(|line| escape_line(line.trim_end()).into_owned())
        .collect()
}

// A file of its own, outside the package, as `*_tests.rs` are.
#[cfg(test)]
mod render_tests;
