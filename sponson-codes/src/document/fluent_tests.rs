use serde_json::json;

use super::*;
use crate::{Error, ErrorCodes};

#[derive(Debug, ErrorCodes)]
#[codes(crate = crate)]
enum Code {
    #[code(exit = 3, doc = "The lock is held.")]
    LockHeld,
    #[code(exit = 2, doc = "A bad name.", name = "config::bad.name")]
    BadName,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

const DE: &str = "LOCK_HELD = Die Sperre auf { $scope } hält Lauf { $run }.\nINTERNAL = Ein unerwarteter Fehler.\n";

fn messages() -> Messages {
    Messages::new()
        .with_locale("de", "locales/de/errors.ftl", DE)
        .unwrap()
        .with_locale(
            "en",
            "locales/en/errors.ftl",
            "LOCK_HELD = The lock on { $scope } is held by run { $run }.\n",
        )
        .unwrap()
}

#[test]
fn a_code_is_a_fluent_id() {
    assert_eq!(message_id("LOCK_HELD"), "LOCK_HELD");
    assert_eq!(message_id("title-required"), "title-required");
    assert_eq!(message_id("config::bad.name"), "config__bad-name");
    assert_eq!(message_id("404_NOT_FOUND"), "code-404_NOT_FOUND");
}

#[test]
fn an_error_renders_in_a_locale_with_its_details() {
    let error = Error::new(Code::LockHeld, "held")
        .with_detail("scope", "prod")
        .with_detail("run", &41);
    let localized = messages().localize(&error, "de-DE").unwrap();
    assert_eq!(localized.locale, "de");
    assert_eq!(localized.message, "Die Sperre auf prod hält Lauf 41.");
    assert_eq!(
        messages().localize(&error, "en").unwrap().message,
        "The lock on prod is held by run 41."
    );
    // No such locale, no message for the code: no localized message.
    assert_eq!(messages().localize(&error, "fr-FR"), None);
    assert_eq!(
        messages().localize(&Error::new(Code::BadName, "bad"), "de"),
        None
    );
    let _ = Code::Internal;
}

#[test]
fn locales_negotiate_region_then_language() {
    let messages = messages();
    assert_eq!(messages.negotiate("de-DE"), Some("de"));
    assert_eq!(messages.negotiate("de"), Some("de"));
    assert_eq!(messages.negotiate("EN-us"), Some("en"));
    assert_eq!(messages.negotiate("fr"), None);
    assert_eq!(messages.negotiate(""), None);
}

#[test]
fn the_environment_names_the_locale() {
    assert_eq!(
        locale_of(None, None, Some("de_DE.UTF-8")).as_deref(),
        Some("de-DE")
    );
    assert_eq!(
        locale_of(Some("fr_FR"), None, Some("de_DE.UTF-8")).as_deref(),
        Some("fr-FR")
    );
    assert_eq!(
        locale_of(Some(""), Some("pt_BR.UTF-8@euro"), Some("de")).as_deref(),
        Some("pt-BR")
    );
    assert_eq!(locale_of(None, None, Some("C")), None);
    assert_eq!(locale_of(None, None, Some("POSIX")), None);
    assert_eq!(locale_of(Some("C.UTF-8"), None, Some("de_DE")), None);
    assert_eq!(locale_of(None, None, None), None);
    assert_eq!(locale_of(None, None, Some("not a locale!")), None);
}

#[test]
fn a_malformed_file_names_the_file_and_line() {
    let err = Messages::new()
        .with_locale(
            "de",
            "locales/de/errors.ftl",
            "LOCK_HELD = ok\n\nINTERNAL = { $\n",
        )
        .unwrap_err();
    assert_eq!(err.file(), "locales/de/errors.ftl");
    assert_eq!(err.line(), Some(3));
    assert!(
        err.to_string().starts_with("locales/de/errors.ftl:3: "),
        "{err}"
    );
    let err = Messages::new()
        .with_locale("not a locale!", "x.ftl", "")
        .unwrap_err();
    assert!(err.to_string().contains("not a locale"), "{err}");
}

#[test]
fn checks_find_missing_messages_and_unknown_variables() {
    let codes = [
        CodeMessages::new("LOCK_HELD", Some(&["scope", "run"][..])),
        CodeMessages::new("INTERNAL", Some(&[][..])),
    ];
    let problems = messages().check(&codes);
    assert_eq!(
        problems,
        ["locales/en/errors.ftl: no message for code INTERNAL (Fluent id `INTERNAL`) in locale en"]
    );
    let codes = [CodeMessages::new("LOCK_HELD", Some(&["scope"][..]))];
    let problems = messages().check(&codes);
    assert_eq!(problems.len(), 2, "{problems:?}");
    assert!(
        problems[0].contains("`$run`, which is not a detail of LOCK_HELD (its details: scope)"),
        "{problems:?}"
    );
    // Details unknown: only the messages are checked.
    assert!(messages()
        .check(&[CodeMessages::new("LOCK_HELD", None)])
        .is_empty());
}

#[test]
fn details_become_fluent_arguments() {
    let messages = Messages::new()
        .with_locale("de", "de.ftl", "X = { $n } { $b } { $list } { $nothing }.")
        .unwrap();
    let details = json!({"n": 2.5, "b": true, "list": [1, 2], "nothing": null});
    let message = messages
        .message("de", "X", details.as_object().unwrap())
        .unwrap();
    assert_eq!(message.message, "2.5 true [1,2] null.");
}
