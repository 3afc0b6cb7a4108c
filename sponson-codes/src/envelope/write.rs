//! The envelope writer: check everything, then write.
//!
//! Data and details become `serde_json::Value`s first, through
//! `serde_json::to_value` (bounded in depth), and are checked against the
//! reserved keys; only then is the first byte written, and what is written is
//! plain JSON values. So a refusal, a failing `Serialize` or a panicking one
//! leaves nothing in the writer. `to_value` also fixes the bytes: every
//! object's keys sorted, the last of duplicate keys kept, `f32` widened.

use std::any::Any;
use std::borrow::Cow;

use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::{Map, Value};

use crate::envelope::depth::{self, MAX_LEVELS};
use crate::envelope::{ErrorBody, RESERVED_DATA_KEYS};
use crate::error::details::{Details, DetailsError};

/// Success data, checked.
#[derive(Debug)]
pub(crate) enum Data {
    /// An object's fields, written into the envelope (none for `null`).
    Fields(Map<String, Value>),
    /// Any other value, written under `data`.
    Wrapped(Value),
}

/// Why success data was refused.
#[derive(Debug)]
pub(crate) enum Refused {
    /// It breaks a rule of the envelope, said here.
    Rule(String),
    /// Its `Serialize` failed with this text, which may quote the data.
    Serialize(String),
}

impl core::fmt::Display for Refused {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Refused::Rule(text) | Refused::Serialize(text) => f.write_str(text),
        }
    }
}

/// Checks success data: an object without the envelope's own keys, and no
/// deeper than the envelope holds ([`MAX_LEVELS`] for an object, which
/// shares the envelope's level, one less for a value under `data`).
pub(crate) fn data<T: Serialize + ?Sized>(data: &T) -> Result<Data, Refused> {
    let value = depth::to_value(data, MAX_LEVELS).map_err(|err| match err {
        depth::Unwritable::TooDeep => Refused::Rule(format!("data nests {err}")),
        depth::Unwritable::Serialize(err) => Refused::Serialize(err.to_string()),
    })?;
    match value {
        Value::Null => Ok(Data::Fields(Map::new())),
        Value::Array(_) if !depth::within(&value, MAX_LEVELS - 1) => Err(Refused::Rule(format!(
            "data nests {}",
            depth::Unwritable::TooDeep
        ))),
        Value::Object(fields) => match fields
            .keys()
            .find(|key| RESERVED_DATA_KEYS.contains(&key.as_str()))
        {
            Some(key) => Err(Refused::Rule(format!(
                "data key `{key}` is reserved by the envelope"
            ))),
            None => Ok(Data::Fields(fields)),
        },
        other => Ok(Data::Wrapped(other)),
    }
}

/// An error object, checked.
#[derive(Debug)]
pub(crate) struct CheckedError<'a> {
    pub(crate) code: &'a str,
    pub(crate) message: &'a str,
    pub(crate) hint: Option<&'a str>,
    /// Borrowed from a [`Details`], which checks its keys as they are added.
    pub(crate) details: Cow<'a, Map<String, Value>>,
}

/// Checks an error object: its details follow the rules of [`Details`].
pub(crate) fn error<D: Serialize + 'static>(
    body: &ErrorBody<D>,
) -> Result<CheckedError<'_>, String> {
    // `Details` checked each key and value as it was added: no copy to check,
    // but a refused insertion it recorded is refused here too.
    let details = match (&body.details as &dyn Any).downcast_ref::<Details>() {
        Some(details) => match details.problem() {
            Some(problem) => return Err(problem.to_string()),
            None => Cow::Borrowed(details.as_map()),
        },
        None => match Details::from_serialize(&body.details) {
            Ok(details) => Cow::Owned(details.into_map()),
            // As for data: serde_json's own words.
            Err(DetailsError::Serialize(err)) => return Err(err),
            Err(err) => return Err(err.to_string()),
        },
    };
    Ok(CheckedError {
        code: &body.code,
        message: &body.message,
        hint: body.hint.as_deref(),
        details,
    })
}

/// An envelope whose every part was checked: writing it fails only if the
/// writer itself does.
#[derive(Debug)]
pub(crate) struct Checked<'a> {
    pub(crate) command: &'a str,
    pub(crate) outcome: Result<Data, CheckedError<'a>>,
}

impl Serialize for Checked<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("ok", &self.outcome.is_ok())?;
        map.serialize_entry("command", self.command)?;
        match &self.outcome {
            Ok(Data::Fields(fields)) => {
                for (key, value) in fields {
                    map.serialize_entry(key, value)?;
                }
            }
            Ok(Data::Wrapped(value)) => map.serialize_entry("data", value)?,
            Err(error) => map.serialize_entry("error", error)?,
        }
        map.end()
    }
}

impl Serialize for CheckedError<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("code", self.code)?;
        map.serialize_entry("message", self.message)?;
        if let Some(hint) = self.hint {
            map.serialize_entry("hint", hint)?;
        }
        for (key, value) in self.details.iter() {
            map.serialize_entry(key, value)?;
        }
        map.end()
    }
}
