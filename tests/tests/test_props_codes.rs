//! Properties of code lookups and the serde form, on random strings.
//!
//! Each enum is checked against a reference: a `HashMap` from every listed
//! code string to its variant. For any string, `from_code`, `FromStr`,
//! `Deserialize` and `from_code_or_fallback` must agree with that map (a miss
//! is `None`, an error, or the fallback unless `deny_unknown`). The strings
//! are drawn near the listed codes (one byte changed, inserted or removed,
//! case flipped, a trailing space or NUL, a prefix, a doubled code) as well as
//! at random, so that a lookup that compares hashes only, or folds case, or
//! trims, fails.
//!
//! Besides those written here, the benchmarks' enums of 5 to 1,000 codes
//! (`benches/src/generated/ours_*.rs`) are checked: up to 200 codes the derive
//! looks codes up with a `match`, above with its perfect hash, so each
//! strategy is checked at the sizes it is used at.

#[path = "support/big_codes.rs"]
mod big_codes;

#[path = "../../benches/src/generated/misses.rs"]
mod misses;
#[path = "../../benches/src/generated/ours_10.rs"]
mod ours_10;
#[path = "../../benches/src/generated/ours_100.rs"]
mod ours_100;
#[path = "../../benches/src/generated/ours_1000.rs"]
mod ours_1000;
#[path = "../../benches/src/generated/ours_20.rs"]
mod ours_20;
#[path = "../../benches/src/generated/ours_5.rs"]
mod ours_5;
#[path = "../../benches/src/generated/ours_50.rs"]
mod ours_50;

use big_codes::{Big, LISTED};
use proptest::prelude::*;
use sponson_codes::{ErrorCode, ErrorCodeSet, ErrorCodes};
use std::collections::HashMap;
use std::fmt::Debug;
use std::str::FromStr;

/// The enum from the README.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, ErrorCodes)]
#[codes(exits(1 = "failure", 2 = "refused before running", 3 = "the lock is held or was lost"))]
pub enum Code {
    #[code(exit = 2, doc = "The plan file cannot be read or is not valid YAML.")]
    PlanParse,
    #[code(
        exit = 2,
        doc = "The run writes to production and no approver was given.",
        hint = "Pass --approved-by <who>."
    )]
    EnvNotApproved,
    #[code(exit = 3, doc = "Another run holds the scope's lock.")]
    LockHeld,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

/// Unknown codes are an error here, not the fallback.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ErrorCodes)]
#[codes(deny_unknown, rename_all = "kebab-case")]
pub enum Strict {
    #[code(exit = 2, doc = "The plan file cannot be read.")]
    PlanParse,
    #[code(exit = 3, doc = "Another run holds the lock.", name = "lock.held")]
    LockHeld,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

/// Exit and doc given through `macro_rules!` fragments, which reach the
/// derive in invisible groups.
macro_rules! fragment_codes {
    ($exit:literal, $doc:literal, $hint:expr, $name:literal) => {
        #[derive(Debug, Clone, Copy, PartialEq, Eq, ErrorCodes)]
        pub enum Fragment {
            #[code(exit = $exit, doc = $doc, hint = $hint, name = $name)]
            Held,
            #[code(exit = 1, doc = "An unexpected error.", fallback)]
            Internal,
        }
    };
}

fragment_codes!(3, "Another run holds the lock.", "Pass --wait.", "HELD");

/// What the tests need of each enum.
trait Listed: ErrorCodeSet + Copy + Eq + Debug + FromStr + serde::de::DeserializeOwned {
    fn reference() -> HashMap<&'static str, Self> {
        Self::ALL.iter().map(|v| (v.code(), *v)).collect()
    }
}

impl Listed for Code {}
impl Listed for Strict {}
impl Listed for Big {}
impl Listed for ours_5::Code {}
impl Listed for ours_10::Code {}
impl Listed for ours_20::Code {}
impl Listed for ours_50::Code {}
impl Listed for ours_100::Code {}
impl Listed for ours_1000::Code {}

