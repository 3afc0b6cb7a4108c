//! The document: one outcome of a command as the JSON a program prints, in
//! the shape of its profile. The outcome model, the profiles (shapes as
//! data), the one writer, the one reader, the schema generated from the
//! same shape, and Sponson's envelope as Rust types.

pub(crate) mod declared;
pub(crate) mod envelope;
#[cfg(test)]
mod envelope_tests;
#[cfg(feature = "fluent")]
pub mod fluent;
pub(crate) mod localized;
pub(crate) mod outcome;
pub(crate) mod output;
pub(crate) mod profile;
pub(crate) mod read;
#[cfg(feature = "schema")]
pub(crate) mod schema;
pub(crate) mod write;
