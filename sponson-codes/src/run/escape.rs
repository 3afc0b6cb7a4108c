//! Escaping what is printed, so that text from anywhere (a message built
//! from a file name, a server's reply, a stale file's lines) can neither
//! steer a terminal nor break one envelope into several lines.
//!
//! Text mode escapes control characters visibly (`\u{1b}`, `\r`, ...): the
//! C0 and C1 controls and DEL, the line and paragraph separators, and the
//! bidirectional formatting characters, which can make text read other
//! than it is. One-line fields (a message, a hint) escape newlines and tabs
//! too; multi-line text (data for people, diff lines) keeps them.
//!
//! JSON mode writes U+2028, U+2029 and U+0085 as `\u` escapes: JSON allows
//! them raw in strings, but JavaScript before ES2019, Python's
//! `str.splitlines()` and other line splitters cut lines at them.

use std::borrow::Cow;
use std::fmt::Write as _;
use std::io;

use serde::Serialize;

/// Whether `c` must not reach a terminal raw.
fn is_hostile(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{2028}'
                | '\u{2029}'
                | '\u{061c}'
                | '\u{200e}'
                | '\u{200f}'
                | '\u{202a}'..='\u{202e}'
                | '\u{2066}'..='\u{2069}'
        )
}

fn escape(text: &str, keep: impl Fn(char) -> bool) -> Cow<'_, str> {
    let hostile = |c: char| is_hostile(c) && !keep(c);
    if !text.chars().any(hostile) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            _ if !hostile(c) => out.push(c),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            _ => {
                let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
            }
        }
    }
    Cow::Owned(out)
}

/// `text` for one line of a terminal: every control character escaped,
/// newlines and tabs included.
pub(crate) fn escape_line(text: &str) -> Cow<'_, str> {
    escape(text, |_| false)
}

/// `text` for a terminal, keeping its lines and tabs: every other control
/// character escaped.
pub(crate) fn escape_text(text: &str) -> Cow<'_, str> {
    escape(text, |c| c == '\n' || c == '\t')
}

/// The compact JSON of `value` on one line for every common line splitter.
pub(crate) fn to_json_line<T: Serialize + ?Sized>(value: &T) -> serde_json::Result<String> {
    let mut bytes = Vec::with_capacity(128);
    let mut serializer = serde_json::Serializer::with_formatter(&mut bytes, OneLine);
    value.serialize(&mut serializer)?;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terminal_text_shows_controls_instead_of_obeying_them() {
        assert_eq!(escape_line("plain ünïcode"), "plain ünïcode");
        assert_eq!(
            escape_line("a\nhint: forged\r\t\u{1b}]0;title\u{7}\u{1b}[2J"),
            "a\\nhint: forged\\r\\t\\u{1b}]0;title\\u{7}\\u{1b}[2J"
        );
        assert_eq!(
            escape_text("line 1\n\tline 2\u{1b}[31m\u{85}\u{202e}"),
            "line 1\n\tline 2\\u{1b}[31m\\u{85}\\u{202e}"
        );
    }

    #[test]
    fn json_lines_escape_the_separators_line_splitters_cut_at() {
        let value = serde_json::json!({"a\u{2028}": "x\u{2029}y\u{85}z", "é": "ü\u{2027}"});
        let line = to_json_line(&value).unwrap();
        assert_eq!(line, r#"{"a\u2028":"x\u2029y\u0085z","é":"ü‧"}"#);
        assert_eq!(
            serde_json::from_str::<serde_json::Value>(&line).unwrap(),
            value
        );
    }
}
