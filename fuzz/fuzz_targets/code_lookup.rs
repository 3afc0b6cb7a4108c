//! Looks arbitrary strings up in a derived enum: `from_code`, `FromStr` and
//! `Deserialize` agree with a linear scan of the table, byte for byte.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sponson_codes::ErrorCodes;

#[derive(Debug, Clone, Copy, PartialEq, Eq, ErrorCodes)]
enum Code {
    #[code(exit = 2, doc = "The plan cannot be read.")]
    PlanParse,
    #[code(exit = 2, doc = "No approver.", name = "plan_parse")]
    PlanParseLower,
    #[code(exit = 3, doc = "The lock is held.")]
    LockHeld,
    #[code(
        exit = 3,
        doc = "A longer code.",
        name = "LOCK_HELD_BY_ANOTHER_RUN_OF_THE_PLAN"
    )]
    LockHeldLong,
    #[code(exit = 1, doc = "One byte.", name = "X")]
    X,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let scan = Code::ALL.iter().copied().find(|c| c.code() == text);
    assert_eq!(Code::from_code(text), scan);
    assert_eq!(text.parse::<Code>().ok(), scan);
    let json = serde_json::to_string(text).unwrap();
    let read: Code = serde_json::from_str(&json).unwrap();
    assert_eq!(read, scan.unwrap_or(Code::FALLBACK));
});
