//! The program's profile: declared once, with
//! [`use_profile!`](crate::use_profile), and read by every surface that
//! prints a document (the runner, the clap front end, MCP tool results, the
//! catalog the companion reads), so none of them takes a second argument to
//! forget.

use super::profile::{Profile, SPONSON};

/// One profile declared with [`use_profile!`](crate::use_profile).
#[cfg(feature = "registry")]
#[derive(Debug)]
pub struct Declaration {
    profile: &'static Profile,
}

#[cfg(feature = "registry")]
impl Declaration {
    /// The declaration of `profile`; only `use_profile!` builds one.
    pub const fn new(profile: &'static Profile) -> Self {
        Declaration { profile }
    }
}

#[cfg(feature = "registry")]
inventory::collect!(Declaration);

/// The profile the program declared with [`use_profile!`](crate::use_profile),
/// or [`SPONSON`] when none is declared.
///
/// Declarations that disagree are a mistake the companion's `check`
/// reports (`PROFILE_CONFLICT`); here the first by name wins, so the choice
/// does not depend on link order.
///
/// ```
/// assert_eq!(sponson_codes::profile::declared().name, "sponson");
/// ```
pub fn declared() -> &'static Profile {
    all_declared().first().copied().unwrap_or(&SPONSON)
}

/// Every declared profile, sorted by name, repeats removed.
///
/// ```standalone_crate
/// // A crate of its own: merged doc tests share one registry.
/// assert!(sponson_codes::profile::all_declared().is_empty());
/// ```
pub fn all_declared() -> Vec<&'static Profile> {
    #[cfg(feature = "registry")]
    let mut all: Vec<&'static Profile> = inventory::iter::<Declaration>
        .into_iter()
        .map(|d| d.profile)
        .collect();
    // Without the registry, nothing is declared: every program prints
    // Sponson's shape unless a runner is given another profile.
    #[cfg(not(feature = "registry"))]
    let mut all: Vec<&'static Profile> = Vec::new();
    crate::code::sort_small(&mut all, |a, b| a.name < b.name);
    all.dedup_by(|a, b| a == b);
    all
}

/// Declares the program's envelope profile: `sponson_codes::use_profile!(sponson_codes::profile::NOGGIN);`.
///
/// Write it once, in the crate whose codes the program raises (its library
/// crate, or the binary itself): the runner, the clap front end and MCP tool
/// results print in that profile, and the catalog records it for the
/// companion's `schema`, `lock` and own output. Without it, the profile is
/// [`SPONSON`].
///
/// ```
/// sponson_codes::use_profile!(sponson_codes::profile::SPONSON);
/// ```
#[cfg(feature = "registry")]
#[cfg_attr(docsrs, doc(cfg(feature = "registry")))]
#[macro_export]
macro_rules! use_profile {
    ($profile:expr) => {
        const _: () = {
            // Checked here too, so a profile written inline cannot skip the check.
            static __SPONSON_PROFILE: $crate::profile::Profile = ($profile).assert_valid();
            $crate::__private::inventory::submit! {
                $crate::__private::Declaration::new(&__SPONSON_PROFILE)
            }
        };
    };
}
