//! Each explanation is stored once in a release binary: a crate outside the
//! workspace declares its codes in its library (explanations from files,
//! from `#[doc = include_str!]` and from doc comments, for an error enum and
//! a warning enum) and its binary reads them through every way a program
//! can (the inherent `explain()`, the traits, the registry). Each
//! explanation holds a unique marker, counted in the built binary.
//!
//! Slow (two release builds of a crate outside the workspace): it runs only
//! with `SPONSON_CODES_SLOW_TESTS=1`.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The codes and where each one's explanation comes from.
const FILES: [&str; 3] = ["E0001", "E0002", "E0003"];
const INCLUDED: &str = "E0004";
const COMMENTED: &str = "E0005";
const WARNING: &str = "W0001";

/// A large explanation (about 20 KB), unique to `code` by its marker.
fn explanation(code: &str) -> String {
    let mut text = format!("{} starts here.\n\n", marker(code));
    for i in 0..200 {
        text.push_str(&format!(
            "Line {i} of the explanation of {code}, long enough to matter in a binary.\n"
        ));
    }
    text
}

fn marker(code: &str) -> String {
    format!("SPONSON-SIZE-MARKER-{code}")
}

const LIB_RS: &str = r#"//! Codes whose explanations the binary reads.
use sponson_codes::{ErrorCodes, WarningCodes};

#[derive(Debug, Clone, Copy, PartialEq, Eq, ErrorCodes)]
#[codes(explain_dir = "errors")]
pub enum Code {
    #[code(exit = 2, name = "E0001", doc = "One.")]
    One,
    #[code(exit = 2, name = "E0002", doc = "Two.")]
    Two,
    #[code(exit = 2, name = "E0003", doc = "Three.", explain = "errors/E0003.md")]
    Three,
    #[doc = include_str!("../included/E0004.md")]
    #[code(exit = 2, name = "E0004", doc = "Four.")]
    Four,
    /// SPONSON-SIZE-MARKER-E0005 starts here, in a doc comment.
    ///
    /// It is shorter than the others, and stored once all the same.
    #[code(exit = 2, name = "E0005", doc = "Five.")]
    Five,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, WarningCodes)]
#[codes(explain_dir = "warnings")]
pub enum Warn {
    #[code(name = "W0001", doc = "A warning.")]
    One,
}
"#;

const MAIN_RS: &str = r#"//! Reads every explanation in every way a program can.
use sponson_codes::{ErrorCode, WarningCode};
use sizes::{Code, Warn};

fn main() {
    let code = std::env::args().nth(1).unwrap_or_default();
    let mut total = 0;
    if let Some(c) = Code::from_code(&code) {
        total += c.explain().len() + ErrorCode::explain(&c).len() + c.info().explain.len();
    }
    for c in Code::TABLE {
        total += c.explain.len();
    }
    total += Warn::One.explain().len() + WarningCode::explain(&Warn::One).len();
    for e in sponson_codes::registry::registered() {
        for c in e.table {
            total += c.explain.len();
        }
    }
    println!("{total}");
}
"#;

struct Crate {
    dir: PathBuf,
    target: PathBuf,
}

impl Crate {
    fn new() -> Crate {
        let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
        let dir = tmp.join("explain-size");
        let _ = fs::remove_dir_all(&dir);
        for sub in ["errors", "included", "warnings", "src"] {
            fs::create_dir_all(dir.join(sub)).unwrap();
        }
        for code in FILES {
            fs::write(dir.join(format!("errors/{code}.md")), explanation(code)).unwrap();
        }
        fs::write(
            dir.join(format!("included/{INCLUDED}.md")),
            explanation(INCLUDED),
        )
        .unwrap();
        fs::write(
            dir.join(format!("warnings/{WARNING}.md")),
            explanation(WARNING),
        )
        .unwrap();
        fs::write(dir.join("src/lib.rs"), LIB_RS).unwrap();
        fs::write(dir.join("src/main.rs"), MAIN_RS).unwrap();
        // The same versions as the other outside crate, so nothing is fetched.
        let lock = Path::new(env!("CARGO_MANIFEST_DIR")).join("outside/Cargo.lock");
        fs::copy(lock, dir.join("Cargo.lock")).unwrap();
        // Shared with the other outside crates, so dependencies are built once.
        Crate {
            dir,
            target: tmp.join("outside"),
        }
    }

    /// Builds the binary in release with the runtime's `features`; its bytes.
    fn build(&self, features: &str) -> Vec<u8> {
        let runtime = Path::new(env!("CARGO_MANIFEST_DIR")).join("../sponson-codes");
        fs::write(
            self.dir.join("Cargo.toml"),
            format!(
                "[package]\nname = \"sizes\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n\
                 [workspace]\n\n[dependencies]\nsponson-codes = {{ path = {:?}, default-features = false, features = [{features}] }}\n",
                runtime.canonicalize().unwrap()
            ),
        )
        .unwrap();
        let out = Command::new(env!("CARGO"))
            .args(["build", "--release", "--quiet", "--bin", "sizes"])
            .current_dir(&self.dir)
            .env("CARGO_TARGET_DIR", &self.target)
            .env_remove("RUSTFLAGS")
            .output()
            .expect("cargo runs");
        assert!(
            out.status.success(),
            "cargo build failed:\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        fs::read(self.target.join("release/sizes")).unwrap()
    }
}

/// How often `needle` occurs in `haystack`.
fn occurrences(haystack: &[u8], needle: &str) -> usize {
    haystack
        .windows(needle.len())
        .filter(|w| *w == needle.as_bytes())
        .count()
}

#[test]
fn each_explanation_is_stored_once_in_a_release_binary() {
    if std::env::var_os("SPONSON_CODES_SLOW_TESTS").is_none_or(|v| v != "1") {
        eprintln!("skipped: set SPONSON_CODES_SLOW_TESTS=1 to build a crate in release");
        return;
    }
    let krate = Crate::new();
    let codes = FILES.iter().chain(&[INCLUDED, COMMENTED, WARNING]).copied();

    // `registry` too: the program reads the tables through the registry.
    let kept = krate.build("\"explain\", \"registry\"");
    let counts: Vec<(&str, usize)> = codes
        .clone()
        .map(|code| (code, occurrences(&kept, &marker(code))))
        .collect();
    assert!(
        counts.iter().all(|(_, n)| *n == 1),
        "each explanation once: {counts:?}"
    );

    // Without the feature, no explanation is in the binary at all.
    let dropped = krate.build("\"registry\"");
    let counts: Vec<(&str, usize)> = codes
        .map(|code| (code, occurrences(&dropped, &marker(code))))
        .collect();
    assert!(counts.iter().all(|(_, n)| *n == 0), "none: {counts:?}");
}
