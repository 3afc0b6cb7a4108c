//! The companion's commands. Each returns its reply or a coded failure; the
//! caller prints it.

use std::path::{Path, PathBuf};

use serde_json::{json, Value};

use super::failure::{CompanionCode, CompanionWarning, Failure};
use super::{text, Companion};
use crate::code::registry::duplicates;
use crate::code::EnumInfo;
use crate::code::SetKind;
use crate::tooling::catalog::Catalog;
use crate::tooling::coverage;
use crate::tooling::files;
use crate::tooling::lock::Level;
use crate::tooling::markdown::render_markdown;
use crate::tooling::markdown::terminal::Style;
use crate::tooling::stale::{self, LockState, Verdict};

/// A successful command's output: text for people, data for the envelope,
/// and the text for a terminal when the command renders one.
pub(crate) struct Reply {
    pub(crate) text: String,
    pub(crate) data: Value,
    /// Shown instead of `text` when stdout is a terminal; escaped already.
    pub(crate) screen: Option<String>,
}

/// A reply's document data is its `data`.
impl serde::Serialize for Reply {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.data.serialize(serializer)
    }
}

/// A file a command reads or writes: where it is, and how to name it.
pub(super) struct Target {
    path: PathBuf,
    shown: String,
    pub(super) regenerate: String,
}

impl Target {
    pub(super) fn new(
        companion: &Companion,
        command: &str,
        out: Option<&str>,
        default: &str,
    ) -> Target {
        match out {
            Some(out) => Target {
                path: PathBuf::from(out),
                shown: out.to_owned(),
                regenerate: companion.regenerate_command(command, Some(out)),
            },
            None => Target {
                path: Path::new(companion.manifest_dir).join(default),
                shown: default.to_owned(),
                regenerate: companion.regenerate_command(command, None),
            },
        }
    }
}

fn io_failure(action: &str, target: &Target, err: &std::io::Error) -> Failure {
    Failure::new(
        CompanionCode::Io,
        format!("cannot {action} `{}`: {err}", target.shown),
    )
    .with_detail("path", &target.shown)
}

