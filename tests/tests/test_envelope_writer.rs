//! The envelope writer: every check before the first byte, so a refused
//! envelope leaves nothing in the writer; and a bounded depth, so deep data
//! built in code is a coded failure instead of a stack overflow.

use std::collections::BTreeMap;
use std::panic::{self, AssertUnwindSafe};

use serde::ser::{Error as _, SerializeSeq, SerializeStruct};
use serde::{Serialize, Serializer};
use serde_json::{json, Map, Value};
use sponson_codes::{
    profile::{Envelope, ErrorBody, RESERVED_DATA_KEYS},
    Details, Error, ErrorCodes, Mode, Runner,
};

#[derive(Debug, Clone, Copy, PartialEq, Eq, ErrorCodes)]
enum Code {
    #[code(exit = 3, doc = "Another run holds the lock.", hint = "Pass --wait.")]
    LockHeld,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

/// Serializes `value` into a fresh buffer: the result and what was written.
fn write<T: Serialize>(value: &T) -> (Result<(), serde_json::Error>, String) {
    let mut buf = Vec::new();
    let result = value.serialize(&mut serde_json::Serializer::new(&mut buf));
    (result, String::from_utf8(buf).unwrap())
}

fn failure<D>(details: D) -> Envelope<(), D> {
    Envelope::failure(
        "apply",
        ErrorBody {
            code: "LOCK_HELD".into(),
            message: "held".into(),
            hint: None,
            details,
        },
    )
}

/// A struct whose second field fails to serialize.
struct FailsLate;

impl Serialize for FailsLate {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut fields = serializer.serialize_struct("FailsLate", 2)?;
        fields.serialize_field("a", &1)?;
        fields.serialize_field("b", &Late)?;
        fields.end()
    }
}

struct Late;

impl Serialize for Late {
    fn serialize<S: Serializer>(&self, _: S) -> Result<S::Ok, S::Error> {
        Err(S::Error::custom("late failure"))
    }
}

/// A struct whose second field panics.
#[derive(Serialize)]
struct PanicsLate {
    a: u8,
    b: Bomb,
}

struct Bomb;

impl Serialize for Bomb {
    fn serialize<S: Serializer>(&self, _: S) -> Result<S::Ok, S::Error> {
        panic!("bomb")
    }
}

#[test]
fn a_refused_success_envelope_writes_nothing() {
    for key in ["ok", "command", "error"] {
        // `a` sorts before the reserved key: a writer that checks keys as it
        // goes has written `"a":1` by the time it refuses.
        let data = BTreeMap::from([("a", 1), (key, 2)]);
        let (result, written) = write(&Envelope::<_>::success("x", data));
        let err = result.unwrap_err().to_string();
        assert!(
            err.contains(&format!("data key `{key}` is reserved")),
            "{err}"
        );
        assert_eq!(written, "", "a partial document was left in the writer");
    }
    let (result, written) = write(&Envelope::<_>::success("x", FailsLate));
    assert!(result.unwrap_err().to_string().contains("late failure"));
    assert_eq!(written, "");
}

#[test]
fn a_refused_failure_envelope_writes_nothing() {
    for key in ["code", "message", "hint"] {
        let mut details = Map::new();
        details.insert("a".into(), json!(1));
        details.insert(key.into(), json!(2));
        let (result, written) = write(&failure(details));
        let err = result.unwrap_err().to_string();
        assert!(
            err.contains(&format!("detail key `{key}` is reserved")),
            "{err}"
        );
        assert_eq!(written, "");
    }
    // `Details` that recorded a refused key refuse to be written.
    let mut details = Details::new();
    details.insert("a", &1);
    details.insert("hint", "x");
    let (result, written) = write(&failure(details));
    assert!(result
        .unwrap_err()
        .to_string()
        .contains("detail key `hint` is reserved"));
    assert_eq!(written, "");
    let (result, written) = write(&failure(FailsLate));
    assert!(result.is_err());
    assert_eq!(written, "");
    let (result, written) = write(&failure(vec![1, 2]));
    assert!(result.unwrap_err().to_string().contains("not an array"));
    assert_eq!(written, "");
}

#[test]
fn a_panicking_serialize_leaves_nothing_written() {
    let mut buf = Vec::new();
    let caught = panic::catch_unwind(AssertUnwindSafe(|| {
        let envelope = Envelope::<_>::success("x", PanicsLate { a: 1, b: Bomb });
        let _ = envelope.serialize(&mut serde_json::Serializer::new(&mut buf));
    }));
    assert!(caught.is_err());
    assert_eq!(String::from_utf8(buf).unwrap(), "");
}

