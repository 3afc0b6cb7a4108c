//! The adopted `ledger` against the program before adoption: in text mode
//! every invocation prints the same bytes and exits alike; with the hidden
//! `--json`, each prints one document whose `ok`, code and exit agree.

use std::os::unix::process::CommandExt as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::Value;

const BEFORE: &str = env!("CARGO_BIN_EXE_ledger-before");
const AFTER: &str = env!("CARGO_BIN_EXE_ledger");

const BOOK: &str = ";; ledger v1
open 2024-01-01 assets:cash
open 2024-01-01 assets:bank
open 2024-01-01 expenses:food
open 2024-01-01 income:pay
open 2024-03-01 expenses:travel
2024-01-02 income:pay -> assets:bank 1500.00 january pay
2024-01-03 assets:bank -> assets:cash 200
2024-01-05 assets:cash -> expenses:food 12.50 lunch
2024-02-02 income:pay -> assets:bank 1500.00 february pay
2024-02-09 assets:cash -> expenses:food 31.20
";

/// A directory with the files the invocations read.
struct Scratch(PathBuf);

impl Scratch {
    fn new() -> Scratch {
        static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("ledger-example-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let write = |name: &str, text: &str| std::fs::write(dir.join(name), text).unwrap();
        write("home.ledger", BOOK);
        write(
            "overdrawn.ledger",
            ";; ledger v1\nopen 2024-01-01 assets:cash\nopen 2024-01-01 expenses:rent\n\
             2024-01-02 assets:cash -> expenses:rent 900\n",
        );
        write("notes.txt", "groceries\n");
        write(
            "broken.ledger",
            ";; ledger v1\nopen 2024-01-01 assets:cash\n2024-01-02 assets:cash => x 1\n",
        );
        let mut huge =
            String::from(";; ledger v1\nopen 2024-01-01 assets:a\nopen 2024-01-01 assets:b\n");
        for _ in 0..10 {
            huge.push_str("2024-01-02 assets:a -> assets:b 9999999999999999.99\n");
        }
        write("huge.ledger", &huge);
        let mut long =
            String::from(";; ledger v1\nopen 2024-01-01 assets:a\nopen 2024-01-01 income:b\n");
        for _ in 0..5000 {
            long.push_str("2024-01-02 income:b -> assets:a 1.00 pay\n");
        }
        write("long.ledger", &long);
        std::fs::create_dir(dir.join("folder.ledger")).unwrap();
        Scratch(dir)
    }

    fn read(&self, name: &str) -> String {
        std::fs::read_to_string(self.0.join(name)).unwrap_or_default()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[derive(Debug, PartialEq, Eq)]
struct Run {
    stdout: String,
    stderr: String,
    exit: i32,
}

#[derive(Clone, Copy)]
enum Stdout {
    Piped,
    /// A pipe whose reader has gone, as in `ledger report | head`.
    Closed,
}

fn run(bin: &str, dir: &Path, args: &[&str], stdin: &[u8], stdout: Stdout) -> Run {
    let mut command = Command::new(bin);
    // Both are `ledger` to clap, which names the program by `argv[0]`.
    command
        .arg0("ledger")
        .args(args)
        .current_dir(dir)
        .env("RUST_BACKTRACE", "0")
        .stdin(Stdio::piped())
        .stderr(Stdio::piped());
    match stdout {
        Stdout::Piped => command.stdout(Stdio::piped()),
        Stdout::Closed => {
            let (reader, writer) = std::io::pipe().unwrap();
            drop(reader);
            command.stdout(writer)
        }
    };
    let mut child = command.spawn().unwrap();
    {
        use std::io::Write as _;
        let mut input = child.stdin.take().unwrap();
        let _ = input.write_all(stdin);
    }
    let out = child.wait_with_output().unwrap();
    Run {
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: normalized(&String::from_utf8(out.stderr).unwrap()),
        exit: out.status.code().expect("an exit code, not a signal"),
    }
}

/// A panic's text names the thread's id and the source file: the before
/// program's copy of `book.rs` is `src/before/book.rs`.
fn normalized(stderr: &str) -> String {
    let mut text = stderr.replace("src/before/", "src/");
    if let Some(start) = text.find("thread 'main' (") {
        let open = start + "thread 'main' (".len();
        if let Some(len) = text[open..].find(')') {
            text.replace_range(open..open + len, "N");
        }
    }
    text
}

/// One invocation, and the code JSON mode reports for it (`None`: success).
struct Case {
    args: &'static [&'static str],
    stdin: &'static [u8],
    stdout: Stdout,
    code: Option<&'static str>,
    /// The file the command changes, compared after the run.
    changes: Option<&'static str>,
}

const fn case(args: &'static [&'static str], code: Option<&'static str>) -> Case {
    Case {
        args,
        stdin: b"",
        stdout: Stdout::Piped,
        code,
        changes: None,
    }
}

fn cases() -> Vec<Case> {
    vec![
        case(&["balance", "home.ledger"], None),
        case(&["bal", "home.ledger", "--format", "json"], None),
        case(&["balance", "home.ledger", "--account", "assets"], None),
        case(&["balance", "home.ledger", "--account", "assets:gold"], Some("UNKNOWN_ACCOUNT")),
        case(&["report", "home.ledger"], None),
        case(&["report", "home.ledger", "--month", "2024-02", "--format", "json"], None),
        case(&["report", "home.ledger", "--month", "2024-2"], Some("BAD_DATE")),
        case(&["check", "home.ledger"], None),
        case(&["check", "overdrawn.ledger", "--strict"], Some("OVERDRAWN")),
        case(&["check", "overdrawn.ledger"], None),
        Case { changes: Some("new.ledger"), ..case(&["init", "new.ledger"], None) },
        case(&["init", "home.ledger"], Some("ALREADY_EXISTS")),
        case(&["init", "no/such/dir.ledger"], Some("FILE_UNWRITABLE")),
        Case {
            changes: Some("home.ledger"),
            ..case(&["open", "home.ledger", "liabilities:card", "--date", "2024-04-01"], None)
        },
        case(&["open", "home.ledger", "assets:cash", "--date", "2024-04-01"], Some("DUPLICATE_ACCOUNT")),
        case(&["open", "home.ledger", "Assets", "--date", "2024-04-01"], Some("PARSE")),
        Case {
            changes: Some("home.ledger"),
            ..case(
                &["add", "home.ledger", "--date", "2024-03-02", "--from", "assets:cash", "--to", "expenses:travel", "--amount", "40.5", "--memo", "train  to lyon"],
                None,
            )
        },
        case(
            &["add", "home.ledger", "--date", "2024-02-02", "--from", "assets:cash", "--to", "expenses:travel", "--amount", "40"],
            Some("NOT_YET_OPEN"),
        ),
        case(
            &["add", "home.ledger", "--date", "2024-03-02", "--from", "assets:cash", "--to", "expenses:food", "--amount", "4,50"],
            Some("BAD_AMOUNT"),
        ),
        Case {
            stdin: b"2024-03-04,assets:cash,expenses:food,3.10,coffee\n\n2024-03-05,assets:bank,assets:cash,50\n",
            changes: Some("home.ledger"),
            ..case(&["import", "home.ledger"], None)
        },
        Case {
            stdin: b"2024-03-04,assets:cash,expenses:food,3.10\n2024-03-05;assets:bank;assets:cash;50\n",
            ..case(&["import", "home.ledger"], Some("CSV"))
        },
        Case { stdin: b"\xff\xfe", ..case(&["import", "home.ledger"], Some("STDIO_FAILED")) },
        case(&["balance", "missing.ledger"], Some("FILE_UNREADABLE")),
        case(&["balance", "folder.ledger"], Some("FILE_UNREADABLE")),
        case(&["balance", "notes.txt"], Some("NOT_A_LEDGER")),
        case(&["report", "broken.ledger"], Some("PARSE")),
        // Usage errors, help and version: clap's own text in text mode.
        case(&["balance", "home.ledger", "--acount", "x"], Some("USAGE")),
        case(&["balance", "home.ledger", "--format", "yaml"], Some("USAGE")),
        case(&["blance", "home.ledger"], Some("USAGE")),
        case(&["add", "home.ledger"], Some("USAGE")),
        case(&[], Some("USAGE")),
        case(&["--help"], None),
        case(&["report", "--help"], None),
        case(&["--version"], None),
        // `ledger report | head`: exit 0, as before, even when the command
        // stops on the write that failed.
        Case { stdout: Stdout::Closed, ..case(&["report", "long.ledger"], None) },
        Case { stdout: Stdout::Closed, ..case(&["balance", "home.ledger"], None) },
        // A bug: amounts that overflow panic.
        case(&["balance", "huge.ledger"], Some("INTERNAL")),
    ]
}

#[test]
fn text_mode_is_the_program_before_adoption_byte_for_byte() {
    for case in cases() {
        let (before_dir, after_dir) = (Scratch::new(), Scratch::new());
        let stdin = case.stdin;
        let before = run(BEFORE, &before_dir.0, case.args, stdin, case.stdout);
        let after = run(AFTER, &after_dir.0, case.args, stdin, case.stdout);
        assert_eq!(after, before, "ledger {:?}", case.args);
        if let Some(file) = case.changes {
            assert_eq!(
                after_dir.read(file),
                before_dir.read(file),
                "{file} after {:?}",
                case.args
            );
            assert_ne!(
                after_dir.read(file),
                Scratch::new().read(file),
                "{:?} changes {file}",
                case.args
            );
        }
        assert_eq!(
            before.exit != 0,
            case.code.is_some(),
            "{:?}: {before:?}",
            case.args
        );
    }
}

#[test]
fn the_panic_is_on_stderr_with_rusts_exit() {
    let dir = Scratch::new();
    let run = run(
        AFTER,
        &dir.0,
        &["balance", "huge.ledger"],
        b"",
        Stdout::Piped,
    );
    assert_eq!(run.exit, 101);
    assert!(run.stderr.contains("src/book.rs"), "{}", run.stderr);
    assert!(run.stderr.contains("amount overflow"), "{}", run.stderr);
}

fn exit_of(code: &str) -> i32 {
    let info = ledger_codes()
        .iter()
        .find(|c| c.code == code)
        .unwrap_or_else(|| panic!("{code} is a code of the catalog"));
    i32::from(info.exit)
}

/// The codes as the program hands them to the companion.
fn ledger_codes() -> &'static [Code] {
    static CODES: std::sync::OnceLock<Vec<Code>> = std::sync::OnceLock::new();
    CODES.get_or_init(|| {
        let out = Command::new(AFTER)
            .env("SPONSON_CODES_CATALOG", "1")
            .output()
            .unwrap();
        let catalog: Value = serde_json::from_slice(&out.stdout).unwrap();
        catalog["codes"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|c| c.get("warning").is_none())
            .map(|c| Code {
                code: c["code"].as_str().unwrap().to_owned(),
                exit: c["exit"].as_u64().unwrap() as u8,
                hint: c["hint"].as_str().map(str::to_owned),
            })
            .collect()
    })
}

