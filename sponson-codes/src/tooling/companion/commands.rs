//! The companion's commands. Each returns its reply or a coded failure; the
//! caller prints it.

use std::path::{Path, PathBuf};

use serde_json::{json, Value};

use super::failure::{CompanionCode, Failure};
use super::{text, Companion};
use crate::code::registry::duplicates;
use crate::code::EnumInfo;
use crate::tooling::catalog::Catalog;
use crate::tooling::diff::{describe, MAX_DIFF_LINES};
use crate::tooling::files;
use crate::tooling::lock::{compare, Compatibility};
use crate::tooling::markdown::render_markdown;

/// A successful command's output: text for people, data for the envelope.
pub(crate) struct Reply {
    pub(crate) text: String,
    pub(crate) data: Value,
}

/// A file a command reads or writes: where it is, and how to name it.
struct Target {
    path: PathBuf,
    shown: String,
    regenerate: String,
}

impl Target {
    fn new(companion: &Companion, command: &str, out: Option<&str>, default: &str) -> Target {
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
    let live = Catalog::from_enums(enums);
    if !check {
        let json = live.to_lock_json();
        return generated_file(&target, &json, false, CompanionCode::LockStale, "lock");
    }
    let state = LockState::read(&target, &live)?;
    if state.report.is_breaking() {
        return Err(breaking(&target, &state.report));
    }
    if let Some(behind) = state.behind(&target) {
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
    })
}

/// The committed lock compared with the live codes: what `check` and
/// `lock --check` both report.
struct LockState {
    report: Compatibility,
    /// Whether the file differs from what `lock` would write.
    stale: bool,
    /// A capped diff of the file against what `lock` would write.
    diff: String,
}

impl LockState {
    fn read(target: &Target, live: &Catalog) -> Result<LockState, Failure> {
        let bytes = read_lock_bytes(target)?;
        let old = Catalog::from_json(&String::from_utf8_lossy(&bytes)).map_err(|e| {
            let mut message = format!("cannot read the lock file `{}`: {e}", target.shown);
            // A BOM or bytes that are not UTF-8 are the usual reason; say so.
            if bytes.starts_with("\u{feff}".as_bytes()) {
                message.push_str("; it starts with a byte order mark (U+FEFF)");
            } else if core::str::from_utf8(&bytes).is_err() {
                message.push_str("; it is not valid UTF-8");
            }
            Failure::new(CompanionCode::LockInvalid, message).with_detail("path", &target.shown)
        })?;
        let fresh = live.to_lock_json();
        let stale = bytes != fresh.as_bytes();
        Ok(LockState {
            report: compare(&old, live),
            stale,
            diff: if stale {
                describe(&bytes, &fresh, MAX_DIFF_LINES)
            } else {
                String::new()
            },
        })
    }

