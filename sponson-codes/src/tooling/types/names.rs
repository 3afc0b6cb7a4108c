//! The names the generated files give each enum, the same in TypeScript and
//! Python: the enum's own name, unless another enum shares it or a name the
//! files use themselves; then its path (`my_app::Code` is `MyAppCode`).

use std::collections::BTreeSet;
use std::fmt::Write as _;

use crate::code::EnumInfo;

/// The names every generated file uses itself, beside [`own_names`], in
/// either language, and the words neither language takes as a type's name:
/// an enum never takes one.
const RESERVED: &[&str] = &[
    "UnknownCode",
    // What the Python file imports.
    "Final",
    "Literal",
    "Mapping",
    "Never",
    "NotRequired",
    "TypeAlias",
    "TypedDict",
    "TypeGuard",
    "Union",
    // TypeScript's type names and Python's capitalised keywords.
    "Record",
    "Object",
    "String",
    "Array",
    "None",
    "True",
    "False",
];

/// An enum and the name the generated files give it.
#[derive(Debug, Clone)]
pub(crate) struct Named<'a> {
    pub(crate) info: &'a EnumInfo,
    /// The type's name, PascalCase as Rust writes it: `Code`.
    pub(crate) name: String,
}

impl Named<'_> {
    /// `codeExit`: the TypeScript value of each code's exit.
    pub(crate) fn ts_exit(&self) -> String {
        format!("{}Exit", lower_camel(&self.name))
    }

    /// `codeNumber`: the TypeScript value of each code's number.
    pub(crate) fn ts_number(&self) -> String {
        format!("{}Number", lower_camel(&self.name))
    }

    /// `codeAliases`: the TypeScript map of old names to codes.
    pub(crate) fn ts_aliases(&self) -> String {
        format!("{}Aliases", lower_camel(&self.name))
    }

    /// `warnCodes`: the TypeScript list of a warning enum's codes.
    pub(crate) fn ts_codes(&self) -> String {
        format!("{}Codes", lower_camel(&self.name))
    }

    /// `CODE_EXIT`, `CODE_CODES`, `CODE_BY_COMMAND`: a Python constant.
    pub(crate) fn py_constant(&self, what: &str) -> String {
        format!("{}_{what}", snake(&self.name).to_uppercase())
    }

    /// `is_code`, `as_code`: a Python function.
    pub(crate) fn py_function(&self, verb: &str) -> String {
        format!("{verb}_{}", snake(&self.name))
    }

    /// Every name the files define for the enum, in both languages.
    fn defined(&self) -> Vec<String> {
        let name = &self.name;
        let mut names = vec![
            name.clone(),
            format!("{name}Exit"),
            self.ts_exit(),
            self.ts_codes(),
            ts_guard(name),
            format!("as{name}"),
            self.py_function("is"),
            self.py_function("as"),
            self.py_constant("EXIT"),
            self.py_constant("CODES"),
            self.ts_number(),
            self.py_constant("NUMBER"),
            self.ts_aliases(),
            self.py_constant("ALIASES"),
            format!("{name}Read"),
        ];
        for kind in ["Command", "Route", "Tool"] {
            names.push(format!("{name}By{kind}"));
            names.push(self.py_constant(&format!("BY_{}", kind.to_uppercase())));
        }
        names
    }
}

/// The types a file declares itself: one program's, or each program's of a
/// merged catalog after its prefix (`QuarryFailure`); with no prefix, also
/// every program's codes together.
const OWN_TYPES: [&str; 8] = [
    "ErrorCode",
    "WarningCode",
    "ErrorExit",
    "ErrorBody",
    "Warning",
    "Success",
    "Failure",
    "Envelope",
];

/// The types of [`OWN_TYPES`] that have a guard (`isFailure`).
const GUARDED: [&str; 3] = ["Failure", "ErrorCode", "WarningCode"];

/// `isFailure`: the TypeScript guard of the type `name`.
pub(crate) fn ts_guard(name: &str) -> String {
    format!("is{name}")
}

