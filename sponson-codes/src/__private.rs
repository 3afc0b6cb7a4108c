//! Everything generated code reaches; not public API.

pub use ::core;
#[cfg(feature = "registry")]
pub use ::inventory;
pub use ::serde;
pub use ::std;

use crate::code::const_str_eq;
#[cfg(feature = "registry")]
pub use crate::code::registry::Registration;
pub use crate::code::sealed::ErrorCodeSealed;
#[cfg(feature = "error")]
pub use crate::code::Details;
pub use crate::code::{
    CodeFields, CodeInfo, CodeKind, EnumFields, EnumInfo, ErrorCode, ErrorCodeSet, ErrorSet,
    ExitClass, SetKind, UnknownCode, WarningCode,
};
#[cfg(feature = "registry")]
pub use crate::document::declared::Declaration;

/// Registers an enum's `EnumInfo` with the program's registry; nothing
/// without the `registry` layer. The derive writes it, so the runtime's
/// features decide, not the derive's.
#[cfg(feature = "registry")]
#[doc(hidden)]
#[macro_export]
macro_rules! __sponson_register {
    ($info:expr) => {
        $crate::__private::inventory::submit! {
            $crate::__private::Registration::__new($info)
        }
    };
}

#[cfg(not(feature = "registry"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __sponson_register {
    ($info:expr) => {};
}

/// `GrpcCodes` for an enum that names its gRPC domain, or nothing without
/// the `tonic` layer, which is where gRPC statuses exist.
#[cfg(feature = "tonic")]
#[doc(hidden)]
#[macro_export]
macro_rules! __sponson_grpc_codes {
    ($ident:ident, $domain:expr) => {
        #[automatically_derived]
        impl $crate::grpc::GrpcCodes for $ident {
            const DOMAIN: &'static str = $domain;
        }
    };
}

#[cfg(not(feature = "tonic"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __sponson_grpc_codes {
    ($ident:ident, $domain:expr) => {};
}

/// The items given (the derive's `write_details`), or nothing without the
/// `error` layer, which is where details exist.
#[cfg(feature = "error")]
#[doc(hidden)]
#[macro_export]
macro_rules! __sponson_with_details {
    ($($item:tt)*) => { $($item)* };
}

#[cfg(not(feature = "error"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __sponson_with_details {
    ($($item:tt)*) => {};
}

use core::fmt;
use core::marker::PhantomData;

