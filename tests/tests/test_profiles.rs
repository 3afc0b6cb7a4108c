//! Envelope profiles: Sponson's shape unchanged, the seeds' documents byte
//! for byte, reserved keys per profile, warnings, reading back.

use serde_json::{json, Map, Value};
use sponson_codes::profile::{
    Data, Document, ErrorShape, Profile, ReadError, RenderError, Status, Stream, FIRSTDRAFT,
    NOGGIN, SPONSON,
};
use sponson_codes::{Error, ErrorCodes, Mode, Runner, Warning, WarningCodes};

#[derive(Debug, Clone, Copy, PartialEq, Eq, ErrorCodes)]
enum Code {
    #[code(exit = 3, doc = "Another run holds the lock.", hint = "Pass --wait.")]
    LockHeld,
    #[code(exit = 2, doc = "The plan cannot be parsed.")]
    PlanParse,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, WarningCodes)]
enum Warn {
    #[code(doc = "A YAML anchor was expanded.", hint = "Write it out.")]
    YamlAnchor,
}

fn failure(profile: &Profile, command: &str, error: &Error<Code>, warnings: &[Warning]) -> String {
    profile
        .render_failure(
            command,
            error.code(),
            error.message(),
            error.hint(),
            error.exit_code(),
            error.details().as_map(),
            warnings,
        )
        .unwrap()
        .text
}

#[test]
fn sponson_profile_prints_the_envelope_byte_for_byte() {
    let data = [
        json!({"plan": "deploy.plan", "steps": ["build", "restart"]}),
        json!(["a", 1]),
        json!("text"),
        json!(null),
        json!({}),
        json!({"data": 1}),
    ];
    for value in data {
        let ours = SPONSON
            .render_success("validate", &value, &[])
            .unwrap()
            .unwrap();
        let envelope =
            Runner::<Code>::new("validate", Mode::Json).render(|| Ok::<_, Error<Code>>(&value));
        assert_eq!(ours.text, envelope.stdout, "{value}");
        assert_eq!(ours.stream, Stream::Stdout);
    }
    let errors = [
        Error::new(Code::LockHeld, "held by run 41")
            .with_detail("holder", "run 41")
            .with_detail("lock", &Value::Null),
        Error::new(Code::PlanParse, "line 2").with_hint("Fix line 2."),
        Error::new(Code::Internal, "boom"),
    ];
    for error in errors {
        let ours = failure(&SPONSON, "apply", &error, &[]);
        let envelope = Runner::<Code>::new("apply", Mode::Json).render(|| Err::<(), _>(error));
        assert_eq!(ours, envelope.stdout);
    }
}

/// noggin's documented error, from its envelope spec.
const NOGGIN_ERROR: &str = r#"{
  "status": "error",
  "envelopeVersion": 3,
  "verb": "push",
  "error": {
    "code": "title-required",
    "message": "push: title required (--title or positional)",
    "exitCode": 2
  }
}
"#;

#[test]
fn noggin_profile_prints_the_documented_error_on_stderr() {
    let doc = NOGGIN
        .render_failure(
            "push",
            "title-required",
            "push: title required (--title or positional)",
            None,
            2,
            &Map::new(),
            &[],
        )
        .unwrap();
    assert_eq!(doc.stream, Stream::Stderr);
    assert_eq!(doc.text, NOGGIN_ERROR);
}

#[test]
fn noggin_profile_nests_data_of_any_kind_on_stdout() {
    let doc = NOGGIN
        .render_success("push", &json!({"activeKey": "a1", "roots": []}), &[])
        .unwrap()
        .unwrap();
    assert_eq!(doc.stream, Stream::Stdout);
    assert_eq!(
        doc.text,
        "{\n  \"status\": \"ok\",\n  \"envelopeVersion\": 3,\n  \"verb\": \"push\",\n  \"data\": {\n    \"activeKey\": \"a1\",\n    \"roots\": []\n  }\n}\n"
    );
    // Data is never flattened, so no data key is reserved: `status` is data.
    let doc = NOGGIN
        .render_success("where", &json!({"status": "x"}), &[])
        .unwrap()
        .unwrap();
    assert!(doc.text.contains("\"data\": {\n    \"status\": \"x\"\n  }"));
}

