//! The generated docs hold no link or image that a reader's click would run:
//! every destination is http, https, mailto, relative or a fragment, as a
//! CommonMark parser reads the docs, whatever the `doc`, `hint`, exit
//! meanings, retirement notes, URLs, enum doc comment and explanations say.
//! Inline markdown and safe links stay as they are, and what a script link
//! said is still shown, as text.

use pulldown_cmark::{Event, Options, Parser, Tag};
use sponson_codes::companion::markdown::render_markdown;
use sponson_codes::{ErrorCode, ErrorCodes};

/// Failures with hostile links: [enum](javascript:alert(1)), <javascript:alert(1)>,
/// [ref][enum-def] and [https safe](https://example.com/enum).
///
/// [enum-def]: JavaScript:alert(1)
#[derive(Debug, Clone, Copy, ErrorCodes)]
#[codes(exits(
    1 = "failure [m](javascript:alert(1))",
    2 = "refused ![m](JavaScript:alert(1))"
))]
#[allow(dead_code)]
enum Hostile {
    #[code(
        exit = 2,
        doc = "Inline [a](javascript:alert(1)), [b](JavaScript:alert(1)) and [c](&#106;avascript:alert(1)).",
        hint = "Image ![d](javascript:alert(1)), [e](java&#115;cript:alert(1)), [f](%6Aavascript:alert(1)),\n[g](javascript%3Aalert(1)), [h](&#32;javascript:alert(1)), [i](java&#9;script:alert(1))."
    )]
    Inline,
    #[code(
        exit = 2,
        doc = "Escaped \\[j](javascript:alert(1)), multi-line and nested [![k](javascript:alert(1))](https://example.com/ok).",
        hint = "A [split\nlink](javascript:alert(1)), [outer [inner](javascript:alert(1)) text](javascript:alert(2)), *[l](javascript:alert(1))*."
    )]
    Nested,
    #[code(
        exit = 2,
        doc = "Other schemes: [n](vbscript:msgbox(1)), [o](data:text/html,x), [p](file:///etc/passwd).",
        hint = "References to the explanation's definitions: [evil], [q][evil], [dup], [r][enum-def].",
        explain = "explain/links/hostile.md"
    )]
    References,
    #[code(
        exit = 2,
        doc = "Safe: [docs](https://example.com/docs), [mail](mailto:team@example.com), [here](#references).",
        hint = "Pass `--wait`, *then* retry; see [the guide](./guide.md)."
    )]
    Safe,
    #[code(
        exit = 2,
        doc = "A code whose URL is a script.",
        url = "javascript:alert(1)"
    )]
    ScriptUrl,
    #[deprecated = "[s](javascript:alert(1)) replaced it"]
    #[code(exit = 2, doc = "Old.")]
    Old,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

/// The parsers a reader's renderer may be: plain CommonMark, and GitHub's extensions.
fn option_sets() -> [Options; 2] {
    [
        Options::empty(),
        Options::ENABLE_TABLES
            | Options::ENABLE_STRIKETHROUGH
            | Options::ENABLE_TASKLISTS
            | Options::ENABLE_FOOTNOTES,
    ]
}

/// The scheme of a destination, read more strictly than a browser does:
/// percent-decoded, with whitespace and control characters removed anywhere
/// (browsers drop tabs and newlines, and leading controls and spaces), and
/// lowercased; `None` for a relative path or a fragment.
fn scheme(dest: &str) -> Option<String> {
    let bytes = dest.as_bytes();
    let mut decoded = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match (bytes[i], bytes.get(i + 1), bytes.get(i + 2)) {
            (b'%', Some(&h), Some(&l)) if hex(h).is_some() && hex(l).is_some() => {
                decoded.push((hex(h).unwrap() * 16 + hex(l).unwrap()) as u8);
                i += 3;
            }
            (b, _, _) => {
                decoded.push(b);
                i += 1;
            }
        }
    }
    let cleaned: String = String::from_utf8_lossy(&decoded)
        .chars()
        .filter(|c| !c.is_whitespace() && !c.is_control())
        .collect();
    let end = cleaned.find([':', '/', '?', '#'])?;
    cleaned[end..]
        .starts_with(':')
        .then(|| cleaned[..end].to_ascii_lowercase())
}

/// Every link and image destination of `md`, and the text it shows (code as code).
fn read(md: &str, options: Options) -> (Vec<String>, String) {
    let mut dests = Vec::new();
    let mut text = String::new();
    for event in Parser::new_ext(md, options) {
        match event {
            Event::Start(Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. }) => {
                dests.push(dest_url.into_string());
            }
            Event::Text(t) => text.push_str(&t),
            Event::Code(t) => {
                text.push('`');
                text.push_str(&t);
                text.push('`');
            }
            Event::SoftBreak | Event::HardBreak => text.push('\n'),
            _ => {}
        }
    }
    (dests, text)
}

fn docs() -> String {
    render_markdown(&[Hostile::ENUM], "make docs")
}

#[test]
fn no_destination_in_the_docs_has_another_scheme() {
    // The fixture is hostile: read alone, it links to scripts.
    let alone = include_str!("../explain/links/hostile.md");
    let (dests, _) = read(alone, option_sets()[1]);
    assert!(
        dests
            .iter()
            .filter(|d| scheme(d).is_some_and(|s| s == "javascript"))
            .count()
            > 20,
        "{dests:?}"
    );

    let md = docs();
    for options in option_sets() {
        let (dests, _) = read(&md, options);
        let unsafe_dests: Vec<&String> = dests
            .iter()
            .filter(|d| {
                scheme(d).is_some_and(|s| !matches!(s.as_str(), "http" | "https" | "mailto"))
            })
            .collect();
        assert!(unsafe_dests.is_empty(), "{unsafe_dests:?} in\n{md}");
    }
}

#[test]
fn safe_links_and_inline_markdown_stay_and_script_links_are_shown_as_text() {
    let md = docs();
    for options in option_sets() {
        let (dests, text) = read(&md, options);
        for safe in [
            "https://example.com/docs",
            "mailto:team@example.com",
            "#references",
            "./guide.md",
            "https://example.com/ok",
            "https://example.com/enum",
            "./other.md",
            "#lock_held",
            "https://example.com/auto",
        ] {
            assert!(
                dests.iter().any(|d| d == safe),
                "{safe} not a link in\n{md}"
            );
        }
        // What a script link said is still there: its label, then its destination as code.
        for shown in [
            "Inline a (`javascript:alert(1)`)",
            "b (`JavaScript:alert(1)`)",
            "n (`vbscript:msgbox(1)`)",
            "p (`file:///etc/passwd`)",
            "`javascript:alert(1)`",
            "`vbscript:msgbox(1)`",
            "References: ra (`javascript:alert(1)`), evil (`javascript:alert(1)`), evil (`javascript:alert(1)`), rb",
        ] {
            assert!(text.contains(shown), "{shown:?} not shown in\n{text}");
        }
    }
    // Inline markdown of a `doc`/`hint` survives: code, emphasis, safe links.
    assert!(
        md.contains("| Pass `--wait`, *then* retry; see [the guide](./guide.md). |"),
        "{md}"
    );
    assert!(
        md.contains("Safe: [docs](https://example.com/docs), [mail](mailto:team@example.com), [here](#references)."),
        "{md}"
    );
}
