//! Coverage of the codes, as rustc's tidy checks its error codes: every live
//! code is raised somewhere and exercised by at least one test, no retired
//! code is raised, and, for an enum that asks with
//! `#[codes(require_explain)]`, every live code has a long explanation.
//!
//! The check reads the sources; it does not run them. [`check`] is a pure
//! function of the enums (the registry, or a catalog read back) and the
//! text of the source files ([`Sources`]); [`Sources::read`] does the file
//! I/O, and [`assert_covered`](crate::testing::assert_covered) does both
//! for a package's tests.
//!
//! ```standalone_crate
//! // A crate of its own, as the path in the message shows (`rust_out`).
//! use sponson_codes::testing::coverage::{check, GapKind, Sources};
//! use sponson_codes::ErrorCode;
//!
//! #[derive(sponson_codes::ErrorCodes)]
//! pub enum Code {
//!     #[code(exit = 3, doc = "Another run holds the lock.")]
//!     LockHeld,
//!     #[code(exit = 2, doc = "The plan is older than its lock.")]
//!     PlanStale,
//!     #[code(exit = 1, doc = "An unexpected error.", fallback)]
//!     Internal,
//! }
//!
//! let sources = Sources::new()
//!     .with_src("src/codes.rs", "pub enum Code { LockHeld, PlanStale, Internal }")
//!     .with_src("src/run.rs", r#"fn run() -> Error<Code> { Error::new(Code::LockHeld, "held") }"#)
//!     .with_test("tests/run.rs", r#"#[test] fn held() { assert_eq!(code(), "LOCK_HELD") }"#);
//! let coverage = check(&[Code::ENUM], &sources);
//! assert!(!coverage.is_covered());
//! let gaps: Vec<(&str, &GapKind)> = coverage.gaps().iter().map(|g| (g.code(), g.kind())).collect();
//! // INTERNAL, the fallback, counts as raised: the runtime raises it on a panic.
//! assert_eq!(
//!     gaps,
//!     [("PLAN_STALE", &GapKind::NeverRaised), ("PLAN_STALE", &GapKind::Untested), ("INTERNAL", &GapKind::Untested)]
//! );
//! assert!(coverage.gaps()[0].message().starts_with(
//!     "`PLAN_STALE` (rust_out::Code::PlanStale) is never raised: no `Code::PlanStale` or `code!(Code, \"PLAN_STALE\")`"
//! ));
//! ```
//!
//! What counts, and why the sources are read rather than the tests
//! recorded, is in docs/codes.md ("Coverage").

mod lex;
pub(crate) mod read;
mod scan;

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::path::Path;

use crate::code::EnumInfo;

use self::scan::{Decl, ModDecl, Raise, Scan};

/// The text of a crate's source files and of its tests, as [`check`] reads
/// them.
///
/// ```
/// use sponson_codes::testing::coverage::Sources;
///
/// let sources = Sources::new()
///     .with_src("src/lib.rs", "mod codes;")
///     .with_test("tests/cli.rs", "#[test] fn t() {}");
/// assert_eq!(sources.len(), 2);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sources {
    files: Vec<SourceFile>,
    src: String,
    tests: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct SourceFile {
    /// The path shown in the report, with `/` between its parts.
    path: String,
    text: String,
    /// Under the tests directory: all of it is test code.
    test: bool,
}

impl Default for Sources {
    fn default() -> Self {
        Sources::new()
    }
}

impl Sources {
    /// No files; the report names the directories `src` and `tests`.
    pub fn new() -> Sources {
        Sources {
            files: Vec::new(),
            src: "src".to_owned(),
            tests: "tests".to_owned(),
        }
    }

    /// Adds a file of the crate's sources (`src/`): its `#[cfg(test)]`
    /// modules and `#[test]` functions are tests, the rest raises codes.
    #[must_use]
    pub fn with_src(mut self, path: impl Into<String>, text: impl Into<String>) -> Sources {
        self.files.push(SourceFile {
            path: shown(&path.into()),
            text: text.into(),
            test: false,
        });
        self
    }

