//! Reads arbitrary bytes as a program's catalog with `Catalog::from_json`,
//! as the companion reads the catalog an untrusted program hands it, then
//! does with it what the companion's commands do.
//!
//! - What reads is of the catalog format and version, and writes a catalog
//!   that reads back equal, in the same bytes.
//! - Its enums, as the derive would record them (`enum_infos`), hold the
//!   catalog's codes of each enum in order; the companion's live catalog
//!   (`Catalog::from_enums`), its markdown, its duplicate check, its schema
//!   and its lock are made from them without a panic; a catalog that names
//!   each enum once is made again the same from the enums it gives, and a
//!   lock written from it compares unchanged when each code is listed once.
//!
//! `enum_infos` leaks its strings by design (a companion reads one catalog
//! per process): run with `-detect_leaks=0`.
#![no_main]

use std::collections::HashSet;

use libfuzzer_sys::fuzz_target;
use sponson_codes::catalog::{FORMAT, VERSION};
use sponson_codes::companion::catalog::Catalog;
use sponson_codes::companion::lock::compare;
use sponson_codes::companion::markdown::render_markdown;
use sponson_codes::profile::{NOGGIN, SPONSON};
use sponson_codes::registry::duplicates;

fn unique<'a>(keys: impl IntoIterator<Item = (&'a str, &'a str)>) -> bool {
    let mut seen = HashSet::new();
    keys.into_iter().all(|key| seen.insert(key))
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(catalog) = Catalog::from_json(text) else {
        return;
    };
    assert_eq!(
        (catalog.format.as_str(), catalog.version),
        (FORMAT, VERSION)
    );
    let json = catalog.to_json();
    let again = Catalog::from_json(&json).expect("a written catalog reads back");
    assert_eq!(again, catalog);
    assert_eq!(again.to_json(), json);

    let infos = catalog.enum_infos();
    assert_eq!(infos.len(), catalog.enums.len());
    for (info, entry) in infos.iter().zip(&catalog.enums) {
        let codes: Vec<&str> = catalog
            .codes
            .iter()
            .filter(|c| {
                c.enum_path == entry.path
                    && c.crate_name == entry.crate_name
                    && c.program == entry.program
            })
            .map(|c| c.code.as_str())
            .collect();
        let table: Vec<&str> = info.table.iter().map(|c| c.code).collect();
        assert_eq!(table, codes);
    }

    // What `docs`, `lock`, `list`, `check` and `schema` make of the enums.
    let live = Catalog::from_enums(&infos);
    let _ = render_markdown(&infos, "sponson-codes docs --catalog catalog.json");
    let _ = duplicates(&infos);
    let _ = SPONSON.schema(&infos);
    let _ = NOGGIN.schema(&infos);
    let lock = Catalog::read_lock(&live.to_lock_json()).expect("a written lock reads back");
    if unique(live.codes.iter().map(|c| (c.code.as_str(), ""))) {
        let report = compare(&lock, &live);
        assert!(report.is_unchanged(), "{report}");
    }
    if unique(
        catalog
            .enums
            .iter()
            .map(|e| (e.crate_name.as_str(), e.path.as_str())),
    ) {
        let rebuilt = Catalog::from_enums(&live.enum_infos());
        assert_eq!(rebuilt, live);
    }
});
