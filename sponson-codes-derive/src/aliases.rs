//! `#[code(alias = "...")]` and `#[code(split_from = "...")]`: how a code
//! changes without breaking the programs that read it. An alias is an old
//! name still read as the code; `split_from` names the broader code this one
//! refines. Their rules live here; `check.rs` calls [`check`].

use crate::ast::{Input, Variant};
use crate::ctxt::Ctxt;
use std::collections::HashMap;
use syn::LitStr;

pub fn check(cx: &Ctxt, input: &Input) {
    aliases(cx, input);
    split_from(cx, input);
}

/// Every alias is a valid code string, and no string names two things: an
/// alias that is a code, or two aliases alike, would make `from_code` pick
/// one of them.
fn aliases(cx: &Ctxt, input: &Input) {
    let codes: HashMap<&str, &Variant> = input
        .variants
        .iter()
        .map(|variant| (variant.code.as_str(), variant))
        .collect();
    let mut seen: HashMap<String, (&LitStr, &Variant)> = HashMap::new();
    for variant in &input.variants {
        for alias in &variant.attrs.aliases {
            let name = alias.value();
            if let Some(problem) = crate::check::code_problem(&name) {
                cx.error_spanned_by(
                    alias,
                    format_args!(
                        "`alias` {problem}; an alias obeys the rules of codes: {}",
                        crate::check::CODE_SHAPE
                    ),
                );
                continue;
            }
            if let Some(owner) = codes.get(name.as_str()) {
                let message = if owner.ident == variant.ident {
                    format!(
                        "`alias = \"{name}\"` is the code of `{}` itself; an alias is an old name the code no longer has, so remove it",
                        variant.ident
                    )
                } else {
                    format!(
                        "`alias = \"{name}\"` of `{}` is the code of `{}`; a string names one code, so remove the alias or rename `{}`",
                        variant.ident, owner.ident, owner.ident
                    )
                };
                cx.error_spanned_by(alias, message);
                continue;
            }
            match seen.get(&name) {
                Some((first, owner)) if owner.ident == variant.ident => cx.duplicate(
                    alias,
                    first,
                    format_args!(
                        "`alias = \"{name}\"` is given twice to `{}`; give it once",
                        variant.ident
                    ),
                ),
                Some((first, owner)) => cx.duplicate(
                    alias,
                    first,
                    format_args!(
                        "`alias = \"{name}\"` is given to `{}` and to `{}`; a string names one code, so keep it on one of them",
                        owner.ident, variant.ident
                    ),
                ),
                None => {
                    seen.insert(name, (alias, variant));
                }
            }
        }
    }
}

/// `split_from` names another code of the enum (kept, or retired), so that
/// the docs can tell older programs which code to branch on.
fn split_from(cx: &Ctxt, input: &Input) {
    for variant in &input.variants {
        let Some(keyed) = &variant.attrs.split_from else {
            continue;
        };
        let name = keyed.value.value();
        if name == variant.code {
            cx.error_spanned_by(
                &keyed.value,
                format_args!(
                    "`split_from = \"{name}\"` names this code itself; name the broader code it refines"
                ),
            );
        } else if !input.variants.iter().any(|other| other.code == name) {
            let codes: Vec<&str> = input.variants.iter().map(|v| v.code.as_str()).collect();
            let hint = match variant_with_alias(input, &name) {
                Some(owner) => format!(
                    "`{name}` is an alias of `{}`; write `split_from = \"{}\"`",
                    owner.ident, owner.code
                ),
                None => match crate::similar::closest(&name, &codes) {
                    Some(code) => format!("did you mean `{code}`?"),
                    None => "keep the broader code in the enum (retire it with #[deprecated = \"...\"] if it is no longer raised) and name it".to_owned(),
                },
            };
            cx.error_spanned_by(
                &keyed.value,
                format_args!(
                    "`split_from = \"{name}\"` names no code of `{}`; {hint}",
                    input.ident
                ),
            );
        }
    }
}

fn variant_with_alias<'a>(input: &'a Input, name: &str) -> Option<&'a Variant<'a>> {
    input.variants.iter().find(|variant| {
        variant
            .attrs
            .aliases
            .iter()
            .any(|alias| alias.value() == name)
    })
}
