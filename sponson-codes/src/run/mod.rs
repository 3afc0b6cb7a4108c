//! Running a command: its outcome rendered as an envelope or text, printed
//! once, with an exit code that agrees; panics and clap's parse errors
//! included.

#[cfg(feature = "clap")]
pub mod clap;
pub(crate) mod escape;
pub(crate) mod output;
pub(crate) mod profiled;
pub(crate) mod render;
pub(crate) mod runner;

pub use self::output::Output;
pub use self::render::Mode;
pub use self::runner::Runner;
