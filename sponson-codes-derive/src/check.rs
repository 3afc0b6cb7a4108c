//! Rules across keys and variants, one function each, run after parsing.

use crate::ast::{Input, Variant};
use crate::attr::Keyed;
use crate::case::RenameRule;
use crate::ctxt::Ctxt;
use std::collections::HashMap;
use syn::ext::IdentExt;
use syn::Member;

pub fn check(cx: &Ctxt, input: &Input) {
    no_generics(cx, input);
    not_empty(cx, input);
    every_variant_has_code(cx, input);
    required_keys(cx, input);
    texts_not_empty(cx, input);
    texts_printable(cx, input);
    texts_not_too_long(cx, input);
    valid_names(cx, input);
    no_split_acronyms(cx, input);
    exits_declared(cx, input);
    no_shell_reserved_exits(cx, input);
    unique_codes(cx, input);
    one_fallback(cx, input);
    at_most_one_usage(cx, input);
    live_special_codes(cx, input);
    deprecated_has_note(cx, input);
    named_details(cx, input);
    import_path(cx, input);
    crate::explain::check(cx, input);
    crate::explain::require_explain(cx, input);
    crate::locales::check(cx, input);
    crate::grpc::check(cx, input);
    crate::sets::check(cx, input);
    crate::aliases::check(cx, input);
    crate::number::check(cx, input);
}

/// The code table is one static per enum; a generic enum would need one per
/// instantiation, and its codes could not be listed in the docs.
fn no_generics(cx: &Ctxt, input: &Input) {
    let generics = &input.original.generics;
    if let Some(param) = generics.type_params().next() {
        cx.error_spanned_by(
            &generics.params,
            format_args!(
                "ErrorCodes cannot be derived for a generic enum: its code table is one static shared by every instantiation; remove `{}` and give the variants' fields concrete types",
                param.ident
            ),
        );
    } else if let Some(param) = generics.const_params().next() {
        cx.error_spanned_by(
            &generics.params,
            format_args!(
                "ErrorCodes cannot be derived for a generic enum: its code table is one static shared by every instantiation; remove `{}`",
                param.ident
            ),
        );
    } else if let Some(param) = generics.lifetimes().next() {
        cx.error_spanned_by(
            &generics.params,
            format_args!(
                "ErrorCodes cannot be derived for an enum with a lifetime: a code enum is registered once as a static and is returned up to `main`, so it cannot borrow; remove `{}` and own the data in its fields (e.g. `String` instead of `&{} str`)",
                param.lifetime, param.lifetime
            ),
        );
    } else if let Some(where_clause) = &generics.where_clause {
        cx.error_spanned_by(
            where_clause,
            "ErrorCodes cannot be derived for an enum with a where clause; remove it",
        );
    }
}

/// An enum without variants has no fallback, so unknown codes would have
/// nowhere to go.
fn not_empty(cx: &Ctxt, input: &Input) {
    if input.variants.is_empty() {
        cx.error_spanned_by(
            input.ident,
            "ErrorCodes cannot be derived for an empty enum; add variants with #[code(exit = N, doc = \"...\")], one of them marked `fallback`",
        );
    }
}

/// A variant without metadata would be an unlisted code.
fn every_variant_has_code(cx: &Ctxt, input: &Input) {
    for variant in &input.variants {
        if variant.attrs.attr.is_none() {
            cx.error_spanned_by(
                variant.ident,
                format_args!(
                    "variant `{}` has no #[code(...)]; add #[code(exit = N, doc = \"...\")] above it",
                    variant.ident
                ),
            );
        }
    }
}

