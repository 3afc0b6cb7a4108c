//! Localized messages from a program's Fluent files (feature `fluent`).
//!
//! A code's `message` is English and stays so: it is the contract, and
//! consumers branch on the code, never on the words. For people, a program
//! ships one `.ftl` file (or several) per locale in which each code's
//! message is a [Fluent](https://projectfluent.org) message whose id is the
//! code and whose variables are the code's details:
//!
//! ```ftl
//! # locales/de/errors.ftl
//! LOCK_HELD = Die Sperre auf { $scope } hält Lauf { $holder }.
//! ```
//!
//! A Fluent id is `[a-zA-Z][a-zA-Z0-9_-]*`, so most codes (`LOCK_HELD`,
//! `title-required`) are their own id; [`message_id`] writes the others:
//! each `::` is `__`, each `.` is `-`, and a code that does not start with
//! a letter takes the prefix `code-` (`config::bad.name` is
//! `config__bad-name`, `404_NOT_FOUND` is `code-404_NOT_FOUND`).
//!
//! The files are embedded with `include_str!`, so the one binary carries
//! them, and read once into [`Messages`]. A run localizes its failure with
//! [`Runner::messages`](crate::Runner::messages), in the locale of the
//! environment ([`env_locale`]: `LC_ALL`, then `LC_MESSAGES`, then `LANG`);
//! a server picks the locale from the request. Where each surface puts the
//! localized message:
//!
//! | surface | where |
//! | --- | --- |
//! | text mode | the `error[CODE]:` line, instead of the English message |
//! | Sponson's envelope | `"localized_message": {"locale", "message"}` in the error object (a profile's `ErrorShape::localized_message` key; noggin's and firstdraft's shapes have none) |
//! | problem documents | the extension member `localized_message`, and `Content-Language` in axum ([`Error::to_localized_problem`](crate::Error)) |
//!
//! A locale without a message for the code, or a message that names a
//! detail the error does not carry, gives no localized message: the
//! English one stands alone. [`Messages::check`] (and the companion's
//! `check --locales DIR`) finds what would make that happen before it does.
//!
//! ```
//! use sponson_codes::profile::fluent::Messages;
//! use sponson_codes::{Error, ErrorCodes};
//!
//! #[derive(Debug, ErrorCodes)]
//! enum Code {
//!     #[code(exit = 3, doc = "Another run holds the lock.")]
//!     LockHeld {
//!         #[code(detail)]
//!         scope: String,
//!     },
//!     #[code(exit = 1, doc = "An unexpected error.", fallback)]
//!     Internal,
//! }
//!
//! let messages = Messages::new()
//!     .with_locale("de", "locales/de/errors.ftl", "LOCK_HELD = Die Sperre auf { $scope } ist belegt.\n")
//!     .unwrap();
//! let error = Error::new(Code::LockHeld { scope: "prod".into() }, "the lock on prod is held");
//! let localized = messages.localize(&error, "de-DE").unwrap();
//! assert_eq!((localized.locale.as_str(), localized.message.as_str()), ("de", "Die Sperre auf prod ist belegt."));
//! ```

use core::fmt;
use std::path::Path;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use fluent_syntax::ast;
use serde_json::{Map, Value};
use unic_langid::LanguageIdentifier;

use crate::code::ErrorCode;
use crate::document::localized::LocalizedMessage;
use crate::document::outcome::Outcome;
use crate::error::Error;

/// A program's messages in every locale it ships: one Fluent bundle per
/// locale, read from its `.ftl` files.
pub struct Messages {
    locales: Vec<Locale>,
}

struct Locale {
    id: LanguageIdentifier,
    /// The locale as written in documents, such as `de-DE`.
    tag: String,
    bundle: FluentBundle<FluentResource>,
    /// The files read, in order: where the checks point.
    files: Vec<String>,
    /// Each message: its id, its file and line, and the variables it names.
    entries: Vec<Entry>,
}

struct Entry {
    id: String,
    file: String,
    line: usize,
    variables: Vec<String>,
    /// The message as its file writes it, its lines joined by spaces.
    text: String,
}

impl fmt::Debug for Messages {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Messages")
            .field("locales", &self.locales())
            .finish()
    }
}

impl Default for Messages {
    fn default() -> Self {
        Messages::new()
    }
}

/// Why a Fluent file could not be read: its name and, where the fault is
/// in its text, the line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LocaleError {
    file: String,
    line: Option<usize>,
    message: String,
}

