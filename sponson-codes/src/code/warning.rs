//! Warning codes: non-fatal findings with a code, a doc line and a hint, but
//! no exit code. A warning never fails a run and never changes its exit code.

#[cfg(feature = "error")]
use crate::code::details::Details;
use crate::code::{CodeInfo, EnumInfo};

/// Whether an enum lists error codes (`#[derive(ErrorCodes)]`) or warning
/// codes (`#[derive(WarningCodes)]`).
///
/// ```
/// use sponson_codes::{WarningCode, WarningCodes, registry::CodeKind};
///
/// #[derive(WarningCodes)]
/// enum Warn {
///     #[code(doc = "A YAML anchor was expanded.")]
///     YamlAnchor,
/// }
///
/// assert_eq!(Warn::ENUM.kind, CodeKind::Warnings);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[non_exhaustive]
pub enum CodeKind {
    /// Error codes: each has an exit code from 1 to 255.
    #[default]
    Errors,
    /// Warning codes: no exit code (their `CodeInfo::exit` is 0), no fallback.
    Warnings,
}

impl CodeKind {
    /// `"errors"` or `"warnings"`, as the catalog writes it.
    pub const fn as_str(self) -> &'static str {
        match self {
            CodeKind::Errors => "errors",
            CodeKind::Warnings => "warnings",
        }
    }
}

/// A warning code enum: implemented by `#[derive(WarningCodes)]`.
///
/// The same `#[code(...)]` keys as error codes (`doc`, `hint`, `name`,
/// `retired`, `#[code(detail)]` on fields) except `exit`, `fallback` and
/// `usage`, which are compile errors: a warning never ends a run.
///
/// ```
/// use sponson_codes::{WarningCode, WarningCodes};
///
/// /// Findings that do not stop a run.
/// #[derive(Debug, Clone, Copy, PartialEq, Eq, WarningCodes)]
/// enum Warn {
///     /// YAML anchors are expanded before the plan is checked.
///     #[code(doc = "A YAML anchor or alias was expanded.", hint = "Write the value out.")]
///     YamlAnchor,
/// }
///
/// assert_eq!(Warn::YamlAnchor.code(), "YAML_ANCHOR");
/// assert_eq!(Warn::YamlAnchor.info().exit, 0);
/// assert_eq!(Warn::from_code("YAML_ANCHOR"), Some(Warn::YamlAnchor));
/// ```
pub trait WarningCode: 'static {
    /// Every code of the enum, in declaration order.
    const TABLE: &'static [CodeInfo];
    /// The enum as a whole; its `kind` is [`CodeKind::Warnings`].
    const ENUM: &'static EnumInfo;

    /// This value's entry in [`TABLE`](WarningCode::TABLE).
    fn info(&self) -> &'static CodeInfo;

    /// The stable code string, such as `YAML_ANCHOR`.
    fn code(&self) -> &'static str {
        self.info().code
    }

    /// One line saying what the warning means.
    fn doc(&self) -> &'static str {
        self.info().doc
    }

    /// The remedy, when there is one.
    fn hint(&self) -> Option<&'static str> {
        self.info().hint
    }

    /// The long explanation from the variant's doc comment, `""` if none.
    fn explain(&self) -> &'static str {
        self.info().explain
    }

    /// Writes the fields marked `#[code(detail)]`, and only those, into `details`.
    #[cfg(feature = "error")]
    fn write_details(&self, details: &mut Details) {
        let _ = details;
    }
}
