//! The companion docs binary, as a library entry point.
//!
//! Rust only sees the codes of crates linked into a program, so the binary
//! lives in the user's crate: one line declares it, and this module does the
//! rest.
//!
//! ```text
//! // src/bin/app-codes.rs, in the package whose library crate is `app`
//! sponson_codes::companion::main!(app);
//! ```
//!
//! The crates named in the macro (`app` here) are linked into the binary, so
//! their codes are registered; name every crate whose codes belong in the docs.
//!
//! Commands: `docs [--out PATH] [--check]`, `lock [--out PATH] [--check]`,
//! `list`, `explain CODE`, `check [--lock PATH] [--level additive|strict] [--locales DIR]`, `schema`,
//! `coverage [--src DIR] [--tests DIR]`,
//! `types --lang typescript|python [--out PATH] [--check]` (see [`types`]),
//! `agents [--out PATH] [--check]` (see [`markdown::render_agents`]),
//! `site [--out DIR] [--check]` (the error index site, [`site`]),
//! `messages --locales DIR [--out PATH] [--check]` (each code's message in
//! each locale, [`markdown::render_messages`]) and
//! `merge [--out FILE]` (many programs' catalogs in one,
//! [`crate::companion::catalog::merge`]); `--json` anywhere prints one
//! JSON envelope instead of text. The binary's own failures are the codes of
//! [`CompanionCode`]. On a terminal, `explain` renders its markdown and pages
//! it, as `rustc --explain` does; piped, it prints plain text (see
//! [`Companion::main`]).

mod args;
mod commands;
mod consumers;
mod failure;
mod pager;
mod similar;
mod source;
mod text;

use std::ffi::OsString;
use std::io::IsTerminal as _;
use std::process::ExitCode;

use serde_json::Value;

use crate::code::EnumInfo;
use crate::document::output::Output;
use crate::document::profile::Profile;
use crate::escape::{escape_line, escape_text};
use crate::tooling::catalog::{Catalog, EnvelopeEntry};
use crate::tooling::markdown::terminal::Style;
use crate::{Mode, Runner};

use self::args::{Command, Invocation};
use self::failure::Failure;
pub use self::failure::{CompanionCode, CompanionWarning};
pub use crate::tooling::{lock, markdown, site, types};

/// Catalogs read back: what a program writes with
/// [`crate::catalog::to_json`], as Rust types, checked against the rules
/// every catalog keeps ([`Catalog::validate`](catalog::Catalog::validate)),
/// and many programs' catalogs merged into one ([`merge`](catalog::merge)).
///
/// ```
/// use sponson_codes::companion::catalog::Catalog;
///
/// let json = sponson_codes::catalog::to_json();
/// let catalog = Catalog::from_json(&json).unwrap();
/// assert_eq!(catalog.to_json(), json);
/// ```
pub mod catalog {
    pub use crate::tooling::catalog::{
        Catalog, CodeEntry, EnumEntry, EnvelopeEntry, ExitEntry, ProgramEntry, ReadError,
    };
    pub use crate::tooling::merge::{
        merge, program_name_problem, Conflict, Field, MergeError, Merged,
    };
}

/// Declares a companion binary's `main`: `sponson_codes::companion::main!(my_crate, other_crate);`.
///
/// Each crate named is linked into the binary, so its codes are registered.
/// The package name, binary name and package directory are captured so the
/// generated docs can name the exact command that regenerates them, and the
/// default paths (`docs/errors.md`, `docs/errors.lock.json`) are relative to
/// the package.
///
/// ```no_run
/// // The whole of `src/bin/my-app-codes.rs`: name your crates in the parentheses.
/// # mod my_app {}
/// sponson_codes::companion::main!(my_app);
/// ```
///
/// `companion::main!()` naming no crate compiles, because a binary may declare
/// its code enums itself; when no enum is linked at all, `docs` and `lock`
/// fail with `NOTHING_LINKED` instead of writing an empty file.
///
/// `sponson_codes::companion_main!`, the name it had before it moved here
/// beside the companion, still works, so binaries written with it keep
/// building.
#[doc(inline)]
pub use crate::companion_main as main;

/// The companion binary's `main`, under its earlier name: see
/// [`companion::main!`](crate::companion::main!).
#[doc(hidden)]
#[macro_export]
macro_rules! companion_main {
    ($($krate:ident),* $(,)?) => {
        $(use $krate as _;)*
        fn main() -> ::std::process::ExitCode {
            $crate::companion::Companion::new(
                ::core::env!("CARGO_PKG_NAME"),
                // Set for binaries; absent in doctests and examples.
                match ::core::option_env!("CARGO_BIN_NAME") {
                    ::core::option::Option::Some(bin) => bin,
                    ::core::option::Option::None => ::core::env!("CARGO_CRATE_NAME"),
                },
                ::core::env!("CARGO_MANIFEST_DIR"),
            )
            .main()
        }
    };
}

