//! File I/O for generated files: bounded reads of regular files, and atomic
//! writes through exclusively created temporary files.
//!
//! Policy, for paths given by users (`--out`, the test helpers' paths):
//! - Only regular files are read or replaced. A FIFO, a device (`/dev/stdout`,
//!   `/dev/zero`), a socket or a directory is refused at once with an error
//!   that names what it is, so nothing blocks or reads without end.
//! - A file larger than [`MAX_FILE_BYTES`] is refused rather than read.
//! - A path that is a symbolic link is written *through*: the link's final
//!   target is replaced, and the link stays a link. A link whose target does
//!   not exist is refused.
//! - A replaced file keeps its permission bits; a new file gets the usual
//!   `0o666` less the umask.
//! - The new contents go to a temporary file created exclusively (`O_EXCL`,
//!   never following a link) under an unpredictable name in the target's
//!   directory, and are renamed over the target: a reader, or a concurrent
//!   writer, only ever sees one whole version. The docs and the lock are
//!   synced to the disk before the rename; the pages of a site, thousands
//!   of them and regenerated in seconds, are not.

use std::fs;
use std::io::{self, Read as _, Write as _};
use std::path::{Path, PathBuf};

/// The largest generated file read back, in bytes: a generated file is far
/// smaller, and a bound keeps a wrong path from exhausting memory.
pub(crate) const MAX_FILE_BYTES: u64 = 64 << 20;

/// `dir` joined with `relative`, when `relative` names a file under `dir`:
/// plain names separated by `/`, with no `..`, `.`, root or empty part.
/// What the companion writes under `--out` goes through it, so that a name
/// made from a catalog never leaves the folder it was given.
pub(crate) fn under(dir: &Path, relative: &str) -> Option<PathBuf> {
    let plain = |part: &str| {
        !matches!(part, "" | "." | "..") && !part.contains(['\\', '\0']) && !part.contains(':')
    };
    relative.split('/').all(plain).then(|| dir.join(relative))
}

/// Reads `path`, or `None` when it does not exist; the bytes are returned
/// as they are, so a file that is not UTF-8 can still be compared and
/// replaced.
pub(crate) fn read_optional(path: &Path) -> io::Result<Option<Vec<u8>>> {
    let meta = match fs::metadata(path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e),
    };
    regular(&meta)?;
    let file = match fs::File::open(path) {
        Ok(file) => file,
        // Removed since: as if it never existed.
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e),
    };
    // Checked again on what was opened: the path may have changed meanwhile.
    regular(&file.metadata()?)?;
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(too_large());
    }
    Ok(Some(bytes))
}

/// Writes `contents` to `path` atomically; see the module's policy. Missing
/// parent directories are created. On error the old file is left whole and
/// the temporary file is removed.
pub(crate) fn write_atomic(path: &Path, contents: &str) -> io::Result<()> {
    write_replacing(path, contents, true)
}

/// [`write_atomic`] without syncing the new contents to the disk before the
/// rename: a reader still only ever sees one whole version, but a crash of
/// the machine soon after may leave the file empty. For the thousands of
/// pages of a site, which one command writes again in seconds, where a
/// sync per file would take most of the time.
pub(crate) fn write_atomic_unsynced(path: &Path, contents: &str) -> io::Result<()> {
    write_replacing(path, contents, false)
}

fn write_replacing(path: &Path, contents: &str, sync: bool) -> io::Result<()> {
    let target = resolve(path)?;
    let existing = match fs::metadata(&target) {
        Ok(meta) => {
            regular(&meta)?;
            Some(meta.permissions())
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => None,
        Err(e) => return Err(e),
    };
    let dir = match target.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    fs::create_dir_all(dir)?;
    let name = target
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "the path names no file"))?;
    let mut tmp = Temporary::create(dir, name)?;
    let file = tmp.file();
    file.write_all(contents.as_bytes())?;
    if let Some(permissions) = existing {
        // Set on the open file, so the umask does not narrow them.
        file.set_permissions(permissions)?;
    }
    if sync {
        file.sync_all()?;
    }
    // On failure the temporary file is dropped, which removes it.
    tmp.rename_to(&target)
}

/// How many names a [`Temporary`] tries before giving up: each is taken
/// only when another file holds it already.
const TEMPORARY_ATTEMPTS: u32 = 100;

/// A temporary file beside the file it will replace, removed when dropped
/// unless renamed over it: std alone (`create_new`, which is `O_CREAT |
/// O_EXCL` and never follows a link), so the tooling pulls in no crate that
/// reaches into the platform.
struct Temporary {
    path: PathBuf,
    /// Open until the rename, which closes it first (Windows renames no
    /// file that is open).
    file: Option<fs::File>,
    renamed: bool,
}