/// firstdraft's documented failure object, from its review.
const FIRSTDRAFT_ERROR: &str = r#"{
  "error": "request_outcome_unknown",
  "detail": "The Plan may have been accepted, but the response could not be verified...",
  "status": 502
}
"#;

#[test]
fn firstdraft_profile_prints_the_documented_failure_on_stderr() {
    let mut details = Map::new();
    details.insert("status".into(), json!(502));
    let doc = FIRSTDRAFT
        .render_failure(
            "push",
            "request_outcome_unknown",
            "The Plan may have been accepted, but the response could not be verified...",
            Some("a hint firstdraft does not print"),
            1,
            &details,
            &[Warning::plain(Warn::YamlAnchor)],
        )
        .unwrap();
    assert_eq!(doc.stream, Stream::Stderr);
    assert_eq!(doc.text, FIRSTDRAFT_ERROR);
}

#[test]
fn firstdraft_success_is_the_programs_own_output() {
    let doc = FIRSTDRAFT
        .render_success("push", &json!({"plan": "p1"}), &[])
        .unwrap()
        .unwrap();
    assert_eq!(doc.stream, Stream::Stdout);
    assert_eq!(doc.text, "{\n  \"plan\": \"p1\"\n}\n");
    assert_eq!(
        FIRSTDRAFT
            .render_success("push", &Value::Null, &[])
            .unwrap(),
        None
    );
}

#[test]
fn every_profile_refuses_its_own_reserved_keys() {
    let shadow = SPONSON.render_success("x", &json!({"ok": false}), &[]);
    assert_eq!(shadow, Err(RenderError::ReservedData("ok".into())));
    let mut exit = Map::new();
    exit.insert("exitCode".into(), json!(0));
    let shadow = NOGGIN.render_failure("x", "c", "m", None, 2, &exit, &[]);
    assert_eq!(shadow, Err(RenderError::ReservedDetail("exitCode".into())));
    let mut error = Map::new();
    error.insert("error".into(), json!("other"));
    let shadow = FIRSTDRAFT.render_failure("x", "c", "m", None, 1, &error, &[]);
    assert_eq!(shadow, Err(RenderError::ReservedDetail("error".into())));
    // `warnings` is taken whether or not warnings are attached: the same
    // data gets the same verdict, and a reader never takes data for warnings.
    let data = json!({"warnings": 1});
    let bare = SPONSON.render_success("x", &data, &[]);
    assert_eq!(bare, Err(RenderError::ReservedData("warnings".into())));
    let warned = SPONSON.render_success("x", &data, &[Warning::plain(Warn::YamlAnchor)]);
    assert_eq!(warned, Err(RenderError::ReservedData("warnings".into())));
}

#[test]
fn warnings_ride_along_with_success_and_failure() {
    let warnings = [Warning::new(Warn::YamlAnchor, "anchor &a").with_detail("line", &2)];
    let doc = SPONSON
        .render_success("validate", &json!({"steps": 1}), &warnings)
        .unwrap()
        .unwrap();
    assert_eq!(
        doc.text,
        "{\"ok\":true,\"command\":\"validate\",\"steps\":1,\"warnings\":[{\"code\":\"YAML_ANCHOR\",\"message\":\"anchor &a\",\"hint\":\"Write it out.\",\"line\":2}]}\n"
    );
    let error = Error::new(Code::LockHeld, "held");
    let text = failure(&SPONSON, "apply", &error, &warnings);
    assert!(text.ends_with(",\"warnings\":[{\"code\":\"YAML_ANCHOR\",\"message\":\"anchor &a\",\"hint\":\"Write it out.\",\"line\":2}]}\n"));
    let text = failure(&NOGGIN, "push", &error, &warnings);
    assert!(text.contains("\"warnings\": [\n    {\n      \"code\": \"YAML_ANCHOR\""));
}