/// The companion as a program: what `sponson-codes` (`cargo install
/// sponson-codes --features companion`) runs.
///
/// It reads the codes of the program given with `--bin PATH` (run with
/// [`SPONSON_CODES_CATALOG`](crate::catalog::ENV_VAR) set, so that it hands
/// over its catalog and exits), or of the catalog given with `--catalog
/// FILE` (`-` for stdin), or else the enums linked into the binary running
/// it; then runs the command line as [`Companion::main`] does. Files are
/// relative to the working directory, the regenerate command it names is
/// the one it was run with (a file that differs only in the command it
/// records is up to date: `--bin` may name the program by another path),
/// and its own output is in the program's profile.
///
/// ```text
/// sponson-codes docs --bin target/debug/my-app          # writes docs/errors.md
/// sponson-codes lock --check --bin target/debug/my-app  # fails when the lock is stale
/// sponson-codes explain LOCK_HELD --catalog errors.catalog.json
/// ```
pub fn main() -> ExitCode {
    let mut args = std::env::args_os();
    let program = args
        .next()
        .map(std::path::PathBuf::from)
        .and_then(|path| {
            path.file_name()
                .map(|name| name.to_string_lossy().into_owned())
        })
        .unwrap_or_else(|| "sponson-codes".to_owned());
    let args: Vec<OsString> = args.collect();
    let json = args
        .iter()
        .take_while(|arg| *arg != "--")
        .any(|arg| arg == "--json");
    let refused =
        |failure: Failure| output(&crate::profile::SPONSON, "usage", json, || Err(failure)).print();
    let (sources, args) = match source::take_all(args) {
        Ok(taken) => taken,
        Err(failure) => return refused(failure),
    };
    // `site` and `merge` read many programs, each named: `--catalog NAME=FILE`.
    let single_unnamed = matches!(sources.as_slice(), [one] if one.named().0.is_none());
    if args::reads_programs(&args) && !sources.is_empty() && !single_unnamed {
        let programs = match source::load_programs(&sources) {
            Ok(programs) => programs,
            Err(failure) => return refused(failure),
        };
        let companion = Companion {
            regenerate: Regenerate::Program {
                program,
                source: source::shown_all(&sources),
            },
            programs: Some(programs),
            ..Companion::new("", "", ".")
        };
        return companion.main_with(&[], args);
    }
    let source = match source::one(sources) {
        Ok(source) => source,
        Err(failure) => return refused(failure),
    };
    let catalog = match source.load() {
        Ok(catalog) => catalog,
        Err(failure) => return refused(failure),
    };
    let companion = match &catalog {
        Some(catalog) => match Companion::reading(program, source.shown(), catalog) {
            Ok(companion) => companion,
            Err(why) => {
                return refused(Failure::new(
                    CompanionCode::CatalogInvalid,
                    format!("the catalog's profile cannot be read: {why}"),
                ))
            }
        },
        None => Companion {
            regenerate: Regenerate::Program {
                program,
                source: String::new(),
            },
            ..Companion::new("", "", ".")
        },
    };
    let enums = match &catalog {
        Some(catalog) => catalog.enum_infos(),
        None => crate::code::registry::documented(),
    };
    companion.main_with(&enums, args)
}

/// The default path of the generated markdown, relative to the package.
pub const DEFAULT_DOCS_PATH: &str = "docs/errors.md";

/// The default path of the lock file, relative to the package.
pub const DEFAULT_LOCK_PATH: &str = "docs/errors.lock.json";

/// The default path of the page for agents, relative to the package: a
/// skill in the Agent Skills format, as Sponson's SKILL.md is.
///
/// ```
/// assert_eq!(sponson_codes::companion::DEFAULT_AGENTS_PATH, "docs/SKILL.md");
/// ```
pub const DEFAULT_AGENTS_PATH: &str = "docs/SKILL.md";

/// The default folder of the error index site, relative to the package.
pub const DEFAULT_SITE_DIR: &str = "docs/errors";

/// The default path of the page of the messages in other languages
/// (`messages --locales DIR`), relative to the package.
pub const DEFAULT_MESSAGES_PATH: &str = "docs/messages.md";

/// One program's companion: where its files live and how to run it again.
///
/// ```
/// use sponson_codes::companion::Companion;
///
/// let companion = Companion::new("app", "app-codes", "/src/app");
/// assert_eq!(
///     companion.regenerate_command("docs", None),
///     "cargo run -p app --bin app-codes -- docs"
/// );
/// let out = companion.run(["list", "--json"]);
/// assert_eq!(out.exit, 0);
/// assert!(out.stdout.starts_with(r#"{"ok":true,"command":"list","#));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Companion {
    regenerate: Regenerate,
    manifest_dir: &'static str,
    docs_path: &'static str,
    lock_path: &'static str,
    /// What a catalog said of the program's profile; `None`: the companion
    /// documents the enums linked into it, and their profile.
    read: Option<Read>,
    /// The programs `site` and `merge` read, when several (or a named one)
    /// were given.
    programs: Option<Vec<source::Loaded>>,
}

/// What the companion keeps of a catalog besides its enums.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Read {
    /// The profile the program prints in, which the companion speaks too.
    profile: &'static Profile,
    envelope: Option<EnvelopeEntry>,
    declared: Vec<String>,
    /// The catalog as read: a merged one keeps its programs.
    catalog: Catalog,
}

/// How the command that regenerates a file is written.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Regenerate {
    /// `cargo run -p <package> --bin <bin> -- <command>`: a companion built
    /// in the workspace with [`companion::main!`](crate::companion::main!).
    Cargo {
        package: &'static str,
        bin: &'static str,
    },
    /// `<program> <command> <source>`: the installed companion, reading the
    /// program's catalog the way it was told to (`--bin target/debug/app`).
    Program { program: String, source: String },
}

impl Companion {
    /// The companion of binary `bin` in package `package`, whose directory is
    /// `manifest_dir`, over the enums linked into it;
    /// [`companion::main!`](crate::companion::main!) fills these in.
    pub const fn new(
        package: &'static str,
        bin: &'static str,
        manifest_dir: &'static str,
    ) -> Companion {
        Companion {
            regenerate: Regenerate::Cargo { package, bin },
            manifest_dir,
            docs_path: DEFAULT_DOCS_PATH,
            lock_path: DEFAULT_LOCK_PATH,
            read: None,
            programs: None,
        }
    }

    /// The companion run as `program` over a catalog it read as `source`
    /// says (`--bin target/debug/app`, `--catalog errors.json`): files are
    /// relative to the working directory, and its own output is in the
    /// catalog's profile.
    fn reading(program: String, source: String, catalog: &Catalog) -> Result<Companion, String> {
        Ok(Companion {
            regenerate: Regenerate::Program { program, source },
            manifest_dir: ".",
            docs_path: DEFAULT_DOCS_PATH,
            lock_path: DEFAULT_LOCK_PATH,
            read: Some(Read {
                profile: catalog.profile()?,
                envelope: catalog.envelope.clone(),
                declared: catalog.declared_profiles.clone(),
                catalog: catalog.clone(),
            }),
            programs: None,
        })
    }

    /// The companion's name, as its help shows it.
    fn name(&self) -> &str {
        match &self.regenerate {
            Regenerate::Cargo { bin, .. } => bin,
            Regenerate::Program { program, .. } => program,
        }
    }

