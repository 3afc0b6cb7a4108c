//! Warning codes: non-fatal findings with a code, a doc line and a hint, but
//! no exit code. A warning never fails a run and never changes its exit code.

use serde::ser::SerializeMap;
use serde::{Deserialize, Serialize};

use crate::code::{CodeInfo, EnumInfo};
use crate::error::details::Details;

/// Whether an enum lists error codes (`#[derive(ErrorCodes)]`) or warning
/// codes (`#[derive(WarningCodes)]`).
///
/// ```
/// use sponson_codes::{CodeKind, WarningCode, WarningCodes};
///
/// #[derive(WarningCodes)]
/// enum Warn {
///     #[code(doc = "A YAML anchor was expanded.")]
///     YamlAnchor,
/// }
///
/// assert_eq!(Warn::ENUM.kind, CodeKind::Warnings);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[non_exhaustive]
pub enum CodeKind {
    /// Error codes: each has an exit code from 1 to 255.
    #[default]
    Errors,
    /// Warning codes: no exit code (their `CodeInfo::exit` is 0), no fallback.
    Warnings,
}

impl CodeKind {
    /// `"errors"` or `"warnings"`, as the catalog writes it.
    pub const fn as_str(self) -> &'static str {
        match self {
            CodeKind::Errors => "errors",
            CodeKind::Warnings => "warnings",
        }
    }
}

/// A warning code enum: implemented by `#[derive(WarningCodes)]`.
///
/// The same `#[code(...)]` keys as error codes (`doc`, `hint`, `name`,
/// `retired`, `#[code(detail)]` on fields) except `exit`, `fallback` and
/// `usage`, which are compile errors: a warning never ends a run.
///
/// ```
/// use sponson_codes::{WarningCode, WarningCodes};
///
/// /// Findings that do not stop a run.
/// #[derive(Debug, Clone, Copy, PartialEq, Eq, WarningCodes)]
/// enum Warn {
///     /// YAML anchors are expanded before the plan is checked.
///     #[code(doc = "A YAML anchor or alias was expanded.", hint = "Write the value out.")]
///     YamlAnchor,
/// }
///
/// assert_eq!(Warn::YamlAnchor.code(), "YAML_ANCHOR");
/// assert_eq!(Warn::YamlAnchor.info().exit, 0);
/// assert_eq!(Warn::from_code("YAML_ANCHOR"), Some(Warn::YamlAnchor));
/// ```
pub trait WarningCode: 'static {
    /// Every code of the enum, in declaration order.
    const TABLE: &'static [CodeInfo];
    /// The enum as a whole; its `kind` is [`CodeKind::Warnings`].
    const ENUM: &'static EnumInfo;

    /// This value's entry in [`TABLE`](WarningCode::TABLE).
    fn info(&self) -> &'static CodeInfo;

    /// The stable code string, such as `YAML_ANCHOR`.
    fn code(&self) -> &'static str {
        self.info().code
    }

    /// One line saying what the warning means.
    fn doc(&self) -> &'static str {
        self.info().doc
    }

    /// The remedy, when there is one.
    fn hint(&self) -> Option<&'static str> {
        self.info().hint
    }

    /// The long explanation from the variant's doc comment, `""` if none.
    fn explain(&self) -> &'static str {
        self.info().explain
    }

    /// Writes the fields marked `#[code(detail)]`, and only those, into `details`.
    fn write_details(&self, details: &mut Details) {
        let _ = details;
    }
}

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

impl<'de> Deserialize<'de> for Warning {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use serde::de::Error as _;
        let mut map = serde_json::Map::<String, serde_json::Value>::deserialize(deserializer)?;
        let text = |map: &mut serde_json::Map<String, serde_json::Value>, key: &str| match map
            .remove(key)
        {
            Some(serde_json::Value::String(text)) => Ok(Some(text)),
            None | Some(serde_json::Value::Null) => Ok(None),
            Some(_) => Err(D::Error::custom(format_args!(
                "warning field `{key}` must be a string"
            ))),
        };
        let code = text(&mut map, "code")?.ok_or_else(|| D::Error::missing_field("code"))?;
        let message = text(&mut map, "message")?.unwrap_or_default();
        let hint = text(&mut map, "hint")?;
        let details =
            Details::from_value(serde_json::Value::Object(map)).map_err(D::Error::custom)?;
        Ok(Warning {
            code,
            message,
            hint,
            details,
        })
    }
}
