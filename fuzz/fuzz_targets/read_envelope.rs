//! Reads arbitrary bytes as an envelope, as a consumer reads what another
//! program printed: never a panic; what reads prints again as one JSON
//! document whose `ok` agrees, and reading that back is stable.
#![no_main]

use libfuzzer_sys::fuzz_target;
use serde_json::Value;
use sponson_codes::{ErrorCodes, profile::Envelope};

#[derive(Debug, Clone, Copy, PartialEq, Eq, ErrorCodes)]
enum Code {
    #[code(exit = 3, doc = "The lock is held.", hint = "Pass --wait.")]
    LockHeld,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

fn check(printed: &str) {
    let again: Envelope = serde_json::from_str(printed).expect("what was printed reads back");
    assert_eq!(serde_json::to_string(&again).unwrap(), printed, "stable");
    let value: Value = serde_json::from_str(printed).unwrap();
    assert_eq!(value["ok"].as_bool(), Some(again.is_ok()));
    assert!(!printed.contains('\n'), "one line");
    if let Err(error) = &again.result {
        // Unknown codes map to the fallback and keep their string.
        let kind: Code = error.kind();
        assert_eq!(kind == Code::Internal, error.code != "LOCK_HELD");
    }
}

fuzz_target!(|data: &[u8]| {
    if let Ok(envelope) = serde_json::from_slice::<Envelope>(data) {
        check(&serde_json::to_string(&envelope).expect("what was read prints"));
    }
    if let Ok(envelope) = serde_json::from_slice::<Envelope<Value, Value>>(data) {
        check(&serde_json::to_string(&envelope).expect("what was read prints"));
    }
    if let Ok(envelope) = serde_json::from_slice::<Envelope<(), Value>>(data) {
        let _ = serde_json::to_string(&envelope);
    }
});
