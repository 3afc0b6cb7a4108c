//! The file I/O of the coverage check: every `.rs` file of two directories.

use std::path::Path;

use super::{SourceFile, Sources};

/// The `.rs` files under `src` and `tests`, each given with the name its
/// files are shown under. `tests` may be absent unless `tests_required`.
pub(crate) fn read(
    (src, src_shown): (&Path, &str),
    (tests, tests_shown): (&Path, &str),
    tests_required: bool,
) -> std::io::Result<Sources> {
    let mut files = Vec::new();
    walk(src, &super::shown(src_shown), false, &mut files)?;
    if tests_required || tests.exists() {
        walk(tests, &super::shown(tests_shown), true, &mut files)?;
    }
    Ok(Sources {
        files,
        ..Sources::new()
    }
    .shown_as(src_shown, tests_shown))
}

/// Adds every `.rs` file under `dir`, in name order; symbolic links to
/// directories are not followed, so a link cycle ends.
fn walk(dir: &Path, shown: &str, test: bool, out: &mut Vec<SourceFile>) -> std::io::Result<()> {
    let mut entries = std::fs::read_dir(dir)
        .map_err(|err| std::io::Error::new(err.kind(), format!("cannot read `{shown}`: {err}")))?
        .collect::<Result<Vec<_>, _>>()?;
    entries.sort_by_key(std::fs::DirEntry::file_name);
    for entry in entries {
        let name = entry.file_name().to_string_lossy().into_owned();
        let path = entry.path();
        let shown = format!("{shown}/{name}");
        if entry.file_type()?.is_dir() {
            walk(&path, &shown, test, out)?;
        } else if name.ends_with(".rs") && path.is_file() {
            let bytes = std::fs::read(&path).map_err(|err| {
                std::io::Error::new(err.kind(), format!("cannot read `{shown}`: {err}"))
            })?;
            out.push(SourceFile {
                path: shown,
                text: String::from_utf8_lossy(&bytes).into_owned(),
                test,
            });
        }
    }
    Ok(())
}