/// Every code needs an exit for the process and a line for the docs.
fn required_keys(cx: &Ctxt, input: &Input) {
    for variant in &input.variants {
        let Some(attr) = &variant.attrs.attr else {
            continue;
        };
        let exit = variant.attrs.exit.is_none() && !variant.attrs.attempted("exit");
        let doc = variant.attrs.doc.is_none() && !variant.attrs.attempted("doc");
        let message = match (exit, doc) {
            (true, true) => format!(
                "#[code(...)] on `{}` is missing `exit` and `doc`; write #[code(exit = N, doc = \"...\")] with N from 1 to 125 and one line saying what the code means",
                variant.ident
            ),
            (true, false) => format!(
                "#[code(...)] on `{}` is missing `exit`; add `exit = N` with N from 1 to 125",
                variant.ident
            ),
            (false, true) => format!(
                "#[code(...)] on `{}` is missing `doc`; add `doc = \"...\"`, one line saying what the code means",
                variant.ident
            ),
            (false, false) => continue,
        };
        cx.error_spanned_by(attr, message);
    }
}

/// An empty doc or hint renders as a blank cell that tells the reader nothing;
/// a multi-line doc breaks the one-line tables.
fn texts_not_empty(cx: &Ctxt, input: &Input) {
    for variant in &input.variants {
        let attrs = &variant.attrs;
        if let Some(doc) = &attrs.doc {
            let text = doc.value.value();
            if text.trim().is_empty() {
                cx.error_spanned_by(
                    &doc.value,
                    "`doc` is empty; say in one line what the code means",
                );
            } else if text.contains('\n') {
                cx.error_spanned_by(
                    &doc.value,
                    "`doc` must be one line; put the longer text in the variant's doc comment",
                );
            }
        }
        for (key, keyed) in [("hint", &attrs.hint), ("retired", &attrs.retired)] {
            if let Some(keyed) = keyed {
                if keyed.value.value().trim().is_empty() {
                    cx.error_spanned_by(
                        &keyed.value,
                        format_args!("`{key}` is empty; give the text or remove the key"),
                    );
                }
            }
        }
    }
}

/// The texts end up in table cells, terminals and JSON: a `\r` splits a
/// table row, a tab or NUL shows differently everywhere. A newline is left
/// to `texts_not_empty` for `doc`, and allowed in `hint` and `retired`,
/// which render it as a line break.
fn texts_printable(cx: &Ctxt, input: &Input) {
    for variant in &input.variants {
        let attrs = &variant.attrs;
        for (key, keyed) in [
            ("doc", &attrs.doc),
            ("hint", &attrs.hint),
            ("retired", &attrs.retired),
        ] {
            let Some(keyed) = keyed else { continue };
            let text = keyed.value.value();
            let found = text
                .chars()
                .enumerate()
                .find(|(_, c)| c.is_control() && *c != '\n');
            if let Some((at, c)) = found {
                cx.error_spanned_by(
                    &keyed.value,
                    format_args!(
                        "`{key}` contains {} at character {}; write it without control characters (they split table rows and show differently in terminals)",
                        control_name(c),
                        at + 1
                    ),
                );
            }
        }
    }
}

fn control_name(c: char) -> String {
    match c {
        '\t' => "a tab".to_owned(),
        '\r' => "a carriage return (`\\r`)".to_owned(),
        '\0' => "a NUL character".to_owned(),
        other => format!("the control character U+{:04X}", u32::from(other)),
    }
}

/// The longest `doc`, in characters: one line of a table.
const MAX_DOC_CHARS: usize = 200;
/// The longest `hint` or `retired` note, in characters.
const MAX_HINT_CHARS: usize = 500;

/// `doc` is one table line and `hint` a short remedy; the long text belongs
/// in the explanation.
fn texts_not_too_long(cx: &Ctxt, input: &Input) {
    for variant in &input.variants {
        let attrs = &variant.attrs;
        for (key, keyed, max) in [
            ("doc", &attrs.doc, MAX_DOC_CHARS),
            ("hint", &attrs.hint, MAX_HINT_CHARS),
            ("retired", &attrs.retired, MAX_HINT_CHARS),
        ] {
            let Some(keyed) = keyed else { continue };
            let len = keyed.value.value().chars().count();
            if len > max {
                cx.error_spanned_by(
                    &keyed.value,
                    format_args!(
                        "`{key}` is {len} characters long, over the limit of {max}; shorten it and put the longer text in the variant's doc comment"
                    ),
                );
            }
        }
    }
}

