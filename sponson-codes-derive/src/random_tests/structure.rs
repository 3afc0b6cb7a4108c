//! Parsing the derive's output: the `compile_error!` invocations, the shape
//! of the generated items, and the literals inside them.

use super::generate::ExpectedEntry;
use proc_macro2::{Delimiter, Group, Span, TokenStream, TokenTree};
use syn::parse::ParseStream;
use syn::Token;

pub(super) struct Error {
    pub(super) message: String,
    pub(super) start: Span,
    pub(super) end: Span,
}

/// Splits the output into the `::core::compile_error!{..}` invocations at its
/// start and the items after them.
pub(super) fn split_errors(output: TokenStream) -> Result<(Vec<Error>, TokenStream), String> {
    let tokens: Vec<TokenTree> = output.into_iter().collect();
    let mut errors = Vec::new();
    let mut at = 0;
    loop {
        let rest = &tokens[at.min(tokens.len())..];
        let is_error = rest.len() >= 7
            && matches!(&rest[0], TokenTree::Punct(p) if p.as_char() == ':')
            && matches!(&rest[2], TokenTree::Ident(i) if i == "core")
            && matches!(&rest[5], TokenTree::Ident(i) if i == "compile_error");
        if !is_error {
            break;
        }
        let TokenTree::Group(group) = &rest[7] else {
            return Err("compile_error! without its group".into());
        };
        let message: syn::LitStr =
            syn::parse2(group.stream()).map_err(|e| format!("compile_error! message: {e}"))?;
        errors.push(Error {
            message: message.value(),
            start: rest[0].span(),
            end: group.span(),
        });
        at += 8;
    }
    let rest: TokenStream = tokens[at.min(tokens.len())..].iter().cloned().collect();
    if rest.to_string().contains("compile_error") {
        return Err("compile_error! after generated items".into());
    }
    Ok((errors, rest))
}

/// The shape of the generated code, read with syn's derive-level parsers.
#[derive(Debug, Default)]
pub(super) struct Items {
    pub(super) uses: Vec<String>,
    pub(super) consts: Vec<(String, TokenStream)>,
    pub(super) impls: Vec<Impl>,
    pub(super) macros: Vec<(String, TokenStream)>,
    /// `struct` items, by name.
    pub(super) structs: Vec<String>,
}

#[derive(Debug)]
pub(super) struct Impl {
    pub(super) trait_: Option<String>,
    pub(super) self_ty: String,
    pub(super) consts: Vec<(String, TokenStream)>,
    pub(super) fns: Vec<(String, TokenStream)>,
    pub(super) types: Vec<String>,
}

fn tokens_until_semi(input: ParseStream) -> syn::Result<TokenStream> {
    let mut out = TokenStream::new();
    while !input.peek(Token![;]) {
        if input.is_empty() {
            return Err(input.error("expected `;`"));
        }
        let token: TokenTree = input.parse()?;
        out.extend([token]);
    }
    input.parse::<Token![;]>()?;
    Ok(out)
}

fn type_string(ty: &syn::Type) -> String {
    quote::ToTokens::to_token_stream(ty).to_string()
}

/// `#[attrs] const _: () = { items };` and nothing else.
pub(super) fn parse_wrapper(input: ParseStream) -> syn::Result<Items> {
    input.call(syn::Attribute::parse_outer)?;
    input.parse::<Token![const]>()?;
    input.parse::<Token![_]>()?;
    input.parse::<Token![:]>()?;
    let unit: syn::Type = input.parse()?;
    if type_string(&unit) != "()" {
        return Err(input.error("expected `()`"));
    }
    input.parse::<Token![=]>()?;
    let content;
    syn::braced!(content in input);
    input.parse::<Token![;]>()?;
    if !input.is_empty() {
        return Err(input.error("tokens after the generated items"));
    }
    let mut items = Items::default();
    while !content.is_empty() {
        content.call(syn::Attribute::parse_outer)?;
        if content.peek(Token![pub]) || content.peek(Token![struct]) {
            let _: syn::Visibility = content.parse()?;
            content.parse::<Token![struct]>()?;
            let name: syn::Ident = content.parse()?;
            let _: syn::Generics = content.parse()?;
            content.parse::<Token![;]>()?;
            items.structs.push(name.to_string());
        } else if content.peek(Token![use]) {
            content.parse::<Token![use]>()?;
            items.uses.push(tokens_until_semi(&content)?.to_string());
        } else if content.peek(Token![const]) {
            content.parse::<Token![const]>()?;
            let name: syn::Ident = content.parse()?;
            content.parse::<Token![:]>()?;
            let _: syn::Type = content.parse()?;
            content.parse::<Token![=]>()?;
            items
                .consts
                .push((name.to_string(), tokens_until_semi(&content)?));
        } else if content.peek(Token![impl]) {
            items.impls.push(parse_impl(&content)?);
        } else {
            let path = content.call(syn::Path::parse_mod_style)?;
            content.parse::<Token![!]>()?;
            let group: Group = content.parse()?;
            items.macros.push((
                quote::ToTokens::to_token_stream(&path).to_string(),
                group.stream(),
            ));
        }
    }
    Ok(items)
}

