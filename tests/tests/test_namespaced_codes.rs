//! Codes in miette's convention, words joined by `::`
//! (`my_app::config::missing`), given with `name`: every reader of a code
//! (lookup, serde, `code!`, miette, the docs and the lock) takes them whole.

use miette::Diagnostic;
use sponson_codes::companion::catalog::Catalog;
use sponson_codes::companion::lock::compare;
use sponson_codes::{code, Error, ErrorCode, ErrorCodes};
use std::str::FromStr;

/// Failures of a configuration loader.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ErrorCodes)]
pub enum Config {
    /// The loader looks in the working directory, then in `$XDG_CONFIG_HOME`.
    #[code(
        exit = 2,
        doc = "The config file is missing.",
        name = "my_app::config::missing"
    )]
    Missing,
    /// A value names the key it belongs to.
    #[code(
        exit = 2,
        doc = "A value is invalid.",
        name = "my_app::config::bad-value",
        url = "https://example.com/errors/{code}"
    )]
    BadValue,
    #[code(
        exit = 1,
        doc = "An unexpected error.",
        name = "my_app::internal",
        fallback
    )]
    Internal,
}

#[test]
fn from_code_and_from_str_take_the_whole_code() {
    assert_eq!(
        Config::from_code("my_app::config::missing"),
        Some(Config::Missing)
    );
    assert_eq!(
        Config::from_str("my_app::config::bad-value"),
        Ok(Config::BadValue)
    );
    for near in [
        "my_app::config",
        "config::missing",
        "my_app:config:missing",
        "my_app::config::missing::",
        "MY_APP::CONFIG::MISSING",
    ] {
        assert_eq!(Config::from_code(near), None, "{near}");
    }
}

#[test]
fn serde_round_trips() {
    for code in Config::ALL {
        let json = serde_json::to_string(code).unwrap();
        assert_eq!(json, serde_json::to_string(code.code()).unwrap());
        assert_eq!(serde_json::from_str::<Config>(&json).unwrap(), *code);
    }
    assert_eq!(
        serde_json::to_string(&Config::Missing).unwrap(),
        r#""my_app::config::missing""#
    );
}

#[test]
fn code_macro_names_the_variant() {
    const MISSING: Config = code!(Config, "my_app::config::missing");
    assert_eq!(MISSING, Config::Missing);
}

#[test]
fn errors_and_miette_carry_the_code_and_its_url() {
    let err = Error::new(Config::BadValue, "port is not a number");
    assert_eq!(err.code(), "my_app::config::bad-value");
    assert_eq!(
        Diagnostic::code(&err).unwrap().to_string(),
        "my_app::config::bad-value"
    );
    assert_eq!(
        err.url().unwrap().to_string(),
        "https://example.com/errors/my_app::config::bad-value"
    );
}

#[test]
fn the_docs_link_each_code_to_its_explanation() {
    let md = sponson_codes::companion::markdown::render_markdown(&[Config::ENUM], "make docs");
    // GitHub's slug of the heading drops `:`, so the anchor does too, and
    // the heading's own link and the table's are the same.
    assert!(
        md.contains("| [`my_app::config::missing`](#my_appconfigmissing) | 2 |"),
        "{md}"
    );
    assert!(
        md.contains("| [`my_app::config::bad-value`](https://example.com/errors/my_app::config::bad-value) | 2 |"),
        "{md}"
    );
    for (code, anchor) in [
        ("my_app::config::missing", "my_appconfigmissing"),
        ("my_app::config::bad-value", "my_appconfigbad-value"),
    ] {
        assert!(
            md.contains(&format!("\n<a id=\"{anchor}\"></a>\n\n#### `{code}`\n")),
            "{md}"
        );
    }
}

#[test]
fn the_lock_records_and_matches_the_codes() {
    let live = Catalog::from_enums(&[Config::ENUM]);
    let lock_json = live.to_lock_json();
    assert!(
        lock_json.contains(r#""code": "my_app::config::missing""#),
        "{lock_json}"
    );
    let lock = Catalog::read_lock(&lock_json).unwrap();
    let same = compare(&lock, &live);
    assert!(same.is_unchanged(), "{same}");
    // Without one of them, the lock tells the removal.
    let fewer = Catalog::read_lock(&lock_json.replace("my_app::config::bad-value", "my_app::gone"))
        .unwrap();
    let report = compare(&fewer, &live);
    assert!(report.to_string().contains("my_app::gone"), "{report}");
}
