//! The failures' messages in other languages: `locales/<locale>/errors.ftl`,
//! embedded in the binary. English is the contract's own `message`; the
//! English file is the reference that translations start from, and the
//! checks hold every file to the codes.

use std::sync::LazyLock;

use sponson_codes::profile::fluent::Messages;

/// plan's messages in English and German.
pub static MESSAGES: LazyLock<Messages> = LazyLock::new(|| {
    Messages::new()
        .with_locale(
            "en",
            "locales/en/errors.ftl",
            include_str!("../locales/en/errors.ftl"),
        )
        .and_then(|messages| {
            messages.with_locale(
                "de",
                "locales/de/errors.ftl",
                include_str!("../locales/de/errors.ftl"),
            )
        })
        // Embedded text, not input: tests/test_locales.rs checks it parses.
        .expect("the embedded locales parse")
});

/// The locale of the environment (`LC_ALL`, `LC_MESSAGES`, `LANG`), unless
/// plan's messages serve it in English, the language of the contract's own
/// message, which says more (it names the plan, the scope, the holder).
pub fn locale() -> Option<String> {
    sponson_codes::profile::fluent::env_locale()
        .filter(|locale| MESSAGES.negotiate(locale) != Some("en"))
}
