//! The derive under random input.
//!
//! A seeded generator writes enum definitions, most of them with planted
//! mistakes (wrong literal kinds, out-of-range exits, missing and duplicated
//! keys, unknown keys, misplaced attributes, nested groups, non-ASCII names),
//! and a mutator then deletes, duplicates, wraps and inserts tokens. Every
//! input goes through `derive` under `catch_unwind`, and the output must be:
//!
//! - generated code of the expected shape: `const _: () = { ... };` holding
//!   the trait impls for the enum, a table with one entry per variant, and a
//!   perfect hash that finds every code; for inputs the generator knows to be
//!   valid, every table field must equal the generator's own expectation;
//! - or `compile_error!` invocations whose spans lie inside the input (with
//!   stub impls of the same shape after them), and at least one error for
//!   every input with a planted mistake.
//!
//! Spans are read from `proc_macro2`'s fallback implementation with its
//! `span-locations` feature (a dev-dependency): each span is a range of
//! character offsets into a source map shared by every parsed string.

use proc_macro2::{Delimiter, Group, Span, TokenStream, TokenTree};
use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::str::FromStr;
use syn::parse::{ParseStream, Parser};
use syn::Token;

// ---------------------------------------------------------------------------
// Random numbers: xorshift64*, seeded, so every failure can be replayed.

struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Self {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// True with probability `percent` / 100.
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

// ---------------------------------------------------------------------------
// What the generator expects of a valid enum.

#[derive(Clone, Debug, PartialEq)]
struct ExpectedEntry {
    code: String,
    exit: u8,
    doc: String,
    hint: Option<String>,
    explain: String,
    variant: String,
    fallback: bool,
    usage: bool,
    retired: Option<String>,
}

#[derive(Debug, Default)]
struct ExpectedEnum {
    name: String,
    doc: String,
    krate: String,
    exits: Vec<(u8, String)>,
    entries: Vec<ExpectedEntry>,
    public: bool,
    non_exhaustive: bool,
    deny_unknown: bool,
    all_units: bool,
    details: BTreeSet<String>,
}

// ---------------------------------------------------------------------------
// Rendering: the input is a list of lexemes joined by spaces, so that the
// mutator can work on tokens and the result is lexed like real source.

#[derive(Default)]
struct Out {
    lexemes: Vec<String>,
}

impl Out {
    fn push(&mut self, lexeme: impl Into<String>) {
        self.lexemes.push(lexeme.into());
    }

    fn all(&mut self, lexemes: &[&str]) {
        for lexeme in lexemes {
            self.push(*lexeme);
        }
    }
}

fn str_lit(text: &str) -> String {
    // `Debug` of a `str` is a valid Rust string literal with the same value.
    format!("{text:?}")
}

const WORDS: &[&str] = &[
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
    "tab\there",
    "bell\u{7}",
    "nul\0byte",
    "line\u{2028}sep",
    "ZWJ\u{200d}",
    "<b>",
    "{braces}",
    "#[attr]",
    "r#raw",
    "IGNORE PREVIOUS INSTRUCTIONS",
];

/// Words that are safe in a `///` comment: no control characters, no leading `/`.
const COMMENT_WORDS: &[&str] = &[
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

fn sentence(rng: &mut Rng, words: &[&str], max: usize) -> String {
    let count = 1 + rng.below(max);
    let picked: Vec<&str> = (0..count).map(|_| *rng.pick(words)).collect();
    picked.join(" ")
}

/// A PascalCase identifier made of words `[A-Z][a-z0-9]*`, with its words.
fn pascal(rng: &mut Rng) -> (String, Vec<String>) {
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
const RULES: &[&str] = &[
    "lowercase",
    "UPPERCASE",
    "PascalCase",
    "camelCase",
    "snake_case",
    "SCREAMING_SNAKE_CASE",
    "kebab-case",
    "SCREAMING-KEBAB-CASE",
];

fn apply_rule(rule: &str, words: &[String]) -> String {
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

const NON_ASCII_IDENTS: &[&str] = &["Ünïcode", "Δelta", "日本", "Ωmega", "Straße", "Ŋ"];
const RAW_IDENTS: &[&str] = &["r#Type", "r#Match", "r#Self_"];
const FIELD_TYPES: &[&[&str]] = &[
    &["String"],
    &["u32"],
    &["Option", "<", "String", ">"],
    &["Vec", "<", "u8", ">"],
    &["std", "::", "path", "::", "PathBuf"],
    &["&", "'static", "str"],
    &["(", "u8", ",", "bool", ")"],
];

/// A mistake the generator planted, by kind; any one must give an error.
type Faults = Vec<&'static str>;

/// One generated input.
struct Case {
    lexemes: Vec<String>,
    /// `Some` when the input is valid and its expansion fully known.
    expected: Option<ExpectedEnum>,
    /// Planted mistakes; an input with any must be rejected.
    faults: Faults,
    /// The input was mutated at random after generation: no expectation.
    mutated: bool,
}

/// How often each kind of mistake is planted, in percent, per site.
struct Rates {
    fault: u64,
}

struct VariantPlan {
    code: String,
    /// How many `fallback` flags the variant's one `#[code]` carries.
    fallbacks: usize,
}

fn generate(rng: &mut Rng) -> Case {
    // About a third of the inputs are valid, the rest carry planted mistakes.
    let rates = Rates {
        fault: match rng.below(3) {
            0 => 0,
            1 => 3,
            _ => 12,
        },
    };
    let mut faults: Faults = Vec::new();
    let mut out = Out::default();
    let mut exp = ExpectedEnum {
        krate: ":: sponson_codes".into(),
        all_units: true,
        ..ExpectedEnum::default()
    };

    // Enum doc comment.
    let mut doc_lines = Vec::new();
    if rng.chance(50) {
        for _ in 0..1 + rng.below(3) {
            let line = sentence(rng, COMMENT_WORDS, 5);
            out.push(format!("/// {line}\n"));
            doc_lines.push(line);
        }
    }
    exp.doc = doc_lines.join("\n");

    // #[codes(...)]
    let rule = if rng.chance(40) {
        Some(*rng.pick(RULES))
    } else {
        None
    };
    let mut exits: Vec<(u8, String)> = Vec::new();
    if rng.chance(40) {
        let mut all: Vec<u8> = vec![1, 2, 3, 4, 64, 70, 255];
        while exits.len() < 1 + rng.below(4) && !all.is_empty() {
            let exit = all.remove(rng.below(all.len()));
            exits.push((exit, sentence(rng, WORDS, 3)));
        }
        exits.sort_unstable();
    }
    let deny_unknown = rng.chance(20);
    let krate: Option<(Vec<String>, String)> = match rng.below(10) {
        0 => Some((
            vec![
                "crate".into(),
                "=".into(),
                "::".into(),
                "sponson_codes".into(),
            ],
            ":: sponson_codes".into(),
        )),
        1 => Some((
            vec!["crate".into(), "=".into(), str_lit("my::codes")],
            "my :: codes".into(),
        )),
        _ => None,
    };
    let mut entries: Vec<Vec<String>> = Vec::new();
    if let Some(rule) = rule {
        entries.push(vec!["rename_all".into(), "=".into(), str_lit(rule)]);
    }
    if !exits.is_empty() {
        let mut entry = vec!["exits".to_string(), "(".into()];
        for (exit, meaning) in &exits {
            entry.extend([exit.to_string(), "=".into(), str_lit(meaning), ",".into()]);
        }
        if rng.chance(50) {
            entry.pop();
        }
        entry.push(")".into());
        entries.push(entry);
    }
    if deny_unknown {
        entries.push(vec!["deny_unknown".into()]);
    }
    if let Some((tokens, path)) = &krate {
        entries.push(tokens.clone());
        exp.krate = path.clone();
    }
    plant_enum_faults(rng, &rates, &mut entries, &mut faults);
    if !entries.is_empty() || rng.chance(10) {
        shuffle(rng, &mut entries);
        // Keys may be split over several attributes.
        let split = rng.chance(30) && entries.len() > 1;
        let cut = if split {
            1 + rng.below(entries.len() - 1)
        } else {
            entries.len()
        };
        for chunk in [&entries[..cut], &entries[cut..]] {
            if chunk.is_empty() && split {
                continue;
            }
            out.all(&["#", "[", "codes", "("]);
            for (i, entry) in chunk.iter().enumerate() {
                if i > 0 {
                    out.push(",");
                }
                for lexeme in entry {
                    out.push(lexeme.clone());
                }
            }
            if rng.chance(20) && !chunk.is_empty() {
                out.push(",");
            }
            out.all(&[")", "]"]);
        }
    }
    exp.exits = exits.clone();
    exp.deny_unknown = deny_unknown;

    // Other attributes the derive must ignore, or notice.
    if rng.chance(15) {
        out.all(&["#", "[", "non_exhaustive", "]"]);
        exp.non_exhaustive = true;
    }
    if rng.chance(15) {
        out.all(&["#", "[", "serde", "(", "rename_all", "=", "\"x\"", ")", "]"]);
    }
    if rng.chance(rates.fault) {
        faults.push("#[code] on the enum");
        out.all(&["#", "[", "code", "(", "exit", "=", "1", ")", "]"]);
    }

    // Visibility and item kind.
    match rng.below(5) {
        0 => {}
        1 | 2 => {
            out.push("pub");
            exp.public = true;
        }
        3 => out.all(&["pub", "(", "crate", ")"]),
        _ => out.all(&["pub", "(", "in", "crate", "::", "a", ")"]),
    }
    let kind = if rng.chance(rates.fault / 3) {
        faults.push("not an enum");
        *rng.pick(&["struct", "union"])
    } else {
        "enum"
    };
    out.push(kind);
    let (name, _) = pascal(rng);
    out.push(name.clone());
    exp.name = name;
    if rng.chance(rates.fault / 2) {
        faults.push("generics");
        match rng.below(3) {
            0 => out.all(&["<", "T", ">"]),
            1 => out.all(&["<", "'a", ">"]),
            _ => out.all(&["where", "Self", ":", "Sized"]),
        }
    }

    // Variants.
    let count = match rng.below(40) {
        0 | 1 => 0,
        2 => 40 + rng.below(200),
        _ => 1 + rng.below(12),
    };
    if count == 0 {
        faults.push("empty enum");
    }
    let mut plans: Vec<VariantPlan> = Vec::new();
    let fallback_at = if count == 0 { 0 } else { rng.below(count) };
    let usage_at = if count > 1 && rng.chance(30) {
        Some((fallback_at + 1 + rng.below(count - 1)) % count)
    } else {
        None
    };
    out.push("{");
    for index in 0..count {
        let plan = variant(
            rng,
            &rates,
            &mut out,
            &mut exp,
            &mut faults,
            VariantSetup {
                rule,
                exits: &exits,
                fallback: index == fallback_at,
                usage: usage_at == Some(index),
            },
        );
        plans.push(plan);
    }
    out.push("}");

    // Codes must be unique after renaming, and exactly one is the fallback.
    let mut seen = BTreeSet::new();
    for plan in &plans {
        if !seen.insert(plan.code.clone()) {
            faults.push("duplicate code");
        }
    }
    if count > 0 && plans.iter().map(|p| p.fallbacks).sum::<usize>() != 1 {
        faults.push("not one fallback");
    }

    let valid = faults.is_empty();
    Case {
        lexemes: out.lexemes,
        expected: valid.then_some(exp),
        faults,
        mutated: false,
    }
}

fn shuffle<T>(rng: &mut Rng, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        let j = rng.below(i + 1);
        items.swap(i, j);
    }
}

fn lexemes(text: &[&str]) -> Vec<String> {
    text.iter().map(|s| (*s).to_string()).collect()
}

fn plant_enum_faults(
    rng: &mut Rng,
    rates: &Rates,
    entries: &mut Vec<Vec<String>>,
    faults: &mut Faults,
) {
    if !rng.chance(rates.fault * 2) {
        return;
    }
    let (fault, entry): (&'static str, Vec<String>) = match rng.below(14) {
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
                *rng.pick(&["renam_all", "exit", "codes", "dény"]),
                "=",
                "\"x\"",
            ]),
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

struct VariantSetup<'a> {
    rule: Option<&'static str>,
    exits: &'a [(u8, String)],
    fallback: bool,
    usage: bool,
}

fn variant(
    rng: &mut Rng,
    rates: &Rates,
    out: &mut Out,
    exp: &mut ExpectedEnum,
    faults: &mut Faults,
    setup: VariantSetup,
) -> VariantPlan {
    // The identifier and its code string.
    let (ident, words) = pascal(rng);
    let mut name: Option<String> = None;
    let ident = match rng.below(30) {
        0 => {
            name = Some(format!("N{}", rng.below(1000)));
            (*rng.pick(NON_ASCII_IDENTS)).to_string()
        }
        1 => {
            name = Some(format!("R{}", rng.below(1000)));
            (*rng.pick(RAW_IDENTS)).to_string()
        }
        _ => ident,
    };
    if name.is_none() && rng.chance(10) {
        const NAME_CHARS: &[u8] = b"ABCXYZabc019_.-";
        let max = if rng.chance(10) { 64 } else { 12 };
        let len = 1 + rng.below(max);
        name = Some((0..len).map(|_| *rng.pick(NAME_CHARS) as char).collect());
    }
    let code = match &name {
        Some(name) => name.clone(),
        None => apply_rule(setup.rule.unwrap_or("SCREAMING_SNAKE_CASE"), &words),
    };

    // The doc comment becomes `explain`.
    let mut explain = Vec::new();
    if rng.chance(30) {
        for i in 0..1 + rng.below(3) {
            if i > 0 && rng.chance(20) {
                out.push("///\n");
                explain.push(String::new());
            }
            let line = sentence(rng, COMMENT_WORDS, 6);
            if rng.chance(30) {
                out.all(&["#", "[", "doc", "=", &str_lit(&format!(" {line}")), "]"]);
            } else {
                out.push(format!("/// {line}\n"));
            }
            explain.push(line);
        }
    }

    let exit = match setup.exits {
        [] => *rng.pick(&[1u8, 2, 3, 7, 64, 125, 255]),
        declared => rng.pick(declared).0,
    };
    let exit_lexeme = match rng.below(8) {
        0 => format!("{exit:#x}"),
        1 => format!("{exit:#b}"),
        2 => format!("{exit:#o}"),
        3 if exit >= 10 => {
            let digits = exit.to_string();
            format!("{}_{}", &digits[..1], &digits[1..])
        }
        _ => exit.to_string(),
    };
    let doc = sentence(rng, WORDS, 6);
    let hint = rng.chance(40).then(|| sentence(rng, WORDS, 4));
    let retired =
        (!setup.fallback && !setup.usage && rng.chance(5)).then(|| sentence(rng, WORDS, 3));

    let mut entries: Vec<Vec<String>> = vec![
        vec!["exit".into(), "=".into(), exit_lexeme],
        vec!["doc".into(), "=".into(), doc_literal(rng, &doc)],
    ];
    if let Some(hint) = &hint {
        entries.push(vec!["hint".into(), "=".into(), str_lit(hint)]);
    }
    if let Some(name) = &name {
        entries.push(vec!["name".into(), "=".into(), str_lit(name)]);
    }
    if let Some(retired) = &retired {
        entries.push(vec!["retired".into(), "=".into(), str_lit(retired)]);
    }
    if setup.fallback {
        entries.push(vec!["fallback".into()]);
    }
    if setup.usage {
        entries.push(vec!["usage".into()]);
    }
    shuffle(rng, &mut entries);

    let mut attrs = 1;
    if rng.chance(rates.fault) {
        plant_variant_fault(rng, &mut entries, setup.exits, faults, &mut attrs);
    }
    if rng.chance(rates.fault / 2) {
        faults.push("#[codes] on a variant");
        out.all(&["#", "[", "codes", "(", "deny_unknown", ")", "]"]);
    }
    if rng.chance(10) {
        out.all(&["#", "[", "allow", "(", "dead_code", ")", "]"]);
    }
    for attr in 0..attrs {
        out.all(&["#", "[", "code", "("]);
        let chunk: &[Vec<String>] = if attrs == 2 {
            // The keys split over two attributes: an error either way.
            let mid = entries.len() / 2;
            if attr == 0 {
                &entries[..mid]
            } else {
                &entries[mid..]
            }
        } else {
            &entries
        };
        for (i, entry) in chunk.iter().enumerate() {
            if i > 0 {
                out.push(",");
            }
            for lexeme in entry {
                out.push(lexeme.clone());
            }
        }
        if rng.chance(15) {
            out.push(",");
        }
        out.all(&[")", "]"]);
    }
    out.push(ident.clone());

    // Fields.
    let fields = if rng.chance(75) {
        0
    } else {
        1 + rng.below(2) as u8
    };
    if fields != 0 {
        exp.all_units = false;
        let named = fields == 2;
        out.push(if named { "{" } else { "(" });
        let mut used = BTreeSet::new();
        for i in 0..1 + rng.below(3) {
            let mut field_name = format!("f{}", rng.below(50));
            if rng.chance(5) {
                field_name = (*rng.pick(&["code", "message", "hint", "r#type"])).to_string();
            }
            if named && !used.insert(field_name.clone()) {
                field_name = format!("g{i}_{}", used.len());
                used.insert(field_name.clone());
            }
            match rng.below(8) {
                0 | 1 => {
                    // #[code(detail)]
                    let rename = rng.chance(40).then(|| {
                        if rng.chance(10) {
                            (*rng.pick(&["code", "message", "hint", ""])).to_string()
                        } else {
                            format!("d_{}", rng.below(100))
                        }
                    });
                    out.all(&["#", "[", "code", "(", "detail"]);
                    if let Some(rename) = &rename {
                        out.all(&["=", &str_lit(rename)]);
                    }
                    out.all(&[")", "]"]);
                    let detail = match (&rename, named) {
                        (Some(rename), _) => Some(rename.clone()),
                        (None, true) => Some(field_name.trim_start_matches("r#").to_string()),
                        (None, false) => {
                            faults.push("tuple detail without a name");
                            None
                        }
                    };
                    if let Some(detail) = detail {
                        if detail.is_empty() {
                            faults.push("empty detail name");
                        } else if ["code", "message", "hint"].contains(&detail.as_str()) {
                            faults.push("reserved detail name");
                        } else {
                            exp.details.insert(detail);
                        }
                    }
                }
                2 if rng.chance(rates.fault * 3) => {
                    faults.push("variant key on a field");
                    out.all(&["#", "[", "code", "(", "exit", "=", "2", ")", "]"]);
                }
                3 if rng.chance(rates.fault * 3) => {
                    faults.push("unknown field key");
                    out.all(&["#", "[", "code", "(", "detial", ")", "]"]);
                }
                4 => out.all(&["#", "[", "serde", "(", "skip", ")", "]"]),
                _ => {}
            }
            if named {
                out.all(&[&field_name, ":"]);
            }
            for lexeme in *rng.pick(FIELD_TYPES) {
                out.push(*lexeme);
            }
            out.push(",");
        }
        out.push(if named { "}" } else { ")" });
    } else if rng.chance(10) {
        out.all(&["=", &rng.below(1000).to_string()]);
    }
    out.push(",");

    exp.entries.push(ExpectedEntry {
        code: code.clone(),
        exit,
        doc,
        hint,
        explain: explain.join("\n"),
        variant: ident.trim_start_matches("r#").to_string(),
        fallback: setup.fallback,
        usage: setup.usage,
        retired,
    });
    let fallbacks = if attrs == 1 {
        entries
            .iter()
            .filter(|e| e.len() == 1 && e[0] == "fallback")
            .count()
    } else {
        0
    };
    VariantPlan { code, fallbacks }
}

fn doc_literal(rng: &mut Rng, doc: &str) -> String {
    if rng.chance(10) && !doc.contains('#') {
        // A raw string is a string literal too.
        format!("r#\"{doc}\"#")
    } else {
        str_lit(doc)
    }
}

fn plant_variant_fault(
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
            let value: &[&str] =
                rng.pick::<&[&str]>(&[&["=", "\"\""][..], &["=", "\" \""], &["=", "3"], &[]]);
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

// ---------------------------------------------------------------------------
// Mutation: random edits on the lexemes, then on the lexed token trees.

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

fn mutate(rng: &mut Rng, lexemes: &mut Vec<String>) {
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
fn wrap_invisible(rng: &mut Rng, tokens: TokenStream, percent: u64) -> TokenStream {
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

// ---------------------------------------------------------------------------
// Reading spans: `bytes(lo..hi)` is the fallback span's `Debug` form.

fn span_range(span: Span) -> (u32, u32) {
    let debug = format!("{span:?}");
    let inner = debug
        .strip_prefix("bytes(")
        .and_then(|s| s.strip_suffix(')'))
        .unwrap_or_else(|| panic!("span-locations is off: {debug}"));
    let (lo, hi) = inner.split_once("..").unwrap();
    (lo.parse().unwrap(), hi.parse().unwrap())
}

/// The range of character offsets that the input's tokens cover.
fn input_range(tokens: &TokenStream) -> Option<(u32, u32)> {
    let mut range: Option<(u32, u32)> = None;
    for token in tokens.clone() {
        let (lo, hi) = span_range(token.span());
        range = Some(match range {
            None => (lo, hi),
            Some((a, b)) => (a.min(lo), b.max(hi)),
        });
        if let TokenTree::Group(group) = &token {
            if let Some((lo, hi)) = input_range(&group.stream()) {
                let (a, b) = range.unwrap();
                range = Some((a.min(lo), b.max(hi)));
            }
        }
    }
    range
}

// ---------------------------------------------------------------------------
// Checking the output.

struct Error {
    message: String,
    start: Span,
    end: Span,
}

/// Splits the output into the `::core::compile_error!{..}` invocations at its
/// start and the items after them.
fn split_errors(output: TokenStream) -> Result<(Vec<Error>, TokenStream), String> {
    let tokens: Vec<TokenTree> = output.into_iter().collect();
    let mut errors = Vec::new();
    let mut at = 0;
    loop {
        let rest = &tokens[at.min(tokens.len())..];
        let is_error = rest.len() >= 7
            && matches!(&rest[0], TokenTree::Punct(p) if p.as_char() == ':')
            && matches!(&rest[2], TokenTree::Ident(i) if i == "core")
            && matches!(&rest[5], TokenTree::Ident(i) if i == "compile_error");
        if !is_error {
            break;
        }
        let TokenTree::Group(group) = &rest[7] else {
            return Err("compile_error! without its group".into());
        };
        let message: syn::LitStr =
            syn::parse2(group.stream()).map_err(|e| format!("compile_error! message: {e}"))?;
        errors.push(Error {
            message: message.value(),
            start: rest[0].span(),
            end: group.span(),
        });
        at += 8;
    }
    let rest: TokenStream = tokens[at.min(tokens.len())..].iter().cloned().collect();
    if rest.to_string().contains("compile_error") {
        return Err("compile_error! after generated items".into());
    }
    Ok((errors, rest))
}

/// The shape of the generated code, read with syn's derive-level parsers.
#[derive(Debug, Default)]
struct Items {
    uses: Vec<String>,
    consts: Vec<(String, TokenStream)>,
    impls: Vec<Impl>,
    macros: Vec<(String, TokenStream)>,
}

#[derive(Debug)]
struct Impl {
    trait_: Option<String>,
    self_ty: String,
    consts: Vec<(String, TokenStream)>,
    fns: Vec<(String, TokenStream)>,
    types: Vec<String>,
}

fn tokens_until_semi(input: ParseStream) -> syn::Result<TokenStream> {
    let mut out = TokenStream::new();
    while !input.peek(Token![;]) {
        if input.is_empty() {
            return Err(input.error("expected `;`"));
        }
        let token: TokenTree = input.parse()?;
        out.extend([token]);
    }
    input.parse::<Token![;]>()?;
    Ok(out)
}

fn type_string(ty: &syn::Type) -> String {
    quote::ToTokens::to_token_stream(ty).to_string()
}

/// `#[attrs] const _: () = { items };` and nothing else.
fn parse_wrapper(input: ParseStream) -> syn::Result<Items> {
    input.call(syn::Attribute::parse_outer)?;
    input.parse::<Token![const]>()?;
    input.parse::<Token![_]>()?;
    input.parse::<Token![:]>()?;
    let unit: syn::Type = input.parse()?;
    if type_string(&unit) != "()" {
        return Err(input.error("expected `()`"));
    }
    input.parse::<Token![=]>()?;
    let content;
    syn::braced!(content in input);
    input.parse::<Token![;]>()?;
    if !input.is_empty() {
        return Err(input.error("tokens after the generated items"));
    }
    let mut items = Items::default();
    while !content.is_empty() {
        content.call(syn::Attribute::parse_outer)?;
        if content.peek(Token![use]) {
            content.parse::<Token![use]>()?;
            items.uses.push(tokens_until_semi(&content)?.to_string());
        } else if content.peek(Token![const]) {
            content.parse::<Token![const]>()?;
            let name: syn::Ident = content.parse()?;
            content.parse::<Token![:]>()?;
            let _: syn::Type = content.parse()?;
            content.parse::<Token![=]>()?;
            items
                .consts
                .push((name.to_string(), tokens_until_semi(&content)?));
        } else if content.peek(Token![impl]) {
            items.impls.push(parse_impl(&content)?);
        } else {
            let path = content.call(syn::Path::parse_mod_style)?;
            content.parse::<Token![!]>()?;
            let group: Group = content.parse()?;
            items.macros.push((
                quote::ToTokens::to_token_stream(&path).to_string(),
                group.stream(),
            ));
        }
    }
    Ok(items)
}

fn parse_impl(input: ParseStream) -> syn::Result<Impl> {
    input.parse::<Token![impl]>()?;
    let _: syn::Generics = input.parse()?;
    let first: syn::Type = input.parse()?;
    let (trait_, self_ty) = if input.peek(Token![for]) {
        input.parse::<Token![for]>()?;
        let self_ty: syn::Type = input.parse()?;
        (Some(type_string(&first)), type_string(&self_ty))
    } else {
        (None, type_string(&first))
    };
    let body;
    syn::braced!(body in input);
    let mut out = Impl {
        trait_,
        self_ty,
        consts: Vec::new(),
        fns: Vec::new(),
        types: Vec::new(),
    };
    while !body.is_empty() {
        body.call(syn::Attribute::parse_outer)?;
        let _: syn::Visibility = body.parse()?;
        if body.peek(Token![type]) {
            body.parse::<Token![type]>()?;
            let name: syn::Ident = body.parse()?;
            body.parse::<Token![=]>()?;
            let _: syn::Type = body.parse()?;
            body.parse::<Token![;]>()?;
            out.types.push(name.to_string());
        } else if body.peek(Token![const]) && !body.peek2(Token![fn]) {
            body.parse::<Token![const]>()?;
            let name: syn::Ident = body.parse()?;
            body.parse::<Token![:]>()?;
            let _: syn::Type = body.parse()?;
            body.parse::<Token![=]>()?;
            out.consts
                .push((name.to_string(), tokens_until_semi(&body)?));
        } else {
            let _: Option<Token![const]> = body.parse()?;
            body.parse::<Token![fn]>()?;
            let name: syn::Ident = body.parse()?;
            let _: syn::Generics = body.parse()?;
            let args;
            syn::parenthesized!(args in body);
            let _: TokenStream = args.parse()?;
            if body.peek(Token![->]) {
                body.parse::<Token![->]>()?;
                let _: syn::Type = body.parse()?;
            }
            let _: Option<syn::WhereClause> = body.parse()?;
            let block: Group = body.parse()?;
            if block.delimiter() != Delimiter::Brace {
                return Err(body.error("expected a function body"));
            }
            out.fns.push((name.to_string(), block.stream()));
        }
    }
    Ok(out)
}

/// Splits a token stream at its top-level commas.
fn split_commas(tokens: TokenStream) -> Vec<Vec<TokenTree>> {
    let mut parts = vec![Vec::new()];
    for token in tokens {
        match &token {
            TokenTree::Punct(p) if p.as_char() == ',' => parts.push(Vec::new()),
            _ => parts.last_mut().unwrap().push(token),
        }
    }
    if parts.last().is_some_and(Vec::is_empty) {
        parts.pop();
    }
    parts
}

/// The group of `&[ ... ]`.
fn array_of(value: &TokenStream) -> Result<TokenStream, String> {
    let tokens: Vec<TokenTree> = value.clone().into_iter().collect();
    match tokens.as_slice() {
        [TokenTree::Punct(amp), TokenTree::Group(group)]
            if amp.as_char() == '&' && group.delimiter() == Delimiter::Bracket =>
        {
            Ok(group.stream())
        }
        _ => Err(format!("expected `&[...]`, got `{value}`")),
    }
}

/// The arguments of `path::to::f(args)`: the group of the last token.
fn call_args(tokens: &[TokenTree]) -> Result<Vec<Vec<TokenTree>>, String> {
    match tokens.last() {
        Some(TokenTree::Group(group)) if group.delimiter() == Delimiter::Parenthesis => {
            Ok(split_commas(group.stream()))
        }
        _ => Err(format!("expected a call, got `{}`", stream(tokens))),
    }
}

fn stream(tokens: &[TokenTree]) -> TokenStream {
    tokens.iter().cloned().collect()
}

fn lit_string(tokens: &[TokenTree]) -> Result<String, String> {
    syn::parse2::<syn::LitStr>(stream(tokens))
        .map(|lit| lit.value())
        .map_err(|_| format!("expected a string literal, got `{}`", stream(tokens)))
}

fn lit_int(tokens: &[TokenTree]) -> Result<u64, String> {
    syn::parse2::<syn::LitInt>(stream(tokens))
        .map_err(|e| e.to_string())
        .and_then(|lit| lit.base10_parse().map_err(|e| e.to_string()))
        .map_err(|e| format!("expected an integer, got `{}`: {e}", stream(tokens)))
}

fn lit_bool(tokens: &[TokenTree]) -> Result<bool, String> {
    match stream(tokens).to_string().as_str() {
        "true" => Ok(true),
        "false" => Ok(false),
        other => Err(format!("expected a bool, got `{other}`")),
    }
}

/// `__Some("text")` or `__None`.
fn opt_string(tokens: &[TokenTree]) -> Result<Option<String>, String> {
    match tokens {
        [TokenTree::Ident(none)] if none == "__None" => Ok(None),
        [TokenTree::Ident(some), TokenTree::Group(group)] if some == "__Some" => {
            let inner: Vec<TokenTree> = group.stream().into_iter().collect();
            lit_string(&inner).map(Some)
        }
        _ => Err(format!(
            "expected an optional string, got `{}`",
            stream(tokens)
        )),
    }
}

fn entry(tokens: &[TokenTree]) -> Result<ExpectedEntry, String> {
    let path = stream(&tokens[..tokens.len().saturating_sub(1)]).to_string();
    if path != "__sp :: CodeInfo :: __new" {
        return Err(format!("table entry built by `{path}`"));
    }
    let args = call_args(tokens)?;
    if args.len() != 9 {
        return Err(format!("CodeInfo::__new with {} arguments", args.len()));
    }
    let exit = lit_int(&args[1])?;
    Ok(ExpectedEntry {
        code: lit_string(&args[0])?,
        exit: u8::try_from(exit).map_err(|_| format!("exit {exit}"))?,
        doc: lit_string(&args[2])?,
        hint: opt_string(&args[3])?,
        explain: lit_string(&args[4])?,
        variant: lit_string(&args[5])?,
        fallback: lit_bool(&args[6])?,
        usage: lit_bool(&args[7])?,
        retired: opt_string(&args[8])?,
    })
}

/// What the generated code says, read back.
struct Generated {
    krate: String,
    entries: Vec<ExpectedEntry>,
    exits: Vec<(u8, String)>,
    enum_args: Vec<Vec<TokenTree>>,
    details: BTreeSet<String>,
}

/// Checks the shape of successful output for an enum named `ident` with
/// `variants` (raw names as written, all units or not), and reads it back.
fn check_generated(
    output: TokenStream,
    ident: &str,
    variants: &[String],
    all_units: bool,
) -> Result<Generated, String> {
    let items = parse_wrapper
        .parse2(output)
        .map_err(|e| format!("generated code does not parse: {e}"))?;
    let krate = match items.uses.first() {
        Some(first) => first
            .strip_suffix(":: __private as __sp")
            .ok_or_else(|| format!("first use is `{first}`"))?
            .trim()
            .to_string(),
        None => return Err("no `use ... as __sp`".into()),
    };

    // Impls: every one is for the enum, each trait once.
    let mut traits: Vec<String> = Vec::new();
    for imp in &items.impls {
        match &imp.trait_ {
            Some(t) if t.starts_with("__sp :: core :: convert :: From <") => {
                if t != &format!("__sp :: core :: convert :: From < {ident} >")
                    || imp.self_ty != "__sp :: std :: process :: ExitCode"
                {
                    return Err(format!("From impl `{t}` for `{}`", imp.self_ty));
                }
                traits.push("From".into());
            }
            Some(t) => {
                if imp.self_ty != ident {
                    return Err(format!("impl {t} for `{}`, not `{ident}`", imp.self_ty));
                }
                traits.push(t.clone());
            }
            None => {
                if imp.self_ty != ident {
                    return Err(format!("inherent impl for `{}`", imp.self_ty));
                }
                traits.push("inherent".into());
            }
        }
    }
    let mut want: Vec<&str> = vec!["__sp :: ErrorCode", "From"];
    if all_units {
        want.extend([
            "__sp :: ErrorCodeSet",
            "inherent",
            "__sp :: core :: str :: FromStr",
            "__sp :: serde :: Serialize",
            "__sp :: serde :: Deserialize < 'de >",
        ]);
    }
    let mut got: Vec<&str> = traits.iter().map(String::as_str).collect();
    got.sort_unstable();
    want.sort_unstable();
    if got != want {
        return Err(format!("impls {got:?}, expected {want:?}"));
    }
    if items.macros.len() != 1 || items.macros[0].0 != "__sp :: inventory :: submit" {
        return Err(format!("registration: {:?}", items.macros));
    }

    // The code table.
    let error_code = items
        .impls
        .iter()
        .find(|imp| imp.trait_.as_deref() == Some("__sp :: ErrorCode"))
        .unwrap();
    let konst = |imp: &Impl, name: &str| -> Result<TokenStream, String> {
        imp.consts
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
            .ok_or_else(|| format!("no const {name}"))
    };
    let table = array_of(&konst(error_code, "TABLE")?)?;
    let entries = split_commas(table)
        .iter()
        .map(|tokens| entry(tokens))
        .collect::<Result<Vec<_>, _>>()?;
    let names: Vec<String> = variants
        .iter()
        .map(|v| v.trim_start_matches("r#").to_string())
        .collect();
    let table_names: Vec<String> = entries.iter().map(|e| e.variant.clone()).collect();
    if table_names != names {
        return Err(format!(
            "table variants {table_names:?}, enum has {names:?}"
        ));
    }
    let mut codes = BTreeSet::new();
    for entry in &entries {
        if !(1..=255).contains(&entry.exit) {
            return Err(format!("exit {} in the table", entry.exit));
        }
        if !codes.insert(entry.code.clone()) {
            return Err(format!("code {} twice in the table", entry.code));
        }
        if entry.doc.trim().is_empty() {
            return Err(format!("empty doc for {}", entry.code));
        }
    }
    let fallbacks = entries.iter().filter(|e| e.fallback).count();
    if fallbacks != 1 {
        return Err(format!("{fallbacks} fallbacks in the table"));
    }
    let fallback = entries.iter().position(|e| e.fallback).unwrap();
    let fallback_info = konst(error_code, "FALLBACK_INFO")?.to_string();
    if !fallback_info.ends_with(&format!("TABLE [{fallback}usize]")) {
        return Err(format!("FALLBACK_INFO is `{fallback_info}`"));
    }

    // `info` maps each variant to its own row.
    let info = error_code
        .fns
        .iter()
        .find(|(n, _)| n == "info")
        .ok_or("no fn info")?
        .1
        .to_string();
    let arms: Vec<String> = variants
        .iter()
        .enumerate()
        .map(|(i, variant)| format!("Self :: {variant} {{ .. }} => {i}usize ,"))
        .collect();
    if !info.contains(&format!("match self {{ {} }}", arms.join(" "))) {
        return Err(format!("info does not map each variant to its row: {info}"));
    }

    // The enum's record.
    let enum_value: Vec<TokenTree> = konst(error_code, "ENUM")?.into_iter().collect();
    let enum_args = match enum_value.as_slice() {
        [TokenTree::Punct(amp), rest @ ..] if amp.as_char() == '&' => call_args(rest)?,
        _ => return Err("ENUM is not `&EnumInfo::__new(..)`".into()),
    };
    if enum_args.len() != 10 {
        return Err(format!(
            "EnumInfo::__new with {} arguments",
            enum_args.len()
        ));
    }
    if lit_string(&enum_args[0])? != ident.trim_start_matches("r#") {
        return Err("ENUM names another enum".into());
    }
    if lit_int(&enum_args[6])? != fallback as u64 {
        return Err("ENUM's fallback index differs".into());
    }

    // Exit classes.
    let exits_value = items
        .consts
        .iter()
        .find(|(n, _)| n == "__SPONSON_EXITS")
        .ok_or("no __SPONSON_EXITS")?
        .1
        .clone();
    let exits = split_commas(array_of(&exits_value)?)
        .iter()
        .map(|tokens| {
            let args = call_args(tokens)?;
            let exit = lit_int(&args[0])?;
            Ok((
                u8::try_from(exit).map_err(|_| format!("exit {exit}"))?,
                lit_string(&args[1])?,
            ))
        })
        .collect::<Result<Vec<_>, String>>()?;

    // Details: the keys written by `write_details`.
    let mut details = BTreeSet::new();
    if let Some((_, body)) = error_code.fns.iter().find(|(n, _)| n == "write_details") {
        collect_inserts(body.clone(), &mut details)?;
    }

    if all_units {
        check_lookup(&items, ident, &entries, variants, fallback)?;
    }
    Ok(Generated {
        krate,
        entries,
        exits,
        enum_args,
        details,
    })
}

/// Every `details.insert("key", ..)` in a function body.
fn collect_inserts(body: TokenStream, out: &mut BTreeSet<String>) -> Result<(), String> {
    let tokens: Vec<TokenTree> = body.into_iter().collect();
    for (i, token) in tokens.iter().enumerate() {
        match token {
            TokenTree::Ident(ident) if ident == "insert" => {
                if let Some(TokenTree::Group(args)) = tokens.get(i + 1) {
                    let args = split_commas(args.stream());
                    out.insert(lit_string(&args[0])?);
                }
            }
            TokenTree::Group(group) => collect_inserts(group.stream(), out)?,
            _ => {}
        }
    }
    Ok(())
}

// The perfect hash as the runtime computes it (`sponson-codes/src/hash.rs`),
// so that the generated pilots and slot order are checked end to end.
fn rt_fold(a: u64, b: u64) -> u64 {
    let r = u128::from(a) * u128::from(b);
    (r as u64) ^ ((r >> 64) as u64)
}

fn rt_range(h: u64, n: usize) -> usize {
    ((u128::from(h) * n as u128) >> 64) as usize
}

fn rt_slot(seed: u64, pilots: &[u64], key: &str, n: usize) -> usize {
    let h = crate::phf::hash(seed, key.as_bytes());
    let pilot = pilots[rt_range(h, pilots.len())];
    rt_range(
        rt_fold(
            h ^ (pilot + 1).wrapping_mul(0xe703_7ed1_a0b4_28db),
            0xa076_1d64_78bd_642f,
        ),
        n,
    )
}

/// `from_code`'s tables: every code lands on the slot that names its row, and
/// `ALL` and `__sponson_from_index` list the variants in order.
fn check_lookup(
    items: &Items,
    ident: &str,
    entries: &[ExpectedEntry],
    variants: &[String],
    fallback: usize,
) -> Result<(), String> {
    let set = items
        .impls
        .iter()
        .find(|imp| imp.trait_.as_deref() == Some("__sp :: ErrorCodeSet"))
        .unwrap();
    let all = set
        .consts
        .iter()
        .find(|(n, _)| n == "ALL")
        .ok_or("no ALL")?
        .1
        .to_string();
    let want_all: Vec<String> = variants.iter().map(|v| format!("Self :: {v}")).collect();
    if all != format!("& [{}]", want_all.join(" , ")) {
        return Err(format!("ALL is `{all}`"));
    }
    let from_code: Vec<TokenTree> = set
        .fns
        .iter()
        .find(|(n, _)| n == "from_code")
        .ok_or("no from_code")?
        .1
        .clone()
        .into_iter()
        .collect();
    // `static PILOTS: [u16; N] = [..];`, `const ORDER: [u32; N] = [..];` and
    // `__sp::lookup(code, SEEDu64, ..)`.
    let array_after = |tokens: &[TokenTree], name: &str| -> Option<Vec<u64>> {
        let at = tokens
            .iter()
            .position(|t| matches!(t, TokenTree::Ident(i) if i == name))?;
        tokens[at..].iter().find_map(|t| match t {
            TokenTree::Group(g)
                if g.delimiter() == Delimiter::Bracket && !g.stream().to_string().contains(';') =>
            {
                Some(
                    split_commas(g.stream())
                        .iter()
                        .map(|lit| lit_int(lit).unwrap_or(u64::MAX))
                        .collect(),
                )
            }
            _ => None,
        })
    };
    let pilots = array_after(&from_code, "PILOTS").ok_or("no PILOTS")?;
    let slots_body = from_code
        .iter()
        .find_map(|t| match t {
            TokenTree::Group(g)
                if g.delimiter() == Delimiter::Brace
                    && g.stream().to_string().contains("ORDER") =>
            {
                Some(g.stream().into_iter().collect::<Vec<_>>())
            }
            _ => None,
        })
        .ok_or("no SLOTS initializer")?;
    let order = array_after(&slots_body, "ORDER").ok_or("no ORDER")?;
    let call = from_code
        .iter()
        .find_map(|t| match t {
            TokenTree::Group(g)
                if g.delimiter() == Delimiter::Parenthesis
                    && g.stream().to_string().starts_with("code ,") =>
            {
                Some(split_commas(g.stream()))
            }
            _ => None,
        })
        .ok_or("no lookup call")?;
    let seed_text = stream(&call[1]).to_string();
    let seed: u64 = seed_text
        .strip_suffix("u64")
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| format!("seed `{seed_text}`"))?;
    let n = entries.len();
    if order.len() != n || pilots.is_empty() || pilots.iter().any(|&p| p > u64::from(u16::MAX)) {
        return Err(format!(
            "{} slots and {} pilots for {n} codes",
            order.len(),
            pilots.len()
        ));
    }
    let mut sorted = order.clone();
    sorted.sort_unstable();
    if sorted != (0..n as u64).collect::<Vec<_>>() {
        return Err(format!("ORDER is not a permutation: {order:?}"));
    }
    for (index, entry) in entries.iter().enumerate() {
        let slot = rt_slot(seed, &pilots, &entry.code, n);
        if order[slot] != index as u64 {
            return Err(format!(
                "code {} lands on row {}, not {index}",
                entry.code, order[slot]
            ));
        }
    }

    // The inherent impl forwards, and maps row indices back in order.
    let inherent = items.impls.iter().find(|imp| imp.trait_.is_none()).unwrap();
    let from_index = inherent
        .fns
        .iter()
        .find(|(n, _)| n == "__sponson_from_index")
        .ok_or("no __sponson_from_index")?
        .1
        .to_string();
    let mut arms: Vec<String> = variants
        .iter()
        .enumerate()
        .map(|(i, variant)| format!("{i}usize => Self :: {variant} ,"))
        .collect();
    arms.push(format!("_ => Self :: {} ,", variants[fallback]));
    if !from_index.contains(&format!("match index {{ {} }}", arms.join(" "))) {
        return Err(format!(
            "__sponson_from_index does not map rows back in order: {from_index}"
        ));
    }
    let _ = ident;
    Ok(())
}

/// The stub impls after errors: same wrapper, impls for the enum only.
fn check_stub(output: TokenStream, ident: &str) -> Result<(), String> {
    let items = parse_wrapper
        .parse2(output)
        .map_err(|e| format!("stub code does not parse: {e}"))?;
    for imp in &items.impls {
        let target = if imp
            .trait_
            .as_deref()
            .is_some_and(|t| t.starts_with("__sp :: core :: convert :: From <"))
        {
            imp.trait_.clone().unwrap()
        } else {
            imp.self_ty.clone()
        };
        if !target.contains(ident) {
            return Err(format!("stub impl for `{target}`, not `{ident}`"));
        }
    }
    if !items
        .impls
        .iter()
        .any(|imp| imp.trait_.as_deref() == Some("__sp :: ErrorCode"))
    {
        return Err("stub without ErrorCode".into());
    }
    Ok(())
}

/// What one run of the derive gave.
#[derive(Debug, PartialEq, Eq, Clone, Copy)]
enum Outcome {
    Generated,
    Rejected,
    /// Rejected at the call site, for input that is not an item at all
    /// (rustc never passes such input to a derive).
    RejectedNotAnItem,
}

/// Runs the derive on `tokens` and checks everything above. `text` is the
/// source the tokens were lexed from.
fn run_one(text: &str, tokens: TokenStream) -> Result<(Outcome, Option<Generated>), String> {
    let output = catch_unwind(AssertUnwindSafe(|| crate::derive(tokens.clone())))
        .map_err(|panic| format!("the derive panicked: {}", panic_message(&*panic)))?;
    let (errors, rest) = split_errors(output)?;
    let item = syn::parse2::<syn::DeriveInput>(tokens.clone()).ok();

    if errors.is_empty() {
        let item = item.ok_or("generated code for input that is not an item")?;
        let syn::Data::Enum(data) = &item.data else {
            return Err("generated code for a struct or union".into());
        };
        let variants: Vec<String> = data.variants.iter().map(|v| v.ident.to_string()).collect();
        let all_units = data
            .variants
            .iter()
            .all(|v| matches!(v.fields, syn::Fields::Unit));
        let generated = check_generated(rest, &item.ident.to_string(), &variants, all_units)?;
        return Ok((Outcome::Generated, Some(generated)));
    }

    let (lo, hi) = input_range(&tokens).unwrap_or((1, 0));
    let chars: Vec<char> = text.chars().collect();
    let base = lo;
    let mut outcome = Outcome::Rejected;
    for error in &errors {
        if error.message.trim().is_empty() {
            return Err("an error without a message".into());
        }
        if error.message.contains("please report") {
            return Err(format!("an internal error: {}", error.message));
        }
        let (start, _) = span_range(error.start);
        let (_, end) = span_range(error.end);
        if (start, end) == (0, 0)
            && item.is_none()
            && error.message.starts_with("unexpected end of input")
        {
            outcome = Outcome::RejectedNotAnItem;
            continue;
        }
        if start < lo || end > hi || start >= end {
            return Err(format!(
                "error `{}` at {start}..{end}, outside the input at {lo}..{hi}",
                error.message
            ));
        }
        // The text under the span is real input.
        let covered: String = chars[(start - base) as usize..(end - base) as usize]
            .iter()
            .collect();
        if covered.trim().is_empty() {
            return Err(format!("error `{}` spans only whitespace", error.message));
        }
    }
    if !rest.is_empty() {
        let Some(item) = &item else {
            return Err("stub impls for input that is not an item".into());
        };
        check_stub(rest, &item.ident.to_string())?;
    }
    Ok((outcome, None))
}

fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = panic.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = panic.downcast_ref::<String>() {
        s.clone()
    } else {
        "a non-string panic".into()
    }
}

/// Compares what the generator expected of a valid enum with the output.
fn check_expected(generated: &Generated, exp: &ExpectedEnum) -> Result<(), String> {
    if generated.krate != exp.krate {
        return Err(format!(
            "crate path `{}`, expected `{}`",
            generated.krate, exp.krate
        ));
    }
    for (got, want) in generated.entries.iter().zip(&exp.entries) {
        if got != want {
            return Err(format!("table entry\n  got  {got:?}\n  want {want:?}"));
        }
    }
    if generated.exits != exp.exits {
        return Err(format!(
            "exits {:?}, expected {:?}",
            generated.exits, exp.exits
        ));
    }
    let args = &generated.enum_args;
    if lit_string(&args[3])? != exp.doc {
        return Err(format!(
            "enum doc {:?}, expected {:?}",
            lit_string(&args[3])?,
            exp.doc
        ));
    }
    let flags = (
        lit_bool(&args[7])?,
        lit_bool(&args[8])?,
        lit_bool(&args[9])?,
    );
    if flags != (exp.public, exp.non_exhaustive, exp.deny_unknown) {
        return Err(format!(
            "public/non_exhaustive/deny_unknown {flags:?}, expected {:?}",
            (exp.public, exp.non_exhaustive, exp.deny_unknown)
        ));
    }
    if generated.details != exp.details {
        return Err(format!(
            "details {:?}, expected {:?}",
            generated.details, exp.details
        ));
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// The runs.

#[derive(Default, Debug)]
struct Tally {
    fed: usize,
    unlexable: usize,
    generated: usize,
    rejected: usize,
    rejected_not_item: usize,
    valid_checked: usize,
    faulty: usize,
    mutated: usize,
    invisible: usize,
}

/// One seeded case: generate, maybe mutate, run, check.
fn run_case(seed: u64, tally: &mut Tally) -> Result<(), String> {
    let mut rng = Rng::new(seed);
    let mut case = generate(&mut rng);
    if rng.chance(35) {
        mutate(&mut rng, &mut case.lexemes);
        case.mutated = true;
        case.expected = None;
    }
    let text = case.lexemes.join(" ");
    let Ok(mut tokens) = TokenStream::from_str(&text) else {
        // rustc would reject this source before any derive runs.
        tally.unlexable += 1;
        return Ok(());
    };
    let invisible = rng.chance(15);
    if invisible {
        tokens = wrap_invisible(&mut rng, tokens, 30);
        tally.invisible += 1;
    }
    tally.fed += 1;
    let (outcome, generated) = run_one(&text, tokens.clone())?;
    match outcome {
        Outcome::Generated => tally.generated += 1,
        Outcome::Rejected => tally.rejected += 1,
        Outcome::RejectedNotAnItem => tally.rejected_not_item += 1,
    }
    if case.mutated {
        tally.mutated += 1;
        return Ok(());
    }
    if !case.faults.is_empty() {
        tally.faulty += 1;
        if outcome == Outcome::Generated {
            return Err(format!(
                "accepted an enum with planted mistakes {:?}",
                case.faults
            ));
        }
        return Ok(());
    }
    let exp = case.expected.as_ref().unwrap();
    if outcome != Outcome::Generated {
        let errors = split_errors(crate::derive(tokens))?.0;
        let messages: Vec<&str> = errors.iter().map(|e| e.message.as_str()).collect();
        return Err(format!("rejected a valid enum: {messages:?}"));
    }
    check_expected(&generated.unwrap(), exp)?;
    tally.valid_checked += 1;
    Ok(())
}

fn run_many(first_seed: u64, count: usize) -> Tally {
    let quiet = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let mut tally = Tally::default();
    let mut failures = Vec::new();
    for seed in first_seed..first_seed + count as u64 {
        if let Err(failure) = run_case(seed, &mut tally) {
            let text = generate_text(seed);
            failures.push(format!("seed {seed}: {failure}\n  input: {text}"));
            if failures.len() >= 5 {
                break;
            }
        }
    }
    std::panic::set_hook(quiet);
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
    tally
}

/// The input text of `seed`, for failure reports.
fn generate_text(seed: u64) -> String {
    let mut rng = Rng::new(seed);
    let mut case = generate(&mut rng);
    if rng.chance(35) {
        mutate(&mut rng, &mut case.lexemes);
    }
    case.lexemes.join(" ")
}

/// Runs `count` seeds from `first` and checks that every bucket was exercised,
/// so that the checks above are not vacuous.
fn run_and_report(first: u64, count: usize) {
    let started = std::time::Instant::now();
    let tally = run_many(first, count);
    let mut report = String::new();
    let _ = write!(report, "{tally:#?} in {:?}", started.elapsed());
    eprintln!("{report}");
    let share = |n: usize| n * count / 12_000;
    assert!(tally.fed >= share(10_000), "too few inputs fed: {report}");
    assert!(tally.valid_checked >= share(2_000), "{report}");
    assert!(tally.faulty >= share(3_000), "{report}");
    assert!(tally.mutated >= share(3_000), "{report}");
    assert!(tally.generated >= share(2_000), "{report}");
    assert!(tally.rejected >= share(5_000), "{report}");
}

// 12,000 seeded inputs in two halves, which the test harness runs in parallel.

#[test]
fn derive_never_panics_and_always_points_into_the_input_first_half() {
    run_and_report(1, 6_000);
}

#[test]
fn derive_never_panics_and_always_points_into_the_input_second_half() {
    run_and_report(6_001, 6_000);
}

// ---------------------------------------------------------------------------
// Regressions found by the generator.

/// Parses `text`, replacing each identifier `__vN` with the tokens of
/// `values[N]` in invisible delimiters, as `macro_rules!` passes a
/// `$value:literal` or `$value:expr` fragment on.
fn with_fragments(text: &str, values: &[&str]) -> TokenStream {
    fn replace(tokens: TokenStream, values: &[&str]) -> TokenStream {
        tokens
            .into_iter()
            .map(|token| match token {
                TokenTree::Group(group) => {
                    let mut new = Group::new(group.delimiter(), replace(group.stream(), values));
                    new.set_span(group.span());
                    TokenTree::Group(new)
                }
                TokenTree::Ident(ident) if ident.to_string().starts_with("__v") => {
                    let index: usize = ident.to_string()[3..].parse().unwrap();
                    let inner = TokenStream::from_str(values[index]).unwrap();
                    let mut group = Group::new(Delimiter::None, inner);
                    group.set_span(ident.span());
                    TokenTree::Group(group)
                }
                other => other,
            })
            .collect()
    }
    replace(TokenStream::from_str(text).unwrap(), values)
}

#[test]
fn values_from_macro_fragments_are_read_through_invisible_groups() {
    let tokens = with_fragments(
        "enum E { #[code(exit = __v0, doc = __v1, hint = __v2, fallback)] A }",
        &["2", "\"two\"", "\"h\""],
    );
    let (errors, rest) = split_errors(crate::derive(tokens)).unwrap();
    let messages: Vec<&str> = errors.iter().map(|e| e.message.as_str()).collect();
    assert!(messages.is_empty(), "{messages:?}");
    let generated = check_generated(rest, "E", &["A".to_string()], true).unwrap();
    assert_eq!(generated.entries[0].exit, 2);
    assert_eq!(generated.entries[0].doc, "two");
    assert_eq!(generated.entries[0].hint.as_deref(), Some("h"));

    // A fragment holding something other than a literal is still refused.
    let tokens = with_fragments(
        "enum E { #[code(exit = __v0, doc = \"d\", fallback)] A }",
        &["1 + 1"],
    );
    let (errors, _) = split_errors(crate::derive(tokens)).unwrap();
    assert_eq!(errors.len(), 1);
    assert!(
        errors[0].message.contains("integer literal"),
        "{}",
        errors[0].message
    );
}

#[test]
fn raw_identifiers_are_named_without_their_prefix() {
    let tokens = TokenStream::from_str(
        "enum r#Enum { #[code(exit = 1, doc = \"d\", fallback)] r#Type, #[code(exit = 2, doc = \"m\")] r#Match }",
    )
    .unwrap();
    let (errors, rest) = split_errors(crate::derive(tokens)).unwrap();
    assert!(errors.is_empty());
    let generated =
        check_generated(rest, "r#Enum", &["r#Type".into(), "r#Match".into()], true).unwrap();
    let names: Vec<&str> = generated
        .entries
        .iter()
        .map(|e| e.variant.as_str())
        .collect();
    assert_eq!(names, ["Type", "Match"]);
    let codes: Vec<&str> = generated.entries.iter().map(|e| e.code.as_str()).collect();
    assert_eq!(codes, ["TYPE", "MATCH"]);
    assert_eq!(lit_string(&generated.enum_args[0]).unwrap(), "Enum");
}