    /// What the docs are of: the package, or the program's crates.
    fn package(&self) -> String {
        match &self.regenerate {
            Regenerate::Cargo { package, .. } => (*package).to_owned(),
            Regenerate::Program { source, .. } if source.is_empty() => {
                "the linked crates".to_owned()
            }
            Regenerate::Program { source, .. } => format!("the program ({source})"),
        }
    }

    /// The profile the program prints in, which the companion speaks too.
    pub(crate) fn profile(&self) -> &'static Profile {
        match &self.read {
            Some(read) => read.profile,
            None => crate::profile::declared(),
        }
    }

    /// Every profile the program declared, by name, when it declared several.
    pub(crate) fn declared_profiles(&self) -> Vec<String> {
        match &self.read {
            Some(read) => read.declared.clone(),
            None => crate::profile::all_declared()
                .iter()
                .map(|p| p.name.to_owned())
                .collect(),
        }
    }

    /// The catalog of `enums` with the program's profile: the live codes
    /// `docs`, `lock`, `list` and `check` read.
    pub(crate) fn catalog(&self, enums: &[&EnumInfo]) -> Catalog {
        let mut catalog = Catalog::from_enums(enums);
        if let Some(read) = &self.read {
            catalog.envelope = read.envelope.clone();
            catalog.declared_profiles = read.declared.clone();
        }
        catalog
    }

    /// Uses `path`, relative to the package, as the default docs file.
    #[must_use]
    pub const fn docs_path(mut self, path: &'static str) -> Companion {
        self.docs_path = path;
        self
    }

    /// Uses `path`, relative to the package, as the default lock file.
    #[must_use]
    pub const fn lock_path(mut self, path: &'static str) -> Companion {
        self.lock_path = path;
        self
    }

    /// The command that regenerates a file: `command` is `docs` or `lock`,
    /// `out` the `--out` path when one was given (quoted for a POSIX shell
    /// when it needs to be).
    ///
    /// ```
    /// # use sponson_codes::companion::Companion;
    /// let companion = Companion::new("app", "app-codes", "/src/app");
    /// assert_eq!(
    ///     companion.regenerate_command("docs", Some("my docs/it's.md")),
    ///     r"cargo run -p app --bin app-codes -- docs --out 'my docs/it'\''s.md'"
    /// );
    /// ```
    pub fn regenerate_command(&self, command: &str, out: Option<&str>) -> String {
        let mut line = match &self.regenerate {
            Regenerate::Cargo { package, bin } => {
                format!("cargo run -p {package} --bin {bin} -- {command}")
            }
            Regenerate::Program { program, source } if source.is_empty() => {
                format!("{program} {command}")
            }
            Regenerate::Program { program, source } => format!("{program} {command} {source}"),
        };
        if let Some(out) = out {
            line.push_str(" --out ");
            line.push_str(&shell_quoted(out));
        }
        line
    }

    /// Runs the command line `args` (without the program name) over every
    /// documented enum, printing nothing: what [`main`](Companion::main)
    /// would print, and the exit code.
    pub fn run<I, S>(&self, args: I) -> Output
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        let args: Vec<String> = args.into_iter().map(Into::into).collect();
        self.run_with(&crate::code::registry::documented(), &args)
    }

    /// Runs the process's command line, prints the outcome and returns the
    /// exit code. An argument that is not UTF-8 is a usage error.
    ///
    /// When stdout is a terminal (on Unix), `explain` renders the
    /// explanation's markdown (in colour unless `NO_COLOR` is set, or `TERM`
    /// is unset or `dumb`) and shows it through `$PAGER` (run by `sh -c`) or
    /// `less`, with `LESS=FRX` when `LESS` is unset; otherwise every command
    /// prints exactly what [`run`](Companion::run) returns.
    pub fn main(&self) -> ExitCode {
        let args: Vec<OsString> = std::env::args_os().skip(1).collect();
        self.main_with(&crate::code::registry::documented(), args)
    }

    fn main_with(&self, enums: &[&'static EnumInfo], args: Vec<OsString>) -> ExitCode {
        // `sh` runs the pager, and consoles elsewhere may not read SGR
        // escapes: other platforms keep the plain text.
        let terminal = cfg!(unix) && std::io::stdout().is_terminal();
        let display = pager::decide(&pager::Env::from_process(), terminal);
        let (out, screen) = self.run_os(enums, args, display.style());
        match screen {
            Some(text) => show(&display, out, text),
            None => out.print(),
        }
    }

    /// Like `run_with`, for arguments as the OS gave them: one that is not
    /// UTF-8 is a usage error, in JSON when `--json` comes before any `--`.
    pub(crate) fn run_os(
        &self,
        enums: &[&'static EnumInfo],
        args: Vec<OsString>,
        screen: Option<Style>,
    ) -> (Output, Option<String>) {
        let json = args
            .iter()
            .take_while(|arg| *arg != "--")
            .any(|arg| arg == "--json");
        let mut utf8 = Vec::with_capacity(args.len());
        for arg in args {
            match arg.into_string() {
                Ok(arg) => utf8.push(arg),
                Err(arg) => {
                    let failure = Failure::usage(format!(
                        "argument {arg:?} is not valid UTF-8; pass paths and codes as UTF-8"
                    ));
                    return (output(self.profile(), "usage", json, || Err(failure)), None);
                }
            }
        }
        self.run_styled(enums, &utf8, screen)
    }

    pub(crate) fn run_with(&self, enums: &[&'static EnumInfo], args: &[String]) -> Output {
        self.run_styled(enums, args, None).0
    }

    /// The outcome, and, when `screen` gives a terminal's style, the text a
    /// successful text-mode command shows on that terminal instead of its
    /// stdout (`explain`'s rendered markdown, escaped already).
    fn run_styled(
        &self,
        enums: &[&'static EnumInfo],
        args: &[String],
        screen: Option<Style>,
    ) -> (Output, Option<String>) {
        let json = args::wants_json(args);
        let (name, invocation) = match args::parse(args) {
            Ok(invocation) => (invocation.command.name(), Ok(invocation)),
            Err(failure) => ("usage", Err(failure)),
        };
        // The runner catches a bug in a command (one coded outcome, as
        // for any program) and collects the warnings it raises.
        let mut shown = None;
        let mut reported = String::new();
        let mut out = output(self.profile(), name, json, || {
            let result =
                invocation.and_then(|invocation| self.dispatch(enums, &invocation, screen));
            match result {
                Ok(mut reply) => {
                    shown = reply.screen.take();
                    Ok(reply)
                }
                Err(failure) => {
                    reported = report(&failure);
                    Err(failure)
                }
            }
        });
        if json {
            return (out, None);
        }
        out.stderr = reported + &out.stderr;
        let shown = shown.filter(|_| out.exit == 0);
        (out, shown)
    }

    fn dispatch(
        &self,
        enums: &[&'static EnumInfo],
        invocation: &Invocation,
        screen: Option<Style>,
    ) -> Result<Reply, Failure> {
        let writes = matches!(
            invocation.command,
            Command::Docs { .. }
                | Command::Messages { .. }
                | Command::Lock { .. }
                | Command::Coverage { .. }
                | Command::Types { .. }
                | Command::Agents { .. }
        );
        if writes && enums.is_empty() {
            return Err(nothing_linked());
        }
        match &invocation.command {
            Command::Help => Ok(Reply {
                text: self.help(),
                data: Value::String(self.help()),
                screen: None,
            }),
            Command::Docs { out, check } => commands::docs(self, enums, out.as_deref(), *check),
            Command::Messages {
                locales,
                out,
                check,
            } => commands::messages(self, enums, locales, out.as_deref(), *check),
            Command::Lock { out, check } => commands::lock(self, enums, out.as_deref(), *check),
            Command::List => Ok(commands::list(self, enums)),
            Command::Explain { code } => commands::explain(self, enums, code, screen),
            Command::Check {
                lock,
                level,
                locales,
            } => commands::check(self, enums, lock.as_deref(), *level, locales.as_deref()),
            Command::Schema { set } => commands::schema(self, enums, set.as_ref()),
            Command::Coverage { src, tests } => {
                commands::coverage(self, enums, src.as_deref(), tests.as_deref())
            }
            Command::Types { lang, out, check } => {
                consumers::types(self, enums, *lang, out.as_deref(), *check)
            }
            Command::Agents { out, check } => {
                consumers::agents(self, enums, out.as_deref(), *check)
            }
            Command::Site {
                out,
                check,
                title,
                allow_conflicts,
                locales,
            } => commands::site(
                self,
                enums,
                out.as_deref(),
                *check,
                title.as_deref(),
                *allow_conflicts,
                locales.as_deref(),
            ),
            Command::Merge {
                out,
                allow_conflicts,
            } => commands::merge(self, enums, out.as_deref(), *allow_conflicts),
        }
    }

    fn help(&self) -> String {
        format!(
            "{bin}: the error-code docs of {package}\n\n\
             usage: {bin} <command> [--json]\n\n\
             commands:\n  \
             docs [--out PATH] [--check]   write the markdown docs (default {docs}); --check writes nothing and fails when stale\n  \
             lock [--out PATH] [--check]   write the lock file (default {lock}); --check fails when it differs\n  \
             list                          list every code\n  \
             explain CODE                  show a code's long explanation\n  \
             check [--lock PATH] [--level L] [--locales DIR]\n                                \
             fail on conflicting duplicate codes or a breaking change against the lock, judged under\n                                \
             the compatibility level L (additive or strict; default the enums' own, else additive);\n                                \
             with --locales, also on a code without a message in a locale of DIR (DIR/de/*.ftl),\n                                \
             a message naming a variable that is not a detail, or a file that does not parse\n  \
             schema [--command NAME]       print the JSON Schema (2020-12) of the program's envelope in its profile;\n                                \
             with --command, --route or --tool, of what that one may return\n  \
             coverage [--src DIR] [--tests DIR]\n                                \
             fail unless every live code is raised under --src (default src) and named by a test (--tests, default tests)\n  \
             types --lang LANG [--out PATH] [--check]\n                                \
             write the types of the codes and documents for consumers, LANG typescript or python\n                                \
             (default {ts} or {py}); --check writes nothing and fails when stale\n  \
             agents [--out PATH] [--check] write the page for agents (default {agents}); --check as for docs\n  \
             site [--out DIR] [--check]    write the error index site (default {site}): an index with a search box, a page\n                                \
             per code, llms.txt; --title TEXT; --check writes nothing and fails when stale; --locales DIR\n                                \
             shows each code's message in each locale of DIR on its page (one program's site; checked as by check)\n  \
             merge [--out FILE]            merge many programs' catalogs into one (stdout without --out)\n  \
             messages --locales DIR [--out PATH] [--check]\n                                \
             write the page of each code's message in each locale of DIR (default {messages});\n                                \
             --check as for docs\n\n\
             site and merge read many programs, each named: --catalog NAME=FILE, --bin NAME=PATH; a code two programs\n\
             declare with different exits, HTTP or gRPC statuses or retryability fails them unless --allow-conflicts\n\n\
             --json prints one JSON envelope on stdout instead of text\n",
            bin = self.name(),
            package = self.package(),
            docs = self.docs_path,
            lock = self.lock_path,
            ts = types::Lang::TypeScript.default_path(),
            py = types::Lang::Python.default_path(),
            agents = DEFAULT_AGENTS_PATH,
            site = DEFAULT_SITE_DIR,
            messages = DEFAULT_MESSAGES_PATH,
        )
    }
}

use self::commands::Reply;

/// The companion's outcome as any program prints its own, through the
/// public runner: with `--json`, one document of the reply's data in the
/// program's profile; otherwise the reply's text.
fn output(
    profile: &'static Profile,
    name: &str,
    json: bool,
    body: impl FnOnce() -> Result<Reply, Failure>,
) -> Output {
    Runner::<CompanionCode>::new(name, Mode::from_json_flag(json))
        .profile(profile)
        .render_with(body, |reply| reply.text.clone())
}

/// Shows `text`, a command's output rendered for the terminal on stdout,
/// through the pager when there is one, else directly; `out` gives the
/// stderr and the exit code. A pager that cannot be run leaves the text to
/// be printed directly; so does one that fails (it may have shown nothing),
/// with a warning: printing the text twice is better than losing it, and
/// the reader asked for it, so a broken `PAGER` does not fail the command.
fn show(display: &pager::Display, mut out: Output, text: String) -> ExitCode {
    if let pager::Display::Terminal {
        pager: Some(pager), ..
    } = display
    {
        // Whatever is on stdout must reach the terminal before the pager starts.
        let _ = std::io::Write::flush(&mut std::io::stdout());
        match pager::page(pager, &text) {
            Ok(pager::Paged::Shown) => {
                let shown = Output {
                    stdout: String::new(),
                    ..out
                };
                return shown.print();
            }
            Ok(pager::Paged::NotRun) => {}
            Ok(pager::Paged::Failed(status)) => {
                let warning = format!(
                    "warning: the pager `{}` failed ({status}) and may not have shown the text, so it is printed here; \
                     fix PAGER, or set it empty to print without a pager\n",
                    escape_line(&pager.name())
                );
                out.stderr = warning + &out.stderr;
            }
            // As when stdout cannot be written: a success is not reported.
            Err(err) => {
                let exit = match out.exit {
                    0 => out.unwritten_exit,
                    exit => exit,
                };
                let failed = Output {
                    stdout: String::new(),
                    stderr: format!("error: cannot write to the pager: {err}\n") + &out.stderr,
                    exit,
                    ..out
                };
                return failed.print();
            }
        }
    }
    Output {
        stdout: text,
        ..out
    }
    .print()
}

/// `word` as one word for a POSIX shell: as it is when it is made of safe
/// characters, else in single quotes.
pub(crate) fn shell_quoted(word: &str) -> std::borrow::Cow<'_, str> {
    let safe = |c: char| c.is_ascii_alphanumeric() || "-_./:=@%+,".contains(c);
    if !word.is_empty() && word.chars().all(safe) {
        return word.into();
    }
    format!("'{}'", word.replace('\'', r"'\''")).into()
}

/// `docs`, `lock` and `coverage` with no enum linked: the crates that declare
/// the codes were not named in `companion::main!`, or declare none. Refused at
/// run time, not at compile time, because a binary may declare its enums
/// itself and name no crate.
pub(crate) fn nothing_linked() -> Failure {
    Failure::new(
        CompanionCode::NothingLinked,
        "no error code enum is linked into this program, so there is nothing to document, lock or check",
    )
    .with_hint(
        "pass the program with --bin target/debug/my-app or its catalog with --catalog FILE; a companion built with `companion::main!` names the crates that declare the codes, as in `sponson_codes::companion::main!(my_app);`",
    )
}

/// The most lines of each kind the text report shows.
const MAX_REPORTED: usize = 50;

/// The lines of a failure's details that people need in text mode: the
/// diff, and each breaking change, duplicate or warning.
fn report(failure: &Failure) -> String {
    let mut out = String::new();
    for key in ["breaking", "duplicates", "changes", "gaps", "conflicts"] {
        if let Some(Value::Array(items)) = failure.details().get(key) {
            if items.len() > MAX_REPORTED {
                let left = items.len() - MAX_REPORTED;
                out.push_str(&format!(
                    "({left} more {key} not shown; run with --json to see them all)\n"
                ));
            }
            for item in items.iter().take(MAX_REPORTED).filter_map(Value::as_str) {
                let item = escape_line(item);
                out.push_str(&format!("{}: {item}\n", key.trim_end_matches('s')));
            }
        }
    }
    // The diff quotes the file's lines, which may hold anything.
    if let Some(Value::String(diff)) = failure.details().get("diff") {
        out.push_str(&escape_text(diff));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn args(line: &[&str]) -> Vec<String> {
        line.iter().map(|a| (*a).to_owned()).collect()
    }

    /// A companion that read `programs`, as `--catalog NAME=FILE` gives them.
    fn reading_programs(programs: Vec<(&str, Catalog)>) -> Companion {
        Companion {
            regenerate: Regenerate::Program {
                program: "sponson-codes".into(),
                source: "--catalog a=a.json --catalog b=b.json".into(),
            },
            programs: Some(
                programs
                    .into_iter()
                    .map(|(name, catalog)| source::Loaded {
                        name: Some(name.to_owned()),
                        catalog,
                    })
                    .collect(),
            ),
            ..Companion::new("", "", ".")
        }
    }

    fn own_catalog() -> Catalog {
        Catalog::from_enums(&[<CompanionCode as crate::ErrorCode>::ENUM])
    }

    fn json(out: &Output) -> Value {
        serde_json::from_str(&out.stdout).expect("one JSON document")
    }

    #[test]
    fn the_help_lists_every_command_indented_under_commands() {
        let help = Companion::new("app", "app-codes", "/src/app").help();
        let section = help
            .split_once("commands:\n")
            .and_then(|(_, rest)| rest.split("\n\n").next())
            .expect("a commands section");
        let mut commands = Vec::new();
        for line in section.lines() {
            let indent = line.len() - line.trim_start().len();
            match indent {
                2 => commands.push(line.split_whitespace().next().unwrap_or("")),
                32 => {}
                _ => panic!("indented {indent}: {line:?}\n{help}"),
            }
        }
        assert_eq!(
            commands,
            [
                "docs", "lock", "list", "explain", "check", "schema", "coverage", "types",
                "agents", "site", "merge", "messages"
            ],
            "{help}"
        );
    }

    #[test]
    fn merge_refuses_a_contract_conflict_naming_both_programs_unless_allowed() {
        let mut other = own_catalog();
        other.codes[1].exit = 9;
        other.codes[2].doc = "Reworded.".into();
        let companion = reading_programs(vec![("plan", own_catalog()), ("service", other)]);
        let out = companion.run_with(&[], &args(&["merge", "--json"]));
        assert_eq!(out.exit, 1, "{}", out.stdout);
        let doc = json(&out);
        assert_eq!(doc["error"]["code"], "CATALOG_CONFLICT");
        let message = doc["error"]["message"].as_str().unwrap();
        assert!(
            message.contains("code `DOCS_STALE` has exit 1 in `plan` and exit 9 in `service`"),
            "{message}"
        );
        assert_eq!(
            doc["error"]["differences"][0]["values"][1]["programs"],
            json!(["service"])
        );
        // The wording difference is a warning, even beside the failure.
        assert_eq!(doc["warnings"][0]["code"], "CODE_DIFFERS");

        // Text mode lists each conflict.
        let text = companion.run_with(&[], &args(&["merge"]));
        assert!(
            text.stderr.contains("error[CATALOG_CONFLICT]"),
            "{}",
            text.stderr
        );
        assert!(
            text.stderr
                .starts_with("conflict: code `DOCS_STALE` has exit 1"),
            "{}",
            text.stderr
        );

        let allowed = companion.run_with(&[], &args(&["merge", "--allow-conflicts", "--json"]));
        assert_eq!(allowed.exit, 0, "{}", allowed.stdout);
        let doc = json(&allowed);
        assert_eq!(doc["programs"], json!(["plan", "service"]));
        let warnings: Vec<&str> = doc["warnings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|w| w["code"].as_str().unwrap())
            .collect();
        assert_eq!(warnings, ["CODE_DIFFERS", "CODE_DIFFERS"]);
        let merged = Catalog::from_json(&serde_json::to_string(&doc["catalog"]).unwrap()).unwrap();
        assert_eq!(merged.program_names(), ["plan", "service"]);
    }

    #[test]
    fn site_writes_checks_and_names_what_is_stale() {
        let dir = tempfile::tempdir().unwrap();
        let out_dir = dir.path().join("site");
        let out_dir = out_dir.to_str().unwrap();
        let companion = reading_programs(vec![("a", own_catalog()), ("b", own_catalog())]);
        let run = |extra: &[&str]| {
            let mut line = vec!["site", "--out", out_dir, "--json"];
            line.extend_from_slice(extra);
            json(&companion.run_with(&[], &args(&line)))
        };
        let missing = run(&["--check"]);
        assert_eq!(missing["error"]["code"], "DOCS_STALE");
        assert!(missing["error"]["message"]
            .as_str()
            .unwrap()
            .contains("does not exist; generate it with `sponson-codes site --catalog a=a.json --catalog b=b.json --out"));
        let written = run(&[]);
        assert_eq!(written["ok"], true, "{written}");
        let files = written["files"].as_u64().unwrap();
        assert_eq!(written["written"], files);
        assert_eq!(run(&[])["written"], 0);
        assert_eq!(run(&["--check"])["ok"], true);
        std::fs::write(dir.path().join("site/b/USAGE.html"), "edited").unwrap();
        std::fs::remove_file(dir.path().join("site/llms.txt")).unwrap();
        let stale = run(&["--check"]);
        assert_eq!(stale["error"]["code"], "DOCS_STALE");
        assert_eq!(stale["error"]["stale"], json!(["b/USAGE.html"]));
        assert_eq!(stale["error"]["missing"], json!(["llms.txt"]));
        assert!(stale["error"]["message"]
            .as_str()
            .unwrap()
            .contains(&format!(
                "(2 of {files} files differ or are missing: b/USAGE.html, llms.txt)"
            )));
    }

    #[test]
    fn check_fails_on_a_missing_message_or_a_variable_that_is_no_detail() {
        #[derive(crate::ErrorCodes)]
        #[codes(crate = crate)]
        #[allow(dead_code)]
        enum Code {
            #[code(exit = 3, doc = "The lock is held.")]
            LockHeld {
                #[code(detail)]
                scope: String,
            },
            #[code(exit = 1, doc = "An unexpected error.", fallback)]
            Internal,
        }
        let dir = tempfile::tempdir().unwrap();
        // Through the catalog, as the companion reads a program: the
        // details of each code travel in it.
        let catalog = Catalog::from_enums(&[<Code as crate::ErrorCode>::ENUM]);
        assert_eq!(catalog.codes[0].details, ["scope"]);
        let lock = dir.path().join("errors.lock.json");
        std::fs::write(&lock, catalog.to_lock_json()).unwrap();
        let companion =
            Companion::reading("sponson-codes".into(), "--catalog c.json".into(), &catalog)
                .unwrap();
        let enums = catalog.enum_infos();
        let locales = dir.path().join("locales");
        std::fs::create_dir_all(locales.join("de")).unwrap();
        let run = |ftl: &str| {
            std::fs::write(locales.join("de/errors.ftl"), ftl).unwrap();
            let line = [
                "check",
                "--lock",
                lock.to_str().unwrap(),
                "--locales",
                locales.to_str().unwrap(),
                "--json",
            ];
            json(&companion.run_with(&enums, &args(&line)))
        };
        let good = run("LOCK_HELD = { $scope } ist gesperrt.\nINTERNAL = Fehler.\n");
        assert_eq!(good["ok"], true, "{good}");
        let missing = run("LOCK_HELD = { $scope } ist gesperrt.\n");
        assert_eq!(missing["error"]["code"], "LOCALES_INVALID", "{missing}");
        assert!(
            missing["error"]["problems"][0].as_str().unwrap().ends_with(
                "errors.ftl: no message for code INTERNAL (Fluent id `INTERNAL`) in locale de"
            ),
            "{missing}"
        );
        let variable = run("LOCK_HELD = { $holder } hält { $scope }.\nINTERNAL = Fehler.\n");
        assert_eq!(variable["error"]["code"], "LOCALES_INVALID", "{variable}");
        assert!(
            variable["error"]["problems"][0].as_str().unwrap().ends_with(
                "errors.ftl:1: the message for LOCK_HELD names `$holder`, which is not a detail of LOCK_HELD (its details: scope)"
            ),
            "{variable}"
        );
        let broken = run("LOCK_HELD = { $scope\n");
        assert!(
            broken["error"]["problems"][0]
                .as_str()
                .unwrap()
                .contains("errors.ftl:1: not valid Fluent"),
            "{broken}"
        );
    }

    /// The companion reading its own catalog, and `locales/de/errors.ftl` in
    /// a temporary folder holding `message(code)` for each of its codes.
    fn reading_with_locales(
        message: impl Fn(&str) -> String,
    ) -> (
        tempfile::TempDir,
        Companion,
        Vec<&'static EnumInfo>,
        std::path::PathBuf,
    ) {
        let dir = tempfile::tempdir().unwrap();
        let catalog = own_catalog();
        let companion =
            Companion::reading("sponson-codes".into(), "--catalog c.json".into(), &catalog)
                .unwrap();
        let enums = catalog.enum_infos();
        let locales = dir.path().join("locales");
        std::fs::create_dir_all(locales.join("de")).unwrap();
        let all: String = enums[0].table.iter().map(|c| message(c.code)).collect();
        std::fs::write(locales.join("de/errors.ftl"), &all).unwrap();
        (dir, companion, enums, locales)
    }

    #[test]
    fn messages_writes_each_locale_and_checks_the_page_and_the_files() {
        let (dir, companion, enums, locales) = reading_with_locales(|code| {
            format!(
                "{} = Meldung {code}\n",
                crate::profile::fluent::message_id(code)
            )
        });
        let page = dir.path().join("messages.md");
        let run = |check: bool| {
            let mut line = vec![
                "messages",
                "--locales",
                locales.to_str().unwrap(),
                "--out",
                page.to_str().unwrap(),
                "--json",
            ];
            if check {
                line.push("--check");
            }
            json(&companion.run_with(&enums, &args(&line)))
        };
        assert_eq!(run(false)["ok"], true);
        let written = std::fs::read_to_string(&page).unwrap();
        assert!(
            written.contains("| Code | de |\n| --- | --- |\n| `USAGE` | Meldung USAGE |\n"),
            "{written}"
        );
        assert!(written.starts_with(&format!(
            "<!-- Generated by sponson-codes; do not edit. Regenerate with: sponson-codes messages --locales {} --catalog c.json --out {} -->",
            locales.display(),
            page.display()
        )), "{written}");
        assert_eq!(run(true)["ok"], true);
        let all = std::fs::read_to_string(locales.join("de/errors.ftl")).unwrap();
        std::fs::write(
            locales.join("de/errors.ftl"),
            all.replace("Meldung USAGE", "Aufruf"),
        )
        .unwrap();
        assert_eq!(run(true)["error"]["code"], "DOCS_STALE");
        std::fs::write(locales.join("de/errors.ftl"), "USAGE = { $flag }\n").unwrap();
        assert_eq!(run(false)["error"]["code"], "LOCALES_INVALID");
        let usage = json(&companion.run_with(&enums, &args(&["messages", "--json"])));
        assert_eq!(usage["error"]["code"], "USAGE", "{usage}");
    }

    #[test]
    fn site_shows_each_locale_s_message_as_text_when_given_the_locales() {
        let (dir, companion, enums, locales) = reading_with_locales(|code| match code {
            "USAGE" => "USAGE = <script>alert(1)</script> & mehr\n".to_owned(),
            code => format!(
                "{} = Meldung {code}\n",
                crate::profile::fluent::message_id(code)
            ),
        });
        let out_dir = dir.path().join("site");
        let run = |extra: &[&str]| {
            let mut line = vec!["site", "--out", out_dir.to_str().unwrap(), "--json"];
            line.extend_from_slice(extra);
            json(&companion.run_with(&enums, &args(&line)))
        };
        let plain = run(&[]);
        assert_eq!(plain["ok"], true, "{plain}");
        let page = std::fs::read_to_string(out_dir.join("USAGE.html")).unwrap();
        assert!(!page.contains("In other languages"), "{page}");
        let written = run(&["--locales", locales.to_str().unwrap()]);
        assert_eq!(written["ok"], true, "{written}");
        let page = std::fs::read_to_string(out_dir.join("USAGE.html")).unwrap();
        assert!(
            page.contains(
                "<dt>de</dt><dd lang=\"de\">&lt;script&gt;alert(1)&lt;/script&gt; &amp; mehr</dd>"
            ),
            "{page}"
        );
        assert!(!page.contains("<script>"), "{page}");
        assert!(
            page.contains(&format!(
                "Regenerate with: sponson-codes site --catalog c.json --out {} --locales {} -->",
                out_dir.display(),
                locales.display()
            )),
            "{page}"
        );
        let checked = run(&["--locales", locales.to_str().unwrap(), "--check"]);
        assert_eq!(checked["ok"], true, "{checked}");
        // The locales are checked as `check --locales` checks them.
        std::fs::write(locales.join("de/errors.ftl"), "USAGE = { $nope }\n").unwrap();
        let invalid = run(&["--locales", locales.to_str().unwrap()]);
        assert_eq!(invalid["error"]["code"], "LOCALES_INVALID", "{invalid}");
        // Many programs' site: whose messages they are is not known.
        let merged = reading_programs(vec![("a", own_catalog()), ("b", own_catalog())]);
        let line = [
            "site",
            "--out",
            out_dir.to_str().unwrap(),
            "--locales",
            "l",
            "--json",
        ];
        let refused = json(&merged.run_with(&[], &args(&line)));
        assert_eq!(refused["error"]["code"], "USAGE", "{refused}");
    }

    #[test]
    fn check_judges_under_the_level_it_is_given() {
        let dir = tempfile::tempdir().unwrap();
        let lock = dir.path().join("errors.lock.json");
        let catalog = own_catalog();
        // The lock of a release without the last code.
        let mut older = catalog.clone();
        let added = older.codes.pop().unwrap();
        let added = format!("added code `{}` in `{}`", added.code, added.enum_path);
        std::fs::write(&lock, older.to_lock_json()).unwrap();
        let companion =
            Companion::reading("sponson-codes".into(), "--catalog c.json".into(), &catalog)
                .unwrap();
        let enums = catalog.enum_infos();
        let lock = lock.to_str().unwrap();
        let run = |extra: &[&str]| {
            let mut line = vec!["check", "--lock", lock, "--json"];
            line.extend_from_slice(extra);
            json(&companion.run_with(&enums, &args(&line)))
        };
        let additive = run(&[]);
        assert_eq!(additive["ok"], true, "{additive}");
        assert_eq!(
            additive["changes"][0],
            format!("{added} (additive under `additive`: a new code)")
        );
        let strict = run(&["--level", "strict"]);
        assert_eq!(strict["error"]["code"], "BREAKING_CHANGE", "{strict}");
        assert!(
            strict["error"]["message"]
                .as_str()
                .unwrap()
                .contains(&format!("{added} (breaking under `strict`: a new code)")),
            "{strict}"
        );
    }

    #[test]
    fn check_passes_when_only_the_recorded_source_path_differs() {
        let dir = tempfile::tempdir().unwrap();
        let catalog = own_catalog();
        let enums = catalog.enum_infos();
        let reading = |bin: &str| {
            Companion::reading("sponson-codes".into(), format!("--bin {bin}"), &catalog).unwrap()
        };
        let writer = reading("target/debug/app");
        // The same program, built under another CARGO_TARGET_DIR.
        let checker = reading("/cache/target/debug/app");
        for (command, file) in [
            ("docs", "errors.md"),
            ("agents", "SKILL.md"),
            ("types --lang typescript", "errors.ts"),
            ("types --lang python", "errors.py"),
            ("site", "site"),
        ] {
            let out = dir.path().join(file);
            let line = |check: bool| {
                let mut line: Vec<String> = command.split(' ').map(str::to_owned).collect();
                line.extend(["--out".to_owned(), out.display().to_string()]);
                if check {
                    line.push("--check".to_owned());
                }
                line
            };
            let written = writer.run_with(&enums, &line(false));
            assert_eq!(written.exit, 0, "{command}: {written:?}");
            let checked = checker.run_with(&enums, &line(true));
            assert_eq!(checked.exit, 0, "{command}: {checked:?}");

            // Anything else that differs is still stale: the rest of the
            // line that records the command, and the lines after it.
            let page = if file == "site" {
                out.join("index.html")
            } else {
                out.clone()
            };
            let text = std::fs::read_to_string(&page).unwrap();
            assert!(text.contains("--bin target/debug/app --out"), "{text}");
            let edits = [
                text.replacen("Generated by", "Generated  by", 1),
                // An HTML comment left open.
                text.replacen(" -->\n", "\n", 1),
                text.replacen('\n', "\n\n", 2),
            ];
            for edited in edits.iter().filter(|edited| **edited != text) {
                std::fs::write(&page, edited).unwrap();
                let checked = checker.run_with(&enums, &line(true));
                assert_eq!(checked.exit, 1, "{command}: {edited}\n{checked:?}");
            }
        }
    }

    #[test]
    fn site_and_merge_refuse_a_catalog_whose_names_would_leave_the_out_folder() {
        let dir = tempfile::tempdir().unwrap();
        let out_dir = dir.path().join("a/b/site");
        let out_dir = out_dir.to_str().unwrap();
        let mut by_code = own_catalog();
        by_code.codes[0].code = "sub/../../x".into();
        let mut by_name = own_catalog().named("plan").unwrap();
        by_name.programs[0].name = "../esc".into();
        for e in &mut by_name.enums {
            e.program = Some("../esc".into());
        }
        for c in &mut by_name.codes {
            c.program = Some("../esc".into());
        }
        for companion in [
            reading_programs(vec![("plan", by_code.clone())]),
            reading_programs(vec![("plan", own_catalog()), ("svc", by_code)]),
            Companion {
                programs: Some(vec![source::Loaded {
                    name: None,
                    catalog: by_name,
                }]),
                ..Companion::new("", "", ".")
            },
        ] {
            for command in ["site", "merge"] {
                let out = companion.run_with(&[], &args(&[command, "--out", out_dir, "--json"]));
                let doc = json(&out);
                assert_eq!(doc["error"]["code"], "CATALOG_INVALID", "{command}: {doc}");
            }
        }
        // Nothing at all was written, inside the folder or beside it.
        let mut written = Vec::new();
        let mut dirs = vec![dir.path().to_path_buf()];
        while let Some(d) = dirs.pop() {
            for entry in std::fs::read_dir(d).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    dirs.push(path);
                } else {
                    written.push(path);
                }
            }
        }
        assert_eq!(written, Vec::<std::path::PathBuf>::new());
    }

    #[test]
    fn merge_needs_every_program_named() {
        let companion = Companion {
            programs: Some(vec![source::Loaded {
                name: None,
                catalog: own_catalog(),
            }]),
            ..Companion::new("", "", ".")
        };
        let out = companion.run_with(&[], &args(&["merge"]));
        assert_eq!(out.exit, 2);
        assert!(
            out.stderr.contains("needs a name to be merged under"),
            "{}",
            out.stderr
        );
        // Without any catalog, and nothing linked.
        let out = Companion::new("", "", ".").run_with(&[], &args(&["site"]));
        assert!(
            out.stderr.contains("error[NOTHING_LINKED]"),
            "{}",
            out.stderr
        );
    }

    #[test]
    fn only_a_found_explanation_in_text_mode_is_rendered_for_the_terminal() {
        let companion = Companion::new("app", "app-codes", "/nowhere");
        let enums = [<CompanionCode as crate::ErrorCode>::ENUM];
        let color = Some(Style { color: true });
        let (out, screen) = companion.run_styled(&enums, &args(&["explain", "USAGE"]), color);
        assert_eq!(
            out,
            companion.run_with(&enums, &args(&["explain", "USAGE"]))
        );
        assert!(!out.stdout.contains('\x1b'));
        let screen = screen.expect("rendered");
        assert!(
            screen.starts_with("\x1b[0;1mUSAGE\x1b[0m (exit 2, "),
            "{screen:?}"
        );
        for line in [
            &["explain", "USAGE", "--json"][..],
            &["explain", "NOPE"],
            &["list"],
            &["help"],
        ] {
            let (out, screen) = companion.run_styled(&enums, &args(line), color);
            assert_eq!(screen, None, "{line:?}");
            assert_eq!(out, companion.run_with(&enums, &args(line)), "{line:?}");
        }
        let (_, screen) = companion.run_styled(&enums, &args(&["explain", "USAGE"]), None);
        assert_eq!(screen, None);
    }
}
