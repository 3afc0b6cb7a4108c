//! The command line, with clap's builder API.

use clap::{Arg, ArgAction, Command};

fn file() -> Arg {
    Arg::new("file")
        .required(true)
        .value_name("FILE")
        .help("The ledger file")
}

fn format() -> Arg {
    Arg::new("format")
        .long("format")
        .value_parser(["text", "json"])
        .default_value("text")
        .help("How to print the result")
}

pub fn command() -> Command {
    Command::new("ledger")
        .version(env!("CARGO_PKG_VERSION"))
        .about("Keeps accounts in a plain-text ledger file")
        .subcommand_required(true)
        .arg_required_else_help(true)
        .subcommand(
            Command::new("init")
                .about("Creates an empty ledger file")
                .arg(file()),
        )
        .subcommand(
            Command::new("open")
                .about("Declares an account")
                .arg(file())
                .arg(
                    Arg::new("account")
                        .required(true)
                        .help("Like `assets:cash`"),
                )
                .arg(
                    Arg::new("date")
                        .long("date")
                        .required(true)
                        .help("The day it opens, YYYY-MM-DD"),
                ),
        )
        .subcommand(
            Command::new("add")
                .about("Records a transfer between two accounts")
                .arg(file())
                .arg(Arg::new("date").long("date").required(true))
                .arg(Arg::new("from").long("from").required(true))
                .arg(Arg::new("to").long("to").required(true))
                .arg(Arg::new("amount").long("amount").required(true))
                .arg(Arg::new("memo").long("memo").default_value("")),
        )
        .subcommand(
            Command::new("balance")
                .alias("bal")
                .about("Prints the balance of each account")
                .arg(file())
                .arg(
                    Arg::new("account")
                        .long("account")
                        .help("Only this account and those under it"),
                )
                .arg(format()),
        )
        .subcommand(
            Command::new("report")
                .about("Prints every transaction with running totals")
                .arg(file())
                .arg(
                    Arg::new("month")
                        .long("month")
                        .help("Only this month, YYYY-MM"),
                )
                .arg(format()),
        )
        .subcommand(
            Command::new("check")
                .about("Checks the file and warns about unused accounts")
                .arg(file())
                .arg(
                    Arg::new("strict")
                        .long("strict")
                        .action(ArgAction::SetTrue)
                        .help("Also fail when an assets account goes below zero"),
                ),
        )
        .subcommand(
            Command::new("import")
                .about("Appends transfers read as CSV from stdin: date,from,to,amount[,memo]")
                .arg(file()),
        )
}
