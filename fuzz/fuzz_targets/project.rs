//! Projects arbitrary bytes through allowlists as untrusted response bodies:
//! never a panic, and every kept field is named by the allowlist, has its
//! shape, is the input's value, and respects the limits.
#![no_main]

use libfuzzer_sys::fuzz_target;
use serde_json::{Map, Value};
use sponson_codes::{allowlist::{Allowlist, Limits, Shape}};

fn diagnostic() -> Allowlist {
    let location = Allowlist::new()
        .field("line", Shape::Integer)
        .field("column", Shape::Integer);
    Allowlist::new()
        .field("code", Shape::String)
        .field("message", Shape::String)
        .field("subject", Shape::String.nullable())
        .field("location", location.clone())
        .field("related", Shape::array(location))
        .field("suggestions", Shape::array(Shape::String))
        .field("fatal", Shape::Bool)
        .field("score", Shape::Number.nullable())
}

fn body(limits: Limits) -> Allowlist {
    Allowlist::new()
        .field("status", Shape::Integer)
        .field("title", Shape::String)
        .field("diagnostics", Shape::array(diagnostic()))
        .field(
            "nested",
            Shape::array(Shape::array(Shape::array(Shape::Integer))),
        )
        .limits(limits)
}

/// The keys each object level may keep.
fn allowed(path: &[&str]) -> &'static [&'static str] {
    match path {
        [] => &["status", "title", "diagnostics", "nested"],
        ["diagnostics"] => &[
            "code",
            "message",
            "subject",
            "location",
            "related",
            "suggestions",
            "fatal",
            "score",
        ],
        ["diagnostics", "location"] | ["diagnostics", "related"] => &["line", "column"],
        _ => &[],
    }
}

fn check(
    kept: &Map<String, Value>,
    input: &Map<String, Value>,
    path: &mut Vec<&'static str>,
    limits: &Limits,
    depth: usize,
) {
    assert!(depth <= limits.max_depth + 1, "too deep");
    for (key, value) in kept {
        let name = allowed(path)
            .iter()
            .find(|name| **name == key)
            .unwrap_or_else(|| panic!("unlisted key {key:?} at {path:?}"));
        let original = input.get(key).expect("kept keys come from the input");
        path.push(name);
        check_value(value, original, path, limits, depth);
        path.pop();
    }
}

fn check_value(
    value: &Value,
    original: &Value,
    path: &mut Vec<&'static str>,
    limits: &Limits,
    depth: usize,
) {
    match (value, original) {
        (Value::Object(kept), Value::Object(input)) => check(kept, input, path, limits, depth + 1),
        (Value::Array(kept), Value::Array(input)) => {
            assert_eq!(kept.len(), input.len(), "arrays are kept whole");
            assert!(kept.len() <= limits.max_array_items);
            for (k, i) in kept.iter().zip(input) {
                check_value(k, i, path, limits, depth + 1);
            }
        }
        (Value::String(s), _) => {
            assert_eq!(value, original);
            assert!(s.len() <= limits.max_string_bytes);
        }
        _ => assert_eq!(value, original, "scalars are copied as they are"),
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&knobs, rest)) = data.split_first() else {
        return;
    };
    let mut limits = Limits::default();
    if knobs & 1 == 1 {
        limits.max_depth = usize::from(knobs >> 1 & 7);
        limits.max_string_bytes = usize::from(knobs >> 4) * 4;
        limits.max_array_items = usize::from(knobs >> 4);
        limits.max_total_bytes = usize::from(knobs) * 8;
    }
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let allowlist = body(limits);
    if let Ok(kept) = allowlist.project_str(text) {
        let input: Value = serde_json::from_str(text).unwrap();
        let input = input.as_object().expect("only objects project");
        check(&kept, input, &mut Vec::new(), &limits, 1);
        // Not `project(&input)`: serde_json keeps one copy of a repeated key
        // and rounds numbers that `project_str` drops. What was kept is kept
        // again unchanged.
        assert_eq!(allowlist.project(&Value::Object(kept.clone())), Some(kept));
    }
});
