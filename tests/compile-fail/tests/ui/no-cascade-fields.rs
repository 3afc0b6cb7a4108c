use sponson_codes::{ErrorCode, ErrorCodes};
use std::process::ExitCode;

#[derive(Debug, ErrorCodes)]
enum Error {
    #[code(exit = 2, doc = "The plan file cannot be read.")]
    PlanParse { path: String },
    #[code(exti = 1, doc = "An unexpected error.", fallback)]
    Internal(String),
}

fn main() {
    let error = Error::PlanParse { path: "plan.yaml".into() };
    let _: &str = error.code();
    let _: &str = error.doc();
    let _ = Error::FALLBACK_INFO.code;
    let _: ExitCode = error.into();
}
