//! Explanations as the docs and `explain` show them: rustdoc's fence labels
//! read as plain code, and headings nested under the code's own heading.
//!
//! Only ATX headings (`# Title`) and fenced code blocks are recognised; that
//! is what explanations (rustc's among them) are written with.

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

/// A fence line's character, length and info string, if `line` opens or
/// closes a fenced code block.
fn fence(line: &str) -> Option<(char, usize, &str)> {
    let indent = line.len() - line.trim_start_matches(' ').len();
    if indent > 3 {
        return None;
    }
    let rest = &line[indent..];
    let ch = rest.chars().next().filter(|c| *c == '`' || *c == '~')?;
    let len = rest.len() - rest.trim_start_matches(ch).len();
    (len >= 3).then(|| (ch, len, rest[len..].trim()))
}

/// The level of an ATX heading line, if it is one.
fn heading_level(line: &str) -> Option<usize> {
    let indent = line.len() - line.trim_start_matches(' ').len();
    if indent > 3 {
        return None;
    }
    let rest = &line[indent..];
    let level = rest.len() - rest.trim_start_matches('#').len();
    let after = &rest[level..];
    ((1..=6).contains(&level) && (after.is_empty() || after.starts_with([' ', '\t'])))
        .then_some(level)
}

/// What a line of an explanation is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Line<'a> {
    Text,
    /// Opens a fenced code block with this info string.
    Open(&'a str),
    /// Inside a code block, or its closing fence.
    Code,
}

/// The lines of `text`, each with what it is.
fn classify(text: &str) -> impl Iterator<Item = (&str, Line<'_>)> {
    let mut open: Option<(char, usize)> = None;
    text.split('\n').map(move |line| match (open, fence(line)) {
        (None, Some((ch, len, info))) => {
            open = Some((ch, len));
            (line, Line::Open(info))
        }
        (Some((c, l)), Some((ch, len, ""))) if c == ch && len >= l => {
            open = None;
            (line, Line::Code)
        }
        (Some(_), _) => (line, Line::Code),
        (None, None) => (line, Line::Text),
    })
}

/// `text` with every fence whose labels are all rustdoc's (```` ```compile_fail,E0499 ````)
/// opened as a plain ```` ```rust ```` block, as rustc shows them.
pub(crate) fn plain_fences(text: &str) -> String {
    rewrite(text, None)
}

/// [`plain_fences`], and headings moved so the highest is at `level`
/// (at most 6), keeping their nesting.
pub(crate) fn nested(text: &str, level: usize) -> String {
    rewrite(text, Some(level))
}

fn rewrite(text: &str, level: Option<usize>) -> String {
    let top = classify(text)
        .filter(|(_, kind)| *kind == Line::Text)
        .filter_map(|(line, _)| heading_level(line))
        .min();
    let shift = match (level, top) {
        (Some(level), Some(top)) => level as isize - top as isize,
        _ => 0,
    };
    let mut out = String::with_capacity(text.len() + 16);
    for (i, (line, kind)) in classify(text).enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let indent = line.len() - line.trim_start_matches(' ').len();
        match (kind, heading_level(line)) {
            (Line::Open(info), _) if !info.is_empty() && rustdoc_only(info) => {
                let (ch, len, _) = fence(line).expect("an opening fence");
                out.push_str(&line[..indent]);
                out.extend(std::iter::repeat_n(ch, len));
                out.push_str("rust");
            }
            (Line::Text, Some(from)) if shift != 0 => {
                let to = (from as isize + shift).clamp(1, 6) as usize;
                out.push_str(&"#".repeat(to));
                out.push_str(&line[indent + from..]);
            }
            _ => out.push_str(line),
        }
    }
    out
}

fn rustdoc_only(info: &str) -> bool {
    info.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|l| !l.is_empty())
        .all(is_rustdoc_label)
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
}
