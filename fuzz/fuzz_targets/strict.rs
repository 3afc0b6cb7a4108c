//! A second reader of JSON text, written apart from the library's, to check
//! its verdicts against: serde_json's parser with a visitor that refuses a
//! key repeated in one object and nesting deeper than 127 levels.
// Shared by targets that use different parts of it.
#![allow(dead_code)]

use std::collections::HashSet;
use std::fmt;

use serde::de::{DeserializeSeed, Deserializer, Error as _, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

/// The most arrays and objects a document nests, its own included.
pub const MAX_LEVELS: usize = 127;

/// `text` as a value, or `None` when it is not JSON, repeats a key in one
/// object or nests deeper than [`MAX_LEVELS`].
pub fn parse(text: &str) -> Option<Value> {
    let mut de = serde_json::Deserializer::from_str(text);
    let value = Strict { depth: 0 }.deserialize(&mut de).ok()?;
    de.end().ok()?;
    Some(value)
}

/// How many arrays and objects `value` nests (`[]` is 1, a scalar 0).
pub fn depth(value: &Value) -> usize {
    // Iterative: a value read by serde_json can be 128 deep, and callers
    // may build deeper ones.
    let mut deepest = 0;
    let mut stack = vec![(value, 1)];
    while let Some((value, level)) = stack.pop() {
        match value {
            Value::Array(items) => {
                deepest = deepest.max(level);
                stack.extend(items.iter().map(|v| (v, level + 1)));
            }
            Value::Object(fields) => {
                deepest = deepest.max(level);
                stack.extend(fields.values().map(|v| (v, level + 1)));
            }
            _ => {}
        }
    }
    deepest
}

#[derive(Clone, Copy)]
struct Strict {
    /// Arrays and objects around the value being read.
    depth: usize,
}

impl Strict {
    fn inner<E: serde::de::Error>(self) -> Result<Strict, E> {
        if self.depth + 1 > MAX_LEVELS {
            return Err(E::custom("too deep"));
        }
        Ok(Strict {
            depth: self.depth + 1,
        })
    }
}

impl<'de> DeserializeSeed<'de> for Strict {
    type Value = Value;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Strict {
    type Value = Value;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("JSON")
    }
    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(v.into())
    }
    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(v.into())
    }
    fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<Value, E> {
        serde_json::Number::from_f64(v)
            .map(Value::Number)
            .ok_or_else(|| E::custom("not finite"))
    }
    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_owned()))
    }
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let inner = self.inner()?;
        let mut items = Vec::new();
        while let Some(item) = seq.next_element_seed(inner)? {
            items.push(item);
        }
        Ok(Value::Array(items))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let inner = self.inner()?;
        let mut seen = HashSet::new();
        let mut fields = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if !seen.insert(key.clone()) {
                return Err(A::Error::custom("repeated key"));
            }
            fields.insert(key, map.next_value_seed(inner)?);
        }
        Ok(Value::Object(fields))
    }
}
