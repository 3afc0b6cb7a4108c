//! Retired codes warn where they are raised.
//!
//! Naming a `#[deprecated]` variant already warns; `code!` names a code by
//! its string, so the derive gives each retired code's index a deprecated
//! constant for `code!` to name. A code retired with `retired = "..."` on a
//! variant that is not `#[deprecated]` gets a warning of its own, since
//! only rustc can warn where the variant is constructed.

use crate::ast::Input;
use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote, quote_spanned};
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
        return quote! {
            #[automatically_derived]
            impl __sp::RetiredCodes for #ident {
                type Code<const I: __sp::core::primitive::usize> = __sp::LiveCode;
            }
        };
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

/// One warning per code retired by `retired = "..."` on a variant that is
/// not `#[deprecated]`: constructing it would compile silently.
pub fn undeprecated_warnings(input: &Input) -> TokenStream {
    let warnings = input.variants.iter().filter_map(|variant| {
        let retired = variant.attrs.retired.as_ref()?;
        if variant.attrs.deprecated.is_some() {
            return None;
        }
        let note = retired.value.value();
        let message = format!(
            "code `{}` is retired ({note}), but `{}::{}` is not deprecated, so raising it compiles without a warning; add #[deprecated = {:?}] to the variant",
            variant.code,
            input.ident.unraw(),
            variant.ident.unraw(),
            note
        );
        let name = format_ident!("{}_is_retired", variant.ident.unraw());
        let span = syn::spanned::Spanned::span(&retired.key);
        let used = quote_spanned!(span=> #name);
        Some(quote! {
            const _: () = {
                #[deprecated(note = #message)]
                #[allow(non_upper_case_globals)]
                const #name: () = ();
                #used
            };
        })
    });
    quote!(#(#warnings)*)
}
