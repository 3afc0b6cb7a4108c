//! `http` and `url` keys: statuses and docs URLs resolved by the derive,
//! carried into the table, the catalog, the docs and the lock.

use sponson_codes::companion::catalog::Catalog;
use sponson_codes::{ErrorCode, ErrorCodes};

/// Failures of a web service.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ErrorCodes)]
#[codes(http = 422, url = "https://example.com/errors#{code}")]
pub enum Web {
    #[code(exit = 3, doc = "Another run holds the lock.", http = 409)]
    LockHeld,
    #[code(exit = 2, doc = "The plan is invalid.")]
    PlanInvalid,
    #[code(exit = 2, doc = "The request is malformed.", usage)]
    BadRequest,
    #[code(exit = 4, doc = "Moved.", url = "https://docs.example.com/moved")]
    Moved,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

/// Statuses on some codes only; no URL.
#[derive(Debug, Clone, Copy, ErrorCodes)]
pub enum Partial {
    #[code(exit = 3, doc = "Not found.", http = 404)]
    NotFound,
    #[code(exit = 2, doc = "Other.")]
    Other,
    #[code(exit = 1, doc = "An unexpected error.", fallback, http = 503)]
    Internal,
}

/// A command-line enum that never mentions HTTP.
#[derive(Debug, Clone, Copy, ErrorCodes)]
pub enum Cli {
    #[code(exit = 2, doc = "Bad flag.", usage)]
    Usage,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

#[test]
fn statuses_resolve_own_then_enum_default_then_usage_and_fallback() {
    let statuses: Vec<Option<u16>> = Web::TABLE.iter().map(|c| c.http).collect();
    assert_eq!(
        statuses,
        [Some(409), Some(422), Some(400), Some(422), Some(500)]
    );
    let partial: Vec<Option<u16>> = Partial::TABLE.iter().map(|c| c.http).collect();
    assert_eq!(partial, [Some(404), Some(500), Some(503)]);
}

#[test]
fn an_enum_without_http_keeps_none_and_answers_400_or_500() {
    assert!(Cli::TABLE
        .iter()
        .all(|c| c.http.is_none() && c.url.is_none()));
    assert_eq!(Cli::Usage.info().http_status(), 400);
    assert_eq!(Cli::Internal.info().http_status(), 500);
}

#[test]
fn urls_substitute_the_code_and_a_code_may_override() {
    assert_eq!(
        Web::LockHeld.info().url,
        Some("https://example.com/errors#LOCK_HELD")
    );
    assert_eq!(
        Web::Moved.info().url,
        Some("https://docs.example.com/moved")
    );
    assert!(Partial::TABLE.iter().all(|c| c.url.is_none()));
}

#[test]
fn catalog_and_docs_carry_status_and_url() {
    let catalog = Catalog::from_enums(&[Web::ENUM, Cli::ENUM]);
    let json: serde_json::Value = serde_json::from_str(&catalog.to_json()).unwrap();
    assert_eq!(json["codes"][0]["http"], 409);
    assert_eq!(
        json["codes"][0]["url"],
        "https://example.com/errors#LOCK_HELD"
    );
    let cli_usage = &json["codes"][5];
    assert_eq!(cli_usage["code"], "USAGE");
    assert!(cli_usage.get("http").is_none() && cli_usage.get("url").is_none());

    let md =
        sponson_codes::companion::markdown::render_markdown(&[Web::ENUM, Cli::ENUM], "make docs");
    assert!(md.contains(
        "| [`LOCK_HELD`](https://example.com/errors#LOCK_HELD) | 3 | 409 | Another run holds the lock. |  |\n"
    ));
    // The CLI enum's table has no HTTP column.
    assert!(md.contains("| `USAGE` | 2 | Bad flag. |  |\n"), "{md}");
}
