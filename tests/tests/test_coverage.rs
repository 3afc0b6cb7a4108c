//! The coverage check, as rustc's tidy checks its error codes: a registry
//! with a code nothing raises and one no test names fails, naming both and
//! where to add what; a retired code that is raised fails with where;
//! `require_explain` is reported from a catalog; comments, strings,
//! patterns and comparisons never count as raising a code. The examples
//! pass it in their own tests (`assert_covered`), and `.ci/run` runs the
//! companion's `coverage` over them.

use std::path::PathBuf;

use serde_json::Value;
use sponson_codes::companion::catalog::Catalog;
use sponson_codes::companion::Companion;
use sponson_codes::testing::coverage::{check, GapKind, Location, Sources};
use sponson_codes::{ErrorCode, ErrorCodes};

mod plan {
    use super::ErrorCodes;

    /// Failures of the plan fixture.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, ErrorCodes)]
    #[codes(path = "plan::Code")]
    pub enum Code {
        #[code(exit = 2, doc = "The command line is not valid.", usage)]
        Usage,
        #[code(exit = 3, doc = "Another run holds the lock.")]
        LockHeld,
        #[code(exit = 2, doc = "The plan is older than its lock.")]
        PlanStale,
        #[code(exit = 3, doc = "The lock was lost while the run held it.")]
        LockLost,
        #[code(
            exit = 2,
            doc = "The v1 plan format.",
            retired = "0.3: plans are migrated on read"
        )]
        PlanV1,
        #[code(exit = 1, doc = "An unexpected error.", fallback)]
        Internal,
    }
}

use plan::Code;

/// The declaration as the crate's `src/codes.rs` has it: what the check
/// finds the enum by (its name and its variants).
const CODES_RS: &str = r#"
use sponson_codes::ErrorCodes;