impl LocaleError {
    /// The file, as the program named it.
    pub fn file(&self) -> &str {
        &self.file
    }

    /// The line of the fault, counted from 1, when it is in the text.
    pub fn line(&self) -> Option<usize> {
        self.line
    }
}

impl fmt::Display for LocaleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "{}:{line}: {}", self.file, self.message),
            None => write!(f, "{}: {}", self.file, self.message),
        }
    }
}

impl std::error::Error for LocaleError {}

/// A code the checks expect a message for, and its details' names when
/// they are known (`None`: only whether a message exists is checked).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CodeMessages<'a> {
    /// The code string.
    pub code: &'a str,
    /// The names of the code's details, the variables its message may name.
    pub details: Option<&'a [&'a str]>,
}

impl<'a> CodeMessages<'a> {
    /// The code `code`, with the details `details` when known.
    ///
    /// ```
    /// use sponson_codes::profile::fluent::{CodeMessages, Messages};
    ///
    /// let messages = Messages::new().with_locale("de", "de.ftl", "LOCK_HELD = { $run }").unwrap();
    /// let problems = messages.check(&[CodeMessages::new("LOCK_HELD", Some(&["scope"]))]);
    /// assert_eq!(problems.len(), 1);
    /// ```
    pub fn new(code: &'a str, details: Option<&'a [&'a str]>) -> Self {
        CodeMessages { code, details }
    }
}

/// The Fluent message id of `code`: the code itself when it is a Fluent
/// identifier; else each `::` is `__`, each `.` is `-`, and a code that does
/// not start with a letter takes the prefix `code-`. The derive's
/// `#[codes(locales = "...")]` check maps codes to ids by the same rule
/// (sponson-codes-derive's `locales::message_id`): change both together.
///
/// ```
/// use sponson_codes::profile::fluent::message_id;
///
/// assert_eq!(message_id("LOCK_HELD"), "LOCK_HELD");
/// assert_eq!(message_id("config::bad.name"), "config__bad-name");
/// ```
pub fn message_id(code: &str) -> String {
    let id = code.replace("::", "__").replace('.', "-");
    match id.starts_with(|c: char| c.is_ascii_alphabetic()) {
        true => id,
        false => format!("code-{id}"),
    }
}

/// The locale of the environment, as a BCP 47 tag: the first of `LC_ALL`,
/// `LC_MESSAGES` and `LANG` that is set and not empty (see [`locale_of`]);
/// `None` for `C`, `POSIX` or none set, which mean English.
///
/// ```
/// // `LANG=de_DE.UTF-8` gives `Some("de-DE")`; unset, `C` or `POSIX`, `None`.
/// let locale: Option<String> = sponson_codes::profile::fluent::env_locale();
/// # let _ = locale;
/// ```
pub fn env_locale() -> Option<String> {
    let var = |name| std::env::var(name).ok();
    locale_of(
        var("LC_ALL").as_deref(),
        var("LC_MESSAGES").as_deref(),
        var("LANG").as_deref(),
    )
}

/// The locale the values of `LC_ALL`, `LC_MESSAGES` and `LANG` name, the
/// first that is set and not empty winning, as a BCP 47 tag: `de_DE.UTF-8`
/// is `de-DE` (the codeset and any `@modifier` dropped). `C` and `POSIX`
/// (with any codeset) mean English, and a value that names no locale means
/// none: `None`.
///
/// ```
/// use sponson_codes::profile::fluent::locale_of;
///
/// assert_eq!(locale_of(None, None, Some("de_DE.UTF-8")).as_deref(), Some("de-DE"));
/// assert_eq!(locale_of(Some("C.UTF-8"), None, Some("de_DE.UTF-8")), None);
/// ```
pub fn locale_of(
    lc_all: Option<&str>,
    lc_messages: Option<&str>,
    lang: Option<&str>,
) -> Option<String> {
    let value = [lc_all, lc_messages, lang]
        .into_iter()
        .flatten()
        .find(|value| !value.is_empty())?;
    let name = value.split(['.', '@']).next().unwrap_or_default();
    if matches!(name, "C" | "POSIX") {
        return None;
    }
    let id: LanguageIdentifier = name.replace('_', "-").parse().ok()?;
    (!id.language.is_empty()).then(|| id.to_string())
}

impl Messages {
    /// No locales yet.
    ///
    /// ```
    /// assert!(sponson_codes::profile::fluent::Messages::new().locales().is_empty());
    /// ```
    pub fn new() -> Self {
        Messages {
            locales: Vec::new(),
        }
    }