fn parse_impl(input: ParseStream) -> syn::Result<Impl> {
    input.parse::<Token![impl]>()?;
    let _: syn::Generics = input.parse()?;
    let first: syn::Type = input.parse()?;
    let (trait_, self_ty) = if input.peek(Token![for]) {
        input.parse::<Token![for]>()?;
        let self_ty: syn::Type = input.parse()?;
        (Some(type_string(&first)), type_string(&self_ty))
    } else {
        (None, type_string(&first))
    };
    let body;
    syn::braced!(body in input);
    let mut out = Impl {
        trait_,
        self_ty,
        consts: Vec::new(),
        fns: Vec::new(),
        types: Vec::new(),
    };
    impl_items(&body, &mut out)?;
    Ok(out)
}

/// The items of an impl block, and of the runtime's item macros in it
/// (`__sp::with_details! { fn write_details ... }`), whose items are the
/// impl's own once expanded.
fn impl_items(body: ParseStream, out: &mut Impl) -> syn::Result<()> {
    while !body.is_empty() {
        let ahead = body.fork();
        if ahead.call(syn::Path::parse_mod_style).is_ok() && ahead.peek(Token![!]) {
            body.call(syn::Path::parse_mod_style)?;
            body.parse::<Token![!]>()?;
            let group: Group = body.parse()?;
            syn::parse::Parser::parse2(
                |inner: ParseStream| impl_items(inner, out),
                group.stream(),
            )?;
            continue;
        }
        body.call(syn::Attribute::parse_outer)?;
        let _: syn::Visibility = body.parse()?;
        if body.peek(Token![type]) {
            body.parse::<Token![type]>()?;
            let name: syn::Ident = body.parse()?;
            let _: syn::Generics = body.parse()?;
            body.parse::<Token![=]>()?;
            let _: syn::Type = body.parse()?;
            body.parse::<Token![;]>()?;
            out.types.push(name.to_string());
        } else if body.peek(Token![const]) && !body.peek2(Token![fn]) {
            body.parse::<Token![const]>()?;
            let name: syn::Ident = body.parse()?;
            body.parse::<Token![:]>()?;
            let _: syn::Type = body.parse()?;
            body.parse::<Token![=]>()?;
            out.consts
                .push((name.to_string(), tokens_until_semi(body)?));
        } else {
            let _: Option<Token![const]> = body.parse()?;
            body.parse::<Token![fn]>()?;
            let name: syn::Ident = body.parse()?;
            let _: syn::Generics = body.parse()?;
            let args;
            syn::parenthesized!(args in body);
            let _: TokenStream = args.parse()?;
            if body.peek(Token![->]) {
                body.parse::<Token![->]>()?;
                let _: syn::Type = body.parse()?;
            }
            let _: Option<syn::WhereClause> = body.parse()?;
            let block: Group = body.parse()?;
            if block.delimiter() != Delimiter::Brace {
                return Err(body.error("expected a function body"));
            }
            out.fns.push((name.to_string(), block.stream()));
        }
    }
    Ok(())
}

