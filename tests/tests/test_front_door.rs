//! The README is a front door and the docs a map: the README stays short,
//! and every relative link of the README, the change log and docs/ names a
//! file of the repository (and, with `#anchor`, one of its headings).

use std::path::{Path, PathBuf};

use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The markdown files whose links are checked.
fn documents() -> Vec<PathBuf> {
    let root = root();
    let mut files = vec![root.join("README.md"), root.join("CHANGELOG.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .collect();
    docs.sort();
    files.extend(docs);
    files
}

/// A heading's anchor as GitHub makes it: lowercase, spaces as `-`, and
/// every character but letters, digits, `-` and `_` left out.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

fn anchors(markdown: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut heading: Option<String> = None;
    for event in Parser::new_ext(markdown, Options::all()) {
        match event {
            Event::Start(Tag::Heading { .. }) => heading = Some(String::new()),
            Event::Text(text) | Event::Code(text) => {
                if let Some(heading) = heading.as_mut() {
                    heading.push_str(&text);
                }
            }
            Event::End(TagEnd::Heading(_)) => out.extend(heading.take().map(|h| anchor(&h))),
            _ => {}
        }
    }
    out
}

/// Every link destination of `markdown` that is neither a web address nor
/// a mail address.
fn relative_links(markdown: &str) -> Vec<String> {
    Parser::new_ext(markdown, Options::all())
        .filter_map(|event| match event {
            Event::Start(Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. }) => {
                Some(dest_url.into_string())
            }
            _ => None,
        })
        .filter(|url| !url.contains("://") && !url.starts_with("mailto:"))
        .collect()
}

#[test]
fn every_relative_link_of_the_readme_and_the_docs_resolves() {
    let mut broken = Vec::new();
    for document in documents() {
        let text = std::fs::read_to_string(&document).unwrap();
        for link in relative_links(&text) {
            let (path, fragment) = match link.split_once('#') {
                Some((path, fragment)) => (path, Some(fragment)),
                None => (link.as_str(), None),
            };
            let target = match path {
                "" => document.clone(),
                path => document.parent().unwrap().join(path),
            };
            if !target.exists() {
                broken.push(format!("{}: {link} (no such file)", document.display()));
                continue;
            }
            if let Some(fragment) = fragment {
                let markdown = target.extension().is_some_and(|ext| ext == "md");
                if markdown
                    && !anchors(&std::fs::read_to_string(&target).unwrap())
                        .contains(&fragment.to_owned())
                {
                    broken.push(format!("{}: {link} (no such heading)", document.display()));
                }
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn the_readme_is_a_front_door() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let lines = readme.lines().count();
    assert!(
        lines <= 250,
        "the README has {lines} lines; the reference belongs in docs/"
    );
    // The quick start: the example, then every test.
    let quick_start = readme
        .split("## Quick start")
        .nth(1)
        .expect("a quick start");
    let block = quick_start.split("```").nth(1).expect("its commands");
    let commands: Vec<&str> = block
        .lines()
        .skip(1)
        .map(|line| line.split('#').next().unwrap_or_default().trim())
        .filter(|line| !line.is_empty())
        .collect();
    assert_eq!(commands.len(), 2, "{commands:?}");
    assert!(
        commands[0].starts_with("cargo run -p plan-example"),
        "{commands:?}"
    );
    assert_eq!(commands[1], "cargo test --workspace");
    // A map of the docs: every file of docs/ that is prose is named there.
    for document in documents().iter().skip(2) {
        let name = document.file_name().unwrap().to_string_lossy();
        assert!(
            readme.contains(&format!("](docs/{name})")),
            "the README's map lacks docs/{name}"
        );
    }
}
