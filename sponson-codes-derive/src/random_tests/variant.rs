//! One generated variant: its `#[code]` attribute, doc comment and fields.

use super::faults::plant_variant_fault;
use super::generate::{shuffle, ExpectedEntry, ExpectedEnum, Faults, Rates, VariantPlan};
use super::rng::Rng;
use super::words::{
    apply_rule, pascal, sentence, splits_acronym, str_lit, Out, COMMENT_WORDS, FIELD_TYPES,
    NON_ASCII_IDENTS, RAW_IDENTS, WORDS,
};
use std::collections::BTreeSet;

pub(super) struct VariantSetup<'a> {
    pub(super) rule: Option<&'static str>,
    pub(super) exits: &'a [(u8, String)],
    /// `#[codes(reserved_exits)]`: exits from 126 up are allowed.
    pub(super) reserved_exits: bool,
    pub(super) fallback: bool,
    pub(super) usage: bool,
}

pub(super) fn variant(
    rng: &mut Rng,
    rates: &Rates,
    out: &mut Out,
    exp: &mut ExpectedEnum,
    faults: &mut Faults,
    setup: VariantSetup,
) -> VariantPlan {
    // The identifier and its code string.
    let (mut ident, mut words) = pascal(rng);
    if rng.chance(5) {
        // An acronym in capitals, which the renaming splits into letters.
        for i in 0..2 + rng.below(2) {
            let mut word = ((b'A' + rng.below(26) as u8) as char).to_string();
            if i > 0 && rng.chance(30) {
                word.push_str(&rng.below(100).to_string());
            }
            ident.push_str(&word);
            words.push(word);
        }
    }
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
    const NAME_CHARS: &[u8] = b"ABCXYZabc019_.-";
    if name.is_none() && rng.chance(10) {
        let max = if rng.chance(10) { 64 } else { 12 };
        let len = 1 + rng.below(max);
        name = Some((0..len).map(|_| *rng.pick(NAME_CHARS) as char).collect());
    } else if name.is_none() && rng.chance(5) {
        // Words joined by `::`, as miette writes codes.
        let words: Vec<String> = (0..2 + rng.below(3))
            .map(|_| {
                let len = 1 + rng.below(8);
                (0..len).map(|_| *rng.pick(NAME_CHARS) as char).collect()
            })
            .collect();
        name = Some(words.join("::"));
    }
    let rule = setup.rule.unwrap_or("SCREAMING_SNAKE_CASE");
    let code = match &name {
        Some(name) => name.clone(),
        None => apply_rule(rule, &words),
    };
    if name.is_none() && splits_acronym(rule, &words) {
        if rates.fault == 0 {
            // The way to keep such a code: give it as `name`, never checked.
            name = Some(code.clone());
        } else {
            faults.push("acronym split into letters");
        }
    }

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
        [] if (setup.reserved_exits || rates.fault > 0) && rng.chance(5) => {
            *rng.pick(&[126u8, 127, 128, 137, 255])
        }
        [] => *rng.pick(&[1u8, 2, 3, 7, 64, 125]),
        declared => rng.pick(declared).0,
    };
    // A declared one is reported at the declaration (see `generate`).
    if exit >= 126 && setup.exits.is_empty() && !setup.reserved_exits {
        faults.push("reserved exit");
    }
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
    let planted = faults.len();
    if rng.chance(rates.fault) {
        plant_variant_fault(rng, &mut entries, setup.exits, faults, &mut attrs);
    }
    // Half the retired codes say so with rustc's `#[deprecated]` instead.
    if let Some(note) = retired.as_ref().filter(|_| faults.len() == planted) {
        if rng.chance(50) {
            entries.retain(|e| e[0] != "retired");
            if rng.chance(50) {
                out.all(&["#", "[", "deprecated", "=", &str_lit(note), "]"]);
            } else {
                out.all(&["#", "[", "deprecated", "(", "since", "=", "\"1.0\"", ","]);
                out.all(&["note", "=", &str_lit(note), ")", "]"]);
            }
        }
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
                        } else if ["code", "message", "hint", "retryable"]
                            .contains(&detail.as_str())
                        {
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
                    let key = *rng.pick(&["detial", "detail_name", "hnit", "secret", "details"]);
                    out.all(&["#", "[", "code", "(", key, ")", "]"]);
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
