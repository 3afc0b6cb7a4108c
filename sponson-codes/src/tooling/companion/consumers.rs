//! The companion's commands for the programs and agents that read a
//! program's output: `types` and `agents`, written and checked as `docs` is.

use super::commands::{generated_file, Reply, Target};
use super::failure::{CompanionCode, Failure};
use super::{Companion, DEFAULT_AGENTS_PATH};
use crate::code::EnumInfo;
use crate::document::profile::Profile;
use crate::escape::escape_line;
use crate::tooling::markdown::render_agents;
use crate::tooling::markdown::{render_agents_of_programs, ProgramCodes};
use crate::tooling::types::{render_types, render_types_of_programs, Lang};

/// `types --lang LANG [--out PATH] [--check]`.
pub(crate) fn types(
    companion: &Companion,
    enums: &[&'static EnumInfo],
    lang: Lang,
    out: Option<&str>,
    check: bool,
) -> Result<Reply, Failure> {
    let command = format!("types --lang {}", lang.name());
    let target = Target::new(companion, &command, out, lang.default_path());
    let text = match programs(companion)? {
        Some(programs) => {
            render_types_of_programs(lang, &program_codes(&programs), &target.regenerate)
        }
        None => render_types(lang, enums, companion.profile(), &target.regenerate),
    };
    generated_file(&target, &text, check, CompanionCode::DocsStale, "types")
}

/// `agents [--out PATH] [--check]`.
pub(crate) fn agents(
    companion: &Companion,
    enums: &[&'static EnumInfo],
    out: Option<&str>,
    check: bool,
) -> Result<Reply, Failure> {
    let target = Target::new(companion, "agents", out, DEFAULT_AGENTS_PATH);
    let page = match programs(companion)? {
        Some(programs) => render_agents_of_programs(&program_codes(&programs), &target.regenerate),
        None => render_agents(enums, companion.profile(), &target.regenerate),
    };
    generated_file(&target, &page, check, CompanionCode::DocsStale, "agents")
}

/// One program of a merged catalog: its name, its enums and its profile.
type Program = (String, Vec<&'static EnumInfo>, &'static Profile);

/// `programs` as the renderers take them.
fn program_codes(programs: &[Program]) -> Vec<ProgramCodes<'_>> {
    programs
        .iter()
        .map(|(name, enums, profile)| ProgramCodes {
            name,
            enums: enums.clone(),
            profile,
        })
        .collect()
}

/// The programs of the merged catalog the companion read, each with its
/// own enums and profile (Sponson's when it declares none); `None` when it
/// read one program's catalog.
fn programs(companion: &Companion) -> Result<Option<Vec<Program>>, Failure> {
    let Some(read) = &companion.read else {
        return Ok(None);
    };
    let catalog = &read.catalog;
    if catalog.programs.is_empty() {
        return Ok(None);
    }
    let mut programs = Vec::new();
    for program in &catalog.programs {
        let profile = match &program.envelope {
            Some(envelope) => envelope.profile().map_err(|why| {
                Failure::new(
                    CompanionCode::CatalogInvalid,
                    format!(
                        "the profile of program `{}` in the merged catalog cannot be read: {why}",
                        escape_line(&program.name)
                    ),
                )
            })?,
            None => &crate::profile::SPONSON,
        };
        let mut own = catalog.clone();
        let name = Some(program.name.clone());
        own.enums.retain(|e| e.program == name);
        own.codes.retain(|c| c.program == name);
        programs.push((program.name.clone(), own.enum_infos(), profile));
    }
    Ok(Some(programs))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ErrorCode;

    fn args(line: &str) -> Vec<String> {
        line.split_whitespace().map(str::to_owned).collect()
    }

    #[test]
    fn types_and_agents_are_written_and_checked_as_docs_are() {
        let dir = tempfile::tempdir().unwrap();
        let root: &'static str = Box::leak(dir.path().display().to_string().into_boxed_str());
        let companion = Companion::new("app", "app-codes", root);
        let enums = [<CompanionCode as ErrorCode>::ENUM];
        for (line, path) in [
            ("types --lang typescript", "docs/errors.ts"),
            ("types --lang python", "docs/errors.py"),
            ("agents", "docs/SKILL.md"),
        ] {
            let out = companion.run_with(&enums, &args(line));
            assert_eq!(out.exit, 0, "{line}: {out:?}");
            let written = std::fs::read_to_string(dir.path().join(path)).unwrap();
            assert!(
                written.contains(&format!(
                    "Regenerate with: cargo run -p app --bin app-codes -- {line}"
                )),
                "{written}"
            );
            let out = companion.run_with(&enums, &args(&format!("{line} --check")));
            assert_eq!(
                (out.exit, out.stdout.as_str()),
                (
                    0,
                    format!(
                        "the {} file `{path}` is up to date\n",
                        line.split(' ').next().unwrap()
                    )
                    .as_str()
                )
            );
            std::fs::write(dir.path().join(path), "stale\n").unwrap();
            let out = companion.run_with(&enums, &args(&format!("{line} --check --json")));
            assert_eq!(out.exit, 1, "{line}");
            let failure: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
            assert_eq!(failure["error"]["code"], "DOCS_STALE");
            assert_eq!(
                failure["error"]["regenerate"],
                format!("cargo run -p app --bin app-codes -- {line}")
            );
        }
        let out = companion.run_with(&[], &args("agents --json"));
        assert_eq!(out.exit, 1);
        assert!(out.stdout.contains("\"NOTHING_LINKED\""), "{}", out.stdout);
    }

    /// Two programs of one merged catalog, in the Sponson and noggin
    /// profiles, and a companion reading it.
    fn merged_companion() -> (Companion, Vec<&'static EnumInfo>) {
        use crate::profile::{NOGGIN, SPONSON};
        use crate::tooling::catalog::Catalog;
        let enums = [<CompanionCode as ErrorCode>::ENUM];
        let quarry = Catalog::from_enums(&enums).with_profile(&SPONSON);
        let noggin = Catalog::from_enums(&enums).with_profile(&NOGGIN);
        let merged = crate::tooling::merge::merge(&[
            quarry.named("quarry").unwrap(),
            noggin.named("noggin").unwrap(),
        ])
        .unwrap()
        .catalog;
        let companion = Companion::reading(
            "sponson-codes".into(),
            "--catalog merged.json".into(),
            &merged,
        )
        .unwrap();
        (companion, merged.enum_infos())
    }

    #[test]
    fn the_page_for_agents_of_a_merged_catalog_says_per_program_how_its_documents_look() {
        let (companion, enums) = merged_companion();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("SKILL.md");
        let out = companion.run_with(&enums, &args(&format!("agents --out {}", path.display())));
        assert_eq!(out.exit, 0, "{out:?}");
        let page = std::fs::read_to_string(&path).unwrap();
        assert!(
            page.contains("\n# Error codes of `quarry` and `noggin`, for agents\n"),
            "{page}"
        );
        assert!(page.starts_with(
            "---\nname: quarry-noggin-errors\ndescription: \"How to read what quarry and noggin print"
        ));
        assert!(page.contains("Use it when a command of quarry or noggin fails or warns."));
        let at = page.find("\n## `noggin`\n").expect("a section per program");
        let (quarry, noggin) = page.split_at(at);
        assert!(quarry.contains("\n## `quarry`\n"));
        assert!(quarry.contains("- Every outcome is one JSON document on stdout, on one line.\n"));
        assert!(quarry.contains("- `ok` is `true` exactly when the process exits 0"));
        assert!(noggin.contains("a success on stdout, a failure on stderr.\n"));
        assert!(noggin.contains("- `status` is `\"ok\"` exactly when the process exits 0"));
        assert!(!noggin.contains("`ok` is `true`"));
        assert!(noggin.contains("\n#### `DOCS_STALE`\n"));
    }

    #[test]
    fn types_of_a_merged_catalog_give_each_program_its_own_envelope_types() {
        let (companion, enums) = merged_companion();
        let dir = tempfile::tempdir().unwrap();
        let write = |lang: &str| {
            let path = dir.path().join(format!("errors.{lang}"));
            let line = format!("types --lang {lang} --out {}", path.display());
            let out = companion.run_with(&enums, &args(&line));
            assert_eq!(out.exit, 0, "{out:?}");
            std::fs::read_to_string(&path).unwrap()
        };
        let ts = write("typescript");
        assert!(
            ts.contains(
                " * The codes of `quarry` and `noggin`, and the documents each prints in its own envelope profile:\n \
                 * `quarry` in `sponson`, `noggin` in `noggin`. A program's types are named after it\n \
                 * (`QuarryFailure`); `ErrorCode`, `WarningCode` and `ErrorExit` are every program's together.\n"
            ),
            "{ts}"
        );
        let at = ts
            .find("\n// The program `noggin`")
            .expect("a section per program");
        let (quarry, noggin) = ts.split_at(at);
        assert!(quarry.contains("\n// The program `quarry`, in the `sponson` envelope profile.\n"));
        for part in [
            "export type QuarryCompanionCode =\n",
            "export type QuarryErrorCode = QuarryCompanionCode;\n",
            "  ok: false;\n",
            "  code: QuarryErrorCode | UnknownCode;\n",
            "  error: QuarryErrorBody<Details>;\n",
            "export type QuarryEnvelope<",
        ] {
            assert!(quarry.contains(part), "missing {part:?} in\n{quarry}");
        }
        assert!(!quarry.contains("status"), "{quarry}");
        for part in [
            "export type NogginCompanionCode =\n",
            "  status: \"error\";\n",
            "  envelopeVersion: 3;\n",
            "  exitCode: NogginErrorExit;\n",
            "  code: NogginErrorCode | UnknownCode;\n",
            "export type NogginFailure<",
            "export type NogginEnvelope<",
            // Every program's codes together, after the last program.
            "export type ErrorCode = QuarryErrorCode | NogginErrorCode;\n",
            "  return isQuarryErrorCode(value) || isNogginErrorCode(value);\n",
            "export type WarningCode = QuarryWarningCode | NogginWarningCode;\n",
            "export type ErrorExit = QuarryErrorExit | NogginErrorExit;\n",
        ] {
            assert!(noggin.contains(part), "missing {part:?} in\n{noggin}");
        }
        assert!(!noggin.contains("  ok: "), "{noggin}");
        // No document type that claims to be every program's.
        for name in ["Failure", "Success", "Envelope", "Warning", "ErrorBody"] {
            assert!(!ts.contains(&format!("export type {name}<")), "{name}");
            assert!(!ts.contains(&format!("export type {name} =")), "{name}");
        }

        let py = write("python");
        let at = py
            .find("\n# The program `noggin`")
            .expect("a section per program");
        let (quarry, noggin) = py.split_at(at);
        for part in [
            "QuarryCompanionCode: TypeAlias = Literal[\n",
            "class QuarryFailure(TypedDict):\n",
            "    ok: Literal[False]\n",
            "    error: QuarryErrorBody\n",
            "QuarryEnvelope: TypeAlias = QuarrySuccess | QuarryFailure\n",
            "def is_quarry_error_code(value: str) -> TypeGuard[QuarryErrorCode]:\n",
        ] {
            assert!(quarry.contains(part), "missing {part:?} in\n{quarry}");
        }
        for part in [
            "class NogginFailure(TypedDict):\n",
            "    status: Literal[\"error\"]\n",
            "    exitCode: NogginErrorExit\n",
            "NogginEnvelope: TypeAlias = NogginSuccess | NogginFailure\n",
            "ErrorCode: TypeAlias = QuarryErrorCode | NogginErrorCode\n",
            "    return is_quarry_error_code(value) or is_noggin_error_code(value)\n",
            "ErrorExit: TypeAlias = QuarryErrorExit | NogginErrorExit\n",
        ] {
            assert!(noggin.contains(part), "missing {part:?} in\n{noggin}");
        }
        assert!(!py.contains("class Failure(") && !py.contains("\nEnvelope: "));
    }
}