    /// Adds a file of the tests directory (`tests/`): all of it is tests.
    #[must_use]
    pub fn with_test(mut self, path: impl Into<String>, text: impl Into<String>) -> Sources {
        self.files.push(SourceFile {
            path: shown(&path.into()),
            text: text.into(),
            test: true,
        });
        self
    }

    /// Every `.rs` file under `src` and under `tests` (a `tests` that does
    /// not exist has no files), named by their paths from the directories
    /// as given. Symbolic links to directories are not followed.
    ///
    /// ```
    /// use sponson_codes::testing::coverage::Sources;
    ///
    /// let dir = std::env::temp_dir().join(format!("sponson-sources-{}", std::process::id()));
    /// std::fs::create_dir_all(dir.join("src/cli")).unwrap();
    /// std::fs::write(dir.join("src/cli/mod.rs"), "fn main() {}").unwrap();
    /// let sources = Sources::read(dir.join("src"), dir.join("tests")).unwrap();
    /// assert_eq!(sources.len(), 1);
    /// # std::fs::remove_dir_all(dir).unwrap();
    /// ```
    pub fn read(src: impl AsRef<Path>, tests: impl AsRef<Path>) -> std::io::Result<Sources> {
        let (src, tests) = (src.as_ref(), tests.as_ref());
        read::read(
            (src, &src.display().to_string()),
            (tests, &tests.display().to_string()),
            false,
        )
    }

    /// Adds the files of `other`, for codes raised or tested in several
    /// crates (a library that declares them, the binary that raises them);
    /// the report keeps naming the directories as `self` does.
    ///
    /// ```
    /// use sponson_codes::testing::coverage::Sources;
    ///
    /// let lib = Sources::new().with_src("codes/src/lib.rs", "pub enum Code { Internal }");
    /// let cli = Sources::new().with_src("cli/src/main.rs", "fn main() {}");
    /// assert_eq!(lib.merge(cli).len(), 2);
    /// ```
    #[must_use]
    pub fn merge(mut self, other: Sources) -> Sources {
        self.files.extend(other.files);
        self
    }

    /// How many files there are.
    pub fn len(&self) -> usize {
        self.files.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// Names the directories in the report as `src` and `tests` say.
    pub(crate) fn shown_as(mut self, src: &str, tests: &str) -> Sources {
        self.src = shown(src);
        self.tests = shown(tests);
        self
    }
}

fn shown(path: &str) -> String {
    let path = path.replace('\\', "/");
    let path = path.strip_prefix("./").unwrap_or(&path);
    path.trim_end_matches('/').to_owned()
}

/// Where something is: a file as [`Sources`] names it, and a line.
///
/// ```
/// use sponson_codes::testing::coverage::{check, Sources};
/// use sponson_codes::ErrorCode;
///
/// #[derive(sponson_codes::ErrorCodes)]
/// enum Code {
///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
///     Internal,
/// }
///
/// let sources = Sources::new().with_src("src/lib.rs", "\n\npub enum Code { Internal }");
/// let coverage = check(&[Code::ENUM], &sources);
/// let (_, at) = &coverage.checked()[0];
/// assert_eq!((at.file.as_str(), at.line), ("src/lib.rs", 3));
/// assert_eq!(at.to_string(), "src/lib.rs:3");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Location {
    /// The file, as [`Sources`] names it.
    pub file: String,
    /// The line, from 1.
    pub line: u32,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.file, self.line)
    }
}

