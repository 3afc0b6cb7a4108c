//! Markdown for a terminal: an explanation read by a CommonMark parser
//! (`pulldown-cmark`) and written with ANSI SGR escapes, as `explain` shows
//! it on a terminal. Pure: text in, text out; the companion decides whether
//! and where it is shown.
//!
//! With colour, headings are bold (a top-level one underlined too), emphasis
//! is italic, strong text bold, code cyan, a link's text underlined and
//! followed by its URL. Without colour (`NO_COLOR`, `TERM=dumb`) the same
//! layout is kept and the inline marks stay as markdown writes them
//! (`*emphasis*`, `**strong**`, `` `code` ``, `# Heading`), so nothing is
//! lost.
//!
//! In both, code blocks are indented four spaces and their fence's info
//! string (```` ```compile_fail,E0499 ````) is never shown; list items get
//! a bullet or their number; block quotes a bar. Line breaks are kept as
//! written, not rewrapped: explanations are written at a readable width, and
//! rewrapping would need the terminal's width, which a pure function does
//! not have.
//!
//! Every character of the text goes through the same escaping as all other
//! text output ([`escape_text`]): a control character in the markdown (an
//! ESC, say) is shown as `\u{1b}`, never sent raw. The only escapes written
//! are the renderer's own SGR sequences.

use pulldown_cmark::{Event, HeadingLevel, LinkType, Options, Parser, Tag, TagEnd};

use crate::escape::{escape_line, escape_text};

/// How to write for a terminal: with ANSI colour and attributes, or without
/// any escape sequence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Style {
    /// Whether SGR escapes are written.
    pub(crate) color: bool,
}

impl Style {
    /// `text` on one line, in bold with colour; as it is without.
    pub(crate) fn bold(self, text: &str) -> String {
        let text = escape_line(text);
        match self.color {
            true => format!("{}{text}{RESET}", Attrs::BOLD.sgr()),
            false => text.into_owned(),
        }
    }

    /// `text` on one line as code: cyan with colour, in backticks without.
    pub(crate) fn code(self, text: &str) -> String {
        let text = escape_line(text);
        match self.color {
            true => format!("{}{text}{RESET}", Attrs::CODE.sgr()),
            false => code_span(&text),
        }
    }
}

const RESET: &str = "\x1b[0m";

/// `markdown` rendered for a terminal in `style`, ending with one newline
/// (or empty when the markdown holds nothing).
pub(crate) fn render_terminal(markdown: &str, style: Style) -> String {
    let mut writer = Writer::new(style);
    for event in Parser::new_ext(markdown, Options::ENABLE_STRIKETHROUGH) {
        writer.event(event);
    }
    writer.finish()
}

/// The SGR attributes of a stretch of text.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Attrs {
    bold: bool,
    dim: bool,
    italic: bool,
    underline: bool,
    strike: bool,
    /// A foreground colour, 30 to 37.
    fg: Option<u8>,
}

impl Attrs {
    const BOLD: Attrs = Attrs {
        bold: true,
        ..Attrs::NONE
    };
    const CODE: Attrs = Attrs {
        fg: Some(36),
        ..Attrs::NONE
    };
    const NONE: Attrs = Attrs {
        bold: false,
        dim: false,
        italic: false,
        underline: false,
        strike: false,
        fg: None,
    };

    fn heading(level: HeadingLevel) -> Attrs {
        Attrs {
            underline: level == HeadingLevel::H1,
            ..Attrs::BOLD
        }
    }

    fn with(self, other: Attrs) -> Attrs {
        Attrs {
            bold: self.bold || other.bold,
            dim: self.dim || other.dim,
            italic: self.italic || other.italic,
            underline: self.underline || other.underline,
            strike: self.strike || other.strike,
            fg: other.fg.or(self.fg),
        }
    }

