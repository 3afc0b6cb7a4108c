//! Text mode and the process edges: a closed stdout, clap's own text output.

mod common;

use std::io::Read;
use std::process::{Command, Stdio};

use common::Scratch;

#[test]
fn closed_stdout_ends_quietly_with_a_failure_exit() {
    for mode in [&["--json"][..], &[]] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_plan"))
            .args(["sample", "--steps", "300000"])
            .args(mode)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Read a little, then go away, as `| head -c 16` does.
        let mut stdout = child.stdout.take().unwrap();
        let mut head = [0u8; 16];
        stdout.read_exact(&mut head).unwrap();
        drop(stdout);
        let mut stderr = String::new();
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut stderr)
            .unwrap();
        let status = child.wait().unwrap();
        assert_eq!(
            status.code(),
            Some(1),
            "fallback exit, not a signal or a panic"
        );
        assert!(stderr.is_empty(), "quiet: {stderr}");
    }
}

#[test]
fn text_mode_prints_data_and_errors_for_people() {
    let s = Scratch::new("text");
    let ok = s.plan(&["validate", "deploy.plan"]);
    assert_eq!((ok.exit, ok.stdout.as_str()), (0, "deploy.plan: 3 steps\n"));
    let failed = s.plan(&["apply", "deploy.plan", "--env", "prod"]);
    assert_eq!(failed.exit, 2);
    assert!(failed.stdout.is_empty());
    assert_eq!(
        failed.stderr,
        "error[APPROVAL_REQUIRED]: deploy.plan writes to prod and no approver was given\nhint: Pass --approved-by <who>.\n"
    );
}

#[test]
fn text_mode_keeps_clap_output() {
    let s = Scratch::new("text-clap");
    let usage = s.plan(&["apply", "--frobnicate", "deploy.plan"]);
    assert_eq!(usage.exit, 2);
    assert!(usage.stdout.is_empty());
    assert!(usage
        .stderr
        .starts_with("error: unexpected argument '--frobnicate' found"));
    assert!(usage.stderr.contains("For more information, try '--help'."));
    let help = s.plan(&["--help"]);
    assert_eq!(help.exit, 0);
    assert!(help.stdout.starts_with("Validate, apply and push plans"));
}

#[test]
fn text_mode_panic_has_no_json() {
    let s = Scratch::new("text-panic");
    let run = s.plan(&["crash"]);
    assert_eq!(run.exit, 1);
    assert!(run.stdout.is_empty());
    assert!(run
        .stderr
        .contains("error[INTERNAL]: the command stopped on an unexpected internal error"));
}

#[test]
fn clap_text_echoes_a_mistyped_argument_escaped() {
    let scratch = Scratch::new("clap-bidi");
    // A right-to-left override in the mistyped flag would reverse what
    // follows it on the terminal.
    let run = scratch.plan(&["validate", "--evil\u{202e}txt.exe", "deploy.plan"]);
    assert_eq!(run.exit, 2);
    assert!(!run.stderr.contains('\u{202e}'), "{:?}", run.stderr);
    assert!(
        run.stderr.contains("--evil\\u{202e}txt.exe"),
        "{}",
        run.stderr
    );
}
