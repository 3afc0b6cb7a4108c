//! `#[codes(serde = false)]` and `#[codes(from_str = false)]`: the user keeps
//! their own impls, and the derive's other impls are unchanged.

use std::str::FromStr;

use sponson_codes::{ErrorCodeSet, ErrorCodes};

/// serde's own derive: the variant name, not the code, is the serialized form.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, ErrorCodes)]
#[codes(serde = false)]
enum OwnSerde {
    #[code(exit = 3, doc = "Another run holds the lock.")]
    LockHeld,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

/// A hand-written `FromStr` that also accepts lowercase codes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ErrorCodes)]
#[codes(from_str = false)]
enum OwnFromStr {
    #[code(exit = 3, doc = "Another run holds the lock.")]
    LockHeld,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

impl FromStr for OwnFromStr {
    type Err = ();

    fn from_str(s: &str) -> Result<Self, ()> {
        Self::from_code(&s.to_ascii_uppercase()).ok_or(())
    }
}

/// Both left to the user, and `true` (the default) written out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, ErrorCodes)]
#[codes(serde = false, from_str = true)]
enum Mixed {
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

#[test]
fn own_serde_is_used() {
    assert_eq!(
        serde_json::to_string(&OwnSerde::LockHeld).unwrap(),
        r#""LockHeld""#
    );
    let back: OwnSerde = serde_json::from_str(r#""Internal""#).unwrap();
    assert_eq!(back, OwnSerde::Internal);
    // The derive's FromStr is still there, and reads codes.
    assert_eq!("LOCK_HELD".parse::<OwnSerde>().unwrap(), OwnSerde::LockHeld);
    assert_eq!(OwnSerde::LockHeld.code(), "LOCK_HELD");
}

#[test]
fn own_from_str_is_used() {
    assert_eq!("lock_held".parse::<OwnFromStr>(), Ok(OwnFromStr::LockHeld));
    assert_eq!(
        OwnFromStr::from_code_or_fallback("NOPE"),
        OwnFromStr::Internal
    );
    // The derive's serde is still there, and writes codes.
    assert_eq!(
        serde_json::to_string(&OwnFromStr::LockHeld).unwrap(),
        r#""LOCK_HELD""#
    );
}

#[test]
fn true_is_the_default() {
    assert_eq!("INTERNAL".parse::<Mixed>().unwrap(), Mixed::Internal);
    assert_eq!(
        serde_json::to_string(&Mixed::Internal).unwrap(),
        r#""Internal""#
    );
}
