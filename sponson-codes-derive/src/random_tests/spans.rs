//! Reading spans: `bytes(lo..hi)` is the fallback span's `Debug` form.

use proc_macro2::{Span, TokenStream, TokenTree};

pub(super) fn span_range(span: Span) -> (u32, u32) {
    let debug = format!("{span:?}");
    let inner = debug
        .strip_prefix("bytes(")
        .and_then(|s| s.strip_suffix(')'))
        .unwrap_or_else(|| panic!("span-locations is off: {debug}"));
    let (lo, hi) = inner.split_once("..").unwrap();
    (lo.parse().unwrap(), hi.parse().unwrap())
}

/// The range of character offsets that the input's tokens cover.
pub(super) fn input_range(tokens: &TokenStream) -> Option<(u32, u32)> {
    let mut range: Option<(u32, u32)> = None;
    for token in tokens.clone() {
        let (lo, hi) = span_range(token.span());
        range = Some(match range {
            None => (lo, hi),
            Some((a, b)) => (a.min(lo), b.max(hi)),
        });
        if let TokenTree::Group(group) = &token {
            if let Some((lo, hi)) = input_range(&group.stream()) {
                let (a, b) = range.unwrap();
                range = Some((a.min(lo), b.max(hi)));
            }
        }
    }
    range
}
