//! A small outliner in the style of noggin: its `--json` output is noggin's
//! envelope, `{"status", "envelopeVersion": 3, "verb", "data" | "error"}`,
//! success on stdout and errors on stderr, chosen by one line:
//! `sponson_codes::use_profile!(sponson_codes::profile::NOGGIN)`.

use clap::{Parser, Subcommand};
use serde::Serialize;
use sponson_codes::{Error, ErrorCodes};

sponson_codes::use_profile!(sponson_codes::profile::NOGGIN);

/// Failures of `noggin`. Codes are kebab-case; exit 1 is a runtime or state
/// error, exit 2 a usage, parse or input error.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, ErrorCodes)]
#[codes(rename_all = "kebab-case", exits(1 = "runtime or state error", 2 = "usage, parse or invalid input"))]
#[non_exhaustive]
pub enum Code {
    /// A mistyped flag, a missing argument or an unknown verb.
    #[code(
        exit = 2,
        doc = "The command line is not valid.",
        hint = "Run `noggin --help`.",
        usage
    )]
    Usage,
    #[code(exit = 2, doc = "An item needs a title.")]
    TitleRequired,
    #[code(exit = 1, doc = "No item has that key.")]
    ItemNotFound,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

/// A tiny outline, one level deep.
#[derive(Debug, Parser)]
#[command(name = "noggin", version)]
pub struct Cli {
    /// Print noggin's JSON envelope.
    #[arg(long, global = true)]
    pub json: bool,
    /// The verb.
    #[command(subcommand)]
    pub verb: Verb,
}

/// The verbs.
#[derive(Debug, Subcommand)]
pub enum Verb {
    /// Add an item under the active one.
    Push {
        /// The title.
        title: Option<String>,
        /// The title, as a flag.
        #[arg(long = "title", value_name = "TITLE")]
        title_flag: Option<String>,
    },
    /// Describe where the active item is: data is a plain string.
    Where,
    /// Delete an item.
    Delete {
        /// The item's key.
        key: String,
    },
    /// Print many items (to show a closed stdout).
    Sample {
        /// How many.
        #[arg(long, default_value_t = 3)]
        count: usize,
    },
    /// Fail with an internal error, to show what a crash looks like.
    #[command(hide = true)]
    Crash,
}

impl Verb {
    /// The envelope's `verb`.
    pub fn name(&self) -> &'static str {
        match self {
            Verb::Push { .. } => "push",
            Verb::Where => "where",
            Verb::Delete { .. } => "delete",
            Verb::Sample { .. } => "sample",
            Verb::Crash => "crash",
        }
    }
}

/// One item of the outline.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Item {
    /// Its key.
    pub key: String,
    /// Its title.
    pub title: String,
}

/// `data` of most verbs: the tree as it is now.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CurrentTreeView {
    /// The active item's key.
    pub active_key: String,
    /// The active item's path.
    pub active_path: String,
    /// The items.
    pub items: Vec<Item>,
}

/// `noggin push`.
pub fn push(title: Option<&str>) -> Result<CurrentTreeView, Error<Code>> {
    let title = title.filter(|t| !t.trim().is_empty()).ok_or_else(|| {
        Error::new(
            Code::TitleRequired,
            "push: title required (--title or positional)",
        )
    })?;
    Ok(CurrentTreeView {
        active_key: "n2".to_owned(),
        active_path: format!("Inbox > {title}"),
        items: vec![
            Item {
                key: "n1".to_owned(),
                title: "Inbox".to_owned(),
            },
            Item {
                key: "n2".to_owned(),
                title: title.to_owned(),
            },
        ],
    })
}

/// `noggin where`: a plain string.
pub fn where_() -> Result<String, Error<Code>> {
    Ok("Inbox > Write the report".to_owned())
}

/// `noggin delete`: only `n1` exists.
pub fn delete(key: &str) -> Result<serde_json::Value, Error<Code>> {
    if key != "n1" {
        return Err(
            Error::new(Code::ItemNotFound, format!("delete: no item `{key}`"))
                .with_detail("key", key),
        );
    }
    Ok(serde_json::json!({"deleted": key}))
}

/// `noggin sample`.
pub fn sample(count: usize) -> Result<Vec<Item>, Error<Code>> {
    Ok((0..count)
        .map(|i| Item {
            key: format!("n{i}"),
            title: format!("item {i}"),
        })
        .collect())
}

/// `noggin crash`.
pub fn crash() -> Result<(), Error<Code>> {
    let steps: Vec<u8> = Vec::new();
    let index = 7;
    panic!(
        "index {index} out of range for {} items (token sk-live-panic-4f9c)",
        steps.len()
    );
}
