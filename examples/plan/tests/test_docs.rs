//! The outputs shown in `docs/envelope.md` are what `plan` prints today.

mod common;

use common::{fixture, Scratch};

/// `(args, stdout, exit)` of every ```text block that starts with `$ plan`.
fn documented_runs(doc: &str) -> Vec<(String, String, i32)> {
    let mut runs = Vec::new();
    for block in doc.split("```text\n").skip(1) {
        let block = block.split("```").next().unwrap_or_default();
        let mut lines = block.lines();
        let Some(args) = lines.next().and_then(|l| l.strip_prefix("$ plan ")) else {
            continue;
        };
        if args.contains('|') {
            continue;
        }
        let body: Vec<&str> = lines.collect();
        let stdout: String = body
            .iter()
            .take_while(|l| !l.starts_with('#'))
            .map(|l| format!("{l}\n"))
            .collect();
        let exit = body
            .iter()
            .find_map(|l| l.strip_prefix("# exit "))
            .and_then(|n| n.split_whitespace().next()?.parse().ok())
            .unwrap_or_else(|| panic!("`{args}` documents its exit code"));
        runs.push((args.to_owned(), stdout, exit));
    }
    runs
}

#[test]
fn documented_outputs_match_real_runs() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/envelope.md");
    let doc = std::fs::read_to_string(path).expect("docs/envelope.md exists");
    let runs = documented_runs(&doc);
    assert!(runs.len() >= 10, "every path is shown: {}", runs.len());
    let s = Scratch::new("docs");
    std::fs::copy(fixture("rejection.json"), s.path("rejection.json")).unwrap();
    for (args, stdout, exit) in runs {
        let argv: Vec<&str> = args.split_whitespace().collect();
        // The documented lock-held run is made with a held lock.
        let lock = s.path("deploy.plan.lock");
        if argv == ["apply", "deploy.plan", "--json"] {
            std::fs::write(&lock, "run 41\n").unwrap();
        }
        let run = s.plan(&argv);
        let _ = std::fs::remove_file(&lock);
        assert_eq!(
            run.stdout, stdout,
            "stdout of `plan {args}`; update docs/envelope.md"
        );
        assert_eq!(run.exit, exit, "exit of `plan {args}`");
    }
}

/// The README's quick start runs `plan` on the fixture; the first line of the
/// envelope section's sample is what that command prints.
#[test]
fn readme_quick_start_output_is_real() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let readme = std::fs::read_to_string(format!("{root}/README.md")).expect("README.md exists");
    let args = readme
        .lines()
        .find_map(|l| l.strip_prefix("cargo run -p plan-example -- "))
        .expect("the quick start runs plan-example");
    let args = args.split('#').next().unwrap_or_default().trim();
    let argv: Vec<&str> = args.split_whitespace().collect();
    let sample = readme
        .split("## One JSON envelope on every path")
        .nth(1)
        .and_then(|s| s.split("```text\n").nth(1))
        .and_then(|block| block.lines().next())
        .expect("the envelope section opens with a text sample");
    // The quick start is run from the workspace root, where its path resolves.
    let run = common::run_in(std::path::Path::new(root), &argv);
    assert_eq!(run.exit, 0, "`plan {args}` succeeds: {}", run.stderr);
    assert_eq!(
        format!("{sample}\n"),
        run.stdout,
        "the README's sample output of `plan {args}`; update README.md"
    );
}