/// What a code may be, for the messages.
pub(crate) const CODE_SHAPE: &str = "a code is 1 to 64 characters from A-Z, a-z, 0-9, `_`, `.` and `-`, or words of them joined by `::` as miette writes codes (`my_app::config::missing`)";

/// Codes travel through shells, URLs, file names and JSON keys: keep them to
/// a safe alphabet and a bounded length. A code from `rename_all` is checked
/// too, since a variant name may hold any Unicode letter. `::` joins words,
/// as in miette's `my_app::config::missing`; a lone `:` or an empty word
/// would be a typo that the lock then keeps.
fn valid_names(cx: &Ctxt, input: &Input) {
    for variant in &input.variants {
        if variant.attrs.attempted("name") && variant.attrs.name.is_none() {
            continue;
        }
        let Some(problem) = code_problem(&variant.code) else {
            continue;
        };
        match &variant.attrs.name {
            Some(name) => match colon_fix(&variant.code) {
                Some(fix) => cx.error_spanned_by(
                    &name.value,
                    format_args!(
                        "`name` {problem}; write `name = \"{fix}\"`: `::` joins words, as miette writes codes"
                    ),
                ),
                None => cx.error_spanned_by(
                    &name.value,
                    format_args!("`name` {problem}; {CODE_SHAPE}"),
                ),
            },
            None => cx.error_spanned_by(
                variant.ident,
                format_args!(
                    "the code `{}` made from this variant's name {problem}; give it #[code(name = \"...\")]: {CODE_SHAPE}",
                    variant.code
                ),
            ),
        }
    }
}

/// What makes `code` unusable as a code string, if anything.
pub(crate) fn code_problem(code: &str) -> Option<String> {
    if code.is_empty() {
        return Some("is empty".to_owned());
    }
    if let Some(bad) = code
        .chars()
        .find(|c| !c.is_ascii_alphanumeric() && !matches!(c, '_' | '.' | '-' | ':'))
    {
        return Some(format!("contains {bad:?}, which a code cannot hold"));
    }
    if code.starts_with(':') {
        return Some("starts with `:`".to_owned());
    }
    if code.ends_with(':') {
        return Some("ends with `:`".to_owned());
    }
    let words: Vec<&str> = code.split("::").collect();
    if words.iter().any(|word| word.is_empty()) {
        return Some("has an empty word between two `::`".to_owned());
    }
    if words.iter().any(|word| word.contains(':')) {
        return Some("has a `:` that is not part of a `::`".to_owned());
    }
    if code.len() > 64 {
        return Some(format!("is {} characters long", code.len()));
    }
    None
}

/// The code a `name` whose only fault is its colons was meant to be: its
/// words joined by `::` (`my_app:config` is `my_app::config`).
fn colon_fix(code: &str) -> Option<String> {
    let fixed = code
        .split(':')
        .filter(|word| !word.is_empty())
        .collect::<Vec<_>>()
        .join("::");
    (code.contains(':') && fixed != code && code_problem(&fixed).is_none()).then_some(fixed)
}

