//! Details: the structured fields of an error, beside its code and message.

use core::fmt;

use serde::Serialize;
use serde_json::{Map, Value};

use crate::json::depth::{self, Unwritable, MAX_LEVELS};

/// The details of a coded error: a JSON object of diagnostic fields.
///
/// The keys `code`, `message` and `hint` belong to the error object itself,
/// so details can never take them: [`insert`](Details::insert) refuses such a
/// key and records the refusal, which turns the error carrying these details
/// into its enum's fallback code (a programming error is reported, never
/// silently shadowed).
///
/// ```
/// use sponson_codes::Details;
///
/// let mut details = Details::new();
/// details.insert("scope", "prod");
/// details.insert("attempts", &3);
/// assert_eq!(details.as_map()["attempts"], 3);
/// assert!(details.problem().is_none());
///
/// details.insert("code", "SHADOW");
/// assert!(!details.as_map().contains_key("code"));
/// assert_eq!(details.problem().unwrap().to_string(), "detail key `code` is reserved");
/// ```
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Details {
    map: Map<String, Value>,
    problem: Option<DetailsError>,
}

impl Details {
    /// The keys of an error object that details can never take.
    pub const RESERVED_KEYS: [&'static str; 5] =
        ["code", "message", "hint", "retryable", "localized_message"];

    /// No details.
    pub fn new() -> Self {
        Details::default()
    }

    /// Details from a typed value, which must serialize to a JSON object
    /// (or to `null` / unit, meaning no details) without reserved keys.
    ///
    /// ```
    /// use serde::Serialize;
    /// use sponson_codes::Details;
    ///
    /// #[derive(Serialize)]
    /// struct Lock<'a> {
    ///     scope: &'a str,
    ///     holder: Option<&'a str>,
    /// }
    ///
    /// let details = Details::from_serialize(&Lock { scope: "prod", holder: None }).unwrap();
    /// assert_eq!(details.as_map()["holder"], serde_json::Value::Null);
    ///
    /// let err = Details::from_serialize(&[1, 2]).unwrap_err();
    /// assert_eq!(err.to_string(), "details must serialize to a JSON object, not an array");
    /// ```
    pub fn from_serialize<T: Serialize + ?Sized>(value: &T) -> Result<Details, DetailsError> {
        // The error object is one level into the envelope.
        let value = depth::to_value(value, MAX_LEVELS - 1).map_err(|err| match err {
            Unwritable::TooDeep => DetailsError::TooDeep,
            Unwritable::Serialize(err) => DetailsError::Serialize(err.to_string()),
        })?;
        Details::from_value(value)
    }

    /// Details from a JSON value, which must be an object (or `null`, meaning
    /// no details) without reserved keys.
    ///
    /// ```
    /// use sponson_codes::Details;
    ///
    /// let details = Details::from_value(serde_json::json!({"scope": "prod"})).unwrap();
    /// assert_eq!(details.len(), 1);
    /// assert!(Details::from_value(serde_json::json!({"hint": "x"})).is_err());
    /// ```
    pub fn from_value(value: Value) -> Result<Details, DetailsError> {
        match value {
            Value::Null => Ok(Details::new()),
            Value::Object(map) => {
                if let Some(key) = map.keys().find(|key| is_reserved(key)) {
                    return Err(DetailsError::Reserved(key.clone()));
                }
                let map = Value::Object(map);
                if !depth::within(&map, MAX_LEVELS - 1) {
                    return Err(DetailsError::TooDeep);
                }
                let Value::Object(map) = map else {
                    unreachable!("an object was just wrapped")
                };
                Ok(Details { map, problem: None })
            }
            other => Err(DetailsError::NotAnObject(crate::json::kind(&other))),
        }
    }

    /// Adds `key`, serializing `value`; a value that fails to serialize is
    /// recorded as `null` rather than dropped, so the key still shows.
    ///
    /// A reserved key (`code`, `message`, `hint`), or a value that nests
    /// deeper than an envelope writes, is not added; the refusal is kept in
    /// [`problem`](Details::problem).
    ///
    /// ```
    /// use sponson_codes::Details;
    ///
    /// let mut details = Details::new();
    /// details.insert("related", &Vec::<String>::new());
    /// assert_eq!(details.as_map()["related"], serde_json::json!([]));
    /// ```
    pub fn insert<T: Serialize + ?Sized>(&mut self, key: &str, value: &T) {
        if let Err(err) = self.try_insert(key, value) {
            self.record(err);
        }
    }

    /// Adds `key`, serializing `value` (`null` if that fails); a reserved key
    /// or a value that nests too deep is an error and nothing is added.
    ///
    /// ```
    /// use sponson_codes::Details;
    ///
    /// let mut details = Details::new();
    /// assert!(details.try_insert("scope", "prod").is_ok());
    /// assert!(details.try_insert("message", "x").is_err());
    /// assert!(details.problem().is_none());
    /// ```
    pub fn try_insert<T: Serialize + ?Sized>(
        &mut self,
        key: &str,
        value: &T,
    ) -> Result<(), DetailsError> {
        if is_reserved(key) {
            return Err(DetailsError::Reserved(key.to_owned()));
        }
        // Inside the error object, one level into the envelope.
        let value = match depth::to_value(value, MAX_LEVELS - 2) {
            Ok(value) => value,
            Err(Unwritable::TooDeep) => return Err(DetailsError::TooDeep),
            Err(Unwritable::Serialize(_)) => Value::Null,
        };
        self.map.insert(key.to_owned(), value);
        Ok(())
    }

    /// Adds every entry of `other`; a problem in `other` is kept too.
    ///
    /// ```
    /// use sponson_codes::Details;
    ///
    /// let mut a = Details::new();
    /// a.insert("x", &1);
    /// let mut b = Details::new();
    /// b.insert("y", &2);
    /// a.extend(b);
    /// assert_eq!(a.len(), 2);
    /// ```
    pub fn extend(&mut self, other: Details) {
        self.map.extend(other.map);
        if let Some(problem) = other.problem {
            self.problem.get_or_insert(problem);
        }
    }

    /// The value of `key`, if present.
    ///
    /// ```
    /// use sponson_codes::Details;
    ///
    /// let mut details = Details::new();
    /// details.insert("scope", "prod");
    /// assert_eq!(details.get("scope").and_then(|v| v.as_str()), Some("prod"));
    /// ```
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.map.get(key)
    }

