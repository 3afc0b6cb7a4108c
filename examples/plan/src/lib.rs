//! A small plan-like command line built on sponson-codes: every outcome,
//! a crash included, ends as one JSON envelope with `--json`.
//!
//! The binary `plan` lives in `main.rs`; this library holds its error codes
//! and commands so that other binaries and tests can reach them.

pub mod cli;
pub mod codes;
pub mod commands;
pub mod locales;
pub mod plan;
pub mod response;

pub use crate::codes::{Code, Warn};