/// Failures of the plan fixture.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ErrorCodes)]
pub enum Code {
    #[code(exit = 2, doc = "The command line is not valid.", usage)]
    Usage,
    #[code(exit = 3, doc = "Another run holds the lock.")]
    LockHeld,
    #[code(exit = 2, doc = "The plan is older than its lock.")]
    PlanStale,
    #[code(exit = 3, doc = "The lock was lost while the run held it.")]
    LockLost,
    #[code(exit = 2, doc = "The v1 plan format.", retired = "0.3: plans are migrated on read")]
    PlanV1,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

impl Code {
    /// Whether waiting can help: a pattern, which raises nothing.
    pub fn transient(self) -> bool {
        matches!(self, Code::LockHeld | Code::PlanStale)
    }
}
"#;

/// Raises `LOCK_HELD` and `LOCK_LOST`; its unit tests are a file of their
/// own.
const RUN_RS: &str = r#"
use crate::codes::Code;

pub fn run(held: bool) -> Result<(), Error<Code>> {
    if held {
        return Err(Error::new(Code::LockHeld, "the lock is held"));
    }
    Err(Error::new(Code::LockLost, "the lock was lost"))
}

#[cfg(test)]
mod tests;
"#;

/// Unit tests: `PLAN_STALE` made here is tested, not raised.
const RUN_TESTS_RS: &str = r#"
use super::*;

#[test]
fn stale() {
    assert!(run(true).is_err());
    let _ = Error::new(Code::PlanStale, "made by a test only");
}
"#;

/// Names `LOCK_HELD`, `USAGE` and `INTERNAL`.
const CLI_RS: &str = r#"
#[test]
fn held() {
    let doc = run(&["apply", "--json"]);
    assert_eq!(doc["error"]["code"], "LOCK_HELD");
}

#[test]
fn usage_and_panics() {
    assert!(run(&["--bogus"]).stderr.starts_with("error[USAGE]: "));
    assert_eq!(plan::Code::Internal.exit_code(), 1);
}
"#;

fn sources() -> Sources {
    Sources::new()
        .with_src("src/codes.rs", CODES_RS)
        .with_src("src/run.rs", RUN_RS)
        .with_src("src/run/tests.rs", RUN_TESTS_RS)
        .with_test("tests/cli.rs", CLI_RS)
}

fn gaps(sources: &Sources) -> Vec<(String, &'static str)> {
    check(&[Code::ENUM], sources)
        .gaps()
        .iter()
        .map(|g| (g.code().to_owned(), g.kind().as_str()))
        .collect()
}

#[test]
fn an_unraised_code_and_an_untested_one_fail_naming_both_and_where_to_add_what() {
    let coverage = check(&[Code::ENUM], &sources());
    assert!(!coverage.is_covered());
    let found: Vec<(&str, &GapKind)> = coverage
        .gaps()
        .iter()
        .map(|g| (g.code(), g.kind()))
        .collect();
    // PLAN_STALE is only made by a unit test (src/run/tests.rs, a
    // `#[cfg(test)] mod tests;` of src/run.rs); LOCK_LOST is raised in
    // src/run.rs and no test names it. The fallback and the usage code
    // are raised by the runtime, and tests/cli.rs names them.
    assert_eq!(
        found,
        [
            ("PLAN_STALE", &GapKind::NeverRaised),
            ("LOCK_LOST", &GapKind::Untested),
        ]
    );
    let messages: Vec<&str> = coverage.gaps().iter().map(|g| g.message()).collect();
    assert_eq!(
        messages,
        [
            "`PLAN_STALE` (plan::Code::PlanStale) is never raised: no `Code::PlanStale` or \
             `code!(Code, \"PLAN_STALE\")` outside its enum in src/ (a pattern or a comparison does \
             not count); raise it where that failure happens, or retire it with #[code(retired = \"...\")]",
            "`LOCK_LOST` (plan::Code::LockLost) has no test: no test under tests/ or in a \
             #[cfg(test)] module of src/ mentions `Code::LockLost` or \"LOCK_LOST\"; add one that \
             makes the program fail with it",
        ]
    );
    assert_eq!(coverage.checked()[0].0, "plan::Code");
    assert_eq!(coverage.checked()[0].1.to_string(), "src/codes.rs:6");
    assert_eq!(coverage.codes(), 6);
    let report = coverage.to_string();
    assert!(
        report.starts_with(
            "2 coverage gap(s) in plan::Code (src/codes.rs:6) (6 codes):\n- `PLAN_STALE`"
        ),
        "{report}"
    );

    // Without its unit tests, PLAN_STALE is untested too.
    let without = Sources::new()
        .with_src("src/codes.rs", CODES_RS)
        .with_src("src/run.rs", RUN_RS)
        .with_test("tests/cli.rs", CLI_RS);
    assert_eq!(
        gaps(&without),
        [
            ("PLAN_STALE".to_owned(), "never_raised"),
            ("PLAN_STALE".to_owned(), "untested"),
            ("LOCK_LOST".to_owned(), "untested"),
        ]
    );
}

#[test]
fn raising_and_testing_every_code_passes() {
    let covered = sources()
        .with_src(
            "src/stale.rs",
            "pub fn stale() -> Error<Code> { Error::new(Code::PlanStale, \"old\") }",
        )
        .with_test(
            "tests/lost.rs",
            r##"#[test] fn lost() { assert!(out().contains(r#"{"code":"LOCK_LOST"}"#)); }"##,
        );
    let coverage = check(&[Code::ENUM], &covered);
    assert!(coverage.is_covered(), "{coverage}");
    assert_eq!(
        coverage.to_string(),
        "every code of plan::Code (src/codes.rs:6) is raised and tested (6 codes)"
    );
}

#[test]
fn a_retired_code_that_is_raised_fails_with_where() {
    let raised = sources()
        .with_src(
            "src/stale.rs",
            "pub fn stale() -> Error<Code> { Error::new(Code::PlanStale, \"old\") }",
        )
        .with_test("tests/lost.rs", r#"const S: &str = "LOCK_LOST";"#)
        .with_src(
            "src/v1.rs",
            "pub fn v1() -> Error<Code> {\n    #[allow(deprecated)]\n    Error::new(Code::PlanV1, \"v1\")\n}\n\
             const V1: Code = sponson_codes::code!(Code, \"PLAN_V1\");\n\
             fn old(c: Code) -> bool { matches!(c, Code::PlanV1) }\n",
        );
    let coverage = check(&[Code::ENUM], &raised);
    let [gap] = coverage.gaps() else {
        panic!("one gap: {coverage}");
    };
    let GapKind::RetiredRaised(at) = gap.kind() else {
        panic!("retired and raised: {gap}");
    };
    let at: Vec<String> = at.iter().map(Location::to_string).collect();
    assert_eq!(at, ["src/v1.rs:3", "src/v1.rs:5"]);
    assert_eq!(
        gap.message(),
        "`PLAN_V1` (plan::Code::PlanV1) is retired (0.3: plans are migrated on read) but raised at \
         src/v1.rs:3, src/v1.rs:5; raise a live code there instead"
    );
    // Named by a test, a retired code is fine: old documents still carry it.
    let tested = sources().with_test("tests/v1.rs", "fn read() { Code::PlanV1; }");
    assert!(!gaps(&tested).iter().any(|(code, _)| code == "PLAN_V1"));
}

#[test]
fn comments_strings_patterns_and_comparisons_do_not_count() {
    let noise = r##"
// Error::new(Code::PlanStale, "in a comment")
/* Error::new(Code::PlanStale, "in a /* nested */ block comment") */
/// ```
/// Error::new(Code::PlanStale, "in a doc example");
/// ```
pub fn describe(code: Code, e: &Error<Code>) -> &'static str {
    let _ = "Error::new(Code::PlanStale, \"in a string\")";
    let _ = r#"code!(Code, "PLAN_STALE")"#;
    if e.is(&Code::PlanStale) || code == Code::PlanStale {
        return "stale";
    }
    if let Code::PlanStale = code {}
    match Some(code) {
        Some(Code::PlanStale) | None => "stale",
        _ => "other",
    }
}
"##;
    let tests_noise = r#"
// assert_eq!(code, "LOCK_LOST");
/* Code::LockLost */
#[test]
fn prose() { assert!(text().contains("the lock was lost: LOCK-LOST, lock_lost, LOCK_LOST_AGAIN")); }
"#;
    let noisy = sources()
        .with_src("src/describe.rs", noise)
        .with_test("tests/noise.rs", tests_noise);
    assert_eq!(
        gaps(&noisy),
        [
            ("PLAN_STALE".to_owned(), "never_raised"),
            ("LOCK_LOST".to_owned(), "untested"),
        ]
    );
}

mod words {
    use super::ErrorCodes;

