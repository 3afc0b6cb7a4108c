//! Whether a value prints the same bytes written straight to `serde_json` as
//! through `serde_json::to_value`, which sorts every object's keys, keeps the
//! last of duplicate keys, widens `f32` to `f64` and refuses 128-bit integers
//! beyond 64 bits.
//!
//! It does when every map and struct, at any depth, has `str` keys in strictly
//! increasing order and no `f32`, `i128` or `u128` appears: true of a
//! `serde_json::Value` (so of `Details`) and of structs whose fields are
//! declared in sorted order. The walk writes nothing and allocates nothing.

use core::fmt;

use serde::ser::{self, Serialize, SerializeMap, Serializer};
use serde_json::Value;

use super::{Flat, Reserved};

/// The newtype name by which a value says it is canonical already, so the
/// walk can skip it: `Details` holds a `serde_json::Map`, sorted by
/// construction. `serde_json` writes a newtype as its inner value.
pub(crate) const CANONICAL: &str = "__sponson_codes_canonical";

/// Whether `value` is canonical; see the module's documentation. A value
/// whose `Serialize` fails is not.
pub(crate) fn is_canonical<T: Serialize + ?Sized>(value: &T) -> bool {
    value.serialize(VALUE).is_ok()
}

/// Flattens `value` through `serde_json::to_value`, the exact path for any
/// value: every key is checked before any is written.
pub(super) fn through_value<M, T>(
    value: &T,
    map: &mut M,
    reserved: &Reserved,
) -> Result<Flat, M::Error>
where
    M: SerializeMap,
    T: Serialize + ?Sized,
{
    let fields = match serde_json::to_value(value).map_err(ser::Error::custom)? {
        Value::Null => return Ok(Flat::Written),
        Value::Object(fields) => fields,
        other => return Ok(Flat::Value(other)),
    };
    if let Some(key) = fields
        .keys()
        .find(|key| reserved.keys.contains(&key.as_str()))
    {
        return Err(ser::Error::custom((reserved.refuse)(key)));
    }
    for (key, value) in &fields {
        map.serialize_entry(key, value)?;
    }
    Ok(Flat::Written)
}

/// Not canonical (or a failing `Serialize`).
#[derive(Debug)]
struct No;

impl fmt::Display for No {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not canonical")
    }
}

impl std::error::Error for No {}

impl ser::Error for No {
    fn custom<T: fmt::Display>(_: T) -> Self {
        No
    }
}

/// Walks a value, or (`key`) a map key, which must be a `str`.
struct Canon<'a> {
    key: Option<&'a mut Keys>,
}

const VALUE: Canon<'static> = Canon { key: None };

impl Canon<'_> {
    /// Refuses anything but a `str` as a key.
    fn value(&self) -> Result<(), No> {
        match self.key {
            Some(_) => Err(No),
            None => Ok(()),
        }
    }
}

/// Serializer methods that return `$result` for a value whatever their
/// arguments.
macro_rules! fixed {
    ($($method:ident($($arg:ty),*) -> $ok:ty = $result:expr;)*) => {$(
        fn $method(self, $(_: $arg),*) -> Result<$ok, Self::Error> {
            self.value()?;
            $result
        }
    )*};
}

/// Serializer methods that walk their last argument, a value.
macro_rules! forward {
    ($($method:ident($($arg:ty),*);)*) => {$(
        fn $method<T: Serialize + ?Sized>(self, $(_: $arg,)* value: &T) -> Result<(), No> {
            self.value()?;
            value.serialize(VALUE)
        }
    )*};
}

