//! Details: the structured fields of an error, beside its code and message.

use serde::Serialize;
use serde_json::{Map, Value};

/// The details of a coded error: a JSON object of diagnostic fields.
///
/// ```
/// use sponson_codes::Details;
///
/// let mut details = Details::new();
/// details.insert("scope", "prod");
/// details.insert("attempts", &3);
/// assert_eq!(details.as_map()["attempts"], 3);
/// ```
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Details {
    map: Map<String, Value>,
}

impl Details {
    /// No details.
    pub fn new() -> Self {
        Details::default()
    }

    /// Adds `key`, serializing `value`; a value that fails to serialize is
    /// recorded as `null` rather than dropped, so the key still shows.
    pub fn insert<T: Serialize + ?Sized>(&mut self, key: &str, value: &T) {
        let value = serde_json::to_value(value).unwrap_or(Value::Null);
        self.map.insert(key.to_owned(), value);
    }

    /// The details as a JSON object.
    pub fn as_map(&self) -> &Map<String, Value> {
        &self.map
    }

    /// The details as a JSON object, by value.
    pub fn into_map(self) -> Map<String, Value> {
        self.map
    }

    /// Whether there are no details.
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }
}
