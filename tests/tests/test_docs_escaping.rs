//! Characters that make text read other than it is (bidirectional controls,
//! and invisible ones) are shown escaped in the generated docs, as text mode
//! shows them (`\u{202e}`): raw in a `doc`, `hint`, exit meaning, retirement
//! note, enum doc comment or explanation, or written as a character
//! reference (`&#x202E;`) that a renderer would decode.

use pulldown_cmark::{Event, Options, Parser};
use sponson_codes::companion::markdown::render_markdown;
use sponson_codes::{ErrorCode, ErrorCodes};

// Doc attributes, not comments: a comment would hold `\u{202e}` as written.
#[doc = "Bidi in the enum's doc: a\u{202e}b, and as a reference: c&#x202E;d."]
#[derive(Debug, Clone, Copy, ErrorCodes)]
#[codes(exits(1 = "failure \u{2067}x\u{2069}"))]
#[allow(dead_code)]
enum Bidi {
    #[doc = "Overrides in a paragraph: \u{202a}\u{202b}\u{202c}\u{202d}\u{202e}, isolates"]
    #[doc = "\u{2066}\u{2067}\u{2068}\u{2069}, marks \u{200e}\u{200f}\u{61c}, in `code \u{202e}`,"]
    #[doc = "in *emphasis \u{202e}* and a [label \u{202e}](https://example.com/a)."]
    #[doc = ""]
    #[doc = "As references: &#x202E; &#8238; &rlm; &lrm; &#x2066;, in `code &#x202E;` (not decoded there)."]
    #[doc = ""]
    #[doc = "# Heading \u{202e}"]
    #[doc = ""]
    #[doc = "```text"]
    #[doc = "a block \u{202e}"]
    #[doc = "```"]
    #[code(
        exit = 1,
        doc = "Doc \u{202e}gnp.exe and `code \u{2066}`.",
        hint = "Hint \u{200f} then &#x202E;\nsecond \u{61c} line."
    )]
    Override,
    /// Explained, so its retirement note is shown above the explanation too.
    #[deprecated = "retired \u{202e}note"]
    #[code(exit = 1, doc = "Old \u{200e}.")]
    Old,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

#[doc = "Invisible: zero-width \u{200b}\u{200c}\u{200d}\u{2060}, BOM \u{feff}, soft hyphen \u{ad}, tags \u{e0001}\u{e0041}\u{e007f}."]
#[derive(Debug, Clone, Copy, ErrorCodes)]
#[allow(dead_code)]
enum Invisible {
    #[doc = "In a paragraph: \u{200b}\u{200c}\u{200d}\u{2060}\u{feff}\u{ad}\u{e0001}\u{e0041}\u{e007f},"]
    #[doc = "and as references: &#x200B; &zwj; &shy; &#xFEFF; &#xE0041;."]
    #[code(
        exit = 1,
        doc = "Doc \u{200b} \u{feff} \u{ad} \u{e0041}.",
        hint = "Hint \u{2060}\u{200d}."
    )]
    Hidden,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

/// The rendered text of `md`: what a reader sees, references decoded.
fn rendered(md: &str) -> String {
    let mut text = String::new();
    let options = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH;
    for event in Parser::new_ext(md, options) {
        match event {
            Event::Text(t) | Event::Code(t) | Event::Html(t) | Event::InlineHtml(t) => {
                text.push_str(&t);
            }
            Event::SoftBreak | Event::HardBreak => text.push('\n'),
            _ => {}
        }
    }
    text
}

/// Neither the markdown nor what it renders holds any of `chars` raw, and
/// the rendered text shows each escaped.
fn assert_escaped(md: &str, chars: &[char]) {
    let shown = rendered(md);
    for c in chars {
        assert!(!md.contains(*c), "raw {c:?} in\n{md}");
        assert!(!shown.contains(*c), "{c:?} rendered from\n{md}");
        let escaped = format!("\\u{{{:x}}}", u32::from(*c));
        assert!(shown.contains(&escaped), "{escaped} not shown in\n{shown}");
    }
}

const BIDI: [char; 12] = [
    '\u{202a}', '\u{202b}', '\u{202c}', '\u{202d}', '\u{202e}', '\u{2066}', '\u{2067}', '\u{2068}',
    '\u{2069}', '\u{200e}', '\u{200f}', '\u{61c}',
];

#[test]
fn bidi_controls_are_escaped_in_the_docs() {
    let md = render_markdown(&[Bidi::ENUM], "make docs");
    assert_escaped(&md, &BIDI);
    // Escaped where they were: a cell, a code span, a code block, a heading.
    for part in [
        "| Doc \\\\u{202e}gnp.exe and `code \\u{2066}`. |",
        "| Hint \\\\u{200f} then \\u{202e}<br>second \\\\u{61c} line. |",
        "| 1 | failure \\\\u{2067}x\\\\u{2069} |",
        "*Retired: retired \\\\u{202e}note*",
        "| Old \\\\u{200e}. | retired \\\\u{202e}note |",
        "a block \\u{202e}\n",
        "##### Heading \\u{202e}\n",
        // A reference in a code span is not decoded, so it stays.
        "`code &#x202E;`",
    ] {
        assert!(md.contains(part), "{part:?} not in\n{md}");
    }
    // The rest of the markdown is untouched.
    assert!(
        md.contains("[label \\u{202e}](https://example.com/a)"),
        "{md}"
    );
}

#[test]
fn zero_width_and_invisible_characters_are_escaped_in_the_docs() {
    let md = render_markdown(&[Invisible::ENUM], "make docs");
    assert_escaped(
        &md,
        &[
            '\u{200b}',
            '\u{200c}',
            '\u{200d}',
            '\u{2060}',
            '\u{feff}',
            '\u{ad}',
            '\u{e0001}',
            '\u{e0041}',
            '\u{e007f}',
        ],
    );
}
