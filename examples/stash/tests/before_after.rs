//! The adopted `stash` against the program before adoption: in text mode
//! every invocation prints the same bytes and exits alike; with
//! `STASH_JSON=1`, each prints one document whose `ok`, code and exit agree.

use std::os::unix::process::CommandExt as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::Value;

const BEFORE: &str = env!("CARGO_BIN_EXE_stash-before");
const AFTER: &str = env!("CARGO_BIN_EXE_stash");

/// The store's hash of a content (FNV-1a, 64 bits).
fn hash(bytes: &[u8]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// A directory holding a store, in one of the states the cases need.
struct Scratch(PathBuf);

#[derive(Clone, Copy, PartialEq)]
enum State {
    Good,
    /// One entry's content no longer matches its hash.
    Corrupt,
    /// One entry's content file is gone.
    Missing,
    /// The index has a line `stash` never writes.
    Broken,
    /// No store at all.
    Empty,
    /// Saving the index fails: its temporary file's name is a directory.
    Unsaveable,
}

const ENTRIES: &[(&str, &str, &str)] = &[
    ("greeting", "hello\n", "demo"),
    ("notes", "buy milk\ncall ana\n", "work,home"),
    ("todo", "- ship 1.4\n", "work"),
];

impl Scratch {
    fn new(state: State) -> Scratch {
        static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("stash-example-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("notes.txt"), "from a file\n").unwrap();
        if state == State::Empty {
            return Scratch(dir);
        }
        let objects = dir.join(".stash/objects");
        std::fs::create_dir_all(&objects).unwrap();
        let mut index = String::new();
        for (name, content, tags) in ENTRIES {
            let h = hash(content.as_bytes());
            index.push_str(&format!("{name}\t{h}\t{}\t{tags}\n", content.len()));
            std::fs::write(objects.join(&h), content).unwrap();
        }
        let notes = objects.join(hash(ENTRIES[1].1.as_bytes()));
        match state {
            State::Corrupt => std::fs::write(notes, "buy oat milk\n").unwrap(),
            State::Missing => std::fs::remove_file(notes).unwrap(),
            State::Broken => index.push_str("half a line\n"),
            State::Unsaveable => std::fs::create_dir(dir.join(".stash/index.tmp")).unwrap(),
            State::Good | State::Empty => {}
        }
        std::fs::write(dir.join(".stash/index"), index).unwrap();
        Scratch(dir)
    }

    fn index(&self) -> String {
        std::fs::read_to_string(self.0.join(".stash/index")).unwrap_or_default()
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

fn run(bin: &str, dir: &Path, args: &[&str], stdin: &str, json: bool, closed: bool) -> Run {
    let mut command = Command::new(bin);
    command
        .arg0("stash")
        .args(args)
        .current_dir(dir)
        .env("RUST_BACKTRACE", "0")
        .env_remove("STASH_DIR")
        .stdin(Stdio::piped())
        .stderr(Stdio::piped());
    if json {
        command.env("STASH_JSON", "1");
    } else {
        command.env_remove("STASH_JSON");
    }
    match closed {
        false => command.stdout(Stdio::piped()),
        true => {
            // A pipe whose reader has gone, as in `stash list | head`.
            let (reader, writer) = std::io::pipe().unwrap();
            drop(reader);
            command.stdout(writer)
        }
    };
    let mut child = command.spawn().unwrap();
    {
        use std::io::Write as _;
        let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    }
    let out = child.wait_with_output().unwrap();
    Run {
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: normalized(&String::from_utf8(out.stderr).unwrap()),
        exit: out.status.code().expect("an exit code, not a signal"),
    }
}

/// A panic's text names the thread's id and where it panicked: the before
/// program's `store.rs` is `src/before/store.rs`, and adoption moved its
/// lines.
fn normalized(stderr: &str) -> String {
    let mut text = stderr.replace("src/before/", "src/");
    if let Some(start) = text.find("thread 'main' (") {
        let open = start + "thread 'main' (".len();
        if let Some(len) = text[open..].find(')') {
            text.replace_range(open..open + len, "N");
        }
    }
    if let Some(at) = text.find("store.rs:") {
        let from = at + "store.rs:".len();
        if let Some(len) = text[from..].find(":\n") {
            text.replace_range(from..from + len, "L:C");
        }
    }
    text
}

struct Case {
    state: State,
    args: &'static [&'static str],
    stdin: &'static str,
    /// The code JSON mode reports; `None` for a success.
    code: Option<&'static str>,
}

const fn case(state: State, args: &'static [&'static str], code: Option<&'static str>) -> Case {
    Case {
        state,
        args,
        stdin: "",
        code,
    }
}

fn cases() -> Vec<Case> {
    use State::*;
    vec![
        case(Good, &["list"], None),
        case(Good, &["list", "--json"], None),
        case(Good, &["list", "--tag", "work"], None),
        case(Good, &["get", "notes"], None),
        case(Good, &["get", "nope"], Some("NOT_FOUND")),
        case(Missing, &["get", "notes"], Some("CONTENT_MISSING")),
        Case {
            stdin: "a new snippet\n",
            ..case(Good, &["put", "snippet", "--tag", "new"], None)
        },
        case(Good, &["put", "file", "notes.txt"], None),
        case(Good, &["put", "greeting", "notes.txt"], Some("NAME_TAKEN")),
        case(Good, &["put", "greeting", "notes.txt", "--force"], None),
        case(Good, &["put", "two words", "notes.txt"], Some("BAD_NAME")),
        case(Good, &["put", "x", "missing.txt"], Some("INPUT_UNREADABLE")),
        case(Unsaveable, &["put", "x", "notes.txt"], Some("FAILED")),
        case(Good, &["rm", "notes"], None),
        case(Good, &["rm", "nope"], Some("NOT_FOUND")),
        case(Good, &["has", "todo"], None),
        // The silent exit: nothing printed, exit 1.
        case(Good, &["has", "nope"], Some("ABSENT")),
        case(Good, &["verify"], None),
        case(Corrupt, &["verify"], Some("CORRUPT")),
        case(Missing, &["verify", "-q"], Some("CORRUPT")),
        case(Good, &["init"], Some("STORE_EXISTS")),
        case(Empty, &["init"], None),
        case(Empty, &["list"], Some("NO_STORE")),
        case(Good, &["completions", "bash"], None),
        case(Good, &["completions", "zsh"], None),
        case(Good, &["completions", "tcsh"], Some("USAGE")),
        case(Good, &["lst"], Some("USAGE")),
        case(Good, &["put"], Some("USAGE")),
        case(Good, &["list", "--jsn"], Some("USAGE")),
        case(Good, &[], Some("USAGE")),
        case(Good, &["--help"], None),
        case(Good, &["put", "--help"], None),
        case(Good, &["--version"], None),
        // A store broken by hand: `stash` panics on it.
        case(Broken, &["list"], Some("INTERNAL")),
    ]
}

#[test]
fn text_mode_is_the_program_before_adoption_byte_for_byte() {
    for case in cases() {
        let (before_dir, after_dir) = (Scratch::new(case.state), Scratch::new(case.state));
        let before = run(BEFORE, &before_dir.0, case.args, case.stdin, false, false);
        let after = run(AFTER, &after_dir.0, case.args, case.stdin, false, false);
        assert_eq!(after, before, "stash {:?}", case.args);
        assert_eq!(
            after_dir.index(),
            before_dir.index(),
            "the index after {:?}",
            case.args
        );
        assert_eq!(
            before.exit != 0,
            case.code.is_some(),
            "{:?}: {before:?}",
            case.args
        );
    }
}

#[test]
fn the_silent_exits_print_nothing_and_the_panic_keeps_rusts_exit() {
    let dir = Scratch::new(State::Good);
    let has = run(AFTER, &dir.0, &["has", "nope"], "", false, false);
    assert_eq!(
        (has.stdout.as_str(), has.stderr.as_str(), has.exit),
        ("", "", 1)
    );
    let dir = Scratch::new(State::Corrupt);
    let verify = run(AFTER, &dir.0, &["verify"], "", false, false);
    assert_eq!(
        (verify.stdout.as_str(), verify.stderr.as_str(), verify.exit),
        ("corrupt: notes\n", "", 3)
    );
    let dir = Scratch::new(State::Broken);
    let panic = run(AFTER, &dir.0, &["list"], "", false, false);
    assert_eq!(panic.exit, 101);
    assert!(panic.stderr.contains("src/store.rs"), "{}", panic.stderr);
}

/// The one difference: `run_with` prints `list`'s output itself, and a
/// reader that went away ends it quietly; the program before reported the
/// broken pipe. Both exit 1.
#[test]
fn a_closed_stdout_exits_1_as_before_without_the_broken_pipe_line() {
    for args in [&["list"][..], &["get", "notes"]] {
        let (before_dir, after_dir) = (Scratch::new(State::Good), Scratch::new(State::Good));
        let before = run(BEFORE, &before_dir.0, args, "", false, true);
        let after = run(AFTER, &after_dir.0, args, "", false, true);
        assert_eq!(
            (before.exit, before.stderr.as_str()),
            (1, "stash: Broken pipe (os error 32)\n"),
            "{args:?}"
        );
        assert_eq!((after.exit, after.stderr.as_str()), (1, ""), "{args:?}");
        let json = run(AFTER, &after_dir.0, args, "", true, true);
        assert_eq!((json.exit, json.stderr.as_str()), (1, ""), "{args:?}");
    }
}

/// clap_complete panics on a write that fails. The panic's text is kept;
/// the exit is the one chosen for a closed stdout, since the body stopped
/// on the write that failed.
#[test]
fn completions_to_a_closed_stdout_panic_as_before_and_exit_1() {
    let (before_dir, after_dir) = (Scratch::new(State::Good), Scratch::new(State::Good));
    let args = ["completions", "bash"];
    let before = run(BEFORE, &before_dir.0, &args, "", false, true);
    let after = run(AFTER, &after_dir.0, &args, "", false, true);
    assert_eq!(after.stderr, before.stderr);
    assert!(
        after.stderr.contains("failed to write completion file"),
        "{}",
        after.stderr
    );
    assert_eq!((before.exit, after.exit), (101, 1));
}

/// Each code's exit and hint, as the program hands them to the companion.
fn codes() -> &'static [(String, u8, Option<String>)] {
    static CODES: std::sync::OnceLock<Vec<(String, u8, Option<String>)>> =
        std::sync::OnceLock::new();
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
            .map(|c| {
                let code = c["code"].as_str().unwrap().to_owned();
                let exit = u8::try_from(c["exit"].as_u64().unwrap()).unwrap();
                (code, exit, c["hint"].as_str().map(str::to_owned))
            })
            .collect()
    })
}

