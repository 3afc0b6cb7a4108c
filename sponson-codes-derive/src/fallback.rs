//! Stub impls emitted next to the errors, so that a mistake in the enum is
//! reported once, not again at every use of the traits it should implement.

use crate::ast::Input;
use crate::expand::{inherent_impl, krate, string_form};
use proc_macro2::TokenStream;
use quote::quote;

pub fn expand(input: &Input, errors: syn::Error) -> TokenStream {
    let errors = errors.into_compile_error();
    if !input.original.generics.params.is_empty() || input.original.generics.where_clause.is_some()
    {
        return errors;
    }
    let krate = krate(input);
    let ident = input.ident;
    // The codes are kept (with placeholder metadata), so that `code!` on a
    // listed code does not add an error of its own.
    let codes = input.variants.iter().map(|variant| {
        let code = &variant.code;
        let name = variant.ident.to_string();
        quote! {
            __sp::CodeFields {
                code: #code,
                variant: #name,
                ..__sp::STUB_FIELDS
            }
            .build()
        }
    });
    let inherent = inherent_impl(input);
    let unit = match input.variants.first() {
        Some(first) if input.is_all_units() => {
            let first = first.ident;
            let string_form = string_form(input);
            let live = crate::retired::live_impl(ident);
            quote! {
                #[automatically_derived]
                impl __sp::ErrorCodeSet for #ident {
                    const ALL: &'static [Self] = &[];
                    const FALLBACK: Self = Self::#first;
                    fn from_code(_: &__sp::core::primitive::str) -> __sp::core::option::Option<Self> {
                        __sp::core::option::Option::None
                    }
                }
                #live
                #string_form
            }
        }
        _ => TokenStream::new(),
    };
    quote! {
        #errors
        #[allow(unused_qualifications, deprecated)]
        const _: () = {
            use #krate::__private as __sp;
            #[automatically_derived]
            impl __sp::ErrorCodeSealed for #ident {}
            #[automatically_derived]
            impl __sp::ErrorCode for #ident {
                const TABLE: &'static [__sp::CodeInfo] = &[#(#codes),*];
                const ENUM: &'static __sp::EnumInfo = &__sp::STUB_ENUM;
                const FALLBACK_INFO: &'static __sp::CodeInfo = &__sp::STUB_INFO;
                const USAGE_INFO: __sp::core::option::Option<&'static __sp::CodeInfo> =
                    __sp::core::option::Option::None;
                fn info(&self) -> &'static __sp::CodeInfo {
                    &__sp::STUB_INFO
                }
            }
            #[automatically_derived]
            impl __sp::core::convert::From<#ident> for __sp::std::process::ExitCode {
                fn from(_: #ident) -> Self {
                    __sp::std::process::ExitCode::FAILURE
                }
            }
            #inherent
            #unit
        };
    }
}