/// What is wrong with one code.
///
/// ```
/// use sponson_codes::testing::coverage::{check, GapKind, Sources};
/// use sponson_codes::ErrorCode;
///
/// #[derive(sponson_codes::ErrorCodes)]
/// enum Code {
///     #[code(exit = 3, doc = "Another run holds the lock.")]
///     LockHeld,
///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
///     Internal,
/// }
///
/// // Raised, and named by no test; INTERNAL, the fallback, is raised by the
/// // runtime and named by one.
/// let sources = Sources::new()
///     .with_src("src/lib.rs", "enum Code { LockHeld, Internal }\nfn f() -> Code { Code::LockHeld }")
///     .with_test("tests/panic.rs", r#"assert_eq!(code, "INTERNAL");"#);
/// let coverage = check(&[Code::ENUM], &sources);
/// let kinds: Vec<&GapKind> = coverage.gaps().iter().map(|g| g.kind()).collect();
/// assert_eq!(kinds, [&GapKind::Untested]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum GapKind {
    /// A live code that nothing outside its enum raises. The fallback and
    /// the usage code never are: the runtime raises them itself.
    NeverRaised,
    /// A live code that no test names.
    Untested,
    /// A retired code raised at these places.
    RetiredRaised(Vec<Location>),
    /// A live code without a long explanation, in an enum that requires
    /// one with `#[codes(require_explain)]`.
    NoExplanation,
}

impl GapKind {
    /// The kind's name in the companion's JSON: `never_raised`,
    /// `untested`, `retired_raised`, `no_explanation`.
    ///
    /// ```
    /// use sponson_codes::testing::coverage::GapKind;
    ///
    /// assert_eq!(GapKind::Untested.as_str(), "untested");
    /// ```
    pub fn as_str(&self) -> &'static str {
        match self {
            GapKind::NeverRaised => "never_raised",
            GapKind::Untested => "untested",
            GapKind::RetiredRaised(_) => "retired_raised",
            GapKind::NoExplanation => "no_explanation",
        }
    }
}

/// One code that fails the check, and what to do about it.
///
/// ```
/// use sponson_codes::testing::coverage::{check, GapKind, Sources};
/// use sponson_codes::ErrorCode;
///
/// #[derive(sponson_codes::ErrorCodes)]
/// enum Code {
///     #[code(exit = 2, doc = "The v1 plan format.", retired = "since 2.0")]
///     PlanV1,
///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
///     Internal,
/// }
///
/// let sources = Sources::new()
///     .with_src("src/lib.rs", "enum Code { PlanV1, Internal }\nfn f() -> Code { Code::PlanV1 }")
///     .with_test("tests/panic.rs", r#"assert_eq!(code, "INTERNAL");"#);
/// let coverage = check(&[Code::ENUM], &sources);
/// let gap = &coverage.gaps()[0];
/// assert_eq!((gap.code(), gap.variant()), ("PLAN_V1", "PlanV1"));
/// assert!(gap.enum_path().ends_with("::Code"));
/// let GapKind::RetiredRaised(at) = gap.kind() else { unreachable!() };
/// assert_eq!(at[0].to_string(), "src/lib.rs:2");
/// assert!(gap.message().contains("is retired (since 2.0) but raised at src/lib.rs:2"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Gap {
    code: String,
    enum_path: String,
    variant: String,
    kind: GapKind,
    message: String,
}

impl Gap {
    /// The code string.
    pub fn code(&self) -> &str {
        &self.code
    }

    /// The path of the enum that declares it.
    pub fn enum_path(&self) -> &str {
        &self.enum_path
    }

    /// The Rust variant.
    pub fn variant(&self) -> &str {
        &self.variant
    }

    /// What is wrong.
    pub fn kind(&self) -> &GapKind {
        &self.kind
    }

    /// One line naming the code, what is missing and where to add what.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for Gap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// What [`check`] found.
///
/// ```
/// use sponson_codes::testing::coverage::{check, Sources};
/// use sponson_codes::ErrorCode;
///
/// #[derive(sponson_codes::ErrorCodes)]
/// enum Code {
///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
///     Internal,
/// }
///
/// let sources = Sources::new()
///     .with_src("src/lib.rs", "enum Code { Internal }")
///     .with_test("tests/panic.rs", r#"assert_eq!(code, "INTERNAL");"#);
/// let coverage = check(&[Code::ENUM], &sources);
/// assert!(coverage.is_covered());
/// assert_eq!(coverage.codes(), 1);
/// assert!(coverage.skipped().is_empty());
/// assert!(coverage.to_string().starts_with("every code of "));
/// // Sources that declare none of the enums check nothing, and that fails.
/// assert!(!check(&[Code::ENUM], &Sources::new()).is_covered());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Coverage {
    checked: Vec<(String, Location)>,
    skipped: Vec<String>,
    codes: usize,
    gaps: Vec<Gap>,
    src: String,
}

