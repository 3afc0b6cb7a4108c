//! A warning raised by a command: a listed warning code, a message and
//! details, attached to the outcome without changing its exit code.

use serde::ser::SerializeMap;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::code::details::Details;
use crate::code::WarningCode;

/// One warning attached to a command's outcome: a listed warning code, a
/// message for people and details. Printed in the envelope's `warnings` list
/// as `{"code", "message", "hint"?, ...details}`; it never changes the exit code.
///
/// ```
/// use sponson_codes::{Warning, WarningCodes};
///
/// #[derive(WarningCodes)]
/// enum Warn {
///     #[code(doc = "A YAML anchor or alias was expanded.", hint = "Write the value out.")]
///     YamlAnchor,
/// }
///
/// let warning = Warning::new(Warn::YamlAnchor, "anchor &base expanded").with_detail("line", &3);
/// assert_eq!(
///     serde_json::to_string(&warning).unwrap(),
///     r#"{"code":"YAML_ANCHOR","message":"anchor &base expanded","hint":"Write the value out.","line":3}"#
/// );
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Warning {
    code: String,
    message: String,
    hint: Option<String>,
    details: Details,
}

impl Warning {
    /// A warning of `code` with `message`, its details taken from the fields
    /// of `code` marked `#[code(detail)]`.
    pub fn new<W: WarningCode>(code: W, message: impl Into<String>) -> Self {
        let mut details = Details::new();
        code.write_details(&mut details);
        Warning {
            code: code.code().to_owned(),
            message: message.into(),
            hint: code.hint().map(str::to_owned),
            details,
        }
    }

    /// A warning of `code` whose message is the code's doc line.
    pub fn plain<W: WarningCode>(code: W) -> Self {
        let message = code.doc();
        Warning::new(code, message)
    }

    /// Replaces the code's hint for this warning.
    pub fn with_hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }

    /// Adds one detail; `code`, `message` and `hint` are refused (see [`Details::insert`]).
    pub fn with_detail<T: Serialize + ?Sized>(mut self, key: &str, value: &T) -> Self {
        self.details.insert(key, value);
        self
    }

    /// The code string.
    pub fn code(&self) -> &str {
        &self.code
    }

    /// The message for people.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The hint, when there is one.
    pub fn hint(&self) -> Option<&str> {
        self.hint.as_deref()
    }

    /// The details.
    pub fn details(&self) -> &Details {
        &self.details
    }

    /// Whether `W` lists this warning's code (a reader's check: a code it
    /// does not know is still a warning, only not one it can name).
    pub fn is_known<W: WarningCode>(&self) -> bool {
        W::ENUM.get(&self.code).is_some()
    }
}

impl Serialize for Warning {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("code", &self.code)?;
        map.serialize_entry("message", &self.message)?;
        if let Some(hint) = &self.hint {
            map.serialize_entry("hint", hint)?;
        }
        for (key, value) in self.details.as_map() {
            map.serialize_entry(key, value)?;
        }
        map.end()
    }
}

impl Warning {
    /// The same warning with its text escaped for people, as
    /// `Error::for_people`.
    #[cfg(feature = "runner")]
    pub(crate) fn for_people(mut self, escape: crate::escape::Escape) -> Self {
        use crate::escape::escape_in_place;
        if !escape.0 {
            return self;
        }
        escape_in_place(&mut self.code);
        escape_in_place(&mut self.message);
        self.hint.iter_mut().for_each(escape_in_place);
        self.details.escape_strings();
        self
    }

    /// A warning object's members, under the reader's rules: `code` and
    /// `message` are required strings, `hint` a string when present, every
    /// other member a detail.
    pub(crate) fn from_fields(mut map: Map<String, Value>) -> Result<Warning, String> {
        let mut text = |key: &str, required: bool| match crate::json::take(&mut map, key) {
            Some(Value::String(text)) => Ok(Some(text)),
            None if !required => Ok(None),
            None => Err(format!("a warning has no `{key}`")),
            Some(_) => Err(format!("a warning's `{key}` must be a string")),
        };
        let code = text("code", true)?.unwrap_or_default();
        let message = text("message", true)?.unwrap_or_default();
        let hint = text("hint", false)?;
        let details = Details::from_value(Value::Object(map)).map_err(|e| e.to_string())?;
        Ok(Warning {
            code,
            message,
            hint,
            details,
        })
    }
}

impl<'de> Deserialize<'de> for Warning {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use serde::de::Error as _;
        match crate::json::read::deserialize(deserializer)? {
            Value::Object(map) => Warning::from_fields(map).map_err(D::Error::custom),
            other => Err(D::Error::custom(format_args!(
                "a warning must be an object, not {}",
                crate::json::kind(&other)
            ))),
        }
    }
}
