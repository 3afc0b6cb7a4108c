//! HTML for the error index site: escaping, and markdown written as HTML
//! that cannot run anything or fetch anything.
//!
//! Every text is HTML-escaped (`&`, `<`, `>`, `"`, `'`), after the
//! characters text mode escapes (controls, bidirectional and invisible
//! characters) are written escaped as everywhere else (`\u{202e}`), so a
//! page reads as its text is, never as something else.
//!
//! Markdown (explanations, docs, hints, retirement notes) is read by the
//! CommonMark parser the markdown docs use, and written element by element:
//! - raw HTML, inline or a block, is shown as text, never passed through;
//! - a link stays one only to the web, an address or a relative path (the
//!   markdown docs' rule); any other (`javascript:`, `data:`) is its text
//!   followed by its destination as code;
//! - an image is never loaded (a page makes no request): it becomes a link
//!   to the image with its text, under the same rule;
//! - rustdoc's fence labels (```` ```compile_fail,E0499 ````) read as
//!   `rust`, as in the markdown docs and `explain`.

use std::fmt::Write as _;

use pulldown_cmark::{Alignment, CodeBlockKind, Event, HeadingLevel, Parser, Tag, TagEnd};

use crate::escape::{escape_line, escape_text};
use crate::tooling::markdown::explain::options;
use crate::tooling::markdown::links::is_safe_destination;

/// `text` escaped for HTML: the characters that end text or an attribute.
pub(crate) fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// One line of text for a page: every control character escaped visibly,
/// newlines included, then HTML-escaped.
pub(crate) fn line(text: &str) -> String {
    escape_html(&escape_line(text))
}

/// How much of the markdown is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Shape {
    /// Blocks: paragraphs, lists, code blocks, headings moved so that the
    /// highest is at this level (2 to 6).
    Blocks(u8),
    /// Inline text only, for a table cell or a line: block structure is
    /// dropped, and line breaks become `<br>`.
    Inline,
}

/// `markdown` as HTML of `shape`.
pub(crate) fn markdown(markdown: &str, shape: Shape) -> String {
    let text = markdown.trim().replace("\r\n", "\n").replace('\r', "\n");
    if text.is_empty() {
        return String::new();
    }
    let events: Vec<Event<'_>> = Parser::new_ext(&text, options()).collect();
    let shift = match shape {
        Shape::Blocks(top) => {
            let highest = events
                .iter()
                .filter_map(|e| match e {
                    Event::Start(Tag::Heading { level, .. }) => Some(*level as i32),
                    _ => None,
                })
                .min();
            highest.map_or(0, |h| i32::from(top) - h)
        }
        Shape::Inline => 0,
    };
    let mut writer = Writer {
        out: String::with_capacity(text.len() * 5 / 4 + 16),
        shape,
        shift,
        links: Vec::new(),
        table: None,
        in_head: false,
        block: None,
    };
    for event in events {
        writer.event(event);
    }
    let out = writer.out;
    match shape {
        Shape::Blocks(_) => out,
        Shape::Inline => out.trim_end_matches("<br>").to_owned(),
    }
}

/// A link or image being written.
enum Link {
    /// Written as `<a>`; closed with `</a>`.
    Open,
    /// Not a link: its destination follows its text, as code.
    Shown(String),
}

/// An open code block or HTML block: its text, written when it closes.
struct Block {
    text: String,
    class: Option<String>,
}

struct Writer {
    out: String,
    shape: Shape,
    shift: i32,
    links: Vec<Link>,
    /// The alignments of the open table's columns, and the next cell.
    table: Option<(Vec<Alignment>, usize)>,
    in_head: bool,
    block: Option<Block>,
}

impl Writer {
    fn blocks(&self) -> bool {
        matches!(self.shape, Shape::Blocks(_))
    }

    fn text(&mut self, text: &str) {
        self.out.push_str(&escape_html(&escape_text(text)));
    }

