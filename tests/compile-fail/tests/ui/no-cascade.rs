use sponson_codes::{code, ErrorCode, ErrorCodeSet, ErrorCodes};
use std::process::ExitCode;
use std::str::FromStr;

#[derive(Debug, Clone, Copy, PartialEq, ErrorCodes)]
enum Code {
    #[code(exit = 0, doc = "Another run holds the lock.")]
    LockHeld,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

fn main() {
    let code = Code::LockHeld;
    let _: &str = code.code();
    let _: u8 = code.exit_code();
    let _: Option<&str> = code.hint();
    let _ = Code::TABLE.len() + Code::ALL.len();
    let _: Option<Code> = Code::from_code("LOCK_HELD");
    let _: Option<Code> = <Code as ErrorCodeSet>::from_code("LOCK_HELD");
    let _ = Code::from_str("LOCK_HELD");
    let _: Code = Code::FALLBACK;
    let _ = serde_json::to_string(&code).unwrap();
    let _: Code = serde_json::from_str("\"LOCK_HELD\"").unwrap();
    let _: ExitCode = code.into();
    let _: Code = code!(Code, "INTERNAL");
}
