//! Where a code's long explanation comes from: a file named by
//! `#[code(explain = "...")]`, the enum's `#[codes(explain_dir = "...")]`
//! convention (`<dir>/<CODE>.md`), or the variant's doc attributes.
//!
//! Files are read by `include_str!` in the generated code, not by the macro,
//! so editing one rebuilds the crate. The macro only looks whether a file
//! exists, to give a clear error for a wrong path and to let a code without
//! a file in `explain_dir` keep its doc comment.

use crate::ast::{Input, Variant};
use crate::attr::{doc_parts, DocPart};
use crate::ctxt::Ctxt;
use proc_macro2::TokenStream;
use quote::quote;
use std::path::{Component, Path, PathBuf};
use syn::LitStr;

/// The package directory of the crate being compiled, if cargo says.
pub fn manifest_dir() -> Option<PathBuf> {
    std::env::var_os("CARGO_MANIFEST_DIR").map(PathBuf::from)
}

/// What is wrong with a path written in an attribute, if anything: it must
/// stay inside the package, so the crate builds the same from its package.
pub fn path_problem(path: &str) -> Option<&'static str> {
    let p = Path::new(path);
    if path.trim().is_empty() {
        Some("is empty")
    } else if p.is_absolute() || path.starts_with('/') || path.starts_with('\\') {
        Some("is absolute")
    } else if p.components().any(|c| matches!(c, Component::ParentDir)) {
        Some("leaves the package with `..`")
    } else {
        None
    }
}

/// The file `explain_dir` gives `variant`, relative to the package.
fn dir_file(dir: &LitStr, variant: &Variant) -> String {
    format!("{}/{}.md", dir.value().trim_end_matches('/'), variant.code)
}

/// Checks the paths of `explain` and `explain_dir`, and that an `explain`
/// file exists.
pub fn check(cx: &Ctxt, input: &Input) {
    let root = manifest_dir();
    if let Some(dir) = &input.attrs.explain_dir {
        if let Some(problem) = path_problem(&dir.value.value()) {
            cx.error_spanned_by(
                &dir.value,
                format_args!(
                    "`explain_dir` {problem}; write a directory relative to the package's Cargo.toml, as in `explain_dir = \"errors\"`"
                ),
            );
        } else if let Some(root) = &root {
            if !root.join(dir.value.value()).is_dir() {
                cx.error_spanned_by(
                    &dir.value,
                    format_args!(
                        "`explain_dir`: no directory `{}` in the package; create it with one `<CODE>.md` per code, or fix the path (it is relative to the package's Cargo.toml)",
                        dir.value.value(),
                    ),
                );
            }
        }
    }
    for variant in &input.variants {
        let Some(file) = &variant.attrs.explain else {
            continue;
        };
        let path = file.value.value();
        if let Some(problem) = path_problem(&path) {
            cx.error_spanned_by(
                &file.value,
                format_args!(
                    "`explain` {problem}; write a markdown file's path relative to the package's Cargo.toml, as in `explain = \"errors/E0499.md\"`"
                ),
            );
        } else if let Some(root) = &root {
            if !root.join(&path).is_file() {
                cx.error_spanned_by(
                    &file.value,
                    format_args!(
                        "`explain`: no file `{path}` in the package; create it or fix the path (it is relative to the package's Cargo.toml)",
                    ),
                );
            }
        }
    }
}

/// `#[codes(require_explain)]`: every live code has a long explanation (a
/// file, or a doc comment), so that `explain CODE` never comes back empty.
/// A retired code keeps its note instead. Checked here rather than by the
/// coverage check alone, since only the macro sees an explanation when the
/// runtime's `explain` feature leaves the texts out.
pub fn require_explain(cx: &Ctxt, input: &Input) {
    if input.attrs.require_explain.is_none() {
        return;
    }
    for variant in &input.variants {
        if variant.attrs.retired.is_some() || has_explanation(input, variant) {
            continue;
        }
        let place = match &input.attrs.explain_dir {
            Some(dir) => format!("a file `{}`", dir_file(&dir.value, variant)),
            None => "a `///` doc comment on the variant".to_owned(),
        };
        cx.error_spanned_by(
            variant.ident,
            format_args!(
                "code `{}` has no long explanation, which #[codes(require_explain)] asks of every live code; write {place}, or #[code(explain = \"path.md\")]",
                variant.code
            ),
        );
    }
}

/// Whether `variant` has an explanation: a file, or doc text.
fn has_explanation(input: &Input, variant: &Variant) -> bool {
    if variant.attrs.explain.is_some() || explain_file(input, variant).is_some() {
        return true;
    }
    match doc_parts(&variant.original.attrs) {
        Some(parts) => parts.iter().any(|part| match part {
            DocPart::Text(text) => !text.trim().is_empty(),
            DocPart::Expr(_) => true,
        }),
        None => !variant.doc.trim().is_empty(),
    }
}

/// The file `variant`'s explanation comes from, relative to the package.
fn explain_file(input: &Input, variant: &Variant) -> Option<String> {
    if let Some(file) = &variant.attrs.explain {
        return Some(file.value.value());
    }
    let dir = &input.attrs.explain_dir.as_ref()?.value;
    let file = dir_file(dir, variant);
    // A code without a file keeps its doc comment, if any.
    let exists = manifest_dir().is_some_and(|root| root.join(&file).is_file());
    exists.then_some(file)
}

/// The value of a `TABLE` const: `entries` in a `static`, and the const a
/// reference to it.
///
/// A const is copied into every crate (and codegen unit) that uses it, and
/// the string literals it points to with it: with the entries in the const
/// itself, a binary that calls `explain()` from another crate than the
/// enum's carried every explanation twice. A static is stored once, with
/// the texts its entries point to.
pub fn table(input: &Input, entries: impl Iterator<Item = TokenStream>) -> TokenStream {
    let len = input.variants.len();
    quote!({
        static __SPONSON_TABLE: [__sp::CodeInfo; #len] = [#(#entries),*];
        &__SPONSON_TABLE
    })
}

/// The expression of `variant`'s `CodeInfo.explain`: a constant string,
/// passed through `__sp::explain` (which trims it, and empties it when the
/// runtime's `explain` feature is off).
pub fn tokens(input: &Input, variant: &Variant) -> TokenStream {
    let text = match explain_file(input, variant) {
        Some(file) => quote! {
            __sp::core::include_str!(__sp::core::concat!(
                __sp::core::env!("CARGO_MANIFEST_DIR"), "/", #file
            ))
        },
        None => match doc_parts(&variant.original.attrs) {
            Some(parts) => {
                let parts = parts.iter().enumerate().map(|(i, part)| {
                    let sep = if i > 0 { "\n" } else { "" };
                    match part {
                        DocPart::Text(text) => {
                            let text = format!("{sep}{text}");
                            quote!(#text)
                        }
                        DocPart::Expr(expr) => quote!(#sep, #expr),
                    }
                });
                quote!(__sp::core::concat!(#(#parts),*))
            }
            None => {
                let doc = &variant.doc;
                quote!(#doc)
            }
        },
    };
    quote!(__sp::explain(#text))
}