    /// The details as a JSON object.
    ///
    /// ```
    /// use sponson_codes::Details;
    ///
    /// let mut details = Details::new();
    /// assert!(details.is_empty());
    /// details.insert("scope", "prod");
    /// assert_eq!(details.len(), 1);
    /// assert_eq!(details.clone().into_map(), *details.as_map());
    /// ```
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

    /// How many details there are.
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// Every string of the details escaped for people (see
    /// `escape::escape_strings`).
    #[cfg(feature = "runner")]
    pub(crate) fn escape_strings(&mut self) {
        self.map
            .values_mut()
            .for_each(crate::escape::escape_strings);
    }

    /// Keeps `problem` unless an earlier one is kept already.
    pub(crate) fn record(&mut self, problem: DetailsError) {
        self.problem.get_or_insert(problem);
    }

    /// The first insertion that was refused, if any: a programming error
    /// that the error carrying these details reports as its fallback code.
    pub fn problem(&self) -> Option<&DetailsError> {
        self.problem.as_ref()
    }
}

/// Details that hold a refused insertion ([`problem`](Details::problem)) fail
/// to serialize with the refusal, so passing them on, as with
/// `Error::with_details(&details)`, reports it instead of dropping it.
impl Serialize for Details {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if let Some(problem) = &self.problem {
            return Err(serde::ser::Error::custom(problem));
        }
        self.map.serialize(serializer)
    }
}

impl<'de> serde::Deserialize<'de> for Details {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = Value::deserialize(deserializer)?;
        Details::from_value(value).map_err(serde::de::Error::custom)
    }
}

/// Why details could not be built: a programming error in the program that
/// raises the error, never a consequence of its input.
///
/// ```
/// use sponson_codes::{Details, DetailsError};
///
/// let err = Details::from_serialize("text").unwrap_err();
/// assert_eq!(err, DetailsError::NotAnObject("a string"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum DetailsError {
    /// The value serialized to something other than a JSON object.
    NotAnObject(&'static str),
    /// The key is one of `code`, `message`, `hint`.
    Reserved(String),
    /// The value failed to serialize.
    Serialize(String),
    /// The details nest deeper than an envelope holds: 126 levels of arrays
    /// and objects, the error object included, so that the envelope's 127
    /// levels are what `serde_json` reads back.
    TooDeep,
}

impl fmt::Display for DetailsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DetailsError::NotAnObject(kind) => {
                write!(f, "details must serialize to a JSON object, not {kind}")
            }
            DetailsError::Reserved(key) => {
                write!(f, "detail key `{}` is reserved", key.escape_debug())
            }
            DetailsError::Serialize(err) => write!(f, "details failed to serialize: {err}"),
            DetailsError::TooDeep => write!(f, "details nest {}", Unwritable::TooDeep),
        }
    }
}

impl std::error::Error for DetailsError {}

pub(crate) fn is_reserved(key: &str) -> bool {
    Details::RESERVED_KEYS.contains(&key)
}

#[cfg(test)]
mod reserved_tests {
    /// The derive refuses these keys for `#[code(detail)]` at compile time
    /// (`sponson-codes-derive/src/check.rs`, `RESERVED_DETAILS`), which cannot
    /// share code with this crate: both test against this same list.
    #[test]
    fn reserved_detail_keys_match_the_derive() {
        assert_eq!(
            super::Details::RESERVED_KEYS,
            ["code", "message", "hint", "retryable", "localized_message"]
        );
    }
}
