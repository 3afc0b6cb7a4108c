//! `grpc = "NOT_FOUND"` and `grpc_domain = "..."`: what a code means to a
//! gRPC client.
//!
//! Like `http`, the status is resolved here, at expansion time, so the
//! runtime reads one field and the mapping from HTTP lives only here.

use crate::ast::{Input, Variant};
use crate::ctxt::Ctxt;
use crate::similar::closest;
use proc_macro2::TokenStream;
use quote::quote;
use syn::meta::ParseNestedMeta;
use syn::{Expr, ExprLit, Lit, LitStr};

/// The canonical gRPC status codes an error may have (every one but `OK`),
/// as `google.rpc.Code` names them.
const STATUSES: &[&str] = &[
    "CANCELLED",
    "UNKNOWN",
    "INVALID_ARGUMENT",
    "DEADLINE_EXCEEDED",
    "NOT_FOUND",
    "ALREADY_EXISTS",
    "PERMISSION_DENIED",
    "RESOURCE_EXHAUSTED",
    "FAILED_PRECONDITION",
    "ABORTED",
    "OUT_OF_RANGE",
    "UNIMPLEMENTED",
    "INTERNAL",
    "UNAVAILABLE",
    "DATA_LOSS",
    "UNAUTHENTICATED",
];

/// AIP-193's longest `ErrorInfo.reason`.
const MAX_REASON: usize = 63;

fn string(meta: &ParseNestedMeta, key: &str, example: &str) -> syn::Result<LitStr> {
    if !meta.input.peek(syn::Token![=]) {
        return Err(meta.error(format_args!(
            "`{key}` needs a value, as in `{key} = {example}`"
        )));
    }
    let mut expr = meta.value()?.parse::<Expr>()?;
    while let Expr::Group(group) = expr {
        expr = *group.expr;
    }
    match expr {
        Expr::Lit(ExprLit {
            lit: Lit::Str(lit), ..
        }) => Ok(lit),
        other => Err(syn::Error::new_spanned(
            other,
            format_args!("`{key}` must be a string literal, as in `{key} = {example}`"),
        )),
    }
}

/// `grpc = "NOT_FOUND"`: one of the canonical status names, as written in
/// `google.rpc.Code`.
pub fn status_value(meta: &ParseNestedMeta, attr: &str) -> syn::Result<LitStr> {
    let lit = string(meta, "grpc", "\"NOT_FOUND\"")?;
    let name = lit.value();
    if STATUSES.contains(&name.as_str()) {
        return Ok(lit);
    }
    let message = if name == "OK" {
        format!("`grpc = \"OK\"` is success, and a code in #[{attr}(...)] is an error; give the status its failures are sent with, such as `grpc = \"FAILED_PRECONDITION\"`")
    } else if let Some(canonical) = spelled_otherwise(&name) {
        format!(
            "gRPC status names are written as in `google.rpc.Code`; write `grpc = \"{canonical}\"`"
        )
    } else if let Some(near) = closest(&name, STATUSES) {
        format!("unknown gRPC status `{name}`; did you mean `{near}`?")
    } else {
        format!(
            "unknown gRPC status `{name}`; expected one of {}",
            STATUSES
                .iter()
                .map(|s| format!("`{s}`"))
                .collect::<Vec<_>>()
                .join(", ")
        )
    };
    Err(syn::Error::new_spanned(&lit, message))
}

/// The canonical name `name` spells in another case or with other
/// separators (`NotFound`, `not-found`, `Code::NotFound`), if any.
fn spelled_otherwise(name: &str) -> Option<&'static str> {
    let squash = |s: &str| {
        s.chars()
            .filter(char::is_ascii_alphanumeric)
            .map(|c| c.to_ascii_uppercase())
            .collect::<String>()
    };
    let last = name.rsplit("::").next().unwrap_or(name);
    STATUSES
        .iter()
        .copied()
        .find(|status| squash(status) == squash(last))
}

