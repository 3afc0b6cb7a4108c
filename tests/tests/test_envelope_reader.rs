//! Reading envelopes: unknown keys never break a reader whatever the data
//! type is, and ambiguous documents are refused.

use std::collections::BTreeMap;

use serde::Deserialize;
use sponson_codes::{profile::Envelope, Details};

/// The example's own `validate` output.
const VALIDATE: &str = r#"{"ok":true,"command":"validate","plan":"deploy.plan","steps":["build","migrate-db","restart"]}"#;

#[test]
fn unit_data_reads_any_success_envelope() {
    let read: Envelope<(), Details> = serde_json::from_str(VALIDATE).unwrap();
    assert_eq!(read.command, "validate");
    assert!(read.result.is_ok());
}

#[test]
fn extra_top_level_keys_never_break_a_reader() {
    let extra = r#""envelopeVersion":3,"note":{"x":[1]}"#;
    let with = |rest: &str| format!(r#"{{"ok":true,"command":"c",{rest}{extra}}}"#);

    let read: Envelope<()> = serde_json::from_str(&with("")).unwrap();
    assert!(read.result.is_ok());
    // `()` holds nothing: it reads any success, whatever its data.
    for data in [r#""data":"1.2.0","#, r#""data":[1],"#, r#""data":{"a":1},"#] {
        let read: Envelope<()> = serde_json::from_str(&with(data)).unwrap();
        assert!(read.result.is_ok());
    }
    let read: Envelope<Option<u8>> = serde_json::from_str(&with("")).unwrap();
    assert_eq!(read.result.unwrap(), None);
    let read: Envelope<Option<u8>> = serde_json::from_str(&with(r#""data":7,"#)).unwrap();
    assert_eq!(read.result.unwrap(), Some(7));
    let read: Envelope<Vec<u8>> = serde_json::from_str(&with(r#""data":[1,2],"#)).unwrap();
    assert_eq!(read.result.unwrap(), [1, 2]);
    let read: Envelope<String> = serde_json::from_str(&with(r#""data":"1.2.0","#)).unwrap();
    assert_eq!(read.result.unwrap(), "1.2.0");
    let read: Envelope<bool> = serde_json::from_str(&with(r#""data":true,"#)).unwrap();
    assert!(read.result.unwrap());

    #[derive(Debug, Deserialize, PartialEq)]
    struct Applied {
        changes: u32,
    }
    let read: Envelope<Applied> = serde_json::from_str(&with(r#""changes":2,"#)).unwrap();
    assert_eq!(read.result.unwrap(), Applied { changes: 2 });
    let read: Envelope<Option<Applied>> = serde_json::from_str(&with(r#""changes":2,"#)).unwrap();
    assert_eq!(read.result.unwrap(), Some(Applied { changes: 2 }));
    let read: Envelope<BTreeMap<String, serde_json::Value>> =
        serde_json::from_str(&with(r#""changes":2,"#)).unwrap();
    assert_eq!(read.result.unwrap()["changes"], 2);

    // Extra keys beside a failure, too.
    let failed = r#"{"ok":false,"command":"c","envelopeVersion":3,"error":{"code":"X","message":"m"},"data":[1]}"#;
    let read: Envelope<Vec<u8>> = serde_json::from_str(failed).unwrap();
    assert_eq!(read.result.unwrap_err().code, "X");
}

#[test]
fn data_that_is_missing_is_still_an_error_for_types_that_need_it() {
    assert!(
        serde_json::from_str::<Envelope<Vec<u8>>>(r#"{"ok":true,"command":"c","x":1}"#).is_err()
    );
    let err = serde_json::from_str::<Envelope<Vec<u8>>>(r#"{"ok":true,"command":"c","data":"s"}"#)
        .unwrap_err();
    assert!(err.to_string().contains("invalid type"), "{err}");
}

#[test]
fn duplicate_keys_are_refused() {
    for (input, key) in [
        (r#"{"ok":true,"ok":false,"command":"c"}"#, "ok"),
        (
            r#"{"ok":false,"command":"c","error":{"code":"X","message":"m"},"ok":true}"#,
            "ok",
        ),
        (r#"{"ok":true,"command":"c","command":"d"}"#, "command"),
        (r#"{"ok":true,"command":"c","x":1,"x":2}"#, "x"),
        (
            r#"{"ok":false,"command":"c","error":{"code":"X","message":"m"},"error":{"code":"Y","message":"m"}}"#,
            "error",
        ),
        (
            r#"{"ok":false,"command":"c","error":{"code":"X","code":"Y","message":"m"}}"#,
            "code",
        ),
        (
            r#"{"ok":false,"command":"c","error":{"code":"X","message":"m","d":1,"d":2}}"#,
            "d",
        ),
    ] {
        let err = serde_json::from_str::<Envelope>(input).unwrap_err();
        assert!(
            err.to_string()
                .contains(&format!("the key `{key}` appears twice in one object")),
            "{input}: {err}"
        );
    }
}

#[test]
fn success_with_an_error_object_is_refused() {
    for input in [
        r#"{"ok":true,"command":"c","error":{"code":"X","message":"m"}}"#,
        r#"{"ok":true,"command":"c","error":null}"#,
        r#"{"ok":true,"command":"c","error":"x","data":1}"#,
    ] {
        let err = serde_json::from_str::<Envelope<()>>(input).unwrap_err();
        assert!(
            err.to_string()
                .contains("the document tells a success but has an `error`"),
            "{input}: {err}"
        );
    }
}

#[test]
fn whatever_serde_json_reads_prints_again() {
    let nest = |levels: usize| format!("{}0{}", "[".repeat(levels), "]".repeat(levels));
    // 127 levels, the envelope's own object included: serde_json's limit.
    for text in [
        format!(r#"{{"ok":true,"command":"c","a":{}}}"#, nest(126)),
        format!(r#"{{"ok":true,"command":"c","data":{}}}"#, nest(126)),
        format!(
            r#"{{"ok":false,"command":"c","error":{{"code":"X","message":"m","d":{}}}}}"#,
            nest(125)
        ),
    ] {
        let read: Envelope = serde_json::from_str(&text).unwrap();
        assert_eq!(serde_json::to_string(&read).unwrap(), text);
        let read: Envelope<serde_json::Value, serde_json::Value> =
            serde_json::from_str(&text).unwrap();
        assert_eq!(serde_json::to_string(&read).unwrap(), text);
    }
}