    /// Codes that are plain words, as `rename_all = "lowercase"` makes them.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, ErrorCodes)]
    #[codes(rename_all = "lowercase")]
    pub enum Code {
        #[code(exit = 2, doc = "The command line is not valid.", usage)]
        Usage,
        #[code(exit = 1, doc = "The server did not answer in time.")]
        Timeout,
        #[code(exit = 1, doc = "An unexpected error.", fallback)]
        Internal,
    }
}

#[test]
fn a_code_that_is_a_plain_word_is_only_tested_as_a_string_of_its_own() {
    let src = "pub enum Code { Usage, Timeout, Internal }\n\
               fn f() -> Error<Code> { Error::new(Code::Timeout, \"late\") }";
    let prose = Sources::new()
        .with_src("src/lib.rs", src)
        .with_test(
            "tests/prose.rs",
            r#"#[test] fn t() { assert!(help().contains("usage: app [--timeout N]; internal errors are bugs")); }"#,
        );
    let untested: Vec<String> = check(&[words::Code::ENUM], &prose)
        .gaps()
        .iter()
        .map(|g| g.code().to_owned())
        .collect();
    assert_eq!(untested, ["usage", "timeout", "internal"]);
    let quoted = Sources::new().with_src("src/lib.rs", src).with_test(
        "tests/codes.rs",
        r#"#[test] fn t() { assert_eq!(doc["error"], "usage"); assert!(err.starts_with("error[timeout]:")); x("`internal`"); }"#,
    );
    assert!(check(&[words::Code::ENUM], &quoted).is_covered());
}

mod explained {
    use super::ErrorCodes;

