//! Retired codes warn where they are raised.
//!
//! Naming a `#[deprecated]` variant already warns (rustc does it); `code!`
//! names a code by its string, so the derive gives each retired code's index
//! a deprecated constant for `code!` to name. A variant retired by
//! `retired = "..."` alone warns through `code!` only: a derive cannot make
//! rustc warn where a variant is constructed, and a warning at the
//! declaration would fail every `-D warnings` build of a registry that keeps
//! its retired codes, which is what a registry is for.

use crate::ast::Input;
use proc_macro2::{Literal, TokenStream};
use quote::quote;
use syn::ext::IdentExt;

/// `impl RetiredCodes` for an enum of unit variants (what `code!` accepts).
pub fn raise_impl(input: &Input) -> TokenStream {
    let ident = input.ident;
    let retired: Vec<_> = input
        .variants
        .iter()
        .enumerate()
        .filter_map(|(index, variant)| {
            let note = variant.attrs.retired.as_ref()?.value.value();
            let note = format!(
                "error code `{}` of `{}` is retired: {note}",
                variant.code,
                ident.unraw()
            );
            let index = Literal::usize_unsuffixed(index);
            Some(quote! {
                impl __SponsonRetired<#index> {
                    #[deprecated(note = #note)]
                    pub const RAISE: () = ();
                }
            })
        })
        .collect();
    if retired.is_empty() {
        return live_impl(ident);
    }
    // Inherent constants come before the blanket trait's: `RAISE` is the
    // deprecated one exactly at a retired index.
    quote! {
        pub struct __SponsonRetired<const I: __sp::core::primitive::usize>;
        impl<const I: __sp::core::primitive::usize> __sp::Raise for __SponsonRetired<I> {}
        #(#retired)*

        #[automatically_derived]
        impl __sp::RetiredCodes for #ident {
            type Code<const I: __sp::core::primitive::usize> = __SponsonRetired<I>;
        }
    }
}

/// `impl RetiredCodes` naming no code retired: for an enum without retired
/// codes, and for the stubs emitted next to errors.
pub fn live_impl(ident: &syn::Ident) -> TokenStream {
    quote! {
        #[automatically_derived]
        impl __sp::RetiredCodes for #ident {
            type Code<const I: __sp::core::primitive::usize> = __sp::LiveCode;
        }
    }
}
