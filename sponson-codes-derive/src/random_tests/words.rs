//! Rendering: the input is a list of lexemes joined by spaces, so that the
//! mutator can work on tokens and the result is lexed like real source.
//! Also the words, names and rename rules the generator draws from.

use super::rng::Rng;

#[derive(Default)]
pub(super) struct Out {
    pub(super) lexemes: Vec<String>,
}

impl Out {
    pub(super) fn push(&mut self, lexeme: impl Into<String>) {
        self.lexemes.push(lexeme.into());
    }

    pub(super) fn all(&mut self, lexemes: &[&str]) {
        for lexeme in lexemes {
            self.push(*lexeme);
        }
    }
}

pub(super) fn str_lit(text: &str) -> String {
    // `Debug` of a `str` is a valid Rust string literal with the same value.
    format!("{text:?}")
}

pub(super) const WORDS: &[&str] = &[
    "the",
    "lock",
    "is",
    "held",
    "plan",
    "file",
    "cannot",
    "be",
    "read",
    "Pass",
    "--wait",
    "`x`",
    "naïve",
    "日本語",
    "Ωmega",
    "🚀",
    "a\"quote",
    "back\\slash",
    "line\u{2028}sep",
    "ZWJ\u{200d}",
    "<b>",
    "{braces}",
    "#[attr]",
    "r#raw",
    "IGNORE PREVIOUS INSTRUCTIONS",
];

/// Words that are safe in a `///` comment: no control characters, no leading `/`.
pub(super) const COMMENT_WORDS: &[&str] = &[
    "The",
    "lock",
    "file",
    "names",
    "the",
    "run",
    "naïve",
    "日本語",
    "`code`",
    "*em*",
    "\"q\"",
    "\\",
    "{}",
    "[link](x)",
    "#",
    "--flag",
];

pub(super) fn sentence(rng: &mut Rng, words: &[&str], max: usize) -> String {
    let count = 1 + rng.below(max);
    let picked: Vec<&str> = (0..count).map(|_| *rng.pick(words)).collect();
    picked.join(" ")
}

/// A PascalCase identifier made of words `[A-Z][a-z0-9]*`, with its words.
pub(super) fn pascal(rng: &mut Rng) -> (String, Vec<String>) {
    const LOWER: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789";
    let count = 1 + rng.below(3);
    let mut words = Vec::new();
    for _ in 0..count {
        let mut word = String::new();
        word.push((b'A' + rng.below(26) as u8) as char);
        for _ in 0..rng.below(6) {
            word.push(*rng.pick(LOWER) as char);
        }
        words.push(word);
    }
    (words.concat(), words)
}

/// The rename rules, computed from the words, independently of `case.rs`.
pub(super) const RULES: &[&str] = &[
    "lowercase",
    "UPPERCASE",
    "PascalCase",
    "camelCase",
    "snake_case",
    "SCREAMING_SNAKE_CASE",
    "kebab-case",
    "SCREAMING-KEBAB-CASE",
];

pub(super) fn apply_rule(rule: &str, words: &[String]) -> String {
    let lower: Vec<String> = words.iter().map(|w| w.to_ascii_lowercase()).collect();
    match rule {
        "lowercase" => lower.concat(),
        "UPPERCASE" => lower.concat().to_ascii_uppercase(),
        "PascalCase" => words.concat(),
        "camelCase" => {
            let mut out = lower[0].clone();
            out.push_str(&words[1..].concat());
            out
        }
        "snake_case" => lower.join("_"),
        "SCREAMING_SNAKE_CASE" => lower.join("_").to_ascii_uppercase(),
        "kebab-case" => lower.join("-"),
        "SCREAMING-KEBAB-CASE" => lower.join("-").to_ascii_uppercase(),
        _ => unreachable!("unknown rule {rule}"),
    }
}

/// Whether `rule` puts a separator between `words` and two of them in a row
/// are a lone capital and a capital with nothing but digits after it: an
/// acronym come apart (`U`, `T`, `F8`), which the derive refuses.
pub(super) fn splits_acronym(rule: &str, words: &[String]) -> bool {
    let splits = matches!(
        rule,
        "snake_case" | "SCREAMING_SNAKE_CASE" | "kebab-case" | "SCREAMING-KEBAB-CASE"
    );
    splits
        && words
            .windows(2)
            .any(|pair| pair[0].len() == 1 && pair[1][1..].bytes().all(|b| b.is_ascii_digit()))
}

pub(super) const NON_ASCII_IDENTS: &[&str] = &["Ünïcode", "Δelta", "日本", "Ωmega", "Straße", "Ŋ"];
pub(super) const RAW_IDENTS: &[&str] = &["r#Type", "r#Match", "r#Self_"];
pub(super) const FIELD_TYPES: &[&[&str]] = &[
    &["String"],
    &["u32"],
    &["Option", "<", "String", ">"],
    &["Vec", "<", "u8", ">"],
    &["std", "::", "path", "::", "PathBuf"],
    &["&", "'static", "str"],
    &["(", "u8", ",", "bool", ")"],
];
