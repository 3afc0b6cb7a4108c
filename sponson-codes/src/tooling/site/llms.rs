//! The site's `llms.txt`, as <https://llmstxt.org> describes it: an H1,
//! a summary in a block quote, a paragraph, then H2 sections listing links
//! (`- [name](url): notes`), and an `Optional` section a reader may skip.
//! One line per code: its page, its doc, its exit and status, what to do.
//!
//! Links are relative to the file, so the site works wherever it is
//! published. Texts are escaped as the markdown docs' table cells are:
//! inline markdown stays, raw HTML and links to scripts do not.

use std::fmt::Write as _;

use super::{page_file, plural, short_facts, Program, Site};
use crate::tooling::catalog::EnumEntry;
use crate::tooling::markdown::cell;

/// `text` on one line of markdown, escaped.
fn text(text: &str) -> String {
    text.lines()
        .map(|line| cell(line.trim()))
        .filter(|line| !line.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The lines of one program's codes; links go to `dir` (`plan/`).
fn codes(out: &mut String, program: &Program<'_>, dir: &str, by_enum: bool) {
    let mut seen = std::collections::HashSet::new();
    for (e, codes) in &program.enums {
        if by_enum {
            let _ = write!(out, "\n## {}`{}`\n\n", kind(e), e.path.replace('`', ""));
        }
        for c in codes {
            // One line per code string: its page lists every definition.
            if !by_enum && !seen.insert(c.code.as_str()) {
                continue;
            }
            let mut notes = text(&c.doc);
            let _ = write!(notes, " ({})", short_facts(c));
            if let Some(note) = &c.retired {
                let note = text(note);
                if !note.is_empty() {
                    let _ = write!(notes, " Retired: {note}");
                }
            }
            if !c.aliases.is_empty() {
                let _ = write!(notes, " Formerly: {}.", c.aliases.join(", "));
            }
            if let Some(from) = &c.split_from {
                let _ = write!(
                    notes,
                    " Split from {from}: older programs report that code."
                );
            }
            if let Some(hint) = &c.hint {
                let _ = write!(notes, " What to do: {}", text(hint));
            }
            let _ = writeln!(out, "- [{}]({dir}{}): {notes}", c.code, page_file(&c.code));
        }
    }
}

fn kind(e: &EnumEntry) -> &'static str {
    match e.kind.as_str() {
        "warnings" => "Warning codes of ",
        _ => "",
    }
}

const ABOUT: &str = "A failure exits with its code's exit status, and its JSON document carries the code; scripts and agents branch on the code, a string that never changes meaning. A retired code is no longer raised and is never reused.";

/// One program's `llms.txt`.
pub(crate) fn program(site: &Site<'_>, program: &Program<'_>) -> String {
    let title = match program.name {
        Some(name) => format!("{}: {name}", site.title()),
        None => site.title().to_owned(),
    };
    let mut out = String::new();
    let _ = writeln!(out, "# {}\n", text(&title));
    let _ = writeln!(
        out,
        "> Every error code of {}, one page each: what it means, its exit status, and what to do. {}.\n",
        site.of(program),
        plural(program.pages.len(), "code")
    );
    let _ = writeln!(out, "{ABOUT}");
    codes(&mut out, program, "", true);
    out.push_str(
        "\n## Optional\n\n- [Index](index.html): every code in one table, with a search box\n",
    );
    out
}

/// A merged site's `llms.txt`: a section per program.
pub(crate) fn merged(site: &Site<'_>) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "# {}\n", text(site.title()));
    let names: Vec<&str> = site.programs.iter().filter_map(|p| p.name).collect();
    let count: usize = site.programs.iter().map(|p| p.pages.len()).sum();
    let _ = writeln!(
        out,
        "> Every error code of {} ({}), one page each: what it means, its exit status, and what to do. {}.\n",
        plural(names.len(), "program"),
        names.join(", "),
        plural(count, "code")
    );
    let _ = writeln!(out, "{ABOUT} Each program's codes are its own: the same code string may mean something else in another program.");
    for program in site.programs {
        let name = program.name.unwrap_or_default();
        let _ = writeln!(out, "\n## {name}\n");
        codes(&mut out, program, &program.dir, false);
    }
    out.push_str("\n## Optional\n\n- [Index](index.html): every program's codes in one table, with a search box\n");
    for program in site.programs {
        let name = program.name.unwrap_or_default();
        let _ = writeln!(
            out,
            "- [{name}]({name}/llms.txt): the codes of {name} alone, enum by enum"
        );
    }
    out
}
