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