#[test]
fn every_profile_reads_back_what_it_printed() {
    let warnings = [Warning::plain(Warn::YamlAnchor)];
    let error = Error::new(Code::LockHeld, "held").with_detail("holder", "run 41");
    for profile in [SPONSON, NOGGIN, FIRSTDRAFT] {
        let text = failure(&profile, "apply", &error, &warnings);
        let doc: Document<Value, Value> = profile.read(&text).unwrap();
        let body = doc.result.as_ref().unwrap_err();
        assert_eq!(body.code, "LOCK_HELD", "{}", profile.name);
        assert_eq!(body.message, "held");
        assert_eq!(body.details, json!({"holder": "run 41"}));
        assert_eq!(body.kind::<Code>(), Code::LockHeld);
        if profile.command.is_some() {
            assert_eq!(doc.command.as_deref(), Some("apply"));
        }
        if profile.warnings.is_some() {
            assert_eq!(doc.warnings, warnings);
        }
        let data = json!({"steps": ["a"]});
        let text = profile
            .render_success("apply", &data, &[])
            .unwrap()
            .unwrap()
            .text;
        let doc: Document<Value, Value> = profile.read(&text).unwrap();
        assert_eq!(doc.result.unwrap(), data, "{}", profile.name);
    }
    let doc: Document<Value, Value> = NOGGIN.read(NOGGIN_ERROR).unwrap();
    assert_eq!((doc.version, doc.exit_code), (Some(3), Some(2)));
    let doc: Document<Value, Value> = FIRSTDRAFT.read(FIRSTDRAFT_ERROR).unwrap();
    assert_eq!(doc.result.unwrap_err().details, json!({"status": 502}));
}

#[test]
fn a_reader_refuses_another_version_and_status() {
    let v2 = NOGGIN_ERROR.replace("\"envelopeVersion\": 3", "\"envelopeVersion\": 2");
    let err = NOGGIN.read::<Value, Value>(&v2).unwrap_err();
    assert_eq!(
        err,
        ReadError::Version {
            found: Some(2),
            expected: 3
        }
    );
    assert!(err.to_string().contains("update the reader"));
    let odd = NOGGIN_ERROR.replace("\"status\": \"error\"", "\"status\": \"maybe\"");
    assert!(matches!(
        NOGGIN.read::<Value, Value>(&odd),
        Err(ReadError::Status(_))
    ));
}

#[test]
fn a_fourth_profile_is_a_few_lines() {
    const MINE: Profile = Profile::new("mine")
        .status(Status::Text {
            key: "result",
            ok: "success",
            error: "failure",
        })
        .version("apiVersion", 1)
        .command("op")
        .data(Data::Nested("payload"))
        .error(ErrorShape::nested("failure").code("id").exit("exit"))
        .assert_valid();
    let text = MINE
        .render_failure("sync", "E1", "m", Some("h"), 3, &Map::new(), &[])
        .unwrap()
        .text;
    assert_eq!(
        text,
        "{\"result\":\"failure\",\"apiVersion\":1,\"op\":\"sync\",\"failure\":{\"id\":\"E1\",\"message\":\"m\",\"hint\":\"h\",\"exit\":3}}\n"
    );
    assert!(MINE.read::<Value, Value>(&text).unwrap().result.is_err());
    assert_ne!(MINE.shape(), SPONSON.shape());
}

#[test]
fn every_layout_escapes_the_separators_line_splitters_cut_at() {
    for profile in [SPONSON, NOGGIN, FIRSTDRAFT] {
        let text = profile
            .render_failure(
                "x",
                "c",
                "a\u{2028}b\u{2029}c\u{85}d",
                None,
                1,
                &Map::new(),
                &[],
            )
            .unwrap()
            .text;
        assert!(
            text.contains(r"a\u2028b\u2029c\u0085d"),
            "{}: {text}",
            profile.name
        );
        let doc: Document<Value, Value> = profile.read(&text).unwrap();
        assert_eq!(
            doc.result.unwrap_err().message,
            "a\u{2028}b\u{2029}c\u{85}d"
        );
    }
}

