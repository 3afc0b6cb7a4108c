//! The program's profile: declared once, in the library crate, with
//! [`use_profile!`](crate::use_profile), so that the runner and the companion
//! (which links that crate) agree on it.

use super::{Profile, SPONSON};

/// One profile declared with [`use_profile!`](crate::use_profile).
#[derive(Debug)]
pub struct Registration {
    profile: &'static Profile,
}

impl Registration {
    #[doc(hidden)]
    pub const fn __new(profile: &'static Profile) -> Self {
        Registration { profile }
    }
}

inventory::collect!(Registration);

/// The profile the program declared with [`use_profile!`](crate::use_profile),
/// or [`SPONSON`] when none is declared.
///
/// Declarations that disagree are a mistake the companion's `check`
/// reports (`PROFILE_CONFLICT`); here the first by name wins, so the choice
/// does not depend on link order.
///
/// ```
/// assert_eq!(sponson_codes::profile::registered().name, "sponson");
/// ```
pub fn registered() -> &'static Profile {
    all().first().copied().unwrap_or(&SPONSON)
}

/// Every declared profile, sorted by name, repeats removed.
pub fn all() -> Vec<&'static Profile> {
    let mut all: Vec<&'static Profile> = inventory::iter::<Registration>
        .into_iter()
        .map(|r| r.profile)
        .collect();
    all.sort_by_key(|p| p.name);
    all.dedup_by(|a, b| a == b);
    all
}

/// Declares the program's envelope profile: `sponson_codes::use_profile!(sponson_codes::profile::NOGGIN);`.
///
/// Write it once, in the library crate whose codes the companion documents:
/// the runner prints in that profile and the companion's `schema` and `lock`
/// describe it. Without it, the profile is [`SPONSON`].
///
/// ```
/// sponson_codes::use_profile!(sponson_codes::profile::SPONSON);
/// ```
#[macro_export]
macro_rules! use_profile {
    ($profile:expr) => {
        const _: () = {
            // Checked here too, so a profile written inline cannot skip the check.
            static __SPONSON_PROFILE: $crate::profile::Profile = ($profile).assert_valid();
            $crate::__private::inventory::submit! {
                $crate::profile::Registration::__new(&__SPONSON_PROFILE)
            }
        };
    };
}
