//! A crate outside the workspace that depends on sponson-codes by path builds
//! and uses every generated item.

use std::path::Path;
use std::process::Command;

#[test]
fn a_crate_outside_the_workspace_uses_every_generated_item() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("outside/Cargo.toml");
    // Its own target dir: the outer cargo holds the lock on the workspace's.
    let target = Path::new(env!("CARGO_TARGET_TMPDIR")).join("outside");
    let output = Command::new(env!("CARGO"))
        .args(["run", "--quiet", "--manifest-path"])
        .arg(&manifest)
        .env("CARGO_TARGET_DIR", &target)
        .output()
        .expect("cargo runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "every generated item works\n",
        "stderr: {stderr}"
    );
    // The program exits with LOCK_HELD's exit code through `From<Code> for ExitCode`.
    assert_eq!(output.status.code(), Some(3), "stderr: {stderr}");
}