    fn changes(&self) -> Vec<String> {
        self.report
            .changes
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    /// Why the lock is behind, or `None` when it is up to date.
    fn behind(&self, target: &Target) -> Option<String> {
        if !self.stale {
            return None;
        }
        let why = match self.report.changes.len() {
            0 => "its codes and exits are unchanged but the file differs (order, variant names or an older format)".to_owned(),
            1 => "1 additive change".to_owned(),
            n => format!("{n} additive changes"),
        };
        Some(format!(
            "the lock `{}` is behind: {why}; update it with `{}`",
            target.shown, target.regenerate
        ))
    }
}

/// Compares or writes one generated file.
fn generated_file(
    target: &Target,
    contents: &str,
    check: bool,
    stale: CompanionCode,
    what: &str,
) -> Result<Reply, Failure> {
    let current = files::read_optional(&target.path).map_err(|e| io_failure("read", target, &e))?;
    let fresh = current.as_deref() == Some(contents.as_bytes());
    if check && !fresh {
        let (message, diff) = match &current {
            None => (
                format!(
                    "`{}` does not exist; generate it with `{}`",
                    target.shown, target.regenerate
                ),
                String::new(),
            ),
            Some(current) => (
                format!(
                    "`{}` is stale; regenerate it with `{}`",
                    target.shown, target.regenerate
                ),
                describe(current, contents, MAX_DIFF_LINES),
            ),
        };
        return Err(Failure::new(stale, message)
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
    })
}

/// `list`.
pub(crate) fn list(enums: &[&'static EnumInfo]) -> Reply {
    let catalog = Catalog::from_enums(enums);
    Reply {
        text: text::list(&catalog),
        data: serde_json::to_value(&catalog).unwrap_or(Value::Null),
    }
}

/// `schema`: the JSON Schema of the program's envelope in its profile.
pub(crate) fn schema(enums: &[&'static EnumInfo]) -> Reply {
    let profile = crate::profile::registered();
    let schema = profile.schema(enums);
    let mut text = serde_json::to_string_pretty(&schema).unwrap_or_default();
    text.push('\n');
    Reply {
        text,
        data: json!({ "profile": profile.name, "schema": schema }),
    }
}

/// `explain CODE`.
pub(crate) fn explain(enums: &[&'static EnumInfo], code: &str) -> Result<Reply, Failure> {
    let catalog = Catalog::from_enums(enums);
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
    })
}

/// `check [--lock PATH]`: duplicates, then compatibility with the lock.
pub(crate) fn check(
    companion: &Companion,
    enums: &[&'static EnumInfo],
    lock: Option<&str>,
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
    let profiles = crate::profile::all_registered();
    if profiles.len() > 1 {
        let names: Vec<&str> = profiles.iter().map(|p| p.name).collect();
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
    let target = Target::new(companion, "lock", lock, companion.lock_path);
    let state = LockState::read(&target, &Catalog::from_enums(enums))?;
    let report = &state.report;
    if report.is_breaking() {
        return Err(breaking(&target, report));
    }
    let changes = state.changes();
    let warnings: Vec<String> = report.warnings.iter().map(ToString::to_string).collect();
    let shared: Vec<String> = shared.iter().map(ToString::to_string).collect();
    let mut text = format!(
        "no conflicting duplicate codes; no breaking change against `{}`\n",
        target.shown
    );
    for line in &shared {
        text.push_str(&format!("note: {line}\n"));
    }
    for line in &changes {
        text.push_str(&format!("additive: {line}\n"));
    }
    let behind = state.behind(&target);
    match &behind {
        Some(behind) => text.push_str(&format!("{behind}\n")),
        None => text.push_str(&format!("the lock `{}` is up to date\n", target.shown)),
    }
    for line in &warnings {
        text.push_str(&format!("warning: {line}\n"));
    }
    Ok(Reply {
        text,
        data: json!({
            "lock": target.shown,
            "behind": behind.is_some(),
            "changes": changes,
            "shared": shared,
            "warnings": warnings,
        }),
    })
}

fn read_lock_bytes(target: &Target) -> Result<Vec<u8>, Failure> {
    let text = files::read_optional(&target.path).map_err(|e| io_failure("read", target, &e))?;
    text.ok_or_else(|| {
        Failure::new(
            CompanionCode::LockMissing,
            format!(
                "no lock file at `{}`; write it with `{}`",
                target.shown, target.regenerate
            ),
        )
        .with_detail("path", &target.shown)
        .with_detail("regenerate", &target.regenerate)
    })
}

/// The most changes a message names.
const MAX_IN_MESSAGE: usize = 10;

fn breaking(target: &Target, report: &Compatibility) -> Failure {
    let breaking: Vec<String> = report.breaking().map(ToString::to_string).collect();
    let warnings: Vec<String> = report.warnings.iter().map(ToString::to_string).collect();
    // A message stays short: the first few, and a count of the rest (the
    // details list them all).
    let mut listed = breaking
        .iter()
        .take(MAX_IN_MESSAGE)
        .map(String::as_str)
        .collect::<Vec<_>>()
        .join("; ");
    if breaking.len() > MAX_IN_MESSAGE {
        listed.push_str(&format!(
            "; and {} more (see `breaking` in the details)",
            breaking.len() - MAX_IN_MESSAGE
        ));
    }
    Failure::new(
        CompanionCode::BreakingChange,
        format!(
            "{} breaking change(s) against `{}`: {listed}",
            breaking.len(),
            target.shown,
        ),
    )
    .with_hint(format!(
        "undo the changes, or for a major release accept them with `{}`",
        target.regenerate
    ))
    .with_detail("path", &target.shown)
    .with_detail("breaking", &breaking)
    .with_detail("warnings", &warnings)
}
