//! The helpers `.ci/run` takes from `.ci/steps.sh`: a background job's
//! result decides the run's exit status, and the exit trap that ends the jobs
//! leaves a passing run's status alone.

#![cfg(unix)]

use std::path::Path;
use std::process::{Command, Output};

/// Runs `body` in bash after sourcing `.ci/steps.sh`, as `.ci/run` does.
fn script(body: &str) -> Output {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    Command::new("bash")
        .arg("-c")
        .arg(format!("set -euo pipefail\nsource .ci/steps.sh\n{body}"))
        .current_dir(root)
        .output()
        .expect("bash runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn a_run_whose_background_job_passed_exits_zero() {
    // The trap once killed the ended job's process group without `|| true`,
    // and under `set -e` that failed kill made every passing run exit 1.
    let out = script(
        "background 'a job' 0 'run echo from the job'\n\
         step 'a step'\n\
         wait_background\n\
         echo done",
    );
    let stdout = text(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "stdout: {stdout}\nstderr: {}",
        text(&out.stderr)
    );
    assert!(stdout.contains("from the job"), "{stdout}");
    assert!(stdout.ends_with("done\n"), "{stdout}");
}

#[test]
fn a_run_whose_background_job_failed_fails_and_names_it() {
    let out = script(
        "background 'the failing job' 0 'run false'\n\
         wait_background\n\
         echo not reached",
    );
    let stderr = text(&out.stderr);
    assert_ne!(out.status.code(), Some(0), "stderr: {stderr}");
    assert!(
        stderr.contains("FAILED (exit 1): the failing job"),
        "{stderr}"
    );
    assert!(!text(&out.stdout).contains("not reached"));
}

#[test]
fn a_failing_step_ends_the_jobs_still_running() {
    let pidfile = Path::new(env!("CARGO_TARGET_TMPDIR")).join("ci-steps-sleep.pid");
    let _ = std::fs::remove_file(&pidfile);
    // The job would outlive the script by a minute; the trap ends its group.
    let out = script(&format!(
        "background 'a long job' 0 'sleep 60 & echo $! > {pidfile:?}; wait'\n\
         for _ in $(seq 200); do [ -s {pidfile:?} ] && break; sleep 0.05; done\n\
         false"
    ));
    assert_eq!(out.status.code(), Some(1), "stderr: {}", text(&out.stderr));
    let pid = std::fs::read_to_string(&pidfile).expect("the job wrote its pid");
    let alive = || {
        Command::new("kill")
            .args(["-0", pid.trim()])
            .stderr(std::process::Stdio::null())
            .status()
            .expect("kill runs")
            .success()
    };
    // The signal is sent before the script exits; the process may take a
    // moment to go.
    for _ in 0..100 {
        if !alive() {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    panic!(
        "the background job's `sleep` (pid {}) outlived the script",
        pid.trim()
    );
}
