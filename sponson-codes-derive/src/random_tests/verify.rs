//! Checking the generated code, the stubs after errors, and the valid
//! enums' expectations.

use super::generate::{ExpectedEntry, ExpectedEnum};
use super::lookup::check_lookup;
use super::structure::{
    array_of, call_args, entry, field, fields_of, lit_bool, lit_int, lit_string, parse_wrapper,
    split_commas, table_of, Impl,
};
use proc_macro2::{TokenStream, TokenTree};
use std::collections::BTreeSet;
use syn::parse::Parser;

/// What the generated code says, read back.
pub(super) struct Generated {
    pub(super) krate: String,
    pub(super) entries: Vec<ExpectedEntry>,
    pub(super) exits: Vec<(u8, String)>,
    pub(super) enum_fields: Vec<(String, Vec<TokenTree>)>,
    pub(super) details: BTreeSet<String>,
}

/// Checks the shape of successful output for an enum named `ident` with
/// `variants` (raw names as written, all units or not), and reads it back.
pub(super) fn check_generated(
    output: TokenStream,
    ident: &str,
    variants: &[String],
    all_units: bool,
) -> Result<Generated, String> {
    let items = parse_wrapper
        .parse2(output)
        .map_err(|e| format!("generated code does not parse: {e}"))?;
    let krate = match items.uses.first() {
        Some(first) => first
            .strip_suffix(":: __private as __sp")
            .ok_or_else(|| format!("first use is `{first}`"))?
            .trim()
            .to_string(),
        None => return Err("no `use ... as __sp`".into()),
    };

    // Impls: every one is for the enum, each trait once; the retired codes'
    // deprecated constants are impls of one generated struct.
    let mut traits: Vec<String> = Vec::new();
    let mut deprecated_at: Vec<usize> = Vec::new();
    for imp in &items.impls {
        if let Some(index) = imp.self_ty.strip_prefix("__SponsonRetired < ") {
            match (&imp.trait_, index.strip_suffix(" >")) {
                (Some(t), Some("I")) if t == "__sp :: Raise" => {}
                (None, Some(index)) if imp.consts.iter().any(|(n, _)| n == "RAISE") => {
                    deprecated_at.push(
                        index
                            .trim_end_matches("usize")
                            .parse()
                            .map_err(|e| format!("retired index `{index}`: {e}"))?,
                    );
                }
                _ => return Err(format!("unexpected impl for `{}`", imp.self_ty)),
            }
            continue;
        }
        match &imp.trait_ {
            Some(t) if t.starts_with("__sp :: core :: convert :: From <") => {
                if t != &format!("__sp :: core :: convert :: From < {ident} >")
                    || imp.self_ty != "__sp :: std :: process :: ExitCode"
                {
                    return Err(format!("From impl `{t}` for `{}`", imp.self_ty));
                }
                traits.push("From".into());
            }
            Some(t) => {
                if imp.self_ty != ident {
                    return Err(format!("impl {t} for `{}`, not `{ident}`", imp.self_ty));
                }
                traits.push(t.clone());
            }
            None => {
                if imp.self_ty != ident {
                    return Err(format!("inherent impl for `{}`", imp.self_ty));
                }
                traits.push("inherent".into());
            }
        }
    }
    let mut want: Vec<&str> = vec![
        "__sp :: ErrorCodeSealed",
        "__sp :: ErrorCode",
        "From",
        "inherent",
    ];
    if all_units {
        want.extend([
            "__sp :: ErrorCodeSet",
            "__sp :: core :: str :: FromStr",
            "__sp :: serde :: Serialize",
            "__sp :: serde :: Deserialize < 'de >",
            "__sp :: RetiredCodes",
        ]);
    }
    let mut got: Vec<&str> = traits.iter().map(String::as_str).collect();
    got.sort_unstable();
    want.sort_unstable();
    if got != want {
        return Err(format!("impls {got:?}, expected {want:?}"));
    }
    if items.macros.len() != 1 || !items.macros[0].0.ends_with(":: __sponson_register") {
        return Err(format!("registration: {:?}", items.macros));
    }

    // The code table.
    let error_code = items
        .impls
        .iter()
        .find(|imp| imp.trait_.as_deref() == Some("__sp :: ErrorCode"))
        .unwrap();
    let konst = |imp: &Impl, name: &str| -> Result<TokenStream, String> {
        imp.consts
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
            .ok_or_else(|| format!("no const {name}"))
    };
    let table = table_of(&konst(error_code, "TABLE")?)?;
    let mut entries = split_commas(table)
        .iter()
        .map(|tokens| entry(tokens))
        .collect::<Result<Vec<_>, _>>()?;
    let names: Vec<String> = variants
        .iter()
        .map(|v| v.trim_start_matches("r#").to_string())
        .collect();
    let table_names: Vec<String> = entries.iter().map(|e| e.variant.clone()).collect();
    if table_names != names {
        return Err(format!(
            "table variants {table_names:?}, enum has {names:?}"
        ));
    }
    let mut codes = BTreeSet::new();
    for entry in &entries {
        if !(1..=255).contains(&entry.exit) {
            return Err(format!("exit {} in the table", entry.exit));
        }
        if !codes.insert(entry.code.clone()) {
            return Err(format!("code {} twice in the table", entry.code));
        }
        if entry.doc.trim().is_empty() {
            return Err(format!("empty doc for {}", entry.code));
        }
    }
    // `info` maps each variant to its own row.
    let info = error_code
        .fns
        .iter()
        .find(|(n, _)| n == "info")
        .ok_or("no fn info")?
        .1
        .to_string();
    let arms: Vec<String> = variants
        .iter()
        .enumerate()
        .map(|(i, variant)| format!("Self :: {variant} {{ .. }} => {i}usize ,"))
        .collect();
    if !info.contains(&format!("match self {{ {} }}", arms.join(" "))) {
        return Err(format!("info does not map each variant to its row: {info}"));
    }

    // The enum's record, the one place the fallback is recorded.
    let enum_value: Vec<TokenTree> = konst(error_code, "ENUM")?.into_iter().collect();
    let enum_fields = match enum_value.as_slice() {
        [TokenTree::Punct(amp), rest @ ..] if amp.as_char() == '&' => {
            fields_of(rest, "__sp :: EnumFields")?
        }
        _ => return Err("ENUM is not `&EnumFields { .. }.build()`".into()),
    };
    let names: Vec<&str> = enum_fields.iter().map(|(n, _)| n.as_str()).collect();
    let want = [
        "name",
        "path",
        "module_path",
        "crate_name",
        "bin",
        "explain",
        "exits",
        "table",
        "fallback",
        "public",
        "non_exhaustive",
        "deny_unknown",
        "require_explain",
        "grpc_domain",
        "sets",
        "compat",
        "kind",
    ];
    if names != want {
        return Err(format!("EnumFields with fields {names:?}"));
    }
    let name = ident.trim_start_matches("r#");
    if lit_string(field(&enum_fields, "name")?)? != name {
        return Err("ENUM names another enum".into());
    }
    // The declared path, else where the enum is declared.
    let path = field(&enum_fields, "path")?;
    let declared =
        format!("__sp :: core :: concat ! (__sp :: core :: module_path ! () , \"::{name}\")");
    if lit_string(path).is_err() && stream_text(path) != declared {
        return Err(format!("path `{}`", stream_text(path)));
    }
    let fallback =
        usize::try_from(lit_int(field(&enum_fields, "fallback")?)?).map_err(|e| e.to_string())?;
    entries
        .get_mut(fallback)
        .ok_or_else(|| format!("fallback index {fallback} outside the table"))?
        .fallback = true;
    if error_code.consts.iter().any(|(n, _)| n == "FALLBACK_INFO") {
        return Err("FALLBACK_INFO is generated, not derived from ENUM".into());
    }

    // Retired codes: `code!` finds a deprecated constant at exactly their
    // indices, however they were retired.
    let retired: Vec<usize> = (0..entries.len())
        .filter(|&i| entries[i].retired.is_some())
        .collect();
    let want_deprecated = if all_units {
        retired.clone()
    } else {
        Vec::new()
    };
    deprecated_at.sort_unstable();
    if deprecated_at != want_deprecated {
        return Err(format!(
            "deprecated RAISE at {deprecated_at:?}, retired codes at {want_deprecated:?}"
        ));
    }
    let want_structs = usize::from(!want_deprecated.is_empty());
    if items.structs.len() != want_structs {
        return Err(format!("structs {:?}", items.structs));
    }

    // Exit classes.
    let exits_value = items
        .consts
        .iter()
        .find(|(n, _)| n == "__SPONSON_EXITS")
        .ok_or("no __SPONSON_EXITS")?
        .1
        .clone();
    let exits = split_commas(array_of(&exits_value)?)
        .iter()
        .map(|tokens| {
            let args = call_args(tokens)?;
            let exit = lit_int(&args[0])?;
            Ok((
                u8::try_from(exit).map_err(|_| format!("exit {exit}"))?,
                lit_string(&args[1])?,
            ))
        })
        .collect::<Result<Vec<_>, String>>()?;

    // Details: the keys written by `write_details`.
    let mut details = BTreeSet::new();
    if let Some((_, body)) = error_code.fns.iter().find(|(n, _)| n == "write_details") {
        collect_inserts(body.clone(), &mut details)?;
    }

    if all_units {
        check_lookup(&items, ident, &entries, variants)?;
    }
    Ok(Generated {
        krate,
        entries,
        exits,
        enum_fields,
        details,
    })
}

