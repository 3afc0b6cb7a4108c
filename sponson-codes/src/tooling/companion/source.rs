//! Where the companion reads a program's codes from: the enums linked into
//! it, a catalog file (or stdin), or a program run so that it hands over its
//! catalog (`SPONSON_CODES_CATALOG=1`, see [`crate::catalog`]).

use std::ffi::OsString;
use std::io::Read as _;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use super::failure::{CompanionCode, Failure};
use crate::tooling::catalog::{Catalog, ReadError};

/// The most bytes of a catalog read; a larger one is refused.
const MAX_CATALOG_BYTES: u64 = 64 << 20;

/// How long a program may take to hand over its catalog.
const PROGRAM_TIMEOUT: Duration = Duration::from_secs(60);

/// Where the codes come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Source {
    /// The enums linked into the companion itself.
    Linked,
    /// A catalog file; `-` is stdin.
    Catalog(String),
    /// A program to run, which prints its catalog and exits.
    Program(String),
}

/// Takes `--catalog PATH` and `--bin PATH` (or `--catalog=PATH`,
/// `--bin=PATH`) out of `args`, before any `--`; the rest is the command
/// line. At most one source may be given.
#[cfg(test)]
pub(crate) fn take(args: Vec<OsString>) -> Result<(Source, Vec<OsString>), Failure> {
    let (sources, rest) = take_all(args)?;
    Ok((one(sources)?, rest))
}

/// The one source of a command that reads one program: the linked enums
/// when none is given.
pub(crate) fn one(sources: Vec<Source>) -> Result<Source, Failure> {
    let mut sources = sources.into_iter();
    match (sources.next(), sources.next()) {
        (None, _) => Ok(Source::Linked),
        (Some(source), None) => Ok(source),
        (Some(_), Some(_)) => Err(Failure::usage(
            "give one of --catalog and --bin, once: the companion reads one program's codes (`site` and `merge` read several, each as --catalog NAME=FILE or --bin NAME=PATH)",
        )),
    }
}

/// Takes every `--catalog PATH` and `--bin PATH` out of `args`, as
/// [`take`] does, in the order given.
pub(crate) fn take_all(args: Vec<OsString>) -> Result<(Vec<Source>, Vec<OsString>), Failure> {
    let mut sources = Vec::new();
    let mut rest = Vec::with_capacity(args.len());
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        if arg == "--" {
            rest.push(arg);
            rest.extend(args);
            break;
        }
        let text = arg.to_string_lossy();
        let found = ["--catalog", "--bin"].into_iter().find_map(|flag| {
            if text == flag {
                Some((flag, None))
            } else {
                text.strip_prefix(flag)
                    .and_then(|value| value.strip_prefix('='))
                    .map(|value| (flag, Some(value.to_owned())))
            }
        });
        let Some((flag, value)) = found else {
            rest.push(arg);
            continue;
        };
        let value = match value {
            Some(value) => value,
            None => match args.next() {
                Some(value) => value.into_string().map_err(|value| {
                    Failure::usage(format!(
                        "{flag} {value:?} is not valid UTF-8; pass the path as UTF-8"
                    ))
                })?,
                None => return Err(Failure::usage(format!("{flag} needs a path"))),
            },
        };
        sources.push(match flag {
            "--catalog" => Source::Catalog(value),
            _ => Source::Program(value),
        });
    }
    Ok((sources, rest))
}

/// The options that name every source, for the command that regenerates
/// a file.
pub(crate) fn shown_all(sources: &[Source]) -> String {
    let shown: Vec<String> = sources.iter().map(Source::shown).collect();
    shown.join(" ")
}

/// A program's catalog, loaded for `site` or `merge`: named when given as
/// `NAME=PATH`, else a catalog merged already (or the only one given).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Loaded {
    pub(crate) name: Option<String>,
    pub(crate) catalog: Catalog,
}

/// Loads every source of `site` or `merge`, in order. A value `NAME=PATH`
/// whose `NAME` is a program's name (letters, digits, `_`, `-`) names the
/// program; any other value is a path (`./a=b.json` for a file whose name
/// holds `=`).
pub(crate) fn load_programs(sources: &[Source]) -> Result<Vec<Loaded>, Failure> {
    let mut loaded = Vec::with_capacity(sources.len());
    for source in sources {
        let (name, source) = source.named();
        let catalog = source.load()?.expect("a catalog or a program is given");
        loaded.push(Loaded { name, catalog });
    }
    Ok(loaded)
}

