//! rmcp servers (feature `rmcp`).

/// A tool router whose tools answer in the program's profile.
pub struct Tools;