/// `rename_all` puts a separator before every capital letter, as serde
/// does, so an acronym written in capitals comes apart: `InvalidUTF8` is
/// `INVALID_U_T_F8`. Nobody means that code, and once a lock records it,
/// fixing it is a breaking change; so it is refused before it ships. The
/// rule: a one-letter word followed by a one-letter word that may end in
/// digits (`U_T`, `M_P3`, `A_B`). One lone letter (`X_RAY`, `PLAN_A`) is how
/// PascalCase writes a one-letter word and stays allowed; a letter with
/// digits (`E0499`) is one word. An explicit `name` is never checked: it is
/// the user's choice, and the way to keep such a code a lock already has.
fn no_split_acronyms(cx: &Ctxt, input: &Input) {
    let rule = input
        .attrs
        .rename_all
        .as_ref()
        .map_or(RenameRule::ScreamingSnake, |keyed| keyed.value);
    let Some(separator) = rule.separator() else {
        return;
    };
    for variant in &input.variants {
        if variant.attrs.name.is_some()
            || variant.attrs.attempted("name")
            || code_problem(&variant.code).is_some()
        {
            continue;
        }
        let Some(split) = split_acronym(&variant.code, separator) else {
            continue;
        };
        let renamed = crate::case::acronyms_as_words(&variant.ident.unraw().to_string());
        cx.error_spanned_by(
            variant.ident,
            format_args!(
                "the code `{code}` made from this variant's name splits `{joined}` into single letters (a `{separator}` goes before every capital, as with serde's `rename_all`), and a lock would keep it that way; write the acronym as a word, `{renamed}`, or give the code with #[code(name = \"{name}\")]",
                code = variant.code,
                joined = split.replace(separator, "").to_uppercase(),
                name = rule.apply(&renamed),
            ),
        );
    }
}

/// The first run of words in `code` that an acronym came apart into, as
/// written (`U_T_F8` in `INVALID_U_T_F8`), if any.
fn split_acronym(code: &str, separator: char) -> Option<String> {
    let words: Vec<&str> = code.split(separator).collect();
    let letter = |word: &str| {
        let mut chars = word.chars();
        chars.next().is_some_and(char::is_alphabetic) && chars.next().is_none()
    };
    let letter_then_digits = |word: &str| {
        let mut chars = word.chars();
        chars.next().is_some_and(char::is_alphabetic) && chars.all(|c| c.is_ascii_digit())
    };
    let start = (0..words.len().saturating_sub(1))
        .find(|&i| letter(words[i]) && letter_then_digits(words[i + 1]))?;
    let mut end = start + 1;
    while letter(words[end]) && end + 1 < words.len() && letter_then_digits(words[end + 1]) {
        end += 1;
    }
    Some(words[start..=end].join(&separator.to_string()))
}

/// Exit codes stay coarse: once classes are declared, a new code must reuse one
/// instead of quietly inventing another exit status.
fn exits_declared(cx: &Ctxt, input: &Input) {
    let Some(exits) = &input.attrs.exits else {
        return;
    };
    if input.attrs.exits_incomplete {
        return;
    }
    let declared: Vec<String> = exits.value.iter().map(|d| d.exit.to_string()).collect();
    let choice = if declared.is_empty() {
        ", which is empty; add".to_owned()
    } else {
        format!("; use one of {}, or add", declared.join(", "))
    };
    for variant in &input.variants {
        if let Some(exit) = &variant.attrs.exit {
            if !exits.value.iter().any(|d| d.exit == exit.value.0) {
                cx.error_spanned_by(
                    &exit.value.1,
                    format_args!(
                        "exit {exit} is not declared in #[codes(exits(...))]{choice} `{exit} = \"meaning\"` to exits(...)",
                        exit = exit.value.0,
                    ),
                );
            }
        }
    }
}

