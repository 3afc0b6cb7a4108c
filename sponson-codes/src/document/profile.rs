//! The shapes a document can take: [`Profile`], as data, and the three
//! built in. Public as [`crate::profile`], whose docs introduce them.

/// The keys of Sponson's envelope itself, which success data can never
/// take: `error` too, so that no reader can take a success for a failure,
/// and `warnings`, where warnings are written
/// ([`SPONSON`]`.reserved_data_keys()`).
pub const RESERVED_DATA_KEYS: [&str; 4] = ["ok", "command", "error", "warnings"];

/// How a document says whether the command succeeded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Status {
    /// A boolean under `key`: `true` exactly for success (Sponson's `ok`).
    Bool {
        /// The key, such as `ok`.
        key: &'static str,
    },
    /// A string under `key`: `ok` for success, `error` for failure (noggin's `status`).
    Text {
        /// The key, such as `status`.
        key: &'static str,
        /// The value for success.
        ok: &'static str,
        /// The value for failure.
        error: &'static str,
    },
    /// No status key: a failure is told by its code key (firstdraft, whose
    /// success prints no envelope; see [`Success::Bare`]).
    Absent,
}

/// The document's version: a key and the number a program sets (noggin's
/// `"envelopeVersion": 3`). Bump it when consumers must adapt; the lock
/// records it, and the compatibility check reports a shape change without a
/// bump as breaking.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Version {
    /// The key, such as `envelopeVersion`.
    pub key: &'static str,
    /// The version this program writes and the only one its readers accept.
    pub value: u32,
}

/// Where success data goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Data {
    /// Data that is a JSON object is flattened into the document; any other
    /// value goes under the given key; no data (`null`) adds nothing
    /// (Sponson: `"data"`).
    Flatten(&'static str),
    /// Data always goes under this key, `null` included (noggin: `"data"`).
    Nested(&'static str),
}

/// Where the error's fields go, and under which keys.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ErrorShape {
    /// `Some(key)`: an object under `key` (Sponson's and noggin's `error`);
    /// `None`: the error's fields are the document's own (firstdraft).
    pub nest: Option<&'static str>,
    /// The key of the code string.
    pub code: &'static str,
    /// The key of the message.
    pub message: &'static str,
    /// The key of the hint, absent when there is none; `None`: hints are not printed.
    pub hint: Option<&'static str>,
    /// The key of the exit code (noggin's `exitCode`); `None`: not printed.
    pub exit: Option<&'static str>,
    /// The key of whether the code is retryable, printed for codes that
    /// declare it (`#[code(retryable = ...)]`); `None`: not printed.
    pub retryable: Option<&'static str>,
    /// The key of the message in the reader's language, an object
    /// `{"locale", "message"}` written when the program localized the
    /// failure (feature `fluent`); `None`: not printed.
    pub localized_message: Option<&'static str>,
}

impl ErrorShape {
    /// An error object under `key`, with Sponson's field names:
    /// `{"code", "message", "hint"?, "retryable"?, "localized_message"?, ...details}`.
    pub const fn nested(key: &'static str) -> Self {
        ErrorShape {
            nest: Some(key),
            code: "code",
            message: "message",
            hint: Some("hint"),
            exit: None,
            retryable: Some("retryable"),
            localized_message: Some("localized_message"),
        }
    }

    /// The error's fields at the top of the document, with Sponson's field
    /// names until renamed.
    pub const fn top_level() -> Self {
        ErrorShape {
            nest: None,
            ..ErrorShape::nested("")
        }
    }

    /// The key of the code string.
    pub const fn code(mut self, key: &'static str) -> Self {
        self.code = key;
        self
    }

    /// The key of the message.
    pub const fn message(mut self, key: &'static str) -> Self {
        self.message = key;
        self
    }

    /// The key of the hint.
    pub const fn hint(mut self, key: &'static str) -> Self {
        self.hint = Some(key);
        self
    }

