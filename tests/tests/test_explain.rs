//! Explanations from markdown files: `#[code(explain = "...")]`,
//! `#[codes(explain_dir = "...")]` and forwarded `#[doc = include_str!(..)]`.

use sponson_codes::{ErrorCode, ErrorCodes};

#[derive(Debug, ErrorCodes)]
enum FromFiles {
    /// Ignored for the explanation: the file wins. Still the variant's rustdoc.
    #[code(
        exit = 3,
        doc = "Another run holds the lock.",
        explain = "explain/lock-held.md"
    )]
    LockHeld,
    #[doc = include_str!("../explain/forwarded.md")]
    #[code(exit = 2, doc = "Forwarded.")]
    Forwarded,
    /// Before the file.
    #[doc = include_str!("../explain/forwarded.md")]
    /// After the file.
    #[code(exit = 2, doc = "Mixed.")]
    Mixed,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

#[derive(Debug, ErrorCodes)]
#[codes(explain_dir = "explain/dir")]
enum FromDir {
    #[code(exit = 2, doc = "The plan cannot be read.")]
    PlanParse,
    /// No file for this code: its doc comment stays its explanation.
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

#[test]
fn an_explain_file_is_the_explanation_trimmed() {
    assert_eq!(
        FromFiles::LockHeld.explain(),
        include_str!("../explain/lock-held.md").trim()
    );
    assert!(FromFiles::LockHeld.explain().starts_with("# Lock held\n"));
    assert_eq!(FromFiles::Internal.explain(), "");
}

#[test]
fn forwarded_doc_attributes_are_read() {
    assert_eq!(FromFiles::Forwarded.explain(), "Forwarded from a file.");
    assert_eq!(
        FromFiles::Mixed.explain(),
        "Before the file.\nForwarded from a file.\n\nAfter the file."
    );
}

#[test]
fn explain_dir_gives_each_code_its_file_or_keeps_its_doc_comment() {
    assert_eq!(
        FromDir::PlanParse.explain(),
        "The plan file cannot be read.\n\n## Why\n\nIt is not YAML."
    );
    assert_eq!(
        FromDir::Internal.explain(),
        "No file for this code: its doc comment stays its explanation."
    );
    assert_eq!(
        <FromDir as ErrorCode>::TABLE[0].explain,
        FromDir::PlanParse.explain()
    );
}
