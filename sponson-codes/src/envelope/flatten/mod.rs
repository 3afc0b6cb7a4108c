//! Writes the fields of a value straight into an outer map, as the envelope
//! flattens details and data, without first building a `serde_json::Value`.
//!
//! A map or struct has its entries written one by one, each key checked
//! against the reserved keys as it is written; `Some`, newtype structs and
//! newtype variants forward; `None`, unit and non-finite floats write nothing
//! (they were `null`). Any other value writes nothing and reports its kind.
//! The bytes are those `serde_json::to_value` gave: a value that would print
//! otherwise (see [`canon`]), or a tuple or struct variant, still goes
//! through it.

use core::fmt;

use serde::ser::{self, Impossible, Serialize, SerializeMap, Serializer};
use serde_json::Value;

mod canon;

pub(crate) use canon::CANONICAL;
#[cfg(test)]
mod tests;

/// What flattening a value did.
#[derive(Debug, PartialEq)]
pub(crate) enum Flat {
    /// Its fields, if any, were written.
    Written,
    /// It is not a JSON object but this kind ("an array", ...); nothing was
    /// written.
    NotObject(&'static str),
    /// It is not a JSON object but this value, to write in its place; nothing
    /// was written.
    Value(Value),
}

/// The keys that flattened fields may not take, and how a refusal reads.
pub(crate) struct Reserved {
    pub(crate) keys: &'static [&'static str],
    pub(crate) refuse: fn(&str) -> String,
}

/// Writes the fields of `value` into `map`; see the module's documentation.
pub(crate) fn flatten<M, T>(value: &T, map: &mut M, reserved: &Reserved) -> Result<Flat, M::Error>
where
    M: SerializeMap,
    T: Serialize + ?Sized,
{
    if !canon::is_canonical(value) {
        return canon::through_value(value, map, reserved);
    }
    let flatten = Flatten {
        map: &mut *map,
        reserved,
        key: false,
    };
    match value.serialize(flatten) {
        Ok(()) => Ok(Flat::Written),
        Err(Fail::NotObject(kind)) => Ok(Flat::NotObject(kind)),
        Err(Fail::Outer(err)) => Err(err),
        Err(Fail::NotStr) => Err(ser::Error::custom("key must be a string")),
        // A tuple or struct variant, `{variant: ...}`, stopped before anything
        // was written (`canon` sent the other slow values already).
        Err(Fail::Slow) => canon::through_value(value, map, reserved),
    }
}

/// Why flattening stopped: an error of the outer map, or, before anything was
/// written, a value that is not an object, a key that is not a `str`, or a
/// value left to `through_value` (`canon` lets neither of the last two through,
/// but tuple and struct variants).
#[derive(Debug)]
enum Fail<E> {
    Outer(E),
    NotObject(&'static str),
    NotStr,
    Slow,
}

impl<E> From<E> for Fail<E> {
    fn from(err: E) -> Self {
        Fail::Outer(err)
    }
}

impl<E: ser::Error> fmt::Display for Fail<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

impl<E: ser::Error> std::error::Error for Fail<E> {}

impl<E: ser::Error> ser::Error for Fail<E> {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Fail::Outer(E::custom(msg))
    }
}

fn check<E: ser::Error>(reserved: &Reserved, key: &str) -> Result<(), E> {
    match reserved.keys.contains(&key) {
        true => Err(E::custom((reserved.refuse)(key))),
        false => Ok(()),
    }
}

/// The serializer of a flattened value, or (`key`) of one of its map keys,
/// which it writes when it is a `str` and stops with [`Fail::NotStr`] before
/// writing anything otherwise.
struct Flatten<'a, M> {
    map: &'a mut M,
    reserved: &'a Reserved,
    key: bool,
}

impl<M: SerializeMap> Flatten<'_, M> {
    fn stop(&self, fail: Fail<M::Error>) -> Fail<M::Error> {
        if self.key {
            return Fail::NotStr;
        }
        fail
    }

    /// A value written as nothing (`null`), or a key refused.
    fn nothing(&self) -> Result<(), Fail<M::Error>> {
        if self.key {
            return Err(Fail::NotStr);
        }
        Ok(())
    }
}

/// Methods that stop before writing anything (and always for a key).
macro_rules! stop {
    ($($method:ident($($arg:ty),*) -> $ok:ty = $fail:expr;)*) => {$(
        fn $method(self, $(_: $arg),*) -> Result<$ok, Self::Error> {
            Err(self.stop($fail))
        }
    )*};
}