fn json_string(s: &str) -> String {
    serde_json::to_string(s).unwrap()
}

/// `s` written with every character as a `\u` escape (surrogate pairs above
/// the BMP), which serde_json must decode to the same string.
fn json_escaped(s: &str) -> String {
    let mut out = String::from("\"");
    for unit in s.encode_utf16() {
        out.push_str(&format!("\\u{unit:04x}"));
    }
    out.push('"');
    out
}

/// Every way of reading `s` agrees with the reference map.
fn agrees<C: Listed>(reference: &HashMap<&'static str, C>, s: &str) -> Result<(), TestCaseError>
where
    <C as FromStr>::Err: Debug,
{
    let want = reference.get(s).copied();
    prop_assert_eq!(C::from_code(s), want, "from_code({:?})", s);
    prop_assert_eq!(C::from_str(s).ok(), want, "FromStr({:?})", s);
    prop_assert_eq!(
        C::from_code_or_fallback(s),
        want.unwrap_or(C::FALLBACK),
        "from_code_or_fallback({:?})",
        s
    );
    for json in [json_string(s), json_escaped(s)] {
        let read = serde_json::from_str::<C>(&json);
        match (want, C::ENUM.deny_unknown) {
            (Some(v), _) => prop_assert_eq!(read.ok(), Some(v), "{}", json),
            (None, false) => prop_assert_eq!(read.ok(), Some(C::FALLBACK), "{}", json),
            (None, true) => {
                let err = read.expect_err("deny_unknown accepted an unknown code");
                prop_assert!(err.to_string().contains(C::ENUM.name), "{}", err);
            }
        }
        // Through an owned `serde_json::Value` too (`visit_string`).
        let value: serde_json::Value = serde_json::from_str(&json).unwrap();
        let from_value = serde_json::from_value::<C>(value).ok();
        let want_value = match (want, C::ENUM.deny_unknown) {
            (Some(v), _) => Some(v),
            (None, false) => Some(C::FALLBACK),
            (None, true) => None,
        };
        prop_assert_eq!(from_value, want_value, "{}", json);
    }
    Ok(())
}

/// A string near a listed code: one edit of the kinds that a lookup comparing
/// only hashes, folding case or trimming would get wrong.
fn near(codes: Vec<&'static str>) -> impl Strategy<Value = String> {
    (
        proptest::sample::select(codes),
        0usize..15,
        any::<usize>(),
        any::<char>(),
    )
        .prop_map(|(code, kind, at, ch)| {
            let mut s = code.to_string();
            let chars: Vec<char> = s.chars().collect();
            let i = at % chars.len();
            match kind {
                0 => s.push(' '),
                1 => s.push('\0'),
                2 => s.insert(0, ' '),
                3 => s.push('\n'),
                4 => {
                    // Flip the case of one character.
                    let mut out: Vec<char> = chars.clone();
                    out[i] = if out[i].is_ascii_lowercase() {
                        out[i].to_ascii_uppercase()
                    } else {
                        out[i].to_ascii_lowercase()
                    };
                    s = out.into_iter().collect();
                }
                5 => {
                    // Replace one byte by its neighbour value.
                    let mut bytes = s.clone().into_bytes();
                    let j = at % bytes.len();
                    bytes[j] = if bytes[j] == b'~' { b'}' } else { bytes[j] + 1 };
                    s = String::from_utf8(bytes).unwrap();
                }
                6 => {
                    let mut out = chars.clone();
                    out.remove(i);
                    s = out.into_iter().collect();
                }
                7 => {
                    let mut out = chars.clone();
                    out.insert(i, ch);
                    s = out.into_iter().collect();
                }
                8 => {
                    let mut out = chars.clone();
                    out[i] = ch;
                    s = out.into_iter().collect();
                }
                9 => s = s.repeat(2),
                10 => s = chars[..i].iter().collect(),
                11 => s = s.to_ascii_lowercase(),
                12 => s = s.to_ascii_uppercase(),
                13 => {
                    // Swap two neighbours.
                    let mut out = chars.clone();
                    if i + 1 < out.len() {
                        out.swap(i, i + 1);
                    }
                    s = out.into_iter().collect();
                }
                _ => {} // The code itself.
            }
            s
        })
}

/// Near a listed code, a listed code itself, or anything at all.
fn probe(codes: Vec<&'static str>) -> impl Strategy<Value = String> {
    prop_oneof![
        6 => near(codes.clone()),
        1 => proptest::sample::select(codes).prop_map(str::to_string),
        2 => any::<String>(),
        1 => "[A-Za-z0-9_.-]{0,70}",
        1 => proptest::collection::vec(any::<u8>(), 0..80)
            .prop_map(|bytes| String::from_utf8_lossy(&bytes).into_owned()),
    ]
}

fn codes_of<C: Listed>() -> Vec<&'static str> {
    C::TABLE.iter().map(|info| info.code).collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 5_000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn readme_enum_lookups_agree_with_the_reference(s in probe(codes_of::<Code>())) {
        agrees(&Code::reference(), &s)?;
    }

    #[test]
    fn deny_unknown_enum_lookups_agree_with_the_reference(s in probe(codes_of::<Strict>())) {
        agrees(&Strict::reference(), &s)?;
    }

    #[test]
    fn big_enum_lookups_agree_with_the_reference(s in probe(codes_of::<Big>())) {
        agrees(&Big::reference(), &s)?;
    }

    /// Non-string JSON is never a code, whatever `deny_unknown` says.
    #[test]
    fn non_string_json_is_refused(
        json in prop_oneof![
            any::<i64>().prop_map(|n| n.to_string()),
            any::<f64>().prop_filter("finite", |f| f.is_finite()).prop_map(|f| serde_json::to_string(&f).unwrap()),
            Just("null".to_string()),
            Just("true".to_string()),
            Just("[\"LOCK_HELD\"]".to_string()),
            Just("{\"code\":\"LOCK_HELD\"}".to_string()),
        ]
    ) {
        prop_assert!(serde_json::from_str::<Code>(&json).is_err(), "{}", json);
        prop_assert!(serde_json::from_str::<Strict>(&json).is_err(), "{}", json);
        prop_assert!(serde_json::from_str::<Big>(&json).is_err(), "{}", json);
    }

    /// A JSON string whose escapes do not form UTF-16 (a lone surrogate) is a
    /// JSON error, never a panic or a code.
    #[test]
    fn lone_surrogates_in_json_are_errors(unit in 0xD800u32..0xE000, prefix in "[A-Z_]{0,8}") {
        let json = format!("\"{prefix}\\u{unit:04x}\"");
        prop_assert!(serde_json::from_str::<Code>(&json).is_err(), "{}", json);
        prop_assert!(serde_json::from_str::<Big>(&json).is_err(), "{}", json);
    }
}

