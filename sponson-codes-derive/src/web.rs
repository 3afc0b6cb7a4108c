//! `http = N` and `url = "..."`: what a code means to a web client.
//!
//! Kept apart from the command-line keys: the status and the docs URL are
//! resolved here, at expansion time, so the runtime only reads two fields.

use crate::ast::{Input, Variant};
use crate::attr::Keyed;
use proc_macro2::{Literal, TokenStream};
use quote::quote;
use syn::meta::ParseNestedMeta;
use syn::{Expr, ExprLit, Lit, LitInt, LitStr};

/// The status a code without `http` gets once its enum speaks HTTP.
const FALLBACK_STATUS: u16 = 500;
/// The status of the usage code when it does not give one.
const USAGE_STATUS: u16 = 400;

/// `http = 409`: an HTTP error status, 400 to 599.
pub fn http_value(meta: &ParseNestedMeta, attr: &str) -> syn::Result<(u16, LitInt)> {
    const RANGE: &str = "an integer literal from 400 to 599, as in `http = 409`";
    let key = "http";
    if !meta.input.peek(syn::Token![=]) {
        return Err(meta.error(format_args!(
            "`{key}` in #[{attr}(...)] needs a value, as in `http = 409`"
        )));
    }
    let mut expr = meta.value()?.parse::<Expr>()?;
    while let Expr::Group(group) = expr {
        expr = *group.expr;
    }
    let lit = match expr {
        Expr::Lit(ExprLit {
            lit: Lit::Int(lit), ..
        }) => lit,
        other => {
            return Err(syn::Error::new_spanned(
                other,
                format_args!(
                    "`http` must be {RANGE}; constants and expressions are not accepted because the docs are generated from the literal"
                ),
            ))
        }
    };
    if !lit.suffix().is_empty() {
        return Err(syn::Error::new_spanned(
            &lit,
            format_args!(
                "an HTTP status is a plain integer; write `{}` without the `{}` suffix",
                lit.base10_digits(),
                lit.suffix()
            ),
        ));
    }
    match lit.base10_parse::<u64>() {
        Ok(status @ 400..=599) => Ok((status as u16, lit)),
        Ok(status @ 100..=399) => Err(syn::Error::new_spanned(
            &lit,
            format_args!(
                "http {status} is not an error status; an error's status is from 400 to 599 (4xx: the client's request, 5xx: the server), as in `http = 409`"
            ),
        )),
        _ => Err(syn::Error::new_spanned(
            &lit,
            format_args!(
                "http {} is not an HTTP error status; `http` must be {RANGE}",
                lit.base10_digits()
            ),
        )),
    }
}

/// `url = "https://..."`: an absolute URL; `{code}` is the only placeholder.
pub fn url_value(meta: &ParseNestedMeta, attr: &str) -> syn::Result<LitStr> {
    if !meta.input.peek(syn::Token![=]) {
        return Err(meta.error(format_args!(
            "`url` in #[{attr}(...)] needs a value, as in `url = \"https://example.com/errors#{{code}}\"`"
        )));
    }
    let mut expr = meta.value()?.parse::<Expr>()?;
    while let Expr::Group(group) = expr {
        expr = *group.expr;
    }
    let lit = match expr {
        Expr::Lit(ExprLit {
            lit: Lit::Str(lit), ..
        }) => lit,
        other => return Err(syn::Error::new_spanned(
            other,
            "`url` must be a string literal, as in `url = \"https://example.com/errors#{code}\"`",
        )),
    };
    if let Some(problem) = url_problem(&lit.value()) {
        return Err(syn::Error::new_spanned(&lit, problem));
    }
    Ok(lit)
}

/// What makes `url` unusable as a docs link and a problem `type`, if anything.
fn url_problem(url: &str) -> Option<String> {
    let scheme_end = url.find(':');
    let scheme_ok = scheme_end.is_some_and(|end| {
        let scheme = &url[..end];
        scheme.starts_with(|c: char| c.is_ascii_alphabetic())
            && scheme
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
    });
    if !scheme_ok || url.len() == scheme_end.unwrap_or(0) + 1 {
        return Some(format!(
            "`url` must be an absolute URL, as in `url = \"https://example.com/errors#{{code}}\"`; `{}` has no scheme",
            url.escape_debug()
        ));
    }
    if let Some(bad) = url
        .chars()
        .find(|c| c.is_whitespace() || c.is_control() || matches!(c, '"' | '<' | '>' | '`'))
    {
        return Some(format!(
            "`url` contains {bad:?}, which a URL cannot hold; percent-encode it"
        ));
    }
    let rest = url.replace("{code}", "");
    if rest.contains(['{', '}']) {
        return Some(
            "`url` may use only the placeholder `{code}`, which becomes each code's string"
                .to_owned(),
        );
    }
    None
}

/// Whether the enum says anything about HTTP: then every code gets a status.
fn speaks_http(input: &Input) -> bool {
    input.attrs.http.is_some() || input.variants.iter().any(|v| v.attrs.http.is_some())
}

/// The code's status: its own, else the enum's default, else 400 for the
/// usage code and 500 for any other; `None` when the enum never mentions HTTP.
pub fn status(input: &Input, variant: &Variant) -> Option<u16> {
    if !speaks_http(input) {
        return None;
    }
    let own = |keyed: &Option<Keyed<(u16, LitInt)>>| keyed.as_ref().map(|k| k.value.0);
    if let Some(status) = own(&variant.attrs.http) {
        return Some(status);
    }
    Some(if variant.attrs.fallback.is_some() {
        FALLBACK_STATUS
    } else if variant.attrs.usage.is_some() {
        USAGE_STATUS
    } else {
        own(&input.attrs.http).unwrap_or(FALLBACK_STATUS)
    })
}

/// The code's docs URL: its own, else the enum's template, `{code}` replaced.
pub fn url(input: &Input, variant: &Variant) -> Option<String> {
    let template = variant
        .attrs
        .url
        .as_ref()
        .or(input.attrs.url.as_ref())?
        .value
        .value();
    Some(template.replace("{code}", &variant.code))
}

/// The `http` and `url` fields of a table entry.
pub fn table_fields(input: &Input, variant: &Variant) -> TokenStream {
    let status = match status(input, variant) {
        Some(status) => {
            let status = Literal::u16_unsuffixed(status);
            quote!(__Some(#status))
        }
        None => quote!(__None),
    };
    let url = match url(input, variant) {
        Some(url) => quote!(__Some(#url)),
        None => quote!(__None),
    };
    quote!(http: #status, url: #url,)
}

#[cfg(test)]
mod tests {
    use super::url_problem;

    #[test]
    fn urls_need_a_scheme_and_only_the_code_placeholder() {
        assert_eq!(url_problem("https://example.com/errors#{code}"), None);
        assert_eq!(url_problem("urn:app:{code}"), None);
        assert!(url_problem("/errors#{code}").unwrap().contains("no scheme"));
        assert!(url_problem("https:").unwrap().contains("no scheme"));
        assert!(url_problem("1x://a").unwrap().contains("no scheme"));
        assert!(url_problem("https://a b").unwrap().contains("' '"));
        assert!(url_problem("https://a/{name}")
            .unwrap()
            .contains("only the placeholder"));
    }
}