    /// These messages with the Fluent file `file` (its name, for errors)
    /// whose text is `source` in `locale` (a BCP 47 tag such as `de` or
    /// `de-DE`); a second file of the same locale adds to it. Refused, with
    /// the file and line: text that does not parse, a message defined twice
    /// in one locale, a locale that is not a language tag.
    ///
    /// ```
    /// use sponson_codes::profile::fluent::Messages;
    ///
    /// let err = Messages::new()
    ///     .with_locale("de", "locales/de/errors.ftl", "LOCK_HELD = { $\n")
    ///     .unwrap_err();
    /// assert_eq!((err.file(), err.line()), ("locales/de/errors.ftl", Some(1)));
    /// ```
    pub fn with_locale(
        mut self,
        locale: &str,
        file: &str,
        source: &str,
    ) -> Result<Self, LocaleError> {
        let error = |line, message: String| LocaleError {
            file: file.to_owned(),
            line,
            message,
        };
        let id: LanguageIdentifier = locale.parse().map_err(|_| {
            error(
                None,
                format!("`{locale}` is not a locale (a language tag such as `de` or `de-DE`)"),
            )
        })?;
        let resource = match FluentResource::try_new(source.to_owned()) {
            Ok(resource) => resource,
            Err((_, errors)) => {
                let first = &errors[0];
                return Err(error(
                    Some(line_at(source, first.pos.start)),
                    format!("not valid Fluent: {}", first.kind),
                ));
            }
        };
        let entries = entries(&resource, file, source);
        let index = match self.locales.iter().position(|l| l.id == id) {
            Some(index) => index,
            None => {
                let mut bundle = FluentBundle::new_concurrent(vec![id.clone()]);
                // Terminals and JSON show the isolation marks as they are.
                bundle.set_use_isolating(false);
                self.locales.push(Locale {
                    tag: id.to_string(),
                    id,
                    bundle,
                    files: Vec::new(),
                    entries: Vec::new(),
                });
                self.locales.len() - 1
            }
        };
        let target = &mut self.locales[index];
        if let Some(twice) = entries
            .iter()
            .find(|e| target.entries.iter().any(|known| known.id == e.id))
        {
            return Err(error(
                Some(twice.line),
                format!(
                    "the message `{}` is defined twice in locale {}",
                    twice.id, target.tag
                ),
            ));
        }
        if let Err(errors) = target.bundle.add_resource(resource) {
            return Err(error(None, format!("{errors:?}")));
        }
        target.files.push(file.to_owned());
        target.entries.extend(entries);
        Ok(self)
    }

    /// The messages of the directory `dir`: one directory per locale, named
    /// by its tag, holding that locale's `.ftl` files
    /// (`locales/de/errors.ftl`), each read as [`with_locale`](Messages::with_locale)
    /// reads it. For the checks, which read what a program embeds.
    ///
    /// ```
    /// use sponson_codes::profile::fluent::Messages;
    ///
    /// let dir = std::env::temp_dir().join(format!("sponson-fluent-doc-{}", std::process::id()));
    /// std::fs::create_dir_all(dir.join("de-AT")).unwrap();
    /// std::fs::write(dir.join("de-AT/errors.ftl"), "INTERNAL = Ein Fehler.\n").unwrap();
    /// assert_eq!(Messages::from_dir(&dir).unwrap().locales(), ["de-AT"]);
    /// std::fs::remove_dir_all(&dir).unwrap();
    /// ```
    pub fn from_dir(dir: impl AsRef<Path>) -> Result<Self, LocaleError> {
        let dir = dir.as_ref();
        let io = |path: &Path, err: std::io::Error| LocaleError {
            file: path.display().to_string(),
            line: None,
            message: err.to_string(),
        };
        let mut locales: Vec<_> = std::fs::read_dir(dir)
            .map_err(|err| io(dir, err))?
            .filter_map(Result::ok)
            .map(|entry| entry.path())
            .filter(|path| path.is_dir())
            .collect();
        locales.sort();
        let mut messages = Messages::new();
        for locale_dir in locales {
            let locale = locale_dir
                .file_name()
                .map(|name| name.to_string_lossy().into_owned())
                .unwrap_or_default();
            let mut files: Vec<_> = std::fs::read_dir(&locale_dir)
                .map_err(|err| io(&locale_dir, err))?
                .filter_map(Result::ok)
                .map(|entry| entry.path())
                .filter(|path| path.extension().is_some_and(|ext| ext == "ftl"))
                .collect();
            files.sort();
            for file in files {
                let source = std::fs::read_to_string(&file).map_err(|err| io(&file, err))?;
                messages = messages.with_locale(&locale, &file.display().to_string(), &source)?;
            }
        }
        Ok(messages)
    }

