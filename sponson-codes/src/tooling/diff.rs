//! A short line diff for stale-file messages.

use std::fmt::Write as _;

/// Lines of diff shown before the rest is summarized.
pub(crate) const MAX_DIFF_LINES: usize = 40;

/// Tables bigger than this (lines times lines) are not diffed line by line.
const MAX_CELLS: usize = 4_000_000;

/// A diff of `old` (the file) against `new` (what would be generated), with
/// `-`/`+` lines and one line of context, capped at `max_lines` lines.
pub(crate) fn diff(old: &str, new: &str, max_lines: usize) -> String {
    let a: Vec<&str> = old.lines().collect();
    let b: Vec<&str> = new.lines().collect();
    let ops = if a.len().saturating_mul(b.len()) <= MAX_CELLS {
        lcs_ops(&a, &b)
    } else {
        coarse_ops(&a, &b)
    };
    let mut lines = Vec::new();
    for (i, op) in ops.iter().enumerate() {
        let near_change = |j: Option<usize>| j.and_then(|j| ops.get(j)).is_some_and(|o| o.0 != ' ');
        if op.0 != ' ' || near_change(i.checked_sub(1)) || near_change(Some(i + 1)) {
            lines.push(format!("{} {}", op.0, op.1));
        } else if lines.last().is_none_or(|l: &String| l != "  ...") {
            lines.push("  ...".to_owned());
        }
    }
    // Only worth saying when no line differs.
    if ops.iter().all(|op| op.0 == ' ') && old.ends_with('\n') != new.ends_with('\n') {
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

fn lcs_ops<'a>(a: &[&'a str], b: &[&'a str]) -> Vec<(char, &'a str)> {
    let (n, m) = (a.len(), b.len());
    // table[i][j]: length of the longest common subsequence of a[i..], b[j..]
    let mut table = vec![0u32; (n + 1) * (m + 1)];
    let at = |i: usize, j: usize| i * (m + 1) + j;
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            table[at(i, j)] = if a[i] == b[j] {
                table[at(i + 1, j + 1)] + 1
            } else {
                table[at(i + 1, j)].max(table[at(i, j + 1)])
            };
        }
    }
    let (mut i, mut j) = (0, 0);
    let mut ops = Vec::new();
    while i < n || j < m {
        if i < n && j < m && a[i] == b[j] {
            ops.push((' ', a[i]));
            i += 1;
            j += 1;
        } else if i < n && (j == m || table[at(i + 1, j)] >= table[at(i, j + 1)]) {
            ops.push(('-', a[i]));
            i += 1;
        } else {
            ops.push(('+', b[j]));
            j += 1;
        }
    }
    ops
}

/// For huge files: common head and tail, everything between as changed.
fn coarse_ops<'a>(a: &[&'a str], b: &[&'a str]) -> Vec<(char, &'a str)> {
    let head = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let tail = a[head..]
        .iter()
        .rev()
        .zip(b[head..].iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    let mut ops: Vec<(char, &str)> = a[..head].iter().map(|l| (' ', *l)).collect();
    ops.extend(a[head..a.len() - tail].iter().map(|l| ('-', *l)));
    ops.extend(b[head..b.len() - tail].iter().map(|l| ('+', *l)));
    ops.extend(a[a.len() - tail..].iter().map(|l| (' ', *l)));
    ops
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
    fn coarse_diff_keeps_head_and_tail() {
        let a = ["x", "1", "y"];
        let b = ["x", "2", "3", "y"];
        assert_eq!(
            coarse_ops(&a, &b),
            [(' ', "x"), ('-', "1"), ('+', "2"), ('+', "3"), (' ', "y")]
        );
        assert_eq!(lcs_ops(&a, &b), coarse_ops(&a, &b));
    }

    #[test]
    fn reports_a_missing_final_newline() {
        assert!(diff("a", "a\n", 40).contains("final newline"));
    }
}
