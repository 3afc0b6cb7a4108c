//! Every way a `builder` command can fail, with its exit code.

use std::fmt;
use std::io;

#[derive(Debug)]
pub enum TaskError {
    Read { path: String, source: io::Error },
    Write { path: String, source: io::Error },
    Io(io::Error),
    NotATaskFile { path: String },
    Parse { path: String, line: usize, message: String },
    AlreadyExists { path: String },
    UnknownTask { id: u32 },
    AlreadyDone { id: u32 },
    EmptyTitle,
    TitleTooLong { len: usize },
    BadPriority { value: String },
    BadId { value: String },
    Usage(String),
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
            TaskError::Usage(text) => write!(f, "{text}"),
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

impl TaskError {
    pub fn exit_code(&self) -> u8 {
        match self {
            TaskError::Read { .. } | TaskError::Write { .. } | TaskError::Io(_) => 1,
            TaskError::Usage(_)
            | TaskError::EmptyTitle
            | TaskError::TitleTooLong { .. }
            | TaskError::BadPriority { .. }
            | TaskError::BadId { .. } => 2,
            TaskError::NotATaskFile { .. } | TaskError::Parse { .. } => 3,
            TaskError::UnknownTask { .. } | TaskError::AlreadyDone { .. } => 4,
            TaskError::AlreadyExists { .. } => 5,
            TaskError::Internal => 101,
        }
    }
}

impl From<io::Error> for TaskError {
    fn from(err: io::Error) -> Self {
        TaskError::Io(err)
    }
}