#[test]
fn json_mode_prints_one_document_that_agrees_with_the_exit() {
    for case in cases() {
        let dir = Scratch::new(case.state);
        let run = run(AFTER, &dir.0, case.args, case.stdin, true, false);
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
                assert_eq!(doc["error"]["code"], code, "{:?}: {doc}", case.args);
                let (_, exit, hint) = codes().iter().find(|(c, ..)| c == code).unwrap();
                assert_eq!(run.exit, i32::from(*exit), "{:?}", case.args);
                match hint {
                    Some(hint) => assert_eq!(doc["error"]["hint"], hint.as_str()),
                    None => assert!(doc["error"].get("hint").is_none(), "{doc}"),
                }
            }
        }
        assert!(!run.stdout.contains("panicked"), "{}", run.stdout);
        // The panic hook's text, in JSON mode too, is on stderr only.
        if case.code == Some("INTERNAL") {
            assert!(run.stderr.contains("panicked"), "{}", run.stderr);
        }
    }
}

#[test]
fn json_mode_carries_data_details_and_the_whole_chain() {
    let json = |state: State, args: &[&str]| -> Value {
        let dir = Scratch::new(state);
        serde_json::from_str(&run(AFTER, &dir.0, args, "", true, false).stdout).unwrap()
    };
    let list = json(State::Good, &["list", "--tag", "work"]);
    assert_eq!(list["data"][0]["name"], "notes");
    assert_eq!(list["data"][1]["tags"], serde_json::json!(["work"]));
    let corrupt = json(State::Corrupt, &["verify"]);
    assert_eq!(corrupt["error"]["corrupt"], serde_json::json!(["notes"]));
    // Coded below the context `cannot stash ...`: the code is kept, and so
    // is every message of the chain.
    let taken = json(State::Good, &["put", "greeting", "notes.txt"]);
    assert_eq!(taken["error"]["code"], "NAME_TAKEN");
    assert_eq!(taken["error"]["name"], "greeting");
    assert_eq!(taken["error"]["message"], "cannot stash `greeting`");
    assert_eq!(
        taken["error"]["causes"],
        serde_json::json!(["`greeting` is already stashed; pass --force to replace it"])
    );
    let failed = json(State::Unsaveable, &["put", "x", "notes.txt"]);
    assert_eq!(failed["error"]["causes"][0], "cannot save the index");
    let usage = json(State::Good, &["list", "--jsn"]);
    assert_eq!(usage["error"]["suggestion"], "--json");
    let help = json(State::Good, &["--help"]);
    assert!(help["help"].as_str().unwrap().contains("completions"));
}

#[test]
fn help_and_completions_are_unchanged_by_json_mode() {
    let dir = Scratch::new(State::Good);
    for args in [&["--help"][..], &["completions", "bash"]] {
        let out = run(AFTER, &dir.0, args, "", false, false);
        assert!(!out.stdout.contains("STASH_JSON"), "{}", out.stdout);
        assert!(out.stdout.contains("verify"), "{}", out.stdout);
    }
}
