//! Writing JSON text: one document on one line for every line splitter,
//! or indented.
//!
//! JSON allows U+2028, U+2029 and U+0085 raw in strings, but JavaScript
//! before ES2019, Python's `str.splitlines()` and other line splitters cut
//! lines at them, so they are written as `\u` escapes.

use std::io;

use serde::Serialize;

/// The compact JSON of `value` on one line for every common line splitter,
/// and the newline that ends it.
pub(crate) fn line<T: Serialize + ?Sized>(value: &T) -> serde_json::Result<String> {
    let mut bytes = Vec::with_capacity(256);
    let mut serializer = serde_json::Serializer::with_formatter(&mut bytes, OneLine);
    value.serialize(&mut serializer)?;
    bytes.push(b'\n');
    // The formatter writes only what serde_json gave it, or ASCII escapes.
    Ok(String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into()))
}

/// serde_json's compact output, with the separators it leaves raw escaped.
struct OneLine;

impl serde_json::ser::Formatter for OneLine {
    fn write_string_fragment<W: ?Sized + io::Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> io::Result<()> {
        write_escaped(writer, fragment)
    }

    // Raw JSON (`RawValue`) may hold the same characters inside its strings,
    // the only place JSON allows them, so the same escape is valid there.
    fn write_raw_fragment<W: ?Sized + io::Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> io::Result<()> {
        write_escaped(writer, fragment)
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

/// `value` indented by two spaces, as `JSON.stringify(value, null, 2)`, with
/// the same escapes as [`line`], and a final newline.
pub(crate) fn pretty<T: Serialize + ?Sized>(value: &T) -> serde_json::Result<String> {
    // These characters can only stand inside strings in JSON text, so
    // escaping them afterwards is as valid as while writing.
    serde_json::to_string_pretty(value).map(|text| {
        text.replace('\u{2028}', "\\u2028")
            .replace('\u{2029}', "\\u2029")
            .replace('\u{85}', "\\u0085")
            + "\n"
    })
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

    #[test]
    fn indented_json_escapes_them_too() {
        let value = serde_json::json!({"a": "x\u{2028}y\u{85}"});
        assert_eq!(
            pretty(&value).unwrap(),
            "{\n  \"a\": \"x\\u2028y\\u0085\"\n}\n"
        );
    }
}