    /// Hints are not printed in the document (text mode still shows them).
    pub const fn no_hint(mut self) -> Self {
        self.hint = None;
        self
    }

    /// The key of the exit code.
    pub const fn exit(mut self, key: &'static str) -> Self {
        self.exit = Some(key);
        self
    }

    /// The key of whether the code is retryable.
    pub const fn retryable(mut self, key: &'static str) -> Self {
        self.retryable = Some(key);
        self
    }

    /// Whether a code is retryable is not printed (a shape fixed before
    /// codes declared it, such as noggin's and firstdraft's).
    pub const fn no_retryable(mut self) -> Self {
        self.retryable = None;
        self
    }

    /// The key of the localized message.
    pub const fn localized_message(mut self, key: &'static str) -> Self {
        self.localized_message = Some(key);
        self
    }

    /// A localized message is not printed (a shape fixed before messages
    /// were localized, such as noggin's and firstdraft's); text mode still
    /// shows it.
    pub const fn no_localized_message(mut self) -> Self {
        self.localized_message = None;
        self
    }
}

/// Which stream a document is printed on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Stream {
    /// Standard output.
    Stdout,
    /// Standard error.
    Stderr,
}

/// What success prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Success {
    /// An envelope on this stream.
    Envelope(Stream),
    /// No envelope: the data alone, as JSON, on this stream (nothing for
    /// `null` data). The program's own output (firstdraft).
    Bare(Stream),
}

/// How the JSON text is laid out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Layout {
    /// One line.
    Compact,
    /// Indented by two spaces, as `JSON.stringify(value, null, 2)`.
    Pretty,
}

/// The shape of a program's envelope: see the [module docs](crate::profile).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Profile {
    /// The profile's name, recorded in the lock.
    pub name: &'static str,
    /// How success is told from failure.
    pub status: Status,
    /// The version key and number, if the document carries one.
    pub version: Option<Version>,
    /// The key of the command's name, if printed.
    pub command: Option<&'static str>,
    /// Where success data goes.
    pub data: Data,
    /// Where the error goes.
    pub error: ErrorShape,
    /// The key of the warnings list, if warnings are printed in the document.
    pub warnings: Option<&'static str>,
    /// What success prints, and where.
    pub success: Success,
    /// Where a failure's document goes.
    pub failure: Stream,
    /// How the JSON is laid out.
    pub layout: Layout,
    /// Whether consumers are told to expect codes they do not know, as
    /// noggin's spec does ("Codes additions are non-breaking; treat unknown
    /// codes as fallback errors"). The lock then reports a code added to a
    /// command's, route's or tool's declared set as additive; otherwise a
    /// declared set is a closed promise, and widening it is breaking.
    pub open_codes: bool,
}

/// Sponson's envelope, the default: `{"ok": true, "command", ...data}` and
/// `{"ok": false, "command", "error": {"code", "message", "hint"?, ...details}}`,
/// one line on stdout, warnings under `warnings`.
pub const SPONSON: Profile = Profile::new("sponson").assert_valid();

/// noggin's envelope (version 3): `{"status": "ok", "envelopeVersion": 3,
/// "verb", "data"}` on stdout and `{"status": "error", "envelopeVersion": 3,
/// "verb", "error": {"code", "message", "exitCode"}}` on stderr, indented by
/// two spaces.
pub const NOGGIN: Profile = Profile::new("noggin")
    .status(Status::Text {
        key: "status",
        ok: "ok",
        error: "error",
    })
    .version("envelopeVersion", 3)
    .command("verb")
    .data(Data::Nested("data"))
    .error(
        ErrorShape::nested("error")
            .exit("exitCode")
            .no_retryable()
            .no_localized_message(),
    )
    .failure_to(Stream::Stderr)
    .layout(Layout::Pretty)
    .open_codes()
    .assert_valid();