/// Every `details.insert("key", ..)` in a function body.
fn collect_inserts(body: TokenStream, out: &mut BTreeSet<String>) -> Result<(), String> {
    let tokens: Vec<TokenTree> = body.into_iter().collect();
    for (i, token) in tokens.iter().enumerate() {
        match token {
            TokenTree::Ident(ident) if ident == "insert" => {
                if let Some(TokenTree::Group(args)) = tokens.get(i + 1) {
                    let args = split_commas(args.stream());
                    out.insert(lit_string(&args[0])?);
                }
            }
            TokenTree::Group(group) => collect_inserts(group.stream(), out)?,
            _ => {}
        }
    }
    Ok(())
}

/// The stub impls after errors: same wrapper, impls for the enum only.
pub(super) fn check_stub(output: TokenStream, ident: &str) -> Result<(), String> {
    let items = parse_wrapper
        .parse2(output)
        .map_err(|e| format!("stub code does not parse: {e}"))?;
    for imp in &items.impls {
        let target = if imp
            .trait_
            .as_deref()
            .is_some_and(|t| t.starts_with("__sp :: core :: convert :: From <"))
        {
            imp.trait_.clone().unwrap()
        } else {
            imp.self_ty.clone()
        };
        if !target.contains(ident) {
            return Err(format!("stub impl for `{target}`, not `{ident}`"));
        }
    }
    if !items
        .impls
        .iter()
        .any(|imp| imp.trait_.as_deref() == Some("__sp :: ErrorCode"))
    {
        return Err("stub without ErrorCode".into());
    }
    Ok(())
}

