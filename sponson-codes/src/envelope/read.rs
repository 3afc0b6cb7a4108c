//! Reading an envelope another program printed.
//!
//! Unknown keys are ignored whatever the data type is. Two kinds of document
//! are refused because readers could disagree on what they say: a key
//! repeated in the envelope or in its error object (`{"ok":true,"ok":false}`
//! is a success to a reader that keeps the first and a failure to one that
//! keeps the last), and `ok: true` beside an `error` (a reader that looks for
//! `error` would see a failure). No writer of this crate prints either.

use core::fmt;
use core::marker::PhantomData;

use serde::de::{
    DeserializeOwned, DeserializeSeed, Error as _, IgnoredAny, MapAccess, SeqAccess, Visitor,
};
use serde::{Deserialize, Deserializer};
use serde_json::{Map, Value};

use crate::envelope::{Envelope, ErrorBody};
use crate::error::details::json_kind;

impl<'de, T: DeserializeOwned, D: DeserializeOwned> Deserialize<'de> for Envelope<T, D> {
    fn deserialize<De: Deserializer<'de>>(deserializer: De) -> Result<Self, De::Error> {
        deserializer.deserialize_map(EnvelopeVisitor(PhantomData))
    }
}

impl<'de, D: DeserializeOwned> Deserialize<'de> for ErrorBody<D> {
    fn deserialize<De: Deserializer<'de>>(deserializer: De) -> Result<Self, De::Error> {
        match deserializer.deserialize_any(ErrorVisitor)? {
            Ok(fields) => error_body(fields),
            Err(kind) => Err(not_an_object(kind)),
        }
    }
}

struct EnvelopeVisitor<T, D>(PhantomData<fn() -> (T, D)>);

impl<'de, T: DeserializeOwned, D: DeserializeOwned> Visitor<'de> for EnvelopeVisitor<T, D> {
    type Value = Envelope<T, D>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an envelope, which must be a JSON object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut fields = Map::new();
        // The error object is read apart, so that its keys are checked too.
        let mut error = None;
        while let Some(key) = map.next_key::<String>()? {
            if fields.contains_key(&key) || (key == "error" && error.is_some()) {
                return Err(duplicate(&key));
            }
            if key == "error" {
                error = Some(map.next_value_seed(ErrorSeed)?);
            } else {
                let value = map.next_value()?;
                fields.insert(key, value);
            }
        }
        let ok = match fields.remove("ok") {
            Some(Value::Bool(ok)) => ok,
            Some(other) => {
                return Err(A::Error::custom(format_args!(
                    "`ok` must be a boolean, not {}",
                    json_kind(&other)
                )))
            }
            None => return Err(A::Error::missing_field("ok")),
        };
        let command = take_string(&mut fields, "command")?
            .ok_or_else(|| A::Error::missing_field("command"))?;
        let result = match (ok, error) {
            (true, None) => Ok(read_data(fields).map_err(A::Error::custom)?),
            (true, Some(_)) => {
                return Err(A::Error::custom(
                    "`ok` is true but the envelope has an `error`",
                ))
            }
            (false, None) => return Err(A::Error::missing_field("error")),
            (false, Some(Err(kind))) => return Err(not_an_object(kind)),
            (false, Some(Ok(fields))) => Err(error_body(fields)?),
        };
        Ok(Envelope { command, result })
    }
}

/// Data is the rest of the envelope when that reads as `T` (object data was
/// flattened), else its `data` field, else `null` (data was omitted). Other
/// keys are ignored. A `T` that holds nothing (zero-sized, like `()`) and
/// reads from `null` ignores the data, whatever it is.
fn read_data<T: DeserializeOwned>(fields: Map<String, Value>) -> Result<T, serde_json::Error> {
    if core::mem::size_of::<T>() == 0 {
        if let Ok(nothing) = T::deserialize(Value::Null) {
            return Ok(nothing);
        }
    }
    let rest = Value::Object(fields);
    let flattened = match T::deserialize(&rest) {
        Ok(data) => return Ok(data),
        Err(err) => err,
    };
    match rest.get("data") {
        Some(data) => T::deserialize(data),
        None => T::deserialize(Value::Null).map_err(|_| flattened),
    }
}

fn error_body<D: DeserializeOwned, E: serde::de::Error>(
    mut fields: Map<String, Value>,
) -> Result<ErrorBody<D>, E> {
    let code = take_string(&mut fields, "code")?.ok_or_else(|| E::missing_field("code"))?;
    let message =
        take_string(&mut fields, "message")?.ok_or_else(|| E::missing_field("message"))?;
    let hint = take_string(&mut fields, "hint")?;
    let details = D::deserialize(Value::Object(fields)).map_err(E::custom)?;
    Ok(ErrorBody {
        code,
        message,
        hint,
        details,
    })
}

/// Removes `key`; `null` reads as absent, anything but a string is an error.
fn take_string<E: serde::de::Error>(
    fields: &mut Map<String, Value>,
    key: &'static str,
) -> Result<Option<String>, E> {
    match fields.remove(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(text)) => Ok(Some(text)),
        Some(other) => Err(E::custom(format_args!(
            "`{key}` must be a string, not {}",
            json_kind(&other)
        ))),
    }
}

fn duplicate<E: serde::de::Error>(key: &str) -> E {
    E::custom(format_args!(
        "duplicate key `{}` in the envelope",
        key.escape_debug()
    ))
}

fn not_an_object<E: serde::de::Error>(kind: &str) -> E {
    E::custom(format_args!(
        "the error of an envelope must be an object, not {kind}"
    ))
}

/// The error object's fields, or the kind of value found instead.
type ErrorFields = Result<Map<String, Value>, &'static str>;

struct ErrorSeed;

impl<'de> DeserializeSeed<'de> for ErrorSeed {
    type Value = ErrorFields;

    fn deserialize<De: Deserializer<'de>>(
        self,
        deserializer: De,
    ) -> Result<ErrorFields, De::Error> {
        deserializer.deserialize_any(ErrorVisitor)
    }
}

/// Reads an object without repeated keys; any other value is only named.
struct ErrorVisitor;

/// Scalars: only their kind is kept.
macro_rules! kind {
    ($($method:ident($($arg:ty)?) = $kind:literal;)*) => {$(
        fn $method<E: serde::de::Error>(self, $(_: $arg)?) -> Result<ErrorFields, E> {
            Ok(Err($kind))
        }
    )*};
}

impl<'de> Visitor<'de> for ErrorVisitor {
    type Value = ErrorFields;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the error object of an envelope")
    }

    kind! {
        visit_bool(bool) = "a boolean";
        visit_i64(i64) = "a number";
        visit_u64(u64) = "a number";
        visit_f64(f64) = "a number";
        visit_str(&str) = "a string";
        visit_unit() = "null";
        visit_none() = "null";
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<ErrorFields, A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(Err("an array"))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<ErrorFields, A::Error> {
        let mut fields = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if fields.contains_key(&key) {
                return Err(A::Error::custom(format_args!(
                    "duplicate key `{}` in the error object",
                    key.escape_debug()
                )));
            }
            let value = map.next_value()?;
            fields.insert(key, value);
        }
        Ok(Ok(fields))
    }
}
