//! `from_code`'s body: the lookup strategy, chosen by the enum's size.
//!
//! Up to [`MATCH_MAX`] codes it is a `match` on the string, which rustc
//! compiles to a dispatch on the length and then a few comparisons: at 100
//! codes that beats any hash on hits (there is nothing to hash), and it is
//! what serde_derive and strum generate, so `from_code` and `Deserialize`
//! cost what theirs cost. Its time grows with the codes of the same length,
//! though, and above the threshold the perfect hash (`crate::phf`), whose time
//! does not grow, wins. docs/benchmarks.md has the measurements.

use crate::ast::Input;
use crate::phf;
use proc_macro2::{Literal, TokenStream};
use quote::quote;

/// The most codes looked up with a `match`; beyond, the perfect hash. Between
/// 100 and 1,000 codes the two cross: the `match` took 3.5 ns a hit at 100
/// codes against the hash's 6.7 ns, and 30 ns at 1,000 against 6.8 ns, so it
/// passes the hash near 200 codes (misses cross a little earlier, near 100).
pub const MATCH_MAX: usize = 200;

#[cfg(test)]
thread_local! {
    /// Makes the random-input tests check the perfect hash on small enums too.
    pub static FORCE_HASH: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

fn by_size(n: usize) -> bool {
    #[cfg(test)]
    if FORCE_HASH.with(std::cell::Cell::get) {
        return false;
    }
    n <= MATCH_MAX
}

/// The body of `from_code(code: &str) -> Option<Self>` for an enum whose
/// code table is `<Enum as #table_trait>::TABLE` (`ErrorCode` or
/// `WarningCode`) and which has the inherent `__sponson_from_index`.
pub fn from_code_body(input: &Input, table_trait: &TokenStream) -> syn::Result<TokenStream> {
    if by_size(input.variants.len()) {
        Ok(by_match(input))
    } else {
        by_hash(input, table_trait)
    }
}

fn by_match(input: &Input) -> TokenStream {
    let arms = input.variants.iter().map(|v| {
        let code = Literal::string(&v.code);
        let variant = v.ident;
        quote!(#code => __Some(Self::#variant),)
    });
    let aliases = alias_arms(input);
    quote! {
        match code {
            #(#arms)*
            #aliases
            _ => __None,
        }
    }
}

/// The `match` arms of the aliases (`#[code(alias = "...")]`): old names
/// read as the code they were renamed to. Renames are few, so the perfect
/// hash leaves them out and a miss tries them after it.
fn alias_arms(input: &Input) -> TokenStream {
    let arms = input.variants.iter().flat_map(|v| {
        let variant = v.ident;
        v.attrs.aliases.iter().map(move |alias| {
            let alias = Literal::string(&alias.value());
            quote!(#alias => __Some(Self::#variant),)
        })
    });
    quote!(#(#arms)*)
}

fn by_hash(input: &Input, table_trait: &TokenStream) -> syn::Result<TokenStream> {
    let ident = input.ident;
    let codes: Vec<&str> = input.variants.iter().map(|v| v.code.as_str()).collect();
    let hash = phf::build(&codes).ok_or_else(|| {
        syn::Error::new_spanned(
            ident,
            "could not build the lookup table for these codes; please report this with the enum",
        )
    })?;
    let n = codes.len();
    let mut order = vec![0u32; n];
    for (index, code) in codes.iter().enumerate() {
        order[phf::lookup(&hash, code, n)] = index as u32;
    }
    let seed = Literal::u64_suffixed(hash.seed);
    let pilots = hash.pilots.iter().map(|p| Literal::u16_unsuffixed(*p));
    let pilot_count = hash.pilots.len();
    let order = order.iter().map(|i| Literal::u32_unsuffixed(*i));
    let aliases = alias_arms(input);
    Ok(quote! {
        static PILOTS: [__sp::core::primitive::u16; #pilot_count] = [#(#pilots),*];
        static SLOTS: [(&__sp::core::primitive::str, __sp::core::primitive::u32); #n] = {
            const ORDER: [__sp::core::primitive::u32; #n] = [#(#order),*];
            let table = <#ident as #table_trait>::TABLE;
            let mut slots: [(&__sp::core::primitive::str, __sp::core::primitive::u32); #n] = [("", 0); #n];
            let mut slot = 0;
            while slot < #n {
                slots[slot] = (table[ORDER[slot] as __sp::core::primitive::usize].code, ORDER[slot]);
                slot += 1;
            }
            slots
        };
        match __sp::lookup(code, #seed, &PILOTS, &SLOTS) {
            __Some(index) => __Some(Self::__sponson_from_index(index)),
            __None => match code {
                #aliases
                _ => __None,
            },
        }
    })
}
