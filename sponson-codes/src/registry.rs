//! The registry of every code enum linked into a program.

use crate::code::EnumInfo;

/// One enum's entry in the registry, submitted by the derive.
#[derive(Debug)]
pub struct Registration {
    info: &'static EnumInfo,
}

impl Registration {
    #[doc(hidden)]
    pub const fn __new(info: &'static EnumInfo) -> Self {
        Registration { info }
    }

    /// The registered enum.
    pub fn info(&self) -> &'static EnumInfo {
        self.info
    }
}

inventory::collect!(Registration);

/// Every code enum linked into this program, sorted by crate, then enum path,
/// whatever the link order.
///
/// ```
/// use sponson_codes::ErrorCodes;
///
/// #[derive(ErrorCodes)]
/// enum Code {
///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
///     Internal,
/// }
///
/// assert!(sponson_codes::registered().iter().any(|e| e.name == "Code"));
/// ```
pub fn registered() -> Vec<&'static EnumInfo> {
    let mut all: Vec<&'static EnumInfo> = inventory::iter::<Registration>
        .into_iter()
        .map(Registration::info)
        .collect();
    all.sort_by(|a, b| {
        (a.crate_name, a.module_path, a.name).cmp(&(b.crate_name, b.module_path, b.name))
    });
    all.dedup_by(|a, b| core::ptr::eq(*a, *b));
    all
}
