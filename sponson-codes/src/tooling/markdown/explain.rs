//! Explanations as the docs and `explain` show them: rustdoc's fence labels
//! read as plain code, and headings nested under the code's own heading.
//!
//! The markdown is read by a CommonMark parser (`pulldown-cmark`, with the
//! GFM extensions GitHub renders), and only the parts it finds are
//! rewritten, in place: everything else keeps its bytes.

use std::ops::Range;

use pulldown_cmark::{CodeBlockKind, Event, Options, Parser, Tag};

/// The extensions the generated docs are read with: GitHub's.
pub(crate) fn options() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_TASKLISTS
        | Options::ENABLE_FOOTNOTES
}

/// Fence labels that only tell rustdoc how to test a block.
fn is_rustdoc_label(label: &str) -> bool {
    matches!(
        label,
        "rust" | "compile_fail" | "ignore" | "no_run" | "should_panic" | "test_harness"
    ) || label.starts_with("edition")
        || label.starts_with("ignore-")
        || (label.len() > 1
            && label.starts_with('E')
            && label[1..].bytes().all(|b| b.is_ascii_digit()))
}

/// Whether every label of a fence's info string only tells rustdoc how to
/// test the block: such a block is shown as plain `rust`.
pub(crate) fn rustdoc_only(info: &str) -> bool {
    info.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|l| !l.is_empty())
        .all(is_rustdoc_label)
}

/// `text` with every fence whose labels are all rustdoc's (```` ```compile_fail,E0499 ````)
/// opened as a plain ```` ```rust ```` block, as rustc shows them.
pub(crate) fn plain_fences(text: &str) -> String {
    rewrite(text, None)
}

/// [`plain_fences`], headings moved so the highest is at `level` (at most
/// 6), keeping their nesting, and a fence left open at the end [`closed`]:
/// the text as the docs hold it.
pub(crate) fn nested(text: &str, level: usize) -> String {
    rewrite(text, Some(level))
}

fn rewrite(text: &str, level: Option<usize>) -> String {
    // A fence needs one of the first two, a heading one of the others.
    let marks: &[char] = match level {
        Some(_) => &['`', '~', '#', '=', '-'],
        None => &['`', '~'],
    };
    if !text.contains(marks) {
        return text.to_owned();
    }
    let events: Vec<(Event<'_>, Range<usize>)> = Parser::new_ext(text, options())
        .into_offset_iter()
        .collect();
    let top = events
        .iter()
        .filter_map(|(event, _)| match event {
            Event::Start(Tag::Heading { level, .. }) => Some(*level as usize),
            _ => None,
        })
        .min();
    let shift = match (level, top) {
        (Some(level), Some(top)) => level as isize - top as isize,
        _ => 0,
    };
    let mut edits = Vec::new();
    for (event, range) in &events {
        match event {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info)))
                if !info.is_empty() && rustdoc_only(info) =>
            {
                edits.push((fence_info(text, range.start), "rust".to_owned()));
            }
            Event::Start(Tag::Heading { level: from, .. }) if shift != 0 => {
                let to = (*from as isize + shift).clamp(1, 6) as usize;
                edits.push(heading(text, range.clone(), to));
            }
            _ => {}
        }
    }
    let mut out = apply(text, edits);
    if level.is_some()
        && let Some(fence) = closing(text, &events)
    {
        out.truncate(out.trim_end().len());
        out.push('\n');
        out.push_str(&fence);
    }
    out
}