/// Shells give the exits from 126 up meanings of their own: 126 is a
/// command that cannot be executed, 127 one that was not found, and 128+N a
/// process killed by signal N (`sh`, bash, `timeout`, CI runners and
/// `subprocess` callers all read them so). A program exiting with one is
/// taken for a crash, a kill or a missing binary by every script that tells
/// those from a failure; so they need the enum's word (`reserved_exits`) that
/// the program means them, as git means its 128. A reserved exit declared
/// in `exits(...)` is reported there, once, and not at the variants using it.
fn no_shell_reserved_exits(cx: &Ctxt, input: &Input) {
    if input.attrs.reserved_exits.is_some() || input.attrs.attempted("reserved_exits") {
        return;
    }
    let declared = input.attrs.exits.as_ref().map_or(&[][..], |e| &e.value[..]);
    for decl in declared {
        if let Some(meaning) = shell_meaning(decl.exit) {
            cx.error_spanned_by(&decl.lit, reserved_exit_message(&meaning));
        }
    }
    for variant in &input.variants {
        let Some(exit) = &variant.attrs.exit else {
            continue;
        };
        let (number, lit) = &exit.value;
        if declared.iter().any(|d| d.exit == *number) {
            continue;
        }
        if let Some(meaning) = shell_meaning(*number) {
            let key = &exit.key;
            cx.error_spanned_by(quote::quote!(#key = #lit), reserved_exit_message(&meaning));
        }
    }
}

/// What a shell means by `exit`, for the exits it reserves.
fn shell_meaning(exit: u8) -> Option<String> {
    Some(match exit {
        0..=125 => return None,
        126 => "exit 126 is what a shell reports for a command that was found but cannot be executed".to_owned(),
        127 => "exit 127 is what a shell reports for a command that was not found".to_owned(),
        128 => "exit 128 starts the range in which a shell reports signals (128+N: killed by signal N)".to_owned(),
        255 => "exit 255 is what a shell reports for an exit status out of range (`exit -1`), and ssh for its own failures".to_owned(),
        _ => {
            let signal = exit - 128;
            // The numbers POSIX fixes, and SIGPIPE's, the same everywhere.
            let name = match signal {
                1 => " (SIGHUP)",
                2 => " (SIGINT)",
                3 => " (SIGQUIT)",
                6 => " (SIGABRT)",
                9 => " (SIGKILL)",
                13 => " (SIGPIPE)",
                14 => " (SIGALRM)",
                15 => " (SIGTERM)",
                _ => "",
            };
            format!("exit {exit} is what a shell reports for a process killed by signal {signal}{name}")
        }
    })
}

fn reserved_exit_message(meaning: &str) -> String {
    format!(
        "{meaning}, so scripts would take this code for that; use an exit from 1 to 125, or add `reserved_exits` to #[codes(...)] if the program means it"
    )
}

/// A code string must name one failure, or `from_code` could not tell them apart.
fn unique_codes(cx: &Ctxt, input: &Input) {
    let mut seen: HashMap<&str, &Variant> = HashMap::new();
    for variant in &input.variants {
        match seen.get(variant.code.as_str()) {
            Some(first) => cx.duplicate(
                code_span(variant),
                code_span(first),
                format_args!(
                    "code `{}` is used by `{}` and `{}`; give one of them another `name`",
                    variant.code, first.ident, variant.ident
                ),
            ),
            None => {
                seen.insert(&variant.code, variant);
            }
        }
    }
}

fn code_span(variant: &Variant) -> proc_macro2::TokenStream {
    match &variant.attrs.name {
        Some(name) => quote::ToTokens::to_token_stream(&name.value),
        None => quote::ToTokens::to_token_stream(variant.ident),
    }
}

/// Unknown codes and unexpected failures need exactly one place to go.
fn one_fallback(cx: &Ctxt, input: &Input) {
    let fallbacks = input.variants.iter().map(|v| v.attrs.fallback.as_ref());
    let attempted = input.variants.iter().any(|v| v.attrs.attempted("fallback"));
    if at_most_one(cx, fallbacks, "fallback").is_none() && !input.variants.is_empty() && !attempted
    {
        cx.error_spanned_by(
            input.ident,
            "no fallback code; add `fallback` to the #[code(...)] of the variant for unknown codes and unexpected failures, as in #[code(exit = 1, doc = \"An unexpected error.\", fallback)]",
        );
    }
}

/// A usage error must map to a single code so that every parser error agrees.
fn at_most_one_usage(cx: &Ctxt, input: &Input) {
    let usages = input.variants.iter().map(|v| v.attrs.usage.as_ref());
    at_most_one(cx, usages, "usage");
}

/// Reports every mark of `key` after the first, pointing back at it; returns
/// the first, if any.
fn at_most_one<'a>(
    cx: &Ctxt,
    marks: impl Iterator<Item = Option<&'a Keyed<()>>>,
    key: &str,
) -> Option<&'a Keyed<()>> {
    let mut marks = marks.flatten();
    let first = marks.next()?;
    for other in marks {
        cx.duplicate(
            &other.key,
            &first.key,
            format_args!("two {key} codes; keep `{key}` on one variant only"),
        );
    }
    Some(first)
}