struct Code {
    code: String,
    exit: u8,
    hint: Option<String>,
}

#[test]
fn json_mode_prints_one_document_that_agrees_with_the_exit() {
    for case in cases() {
        let dir = Scratch::new();
        // The hidden flag works anywhere before `--`, even before a typo.
        let mut args = vec!["--json"];
        args.extend(case.args);
        let run = run(AFTER, &dir.0, &args, case.stdin, case.stdout);
        if let Stdout::Closed = case.stdout {
            assert_eq!((run.exit, run.stderr.as_str()), (0, ""), "{:?}", case.args);
            continue;
        }
        let docs: Vec<Value> = serde_json::Deserializer::from_str(&run.stdout)
            .into_iter()
            .collect::<Result<_, _>>()
            .unwrap_or_else(|e| panic!("{:?}: {e}: {}", case.args, run.stdout));
        assert_eq!(docs.len(), 1, "{:?}: {}", case.args, run.stdout);
        let doc = &docs[0];
        assert_eq!(doc["ok"], run.exit == 0, "{:?}: {doc}", case.args);
        match case.code {
            None => assert_eq!(run.exit, 0, "{:?}: {doc}", case.args),
            Some(code) => {
                assert_eq!(doc["error"]["code"], code, "{:?}", case.args);
                assert_eq!(run.exit, exit_of(code), "{:?}", case.args);
                let hint = ledger_codes()
                    .iter()
                    .find(|c| c.code == code)
                    .unwrap()
                    .hint
                    .clone();
                match hint {
                    Some(hint) => assert_eq!(doc["error"]["hint"], hint.as_str()),
                    None => assert!(doc["error"].get("hint").is_none()),
                }
            }
        }
        assert!(!run.stdout.contains("panicked"), "{}", run.stdout);
    }
}

