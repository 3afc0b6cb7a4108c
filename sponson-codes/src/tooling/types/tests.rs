use super::*;
use crate::{ErrorCode, ErrorCodes, WarningCode, WarningCodes};

/// Failures of demo.
///
/// Branch on the */ code.
#[derive(Debug, Clone, Copy, ErrorCodes)]
#[codes(
    crate = crate,
    path = "demo::Code",
    exits(1 = "failure", 2 = "refused", 3 = "lock"),
    commands(apply = [LockHeld], "remote add" = [])
)]
pub enum Code {
    #[code(exit = 2, doc = "The command line is not valid.", usage)]
    Usage,
    #[code(exit = 3, doc = "Another run holds the lock.", hint = "Pass `--wait`.", retryable = true)]
    LockHeld,
    #[code(exit = 2, doc = "Old.", retired = "0.2")]
    Old,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

#[derive(Debug, Clone, Copy, WarningCodes)]
#[codes(crate = crate, path = "demo::Warn")]
pub enum Warn {
    #[code(doc = "An anchor was read literally.", hint = "Write it out.")]
    YamlAnchor,
}

pub(crate) static E: EnumInfo = EnumInfo {
    crate_name: "demo",
    ..*<Code as ErrorCode>::ENUM
};
pub(crate) static W: EnumInfo = EnumInfo {
    crate_name: "demo",
    ..*<Warn as WarningCode>::ENUM
};

#[test]
fn show() {
    for profile in [&crate::profile::SPONSON, &crate::profile::NOGGIN, &crate::profile::FIRSTDRAFT] {
        for lang in Lang::ALL {
            let text = render_types(lang, &[&E, &W], profile, "make types");
            std::fs::create_dir_all("/tmp/types-out").unwrap();
            let ext = if lang == Lang::TypeScript { "ts" } else { "py" };
            std::fs::write(format!("/tmp/types-out/{}.{ext}", profile.name), text).unwrap();
        }
    }
}
