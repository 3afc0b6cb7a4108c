//! JSON as every document of this crate writes and reads it: the depth
//! bound, the one reader's rules, and the writers that keep one document on
//! one line. The layer under everything: it knows no code, error or shape.

pub(crate) mod depth;
pub(crate) mod read;
#[cfg(feature = "registry")]
pub(crate) mod tree;
pub(crate) mod write;

use serde_json::{Map, Value};

/// Removes `key` from `map`, keeping the order of the other members: with
/// serde_json's `preserve_order`, `Map::remove` moves the last member into
/// the removed one's place.
pub(crate) fn take(map: &mut Map<String, Value>, key: &str) -> Option<Value> {
    let value = map.get_mut(key).map(Value::take)?;
    map.retain(|known, _| known != key);
    Some(value)
}

/// "an array", "a string", ...: for error messages.
pub(crate) fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}
