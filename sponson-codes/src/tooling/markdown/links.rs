//! Links in the generated docs: a link or image stays one only when its
//! destination is on the web (http, https), an address (mailto), or has no
//! scheme (a relative path, a fragment). Any other (`javascript:`, `data:`,
//! `vbscript:`, `file:`, ...) would run or open something when clicked.
//!
//! Such a link is written as its label followed by its destination as code,
//! `label (`javascript:alert(1)`)`: the reader still sees everything that
//! was written, and a code span is never a link in any renderer (GitHub's
//! autolinking included). A reference definition to such a destination is
//! renamed so that nothing refers to it.
//!
//! What is a link is decided by a CommonMark parser reading the markdown as
//! the docs hold it, not by a pattern: entities (`&#106;avascript:`), case,
//! escapes and nesting are read as a renderer reads them. A rewrite can make
//! brackets around it a link (`[a [b](javascript:x) c](javascript:y)`), so
//! the markdown is read again until no such link is left.

use std::ops::Range;

use pulldown_cmark::{Event, LinkType, Parser, Tag, TagEnd};

use super::explain::options;
use crate::escape::escape_line;

/// Whether a link or image to `dest` may stay one: its scheme is http,
/// https or mailto, or it has none.
///
/// Read more strictly than a browser does: percent-decoded once, with every
/// whitespace and control character removed (browsers drop tabs and
/// newlines inside a scheme, and controls and spaces before it), and a `:`
/// before the first `/`, `?` or `#` taken as ending a scheme.
pub(crate) fn is_safe_destination(dest: &str) -> bool {
    let cleaned: String = percent_decoded(dest)
        .chars()
        .filter(|c| !c.is_whitespace() && !c.is_control())
        .collect();
    match cleaned.find([':', '/', '?', '#']) {
        Some(end) if cleaned[end..].starts_with(':') => matches!(
            cleaned[..end].to_ascii_lowercase().as_str(),
            "http" | "https" | "mailto"
        ),
        _ => true,
    }
}

