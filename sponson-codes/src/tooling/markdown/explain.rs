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
/// 6), keeping their nesting, and a fence or raw HTML left open at the end
/// [`closed`]: the text as the docs hold it.
pub(crate) fn nested(text: &str, level: usize) -> String {
    let text = rewrite(text, Some(level));
    html_closed(&text)
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
    if level.is_some() {
        if let Some(fence) = closing(text, &events) {
            out.truncate(out.trim_end().len());
            out.push('\n');
            out.push_str(&fence);
        }
    }
    out
}

/// `text` with a fenced code block it leaves open at its end closed, then
/// raw HTML it leaves open closed too ([`html_closed`]).
///
/// Read alone, the block ends with the text; joined into the docs, it would
/// make everything after it (the other codes' explanations) code. Only a
/// block outside lists and quotes needs it: the docs' next line ends those,
/// and the block with them.
pub(crate) fn closed(text: &str) -> String {
    let fenced = match text.contains(['`', '~']) {
        true => {
            let events: Vec<(Event<'_>, Range<usize>)> = Parser::new_ext(text, options())
                .into_offset_iter()
                .collect();
            closing(text, &events).map(|fence| format!("{}\n{fence}", text.trim_end()))
        }
        false => None,
    };
    html_closed(fenced.as_deref().unwrap_or(text))
}

/// Elements whose content a browser reads as text up to their end tag.
const RAW_TEXT: &[&str] = &[
    "iframe", "noembed", "noframes", "noscript", "script", "style", "textarea", "title", "xmp",
];

/// Elements that have no end tag.
const VOID: &[&str] = &[
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source",
    "track", "wbr",
];

/// `text` with the raw HTML it leaves open closed, so that joined into a
/// document it swallows nothing after it: an HTML block that runs to the
/// end of the text (`<!--`, `<pre>`, `<?`, `<![CDATA[`, which only their end
/// marker ends), and what a browser then reads of the raw HTML: a comment,
/// a tag or a quoted attribute, a raw text element (`<script>`,
/// `<textarea>`, `<xmp>`, `<title>`, ...) and every element left open
/// (`<pre>`, `<details>`). A blank line and one line of HTML that closes
/// them all are added, starting with a comment so that it is an HTML block
/// wherever it lands. Nothing ends `<plaintext>`: its `<` is written
/// `&lt;` instead.
pub(crate) fn html_closed(text: &str) -> String {
    if !text.contains('<') {
        return text.to_owned();
    }
    let mut scan = HtmlScan::of(text);
    let neutral = std::mem::take(&mut scan.plaintext);
    if !neutral.is_empty() {
        let edits = neutral
            .into_iter()
            .map(|at| (at..at + 1, "&lt;".to_owned()));
        return html_closed(&apply(text, edits.collect()));
    }
    if scan.state == HtmlState::Data && scan.elements.is_empty() && !scan.open_block {
        return text.to_owned();
    }
    let mut trailer = String::from("<!-- -->");
    // An HTML block a browser may have ended, but the markdown has not.
    if scan.open_block {
        trailer.push_str("<!-- ?> ]]> -->");
    }
    scan.feed(&trailer, 0);
    loop {
        let closer = match &scan.state {
            HtmlState::Tag { quote: Some(q), .. } => format!("{}>", char::from(*q)),
            HtmlState::Tag { quote: None, .. } | HtmlState::Bogus => ">".to_owned(),
            HtmlState::Comment => "-->".to_owned(),
            HtmlState::Raw(name) => format!("</{name}>"),
            HtmlState::Data => match scan.elements.last() {
                Some(name) => format!("</{name}>"),
                None => break,
            },
        };
        scan.feed(&closer, 0);
        trailer.push_str(&closer);
    }
    format!("{}\n\n{trailer}", text.trim_end())
}

/// Where a browser's HTML tokenizer stands.
#[derive(Debug, PartialEq)]
enum HtmlState {
    Data,
    /// In a start or end tag: its lowercase name, where its `<` is, and the
    /// quote of the attribute value it is in.
    Tag {
        name: String,
        end: bool,
        at: usize,
        quote: Option<u8>,
        after_eq: bool,
    },
    /// In a comment, up to `-->`.
    Comment,
    /// In a bogus comment (`<?`, `<!x`), up to `>`.
    Bogus,
    /// In a raw text element, up to its end tag.
    Raw(String),
}

/// What the raw HTML of a markdown text leaves open, read as a browser
/// reads it (its HTML, inline and blocks, in order).
struct HtmlScan {
    state: HtmlState,
    /// Elements left open, innermost last.
    elements: Vec<String>,
    /// Where each `<plaintext` tag starts.
    plaintext: Vec<usize>,
    /// Whether the text ends in an HTML block that `?>` or `]]>` ends.
    open_block: bool,
}

impl HtmlScan {
    fn of(text: &str) -> HtmlScan {
        let mut scan = HtmlScan {
            state: HtmlState::Data,
            elements: Vec::new(),
            plaintext: Vec::new(),
            open_block: false,
        };
        let mut last_block = None;
        for (event, range) in Parser::new_ext(text, options()).into_offset_iter() {
            match event {
                Event::Html(_) | Event::InlineHtml(_) => {
                    scan.feed(&text[range.clone()], range.start);
                    scan.feed("\n", range.end);
                }
                Event::Start(Tag::HtmlBlock) => last_block = Some(range),
                _ => {}
            }
        }
        if let Some(range) = last_block {
            if range.end >= text.trim_end().len() {
                let block = text[range].trim_start();
                scan.open_block = (block.starts_with("<?") && !block[2..].contains("?>"))
                    || (block.starts_with("<![CDATA[") && !block.contains("]]>"));
            }
        }
        scan
    }

    /// Reads `html`, which starts at `base` in the text.
    fn feed(&mut self, html: &str, base: usize) {
        let bytes = html.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            let rest = &html[i..];
            match &mut self.state {
                HtmlState::Data => {
                    let Some(lt) = rest.find('<') else { return };
                    i += lt;
                    let rest = &html[i..];
                    let next = rest.as_bytes().get(1).copied().unwrap_or(0);
                    // `<!-->` and `<!--->` are whole comments.
                    if rest.starts_with("<!-->") {
                        i += 5;
                    } else if rest.starts_with("<!--->") {
                        i += 6;
                    } else if rest.starts_with("<!--") {
                        self.state = HtmlState::Comment;
                        i += 4;
                    } else if next == b'!' || next == b'?' {
                        self.state = HtmlState::Bogus;
                        i += 2;
                    } else if next.is_ascii_alphabetic()
                        || (next == b'/'
                            && rest.as_bytes().get(2).is_some_and(u8::is_ascii_alphabetic))
                    {
                        let end = next == b'/';
                        let start = if end { 2 } else { 1 };
                        let len = rest[start..]
                            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
                            .unwrap_or(rest.len() - start);
                        self.state = HtmlState::Tag {
                            name: rest[start..start + len].to_ascii_lowercase(),
                            end,
                            at: base + i,
                            quote: None,
                            after_eq: false,
                        };
                        i += start + len;
                    } else if next == b'/' {
                        self.state = HtmlState::Bogus;
                        i += 2;
                    } else {
                        i += 1;
                    }
                }
                HtmlState::Tag {
                    name,
                    end,
                    at,
                    quote,
                    after_eq,
                } => {
                    let b = bytes[i];
                    i += 1;
                    match (*quote, b) {
                        (Some(q), _) => {
                            if b == q {
                                *quote = None;
                            }
                        }
                        (None, b'"' | b'\'') if *after_eq => *quote = Some(b),
                        (None, b'=') => *after_eq = true,
                        (None, b' ' | b'\t' | b'\n' | b'\r' | b'\x0c') => {}
                        (None, b'>') => {
                            let self_closing = i >= 2 && bytes[i - 2] == b'/';
                            let (name, end, at) = (std::mem::take(name), *end, *at);
                            self.state = HtmlState::Data;
                            self.tag(name, end, at, self_closing);
                        }
                        (None, _) => *after_eq = false,
                    }
                }
                HtmlState::Comment => match rest.find("-->") {
                    Some(at) => {
                        self.state = HtmlState::Data;
                        i += at + 3;
                    }
                    None => return,
                },
                HtmlState::Bogus => match rest.find('>') {
                    Some(at) => {
                        self.state = HtmlState::Data;
                        i += at + 1;
                    }
                    None => return,
                },
                HtmlState::Raw(name) => {
                    // Its end tag, in any case: `</name` and a byte that
                    // ends the name.
                    let ends = |at: usize| {
                        let tag = &rest.as_bytes()[at + 2..];
                        tag.len() >= name.len()
                            && tag[..name.len()].eq_ignore_ascii_case(name.as_bytes())
                            && tag.get(name.len()).is_none_or(|b| {
                                matches!(b, b' ' | b'\t' | b'\n' | b'\x0c' | b'/' | b'>')
                            })
                    };
                    let Some(at) = rest
                        .match_indices("</")
                        .map(|(at, _)| at)
                        .find(|&at| ends(at))
                    else {
                        return;
                    };
                    let len = 2 + name.len();
                    self.state = HtmlState::Tag {
                        name: std::mem::take(name),
                        end: true,
                        at: base + i + at,
                        quote: None,
                        after_eq: false,
                    };
                    i += at + len;
                }
            }
        }
    }

    /// A whole tag read: what it opens or closes.
    fn tag(&mut self, name: String, end: bool, at: usize, self_closing: bool) {
        if end {
            if let Some(open) = self.elements.iter().rposition(|e| *e == name) {
                self.elements.truncate(open);
            }
        } else if name == "plaintext" {
            self.plaintext.push(at);
        } else if RAW_TEXT.contains(&name.as_str()) {
            self.state = HtmlState::Raw(name);
        } else if !self_closing && !VOID.contains(&name.as_str()) {
            self.elements.push(name);
        }
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
    fn raw_html_left_open_at_the_end_is_closed() {
        for (open, trailer) in [
            ("a\n\n<!-- never closed\nb", "<!-- -->"),
            ("<pre>\nx", "<!-- --></pre>"),
            ("<PRE class=\"x\">\nx\n\n# heading inside", "<!-- --></pre>"),
            ("<script>\nx", "<!-- --></script>"),
            ("<style>x", "<!-- --></style>"),
            ("Type <textarea> here.", "<!-- --></textarea>"),
            ("An <xmp> example.", "<!-- --></xmp>"),
            ("A <title> in text.", "<!-- --></title>"),
            (
                "<details><summary>More</summary>\n\nhidden",
                "<!-- --></details>",
            ),
            ("<div title=\"never closed\n", "<!-- -->\"></div>"),
            ("<div>\n<!-- in a block", "<!-- --></div>"),
            ("<?php $a->b", "<!-- --><!-- ?> ]]> -->"),
            ("<![CDATA[ x", "<!-- --><!-- ?> ]]> -->"),
            ("- a list\n\n  <pre>\n  x", "<!-- --></pre>"),
        ] {
            assert_eq!(
                closed(open),
                format!("{}\n\n{trailer}", open.trim_end()),
                "{open:?}"
            );
            assert_eq!(
                nested(open, 5).rsplit("\n\n").next(),
                Some(trailer),
                "{open:?}"
            );
        }
        // Nothing closes `<plaintext>`: it is shown as text instead.
        assert_eq!(closed("a <plaintext> b"), "a &lt;plaintext> b");
        for whole in [
            "<pre>x</pre>",
            "<SCRIPT>x</Script >",
            "<textarea>a</textareas> b</textarea>",
            "<!-- a comment -->\n\ntext",
            "<details><summary>s</summary>\n\nbody\n\n</details>",
            "a<br>b <img src=x /> c",
            "`<!--` and `<pre>` as code",
            "```\n<pre>\n<!--\n```",
            "    <script>\n",
            "an unclosed <!-- in a paragraph is text",
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
