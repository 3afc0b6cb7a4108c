//! `#[derive(WarningCodes)]`: the parsing of `ErrorCodes`, its shared rules,
//! the rules of warnings (no `exit`, `fallback`, `usage`, `exits` or
//! `deny_unknown`) and the generated `WarningCode` impl.

use crate::ast::Input;
use crate::attr::Keyed;
use crate::ctxt::Ctxt;
use crate::expand::{enum_record, krate, table_entry, write_details};
use crate::lookup;
use proc_macro2::TokenStream;
use quote::quote;

pub fn derive(input: TokenStream) -> TokenStream {
    let input: syn::DeriveInput = match syn::parse2(input) {
        Ok(input) => input,
        Err(error) => return error.into_compile_error(),
    };
    if let Some(token) = not_an_enum(&input) {
        return syn::Error::new_spanned(
            token,
            "WarningCodes can only be derived for an enum; declare the warnings as the variants of an enum",
        )
        .into_compile_error();
    }
    let cx = Ctxt::new();
    let Some(parsed) = Input::from_syn(&cx, &input) else {
        return match cx.check() {
            Err(errors) => errors.into_compile_error(),
            Ok(()) => TokenStream::new(),
        };
    };
    check(&cx, &parsed);
    if let Err(errors) = cx.check() {
        return stubs(&parsed, errors);
    }
    match expand(&parsed) {
        Ok(tokens) => tokens,
        Err(error) => stubs(&parsed, error),
    }
}

fn not_an_enum(input: &syn::DeriveInput) -> Option<TokenStream> {
    match &input.data {
        syn::Data::Enum(_) => None,
        syn::Data::Struct(data) => Some(quote::ToTokens::to_token_stream(&data.struct_token)),
        syn::Data::Union(data) => Some(quote::ToTokens::to_token_stream(&data.union_token)),
    }
}

fn check(cx: &Ctxt, input: &Input) {
    crate::check::check_shared_with_warnings(cx, input);
    not_empty(cx, input);
    every_variant_has_doc(cx, input);
    no_error_keys(cx, input);
}

fn not_empty(cx: &Ctxt, input: &Input) {
    if input.variants.is_empty() {
        cx.error_spanned_by(
            input.ident,
            "WarningCodes cannot be derived for an empty enum; add variants with #[code(doc = \"...\")]",
        );
    }
}

fn every_variant_has_doc(cx: &Ctxt, input: &Input) {
    for variant in &input.variants {
        match &variant.attrs.attr {
            None => cx.error_spanned_by(
                variant.ident,
                format_args!(
                    "variant `{}` has no #[code(...)]; add #[code(doc = \"...\")] above it",
                    variant.ident
                ),
            ),
            Some(attr) if variant.attrs.doc.is_none() && !variant.attrs.attempted("doc") => cx
                .error_spanned_by(
                    attr,
                    format_args!(
                        "#[code(...)] on `{}` is missing `doc`; add `doc = \"...\"`, one line saying what the warning means",
                        variant.ident
                    ),
                ),
            Some(_) => {}
        }
    }
}