impl Source {
    /// The program's name and the source alone, for `NAME=PATH`; else
    /// no name and the source as it is.
    pub(crate) fn named(&self) -> (Option<String>, Source) {
        let (value, rebuild): (&str, fn(String) -> Source) = match self {
            Source::Linked => return (None, Source::Linked),
            Source::Catalog(value) => (value, Source::Catalog),
            Source::Program(value) => (value, Source::Program),
        };
        match value.split_once('=') {
            Some((name, path))
                if !path.is_empty()
                    && crate::tooling::merge::program_name_problem(name).is_none() =>
            {
                (Some(name.to_owned()), rebuild(path.to_owned()))
            }
            _ => (None, self.clone()),
        }
    }

    /// The options that name this source, for the command that regenerates
    /// a file: `--bin target/debug/app`.
    pub(crate) fn shown(&self) -> String {
        let quoted = |flag: &str, path: &str| format!("{flag} {}", super::shell_quoted(path));
        match self {
            Source::Linked => String::new(),
            Source::Catalog(path) => quoted("--catalog", path),
            Source::Program(path) => quoted("--bin", path),
        }
    }

    /// The catalog, or `None` for the linked enums.
    pub(crate) fn load(&self) -> Result<Option<Catalog>, Failure> {
        let (text, from) = match self {
            Source::Linked => return Ok(None),
            Source::Catalog(path) => (read_catalog_file(path)?, format!("`{path}`")),
            Source::Program(path) => (run_program(path)?, format!("the catalog `{path}` printed")),
        };
        match Catalog::from_json(&text) {
            Ok(catalog) => Ok(Some(catalog)),
            Err(ReadError::NotACatalog | ReadError::Json(_))
                if matches!(self, Source::Program(_)) =>
            {
                Err(not_handed_over(
                    self,
                    "printed something that is not a catalog",
                ))
            }
            Err(err) => {
                let hint = match (&err, self) {
                    (ReadError::Version { .. } | ReadError::LockVersion { .. }, _) => {
                        "use the companion of the sponson-codes version the program uses, as the message says"
                    }
                    (_, Source::Program(_)) => {
                        "the program printed a catalog that no sponson-codes writes; check that --bin names the program"
                    }
                    _ => "write the catalog again from the program (`sponson_codes::catalog::write`, or run it with SPONSON_CODES_CATALOG=1), or pass the program itself with --bin",
                };
                Err(Failure::new(
                    CompanionCode::CatalogInvalid,
                    format!("cannot read {from}: {err}"),
                )
                .with_hint(hint))
            }
        }
    }
}