    fn event(&mut self, event: Event<'_>) {
        match event {
            Event::Text(text) => match &mut self.block {
                Some(block) => block.text.push_str(&text),
                None => self.text(&text),
            },
            // Raw HTML is shown as what it is: text.
            Event::Html(html) => match &mut self.block {
                Some(block) => block.text.push_str(&html),
                None => self.text(&html),
            },
            Event::InlineHtml(html) => self.text(&html),
            Event::Code(code) => {
                self.out.push_str("<code>");
                self.text(&code);
                self.out.push_str("</code>");
            }
            Event::SoftBreak => match self.shape {
                Shape::Blocks(_) => self.out.push('\n'),
                Shape::Inline => self.out.push_str("<br>"),
            },
            Event::HardBreak => self.out.push_str("<br>"),
            Event::Rule if self.blocks() => self.out.push_str("<hr>\n"),
            Event::Rule => {}
            Event::FootnoteReference(label) => {
                self.out.push_str("<sup>[");
                self.text(&label);
                self.out.push_str("]</sup>");
            }
            Event::TaskListMarker(done) => self.out.push_str(if done { "[x] " } else { "[ ] " }),
            Event::InlineMath(math) => self.text(&format!("${math}$")),
            Event::DisplayMath(math) => self.text(&format!("$${math}$$")),
            Event::Start(tag) => self.start(tag),
            Event::End(tag) => self.end(tag),
        }
    }

    fn heading(&self, level: HeadingLevel) -> u8 {
        (level as i32 + self.shift).clamp(1, 6) as u8
    }

    fn start(&mut self, tag: Tag<'_>) {
        // Links and inline marks in both shapes; blocks only in `Blocks`.
        match tag {
            Tag::Emphasis => return self.out.push_str("<em>"),
            Tag::Strong => return self.out.push_str("<strong>"),
            Tag::Strikethrough => return self.out.push_str("<del>"),
            Tag::Link {
                dest_url, title, ..
            }
            | Tag::Image {
                dest_url, title, ..
            } => {
                if is_safe_destination(&dest_url) {
                    let _ = write!(
                        self.out,
                        "<a href=\"{}\"",
                        escape_html(&escape_line(&dest_url))
                    );
                    if !title.is_empty() {
                        let _ = write!(self.out, " title=\"{}\"", line(&title));
                    }
                    self.out.push('>');
                    self.links.push(Link::Open);
                } else {
                    self.links.push(Link::Shown(dest_url.into_string()));
                }
                return;
            }
            _ => {}
        }
        if !self.blocks() {
            return;
        }
        match tag {
            Tag::Paragraph => self.out.push_str("<p>"),
            Tag::Heading { level, .. } => {
                let _ = write!(self.out, "<h{}>", self.heading(level));
            }
            Tag::BlockQuote(_) => self.out.push_str("<blockquote>\n"),
            Tag::CodeBlock(kind) => {
                let class = match kind {
                    CodeBlockKind::Fenced(info) => language(&info),
                    CodeBlockKind::Indented => None,
                };
                self.block = Some(Block {
                    text: String::new(),
                    class,
                });
            }
            Tag::HtmlBlock => {
                self.block = Some(Block {
                    text: String::new(),
                    class: Some("html".to_owned()),
                });
            }
            Tag::List(Some(1)) => self.out.push_str("<ol>\n"),
            Tag::List(Some(start)) => {
                let _ = writeln!(self.out, "<ol start=\"{start}\">");
            }
            Tag::List(None) => self.out.push_str("<ul>\n"),
            Tag::Item => self.out.push_str("<li>"),
            Tag::FootnoteDefinition(label) => {
                self.out.push_str("<div class=\"footnote\"><sup>[");
                self.text(&label);
                self.out.push_str("]</sup> ");
            }
            Tag::Table(alignments) => {
                self.table = Some((alignments, 0));
                self.out.push_str("<div class=\"scroll\"><table>\n");
            }
            Tag::TableHead => {
                self.in_head = true;
                self.out.push_str("<thead><tr>");
            }
            Tag::TableRow => {
                if let Some((_, cell)) = &mut self.table {
                    *cell = 0;
                }
                self.out.push_str("<tr>");
            }
            Tag::TableCell => {
                let cell = if self.in_head { "th" } else { "td" };
                let align = match &mut self.table {
                    Some((alignments, at)) => {
                        let align = alignments.get(*at).copied();
                        *at += 1;
                        align
                    }
                    None => None,
                };
                let class = match align {
                    Some(Alignment::Left) => " class=\"left\"",
                    Some(Alignment::Center) => " class=\"center\"",
                    Some(Alignment::Right) => " class=\"right\"",
                    _ => "",
                };
                let _ = write!(self.out, "<{cell}{class}>");
            }
            // Not enabled in the parser's options: their text is written.
            _ => {}
        }
    }