    /// One SGR sequence that resets, then sets exactly these attributes.
    fn sgr(self) -> String {
        let mut sgr = String::from("\x1b[0");
        for (on, code) in [
            (self.bold, "1"),
            (self.dim, "2"),
            (self.italic, "3"),
            (self.underline, "4"),
            (self.strike, "9"),
        ] {
            if on {
                sgr.push(';');
                sgr.push_str(code);
            }
        }
        if let Some(fg) = self.fg {
            sgr.push(';');
            sgr.push_str(&fg.to_string());
        }
        sgr.push('m');
        sgr
    }
}

/// A block that puts something at the start of each of its lines.
enum Container {
    /// A block quote: a bar.
    Quote,
    /// A list item: its marker on its first line, spaces as wide after.
    Item { marker: String, shown: bool },
    /// A code block: four spaces.
    Code,
}

/// A link or image being written: where it points, and whether to show it.
struct Link {
    url: String,
    shown: bool,
}

struct Writer {
    out: String,
    style: Style,
    containers: Vec<Container>,
    /// The attributes of the open inline spans, innermost last.
    spans: Vec<Attrs>,
    /// The next number of each open list (`None` for a bulleted one).
    lists: Vec<Option<u64>>,
    links: Vec<Link>,
    /// The text of the open code or HTML block, written when it closes.
    block: Option<String>,
    at_line_start: bool,
    /// A block ended: the next one starts after a blank line.
    blank_pending: bool,
}

impl Writer {
    fn new(style: Style) -> Writer {
        Writer {
            out: String::new(),
            style,
            containers: Vec::new(),
            spans: Vec::new(),
            lists: Vec::new(),
            links: Vec::new(),
            block: None,
            at_line_start: true,
            blank_pending: false,
        }
    }

    fn color(&self) -> bool {
        self.style.color
    }

    fn attrs(&self) -> Attrs {
        self.spans.iter().fold(Attrs::NONE, |a, b| a.with(*b))
    }

    fn event(&mut self, event: Event<'_>) {
        match event {
            Event::Start(tag) => self.start(tag),
            Event::End(tag) => self.end(tag),
            Event::Text(text) => match &mut self.block {
                Some(block) => block.push_str(&text),
                None => self.text(&text),
            },
            Event::Html(html) => match &mut self.block {
                Some(block) => block.push_str(&html),
                None => self.text(&html),
            },
            Event::InlineHtml(html) => self.text(&html),
            Event::Code(code) => self.inline_code(&code),
            Event::SoftBreak | Event::HardBreak => self.end_line(),
            Event::Rule => {
                self.begin_block();
                let rule = match self.color() {
                    true => format!("{}{}{RESET}", dim().sgr(), "─".repeat(40)),
                    false => "-".repeat(40),
                };
                self.raw(&rule);
                self.end_block();
            }
            // Not enabled in the parser's options; kept as written.
            Event::FootnoteReference(label) => self.text(&format!("[^{label}]")),
            Event::InlineMath(math) => self.text(&format!("${math}$")),
            Event::DisplayMath(math) => self.text(&format!("$${math}$$")),
            Event::TaskListMarker(done) => self.text(if done { "[x] " } else { "[ ] " }),
        }
    }

