//! `#[codes(locales = "locales")]`: the program's Fluent files, one
//! directory per locale (`locales/<locale>/*.ftl`), checked at compile time:
//! a message of a code may only name the code's details as variables.
//!
//! The files are read here, by a small scanner rather than a Fluent parser
//! (the derive depends on no Fluent crate): message ids start a line as
//! `id =`, indented lines continue the entry, `#` starts a comment line, and
//! a variable is `$name` inside `{ }`. Whether a file is valid Fluent is the
//! runtime's and the companion's check (`check --locales`). The generated
//! code `include_bytes!`s every file, so editing one rebuilds the crate and
//! runs this check again.

use crate::ast::{Input, Variant};
use crate::ctxt::Ctxt;
use crate::explain::{manifest_dir, path_problem};
use proc_macro2::TokenStream;
use quote::quote;
use std::collections::HashMap;
use std::path::Path;

/// The Fluent message id of `code`: the code itself when it is a Fluent
/// identifier, else `::` written `__` and `.` written `-`, with `code-`
/// before an id that does not start with a letter. Mirrors the runtime's
/// `sponson_codes::profile::fluent::message_id`; keep the two the same.
pub fn message_id(code: &str) -> String {
    let id = code.replace("::", "__").replace('.', "-");
    if id.starts_with(|c: char| c.is_ascii_alphabetic()) {
        id
    } else {
        format!("code-{id}")
    }
}

/// One variable of a message: the message's id, the variable's name, and
/// the line (from 1) it is written on.
#[derive(Debug, PartialEq)]
pub struct Use {
    pub message: String,
    pub variable: String,
    pub line: usize,
}

/// Every variable each message of `text` names, in order, each once per
/// message. Terms (`-name = ...`) are skipped: they are no code's message.
pub fn variables(text: &str) -> Vec<Use> {
    let mut out: Vec<Use> = Vec::new();
    let mut message: Option<String> = None;
    // Where the scanner is, carried across lines (a select expression spans
    // several): empty in an entry's text.
    let mut stack: Vec<Mode> = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let starts_entry = !line.starts_with([' ', '\t']) && !line.trim().is_empty();
        if starts_entry && stack.is_empty() {
            if line.starts_with('#') {
                message = None;
                continue;
            }
            message = entry_id(line);
            let Some(eq) = line.find('=') else { continue };
            scan(
                &line[eq + 1..],
                index + 1,
                message.as_deref(),
                &mut stack,
                &mut out,
            );
        } else {
            // `[key]` or `*[key]` starting a line ends the variant before.
            let trimmed = line.trim_start();
            if matches!(stack.last(), Some(Mode::Variant))
                && (trimmed.starts_with('[') || trimmed.starts_with("*["))
            {
                stack.pop();
            }
            scan(line, index + 1, message.as_deref(), &mut stack, &mut out);
        }
    }
    out
}

/// The id of the message a line starts, `None` for a term or anything else.
fn entry_id(line: &str) -> Option<String> {
    let (id, _) = line.split_once('=')?;
    let id = id.trim_end();
    is_identifier(id).then(|| id.to_owned())
}

/// A Fluent identifier: `[a-zA-Z][a-zA-Z0-9_-]*`.
fn is_identifier(text: &str) -> bool {
    let mut chars = text.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic()) && chars.all(is_identifier_char)
}

fn is_identifier_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '-'
}

/// What the scanner is inside of, innermost last.
enum Mode {
    /// A placeable's expression, `{ ... }`, where `$name` is a variable.
    Expr,
    /// The text of a select expression's variant, after its `[key]`.
    Variant,
}

/// Scans one line's text for `$name` inside placeables.
fn scan(text: &str, line: usize, message: Option<&str>, stack: &mut Vec<Mode>, out: &mut Vec<Use>) {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let in_expr = matches!(stack.last(), Some(Mode::Expr));
        match bytes[i] {
            b'{' => stack.push(Mode::Expr),
            b'}' => {
                // In a variant's text, `}` closes the select expression.
                if matches!(stack.pop(), Some(Mode::Variant)) {
                    stack.pop();
                }
            }
            b']' if in_expr => stack.push(Mode::Variant),
            // A string literal in a placeable (`{ "$" }`) ends on its line.
            b'"' if in_expr => {
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'$' if in_expr => {
                let name: String = text[i + 1..]
                    .chars()
                    .take_while(|&c| is_identifier_char(c))
                    .collect();
                if let (Some(message), true) = (message, is_identifier(&name)) {
                    let seen = out
                        .iter()
                        .any(|u| u.message == message && u.variable == name);
                    if !seen {
                        out.push(Use {
                            message: message.to_owned(),
                            variable: name.clone(),
                            line,
                        });
                    }
                }
                i += name.len();
            }
            _ => {}
        }
        i += 1;
    }
}

/// The `.ftl` files of `dir` (relative to the package), sorted:
/// `dir/<locale>/<file>.ftl`, as paths relative to the package.
fn files(root: &Path, dir: &str) -> std::io::Result<Vec<String>> {
    let dir = dir.trim_end_matches('/');
    let mut out = Vec::new();
    let mut locales: Vec<_> = std::fs::read_dir(root.join(dir))?
        .filter_map(Result::ok)
        .filter(|entry| entry.path().is_dir())
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .collect();
    locales.sort();
    for locale in locales {
        let mut names: Vec<_> = std::fs::read_dir(root.join(dir).join(&locale))?
            .filter_map(Result::ok)
            .map(|entry| entry.file_name().to_string_lossy().into_owned())
            .filter(|name| name.ends_with(".ftl"))
            .collect();
        names.sort();
        out.extend(
            names
                .into_iter()
                .map(|name| format!("{dir}/{locale}/{name}")),
        );
    }
    Ok(out)
}

