use std::collections::BTreeMap;

use serde::ser::{Error as _, SerializeMap as _};
use serde::{Serialize, Serializer};
use serde_json::{json, Map, Value};

use crate::document::profile::RESERVED_DATA_KEYS;
use crate::json::kind as json_kind;
use crate::profile::{Envelope, ErrorBody};
use crate::Details;

/// The envelope of success `data`, as printed now.
fn data<T: Serialize>(data: T) -> Result<String, String> {
    serde_json::to_string(&Envelope::<T>::success("c", data)).map_err(|e| e.to_string())
}

/// The envelope of a failure with `details`, as printed now.
fn details<D: Serialize + 'static>(details: D) -> Result<String, String> {
    let body = ErrorBody {
        code: "X".into(),
        message: "m".into(),
        hint: None,
        details,
    };
    serde_json::to_string(&Envelope::<(), D>::failure("c", body)).map_err(|e| e.to_string())
}

/// The envelope as `to_value` printed it, the reference for the bytes.
struct Old<T>(Result<T, T>);

impl<T: Serialize> Serialize for Old<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let (value, reserved, ok) = match &self.0 {
            Ok(data) => (data, &RESERVED_DATA_KEYS[..], true),
            Err(details) => (details, &Details::RESERVED_KEYS[..], false),
        };
        let fields = match serde_json::to_value(value).map_err(S::Error::custom)? {
            Value::Null => Map::new(),
            Value::Object(map) => map,
            other if ok => Map::from_iter([("data".to_owned(), other)]),
            other => {
                let kind = json_kind(&other);
                let msg = format!("details must serialize to a JSON object, not {kind}");
                return Err(S::Error::custom(msg));
            }
        };
        if let Some(key) = fields.keys().find(|key| reserved.contains(&key.as_str())) {
            return Err(S::Error::custom(match ok {
                true => format!("data key `{key}` is reserved by the envelope"),
                false => format!("detail key `{key}` is reserved"),
            }));
        }
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("ok", &ok)?;
        map.serialize_entry("command", "c")?;
        if ok {
            for (key, value) in &fields {
                map.serialize_entry(key, value)?;
            }
        } else {
            map.serialize_entry("error", &OldError(fields))?;
        }
        map.end()
    }
}

/// The error object before: code and message, then the details.
struct OldError(Map<String, Value>);

impl Serialize for OldError {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("code", "X")?;
        map.serialize_entry("message", "m")?;
        for (key, value) in &self.0 {
            map.serialize_entry(key, value)?;
        }
        map.end()
    }
}

fn old<T: Serialize>(result: Result<T, T>) -> Result<String, String> {
    serde_json::to_string(&Old(result)).map_err(|e| e.to_string())
}

/// The same document now as before, key order aside; `bytes` when the value
/// is a map (whose keys were and are written in sorted order).
fn same<T: Serialize + Clone + 'static>(value: T, bytes: bool) {
    for (new, old) in [
        (data(value.clone()), old(Ok(value.clone()))),
        (details(value.clone()), old(Err(value.clone()))),
    ] {
        match (&new, &old) {
            (Ok(new), Ok(old)) if bytes => assert_eq!(new, old),
            (Ok(new), Ok(old)) => {
                let parse = |text: &str| serde_json::from_str::<Value>(text).unwrap();
                assert_eq!(parse(new), parse(old), "{new} against {old}");
            }
            _ => assert_eq!(new, old),
        }
    }
}

#[derive(Serialize, Clone)]
struct Lock {
    scope: &'static str,
    holder: Option<u32>,
    inner: Inner,
}

#[derive(Serialize, Clone)]
struct Inner {
    z: f32,
    a: Vec<u8>,
}

#[derive(Serialize, Clone)]
struct Wrapped(Lock);

#[derive(Serialize, Clone)]
struct Unit;

#[derive(Serialize, Clone, PartialEq, Eq, PartialOrd, Ord)]
#[allow(dead_code)]
enum Shape {
    #[serde(rename = "ok")]
    Ok,
    Plain,
    New(u32),
    Tuple(u8, &'static str),
    Struct {
        b: u8,
        a: u8,
    },
    Struct2 {
        a: u8,
        b: u8,
    },
    #[serde(rename = "hint")]
    Hint(u8),
}

#[derive(Serialize, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct KeyName(&'static str);

/// A map with float keys, which `serde_json` writes as numbers in strings.
#[derive(Clone)]
struct FloatKeys(Vec<f64>);

impl Serialize for FloatKeys {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        for key in &self.0 {
            map.serialize_entry(key, &1)?;
        }
        map.end()
    }
}

#[derive(Serialize, Clone)]
struct Held {
    holder: u32,
    scope: &'static str,
    since: Option<&'static str>,
}

fn held() -> Held {
    Held {
        holder: 41,
        scope: "prod",
        since: None,
    }
}

fn lock() -> Lock {
    Lock {
        scope: "prod",
        holder: Some(41),
        inner: Inner {
            z: 0.5,
            a: vec![1, 2],
        },
    }
}

