//! The companion's command line, parsed by hand so the runtime needs no
//! argument parser.

use super::failure::Failure;
use super::similar::closest;
use crate::code::SetKind;
use crate::tooling::lock::Level;
use crate::tooling::types::Lang;

/// What the command line asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Command {
    Help,
    Docs {
        out: Option<String>,
        check: bool,
    },
    Lock {
        out: Option<String>,
        check: bool,
    },
    List,
    Explain {
        code: String,
    },
    Check {
        lock: Option<String>,
        /// `--level`: the compatibility level, over the enums' own.
        level: Option<Level>,
        /// `--locales DIR`: the program's Fluent files, checked too.
        locales: Option<String>,
    },
    /// With a command, route or tool: the schema of what it may return.
    Schema {
        set: Option<(SetKind, String)>,
    },
    Coverage {
        src: Option<String>,
        tests: Option<String>,
    },
    /// The types of the codes and documents, for consumers in `lang`.
    Types {
        lang: Lang,
        out: Option<String>,
        check: bool,
    },
    /// The page for agents.
    Agents {
        out: Option<String>,
        check: bool,
    },
    /// The error index site of one catalog, or of many merged.
    Site {
        out: Option<String>,
        check: bool,
        title: Option<String>,
        allow_conflicts: bool,
        /// `--locales DIR`: the program's Fluent files, each code's message
        /// in each locale shown on its page.
        locales: Option<String>,
    },
    /// Many programs' catalogs in one.
    Merge {
        out: Option<String>,
        allow_conflicts: bool,
    },
    /// The page of the messages in other languages, from `--locales DIR`.
    Messages {
        locales: String,
        out: Option<String>,
        check: bool,
    },
}

impl Command {
    /// The command's name, as printed in the envelope.
    pub(crate) fn name(&self) -> &'static str {
        match self {
            Command::Help => "help",
            Command::Docs { .. } => "docs",
            Command::Lock { .. } => "lock",
            Command::List => "list",
            Command::Explain { .. } => "explain",
            Command::Check { .. } => "check",
            Command::Schema { .. } => "schema",
            Command::Coverage { .. } => "coverage",
            Command::Types { .. } => "types",
            Command::Agents { .. } => "agents",
            Command::Site { .. } => "site",
            Command::Merge { .. } => "merge",
            Command::Messages { .. } => "messages",
        }
    }
}

/// A parsed command line: the command and whether output is JSON.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Invocation {
    pub(crate) command: Command,
    pub(crate) json: bool,
}

const COMMANDS: &[&str] = &[
    "docs", "lock", "list", "explain", "check", "schema", "coverage", "types", "agents", "site",
    "merge", "messages", "help",
];

/// The commands that read many programs' catalogs, each named
/// (`--catalog NAME=FILE`, `--bin NAME=PATH`).
pub(crate) const READ_PROGRAMS: &[&str] = &["site", "merge"];

/// Whether the command of `args` (the first argument that is not `--json`
/// or `--help`, as [`parse`] reads it) reads many programs' catalogs.
pub(crate) fn reads_programs(args: &[std::ffi::OsString]) -> bool {
    let end = args.iter().position(|a| a == "--").unwrap_or(args.len());
    let skipped = |a: &&std::ffi::OsString| !matches!(a.to_str(), Some("--json" | "--help" | "-h"));
    let name = match args[..end].iter().find(skipped) {
        Some(name) => Some(name),
        None => args.get(end + 1),
    };
    name.and_then(|n| n.to_str())
        .is_some_and(|n| READ_PROGRAMS.contains(&n))
}

/// Whether `--json` appears anywhere, so that even a command line that fails
/// to parse is answered in JSON.
pub(crate) fn wants_json(args: &[String]) -> bool {
    args.iter()
        .take_while(|a| *a != "--")
        .any(|a| a == "--json")
}

