//! The perfect-hash check: `from_code`'s tables as the runtime reads them.

use super::generate::ExpectedEntry;
use super::structure::{lit_int, split_commas, stream, Items};
use proc_macro2::{Delimiter, TokenTree};

// The perfect hash as the runtime computes it
// (`sponson-codes/src/code/hash.rs`), so that the generated pilots and slot
// order are checked end to end.
fn rt_fold(a: u64, b: u64) -> u64 {
    let r = u128::from(a) * u128::from(b);
    (r as u64) ^ ((r >> 64) as u64)
}

fn rt_range(h: u64, n: usize) -> usize {
    ((u128::from(h) * n as u128) >> 64) as usize
}

fn rt_slot(seed: u64, pilots: &[u64], key: &str, n: usize) -> usize {
    let h = crate::phf::hash(seed, key.as_bytes());
    let pilot = pilots[rt_range(h, pilots.len())];
    rt_range(
        rt_fold(
            h ^ (pilot + 1).wrapping_mul(0xe703_7ed1_a0b4_28db),
            0xa076_1d64_78bd_642f,
        ),
        n,
    )
}

/// `from_code` of a small enum: one arm per code, in order, then `None`.
fn check_match(
    from_code: &[TokenTree],
    entries: &[ExpectedEntry],
    variants: &[String],
) -> Result<(), String> {
    let arms: Vec<String> = entries
        .iter()
        .zip(variants)
        .map(|(entry, variant)| {
            let code = proc_macro2::Literal::string(&entry.code);
            format!("{code} => __Some (Self :: {variant}) ,")
        })
        .collect();
    let want = format!("match code {{ {} _ => __None , }}", arms.join(" "));
    let got = from_code
        .iter()
        .cloned()
        .collect::<proc_macro2::TokenStream>()
        .to_string();
    if got != want {
        return Err(format!("from_code is `{got}`, not `{want}`"));
    }
    Ok(())
}

/// `from_code`'s tables: every code lands on the slot that names its row, and
/// `ALL` and `__sponson_from_index` list the variants in order.
pub(super) fn check_lookup(
    items: &Items,
    ident: &str,
    entries: &[ExpectedEntry],
    variants: &[String],
) -> Result<(), String> {
    let set = items
        .impls
        .iter()
        .find(|imp| imp.trait_.as_deref() == Some("__sp :: ErrorCodeSet"))
        .unwrap();
    let all = set
        .consts
        .iter()
        .find(|(n, _)| n == "ALL")
        .ok_or("no ALL")?
        .1
        .to_string();
    let want_all: Vec<String> = variants.iter().map(|v| format!("Self :: {v}")).collect();
    if all != format!("& [{}]", want_all.join(" , ")) {
        return Err(format!("ALL is `{all}`"));
    }
    let from_code: Vec<TokenTree> = set
        .fns
        .iter()
        .find(|(n, _)| n == "from_code")
        .ok_or("no from_code")?
        .1
        .clone()
        .into_iter()
        .collect();
    if !from_code
        .iter()
        .any(|t| matches!(t, TokenTree::Ident(i) if i == "PILOTS"))
    {
        return check_match(&from_code, entries, variants);
    }
    // `static PILOTS: [u16; N] = [..];`, `const ORDER: [u32; N] = [..];` and
    // `__sp::lookup(code, SEEDu64, ..)`.
    let array_after = |tokens: &[TokenTree], name: &str| -> Option<Vec<u64>> {
        let at = tokens
            .iter()
            .position(|t| matches!(t, TokenTree::Ident(i) if i == name))?;
        tokens[at..].iter().find_map(|t| match t {
            TokenTree::Group(g)
                if g.delimiter() == Delimiter::Bracket && !g.stream().to_string().contains(';') =>
            {
                Some(
                    split_commas(g.stream())
                        .iter()
                        .map(|lit| lit_int(lit).unwrap_or(u64::MAX))
                        .collect(),
                )
            }
            _ => None,
        })
    };
    let pilots = array_after(&from_code, "PILOTS").ok_or("no PILOTS")?;
    let slots_body = from_code
        .iter()
        .find_map(|t| match t {
            TokenTree::Group(g)
                if g.delimiter() == Delimiter::Brace
                    && g.stream().to_string().contains("ORDER") =>
            {
                Some(g.stream().into_iter().collect::<Vec<_>>())
            }
            _ => None,
        })
        .ok_or("no SLOTS initializer")?;
    let order = array_after(&slots_body, "ORDER").ok_or("no ORDER")?;
    let call = from_code
        .iter()
        .find_map(|t| match t {
            TokenTree::Group(g)
                if g.delimiter() == Delimiter::Parenthesis
                    && g.stream().to_string().starts_with("code ,") =>
            {
                Some(split_commas(g.stream()))
            }
            _ => None,
        })
        .ok_or("no lookup call")?;
    let seed_text = stream(&call[1]).to_string();
    let seed: u64 = seed_text
        .strip_suffix("u64")
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| format!("seed `{seed_text}`"))?;
    let n = entries.len();
    if order.len() != n || pilots.is_empty() || pilots.iter().any(|&p| p > u64::from(u16::MAX)) {
        return Err(format!(
            "{} slots and {} pilots for {n} codes",
            order.len(),
            pilots.len()
        ));
    }
    let mut sorted = order.clone();
    sorted.sort_unstable();
    if sorted != (0..n as u64).collect::<Vec<_>>() {
        return Err(format!("ORDER is not a permutation: {order:?}"));
    }
    for (index, entry) in entries.iter().enumerate() {
        let slot = rt_slot(seed, &pilots, &entry.code, n);
        if order[slot] != index as u64 {
            return Err(format!(
                "code {} lands on row {}, not {index}",
                entry.code, order[slot]
            ));
        }
    }

    // The inherent impl forwards, and maps row indices back in order.
    let inherent = items.impls.iter().find(|imp| imp.trait_.is_none()).unwrap();
    let from_index = inherent
        .fns
        .iter()
        .find(|(n, _)| n == "__sponson_from_index")
        .ok_or("no __sponson_from_index")?
        .1
        .to_string();
    let mut arms: Vec<String> = variants
        .iter()
        .enumerate()
        .map(|(i, variant)| format!("{i}usize => Self :: {variant} ,"))
        .collect();
    arms.push("_ => __sp :: core :: panic ! (\"no variant at this index\") ,".to_string());
    if !from_index.contains(&format!("match index {{ {} }}", arms.join(" "))) {
        return Err(format!(
            "__sponson_from_index does not map rows back in order: {from_index}"
        ));
    }
    let _ = ident;
    Ok(())
}