/// `is_failure`: the Python guard of the type `name`.
pub(crate) fn py_guard(name: &str) -> String {
    format!("is_{}", snake(name))
}

/// Every name the file declares itself for the section of `prefix`, in
/// both languages: [`OWN_TYPES`] after the prefix, and their guards.
fn own_names(prefix: &str) -> Vec<String> {
    let mut names: Vec<String> = OWN_TYPES.iter().map(|t| format!("{prefix}{t}")).collect();
    for t in GUARDED {
        let name = format!("{prefix}{t}");
        names.push(ts_guard(&name));
        names.push(py_guard(&name));
    }
    names
}

/// The names no enum and no program's prefix takes: [`RESERVED`], and the
/// file's own names without a prefix.
pub(crate) fn reserved() -> BTreeSet<String> {
    let mut taken: BTreeSet<String> = RESERVED.iter().map(|s| (*s).to_owned()).collect();
    taken.extend(own_names(""));
    taken
}

/// The prefix of each program of a merged catalog: its name as a name
/// (`plan-cli` is `PlanCli`), by the rules an enum's name follows, and
/// numbered (`PlanCli2`) when the names it would give are taken. Takes the
/// names each prefix gives.
pub(crate) fn prefixes(programs: &[&str], taken: &mut BTreeSet<String>) -> Vec<String> {
    let mut prefixes = Vec::with_capacity(programs.len());
    for program in programs {
        let base = identifier(&pascal(&program.replace('-', "_")));
        let mut n = 1;
        let prefix = loop {
            let candidate = match n {
                1 => base.clone(),
                n => format!("{base}{n}"),
            };
            let names = own_names(&candidate);
            if names.iter().all(|name| !taken.contains(name)) {
                taken.extend(names);
                break candidate;
            }
            n += 1;
        };
        prefixes.push(prefix);
    }
    prefixes
}

/// The enums of one program's `enums`, named: see the module docs.
pub(crate) fn name_all<'a>(enums: &[&'a EnumInfo]) -> Vec<Named<'a>> {
    name_in(enums, "", &mut reserved())
}

/// The enums of `enums`, named after `prefix` (a program's, in a merged
/// catalog's file), none taking a name of `taken`; takes the names each
/// enum gives.
pub(crate) fn name_in<'a>(
    enums: &[&'a EnumInfo],
    prefix: &str,
    taken: &mut BTreeSet<String>,
) -> Vec<Named<'a>> {
    let own: Vec<String> = enums.iter().map(|e| own_name(e)).collect();
    let mut named = Vec::with_capacity(enums.len());
    for (i, e) in enums.iter().enumerate() {
        let shared = own.iter().enumerate().any(|(j, o)| j != i && *o == own[i]);
        let by_path = format!("{prefix}{}", path_name(e));
        let mut candidates = Vec::new();
        if !shared {
            candidates.push(format!("{prefix}{}", own[i]));
        }
        candidates.push(by_path.clone());
        let mut k = 0;
        let chosen = loop {
            let candidate = match candidates.get(k) {
                Some(candidate) => candidate.clone(),
                None => format!("{by_path}{}", k - candidates.len() + 2),
            };
            let trial = Named {
                info: e,
                name: candidate,
            };
            let defined = trial.defined();
            if defined.iter().all(|d| !taken.contains(d)) {
                taken.extend(defined);
                break trial;
            }
            k += 1;
        };
        named.push(chosen);
    }
    named
}

/// The enum's own name: its Rust name, without `r#`, in the characters
/// both languages take in a name.
fn own_name(e: &EnumInfo) -> String {
    let name = e.name.trim_start_matches("r#");
    let name = if name.is_empty() {
        e.path().rsplit("::").next().unwrap_or("Codes")
    } else {
        name
    };
    identifier(&pascal(name))
}

/// The enum's path as one name: `my_app::Code` is `MyAppCode`.
fn path_name(e: &EnumInfo) -> String {
    let joined: String = e
        .path()
        .split("::")
        .map(|segment| pascal(segment.trim_start_matches("r#")))
        .collect();
    identifier(&joined)
}