impl Serializer for Canon<'_> {
    type Ok = ();
    type Error = No;
    type SerializeSeq = Canon<'static>;
    type SerializeTuple = Canon<'static>;
    type SerializeTupleStruct = Canon<'static>;
    type SerializeTupleVariant = Canon<'static>;
    type SerializeMap = Keys;
    type SerializeStruct = Keys;
    type SerializeStructVariant = Keys;

    fixed! {
        serialize_bool(bool) -> () = Ok(());
        serialize_i8(i8) -> () = Ok(());
        serialize_i16(i16) -> () = Ok(());
        serialize_i32(i32) -> () = Ok(());
        serialize_i64(i64) -> () = Ok(());
        serialize_u8(u8) -> () = Ok(());
        serialize_u16(u16) -> () = Ok(());
        serialize_u32(u32) -> () = Ok(());
        serialize_u64(u64) -> () = Ok(());
        serialize_f64(f64) -> () = Ok(());
        serialize_char(char) -> () = Ok(());
        serialize_bytes(&[u8]) -> () = Ok(());
        serialize_none() -> () = Ok(());
        serialize_unit() -> () = Ok(());
        serialize_unit_struct(&str) -> () = Ok(());
        serialize_unit_variant(&str, u32, &str) -> () = Ok(());
        serialize_i128(i128) -> () = Err(No);
        serialize_u128(u128) -> () = Err(No);
        serialize_f32(f32) -> () = Err(No);
        serialize_seq(Option<usize>) -> Canon<'static> = Ok(VALUE);
        serialize_tuple(usize) -> Canon<'static> = Ok(VALUE);
        serialize_tuple_struct(&str, usize) -> Canon<'static> = Ok(VALUE);
        serialize_tuple_variant(&str, u32, &str, usize) -> Canon<'static> = Ok(VALUE);
        serialize_map(Option<usize>) -> Keys = Ok(Keys::default());
        serialize_struct(&str, usize) -> Keys = Ok(Keys::default());
        serialize_struct_variant(&str, u32, &str, usize) -> Keys = Ok(Keys::default());
    }

    forward! {
        serialize_some();
        serialize_newtype_variant(&'static str, u32, &'static str);
    }

    fn serialize_str(self, v: &str) -> Result<(), No> {
        match self.key {
            Some(keys) => keys.next(v),
            None => Ok(()),
        }
    }

    fn serialize_newtype_struct<T>(self, name: &'static str, value: &T) -> Result<(), No>
    where
        T: Serialize + ?Sized,
    {
        if name == CANONICAL {
            return Ok(());
        }
        value.serialize(self)
    }
}

/// Sequences: every element is walked.
macro_rules! seq {
    ($($trait:ident::$method:ident;)*) => {$(
        impl ser::$trait for Canon<'static> {
            type Ok = ();
            type Error = No;

            fn $method<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), No> {
                value.serialize(VALUE)
            }

            fn end(self) -> Result<(), No> {
                Ok(())
            }
        }
    )*};
}

seq! {
    SerializeSeq::serialize_element;
    SerializeTuple::serialize_element;
    SerializeTupleStruct::serialize_field;
    SerializeTupleVariant::serialize_field;
}

/// How much of the previous key is kept to compare the next one with.
const KEPT: usize = 32;

/// The keys of one map or struct so far: a prefix of the last one.
#[derive(Default)]
struct Keys {
    count: usize,
    kept: usize,
    last: [u8; KEPT],
    truncated: bool,
}

impl Keys {
    /// Accepts `key` when it is surely greater than the last key.
    fn next(&mut self, key: &str) -> Result<(), No> {
        let key = key.as_bytes();
        let last = &self.last[..self.kept];
        let head = &key[..key.len().min(KEPT)];
        let greater = match self.truncated {
            false => key > last,
            true => head > last,
        };
        if self.count > 0 && !greater {
            return Err(No);
        }
        self.count += 1;
        self.kept = head.len();
        self.last[..head.len()].copy_from_slice(head);
        self.truncated = key.len() > KEPT;
        Ok(())
    }
}

impl ser::SerializeMap for Keys {
    type Ok = ();
    type Error = No;

    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), No> {
        key.serialize(Canon { key: Some(self) })
    }

    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), No> {
        value.serialize(VALUE)
    }

    fn end(self) -> Result<(), No> {
        Ok(())
    }
}

impl ser::SerializeStruct for Keys {
    type Ok = ();
    type Error = No;

    fn serialize_field<T>(&mut self, key: &'static str, value: &T) -> Result<(), No>
    where
        T: Serialize + ?Sized,
    {
        self.next(key)?;
        value.serialize(VALUE)
    }

    fn end(self) -> Result<(), No> {
        Ok(())
    }
}

impl ser::SerializeStructVariant for Keys {
    type Ok = ();
    type Error = No;

    fn serialize_field<T>(&mut self, key: &'static str, value: &T) -> Result<(), No>
    where
        T: Serialize + ?Sized,
    {
        ser::SerializeStruct::serialize_field(self, key, value)
    }

    fn end(self) -> Result<(), No> {
        Ok(())
    }
}
