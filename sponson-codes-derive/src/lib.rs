//! The derive macro behind `sponson-codes`; use it through that crate, which
//! re-exports it and documents every attribute.

mod aliases;
mod ast;
mod attr;
mod case;
mod check;
mod ctxt;
mod expand;
mod explain;
mod fallback;
mod grpc;
mod locales;
mod lookup;
mod number;
mod phf;
#[cfg(test)]
mod random_tests;
mod retired;
mod sets;
mod similar;
mod warnings;
mod web;

use proc_macro::TokenStream;

/// Derives `sponson_codes::ErrorCode` and friends from `#[code(...)]` attributes.
#[proc_macro_derive(ErrorCodes, attributes(code, codes))]
pub fn derive_error_codes(input: TokenStream) -> TokenStream {
    derive(input.into()).into()
}

/// Derives `sponson_codes::WarningCode` from `#[code(...)]` attributes.
#[proc_macro_derive(WarningCodes, attributes(code, codes))]
pub fn derive_warning_codes(input: TokenStream) -> TokenStream {
    warnings::derive(input.into()).into()
}

/// The whole derive on `proc_macro2` tokens: generated code, or errors with
/// stub impls. Never panics.
fn derive(input: proc_macro2::TokenStream) -> proc_macro2::TokenStream {
    let input: syn::DeriveInput = match syn::parse2(input) {
        Ok(input) => input,
        Err(error) => return error.into_compile_error(),
    };
    let cx = ctxt::Ctxt::new();
    let Some(parsed) = ast::Input::from_syn(&cx, &input) else {
        return match cx.check() {
            Err(errors) => errors.into_compile_error(),
            Ok(()) => proc_macro2::TokenStream::new(),
        };
    };
    check::check(&cx, &parsed);
    if let Err(errors) = cx.check() {
        return fallback::expand(&parsed, errors);
    }
    match expand::expand(&parsed) {
        Ok(tokens) => tokens,
        Err(error) => fallback::expand(&parsed, error),
    }
}
