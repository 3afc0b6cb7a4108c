//! What the docs show of characters that make text read other than it is:
//! control characters, bidirectional controls and the others text mode
//! escapes ([`escape_text`]) are written escaped (`\u{202e}`), never raw.
//!
//! A character reference (`&#x202E;`, `&rlm;`) is decoded by every
//! renderer, so one that names such a character is escaped too; where a
//! renderer shows references as written (code spans and blocks), they stay.

use std::ops::Range;

use pulldown_cmark::{Event, Parser};

use super::explain::options;
use super::links::{apply, source, Place};
use crate::escape::{escape_line, escape_text};

/// Markdown of blocks of its own (an explanation, a doc comment) with its
/// line endings as `\n` (a `\r` would be escaped, and CommonMark reads it as
/// a line ending) and every other such character escaped.
pub(crate) fn blocks(text: &str) -> String {
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    escape_text(&text).into_owned()
}

/// `markdown` with each character reference that names a character text
/// mode escapes replaced by its escape.
pub(crate) fn references(markdown: &str, place: Place) -> String {
    if !markdown.contains('&') {
        return markdown.to_owned();
    }
    let (source, offset) = source(markdown, place);
    let mut edits: Vec<(Range<usize>, String)> = Vec::new();
    for (event, range) in Parser::new_ext(&source, options()).into_offset_iter() {
        let decoded = match &event {
            Event::Text(text) | Event::Html(text) | Event::InlineHtml(text) => text,
            _ => continue,
        };
        if range.start < offset || escape_line(decoded) == decoded.as_ref() {
            continue;
        }
        let mut at = range.start;
        while let Some(found) = source[at..range.end].find('&') {
            let start = at + found;
            at = start + 1;
            let Some(len) = source[start..range.end].find(';') else {
                break;
            };
            let reference = &source[start..=start + len];
            if let Some(escaped) = hostile_reference(reference) {
                edits.push((start - offset..start + len + 1 - offset, escaped));
                at = start + len + 1;
            }
        }
    }
    apply(markdown, edits)
}

/// The escape of the character `reference` names, when it is a reference
/// to a character text mode escapes.
fn hostile_reference(reference: &str) -> Option<String> {
    let name = &reference[1..reference.len() - 1];
    let numeric = name.strip_prefix('#').is_some_and(|n| {
        let digits = n.strip_prefix(['x', 'X']);
        match digits {
            Some(hex) => (1..=6).contains(&hex.len()) && hex.bytes().all(|b| b.is_ascii_hexdigit()),
            None => (1..=7).contains(&n.len()) && n.bytes().all(|b| b.is_ascii_digit()),
        }
    });
    let named = (2..=32).contains(&name.len()) && name.bytes().all(|b| b.is_ascii_alphanumeric());
    if !numeric && !named {
        return None;
    }
    // The parser knows every name HTML defines: a reference alone is its character.
    let decoded: String = Parser::new(reference)
        .filter_map(|event| match event {
            Event::Text(text) => Some(text.into_string()),
            _ => None,
        })
        .collect();
    let escaped = escape_line(&decoded);
    (decoded != reference && escaped != decoded).then(|| escaped.into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references_to_escaped_characters_are_escaped_and_others_stay() {
        assert_eq!(
            references(
                "a &#x202E; &#8238; &rlm; &amp; &copy; &#x41; &nope; `&#x202E;`",
                Place::Blocks
            ),
            "a \\u{202e} \\u{202e} \\u{200f} &amp; &copy; &#x41; &nope; `&#x202E;`"
        );
        assert_eq!(references("x &#x1b;[2J |", Place::Cell), "x \\u{1b}[2J |");
        assert_eq!(blocks("a\r\nb\rc\u{202e}\td"), "a\nb\nc\\u{202e}\td");
    }
}
