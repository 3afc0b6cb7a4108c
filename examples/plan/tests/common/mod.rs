//! Runs the built `plan` binary and checks the envelope contract on its output.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use plan_example::Code;
use serde_json::Value;
use sponson_codes::ErrorCode;

/// One finished run of `plan`.
#[derive(Debug)]
pub struct Run {
    pub stdout: String,
    pub stderr: String,
    pub exit: i32,
}

/// A scratch directory holding a valid plan, a broken plan and the fixture.
pub struct Scratch {
    pub dir: PathBuf,
}

impl Scratch {
    pub fn new(name: &str) -> Scratch {
        // Tests run in parallel and may share a name: a counter keeps each
        // scratch directory its own.
        static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir =
            std::env::temp_dir().join(format!("plan-example-{}-{name}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("deploy.plan"),
            "# deploy\n- build\n- migrate-db\n- restart\n",
        )
        .unwrap();
        std::fs::write(dir.join("broken.plan"), "- build\nsteps: [x]\n").unwrap();
        std::fs::write(dir.join("anchored.plan"), "- build\n- *migrate\n").unwrap();
        Scratch { dir }
    }

    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    /// Runs `plan` with `args` in this directory.
    pub fn plan(&self, args: &[&str]) -> Run {
        run_in(&self.dir, args)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

pub fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures")
        .join(name)
}

pub fn run_in(dir: &Path, args: &[&str]) -> Run {
    run_in_locale(dir, args, "C")
}

/// Runs `plan` with `args` in `dir`, its locale `LANG=lang` (`C`: English,
/// whatever the environment of the tests says).
pub fn run_in_locale(dir: &Path, args: &[&str], lang: &str) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_plan"))
        .args(args)
        .current_dir(dir)
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", lang)
        // A backtrace on stderr must still never reach stdout.
        .env("RUST_BACKTRACE", "1")
        .stdin(Stdio::null())
        .output()
        .expect("the plan binary runs");
    Run {
        stdout: String::from_utf8(out.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(out.stderr).expect("stderr is UTF-8"),
        exit: out
            .status
            .code()
            .expect("plan exits with a code, not a signal"),
    }
}

/// Checks the contract on a JSON-mode run and returns its one document:
/// exactly one JSON document on stdout, `ok` exactly when the exit is 0,
/// the exit equal to the code's `exit`, and no panic text in stdout.
pub fn envelope(run: &Run) -> Value {
    let docs: Vec<Value> = serde_json::Deserializer::from_str(&run.stdout)
        .into_iter::<Value>()
        .collect::<Result<_, _>>()
        .unwrap_or_else(|err| panic!("stdout is not JSON ({err}): {:?}", run.stdout));
    assert_eq!(docs.len(), 1, "exactly one JSON document: {:?}", run.stdout);
    assert!(run.stdout.ends_with('\n'), "the document ends its line");
    assert_eq!(run.stdout.trim_end().lines().count(), 1, "one line");
    for needle in ["panicked", "stack backtrace", "RUST_BACKTRACE", ".rs:"] {
        assert!(
            !run.stdout.contains(needle),
            "stdout leaks {needle:?}: {}",
            run.stdout
        );
    }
    let doc = docs.into_iter().next().unwrap();
    let ok = doc["ok"].as_bool().expect("`ok` is a boolean");
    assert!(doc["command"].is_string(), "`command` is a string");
    assert_eq!(
        ok,
        run.exit == 0,
        "ok agrees with the exit code {}: {doc}",
        run.exit
    );
    if !ok {
        let code = doc["error"]["code"]
            .as_str()
            .expect("`error.code` is a string");
        let info = Code::ENUM
            .get(code)
            .unwrap_or_else(|| panic!("{code} is listed"));
        assert_eq!(run.exit, i32::from(info.exit), "exit is {code}'s exit");
        assert!(
            doc["error"]["message"].is_string(),
            "`error.message` is a string"
        );
        match info.hint {
            Some(hint) => assert_eq!(doc["error"]["hint"], hint),
            None => assert!(doc["error"].get("hint").is_none(), "no hint, no key"),
        }
    }
    doc
}

/// The error code of a failure envelope.
pub fn code(doc: &Value) -> &str {
    doc["error"]["code"].as_str().unwrap_or("")
}
