//! "did you mean": the closest known word to a misspelled one.

/// The candidate closest to `word`, if it is close enough to be a likely typo.
pub fn closest<'a>(word: &str, candidates: &[&'a str]) -> Option<&'a str> {
    let lowered = word.to_ascii_lowercase();
    candidates
        .iter()
        .map(|candidate| {
            (
                distance(&lowered, &candidate.to_ascii_lowercase()),
                *candidate,
            )
        })
        .filter(|(d, candidate)| *d <= (candidate.len().max(word.len()) / 3).max(1))
        .min_by_key(|(d, _)| *d)
        .map(|(_, candidate)| candidate)
}

/// Levenshtein distance, counting a swap of two neighbours as one edit.
fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut rows = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in rows.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in rows[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut d = (rows[i - 1][j] + 1)
                .min(rows[i][j - 1] + 1)
                .min(rows[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(rows[i - 2][j - 2] + 1);
            }
            rows[i][j] = d;
        }
    }
    rows[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::closest;

    #[test]
    fn suggests_likely_typos_only() {
        let keys = ["exit", "doc", "hint", "name", "fallback"];
        assert_eq!(closest("exti", &keys), Some("exit"));
        assert_eq!(closest("hnit", &keys), Some("hint"));
        assert_eq!(closest("fallbak", &keys), Some("fallback"));
        assert_eq!(closest("EXIT", &keys), Some("exit"));
        assert_eq!(closest("zzzzzz", &keys), None);
    }
}