fn read_catalog_file(path: &str) -> Result<String, Failure> {
    let io = |err: std::io::Error| {
        Failure::new(CompanionCode::Io, format!("cannot read `{path}`: {err}"))
            .with_detail("path", path)
    };
    let bytes = if path == "-" {
        let mut bytes = Vec::new();
        std::io::stdin()
            .take(MAX_CATALOG_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(io)?;
        bytes
    } else {
        crate::tooling::files::read_optional(std::path::Path::new(path))
            .map_err(io)?
            .ok_or_else(|| {
                Failure::new(CompanionCode::Io, format!("the catalog `{path}` does not exist"))
                    .with_hint("write it from the program with `sponson_codes::catalog::write`, or pass --bin with the program itself")
                    .with_detail("path", path)
            })?
    };
    if bytes.len() as u64 > MAX_CATALOG_BYTES {
        return Err(Failure::new(
            CompanionCode::CatalogInvalid,
            format!("the catalog `{path}` is larger than {MAX_CATALOG_BYTES} bytes"),
        ));
    }
    String::from_utf8(bytes).map_err(|err| {
        Failure::new(
            CompanionCode::CatalogInvalid,
            format!(
                "the catalog `{path}` is not valid UTF-8: byte {} is the first that is not",
                err.utf8_error().valid_up_to()
            ),
        )
    })
}

/// Runs `path` so that it prints its catalog: with the environment variable
/// set, no input, and a time limit; its stdout is the catalog.
fn run_program(path: &str) -> Result<String, Failure> {
    run_program_within(path, PROGRAM_TIMEOUT)
}

/// [`run_program`] with `timeout` for the whole run and read: a process the
/// program started may keep its stdout open after it exits, and the read
/// would otherwise wait for that process too.
fn run_program_within(path: &str, timeout: Duration) -> Result<String, Failure> {
    let mut child = Command::new(path)
        .env(crate::catalog::ENV_VAR, "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|err| {
            Failure::new(CompanionCode::ProgramFailed, format!("cannot run `{path}`: {err}"))
                .with_hint("build the program first, and pass the path of its binary, as in --bin target/debug/my-app")
                .with_detail("program", path)
        })?;
    // Read both pipes while it runs, so that a full pipe never stalls it.
    // The readers send what they read: waiting on a channel, unlike
    // joining the thread, can end at the deadline (a reader still blocked
    // then is left to end with the companion).
    let read = |mut pipe: Box<dyn std::io::Read + Send>, limit: u64| {
        let (sender, receiver) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = (&mut pipe).take(limit).read_to_end(&mut bytes);
            let _ = sender.send(bytes);
        });
        receiver
    };
    let stdout = read(
        Box::new(child.stdout.take().expect("piped")),
        MAX_CATALOG_BYTES + 1,
    );
    let stderr = read(Box::new(child.stderr.take().expect("piped")), 4096);
    let deadline = Instant::now() + timeout;
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if Instant::now() < deadline => {
                std::thread::sleep(Duration::from_millis(10));
            }
            Ok(None) | Err(_) => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(not_handed_over(
                    &Source::Program(path.to_owned()),
                    &format!("did not finish within {} s", timeout.as_secs()),
                ));
            }
        }
    };
    let left = || deadline.saturating_duration_since(Instant::now());
    if !status.success() {
        let stderr = stderr.recv_timeout(left()).unwrap_or_default();
        let stderr = String::from_utf8_lossy(&stderr).into_owned();
        let why = match status.code() {
            Some(code) => format!("exited with status {code}"),
            None => "was stopped by a signal".to_owned(),
        };
        return Err(not_handed_over(&Source::Program(path.to_owned()), &why)
            .with_detail("stderr", stderr.trim_end()));
    }
    let Ok(stdout) = stdout.recv_timeout(left()) else {
        return Err(not_handed_over(
            &Source::Program(path.to_owned()),
            &format!(
                "kept its stdout open past the {} s limit (a process it started holds it)",
                timeout.as_secs()
            ),
        ));
    };
    if stdout.len() as u64 > MAX_CATALOG_BYTES {
        return Err(Failure::new(
            CompanionCode::CatalogInvalid,
            format!("`{path}` printed more than {MAX_CATALOG_BYTES} bytes"),
        ));
    }
    String::from_utf8(stdout).map_err(|_| {
        not_handed_over(
            &Source::Program(path.to_owned()),
            "printed text that is not UTF-8",
        )
    })
}