    /// Every code must be explained.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, ErrorCodes)]
    #[codes(require_explain)]
    pub enum Code {
        /// Another run holds the lock; wait for it or pass `--wait`.
        #[code(exit = 3, doc = "Another run holds the lock.")]
        LockHeld,
        /// A bug: please report it.
        #[code(exit = 1, doc = "An unexpected error.", fallback)]
        Internal,
    }
}

/// The catalog of `explained::Code` as a program built without the
/// runtime's `explain` feature hands it over: no explanations. The derive
/// refused a code without one at compile time; the check reads the catalog.
fn unexplained_catalog() -> Catalog {
    let catalog = Catalog::from_enums(&[explained::Code::ENUM]);
    let mut value: Value = serde_json::from_str(&catalog.to_json()).unwrap();
    assert_eq!(value["enums"][0]["require_explain"], true);
    for code in value["codes"].as_array_mut().unwrap() {
        code["explain"] = "".into();
    }
    Catalog::from_json(&value.to_string()).unwrap()
}

const EXPLAINED_SRC: &str = "pub enum Code { LockHeld, Internal }\n\
                             fn f() -> Error<Code> { Error::new(Code::LockHeld, \"held\") }";
const EXPLAINED_TEST: &str =
    r#"#[test] fn t() { assert_eq!(code(), "LOCK_HELD"); assert_eq!(fallback(), "INTERNAL"); }"#;

#[test]
fn require_explain_is_checked_from_the_catalog() {
    let sources = Sources::new()
        .with_src("src/lib.rs", EXPLAINED_SRC)
        .with_test("tests/t.rs", EXPLAINED_TEST);
    assert!(check(&[explained::Code::ENUM], &sources).is_covered());

    let catalog = unexplained_catalog();
    let enums = catalog.enum_infos();
    let coverage = check(&enums, &sources);
    let found: Vec<(&str, &str)> = coverage
        .gaps()
        .iter()
        .map(|g| (g.code(), g.kind().as_str()))
        .collect();
    assert_eq!(
        found,
        [
            ("LOCK_HELD", "no_explanation"),
            ("INTERNAL", "no_explanation")
        ]
    );
    assert!(coverage.gaps()[0].message().contains(
        "has no long explanation, which test_coverage::explained::Code requires with #[codes(require_explain)]"
    ));
}

/// A crate on disk: `src/codes.rs`, `src/run.rs`, `src/run/tests.rs` and
/// `tests/cli.rs`, as [`sources`] has them.
fn crate_on_disk(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sponson-coverage-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("src/run")).unwrap();
    std::fs::create_dir_all(dir.join("tests")).unwrap();
    std::fs::write(dir.join("src/codes.rs"), CODES_RS).unwrap();
    std::fs::write(dir.join("src/run.rs"), RUN_RS).unwrap();
    std::fs::write(dir.join("src/run/tests.rs"), RUN_TESTS_RS).unwrap();
    std::fs::write(dir.join("tests/cli.rs"), CLI_RS).unwrap();
    std::fs::write(
        dir.join("src/notes.txt"),
        "Code::PlanStale, not a Rust file",
    )
    .unwrap();
    dir
}

#[test]
fn sources_are_read_from_disk_as_they_are_given() {
    let dir = crate_on_disk("read");
    let read = Sources::read(dir.join("src"), dir.join("tests")).unwrap();
    assert_eq!(read.len(), 4);
    let coverage = check(&[Code::ENUM], &read);
    assert_eq!(
        coverage.checked()[0].1.file,
        format!("{}/codes.rs", dir.join("src").display())
    );
    assert_eq!(coverage.gaps().len(), 2, "{coverage}");
    // An absent tests directory has no tests; an absent src is an error.
    let untested = Sources::read(dir.join("src"), dir.join("nope")).unwrap();
    assert_eq!(untested.len(), 3);
    assert!(Sources::read(dir.join("nope"), dir.join("tests")).is_err());
    std::fs::remove_dir_all(dir).unwrap();
}

fn companion(args: &[&str]) -> sponson_codes::Output {
    Companion::new("sponson-codes-tests", "codes", "/nonexistent").run(args.iter().copied())
}

