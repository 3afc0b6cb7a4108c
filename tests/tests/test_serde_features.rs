//! serde_json's `raw_value`, `arbitrary_precision` and `preserve_order`
//! features, switched on by any crate in a build, keep every guarantee of
//! the envelope (and with `preserve_order`, a relayed object's order): the tests
//! of `tests/serde-features` (a package of its own, so that the features
//! reach no other package) pass.

use std::path::Path;
use std::process::Command;

#[test]
fn the_guarantees_hold_with_raw_value_and_arbitrary_precision() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("serde-features/Cargo.toml");
    // Not the workspace's target dir, whose lock the outer cargo holds; the
    // one the other crates outside the workspace build in, so that what
    // serde_json's features leave alone (the macros, syn) is built once.
    let target = Path::new(env!("CARGO_TARGET_TMPDIR")).join("outside");
    let output = Command::new(env!("CARGO"))
        .args(["test", "--quiet", "--manifest-path"])
        .arg(&manifest)
        .env("CARGO_TARGET_DIR", &target)
        .output()
        .expect("cargo runs");
    assert!(
        output.status.success(),
        "stdout: {}\nstderr: {}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}
