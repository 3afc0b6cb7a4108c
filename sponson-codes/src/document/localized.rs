//! A failure's message in the reader's language, beside the English
//! `message` every document keeps (the contract).

use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::{Map, Value};

/// A failure's message in one locale: what a document writes under its
/// profile's `localized_message` key (Sponson's error object), a problem
/// document as an extension member, and a gRPC status as AIP-193's
/// `LocalizedMessage`. `message` stays English: consumers branch on the
/// code, and people read this.
///
/// The [`fluent`](crate::profile::fluent) module (feature `fluent`) makes one from a
/// program's `.ftl` files.
///
/// ```
/// use sponson_codes::profile::LocalizedMessage;
///
/// let localized = LocalizedMessage::new("de-DE", "Die Sperre auf prod hält Lauf 41.");
/// assert_eq!(
///     serde_json::to_string(&localized).unwrap(),
///     r#"{"locale":"de-DE","message":"Die Sperre auf prod hält Lauf 41."}"#
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct LocalizedMessage {
    /// The locale the message is in, a BCP 47 tag such as `de-DE`.
    pub locale: String,
    /// The message, in that locale.
    pub message: String,
}

impl LocalizedMessage {
    /// The message `message` in `locale`.
    pub fn new(locale: impl Into<String>, message: impl Into<String>) -> Self {
        LocalizedMessage {
            locale: locale.into(),
            message: message.into(),
        }
    }

    /// The member read back: an object with the strings `locale` and
    /// `message`, and nothing else.
    pub(crate) fn from_value(value: Value) -> Option<Self> {
        let Value::Object(mut fields) = value else {
            return None;
        };
        let text = |key: &str, fields: &mut Map<String, Value>| match fields.remove(key) {
            Some(Value::String(text)) => Some(text),
            _ => None,
        };
        let locale = text("locale", &mut fields)?;
        let message = text("message", &mut fields)?;
        fields
            .is_empty()
            .then_some(LocalizedMessage { locale, message })
    }
}

impl Serialize for LocalizedMessage {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry("locale", &self.locale)?;
        map.serialize_entry("message", &self.message)?;
        map.end()
    }
}
