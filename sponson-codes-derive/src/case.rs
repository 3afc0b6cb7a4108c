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
    }
}