/// A code's explanation as the table holds it: leading blank lines and
/// trailing whitespace trimmed (a file's final newline), or `""` when the
/// `explain` feature is off, so the text never reaches the binary.
pub const fn explain(text: &'static str) -> &'static str {
    if cfg!(feature = "explain") {
        let mut bytes = text.as_bytes();
        while let [b'\n' | b'\r', rest @ ..] = bytes {
            bytes = rest;
        }
        match core::str::from_utf8(bytes) {
            Ok(text) => text.trim_ascii_end(),
            Err(_) => text,
        }
    } else {
        ""
    }
}

/// Looks `key` up in the derive's perfect hash.
#[inline]
pub fn lookup(key: &str, seed: u64, pilots: &[u16], slots: &[(&str, u32)]) -> Option<usize> {
    crate::code::hash::lookup(key, seed, pilots, slots)
}

/// The index of the fallback in `info.table`, for the generated `FALLBACK`.
pub const fn fallback_index(info: &EnumInfo) -> usize {
    info.fallback
}

/// The index of `code` in `table`, for `code!` at compile time.
pub const fn index_of(table: &[CodeInfo], code: &str) -> Option<usize> {
    let mut i = 0;
    while i < table.len() {
        if const_str_eq(table[i].code, code) {
            return Some(i);
        }
        i += 1;
    }
    None
}

/// Whether `code` is an old name (`#[code(alias = "...")]`) of a code of
/// `table`, for `code!`'s error about it.
pub const fn is_alias(table: &[CodeInfo], code: &str) -> bool {
    let mut i = 0;
    while i < table.len() {
        let mut a = 0;
        while a < table[i].aliases.len() {
            if const_str_eq(table[i].aliases[a], code) {
                return true;
            }
            a += 1;
        }
        i += 1;
    }
    false
}

/// `code!`'s way to a retired code's deprecation: `Code<I>::RAISE` is a
/// `#[deprecated]` constant exactly when the code at index `I` is retired,
/// so naming it warns with the retirement note.
pub trait RetiredCodes {
    type Code<const I: usize>;
}

/// The `RAISE` of a code that is not retired. Inherent constants are found
/// before trait ones, so a retired code's deprecated `RAISE` wins.
pub trait Raise {
    const RAISE: () = ();
}

/// [`RetiredCodes::Code`] of an enum without retired codes.
pub struct LiveCode;

impl Raise for LiveCode {}

/// `FromStr` for a code enum: strict, an unknown code is an error.
pub fn from_str<C: ErrorCodeSet>(code: &str) -> Result<C, UnknownCode> {
    C::from_code(code).ok_or_else(|| UnknownCode::new(code, C::ENUM.name))
}

/// `Deserialize` for a code enum: an unknown code becomes the fallback,
/// unless the enum says `#[codes(deny_unknown)]`.
pub fn deserialize<'de, C, D>(deserializer: D) -> Result<C, D::Error>
where
    C: ErrorCodeSet,
    D: serde::Deserializer<'de>,
{
    deserializer.deserialize_str(CodeVisitor(PhantomData))
}

struct CodeVisitor<C>(PhantomData<C>);

impl<C: ErrorCodeSet> serde::de::Visitor<'_> for CodeVisitor<C> {
    type Value = C;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "an error code of `{}`", C::ENUM.name)
    }

    fn visit_str<E: serde::de::Error>(self, code: &str) -> Result<C, E> {
        match C::from_code(code) {
            Some(value) => Ok(value),
            None if C::ENUM.deny_unknown => Err(E::custom(UnknownCode::new(code, C::ENUM.name))),
            None => Ok(C::FALLBACK),
        }
    }

    fn visit_bytes<E: serde::de::Error>(self, bytes: &[u8]) -> Result<C, E> {
        match core::str::from_utf8(bytes) {
            Ok(code) => self.visit_str(code),
            Err(_) => Err(E::invalid_value(serde::de::Unexpected::Bytes(bytes), &self)),
        }
    }
}

/// What stub impls point at while the enum has errors; never seen at run time
/// because the crate does not compile.
pub static STUB_INFO: CodeInfo = STUB_FIELDS.build();

/// The placeholder metadata of the codes in stub impls.
pub const STUB_FIELDS: CodeFields = CodeFields {
    code: "",
    exit: 1,
    doc: "",
    hint: None,
    explain: "",
    variant: "",
    usage: false,
    retired: None,
    http: None,
    url: None,
    retryable: None,
    grpc: None,
    aliases: &[],
    split_from: None,
    number: None,
    details: &[],
};

/// See [`STUB_INFO`].
pub static STUB_ENUM: EnumInfo = EnumFields {
    name: "",
    path: "",
    module_path: "",
    crate_name: "",
    bin: None,
    explain: "",
    exits: &[],
    table: core::slice::from_ref(&STUB_INFO),
    fallback: 0,
    public: false,
    non_exhaustive: false,
    deny_unknown: false,
    require_explain: false,
    grpc_domain: None,
    sets: &[],
    compat: None,
    kind: CodeKind::Errors,
}
.build();

/// `FromStr` and `Deserialize` for a warning enum of unit variants: strict,
/// since warnings have no fallback.
pub fn warning_from_str<W: WarningCode>(
    code: &str,
    from_code: fn(&str) -> Option<W>,
) -> Result<W, UnknownCode> {
    from_code(code).ok_or_else(|| UnknownCode::new(code, W::ENUM.name))
}