#[test]
fn json_mode_carries_the_data_and_the_details() {
    let dir = Scratch::new();
    let json = |args: &[&str]| -> Value {
        let out = run(AFTER, &dir.0, args, b"", Stdout::Piped);
        serde_json::from_str(&out.stdout).unwrap()
    };
    let balance = json(&["balance", "home.ledger", "--account", "assets", "--json"]);
    assert_eq!(balance["command"], "balance");
    assert_eq!(balance["accounts"][0]["account"], "assets:cash");
    assert_eq!(balance["accounts"][0]["balance"], "156.30");
    let overdrawn = json(&["check", "overdrawn.ledger", "--strict", "--json"]);
    assert_eq!(overdrawn["error"]["account"], "assets:cash");
    assert_eq!(overdrawn["error"]["balance"], "-900.00");
    let parse = json(&["report", "broken.ledger", "--json"]);
    assert_eq!(
        (
            parse["error"]["path"].as_str(),
            parse["error"]["line"].as_u64()
        ),
        (Some("broken.ledger"), Some(3))
    );
    let check = json(&["check", "home.ledger", "--json"]);
    assert_eq!(check["warnings"][0]["code"], "UNUSED_ACCOUNT");
    assert_eq!(check["warnings"][0]["account"], "expenses:travel");
    let usage = json(&["--json", "balance", "home.ledger", "--acount", "x"]);
    assert_eq!(usage["error"]["suggestion"], "--account");
    let version = json(&["--version", "--json"]);
    assert_eq!(version["version"], "ledger 0.3.1");
}