#[test]
fn the_companion_fails_with_coverage_gap_naming_each_gap() {
    let dir = crate_on_disk("companion");
    let src = dir.join("src").display().to_string();
    let tests = dir.join("tests").display().to_string();
    let out = companion(&["coverage", "--src", &src, "--tests", &tests, "--json"]);
    assert_eq!(out.exit, 1, "{}", out.stdout);
    let doc: Value = serde_json::from_str(&out.stdout).unwrap();
    let error = &doc["error"];
    assert_eq!(error["code"], "COVERAGE_GAP");
    assert!(
        error["message"].as_str().unwrap().starts_with(
            "2 coverage gap(s) in plan::Code: `PLAN_STALE` (plan::Code::PlanStale) is never raised"
        ),
        "{error}"
    );
    let findings: Vec<(&str, &str)> = error["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| (f["code"].as_str().unwrap(), f["kind"].as_str().unwrap()))
        .collect();
    assert_eq!(
        findings,
        [("PLAN_STALE", "never_raised"), ("LOCK_LOST", "untested")]
    );
    assert_eq!(error["gaps"].as_array().unwrap().len(), 2);

    // Text mode: a line per gap, then the error and its hint.
    let text = companion(&["coverage", "--src", &src, "--tests", &tests]);
    assert_eq!(text.exit, 1);
    let lines: Vec<&str> = text.stderr.lines().collect();
    assert!(
        lines[0].starts_with(
            "gap: `PLAN_STALE` (plan::Code::PlanStale) is never raised: no `Code::PlanStale`"
        ),
        "{}",
        text.stderr
    );
    assert!(lines[1].starts_with("gap: `LOCK_LOST` (plan::Code::LockLost) has no test"));
    assert!(lines[2].starts_with("error[COVERAGE_GAP]: 2 coverage gap(s)"));

    // Raised and tested, it passes; the enums of this test binary that the
    // sources do not declare are noted, not checked.
    std::fs::write(
        dir.join("src/stale.rs"),
        "fn stale() -> Error<Code> { Error::new(Code::PlanStale, \"old\") }",
    )
    .unwrap();
    std::fs::write(dir.join("tests/lost.rs"), r#"const S: &str = "LOCK_LOST";"#).unwrap();
    let out = companion(&["coverage", "--src", &src, "--tests", &tests, "--json"]);
    assert_eq!(out.exit, 0, "{}", out.stdout);
    let doc: Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(doc["codes"], 6);
    assert_eq!(doc["checked"][0]["enum"], "plan::Code");
    assert!(doc["skipped"]
        .as_array()
        .unwrap()
        .contains(&"test_coverage::words::Code".into()));
    let text = companion(&["coverage", "--src", &src, "--tests", &tests]);
    assert!(
        text.stdout.starts_with("every code of plan::Code ("),
        "{}",
        text.stdout
    );
    assert!(text
        .stdout
        .contains("note: test_coverage::words::Code is not declared under "));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_companion_refuses_sources_that_declare_none_of_the_codes_or_do_not_exist() {
    let dir = std::env::temp_dir().join(format!("sponson-coverage-none-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("src")).unwrap();
    std::fs::write(dir.join("src/lib.rs"), "pub fn nothing() {}").unwrap();
    let src = dir.join("src").display().to_string();
    let out = companion(&["coverage", "--src", &src, "--json"]);
    let doc: Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(doc["error"]["code"], "COVERAGE_GAP");
    assert!(doc["error"]["message"]
        .as_str()
        .unwrap()
        .contains("is declared under"));
    let missing = dir.join("tests").display().to_string();
    let out = companion(&["coverage", "--src", &src, "--tests", &missing, "--json"]);
    let doc: Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(doc["error"]["code"], "IO");
    let out = companion(&["coverage", "--json"]);
    let doc: Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(
        doc["error"]["code"], "IO",
        "the default src of /nonexistent"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// The companion's own codes pass the check it offers: raised in
/// sponson-codes' sources, tested by its unit tests, this package's tests
/// or the fixture app's.
#[test]
fn the_companions_own_codes_are_raised_and_tested() {
    use sponson_codes::companion::{CompanionCode, CompanionWarning};
    use sponson_codes::WarningCode;

    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap();
    let read = |src: &str, tests: &str| Sources::read(root.join(src), root.join(tests)).unwrap();
    let sources = read("sponson-codes/src", "tests/tests")
        .merge(read("tests/fixtures/app/src", "tests/fixtures/app/tests"));
    let started = std::time::Instant::now();
    let coverage = check(&[CompanionCode::ENUM, CompanionWarning::ENUM], &sources);
    let took = started.elapsed();
    assert!(coverage.is_covered(), "{coverage}");
    assert_eq!(coverage.checked().len(), 2);
    eprintln!("{} files checked in {took:?}", sources.len());
}

mod warn {
    use sponson_codes::WarningCodes;

    /// Findings that do not stop a run.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, WarningCodes)]
    pub enum Warn {
        #[code(doc = "A step is listed twice.")]
        StepTwice,
        #[code(doc = "A step looks like a YAML alias.")]
        YamlAnchor,
    }
}

#[test]
fn warning_codes_are_checked_like_error_codes_without_a_runtime_code() {
    use sponson_codes::WarningCode;

    let sources = Sources::new()
        .with_src("src/warn.rs", "pub enum Warn { StepTwice, YamlAnchor }")
        .with_src(
            "src/validate.rs",
            "fn v() { sponson_codes::warn(Warning::new(Warn::YamlAnchor, \"alias\")); }",
        )
        .with_test(
            "tests/t.rs",
            r#"assert_eq!(doc["warnings"][0]["code"], "YAML_ANCHOR");"#,
        );
    let coverage = check(&[warn::Warn::ENUM], &sources);
    let found: Vec<(&str, &str)> = coverage
        .gaps()
        .iter()
        .map(|g| (g.code(), g.kind().as_str()))
        .collect();
    // A warning enum has no fallback: its first code is raised by nothing
    // but the program.
    assert_eq!(
        found,
        [("STEP_TWICE", "never_raised"), ("STEP_TWICE", "untested")]
    );
    assert!(coverage.gaps()[1]
        .message()
        .ends_with("add one that makes the program warn with it"));
}
