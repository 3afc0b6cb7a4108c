//! `ledger`'s enums are declared in its binary, which no other crate can
//! depend on: the catalog it hands over says so, and the companion's `check`
//! then has nothing to say about their being exhaustive.

use std::process::Command;

use serde_json::Value;

const LEDGER: &str = env!("CARGO_BIN_EXE_ledger");

#[test]
fn the_catalog_names_the_binary_that_declares_each_enum() {
    let out = Command::new(LEDGER)
        .env("SPONSON_CODES_CATALOG", "1")
        .output()
        .expect("ledger runs");
    assert!(out.status.success(), "{out:?}");
    let catalog: Value = serde_json::from_slice(&out.stdout).expect("a catalog");
    let enums: Vec<(&str, &Value)> = catalog["enums"]
        .as_array()
        .expect("enums")
        .iter()
        .map(|e| (e["path"].as_str().unwrap(), &e["bin"]))
        .collect();
    assert!(enums.len() >= 2, "{enums:?}");
    for (path, bin) in enums {
        // The library's own enums (its usage codes) are not the program's.
        if path.starts_with("sponson_codes::") {
            assert_eq!(*bin, Value::Null, "{path}");
        } else {
            assert_eq!(*bin, "ledger", "{path}");
        }
    }
}
