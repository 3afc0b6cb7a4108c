//! The derive macro behind `sponson-codes`; use it through that crate.

use proc_macro::TokenStream;

#[proc_macro_derive(ErrorCodes, attributes(code, codes))]
pub fn derive_error_codes(input: TokenStream) -> TokenStream {
    let _ = input;
    TokenStream::new()
}
