//! Parsing of `#[codes(...)]`, `#[code(...)]` and doc comments.
//!
//! Parsing records what was written; rules that relate several keys or
//! variants live in `check.rs`.

use crate::case::{RenameRule, RULE_NAMES};
use crate::ctxt::Ctxt;
use crate::similar::closest;
use proc_macro2::TokenStream;
use quote::ToTokens;
use syn::meta::ParseNestedMeta;
use syn::parse::ParseStream;
use syn::{Attribute, Expr, ExprLit, Lit, LitInt, LitStr, Token};

/// A key's value together with the key as written, for error spans.
pub struct Keyed<T> {
    pub key: syn::Path,
    pub value: T,
}

pub struct ExitDecl {
    pub exit: u8,
    pub lit: LitInt,
    pub meaning: String,
}

#[derive(Default)]
pub struct EnumAttrs {
    pub rename_all: Option<Keyed<RenameRule>>,
    pub exits: Option<Keyed<Vec<ExitDecl>>>,
    pub krate: Option<Keyed<syn::Path>>,
    pub deny_unknown: Option<Keyed<()>>,
    /// `reserved_exits`: exits 126 to 255, which shells give meanings of
    /// their own, are allowed.
    pub reserved_exits: Option<Keyed<()>>,
    /// `serde = false`: no `Serialize` or `Deserialize`, the user writes their own.
    pub serde: Option<Keyed<bool>>,
    /// `from_str = false`: no `FromStr`, the user writes their own.
    pub from_str: Option<Keyed<bool>>,
    /// `http = N`: the status of codes that give none.
    pub http: Option<Keyed<(u16, LitInt)>>,
    /// `url = "...{code}..."`: every code's docs URL.
    pub url: Option<Keyed<LitStr>>,
    /// `explain_dir = "errors"`: each code's explanation is `errors/<CODE>.md`.
    pub explain_dir: Option<Keyed<LitStr>>,
    /// `locales = "locales"`: the Fluent files, `locales/<locale>/*.ftl`,
    /// whose messages may name only their code's details (`locales.rs`).
    pub locales: Option<Keyed<LitStr>>,
    /// `path = "my_crate::Code"`: the path users import the enum by, shown
    /// instead of where it is declared (checked in `check.rs`).
    pub path: Option<Keyed<LitStr>>,
    /// `grpc_domain = "plan.example.com"`: the enum speaks gRPC, and its
    /// errors' `ErrorInfo.domain` is this.
    pub grpc_domain: Option<Keyed<LitStr>>,
    /// `grpc = "FAILED_PRECONDITION"`: the gRPC status of codes that give
    /// none and have no HTTP status to derive one from.
    pub grpc: Option<Keyed<LitStr>>,
    /// `require_explain`: every live code needs a long explanation.
    pub require_explain: Option<Keyed<()>>,
    /// `compat = "strict"`: the lock's compatibility level for the enum,
    /// `"additive"` or `"strict"`.
    pub compat: Option<Keyed<LitStr>>,
    /// `groups(...)`, `commands(...)`, `routes(...)` and `tools(...)`, in
    /// the order written.
    pub sets: Vec<crate::sets::SetDecl>,
    /// A set could not be read in full, so its members are not checked.
    pub sets_incomplete: bool,
    /// `exits` was written but could not be read in full, so variants are
    /// not checked against it.
    pub exits_incomplete: bool,
    /// Keys that were written but rejected (a bad value, or a misspelling of
    /// the key), so that the rules they relax raise no second error.
    pub rejected: Vec<&'static str>,
}

impl EnumAttrs {
    /// Whether `key` was written, even if its value was rejected.
    pub fn attempted(&self, key: &str) -> bool {
        self.rejected.contains(&key)
    }
}

#[derive(Default)]
pub struct VariantAttrs {
    /// The first `#[code(...)]`, where errors about missing keys point.
    pub attr: Option<TokenStream>,
    pub exit: Option<Keyed<(u8, LitInt)>>,
    pub doc: Option<Keyed<LitStr>>,
    pub hint: Option<Keyed<LitStr>>,
    pub name: Option<Keyed<LitStr>>,
    pub fallback: Option<Keyed<()>>,
    pub usage: Option<Keyed<()>>,
    pub retired: Option<Keyed<LitStr>>,
    pub http: Option<Keyed<(u16, LitInt)>>,
    pub url: Option<Keyed<LitStr>>,
    /// `retryable = true | false`: whether retrying can succeed.
    pub retryable: Option<Keyed<bool>>,
    /// `grpc = "NOT_FOUND"`: the code's gRPC status.
    pub grpc: Option<Keyed<LitStr>>,
    /// `explain = "errors/E0499.md"`: the explanation's file, relative to the package.
    pub explain: Option<Keyed<LitStr>>,
    /// `alias = "OLD_NAME"`, repeatable: earlier names of the code, still
    /// read as it (checked in `aliases.rs`).
    pub aliases: Vec<LitStr>,
    /// `split_from = "REQUEST_FAILED"`: the broader code this one refines.
    pub split_from: Option<Keyed<LitStr>>,
    /// `number = 1042`: the code's integer (checked in `number.rs`).
    pub number: Option<Keyed<crate::number::Number>>,
    /// The variant's own `#[deprecated]`, which retires its code.
    pub deprecated: Option<Deprecated>,
    /// Keys that were written but rejected (a bad value, or a misspelling of
    /// the key), so that no second error says they are missing.
    pub rejected: Vec<&'static str>,
}