/// Splits a token stream at its top-level commas.
pub(super) fn split_commas(tokens: TokenStream) -> Vec<Vec<TokenTree>> {
    let mut parts = vec![Vec::new()];
    for token in tokens {
        match &token {
            TokenTree::Punct(p) if p.as_char() == ',' => parts.push(Vec::new()),
            _ => parts.last_mut().unwrap().push(token),
        }
    }
    if parts.last().is_some_and(Vec::is_empty) {
        parts.pop();
    }
    parts
}

/// The group of `&[ ... ]`.
pub(super) fn array_of(value: &TokenStream) -> Result<TokenStream, String> {
    let tokens: Vec<TokenTree> = value.clone().into_iter().collect();
    match tokens.as_slice() {
        [TokenTree::Punct(amp), TokenTree::Group(group)]
            if amp.as_char() == '&' && group.delimiter() == Delimiter::Bracket =>
        {
            Ok(group.stream())
        }
        _ => Err(format!("expected `&[...]`, got `{value}`")),
    }
}

/// The entries of a `TABLE` const: the group of
/// `{ static __SPONSON_TABLE: [__sp::CodeInfo; N] = [ ... ]; &__SPONSON_TABLE }`,
/// whose `N` must be the number of entries.
pub(super) fn table_of(value: &TokenStream) -> Result<TokenStream, String> {
    let tokens: Vec<TokenTree> = value.clone().into_iter().collect();
    let [TokenTree::Group(block)] = tokens.as_slice() else {
        return Err(format!("expected a block, got `{value}`"));
    };
    let parsed = syn::parse::Parser::parse2(
        |input: ParseStream| {
            input.parse::<Token![static]>()?;
            let name: syn::Ident = input.parse()?;
            input.parse::<Token![:]>()?;
            let ty: syn::TypeArray = input.parse()?;
            input.parse::<Token![=]>()?;
            let entries: Group = input.parse()?;
            input.parse::<Token![;]>()?;
            input.parse::<Token![&]>()?;
            let used: syn::Ident = input.parse()?;
            Ok((name, ty, entries, used))
        },
        block.stream(),
    );
    let (name, ty, entries, used) = parsed.map_err(|e| format!("TABLE `{value}`: {e}"))?;
    if name != "__SPONSON_TABLE" || used != name || entries.delimiter() != Delimiter::Bracket {
        return Err(format!("expected the table's static, got `{value}`"));
    }
    if type_string(&ty.elem) != "__sp :: CodeInfo" {
        return Err(format!("a static of `{}`", type_string(&ty.elem)));
    }
    let len: syn::LitInt = syn::parse2(quote::ToTokens::to_token_stream(&ty.len))
        .map_err(|e| format!("the static's length: {e}"))?;
    let count = split_commas(entries.stream()).len();
    if len.base10_parse::<usize>().ok() != Some(count) {
        return Err(format!("a static of {len} entries holding {count}"));
    }
    Ok(entries.stream())
}

/// The arguments of `path::to::f(args)`: the group of the last token.
pub(super) fn call_args(tokens: &[TokenTree]) -> Result<Vec<Vec<TokenTree>>, String> {
    match tokens.last() {
        Some(TokenTree::Group(group)) if group.delimiter() == Delimiter::Parenthesis => {
            Ok(split_commas(group.stream()))
        }
        _ => Err(format!("expected a call, got `{}`", stream(tokens))),
    }
}

pub(super) fn stream(tokens: &[TokenTree]) -> TokenStream {
    tokens.iter().cloned().collect()
}

pub(super) fn lit_string(tokens: &[TokenTree]) -> Result<String, String> {
    syn::parse2::<syn::LitStr>(stream(tokens))
        .map(|lit| lit.value())
        .map_err(|_| format!("expected a string literal, got `{}`", stream(tokens)))
}

pub(super) fn lit_int(tokens: &[TokenTree]) -> Result<u64, String> {
    syn::parse2::<syn::LitInt>(stream(tokens))
        .map_err(|e| e.to_string())
        .and_then(|lit| lit.base10_parse().map_err(|e| e.to_string()))
        .map_err(|e| format!("expected an integer, got `{}`: {e}", stream(tokens)))
}

pub(super) fn lit_bool(tokens: &[TokenTree]) -> Result<bool, String> {
    match stream(tokens).to_string().as_str() {
        "true" => Ok(true),
        "false" => Ok(false),
        other => Err(format!("expected a bool, got `{other}`")),
    }
}