/// `grpc_domain = "plan.example.com"`: `ErrorInfo.domain`, the service or
/// product the reasons belong to.
pub fn domain_value(meta: &ParseNestedMeta) -> syn::Result<LitStr> {
    let lit = string(meta, "grpc_domain", "\"plan.example.com\"")?;
    let domain = lit.value();
    if domain.trim().is_empty() {
        return Err(syn::Error::new_spanned(
            &lit,
            "`grpc_domain` is empty; write the service's name, as in `grpc_domain = \"plan.example.com\"`",
        ));
    }
    if let Some(bad) = domain.chars().find(|c| c.is_whitespace() || c.is_control()) {
        return Err(syn::Error::new_spanned(
            &lit,
            format_args!(
                "`grpc_domain` contains {bad:?}; a domain is one word, as in `grpc_domain = \"plan.example.com\"`"
            ),
        ));
    }
    Ok(lit)
}

/// Whether the enum speaks gRPC: it names its domain. Only such an enum
/// converts to a `tonic::Status` (the runtime's `grpc::GrpcCodes`, which
/// the expansion implements for it), so checking its codes here checks
/// every code that can reach a gRPC client.
pub fn speaks_grpc(input: &Input) -> bool {
    input.attrs.grpc_domain.is_some()
}

/// The status for an HTTP status: the reverse of the HTTP mapping
/// `google.rpc.Code` documents for each code, which AIP-193 uses. Where
/// several codes share a status (400, 409), the general one; other 4xx are
/// the client's request in the wrong state, other 5xx the server's fault.
/// gRPC's own HTTP table is not used: it reads a proxy's 404 as a missing
/// method (`UNIMPLEMENTED`), not an application's missing resource.
fn from_http(status: u16) -> &'static str {
    match status {
        400 => "INVALID_ARGUMENT",
        401 => "UNAUTHENTICATED",
        403 => "PERMISSION_DENIED",
        404 => "NOT_FOUND",
        409 => "ABORTED",
        429 => "RESOURCE_EXHAUSTED",
        499 => "CANCELLED",
        501 => "UNIMPLEMENTED",
        503 => "UNAVAILABLE",
        504 => "DEADLINE_EXCEEDED",
        status if (400..500).contains(&status) => "FAILED_PRECONDITION",
        _ => "INTERNAL",
    }
}

/// The code's gRPC status: its own `grpc`; `INTERNAL` for the fallback and
/// `INVALID_ARGUMENT` for the usage code; else from its own `http`; else
/// the enum's `grpc`; else from the status the enum's `http` gives it; else
/// `UNKNOWN`. Resolved for every error code, so that the catalog records
/// it; only an enum with a `grpc_domain` converts to a `tonic::Status`
/// (`grpc::GrpcCodes`), and the docs show it only for those.
pub fn status(input: &Input, variant: &Variant) -> String {
    let attrs = &variant.attrs;
    if let Some(own) = &attrs.grpc {
        return own.value.value();
    }
    if attrs.fallback.is_some() {
        return "INTERNAL".to_owned();
    }
    if attrs.usage.is_some() {
        return "INVALID_ARGUMENT".to_owned();
    }
    if let Some(http) = &attrs.http {
        return from_http(http.value.0).to_owned();
    }
    if let Some(default) = &input.attrs.grpc {
        return default.value.value();
    }
    crate::web::status(input, variant)
        .map_or("UNKNOWN", from_http)
        .to_owned()
}