    fn end(&mut self, tag: TagEnd) {
        match tag {
            TagEnd::Emphasis => return self.out.push_str("</em>"),
            TagEnd::Strong => return self.out.push_str("</strong>"),
            TagEnd::Strikethrough => return self.out.push_str("</del>"),
            TagEnd::Link | TagEnd::Image => {
                match self.links.pop() {
                    Some(Link::Open) => self.out.push_str("</a>"),
                    Some(Link::Shown(dest)) => {
                        self.out.push_str(" (<code>");
                        self.text(&dest);
                        self.out.push_str("</code>)");
                    }
                    None => {}
                }
                return;
            }
            _ => {}
        }
        if !self.blocks() {
            // A block's end parts what follows from it.
            if matches!(
                tag,
                TagEnd::Paragraph | TagEnd::Heading(_) | TagEnd::Item | TagEnd::CodeBlock
            ) {
                self.out.push_str("<br>");
            }
            if let TagEnd::CodeBlock | TagEnd::HtmlBlock = tag {
                if let Some(block) = self.block.take() {
                    self.text(block.text.trim_end());
                }
            }
            return;
        }
        match tag {
            TagEnd::Paragraph => self.out.push_str("</p>\n"),
            TagEnd::Heading(level) => {
                let _ = writeln!(self.out, "</h{}>", self.heading(level));
            }
            TagEnd::BlockQuote(_) => self.out.push_str("</blockquote>\n"),
            TagEnd::CodeBlock | TagEnd::HtmlBlock => {
                let block = self.block.take().unwrap_or(Block {
                    text: String::new(),
                    class: None,
                });
                match block.class {
                    Some(class) => {
                        let _ = write!(self.out, "<pre><code class=\"language-{class}\">");
                    }
                    None => self.out.push_str("<pre><code>"),
                }
                self.text(block.text.strip_suffix('\n').unwrap_or(&block.text));
                self.out.push_str("</code></pre>\n");
            }
            TagEnd::List(true) => self.out.push_str("</ol>\n"),
            TagEnd::List(false) => self.out.push_str("</ul>\n"),
            TagEnd::Item => self.out.push_str("</li>\n"),
            TagEnd::FootnoteDefinition => self.out.push_str("</div>\n"),
            TagEnd::Table => {
                self.table = None;
                self.out.push_str("</tbody></table></div>\n");
            }
            TagEnd::TableHead => {
                self.in_head = false;
                self.out.push_str("</tr></thead>\n<tbody>\n");
            }
            TagEnd::TableRow => self.out.push_str("</tr>\n"),
            TagEnd::TableCell => self
                .out
                .push_str(if self.in_head { "</th>" } else { "</td>" }),
            _ => {}
        }
    }
}

