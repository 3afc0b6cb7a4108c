//! The seeded generator of enum definitions, valid or with planted mistakes,
//! and what it expects of the valid ones.

use super::faults::plant_enum_faults;
use super::rng::Rng;
use super::variant::{variant, VariantSetup};
use super::words::{pascal, sentence, str_lit, Out, COMMENT_WORDS, RULES, WORDS};
use std::collections::BTreeSet;

/// What the generator expects of a valid enum: one table entry, then the enum.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct ExpectedEntry {
    pub(super) code: String,
    pub(super) exit: u8,
    pub(super) doc: String,
    pub(super) hint: Option<String>,
    pub(super) explain: String,
    pub(super) variant: String,
    pub(super) fallback: bool,
    pub(super) usage: bool,
    pub(super) retired: Option<String>,
}

#[derive(Debug, Default)]
pub(super) struct ExpectedEnum {
    pub(super) name: String,
    pub(super) doc: String,
    pub(super) krate: String,
    pub(super) exits: Vec<(u8, String)>,
    pub(super) entries: Vec<ExpectedEntry>,
    pub(super) public: bool,
    pub(super) non_exhaustive: bool,
    pub(super) deny_unknown: bool,
    /// `#[codes(path = "...")]`, when given.
    pub(super) path: Option<String>,
    pub(super) all_units: bool,
    pub(super) details: BTreeSet<String>,
}

/// A mistake the generator planted, by kind; any one must give an error.
pub(super) type Faults = Vec<&'static str>;

/// One generated input.
pub(super) struct Case {
    pub(super) lexemes: Vec<String>,
    /// `Some` when the input is valid and its expansion fully known.
    pub(super) expected: Option<ExpectedEnum>,
    /// Planted mistakes; an input with any must be rejected.
    pub(super) faults: Faults,
    /// The input was mutated at random after generation: no expectation.
    pub(super) mutated: bool,
}

/// How often each kind of mistake is planted, in percent, per site.
pub(super) struct Rates {
    pub(super) fault: u64,
}

pub(super) struct VariantPlan {
    pub(super) code: String,
    /// How many `fallback` flags the variant's one `#[code]` carries.
    pub(super) fallbacks: usize,
}

pub(super) fn generate(rng: &mut Rng) -> Case {
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
    let reserved_exits = rng.chance(25);
    let mut exits: Vec<(u8, String)> = Vec::new();
    if rng.chance(40) {
        let mut all: Vec<u8> = vec![1, 2, 3, 4, 64, 70, 125];
        if (reserved_exits || rates.fault > 0) && rng.chance(20) {
            all.push(*rng.pick(&[126, 130, 255]));
        }
        while exits.len() < 1 + rng.below(4) && !all.is_empty() {
            let exit = all.remove(rng.below(all.len()));
            exits.push((exit, sentence(rng, WORDS, 3)));
        }
        exits.sort_unstable();
    }
    let deny_unknown = rng.chance(20);
    if !reserved_exits && exits.iter().any(|(exit, _)| *exit >= 126) {
        faults.push("reserved exit declared");
    }
    let path = rng.chance(20).then(|| {
        let segments: Vec<&str> = (0..2 + rng.below(3))
            .map(|_| {
                *rng.pick(&[
                    "app", "codes", "net", "r#type", "Code", "Errors", "café", "_x1",
                ])
            })
            .collect();
        segments.join("::")
    });
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
    if reserved_exits {
        entries.push(vec!["reserved_exits".into()]);
    }
    if let Some(path) = &path {
        entries.push(vec!["path".into(), "=".into(), str_lit(path)]);
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
    exp.path = path;

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
                reserved_exits,
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

pub(super) fn shuffle<T>(rng: &mut Rng, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        let j = rng.below(i + 1);
        items.swap(i, j);
    }
}

pub(super) fn lexemes(text: &[&str]) -> Vec<String> {
    text.iter().map(|s| (*s).to_string()).collect()
}
