//! What an existing program keeps when it adopts the runner: its text for
//! people, its exit on a closed stdout, commands that print, clap's builder
//! API and a top-level enum, JSON mode chosen the way it likes, and a
//! `main` that returns a coded result.

use std::process::Termination as _;

use clap::{Arg, Command};
use serde_json::{json, Value};
use sponson_codes::clap::Parse;
use sponson_codes::{Error, ErrorCodes, Exit, Mode, Runner, Warning, WarningCodes};

#[derive(Debug, Clone, Copy, PartialEq, Eq, ErrorCodes)]
enum Code {
    #[code(exit = 2, doc = "The command line is not valid.", usage)]
    Usage,
    #[code(exit = 4, doc = "No such account.", hint = "Run `ledger accounts`.")]
    NoAccount,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, WarningCodes)]
enum Warn {
    #[code(doc = "The ledger is old.")]
    Stale,
}

fn json_of(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

#[test]
fn the_program_keeps_its_own_text_for_failures_and_warnings() {
    let runner = Runner::<Code>::new("balance", Mode::Text)
        .text_error(|err| format!("ledger: {}\n", err.message()))
        .text_warning(|w| format!("ledger: note: {}", w.message()));
    let out = runner.render(|| {
        sponson_codes::warn(Warning::new(Warn::Stale, "the ledger is 3 days old"));
        Err::<(), _>(Error::new(Code::NoAccount, "no account `cash\u{1b}[2J`"))
    });
    assert_eq!(
        out.stderr,
        "ledger: note: the ledger is 3 days old\nledger: no account `cash\\u{1b}[2J`\n"
    );
    assert_eq!(out.exit, 4);
    // A panic is the fallback's error, in the program's format too.
    let out = runner.render(|| -> Result<(), Error<Code>> { panic!("secret") });
    assert_eq!(
        out.stderr,
        "ledger: the command stopped on an unexpected internal error\n"
    );
    assert_eq!(out.exit, 1);
    // JSON mode is unchanged by the program's text.
    let json = Runner::<Code>::new("balance", Mode::Json)
        .text_error(|_| "never".into())
        .render(|| Err::<(), _>(Error::plain(Code::NoAccount)));
    assert_eq!(json_of(&json.stdout)["error"]["code"], "NO_ACCOUNT");
}

#[test]
fn a_closed_stdout_exits_as_the_program_chooses() {
    let ok = || Ok::<_, Error<Code>>("lines");
    assert_eq!(
        Runner::<Code>::new("list", Mode::Text)
            .render(ok)
            .closed_stdout_exit,
        1
    );
    for mode in [Mode::Text, Mode::Json] {
        let out = Runner::<Code>::new("list", mode)
            .closed_stdout_exit(0)
            .render(ok);
        assert_eq!((out.closed_stdout_exit, out.unwritten_exit), (0, 1));
        // A writer that went away: the exit chosen, not a failure.
        struct Gone;
        impl std::io::Write for Gone {
            fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
                Err(std::io::ErrorKind::BrokenPipe.into())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        assert_eq!(
            out.write_to(Gone, Vec::new()),
            std::process::ExitCode::SUCCESS
        );
    }
}

fn print_accounts(out: &mut dyn std::io::Write) -> Result<(), Error<Code>> {
    writeln!(out, "cash\t12.00").map_err(|e| Error::fallback(e.to_string()))?;
    writeln!(out, "bank\t40.50").map_err(|e| Error::fallback(e.to_string()))
}

#[test]
fn a_command_that_prints_to_its_writer_keeps_its_output() {
    let text = Runner::<Code>::new("accounts", Mode::Text).render_printing(print_accounts);
    assert_eq!(
        (text.stdout.as_str(), text.exit),
        ("cash\t12.00\nbank\t40.50\n", 0)
    );
    let json = Runner::<Code>::new("accounts", Mode::Json).render_printing(print_accounts);
    assert_eq!(
        json_of(&json.stdout),
        json!({"ok": true, "command": "accounts", "data": "cash\t12.00\nbank\t40.50\n"})
    );
    // A failure after printing: the document carries the error alone.
    let failed = Runner::<Code>::new("accounts", Mode::Json).render_printing(|out| {
        print_accounts(out)?;
        Err(Error::plain(Code::NoAccount))
    });
    assert_eq!(failed.exit, 4);
    assert_eq!(json_of(&failed.stdout)["error"]["code"], "NO_ACCOUNT");
}

fn ledger() -> Command {
    Command::new("ledger")
        .version("1.0")
        .subcommand(
            Command::new("balance").alias("bal").arg(
                Arg::new("account")
                    .long("account")
                    .value_parser(["cash", "bank"]),
            ),
        )
        .subcommand(Command::new("accounts"))
}

#[test]
fn the_builder_api_parses_and_usage_errors_keep_what_clap_knows() {
    let parse = Parse::<Code>::new().hidden_json_flag("--json");
    let parsed = parse
        .parsed_command_from(ledger(), ["ledger", "bal", "--account", "cash"])
        .unwrap();
    assert_eq!(
        (parsed.command.as_str(), parsed.mode),
        ("balance", Mode::Text)
    );
    let matches = parsed.value.subcommand_matches("balance").unwrap();
    assert_eq!(matches.get_one::<String>("account").unwrap(), "cash");

    let out = parse
        .parsed_command_from(
            ledger(),
            ["ledger", "--json", "balance", "--acount", "cash"],
        )
        .unwrap_err();
    let error = &json_of(&out.stdout)["error"];
    assert_eq!(error["code"], "USAGE");
    assert_eq!(error["kind"], "unknown_argument");
    assert_eq!(error["argument"], "--acount");
    assert_eq!(error["suggestion"], "--account");
    assert_eq!(json_of(&out.stdout)["command"], "balance");

    let out = parse
        .parsed_command_from(
            ledger(),
            ["ledger", "balance", "--account", "gold", "--json"],
        )
        .unwrap_err();
    let error = &json_of(&out.stdout)["error"];
    assert_eq!(error["kind"], "invalid_value");
    assert_eq!(error["valid_values"], json!(["cash", "bank"]));
}

#[test]
fn a_hidden_flag_leaves_help_as_it_was() {
    let declared = ledger().render_help().to_string();
    let out = Parse::<Code>::new()
        .hidden_json_flag("--json")
        .parsed_command_from(ledger(), ["ledger", "--help"])
        .unwrap_err();
    assert_eq!(out.stdout, declared);
    assert!(!out.stdout.contains("--json"));
    // After `--`, the flag is an argument like any other.
    let parse = Parse::<Code>::new().hidden_json_flag("--json");
    assert!(!parse.wants_json(["ledger", "--", "--json"]));
}

#[test]
fn json_mode_by_environment_variable_or_by_the_program() {
    std::env::set_var("LEDGER_TEST_JSON", "1");
    let parse = Parse::<Code>::new().json_env("LEDGER_TEST_JSON");
    let out = parse
        .parsed_command_from(ledger(), ["ledger", "frobnicate"])
        .unwrap_err();
    assert_eq!(json_of(&out.stdout)["error"]["kind"], "invalid_subcommand");
    std::env::set_var("LEDGER_TEST_JSON", "0");
    assert!(!parse.wants_json(["ledger"]));
    std::env::remove_var("LEDGER_TEST_JSON");

    let fixed = Parse::<Code>::new().mode(Mode::Json);
    let parsed = fixed
        .parsed_command_from(ledger(), ["ledger", "accounts"])
        .unwrap();
    assert_eq!(parsed.mode, Mode::Json);
    let runner = parsed.runner::<Code>();
    assert_eq!((runner.command(), runner.mode()), ("accounts", Mode::Json));
}

/// A top-level enum, as programs that generate completions from it write.
#[derive(Debug, clap::Parser)]
#[command(name = "ledger")]
enum Cli {
    /// Show a balance.
    Balance {
        #[arg(long)]
        account: String,
    },
    /// List the accounts.
    Accounts,
}

#[test]
fn a_top_level_enum_parses_with_its_command_name() {
    let parse = Parse::<Code>::new().hidden_json_flag("--json");
    let parsed = parse
        .parsed_from::<Cli, _, _>(["ledger", "balance", "--account", "cash", "--json"])
        .unwrap();
    assert!(matches!(parsed.value, Cli::Balance { ref account } if account == "cash"));
    assert_eq!(
        (parsed.command.as_str(), parsed.mode),
        ("balance", Mode::Json)
    );
    let out = parse
        .parsed_from::<Cli, _, _>(["ledger", "balance", "--json"])
        .unwrap_err();
    assert_eq!(
        json_of(&out.stdout)["error"]["kind"],
        "missing_required_argument"
    );
    assert_eq!(json_of(&out.stdout)["command"], "balance");
}

#[test]
fn main_returning_a_coded_result_exits_with_the_codes_exit() {
    let failed: Exit<Code> = Err::<(), _>(Error::new(Code::NoAccount, "no account `cash`")).into();
    assert_eq!(failed.exit_code(), 4);
    assert_eq!(
        failed.text(),
        "error[NO_ACCOUNT]: no account `cash`\nhint: Run `ledger accounts`.\n"
    );
    assert_eq!(failed.report(), std::process::ExitCode::from(4));
    let done: Exit<Code> = Ok::<(), Error<Code>>(()).into();
    assert_eq!((done.exit_code(), done.text().as_str()), (0, ""));
}

#[test]
fn text_mode_shows_the_causes_anyhow_kept() {
    use anyhow::Context as _;
    let out = Runner::<Code>::new("balance", Mode::Text).render(|| -> anyhow::Result<()> {
        let io: anyhow::Result<()> = Err(std::io::Error::other("no such file").into());
        io.context("reading ledger.csv")
            .context(Error::new(Code::NoAccount, "no account `cash`"))
    });
    assert_eq!(
        out.stderr,
        "error[NO_ACCOUNT]: no account `cash`\ncaused by: reading ledger.csv\ncaused by: no such file\nhint: Run `ledger accounts`.\n"
    );
    assert_eq!(out.exit, 4);
}

/// A writer whose reader went away.
struct Closed;

impl std::io::Write for Closed {
    fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
        Err(std::io::ErrorKind::BrokenPipe.into())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn a_closed_stderr_exits_as_the_program_chooses() {
    // A body that stopped on a closed stderr, as `prog 2>&1 | head` gives.
    let failed = || Err::<(), _>(Error::<Code>::fallback("cannot write: Broken pipe"));
    for mode in [Mode::Text, Mode::Json] {
        // By default a closed stderr changes nothing: the failure's exit.
        let out = Runner::<Code>::new("list", mode)
            .errors_to_stderr(true)
            .render(failed);
        assert_eq!(out.closed_stderr_exit, None);
        assert_eq!(
            out.write_to(Vec::new(), Closed),
            std::process::ExitCode::from(1)
        );
        // A program that exits 0 on any broken pipe says so once.
        let out = Runner::<Code>::new("list", mode)
            .errors_to_stderr(true)
            .closed_stdout_exit(0)
            .closed_stderr_exit(0)
            .render(failed);
        assert_eq!(out.closed_stderr_exit, Some(0));
        assert_eq!(
            out.write_to(Vec::new(), Closed),
            std::process::ExitCode::SUCCESS
        );
        // A stderr that takes the text: the failure's own exit.
        assert_eq!(
            out.write_to(Vec::new(), Vec::new()),
            std::process::ExitCode::from(1)
        );
    }
}

#[test]
fn a_usage_errors_suggestion_is_clap_s_best() {
    let command = Command::new("paint")
        .arg(Arg::new("colorblind").long("colorblind"))
        .arg(Arg::new("color").long("color"))
        .subcommand(Command::new("stroke"))
        .subcommand(Command::new("strokes"));
    let parse = Parse::<Code>::new().hidden_json_flag("--json");
    // clap lists its suggestions best last: `stroke` is one edit away.
    let err = command
        .clone()
        .try_get_matches_from(["paint", "strke"])
        .unwrap_err();
    assert!(
        err.to_string()
            .contains("some similar subcommands exist: 'strokes', 'stroke'"),
        "{err}"
    );
    let out = parse
        .parsed_command_from(command.clone(), ["paint", "--json", "--colr", "x"])
        .unwrap_err();
    assert_eq!(json_of(&out.stdout)["error"]["suggestion"], "--color");
    let out = parse
        .parsed_command_from(command, ["paint", "--json", "strke"])
        .unwrap_err();
    assert_eq!(json_of(&out.stdout)["error"]["suggestion"], "stroke");
}

#[test]
fn the_programs_own_colours_print_as_they_are_and_what_it_quotes_is_escaped() {
    let runner = Runner::<Code>::new("balance", Mode::Text)
        .text_error(|err| {
            let account = err.details().get("account").and_then(Value::as_str);
            format!(
                "\u{1b}[31mledger:\u{1b}[0m {} ({})",
                err.message(),
                account.unwrap_or_default()
            )
        })
        .text_warning(|w| format!("\u{1b}[33mnote:\u{1b}[0m {}", w.message()));
    let out = runner.render(|| {
        sponson_codes::warn(Warning::new(Warn::Stale, "stale\u{1b}[2J"));
        Err::<(), _>(
            Error::new(Code::NoAccount, "no account `cash\u{1b}[2J`")
                .with_detail("account", "cash\u{1b}]0;x\u{7}"),
        )
    });
    assert_eq!(
        out.stderr,
        "\u{1b}[33mnote:\u{1b}[0m stale\\u{1b}[2J\n\
         \u{1b}[31mledger:\u{1b}[0m no account `cash\\u{1b}[2J` (cash\\u{1b}]0;x\\u{7})\n"
    );
}

#[test]
fn text_mode_can_print_what_the_program_printed_before_unescaped() {
    let failed = || Err::<(), _>(Error::new(Code::NoAccount, "no ledger at /tmp/a\u{1b}b"));
    let escaped = Runner::<Code>::new("balance", Mode::Text).render(failed);
    assert_eq!(
        escaped.stderr,
        "error[NO_ACCOUNT]: no ledger at /tmp/a\\u{1b}b\nhint: Run `ledger accounts`.\n"
    );
    let raw = Runner::<Code>::new("balance", Mode::Text).escape_text(false);
    assert_eq!(
        raw.render(failed).stderr,
        "error[NO_ACCOUNT]: no ledger at /tmp/a\u{1b}b\nhint: Run `ledger accounts`.\n"
    );
    let own = raw
        .clone()
        .text_error(|e| format!("ledger: {}", e.message()));
    assert_eq!(
        own.render(failed).stderr,
        "ledger: no ledger at /tmp/a\u{1b}b\n"
    );
    let data = raw.render(|| {
        sponson_codes::warn(Warning::new(Warn::Stale, "old\u{1b}b"));
        Ok::<_, Error<Code>>("a\u{1b}b")
    });
    assert_eq!(
        (data.stdout.as_str(), data.stderr.as_str()),
        ("a\u{1b}b\n", "warning[STALE]: old\u{1b}b\n")
    );
    // JSON mode is the same document either way.
    let json = |runner: Runner<Code>| runner.render(failed).stdout;
    assert_eq!(
        json(Runner::<Code>::new("balance", Mode::Json).escape_text(false)),
        json(Runner::<Code>::new("balance", Mode::Json))
    );
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ErrorCodes)]
enum Crash {
    #[code(exit = 1, doc = "A failure without a code of its own.")]
    Failed,
    #[code(exit = 101, doc = "The program stopped on a bug.", fallback)]
    Bug,
}

#[test]
fn uncoded_failures_take_a_code_apart_from_panics() {
    let uncoded = || Err::<(), _>(anyhow::anyhow!("disk full"));
    let panics = || -> Result<(), Error<Crash>> { panic!("a bug") };
    // By default an uncoded failure is the fallback, as a panic is.
    let out = Runner::<Crash>::new("get", Mode::Json).render(uncoded);
    assert_eq!(
        (json_of(&out.stdout)["error"]["code"].clone(), out.exit),
        (json!("BUG"), 101)
    );
    let runner = Runner::<Crash>::new("get", Mode::Json).uncoded(Crash::Failed);
    let out = runner.render(uncoded);
    let doc = json_of(&out.stdout);
    assert_eq!(
        (&doc["error"]["code"], &doc["error"]["message"]),
        (&json!("FAILED"), &json!("disk full"))
    );
    assert_eq!((out.exit, out.unwritten_exit), (1, 1));
    assert_eq!(runner.render(panics).exit, 101);
    let text = Runner::<Crash>::new("get", Mode::Text)
        .uncoded(Crash::Failed)
        .render(uncoded);
    assert_eq!(
        (text.stderr.as_str(), text.exit),
        ("error[FAILED]: disk full\n", 1)
    );
}

#[test]
fn both_of_anyhows_forms_read_the_same_from_the_coded_error() {
    // An error chain, its `{:#}` and its `{:?}`.
    type Forms = (fn() -> anyhow::Error, &'static str, &'static str);
    let chains: [Forms; 3] = [
        (
            || {
                anyhow::anyhow!("permission denied")
                    .context("opening /run/plan.lock")
                    .context("cannot take the lock")
            },
            "cannot take the lock: opening /run/plan.lock: permission denied",
            "cannot take the lock\n\nCaused by:\n    0: opening /run/plan.lock\n    1: permission denied",
        ),
        (
            || anyhow::anyhow!("line 1\nline 2").context("cannot read"),
            "cannot read: line 1\nline 2",
            "cannot read\n\nCaused by:\n    line 1\n    line 2",
        ),
        (|| anyhow::anyhow!("disk full"), "disk full", "disk full"),
    ];
    for (chain, alternate, debug) in chains {
        // anyhow's own forms, a backtrace aside.
        assert_eq!(format!("{:#}", chain()), alternate);
        assert!(format!("{:?}", chain()).starts_with(debug), "{:?}", chain());
        let coded = Error::<Code>::from(chain());
        assert_eq!(format!("{coded:#}"), alternate);
        assert_eq!(coded.report(), debug);
        assert_eq!(format!("{coded}"), coded.message());
    }
}

#[test]
fn a_command_that_prints_nothing_answers_no_data() {
    let quiet = |_: &mut dyn std::io::Write| Ok::<_, Error<Code>>(());
    let out = Runner::<Code>::new("init", Mode::Json).render_printing(quiet);
    assert_eq!(out.stdout, "{\"ok\":true,\"command\":\"init\"}\n");
    let said = |out: &mut dyn std::io::Write| {
        write!(out, "done").map_err(|e| Error::<Code>::fallback(e.to_string()))
    };
    let out = Runner::<Code>::new("init", Mode::Json).render_printing(said);
    assert_eq!(json_of(&out.stdout)["data"], "done");
}
