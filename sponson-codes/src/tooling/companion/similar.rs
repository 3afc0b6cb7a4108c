//! "did you mean": how close a mistyped command, flag or code is to the
//! known ones. A copy of the derive's `sponson-codes-derive/src/similar.rs`
//! (a proc-macro crate cannot share code with the runtime); both are tested
//! against the same vectors.

/// The candidate closest to `word`, if it is close enough to be a likely typo
/// (ASCII case ignored; the first of equally close candidates).
pub(crate) fn closest<'a>(word: &str, candidates: &[&'a str]) -> Option<&'a str> {
    let lowered = word.to_ascii_lowercase();
    candidates
        .iter()
        .map(|candidate| {
            (
                distance(&lowered, &candidate.to_ascii_lowercase()),
                *candidate,
            )
        })
        .filter(|(d, candidate)| is_close(*d, word, candidate))
        .min_by_key(|(d, _)| *d)
        .map(|(_, candidate)| candidate)
}

/// Whether `distance` edits between `word` and `candidate` still read as a
/// typo: a third of the longer word, at least one edit.
pub(crate) fn is_close(distance: usize, word: &str, candidate: &str) -> bool {
    distance <= (candidate.chars().count().max(word.chars().count()) / 3).max(1)
}

/// The edit distance by characters, counting a swap of two neighbours as
/// one edit (typos swap letters more often than they drop them): the optimal
/// string alignment distance, in which no part of the word is edited twice.
pub(crate) fn distance(a: &str, b: &str) -> usize {
    strsim::osa_distance(a, b)
}

#[cfg(test)]
mod tests {
    use super::{closest, distance};

    // The same vectors as the other copy (the derive's `similar.rs` and the
    // companion's `tooling/companion/similar.rs`): a change to either side
    // breaks one of the two tests.
    const DISTANCES: &[(&str, &str, usize)] = &[
        ("", "abc", 3),
        ("exit", "exit", 0),
        ("exti", "exit", 1),
        ("hnit", "hint", 1),
        ("LOCK_HLED", "LOCK_HELD", 1),
        ("lock_held", "LOCK_HELD", 8),
        ("fallbak", "fallback", 1),
        ("E0500x", "E0500", 1),
        ("kitten", "sitting", 3),
        ("sömé", "some", 2),
        // A swap, then an insertion between the swapped letters: optimal
        // string alignment counts 3, where Damerau-Levenshtein would count 2.
        ("ca", "abc", 3),
    ];
    const SUGGESTIONS: &[(&str, &[&str], Option<&str>)] = &[
        (
            "exti",
            &["exit", "doc", "hint", "name", "fallback"],
            Some("exit"),
        ),
        (
            "hnit",
            &["exit", "doc", "hint", "name", "fallback"],
            Some("hint"),
        ),
        (
            "EXIT",
            &["exit", "doc", "hint", "name", "fallback"],
            Some("exit"),
        ),
        (
            "fallbak",
            &["exit", "doc", "hint", "name", "fallback"],
            Some("fallback"),
        ),
        ("zzzzzz", &["exit", "doc", "hint", "name", "fallback"], None),
        (
            "dcos",
            &["docs", "lock", "list", "explain", "check"],
            Some("docs"),
        ),
        ("--chek", &["--out", "--check"], Some("--check")),
        ("zzz", &["docs", "lock"], None),
        ("ab", &["xy"], None),
    ];

    #[test]
    fn distance_matches_the_shared_vectors() {
        for &(a, b, d) in DISTANCES {
            assert_eq!(distance(a, b), d, "distance({a:?}, {b:?})");
        }
    }

    #[test]
    fn closest_matches_the_shared_vectors() {
        for &(word, candidates, expected) in SUGGESTIONS {
            assert_eq!(closest(word, candidates), expected, "closest({word:?})");
        }
    }
}