impl VariantAttrs {
    /// Whether `key` was written, even if its value was rejected.
    pub fn attempted(&self, key: &str) -> bool {
        self.rejected.contains(&key)
    }

    /// Takes the keys of a repeated `#[code(...)]` that this one lacks, so
    /// that none is reported missing; a key both give is covered by the one
    /// error about the repeated attribute. Destructured in full, so that a
    /// new key cannot be forgotten here.
    fn absorb(&mut self, later: VariantAttrs) {
        let VariantAttrs {
            attr: _,
            exit,
            doc,
            hint,
            name,
            fallback,
            usage,
            retired,
            http,
            url,
            retryable,
            grpc,
            explain,
            aliases,
            split_from,
            number,
            deprecated: _,
            rejected,
        } = later;
        fn fill<T>(slot: &mut Option<T>, later: Option<T>) {
            if slot.is_none() {
                *slot = later;
            }
        }
        fill(&mut self.exit, exit);
        fill(&mut self.doc, doc);
        fill(&mut self.hint, hint);
        fill(&mut self.name, name);
        fill(&mut self.fallback, fallback);
        fill(&mut self.usage, usage);
        fill(&mut self.retired, retired);
        fill(&mut self.http, http);
        fill(&mut self.url, url);
        fill(&mut self.retryable, retryable);
        fill(&mut self.grpc, grpc);
        fill(&mut self.explain, explain);
        self.aliases.extend(aliases);
        fill(&mut self.split_from, split_from);
        fill(&mut self.number, number);
        self.rejected.extend(rejected);
    }
}

/// A variant's `#[deprecated]`: rustc warns wherever the variant is named,
/// which is what raising a retired code should do.
pub struct Deprecated {
    /// The attribute's path, where errors about it point.
    pub path: syn::Path,
    /// `#[deprecated = "..."]` or `#[deprecated(note = "...")]`.
    pub note: Option<LitStr>,
}

#[derive(Default)]
pub struct FieldAttrs {
    /// The name the field is written under in the error's details.
    pub detail: Option<Keyed<Option<LitStr>>>,
}

const ENUM_KEYS: &[&str] = &[
    "rename_all",
    "exits",
    "crate",
    "deny_unknown",
    "reserved_exits",
    "serde",
    "from_str",
    "http",
    "url",
    "explain_dir",
    "locales",
    "path",
    "grpc_domain",
    "grpc",
    "require_explain",
    "compat",
    "groups",
    "commands",
    "routes",
    "tools",
];
const VARIANT_KEYS: &[&str] = &[
    "exit",
    "doc",
    "hint",
    "name",
    "fallback",
    "usage",
    "retired",
    "http",
    "url",
    "retryable",
    "grpc",
    "explain",
    "alias",
    "split_from",
    "number",
];
const FIELD_KEYS: &[&str] = &["detail"];

fn key_name(path: &syn::Path) -> String {
    path.to_token_stream().to_string().replace(' ', "")
}

