//! `code!`: a listed code as a constant, checked at compile time.

/// The variant of a unit code enum whose code string is given, as a constant
/// expression; a string the enum does not list is a compile error that names
/// the string and the enum, and a retired code is a deprecation warning
/// carrying its retirement note.
///
/// ```
/// use sponson_codes::{code, ErrorCodes};
///
/// #[derive(Debug, PartialEq, ErrorCodes)]
/// enum Code {
///     #[code(exit = 3, doc = "Another run holds the lock.")]
///     LockHeld,
///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
///     Internal,
/// }
///
/// const HELD: Code = code!(Code, "LOCK_HELD");
/// assert_eq!(HELD, Code::LockHeld);
/// ```
///
/// ```compile_fail
/// # use sponson_codes::{code, ErrorCodes};
/// # #[derive(ErrorCodes)]
/// # enum Code {
/// #     #[code(exit = 1, doc = "An unexpected error.", fallback)]
/// #     Internal,
/// # }
/// let nope = code!(Code, "LOCK_HELDX");
/// ```
#[macro_export]
macro_rules! code {
    ($enum:ty, $code:literal $(,)?) => {{
        const __SPONSON_INDEX: $crate::__private::core::option::Option<
            $crate::__private::core::primitive::usize,
        > = $crate::__private::index_of(<$enum as $crate::ErrorCode>::TABLE, $code);
        // A retired code's `RAISE` is deprecated: naming it warns. An
        // unlisted code names no code's (and fails below, once).
        const __SPONSON_RAISED: $crate::__private::core::primitive::usize = match __SPONSON_INDEX {
            $crate::__private::core::option::Option::Some(index) => index,
            $crate::__private::core::option::Option::None => {
                $crate::__private::core::primitive::usize::MAX
            }
        };
        #[allow(unused_imports)]
        use $crate::__private::Raise as _;
        let () = <<$enum as $crate::__private::RetiredCodes>::Code<__SPONSON_RAISED>>::RAISE;
        const __SPONSON_CODE: $enum = <$enum>::__sponson_from_index(match __SPONSON_INDEX {
            $crate::__private::core::option::Option::Some(index) => index,
            $crate::__private::core::option::Option::None
                if $crate::__private::is_alias(<$enum as $crate::ErrorCode>::TABLE, $code) =>
            {
                $crate::__private::core::panic!($crate::__private::core::concat!(
                    "error code ",
                    $crate::__private::core::stringify!($code),
                    " is an old name (#[code(alias = ...)]) of a code of `",
                    $crate::__private::core::stringify!($enum),
                    "`; code! names a code by its current string, which documents are written with"
                ))
            }
            $crate::__private::core::option::Option::None => {
                $crate::__private::core::panic!($crate::__private::core::concat!(
                    "error code ",
                    $crate::__private::core::stringify!($code),
                    " is not listed in `",
                    $crate::__private::core::stringify!($enum),
                    "`; add a variant with #[code(...)] or use one of its listed codes"
                ))
            }
        });
        __SPONSON_CODE
    }};
}