/// `docs [--out PATH] [--check]`.
pub(crate) fn docs(
    companion: &Companion,
    enums: &[&'static EnumInfo],
    out: Option<&str>,
    check: bool,
) -> Result<Reply, Failure> {
    let target = Target::new(companion, "docs", out, companion.docs_path);
    let markdown = render_markdown(enums, &target.regenerate);
    generated_file(&target, &markdown, check, CompanionCode::DocsStale, "docs")
}

/// `messages --locales DIR [--out PATH] [--check]`: each live error code's
/// message in each locale of `DIR`, after the checks of `check --locales`
/// (a page of messages that are missing or wrong would only show it).
pub(crate) fn messages(
    companion: &Companion,
    enums: &[&'static EnumInfo],
    locales: &str,
    out: Option<&str>,
    check: bool,
) -> Result<Reply, Failure> {
    let messages = load_locales(locales, enums)?;
    let command = format!("messages --locales {}", super::shell_quoted(locales));
    let target = Target::new(companion, &command, out, super::DEFAULT_MESSAGES_PATH);
    let markdown = crate::tooling::markdown::render_messages(enums, &messages, &target.regenerate);
    generated_file(
        &target,
        &markdown,
        check,
        CompanionCode::DocsStale,
        "messages",
    )
}

/// `lock [--out PATH] [--check]`.
///
/// `--check` fails on a breaking change, and as stale exactly when `check`
/// says the lock is behind: both read [`LockState`].
pub(crate) fn lock(
    companion: &Companion,
    enums: &[&'static EnumInfo],
    out: Option<&str>,
    check: bool,
) -> Result<Reply, Failure> {
    let target = Target::new(companion, "lock", out, companion.lock_path);
    let live = companion.catalog(enums);
    if !check {
        let json = live.to_lock_json();
        return generated_file(&target, &json, false, CompanionCode::LockStale, "lock");
    }
    let state = read_lock_state(&target, &live)?;
    if state.report.is_breaking() {
        return Err(breaking(&target, &state));
    }
    if let Some(behind) = state.behind(&target.shown, &target.regenerate) {
        let changes = state.changes();
        return Err(Failure::new(CompanionCode::LockStale, behind)
            .with_detail("path", &target.shown)
            .with_detail("regenerate", &target.regenerate)
            .with_detail("changes", &changes)
            .with_detail("diff", &state.diff));
    }
    Ok(Reply {
        text: format!("the lock file `{}` is up to date", target.shown),
        data: json!({ "path": target.shown, "written": false }),
        screen: None,
    })
}

/// The committed lock at `target` against `live`: what `check` and
/// `lock --check` both report.
fn read_lock_state(target: &Target, live: &Catalog) -> Result<LockState, Failure> {
    let bytes = read_lock_bytes(target)?;
    LockState::compare(&bytes, live, &target.shown).map_err(|message| {
        let message = format!("{message}; regenerate it with `{}`", target.regenerate);
        Failure::new(CompanionCode::LockInvalid, message)
            .with_detail("path", &target.shown)
            .with_detail("regenerate", &target.regenerate)
    })
}

/// Compares or writes one generated file.
pub(super) fn generated_file(
    target: &Target,
    contents: &str,
    check: bool,
    stale_code: CompanionCode,
    what: &str,
) -> Result<Reply, Failure> {
    let current = files::read_optional(&target.path).map_err(|e| io_failure("read", target, &e))?;
    let verdict = Verdict::of(current.as_deref(), contents);
    let fresh = matches!(verdict, Verdict::Fresh);
    if check && !fresh {
        let (message, diff) = match verdict {
            Verdict::Stale { diff } => (stale::stale(&target.shown, &target.regenerate), diff),
            _ => (
                stale::missing(&target.shown, &target.regenerate),
                String::new(),
            ),
        };
        return Err(Failure::new(stale_code, message)
            .with_detail("path", &target.shown)
            .with_detail("regenerate", &target.regenerate)
            .with_detail("diff", &diff));
    }
    if !fresh && !check {
        files::write_atomic(&target.path, contents).map_err(|e| io_failure("write", target, &e))?;
    }
    let text = if fresh {
        format!("the {what} file `{}` is up to date", target.shown)
    } else {
        format!("wrote the {what} file `{}`", target.shown)
    };
    Ok(Reply {
        text,
        data: json!({ "path": target.shown, "written": !fresh }),
        screen: None,
    })
}

/// `list`.
pub(crate) fn list(companion: &Companion, enums: &[&'static EnumInfo]) -> Reply {
    let catalog = companion.catalog(enums);
    Reply {
        text: text::list(&catalog),
        data: serde_json::to_value(&catalog).unwrap_or(Value::Null),
        screen: None,
    }
}

/// `schema`: the JSON Schema of the program's envelope in its profile;
/// with a command, route or tool, narrowed to the codes its declared set
/// lists. One that no enum declares a set for is a usage error naming the
/// declared ones, since a misspelt name would print the whole schema.
pub(crate) fn schema(
    companion: &Companion,
    enums: &[&'static EnumInfo],
    set: Option<&(SetKind, String)>,
) -> Result<Reply, Failure> {
    let profile = companion.profile();
    let schema = match set {
        None => profile.schema(enums),
        Some((kind, name)) => {
            let declared: Vec<&str> = enums
                .iter()
                .flat_map(|e| e.sets.iter())
                .filter(|set| set.kind == *kind)
                .map(|set| set.name)
                .collect();
            if !declared.contains(&name.as_str()) {
                return Err(unknown_set(*kind, name, &declared));
            }
            profile.schema_for(enums, *kind, name)
        }
    };
    let mut text = serde_json::to_string_pretty(&schema).unwrap_or_default();
    text.push('\n');
    let mut data = json!({ "profile": profile.name, "schema": schema });
    if let Some((kind, name)) = set {
        data["set"] = json!({ "kind": kind.as_str(), "name": name });
    }
    Ok(Reply {
        text,
        data,
        screen: None,
    })
}

fn unknown_set(kind: SetKind, name: &str, declared: &[&str]) -> Failure {
    let kind = kind.as_str();
    let mut message = format!("no enum declares the codes of {kind} `{name}`");
    match super::similar::closest(name, declared) {
        Some(close) => message.push_str(&format!("; did you mean `{close}`?")),
        None if declared.is_empty() => {
            message.push_str(&format!("; no {kind} declares its codes"));
        }
        None => message.push_str(&format!("; declared: {}", declared.join(", "))),
    }
    Failure::usage(&message).with_hint(format!(
        "declare it with #[codes({kind}s(\"{name}\" = [...]))] on the enum, or name one of the declared {kind}s"
    ))
}

/// `explain CODE`; rendered for a terminal too when `screen` gives its style.
pub(crate) fn explain(
    companion: &Companion,
    enums: &[&'static EnumInfo],
    code: &str,
    screen: Option<Style>,
) -> Result<Reply, Failure> {
    let catalog = companion.catalog(enums);
    // `e0499` and `0499` name `E0499` when nothing else matches.
    let code = match text::resolve(&catalog, code) {
        Ok(found) => found,
        Err(several) if several.len() > 1 => {
            let message = format!(
                "`{code}` could be {}; give the whole code",
                several
                    .iter()
                    .map(|c| format!("`{c}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            );
            return Err(Failure::new(CompanionCode::UnknownCode, message)
                .with_detail("unknown", code)
                .with_detail("suggestions", &several));
        }
        Err(_) => code,
    };
    let entries: Vec<_> = catalog.find(code).collect();
    if entries.is_empty() {
        let close = text::suggestions(&catalog, code);
        let mut message = format!("unknown code `{code}`");
        match close.as_slice() {
            [] => {}
            [one] => message.push_str(&format!("; did you mean `{one}`?")),
            many => message.push_str(&format!(
                "; did you mean one of {}?",
                many.iter()
                    .map(|c| format!("`{c}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
        }
        return Err(Failure::new(CompanionCode::UnknownCode, message)
            .with_detail("unknown", code)
            .with_detail("suggestions", &close));
    }
    Ok(Reply {
        text: text::explain(&entries),
        data: json!({ "code": code, "definitions": entries }),
        screen: screen.map(|style| text::explain_screen(&entries, style)),
    })
}

/// The program's Fluent files in `dir` against its live error codes: a
/// missing message, a variable that is not a detail, a file that does not
/// parse, each named with its file and line.
fn check_locales(dir: &str, enums: &[&'static EnumInfo]) -> Result<(), Failure> {
    crate::tooling::locales::check_locales(dir, enums).map_err(|problems| {
        let lines: Vec<&str> = problems.lines().collect();
        Failure::new(
            CompanionCode::LocalesInvalid,
            format!(
                "{} problem(s) in the locales of `{dir}`: {}",
                lines.len(),
                lines.join("; ")
            ),
        )
        .with_detail("problems", &lines)
    })
}

/// The program's Fluent files in `dir`, after the checks of `check --locales`.
fn load_locales(
    dir: &str,
    enums: &[&'static EnumInfo],
) -> Result<crate::profile::fluent::Messages, Failure> {
    check_locales(dir, enums)?;
    crate::profile::fluent::Messages::from_dir(dir).map_err(|err| {
        Failure::new(CompanionCode::LocalesInvalid, err.to_string())
            .with_detail("problems", &[err.to_string()])
    })
}

/// `check [--lock PATH] [--level L] [--locales DIR]`: duplicates, the
/// locales when given, then compatibility with the lock.
pub(crate) fn check(
    companion: &Companion,
    enums: &[&'static EnumInfo],
    lock: Option<&str>,
    level: Option<Level>,
    locales: Option<&str>,
) -> Result<Reply, Failure> {
    let dups = duplicates(enums);
    let (conflicts, shared): (Vec<_>, Vec<_>) = dups.iter().partition(|d| d.is_conflict());
    if !conflicts.is_empty() {
        let lines: Vec<String> = conflicts.iter().map(ToString::to_string).collect();
        return Err(Failure::new(
            CompanionCode::DuplicateCode,
            format!(
                "{} conflicting duplicate code(s): {}",
                lines.len(),
                lines.join("; ")
            ),
        )
        .with_detail("duplicates", &lines));
    }
    let names = companion.declared_profiles();
    if names.len() > 1 {
        return Err(Failure::new(
            CompanionCode::ProfileConflict,
            format!(
                "{} envelope profiles are declared: {}",
                names.len(),
                names.join(", ")
            ),
        )
        .with_detail("profiles", &names));
    }
    if let Some(dir) = locales {
        check_locales(dir, enums)?;
    }
    let target = Target::new(companion, "lock", lock, companion.lock_path);
    let mut state = read_lock_state(&target, &companion.catalog(enums))?;
    if let Some(level) = level {
        state.report = state.report.under(level);
    }
    let report = &state.report;
    if report.is_breaking() {
        return Err(breaking(&target, &state));
    }
    let changes = state.changes();
    warn_notices(report);
    let shared: Vec<String> = shared.iter().map(ToString::to_string).collect();
    let mut text = format!(
        "no conflicting duplicate codes; no breaking change against `{}`\n",
        target.shown
    );
    if let Some(dir) = locales {
        text.push_str(&format!(
            "every live code has a message in each locale of `{dir}`, naming only its details\n"
        ));
    }
    for line in &shared {
        text.push_str(&format!("note: {line}\n"));
    }
    for line in &changes {
        text.push_str(&format!("additive: {line}\n"));
    }
    let behind = state.behind(&target.shown, &target.regenerate);
    match &behind {
        Some(behind) => text.push_str(&format!("{behind}\n")),
        None => text.push_str(&format!("the lock `{}` is up to date\n", target.shown)),
    }
    Ok(Reply {
        text,
        data: json!({
            "lock": target.shown,
            "behind": behind.is_some(),
            "changes": changes,
            "shared": shared,
        }),
        screen: None,
    })
}

fn read_lock_bytes(target: &Target) -> Result<Vec<u8>, Failure> {
    let text = files::read_optional(&target.path).map_err(|e| io_failure("read", target, &e))?;
    text.ok_or_else(|| {
        Failure::new(
            CompanionCode::LockMissing,
            stale::missing(&target.shown, &target.regenerate),
        )
        .with_detail("path", &target.shown)
        .with_detail("regenerate", &target.regenerate)
    })
}

fn breaking(target: &Target, state: &LockState) -> Failure {
    let (message, breaking) = state.breaking(&target.shown);
    warn_notices(&state.report);
    Failure::new(CompanionCode::BreakingChange, message)
        .with_hint(stale::accept_breaking(&target.regenerate))
        .with_detail("path", &target.shown)
        .with_detail("breaking", &breaking)
}

/// Each finding of the comparison that does not fail it, as a warning of
/// the command's outcome.
fn warn_notices(report: &crate::tooling::lock::Compatibility) {
    for notice in &report.notices {
        let code = match notice {
            crate::tooling::lock::Notice::Exhaustive { .. } => CompanionWarning::ExhaustiveEnum,
        };
        crate::warn(crate::Warning::new(code, notice.to_string()));
    }
}

/// `coverage [--src DIR] [--tests DIR]`: the enums of the catalog declared
/// under `src` (default the package's `src`) checked against it and the
/// tests (default `tests`, which may be absent when not given).
pub(crate) fn coverage(
    companion: &Companion,
    enums: &[&'static EnumInfo],
    src: Option<&str>,
    tests: Option<&str>,
) -> Result<Reply, Failure> {
    let dir = |given: Option<&str>, default: &str| match given {
        Some(path) => (PathBuf::from(path), path.to_owned()),
        None => (
            Path::new(companion.manifest_dir).join(default),
            default.to_owned(),
        ),
    };
    let (src_path, src_shown) = dir(src, "src");
    let (tests_path, tests_shown) = dir(tests, "tests");
    let sources = coverage::read::read(
        (&src_path, &src_shown),
        (&tests_path, &tests_shown),
        tests.is_some(),
    )
    .map_err(|err| {
        Failure::new(CompanionCode::Io, err.to_string())
            .with_hint("pass --src DIR with the crate's sources and --tests DIR with its tests")
    })?;
    let report = coverage::check(enums, &sources);
    let checked: Vec<Value> = report
        .checked()
        .iter()
        .map(|(path, at)| json!({ "enum": path, "declared": at.to_string() }))
        .collect();
    if report.checked().is_empty() {
        return Err(Failure::new(CompanionCode::CoverageGap, report.to_string())
            .with_hint("pass --src with the sources of the crate that declares the codes")
            .with_detail("src", &src_shown)
            .with_detail("skipped", report.skipped()));
    }
    let enums_shown: Vec<&str> = report.checked().iter().map(|(p, _)| p.as_str()).collect();
    if let Some(first) = report.gaps().first() {
        let gaps: Vec<&str> = report.gaps().iter().map(coverage::Gap::message).collect();
        let findings: Vec<Value> = report
            .gaps()
            .iter()
            .map(|gap| {
                let mut finding = json!({
                    "code": gap.code(),
                    "enum": gap.enum_path(),
                    "variant": gap.variant(),
                    "kind": gap.kind().as_str(),
                });
                if let coverage::GapKind::RetiredRaised(at) = gap.kind() {
                    let at: Vec<String> = at.iter().map(ToString::to_string).collect();
                    finding["at"] = json!(at);
                }
                finding
            })
            .collect();
        let more = match gaps.len() {
            1 => String::new(),
            n => format!(" (and {} more)", n - 1),
        };
        let message = format!(
            "{} coverage gap(s) in {}: {first}{more}",
            gaps.len(),
            enums_shown.join(", ")
        );
        return Err(Failure::new(CompanionCode::CoverageGap, message)
            .with_detail("checked", &checked)
            .with_detail("gaps", &gaps)
            .with_detail("findings", &findings));
    }
    let mut text = format!("{report}\n");
    for skipped in report.skipped() {
        text.push_str(&format!(
            "note: {skipped} is not declared under {src_shown}/, so it was not checked\n"
        ));
    }
    Ok(Reply {
        text,
        data: json!({
            "src": src_shown,
            "tests": tests_shown,
            "checked": checked,
            "skipped": report.skipped(),
            "codes": report.codes(),
        }),
        screen: None,
    })
}

/// The catalog `site` and `merge` read: the programs given, each named,
/// merged; or the one catalog given (a merged one is merged again, so its
/// conflicts are reported too); or the linked enums. A contract conflict
/// fails unless `allow_conflicts`; every other difference, and a conflict
/// allowed, is a `CODE_DIFFERS` warning.
fn programs_catalog(
    companion: &Companion,
    enums: &[&'static EnumInfo],
    allow_conflicts: bool,
    must_merge: bool,
) -> Result<Catalog, Failure> {
    let inputs: Vec<Catalog> = match (&companion.programs, &companion.read) {
        (Some(programs), _) => programs
            .iter()
            .map(|p| match &p.name {
                Some(name) => p.catalog.named(name),
                None => Ok(p.catalog.clone()),
            })
            .collect::<Result<_, _>>()
            .map_err(merge_failure)?,
        (None, Some(read)) if !read.catalog.programs.is_empty() || must_merge => {
            vec![read.catalog.clone()]
        }
        (None, Some(read)) => return Ok(read.catalog.clone()),
        (None, None) if enums.is_empty() => return Err(super::nothing_linked()),
        (None, None) if must_merge => vec![companion.catalog(enums)],
        (None, None) => return Ok(companion.catalog(enums)),
    };
    let merged = crate::tooling::merge::merge(&inputs).map_err(merge_failure)?;
    let (contract, wording): (Vec<_>, Vec<_>) =
        merged.conflicts.iter().partition(|c| c.is_contract());
    if !contract.is_empty() && !allow_conflicts {
        let lines: Vec<String> = contract.iter().map(ToString::to_string).collect();
        let shown: Vec<&str> = lines.iter().take(5).map(String::as_str).collect();
        let more = match lines.len() {
            n if n > 5 => format!("; and {} more", n - 5),
            _ => String::new(),
        };
        for difference in &wording {
            warn_differs(difference);
        }
        return Err(Failure::new(
            CompanionCode::CatalogConflict,
            format!(
                "{} code(s) are declared differently by the programs: {}{more}",
                lines.len(),
                shown.join("; ")
            ),
        )
        .with_detail("conflicts", &lines)
        .with_detail("differences", &conflict_values(&contract)));
    }
    for difference in &merged.conflicts {
        warn_differs(difference);
    }
    Ok(merged.catalog)
}

fn warn_differs(conflict: &crate::tooling::merge::Conflict) {
    crate::warn(crate::Warning::new(
        CompanionWarning::CodeDiffers,
        conflict.to_string(),
    ));
}

/// The conflicts as data: code, field, and each value with its programs.
fn conflict_values(conflicts: &[&crate::tooling::merge::Conflict]) -> Value {
    conflicts
        .iter()
        .map(|c| {
            let values: Vec<Value> = c
                .values
                .iter()
                .map(|(value, programs)| json!({ "value": value, "programs": programs }))
                .collect();
            json!({ "code": c.code, "field": c.field.as_str(), "values": values })
        })
        .collect()
}

fn merge_failure(err: crate::tooling::merge::MergeError) -> Failure {
    if let crate::tooling::merge::MergeError::Invalid(_) = err {
        return Failure::new(CompanionCode::CatalogInvalid, err.to_string()).with_hint(
            "write the catalog again from the program, or pass the program itself with --bin",
        );
    }
    Failure::usage(err.to_string()).with_hint(
        "name each program's catalog, as in --catalog plan=plan.json --bin service=target/debug/service",
    )
}

/// `site [--out DIR] [--check] [--title TEXT] [--allow-conflicts]
/// [--locales DIR]`; with `--locales`, one program's site only, its locales
/// checked as `check --locales` checks them.
pub(crate) fn site(
    companion: &Companion,
    enums: &[&'static EnumInfo],
    out: Option<&str>,
    check: bool,
    title: Option<&str>,
    allow_conflicts: bool,
    locales: Option<&str>,
) -> Result<Reply, Failure> {
    let catalog = programs_catalog(companion, enums, allow_conflicts, false)?;
    let messages = match locales {
        Some(_) if !catalog.programs.is_empty() => {
            return Err(Failure::usage(
                "`site --locales DIR` shows one program's messages; give it one program's catalog, not many",
            )
            .with_hint("build the site of one program (--bin PATH or --catalog FILE) with its locales"))
        }
        Some(dir) => Some(load_locales(dir, enums)?),
        None => None,
    };
    let mut target = Target::new(companion, "site", out, super::DEFAULT_SITE_DIR);
    if let Some(title) = title {
        target.regenerate.push_str(" --title ");
        target.regenerate.push_str(&super::shell_quoted(title));
    }
    if allow_conflicts {
        target.regenerate.push_str(" --allow-conflicts");
    }
    if let Some(dir) = locales {
        target.regenerate.push_str(" --locales ");
        target.regenerate.push_str(&super::shell_quoted(dir));
    }
    let mut options = crate::tooling::site::SiteOptions::new().regenerate(&target.regenerate);
    if let Some(title) = title {
        options = options.title(title);
    }
    if let Some(messages) = &messages {
        for locale in messages.locales() {
            let texts = catalog.codes.iter().filter_map(|c| {
                let text = messages.text(locale, &c.code)?;
                Some((c.code.as_str(), text))
            });
            options = options.messages(locale, texts);
        }
    }
    let files = crate::tooling::site::render_site(&catalog, &options);
    // Every name comes from a validated catalog; still, nothing is written
    // unless every file stays under --out.
    let paths = files
        .iter()
        .map(|file| {
            files::under(&target.path, &file.path).ok_or_else(|| {
                Failure::new(
                    CompanionCode::CatalogInvalid,
                    format!(
                        "the site's file `{}` would not be under `{}`; nothing was written",
                        crate::escape::escape_line(&file.path),
                        target.shown
                    ),
                )
                .with_hint("check the catalog's codes and program names with the `check` command")
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let total = files.len();
    let mut stale = Vec::new();
    let mut missing = Vec::new();
    let mut diff = String::new();
    for (file, path) in files.iter().zip(paths) {
        let current = files::read_optional(&path).map_err(|e| {
            let shown = format!("{}/{}", target.shown.trim_end_matches('/'), file.path);
            Failure::new(CompanionCode::Io, format!("cannot read `{shown}`: {e}"))
                .with_detail("path", &shown)
        })?;
        match Verdict::of(current.as_deref(), &file.contents) {
            Verdict::Fresh => continue,
            Verdict::Missing => missing.push(file.path.clone()),
            verdict => {
                if diff.is_empty() {
                    diff = format!("--- {}\n{}", file.path, verdict.diff());
                }
                stale.push(file.path.clone());
            }
        }
        if !check {
            files::write_atomic_unsynced(&path, &file.contents).map_err(|e| {
                let shown = format!("{}/{}", target.shown.trim_end_matches('/'), file.path);
                Failure::new(CompanionCode::Io, format!("cannot write `{shown}`: {e}"))
                    .with_detail("path", &shown)
            })?;
        }
    }
    let changed = stale.len() + missing.len();
    if check && changed > 0 {
        let message = if missing.len() == total {
            stale::missing(&target.shown, &target.regenerate)
        } else {
            let names: Vec<&str> = stale
                .iter()
                .chain(&missing)
                .take(5)
                .map(String::as_str)
                .collect();
            let more = if changed > 5 { ", ..." } else { "" };
            format!(
                "{} ({changed} of {total} files differ or are missing: {}{more})",
                stale::stale(&target.shown, &target.regenerate),
                names.join(", ")
            )
        };
        return Err(Failure::new(CompanionCode::DocsStale, message)
            .with_detail("path", &target.shown)
            .with_detail("regenerate", &target.regenerate)
            .with_detail("stale", &stale)
            .with_detail("missing", &missing)
            .with_detail("diff", &diff));
    }
    let text = match (changed, check) {
        (0, _) => format!("the site `{}` is up to date ({total} files)", target.shown),
        _ => format!(
            "wrote {changed} of the {total} files of the site `{}`",
            target.shown
        ),
    };
    Ok(Reply {
        text,
        data: json!({
            "path": target.shown,
            "files": total,
            "written": if check { 0 } else { changed },
            "programs": catalog.program_names(),
        }),
        screen: None,
    })
}

/// `merge [--out FILE] [--allow-conflicts]`: the merged catalog, written to
/// `FILE`, or printed.
pub(crate) fn merge(
    companion: &Companion,
    enums: &[&'static EnumInfo],
    out: Option<&str>,
    allow_conflicts: bool,
) -> Result<Reply, Failure> {
    let catalog = programs_catalog(companion, enums, allow_conflicts, true)?;
    let json = catalog.to_json();
    let summary = json!({
        "programs": catalog.program_names(),
        "codes": catalog.codes.len(),
    });
    let Some(out) = out else {
        let mut data = summary;
        data["catalog"] = serde_json::to_value(&catalog).unwrap_or(Value::Null);
        return Ok(Reply {
            text: json,
            data,
            screen: None,
        });
    };
    let target = Target {
        path: PathBuf::from(out),
        shown: out.to_owned(),
        regenerate: companion.regenerate_command("merge", Some(out)),
    };
    let mut reply = generated_file(
        &target,
        &json,
        false,
        CompanionCode::DocsStale,
        "merged catalog",
    )?;
    reply.data["programs"] = summary["programs"].clone();
    reply.data["codes"] = summary["codes"].clone();
    Ok(reply)
}