/// Probes for the enums of every size: near their codes, or one of the
/// benchmarks' misses (codes of the same shape that no enum lists).
fn sized_probe(codes: Vec<&'static str>) -> impl Strategy<Value = String> {
    prop_oneof![
        3 => probe(codes),
        1 => proptest::sample::select(misses::MISSES).prop_map(str::to_string),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1_000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn lookups_agree_with_the_reference_at_5_codes(s in sized_probe(codes_of::<ours_5::Code>())) {
        agrees(&ours_5::Code::reference(), &s)?;
    }

    #[test]
    fn lookups_agree_with_the_reference_at_10_codes(s in sized_probe(codes_of::<ours_10::Code>())) {
        agrees(&ours_10::Code::reference(), &s)?;
    }

    #[test]
    fn lookups_agree_with_the_reference_at_20_codes(s in sized_probe(codes_of::<ours_20::Code>())) {
        agrees(&ours_20::Code::reference(), &s)?;
    }

    #[test]
    fn lookups_agree_with_the_reference_at_50_codes(s in sized_probe(codes_of::<ours_50::Code>())) {
        agrees(&ours_50::Code::reference(), &s)?;
    }

    #[test]
    fn lookups_agree_with_the_reference_at_100_codes(s in sized_probe(codes_of::<ours_100::Code>())) {
        agrees(&ours_100::Code::reference(), &s)?;
    }

    #[test]
    fn lookups_agree_with_the_reference_at_1000_codes(s in sized_probe(codes_of::<ours_1000::Code>())) {
        agrees(&ours_1000::Code::reference(), &s)?;
    }
}

/// Round trips of every listed code, for each enum: no sampling needed.
fn round_trips<C: Listed + serde::Serialize>()
where
    <C as FromStr>::Err: Debug,
{
    assert_eq!(C::ALL.len(), C::TABLE.len());
    for (value, info) in C::ALL.iter().zip(C::TABLE) {
        assert_eq!(value.code(), info.code);
        assert_eq!(value.info(), info);
        assert_eq!(C::from_code(info.code), Some(*value), "{}", info.code);
        assert_eq!(C::from_str(info.code).ok(), Some(*value), "{}", info.code);
        let json = serde_json::to_string(value).unwrap();
        assert_eq!(json, json_string(info.code));
        assert_eq!(serde_json::from_str::<C>(&json).unwrap(), *value);
        assert_eq!(
            serde_json::from_str::<C>(&json_escaped(info.code)).unwrap(),
            *value
        );
        let as_value = serde_json::to_value(value).unwrap();
        assert_eq!(serde_json::from_value::<C>(as_value).unwrap(), *value);
    }
}

#[test]
fn every_listed_code_round_trips() {
    round_trips::<Code>();
    round_trips::<Strict>();
    round_trips::<Big>();
    round_trips::<ours_5::Code>();
    round_trips::<ours_10::Code>();
    round_trips::<ours_20::Code>();
    round_trips::<ours_50::Code>();
    round_trips::<ours_100::Code>();
    round_trips::<ours_1000::Code>();
}

#[test]
fn the_big_enum_lists_every_generated_code_with_its_exit() {
    assert_eq!(Big::TABLE.len(), LISTED.len() + 1);
    assert!(Big::TABLE.len() > 400);
    for (info, (code, exit)) in Big::TABLE[1..].iter().zip(LISTED) {
        assert_eq!((info.code, info.exit), (*code, *exit));
    }
    // Codes that differ only in case or one byte are all there, apart.
    for code in [
        "lock_held",
        "LOCK_HELD",
        "Lock_held",
        "LOCK_HELE",
        "LOCK-HELD",
    ] {
        assert_eq!(Big::from_code(code).map(|v| v.code()), Some(code));
    }
    let longest = Big::TABLE.iter().map(|i| i.code.len()).max();
    assert_eq!(longest, Some(64));
}

#[test]
fn macro_fragment_values_are_read_as_literals() {
    let info = Fragment::Held.info();
    assert_eq!(info.code, "HELD");
    assert_eq!(info.exit, 3);
    assert_eq!(info.doc, "Another run holds the lock.");
    assert_eq!(info.hint, Some("Pass --wait."));
}

#[test]
fn the_unknown_code_error_names_the_code_and_the_enum() {
    let err = Code::from_str("LOCK_HELD ").unwrap_err();
    assert_eq!(err.code(), "LOCK_HELD ");
    assert_eq!(err.enum_name(), "Code");
    let err = serde_json::from_str::<Strict>("\"nope\\u0000\"").unwrap_err();
    assert!(
        err.to_string()
            .contains("unknown error code `nope\\0` for `Strict`"),
        "{err}"
    );
}
