//! The command line: one clap enum, which also generates the completions.

use std::path::PathBuf;

use clap::Parser;
use clap_complete::Shell;

/// Keeps named snippets of text in a local store (`.stash`, or `$STASH_DIR`).
#[derive(Debug, Parser)]
#[command(name = "stash", version, about)]
pub enum Cli {
    /// Creates an empty store
    Init,
    /// Stores a file, or stdin, under a name
    Put {
        /// Letters, digits, `-`, `_` and `.`
        name: String,
        /// The file to store; stdin when absent
        file: Option<PathBuf>,
        /// Replace an entry of the same name
        #[arg(long)]
        force: bool,
        /// Tags to find the entry by
        #[arg(long = "tag", value_name = "TAG")]
        tags: Vec<String>,
    },
    /// Prints an entry
    Get { name: String },
    /// Lists the entries
    List {
        /// Only entries with this tag
        #[arg(long)]
        tag: Option<String>,
        /// Prints a JSON array instead of a table
        #[arg(long)]
        json: bool,
    },
    /// Removes an entry
    Rm { name: String },
    /// Exits 0 when the entry exists, 1 when not, printing nothing
    Has { name: String },
    /// Checks every entry against its hash; exits 3 when one is corrupt
    Verify {
        /// Print nothing; the exit code tells
        #[arg(long, short)]
        quiet: bool,
    },
    /// Prints a shell's completion script
    Completions { shell: Shell },
}