    /// The message of `code` in the shipped locale `locale` (its tag, as
    /// [`locales`](Messages::locales) lists it) as its file writes it,
    /// placeables and all (`{ $scope }`), its lines joined by spaces: what
    /// the docs show of each locale.
    ///
    /// ```
    /// use sponson_codes::profile::fluent::Messages;
    ///
    /// let messages = Messages::new()
    ///     .with_locale("de", "de.ftl", "LOCK_HELD =\n    Die Sperre auf { $scope }\n    ist belegt.\n")
    ///     .unwrap();
    /// assert_eq!(messages.text("de", "LOCK_HELD"), Some("Die Sperre auf { $scope } ist belegt."));
    /// assert_eq!(messages.text("de", "INTERNAL"), None);
    /// ```
    pub fn text(&self, locale: &str, code: &str) -> Option<&str> {
        let id = message_id(code);
        let locale = self.locales.iter().find(|l| l.tag == locale)?;
        let entry = locale.entries.iter().find(|e| e.id == id)?;
        Some(&entry.text)
    }

    /// The locales, in the order they were added.
    ///
    /// ```
    /// use sponson_codes::profile::fluent::Messages;
    ///
    /// let messages = Messages::new()
    ///     .with_locale("de", "de.ftl", "").unwrap()
    ///     .with_locale("en-gb", "en.ftl", "").unwrap();
    /// assert_eq!(messages.locales(), ["de", "en-GB"]);
    /// ```
    pub fn locales(&self) -> Vec<&str> {
        self.locales.iter().map(|l| l.tag.as_str()).collect()
    }

    /// The shipped locale that serves `wanted`: the same tag (whatever the
    /// case), else the same language, its bare tag first (`de-DE` is served
    /// by `de`, then by `de-AT`); `None` when no locale speaks it.
    ///
    /// ```
    /// use sponson_codes::profile::fluent::Messages;
    ///
    /// let messages = Messages::new()
    ///     .with_locale("de-AT", "at.ftl", "").unwrap()
    ///     .with_locale("de", "de.ftl", "").unwrap();
    /// assert_eq!(messages.negotiate("de-AT"), Some("de-AT"));
    /// assert_eq!(messages.negotiate("de-DE"), Some("de"));
    /// assert_eq!(messages.negotiate("fr"), None);
    /// ```
    pub fn negotiate(&self, wanted: &str) -> Option<&str> {
        let wanted: LanguageIdentifier = wanted.parse().ok()?;
        let same_language = |l: &&Locale| l.id.language == wanted.language;
        self.locales
            .iter()
            .find(|l| l.id == wanted)
            .or_else(|| {
                self.locales
                    .iter()
                    .filter(same_language)
                    .find(|l| l.id.region.is_none() && l.id.script.is_none())
            })
            .or_else(|| self.locales.iter().find(same_language))
            .map(|l| l.tag.as_str())
    }

    /// `error`'s message in the shipped locale that serves `locale` (see
    /// [`negotiate`](Messages::negotiate)), its details the variables; `None`
    /// when no locale serves it, the locale has no message for the code, or
    /// the message names a detail the error does not carry.
    pub fn localize<C: ErrorCode>(
        &self,
        error: &Error<C>,
        locale: &str,
    ) -> Option<LocalizedMessage> {
        self.message(locale, error.code(), error.details().as_map())
    }

    /// `outcome` with its failure's message in the locale that serves
    /// `locale`, when there is one (see
    /// [`Outcome::with_localized_message`]); a success, or no locale, as it is.
    ///
    /// ```
    /// use sponson_codes::profile::fluent::Messages;
    /// use sponson_codes::{Error, ErrorCodes, Outcome};
    ///
    /// #[derive(Debug, ErrorCodes)]
    /// enum Code {
    ///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
    ///     Internal,
    /// }
    ///
    /// let messages = Messages::new().with_locale("de", "de.ftl", "INTERNAL = Ein Fehler.").unwrap();
    /// let failed: Result<(), _> = Err(Error::<Code>::fallback("boom"));
    /// let outcome = messages.localize_outcome(Outcome::new("run", &failed), Some("de-CH"));
    /// assert_eq!(outcome.localized_message().unwrap().message, "Ein Fehler.");
    /// ```
    pub fn localize_outcome(&self, outcome: Outcome, locale: Option<&str>) -> Outcome {
        let localized = match (outcome.failure_parts(), locale) {
            (Some((code, details)), Some(locale)) => self.message(locale, code, details),
            _ => None,
        };
        match localized {
            Some(localized) => outcome.with_localized_message(localized),
            None => outcome,
        }
    }