    fn start(&mut self, tag: Tag<'_>) {
        match tag {
            Tag::Paragraph => self.begin_block(),
            Tag::Heading { level, .. } => {
                self.begin_block();
                match self.color() {
                    true => self.push_span(Attrs::heading(level)),
                    false => self.text(&format!("{} ", "#".repeat(level as usize))),
                }
            }
            Tag::BlockQuote(_) => {
                self.begin_block();
                self.containers.push(Container::Quote);
            }
            // A fence's info string (`rust`, `compile_fail,E0499`) only
            // tells tools how to treat the block: never shown.
            Tag::CodeBlock(_) | Tag::HtmlBlock => {
                self.begin_block();
                self.block = Some(String::new());
            }
            Tag::List(start) => {
                self.begin_block();
                self.lists.push(start);
            }
            Tag::Item => {
                self.begin_block();
                let marker = match self.lists.last_mut() {
                    Some(Some(n)) => {
                        *n += 1;
                        format!("{}. ", *n - 1)
                    }
                    _ if self.style.color => "• ".to_owned(),
                    _ => "- ".to_owned(),
                };
                self.containers.push(Container::Item {
                    marker,
                    shown: false,
                });
            }
            Tag::Emphasis => self.inline(
                Attrs {
                    italic: true,
                    ..Attrs::NONE
                },
                "*",
            ),
            Tag::Strong => self.inline(Attrs::BOLD, "**"),
            Tag::Strikethrough => self.inline(
                Attrs {
                    strike: true,
                    ..Attrs::NONE
                },
                "~~",
            ),
            Tag::Link {
                link_type,
                dest_url,
                ..
            }
            | Tag::Image {
                link_type,
                dest_url,
                ..
            } => {
                // An autolink's text is its URL, and an anchor in the
                // document leads nowhere on a terminal.
                let shown = !matches!(link_type, LinkType::Autolink | LinkType::Email)
                    && !dest_url.is_empty()
                    && !dest_url.starts_with('#');
                self.links.push(Link {
                    url: dest_url.into_string(),
                    shown,
                });
                self.push_span(Attrs {
                    underline: true,
                    ..Attrs::NONE
                });
            }
            _ => {}
        }
    }

    fn end(&mut self, tag: TagEnd) {
        match tag {
            TagEnd::Paragraph => self.end_block(),
            TagEnd::Heading(_) => {
                if self.color() {
                    self.pop_span();
                }
                self.end_block();
            }
            TagEnd::BlockQuote(_) => {
                self.end_line();
                self.containers.pop();
                self.blank_pending = true;
            }
            TagEnd::CodeBlock => {
                let code = self.block.take().unwrap_or_default();
                self.containers.push(Container::Code);
                if self.color() {
                    self.spans.push(Attrs::CODE);
                }
                self.lines(&code);
                if self.color() {
                    self.spans.pop();
                }
                self.containers.pop();
                self.blank_pending = true;
            }
            TagEnd::HtmlBlock => {
                let html = self.block.take().unwrap_or_default();
                self.lines(&html);
                self.blank_pending = true;
            }
            TagEnd::List(_) => {
                self.end_line();
                self.lists.pop();
                // A list nested in a tight item is part of that item.
                self.blank_pending = !self
                    .containers
                    .iter()
                    .any(|c| matches!(c, Container::Item { .. }));
            }
            TagEnd::Item => {
                if let Some(Container::Item { shown: false, .. }) = self.containers.last() {
                    // An empty item still shows its marker.
                    self.start_line();
                }
                self.end_line();
                self.containers.pop();
            }
            TagEnd::Emphasis => self.end_inline("*"),
            TagEnd::Strong => self.end_inline("**"),
            TagEnd::Strikethrough => self.end_inline("~~"),
            TagEnd::Link | TagEnd::Image => {
                self.pop_span();
                if let Some(link) = self.links.pop() {
                    if link.shown {
                        let url = format!("({})", link.url);
                        match self.color() {
                            true => {
                                self.text(" ");
                                self.push_span(dim());
                                self.text(&url);
                                self.pop_span();
                            }
                            false => self.text(&format!(" {url}")),
                        }
                    }
                }
            }
            _ => {}
        }
    }

    /// Opens an inline span: `attrs` with colour, `mark` written without.
    fn inline(&mut self, attrs: Attrs, mark: &str) {
        match self.color() {
            true => self.push_span(attrs),
            false => self.text(mark),
        }
    }

    fn end_inline(&mut self, mark: &str) {
        match self.color() {
            true => self.pop_span(),
            false => self.text(mark),
        }
    }

    fn inline_code(&mut self, code: &str) {
        match self.color() {
            true => {
                self.push_span(Attrs::CODE);
                self.text(code);
                self.pop_span();
            }
            false => self.text(&code_span(code)),
        }
    }

    fn push_span(&mut self, attrs: Attrs) {
        self.spans.push(attrs);
        self.restyle();
    }

    fn pop_span(&mut self) {
        self.spans.pop();
        self.restyle();
    }