/// The runner of the command `apply` in JSON mode.
fn json_mode() -> Runner<Code> {
    Runner::new("apply", Mode::Json)
}

#[test]
fn error_is_a_reserved_data_key() {
    assert!(RESERVED_DATA_KEYS.contains(&"error"));
    let out = json_mode().render(|| Ok::<_, Error<Code>>(json!({"error": {"code": "X"}})));
    assert_eq!(out.exit, 1);
    let doc: Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(doc["ok"], false);
    assert_eq!(doc["error"]["code"], "INTERNAL");
    // Inside a nested object, `error` is data like any other key.
    let nested = json_mode().render(|| Ok::<_, Error<Code>>(json!({"step": {"error": 1}})));
    assert_eq!(nested.exit, 0);
}

/// An array `levels` deep built without allocating, as a recursive type in a
/// program would: `[[[...[0]...]]]`.
struct Deep(usize);

impl Serialize for Deep {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.0 == 0 {
            return serializer.serialize_u8(0);
        }
        let mut seq = serializer.serialize_seq(Some(1))?;
        seq.serialize_element(&Deep(self.0 - 1))?;
        seq.end()
    }
}

/// `Some(Some(...Some(0)...))` `levels` deep: no JSON nesting at all, but as
/// many nested `Serialize` calls.
struct Chain(usize);

impl Serialize for Chain {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            0 => serializer.serialize_u8(0),
            n => serializer.serialize_some(&Chain(n - 1)),
        }
    }
}

/// A success document `levels` deep under `data`: the envelope is one level
/// more.
fn deep_success(levels: usize) -> (u8, String) {
    let out = json_mode().render(|| Ok::<_, Error<Code>>(Deep(levels)));
    (out.exit, out.stdout)
}

#[test]
fn deep_data_is_the_fallback_code_in_both_modes() {
    // 500: just under the walk's bound, so `to_value` recurses that deep too.
    for levels in [500, 100_000, 1_000_000] {
        for mode in [Mode::Json, Mode::Text] {
            let out =
                Runner::<Code>::new("apply", mode).render(|| Ok::<_, Error<Code>>(Deep(levels)));
            assert_eq!(out.exit, 1, "{mode:?}");
            if mode == Mode::Json {
                let doc: Value = serde_json::from_str(&out.stdout).unwrap();
                assert_eq!(doc["error"]["code"], "INTERNAL");
                let message = doc["error"]["message"].as_str().unwrap();
                assert!(message.contains("deeper than"), "{message}");
            }
        }
    }
    let chain = |levels| {
        Runner::<Code>::new("apply", Mode::Json).render(|| Ok::<_, Error<Code>>(Chain(levels)))
    };
    assert_eq!(
        chain(500).stdout,
        "{\"ok\":true,\"command\":\"apply\",\"data\":0}\n"
    );
    assert_eq!(chain(1_000_000).exit, 1);
}

#[test]
fn every_document_written_is_one_serde_json_reads_back() {
    // serde_json reads 127 levels of nesting by default, the envelope's own
    // included.
    let (exit, stdout) = deep_success(126);
    assert_eq!(exit, 0);
    let doc: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(doc["ok"], true);
    let (exit, stdout) = deep_success(127);
    assert_eq!(exit, 1, "{stdout:.300}");
    // Object data shares the envelope's level.
    let object = |levels| {
        let data = BTreeMap::from([("deep", Deep(levels))]);
        json_mode().render(|| Ok::<_, Error<Code>>(data))
    };
    let out = object(126);
    assert_eq!(out.exit, 0);
    serde_json::from_str::<Value>(&out.stdout).unwrap();
    assert_eq!(object(127).exit, 1);
    // A detail is one level further in: the error object.
    let detail = |levels| {
        let err = Error::new(Code::LockHeld, "held").with_detail("deep", &Deep(levels));
        json_mode().render(|| Err::<(), _>(err))
    };
    let out = detail(125);
    assert_eq!(out.exit, 3);
    serde_json::from_str::<Value>(&out.stdout).unwrap();
    let out = detail(126);
    assert_eq!(out.exit, 1, "{:.300}", out.stdout);
    let out = detail(100_000);
    assert_eq!(out.exit, 1);
}

#[test]
fn deep_details_are_refused_when_built() {
    let err = Error::new(Code::LockHeld, "held").with_detail("deep", &Deep(1_000_000));
    assert!(err.is_fallback());
    assert!(err.message().contains("deeper than"), "{}", err.message());
    let err = Error::new(Code::LockHeld, "held").with_details(&json!({"a": 1}));
    assert!(!err.is_fallback());
    let deep = (0..200).fold(json!(0), |inner, _| json!([inner]));
    assert!(Details::from_value(json!({ "deep": deep })).is_err());
}
