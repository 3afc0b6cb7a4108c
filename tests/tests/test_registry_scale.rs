//! A registry at rustc's scale: 512 codes, each explained by a markdown file
//! in `errors/` (rustc's layout), declared in a private module and imported
//! from the crate's root by `#[codes(path = "scale::Code")]`, generated at
//! test time into a crate outside the workspace, then built and checked from
//! the outside.
//!
//! Slow (it builds, tests, lints and documents that crate, and rebuilds it
//! twice): it runs only with `SPONSON_CODES_SLOW_TESTS=1`.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use pulldown_cmark::{Event, HeadingLevel, Options, Parser, Tag, TagEnd};
use serde_json::Value;

const CODES: usize = 512;
/// Every eighth code is retired, as about a quarter of rustc's are.
const RETIRED_EVERY: usize = 8;

fn code(i: usize) -> String {
    format!("E{i:04}")
}

/// A multi-paragraph explanation in rustc's style: headings, a
/// `compile_fail` example that would fail as a doctest, and a `rust` example
/// that would never end if it ran as one.
fn explanation(i: usize) -> String {
    let code = code(i);
    format!(
        "A value was used in a way that code {code} forbids.\n\
         \n\
         Erroneous code example:\n\
         \n\
         ```compile_fail,{code}\n\
         let x: u32 = \"not a number {i}\";\n\
         ```\n\
         \n\
         # Why\n\
         \n\
         The compiler cannot prove that the value lives long enough; this\n\
         paragraph is long enough to wrap, and names `{code}` in *emphasis*.\n\
         \n\
         ## Fixing it\n\
         \n\
         ```rust\n\
         loop {{}} // never ends: it must never run as a doctest\n\
         ```\n\
         \n\
         Paragraph {i} ends here.\n"
    )
}

fn retired(i: usize) -> bool {
    i.is_multiple_of(RETIRED_EVERY)
}

/// The crate's root: the enum is imported from its private module.
const LIB_RS: &str = "//! A registry at rustc's scale.\n\nmod codes;\n\npub use codes::Code;\n";

/// The path users import the enum by, and where it is declared.
const PATH: &str = "scale::Code";
const DECLARED: &str = "scale::codes::Code";

/// `src/codes.rs`, the private module that declares the enum.
fn codes_rs() -> String {
    let mut variants = String::new();
    for i in 1..=CODES {
        // Both ways of retiring a code, which must both build with
        // `-D warnings`: rustc's `#[deprecated]`, and `retired`.
        let (deprecated, retired) = match (retired(i), i / RETIRED_EVERY % 2) {
            (false, _) => ("", ""),
            (true, 0) => ("    #[deprecated = \"no longer emitted\"]\n", ""),
            (true, _) => ("", ", retired = \"no longer emitted\""),
        };
        variants.push_str(&format!(
            "{deprecated}    #[code(exit = 2, name = \"{c}\", doc = \"Code {c} with `inline code`.\"{retired})]\n    C{c},\n",
            c = code(i)
        ));
    }
    format!(
        "//! The codes, imported from the crate's root.\n\n\
         use sponson_codes::ErrorCodes;\n\n\
         /// Every code, explained in `errors/<CODE>.md`.\n\
         #[derive(Debug, Clone, Copy, PartialEq, Eq, ErrorCodes)]\n\
         #[codes(explain_dir = \"errors\", path = \"{PATH}\")]\n\
         #[non_exhaustive]\n\
         pub enum Code {{\n{variants}    \
         /// An unexpected error.\n    \
         #[code(exit = 1, doc = \"An unexpected error.\", fallback)]\n    \
         Internal,\n}}\n"
    )
}

struct Scale {
    dir: PathBuf,
    target: PathBuf,
}

impl Scale {
    fn new() -> Scale {
        let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
        let dir = tmp.join("registry-scale");
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(dir.join("errors")).unwrap();
        fs::create_dir_all(dir.join("src/bin")).unwrap();
        let runtime = Path::new(env!("CARGO_MANIFEST_DIR")).join("../sponson-codes");
        fs::write(
            dir.join("Cargo.toml"),
            format!(
                "[package]\nname = \"scale\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n\
                 [workspace]\n\n[dependencies]\nsponson-codes = {{ path = {:?}, features = [\"companion\"] }}\n",
                runtime.canonicalize().unwrap()
            ),
        )
        .unwrap();
        // The same versions as the other outside crate; the companion's own
        // dependencies are added from the registry's cache.
        let lock = Path::new(env!("CARGO_MANIFEST_DIR")).join("outside/Cargo.lock");
        fs::copy(lock, dir.join("Cargo.lock")).unwrap();
        fs::write(dir.join("src/lib.rs"), LIB_RS).unwrap();
        fs::write(dir.join("src/codes.rs"), codes_rs()).unwrap();
        fs::write(
            dir.join("src/bin/scale-codes.rs"),
            "//! The companion.\nsponson_codes::companion::main!(scale);\n",
        )
        .unwrap();
        for i in 1..=CODES {
            fs::write(dir.join(format!("errors/{}.md", code(i))), explanation(i)).unwrap();
        }
        // Shared with test_outside.rs, so dependencies are built once.
        let target = tmp.join("outside");
        Scale { dir, target }
    }