impl Temporary {
    /// Creates `.{name}.{16 hex digits}.tmp` in `dir`, exclusively, under a
    /// name no other process can predict; for a new file, what
    /// `File::create` gives one: `0o666` less the umask.
    fn create(dir: &Path, name: &std::ffi::OsStr) -> io::Result<Temporary> {
        let mut options = fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt as _;
            options.mode(0o666);
        }
        for _ in 0..TEMPORARY_ATTEMPTS {
            let mut file_name = std::ffi::OsString::from(".");
            file_name.push(name);
            file_name.push(format!(".{:016x}.tmp", unpredictable()));
            let path = dir.join(file_name);
            match options.open(&path) {
                Ok(file) => {
                    return Ok(Temporary {
                        path,
                        file: Some(file),
                        renamed: false,
                    });
                }
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
                Err(e) => return Err(e),
            }
        }
        Err(io::Error::new(
            io::ErrorKind::AlreadyExists,
            format!(
                "{TEMPORARY_ATTEMPTS} temporary names in `{}` were all taken",
                dir.display()
            ),
        ))
    }

    /// The open file, to write.
    fn file(&mut self) -> &mut fs::File {
        self.file.as_mut().expect("open until renamed")
    }

    /// Closes the file and renames it over `target`, which it replaces whole.
    fn rename_to(mut self, target: &Path) -> io::Result<()> {
        drop(self.file.take());
        fs::rename(&self.path, target)?;
        self.renamed = true;
        Ok(())
    }
}

impl Drop for Temporary {
    fn drop(&mut self) {
        if !self.renamed {
            let _ = fs::remove_file(&self.path);
        }
    }
}

/// 64 bits no other process can predict: std's `RandomState` is keyed from
/// the operating system's randomness, and hashes the time, the process and
/// a count, so that two names in one process differ too.
fn unpredictable() -> u64 {
    use std::hash::{BuildHasher as _, Hasher as _};
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNT: AtomicU64 = AtomicU64::new(0);
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u64(COUNT.fetch_add(1, Ordering::Relaxed));
    hasher.write_u32(std::process::id());
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
    hasher.write_u128(now.map_or(0, |d| d.as_nanos()));
    hasher.finish()
}

/// The file a write to `path` replaces: `path` itself, or the final target
/// when `path` is a symbolic link.
fn resolve(path: &Path) -> io::Result<PathBuf> {
    match fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => fs::canonicalize(path).map_err(|e| {
            io::Error::new(
                io::ErrorKind::InvalidInput,
                format!(
                    "it is a symbolic link whose target cannot be resolved ({e}); \
                     point it at a regular file, or remove the link"
                ),
            )
        }),
        _ => Ok(path.to_owned()),
    }
}

/// Refuses anything but a regular file, naming what it is.
fn regular(meta: &fs::Metadata) -> io::Result<()> {
    if meta.is_file() {
        if meta.len() > MAX_FILE_BYTES {
            return Err(too_large());
        }
        return Ok(());
    }
    let kind = kind_of(&meta.file_type());
    Err(io::Error::new(
        io::ErrorKind::InvalidInput,
        format!("it is {kind}, not a regular file; pass the path of a regular file"),
    ))
}

fn too_large() -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidInput,
        format!("it is larger than {MAX_FILE_BYTES} bytes, far larger than a generated file"),
    )
}

fn kind_of(file_type: &fs::FileType) -> &'static str {
    if file_type.is_dir() {
        return "a directory";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt as _;
        if file_type.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if file_type.is_char_device() {
            return "a character device";
        }
        if file_type.is_block_device() {
            return "a block device";
        }
        if file_type.is_socket() {
            return "a socket";
        }
    }
    "a special file"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_relative_names_stay_under_the_folder() {
        let dir = Path::new("out");
        assert_eq!(
            under(dir, "plan/LOCK_HELD.html"),
            Some(dir.join("plan/LOCK_HELD.html"))
        );
        for escaping in [
            "../x.html",
            "sub/../../x.html",
            "/etc/x",
            "a//b",
            "./a",
            "a\\..\\b",
            "C:x",
            "",
        ] {
            assert_eq!(under(dir, escaping), None, "{escaping}");
        }
    }

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("sponson-codes-files-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn writes_through_a_temporary_file_and_creates_directories() {
        let dir = scratch("write");
        let path = dir.join("docs/errors.md");
        write_atomic(&path, "one\n").unwrap();
        write_atomic(&path, "two\n").unwrap();
        assert_eq!(
            read_optional(&path).unwrap().as_deref(),
            Some(&b"two\n"[..])
        );
        let leftovers: Vec<_> = fs::read_dir(dir.join("docs")).unwrap().collect();
        assert_eq!(leftovers.len(), 1, "no temporary file is left behind");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn temporary_files_are_new_unpredictable_and_removed_unless_renamed() {
        let dir = scratch("temporary");
        fs::create_dir_all(&dir).unwrap();
        let name = std::ffi::OsStr::new("errors.md");
        let first = Temporary::create(&dir, name).unwrap();
        let second = Temporary::create(&dir, name).unwrap();
        assert_ne!(first.path, second.path);
        let file_name = first.path.file_name().unwrap().to_str().unwrap();
        let random = file_name
            .strip_prefix(".errors.md.")
            .and_then(|rest| rest.strip_suffix(".tmp"))
            .unwrap_or_else(|| panic!("{file_name}"));
        assert!(
            random.len() == 16 && random.bytes().all(|b| b.is_ascii_hexdigit()),
            "{file_name}"
        );
        drop(first);
        second.rename_to(&dir.join("errors.md")).unwrap();
        let names: Vec<_> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["errors.md"], "the dropped one is removed");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_failed_write_keeps_the_old_file() {
        let dir = scratch("fail");
        fs::create_dir_all(dir.join("target.md")).unwrap();
        let err = write_atomic(&dir.join("target.md"), "new").unwrap_err();
        assert!(err.to_string().contains("a directory"), "{err}");
        let names: Vec<_> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["target.md"], "no temporary file is left");
        assert!(read_optional(&dir.join("missing.md")).unwrap().is_none());
        fs::remove_dir_all(&dir).unwrap();
    }
}
