//! A proc-macro crate cannot share code with the runtime, so two pieces of
//! the derive are copies: the perfect hash and "did you mean". Each copy
//! names the other in its module docs and tests the same vectors; this keeps
//! those names pointing at the files and the vectors the same text, so a
//! change to one copy and its vectors alone cannot pass.

use std::path::{Path, PathBuf};

/// Each copy, its counterpart, and the vector constants both hold.
const COPIES: &[(&str, &str, &[&str])] = &[
    (
        "sponson-codes-derive/src/phf.rs",
        "sponson-codes/src/code/hash.rs",
        &["VECTORS"],
    ),
    (
        "sponson-codes-derive/src/similar.rs",
        "sponson-codes/src/tooling/companion/similar.rs",
        &["DISTANCES", "SUGGESTIONS"],
    ),
];

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn read(path: &str) -> String {
    std::fs::read_to_string(workspace().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The `//!` lines at the top of a file.
fn module_docs(text: &str) -> String {
    text.lines()
        .take_while(|line| line.starts_with("//!"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The text of `const NAME: ... = ...;`.
fn constant<'a>(text: &'a str, name: &str, path: &str) -> &'a str {
    let start = text
        .find(&format!("const {name}:"))
        .unwrap_or_else(|| panic!("no const {name} in {path}"));
    let end = start + text[start..].find("];").expect("the constant ends") + 2;
    &text[start..end]
}

#[test]
fn each_copy_names_the_other_by_its_path() {
    for (copy, other, _) in COPIES {
        for (this, named) in [(copy, other), (other, copy)] {
            let docs = module_docs(&read(this));
            assert!(
                docs.contains(&format!("`{named}`")),
                "the module docs of {this} do not name `{named}`:\n{docs}"
            );
        }
    }
}

#[test]
fn the_copies_test_the_same_vectors() {
    for (copy, other, constants) in COPIES {
        let (a, b) = (read(copy), read(other));
        for name in *constants {
            assert_eq!(
                constant(&a, name, copy),
                constant(&b, name, other),
                "{name} differs between {copy} and {other}"
            );
        }
    }
}
