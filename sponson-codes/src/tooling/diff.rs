//! A short line diff for stale-file messages.
//!
//! The diff itself comes from the `similar` crate (Myers, no deadline), so it
//! is exact at any size: only the number of lines shown is capped.

use std::fmt::Write as _;

use similar::{capture_diff_slices, group_diff_ops, Algorithm, DiffTag};

/// Lines of diff shown before the rest is summarized.
pub(crate) const MAX_DIFF_LINES: usize = 40;

/// A diff of `old` (the file) against `new` (what would be generated), with
/// `-`/`+` lines, one line of context and `  ...` for unchanged runs, capped
/// at `max_lines` lines.
pub(crate) fn diff(old: &str, new: &str, max_lines: usize) -> String {
    let a: Vec<&str> = old.lines().collect();
    let b: Vec<&str> = new.lines().collect();
    let groups = group_diff_ops(capture_diff_slices(Algorithm::Myers, &a, &b), 1);
    let mut lines = Vec::new();
    let mut next_old = 0;
    for group in &groups {
        for op in group {
            let (tag, old_range, new_range) = op.as_tag_tuple();
            if old_range.start > next_old {
                lines.push("  ...".to_owned());
            }
            next_old = old_range.end;
            match tag {
                DiffTag::Equal => lines.extend(a[old_range].iter().map(|l| format!("  {l}"))),
                DiffTag::Delete => lines.extend(a[old_range].iter().map(|l| format!("- {l}"))),
                DiffTag::Insert => lines.extend(b[new_range].iter().map(|l| format!("+ {l}"))),
                DiffTag::Replace => {
                    lines.extend(a[old_range].iter().map(|l| format!("- {l}")));
                    lines.extend(b[new_range].iter().map(|l| format!("+ {l}")));
                }
            }
        }
    }
    if !groups.is_empty() && next_old < a.len() {
        lines.push("  ...".to_owned());
    }
    // Only worth saying when no line differs.
    if groups.is_empty() && old.ends_with('\n') != new.ends_with('\n') {
        lines.push("  (the final newline differs)".to_owned());
    }
    let mut out = String::new();
    for line in lines.iter().take(max_lines) {
        let _ = writeln!(out, "{line}");
    }
    if lines.len() > max_lines {
        let _ = writeln!(out, "... {} more diff lines", lines.len() - max_lines);
    }
    out
}

/// What differs between the file's bytes `old` and the generated `new`:
/// first what a line diff cannot show (the file is not UTF-8, starts with a
/// byte order mark, or ends lines with CRLF), then the [`diff`] of the rest.
pub(crate) fn describe(old: &[u8], new: &str, max_lines: usize) -> String {
    let mut out = String::new();
    if let Err(e) = core::str::from_utf8(old) {
        let _ = writeln!(
            out,
            "  (the file is not valid UTF-8 from byte {}; the generated file is UTF-8)",
            e.valid_up_to()
        );
    }
    let text = String::from_utf8_lossy(old);
    let mut text: &str = &text;
    if let Some(rest) = text.strip_prefix('\u{feff}') {
        out.push_str(
            "  (the file starts with a byte order mark, U+FEFF; the generated file has none)\n",
        );
        text = rest;
    }
    let crlf = text.matches("\r\n").count();
    let normalized;
    if crlf > 0 && !new.contains("\r\n") {
        let _ = writeln!(
            out,
            "  (the file ends {crlf} line(s) with CRLF; the generated file uses LF: \
             check git's `core.autocrlf`, or mark the file `eol=lf` in .gitattributes)"
        );
        normalized = text.replace("\r\n", "\n");
        text = &normalized;
    }
    if !out.is_empty() && text == new {
        out.push_str("  (no other difference)\n");
        return out;
    }
    out + &diff(text, new, max_lines)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shows_changes_with_one_line_of_context() {
        let old = "a\nb\nc\nd\ne\nf\n";
        let new = "a\nb\nC\nd\ne\nf\ng\n";
        assert_eq!(
            diff(old, new, 40),
            "  ...\n  b\n- c\n+ C\n  d\n  ...\n  f\n+ g\n"
        );
    }

    #[test]
    fn is_capped() {
        let old: String = (0..100).map(|i| format!("{i}\n")).collect();
        let out = diff(&old, "", 10);
        assert_eq!(out.lines().count(), 11);
        assert!(out.ends_with("... 90 more diff lines\n"), "{out}");
    }

    #[test]
    fn identical_text_has_no_diff() {
        assert_eq!(diff("a\nb\n", "a\nb\n", 40), "");
    }

    #[test]
    fn names_what_a_line_diff_cannot_show() {
        let crlf = describe(b"a\r\nb\r\n", "a\nb\n", 40);
        assert_eq!(
            crlf,
            "  (the file ends 2 line(s) with CRLF; the generated file uses LF: check git's \
             `core.autocrlf`, or mark the file `eol=lf` in .gitattributes)\n  (no other difference)\n"
        );
        let bom = describe("\u{feff}a\n".as_bytes(), "a\n", 40);
        assert!(
            bom.starts_with("  (the file starts with a byte order mark"),
            "{bom}"
        );
        assert!(bom.ends_with("(no other difference)\n"), "{bom}");
        let binary = describe(b"a\n\xff\n", "a\nb\n", 40);
        assert!(
            binary.starts_with("  (the file is not valid UTF-8 from byte 2;"),
            "{binary}"
        );
        assert!(binary.contains("+ b"), "{binary}");
        assert_eq!(describe(b"a\n", "b\n", 40), diff("a\n", "b\n", 40));
    }

    #[test]
    fn reports_a_missing_final_newline() {
        assert!(diff("a", "a\n", 40).contains("final newline"));
    }

    /// 40,000 lines (1.6e9 line pairs) with three lines changed far apart:
    /// the diff names exactly those lines, with their context, and no more.
    #[test]
    fn a_large_file_gets_an_exact_diff() {
        let old: Vec<String> = (0..40_000)
            .map(|i| format!("| `CODE_{i}` | row {i} |"))
            .collect();
        let mut new = old.clone();
        new[10] = "| `CODE_10` | changed |".to_owned();
        new.remove(20_000);
        new.insert(39_000, "| `CODE_NEW` | added |".to_owned());
        let (old, new) = (old.join("\n") + "\n", new.join("\n") + "\n");
        let out = diff(&old, &new, 40);
        let changed: Vec<&str> = out
            .lines()
            .filter(|l| l.starts_with("- ") || l.starts_with("+ "))
            .collect();
        assert_eq!(
            changed,
            [
                "- | `CODE_10` | row 10 |",
                "+ | `CODE_10` | changed |",
                "- | `CODE_20000` | row 20000 |",
                "+ | `CODE_NEW` | added |",
            ],
            "{out}"
        );
        assert!(!out.contains("more diff lines"), "{out}");
        assert_eq!(out.lines().count(), 4 + 6 + 4, "{out}");
    }
}