impl Coverage {
    /// Whether nothing failed and at least one enum was checked.
    pub fn is_covered(&self) -> bool {
        self.gaps.is_empty() && !self.checked.is_empty()
    }

    /// Every failing code, by enum, then declaration order.
    pub fn gaps(&self) -> &[Gap] {
        &self.gaps
    }

    /// The enums checked (their paths), with where each is declared.
    pub fn checked(&self) -> &[(String, Location)] {
        &self.checked
    }

    /// The enums not checked: none of the sources declares them (they
    /// belong to another crate).
    pub fn skipped(&self) -> &[String] {
        &self.skipped
    }

    /// How many codes the checked enums have, retired ones included.
    pub fn codes(&self) -> usize {
        self.codes
    }
}

impl fmt::Display for Coverage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.checked.is_empty() {
            return write!(
                f,
                "none of the {} code enum(s) given is declared under {}/: pass the sources of the crate that declares them",
                self.skipped.len(),
                self.src
            );
        }
        let enums: Vec<String> = self
            .checked
            .iter()
            .map(|(path, at)| format!("{path} ({at})"))
            .collect();
        if self.gaps.is_empty() {
            return write!(
                f,
                "every code of {} is raised and tested ({} codes)",
                enums.join(", "),
                self.codes
            );
        }
        writeln!(
            f,
            "{} coverage gap(s) in {} ({} codes):",
            self.gaps.len(),
            enums.join(", "),
            self.codes
        )?;
        for gap in &self.gaps {
            writeln!(f, "- {gap}")?;
        }
        Ok(())
    }
}

/// Checks every enum of `enums` that `sources` declare (by name and
/// variants, outside test code; the others are [skipped](Coverage::skipped)):
///
/// - a live code is **raised** when the sources outside test code name it
///   as a value, `Code::Variant` (or `Self::Variant` in an `impl` of the
///   enum), or as `code!(Code, "CODE")`, outside the enum's declaration; a
///   `match` or `let` pattern, the pattern of `matches!`, a comparison
///   with `==`, `!=` or `error.is(&...)`, a `use` and comments and strings
///   do not count. The fallback and the usage code are always raised: the
///   runtime raises them (a panic, a command-line error);
/// - a live code is **tested** when test code (files of the tests
///   directory, `#[cfg(test)]` modules and `#[test]` functions of the
///   sources) names `Code::Variant` or has the code string as a word of a
///   string literal (`"LOCK_HELD"`, `r#"{"code":"LOCK_HELD"}"#`);
/// - a **retired** code raised anywhere is reported with where;
/// - for an enum with `#[codes(require_explain)]`, a live code whose
///   explanation is empty is reported (the derive refuses one already;
///   a catalog of a program built without the `explain` feature has none).
///
/// See the [module](self) for an example.
pub fn check(enums: &[&EnumInfo], sources: &Sources) -> Coverage {
    let variants: HashSet<&str> = enums
        .iter()
        .flat_map(|e| e.table.iter().map(|c| c.variant))
        .collect();
    let scans = scan_all(sources, &variants);
    let found = Found::of(sources, &scans);
    let mut coverage = Coverage {
        checked: Vec::new(),
        skipped: Vec::new(),
        codes: 0,
        gaps: Vec::new(),
        src: sources.src.clone(),
    };
    for info in enums {
        let name = enum_name(info);
        let variants: HashSet<&str> = info.table.iter().map(|c| c.variant).collect();
        let Some(at) = found.declared(name, &variants) else {
            coverage.skipped.push(info.path().to_owned());
            continue;
        };
        coverage.checked.push((info.path().to_owned(), at));
        coverage.codes += info.table.len();
        for (index, code) in info.table.iter().enumerate() {
            let runtime = !info.is_warnings() && (code.usage || index == info.fallback);
            let raised = found.raised(name, code.variant, code.code);
            let tested = found.tested(name, code.variant, code.code);
            let gap = |kind: GapKind| {
                let message = message(info, name, code, &kind, sources);
                Gap {
                    code: code.code.to_owned(),
                    enum_path: info.path().to_owned(),
                    variant: code.variant.to_owned(),
                    kind,
                    message,
                }
            };
            if code.retired.is_some() {
                if !raised.is_empty() {
                    coverage.gaps.push(gap(GapKind::RetiredRaised(raised)));
                }
                continue;
            }
            if raised.is_empty() && !runtime {
                coverage.gaps.push(gap(GapKind::NeverRaised));
            }
            if !tested {
                coverage.gaps.push(gap(GapKind::Untested));
            }
            if info.require_explain && code.explain.trim().is_empty() {
                coverage.gaps.push(gap(GapKind::NoExplanation));
            }
        }
    }
    coverage
}

