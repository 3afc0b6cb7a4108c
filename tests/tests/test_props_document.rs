//! The writer, the reader and the schema of every profile are one
//! definition: for documents the writer prints, and for mutations of them
//! (a member removed, retyped or added, a status flipped, a version
//! changed), the JSON Schema (validated with the `jsonschema` crate) and the
//! reader give the same verdict, and everything the writer prints
//! validates against the program's closed schema (its codes as an `enum`).

use proptest::prelude::*;
use serde_json::{json, Map, Value};
use sponson_codes::profile::{
    ErrorShape, Profile, Status, Stream, Success, FIRSTDRAFT, NOGGIN, SPONSON,
};
use sponson_codes::{Error, ErrorCode, ErrorCodes, Outcome, Warning, WarningCode, WarningCodes};

#[derive(Debug, Clone, Copy, PartialEq, Eq, ErrorCodes)]
#[codes(rename_all = "kebab-case")]
enum Code {
    #[code(exit = 3, doc = "The lock is held.", hint = "Pass --wait.")]
    LockHeld,
    #[code(exit = 2, doc = "The plan cannot be parsed.")]
    PlanParse,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, WarningCodes)]
enum Warn {
    #[code(doc = "A YAML anchor was expanded.", hint = "Write it out.")]
    YamlAnchor,
}

#[path = "support/mine.rs"]
mod mine;
use mine::MINE;

/// A boolean status, the error's members at the top of the document.
const FLAT: Profile = Profile::new("flat")
    .status(Status::Bool { key: "success" })
    .no_command()
    .error(ErrorShape::top_level().code("kind").message("why"))
    .assert_valid();

/// Success printed bare, yet with a status on failures.
const BARE: Profile = Profile::new("bare")
    .status(Status::Bool { key: "ok" })
    .no_command()
    .success(Success::Bare(Stream::Stdout))
    .failure_to(Stream::Stderr)
    .assert_valid();

const PROFILES: [&Profile; 6] = [&SPONSON, &NOGGIN, &FIRSTDRAFT, &MINE, &FLAT, &BARE];

fn arb_leaf() -> BoxedStrategy<Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i32>().prop_map(Value::from),
        (-1e6f64..1e6).prop_map(Value::from),
        "[a-z ]{0,6}".prop_map(Value::String),
    ]
    .boxed()
}

/// Keys a document or its error writes, and others.
fn arb_key() -> impl Strategy<Value = String> {
    prop_oneof![
        2 => proptest::sample::select(&[
            "ok", "command", "error", "data", "code", "message", "hint", "warnings", "status",
            "verb", "exitCode", "envelopeVersion", "detail", "result", "payload", "failure",
            "id", "text", "exit", "success", "kind", "why",
        ][..]).prop_map(str::to_owned),
        3 => "[a-z]{1,6}",
    ]
}

fn arb_json() -> BoxedStrategy<Value> {
    arb_leaf()
        .prop_recursive(3, 24, 4, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
                prop::collection::vec((arb_key(), inner), 0..4)
                    .prop_map(|pairs| Value::Object(pairs.into_iter().collect())),
            ]
        })
        .boxed()
}

/// An outcome a program could produce: data, or one of its codes with
/// details (some under reserved keys), and maybe a warning.
fn arb_outcome() -> impl Strategy<Value = Outcome> {
    let error = (
        proptest::sample::select(&[Code::LockHeld, Code::PlanParse, Code::Internal][..]),
        "[a-z ]{0,8}",
        prop::option::of("[a-z ]{1,8}"),
        prop::collection::vec((arb_key(), arb_json()), 0..3),
    )
        .prop_map(|(code, message, hint, details)| {
            let mut error = Error::new(code, message);
            if let Some(hint) = hint {
                error = error.with_hint(hint);
            }
            for (key, value) in details {
                error = error.with_detail(&key, &value);
            }
            error
        });
    let result = prop_oneof![arb_json().prop_map(Ok), error.prop_map(Err),];
    (result, any::<bool>(), "[a-z]{1,6}").prop_map(|(result, warned, command)| {
        let warnings = match warned {
            true => vec![Warning::new(Warn::YamlAnchor, "anchor").with_detail("line", &3)],
            false => Vec::new(),
        };
        Outcome::new(command, &result).with_warnings(warnings)
    })
}

/// What a mutation does to one member of a document.
#[derive(Debug, Clone)]
enum Mutation {
    /// Removes the `n`th member of the top object (or of its error object).
    Remove { inner: bool, n: usize },
    /// Replaces the `n`th member's value.
    Retype { inner: bool, n: usize, value: Value },
    /// Adds a member.
    Add {
        inner: bool,
        key: String,
        value: Value,
    },
    /// Replaces the whole document.
    Replace(Value),
}

