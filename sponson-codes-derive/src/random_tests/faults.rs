//! Planted mistakes in `#[codes(...)]` and `#[code(...)]`; any one must give an error.

use super::generate::{lexemes, Faults, Rates};
use super::rng::Rng;
use super::words::str_lit;

pub(super) fn plant_enum_faults(
    rng: &mut Rng,
    rates: &Rates,
    entries: &mut Vec<Vec<String>>,
    faults: &mut Faults,
) {
    if !rng.chance(rates.fault * 2) {
        return;
    }
    let (fault, entry): (&'static str, Vec<String>) = match rng.below(17) {
        0 => (
            "unknown rename_all",
            lexemes(&["rename_all", "=", "\"Snake\""]),
        ),
        1 => (
            "rename_all of the wrong kind",
            lexemes(&["rename_all", "=", "snake_case"]),
        ),
        2 => ("rename_all without value", lexemes(&["rename_all"])),
        3 => (
            "exit 0 declared",
            lexemes(&["exits", "(", "0", "=", "\"ok\"", ")"]),
        ),
        4 => (
            "exit 256 declared",
            lexemes(&["exits", "(", "256", "=", "\"x\"", ")"]),
        ),
        5 => (
            "empty exit meaning",
            lexemes(&["exits", "(", "1", "=", "\"  \"", ")"]),
        ),
        6 => (
            "exit declared twice",
            lexemes(&["exits", "(", "1", "=", "\"a\"", ",", "1", "=", "\"b\"", ")"]),
        ),
        7 => (
            "exits entry without meaning",
            lexemes(&["exits", "(", "1", ")"]),
        ),
        8 => (
            "exits entry reversed",
            lexemes(&["exits", "(", "\"x\"", "=", "1", ")"]),
        ),
        9 => ("exits without list", lexemes(&["exits", "=", "1"])),
        10 => (
            "crate path not a path",
            lexemes(&["crate", "=", "\"1abc::\""]),
        ),
        11 => (
            "deny_unknown with a value",
            lexemes(&["deny_unknown", "=", "true"]),
        ),
        12 => (
            "unknown enum key",
            lexemes(&[
                *rng.pick(&[
                    "renam_all",
                    "exit",
                    "codes",
                    "dény",
                    "rename",
                    "explain",
                    "rename_all_x",
                ]),
                "=",
                "\"x\"",
            ]),
        ),
        13 => {
            let bad = *rng.pick(&[
                "",
                "Code",
                "crate::Code",
                "self::Code",
                "super::codes::Code",
                "::app::Code",
                "app::::Code",
                "app::Code::",
                "app :: Code",
                "app::Code<T>",
                "app::fn::Code",
                "app::_::Code",
                "app:Code",
                "app::Code!",
            ]);
            (
                "path not an import path",
                vec!["path".into(), "=".into(), str_lit(bad)],
            )
        }
        14 => (
            "path not a string",
            lexemes(&[
                "path",
                "=",
                *rng.pick(&["app", "1", "true", "b\"app::Code\""]),
            ]),
        ),
        15 => (
            "reserved_exits with a value",
            lexemes(&["reserved_exits", "=", "true"]),
        ),
        _ => {
            // A duplicated key: repeat an entry that is already there.
            match entries.first() {
                Some(first) if !first.is_empty() => ("duplicate enum key", first.clone()),
                _ => ("unknown enum key", lexemes(&["fallback"])),
            }
        }
    };
    faults.push(fault);
    entries.push(entry);
}