    /// Writes the current attributes when in the middle of a line (a new
    /// line writes them after its prefix).
    fn restyle(&mut self) {
        if self.color() && !self.at_line_start {
            let sgr = self.attrs().sgr();
            self.out.push_str(&sgr);
        }
    }

    /// Starts a block: on a line of its own, after a blank line when a block
    /// came before it.
    fn begin_block(&mut self) {
        self.end_line();
        if self.blank_pending && !self.out.is_empty() {
            self.blank_line();
        }
        self.blank_pending = false;
    }

    fn end_block(&mut self) {
        self.end_line();
        self.blank_pending = true;
    }

    /// Text of the document: escaped, and its lines prefixed.
    fn text(&mut self, text: &str) {
        for (i, piece) in text.split('\n').enumerate() {
            if i > 0 {
                self.end_line();
            }
            if !piece.is_empty() {
                let escaped = escape_text(piece).into_owned();
                self.raw(&escaped);
            }
        }
    }

    /// The lines of a code or HTML block, blank ones kept.
    fn lines(&mut self, block: &str) {
        for line in block.lines() {
            let line = line.strip_suffix('\r').unwrap_or(line);
            if line.trim().is_empty() {
                self.blank_line();
            } else {
                self.text(line);
                self.end_line();
            }
        }
    }

    /// Writes `text`, which is either escaped already or the renderer's own.
    fn raw(&mut self, text: &str) {
        if self.at_line_start {
            self.start_line();
        }
        self.out.push_str(text);
    }

    /// The prefixes of the open containers, then the current attributes.
    fn start_line(&mut self) {
        let color = self.color();
        for container in &mut self.containers {
            match container {
                Container::Quote if color => {
                    self.out.push_str(&dim().sgr());
                    self.out.push('│');
                    self.out.push_str(RESET);
                    self.out.push(' ');
                }
                Container::Quote => self.out.push_str("> "),
                Container::Item { marker, shown } => {
                    if *shown {
                        let width = marker.chars().count();
                        self.out.extend(std::iter::repeat_n(' ', width));
                    } else {
                        self.out.push_str(marker);
                        *shown = true;
                    }
                }
                Container::Code => self.out.push_str("    "),
            }
        }
        self.at_line_start = false;
        let attrs = self.attrs();
        if color && attrs != Attrs::NONE {
            self.out.push_str(&attrs.sgr());
        }
    }

    /// Ends the current line, if one is started, resetting its attributes.
    fn end_line(&mut self) {
        if self.at_line_start {
            return;
        }
        if self.color() && self.attrs() != Attrs::NONE {
            self.out.push_str(RESET);
        }
        // A list marker alone on its line leaves a trailing space.
        let trimmed = self.out.trim_end_matches(' ').len();
        self.out.truncate(trimmed);
        self.out.push('\n');
        self.at_line_start = true;
    }

    /// An empty line, with only the bars of the open quotes.
    fn blank_line(&mut self) {
        self.end_line();
        let quotes = self
            .containers
            .iter()
            .filter(|c| matches!(c, Container::Quote))
            .count();
        for i in 0..quotes {
            if i > 0 {
                self.out.push(' ');
            }
            match self.color() {
                true => {
                    self.out.push_str(&dim().sgr());
                    self.out.push('│');
                    self.out.push_str(RESET);
                }
                false => self.out.push('>'),
            }
        }
        self.out.push('\n');
    }

    fn finish(mut self) -> String {
        self.end_line();
        let end = self.out.trim_end_matches('\n').len();
        self.out.truncate(end);
        if !self.out.is_empty() {
            self.out.push('\n');
        }
        self.out
    }
}

fn dim() -> Attrs {
    Attrs {
        dim: true,
        ..Attrs::NONE
    }
}

