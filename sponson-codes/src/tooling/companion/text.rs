//! Plain-text output of `list` and `explain`, and `explain` for a terminal:
//! pure functions of the catalog.

use std::fmt::Write as _;

use crate::escape::escape_line;
use crate::tooling::catalog::{Catalog, CodeEntry};
use crate::tooling::markdown::terminal::{render_terminal, Style};

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
pub(crate) fn explain(entries: &[&CodeEntry]) -> String {
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
        if !c.explain.trim().is_empty() {
            // rustdoc's fence labels (```compile_fail,E0499) read as plain code.
            let explain = crate::tooling::markdown::explain::plain_fences(c.explain.trim());
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

/// [`explain`] for a terminal: the same parts in the same order, with the
/// markdown of the doc, explanation and hint rendered in `style`. Every part
/// is escaped: the result goes to the terminal as it is.
pub(crate) fn explain_screen(entries: &[&CodeEntry], style: Style) -> String {
    let mut out = String::new();
    for (i, c) in entries.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let what = match c.warning {
            true => "warning".to_owned(),
            false => format!("exit {}", c.exit),
        };
        let _ = writeln!(
            out,
            "{} ({what}, {})",
            style.bold(&c.code),
            style.code(&c.enum_path)
        );
        let doc = render_terminal(c.doc.trim(), style);
        if !doc.is_empty() {
            let _ = write!(out, "\n{doc}");
        }
        let explain = render_terminal(&c.explain, style);
        if !explain.is_empty() {
            let _ = write!(out, "\n{explain}");
        }
        if let Some(hint) = &c.hint {
            let hint = render_terminal(hint.trim(), style);
            let _ = writeln!(out, "\n{} {}", style.bold("hint:"), hint.trim_end());
        }
        if let Some(reason) = &c.retired {
            let _ = writeln!(
                out,
                "\n{} {}; no longer raised",
                style.bold("retired:"),
                escape_line(reason.trim())
            );
        }
    }
    out
}

/// Codes close to `code`, closest first, at most five: those a smallest
/// edit away (so `E0500x` suggests `E0500`, not every `E05..`), or, when
/// none is close, those containing it.
pub(crate) fn suggestions<'a>(catalog: &'a Catalog, code: &str) -> Vec<&'a str> {
    let wanted = code.to_lowercase();
    let scored = |close: &dyn Fn(usize, &str) -> bool| {
        let mut scored: Vec<(usize, &str)> = catalog
            .codes
            .iter()
            .filter_map(|c| {
                let name = c.code.to_lowercase();
                let d = super::similar::distance(&wanted, &name);
                close(d, &name).then_some((d, c.code.as_str()))
            })
            .collect();
        scored.sort();
        scored.dedup_by(|a, b| a.1 == b.1);
        scored
    };
    let near = scored(&|d, name| super::similar::is_close(d, &wanted, name));
    if let Some(&(best, _)) = near.first() {
        return near
            .into_iter()
            .take_while(|(d, _)| *d == best)
            .take(5)
            .map(|(_, c)| c)
            .collect();
    }
    scored(&|_, name| wanted.len() >= 3 && name.contains(&wanted))
        .into_iter()
        .take(5)
        .map(|(_, c)| c)
        .collect()
}