    /// The message of the code `code` with `details` in the locale that
    /// serves `locale`: the one place a message is formatted.
    ///
    /// ```
    /// use sponson_codes::profile::fluent::Messages;
    ///
    /// let messages = Messages::new().with_locale("de", "de.ftl", "LOCK_HELD = { $scope } ist belegt.").unwrap();
    /// let details = serde_json::json!({"scope": "prod"});
    /// let message = messages.message("de", "LOCK_HELD", details.as_object().unwrap()).unwrap();
    /// assert_eq!(message.message, "prod ist belegt.");
    /// // A detail the message names but the error does not carry: none.
    /// assert_eq!(messages.message("de", "LOCK_HELD", &Default::default()), None);
    /// ```
    pub fn message(
        &self,
        locale: &str,
        code: &str,
        details: &Map<String, Value>,
    ) -> Option<LocalizedMessage> {
        let tag = self.negotiate(locale)?;
        let locale = self.locales.iter().find(|l| l.tag == tag)?;
        let message = locale.bundle.get_message(&message_id(code))?;
        let pattern = message.value()?;
        let mut args = FluentArgs::new();
        for (name, value) in details {
            args.set(name.clone(), argument(value));
        }
        let mut errors = Vec::new();
        let text = locale
            .bundle
            .format_pattern(pattern, Some(&args), &mut errors);
        errors
            .is_empty()
            .then(|| LocalizedMessage::new(tag, text.into_owned()))
    }

    /// What is wrong with these messages for the live error codes of
    /// `enums` (retired codes and warnings need no message), each code's
    /// details its [`CodeInfo::details`](crate::CodeInfo::details): see
    /// [`check`](Messages::check). The companion's `check --locales DIR`
    /// and [`testing::assert_locales`](crate::testing) run it.
    ///
    /// ```
    /// use sponson_codes::profile::fluent::Messages;
    /// use sponson_codes::{ErrorCode, ErrorCodes};
    ///
    /// #[derive(ErrorCodes)]
    /// enum Code {
    ///     #[code(exit = 3, doc = "Another run holds the lock.")]
    ///     LockHeld {
    ///         #[code(detail)]
    ///         scope: String,
    ///     },
    ///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
    ///     Internal,
    /// }
    ///
    /// let messages = Messages::new()
    ///     .with_locale("de", "de.ftl", "LOCK_HELD = { $scope } ist belegt, { $holder }.\n")
    ///     .unwrap();
    /// assert_eq!(
    ///     messages.check_enums(&[Code::ENUM]),
    ///     [
    ///         "de.ftl:1: the message for LOCK_HELD names `$holder`, which is not a detail of LOCK_HELD (its details: scope)",
    ///         "de.ftl: no message for code INTERNAL (Fluent id `INTERNAL`) in locale de",
    ///     ]
    /// );
    /// ```
    pub fn check_enums(&self, enums: &[&crate::code::EnumInfo]) -> Vec<String> {
        let codes: Vec<CodeMessages<'_>> = enums
            .iter()
            .filter(|e| !e.is_warnings())
            .flat_map(|e| e.table.iter())
            .filter(|info| info.retired.is_none())
            .map(|info| CodeMessages::new(info.code, Some(info.details)))
            .collect();
        self.check(&codes)
    }

