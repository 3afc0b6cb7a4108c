//! How deep a value nests, found without recursing past a bound: data built
//! in code can nest deeper than any stack, and `serde_json::to_value`
//! recurses once per level.

use core::fmt;

use serde::ser::{self, Serialize, Serializer};
use serde_json::Value;

/// The most arrays and objects an envelope nests, its own object included:
/// what `serde_json` reads by default, so that it reads back every envelope
/// written. Object data shares the envelope's level; other data, and the
/// error object, are one level in.
pub(crate) const MAX_LEVELS: usize = 127;

/// The most nested `Serialize` calls walked: `Some`, newtypes and variants
/// add a call without a JSON level (`Option<Box<Node>>` takes two per level),
/// so this is looser than [`MAX_LEVELS`]; it only keeps the walk, and then
/// `to_value`, within the stack.
const MAX_CALLS: usize = 4 * MAX_LEVELS;

/// Why a value cannot be written.
#[derive(Debug)]
pub(crate) enum Unwritable {
    /// It nests deeper than allowed.
    TooDeep,
    /// Its `Serialize` failed.
    Serialize(serde_json::Error),
}

impl fmt::Display for Unwritable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // Callers say what ("data nests ...").
            Unwritable::TooDeep => {
                write!(
                    f,
                    "deeper than an envelope holds ({MAX_LEVELS} levels of arrays and objects, the envelope's included)"
                )
            }
            Unwritable::Serialize(err) => err.fmt(f),
        }
    }
}

/// `serde_json::to_value(value)` when it nests at most `levels` arrays and
/// objects; the walk first keeps `to_value` from recursing past the stack.
pub(crate) fn to_value<T: Serialize + ?Sized>(
    value: &T,
    levels: usize,
) -> Result<Value, Unwritable> {
    if let Err(Stop::TooDeep) = walk(value) {
        return Err(Unwritable::TooDeep);
    }
    let value = serde_json::to_value(value).map_err(Unwritable::Serialize)?;
    match within(&value, levels) {
        true => Ok(value),
        false => Err(Unwritable::TooDeep),
    }
}

/// Why [`walk`] stopped early.
#[derive(Debug)]
enum Stop {
    /// More than [`MAX_CALLS`] nested calls.
    TooDeep,
    /// The value's `Serialize` failed; `to_value` will report how.
    Failed,
}

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("stopped")
    }
}

impl std::error::Error for Stop {}

impl ser::Error for Stop {
    fn custom<T: fmt::Display>(_: T) -> Self {
        Stop::Failed
    }
}

/// Calls `value`'s `Serialize` to at most [`MAX_CALLS`] nested calls,
/// writing and allocating nothing.
fn walk<T: Serialize + ?Sized>(value: &T) -> Result<(), Stop> {
    value.serialize(Walk { calls: 0 })
}

/// Whether `value` nests at most `levels` arrays and objects.
pub(crate) fn within(value: &Value, levels: usize) -> bool {
    match value {
        Value::Array(items) => levels > 0 && items.iter().all(|v| within(v, levels - 1)),
        Value::Object(map) => levels > 0 && map.values().all(|v| within(v, levels - 1)),
        _ => true,
    }
}

/// The walk at `calls` nested calls.
#[derive(Clone, Copy)]
struct Walk {
    calls: usize,
}

impl Walk {
    /// The walk one call deeper, or [`Stop::TooDeep`].
    fn deeper(self) -> Result<Walk, Stop> {
        match self.calls < MAX_CALLS {
            true => Ok(Walk {
                calls: self.calls + 1,
            }),
            false => Err(Stop::TooDeep),
        }
    }
}

/// Leaves: nothing to walk.
macro_rules! leaf {
    ($($method:ident($($arg:ty),*);)*) => {$(
        fn $method(self, $(_: $arg),*) -> Result<(), Stop> {
            Ok(())
        }
    )*};
}

/// Compounds: their elements are walked one call deeper.
macro_rules! compound {
    ($($method:ident($($arg:ty),*);)*) => {$(
        fn $method(self, $(_: $arg),*) -> Result<Walk, Stop> {
            self.deeper()
        }
    )*};
}

impl Serializer for Walk {
    type Ok = ();
    type Error = Stop;
    type SerializeSeq = Walk;
    type SerializeTuple = Walk;
    type SerializeTupleStruct = Walk;
    type SerializeTupleVariant = Walk;
    type SerializeMap = Walk;
    type SerializeStruct = Walk;
    type SerializeStructVariant = Walk;

    leaf! {
        serialize_bool(bool);
        serialize_i8(i8);
        serialize_i16(i16);
        serialize_i32(i32);
        serialize_i64(i64);
        serialize_i128(i128);
        serialize_u8(u8);
        serialize_u16(u16);
        serialize_u32(u32);
        serialize_u64(u64);
        serialize_u128(u128);
        serialize_f32(f32);
        serialize_f64(f64);
        serialize_char(char);
        serialize_str(&str);
        serialize_bytes(&[u8]);
        serialize_none();
        serialize_unit();
        serialize_unit_struct(&'static str);
        serialize_unit_variant(&'static str, u32, &'static str);
    }

    compound! {
        serialize_seq(Option<usize>);
        serialize_tuple(usize);
        serialize_tuple_struct(&'static str, usize);
        serialize_tuple_variant(&'static str, u32, &'static str, usize);
        serialize_map(Option<usize>);
        serialize_struct(&'static str, usize);
        serialize_struct_variant(&'static str, u32, &'static str, usize);
    }

    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Stop> {
        value.serialize(self.deeper()?)
    }

    fn serialize_newtype_struct<T>(self, _: &'static str, value: &T) -> Result<(), Stop>
    where
        T: Serialize + ?Sized,
    {
        value.serialize(self.deeper()?)
    }

    fn serialize_newtype_variant<T>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        value: &T,
    ) -> Result<(), Stop>
    where
        T: Serialize + ?Sized,
    {
        value.serialize(self.deeper()?)
    }
}

/// The elements of a compound, each walked at the compound's depth.
macro_rules! elements {
    ($($trait:ident::$method:ident($($key:ty)?);)*) => {$(
        impl ser::$trait for Walk {
            type Ok = ();
            type Error = Stop;

            fn $method<T: Serialize + ?Sized>(&mut self, $(_: $key,)? value: &T) -> Result<(), Stop> {
                value.serialize(*self)
            }

            fn end(self) -> Result<(), Stop> {
                Ok(())
            }
        }
    )*};
}

elements! {
    SerializeSeq::serialize_element();
    SerializeTuple::serialize_element();
    SerializeTupleStruct::serialize_field();
    SerializeTupleVariant::serialize_field();
    SerializeStruct::serialize_field(&'static str);
    SerializeStructVariant::serialize_field(&'static str);
}

impl ser::SerializeMap for Walk {
    type Ok = ();
    type Error = Stop;

    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Stop> {
        key.serialize(*self)
    }

    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Stop> {
        value.serialize(*self)
    }

    fn end(self) -> Result<(), Stop> {
        Ok(())
    }
}