/// Compares what the generator expected of a valid enum with the output.
pub(super) fn check_expected(generated: &Generated, exp: &ExpectedEnum) -> Result<(), String> {
    if generated.krate != exp.krate {
        return Err(format!(
            "crate path `{}`, expected `{}`",
            generated.krate, exp.krate
        ));
    }
    for (got, want) in generated.entries.iter().zip(&exp.entries) {
        if got != want {
            return Err(format!("table entry\n  got  {got:?}\n  want {want:?}"));
        }
    }
    if generated.exits != exp.exits {
        return Err(format!(
            "exits {:?}, expected {:?}",
            generated.exits, exp.exits
        ));
    }
    let fields = &generated.enum_fields;
    let explain = lit_string(field(fields, "explain")?)?;
    if explain != exp.doc {
        return Err(format!("enum explain {explain:?}, expected {:?}", exp.doc));
    }
    let flags = (
        lit_bool(field(fields, "public")?)?,
        lit_bool(field(fields, "non_exhaustive")?)?,
        lit_bool(field(fields, "deny_unknown")?)?,
    );
    if flags != (exp.public, exp.non_exhaustive, exp.deny_unknown) {
        return Err(format!(
            "public/non_exhaustive/deny_unknown {flags:?}, expected {:?}",
            (exp.public, exp.non_exhaustive, exp.deny_unknown)
        ));
    }
    let path = field(fields, "path")?;
    let got = lit_string(path).ok();
    if got != exp.path {
        return Err(format!(
            "path `{}`, expected {:?}",
            stream_text(path),
            exp.path
        ));
    }
    if generated.details != exp.details {
        return Err(format!(
            "details {:?}, expected {:?}",
            generated.details, exp.details
        ));
    }
    Ok(())
}

fn stream_text(tokens: &[TokenTree]) -> String {
    tokens.iter().cloned().collect::<TokenStream>().to_string()
}
