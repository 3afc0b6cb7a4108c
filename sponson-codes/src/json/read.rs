//! The one reader of every document: JSON text (or any serde input) as a
//! `Value`, refusing what two parsers could read two ways.
//!
//! - A key repeated in one object, at any depth: parsers disagree on which
//!   copy counts (most keep the last, some the first), so two readers could
//!   see two outcomes.
//! - More than [`MAX_LEVELS`] nested arrays and objects: more than any
//!   document of this crate is written with, and than `serde_json` reads.
//! - A number that cannot be read exactly: written in more than
//!   [`MAX_NUMBER_BYTES`] characters, or (unless serde_json's
//!   `arbitrary_precision` keeps every digit) an integer beyond 64 bits or a
//!   fraction whose nearest `f64` is another number (`0.30000000000000001`
//!   reads as `0.3`, `1e-400` as `0.0`). Such a number would silently become
//!   another one; it should be sent as a string. Another spelling of the same
//!   number (`1.50`, `1e2`) is that number.
//!
//! [`parse`] refuses a text that breaks a rule. [`parse_leaving_out`], for
//! text from outside the program, leaves out the values that break the
//! rules on keys and numbers instead, and keeps the rest.

use core::cell::{Cell, RefCell};
use core::fmt;
use std::collections::BTreeSet;

use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde::Deserializer;
use serde_json::{Map, Number, Value};

pub(crate) use super::depth::MAX_LEVELS;

/// The longest number read, as written.
pub(crate) const MAX_NUMBER_BYTES: usize = 64;

/// serde_json's name for a number under `arbitrary_precision`.
const NUMBER_TOKEN: &str = "$serde_json::private::Number";

/// Why a text was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// Not JSON; serde_json's words, which name a position and no content.
    Json(String),
    /// A key repeated in one object.
    Duplicate(String),
    /// Nested deeper than [`MAX_LEVELS`].
    TooDeep,
    /// A number that cannot be read exactly.
    Number(String),
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Json(err) => write!(f, "not JSON: {err}"),
            Refusal::Duplicate(key) => write!(
                f,
                "the key `{}` appears twice in one object; a document must not repeat a key",
                key.escape_debug()
            ),
            Refusal::TooDeep => write!(
                f,
                "the document nests more than {MAX_LEVELS} levels of arrays and objects"
            ),
            Refusal::Number(why) => write!(f, "{why}; send such a number as a string"),
        }
    }
}

/// Reads `text` under every rule of the module.
///
/// ```ignore
/// assert!(parse(r#"{"ok":true,"ok":false}"#).is_err());
/// ```
pub(crate) fn parse(text: &str) -> Result<Value, Refusal> {
    let state = State::of(text, MAX_NUMBER_BYTES, false);
    read(text, &state)
}

/// Reads `text` under the rules of the module, but a value that breaks the
/// rule on numbers (here: written in at most `max_number_bytes`) or on keys
/// is left out rather than refused, and the rest is kept: never a number
/// other than the one written, never one copy of a repeated key. What is
/// left out is the object member that holds it, both copies of a repeated
/// key, and an array that holds it, whole, with the member that holds the
/// array, so that the indexes kept keep their meaning. `None` when that is
/// the whole document. A text that is not JSON or nests too deep is refused.
///
/// ```ignore
/// let kept = parse_leaving_out(r#"{"id":123456789012345678901234567890,"ids":[1,1e999999],"a":1,"a":2,"n":1}"#, 64);
/// assert_eq!(kept, Ok(Some(json!({"n": 1}))));
/// ```
pub(crate) fn parse_leaving_out(
    text: &str,
    max_number_bytes: usize,
) -> Result<Option<Value>, Refusal> {
    let state = State::of(text, max_number_bytes, true);
    let value = read(text, &state)?;
    Ok((!state.take_left_out()).then_some(value))
}

fn read(text: &str, state: &State<'_>) -> Result<Value, Refusal> {
    let mut deserializer = serde_json::Deserializer::from_str(text);
    let read = Strict {
        levels: MAX_LEVELS,
        state,
    }
    .deserialize(&mut deserializer)
    .and_then(|value| deserializer.end().map(|()| value));
    match (read, state.refusal.take()) {
        (_, Some(refusal)) => Err(refusal),
        (Ok(value), None) => Ok(value),
        // serde_json stops at its own limit, one level past ours, first.
        (Err(err), None) if err.to_string().starts_with("recursion limit exceeded") => {
            Err(Refusal::TooDeep)
        }
        (Err(err), None) => Err(Refusal::Json(err.to_string())),
    }
}

