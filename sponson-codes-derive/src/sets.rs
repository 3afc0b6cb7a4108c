//! Declared error sets: `commands(...)`, `routes(...)` and `tools(...)` say
//! which codes each command, route or MCP tool may return, and `groups(...)`
//! names codes several of them share, so that forty commands need not repeat
//! the same list.
//!
//! ```text
//! #[codes(
//!     groups(lock = [LockHeld, LockStale]),
//!     commands(plan = [PlanInvalid], apply = [lock, ApprovalRequired], "remote add" = [lock]),
//!     routes("POST /runs" = [lock]),
//!     tools(plan_run = [lock]),
//! )]
//! ```
//!
//! A member is a variant or a group; a group may use the groups written
//! before it, so a cycle cannot be written. Sets are resolved here into the
//! code strings, in the table's order, with the fallback and the usage code
//! added: every command can panic, and every command line can be wrong.

use crate::ast::Input;
use crate::attr::EnumAttrs;
use crate::ctxt::Ctxt;
use crate::similar::closest;
use proc_macro2::TokenStream;
use quote::{quote, ToTokens};
use std::collections::HashMap;
use syn::ext::IdentExt;
use syn::meta::ParseNestedMeta;
use syn::parse::ParseStream;
use syn::{Ident, LitStr, Token};

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum SetKind {
    Group,
    Command,
    Route,
    Tool,
}

impl SetKind {
    pub fn from_key(path: &syn::Path) -> Option<Self> {
        let ident = path.get_ident()?;
        Some(match ident.to_string().as_str() {
            "groups" => SetKind::Group,
            "commands" => SetKind::Command,
            "routes" => SetKind::Route,
            "tools" => SetKind::Tool,
            _ => return None,
        })
    }

    fn key(self) -> &'static str {
        match self {
            SetKind::Group => "groups",
            SetKind::Command => "commands",
            SetKind::Route => "routes",
            SetKind::Tool => "tools",
        }
    }

    fn noun(self) -> &'static str {
        match self {
            SetKind::Group => "group",
            SetKind::Command => "command",
            SetKind::Route => "route",
            SetKind::Tool => "tool",
        }
    }

    fn example(self) -> &'static str {
        match self {
            SetKind::Group => "groups(lock = [LockHeld, LockStale])",
            SetKind::Command => "commands(apply = [LockHeld, lock], \"remote add\" = [NotFound])",
            SetKind::Route => "routes(\"POST /runs\" = [LockHeld])",
            SetKind::Tool => "tools(plan_run = [LockHeld])",
        }
    }
}

/// One declared set, as written.
pub struct SetDecl {
    pub kind: SetKind,
    pub name: String,
    /// The name as written, where errors about it point.
    pub name_span: TokenStream,
    pub members: Vec<Ident>,
}