fn arb_mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<bool>(), 0usize..8).prop_map(|(inner, n)| Mutation::Remove { inner, n }),
        (any::<bool>(), 0usize..8, arb_json()).prop_map(|(inner, n, value)| Mutation::Retype {
            inner,
            n,
            value
        }),
        (any::<bool>(), arb_key(), arb_json()).prop_map(|(inner, key, value)| Mutation::Add {
            inner,
            key,
            value
        }),
        arb_json().prop_map(Mutation::Replace),
    ]
}

/// The object a mutation works on: the error object for `inner` when the
/// document has one, else the document.
fn target(doc: &mut Value, inner: bool) -> Option<&mut Map<String, Value>> {
    let object = doc.as_object_mut()?;
    let nested = ["error", "failure"]
        .into_iter()
        .find(|key| object.get(*key).is_some_and(Value::is_object));
    match (inner, nested) {
        (true, Some(key)) => object.get_mut(key)?.as_object_mut(),
        _ => Some(object),
    }
}

fn mutate(mut doc: Value, mutation: &Mutation) -> Value {
    match mutation {
        Mutation::Remove { inner, n } => {
            if let Some(object) = target(&mut doc, *inner) {
                if let Some(key) = object.keys().nth(*n).cloned() {
                    object.remove(&key);
                }
            }
        }
        Mutation::Retype { inner, n, value } => {
            if let Some(object) = target(&mut doc, *inner) {
                if let Some(key) = object.keys().nth(*n).cloned() {
                    object.insert(key, value.clone());
                }
            }
        }
        Mutation::Add { inner, key, value } => {
            if let Some(object) = target(&mut doc, *inner) {
                object.insert(key.clone(), value.clone());
            }
        }
        Mutation::Replace(value) => doc = value.clone(),
    }
    doc
}

/// The document `profile` prints for `outcome`, parsed.
fn printed(profile: &Profile, outcome: &Outcome) -> Option<Value> {
    let out = profile.render(outcome);
    let text = match (outcome.is_ok() && out.is_ok(), out.stdout.is_empty()) {
        (_, false) => out.stdout,
        _ => out.stderr,
    };
    (!text.is_empty()).then(|| serde_json::from_str(&text).expect("the writer prints JSON"))
}

struct Checks {
    profile: &'static Profile,
    open: jsonschema::Validator,
    closed: jsonschema::Validator,
}

fn checks() -> Vec<Checks> {
    PROFILES
        .iter()
        .map(|profile| Checks {
            profile,
            open: jsonschema::draft202012::new(&profile.schema(&[])).expect("a valid schema"),
            closed: jsonschema::draft202012::new(&profile.schema(&[Code::ENUM, Warn::ENUM]))
                .expect("a valid schema"),
        })
        .collect()
}

fn cases() -> u32 {
    match std::env::var_os("SPONSON_CODES_SLOW_TESTS") {
        Some(_) => 3000,
        None => 300,
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn schema_and_reader_agree_on_written_and_mutated_documents(
        outcome in arb_outcome(),
        mutations in prop::collection::vec(arb_mutation(), 0..3),
    ) {
        thread_local!(static CHECKS: Vec<Checks> = checks());
        CHECKS.with(|all| {
            for checks in all {
                let profile = checks.profile;
                let Some(doc) = printed(profile, &outcome) else { continue };
                // Everything the writer writes reads back, and validates,
                // with this program's codes too.
                prop_assert!(checks.closed.is_valid(&doc), "{}: {doc}", profile.name);
                prop_assert!(profile.read_value::<Value, Value>(doc.clone()).is_ok(), "{}: {doc}", profile.name);
                let mut doc = doc;
                for mutation in &mutations {
                    doc = mutate(doc, mutation);
                    let schema = checks.open.is_valid(&doc);
                    let reader = profile.read_value::<Value, Value>(doc.clone());
                    prop_assert_eq!(
                        schema,
                        reader.is_ok(),
                        "{}: {} ({:?})",
                        profile.name,
                        doc,
                        reader.err()
                    );
                }
            }
            Ok(())
        })?;
    }
}

#[test]
fn the_closed_schema_refuses_codes_and_exits_the_program_does_not_have() {
    let doc = json!({"status": "error", "envelopeVersion": 3, "verb": "push",
        "error": {"code": "lock-held", "message": "m", "exitCode": 3}});
    let closed = jsonschema::draft202012::new(&NOGGIN.schema(&[Code::ENUM])).unwrap();
    let open = jsonschema::draft202012::new(&NOGGIN.schema(&[])).unwrap();
    assert!(closed.is_valid(&doc) && open.is_valid(&doc));
    let unknown = mutate(
        doc.clone(),
        &Mutation::Add {
            inner: true,
            key: "code".into(),
            value: json!("quota-gone"),
        },
    );
    assert!(!closed.is_valid(&unknown) && open.is_valid(&unknown));
    // The reader keeps an unknown code's string, as the open schema allows.
    let read = NOGGIN.read_value::<Value, Value>(unknown).unwrap();
    assert_eq!(read.result.unwrap_err().code, "quota-gone");
}
