//! Every way a `builder` command can fail; the codes and exit codes are
//! declared on the enum.

use std::fmt;
use std::io;

use sponson_codes::ErrorCodes;

#[derive(Debug, ErrorCodes)]
pub enum TaskError {
    #[code(exit = 1, doc = "The task file cannot be read.")]
    Read {
        #[code(detail)]
        path: String,
        source: io::Error,
    },
    #[code(exit = 1, doc = "The task file cannot be written.")]
    Write {
        #[code(detail)]
        path: String,
        source: io::Error,
    },
    #[code(exit = 1, doc = "Standard output failed.")]
    Io(io::Error),
    #[code(exit = 3, doc = "The file has no `# tasks v1` first line.", hint = "create one with `builder init FILE`")]
    NotATaskFile {
        #[code(detail)]
        path: String,
    },
    #[code(exit = 3, doc = "A line of the task file cannot be read.")]
    Parse {
        #[code(detail)]
        path: String,
        #[code(detail)]
        line: usize,
        message: String,
    },
    #[code(exit = 5, doc = "`init` refuses to overwrite a file.", hint = "pass --force to overwrite it")]
    AlreadyExists {
        #[code(detail)]
        path: String,
    },
    #[code(exit = 4, doc = "No task has this number.")]
    UnknownTask {
        #[code(detail)]
        id: u32,
    },
    #[code(exit = 4, doc = "The task is done already.")]
    AlreadyDone {
        #[code(detail)]
        id: u32,
    },
    #[code(exit = 2, doc = "The title is empty.")]
    EmptyTitle,
    #[code(exit = 2, doc = "The title is longer than 200 characters.")]
    TitleTooLong {
        #[code(detail)]
        len: usize,
    },
    #[code(exit = 2, doc = "The priority is not low, normal or high.")]
    BadPriority {
        #[code(detail)]
        value: String,
    },
    #[code(exit = 2, doc = "The task number is not a number.")]
    BadId {
        #[code(detail)]
        value: String,
    },
    #[code(exit = 2, doc = "The command line is not valid.", usage)]
    Usage,
    #[code(exit = 101, doc = "The program stopped on a bug.", fallback)]
    Internal,
}

impl fmt::Display for TaskError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TaskError::Read { path, source } => write!(f, "cannot read {path}: {source}"),
            TaskError::Write { path, source } => write!(f, "cannot write {path}: {source}"),
            TaskError::Io(source) => write!(f, "{source}"),
            TaskError::NotATaskFile { path } => write!(f, "{path} is not a task file (no `# tasks v1` line)"),
            TaskError::Parse { path, line, message } => write!(f, "{path}:{line}: {message}"),
            TaskError::AlreadyExists { path } => write!(f, "{path} already exists"),
            TaskError::UnknownTask { id } => write!(f, "no task {id}"),
            TaskError::AlreadyDone { id } => write!(f, "task {id} is done already"),
            TaskError::EmptyTitle => write!(f, "the title is empty"),
            TaskError::TitleTooLong { len } => write!(f, "the title has {len} characters, more than 200"),
            TaskError::BadPriority { value } => write!(f, "`{value}` is not low, normal or high"),
            TaskError::BadId { value } => write!(f, "`{value}` is not a task number"),
            TaskError::Usage => write!(f, "the command line is not valid"),
            TaskError::Internal => write!(f, "the program stopped on a bug"),
        }
    }
}

impl std::error::Error for TaskError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            TaskError::Read { source, .. } | TaskError::Write { source, .. } | TaskError::Io(source) => Some(source),
            _ => None,
        }
    }
}

impl From<io::Error> for TaskError {
    fn from(err: io::Error) -> Self {
        TaskError::Io(err)
    }
}