/// `text` as a name both languages accept: ASCII letters, digits and `_`
/// only, never starting with a digit, never empty. Other ASCII characters
/// become `_`; any other character its code point, `U` and four or more
/// hex digits (`Code²` is `CodeU00B2`), so that names stay distinct.
fn identifier(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_ascii_alphanumeric() || c == '_' {
            out.push(c);
        } else if c.is_ascii() {
            out.push('_');
        } else {
            let _ = write!(out, "U{:04X}", u32::from(c));
        }
    }
    if out.is_empty() || out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert_str(0, "Codes");
    }
    out
}

/// `my_app` is `MyApp`; `Code` stays `Code`.
fn pascal(segment: &str) -> String {
    segment
        .split('_')
        .filter(|part| !part.is_empty())
        .map(|part| {
            let mut chars = part.chars();
            match chars.next() {
                Some(first) => first.to_uppercase().chain(chars).collect(),
                None => String::new(),
            }
        })
        .collect()
}

/// The words of a PascalCase name, lowercase: `HTTPCode` is `http`, `code`.
fn words(name: &str) -> Vec<String> {
    let chars: Vec<char> = name.chars().collect();
    let mut words: Vec<String> = Vec::new();
    let mut word = String::new();
    for (i, &c) in chars.iter().enumerate() {
        let prev = i.checked_sub(1).map(|p| chars[p]);
        let next = chars.get(i + 1).copied();
        let boundary = c.is_uppercase()
            && prev.is_some_and(|p| {
                p.is_lowercase()
                    || p.is_numeric()
                    || (p.is_uppercase() && next.is_some_and(char::is_lowercase))
            });
        if c == '_' {
            if !word.is_empty() {
                words.push(std::mem::take(&mut word));
            }
            continue;
        }
        if boundary && !word.is_empty() {
            words.push(std::mem::take(&mut word));
        }
        word.extend(c.to_lowercase());
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

/// `CompanionCode` is `companion_code`.
pub(crate) fn snake(name: &str) -> String {
    words(name).join("_")
}

/// `CompanionCode` is `companionCode`, `HTTPCode` is `httpCode`.
pub(crate) fn lower_camel(name: &str) -> String {
    let mut out = String::new();
    for (i, word) in words(name).iter().enumerate() {
        if i == 0 {
            out.push_str(word);
        } else {
            let mut chars = word.chars();
            if let Some(first) = chars.next() {
                out.extend(first.to_uppercase());
                out.push_str(chars.as_str());
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ErrorCode, ErrorCodes};

    #[derive(Debug, Clone, Copy, ErrorCodes)]
    #[codes(crate = crate, path = "my_app::Code")]
    pub enum Code {
        #[code(exit = 1, doc = "An unexpected error.", fallback)]
        Internal,
    }

    #[test]
    fn words_split_as_rust_names_read() {
        assert_eq!(snake("CompanionCode"), "companion_code");
        assert_eq!(snake("HTTPCode"), "http_code");
        assert_eq!(snake("Code2"), "code2");
        assert_eq!(lower_camel("HTTPCode"), "httpCode");
        assert_eq!(lower_camel("Code"), "code");
        assert_eq!(pascal("my_app"), "MyApp");
    }

    #[test]
    fn enums_sharing_a_name_or_taking_a_reserved_one_are_named_by_their_path() {
        let a = *<Code as ErrorCode>::ENUM;
        let b = EnumInfo {
            path: "my_net::Code",
            ..a
        };
        let warning = EnumInfo {
            name: "Warning",
            path: "my_app::Warning",
            ..a
        };
        let alone = name_all(&[&a]);
        assert_eq!(alone[0].name, "Code");
        let names: Vec<String> = name_all(&[&a, &b, &warning])
            .into_iter()
            .map(|n| n.name)
            .collect();
        assert_eq!(names, ["MyAppCode", "MyNetCode", "MyAppWarning"]);
        // Two enums of one path (two crates) still get two names.
        let names: Vec<String> = name_all(&[&a, &a]).into_iter().map(|n| n.name).collect();
        assert_eq!(names, ["MyAppCode", "MyAppCode2"]);
        // A name another enum's derived names take.
        let exit = EnumInfo {
            name: "CodeExit",
            path: "my_app::CodeExit",
            ..a
        };
        let names: Vec<String> = name_all(&[&a, &exit]).into_iter().map(|n| n.name).collect();
        assert_eq!(names, ["Code", "MyAppCodeExit"]);
        // The Python file imports `Union`, and `CodeRead` is `Code`'s reader's type.
        let union = EnumInfo {
            name: "Union",
            path: "my_app::Union",
            ..a
        };
        let read = EnumInfo {
            name: "CodeRead",
            path: "my_app::CodeRead",
            ..a
        };
        let names: Vec<String> = name_all(&[&a, &union, &read])
            .into_iter()
            .map(|n| n.name)
            .collect();
        assert_eq!(names, ["Code", "MyAppUnion", "MyAppCodeRead"]);
    }

    #[test]
    fn programs_of_a_merged_catalog_get_prefixes_that_never_share_a_name() {
        let mut taken = reserved();
        let programs = ["quarry", "plan-cli", "a-b", "a_b", "ab", "2fa"];
        let prefixes = prefixes(&programs, &mut taken);
        // `AB` and `Ab` would both give `is_ab_failure`.
        assert_eq!(
            prefixes,
            ["Quarry", "PlanCli", "AB", "AB2", "Ab3", "Codes2fa"]
        );
        let mut seen = BTreeSet::new();
        for prefix in &prefixes {
            for name in own_names(prefix) {
                assert!(is_ascii_identifier(&name), "{name:?}");
                assert!(seen.insert(name.clone()), "{name:?} defined twice");
            }
        }
        // An enum whose name after its program's prefix is another
        // program's own name (`a`'s `BFailure`, `a-b`'s `ABFailure`) is
        // named by its path.
        let mut taken = reserved();
        let prefixes = super::prefixes(&["a", "a-b"], &mut taken);
        let b_failure = EnumInfo {
            name: "BFailure",
            path: "a::BFailure",
            ..*<Code as ErrorCode>::ENUM
        };
        let named = name_in(&[&b_failure], &prefixes[0], &mut taken);
        assert_eq!(named[0].name, "AABFailure");
    }

    /// Whether `name` is an identifier both TypeScript and Python accept:
    /// ASCII letters, digits and `_`, not starting with a digit.
    fn is_ascii_identifier(name: &str) -> bool {
        !name.is_empty()
            && !name.starts_with(|c: char| c.is_ascii_digit())
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    }

    #[test]
    fn enum_names_with_non_ascii_alphanumerics_become_ascii_identifiers() {
        let a = *<Code as ErrorCode>::ENUM;
        let enums: Vec<EnumInfo> = [
            ("Code²", "app::Code²"),
            ("Code³", "app::Code³"),
            ("Ⓐ", "app::Ⓐ"),
            ("Ⅻ", "app::Ⅻ"),
            ("٣Code", "app::٣Code"),
            ("", "app::²"),
        ]
        .into_iter()
        .map(|(name, path)| EnumInfo { name, path, ..a })
        .collect();
        let refs: Vec<&EnumInfo> = enums.iter().collect();
        let named = name_all(&refs);
        let mut seen = BTreeSet::new();
        for n in &named {
            for defined in n.defined() {
                assert!(
                    is_ascii_identifier(&defined),
                    "{defined:?} from {:?}",
                    n.info.name
                );
                assert!(seen.insert(defined.clone()), "{defined:?} defined twice");
            }
        }
        let names: Vec<&str> = named.iter().map(|n| n.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "CodeU00B2",
                "CodeU00B3",
                "U24B6",
                "U216B",
                "U0663Code",
                "U00B2"
            ]
        );
        // The same enums are named the same way on every run.
        let again: Vec<String> = name_all(&refs).into_iter().map(|n| n.name).collect();
        assert_eq!(again, names);
    }
}