/// Parses the arguments after the program name.
/// `--` ends the options: what follows is positional, even when it starts
/// with `-`.
pub(crate) fn parse(args: &[String]) -> Result<Invocation, Failure> {
    let json = wants_json(args);
    let end = args.iter().position(|a| a == "--").unwrap_or(args.len());
    let after: Vec<String> = args.get(end + 1..).unwrap_or_default().to_vec();
    let mut rest: Vec<&str> = Vec::new();
    let mut help = false;
    for arg in &args[..end] {
        match arg.as_str() {
            "--json" => {}
            "--help" | "-h" => help = true,
            other => rest.push(other),
        }
    }
    let mut after = std::collections::VecDeque::from(after);
    let first_after;
    if rest.is_empty() {
        if let Some(name) = after.pop_front() {
            first_after = name;
            rest.push(&first_after);
        }
    }
    let Some((&name, flags)) = rest.split_first() else {
        let command = if help {
            Command::Help
        } else {
            return Err(usage("no command given"));
        };
        return Ok(Invocation { command, json });
    };
    if help || name == "help" {
        return Ok(Invocation {
            command: Command::Help,
            json,
        });
    }
    let mut flags = Flags::new(name, flags, after);
    let command = match name {
        "types" | "agents" => generated(name, &mut flags)?,
        "messages" => {
            let (mut locales, mut out, mut check) = (None, None, false);
            while let Some(flag) = flags.next_flag()? {
                match flag.as_str() {
                    "--locales" => locales = Some(flags.value("--locales")?),
                    "--out" => out = Some(flags.value("--out")?),
                    "--check" => check = true,
                    other => return Err(flags.unknown(other, &["--locales", "--out", "--check"])),
                }
            }
            let locales = locales.ok_or_else(|| {
                usage("`messages` reads the program's Fluent files; give them with --locales DIR")
            })?;
            Command::Messages {
                locales,
                out,
                check,
            }
        }
        "docs" | "lock" => {
            let (mut out, mut check) = (None, false);
            while let Some(flag) = flags.next_flag()? {
                match flag.as_str() {
                    "--out" => out = Some(flags.value("--out")?),
                    "--check" => check = true,
                    other => return Err(flags.unknown(other, &["--out", "--check"])),
                }
            }
            if name == "docs" {
                Command::Docs { out, check }
            } else {
                Command::Lock { out, check }
            }
        }
        "list" => {
            if let Some(flag) = flags.next_flag()? {
                return Err(flags.unknown(&flag, &[]));
            }
            Command::List
        }
        "schema" => {
            const KINDS: [(&str, SetKind); 3] = [
                ("--command", SetKind::Command),
                ("--route", SetKind::Route),
                ("--tool", SetKind::Tool),
            ];
            let mut set = None;
            while let Some(flag) = flags.next_flag()? {
                let Some(&(flag, kind)) = KINDS.iter().find(|(name, _)| *name == flag) else {
                    return Err(flags.unknown(&flag, &["--command", "--route", "--tool"]));
                };
                if set.is_some() {
                    return Err(usage(
                        "`schema` narrows to one command, route or tool; give one of --command, --route and --tool",
                    ));
                }
                set = Some((kind, flags.value(flag)?));
            }
            Command::Schema { set }
        }
        "explain" => {
            let code = flags.positional("CODE")?;
            if let Some(flag) = flags.next_flag()? {
                return Err(flags.unknown(&flag, &[]));
            }
            Command::Explain { code }
        }
        "check" => {
            let (mut lock, mut level, mut locales) = (None, None, None);
            while let Some(flag) = flags.next_flag()? {
                match flag.as_str() {
                    "--lock" => lock = Some(flags.value("--lock")?),
                    "--level" => {
                        let value = flags.value("--level")?;
                        level = Some(Level::from_name(&value).ok_or_else(|| {
                            usage(&format!(
                                "unknown compatibility level `{value}` for `--level`; give `additive` or `strict`"
                            ))
                        })?);
                    }
                    "--locales" => locales = Some(flags.value("--locales")?),
                    other => {
                        return Err(flags.unknown(other, &["--lock", "--level", "--locales"]));
                    }
                }
            }
            Command::Check {
                lock,
                level,
                locales,
            }
        }
        "coverage" => {
            let (mut src, mut tests) = (None, None);
            while let Some(flag) = flags.next_flag()? {
                match flag.as_str() {
                    "--src" => src = Some(flags.value("--src")?),
                    "--tests" => tests = Some(flags.value("--tests")?),
                    other => return Err(flags.unknown(other, &["--src", "--tests"])),
                }
            }
            Command::Coverage { src, tests }
        }
        "site" | "merge" => {
            let (mut out, mut check, mut title, mut allow_conflicts) = (None, false, None, false);
            let mut locales = None;
            let known: &[&str] = match name {
                "site" => &[
                    "--out",
                    "--check",
                    "--title",
                    "--allow-conflicts",
                    "--locales",
                ],
                _ => &["--out", "--allow-conflicts"],
            };
            while let Some(flag) = flags.next_flag()? {
                match flag.as_str() {
                    "--out" => out = Some(flags.value("--out")?),
                    "--allow-conflicts" => allow_conflicts = true,
                    "--check" if name == "site" => check = true,
                    "--title" if name == "site" => title = Some(flags.value("--title")?),
                    "--locales" if name == "site" => locales = Some(flags.value("--locales")?),
                    other => return Err(flags.unknown(other, known)),
                }
            }
            match name {
                "site" => Command::Site {
                    out,
                    check,
                    title,
                    allow_conflicts,
                    locales,
                },
                _ => Command::Merge {
                    out,
                    allow_conflicts,
                },
            }
        }
        other => {
            let mut message = format!("unknown command `{other}`");
            if let Some(close) = closest(other, COMMANDS) {
                message.push_str(&format!("; did you mean `{close}`?"));
            }
            return Err(usage(&message));
        }
    };
    Ok(Invocation { command, json })
}