/// firstdraft's failure object: `{"error": "<code>", "detail": "<message>",
/// ...details}` on stderr, indented by two spaces; success prints the
/// program's own output (its data) with no envelope.
pub const FIRSTDRAFT: Profile = Profile::new("firstdraft")
    .status(Status::Absent)
    .no_command()
    .error(
        ErrorShape::top_level()
            .code("error")
            .message("detail")
            .no_hint()
            .no_retryable()
            .no_localized_message(),
    )
    .no_warnings()
    .success(Success::Bare(Stream::Stdout))
    .failure_to(Stream::Stderr)
    .layout(Layout::Pretty)
    .assert_valid();

impl Default for Profile {
    fn default() -> Self {
        SPONSON
    }
}

impl Profile {
    /// Sponson's shape under another name: change what differs.
    pub const fn new(name: &'static str) -> Self {
        Profile {
            name,
            status: Status::Bool { key: "ok" },
            version: None,
            command: Some("command"),
            data: Data::Flatten("data"),
            error: ErrorShape::nested("error"),
            warnings: Some("warnings"),
            success: Success::Envelope(Stream::Stdout),
            failure: Stream::Stdout,
            layout: Layout::Compact,
            open_codes: false,
        }
    }

    /// Consumers are told to expect codes they do not know: see
    /// [`open_codes`](Profile::open_codes).
    pub const fn open_codes(mut self) -> Self {
        self.open_codes = true;
        self
    }

    /// How success is told from failure.
    pub const fn status(mut self, status: Status) -> Self {
        self.status = status;
        self
    }

    /// The version key and number.
    pub const fn version(mut self, key: &'static str, value: u32) -> Self {
        self.version = Some(Version { key, value });
        self
    }

    /// The key of the command's name.
    pub const fn command(mut self, key: &'static str) -> Self {
        self.command = Some(key);
        self
    }

    /// The command's name is not printed.
    pub const fn no_command(mut self) -> Self {
        self.command = None;
        self
    }

    /// Where success data goes.
    pub const fn data(mut self, data: Data) -> Self {
        self.data = data;
        self
    }

    /// Where the error goes.
    pub const fn error(mut self, error: ErrorShape) -> Self {
        self.error = error;
        self
    }

    /// The key of the warnings list.
    pub const fn warnings(mut self, key: &'static str) -> Self {
        self.warnings = Some(key);
        self
    }

    /// Warnings are not printed in the document (text mode still shows them).
    pub const fn no_warnings(mut self) -> Self {
        self.warnings = None;
        self
    }

    /// What success prints.
    pub const fn success(mut self, success: Success) -> Self {
        self.success = success;
        self
    }

    /// Where failures go.
    pub const fn failure_to(mut self, stream: Stream) -> Self {
        self.failure = stream;
        self
    }

    /// How the JSON is laid out.
    pub const fn layout(mut self, layout: Layout) -> Self {
        self.layout = layout;
        self
    }

    /// The profile, or a compile error (in a `const`) naming what is wrong:
    /// a key that is empty or used twice in one object, or an envelope whose
    /// success cannot be told from failure.
    pub const fn assert_valid(self) -> Self {
        if let Err(problem) = self.check() {
            panic!("{}", problem);
        }
        self
    }

