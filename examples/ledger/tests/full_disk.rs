//! A stdout that cannot be written for a reason other than a closed pipe (a
//! full disk: `ledger report > /dev/full`) is a failure in both modes, even
//! though `ledger` exits 0 when its reader goes away (`ledger report | head`).

use std::path::PathBuf;
use std::process::{Command, Stdio};

const LEDGER: &str = env!("CARGO_BIN_EXE_ledger");

struct Run {
    stderr: String,
    exit: i32,
}

/// Runs `ledger args` in `dir`, with stdout on `/dev/full` (`full`) or on a
/// pipe whose reader has gone.
fn ledger(dir: &PathBuf, args: &[&str], full: bool) -> Run {
    let mut command = Command::new(LEDGER);
    command
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stderr(Stdio::piped());
    match full {
        true => command.stdout(
            std::fs::OpenOptions::new()
                .write(true)
                .open("/dev/full")
                .unwrap(),
        ),
        false => {
            let (writer, reader) = std::os::unix::net::UnixStream::pair().unwrap();
            drop(reader);
            command.stdout(std::os::fd::OwnedFd::from(writer))
        }
    };
    let out = command.output().unwrap();
    Run {
        stderr: String::from_utf8(out.stderr).unwrap(),
        exit: out.status.code().expect("an exit code, not a signal"),
    }
}

fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ledger-full-disk-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("home.ledger"),
        ";; ledger v1\nopen 2024-01-01 assets:cash\nopen 2024-01-01 income:pay\n\
         2024-01-02 income:pay -> assets:cash 1500.00 pay\n",
    )
    .unwrap();
    dir
}

#[test]
fn a_full_disk_fails_in_both_modes_where_a_closed_stdout_exits_0() {
    let dir = scratch();
    for args in [
        &["report", "home.ledger"][..],
        &["--json", "report", "home.ledger"],
        &["balance", "home.ledger"],
        &["--json", "balance", "home.ledger"],
    ] {
        let full = ledger(&dir, args, true);
        assert_ne!(full.exit, 0, "{args:?} > /dev/full: {}", full.stderr);
        assert!(
            full.stderr.contains("No space left on device"),
            "{args:?} > /dev/full says why: {:?}",
            full.stderr
        );
        let closed = ledger(&dir, args, false);
        assert_eq!(
            (closed.exit, closed.stderr.as_str()),
            (0, ""),
            "{args:?} | head"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
