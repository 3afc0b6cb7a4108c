//! Reads arbitrary bytes as envelopes whose data is not an object (`()`,
//! `Option<_>`, `Vec<_>`, `String`, `bool`), as a consumer that wants only the
//! outcome or one value reads another program's output.
//!
//! What reads or fails never depends on the data type but through the data
//! itself: `Envelope<()>` and `Envelope<Option<Value>>` read exactly what
//! `Envelope<Value, Value>` reads (so no unknown key can break them), any
//! other typed reader refuses only data it cannot hold, and a reader that
//! reads agrees with the general one on the outcome, the command, the error
//! and the data. What reads prints again and reads back the same.
#![no_main]

use libfuzzer_sys::fuzz_target;
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;
use sponson_codes::profile::Envelope;

/// The data `Envelope<Value, Value>` read, as a reader of `T` sees it: the
/// rest of the envelope when that is a `T`, else its `data` key, else
/// `null`; a zero-sized `T` reads from `null` whatever the data.
fn expected<T: DeserializeOwned>(rest: &Value) -> Option<T> {
    if core::mem::size_of::<T>() == 0 {
        if let Ok(nothing) = T::deserialize(Value::Null) {
            return Some(nothing);
        }
    }
    if let Ok(data) = T::deserialize(rest) {
        return Some(data);
    }
    match rest.get("data") {
        Some(data) => T::deserialize(data).ok(),
        None => T::deserialize(Value::Null).ok(),
    }
}

fn agrees<T>(data: &[u8], general: &Result<Envelope<Value, Value>, serde_json::Error>, total: bool)
where
    T: DeserializeOwned + Serialize + PartialEq + std::fmt::Debug,
{
    let typed = serde_json::from_slice::<Envelope<T, Value>>(data);
    let (typed, general) = match (typed, general) {
        (Ok(typed), Ok(general)) => (typed, general),
        (Err(_), Err(_)) => return,
        (Ok(_), Err(err)) => panic!("a typed reader read what the general one refused: {err}"),
        (Err(err), Ok(general)) => {
            // Only the data itself can refuse a typed reader.
            assert!(!total, "unit or optional data refused: {err}");
            let rest = general
                .result
                .as_ref()
                .expect("failures read whatever T is");
            assert!(expected::<T>(rest).is_none(), "{err}");
            return;
        }
    };
    assert_eq!(typed.command, general.command);
    match (&typed.result, &general.result) {
        (Ok(data), Ok(rest)) => assert_eq!(Some(data), expected::<T>(rest).as_ref()),
        (Err(a), Err(b)) => assert_eq!(a, b),
        _ => panic!("the outcome depends on the data type"),
    }
    // Data read from a document prints again; `Option` and `()` data may
    // print as nothing, as they were read from nothing.
    let printed = serde_json::to_string(&typed).expect("what was read prints");
    assert!(!printed.contains('\n'));
    let again: Envelope<T, Value> = serde_json::from_str(&printed).expect("and reads back");
    assert_eq!(again, typed);
}

fuzz_target!(|data: &[u8]| {
    let general = serde_json::from_slice::<Envelope<Value, Value>>(data);
    agrees::<()>(data, &general, true);
    agrees::<Option<Value>>(data, &general, true);
    agrees::<Option<u8>>(data, &general, false);
    agrees::<Vec<Value>>(data, &general, false);
    agrees::<String>(data, &general, false);
    agrees::<bool>(data, &general, false);
});