/// The language of a fence's info string, as a class name: its first word
/// when that is a plain name, `rust` for rustdoc's labels
/// (`compile_fail,E0499`).
fn language(info: &str) -> Option<String> {
    let first = info
        .split(|c: char| c == ',' || c.is_whitespace())
        .find(|word| !word.is_empty())?;
    if crate::tooling::markdown::explain::rustdoc_only(info) {
        return Some("rust".to_owned());
    }
    let plain = first
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "_+-".contains(c));
    (plain && first.len() <= 32).then(|| first.to_ascii_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn blocks(text: &str) -> String {
        markdown(text, Shape::Blocks(3))
    }

    #[test]
    fn every_text_is_escaped() {
        assert_eq!(
            escape_html(r#"<script>alert("x" & 'y')</script>"#),
            "&lt;script&gt;alert(&quot;x&quot; &amp; &#39;y&#39;)&lt;/script&gt;"
        );
        assert_eq!(line("a\u{202e}b\nc"), "a\\u{202e}b\\nc");
    }

    #[test]
    fn raw_html_is_shown_as_text() {
        assert_eq!(
            blocks("Hi <img src=x onerror=alert(1)> there.\n\n<script>alert(1)</script>\n"),
            "<p>Hi &lt;img src=x onerror=alert(1)&gt; there.</p>\n<pre><code class=\"language-html\">&lt;script&gt;alert(1)&lt;/script&gt;</code></pre>\n"
        );
        assert_eq!(
            markdown("Pass `--to <who>` or <b>x</b>.", Shape::Inline),
            "Pass <code>--to &lt;who&gt;</code> or &lt;b&gt;x&lt;/b&gt;."
        );
    }

    #[test]
    fn only_safe_links_stay_links_and_images_are_never_loaded() {
        assert_eq!(
            blocks("[ok](https://example.com/a?b=1&c=\"2\") [bad](javascript:alert(1)) ![pic](https://example.com/x.png) <https://e.com>"),
            "<p><a href=\"https://example.com/a?b=1&amp;c=&quot;2&quot;\">ok</a> bad (<code>javascript:alert(1)</code>) <a href=\"https://example.com/x.png\">pic</a> <a href=\"https://e.com\">https://e.com</a></p>\n"
        );
        assert_eq!(
            blocks("[x](&#106;avascript:alert(1))"),
            "<p>x (<code>javascript:alert(1)</code>)</p>\n"
        );
        assert!(!blocks("![a](data:image/png;base64,xx)").contains("<img"));
    }

    #[test]
    fn blocks_nest_under_the_page_and_fences_read_as_rustc_shows_them() {
        assert_eq!(
            blocks("# Top\n\ntext\n\n## Sub\n\n```compile_fail,E0499\nlet a = 1;\n```\n\n1. one\n2. two\n"),
            "<h3>Top</h3>\n<p>text</p>\n<h4>Sub</h4>\n<pre><code class=\"language-rust\">let a = 1;</code></pre>\n<ol>\n<li>one</li>\n<li>two</li>\n</ol>\n"
        );
        assert_eq!(
            blocks("```text\n<b>\n```"),
            "<pre><code class=\"language-text\">&lt;b&gt;</code></pre>\n"
        );
        assert_eq!(
            blocks("```x\" onload=\"y\nz\n```"),
            "<pre><code>z</code></pre>\n"
        );
        assert_eq!(
            blocks("| a | b |\n| :- | -: |\n| 1 | 2 |"),
            "<div class=\"scroll\"><table>\n<thead><tr><th class=\"left\">a</th><th class=\"right\">b</th></tr></thead>\n<tbody>\n<tr><td class=\"left\">1</td><td class=\"right\">2</td></tr>\n</tbody></table></div>\n"
        );
    }

    #[test]
    fn hidden_characters_are_shown_even_through_references() {
        assert_eq!(
            markdown("a&#x202E;b \u{200b}c", Shape::Inline),
            "a\\u{202e}b \\u{200b}c"
        );
        assert_eq!(
            markdown("line one\nline two", Shape::Inline),
            "line one<br>line two"
        );
    }
}