#[test]
fn help_says_nothing_of_the_hidden_flag() {
    let dir = Scratch::new();
    for args in [&["--help"][..], &["balance", "--help"]] {
        let out = run(AFTER, &dir.0, args, b"", Stdout::Piped);
        assert!(!out.stdout.contains("--json"), "{}", out.stdout);
    }
}

/// Runs `bin args` with stdout and stderr on one pipe, as a terminal shows
/// them (`2>&1`).
fn interleaved(bin: &str, dir: &Path, args: &[&str]) -> String {
    use std::os::fd::OwnedFd;
    let (reader, writer) = std::os::unix::net::UnixStream::pair().unwrap();
    let mut child = Command::new(bin)
        .arg0("ledger")
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(OwnedFd::from(writer.try_clone().unwrap()))
        .stderr(OwnedFd::from(writer))
        .spawn()
        .unwrap();
    let mut text = String::new();
    std::io::Read::read_to_string(&mut { reader }, &mut text).unwrap();
    child.wait().unwrap();
    text
}

#[test]
fn warnings_reach_stderr_as_they_are_raised_in_text_mode() {
    let dir = Scratch::new();
    let args = ["check", "home.ledger"];
    let before = interleaved(BEFORE, &dir.0, &args);
    assert!(
        before.starts_with("ledger: warning: account `expenses:travel` is opened but never used\n"),
        "{before}"
    );
    assert_eq!(interleaved(AFTER, &dir.0, &args), before);
}
