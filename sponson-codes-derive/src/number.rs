//! `#[code(number = 1042)]`: the code's integer, for FFI, JSON-RPC and
//! protocols that want numbers. Its value and its rules live here;
//! `attr.rs` parses the key through [`value`], `check.rs` calls [`check`],
//! `expand.rs` writes [`table_field`].

use crate::ast::{Input, Variant};
use crate::ctxt::Ctxt;
use proc_macro2::{Literal, TokenStream};
use quote::{quote, ToTokens};
use std::collections::HashMap;
use syn::meta::ParseNestedMeta;
use syn::{Expr, ExprLit, ExprUnary, Lit, UnOp};

/// The range JSON-RPC 2.0 reserves for pre-defined errors.
const RESERVED: core::ops::RangeInclusive<i64> = -32768..=-32000;

/// The standard errors of that range, which a code that means one may take.
const STANDARD: &[(i32, &str)] = &[
    (-32700, "parse error"),
    (-32600, "invalid request"),
    (-32601, "method not found"),
    (-32602, "invalid params"),
    (-32603, "internal error"),
];

/// A parsed `number`: its value and the tokens it was written as, where
/// errors about it point.
pub struct Number {
    pub value: i32,
    pub tokens: TokenStream,
}

/// `number = 1042` or `number = -32602`: an integer literal that fits an
/// `i32`, outside JSON-RPC's reserved range but for its standard errors.
pub fn value(meta: &ParseNestedMeta) -> syn::Result<Number> {
    const SHAPE: &str = "an integer literal from -2147483648 to 2147483647, as in `number = 1042`";
    if !meta.input.peek(syn::Token![=]) {
        return Err(meta.error("`number` in #[code(...)] needs a value, as in `number = 1042`"));
    }
    let mut expr = meta.value()?.parse::<Expr>()?;
    while let Expr::Group(group) = expr {
        expr = *group.expr;
    }
    let tokens = expr.to_token_stream();
    let (negative, lit) = match &expr {
        Expr::Lit(ExprLit {
            lit: Lit::Int(lit), ..
        }) => (false, lit),
        Expr::Unary(ExprUnary {
            op: UnOp::Neg(_),
            expr: inner,
            ..
        }) => match &**inner {
            Expr::Lit(ExprLit {
                lit: Lit::Int(lit), ..
            }) => (true, lit),
            _ => return Err(not_literal(tokens, SHAPE)),
        },
        _ => return Err(not_literal(tokens, SHAPE)),
    };
    if !lit.suffix().is_empty() {
        return Err(syn::Error::new_spanned(
            lit,
            format_args!(
                "a code's number is a plain integer; write `{}` without the `{}` suffix",
                lit.base10_digits(),
                lit.suffix()
            ),
        ));
    }
    let magnitude = lit.base10_parse::<i64>().ok();
    let value = magnitude
        .map(|m| if negative { -m } else { m })
        .and_then(|v| i32::try_from(v).ok());
    let Some(value) = value else {
        return Err(syn::Error::new_spanned(
            tokens,
            format_args!("this number does not fit an `i32`; `number` must be {SHAPE}"),
        ));
    };
    if RESERVED.contains(&i64::from(value)) && !STANDARD.iter().any(|(n, _)| *n == value) {
        let standard = STANDARD
            .iter()
            .map(|(n, meaning)| format!("{n} ({meaning})"))
            .collect::<Vec<_>>()
            .join(", ");
        return Err(syn::Error::new_spanned(
            tokens,
            format_args!(
                "number {value} is in the range JSON-RPC 2.0 reserves (-32768 to -32000); pick a number outside it, as in `number = 1042`, or one of its standard errors when the code means it: {standard}"
            ),
        ));
    }
    Ok(Number { value, tokens })
}

fn not_literal(tokens: TokenStream, shape: &str) -> syn::Error {
    syn::Error::new_spanned(
        tokens,
        format_args!(
            "`number` must be {shape}; constants and expressions are not accepted because the docs are generated from the literal"
        ),
    )
}

/// A number names one code, or a reader of numbers could not tell them apart.
pub fn check(cx: &Ctxt, input: &Input) {
    let mut seen: HashMap<i32, (&Variant, &TokenStream)> = HashMap::new();
    for variant in &input.variants {
        let Some(keyed) = &variant.attrs.number else {
            continue;
        };
        let number = keyed.value.value;
        match seen.get(&number) {
            Some((first, at)) => cx.duplicate(
                &keyed.value.tokens,
                at,
                format_args!(
                    "number {number} is given to `{}` and to `{}`; a number names one code, so give one of them another",
                    first.ident, variant.ident
                ),
            ),
            None => {
                seen.insert(number, (variant, &keyed.value.tokens));
            }
        }
    }
}

/// The `number` field of the variant's `CodeFields`.
pub fn table_field(variant: &Variant) -> TokenStream {
    match &variant.attrs.number {
        // A literal and a minus sign: a negative literal token is not
        // sure to survive every token stream.
        Some(keyed) => {
            let value = keyed.value.value;
            let magnitude = Literal::u32_unsuffixed(value.unsigned_abs());
            let sign = (value < 0).then(|| quote!(-));
            quote!(number: __Some(#sign #magnitude),)
        }
        None => quote!(number: __None,),
    }
}
