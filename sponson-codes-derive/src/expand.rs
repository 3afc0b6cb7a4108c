//! Code generation for a valid enum.

use crate::ast::{Input, Variant};
use crate::lookup;
use proc_macro2::{Literal, TokenStream};
use quote::quote;
use syn::ext::IdentExt;

/// The path to the runtime crate: `::sponson_codes` unless `#[codes(crate = ...)]`.
pub fn krate(input: &Input) -> TokenStream {
    match &input.attrs.krate {
        Some(keyed) => {
            let path = &keyed.value;
            quote!(#path)
        }
        None => quote!(::sponson_codes),
    }
}

pub fn expand(input: &Input) -> syn::Result<TokenStream> {
    let krate = krate(input);
    let ident = input.ident;
    let error_code = error_code_impl(input);
    let exit_code = exit_code_impl(input);
    let inherent = inherent_impl(input);
    let unit = if input.is_all_units() {
        unit_impls(input)?
    } else {
        TokenStream::new()
    };
    // Only an enum that names its domain can be sent as a gRPC status:
    // AIP-193's `ErrorInfo` needs one, and the derive has then checked
    // that every code is an AIP-193 reason.
    let grpc = match &input.attrs.grpc_domain {
        Some(keyed) => {
            let domain = keyed.value.value();
            quote!(#krate::__sponson_grpc_codes! { #ident, #domain })
        }
        None => TokenStream::new(),
    };
    let locales = crate::locales::tokens(input);
    // `deprecated`: a retired variant is `#[deprecated]`, and the tables name it.
    Ok(quote! {
        #[allow(non_upper_case_globals, unused_qualifications, deprecated)]
        const _: () = {
            use #krate::__private as __sp;
            use __sp::core::option::Option::{None as __None, Some as __Some};
            #error_code
            #exit_code
            #inherent
            #unit
            #grpc
            #locales
            #krate::__sponson_register! { <#ident as __sp::ErrorCode>::ENUM }
        };
    })
}

pub fn opt_str(value: Option<String>) -> TokenStream {
    match value {
        Some(text) => quote!(__Some(#text)),
        None => quote!(__None),
    }
}

/// One `CodeInfo` of the table, by named fields; `exit` is the variant's, or
/// 0 for a warning.
pub fn table_entry(input: &Input, variant: &Variant, exit: u8, warning: bool) -> TokenStream {
    let attrs = &variant.attrs;
    let code = &variant.code;
    let exit = Literal::u8_unsuffixed(exit);
    let doc = attrs
        .doc
        .as_ref()
        .map(|d| d.value.value())
        .unwrap_or_default();
    let hint = opt_str(attrs.hint.as_ref().map(|h| h.value.value()));
    let explain = crate::explain::tokens(input, variant);
    let name = variant.ident.unraw().to_string();
    let usage = attrs.usage.is_some();
    let retired = opt_str(attrs.retired.as_ref().map(|r| r.value.value()));
    let web = crate::web::table_fields(input, variant);
    let grpc = crate::grpc::table_field(input, variant, warning);
    let retryable = match &attrs.retryable {
        Some(keyed) => {
            let value = keyed.value;
            quote!(__Some(#value))
        }
        None => quote!(__None),
    };
    let aliases = attrs.aliases.iter().map(syn::LitStr::value);
    let split_from = opt_str(attrs.split_from.as_ref().map(|s| s.value.value()));
    let number = crate::number::table_field(variant);
    let details = variant
        .fields
        .iter()
        .filter_map(|field| field.detail_name());
    quote! {
        __sp::CodeFields {
            code: #code,
            exit: #exit,
            doc: #doc,
            hint: #hint,
            explain: #explain,
            variant: #name,
            usage: #usage,
            retired: #retired,
            retryable: #retryable,
            aliases: &[#(#aliases),*],
            split_from: #split_from,
            details: &[#(#details),*],
            #number
            #web
            #grpc
        }
        .build()
    }
}

fn error_code_impl(input: &Input) -> TokenStream {
    let ident = input.ident;
    let entries = input.variants.iter().map(|variant| {
        table_entry(
            input,
            variant,
            variant.attrs.exit.as_ref().map_or(1, |e| e.value.0),
            false,
        )
    });
    let table = crate::explain::table(input, entries);
    let exits = input
        .attrs
        .exits
        .iter()
        .flat_map(|keyed| &keyed.value)
        .map(|decl| {
            let exit = Literal::u8_unsuffixed(decl.exit);
            let meaning = &decl.meaning;
            quote!(__sp::ExitClass::__new(#exit, #meaning))
        });
    let fallback = input.fallback_index().unwrap_or(0);
    let usage = match input.usage_index() {
        Some(index) => quote!(__Some(&<Self as __sp::ErrorCode>::TABLE[#index])),
        None => quote!(__None),
    };
    let record = enum_record(
        input,
        &quote!(__sp::ErrorCode),
        &quote!(__SPONSON_EXITS),
        fallback,
        &quote!(Errors),
    );
    let arms = input.variants.iter().enumerate().map(|(index, variant)| {
        let variant = variant.ident;
        quote!(Self::#variant { .. } => #index,)
    });
    let details = write_details(input);
    quote! {
        const __SPONSON_EXITS: &[__sp::ExitClass] = &[#(#exits),*];

        #[automatically_derived]
        impl __sp::ErrorCodeSealed for #ident {}

        #[automatically_derived]
        impl __sp::ErrorCode for #ident {
            const TABLE: &'static [__sp::CodeInfo] = #table;
            const ENUM: &'static __sp::EnumInfo = #record;
            const USAGE_INFO: __sp::core::option::Option<&'static __sp::CodeInfo> = #usage;

            #[inline]
            fn info(&self) -> &'static __sp::CodeInfo {
                &<Self as __sp::ErrorCode>::TABLE[match self { #(#arms)* }]
            }

            #details
        }
    }
}

/// The `EnumInfo` of the enum, by named fields, as a `&'static` expression.
/// `of` is the trait whose `TABLE` it lists; `kind` a `CodeKind` variant.
pub fn enum_record(
    input: &Input,
    of: &TokenStream,
    exits: &TokenStream,
    fallback: usize,
    kind: &TokenStream,
) -> TokenStream {
    let name = input.ident.unraw().to_string();
    let explain = &input.doc;
    let public = input.public;
    let non_exhaustive = input.non_exhaustive;
    let deny_unknown = input.attrs.deny_unknown.is_some();
    let require_explain = input.attrs.require_explain.is_some();
    let grpc_domain = opt_str(input.attrs.grpc_domain.as_ref().map(|d| d.value.value()));
    let sets = crate::sets::record_field(input);
    let compat = opt_str(input.attrs.compat.as_ref().map(|c| c.value.value()));
    // The declared path, else where the enum is declared.
    let path = match &input.attrs.path {
        Some(keyed) => {
            let path = keyed.value.value();
            quote!(#path)
        }
        None => {
            let suffix = format!("::{name}");
            quote!(__sp::core::concat!(__sp::core::module_path!(), #suffix))
        }
    };
    quote! {
        &__sp::EnumFields {
            name: #name,
            path: #path,
            module_path: __sp::core::module_path!(),
            crate_name: match __sp::core::option_env!("CARGO_PKG_NAME") {
                __Some(name) => name,
                __None => "",
            },
            // Set by cargo when it compiles a binary: evaluated in the
            // crate that declares the enum.
            bin: __sp::core::option_env!("CARGO_BIN_NAME"),
            explain: #explain,
            exits: #exits,
            table: <Self as #of>::TABLE,
            fallback: #fallback,
            public: #public,
            non_exhaustive: #non_exhaustive,
            deny_unknown: #deny_unknown,
            require_explain: #require_explain,
            grpc_domain: #grpc_domain,
            #sets
            compat: #compat,
            kind: __sp::CodeKind::#kind,
        }
        .build()
    }
}

/// Only fields marked `#[code(detail)]` are written: an allowlist, so a field
/// added later never leaks into the envelope by accident.
pub fn write_details(input: &Input) -> TokenStream {
    let arms: Vec<TokenStream> = input
        .variants
        .iter()
        .filter_map(|variant| {
            let marked: Vec<_> = variant
                .fields
                .iter()
                .filter_map(|field| Some((field, field.detail_name()?)))
                .collect();
            if marked.is_empty() {
                return None;
            }
            let ident = variant.ident;
            let bindings = marked.iter().enumerate().map(|(i, (field, _))| {
                let member = &field.member;
                let binding = quote::format_ident!("__sponson_field{}", i, span = field.ty_span);
                quote!(#member: #binding)
            });
            // Spanned at the field's type, so that a type that is not
            // `Serialize` is reported at the field, not at the derive.
            let inserts = marked.iter().enumerate().map(|(i, (field, name))| {
                let binding = quote::format_ident!("__sponson_field{}", i, span = field.ty_span);
                quote::quote_spanned!(field.ty_span=> details.insert(#name, #binding);)
            });
            Some(quote! {
                Self::#ident { #(#bindings,)* .. } => { #(#inserts)* }
            })
        })
        .collect();
    if arms.is_empty() {
        return TokenStream::new();
    }
    // Details exist with the runtime's `error` layer only; its macro drops
    // the method without it.
    let krate = krate(input);
    quote! {
        #krate::__sponson_with_details! {
            fn write_details(&self, details: &mut __sp::Details) {
                #[allow(unreachable_patterns)]
                match self {
                    #(#arms)*
                    _ => {}
                }
            }
        }
    }
}

fn exit_code_impl(input: &Input) -> TokenStream {
    let ident = input.ident;
    quote! {
        #[automatically_derived]
        impl __sp::core::convert::From<#ident> for __sp::std::process::ExitCode {
            #[inline]
            fn from(code: #ident) -> Self {
                __sp::std::process::ExitCode::from(__sp::ErrorCode::exit_code(&code))
            }
        }
    }
}

/// `ErrorCodeSet`, the inherent shortcuts, `FromStr` and serde: only an enum of
/// unit variants can be rebuilt from its code string alone.
fn unit_impls(input: &Input) -> syn::Result<TokenStream> {
    let ident = input.ident;
    let from_code = lookup::from_code_body(input, &quote!(__sp::ErrorCode))?;
    let variants: Vec<_> = input.variants.iter().map(|v| v.ident).collect();
    let string_form = string_form(input);
    let raise = crate::retired::raise_impl(input);
    Ok(quote! {
        #raise

        #[automatically_derived]
        impl __sp::ErrorCodeSet for #ident {
            const ALL: &'static [Self] = &[#(Self::#variants),*];
            const FALLBACK: Self = Self::__sponson_from_index(__sp::fallback_index(<Self as __sp::ErrorCode>::ENUM));

            #[inline]
            fn from_code(code: &__sp::core::primitive::str) -> __sp::core::option::Option<Self> {
                #from_code
            }
        }

        #string_form
    })
}

/// The inherent items on the enum. They forward to the traits, so they need
/// no import, and a method call such as `Code::X.code()` picks them before
/// any trait method of the same name (`miette::Diagnostic::code`). Shared
/// with the stubs emitted next to errors, which implement the same traits.
pub fn inherent_impl(input: &Input) -> TokenStream {
    let ident = input.ident;
    let vis = &input.original.vis;
    let set = match input.variants.first() {
        Some(_) if input.is_all_units() => {
            let from_index = from_index_fn(input);
            quote! {
                /// Every variant, in declaration order.
                #vis const ALL: &'static [Self] = <Self as __sp::ErrorCodeSet>::ALL;
                /// The fallback variant, for unknown codes and unexpected failures.
                #vis const FALLBACK: Self = <Self as __sp::ErrorCodeSet>::FALLBACK;

                /// The variant whose code is exactly `code`, if the enum lists it.
                #[must_use]
                #[inline]
                #vis fn from_code(code: &__sp::core::primitive::str) -> __sp::core::option::Option<Self> {
                    <Self as __sp::ErrorCodeSet>::from_code(code)
                }

                #from_index
            }
        }
        _ => TokenStream::new(),
    };
    quote! {
        #[automatically_derived]
        impl #ident {
            /// The stable code string, such as `LOCK_HELD`.
            #[must_use]
            #[inline]
            #vis fn code(&self) -> &'static __sp::core::primitive::str {
                <Self as __sp::ErrorCode>::code(self)
            }

            /// The process exit code, 1 to 255.
            #[must_use]
            #[inline]
            #vis fn exit_code(&self) -> __sp::core::primitive::u8 {
                <Self as __sp::ErrorCode>::exit_code(self)
            }

            /// One line saying what the code means.
            #[must_use]
            #[inline]
            #vis fn doc(&self) -> &'static __sp::core::primitive::str {
                <Self as __sp::ErrorCode>::doc(self)
            }

            /// The remedy, when there is one.
            #[must_use]
            #[inline]
            #vis fn hint(&self) -> __sp::core::option::Option<&'static __sp::core::primitive::str> {
                <Self as __sp::ErrorCode>::hint(self)
            }

            /// The long explanation from the variant's doc comment, `""` if none.
            #[must_use]
            #[inline]
            #vis fn explain(&self) -> &'static __sp::core::primitive::str {
                <Self as __sp::ErrorCode>::explain(self)
            }

            /// This value's entry in the code table.
            #[must_use]
            #[inline]
            #vis fn info(&self) -> &'static __sp::CodeInfo {
                <Self as __sp::ErrorCode>::info(self)
            }

            #set
        }
    }
}

/// `__sponson_from_index`, the variant at a table index: what `from_code`'s
/// lookup and `code!` turn an index into, for errors and warnings alike.
pub fn from_index_fn(input: &Input) -> TokenStream {
    let vis = &input.original.vis;
    let variants = input.variants.iter().map(|v| v.ident);
    let indices = 0..input.variants.len();
    quote! {
        #[doc(hidden)]
        #[must_use]
        #vis const fn __sponson_from_index(index: __sp::core::primitive::usize) -> Self {
            match index {
                #(#indices => Self::#variants,)*
                _ => __sp::core::panic!("no variant at this index"),
            }
        }
    }
}

/// `FromStr` and serde for an enum of unit variants: the code string is the
/// value's whole serialized form. Shared with the stubs emitted next to errors,
/// which rely only on the traits' items. Each family can be left to the user
/// (`#[codes(serde = false)]`, `#[codes(from_str = false)]`), so that their own
/// impl or `#[derive(serde::Serialize)]` does not conflict (E0119).
pub fn string_form(input: &Input) -> TokenStream {
    let ident = input.ident;
    let from_str = if input.derives_from_str() {
        from_str_impl(ident)
    } else {
        TokenStream::new()
    };
    let serde = if input.derives_serde() {
        serde_impls(ident)
    } else {
        TokenStream::new()
    };
    quote!(#from_str #serde)
}

fn from_str_impl(ident: &syn::Ident) -> TokenStream {
    quote! {
        #[automatically_derived]
        impl __sp::core::str::FromStr for #ident {
            type Err = __sp::UnknownCode;

            #[inline]
            fn from_str(code: &__sp::core::primitive::str) -> __sp::core::result::Result<Self, __sp::UnknownCode> {
                __sp::from_str(code)
            }
        }
    }
}

fn serde_impls(ident: &syn::Ident) -> TokenStream {
    quote! {
        #[automatically_derived]
        impl __sp::serde::Serialize for #ident {
            fn serialize<__S>(&self, serializer: __S) -> __sp::core::result::Result<__S::Ok, __S::Error>
            where
                __S: __sp::serde::Serializer,
            {
                serializer.serialize_str(__sp::ErrorCode::code(self))
            }
        }

        #[automatically_derived]
        impl<'de> __sp::serde::Deserialize<'de> for #ident {
            fn deserialize<__D>(deserializer: __D) -> __sp::core::result::Result<Self, __D::Error>
            where
                __D: __sp::serde::Deserializer<'de>,
            {
                __sp::deserialize(deserializer)
            }
        }
    }
}
