//! The store: an index of entries and one object file per content,
//! named by its hash.
//!
//! ```text
//! .stash/index            name<TAB>hash<TAB>size<TAB>tag,tag
//! .stash/objects/<hash>   the content
//! ```

use std::fs;
use std::io::Write as _;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context as _, Result};
use serde::Serialize;

/// One entry of the index.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Entry {
    pub name: String,
    pub hash: String,
    pub size: u64,
    pub tags: Vec<String>,
}

/// A store on disk.
#[derive(Debug)]
pub struct Store {
    pub dir: PathBuf,
    pub entries: Vec<Entry>,
}

/// FNV-1a, 64 bits: enough to tell contents apart in a local store.
pub fn hash(bytes: &[u8]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// Where the store is: `$STASH_DIR`, else `.stash` here.
pub fn dir() -> PathBuf {
    std::env::var_os("STASH_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(".stash"))
}

pub fn check_name(name: &str) -> Result<()> {
    let ok = !name.is_empty()
        && name.len() <= 64
        && !name.starts_with('.')
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'));
    if !ok {
        bail!("`{name}` is not a name: use letters, digits, `-`, `_` and `.`");
    }
    Ok(())
}

impl Store {
    pub fn init(dir: &Path) -> Result<()> {
        if dir.join("index").exists() {
            bail!("a store already exists in {}", dir.display());
        }
        fs::create_dir_all(dir.join("objects"))
            .with_context(|| format!("cannot create {}", dir.display()))?;
        fs::write(dir.join("index"), "")
            .with_context(|| format!("cannot create the index in {}", dir.display()))?;
        Ok(())
    }

    pub fn open(dir: &Path) -> Result<Store> {
        let index = dir.join("index");
        if !index.exists() {
            bail!("no store in {}; run `stash init` first", dir.display());
        }
        let text = fs::read_to_string(&index)
            .with_context(|| format!("cannot read {}", index.display()))?;
        let entries = text
            .lines()
            .filter(|l| !l.is_empty())
            .map(parse_line)
            .collect();
        Ok(Store {
            dir: dir.to_owned(),
            entries,
        })
    }

    pub fn get(&self, name: &str) -> Option<&Entry> {
        self.entries.iter().find(|e| e.name == name)
    }

    fn object(&self, hash: &str) -> PathBuf {
        self.dir.join("objects").join(hash)
    }

    pub fn read(&self, entry: &Entry) -> Result<Vec<u8>> {
        fs::read(self.object(&entry.hash))
            .with_context(|| format!("the content of `{}` is missing from the store", entry.name))
    }

    /// Stores `content` under `name`, replacing an entry only when `force`.
    pub fn put(
        &mut self,
        name: &str,
        content: &[u8],
        tags: Vec<String>,
        force: bool,
    ) -> Result<&Entry> {
        check_name(name)?;
        if self.get(name).is_some() && !force {
            bail!("`{name}` is already stashed; pass --force to replace it");
        }
        let hash = hash(content);
        let object = self.object(&hash);
        if !object.exists() {
            write_atomically(&object, content).context("cannot write the content")?;
        }
        self.entries.retain(|e| e.name != name);
        self.entries.push(Entry {
            name: name.to_owned(),
            hash,
            size: content.len() as u64,
            tags,
        });
        self.save()?;
        Ok(self.entries.last().expect("just pushed"))
    }

    pub fn remove(&mut self, name: &str) -> Result<Entry> {
        let Some(at) = self.entries.iter().position(|e| e.name == name) else {
            bail!("no entry named `{name}`");
        };
        let entry = self.entries.remove(at);
        self.save()?;
        if !self.entries.iter().any(|e| e.hash == entry.hash) {
            fs::remove_file(self.object(&entry.hash))
                .with_context(|| format!("cannot remove the content of `{name}`"))?;
        }
        Ok(entry)
    }

    fn save(&self) -> Result<()> {
        let mut text = String::new();
        for e in &self.entries {
            text.push_str(&format!(
                "{}\t{}\t{}\t{}\n",
                e.name,
                e.hash,
                e.size,
                e.tags.join(",")
            ));
        }
        write_atomically(&self.dir.join("index"), text.as_bytes()).context("cannot save the index")
    }
}

/// One index line. The index is only written by `save`, so a line that does
/// not parse is a store broken by hand.
fn parse_line(line: &str) -> Entry {
    let mut fields = line.split('\t');
    let name = fields.next().unwrap().to_owned();
    let hash = fields.next().unwrap().to_owned();
    let size = fields.next().unwrap().parse().unwrap();
    let tags = fields
        .next()
        .unwrap_or("")
        .split(',')
        .filter(|t| !t.is_empty())
        .map(str::to_owned)
        .collect();
    Entry {
        name,
        hash,
        size,
        tags,
    }
}

fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let tmp = path.with_extension("tmp");
    let mut file = fs::File::create(&tmp)?;
    file.write_all(bytes)?;
    file.sync_all()?;
    fs::rename(&tmp, path)
}