/// The fallback and usage codes are raised by the runtime itself, so they
/// cannot be retired.
fn live_special_codes(cx: &Ctxt, input: &Input) {
    for variant in &input.variants {
        let Some(retired) = &variant.attrs.retired else {
            continue;
        };
        if variant.attrs.fallback.is_some() || variant.attrs.usage.is_some() {
            cx.error_spanned_by(
                &retired.key,
                "the fallback and usage codes are raised by the runtime and cannot be retired; move `fallback` or `usage` to a live code first",
            );
        }
    }
}

/// A deprecated variant is a retired code, and a retired code's docs say
/// what to use instead: that text has to come from somewhere.
fn deprecated_has_note(cx: &Ctxt, input: &Input) {
    for variant in &input.variants {
        let attrs = &variant.attrs;
        let Some(deprecated) = &attrs.deprecated else {
            continue;
        };
        if attrs.retired.is_none() && !attrs.attempted("retired") {
            cx.error_spanned_by(
                &deprecated.path,
                "a deprecated variant retires its code, and the docs need to say what to use instead; write #[deprecated = \"use LOCK_TIMEOUT\"] or add `retired = \"...\"` to the #[code(...)]",
            );
        }
    }
}

/// The envelope's own keys: a detail under one of them would be dropped.
const RESERVED_DETAILS: &[&str] = &["code", "message", "hint", "retryable", "localized_message"];

/// Details are JSON object keys; a tuple field has no name to write, and the
/// envelope's own keys are taken.
fn named_details(cx: &Ctxt, input: &Input) {
    for variant in &input.variants {
        for field in &variant.fields {
            let Some(detail) = &field.attrs.detail else {
                continue;
            };
            if let (None, Member::Unnamed(_)) = (&detail.value, &field.member) {
                cx.error_spanned_by(
                    &detail.key,
                    "a tuple field needs a name in the details; write #[code(detail = \"name\")]",
                );
            }
            if let Some(rename) = &detail.value {
                if rename.value().is_empty() {
                    cx.error_spanned_by(rename, "the detail's name is empty; give it a name");
                }
            }
            if let Some(name) = field.detail_name() {
                if RESERVED_DETAILS.contains(&name.as_str()) {
                    cx.error_spanned_by(
                        &detail.key,
                        format_args!(
                            "`{name}` is reserved in the error envelope; write #[code(detail = \"...\")] with another name"
                        ),
                    );
                }
            }
        }
    }
}

/// The rules warning codes share with error codes; the rules of their own
/// (no `exit`, `fallback` or `usage`) are in `warnings.rs`.
pub fn check_shared_with_warnings(cx: &Ctxt, input: &Input) {
    no_generics(cx, input);
    texts_not_empty(cx, input);
    texts_printable(cx, input);
    texts_not_too_long(cx, input);
    valid_names(cx, input);
    no_split_acronyms(cx, input);
    unique_codes(cx, input);
    deprecated_has_note(cx, input);
    named_details(cx, input);
    import_path(cx, input);
    crate::explain::check(cx, input);
    crate::aliases::check(cx, input);
}