/// `types --lang LANG [--out FILE] [--check]` and `agents [--out FILE] [--check]`.
fn generated(name: &str, flags: &mut Flags) -> Result<Command, Failure> {
    let (mut lang, mut out, mut check) = (None, None, false);
    let known: &[&str] = match name {
        "types" => &["--lang", "--out", "--check"],
        _ => &["--out", "--check"],
    };
    while let Some(flag) = flags.next_flag()? {
        match flag.as_str() {
            "--lang" if name == "types" => {
                let value = flags.value("--lang")?;
                lang = Some(Lang::from_name(&value).ok_or_else(|| {
                    usage(&format!(
                        "unknown language `{value}` for `--lang`; give `typescript` or `python`"
                    ))
                })?);
            }
            "--out" => out = Some(flags.value("--out")?),
            "--check" => check = true,
            other => return Err(flags.unknown(other, known)),
        }
    }
    if name == "agents" {
        return Ok(Command::Agents { out, check });
    }
    match lang {
        Some(lang) => Ok(Command::Types { lang, out, check }),
        None => Err(usage(
            "`types` needs `--lang typescript` or `--lang python`",
        )),
    }
}

fn usage(message: &str) -> Failure {
    Failure::usage(message).with_hint("run with --help to see the commands")
}

/// The flags after a command name; `--flag=value` is split into two. The
/// arguments after `--` are only ever positional.
struct Flags {
    command: String,
    items: std::vec::IntoIter<String>,
    after: std::collections::VecDeque<String>,
}

impl Flags {
    fn new(command: &str, flags: &[&str], after: std::collections::VecDeque<String>) -> Flags {
        let mut items = Vec::new();
        for flag in flags {
            match flag.split_once('=') {
                Some((name, value)) if name.starts_with("--") => {
                    items.push(name.to_owned());
                    items.push(value.to_owned());
                }
                _ => items.push((*flag).to_owned()),
            }
        }
        Flags {
            command: command.to_owned(),
            items: items.into_iter(),
            after,
        }
    }

    /// The next flag, or an error for a stray positional argument.
    fn next_flag(&mut self) -> Result<Option<String>, Failure> {
        match self.items.next() {
            None => match self.after.pop_front() {
                None => Ok(None),
                Some(arg) => Err(usage(&format!(
                    "unexpected argument `{arg}` to `{}`",
                    self.command
                ))),
            },
            Some(flag) if flag.starts_with('-') => Ok(Some(flag)),
            Some(arg) => Err(usage(&format!(
                "unexpected argument `{arg}` to `{}`",
                self.command
            ))),
        }
    }

    fn value(&mut self, flag: &str) -> Result<String, Failure> {
        match self.items.next() {
            Some(value) if !value.is_empty() => Ok(value),
            _ => Err(usage(&format!(
                "`{flag}` needs a value, as in `{flag} PATH`"
            ))),
        }
    }

    fn positional(&mut self, what: &str) -> Result<String, Failure> {
        match self.items.next() {
            Some(value) if !value.starts_with('-') => Ok(value),
            None if !self.after.is_empty() => Ok(self.after.pop_front().unwrap_or_default()),
            _ => Err(usage(&format!(
                "`{}` needs a {what} (after `--` when it starts with `-`)",
                self.command
            ))),
        }
    }