#[test]
fn the_lock_tells_a_shape_change_that_needs_a_version_bump() {
    use sponson_codes::companion::catalog::Catalog;
    use sponson_codes::companion::lock::compare;
    use sponson_codes::profile::Layout;

    let lock_json = Catalog::from_enums(&[])
        .with_profile(&NOGGIN)
        .to_lock_json();
    assert!(lock_json.contains("\"profile\": \"noggin\""));
    assert!(lock_json.contains("\"version\": 3"));
    let lock = Catalog::read_lock(&lock_json).unwrap();

    let same = compare(&lock, &Catalog::from_enums(&[]).with_profile(&NOGGIN));
    assert!(same.is_unchanged(), "{same}");

    let mut changed = NOGGIN;
    changed.layout = Layout::Compact;
    let report = compare(&lock, &Catalog::from_enums(&[]).with_profile(&changed));
    assert!(report.is_breaking());
    assert!(
        report
            .to_string()
            .contains("without changing `envelopeVersion`"),
        "{report}"
    );

    let bumped = changed.version("envelopeVersion", 4);
    let report = compare(&lock, &Catalog::from_enums(&[]).with_profile(&bumped));
    assert!(!report.is_breaking(), "{report}");
    assert!(
        report.to_string().contains("envelope version 3 -> 4"),
        "{report}"
    );

    // No record is Sponson's shape: moving to another profile is breaking.
    let plain = Catalog::from_enums(&[]);
    assert!(compare(&plain, &plain.clone().with_profile(&SPONSON)).is_unchanged());
    assert!(compare(&plain, &plain.clone().with_profile(&FIRSTDRAFT)).is_breaking());
}

mod runner {
    use sponson_codes::profile::{FIRSTDRAFT, NOGGIN};
    use sponson_codes::{warn, Error, Mode, Runner, Warning};

    use super::{Code, Warn};

    #[test]
    fn warnings_never_change_the_exit_code() {
        for profile in [&super::SPONSON, &NOGGIN, &FIRSTDRAFT] {
            let ok = Runner::<Code>::new("apply", Mode::Json)
                .profile(profile)
                .render(|| {
                    warn(Warning::plain(Warn::YamlAnchor));
                    Ok::<_, Error<Code>>(1)
                });
            assert_eq!(ok.exit, 0, "{}", profile.name);
            let failed = Runner::<Code>::new("apply", Mode::Json)
                .profile(profile)
                .render(|| {
                    warn(Warning::plain(Warn::YamlAnchor));
                    Err::<(), _>(Error::new(Code::LockHeld, "held"))
                });
            assert_eq!(failed.exit, 3, "{}", profile.name);
        }
        let text = Runner::<Code>::new("apply", Mode::Text).render(|| {
            warn(Warning::plain(Warn::YamlAnchor));
            Ok::<_, Error<Code>>("done")
        });
        assert_eq!(text.stdout, "done\n");
        assert_eq!(
            text.stderr,
            "warning[YAML_ANCHOR]: A YAML anchor was expanded.\nhint: Write it out.\n"
        );
    }

    #[test]
    fn panics_and_shadowed_keys_are_the_fallback_in_every_profile() {
        for profile in [&super::SPONSON, &NOGGIN, &FIRSTDRAFT] {
            let out = Runner::<Code>::new("apply", Mode::Json)
                .profile(profile)
                .render(|| -> Result<(), Error<Code>> { panic!("token sk-1") });
            assert_eq!(out.exit, 1);
            let doc = if profile.failure == sponson_codes::profile::Stream::Stdout {
                &out.stdout
            } else {
                &out.stderr
            };
            assert!(
                doc.contains("INTERNAL") && !doc.contains("sk-1"),
                "{}: {doc}",
                profile.name
            );
            let shadow = Runner::<Code>::new("apply", Mode::Json)
                .profile(profile)
                .render(|| {
                    Err::<(), _>(
                        Error::new(Code::LockHeld, "held")
                            .with_detail("exitCode", &9)
                            .with_detail("error", &1),
                    )
                });
            if profile.name == "sponson" {
                assert_eq!(shadow.exit, 3);
            } else {
                assert_eq!(shadow.exit, 1, "{}", profile.name);
                assert!(shadow.stderr.contains("INTERNAL"));
            }
        }
    }

    #[test]
    fn data_deeper_than_a_document_holds_is_the_fallback_in_every_profile() {
        let mut deep = serde_json::json!(1);
        for _ in 0..300 {
            deep = serde_json::json!([deep]);
        }
        for profile in [&super::SPONSON, &NOGGIN] {
            let out = Runner::<Code>::new("apply", Mode::Json)
                .profile(profile)
                .render(|| {
                    warn(Warning::plain(Warn::YamlAnchor));
                    Ok::<_, Error<Code>>(deep.clone())
                });
            assert_eq!(out.exit, 1, "{}", profile.name);
            let doc = if out.stdout.is_empty() {
                &out.stderr
            } else {
                &out.stdout
            };
            assert!(
                doc.contains("INTERNAL") && doc.contains("data nests"),
                "{}: {doc}",
                profile.name
            );
        }
    }
}