/// `path` is printed, never resolved: the docs, `list`, `explain` and the
/// catalog show it as the enum's name, and a reader copies it into a `use`.
/// So it must be a path as written in code, from the crate's name: the
/// compiler cannot check it, and a mistake would only show in the docs.
fn import_path(cx: &Ctxt, input: &Input) {
    let Some(path) = &input.attrs.path else {
        return;
    };
    if let Some(problem) = path_problem(&path.value.value()) {
        cx.error_spanned_by(&path.value, problem);
    }
}

/// What keeps `path` from being a path users import an enum by, if anything.
fn path_problem(path: &str) -> Option<String> {
    const SHAPE: &str = "identifiers separated by `::`, from the crate's name";
    if path.trim().is_empty() {
        return Some(
            "`path` is empty; write the path users import the enum by, as in `path = \"my_crate::Code\"`".to_owned(),
        );
    }
    if path.chars().any(char::is_whitespace) {
        let joined: String = path.chars().filter(|c| !c.is_whitespace()).collect();
        return Some(format!(
            "`path` contains whitespace; write it without: `path = \"{joined}\"`"
        ));
    }
    if path.contains(['<', '>']) {
        return Some(format!(
            "`path` has generic arguments, which a `use` does not take; write {SHAPE}, as in `path = \"my_crate::Code\"`"
        ));
    }
    if let Some(rest) = path.strip_prefix("::") {
        return Some(format!(
            "`path` starts with `::`; write the path from the crate's name without it: `path = \"{rest}\"`"
        ));
    }
    let segments: Vec<&str> = path.split("::").collect();
    if segments.iter().any(|segment| segment.is_empty()) {
        return Some(format!(
            "`path` has an empty segment (`::` at the end or twice in a row); write {SHAPE}, as in `path = \"my_crate::Code\"`"
        ));
    }
    let name = segments[segments.len() - 1];
    match segments[0] {
        "crate" => {
            let rest = segments[1..].join("::");
            return Some(format!(
                "`path` starts with `crate`, which means nothing to a reader of the docs; write the crate's name instead, as in `path = \"my_crate::{rest}\"`"
            ));
        }
        relative @ ("self" | "super") => {
            return Some(format!(
                "`path` starts with `{relative}`, which is relative to the module; write the whole path from the crate's name, as in `path = \"my_crate::{name}\"`"
            ));
        }
        _ => {}
    }
    if let Some(bad) = segments.iter().find(|segment| !is_identifier(segment)) {
        return Some(format!(
            "`path` has `{bad}`, which is not an identifier; write {SHAPE}, as in `path = \"my_crate::Code\"`"
        ));
    }
    if segments.len() == 1 {
        return Some(format!(
            "`path` is `{name}` without the crate's name; write the path users import the enum by, as in `path = \"my_crate::{name}\"`"
        ));
    }
    None
}

/// Whether `segment` is one identifier (a raw one such as `r#type` too; not
/// a keyword, not `_`).
fn is_identifier(segment: &str) -> bool {
    // Only identifier characters reach the lexer.
    segment
        .strip_prefix("r#")
        .unwrap_or(segment)
        .chars()
        .all(|c| c.is_alphanumeric() || c == '_')
        && syn::parse_str::<syn::Ident>(segment).is_ok()
}

#[cfg(test)]
mod tests {
    use super::{code_problem, colon_fix, path_problem, split_acronym};

