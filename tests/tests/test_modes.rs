//! Text mode and JSON mode give the same exit code for the same outcome: the
//! data is checked once, the same way, whichever mode prints it.

use std::collections::BTreeMap;

use serde::ser::Error as _;
use serde::{Serialize, Serializer};
use serde_json::{json, Value};
use sponson_codes::{Error, ErrorCodes, Mode, Output, Runner};

#[derive(Debug, Clone, Copy, PartialEq, Eq, ErrorCodes)]
enum Code {
    #[code(exit = 3, doc = "Another run holds the lock.", hint = "Pass --wait.")]
    LockHeld,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

struct Fails;

impl Serialize for Fails {
    fn serialize<S: Serializer>(&self, _: S) -> Result<S::Ok, S::Error> {
        Err(S::Error::custom("cannot serialize"))
    }
}

fn both<T: Serialize>(data: impl Fn() -> T) -> (Output, Output) {
    let json = Runner::<Code>::new("apply", Mode::Json).render(|| Ok::<_, Error<Code>>(data()));
    let text = Runner::<Code>::new("apply", Mode::Text).render(|| Ok::<_, Error<Code>>(data()));
    (json, text)
}

fn assert_refused(json: &Output, text: &Output) {
    assert_eq!(json.exit, 1, "{}", json.stdout);
    assert_eq!(text.exit, 1, "text mode: {text:?}");
    let doc: Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!(doc["error"]["code"], "INTERNAL");
    assert!(text.stdout.is_empty(), "no data printed: {text:?}");
    assert!(text.stderr.starts_with("error[INTERNAL]: "), "{text:?}");
}

#[test]
fn unrenderable_data_fails_in_both_modes() {
    let (json, text) = both(|| BTreeMap::from([((1, 2), "tuple key")]));
    assert_refused(&json, &text);
    let (json, text) = both(|| Fails);
    assert_refused(&json, &text);
}

#[test]
fn data_with_a_reserved_key_fails_in_both_modes() {
    for key in ["ok", "command", "error"] {
        let (json, text) = both(|| json!({ key: 1, "steps": 2 }));
        assert_refused(&json, &text);
    }
}

#[test]
fn a_custom_text_renderer_does_not_bypass_the_check() {
    let exit = Runner::<Code>::new("apply", Mode::Text).run_with(
        || Ok::<_, Error<Code>>(json!({"ok": false})),
        |_| "fine".into(),
    );
    assert_eq!(exit, std::process::ExitCode::from(1));
}

#[test]
fn renderable_data_succeeds_in_both_modes() {
    let (json, text) = both(|| json!({"steps": ["build"]}));
    assert_eq!((json.exit, text.exit), (0, 0));
    let (json, text) = both(|| BTreeMap::from([(1, "integer keys are strings in JSON")]));
    assert_eq!((json.exit, text.exit), (0, 0));
}

/// `levels` nested arrays built without allocating.
struct Deep(usize);

impl Serialize for Deep {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        if self.0 == 0 {
            return serializer.serialize_u8(0);
        }
        let mut seq = serializer.serialize_seq(Some(1))?;
        seq.serialize_element(&Deep(self.0 - 1))?;
        seq.end()
    }
}

#[test]
fn every_profile_exits_alike_in_both_modes() {
    use sponson_codes::profile::{FIRSTDRAFT, NOGGIN, SPONSON};
    for profile in [&SPONSON, &NOGGIN, &FIRSTDRAFT] {
        let exits = |data: &Value| {
            let render = |mode| {
                Runner::<Code>::new("apply", mode)
                    .profile(profile)
                    .render(|| Ok::<_, Error<Code>>(data.clone()))
                    .exit
            };
            (render(Mode::Json), render(Mode::Text))
        };
        for key in ["ok", "command", "error", "status", "verb", "data", "detail"] {
            let data = json!({ key: 1 });
            let (json, text) = exits(&data);
            assert_eq!(json, text, "{} with {data}", profile.name);
        }
        for mode in [Mode::Json, Mode::Text] {
            let deep = Runner::<Code>::new("apply", mode)
                .profile(profile)
                .render(|| Ok::<_, Error<Code>>(Deep(100_000)));
            assert_eq!(deep.exit, 1, "{} in {mode:?}", profile.name);
        }
    }
}