#[test]
fn maps_and_structs_are_flattened() {
    let mut map = Details::new();
    map.insert("scope", "prod");
    map.insert("holder", &41);
    assert_eq!(
        data(&map).unwrap(),
        r#"{"ok":true,"command":"c","holder":41,"scope":"prod"}"#
    );
    assert_eq!(
        details(map.clone()).unwrap(),
        r#"{"ok":false,"command":"c","error":{"code":"X","message":"m","holder":41,"scope":"prod"}}"#
    );
    // Details written as they are, and through `to_value`: the same bytes.
    assert_eq!(details(map.clone()), details(map.clone().into_map()));
    let fields = r#""holder":41,"scope":"prod","since":null"#;
    assert_eq!(
        data(held()).unwrap(),
        format!(r#"{{"ok":true,"command":"c",{fields}}}"#)
    );
    let error =
        format!(r#"{{"ok":false,"command":"c","error":{{"code":"X","message":"m",{fields}}}}}"#);
    assert_eq!(details(held()).unwrap(), error);
    // Unsorted fields print sorted, through `to_value`, as they always did.
    let fields = r#""holder":41,"inner":{"a":[1,2],"z":0.5},"scope":"prod""#;
    assert_eq!(
        data(lock()).unwrap(),
        format!(r#"{{"ok":true,"command":"c",{fields}}}"#)
    );
}

#[test]
fn some_and_newtypes_forward() {
    let flat = data(lock()).unwrap();
    assert_eq!(data(Some(lock())).unwrap(), flat);
    assert_eq!(data(Wrapped(lock())).unwrap(), flat);
    assert_eq!(data(Some(Wrapped(lock()))).unwrap(), flat);
    assert_eq!(
        details(Some(Wrapped(lock()))).unwrap(),
        details(lock()).unwrap()
    );
    assert_eq!(
        data(Shape::New(3)).unwrap(),
        r#"{"ok":true,"command":"c","New":3}"#
    );
}

#[test]
fn nothing_writes_nothing() {
    let bare = r#"{"ok":true,"command":"c"}"#;
    let no_details = r#"{"ok":false,"command":"c","error":{"code":"X","message":"m"}}"#;
    for (new_data, new_details) in [
        (data(()), details(())),
        (data(None::<Lock>), details(None::<Lock>)),
        (data(Unit), details(Unit)),
        (data(f64::NAN), details(f32::INFINITY)),
        (data(Details::new()), details(Details::new())),
    ] {
        assert_eq!(new_data.unwrap(), bare);
        assert_eq!(new_details.unwrap(), no_details);
    }
}

#[test]
fn other_data_goes_under_data() {
    assert_eq!(
        data([1, 2]).unwrap(),
        r#"{"ok":true,"command":"c","data":[1,2]}"#
    );
    assert_eq!(
        data("x").unwrap(),
        r#"{"ok":true,"command":"c","data":"x"}"#
    );
    assert_eq!(
        data(Shape::Plain).unwrap(),
        r#"{"ok":true,"command":"c","data":"Plain"}"#
    );
    assert_eq!(
        data(Some(true)).unwrap(),
        r#"{"ok":true,"command":"c","data":true}"#
    );
    assert_eq!(
        data(-7i128).unwrap(),
        r#"{"ok":true,"command":"c","data":-7}"#
    );
    assert_eq!(data(u128::MAX).unwrap_err(), "number out of range");
}

#[test]
fn other_details_are_refused() {
    let refused = |kind: &str| format!("details must serialize to a JSON object, not {kind}");
    assert_eq!(details([1, 2]).unwrap_err(), refused("an array"));
    assert_eq!(details((1, 2)).unwrap_err(), refused("an array"));
    assert_eq!(details("x").unwrap_err(), refused("a string"));
    assert_eq!(details('x').unwrap_err(), refused("a string"));
    assert_eq!(details(Shape::Plain).unwrap_err(), refused("a string"));
    assert_eq!(details(3u8).unwrap_err(), refused("a number"));
    assert_eq!(details(1.5).unwrap_err(), refused("a number"));
    assert_eq!(details(Some(false)).unwrap_err(), refused("a boolean"));
}

#[test]
fn variants_are_objects() {
    let tuple = data(Shape::Tuple(1, "a")).unwrap();
    assert_eq!(tuple, r#"{"ok":true,"command":"c","Tuple":[1,"a"]}"#);
    let fields = details(Shape::Struct { b: 2, a: 1 }).unwrap();
    let error = r#"{"code":"X","message":"m","Struct":{"a":1,"b":2}}"#;
    assert_eq!(
        fields,
        format!(r#"{{"ok":false,"command":"c","error":{error}}}"#)
    );
}

#[test]
fn reserved_detail_keys_are_refused() {
    for key in Details::RESERVED_KEYS {
        let refused = format!("detail key `{key}` is reserved");
        let map: BTreeMap<_, _> = [("a", 1), (key, 2)].into();
        assert_eq!(details(map).unwrap_err(), refused);
        assert_eq!(details(json!({ key: null })).unwrap_err(), refused);
        assert_eq!(
            details(BTreeMap::from([(KeyName(key), 1)])).unwrap_err(),
            refused
        );
    }
    #[derive(Serialize)]
    struct Shadow {
        message: u8,
    }
    assert_eq!(
        details(Shadow { message: 1 }).unwrap_err(),
        "detail key `message` is reserved"
    );
    assert_eq!(
        details(Shape::Hint(1)).unwrap_err(),
        "detail key `hint` is reserved"
    );
    assert!(data(Shadow { message: 1 }).is_ok());
}

#[test]
fn reserved_data_keys_are_refused() {
    for key in RESERVED_DATA_KEYS {
        let refused = format!("data key `{key}` is reserved by the envelope");
        let map: BTreeMap<_, _> = [("a", 1), (key, 2)].into();
        assert_eq!(data(map).unwrap_err(), refused);
        assert_eq!(data(Some(json!({ key: [] }))).unwrap_err(), refused);
    }
    #[derive(Serialize)]
    struct Shadow {
        command: u8,
    }
    assert_eq!(
        data(Shadow { command: 1 }).unwrap_err(),
        "data key `command` is reserved by the envelope"
    );
    let keyed = BTreeMap::from([(Shape::Ok, 1)]);
    assert_eq!(
        data(keyed).unwrap_err(),
        "data key `ok` is reserved by the envelope"
    );
    assert!(details(Shadow { command: 1 }).is_ok());
}

#[test]
fn keys_that_are_not_strings_read_as_before() {
    let ints = BTreeMap::from([(-1, "a"), (7, "b")]);
    assert_eq!(
        data(&ints).unwrap(),
        r#"{"ok":true,"command":"c","-1":"a","7":"b"}"#
    );
    same(ints, true);
    same(BTreeMap::from([(true, 1), (false, 2)]), true);
    same(BTreeMap::from([('k', 1)]), true);
    same(BTreeMap::from([(u128::MAX, 1)]), true);
    same(BTreeMap::from([(Shape::Plain, 1)]), true);
    same(BTreeMap::from([(KeyName("k"), 1)]), true);
    same(FloatKeys(vec![-0.0, 1.5, 1e300]), true);
    same(FloatKeys(vec![f64::NAN]), true);
    same(BTreeMap::from([((1, 2), 1)]), true);
    same(BTreeMap::from([(Some("k"), 1)]), true);
    same(BTreeMap::from([(Shape::New(1), 1)]), true);
}

#[test]
fn output_matches_the_old_to_value_output() {
    let mut map = Details::new();
    map.insert("since", "2026-11-30");
    map.insert("holder", &41);
    map.insert("scope", "prod");
    same(map, true);
    same(json!({"b": {"y": 1, "x": [1.5, null]}, "a": "é\n"}), true);
    same(json!({"ok": 1, "message": 2}), true);
    same(json!([1, {"k": 2}]), true);
    same(json!(null), true);
    same(json!("text"), true);
    same((), true);
    same(u128::MAX, true);
    same(-5i128, true);
    same(f64::NAN, true);
    same(Shape::Tuple(1, "a"), true);
    same(Shape::Struct { b: 2, a: 1 }, true);
    same(Shape::Hint(2), true);
    same(Shape::Plain, true);
    same(Some(Shape::New(1)), true);
    same(Unit, true);
    same(vec![lock()], true);
    same(lock(), true);
    same(Some(Wrapped(lock())), true);
    same(held(), true);
    same(Shape::Struct2 { a: 1, b: 2 }, true);
}

/// Unsorted or duplicate keys at any depth, keys that are not strings, `f32`,
/// 128-bit integers: printed as `to_value` prints them.
#[test]
fn values_print_as_to_value_prints_them() {
    let many: std::collections::HashMap<String, u8> =
        (0..40).map(|i| (format!("k{i}"), i)).collect();
    same(many, true);
    let long = "k".repeat(60);
    same(
        BTreeMap::from([(format!("{long}a"), 1), (format!("{long}b"), 2)]),
        true,
    );
    same(FloatKeys(vec![1.5, -0.0]), true);
    same(BTreeMap::from([(2, 1), (10, 2)]), true);
    same(BTreeMap::from([("a", lock())]), true);
    same(vec![Some(lock())], true);
    same(json!({"a": [1, {"b": Inner { z: 0.5, a: vec![] }}]}), true);
    same(1.1f32, true);
    same(Shape::New(u128::MAX as u32), true);
    same(BTreeMap::from([("k", 1u128 << 70)]), true);
    assert_eq!(
        data(1.1f32).unwrap(),
        r#"{"ok":true,"command":"c","data":1.100000023841858}"#
    );
}

#[test]
fn details_print_as_before() {
    let mut details = Details::new();
    let long = "k".repeat(40);
    details.insert(
        &format!("{long}b"),
        &json!({"z": null, "y": [1, {"x": 2.5}]}),
    );
    details.insert(&format!("{long}a"), &held());
    details.insert("l", &[] as &[u8]);
    same(details, true);
}