    /// What is wrong with the profile, if anything (see [`assert_valid`](Profile::assert_valid)).
    ///
    /// ```
    /// use sponson_codes::profile::{ErrorShape, Profile};
    ///
    /// let bad = Profile::new("bad").error(ErrorShape::nested("error").message("code"));
    /// assert_eq!(bad.check(), Err("a profile uses the key `code` twice in one object"));
    /// ```
    pub const fn check(&self) -> Result<(), &'static str> {
        if matches!(self.status, Status::Absent) && matches!(self.success, Success::Envelope(_)) {
            return Err("a profile without a status key must print success bare (Success::Bare): an envelope could not be told from a failure");
        }
        if let Status::Text { ok, error, .. } = self.status {
            if str_eq(ok, error) {
                return Err("a profile's status values for success and failure must differ");
            }
        }
        // The document's own keys, and the error object's.
        let top = self.top_keys();
        let mut i = 0;
        while i < top.len {
            if top.keys[i].is_empty() {
                return Err("a profile has an empty key");
            }
            let mut j = i + 1;
            while j < top.len {
                if str_eq(top.keys[i], top.keys[j]) {
                    return Err(duplicate(top.keys[i]));
                }
                j += 1;
            }
            i += 1;
        }
        let inner = self.error_keys();
        let mut i = 0;
        while i < inner.len {
            if inner.keys[i].is_empty() {
                return Err("a profile has an empty key");
            }
            let mut j = i + 1;
            while j < inner.len {
                if str_eq(inner.keys[i], inner.keys[j]) {
                    return Err(duplicate(inner.keys[i]));
                }
                j += 1;
            }
            i += 1;
        }
        Ok(())
    }

    /// The keys the document itself writes (status, version, command,
    /// warnings, and the data or error key, or the error's own keys when
    /// they are at the top).
    const fn top_keys(&self) -> Keys {
        let mut keys = Keys::new();
        match self.status {
            Status::Bool { key } | Status::Text { key, .. } => keys.push(key),
            Status::Absent => {}
        }
        if let Some(version) = self.version {
            keys.push(version.key);
        }
        if let Some(key) = self.command {
            keys.push(key);
        }
        if let Some(key) = self.warnings {
            keys.push(key);
        }
        if let Success::Envelope(_) = self.success {
            match self.data {
                Data::Flatten(key) | Data::Nested(key) => keys.push(key),
            }
        }
        match self.error.nest {
            Some(key) => keys.push(key),
            None => keys.append(self.error_keys()),
        }
        keys
    }

    /// The keys of the error object's own fields.
    const fn error_keys(&self) -> Keys {
        let mut keys = Keys::new();
        keys.push(self.error.code);
        keys.push(self.error.message);
        if let Some(key) = self.error.hint {
            keys.push(key);
        }
        if let Some(key) = self.error.exit {
            keys.push(key);
        }
        if let Some(key) = self.error.retryable {
            keys.push(key);
        }
        if let Some(key) = self.error.localized_message {
            keys.push(key);
        }
        keys
    }

    /// The keys that flattened success data can never take (it reports the
    /// fallback code instead): the document's own keys (the warnings key
    /// too, whether or not warnings are attached, so the same data gets the
    /// same verdict), and the key a nested error goes under, so that no
    /// reader takes a success for a failure.
    ///
    /// ```
    /// use sponson_codes::profile::{NOGGIN, SPONSON};
    ///
    /// assert_eq!(SPONSON.reserved_data_keys(), ["ok", "command", "error", "warnings"]);
    /// assert!(NOGGIN.reserved_data_keys().is_empty()); // data is nested under `data`
    /// ```
    pub fn reserved_data_keys(&self) -> Vec<&'static str> {
        self.data_keys().as_slice().to_vec()
    }

    /// [`reserved_data_keys`](Profile::reserved_data_keys), without allocating.
    pub(crate) const fn data_keys(&self) -> Keys {
        let mut keys = Keys::new();
        if !matches!(self.data, Data::Flatten(_)) {
            return keys;
        }
        match self.status {
            Status::Bool { key } | Status::Text { key, .. } => keys.push(key),
            Status::Absent => {}
        }
        if let Some(version) = self.version {
            keys.push(version.key);
        }
        if let Some(key) = self.command {
            keys.push(key);
        }
        if let Some(key) = self.error.nest {
            keys.push(key);
        }
        if let Some(key) = self.warnings {
            keys.push(key);
        }
        keys
    }

    /// The keys that details can never take: the error object's own, and for
    /// an error at the top of the document, the document's too.
    ///
    /// ```
    /// use sponson_codes::profile::{FIRSTDRAFT, NOGGIN, SPONSON};
    ///
    /// assert_eq!(
    ///     SPONSON.reserved_detail_keys(),
    ///     ["code", "message", "hint", "retryable", "localized_message"]
    /// );
    /// assert_eq!(NOGGIN.reserved_detail_keys(), ["code", "message", "hint", "exitCode"]);
    /// assert_eq!(FIRSTDRAFT.reserved_detail_keys(), ["error", "detail"]);
    /// ```
    pub fn reserved_detail_keys(&self) -> Vec<&'static str> {
        self.detail_keys().as_slice().to_vec()
    }

    /// [`reserved_detail_keys`](Profile::reserved_detail_keys), without allocating.
    pub(crate) const fn detail_keys(&self) -> Keys {
        if self.error.nest.is_some() {
            self.error_keys()
        } else {
            self.top_keys()
        }
    }

    /// A canonical one-line description of the shape: the same text for the
    /// same shape, recorded in the lock to tell a shape change.
    ///
    /// ```
    /// use sponson_codes::profile::{FIRSTDRAFT, SPONSON};
    ///
    /// assert_eq!(
    ///     SPONSON.shape(),
    ///     "status=ok:bool; version=none; command=command; data=flatten:data; error=nested:error{code,message,hint?,retryable?,localized_message?}; warnings=warnings; success=envelope:stdout; failure=stdout; layout=compact"
    /// );
    /// assert_eq!(
    ///     FIRSTDRAFT.shape(),
    ///     "status=none; version=none; command=none; data=flatten:data; error=top{error,detail}; warnings=none; success=bare:stdout; failure=stderr; layout=pretty"
    /// );
    /// assert_eq!(
    ///     sponson_codes::profile::NOGGIN.shape(),
    ///     "status=status:ok/error; version=envelopeVersion; command=verb; data=nested:data; error=nested:error{code,message,hint?,exitCode}; warnings=warnings; success=envelope:stdout; failure=stderr; layout=pretty"
    /// );
    /// ```
    pub fn shape(&self) -> String {
        // Pieces pushed in order, not formatted: this runs in every
        // program's catalog export, and `format!` per part is kilobytes.
        let stream = |s: Stream| match s {
            Stream::Stdout => "stdout",
            Stream::Stderr => "stderr",
        };
        let mut out = String::with_capacity(192);
        out.push_str("status=");
        match self.status {
            Status::Bool { key } => out.extend([key, ":bool"]),
            Status::Text { key, ok, error } => out.extend([key, ":", ok, "/", error]),
            Status::Absent => out.push_str("none"),
        }
        out.extend([
            "; version=",
            self.version.map_or("none", |v| v.key),
            "; command=",
            self.command.unwrap_or("none"),
            "; data=",
        ]);
        match self.data {
            Data::Flatten(key) => out.extend(["flatten:", key]),
            Data::Nested(key) => out.extend(["nested:", key]),
        }
        out.push_str("; error=");
        match self.error.nest {
            Some(key) => out.extend(["nested:", key, "{"]),
            None => out.push_str("top{"),
        }
        out.extend([self.error.code, ",", self.error.message]);
        if let Some(hint) = self.error.hint {
            out.extend([",", hint, "?"]);
        }
        if let Some(exit) = self.error.exit {
            out.extend([",", exit]);
        }
        if let Some(retryable) = self.error.retryable {
            out.extend([",", retryable, "?"]);
        }
        if let Some(localized) = self.error.localized_message {
            out.extend([",", localized, "?"]);
        }
        out.extend([
            "}; warnings=",
            self.warnings.unwrap_or("none"),
            "; success=",
        ]);
        match self.success {
            Success::Envelope(s) => out.extend(["envelope:", stream(s)]),
            Success::Bare(s) => out.extend(["bare:", stream(s)]),
        }
        out.extend([
            "; failure=",
            stream(self.failure),
            "; layout=",
            match self.layout {
                Layout::Compact => "compact",
                Layout::Pretty => "pretty",
            },
        ]);
        out
    }
}