/// A warning never ends a run, so the keys about ending one are mistakes.
fn no_error_keys(cx: &Ctxt, input: &Input) {
    for variant in &input.variants {
        let attrs = &variant.attrs;
        refuse(cx, attrs.exit.as_ref(), "a warning never fails a run or changes its exit code; remove it, or derive ErrorCodes if this is an error");
        refuse(cx, attrs.fallback.as_ref(), "warnings have no fallback (a reader keeps an unknown warning's code as a string); remove it");
        refuse(
            cx,
            attrs.usage.as_ref(),
            "usage errors are error codes; remove it",
        );
        refuse(
            cx,
            attrs.http.as_ref(),
            "a warning is never an HTTP error response; remove it",
        );
        refuse(
            cx,
            attrs.retryable.as_ref(),
            "a warning never fails a request, so there is nothing to retry; remove it",
        );
        refuse(
            cx,
            attrs.grpc.as_ref(),
            "a warning is never a gRPC error status; remove it",
        );
        refuse(
            cx,
            attrs.number.as_ref(),
            "a warning is never a JSON-RPC error, so it has no number; remove it",
        );
    }
    let enum_attrs = &input.attrs;
    refuse(
        cx,
        enum_attrs.exits.as_ref(),
        "warnings have no exit codes; remove it",
    );
    refuse(
        cx,
        enum_attrs.reserved_exits.as_ref(),
        "warnings have no exit codes; remove it",
    );
    refuse(
        cx,
        enum_attrs.deny_unknown.as_ref(),
        "an unknown warning code is always an error for `from_code` and serde; remove it",
    );
    refuse(
        cx,
        enum_attrs.http.as_ref(),
        "a warning is never an HTTP error response; remove it",
    );
    refuse(
        cx,
        enum_attrs.grpc.as_ref(),
        "a warning is never a gRPC error status; remove it",
    );
    refuse(
        cx,
        enum_attrs.grpc_domain.as_ref(),
        "a warning is never a gRPC error; remove it",
    );
    refuse(
        cx,
        enum_attrs.locales.as_ref(),
        "only error codes have localized messages; remove it",
    );
    refuse(
        cx,
        enum_attrs.require_explain.as_ref(),
        "`require_explain` is checked for error codes; remove it",
    );
    if let Some(decl) = enum_attrs.sets.first() {
        cx.error_spanned_by(
            &decl.name_span,
            "a warning is never returned, so it has no command, route or tool sets; declare the sets on the error enum",
        );
    }
}

fn refuse<T>(cx: &Ctxt, keyed: Option<&Keyed<T>>, why: &str) {
    if let Some(keyed) = keyed {
        let key = quote::ToTokens::to_token_stream(&keyed.key)
            .to_string()
            .replace(' ', "");
        cx.error_spanned_by(
            &keyed.key,
            format_args!("`{key}` is not allowed on warning codes: {why}"),
        );
    }
}

fn expand(input: &Input) -> syn::Result<TokenStream> {
    let krate = krate(input);
    let ident = input.ident;
    let vis = &input.original.vis;
    // `http` is refused above, so the table gets the docs URL only.
    let entries = input
        .variants
        .iter()
        .map(|variant| table_entry(input, variant, 0, true));
    let table = crate::explain::table(input, entries);
    let record = enum_record(
        input,
        &quote!(__sp::WarningCode),
        &quote!(&[]),
        0,
        &quote!(Warnings),
    );
    let arms = input.variants.iter().enumerate().map(|(index, variant)| {
        let variant = variant.ident;
        quote!(Self::#variant { .. } => #index,)
    });
    let details = write_details(input);
    let unit = if input.is_all_units() {
        unit_impls(input)?
    } else {
        TokenStream::new()
    };
    Ok(quote! {
        #[allow(non_upper_case_globals, unused_qualifications, deprecated)]
        const _: () = {
            use #krate::__private as __sp;
            use __sp::core::option::Option::{None as __None, Some as __Some};

            #[automatically_derived]
            impl __sp::WarningCode for #ident {
                const TABLE: &'static [__sp::CodeInfo] = #table;
                const ENUM: &'static __sp::EnumInfo = #record;

                #[inline]
                fn info(&self) -> &'static __sp::CodeInfo {
                    &<Self as __sp::WarningCode>::TABLE[match self { #(#arms)* }]
                }

                #details
            }

            #[automatically_derived]
            impl #ident {
                /// The stable code string.
                #[inline]
                #vis fn code(&self) -> &'static __sp::core::primitive::str {
                    __sp::WarningCode::code(self)
                }
                /// One line saying what the warning means.
                #[inline]
                #vis fn doc(&self) -> &'static __sp::core::primitive::str {
                    __sp::WarningCode::doc(self)
                }
                /// The remedy, when there is one.
                #[inline]
                #vis fn hint(&self) -> __sp::core::option::Option<&'static __sp::core::primitive::str> {
                    __sp::WarningCode::hint(self)
                }
                /// The long explanation, `""` if none.
                #[inline]
                #vis fn explain(&self) -> &'static __sp::core::primitive::str {
                    __sp::WarningCode::explain(self)
                }
                /// This value's entry in the code table.
                #[inline]
                #vis fn info(&self) -> &'static __sp::CodeInfo {
                    __sp::WarningCode::info(self)
                }
            }

            #unit

            #krate::__sponson_register! { <#ident as __sp::WarningCode>::ENUM }
        };
    })
}

