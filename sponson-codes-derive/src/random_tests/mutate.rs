//! Mutation: random edits on the lexemes, then on the lexed token trees.

use super::rng::Rng;
use proc_macro2::{Delimiter, Group, TokenStream, TokenTree};

const INSERTS: &[&str] = &[
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    "#",
    "=",
    ",",
    "::",
    ";",
    ":",
    "!",
    "?",
    "<",
    ">",
    "'a",
    "-",
    "0",
    "1",
    "256",
    "-1",
    "1.5",
    "2u8",
    "\"\"",
    "\"x\"",
    "b\"x\"",
    "'c'",
    "true",
    "exit",
    "doc",
    "hint",
    "name",
    "fallback",
    "usage",
    "code",
    "codes",
    "enum",
    "struct",
    "pub",
    "Self",
    "_",
    "é",
    "日本",
    "Ωmega",
    "r#fn",
    "/** block doc */",
    "/// line doc\n",
    "$",
    "@",
];

pub(super) fn mutate(rng: &mut Rng, lexemes: &mut Vec<String>) {
    let edits = 1 + rng.below(4);
    for _ in 0..edits {
        if lexemes.is_empty() {
            lexemes.push((*rng.pick(INSERTS)).to_string());
            continue;
        }
        let at = rng.below(lexemes.len());
        match rng.below(9) {
            0 | 1 => {
                // Delete a token, or a whole balanced group.
                match group_end(lexemes, at) {
                    Some(end) => {
                        lexemes.drain(at..=end);
                    }
                    None if !is_delimiter(&lexemes[at]) => {
                        lexemes.remove(at);
                    }
                    None => {}
                }
            }
            2 => {
                // Duplicate a token or a balanced group.
                let end = group_end(lexemes, at).unwrap_or(at);
                if end == at && is_delimiter(&lexemes[at]) {
                    continue;
                }
                let copy: Vec<String> = lexemes[at..=end].to_vec();
                for (i, lexeme) in copy.into_iter().enumerate() {
                    lexemes.insert(end + 1 + i, lexeme);
                }
            }
            3 | 4 => {
                let insert = (*rng.pick(INSERTS)).to_string();
                if is_delimiter(&insert) {
                    // Keep delimiters balanced: wrap a token in a group.
                    let (open, close) = *rng.pick(&[("(", ")"), ("[", "]"), ("{", "}")]);
                    let end = group_end(lexemes, at).unwrap_or(at);
                    if end == at && is_delimiter(&lexemes[at]) {
                        continue;
                    }
                    lexemes.insert(end + 1, close.into());
                    lexemes.insert(at, open.into());
                } else {
                    lexemes.insert(at, insert);
                }
            }
            5 => {
                // Replace a literal with one of another kind.
                if lexemes[at].starts_with('"')
                    || lexemes[at].starts_with(|c: char| c.is_ascii_digit())
                {
                    lexemes[at] = (*rng
                        .pick(&["7", "\"7\"", "7.0", "'7'", "b\"7\"", "seven", "0", "-7"]))
                    .to_string();
                }
            }
            6 => {
                // Swap two neighbours that are not delimiters.
                if at + 1 < lexemes.len()
                    && !is_delimiter(&lexemes[at])
                    && !is_delimiter(&lexemes[at + 1])
                {
                    lexemes.swap(at, at + 1);
                }
            }
            7 => {
                // Truncate, closing the groups left open.
                let mut stack = Vec::new();
                for lexeme in &lexemes[..at] {
                    match lexeme.as_str() {
                        "(" => stack.push(")"),
                        "[" => stack.push("]"),
                        "{" => stack.push("}"),
                        ")" | "]" | "}" => {
                            stack.pop();
                        }
                        _ => {}
                    }
                }
                lexemes.truncate(at);
                while let Some(close) = stack.pop() {
                    lexemes.push(close.into());
                }
            }
            _ => {
                // Rename an identifier to a non-ASCII or keyword one.
                if lexemes[at]
                    .chars()
                    .next()
                    .is_some_and(|c| c.is_alphabetic())
                {
                    lexemes[at] = (*rng.pick(&[
                        "Ünïcode",
                        "日本",
                        "r#match",
                        "Self",
                        "self",
                        "crate",
                        "_x",
                        "ǅ",
                    ]))
                    .to_string();
                }
            }
        }
    }
}

fn is_delimiter(lexeme: &str) -> bool {
    matches!(lexeme, "(" | ")" | "[" | "]" | "{" | "}")
}

/// The index of the delimiter closing the group opened at `at`.
fn group_end(lexemes: &[String], at: usize) -> Option<usize> {
    if !matches!(lexemes[at].as_str(), "(" | "[" | "{") {
        return None;
    }
    let mut depth = 0usize;
    for (i, lexeme) in lexemes.iter().enumerate().skip(at) {
        match lexeme.as_str() {
            "(" | "[" | "{" => depth += 1,
            ")" | "]" | "}" => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

/// Wraps some literals and identifiers in invisible (`None`-delimited) groups,
/// as rustc does for `$x:expr` and `$x:literal` fragments of `macro_rules!`.
pub(super) fn wrap_invisible(rng: &mut Rng, tokens: TokenStream, percent: u64) -> TokenStream {
    tokens
        .into_iter()
        .map(|token| match token {
            TokenTree::Group(group) => {
                let inner = wrap_invisible(rng, group.stream(), percent);
                let mut new = Group::new(group.delimiter(), inner);
                new.set_span(group.span());
                TokenTree::Group(new)
            }
            TokenTree::Literal(_) if rng.chance(percent) => {
                let span = token.span();
                let mut group = Group::new(Delimiter::None, TokenStream::from(token));
                group.set_span(span);
                TokenTree::Group(group)
            }
            other => other,
        })
        .collect()
}
