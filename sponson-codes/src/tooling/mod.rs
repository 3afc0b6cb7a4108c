//! The tooling around a program's codes (cargo feature `tooling`): the JSON
//! catalog and its lock, markdown docs, the stale-file checks for tests, and
//! the companion binary that runs them all.

pub mod catalog;
pub mod companion;
pub(crate) mod diff;
pub(crate) mod files;
pub mod lock;
pub mod markdown;
pub(crate) mod stale;
pub mod testing;
