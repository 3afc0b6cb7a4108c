//! Writing JSON text: one document on one line for every line splitter,
//! or indented.
//!
//! JSON allows U+2028, U+2029 and U+0085 raw in strings, but JavaScript
//! before ES2019, Python's `str.splitlines()` and other line splitters cut
//! lines at them, so they are written as `\u` escapes.

use std::io;

use serde::Serialize;
use serde_json::ser::{CompactFormatter, Formatter, PrettyFormatter};

/// The compact JSON of `value` on one line for every common line splitter,
/// and the newline that ends it.
pub(crate) fn line<T: Serialize + ?Sized>(value: &T) -> serde_json::Result<String> {
    written(value, Json::new(false, true)).map(|text| text + "\n")
}

/// `value` indented by two spaces, as `JSON.stringify(value, null, 2)`, with
/// the same escapes as [`line`], and a final newline.
pub(crate) fn pretty<T: Serialize + ?Sized>(value: &T) -> serde_json::Result<String> {
    written(value, Json::new(true, true)).map(|text| text + "\n")
}

/// `value` indented by two spaces, as `serde_json::to_string_pretty`
/// writes it: for people, whose text is escaped on its own.
#[cfg(feature = "runner")]
pub(crate) fn pretty_plain<T: Serialize + ?Sized>(value: &T) -> serde_json::Result<String> {
    written(value, Json::new(true, false))
}

/// `text` as a JSON string, escaped as `serde_json::to_string` escapes it,
/// through the formatter the documents already use.
#[cfg(feature = "registry")]
pub(crate) fn string(text: &str) -> String {
    // A string written to memory: writing cannot fail.
    written(text, Json::new(false, false)).unwrap_or_default()
}

fn written<T: Serialize + ?Sized>(value: &T, json: Json) -> serde_json::Result<String> {
    let mut bytes = Vec::with_capacity(256);
    let mut serializer = serde_json::Serializer::with_formatter(&mut bytes, json);
    value.serialize(&mut serializer)?;
    // The formatter writes only what serde_json gave it, or ASCII escapes.
    Ok(String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into()))
}

/// serde_json's compact or pretty output, chosen when writing, so that one
/// copy of each `Serialize` a document holds serves every layout; with
/// `escape`, the separators line splitters cut at are escaped.
struct Json {
    pretty: Option<PrettyFormatter<'static>>,
    escape: bool,
}

impl Json {
    fn new(pretty: bool, escape: bool) -> Self {
        Json {
            pretty: pretty.then(PrettyFormatter::new),
            escape,
        }
    }
}

/// Each layout method: the pretty formatter's, or serde_json's compact one
/// (the trait's own).
macro_rules! layout {
    ($($name:ident $(($first:ident))?;)*) => {$(
        fn $name<W: ?Sized + io::Write>(&mut self, writer: &mut W $(, $first: bool)?) -> io::Result<()> {
            match &mut self.pretty {
                Some(pretty) => pretty.$name(writer $(, $first)?),
                None => CompactFormatter.$name(writer $(, $first)?),
            }
        }
    )*};
}

impl Formatter for Json {
    layout! {
        begin_array;
        end_array;
        begin_array_value(first);
        end_array_value;
        begin_object;
        end_object;
        begin_object_key(first);
        begin_object_value;
        end_object_value;
    }

    fn write_string_fragment<W: ?Sized + io::Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> io::Result<()> {
        match self.escape {
            true => write_escaped(writer, fragment),
            false => writer.write_all(fragment.as_bytes()),
        }
    }

    // Raw JSON (`RawValue`) may hold the same characters inside its strings,
    // the only place JSON allows them, so the same escape is valid there.
    fn write_raw_fragment<W: ?Sized + io::Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> io::Result<()> {
        self.write_string_fragment(writer, fragment)
    }
}

fn write_escaped<W: ?Sized + io::Write>(writer: &mut W, fragment: &str) -> io::Result<()> {
    let bytes = fragment.as_bytes();
    let mut start = 0;
    let mut i = 0;
    // U+0085 is C2 85 in UTF-8; U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
    while i < bytes.len() {
        let escaped = match bytes[i] {
            0xC2 if bytes.get(i + 1) == Some(&0x85) => "\\u0085",
            0xE2 if bytes.get(i + 1) == Some(&0x80) => match bytes.get(i + 2) {
                Some(0xA8) => "\\u2028",
                Some(0xA9) => "\\u2029",
                _ => {
                    i += 1;
                    continue;
                }
            },
            _ => {
                i += 1;
                continue;
            }
        };
        writer.write_all(&bytes[start..i])?;
        writer.write_all(escaped.as_bytes())?;
        i += if escaped == "\\u0085" { 2 } else { 3 };
        start = i;
    }
    writer.write_all(&bytes[start..])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_lines_escape_the_separators_line_splitters_cut_at() {
        let value = serde_json::json!({"a\u{2028}": "x\u{2029}y\u{85}z", "é": "ü\u{2027}"});
        let line = line(&value).unwrap();
        assert_eq!(line, "{\"a\\u2028\":\"x\\u2029y\\u0085z\",\"é\":\"ü‧\"}\n");
        assert_eq!(
            serde_json::from_str::<serde_json::Value>(&line).unwrap(),
            value
        );
    }

    /// One formatter writes both layouts exactly as serde_json's own
    /// formatters do.
    #[test]
    fn both_layouts_are_serde_jsons() {
        let value = serde_json::json!({
            "a": [1, -2, 1.5, null, true, [], {}, [[{"x": "y"}]]],
            "b": {"c": {"d": "e\u{2028}"}},
            "e": "",
        });
        let compact = serde_json::to_string(&value)
            .unwrap()
            .replace('\u{2028}', "\\u2028");
        assert_eq!(line(&value).unwrap(), compact + "\n");
        let indented = serde_json::to_string_pretty(&value).unwrap();
        assert_eq!(
            pretty(&value).unwrap(),
            indented.replace('\u{2028}', "\\u2028") + "\n"
        );
        #[cfg(feature = "runner")]
        assert_eq!(pretty_plain(&value).unwrap(), indented);
    }

    #[test]
    fn indented_json_escapes_them_too() {
        let value = serde_json::json!({"a": "x\u{2028}y\u{85}"});
        assert_eq!(
            pretty(&value).unwrap(),
            "{\n  \"a\": \"x\\u2028y\\u0085\"\n}\n"
        );
    }
}
