//! `rename_all`: the case conventions serde accepts, applied to variant names.

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum RenameRule {
    Lower,
    Upper,
    Pascal,
    Camel,
    Snake,
    ScreamingSnake,
    Kebab,
    ScreamingKebab,
}

/// The names `rename_all` accepts, as serde spells them.
pub const RULE_NAMES: &[(&str, RenameRule)] = &[
    ("lowercase", RenameRule::Lower),
    ("UPPERCASE", RenameRule::Upper),
    ("PascalCase", RenameRule::Pascal),
    ("camelCase", RenameRule::Camel),
    ("snake_case", RenameRule::Snake),
    ("SCREAMING_SNAKE_CASE", RenameRule::ScreamingSnake),
    ("kebab-case", RenameRule::Kebab),
    ("SCREAMING-KEBAB-CASE", RenameRule::ScreamingKebab),
];

impl RenameRule {
    pub fn from_name(name: &str) -> Option<Self> {
        RULE_NAMES
            .iter()
            .find(|(rule_name, _)| *rule_name == name)
            .map(|(_, rule)| *rule)
    }

    /// Applies the rule to a variant name written in PascalCase, as serde does.
    pub fn apply(self, variant: &str) -> String {
        match self {
            RenameRule::Pascal => variant.to_owned(),
            RenameRule::Lower => variant.to_ascii_lowercase(),
            RenameRule::Upper => variant.to_ascii_uppercase(),
            RenameRule::Camel => {
                let mut chars = variant.chars();
                match chars.next() {
                    Some(first) => first.to_ascii_lowercase().to_string() + chars.as_str(),
                    None => String::new(),
                }
            }
            RenameRule::Snake => snake(variant),
            RenameRule::ScreamingSnake => snake(variant).to_ascii_uppercase(),
            RenameRule::Kebab => snake(variant).replace('_', "-"),
            RenameRule::ScreamingKebab => snake(variant).to_ascii_uppercase().replace('_', "-"),
        }
    }
}

impl RenameRule {
    /// The separator the rule puts before every capital letter, for the
    /// rules that split a name into words.
    pub fn separator(self) -> Option<char> {
        match self {
            RenameRule::Snake | RenameRule::ScreamingSnake => Some('_'),
            RenameRule::Kebab | RenameRule::ScreamingKebab => Some('-'),
            RenameRule::Lower | RenameRule::Upper | RenameRule::Pascal | RenameRule::Camel => None,
        }
    }
}

/// `variant` with each run of capitals written as a word, as Rust's naming
/// convention has it (`InvalidUTF8` is `InvalidUtf8`, `HTTPError` is
/// `HttpError`): a capital stays one only when it starts a run or a word
/// that goes on in lower case.
pub fn acronyms_as_words(variant: &str) -> String {
    let chars: Vec<char> = variant.chars().collect();
    let mut out = String::with_capacity(variant.len());
    for (i, &ch) in chars.iter().enumerate() {
        let after_capital = i > 0 && chars[i - 1].is_uppercase();
        let word_goes_on = chars.get(i + 1).is_some_and(|next| next.is_lowercase());
        if ch.is_uppercase() && after_capital && !word_goes_on {
            out.extend(ch.to_lowercase());
        } else {
            out.push(ch);
        }
    }
    out
}

fn snake(variant: &str) -> String {
    let mut out = String::new();
    for (i, ch) in variant.char_indices() {
        if i > 0 && ch.is_uppercase() {
            out.push('_');
        }
        out.push(ch.to_ascii_lowercase());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_match_serde() {
        let cases = [
            (RenameRule::ScreamingSnake, "LOCK_HELD"),
            (RenameRule::Snake, "lock_held"),
            (RenameRule::Kebab, "lock-held"),
            (RenameRule::ScreamingKebab, "LOCK-HELD"),
            (RenameRule::Camel, "lockHeld"),
            (RenameRule::Pascal, "LockHeld"),
            (RenameRule::Lower, "lockheld"),
            (RenameRule::Upper, "LOCKHELD"),
        ];
        for (rule, want) in cases {
            assert_eq!(rule.apply("LockHeld"), want);
        }
        assert_eq!(
            RenameRule::ScreamingSnake.apply("Http2Error"),
            "HTTP2_ERROR"
        );
        // serde's rule: every capital starts a word.
        assert_eq!(
            RenameRule::ScreamingSnake.apply("InvalidUTF8"),
            "INVALID_U_T_F8"
        );
    }

    #[test]
    fn acronyms_become_words() {
        for (variant, want) in [
            ("InvalidUTF8", "InvalidUtf8"),
            ("HTTPError", "HttpError"),
            ("IOError", "IoError"),
            ("MP3Player", "Mp3Player"),
            ("AB", "Ab"),
            ("UTF8", "Utf8"),
            ("XRay", "XRay"),
            ("LockHeld", "LockHeld"),
            ("E0499", "E0499"),
        ] {
            assert_eq!(acronyms_as_words(variant), want, "{variant}");
        }
    }
}
