//! Plain-text output of `list` and `explain`: pure functions of the catalog.

use std::fmt::Write as _;

use crate::tooling::catalog::{Catalog, CatalogCode};

/// One line per code: code, exit, meaning and enum, in columns.
pub(crate) fn list(catalog: &Catalog) -> String {
    let width = catalog
        .codes
        .iter()
        .map(|c| c.code.len())
        .max()
        .unwrap_or(0);
    let mut out = String::new();
    for c in &catalog.codes {
        let retired = if c.retired.is_some() {
            " (retired)"
        } else {
            ""
        };
        // A warning has no exit code: `-` in its column.
        let exit = if c.warning {
            "-".to_owned()
        } else {
            c.exit.to_string()
        };
        let _ = writeln!(
            out,
            "{:width$}  {:>3}  {}{retired}  [{}]",
            c.code,
            exit,
            one_line(&c.doc),
            c.enum_path
        );
    }
    if out.is_empty() {
        out.push_str("no error code enums are linked into this program\n");
    }
    out
}

/// The long explanation of `code`, once per enum that declares it.
pub(crate) fn explain(entries: &[&CatalogCode]) -> String {
    let mut out = String::new();
    for (i, c) in entries.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        if c.warning {
            let _ = writeln!(out, "{} (warning, `{}`)", c.code, c.enum_path);
        } else {
            let _ = writeln!(out, "{} (exit {}, `{}`)", c.code, c.exit, c.enum_path);
        }
        let _ = writeln!(out, "\n{}", c.doc.trim());
        if !c.explanation.trim().is_empty() {
            // rustdoc's fence labels (```compile_fail,E0499) read as plain code.
            let explain = crate::tooling::markdown::explain::plain_fences(c.explanation.trim());
            let _ = writeln!(out, "\n{explain}");
        }
        if let Some(hint) = &c.hint {
            let _ = writeln!(out, "\nhint: {}", hint.trim());
        }
        if let Some(reason) = &c.retired {
            let _ = writeln!(out, "\nretired: {}; no longer raised", reason.trim());
        }
    }
    out
}

/// Codes close to `code`: same letters in another case, a small edit away,
/// or containing it; closest first, at most five.
pub(crate) fn suggestions<'a>(catalog: &'a Catalog, code: &str) -> Vec<&'a str> {
    let wanted = code.to_lowercase();
    let mut scored: Vec<(usize, &str)> = catalog
        .codes
        .iter()
        .filter_map(|c| {
            let name = c.code.to_lowercase();
            let d = super::similar::distance(&wanted, &name);
            let close =
                d <= (name.len() / 3).max(2) || (wanted.len() >= 3 && name.contains(&wanted));
            close.then_some((d, c.code.as_str()))
        })
        .collect();
    scored.sort();
    scored.dedup_by(|a, b| a.1 == b.1);
    scored.into_iter().take(5).map(|(_, c)| c).collect()
}

fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::code::{CodeFields, CodeInfo, CodeKind, EnumFields, EnumInfo, ExitClass};

    static TABLE: [CodeInfo; 3] = [
        CodeFields {
            code: "LOCK_HELD",
            exit: 3,
            doc: "Another run holds the lock.",
            hint: Some("Pass --wait."),
            explain: "The lock names its holder.",
            variant: "LockHeld",
            usage: false,
            retired: None,
            http: None,
            url: None,
        }
        .build(),
        CodeFields {
            code: "OLD",
            exit: 2,
            doc: "Old.",
            hint: None,
            explain: "",
            variant: "Old",
            usage: false,
            retired: Some("0.2"),
            http: None,
            url: None,
        }
        .build(),
        CodeFields {
            code: "INTERNAL",
            exit: 1,
            doc: "An unexpected error.",
            hint: None,
            explain: "",
            variant: "Internal",
            usage: false,
            retired: None,
            http: None,
            url: None,
        }
        .build(),
    ];
    static EXITS: [ExitClass; 0] = [];
    static E: EnumInfo = EnumFields {
        name: "Code",
        module_path: "demo",
        crate_name: "demo",
        explain: "",
        exits: &EXITS,
        table: &TABLE,
        fallback: 2,
        public: true,
        non_exhaustive: true,
        deny_unknown: false,
        kind: CodeKind::Errors,
    }
    .build();

    #[test]
    fn list_aligns_columns() {
        let text = list(&Catalog::from_enums(&[&E]));
        assert_eq!(
            text,
            "LOCK_HELD    3  Another run holds the lock.  [demo::Code]\n\
             OLD          2  Old. (retired)  [demo::Code]\n\
             INTERNAL     1  An unexpected error.  [demo::Code]\n"
        );
    }

    #[test]
    fn explain_shows_doc_explanation_hint_and_retirement() {
        let catalog = Catalog::from_enums(&[&E]);
        let lock: Vec<_> = catalog.get("LOCK_HELD").collect();
        assert_eq!(
            explain(&lock),
            "LOCK_HELD (exit 3, `demo::Code`)\n\nAnother run holds the lock.\n\n\
             The lock names its holder.\n\nhint: Pass --wait.\n"
        );
        let old: Vec<_> = catalog.get("OLD").collect();
        assert!(explain(&old).ends_with("retired: 0.2; no longer raised\n"));
    }

    #[test]
    fn suggests_close_codes() {
        let catalog = Catalog::from_enums(&[&E]);
        assert_eq!(suggestions(&catalog, "LOCK_HLED"), ["LOCK_HELD"]);
        assert_eq!(suggestions(&catalog, "lock_held"), ["LOCK_HELD"]);
        assert_eq!(suggestions(&catalog, "LOCK"), ["LOCK_HELD"]);
        assert!(suggestions(&catalog, "NOTHING_LIKE_IT").is_empty());
    }
}
