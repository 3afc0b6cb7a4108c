//! The command line and the commands, with clap's builder API.

use std::fs;
use std::io::Write;

use clap::{Arg, ArgAction, ArgMatches, Command};

use crate::errors::TaskError;

const HEADER: &str = "# tasks v1";
const MAX_TITLE: usize = 200;

fn file() -> Arg {
    Arg::new("file").required(true).value_name("FILE").help("The task file")
}

fn id() -> Arg {
    Arg::new("id").required(true).value_name("ID").help("The task's number")
}

pub fn command() -> Command {
    Command::new("builder")
        .version(env!("CARGO_PKG_VERSION"))
        .about("Keeps a task list in a plain-text file")
        .subcommand_required(true)
        .arg_required_else_help(true)
        .subcommand(
            Command::new("init")
                .about("Creates an empty task file")
                .arg(file())
                .arg(Arg::new("force").long("force").action(ArgAction::SetTrue).help("Overwrite")),
        )
        .subcommand(
            Command::new("add")
                .about("Adds a task")
                .arg(file())
                .arg(Arg::new("title").required(true).help("What to do"))
                .arg(
                    Arg::new("priority")
                        .long("priority")
                        .short('p')
                        .default_value("normal")
                        .help("low, normal or high"),
                ),
        )
        .subcommand(
            Command::new("list")
                .about("Lists the tasks")
                .arg(file())
                .arg(Arg::new("all").long("all").short('a').action(ArgAction::SetTrue).help("Done tasks too"))
                .arg(Arg::new("priority").long("priority").short('p').help("Only this priority")),
        )
        .subcommand(Command::new("done").about("Marks a task done").arg(file()).arg(id()))
        .subcommand(Command::new("remove").about("Removes a task").arg(file()).arg(id()))
        .subcommand(
            Command::new("rename")
                .about("Gives a task a new title")
                .arg(file())
                .arg(id())
                .arg(Arg::new("title").required(true).help("The new title")),
        )
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Priority {
    Low,
    Normal,
    High,
}

impl Priority {
    fn parse(value: &str) -> Result<Priority, TaskError> {
        match value {
            "low" => Ok(Priority::Low),
            "normal" => Ok(Priority::Normal),
            "high" => Ok(Priority::High),
            _ => Err(TaskError::BadPriority { value: value.to_owned() }),
        }
    }

    fn name(self) -> &'static str {
        match self {
            Priority::Low => "low",
            Priority::Normal => "normal",
            Priority::High => "high",
        }
    }
}

pub struct Task {
    id: u32,
    done: bool,
    priority: Priority,
    title: String,
}

struct Book {
    path: String,
    tasks: Vec<Task>,
}

impl Book {
    fn load(path: &str) -> Result<Book, TaskError> {
        let text = fs::read_to_string(path).map_err(|source| TaskError::Read { path: path.to_owned(), source })?;
        let mut lines = text.lines();
        if lines.next() != Some(HEADER) {
            return Err(TaskError::NotATaskFile { path: path.to_owned() });
        }
        let mut tasks = Vec::new();
        for (n, line) in lines.enumerate() {
            let parse = |message: &str| TaskError::Parse { path: path.to_owned(), line: n + 2, message: message.to_owned() };
            let mut fields = line.splitn(4, '\t');
            let id = fields.next().and_then(|f| f.parse().ok()).ok_or_else(|| parse("no task number"))?;
            let done = match fields.next() {
                Some("x") => true,
                Some("-") => false,
                _ => return Err(parse("the state is not `x` or `-`")),
            };
            let priority = Priority::parse(fields.next().unwrap_or("")).map_err(|_| parse("no priority"))?;
            let title = fields.next().ok_or_else(|| parse("no title"))?.to_owned();
            tasks.push(Task { id, done, priority, title });
        }
        Ok(Book { path: path.to_owned(), tasks })
    }

    fn save(&self) -> Result<(), TaskError> {
        let mut text = format!("{HEADER}\n");
        for task in &self.tasks {
            let state = if task.done { "x" } else { "-" };
            text.push_str(&format!("{}\t{}\t{}\t{}\n", task.id, state, task.priority.name(), task.title));
        }
        fs::write(&self.path, text).map_err(|source| TaskError::Write { path: self.path.clone(), source })
    }