/// Reads any serde input under the rules on keys and depth; numbers are
/// taken as the input gives them, since there is no text to check them in.
pub(crate) fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Value, D::Error> {
    let state = State::of("", MAX_NUMBER_BYTES, false);
    Strict {
        levels: MAX_LEVELS,
        state: &state,
    }
    .deserialize(deserializer)
}

struct State<'t> {
    /// The number tokens of the text, in the order serde visits them.
    numbers: RefCell<Numbers<'t>>,
    /// The first rule broken, kept apart from serde's error for its kind.
    refusal: RefCell<Option<Refusal>>,
    /// The longest number read, as written.
    max_number_bytes: usize,
    /// Whether a value that breaks the rule on numbers or keys is left out
    /// ([`parse_leaving_out`]) rather than refused.
    leave_out: bool,
    /// The value just read is to be left out by what holds it.
    left_out: Cell<bool>,
}

impl<'t> State<'t> {
    fn of(text: &'t str, max_number_bytes: usize, leave_out: bool) -> Self {
        State {
            numbers: RefCell::new(Numbers { text, at: 0 }),
            refusal: RefCell::new(None),
            max_number_bytes,
            leave_out,
            left_out: Cell::new(false),
        }
    }

    fn refuse<E: de::Error>(&self, refusal: Refusal) -> E {
        let err = E::custom(&refusal);
        self.refusal.borrow_mut().get_or_insert(refusal);
        err
    }

    /// The value just read breaks a rule: refused, or marked to be left out.
    fn unreadable<E: de::Error>(&self, refusal: Refusal) -> Result<(), E> {
        if self.leave_out {
            self.left_out.set(true);
            Ok(())
        } else {
            Err(self.refuse(refusal))
        }
    }

    /// Whether the value just read is to be left out; clears the mark.
    fn take_left_out(&self) -> bool {
        self.left_out.replace(false)
    }

    /// Checks the next number of the text against what serde has just read
    /// for it: `read` is the `f64` it read, `None` for a 64-bit integer.
    fn check_number<E: de::Error>(&self, read: Option<f64>) -> Result<(), E> {
        let Some(token) = self.numbers.borrow_mut().next() else {
            return Ok(());
        };
        match inexact(token, read, self.max_number_bytes) {
            Some(why) => self.unreadable(Refusal::Number(why)),
            None => Ok(()),
        }
    }
}

/// Why the number written as `token` is not what serde read for it (see
/// [`State::check_number`]).
fn inexact(token: &str, read: Option<f64>, max_bytes: usize) -> Option<String> {
    if let Some(why) = too_long(token, max_bytes) {
        return Some(why);
    }
    // serde reads an integer token as an integer when it fits in 64 bits.
    let read = read?;
    if !token.contains(['.', 'e', 'E']) {
        return Some(format!("the integer {token} does not fit in 64 bits"));
    }
    let printed = Number::from_f64(read).map(|number| number.to_string());
    let same = match (decimal(token), printed.as_deref().and_then(decimal)) {
        (Some(written), Some(read)) => written == read,
        _ => false,
    };
    (!same).then(|| format!("the number {token} is not exactly the number a 64-bit float holds"))
}

/// The number written as `text`, as (negative, significant digits,
/// exponent), so that every spelling of one number is one value: `-1.50e3`
/// is `(true, "15", 2)`, `1e2` and `100.0` are `(false, "1", 2)`; zero is
/// `(negative, "", 0)`. `None` for an exponent beyond `i64`.
fn decimal(text: &str) -> Option<(bool, String, i64)> {
    let (negative, unsigned) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let (mantissa, exponent) = match unsigned.split_once(['e', 'E']) {
        Some((mantissa, exponent)) => (mantissa, exponent.parse::<i64>().ok()?),
        None => (unsigned, 0),
    };
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits = format!("{whole}{fraction}");
    let significant = digits.trim_end_matches('0');
    let trailing = i64::try_from(digits.len() - significant.len()).ok()?;
    let exponent = exponent
        .checked_sub(i64::try_from(fraction.len()).ok()?)?
        .checked_add(trailing)?;
    let significant = significant.trim_start_matches('0');
    if significant.is_empty() {
        return Some((negative, String::new(), 0));
    }
    Some((negative, significant.to_owned(), exponent))
}

fn too_long(token: &str, max_bytes: usize) -> Option<String> {
    (token.len() > max_bytes).then(|| {
        format!(
            "a number is written in {} characters, more than the {max_bytes} a document may use",
            token.len()
        )
    })
}

/// The number tokens of a JSON text, found as serde asks for them: a
/// lazy scan, so a document of many numbers costs no list of them.
struct Numbers<'t> {
    text: &'t str,
    at: usize,
}