/// `commands(name = [Member, ...], "two words" = [...])`, and the same for
/// the other kinds; every bad entry is reported, and the others kept.
pub fn parse(
    cx: &Ctxt,
    meta: &ParseNestedMeta,
    kind: SetKind,
    out: &mut EnumAttrs,
) -> syn::Result<()> {
    if !meta.input.peek(syn::token::Paren) {
        return Err(meta.error(format_args!(
            "`{}` lists each {} with its codes, as in {}",
            kind.key(),
            kind.noun(),
            kind.example()
        )));
    }
    let content;
    syn::parenthesized!(content in meta.input);
    while !content.is_empty() {
        match entry(&content, kind) {
            Ok(decl) => out.sets.push(decl),
            Err(error) => {
                cx.syn_error(error);
                out.sets_incomplete = true;
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
    Ok(())
}

fn entry(input: ParseStream, kind: SetKind) -> syn::Result<SetDecl> {
    let shape = || {
        format!(
            "each entry of {}(...) is `name = [Variant, ...]`, as in {}",
            kind.key(),
            kind.example()
        )
    };
    let (name, name_span) = if input.peek(LitStr) {
        let lit: LitStr = input.parse()?;
        (lit.value(), lit.to_token_stream())
    } else if input.peek(Ident::peek_any) {
        let ident = input.call(Ident::parse_any)?;
        (ident.unraw().to_string(), ident.to_token_stream())
    } else {
        return Err(input.error(shape()));
    };
    input
        .parse::<Token![=]>()
        .map_err(|e| syn::Error::new(e.span(), shape()))?;
    if !input.peek(syn::token::Bracket) {
        return Err(input.error(format_args!(
            "the codes of {} `{name}` are a list in brackets, as in `{name} = [LockHeld, NotFound]`",
            kind.noun()
        )));
    }
    let list;
    syn::bracketed!(list in input);
    let members = list
        .parse_terminated(Ident::parse_any, Token![,])
        .map_err(|e| {
            syn::Error::new(
                e.span(),
                "a set lists variants and groups by name, separated by commas, as in `[LockHeld, lock]`",
            )
        })?;
    Ok(SetDecl {
        kind,
        name,
        name_span,
        members: members.into_iter().collect(),
    })
}

/// The sets' rules; run with the enum's other checks.
pub fn check(cx: &Ctxt, input: &Input) {
    names_are_valid(cx, input);
    names_are_unique(cx, input);
    groups_are_not_variants(cx, input);
    if !input.attrs.sets_incomplete {
        members_resolve(cx, input);
    }
}

/// A name is what a program is called with, so it is checked against what
/// a caller can send: a command is words separated by single spaces (a
/// subcommand path such as `remote add`), a route is `METHOD /path` as
/// axum matches it, a tool is MCP's `[A-Za-z0-9_.-]`, at most 128, and a
/// group, which only the enum uses, is an identifier.
fn names_are_valid(cx: &Ctxt, input: &Input) {
    for decl in &input.attrs.sets {
        if let Some(problem) = name_problem(decl.kind, &decl.name) {
            cx.error_spanned_by(&decl.name_span, problem);
        }
    }
}

fn name_problem(kind: SetKind, name: &str) -> Option<String> {
    match kind {
        SetKind::Group => {
            let ident = !name.is_empty()
                && name.starts_with(|c: char| c.is_alphabetic() || c == '_')
                && name.chars().all(|c| c.is_alphanumeric() || c == '_');
            (!ident).then(|| {
                format!(
                    "a group is named by an identifier, as in `lock = [...]`; `{name}` is not one"
                )
            })
        }
        SetKind::Command => {
            let words = name.split(' ');
            let ok = !name.is_empty()
                && words.clone().all(|word| {
                    !word.is_empty() && word.chars().all(|c| !c.is_whitespace() && !c.is_control())
                });
            (!ok).then(|| {
                format!("command `{}` must be its words separated by single spaces, as in `\"remote add\"`", name.escape_debug())
            })
        }
        SetKind::Route => {
            let ok = name.split_once(' ').is_some_and(|(method, path)| {
                !method.is_empty()
                    && method.chars().all(|c| c.is_ascii_uppercase())
                    && path.starts_with('/')
                    && path.chars().all(|c| !c.is_whitespace() && !c.is_control())
            });
            (!ok).then(|| {
                format!("route `{}` must be a method and a path, as in `\"POST /runs\"` or `\"GET /runs/{{id}}\"`", name.escape_debug())
            })
        }
        SetKind::Tool => {
            let ok = (1..=128).contains(&name.len())
                && name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'));
            (!ok).then(|| {
                format!(
                    "tool `{}` must be an MCP tool name: 1 to 128 of `A-Z a-z 0-9 _ - .`",
                    name.escape_debug()
                )
            })
        }
    }
}

/// A second set for the same command would leave one of the two unused.
fn names_are_unique(cx: &Ctxt, input: &Input) {
    let mut seen: HashMap<(SetKind, &str), &SetDecl> = HashMap::new();
    for decl in &input.attrs.sets {
        if let Some(first) = seen.get(&(decl.kind, decl.name.as_str())) {
            cx.duplicate(
                &decl.name_span,
                &first.name_span,
                format_args!(
                    "{} `{}` is declared twice; list all its codes in one entry",
                    decl.kind.noun(),
                    decl.name
                ),
            );
        } else {
            seen.insert((decl.kind, decl.name.as_str()), decl);
        }
    }
}

/// A member is looked up as a variant first: a group with a variant's name
/// could never be used.
fn groups_are_not_variants(cx: &Ctxt, input: &Input) {
    for decl in input.attrs.sets.iter().filter(|d| d.kind == SetKind::Group) {
        if input
            .variants
            .iter()
            .any(|v| v.ident.unraw() == decl.name.as_str())
        {
            cx.error_spanned_by(
                &decl.name_span,
                format_args!(
                    "group `{}` has the name of a variant, which a set would read as the variant; rename the group",
                    decl.name
                ),
            );
        }
    }
}

/// What one member names.
enum Member<'a> {
    Variant(usize),
    Group(&'a SetDecl),
}

/// Every member names a live variant or a group written before it, once.
fn members_resolve(cx: &Ctxt, input: &Input) {
    let sets = &input.attrs.sets;
    for (at, decl) in sets.iter().enumerate() {
        let mut listed: Vec<&Ident> = Vec::new();
        for member in &decl.members {
            if let Some(first) = listed.iter().find(|m| m.unraw() == member.unraw()) {
                cx.duplicate(
                    member,
                    first,
                    format_args!(
                        "`{member}` is listed twice in {} `{}`; list it once",
                        decl.kind.noun(),
                        decl.name
                    ),
                );
                continue;
            }
            listed.push(member);
            match lookup(input, &sets[..at], decl.kind, member) {
                Ok(Member::Variant(index)) => {
                    let variant = &input.variants[index];
                    if variant.attrs.retired.is_some() {
                        cx.error_spanned_by(
                            member,
                            format_args!(
                                "`{member}` is retired, and a retired code is never returned; remove it from {} `{}`",
                                decl.kind.noun(),
                                decl.name
                            ),
                        );
                    }
                }
                Ok(Member::Group(_)) => {}
                Err(message) => cx.error_spanned_by(member, message),
            }
        }
    }
}

/// The variant or group `member` names, or the message saying why none.
fn lookup<'a>(
    input: &Input,
    before: &'a [SetDecl],
    kind: SetKind,
    member: &Ident,
) -> Result<Member<'a>, String> {
    let name = member.unraw().to_string();
    if let Some(index) = input.variants.iter().position(|v| v.ident.unraw() == name) {
        return Ok(Member::Variant(index));
    }
    let groups = before.iter().filter(|d| d.kind == SetKind::Group);
    if let Some(group) = groups.clone().find(|g| g.name == name) {
        return Ok(Member::Group(group));
    }
    let later_group = input
        .attrs
        .sets
        .iter()
        .any(|d| d.kind == SetKind::Group && d.name == name);
    if later_group {
        return Err(if kind == SetKind::Group {
            format!("group `{name}` is declared after this one; a group may use only the groups written before it")
        } else {
            format!("group `{name}` is declared after this set; write groups(...) first")
        });
    }
    let variants: Vec<String> = input
        .variants
        .iter()
        .map(|v| v.ident.unraw().to_string())
        .collect();
    let mut candidates: Vec<&str> = variants.iter().map(String::as_str).collect();
    candidates.extend(groups.map(|g| g.name.as_str()));
    Err(match closest(&name, &candidates) {
        Some(near) => format!("no variant or group `{name}`; did you mean `{near}`?"),
        None => format!("no variant or group `{name}` in this enum; a set lists the enum's variants and the groups declared before it"),
    })
}

/// The indices of the variants `decl` allows, in table order, with the
/// fallback and the usage code.
fn resolve(input: &Input, decl: &SetDecl) -> Vec<usize> {
    let mut allowed = vec![false; input.variants.len()];
    add(input, &input.attrs.sets, decl, &mut allowed);
    for index in [input.fallback_index(), input.usage_index()]
        .into_iter()
        .flatten()
    {
        allowed[index] = true;
    }
    (0..allowed.len()).filter(|&i| allowed[i]).collect()
}

fn add(input: &Input, sets: &[SetDecl], decl: &SetDecl, allowed: &mut [bool]) {
    let at = sets
        .iter()
        .position(|d| std::ptr::eq(d, decl))
        .unwrap_or(sets.len());
    for member in &decl.members {
        match lookup(input, &sets[..at], decl.kind, member) {
            Ok(Member::Variant(index)) => allowed[index] = true,
            Ok(Member::Group(group)) => add(input, sets, group, allowed),
            Err(_) => {}
        }
    }
}

/// The `sets` field of the enum's record: every command, route and tool
/// set, resolved; groups are gone by now.
pub fn record_field(input: &Input) -> TokenStream {
    let sets = input
        .attrs
        .sets
        .iter()
        .filter(|decl| decl.kind != SetKind::Group)
        .map(|decl| {
            let kind = match decl.kind {
                SetKind::Command => quote!(Command),
                SetKind::Route => quote!(Route),
                SetKind::Tool | SetKind::Group => quote!(Tool),
            };
            let name = &decl.name;
            let codes = resolve(input, decl)
                .into_iter()
                .map(|index| input.variants[index].code.clone());
            quote!(__sp::ErrorSet::__new(__sp::SetKind::#kind, #name, &[#(#codes),*]))
        });
    // In a const of its own: a borrow of a `const fn`'s result is only
    // `'static` at the top of a const's initializer.
    quote!(sets: {
        const SETS: &[__sp::ErrorSet] = &[#(#sets),*];
        SETS
    },)
}

#[cfg(test)]
mod tests {
    use super::{name_problem, SetKind};

    #[test]
    fn names_are_checked_for_what_callers_send() {
        assert_eq!(name_problem(SetKind::Command, "apply"), None);
        assert_eq!(name_problem(SetKind::Command, "remote add"), None);
        assert!(name_problem(SetKind::Command, "remote  add").is_some());
        assert!(name_problem(SetKind::Command, " add").is_some());
        assert!(name_problem(SetKind::Command, "").is_some());
        assert_eq!(name_problem(SetKind::Route, "POST /runs"), None);
        assert_eq!(name_problem(SetKind::Route, "GET /runs/{id}"), None);
        assert!(name_problem(SetKind::Route, "/runs").is_some());
        assert!(name_problem(SetKind::Route, "post /runs").is_some());
        assert!(name_problem(SetKind::Route, "POST runs").is_some());
        assert_eq!(name_problem(SetKind::Tool, "plan.run-1_x"), None);
        assert!(name_problem(SetKind::Tool, "plan run").is_some());
        assert!(name_problem(SetKind::Tool, &"t".repeat(129)).is_some());
        assert_eq!(name_problem(SetKind::Group, "lock"), None);
        assert!(name_problem(SetKind::Group, "two words").is_some());
    }
}
