//! Compile-fail cases of the derive: each file under `tests/ui/` is one
//! mistake, and its `.stderr` is the exact error a user sees. They live in a
//! crate of their own because trybuild builds them against the crate's
//! dependencies and dev-dependencies: these few, not the test suite's.
//!
//! The `.stderr` files hold rustc 1.95's wording; rustc rewords its own notes
//! between releases, so the cases run only on 1.95 (as thiserror pins its UI
//! tests) and a toolchain update cannot fail them on wording alone. When the
//! toolchain moves, regenerate them with `TRYBUILD=overwrite` on the new
//! version, review the diff, and move the pin.

use std::path::Path;

#[rustversion::attr(
    not(stable(1.95)),
    ignore = "the .stderr files hold rustc 1.95's wording"
)]
#[test]
fn ui() {
    copy_locales();
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
}

/// A case with `#[codes(locales = "ui-locales")]` reads Fluent files relative
/// to the package being compiled, which under trybuild is the project it
/// generates (`<target>/tests/trybuild/<this crate>`, found as trybuild finds
/// it, from `cargo metadata`), not this directory: `tests/ui-locales` is
/// copied there first.
fn copy_locales() {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let output = std::process::Command::new(cargo)
        .args(["metadata", "--no-deps", "--format-version=1"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo metadata runs");
    let metadata: serde_json::Value =
        serde_json::from_slice(&output.stdout).expect("cargo metadata prints JSON");
    let target = metadata["target_directory"]
        .as_str()
        .expect("cargo metadata names the target directory");
    let from = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ui-locales");
    let to = Path::new(target)
        .join("tests/trybuild")
        .join(env!("CARGO_PKG_NAME"))
        .join("ui-locales");
    for locale in std::fs::read_dir(&from).expect("tests/ui-locales is readable") {
        let locale = locale.expect("tests/ui-locales is readable").path();
        let name = locale.file_name().expect("a locale directory has a name");
        std::fs::create_dir_all(to.join(name)).expect("the trybuild project is writable");
        for file in std::fs::read_dir(&locale).expect("a locale directory is readable") {
            let file = file.expect("a locale directory is readable").path();
            let file_name = file.file_name().expect("a file has a name");
            std::fs::copy(&file, to.join(name).join(file_name))
                .expect("a Fluent file copies into the trybuild project");
        }
    }
}