/// Checks `locales`: its path, and every variable of every code's message.
pub fn check(cx: &Ctxt, input: &Input) {
    let Some(keyed) = &input.attrs.locales else {
        return;
    };
    let lit = &keyed.value;
    let dir = lit.value();
    if let Some(problem) = path_problem(&dir) {
        cx.error_spanned_by(
            lit,
            format_args!(
                "`locales` {problem}; write a directory relative to the package's Cargo.toml, as in `locales = \"locales\"`"
            ),
        );
        return;
    }
    let Some(root) = manifest_dir() else {
        return;
    };
    if !root.join(&dir).is_dir() {
        cx.error_spanned_by(
            lit,
            format_args!(
                "`locales`: no directory `{dir}` in the package; create it with one directory of `.ftl` files per locale (`{dir}/en/errors.ftl`), or fix the path (it is relative to the package's Cargo.toml)"
            ),
        );
        return;
    }
    let files = match files(&root, &dir) {
        Ok(files) => files,
        Err(error) => {
            cx.error_spanned_by(
                lit,
                format_args!("`locales`: cannot read the directory `{dir}`: {error}"),
            );
            return;
        }
    };
    let codes: HashMap<String, &Variant> = input
        .variants
        .iter()
        .map(|variant| (message_id(&variant.code), variant))
        .collect();
    for file in files {
        let text = match std::fs::read_to_string(root.join(&file)) {
            Ok(text) => text,
            Err(error) => {
                cx.error_spanned_by(
                    lit,
                    format_args!("`locales`: cannot read `{file}`: {error}"),
                );
                continue;
            }
        };
        for found in variables(&text) {
            let Some(variant) = codes.get(&found.message) else {
                continue;
            };
            let details: Vec<String> = variant
                .fields
                .iter()
                .filter_map(|field| field.detail_name())
                .collect();
            if details.contains(&found.variable) {
                continue;
            }
            let has = if details.is_empty() {
                "it has no details".to_owned()
            } else {
                let names: Vec<String> = details.iter().map(|d| format!("`{d}`")).collect();
                format!("its details are {}", names.join(", "))
            };
            cx.error_spanned_by(
                lit,
                format_args!(
                    "`{file}:{line}`: the message `{message}` names the variable `${variable}`, which is not a detail of code `{code}` ({has}); add #[code(detail)] to a field `{variable}` of `{ident}` (or `detail = \"{variable}\"` to a field of another name), or remove `{{ ${variable} }}` from the message",
                    line = found.line,
                    message = found.message,
                    variable = found.variable,
                    code = variant.code,
                    ident = variant.ident,
                ),
            );
        }
    }
}

/// `include_bytes!` of every file `locales` reads, so that editing one
/// rebuilds the crate and runs the check again. Empty without `locales`.
pub fn tokens(input: &Input) -> TokenStream {
    let Some(keyed) = &input.attrs.locales else {
        return TokenStream::new();
    };
    let files = manifest_dir()
        .and_then(|root| files(&root, &keyed.value.value()).ok())
        .unwrap_or_default();
    let files = files.iter();
    quote! {
        #(
            const _: &[u8] = __sp::core::include_bytes!(__sp::core::concat!(
                __sp::core::env!("CARGO_MANIFEST_DIR"), "/", #files
            ));
        )*
    }
}

#[cfg(test)]
mod tests {
    use super::{message_id, variables, Use};

    fn names(text: &str) -> Vec<(String, String, usize)> {
        variables(text)
            .into_iter()
            .map(
                |Use {
                     message,
                     variable,
                     line,
                 }| (message, variable, line),
            )
            .collect()
    }

    fn owned(list: &[(&str, &str, usize)]) -> Vec<(String, String, usize)> {
        list.iter()
            .map(|(m, v, l)| (m.to_string(), v.to_string(), *l))
            .collect()
    }

    #[test]
    fn message_ids_mirror_the_runtime() {
        assert_eq!(message_id("LOCK_HELD"), "LOCK_HELD");
        assert_eq!(message_id("title-required"), "title-required");
        assert_eq!(message_id("config::bad.name"), "config__bad-name");
        assert_eq!(message_id("404"), "code-404");
    }

    #[test]
    fn placeables_selects_functions_comments_and_terms() {
        let text = "\
# A comment names { $not_a_variable }.
LOCK_HELD = Der Lauf { $holder } hält { $lock }, seit { $holder }.
-brand = { $term_variable }
PLAN_PARSE =
    Zeile { NUMBER($line, minimumFractionDigits: 0) } in { $path }
    { $count ->
        [one] ein { $thing }
       *[other] { $count } Dinge, kein $bare
    }
    .title = { $attr-name } und { \"$in_string\" }
INTERNAL = Kein { -brand }, kein $frei.
";
        assert_eq!(
            names(text),
            owned(&[
                ("LOCK_HELD", "holder", 2),
                ("LOCK_HELD", "lock", 2),
                ("PLAN_PARSE", "line", 5),
                ("PLAN_PARSE", "path", 5),
                ("PLAN_PARSE", "count", 6),
                ("PLAN_PARSE", "thing", 7),
                ("PLAN_PARSE", "attr-name", 10),
            ])
        );
    }
}