impl<'t> Iterator for Numbers<'t> {
    type Item = &'t str;

    fn next(&mut self) -> Option<&'t str> {
        let bytes = self.text.as_bytes();
        while self.at < bytes.len() {
            match bytes[self.at] {
                b'"' => {
                    // Skip the string, escapes included.
                    self.at += 1;
                    while self.at < bytes.len() && bytes[self.at] != b'"' {
                        self.at += if bytes[self.at] == b'\\' { 2 } else { 1 };
                    }
                    self.at += 1;
                }
                b'-' | b'0'..=b'9' => {
                    let start = self.at;
                    while self.at < bytes.len()
                        && matches!(
                            bytes[self.at],
                            b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9'
                        )
                    {
                        self.at += 1;
                    }
                    return self.text.get(start..self.at);
                }
                _ => self.at += 1,
            }
        }
        None
    }
}

/// Whether serde_json keeps every digit of a number in this build (its
/// `arbitrary_precision` feature, which any crate can switch on): only then
/// is [`NUMBER_TOKEN`] a number rather than an object's key.
fn arbitrary_precision() -> bool {
    static ON: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ON.get_or_init(|| {
        let digits = "100000000000000000000001";
        serde_json::from_str::<Number>(digits).is_ok_and(|n| n.to_string() == digits)
    })
}

/// One value, `levels` arrays and objects deep at most.
#[derive(Clone, Copy)]
struct Strict<'s, 't> {
    levels: usize,
    state: &'s State<'t>,
}

impl<'de> DeserializeSeed<'de> for Strict<'_, '_> {
    type Value = Value;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl Strict<'_, '_> {
    fn inner<E: de::Error>(self) -> Result<Self, E> {
        match self.levels.checked_sub(1) {
            Some(levels) => Ok(Strict { levels, ..self }),
            None => Err(self.state.refuse(Refusal::TooDeep)),
        }
    }
}

impl<'de> Visitor<'de> for Strict<'_, '_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E: de::Error>(self, value: bool) -> Result<Value, E> {
        Ok(Value::Bool(value))
    }

    fn visit_i64<E: de::Error>(self, value: i64) -> Result<Value, E> {
        self.state.check_number(None)?;
        Ok(Value::from(value))
    }

    fn visit_u64<E: de::Error>(self, value: u64) -> Result<Value, E> {
        self.state.check_number(None)?;
        Ok(Value::from(value))
    }

    fn visit_f64<E: de::Error>(self, value: f64) -> Result<Value, E> {
        self.state.check_number(Some(value))?;
        Number::from_f64(value)
            .map(Value::Number)
            .ok_or_else(|| E::custom("a number that is not finite"))
    }

    fn visit_str<E: de::Error>(self, value: &str) -> Result<Value, E> {
        Ok(Value::String(value.to_owned()))
    }

    fn visit_string<E: de::Error>(self, value: String) -> Result<Value, E> {
        Ok(Value::String(value))
    }