#[cfg(feature = "registry")]
use crate::json::tree::Tree;

/// The profile as data, and back: how the catalog hands the program's
/// profile to the companion, which prints its own output in it.
#[cfg(feature = "registry")]
impl Profile {
    /// What the catalog records of the profile: its name, version and
    /// shape (which the lock keeps), and its whole definition.
    pub(crate) fn record_tree(&self) -> Tree<'static> {
        let mut record = vec![("profile", Tree::from(self.name))];
        if let Some(version) = self.version {
            record.push(("version", Tree::from(u64::from(version.value))));
        }
        record.push(("shape", Tree::from(self.shape())));
        record.push(("definition", self.definition_tree()));
        Tree::Object(record)
    }

    /// [`record_tree`](Profile::record_tree) as a JSON value.
    #[cfg(feature = "testing")]
    pub(crate) fn record(&self) -> serde_json::Value {
        self.record_tree().to_value()
    }

    /// Every member of the profile, as JSON.
    #[cfg(all(test, feature = "testing"))]
    pub(crate) fn definition(&self) -> serde_json::Value {
        self.definition_tree().to_value()
    }

    /// Every member of the profile.
    fn definition_tree(&self) -> Tree<'static> {
        let stream = |s: Stream| match s {
            Stream::Stdout => "stdout",
            Stream::Stderr => "stderr",
        };
        let one =
            |key: &'static str, value: &'static str| Tree::Object(vec![(key, Tree::from(value))]);
        let status = match self.status {
            Status::Bool { key } => one("bool", key),
            Status::Text { key, ok, error } => Tree::Object(vec![
                ("text", Tree::from(key)),
                ("ok", Tree::from(ok)),
                ("error", Tree::from(error)),
            ]),
            Status::Absent => Tree::Null,
        };
        let data = match self.data {
            Data::Flatten(key) => one("flatten", key),
            Data::Nested(key) => one("nested", key),
        };
        let success = match self.success {
            Success::Envelope(s) => one("envelope", stream(s)),
            Success::Bare(s) => one("bare", stream(s)),
        };
        let version = self.version.map_or(Tree::Null, |v| {
            Tree::Object(vec![
                ("key", Tree::from(v.key)),
                ("value", Tree::from(u64::from(v.value))),
            ])
        });
        let error = &self.error;
        Tree::Object(vec![
            ("name", Tree::from(self.name)),
            ("status", status),
            ("version", version),
            ("command", Tree::from(self.command)),
            ("data", data),
            (
                "error",
                Tree::Object(vec![
                    ("nest", Tree::from(error.nest)),
                    ("code", Tree::from(error.code)),
                    ("message", Tree::from(error.message)),
                    ("hint", Tree::from(error.hint)),
                    ("exit", Tree::from(error.exit)),
                    ("retryable", Tree::from(error.retryable)),
                    ("localized_message", Tree::from(error.localized_message)),
                ]),
            ),
            ("warnings", Tree::from(self.warnings)),
            ("success", success),
            ("failure", Tree::from(stream(self.failure))),
            (
                "layout",
                Tree::from(match self.layout {
                    Layout::Compact => "compact",
                    Layout::Pretty => "pretty",
                }),
            ),
            ("open_codes", Tree::from(self.open_codes)),
        ])
    }

    /// The profile a [`definition`](Profile::definition) describes, checked
    /// as [`assert_valid`](Profile::assert_valid) checks a `const`. Its
    /// strings are leaked: a companion reads one profile per process.
    #[cfg(feature = "companion")]
    pub(crate) fn from_definition(value: &serde_json::Value) -> Result<&'static Profile, String> {
        fn text(value: &serde_json::Value, key: &str) -> Result<&'static str, String> {
            match value.get(key).and_then(serde_json::Value::as_str) {
                Some(text) => Ok(Box::leak(text.to_owned().into_boxed_str())),
                None => Err(format!("the profile's `{key}` must be a string")),
            }
        }
        fn optional(value: &serde_json::Value, key: &str) -> Result<Option<&'static str>, String> {
            match value.get(key) {
                None | Some(serde_json::Value::Null) => Ok(None),
                Some(_) => text(value, key).map(Some),
            }
        }
        fn stream(text: &str) -> Result<Stream, String> {
            match text {
                "stdout" => Ok(Stream::Stdout),
                "stderr" => Ok(Stream::Stderr),
                other => Err(format!("unknown stream `{other}`")),
            }
        }
        let status = match value.get("status") {
            Some(status @ serde_json::Value::Object(map)) if map.contains_key("bool") => {
                Status::Bool {
                    key: text(status, "bool")?,
                }
            }
            Some(status @ serde_json::Value::Object(_)) => Status::Text {
                key: text(status, "text")?,
                ok: text(status, "ok")?,
                error: text(status, "error")?,
            },
            _ => Status::Absent,
        };
        let version = match value.get("version") {
            Some(version @ serde_json::Value::Object(_)) => Some(Version {
                key: text(version, "key")?,
                value: version
                    .get("value")
                    .and_then(serde_json::Value::as_u64)
                    .and_then(|v| u32::try_from(v).ok())
                    .ok_or("the profile's version must be a number")?,
            }),
            _ => None,
        };
        let data = value.get("data").ok_or("the profile has no `data`")?;
        let data = match optional(data, "flatten")? {
            Some(key) => Data::Flatten(key),
            None => Data::Nested(text(data, "nested")?),
        };
        let error = value.get("error").ok_or("the profile has no `error`")?;
        let error = ErrorShape {
            nest: optional(error, "nest")?,
            code: text(error, "code")?,
            message: text(error, "message")?,
            hint: optional(error, "hint")?,
            exit: optional(error, "exit")?,
            retryable: optional(error, "retryable")?,
            localized_message: optional(error, "localized_message")?,
        };
        let success = value.get("success").ok_or("the profile has no `success`")?;
        let success = match optional(success, "envelope")? {
            Some(s) => Success::Envelope(stream(s)?),
            None => Success::Bare(stream(text(success, "bare")?)?),
        };
        let profile = Profile {
            name: text(value, "name")?,
            status,
            version,
            command: optional(value, "command")?,
            data,
            error,
            warnings: optional(value, "warnings")?,
            success,
            failure: stream(text(value, "failure")?)?,
            layout: match text(value, "layout")? {
                "compact" => Layout::Compact,
                "pretty" => Layout::Pretty,
                other => return Err(format!("unknown layout `{other}`")),
            },
            open_codes: value.get("open_codes").and_then(serde_json::Value::as_bool) == Some(true),
        };
        profile.check()?;
        Ok(Box::leak(Box::new(profile)))
    }
}