/// The code `input` names, as `rustc --explain` reads it: exactly, in any
/// case (`e0499`), by an old name of it (`alias`, in any case), or by its
/// digits alone when only one code ends with them after letters (`0499`
/// for `E0499`). `Err` holds the codes it could mean.
pub(crate) fn resolve<'a>(catalog: &'a Catalog, input: &str) -> Result<&'a str, Vec<&'a str>> {
    let mut codes: Vec<&str> = catalog.codes.iter().map(|c| c.code.as_str()).collect();
    codes.sort_unstable();
    codes.dedup();
    if let Some(code) = codes.iter().find(|c| **c == input) {
        return Ok(code);
    }
    let unique = |found: Vec<&'a str>| match found.as_slice() {
        [one] => Ok(*one),
        _ => Err(found),
    };
    let same_case: Vec<&str> = codes
        .iter()
        .copied()
        .filter(|c| c.eq_ignore_ascii_case(input))
        .collect();
    if !same_case.is_empty() {
        return unique(same_case);
    }
    let mut renamed: Vec<&str> = catalog
        .codes
        .iter()
        .filter(|c| c.aliases.iter().any(|a| a.eq_ignore_ascii_case(input)))
        .map(|c| c.code.as_str())
        .collect();
    renamed.sort_unstable();
    renamed.dedup();
    if !renamed.is_empty() {
        return unique(renamed);
    }
    if input.is_empty() || !input.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Vec::new());
    }
    let by_digits: Vec<&str> = codes
        .iter()
        .copied()
        .filter(|c| {
            c.len() > input.len()
                && c.ends_with(input)
                && c[..c.len() - input.len()]
                    .bytes()
                    .all(|b| b.is_ascii_alphabetic())
        })
        .collect();
    unique(by_digits)
}

fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::code::EnumInfo;
    use crate::{ErrorCode, ErrorCodes};

    #[derive(Debug, Clone, Copy, ErrorCodes)]
    #[codes(crate = crate, path = "demo::Code")]
    #[non_exhaustive]
    pub enum Code {
        /// The lock names its holder.
        #[code(exit = 3, doc = "Another run holds the lock.", hint = "Pass --wait.")]
        LockHeld,
        #[code(exit = 2, doc = "Old.", retired = "0.2")]
        Old,
        #[code(exit = 1, doc = "An unexpected error.", fallback)]
        Internal,
    }

    static E: EnumInfo = *<Code as ErrorCode>::ENUM;

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
        let lock: Vec<_> = catalog.find("LOCK_HELD").collect();
        assert_eq!(
            explain(&lock),
            "LOCK_HELD (exit 3, `demo::Code`)\n\nAnother run holds the lock.\n\n\
             The lock names its holder.\n\nhint: Pass --wait.\n"
        );
        let old: Vec<_> = catalog.find("OLD").collect();
        assert!(explain(&old).ends_with("retired: 0.2; no longer raised\n"));
    }

    #[test]
    fn explain_on_a_terminal_renders_the_same_parts() {
        let catalog = Catalog::from_enums(&[&E]);
        let lock: Vec<_> = catalog.find("LOCK_HELD").collect();
        // Without colour, text this simple reads as the plain output.
        assert_eq!(
            explain_screen(&lock, Style { color: false }),
            explain(&lock)
        );
        assert_eq!(
            explain_screen(&lock, Style { color: true }),
            "\x1b[0;1mLOCK_HELD\x1b[0m (exit 3, \x1b[0;36mdemo::Code\x1b[0m)\n\n\
             Another run holds the lock.\n\nThe lock names its holder.\n\n\
             \x1b[0;1mhint:\x1b[0m Pass --wait.\n"
        );
        let old: Vec<_> = catalog.find("OLD").collect();
        assert!(explain_screen(&old, Style { color: true })
            .ends_with("\n\n\x1b[0;1mretired:\x1b[0m 0.2; no longer raised\n"));
    }

    #[test]
    fn explain_on_a_terminal_renders_the_markdown_and_escapes_everything() {
        let mut catalog = Catalog::from_enums(&[&E]);
        let code = &mut catalog.codes[0];
        code.doc = "Held by `another` run.\u{1b}[2J".into();
        code.explain = "# Why\n\n```compile_fail,E0001\nlet x;\n```".into();
        code.hint = Some("Pass *--wait*.".into());
        code.enum_path = "demo::\u{1b}]0;x\u{7}".into();
        let entries: Vec<_> = catalog.find("LOCK_HELD").collect();
        let shown = explain_screen(&entries, Style { color: true });
        assert_eq!(
            shown,
            "\x1b[0;1mLOCK_HELD\x1b[0m (exit 3, \x1b[0;36mdemo::\\u{1b}]0;x\\u{7}\x1b[0m)\n\n\
             Held by \x1b[0;36manother\x1b[0m run.\\u{1b}[2J\n\n\
             \x1b[0;1;4mWhy\x1b[0m\n\n    \x1b[0;36mlet x;\x1b[0m\n\n\
             \x1b[0;1mhint:\x1b[0m Pass \x1b[0;3m--wait\x1b[0m.\n"
        );
    }

    #[test]
    fn list_and_explain_name_the_path_users_import_the_enum_by() {
        let e = EnumInfo {
            path: "demo::Code",
            module_path: "demo::errors",
            ..E
        };
        let catalog = Catalog::from_enums(&[&e]);
        let listed = list(&catalog);
        assert!(
            listed.starts_with("LOCK_HELD    3  Another run holds the lock.  [demo::Code]\n"),
            "{listed}"
        );
        let lock: Vec<_> = catalog.find("LOCK_HELD").collect();
        assert!(explain(&lock).starts_with("LOCK_HELD (exit 3, `demo::Code`)\n"));
        assert!(!format!("{listed}{}", explain(&lock)).contains("errors"));
    }

    #[test]
    fn suggests_close_codes() {
        let catalog = Catalog::from_enums(&[&E]);
        assert_eq!(suggestions(&catalog, "LOCK_HLED"), ["LOCK_HELD"]);
        assert_eq!(suggestions(&catalog, "lock_held"), ["LOCK_HELD"]);
        assert_eq!(suggestions(&catalog, "LOCK"), ["LOCK_HELD"]);
        assert!(suggestions(&catalog, "NOTHING_LIKE_IT").is_empty());
    }

    #[test]
    fn resolves_codes_as_rustc_explain_does() {
        let catalog = Catalog::from_enums(&[&E]);
        assert_eq!(resolve(&catalog, "LOCK_HELD"), Ok("LOCK_HELD"));
        assert_eq!(resolve(&catalog, "lock_held"), Ok("LOCK_HELD"));
        assert_eq!(resolve(&catalog, "NOPE"), Err(vec![]));
        let codes: Vec<String> = ["E0499", "E0500", "E0501", "W0499", "E0502"]
            .iter()
            .map(|c| {
                format!(r#"{{"code":"{c}","exit":2,"enum":"m::C","crate":"m","variant":"{c}"}}"#)
            })
            .collect();
        let lock = format!(
            r#"{{"format":"sponson-codes/lock","version":1,"codes":[{}]}}"#,
            codes.join(",")
        );
        let catalog = Catalog::read_lock(&lock).unwrap();
        assert_eq!(resolve(&catalog, "e0500"), Ok("E0500"));
        assert_eq!(resolve(&catalog, "0500"), Ok("E0500"));
        assert_eq!(resolve(&catalog, "0499"), Err(vec!["E0499", "W0499"]));
        assert_eq!(suggestions(&catalog, "E0500x"), ["E0500"]);
    }

    #[test]
    fn an_old_name_resolves_to_the_code_it_names_now() {
        let lock = r#"{"format":"sponson-codes/lock","version":1,"codes":[
            {"code":"APPROVAL_REQUIRED","exit":2,"enum":"m::C","crate":"m","variant":"A","aliases":["ENV_NOT_APPROVED"]},
            {"code":"ENV_GONE","exit":2,"enum":"m::C","crate":"m","variant":"G"}]}"#;
        let catalog = Catalog::read_lock(lock).unwrap();
        assert_eq!(
            resolve(&catalog, "ENV_NOT_APPROVED"),
            Ok("APPROVAL_REQUIRED")
        );
        assert_eq!(
            resolve(&catalog, "env_not_approved"),
            Ok("APPROVAL_REQUIRED")
        );
        assert_eq!(resolve(&catalog, "ENV_GONE"), Ok("ENV_GONE"));
    }
}
