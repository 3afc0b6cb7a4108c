//! The companion's commands for the programs and agents that read a
//! program's output: `types` and `agents`, written and checked as `docs` is.

use super::commands::{generated_file, Reply, Target};
use super::failure::{CompanionCode, Failure};
use super::{Companion, DEFAULT_AGENTS_PATH};
use crate::code::EnumInfo;
use crate::tooling::markdown::render_agents;
use crate::tooling::types::{render_types, Lang};

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
    let text = render_types(lang, enums, companion.profile(), &target.regenerate);
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
    let page = render_agents(enums, companion.profile(), &target.regenerate);
    generated_file(&target, &page, check, CompanionCode::DocsStale, "agents")
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
}