/// The enum's name: a catalog of an older library may not record it.
fn enum_name(info: &EnumInfo) -> &str {
    match info.name {
        "" => info.path().rsplit("::").next().unwrap_or_default(),
        name => name,
    }
}

fn message(
    info: &EnumInfo,
    name: &str,
    code: &crate::CodeInfo,
    kind: &GapKind,
    sources: &Sources,
) -> String {
    let (src, tests) = (&sources.src, &sources.tests);
    let what = format!("`{}` ({}::{})", code.code, info.path(), code.variant);
    let variant = format!("{name}::{}", code.variant);
    match kind {
        GapKind::NeverRaised => format!(
            "{what} is never raised: no `{variant}` or `code!({name}, \"{}\")` outside its enum in {src}/ \
             (a pattern or a comparison does not count); raise it where that failure happens, \
             or retire it with #[code(retired = \"...\")]",
            code.code
        ),
        GapKind::Untested => format!(
            "{what} has no test: no test under {tests}/ or in a #[cfg(test)] module of {src}/ \
             mentions `{variant}` or \"{}\"; add one that makes the program {} it",
            code.code,
            if info.is_warnings() { "warn with" } else { "fail with" }
        ),
        GapKind::RetiredRaised(at) => {
            let at: Vec<String> = at.iter().map(ToString::to_string).collect();
            format!(
                "{what} is retired ({}) but raised at {}; raise a live code there instead",
                code.retired.unwrap_or_default().trim(),
                at.join(", ")
            )
        }
        GapKind::NoExplanation => format!(
            "{what} has no long explanation, which {} requires with #[codes(require_explain)]; \
             write a doc comment on the variant or its markdown file (`explain = \"...\"`, `explain_dir`), \
             or build the program with the runtime's `explain` feature",
            info.path()
        ),
    }
}

/// Each file's scan, test code known: a module declared `#[cfg(test)] mod
/// tests;` (or any module of a test file) is test code in its own file.
fn scan_all(sources: &Sources, variants: &HashSet<&str>) -> Vec<Scan> {
    let tokens: Vec<_> = sources.files.iter().map(|f| lex::tokens(&f.text)).collect();
    let mut test: Vec<bool> = sources.files.iter().map(|f| f.test).collect();
    let mut scans: Vec<Scan> = tokens
        .iter()
        .zip(&test)
        .map(|(t, &test)| scan::scan(t, test, Some(variants)))
        .collect();
    let index: HashMap<&str, usize> = sources
        .files
        .iter()
        .enumerate()
        .map(|(i, f)| (f.path.as_str(), i))
        .collect();
    loop {
        let mut changed = Vec::new();
        for (i, scan) in scans.iter().enumerate() {
            for decl in &scan.mods {
                if !(decl.test || test[i]) {
                    continue;
                }
                for candidate in module_files(&sources.files[i].path, decl) {
                    if let Some(&j) = index.get(candidate.as_str()) {
                        if !test[j] {
                            changed.push(j);
                        }
                    }
                }
            }
        }
        if changed.is_empty() {
            return scans;
        }
        for j in changed {
            test[j] = true;
            scans[j] = scan::scan(&tokens[j], true, Some(variants));
        }
    }
}