/// `__sp::explain("text")`: the explanation, as the table holds it.
fn explain_string(tokens: &[TokenTree]) -> Result<String, String> {
    match tokens.split_last() {
        Some((TokenTree::Group(group), path)) if stream(path).to_string() == "__sp :: explain" => {
            let inner: Vec<TokenTree> = group.stream().into_iter().collect();
            lit_string(&inner)
        }
        _ => Err(format!(
            "expected `__sp::explain(\"...\")`, got `{}`",
            stream(tokens)
        )),
    }
}

/// `__Some("text")` or `__None`.
fn opt_string(tokens: &[TokenTree]) -> Result<Option<String>, String> {
    match tokens {
        [TokenTree::Ident(none)] if none == "__None" => Ok(None),
        [TokenTree::Ident(some), TokenTree::Group(group)] if some == "__Some" => {
            let inner: Vec<TokenTree> = group.stream().into_iter().collect();
            lit_string(&inner).map(Some)
        }
        _ => Err(format!(
            "expected an optional string, got `{}`",
            stream(tokens)
        )),
    }
}

/// The fields of `path { name: value, .. }.build()`, by name, in order.
pub(super) fn fields_of(
    tokens: &[TokenTree],
    path: &str,
) -> Result<Vec<(String, Vec<TokenTree>)>, String> {
    let (group, head) = match tokens {
        [head @ .., TokenTree::Group(group), TokenTree::Punct(dot), TokenTree::Ident(build), TokenTree::Group(args)]
            if group.delimiter() == Delimiter::Brace
                && dot.as_char() == '.'
                && build == "build"
                && args.delimiter() == Delimiter::Parenthesis
                && args.stream().is_empty() =>
        {
            (group, head)
        }
        _ => {
            return Err(format!(
                "expected `{path} {{ .. }}.build()`, got `{}`",
                stream(tokens)
            ))
        }
    };
    if stream(head).to_string() != path {
        return Err(format!("built by `{}`, not `{path}`", stream(head)));
    }
    split_commas(group.stream())
        .into_iter()
        .map(|field| match field.as_slice() {
            [TokenTree::Ident(name), TokenTree::Punct(colon), value @ ..]
                if colon.as_char() == ':' && !value.is_empty() =>
            {
                Ok((name.to_string(), value.to_vec()))
            }
            _ => Err(format!("field `{}` of `{path}`", stream(&field))),
        })
        .collect()
}

/// The value of field `name` in what [`fields_of`] read.
pub(super) fn field<'a>(
    fields: &'a [(String, Vec<TokenTree>)],
    name: &str,
) -> Result<&'a [TokenTree], String> {
    fields
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, value)| value.as_slice())
        .ok_or_else(|| format!("no field `{name}`"))
}

/// A table entry; `fallback` is not in the entry but in the enum's record,
/// and is set by the caller.
pub(super) fn entry(tokens: &[TokenTree]) -> Result<ExpectedEntry, String> {
    let fields = fields_of(tokens, "__sp :: CodeFields")?;
    let names: Vec<&str> = fields.iter().map(|(n, _)| n.as_str()).collect();
    let want = [
        "code",
        "exit",
        "doc",
        "hint",
        "explain",
        "variant",
        "usage",
        "retired",
        "retryable",
        "aliases",
        "split_from",
        "details",
        "number",
        "http",
        "url",
        "grpc",
    ];
    if names != want {
        return Err(format!("CodeFields with fields {names:?}"));
    }
    let exit = lit_int(field(&fields, "exit")?)?;
    Ok(ExpectedEntry {
        code: lit_string(field(&fields, "code")?)?,
        exit: u8::try_from(exit).map_err(|_| format!("exit {exit}"))?,
        doc: lit_string(field(&fields, "doc")?)?,
        hint: opt_string(field(&fields, "hint")?)?,
        explain: explain_string(field(&fields, "explain")?)?,
        variant: lit_string(field(&fields, "variant")?)?,
        fallback: false,
        usage: lit_bool(field(&fields, "usage")?)?,
        retired: opt_string(field(&fields, "retired")?)?,
    })
}
