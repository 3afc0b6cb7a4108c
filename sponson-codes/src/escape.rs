//! The one escaping rule for text a person or an agent reads: text from
//! anywhere (a message built from a file name, a server's reply, a stale
//! file's lines) can neither steer a terminal nor read other than it is.
//!
//! Control characters are escaped visibly (`\u{1b}`, `\r`, ...): the C0 and
//! C1 controls and DEL, the line and paragraph separators, the
//! bidirectional formatting characters, which can make text read other
//! than it is, and the characters that show as nothing: zero-width
//! characters, the byte order mark, the soft hyphen and Unicode tag
//! characters (which can spell out text an agent reads and a person never
//! sees). One-line fields (a message, a hint) escape newlines and tabs too;
//! multi-line text (data for people, diff lines) keeps them.

use std::borrow::Cow;
use std::fmt::Write as _;

/// Whether `c` must not reach a terminal raw.
pub(crate) fn is_hostile(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            // Line and paragraph separators.
            '\u{2028}'
                | '\u{2029}'
                // Bidirectional marks, embeddings, overrides and isolates.
                | '\u{061c}'
                | '\u{200e}'
                | '\u{200f}'
                | '\u{202a}'..='\u{202e}'
                | '\u{2066}'..='\u{2069}'
                // Invisible: the soft hyphen, zero-width space and
                // joiners, word joiner and invisible operators, the byte
                // order mark, interlinear annotation marks, tag characters.
                | '\u{ad}'
                | '\u{200b}'..='\u{200d}'
                | '\u{2060}'..='\u{2064}'
                | '\u{feff}'
                | '\u{fff9}'..='\u{fffb}'
                | '\u{e0000}'..='\u{e007f}'
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
#[cfg_attr(not(feature = "runner"), allow(dead_code))]
pub(crate) fn escape_text(text: &str) -> Cow<'_, str> {
    escape(text, |c| c == '\n' || c == '\t')
}

/// rustc's `error[E0499]: <text>` line, the code being what people search
/// by; both escaped to one line.
pub(crate) fn error_line(code: &str, text: &str) -> String {
    format!("error[{}]: {}\n", escape_line(code), escape_line(text))
}

/// rustc's `warning[CODE]: <text>` line.
#[cfg_attr(not(feature = "runner"), allow(dead_code))]
pub(crate) fn warning_line(code: &str, text: &str) -> String {
    format!("warning[{}]: {}\n", escape_line(code), escape_line(text))
}

/// The `hint: <text>` line under an error or a warning.
#[cfg_attr(not(feature = "runner"), allow(dead_code))]
pub(crate) fn hint_line(text: &str) -> String {
    format!("hint: {}\n", escape_line(text))
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
}