/// The `grpc` field of a table entry; `None` for warnings.
pub fn table_field(input: &Input, variant: &Variant, warning: bool) -> TokenStream {
    if warning {
        return quote!(grpc: __None,);
    }
    let status = status(input, variant);
    quote!(grpc: __Some(#status),)
}

/// The rules of gRPC keys, for enums that use them.
pub fn check(cx: &Ctxt, input: &Input) {
    grpc_keys_need_a_domain(cx, input);
    reasons_follow_aip_193(cx, input);
}

/// A status without a domain would send an `ErrorInfo` whose reasons
/// belong to nobody; asking for the domain where a status is first given
/// makes the enum's gRPC use explicit, and turns the reason check on.
fn grpc_keys_need_a_domain(cx: &Ctxt, input: &Input) {
    if speaks_grpc(input) {
        return;
    }
    let first = input.attrs.grpc.as_ref().or_else(|| {
        input
            .variants
            .iter()
            .find_map(|variant| variant.attrs.grpc.as_ref())
    });
    if let Some(keyed) = first {
        cx.error_spanned_by(
            &keyed.key,
            "`grpc` needs the enum's gRPC domain, the `ErrorInfo.domain` its codes belong to; add #[codes(grpc_domain = \"your.service.name\")] to the enum",
        );
    }
}

/// AIP-193: `ErrorInfo.reason` matches `[A-Z][A-Z0-9_]+[A-Z0-9]` and is at
/// most 63 characters, so that clients can switch on it in any language.
/// The reason is the code string, so every code of a gRPC enum is held to it.
fn reasons_follow_aip_193(cx: &Ctxt, input: &Input) {
    if !speaks_grpc(input) {
        return;
    }
    for variant in &input.variants {
        if let Some(problem) = reason_problem(&variant.code) {
            let message = format!(
                "code `{}` cannot be a gRPC `ErrorInfo.reason`: {problem} (AIP-193: `[A-Z][A-Z0-9_]+[A-Z0-9]`, at most {MAX_REASON} characters); give it #[code(name = \"...\")] in UPPER_SNAKE_CASE, or remove `grpc_domain`",
                variant.code
            );
            match &variant.attrs.name {
                Some(name) => cx.error_spanned_by(&name.value, message),
                None => cx.error_spanned_by(variant.ident, message),
            }
        }
    }
}

/// What keeps `code` from being an AIP-193 reason, if anything.
fn reason_problem(code: &str) -> Option<String> {
    let chars: Vec<char> = code.chars().collect();
    if chars.len() > MAX_REASON {
        return Some(format!("it is {} characters long", chars.len()));
    }
    if chars.len() < 3 {
        return Some("it is shorter than 3 characters".to_owned());
    }
    if !chars[0].is_ascii_uppercase() {
        return Some("it does not start with an uppercase letter".to_owned());
    }
    if let Some(bad) = chars
        .iter()
        .find(|c| !(c.is_ascii_uppercase() || c.is_ascii_digit() || **c == '_'))
    {
        return Some(format!("it contains {bad:?}"));
    }
    if chars.last() == Some(&'_') {
        return Some("it ends with `_`".to_owned());
    }
    None
}

#[cfg(test)]
mod tests {
    use super::{from_http, reason_problem, spelled_otherwise};

    #[test]
    fn reasons_are_checked_as_aip_193_says() {
        assert_eq!(reason_problem("LOCK_HELD"), None);
        assert_eq!(reason_problem("E0499"), None);
        assert_eq!(reason_problem("AB1"), None);
        assert!(reason_problem("AB").unwrap().contains("shorter"));
        assert!(reason_problem("lock-held").unwrap().contains("uppercase"));
        assert!(reason_problem("LOCK-HELD").unwrap().contains("'-'"));
        assert!(reason_problem("LOCK_").unwrap().contains("ends with"));
        assert!(reason_problem("APP::LOCK").unwrap().contains("':'"));
        assert_eq!(reason_problem(&"A".repeat(63)), None);
        assert!(reason_problem(&"A".repeat(64)).unwrap().contains("64"));
    }

    #[test]
    fn http_statuses_map_to_the_codes_google_rpc_documents() {
        assert_eq!(from_http(404), "NOT_FOUND");
        assert_eq!(from_http(409), "ABORTED");
        assert_eq!(from_http(400), "INVALID_ARGUMENT");
        assert_eq!(from_http(422), "FAILED_PRECONDITION");
        assert_eq!(from_http(500), "INTERNAL");
        assert_eq!(from_http(502), "INTERNAL");
        assert_eq!(from_http(503), "UNAVAILABLE");
    }

    #[test]
    fn other_spellings_of_a_status_are_recognised() {
        assert_eq!(spelled_otherwise("NotFound"), Some("NOT_FOUND"));
        assert_eq!(spelled_otherwise("not-found"), Some("NOT_FOUND"));
        assert_eq!(spelled_otherwise("Code::NotFound"), Some("NOT_FOUND"));
        assert_eq!(spelled_otherwise("NOPE"), None);
    }
}