/// `text` with a fenced code block it leaves open at its end closed.
///
/// Read alone, the block ends with the text; joined into the docs, it would
/// make everything after it (the other codes' explanations) code. Only a
/// block outside lists and quotes needs it: the docs' next line ends those,
/// and the block with them.
pub(crate) fn closed(text: &str) -> String {
    if !text.contains(['`', '~']) {
        return text.to_owned();
    }
    let events: Vec<(Event<'_>, Range<usize>)> = Parser::new_ext(text, options())
        .into_offset_iter()
        .collect();
    match closing(text, &events) {
        Some(fence) => format!("{}\n{fence}", text.trim_end()),
        None => text.to_owned(),
    }
}

/// The fence that closes the block `text` leaves open at its end (see
/// [`closed`]), read from its `events`.
fn closing(text: &str, events: &[(Event<'_>, Range<usize>)]) -> Option<String> {
    let range = events.iter().rev().find_map(|(event, range)| match event {
        Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(_))) => Some(range.clone()),
        _ => None,
    })?;
    let line_start = text[..range.start].rfind('\n').map_or(0, |at| at + 1);
    let top_level = text[line_start..range.start].bytes().all(|b| b == b' ');
    if !top_level || range.end < text.trim_end().len() {
        return None;
    }
    let opening = text[range.start..].trim_start_matches(' ');
    let fence = opening.chars().next().unwrap_or('`');
    let marks = opening.len() - opening.trim_start_matches(fence).len();
    let block = text[range].trim_end();
    let last_line = block.rsplit('\n').next().unwrap_or("").trim();
    let closes =
        block.contains('\n') && last_line.len() >= marks && last_line.chars().all(|c| c == fence);
    (!closes).then(|| fence.to_string().repeat(marks))
}

/// The range of what follows the fence characters on the opening line of
/// the fenced code block at `start`: its info string.
fn fence_info(text: &str, start: usize) -> Range<usize> {
    let line = &text[start..];
    let line = &line[..line.find('\n').unwrap_or(line.len())];
    let line = line.strip_suffix('\r').unwrap_or(line);
    let indent = line.len() - line.trim_start_matches(' ').len();
    let fence = line[indent..].chars().next().unwrap_or('`');
    let marks = line[indent..].len() - line[indent..].trim_start_matches(fence).len();
    start + indent + marks..start + line.len()
}

/// The edit that makes the heading at `range` one of level `to`: its `#`s
/// replaced, or a setext heading (underlined) written as an ATX one.
fn heading(text: &str, range: Range<usize>, to: usize) -> (Range<usize>, String) {
    let source = &text[range.clone()];
    let indent = source.len() - source.trim_start_matches(' ').len();
    let marks = source[indent..].len() - source[indent..].trim_start_matches('#').len();
    if marks > 0 {
        let start = range.start + indent;
        return (start..start + marks, "#".repeat(to));
    }
    // Setext: the lines above the underline, joined, after `#`s. The range
    // may end with the underline's newline, which stays.
    let body = source.trim_end_matches(['\n', '\r']);
    let end = range.start + body.len();
    let lines: Vec<&str> = body.lines().collect();
    let content = lines[..lines.len().saturating_sub(1)]
        .iter()
        .enumerate()
        .map(|(i, line)| match i {
            0 => line.trim(),
            // A continuation line in a block quote starts with its bars.
            _ => line.trim_start_matches([' ', '>']).trim(),
        })
        .collect::<Vec<_>>()
        .join(" ");
    (range.start..end, format!("{} {content}", "#".repeat(to)))
}

/// `text` with each range of `edits` replaced; ranges do not overlap.
fn apply(text: &str, mut edits: Vec<(Range<usize>, String)>) -> String {
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
    fn rustdoc_labels_become_plain_rust_fences() {
        let text = "Erroneous code example:\n\n```compile_fail,E0499\nlet a = 1;\n```\n\n```text\nout\n```\n~~~ignore (pseudo-code)\nx\n~~~";
        assert_eq!(
            plain_fences(text),
            "Erroneous code example:\n\n```rust\nlet a = 1;\n```\n\n```text\nout\n```\n~~~ignore (pseudo-code)\nx\n~~~"
        );
        assert_eq!(plain_fences("```edition2018,no_run\n```"), "```rust\n```");
    }

    #[test]
    fn headings_nest_below_the_given_level_but_not_in_code() {
        let text = "# Top\n\ntext\n\n## Sub\n\n```\n# not a heading\n```\n####### seven is text";
        assert_eq!(
            nested(text, 5),
            "##### Top\n\ntext\n\n###### Sub\n\n```\n# not a heading\n```\n####### seven is text"
        );
        assert_eq!(
            nested("### Three\n#### Four", 5),
            "##### Three\n###### Four"
        );
        assert_eq!(nested("no headings", 5), "no headings");
        // Deeper than 6 stays at 6.
        assert_eq!(nested("# A\n### C", 5), "##### A\n###### C");
    }

    #[test]
    fn a_fence_left_open_at_the_end_is_closed() {
        assert_eq!(
            closed("a\n\n````rust\nlet x;\n"),
            "a\n\n````rust\nlet x;\n````"
        );
        assert_eq!(closed("~~~\n"), "~~~\n~~~");
        for whole in [
            "a\n\n```\nx\n```\n",
            "```\nx\n`````",
            "```\nx\n```\n\nafter",
            "- ```\n  x",
            "> ```\n> x",
            "no block",
        ] {
            assert_eq!(closed(whole), whole);
        }
    }

    #[test]
    fn the_parser_decides_what_is_a_heading_or_a_fence() {
        // Underlined (setext) headings are headings too, written with `#`s once moved.
        assert_eq!(
            nested("Title\n=====\n\nSub\n---\n\ntext", 5),
            "##### Title\n\n###### Sub\n\ntext"
        );
        // In a quote or a list item.
        assert_eq!(
            nested("# A\n\n> ## Quoted\n\n- ```compile_fail\n  x\n  ```", 5),
            "##### A\n\n> ###### Quoted\n\n- ```rust\n  x\n  ```"
        );
        // Four spaces of indent are code; an HTML block holds no heading.
        let text = "# H\n\n    # code\n    ```compile_fail\n\n<div>\n# not a heading\n</div>";
        assert_eq!(
            nested(text, 5),
            "##### H\n\n    # code\n    ```compile_fail\n\n<div>\n# not a heading\n</div>"
        );
    }
}