impl<M: SerializeMap> Serializer for Flatten<'_, M> {
    type Ok = ();
    type Error = Fail<M::Error>;
    type SerializeSeq = Impossible<(), Self::Error>;
    type SerializeTuple = Impossible<(), Self::Error>;
    type SerializeTupleStruct = Impossible<(), Self::Error>;
    type SerializeTupleVariant = Impossible<(), Self::Error>;
    type SerializeMap = Self;
    type SerializeStruct = Self;
    type SerializeStructVariant = Impossible<(), Self::Error>;

    stop! {
        serialize_bool(bool) -> () = Fail::NotObject("a boolean");
        serialize_i8(i8) -> () = Fail::NotObject("a number");
        serialize_i16(i16) -> () = Fail::NotObject("a number");
        serialize_i32(i32) -> () = Fail::NotObject("a number");
        serialize_i64(i64) -> () = Fail::NotObject("a number");
        serialize_u8(u8) -> () = Fail::NotObject("a number");
        serialize_u16(u16) -> () = Fail::NotObject("a number");
        serialize_u32(u32) -> () = Fail::NotObject("a number");
        serialize_u64(u64) -> () = Fail::NotObject("a number");
        serialize_char(char) -> () = Fail::NotObject("a string");
        serialize_bytes(&[u8]) -> () = Fail::NotObject("an array");
        serialize_unit_variant(&str, u32, &str) -> () = Fail::NotObject("a string");
        serialize_seq(Option<usize>) -> Self::SerializeSeq = Fail::NotObject("an array");
        serialize_tuple(usize) -> Self::SerializeTuple = Fail::NotObject("an array");
        serialize_tuple_struct(&str, usize) -> Self::SerializeTupleStruct = Fail::NotObject("an array");
        // `{variant: ...}`: rare, left to `through_value`.
        serialize_tuple_variant(&str, u32, &str, usize) -> Self::SerializeTupleVariant = Fail::Slow;
        // `to_value` widens `f32` and refuses 128-bit integers beyond 64 bits.
        serialize_f32(f32) -> () = Fail::Slow;
        serialize_i128(i128) -> () = Fail::Slow;
        serialize_u128(u128) -> () = Fail::Slow;
        serialize_struct_variant(&str, u32, &str, usize) -> Self::SerializeStructVariant = Fail::Slow;
    }

    fn serialize_f64(self, v: f64) -> Result<(), Self::Error> {
        match v.is_finite() {
            true => Err(self.stop(Fail::NotObject("a number"))),
            false => self.nothing(),
        }
    }

    fn serialize_str(self, v: &str) -> Result<(), Self::Error> {
        if !self.key {
            return Err(Fail::NotObject("a string"));
        }
        check::<M::Error>(self.reserved, v)?;
        Ok(self.map.serialize_key(v)?)
    }

    fn serialize_none(self) -> Result<(), Self::Error> {
        self.nothing()
    }

    fn serialize_unit(self) -> Result<(), Self::Error> {
        self.nothing()
    }

    fn serialize_unit_struct(self, _: &'static str) -> Result<(), Self::Error> {
        self.nothing()
    }

    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Self::Error> {
        self.nothing()?;
        value.serialize(self)
    }

    fn serialize_newtype_struct<T>(self, _: &'static str, value: &T) -> Result<(), Self::Error>
    where
        T: Serialize + ?Sized,
    {
        value.serialize(self)
    }

    fn serialize_newtype_variant<T>(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<(), Self::Error>
    where
        T: Serialize + ?Sized,
    {
        self.nothing()?;
        check::<M::Error>(self.reserved, variant)?;
        Ok(self.map.serialize_entry(variant, value)?)
    }

    fn serialize_map(self, _: Option<usize>) -> Result<Self, Self::Error> {
        self.nothing()?;
        Ok(self)
    }

    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self, Self::Error> {
        self.nothing()?;
        Ok(self)
    }
}

impl<M: SerializeMap> ser::SerializeMap for Flatten<'_, M> {
    type Ok = ();
    type Error = Fail<M::Error>;

    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Self::Error> {
        let writer = Flatten {
            map: &mut *self.map,
            reserved: self.reserved,
            key: true,
        };
        // `canon` let through only `str` keys.
        key.serialize(writer)
    }

    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Self::Error> {
        Ok(self.map.serialize_value(value)?)
    }

    fn end(self) -> Result<(), Self::Error> {
        Ok(())
    }
}

impl<M: SerializeMap> ser::SerializeStruct for Flatten<'_, M> {
    type Ok = ();
    type Error = Fail<M::Error>;

    fn serialize_field<T>(&mut self, key: &'static str, value: &T) -> Result<(), Self::Error>
    where
        T: Serialize + ?Sized,
    {
        check::<M::Error>(self.reserved, key)?;
        Ok(self.map.serialize_entry(key, value)?)
    }

    fn end(self) -> Result<(), Self::Error> {
        Ok(())
    }
}
