//! What each command does; output goes to the writer given.

use std::io::{Read as _, Write};
use std::path::Path;

use anyhow::{bail, Context as _, Result};
use clap::CommandFactory as _;
use serde::Serialize;

use sponson_codes::Error;

use crate::cli::Cli;
use crate::codes::Code;
use crate::store::{self, Store};

pub fn init(out: &mut dyn Write) -> Result<()> {
    let dir = store::dir();
    Store::init(&dir)?;
    writeln!(out, "created an empty store in {}", dir.display())?;
    Ok(())
}

pub fn put(
    name: &str,
    file: Option<&Path>,
    force: bool,
    tags: &[String],
    out: &mut dyn Write,
) -> Result<()> {
    let mut store = Store::open(&store::dir())?;
    let content = match file {
        Some(path) => std::fs::read(path).with_context(|| {
            let message = format!("cannot read {}", path.display());
            Error::new(Code::InputUnreadable, message)
                .with_detail("file", &path.display().to_string())
        })?,
        None => {
            let mut bytes = Vec::new();
            std::io::stdin()
                .read_to_end(&mut bytes)
                .context("cannot read stdin")?;
            bytes
        }
    };
    let entry = store
        .put(name, &content, tags.to_vec(), force)
        .with_context(|| format!("cannot stash `{name}`"))?;
    writeln!(
        out,
        "stashed {} ({} bytes, {})",
        entry.name,
        entry.size,
        &entry.hash[..8]
    )?;
    Ok(())
}

pub fn get(name: &str, out: &mut dyn Write) -> Result<()> {
    let store = Store::open(&store::dir())?;
    let Some(entry) = store.get(name) else {
        bail!(
            Error::new(Code::NotFound, format!("no entry named `{name}`"))
                .with_detail("name", name)
        );
    };
    let content = store.read(entry)?;
    out.write_all(&content)?;
    Ok(())
}

/// What `list --json` prints for each entry.
#[derive(Debug, Serialize)]
pub struct Listed {
    pub name: String,
    pub size: u64,
    pub hash: String,
    pub tags: Vec<String>,
}

pub fn listed(tag: Option<&str>) -> Result<Vec<Listed>> {
    let store = Store::open(&store::dir())?;
    let mut entries: Vec<Listed> = store
        .entries
        .into_iter()
        .filter(|e| tag.is_none_or(|t| e.tags.iter().any(|have| have == t)))
        .map(|e| Listed {
            name: e.name,
            size: e.size,
            hash: e.hash,
            tags: e.tags,
        })
        .collect();
    entries.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(entries)
}

/// The table people read.
pub fn listed_text(entries: &[Listed]) -> String {
    let width = entries
        .iter()
        .map(|e| e.name.len())
        .max()
        .unwrap_or(4)
        .max(4);
    let mut text = format!("{:<width$}  {:>8}  {:<8}  TAGS\n", "NAME", "SIZE", "HASH");
    for e in entries {
        text.push_str(&format!(
            "{:<width$}  {:>8}  {:<8}  {}\n",
            e.name,
            e.size,
            &e.hash[..8],
            e.tags.join(",")
        ));
    }
    text
}

pub fn rm(name: &str, out: &mut dyn Write) -> Result<()> {
    let mut store = Store::open(&store::dir())?;
    let entry = store.remove(name)?;
    writeln!(out, "removed {} ({} bytes)", entry.name, entry.size)?;
    Ok(())
}

pub fn has(name: &str) -> Result<()> {
    let store = Store::open(&store::dir())?;
    if store.get(name).is_none() {
        bail!(
            Error::new(Code::Absent, format!("no entry named `{name}`")).with_detail("name", name)
        );
    }
    Ok(())
}

pub fn verify(quiet: bool, out: &mut dyn Write) -> Result<()> {
    let store = Store::open(&store::dir())?;
    let mut corrupt = Vec::new();
    for entry in &store.entries {
        let ok = match store.read(entry) {
            Ok(content) => store::hash(&content) == entry.hash,
            Err(_) => false,
        };
        if !ok {
            corrupt.push(entry.name.clone());
            if !quiet {
                writeln!(out, "corrupt: {}", entry.name)?;
            }
        }
    }
    if !corrupt.is_empty() {
        let message = format!("{} corrupt entries", corrupt.len());
        bail!(Error::new(Code::Corrupt, message).with_detail("corrupt", &corrupt));
    }
    if !quiet {
        writeln!(out, "{} entries, all intact", store.entries.len())?;
    }
    Ok(())
}

pub fn completions(shell: clap_complete::Shell, out: &mut dyn Write) -> Result<()> {
    clap_complete::generate(shell, &mut Cli::command(), "stash", out);
    Ok(())
}
