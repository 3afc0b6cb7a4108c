//! Reads arbitrary bytes as a catalog, merged or not, as `site` and `merge`
//! read catalogs that other programs and teams hand over, and lays out the
//! error index site of it as the companion writes it.
//!
//! - A catalog that reads is merged again: one program's catalog under two
//!   names (`a`, `b`), a merged catalog on its own, so that every input
//!   reaches a merged site's file naming.
//! - Every file of either site is named by plain relative parts (no `..`,
//!   `.`, root, empty part, `\` or `:`), and no two files share a name.
//! - Each file is written under `out/` of a scratch folder (under
//!   `/dev/shm` when there is one), and afterwards that folder holds
//!   `out/` and nothing else: no file was written outside it.
//! - No page carries markup the site does not write itself: at most one
//!   `<script` (its own search script), no `javascript:` link, no `<img`,
//!   `<iframe`, `<object` or `<embed`.
//!
//! `enum_infos` leaks its strings by design: run with `-detect_leaks=0`.
#![no_main]

use std::collections::HashSet;
use std::path::{Component, Path, PathBuf};

use libfuzzer_sys::fuzz_target;
use sponson_codes::companion::catalog::{merge, Catalog};
use sponson_codes::companion::site::{render_site, SiteOptions};

fn scratch() -> PathBuf {
    let base = if Path::new("/dev/shm").is_dir() {
        PathBuf::from("/dev/shm")
    } else {
        std::env::temp_dir()
    };
    base.join(format!("sponson-site-files-{}", std::process::id()))
}

fn check_site(catalog: &Catalog) {
    let files = render_site(catalog, &SiteOptions::new());
    let mut names = HashSet::new();
    let base = scratch();
    let out = base.join("out");
    let _ = std::fs::remove_dir_all(&base);
    std::fs::create_dir_all(&out).expect("the scratch folder");
    for file in &files {
        let path = Path::new(&file.path);
        assert!(
            !file.path.is_empty()
                && !file.path.contains(['\\', ':'])
                && path.components().all(|c| matches!(c, Component::Normal(_))),
            "a file name that is not plain: {:?}",
            file.path
        );
        assert!(
            names.insert(file.path.clone()),
            "two files named {:?}",
            file.path
        );
        let target = out.join(path);
        std::fs::create_dir_all(target.parent().expect("a parent")).expect("its folder");
        std::fs::write(&target, &file.contents).expect("the file");
        if file.path.ends_with(".html") {
            let page = file.contents.to_ascii_lowercase();
            assert!(
                page.matches("<script").count() <= 1,
                "{}: a second script",
                file.path
            );
            for markup in ["javascript:", "<img", "<iframe", "<object", "<embed"] {
                assert!(!page.contains(markup), "{}: {markup}", file.path);
            }
        }
    }
    let left: Vec<_> = std::fs::read_dir(&base)
        .expect("the scratch folder")
        .map(|entry| entry.expect("an entry").file_name())
        .collect();
    assert_eq!(left, ["out"], "a file was written outside out/");
    std::fs::remove_dir_all(&base).expect("the scratch folder is removed");
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(catalog) = Catalog::from_json(text) else {
        return;
    };
    let merged = if catalog.programs.is_empty() {
        check_site(&catalog);
        let (Ok(a), Ok(b)) = (catalog.named("a"), catalog.named("b")) else {
            unreachable!("`a` and `b` are program names");
        };
        merge(&[a, b])
    } else {
        merge(&[catalog])
    };
    let merged = merged.expect("a catalog that reads merges");
    let again = Catalog::from_json(&merged.catalog.to_json()).expect("a merged catalog reads back");
    assert_eq!(again, merged.catalog);
    check_site(&merged.catalog);
});
