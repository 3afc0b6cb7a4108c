//! Renders arbitrary text as messages, hints, data, details and command
//! names, in text mode and in JSON mode: no control character ever reaches
//! a terminal raw, a message and a hint stay one line each, and a JSON
//! envelope is one line for every common line splitter.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sponson_codes::{Error, ErrorCodes, Mode, Runner};

#[derive(Debug, Clone, Copy, PartialEq, Eq, ErrorCodes)]
enum Code {
    #[code(exit = 3, doc = "Another run holds the lock.", hint = "Pass --wait.")]
    LockHeld,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

/// What must never reach a terminal raw (the library's rule, written out
/// again here so the two are checked against each other): controls, the
/// line and paragraph separators, the interlinear annotation marks and
/// Unicode 16.0.0's Default_Ignorable_Code_Point (DerivedCoreProperties.txt).
fn hostile(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{2028}'
                | '\u{2029}'
                | '\u{fff9}'..='\u{fffb}'
                | '\u{ad}'
                | '\u{34f}'
                | '\u{61c}'
                | '\u{115f}'..='\u{1160}'
                | '\u{17b4}'..='\u{17b5}'
                | '\u{180b}'..='\u{180f}'
                | '\u{200b}'..='\u{200f}'
                | '\u{202a}'..='\u{202e}'
                | '\u{2060}'..='\u{206f}'
                | '\u{3164}'
                | '\u{fe00}'..='\u{fe0f}'
                | '\u{feff}'
                | '\u{ffa0}'
                | '\u{fff0}'..='\u{fff8}'
                | '\u{1bca0}'..='\u{1bca3}'
                | '\u{1d173}'..='\u{1d17a}'
                | '\u{e0000}'..='\u{e0fff}'
        )
}

fn terminal_safe(text: &str) {
    for c in text.chars() {
        assert!(
            !hostile(c) || c == '\n' || c == '\t',
            "raw {c:?} in {text:?}"
        );
    }
}

/// What Python's `str.splitlines()` and JavaScript cut lines at.
fn one_line(json: &str) {
    let line = json.strip_suffix('\n').expect("ends in a newline");
    assert!(
        !line.contains([
            '\n', '\r', '\u{b}', '\u{c}', '\u{1c}', '\u{1d}', '\u{1e}', '\u{85}', '\u{2028}',
            '\u{2029}'
        ]),
        "{line:?}"
    );
    let value: serde_json::Value = serde_json::from_str(line).expect("one JSON document");
    assert!(value.is_object());
}

fuzz_target!(|data: &[u8]| {
    // Three fields separated by 0xFF, a byte that never occurs in UTF-8.
    let mut parts = data.splitn(3, |b| *b == 0xFF);
    let mut next = || String::from_utf8_lossy(parts.next().unwrap_or_default()).into_owned();
    let (message, hint, text) = (next(), next(), next());

    let text_mode = Runner::<Code>::new("cmd", Mode::Text);
    let failed = Error::new(Code::LockHeld, message.as_str()).with_hint(&hint);
    let out = text_mode.render(|| Err::<(), _>(failed));
    terminal_safe(&out.stderr);
    let lines: Vec<&str> = out.stderr.split_terminator('\n').collect();
    assert_eq!(lines.len(), 2, "{:?}", out.stderr);
    assert!(lines[0].starts_with("error[LOCK_HELD]: ") && lines[1].starts_with("hint: "));
    assert_eq!(out.exit, 3);
    assert!(out.stdout.is_empty());

    let out = text_mode.render(|| Ok::<_, Error<Code>>(text.clone()));
    terminal_safe(&out.stdout);
    assert_eq!(out.stdout.lines().count(), text.lines().count());
    assert_eq!(out.exit, 0);

    let object = serde_json::json!({ message.clone(): text.clone(), "hint": hint.clone() });
    let out =
        Runner::<Code>::new(hint.as_str(), Mode::Text).render(|| Ok::<_, Error<Code>>(&object));
    terminal_safe(&out.stdout);
    terminal_safe(&out.stderr);

    let detailed = Error::new(Code::LockHeld, text.as_str()).with_detail(&hint, &message);
    let out = Runner::<Code>::new(message.as_str(), Mode::Json).render(|| Err::<(), _>(detailed));
    one_line(&out.stdout);
    let out = Runner::<Code>::new(text.as_str(), Mode::Json).render(|| Ok::<_, Error<Code>>(&object));
    one_line(&out.stdout);
});