pub(super) fn plant_variant_fault(
    rng: &mut Rng,
    entries: &mut Vec<Vec<String>>,
    exits: &[(u8, String)],
    faults: &mut Faults,
    attrs: &mut usize,
) {
    let key_at = |entries: &Vec<Vec<String>>, key: &str| entries.iter().position(|e| e[0] == key);
    let set_value = |entries: &mut Vec<Vec<String>>, key: &str, value: &[&str]| {
        let at = key_at(entries, key).expect("exit and doc are always there");
        let mut entry = vec![key.to_string()];
        entry.extend(value.iter().map(|v| (*v).to_string()));
        entries[at] = entry;
    };
    match rng.below(22) {
        0 => {
            faults.push("bad exit");
            let value: &[&str] = rng.pick::<&[&str]>(&[
                &["=", "0"][..],
                &["=", "256"],
                &["=", "99999999999999999999999999"],
                &["=", "-", "1"],
                &["=", "2u8"],
                &["=", "2_i32"],
                &["=", "1.5"],
                &["=", "\"2\""],
                &["=", "'2'"],
                &["=", "b'2'"],
                &["=", "true"],
                &["=", "EXIT"],
                &["=", "1", "+", "1"],
                &["=", "(", "2", ")"],
                &["=", "[", "2", "]"],
                &["=", "{", "2", "}"],
                &["(", "2", ")"],
                &[],
                &["=", "0x100"],
                &["=", "0"],
            ]);
            set_value(entries, "exit", value);
        }
        1 => {
            faults.push("bad doc");
            let value: &[&str] = rng.pick::<&[&str]>(&[
                &["=", "\"\""][..],
                &["=", "\"   \""],
                &["=", "\"two\\nlines\""],
                &["=", "1"],
                &["=", "b\"bytes\""],
                &["=", "c\"cstr\""],
                &["=", "'c'"],
                &["=", "ident"],
                &["=", "concat", "!", "(", "\"a\"", ")"],
                &["(", "\"x\"", ")"],
                &[],
            ]);
            set_value(entries, "doc", value);
        }
        2 => {
            faults.push("missing exit");
            entries.retain(|e| e[0] != "exit");
        }
        3 => {
            faults.push("missing doc");
            entries.retain(|e| e[0] != "doc");
        }
        4 => {
            faults.push("bad hint");
            entries.retain(|e| e[0] != "hint");
            let value: &[&str] = rng.pick::<&[&str]>(&[
                &["=", "\"\""][..],
                &["=", "\" \""],
                &["=", "3"],
                &[],
                // Control characters split table rows.
                &["=", "\"tab\\there\""],
                &["=", "\"bell\\u{7}\""],
                &["=", "\"nul\\0byte\""],
            ]);
            let mut entry = vec!["hint".to_string()];
            entry.extend(value.iter().map(|v| (*v).to_string()));
            entries.push(entry);
        }
        5 => {
            faults.push("bad name");
            entries.retain(|e| e[0] != "name");
            let long = "A".repeat(65);
            let value = rng
                .pick(&[
                    "\"\"",
                    "\"has space\"",
                    "\"é\"",
                    "\"a/b\"",
                    "\"nul\\0\"",
                    "\"a:b\"",
                    "\"::a\"",
                    "\"a::\"",
                    "\"a::::b\"",
                    "\"a:::b\"",
                    long.as_str(),
                ])
                .to_string();
            let value = if value == long { str_lit(&long) } else { value };
            entries.push(vec!["name".into(), "=".into(), value]);
        }
        6 => {
            faults.push("duplicate key");
            let copy = entries[rng.below(entries.len())].clone();
            entries.push(copy);
        }
        7 => {
            faults.push("two #[code] attributes");
            *attrs = 2;
            if entries.len() < 2 {
                entries.push(vec!["doc".into(), "=".into(), "\"x\"".into()]);
            }
            if rng.chance(50) {
                // The first key again, in the second attribute.
                let copy = entries[0].clone();
                entries.push(copy);
            }
        }
        8 => {
            faults.push("unknown key");
            let key = *rng.pick(&[
                "exti", "docs", "hnit", "nmae", "fallbak", "éxit", "EXIT", "r#exit2", "x",
            ]);
            entries.push(vec![key.into(), "=".into(), "1".into()]);
        }
        9 => {
            faults.push("no #[code]");
            *attrs = 0;
        }
        10 => {
            // The fallback flag moves off or is added; the enum-wide count
            // decides whether that is a mistake (see `generate`).
            if key_at(entries, "fallback").is_some() {
                entries.retain(|e| e[0] != "fallback");
            } else {
                entries.push(vec!["fallback".into()]);
                entries.retain(|e| e[0] != "retired" && e[0] != "usage");
            }
        }
        11 => {
            faults.push("flag with a value");
            entries.retain(|e| e[0] != "fallback" && e[0] != "usage");
            let value: &[&str] =
                rng.pick::<&[&str]>(&[&["=", "true"][..], &["(", ")"], &["(", "x", ")"]]);
            let mut entry = vec![rng.pick(&["fallback", "usage"]).to_string()];
            entry.extend(value.iter().map(|v| (*v).to_string()));
            entries.push(entry);
        }
        12 => {
            faults.push("retired fallback or usage");
            entries.retain(|e| e[0] != "retired" && e[0] != "fallback" && e[0] != "usage");
            entries.push(vec!["fallback".into()]);
            entries.push(vec!["retired".into(), "=".into(), "\"gone\"".into()]);
        }
        13 if !exits.is_empty() => {
            faults.push("undeclared exit");
            let undeclared = (1..=255u8)
                .find(|n| exits.iter().all(|(e, _)| e != n))
                .unwrap();
            set_value(entries, "exit", &["=", &undeclared.to_string()]);
        }
        14 => {
            faults.push("detail on a variant");
            entries.push(vec!["detail".into()]);
        }
        15 => {
            faults.push("doubled comma");
            let at = 1 + rng.below(entries.len() - 1);
            entries.insert(at, vec![]);
        }
        16 => {
            faults.push("missing comma");
            let first = entries.remove(0);
            let second = entries.remove(0);
            let mut merged = first;
            merged.extend(second);
            entries.insert(0, merged);
        }
        17 => {
            faults.push("nested group");
            let at = rng.below(entries.len());
            let mut entry = vec!["(".to_string()];
            entry.extend(entries[at].clone());
            entry.push(")".into());
            entries[at] = entry;
        }
        18 => {
            faults.push("lone literal");
            let lit = *rng.pick(&["\"x\"", "1", "'c'", "true", "::", "=", "#"]);
            entries.insert(rng.below(entries.len() + 1), vec![lit.into()]);
        }
        19 => {
            faults.push("path key");
            entries.push(vec![
                "a".into(),
                "::".into(),
                "exit".into(),
                "=".into(),
                "1".into(),
            ]);
        }
        20 => {
            faults.push("two usages");
            entries.retain(|e| e[0] != "usage" && e[0] != "retired");
            entries.push(vec!["usage".into()]);
            entries.push(vec!["usage".into()]);
        }
        _ => {
            faults.push("no #[code]");
            *attrs = 0;
        }
    }
}