const fn duplicate(key: &str) -> &'static str {
    // A const fn cannot format: name the common mistakes, else say it plainly.
    match key.as_bytes() {
        b"code" => "a profile uses the key `code` twice in one object",
        b"message" => "a profile uses the key `message` twice in one object",
        b"error" => "a profile uses the key `error` twice in one object",
        b"data" => "a profile uses the key `data` twice in one object",
        _ => "a profile uses one key twice in one object; give each field its own key",
    }
}

use crate::code::const_str_eq as str_eq;

/// A fixed-size key list, so that the checks run in a `const` and the
/// writer checks a key without allocating.
#[derive(Clone, Copy)]
pub(crate) struct Keys {
    keys: [&'static str; 12],
    len: usize,
}

impl Keys {
    const fn new() -> Self {
        Keys {
            keys: [""; 12],
            len: 0,
        }
    }

    const fn push(&mut self, key: &'static str) {
        self.keys[self.len] = key;
        self.len += 1;
    }

    pub(crate) fn as_slice(&self) -> &[&'static str] {
        &self.keys[..self.len]
    }

    pub(crate) fn contains(&self, key: &str) -> bool {
        self.as_slice().contains(&key)
    }

    const fn append(&mut self, other: Keys) {
        let mut i = 0;
        while i < other.len {
            self.push(other.keys[i]);
            i += 1;
        }
    }
}