    fn visit_unit<E: de::Error>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_none<E: de::Error>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        self.deserialize(deserializer)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let inner = self.inner()?;
        let mut items = Vec::new();
        let mut left_out = false;
        while let Some(item) = seq.next_element_seed(inner)? {
            // An item left out leaves the whole array out, read to its end.
            left_out |= self.state.take_left_out();
            if !left_out {
                items.push(item);
            }
        }
        self.state.left_out.set(left_out);
        Ok(Value::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let inner = self.inner()?;
        let mut object = Map::new();
        // Keys read but left out, so that a repeat of one is still seen.
        // They leave `object` once, at the end, in one pass that keeps the
        // other members in the text's order (a `Map` with serde_json's
        // `preserve_order` would move its last member into a removed one's
        // place).
        let mut left_out: BTreeSet<String> = BTreeSet::new();
        while let Some(key) = map.next_key::<String>()? {
            if key == NUMBER_TOKEN
                && object.is_empty()
                && left_out.is_empty()
                && arbitrary_precision()
            {
                // `arbitrary_precision`: every digit is kept, so only the
                // length can make the number unreadable.
                let text: String = map.next_value()?;
                self.state.numbers.borrow_mut().next();
                if let Some(why) = too_long(&text, self.state.max_number_bytes) {
                    self.state.unreadable(Refusal::Number(why))?;
                }
                let number: Number = text.parse().map_err(de::Error::custom)?;
                return Ok(Value::Number(number));
            }
            let repeated = object.contains_key(&key) || left_out.contains(&key);
            if repeated && !self.state.leave_out {
                return Err(self.state.refuse(Refusal::Duplicate(key)));
            }
            let value = map.next_value_seed(inner)?;
            if self.state.take_left_out() || repeated {
                left_out.insert(key);
            } else {
                object.insert(key, value);
            }
        }
        if !left_out.is_empty() {
            object.retain(|key, _| !left_out.contains(key));
        }
        Ok(Value::Object(object))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn repeated_keys_are_refused_at_any_depth() {
        for text in [
            r#"{"ok":true,"ok":false}"#,
            r#"{"error":{"code":"A","code":"B"}}"#,
            r#"{"data":[{"x":1,"x":2}]}"#,
        ] {
            assert!(matches!(parse(text), Err(Refusal::Duplicate(_))), "{text}");
        }
        assert_eq!(
            parse(r#"{"a":{"b":1},"b":2}"#).unwrap(),
            json!({"a": {"b": 1}, "b": 2})
        );
    }

    #[test]
    fn depth_is_bounded_below_serde_jsons_own_limit() {
        let nested = |levels: usize| "[".repeat(levels) + &"]".repeat(levels);
        assert!(parse(&nested(MAX_LEVELS)).is_ok());
        assert_eq!(parse(&nested(MAX_LEVELS + 1)), Err(Refusal::TooDeep));
        assert!(matches!(parse(&nested(100_000)), Err(Refusal::TooDeep)));
    }

    #[test]
    fn numbers_that_would_change_are_refused() {
        let big = "123456789012345678901234567890";
        assert!(matches!(
            parse(&format!(r#"{{"id":{big}}}"#)),
            Err(Refusal::Number(_))
        ));
        assert!(matches!(
            parse("[3.141592653589793238462643]"),
            Err(Refusal::Number(_))
        ));
        assert!(matches!(
            parse(&format!("[1{}]", "0".repeat(70))),
            Err(Refusal::Number(_))
        ));
        // Numbers in strings are text; 64-bit numbers are exact.
        let fine = format!(
            r#"{{"s":"{big} -1.5e3","a":-9223372036854775808,"b":18446744073709551615,"c":1.50000000000000000000,"d":0.30000000000000004}}"#
        );
        let value = parse(&fine).unwrap();
        assert_eq!(value["a"], json!(i64::MIN));
        assert_eq!(value["b"], json!(u64::MAX));
    }

    #[test]
    fn a_fraction_is_refused_when_its_f64_is_another_number() {
        // 17 significant digits, but the nearest f64 prints as 0.3.
        for text in [
            "[0.30000000000000001]",
            "[9007199254740993.0]",
            "[1e-400]",
            "[2.4703282292062328e-324]",
        ] {
            assert!(matches!(parse(text), Err(Refusal::Number(_))), "{text}");
        }
        // Other spellings of the same number are that number.
        let same =
            parse("[1.50000000000000000000,1e2,-0.0,0e7,1.7976931348623157e308,5e-324]").unwrap();
        assert_eq!(
            same.to_string(),
            "[1.5,100.0,-0.0,0.0,1.7976931348623157e+308,5e-324]"
        );
    }

    #[test]
    fn leaving_out_drops_the_member_or_the_array_that_holds_what_breaks_a_rule() {
        let big = "123456789012345678901234567890";
        let text = format!(
            r#"{{"id":{big},"ids":[1,[2,{big}]],"a":1,"a":2,"a":3,"deep":{{"x":0.30000000000000001,"y":[true]}},"n":-1.5e3,"s":"{big}"}}"#
        );
        assert_eq!(
            parse_leaving_out(&text, MAX_NUMBER_BYTES),
            Ok(Some(json!({"deep": {"y": [true]}, "n": -1500.0, "s": big})))
        );
        // The limit on length is the caller's.
        assert_eq!(
            parse_leaving_out(r#"{"a":12345,"b":1234}"#, 4),
            Ok(Some(json!({"b": 1234})))
        );
        assert_eq!(parse_leaving_out(&format!("[{big}]"), 64), Ok(None));
        assert_eq!(parse_leaving_out(big, 64), Ok(None));
        // Not JSON, or too deep, is still refused.
        assert!(matches!(parse_leaving_out("{", 64), Err(Refusal::Json(_))));
        let nested = "[".repeat(MAX_LEVELS + 1) + &"]".repeat(MAX_LEVELS + 1);
        assert_eq!(parse_leaving_out(&nested, 64), Err(Refusal::TooDeep));
    }

    #[test]
    fn other_inputs_get_the_rules_on_keys_and_depth() {
        let value = json!({"a": [1, {"b": null}]});
        assert_eq!(deserialize(&value).unwrap(), value);
        assert!(matches!(parse("{"), Err(Refusal::Json(_))));
        assert!(matches!(parse("1 2"), Err(Refusal::Json(_))));
    }
}