    /// What is wrong with these messages for `codes`, one line each naming
    /// the file (and line): a code without a message in a locale, a message
    /// that names a variable which is not one of its code's details, two
    /// codes with one Fluent id. Empty when all is well.
    pub fn check(&self, codes: &[CodeMessages<'_>]) -> Vec<String> {
        let mut problems = Vec::new();
        for (i, code) in codes.iter().enumerate() {
            let id = message_id(code.code);
            if let Some(other) = codes[..i].iter().find(|c| message_id(c.code) == id) {
                problems.push(format!(
                    "codes {} and {} have the same Fluent id `{id}`",
                    other.code, code.code
                ));
            }
        }
        for locale in &self.locales {
            for code in codes {
                let id = message_id(code.code);
                let Some(entry) = locale.entries.iter().find(|e| e.id == id) else {
                    problems.push(format!(
                        "{}: no message for code {} (Fluent id `{id}`) in locale {}",
                        locale.files.first().map_or("", String::as_str),
                        code.code,
                        locale.tag
                    ));
                    continue;
                };
                let Some(details) = code.details else {
                    continue;
                };
                for variable in &entry.variables {
                    if !details.contains(&variable.as_str()) {
                        problems.push(format!(
                            "{}:{}: the message for {} names `${variable}`, which is not a detail of {} (its details: {})",
                            entry.file,
                            entry.line,
                            code.code,
                            code.code,
                            match details.is_empty() {
                                true => "none".to_owned(),
                                false => details.join(", "),
                            }
                        ));
                    }
                }
            }
        }
        problems
    }
}

/// A detail as a Fluent argument: strings and numbers as they are, any
/// other value as its JSON text.
fn argument(value: &Value) -> FluentValue<'static> {
    match value {
        Value::String(text) => FluentValue::from(text.clone()),
        Value::Number(n) => match (n.as_i64(), n.as_f64()) {
            (Some(n), _) => FluentValue::from(n),
            (None, Some(n)) => FluentValue::from(n),
            (None, None) => FluentValue::from(n.to_string()),
        },
        other => FluentValue::from(other.to_string()),
    }
}

/// The line of the byte offset `at` in `source`, counted from 1; a fault
/// found at the end of the text (an entry left open) is on its last line
/// of text.
fn line_at(source: &str, at: usize) -> usize {
    let at = at.min(source.trim_end().len());
    source.as_bytes()[..at]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// Each message of `resource`: its id, line and the variables it names.
fn entries(resource: &FluentResource, file: &str, source: &str) -> Vec<Entry> {
    resource
        .entries()
        .filter_map(|entry| match entry {
            ast::Entry::Message(message) => Some(message),
            _ => None,
        })
        .map(|message| {
            let id = message.id.name;
            let mut variables = Vec::new();
            if let Some(pattern) = &message.value {
                pattern_variables(pattern, &mut variables);
            }
            for attribute in &message.attributes {
                pattern_variables(&attribute.value, &mut variables);
            }
            let line = definition_line(source, id);
            Entry {
                id: id.to_owned(),
                file: file.to_owned(),
                line,
                variables,
                text: source_text(source, line),
            }
        })
        .collect()
}

/// The line where the message `id` is defined: a line that starts with
/// the id and then `=`.
fn definition_line(source: &str, id: &str) -> usize {
    source
        .lines()
        .position(|line| {
            line.strip_prefix(id)
                .is_some_and(|rest| rest.trim_start().starts_with('='))
        })
        .map_or(1, |index| index + 1)
}

/// The value of the message defined on `line` as the file writes it: the
/// rest of that line after `=`, then its indented continuation lines (not
/// its attributes), joined by spaces.
fn source_text(source: &str, line: usize) -> String {
    let mut lines = source.lines().skip(line - 1);
    let first = lines
        .next()
        .and_then(|first| first.split_once('='))
        .map_or("", |(_, value)| value.trim());
    let rest = lines
        .take_while(|l| l.starts_with([' ', '\t']) && !l.trim_start().starts_with('.'))
        .map(str::trim)
        .filter(|l| !l.is_empty());
    std::iter::once(first)
        .chain(rest)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

fn pattern_variables(pattern: &ast::Pattern<&str>, out: &mut Vec<String>) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            expression_variables(expression, out);
        }
    }
}

fn expression_variables(expression: &ast::Expression<&str>, out: &mut Vec<String>) {
    match expression {
        ast::Expression::Select { selector, variants } => {
            inline_variables(selector, out);
            for variant in variants {
                pattern_variables(&variant.value, out);
            }
        }
        ast::Expression::Inline(inline) => inline_variables(inline, out),
    }
}

fn inline_variables(inline: &ast::InlineExpression<&str>, out: &mut Vec<String>) {
    match inline {
        ast::InlineExpression::VariableReference { id }
            if !out.iter().any(|known| known == id.name) =>
        {
            out.push(id.name.to_owned())
        }
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            for argument in &arguments.positional {
                inline_variables(argument, out);
            }
            for argument in &arguments.named {
                inline_variables(&argument.value, out);
            }
        }
        ast::InlineExpression::Placeable { expression } => expression_variables(expression, out),
        _ => {}
    }
}

#[cfg(test)]
#[path = "fluent_tests.rs"]
mod tests;