/// The files a `mod` declared in `file` may be in.
fn module_files(file: &str, decl: &ModDecl) -> Vec<String> {
    let (dir, stem) = match file.rsplit_once('/') {
        Some((dir, name)) => (dir, name),
        None => ("", file),
    };
    let join = |dir: &str, rest: &str| match dir {
        "" => rest.to_owned(),
        dir => format!("{dir}/{rest}"),
    };
    if let Some(path) = &decl.path {
        return vec![shown(&join(dir, path))];
    }
    let stem = stem.strip_suffix(".rs").unwrap_or(stem);
    let root = matches!(stem, "mod" | "lib" | "main") || dir == "bin" || dir.ends_with("/bin");
    let base = if root {
        dir.to_owned()
    } else {
        join(dir, stem)
    };
    vec![
        join(&base, &format!("{}.rs", decl.name)),
        join(&base, &format!("{}/mod.rs", decl.name)),
    ]
}

/// What every file said, together.
struct Found<'s> {
    decls: Vec<(&'s str, &'s Decl)>,
    variants: HashMap<(&'s str, &'s str), Vec<Location>>,
    macros: HashMap<(&'s str, &'s str), Vec<Location>>,
    test_paths: HashSet<(&'s str, &'s str)>,
    test_words: HashSet<&'s str>,
    test_quoted: HashSet<&'s str>,
}

impl<'s> Found<'s> {
    fn of(sources: &'s Sources, scans: &'s [Scan]) -> Found<'s> {
        let mut found = Found {
            decls: Vec::new(),
            variants: HashMap::new(),
            macros: HashMap::new(),
            test_paths: HashSet::new(),
            test_words: HashSet::new(),
            test_quoted: HashSet::new(),
        };
        for (file, scan) in sources.files.iter().zip(scans) {
            let path = file.path.as_str();
            found.decls.extend(scan.decls.iter().map(|d| (path, d)));
            for raise in &scan.raises {
                let (map, key, line) = match raise {
                    Raise::Variant { ty, variant, line } => {
                        (&mut found.variants, (ty, variant), line)
                    }
                    Raise::Macro { ty, code, line } => (&mut found.macros, (ty, code), line),
                };
                map.entry((key.0.as_str(), key.1.as_str()))
                    .or_default()
                    .push(Location {
                        file: path.to_owned(),
                        line: *line,
                    });
            }
            found.test_paths.extend(
                scan.test_paths
                    .iter()
                    .map(|(t, v)| (t.as_str(), v.as_str())),
            );
            found
                .test_words
                .extend(scan.test_words.iter().map(String::as_str));
            found
                .test_quoted
                .extend(scan.test_quoted.iter().map(String::as_str));
        }
        found
    }

    /// Where an enum named `name` with exactly these variants is declared.
    fn declared(&self, name: &str, variants: &HashSet<&str>) -> Option<Location> {
        self.decls.iter().find_map(|(file, decl)| {
            let same = decl.name == name
                && decl.variants.len() == variants.len()
                && decl.variants.iter().all(|v| variants.contains(v.as_str()));
            same.then(|| Location {
                file: (*file).to_owned(),
                line: decl.line,
            })
        })
    }

    fn raised(&self, name: &str, variant: &str, code: &str) -> Vec<Location> {
        let mut at: Vec<Location> = self
            .variants
            .get(&(name, variant))
            .into_iter()
            .chain(self.macros.get(&(name, code)))
            .flatten()
            .cloned()
            .collect();
        at.sort_by(|a, b| (&a.file, a.line).cmp(&(&b.file, b.line)));
        at.dedup();
        at
    }

    /// Whether test code names the variant or has the code in a string; a
    /// code that is a plain lowercase word (`usage`) only counts as a
    /// whole string or quoted in one, since prose has such words.
    fn tested(&self, name: &str, variant: &str, code: &str) -> bool {
        let plain = code.chars().all(|c| c.is_ascii_lowercase());
        let words = if plain {
            &self.test_quoted
        } else {
            &self.test_words
        };
        self.test_paths.contains(&(name, variant)) || words.contains(code)
    }
}
