//! What a program's build gains from sponson-codes' tooling features. A
//! program takes `testing` as a dev-dependency, but dev-dependencies share
//! its `Cargo.lock`: every crate the feature pulls in is locked (and updated,
//! and audited) for the program itself. So the tooling uses std for its
//! files, and no crate that reaches into the platform.

use std::path::Path;
use std::process::Command;

/// The packages `features` of sponson-codes build, by name, without its
/// dev-dependencies.
fn packages_with(features: &str) -> Vec<String> {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("../Cargo.toml");
    let output = Command::new(env!("CARGO"))
        .args(["tree", "--locked", "--manifest-path"])
        .arg(&manifest)
        .args(["-p", "sponson-codes", "-e", "normal,build", "--features"])
        .arg(features)
        .args(["--prefix", "none", "--format", "{p}"])
        .output()
        .expect("cargo runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let mut names: Vec<String> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .filter_map(|line| line.split_whitespace().next())
        .map(str::to_owned)
        .collect();
    names.sort();
    names.dedup();
    names
}

#[test]
fn the_testing_and_companion_features_pull_in_no_platform_crates() {
    for features in ["testing", "companion"] {
        let names = packages_with(features);
        assert!(
            names.iter().any(|name| name == "similar"),
            "{features}: {names:?}"
        );
        let platform: Vec<&String> = names
            .iter()
            .filter(|name| {
                [
                    "tempfile",
                    "rustix",
                    "libc",
                    "linux-raw-sys",
                    "getrandom",
                    "fastrand",
                    "windows-sys",
                ]
                .contains(&name.as_str())
            })
            .collect();
        assert_eq!(platform, Vec::<&String>::new(), "{features}: {names:?}");
    }
}
