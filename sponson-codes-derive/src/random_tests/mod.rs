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

mod faults;
mod generate;
mod lookup;
mod mutate;
mod rng;
mod spans;
mod structure;
mod variant;
mod verify;
mod words;

use generate::generate;
use mutate::{mutate, wrap_invisible};
use proc_macro2::{Delimiter, Group, TokenStream, TokenTree};
use rng::Rng;
use spans::{input_range, span_range};
use std::fmt::Write as _;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::str::FromStr;
use structure::{lit_string, split_errors};
use verify::{check_expected, check_generated, check_stub, Generated};

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
        // syn reports a truncated item at the end of the input, which has
        // no span of its own ("unexpected end of input", or "expected `,`"
        // after `enum E<'a`); rustc never hands a derive such an input.
        if (start, end) == (0, 0) && item.is_none() {
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
        // Every other input gets the perfect hash whatever its size.
        crate::lookup::FORCE_HASH.with(|force| force.set(seed % 2 == 1));
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

/// Seeds per half: a short run by default, the full 12,000 inputs (two
/// halves of 6,000) when `SPONSON_CODES_SLOW_TESTS=1`, as CI sets it. The
/// seeds are fixed, so the short run is the first part of the long one.
fn half() -> usize {
    match std::env::var("SPONSON_CODES_SLOW_TESTS").as_deref() {
        Ok("1") => 6_000,
        _ => 200,
    }
}

// Two halves, which the test harness runs in parallel.

#[test]
fn derive_never_panics_and_always_points_into_the_input_first_half() {
    run_and_report(1, half());
}

#[test]
fn derive_never_panics_and_always_points_into_the_input_second_half() {
    run_and_report(6_001, half());
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
    let name = structure::field(&generated.enum_fields, "name").unwrap();
    assert_eq!(lit_string(name).unwrap(), "Enum");
}

/// The messages of the derive's errors for `text`.
fn messages(text: &str) -> Vec<String> {
    let tokens = TokenStream::from_str(text).unwrap();
    let (errors, _) = split_errors(crate::derive(tokens)).unwrap();
    errors.into_iter().map(|e| e.message).collect()
}

#[test]
fn a_repeated_code_attribute_is_one_error_naming_the_first() {
    // Keys given by both attributes add no error of their own.
    let messages = messages(
        "enum E {\n #[code(exit = 2, doc = \"a\", fallback)]\n #[code(exit = 2, doc = \"b\", fallback)]\n A }",
    );
    assert_eq!(
        messages,
        ["a variant takes one #[code(...)] attribute; merge these keys into its first #[code(...)], on line 2"]
    );
}

#[test]
fn a_repeated_code_attribute_still_counts_its_keys() {
    // `doc` and `fallback` only in the second: no error says they are missing.
    let messages = messages("enum E { #[code(exit = 2)] #[code(doc = \"d\", fallback)] A }");
    assert_eq!(messages.len(), 1, "{messages:?}");
    assert!(messages[0].ends_with("on line 1"), "{messages:?}");
}

#[test]
fn a_key_repeated_inside_one_attribute_keeps_its_own_error() {
    let messages = messages(
        "enum E { #[code(exit = 2, doc = \"a\", fallback)] #[code(hint = \"h\", hint = \"i\")] A }",
    );
    assert_eq!(messages.len(), 3, "{messages:?}");
    assert!(messages[0].starts_with("a variant takes one #[code(...)]"));
    assert_eq!(
        messages[1],
        "duplicate key `hint` in #[code(...)]; give it once"
    );
    assert_eq!(messages[2], "first defined here");
}