/// `code` as a markdown code span: in backticks, more of them than it holds
/// in a row.
fn code_span(code: &str) -> String {
    let mut longest = 0;
    let mut run = 0;
    for c in code.chars() {
        run = if c == '`' { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    let ticks = "`".repeat(longest + 1);
    let pad = if longest > 0 { " " } else { "" };
    format!("{ticks}{pad}{code}{pad}{ticks}")
}

#[cfg(test)]
mod tests {
    use super::*;

    const COLOR: Style = Style { color: true };
    const PLAIN: Style = Style { color: false };

    /// Every ESC in `text` starts an SGR sequence (`ESC [ digits/; m`).
    fn only_sgr(text: &str) -> bool {
        text.split('\x1b').skip(1).all(|after| {
            let Some(params) = after.strip_prefix('[') else {
                return false;
            };
            let end = params.find('m');
            end.is_some_and(|end| {
                params[..end]
                    .bytes()
                    .all(|b| b.is_ascii_digit() || b == b';')
            })
        })
    }

    #[test]
    fn headings_are_bold_and_the_top_level_underlined() {
        let md = "# Lock held\n\nText.\n\n## Why\n\n### Deeper";
        assert_eq!(
            render_terminal(md, COLOR),
            "\x1b[0;1;4mLock held\x1b[0m\n\nText.\n\n\x1b[0;1mWhy\x1b[0m\n\n\x1b[0;1mDeeper\x1b[0m\n"
        );
        assert_eq!(
            render_terminal(md, PLAIN),
            "# Lock held\n\nText.\n\n## Why\n\n### Deeper\n"
        );
    }

    #[test]
    fn code_blocks_are_indented_and_their_fence_labels_never_shown() {
        let md = "Erroneous code example:\n\n```compile_fail,E0499\nlet mut x = 0;\n\nlet a = &mut x;\n```\n\n\
                  ~~~ignore (pseudo-code)\nx\n~~~\n\n    indented();\n";
        let color = render_terminal(md, COLOR);
        assert_eq!(
            color,
            "Erroneous code example:\n\n    \x1b[0;36mlet mut x = 0;\x1b[0m\n\n    \x1b[0;36mlet a = &mut x;\x1b[0m\n\n\
             \x20   \x1b[0;36mx\x1b[0m\n\n    \x1b[0;36mindented();\x1b[0m\n"
        );
        let plain = render_terminal(md, PLAIN);
        assert_eq!(
            plain,
            "Erroneous code example:\n\n    let mut x = 0;\n\n    let a = &mut x;\n\n    x\n\n    indented();\n"
        );
        for shown in [color, plain] {
            for label in ["compile_fail", "E0499", "ignore", "pseudo", "```", "~~~"] {
                assert!(!shown.contains(label), "{label} in {shown:?}");
            }
        }
        // A heading's mark inside a block is code, not a heading.
        assert_eq!(
            render_terminal("```rust\n# fn main() {}\n```", COLOR),
            "    \x1b[0;36m# fn main() {}\x1b[0m\n"
        );
    }

    #[test]
    fn emphasis_strong_and_code_are_attributes_with_colour_and_marks_without() {
        let md = "*a **b** c* `d` ~~e~~ **`f`**";
        assert_eq!(
            render_terminal(md, COLOR),
            "\x1b[0;3ma \x1b[0;1;3mb\x1b[0;3m c\x1b[0m \x1b[0;36md\x1b[0m \x1b[0;9me\x1b[0m \
             \x1b[0;1m\x1b[0;1;36mf\x1b[0;1m\x1b[0m\n"
        );
        assert_eq!(
            render_terminal(md, PLAIN),
            "*a **b** c* `d` ~~e~~ **`f`**\n"
        );
        // A code span holding backticks keeps them readable.
        assert_eq!(render_terminal("``a`b``", PLAIN), "`` a`b ``\n");
        // An attribute spanning a line break ends before it and resumes after.
        assert_eq!(
            render_terminal("*one\ntwo*", COLOR),
            "\x1b[0;3mone\x1b[0m\n\x1b[0;3mtwo\x1b[0m\n"
        );
    }

    #[test]
    fn links_show_their_text_then_their_url() {
        let md = "See [the docs](https://x.test/a), <https://x.test/b>, [above](#why) \
                  and ![a plot](plot.png).";
        assert_eq!(
            render_terminal(md, COLOR),
            "See \x1b[0;4mthe docs\x1b[0m \x1b[0;2m(https://x.test/a)\x1b[0m, \x1b[0;4mhttps://x.test/b\x1b[0m, \
             \x1b[0;4mabove\x1b[0m and \x1b[0;4ma plot\x1b[0m \x1b[0;2m(plot.png)\x1b[0m.\n"
        );
        assert_eq!(
            render_terminal(md, PLAIN),
            "See the docs (https://x.test/a), https://x.test/b, above and a plot (plot.png).\n"
        );
    }

    #[test]
    fn lists_quotes_and_rules_keep_their_shape() {
        let md = "- one\n- two\n  - nested\n- three\n\n3. third\n4. fourth\n\n\
                  - loose\n\n  second paragraph\n\n- next\n\n> quoted\n>\n> > deeper\n\n---\n\nend";
        assert_eq!(
            render_terminal(md, PLAIN),
            "- one\n- two\n  - nested\n- three\n\n3. third\n4. fourth\n\n\
             - loose\n\n  second paragraph\n\n- next\n\n> quoted\n>\n> > deeper\n\n\
             ----------------------------------------\n\nend\n"
        );
        let bar = "\x1b[0;2m│\x1b[0m";
        assert_eq!(
            render_terminal("- one\n  more\n\n> quoted\n>\n> > deeper", COLOR),
            format!("• one\n  more\n\n{bar} quoted\n{bar}\n{bar} {bar} deeper\n")
        );
    }

    #[test]
    fn paragraphs_keep_their_line_breaks() {
        let md = "A long paragraph\nwritten on two lines.\n\nAnother.";
        let expected = "A long paragraph\nwritten on two lines.\n\nAnother.\n";
        assert_eq!(render_terminal(md, COLOR), expected);
        assert_eq!(render_terminal(md, PLAIN), expected);
        assert_eq!(render_terminal("", COLOR), "");
        assert_eq!(render_terminal("\n\n", PLAIN), "");
    }

    #[test]
    fn without_colour_nothing_is_an_escape() {
        let md = "# H\n\n*a* **b** `c` [d](e)\n\n> q\n\n```x\ny\n```\n\n---";
        assert!(!render_terminal(md, PLAIN).contains('\x1b'));
        assert!(only_sgr(&render_terminal(md, COLOR)));
    }

    #[test]
    fn control_characters_in_the_markdown_are_shown_not_obeyed() {
        let hostile = "\x1b]0;title\x07\x1b[2J\u{9b}31m\u{202e}";
        let shown = "\\u{1b}]0;title\\u{7}\\u{1b}[2J\\u{9b}31m\\u{202e}";
        let md = format!(
            "# {hostile}\n\n{hostile} *{hostile}* `{hostile}` [{hostile}](https://x.test/{hostile})\n\n\
             ```\n{hostile}\n```\n\n<div>{hostile}</div>\n"
        );
        for style in [COLOR, PLAIN] {
            let out = render_terminal(&md, style);
            assert!(only_sgr(&out), "{out:?}");
            assert!(!out.contains(['\x07', '\u{9b}', '\u{202e}']), "{out:?}");
            // Heading, paragraph, emphasis, code span, link text, code
            // block and HTML block: each shows it escaped.
            assert!(out.matches(shown).count() >= 7, "{out:?}");
        }
        assert!(!render_terminal(&md, PLAIN).contains('\x1b'));
    }

    #[test]
    fn one_line_helpers_escape_too() {
        assert_eq!(COLOR.bold("E0499"), "\x1b[0;1mE0499\x1b[0m");
        assert_eq!(PLAIN.bold("E0499"), "E0499");
        assert_eq!(COLOR.code("m::Code"), "\x1b[0;36mm::Code\x1b[0m");
        assert_eq!(PLAIN.code("m::Code"), "`m::Code`");
        assert_eq!(PLAIN.bold("a\nb\x1b"), "a\\nb\\u{1b}");
    }
}
