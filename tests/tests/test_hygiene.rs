//! Generated code compiles where common names are shadowed, under denied
//! warnings, and clean under clippy pedantic (`.ci/run` runs clippy with
//! `-D warnings` over this file).
#![deny(warnings, missing_docs, unsafe_code)]
#![warn(clippy::pedantic)]
#![allow(dead_code, non_camel_case_types)]

mod core {}
mod std {}
mod serde {}
mod inventory {}
struct Option;
struct Result;
struct Some;
struct None;
struct Ok;
struct Err;
struct String;
struct str;
struct u8;
struct u16;
struct u32;
struct u64;
struct usize;
struct bool;

mod reexport {
    pub use sponson_codes as codes;
}

/// Codes declared where the usual names mean something else.
#[derive(Debug, Clone, Copy, PartialEq, Eq, sponson_codes::ErrorCodes)]
#[codes(exits(1 = "failure", 2 = "usage"))]
pub enum Shadowed {
    /// A long explanation.
    #[code(
        exit = 2,
        doc = "The arguments are wrong.",
        hint = "See --help.",
        usage
    )]
    Usage,
    /// The fallback.
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

/// Codes that reach the runtime through a re-export.
#[derive(Debug, Clone, Copy, PartialEq, Eq, sponson_codes::ErrorCodes)]
#[codes(crate = reexport::codes)]
#[non_exhaustive]
pub enum ThroughReexport {
    /// The fallback.
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

/// Codes with data, also declared under shadowed names.
#[derive(Debug, sponson_codes::ErrorCodes)]
#[codes(crate = "reexport::codes")]
pub enum WithFields {
    /// Bad input.
    #[code(exit = 2, doc = "Bad input.")]
    Bad {
        /// The offending field.
        #[code(detail)]
        field: ::core::primitive::u32,
    },
    /// The fallback.
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

#[test]
fn generated_code_works_with_shadowed_names() {
    use sponson_codes::ErrorCode;
    assert_eq!(Shadowed::Usage.code(), "USAGE");
    assert_eq!(
        Shadowed::from_code("INTERNAL"),
        ::core::option::Option::Some(Shadowed::Internal)
    );
    assert_eq!(ThroughReexport::FALLBACK, ThroughReexport::Internal);
    assert!(ThroughReexport::ENUM.non_exhaustive);
    assert_eq!(WithFields::Bad { field: 3 }.exit_code(), 2);
    assert_eq!(
        ::serde_json::to_string(&Shadowed::Usage).unwrap(),
        "\"USAGE\""
    );
}