/// `ALL`, `from_code` (by the same lookup as error codes), `FromStr`
/// and serde, for an enum of unit variants.
fn unit_impls(input: &Input) -> syn::Result<TokenStream> {
    let ident = input.ident;
    let vis = &input.original.vis;
    let from_code = lookup::from_code_body(input, &quote!(__sp::WarningCode))?;
    let variants = input.variants.iter().map(|v| v.ident);
    let from_index = crate::expand::from_index_fn(input);
    Ok(quote! {
        #[automatically_derived]
        impl #ident {
            /// Every variant, in declaration order.
            #vis const ALL: &'static [Self] = &[#(Self::#variants),*];

            /// The variant whose code is exactly `code`, if the enum lists it.
            #[must_use]
            #vis fn from_code(code: &__sp::core::primitive::str) -> __sp::core::option::Option<Self> {
                #from_code
            }

            #from_index
        }

        #[automatically_derived]
        impl __sp::core::str::FromStr for #ident {
            type Err = __sp::UnknownCode;

            fn from_str(code: &__sp::core::primitive::str) -> __sp::core::result::Result<Self, __sp::UnknownCode> {
                __sp::warning_from_str(code, Self::from_code)
            }
        }

        #[automatically_derived]
        impl __sp::serde::Serialize for #ident {
            fn serialize<__S>(&self, serializer: __S) -> __sp::core::result::Result<__S::Ok, __S::Error>
            where
                __S: __sp::serde::Serializer,
            {
                serializer.serialize_str(__sp::WarningCode::code(self))
            }
        }

        #[automatically_derived]
        impl<'de> __sp::serde::Deserialize<'de> for #ident {
            fn deserialize<__D>(deserializer: __D) -> __sp::core::result::Result<Self, __D::Error>
            where
                __D: __sp::serde::Deserializer<'de>,
            {
                let code = <__sp::std::string::String as __sp::serde::Deserialize>::deserialize(deserializer)?;
                __sp::warning_from_str(&code, Self::from_code)
                    .map_err(<__D::Error as __sp::serde::de::Error>::custom)
            }
        }
    })
}

/// Stub impls next to the errors, so that uses of the enum add no second
/// wave of errors.
fn stubs(input: &Input, errors: syn::Error) -> TokenStream {
    let errors = errors.into_compile_error();
    if !input.original.generics.params.is_empty() || input.original.generics.where_clause.is_some()
    {
        return errors;
    }
    let krate = krate(input);
    let ident = input.ident;
    let vis = &input.original.vis;
    let unit = if input.is_all_units() && !input.variants.is_empty() {
        quote! {
            #[automatically_derived]
            impl #ident {
                #vis const ALL: &'static [Self] = &[];
                #vis fn from_code(_: &__sp::core::primitive::str) -> __sp::core::option::Option<Self> {
                    __sp::core::option::Option::None
                }
            }
        }
    } else {
        TokenStream::new()
    };
    quote! {
        #errors
        #[allow(unused_qualifications)]
        const _: () = {
            use #krate::__private as __sp;
            #[automatically_derived]
            impl __sp::WarningCode for #ident {
                const TABLE: &'static [__sp::CodeInfo] = &[];
                const ENUM: &'static __sp::EnumInfo = &__sp::STUB_ENUM;
                fn info(&self) -> &'static __sp::CodeInfo {
                    &__sp::STUB_INFO
                }
            }
            #unit
        };
    }
}
