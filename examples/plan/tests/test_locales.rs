//! plan's messages in German: `LANG=de_DE.UTF-8` text mode prints them,
//! `--json` carries them beside the English message, and the checks hold
//! the shipped Fluent files to the codes.

mod common;

use common::{envelope, run_in_locale, Scratch};
use plan_example::Code;
use sponson_codes::ErrorCode;

fn unapproved(scratch: &Scratch, json: bool, lang: &str) -> common::Run {
    let plan = scratch.path("deploy.plan");
    let mut args = vec!["apply", plan.to_str().unwrap(), "--env", "prod"];
    if json {
        args.insert(0, "--json");
    }
    run_in_locale(&scratch.dir, &args, lang)
}

#[test]
fn german_text_mode_prints_the_german_message() {
    let scratch = Scratch::new("locale-text");
    let run = unapproved(&scratch, false, "de_DE.UTF-8");
    assert_eq!(run.exit, 2);
    assert!(
        run.stderr.starts_with(
            "error[APPROVAL_REQUIRED]: Der Lauf schreibt in die Produktion, aber niemand hat ihn freigegeben.\n"
        ),
        "{}",
        run.stderr
    );
    // English, or a language plan does not speak: the contract's message.
    for lang in ["C", "en_US.UTF-8", "fr_FR.UTF-8"] {
        let run = unapproved(&scratch, false, lang);
        assert!(
            run.stderr.starts_with("error[APPROVAL_REQUIRED]: ")
                && run
                    .stderr
                    .contains("writes to prod and no approver was given"),
            "{lang}: {}",
            run.stderr
        );
    }
}

#[test]
fn json_carries_the_german_message_beside_the_english_one() {
    let scratch = Scratch::new("locale-json");
    let doc = envelope(&unapproved(&scratch, true, "de_DE.UTF-8"));
    let error = &doc["error"];
    assert!(
        error["message"]
            .as_str()
            .unwrap()
            .ends_with("writes to prod and no approver was given"),
        "{error}"
    );
    assert_eq!(
        error["localized_message"],
        serde_json::json!({
            "locale": "de",
            "message": "Der Lauf schreibt in die Produktion, aber niemand hat ihn freigegeben."
        })
    );
    let doc = envelope(&unapproved(&scratch, true, "C"));
    assert!(doc["error"].get("localized_message").is_none(), "{doc}");
}

#[test]
fn every_code_has_a_message_in_every_shipped_locale() {
    sponson_codes::testing::assert_locales("locales");
}

#[test]
fn the_check_fails_on_a_missing_message_and_on_a_variable_that_is_no_detail() {
    let dir = tempfile_dir("locale-check");
    let de = std::fs::read_to_string("locales/de/errors.ftl").unwrap();
    let without_lock_held: String = de
        .lines()
        .filter(|line| !line.starts_with("LOCK_HELD"))
        .map(|line| format!("{line}\n"))
        .collect();
    std::fs::create_dir_all(dir.join("de")).unwrap();
    std::fs::write(dir.join("de/errors.ftl"), &without_lock_held).unwrap();
    let problems = sponson_codes::testing::check_locales(&dir, &[Code::ENUM]).unwrap_err();
    assert!(
        problems.ends_with("no message for code LOCK_HELD (Fluent id `LOCK_HELD`) in locale de"),
        "{problems}"
    );
    let with_holder = de.replace(
        "LOCK_HELD = Ein anderer Lauf hält die Sperre dieses Bereichs.",
        "LOCK_HELD = Lauf { $holder } hält die Sperre.",
    );
    std::fs::write(dir.join("de/errors.ftl"), &with_holder).unwrap();
    let problems = sponson_codes::testing::check_locales(&dir, &[Code::ENUM]).unwrap_err();
    assert!(
        problems.contains("the message for LOCK_HELD names `$holder`, which is not a detail of LOCK_HELD (its details: none)"),
        "{problems}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

fn tempfile_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("plan-example-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}
