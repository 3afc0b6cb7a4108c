//! The tooling around a program's codes: reading catalogs, the lock,
//! markdown docs, the stale-file checks and the coverage check for tests
//! (cargo feature `testing`), and the companion that runs them all (feature `companion`).
//! None of it is compiled into a program that does not ask for it.

// Without the companion, what only it uses of the lock and the markdown is idle.
#![cfg_attr(not(feature = "companion"), allow(dead_code))]

pub mod catalog;
#[cfg(feature = "companion")]
pub mod companion;
pub mod coverage;
pub(crate) mod diff;
pub(crate) mod files;
pub(crate) mod generated;
#[cfg(feature = "fluent")]
pub(crate) mod locales;
pub mod lock;
pub mod markdown;
pub(crate) mod merge;
pub mod site;
pub(crate) mod stale;
pub mod testing;
pub mod types;