    fn unknown(&self, flag: &str, known: &[&str]) -> Failure {
        let mut message = format!("unknown flag `{flag}` for `{}`", self.command);
        if let Some(close) = closest(flag, known) {
            message.push_str(&format!("; did you mean `{close}`?"));
        }
        usage(&message)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(line: &str) -> Vec<String> {
        line.split_whitespace().map(str::to_owned).collect()
    }

    fn parsed(line: &str) -> Invocation {
        parse(&args(line)).unwrap()
    }

    fn error(line: &str) -> String {
        parse(&args(line)).unwrap_err().message().to_owned()
    }

    #[test]
    fn parses_every_command() {
        assert_eq!(
            parsed("docs --out=x.md --check").command,
            Command::Docs {
                out: Some("x.md".into()),
                check: true
            }
        );
        assert_eq!(
            parsed("lock --out y.json").command,
            Command::Lock {
                out: Some("y.json".into()),
                check: false
            }
        );
        let list = parsed("--json list");
        assert!(list.json && list.command == Command::List);
        assert_eq!(
            parsed("explain LOCK_HELD --json").command,
            Command::Explain {
                code: "LOCK_HELD".into()
            }
        );
        assert_eq!(
            parsed("check --lock l.json").command,
            Command::Check {
                lock: Some("l.json".into()),
                level: None,
                locales: None
            }
        );
        assert_eq!(
            parsed("check --level strict").command,
            Command::Check {
                lock: None,
                level: Some(Level::Strict),
                locales: None
            }
        );
        assert_eq!(
            parsed("check --locales locales").command,
            Command::Check {
                lock: None,
                level: None,
                locales: Some("locales".into())
            }
        );
        assert_eq!(
            error("check --level exhaustive"),
            "unknown compatibility level `exhaustive` for `--level`; give `additive` or `strict`"
        );
        assert_eq!(
            parsed("coverage --src=app/src --tests app/tests").command,
            Command::Coverage {
                src: Some("app/src".into()),
                tests: Some("app/tests".into())
            }
        );
        assert_eq!(
            parsed("coverage").command,
            Command::Coverage {
                src: None,
                tests: None
            }
        );
        assert_eq!(
            parsed("site --out=site --check --title Errors --allow-conflicts --locales l").command,
            Command::Site {
                out: Some("site".into()),
                check: true,
                title: Some("Errors".into()),
                allow_conflicts: true,
                locales: Some("l".into()),
            }
        );
        assert_eq!(
            error("merge --locales l"),
            "unknown flag `--locales` for `merge`"
        );
        assert_eq!(
            parsed("merge --out all.json").command,
            Command::Merge {
                out: Some("all.json".into()),
                allow_conflicts: false,
            }
        );
        assert_eq!(error("merge --check"), "unknown flag `--check` for `merge`");
        assert_eq!(parsed("docs --help").command, Command::Help);
        assert_eq!(parsed("--help").command, Command::Help);
    }

    #[test]
    fn parses_the_consumers_commands() {
        assert_eq!(
            parsed("types --lang typescript --out x.ts --check").command,
            Command::Types {
                lang: Lang::TypeScript,
                out: Some("x.ts".into()),
                check: true
            }
        );
        assert_eq!(
            parsed("types --lang=py").command,
            Command::Types {
                lang: Lang::Python,
                out: None,
                check: false
            }
        );
        assert_eq!(
            parsed("agents --check").command,
            Command::Agents {
                out: None,
                check: true
            }
        );
        assert_eq!(
            error("types"),
            "`types` needs `--lang typescript` or `--lang python`"
        );
        assert_eq!(
            error("types --lang rust"),
            "unknown language `rust` for `--lang`; give `typescript` or `python`"
        );
        assert_eq!(
            error("agents --lang ts"),
            "unknown flag `--lang` for `agents`"
        );
        assert_eq!(
            error("typse"),
            "unknown command `typse`; did you mean `types`?"
        );
    }

    #[test]
    fn only_site_and_merge_read_many_programs() {
        let reads = |line: &str| {
            let args: Vec<std::ffi::OsString> = line.split_whitespace().map(Into::into).collect();
            reads_programs(&args)
        };
        assert!(reads("site --out x"));
        assert!(reads("--json merge"));
        assert!(reads("-- site"));
        assert!(!reads("docs --out site"));
        assert!(!reads("--out site"));
        assert!(!reads(""));
    }

    #[test]
    fn a_double_dash_ends_the_options() {
        assert_eq!(
            parsed("explain -- --json").command,
            Command::Explain {
                code: "--json".into()
            }
        );
        assert!(!parsed("explain -- --json").json);
        assert_eq!(
            parsed("explain --json -- -X").command,
            Command::Explain { code: "-X".into() }
        );
        assert_eq!(
            parsed("-- explain --help").command,
            Command::Explain {
                code: "--help".into()
            }
        );
        assert_eq!(
            error("docs -- --check"),
            "unexpected argument `--check` to `docs`"
        );
        assert_eq!(parsed("list --").command, Command::List);
    }

    #[test]
    fn bad_command_lines_say_what_to_do() {
        assert_eq!(error(""), "no command given");
        assert_eq!(
            error("dcos"),
            "unknown command `dcos`; did you mean `docs`?"
        );
        assert_eq!(
            error("docs --chek"),
            "unknown flag `--chek` for `docs`; did you mean `--check`?"
        );
        assert_eq!(
            error("docs --out"),
            "`--out` needs a value, as in `--out PATH`"
        );
        assert_eq!(
            error("explain"),
            "`explain` needs a CODE (after `--` when it starts with `-`)"
        );
        assert_eq!(error("list extra"), "unexpected argument `extra` to `list`");
        assert_eq!(
            error("coverage --test x"),
            "unknown flag `--test` for `coverage`; did you mean `--tests`?"
        );
        assert_eq!(
            error("covrage"),
            "unknown command `covrage`; did you mean `coverage`?"
        );
        let failure = parse(&args("nope --json")).unwrap_err();
        assert_eq!(failure.code(), "USAGE");
        assert_eq!(failure.exit_code(), 2);
    }
}