    #[test]
    fn codes_may_join_words_with_double_colons() {
        for code in [
            "LOCK_HELD",
            "net.Timeout",
            "E0499",
            "my_app::config::missing",
            "a::b",
            "my-app::v1.2::x_y",
        ] {
            assert_eq!(code_problem(code), None, "{code}");
        }
        for (code, says) in [
            ("", "is empty"),
            ("a:b", "a `:` that is not part of a `::`"),
            ("a:::b", "a `:` that is not part of a `::`"),
            ("a::::b", "an empty word between two `::`"),
            ("::a", "starts with `:`"),
            (":a", "starts with `:`"),
            ("a::", "ends with `:`"),
            ("a:", "ends with `:`"),
            ("::", "starts with `:`"),
            ("a b", "contains ' '"),
            ("a/b", "contains '/'"),
        ] {
            let problem = code_problem(code).unwrap_or_else(|| panic!("{code:?} accepted"));
            assert!(problem.contains(says), "{code:?}: {problem}");
        }
        for (code, fix) in [
            ("my_app:config", Some("my_app::config")),
            ("a:::b", Some("a::b")),
            ("::a::b::", Some("a::b")),
            ("a::b", None),
            ("a: b", None),
            (":", None),
        ] {
            assert_eq!(colon_fix(code).as_deref(), fix, "{code:?}");
        }
        let long = format!("{}::{}", "a".repeat(31), "b".repeat(32));
        assert_eq!(long.len(), 65);
        assert!(code_problem(&long).unwrap().contains("65 characters"));
    }

    #[test]
    fn acronyms_split_into_single_letters_are_found() {
        for (code, split) in [
            ("INVALID_U_T_F8", Some("U_T_F8")),
            ("I_O_ERROR", Some("I_O")),
            ("H_T_T_P_ERROR", Some("H_T_T_P")),
            ("M_P3_PLAYER", Some("M_P3")),
            ("A_B", Some("A_B")),
            ("X_RAY", None),
            ("PLAN_A", None),
            ("PLAN_A_OR_B", None),
            ("VERSION_V2", None),
            ("A1_B2", None),
            ("E0499", None),
            ("A", None),
            ("LOCK_HELD", None),
        ] {
            assert_eq!(split_acronym(code, '_').as_deref(), split, "{code}");
        }
        assert_eq!(
            split_acronym("invalid-u-t-f8", '-').as_deref(),
            Some("u-t-f8")
        );
    }

    #[test]
    fn paths_users_import_by_are_accepted() {
        for path in [
            "my_crate::Code",
            "a::b::c::Code",
            "my_crate::r#type::Code",
            "café::Code",
        ] {
            assert_eq!(path_problem(path), None, "{path}");
        }
    }

    #[test]
    fn every_other_path_is_refused_with_what_to_write() {
        for (path, says) in [
            ("", "`path` is empty"),
            ("  ", "`path` is empty"),
            ("my_crate :: Code", "`path = \"my_crate::Code\"`"),
            ("my_crate::Code<T>", "generic arguments"),
            ("my_crate::Code::<T>", "generic arguments"),
            (
                "::my_crate::Code",
                "without it: `path = \"my_crate::Code\"`",
            ),
            ("my_crate::::Code", "an empty segment"),
            ("my_crate::Code::", "an empty segment"),
            ("crate::codes::Code", "`path = \"my_crate::codes::Code\"`"),
            ("self::Code", "starts with `self`"),
            ("super::Code", "starts with `super`"),
            ("my_crate::fn::Code", "`fn`, which is not an identifier"),
            ("my_crate::_::Code", "`_`, which is not an identifier"),
            ("my_crate::1st::Code", "`1st`, which is not an identifier"),
            ("my_crate::Code.", "`Code.`, which is not an identifier"),
            (
                "my_crate:Code",
                "`my_crate:Code`, which is not an identifier",
            ),
            ("my_crate::Self", "`Self`, which is not an identifier"),
            ("Code", "`path = \"my_crate::Code\"`"),
        ] {
            let problem = path_problem(path).unwrap_or_else(|| panic!("{path:?} accepted"));
            assert!(problem.contains(says), "{path:?}: {problem}");
            assert!(problem.starts_with("`path`"), "{problem}");
        }
    }

    /// The runtime's `RESERVED_DETAIL_KEYS` (`sponson-codes/src/error/details.rs`)
    /// cannot be shared with a proc-macro crate: both test against this same list.
    #[test]
    fn reserved_details_match_the_runtime() {
        assert_eq!(
            super::RESERVED_DETAILS,
            ["code", "message", "hint", "retryable", "localized_message"]
        );
    }
}
