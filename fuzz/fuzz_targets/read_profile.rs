//! Reads arbitrary bytes with `Profile::read` in each built-in profile and
//! in custom ones (the first byte picks), as a consumer reads another
//! program's output in that program's shape.
//!
//! - What reads has no repeated key and nests at most 127 levels, by a
//!   second reader's count, and reads the same from serde_json's parse
//!   (`read_value`); what serde_json's parse refuses, the text does too.
//! - What reads renders again with the profile's writer (never a refusal),
//!   on the profile's stream, on one line in a compact profile, and the
//!   rendered text reads back as the same document.
//! - In Sponson's profile, `Envelope` reads what the profile's reader reads.
#![no_main]

mod strict;

use libfuzzer_sys::fuzz_target;
use serde_json::Value;
use sponson_codes::profile::{
    Data, Document, Envelope, ErrorShape, Layout, Profile, Status, Stream, Success, FIRSTDRAFT,
    NOGGIN, SPONSON,
};

/// The doc example's shape: a text status, a version, nested data and a
/// nested error with its exit, warnings under their own key, on stderr.
const MINE: Profile = Profile::new("mine")
    .status(Status::Text {
        key: "result",
        ok: "success",
        error: "failure",
    })
    .version("apiVersion", 2)
    .command("op")
    .data(Data::Nested("payload"))
    .error(
        ErrorShape::nested("failure")
            .code("id")
            .message("text")
            .exit("exit"),
    )
    .warnings("notes")
    .failure_to(Stream::Stderr)
    .assert_valid();

/// Flattened data beside an error at the top of the document: success data
/// may use the error's keys.
const FLAT: Profile = Profile::new("flat")
    .status(Status::Bool { key: "success" })
    .no_command()
    .data(Data::Flatten("value"))
    .error(
        ErrorShape::top_level()
            .code("kind")
            .message("text")
            .hint("fix")
            .exit("status"),
    )
    .layout(Layout::Pretty)
    .assert_valid();

/// Sponson's keys with a bare success: an object whose `ok` is false is a
/// failure, any other value is data.
const BARE: Profile = Profile::new("bare")
    .success(Success::Bare(Stream::Stdout))
    .assert_valid();

const PROFILES: [&Profile; 6] = [&SPONSON, &NOGGIN, &FIRSTDRAFT, &MINE, &FLAT, &BARE];

type Doc = Document<Value, Value>;

/// `doc` written again in `profile`: `None` for a success that prints
/// nothing (bare `null`).
fn render(profile: &Profile, doc: &Doc) -> Option<String> {
    let command = doc.command.as_deref().unwrap_or("");
    let rendered = match &doc.result {
        Ok(data) => profile
            .render_success(command, data, &doc.warnings)
            .unwrap_or_else(|err| panic!("what was read does not render: {err}"))?,
        Err(error) => {
            let details = error.details.as_object().expect("details are an object");
            // A profile without an exit key reads none; any exit renders alike.
            let exit = doc.exit_code.unwrap_or(1);
            profile
                .render_failure(
                    command,
                    &error.code,
                    &error.message,
                    error.hint.as_deref(),
                    exit,
                    details,
                    &doc.warnings,
                )
                .unwrap_or_else(|err| panic!("what was read does not render: {err}"))
        }
    };
    let stream = match (&doc.result, profile.success) {
        (Ok(_), Success::Envelope(stream) | Success::Bare(stream)) => stream,
        (Ok(_), _) => unreachable!("a success prints an envelope or bare data"),
        (Err(_), _) => profile.failure,
    };
    assert_eq!(rendered.stream, stream);
    let text = rendered.text;
    let body = text.strip_suffix('\n').expect("a final newline");
    if profile.layout == Layout::Compact {
        assert!(!body.contains('\n'), "one line: {text:?}");
    }
    Some(text)
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let profile = PROFILES[usize::from(pick) % PROFILES.len()];
    let read = profile.read::<Value, Value>(text);
    let parsed: Option<Value> = serde_json::from_str(text).ok();

    if let Some(value) = &parsed {
        // serde_json keeps the last copy of a repeated key: the value reads
        // alike whenever the text reads at all.
        let from_value = profile.read_value::<Value, Value>(value.clone());
        match (&read, &from_value) {
            (Ok(doc), Ok(again)) => assert_eq!(doc, again),
            (Ok(doc), Err(err)) => panic!("the text reads ({doc:?}), its parse does not: {err}"),
            _ => {}
        }
    }

    let Ok(doc) = read else {
        return;
    };
    let checked =
        strict::parse(text).expect("what reads has no repeated key and nests at most 127 levels");
    assert_eq!(Some(&checked), parsed.as_ref());

    if profile == &SPONSON {
        let envelope: Envelope<Value, Value> =
            serde_json::from_str(text).expect("Envelope reads what the profile reads");
        assert_eq!(Some(envelope.command.as_str()), doc.command.as_deref());
        assert_eq!(envelope.result, doc.result);
    }

    match render(profile, &doc) {
        Some(again) => {
            assert!(strict::parse(&again).is_some(), "{again:?}");
            let reread = profile.read::<Value, Value>(&again).unwrap_or_else(|err| {
                panic!("the rendered document does not read: {err}: {again:?}")
            });
            assert_eq!(reread, doc, "{again:?}");
            assert_eq!(render(profile, &reread).as_deref(), Some(again.as_str()));
        }
        // Only bare `null` prints nothing.
        None => assert_eq!(doc.result, Ok(Value::Null)),
    }
});
