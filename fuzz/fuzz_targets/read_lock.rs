//! Reads arbitrary bytes as a committed lock file, as `check` and
//! `lock --check` read one from a repository: with `Catalog::read_lock` on
//! the bytes as UTF-8, and through the companion itself against the live
//! codes of `live_codes.rs`.
//!
//! - What reads writes a lock that reads back, writes the same bytes and
//!   compares the same against the live codes; a lock file reads back
//!   equal. A lock written from codes listed once each compares unchanged
//!   against them.
//! - The companion's `check --json` and `lock --check --json` print one
//!   document whose outcome is what the reader and `compare` say: not
//!   UTF-8 or not a lock is `LOCK_INVALID`, a breaking change
//!   `BREAKING_CHANGE` naming each, a file that differs from what `lock`
//!   writes is behind (`LOCK_STALE` for `lock --check`), else success.
//!   Never the fallback code a caught panic becomes.
#![no_main]

mod live_codes;

use std::collections::HashSet;
use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use serde_json::Value;
use sponson_codes::companion::catalog::Catalog;
use sponson_codes::companion::lock::{compare, Change, Compatibility, LOCK_FORMAT};
use sponson_codes::companion::Companion;
use sponson_codes::profile::{Document, SPONSON};

struct Fixture {
    live: Catalog,
    fresh: String,
    companion: Companion,
    lock_path: std::path::PathBuf,
}

fn fixture() -> &'static Fixture {
    static FIXTURE: OnceLock<Fixture> = OnceLock::new();
    FIXTURE.get_or_init(|| {
        let live = Catalog::from_enums(&sponson_codes::registry::documented());
        assert!(live.codes.len() >= 6, "the live codes are registered");
        // Memory-backed where there is one: a file is written per input.
        let base = ["/dev/shm", "/tmp"]
            .into_iter()
            .map(std::path::PathBuf::from)
            .find(|dir| dir.is_dir())
            .unwrap_or_else(std::env::temp_dir);
        // One directory per process; those of processes that have ended go.
        for entry in std::fs::read_dir(&base).into_iter().flatten().flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if let Some(pid) = name.strip_prefix("sponson-fuzz-lock-") {
                if !std::path::Path::new("/proc").join(pid).exists() {
                    let _ = std::fs::remove_dir_all(entry.path());
                }
            }
        }
        let dir = base.join(format!("sponson-fuzz-lock-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("docs")).unwrap();
        let lock_path = dir.join("docs/errors.lock.json");
        let dir: &'static str = Box::leak(dir.to_string_lossy().into_owned().into_boxed_str());
        Fixture {
            fresh: live.to_lock_json(),
            live,
            companion: Companion::new("sponson-codes-fuzz", "read_lock", dir),
            lock_path,
        }
    })
}

/// Each change with its verdict, as `check` and `lock --check` list them.
fn verdicts<'a>(report: &Compatibility, changes: impl Iterator<Item = &'a Change>) -> Value {
    Value::Array(changes.map(|c| Value::String(report.verdict(c))).collect())
}

/// What the companion printed, read back: one document on stdout.
fn run(companion: &Companion, args: &[&str]) -> (Document<Value, Value>, u8) {
    let out = companion.run(args.iter().copied());
    let line = out.stdout.strip_suffix('\n').expect("a document on stdout");
    assert!(!line.contains('\n'), "{line}");
    let doc = SPONSON
        .read::<Value, Value>(line)
        .unwrap_or_else(|err| panic!("{err}: {line}"));
    if let Err(error) = &doc.result {
        assert_ne!(error.code, "INTERNAL", "a caught panic: {line}");
    }
    (doc, out.exit)
}

fn code(doc: &Document<Value, Value>) -> &str {
    doc.result.as_ref().map_or_else(|e| e.code.as_str(), |_| "")
}

/// `check`, and a breaking `lock --check`, warn of each notice.
fn check_notices(doc: &Document<Value, Value>, report: &Compatibility, warns: bool) {
    let warned = doc
        .warnings
        .iter()
        .filter(|w| w.code() == "EXHAUSTIVE_ENUM")
        .count();
    assert_eq!(warned, doc.warnings.len(), "{doc:?}");
    assert_eq!(
        warned,
        if warns { report.notices.len() } else { 0 },
        "{doc:?}"
    );
}

fuzz_target!(|data: &[u8]| {
    let f = fixture();
    // The library's own readers, on what `LockState` reads.
    let state = std::str::from_utf8(data).ok().and_then(|text| {
        let lock = Catalog::read_lock(text).ok()?;
        let report = compare(&lock, &f.live);
        let _ = report.to_string();
        let written = lock.to_lock_json();
        let again = Catalog::read_lock(&written).expect("a written lock reads back");
        assert_eq!(again.to_lock_json(), written, "stable");
        assert_eq!(
            compare(&again, &f.live),
            report,
            "the written lock compares alike"
        );
        if lock.format == LOCK_FORMAT {
            assert_eq!(again, lock);
        }
        let mut seen = HashSet::new();
        if lock.codes.iter().all(|c| seen.insert(c.code.as_str())) {
            let itself = compare(&again, &lock);
            assert!(itself.is_unchanged(), "{itself}");
        }
        Some(report)
    });
    let stale = data != f.fresh.as_bytes();

    std::fs::write(&f.lock_path, data).unwrap();
    for (args, stale_code) in [
        (&["check", "--json"][..], None),
        (&["lock", "--check", "--json"][..], Some("LOCK_STALE")),
    ] {
        let (doc, exit) = run(&f.companion, args);
        let Some(report) = &state else {
            assert_eq!((code(&doc), exit), ("LOCK_INVALID", 1), "{doc:?}");
            continue;
        };
        check_notices(&doc, report, stale_code.is_none() || report.is_breaking());
        if report.is_breaking() {
            assert_eq!((code(&doc), exit), ("BREAKING_CHANGE", 1), "{doc:?}");
            let error = doc.result.as_ref().unwrap_err();
            assert_eq!(
                error.details["breaking"],
                verdicts(report, report.breaking())
            );
            continue;
        }
        match (stale, stale_code) {
            (true, Some(stale_code)) => {
                assert_eq!((code(&doc), exit), (stale_code, 1), "{doc:?}");
                let error = doc.result.as_ref().unwrap_err();
                assert_eq!(
                    error.details["changes"],
                    verdicts(report, report.changes.iter())
                );
            }
            _ => {
                assert_eq!(exit, 0, "{doc:?}");
                let data = doc.result.as_ref().unwrap();
                if stale_code.is_none() {
                    assert_eq!(data["behind"], stale);
                    assert_eq!(data["changes"], verdicts(report, report.changes.iter()));
                }
            }
        }
    }
});
