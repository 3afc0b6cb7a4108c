//! Running a command: its outcome rendered as one document or as text,
//! printed once, with an exit code that agrees; panics and clap's parse
//! errors included.

#[cfg(feature = "clap")]
pub mod clap;
pub(crate) mod exit;
pub(crate) mod runner;
pub(crate) mod text;
pub(crate) mod warnings;