fn percent_decoded(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |at: usize| bytes.get(at).and_then(|b| (*b as char).to_digit(16));
        match (bytes[i], hex(i + 1), hex(i + 2)) {
            (b'%', Some(high), Some(low)) => {
                out.push((high * 16 + low) as u8);
                i += 3;
            }
            (byte, _, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Where a piece of markdown is in the docs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Place {
    /// The content of a table cell, `|` already escaped: read inside a
    /// table, as the docs hold it.
    Cell,
    /// Blocks of their own: an explanation, an enum's doc comment.
    Blocks,
}

/// The label given to a definition nothing may refer to.
const UNLINKED: &str = "sponson-codes:unlinked:";

/// The most times the markdown is read again; a text that still holds an
/// unsafe link then has every bracket escaped.
const MAX_PASSES: usize = 16;

/// `markdown` with every link and image to an unsafe destination written as
/// text, and every definition of one renamed.
pub(crate) fn unlink_unsafe(markdown: &str, place: Place) -> String {
    // Every link, image, autolink and definition starts with one of these.
    if !markdown.contains(['[', '<']) {
        return markdown.to_owned();
    }
    let mut text = markdown.to_owned();
    for _ in 0..MAX_PASSES {
        let edits = unsafe_edits(&text, place);
        if edits.is_empty() {
            return text;
        }
        text = apply(&text, edits);
    }
    no_brackets(&text)
}

/// `markdown` (blocks of their own, such as one explanation) with every
/// reference link and image written inline with the destination and title
/// it has read alone, and every reference definition renamed.
///
/// A definition applies to the whole document it is in, and the first of a
/// label wins: in the docs, where explanations are joined, one file's
/// `[book]: url` would take over the `[book]` links of every other file, and
/// give a meaning to a `[label]` another file leaves undefined (text).
pub(crate) fn own_links(markdown: &str) -> String {
    if !markdown.contains('[') {
        return markdown.to_owned();
    }
    let mut text = markdown.to_owned();
    // Innermost first (`[![diagram][img]][book]`): the label of an outer one
    // is copied as written, so what is inside it must be inline already.
    // Definitions stay until then, so each pass resolves as the text alone.
    for _ in 0..MAX_PASSES {
        let edits = innermost_references(&text);
        if edits.is_empty() {
            break;
        }
        text = apply(&text, edits);
    }
    // A duplicate definition is only found once the first is renamed.
    for _ in 0..MAX_PASSES {
        let parser = Parser::new_ext(&text, options());
        let edits: Vec<(Range<usize>, String)> = parser
            .reference_definitions()
            .iter()
            .filter_map(|(_, def)| {
                let label = def.span.start + text[def.span.clone()].find('[')? + 1;
                (!text[label..].starts_with(UNLINKED)).then(|| (label..label, UNLINKED.to_owned()))
            })
            .collect();
        if edits.is_empty() {
            break;
        }
        text = apply(&text, edits);
    }
    text
}

/// The edits that write each reference link or image with no other inside
/// it as an inline one.
fn innermost_references(text: &str) -> Vec<(Range<usize>, String)> {
    struct Reference {
        open: Open,
        title: String,
        holds_one: bool,
    }
    let mut open: Vec<Reference> = Vec::new();
    let mut edits = Vec::new();
    for (event, range) in Parser::new_ext(text, options()).into_offset_iter() {
        if let Some(inner) = open.last_mut() {
            if !matches!(event, Event::End(TagEnd::Link | TagEnd::Image)) {
                inner.open.inner_end = Some(inner.open.inner_end.unwrap_or(0).max(range.end));
            }
        }
        match event {
            Event::Start(
                Tag::Link {
                    link_type,
                    dest_url,
                    title,
                    ..
                }
                | Tag::Image {
                    link_type,
                    dest_url,
                    title,
                    ..
                },
            ) => {
                let reference = matches!(
                    link_type,
                    LinkType::Reference | LinkType::Collapsed | LinkType::Shortcut
                );
                if reference {
                    for outer in &mut open {
                        outer.holds_one = true;
                    }
                }
                open.push(Reference {
                    open: Open {
                        start: range.start,
                        image: text[range.start..].starts_with("!["),
                        kind: link_type,
                        dest: dest_url.into_string(),
                        inner_end: None,
                    },
                    title: title.into_string(),
                    holds_one: !reference,
                });
            }
            Event::End(TagEnd::Link | TagEnd::Image) => {
                let Some(link) = open.pop() else { continue };
                if let Some(outer) = open.last_mut() {
                    outer.open.inner_end = Some(outer.open.inner_end.unwrap_or(0).max(range.end));
                }
                if link.holds_one {
                    continue;
                }
                let mut end = range.end;
                if link.open.kind == LinkType::Collapsed && text[end..].starts_with("[]") {
                    end += 2;
                }
                let (label_start, label_end) = label(text, &link.open);
                let mut inline = String::from(if link.open.image { "![" } else { "[" });
                inline.push_str(&text[label_start..label_end]);
                inline.push_str("](<");
                inline.push_str(&escaped(&link.open.dest, &['<', '>']));
                inline.push('>');
                if !link.title.is_empty() {
                    inline.push_str(" \"");
                    inline.push_str(&escaped(&link.title.replace('\n', " "), &['"']));
                    inline.push('"');
                }
                inline.push(')');
                edits.push((link.open.start..end, inline));
            }
            _ => {}
        }
    }
    edits
}

/// Where the label of `link` is in `source`: after its `[` (or `![`), up
/// to the `]` after the last event inside it.
fn label(source: &str, link: &Open) -> (usize, usize) {
    let start = link.start + if link.image { 2 } else { 1 };
    let from = link.inner_end.unwrap_or(start).max(start);
    let end = source[from..].find(']').map_or(from, |at| from + at);
    (start, end)
}

/// `text` as it reads inside a link's destination or title: backslashes,
/// `&` (which would start a reference), `|` (which would end a table cell)
/// and `also` escaped with backslashes.
fn escaped(text: &str, also: &[char]) -> String {
    let mut out = String::with_capacity(text.len() + 4);
    for c in text.chars() {
        if matches!(c, '\\' | '&' | '|') || also.contains(&c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// A cell is read in a table of its own, so that it is parsed as the docs'
/// tables are.
const CELL_HEAD: &str = "| x |\n| --- |\n| ";
const CELL_TAIL: &str = " |\n";

/// The markdown to parse for `text` in `place`, and where `text` starts in it.
pub(crate) fn source(text: &str, place: Place) -> (String, usize) {
    match place {
        Place::Cell => (format!("{CELL_HEAD}{text}{CELL_TAIL}"), CELL_HEAD.len()),
        Place::Blocks => (text.to_owned(), 0),
    }
}

/// A link or image being read: where it starts, its destination, and the
/// end of the last event inside it.
struct Open {
    start: usize,
    image: bool,
    kind: LinkType,
    dest: String,
    inner_end: Option<usize>,
}

/// The edits that write each outermost unsafe link of `text` as text, and
/// rename each definition of an unsafe destination.
fn unsafe_edits(text: &str, place: Place) -> Vec<(Range<usize>, String)> {
    let (source, offset) = source(text, place);
    let parser = Parser::new_ext(&source, options()).into_offset_iter();
    let mut edits: Vec<(Range<usize>, String)> = Vec::new();
    if place == Place::Blocks {
        for (_, def) in parser.reference_definitions().iter() {
            if !is_safe_destination(&def.dest) {
                if let Some(at) = source[def.span.clone()].find('[') {
                    let label = def.span.start + at + 1;
                    if !source[label..].starts_with(UNLINKED) {
                        edits.push((label..label, UNLINKED.to_owned()));
                    }
                }
            }
        }
    }
    let mut open: Vec<Open> = Vec::new();
    for (event, range) in parser {
        if let Some(inner) = open.last_mut() {
            if !matches!(event, Event::End(TagEnd::Link | TagEnd::Image)) {
                inner.inner_end = Some(inner.inner_end.unwrap_or(0).max(range.end));
            }
        }
        match event {
            Event::Start(
                Tag::Link {
                    link_type,
                    dest_url,
                    ..
                }
                | Tag::Image {
                    link_type,
                    dest_url,
                    ..
                },
            ) => {
                let image = source[range.start..].starts_with("![");
                open.push(Open {
                    start: range.start,
                    image,
                    kind: link_type,
                    dest: dest_url.into_string(),
                    inner_end: None,
                });
            }
            Event::End(TagEnd::Link | TagEnd::Image) => {
                let Some(link) = open.pop() else { continue };
                if let Some(outer) = open.last_mut() {
                    outer.inner_end = Some(outer.inner_end.unwrap_or(0).max(range.end));
                }
                if is_safe_destination(&link.dest) {
                    continue;
                }
                let shown = shown(&source, &link, place);
                // The range of `[label][]` ends before its `[]`.
                let mut end = range.end;
                if link.kind == LinkType::Collapsed && source[end..].starts_with("[]") {
                    end += 2;
                }
                edits.push((link.start..end, shown));
            }
            _ => {}
        }
    }
    // Only the outermost: what an edit copies is read again next time.
    let mut outermost: Vec<(Range<usize>, String)> = Vec::new();
    edits.sort_by_key(|(range, _)| (range.start, std::cmp::Reverse(range.end)));
    for (range, replacement) in edits {
        if outermost
            .last()
            .is_some_and(|(last, _)| range.start < last.end)
        {
            continue;
        }
        outermost.push((range, replacement));
    }
    outermost
        .into_iter()
        .filter(|(range, _)| range.start >= offset && range.end <= offset + text.len())
        .map(|(range, replacement)| (range.start - offset..range.end - offset, replacement))
        .collect()
}

/// An unsafe link as text: its label as written, then its destination as
/// code; an autolink, which has no label, as its destination alone.
fn shown(source: &str, link: &Open, place: Place) -> String {
    // The destination's references are decoded: escaped again, as text is.
    let mut dest = code_span(&escape_line(&link.dest));
    if place == Place::Cell {
        dest = dest.replace('|', "\\|");
    }
    if matches!(link.kind, LinkType::Autolink | LinkType::Email) {
        return dest;
    }
    let (label_start, label_end) = label(source, link);
    let label = source[label_start..label_end].trim();
    if label.is_empty() {
        dest
    } else {
        format!("{label} ({dest})")
    }
}

/// `code` as a code span that shows exactly it: fenced by more backticks
/// than it holds in a row, padded when it starts or ends with a backtick or
/// a space.
pub(crate) fn code_span(code: &str) -> String {
    let mut longest = 0;
    let mut run = 0;
    for c in code.chars() {
        run = if c == '`' { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    let ticks = "`".repeat(longest + 1);
    let pad = if code.starts_with(['`', ' ']) || code.ends_with(['`', ' ']) {
        " "
    } else {
        ""
    };
    format!("{ticks}{pad}{code}{pad}{ticks}")
}

/// `text` with every bracket and `<` escaped: it can hold no link at all.
fn no_brackets(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if matches!(c, '\\' | '[' | ']' | '<') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// `text` with each range of `edits` replaced; ranges do not overlap.
pub(crate) fn apply(text: &str, mut edits: Vec<(Range<usize>, String)>) -> String {
    edits.sort_by_key(|(range, _)| range.start);
    let mut out = String::with_capacity(text.len() + 16);
    let mut at = 0;
    for (range, replacement) in edits {
        out.push_str(&text[at..range.start]);
        out.push_str(&replacement);
        at = range.end;
    }
    out.push_str(&text[at..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_web_mail_and_schemeless_destinations_are_safe() {
        for safe in [
            "https://example.com/a",
            "HTTP://example.com",
            "mailto:team@example.com",
            "./other.md",
            "other.md#part",
            "#lock_held",
            "/errors?code=a:b",
            "",
        ] {
            assert!(is_safe_destination(safe), "{safe}");
        }
        for unsafe_ in [
            "javascript:alert(1)",
            "JavaScript:alert(1)",
            " javascript:alert(1)",
            "\u{1}javascript:alert(1)",
            "java\tscript:alert(1)",
            "java\nscript:alert(1)",
            "java\u{200b}script:alert(1)",
            "%6Aavascript:alert(1)",
            "javascript%3Aalert(1)",
            "vbscript:msgbox(1)",
            "data:text/html,x",
            "file:///etc/passwd",
        ] {
            assert!(!is_safe_destination(unsafe_), "{unsafe_:?}");
        }
    }

    #[test]
    fn unsafe_links_become_their_label_and_their_destination_as_code() {
        assert_eq!(
            unlink_unsafe(
                "a [x](javascript:alert(1)) and ![y](JavaScript:a) <javascript:b> [ok](https://x.test)",
                Place::Blocks
            ),
            "a x (`javascript:alert(1)`) and y (`JavaScript:a`) `javascript:b` [ok](https://x.test)"
        );
        // Brackets around a rewritten link are read again.
        assert_eq!(
            unlink_unsafe("[a [b](javascript:x) c](javascript:y)", Place::Blocks),
            "a b (`javascript:x`) c (`javascript:y`)"
        );
        // A destination with backticks or pipes still shows whole.
        assert_eq!(
            unlink_unsafe("[x](javascript:a`b\\|c)", Place::Cell),
            "x (``javascript:a`b\\|c``)"
        );
        // A definition of an unsafe destination is renamed.
        assert_eq!(
            unlink_unsafe(
                "[x][e], [e][] and [e]\n\n[e]: javascript:y\n",
                Place::Blocks
            ),
            "x (`javascript:y`), e (`javascript:y`) and e (`javascript:y`)\n\n\
             [sponson-codes:unlinked:e]: javascript:y\n"
        );
    }

    #[test]
    fn references_are_written_inline_and_definitions_renamed() {
        let text = "[a][x], [x][], [x], ![i][img], [![i][img]][x] and [u].\n\n\
                    [x]: https://e.test/a&amp;b \"T \\\"q\\\"\"\n[X]: https://e.test/second\n[img]: <./a b.png>\n";
        assert_eq!(
            own_links(text),
            "[a](<https://e.test/a\\&b> \"T \\\"q\\\"\"), [x](<https://e.test/a\\&b> \"T \\\"q\\\"\"), \
             [x](<https://e.test/a\\&b> \"T \\\"q\\\"\"), ![i](<./a b.png>), \
             [![i](<./a b.png>)](<https://e.test/a\\&b> \"T \\\"q\\\"\") and [u].\n\n\
             [sponson-codes:unlinked:x]: https://e.test/a&amp;b \"T \\\"q\\\"\"\n\
             [sponson-codes:unlinked:X]: https://e.test/second\n\
             [sponson-codes:unlinked:img]: <./a b.png>\n"
        );
    }

    #[test]
    fn a_text_that_keeps_an_unsafe_link_loses_its_brackets() {
        assert_eq!(no_brackets("\\[a](b) <c>"), "\\\\\\[a\\](b) \\<c>");
    }
}
