//! The registry of every code enum linked into a program, and the check for
//! one code string declared by several enums; public as
//! [`crate::registry`], whose docs hold the duplicate policy.

use core::fmt;

use crate::code::{CodeInfo, EnumInfo};

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

/// Every code enum linked into this program, sorted by crate, then where the
/// enum is declared (module path and name, not `#[codes(path = "...")]`),
/// whatever the link order.
///
/// ```
/// let enums = sponson_codes::registry::registered();
/// let keys: Vec<_> = enums.iter().map(|e| (e.crate_name, e.module_path, e.name)).collect();
/// let mut sorted = keys.clone();
/// sorted.sort();
/// assert_eq!(keys, sorted);
/// ```
pub fn registered() -> Vec<&'static EnumInfo> {
    let mut all: Vec<&'static EnumInfo> = inventory::iter::<Registration>
        .into_iter()
        .map(Registration::info)
        .collect();
    sort_enums(&mut all);
    all
}

/// Sorts enums by crate, module path and name, and drops repeated entries.
pub(crate) fn sort_enums(enums: &mut Vec<&'static EnumInfo>) {
    crate::code::sort_small(enums, |a, b| {
        (a.crate_name, a.module_path, a.name) < (b.crate_name, b.module_path, b.name)
    });
    enums.dedup_by(|a, b| core::ptr::eq(*a, *b));
}

/// The enums a program's docs describe: every registered enum except those
/// of `sponson-codes` itself (its companion binary's own codes).
///
/// ```
/// let enums = sponson_codes::registry::documented();
/// assert!(enums.iter().all(|e| e.crate_name != "sponson-codes"));
/// ```
pub fn documented() -> Vec<&'static EnumInfo> {
    let mut enums = registered();
    enums.retain(|e| e.crate_name != env!("CARGO_PKG_NAME"));
    enums
}

/// One code string declared by more than one enum.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Duplicate {
    /// The code string.
    pub code: &'static str,
    /// Every declaration, in registry order.
    pub declarations: Vec<(&'static EnumInfo, &'static CodeInfo)>,
}

impl Duplicate {
    /// Whether the declarations conflict: their exit codes differ, or the code
    /// is retired in one enum and live in another.
    ///
    /// Duplicates that agree are allowed; see the module docs for the policy.
    pub fn is_conflict(&self) -> bool {
        self.exits_differ() || self.retired_reused()
    }

    /// Whether two declarations give different exit codes.
    pub fn exits_differ(&self) -> bool {
        let first = self.declarations[0].1.exit;
        self.declarations.iter().any(|(_, c)| c.exit != first)
    }

    /// Whether the code is retired in one enum and still raised by another.
    pub fn retired_reused(&self) -> bool {
        let retired = self.declarations.iter().any(|(_, c)| c.is_retired());
        retired && self.declarations.iter().any(|(_, c)| !c.is_retired())
    }
}

impl fmt::Display for Duplicate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let places: Vec<String> = self
            .declarations
            .iter()
            .map(|(e, c)| {
                let state = if c.is_retired() { ", retired" } else { "" };
                format!("`{}` ({}, exit {}{state})", e.path(), e.crate_name, c.exit)
            })
            .collect();
        let places = places.join(" and ");
        if self.exits_differ() {
            write!(
                f,
                "code `{}` is declared with different exit codes by {places}; give one of them a new code with `name = \"...\"` or make the exits agree",
                self.code
            )
        } else if self.retired_reused() {
            write!(
                f,
                "code `{}` is retired but still raised: declared by {places}; retired codes are never reused, so give the live one a new code",
                self.code
            )
        } else {
            write!(
                f,
                "code `{}` is shared by {places}; allowed because they agree",
                self.code
            )
        }
    }
}

/// Every code string declared by more than one of `enums`, sorted by code.
///
/// ```
/// let dups = sponson_codes::registry::duplicates(&sponson_codes::registry::documented());
/// assert!(dups.iter().all(|d| d.declarations.len() > 1));
/// ```
pub fn duplicates(enums: &[&'static EnumInfo]) -> Vec<Duplicate> {
    let mut all: Vec<(&'static EnumInfo, &'static CodeInfo)> = enums
        .iter()
        .flat_map(|e| e.table.iter().map(move |c| (*e, c)))
        .collect();
    // A stable sort keeps registry order within one code.
    all.sort_by(|a, b| a.1.code.cmp(b.1.code));
    let mut out = Vec::new();
    for group in all.chunk_by(|a, b| a.1.code == b.1.code) {
        if group.len() > 1 {
            out.push(Duplicate {
                code: group[0].1.code,
                declarations: group.to_vec(),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ErrorCode;

    mod a {
        #[derive(Debug, Clone, Copy, crate::ErrorCodes)]
        #[codes(crate = crate, path = "a::A")]
        #[non_exhaustive]
        pub enum A {
            #[code(exit = 1, doc = "doc", fallback)]
            Internal,
            #[code(exit = 2, doc = "doc")]
            SharedExit,
            #[code(exit = 2, doc = "doc", retired = "1.0")]
            Old,
        }
    }

    mod b {
        #[derive(Debug, Clone, Copy, crate::ErrorCodes)]
        #[codes(crate = crate, path = "b::B")]
        #[non_exhaustive]
        pub enum B {
            #[code(exit = 1, doc = "doc", fallback)]
            Internal,
            #[code(exit = 3, doc = "doc")]
            SharedExit,
            #[code(exit = 2, doc = "doc")]
            Old,
        }
    }

    // In crates `a` and `b`: the derive names the crate it is compiled in.
    static A: EnumInfo = EnumInfo {
        crate_name: "a",
        ..*<a::A as ErrorCode>::ENUM
    };
    static B: EnumInfo = EnumInfo {
        crate_name: "b",
        ..*<b::B as ErrorCode>::ENUM
    };

    #[test]
    fn agreeing_duplicates_are_allowed_and_conflicts_are_named() {
        let dups = duplicates(&[&A, &B]);
        let codes: Vec<_> = dups.iter().map(|d| (d.code, d.is_conflict())).collect();
        assert_eq!(
            codes,
            [("INTERNAL", false), ("OLD", true), ("SHARED_EXIT", true)]
        );
        let msg = dups[2].to_string();
        assert!(msg.contains("different exit codes"), "{msg}");
        assert!(msg.contains("`a::A` (a, exit 2)") && msg.contains("`b::B` (b, exit 3)"));
        assert!(dups[1].to_string().contains("never reused"));
    }

    #[test]
    fn sort_is_independent_of_link_order() {
        let mut one = vec![&B, &A];
        let mut two = vec![&A, &B, &A];
        sort_enums(&mut one);
        sort_enums(&mut two);
        assert_eq!(one, two);
        assert_eq!(one[0].name, "A");
    }
}