fn unknown_key(meta: &ParseNestedMeta, attr: &str, known: &[&'static str]) -> syn::Error {
    let key = key_name(&meta.path);
    let hint = match suggest(&key, known) {
        Some(suggestion) => format!("did you mean `{suggestion}`?"),
        None => format!("expected one of {}", list(known)),
    };
    meta.error(format_args!(
        "unknown key `{key}` in #[{attr}(...)]; {hint}"
    ))
}

/// The known key a mistaken `key` was likely meant to be: a typo of it, or
/// a key it shortens or lengthens by whole `_` words (`rename` for
/// `rename_all`, `detail_name` for `detail`), which are too many edits to
/// read as a typo but name the same key.
fn suggest(key: &str, known: &[&'static str]) -> Option<&'static str> {
    closest(key, known).or_else(|| {
        known
            .iter()
            .copied()
            .find(|known| first_words_of(key, known) || first_words_of(known, key))
    })
}

/// Whether `short` is the first `_`-separated words of `long` (ASCII case
/// ignored).
fn first_words_of(short: &str, long: &str) -> bool {
    let (short, long) = (short.to_ascii_lowercase(), long.to_ascii_lowercase());
    !short.is_empty()
        && long
            .strip_prefix(&short)
            .is_some_and(|rest| rest.starts_with('_'))
}

fn list(words: &[&str]) -> String {
    let quoted: Vec<String> = words.iter().map(|w| format!("`{w}`")).collect();
    quoted.join(", ")
}

/// Skips what follows a rejected key up to the next `,`, so that the keys
/// after it are still read and all mistakes are reported together.
fn skip_value(meta: &ParseNestedMeta) -> syn::Result<()> {
    while !meta.input.is_empty() && !meta.input.peek(Token![,]) {
        meta.input.parse::<proc_macro2::TokenTree>()?;
    }
    Ok(())
}

/// The known key that a rejected key was meant to be: itself, or the key it
/// is a likely misspelling of.
fn intended(path: &syn::Path, known: &[&'static str]) -> Option<&'static str> {
    let key = key_name(path);
    known
        .iter()
        .copied()
        .find(|known| *known == key)
        .or_else(|| suggest(&key, known))
}

/// Runs `parse` for one key; its error is recorded and the rest of the key is
/// skipped, so one mistake does not hide the keys after it.
fn recover<F>(cx: &Ctxt, meta: &ParseNestedMeta, parse: F) -> syn::Result<bool>
where
    F: FnOnce() -> syn::Result<()>,
{
    match parse() {
        Ok(()) => Ok(true),
        Err(error) => {
            cx.syn_error(error);
            skip_value(meta)?;
            Ok(false)
        }
    }
}

/// Stores `value` unless the key was given already, which is an error
/// pointing at both.
fn set<T>(cx: &Ctxt, slot: &mut Option<Keyed<T>>, key: &syn::Path, value: T, attr: &str) {
    if let Some(first) = slot {
        cx.duplicate(
            key,
            &first.key,
            format_args!(
                "duplicate key `{}` in #[{attr}(...)]; give it once",
                key_name(key)
            ),
        );
    } else {
        *slot = Some(Keyed {
            key: key.clone(),
            value,
        });
    }
}

/// A flag such as `fallback`: it takes no value.
fn flag(meta: &ParseNestedMeta, attr: &str) -> syn::Result<()> {
    if meta.input.peek(Token![=]) || meta.input.peek(syn::token::Paren) {
        let key = key_name(&meta.path);
        return Err(meta.error(format_args!(
            "`{key}` in #[{attr}(...)] takes no value; write just `{key}`"
        )));
    }
    Ok(())
}

fn parse_value(meta: &ParseNestedMeta, attr: &str, example: &str) -> syn::Result<Expr> {
    let key = key_name(&meta.path);
    if !meta.input.peek(Token![=]) {
        return Err(meta.error(format_args!(
            "`{key}` in #[{attr}(...)] needs a value, as in `{key} = {example}`"
        )));
    }
    let value = meta.value()?;
    let mut expr = value.parse::<Expr>()?;
    // A `macro_rules!` fragment such as `$doc:literal` or `$exit:expr` arrives
    // wrapped in invisible delimiters: look through them to the literal.
    while let Expr::Group(group) = expr {
        expr = *group.expr;
    }
    Ok(expr)
}

fn lit_str(meta: &ParseNestedMeta, attr: &str) -> syn::Result<LitStr> {
    let key = key_name(&meta.path);
    match parse_value(meta, attr, "\"...\"")? {
        Expr::Lit(ExprLit {
            lit: Lit::Str(lit), ..
        }) => Ok(lit),
        other => Err(syn::Error::new_spanned(
            other,
            format_args!("`{key}` must be a string literal, as in `{key} = \"...\"`"),
        )),
    }
}

/// `key = false` (or `true`, the default): whether the derive writes the
/// impls of `traits`.
fn lit_bool(meta: &ParseNestedMeta, traits: &str) -> syn::Result<bool> {
    let key = key_name(&meta.path);
    match parse_value(meta, "codes", "false")? {
        Expr::Lit(ExprLit {
            lit: Lit::Bool(lit),
            ..
        }) => Ok(lit.value),
        other => Err(syn::Error::new_spanned(
            other,
            format_args!(
                "`{key}` is `true` or `false`; write `{key} = false` to implement {traits} yourself"
            ),
        )),
    }
}

/// `retryable = true` or `false`: a bare `retryable` would leave `false`
/// unwritable in the same form, so the value is always spelled out.
fn retryable_value(meta: &ParseNestedMeta) -> syn::Result<bool> {
    const SHAPE: &str = "`retryable` is `true` or `false`: write `retryable = true` when retrying the same request can succeed, `retryable = false` when it cannot";
    if !meta.input.peek(Token![=]) {
        return Err(meta.error(SHAPE));
    }
    match parse_value(meta, "code", "true")? {
        Expr::Lit(ExprLit {
            lit: Lit::Bool(lit),
            ..
        }) => Ok(lit.value),
        other => Err(syn::Error::new_spanned(other, SHAPE)),
    }
}

fn exit_value(meta: &ParseNestedMeta) -> syn::Result<(u8, LitInt)> {
    const RANGE: &str = "an integer literal from 1 to 255, as in `exit = 2`";
    match parse_value(meta, "code", "2")? {
        Expr::Lit(ExprLit {
            lit: Lit::Int(lit), ..
        }) => exit_number(&lit).map(|exit| (exit, lit)),
        Expr::Unary(neg) if matches!(neg.op, syn::UnOp::Neg(_)) => Err(syn::Error::new_spanned(
            neg,
            format_args!("exit codes cannot be negative; `exit` must be {RANGE}"),
        )),
        other => Err(syn::Error::new_spanned(
            other,
            format_args!(
                "`exit` must be {RANGE}; constants and expressions are not accepted because the docs are generated from the literal"
            ),
        )),
    }
}

/// An exit code: 0 means success, and a process can only report 1 to 255.
fn exit_number(lit: &LitInt) -> syn::Result<u8> {
    if !lit.suffix().is_empty() {
        return Err(syn::Error::new_spanned(
            lit,
            format_args!(
                "an exit code is a plain integer; write `{}` without the `{}` suffix",
                lit.base10_digits(),
                lit.suffix()
            ),
        ));
    }
    match lit.base10_parse::<u64>() {
        Ok(0) => Err(syn::Error::new_spanned(
            lit,
            "exit 0 means success and cannot be an error's exit code; use 1 to 125",
        )),
        Ok(number @ 1..=255) => Ok(number as u8),
        _ => Err(syn::Error::new_spanned(
            lit,
            format_args!(
                "exit {} is out of range; a process exit code is 1 to 255",
                lit.base10_digits()
            ),
        )),
    }
}

pub fn enum_attrs(cx: &Ctxt, attrs: &[Attribute]) -> EnumAttrs {
    let mut out = EnumAttrs::default();
    for attr in attrs {
        if attr.path().is_ident("code") {
            cx.error_spanned_by(
                attr,
                "#[code(...)] goes on variants; write #[codes(...)] on the enum",
            );
            // Read it as the #[codes(...)] it was meant to be, so that its
            // keys still take effect and cause no further errors.
        } else if !attr.path().is_ident("codes") {
            continue;
        }
        let result = attr.parse_nested_meta(|meta| {
            if !recover(cx, &meta, || enum_key(cx, &meta, &mut out))? {
                if let Some(key) = intended(&meta.path, ENUM_KEYS) {
                    out.exits_incomplete |= key == "exits";
                    out.rejected.push(key);
                }
            }
            Ok(())
        });
        if let Err(error) = result {
            cx.syn_error(error);
        }
    }
    out
}

fn enum_key(cx: &Ctxt, meta: &ParseNestedMeta, out: &mut EnumAttrs) -> syn::Result<()> {
    if meta.path.is_ident("rename_all") {
        let lit = lit_str(meta, "codes")?;
        match RenameRule::from_name(&lit.value()) {
            Some(rule) => set(cx, &mut out.rename_all, &meta.path, rule, "codes"),
            None => cx.error_spanned_by(&lit, unknown_rule(&lit.value())),
        }
    } else if meta.path.is_ident("exits") {
        let decls = exits(cx, meta, &mut out.exits_incomplete)?;
        set(cx, &mut out.exits, &meta.path, decls, "codes");
    } else if meta.path.is_ident("crate") {
        let path = crate_path(meta)?;
        set(cx, &mut out.krate, &meta.path, path, "codes");
    } else if meta.path.is_ident("deny_unknown") {
        flag(meta, "codes")?;
        set(cx, &mut out.deny_unknown, &meta.path, (), "codes");
    } else if meta.path.is_ident("reserved_exits") {
        flag(meta, "codes")?;
        set(cx, &mut out.reserved_exits, &meta.path, (), "codes");
    } else if meta.path.is_ident("serde") {
        let value = lit_bool(meta, "Serialize and Deserialize")?;
        set(cx, &mut out.serde, &meta.path, value, "codes");
    } else if meta.path.is_ident("from_str") {
        let value = lit_bool(meta, "FromStr")?;
        set(cx, &mut out.from_str, &meta.path, value, "codes");
    } else if meta.path.is_ident("http") {
        let value = crate::web::http_value(meta, "codes")?;
        set(cx, &mut out.http, &meta.path, value, "codes");
    } else if meta.path.is_ident("url") {
        let value = crate::web::url_value(meta, "codes")?;
        set(cx, &mut out.url, &meta.path, value, "codes");
    } else if meta.path.is_ident("explain_dir") {
        let value = lit_str(meta, "codes")?;
        set(cx, &mut out.explain_dir, &meta.path, value, "codes");
    } else if meta.path.is_ident("locales") {
        let value = lit_str(meta, "codes")?;
        set(cx, &mut out.locales, &meta.path, value, "codes");
    } else if meta.path.is_ident("path") {
        let value = path_value(meta)?;
        set(cx, &mut out.path, &meta.path, value, "codes");
    } else if meta.path.is_ident("grpc_domain") {
        let value = crate::grpc::domain_value(meta)?;
        set(cx, &mut out.grpc_domain, &meta.path, value, "codes");
    } else if meta.path.is_ident("grpc") {
        let value = crate::grpc::status_value(meta, "codes")?;
        set(cx, &mut out.grpc, &meta.path, value, "codes");
    } else if meta.path.is_ident("require_explain") {
        flag(meta, "codes")?;
        set(cx, &mut out.require_explain, &meta.path, (), "codes");
    } else if meta.path.is_ident("compat") {
        let value = lit_str(meta, "codes")?;
        if !matches!(value.value().as_str(), "additive" | "strict") {
            return Err(syn::Error::new_spanned(
                &value,
                format_args!(
                    "unknown compatibility level `{}` in `compat`; write `compat = \"strict\"` (a new code is breaking) or `compat = \"additive\"` (the default)",
                    value.value()
                ),
            ));
        }
        set(cx, &mut out.compat, &meta.path, value, "codes");
    } else if let Some(kind) = crate::sets::SetKind::from_key(&meta.path) {
        crate::sets::parse(cx, meta, kind, out)?;
    } else {
        return Err(unknown_key(meta, "codes", ENUM_KEYS));
    }
    Ok(())
}

fn unknown_rule(name: &str) -> String {
    let names: Vec<&str> = RULE_NAMES.iter().map(|(name, _)| *name).collect();
    match closest(name, &names) {
        Some(suggestion) => format!("unknown rename_all `{name}`; did you mean `{suggestion}`?"),
        None => format!(
            "unknown rename_all `{name}`; expected one of {}",
            list(&names)
        ),
    }
}

/// `crate = path`, or `crate = "path"` as serde spells it.
fn crate_path(meta: &ParseNestedMeta) -> syn::Result<syn::Path> {
    let shape =
        "`crate` is the path the runtime crate is reachable under, as in `crate = my_crate::codes`";
    let value = parse_value(meta, "codes", "my_crate::codes").and_then(|value| match value {
        Expr::Lit(ExprLit {
            lit: Lit::Str(lit), ..
        }) => lit
            .parse()
            .map_err(|_| syn::Error::new_spanned(&lit, shape)),
        Expr::Path(path)
            if path.qself.is_none()
                && path
                    .path
                    .segments
                    .iter()
                    .all(|segment| segment.arguments.is_none()) =>
        {
            Ok(path.path)
        }
        other => Err(syn::Error::new_spanned(other, shape)),
    })?;
    Ok(value)
}

/// `path = "my_crate::Code"`: a string, unlike `crate = path`, because it
/// names the enum for readers and is never resolved. An unquoted path gets
/// its own message, since `crate` accepts one.
fn path_value(meta: &ParseNestedMeta) -> syn::Result<LitStr> {
    match parse_value(meta, "codes", "\"my_crate::Code\"")? {
        Expr::Lit(ExprLit {
            lit: Lit::Str(lit), ..
        }) => Ok(lit),
        Expr::Path(path) => {
            let text = path.to_token_stream().to_string().replace(' ', "");
            Err(syn::Error::new_spanned(
                path,
                format_args!("`path` takes a string literal; write `path = \"{text}\"`"),
            ))
        }
        other => Err(syn::Error::new_spanned(
            other,
            "`path` must be a string literal holding the path users import the enum by, as in `path = \"my_crate::Code\"`",
        )),
    }
}

/// `exits(1 = "failure", 2 = "...")`.
fn exits(cx: &Ctxt, meta: &ParseNestedMeta, incomplete: &mut bool) -> syn::Result<Vec<ExitDecl>> {
    if !meta.input.peek(syn::token::Paren) {
        return Err(meta.error(
            "`exits` lists the exit codes and their meanings, as in exits(1 = \"failure\", 2 = \"refused before running\")",
        ));
    }
    let content;
    syn::parenthesized!(content in meta.input);
    let mut decls: Vec<ExitDecl> = Vec::new();
    while !content.is_empty() {
        match exit_decl(&content) {
            Ok((lit, meaning)) => exit_entry(cx, &mut decls, lit, &meaning),
            Err(error) => {
                // Skip to the next entry, so that every bad entry is reported.
                cx.syn_error(error);
                *incomplete = true;
                while !content.is_empty() && !content.peek(Token![,]) {
                    content.parse::<proc_macro2::TokenTree>()?;
                }
            }
        }
        if content.is_empty() {
            break;
        }
        content.parse::<Token![,]>()?;
    }
    Ok(decls)
}

fn exit_entry(cx: &Ctxt, decls: &mut Vec<ExitDecl>, lit: LitInt, meaning: &LitStr) {
    let exit = match exit_number(&lit) {
        Ok(exit) => exit,
        Err(error) => return cx.syn_error(error),
    };
    if meaning.value().trim().is_empty() {
        cx.error_spanned_by(
            meaning,
            "the meaning of an exit code is empty; say what its codes have in common",
        );
    }
    if let Some(first) = decls.iter().find(|d| d.exit == exit) {
        cx.duplicate(
            &lit,
            &first.lit,
            format_args!("exit {exit} is declared twice in exits(...); declare it once"),
        );
    } else {
        decls.push(ExitDecl {
            exit,
            lit,
            meaning: meaning.value(),
        });
    }
}

fn exit_decl(input: ParseStream) -> syn::Result<(LitInt, LitStr)> {
    let shape = "each entry of exits(...) is `N = \"meaning\"`, as in exits(1 = \"failure\", 2 = \"usage\")";
    let lit: LitInt = input
        .parse()
        .map_err(|e| syn::Error::new(e.span(), shape))?;
    input
        .parse::<Token![=]>()
        .map_err(|e| syn::Error::new(e.span(), shape))?;
    let meaning: LitStr = input
        .parse()
        .map_err(|e| syn::Error::new(e.span(), shape))?;
    Ok((lit, meaning))
}

pub fn variant_attrs(cx: &Ctxt, attrs: &[Attribute]) -> VariantAttrs {
    let mut out = VariantAttrs::default();
    let has_code = attrs.iter().any(|attr| attr.path().is_ident("code"));
    for attr in attrs {
        if attr.path().is_ident("codes") {
            cx.error_spanned_by(
                attr,
                "#[codes(...)] goes on the enum; write #[code(...)] on variants",
            );
            if has_code {
                continue;
            }
            // The variant's only attribute: read it as the #[code(...)] it
            // was meant to be, so that the variant is not also reported as
            // having none.
        } else if !attr.path().is_ident("code") {
            continue;
        }
        // Each attribute is read on its own, so that a key repeated inside
        // one is reported there, and a later one only fills what the first
        // lacks (its keys are read so that none is reported missing).
        let mut this = VariantAttrs::default();
        match &out.attr {
            Some(first) => cx.error_spanned_by(attr, repeated_code_attr(first, attr)),
            None => out.attr = Some(attr.to_token_stream()),
        }
        if !matches!(attr.meta, syn::Meta::List(_)) {
            cx.error_spanned_by(
                attr,
                "write the code's keys in parentheses, as in #[code(exit = 1, doc = \"...\")]",
            );
            this.rejected.extend(["exit", "doc"]);
        } else {
            let result = attr.parse_nested_meta(|meta| {
                if !recover(cx, &meta, || variant_key(cx, &meta, &mut this))? {
                    if let Some(key) = intended(&meta.path, VARIANT_KEYS) {
                        this.rejected.push(key);
                    }
                }
                Ok(())
            });
            if let Err(error) = result {
                cx.syn_error(error);
            }
        }
        out.absorb(this);
    }
    out.deprecated = deprecated(attrs);
    // A deprecated variant is a retired code; its note is the retirement
    // note unless `retired` gives one of its own.
    if out.retired.is_none() {
        if let Some(Deprecated {
            path,
            note: Some(note),
        }) = &out.deprecated
        {
            out.retired = Some(Keyed {
                key: path.clone(),
                value: note.clone(),
            });
        }
    }
    out
}

/// The one error for a second `#[code(...)]` on a variant, at it, naming the
/// line of the first. rustc reports a duplicate with a note at the first
/// definition, but a proc macro on stable Rust cannot attach notes
/// (`proc_macro::Diagnostic` is unstable), and a second spanned error would
/// read as a second mistake; the keys both attributes give are not reported
/// either. The line is `proc_macro2`'s `Span::start`, which reads the
/// compiler's `Span::line` from Rust 1.88 and is 0 before it; outside a proc
/// macro (the unit tests) it is the line in the parsed string. The line is
/// left out when it is unknown or in another file (a macro wrote one of the
/// two attributes), where it would point at the wrong place.
fn repeated_code_attr(first: &TokenStream, attr: &Attribute) -> String {
    let first = first
        .clone()
        .into_iter()
        .next()
        .map_or_else(proc_macro2::Span::call_site, |token| token.span());
    let here = attr.pound_token.span;
    let line = first.start().line;
    let place = if line > 0 && first.file() == here.file() {
        format!(", on line {line}")
    } else {
        ", above".to_owned()
    };
    format!(
        "a variant takes one #[code(...)] attribute; merge these keys into its first #[code(...)]{place}"
    )
}

/// The variant's `#[deprecated]`, with its note. Its syntax is rustc's to
/// check; a form that is not understood here reads as having no note.
fn deprecated(attrs: &[Attribute]) -> Option<Deprecated> {
    let attr = attrs
        .iter()
        .find(|attr| attr.path().is_ident("deprecated"))?;
    let note = match &attr.meta {
        syn::Meta::NameValue(nv) => match &nv.value {
            Expr::Lit(ExprLit {
                lit: Lit::Str(lit), ..
            }) => Some(lit.clone()),
            _ => None,
        },
        syn::Meta::List(_) => {
            let mut note = None;
            // Other keys (`since`) and their values are skipped.
            let _ = attr.parse_nested_meta(|meta| {
                if meta.path.is_ident("note") {
                    note = Some(meta.value()?.parse::<LitStr>()?);
                } else if meta.input.peek(Token![=]) {
                    meta.value()?.parse::<Expr>()?;
                }
                Ok(())
            });
            note
        }
        syn::Meta::Path(_) => None,
    };
    Some(Deprecated {
        path: attr.path().clone(),
        note,
    })
}

fn variant_key(cx: &Ctxt, meta: &ParseNestedMeta, out: &mut VariantAttrs) -> syn::Result<()> {
    let path = &meta.path;
    if path.is_ident("exit") {
        let value = exit_value(meta)?;
        set(cx, &mut out.exit, path, value, "code");
    } else if path.is_ident("doc") {
        let value = lit_str(meta, "code")?;
        set(cx, &mut out.doc, path, value, "code");
    } else if path.is_ident("hint") {
        let value = lit_str(meta, "code")?;
        set(cx, &mut out.hint, path, value, "code");
    } else if path.is_ident("name") {
        let value = lit_str(meta, "code")?;
        set(cx, &mut out.name, path, value, "code");
    } else if path.is_ident("retired") {
        let value = lit_str(meta, "code")?;
        set(cx, &mut out.retired, path, value, "code");
    } else if path.is_ident("explain") {
        let value = lit_str(meta, "code")?;
        set(cx, &mut out.explain, path, value, "code");
    } else if path.is_ident("fallback") {
        flag(meta, "code")?;
        set(cx, &mut out.fallback, path, (), "code");
    } else if path.is_ident("usage") {
        flag(meta, "code")?;
        set(cx, &mut out.usage, path, (), "code");
    } else if path.is_ident("http") {
        let value = crate::web::http_value(meta, "code")?;
        set(cx, &mut out.http, path, value, "code");
    } else if path.is_ident("url") {
        let value = crate::web::url_value(meta, "code")?;
        set(cx, &mut out.url, path, value, "code");
    } else if path.is_ident("retryable") {
        let value = retryable_value(meta)?;
        set(cx, &mut out.retryable, path, value, "code");
    } else if path.is_ident("grpc") {
        let value = crate::grpc::status_value(meta, "code")?;
        set(cx, &mut out.grpc, path, value, "code");
    } else if path.is_ident("alias") {
        // Repeatable: a code renamed twice keeps both old names.
        out.aliases.push(lit_str(meta, "code")?);
    } else if path.is_ident("split_from") {
        let value = lit_str(meta, "code")?;
        set(cx, &mut out.split_from, path, value, "code");
    } else if path.is_ident("number") {
        let value = crate::number::value(meta)?;
        set(cx, &mut out.number, path, value, "code");
    } else if path.is_ident("detail") {
        return Err(meta.error(
            "`detail` goes on a field of the variant, as in `#[code(detail)] path: String`",
        ));
    } else {
        return Err(unknown_key(meta, "code", VARIANT_KEYS));
    }
    Ok(())
}

pub fn field_attrs(cx: &Ctxt, attrs: &[Attribute]) -> FieldAttrs {
    let mut out = FieldAttrs::default();
    for attr in attrs {
        if !attr.path().is_ident("code") {
            continue;
        }
        let result = attr.parse_nested_meta(|meta| {
            recover(cx, &meta, || field_key(cx, &meta, &mut out))?;
            Ok(())
        });
        if let Err(error) = result {
            cx.syn_error(error);
        }
    }
    out
}

fn field_key(cx: &Ctxt, meta: &ParseNestedMeta, out: &mut FieldAttrs) -> syn::Result<()> {
    if meta.path.is_ident("detail") {
        let rename = if meta.input.peek(Token![=]) {
            Some(lit_str(meta, "code")?)
        } else if meta.input.is_empty() || meta.input.peek(Token![,]) {
            None
        } else {
            return Err(meta.error(
                "write `detail` to use the field's name, or `detail = \"name\"` to choose one",
            ));
        };
        set(cx, &mut out.detail, &meta.path, rename, "code");
        Ok(())
    } else if VARIANT_KEYS.iter().any(|key| meta.path.is_ident(key)) {
        Err(meta.error(format_args!(
            "`{}` goes in the variant's #[code(...)], not on a field; fields take only `detail`",
            key_name(&meta.path)
        )))
    } else {
        Err(unknown_field_key(meta))
    }
}

/// An unknown key on a field: a misspelled `detail`, or a misspelled
/// variant key written on the field, else what a field takes.
fn unknown_field_key(meta: &ParseNestedMeta) -> syn::Error {
    let key = key_name(&meta.path);
    const ONLY: &str =
        "fields take only `detail`, as in #[code(detail)] or #[code(detail = \"name\")]";
    let hint = match (suggest(&key, FIELD_KEYS), suggest(&key, VARIANT_KEYS)) {
        (Some(suggestion), _) => format!("did you mean `{suggestion}`?"),
        (None, Some(suggestion)) => format!(
            "did you mean `{suggestion}`? it goes in the variant's #[code(...)], not on a field; {ONLY}"
        ),
        (None, None) => ONLY.to_owned(),
    };
    meta.error(format_args!("unknown key `{key}` in #[code(...)]; {hint}"))
}

/// The text of `///` comments, with the one space after `///` removed and
/// surrounding blank lines trimmed.
pub fn doc_comment(attrs: &[Attribute]) -> String {
    let mut lines: Vec<String> = Vec::new();
    for attr in attrs {
        if !attr.path().is_ident("doc") {
            continue;
        }
        let syn::Meta::NameValue(nv) = &attr.meta else {
            continue;
        };
        let Expr::Lit(ExprLit {
            lit: Lit::Str(lit), ..
        }) = &nv.value
        else {
            continue;
        };
        for line in lit.value().split('\n') {
            lines.push(line.strip_prefix(' ').unwrap_or(line).trim_end().to_owned());
        }
    }
    let text = lines.join("\n");
    text.trim_matches('\n').to_owned()
}

/// One `#[doc = ...]` attribute: a literal (a `///` line) or a macro call
/// such as `include_str!("E0499.md")`, which only the compiler can expand.
pub enum DocPart {
    Text(String),
    Expr(Box<Expr>),
}

/// The doc attributes in order, or `None` when every one is a literal (then
/// [`doc_comment`] has the whole text).
pub fn doc_parts(attrs: &[Attribute]) -> Option<Vec<DocPart>> {
    let mut parts = Vec::new();
    let mut any_expr = false;
    for attr in attrs {
        if !attr.path().is_ident("doc") {
            continue;
        }
        let syn::Meta::NameValue(nv) = &attr.meta else {
            continue;
        };
        match &nv.value {
            Expr::Lit(ExprLit {
                lit: Lit::Str(lit), ..
            }) => {
                let value = lit.value();
                let lines: Vec<&str> = value
                    .split('\n')
                    .map(|line| line.strip_prefix(' ').unwrap_or(line).trim_end())
                    .collect();
                parts.push(DocPart::Text(lines.join("\n")));
            }
            // rustc itself rejects any other value, so it is left to it.
            other @ Expr::Macro(_) => {
                any_expr = true;
                parts.push(DocPart::Expr(Box::new(other.clone())));
            }
            _ => {}
        }
    }
    any_expr.then_some(parts)
}

#[cfg(test)]
mod tests {
    use super::{suggest, ENUM_KEYS, FIELD_KEYS, VARIANT_KEYS};

    #[test]
    fn keys_are_suggested_for_typos_and_for_whole_words_left_out_or_added() {
        for (key, known, expected) in [
            ("rename", ENUM_KEYS, Some("rename_all")),
            ("RENAME", ENUM_KEYS, Some("rename_all")),
            ("explain", ENUM_KEYS, Some("explain_dir")),
            ("rename_all_variants", ENUM_KEYS, Some("rename_all")),
            ("exit", ENUM_KEYS, Some("exits")),
            ("explain_file", VARIANT_KEYS, Some("explain")),
            ("detail_name", FIELD_KEYS, Some("detail")),
            ("details", FIELD_KEYS, Some("detail")),
            // Part of a word, or a word that is not the first, is no match.
            ("ren", ENUM_KEYS, None),
            ("all", ENUM_KEYS, None),
            ("dir", ENUM_KEYS, None),
            ("renamed", ENUM_KEYS, None),
            ("case", ENUM_KEYS, None),
            ("secret", FIELD_KEYS, None),
        ] {
            assert_eq!(suggest(key, known), expected, "{key}");
        }
    }
}
