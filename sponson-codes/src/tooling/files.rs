//! File I/O for generated files: reads, and atomic writes.

use std::fs;
use std::io::{self, Write as _};
use std::path::Path;

/// Reads `path`, or `None` when it does not exist.
pub(crate) fn read_optional(path: &Path) -> io::Result<Option<String>> {
    match fs::read_to_string(path) {
        Ok(text) => Ok(Some(text)),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e),
    }
}

/// Writes `contents` to `path` through a temporary file in the same
/// directory, then renames it over `path`: an interrupted run leaves the old
/// file whole, never a truncated one. Missing parent directories are created.
pub(crate) fn write_atomic(path: &Path, contents: &str) -> io::Result<()> {
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    fs::create_dir_all(dir)?;
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "the path names no file"))?;
    let mut tmp_name = std::ffi::OsString::from(".");
    tmp_name.push(name);
    tmp_name.push(format!(".{}.tmp", std::process::id()));
    let tmp = dir.join(tmp_name);
    let result = (|| {
        let mut file = fs::File::create(&tmp)?;
        file.write_all(contents.as_bytes())?;
        file.sync_all()?;
        fs::rename(&tmp, path)
    })();
    if result.is_err() {
        // Best effort: the error that matters is the one returned.
        let _ = fs::remove_file(&tmp);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> std::path::PathBuf {
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
        assert_eq!(read_optional(&path).unwrap().as_deref(), Some("two\n"));
        let leftovers: Vec<_> = fs::read_dir(dir.join("docs")).unwrap().collect();
        assert_eq!(leftovers.len(), 1, "no temporary file is left behind");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_failed_write_keeps_the_old_file() {
        let dir = scratch("fail");
        fs::create_dir_all(dir.join("target.md")).unwrap();
        // Renaming a file over a directory fails after the temporary file is written.
        assert!(write_atomic(&dir.join("target.md"), "new").is_err());
        let names: Vec<_> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["target.md"], "the temporary file is removed");
        assert!(read_optional(&dir.join("missing.md")).unwrap().is_none());
        fs::remove_dir_all(&dir).unwrap();
    }
}