    fn find(&mut self, id: u32) -> Result<&mut Task, TaskError> {
        self.tasks.iter_mut().find(|t| t.id == id).ok_or(TaskError::UnknownTask { id })
    }
}

fn arg<'a>(m: &'a ArgMatches, name: &str) -> &'a str {
    m.get_one::<String>(name).map(String::as_str).unwrap_or_default()
}

fn task_id(m: &ArgMatches) -> Result<u32, TaskError> {
    let value = arg(m, "id");
    value.parse().map_err(|_| TaskError::BadId { value: value.to_owned() })
}

fn title(m: &ArgMatches, book: &Book) -> Result<String, TaskError> {
    let title = arg(m, "title").trim().to_owned();
    if title.is_empty() {
        return Err(TaskError::EmptyTitle);
    }
    if title.chars().count() > MAX_TITLE {
        return Err(TaskError::TitleTooLong { len: title.chars().count() });
    }
    let _ = book;
    Ok(title)
}

pub fn init(m: &ArgMatches, out: &mut dyn Write) -> Result<(), TaskError> {
    let path = arg(m, "file");
    if !m.get_flag("force") && fs::metadata(path).is_ok() {
        return Err(TaskError::AlreadyExists { path: path.to_owned() });
    }
    Book { path: path.to_owned(), tasks: Vec::new() }.save()?;
    writeln!(out, "created {path}")?;
    Ok(())
}

pub fn add(m: &ArgMatches, out: &mut dyn Write) -> Result<(), TaskError> {
    let mut book = Book::load(arg(m, "file"))?;
    let priority = Priority::parse(arg(m, "priority"))?;
    let title = title(m, &book)?;
    let last = book.tasks.iter().map(|t| t.id).max().unwrap_or(0);
    let id = last.checked_add(1).ok_or(TaskError::Internal)?;
    book.tasks.push(Task { id, done: false, priority, title });
    book.save()?;
    writeln!(out, "added task {id}")?;
    Ok(())
}

pub fn list(m: &ArgMatches, out: &mut dyn Write) -> Result<(), TaskError> {
    let book = Book::load(arg(m, "file"))?;
    let only = m.get_one::<String>("priority").map(|p| Priority::parse(p)).transpose()?;
    let mut tasks: Vec<&Task> = book
        .tasks
        .iter()
        .filter(|t| m.get_flag("all") || !t.done)
        .filter(|t| only.is_none_or(|p| t.priority == p))
        .collect();
    tasks.sort_by(|a, b| b.priority.cmp(&a.priority).then(a.id.cmp(&b.id)));
    for task in tasks {
        let state = if task.done { "done" } else { "open" };
        writeln!(out, "{:>4}  {:<6} {:<4}  {}", task.id, task.priority.name(), state, task.title)?;
    }
    Ok(())
}

pub fn done(m: &ArgMatches, out: &mut dyn Write) -> Result<(), TaskError> {
    let mut book = Book::load(arg(m, "file"))?;
    let id = task_id(m)?;
    let task = book.find(id)?;
    if task.done {
        return Err(TaskError::AlreadyDone { id });
    }
    task.done = true;
    book.save()?;
    writeln!(out, "task {id} done")?;
    Ok(())
}

pub fn remove(m: &ArgMatches, out: &mut dyn Write) -> Result<(), TaskError> {
    let mut book = Book::load(arg(m, "file"))?;
    let id = task_id(m)?;
    book.find(id)?;
    book.tasks.retain(|t| t.id != id);
    book.save()?;
    writeln!(out, "task {id} removed")?;
    Ok(())
}

pub fn rename(m: &ArgMatches, out: &mut dyn Write) -> Result<(), TaskError> {
    let mut book = Book::load(arg(m, "file"))?;
    let id = task_id(m)?;
    let title = title(m, &book)?;
    book.find(id)?.title = title;
    book.save()?;
    writeln!(out, "task {id} renamed")?;
    Ok(())
}
