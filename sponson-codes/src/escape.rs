//! The one escaping rule for text a person or an agent reads: text from
//! anywhere (a message built from a file name, a server's reply, a stale
//! file's lines) can neither steer a terminal nor read other than it is.
//!
//! Control characters are escaped visibly (`\u{1b}`, `\r`, ...): the C0 and
//! C1 controls and DEL, every default-ignorable code point (Unicode's
//! `Default_Ignorable_Code_Point`: what shows as nothing, among them the
//! bidirectional formatting characters, which can make text read other
//! than it is, zero-width characters, the Mongolian vowel separator, the
//! byte order mark, the soft hyphen, variation selectors and Unicode tag
//! characters, which can spell out text an agent reads and a person never
//! sees), and what the property leaves out but a terminal obeys or hides:
//! the line and paragraph separators and the interlinear annotation marks.
//! One-line fields (a message, a hint) escape newlines and tabs too;
//! multi-line text (data for people, diff lines) keeps them.

use std::borrow::Cow;
use std::fmt::Write as _;

/// Unicode 16.0.0's `Default_Ignorable_Code_Point`, as ranges, from
/// `DerivedCoreProperties.txt`.
const DEFAULT_IGNORABLE: [(char, char); 17] = [
    ('\u{ad}', '\u{ad}'),
    ('\u{34f}', '\u{34f}'),
    ('\u{61c}', '\u{61c}'),
    ('\u{115f}', '\u{1160}'),
    ('\u{17b4}', '\u{17b5}'),
    ('\u{180b}', '\u{180f}'),
    ('\u{200b}', '\u{200f}'),
    ('\u{202a}', '\u{202e}'),
    ('\u{2060}', '\u{206f}'),
    ('\u{3164}', '\u{3164}'),
    ('\u{fe00}', '\u{fe0f}'),
    ('\u{feff}', '\u{feff}'),
    ('\u{ffa0}', '\u{ffa0}'),
    ('\u{fff0}', '\u{fff8}'),
    ('\u{1bca0}', '\u{1bca3}'),
    ('\u{1d173}', '\u{1d17a}'),
    ('\u{e0000}', '\u{e0fff}'),
];

/// Whether `c` must not reach a terminal raw: see the module docs.
pub(crate) fn is_hostile(c: char) -> bool {
    c.is_control()
        || (c >= '\u{ad}'
            && (DEFAULT_IGNORABLE
                .iter()
                .any(|&(first, last)| (first..=last).contains(&c))
                // Line and paragraph separators, interlinear annotation marks.
                || matches!(c, '\u{2028}' | '\u{2029}' | '\u{fff9}'..='\u{fffb}')))
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
#[cfg_attr(not(feature = "runner"), allow(dead_code))]
pub(crate) fn escape_text(text: &str) -> Cow<'_, str> {
    escape(text, |c| c == '\n' || c == '\t')
}

/// `text` escaped in place, as [`escape_text`] escapes it.
#[cfg(feature = "runner")]
pub(crate) fn escape_in_place(text: &mut String) {
    if let Cow::Owned(escaped) = escape_text(text) {
        *text = escaped;
    }
}

/// Every string in `value` (an error's details), escaped as
/// [`escape_text`] escapes: what a program's own format may quote.
#[cfg(feature = "runner")]
pub(crate) fn escape_strings(value: &mut serde_json::Value) {
    use serde_json::Value;
    match value {
        Value::String(text) => escape_in_place(text),
        Value::Array(items) => items.iter_mut().for_each(escape_strings),
        Value::Object(members) => members.values_mut().for_each(escape_strings),
        _ => {}
    }
}

/// How text for people is printed: escaped (`Escape(true)`, the default
/// everywhere), or as it is, for a program that must print exactly what it
/// printed before (`Runner::escape_text(false)`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(not(feature = "runner"), allow(dead_code))]
pub(crate) struct Escape(pub(crate) bool);

#[cfg_attr(not(feature = "runner"), allow(dead_code))]
impl Escape {
    /// `text` for one line: see [`escape_line`].
    pub(crate) fn line(self, text: &str) -> Cow<'_, str> {
        match self.0 {
            true => escape_line(text),
            false => Cow::Borrowed(text),
        }
    }

    /// `text` keeping its lines and tabs: see [`escape_text`].
    pub(crate) fn text(self, text: &str) -> Cow<'_, str> {
        match self.0 {
            true => escape_text(text),
            false => Cow::Borrowed(text),
        }
    }

    /// rustc's `error[E0499]: <text>` line, the code being what people
    /// search by; both on one line.
    pub(crate) fn error_line(self, code: &str, text: &str) -> String {
        format!("error[{}]: {}\n", self.line(code), self.line(text))
    }

    /// rustc's `warning[CODE]: <text>` line.
    pub(crate) fn warning_line(self, code: &str, text: &str) -> String {
        format!("warning[{}]: {}\n", self.line(code), self.line(text))
    }

    /// The `hint: <text>` line under an error or a warning.
    pub(crate) fn hint_line(self, text: &str) -> String {
        format!("hint: {}\n", self.line(text))
    }
}

/// rustc's `error[E0499]: <text>` line, escaped: see [`Escape::error_line`].
pub(crate) fn error_line(code: &str, text: &str) -> String {
    Escape(true).error_line(code, text)
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
    fn every_default_ignorable_code_point_is_escaped() {
        // The first and last code point of each range of Unicode 16.0's
        // Default_Ignorable_Code_Point, written out from
        // DerivedCoreProperties.txt, and the Mongolian vowel separator.
        let ignorable = "\u{ad}\u{34f}\u{61c}\u{115f}\u{1160}\u{17b4}\u{17b5}\u{180b}\u{180e}\
            \u{180f}\u{200b}\u{200f}\u{202a}\u{202e}\u{2060}\u{2065}\u{206a}\u{206f}\u{3164}\
            \u{fe00}\u{fe0f}\u{feff}\u{ffa0}\u{fff0}\u{fff8}\u{1bca0}\u{1bca3}\u{1d173}\
            \u{1d17a}\u{e0000}\u{e0100}\u{e01ef}\u{e0fff}";
        for c in ignorable.chars() {
            let text = format!("a{c}b");
            assert_eq!(
                escape_line(&text),
                format!("a\\u{{{:x}}}b", u32::from(c)),
                "U+{:04X}",
                u32::from(c)
            );
        }
        // What the property leaves out and is still escaped: the line and
        // paragraph separators and the interlinear annotation marks.
        for c in ['\u{2028}', '\u{2029}', '\u{fff9}', '\u{fffb}'] {
            assert!(is_hostile(c), "U+{:04X}", u32::from(c));
        }
        // Next to the ranges, visible text stays as it is.
        for c in [
            '\u{ac}',
            '\u{ae}',
            '\u{180a}',
            '\u{1810}',
            '\u{fe10}',
            '\u{e1000}',
            'ü',
        ] {
            assert!(!is_hostile(c), "U+{:04X}", u32::from(c));
        }
    }
}
