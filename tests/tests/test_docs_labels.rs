//! Joining explanations into one document keeps each one's links: a
//! reference definition (`[book]: url`) applies to a whole CommonMark
//! document and the first one wins, so explanations that reuse a label with
//! other targets (as rustc's do) must not take each other's. Each
//! explanation's links are read alone, then in the generated docs, and must
//! be the same.

use std::ops::Range;

use pulldown_cmark::{Event, Options, Parser, Tag};
use sponson_codes::companion::markdown::render_markdown;
use sponson_codes::{ErrorCode, ErrorCodes};

const A: &str = include_str!("../explain/labels/a.md");
const B: &str = include_str!("../explain/labels/b.md");
const C: &str = include_str!("../explain/labels/c.md");

/// Codes whose explanations reuse labels: [the book][book].
///
/// [book]: https://enum.example/book
#[derive(Debug, Clone, Copy, ErrorCodes)]
#[allow(dead_code)]
enum Labels {
    #[code(exit = 2, doc = "A.", explain = "explain/labels/a.md")]
    A,
    #[code(
        exit = 2,
        doc = "B, with [book] in its doc.",
        explain = "explain/labels/b.md"
    )]
    B,
    #[code(
        exit = 2,
        doc = "C.",
        hint = "[rfc] and [undefined here] are text here too.",
        explain = "explain/labels/c.md"
    )]
    C,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

fn option_sets() -> [Options; 2] {
    [
        Options::empty(),
        Options::ENABLE_TABLES
            | Options::ENABLE_STRIKETHROUGH
            | Options::ENABLE_TASKLISTS
            | Options::ENABLE_FOOTNOTES,
    ]
}

/// A link or image as a reader meets it: where it goes, its title, and
/// whether it is an image.
type Link = (String, String, bool);

/// The links of `md` read as one document, each with where it is in `md`.
fn links(md: &str, options: Options) -> Vec<(Range<usize>, Link)> {
    Parser::new_ext(md, options)
        .into_offset_iter()
        .filter_map(|(event, range)| match event {
            Event::Start(Tag::Link {
                dest_url, title, ..
            }) => Some((range, (dest_url.into_string(), title.into_string(), false))),
            Event::Start(Tag::Image {
                dest_url, title, ..
            }) => Some((range, (dest_url.into_string(), title.into_string(), true))),
            _ => None,
        })
        .collect()
}

fn alone(md: &str, options: Options) -> Vec<Link> {
    links(md, options)
        .into_iter()
        .map(|(_, link)| link)
        .collect()
}

/// The links of the docs that are in `section`.
fn within(all: &[(Range<usize>, Link)], section: Range<usize>) -> Vec<Link> {
    all.iter()
        .filter(|(range, _)| section.contains(&range.start))
        .map(|(_, link)| link.clone())
        .collect()
}

#[test]
fn each_explanation_keeps_the_links_it_has_alone() {
    let md = render_markdown(&[Labels::ENUM], "make docs");
    let start = |marker: &str| {
        md.find(marker)
            .unwrap_or_else(|| panic!("{marker} in\n{md}"))
    };
    let (a, b, c, end) = (
        start("<a id=\"a\">"),
        start("<a id=\"b\">"),
        start("<a id=\"c\">"),
        md.len(),
    );
    let intro = start("## `")..start("Declared in crate");
    let table = start("### Codes")..a;
    for options in option_sets() {
        let all = links(&md, options);
        // The files reuse `book`, `the reference` and `rfc` with other
        // targets, and define labels another file uses undefined.
        let (in_a, in_b, in_c) = (alone(A, options), alone(B, options), alone(C, options));
        assert!(in_a.iter().any(|l| l.0 == "https://a.example/book"));
        assert!(in_b.iter().any(|l| l.0 == "https://b.example/book"));
        assert!(in_b.iter().any(|l| l.0 == "https://b.example/rfc"));
        assert_eq!(
            in_c,
            [("https://c.example/inline".into(), String::new(), false)]
        );
        assert_eq!(within(&all, a..b), in_a, "A in\n{md}");
        assert_eq!(within(&all, b..c), in_b, "B in\n{md}");
        assert_eq!(within(&all, c..end), in_c, "C in\n{md}");
        // The enum's doc comment keeps its own, and the table's `[book]`,
        // `[rfc]` are text, as a doc read alone has them.
        assert_eq!(
            within(&all, intro.clone()),
            [("https://enum.example/book".into(), String::new(), false)]
        );
        assert_eq!(
            within(&all, table.clone()),
            alone("[`A`](#a) [`B`](#b) [`C`](#c)", options)
        );
    }
}