    fn cargo(&self, args: &[&str]) -> Output {
        Command::new(env!("CARGO"))
            .args(args)
            .current_dir(&self.dir)
            .env("CARGO_TARGET_DIR", &self.target)
            .env("RUSTDOCFLAGS", "-D warnings")
            .env_remove("RUSTFLAGS")
            .output()
            .expect("cargo runs")
    }

    fn cargo_ok(&self, args: &[&str]) {
        let out = self.cargo(args);
        assert!(
            out.status.success(),
            "cargo {args:?} failed:\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }

    /// Runs the companion; `(stdout, stderr, exit)`.
    fn companion(&self, args: &[&str]) -> (String, String, i32) {
        let mut all = vec!["run", "--quiet", "--bin", "scale-codes", "--"];
        all.extend(args);
        let out = self.cargo(&all);
        (
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
            out.status.code().expect("exited"),
        )
    }
}

/// Body rows of every table, and every heading with its level.
fn parse(md: &str) -> (Vec<Vec<String>>, Vec<(HeadingLevel, String)>) {
    let (mut rows, mut headings) = (Vec::new(), Vec::new());
    let (mut text, mut row, mut in_head) = (String::new(), Vec::new(), false);
    for event in Parser::new_ext(md, Options::ENABLE_TABLES) {
        match event {
            Event::Start(Tag::TableHead) => in_head = true,
            Event::End(TagEnd::TableHead) => {
                in_head = false;
                row = Vec::new();
            }
            Event::Start(Tag::TableCell | Tag::Heading { .. }) => text.clear(),
            Event::End(TagEnd::TableCell) => row.push(std::mem::take(&mut text)),
            Event::End(TagEnd::TableRow) if !in_head => rows.push(std::mem::take(&mut row)),
            Event::End(TagEnd::Heading(level)) => headings.push((level, std::mem::take(&mut text))),
            Event::Text(t) => text.push_str(&t),
            Event::Code(t) => text.push_str(&format!("`{t}`")),
            _ => {}
        }
    }
    (rows, headings)
}

#[test]
fn a_rustc_sized_registry_with_explanations_from_files() {
    if std::env::var_os("SPONSON_CODES_SLOW_TESTS").is_none_or(|v| v != "1") {
        eprintln!("skipped: set SPONSON_CODES_SLOW_TESTS=1 to build a 512-code registry");
        return;
    }
    let scale = Scale::new();

    // The crate builds, and its tests, lints and docs pass: no explanation
    // example runs as a doctest (one would never end), none warns.
    scale.cargo_ok(&["test", "--quiet"]);
    scale.cargo_ok(&["clippy", "--quiet", "--all-targets", "--", "-D", "warnings"]);
    scale.cargo_ok(&["doc", "--quiet", "--no-deps"]);

    // `explain` reproduces each file.
    let (list, _, exit) = scale.companion(&["list", "--json"]);
    assert_eq!(exit, 0);
    let catalog: Value = serde_json::from_str(&list).unwrap();
    let codes = catalog["codes"].as_array().unwrap();
    assert_eq!(codes.len(), CODES + 1);
    for (i, entry) in (1..=CODES).zip(codes) {
        assert_eq!(entry["code"], code(i).as_str());
        assert_eq!(entry["explain"], explanation(i).trim(), "{}", code(i));
        assert_eq!(entry["enum"], PATH);
        assert_eq!(entry["declared_path"], DECLARED);
    }
    assert_eq!(catalog["enums"][0]["path"], PATH);
    assert_eq!(catalog["enums"][0]["declared_path"], DECLARED);

    // `list` and `explain` name the enum by the path users import it by.
    let (list, _, exit) = scale.companion(&["list"]);
    assert_eq!(exit, 0);
    assert_eq!(list.lines().count(), CODES + 1);
    assert!(
        list.lines().all(|l| l.ends_with(&format!("[{PATH}]"))),
        "{list}"
    );
    let (text, _, exit) = scale.companion(&["explain", "E0499"]);
    assert_eq!(exit, 0);
    assert!(
        text.starts_with(&format!("E0499 (exit 2, `{PATH}`)\n")),
        "{text}"
    );
    assert!(
        text.contains("Erroneous code example:\n\n```rust\nlet x: u32"),
        "{text}"
    );
    assert!(
        text.contains("# Why\n\nThe compiler cannot prove"),
        "{text}"
    );

    // The markdown: one table row per code, explanation headings nested
    // under the code's.
    scale.companion(&["docs"]);
    scale.companion(&["lock"]);
    let md = fs::read_to_string(scale.dir.join("docs/errors.md")).unwrap();
    assert!(md.contains(&format!("\n## `{PATH}`\n")), "{md}");
    assert!(!md.contains(DECLARED));
    // The lock names the enum by where it is declared.
    let lock = fs::read_to_string(scale.dir.join("docs/errors.lock.json")).unwrap();
    assert!(lock.contains(&format!("\"enum\": \"{DECLARED}\"")));
    assert!(!lock.contains(&format!("\"{PATH}\"")));
    let (rows, headings) = parse(&md);
    let retired_count = (1..=CODES).filter(|i| retired(*i)).count();
    assert_eq!(rows.len(), CODES + 1, "one row per code, live and retired");
    assert!(rows.iter().all(|r| r.len() == 4), "four cells in every row");
    assert_eq!(rows[0][2], "Code E0001 with `inline code`.");
    let code_headings: Vec<&(HeadingLevel, String)> = headings
        .iter()
        .filter(|(_, t)| t.starts_with("`E"))
        .collect();
    assert_eq!(code_headings.len(), CODES);
    assert!(code_headings.iter().all(|(l, _)| *l == HeadingLevel::H4));
    assert_eq!(
        headings
            .iter()
            .filter(|(l, t)| *l == HeadingLevel::H5 && t == "Why")
            .count(),
        CODES
    );
    assert_eq!(
        headings
            .iter()
            .filter(|(l, t)| *l == HeadingLevel::H6 && t == "Fixing it")
            .count(),
        CODES
    );
    assert_eq!(
        code_headings
            .iter()
            .filter(|(_, t)| t.ends_with("(retired)"))
            .count(),
        retired_count
    );

    // Editing an explanation: the lock stays fresh, the docs are stale with
    // a diff of exactly the changed lines.
    let file = scale.dir.join("errors/E0300.md");
    let edited =
        explanation(300).replace("Paragraph 300 ends here.", "Paragraph 300 ends, edited.");
    fs::write(&file, edited).unwrap();
    let (out, err, exit) = scale.companion(&["lock", "--check"]);
    assert_eq!(exit, 0, "{out}{err}");
    let (out, _, exit) = scale.companion(&["docs", "--check", "--json"]);
    assert_eq!(exit, 1);
    let failure: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(failure["error"]["code"], "DOCS_STALE");
    let diff = failure["error"]["diff"].as_str().unwrap();
    let changed: Vec<&str> = diff
        .lines()
        .filter(|l| l.starts_with("- ") || l.starts_with("+ "))
        .collect();
    assert_eq!(
        changed,
        [
            "- Paragraph 300 ends here.",
            "+ Paragraph 300 ends, edited."
        ],
        "{diff}"
    );

    // Retiring a code is reported as such, and is not breaking.
    let codes = codes_rs().replace(
        "    #[code(exit = 2, name = \"E0301\"",
        "    #[deprecated = \"replaced by E0302\"]\n    #[code(exit = 2, name = \"E0301\"",
    );
    fs::write(scale.dir.join("src/codes.rs"), codes).unwrap();
    let (out, err, exit) = scale.companion(&["check"]);
    assert_eq!(exit, 0, "{out}{err}");
    assert!(
        out.contains("additive: retired code `E0301` (replaced by E0302)"),
        "{out}"
    );
    let (out, _, exit) = scale.companion(&["lock", "--check", "--json"]);
    assert_eq!(exit, 1);
    let stale: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(stale["error"]["code"], "LOCK_STALE");
    assert_eq!(
        stale["error"]["changes"],
        serde_json::json!([
            "retired code `E0301` (replaced by E0302) (additive under `additive`: a retired code)"
        ])
    );

    // The lock was written with `path` declared; without it, the lock is
    // the same: not stale, nothing breaking. Only the docs change.
    let codes = codes_rs().replace(&format!(", path = \"{PATH}\""), "");
    assert_ne!(codes, codes_rs());
    fs::write(scale.dir.join("src/codes.rs"), codes).unwrap();
    let (out, err, exit) = scale.companion(&["lock", "--check"]);
    assert_eq!(exit, 0, "{out}{err}");
    let (out, err, exit) = scale.companion(&["check"]);
    assert_eq!(exit, 0, "{out}{err}");
    assert!(
        out.contains("the lock `docs/errors.lock.json` is up to date"),
        "{out}"
    );
    assert!(
        !out.contains("additive") && !out.contains("behind"),
        "{out}"
    );
    let (out, _, exit) = scale.companion(&["docs", "--check", "--json"]);
    assert_eq!(exit, 1);
    let stale: Value = serde_json::from_str(&out).unwrap();
    let diff = stale["error"]["diff"].as_str().unwrap();
    assert!(
        diff.contains(&format!("- ## `{PATH}`\n+ ## `{DECLARED}`")),
        "{diff}"
    );
}
