//! The plan file: one step per line, written `- <name>`; `#` starts a comment.

use std::path::Path;

use sponson_codes::Error;

use crate::codes::Code;

/// A parsed plan: its steps in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    /// The step names.
    pub steps: Vec<String>,
}

/// Reads and parses the plan at `path`.
pub fn read(path: &Path) -> Result<Plan, Error<Code>> {
    let text = std::fs::read_to_string(path).map_err(|err| {
        Error::new(
            Code::PlanParse,
            format!("cannot read {}: {err}", path.display()),
        )
        .with_detail("path", &path.display().to_string())
        .with_detail("line", &None::<usize>)
        .with_source(err)
    })?;
    parse(&text).map_err(|(line, message)| {
        Error::new(
            Code::PlanParse,
            format!("{}:{line}: {message}", path.display()),
        )
        .with_detail("path", &path.display().to_string())
        .with_detail("line", &line)
    })
}

/// Parses plan text; an error names the 1-based line and what is wrong.
pub fn parse(text: &str) -> Result<Plan, (usize, String)> {
    let mut steps = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or_default().trim();
        if line.is_empty() {
            continue;
        }
        match line.strip_prefix("- ").map(str::trim) {
            Some(name) if !name.is_empty() => steps.push(name.to_owned()),
            _ => return Err((index + 1, format!("expected `- <step>`, found `{line}`"))),
        }
    }
    if steps.is_empty() {
        return Err((1, "the plan has no steps".to_owned()));
    }
    Ok(Plan { steps })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_are_read_in_order_without_comments() {
        let plan = parse("# deploy\n- build\n\n- migrate # slow\n").unwrap();
        assert_eq!(plan.steps, ["build", "migrate"]);
    }

    #[test]
    fn a_bad_line_is_named() {
        assert_eq!(parse("- a\nsteps: [b]\n").unwrap_err().0, 2);
        assert!(parse("# nothing\n").is_err());
    }
}
