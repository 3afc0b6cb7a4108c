//! HTTP: a coded error as RFC 9457 problem details, and (feature `axum`)
//! as an axum response.

#[cfg(feature = "axum")]
pub(crate) mod axum;
pub(crate) mod problem;