fn not_handed_over(source: &Source, why: &str) -> Failure {
    let Source::Program(path) = source else {
        unreachable!("only a program hands over its catalog");
    };
    Failure::new(
        CompanionCode::ProgramFailed,
        format!(
            "`{path}` {why} instead of handing over its catalog (with {}=1 set)",
            crate::catalog::ENV_VAR
        ),
    )
    .with_hint(
        "call `sponson_codes::catalog::export_if_requested();` first thing in the program's `main`",
    )
    .with_detail("program", path)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(line: &[&str]) -> Vec<OsString> {
        line.iter().map(OsString::from).collect()
    }

    #[test]
    fn the_source_is_taken_out_of_the_command_line() {
        let (source, rest) = take(args(&["docs", "--bin", "target/debug/app", "--check"])).unwrap();
        assert_eq!(source, Source::Program("target/debug/app".into()));
        assert_eq!(rest, args(&["docs", "--check"]));
        assert_eq!(source.shown(), "--bin target/debug/app");

        let (source, rest) = take(args(&["--catalog=my codes.json", "list"])).unwrap();
        assert_eq!(source, Source::Catalog("my codes.json".into()));
        assert_eq!(rest, args(&["list"]));
        assert_eq!(source.shown(), "--catalog 'my codes.json'");

        // After `--`, nothing is an option.
        let (source, rest) = take(args(&["explain", "--", "--bin"])).unwrap();
        assert_eq!(source, Source::Linked);
        assert_eq!(rest, args(&["explain", "--", "--bin"]));

        for bad in [&["--bin"][..], &["--bin", "a", "--catalog", "b"]] {
            assert_eq!(take(args(bad)).unwrap_err().code(), "USAGE", "{bad:?}");
        }
    }

    #[test]
    fn a_catalog_that_cannot_be_read_and_a_program_that_cannot_run_are_named() {
        let dir = std::env::temp_dir().join(format!("sponson-source-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("catalog.json");
        std::fs::write(&path, "not a catalog").unwrap();
        let path = path.display().to_string();
        let failure = Source::Catalog(path.clone()).load().unwrap_err();
        assert_eq!(failure.code(), "CATALOG_INVALID");
        assert!(failure
            .message()
            .starts_with(&format!("cannot read `{path}`: ")));

        let missing = dir.join("no-such-program").display().to_string();
        let failure = Source::Program(missing.clone()).load().unwrap_err();
        assert_eq!(failure.code(), "PROGRAM_FAILED");
        assert!(failure
            .message()
            .starts_with(&format!("cannot run `{missing}`: ")));
        assert_eq!(
            failure.hint(),
            Some("build the program first, and pass the path of its binary, as in --bin target/debug/my-app")
        );
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_program_whose_child_keeps_stdout_open_is_given_up_at_the_deadline() {
        use std::os::unix::fs::PermissionsExt as _;

        let dir = tempfile::tempdir().unwrap();
        let catalog = dir.path().join("catalog.json");
        std::fs::write(&catalog, Catalog::from_enums(&[]).to_json()).unwrap();
        let program = dir.path().join("program");
        std::fs::write(
            &program,
            format!("#!/bin/sh\ncat '{}'\nsleep 20 &\n", catalog.display()),
        )
        .unwrap();
        std::fs::set_permissions(&program, std::fs::Permissions::from_mode(0o755)).unwrap();
        let path = program.display().to_string();
        let failure = run_program_within(&path, Duration::from_secs(1)).unwrap_err();
        assert_eq!(failure.code(), "PROGRAM_FAILED");
        assert!(
            failure.message().contains(
                "kept its stdout open past the 1 s limit (a process it started holds it)"
            ),
            "{}",
            failure.message()
        );
    }

    #[test]
    fn a_malformed_catalog_file_is_not_told_to_install_another_companion() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("catalog.json");
        std::fs::write(&path, r#"{"format":"sponson-codes/catalog","version":2,"enums":[],"codes":[{"code":"../x"}]}"#).unwrap();
        let failure = Source::Catalog(path.display().to_string())
            .load()
            .unwrap_err();
        assert_eq!(failure.code(), "CATALOG_INVALID");
        let hint = failure.hint().unwrap();
        assert!(!hint.to_lowercase().contains("install"), "{hint}");
        assert!(hint.contains("SPONSON_CODES_CATALOG=1"), "{hint}");
        // Another version is told which companion reads it.
        std::fs::write(
            &path,
            r#"{"format":"sponson-codes/catalog","version":9,"library":"3.1.0"}"#,
        )
        .unwrap();
        let failure = Source::Catalog(path.display().to_string())
            .load()
            .unwrap_err();
        assert!(
            failure
                .message()
                .contains("cargo install sponson-codes --version 3.1.0"),
            "{}",
            failure.message()
        );
        assert!(failure
            .hint()
            .unwrap()
            .contains("companion of the sponson-codes version"));
    }

    #[test]
    fn many_sources_are_taken_in_order_and_named_by_their_prefix() {
        let (sources, rest) = take_all(args(&[
            "site",
            "--catalog",
            "plan=a.json",
            "--bin=svc=target/debug/service",
            "--catalog",
            "./x=y.json",
            "--out",
            "site",
        ]))
        .unwrap();
        assert_eq!(rest, args(&["site", "--out", "site"]));
        let named: Vec<_> = sources.iter().map(Source::named).collect();
        assert_eq!(
            named,
            [
                (Some("plan".into()), Source::Catalog("a.json".into())),
                (
                    Some("svc".into()),
                    Source::Program("target/debug/service".into())
                ),
                (None, Source::Catalog("./x=y.json".into())),
            ]
        );
        assert_eq!(
            shown_all(&sources),
            "--catalog plan=a.json --bin svc=target/debug/service --catalog ./x=y.json"
        );
        assert_eq!(one(Vec::new()).unwrap(), Source::Linked);
    }
}
