//! The runner and the pure renderers, in process.

use std::io::{self, Write};
use std::process::ExitCode;

use serde::Serialize;
use serde_json::Value;
use sponson_codes::{Error, ErrorCodes, Mode, Output, Runner};

#[derive(Debug, Clone, Copy, PartialEq, Eq, ErrorCodes)]
enum Code {
    #[code(exit = 3, doc = "Another run holds the lock.", hint = "Pass --wait.")]
    LockHeld,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

fn one_document(text: &str) -> Value {
    let docs: Vec<Value> = serde_json::Deserializer::from_str(text)
        .into_iter()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(docs.len(), 1, "{text}");
    docs.into_iter().next().unwrap()
}

#[test]
fn json_success_and_failure_agree_with_the_exit_code() {
    let runner = Runner::<Code>::new("apply", Mode::Json);
    let ok = runner.render(|| Ok::<_, Error<Code>>(serde_json::json!({"changes": 2})));
    assert_eq!(
        (ok.exit, one_document(&ok.stdout)["ok"].clone()),
        (0, Value::Bool(true))
    );
    let failed = runner.render(|| Err::<(), _>(Error::new(Code::LockHeld, "held")));
    let doc = one_document(&failed.stdout);
    assert_eq!((failed.exit, doc["ok"].clone()), (3, Value::Bool(false)));
    assert_eq!(doc["error"]["hint"], "Pass --wait.");
    assert!(failed.stderr.is_empty());
}

#[test]
fn errors_can_go_to_stderr() {
    let runner = Runner::<Code>::new("apply", Mode::Json).errors_to_stderr(true);
    let failed = runner.render(|| Err::<(), _>(Error::new(Code::LockHeld, "held")));
    assert!(failed.stdout.is_empty());
    assert_eq!(one_document(&failed.stderr)["error"]["code"], "LOCK_HELD");
    let ok = runner.render(|| Ok::<_, Error<Code>>(1));
    assert_eq!(one_document(&ok.stdout)["data"], 1);
}

#[test]
fn a_panic_is_the_fallback_without_its_text() {
    for mode in [Mode::Json, Mode::Text] {
        let out = Runner::<Code>::new("apply", mode)
            .render(|| -> Result<(), Error<Code>> { panic!("secret {}", "sk-live-1") });
        assert_eq!(out.exit, 1);
        assert!(!out.stdout.contains("sk-live") && !out.stderr.contains("sk-live"));
        if mode == Mode::Json {
            assert_eq!(one_document(&out.stdout)["error"]["code"], "INTERNAL");
        }
    }
}

#[test]
fn a_panicking_serialize_is_caught_too() {
    struct Bomb;
    impl Serialize for Bomb {
        fn serialize<S: serde::Serializer>(&self, _: S) -> Result<S::Ok, S::Error> {
            panic!("bomb")
        }
    }
    let out = Runner::<Code>::new("apply", Mode::Json).render(|| Ok::<_, Error<Code>>(Bomb));
    assert_eq!(one_document(&out.stdout)["error"]["code"], "INTERNAL");
}

#[test]
fn shadowing_data_is_reported_as_the_fallback() {
    let out = Runner::<Code>::new("apply", Mode::Json)
        .render(|| Ok::<_, Error<Code>>(serde_json::json!({"command": "x"})));
    let doc = one_document(&out.stdout);
    assert_eq!(
        (out.exit, doc["command"].clone()),
        (1, Value::from("apply"))
    );
    assert!(doc["error"]["message"]
        .as_str()
        .unwrap()
        .contains("data key `command` is reserved"));
}

#[test]
fn boxed_errors_from_the_body_convert() {
    let out = Runner::<Code>::new("apply", Mode::Json).render(
        || -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
            Err(Box::new(Error::new(Code::LockHeld, "held")))
        },
    );
    assert_eq!(out.exit, 3);
}

#[test]
fn text_mode_splits_data_and_errors() {
    let runner = Runner::<Code>::new("apply", Mode::Text);
    let ok = runner.render(|| Ok::<_, Error<Code>>("done"));
    assert_eq!((ok.stdout.as_str(), ok.exit), ("done\n", 0));
    let failed = runner.render(|| Err::<(), _>(Error::new(Code::LockHeld, "held")));
    assert_eq!(
        failed.stderr,
        "error[LOCK_HELD]: held\nhint: Pass --wait.\n"
    );
}

struct Closed;
impl Write for Closed {
    fn write(&mut self, _: &[u8]) -> io::Result<usize> {
        Err(io::ErrorKind::BrokenPipe.into())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[test]
fn a_closed_stdout_ends_quietly_with_a_failure_exit() {
    let output = Output {
        stdout: "{}\n".into(),
        ..Output::default()
    };
    let mut stderr = Vec::new();
    assert_eq!(output.write_to(&mut Closed, &mut stderr), ExitCode::from(1));
    assert!(stderr.is_empty(), "quiet");
    let failed = Output { exit: 3, ..output };
    assert_eq!(failed.write_to(&mut Closed, &mut stderr), ExitCode::from(3));
}
